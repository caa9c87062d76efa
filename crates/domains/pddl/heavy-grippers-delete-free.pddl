; Heavy Grippers, delete-free variant (paper 002): the delete relaxation of the well-formed
; variant. Nothing is ever made false: the robot is in every room it has reached, a ball is in every
; room it has been dropped in. Plan verification only has to count what has been made true.
(define (domain heavy-grippers-delete-free)
  (:requirements :strips :typing :equality)
  (:types room ball gripper)
  (:predicates
    (at-robby ?r - room) (at ?b - ball ?r - room) (free ?g - gripper)
    (carry ?b - ball ?g - gripper) (light ?b - ball) (heavy ?b - ball))

  (:action move
    :parameters (?from ?to - room)
    :precondition (at-robby ?from)
    :effect (at-robby ?to))

  (:action pick-light
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (light ?b) (at ?b ?r) (at-robby ?r) (free ?g))
    :effect (carry ?b ?g))

  (:action pick-heavy
    :parameters (?b - ball ?r - room ?g1 ?g2 - gripper)
    :precondition (and (heavy ?b) (at ?b ?r) (at-robby ?r) (free ?g1) (free ?g2) (not (= ?g1 ?g2)))
    :effect (and (carry ?b ?g1) (carry ?b ?g2)))

  (:action drop-light
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (light ?b) (carry ?b ?g) (at-robby ?r))
    :effect (at ?b ?r))

  (:action drop-heavy
    :parameters (?b - ball ?r - room ?g1 ?g2 - gripper)
    :precondition (and (heavy ?b) (carry ?b ?g1) (carry ?b ?g2) (not (= ?g1 ?g2)) (at-robby ?r))
    :effect (at ?b ?r)))
