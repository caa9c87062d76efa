; A two-room gripper: reachable atoms and operators of a plain STRIPS task; `room` is static.
(define (domain gripper-tiny)
  (:requirements :strips :typing)
  (:types room ball)
  (:predicates (at-robby ?r - room) (at ?b - ball ?r - room) (carry ?b - ball) (free) (door ?a ?b - room))
  (:action move
    :parameters (?from ?to - room)
    :precondition (and (at-robby ?from) (door ?from ?to))
    :effect (and (at-robby ?to) (not (at-robby ?from))))
  (:action pick
    :parameters (?b - ball ?r - room)
    :precondition (and (at ?b ?r) (at-robby ?r) (free))
    :effect (and (carry ?b) (not (at ?b ?r)) (not (free))))
  (:action drop
    :parameters (?b - ball ?r - room)
    :precondition (and (carry ?b) (at-robby ?r))
    :effect (and (at ?b ?r) (free) (not (carry ?b)))))
