//! The front door (`model::front`): text and path inputs, unreadable paths, files that are not
//! PDDL text, problems and plans with and without errors.

use model::front::{MAX_FILE_BYTES, Request, Source, load_text};
use std::path::PathBuf;

const DOMAIN: &str = "(define (domain d) (:requirements :strips :typing) (:types ball room)
  (:predicates (at ?b - ball ?r - room))
  (:action move :parameters (?b - ball ?from ?to - room)
    :precondition (at ?b ?from)
    :effect (and (at ?b ?to) (not (at ?b ?from)))))";

const PROBLEM: &str = "(define (problem p) (:domain d)
  (:objects b1 - ball r1 r2 - room)
  (:init (at b1 r1))
  (:goal (at b1 r2)))";

/// A fresh directory under the target's temporary directory, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("certplan-front-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        Dir(dir)
    }
    fn write(&self, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).expect("write");
        p
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn codes(l: &model::front::Loaded) -> Vec<&str> {
    l.diagnostics.iter().map(|d| d.code.id).collect()
}

#[test]
fn text_input_gives_the_task() {
    let l = load_text(DOMAIN, Some(PROBLEM));
    assert!(!l.has_errors(), "{l}");
    let task = l.task().expect("a clean task");
    assert_eq!(task.objects.len(), 3);
    assert_eq!(l.summary().map(|s| s.problem.clone()), Some(Some("p".to_string())));
    assert!(l.domain().is_some());
    assert_eq!(l.sources.get(l.domain_file).path, "domain.pddl");
}

#[test]
fn path_input_names_the_files() {
    let dir = Dir::new("paths");
    let d = dir.write("domain.pddl", DOMAIN);
    let p = dir.write("p01.pddl", PROBLEM.replace("(at b1 r1))", "(at b1 r1) (at b1 r1))"));
    let l = Request::new(Source::path(&d)).problem(Source::path(&p)).load().expect("readable");
    // The duplicate initial fact is a warning with the problem's path, line and column.
    assert_eq!(codes(&l), ["W0104"]);
    let short = l.diagnostics[0].short(&l.sources);
    assert!(short.starts_with(&format!("{}:3:", p.display())), "{short}");
    assert!(l.task().is_some(), "warnings leave the task");
    assert_eq!(l.warnings(), 1);
    assert_eq!(l.errors(), 0);
}

#[test]
fn a_missing_file_is_an_error_value_naming_the_path() {
    let dir = Dir::new("missing");
    let d = dir.write("domain.pddl", DOMAIN);
    let missing = dir.0.join("nope.pddl");
    let e = Request::new(Source::path(&d)).problem(Source::path(&missing)).load().expect_err("unreadable");
    assert_eq!(e.path, missing.display().to_string());
    assert!(e.to_string().starts_with(&format!("cannot read `{}`", missing.display())), "{e}");
    // A directory is unreadable too, not an empty file.
    let e = Request::new(Source::path(&dir.0)).load().expect_err("a directory");
    assert!(e.reason.contains("directory"), "{e}");
}

#[test]
fn every_path_is_opened_before_anything_is_parsed() {
    let dir = Dir::new("order");
    let d = dir.write("domain.pddl", "(define (domain broken");
    let p = dir.write("p.pddl", PROBLEM);
    let missing = dir.0.join("missing.plan");
    let request = Request::new(Source::path(&d)).problem_with_plans(Source::path(&p), vec![Source::path(&missing)]);
    let e = request.clone().load().expect_err("the plan path is unreadable");
    assert_eq!(e.path, missing.display().to_string());
    // Unless the caller reports unreadable plans one by one.
    let l = request.tolerate_unreadable_plans().load().expect("domain and problem are readable");
    assert_eq!(l.problems[0].plans[0].unreadable.as_ref().map(|u| u.path.clone()), Some(e.path));
    assert!(l.has_errors(), "the broken domain is reported");
}

#[test]
fn a_binary_file_is_one_diagnostic() {
    let dir = Dir::new("binary");
    let mut bytes = b"\x7fELF\x02\x01\x01\x00".to_vec();
    bytes.extend((0..5000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
    let b = dir.write("a.out", &bytes);
    let l = Request::new(Source::path(&b)).problem(Source::path(&b)).load().expect("readable");
    // One per file, and nothing parsed or checked after it.
    assert_eq!(codes(&l), ["E0015", "E0015"]);
    assert!(l.diagnostics[0].message.starts_with("not a PDDL text file"), "{}", l.diagnostics[0].message);
    assert!(l.domain.is_none() && l.checked().is_none() && l.task().is_none());
}

#[test]
fn binary_text_in_memory_is_one_diagnostic_too() {
    let l = load_text("\0\u{1}\u{2}(define", None);
    assert_eq!(codes(&l), ["E0015"]);
}

#[test]
fn a_stray_byte_in_a_text_file_is_invalid_utf8_not_binary() {
    let dir = Dir::new("latin1");
    let d = dir.write(
        "domain.pddl",
        DOMAIN.replace("(define (domain d)", "; caf\u{e9}\n(define (domain d)").replace('\u{e9}', "\u{1}"),
    );
    let mut bytes = std::fs::read(&d).expect("read");
    let at = bytes.iter().position(|&b| b == 1).expect("marker");
    bytes[at] = 0xe9;
    std::fs::write(&d, &bytes).expect("write");
    let l = Request::new(Source::path(&d)).load().expect("readable");
    assert_eq!(codes(&l), ["E0001"]);
    assert!(l.domain.is_some(), "the rest of the file is parsed");
}

#[test]
fn a_file_over_the_limit_is_not_read() {
    let dir = Dir::new("large");
    let big = dir.0.join("big.pddl");
    // Sparse: no disk space is used, and the size check refuses it before reading.
    std::fs::File::create(&big).and_then(|f| f.set_len(MAX_FILE_BYTES + 1)).expect("sparse file");
    let l = Request::new(Source::path(&big)).load().expect("readable");
    assert_eq!(codes(&l), ["E0013"]);
    assert!(l.domain.is_none());
    let e = model::front::read_text(&big).expect_err("too large");
    assert!(e.reason.contains("256 MiB"), "{e}");
}

#[test]
fn problem_errors_leave_the_domain_clean_and_are_reported_with_positions() {
    let bad = PROBLEM.replace("(at b1 r2)", "(at b1 r3)");
    let l = load_text(DOMAIN, Some(&bad));
    assert_eq!(codes(&l), ["E0110"]);
    assert_eq!(l.sources.get(l.diagnostics[0].file).path, "problem.pddl");
    let short = l.diagnostics[0].short(&l.sources);
    assert!(short.starts_with("problem.pddl:4:"), "{short}");
    assert!(l.task().is_none());
    let e = load_text(DOMAIN, Some(&bad)).into_task().expect_err("no task");
    assert!(e.to_string().contains("problem.pddl:4:") && e.to_string().contains("E0110"), "{e}");
    // The domain alone is clean.
    assert!(load_text(DOMAIN, None).into_domain().is_ok());
}

#[test]
fn a_domain_with_syntax_errors_stops_the_semantic_check() {
    let l = load_text("(define (domain d) (:predicates (p ?x)) (:action a :parameters () :effect (q))", Some(PROBLEM));
    assert!(codes(&l).contains(&"E0003"), "{:?}", codes(&l));
    // Nothing semantic (the unknown `q`, the problem's unknown `at`) cascades from it.
    assert!(codes(&l).iter().all(|c| c.starts_with("E00")), "{:?}", codes(&l));
    assert!(l.problems[0].checked.is_none());
}

#[test]
fn plans_are_checked_against_the_task_one_by_one() {
    let good = Source::text("good.plan", "(move b1 r1 r2)\n");
    let bad = Source::text("bad.plan", "(move b1 r1)\n(fly b1)\n");
    let broken = Source::text("broken.plan", "(move b1 r1 r2\n");
    let l = Request::new(Source::text("domain.pddl", DOMAIN))
        .problem_with_plans(Source::text("p.pddl", PROBLEM), vec![good, bad, broken])
        .load()
        .expect("text");
    let [good, bad, broken] = [0, 1, 2].map(|i| l.problems[0].plans[i].file.expect("in the map"));
    assert_eq!(l.diagnostics_in(good).count(), 0);
    let bad_codes: Vec<&str> = l.diagnostics_in(bad).map(|d| d.code.id).collect();
    assert_eq!(bad_codes, ["E0108", "E0124"]);
    assert!(l.diagnostics_in(broken).any(|d| d.code.id == "E0020" || d.code.id == "E0003"));
    // A malformed plan does not take the task away from the others.
    assert!(l.task().is_some());
    assert!(l.problems[0].plans[0].plan.is_some());
}

#[test]
fn a_single_malformed_plan_leaves_the_task() {
    let l = Request::new(Source::text("domain.pddl", DOMAIN))
        .problem_with_plans(Source::text("p.pddl", PROBLEM), vec![Source::text("p.plan", "(move b1 r1 r9)\n")])
        .load()
        .expect("text");
    assert_eq!(codes(&l), ["E0110"]);
    assert_eq!(l.sources.get(l.diagnostics[0].file).path, "p.plan");
    assert!(l.task().is_some(), "the plan's error is not the task's");
    assert_eq!(l.summary().and_then(|s| s.plan_steps), Some(1));
}

#[test]
fn a_single_plan_is_counted_in_the_summary() {
    let l = Request::new(Source::text("domain.pddl", DOMAIN))
        .problem_with_plans(Source::text("p.pddl", PROBLEM), vec![Source::text("p.plan", "(move b1 r1 r2)\n")])
        .load()
        .expect("text");
    assert!(!l.has_errors(), "{l}");
    assert_eq!(l.summary().and_then(|s| s.plan_steps), Some(1));
}

#[test]
fn unsupported_constructs_are_diagnostics_with_positions() {
    let domain = "(define (domain d) (:requirements :preferences)
  (:predicates (p))
  (:action a :parameters () :precondition (preference pa (p)) :effect (p)))";
    let problem = "(define (problem x) (:domain d) (:init) (:goal (p)))";
    let l = load_text(domain, Some(problem));
    assert!(!l.has_errors(), "{l}");
    assert!(l.task().is_none(), "no task with a construct later stages cannot use");
    let u = l.unsupported();
    assert_eq!(u.len(), 1, "each construct once, though the domain is checked with the problem");
    assert_eq!(u[0].code.id, "E0127");
    assert!(u[0].short(&l.sources).starts_with("domain.pddl:3:"), "{}", u[0].short(&l.sources));
    assert!(u[0].message.starts_with("preferences"), "{}", u[0].message);
}

#[test]
fn several_problems_report_domain_diagnostics_once() {
    let domain = DOMAIN.replace("(:requirements :strips :typing)", "(:requirements :strips)");
    let l = Request::new(Source::text("domain.pddl", domain))
        .problem(Source::text("p1.pddl", PROBLEM))
        .problem(Source::text("p2.pddl", PROBLEM))
        .load()
        .expect("text");
    // `:typing` used but not declared: one warning, not one per problem.
    let w: Vec<_> = l.diagnostics.iter().filter(|d| d.code.id == "W0101").collect();
    assert_eq!(w.len(), 1, "{l:?}");
    assert!(l.problems.iter().all(|p| p.checked.as_ref().is_some_and(|c| c.task.is_some())));
}

#[test]
fn syntax_only_parses_without_checking() {
    let bad = PROBLEM.replace("(at b1 r2)", "(at b1 r3)");
    let l = Request::new(Source::text("d", DOMAIN)).problem(Source::text("p", bad)).syntax_only().load().expect("text");
    assert!(l.diagnostics.is_empty());
    assert!(l.problems[0].problem.is_some() && l.problems[0].checked.is_none());
}
