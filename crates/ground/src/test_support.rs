//! Shared by the unit tests of the grounding modules: a lifted task from PDDL text.

use model::lifted::Task;

/// The checked lifted task of `domain` and `problem`; panics with the diagnostics otherwise.
pub(crate) fn task(domain: &str, problem: &str) -> Task {
    let d = pddl::parse_domain(domain, pddl::FileId(0));
    let p = pddl::parse_problem(problem, pddl::FileId(1));
    assert!(!d.has_errors() && !p.has_errors(), "{:?} {:?}", d.diagnostics, p.diagnostics);
    let (d, p) = (d.value.expect("a domain"), p.value.expect("a problem"));
    let checked = model::check(
        model::Input { domain: (&d, pddl::FileId(0)), problem: Some((&p, pddl::FileId(1))), plan: None },
        model::CheckOptions::default(),
    );
    checked.task.unwrap_or_else(|| panic!("{:?}", checked.diagnostics))
}

/// A domain over the constants `a b c` whose first action `act` is under test: `pre` is the action's precondition over
/// its parameter `?x`, the predicates are `p q r` (unary) and `s` (static, binary), and the
/// problem's initial state is `init`.
pub(crate) fn one_action(params: &str, pre: &str, init: &str) -> Task {
    let domain = format!(
        "(define (domain t) (:requirements :adl)
           (:constants a b c)
           (:predicates (p ?x) (q ?x) (r ?x) (s ?x ?y) (done))
           (:action act :parameters ({params}) :precondition {pre} :effect (done))
           (:action make-p :parameters (?x) :precondition (q ?x) :effect (p ?x))
           (:action make-q :parameters (?x) :precondition (r ?x) :effect (q ?x))
           (:action make-r :parameters (?x) :precondition (not (r ?x)) :effect (r ?x)))"
    );
    let problem = format!("(define (problem t) (:domain t) (:init {init}) (:goal (done)))");
    task(&domain, &problem)
}
