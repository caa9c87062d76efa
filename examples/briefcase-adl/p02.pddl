; the vault is locked and its key lies in the office; d1 goes to the vault, d2 comes home
(define (problem briefcase-adl-p02)
  (:domain briefcase-adl)
  (:objects
    office vault - location
    d1 d2 - document
    k1 - key)
  (:init
    (at case home)
    (at d1 home) (target d1 vault)
    (at d2 office) (target d2 home)
    (at k1 office) (opens k1 vault)
    (locked vault)
    (road home office) (road office vault))
  (:goal (and (done) (at k1 office)))
)
