//! Validation speed, in steps per second: a 100,000-step STRIPS plan (gripper, one ball carried
//! back and forth), a 100,000-step numeric plan (fuel and `total-cost`), and a 50,000-step temporal
//! plan (100,000 happenings). A benchmark, not a test:
//!
//! ```text
//! cargo run --release -p val --example val_bench
//! ```
//!
//! Parsing the plan text is timed separately from validation; validation includes resolving the
//! steps' names to ids.

use std::time::{Duration, Instant};

const GRIPPER: &str = "(define (domain gripper-typed)
  (:requirements :strips :typing)
  (:types room ball gripper)
  (:predicates (at-robby ?r - room) (at ?b - ball ?r - room) (free ?g - gripper) (carry ?b - ball ?g - gripper))
  (:action move :parameters (?from ?to - room) :precondition (at-robby ?from)
    :effect (and (at-robby ?to) (not (at-robby ?from))))
  (:action pick :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (at ?b ?r) (at-robby ?r) (free ?g))
    :effect (and (carry ?b ?g) (not (at ?b ?r)) (not (free ?g))))
  (:action drop :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (carry ?b ?g) (at-robby ?r))
    :effect (and (at ?b ?r) (free ?g) (not (carry ?b ?g)))))";

const GRIPPER_PROBLEM: &str = "(define (problem g) (:domain gripper-typed)
  (:objects rooma roomb - room ball1 ball2 ball3 ball4 - ball left right - gripper)
  (:init (at-robby rooma) (at ball1 rooma) (at ball2 rooma) (at ball3 rooma) (at ball4 rooma) (free left) (free right))
  (:goal (and (at ball1 rooma) (at-robby rooma))))";

const FUEL: &str = "(define (domain shuttle)
  (:requirements :typing :numeric-fluents :action-costs)
  (:types place)
  (:predicates (at ?p - place))
  (:functions (fuel) (dist ?a ?b - place) (total-cost))
  (:action move :parameters (?a ?b - place)
    :precondition (and (at ?a) (>= (fuel) (dist ?a ?b)))
    :effect (and (at ?b) (not (at ?a)) (decrease (fuel) (dist ?a ?b)) (increase (total-cost) (dist ?a ?b))))
  (:action refuel :parameters () :precondition (< (fuel) 10)
    :effect (and (assign (fuel) 10) (increase (total-cost) 1))))";

const FUEL_PROBLEM: &str = "(define (problem s) (:domain shuttle)
  (:objects a b - place)
  (:init (at a) (= (fuel) 10) (= (dist a b) 3) (= (dist b a) 3) (= (total-cost) 0))
  (:goal (at a)) (:metric minimize (total-cost)))";

const WORK: &str = "(define (domain shifts)
  (:requirements :typing :durative-actions)
  (:types worker)
  (:predicates (free ?w - worker) (rested ?w - worker) (done))
  (:durative-action work :parameters (?w - worker) :duration (= ?duration 1)
    :condition (and (at start (free ?w)) (over all (rested ?w)))
    :effect (and (at start (not (free ?w))) (at end (free ?w)) (at end (done)))))";

const WORK_PROBLEM: &str = "(define (problem w) (:domain shifts)
  (:objects w1 w2 - worker)
  (:init (free w1) (free w2) (rested w1) (rested w2))
  (:goal (done)))";

fn task(domain: &str, problem: &str) -> model::lifted::Task {
    model::front::load_text(domain, Some(problem)).into_task().unwrap_or_else(|e| panic!("the bench task checks:\n{e}"))
}

fn bench(name: &str, task: &model::lifted::Task, plan_text: &str) {
    let t = Instant::now();
    let plan = pddl::parse_plan(plan_text, pddl::FileId(2)).value.expect("the bench plan parses");
    let parse = t.elapsed();
    let steps = plan.steps.len();
    let mut best = Duration::MAX;
    let mut report = None;
    for _ in 0..5 {
        let t = Instant::now();
        let v = val::validate(task, &plan, val::Options::default());
        best = best.min(t.elapsed());
        report = Some(v);
    }
    let v = report.expect("ran at least once");
    assert!(v.verdict.is_valid(), "{name}: the bench plan must be valid:\n{}", v.to_text());
    let rate = steps as f64 / best.as_secs_f64();
    println!(
        "{name:<9} {steps:>7} steps  parse {:>7.1} ms  validate {:>7.2} ms (best of 5)  {:>12.0} steps/s  cost {:?}",
        parse.as_secs_f64() * 1e3,
        best.as_secs_f64() * 1e3,
        rate,
        v.cost.unwrap_or(f64::NAN)
    );
}

fn main() {
    let n = 100_000;
    let cycle = [
        "(pick ball1 rooma left)",
        "(move rooma roomb)",
        "(drop ball1 roomb left)",
        "(pick ball1 roomb right)",
        "(move roomb rooma)",
        "(drop ball1 rooma right)",
    ];
    let mut strips = String::new();
    for i in 0..n - n % cycle.len() {
        strips.push_str(cycle[i % cycle.len()]);
        strips.push('\n');
    }
    bench("strips", &task(GRIPPER, GRIPPER_PROBLEM), &strips);

    let cycle = ["(move a b)", "(refuel)", "(move b a)", "(refuel)"];
    let mut numeric = String::new();
    for i in 0..n {
        numeric.push_str(cycle[i % cycle.len()]);
        numeric.push('\n');
    }
    bench("numeric", &task(FUEL, FUEL_PROBLEM), &numeric);

    let mut temporal = String::new();
    for i in 0..n / 2 {
        let w = if i % 2 == 0 { "w1" } else { "w2" };
        temporal.push_str(&format!("{:.3}: (work {w}) [1.000]\n", (i / 2) as f64 * 1.01));
    }
    bench("temporal", &task(WORK, WORK_PROBLEM), &temporal);
}
