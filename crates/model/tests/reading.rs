//! `model::reading`: the cost function, fluent predicates and the conjunctive view, on tasks
//! checked from text as every stage receives them.

use model::lifted::{PredicateId, Task};
use model::{CheckOptions, Costs, Input, check};
use pddl::{FileId, parse_domain, parse_problem};

const DOMAIN: &str =
    "(define (domain d) (:requirements :typing :action-costs :derived-predicates :timed-initial-literals)
  (:types t)
  (:predicates (road ?a ?b - t) (at ?a - t) (open ?a - t) (near ?a - t))
  (:functions (total-cost) - number (len ?a ?b - t) - number)
  (:derived (near ?b - t) (exists (?a - t) (and (at ?a) (road ?a ?b))))
  (:action go :parameters (?a ?b - t)
    :precondition (and (at ?a) (road ?a ?b) (open ?b))
    :effect (and (not (at ?a)) (at ?b) (increase (total-cost) (len ?a ?b)))))";

fn task(metric: &str, extra_init: &str) -> Task {
    let problem = format!(
        "(define (problem p) (:domain d) (:objects x y - t)
          (:init (at x) (road x y) (open y) (= (len x y) 2) {extra_init}) (:goal (at y)) {metric})"
    );
    let d = parse_domain(DOMAIN, FileId(0)).value.expect("domain parses");
    let p = parse_problem(&problem, FileId(1)).value.expect("problem parses");
    let c =
        check(Input { domain: (&d, FileId(0)), problem: Some((&p, FileId(1))), plan: None }, CheckOptions::default());
    c.task.unwrap_or_else(|| panic!("no task: {:?}", c.diagnostics))
}

#[test]
fn the_cost_function_is_total_cost_only_under_a_metric_that_reads_it() {
    let t = task("(:metric minimize (total-cost))", "");
    let tc = t.domain.total_cost_function().expect("declared");
    assert_eq!(t.costs(), Costs::TotalCost(tc));
    assert!(!t.ignores_action_costs());
    let t = task("(:metric minimize (* 2 (total-cost)))", "");
    assert_eq!(t.costs(), Costs::TotalCost(tc));
    // Without a metric: unit costs (FD), the plan's length (VAL); the costs are ignored.
    let t = task("", "");
    assert_eq!(t.costs(), Costs::Unit);
    assert!(t.ignores_action_costs() && t.domain.increases_total_cost());
    // A metric that does not read total-cost: unit costs, but the costs were not forgotten.
    let t = task("(:metric minimize (total-time))", "");
    assert_eq!((t.costs(), t.ignores_action_costs()), (Costs::Unit, false));
}

#[test]
fn fluent_predicates_are_changed_derived_or_timed() {
    let name = |t: &Task, p: usize| t.domain.name(t.domain.predicates[p].name).to_string();
    let t = task("", "");
    let fluent: Vec<String> =
        t.fluent_predicates().iter().enumerate().filter(|(_, f)| **f).map(|(p, _)| name(&t, p)).collect();
    assert_eq!(fluent, ["at", "near"]);
    assert_eq!(t.domain.fluent_predicates(), t.fluent_predicates());
    // A timed initial literal makes `open` fluent in this task, not in the domain.
    let t = task("", "(at 5 (not (open y)))");
    let open = t.domain.predicate_by_name(t.domain.symbols.get("open").expect("interned")).expect("declared");
    assert_eq!(open, PredicateId(2));
    assert!(t.fluent_predicates()[open.index()] && !t.domain.fluent_predicates()[open.index()]);
}

#[test]
fn conjunctive_view_of_checked_conditions() {
    let t = task("", "");
    let go = &t.domain.actions[0];
    assert_eq!(go.precondition.literals().map(|l| l.len()), Some(3));
    // The derived rule's body is existential: not a conjunction of literals.
    let body = &t.domain.derived[0].body;
    assert!(body.literals().is_none());
    assert_eq!(body.first_non_literal().map(|c| c.kind_name()), Some("existential conditions"));
    assert_eq!(t.goal.literals().map(|l| l.len()), Some(1));
}
