; Transport (IPC 2008/2023, without action costs): trucks of limited capacity drive along roads and
; carry packages. Capacity is a chain of size objects: `(capacity-predecessor ?smaller ?larger)`.
(define (domain transport)
  (:requirements :typing)
  (:types
    location target locatable - object
    vehicle package - locatable
    capacity-number - object)
  (:predicates
    (road ?from ?to - location)
    (at ?x - locatable ?l - location)
    (in ?p - package ?v - vehicle)
    (capacity ?v - vehicle ?s - capacity-number)
    (capacity-predecessor ?smaller ?larger - capacity-number))

  (:action drive
    :parameters (?v - vehicle ?from ?to - location)
    :precondition (and (at ?v ?from) (road ?from ?to))
    :effect (and (not (at ?v ?from)) (at ?v ?to)))

  (:action pick-up
    :parameters (?v - vehicle ?l - location ?p - package ?smaller ?larger - capacity-number)
    :precondition (and (at ?v ?l) (at ?p ?l) (capacity-predecessor ?smaller ?larger)
                       (capacity ?v ?larger))
    :effect (and (not (at ?p ?l)) (in ?p ?v) (capacity ?v ?smaller) (not (capacity ?v ?larger))))

  (:action drop
    :parameters (?v - vehicle ?l - location ?p - package ?smaller ?larger - capacity-number)
    :precondition (and (at ?v ?l) (in ?p ?v) (capacity-predecessor ?smaller ?larger)
                       (capacity ?v ?smaller))
    :effect (and (not (in ?p ?v)) (at ?p ?l) (capacity ?v ?larger) (not (capacity ?v ?smaller)))))
