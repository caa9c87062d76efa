//! The counting verifier of paper 002 (App. A/B): it reads only the token sequence (and knows the
//! domain's schemas, as the paper's C-RASP program does), and decides validity by counting: an
//! atom is taken to be true before step i when `[in init] + #adds - #deletes` over steps < i is
//! positive. Preconditions are checked against those counts before each action, goals at the end.
//!
//! For delete-free domains the count is positive exactly when the atom is true; for well-formed
//! domains every effect toggles its atom, so the count is exactly 0 or 1. In other STRIPS domains
//! an add of a true atom (or a delete of a false one) makes the count drift from the truth, and
//! the verifier can be wrong: that is the paper's point, and `tests/agreement.rs` shows it.

use crate::tokens::{ANSWER, GOAL, INIT, PLAN, VALID};
use model::lifted::{Arg, Condition, Domain, Literal};
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub valid: bool,
    /// 1-based step whose precondition failed by the counts.
    pub failing_step: Option<usize>,
}

/// Why the verifier cannot read a sequence or domain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable(pub String);

/// `model`'s conjunctive view; anything else cannot be counted.
fn conjuncts(c: &Condition) -> Result<Vec<&Condition>, Unreadable> {
    c.literals().ok_or_else(|| Unreadable("the counting verifier handles conjunctions of literals only".into()))
}

/// Splits a section into (name, args) groups by the arities `arity` knows.
fn groups<'t>(
    tokens: &'t [String],
    arity: &dyn Fn(&str) -> Option<usize>,
) -> Result<Vec<(&'t str, &'t [String])>, Unreadable> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let name = tokens[i].as_str();
        let k = arity(name).ok_or_else(|| Unreadable(format!("unknown token `{name}` at a name position")))?;
        let args = tokens.get(i + 1..i + 1 + k).ok_or_else(|| Unreadable(format!("`{name}` is cut short")))?;
        out.push((name, args));
        i += 1 + k;
    }
    Ok(out)
}

/// Verifies a token sequence (the answer section, if present, is ignored).
pub fn verify<S: AsRef<str>>(domain: &Domain, tokens: &[S]) -> Result<Verdict, Unreadable> {
    // The reference verifier favours plainness over speed: it works on owned strings.
    let owned: Vec<String> = tokens.iter().map(|t| t.as_ref().to_string()).collect();
    verify_strings(domain, &owned)
}

fn verify_strings(domain: &Domain, tokens: &[String]) -> Result<Verdict, Unreadable> {
    let pos = |t: &str| tokens.iter().position(|x| x == t).ok_or_else(|| Unreadable(format!("no `{t}` section")));
    let (i, p, g) = (pos(INIT)?, pos(PLAN)?, pos(GOAL)?);
    let end = tokens.iter().position(|x| x == ANSWER).unwrap_or(tokens.len());
    if !(i < p && p < g && g <= end) {
        return Err(Unreadable("sections out of order".into()));
    }
    let pred_arity = |n: &str| domain.predicates.iter().find(|x| domain.name(x.name) == n).map(|x| x.params.len());
    let action_arity = |n: &str| domain.actions.iter().find(|x| domain.name(x.name) == n).map(|x| x.parameters);
    let mut count: HashMap<(String, Vec<String>), i64> = HashMap::new();
    for (name, args) in groups(&tokens[i + 1..p], &pred_arity)? {
        *count.entry((name.to_string(), args.to_vec())).or_default() += 1;
    }
    let mut failing = None;
    for (step, (name, args)) in groups(&tokens[p + 1..g], &action_arity)?.into_iter().enumerate() {
        let Some(a) = domain.actions.iter().find(|x| domain.name(x.name) == name) else { continue };
        let token = |x: &Arg| -> String {
            match *x {
                Arg::Var(v) => args.get(v.index()).cloned().unwrap_or_default(),
                // Constants appear by name in the token sequence.
                Arg::Object(o) => {
                    domain.constants.get(o.index()).map(|c| domain.name(c.name).to_string()).unwrap_or_default()
                }
            }
        };
        let pre = conjuncts(&a.precondition)?;
        // `False` (a literal that never holds) falls to the last arm.
        let ok = pre.iter().all(|c| match c {
            Condition::Atom { positive, atom } => {
                let key = (
                    domain.name(domain.predicates[atom.predicate.index()].name).to_string(),
                    atom.args.iter().map(token).collect::<Vec<_>>(),
                );
                (count.get(&key).copied().unwrap_or(0) > 0) == *positive
            }
            Condition::Equal { positive, left, right } => (token(left) == token(right)) == *positive,
            _ => false,
        });
        if !ok && failing.is_none() {
            failing = Some(step + 1);
        }
        for e in &a.effects {
            if e.condition != Condition::True || !e.forall.is_empty() {
                return Err(Unreadable("conditional or universal effects cannot be counted".into()));
            }
            let (atom, delta) = match &e.literal {
                Literal::Add(at) => (at, 1),
                Literal::Delete(at) => (at, -1),
                Literal::Assign(..) => return Err(Unreadable("numeric effects cannot be counted".into())),
            };
            let key = (
                domain.name(domain.predicates[atom.predicate.index()].name).to_string(),
                atom.args.iter().map(token).collect(),
            );
            *count.entry(key).or_default() += delta;
        }
    }
    let goal_ok = groups(&tokens[g + 1..end], &pred_arity)?
        .into_iter()
        .all(|(n, args)| count.get(&(n.to_string(), args.to_vec())).copied().unwrap_or(0) > 0);
    Ok(Verdict { valid: failing.is_none() && goal_ok, failing_step: failing })
}

/// The answer token the verifier would write.
pub fn answer(v: &Verdict) -> &'static str {
    if v.valid { VALID } else { crate::tokens::INVALID }
}
