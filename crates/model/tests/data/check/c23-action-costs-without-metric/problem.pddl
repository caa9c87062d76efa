; Action costs without a `:metric`: every action counts 1, as in Fast Downward and VAL (W0109).
(define (problem p1) (:domain lift)
  (:objects f0 f1 - floor p0 - passenger)
  (:init (at-lift f0) (at p0 f1) (= (total-cost) 0)
         (= (travel f0 f1) 3) (= (travel f1 f0) 3) (= (travel f0 f0) 0) (= (travel f1 f1) 0))
  (:goal (in p0)))
