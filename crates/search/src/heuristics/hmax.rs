//! `hmax()`: Bonet & Geffner's max heuristic over the delete relaxation.

use crate::heuristic::{Combine, RelaxationHeuristic};
use crate::plugins::{HeuristicPlugin, Properties};

pub static PLUGIN: HeuristicPlugin = HeuristicPlugin {
    name: "hmax",
    aliases: &[],
    summary: "the costliest atom of the goal in the delete relaxation (Bonet & Geffner 2001)",
    params: &[],
    properties: Properties {
        admissible: true,
        consistent: true,
        safe: true,
        conditional_effects: true,
        axioms: true,
        action_costs: true,
        preferred_operators: false,
    },
    build: |t, _| Box::new(RelaxationHeuristic::new(t, Combine::Max, false)),
    check: None,
};
