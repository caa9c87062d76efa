//! LM-cut on random small tasks, in every state: a lower bound on the true cost to the goal (so A*
//! with it is optimal), at least hmax, "dead end" only where the goal is really unreachable, and
//! the same with 32-bit and 64-bit costs.

mod random_tasks;

use ground::GroundTask;
use proptest::prelude::*;
use random_tasks::{MAX_ATOMS, RawOp, atoms, mask, raw_op, task};
use search::SearchTask;
use search::heuristic::{Combine, Heuristic, RelaxationHeuristic};
use search::lmcut::LmCut;
use std::collections::BinaryHeap;

/// The cheapest cost from `s` to a goal state (Dijkstra over all 2^n states), `None` if none.
fn h_star(g: &GroundTask, s: u32) -> Option<u64> {
    let ops: Vec<(u32, u32, u32, u32, u64)> =
        g.operators.iter().map(|o| (mask(&o.pre), mask(&o.pre_neg), mask(&o.add), mask(&o.del), o.cost)).collect();
    let (goal, goal_neg) = (mask(&g.goal), mask(&g.goal_neg));
    let mut dist = vec![u64::MAX; 1 << g.atoms.len()];
    let mut heap = BinaryHeap::new();
    dist[s as usize] = 0;
    heap.push(std::cmp::Reverse((0u64, s)));
    while let Some(std::cmp::Reverse((d, s))) = heap.pop() {
        if d > dist[s as usize] {
            continue;
        }
        if s & goal == goal && s & goal_neg == 0 {
            return Some(d);
        }
        for &(pre, pre_neg, add, del, cost) in &ops {
            if s & pre == pre && s & pre_neg == 0 {
                let t = (s & !del) | add;
                if d + cost < dist[t as usize] {
                    dist[t as usize] = d + cost;
                    heap.push(std::cmp::Reverse((d + cost, t)));
                }
            }
        }
    }
    None
}

fn check(n: usize, ops: Vec<RawOp>, goal: u32, goal_neg: u32) -> Result<(), TestCaseError> {
    let g = task(n, &ops, 0, goal, goal_neg);
    let st = SearchTask::binary(&g);
    let mut lmcut = LmCut::new(&st);
    let mut wide = LmCut::wide(&st);
    let mut hmax = RelaxationHeuristic::new(&st, Combine::Max, false);
    for s in 0..(1u32 << n) {
        let gs = GroundTask { init: atoms(s), ..g.clone() };
        let state = SearchTask::binary(&gs).initial_state();
        let (h, hw, hm) = (lmcut.evaluate(&state, None), wide.evaluate(&state, None), hmax.evaluate(&state, None));
        let star = h_star(&g, s);
        prop_assert_eq!(h, hw, "32-bit and 64-bit LM-cut differ in state {:#b}", s);
        prop_assert_eq!(h.is_none(), hm.is_none(), "LM-cut and hmax disagree on a dead end in {:#b}", s);
        match (h, star) {
            (None, Some(c)) => prop_assert!(false, "LM-cut says dead end in {:#b}, h* = {}", s, c),
            (Some(h), Some(c)) => prop_assert!(h <= c, "LM-cut {} > h* {} in state {:#b}", h, c, s),
            _ => {}
        }
        if let (Some(h), Some(m)) = (h, hm) {
            prop_assert!(h >= m, "LM-cut {} < hmax {} in state {:#b}", h, m, s);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn lmcut_is_admissible_and_dominates_hmax(
        n in 1usize..=MAX_ATOMS,
        ops in prop::collection::vec(raw_op(0u64..4), 1..10),
        goal in 0u32..(1 << MAX_ATOMS),
        goal_neg in prop_oneof![3 => Just(0u32), 1 => 0u32..(1 << MAX_ATOMS)],
    ) {
        check(n, ops, goal, goal_neg)?;
    }

    /// Costs past the bucket queue's range (its binary heap) and past 32 bits (64-bit costs).
    #[test]
    fn lmcut_with_large_costs(
        n in 1usize..=MAX_ATOMS,
        ops in prop::collection::vec(raw_op(prop_oneof![0u64..3, 1_000u64..100_000, (1u64 << 33)..(1u64 << 34)]), 1..10),
        goal in 0u32..(1 << MAX_ATOMS),
    ) {
        check(n, ops, goal, 0)?;
    }
}
