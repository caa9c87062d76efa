; briefcase-adl: a briefcase carries documents and keys between places (ADL: quantifiers, disjunction, conditional and universal effects, equality, constants, either types)
(define (domain briefcase-adl)
  (:requirements :strips :typing :negative-preconditions :disjunctive-preconditions
                 :equality :quantified-preconditions :conditional-effects)
  (:types
    location thing - object
    container portable - thing
    document key - portable)

  (:constants
    case - container
    home - location)

  (:predicates
    (at ?x - (either container portable) ?l - location)
    (in ?p - portable)
    (road ?from - location ?to - location)
    (locked ?l - location)
    (opens ?k - key ?l - location)
    (target ?d - document ?l - location)
    (done))

  ; moving the case moves everything inside it (universal conditional effect);
  ; home is always accessible, other places need to be unlocked or a matching key in the case
  (:action move
    :parameters (?from - location ?to - location)
    :precondition (and (at case ?from)
                       (not (= ?from ?to))
                       (or (road ?from ?to) (road ?to ?from))
                       (or (= ?to home)
                           (not (locked ?to))
                           (exists (?k - key) (and (in ?k) (opens ?k ?to)))))
    :effect (and (not (at case ?from))
                 (at case ?to)
                 (forall (?p - portable)
                   (when (in ?p)
                     (and (not (at ?p ?from)) (at ?p ?to))))))

  (:action put-in
    :parameters (?p - portable ?l - location)
    :precondition (and (at ?p ?l) (at case ?l) (not (in ?p)))
    :effect (in ?p))

  (:action take-out
    :parameters (?p - portable)
    :precondition (in ?p)
    :effect (not (in ?p)))

  ; finish at home once every document lies, unpacked, at its target; then lock every other place
  (:action finish
    :parameters ()
    :precondition (and (at case home)
                       (not (done))
                       (forall (?d - document)
                         (and (not (in ?d))
                              (exists (?l - location) (and (at ?d ?l) (target ?d ?l))))))
    :effect (and (done)
                 (forall (?l - location)
                   (when (not (= ?l home)) (locked ?l)))))
)
