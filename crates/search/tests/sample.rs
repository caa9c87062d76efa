//! The sample of reachable states that `certplan heuristic time` measures heuristics on.

mod random_tasks;

use search::SearchTask;
use search::heuristic::{Blind, Heuristic, Value};
use search::sample::{breadth_first, time_evaluations};

/// A chain a0 -> a1 -> ... -> a(n-1) (one atom true at a time), goal a(n-1).
fn chain(n: usize) -> ground::GroundTask {
    let ops: Vec<random_tasks::RawOp> = (0..n - 1).map(|i| (1 << i, 0, 1 << (i + 1), 1 << i, 1)).collect();
    random_tasks::task(n, &ops, 1, 1 << (n - 1), 0)
}

#[test]
fn the_sample_is_breadth_first_and_capped() {
    let g = chain(5);
    let st = SearchTask::binary(&g);
    let all = breadth_first(&st, 100);
    assert_eq!(all.len(), 5, "a chain of 5 atoms has 5 reachable states");
    assert_eq!(all[0], st.initial_state());
    let three = breadth_first(&st, 3);
    assert_eq!(three[..], all[..3]);
    assert!(breadth_first(&st, 0).is_empty());

    let mut blind = Blind::new(&st);
    let t = time_evaluations(&mut blind, &all, 3, None).unwrap();
    assert_eq!((t.heuristic.as_str(), t.states, t.dead_ends, t.runs.len()), ("blind", 5, 0, 3));
    // Blind is 1 in the four states off the goal and 0 in the goal state.
    assert!((t.mean_h - 0.8).abs() < 1e-9, "{}", t.mean_h);
    assert!(t.runs.contains(&t.seconds_per_state));
}

#[test]
fn a_heuristic_that_is_not_a_function_of_the_state_is_reported() {
    struct Counter(u64);
    impl Heuristic for Counter {
        fn name(&self) -> &str {
            "counter"
        }
        fn evaluate(&mut self, _: &search::state::State, _: Option<&mut Vec<u32>>) -> Value {
            self.0 += 1;
            (!self.0.is_multiple_of(3)).then_some(self.0)
        }
        fn admissible(&self) -> bool {
            false
        }
    }
    let g = chain(4);
    let st = SearchTask::binary(&g);
    let all = breadth_first(&st, 10);
    // One pass: nothing to compare; its third value is a dead end.
    let once = time_evaluations(&mut Counter(0), &all, 1, None).unwrap();
    assert_eq!(once.dead_ends, 1);
    let err = time_evaluations(&mut Counter(0), &all, 2, None).unwrap_err();
    assert!(err.starts_with("counter: state 0 of the sample evaluated to Some(5)"), "{err}");
}

#[test]
fn a_pass_that_outlasts_its_budget_stops_at_a_multiple_of_16_states() {
    let g = chain(6);
    let st = SearchTask::binary(&g);
    let states: Vec<Vec<u64>> = breadth_first(&st, 10).into_iter().cycle().take(100).collect();
    let mut blind = Blind::new(&st);
    let t = time_evaluations(&mut blind, &states, 3, Some(std::time::Duration::ZERO)).unwrap();
    assert_eq!((t.states, t.cut, t.runs.len()), (16, true, 1));
    let t = time_evaluations(&mut blind, &states, 3, Some(std::time::Duration::from_secs(3600))).unwrap();
    assert_eq!((t.states, t.cut, t.runs.len()), (100, false, 3));
}
