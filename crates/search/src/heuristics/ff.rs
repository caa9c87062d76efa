//! `ff()`: the cost of a relaxed plan built from hadd's best supporters (Hoffmann & Nebel 2001),
//! with its operators applicable in the state as preferred operators.

use crate::heuristic::{Combine, RelaxationHeuristic};
use crate::plugins::{HeuristicPlugin, Properties};

pub static PLUGIN: HeuristicPlugin = HeuristicPlugin {
    name: "ff",
    aliases: &[],
    summary: "the cost of a relaxed plan from hadd's best supporters (Hoffmann & Nebel 2001)",
    params: &[],
    properties: Properties {
        admissible: false,
        consistent: false,
        safe: true,
        conditional_effects: true,
        axioms: true,
        action_costs: true,
        preferred_operators: true,
    },
    build: |t, _| Box::new(RelaxationHeuristic::new(t, Combine::Add, true)),
    check: None,
};
