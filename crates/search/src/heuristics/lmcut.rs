//! `lmcut()`: the landmark-cut heuristic (Helmert & Domshlak 2009), in [`crate::lmcut`].

use crate::lmcut::LmCut;
use crate::plugins::{HeuristicPlugin, Properties};

pub static PLUGIN: HeuristicPlugin = HeuristicPlugin {
    name: "lmcut",
    aliases: &[],
    summary: "landmark cuts of the delete relaxation (Helmert & Domshlak 2009)",
    params: &[],
    properties: Properties {
        admissible: true,
        // Admissible but not consistent in general.
        consistent: false,
        safe: true,
        // Conditional effects are made unconditional, which only adds achievers: still admissible.
        conditional_effects: true,
        axioms: false,
        action_costs: true,
        preferred_operators: false,
    },
    build: |t, _| Box::new(LmCut::new(t)),
    check: None,
};
