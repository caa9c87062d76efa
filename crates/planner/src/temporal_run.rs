//! The temporal planner (crate `temporal`) behind the same door: chosen for tasks with durative
//! actions or timed initial literals, or by `--search temporal(...)`. Its plan is validated here
//! like every other, by `val` on the lifted task at VAL's default tolerance, before it is handed
//! out as a [`ValidatedPlan`].

use crate::{Event, Limits, Outcome, Phase, Statistics, ValidatedPlan, process};
use model::lifted::Task;
use std::time::Instant;

pub(crate) fn run(
    task: &Task,
    config: &temporal::Config,
    limits: &Limits,
    stats: &mut Statistics,
    on: &mut dyn FnMut(Event),
) -> Outcome {
    process::enter(Some(Phase::Ground));
    let report = temporal::plan_with(task, config, limits.deadline, limits.memory_bytes, &mut |g| {
        stats.times.add(Phase::Ground, g.seconds);
        stats.temporal = Some(g.clone());
        on(Event::PhaseDone { phase: Phase::Ground, statistics: stats });
        process::enter(Some(Phase::Search));
    });
    if let Some(s) = &report.search {
        stats.times.add(Phase::Search, s.seconds);
        stats.search = Some(s.clone());
    }
    let plan = match report.outcome {
        temporal::Outcome::Solved(p) => p,
        temporal::Outcome::Unsolvable { stage } => return Outcome::Unsolvable { phase: phase(stage) },
        temporal::Outcome::UnsolvedIncomplete => return Outcome::UnsolvedIncomplete,
        temporal::Outcome::OutOfTime { stage } => return Outcome::OutOfTime { phase: phase(stage) },
        temporal::Outcome::OutOfMemory => return Outcome::OutOfMemory { phase: Phase::Search },
        temporal::Outcome::Refused { reasons } => return Outcome::Refused { reasons },
    };
    on(Event::PhaseDone { phase: Phase::Search, statistics: stats });

    process::enter(Some(Phase::Validate));
    let t = Instant::now();
    let lines: Vec<String> = plan.steps.iter().map(|s| s.text(task)).collect();
    let steps = plan.val_steps();
    let validation = val::validate_steps(task, &steps, val::Options::default());
    stats.times.add(Phase::Validate, t.elapsed().as_secs_f64());
    let cost = steps.len() as u64;
    let outcome = if !validation.verdict.is_valid() {
        Outcome::ValidationFailed { steps: lines, cost, reason: validation.to_text() }
    } else if validation.makespan.is_some_and(|m| (m - plan.makespan).abs() > 1e-6) {
        Outcome::ValidationFailed {
            steps: lines,
            cost,
            reason: format!(
                "the search's makespan {} differs from the validator's {:?}",
                plan.makespan, validation.makespan
            ),
        }
    } else {
        Outcome::Solved {
            plan: ValidatedPlan {
                steps: lines,
                cost,
                unit_cost: true,
                optimal: false,
                makespan: Some(plan.makespan),
                metric: None,
            },
        }
    };
    on(Event::PhaseDone { phase: Phase::Validate, statistics: stats });
    outcome
}

fn phase(s: temporal::Stage) -> Phase {
    match s {
        temporal::Stage::Ground => Phase::Ground,
        temporal::Stage::Search => Phase::Search,
    }
}
