; Heavy Grippers as the public code of paper 002 states it (coli-saar/transformers_plan_verification,
; well-formed variant), with types for its unary type predicates: a move needs the charge bit off
; and sets it; picking a heavy ball and dropping use it up. Every effect has its opposite literal in
; the precondition, so every effect toggles an atom.
(define (domain heavy-grippers-charged-well-formed)
  (:requirements :strips :typing :negative-preconditions)
  (:types room ball gripper)
  (:predicates
    (at-robby ?r - room) (at ?b - ball ?r - room) (free ?g - gripper)
    (carry ?b - ball ?g - gripper) (light ?b - ball) (heavy ?b - ball) (robby-charged))

  (:action move
    :parameters (?from ?to - room)
    :precondition (and (at-robby ?from) (not (at-robby ?to)) (not (robby-charged)))
    :effect (and (at-robby ?to) (not (at-robby ?from)) (robby-charged)))

  (:action pick
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (light ?b) (at ?b ?r) (at-robby ?r) (free ?g) (not (carry ?b ?g)))
    :effect (and (carry ?b ?g) (not (at ?b ?r)) (not (free ?g))))

  (:action pick-heavy
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (heavy ?b) (at ?b ?r) (at-robby ?r) (free ?g) (robby-charged) (not (carry ?b ?g)))
    :effect (and (carry ?b ?g) (not (at ?b ?r)) (not (free ?g)) (not (robby-charged))))

  (:action drop
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (carry ?b ?g) (at-robby ?r) (not (free ?g)) (not (at ?b ?r)) (robby-charged))
    :effect (and (at ?b ?r) (free ?g) (not (carry ?b ?g)) (not (robby-charged)))))
