; Spanner: a man walks a one-way path from the shed to the gate, picking up spanners; each spanner
; tightens one loose nut at the gate and is then used up.
(define (domain spanner)
  (:requirements :strips :typing)
  (:types
    location locatable - object
    man nut spanner - locatable)
  (:predicates
    (at ?x - locatable ?l - location)
    (carrying ?m - man ?s - spanner)
    (usable ?s - spanner)
    (link ?from ?to - location)
    (tightened ?n - nut)
    (loose ?n - nut))

  (:action walk
    :parameters (?from ?to - location ?m - man)
    :precondition (and (at ?m ?from) (link ?from ?to))
    :effect (and (not (at ?m ?from)) (at ?m ?to)))

  (:action pickup_spanner
    :parameters (?l - location ?s - spanner ?m - man)
    :precondition (and (at ?m ?l) (at ?s ?l))
    :effect (and (not (at ?s ?l)) (carrying ?m ?s)))

  (:action tighten_nut
    :parameters (?l - location ?s - spanner ?m - man ?n - nut)
    :precondition (and (at ?m ?l) (at ?n ?l) (carrying ?m ?s) (usable ?s) (loose ?n))
    :effect (and (not (loose ?n)) (not (usable ?s)) (tightened ?n))))
