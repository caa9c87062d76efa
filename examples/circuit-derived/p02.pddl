; power both lamps but not the fan (negated derived goal); the fan is initially powered via j1
(define (problem circuit-derived-p02)
  (:domain circuit-derived)
  (:objects src j1 j2 lamp1 lamp2 fan - node)
  (:init
    (source src)
    (switch src j1) (switch src j2)
    (switch j1 lamp1) (switch j1 fan)
    (switch j2 lamp2) (switch lamp2 lamp1)
    (closed src j1) (closed j1 fan))
  (:goal (and (powered lamp1) (powered lamp2) (not (powered fan))))
)
