//! `certplan validate` as a script sees it: exit status 0 (all valid), 1 (some plan invalid),
//! 2 (input error), VAL-style text, and one JSON object with `--json`.

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
fn unknown_action_in_a_plan_exits_2_with_its_line() {
    let out = certplan(&[
        &data("strips", "domain.pddl"),
        &data("strips", "problem.pddl"),
        &data("strips", "malformed-names.plan"),
    ]);
    assert_eq!(code(&out), 2);
    let text = stdout(&out);
    assert!(text.contains("Plan malformed") && text.contains("malformed-names.plan:2:2"), "{text}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
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
    assert_eq!(report["failure"]["line"], 2);
    assert_eq!(report["failure"]["unsatisfied"][0]["literal"], "(light m1)");
}
