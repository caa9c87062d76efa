; Negative preconditions on fluent atoms stay as `pre_neg`; on static atoms they are decided.
(define (domain toggles)
  (:requirements :strips :negative-preconditions)
  (:constants a b c)
  (:predicates (lit ?x) (broken ?x) (done))
  (:action light :parameters (?x) :precondition (and (not (lit ?x)) (not (broken ?x))) :effect (lit ?x))
  (:action dark :parameters (?x) :precondition (lit ?x) :effect (not (lit ?x)))
  (:action finish :parameters () :precondition (and (lit a) (not (lit b))) :effect (done)))
