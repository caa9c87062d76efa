; Relevance: `paint` changes only `painted`, which the goal does not depend on, so relevance
; analysis drops it and its atoms; `move` stays.
(define (domain paint-move)
  (:requirements :strips)
  (:predicates (at ?x) (link ?a ?b) (painted ?x) (brush))
  (:action move :parameters (?a ?b) :precondition (and (at ?a) (link ?a ?b)) :effect (and (at ?b) (not (at ?a))))
  (:action paint :parameters (?x) :precondition (and (brush) (at ?x)) :effect (painted ?x)))
