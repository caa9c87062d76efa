; Derived predicates: recursive reachability, and a negated derived predicate in a precondition
; (two strata).
(define (domain circuit)
  (:requirements :strips :typing :negative-preconditions :derived-predicates :disjunctive-preconditions :existential-preconditions)
  (:types node)
  (:predicates (source ?n - node) (wire ?a ?b - node) (closed ?a ?b - node)
               (powered ?n - node) (dark ?n - node) (alarm))
  (:derived (powered ?n - node)
    (or (source ?n) (exists (?m - node) (and (powered ?m) (closed ?m ?n)))))
  (:derived (dark ?n - node) (not (powered ?n)))
  (:action close
    :parameters (?a ?b - node)
    :precondition (and (wire ?a ?b) (not (closed ?a ?b)))
    :effect (closed ?a ?b))
  (:action open
    :parameters (?a ?b - node)
    :precondition (closed ?a ?b)
    :effect (not (closed ?a ?b)))
  (:action sound-alarm
    :parameters (?n - node)
    :precondition (dark ?n)
    :effect (alarm)))
