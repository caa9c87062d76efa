; two packages, four locations, load limit 1, refuelling only at the depot: two trips are needed
(define (problem truck-fuel-p02)
  (:domain truck-fuel)
  (:objects
    t1 - truck
    depot0 l1 l2 l3 - location
    p1 p2 - package)
  (:init
    (truck-at t1 depot0) (depot depot0)
    (= (fuel t1) 6) (= (fuel-capacity t1) 10)
    (= (current-load t1) 0) (= (max-load t1) 1)
    (pkg-at p1 l1) (pkg-at p2 l2)
    (road depot0 l1) (road l1 depot0) (= (distance depot0 l1) 2) (= (distance l1 depot0) 2)
    (road l1 l2) (road l2 l1) (= (distance l1 l2) 3) (= (distance l2 l1) 3)
    (road depot0 l2) (road l2 depot0) (= (distance depot0 l2) 6) (= (distance l2 depot0) 6)
    (road l2 l3) (road l3 l2) (= (distance l2 l3) 2) (= (distance l3 l2) 2)
    (= (total-cost) 0))
  (:goal (and (pkg-at p1 l3) (pkg-at p2 depot0)))
  (:metric minimize (total-cost))
)
