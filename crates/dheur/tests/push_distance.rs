//! The `push-distance` table sokoban's heuristic reads (`onebox`) holds the exact one-box/robot
//! distances: on IPC 2023 sokoban test tasks, every entry of every target's column equals a
//! breadth-first search written here from the task's adjacency atoms alone (the box on x, the
//! robot on y; the robot steps to an adjacent square other than x, or pushes the box one square
//! on in its own direction), to any node with the box on the target. The checked properties only
//! make the table sound; this test is what says it is as strong as the heuristic claims. The
//! same for the two-box table (`twobox`): boxes on x1 and x2, the robot on y, both boxes to their
//! targets.

use std::collections::{HashMap, VecDeque};

/// A task's adjacency as object ids: (square, direction) -> the next square, and the squares.
fn adjacency(task: &model::lifted::Task) -> (HashMap<(u32, u32), u32>, Vec<u32>) {
    let d = &task.domain;
    let mut step: HashMap<(u32, u32), u32> = HashMap::new();
    let mut squares: Vec<u32> = Vec::new();
    for a in &task.init {
        if d.name(d.predicates[a.predicate.0 as usize].name).eq_ignore_ascii_case("adjacent") {
            let (x, y, dir) = (a.args[0].0, a.args[1].0, a.args[2].0);
            step.insert((x, dir), y);
            squares.extend([x, y]);
        }
    }
    squares.sort_unstable();
    squares.dedup();
    (step, squares)
}

/// Breadth-first search backwards from `seeds` over the predecessor lists `pred`: the distance
/// of every node that reaches a seed.
fn backward<N: Copy + Eq + std::hash::Hash>(
    pred: &HashMap<N, Vec<N>>,
    seeds: impl Iterator<Item = N>,
) -> HashMap<N, u64> {
    let mut dist: HashMap<N, u64> = HashMap::new();
    let mut queue: VecDeque<N> = VecDeque::new();
    for v in seeds {
        dist.insert(v, 0);
        queue.push_back(v);
    }
    while let Some(v) = queue.pop_front() {
        let dv = dist[&v];
        for &u in pred.get(&v).map(Vec::as_slice).unwrap_or(&[]) {
            dist.entry(u).or_insert_with(|| {
                queue.push_back(u);
                dv + 1
            });
        }
    }
    dist
}

/// The IPC 2023 sokoban test set's folder and domain, where ../shared has them.
fn sokoban(test: &str) -> Option<(std::path::PathBuf, String)> {
    let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/ipc2023-test/sokoban");
    if !corpus::require(test, base.is_dir(), "../shared/ipc2023-test is absent") {
        return None;
    }
    let domain = std::fs::read_to_string(base.join("domain.pddl")).unwrap();
    Some((base, domain))
}

#[test]
fn the_two_box_table_holds_exact_two_box_distances() {
    let Some((base, domain)) = sokoban("the_two_box_table_holds_exact_two_box_distances") else { return };
    // Easy p12: two boxes on a 10x10 grid.
    let p = "easy/p12.pddl";
    let task = domains::task(&domain, &std::fs::read_to_string(base.join(p)).unwrap()).unwrap();
    let g = ground::ground(&task, ground::GroundOptions { deadline: None }).unwrap().task.unwrap();
    let st = search::state::SearchTask::new(&g).with_lifted(&task);
    let program = dheur::certify("sokoban", &st).expect("certified");
    let table = program.tables.iter().find(|t| t.name == "twobox").expect("the twobox table");
    let (step, squares) = adjacency(&task);
    let dirs: Vec<u32> = step.keys().map(|&(_, dir)| dir).collect();
    let view = dheur::compile::TaskView::new(&task, Some(&g));
    let (at, _) = view.predicate("at").expect("predicate at");
    let goals: Vec<u32> =
        view.goal.as_ref().expect("conjunctive").iter().filter(|(q, _)| *q == at).map(|(_, a)| a[1]).collect();
    assert_eq!(goals.len(), 2, "{p}: two box goals");
    let (t1, t2) = (goals[0], goals[1]);
    let mut want_targets = vec![(t1, t2), (t2, t1)];
    want_targets.sort_unstable();
    assert_eq!(table.pair_targets(), Some(want_targets), "{p}: one column per ordered goal pair");
    // Sokoban with these two boxes alone: nodes (x1, x2, y), all three distinct. The robot steps
    // onto a free square, or into a box's square, pushing that box on in the same direction onto
    // a square that is not the other box's.
    type Node = (u32, u32, u32);
    let mut pred: HashMap<Node, Vec<Node>> = HashMap::new();
    for &x1 in &squares {
        for &x2 in squares.iter().filter(|&&x| x != x1) {
            for &y in squares.iter().filter(|&&y| y != x1 && y != x2) {
                for &dir in &dirs {
                    let Some(&y1) = step.get(&(y, dir)) else { continue };
                    let next = if y1 != x1 && y1 != x2 {
                        Some((x1, x2, y1))
                    } else if y1 == x1 {
                        step.get(&(x1, dir)).filter(|&&b| b != x2).map(|&b| (b, x2, x1))
                    } else {
                        step.get(&(x2, dir)).filter(|&&b| b != x1).map(|&b| (x1, b, x2))
                    };
                    if let Some(v) = next {
                        pred.entry(v).or_default().push((x1, x2, y));
                    }
                }
            }
        }
    }
    let dist = backward(&pred, squares.iter().filter(|&&y| y != t1 && y != t2).map(|&y| (t1, t2, y)));
    let mut finite = 0;
    for &x1 in &squares {
        for &x2 in squares.iter().filter(|&&x| x != x1) {
            for &y in squares.iter().filter(|&&y| y != x1 && y != x2) {
                let want = dist.get(&(x1, x2, y)).copied().unwrap_or(table.cap as u64);
                finite += (want < table.cap as u64) as usize;
                assert_eq!(table.distance_pair(x1, x2, y, t1, t2), Some(want), "{p}: boxes {x1} {x2}, robot {y}");
                assert_eq!(
                    table.distance_pair(x2, x1, y, t2, t1),
                    Some(want),
                    "{p}: swapped, boxes {x1} {x2}, robot {y}"
                );
            }
        }
    }
    assert!(finite > squares.len() * squares.len(), "{p}: too few finite entries ({finite})");
}

#[test]
fn the_one_box_table_holds_exact_one_box_distances() {
    let Some((base, domain)) = sokoban("the_one_box_table_holds_exact_one_box_distances") else { return };
    for p in ["easy/p01.pddl", "easy/p12.pddl"] {
        let task = domains::task(&domain, &std::fs::read_to_string(base.join(p)).unwrap()).unwrap();
        let g = ground::ground(&task, ground::GroundOptions { deadline: None }).unwrap().task.unwrap();
        let st = search::state::SearchTask::new(&g).with_lifted(&task);
        let program = dheur::certify("sokoban", &st).expect("certified");
        let table = program.tables.iter().find(|t| t.name == "onebox").expect("the onebox table");
        // Squares as object ids: adjacency (a -> b in direction dir) and the goal squares.
        let (step, squares) = adjacency(&task);
        let view = dheur::compile::TaskView::new(&task, Some(&g));
        let (at, _) = view.predicate("at").expect("predicate at");
        let targets: Vec<u32> =
            view.goal.as_ref().expect("conjunctive").iter().filter(|(q, _)| *q == at).map(|(_, a)| a[1]).collect();
        assert!(!targets.is_empty(), "{p}: no box goal");
        let dirs: Vec<u32> = step.keys().map(|&(_, dir)| dir).collect();
        for &t in &targets {
            // Forward BFS from every node would be slow; backward from the target nodes instead.
            let mut pred: HashMap<(u32, u32), Vec<(u32, u32)>> = HashMap::new();
            for &x in &squares {
                for &y in &squares {
                    for &dir in &dirs {
                        let Some(&y1) = step.get(&(y, dir)) else { continue };
                        if y1 != x {
                            pred.entry((x, y1)).or_default().push((x, y));
                        } else if let Some(&x1) = step.get(&(x, dir)) {
                            pred.entry((x1, x)).or_default().push((x, y));
                        }
                    }
                }
            }
            let dist = backward(&pred, squares.iter().map(|&y| (t, y)));
            let mut finite = 0;
            for &x in &squares {
                for &y in &squares {
                    let want = dist.get(&(x, y)).copied().unwrap_or(table.cap as u64);
                    finite += (want < table.cap as u64) as usize;
                    assert_eq!(table.distance_by(x, y, t), Some(want), "{p}: box {x}, robot {y}, target {t}");
                }
            }
            assert!(finite > squares.len(), "{p}: too few finite entries ({finite})");
        }
    }
}
