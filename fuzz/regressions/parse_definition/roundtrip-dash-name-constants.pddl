(define (domain d) (:types t) (:constants a - t -b - t))
