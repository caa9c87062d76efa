; truck-fuel: numeric transport domain, a truck with a fuel tank and a load limit; total-cost counts distance plus handling
(define (domain truck-fuel)
  (:requirements :strips :typing :numeric-fluents :action-costs)
  (:types location truck package - object)

  (:predicates
    (truck-at ?t - truck ?l - location)
    (pkg-at ?p - package ?l - location)
    (in ?p - package ?t - truck)
    (road ?from - location ?to - location)
    (depot ?l - location))

  (:functions
    (fuel ?t - truck)
    (fuel-capacity ?t - truck)
    (current-load ?t - truck)
    (max-load ?t - truck)
    (distance ?from - location ?to - location)
    (total-cost))

  (:action drive
    :parameters (?t - truck ?from - location ?to - location)
    :precondition (and (truck-at ?t ?from) (road ?from ?to)
                       (>= (fuel ?t) (distance ?from ?to)))
    :effect (and (not (truck-at ?t ?from)) (truck-at ?t ?to)
                 (decrease (fuel ?t) (distance ?from ?to))
                 (increase (total-cost) (distance ?from ?to))))

  (:action refuel
    :parameters (?t - truck ?l - location)
    :precondition (and (truck-at ?t ?l) (depot ?l)
                       (< (fuel ?t) (fuel-capacity ?t)))
    :effect (and (assign (fuel ?t) (fuel-capacity ?t))
                 (increase (total-cost) 1)))

  (:action load
    :parameters (?p - package ?t - truck ?l - location)
    :precondition (and (pkg-at ?p ?l) (truck-at ?t ?l)
                       (< (current-load ?t) (max-load ?t)))
    :effect (and (not (pkg-at ?p ?l)) (in ?p ?t)
                 (increase (current-load ?t) 1)
                 (increase (total-cost) 1)))

  (:action unload
    :parameters (?p - package ?t - truck ?l - location)
    :precondition (and (in ?p ?t) (truck-at ?t ?l))
    :effect (and (not (in ?p ?t)) (pkg-at ?p ?l)
                 (decrease (current-load ?t) 1)
                 (increase (total-cost) 1)))
)
