//! Domain-independent heuristics. All delete-relaxation heuristics ignore negative preconditions
//! and negative goals (a further relaxation, so admissible ones stay admissible).
//!
//! - `blind`: 0 in goal states, otherwise the cheapest operator cost.
//! - `goalcount`: the number of unsatisfied goal atoms (inadmissible with zero-cost operators).
//! - `hmax`, `hadd`, `ff`: Bonet & Geffner 2001; Hoffmann & Nebel 2001 (relaxed plan from the
//!   hadd best supporters, preferred operators: its operators applicable in the state).
//! - `lmcut`: Helmert & Domshlak 2009, as in Fast Downward (artificial init and goal atoms, hmax
//!   supporters, goal zone, cuts). Conditional effects are relaxed to unconditional ones, which
//!   only adds relaxed plans and keeps it admissible.

use crate::state::{SearchTask, State, holds};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// `None` is infinity: the state is a dead end (for every heuristic here, safely so).
pub type Value = Option<u64>;

pub trait Heuristic {
    fn name(&self) -> &str;
    /// Evaluates `s`; when `preferred` is given, fills it with preferred operators (if any).
    fn evaluate(&mut self, s: &State, preferred: Option<&mut Vec<u32>>) -> Value;
    /// Whether the heuristic never overestimates (so A* with it is optimal).
    fn admissible(&self) -> bool;
}

pub struct Blind {
    min_cost: u64,
    task_goal: Vec<u32>,
    goal_neg: Vec<u32>,
}

impl Blind {
    pub fn new(t: &SearchTask) -> Blind {
        let min_cost = t.ground.operators.iter().map(|o| o.cost).min().unwrap_or(0);
        Blind { min_cost, task_goal: t.ground.goal.clone(), goal_neg: t.ground.goal_neg.clone() }
    }
}

impl Heuristic for Blind {
    fn name(&self) -> &str {
        "blind"
    }
    fn evaluate(&mut self, s: &State, _: Option<&mut Vec<u32>>) -> Value {
        let goal = self.task_goal.iter().all(|&a| holds(s, a)) && !self.goal_neg.iter().any(|&a| holds(s, a));
        Some(if goal { 0 } else { self.min_cost })
    }
    fn admissible(&self) -> bool {
        true
    }
}

pub struct GoalCount {
    goal: Vec<u32>,
    goal_neg: Vec<u32>,
}

impl GoalCount {
    pub fn new(t: &SearchTask) -> GoalCount {
        GoalCount { goal: t.ground.goal.clone(), goal_neg: t.ground.goal_neg.clone() }
    }
}

impl Heuristic for GoalCount {
    fn name(&self) -> &str {
        "goalcount"
    }
    fn evaluate(&mut self, s: &State, _: Option<&mut Vec<u32>>) -> Value {
        let n = self.goal.iter().filter(|&&a| !holds(s, a)).count() + self.goal_neg.iter().filter(|&&a| holds(s, a)).count();
        Some(n as u64)
    }
    fn admissible(&self) -> bool {
        false
    }
}

/// A relaxed operator: preconditions, effects, cost and the ground operator it comes from.
struct ROp {
    pre: Vec<u32>,
    eff: Vec<u32>,
    cost: u64,
    op: u32,
}

/// The delete relaxation with an artificial `init` atom (precondition of operators without
/// preconditions) and `goal` atom (added by an artificial goal operator).
struct Relaxed {
    natoms: usize,
    ops: Vec<ROp>,
    pre_of: Vec<Vec<u32>>,
    eff_of: Vec<Vec<u32>>,
    init_atom: u32,
    goal_atom: u32,
    goal_op: u32,
}

impl Relaxed {
    /// `split`: one relaxed operator per conditional effect (pre plus condition); otherwise
    /// conditional adds become unconditional (LM-cut).
    fn new(t: &SearchTask, split: bool) -> Relaxed {
        let g = t.ground;
        let n = g.atoms.len();
        let init_atom = n as u32;
        let goal_atom = n as u32 + 1;
        let mut ops = Vec::new();
        for (i, o) in g.operators.iter().enumerate() {
            let pre = if o.pre.is_empty() { vec![init_atom] } else { o.pre.clone() };
            let mut eff = o.add.clone();
            if split {
                for c in o.cond.iter().filter(|c| c.add) {
                    let mut p = o.pre.clone();
                    p.extend(&c.pre);
                    p.sort_unstable();
                    p.dedup();
                    if p.is_empty() {
                        p.push(init_atom);
                    }
                    ops.push(ROp { pre: p, eff: vec![c.atom], cost: o.cost, op: i as u32 });
                }
            } else {
                eff.extend(o.cond.iter().filter(|c| c.add).map(|c| c.atom));
                eff.sort_unstable();
                eff.dedup();
            }
            if !eff.is_empty() {
                ops.push(ROp { pre, eff, cost: o.cost, op: i as u32 });
            }
        }
        let goal_op = ops.len() as u32;
        let gpre = if g.goal.is_empty() { vec![init_atom] } else { g.goal.clone() };
        ops.push(ROp { pre: gpre, eff: vec![goal_atom], cost: 0, op: u32::MAX });
        let mut pre_of = vec![Vec::new(); n + 2];
        let mut eff_of = vec![Vec::new(); n + 2];
        for (i, o) in ops.iter().enumerate() {
            for &p in &o.pre {
                pre_of[p as usize].push(i as u32);
            }
            for &e in &o.eff {
                eff_of[e as usize].push(i as u32);
            }
        }
        Relaxed { natoms: n + 2, ops, pre_of, eff_of, init_atom, goal_atom, goal_op }
    }
}

const INF: u64 = u64::MAX;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Combine {
    Max,
    Add,
}

/// hmax / hadd / hFF by Dijkstra-style exploration.
pub struct RelaxationHeuristic {
    r: Relaxed,
    kind: Combine,
    ff: bool,
    cost: Vec<u64>,
    supporter: Vec<u32>,
    unsat: Vec<u32>,
    op_val: Vec<u64>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    marked: Vec<bool>,
    marked_ops: Vec<u32>,
    op_marked: Vec<bool>,
    stack: Vec<u32>,
}

impl RelaxationHeuristic {
    pub fn new(t: &SearchTask, kind: Combine, ff: bool) -> RelaxationHeuristic {
        let r = Relaxed::new(t, true);
        let (na, no) = (r.natoms, r.ops.len());
        RelaxationHeuristic {
            r,
            kind,
            ff,
            cost: vec![INF; na],
            supporter: vec![u32::MAX; na],
            unsat: vec![0; no],
            op_val: vec![0; no],
            heap: BinaryHeap::new(),
            marked: vec![false; na],
            marked_ops: Vec::new(),
            op_marked: vec![false; t.ground.operators.len()],
            stack: Vec::new(),
        }
    }

    fn explore(&mut self, s: &State) {
        self.cost.fill(INF);
        self.supporter.fill(u32::MAX);
        for (i, o) in self.r.ops.iter().enumerate() {
            self.unsat[i] = o.pre.len() as u32;
            self.op_val[i] = 0;
        }
        self.heap.clear();
        for a in 0..self.r.natoms - 2 {
            if holds(s, a as u32) {
                self.cost[a] = 0;
                self.heap.push(Reverse((0, a as u32)));
            }
        }
        self.cost[self.r.init_atom as usize] = 0;
        self.heap.push(Reverse((0, self.r.init_atom)));
        while let Some(Reverse((c, p))) = self.heap.pop() {
            if c > self.cost[p as usize] {
                continue;
            }
            if p == self.r.goal_atom {
                break;
            }
            for &oi in &self.r.pre_of[p as usize] {
                let oi = oi as usize;
                self.op_val[oi] = match self.kind {
                    Combine::Max => self.op_val[oi].max(c),
                    Combine::Add => self.op_val[oi].saturating_add(c),
                };
                self.unsat[oi] -= 1;
                if self.unsat[oi] == 0 {
                    let o = &self.r.ops[oi];
                    let target = self.op_val[oi].saturating_add(o.cost);
                    for &e in &o.eff {
                        if target < self.cost[e as usize] {
                            self.cost[e as usize] = target;
                            self.supporter[e as usize] = oi as u32;
                            self.heap.push(Reverse((target, e)));
                        }
                    }
                }
            }
        }
    }
}

impl Heuristic for RelaxationHeuristic {
    fn name(&self) -> &str {
        match (self.kind, self.ff) {
            (_, true) => "ff",
            (Combine::Max, _) => "hmax",
            (Combine::Add, _) => "add",
        }
    }

    fn evaluate(&mut self, s: &State, preferred: Option<&mut Vec<u32>>) -> Value {
        self.explore(s);
        let g = self.cost[self.r.goal_atom as usize];
        if g == INF {
            return None;
        }
        if !self.ff {
            return Some(g);
        }
        // Relaxed plan: best supporters backwards from the goal; each ground operator counted once.
        self.marked.fill(false);
        for &o in &self.marked_ops {
            self.op_marked[o as usize] = false;
        }
        self.marked_ops.clear();
        self.stack.clear();
        self.stack.push(self.r.goal_atom);
        let mut h = 0u64;
        let mut pref = Vec::new();
        while let Some(p) = self.stack.pop() {
            if self.marked[p as usize] || self.cost[p as usize] == 0 {
                continue;
            }
            self.marked[p as usize] = true;
            let oi = self.supporter[p as usize];
            if oi == u32::MAX {
                continue;
            }
            let o = &self.r.ops[oi as usize];
            if o.op != u32::MAX && !self.op_marked[o.op as usize] {
                self.op_marked[o.op as usize] = true;
                self.marked_ops.push(o.op);
                h = h.saturating_add(o.cost);
                if self.op_val[oi as usize] == 0 {
                    pref.push(o.op);
                }
            }
            self.stack.extend(o.pre.iter().copied());
        }
        if let Some(p) = preferred {
            p.extend(pref);
        }
        Some(h)
    }

    fn admissible(&self) -> bool {
        self.kind == Combine::Max && !self.ff
    }
}

/// LM-cut (Helmert & Domshlak 2009), following Fast Downward's `lm_cut_landmarks`.
pub struct LmCut {
    r: Relaxed,
    op_cost: Vec<u64>,
    hmax: Vec<u64>,
    supporter: Vec<u32>,
    supporter_cost: Vec<u64>,
    unsat: Vec<u32>,
    /// 0 unreached, 1 reached (before the goal zone), 2 goal zone.
    status: Vec<u8>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    queue: Vec<u32>,
    cut: Vec<u32>,
    in_cut: Vec<bool>,
    state_atoms: Vec<u32>,
}

impl LmCut {
    pub fn new(t: &SearchTask) -> LmCut {
        let r = Relaxed::new(t, false);
        let (na, no) = (r.natoms, r.ops.len());
        LmCut {
            op_cost: r.ops.iter().map(|o| o.cost).collect(),
            r,
            hmax: vec![INF; na],
            supporter: vec![u32::MAX; no],
            supporter_cost: vec![0; no],
            unsat: vec![0; no],
            status: vec![0; na],
            heap: BinaryHeap::new(),
            queue: Vec::new(),
            cut: Vec::new(),
            in_cut: vec![false; no],
            state_atoms: Vec::new(),
        }
    }

    /// hmax with supporters under the current operator costs.
    fn hmax_exploration(&mut self) {
        self.hmax.fill(INF);
        for (i, o) in self.r.ops.iter().enumerate() {
            self.unsat[i] = o.pre.len() as u32;
            self.supporter[i] = u32::MAX;
            self.supporter_cost[i] = 0;
        }
        self.heap.clear();
        for &a in &self.state_atoms {
            self.hmax[a as usize] = 0;
            self.heap.push(Reverse((0, a)));
        }
        while let Some(Reverse((c, p))) = self.heap.pop() {
            if c > self.hmax[p as usize] {
                continue;
            }
            for &oi in &self.r.pre_of[p as usize] {
                let oi = oi as usize;
                self.unsat[oi] -= 1;
                if self.unsat[oi] == 0 {
                    // The last precondition reached has the largest hmax: the supporter.
                    self.supporter[oi] = p;
                    self.supporter_cost[oi] = c;
                    let target = c.saturating_add(self.op_cost[oi]);
                    for &e in &self.r.ops[oi].eff {
                        if target < self.hmax[e as usize] {
                            self.hmax[e as usize] = target;
                            self.heap.push(Reverse((target, e)));
                        }
                    }
                }
            }
        }
    }
}

impl Heuristic for LmCut {
    fn name(&self) -> &str {
        "lmcut"
    }

    fn evaluate(&mut self, s: &State, _: Option<&mut Vec<u32>>) -> Value {
        for (c, o) in self.op_cost.iter_mut().zip(&self.r.ops) {
            *c = o.cost;
        }
        self.state_atoms.clear();
        for a in 0..self.r.natoms - 2 {
            if holds(s, a as u32) {
                self.state_atoms.push(a as u32);
            }
        }
        self.state_atoms.push(self.r.init_atom);
        self.hmax_exploration();
        let goal = self.r.goal_atom as usize;
        if self.hmax[goal] == INF {
            return None;
        }
        let mut h = 0u64;
        while self.hmax[goal] != 0 {
            // Goal zone: atoms reaching the goal through zero-cost operators' supporters.
            self.status.fill(0);
            self.queue.clear();
            self.queue.push(self.r.goal_atom);
            self.status[goal] = 2;
            while let Some(p) = self.queue.pop() {
                for &oi in &self.r.eff_of[p as usize] {
                    let oi = oi as usize;
                    if self.op_cost[oi] == 0 && self.supporter[oi] != u32::MAX {
                        let sp = self.supporter[oi] as usize;
                        if self.status[sp] != 2 {
                            self.status[sp] = 2;
                            self.queue.push(sp as u32);
                        }
                    }
                }
            }
            // Forward from the state through supporters; operators entering the goal zone form
            // the cut.
            self.cut.clear();
            self.queue.clear();
            for &a in &self.state_atoms {
                if self.status[a as usize] == 0 {
                    self.status[a as usize] = 1;
                    self.queue.push(a);
                }
            }
            while let Some(p) = self.queue.pop() {
                for &oi in &self.r.pre_of[p as usize] {
                    let oi = oi as usize;
                    if self.supporter[oi] != p {
                        continue;
                    }
                    let into_zone = self.r.ops[oi].eff.iter().any(|&e| self.status[e as usize] == 2);
                    if into_zone {
                        if !self.in_cut[oi] {
                            self.in_cut[oi] = true;
                            self.cut.push(oi as u32);
                        }
                    } else {
                        for &e in &self.r.ops[oi].eff {
                            if self.status[e as usize] == 0 {
                                self.status[e as usize] = 1;
                                self.queue.push(e);
                            }
                        }
                    }
                }
            }
            let Some(cut_cost) = self.cut.iter().map(|&o| self.op_cost[o as usize]).min() else {
                // Cannot happen while the goal has a finite positive hmax; bail out safely
                // with what has been found (still a lower bound).
                break;
            };
            h = h.saturating_add(cut_cost);
            for &o in &self.cut {
                self.op_cost[o as usize] -= cut_cost;
                self.in_cut[o as usize] = false;
            }
            if cut_cost == 0 {
                break;
            }
            self.hmax_exploration();
        }
        Some(h)
    }

    fn admissible(&self) -> bool {
        true
    }
}

impl LmCut {
    #[doc(hidden)]
    pub fn goal_op(&self) -> u32 {
        self.r.goal_op
    }
}
