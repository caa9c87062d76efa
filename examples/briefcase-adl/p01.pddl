; one document to take from home to the office
(define (problem briefcase-adl-p01)
  (:domain briefcase-adl)
  (:objects
    office - location
    d1 - document)
  (:init
    (at case home)
    (at d1 home)
    (target d1 office)
    (road home office))
  (:goal (and (done)))
)
