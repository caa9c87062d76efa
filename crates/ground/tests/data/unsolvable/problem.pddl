(define (problem p)
  (:domain stuck)
  (:init (p))
  (:goal (r)))
