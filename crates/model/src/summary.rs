//! The short summary `certplan check` prints for an input without errors.

use crate::Input;
use serde::Serialize;

#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    pub domain: String,
    pub problem: Option<String>,
    /// Requirement flags as declared (domain and problem), lowercase, in declaration order.
    pub requirements_declared: Vec<String>,
    /// Requirement flags the files actually need, in the canonical order of `RequirementKind`.
    pub requirements_used: Vec<String>,
    pub types: usize,
    pub constants: usize,
    pub predicates: usize,
    pub functions: usize,
    pub actions: usize,
    pub durative_actions: usize,
    pub derived_predicates: usize,
    pub objects: Option<usize>,
    /// Initial atoms (and timed initial literals).
    pub init_facts: Option<usize>,
    /// Initial function values `(= (f ...) v)`.
    pub init_values: Option<usize>,
    /// Literals in the goal (atoms, negated atoms and comparisons, counted through connectives).
    pub goal_literals: Option<usize>,
    pub plan_steps: Option<usize>,
}

impl Summary {
    pub fn new(input: Input) -> Summary {
        let d = input.domain.0;
        Summary {
            domain: d.name.text.to_string(),
            problem: input.problem.map(|(p, _)| p.name.text.to_string()),
            types: d.types.len(),
            constants: d.constants.len(),
            predicates: d.predicates.len(),
            functions: d.functions.len(),
            actions: d.actions.len(),
            durative_actions: d.durative_actions.len(),
            derived_predicates: d.derived.len(),
            objects: input.problem.map(|(p, _)| p.objects.len()),
            plan_steps: input.plan.map(|(p, _)| p.steps.len()),
            ..Summary::default()
        }
    }
}
