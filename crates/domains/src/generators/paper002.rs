//! Generators for the domains of paper 002 (Heavy Grippers, Colors, Lights Out). The two variants
//! of a domain share one generator, so a problem is an instance of both (only the domain name in
//! the file differs): the minimal pairs the paper compares.

use super::{GenError, require};
use crate::writer::{ProblemText, names};
use crate::{ParamSpec, Params, Rng};
use rand::RngExt;
use std::collections::BTreeSet;

fn header(t: &mut ProblemText, params: &Params) {
    let list: Vec<String> = params.iter().map(|(n, v)| format!("{n}={v}")).collect();
    t.comment(list.join(", "));
}

pub const HEAVY_GRIPPERS_PARAMS: &[ParamSpec] = &[
    super::p("rooms", 1, 1000, 2, "rooms"),
    super::p("balls", 1, 5000, 3, "balls, at random rooms, each to a random room"),
    super::p("heavy", 0, 5000, 1, "how many balls are heavy (need two grippers)"),
    super::p("grippers", 1, 100, 2, "grippers (at least 2 when there are heavy balls)"),
];

/// Solvable: the robot can reach every room, and a heavy ball has two grippers to take it.
pub fn heavy_grippers(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (nr, nb, nh, ng) = (params.get("rooms"), params.get("balls"), params.get("heavy"), params.get("grippers"));
    require(nh <= nb, || format!("heavy ({nh}) must not exceed balls ({nb})"))?;
    require(nh == 0 || ng >= 2, || "heavy balls need at least 2 grippers".into())?;
    let (room, ball, grip) = (names("room", nr), names("ball", nb), names("gripper", ng));
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&room, Some("room"));
    t.objects(&ball, Some("ball"));
    t.objects(&grip, Some("gripper"));
    t.init(format!("(at-robby {})", room[0]));
    for g in &grip {
        t.init(format!("(free {g})"));
    }
    let n = nr as usize;
    for (i, b) in ball.iter().enumerate() {
        t.init(format!("({} {b})", if (i as u32) < nh { "heavy" } else { "light" }));
        t.init(format!("(at {b} {})", room[rng.random_range(0..n)]));
        t.goal(format!("(at {b} {})", room[rng.random_range(0..n)]));
    }
    // The domain name is the same text in both variants' problems; validators accept any name.
    Ok(t.render(name, "heavy-grippers"))
}

pub const COLORS_PARAMS: &[ParamSpec] = &[
    super::p("items", 1, 5000, 3, "items"),
    super::p("colors", 1, 100, 2, "colors (one brush each)"),
    super::p("marks", 0, 100000, 2, "random marks painted initially"),
    super::p("goals", 1, 100000, 2, "random marks required at the end"),
];

/// Solvable: every mark can be painted with its color's brush.
pub fn colors(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (ni, nc, nm, ng) = (params.get("items"), params.get("colors"), params.get("marks"), params.get("goals"));
    let total = ni as u64 * nc as u64;
    require((nm as u64) <= total && (ng as u64) <= total, || format!("at most {total} marks exist"))?;
    let (item, color) = (names("item", ni), names("color", nc));
    let draw = |k: u32, rng: &mut Rng| {
        let mut set = BTreeSet::new();
        while set.len() < k as usize {
            set.insert((rng.random_range(0..ni as usize), rng.random_range(0..nc as usize)));
        }
        set
    };
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&item, Some("item"));
    t.objects(&color, Some("color"));
    t.init("(hand-empty)".into());
    for (i, c) in draw(nm, rng) {
        t.init(format!("(painted {} {})", item[i], color[c]));
    }
    for (i, c) in draw(ng, rng) {
        t.goal(format!("(painted {} {})", item[i], color[c]));
    }
    Ok(t.render(name, "colors"))
}

pub const LIGHTS_PARAMS: &[ParamSpec] = &[
    super::p("width", 1, 100, 3, "grid width"),
    super::p("height", 1, 100, 3, "grid height"),
    super::p("presses", 0, 10000, 3, "random presses from all-dark that make the initial state"),
];

struct Lights {
    cells: Vec<String>,
    /// For each cell, the cells a press toggles: itself first, then its grid neighbours.
    affects: Vec<Vec<usize>>,
    lit: Vec<bool>,
}

/// Solvable: pressing the scrambling cells again turns every light off.
fn lights(params: &Params, rng: &mut Rng) -> Lights {
    let (w, h, presses) = (params.get("width") as usize, params.get("height") as usize, params.get("presses"));
    let cells: Vec<String> = (0..h).flat_map(|y| (0..w).map(move |x| format!("cell-{x}-{y}"))).collect();
    let mut affects = Vec::with_capacity(cells.len());
    for y in 0..h {
        for x in 0..w {
            let mut a = vec![y * w + x];
            for (dx, dy) in [(0i64, -1i64), (-1, 0), (1, 0), (0, 1)] {
                let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                    a.push(ny as usize * w + nx as usize);
                }
            }
            affects.push(a);
        }
    }
    let mut lit = vec![false; cells.len()];
    for _ in 0..presses {
        let c = rng.random_range(0..cells.len());
        for &n in &affects[c] {
            lit[n] = !lit[n];
        }
    }
    Lights { cells, affects, lit }
}

fn lights_common(t: &mut ProblemText, l: &Lights) {
    t.objects(&l.cells, Some("cell"));
    for (c, name) in l.cells.iter().enumerate() {
        t.init(format!("({} {name})", if l.lit[c] { "lit" } else { "dark" }));
        t.goal(format!("(dark {name})"));
    }
}

pub fn lights_out_conditional(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let l = lights(params, rng);
    let mut t = ProblemText::new();
    header(&mut t, params);
    lights_common(&mut t, &l);
    for (c, a) in l.affects.iter().enumerate() {
        for &n in a {
            t.init(format!("(affects {} {})", l.cells[c], l.cells[n]));
        }
    }
    Ok(t.render(name, "lights-out-conditional"))
}

pub fn lights_out_strips(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let l = lights(params, rng);
    let mut t = ProblemText::new();
    header(&mut t, params);
    lights_common(&mut t, &l);
    t.init("(idle)".into());
    for (c, a) in l.affects.iter().enumerate() {
        let cell = &l.cells[c];
        if let (Some(&first), Some(&last)) = (a.first(), a.last()) {
            t.init(format!("(first {cell} {})", l.cells[first]));
            t.init(format!("(last {cell} {})", l.cells[last]));
        }
        for w in a.windows(2) {
            t.init(format!("(next {cell} {} {})", l.cells[w[0]], l.cells[w[1]]));
        }
    }
    Ok(t.render(name, "lights-out-strips"))
}

pub const BITS_PARAMS: &[ParamSpec] =
    &[super::p("bits", 1, 5000, 1, "bits (independent flip-flops or parity counters)")];

/// Flip-Flop and PARITY (the reductions of paper 002): every bit starts at zero; the goal is a
/// random value per bit (datasets replace it with a goal reached by their plans).
pub fn bits(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let bit = names("bit", params.get("bits"));
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&bit, Some("bit"));
    for b in &bit {
        t.init(format!("(zero {b})"));
        t.goal(format!("({} {b})", if rng.random_range(0..2) == 0 { "zero" } else { "one" }));
    }
    Ok(t.render(name, "bits"))
}

pub const BAGS_PARAMS: &[ParamSpec] = &[
    super::p("bags", 1, 5000, 3, "bags"),
    super::p("colors", 1, 1000, 3, "colors"),
    super::p("marks", 0, 100000, 2, "random (bag, color) pairs holding initially"),
];

/// Colors with bags (the public code's formulation): random initial colors, a random goal.
pub fn colors_bags(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (nb, nc, nm) = (params.get("bags"), params.get("colors"), params.get("marks"));
    let total = nb as u64 * nc as u64;
    require(nm as u64 <= total, || format!("at most {total} (bag, color) pairs exist"))?;
    let (bag, color) = (names("bag", nb), names("color", nc));
    let mut marks = BTreeSet::new();
    while marks.len() < nm as usize {
        marks.insert((rng.random_range(0..nb as usize), rng.random_range(0..nc as usize)));
    }
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&bag, Some("bag"));
    t.objects(&color, Some("color"));
    for (b, c) in marks {
        t.init(format!("(has-color {} {})", bag[b], color[c]));
    }
    t.goal(format!("(has-color {} {})", bag[rng.random_range(0..bag.len())], color[rng.random_range(0..color.len())]));
    Ok(t.render(name, "colors-bags"))
}

/// Lights Out as the public code of paper 002 states it (`lights-out-local-well-formed`): the same
/// board and scramble as the other Lights Out variants for the same parameters and seed, with the
/// public code's button names and predicates, and the static facts that pin each press schema's
/// parameters: `degree_k` (the button has k neighbours) and `neighbour_i` (its i-th neighbour in
/// row-major order, the order of the schema's name). Solvable, as the other variants: pressing the
/// scrambling buttons again turns every light out.
pub fn lights_out_local(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let l = lights(params, rng);
    let w = params.get("width") as usize;
    let button: Vec<String> = (0..l.cells.len()).map(|i| format!("button_{}_{}", i / w, i % w)).collect();
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&button, Some("button"));
    for (c, b) in button.iter().enumerate() {
        t.init(format!("({} {b})", if l.lit[c] { "light_on" } else { "light_out" }));
        t.goal(format!("(light_out {b})"));
    }
    for (c, a) in l.affects.iter().enumerate() {
        // `affects` lists the button itself first, then its neighbours in row-major order.
        t.init(format!("(degree_{} {})", a.len() - 1, button[c]));
        for (i, &n) in a.iter().enumerate().skip(1) {
            t.init(format!("(neighbour_{i} {} {})", button[c], button[n]));
        }
    }
    Ok(t.render(name, "lights-out-local-well-formed"))
}
