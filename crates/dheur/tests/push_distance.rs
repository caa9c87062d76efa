//! The `push-distance` table sokoban's heuristic reads (`onebox`) holds the exact one-box/robot
//! distances: on IPC 2023 sokoban test tasks, every entry of every target's column equals a
//! breadth-first search written here from the task's adjacency atoms alone (the box on x, the
//! robot on y; the robot steps to an adjacent square other than x, or pushes the box one square
//! on in its own direction), to any node with the box on the target. The checked properties only
//! make the table sound; this test is what says it is as strong as the heuristic claims.

use std::collections::{HashMap, VecDeque};

#[test]
fn the_one_box_table_holds_exact_one_box_distances() {
    let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/ipc2023-test/sokoban");
    if !corpus::require(
        "the_one_box_table_holds_exact_one_box_distances",
        base.is_dir(),
        "../shared/ipc2023-test is absent",
    ) {
        return;
    }
    let domain = std::fs::read_to_string(base.join("domain.pddl")).unwrap();
    for p in ["easy/p01.pddl", "easy/p12.pddl"] {
        let task = domains::task(&domain, &std::fs::read_to_string(base.join(p)).unwrap()).unwrap();
        let g = ground::ground(&task, ground::GroundOptions { deadline: None }).unwrap().task.unwrap();
        let st = search::state::SearchTask::new(&g).with_lifted(&task);
        let program = dheur::certify("sokoban", &st).expect("certified");
        let table = program.tables.iter().find(|t| t.name == "onebox").expect("the onebox table");
        let d = &task.domain;
        let name = |s| d.name(s).to_ascii_lowercase();
        // Squares as object ids: adjacency (a -> b in direction dir) and the goal squares.
        let mut step: HashMap<(u32, u32), u32> = HashMap::new();
        let mut squares: Vec<u32> = Vec::new();
        for a in &task.init {
            if name(d.predicates[a.predicate.0 as usize].name) == "adjacent" {
                let (x, y, dir) = (a.args[0].0, a.args[1].0, a.args[2].0);
                step.insert((x, dir), y);
                squares.extend([x, y]);
            }
        }
        squares.sort_unstable();
        squares.dedup();
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
            let mut dist: HashMap<(u32, u32), u64> = squares.iter().map(|&y| ((t, y), 0)).collect();
            let mut queue: VecDeque<(u32, u32)> = squares.iter().map(|&y| (t, y)).collect();
            while let Some(v) = queue.pop_front() {
                let dv = dist[&v];
                for &u in pred.get(&v).map(Vec::as_slice).unwrap_or(&[]) {
                    dist.entry(u).or_insert_with(|| {
                        queue.push_back(u);
                        dv + 1
                    });
                }
            }
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
