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

/// Robots (two grippers each) and balls at random rooms; every ball has a random goal room.
pub fn grippers(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (nr, nx, nb) = (params.get("robots"), params.get("rooms"), params.get("balls"));
    let robots = names("robot", nr);
    let rooms = names("room", nx);
    let balls = names("ball", nb);
    let grippers: Vec<String> = (1..=nr).flat_map(|i| [format!("lgripper{i}"), format!("rgripper{i}")]).collect();
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&robots, Some("robot"));
    t.objects(&rooms, Some("room"));
    t.objects(&balls, Some("ball"));
    t.objects(&grippers, Some("gripper"));
    for (i, r) in robots.iter().enumerate() {
        t.init(format!("(at-robby {r} {})", rooms[rng.random_range(0..rooms.len())]));
        t.init(format!("(free {r} {})", grippers[2 * i]));
        t.init(format!("(free {r} {})", grippers[2 * i + 1]));
    }
    for b in &balls {
        t.init(format!("(at {b} {})", rooms[rng.random_range(0..rooms.len())]));
        t.goal(format!("(at {b} {})", rooms[rng.random_range(0..rooms.len())]));
    }
    Ok(t.render(name, "grippers"))
}

/// Cities with `size` places each (the first an airport) and one truck; airplanes at random
/// airports; packages at random places with random goal places. Every instance is solvable: each
/// city has a truck and an airport, and there is an airplane whenever there are two cities.
pub fn logistics(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (nc, size, na, np) =
        (params.get("cities"), params.get("size"), params.get("airplanes"), params.get("packages"));
    let cities = names("city", nc);
    let mut airports = Vec::new();
    let mut locations = Vec::new();
    let mut places = Vec::new();
    for c in 1..=nc {
        airports.push(format!("apt{c}"));
        places.push((format!("apt{c}"), c as usize - 1));
        for l in 1..size {
            locations.push(format!("pos{c}-{l}"));
            places.push((format!("pos{c}-{l}"), c as usize - 1));
        }
    }
    let trucks = names("truck", nc);
    let planes = names("plane", na);
    let packages = names("obj", np);
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&cities, Some("city"));
    t.objects(&airports, Some("airport"));
    t.objects(&locations, Some("location"));
    t.objects(&trucks, Some("truck"));
    t.objects(&planes, Some("airplane"));
    t.objects(&packages, Some("package"));
    for (p, c) in &places {
        t.init(format!("(in-city {p} {})", cities[*c]));
    }
    for (c, tr) in trucks.iter().enumerate() {
        let here: Vec<&String> = places.iter().filter(|(_, pc)| *pc == c).map(|(p, _)| p).collect();
        t.init(format!("(at {tr} {})", here[rng.random_range(0..here.len())]));
    }
    for a in &planes {
        t.init(format!("(at {a} {})", airports[rng.random_range(0..airports.len())]));
    }
    for p in &packages {
        t.init(format!("(at {p} {})", places[rng.random_range(0..places.len())].0));
        t.goal(format!("(at {p} {})", places[rng.random_range(0..places.len())].0));
    }
    Ok(t.render(name, "logistics"))
}

/// A grid with a random self-avoiding trail from a random start (the hiker's place) to the goal;
/// about a quarter of the trail cells after the start are hills, about a third of the cells off the
/// trail are water. The trail is cut short where the walk gets stuck.
pub fn hiking(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (w, h, len) = (params.get("width"), params.get("height"), params.get("trail") as usize);
    let cell: Vec<String> = (0..h).flat_map(|y| (0..w).map(move |x| format!("r{y}_c{x}"))).collect();
    let neighbours = grid_neighbours(w, h);
    let mut trail = vec![rng.random_range(0..cell.len())];
    while trail.len() < len {
        let here = trail[trail.len() - 1];
        let next: Vec<usize> =
            neighbours.iter().filter(|(a, b)| *a == here && !trail.contains(b)).map(|&(_, b)| b).collect();
        if next.is_empty() {
            break;
        }
        trail.push(next[rng.random_range(0..next.len())]);
    }
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&cell, Some("loc"));
    t.init(format!("(at {})", cell[trail[0]]));
    for (i, c) in cell.iter().enumerate() {
        if trail.contains(&i) {
            if i != trail[0] && rng.random_range(0..4) == 0 {
                t.init(format!("(ishill {c})"));
            }
        } else if rng.random_range(0..3) == 0 {
            t.init(format!("(iswater {c})"));
        }
    }
    for (a, b) in neighbours {
        t.init(format!("(adjacent {} {})", cell[a], cell[b]));
    }
    for p in trail.windows(2) {
        t.init(format!("(ontrail {} {})", cell[p[0]], cell[p[1]]));
    }
    t.goal(format!("(at {})", cell[trail[trail.len() - 1]]));
    Ok(t.render(name, "hiking"))
}

/// Gold Miner in the layout of the IPC 2008 learning-track instances (`f<row>-<col>f` cells):
/// column 0 is clear and holds the robot and, on one cell, the bomb supply and the laser; the gold
/// lies under soft rock in the last column; every other cell holds soft or hard rock (one in two).
/// With one column the gold is in column 0 too, on the far side of neither the robot nor the
/// tools. Always solvable: the laser clears a way to the gold's neighbour, a bomb the gold's cell.
pub fn goldminer(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (rows, cols) = (params.get("rows") as usize, params.get("cols") as usize);
    if cols == 1 && rows < 2 {
        return Err(GenError("a gold miner grid of one column needs at least 2 rows".into()));
    }
    let cell = |r: usize, c: usize| format!("f{r}-{c}f");
    let (gold, robot, tools) = if cols == 1 {
        let g = rng.random_range(0..rows);
        // The side of the gold that keeps the robot and the tools together.
        let side: Vec<usize> = match (g > 0, g + 1 < rows) {
            (true, true) if rng.random_range(0..2) == 0 => (0..g).collect(),
            (true, true) | (false, true) => (g + 1..rows).collect(),
            _ => (0..g).collect(),
        };
        (g, side[rng.random_range(0..side.len())], side[rng.random_range(0..side.len())])
    } else {
        (rng.random_range(0..rows), rng.random_range(0..rows), rng.random_range(0..rows))
    };
    let mut t = ProblemText::new();
    header(&mut t, params);
    let all: Vec<String> = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).map(|(r, c)| cell(r, c)).collect();
    t.objects(&all, Some("LOC"));
    t.init("(arm-empty)".into());
    for (a, b) in grid_neighbours(cols as u32, rows as u32) {
        t.init(format!("(connected {} {})", all[a], all[b]));
    }
    for r in 0..rows {
        for c in 0..cols {
            let here = cell(r, c);
            if c == cols - 1 && r == gold {
                t.init(format!("(gold-at {here})"));
                t.init(format!("(soft-rock-at {here})"));
            } else if c == 0 {
                t.init(format!("(clear {here})"));
            } else if rng.random_range(0..2) == 0 {
                t.init(format!("(soft-rock-at {here})"));
            } else {
                t.init(format!("(hard-rock-at {here})"));
            }
        }
    }
    t.init(format!("(robot-at {})", cell(robot, 0)));
    t.init(format!("(bomb-at {})", cell(tools, 0)));
    t.init(format!("(laser-at {})", cell(tools, 0)));
    t.goal("(holds-gold)".into());
    Ok(t.render(name, "gold-miner-typed"))
}
