; ADL: quantified, disjunctive and negative preconditions, imply, equality, either types,
; universal conditional effects, conditional effects that read the pre-state, a quantified goal.
(define (domain briefcase)
  (:requirements :adl)
  (:types location thing - object portable - thing document key - portable)
  (:constants case - thing)
  (:predicates (at ?x - (either thing portable) ?l - location) (in ?p - portable)
               (locked ?l - location) (opens ?k - key ?l - location) (light-on) (visited ?l - location))
  (:action move
    :parameters (?from ?to - location)
    :precondition (and (at case ?from) (not (= ?from ?to))
                       (imply (locked ?to) (exists (?k - key) (and (in ?k) (opens ?k ?to)))))
    :effect (and (at case ?to) (not (at case ?from)) (visited ?to)
                 (forall (?p - portable) (when (in ?p) (and (at ?p ?to) (not (at ?p ?from)))))))
  (:action put-in
    :parameters (?p - portable ?l - location)
    :precondition (and (at ?p ?l) (at case ?l) (not (in ?p)))
    :effect (in ?p))
  (:action take-out
    :parameters (?p - portable)
    :precondition (in ?p)
    :effect (not (in ?p)))
  ; Reads the pre-state: exactly one branch fires, so the light toggles.
  (:action toggle
    :parameters ()
    :effect (and (when (light-on) (not (light-on))) (when (not (light-on)) (light-on))))
  (:action check-all
    :parameters (?l - location)
    :precondition (or (forall (?d - document) (at ?d ?l)) (light-on))
    :effect (visited ?l)))
