(define (problem generated) (:domain blocks)
  (:objects x y z)
  (:init (on y z) (ontable z) (ontable x) (clear x) (clear y))
  (:goal (on x z)))
