//! Domain heuristics (crate `dheur`) through the planner: selected by name in the search
//! language, optimal plans equal to LM-cut's, and a certificate refusal that names its check
//! (exit 34), or falls back to LM-cut when told to.

use planner::{Options, Outcome, Problem, plan};

fn solve(task: &model::lifted::Task, search: &str) -> Outcome {
    planner::register_heuristics();
    let cfg = search::parse(search).unwrap_or_else(|e| panic!("{search}: {e}"));
    let options =
        Options { numeric: None, search: &cfg, pruning: Default::default(), limits: Default::default(), started: None };
    plan(Problem::Pddl(task), &options, &mut |_| {}).outcome
}

fn cost(o: &Outcome) -> u64 {
    match o {
        Outcome::Solved { plan } => plan.cost(),
        other => panic!("not solved: {other:?}"),
    }
}

#[test]
fn domain_heuristics_find_the_costs_lmcut_finds() {
    for (name, settings) in [
        ("spanner", vec![("spanners", 3), ("nuts", 2), ("locations", 3)]),
        ("miconic", vec![("passengers", 3), ("floors", 4)]),
        ("ferry", vec![("cars", 2), ("locations", 3)]),
        ("childsnack", vec![("children", 2), ("allergic", 1), ("trays", 1), ("sandwiches", 2), ("tables", 1)]),
        ("floortile", vec![("rows", 2), ("columns", 2), ("robots", 1)]),
    ] {
        let dom = domains::find(name).unwrap();
        let settings: Vec<(String, u32)> = settings.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        let problem = dom.generate(&dom.params(&settings).unwrap(), 7, "t").unwrap();
        let task = domains::task(dom.pddl, &problem).unwrap();
        let lmcut = solve(&task, "astar(lmcut())");
        let ours = solve(&task, &format!("astar({name}())"));
        assert_eq!(cost(&ours), cost(&lmcut), "{name}");
    }
}

#[test]
fn a_refused_certificate_names_its_check_or_falls_back() {
    let dom = domains::find("floortile").unwrap();
    let settings = [("rows".to_string(), 2), ("columns".to_string(), 2), ("robots".to_string(), 1)];
    let problem = dom.generate(&dom.params(&settings).unwrap(), 3, "t").unwrap();
    // The defect of IPC 2023 floortile training p08: a robot's tile also clear.
    let robot_tile =
        problem.split("(robot-at ").nth(1).unwrap().split(')').next().unwrap().split_whitespace().nth(1).unwrap();
    let bad = problem.replacen("(:init", &format!("(:init (clear {robot_tile})"), 1);
    let task = domains::task(dom.pddl, &bad).unwrap();
    match solve(&task, "astar(floortile())") {
        Outcome::Refused { reasons } => assert!(reasons[0].contains("occupied-tiles-not-clear"), "{reasons:?}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(solve(&task, "astar(floortile())").exit_code(), planner::exit::UNSUPPORTED);
    assert!(matches!(solve(&task, "astar(floortile(on_refusal=lmcut))"), Outcome::Solved { .. }));
}
