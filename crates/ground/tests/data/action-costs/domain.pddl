; Action costs from `(increase (total-cost) ...)`: constants and static function values.
(define (domain roads)
  (:requirements :strips :typing :action-costs)
  (:types city)
  (:predicates (at ?c - city) (road ?a ?b - city))
  (:functions (total-cost) - number (length ?a ?b - city) - number)
  (:action drive
    :parameters (?a ?b - city)
    :precondition (and (at ?a) (road ?a ?b))
    :effect (and (at ?b) (not (at ?a)) (increase (total-cost) (length ?a ?b))))
  (:action fly
    :parameters (?a ?b - city)
    :precondition (at ?a)
    :effect (and (at ?b) (not (at ?a)) (increase (total-cost) 100))))
