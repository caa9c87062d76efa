; spanner: a man walks a one-way chain of locations, collecting single-use spanners to tighten nuts at the gate
(define (domain spanner)
  (:requirements :strips :typing)
  (:types
    location locatable - object
    man nut spanner - locatable)

  (:predicates
    (at ?m - locatable ?l - location)
    (carrying ?m - man ?s - spanner)
    (usable ?s - spanner)
    (link ?l1 - location ?l2 - location)
    (tightened ?n - nut)
    (loose ?n - nut))

  (:action walk
    :parameters (?start - location ?end - location ?m - man)
    :precondition (and (at ?m ?start) (link ?start ?end))
    :effect (and (not (at ?m ?start)) (at ?m ?end)))

  (:action pickup_spanner
    :parameters (?l - location ?s - spanner ?m - man)
    :precondition (and (at ?m ?l) (at ?s ?l))
    :effect (and (not (at ?s ?l)) (carrying ?m ?s)))

  (:action tighten_nut
    :parameters (?l - location ?s - spanner ?m - man ?n - nut)
    :precondition (and (at ?m ?l) (at ?n ?l) (carrying ?m ?s)
                       (usable ?s) (loose ?n))
    :effect (and (not (loose ?n)) (not (usable ?s)) (tightened ?n)))
)
