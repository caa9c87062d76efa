; Delivery (generalized planning, after Frances et al. 2021): on a grid, one truck carries the
; packages one at a time to the target cell.
(define (domain delivery)
  (:requirements :typing)
  (:types cell locatable - object truck package - locatable)
  (:predicates
    (adjacent ?c ?d - cell)
    (at ?x - locatable ?c - cell)
    (carrying ?t - truck ?p - package)
    (empty ?t - truck))

  (:action move
    :parameters (?t - truck ?from ?to - cell)
    :precondition (and (at ?t ?from) (adjacent ?from ?to))
    :effect (and (not (at ?t ?from)) (at ?t ?to)))

  (:action pick-package
    :parameters (?t - truck ?p - package ?c - cell)
    :precondition (and (at ?t ?c) (at ?p ?c) (empty ?t))
    :effect (and (not (at ?p ?c)) (not (empty ?t)) (carrying ?t ?p)))

  (:action drop-package
    :parameters (?t - truck ?p - package ?c - cell)
    :precondition (and (at ?t ?c) (carrying ?t ?p))
    :effect (and (at ?p ?c) (empty ?t) (not (carrying ?t ?p)))))
