//! Domain classes of paper 002: delete-free, well-formed, conditional effects.
//!
//! Well-formed (paper 002, Sec. 2.2): in every reachable state, every effect of an applicable
//! action changes the state: each added atom is false and each deleted atom true before the
//! action. It is *proved* syntactically when, for every effect, the precondition (together with
//! the effect's own `when` condition) contains the opposite literal: `(not p)` for an add of `p`,
//! `p` for a delete of `p`, with the same arguments. Otherwise it is *checked* over the reachable
//! states of the given problems, and the first violation is the counterexample.
//!
//! The classes are defined for classical (STRIPS-like) domains only: a domain with numeric fluents
//! (beyond action costs, which do not decide validity), durative actions or derived predicates is
//! *not applicable*, with the reason, rather than put in a class the paper does not define for it.

use crate::explicit::Explicit;
use model::lifted::{Action, Condition, Domain, Literal, Task};
use pddl::ast::AssignOp;
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
    /// The domain is outside the classes (see [`Analysis::not_applicable`]).
    NotApplicable,
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
    /// Paper 002's classes are not defined for the domain (numeric, temporal or derived).
    NotApplicable,
}

impl Class {
    /// What paper 002's theory says about plan verification in this class: whether the valid-plan
    /// language is in C*-RASP (so transformers with absolute positions are expected to generalize
    /// to longer plans and more objects) or can encode a language known not to generalize.
    pub fn prediction(self) -> &'static str {
        match self {
            Class::DeleteFree | Class::WellFormed => {
                "in C*-RASP (C-RASP[Pos] with a fixed object set): counting adds minus deletes verifies \
                 exactly, and generalization to longer plans and more objects is expected"
            }
            Class::Strips => {
                "not shown delete-free or well-formed: unrestricted STRIPS can encode Flip-Flop, outside \
                 C*-RASP, so generalization to longer plans is not guaranteed"
            }
            Class::ConditionalEffects => {
                "conditional effects can encode PARITY, outside C*-RASP: generalization to longer plans \
                 is not expected"
            }
            Class::NotApplicable => "no prediction: paper 002's classes are defined for classical domains",
        }
    }
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
    /// Why the classes are not defined for the domain (`class` is then `not-applicable`):
    /// "numeric fluents (...)", "durative actions (...)", "derived predicates (...)".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_applicable: Option<String>,
    /// Plan verification by counting (net adds minus deletes per atom) is exact for this domain:
    /// delete-free or well-formed, without conditional effects.
    pub counting_exact: bool,
}

/// Why paper 002's classes are not defined for the domain, naming the first such construct.
/// Action costs (increases of `total-cost`) are allowed: they do not decide a plan's validity.
pub fn not_applicable(d: &Domain) -> Option<String> {
    if let Some(a) = d.actions.iter().find(|a| a.is_durative()) {
        return Some(format!("durative actions (temporal planning), here `{}`", d.name(a.name)));
    }
    if let Some(r) = d.derived.first() {
        return Some(format!("derived predicates, here `{}`", d.name(d.predicates[r.predicate.index()].name)));
    }
    let total_cost = d.total_cost_function();
    for a in &d.actions {
        let numeric_effect = a.effects.iter().find_map(|e| match &e.literal {
            Literal::Assign(AssignOp::Increase, f, _) if Some(f.function) == total_cost => None,
            Literal::Assign(_, f, _) => Some(d.name(d.functions[f.function.index()].name)),
            _ => None,
        });
        if let Some(f) = numeric_effect {
            return Some(format!("numeric fluents, here action `{}` changes `{f}`", d.name(a.name)));
        }
        let conditions = std::iter::once(&a.precondition).chain(a.effects.iter().map(|e| &e.condition));
        if conditions.into_iter().any(compares) {
            return Some(format!("numeric fluents, here a comparison in action `{}`", d.name(a.name)));
        }
    }
    None
}

/// Whether a condition contains a numeric comparison.
fn compares(c: &Condition) -> bool {
    match c {
        Condition::Compare(..) => true,
        Condition::And(cs) | Condition::Or(cs) | Condition::Modal(_, _, cs) => cs.iter().any(compares),
        Condition::Exists(_, c) | Condition::Forall(_, c) | Condition::Timed(_, c) | Condition::Preference(_, c) => {
            compares(c)
        }
        _ => false,
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
    let total_cost = d.total_cost_function();
    for a in &d.actions {
        // `model`'s conjuncts: the literal ones can prove an effect, the others are ignored.
        let known = a.precondition.conjuncts();
        for e in &a.effects {
            let mut local = known.clone();
            local.extend(e.condition.conjuncts());
            let covered = match &e.literal {
                Literal::Add(at) => {
                    local.iter().any(|c| matches!(c, Condition::Atom { positive: false, atom } if atom == at))
                }
                Literal::Delete(at) => {
                    local.iter().any(|c| matches!(c, Condition::Atom { positive: true, atom } if atom == at))
                }
                // Action costs do not change the state that validity depends on.
                Literal::Assign(AssignOp::Increase, f, _) if Some(f.function) == total_cost => true,
                // Other numeric effects are outside the classes (`not_applicable`).
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
    if let Some(reason) = not_applicable(domain) {
        return Ok(Analysis {
            domain: domain.name(domain.name).to_string(),
            delete_free,
            conditional_effects,
            well_formed: WellFormed::NotApplicable,
            unproved: Vec::new(),
            class: Class::NotApplicable,
            not_applicable: Some(reason),
            counting_exact: false,
        });
    }
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
        not_applicable: None,
        counting_exact: !conditional_effects && (delete_free || wf),
    })
}
