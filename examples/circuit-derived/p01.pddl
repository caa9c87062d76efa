; power the lamp through junction j1
(define (problem circuit-derived-p01)
  (:domain circuit-derived)
  (:objects src j1 lamp - node)
  (:init
    (source src)
    (switch src j1) (switch j1 lamp))
  (:goal (and (powered lamp)))
)
