//! LM-cut (Helmert & Domshlak 2009), following Fast Downward's `lm_cut_landmarks`: one full hmax
//! exploration per state, then after each cut only the incremental update from the cut
//! operators' effects (costs only fall, so hmax values only fall and only the atoms whose
//! supporting chain got cheaper are revisited). Conditional effects are relaxed to unconditional
//! ones, which only adds relaxed plans and keeps it admissible.
//!
//! The values are Fast Downward's up to ties (the same supporter rules and tie-breaking); where
//! this differs, it is for speed:
//! - every atom keeps the list of the operators it supports (an intrusive doubly linked list
//!   through the operators, so a supporter change is O(1)). The forward pass of each cut and the
//!   incremental update visit exactly the operators an atom supports, where Fast Downward walks
//!   all the operators it is a precondition of and skips the others (on hiking, 5 preconditions
//!   per operator, that skipping was a third of the time);
//! - the goal-zone walk already visits every achiever of every goal-zone atom, so it marks them,
//!   and the forward pass tests "adds a goal-zone atom" with one comparison instead of scanning
//!   the operator's effects;
//! - per atom, the number of zero-cost achievers is kept as cuts lower costs, for the border test
//!   of the tie-breaking;
//! - costs are 32-bit where the task's total operator cost allows (no hmax value can exceed it),
//!   and an operator's working state is one 36-byte record.
//!
//! Measured with `bench/plan.sh` (see bench/README.md): time per expansion about 0.8 of Fast
//! Downward's, from 1.16 before these changes.

use crate::heuristic::{Heuristic, Relaxed, Value};
use crate::state::{SearchTask, State};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

const NONE: u32 = u32::MAX;

/// `v[i]` without the bounds check, for LM-cut's innermost loops (the checks were 12 % of its
/// time on hiking).
///
/// # Safety
/// `i < v.len()`. Every use indexes with an atom or operator id read from the lists that
/// [`Cuts::new`] validated (`validate`), or an operator id from a supporter list, which only ever
/// holds such ids.
#[inline(always)]
unsafe fn at<T: Copy>(v: &[T], i: u32) -> T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: the caller's promise.
    unsafe { *v.get_unchecked(i as usize) }
}

/// `&mut v[i]` without the bounds check; see [`at`].
///
/// # Safety
/// `i < v.len()`.
#[inline(always)]
unsafe fn at_mut<T>(v: &mut [T], i: u32) -> &mut T {
    debug_assert!((i as usize) < v.len());
    // SAFETY: the caller's promise.
    unsafe { v.get_unchecked_mut(i as usize) }
}

/// The integer type of costs and hmax values: `u32` when the task's costs allow, else `u64`.
pub trait CostInt: Copy + Ord + std::ops::Sub<Output = Self> + std::ops::SubAssign + Send + 'static {
    const ZERO: Self;
    const INF: Self;
    fn from_u64(x: u64) -> Self;
    fn to_u64(self) -> u64;
    fn add(self, o: Self) -> Self;
}

impl CostInt for u32 {
    const ZERO: u32 = 0;
    const INF: u32 = u32::MAX;
    fn from_u64(x: u64) -> u32 {
        u32::try_from(x).expect("LmCut::new chose u32 for costs that fit")
    }
    fn to_u64(self) -> u64 {
        self as u64
    }
    #[inline]
    fn add(self, o: u32) -> u32 {
        self.saturating_add(o)
    }
}

impl CostInt for u64 {
    const ZERO: u64 = 0;
    const INF: u64 = u64::MAX;
    fn from_u64(x: u64) -> u64 {
        x
    }
    fn to_u64(self) -> u64 {
        self
    }
    #[inline]
    fn add(self, o: u64) -> u64 {
        self.saturating_add(o)
    }
}

/// A monotone integer priority queue for Dijkstra-style explorations, as Fast Downward's
/// `AdaptiveQueue`: one bucket per key while keys stay below `limit` (unit and small costs: O(1)
/// pushes and pops), a binary heap once a larger key is pushed (until the next `clear`).
struct AdaptiveQueue<C> {
    buckets: Vec<Vec<u32>>,
    cur: usize,
    len: usize,
    limit: u64,
    heap: BinaryHeap<Reverse<(C, u32)>>,
    use_heap: bool,
}

impl<C: CostInt> AdaptiveQueue<C> {
    fn new(limit: usize) -> AdaptiveQueue<C> {
        AdaptiveQueue {
            buckets: Vec::new(),
            cur: 0,
            len: 0,
            limit: limit as u64,
            heap: BinaryHeap::new(),
            use_heap: false,
        }
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
    fn push(&mut self, key: C, x: u32) {
        if !self.use_heap && key.to_u64() >= self.limit {
            self.use_heap = true;
            for (k, b) in self.buckets.iter_mut().enumerate().skip(self.cur) {
                for x in b.drain(..) {
                    self.heap.push(Reverse((C::from_u64(k as u64), x)));
                }
            }
            self.len = 0;
            self.cur = 0;
        }
        if self.use_heap {
            self.heap.push(Reverse((key, x)));
            return;
        }
        let k = key.to_u64() as usize;
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
    fn pop(&mut self) -> Option<(C, u32)> {
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
        self.buckets[self.cur].pop().map(|x| (C::from_u64(self.cur as u64), x))
    }
}

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

    /// List `i`, without bounds checks.
    ///
    /// # Safety
    /// `i + 1 < start.len()`, and the list was validated (`Cuts::validate`: `start` ascending and
    /// ending at `items.len()`).
    #[inline(always)]
    unsafe fn get_unchecked(&self, i: u32) -> &[u32] {
        // SAFETY: the caller's promise; validated ranges lie within `items`.
        unsafe {
            let (from, to) = (at(&self.start, i), at(&self.start, i + 1));
            self.items.get_unchecked(from as usize..to as usize)
        }
    }
}

/// What an evaluation changes of one relaxed operator.
#[derive(Clone, Copy)]
struct OpState<C> {
    /// The cost left after the cuts so far.
    cost: C,
    /// hmax of `supporter`.
    supporter_cost: C,
    /// A precondition of largest hmax (`NONE` until all preconditions are reached).
    supporter: u32,
    /// Preconditions not reached yet (first exploration).
    unsat: u32,
    /// Neighbours in the list of operators that `supporter` supports.
    next: u32,
    prev: u32,
    /// The round of `find_cut` in which the operator was found to add a goal-zone atom.
    adds_goal_zone: u32,
    /// The effects, `eff_items[eff_from..eff_to]` (constant; here to share the cache line).
    eff_from: u32,
    eff_to: u32,
}

const ZONE_NONE: u8 = 0;
const BEFORE_GOAL_ZONE: u8 = 1;
const GOAL_ZONE: u8 = 2;

/// LM-cut over the relaxed task, with costs of type `C`.
struct Cuts<C> {
    pre: Csr,
    /// All operators' effects; each operator's are a range given in its `OpState`.
    eff_items: Vec<u32>,
    pre_of: Csr,
    eff_of: Csr,
    base_cost: Vec<C>,
    pre_len: Vec<u32>,
    goal_atom: u32,
    ops: Vec<OpState<C>>,
    /// `INF` for atoms not relaxed-reachable.
    hmax: Vec<C>,
    /// First operator this atom supports (`NONE`: none).
    supports: Vec<u32>,
    status: Vec<u8>,
    /// Per atom, how many of its achievers cost 0 now (kept up to date as cuts lower costs, for
    /// the border test of `break_supporter_ties`), and at the operators' full costs.
    zero_cost_achievers: Vec<u32>,
    base_zero_cost_achievers: Vec<u32>,
    /// Atoms whose `status` was set in this round, to reset.
    touched: Vec<u32>,
    /// Counts the calls of `find_cut`, for `OpState::adds_goal_zone`.
    round: u32,
    queue: AdaptiveQueue<C>,
    stack: Vec<u32>,
    frames: Vec<(u32, u32)>,
    cut: Vec<u32>,
    state_atoms: Vec<u32>,
}

impl<C: CostInt> Cuts<C> {
    fn new(r: &Relaxed) -> Cuts<C> {
        let (na, no) = (r.natoms, r.ops.len());
        let eff = Csr::new(r.ops.iter().map(|o| &o.eff));
        let ops = (0..no)
            .map(|i| OpState {
                cost: C::ZERO,
                supporter_cost: C::ZERO,
                supporter: NONE,
                unsat: 0,
                adds_goal_zone: 0,
                next: NONE,
                prev: NONE,
                eff_from: eff.start[i],
                eff_to: eff.start[i + 1],
            })
            .collect();
        let cuts = Cuts {
            pre: Csr::new(r.ops.iter().map(|o| &o.pre)),
            eff_items: eff.items,
            pre_of: Csr::new(r.pre_of.iter()),
            eff_of: Csr::new(r.eff_of.iter()),
            base_cost: r.ops.iter().map(|o| C::from_u64(o.cost)).collect(),
            pre_len: r.ops.iter().map(|o| o.pre.len() as u32).collect(),
            goal_atom: r.goal_atom,
            ops,
            hmax: vec![C::INF; na],
            supports: vec![NONE; na],
            status: vec![ZONE_NONE; na],
            zero_cost_achievers: vec![0; na],
            base_zero_cost_achievers: r
                .eff_of
                .iter()
                .map(|a| a.iter().filter(|&&o| r.ops[o as usize].cost == 0).count() as u32)
                .collect(),
            touched: Vec::new(),
            round: 0,
            queue: AdaptiveQueue::new((4 * na).max(1024)),
            stack: Vec::new(),
            frames: Vec::new(),
            cut: Vec::new(),
            state_atoms: Vec::new(),
        };
        cuts.validate();
        cuts
    }

    /// Checks, once, what the unchecked accesses ([`at`], [`at_mut`]) rely on: every list item
    /// is an atom or operator id in range, and every range lies within its list.
    fn validate(&self) {
        let (na, no) = (self.hmax.len() as u32, self.ops.len() as u32);
        assert!(self.status.len() == na as usize && self.supports.len() == na as usize);
        assert!(self.pre.items.iter().chain(&self.eff_items).all(|&a| a < na));
        assert!(self.pre_of.items.iter().chain(&self.eff_of.items).all(|&o| o < no));
        assert!(self.goal_atom < na);
        assert!(self.pre.start.len() == no as usize + 1);
        assert!(self.pre_of.start.len() == na as usize + 1 && self.eff_of.start.len() == na as usize + 1);
        for c in [&self.pre, &self.pre_of, &self.eff_of] {
            assert!(c.start.windows(2).all(|w| w[0] <= w[1]) && *c.start.last().unwrap() as usize == c.items.len());
        }
        assert!(self.ops.iter().all(|o| o.eff_from <= o.eff_to && o.eff_to as usize <= self.eff_items.len()));
    }

    /// Makes `p` the supporter of `oi` (which has none, or was unlinked), at the list's head.
    #[inline]
    fn link(&mut self, oi: usize, p: u32) {
        let head = self.supports[p as usize];
        let o = &mut self.ops[oi];
        o.supporter = p;
        o.prev = NONE;
        o.next = head;
        if head != NONE {
            self.ops[head as usize].prev = oi as u32;
        }
        self.supports[p as usize] = oi as u32;
    }

    #[inline]
    fn unlink(&mut self, oi: usize) {
        let OpState { prev, next, supporter, .. } = self.ops[oi];
        if prev != NONE {
            self.ops[prev as usize].next = next;
        } else {
            self.supports[supporter as usize] = next;
        }
        if next != NONE {
            self.ops[next as usize].prev = prev;
        }
    }

    #[inline]
    fn set_supporter(&mut self, oi: usize, p: u32) {
        if self.ops[oi].supporter != p {
            self.unlink(oi);
            self.link(oi, p);
        }
    }

    /// hmax with supporters under the operators' full costs, from scratch.
    fn first_exploration(&mut self) {
        self.hmax.fill(C::INF);
        self.supports.fill(NONE);
        for (o, (&c, &n)) in self.ops.iter_mut().zip(self.base_cost.iter().zip(&self.pre_len)) {
            o.cost = c;
            o.unsat = n;
            o.supporter = NONE;
        }
        self.queue.clear();
        for &a in &self.state_atoms {
            self.hmax[a as usize] = C::ZERO;
            self.queue.push(C::ZERO, a);
        }
        while let Some((c, p)) = self.queue.pop() {
            if c > self.hmax[p as usize] {
                continue;
            }
            let (from, to) = (self.pre_of.start[p as usize] as usize, self.pre_of.start[p as usize + 1] as usize);
            for k in from..to {
                let oi = self.pre_of.items[k] as usize;
                let o = &mut self.ops[oi];
                o.unsat -= 1;
                if o.unsat == 0 {
                    // The last precondition reached has the largest hmax: the supporter.
                    o.supporter_cost = c;
                    let (target, o) = (c.add(o.cost), *o);
                    self.link(oi, p);
                    self.lower_effects(&o, target);
                }
            }
        }
    }

    /// Lowers the hmax of `o`'s effects to `target` where that is lower, queueing them.
    #[inline]
    fn lower_effects(&mut self, o: &OpState<C>, target: C) {
        for &e in &self.eff_items[o.eff_from as usize..o.eff_to as usize] {
            // SAFETY: effects are atom ids (validated), and `hmax` has one entry per atom.
            let h = unsafe { at_mut(&mut self.hmax, e) };
            if target < *h {
                *h = target;
                self.queue.push(target, e);
            }
        }
    }

    /// Restores hmax after the costs of the cut's operators fell: only values can fall, and only
    /// through operators whose supporter's value fell.
    fn incremental_exploration(&mut self) {
        self.queue.clear();
        for i in 0..self.cut.len() {
            let o = self.ops[self.cut[i] as usize];
            self.lower_effects(&o, o.supporter_cost.add(o.cost));
        }
        while let Some((c, p)) = self.queue.pop() {
            if c > self.hmax[p as usize] {
                continue;
            }
            let mut oi = self.supports[p as usize];
            while oi != NONE {
                let o = self.ops[oi as usize];
                let next = o.next;
                if o.supporter_cost > c {
                    let old = o.supporter_cost;
                    let (mut sp, mut sc) = (p, c);
                    // SAFETY: `oi` is an operator id, and `pre` has a list per operator.
                    for &q in unsafe { self.pre.get_unchecked(oi) } {
                        // SAFETY: preconditions are atom ids (validated).
                        let h = unsafe { at(&self.hmax, q) };
                        if h > sc {
                            sp = q;
                            sc = h;
                        }
                    }
                    self.set_supporter(oi as usize, sp);
                    self.ops[oi as usize].supporter_cost = sc;
                    if sc < old {
                        self.lower_effects(&o, sc.add(o.cost));
                    }
                }
                oi = next;
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
        let c = self.ops[oi].supporter_cost;
        let (from, to) = (self.pre.start[oi] as usize, self.pre.start[oi + 1] as usize);
        for k in from..to {
            let q = self.pre.items[k];
            if self.hmax[q as usize] != c {
                continue;
            }
            if self.zero_cost_achievers[q as usize] == 0 || self.status[q as usize] == GOAL_ZONE {
                self.set_supporter(oi, q);
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
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            // Wrapped: no operator may look marked in this round already.
            self.ops.iter_mut().for_each(|o| o.adds_goal_zone = 0);
            self.round = 1;
        }
        // Goal zone, depth first as Fast Downward's recursive `mark_goal_plateau` (the order
        // matters to the tie-breaking below): frames of (next, end) positions in the atom's
        // achievers in `eff_of.items`.
        self.mark(self.goal_atom, GOAL_ZONE);
        let g = self.goal_atom as usize;
        let mut frames: Vec<(u32, u32)> = std::mem::take(&mut self.frames);
        frames.clear();
        frames.push((self.eff_of.start[g], self.eff_of.start[g + 1]));
        while let Some(top) = frames.last_mut() {
            if top.0 == top.1 {
                frames.pop();
                continue;
            }
            let oi = self.eff_of.items[top.0 as usize] as usize;
            top.0 += 1;
            // Every achiever of every goal-zone atom passes here: the forward pass below needs
            // to know which operators add a goal-zone atom, and learns it from this mark.
            self.ops[oi].adds_goal_zone = self.round;
            if self.ops[oi].cost != C::ZERO || self.ops[oi].supporter == NONE {
                continue;
            }
            self.break_supporter_ties(oi);
            let sp = self.ops[oi].supporter;
            if self.status[sp as usize] != GOAL_ZONE {
                self.mark(sp, GOAL_ZONE);
                frames.push((self.eff_of.start[sp as usize], self.eff_of.start[sp as usize + 1]));
            }
        }
        self.frames = frames;
        // Forward from the state through the operators each atom supports.
        self.cut.clear();
        self.stack.clear();
        for i in 0..self.state_atoms.len() {
            let a = self.state_atoms[i];
            self.mark(a, BEFORE_GOAL_ZONE);
            self.stack.push(a);
        }
        while let Some(p) = self.stack.pop() {
            let mut oi = self.supports[p as usize];
            while oi != NONE {
                // SAFETY: supporter lists hold operator ids.
                let o = unsafe { at(&self.ops, oi) };
                if o.adds_goal_zone == self.round {
                    self.cut.push(oi);
                } else {
                    for &e in &self.eff_items[o.eff_from as usize..o.eff_to as usize] {
                        // SAFETY: effects are atom ids (validated).
                        let st = unsafe { at_mut(&mut self.status, e) };
                        if *st != BEFORE_GOAL_ZONE {
                            if *st == ZONE_NONE {
                                self.touched.push(e);
                            }
                            *st = BEFORE_GOAL_ZONE;
                            self.stack.push(e);
                        }
                    }
                }
                oi = o.next;
            }
        }
    }

    /// LM-cut of the state whose relaxed atoms are in `state_atoms`.
    fn evaluate(&mut self) -> Value {
        self.zero_cost_achievers.copy_from_slice(&self.base_zero_cost_achievers);
        self.first_exploration();
        let goal = self.goal_atom as usize;
        if self.hmax[goal] == C::INF {
            return None;
        }
        let mut h = 0u64;
        while self.hmax[goal] != C::ZERO {
            self.find_cut();
            for &a in &self.touched {
                self.status[a as usize] = ZONE_NONE;
            }
            self.touched.clear();
            let Some(cut_cost) = self.cut.iter().map(|&o| self.ops[o as usize].cost).min() else {
                // Cannot happen while the goal has a finite positive hmax; stop safely with what
                // has been found (still a lower bound).
                break;
            };
            if cut_cost == C::ZERO {
                break;
            }
            h = h.saturating_add(cut_cost.to_u64());
            for i in 0..self.cut.len() {
                let oi = self.cut[i] as usize;
                self.ops[oi].cost -= cut_cost;
                if self.ops[oi].cost == C::ZERO {
                    let o = self.ops[oi];
                    for &e in &self.eff_items[o.eff_from as usize..o.eff_to as usize] {
                        self.zero_cost_achievers[e as usize] += 1;
                    }
                }
            }
            self.incremental_exploration();
        }
        Some(h)
    }
}

enum Width {
    Narrow(Cuts<u32>),
    Wide(Cuts<u64>),
}

pub struct LmCut {
    r: Relaxed,
    cuts: Width,
}

impl LmCut {
    pub fn new(t: &SearchTask) -> LmCut {
        let r = Relaxed::new(t, false);
        // No hmax value exceeds the sum of all operator costs (a relaxed plan uses each at most
        // once), so below `u32::MAX` 32 bits are exact.
        let total = r.ops.iter().try_fold(0u64, |s, o| s.checked_add(o.cost));
        let cuts = match total {
            Some(s) if s < u32::MAX as u64 => Width::Narrow(Cuts::new(&r)),
            _ => Width::Wide(Cuts::new(&r)),
        };
        LmCut { r, cuts }
    }
}

impl Heuristic for LmCut {
    fn name(&self) -> &str {
        "lmcut"
    }

    fn evaluate(&mut self, s: &State, _: Option<&mut Vec<u32>>) -> Value {
        match &mut self.cuts {
            Width::Narrow(c) => {
                self.r.state_atoms(s, &mut c.state_atoms);
                c.evaluate()
            }
            Width::Wide(c) => {
                self.r.state_atoms(s, &mut c.state_atoms);
                c.evaluate()
            }
        }
    }

    fn admissible(&self) -> bool {
        true
    }
}

impl LmCut {
    /// With 64-bit costs whatever the task's costs (tests compare the two widths).
    #[doc(hidden)]
    pub fn wide(t: &SearchTask) -> LmCut {
        let r = Relaxed::new(t, false);
        let cuts = Width::Wide(Cuts::new(&r));
        LmCut { r, cuts }
    }
}
