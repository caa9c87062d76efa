; The literal at 30 falls after the plan's last happening and falsifies the goal: VAL applies it
; before checking the goal (unified-planning agrees), so no plan can reach this goal.
(define (problem shop-late)
  (:domain shop)
  (:objects c1 - customer)
  (:init (waiting c1) (at 5 (open)) (at 20 (not (open))) (at 30 (not (served c1))))
  (:goal (served c1)))
