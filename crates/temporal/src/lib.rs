//! Temporal planning for PDDL 2.1 (`:durative-actions`): fixed and inequality durations, `at
//! start` / `over all` / `at end` conditions and effects, discrete numeric effects at the start
//! and end (reading `?duration` too), numeric conditions, timed initial literals, and required
//! concurrency (an action that can only run inside another's interval).
//!
//! Design (CRIKEY3/POPF-style rather than TFD's decision epochs, because the STN handles
//! inequality durations and required concurrency without discretising time): [`ground`] grounds
//! by relaxed reachability; [`search`] runs greedy best-first search over snap actions (start and
//! end of durative actions, instantaneous actions, TILs), keeps a simple temporal network per path
//! and prunes inconsistent ones, and schedules each plan at its earliest times; [`heuristic`] is
//! the temporal relaxed plan with helpful actions. Interfering happenings are `epsilon` apart
//! (0.01 by default, VAL's default tolerance), so that both certplan's validator and VAL read the
//! plan as the search did.
//!
//! [`plan`] returns the steps unvalidated: validation is the caller's (`planner::plan` runs
//! `val` on every plan before it hands one out). Plans print in the IPC temporal format with
//! [`Step::text`]: `0.000: (light_match m1) [5.000]`.
//!
//! Not supported (refused by name): derived predicates, durative conditions inside `or`, duration
//! constraints timed `at end`, continuous effects (`#t`, already refused by `model`), object
//! fluents. Numeric conditions are checked in the search but ignored by the heuristic.

pub mod ground;
pub mod heuristic;
pub mod search;
pub mod state;

use model::lifted::{ActionId, ObjectId, Task};
use serde::Serialize;
use std::time::Instant;

/// The planner's options: `temporal()` or `temporal(anytime=true, lazy=false, epsilon=0.01)` on the command
/// line (`--search`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Config {
    /// Go on after the first plan, for plans of shorter makespan, until the space is exhausted or
    /// the time limit; the best plan found is the result.
    pub anytime: bool,
    /// Lazy evaluation (default) or eager (`lazy=false`).
    pub lazy: bool,
    /// The separation of interfering happenings, in time units (at least 0.002, a multiple of
    /// 0.001).
    pub epsilon: f64,
    /// The configuration as given.
    pub text: String,
}

impl Default for Config {
    fn default() -> Config {
        Config { anytime: false, lazy: true, epsilon: 0.01, text: "temporal()".into() }
    }
}

/// The registry name of the planner in `--search`.
pub const NAME: &str = "temporal";

impl Config {
    /// Reads `temporal`, `temporal()` or `temporal(anytime=true, epsilon=0.01)`. `None` when the
    /// text does not name this planner (it is then another search configuration); `Some(Err)`
    /// for a bad option.
    pub fn parse(text: &str) -> Option<Result<Config, String>> {
        let t = text.trim();
        let rest = t.strip_prefix(NAME)?.trim();
        if !(rest.is_empty() || rest.starts_with('(')) {
            return None;
        }
        let mut c = Config { text: t.split_whitespace().collect::<Vec<_>>().join(" "), ..Config::default() };
        if rest.is_empty() {
            return Some(Ok(c));
        }
        let Some(inner) = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')) else {
            return Some(Err("expected `temporal(option=value, ...)`".into()));
        };
        for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part.split_once('=').map_or((part, "true"), |(k, v)| (k.trim(), v.trim()));
            match k {
                "anytime" => match v {
                    "true" => c.anytime = true,
                    "false" => c.anytime = false,
                    _ => return Some(Err(format!("`anytime` is true or false, not `{v}`"))),
                },
                "lazy" => match v {
                    "true" => c.lazy = true,
                    "false" => c.lazy = false,
                    _ => return Some(Err(format!("`lazy` is true or false, not `{v}`"))),
                },
                "epsilon" => match v.parse::<f64>() {
                    Ok(e) if (0.002..=10.0).contains(&e) && (e * 1000.0 - (e * 1000.0).round()).abs() < 1e-9 => {
                        c.epsilon = e
                    }
                    _ => {
                        return Some(Err(format!("`epsilon` is a multiple of 0.001 between 0.002 and 10, not `{v}`")));
                    }
                },
                _ => return Some(Err(format!("temporal() has no option `{k}` (it has: anytime, lazy, epsilon)"))),
            }
        }
        Some(Ok(c))
    }
}

/// A scheduled plan step.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    pub action: ActionId,
    pub args: Vec<ObjectId>,
    pub time: f64,
    /// For durative actions.
    pub duration: Option<f64>,
}

impl Step {
    /// The IPC temporal plan line: `0.000: (action arg ...) [duration]`.
    pub fn text(&self, task: &Task) -> String {
        let mut s = format!("{:.3}: ({}", self.time, task.domain.name(task.domain.actions[self.action.index()].name));
        for o in &self.args {
            s.push(' ');
            s.push_str(task.domain.name(task.objects[o.index()].name));
        }
        s.push(')');
        if let Some(d) = self.duration {
            s.push_str(&format!(" [{d:.3}]"));
        }
        s
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Plan {
    pub steps: Vec<Step>,
    /// The time of the last happening.
    pub makespan: f64,
    /// Plans found by the search (more than one in anytime mode).
    pub plans_found: usize,
}

impl Plan {
    /// The plan as the validator's steps (times and durations as scheduled), for `val::validate_steps`.
    pub fn val_steps(&self) -> Vec<val::Step> {
        self.steps
            .iter()
            .map(|s| val::Step {
                action: s.action,
                args: s.args.clone(),
                time: Some(s.time),
                duration: s.duration,
                line: 0,
            })
            .collect()
    }
}

/// Where a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    Ground,
    Search,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Outcome {
    Solved(Plan),
    /// Proved unsolvable: the goal is unreachable in the relaxation (deletes, numbers and time
    /// ignored), or the search was exhausted without any pruning that could lose a plan.
    Unsolvable {
        stage: Stage,
    },
    /// The search was exhausted, but duplicate pruning with open actions or pending TILs (which
    /// ignores the schedule) may have cut off a plan.
    UnsolvedIncomplete,
    OutOfTime {
        stage: Stage,
    },
    OutOfMemory,
    Refused {
        reasons: Vec<String>,
    },
}

/// The size of the grounded task.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct GroundStats {
    pub atoms: usize,
    pub fluents: usize,
    pub actions: usize,
    pub durative_actions: usize,
    pub timed_literals: usize,
    pub seconds: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub outcome: Outcome,
    pub ground: Option<GroundStats>,
    pub search: Option<::search::Stats>,
}

/// Whether `task` is for this planner: it has durative actions (or timed initial literals).
pub fn is_temporal(task: &Task) -> bool {
    task.domain.actions.iter().any(|a| a.is_durative()) || !task.timed_literals.is_empty()
}

/// Plans for `task`. The plan is not validated here (see the crate documentation).
pub fn plan(task: &Task, config: &Config, deadline: Option<Instant>, memory_bytes: Option<u64>) -> Report {
    plan_with(task, config, deadline, memory_bytes, &mut |_| {})
}

/// [`plan`], telling `grounded` the grounding's size when grounding is done and search begins.
pub fn plan_with(
    task: &Task,
    config: &Config,
    deadline: Option<Instant>,
    memory_bytes: Option<u64>,
    grounded: &mut dyn FnMut(&GroundStats),
) -> Report {
    let t = Instant::now();
    let g = match ground::ground(task, deadline) {
        Ok(Some(g)) => g,
        Ok(None) => return Report { outcome: Outcome::OutOfTime { stage: Stage::Ground }, ground: None, search: None },
        Err(r) => return Report { outcome: Outcome::Refused { reasons: vec![r.0] }, ground: None, search: None },
    };
    let gs = GroundStats {
        atoms: g.atoms.len(),
        fluents: g.fluents.len(),
        actions: g.actions.len(),
        durative_actions: g.actions.iter().filter(|a| a.durative).count(),
        timed_literals: g.tils.len(),
        seconds: t.elapsed().as_secs_f64(),
    };
    grounded(&gs);
    let mut s = search::Searcher::new(&g);
    let settings = search::Settings {
        anytime: config.anytime,
        lazy: config.lazy,
        epsilon: search::ms(config.epsilon),
        deadline,
        memory_bytes,
    };
    let ended = s.run(&settings);
    let outcome = match ended {
        search::Ended::Solved(p) => Outcome::Solved(Plan {
            steps: p
                .steps
                .iter()
                .map(|&(a, t, d)| Step {
                    action: g.actions[a as usize].schema,
                    args: g.actions[a as usize].args.clone(),
                    time: t as f64 / search::MS,
                    duration: d.map(|d| d as f64 / search::MS),
                })
                .collect(),
            makespan: p.makespan as f64 / search::MS,
            plans_found: s.found.len(),
        }),
        search::Ended::Exhausted { complete: true } => Outcome::Unsolvable { stage: Stage::Search },
        search::Ended::Exhausted { complete: false } => Outcome::UnsolvedIncomplete,
        search::Ended::OutOfTime => Outcome::OutOfTime { stage: Stage::Search },
        search::Ended::OutOfMemory => Outcome::OutOfMemory,
    };
    // A dead initial state in the relaxation is a proof found before any expansion.
    let outcome = match outcome {
        Outcome::Unsolvable { .. } if s.stats.initial_h.is_none() => Outcome::Unsolvable { stage: Stage::Ground },
        o => o,
    };
    Report { outcome, ground: Some(gs), search: Some(s.stats.clone()) }
}
