//! The planner as one library call: from a checked task to a validated plan or a reasoned stop.
//!
//! [`plan`] takes a [`Problem`] (a lifted PDDL task from `model`, or Fast Downward's finite-domain
//! task from an `output.sas` file) and runs the phases in order:
//!
//! 1. [`Phase::Ground`]: relaxed reachability (`ground::ground`); for `output.sas`, the FDR task
//!    taken as it is (`ground::sas::from_fdr`), as Fast Downward's search component does;
//! 2. [`Phase::H2`] and [`Phase::Relevance`]: pruning (PDDL only, each switchable);
//! 3. [`Phase::Invariants`]: the mutex groups that pack states: h2's, unless the proved invariants
//!    pack tighter (PDDL only);
//! 4. [`Phase::Search`]: the configured engine (crate `search`);
//! 5. [`Phase::Validate`]: the plan mapped back to the input's names and executed by the
//!    validator (crate `val`: on the lifted task, or on the FDR task with `val::fdr`), which
//!    shares no code with grounding or search.
//!
//! **Every plan handed out has passed the validator.** A plan comes only as
//! [`Outcome::Solved`], whose [`ValidatedPlan`] can be built nowhere but in the validation step
//! of this crate; a plan that fails is [`Outcome::ValidationFailed`] (a bug, never a solution).
//!
//! Limits ([`Limits`]: a deadline and a memory bound) are checked inside every phase that can take
//! long (grounding, h2, relevance, invariants, search) and between phases; the phase a limit stops
//! is named in the outcome and its time is counted. Hard limits for a whole process (an address
//! space cap, a watchdog for phases that cannot check) are in [`process`]: they end the process,
//! so only a program that owns its process (the `certplan` binary) installs them.
//!
//! Statistics ([`Statistics`]) and outcomes serialize with serde; [`Outcome::exit_code`] gives Fast
//! Downward's driver status for each outcome ([`exit`]).

mod check;
pub mod limits;
mod numeric_run;
mod prepare;
pub mod process;
mod temporal_run;
mod timing;

pub use limits::{Limit, Limits};
pub use prepare::{FdrSize, Grounding, InvariantStats, prepare};
pub use timing::time_heuristics;

use serde::Serialize;
use std::time::Instant;

/// Exit statuses of Fast Downward's driver (`driver/returncodes.py`) that the planner's outcomes
/// map to. Limits use the search component's 22 and 23 in every phase, grounding included (FD's
/// translator would say 20 and 21): certplan runs all phases in one process under one limit.
pub mod exit {
    /// A plan was found (and validated).
    pub const SUCCESS: u8 = 0;
    /// Proved unsolvable (FD's `SEARCH_UNSOLVABLE`).
    pub const UNSOLVABLE: u8 = 11;
    /// The search space was exhausted without a proof of unsolvability (`SEARCH_UNSOLVED_INCOMPLETE`).
    pub const UNSOLVED_INCOMPLETE: u8 = 12;
    pub const OUT_OF_MEMORY: u8 = 22;
    pub const OUT_OF_TIME: u8 = 23;
    /// Errors in the PDDL input (`TRANSLATE_INPUT_ERROR`).
    pub const INPUT_ERROR: u8 = 31;
    /// A plan that failed validation: a bug in grounding or search (`SEARCH_CRITICAL_ERROR`).
    pub const CRITICAL_ERROR: u8 = 32;
    /// Errors in an `output.sas` input (`SEARCH_INPUT_ERROR`).
    pub const SEARCH_INPUT_ERROR: u8 = 33;
    /// A construct the planner refuses (`SEARCH_UNSUPPORTED`).
    pub const UNSUPPORTED: u8 = 34;
}

/// What to plan for.
#[derive(Clone, Copy, Debug)]
pub enum Problem<'a> {
    /// A checked lifted task (`model::check(...).task`).
    Pddl(&'a model::lifted::Task),
    /// Fast Downward's finite-domain task, read from an `output.sas` file (`sas::parse`).
    Fdr(&'a sas::Task),
}

/// Which pruning steps run (PDDL input only; an FDR task is searched as given).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pruning {
    pub h2: bool,
    pub relevance: bool,
}

impl Default for Pruning {
    fn default() -> Pruning {
        Pruning { h2: true, relevance: true }
    }
}

/// How to plan.
#[derive(Clone, Debug)]
pub struct Options<'a> {
    pub search: &'a search::Config,
    pub pruning: Pruning,
    pub limits: Limits,
    /// When the run began (before the input was read), so that [`Times::parse`] and
    /// [`Times::total`] cover the whole run; `None`: the call to [`plan`].
    pub started: Option<Instant>,
    /// The numeric planner's configuration (crate `numeric`). A task with numeric fluents always
    /// goes to the numeric planner, with this configuration or `numeric::DEFAULT`; a task without
    /// goes there only when this is set.
    pub numeric: Option<&'a numeric::Config>,
}

/// The phases of a run, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Reading and checking the input (done by the caller, before [`plan`]).
    Parse,
    Ground,
    H2,
    Relevance,
    Invariants,
    Search,
    Validate,
}

impl Phase {
    pub const ALL: [Phase; 7] =
        [Phase::Parse, Phase::Ground, Phase::H2, Phase::Relevance, Phase::Invariants, Phase::Search, Phase::Validate];

    /// The name used in messages and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Parse => "parse",
            Phase::Ground => "ground",
            Phase::H2 => "h2",
            Phase::Relevance => "relevance",
            Phase::Invariants => "invariants",
            Phase::Search => "search",
            Phase::Validate => "validate",
        }
    }
}

/// Wall-clock seconds per phase. A phase that a limit stopped counts up to the stop.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Times {
    pub parse: f64,
    pub ground: f64,
    pub h2: f64,
    pub relevance: f64,
    pub invariants: f64,
    pub search: f64,
    pub validate: f64,
    pub total: f64,
}

impl Times {
    fn add(&mut self, phase: Phase, seconds: f64) {
        let slot = match phase {
            Phase::Parse => &mut self.parse,
            Phase::Ground => &mut self.ground,
            Phase::H2 => &mut self.h2,
            Phase::Relevance => &mut self.relevance,
            Phase::Invariants => &mut self.invariants,
            Phase::Search => &mut self.search,
            Phase::Validate => &mut self.validate,
        };
        *slot += seconds;
    }
}

/// What a run measured. `grounding` is filled for PDDL input, `fdr` for `output.sas` input.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Statistics {
    pub times: Times,
    pub grounding: Option<Grounding>,
    pub fdr: Option<FdrSize>,
    pub search: Option<search::Stats>,
    /// Which planner ran: [`CLASSICAL`], [`NUMERIC`] (its configuration in `numeric`) or
    /// [`TEMPORAL`].
    pub planner: &'static str,
    /// The numeric planner's statistics, when it ran.
    pub numeric: Option<numeric::Statistics>,
    /// The temporal planner's grounding, when it ran.
    pub temporal: Option<temporal::GroundStats>,
}

/// A plan that the validator accepted, with the cost it computed. Only this crate makes one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ValidatedPlan {
    steps: Vec<String>,
    cost: u64,
    unit_cost: bool,
    optimal: bool,
    /// The value of the problem's `:metric` as the validator computed it (numeric planner).
    metric: Option<f64>,
    /// For temporal plans: the time of the last happening, as the validator computed it.
    makespan: Option<f64>,
}

impl ValidatedPlan {
    /// The steps as plan-file lines, `(action arg ...)`.
    pub fn steps(&self) -> &[String] {
        &self.steps
    }
    pub fn cost(&self) -> u64 {
        self.cost
    }
    /// Whether every action costs 1 (no `(:metric minimize (total-cost))`, or no FDR metric).
    pub fn unit_cost(&self) -> bool {
        self.unit_cost
    }
    /// Whether the search configuration guarantees an optimal plan.
    pub fn optimal(&self) -> bool {
        self.optimal
    }
    /// The `:metric` value the validator computed, for plans of the numeric planner.
    pub fn metric(&self) -> Option<f64> {
        self.metric
    }
    /// For temporal plans, the makespan.
    pub fn makespan(&self) -> Option<f64> {
        self.makespan
    }
    /// The IPC plan file: one step a line, then `; cost = N (unit cost|general cost)` (and
    /// `; metric = X` for plans of the numeric planner with a metric), or for a temporal plan
    /// (`0.000: (a x) [5.000]` lines) `; makespan = M`.
    pub fn text(&self) -> String {
        let mut text = String::new();
        for l in &self.steps {
            text.push_str(l);
            text.push('\n');
        }
        if let Some(m) = self.makespan {
            text.push_str(&format!("; makespan = {m:.3}\n"));
            return text;
        }
        text.push_str(&format!(
            "; cost = {} ({})\n",
            self.cost,
            if self.unit_cost { "unit cost" } else { "general cost" }
        ));
        if let Some(m) = self.metric {
            text.push_str(&format!("; metric = {m}\n"));
        }
        text
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Outcome {
    Solved {
        plan: ValidatedPlan,
    },
    /// Proved unsolvable: the goal is unreachable in grounding's relaxation or under h2's
    /// mutexes, or the reachable state space was exhausted (every pruning and heuristic is safe).
    Unsolvable {
        phase: Phase,
    },
    /// The search space was exhausted without a plan, but some of it was cut off (by a `bound`),
    /// so this proves nothing: Fast Downward's "search unsolved, incomplete".
    UnsolvedIncomplete,
    OutOfTime {
        phase: Phase,
    },
    OutOfMemory {
        phase: Phase,
    },
    /// Constructs the planner does not support, each named with its place.
    Refused {
        reasons: Vec<String>,
    },
    /// The plan found failed validation: a bug in grounding or search. The plan is for the bug
    /// report only.
    ValidationFailed {
        steps: Vec<String>,
        cost: u64,
        reason: String,
    },
}

impl Outcome {
    /// Fast Downward's driver status for this outcome.
    pub fn exit_code(&self) -> u8 {
        match self {
            Outcome::Solved { .. } => exit::SUCCESS,
            Outcome::Unsolvable { .. } => exit::UNSOLVABLE,
            Outcome::UnsolvedIncomplete => exit::UNSOLVED_INCOMPLETE,
            Outcome::OutOfTime { .. } => exit::OUT_OF_TIME,
            Outcome::OutOfMemory { .. } => exit::OUT_OF_MEMORY,
            Outcome::Refused { .. } => exit::UNSUPPORTED,
            Outcome::ValidationFailed { .. } => exit::CRITICAL_ERROR,
        }
    }

    /// The phase the run ended in, where it ended before a plan.
    pub fn phase(&self) -> Option<Phase> {
        match self {
            Outcome::Unsolvable { phase } | Outcome::OutOfTime { phase } | Outcome::OutOfMemory { phase } => {
                Some(*phase)
            }
            _ => None,
        }
    }

    fn stopped(limit: Limit, phase: Phase) -> Outcome {
        match limit {
            Limit::Time => Outcome::OutOfTime { phase },
            Limit::Memory => Outcome::OutOfMemory { phase },
        }
    }
}

/// The result of [`plan`].
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub outcome: Outcome,
    pub statistics: Statistics,
}

/// The planner for classical (STRIPS/ADL) tasks: ground, prune, the configured search.
pub const CLASSICAL: &str = "classical";
/// The numeric planner (crate `numeric`), for numeric fluents beyond action costs.
pub const NUMERIC: &str = "numeric";
/// The temporal planner (crate `temporal`), for durative actions and timed initial literals.
pub const TEMPORAL: &str = temporal::NAME;

/// Which planner [`plan`] picks for `problem` by default: the temporal planner for a task with
/// durative actions or timed initial literals (numeric or not), the numeric planner for a task
/// with numeric fluents beyond action costs, else the classical one.
pub fn planner_for(problem: Problem) -> &'static str {
    match problem {
        Problem::Pddl(task) if temporal::is_temporal(task) => TEMPORAL,
        Problem::Pddl(task) if numeric::is_numeric(task) => NUMERIC,
        _ => CLASSICAL,
    }
}

/// What [`plan`] tells its caller while it runs, so that output can be written as it is produced.
pub enum Event<'a> {
    /// A phase completed; the statistics so far.
    PhaseDone { phase: Phase, statistics: &'a Statistics },
    /// The search's progress, about twice a second.
    Search(&'a search::Progress),
}

/// Adds the domain heuristics of crate `dheur` (`astar(spanner())`, ...) to the search component
/// registry, so that `search::parse` knows them. Idempotent; [`plan`] calls it too, but a caller
/// that parses a configuration first must call it before.
pub fn register_heuristics() {
    dheur::register();
}

/// Plans: ground (or take the FDR task), prune, pick mutex groups, search, validate. Never panics on
/// a checked task; every outcome is a value.
///
/// A task with durative actions or timed initial literals goes to the temporal planner with its
/// default configuration ([`planner_for`]); [`plan_temporal`] selects it explicitly.
pub fn plan(problem: Problem, options: &Options, on: &mut dyn FnMut(Event)) -> Report {
    register_heuristics();
    match problem {
        Problem::Pddl(task) if planner_for(problem) == TEMPORAL => {
            plan_temporal(task, &temporal::Config::default(), options, on)
        }
        _ => {
            let start = options.started.unwrap_or_else(Instant::now);
            let mut statistics = Statistics::default();
            statistics.times.parse = start.elapsed().as_secs_f64();
            let outcome = run(problem, options, &mut statistics, on);
            statistics.times.total = start.elapsed().as_secs_f64();
            process::enter(None);
            Report { outcome, statistics }
        }
    }
}

/// Plans with the temporal planner (crate `temporal`) under `options.limits`; `options.search`
/// and `options.pruning` are not used. The plan is validated as in [`plan`].
pub fn plan_temporal(
    task: &model::lifted::Task,
    config: &temporal::Config,
    options: &Options,
    on: &mut dyn FnMut(Event),
) -> Report {
    let start = options.started.unwrap_or_else(Instant::now);
    let mut statistics = Statistics { planner: TEMPORAL, ..Statistics::default() };
    statistics.times.parse = start.elapsed().as_secs_f64();
    let outcome = temporal_run::run(task, config, &options.limits, &mut statistics, on);
    statistics.times.total = start.elapsed().as_secs_f64();
    process::enter(None);
    Report { outcome, statistics }
}

fn run(problem: Problem, options: &Options, stats: &mut Statistics, on: &mut dyn FnMut(Event)) -> Outcome {
    let limits = &options.limits;
    stats.planner = CLASSICAL;
    if let Problem::Pddl(task) = problem
        && (options.numeric.is_some() || planner_for(problem) == NUMERIC)
    {
        stats.planner = NUMERIC;
        return numeric_run::run(task, options, stats, on);
    }
    let ground = match problem {
        Problem::Pddl(task) => match prepare(task, options.pruning, limits, stats, on) {
            Ok(g) => g,
            Err(stop) => return stop,
        },
        Problem::Fdr(fdr) => match prepare::from_fdr(fdr, stats) {
            Ok(g) => g,
            Err(stop) => return stop,
        },
    };

    // A heuristic whose registry entry does not declare a construct of the task (LM-cut and
    // axioms, as in Fast Downward) is refused: FD's 34.
    let conditional_effects = ground.operators.iter().any(|o| !o.cond.is_empty());
    if let Some(why) = options.search.unsupported(conditional_effects, !ground.axioms.is_empty(), ground.general_cost) {
        return Outcome::Refused {
            reasons: vec![format!(
                "{why}, as in Fast Downward; use e.g. --search \"astar(hmax())\" (optimal) or \
                 --search \"lazy_greedy([ff()], preferred=[ff()])\""
            )],
        };
    }
    process::enter(Some(Phase::Search));
    let t = Instant::now();
    let mut st = search::SearchTask::new(&ground);
    if let Problem::Pddl(task) = problem {
        st = st.with_lifted(task);
    }
    // Domain heuristics run their certificates first: a refused task is FD's 34, the failed
    // check named (unless the heuristic was told to fall back to LM-cut).
    if let Err(why) = search::plugins::certify(options.search, &st) {
        stats.times.add(Phase::Search, t.elapsed().as_secs_f64());
        return Outcome::Refused { reasons: vec![why] };
    }
    let search_limits = search::Limits { deadline: limits.deadline, memory_bytes: limits.memory_bytes };
    let result = search::search(&st, options.search, search_limits, &mut |p| on(Event::Search(p)));
    stats.times.add(Phase::Search, t.elapsed().as_secs_f64());
    stats.search = Some(result.stats);
    let (plan, cost) = match result.outcome {
        search::Outcome::Solved { plan, cost } => (plan, cost),
        search::Outcome::Unsolvable => return Outcome::Unsolvable { phase: Phase::Search },
        search::Outcome::UnsolvedIncomplete => return Outcome::UnsolvedIncomplete,
        search::Outcome::OutOfTime => return Outcome::OutOfTime { phase: Phase::Search },
        search::Outcome::OutOfMemory => return Outcome::OutOfMemory { phase: Phase::Search },
    };
    on(Event::PhaseDone { phase: Phase::Search, statistics: stats });

    // The trust base: map the plan back to the input's names and execute it there.
    process::enter(Some(Phase::Validate));
    let t = Instant::now();
    let (checked, unit_cost) = match problem {
        Problem::Pddl(task) => (check::lifted(task, &ground, &plan, cost), !ground.general_cost),
        Problem::Fdr(fdr) => (check::fdr(fdr, &plan, cost), !fdr.metric),
    };
    stats.times.add(Phase::Validate, t.elapsed().as_secs_f64());
    let outcome = match checked {
        Ok(steps) => Outcome::Solved {
            plan: ValidatedPlan {
                steps,
                cost,
                unit_cost,
                optimal: options.search.optimal(),
                metric: None,
                makespan: None,
            },
        },
        Err(check::Rejected { steps, reason }) => Outcome::ValidationFailed { steps, cost, reason },
    };
    on(Event::PhaseDone { phase: Phase::Validate, statistics: stats });
    outcome
}
