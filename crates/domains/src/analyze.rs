//! Domain classes of paper 002: delete-free, well-formed, conditional effects.
//!
//! Well-formed (paper 002, Sec. 2.2): in every reachable state, every effect of an applicable
//! action changes the state: each added atom is false and each deleted atom true before the
//! action. It is *proved* syntactically when, for every effect, the precondition (together with
//! the effect's own `when` condition) contains the opposite literal: `(not p)` for an add of `p`,
//! `p` for a delete of `p`, with the same arguments. Otherwise it is *checked* over the reachable
//! states of the given problems, and the first violation is the counterexample.

use crate::explicit::Explicit;
use model::lifted::{Action, Condition, Domain, Literal, Task};
use serde::Serialize;

/// The most states explored per problem when checking well-formedness semantically.
pub const MAX_STATES: usize = 200_000;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WellFormed {
    /// Every effect's opposite literal is in its action's precondition.
    Proved,
    /// Not proved from the syntax, and no problem was given to check it on.
    Unproved,
    /// Not proved from the syntax, but it held in every reachable state of every given problem
    /// (`complete` is false when some state space was cut at [`MAX_STATES`]).
    HoldsOnProblems { states: usize, complete: bool },
    /// A reachable state where an applicable action has an effect that changes nothing.
    Violated(Counterexample),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counterexample {
    /// Index of the problem among those given.
    pub problem: usize,
    /// The true atoms of the state.
    pub state: Vec<String>,
    pub action: String,
    /// `(add (painted item1 color1))`: the effect, and the atom already true (add) or already
    /// false (delete).
    pub effect: String,
}

/// An effect the syntactic proof could not cover.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unproved {
    pub action: String,
    pub effect: String,
}

/// The class paper 002 puts the domain in; the first that applies, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    ConditionalEffects,
    DeleteFree,
    WellFormed,
    Strips,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    pub domain: String,
    pub delete_free: bool,
    pub conditional_effects: bool,
    pub well_formed: WellFormed,
    /// The effects the syntactic proof did not cover (empty when proved).
    pub unproved: Vec<Unproved>,
    pub class: Class,
    /// Plan verification by counting (net adds minus deletes per atom) is exact for this domain:
    /// delete-free or well-formed, without conditional effects.
    pub counting_exact: bool,
}

fn conjuncts<'c>(c: &'c Condition, out: &mut Vec<&'c Condition>) {
    match c {
        Condition::And(cs) => cs.iter().for_each(|c| conjuncts(c, out)),
        other => out.push(other),
    }
}

fn effect_text(d: &Domain, a: &Action, lit: &Literal) -> String {
    let (kind, atom) = match lit {
        Literal::Add(at) => ("add", at),
        Literal::Delete(at) => ("delete", at),
        Literal::Assign(..) => return "(numeric update)".into(),
    };
    let mut s = format!("({kind} ({}", d.name(d.predicates[atom.predicate.index()].name));
    for x in &atom.args {
        s.push(' ');
        match x {
            model::lifted::Arg::Var(v) => s.push_str(&format!("?{}", d.name(a.variables[v.index()].name))),
            model::lifted::Arg::Object(o) => s.push_str(&format!("#{}", o.0)),
        }
    }
    s.push_str("))");
    s
}

/// The syntactic part: which effects are not covered by an opposite literal.
fn syntactic(d: &Domain) -> Vec<Unproved> {
    let mut out = Vec::new();
    for a in &d.actions {
        let mut known = Vec::new();
        conjuncts(&a.precondition, &mut known);
        for e in &a.effects {
            let mut local = known.clone();
            conjuncts(&e.condition, &mut local);
            let covered = match &e.literal {
                Literal::Add(at) => {
                    local.iter().any(|c| matches!(c, Condition::Atom { positive: false, atom } if atom == at))
                }
                Literal::Delete(at) => {
                    local.iter().any(|c| matches!(c, Condition::Atom { positive: true, atom } if atom == at))
                }
                // Numeric effects are outside the classes; they never count as proved.
                Literal::Assign(..) => false,
            };
            if !covered {
                out.push(Unproved { action: d.name(a.name).to_string(), effect: effect_text(d, a, &e.literal) });
            }
        }
    }
    out
}

/// Analyzes a domain; `problems` (tasks of that domain) are used only when well-formedness is not
/// proved syntactically. A problem the explicit view cannot enumerate is an error.
pub fn analyze(domain: &Domain, problems: &[Task]) -> Result<Analysis, String> {
    let delete_free = domain.actions.iter().all(|a| a.effects.iter().all(|e| !matches!(e.literal, Literal::Delete(_))));
    let conditional_effects = domain.actions.iter().any(|a| a.effects.iter().any(|e| e.condition != Condition::True));
    let unproved = syntactic(domain);
    let well_formed = if unproved.is_empty() {
        WellFormed::Proved
    } else if problems.is_empty() {
        WellFormed::Unproved
    } else {
        let mut total = 0;
        let mut complete = true;
        let mut verdict = None;
        'problems: for (pi, task) in problems.iter().enumerate() {
            let ex = Explicit::new(task).map_err(|e| format!("problem {}: {e}", pi + 1))?;
            let (states, full) = ex.reachable(MAX_STATES);
            complete &= full;
            total += states.len();
            for s in &states {
                for a in ex.actions.iter().filter(|a| ex.applicable(s, a)) {
                    for e in &a.effects {
                        if !e.condition.iter().all(|&l| Explicit::holds(s, l)) {
                            continue;
                        }
                        // An add of a true atom or a delete of a false one changes nothing.
                        if Explicit::holds(s, (e.atom, e.add)) {
                            verdict = Some(Counterexample {
                                problem: pi,
                                state: s.iter().map(|&x| ex.atom_text(x)).collect(),
                                action: ex.action_text(a),
                                effect: format!("({} {})", if e.add { "add" } else { "delete" }, ex.atom_text(e.atom)),
                            });
                            break 'problems;
                        }
                    }
                }
            }
        }
        match verdict {
            Some(c) => WellFormed::Violated(c),
            None => WellFormed::HoldsOnProblems { states: total, complete },
        }
    };
    let wf = matches!(well_formed, WellFormed::Proved | WellFormed::HoldsOnProblems { .. });
    let class = if conditional_effects {
        Class::ConditionalEffects
    } else if delete_free {
        Class::DeleteFree
    } else if wf {
        Class::WellFormed
    } else {
        Class::Strips
    };
    Ok(Analysis {
        domain: domain.name(domain.name).to_string(),
        delete_free,
        conditional_effects,
        well_formed,
        unproved,
        class,
        counting_exact: !conditional_effects && (delete_free || wf),
    })
}
