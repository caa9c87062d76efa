//! Search over a ground task: packed states, the state registry, successor generation, engines
//! (A*, weighted A*, eager and lazy greedy best-first search) and domain-independent heuristics
//! (blind, goal-count, hmax, hadd, hFF with preferred operators, LM-cut), and partial-order
//! reduction by strong or weak stubborn sets ([`pruning`]).
//!
//! Engines and heuristics register themselves in [`plugins`] (name, parameters, properties) and
//! are composed by a configuration string familiar to Fast Downward users, parsed by
//! [`config::parse`]: `astar(lmcut())`, `eager_greedy([ff()], preferred=[ff()])`,
//! `lazy_greedy([ff()])`, `eager_wastar([ff()], w=2)`.

pub mod axioms;
pub mod config;
pub mod engine;
pub mod heuristic;
pub mod heuristics;
pub mod landmarks;
pub mod lmcut;
pub mod plugins;
pub mod pruning;
pub mod queue;
pub mod registry;
pub mod sample;
pub mod state;
pub mod successor;

pub use config::{ALIASES, Config, ConfigError, CostType, HeuristicSpec, Verbosity, alias, alias_names, parse};
pub use engine::{Limits, Outcome, Progress, SearchResult, Stats, search};
pub use state::SearchTask;
