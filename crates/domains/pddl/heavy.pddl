; Heavy (heavy-pack, generalized planning): pack every item into one box, never putting an item
; on top of a lighter one. `(heavier ?a ?b)`: ?a may carry ?b.
(define (domain heavy-pack)
  (:predicates
    (heavier ?lower ?upper) (packed ?i) (unpacked ?i) (nothing-above ?i) (box-empty))

  (:action pack-first
    :parameters (?i)
    :precondition (box-empty)
    :effect (and (not (box-empty)) (packed ?i) (nothing-above ?i) (not (unpacked ?i))))

  (:action stack
    :parameters (?lower ?upper)
    :precondition (and (packed ?lower) (nothing-above ?lower) (heavier ?lower ?upper) (unpacked ?upper))
    :effect (and (packed ?upper) (nothing-above ?upper) (not (nothing-above ?lower))
                 (not (unpacked ?upper)))))
