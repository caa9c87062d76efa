(define (problem p)
  (:domain toggles)
  (:init (broken c))
  (:goal (done)))
