; Daylight comes at 20 and goes at 26: the window can open only inside [20, 26].
(define (problem window-til-late) (:domain window)
  (:objects ann - person)
  (:init (free) (at 20 (daylight)) (at 26 (not (daylight))))
  (:goal (passed ann)))
