; Floortile (IPC 2011): robots paint tiles above or below them and may never step on a painted tile.
(define (domain floortile)
  (:requirements :typing)
  (:types robot tile color)
  (:predicates
    (robot-at ?r - robot ?t - tile)
    (up ?t ?u - tile) (down ?t ?u - tile) (right ?t ?u - tile) (left ?t ?u - tile)
    (clear ?t - tile)
    (painted ?t - tile ?c - color)
    (robot-has ?r - robot ?c - color)
    (available-color ?c - color)
    (free-color ?r - robot))

  (:action change_color
    :parameters (?r - robot ?old - color ?new - color)
    :precondition (and (robot-has ?r ?old) (available-color ?new))
    :effect (and (not (robot-has ?r ?old)) (robot-has ?r ?new)))

  ; `(up ?y ?x)`: tile ?y lies directly above tile ?x.
  (:action paint_up
    :parameters (?r - robot ?y ?x - tile ?c - color)
    :precondition (and (robot-has ?r ?c) (robot-at ?r ?x) (up ?y ?x) (clear ?y))
    :effect (and (not (clear ?y)) (painted ?y ?c)))

  (:action paint_down
    :parameters (?r - robot ?y ?x - tile ?c - color)
    :precondition (and (robot-has ?r ?c) (robot-at ?r ?x) (down ?y ?x) (clear ?y))
    :effect (and (not (clear ?y)) (painted ?y ?c)))

  (:action move_up
    :parameters (?r - robot ?x ?y - tile)
    :precondition (and (robot-at ?r ?x) (up ?y ?x) (clear ?y))
    :effect (and (robot-at ?r ?y) (not (robot-at ?r ?x)) (clear ?x) (not (clear ?y))))

  (:action move_down
    :parameters (?r - robot ?x ?y - tile)
    :precondition (and (robot-at ?r ?x) (down ?y ?x) (clear ?y))
    :effect (and (robot-at ?r ?y) (not (robot-at ?r ?x)) (clear ?x) (not (clear ?y))))

  (:action move_right
    :parameters (?r - robot ?x ?y - tile)
    :precondition (and (robot-at ?r ?x) (right ?y ?x) (clear ?y))
    :effect (and (robot-at ?r ?y) (not (robot-at ?r ?x)) (clear ?x) (not (clear ?y))))

  (:action move_left
    :parameters (?r - robot ?x ?y - tile)
    :precondition (and (robot-at ?r ?x) (left ?y ?x) (clear ?y))
    :effect (and (robot-at ?r ?y) (not (robot-at ?r ?x)) (clear ?x) (not (clear ?y)))))
