//! Domain heuristics (crate `dheur`) through the planner: selected by name in the search
//! language, optimal plans equal to LM-cut's, and a certificate refusal that names its check
//! (exit 34), or falls back to LM-cut when told to.

use planner::{Options, Outcome, Problem, plan};

fn solve(task: &model::lifted::Task, search: &str) -> Outcome {
    run(task, search).outcome
}

fn run(task: &model::lifted::Task, search: &str) -> planner::Report {
    planner::register_heuristics();
    let cfg = search::parse(search).unwrap_or_else(|e| panic!("{search}: {e}"));
    let options =
        Options { numeric: None, search: &cfg, pruning: Default::default(), limits: Default::default(), started: None };
    plan(Problem::Pddl(task), &options, &mut |_| {})
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

/// A* with deferred evaluation (`deferred=true`) finds the same optimal costs as A* with every
/// successor evaluated, with a consistent heuristic, with LM-cut (admissible, not consistent: the
/// popped state's value is raised to its parent's bound) and with none; and where the domain
/// heuristic is h* on the way (spanner), it evaluates a few states per expansion, not every
/// successor.
#[test]
fn deferred_evaluation_finds_the_same_costs() {
    for (name, settings) in [
        ("spanner", vec![("spanners", 4), ("nuts", 3), ("locations", 4)]),
        ("ferry", vec![("cars", 3), ("locations", 3)]),
        ("floortile", vec![("rows", 3), ("columns", 2), ("robots", 2)]),
        ("childsnack", vec![("children", 3), ("allergic", 1), ("trays", 2), ("sandwiches", 3), ("tables", 2)]),
    ] {
        let dom = domains::find(name).unwrap();
        let settings: Vec<(String, u32)> = settings.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        for seed in 1..=3 {
            let problem = dom.generate(&dom.params(&settings).unwrap(), seed, "t").unwrap();
            let task = domains::task(dom.pddl, &problem).unwrap();
            for h in [format!("{name}()"), "lmcut()".to_string(), "blind()".to_string()] {
                let eager = run(&task, &format!("astar({h})"));
                let deferred = run(&task, &format!("astar({h}, deferred=true)"));
                assert_eq!(cost(&deferred.outcome), cost(&eager.outcome), "{name} seed {seed}, {h}");
                if name == "spanner" && h.starts_with("spanner") {
                    let (e, d) = (eager.statistics.search.unwrap(), deferred.statistics.search.unwrap());
                    assert!(d.evaluated < e.evaluated, "{name} seed {seed}: {} vs {}", d.evaluated, e.evaluated);
                }
            }
        }
    }
    assert!(search::parse("eager_greedy([ff()], deferred=true)").is_err());
    // Tasks large enough for the order of expansions to matter: IPC 2023 test tasks.
    let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/ipc2023-test");
    if !corpus::require("deferred_evaluation_finds_the_same_costs", base.is_dir(), "../shared/ipc2023-test is absent") {
        return;
    }
    for name in ["blocksworld", "ferry", "transport", "sokoban", "satellite"] {
        let domain = std::fs::read_to_string(base.join(name).join("domain.pddl")).unwrap();
        for i in 1..=4 {
            let f = base.join(name).join(format!("easy/p{i:02}.pddl"));
            let task = domains::task(&domain, &std::fs::read_to_string(&f).unwrap()).unwrap();
            for h in [format!("{name}()"), "lmcut()".to_string()] {
                let eager = cost(&solve(&task, &format!("astar({h})")));
                assert_eq!(cost(&solve(&task, &format!("astar({h}, deferred=true)"))), eager, "{}, {h}", f.display());
            }
        }
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
