; Action costs: constant and fluent-valued `total-cost` increases; a zero-parameter action; a
; `total-cost` with no initial value (taken as 0, with a note).
(define (domain roads)
  (:requirements :typing :action-costs)
  (:types city)
  (:predicates (at ?c - city) (road ?a ?b - city) (visited ?c - city))
  (:functions (distance ?a ?b - city) (total-cost))
  (:action drive
    :parameters (?a ?b - city)
    :precondition (and (at ?a) (road ?a ?b))
    :effect (and (at ?b) (not (at ?a)) (visited ?b) (increase (total-cost) (distance ?a ?b))))
  (:action rest
    :parameters ()
    :effect (increase (total-cost) 1)))
