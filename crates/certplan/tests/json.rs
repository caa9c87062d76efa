//! `--json` prints exactly one JSON object on stdout, on every path of every command: success,
//! input errors, unreadable paths, usage errors, planner outcomes. Each object carries the same
//! envelope: `schema`, `command`, `ok`, `exit_code`, `error`, `errors`, `warnings`, `files`,
//! `diagnostics`.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

fn gripper(name: &str) -> String {
    examples().join("gripper").join(name).display().to_string()
}

/// A fresh directory, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("certplan-json-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        Dir(dir)
    }
    fn file(&self, name: &str, text: impl AsRef<[u8]>) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, text).expect("write");
        p.display().to_string()
    }
    fn path(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_certplan")).args(args).output().expect("certplan runs")
}

/// Runs certplan and checks the envelope: stdout is exactly one JSON object whose `exit_code`
/// is the process's status, and that status is `want`.
fn json(command: &str, args: &[&str], want: i32) -> Value {
    let out = run(args);
    let code = out.status.code().expect("exited");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(code, want, "{args:?}: exit {code}\nstdout: {stdout}\nstderr: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    let values: Vec<Value> = serde_json::Deserializer::from_slice(&out.stdout)
        .into_iter::<Value>()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{args:?}: stdout is not JSON ({e}):\n{stdout}"));
    assert_eq!(values.len(), 1, "{args:?}: {} JSON values on stdout:\n{stdout}", values.len());
    let v = values.into_iter().next().expect("one value");
    assert!(v.is_object(), "{args:?}: not an object: {v}");
    assert_eq!(v["schema"], "certplan/1", "{args:?}: {v}");
    assert_eq!(v["command"], command, "{args:?}: {v}");
    assert_eq!(v["exit_code"], want, "{args:?}: {v}");
    assert_eq!(v["ok"], want == 0, "{args:?}: {v}");
    for field in ["errors", "warnings"] {
        assert!(v[field].is_u64(), "{args:?}: `{field}` missing: {v}");
    }
    for field in ["files", "diagnostics"] {
        assert!(v[field].is_array(), "{args:?}: `{field}` missing: {v}");
    }
    assert!(v.get("error").is_some(), "{args:?}: `error` missing: {v}");
    if want == 2 {
        assert!(v["error"].is_string() || v["errors"].as_u64() > Some(0), "{args:?}: exit 2 without a reason: {v}");
    }
    v
}

/// Every diagnostic has the same fields in every command.
fn assert_diagnostic_fields(v: &Value) {
    for d in v["diagnostics"].as_array().into_iter().flatten() {
        for f in ["file", "line", "column", "code", "severity", "message"] {
            assert!(!d[f].is_null(), "diagnostic without `{f}`: {d}");
        }
    }
}

const BROKEN: &str = "(define (domain d) (:predicates (p)) (:action a :parameters () :effect (q)))";

#[test]
fn check() {
    let dir = Dir::new("check");
    let v = json("check", &["check", "--json", &gripper("domain.pddl"), &gripper("p01.pddl")], 0);
    assert_eq!(v["summary"]["domain"], "gripper-strips");
    let v = json("check", &["check", "--json", &dir.file("broken.pddl", BROKEN)], 1);
    assert_eq!(v["diagnostics"][0]["code"], "E0107");
    assert_diagnostic_fields(&v);
    let v = json("check", &["check", "--json", &dir.file("bin.pddl", b"\x7fELF\x00\x01\x02")], 1);
    assert_eq!(v["errors"], 1);
    let v = json("check", &["check", "--json", &dir.path("missing.pddl")], 2);
    assert!(v["error"].as_str().is_some_and(|e| e.contains("missing.pddl")), "{v}");
    // A usage error found by clap, before any command ran.
    json("check", &["check", "--json"], 2);
    json("check", &["check", "--json", "--no-such-flag", "x"], 2);
}

#[test]
fn fmt() {
    let dir = Dir::new("fmt");
    let v = json("fmt", &["fmt", "--json", &gripper("domain.pddl")], 0);
    assert!(v["text"].as_str().is_some_and(|t| t.contains("(define (domain gripper-strips)")), "{v}");
    let messy = dir.file("messy.pddl", "(define (domain d)\n(:predicates (p)))");
    let v = json("fmt", &["fmt", "--json", "--check", &messy], 1);
    assert_eq!(v["canonical"], false);
    json("fmt", &["fmt", "--json", &dir.file("broken.pddl", "(define (domain d)")], 1);
    json("fmt", &["fmt", "--json", &dir.path("missing.pddl")], 2);
}

#[test]
fn validate() {
    let dir = Dir::new("validate");
    let (d, p) = (gripper("domain.pddl"), gripper("p01.pddl"));
    let v = json("validate", &["validate", "--json", &d, &p, &gripper("p01.plan")], 0);
    assert_eq!(v["plans"][0]["report"]["verdict"], "valid");
    let short = dir.file("short.plan", "(move rooma roomb)\n");
    let v = json("validate", &["validate", "--json", &d, &p, &short], 1);
    assert_ne!(v["plans"][0]["report"]["verdict"], "valid");
    let unknown = dir.file("unknown.plan", "(fly rooma)\n");
    // A step naming an unknown action makes the plan invalid (exit 1), as VAL's verdict goes.
    let v = json("validate", &["validate", "--json", &d, &p, &unknown], 1);
    assert_eq!(v["plans"][0]["diagnostics"][0]["code"], "E0124", "{v}");
    assert_eq!(v["plans"][0]["verdict"], "malformed", "{v}");
    json("validate", &["validate", "--json", &dir.file("broken.pddl", BROKEN), &p, &short], 2);
    // An unreadable plan is reported in its place (exit 2); the others are still validated.
    let v = json("validate", &["validate", "--json", &d, &p, &dir.path("missing.plan"), &gripper("p01.plan")], 2);
    assert_eq!(v["plans"][0]["verdict"], "unreadable", "{v}");
    assert_eq!(v["plans"][1]["verdict"], "valid", "{v}");
}

#[test]
fn generate() {
    let dir = Dir::new("generate");
    let v = json("generate", &["generate", "gripper", "--seed", "3", "--json", "-o", &dir.path("out")], 0);
    assert_eq!(v["written"].as_array().map(Vec::len), Some(2));
    let v = json("generate", &["generate", "--list", "--json"], 0);
    assert!(v["domains"].as_array().is_some_and(|d| d.len() >= 10), "{v}");
    let v = json("generate", &["generate", "no-such-domain", "--json", "-o", &dir.path("x")], 2);
    assert!(v["error"].as_str().is_some_and(|e| e.contains("no library domain")), "{v}");
}

#[test]
fn dataset() {
    let dir = Dir::new("dataset");
    let out = dir.path("out");
    let args =
        ["dataset", "gripper", "--count", "4", "--pairs-per-problem", "2", "--test-lengths", "11-20", "--json", "-o"];
    let mut argv = args.to_vec();
    argv.push(&out);
    let v = json("dataset", &argv, 0);
    assert_eq!(v["examples"], 8);
    assert_eq!(v["meta"]["domain"], "gripper");
    json("dataset", &["dataset", "no-such-domain", "--json", "-o", &out], 2);
}

#[test]
fn analyze() {
    let dir = Dir::new("analyze");
    let v = json("analyze", &["analyze", "gripper", "--json"], 0);
    assert!(v["analysis"]["delete_free"].is_boolean(), "{v}");
    let v = json("analyze", &["analyze", "--json", &dir.file("broken.pddl", BROKEN)], 1);
    assert_eq!(v["diagnostics"][0]["code"], "E0107");
    json("analyze", &["analyze", "--json", &dir.path("missing.pddl")], 2);
}

#[test]
fn proof_export_audit_and_plan() {
    let dir = Dir::new("proof");
    for backend in ["coq", "lean"] {
        let export = format!("{backend} export");
        let out = dir.path(backend);
        let (d, p, pl) = (gripper("domain.pddl"), gripper("p01.pddl"), gripper("p01.plan"));
        let v = json(&export, &[backend, "export", "--json", &d, &p, "--plan", &pl, "-o", &out], 0);
        let written: Vec<&str> = v["written"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        assert!(!written.is_empty(), "{v}");
        json(&export, &[backend, "export", "--json", &dir.file("broken.pddl", BROKEN), "-o", &out], 1);
        json(&export, &[backend, "export", "--json", &dir.path("missing.pddl"), "-o", &out], 2);
        json(&export, &[backend, "export", "--json"], 2);

        // The plan bridge, on the object map the export wrote.
        let map = written.iter().find(|f| f.ends_with(".objects.json")).expect("an object map").to_string();
        let v = json(
            &format!("{backend} plan"),
            &[backend, "plan", "--json", &dir.file("empty.txt", "[]"), "--map", &map],
            0,
        );
        assert_eq!(v["plan"], "");
        let bad = dir.file("bad.txt", "[fly 1 2]");
        let v = json(&format!("{backend} plan"), &[backend, "plan", "--json", &bad, "--map", &map], 1);
        assert!(v["error"].is_string(), "{v}");

        // The auditor rejects an admitted proof.
        let ext = if backend == "coq" { "v" } else { "lean" };
        let expected = written.iter().find(|f| f.contains("expected")).expect("the expected statement").to_string();
        let cheat = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../proof/tests/redteam/{backend}/axiom.{ext}"));
        let cheat = cheat.display().to_string();
        let audit = format!("{backend} audit");
        let v = json(&audit, &[backend, "audit", "--json", &cheat, "--expect", &expected, "--no-rebuild"], 1);
        assert!(v["violations"].as_array().is_some_and(|a| !a.is_empty()), "{v}");
        json(&audit, &[backend, "audit", "--json", &dir.path("missing.v"), "--expect", &expected], 2);
    }
}

#[test]
fn plan_and_ground() {
    let dir = Dir::new("plan");
    let (d, p) = (gripper("domain.pddl"), gripper("p01.pddl"));
    let plan_file = dir.path("sas_plan");
    let v = json("plan", &["plan", "--json", &d, &p, "--plan-file", &plan_file], 0);
    assert!(v["plan"]["cost"].as_u64().is_some_and(|c| c > 0), "{v}");
    assert!(std::fs::read_to_string(&plan_file).is_ok_and(|t| t.contains("(move")), "the plan is written");
    // Unsolvable: the goal names a room the ball cannot reach (no `at-robby` to start from).
    let unsolvable = dir.file(
        "unsolvable.pddl",
        "(define (problem u) (:domain gripper-strips) (:objects rooma roomb ball1 left)
           (:init (room rooma) (room roomb) (ball ball1) (gripper left) (at ball1 rooma) (free left))
           (:goal (at ball1 roomb)))",
    );
    let v = json("plan", &["plan", "--json", &d, &unsolvable, "--plan-file", &plan_file], 11);
    assert!(v["result"].as_str().is_some_and(|r| r.starts_with("unsolvable")), "{v}");
    let v = json("plan", &["plan", "--json", &dir.file("broken.pddl", BROKEN), &p], 31);
    assert_diagnostic_fields(&v);
    json("plan", &["plan", "--json", &d, &p, "--search", "astar(nonsense())"], 2);
    json("plan", &["plan", "--json", &d, &dir.path("missing.pddl")], 2);
    let v = json("plan", &["plan", "--json", &dir.file("not.sas", "begin_version\n3\nend_version\ngarbage\n")], 33);
    assert!(v["error"].as_str().is_some_and(|e| e.contains("not.sas:")), "the reader's message with its line: {v}");

    // A construct the planner refuses: exit 34 (FD's "unsupported"), the reasons listed: a
    // nonlinear numeric effect.
    let fuel = |f: &str| examples().join("truck-fuel").join(f).display().to_string();
    let nd = dir.file("nonlinear.pddl", NONLINEAR_DOMAIN);
    let np = dir.file("nonlinear-p.pddl", NONLINEAR_PROBLEM);
    let v = json("plan", &["plan", "--json", &nd, &np, "--plan-file", &plan_file], 34);
    assert_eq!(v["result"], "refused", "{v}");
    assert_eq!(v["planner"], "numeric", "{v}");
    assert!(v["reasons"][0].as_str().is_some_and(|r| r.contains("nonlinear")), "{v}");
    // A numeric task: the numeric planner, named, with the validator's metric.
    let v = json("plan", &["plan", "--json", &fuel("domain.pddl"), &fuel("p01.pddl"), "--plan-file", &plan_file], 0);
    assert_eq!(v["planner"], "numeric", "{v}");
    assert_eq!(v["search_config"], "gbfs(hmrp_numeric())", "{v}");
    assert_eq!(v["plan"]["metric"], 10.0, "{v}");
    json("ground", &["ground", "--json", &fuel("domain.pddl"), &fuel("p01.pddl")], 34);

    let v = json("ground", &["ground", "--json", &d, &p], 0);
    assert!(v["statistics"]["atoms"].as_u64().is_some_and(|a| a > 0), "{v}");
    json("ground", &["ground", "--json", &d, &unsolvable], 11);
    json("ground", &["ground", "--json", &dir.file("broken.pddl", BROKEN), &p], 31);
    json("ground", &["ground", "--json", &d], 2);
}

/// A numeric domain whose effect multiplies two changing fluents: refused by the numeric planner.
const NONLINEAR_DOMAIN: &str = "(define (domain nl) (:requirements :numeric-fluents)
  (:functions (x) (y))
  (:action grow :parameters () :precondition (< (x) 10)
    :effect (and (increase (x) (* (x) (y))) (increase (y) 1))))";
const NONLINEAR_PROBLEM: &str = "(define (problem nl1) (:domain nl) (:init (= (x) 1) (= (y) 1)) (:goal (>= (x) 10)))";
#[test]
fn generalized_plans() {
    let dir = Dir::new("gp");
    let v = json("gp constraints", &["gp", "constraints", "spanner", "--json", "-o", &dir.path("c")], 0);
    let files: Vec<&str> = v["written"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    assert!(files.contains(&"SpannerValid.v") && files.contains(&"SpannerValid.lean"), "{v}");
    let v = json("gp check", &["gp", "check", "miconic", "--debug-set", "--json"], 0);
    assert_eq!(v["tasks"].as_array().map(Vec::len), Some(6), "{v}");
    assert!(v["tasks"][0]["constraints"].as_array().is_some_and(|c| c.iter().all(|x| x["holds"] == true)), "{v}");
    // A task that breaks a constraint: exit 1 and the constraint's name.
    let bad = "(define (problem m) (:domain miconic) (:objects p1 - passenger f1 f2 - floor)
      (:init (lift-at f1) (lift-at f2) (origin p1 f2) (destin p1 f1) (above f1 f2)) (:goal (and (served p1))))";
    let v = json("gp check", &["gp", "check", "miconic", "--json", &dir.file("bad.pddl", bad)], 1);
    let failed: Vec<&str> = v["tasks"][0]["constraints"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["holds"] == false)
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(failed, ["LiftAtOneFloor"], "{v}");
    json("gp check", &["gp", "check", "sokoban", "--debug-set", "--json"], 2);
    json("gp run", &["gp", "run", "no-such-domain", &dir.path("solve.v"), "--json"], 2);
}
