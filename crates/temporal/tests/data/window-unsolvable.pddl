; Daylight lasts 4 time units, shorter than the window's 5: no plan, though every atom is
; reachable when time is ignored.
(define (problem window-unsolvable) (:domain window)
  (:objects ann - person)
  (:init (free) (daylight) (at 4 (not (daylight))))
  (:goal (passed ann)))
