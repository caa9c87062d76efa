//! Partial-order reduction (`pruning=stubborn_sets_simple()`): A* keeps its optimal costs on every
//! classical domain of the library and on IPC 2023 tasks, prunes where operators are independent
//! (satellite), and stays off, saying why, where its reading of interference does not apply.

use planner::{Options, Outcome, Problem, plan};
use std::time::{Duration, Instant};

/// A run under a generous time limit (debug builds under CI load are slow); a run that hits it is
/// left out of the comparison, never counted as a different cost.
fn run(task: &model::lifted::Task, search: &str) -> planner::Report {
    planner::register_heuristics();
    let cfg = search::parse(search).unwrap_or_else(|e| panic!("{search}: {e}"));
    let limits = planner::Limits { deadline: Some(Instant::now() + Duration::from_secs(60)), memory_bytes: None };
    let options = Options { numeric: None, search: &cfg, pruning: Default::default(), limits, started: None };
    plan(Problem::Pddl(task), &options, &mut |_| {})
}

fn cost(o: &Outcome) -> Option<u64> {
    match o {
        Outcome::Solved { plan } => Some(plan.cost()),
        _ => None,
    }
}

const SSS: &str = "pruning=stubborn_sets_simple()";

/// The smallest training-size instances of every library domain the classical planner takes,
/// three seeds each: blind A* and A* with LM-cut, with and without pruning, find the same costs.
#[test]
fn stubborn_sets_keep_optimal_costs_on_every_library_domain() {
    let mut compared = 0;
    let mut pruned_somewhere = false;
    for dom in domains::library() {
        let Some(split) = dom.splits.first() else { continue };
        for seed in 1..=3 {
            let params = dom.split_params(split, 0, 10).unwrap();
            let problem = dom.generate(&params, seed, "t").unwrap();
            let Ok(task) = domains::task(dom.pddl, &problem) else { continue };
            for h in ["blind()", "lmcut()"] {
                let plain = run(&task, &format!("astar({h})"));
                let Some(c) = cost(&plain.outcome) else { continue };
                let pruned = run(&task, &format!("astar({h}, {SSS})"));
                if matches!(pruned.outcome, Outcome::OutOfTime { .. }) {
                    continue;
                }
                assert_eq!(cost(&pruned.outcome), Some(c), "{} seed {seed}, {h}", dom.name);
                let (p, s) = (plain.statistics.search.unwrap(), pruned.statistics.search.unwrap());
                let stats = s.pruning.expect("pruning statistics");
                assert!(stats.successors_after <= stats.successors_before);
                if stats.off.is_none() && stats.successors_after < stats.successors_before {
                    pruned_somewhere = true;
                }
                // Blind search expands every state cheaper than the optimum, and a pruned space has no more.
                if h == "blind()" && stats.off.is_none() {
                    let (a, b) = (s.expanded_until_last_jump, p.expanded_until_last_jump);
                    assert!(a <= b, "{} seed {seed}: {a} > {b}", dom.name);
                }
                compared += 1;
            }
        }
    }
    assert!(compared >= 40, "only {compared} comparisons");
    assert!(pruned_somewhere);
}

/// IPC 2023 test tasks (negative preconditions in ferry, satellite and childsnack): the domain
/// heuristics under deferred evaluation and LM-cut keep their costs; satellite's independent
/// satellites are pruned hard.
#[test]
fn stubborn_sets_keep_optimal_costs_on_ipc2023_tasks() {
    let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/ipc2023-test");
    if !corpus::require(
        "stubborn_sets_keep_optimal_costs_on_ipc2023_tasks",
        base.is_dir(),
        "../shared/ipc2023-test is absent",
    ) {
        return;
    }
    let names = [
        "blocksworld",
        "childsnack",
        "ferry",
        "floortile",
        "miconic",
        "rovers",
        "satellite",
        "sokoban",
        "spanner",
        "transport",
    ];
    for name in names {
        let domain = std::fs::read_to_string(base.join(name).join("domain.pddl")).unwrap();
        for i in 1..=3 {
            let f = base.join(name).join(format!("easy/p{i:02}.pddl"));
            let task = domains::task(&domain, &std::fs::read_to_string(&f).unwrap()).unwrap();
            for search in [format!("{name}()"), "lmcut()".to_string()] {
                let plain = run(&task, &format!("astar({search}, deferred=true)"));
                let pruned = run(&task, &format!("astar({search}, deferred=true, {SSS})"));
                assert_eq!(cost(&pruned.outcome), cost(&plain.outcome), "{}, {search}", f.display());
                assert!(cost(&plain.outcome).is_some(), "{}, {search}: not solved", f.display());
                if name == "satellite" {
                    let stats = pruned.statistics.search.unwrap().pruning.unwrap();
                    let (b, a) = (stats.successors_before, stats.successors_after);
                    assert!(a * 2 <= b, "{}: {a} of {b} successors kept", f.display());
                }
            }
        }
    }
}

#[test]
fn limited_pruning_switches_off_where_nothing_is_pruned_and_configs_are_checked() {
    // One ferry, one car aboard at a time: almost nothing is independent.
    let dom = domains::find("ferry").unwrap();
    let settings = [("cars".to_string(), 4), ("locations".to_string(), 4)];
    let problem = dom.generate(&dom.params(&settings).unwrap(), 1, "t").unwrap();
    let task = domains::task(dom.pddl, &problem).unwrap();
    let limited = "pruning=limited_pruning(pruning=stubborn_sets_simple(), min_required_pruning_ratio=0.9, \
                   expansions_before_checking_pruning_ratio=50)";
    let r = run(&task, &format!("astar(blind(), {limited})"));
    let plain = run(&task, "astar(blind())");
    assert_eq!(cost(&r.outcome), cost(&plain.outcome));
    let stats = r.statistics.search.unwrap().pruning.unwrap();
    assert!(stats.off.as_deref().is_some_and(|m| m.contains("switched off after 50 expansions")), "{stats:?}");
    assert!(run(&task, "astar(blind(), pruning=null())").statistics.search.unwrap().pruning.is_none());
    for bad in [
        "astar(blind(), pruning=atom_centric_stubborn_sets())",
        "astar(blind(), pruning=limited_pruning(min_required_pruning_ratio=0.5))",
        "astar(blind(), pruning=limited_pruning(pruning=stubborn_sets_simple(), min_required_pruning_ratio=2))",
        "astar(blind(), pruning=stubborn_sets_simple(x=1))",
        "lazy_greedy([ff()], pruning=stubborn_sets_simple())",
    ] {
        assert!(search::parse(bad).is_err(), "{bad}");
    }
}
