//! `blind()`: 0 in goal states, otherwise the cheapest operator cost.

use crate::heuristic::Blind;
use crate::plugins::{HeuristicPlugin, Properties};

pub static PLUGIN: HeuristicPlugin = HeuristicPlugin {
    name: "blind",
    aliases: &[],
    summary: "0 in goal states, otherwise the cheapest operator cost",
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
    build: |t, _| Box::new(Blind::new(t)),
    check: None,
};
