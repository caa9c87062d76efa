//! The auditor against the red-team corpus (tests/redteam/{coq,lean}): every cheating file is
//! rejected with the rule named on its first line (`expect: RULE`) and a line number; honest files
//! are accepted. Where coqc is installed, the honest Coq files are also rebuilt from scratch and
//! must be axiom-free, and the rebuild alone catches an axiom even when the static checks are
//! bypassed. The Lean rebuild needs `lean` and is skipped, loudly, without it.

mod common;

use proof::Backend;
use proof::audit;
use proof::runner::{self, Rebuild};
use std::path::Path;
use std::time::Duration;

struct Case {
    name: String,
    expect: String,
    text: String,
}

fn corpus(backend: Backend) -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/redteam").join(backend.name());
    let mut cases: Vec<Case> = std::fs::read_dir(&dir)
        .expect("corpus dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == backend.extension()))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read");
            let first = text.lines().next().unwrap_or("");
            let expect = first.split("expect:").nth(1).unwrap_or("").trim().trim_end_matches("*)").trim().to_string();
            Case { name: p.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default(), expect, text }
        })
        .collect();
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    cases
}

/// The generated gripper domain module the corpus builds on.
fn module(backend: Backend) -> (String, String) {
    let l = common::load("gripper", &[], false);
    let c = common::convert(&l);
    let text = match backend {
        Backend::Coq => proof::coq::domain_module(&c.domain).text,
        Backend::Lean => proof::lean::domain_module(&c.domain).text,
    };
    (c.domain.module.clone(), text)
}

fn expected(backend: Backend) -> &'static str {
    match backend {
        Backend::Coq => proof::coq::solve_complete_statement(),
        Backend::Lean => proof::lean::solve_complete_statement(),
    }
}

fn run_corpus(backend: Backend) -> Vec<Case> {
    let (_, module_text) = module(backend);
    let protected = audit::declared_names(backend, &module_text);
    for core in ["ValidPlan", "SatisfiesGoal", "runPlan", "actionPre", "actionApply", "correctSolution", "certplan_hit"]
    {
        if backend == Backend::Lean && core == "certplan_hit" {
            continue;
        }
        assert!(protected.iter().any(|p| p == core), "{core} should be protected: {protected:?}");
    }
    let cases = corpus(backend);
    let cheats = cases.iter().filter(|c| c.expect != "accept").count();
    assert!(cheats >= 20, "{}: only {cheats} cheating files", backend.name());
    for c in &cases {
        let v = audit::audit(backend, &c.text, expected(backend), &protected);
        if c.expect == "accept" {
            assert!(v.is_empty(), "{}: honest file rejected: {v:#?}", c.name);
        } else {
            assert!(v.iter().any(|x| x.rule == c.expect), "{}: expected rule `{}`, got {v:#?}", c.name, c.expect);
            assert!(
                v.iter().filter(|x| x.rule == c.expect).all(|x| x.line > 0 || x.rule == "expected-statement"),
                "{}: no line: {v:#?}",
                c.name
            );
        }
    }
    cases
}

#[test]
fn coq_corpus() {
    run_corpus(Backend::Coq);
}

#[test]
fn lean_corpus() {
    run_corpus(Backend::Lean);
}

#[test]
fn rejections_name_the_line() {
    let text = "Definition a := 1.\n\nAxiom x : False.\n";
    let v = audit::audit(Backend::Coq, text, proof::coq::solve_complete_statement(), &[]);
    assert!(v.iter().any(|x| x.rule == "no-axiom" && x.line == 3), "{v:#?}");
}

#[test]
fn coq_honest_files_rebuild_axiom_free() {
    if !common::have("coqc") {
        return;
    }
    let m = module(Backend::Coq);
    for c in run_corpus(Backend::Coq).iter().filter(|c| c.expect == "accept") {
        match runner::rebuild(
            Backend::Coq,
            std::slice::from_ref(&m),
            &c.text,
            "solveComplete",
            Duration::from_secs(300),
        ) {
            Rebuild::Clean { seconds } => eprintln!("rebuild {}: clean in {seconds:.2} s", c.name),
            other => panic!("{}: {other:?}", c.name),
        }
    }
    // Defence in depth: the axiom file, if it got past the static checks, fails the rebuild.
    let axiom = corpus(Backend::Coq).into_iter().find(|c| c.name == "axiom.v").expect("axiom.v");
    let r =
        runner::rebuild(Backend::Coq, std::slice::from_ref(&m), &axiom.text, "solveComplete", Duration::from_secs(300));
    assert!(matches!(&r, Rebuild::Axioms(report) if report.contains("cheat")), "{r:?}");
}

#[test]
fn lean_rebuild() {
    if !common::have("lean") {
        return;
    }
    let m = module(Backend::Lean);
    for c in corpus(Backend::Lean).iter().filter(|c| c.expect == "accept") {
        let r = runner::rebuild(
            Backend::Lean,
            std::slice::from_ref(&m),
            &c.text,
            "solveComplete",
            Duration::from_secs(600),
        );
        assert!(matches!(r, Rebuild::Clean { .. }), "{}: {r:?}", c.name);
    }
}

/// Fields and constructors of the generated module are protected, not just the names after a
/// declaration keyword: a proof file that binds one (as a class method, a record field, a
/// constructor) could make the statement mean something else.
#[test]
fn fields_and_constructors_are_protected() {
    for backend in [Backend::Coq, Backend::Lean] {
        let (_, text) = module(backend);
        let names = audit::declared_names(backend, &text);
        for n in ["statics", "dynamic", "goal_dynamic", "pick", "move", "drop", "PlanAction", "State"] {
            if backend == Backend::Lean && n == "goal_dynamic" {
                continue;
            }
            assert!(names.iter().any(|x| x == n), "{}: `{n}` should be protected: {names:?}", backend.name());
        }
        // Binders of definitions are local: a proof file may reuse them.
        assert!(!names.iter().any(|x| x == "s"), "{}: {names:?}", backend.name());
    }
}

#[test]
fn sentence_modifiers_do_not_hide_commands() {
    let expected = proof::coq::solve_complete_statement();
    for (text, rule) in [
        ("Local Set Printing All.\n", "no-unsafe-option"),
        ("Global Unset Guard Checking.\n", "no-unsafe-option"),
        ("Local Definition ValidPlan := 1.\n", "no-redefinition"),
        ("#[local] Definition runPlan := 1.\n", "no-redefinition"),
        ("Lemma x : 1 = 1. Proof. native_compute. reflexivity. Qed.\n", "no-native-compute"),
        ("Eval native_compute in 1.\n", "no-native-compute"),
    ] {
        let protected = vec!["ValidPlan".to_string(), "runPlan".to_string()];
        let v = audit::audit(Backend::Coq, text, expected, &protected);
        assert!(v.iter().any(|x| x.rule == rule && x.line == 1), "`{text}`: expected {rule}, got {v:#?}");
    }
}
