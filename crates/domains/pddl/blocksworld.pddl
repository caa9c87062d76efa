; Blocksworld with one arm (IPC 2023 learning track semantics): four operators, untyped blocks.
(define (domain blocksworld)
  (:requirements :strips)
  (:predicates
    (clear ?b) (on-table ?b) (arm-empty) (holding ?b) (on ?b ?under))

  (:action pickup
    :parameters (?b)
    :precondition (and (clear ?b) (on-table ?b) (arm-empty))
    :effect (and (holding ?b) (not (clear ?b)) (not (on-table ?b)) (not (arm-empty))))

  (:action putdown
    :parameters (?b)
    :precondition (holding ?b)
    :effect (and (clear ?b) (arm-empty) (on-table ?b) (not (holding ?b))))

  (:action stack
    :parameters (?b ?under)
    :precondition (and (clear ?under) (holding ?b))
    :effect (and (arm-empty) (clear ?b) (on ?b ?under) (not (clear ?under)) (not (holding ?b))))

  (:action unstack
    :parameters (?b ?under)
    :precondition (and (on ?b ?under) (clear ?b) (arm-empty))
    :effect (and (holding ?b) (clear ?under) (not (on ?b ?under)) (not (clear ?b)) (not (arm-empty)))))
