; Heavy Grippers, well-formed variant (paper 002): a robot with grippers carries balls between
; rooms; a heavy ball takes two grippers at once. Every precondition states the opposite of each
; effect, so every effect of an applicable action changes the state, provably from the syntax.
(define (domain heavy-grippers-well-formed)
  (:requirements :strips :typing :negative-preconditions :equality)
  (:types room ball gripper)
  (:predicates
    (at-robby ?r - room) (at ?b - ball ?r - room) (free ?g - gripper)
    (carry ?b - ball ?g - gripper) (light ?b - ball) (heavy ?b - ball))

  (:action move
    :parameters (?from ?to - room)
    :precondition (and (at-robby ?from) (not (at-robby ?to)))
    :effect (and (at-robby ?to) (not (at-robby ?from))))

  (:action pick-light
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (light ?b) (at ?b ?r) (at-robby ?r) (free ?g) (not (carry ?b ?g)))
    :effect (and (carry ?b ?g) (not (at ?b ?r)) (not (free ?g))))

  (:action pick-heavy
    :parameters (?b - ball ?r - room ?g1 ?g2 - gripper)
    :precondition (and (heavy ?b) (at ?b ?r) (at-robby ?r) (free ?g1) (free ?g2)
                       (not (= ?g1 ?g2)) (not (carry ?b ?g1)) (not (carry ?b ?g2)))
    :effect (and (carry ?b ?g1) (carry ?b ?g2) (not (at ?b ?r)) (not (free ?g1)) (not (free ?g2))))

  (:action drop-light
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (light ?b) (carry ?b ?g) (at-robby ?r) (not (at ?b ?r)) (not (free ?g)))
    :effect (and (at ?b ?r) (free ?g) (not (carry ?b ?g))))

  (:action drop-heavy
    :parameters (?b - ball ?r - room ?g1 ?g2 - gripper)
    :precondition (and (heavy ?b) (carry ?b ?g1) (carry ?b ?g2) (not (= ?g1 ?g2)) (at-robby ?r)
                       (not (at ?b ?r)) (not (free ?g1)) (not (free ?g2)))
    :effect (and (at ?b ?r) (free ?g1) (free ?g2) (not (carry ?b ?g1)) (not (carry ?b ?g2)))))
