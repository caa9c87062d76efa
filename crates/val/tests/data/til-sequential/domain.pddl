; Timed initial literals with a plan of instantaneous actions and no times: VAL times the steps
; 1, 2, 3, ... and the literals fire among them.
(define (domain doorway)
  (:requirements :strips :timed-initial-literals)
  (:predicates (door-open) (inside))
  (:action wait
    :parameters ()
    :precondition (and)
    :effect (and))
  (:action enter
    :parameters ()
    :precondition (door-open)
    :effect (inside)))
