; cellar: temporal domain in the style of match-cellar; fuses are mended and the floor swept by the light of a burning match
(define (domain cellar)
  (:requirements :typing :durative-actions :duration-inequalities :numeric-fluents)
  (:types match fuse - object)

  (:predicates
    (handfree)
    (unused ?m - match)
    (light ?m - match)
    (mended ?f - fuse)
    (swept))

  (:functions
    (mend-time ?f - fuse))

  ; a match burns for exactly 5 time units
  (:durative-action light_match
    :parameters (?m - match)
    :duration (= ?duration 5)
    :condition (at start (unused ?m))
    :effect (and (at start (not (unused ?m)))
                 (at start (light ?m))
                 (at end (not (light ?m)))))

  ; duration given by a (static) numeric fluent
  (:durative-action mend_fuse
    :parameters (?f - fuse ?m - match)
    :duration (= ?duration (mend-time ?f))
    :condition (and (at start (handfree))
                    (over all (light ?m)))
    :effect (and (at start (not (handfree)))
                 (at end (mended ?f))
                 (at end (handfree))))

  ; duration chosen by the planner within [1, 3]
  (:durative-action sweep_floor
    :parameters (?m - match)
    :duration (and (>= ?duration 1) (<= ?duration 3))
    :condition (and (at start (handfree))
                    (over all (light ?m))
                    (at end (light ?m)))
    :effect (and (at start (not (handfree)))
                 (at end (swept))
                 (at end (handfree))))
)
