(define (problem r) (:domain g) (:objects y - place -y - place))
