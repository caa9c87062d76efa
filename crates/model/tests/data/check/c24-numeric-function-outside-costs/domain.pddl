; A function changed by an effect, and one read in a precondition, need `:numeric-fluents` even
; with `:action-costs` declared; so does a function read by a cost that some action changes.
(define (domain lift)
  (:requirements :typing :action-costs)
  (:types floor - object)
  (:predicates (at-lift ?f - floor))
  (:functions (total-cost) - number (fuel) - number (wear) - number)
  (:action move :parameters (?f1 ?f2 - floor)
    :precondition (and (at-lift ?f1) (> (fuel) 0))
    :effect (and (not (at-lift ?f1)) (at-lift ?f2) (decrease (fuel) 1)
                 (increase (wear) 1) (increase (total-cost) (wear)))))
