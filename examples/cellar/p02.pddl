; two matches, two fuses, and the floor must be swept; one hand, so mending and sweeping are sequential
(define (problem cellar-p02)
  (:domain cellar)
  (:objects m1 m2 - match f1 f2 - fuse)
  (:init
    (handfree)
    (unused m1) (unused m2)
    (= (mend-time f1) 3)
    (= (mend-time f2) 2))
  (:goal (and (mended f1) (mended f2) (swept)))
)
