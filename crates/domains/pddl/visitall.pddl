; Visitall (IPC 2011): walk a grid until every cell has been visited.
(define (domain grid-visit-all)
  (:requirements :typing)
  (:types place)
  (:predicates
    (connected ?from ?to - place) (at-robot ?p - place) (visited ?p - place))

  (:action move
    :parameters (?from ?to - place)
    :precondition (and (at-robot ?from) (connected ?from ?to))
    :effect (and (at-robot ?to) (not (at-robot ?from)) (visited ?to))))
