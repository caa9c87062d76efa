//! The validity constraints of each domain (paper 000, "Validity Constraints"): which initial
//! states and goals a generalized plan must solve. They are read off the domain library's
//! generators (`crates/domains/src/generators`), which is where the paper takes them from too,
//! and every generated task must satisfy them (tested).
//!
//! Three groups, as in the paper: `ValidState` (constraints on any state, including invariants
//! such as Listing 11's `NutTightenedLooseExhaustive`), the extra constraints on initial states
//! (`ValidInit s := ValidState s /\ ...`) and the goal constraints (`ValidGoal s g`, which may
//! relate the goal to the initial state). Two constraints are added to every domain:
//! `ObjectsNoDup` (the object list has no repetition, so counts count objects) and
//! `GoalClosed` (the goal constrains atoms over listed objects only; the exporter guarantees it,
//! and it is the one constraint that no Boolean function over an instance can decide, since it
//! quantifies over all numbers).

use crate::expr::*;

/// One named constraint.
pub struct Constraint {
    /// The Coq/Lean definition name (`LinkAcyclic`).
    pub name: &'static str,
    pub expr: Expr,
}

/// The constraints of one domain.
pub struct Spec {
    /// The library name (`certplan generate NAME`).
    pub domain: &'static str,
    pub state: Vec<Constraint>,
    pub init: Vec<Constraint>,
    pub goal: Vec<Constraint>,
    /// What the constraints leave out (a precondition of solvability not expressed), said
    /// plainly; empty when they are the generator's promise in full.
    pub gaps: &'static str,
}

fn c(name: &'static str, expr: Expr) -> Constraint {
    Constraint { name, expr }
}

/// The domains that have validity constraints, in the paper's order where it has them.
pub const DOMAINS: &[&str] = &[
    "delivery",
    "ferry",
    "heavy",
    "miconic",
    "spanner",
    "blocksworld",
    "grippers",
    "hiking",
    "logistics",
    "rovers",
    "satellite",
    "transport",
    "goldminer",
];

/// The paper's 13 domains; those not in [`DOMAINS`] are missing from certplan's domain library.
pub const PAPER_DOMAINS: &[&str] = &[
    "delivery",
    "ferry",
    "heavy",
    "hiking",
    "miconic",
    "spanner",
    "blocksworld",
    "goldminer",
    "grippers",
    "logistics",
    "rovers",
    "satellite",
    "transport",
];

/// The constraints of a library domain, `None` for a domain without them.
pub fn spec(domain: &str) -> Option<Spec> {
    let s = match domain {
        "spanner" => spanner(),
        "miconic" => miconic(),
        "heavy" => heavy(),
        "ferry" => ferry(),
        "delivery" => delivery(),
        "blocksworld" => blocksworld(),
        "transport" => transport(),
        "satellite" => satellite(),
        "rovers" => rovers(),
        "grippers" => grippers(),
        "hiking" => hiking(),
        "logistics" => logistics(),
        "goldminer" => goldminer(),
        _ => return None,
    };
    Some(s)
}

/// For every `x` of type `ty`, exactly one of the counted alternatives holds.
fn one_of(ty: Field, parts: Vec<Nat>) -> Expr {
    let mut it = parts.into_iter();
    let first = it.next().unwrap_or(one(0));
    forall(0, ty, eq(it.fold(first, add), one(1)))
}

fn symmetric(f: Field) -> Expr {
    forall_obj(0, forall_obj(1, implies(holds(f, &[0, 1]), holds(f, &[1, 0]))))
}

/// The goal requires `f` to be true (never false) wherever it says anything.
fn goal_positive(f: Field, arity: usize) -> Expr {
    let vars: Vec<Var> = (0..arity as u8).collect();
    let mut e = not(Expr::GoalIs(f, vars.clone(), false));
    for v in vars.iter().rev() {
        e = forall_obj(*v, e);
    }
    e
}

/// The goal says something about `f args` only where the arguments have the given types.
fn goal_typed(f: Field, tys: &[Field]) -> Expr {
    let vars: Vec<Var> = (0..tys.len() as u8).collect();
    let body = and(tys.iter().zip(&vars).map(|(t, v)| holds(t, &[*v])).collect());
    let mut e = implies(not(Expr::GoalNone(f, vars.clone())), body);
    for v in vars.iter().rev() {
        e = forall_obj(*v, e);
    }
    e
}

fn no(f: Field, arity: usize) -> Expr {
    let vars: Vec<Var> = (0..arity as u8).collect();
    let mut e = not(holds(f, &vars));
    for v in vars.iter().rev() {
        e = forall_obj(*v, e);
    }
    e
}

fn spanner() -> Spec {
    let no_pred = |l: Var, m: Var| not(exists(m, "location_t", holds("link_p", &[m, l])));
    let no_succ = |l: Var, m: Var| not(exists(m, "location_t", holds("link_p", &[l, m])));
    Spec {
        domain: "spanner",
        state: vec![
            c("ValidLinkParam", typed("link_p", &["location_t", "location_t"])),
            c("ValidAtParam", typed("at_p", &["locatable_t", "location_t"])),
            c("ValidCarryingParam", typed("carrying_p", &["man_t", "spanner_t"])),
            c("LinkAcyclic", Expr::Acyclic("link_p", false)),
            c(
                "LinkPath",
                forall(
                    0,
                    "location_t",
                    and(vec![
                        at_most_one(0, 1, "location_t", "link_p", false),
                        at_most_one(0, 1, "location_t", "link_p", true),
                    ]),
                ),
            ),
            c("OneShed", eq(count(0, "location_t", no_pred(0, 1)), one(1))),
            c("OneMan", eq(objects_of("man_t"), one(1))),
            c("ManAtOneLocation", forall(0, "man_t", exactly_one(0, 1, "location_t", "at_p", false))),
            c("NutAtOneLocation", forall(0, "nut_t", exactly_one(0, 1, "location_t", "at_p", false))),
            c(
                "SpannerAtOnePlace",
                one_of(
                    "spanner_t",
                    vec![
                        count(1, "location_t", holds("at_p", &[0, 1])),
                        count(1, "man_t", holds("carrying_p", &[1, 0])),
                    ],
                ),
            ),
            c(
                "NutTightenedLooseExhaustive",
                one_of("nut_t", vec![ite(holds("tightened_p", &[0])), ite(holds("loose_p", &[0]))]),
            ),
            // PDDL gives each object one type (man, nut, spanner and location are leaves): without
            // this, a spanner that is also the man or a nut makes the task unsolvable (the man
            // would pick himself up), and no `solve` could be proved complete.
            c(
                "TypesDisjoint",
                and(vec![
                    forall(
                        0,
                        "man_t",
                        and(vec![
                            not(holds("spanner_t", &[0])),
                            not(holds("nut_t", &[0])),
                            not(holds("location_t", &[0])),
                        ]),
                    ),
                    forall(0, "spanner_t", and(vec![not(holds("nut_t", &[0])), not(holds("location_t", &[0]))])),
                    forall(0, "nut_t", not(holds("location_t", &[0]))),
                ]),
            ),
        ],
        init: vec![
            c("InitNutsLoose", forall(0, "nut_t", holds("loose_p", &[0]))),
            c("InitSpannersUsable", forall(0, "spanner_t", holds("usable_p", &[0]))),
            c("InitNothingCarried", no("carrying_p", 2)),
            c(
                "InitManAtShed",
                forall(0, "man_t", forall(1, "location_t", implies(holds("at_p", &[0, 1]), no_pred(1, 2)))),
            ),
            c(
                "InitNutsAtGate",
                forall(0, "nut_t", forall(1, "location_t", implies(holds("at_p", &[0, 1]), no_succ(1, 2)))),
            ),
            c("AtLeastAsManySpannersAsNuts", le(objects_of("nut_t"), objects_of("spanner_t"))),
        ],
        goal: vec![
            c("GoalAllNutsTightened", forall(0, "nut_t", Expr::GoalIs("tightened_p", vec![0], true))),
            c("GoalTightenedOnNuts", goal_typed("tightened_p", &["nut_t"])),
            c(
                "GoalOnlyTightened",
                and(vec![
                    goal_free("at_p", 2),
                    goal_free("carrying_p", 2),
                    goal_free("usable_p", 1),
                    goal_free("loose_p", 1),
                ]),
            ),
        ],
        gaps: "",
    }
}

fn miconic() -> Spec {
    let mut state = vec![
        c("ValidOriginParam", typed("origin_p", &["passenger_t", "floor_t"])),
        c("ValidDestinParam", typed("destin_p", &["passenger_t", "floor_t"])),
        c("ValidAboveParam", typed("above_p", &["floor_t", "floor_t"])),
        c("ValidLiftParam", typed("lift_at_p", &["floor_t"])),
        c("LiftAtOneFloor", eq(count(0, "floor_t", holds("lift_at_p", &[0])), one(1))),
        c("OneDestination", forall(0, "passenger_t", exactly_one(0, 1, "floor_t", "destin_p", false))),
        c(
            "PassengerWaitingBoardedOrServed",
            one_of(
                "passenger_t",
                vec![
                    count(1, "floor_t", holds("origin_p", &[0, 1])),
                    ite(holds("boarded_p", &[0])),
                    ite(holds("served_p", &[0])),
                ],
            ),
        ),
    ];
    for (n, e) in strict_total_order("above_p", Some("floor_t")) {
        state.push(c(
            match n {
                "Irreflexive" => "AboveIrreflexive",
                "Transitive" => "AboveTransitive",
                _ => "AboveTotal",
            },
            e,
        ));
    }
    Spec {
        domain: "miconic",
        state,
        init: vec![c("InitNobodyBoarded", no("boarded_p", 1)), c("InitNobodyServed", no("served_p", 1))],
        goal: vec![
            c("GoalAllServed", forall(0, "passenger_t", Expr::GoalIs("served_p", vec![0], true))),
            c("GoalServedOnPassengers", goal_typed("served_p", &["passenger_t"])),
            c(
                "GoalOnlyServed",
                and(vec![goal_free("origin_p", 2), goal_free("boarded_p", 1), goal_free("lift_at_p", 1)]),
            ),
        ],
        gaps: "",
    }
}

fn heavy() -> Spec {
    let mut state: Vec<Constraint> = strict_total_order("heavier_p", None)
        .into_iter()
        .map(|(n, e)| {
            c(
                match n {
                    "Irreflexive" => "HeavierIrreflexive",
                    "Transitive" => "HeavierTransitive",
                    _ => "HeavierTotal",
                },
                e,
            )
        })
        .collect();
    // An untyped domain: the export's `object_t` holds for every object (it is a precondition).
    state.push(c("AllObjectsTyped", forall_obj(0, holds("object_t", &[0]))));
    state.push(c(
        "PackedOrUnpacked",
        forall_obj(0, eq(add(ite(holds("packed_p", &[0])), ite(holds("unpacked_p", &[0]))), one(1))),
    ));
    state.push(c("TopIsPacked", forall_obj(0, implies(holds("nothing_above_p", &[0]), holds("packed_p", &[0])))));
    state.push(c("AtMostOneTop", le(count_obj(0, holds("nothing_above_p", &[0])), one(1))));
    state.push(c(
        "BoxEmptyIffNothingPacked",
        eq(add(ite(holds("box_empty_p", &[])), ite(Expr::Exists(0, None, Box::new(holds("packed_p", &[0]))))), one(1)),
    ));
    Spec {
        domain: "heavy",
        state,
        init: vec![
            c("InitBoxEmpty", holds("box_empty_p", &[])),
            c("InitAllUnpacked", forall_obj(0, holds("unpacked_p", &[0]))),
            c("InitNoTop", no("nothing_above_p", 1)),
        ],
        goal: vec![
            c("GoalAllPacked", forall_obj(0, Expr::GoalIs("packed_p", vec![0], true))),
            c("GoalOnlyPacked", and(vec![goal_free("unpacked_p", 1), goal_free("nothing_above_p", 1)])),
            c("GoalBoxFree", Expr::GoalNone("box_empty_p", vec![])),
        ],
        gaps: "",
    }
}

fn ferry() -> Spec {
    Spec {
        domain: "ferry",
        state: vec![
            c("ValidAtParam", typed("at_p", &["car_t", "location_t"])),
            c("ValidFerryParam", typed("at_ferry_p", &["location_t"])),
            c("ValidOnParam", typed("on_p", &["car_t"])),
            c("FerryAtOneLocation", eq(count(0, "location_t", holds("at_ferry_p", &[0])), one(1))),
            c(
                "CarAtOnePlace",
                one_of("car_t", vec![count(1, "location_t", holds("at_p", &[0, 1])), ite(holds("on_p", &[0]))]),
            ),
            c(
                "FerryEmptyOrOneCar",
                eq(add(ite(holds("empty_ferry_p", &[])), count(0, "car_t", holds("on_p", &[0]))), one(1)),
            ),
        ],
        init: vec![c("InitFerryEmpty", holds("empty_ferry_p", &[]))],
        goal: vec![
            c(
                "GoalEveryCarPlaced",
                forall(0, "car_t", eq(count(1, "location_t", Expr::GoalIs("at_p", vec![0, 1], true)), one(1))),
            ),
            c("GoalAtTyped", goal_typed("at_p", &["car_t", "location_t"])),
            c("GoalAtPositive", goal_positive("at_p", 2)),
            c(
                "GoalOnlyAt",
                and(vec![goal_free("at_ferry_p", 1), goal_free("on_p", 1), Expr::GoalNone("empty_ferry_p", vec![])]),
            ),
        ],
        gaps: "",
    }
}

fn delivery() -> Spec {
    Spec {
        domain: "delivery",
        state: vec![
            c("ValidAdjacentParam", typed("adjacent_p", &["cell_t", "cell_t"])),
            c("ValidAtParam", typed("at_p", &["locatable_t", "cell_t"])),
            c("ValidCarryingParam", typed("carrying_p", &["truck_t", "package_t"])),
            c("AdjacentSymmetric", symmetric("adjacent_p")),
            c("GridConnected", Expr::Connected("adjacent_p", "cell_t")),
            c("OneTruck", eq(objects_of("truck_t"), one(1))),
            // The PDDL types: a package that were the truck would move with it; the completeness
            // proof needs them apart.
            c("PackageNotTruck", forall(0, "package_t", not(holds("truck_t", &[0])))),
            c("TruckAtOneCell", forall(0, "truck_t", exactly_one(0, 1, "cell_t", "at_p", false))),
            c(
                "PackageAtOnePlace",
                one_of(
                    "package_t",
                    vec![count(1, "cell_t", holds("at_p", &[0, 1])), count(1, "truck_t", holds("carrying_p", &[1, 0]))],
                ),
            ),
            c(
                "TruckEmptyOrCarriesOne",
                one_of(
                    "truck_t",
                    vec![ite(holds("empty_p", &[0])), count(1, "package_t", holds("carrying_p", &[0, 1]))],
                ),
            ),
        ],
        init: vec![c("InitTrucksEmpty", forall(0, "truck_t", holds("empty_p", &[0])))],
        goal: vec![
            c(
                "GoalPackagesPlaced",
                forall(0, "package_t", le(count(1, "cell_t", Expr::GoalIs("at_p", vec![0, 1], true)), one(1))),
            ),
            c("GoalAtOnPackages", goal_typed("at_p", &["package_t", "cell_t"])),
            c("GoalAtPositive", goal_positive("at_p", 2)),
            c("GoalOnlyAt", and(vec![goal_free("carrying_p", 2), goal_free("empty_p", 1)])),
        ],
        gaps: "",
    }
}

fn blocksworld() -> Spec {
    Spec {
        domain: "blocksworld",
        state: vec![
            c(
                "BlockRestsOnce",
                forall_obj(
                    0,
                    eq(
                        add(
                            add(ite(holds("on_table_p", &[0])), ite(holds("holding_p", &[0]))),
                            count_obj(1, holds("on_p", &[0, 1])),
                        ),
                        one(1),
                    ),
                ),
            ),
            c(
                "BlockTopOnce",
                forall_obj(
                    0,
                    eq(
                        add(
                            add(ite(holds("clear_p", &[0])), ite(holds("holding_p", &[0]))),
                            count_obj(1, holds("on_p", &[1, 0])),
                        ),
                        one(1),
                    ),
                ),
            ),
            c(
                "ArmEmptyOrHoldsOne",
                eq(add(ite(holds("arm_empty_p", &[])), count_obj(0, holds("holding_p", &[0]))), one(1)),
            ),
            c("OnAcyclic", Expr::Acyclic("on_p", false)),
        ],
        init: vec![c("InitArmEmpty", holds("arm_empty_p", &[]))],
        goal: vec![
            c("GoalOnPositive", goal_positive("on_p", 2)),
            c("GoalOnTablePositive", goal_positive("on_table_p", 1)),
            c("GoalOneBelow", forall_obj(0, le(count_obj(1, Expr::GoalIs("on_p", vec![0, 1], true)), one(1)))),
            c("GoalOneAbove", forall_obj(0, le(count_obj(1, Expr::GoalIs("on_p", vec![1, 0], true)), one(1)))),
            c(
                "GoalTableOrOn",
                forall_obj(
                    0,
                    implies(
                        Expr::GoalIs("on_table_p", vec![0], true),
                        eq(count_obj(1, Expr::GoalIs("on_p", vec![0, 1], true)), one(0)),
                    ),
                ),
            ),
            c("GoalOnAcyclic", Expr::Acyclic("on_p", true)),
            c("GoalOnlyTowers", and(vec![goal_free("holding_p", 1), Expr::GoalNone("arm_empty_p", vec![])])),
        ],
        gaps: "the goal may name `clear` atoms; one that contradicts the goal towers makes the task unsolvable \
               (the generator never writes `clear` goals)",
    }
}

fn transport() -> Spec {
    Spec {
        domain: "transport",
        state: vec![
            c("ValidRoadParam", typed("road_p", &["location_t", "location_t"])),
            c("ValidAtParam", typed("at_p", &["locatable_t", "location_t"])),
            c("ValidInParam", typed("in_p", &["package_t", "vehicle_t"])),
            c("ValidCapacityParam", typed("capacity_p", &["vehicle_t", "capacity_number_t"])),
            c("ValidPredecessorParam", typed("capacity_predecessor_p", &["capacity_number_t", "capacity_number_t"])),
            c("RoadSymmetric", symmetric("road_p")),
            c("RoadConnected", Expr::Connected("road_p", "location_t")),
            c("PredecessorAcyclic", Expr::Acyclic("capacity_predecessor_p", false)),
            c(
                "PredecessorChain",
                forall(
                    0,
                    "capacity_number_t",
                    and(vec![
                        at_most_one(0, 1, "capacity_number_t", "capacity_predecessor_p", false),
                        at_most_one(0, 1, "capacity_number_t", "capacity_predecessor_p", true),
                    ]),
                ),
            ),
            c("VehicleAtOneLocation", forall(0, "vehicle_t", exactly_one(0, 1, "location_t", "at_p", false))),
            c(
                "VehicleOneCapacity",
                forall(0, "vehicle_t", exactly_one(0, 1, "capacity_number_t", "capacity_p", false)),
            ),
            c(
                "PackageAtOnePlace",
                one_of(
                    "package_t",
                    vec![count(1, "location_t", holds("at_p", &[0, 1])), count(1, "vehicle_t", holds("in_p", &[0, 1]))],
                ),
            ),
        ],
        init: vec![
            c("InitNothingLoaded", no("in_p", 2)),
            c(
                "InitCapacityAboveZero",
                forall(
                    0,
                    "vehicle_t",
                    forall(
                        1,
                        "capacity_number_t",
                        implies(
                            holds("capacity_p", &[0, 1]),
                            exists(2, "capacity_number_t", holds("capacity_predecessor_p", &[2, 1])),
                        ),
                    ),
                ),
            ),
        ],
        goal: vec![
            c(
                "GoalPackagesPlaced",
                forall(0, "package_t", le(count(1, "location_t", Expr::GoalIs("at_p", vec![0, 1], true)), one(1))),
            ),
            c("GoalAtOnPackages", goal_typed("at_p", &["package_t", "location_t"])),
            c("GoalAtPositive", goal_positive("at_p", 2)),
            c("GoalOnlyAt", and(vec![goal_free("in_p", 2), goal_free("capacity_p", 2)])),
        ],
        gaps: "the link between a vehicle's capacity level and its load (level = initial capacity - packages in it) \
               is not stated as an invariant",
    }
}

fn satellite() -> Spec {
    Spec {
        domain: "satellite",
        state: vec![
            c("ValidOnBoardParam", typed("on_board_p", &["instrument_t", "satellite_t"])),
            c("ValidSupportsParam", typed("supports_p", &["instrument_t", "mode_t"])),
            c("ValidPointingParam", typed("pointing_p", &["satellite_t", "direction_t"])),
            c("ValidTargetParam", typed("calibration_target_p", &["instrument_t", "direction_t"])),
            c("PointingOnce", forall(0, "satellite_t", exactly_one(0, 1, "direction_t", "pointing_p", false))),
            c(
                "InstrumentOnOneSatellite",
                forall(0, "instrument_t", exactly_one(0, 1, "satellite_t", "on_board_p", false)),
            ),
            c(
                "InstrumentHasTarget",
                forall(0, "instrument_t", exists(1, "direction_t", holds("calibration_target_p", &[0, 1]))),
            ),
            c(
                "PowerAvailableOrOneOn",
                one_of(
                    "satellite_t",
                    vec![
                        ite(holds("power_avail_p", &[0])),
                        count(1, "instrument_t", and(vec![holds("on_board_p", &[1, 0]), holds("power_on_p", &[1])])),
                    ],
                ),
            ),
            c(
                "CalibratedIsOn",
                forall(0, "instrument_t", implies(holds("calibrated_p", &[0]), holds("power_on_p", &[0]))),
            ),
        ],
        init: vec![
            c("InitPowerAvailable", forall(0, "satellite_t", holds("power_avail_p", &[0]))),
            c("InitNothingOn", no("power_on_p", 1)),
        ],
        goal: vec![
            c(
                "GoalImagesSupported",
                forall(
                    0,
                    "direction_t",
                    forall(
                        1,
                        "mode_t",
                        implies(
                            Expr::GoalIs("have_image_p", vec![0, 1], true),
                            exists(2, "instrument_t", holds("supports_p", &[2, 1])),
                        ),
                    ),
                ),
            ),
            c("GoalImageTyped", goal_typed("have_image_p", &["direction_t", "mode_t"])),
            c("GoalImagePositive", goal_positive("have_image_p", 2)),
            c(
                "GoalPointingOnce",
                forall(
                    0,
                    "satellite_t",
                    le(count(1, "direction_t", Expr::GoalIs("pointing_p", vec![0, 1], true)), one(1)),
                ),
            ),
            c("GoalPointingTyped", goal_typed("pointing_p", &["satellite_t", "direction_t"])),
            c("GoalPointingPositive", goal_positive("pointing_p", 2)),
            c(
                "GoalOnlyImagesAndPointing",
                and(vec![goal_free("power_avail_p", 1), goal_free("power_on_p", 1), goal_free("calibrated_p", 1)]),
            ),
        ],
        gaps: "",
    }
}

fn rovers() -> Spec {
    Spec {
        domain: "rovers",
        state: vec![
            c("ValidAtParam", typed("at_p", &["rover_t", "waypoint_t"])),
            c("ValidStoreOfParam", typed("store_of_p", &["store_t", "rover_t"])),
            c("ValidOnBoardParam", typed("on_board_p", &["camera_t", "rover_t"])),
            c("RoverAtOneWaypoint", forall(0, "rover_t", exactly_one(0, 1, "waypoint_t", "at_p", false))),
            c("StoreOfOneRover", forall(0, "store_t", exactly_one(0, 1, "rover_t", "store_of_p", false))),
            c("StoreEmptyOrFull", one_of("store_t", vec![ite(holds("empty_p", &[0])), ite(holds("full_p", &[0]))])),
            c("VisibleSymmetric", symmetric("visible_p")),
            c("LanderSomewhere", forall(0, "lander_t", exactly_one(0, 1, "waypoint_t", "at_lander_p", false))),
        ],
        init: vec![
            c("InitStoresEmpty", forall(0, "store_t", holds("empty_p", &[0]))),
            c("InitNoSoilData", no("have_soil_analysis_p", 2)),
            c("InitNoRockData", no("have_rock_analysis_p", 2)),
        ],
        goal: vec![
            c("GoalSoilPositive", goal_positive("communicated_soil_data_p", 1)),
            c("GoalRockPositive", goal_positive("communicated_rock_data_p", 1)),
            c("GoalImagePositive", goal_positive("communicated_image_data_p", 2)),
            c(
                "GoalSoilSampled",
                forall(
                    0,
                    "waypoint_t",
                    implies(Expr::GoalIs("communicated_soil_data_p", vec![0], true), holds("at_soil_sample_p", &[0])),
                ),
            ),
            c(
                "GoalRockSampled",
                forall(
                    0,
                    "waypoint_t",
                    implies(Expr::GoalIs("communicated_rock_data_p", vec![0], true), holds("at_rock_sample_p", &[0])),
                ),
            ),
        ],
        gaps: "partial: reachability of samples and objectives by an equipped rover on its traverse graph, a lander \
               visible from a reachable waypoint, and the data/communication invariants are not stated",
    }
}

fn grippers() -> Spec {
    let carried = |b: Var, r: Var, g: Var| exists(g, "gripper_t", holds("carry_p", &[r, b, g]));
    Spec {
        domain: "grippers",
        state: vec![
            c("ValidAtRobbyParam", typed("at_robby_p", &["robot_t", "room_t"])),
            c("ValidAtParam", typed("at_p", &["ball_t", "room_t"])),
            c("ValidFreeParam", typed("free_p", &["robot_t", "gripper_t"])),
            c("ValidCarryParam", typed("carry_p", &["robot_t", "ball_t", "gripper_t"])),
            c("AtLeastOneRobot", le(one(1), objects_of("robot_t"))),
            c("RobotAtOneRoom", forall(0, "robot_t", exactly_one(0, 1, "room_t", "at_robby_p", false))),
            c(
                "BallPlacedOnce",
                one_of(
                    "ball_t",
                    vec![count(1, "room_t", holds("at_p", &[0, 1])), count(1, "robot_t", carried(0, 1, 2))],
                ),
            ),
            c(
                "BallInOneGripper",
                forall(
                    0,
                    "ball_t",
                    forall(1, "robot_t", le(count(2, "gripper_t", holds("carry_p", &[1, 0, 2])), one(1))),
                ),
            ),
            c(
                "GripperOwnedOnce",
                forall(
                    0,
                    "gripper_t",
                    eq(
                        count(
                            1,
                            "robot_t",
                            or(vec![holds("free_p", &[1, 0]), exists(2, "ball_t", holds("carry_p", &[1, 2, 0]))]),
                        ),
                        one(1),
                    ),
                ),
            ),
            c(
                "GripperFreeOrHoldsOne",
                forall(
                    0,
                    "robot_t",
                    forall(
                        1,
                        "gripper_t",
                        le(
                            add(ite(holds("free_p", &[0, 1])), count(2, "ball_t", holds("carry_p", &[0, 2, 1]))),
                            one(1),
                        ),
                    ),
                ),
            ),
        ],
        init: vec![
            c("InitNothingCarried", no("carry_p", 3)),
            c("InitRobotHasFreeGripper", forall(0, "robot_t", exists(1, "gripper_t", holds("free_p", &[0, 1])))),
        ],
        goal: vec![
            c(
                "GoalBallsPlaced",
                forall(0, "ball_t", le(count(1, "room_t", Expr::GoalIs("at_p", vec![0, 1], true)), one(1))),
            ),
            c("GoalAtOnBalls", goal_typed("at_p", &["ball_t", "room_t"])),
            c("GoalAtPositive", goal_positive("at_p", 2)),
            c("GoalOnlyAt", and(vec![goal_free("at_robby_p", 2), goal_free("free_p", 2), goal_free("carry_p", 3)])),
        ],
        gaps: "",
    }
}

fn logistics() -> Spec {
    Spec {
        domain: "logistics",
        state: vec![
            c("ValidInCityParam", typed("in_city_p", &["place_t", "city_t"])),
            c("ValidAtParam", typed("at_p", &["physobj_t", "place_t"])),
            c("ValidInParam", typed("in_p", &["package_t", "vehicle_t"])),
            c("PlaceInOneCity", forall(0, "place_t", exactly_one(0, 1, "city_t", "in_city_p", false))),
            c("CityHasOneAirport", forall(0, "city_t", eq(count(1, "airport_t", holds("in_city_p", &[1, 0])), one(1)))),
            c(
                "CityHasTruck",
                forall(
                    0,
                    "city_t",
                    exists(
                        1,
                        "truck_t",
                        exists(2, "place_t", and(vec![holds("at_p", &[1, 2]), holds("in_city_p", &[2, 0])])),
                    ),
                ),
            ),
            c(
                "AirplaneIfSeveralCities",
                or(vec![le(objects_of("city_t"), one(1)), le(one(1), objects_of("airplane_t"))]),
            ),
            c("VehicleAtOnePlace", forall(0, "vehicle_t", exactly_one(0, 1, "place_t", "at_p", false))),
            c(
                "AirplanesAtAirports",
                forall(
                    0,
                    "airplane_t",
                    forall(1, "place_t", implies(holds("at_p", &[0, 1]), holds("airport_t", &[1]))),
                ),
            ),
            // The PDDL type hierarchy (trucks and airplanes are vehicles, packages are not): a
            // package that is also a vehicle, or a truck that is also an airplane, would move
            // with the vehicle; the completeness proof needs them apart.
            c(
                "VehicleTypes",
                and(vec![
                    forall(0, "truck_t", holds("vehicle_t", &[0])),
                    forall(0, "airplane_t", holds("vehicle_t", &[0])),
                ]),
            ),
            c(
                "TypesDisjoint",
                and(vec![
                    forall(0, "package_t", not(holds("vehicle_t", &[0]))),
                    forall(0, "truck_t", not(holds("airplane_t", &[0]))),
                ]),
            ),
            c(
                "PackagePlacedOnce",
                one_of(
                    "package_t",
                    vec![count(1, "place_t", holds("at_p", &[0, 1])), count(1, "vehicle_t", holds("in_p", &[0, 1]))],
                ),
            ),
        ],
        init: vec![c("InitNothingLoaded", no("in_p", 2))],
        goal: vec![
            c(
                "GoalPackagesPlaced",
                forall(0, "package_t", le(count(1, "place_t", Expr::GoalIs("at_p", vec![0, 1], true)), one(1))),
            ),
            c("GoalAtOnPackages", goal_typed("at_p", &["package_t", "place_t"])),
            c("GoalAtPositive", goal_positive("at_p", 2)),
            c("GoalOnlyAt", goal_free("in_p", 2)),
        ],
        gaps: "",
    }
}

fn hiking() -> Spec {
    let has_succ = |l: Var, m: Var| exists(m, "loc_t", holds("ontrail_p", &[l, m]));
    let has_pred = |l: Var, m: Var| exists(m, "loc_t", holds("ontrail_p", &[m, l]));
    Spec {
        domain: "hiking",
        state: vec![
            c("ValidAdjacentParam", typed("adjacent_p", &["loc_t", "loc_t"])),
            c("ValidTrailParam", typed("ontrail_p", &["loc_t", "loc_t"])),
            c("ValidAtParam", typed("at_p", &["loc_t"])),
            c("AtOneLocation", eq(count(0, "loc_t", holds("at_p", &[0])), one(1))),
            c("AdjacentSymmetric", symmetric("adjacent_p")),
            c(
                "TrailAdjacent",
                forall_obj(0, forall_obj(1, implies(holds("ontrail_p", &[0, 1]), holds("adjacent_p", &[0, 1])))),
            ),
            c(
                "TrailNotWater",
                forall_obj(
                    0,
                    forall_obj(
                        1,
                        implies(
                            holds("ontrail_p", &[0, 1]),
                            and(vec![not(holds("iswater_p", &[0])), not(holds("iswater_p", &[1]))]),
                        ),
                    ),
                ),
            ),
            c("TrailAcyclic", Expr::Acyclic("ontrail_p", false)),
            c(
                "TrailPath",
                forall(
                    0,
                    "loc_t",
                    and(vec![
                        at_most_one(0, 1, "loc_t", "ontrail_p", false),
                        at_most_one(0, 1, "loc_t", "ontrail_p", true),
                    ]),
                ),
            ),
        ],
        init: vec![c(
            "InitAtTrailStart",
            and(vec![
                forall(0, "loc_t", implies(holds("at_p", &[0]), not(has_pred(0, 1)))),
                forall(0, "loc_t", implies(and(vec![has_succ(0, 1), not(has_pred(0, 2))]), holds("at_p", &[0]))),
            ]),
        )],
        goal: vec![
            c("GoalOneLocation", eq(count(0, "loc_t", Expr::GoalIs("at_p", vec![0], true)), one(1))),
            c("GoalAtPositive", goal_positive("at_p", 1)),
            // Without it a goal `at x` for an object `x` that is no location would be allowed,
            // and no plan reaches it (`at` holds of locations only): the completeness proof needs it.
            c("GoalAtTyped", goal_typed("at_p", &["loc_t"])),
            c(
                "GoalAtTrailEnd",
                forall(
                    0,
                    "loc_t",
                    implies(
                        Expr::GoalIs("at_p", vec![0], true),
                        and(vec![not(has_succ(0, 1)), or(vec![has_pred(0, 2), holds("at_p", &[0])])]),
                    ),
                ),
            ),
        ],
        gaps: "",
    }
}

/// Gold Miner (IPC 2008 learning track). The generator keeps the robot, the laser and the bomb
/// supply in one clear region and the gold under soft rock; the constraints state what makes that
/// solvable in general: the laser and some bomb cell are reachable from the robot over clear cells,
/// the grid is connected (the laser clears a way anywhere), and no gold lies under hard rock (only
/// the laser clears that, and it destroys the gold).
fn goldminer() -> Spec {
    let clear_way = |a: Var, b: Var| Expr::Reach("connected_p", "clear_p", a, b);
    Spec {
        domain: "goldminer",
        state: vec![
            c("AllObjectsCells", forall_obj(0, holds("loc_t", &[0]))),
            c("ConnectedSymmetric", symmetric("connected_p")),
            c("GridConnected", Expr::Connected("connected_p", "loc_t")),
            c("RobotAtOneCell", eq(count(0, "loc_t", holds("robot_at_p", &[0])), one(1))),
            c("RobotOnClearCell", forall(0, "loc_t", implies(holds("robot_at_p", &[0]), holds("clear_p", &[0])))),
            c(
                "CellClearSoftOrHard",
                one_of(
                    "loc_t",
                    vec![
                        ite(holds("clear_p", &[0])),
                        ite(holds("soft_rock_at_p", &[0])),
                        ite(holds("hard_rock_at_p", &[0])),
                    ],
                ),
            ),
            c(
                "HandHoldsOneThing",
                eq(
                    add(
                        add(ite(holds("arm_empty_p", &[])), ite(holds("holds_bomb_p", &[]))),
                        add(ite(holds("holds_laser_p", &[])), ite(holds("holds_gold_p", &[]))),
                    ),
                    one(1),
                ),
            ),
            c(
                "OneLaser",
                eq(add(count(0, "loc_t", holds("laser_at_p", &[0])), ite(holds("holds_laser_p", &[]))), one(1)),
            ),
            c(
                "ToolsOnClearCells",
                forall(
                    0,
                    "loc_t",
                    implies(or(vec![holds("laser_at_p", &[0]), holds("bomb_at_p", &[0])]), holds("clear_p", &[0])),
                ),
            ),
            c(
                "NoGoldUnderHardRock",
                forall(0, "loc_t", implies(holds("gold_at_p", &[0]), not(holds("hard_rock_at_p", &[0])))),
            ),
        ],
        init: vec![
            c("InitArmEmpty", holds("arm_empty_p", &[])),
            c("InitGoldSomewhere", exists(0, "loc_t", holds("gold_at_p", &[0]))),
            c(
                "InitLaserReachable",
                forall(
                    0,
                    "loc_t",
                    forall(
                        1,
                        "loc_t",
                        implies(and(vec![holds("robot_at_p", &[0]), holds("laser_at_p", &[1])]), clear_way(0, 1)),
                    ),
                ),
            ),
            c(
                "InitBombReachable",
                forall(
                    0,
                    "loc_t",
                    implies(
                        holds("robot_at_p", &[0]),
                        exists(1, "loc_t", and(vec![holds("bomb_at_p", &[1]), clear_way(0, 1)])),
                    ),
                ),
            ),
        ],
        goal: vec![
            c("GoalHoldsGold", Expr::GoalIs("holds_gold_p", vec![], true)),
            c(
                "GoalOnlyGold",
                and(vec![
                    goal_free("robot_at_p", 1),
                    goal_free("laser_at_p", 1),
                    goal_free("soft_rock_at_p", 1),
                    goal_free("hard_rock_at_p", 1),
                    goal_free("gold_at_p", 1),
                    goal_free("clear_p", 1),
                    Expr::GoalNone("arm_empty_p", vec![]),
                    Expr::GoalNone("holds_bomb_p", vec![]),
                    Expr::GoalNone("holds_laser_p", vec![]),
                ]),
            ),
        ],
        gaps: "",
    }
}
