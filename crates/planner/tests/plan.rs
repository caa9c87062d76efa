//! The planner library: validated plans from PDDL and from `output.sas`, the same costs on both
//! paths, and each phase stopped by a limit with the right outcome and its time counted.

use planner::{Event, Limits, Options, Outcome, Phase, Problem, Pruning, Report};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

/// The checked lifted task of an example.
fn task(example: &str, problem: &str) -> model::lifted::Task {
    let dir = examples().join(example);
    let dt = std::fs::read_to_string(dir.join("domain.pddl")).unwrap();
    let pt = std::fs::read_to_string(dir.join(problem)).unwrap();
    task_of(&dt, &pt)
}

fn task_of(dt: &str, pt: &str) -> model::lifted::Task {
    let d = pddl::parse_domain(dt, pddl::FileId(0)).value.expect("the domain parses");
    let p = pddl::parse_problem(pt, pddl::FileId(1)).value.expect("the problem parses");
    let input = model::Input { domain: (&d, pddl::FileId(0)), problem: Some((&p, pddl::FileId(1))), plan: None };
    model::check(input, model::CheckOptions::default()).task.expect("a clean task")
}

fn config(text: &str) -> search::Config {
    search::parse(text).expect("a valid configuration")
}

fn plan_with(problem: Problem, search: &str, limits: Limits, on: &mut dyn FnMut(Event)) -> Report {
    let cfg = config(search);
    let options = Options { search: &cfg, pruning: Pruning::default(), limits, started: None, numeric: None };
    planner::plan(problem, &options, on)
}

fn plan(problem: Problem, search: &str) -> Report {
    plan_with(problem, search, Limits::default(), &mut |_| {})
}

/// Validates a plan file's text again, independently of the library, with `val`.
fn revalidate(task: &model::lifted::Task, text: &str) -> f64 {
    let p = pddl::parse_plan(text, pddl::FileId(2)).value.expect("the plan text parses");
    let v = val::validate(task, &p, val::Options::default());
    assert!(v.verdict.is_valid(), "{}", v.to_text());
    v.cost.expect("a cost")
}

#[test]
fn plans_are_validated_and_optimal() {
    for (ex, p, optimal) in
        [("gripper", "p02.pddl", 11), ("briefcase-adl", "p02.pddl", 11), ("blocksworld", "p02.pddl", 10)]
    {
        let t = task(ex, p);
        let report = plan(Problem::Pddl(&t), "astar(lmcut())");
        let Outcome::Solved { plan } = &report.outcome else { panic!("{ex}: {:?}", report.outcome) };
        assert_eq!(plan.cost(), optimal, "{ex}");
        assert!(plan.optimal());
        assert_eq!(report.outcome.exit_code(), planner::exit::SUCCESS);
        assert_eq!(revalidate(&t, &plan.text()), optimal as f64, "{ex}");
        let s = &report.statistics;
        let g = s.grounding.as_ref().expect("grounding statistics");
        assert!(g.atoms > 0 && g.operators > 0 && g.h2.is_some() && g.relevance.is_some());
        assert!(s.search.as_ref().is_some_and(|st| st.expanded > 0));
        assert!(s.times.total >= s.times.search && s.times.search > 0.0);
        // Statistics and outcome serialize (the CLI's --json and the experiment runner read them).
        let v = serde_json::to_value(&report).unwrap();
        assert_eq!(v["outcome"]["kind"], "solved");
        assert_eq!(v["outcome"]["plan"]["cost"], optimal);
    }
}

/// One path for both inputs: the FDR task of our own export plans to the same optimal cost, and
/// its plan is valid for the PDDL task too.
#[test]
fn output_sas_input_plans_the_same() {
    for (ex, p, optimal) in [("gripper", "p01.pddl", 5), ("spanner", "p02.pddl", 8), ("miconic", "p02.pddl", 10)] {
        let t = task(ex, p);
        let cfg = config("astar(lmcut())");
        let mut stats = planner::Statistics::default();
        let g = planner::prepare(&t, Pruning::default(), &Limits::default(), &mut stats, &mut |_| {}).expect("grounds");
        let fdr = sas::parse(&ground::sas::write(&g, &t)).expect("our export reads back");
        let options = Options {
            search: &cfg,
            pruning: Pruning::default(),
            limits: Limits::default(),
            started: None,
            numeric: None,
        };
        let report = planner::plan(Problem::Fdr(&fdr), &options, &mut |_| {});
        let Outcome::Solved { plan } = &report.outcome else { panic!("{ex}: {:?}", report.outcome) };
        assert_eq!(plan.cost(), optimal, "{ex}");
        assert_eq!(revalidate(&t, &plan.text()), optimal as f64, "{ex}");
        let size = report.statistics.fdr.as_ref().expect("FDR size");
        assert_eq!(size.operators, fdr.operators.len());
        assert!(report.statistics.grounding.is_none());
    }
}

const ROOMS: &str = "(define (domain rooms) (:requirements :strips :typing) (:types room)
  (:predicates (at ?r - room) (door ?a ?b - room) (visited ?r - room))
  (:action move :parameters (?from ?to - room)
    :precondition (and (at ?from) (door ?from ?to))
    :effect (and (at ?to) (not (at ?from)) (visited ?to))))";

#[test]
fn unsolvable_and_refused() {
    // Proved by grounding (no door into c), by h2 (in two rooms at once; b and c, behind two
    // one-way doors, both visited), by search where h2 is off; each phase named.
    for (init_goal, pruning, phase) in [
        ("(:init (at a) (door a b) (door b a)) (:goal (at c))", Pruning::default(), Phase::Ground),
        ("(:init (at a) (door a b) (door b a)) (:goal (and (at a) (at b)))", Pruning::default(), Phase::H2),
        ("(:init (at a) (door a b) (door a c)) (:goal (and (visited b) (visited c)))", Pruning::default(), Phase::H2),
        (
            "(:init (at a) (door a b) (door a c)) (:goal (and (visited b) (visited c)))",
            Pruning { h2: false, relevance: true },
            Phase::Search,
        ),
        (
            "(:init (at a) (door a b) (door b a)) (:goal (and (at a) (at b)))",
            Pruning { h2: false, relevance: false },
            Phase::Search,
        ),
    ] {
        let t = task_of(ROOMS, &format!("(define (problem p) (:domain rooms) (:objects a b c - room) {init_goal})"));
        let cfg = config("astar(lmcut())");
        let options = Options { search: &cfg, pruning, limits: Limits::default(), started: None, numeric: None };
        let r = planner::plan(Problem::Pddl(&t), &options, &mut |_| {});
        assert_eq!(r.outcome, Outcome::Unsolvable { phase }, "{init_goal}");
        assert_eq!(r.outcome.exit_code(), planner::exit::UNSOLVABLE);
    }
    // Refused: a numeric construct the numeric planner does not support, named.
    let t = task_of(
        "(define (domain nl) (:requirements :numeric-fluents) (:functions (x) (y))
           (:action grow :parameters () :precondition (< (x) 10)
             :effect (and (increase (x) (* (x) (y))) (increase (y) 1))))",
        "(define (problem nl1) (:domain nl) (:init (= (x) 1) (= (y) 1)) (:goal (>= (x) 10)))",
    );
    let report = plan(Problem::Pddl(&t), "astar(blind())");
    let Outcome::Refused { reasons } = &report.outcome else { panic!("{:?}", report.outcome) };
    assert!(reasons.iter().any(|r| r.contains("nonlinear numeric effect")), "{reasons:?}");
    assert_eq!(report.outcome.exit_code(), planner::exit::UNSUPPORTED);
}

/// A deadline that passes while phase `stop` runs: the callback waits it out when the phase
/// before `stop` has completed, so `stop` starts late and must notice.
fn late_in(stop: Phase, t: &model::lifted::Task) -> Report {
    let deadline = Instant::now() + Duration::from_millis(400);
    let before = Phase::ALL[Phase::ALL.iter().position(|&p| p == stop).unwrap() - 1];
    let mut on = |e: Event| {
        if let Event::PhaseDone { phase, .. } = e
            && phase == before
        {
            while Instant::now() <= deadline {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    };
    let limits = Limits { deadline: Some(deadline), memory_bytes: None };
    plan_with(Problem::Pddl(t), "astar(blind())", limits, &mut on)
}

#[test]
fn a_deadline_stops_each_phase() {
    let t = task("blocksworld", "p02.pddl");
    // Grounding: a deadline already past.
    let limits = Limits { deadline: Some(Instant::now()), memory_bytes: None };
    let r = plan_with(Problem::Pddl(&t), "astar(blind())", limits, &mut |_| {});
    assert_eq!(r.outcome, Outcome::OutOfTime { phase: Phase::Ground });
    assert_eq!(r.outcome.exit_code(), planner::exit::OUT_OF_TIME);
    assert!(r.statistics.search.is_none());

    for phase in [Phase::H2, Phase::Relevance, Phase::Invariants, Phase::Search] {
        let r = late_in(phase, &t);
        assert_eq!(r.outcome, Outcome::OutOfTime { phase }, "{phase:?}");
        let g = r.statistics.grounding.as_ref().expect("grounding ran");
        match phase {
            // The phases noticed themselves, and left the task as it was.
            Phase::H2 => {
                assert!(g.h2.as_ref().and_then(|s| s.skipped.as_deref()).is_some_and(|w| w.contains("out of time")))
            }
            Phase::Relevance => {
                let s = g.relevance.as_ref().expect("relevance ran");
                assert_eq!(s.skipped.as_deref(), Some("out of time"));
                assert_eq!((s.atoms_before, s.operators_before), (s.atoms_after, s.operators_after));
            }
            Phase::Search => assert!(r.statistics.search.is_some()),
            _ => {}
        }
        // The time waited counts for the phase before; the run's total covers all of it.
        let times = &r.statistics.times;
        assert!(times.total >= 0.4, "{times:?}");
    }
}

#[test]
fn a_memory_bound_stops_the_run() {
    let t = task("gripper", "p02.pddl");
    // Below any process's resident size: grounding's end is the first check.
    let limits = Limits { deadline: None, memory_bytes: Some(1) };
    let r = plan_with(Problem::Pddl(&t), "astar(blind())", limits, &mut |_| {});
    assert_eq!(r.outcome, Outcome::OutOfMemory { phase: Phase::Ground });
    assert_eq!(r.outcome.exit_code(), planner::exit::OUT_OF_MEMORY);

    // In search: 256 MiB more become resident once the ground task is ready.
    let mut ballast: Vec<u8> = Vec::new();
    let cap = planner::limits::resident_bytes() + 128 * 1024 * 1024;
    let mut on = |e: Event| {
        if let Event::PhaseDone { phase: Phase::Invariants, .. } = e {
            ballast = vec![1u8; 256 * 1024 * 1024];
        }
    };
    let limits = Limits { deadline: None, memory_bytes: Some(cap) };
    let r = plan_with(Problem::Pddl(&t), "astar(blind())", limits, &mut on);
    assert_eq!(r.outcome, Outcome::OutOfMemory { phase: Phase::Search });
    assert!(ballast.iter().step_by(4096).all(|&b| b == 1));
}

/// Events come as the phases complete, in order, so a caller can print as the run goes.
#[test]
fn events_follow_the_phases() {
    let t = task("gripper", "p01.pddl");
    let mut seen = Vec::new();
    let r = plan_with(Problem::Pddl(&t), "astar(lmcut())", Limits::default(), &mut |e| {
        if let Event::PhaseDone { phase, .. } = e {
            seen.push(phase);
        }
    });
    assert!(matches!(r.outcome, Outcome::Solved { .. }));
    assert_eq!(seen, [Phase::Ground, Phase::H2, Phase::Relevance, Phase::Invariants, Phase::Search, Phase::Validate]);
}
