; Childsnack (IPC 2014, as in the IPC 2023 learning track): make sandwiches in the kitchen, carry
; them on trays to the tables, serve gluten-free ones to allergic children.
(define (domain childsnack)
  (:requirements :typing :negative-preconditions)
  (:types child bread-portion content-portion sandwich tray place)
  (:constants kitchen - place)
  (:predicates
    (at_kitchen_bread ?b - bread-portion)
    (at_kitchen_content ?c - content-portion)
    (at_kitchen_sandwich ?s - sandwich)
    (no_gluten_bread ?b - bread-portion)
    (no_gluten_content ?c - content-portion)
    (ontray ?s - sandwich ?t - tray)
    (no_gluten_sandwich ?s - sandwich)
    (allergic_gluten ?k - child)
    (not_allergic_gluten ?k - child)
    (served ?k - child)
    (waiting ?k - child ?p - place)
    (at ?t - tray ?p - place)
    (notexist ?s - sandwich))

  (:action make_sandwich_no_gluten
    :parameters (?s - sandwich ?b - bread-portion ?c - content-portion)
    :precondition (and (at_kitchen_bread ?b) (at_kitchen_content ?c)
                       (no_gluten_bread ?b) (no_gluten_content ?c) (notexist ?s))
    :effect (and (not (at_kitchen_bread ?b)) (not (at_kitchen_content ?c))
                 (at_kitchen_sandwich ?s) (no_gluten_sandwich ?s) (not (notexist ?s))))

  (:action make_sandwich
    :parameters (?s - sandwich ?b - bread-portion ?c - content-portion)
    :precondition (and (at_kitchen_bread ?b) (at_kitchen_content ?c) (notexist ?s))
    :effect (and (not (at_kitchen_bread ?b)) (not (at_kitchen_content ?c))
                 (at_kitchen_sandwich ?s) (not (notexist ?s))))

  (:action put_on_tray
    :parameters (?s - sandwich ?t - tray)
    :precondition (and (at_kitchen_sandwich ?s) (at ?t kitchen))
    :effect (and (not (at_kitchen_sandwich ?s)) (ontray ?s ?t)))

  (:action serve_sandwich_no_gluten
    :parameters (?s - sandwich ?k - child ?t - tray ?p - place)
    :precondition (and (allergic_gluten ?k) (ontray ?s ?t) (waiting ?k ?p)
                       (no_gluten_sandwich ?s) (at ?t ?p))
    :effect (and (not (ontray ?s ?t)) (served ?k)))

  (:action serve_sandwich
    :parameters (?s - sandwich ?k - child ?t - tray ?p - place)
    :precondition (and (not_allergic_gluten ?k) (waiting ?k ?p) (ontray ?s ?t) (at ?t ?p))
    :effect (and (not (ontray ?s ?t)) (served ?k)))

  (:action move_tray
    :parameters (?t - tray ?from ?to - place)
    :precondition (and (at ?t ?from) (not (at ?t ?to)))
    :effect (and (not (at ?t ?from)) (at ?t ?to))))
