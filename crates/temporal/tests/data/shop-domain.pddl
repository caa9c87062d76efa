; Instantaneous actions next to a durative one, and a timed initial literal that opens a shop.
(define (domain shop)
  (:requirements :typing :durative-actions :timed-initial-literals)
  (:predicates (shop-open) (bought) (home) (cooked))
  (:action buy
    :parameters ()
    :precondition (shop-open)
    :effect (bought))
  (:durative-action cook
    :parameters ()
    :duration (= ?duration 3)
    :condition (and (at start (bought)) (over all (home)))
    :effect (at end (cooked))))
