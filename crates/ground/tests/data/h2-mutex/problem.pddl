(define (problem p)
  (:domain token)
  (:init (in p1) (next p1 p2) (next p2 p3) (next p3 p1))
  (:goal (in p3)))
