; The goal needs an atom no action adds: relaxed reachability proves the task unsolvable.
(define (domain stuck)
  (:requirements :strips)
  (:predicates (p) (q) (r))
  (:action a :parameters () :precondition (p) :effect (q)))
