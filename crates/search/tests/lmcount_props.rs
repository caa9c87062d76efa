//! Landmarks, lmcount and the engines' FD options on random small tasks, checked against
//! exhaustive search over all 2^n states: every landmark found is one (no plan avoids it),
//! lmcount is 0 in goal states and infinite only in dead ends, lama-first solves exactly the
//! solvable tasks, and `bound` / `cost_type` behave as in Fast Downward.

mod random_tasks;

use ground::GroundTask;
use proptest::prelude::*;
use random_tasks::{MAX_ATOMS, RawOp, atoms, mask, raw_op, task};
use search::engine::make_heuristic;
use search::heuristics::lmcount::LmCount;
use search::{Limits, Outcome, SearchTask};
use std::collections::BinaryHeap;

struct Space {
    ops: Vec<RawOp>,
    goal: u32,
    goal_neg: u32,
}

impl Space {
    fn new(g: &GroundTask) -> Space {
        Space {
            ops: g
                .operators
                .iter()
                .map(|o| (mask(&o.pre), mask(&o.pre_neg), mask(&o.add), mask(&o.del), o.cost))
                .collect(),
            goal: mask(&g.goal),
            goal_neg: mask(&g.goal_neg),
        }
    }
    fn is_goal(&self, s: u32) -> bool {
        s & self.goal == self.goal && s & self.goal_neg == 0
    }
    /// The cheapest cost from `s` to a goal state through states satisfying `allowed`, with
    /// each operator's cost mapped by `cost`.
    fn h_star(&self, s: u32, allowed: &dyn Fn(u32) -> bool, cost: &dyn Fn(u64) -> u64) -> Option<u64> {
        if !allowed(s) {
            return None;
        }
        let mut dist = vec![u64::MAX; 1 << MAX_ATOMS];
        let mut heap = BinaryHeap::new();
        dist[s as usize] = 0;
        heap.push(std::cmp::Reverse((0u64, s)));
        while let Some(std::cmp::Reverse((d, s))) = heap.pop() {
            if d > dist[s as usize] {
                continue;
            }
            if self.is_goal(s) {
                return Some(d);
            }
            for &(pre, pre_neg, add, del, c) in &self.ops {
                if s & pre == pre && s & pre_neg == 0 {
                    let t = (s & !del) | add;
                    let nd = d + cost(c);
                    if allowed(t) && nd < dist[t as usize] {
                        dist[t as usize] = nd;
                        heap.push(std::cmp::Reverse((nd, t)));
                    }
                }
            }
        }
        None
    }
}

fn lmcount(st: &SearchTask, text: &str) -> Box<dyn search::heuristic::Heuristic> {
    let cfg = search::parse(&format!("lazy_greedy([{text}])")).unwrap();
    make_heuristic(&cfg.heuristics[0], st)
}

fn run(g: &GroundTask, config: &str) -> Outcome {
    let st = SearchTask::new(g);
    let cfg = search::parse(config).unwrap();
    search::search(&st, &cfg, Limits::default(), &mut |_| {}).outcome
}

fn plan_cost(g: &GroundTask, plan: &[u32]) -> u64 {
    plan.iter().map(|&o| g.operators[o as usize].cost).sum()
}

fn check(n: usize, ops: Vec<RawOp>, init: u32, goal: u32, goal_neg: u32) -> Result<(), TestCaseError> {
    let g = task(n, &ops, init, goal, goal_neg);
    let space = Space::new(&g);
    let init = atoms(init).iter().fold(0u32, |m, &a| m | 1 << a) & ((1 << n) - 1);
    let star = space.h_star(init, &|_| true, &|c| c);
    let st = SearchTask::binary(&g);
    for factory in ["lm_rhw()", "lm_reasonable_orders_hps(lm_rhw())"] {
        let lm =
            LmCount::new(&st, &search::parse(&format!("lazy_greedy([lmcount({factory})])")).unwrap().heuristics[0]);
        for l in &lm.graph().landmarks {
            let (a, positive) = l.fact;
            let holds = move |s: u32| (s >> a & 1 == 1) == positive;
            // A plan that never passes a state where the landmark holds refutes it.
            let avoiding = space.h_star(init, &|s| !holds(s), &|c| c);
            prop_assert!(avoiding.is_none(), "{:?} is no landmark: a plan of cost {:?} avoids it", l.fact, avoiding);
        }
    }
    // lmcount: 0 in goal states, infinite only in dead ends (each state seen as an initial state).
    let mut h = lmcount(&st, "lmcount(lm_reasonable_orders_hps(lm_rhw()), pref=true)");
    for s in 0..(1u32 << n) {
        let gs = GroundTask { init: atoms(s), ..g.clone() };
        let state = SearchTask::binary(&gs).initial_state();
        h.set_state_id(s);
        h.notify_initial(s, &state);
        let mut pref = Vec::new();
        let v = h.evaluate(&state, Some(&mut pref));
        if space.is_goal(s) {
            prop_assert_eq!(v, Some(0), "lmcount not 0 in goal state {:#b}", s);
        }
        if v.is_none() {
            prop_assert!(space.h_star(s, &|_| true, &|c| c).is_none(), "lmcount infinite in {:#b}, not a dead end", s);
        }
        for &o in &pref {
            prop_assert!(SearchTask::binary(&gs).applicable(o as usize, &state), "preferred operator not applicable");
        }
    }
    // lama-first and a greedy lmcount search solve exactly the solvable tasks, with valid costs.
    for config in [
        search::alias("lama-first").unwrap(),
        "eager_greedy([lmcount(lm_rhw(), pref=true)], preferred=[lmcount(lm_rhw(), pref=true)])",
    ] {
        match (run(&g, config), star) {
            (Outcome::Solved { plan, cost }, Some(_)) => prop_assert_eq!(cost, plan_cost(&g, &plan)),
            (Outcome::Unsolvable, None) => {}
            (o, s) => prop_assert!(false, "{} gave {:?} where h* = {:?}", config, o, s),
        }
    }
    // bound: exclusive, on real costs, whatever the engine's cost type.
    if let Some(c) = star
        && c > 0
    {
        for ct in ["normal", "one", "plusone"] {
            match run(&g, &format!("astar(blind(), bound={c}, cost_type={ct})")) {
                Outcome::UnsolvedIncomplete => {}
                o => prop_assert!(false, "bound={} cost_type={}: {:?}", c, ct, o),
            }
            // With adjusted costs, the path kept to a state may not be the cheapest in real cost,
            // so (as in FD) a plan under the bound can be missed; one found is under it.
            match (run(&g, &format!("astar(blind(), bound={}, cost_type={ct})", c + 1)), ct) {
                (Outcome::Solved { plan, cost }, _) => {
                    prop_assert_eq!(cost, plan_cost(&g, &plan));
                    prop_assert!(cost <= c);
                }
                (Outcome::UnsolvedIncomplete, "one" | "plusone") => {}
                (o, _) => prop_assert!(false, "bound={} cost_type={}: {:?}", c + 1, ct, o),
            }
        }
        // cost_type=one: A* minimizes the number of steps; the real cost is reported.
        let steps = space.h_star(init, &|_| true, &|_| 1).unwrap();
        match run(&g, "astar(blind(), cost_type=one)") {
            Outcome::Solved { plan, cost } => {
                prop_assert_eq!(plan.len() as u64, steps);
                prop_assert_eq!(cost, plan_cost(&g, &plan));
            }
            o => prop_assert!(false, "cost_type=one: {:?}", o),
        }
    } else if star.is_none() {
        prop_assert_eq!(run(&g, "astar(blind(), bound=3)"), Outcome::UnsolvedIncomplete);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn landmarks_are_landmarks_and_options_hold(
        n in 1usize..=MAX_ATOMS,
        ops in prop::collection::vec(raw_op(0u64..4), 1..10),
        init in 0u32..(1 << MAX_ATOMS),
        goal in 0u32..(1 << MAX_ATOMS),
        goal_neg in prop_oneof![3 => Just(0u32), 1 => 0u32..(1 << MAX_ATOMS)],
    ) {
        check(n, ops, init, goal, goal_neg)?;
    }
}
