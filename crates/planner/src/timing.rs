//! Heuristics timed apart from search (`certplan heuristic time`): the task is prepared as the
//! planner prepares it (grounding, h2 and relevance pruning, mutex groups), a breadth-first
//! sample of its reachable states is drawn once, and every heuristic is evaluated on the same
//! sample ([`search::sample`]). Domain heuristics run their certificates first, as in planning.

use crate::{Limits, Outcome, Pruning, Statistics, prepare};
use search::HeuristicSpec;
use search::sample::Timing;

/// Times each heuristic of `specs` on the first `states` reachable states of `task`, `repeats`
/// passes each; with `alive_only`, on those of them that no heuristic of `specs` finds a dead end
/// (the states an A* search with any of them would expand). `budget` (CPU time) bounds each
/// heuristic's first pass ([`search::sample::time_evaluations`]), and the `alive_only` filter,
/// which then keeps the states it reached. `Err` is what stopped it before any timing: grounding
/// (unsolvable, too large), a construct a heuristic does not support, or a certificate's refusal
/// (FD's 34, the check named). `limits` bind grounding and pruning as in planning; the process
/// limits (`process::install`), if any, bind the rest.
pub fn time_heuristics(
    task: &model::lifted::Task,
    specs: &[HeuristicSpec],
    states: usize,
    alive_only: bool,
    repeats: usize,
    budget: Option<std::time::Duration>,
    limits: &Limits,
) -> Result<Vec<Timing>, Outcome> {
    crate::register_heuristics();
    let mut stats = Statistics::default();
    let ground = prepare(task, Pruning::default(), limits, &mut stats, &mut |_| {})?;
    // Sampling and timing are the search phase for the watchdog and the memory cap's last words.
    crate::process::enter(Some(crate::Phase::Search));
    let st = search::SearchTask::new(&ground).with_lifted(task);
    let conditional = ground.operators.iter().any(|o| !o.cond.is_empty());
    for spec in specs {
        // As the planner refuses them (`Config::unsupported`), and certificates first.
        if let Some(why) = spec.unsupported(conditional, !ground.axioms.is_empty(), ground.general_cost) {
            return Err(Outcome::Refused { reasons: vec![why] });
        }
        search::plugins::certify_heuristic(spec, &st).map_err(|why| Outcome::Refused { reasons: vec![why] })?;
    }
    let mut sample = search::sample::breadth_first(&st, states);
    let mut hs: Vec<_> = specs.iter().map(|spec| search::engine::make_heuristic(spec, &st)).collect();
    if alive_only {
        // Bounded too: the states up to where the budget ran out.
        let start = search::sample::cpu_seconds();
        let mut kept = Vec::new();
        for s in sample {
            if budget.is_some_and(|b| search::sample::cpu_seconds() - start > b.as_secs_f64()) {
                break;
            }
            if hs.iter_mut().all(|h| h.evaluate(&s, None).is_some()) {
                kept.push(s);
            }
        }
        sample = kept;
    }
    let mut out = Vec::new();
    for h in &mut hs {
        let t = search::sample::time_evaluations(h.as_mut(), &sample, repeats, budget)
            .map_err(|e| Outcome::Refused { reasons: vec![e] })?;
        out.push(t);
    }
    crate::process::enter(None);
    Ok(out)
}
