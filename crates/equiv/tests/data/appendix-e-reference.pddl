(define (problem reference) (:domain blocks)
  (:objects a b c)
  (:init (on a b) (ontable b) (ontable c) (clear a) (clear c))
  (:goal (on b c)))
