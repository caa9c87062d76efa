; No `(= (total-cost) 0)`: it starts at 0, as in Fast Downward (no W0102).
(define (problem p1) (:domain lift)
  (:objects f0 f1 - floor p0 - passenger)
  (:init (at-lift f0) (at p0 f1)
         (= (travel f0 f1) 3) (= (travel f1 f0) 3) (= (travel f0 f0) 0) (= (travel f1 f1) 0))
  (:goal (in p0))
  (:metric minimize (total-cost)))
