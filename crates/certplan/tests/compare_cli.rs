//! `certplan compare`: exit statuses (0 equal, 1 different, 2 unreadable or usage, 3 undecided,
//! 31 PDDL input errors), the text and the `--json` object, on paper 003's appendix E example.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../equiv/tests/data").join(name).display().to_string()
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_certplan")).args(args).output().expect("certplan runs")
}

fn status(out: &Output) -> i32 {
    let code = out.status.code().expect("exited");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"), "{out:?}");
    code
}

/// One JSON object on stdout whose `exit_code` is the status.
fn json(args: &[&str], want: i32) -> Value {
    let out = run(args);
    let code = status(&out);
    assert_eq!(code, want, "{args:?}: {out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not one JSON object ({e}): {out:?}"));
    assert_eq!(v["schema"], "certplan/1");
    assert_eq!(v["command"], "compare");
    assert_eq!(v["exit_code"], want);
    assert_eq!(v["ok"], want == 0);
    v
}

/// A scratch directory, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("certplan-compare-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        Dir(dir)
    }
    fn file(&self, name: &str, text: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, text).expect("write");
        p.display().to_string()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn appendix_e_is_equal_with_the_papers_bijection() {
    let out = run(&[
        "compare",
        &data("bw-ontable.pddl"),
        &data("appendix-e-reference.pddl"),
        &data("appendix-e-generated.pddl"),
    ]);
    assert_eq!(status(&out), 0, "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    // The paper: y -> a, z -> b, x -> c (here from the reference's side).
    for line in ["equal (structurally)", "a -> y", "b -> z", "c -> x"] {
        assert!(text.contains(line), "{line}: {text}");
    }
    let v = json(
        &[
            "compare",
            "--json",
            &data("bw-ontable.pddl"),
            &data("appendix-e-reference.pddl"),
            &data("appendix-e-generated.pddl"),
        ],
        0,
    );
    assert_eq!(v["verdict"], "equal");
    assert_eq!(v["mapping"], serde_json::json!([["a", "y"], ["b", "z"], ["c", "x"]]));
}

#[test]
fn a_different_goal_is_named() {
    let args =
        ["compare", &data("bw-ontable.pddl"), &data("appendix-e-reference.pddl"), &data("appendix-e-wrong-goal.pddl")];
    let out = run(&args);
    assert_eq!(status(&out), 1, "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("goal only in A: (on b c)") && text.contains("goal only in B: (on x z)"), "{text}");
    let mut with_json = args.to_vec();
    with_json.insert(1, "--json");
    let v = json(&with_json, 1);
    assert_eq!(v["verdict"], "different");
    assert_eq!(v["explanation"]["goal_only_a"], serde_json::json!(["(on b c)"]));
    assert_eq!(v["explanation"]["goal_only_b"], serde_json::json!(["(on x z)"]));
    assert_eq!(v["explanation"]["init_only_a"], serde_json::json!([]));
}

#[test]
fn undecided_within_the_limit_is_exit_3() {
    let dir = Dir::new("limit");
    let p = |objects: &str, init: &str| {
        format!("(define (problem p) (:domain blocks) (:objects {objects}) (:init {init}) (:goal (and)))")
    };
    // Two symmetric blocks under other names: the renaming needs one search node.
    let a = dir.file("a.pddl", &p("a b", "(clear a) (clear b) (handempty)"));
    let b = dir.file("b.pddl", &p("x y", "(clear y) (clear x) (handempty)"));
    let v = json(&["compare", "--json", "--limit", "0", &data("bw-ontable.pddl"), &a, &b], 3);
    assert_eq!(v["verdict"], "unknown");
    assert!(v["reason"].as_str().unwrap_or_default().contains("node limit"), "{v}");
    let out = run(&["compare", &data("bw-ontable.pddl"), &a, &b]);
    assert_eq!(status(&out), 0, "{out:?}");
}

#[test]
fn input_errors_and_unreadable_paths() {
    let dir = Dir::new("errors");
    let broken =
        dir.file("broken.pddl", "(define (problem p) (:domain blocks) (:objects a) (:init (on a)) (:goal (clear a)))");
    let v = json(&["compare", "--json", &data("bw-ontable.pddl"), &data("appendix-e-reference.pddl"), &broken], 31);
    assert!(v["errors"].as_u64().unwrap_or(0) >= 1, "{v}");
    assert!(v["diagnostics"][0]["file"].as_str().unwrap_or_default().ends_with("broken.pddl"), "{v}");
    let out = run(&["compare", &data("bw-ontable.pddl"), &data("appendix-e-reference.pddl"), &broken]);
    assert_eq!(status(&out), 31);
    assert!(String::from_utf8_lossy(&out.stderr).contains("broken.pddl"), "{out:?}");
    let missing = dir.file("x", "").replace("/x", "/missing.pddl");
    let v = json(&["compare", "--json", &data("bw-ontable.pddl"), &missing, &data("appendix-e-reference.pddl")], 2);
    assert!(v["error"].as_str().unwrap_or_default().contains("missing.pddl"), "{v}");
    let v = json(&["compare", "--json", "--no-such-flag", "a", "b", "c"], 2);
    assert!(!v["error"].is_null());
}

#[test]
fn semantic_flag_completes_goals() {
    let dir = Dir::new("semantic");
    let p = |goal: &str| {
        format!(
            "(define (problem p) (:domain blocks) (:objects a b c)
               (:init (ontable a) (ontable b) (ontable c) (clear a) (clear b) (clear c) (handempty))
               (:goal (and {goal})))"
        )
    };
    let a = dir.file("a.pddl", &p("(on a b) (on b c) (ontable c)"));
    let b = dir.file("b.pddl", &p("(on a b) (on b c) (ontable c) (clear a) (handempty)"));
    let structural = json(&["compare", "--json", &data("bw-ontable.pddl"), &a, &b], 1);
    assert_eq!(structural["semantic"], false);
    assert_eq!(structural["explanation"]["goal_only_b"], serde_json::json!(["(clear a)", "(handempty)"]));
    let semantic = json(&["compare", "--json", "--semantic", &data("bw-ontable.pddl"), &a, &b], 0);
    assert_eq!(semantic["semantic"], true);
    assert_eq!(semantic["verdict"], "equal");
    let c = dir.file("c.pddl", &p("(on a b) (on c b)"));
    let out = run(&["compare", "--semantic", &data("bw-ontable.pddl"), &a, &c]);
    assert_eq!(status(&out), 1, "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("different (semantically)"), "{out:?}");
}
