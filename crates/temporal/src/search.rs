//! Forward search over snap actions with a simple temporal network (STN), in the style of
//! CRIKEY3/POPF (Coles et al.).
//!
//! A search node is a sequence of happenings: starts and ends of durative actions, instantaneous
//! actions and timed initial literals (TILs). The logical state follows the sequence; the open
//! (started, not ended) actions are part of the state, and their `over all` conditions must hold
//! after every happening while they are open. Times are not chosen during the search: each new
//! happening adds difference constraints to the STN of its path,
//!
//! - `t_h >= t_j + ε` for every earlier happening `j` that it interferes with (one writes what the
//!   other reads or writes; `over all` conditions count as read by the start and the end), so
//!   that interfering happenings are at least ε apart and VAL's groups (within ε/10) never mix
//!   them; happenings that do not interfere commute and may share a time;
//! - `lo <= t_end - t_start <= hi` from the duration constraints, evaluated at the start;
//! - `t = T` for a TIL at time `T`, and `t_h <= T - ε` for a happening that interferes with a TIL
//!   still pending (deadlines and windows);
//!
//! and the node is kept only when the STN is consistent (Bellman–Ford on the path's constraints,
//! warm-started from the parent's earliest times, which adding constraints can only raise). The
//! schedule of a plan is the least solution: every happening at its earliest time. Times are
//! integers in milliseconds, so the printed times (three decimals) are exactly the scheduled ones.
//!
//! The engine is greedy best-first search with the temporal relaxed plan heuristic and a second
//! queue for helpful snap actions, alternated with Fast Downward's boost on progress; lazy (a node
//! is evaluated when expanded, its children queued with its value, as in Fast Downward's
//! `lazy_greedy` and LAMA) by default, eager as an option. With
//! `anytime`, the search goes on after the first plan, pruning nodes whose makespan lower bound
//! is no better than the best plan, until the space is exhausted or the limit hits.
//!
//! Duplicate states (logical state, open actions, next TIL) are pruned without comparing their
//! STNs, as POPF does; that may cut off the only schedulable path when actions are open or TILs
//! pending, so an exhausted search proves unsolvability only when no such pruning happened.

use crate::ground::{Grounded, Print};
use crate::heuristic::Heuristic;
use crate::state::State;
use pddl::ast::Comparison;
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

/// One millisecond is the unit of time in the STN.
pub const MS: f64 = 1000.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Snap {
    Root,
    Start(u32),
    /// The ground action and the index of its start happening.
    End(u32, u32),
    Instant(u32),
    Til(u32),
}

#[derive(Clone, Debug)]
struct Open {
    action: u32,
    /// The index (in the path) of its start happening.
    hap: u32,
    lo: i64,
    hi: i64,
    /// The duration, where the effects read it (then `lo == hi`).
    fixed: Option<f64>,
}

struct Node {
    parent: u32,
    snap: Snap,
    state: State,
    open: Vec<Open>,
    next_til: u32,
    /// Earliest times of the path's happenings; `times[0]` is the origin.
    times: Vec<i64>,
    /// This happening's upper bound on its time.
    upper: i64,
    /// Constraints added with this happening: `t[to] >= t[from] + w`.
    edges: Vec<(u32, u32, i64)>,
    /// A lower bound on the makespan of any plan through this node.
    bound: i64,
}

/// How the search ended.
pub enum Ended {
    Solved(Schedule),
    /// The space was exhausted; `complete`: no pruning that could lose plans happened.
    Exhausted {
        complete: bool,
    },
    OutOfTime,
    OutOfMemory,
}

/// A scheduled plan: (ground action, start time in ms, duration in ms for durative actions).
#[derive(Clone, Debug)]
pub struct Schedule {
    pub steps: Vec<(u32, i64, Option<i64>)>,
    pub makespan: i64,
}

pub struct Settings {
    pub anytime: bool,
    /// Evaluate a node when it is expanded rather than when it is generated.
    pub lazy: bool,
    pub epsilon: i64,
    pub deadline: Option<Instant>,
    pub memory_bytes: Option<u64>,
}

pub struct Searcher<'g> {
    g: &'g Grounded,
    h: Heuristic,
    til_ms: Vec<i64>,
    nodes: Vec<Node>,
    pub stats: search::Stats,
    /// Plans found, in order (each better than the one before).
    pub found: Vec<Schedule>,
    /// Ground actions by one positive atom of their `at start` condition (successor generation
    /// looks only at those whose atom holds), and those without one.
    by_atom: Vec<Vec<u32>>,
    unindexed: Vec<u32>,
    /// Per node, its heuristic value (the parent's in lazy search, until it is expanded).
    h_of: Vec<u32>,
    /// No pruning or restriction that could lose a plan happened (see the module documentation).
    complete: std::cell::Cell<bool>,
}

/// The shortest duration given to a durative action, in ms: more than VAL's grouping window
/// (a tenth of its 0.01 tolerance), less than the tolerance within which `(= ?duration 0)` holds.
pub const MIN_DURATION: i64 = 2;

/// The largest time or duration in the STN, in ms (sums of a few thousand stay far from overflow).
pub const MAX_TIME: i64 = 1 << 45;

/// A time in milliseconds, rounded to the nearest.
pub fn ms(t: f64) -> i64 {
    ((t * MS).round() as i64).clamp(-MAX_TIME, MAX_TIME)
}

impl<'g> Searcher<'g> {
    pub fn new(g: &'g Grounded) -> Searcher<'g> {
        let mut by_atom = vec![Vec::new(); g.atoms.len()];
        let mut unindexed = Vec::new();
        for (i, a) in g.actions.iter().enumerate() {
            let mut pre = Vec::new();
            crate::ground::cond_atoms(&a.start, &mut pre);
            match pre.first() {
                Some(&p) => by_atom[p as usize].push(i as u32),
                None => unindexed.push(i as u32),
            }
        }
        Searcher {
            by_atom,
            unindexed,
            g,
            h: Heuristic::new(g),
            til_ms: g.tils.iter().map(|t| ms(t.time)).collect(),
            nodes: Vec::new(),
            stats: search::Stats::default(),
            found: Vec::new(),
            h_of: Vec::new(),
            complete: std::cell::Cell::new(true),
        }
    }

    fn print(&self, s: Snap) -> Option<&'g Print> {
        let g = self.g;
        match s {
            Snap::Root => None,
            Snap::Start(a) | Snap::Instant(a) => Some(&g.actions[a as usize].start_print),
            Snap::End(a, _) => Some(&g.actions[a as usize].end_print),
            Snap::Til(k) => Some(&g.tils[k as usize].print),
        }
    }

    fn evaluate(&mut self, state: &State, open: &[Open], next_til: u32) -> crate::heuristic::Estimate {
        let open_ids: Vec<u32> = open.iter().map(|o| o.action).collect();
        let tils: Vec<u32> = self.g.tils[next_til as usize..]
            .iter()
            .filter(|t| t.positive && !state.get(t.atom))
            .map(|t| t.atom)
            .collect();
        self.stats.evaluated += 1;
        self.h.eval(state, &open_ids, &tils)
    }

    pub fn run(&mut self, s: &Settings) -> Ended {
        let started = Instant::now();
        let g = self.g;
        let init = State::new(g.atoms.len(), &g.init_atoms, &g.init_values);
        let est = self.evaluate(&init, &[], 0);
        self.stats.initial_h = est.h.map(u64::from);
        let Some(h0) = est.h else {
            self.stats.dead_ends += 1;
            return Ended::Exhausted { complete: true };
        };
        self.nodes.push(Node {
            parent: u32::MAX,
            snap: Snap::Root,
            state: init,
            open: Vec::new(),
            next_til: 0,
            times: vec![0],
            upper: 0,
            edges: Vec::new(),

            bound: 0,
        });
        if self.is_goal(&self.nodes[0]) {
            self.record(0);
            if !s.anytime {
                return self.finish(started, Ended::Solved(self.found.last().cloned().unwrap_or_else(empty)));
            }
        }
        self.h_of.push(h0);
        let mut seen: FxHashMap<(State, Vec<u32>, u32), i64> = FxHashMap::default();
        seen.insert((self.nodes[0].state.clone(), Vec::new(), 0), 0);
        let mut queues: [BinaryHeap<Reverse<(u32, u64, u32)>>; 2] = [BinaryHeap::new(), BinaryHeap::new()];
        let mut priority = [0i64; 2];
        let mut seq = 0u64;
        queues[0].push(Reverse((h0, seq, 0)));
        // Per node: its helpful actions once evaluated (`None`: not evaluated yet, lazy search).
        let mut helpful_of: Vec<Option<Vec<(u32, bool)>>> = vec![Some(est.helpful)];
        let mut expanded = vec![false];
        let mut best_h = h0;
        // Pops, counted apart from expansions: a run of dead ends or duplicates must see the
        // limits too.
        let mut pops = 0u64;
        loop {
            pops += 1;
            if pops.is_multiple_of(64) {
                if s.deadline.is_some_and(|d| Instant::now() > d) {
                    return self.finish(started, Ended::OutOfTime);
                }
                if pops.is_multiple_of(1024) && s.memory_bytes.is_some_and(|m| search::engine::rss_bytes() > m) {
                    return self.finish(started, Ended::OutOfMemory);
                }
            }
            let q = match (queues[0].is_empty(), queues[1].is_empty()) {
                (true, true) => break,
                (false, true) => 0,
                (true, false) => 1,
                _ => usize::from(priority[1] < priority[0]),
            };
            priority[q] += 1;
            let Some(Reverse((_, _, id))) = queues[q].pop() else { continue };
            if expanded[id as usize] {
                continue;
            }
            let best = self.found.last().map(|p| p.makespan);
            if best.is_some_and(|b| self.nodes[id as usize].bound >= b) {
                continue;
            }
            expanded[id as usize] = true;
            // Lazy search: a node is evaluated when it is expanded; its children are queued
            // with its value.
            let (h, helpful) = match helpful_of[id as usize].take() {
                Some(helpful) => (self.h_of[id as usize], helpful),
                None => {
                    let n = &self.nodes[id as usize];
                    let (state, open, til) = (n.state.clone(), n.open.clone(), n.next_til);
                    let est = self.evaluate(&state, &open, til);
                    let Some(h) = est.h else {
                        self.stats.dead_ends += 1;
                        continue;
                    };
                    if h < best_h {
                        best_h = h;
                        priority[1] -= 1000;
                    }
                    (h, est.helpful)
                }
            };
            self.stats.expanded += 1;
            let children = self.expand(id, &helpful, s);
            if s.deadline.is_some_and(|d| Instant::now() > d) {
                return self.finish(started, Ended::OutOfTime);
            }
            for (child, preferred) in children {
                self.stats.generated += 1;
                let key =
                    (child.state.clone(), child.open.iter().map(|o| o.action).collect::<Vec<_>>(), child.next_til);
                let timed = !child.open.is_empty() || (child.next_til as usize) < g.tils.len();
                match seen.get_mut(&key) {
                    Some(b) if !s.anytime || *b <= child.bound => {
                        if timed {
                            self.complete.set(false);
                        }
                        continue;
                    }
                    Some(b) => {
                        *b = child.bound;
                        self.stats.reopened += 1;
                    }
                    None => {
                        seen.insert(key, child.bound);
                    }
                }
                let (ch, child_helpful) = if s.lazy {
                    (h, None)
                } else {
                    let est = self.evaluate(&child.state, &child.open, child.next_til);
                    let Some(ch) = est.h else {
                        self.stats.dead_ends += 1;
                        continue;
                    };
                    if ch < best_h {
                        best_h = ch;
                        priority[1] -= 1000;
                    }
                    (ch, Some(est.helpful))
                };
                let goal = self.is_goal(&child);
                self.nodes.push(child);
                self.h_of.push(ch);
                let cid = (self.nodes.len() - 1) as u32;
                helpful_of.push(child_helpful);
                expanded.push(false);
                if goal {
                    self.record(cid);
                    if !s.anytime {
                        let plan = self.found.last().cloned().unwrap_or_else(empty);
                        return self.finish(started, Ended::Solved(plan));
                    }
                    continue;
                }
                seq += 1;
                queues[0].push(Reverse((ch, seq, cid)));
                if preferred {
                    queues[1].push(Reverse((ch, seq, cid)));
                }
            }
        }
        let complete = self.complete.get();
        let ended = match self.found.last() {
            Some(p) => Ended::Solved(p.clone()),
            None => Ended::Exhausted { complete },
        };
        self.finish(started, ended)
    }

    fn finish(&mut self, started: Instant, e: Ended) -> Ended {
        self.stats.seconds = started.elapsed().as_secs_f64();
        self.stats.registered = self.nodes.len() as u64;
        self.stats.peak_rss_bytes = search::engine::rss_bytes();
        match e {
            // A limit after a plan was found: the best plan so far.
            Ended::OutOfTime | Ended::OutOfMemory if !self.found.is_empty() => {
                Ended::Solved(self.found.last().cloned().unwrap_or_else(empty))
            }
            e => e,
        }
    }

    /// No open actions, and the goal holds once every pending TIL has fired (as VAL checks it).
    fn is_goal(&self, n: &Node) -> bool {
        if !n.open.is_empty() {
            return false;
        }
        let mut s = n.state.clone();
        for t in &self.g.tils[n.next_til as usize..] {
            s.set(t.atom, t.positive);
        }
        s.holds(&self.g.goal)
    }

    /// The plan of a goal node, recorded when it is better than the best so far.
    fn record(&mut self, id: u32) {
        let mut path = Vec::new();
        let mut i = id;
        while i != u32::MAX {
            path.push(self.nodes[i as usize].snap);
            i = self.nodes[i as usize].parent;
        }
        path.reverse();
        let times = &self.nodes[id as usize].times;
        let mut steps = Vec::new();
        let mut makespan = 0;
        for (k, snap) in path.iter().enumerate() {
            match *snap {
                Snap::Start(a) => {
                    let end = path.iter().position(|s| *s == Snap::End(a, k as u32)).unwrap_or(k);
                    steps.push((a, times[k], Some(times[end] - times[k])));
                    makespan = makespan.max(times[end]);
                }
                Snap::Instant(a) => {
                    steps.push((a, times[k], None));
                    makespan = makespan.max(times[k]);
                }
                _ => {}
            }
        }
        steps.sort_by_key(|s| s.1);
        if self.found.last().is_none_or(|b| makespan < b.makespan) {
            self.found.push(Schedule { steps, makespan });
        }
    }

    /// The successors of node `id`, each with whether it is a helpful snap action.
    fn expand(&mut self, id: u32, helpful: &[(u32, bool)], s: &Settings) -> Vec<(Node, bool)> {
        let g = self.g;
        // The path: snaps, upper bounds and constraints.
        let mut snaps = Vec::new();
        let mut uppers = Vec::new();
        let mut edges = Vec::new();
        let mut i = id;
        while i != u32::MAX {
            let n = &self.nodes[i as usize];
            snaps.push(n.snap);
            uppers.push(n.upper);
            edges.extend_from_slice(&n.edges);
            i = n.parent;
        }
        snaps.reverse();
        uppers.reverse();
        let node = &self.nodes[id as usize];
        let mut candidates = Vec::new();
        for o in &node.open {
            candidates.push(Snap::End(o.action, o.hap));
        }
        let open_set: Vec<bool> = {
            let mut v = vec![false; g.actions.len()];
            node.open.iter().for_each(|o| v[o.action as usize] = true);
            v
        };
        let mut applicable: Vec<u32> = self.unindexed.clone();
        for (w, &word) in node.state.facts.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let atom = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                applicable.extend_from_slice(&self.by_atom[atom]);
            }
        }
        applicable.sort_unstable();
        for a in applicable {
            let a = a as usize;
            let ga = &g.actions[a];
            if !node.state.holds(&ga.start) {
                continue;
            }
            if open_set[a] {
                // One instance of a ground action at a time, as in POPF.
                self.complete.set(false);
                continue;
            }
            candidates.push(if ga.durative { Snap::Start(a as u32) } else { Snap::Instant(a as u32) });
        }
        if (node.next_til as usize) < g.tils.len() {
            candidates.push(Snap::Til(node.next_til));
        }
        let uses_til = helpful.contains(&(u32::MAX, false));
        let mut out = Vec::new();
        for snap in candidates {
            // The caller sees the deadline after this expansion; a long one stops early.
            if s.deadline.is_some_and(|d| Instant::now() > d) {
                break;
            }
            let preferred = match snap {
                Snap::Start(a) | Snap::Instant(a) => helpful.contains(&(a, false)),
                Snap::End(a, _) => helpful.contains(&(a, true)),
                Snap::Til(_) => uses_til,
                Snap::Root => false,
            };
            if let Some(child) = self.successor(id, snap, &snaps, &uppers, &edges, s) {
                out.push((child, preferred));
            }
        }
        out
    }

    /// The node that `snap` leads to from node `id`, if its conditions hold, the open actions'
    /// invariants survive it and the STN stays consistent.
    fn successor(
        &self,
        id: u32,
        snap: Snap,
        snaps: &[Snap],
        uppers: &[i64],
        edges: &[(u32, u32, i64)],
        s: &Settings,
    ) -> Option<Node> {
        let g = self.g;
        let node = &self.nodes[id as usize];
        let eps = s.epsilon;
        let n = snaps.len() as u32; // the new happening's index
        let mut open = node.open.clone();
        let mut next_til = node.next_til;
        let mut new_edges = Vec::new();
        let mut lower = 0i64;
        let mut upper = i64::MAX;
        let mut back: Option<(u32, i64)> = None;
        let state = match snap {
            Snap::Start(a) => {
                let ga = &g.actions[a as usize];
                let (mut lo, mut hi) = (0i64, i64::MAX);
                for (cmp, x) in &ga.duration {
                    let v = node.state.eval(x, None)?;
                    match cmp {
                        Comparison::Eq => {
                            lo = lo.max(ms(v));
                            hi = hi.min(ms(v));
                        }
                        Comparison::Ge => lo = lo.max((v * MS - 1e-6).ceil() as i64),
                        Comparison::Gt => lo = lo.max((v * MS + 1e-6).floor() as i64 + 1),
                        Comparison::Le => hi = hi.min((v * MS + 1e-6).floor() as i64),
                        Comparison::Lt => hi = hi.min((v * MS - 1e-6).ceil() as i64 - 1),
                    }
                }
                // A duration under MIN_DURATION (zero, as in pathways' `choose`) is lengthened to
                // it: duration constraints hold within VAL's tolerance, and the start and end
                // stay in different happenings.
                if lo < MIN_DURATION {
                    lo = MIN_DURATION;
                    if hi < lo && hi > lo - s.epsilon {
                        hi = lo;
                    }
                }
                // Durations beyond a thousand years of milliseconds cannot be scheduled here
                // without overflow; such a start is not taken.
                if lo > hi || lo > MAX_TIME {
                    return None;
                }
                if hi != i64::MAX {
                    hi = hi.min(MAX_TIME);
                }
                if ga.effects_read_duration && hi > lo {
                    // Fixing the duration is a restriction: a longer one might have been needed.
                    self.complete.set(false);
                }
                let fixed = ga.effects_read_duration.then(|| {
                    hi = lo;
                    lo as f64 / MS
                });
                let next = node.state.apply(&ga.start_effects, fixed)?;
                if !next.holds(&ga.all) {
                    return None;
                }
                let pos = open.partition_point(|o| o.action < a);
                open.insert(pos, Open { action: a, hap: n, lo, hi, fixed });
                next
            }
            Snap::End(a, hap) => {
                let ga = &g.actions[a as usize];
                if !node.state.holds(&ga.end) {
                    return None;
                }
                let k = open.iter().position(|o| o.action == a)?;
                let o = open.remove(k);
                let next = node.state.apply(&ga.end_effects, o.fixed)?;
                new_edges.push((hap, n, o.lo));
                lower = lower.max(node.times[hap as usize] + o.lo);
                if o.hi != i64::MAX {
                    back = Some((hap, o.hi));
                    new_edges.push((n, hap, -o.hi));
                }
                next
            }
            Snap::Instant(a) => node.state.apply(&g.actions[a as usize].start_effects, None)?,
            Snap::Til(k) => {
                let t = &g.tils[k as usize];
                let mut next = node.state.clone();
                next.set(t.atom, t.positive);
                next_til = k + 1;
                let at = self.til_ms[k as usize];
                new_edges.push((0, n, at));
                lower = lower.max(at);
                upper = at;
                next
            }
            Snap::Root => return None,
        };
        for o in &open {
            if !state.holds(&g.actions[o.action as usize].all) {
                return None;
            }
        }
        // Ordering against the earlier happenings it interferes with.
        let print = self.print(snap)?;
        for (j, &sj) in snaps.iter().enumerate().skip(1) {
            if let (Snap::End(_, hap), Snap::Start(_)) = (snap, sj)
                && hap as usize == j
            {
                continue;
            }
            if let Some(p) = self.print(sj)
                && print.interferes(p)
            {
                new_edges.push((j as u32, n, eps));
                lower = lower.max(node.times[j] + eps);
            }
        }
        // Deadlines from the TILs still pending after this happening.
        for (k, t) in g.tils.iter().enumerate().skip(next_til as usize) {
            if print.interferes(&t.print) {
                upper = upper.min(self.til_ms[k] - eps);
            }
        }
        if lower > upper {
            return None;
        }
        let mut times = node.times.clone();
        times.push(lower);
        if let Some((hap, hi)) = back
            && lower - hi > times[hap as usize]
        {
            let mut ups = uppers.to_vec();
            ups.push(upper);
            let mut all = edges.to_vec();
            all.extend_from_slice(&new_edges);
            if !bellman_ford(&mut times, &ups, &all) {
                return None;
            }
        }
        let mut bound = 0;
        for (j, sj) in snaps.iter().enumerate() {
            if matches!(sj, Snap::Start(_) | Snap::End(..) | Snap::Instant(_)) {
                bound = bound.max(times[j]);
            }
        }
        if !matches!(snap, Snap::Til(_)) {
            bound = bound.max(times[n as usize]);
        }
        for o in &open {
            bound = bound.max(times[o.hap as usize] + o.lo);
        }
        Some(Node { parent: id, snap, state, open, next_til, times, upper, edges: new_edges, bound })
    }
}

fn empty() -> Schedule {
    Schedule { steps: Vec::new(), makespan: 0 }
}

/// Raises `times` to the least solution of `t[to] >= t[from] + w` above them; false when that
/// is impossible: the origin (index 0) would move, a time would pass its upper bound, or the
/// constraints have a positive cycle.
fn bellman_ford(times: &mut [i64], uppers: &[i64], edges: &[(u32, u32, i64)]) -> bool {
    for _ in 0..=times.len() {
        let mut changed = false;
        for &(f, t, w) in edges {
            let v = times[f as usize] + w;
            if times[t as usize] < v {
                if t == 0 || v > uppers[t as usize] {
                    return false;
                }
                times[t as usize] = v;
                changed = true;
            }
        }
        if !changed {
            return true;
        }
    }
    false
}
