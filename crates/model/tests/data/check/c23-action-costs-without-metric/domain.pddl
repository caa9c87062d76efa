; As elevators, woodworking, agricola and data-network (IPC 2008-2018): `:action-costs` alone
; allows static cost functions read by `(increase (total-cost) ...)`; no `:numeric-fluents`.
(define (domain lift)
  (:requirements :typing :action-costs)
  (:types floor passenger - object)
  (:predicates (at-lift ?f - floor) (at ?p - passenger ?f - floor) (in ?p - passenger))
  (:functions (total-cost) - number
              (travel ?f1 ?f2 - floor) - number)
  (:action move :parameters (?f1 ?f2 - floor)
    :precondition (at-lift ?f1)
    :effect (and (not (at-lift ?f1)) (at-lift ?f2) (increase (total-cost) (travel ?f1 ?f2))))
  (:action board :parameters (?p - passenger ?f - floor)
    :precondition (and (at-lift ?f) (at ?p ?f))
    :effect (and (not (at ?p ?f)) (in ?p) (increase (total-cost) 1))))
