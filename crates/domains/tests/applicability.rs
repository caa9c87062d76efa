//! Paper 002's classes are defined for classical domains: numeric, temporal and derived domains
//! are "not applicable", with the reason, never put in a class; action costs do not change the
//! class. Checked on small inline domains and on benchmark domains of each kind.

use domains::analyze::{Class, WellFormed, analyze};

const LIFT: &str = "(define (domain lift) (:requirements :typing :action-costs)
  (:types floor passenger)
  (:predicates (at-lift ?f - floor) (at ?p - passenger ?f - floor) (in ?p - passenger))
  (:functions (total-cost) - number (travel ?a ?b - floor) - number)
  (:action move :parameters (?a ?b - floor)
    :precondition (and (at-lift ?a) (not (at-lift ?b)))
    :effect (and (not (at-lift ?a)) (at-lift ?b) (increase (total-cost) (travel ?a ?b))))
  (:action board :parameters (?p - passenger ?f - floor)
    :precondition (and (at-lift ?f) (at ?p ?f) (not (in ?p)))
    :effect (and (not (at ?p ?f)) (in ?p) (increase (total-cost) 1))))";

const LIFT_PROBLEM: &str = "(define (problem p) (:domain lift)
  (:objects f0 f1 - floor p0 - passenger)
  (:init (at-lift f0) (at p0 f1) (= (total-cost) 0) (= (travel f0 f1) 3) (= (travel f1 f0) 3))
  (:goal (in p0)) (:metric minimize (total-cost)))";

fn class_of(domain_text: &str) -> domains::analyze::Analysis {
    let d = domains::lifted_domain(domain_text).expect("checks");
    analyze(&d, &[]).expect("analyzes")
}

#[test]
fn action_costs_keep_the_class() {
    let a = class_of(LIFT);
    assert_eq!(
        (a.class, a.well_formed.clone(), a.not_applicable.clone()),
        (Class::WellFormed, WellFormed::Proved, None)
    );
    // The explicit view reads such a problem too (the costs are skipped).
    let d = domains::lifted_domain(LIFT).expect("checks");
    let t = domains::task(LIFT, LIFT_PROBLEM).expect("checks");
    assert!(analyze(&d, &[t]).is_ok());
}

#[test]
fn numeric_temporal_and_derived_are_not_applicable() {
    let numeric = LIFT.replace("(increase (total-cost) 1)", "(increase (total-cost) 1) (decrease (travel ?f ?f) 1)");
    let compare = LIFT.replace("(not (in ?p)))", "(not (in ?p)) (> (travel ?f ?f) 0))");
    let derived = LIFT
        .replace(":action-costs", ":action-costs :derived-predicates")
        .replace("(in ?p - passenger))", "(in ?p - passenger) (served ?p - passenger))")
        .replace("(:action move", "(:derived (served ?p - passenger) (in ?p))\n  (:action move");
    let temporal = "(define (domain t) (:requirements :durative-actions) (:predicates (p))
      (:durative-action a :parameters () :duration (= ?duration 1)
        :condition (at start (p)) :effect (at end (not (p)))))";
    for (text, reason) in [
        (numeric.as_str(), "numeric fluents, here action `board` changes `travel`"),
        (compare.as_str(), "numeric fluents, here a comparison in action `board`"),
        (derived.as_str(), "derived predicates, here `served`"),
        (temporal, "durative actions (temporal planning), here `a`"),
    ] {
        let a = class_of(text);
        assert_eq!(a.class, Class::NotApplicable, "{reason}");
        assert_eq!(a.well_formed, WellFormed::NotApplicable);
        assert!(!a.counting_exact);
        assert_eq!(a.not_applicable.as_deref(), Some(reason));
    }
}

/// Benchmark domains of each kind, by folder under ../shared/benchmarks, with the class
/// expected (`None`: not applicable).
const CORPUS: &[(&str, Option<Class>)] = &[
    ("ipc-numeric/ipc2002-depots-numeric-automatic", None),
    ("ipc-numeric/ipc2002-driverlog-numeric-automatic", None),
    ("ipc-temporal/ipc2002-depots-time-automatic", None),
    ("ipc-temporal/ipc2002-driverlog-time-automatic", None),
    ("ipc-opt-adl/optical-telegraphs", None),
    ("ipc-opt-adl/philosophers", None),
    // Action costs only: classical, so a class (not proved from the syntax alone: STRIPS).
    ("ipc-opt-strips/elevators-opt08-strips", Some(Class::Strips)),
    ("ipc-opt-strips/woodworking-opt08-strips", Some(Class::Strips)),
];

#[test]
fn benchmark_domains_of_each_kind() {
    let Some(root) = corpus::root() else {
        assert!(std::env::var("CI").as_deref() != Ok("true"), "the benchmark corpus is missing and CI=true");
        corpus::skip("benchmark_domains_of_each_kind");
        return;
    };
    for (dir, want) in CORPUS {
        let text = std::fs::read_to_string(root.join(dir).join("domain.pddl")).expect("domain readable");
        let a = class_of(&text);
        match want {
            None => assert!(a.class == Class::NotApplicable && a.not_applicable.is_some(), "{dir}: {a:?}"),
            Some(c) => assert!(a.class == *c && a.not_applicable.is_none(), "{dir}: {a:?}"),
        }
        eprintln!("{dir}: {:?} {}", a.class, a.not_applicable.unwrap_or_default());
    }
}
