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

use crate::state::{Layout, SearchTask, State};
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
    layout: Layout,
}

impl Blind {
    pub fn new(t: &SearchTask) -> Blind {
        let min_cost = t.ground.operators.iter().map(|o| o.cost).min().unwrap_or(0);
        Blind {
            min_cost,
            task_goal: t.ground.goal.clone(),
            goal_neg: t.ground.goal_neg.clone(),
            layout: t.layout.clone(),
        }
    }
}

impl Heuristic for Blind {
    fn name(&self) -> &str {
        "blind"
    }
    fn evaluate(&mut self, s: &State, _: Option<&mut Vec<u32>>) -> Value {
        let l = &self.layout;
        let goal = self.task_goal.iter().all(|&a| l.holds(s, a)) && !self.goal_neg.iter().any(|&a| l.holds(s, a));
        Some(if goal { 0 } else { self.min_cost })
    }
    fn admissible(&self) -> bool {
        true
    }
}

pub struct GoalCount {
    goal: Vec<u32>,
    goal_neg: Vec<u32>,
    layout: Layout,
}

impl GoalCount {
    pub fn new(t: &SearchTask) -> GoalCount {
        GoalCount { goal: t.ground.goal.clone(), goal_neg: t.ground.goal_neg.clone(), layout: t.layout.clone() }
    }
}

impl Heuristic for GoalCount {
    fn name(&self) -> &str {
        "goalcount"
    }
    fn evaluate(&mut self, s: &State, _: Option<&mut Vec<u32>>) -> Value {
        let l = &self.layout;
        let n = self.goal.iter().filter(|&&a| !l.holds(s, a)).count()
            + self.goal_neg.iter().filter(|&&a| l.holds(s, a)).count();
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
///
/// Atoms that occur negatively (negative preconditions, effect conditions or goals) get a
/// complementary atom `not a`, true exactly when `a` is false and added by the operators that
/// delete `a`, as Fast Downward's translator does with its negated facts. Dropping negative
/// conditions instead would be admissible but blind: on snake, whose goal is all negative, every
/// heuristic was 0 in the initial state (LM-cut 0 against FD's 9, 2,946 expansions against 33).
struct Relaxed {
    natoms: usize,
    /// Atoms of the ground task; relaxed atoms `0..n` are they, then the complements.
    n: usize,
    /// `(a, relaxed id of not a)` for each atom that occurs negatively.
    neg: Vec<(u32, u32)>,
    ops: Vec<ROp>,
    pre_of: Vec<Vec<u32>>,
    eff_of: Vec<Vec<u32>>,
    init_atom: u32,
    goal_atom: u32,
    goal_op: u32,
    layout: Layout,
}

impl Relaxed {
    /// `split`: one relaxed operator per conditional effect (pre plus condition); otherwise
    /// conditional effects become unconditional (LM-cut), which only adds achievers.
    fn new(t: &SearchTask, split: bool) -> Relaxed {
        let g = t.ground;
        let n = g.atoms.len();
        let mut neg_id = vec![u32::MAX; n];
        let mut neg = Vec::new();
        {
            let mut note = |a: u32| {
                if neg_id[a as usize] == u32::MAX {
                    neg_id[a as usize] = (n + neg.len()) as u32;
                    neg.push((a, neg_id[a as usize]));
                }
            };
            g.goal_neg.iter().for_each(|&a| note(a));
            for o in &g.operators {
                o.pre_neg.iter().for_each(|&a| note(a));
                o.cond.iter().flat_map(|c| &c.pre_neg).for_each(|&a| note(a));
            }
        }
        let nn = n + neg.len();
        let init_atom = nn as u32;
        let goal_atom = nn as u32 + 1;
        let with_neg = |pos: &[u32], negs: &[u32]| -> Vec<u32> {
            let mut p: Vec<u32> = pos.iter().copied().chain(negs.iter().map(|&a| neg_id[a as usize])).collect();
            p.sort_unstable();
            p.dedup();
            if p.is_empty() {
                p.push(init_atom);
            }
            p
        };
        let mut ops = Vec::new();
        for (i, o) in g.operators.iter().enumerate() {
            let pre = with_neg(&o.pre, &o.pre_neg);
            let mut eff = o.add.clone();
            // Delete-then-add: an atom both deleted and added stays true, so `not a` is not added.
            eff.extend(
                o.del
                    .iter()
                    .filter(|&&d| !o.add.contains(&d) && neg_id[d as usize] != u32::MAX)
                    .map(|&d| neg_id[d as usize]),
            );
            let cond_eff = |c: &ground::CondEffect| -> Option<u32> {
                if c.add {
                    Some(c.atom)
                } else if neg_id[c.atom as usize] != u32::MAX {
                    Some(neg_id[c.atom as usize])
                } else {
                    None
                }
            };
            if split {
                for c in &o.cond {
                    if let Some(e) = cond_eff(c) {
                        let mut p = o.pre.clone();
                        p.extend(&c.pre);
                        let mut pn = o.pre_neg.clone();
                        pn.extend(&c.pre_neg);
                        ops.push(ROp { pre: with_neg(&p, &pn), eff: vec![e], cost: o.cost, op: i as u32 });
                    }
                }
            } else {
                eff.extend(o.cond.iter().filter_map(cond_eff));
            }
            eff.sort_unstable();
            eff.dedup();
            if !eff.is_empty() {
                ops.push(ROp { pre, eff, cost: o.cost, op: i as u32 });
            }
        }
        let goal_op = ops.len() as u32;
        ops.push(ROp { pre: with_neg(&g.goal, &g.goal_neg), eff: vec![goal_atom], cost: 0, op: u32::MAX });
        let mut pre_of = vec![Vec::new(); nn + 2];
        let mut eff_of = vec![Vec::new(); nn + 2];
        for (i, o) in ops.iter().enumerate() {
            for &p in &o.pre {
                pre_of[p as usize].push(i as u32);
            }
            for &e in &o.eff {
                eff_of[e as usize].push(i as u32);
            }
        }
        Relaxed { natoms: nn + 2, n, neg, ops, pre_of, eff_of, init_atom, goal_atom, goal_op, layout: t.layout.clone() }
    }

    /// The relaxed atoms true in `s` (including `init`), into `out`.
    fn state_atoms(&self, s: &State, out: &mut Vec<u32>) {
        out.clear();
        self.layout.true_atoms(s, out);
        debug_assert!(out.iter().all(|&a| (a as usize) < self.n));
        for &(a, na) in &self.neg {
            if !self.layout.holds(s, a) {
                out.push(na);
            }
        }
        out.push(self.init_atom);
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
    atoms: Vec<u32>,
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
            atoms: Vec::new(),
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
        let mut atoms = std::mem::take(&mut self.atoms);
        self.r.state_atoms(s, &mut atoms);
        for &a in &atoms {
            self.cost[a as usize] = 0;
            self.heap.push(Reverse((0, a)));
        }
        self.atoms = atoms;
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

/// A monotone integer priority queue for Dijkstra-style explorations, as Fast Downward's
/// `AdaptiveQueue`: one bucket per key while keys stay below `limit` (unit and small costs: O(1)
/// pushes and pops), a binary heap once a larger key is pushed (until the next `clear`).
struct AdaptiveQueue {
    buckets: Vec<Vec<u32>>,
    cur: usize,
    len: usize,
    limit: usize,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    use_heap: bool,
}

impl AdaptiveQueue {
    fn new(limit: usize) -> AdaptiveQueue {
        AdaptiveQueue { buckets: Vec::new(), cur: 0, len: 0, limit, heap: BinaryHeap::new(), use_heap: false }
    }

    fn clear(&mut self) {
        if self.len > 0 {
            for b in &mut self.buckets[self.cur..] {
                b.clear();
            }
        }
        self.cur = 0;
        self.len = 0;
        self.heap.clear();
        self.use_heap = false;
    }

    #[inline]
    fn push(&mut self, key: u64, x: u32) {
        if !self.use_heap && key >= self.limit as u64 {
            self.use_heap = true;
            for (k, b) in self.buckets.iter_mut().enumerate().skip(self.cur) {
                for x in b.drain(..) {
                    self.heap.push(Reverse((k as u64, x)));
                }
            }
            self.len = 0;
            self.cur = 0;
        }
        if self.use_heap {
            self.heap.push(Reverse((key, x)));
            return;
        }
        let k = key as usize;
        if k >= self.buckets.len() {
            self.buckets.resize_with(k + 1, Vec::new);
        }
        // Keys pushed before the first pop may be below earlier ones; the buckets below `cur`
        // are empty, so moving `cur` back is safe.
        self.cur = self.cur.min(k);
        self.buckets[k].push(x);
        self.len += 1;
    }

    #[inline]
    fn pop(&mut self) -> Option<(u64, u32)> {
        if self.use_heap {
            return self.heap.pop().map(|Reverse(x)| x);
        }
        if self.len == 0 {
            return None;
        }
        while self.buckets[self.cur].is_empty() {
            self.cur += 1;
        }
        self.len -= 1;
        self.buckets[self.cur].pop().map(|x| (self.cur as u64, x))
    }
}

const ZONE_NONE: u8 = 0;
const BEFORE_GOAL_ZONE: u8 = 1;
const GOAL_ZONE: u8 = 2;

/// LM-cut (Helmert & Domshlak 2009), following Fast Downward's `lm_cut_landmarks`: one full hmax
/// exploration per state, then after each cut only the incremental update from the cut
/// operators' effects (costs only fall, so hmax values only fall and only the atoms whose
/// supporting chain got cheaper are revisited).
/// Lists of lists in two flat arrays (operators' preconditions and effects, atoms' operators):
/// LM-cut's inner loops walk them for every cut, and one contiguous array keeps them in cache
/// where a `Vec` per list would chase pointers.
struct Csr {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Csr {
    fn new<'a>(lists: impl Iterator<Item = &'a Vec<u32>>) -> Csr {
        let mut c = Csr { start: vec![0], items: Vec::new() };
        for l in lists {
            c.items.extend_from_slice(l);
            c.start.push(c.items.len() as u32);
        }
        c
    }

    #[inline]
    fn get(&self, i: usize) -> &[u32] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

pub struct LmCut {
    r: Relaxed,
    pre: Csr,
    eff: Csr,
    pre_of: Csr,
    eff_of: Csr,
    op_cost: Vec<u64>,
    /// The operators' costs and precondition counts, copied in at each evaluation.
    base_cost: Vec<u64>,
    pre_len: Vec<u32>,
    /// `INF` for atoms not relaxed-reachable.
    hmax: Vec<u64>,
    /// An operator's precondition of largest hmax (`u32::MAX` until all are reached).
    supporter: Vec<u32>,
    supporter_cost: Vec<u64>,
    unsat: Vec<u32>,
    status: Vec<u8>,
    /// Atoms whose `status` was set in this round, to reset.
    touched: Vec<u32>,
    queue: AdaptiveQueue,
    stack: Vec<u32>,
    frames: Vec<(u32, u32)>,
    cut: Vec<u32>,
    state_atoms: Vec<u32>,
}

impl LmCut {
    pub fn new(t: &SearchTask) -> LmCut {
        let r = Relaxed::new(t, false);
        let (na, no) = (r.natoms, r.ops.len());
        LmCut {
            pre: Csr::new(r.ops.iter().map(|o| &o.pre)),
            eff: Csr::new(r.ops.iter().map(|o| &o.eff)),
            pre_of: Csr::new(r.pre_of.iter()),
            eff_of: Csr::new(r.eff_of.iter()),
            op_cost: r.ops.iter().map(|o| o.cost).collect(),
            base_cost: r.ops.iter().map(|o| o.cost).collect(),
            pre_len: r.ops.iter().map(|o| o.pre.len() as u32).collect(),
            r,
            hmax: vec![INF; na],
            supporter: vec![u32::MAX; no],
            supporter_cost: vec![0; no],
            unsat: vec![0; no],
            status: vec![ZONE_NONE; na],
            touched: Vec::new(),
            queue: AdaptiveQueue::new((4 * na).max(1024)),
            stack: Vec::new(),
            frames: Vec::new(),
            cut: Vec::new(),
            state_atoms: Vec::new(),
        }
    }

    /// hmax with supporters under the current operator costs, from scratch.
    fn first_exploration(&mut self) {
        self.hmax.fill(INF);
        self.unsat.copy_from_slice(&self.pre_len);
        self.supporter.fill(u32::MAX);
        self.queue.clear();
        for &a in &self.state_atoms {
            self.hmax[a as usize] = 0;
            self.queue.push(0, a);
        }
        while let Some((c, p)) = self.queue.pop() {
            if c > self.hmax[p as usize] {
                continue;
            }
            for &oi in self.pre_of.get(p as usize) {
                let oi = oi as usize;
                self.unsat[oi] -= 1;
                if self.unsat[oi] == 0 {
                    // The last precondition reached has the largest hmax: the supporter.
                    self.supporter[oi] = p;
                    self.supporter_cost[oi] = c;
                    let target = c.saturating_add(self.op_cost[oi]);
                    for &e in self.eff.get(oi) {
                        if target < self.hmax[e as usize] {
                            self.hmax[e as usize] = target;
                            self.queue.push(target, e);
                        }
                    }
                }
            }
        }
    }

    /// Restores hmax after the costs of the cut's operators fell: only values can fall, and only
    /// through operators whose supporter's value fell.
    fn incremental_exploration(&mut self) {
        self.queue.clear();
        for &o in &self.cut {
            let o = o as usize;
            let target = self.supporter_cost[o].saturating_add(self.op_cost[o]);
            for &e in self.eff.get(o) {
                if target < self.hmax[e as usize] {
                    self.hmax[e as usize] = target;
                    self.queue.push(target, e);
                }
            }
        }
        while let Some((c, p)) = self.queue.pop() {
            if c > self.hmax[p as usize] {
                continue;
            }
            for &oi in self.pre_of.get(p as usize) {
                let oi = oi as usize;
                if self.supporter[oi] != p || self.supporter_cost[oi] <= c {
                    continue;
                }
                let old = self.supporter_cost[oi];
                let (mut sp, mut sc) = (p, c);
                for &q in self.pre.get(oi) {
                    if self.hmax[q as usize] > sc {
                        sp = q;
                        sc = self.hmax[q as usize];
                    }
                }
                self.supporter[oi] = sp;
                self.supporter_cost[oi] = sc;
                if sc < old {
                    let target = sc.saturating_add(self.op_cost[oi]);
                    for &e in self.eff.get(oi) {
                        if target < self.hmax[e as usize] {
                            self.hmax[e as usize] = target;
                            self.queue.push(target, e);
                        }
                    }
                }
            }
        }
    }

    /// Fast Downward's tie-breaking (since 2023, `border_detection` and `goal_zone_detection`,
    /// both on by default) when the goal zone passes a zero-cost operator: among its
    /// preconditions of the supporter's hmax, prefer one without zero-cost achievers (the zone's
    /// border), else one already in the goal zone. Without it the zone can swallow atoms that
    /// other goals also need, and one cut then covers several goals: LM-cut was 6 against FD's 11
    /// in the initial state of autoplanbench freecell instance 12, 2 against 3 on visitall p01.
    fn break_supporter_ties(&mut self, oi: usize) {
        let c = self.supporter_cost[oi];
        for &q in self.pre.get(oi) {
            if self.hmax[q as usize] != c {
                continue;
            }
            if self.eff_of.get(q as usize).iter().all(|&o| self.op_cost[o as usize] != 0) {
                self.supporter[oi] = q;
                return;
            }
            if self.status[q as usize] == GOAL_ZONE {
                self.supporter[oi] = q;
                return;
            }
        }
    }

    #[inline]
    fn mark(&mut self, a: u32, st: u8) {
        if self.status[a as usize] == ZONE_NONE {
            self.touched.push(a);
        }
        self.status[a as usize] = st;
    }

    /// Fills `cut` with the operators whose supporter is reached from the state before the goal
    /// zone (atoms reaching the goal through zero-cost operators' supporters) and that add an
    /// atom in it.
    fn find_cut(&mut self) {
        // Goal zone, depth first as Fast Downward's recursive `mark_goal_plateau` (the order
        // matters to the tie-breaking below): frames of (atom, next achiever index).
        self.mark(self.r.goal_atom, GOAL_ZONE);
        let mut frames: Vec<(u32, u32)> = std::mem::take(&mut self.frames);
        frames.clear();
        frames.push((self.r.goal_atom, 0));
        while let Some(top) = frames.last_mut() {
            let (p, next) = *top;
            top.1 += 1;
            let Some(&oi) = self.eff_of.get(p as usize).get(next as usize) else {
                frames.pop();
                continue;
            };
            let oi = oi as usize;
            if self.op_cost[oi] != 0 || self.supporter[oi] == u32::MAX {
                continue;
            }
            self.break_supporter_ties(oi);
            let sp = self.supporter[oi];
            if self.status[sp as usize] != GOAL_ZONE {
                if self.status[sp as usize] == ZONE_NONE {
                    self.touched.push(sp);
                }
                self.status[sp as usize] = GOAL_ZONE;
                frames.push((sp, 0));
            }
        }
        self.frames = frames;
        // Forward from the state through supporters.
        self.cut.clear();
        self.stack.clear();
        for i in 0..self.state_atoms.len() {
            let a = self.state_atoms[i];
            self.mark(a, BEFORE_GOAL_ZONE);
            self.stack.push(a);
        }
        while let Some(p) = self.stack.pop() {
            for &oi in self.pre_of.get(p as usize) {
                if self.supporter[oi as usize] != p {
                    continue;
                }
                let effs = self.eff.get(oi as usize);
                if effs.iter().any(|&e| self.status[e as usize] == GOAL_ZONE) {
                    self.cut.push(oi);
                } else {
                    for &e in effs {
                        if self.status[e as usize] != BEFORE_GOAL_ZONE {
                            if self.status[e as usize] == ZONE_NONE {
                                self.touched.push(e);
                            }
                            self.status[e as usize] = BEFORE_GOAL_ZONE;
                            self.stack.push(e);
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
        self.op_cost.copy_from_slice(&self.base_cost);
        let mut atoms = std::mem::take(&mut self.state_atoms);
        self.r.state_atoms(s, &mut atoms);
        self.state_atoms = atoms;
        self.first_exploration();
        let goal = self.r.goal_atom as usize;
        if self.hmax[goal] == INF {
            return None;
        }
        let mut h = 0u64;
        while self.hmax[goal] != 0 {
            self.find_cut();
            for &a in &self.touched {
                self.status[a as usize] = ZONE_NONE;
            }
            self.touched.clear();
            let Some(cut_cost) = self.cut.iter().map(|&o| self.op_cost[o as usize]).min() else {
                // Cannot happen while the goal has a finite positive hmax; stop safely with what
                // has been found (still a lower bound).
                break;
            };
            if cut_cost == 0 {
                break;
            }
            h = h.saturating_add(cut_cost);
            for &o in &self.cut {
                self.op_cost[o as usize] -= cut_cost;
            }
            self.incremental_exploration();
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
