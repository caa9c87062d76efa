(define (problem shop-1) (:domain shop)
  (:init (home) (at 10 (shop-open)) (at 15 (not (shop-open))))
  (:goal (cooked)))
