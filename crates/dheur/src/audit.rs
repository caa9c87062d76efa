//! Audits, the feedback a heuristic's author works from: goal-awareness and consistency on the
//! transitions of reachable states (breadth first, up to a number of states), and h <= h* on
//! every reachable state of a small task (h* by a backward Dijkstra over the full state graph).

use search::heuristic::{Heuristic, Value};
use search::registry::StateRegistry;
use search::state::SearchTask;
use search::successor::SuccessorGenerator;
use serde::Serialize;
use std::collections::VecDeque;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Violation {
    /// h(s) > 0 in a goal state.
    GoalAware { state: Vec<String>, h: u64 },
    /// h(s) > c(o) + h(s'), or h(s) infinite in a state with a finite successor's path.
    Consistency { state: Vec<String>, operator: String, cost: u64, h: Option<u64>, h_successor: Option<u64> },
    /// h(s) > h*(s) (exhaustive audit only).
    Admissibility { state: Vec<String>, h: Option<u64>, h_star: Option<u64> },
}

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub states: usize,
    pub transitions: usize,
    /// Whether every reachable state was visited.
    pub complete: bool,
    pub violation: Option<Violation>,
}

fn names(t: &SearchTask, s: &[u64]) -> Vec<String> {
    let mut atoms = Vec::new();
    t.true_atoms(s, &mut atoms);
    atoms.sort_unstable();
    match t.lifted {
        Some(l) => atoms.iter().map(|&a| format!("({})", t.ground.atom_text(l, a))).collect(),
        None => atoms.iter().map(|a| format!("atom#{a}")).collect(),
    }
}

fn op_name(t: &SearchTask, op: u32) -> String {
    t.lifted.and_then(|l| t.ground.operator_text(l, op as usize)).unwrap_or_else(|| format!("operator#{op}"))
}

/// Whether h(s) <= c + h(s'), with infinity (None) as the largest value.
fn consistent(h: Value, c: u64, hs: Value) -> bool {
    match (h, hs) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(a), Some(b)) => a <= c.saturating_add(b),
    }
}

/// Breadth-first over at most `limit` reachable states; the first violation ends the walk.
/// Dead ends (h infinite) are expanded too: a dead end with a finite successor is a violation.
pub fn consistency(t: &SearchTask, h: &mut dyn Heuristic, limit: usize) -> Report {
    let succ = SuccessorGenerator::new(t);
    let mut reg = StateRegistry::new(t.words);
    let init = t.initial_state();
    let mut values: Vec<Value> = Vec::new();
    let (id, _) = reg.insert(&init);
    values.push(h.evaluate(&init, None));
    debug_assert_eq!(id, 0);
    let mut queue = VecDeque::from([0u32]);
    let (mut transitions, mut ops, mut next) = (0usize, Vec::new(), Vec::new());
    let mut expanded = 0usize;
    while let Some(id) = queue.pop_front() {
        if expanded >= limit {
            return Report { states: expanded, transitions, complete: false, violation: None };
        }
        expanded += 1;
        let s = reg.get(id).to_vec();
        let hs = values[id as usize];
        if t.is_goal(&s) && hs != Some(0) {
            let v = Violation::GoalAware { state: names(t, &s), h: hs.unwrap_or(u64::MAX) };
            return Report { states: expanded, transitions, complete: false, violation: Some(v) };
        }
        let mut violation = None;
        succ.for_each_successor(t, &s, &mut ops, &mut next, |op, next| {
            transitions += 1;
            let (nid, new) = reg.insert(next);
            if new {
                values.push(h.evaluate(next, None));
                queue.push_back(nid);
            }
            let hn = values[nid as usize];
            let c = t.cost(op as usize);
            if !consistent(hs, c, hn) {
                violation = Some(Violation::Consistency {
                    state: names(t, &s),
                    operator: op_name(t, op),
                    cost: c,
                    h: hs,
                    h_successor: hn,
                });
            }
            violation.is_none()
        });
        if violation.is_some() {
            return Report { states: expanded, transitions, complete: false, violation };
        }
    }
    Report { states: expanded, transitions, complete: true, violation: None }
}

/// h <= h* on every reachable state of a task with at most `limit` reachable states (`None` when
/// it has more). Also checks goal-awareness and consistency on the way.
pub fn exhaustive(t: &SearchTask, h: &mut dyn Heuristic, limit: usize) -> Option<Report> {
    let succ = SuccessorGenerator::new(t);
    let mut reg = StateRegistry::new(t.words);
    let init = t.initial_state();
    reg.insert(&init);
    let mut edges: Vec<Vec<(u32, u64)>> = vec![Vec::new()]; // backward: successor -> (parent, cost)
    let mut i = 0u32;
    let (mut ops, mut next) = (Vec::new(), Vec::new());
    let mut transitions = 0;
    while (i as usize) < reg.len() {
        if reg.len() > limit {
            return None;
        }
        let s = reg.get(i).to_vec();
        succ.for_each_successor(t, &s, &mut ops, &mut next, |op, next| {
            transitions += 1;
            let (nid, new) = reg.insert(next);
            if new {
                edges.push(Vec::new());
            }
            edges[nid as usize].push((i, t.cost(op as usize)));
            true
        });
        i += 1;
    }
    let n = reg.len();
    let mut hstar: Vec<Option<u64>> = vec![None; n];
    let mut heap = std::collections::BinaryHeap::new();
    for id in 0..n as u32 {
        if t.is_goal(reg.get(id)) {
            hstar[id as usize] = Some(0);
            heap.push(std::cmp::Reverse((0u64, id)));
        }
    }
    while let Some(std::cmp::Reverse((d, v))) = heap.pop() {
        if hstar[v as usize] != Some(d) {
            continue;
        }
        for &(u, c) in &edges[v as usize] {
            let nd = d + c;
            if hstar[u as usize].is_none_or(|x| nd < x) {
                hstar[u as usize] = Some(nd);
                heap.push(std::cmp::Reverse((nd, u)));
            }
        }
    }
    let mut violation = None;
    for id in 0..n as u32 {
        let s = reg.get(id).to_vec();
        let hv = h.evaluate(&s, None);
        let ok = match (hv, hstar[id as usize]) {
            (_, None) => true,
            (None, Some(_)) => false,
            (Some(a), Some(b)) => a <= b,
        };
        if !ok {
            violation = Some(Violation::Admissibility { state: names(t, &s), h: hv, h_star: hstar[id as usize] });
            break;
        }
    }
    if violation.is_none() {
        let mut r = consistency(t, h, usize::MAX);
        r.transitions = transitions;
        return Some(r);
    }
    Some(Report { states: n, transitions, complete: true, violation })
}
