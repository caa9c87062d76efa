//! The numeric planner end to end: the bundled examples solved and their plans accepted by the
//! validator (satisficing and optimal configurations, the optimal ones agreeing), unsolvable
//! tasks proved so, refusals named, and a sample of ../shared/benchmarks/ipc-numeric.

use model::lifted::Task;
use numeric::{Config, Limits, Outcome};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

fn task_of(dt: &str, pt: &str) -> Task {
    let d = pddl::parse_domain(dt, pddl::FileId(0)).value.expect("the domain parses");
    let p = pddl::parse_problem(pt, pddl::FileId(1)).value.expect("the problem parses");
    let input = model::Input { domain: (&d, pddl::FileId(0)), problem: Some((&p, pddl::FileId(1))), plan: None };
    model::check(input, model::CheckOptions::default()).task.expect("a clean task")
}

fn load(domain: &Path, problem: &Path) -> Task {
    task_of(&std::fs::read_to_string(domain).unwrap(), &std::fs::read_to_string(problem).unwrap())
}

/// Solves and validates; the validator's metric value.
fn solve_valid(task: &Task, config: &str, seconds: u64) -> Result<Option<f64>, String> {
    let cfg = numeric::parse(config).unwrap();
    let limits = Limits { deadline: Some(Instant::now() + Duration::from_secs(seconds)), memory_bytes: None };
    match numeric::solve(task, &cfg, &limits).0 {
        Outcome::Solved { steps, .. } => {
            let steps: Vec<val::Step> = steps
                .iter()
                .map(|s| val::Step { action: s.action, args: s.args.clone(), time: None, duration: None, line: 0 })
                .collect();
            let v = val::validate_steps(task, &steps, val::Options::default());
            assert!(v.verdict.is_valid(), "{config}: the plan is not valid: {}", v.to_text());
            Ok(v.metric.and_then(|m| m.value))
        }
        other => Err(format!("{other:?}")),
    }
}

#[test]
fn truck_fuel_solved_and_the_optimal_configurations_agree() {
    for (p, best) in [("p01.pddl", 10.0), ("p02.pddl", 23.0)] {
        let dir = examples().join("truck-fuel");
        let t = load(&dir.join("domain.pddl"), &dir.join(p));
        assert!(numeric::is_numeric(&t));
        for cfg in ["gbfs(hadd_numeric())", "gbfs(hmrp_numeric())", "gbfs(hadd_numeric(), preferred=false)"] {
            let m = solve_valid(&t, cfg, 20).unwrap().expect("a metric");
            assert!(m >= best, "{p} {cfg}: {m} below the optimum {best}");
        }
        for cfg in ["astar(hmax_numeric())", "astar(blind())"] {
            assert_eq!(solve_valid(&t, cfg, 20).unwrap(), Some(best), "{p} {cfg}");
        }
    }
}

/// The admissible heuristic never exceeds the optimal cost from the initial state.
#[test]
fn hmax_is_below_the_optimum() {
    let dir = examples().join("truck-fuel");
    let t = load(&dir.join("domain.pddl"), &dir.join("p02.pddl"));
    let nt = numeric::ground_task(&t, None).unwrap();
    assert!(nt.cost_like);
    let mut h = numeric::heuristic::Relaxed::new(&nt, numeric::heuristic::Kind::Max, true);
    let mut atoms = vec![false; nt.atoms.len()];
    for &a in &nt.init {
        atoms[a as usize] = true;
    }
    let h0 = h.eval(&atoms, &nt.init_values).unwrap();
    assert!(h0 > 0.0 && h0 <= 23.0, "{h0}");
}

const COUNTER: &str = "(define (domain counter) (:requirements :numeric-fluents)
  (:functions (x) (limit))
  (:action inc :parameters () :precondition (< (x) (limit)) :effect (increase (x) 1))
  (:action dec :parameters () :precondition (> (x) 0) :effect (decrease (x) 1)))";

fn counter(limit: f64, goal: &str) -> Task {
    task_of(
        COUNTER,
        &format!("(define (problem c) (:domain counter) (:init (= (x) 0) (= (limit) {limit})) (:goal {goal}))"),
    )
}

#[test]
fn counter_goals_are_reached_exactly() {
    let t = counter(10.0, "(= (x) 7)");
    for cfg in ["gbfs(hadd_numeric())", "astar(hmax_numeric())", "astar(blind())"] {
        assert!(solve_valid(&t, cfg, 10).is_ok(), "{cfg}");
    }
    let cfg = numeric::parse("astar(hmax_numeric())").unwrap();
    let Outcome::Solved { steps, cost } = numeric::solve(&t, &cfg, &Limits::default()).0 else { panic!() };
    assert_eq!((steps.len(), cost), (7, 7.0), "optimal: seven increments");
}

/// Unsolvable: a goal beyond a bound (the finite state space is exhausted) and a goal that
/// nothing can make true (a dead end at once); both proved, for every configuration.
#[test]
fn unsolvable_tasks_are_proved() {
    for t in [counter(3.0, "(>= (x) 5)"), counter(10.0, "(< (x) 0)"), counter(10.0, "(= (x) 2.5)")] {
        for cfg in ["gbfs(hadd_numeric())", "gbfs(hmrp_numeric())", "astar(hmax_numeric())", "astar(blind())"] {
            let c = numeric::parse(cfg).unwrap();
            let (o, _) = numeric::solve(&t, &c, &Limits::default());
            assert!(matches!(o, Outcome::Unsolvable { .. }), "{cfg}: {o:?}");
        }
    }
}

/// A state space without bound and no plan: the search does not end by itself, the limit stops it.
#[test]
fn an_unbounded_search_stops_at_the_limit() {
    let t = counter(f64::MAX / 4.0, "(and (>= (x) 1) (<= (x) 0))");
    let c = Config::default();
    let limits = Limits { deadline: Some(Instant::now() + Duration::from_millis(300)), memory_bytes: None };
    let (o, _) = numeric::solve(&t, &c, &limits);
    // The heuristic sees that the two goal constraints conflict only as a sum; it may also be
    // proved a dead end by the relaxation: either is right, a plan is not.
    assert!(matches!(o, Outcome::OutOfTime { .. } | Outcome::Unsolvable { .. }), "{o:?}");
}

#[test]
fn refusals_name_the_construct() {
    let nonlinear = task_of(
        "(define (domain nl) (:requirements :numeric-fluents) (:functions (x) (y))
           (:action grow :parameters () :precondition (< (x) 10)
             :effect (and (increase (x) (* (x) (y))) (increase (y) 1))))",
        "(define (problem nl1) (:domain nl) (:init (= (x) 1) (= (y) 1)) (:goal (>= (x) 10)))",
    );
    let (o, _) = numeric::solve(&nonlinear, &Config::default(), &Limits::default());
    let Outcome::Refused { reasons } = o else { panic!("{o:?}") };
    assert!(reasons[0].contains("nonlinear numeric effect") && reasons[0].contains("action grow"), "{reasons:?}");

    let disjunctive = task_of(
        "(define (domain d) (:requirements :numeric-fluents :disjunctive-preconditions) (:predicates (p)) (:functions (x))
           (:action a :parameters () :precondition (or (p) (> (x) 0)) :effect (increase (x) 1)))",
        "(define (problem d1) (:domain d) (:init (= (x) 0)) (:goal (> (x) 2)))",
    );
    let (o, _) = numeric::solve(&disjunctive, &Config::default(), &Limits::default());
    let Outcome::Refused { reasons } = o else { panic!("{o:?}") };
    assert!(reasons[0].contains("under `or`"), "{reasons:?}");

    // The optimal search needs a cost-like metric.
    let maximize = task_of(
        COUNTER,
        "(define (problem c) (:domain counter) (:init (= (x) 0) (= (limit) 3)) (:goal (>= (x) 2)) (:metric maximize (x)))",
    );
    let (o, _) = numeric::solve(&maximize, &numeric::parse("astar(hmax_numeric())").unwrap(), &Limits::default());
    assert!(matches!(&o, Outcome::Refused { reasons } if reasons[0].contains("maximized")), "{o:?}");
    assert!(solve_valid(&maximize, "gbfs(hadd_numeric())", 10).is_ok());
}

/// The first problem of each ipc-numeric domain, solved and validated within a few seconds each
/// (settlers, whose tasks are hard for every planner, is left out).
#[test]
fn ipc_numeric_sample() {
    let Some(root) = corpus::require_benchmarks("ipc_numeric_sample") else { return };
    let base = root.join("ipc-numeric");
    let mut solved = 0;
    let mut domains: Vec<PathBuf> = std::fs::read_dir(&base).unwrap().map(|e| e.unwrap().path()).collect();
    domains.sort();
    for d in domains {
        if d.to_string_lossy().contains("settlers") {
            continue;
        }
        let mut probs: Vec<PathBuf> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "pddl") && p.file_name().unwrap() != "domain.pddl")
            .collect();
        probs.sort();
        for p in probs.iter().take(1) {
            let t = load(&d.join("domain.pddl"), p);
            match solve_valid(&t, "gbfs(hadd_numeric())", 20) {
                Ok(_) => solved += 1,
                Err(e) => panic!("{}: {e}", p.display()),
            }
        }
    }
    assert!(solved >= 8, "{solved}");
}
