//! Strong and weak stubborn sets on random small tasks, in every state: the cheapest plan that uses only
//! the operators the pruning keeps costs exactly the true optimum (so A* on the pruned space is
//! optimal from every state it reaches), with negative preconditions and goals and zero costs.

mod random_tasks;

use ground::GroundTask;
use proptest::prelude::*;
use random_tasks::{MAX_ATOMS, RawOp, atoms, mask, raw_op, task};
use search::SearchTask;
use search::pruning::{PruningSpec, StubbornSets};
use std::collections::BinaryHeap;

/// The cheapest cost to a goal state from every one of the 2^n states, over the transitions
/// `succ(s)` allows (Dijkstra backwards from all goal states).
fn costs_to_goal(g: &GroundTask, succ: &dyn Fn(u32) -> Vec<usize>) -> Vec<Option<u64>> {
    let n = g.atoms.len();
    let (goal, goal_neg) = (mask(&g.goal), mask(&g.goal_neg));
    // Reverse edges: (target, source, cost).
    let mut preds: Vec<Vec<(u32, u64)>> = vec![Vec::new(); 1 << n];
    for s in 0..(1u32 << n) {
        for o in succ(s) {
            let op = &g.operators[o];
            let t = (s & !mask(&op.del)) | mask(&op.add);
            preds[t as usize].push((s, op.cost));
        }
    }
    let mut dist = vec![None; 1 << n];
    let mut heap = BinaryHeap::new();
    for s in 0..(1u32 << n) {
        if s & goal == goal && s & goal_neg == 0 {
            heap.push(std::cmp::Reverse((0u64, s)));
        }
    }
    while let Some(std::cmp::Reverse((d, t))) = heap.pop() {
        if dist[t as usize].is_some() {
            continue;
        }
        dist[t as usize] = Some(d);
        for &(s, c) in &preds[t as usize] {
            if dist[s as usize].is_none() {
                heap.push(std::cmp::Reverse((d + c, s)));
            }
        }
    }
    dist
}

fn check(n: usize, ops: Vec<RawOp>, goal: u32, goal_neg: u32, weak: bool) -> Result<(), TestCaseError> {
    let g = task(n, &ops, 0, goal, goal_neg);
    let st = SearchTask::binary(&g);
    let pruner = std::cell::RefCell::new(StubbornSets::new(&st, &PruningSpec { weak, limit: None }));
    // What the successor generator hands the engine: the operators whose positive preconditions hold.
    let applicable = |s: u32| -> Vec<usize> {
        (0..g.operators.len()).filter(|&o| s & mask(&g.operators[o].pre) == mask(&g.operators[o].pre)).collect()
    };
    let all =
        costs_to_goal(&g, &|s| applicable(s).into_iter().filter(|&o| s & mask(&g.operators[o].pre_neg) == 0).collect());
    let pruned = costs_to_goal(&g, &|s| {
        let gs = GroundTask { init: atoms(s), ..g.clone() };
        let state = SearchTask::binary(&gs).initial_state();
        let mut ops: Vec<u32> = applicable(s).into_iter().map(|o| o as u32).collect();
        pruner.borrow_mut().prune(&st, &state, &mut ops);
        ops.into_iter().map(|o| o as usize).filter(|&o| s & mask(&g.operators[o].pre_neg) == 0).collect()
    });
    for s in 0..(1u32 << n) {
        prop_assert_eq!(pruned[s as usize], all[s as usize], "state {:#b}, weak {}", s, weak);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn stubborn_sets_keep_an_optimal_plan_from_every_state(
        n in 1usize..=MAX_ATOMS,
        ops in prop::collection::vec(raw_op(0u64..4), 1..12),
        goal in 0u32..(1 << MAX_ATOMS),
        goal_neg in prop_oneof![3 => Just(0u32), 1 => 0u32..(1 << MAX_ATOMS)],
    ) {
        check(n, ops.clone(), goal, goal_neg, false)?;
        check(n, ops, goal, goal_neg, true)?;
    }
}
