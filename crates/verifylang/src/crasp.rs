//! A small C-RASP / C*-RASP interpreter and the plan-verification programs of paper 002.
//!
//! A program is evaluated at a position `i` of a token sequence. Its operations are C-RASP's:
//! token tests, Boolean connectives, prefix counts `#[j <= i] P(j)` (here also the strict form
//! `j < i`, which is the count at `i` minus `P(i)`), integer sums of counts and comparisons of a
//! sum with a constant. C*-RASP adds the `Match` side condition of a count: positions `j` only count
//! when given object arguments at `j` equal given object arguments at `i` (the paper's predicate for
//! object-argument equality, which is what lets one program work for any number of objects). A
//! fact or action is read at the position of its last argument, its name and arguments at fixed
//! offsets before it.
//!
//! [`verification_program`] writes the program of paper 002 (App. A/B) for a delete-free or
//! well-formed domain: an atom holds before step `i` when `[in init] + #adds - #deletes` over the
//! steps before `i` is positive; a plan is valid when no step has a precondition that fails by the
//! counts and no goal fact fails. For other domains it answers [`NotExpressible`]: unrestricted
//! STRIPS can encode Flip-Flop and conditional effects PARITY, neither of which C*-RASP expresses.

use crate::tokens::{GOAL, INIT, PLAN};
use model::lifted::{Arg, Condition, Domain, Literal};
use std::fmt;

/// A value read at an evaluation position: the token `offset` places before it, or a constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ref {
    Back(usize),
    Const(String),
}

/// A Boolean operation at position `i`.
#[derive(Clone, Debug)]
pub enum Bool {
    True,
    /// The token at `i - offset` is `token` (false before the start).
    Tok {
        offset: usize,
        token: String,
    },
    /// Two references at `i` read the same token.
    Same(Ref, Ref),
    Not(Box<Bool>),
    And(Vec<Bool>),
    Or(Vec<Bool>),
    /// `sum(i) > c`.
    Greater(Count, i64),
}

/// An integer operation at position `i`.
#[derive(Clone, Debug)]
pub enum Count {
    /// `#[j <= i] pred(j) and for all (x, y) in matches: x at i == y at j` (C*-RASP's `Match`;
    /// with no matches, a C-RASP count). `strict` counts `j < i`.
    Prefix { pred: Box<Bool>, matches: Vec<(Ref, Ref)>, strict: bool },
    /// `sum of k * count`.
    Sum(Vec<(i64, Count)>),
}

/// Why a domain's verification language has no program here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotExpressible(pub String);

impl fmt::Display for NotExpressible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not expressible in C*-RASP: {}", self.0)
    }
}

fn read(r: &Ref, tokens: &[String], i: usize) -> Option<String> {
    match r {
        Ref::Back(o) => i.checked_sub(*o).map(|p| tokens[p].clone()),
        Ref::Const(c) => Some(c.clone()),
    }
}

fn read_str<'t>(r: &'t Ref, tokens: &'t [String], i: usize) -> Option<&'t str> {
    match r {
        Ref::Back(o) => i.checked_sub(*o).map(|p| tokens[p].as_str()),
        Ref::Const(c) => Some(c.as_str()),
    }
}

impl Bool {
    pub fn eval(&self, tokens: &[String], i: usize) -> bool {
        match self {
            Bool::True => true,
            Bool::Tok { offset, token } => i.checked_sub(*offset).is_some_and(|p| tokens[p] == *token),
            Bool::Same(a, b) => {
                let (x, y) = (read(a, tokens, i), read(b, tokens, i));
                x.is_some() && x == y
            }
            Bool::Not(b) => !b.eval(tokens, i),
            Bool::And(v) => v.iter().all(|b| b.eval(tokens, i)),
            Bool::Or(v) => v.iter().any(|b| b.eval(tokens, i)),
            Bool::Greater(c, k) => c.eval(tokens, i) > *k,
        }
    }
}

impl Count {
    pub fn eval(&self, tokens: &[String], i: usize) -> i64 {
        match self {
            Count::Prefix { pred, matches, strict } => {
                let here: Vec<Option<&str>> = matches.iter().map(|(x, _)| read_str(x, tokens, i)).collect();
                let end = if *strict { i } else { i + 1 };
                (0..end)
                    .filter(|&j| {
                        matches.iter().zip(&here).all(|((_, y), x)| x.is_some() && read_str(y, tokens, j) == *x)
                            && pred.eval(tokens, j)
                    })
                    .count() as i64
            }
            Count::Sum(v) => v.iter().map(|(k, c)| k * c.eval(tokens, i)).sum(),
        }
    }
}

/// A program: the Boolean operation whose value at the last position is the verdict.
#[derive(Clone, Debug)]
pub struct Program {
    pub domain: String,
    pub accept: Bool,
}

impl Program {
    /// The verdict (true = valid) on a sequence without its answer section.
    pub fn run<S: AsRef<str>>(&self, tokens: &[S]) -> bool {
        let owned: Vec<String> = tokens.iter().map(|t| t.as_ref().to_string()).collect();
        match owned.len() {
            0 => false,
            n => self.accept.eval(&owned, n - 1),
        }
    }

    /// Operations in the program (each node of the expression tree).
    pub fn size(&self) -> usize {
        fn b(x: &Bool) -> usize {
            1 + match x {
                Bool::Not(y) => b(y),
                Bool::And(v) | Bool::Or(v) => v.iter().map(b).sum(),
                Bool::Greater(c, _) => n(c),
                _ => 0,
            }
        }
        fn n(x: &Count) -> usize {
            1 + match x {
                Count::Prefix { pred, .. } => b(pred),
                Count::Sum(v) => v.iter().map(|(_, c)| n(c)).sum(),
            }
        }
        b(&self.accept)
    }
}

fn count(pred: Bool) -> Count {
    Count::Prefix { pred: Box::new(pred), matches: Vec::new(), strict: false }
}

fn tok(offset: usize, token: &str) -> Bool {
    Bool::Tok { offset, token: token.to_string() }
}

/// Position `i` lies after `open` and before `close` (by counting the section markers).
fn section(open: &str, close: &str) -> Bool {
    Bool::And(vec![Bool::Greater(count(tok(0, open)), 0), Bool::Not(Box::new(Bool::Greater(count(tok(0, close)), 0)))])
}

/// `i` is the last argument of a group `name` with `arity` arguments in a section.
fn group(name: &str, arity: usize, sec: &Bool) -> Bool {
    Bool::And(vec![tok(arity, name), sec.clone()])
}

/// The argument references of a schema's atom, read at the last argument of the schema's group.
fn refs(d: &Domain, args: &[Arg], arity: usize) -> Vec<Ref> {
    args.iter()
        .map(|a| match *a {
            Arg::Var(v) => Ref::Back(arity - 1 - v.index()),
            Arg::Object(o) => {
                Ref::Const(d.constants.get(o.index()).map(|c| d.name(c.name).to_string()).unwrap_or_default())
            }
        })
        .collect()
}

struct Builder<'d> {
    d: &'d Domain,
    init: Bool,
    plan: Bool,
}

impl Builder<'_> {
    /// `holds(p, at)`: `[in init] + #adds - #deletes` of the atom `p(at)` over the steps before `i`,
    /// positive.
    fn holds(&self, p: usize, at: &[Ref]) -> Result<Bool, NotExpressible> {
        let d = self.d;
        let pname = d.name(d.predicates[p].name);
        let parity = d.predicates[p].params.len();
        let mut terms = vec![(
            1,
            Count::Prefix {
                pred: Box::new(group(pname, parity, &self.init)),
                matches: at.iter().cloned().zip((0..parity).map(|m| Ref::Back(parity - 1 - m))).collect(),
                strict: true,
            },
        )];
        for b in &d.actions {
            let k = b.parameters;
            for e in &b.effects {
                if e.condition != Condition::True || !e.forall.is_empty() {
                    return Err(NotExpressible("conditional or universal effects (PARITY)".into()));
                }
                let (atom, sign) = match &e.literal {
                    Literal::Add(a) => (a, 1),
                    Literal::Delete(a) => (a, -1),
                    Literal::Assign(..) => return Err(NotExpressible("numeric effects".into())),
                };
                if atom.predicate.index() != p {
                    continue;
                }
                let theirs = refs(d, &atom.args, k);
                terms.push((
                    sign,
                    Count::Prefix {
                        pred: Box::new(group(d.name(b.name), k, &self.plan)),
                        matches: at.iter().cloned().zip(theirs).collect(),
                        strict: true,
                    },
                ));
            }
        }
        Ok(Bool::Greater(Count::Sum(terms), 0))
    }
}

/// The verification program of a delete-free or well-formed domain (its class decided from the
/// syntax, as `certplan analyze` does without problems).
pub fn verification_program(d: &Domain) -> Result<Program, NotExpressible> {
    let analysis = domains::analyze::analyze(d, &[]).map_err(NotExpressible)?;
    if let Some(why) = analysis.not_applicable {
        return Err(NotExpressible(format!("the domain has {why}")));
    }
    if analysis.conditional_effects {
        return Err(NotExpressible("the domain has conditional effects, which can encode PARITY".into()));
    }
    if !analysis.counting_exact {
        return Err(NotExpressible(
            "the domain is neither delete-free nor provably well-formed, so it can encode Flip-Flop".into(),
        ));
    }
    let b = Builder { d, init: section(INIT, PLAN), plan: section(PLAN, GOAL) };
    let goal = section(GOAL, crate::tokens::ANSWER);
    // A step is bad when its group ends at `i` and one of its precondition literals fails.
    let mut bad_steps = Vec::new();
    for a in &d.actions {
        let k = a.parameters;
        let pre = a
            .precondition
            .literals()
            .ok_or_else(|| NotExpressible("a precondition that is not a conjunction".into()))?;
        let mut checks = Vec::new();
        for c in pre {
            checks.push(match c {
                Condition::Atom { positive, atom } => {
                    let h = b.holds(atom.predicate.index(), &refs(d, &atom.args, k))?;
                    if *positive { h } else { Bool::Not(Box::new(h)) }
                }
                Condition::Equal { positive, left, right } => {
                    let r = refs(d, &[*left, *right], k);
                    let same = Bool::Same(r[0].clone(), r[1].clone());
                    if *positive { same } else { Bool::Not(Box::new(same)) }
                }
                _ => Bool::Not(Box::new(Bool::True)),
            });
        }
        bad_steps.push(Bool::And(vec![group(d.name(a.name), k, &b.plan), Bool::Not(Box::new(Bool::And(checks)))]));
    }
    let mut bad_goals = Vec::new();
    for (p, pred) in d.predicates.iter().enumerate() {
        let n = pred.params.len();
        let at: Vec<Ref> = (0..n).map(|m| Ref::Back(n - 1 - m)).collect();
        bad_goals.push(Bool::And(vec![group(d.name(pred.name), n, &goal), Bool::Not(Box::new(b.holds(p, &at)?))]));
    }
    let none = |v: Vec<Bool>| Bool::Not(Box::new(Bool::Greater(count(Bool::Or(v)), 0)));
    Ok(Program { domain: d.name(d.name).to_string(), accept: Bool::And(vec![none(bad_steps), none(bad_goals)]) })
}

impl fmt::Display for Ref {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ref::Back(0) => write!(f, "tok[.]"),
            Ref::Back(o) => write!(f, "tok[.-{o}]"),
            Ref::Const(c) => write!(f, "{c}"),
        }
    }
}

fn indent(f: &mut fmt::Formatter<'_>, depth: usize) -> fmt::Result {
    write!(f, "{:width$}", "", width = 2 * depth)
}

fn write_bool(b: &Bool, f: &mut fmt::Formatter<'_>, depth: usize) -> fmt::Result {
    indent(f, depth)?;
    match b {
        Bool::True => writeln!(f, "true"),
        Bool::Tok { offset: 0, token } => writeln!(f, "Q[{token}]"),
        Bool::Tok { offset, token } => writeln!(f, "Q[{token}] at .-{offset}"),
        Bool::Same(a, b) => writeln!(f, "{a} == {b}"),
        Bool::Not(x) => {
            writeln!(f, "not")?;
            write_bool(x, f, depth + 1)
        }
        Bool::And(v) | Bool::Or(v) => {
            writeln!(f, "{}", if matches!(b, Bool::And(_)) { "and" } else { "or" })?;
            v.iter().try_for_each(|x| write_bool(x, f, depth + 1))
        }
        Bool::Greater(c, k) => {
            writeln!(f, "> {k}")?;
            write_count(c, f, depth + 1)
        }
    }
}

fn write_count(c: &Count, f: &mut fmt::Formatter<'_>, depth: usize) -> fmt::Result {
    indent(f, depth)?;
    match c {
        Count::Prefix { pred, matches, strict } => {
            write!(f, "#[j {} .]", if *strict { "<" } else { "<=" })?;
            for (x, y) in matches {
                write!(f, " match({x} = {y}@j)")?;
            }
            writeln!(f)?;
            write_bool(pred, f, depth + 1)
        }
        Count::Sum(v) => {
            writeln!(f, "sum")?;
            for (k, x) in v {
                indent(f, depth + 1)?;
                writeln!(f, "{k:+} *")?;
                write_count(x, f, depth + 2)?;
            }
            Ok(())
        }
    }
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "; C*-RASP program: plan verification for domain {} (value at the last position)", self.domain)?;
        writeln!(f, "; Q[t] at .-k: the token k places back is t; #[j < .]: a prefix count; match: C*-RASP's Match")?;
        write_bool(&self.accept, f, 0)
    }
}
