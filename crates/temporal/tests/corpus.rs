//! A sample of `../shared/benchmarks/ipc-temporal`, one small problem of each of several domain
//! families (numeric durations and effects, timed initial literals, required concurrency in
//! match-cellar, zero durations in pathways): each is solved within its limit, and its plan is
//! accepted by certplan's validator in VAL's reading and in the strict epsilon reading. The whole
//! suite with coverage, time and makespan per domain, LPG side by side, is
//! `bench/temporal_sample.py` (not run in tests).

use model::lifted::Task;
use std::path::Path;
use std::time::{Duration, Instant};

/// (folder, problem): each solved by the release build in well under a second.
const SAMPLE: &[(&str, &str)] = &[
    ("ipc2002-depots-time-simple-automatic", "p01.pddl"),
    ("ipc2002-driverlog-time-automatic", "p01.pddl"),
    ("ipc2002-rovers-time-automatic", "p01.pddl"),
    ("ipc2002-zenotravel-time-automatic", "p01.pddl"),
    ("ipc2004-satellite-time-time-windows-strips", "p01.pddl"),
    ("ipc2006-pathways-metric-time", "p01.pddl"),
    ("ipc2008-crew-planning-temporal-satisficing-strips", "p01.pddl"),
    ("ipc2011-match-cellar-temporal-satisficing", "p01.pddl"),
];

fn load(domain: &Path, problem: &Path) -> Task {
    let dt = std::fs::read_to_string(domain).unwrap();
    let pt = std::fs::read_to_string(problem).unwrap();
    let d = pddl::parse_domain(&dt, pddl::FileId(0)).value.unwrap();
    let p = pddl::parse_problem(&pt, pddl::FileId(1)).value.unwrap();
    let input = model::Input { domain: (&d, pddl::FileId(0)), problem: Some((&p, pddl::FileId(1))), plan: None };
    model::check(input, model::CheckOptions::default()).task.unwrap()
}

#[test]
fn a_corpus_sample_is_solved_and_validated() {
    let Some(root) = corpus::require_benchmarks("temporal::a_corpus_sample_is_solved_and_validated") else {
        return;
    };
    for (folder, problem) in SAMPLE {
        let dir = root.join("ipc-temporal").join(folder);
        let per_instance = dir.join(problem.replace(".pddl", "-domain.pddl"));
        let domain = if per_instance.is_file() { per_instance } else { dir.join("domain.pddl") };
        let task = load(&domain, &dir.join(problem));
        let deadline = Instant::now() + Duration::from_secs(30);
        let report = temporal::plan(&task, &temporal::Config::default(), Some(deadline), None);
        let temporal::Outcome::Solved(plan) = report.outcome else {
            panic!("{folder}/{problem}: {:?}", report.outcome)
        };
        let steps = plan.val_steps();
        for strict in [false, true] {
            let v =
                val::validate_steps(&task, &steps, val::Options { strict_epsilon: strict, ..val::Options::default() });
            assert!(v.verdict.is_valid(), "{folder}/{problem} (strict {strict}):\n{}", v.to_text());
        }
    }
}
