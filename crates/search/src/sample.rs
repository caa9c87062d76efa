//! Measuring what one heuristic evaluation costs, apart from search: a fixed sample of reachable
//! states, and each heuristic timed on all of it. Time per expansion of a search mixes the
//! heuristic with successor generation, the state registry and the open list, a cost that no
//! heuristic can go below (on small tasks it is most of the time); time per state on one sample
//! compares the heuristics alone, on the same states.

use crate::heuristic::{Heuristic, Value};
use crate::registry::StateRegistry;
use crate::state::SearchTask;
use crate::successor::SuccessorGenerator;
use std::time::{Duration, Instant};

/// The first `limit` states reachable from the initial state, breadth first (the initial state
/// first), as the audits walk them: the states a search generates near the top of its space,
/// dead ends included. Fewer where the task has fewer.
pub fn breadth_first(t: &SearchTask, limit: usize) -> Vec<Vec<u64>> {
    let succ = SuccessorGenerator::new(t);
    let mut reg = StateRegistry::new(t.words);
    if limit == 0 {
        return Vec::new();
    }
    reg.insert(&t.initial_state());
    let (mut ops, mut next) = (Vec::new(), Vec::new());
    let mut i = 0u32;
    while (i as usize) < reg.len() && reg.len() < limit {
        let s = reg.get(i).to_vec();
        ops.clear();
        succ.applicable(&s, &mut ops);
        for &op in &ops {
            if !t.negative_ok(op as usize, &s) {
                continue;
            }
            t.apply(op as usize, &s, &mut next);
            reg.insert(&next);
            if reg.len() >= limit {
                break;
            }
        }
        i += 1;
    }
    (0..reg.len() as u32).map(|id| reg.get(id).to_vec()).collect()
}

/// One heuristic on one sample.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Timing {
    pub heuristic: String,
    /// The states it evaluated: the sample's, or its first ones where the budget ran out.
    pub states: usize,
    /// Whether the budget ran out in the first pass.
    pub cut: bool,
    /// States it found dead ends (h infinite).
    pub dead_ends: usize,
    /// The mean of its finite values.
    pub mean_h: f64,
    /// The median, over the repetitions, of the time of one pass over the sample divided by its
    /// states.
    pub seconds_per_state: f64,
    /// Each repetition's time per state, in order.
    pub runs: Vec<f64>,
}

/// Evaluates `h` on every state of `states`, `repeats` times (at least once), and takes the
/// median pass. The values of the first pass give the dead ends and the mean; a heuristic whose
/// value changed between passes is not a function of the state, which is a bug worth hearing of.
/// A first pass that outlasts `budget` stops there: the time per state is then that of the
/// states it evaluated, the first of the sample (`states` says how many), and no pass follows.
pub fn time_evaluations(
    h: &mut dyn Heuristic,
    states: &[Vec<u64>],
    repeats: usize,
    budget: Option<Duration>,
) -> Result<Timing, String> {
    let mut first: Vec<Value> = Vec::with_capacity(states.len());
    let mut runs = Vec::new();
    let start = Instant::now();
    for s in states {
        first.push(h.evaluate(s, None));
        // Reading the clock costs little beside any heuristic worth timing with a budget.
        if first.len().is_multiple_of(16) && budget.is_some_and(|b| start.elapsed() > b) {
            break;
        }
    }
    runs.push(start.elapsed().as_secs_f64() / first.len().max(1) as f64);
    let cut = first.len() < states.len();
    for _ in 1..if cut { 1 } else { repeats.max(1) } {
        let start = Instant::now();
        for (i, s) in states.iter().enumerate() {
            let v = h.evaluate(s, None);
            if v != first[i] {
                return Err(format!(
                    "{}: state {i} of the sample evaluated to {v:?}, then to {:?}",
                    h.name(),
                    first[i]
                ));
            }
        }
        runs.push(start.elapsed().as_secs_f64() / states.len().max(1) as f64);
    }
    let mut sorted = runs.clone();
    sorted.sort_by(f64::total_cmp);
    let finite: Vec<u64> = first.iter().filter_map(|v| *v).collect();
    Ok(Timing {
        heuristic: h.name().to_string(),
        states: first.len(),
        cut,
        dead_ends: first.len() - finite.len(),
        mean_h: if finite.is_empty() { 0.0 } else { finite.iter().sum::<u64>() as f64 / finite.len() as f64 },
        seconds_per_state: sorted[sorted.len() / 2],
        runs,
    })
}
