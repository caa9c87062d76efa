//! The temporal planner behind `planner::plan`: chosen for durative actions, its plan validated
//! and handed out as a `ValidatedPlan` with a makespan, its phases reported, and a deadline that
//! stops it with FD's out-of-time outcome.

use planner::{Event, Limits, Options, Outcome, Phase, Problem, Pruning};
use std::path::Path;
use std::time::{Duration, Instant};

fn cellar(problem: &str) -> model::lifted::Task {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/cellar");
    let dt = std::fs::read_to_string(dir.join("domain.pddl")).unwrap();
    let pt = std::fs::read_to_string(dir.join(problem)).unwrap();
    let d = pddl::parse_domain(&dt, pddl::FileId(0)).value.unwrap();
    let p = pddl::parse_problem(&pt, pddl::FileId(1)).value.unwrap();
    let input = model::Input { domain: (&d, pddl::FileId(0)), problem: Some((&p, pddl::FileId(1))), plan: None };
    model::check(input, model::CheckOptions::default()).task.unwrap()
}

#[test]
fn durative_tasks_go_to_the_temporal_planner() {
    let t = cellar("p02.pddl");
    assert_eq!(planner::planner_for(Problem::Pddl(&t)), planner::TEMPORAL);
    let cfg = search::parse("astar(lmcut())").unwrap();
    let options =
        Options { numeric: None, search: &cfg, pruning: Pruning::default(), limits: Limits::default(), started: None };
    let mut phases = Vec::new();
    let report = planner::plan(Problem::Pddl(&t), &options, &mut |e| {
        if let Event::PhaseDone { phase, .. } = e {
            phases.push(phase)
        }
    });
    assert_eq!(report.statistics.planner, planner::TEMPORAL);
    assert_eq!(phases, [Phase::Ground, Phase::Search, Phase::Validate]);
    let Outcome::Solved { plan } = &report.outcome else { panic!("{:?}", report.outcome) };
    let m = plan.makespan().expect("a temporal plan has a makespan");
    assert!(plan.text().ends_with(&format!("; makespan = {m:.3}\n")), "{}", plan.text());
    assert!(report.statistics.temporal.as_ref().is_some_and(|g| g.durative_actions > 0));
    assert!(report.statistics.search.is_some());

    // A deadline already passed stops it in a phase, with FD's 23.
    let limits = Limits { deadline: Some(Instant::now() - Duration::from_secs(1)), memory_bytes: None };
    let options = Options { numeric: None, search: &cfg, pruning: Pruning::default(), limits, started: None };
    let config = temporal::Config::parse("temporal(anytime=true)").unwrap().unwrap();
    let report = planner::plan_temporal(&t, &config, &options, &mut |_| {});
    assert!(matches!(report.outcome, Outcome::OutOfTime { .. }), "{:?}", report.outcome);
    assert_eq!(report.outcome.exit_code(), planner::exit::OUT_OF_TIME);
}
