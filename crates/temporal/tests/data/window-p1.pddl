(define (problem window-1) (:domain window)
  (:objects ann bob - person)
  (:init (free) (daylight))
  (:goal (and (passed ann) (passed bob))))
