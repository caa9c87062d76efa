; Colors, well-formed variant (paper 002): as colors-strips, but a mark may only be painted where
; it is absent and washed where it is present, so every effect toggles an atom.
(define (domain colors-well-formed)
  (:requirements :strips :typing :negative-preconditions)
  (:types item color)
  (:predicates (painted ?i - item ?c - color) (holding ?c - color) (hand-empty))

  (:action take-brush
    :parameters (?c - color)
    :precondition (and (hand-empty) (not (holding ?c)))
    :effect (and (holding ?c) (not (hand-empty))))

  (:action put-brush
    :parameters (?c - color)
    :precondition (and (holding ?c) (not (hand-empty)))
    :effect (and (hand-empty) (not (holding ?c))))

  (:action paint
    :parameters (?i - item ?c - color)
    :precondition (and (holding ?c) (not (painted ?i ?c)))
    :effect (painted ?i ?c))

  (:action wash
    :parameters (?i - item ?c - color)
    :precondition (and (hand-empty) (painted ?i ?c))
    :effect (not (painted ?i ?c))))
