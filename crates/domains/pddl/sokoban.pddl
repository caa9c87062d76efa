; Sokoban (IPC 2023 learning track version, no action costs): the robot walks on clear cells and
; pushes one box at a time. The robot's own cell counts as clear.
(define (domain sokoban)
  (:requirements :typing)
  (:types location direction box)
  (:constants down up left right - direction)
  (:predicates
    (at-robot ?l - location)
    (at ?b - box ?l - location)
    (adjacent ?from ?to - location ?d - direction)
    (clear ?l - location))

  (:action move
    :parameters (?from ?to - location ?d - direction)
    :precondition (and (clear ?to) (at-robot ?from) (adjacent ?from ?to ?d))
    :effect (and (at-robot ?to) (not (at-robot ?from))))

  (:action push
    :parameters (?robot ?box ?beyond - location ?d - direction ?b - box)
    :precondition (and (at-robot ?robot) (at ?b ?box) (clear ?beyond)
                       (adjacent ?robot ?box ?d) (adjacent ?box ?beyond ?d))
    :effect (and (at-robot ?box) (at ?b ?beyond) (clear ?box)
                 (not (at-robot ?robot)) (not (at ?b ?box)) (not (clear ?beyond)))))
