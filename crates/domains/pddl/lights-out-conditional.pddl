; Lights Out with conditional effects (paper 002): pressing a cell toggles it and its neighbours.
; Each light is `lit` or `dark`; `(affects ?c ?n)` holds for ?n = ?c and for the grid neighbours.
; Whether a press lights a cell depends on the parity of earlier presses: PARITY.
(define (domain lights-out-conditional)
  (:requirements :strips :typing :conditional-effects)
  (:types cell)
  (:predicates (lit ?c - cell) (dark ?c - cell) (affects ?c ?n - cell))

  (:action press
    :parameters (?c - cell)
    :precondition (and)
    :effect (and
      (forall (?n - cell) (when (and (affects ?c ?n) (lit ?n)) (and (not (lit ?n)) (dark ?n))))
      (forall (?n - cell) (when (and (affects ?c ?n) (dark ?n)) (and (not (dark ?n)) (lit ?n)))))))
