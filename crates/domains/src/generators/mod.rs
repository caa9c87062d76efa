//! The generators and the table of library domains.
//!
//! Sizes of the IPC 2023 learning-track schedules come from the public benchmark set's generator
//! settings (`../shared/benchmarks/MANIFEST.md` and the `;;` header of every public problem):
//! training and testing-easy share one range, medium and hard are larger. Each generator's
//! structure follows the public instances (object names, which facts, which goals); the comments on
//! each generator say what it promises about solvability.

mod genplan;
mod ipc;
mod paper002;

use crate::{Domain, ParamSpec, Params, Rng, Split};
use std::fmt;

pub type Generator = fn(&Params, &mut Rng, &str) -> Result<String, GenError>;

/// A parameter combination the generator cannot honour (for example fewer spanners than nuts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenError(pub String);

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GenError {}

const fn p(name: &'static str, min: u32, max: u32, default: u32, doc: &'static str) -> ParamSpec {
    ParamSpec { name, doc, min, max, default }
}

const fn split(name: &'static str, ranges: &'static [(&'static str, u32, u32)]) -> Split {
    Split { name, ranges }
}

/// The upper bounds on parameters keep a mistyped size from filling the disk; they are far above
/// the IPC 2023 hard tier.
pub static LIBRARY: &[Domain] = &[
    Domain {
        name: "blocksworld",
        summary: "IPC 2023 learning: blocks in random towers, goal another random set of towers",
        pddl: include_str!("../../pddl/blocksworld.pddl"),
        public: Some("ipc2023-learning/blocksworld"),
        params: &[p("blocks", 1, 5000, 5, "number of blocks")],
        splits: &[
            split("training", &[("blocks", 5, 30)]),
            split("easy", &[("blocks", 5, 30)]),
            split("medium", &[("blocks", 35, 150)]),
            split("hard", &[("blocks", 160, 500)]),
        ],
        generator: ipc::blocksworld,
    },
    Domain {
        name: "childsnack",
        summary: "IPC 2023 learning: serve every child a sandwich, gluten-free ones to allergic children",
        pddl: include_str!("../../pddl/childsnack.pddl"),
        public: Some("ipc2023-learning/childsnack"),
        params: &[
            p("children", 1, 5000, 4, "children (also the number of bread and content portions)"),
            p(
                "allergic",
                0,
                5000,
                1,
                "allergic children (at most `children`); as many gluten-free breads and contents",
            ),
            p("trays", 1, 1000, 1, "trays, all in the kitchen"),
            p("sandwiches", 1, 10000, 4, "sandwich names (at least `children`)"),
            p("tables", 1, 100, 3, "tables the children wait at"),
        ],
        splits: &[
            split("training", &[("children", 4, 10), ("allergic", 0, 6), ("trays", 1, 3), ("sandwiches", 4, 15)]),
            split("easy", &[("children", 4, 10), ("allergic", 0, 6), ("trays", 1, 3), ("sandwiches", 4, 15)]),
            split("medium", &[("children", 15, 40), ("allergic", 15, 25), ("trays", 2, 5), ("sandwiches", 15, 59)]),
            split("hard", &[("children", 50, 300), ("allergic", 50, 150), ("trays", 4, 10), ("sandwiches", 50, 450)]),
        ],
        generator: ipc::childsnack,
    },
    Domain {
        name: "ferry",
        summary: "IPC 2023 learning: cars at random locations, each to a random other location",
        pddl: include_str!("../../pddl/ferry.pddl"),
        public: Some("ipc2023-learning/ferry"),
        params: &[p("cars", 1, 5000, 2, "cars"), p("locations", 2, 5000, 5, "locations")],
        splits: &[
            split("training", &[("cars", 1, 20), ("locations", 5, 15)]),
            split("easy", &[("cars", 1, 20), ("locations", 5, 15)]),
            split("medium", &[("cars", 10, 100), ("locations", 20, 50)]),
            split("hard", &[("cars", 200, 1000), ("locations", 100, 500)]),
        ],
        generator: ipc::ferry,
    },
    Domain {
        name: "floortile",
        summary: "IPC 2023 learning: paint rows 1..rows in a checkerboard; row 0 is free space",
        pddl: include_str!("../../pddl/floortile.pddl"),
        public: Some("ipc2023-learning/floortile"),
        params: &[
            p("rows", 1, 200, 3, "rows to paint (tiles have rows 0..rows)"),
            p("columns", 1, 200, 3, "columns"),
            p("robots", 1, 500, 1, "robots, on distinct random tiles"),
        ],
        splits: &[
            split("training", &[("rows", 3, 5), ("columns", 3, 6), ("robots", 1, 3)]),
            split("easy", &[("rows", 3, 5), ("columns", 3, 6), ("robots", 1, 3)]),
            split("medium", &[("rows", 10, 19), ("columns", 10, 13), ("robots", 4, 15)]),
            split("hard", &[("rows", 25, 35), ("columns", 25, 35), ("robots", 15, 35)]),
        ],
        generator: ipc::floortile,
    },
    Domain {
        name: "miconic",
        summary: "IPC 2023 learning: passengers with random distinct origin and destination floors",
        pddl: include_str!("../../pddl/miconic.pddl"),
        public: Some("ipc2023-learning/miconic"),
        params: &[p("passengers", 1, 5000, 1, "passengers"), p("floors", 2, 2000, 4, "floors")],
        splits: &[
            split("training", &[("passengers", 1, 10), ("floors", 4, 20)]),
            split("easy", &[("passengers", 1, 10), ("floors", 4, 20)]),
            split("medium", &[("passengers", 20, 80), ("floors", 30, 60)]),
            split("hard", &[("passengers", 50, 500), ("floors", 80, 200)]),
        ],
        generator: ipc::miconic,
    },
    Domain {
        name: "rovers",
        summary: "IPC 2023 learning: rovers on a connected waypoint graph; soil, rock and image goals",
        pddl: include_str!("../../pddl/rovers.pddl"),
        public: Some("ipc2023-learning/rovers"),
        params: &[
            p("rovers", 1, 500, 1, "rovers (each with a store)"),
            p("waypoints", 2, 2000, 4, "waypoints"),
            p("cameras", 1, 2000, 1, "cameras, on imaging rovers"),
            p("objectives", 1, 2000, 1, "objectives"),
        ],
        splits: &[
            split("training", &[("rovers", 1, 4), ("waypoints", 4, 10), ("cameras", 1, 4), ("objectives", 1, 10)]),
            split("easy", &[("rovers", 1, 4), ("waypoints", 4, 10), ("cameras", 1, 4), ("objectives", 1, 10)]),
            split("medium", &[("rovers", 5, 10), ("waypoints", 15, 90), ("cameras", 5, 50), ("objectives", 15, 80)]),
            split(
                "hard",
                &[("rovers", 15, 30), ("waypoints", 100, 200), ("cameras", 15, 100), ("objectives", 100, 200)],
            ),
        ],
        generator: ipc::rovers,
    },
    Domain {
        name: "satellite",
        summary: "IPC 2023 learning: image goals in supported modes, some final pointing goals",
        pddl: include_str!("../../pddl/satellite.pddl"),
        public: Some("ipc2023-learning/satellite"),
        params: &[
            p("satellites", 1, 1000, 3, "satellites"),
            p("instruments", 1, 5000, 3, "instruments (at least `satellites`: one per satellite first)"),
            p("modes", 1, 100, 1, "modes"),
            p("directions", 1, 2000, 4, "directions"),
        ],
        splits: &[
            split("training", &[("satellites", 3, 10), ("instruments", 3, 20), ("modes", 1, 3), ("directions", 4, 10)]),
            split("easy", &[("satellites", 3, 10), ("instruments", 3, 20), ("modes", 1, 3), ("directions", 4, 10)]),
            split(
                "medium",
                &[("satellites", 15, 40), ("instruments", 15, 80), ("modes", 3, 5), ("directions", 15, 30)],
            ),
            split(
                "hard",
                &[("satellites", 50, 100), ("instruments", 50, 200), ("modes", 5, 10), ("directions", 40, 100)],
            ),
        ],
        generator: ipc::satellite,
    },
    Domain {
        name: "sokoban",
        summary: "IPC 2023 learning: random rooms; boxes placed by pulling them back from the goals",
        pddl: include_str!("../../pddl/sokoban.pddl"),
        public: Some("ipc2023-learning/sokoban"),
        params: &[
            p("grid", 5, 200, 7, "side of the square grid, walls included"),
            p("boxes", 1, 200, 1, "boxes (and goal cells)"),
        ],
        splits: &[
            split("training", &[("grid", 7, 13), ("boxes", 1, 4)]),
            split("easy", &[("grid", 7, 13), ("boxes", 1, 4)]),
            split("medium", &[("grid", 20, 50), ("boxes", 5, 35)]),
            split("hard", &[("grid", 60, 100), ("boxes", 40, 80)]),
        ],
        generator: ipc::sokoban,
    },
    Domain {
        name: "spanner",
        summary: "IPC 2023 learning: one-way path shed -> locations -> gate, spanners on the path, nuts at the gate",
        pddl: include_str!("../../pddl/spanner.pddl"),
        public: Some("ipc2023-learning/spanner"),
        params: &[
            p("spanners", 1, 5000, 1, "spanners, at random path locations (at least `nuts`)"),
            p("nuts", 1, 5000, 1, "loose nuts at the gate"),
            p("locations", 1, 5000, 4, "locations between shed and gate"),
        ],
        splits: &[
            split("training", &[("spanners", 1, 10), ("nuts", 1, 5), ("locations", 4, 10)]),
            split("easy", &[("spanners", 1, 10), ("nuts", 1, 5), ("locations", 4, 10)]),
            split("medium", &[("spanners", 30, 90), ("nuts", 15, 50), ("locations", 15, 45)]),
            split("hard", &[("spanners", 100, 500), ("nuts", 50, 250), ("locations", 50, 100)]),
        ],
        generator: ipc::spanner,
    },
    Domain {
        name: "transport",
        summary: "IPC 2023 learning: trucks with capacities on a connected road network deliver packages",
        pddl: include_str!("../../pddl/transport.pddl"),
        public: None,
        params: &[
            p("locations", 2, 5000, 5, "locations (connected, roads both ways)"),
            p("trucks", 1, 1000, 1, "trucks"),
            p("packages", 1, 5000, 2, "packages"),
            p("capacity", 1, 100, 2, "largest truck capacity; each truck gets 1..capacity"),
        ],
        // The public set lacks transport, so these ranges are ours, in the spirit of the others.
        splits: &[
            split("training", &[("locations", 5, 20), ("trucks", 1, 4), ("packages", 1, 10), ("capacity", 2, 4)]),
            split("easy", &[("locations", 5, 20), ("trucks", 1, 4), ("packages", 1, 10), ("capacity", 2, 4)]),
            split("medium", &[("locations", 25, 100), ("trucks", 4, 10), ("packages", 15, 60), ("capacity", 3, 6)]),
            split("hard", &[("locations", 100, 300), ("trucks", 10, 30), ("packages", 60, 300), ("capacity", 4, 8)]),
        ],
        generator: ipc::transport,
    },
    Domain {
        name: "gripper",
        summary: "generalized planning: all balls from rooma to roomb with two grippers",
        pddl: include_str!("../../pddl/gripper.pddl"),
        public: Some("ipc-opt-strips/gripper"),
        params: &[p("balls", 1, 10000, 4, "balls, all in rooma")],
        splits: &[],
        generator: genplan::gripper,
    },
    Domain {
        name: "heavy",
        summary: "generalized planning (heavy-pack): pack items heaviest first under a random weight order",
        pddl: include_str!("../../pddl/heavy.pddl"),
        public: Some("genplan-silver2024/heavypack"),
        params: &[p("items", 1, 2000, 5, "items")],
        splits: &[],
        generator: genplan::heavy,
    },
    Domain {
        name: "delivery",
        summary: "generalized planning: a truck carries packages one at a time to a target cell of a grid",
        pddl: include_str!("../../pddl/delivery.pddl"),
        public: None,
        params: &[
            p("width", 1, 500, 3, "grid width"),
            p("height", 1, 500, 3, "grid height"),
            p("packages", 1, 5000, 2, "packages at random cells"),
        ],
        splits: &[],
        generator: genplan::delivery,
    },
    Domain {
        name: "grippers",
        summary: "generalized planning: robots with two grippers each carry balls between rooms",
        pddl: include_str!("../../pddl/grippers.pddl"),
        public: None,
        params: &[
            p("robots", 1, 500, 2, "robots, at random rooms"),
            p("rooms", 1, 1000, 3, "rooms"),
            p("balls", 1, 5000, 4, "balls, at random rooms, each with a random goal room"),
        ],
        splits: &[],
        generator: genplan::grippers,
    },
    Domain {
        name: "logistics",
        summary: "IPC 1998: trucks within cities and airplanes between airports deliver packages",
        pddl: include_str!("../../pddl/logistics.pddl"),
        // The public logistics sets are untyped; this is the typed STRIPS version.
        public: None,
        params: &[
            p("cities", 1, 500, 2, "cities, one truck each"),
            p("size", 1, 100, 2, "places per city (the first is the airport)"),
            p("airplanes", 1, 500, 1, "airplanes, at random airports"),
            p("packages", 1, 5000, 3, "packages, at random places, each with a random goal place"),
        ],
        splits: &[],
        generator: genplan::logistics,
    },
    Domain {
        name: "hiking",
        summary: "generalized planning: follow a trail across a grid of water and hills to its end",
        pddl: include_str!("../../pddl/hiking.pddl"),
        public: Some("genplan-silver2024/hiking"),
        params: &[
            p("width", 2, 500, 5, "grid width"),
            p("height", 2, 500, 5, "grid height"),
            p("trail", 1, 100000, 6, "trail cells (at most; the walk may get stuck earlier)"),
        ],
        splits: &[],
        generator: genplan::hiking,
    },
    Domain {
        name: "goldminer",
        summary: "generalized planning / IPC 2008 learning: clear a way with the laser, bomb the gold free, pick it",
        pddl: include_str!("../../pddl/goldminer.pddl"),
        public: Some("autoplanbench/goldminer"),
        params: &[p("rows", 1, 500, 3, "grid rows"), p("cols", 1, 500, 4, "grid columns (the gold is in the last)")],
        splits: &[],
        generator: genplan::goldminer,
    },
    Domain {
        name: "visitall",
        summary: "generalized planning / IPC 2011: visit every cell of a full grid",
        pddl: include_str!("../../pddl/visitall.pddl"),
        public: Some("ipc-opt-strips/visitall-opt11-strips"),
        params: &[p("width", 1, 500, 3, "grid width"), p("height", 1, 500, 3, "grid height")],
        splits: &[],
        generator: genplan::visitall,
    },
    Domain {
        name: "heavy-grippers-delete-free",
        summary: "paper 002: Heavy Grippers with no delete effects",
        pddl: include_str!("../../pddl/heavy-grippers-delete-free.pddl"),
        public: None,
        params: paper002::HEAVY_GRIPPERS_PARAMS,
        splits: &[],
        generator: paper002::heavy_grippers,
    },
    Domain {
        name: "heavy-grippers-well-formed",
        summary: "paper 002: Heavy Grippers where every effect toggles an atom",
        pddl: include_str!("../../pddl/heavy-grippers-well-formed.pddl"),
        public: None,
        params: paper002::HEAVY_GRIPPERS_PARAMS,
        splits: &[],
        generator: paper002::heavy_grippers,
    },
    Domain {
        name: "colors-strips",
        summary: "paper 002: Colors, plain STRIPS (repainting and rewashing allowed: Flip-Flop)",
        pddl: include_str!("../../pddl/colors-strips.pddl"),
        public: None,
        params: paper002::COLORS_PARAMS,
        splits: &[],
        generator: paper002::colors,
    },
    Domain {
        name: "colors-well-formed",
        summary: "paper 002: Colors where painting needs the mark absent and washing needs it present",
        pddl: include_str!("../../pddl/colors-well-formed.pddl"),
        public: None,
        params: paper002::COLORS_PARAMS,
        splits: &[],
        generator: paper002::colors,
    },
    Domain {
        name: "lights-out-conditional",
        summary: "paper 002: Lights Out with conditional effects (PARITY)",
        pddl: include_str!("../../pddl/lights-out-conditional.pddl"),
        public: None,
        params: paper002::LIGHTS_PARAMS,
        splits: &[],
        generator: paper002::lights_out_conditional,
    },
    Domain {
        name: "lights-out-strips",
        summary: "paper 002: Lights Out compiled to well-formed STRIPS (one flip action per affected cell)",
        pddl: include_str!("../../pddl/lights-out-strips.pddl"),
        public: None,
        params: paper002::LIGHTS_PARAMS,
        splits: &[],
        generator: paper002::lights_out_strips,
    },
    Domain {
        name: "lights-out-local-well-formed",
        summary: "paper 002's public code: Lights Out STRIPS, one press action per local configuration",
        pddl: include_str!("../../pddl/lights-out-local-well-formed.pddl"),
        public: None,
        params: paper002::LIGHTS_PARAMS,
        splits: &[],
        generator: paper002::lights_out_local,
    },
    Domain {
        name: "flip-flop",
        summary: "paper 002's reduction: Flip-Flop as STRIPS plan verification (write-0/1, read-0/1 per bit)",
        pddl: include_str!("../../pddl/flip-flop.pddl"),
        public: None,
        params: paper002::BITS_PARAMS,
        splits: &[],
        generator: paper002::bits,
    },
    Domain {
        name: "parity",
        summary: "paper 002's reduction: PARITY as plan verification (a conditional-effect toggle per bit)",
        pddl: include_str!("../../pddl/parity.pddl"),
        public: None,
        params: paper002::BITS_PARAMS,
        splits: &[],
        generator: paper002::bits,
    },
    Domain {
        name: "heavy-grippers-charged-delete-free",
        summary: "paper 002's public code: Heavy Grippers with a charge bit, delete-free",
        pddl: include_str!("../../pddl/heavy-grippers-charged-delete-free.pddl"),
        public: None,
        params: paper002::HEAVY_GRIPPERS_PARAMS,
        splits: &[],
        generator: paper002::heavy_grippers,
    },
    Domain {
        name: "heavy-grippers-charged-well-formed",
        summary: "paper 002's public code: Heavy Grippers with a charge bit, well-formed",
        pddl: include_str!("../../pddl/heavy-grippers-charged-well-formed.pddl"),
        public: None,
        params: paper002::HEAVY_GRIPPERS_PARAMS,
        splits: &[],
        generator: paper002::heavy_grippers,
    },
    Domain {
        name: "colors-bags-strips",
        summary: "paper 002's public code: Colors with bags, add_color / remove_all_color without preconditions",
        pddl: include_str!("../../pddl/colors-bags-strips.pddl"),
        public: None,
        params: paper002::BAGS_PARAMS,
        splits: &[],
        generator: paper002::colors_bags,
    },
    Domain {
        name: "colors-bags-well-formed",
        summary: "paper 002's public code: Colors with bags, add_color needs the color absent, remove it present",
        pddl: include_str!("../../pddl/colors-bags-well-formed.pddl"),
        public: None,
        params: paper002::BAGS_PARAMS,
        splits: &[],
        generator: paper002::colors_bags,
    },
];

/// Checks a cross-parameter requirement.
fn require(ok: bool, message: impl FnOnce() -> String) -> Result<(), GenError> {
    if ok { Ok(()) } else { Err(GenError(message())) }
}

/// A random connected undirected graph on `n` nodes: a random spanning tree (each node joins a
/// random earlier one, over a shuffled order) plus `extra` random edges. Edges as (a, b), a < b,
/// sorted, without duplicates.
fn connected_graph(n: usize, extra: usize, rng: &mut Rng) -> Vec<(usize, usize)> {
    use rand::RngExt;
    use rand::seq::SliceRandom;
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    let mut edges = std::collections::BTreeSet::new();
    for i in 1..n {
        let j = rng.random_range(0..i);
        let (a, b) = (order[i], order[j]);
        edges.insert((a.min(b), a.max(b)));
    }
    if n >= 2 {
        for _ in 0..extra {
            let a = rng.random_range(0..n);
            let b = rng.random_range(0..n);
            if a != b {
                edges.insert((a.min(b), a.max(b)));
            }
        }
    }
    edges.into_iter().collect()
}
