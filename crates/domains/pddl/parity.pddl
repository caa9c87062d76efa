; PARITY as plan verification (paper 002's reduction for conditional effects): `toggle` flips a
; bit through two conditional effects, every plan is executable, and a goal `(one b)` holds
; exactly when b was toggled an odd number of times from zero: the PARITY language.
(define (domain parity)
  (:requirements :strips :typing :conditional-effects)
  (:types bit)
  (:predicates (one ?b - bit) (zero ?b - bit))

  (:action toggle
    :parameters (?b - bit)
    :precondition (and)
    :effect (and
      (when (one ?b) (and (not (one ?b)) (zero ?b)))
      (when (zero ?b) (and (not (zero ?b)) (one ?b))))))
