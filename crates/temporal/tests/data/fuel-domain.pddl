; Numeric effects at start and end of durative actions, a duration read from a fluent, and an
; effect that reads ?duration.
(define (domain fuel)
  (:requirements :typing :durative-actions :numeric-fluents)
  (:types place)
  (:predicates (at ?p - place) (road ?a ?b - place))
  (:functions (fuel) (distance ?a ?b - place) (burned))
  (:durative-action drive
    :parameters (?a ?b - place)
    :duration (= ?duration (distance ?a ?b))
    :condition (and (at start (at ?a)) (at start (road ?a ?b)) (at start (>= (fuel) (distance ?a ?b))))
    :effect (and (at start (not (at ?a))) (at end (at ?b))
                 (at start (decrease (fuel) (distance ?a ?b)))
                 (at end (increase (burned) (* 2 ?duration)))))
  (:durative-action refuel
    :parameters (?a - place)
    :duration (= ?duration 1)
    :condition (over all (at ?a))
    :effect (at end (increase (fuel) 10))))
