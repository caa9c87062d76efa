(define (problem doorway-1)
  (:domain doorway)
  (:init (at 2.5 (door-open)) (at 4.5 (not (door-open))))
  (:goal (inside)))
