; Colors as the public code of paper 002 states it (coli-saar/transformers_plan_verification,
; STRIPS variant), with types for its unary type predicates: a bag gets a color or loses it with no
; precondition, so an effect may change nothing (Flip-Flop).
(define (domain colors-bags-strips)
  (:requirements :strips :typing)
  (:types bag color)
  (:predicates (has-color ?b - bag ?c - color))

  (:action remove_all_color
    :parameters (?b - bag ?c - color)
    :precondition (and)
    :effect (not (has-color ?b ?c)))

  (:action add_color
    :parameters (?b - bag ?c - color)
    :precondition (and)
    :effect (has-color ?b ?c)))
