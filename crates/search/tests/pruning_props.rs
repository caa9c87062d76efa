//! Strong and weak stubborn sets on random small tasks, in every state: the cheapest plan that uses only
//! the operators the pruning keeps costs exactly the true optimum (so A* on the pruned space is
//! optimal from every state it reaches), with negative preconditions and goals and zero costs.

use ground::{AtomName, GroundTask, Operator};
use model::lifted::PredicateId;
use proptest::prelude::*;
use search::SearchTask;
use search::pruning::{PruningSpec, StubbornSets};
use std::collections::BinaryHeap;

const MAX_ATOMS: usize = 6;

fn atoms(mask: u32) -> Vec<u32> {
    (0..MAX_ATOMS as u32).filter(|a| mask & (1 << a) != 0).collect()
}

fn mask(v: &[u32]) -> u32 {
    v.iter().fold(0u32, |m, &a| m | 1 << a)
}

/// (pre, pre_neg, add, del, cost) bit masks.
type RawOp = (u32, u32, u32, u32, u64);

fn task(n: usize, ops: &[RawOp], goal: u32, goal_neg: u32) -> GroundTask {
    let keep = |m: u32| atoms(m & ((1 << n) - 1));
    GroundTask {
        atoms: (0..n).map(|i| AtomName { predicate: PredicateId(i as u32), args: Vec::new() }).collect(),
        operators: ops
            .iter()
            .map(|&(pre, pre_neg, add, del, cost)| Operator {
                action: None,
                args: Vec::new(),
                pre: keep(pre),
                pre_neg: keep(pre_neg & !pre),
                add: keep(add),
                del: keep(del & !add),
                cond: Vec::new(),
                cost,
            })
            .collect(),
        init: Vec::new(),
        goal: keep(goal),
        goal_neg: keep(goal_neg & !goal),
        general_cost: true,
        goal_atom: None,
        mutex_groups: Vec::new(),
        axioms: Vec::new(),
    }
}

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

fn raw_op() -> impl Strategy<Value = RawOp> {
    let m = 0u32..(1 << MAX_ATOMS);
    let neg = prop_oneof![3 => Just(0u32), 1 => 0u32..(1 << MAX_ATOMS)];
    (m.clone(), neg, 1u32..(1 << MAX_ATOMS), m, 0u64..4)
}

fn check(n: usize, ops: Vec<RawOp>, goal: u32, goal_neg: u32, weak: bool) -> Result<(), TestCaseError> {
    let g = task(n, &ops, goal, goal_neg);
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
        ops in prop::collection::vec(raw_op(), 1..12),
        goal in 0u32..(1 << MAX_ATOMS),
        goal_neg in prop_oneof![3 => Just(0u32), 1 => 0u32..(1 << MAX_ATOMS)],
    ) {
        check(n, ops.clone(), goal, goal_neg, false)?;
        check(n, ops, goal, goal_neg, true)?;
    }
}
