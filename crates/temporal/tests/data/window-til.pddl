; Daylight ends at 12: both openings of the window must end before it.
(define (problem window-til) (:domain window)
  (:objects ann bob - person)
  (:init (free) (daylight) (at 12 (not (daylight))))
  (:goal (and (passed ann) (passed bob))))
