; Equality (`=` and its negation) decided on objects, domain constants in preconditions and
; effects, and a static predicate compiled away.
(define (domain swap)
  (:requirements :strips :typing :equality :negative-preconditions)
  (:types place)
  (:constants home - place)
  (:predicates (at ?p - place) (visited ?p - place) (road ?a ?b - place))
  (:action go
    :parameters (?a ?b - place)
    :precondition (and (at ?a) (road ?a ?b) (not (= ?a ?b)))
    :effect (and (at ?b) (not (at ?a)) (visited ?b)))
  (:action stay
    :parameters (?a ?b - place)
    :precondition (and (at ?a) (= ?a ?b))
    :effect (visited ?a))
  (:action return
    :parameters (?a - place)
    :precondition (and (at ?a) (not (= ?a home)))
    :effect (and (at home) (not (at ?a)))))
