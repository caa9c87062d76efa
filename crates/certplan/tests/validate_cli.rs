//! `certplan validate` as a script sees it: exit status 0 (all valid), 1 (some plan invalid, a plan
//! with unknown names, wrong arity or wrong types included, as VAL has it), 2 (input error: an
//! unreadable file, a broken domain or problem), VAL-style text, and one JSON object with
//! `--json`. Also `certplan check DOMAIN PROBLEM PLAN`, which validates the plan too.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

fn data(case: &str, file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../val/tests/data").join(case).join(file)
}

fn certplan(args: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_certplan")).arg("validate").args(args).output().expect("the binary runs")
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("the binary exits rather than being killed")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn valid_plan_exits_0_with_the_cost() {
    let e = examples().join("truck-fuel");
    let out = certplan(&[&e.join("domain.pddl"), &e.join("p01.pddl"), &e.join("p01.plan")]);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    assert!(text.contains("Plan valid") && text.contains("Final value: 10"), "{text}");
}

#[test]
fn one_invalid_plan_among_several_exits_1_and_each_gets_a_report() {
    let out = certplan(&[
        &data("strips", "domain.pddl"),
        &data("strips", "problem.pddl"),
        &data("strips", "valid-plan.plan"),
        &data("strips", "invalid-two-false-literals.plan"),
    ]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    assert!(text.contains("Plan valid") && text.contains("Plan invalid"), "{text}");
    assert!(text.contains("false: (at-robby rooma)") && text.contains("(free left) must be true"), "{text}");
}

#[test]
fn unknown_names_wrong_arity_and_types_make_the_plan_invalid_with_precise_diagnostics() {
    let out = certplan(&[
        &data("strips", "domain.pddl"),
        &data("strips", "problem.pddl"),
        &data("strips", "malformed-names.plan"),
    ]);
    assert_eq!(code(&out), 1, "a plan naming bad steps is an invalid plan, not an input error");
    let text = stdout(&out);
    assert!(text.contains("Plan malformed"), "{text}");
    for want in [
        "malformed-names.plan:2:2: error[E0124]: unknown action `teleport`",
        "malformed-names.plan:3:1: error[E0108]",
        "malformed-names.plan:4:7: error[E0110]",
        "malformed-names.plan:5:7: error[E0109]: `rooma` is of type `room`, but parameter `?b` of `drop` expects `ball`",
    ] {
        assert!(text.contains(want), "missing {want:?} in\n{text}");
    }
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn an_unreadable_plan_among_several_is_reported_and_the_others_validated() {
    let out = certplan(&[
        &data("strips", "domain.pddl"),
        &data("strips", "problem.pddl"),
        &data("strips", "valid-plan.plan"),
        Path::new("/nonexistent/x.plan"),
        &data("strips", "invalid-two-false-literals.plan"),
    ]);
    assert_eq!(code(&out), 2, "an unreadable file is an input error");
    let text = stdout(&out);
    assert!(text.contains("Plan valid") && text.contains("Plan invalid"), "{text}");
    assert!(text.contains("== /nonexistent/x.plan ==\nPlan not read: cannot read"), "{text}");
    let json = Command::new(env!("CARGO_BIN_EXE_certplan"))
        .args(["validate", "--json"])
        .arg(data("strips", "domain.pddl"))
        .arg(data("strips", "problem.pddl"))
        .arg("/nonexistent/x.plan")
        .arg(data("strips", "valid-plan.plan"))
        .output()
        .expect("runs");
    assert_eq!(code(&json), 2);
    let v: Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
    assert_eq!(v["plans"][0]["verdict"], "unreadable");
    assert_eq!(v["plans"][1]["verdict"], "valid");
}

#[test]
fn temporal_tolerance_is_vals_by_default_and_strict_epsilon_is_an_option() {
    let plan = data("temporal", "valid-close-starts-val-reading.plan");
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_certplan"))
            .arg("validate")
            .args(extra)
            .arg(data("temporal", "domain.pddl"))
            .arg(data("temporal", "problem.pddl"))
            .arg(&plan)
            .output()
            .expect("runs")
    };
    assert_eq!(code(&run(&[])), 0, "VAL (default -t 0.01) accepts it");
    assert_eq!(code(&run(&["-t", "0.001"])), 0, "VAL -t 0.001 accepts it");
    let strict = run(&["-t", "0.001", "--strict-epsilon"]);
    assert_eq!(code(&strict), 1);
    assert!(stdout(&strict).contains("must be at least 0.001 apart"), "{}", stdout(&strict));
    // The same end and start 0.001 apart: one happening at VAL's default, two at -t 0.001.
    let grouped = data("temporal", "invalid-grouped-at-default-tolerance.plan");
    let at = |t: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_certplan"))
            .args(["validate", "-t", t])
            .arg(data("temporal", "domain.pddl"))
            .arg(data("temporal", "problem.pddl"))
            .arg(&grouped)
            .output()
            .expect("runs");
        (code(&out), stdout(&out))
    };
    let (c, text) = at("0.01");
    assert_eq!(c, 1);
    assert!(text.contains("false: (handfree)"), "{text}");
    let (c, text) = at("0.001");
    assert_eq!(c, 1);
    assert!(text.contains("goal not satisfied"), "{text}");
}

#[test]
fn check_with_a_plan_validates_it() {
    let check = |plan: &str| {
        Command::new(env!("CARGO_BIN_EXE_certplan"))
            .arg("check")
            .arg(data("strips", "domain.pddl"))
            .arg(data("strips", "problem.pddl"))
            .arg(data("strips", plan))
            .output()
            .expect("runs")
    };
    let bad = check("invalid-step-dropped.plan");
    assert_eq!(code(&bad), 1);
    let text = stdout(&bad);
    assert!(!text.contains("ok:") && text.contains("Plan invalid"), "{text}");
    let goal = check("goal-last-step-removed.plan");
    assert_eq!(code(&goal), 1);
    assert!(stdout(&goal).contains("goal not satisfied"), "{}", stdout(&goal));
    let good = check("valid-plan.plan");
    assert_eq!(code(&good), 0);
    assert!(stdout(&good).starts_with("ok:"), "{}", stdout(&good));
    let json = Command::new(env!("CARGO_BIN_EXE_certplan"))
        .args(["check", "--json"])
        .arg(data("strips", "domain.pddl"))
        .arg(data("strips", "problem.pddl"))
        .arg(data("strips", "invalid-step-dropped.plan"))
        .output()
        .expect("runs");
    let v: Value = serde_json::from_slice(&json.stdout).expect("one JSON object");
    assert_eq!(v["ok"], false);
    assert_eq!(v["validation"]["verdict"], "invalid");
}

#[test]
fn missing_file_and_broken_domain_exit_2() {
    let missing =
        certplan(&[&data("strips", "domain.pddl"), &data("strips", "problem.pddl"), Path::new("/nonexistent/x.plan")]);
    assert_eq!(code(&missing), 2);
    // A problem file given as the domain: a check error, so no plan is validated.
    let broken = certplan(&[
        &data("strips", "problem.pddl"),
        &data("strips", "problem.pddl"),
        &data("strips", "valid-plan.plan"),
    ]);
    assert_eq!(code(&broken), 2);
}

#[test]
fn json_report_has_the_verdict_and_failure() {
    let out = Command::new(env!("CARGO_BIN_EXE_certplan"))
        .args(["validate", "--json"])
        .arg(data("temporal", "domain.pddl"))
        .arg(data("temporal", "problem.pddl"))
        .arg(data("temporal", "invalid-over-all-breaks-midway.plan"))
        .output()
        .expect("runs");
    assert_eq!(code(&out), 1);
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let report = &v["plans"][0]["report"];
    assert_eq!(report["verdict"], "invalid");
    assert_eq!(report["failure"]["kind"], "invariant");
    assert_eq!(report["failure"]["line"], 3);
    assert_eq!(report["failure"]["unsatisfied"][0]["literal"], "(light m1)");
}
