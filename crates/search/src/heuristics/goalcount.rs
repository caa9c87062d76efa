//! `goalcount()`: the number of unsatisfied goal atoms.

use crate::heuristic::GoalCount;
use crate::plugins::{HeuristicPlugin, Properties};

pub static PLUGIN: HeuristicPlugin = HeuristicPlugin {
    name: "goalcount",
    aliases: &[],
    summary: "the number of goal atoms not satisfied (inadmissible)",
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
    build: |t, _| Box::new(GoalCount::new(t)),
    check: None,
};
