//! Numeric planning (PDDL 2.1 with `:numeric-fluents`): the planner that `planner::plan` picks for
//! tasks with numeric conditions or effects.
//!
//! - [`task`]: grounding. The propositional part by crate `ground`'s relaxed reachability (on the
//!   task with numeric parts removed), the numeric part per ground operator: linear conditions,
//!   `increase`/`decrease`/`assign`/`scale-up`/`scale-down` with linear right-hand sides,
//!   numeric goals, and the metric read as per-operator costs where it is cost-like. Refusals
//!   name the construct (nonlinear expressions, numeric conditions under `or`, ...).
//! - [`heuristic`]: numeric relaxed heuristics with repeated application of effects (`hadd`,
//!   `hmrp`, admissible `hmax`) and helpful actions.
//! - [`search`]: eager greedy best-first search with helpful actions, and A*.
//!
//! The configurations are registered in [`PLUGINS`] and parsed by [`parse`]; the plan this crate
//! returns is not validated here: `planner` validates it with `val`, as every plan.

pub mod heuristic;
pub mod search;
pub mod task;

use heuristic::Kind;
use model::lifted::{ActionId, ObjectId, Task};
use serde::Serialize;
use std::time::Instant;

pub use task::{NumericTask, Refusal, ground_task, is_numeric, refusals};

/// A time and a memory bound.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub deadline: Option<Instant>,
    pub memory_bytes: Option<u64>,
}

/// A search engine with its heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Gbfs { heuristic: Kind, preferred: bool },
    Astar { hmax: bool },
}

/// A numeric search configuration, as written (`gbfs(hadd_numeric())`).
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub text: String,
    pub engine: Engine,
}

impl Config {
    /// Whether the configuration guarantees a plan of least metric (cost-like metrics) or of
    /// least length (no metric).
    pub fn optimal(&self) -> bool {
        matches!(self.engine, Engine::Astar { .. })
    }
}

impl Default for Config {
    fn default() -> Config {
        parse(DEFAULT).expect("the default configuration parses")
    }
}

/// The configuration used when none is named: greedy best-first search on `hmrp` with helpful
/// actions, ENHSP's default satisficing setting in spirit.
pub const DEFAULT: &str = "gbfs(hmrp_numeric())";

/// One registered component.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Plugin {
    pub name: &'static str,
    pub kind: &'static str,
    pub admissible: bool,
    pub help: &'static str,
}

/// The numeric planner's components, for `--search` and listings.
pub const PLUGINS: &[Plugin] = &[
    Plugin {
        name: "gbfs",
        kind: "engine",
        admissible: false,
        help: "eager greedy best-first search; `gbfs(H, preferred=true|false)`: with helpful actions (default true) in an alternating second queue",
    },
    Plugin {
        name: "astar",
        kind: "engine",
        admissible: true,
        help: "A* with re-opening, optimal for cost-like metrics (or plan length without a metric): `astar(hmax_numeric())`, `astar(blind())`",
    },
    Plugin {
        name: "hadd_numeric",
        kind: "heuristic",
        admissible: false,
        help: "additive numeric heuristic with repeated application of additive effects (subgoaling, Scala et al. 2020)",
    },
    Plugin {
        name: "hmrp_numeric",
        kind: "heuristic",
        admissible: false,
        help: "relaxed-plan length with repetitions, read off hadd's best supporters",
    },
    Plugin {
        name: "hmax_numeric",
        kind: "heuristic",
        admissible: true,
        help: "max numeric heuristic: cheapest achiever plus the best cost-per-unit ratio times the gap; admissible",
    },
    Plugin { name: "blind", kind: "heuristic", admissible: true, help: "0 everywhere (for astar)" },
];

/// Whether `text` names a numeric configuration (its engine is `gbfs`, or a heuristic of this
/// crate appears), so that the caller can route it here rather than to Fast Downward's language.
pub fn recognizes(text: &str) -> bool {
    let t = text.trim();
    t.starts_with("gbfs(") || t.contains("_numeric(")
}

/// Parses `gbfs(H[, preferred=B])` or `astar(H)` with `H` one of `hadd_numeric()`,
/// `hmrp_numeric()`, `hmax_numeric()`, `blind()`.
pub fn parse(text: &str) -> Result<Config, String> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let (engine, rest) = t.split_once('(').ok_or_else(|| format!("expected ENGINE(HEURISTIC), got `{text}`"))?;
    let inner = rest.strip_suffix(')').ok_or_else(|| format!("unbalanced parentheses in `{text}`"))?;
    let mut parts = inner.splitn(2, ',');
    let h = parts.next().unwrap_or_default();
    let mut preferred = true;
    let option = parts.next();
    if engine != "gbfs" && option.is_some() {
        return Err(format!("`{engine}` takes no options in `{text}`"));
    }
    if let Some(opt) = option {
        match opt {
            "preferred=true" => preferred = true,
            "preferred=false" => preferred = false,
            other => return Err(format!("unknown option `{other}` (gbfs has `preferred=true|false`)")),
        }
    }
    let names: Vec<&str> = PLUGINS.iter().map(|p| p.name).collect();
    let e = match (engine, h) {
        ("gbfs", "hadd_numeric()") => Engine::Gbfs { heuristic: Kind::Add, preferred },
        ("gbfs", "hmrp_numeric()") => Engine::Gbfs { heuristic: Kind::Mrp, preferred },
        ("gbfs", "hmax_numeric()") => Engine::Gbfs { heuristic: Kind::Max, preferred: false },
        ("astar", "hmax_numeric()") => Engine::Astar { hmax: true },
        ("astar", "blind()") => Engine::Astar { hmax: false },
        ("astar", "hadd_numeric()" | "hmrp_numeric()") => {
            return Err(format!("`{h}` is not admissible; astar takes hmax_numeric() or blind()"));
        }
        _ => return Err(format!("unknown numeric configuration `{text}` (components: {})", names.join(", "))),
    };
    Ok(Config { text: text.trim().to_string(), engine: e })
}

/// A validated-to-be plan step: the action and its objects.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    pub action: ActionId,
    pub args: Vec<ObjectId>,
}

/// How a numeric run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A plan (not yet validated) with the cost the search counted (the metric's share when
    /// cost-like, else the length).
    Solved {
        steps: Vec<Step>,
        cost: f64,
    },
    /// Proved unsolvable in `phase` (`ground`: relaxed reachability; `search`: exhausted).
    Unsolvable {
        phase: &'static str,
    },
    OutOfTime {
        phase: &'static str,
    },
    OutOfMemory,
    Refused {
        reasons: Vec<String>,
    },
}

/// What a run measured.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Statistics {
    pub config: String,
    pub grounding: Option<task::GroundingStats>,
    pub search: Option<search::Stats>,
    pub ground_seconds: f64,
    pub search_seconds: f64,
    /// Whether the metric was read as operator costs (else: unit costs), with the reason when not.
    pub cost_like: bool,
    pub metric_note: Option<String>,
}

/// Grounds and searches. The plan still has to pass the validator.
pub fn solve(task: &Task, config: &Config, limits: &Limits) -> (Outcome, Statistics) {
    let mut st = Statistics { config: config.text.clone(), ..Statistics::default() };
    let t = Instant::now();
    let grounded = task::ground_task(task, limits.deadline);
    st.ground_seconds = t.elapsed().as_secs_f64();
    let nt = match grounded {
        Ok(nt) => nt,
        Err(task::Error::Unsupported(rs)) => {
            return (Outcome::Refused { reasons: rs.iter().map(|r| r.to_string()).collect() }, st);
        }
        Err(task::Error::Unreachable) => return (Outcome::Unsolvable { phase: "ground" }, st),
        Err(task::Error::OutOfTime) => return (Outcome::OutOfTime { phase: "ground" }, st),
        Err(task::Error::TooLarge(s)) => {
            return (Outcome::Refused { reasons: vec![format!("grounding would be too large: {s}")] }, st);
        }
    };
    st.grounding = Some(nt.stats.clone());
    st.cost_like = nt.cost_like;
    st.metric_note = nt.metric_note.clone();
    if matches!(config.engine, Engine::Astar { .. })
        && let Some(note) = &nt.metric_note
    {
        return (
            Outcome::Refused {
                reasons: vec![format!(
                    "the optimal numeric search needs a cost-like metric, and here {note}; use --search \"{DEFAULT}\""
                )],
            },
            st,
        );
    }
    let t = Instant::now();
    let (outcome, stats) = match config.engine {
        Engine::Gbfs { heuristic, preferred } => search::gbfs(&nt, heuristic, preferred, limits),
        Engine::Astar { hmax } => search::astar(&nt, hmax, limits),
    };
    st.search_seconds = t.elapsed().as_secs_f64();
    st.search = Some(stats);
    let outcome = match outcome {
        search::Outcome::Solved { plan, cost } => Outcome::Solved {
            steps: plan
                .iter()
                .filter_map(|&o| {
                    let op = &nt.operators[o as usize];
                    Some(Step { action: op.action?, args: op.args.clone() })
                })
                .collect(),
            cost,
        },
        search::Outcome::Unsolvable => Outcome::Unsolvable { phase: "search" },
        search::Outcome::OutOfTime => Outcome::OutOfTime { phase: "search" },
        search::Outcome::OutOfMemory => Outcome::OutOfMemory,
    };
    (outcome, st)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configurations_parse_and_refuse_by_name() {
        assert_eq!(
            parse("gbfs(hadd_numeric())").unwrap().engine,
            Engine::Gbfs { heuristic: Kind::Add, preferred: true }
        );
        assert_eq!(
            parse("gbfs( hmrp_numeric(), preferred=false )").unwrap().engine,
            Engine::Gbfs { heuristic: Kind::Mrp, preferred: false }
        );
        assert!(parse("astar(hmax_numeric())").unwrap().optimal());
        assert!(parse("astar(blind())").unwrap().optimal());
        assert!(parse("astar(hadd_numeric())").unwrap_err().contains("not admissible"));
        assert!(parse("gbfs(ff())").unwrap_err().contains("unknown numeric configuration"));
        assert!(parse("gbfs(hadd_numeric(), boost=3)").unwrap_err().contains("unknown option"));
        assert!(recognizes("gbfs(hadd_numeric())") && recognizes("astar(hmax_numeric())"));
        assert!(!recognizes("astar(lmcut())") && !recognizes("astar(blind())"));
    }
}
