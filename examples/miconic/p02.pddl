; three passengers, four floors (above is the full transitive order f1 < f2 < f3 < f4)
(define (problem miconic-p02)
  (:domain miconic)
  (:objects
    p1 p2 p3 - passenger
    f1 f2 f3 f4 - floor)
  (:init
    (lift-at f1)
    (above f1 f2) (above f1 f3) (above f1 f4)
    (above f2 f3) (above f2 f4)
    (above f3 f4)
    (origin p1 f1) (destin p1 f3)
    (origin p2 f4) (destin p2 f2)
    (origin p3 f2) (destin p3 f4))
  (:goal (and (served p1) (served p2) (served p3)))
)
