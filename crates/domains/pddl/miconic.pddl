; Miconic: an elevator boards passengers at their origin floor and lets them out at their destination.
(define (domain miconic)
  (:requirements :strips :typing)
  (:types passenger floor)
  (:predicates
    (origin ?p - passenger ?f - floor)
    (destin ?p - passenger ?f - floor)
    (above ?lower ?upper - floor)
    (boarded ?p - passenger)
    (served ?p - passenger)
    (lift-at ?f - floor))

  (:action board
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (origin ?p ?f))
    :effect (and (boarded ?p) (not (origin ?p ?f))))

  (:action depart
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (destin ?p ?f) (boarded ?p))
    :effect (and (not (boarded ?p)) (served ?p)))

  (:action up
    :parameters (?from ?to - floor)
    :precondition (and (lift-at ?from) (above ?from ?to))
    :effect (and (lift-at ?to) (not (lift-at ?from))))

  (:action down
    :parameters (?from ?to - floor)
    :precondition (and (lift-at ?from) (above ?to ?from))
    :effect (and (lift-at ?to) (not (lift-at ?from)))))
