//! Runs the built `certplan` binary as a user would, and checks what a user or a script sees:
//! exit status, stdout, stderr.

use serde_json::Value;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

const DOMAIN: &str = "\
(define (domain rooms)
  (:requirements :strips :typing)
  (:types room ball)
  (:predicates (at ?b - ball ?r - room) (robot-at ?r - room))
  (:action move
    :parameters (?from ?to - room)
    :precondition (robot-at ?from)
    :effect (and (robot-at ?to) (not (robot-at ?from)))))
";

const PROBLEM: &str = "\
(define (problem rooms-1)
  (:domain rooms)
  (:objects a b - room)
  (:init (robot-at a))
  (:goal (robot-at b)))
";

const PLAN: &str = "(move a b)\n; cost = 1 (unit cost)\n";

/// A directory under the system temp dir, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("certplan-cli-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("the temp dir is writable");
        TempDir(path)
    }
    fn file(&self, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, content).expect("the temp dir is writable");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn certplan<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_certplan")).args(args).output().expect("the binary runs")
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("the binary exits rather than being killed")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn assert_no_panic(out: &Output) {
    assert!(!stderr(out).contains("panicked"), "the binary panicked:\n{}", stderr(out));
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("stdout is not one JSON value ({e}):\n{}", stdout(out)))
}

#[test]
fn good_domain_problem_and_plan_exit_0_with_a_summary() {
    let dir = TempDir::new();
    let d = dir.file("domain.pddl", DOMAIN);
    let p = dir.file("p01.pddl", PROBLEM);
    let plan = dir.file("p01.plan", PLAN);
    let out = certplan(&[OsStr::new("check"), d.as_os_str(), p.as_os_str(), plan.as_os_str()]);
    assert_eq!(code(&out), 0, "stderr:\n{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("domain `rooms`") && text.contains("problem `rooms-1`"), "{text}");
    assert!(text.contains("1 action") && text.contains("plan: 1 step"), "{text}");

    let quiet = certplan(&[OsStr::new("check"), OsStr::new("--quiet"), d.as_os_str(), p.as_os_str()]);
    assert_eq!(code(&quiet), 0);
    assert_eq!(stdout(&quiet), "");
}

#[test]
fn syntax_error_exits_1_with_diagnostics_and_a_tally() {
    let dir = TempDir::new();
    let d = dir.file("domain.pddl", DOMAIN.replace("(:types room ball)", "(:types room ball))"));
    let out = certplan(&[OsStr::new("check"), OsStr::new("--color=never"), d.as_os_str()]);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("E0"), "no diagnostic on stderr:\n{}", stderr(&out));
    assert!(stdout(&out).contains("error"), "no tally on stdout:\n{}", stdout(&out));
    assert!(!stderr(&out).contains('\u{1b}'), "--color=never still colored");
    assert_no_panic(&out);
}

#[test]
fn missing_path_exits_2_naming_the_path() {
    let dir = TempDir::new();
    let d = dir.file("domain.pddl", DOMAIN);
    let missing = dir.0.join("no-such-problem.pddl");
    let out = certplan(&[OsStr::new("check"), d.as_os_str(), missing.as_os_str()]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("no-such-problem.pddl") && err.lines().count() == 1, "{err}");
    assert_eq!(stdout(&out), "");

    let out = certplan(&[OsStr::new("check"), dir.0.as_os_str()]);
    assert_eq!(code(&out), 2, "a directory is not a readable file");
}

#[test]
fn bad_flags_exit_2() {
    assert_eq!(code(&certplan(&["check", "--no-such-flag", "d.pddl"])), 2);
    assert_eq!(code(&certplan(&["check"])), 2);
    assert_eq!(code(&certplan(&["frobnicate"])), 2);
    assert_eq!(code(&certplan(&["check", "--color", "sometimes", "d.pddl"])), 2);
    assert_eq!(code(&certplan(&["fmt", "--check", "--write", "d.pddl"])), 2);
}

#[test]
fn json_reports_the_error_position() {
    let dir = TempDir::new();
    // A misspelt keyword on line 7, column 5 (1-based), spanning 12 characters.
    let d = dir.file("domain.pddl", DOMAIN.replace(":precondition", ":precondtion"));
    let out = certplan(&[OsStr::new("check"), OsStr::new("--json"), d.as_os_str()]);
    assert_eq!(code(&out), 1);
    let v = json(&out);
    assert_eq!(v["ok"], false);
    assert!(v["errors"].as_u64().is_some_and(|n| n >= 1), "{v}");
    assert_eq!(v["warnings"], 0);
    assert_eq!(v["files"][0]["id"], 0);
    assert_eq!(v["files"][0]["path"], d.display().to_string());
    assert_eq!(v["summary"], Value::Null);
    let diags = v["diagnostics"].as_array().expect("diagnostics is an array");
    let d0 = diags.iter().find(|d| d["code"] == "E0006").unwrap_or_else(|| panic!("no unknown-keyword error: {v}"));
    assert_eq!(d0["name"], "unknown-keyword");
    assert_eq!(d0["severity"], "error");
    assert_eq!((d0["line"].as_u64(), d0["column"].as_u64()), (Some(7), Some(5)), "{d0}");
    assert_eq!((d0["end_line"].as_u64(), d0["end_column"].as_u64()), (Some(7), Some(17)), "{d0}");
    assert!(d0["message"].is_string() && d0["labels"].is_array(), "{d0}");
    assert!(d0.get("help").is_some(), "{d0}");
    let rendered = d0["rendered"].as_str().expect("rendered is a string");
    assert!(rendered.contains("E0006") && !rendered.contains('\u{1b}'), "{rendered}");
    assert!(out.stderr.is_empty(), "--json writes nothing to stderr: {}", stderr(&out));
}

#[test]
fn json_on_good_input_has_a_summary() {
    let dir = TempDir::new();
    let d = dir.file("domain.pddl", DOMAIN);
    let p = dir.file("p01.pddl", PROBLEM);
    let out = certplan(&[OsStr::new("check"), OsStr::new("--json"), d.as_os_str(), p.as_os_str()]);
    assert_eq!(code(&out), 0);
    let v = json(&out);
    assert_eq!(v["ok"], true);
    assert_eq!(v["errors"], 0);
    assert_eq!(v["files"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["summary"]["domain"], "rooms");
    assert_eq!(v["summary"]["problem"], "rooms-1");
    assert_eq!(v["summary"]["actions"], 1);
}

#[test]
fn binary_garbage_is_an_error_not_a_panic() {
    let dir = TempDir::new();
    // Deterministic pseudo-random bytes: NULs, invalid UTF-8, stray parentheses.
    let mut x: u32 = 0x9e37_79b9;
    let bytes: Vec<u8> = (0..4096)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x >> 24) as u8
        })
        .collect();
    assert!(bytes.contains(&0) && std::str::from_utf8(&bytes).is_err());
    let g = dir.file("garbage.pddl", &bytes);
    for args in [vec!["check"], vec!["check", "--json"], vec!["fmt"]] {
        let mut argv: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        argv.push(g.as_os_str());
        let out = certplan(&argv);
        assert_eq!(code(&out), 1, "{args:?}");
        assert_no_panic(&out);
    }
    let out = certplan(&[OsStr::new("check"), OsStr::new("--json"), g.as_os_str()]);
    let v = json(&out);
    // Binary data is one diagnostic, not one per stray byte (it was 135 for such a file).
    let codes: Vec<&str> =
        v["diagnostics"].as_array().into_iter().flatten().filter_map(|d| d["code"].as_str()).collect();
    assert_eq!(codes, ["E0015"], "{v}");
    assert!(v["diagnostics"][0]["message"].as_str().is_some_and(|m| m.starts_with("not a PDDL text file")), "{v}");

    // Valid PDDL with one bad byte: the error points at it, and the rest is still parsed.
    let mut latin1 = DOMAIN.as_bytes().to_vec();
    latin1.splice(0..0, b"; caf\xe9\n".iter().copied());
    let l = dir.file("latin1.pddl", &latin1);
    let v = json(&certplan(&[OsStr::new("check"), OsStr::new("--json"), l.as_os_str()]));
    let d0 = &v["diagnostics"][0];
    assert_eq!(
        (d0["code"].as_str(), d0["line"].as_u64(), d0["column"].as_u64()),
        (Some("E0001"), Some(1), Some(6)),
        "{v}"
    );
}

#[test]
fn empty_file_exits_1() {
    let dir = TempDir::new();
    let e = dir.file("empty.pddl", "");
    let out = certplan(&[OsStr::new("check"), e.as_os_str()]);
    assert_eq!(code(&out), 1);
    assert_no_panic(&out);
    let out = certplan(&[OsStr::new("fmt"), e.as_os_str()]);
    assert_eq!(code(&out), 1, "an empty .pddl file is no definition, not an empty plan");
    assert_no_panic(&out);
}

#[test]
fn file_over_the_size_limit_is_refused_unread() {
    let dir = TempDir::new();
    let big = dir.0.join("big.pddl");
    // Sparse where the file system allows, so the test costs no disk.
    let f = std::fs::File::create(&big).expect("the temp dir is writable");
    f.set_len(256 * 1024 * 1024 + 1).expect("the file can be extended");
    drop(f);
    let out = certplan(&[OsStr::new("check"), OsStr::new("--json"), big.as_os_str()]);
    assert_eq!(code(&out), 1);
    let v = json(&out);
    assert_eq!(v["diagnostics"][0]["code"], "E0013", "{v}");
    assert_eq!(v["diagnostics"].as_array().map(Vec::len), Some(1), "a refused file is not parsed: {v}");
}

fn fmt_stdout(path: &Path) -> String {
    let out = certplan(&[OsStr::new("fmt"), path.as_os_str()]);
    assert_eq!(code(&out), 0, "stderr:\n{}", stderr(&out));
    stdout(&out)
}

#[test]
fn fmt_output_reparses_and_is_idempotent() {
    let dir = TempDir::new();
    let messy = "(define (domain ROOMS) (:requirements :strips)\n(:predicates (p ?x) (q))\n\
                 (:action a :parameters (?x) :precondition (and (p ?x)) :effect (and (q) (not (p ?x)))))";
    let canonical = |name: &str, text: &str| {
        let first = fmt_stdout(&dir.file(name, text));
        assert!(!first.is_empty(), "{name}");
        let once = dir.file(&format!("once-{name}"), &first);
        assert_eq!(fmt_stdout(&once), first, "{name}: formatting is not idempotent");
        let c = certplan(&[OsStr::new("fmt"), OsStr::new("--check"), once.as_os_str()]);
        assert_eq!(code(&c), 0, "{name}: the canonical form fails --check");
        once
    };
    let messy = canonical("messy.pddl", messy);
    let domain = canonical("domain.pddl", DOMAIN);
    let problem = canonical("p01.pddl", PROBLEM);
    let plan = canonical("p01.plan", PLAN);
    for files in [vec![&messy], vec![&domain, &problem, &plan]] {
        let mut argv = vec![OsStr::new("check")];
        argv.extend(files.iter().map(|f| f.as_os_str()));
        let out = certplan(&argv);
        assert_eq!(code(&out), 0, "the formatted text does not re-parse:\n{}", stderr(&out));
    }
}

#[test]
fn fmt_check_flags_non_canonical_input() {
    let dir = TempDir::new();
    let f = dir.file("d.pddl", "(define (domain d)\n(:predicates (p)))");
    let out = certplan(&[OsStr::new("fmt"), OsStr::new("--check"), f.as_os_str()]);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("d.pddl"), "{}", stderr(&out));
    assert_eq!(stdout(&out), "", "--check prints no text");
}

#[test]
fn fmt_refuses_syntax_errors() {
    let dir = TempDir::new();
    let f = dir.file("d.pddl", "(define (domain d) (:predicates (p))");
    let out = certplan(&[OsStr::new("fmt"), OsStr::new("--write"), f.as_os_str()]);
    assert_eq!(code(&out), 1);
    assert_eq!(stdout(&out), "");
    assert_eq!(
        std::fs::read_to_string(&f).ok().as_deref(),
        Some("(define (domain d) (:predicates (p))"),
        "the file was changed"
    );
}

#[test]
fn fmt_write_rewrites_in_place_but_keeps_comments() {
    let dir = TempDir::new();
    let f = dir.file("d.pddl", "(define (domain d)\n(:predicates (p)))");
    let expected = fmt_stdout(&f);
    let out = certplan(&[OsStr::new("fmt"), OsStr::new("--write"), f.as_os_str()]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&f).ok(), Some(expected));
    let leftovers: Vec<_> = std::fs::read_dir(&dir.0).into_iter().flatten().flatten().map(|e| e.file_name()).collect();
    assert_eq!(leftovers.len(), 1, "temporary files left behind: {leftovers:?}");

    // Comments are kept: the rewritten file has them all, and then passes `--check`.
    let commented = "; keep me\n(define (domain d) ; the name\n(:predicates ; why\n (p) (q)))";
    let c = dir.file("c.pddl", commented);
    let out = certplan(&[OsStr::new("fmt"), OsStr::new("--write"), c.as_os_str()]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let written = std::fs::read_to_string(&c).expect("readable");
    assert_eq!(written, "; keep me\n(define (domain d) ; the name\n  (:predicates ; why\n    (p)\n    (q)))\n");
    let out = certplan(&[OsStr::new("fmt"), OsStr::new("--check"), c.as_os_str()]);
    assert_eq!(code(&out), 0, "a file printed by fmt passes --check: {}", stderr(&out));
    // Plans too.
    let plan = dir.file("p.plan", "; found by hand\n(pick-up a)   ; first\n(stack a b)\n; cost = 2 (unit cost)\n");
    let out = certplan(&[OsStr::new("fmt"), OsStr::new("--write"), plan.as_os_str()]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let written = std::fs::read_to_string(&plan).expect("readable");
    assert_eq!(written, "; found by hand\n(pick-up a) ; first\n(stack a b)\n; cost = 2 (unit cost)\n");
    let out = certplan(&[OsStr::new("fmt"), OsStr::new("--check"), plan.as_os_str()]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
}

#[test]
fn closed_stdout_is_not_a_panic() {
    use std::process::Stdio;
    let dir = TempDir::new();
    let d = dir.file("domain.pddl", DOMAIN);
    let mut child = Command::new(env!("CARGO_BIN_EXE_certplan"))
        .args([OsStr::new("fmt"), d.as_os_str()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Closing the read end before the child writes makes its write fail with EPIPE.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("the binary finishes");
    assert_no_panic(&out);
    assert_eq!(code(&out), 0);
}

/// `heuristic check --audit-consistency` audits the task as the proofs read it, unpruned. With
/// h2 and relevance pruning, a push of the box of IPC 2023 sokoban easy p05 into the bottom row
/// (from which its goal is unreachable) lost the box's position: the state read as a dead end
/// followed by one with a finite h, a false violation. Unpruned, every reachable state is
/// audited and none violates.
#[test]
fn the_consistency_audit_reads_the_unpruned_task() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/ipc2023-test/sokoban");
    if !corpus::require(
        "the_consistency_audit_reads_the_unpruned_task",
        dir.is_dir(),
        "../shared/ipc2023-test is absent",
    ) {
        return;
    }
    let out = certplan(&[
        OsStr::new("heuristic"),
        OsStr::new("check"),
        OsStr::new("sokoban"),
        OsStr::new("--audit-consistency"),
        OsStr::new("5000"),
        OsStr::new("--json"),
        dir.join("domain.pddl").as_os_str(),
        dir.join("easy/p05.pddl").as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(v["audit"]["violation"], Value::Null, "{v}");
    assert_eq!(v["audit"]["complete"], Value::Bool(true), "{v}");
    assert!(v["audit"]["states"].as_u64().unwrap_or(0) > 500, "{v}");
}

/// `heuristic time`: the domain heuristic and LM-cut on one sample of sokoban's reachable states
/// (with `--alive`, none a dead end for either), as JSON; a bad spec names its position in the
/// spec, and a domain without a domain heuristic is refused with FD's 34.
#[test]
fn heuristics_are_timed_on_one_sample_and_bad_specs_are_named() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/ipc2023-test/sokoban");
    if !corpus::require(
        "heuristics_are_timed_on_one_sample_and_bad_specs_are_named",
        dir.is_dir(),
        "../shared/ipc2023-test is absent",
    ) {
        return;
    }
    let (domain, problem) = (dir.join("domain.pddl"), dir.join("easy/p05.pddl"));
    let args = |extra: &[&str]| {
        let mut v: Vec<&OsStr> = vec![OsStr::new("heuristic"), OsStr::new("time")];
        v.extend(extra.iter().map(OsStr::new));
        v.push(domain.as_os_str());
        v.push(problem.as_os_str());
        certplan(&v)
    };
    let out = args(&["--json", "--alive", "--states", "300", "--repeat", "2"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let v = json(&out);
    let rows = v["timings"].as_array().expect("a timings array");
    let specs: Vec<&str> = rows.iter().map(|r| r["spec"].as_str().unwrap_or("")).collect();
    assert_eq!(specs, ["domain()", "lmcut()"], "the default pair: {v}");
    let n = rows[0]["states"].as_u64().unwrap();
    assert!(n > 50 && n <= 300, "{v}");
    for r in rows {
        assert_eq!(r["states"].as_u64(), Some(n), "every heuristic sees the same sample: {v}");
        assert_eq!(r["dead_ends"].as_u64(), Some(0), "--alive: {v}");
        assert_eq!(r["runs"].as_array().map(Vec::len), Some(2), "{v}");
        assert!(r["seconds_per_state"].as_f64().unwrap() > 0.0, "{v}");
    }
    assert_eq!(rows[0]["ratio_to_first"].as_f64(), Some(1.0));

    // A run stopped by its limit says where, as `plan` does (grounding the 60x60 hard p01 takes
    // far longer than 10 ms).
    let out = certplan(&[
        OsStr::new("heuristic"),
        OsStr::new("time"),
        OsStr::new("--json"),
        OsStr::new("--time-limit"),
        OsStr::new("0.01"),
        domain.as_os_str(),
        dir.join("hard/p01.pddl").as_os_str(),
    ]);
    assert_eq!(code(&out), 23, "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["result"], "out of time", "{v}");
    assert!(v["phase"].is_string(), "{v}");

    let out = args(&["-H", "lmcut()", "-H", "nosuch()"]);
    assert_no_panic(&out);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(
        err.contains("bad --heuristic `nosuch()`: unknown heuristic `nosuch`") && err.contains("(at character 1)"),
        "{err}"
    );

    let gripper = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/gripper");
    let out = certplan(&[
        OsStr::new("heuristic"),
        OsStr::new("time"),
        gripper.join("domain.pddl").as_os_str(),
        gripper.join("p01.pddl").as_os_str(),
    ]);
    assert_eq!(code(&out), 34, "{}", stderr(&out));
    assert!(stderr(&out).contains("no domain heuristic is written for domain `gripper-strips`"), "{}", stderr(&out));
}
