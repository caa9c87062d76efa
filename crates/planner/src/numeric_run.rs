//! The numeric planner's run (crate `numeric`): ground and search there, then the same trust
//! base as the classical run: the plan is executed by `val` on the lifted task, and only a plan it
//! accepts becomes a [`ValidatedPlan`], with the metric value the validator computed.

use crate::{Event, Outcome, Phase, Statistics, ValidatedPlan, process};
use model::lifted::Task;
use std::time::Instant;

fn phase_of(name: &str) -> Phase {
    if name == "ground" { Phase::Ground } else { Phase::Search }
}

pub(crate) fn run(task: &Task, options: &crate::Options, stats: &mut Statistics, on: &mut dyn FnMut(Event)) -> Outcome {
    let default;
    let config = match options.numeric {
        Some(c) => c,
        None => {
            default = numeric::Config::default();
            &default
        }
    };
    let limits = numeric::Limits { deadline: options.limits.deadline, memory_bytes: options.limits.memory_bytes };
    process::enter(Some(Phase::Search));
    let (outcome, st) = numeric::solve(task, config, &limits);
    stats.times.add(Phase::Ground, st.ground_seconds);
    stats.times.add(Phase::Search, st.search_seconds);
    stats.numeric = Some(st);
    let (steps, search_cost) = match outcome {
        numeric::Outcome::Solved { steps, cost } => (steps, cost),
        numeric::Outcome::Unsolvable { phase } => return Outcome::Unsolvable { phase: phase_of(phase) },
        numeric::Outcome::OutOfTime { phase } => return Outcome::OutOfTime { phase: phase_of(phase) },
        numeric::Outcome::OutOfMemory => return Outcome::OutOfMemory { phase: Phase::Search },
        numeric::Outcome::Refused { reasons } => return Outcome::Refused { reasons },
    };
    on(Event::PhaseDone { phase: Phase::Search, statistics: stats });

    process::enter(Some(Phase::Validate));
    let t = Instant::now();
    let lines: Vec<String> = steps.iter().map(|s| step_text(task, s)).collect();
    let vsteps: Vec<val::Step> = steps
        .iter()
        .map(|s| val::Step { action: s.action, args: s.args.clone(), time: None, duration: None, line: 0 })
        .collect();
    let validation = val::validate_steps(task, &vsteps, val::Options::default());
    stats.times.add(Phase::Validate, t.elapsed().as_secs_f64());
    let outcome = if !validation.verdict.is_valid() {
        Outcome::ValidationFailed { steps: lines, cost: steps.len() as u64, reason: validation.to_text() }
    } else {
        // The cost line: the increase of total-cost when the validator counts it and it is
        // integral, else the length; the metric as the validator computed it.
        let (cost, unit_cost) = match (validation.cost_source, validation.cost) {
            (val::CostSource::TotalCost, Some(c)) if c >= 0.0 && c.fract() == 0.0 => (c as u64, false),
            _ => (lines.len() as u64, true),
        };
        let metric = validation.metric.as_ref().and_then(|m| m.value);
        let cost_like = stats.numeric.as_ref().is_some_and(|n| n.cost_like);
        match metric {
            // The search's own count of a cost-like metric must be the validator's (up to the
            // metric's constant part, which no plan changes): a mismatch is a bug.
            Some(m) if cost_like && !agrees(task, m, search_cost) => Outcome::ValidationFailed {
                steps: lines,
                cost,
                reason: format!("the search's metric share {search_cost} differs from the validator's metric {m}"),
            },
            _ => Outcome::Solved {
                plan: ValidatedPlan {
                    steps: lines,
                    cost,
                    unit_cost,
                    optimal: config.optimal(),
                    metric,
                    makespan: None,
                },
            },
        }
    };
    on(Event::PhaseDone { phase: Phase::Validate, statistics: stats });
    outcome
}

/// Whether the metric value `m` of the plan is the search's cost plus the metric's value for the
/// empty plan (the initial values), within rounding.
fn agrees(task: &Task, m: f64, search_cost: f64) -> bool {
    let empty = val::validate_steps(task, &[], val::Options::default());
    // The empty plan misses the goal, but its metric is still computed where it can be.
    let base = empty.metric.and_then(|m| m.value);
    match base {
        Some(b) => (m - b - search_cost).abs() <= 1e-6 * (1.0 + m.abs()),
        None => true,
    }
}

fn step_text(task: &Task, s: &numeric::Step) -> String {
    let d = &task.domain;
    let mut t = format!("({}", d.name(d.actions[s.action.index()].name));
    for a in &s.args {
        t.push(' ');
        t.push_str(d.name(task.objects[a.index()].name));
    }
    t.push(')');
    t
}
