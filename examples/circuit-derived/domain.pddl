; circuit-derived: switches connect nodes; (powered ?n) is a recursive derived predicate (reachability from a source over closed switches)
(define (domain circuit-derived)
  (:requirements :strips :typing :negative-preconditions :disjunctive-preconditions :existential-preconditions :derived-predicates)
  (:types node - object)

  (:predicates
    (source ?n - node)
    (switch ?a - node ?b - node)
    (closed ?a - node ?b - node)
    (powered ?n - node))

  (:derived (powered ?n - node)
    (or (source ?n)
        (exists (?m - node) (and (powered ?m) (closed ?m ?n)))))

  (:action close-switch
    :parameters (?a - node ?b - node)
    :precondition (and (switch ?a ?b) (not (closed ?a ?b)))
    :effect (closed ?a ?b))

  (:action open-switch
    :parameters (?a - node ?b - node)
    :precondition (closed ?a ?b)
    :effect (not (closed ?a ?b)))
)
