//! Domain shapes that once produced Coq that coqc rejected or took exponential time on, each
//! exported and compiled (with a certified plan): constants in effects (woodworking's
//! `(not (colour ?x natural))`), symmetric add/delete pairs (organic-synthesis), add and delete
//! of one atom, adds that may coincide, nullary predicates, and an action named `a` (a binder of
//! the generated code). Skipped, loudly, without coqc; a failure under `CI=true`.

mod common;

use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(300);

fn compiles(name: &str, domain: &str, problem: &str, plan: &str) {
    let l = common::load_text(domain, &[(problem, Some(plan))]);
    let c = common::convert(&l);
    let files = proof::export(proof::Backend::Coq, &c);
    let dir = common::scratch(&format!("shape-{name}"));
    let bad = common::coqc_export(&dir, &files, LIMIT);
    assert!(bad.is_empty(), "{name}: coqc rejected the export: {bad:#?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn constants_in_effects() {
    if !common::have("coqc") {
        return;
    }
    compiles(
        "constants",
        "(define (domain paint) (:requirements :strips :typing)
           (:types part colour)
           (:constants natural red - colour)
           (:predicates (colour ?x - part ?c - colour) (done ?x - part) (ready))
           (:action paint :parameters (?x - part ?c - colour)
             :precondition (and (colour ?x natural) (not (done ?x)))
             :effect (and (colour ?x ?c) (not (colour ?x natural)) (done ?x) (not (ready))))
           (:action strip :parameters (?x - part ?c - colour)
             :precondition (colour ?x ?c)
             :effect (and (colour ?x natural) (colour ?x red) (not (colour ?x ?c)) (ready))))",
        "(define (problem p1) (:domain paint) (:objects a b - part blue - colour)
           (:init (colour a natural) (colour b natural))
           (:goal (and (colour a blue) (colour b red) (ready))))",
        "(paint a blue)\n(paint b blue)\n(strip b blue)\n",
    );
}

/// Eight symmetric add/delete pairs on one predicate: the old proofs split on every equality of
/// the whole if-chain (2^16 cases for `_other`); the walk is linear.
#[test]
fn many_symmetric_effect_pairs() {
    if !common::have("coqc") {
        return;
    }
    let params: String = (0..8).map(|i| format!(" ?a{i} ?b{i}")).collect();
    let effects: String = (0..8)
        .map(|i| format!(" (bond ?a{i} ?b{i}) (bond ?b{i} ?a{i}) (not (free ?a{i} ?b{i})) (not (free ?b{i} ?a{i}))"))
        .collect();
    let pre: String = (0..8).map(|i| format!(" (free ?a{i} ?b{i})")).collect();
    let domain = format!(
        "(define (domain bonds) (:requirements :strips)
           (:predicates (bond ?x ?y) (free ?x ?y))
           (:action link :parameters ({params}) :precondition (and {pre}) :effect (and {effects})))"
    );
    let objs: String = (0..16).map(|i| format!(" o{i}")).collect();
    let init: String = (0..8).map(|i| format!(" (free o{} o{})", 2 * i, 2 * i + 1)).collect();
    let args: String = (0..8).map(|i| format!(" o{} o{}", 2 * i, 2 * i + 1)).collect();
    let problem = format!(
        "(define (problem p1) (:domain bonds) (:objects{objs}) (:init{init}) (:goal (and (bond o1 o0) (bond o14 o15))))"
    );
    let start = std::time::Instant::now();
    compiles("symmetric", &domain, &problem, &format!("(link{args})\n"));
    eprintln!("8 symmetric pairs: exported and compiled in {:.1} s", start.elapsed().as_secs_f64());
}

#[test]
fn action_names_that_are_binders() {
    if !common::have("coqc") {
        return;
    }
    compiles(
        "binders",
        "(define (domain binders) (:requirements :strips)
           (:predicates (p ?x) (q ?x) (h_a ?x) (goal-p ?x))
           (:action a :parameters (?x) :precondition (p ?x) :effect (and (q ?x) (not (p ?x)) (h_a ?x)))
           (:action s :parameters (?x) :precondition (q ?x) :effect (and (goal-p ?x) (p ?x) (not (p ?x))))
           (:action x0 :parameters (?a ?s) :precondition (and (q ?a) (q ?s)) :effect (not (h_a ?a)))
           (:action plan :parameters () :precondition () :effect ())
           (:action g_q :parameters (?x) :precondition () :effect (and (p ?x) (not (q ?x))))
           (:action a-h :parameters (?x) :precondition () :effect (p ?x))
           (:action a_h :parameters (?x) :precondition () :effect (q ?x)))",
        "(define (problem p1) (:domain binders) (:objects o1 o2) (:init (p o1) (p o2))
           (:goal (and (q o1) (goal-p o1) (p o1) (h_a o2))))",
        "(a o1)\n(s o1)\n(a o2)\n(plan)\n",
    );
}
