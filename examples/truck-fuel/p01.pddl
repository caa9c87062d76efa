; one package from a to b; the tank (5 of 10) is too low for the trip, so refuel at the depot first
(define (problem truck-fuel-p01)
  (:domain truck-fuel)
  (:objects
    t1 - truck
    depot0 a b - location
    p1 - package)
  (:init
    (truck-at t1 depot0) (depot depot0)
    (= (fuel t1) 5) (= (fuel-capacity t1) 10)
    (= (current-load t1) 0) (= (max-load t1) 1)
    (pkg-at p1 a)
    (road depot0 a) (road a depot0) (= (distance depot0 a) 3) (= (distance a depot0) 3)
    (road a b) (road b a) (= (distance a b) 4) (= (distance b a) 4)
    (= (total-cost) 0))
  (:goal (and (pkg-at p1 b)))
  (:metric minimize (total-cost))
)
