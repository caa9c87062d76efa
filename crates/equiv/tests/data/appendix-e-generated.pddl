; generated: the same problem with other names and another order
(define (problem generated) (:domain blocks)
  (:objects x y z)
  (:init (on y z) (ontable z) (ontable x) (clear x) (clear y))
  (:goal (on z x)))
