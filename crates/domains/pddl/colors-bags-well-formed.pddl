; Colors as the public code of paper 002 states it (coli-saar/transformers_plan_verification,
; well-formed variant), with types for its unary type predicates: a color is added only to a bag
; without it and removed only from a bag with it.
(define (domain colors-bags-well-formed)
  (:requirements :strips :typing :negative-preconditions)
  (:types bag color)
  (:predicates (has-color ?b - bag ?c - color))

  (:action remove_all_color
    :parameters (?b - bag ?c - color)
    :precondition (has-color ?b ?c)
    :effect (not (has-color ?b ?c)))

  (:action add_color
    :parameters (?b - bag ?c - color)
    :precondition (not (has-color ?b ?c))
    :effect (has-color ?b ?c)))
