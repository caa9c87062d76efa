//! The planner's dispatch to the numeric planner: a task with numeric fluents goes there, says so
//! in its statistics, and comes back as a validated plan with the validator's metric; the exit
//! codes of unsolvable and refused numeric tasks.

use planner::{Limits, Options, Outcome, Problem, Pruning};
use std::path::Path;

fn task_of(dt: &str, pt: &str) -> model::lifted::Task {
    let d = pddl::parse_domain(dt, pddl::FileId(0)).value.expect("the domain parses");
    let p = pddl::parse_problem(pt, pddl::FileId(1)).value.expect("the problem parses");
    let input = model::Input { domain: (&d, pddl::FileId(0)), problem: Some((&p, pddl::FileId(1))), plan: None };
    model::check(input, model::CheckOptions::default()).task.expect("a clean task")
}

fn example(name: &str, problem: &str) -> model::lifted::Task {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples").join(name);
    task_of(
        &std::fs::read_to_string(dir.join("domain.pddl")).unwrap(),
        &std::fs::read_to_string(dir.join(problem)).unwrap(),
    )
}

fn run(task: &model::lifted::Task, numeric: Option<&str>) -> planner::Report {
    let cfg = search::parse("astar(lmcut())").unwrap();
    let ncfg = numeric.map(|t| numeric::parse(t).unwrap());
    let options = Options {
        search: &cfg,
        pruning: Pruning::default(),
        limits: Limits::default(),
        started: None,
        numeric: ncfg.as_ref(),
    };
    planner::plan(Problem::Pddl(task), &options, &mut |_| {})
}

#[test]
fn numeric_tasks_go_to_the_numeric_planner() {
    let t = example("truck-fuel", "p02.pddl");
    let r = run(&t, None);
    assert_eq!(r.statistics.planner, "numeric");
    assert_eq!(r.statistics.numeric.as_ref().unwrap().config, numeric::DEFAULT);
    let Outcome::Solved { plan } = &r.outcome else { panic!("{:?}", r.outcome) };
    assert!(plan.metric().is_some_and(|m| m >= 23.0));
    assert!(!plan.optimal());
    assert!(plan.text().contains("; metric = "));

    let r = run(&t, Some("astar(hmax_numeric())"));
    let Outcome::Solved { plan } = &r.outcome else { panic!("{:?}", r.outcome) };
    assert_eq!((plan.metric(), plan.optimal(), plan.cost()), (Some(23.0), true, 23));

    // A classical task stays classical unless a numeric configuration is named.
    let g = example("gripper", "p01.pddl");
    assert_eq!(run(&g, None).statistics.planner, "classical");
    let r = run(&g, Some("gbfs(hadd_numeric())"));
    assert_eq!(r.statistics.planner, "numeric");
    assert!(matches!(r.outcome, Outcome::Solved { .. }), "{:?}", r.outcome);
}

#[test]
fn numeric_exit_codes() {
    let domain = "(define (domain counter) (:requirements :numeric-fluents) (:functions (x))
      (:action inc :parameters () :precondition (< (x) 3) :effect (increase (x) 1)))";
    // Exhausted: proved unsolvable, FD's 11 (every pruning of the numeric search is safe).
    let t = task_of(domain, "(define (problem c) (:domain counter) (:init (= (x) 0)) (:goal (>= (x) 5)))");
    for cfg in [None, Some("astar(hmax_numeric())"), Some("astar(blind())")] {
        let r = run(&t, cfg);
        assert_eq!(r.outcome.exit_code(), planner::exit::UNSOLVABLE, "{cfg:?}: {:?}", r.outcome);
    }
    // Nonlinear: refused, 34.
    let t = task_of(
        "(define (domain nl) (:requirements :numeric-fluents) (:functions (x) (y))
           (:action grow :parameters () :precondition (< (x) 10)
             :effect (and (increase (x) (* (x) (y))) (increase (y) 1))))",
        "(define (problem nl1) (:domain nl) (:init (= (x) 1) (= (y) 1)) (:goal (>= (x) 10)))",
    );
    let r = run(&t, None);
    assert_eq!(r.outcome.exit_code(), planner::exit::UNSUPPORTED, "{:?}", r.outcome);
}
