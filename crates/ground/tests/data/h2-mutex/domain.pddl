; A token that is in exactly one place: h2 finds the places mutex (one mutex group), and
; `collide` (which needs the token in two places) is removed although each of its preconditions
; is reachable alone.
(define (domain token)
  (:requirements :strips)
  (:constants p1 p2 p3)
  (:predicates (in ?p) (next ?a ?b) (crashed))
  (:action pass :parameters (?a ?b) :precondition (and (in ?a) (next ?a ?b)) :effect (and (in ?b) (not (in ?a))))
  (:action collide :parameters () :precondition (and (in p1) (in p3)) :effect (crashed)))
