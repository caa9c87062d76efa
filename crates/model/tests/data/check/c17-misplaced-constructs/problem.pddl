(define (problem p1) (:domain world)
  (:objects rooma roomb - room ball1 - ball left - gripper)
  (:init (at-robby rooma) (at ball1 rooma) (free left) (= (f) 0) (= (= (f) 1) 2))
  (:goal (carry ball1 left)))
