; Rovers (IPC 2002, STRIPS version): rovers navigate between waypoints, sample soil and rock, take
; images and send the data to the lander from a waypoint that can see it.
(define (domain rover)
  (:requirements :strips :typing)
  (:types rover waypoint store camera mode lander objective)
  (:predicates
    (at ?r - rover ?w - waypoint)
    (at_lander ?l - lander ?w - waypoint)
    (can_traverse ?r - rover ?from ?to - waypoint)
    (equipped_for_soil_analysis ?r - rover)
    (equipped_for_rock_analysis ?r - rover)
    (equipped_for_imaging ?r - rover)
    (empty ?s - store)
    (have_rock_analysis ?r - rover ?w - waypoint)
    (have_soil_analysis ?r - rover ?w - waypoint)
    (full ?s - store)
    (calibrated ?c - camera ?r - rover)
    (supports ?c - camera ?m - mode)
    (visible ?from ?to - waypoint)
    (have_image ?r - rover ?o - objective ?m - mode)
    (communicated_soil_data ?w - waypoint)
    (communicated_rock_data ?w - waypoint)
    (communicated_image_data ?o - objective ?m - mode)
    (at_soil_sample ?w - waypoint)
    (at_rock_sample ?w - waypoint)
    (visible_from ?o - objective ?w - waypoint)
    (store_of ?s - store ?r - rover)
    (calibration_target ?c - camera ?o - objective)
    (on_board ?c - camera ?r - rover))

  (:action navigate
    :parameters (?r - rover ?from ?to - waypoint)
    :precondition (and (can_traverse ?r ?from ?to) (at ?r ?from) (visible ?from ?to))
    :effect (and (not (at ?r ?from)) (at ?r ?to)))

  (:action sample_soil
    :parameters (?r - rover ?s - store ?w - waypoint)
    :precondition (and (at ?r ?w) (at_soil_sample ?w) (equipped_for_soil_analysis ?r)
                       (store_of ?s ?r) (empty ?s))
    :effect (and (not (empty ?s)) (full ?s) (have_soil_analysis ?r ?w) (not (at_soil_sample ?w))))

  (:action sample_rock
    :parameters (?r - rover ?s - store ?w - waypoint)
    :precondition (and (at ?r ?w) (at_rock_sample ?w) (equipped_for_rock_analysis ?r)
                       (store_of ?s ?r) (empty ?s))
    :effect (and (not (empty ?s)) (full ?s) (have_rock_analysis ?r ?w) (not (at_rock_sample ?w))))

  (:action drop
    :parameters (?r - rover ?s - store)
    :precondition (and (store_of ?s ?r) (full ?s))
    :effect (and (not (full ?s)) (empty ?s)))

  (:action calibrate
    :parameters (?r - rover ?c - camera ?o - objective ?w - waypoint)
    :precondition (and (equipped_for_imaging ?r) (calibration_target ?c ?o) (at ?r ?w)
                       (visible_from ?o ?w) (on_board ?c ?r))
    :effect (calibrated ?c ?r))

  (:action take_image
    :parameters (?r - rover ?w - waypoint ?o - objective ?c - camera ?m - mode)
    :precondition (and (calibrated ?c ?r) (on_board ?c ?r) (equipped_for_imaging ?r)
                       (supports ?c ?m) (visible_from ?o ?w) (at ?r ?w))
    :effect (and (have_image ?r ?o ?m) (not (calibrated ?c ?r))))

  (:action communicate_soil_data
    :parameters (?r - rover ?l - lander ?sample ?from ?to - waypoint)
    :precondition (and (at ?r ?from) (at_lander ?l ?to) (have_soil_analysis ?r ?sample)
                       (visible ?from ?to))
    :effect (communicated_soil_data ?sample))

  (:action communicate_rock_data
    :parameters (?r - rover ?l - lander ?sample ?from ?to - waypoint)
    :precondition (and (at ?r ?from) (at_lander ?l ?to) (have_rock_analysis ?r ?sample)
                       (visible ?from ?to))
    :effect (communicated_rock_data ?sample))

  (:action communicate_image_data
    :parameters (?r - rover ?l - lander ?o - objective ?m - mode ?from ?to - waypoint)
    :precondition (and (at ?r ?from) (at_lander ?l ?to) (have_image ?r ?o ?m) (visible ?from ?to))
    :effect (communicated_image_data ?o ?m)))
