//! Measuring what one heuristic evaluation costs, apart from search: a fixed sample of reachable
//! states, and each heuristic timed on all of it. Time per expansion of a search mixes the
//! heuristic with successor generation, the state registry and the open list, a cost that no
//! heuristic can go below (on small tasks it is most of the time); time per state on one sample
//! compares the heuristics alone, on the same states.

use crate::heuristic::{Heuristic, Value};
use crate::registry::StateRegistry;
use crate::state::SearchTask;
use crate::successor::SuccessorGenerator;
use std::time::Duration;

/// The calling thread's CPU time in seconds: on a shared machine, a process that waits for a core
/// is not charged for the wait, as it is by the wall clock (a pass over the sample of one
/// heuristic would otherwise be compared with a pass of another under a different load).
#[cfg(unix)]
pub fn cpu_seconds() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `t` is a valid, writable timespec; the clock id is a constant POSIX defines.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    if rc == 0 { t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9 } else { wall_seconds() }
}

#[cfg(not(unix))]
pub fn cpu_seconds() -> f64 {
    wall_seconds()
}

/// The fallback: seconds since the first call.
fn wall_seconds() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64()
}

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
        succ.for_each_successor(t, &s, &mut ops, &mut next, |_, next| {
            reg.insert(next);
            reg.len() < limit
        });
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
/// Time is the thread's CPU time. A first pass that outlasts `budget` (CPU time) stops there: the time per state is then that of the
/// states it evaluated, the first of the sample (`states` says how many), and no pass follows.
pub fn time_evaluations(
    h: &mut dyn Heuristic,
    states: &[Vec<u64>],
    repeats: usize,
    budget: Option<Duration>,
) -> Result<Timing, String> {
    let mut first: Vec<Value> = Vec::with_capacity(states.len());
    let mut runs = Vec::new();
    let budget = budget.map(|b| b.as_secs_f64());
    let start = cpu_seconds();
    for s in states {
        first.push(h.evaluate(s, None));
        // Reading the clock costs little beside any heuristic worth timing with a budget.
        if first.len().is_multiple_of(16) && budget.is_some_and(|b| cpu_seconds() - start > b) {
            break;
        }
    }
    runs.push((cpu_seconds() - start) / first.len().max(1) as f64);
    let cut = first.len() < states.len();
    for _ in 1..if cut { 1 } else { repeats.max(1) } {
        let start = cpu_seconds();
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
        runs.push((cpu_seconds() - start) / states.len().max(1) as f64);
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
