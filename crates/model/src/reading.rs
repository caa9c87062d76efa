//! How a lifted task is read: the decisions that the validator, the grounder, the proof exporter,
//! the domain analysis and the counting verifier must all make the same way, made here once.
//!
//! - **The cost function.** A plan's cost is the increase of the 0-ary `total-cost` when the
//!   problem's `:metric` reads `total-cost` (IPC's `:action-costs`). Without such a metric every
//!   action costs 1, even where actions increase `total-cost`: Fast Downward's translator then
//!   writes `begin_metric 0` and searches with unit costs, and VAL reports the plan's length as
//!   its value. [`Task::ignores_action_costs`] says when that discards costs the domain defines, so
//!   that the user can be told (W0109).
//! - **Fluent and static predicates.** A predicate is fluent when some action adds or deletes it,
//!   when it is derived (its truth follows the state), or, in a task, when a timed initial literal
//!   changes it. Every other predicate is static: its atoms are those of `:init`, forever.
//! - **The conjunctive view of a condition.** [`Condition::literals`] gives the literals of a
//!   condition that is a conjunction of literals, and `None` for anything else, so that every
//!   stage that handles only conjunctions accepts and refuses the same conditions.

use crate::intern::Interner;
use crate::lifted::{Action, Condition, Domain, Expr, Function, FunctionId, Literal, Task};
use pddl::ast::AssignOp;

/// What a plan's cost counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Costs {
    /// The increase of this 0-ary `total-cost` function over the plan: the metric reads it.
    TotalCost(FunctionId),
    /// Every action costs 1: the plan's cost is its length.
    Unit,
}

impl Domain {
    /// The declared 0-ary `total-cost` function, if any.
    pub fn total_cost_function(&self) -> Option<FunctionId> {
        total_cost_function(&self.symbols, &self.functions)
    }

    /// Whether some action effect increases `total-cost` (the domain defines action costs).
    pub fn increases_total_cost(&self) -> bool {
        self.total_cost_function().is_some_and(|tc| increases(&self.actions, tc))
    }

    /// Per predicate: whether it is fluent in every task of the domain (added or deleted by some
    /// action, or derived). Timed initial literals are per task: see [`Task::fluent_predicates`].
    pub fn fluent_predicates(&self) -> Vec<bool> {
        let mut fluent: Vec<bool> = self.predicates.iter().map(|p| p.derived).collect();
        for e in self.actions.iter().flat_map(|a| &a.effects) {
            if let Literal::Add(atom) | Literal::Delete(atom) = &e.literal {
                fluent[atom.predicate.index()] = true;
            }
        }
        fluent
    }
}

impl Task {
    /// What a plan's cost counts: see the module documentation.
    pub fn costs(&self) -> Costs {
        match (self.domain.total_cost_function(), &self.metric) {
            (Some(tc), Some(m)) if reads_function(&m.expr, tc) => Costs::TotalCost(tc),
            _ => Costs::Unit,
        }
    }

    /// True when actions increase `total-cost` but the problem has no metric that reads it, so
    /// those costs are not counted (as in Fast Downward and VAL).
    pub fn ignores_action_costs(&self) -> bool {
        self.costs() == Costs::Unit && self.metric.is_none() && self.domain.increases_total_cost()
    }

    /// Per predicate: whether it is fluent in this task: fluent in the domain
    /// ([`Domain::fluent_predicates`]) or changed by a timed initial literal.
    pub fn fluent_predicates(&self) -> Vec<bool> {
        let mut fluent = self.domain.fluent_predicates();
        for t in &self.timed_literals {
            fluent[t.atom.predicate.index()] = true;
        }
        fluent
    }
}

pub(crate) fn total_cost_function(symbols: &Interner, functions: &[Function]) -> Option<FunctionId> {
    functions
        .iter()
        .position(|f| symbols.name(f.name) == "total-cost" && f.params.is_empty())
        .map(|i| FunctionId(i as u32))
}

/// Whether some effect of `actions` increases the function `tc`.
pub(crate) fn increases(actions: &[Action], tc: FunctionId) -> bool {
    actions
        .iter()
        .flat_map(|a| &a.effects)
        .any(|e| matches!(&e.literal, Literal::Assign(AssignOp::Increase, f, _) if f.function == tc))
}

/// Whether `e` reads the function `f`.
pub fn reads_function(e: &Expr, f: FunctionId) -> bool {
    match e {
        Expr::Fluent(fl) => fl.function == f,
        Expr::Binary(_, a, b) => reads_function(a, f) || reads_function(b, f),
        Expr::Negate(a) => reads_function(a, f),
        _ => false,
    }
}

impl Condition {
    /// The conjuncts of a condition: nested `and`s flattened, `True` dropped; any other condition
    /// is one conjunct. Always defined; see [`Condition::literals`] for the strict view.
    pub fn conjuncts(&self) -> Vec<&Condition> {
        let mut out = Vec::new();
        fn walk<'c>(c: &'c Condition, out: &mut Vec<&'c Condition>) {
            match c {
                Condition::True => {}
                Condition::And(cs) => cs.iter().for_each(|c| walk(c, out)),
                other => out.push(other),
            }
        }
        walk(self, &mut out);
        out
    }

    /// The conjunctive view: the literals (`Atom`, `Equal`, or `False`, the literal that never
    /// holds) of a condition that is a conjunction of literals, nested `and`s flattened and `True`
    /// dropped; `None` when the condition contains anything else (a disjunction, a quantifier, a
    /// numeric comparison, a timed or modal condition).
    pub fn literals(&self) -> Option<Vec<&Condition>> {
        let cs = self.conjuncts();
        cs.iter().all(|c| c.is_literal()).then_some(cs)
    }

    /// An atom, an equality (either sign), or `False`.
    pub fn is_literal(&self) -> bool {
        matches!(self, Condition::Atom { .. } | Condition::Equal { .. } | Condition::False)
    }

    /// A short name of the kind of condition, for messages that refuse it ("disjunctions").
    pub fn kind_name(&self) -> &'static str {
        match self {
            Condition::True | Condition::False => "constants",
            Condition::Atom { .. } => "atoms",
            Condition::Equal { .. } => "equalities",
            Condition::Compare(..) => "numeric comparisons",
            Condition::And(_) => "conjunctions",
            Condition::Or(_) => "disjunctions",
            Condition::Exists(..) => "existential conditions",
            Condition::Forall(..) => "universal conditions",
            Condition::Timed(..) => "timed conditions",
            Condition::Preference(..) => "preferences",
            Condition::Modal(..) => "trajectory constraints",
        }
    }

    /// The first conjunct that is not a literal, when [`Condition::literals`] is `None`.
    pub fn first_non_literal(&self) -> Option<&Condition> {
        self.conjuncts().into_iter().find(|c| !c.is_literal())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifted::{Arg, Atom, PredicateId, VarId};

    fn atom(p: u32) -> Condition {
        Condition::Atom { positive: true, atom: Atom { predicate: PredicateId(p), args: vec![Arg::Var(VarId(0))] } }
    }

    #[test]
    fn conjunctive_view() {
        let c = Condition::And(vec![atom(0), Condition::True, Condition::And(vec![atom(1), Condition::False])]);
        assert_eq!(c.literals().map(|l| l.len()), Some(3));
        assert_eq!(Condition::True.literals().map(|l| l.len()), Some(0));
        let d = Condition::And(vec![atom(0), Condition::Or(vec![atom(1), atom(2)])]);
        assert!(d.literals().is_none());
        assert_eq!(d.conjuncts().len(), 2);
        assert_eq!(d.first_non_literal().map(Condition::kind_name), Some("disjunctions"));
    }
}
