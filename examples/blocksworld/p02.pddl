; five blocks in two towers; build c-a-d-b (c on top), e stays where it is
(define (problem blocksworld-p02)
  (:domain blocksworld)
  (:objects a b c d e)
  (:init
    (arm-empty)
    (on-table b) (on a b) (clear a)
    (on-table e) (on d e) (on c d) (clear c))
  (:goal (and (on c a) (on a d) (on d b) (on-table b)))
)
