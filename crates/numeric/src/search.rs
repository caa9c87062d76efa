//! Explicit-state search over numeric states: eager greedy best-first search with a second queue
//! for the successors by helpful actions (alternating, as ENHSP and Fast Downward do), and A*
//! with re-opening.
//!
//! A state is its atoms (bits) and its variables' values (their `f64` bits, so that duplicate
//! detection is exact). Successors are computed with `model::semantics`, as the validator does:
//! every right-hand side read in the state before the step, delete-then-add, `increase` and
//! `decrease` of one fluent summed, any other pair of updates of one fluent makes the step
//! inapplicable.

use crate::Limits;
use crate::heuristic::{Kind, Relaxed};
use crate::task::{NumOperator, NumericTask};
use model::semantics;
use pddl::ast::AssignOp;
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

/// How a search ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Solved {
        plan: Vec<u32>,
        cost: f64,
    },
    /// Every reachable state was expanded (dead ends pruned only where the relaxation proves them).
    Unsolvable,
    OutOfTime,
    OutOfMemory,
}

/// What a search measured.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    pub expanded: u64,
    pub generated: u64,
    pub evaluated: u64,
    pub dead_ends: u64,
    pub states: u64,
    pub initial_h: Option<f64>,
    pub seconds: f64,
}

struct Space<'a> {
    task: &'a NumericTask,
    words: usize,
    nvars: usize,
    index: FxHashMap<Box<[u64]>, u32>,
    states: Vec<Box<[u64]>>,
    parent: Vec<(u32, u32)>,
    g: Vec<f64>,
    /// Operators by their first positive precondition atom; those without one apart.
    by_atom: Vec<Vec<u32>>,
    free: Vec<u32>,
}

impl<'a> Space<'a> {
    fn new(task: &'a NumericTask) -> Space<'a> {
        let mut by_atom = vec![Vec::new(); task.atoms.len()];
        let mut free = Vec::new();
        for (i, o) in task.operators.iter().enumerate() {
            match o.pre.first() {
                Some(&a) => by_atom[a as usize].push(i as u32),
                None => free.push(i as u32),
            }
        }
        Space {
            task,
            words: task.atoms.len().div_ceil(64),
            nvars: task.vars.len(),
            index: FxHashMap::default(),
            states: Vec::new(),
            parent: Vec::new(),
            g: Vec::new(),
            by_atom,
            free,
        }
    }

    fn pack(&self, atoms: &[bool], vals: &[f64]) -> Box<[u64]> {
        let mut s = vec![0u64; self.words + self.nvars];
        for (i, &t) in atoms.iter().enumerate() {
            if t {
                s[i / 64] |= 1 << (i % 64);
            }
        }
        for (i, v) in vals.iter().enumerate() {
            // One NaN for every undefined value, and 0.0 for -0.0, so that equal states are equal.
            let v = if v.is_nan() {
                f64::NAN
            } else if *v == 0.0 {
                0.0
            } else {
                *v
            };
            s[self.words + i] = v.to_bits();
        }
        s.into_boxed_slice()
    }

    fn unpack(&self, id: u32, atoms: &mut Vec<bool>, vals: &mut Vec<f64>) {
        let s = &self.states[id as usize];
        atoms.clear();
        atoms.extend((0..self.task.atoms.len()).map(|i| s[i / 64] >> (i % 64) & 1 == 1));
        vals.clear();
        vals.extend(s[self.words..].iter().map(|&b| f64::from_bits(b)));
    }

    /// The id of a state, and whether it is new.
    fn insert(&mut self, s: Box<[u64]>, parent: (u32, u32), g: f64) -> (u32, bool) {
        if let Some(&id) = self.index.get(&s) {
            return (id, false);
        }
        let id = self.states.len() as u32;
        self.index.insert(s.clone(), id);
        self.states.push(s);
        self.parent.push(parent);
        self.g.push(g);
        (id, true)
    }

    fn applicable(&self, atoms: &[bool], vals: &[f64], out: &mut Vec<u32>) {
        out.clear();
        let ok = |o: &NumOperator| {
            o.pre.iter().all(|&a| atoms[a as usize])
                && o.pre_neg.iter().all(|&a| !atoms[a as usize])
                && o.num_pre.iter().all(|c| c.holds(vals))
        };
        for &i in &self.free {
            if ok(&self.task.operators[i as usize]) {
                out.push(i);
            }
        }
        for (a, &t) in atoms.iter().enumerate() {
            if t {
                for &i in &self.by_atom[a] {
                    if ok(&self.task.operators[i as usize]) {
                        out.push(i);
                    }
                }
            }
        }
    }

    fn plan(&self, mut id: u32) -> Vec<u32> {
        let mut plan = Vec::new();
        while self.parent[id as usize].0 != u32::MAX {
            let (p, o) = self.parent[id as usize];
            plan.push(o);
            id = p;
        }
        plan.reverse();
        plan
    }
}

/// The successor of applying `o` (applicable) in (`atoms`, `vals`), or `None` when a numeric
/// update is not defined there (an undefined value, division by zero, conflicting updates).
pub fn successor(o: &NumOperator, atoms: &[bool], vals: &[f64]) -> Option<(Vec<bool>, Vec<f64>)> {
    let mut na = atoms.to_vec();
    let mut adds: Vec<u32> = Vec::new();
    let mut dels: Vec<u32> = o.del.clone();
    for c in &o.cond {
        if c.pre.iter().all(|&a| atoms[a as usize]) && c.pre_neg.iter().all(|&a| !atoms[a as usize]) {
            if c.add { adds.push(c.atom) } else { dels.push(c.atom) }
        }
    }
    for &d in &dels {
        na[d as usize] = false;
    }
    for &a in o.add.iter().chain(&adds) {
        na[a as usize] = true;
    }
    let mut nv = vals.to_vec();
    if !o.num_eff.is_empty() {
        let mut updates: Vec<(u32, AssignOp, f64)> = Vec::with_capacity(o.num_eff.len());
        for e in &o.num_eff {
            updates.push((e.var, e.op, e.rhs.eval(vals).ok()?));
        }
        updates.sort_by_key(|u| u.0);
        let mut i = 0;
        while i < updates.len() {
            let mut j = i + 1;
            while j < updates.len() && updates[j].0 == updates[i].0 {
                j += 1;
            }
            let group = &updates[i..j];
            let (op, value) = if group.len() == 1 {
                (group[0].1, group[0].2)
            } else if group.windows(2).all(|w| semantics::updates_commute(w[0].1, w[1].1)) {
                let delta: f64 = group.iter().map(|&(_, op, v)| if op == AssignOp::Decrease { -v } else { v }).sum();
                (AssignOp::Increase, delta)
            } else {
                return None;
            };
            let cur = vals[group[0].0 as usize];
            let new = semantics::apply_assign(op, (!cur.is_nan()).then_some(cur), value).ok()?;
            nv[group[0].0 as usize] = new;
            i = j;
        }
    }
    Some((na, nv))
}

fn is_goal(task: &NumericTask, atoms: &[bool], vals: &[f64]) -> bool {
    task.goal.iter().all(|&a| atoms[a as usize])
        && task.goal_neg.iter().all(|&a| !atoms[a as usize])
        && task.goal_num.iter().all(|c| c.holds(vals))
}

fn rss_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1).and_then(|x| x.parse::<u64>().ok()))
        .map_or(0, |pages| pages * 4096)
}

/// `Some(outcome)` when a limit is exceeded; `n` counts evaluations, and the clock is read every
/// 32 of them (an evaluation can take milliseconds on large tasks).
fn over(limits: &Limits, n: u64) -> Option<Outcome> {
    if !n.is_multiple_of(32) {
        return None;
    }
    if limits.deadline.is_some_and(|d| Instant::now() > d) {
        return Some(Outcome::OutOfTime);
    }
    if n.is_multiple_of(1024) && limits.memory_bytes.is_some_and(|m| rss_bytes() > m) {
        return Some(Outcome::OutOfMemory);
    }
    None
}

fn key(v: f64) -> u64 {
    v.max(0.0).to_bits()
}

/// Eager greedy best-first search on `h`; with `preferred`, successors by helpful actions also go
/// into a second queue, and the two queues alternate.
pub fn gbfs(task: &NumericTask, kind: Kind, preferred: bool, limits: &Limits) -> (Outcome, Stats) {
    let t0 = Instant::now();
    let mut stats = Stats::default();
    let mut sp = Space::new(task);
    let mut h = Relaxed::new(task, kind, false);
    let init_atoms: Vec<bool> = {
        let mut v = vec![false; task.atoms.len()];
        for &a in &task.init {
            v[a as usize] = true;
        }
        v
    };
    let s0 = sp.pack(&init_atoms, &task.init_values);
    let (root, _) = sp.insert(s0, (u32::MAX, u32::MAX), 0.0);
    stats.evaluated += 1;
    let Some(h0) = h.eval(&init_atoms, &task.init_values) else {
        stats.initial_h = None;
        stats.dead_ends = 1;
        stats.states = 1;
        stats.seconds = t0.elapsed().as_secs_f64();
        return (Outcome::Unsolvable, stats);
    };
    stats.initial_h = Some(h0);
    if is_goal(task, &init_atoms, &task.init_values) {
        stats.states = 1;
        stats.seconds = t0.elapsed().as_secs_f64();
        return (Outcome::Solved { plan: Vec::new(), cost: 0.0 }, stats);
    }
    let mut helpful: FxHashMap<u32, Box<[u32]>> = FxHashMap::default();
    helpful.insert(root, h.helpful.clone().into_boxed_slice());
    let mut closed = vec![false];
    let mut open: BinaryHeap<Reverse<(u64, u64, u32)>> = BinaryHeap::new();
    let mut pref: BinaryHeap<Reverse<(u64, u64, u32)>> = BinaryHeap::new();
    let mut counter = 0u64;
    open.push(Reverse((key(h0), counter, root)));
    let (mut atoms, mut vals, mut ops) = (Vec::new(), Vec::new(), Vec::new());
    let mut turn = 0u64;
    let outcome = loop {
        turn += 1;
        let use_pref = preferred && !pref.is_empty() && (turn.is_multiple_of(2) || open.is_empty());
        let popped = if use_pref { pref.pop() } else { open.pop().or_else(|| pref.pop()) };
        let Some(Reverse((_, _, id))) = popped else { break Outcome::Unsolvable };
        if closed[id as usize] {
            continue;
        }
        closed[id as usize] = true;
        stats.expanded += 1;
        sp.unpack(id, &mut atoms, &mut vals);
        let helpful_here = helpful.remove(&id).unwrap_or_default();
        sp.applicable(&atoms, &vals, &mut ops);
        let mut found = None;
        let mut stopped = None;
        for &oi in &ops {
            let o = &task.operators[oi as usize];
            let Some((na, nv)) = successor(o, &atoms, &vals) else { continue };
            stats.generated += 1;
            let packed = sp.pack(&na, &nv);
            let g = sp.g[id as usize] + o.cost;
            let (cid, new) = sp.insert(packed, (id, oi), g);
            if !new {
                continue;
            }
            closed.push(false);
            if is_goal(task, &na, &nv) {
                found = Some(cid);
                break;
            }
            stats.evaluated += 1;
            if let Some(o) = over(limits, stats.evaluated) {
                stopped = Some(o);
                break;
            }
            match h.eval(&na, &nv) {
                None => {
                    stats.dead_ends += 1;
                    closed[cid as usize] = true;
                }
                Some(hv) => {
                    counter += 1;
                    open.push(Reverse((key(hv), counter, cid)));
                    if preferred {
                        helpful.insert(cid, h.helpful.clone().into_boxed_slice());
                        if helpful_here.contains(&oi) {
                            pref.push(Reverse((key(hv), counter, cid)));
                        }
                    }
                }
            }
        }
        if let Some(goal) = found {
            break Outcome::Solved { plan: sp.plan(goal), cost: sp.g[goal as usize] };
        }
        if let Some(o) = stopped.take() {
            break o;
        }
    };
    stats.states = sp.states.len() as u64;
    stats.seconds = t0.elapsed().as_secs_f64();
    (outcome, stats)
}

/// A* on `g + h` with re-opening; `h` is `hmax` (`Some`) or blind (`None`). Optimal for the
/// operators' costs when `h` is admissible.
pub fn astar(task: &NumericTask, hmax: bool, limits: &Limits) -> (Outcome, Stats) {
    let t0 = Instant::now();
    let mut stats = Stats::default();
    let mut sp = Space::new(task);
    let mut h = hmax.then(|| Relaxed::new(task, Kind::Max, true));
    let eval = |h: &mut Option<Relaxed>, a: &[bool], v: &[f64]| -> Option<f64> {
        match h {
            Some(r) => r.eval(a, v),
            None => Some(0.0),
        }
    };
    let init_atoms: Vec<bool> = {
        let mut v = vec![false; task.atoms.len()];
        for &a in &task.init {
            v[a as usize] = true;
        }
        v
    };
    let s0 = sp.pack(&init_atoms, &task.init_values);
    let (root, _) = sp.insert(s0, (u32::MAX, u32::MAX), 0.0);
    stats.evaluated += 1;
    let Some(h0) = eval(&mut h, &init_atoms, &task.init_values) else {
        stats.dead_ends = 1;
        stats.states = 1;
        stats.seconds = t0.elapsed().as_secs_f64();
        return (Outcome::Unsolvable, stats);
    };
    stats.initial_h = Some(h0);
    let mut hval: Vec<f64> = vec![h0];
    let mut open: BinaryHeap<Reverse<(u64, u64, u32)>> = BinaryHeap::new();
    open.push(Reverse((key(h0), key(h0), root)));
    let (mut atoms, mut vals, mut ops) = (Vec::new(), Vec::new(), Vec::new());
    let mut closed_g: Vec<f64> = vec![f64::INFINITY];
    let outcome = 'search: loop {
        let Some(Reverse((fk, _, id))) = open.pop() else { break Outcome::Unsolvable };
        let g = sp.g[id as usize];
        if f64::from_bits(fk) > g + hval[id as usize] + 1e-9 || g >= closed_g[id as usize] {
            continue; // stale entry
        }
        closed_g[id as usize] = g;
        sp.unpack(id, &mut atoms, &mut vals);
        if is_goal(task, &atoms, &vals) {
            break Outcome::Solved { plan: sp.plan(id), cost: g };
        }
        stats.expanded += 1;
        sp.applicable(&atoms, &vals, &mut ops);
        for &oi in &ops {
            let o = &task.operators[oi as usize];
            let Some((na, nv)) = successor(o, &atoms, &vals) else { continue };
            stats.generated += 1;
            let packed = sp.pack(&na, &nv);
            let ng = g + o.cost;
            let (cid, new) = sp.insert(packed, (id, oi), ng);
            if new {
                closed_g.push(f64::INFINITY);
                stats.evaluated += 1;
                if let Some(o) = over(limits, stats.evaluated) {
                    break 'search o;
                }
                match eval(&mut h, &na, &nv) {
                    None => {
                        stats.dead_ends += 1;
                        hval.push(f64::INFINITY);
                        closed_g[cid as usize] = f64::NEG_INFINITY;
                        continue;
                    }
                    Some(hv) => hval.push(hv),
                }
            } else if ng < sp.g[cid as usize] && hval[cid as usize].is_finite() {
                sp.g[cid as usize] = ng;
                sp.parent[cid as usize] = (id, oi);
                // Re-opened: expanded again with the better g.
                closed_g[cid as usize] = f64::INFINITY;
            } else {
                continue;
            }
            let hv = hval[cid as usize];
            open.push(Reverse((key(ng + hv), key(hv), cid)));
        }
    };
    stats.states = sp.states.len() as u64;
    stats.seconds = t0.elapsed().as_secs_f64();
    (outcome, stats)
}
