; Flip-Flop as plan verification (paper 002's reduction for unrestricted STRIPS): each bit is
; written 0 or 1 regardless of its value (an effect that may change nothing, so the domain is not
; well-formed) and read by an action whose precondition is the value. A plan is executable exactly
; when every read returns the last write: the Flip-Flop language, which C-RASP cannot express.
(define (domain flip-flop)
  (:requirements :strips :typing)
  (:types bit)
  (:predicates (one ?b - bit) (zero ?b - bit))

  (:action write-1
    :parameters (?b - bit)
    :precondition (and)
    :effect (and (one ?b) (not (zero ?b))))

  (:action write-0
    :parameters (?b - bit)
    :precondition (and)
    :effect (and (zero ?b) (not (one ?b))))

  (:action read-1
    :parameters (?b - bit)
    :precondition (one ?b)
    :effect (and))

  (:action read-0
    :parameters (?b - bit)
    :precondition (zero ?b)
    :effect (and)))
