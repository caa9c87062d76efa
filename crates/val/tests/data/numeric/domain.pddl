; Numeric fluents: simultaneous updates (swap), combined increases, scale-up/down, undefined
; values, division by zero, conflicting assignments, and a maximized metric.
(define (domain counters)
  (:requirements :strips :typing :numeric-fluents)
  (:types counter)
  (:predicates (ready))
  (:functions (x) (y) (value ?c - counter) (limit ?c - counter) (unset))
  (:action swap
    :parameters ()
    :effect (and (assign (x) (y)) (assign (y) (x))))
  (:action bump-twice
    :parameters (?c - counter)
    :precondition (< (value ?c) (limit ?c))
    :effect (and (increase (value ?c) 1) (increase (value ?c) 2) (decrease (value ?c) 0.5)))
  (:action double
    :parameters (?c - counter)
    :effect (and (scale-up (value ?c) 2)))
  (:action halve-by
    :parameters (?c - counter)
    :effect (scale-down (value ?c) (- (x) (x))))
  (:action read-unset
    :parameters ()
    :precondition (> (unset) 0)
    :effect (ready))
  (:action use-unset
    :parameters ()
    :effect (increase (x) (unset)))
  (:action clash
    :parameters ()
    :effect (and (assign (x) 1) (increase (x) 1)))
  (:action set-unset
    :parameters ()
    :effect (assign (unset) (* (x) 10))))
