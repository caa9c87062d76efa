; Heavy Grippers as the public code of paper 002 states it (coli-saar/transformers_plan_verification,
; delete-free variant), with types for its unary type predicates: moving charges the robot, a heavy
; ball needs the charge and one gripper, nothing is ever deleted.
(define (domain heavy-grippers-charged-delete-free)
  (:requirements :strips :typing)
  (:types room ball gripper)
  (:predicates
    (at-robby ?r - room) (at ?b - ball ?r - room) (free ?g - gripper)
    (carry ?b - ball ?g - gripper) (light ?b - ball) (heavy ?b - ball) (robby-charged))

  (:action move
    :parameters (?from ?to - room)
    :precondition (at-robby ?from)
    :effect (and (at-robby ?to) (robby-charged)))

  (:action pick
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (light ?b) (at ?b ?r) (at-robby ?r) (free ?g))
    :effect (carry ?b ?g))

  (:action pick-heavy
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (heavy ?b) (at ?b ?r) (at-robby ?r) (free ?g) (robby-charged))
    :effect (carry ?b ?g))

  (:action drop
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (carry ?b ?g) (at-robby ?r))
    :effect (and (at ?b ?r) (free ?g))))
