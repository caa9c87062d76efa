; one match, one fuse that takes 3 time units to mend
(define (problem cellar-p01)
  (:domain cellar)
  (:objects m1 - match f1 - fuse)
  (:init
    (handfree)
    (unused m1)
    (= (mend-time f1) 3))
  (:goal (and (mended f1)))
)
