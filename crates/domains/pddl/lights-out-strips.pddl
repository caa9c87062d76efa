; Lights Out, STRIPS compilation of lights-out-conditional (paper 002): a press walks the cells it
; affects along a static chain (`first`, `next`, `last`) and flips each one with an action that
; knows the light's current value. Every effect toggles an atom (well-formed).
(define (domain lights-out-strips)
  (:requirements :strips :typing :negative-preconditions)
  (:types cell)
  (:predicates
    (lit ?c - cell) (dark ?c - cell)
    (first ?c ?n - cell) (next ?c ?n ?m - cell) (last ?c ?n - cell)
    (idle) (pressing ?c - cell) (cursor ?n - cell))

  (:action press
    :parameters (?c ?n - cell)
    :precondition (and (idle) (first ?c ?n) (not (pressing ?c)) (not (cursor ?n)))
    :effect (and (not (idle)) (pressing ?c) (cursor ?n)))

  (:action flip-on
    :parameters (?c ?n ?m - cell)
    :precondition (and (pressing ?c) (cursor ?n) (next ?c ?n ?m) (dark ?n) (not (lit ?n))
                       (not (cursor ?m)))
    :effect (and (lit ?n) (not (dark ?n)) (not (cursor ?n)) (cursor ?m)))

  (:action flip-off
    :parameters (?c ?n ?m - cell)
    :precondition (and (pressing ?c) (cursor ?n) (next ?c ?n ?m) (lit ?n) (not (dark ?n))
                       (not (cursor ?m)))
    :effect (and (dark ?n) (not (lit ?n)) (not (cursor ?n)) (cursor ?m)))

  (:action flip-on-last
    :parameters (?c ?n - cell)
    :precondition (and (pressing ?c) (cursor ?n) (last ?c ?n) (dark ?n) (not (lit ?n)) (not (idle)))
    :effect (and (lit ?n) (not (dark ?n)) (not (cursor ?n)) (not (pressing ?c)) (idle)))

  (:action flip-off-last
    :parameters (?c ?n - cell)
    :precondition (and (pressing ?c) (cursor ?n) (last ?c ?n) (lit ?n) (not (dark ?n)) (not (idle)))
    :effect (and (dark ?n) (not (lit ?n)) (not (cursor ?n)) (not (pressing ?c)) (idle))))
