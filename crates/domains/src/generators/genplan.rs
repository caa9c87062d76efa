//! Generators for the generalized-planning domains (gripper, heavy, delivery, visitall). All of
//! their instances are solvable.

use super::GenError;
use crate::writer::{ProblemText, names};
use crate::{Params, Rng};
use rand::RngExt;
use rand::seq::SliceRandom;

fn header(t: &mut ProblemText, params: &Params) {
    let list: Vec<String> = params.iter().map(|(n, v)| format!("{n}={v}")).collect();
    t.comment(list.join(", "));
}

/// The IPC gripper family: every ball starts in rooma and must reach roomb. No randomness: the
/// instance is determined by its size (the seed is accepted and ignored).
pub fn gripper(params: &Params, _rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let balls = names("ball", params.get("balls"));
    let mut t = ProblemText::new();
    header(&mut t, params);
    let (rooms, grippers) = (["rooma".to_string(), "roomb".to_string()], ["left".to_string(), "right".to_string()]);
    t.objects(&rooms, None);
    t.objects(&grippers, None);
    t.objects(&balls, None);
    for r in &rooms {
        t.init(format!("(room {r})"));
    }
    for g in &grippers {
        t.init(format!("(gripper {g})"));
        t.init(format!("(free {g})"));
    }
    t.init("(at-robby rooma)".into());
    for b in &balls {
        t.init(format!("(ball {b})"));
        t.init(format!("(at {b} rooma)"));
        t.goal(format!("(at {b} roomb)"));
    }
    Ok(t.render(name, "gripper"))
}

/// Items with random names and a random weight order; `heavier` is the full strict order, as in
/// the public set.
pub fn heavy(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let n = params.get("items") as usize;
    // Distinct random numeric names, like the public set's `o16 o175 ...`.
    let mut ids: Vec<u32> = (0..(n as u32 * 10).max(10)).collect();
    ids.shuffle(rng);
    let mut items: Vec<String> = ids[..n].iter().map(|i| format!("o{i}")).collect();
    items.sort();
    let mut order = items.clone();
    order.shuffle(rng);
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&items, None);
    t.init("(box-empty)".into());
    for i in &items {
        t.init(format!("(unpacked {i})"));
    }
    for a in 0..n {
        for b in a + 1..n {
            t.init(format!("(heavier {} {})", order[a], order[b]));
        }
    }
    for i in &items {
        t.goal(format!("(packed {i})"));
    }
    Ok(t.render(name, "heavy-pack"))
}

fn grid_cells(prefix: &str, w: u32, h: u32) -> Vec<String> {
    (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).map(|(x, y)| format!("{prefix}-{x}-{y}")).collect()
}

fn grid_neighbours(w: u32, h: u32) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let at = |x: u32, y: u32| (y * w + x) as usize;
    for y in 0..h {
        for x in 0..w {
            for (dx, dy) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
                let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                if nx >= 0 && ny >= 0 && nx < w as i64 && ny < h as i64 {
                    out.push((at(x, y), at(nx as u32, ny as u32)));
                }
            }
        }
    }
    out
}

/// Truck and packages at random cells, one random target cell for all packages.
pub fn delivery(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (w, h, np) = (params.get("width"), params.get("height"), params.get("packages"));
    let cell = grid_cells("c", w, h);
    let pkg = names("p", np);
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&cell, Some("cell"));
    t.objects(&["t1".to_string()], Some("truck"));
    t.objects(&pkg, Some("package"));
    for (a, b) in grid_neighbours(w, h) {
        t.init(format!("(adjacent {} {})", cell[a], cell[b]));
    }
    let n = cell.len();
    t.init(format!("(at t1 {})", cell[rng.random_range(0..n)]));
    t.init("(empty t1)".into());
    let target = rng.random_range(0..n);
    for p in &pkg {
        t.init(format!("(at {p} {})", cell[rng.random_range(0..n)]));
        t.goal(format!("(at {p} {})", cell[target]));
    }
    Ok(t.render(name, "delivery"))
}

/// A full grid; the robot starts on a random cell (visited), every cell must be visited.
pub fn visitall(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (w, h) = (params.get("width"), params.get("height"));
    let cell = grid_cells("loc", w, h);
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&cell, Some("place"));
    let start = rng.random_range(0..cell.len());
    t.init(format!("(at-robot {})", cell[start]));
    t.init(format!("(visited {})", cell[start]));
    for (a, b) in grid_neighbours(w, h) {
        t.init(format!("(connected {} {})", cell[a], cell[b]));
    }
    for c in &cell {
        t.goal(format!("(visited {c})"));
    }
    Ok(t.render(name, "grid-visit-all"))
}
