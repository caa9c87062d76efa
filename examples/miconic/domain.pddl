; miconic (elevator, STRIPS version as in the ipc2023-learning suite): board and drop passengers at their floors
(define (domain miconic)
  (:requirements :strips :typing)
  (:types passenger floor - object)

  (:predicates
    (origin ?person - passenger ?floor - floor)   ; ?person waits at ?floor
    (destin ?person - passenger ?floor - floor)   ; ?person wants to go to ?floor
    (above ?floor1 - floor ?floor2 - floor)       ; ?floor2 is above ?floor1
    (boarded ?person - passenger)
    (served ?person - passenger)
    (lift-at ?floor - floor))

  (:action board
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (origin ?p ?f))
    :effect (and (boarded ?p) (not (origin ?p ?f))))

  (:action depart
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (destin ?p ?f) (boarded ?p))
    :effect (and (not (boarded ?p)) (served ?p)))

  (:action up
    :parameters (?f1 - floor ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f1 ?f2))
    :effect (and (lift-at ?f2) (not (lift-at ?f1))))

  (:action down
    :parameters (?f1 - floor ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f2 ?f1))
    :effect (and (lift-at ?f2) (not (lift-at ?f1))))
)
