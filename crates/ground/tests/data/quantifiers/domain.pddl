; `forall` and `exists` in preconditions, a universal conditional effect: forall is expanded over
; the objects, exists becomes a rule variable, the effect a conditional effect per object.
(define (domain lights)
  (:requirements :adl)
  (:types lamp switch)
  (:predicates (on ?l - lamp) (wired ?s - switch ?l - lamp) (pressed ?s - switch) (all-on) (some-on))
  (:action press
    :parameters (?s - switch)
    :precondition (not (pressed ?s))
    :effect (and (pressed ?s) (forall (?l - lamp) (when (wired ?s ?l) (on ?l)))))
  (:action check-all
    :parameters ()
    :precondition (forall (?l - lamp) (on ?l))
    :effect (all-on))
  (:action check-some
    :parameters ()
    :precondition (exists (?l - lamp) (on ?l))
    :effect (some-on)))
