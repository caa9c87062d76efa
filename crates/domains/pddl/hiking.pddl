; Hiking (generalized planning, Silver et al. 2024): a hiker follows a trail across a grid to its
; end; hills must be climbed, and no step starts in water.
(define (domain hiking)
  (:requirements :strips :typing :negative-preconditions)
  (:types loc)
  (:predicates
    (at ?l - loc)
    (iswater ?l - loc)
    (ishill ?l - loc)
    (adjacent ?a ?b - loc)
    (ontrail ?from ?to - loc))

  (:action walk
    :parameters (?from ?to - loc)
    :precondition (and (not (ishill ?to)) (at ?from) (adjacent ?from ?to) (not (iswater ?from)))
    :effect (and (at ?to) (not (at ?from))))

  (:action climb
    :parameters (?from ?to - loc)
    :precondition (and (ishill ?to) (at ?from) (adjacent ?from ?to) (not (iswater ?from)))
    :effect (and (at ?to) (not (at ?from)))))
