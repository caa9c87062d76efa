; three spanners along a four-step chain, two nuts at the gate (one spanner is spare)
(define (problem spanner-p02)
  (:domain spanner)
  (:objects
    bob - man
    spanner1 spanner2 spanner3 - spanner
    nut1 nut2 - nut
    shed location1 location2 location3 gate - location)
  (:init
    (at bob shed)
    (at spanner1 location1) (usable spanner1)
    (at spanner2 location3) (usable spanner2)
    (at spanner3 location2) (usable spanner3)
    (at nut1 gate) (loose nut1)
    (at nut2 gate) (loose nut2)
    (link shed location1)
    (link location1 location2)
    (link location2 location3)
    (link location3 gate))
  (:goal (and (tightened nut1) (tightened nut2)))
)
