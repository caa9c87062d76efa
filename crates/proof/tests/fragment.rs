//! Outside paper 000's fragment, the export refuses with a diagnostic naming the construct.

mod common;

use pddl::FileId;

fn refusal(domain: &str, problem: Option<&str>) -> Vec<String> {
    let loaded = model::front::load_text(domain, problem);
    assert!(!loaded.has_errors(), "the input checks: {loaded}");
    let Some(c) = loaded.checked() else { panic!("checked: {loaded}") };
    let Some(d) = c.domain.as_ref() else {
        return c.unsupported.iter().map(|u| u.construct.clone()).collect();
    };
    let tasks: Vec<_> = c.task.iter().collect();
    let inputs: Vec<proof::ProblemInput> =
        tasks.iter().map(|t| proof::ProblemInput { task: t, file: FileId(1), plan: None }).collect();
    match proof::convert_all(d, FileId(0), &inputs) {
        Ok(_) => Vec::new(),
        Err(e) => e.into_iter().map(|d| format!("{} {}", d.code.id, d.message)).collect(),
    }
}

fn example(name: &str) -> (String, String) {
    let dir = common::examples().join(name);
    (
        std::fs::read_to_string(dir.join("domain.pddl")).expect("read"),
        std::fs::read_to_string(dir.join("p01.pddl")).expect("read"),
    )
}

fn assert_names(msgs: &[String], construct: &str) {
    assert!(msgs.iter().any(|m| m.contains(construct)), "expected a refusal naming `{construct}`, got {msgs:#?}");
}

#[test]
fn adl_constructs_are_named() {
    let (d, p) = example("briefcase-adl");
    let msgs = refusal(&d, Some(&p));
    for c in ["disjunctions", "universal quantifiers", "universal effects"] {
        assert_names(&msgs, c);
    }
    assert!(msgs.iter().all(|m| m.starts_with("E0801")));
}

#[test]
fn numeric_derived_and_temporal_are_refused() {
    let (d, _) = example("truck-fuel");
    assert_names(&refusal(&d, None), "functions (numeric fluents or action costs)");
    let (d, _) = example("circuit-derived");
    assert_names(&refusal(&d, None), "derived predicates");
    let (d, _) = example("cellar");
    assert_names(&refusal(&d, None), "durative actions");
}

const DOM: &str = "(define (domain d) (:requirements :strips :negative-preconditions :equality)
  (:constants c)
  (:predicates (p ?x) (q ?x) (s ?x))
  (:action a :parameters (?x ?y) :precondition (and (p ?x) (not (= ?x ?y)) (not (q ?y)) (= ?y c)) :effect (and (q ?x) (not (p ?x)))))";

#[test]
fn equality_negation_and_constants_are_in_the_fragment() {
    let prob =
        "(define (problem t) (:domain d) (:objects o) (:init (p o) (s o)) (:goal (and (q o) (not (p o)) (s o))))";
    assert!(refusal(DOM, Some(prob)).is_empty());
}

#[test]
fn bad_goals_are_refused() {
    let contradictory = "(define (problem t) (:domain d) (:objects o) (:init (p o)) (:goal (and (q o) (not (q o)))))";
    assert_names(&refusal(DOM, Some(contradictory)), "E0802");
    let static_false = "(define (problem t) (:domain d) (:objects o) (:init (p o)) (:goal (and (s o))))";
    assert_names(&refusal(DOM, Some(static_false)), "E0803");
    let disjunctive = "(define (problem t) (:domain d) (:requirements :disjunctive-preconditions) (:objects o) (:init) (:goal (or (q o) (p o))))";
    assert_names(&refusal(DOM, Some(disjunctive)), "disjunctions");
}
