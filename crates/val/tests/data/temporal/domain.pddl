; Temporal: at start / over all / at end conditions, fixed, fluent-valued and inequality
; durations, a timed initial literal, epsilon separation, numeric effects of durative actions.
(define (domain cellar)
  (:requirements :typing :durative-actions :numeric-fluents :duration-inequalities :timed-initial-literals)
  (:types match fuse)
  (:predicates (handfree) (unused ?m - match) (light ?m - match) (mended ?f - fuse) (swept) (daylight))
  (:functions (mend-time ?f - fuse) (work))
  (:durative-action light_match
    :parameters (?m - match)
    :duration (= ?duration 5)
    :condition (at start (unused ?m))
    :effect (and (at start (not (unused ?m))) (at start (light ?m)) (at end (not (light ?m)))))
  (:durative-action mend_fuse
    :parameters (?f - fuse ?m - match)
    :duration (= ?duration (mend-time ?f))
    :condition (and (at start (handfree)) (over all (light ?m)))
    :effect (and (at start (not (handfree))) (at end (mended ?f)) (at end (handfree))
                 (at end (increase (work) ?duration))))
  (:durative-action sweep_floor
    :parameters (?m - match)
    :duration (and (>= ?duration 1) (<= ?duration 3))
    :condition (and (at start (handfree)) (over all (light ?m)) (at end (light ?m)))
    :effect (and (at start (not (handfree))) (at end (swept)) (at end (handfree))))
  (:durative-action sweep_in_daylight
    :parameters ()
    :duration (= ?duration 2)
    :condition (and (at start (handfree)) (over all (daylight)))
    :effect (and (at start (not (handfree))) (at end (swept)) (at end (handfree))))
  (:action clap
    :parameters ()
    :precondition (handfree)
    :effect (increase (work) 1)))
