//! The temporal planner on hand-written tasks (required concurrency, timed initial literals as
//! deadlines and windows, numeric effects, unsolvable tasks) and on the bundled `cellar` example:
//! every plan is checked by certplan's validator, in VAL's reading and in the strict PDDL 2.1
//! epsilon reading.

use model::lifted::Task;
use std::path::{Path, PathBuf};
use temporal::{Config, Outcome};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

fn example(dir: &str, file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples").join(dir).join(file)
}

fn load(domain: &Path, problem: &Path) -> Task {
    let dt = std::fs::read_to_string(domain).unwrap();
    let pt = std::fs::read_to_string(problem).unwrap();
    let d = pddl::parse_domain(&dt, pddl::FileId(0)).value.unwrap();
    let p = pddl::parse_problem(&pt, pddl::FileId(1)).value.unwrap();
    let input = model::Input { domain: (&d, pddl::FileId(0)), problem: Some((&p, pddl::FileId(1))), plan: None };
    let checked = model::check(input, model::CheckOptions::default());
    checked.task.unwrap_or_else(|| panic!("{} does not check", problem.display()))
}

fn run(task: &Task, config: &Config) -> Outcome {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    temporal::plan(task, config, Some(deadline), None).outcome
}

/// Plans and validates (VAL's reading and the strict one); the plan's makespan.
fn solve(task: &Task, config: &Config) -> temporal::Plan {
    let Outcome::Solved(plan) = run(task, config) else { panic!("not solved: {:?}", run(task, config)) };
    let steps = plan.val_steps();
    let text: Vec<String> = plan.steps.iter().map(|s| s.text(task)).collect();
    for strict in [false, true] {
        let options = val::Options { strict_epsilon: strict, ..val::Options::default() };
        let v = val::validate_steps(task, &steps, options);
        assert!(v.verdict.is_valid(), "strict {strict}:\n{}\n{}", text.join("\n"), v.to_text());
        assert!((v.makespan.unwrap() - plan.makespan).abs() < 1e-9, "{:?} vs {}", v.makespan, plan.makespan);
    }
    // The printed plan reads back to the same steps.
    let file = text.join("\n");
    let parsed = pddl::parse_plan(&file, pddl::FileId(2)).value.unwrap();
    assert!(val::validate(task, &parsed, val::Options::default()).verdict.is_valid(), "{file}");
    plan
}

fn start_of(task: &Task, plan: &temporal::Plan, action: &str) -> Vec<(f64, f64)> {
    plan.steps
        .iter()
        .filter(|s| task.domain.name(task.domain.actions[s.action.index()].name) == action)
        .map(|s| (s.time, s.time + s.duration.unwrap_or(0.0)))
        .collect()
}

#[test]
fn required_concurrency_runs_pass_inside_open_window() {
    let t = load(&data("window-domain.pddl"), &data("window-p1.pddl"));
    let plan = solve(&t, &Config::default());
    let windows = start_of(&t, &plan, "open_window");
    for (s, e) in start_of(&t, &plan, "pass") {
        assert!(windows.iter().any(|&(ws, we)| ws < s && e < we), "pass [{s}, {e}] not inside a window {windows:?}");
    }
}

#[test]
fn a_til_deadline_is_met() {
    let t = load(&data("window-domain.pddl"), &data("window-til.pddl"));
    let plan = solve(&t, &Config::default());
    assert!(plan.makespan < 12.0, "{}", plan.makespan);
}

#[test]
fn a_til_window_is_waited_for() {
    let t = load(&data("window-domain.pddl"), &data("window-til-late.pddl"));
    let plan = solve(&t, &Config::default());
    let w = start_of(&t, &plan, "open_window");
    assert!(w.iter().all(|&(s, e)| s > 20.0 && e < 26.0), "{w:?}");
}

#[test]
fn an_unreachable_goal_is_unsolvable_before_search() {
    let t = load(&data("window-domain.pddl"), &data("window-unreachable.pddl"));
    assert_eq!(run(&t, &Config::default()), Outcome::Unsolvable { stage: temporal::Stage::Ground });
}

#[test]
fn a_window_too_short_has_no_plan() {
    // The search is exhausted; its duplicate pruning ignores schedules while actions are open,
    // so it claims no proof (Fast Downward's "unsolved incomplete").
    let t = load(&data("window-domain.pddl"), &data("window-unsolvable.pddl"));
    let o = run(&t, &Config::default());
    assert!(matches!(o, Outcome::UnsolvedIncomplete | Outcome::Unsolvable { .. }), "{o:?}");
}

#[test]
fn numeric_effects_at_start_and_end() {
    let t = load(&data("fuel-domain.pddl"), &data("fuel-p1.pddl"));
    let plan = solve(&t, &Config::default());
    assert!(!start_of(&t, &plan, "refuel").is_empty());
}

#[test]
fn bundled_cellar_examples() {
    for p in ["p01.pddl", "p02.pddl"] {
        let t = load(&example("cellar", "domain.pddl"), &example("cellar", p));
        solve(&t, &Config::default());
    }
}

#[test]
fn anytime_is_no_worse() {
    let t = load(&example("cellar", "domain.pddl"), &example("cellar", "p02.pddl"));
    let first = solve(&t, &Config::default());
    let any = solve(&t, &Config { anytime: true, ..Config::default() });
    assert!(any.makespan <= first.makespan);
}

#[test]
fn configurations_parse() {
    assert_eq!(Config::parse("astar(lmcut())"), None);
    assert_eq!(Config::parse("temporalx"), None);
    assert!(Config::parse("temporal").unwrap().is_ok());
    let c = Config::parse("temporal(anytime=true, epsilon=0.005)").unwrap().unwrap();
    assert!(c.anytime && (c.epsilon - 0.005).abs() < 1e-12);
    assert!(Config::parse("temporal(epsilon=0.0001)").unwrap().is_err());
    assert!(Config::parse("temporal(speed=2)").unwrap().is_err());
}

#[test]
fn instantaneous_actions_and_a_til_that_enables() {
    let t = load(&data("shop-domain.pddl"), &data("shop-p1.pddl"));
    let plan = solve(&t, &Config::default());
    let buy = start_of(&t, &plan, "buy");
    assert!(buy.len() == 1 && buy[0].0 > 10.0 && buy[0].0 < 15.0, "{buy:?}");
    assert!(plan.makespan > 13.0, "{}", plan.makespan);
}

#[test]
fn unsupported_constructs_are_refused_by_name() {
    let dir = std::env::temp_dir().join(format!("temporal-refuse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let domain = dir.join("d.pddl");
    let problem = dir.join("p.pddl");
    std::fs::write(
        &domain,
        "(define (domain r) (:requirements :durative-actions :derived-predicates)
           (:predicates (a) (b))
           (:derived (b) (a))
           (:durative-action go :parameters () :duration (= ?duration 1)
             :condition (at start (b)) :effect (at end (a))))",
    )
    .unwrap();
    std::fs::write(&problem, "(define (problem p) (:domain r) (:init (a)) (:goal (b)))").unwrap();
    let t = load(&domain, &problem);
    let Outcome::Refused { reasons } = run(&t, &Config::default()) else { panic!("not refused") };
    assert!(reasons[0].contains("derived predicates"), "{reasons:?}");
    std::fs::write(
        &domain,
        "(define (domain r) (:requirements :durative-actions :disjunctive-preconditions)
           (:predicates (a) (b))
           (:durative-action go :parameters () :duration (= ?duration 1)
             :condition (or (at start (a)) (at start (b))) :effect (at end (a))))",
    )
    .unwrap();
    std::fs::write(&problem, "(define (problem p) (:domain r) (:init (b)) (:goal (a)))").unwrap();
    let t = load(&domain, &problem);
    let Outcome::Refused { reasons } = run(&t, &Config::default()) else { panic!("not refused") };
    assert!(reasons[0].contains("`or`"), "{reasons:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
