; A disjunctive precondition and an `imply`: each DNF disjunct is one variant of the action, and
; variants with the same effect on the same objects are merged into one operator... or kept apart
; when their preconditions differ.
(define (domain doors)
  (:requirements :adl)
  (:predicates (has-key) (has-card) (open) (alarm) (armed))
  (:action get-key :parameters () :precondition () :effect (has-key))
  (:action open-door
    :parameters ()
    :precondition (or (has-key) (has-card))
    :effect (open))
  (:action trip
    :parameters ()
    :precondition (and (open) (imply (armed) (has-card)))
    :effect (alarm)))
