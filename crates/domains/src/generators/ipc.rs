//! Generators for the ten IPC 2023 learning-track domains. Object names and fact layout follow the
//! public instances, so a generated file reads like one of them.

use super::{GenError, connected_graph, require};
use crate::writer::{ProblemText, names};
use crate::{Params, Rng};
use rand::RngExt;
use rand::seq::{IndexedRandom, SliceRandom};

fn header(t: &mut ProblemText, params: &Params) {
    let list: Vec<String> = params.iter().map(|(n, v)| format!("{n}={v}")).collect();
    t.comment(list.join(", "));
}

/// Random towers: a shuffled order cut at random points; each tower lists blocks bottom-up.
fn random_towers(n: usize, rng: &mut Rng) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    let mut towers: Vec<Vec<usize>> = Vec::new();
    for b in order {
        // A new tower with probability 1/3 keeps towers a few blocks high on average.
        match towers.last_mut() {
            Some(t) if rng.random_range(0..3) != 0 => t.push(b),
            _ => towers.push(vec![b]),
        }
    }
    towers
}

fn tower_facts(towers: &[Vec<usize>], block: &[String], out: &mut Vec<String>) {
    for t in towers {
        for (i, &b) in t.iter().enumerate() {
            if i == 0 {
                out.push(format!("(on-table {})", block[b]));
            } else {
                out.push(format!("(on {} {})", block[b], block[t[i - 1]]));
            }
        }
        if let Some(&top) = t.last() {
            out.push(format!("(clear {})", block[top]));
        }
    }
}

/// Always solvable.
pub fn blocksworld(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let n = params.get("blocks");
    let block = names("b", n);
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&block, None);
    t.init("(arm-empty)".into());
    let mut init = Vec::new();
    tower_facts(&random_towers(n as usize, rng), &block, &mut init);
    init.into_iter().for_each(|f| t.init(f));
    let mut goal = Vec::new();
    tower_facts(&random_towers(n as usize, rng), &block, &mut goal);
    goal.into_iter().for_each(|f| t.goal(f));
    Ok(t.render(name, "blocksworld"))
}

/// Solvable: every child has a bread and a content portion and a sandwich name, and every allergic
/// child a gluten-free pair.
pub fn childsnack(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (n, allergic, trays, sandwiches, tables) = (
        params.get("children"),
        params.get("allergic"),
        params.get("trays"),
        params.get("sandwiches"),
        params.get("tables"),
    );
    require(allergic <= n, || format!("allergic ({allergic}) must not exceed children ({n})"))?;
    require(sandwiches >= n, || format!("sandwiches ({sandwiches}) must be at least children ({n})"))?;
    let (child, tray, sandw) = (names("child", n), names("tray", trays), names("sandw", sandwiches));
    let (bread, content, table) = (names("bread", n), names("content", n), names("table", tables));
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&child, Some("child"));
    t.objects(&tray, Some("tray"));
    t.objects(&sandw, Some("sandwich"));
    t.objects(&bread, Some("bread-portion"));
    t.objects(&content, Some("content-portion"));
    t.objects(&table, Some("place"));
    for x in &tray {
        t.init(format!("(at {x} kitchen)"));
    }
    for x in &bread {
        t.init(format!("(at_kitchen_bread {x})"));
    }
    for x in &content {
        t.init(format!("(at_kitchen_content {x})"));
    }
    for list in [&bread, &content] {
        let mut chosen: Vec<&String> = list.iter().collect();
        chosen.shuffle(rng);
        let pred = if std::ptr::eq(list, &bread) { "no_gluten_bread" } else { "no_gluten_content" };
        for x in chosen.into_iter().take(allergic as usize) {
            t.init(format!("({pred} {x})"));
        }
    }
    let mut kids: Vec<&String> = child.iter().collect();
    kids.shuffle(rng);
    for (i, k) in kids.iter().enumerate() {
        let pred = if (i as u32) < allergic { "allergic_gluten" } else { "not_allergic_gluten" };
        t.init(format!("({pred} {k})"));
    }
    for k in &child {
        let place = table.choose(rng).map_or("table1", |s| s.as_str());
        t.init(format!("(waiting {k} {place})"));
    }
    for s in &sandw {
        t.init(format!("(notexist {s})"));
    }
    for k in &child {
        t.goal(format!("(served {k})"));
    }
    Ok(t.render(name, "childsnack"))
}

/// Always solvable: each car goes to a location other than its start.
pub fn ferry(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (cars, locs) = (params.get("cars"), params.get("locations"));
    let (car, loc) = (names("car", cars), names("loc", locs));
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&car, Some("car"));
    t.objects(&loc, Some("location"));
    t.init("(empty-ferry)".into());
    let n = locs as usize;
    t.init(format!("(at-ferry {})", loc[rng.random_range(0..n)]));
    let mut goals = Vec::new();
    for c in &car {
        let from = rng.random_range(0..n);
        // A destination drawn from the other n-1 locations.
        let to = (from + 1 + rng.random_range(0..n - 1)) % n;
        t.init(format!("(at {c} {})", loc[from]));
        goals.push(format!("(at {c} {})", loc[to]));
    }
    goals.into_iter().for_each(|g| t.goal(g));
    Ok(t.render(name, "ferry"))
}

/// Tiles `tile_R_C` for R in 0..=rows and C in 1..=columns; rows 1..=rows are painted white where
/// R+C is even and black elsewhere, row 0 is where robots can stand at the end. Robots start on
/// distinct random tiles holding a random color. Solvable whenever every robot can reach row 0
/// order-wise, which holds for the public distribution's sizes; the tests check small ones.
pub fn floortile(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (rows, cols, robots) = (params.get("rows"), params.get("columns"), params.get("robots"));
    let cells = (rows + 1) * cols;
    require(robots <= cells, || format!("robots ({robots}) must fit on the {cells} tiles"))?;
    let tile = |r: u32, c: u32| format!("tile_{r}_{c}");
    let all: Vec<String> = (0..=rows).flat_map(|r| (1..=cols).map(move |c| (r, c))).map(|(r, c)| tile(r, c)).collect();
    let robot = names("robot", robots);
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&all, Some("tile"));
    t.objects(&robot, Some("robot"));
    t.objects(&["white".to_string(), "black".to_string()], Some("color"));
    let mut spots: Vec<usize> = (0..all.len()).collect();
    spots.shuffle(rng);
    let taken: Vec<usize> = spots[..robots as usize].to_vec();
    for (i, r) in robot.iter().enumerate() {
        t.init(format!("(robot-at {r} {})", all[taken[i]]));
        let color = if rng.random_range(0..2) == 0 { "white" } else { "black" };
        t.init(format!("(robot-has {r} {color})"));
    }
    t.init("(available-color white)".into());
    t.init("(available-color black)".into());
    for (i, x) in all.iter().enumerate() {
        if !taken.contains(&i) {
            t.init(format!("(clear {x})"));
        }
    }
    for r in 0..rows {
        for c in 1..=cols {
            t.init(format!("(up {} {})", tile(r + 1, c), tile(r, c)));
            t.init(format!("(down {} {})", tile(r, c), tile(r + 1, c)));
        }
    }
    for r in 0..=rows {
        for c in 1..cols {
            t.init(format!("(right {} {})", tile(r, c + 1), tile(r, c)));
            t.init(format!("(left {} {})", tile(r, c), tile(r, c + 1)));
        }
    }
    for r in 1..=rows {
        for c in 1..=cols {
            let color = if (r + c) % 2 == 0 { "white" } else { "black" };
            t.goal(format!("(painted {} {color})", tile(r, c)));
        }
    }
    Ok(t.render(name, "floortile"))
}

/// Always solvable: `(above fi fj)` for every i < j; origin and destination differ.
pub fn miconic(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (ps, fs) = (params.get("passengers"), params.get("floors"));
    let (pass, floor) = (names("p", ps), names("f", fs));
    let n = fs as usize;
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&pass, Some("passenger"));
    t.objects(&floor, Some("floor"));
    t.init(format!("(lift-at {})", floor[rng.random_range(0..n)]));
    for p in &pass {
        let from = rng.random_range(0..n);
        let to = (from + 1 + rng.random_range(0..n - 1)) % n;
        t.init(format!("(origin {p} {})", floor[from]));
        t.init(format!("(destin {p} {})", floor[to]));
    }
    for i in 0..n {
        for j in i + 1..n {
            t.init(format!("(above {} {})", floor[i], floor[j]));
        }
    }
    for p in &pass {
        t.goal(format!("(served {p})"));
    }
    Ok(t.render(name, "miconic"))
}

/// Solvable: the waypoint graph is connected and symmetric (`visible` and every rover's
/// `can_traverse`), rover1 is equipped for everything, every camera sits on an imaging rover and
/// supports `colour`, every objective is visible from some waypoint, and goals only ask for data
/// that exists (samples that are there, images in modes some camera supports).
pub fn rovers(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (nr, nw, nc, no) =
        (params.get("rovers"), params.get("waypoints"), params.get("cameras"), params.get("objectives"));
    let rover = names("rover", nr);
    let store: Vec<String> = rover.iter().map(|r| format!("{r}store")).collect();
    let wp = names("waypoint", nw);
    let cam = names("camera", nc);
    let obj = names("objective", no);
    let modes = ["colour".to_string(), "high_res".to_string(), "low_res".to_string()];
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&["general".to_string()], Some("lander"));
    t.objects(&modes, Some("mode"));
    t.objects(&rover, Some("rover"));
    t.objects(&store, Some("store"));
    t.objects(&wp, Some("waypoint"));
    t.objects(&cam, Some("camera"));
    t.objects(&obj, Some("objective"));
    let n = nw as usize;
    t.init(format!("(at_lander general {})", wp[rng.random_range(0..n)]));
    for r in &rover {
        t.init(format!("(at {r} {})", wp[rng.random_range(0..n)]));
    }
    let mut imaging = Vec::new();
    for (i, r) in rover.iter().enumerate() {
        for (what, pred) in
            [(0, "equipped_for_soil_analysis"), (1, "equipped_for_rock_analysis"), (2, "equipped_for_imaging")]
        {
            if i == 0 || rng.random_range(0..2) == 0 {
                t.init(format!("({pred} {r})"));
                if what == 2 {
                    imaging.push(r.clone());
                }
            }
        }
    }
    for (s, r) in store.iter().zip(&rover) {
        t.init(format!("(empty {s})"));
        t.init(format!("(store_of {s} {r})"));
    }
    let mut rock = Vec::new();
    let mut soil = Vec::new();
    for w in &wp {
        if rng.random_range(0..2) == 0 {
            t.init(format!("(at_rock_sample {w})"));
            rock.push(w.clone());
        }
        if rng.random_range(0..2) == 0 {
            t.init(format!("(at_soil_sample {w})"));
            soil.push(w.clone());
        }
    }
    let edges = connected_graph(n, n / 2, rng);
    for &(a, b) in &edges {
        t.init(format!("(visible {} {})", wp[a], wp[b]));
        t.init(format!("(visible {} {})", wp[b], wp[a]));
    }
    for r in &rover {
        for &(a, b) in &edges {
            t.init(format!("(can_traverse {r} {} {})", wp[a], wp[b]));
            t.init(format!("(can_traverse {r} {} {})", wp[b], wp[a]));
        }
    }
    let mut supported = vec![false; modes.len()];
    supported[0] = true;
    for c in &cam {
        let r = imaging.choose(rng).map_or(rover[0].as_str(), |s| s.as_str());
        t.init(format!("(on_board {c} {r})"));
        t.init(format!("(calibration_target {c} {})", obj[rng.random_range(0..no as usize)]));
        t.init(format!("(supports {c} colour)"));
        for (m, name) in modes.iter().enumerate().skip(1) {
            if rng.random_range(0..2) == 0 {
                t.init(format!("(supports {c} {name})"));
                supported[m] = true;
            }
        }
    }
    for o in &obj {
        let mut seen: Vec<usize> = (0..n).collect();
        seen.shuffle(rng);
        let k = 1 + rng.random_range(0..n.min(3));
        seen[..k].sort_unstable();
        for &w in &seen[..k] {
            t.init(format!("(visible_from {o} {})", wp[w]));
        }
    }
    for w in &soil {
        if rng.random_range(0..2) == 0 {
            t.goal(format!("(communicated_soil_data {w})"));
        }
    }
    for w in &rock {
        if rng.random_range(0..2) == 0 {
            t.goal(format!("(communicated_rock_data {w})"));
        }
    }
    for o in &obj {
        if rng.random_range(0..2) == 0 {
            let choices: Vec<usize> = (0..modes.len()).filter(|&m| supported[m]).collect();
            let m = choices.choose(rng).copied().unwrap_or(0);
            t.goal(format!("(communicated_image_data {o} {})", modes[m]));
        }
    }
    // Never an empty goal: one image of the first objective in colour.
    if soil.is_empty() && rock.is_empty() {
        t.goal(format!("(communicated_image_data {} colour)", obj[0]));
    }
    Ok(t.render(name, "rover"))
}

/// Always solvable: every satellite has an instrument, every instrument supports a mode, image
/// goals name modes some instrument supports.
pub fn satellite(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (ns, ni, nm, nd) =
        (params.get("satellites"), params.get("instruments"), params.get("modes"), params.get("directions"));
    require(ni >= ns, || format!("instruments ({ni}) must be at least satellites ({ns})"))?;
    let (sat, ins, modes, dir) = (names("sat", ns), names("ins", ni), names("mod", nm), names("dir", nd));
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&sat, Some("satellite"));
    t.objects(&ins, Some("instrument"));
    t.objects(&modes, Some("mode"));
    t.objects(&dir, Some("direction"));
    let d = nd as usize;
    for s in &sat {
        t.init(format!("(pointing {s} {})", dir[rng.random_range(0..d)]));
        t.init(format!("(power_avail {s})"));
    }
    let mut supported = vec![false; nm as usize];
    for (i, x) in ins.iter().enumerate() {
        t.init(format!("(calibration_target {x} {})", dir[rng.random_range(0..d)]));
        let s = if i < ns as usize { i } else { rng.random_range(0..ns as usize) };
        t.init(format!("(on_board {x} {})", sat[s]));
        let first = rng.random_range(0..nm as usize);
        supported[first] = true;
        t.init(format!("(supports {x} {})", modes[first]));
        for (m, mode) in modes.iter().enumerate() {
            if m != first && rng.random_range(0..3) == 0 {
                supported[m] = true;
                t.init(format!("(supports {x} {mode})"));
            }
        }
    }
    for s in &sat {
        if rng.random_range(0..2) == 0 {
            t.goal(format!("(pointing {s} {})", dir[rng.random_range(0..d)]));
        }
    }
    let usable: Vec<usize> = (0..nm as usize).filter(|&m| supported[m]).collect();
    for x in &dir {
        let m = usable.choose(rng).copied().unwrap_or(0);
        t.goal(format!("(have_image {x} {})", modes[m]));
    }
    Ok(t.render(name, "satellite"))
}

const DIRS: [(&str, i64, i64); 4] = [("up", -1, 0), ("down", 1, 0), ("left", 0, -1), ("right", 0, 1)];

/// A room carved by a random walk inside the border walls; goal cells are random floor cells; the
/// boxes start where random reverse moves ("pulls") take them from the goals, and the robot where
/// the reverse play leaves it. Reversing the pulls is a plan, so every instance is solvable.
pub fn sokoban(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (g, nb) = (params.get("grid") as i64, params.get("boxes") as usize);
    let inner = ((g - 2) * (g - 2)) as usize;
    require(nb + 1 < inner / 2, || format!("{nb} boxes do not fit a {g}x{g} grid"))?;
    let idx = |r: i64, c: i64| (r * g + c) as usize;
    let mut floor = vec![false; (g * g) as usize];
    let (mut r, mut c) = (g / 2, g / 2);
    let want = inner / 2 + nb;
    let mut carved = 0;
    floor[idx(r, c)] = true;
    carved += 1;
    while carved < want {
        let (_, dr, dc) = DIRS[rng.random_range(0..4)];
        let (nr, nc) = (r + dr, c + dc);
        if nr >= 1 && nr < g - 1 && nc >= 1 && nc < g - 1 {
            (r, c) = (nr, nc);
            if !floor[idx(r, c)] {
                floor[idx(r, c)] = true;
                carved += 1;
            }
        }
    }
    let cells: Vec<(i64, i64)> =
        (0..g).flat_map(|r| (0..g).map(move |c| (r, c))).filter(|&(r, c)| floor[idx(r, c)]).collect();
    let mut shuffled = cells.clone();
    shuffled.shuffle(rng);
    let goals: Vec<(i64, i64)> = shuffled[..nb].to_vec();
    let mut boxes = goals.clone();
    let mut robot = shuffled[nb];
    let is_free = |p: (i64, i64), boxes: &[(i64, i64)]| floor[idx(p.0, p.1)] && !boxes.contains(&p);
    // Reverse play: a pull moves the robot one step away from an adjacent box and drags the box
    // into the robot's old cell; a plain step is a (reversible) move.
    for _ in 0..(cells.len() * 8) {
        let (_, dr, dc) = DIRS[rng.random_range(0..4)];
        let next = (robot.0 + dr, robot.1 + dc);
        if !is_free(next, &boxes) {
            continue;
        }
        let behind = (robot.0 - dr, robot.1 - dc);
        let pull = rng.random_range(0..2) == 0;
        if let Some(k) = boxes.iter().position(|&b| b == behind).filter(|_| pull) {
            boxes[k] = robot;
        }
        robot = next;
    }
    let loc = |p: (i64, i64)| format!("loc_{}_{}", p.0 + 1, p.1 + 1);
    let all: Vec<String> = (0..g).flat_map(|r| (0..g).map(move |c| (r, c))).map(loc).collect();
    let bx = names("box", nb as u32);
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&all, Some("location"));
    t.objects(&bx, Some("box"));
    t.init(format!("(at-robot {})", loc(robot)));
    for (b, &p) in bx.iter().zip(&boxes) {
        t.init(format!("(at {b} {})", loc(p)));
    }
    for &p in &cells {
        if !boxes.contains(&p) {
            t.init(format!("(clear {})", loc(p)));
        }
    }
    for &(r, c) in &cells {
        for (d, dr, dc) in DIRS {
            let q = (r + dr, c + dc);
            if q.0 >= 0 && q.0 < g && q.1 >= 0 && q.1 < g && floor[idx(q.0, q.1)] {
                t.init(format!("(adjacent {} {} {d})", loc((r, c)), loc(q)));
            }
        }
    }
    for (b, &p) in bx.iter().zip(&goals) {
        t.goal(format!("(at {b} {})", loc(p)));
    }
    Ok(t.render(name, "sokoban"))
}

/// Solvable whenever spanners >= nuts (required): the man walks the one-way path collecting every
/// spanner, then tightens each nut at the gate with its own spanner.
pub fn spanner(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (ns, nn, nl) = (params.get("spanners"), params.get("nuts"), params.get("locations"));
    require(ns >= nn, || format!("spanners ({ns}) must be at least nuts ({nn}), or the instance is unsolvable"))?;
    let (sp, nut, mid) = (names("spanner", ns), names("nut", nn), names("location", nl));
    let mut locs = vec!["shed".to_string()];
    locs.extend(mid.iter().cloned());
    locs.push("gate".to_string());
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&["bob".to_string()], Some("man"));
    t.objects(&sp, Some("spanner"));
    t.objects(&nut, Some("nut"));
    t.objects(&locs, Some("location"));
    t.init("(at bob shed)".into());
    for s in &sp {
        t.init(format!("(at {s} {})", mid[rng.random_range(0..nl as usize)]));
        t.init(format!("(usable {s})"));
    }
    for n in &nut {
        t.init(format!("(at {n} gate)"));
        t.init(format!("(loose {n})"));
    }
    for w in locs.windows(2) {
        t.init(format!("(link {} {})", w[0], w[1]));
    }
    for n in &nut {
        t.goal(format!("(tightened {n})"));
    }
    Ok(t.render(name, "spanner"))
}

/// Solvable: roads form a connected symmetric graph and every truck has capacity >= 1.
pub fn transport(params: &Params, rng: &mut Rng, name: &str) -> Result<String, GenError> {
    let (nl, nt, np, cap) =
        (params.get("locations"), params.get("trucks"), params.get("packages"), params.get("capacity"));
    let loc = names("city-loc-", nl);
    let truck = names("truck-", nt);
    let pkg = names("package-", np);
    let size: Vec<String> = (0..=cap).map(|i| format!("capacity-{i}")).collect();
    let mut t = ProblemText::new();
    header(&mut t, params);
    t.objects(&loc, Some("location"));
    t.objects(&truck, Some("vehicle"));
    t.objects(&pkg, Some("package"));
    t.objects(&size, Some("capacity-number"));
    for w in size.windows(2) {
        t.init(format!("(capacity-predecessor {} {})", w[0], w[1]));
    }
    let n = nl as usize;
    for (a, b) in connected_graph(n, n / 2, rng) {
        t.init(format!("(road {} {})", loc[a], loc[b]));
        t.init(format!("(road {} {})", loc[b], loc[a]));
    }
    for p in &pkg {
        let from = rng.random_range(0..n);
        t.init(format!("(at {p} {})", loc[from]));
        let to = if n > 1 { (from + 1 + rng.random_range(0..n - 1)) % n } else { from };
        t.goal(format!("(at {p} {})", loc[to]));
    }
    for v in &truck {
        t.init(format!("(at {v} {})", loc[rng.random_range(0..n)]));
        t.init(format!("(capacity {v} {})", size[1 + rng.random_range(0..cap as usize)]));
    }
    Ok(t.render(name, "transport"))
}
