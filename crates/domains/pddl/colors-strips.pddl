; Colors, STRIPS variant (paper 002): a painter takes one brush at a time, paints marks of its
; color on items and washes marks off. Painting a mark that is already there, or washing one that
; is not, is allowed: the last write wins, as in Flip-Flop, so counting paints and washes is not
; enough to know whether a mark is there.
(define (domain colors-strips)
  (:requirements :strips :typing)
  (:types item color)
  (:predicates (painted ?i - item ?c - color) (holding ?c - color) (hand-empty))

  (:action take-brush
    :parameters (?c - color)
    :precondition (hand-empty)
    :effect (and (holding ?c) (not (hand-empty))))

  (:action put-brush
    :parameters (?c - color)
    :precondition (holding ?c)
    :effect (and (hand-empty) (not (holding ?c))))

  (:action paint
    :parameters (?i - item ?c - color)
    :precondition (holding ?c)
    :effect (painted ?i ?c))

  (:action wash
    :parameters (?i - item ?c - color)
    :precondition (hand-empty)
    :effect (not (painted ?i ?c))))
