; Required concurrency: `pass` needs the window open over its whole interval, and only
; `open_window` opens it, for its own duration. A plan must run `pass` inside `open_window`.
(define (domain window)
  (:requirements :typing :durative-actions :timed-initial-literals :negative-preconditions)
  (:types person)
  (:predicates (open) (daylight) (passed ?p - person) (free))
  (:durative-action open_window
    :parameters ()
    :duration (= ?duration 5)
    :condition (and (at start (free)) (over all (daylight)))
    :effect (and (at start (not (free))) (at start (open)) (at end (not (open))) (at end (free))))
  (:durative-action pass
    :parameters (?p - person)
    :duration (and (>= ?duration 2) (<= ?duration 4))
    :condition (and (over all (open)) (at end (open)) (at start (not (passed ?p))))
    :effect (at end (passed ?p))))
