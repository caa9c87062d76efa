; Without daylight the window never opens: unsolvable in the relaxation already.
(define (problem window-unreachable) (:domain window)
  (:objects ann - person)
  (:init (free))
  (:goal (passed ann)))
