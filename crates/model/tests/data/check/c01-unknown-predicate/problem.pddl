(define (problem p1) (:domain world)
  (:objects rooma roomb - room ball1 - ball left - gripper)
  (:init (at-robby rooma) (at ball1 rooma) (frees left))
  (:goal (carry ball1 left)))
