; `unlock` needs a key no action provides, so `open` and `enter` never become applicable and none
; of their atoms is reachable; `walk` reaches only the rooms linked to the start.
(define (domain locks)
  (:requirements :strips)
  (:predicates (at ?r) (link ?a ?b) (have-key) (unlocked) (inside))
  (:action walk :parameters (?a ?b) :precondition (and (at ?a) (link ?a ?b)) :effect (and (at ?b) (not (at ?a))))
  (:action unlock :parameters () :precondition (have-key) :effect (unlocked))
  (:action enter :parameters (?r) :precondition (and (unlocked) (at ?r)) :effect (inside)))
