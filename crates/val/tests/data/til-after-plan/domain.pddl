; Timed initial literals next to plan happenings: a shop that opens at 5 and closes at 20.
(define (domain shop)
  (:requirements :typing :durative-actions :timed-initial-literals)
  (:types customer)
  (:predicates (open) (waiting ?c - customer) (served ?c - customer))
  (:durative-action serve
    :parameters (?c - customer)
    :duration (= ?duration 2)
    :condition (and (at start (open)) (at start (waiting ?c)) (over all (open)))
    :effect (and (at start (not (waiting ?c))) (at end (served ?c)))))
