//! certplan's plan validator: the trust base. It decides whether a plan solves a task by executing
//! it on the lifted model (`model::lifted::Task`), independent of any grounding or search code, and
//! explains failures: the first failing step, the false precondition literals with their objects,
//! the unmet goal literals, and what would have to hold instead.
//!
//! Covered: STRIPS, typing, negative and disjunctive preconditions, equality, quantifiers,
//! conditional and universal effects, derived predicates (stratified fixpoint after every step),
//! numeric fluents (undefined values are plan errors, never crashes), action costs and `:metric`,
//! and PDDL 2.1 temporal plans (durative actions split into start and end happenings, `over all`
//! invariants, duration constraints, no interference inside a happening as VAL checks it (or the
//! strict epsilon separation of PDDL 2.1), timed initial literals, `total-time`).
//!
//! Entry points: [`validate`] for a parsed plan file, [`validate_steps`] for a plan built in
//! memory (the planner, the Lean bridge and the LLM loops call this one).

mod apply;
mod derived;
mod eval;
pub mod fdr;
mod report;
mod resolve;
mod run;
mod sequential;
mod state;
mod temporal;

pub use eval::Unsatisfied;
pub use resolve::{PlanError, Step, resolve};

use model::lifted::Task;
use serde::Serialize;

/// How to validate and what to put in the report.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Record the state changes of every step (`--trace`).
    pub trace: bool,
    /// Put the final state in the report (`--final-state`).
    pub final_state: bool,
    /// Temporal plans: VAL's `-t` (default 0.01, VAL's default). Happenings no more than a tenth
    /// of it after the first happening of a group form one happening, as in VAL; duration
    /// constraints `<=`, `>=` and `=` hold within it. With [`Options::strict_epsilon`], interfering
    /// happenings must be at least this far apart.
    pub tolerance: f64,
    /// The strict PDDL 2.1 reading (Fox & Long 2003) instead of VAL's: only happenings at the same
    /// time are simultaneous, and two happenings that interfere must be at least `tolerance`
    /// apart. VAL only forbids interference inside one happening.
    pub strict_epsilon: bool,
    /// The most false literals listed for one failure.
    pub explain_limit: usize,
}

/// VAL's default tolerance (`-t`) when none is given.
pub const DEFAULT_TOLERANCE: f64 = 0.01;

impl Default for Options {
    fn default() -> Options {
        Options {
            trace: false,
            final_state: false,
            tolerance: DEFAULT_TOLERANCE,
            strict_epsilon: false,
            explain_limit: 20,
        }
    }
}

/// The verdict on one plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Every step applies and the goal holds at the end.
    Valid,
    /// A step cannot be applied (see [`Validation::failure`]).
    Invalid,
    /// Every step applies, but the goal does not hold at the end.
    GoalNotReached,
    /// The plan does not name well-typed actions (see [`Validation::errors`]): an invalid plan,
    /// as VAL has it, reported before anything is executed.
    Malformed,
    /// The task uses something the validator does not support (see [`Validation::errors`]).
    Unsupported,
}

impl Verdict {
    pub fn is_valid(self) -> bool {
        self == Verdict::Valid
    }
}

/// What went wrong at the failing step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FailureKind {
    /// A precondition (or `at start` / `at end` condition) is false.
    Precondition,
    /// An `over all` condition of a running durative action is false.
    Invariant,
    /// The duration violates the action's duration constraints.
    Duration,
    /// An effect cannot be applied: an undefined or conflicting numeric update, division by zero.
    Effect,
    /// Two happenings that interfere are simultaneous (one happening, VAL's "mutex violation"),
    /// or, with [`Options::strict_epsilon`], closer than the tolerance.
    Interference,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Failure {
    pub kind: FailureKind,
    /// 1-based index of the step in the plan.
    pub step: usize,
    /// Line in the plan file (0 for a plan built in memory).
    pub line: u32,
    /// The time of the failing happening, for temporal plans.
    pub time: Option<f64>,
    /// The ground action, `(pick ball1 rooma left)`.
    pub action: String,
    pub message: String,
    /// The false literals, each with what would have to hold.
    pub unsatisfied: Vec<Unsatisfied>,
}

/// Where the reported cost comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CostSource {
    /// The increase of `(total-cost)` over the plan.
    TotalCost,
    /// The number of steps (the domain has no action costs).
    PlanLength,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MetricValue {
    /// `minimize` or `maximize`.
    pub optimization: String,
    pub expression: String,
    /// `None` when it cannot be evaluated (see `error`).
    pub value: Option<f64>,
    pub error: Option<String>,
}

/// One applied step (or happening) with its effect on the state.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraceStep {
    pub step: usize,
    pub line: u32,
    pub time: Option<f64>,
    /// The action, with `start`/`end` for the happenings of durative actions.
    pub happening: String,
    pub added: Vec<String>,
    pub deleted: Vec<String>,
    /// `(fluent, before, after)`; `before` is `None` when the fluent was undefined.
    pub updated: Vec<(String, Option<f64>, f64)>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FinalState {
    pub atoms: Vec<String>,
    pub values: Vec<(String, f64)>,
}

/// The report on one plan.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Validation {
    pub verdict: Verdict,
    pub temporal: bool,
    /// Steps in the plan.
    pub steps: usize,
    /// Steps applied before validation stopped (all of them unless the verdict is `invalid`).
    pub applied: usize,
    /// The plan's cost, for valid plans and plans that miss the goal.
    pub cost: Option<f64>,
    pub cost_source: CostSource,
    /// The `:metric` value, when the problem has a metric and the plan was executed to the end.
    pub metric: Option<MetricValue>,
    /// The time of the last happening, for temporal plans executed to the end.
    pub makespan: Option<f64>,
    pub failure: Option<Failure>,
    /// Goal literals false at the end, for `goal-not-reached`.
    pub unmet_goals: Vec<Unsatisfied>,
    /// Plan errors (`malformed`) or unsupported constructs (`unsupported`).
    pub errors: Vec<PlanError>,
    /// Remarks that do not change the verdict.
    pub notes: Vec<String>,
    /// Filled when [`Options::trace`] is set.
    pub trace: Vec<TraceStep>,
    /// Filled when [`Options::final_state`] is set and the plan was executed to the end.
    pub final_state: Option<FinalState>,
}

impl Validation {
    fn without_run(verdict: Verdict, steps: usize, temporal: bool, errors: Vec<PlanError>) -> Validation {
        Validation {
            verdict,
            temporal,
            steps,
            applied: 0,
            cost: None,
            cost_source: CostSource::PlanLength,
            metric: None,
            makespan: None,
            failure: None,
            unmet_goals: Vec::new(),
            errors,
            notes: Vec::new(),
            trace: Vec::new(),
            final_state: None,
        }
    }

    /// The report as text, VAL-style (`Plan valid`, `Final value: 23`).
    pub fn to_text(&self) -> String {
        report::text(self)
    }
}

/// Validates a parsed plan file against a task. Steps naming unknown actions or objects, with the
/// wrong number of arguments or arguments of the wrong type make the verdict `malformed`, with one
/// error per bad step and its line.
pub fn validate(task: &Task, plan: &pddl::Plan, options: Options) -> Validation {
    match resolve(task, plan) {
        Ok(steps) => validate_steps(task, &steps, options),
        Err(errors) => Validation::without_run(Verdict::Malformed, plan.steps.len(), plan.is_temporal(), errors),
    }
}

/// Validates resolved steps. A plan is temporal when any step has a time; then every step needs
/// one, and durative actions need a duration.
pub fn validate_steps(task: &Task, steps: &[Step], options: Options) -> Validation {
    let temporal = steps.iter().any(|s| s.time.is_some());
    let mut errors = Vec::new();
    for s in steps {
        let Some(action) = task.domain.actions.get(s.action.index()) else {
            errors.push(PlanError::new(s.line, format!("there is no action with id {}", s.action.0)));
            continue;
        };
        if s.time.into_iter().chain(s.duration).any(|x| !x.is_finite() || x < 0.0) {
            errors.push(PlanError::new(s.line, "times and durations must be finite and not negative"));
        } else if temporal && s.time.is_none() {
            errors.push(PlanError::new(s.line, "this temporal plan has a step without a time"));
        } else if action.is_durative() && s.duration.is_none() {
            errors.push(PlanError::new(
                s.line,
                format!("`{}` is a durative action and needs a time and a `[duration]`", task.domain.name(action.name)),
            ));
        } else if action.params().len() != s.args.len() || s.args.iter().any(|o| o.index() >= task.objects.len()) {
            errors.push(PlanError::new(s.line, "the step's arguments do not fit the action"));
        }
    }
    if !errors.is_empty() {
        return Validation::without_run(Verdict::Malformed, steps.len(), temporal, errors);
    }
    if temporal {
        temporal::validate(task, steps, options)
    } else if !task.timed_literals.is_empty() {
        // VAL times the steps of an untimed plan 1, 2, 3, ...; the timed literals fire among
        // them, and every one of them before the goal is checked.
        let timed: Vec<Step> =
            steps.iter().enumerate().map(|(i, s)| Step { time: Some((i + 1) as f64), ..s.clone() }).collect();
        let mut v = temporal::validate(task, &timed, options);
        v.notes.push("the plan has no times: its steps happen at 1, 2, 3, ... as in VAL".into());
        v
    } else {
        sequential::validate(task, steps, options)
    }
}
