(define (problem p)
  (:domain doors)
  (:init (armed))
  (:goal (open)))
