; Logistics (IPC 1998, typed STRIPS): trucks move packages between the places of one city,
; airplanes between the airports of different cities.
(define (domain logistics)
  (:requirements :strips :typing)
  (:types
    truck airplane - vehicle
    package vehicle - physobj
    airport location - place
    city place physobj - object)
  (:predicates
    (in-city ?l - place ?c - city)
    (at ?o - physobj ?l - place)
    (in ?p - package ?v - vehicle))

  (:action load-truck
    :parameters (?p - package ?t - truck ?l - place)
    :precondition (and (at ?t ?l) (at ?p ?l))
    :effect (and (not (at ?p ?l)) (in ?p ?t)))

  (:action load-airplane
    :parameters (?p - package ?a - airplane ?l - place)
    :precondition (and (at ?p ?l) (at ?a ?l))
    :effect (and (not (at ?p ?l)) (in ?p ?a)))

  (:action unload-truck
    :parameters (?p - package ?t - truck ?l - place)
    :precondition (and (at ?t ?l) (in ?p ?t))
    :effect (and (not (in ?p ?t)) (at ?p ?l)))

  (:action unload-airplane
    :parameters (?p - package ?a - airplane ?l - place)
    :precondition (and (in ?p ?a) (at ?a ?l))
    :effect (and (not (in ?p ?a)) (at ?p ?l)))

  (:action drive-truck
    :parameters (?t - truck ?from ?to - place ?c - city)
    :precondition (and (at ?t ?from) (in-city ?from ?c) (in-city ?to ?c))
    :effect (and (not (at ?t ?from)) (at ?t ?to)))

  (:action fly-airplane
    :parameters (?a - airplane ?from ?to - airport)
    :precondition (at ?a ?from)
    :effect (and (not (at ?a ?from)) (at ?a ?to))))
