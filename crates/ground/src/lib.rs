//! Grounding: from the lifted task (`model::lifted::Task`) to a STRIPS-like ground task with
//! conditional effects and integer action costs.
//!
//! The pipeline, as in paper 001 (which follows Helmert 2009, "Concise finite-domain
//! representations for PDDL planning tasks"):
//!
//! 1. [`normalize`]: preconditions, effect conditions and the goal become disjunctive normal form
//!    over literals; `exists` variables become extra rule variables, `forall` in conditions is
//!    expanded over the typed objects; literals over static predicates (never changed by an
//!    action) and equalities between objects are decided on the spot.
//! 2. [`reach`]: relaxed reachability as a Datalog fixpoint: one rule per action variant and per
//!    conditional or universal add effect, evaluated semi-naively with per-argument indexes and a
//!    greedy join order, so only reachable atoms and operators are ever built. Static atoms are
//!    compiled away; duplicate operators are merged.
//! 3. [`prune`]: forward h2 mutexes (Alcázar & Torralba 2015, forward direction only) and
//!    relevance analysis backwards from the goal, each switchable.
//! 4. [`invariants`]: mutex groups proved from the atom names and the operators, for packing
//!    states where h2 found none.
//! 5. [`sas`]: Fast Downward's `output.sas` (translator format version 3), both ways.
//!
//! Anything outside the supported fragment is refused with a [`Refusal`] naming the construct.
//!
//! Derived predicates (`:derived`) are grounded with the actions: each rule's body is normalized
//! like a precondition, its head is one more relaxed-reachability rule, and the reachable
//! instances become ground [`Axiom`]s, stratified by negation into layers as Fast Downward's
//! translator does (a cycle through negation is refused).

pub mod invariants;
mod normalize;
pub mod prune;
mod reach;
pub mod sas;
#[cfg(test)]
mod test_support;

use model::lifted::{ActionId, ObjectId, PredicateId, Task};
use serde::Serialize;
use std::time::Instant;

/// Index of a ground (fluent) atom in [`GroundTask::atoms`].
pub type AtomId = u32;

/// A ground atom that some action can change.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct AtomName {
    pub predicate: PredicateId,
    pub args: Vec<ObjectId>,
}

/// An effect that fires only when its condition holds in the state the operator is applied to.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct CondEffect {
    pub pre: Vec<AtomId>,
    pub pre_neg: Vec<AtomId>,
    /// `true`: the effect adds `atom`; `false`: it deletes it.
    pub add: bool,
    pub atom: AtomId,
}

/// A ground axiom (Fast Downward's term for an instance of a `:derived` rule): `head` holds in a
/// state when `pre` holds and `pre_neg` is false there, evaluated layer by layer (see
/// [`GroundTask::axioms`]). Derived atoms are never changed by operators and are not part of the
/// initial state: they are a function of the basic atoms.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Axiom {
    /// The stratum: a derived atom of layer `k` is computed from basic atoms and derived atoms of
    /// layers `< k` (positively or negatively) and of layer `k` (positively only).
    pub layer: u32,
    pub head: AtomId,
    pub pre: Vec<AtomId>,
    pub pre_neg: Vec<AtomId>,
}

/// A ground operator. Applying it to a state where `pre` holds and `pre_neg` is false first deletes
/// `del` (and the atoms of firing delete effects in `cond`), then adds `add` (and the firing add
/// effects): delete-then-add, as `model::semantics::atom_after` decides.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Operator {
    /// The action schema; `None` for an artificial operator of the compilation (the goal
    /// operator of a disjunctive goal), which is not printed in plans.
    pub action: Option<ActionId>,
    /// The objects for the schema's parameters (quantified variables are not part of the name).
    pub args: Vec<ObjectId>,
    pub pre: Vec<AtomId>,
    pub pre_neg: Vec<AtomId>,
    pub add: Vec<AtomId>,
    pub del: Vec<AtomId>,
    pub cond: Vec<CondEffect>,
    pub cost: u64,
}

/// The ground task that search works on. Atoms are only those some operator can change; static
/// atoms are compiled away.
#[derive(Clone, Debug, Serialize)]
pub struct GroundTask {
    pub atoms: Vec<AtomName>,
    pub operators: Vec<Operator>,
    /// Atoms true in the initial state, sorted.
    pub init: Vec<AtomId>,
    pub goal: Vec<AtomId>,
    pub goal_neg: Vec<AtomId>,
    /// Whether costs come from `(increase (total-cost) ...)` under `(:metric minimize
    /// (total-cost))`; otherwise every operator costs 1.
    pub general_cost: bool,
    /// The artificial goal atom of a disjunctive goal, if any.
    pub goal_atom: Option<AtomId>,
    /// Disjoint groups of atoms of which at most one holds in any reachable state (from the h2
    /// mutexes, [`prune::h2`]; empty when h2 did not run). Search packs each into one
    /// finite-domain field.
    pub mutex_groups: Vec<Vec<AtomId>>,
    /// The ground axioms of `:derived` rules, sorted by layer (empty for tasks without derived
    /// predicates). Their heads are the derived atoms; the state after every operator (and the
    /// initial state) is completed by evaluating them: all derived atoms false, then each layer
    /// to its least fixpoint, lowest layer first (stratified negation, as in Fast Downward).
    pub axioms: Vec<Axiom>,
}

impl GroundTask {
    /// `pred a b`, for statistics, output.sas and debugging.
    pub fn atom_text(&self, task: &Task, a: AtomId) -> String {
        let atom = &self.atoms[a as usize];
        let d = &task.domain;
        let mut s = predicate_text(task, atom.predicate);
        for o in &atom.args {
            s.push(' ');
            s.push_str(d.name(task.objects[o.index()].name));
        }
        s
    }

    /// `(name a b)` as in plan files, or `None` for an artificial operator.
    pub fn operator_text(&self, task: &Task, op: usize) -> Option<String> {
        let o = &self.operators[op];
        let action = o.action?;
        let d = &task.domain;
        let mut s = format!("({}", d.name(d.actions[action.index()].name));
        for a in &o.args {
            s.push(' ');
            s.push_str(d.name(task.objects[a.index()].name));
        }
        s.push(')');
        Some(s)
    }

    /// For each atom, whether it is derived (the head of some axiom).
    pub fn derived_atoms(&self) -> Vec<bool> {
        let mut d = vec![false; self.atoms.len()];
        for a in &self.axioms {
            d[a.head as usize] = true;
        }
        d
    }

    pub fn has_conditional_effects(&self) -> bool {
        self.operators.iter().any(|o| !o.cond.is_empty())
    }
}

/// A predicate's name; an auxiliary derived predicate of the grounder (a compiled universal
/// condition) is named `new-axiom@k`, as Fast Downward's translator names its own.
pub fn predicate_text(task: &Task, p: PredicateId) -> String {
    let d = &task.domain;
    match d.predicates.get(p.index()) {
        Some(x) => d.name(x.name).to_string(),
        None => format!("new-axiom@{}", p.index() - d.predicates.len()),
    }
}

/// A construct the grounder does not support, named so the user knows what to change.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Refusal {
    /// The construct, e.g. `numeric fluents (assignment to fuel)` or `durative actions`.
    pub construct: String,
    /// Where, in words: `action drive`, `goal`, `problem`.
    pub place: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}) is not supported by the grounder", self.construct, self.place)
    }
}

/// Why grounding did not produce a task.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum GroundError {
    Unsupported(Vec<Refusal>),
    /// The deadline passed.
    OutOfTime,
    /// A compilation step would exceed its size bound (DNF of a condition, quantifier expansion).
    TooLarge(String),
}

#[derive(Clone, Copy, Debug, Default)]
pub struct GroundOptions {
    /// Stop with [`GroundError::OutOfTime`] after this instant.
    pub deadline: Option<Instant>,
}

/// Counts from grounding (before any pruning).
#[derive(Clone, Debug, Default, Serialize)]
pub struct GroundStats {
    /// Reachable fluent atoms.
    pub atoms: usize,
    /// Static atoms of the initial state (compiled away).
    pub static_atoms: usize,
    /// Operators after merging duplicates.
    pub operators: usize,
    /// Operator instances found before merging duplicates.
    pub operator_instances: usize,
    pub rules: usize,
    /// Whether the relaxed goal is reachable; `false` proves the task unsolvable.
    pub goal_reachable: bool,
}

/// The result of grounding: the task, or `None` when relaxed reachability already proves the goal
/// unreachable (the task is unsolvable).
pub struct Grounded {
    pub task: Option<GroundTask>,
    pub stats: GroundStats,
}

/// Grounds a lifted task. Never panics on input; unsupported constructs are refused.
pub fn ground(task: &Task, options: GroundOptions) -> Result<Grounded, GroundError> {
    let norm = normalize::normalize(task)?;
    reach::ground(task, &norm, options)
}

/// Checks the fragment without grounding: the constructs that would be refused.
pub fn refusals(task: &Task) -> Vec<Refusal> {
    match normalize::normalize(task) {
        Err(GroundError::Unsupported(r)) => r,
        _ => Vec::new(),
    }
}
