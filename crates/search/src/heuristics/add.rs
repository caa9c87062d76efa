//! `add()` (also `hadd()`): the additive heuristic.

use crate::heuristic::{Combine, RelaxationHeuristic};
use crate::plugins::{HeuristicPlugin, Properties};

pub static PLUGIN: HeuristicPlugin = HeuristicPlugin {
    name: "add",
    aliases: &["hadd"],
    summary: "the sum of the goal atoms' costs in the delete relaxation (Bonet & Geffner 2001)",
    params: &[],
    properties: Properties {
        admissible: false,
        consistent: false,
        safe: true,
        conditional_effects: true,
        axioms: true,
        action_costs: true,
        preferred_operators: false,
    },
    build: |t, _| Box::new(RelaxationHeuristic::new(t, Combine::Add, false)),
    check: None,
};
