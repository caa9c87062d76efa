//! Action costs with and without a `:metric`, as Fast Downward and VAL read them: under
//! `(:metric minimize (total-cost))` the plan costs the increase of `total-cost`; without a metric
//! every action costs 1 in search and the validator reports the plan's length, so that search and
//! validator agree (this task used to exit 32, "BUG"), and W0109 says that costs are not counted.

use std::path::{Path, PathBuf};
use std::process::Command;

fn case(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../model/tests/data/check").join(name)
}

/// Plans the case's task and returns (exit code, plan file text, stderr).
fn plan(name: &str) -> (i32, String, String) {
    let dir = case(name);
    let out_dir = std::env::temp_dir().join(format!("certplan-action-costs-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&out_dir).expect("the temp dir is writable");
    let plan_file = out_dir.join("sas_plan");
    let out = Command::new(env!("CARGO_BIN_EXE_certplan"))
        .arg("plan")
        .arg(dir.join("domain.pddl"))
        .arg(dir.join("problem.pddl"))
        .arg("--plan-file")
        .arg(&plan_file)
        .output()
        .expect("certplan runs");
    let text = std::fs::read_to_string(&plan_file).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&out_dir);
    (out.status.code().unwrap_or(-1), text, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn costs_without_a_metric_are_unit_costs() {
    let (code, text, stderr) = plan("c23-action-costs-without-metric");
    assert_eq!(code, 0, "{stderr}");
    // move f0 f1, board p0 f1: two steps, each counted 1 (their action costs, 3 and 1, are not).
    assert!(text.ends_with("; cost = 2 (unit cost)\n"), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with('(')).count(), 2, "{text}");
    assert!(stderr.contains("W0109"), "the warning that costs are not counted: {stderr}");
}

#[test]
fn costs_under_the_metric_are_action_costs() {
    let (code, text, stderr) = plan("c22-action-costs-static-cost-function");
    assert_eq!(code, 0, "{stderr}");
    assert!(text.ends_with("; cost = 4 (general cost)\n"), "{text}");
    assert!(!stderr.contains("W0109"), "{stderr}");
}

#[test]
fn the_validator_counts_what_search_counts() {
    for (name, cost) in [
        ("c23-action-costs-without-metric", "Cost: 2 (plan length)"),
        ("c22-action-costs-static-cost-function", "Cost: 4 (total-cost)"),
    ] {
        let dir = case(name);
        let plan = std::env::temp_dir().join(format!("certplan-action-costs-val-{}-{name}.plan", std::process::id()));
        std::fs::write(&plan, "(move f0 f1)\n(board p0 f1)\n").expect("the temp dir is writable");
        let out = Command::new(env!("CARGO_BIN_EXE_certplan"))
            .arg("validate")
            .arg(dir.join("domain.pddl"))
            .arg(dir.join("problem.pddl"))
            .arg(&plan)
            .output()
            .expect("certplan runs");
        let _ = std::fs::remove_file(&plan);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{name}: {stdout}");
        assert!(stdout.contains(cost), "{name}: {stdout}");
    }
}
