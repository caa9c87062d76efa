//! Search engines: eager best-first search (A*, weighted A*, greedy) and lazy best-first search,
//! with duplicate detection in the state registry, reopening, the goal test at expansion, and
//! paper 001's tie-breaking for A* (lowest f, then lowest h, then most recently generated).
//! Several heuristics and preferred-operator queues are combined by alternation, as in FD.

use crate::config::{Config, Engine, HeuristicKind};
use crate::heuristic::{Blind, Combine, GoalCount, Heuristic, RelaxationHeuristic};
use crate::lmcut::LmCut;
use crate::queue::BucketQueue;
use crate::registry::{StateId, StateRegistry};
use crate::state::SearchTask;
use crate::successor::SuccessorGenerator;
use serde::Serialize;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    pub deadline: Option<Instant>,
    /// Resident memory of the whole process, in bytes.
    pub memory_bytes: Option<u64>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    pub expanded: u64,
    pub generated: u64,
    pub evaluated: u64,
    pub reopened: u64,
    pub dead_ends: u64,
    pub registered: u64,
    /// Expansions before the last f-layer (A*), as FD reports them.
    pub expanded_until_last_jump: u64,
    pub last_f_layer: Option<u64>,
    pub initial_h: Option<u64>,
    pub seconds: f64,
    /// Registry arena and table plus per-state search information, divided by the states.
    pub bytes_per_state: f64,
    pub peak_rss_bytes: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Outcome {
    /// Operators of the plan (indices into the ground task) and its cost.
    Solved {
        plan: Vec<u32>,
        cost: u64,
    },
    /// The reachable state space was exhausted: no plan exists.
    Unsolvable,
    OutOfTime,
    OutOfMemory,
}

pub struct SearchResult {
    pub outcome: Outcome,
    pub stats: Stats,
}

/// What a progress line shows.
#[derive(Clone, Debug, Serialize)]
pub struct Progress {
    pub f_layer: Option<u64>,
    pub expanded: u64,
    pub generated: u64,
    pub elapsed: f64,
    pub rss_bytes: u64,
}

/// Resident set size of this process, from /proc (0 where unavailable).
pub fn rss_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1).and_then(|x| x.parse::<u64>().ok()))
        .map_or(0, |pages| pages * 4096)
}

/// Peak resident set size (VmHWM), from /proc (0 where unavailable).
pub fn peak_rss_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|x| x.parse::<u64>().ok()))
        })
        .map_or(0, |kb| kb * 1024)
}

pub fn make_heuristic(kind: HeuristicKind, t: &SearchTask) -> Box<dyn Heuristic> {
    match kind {
        HeuristicKind::Blind => Box::new(Blind::new(t)),
        HeuristicKind::GoalCount => Box::new(GoalCount::new(t)),
        HeuristicKind::Hmax => Box::new(RelaxationHeuristic::new(t, Combine::Max, false)),
        HeuristicKind::Hadd => Box::new(RelaxationHeuristic::new(t, Combine::Add, false)),
        HeuristicKind::Ff => Box::new(RelaxationHeuristic::new(t, Combine::Add, true)),
        HeuristicKind::LmCut => Box::new(LmCut::new(t)),
    }
}

const NEW: u8 = 0;
const OPEN: u8 = 1;
const CLOSED: u8 = 2;
const DEAD: u8 = 3;
const NONE: u32 = u32::MAX;

/// The heuristics of a configuration, each instantiated once, and where each one's value goes.
struct Evaluators {
    hs: Vec<Box<dyn Heuristic>>,
    /// For each queue heuristic of the config, its instance.
    queue_h: Vec<usize>,
    /// Instances whose preferred operators are used.
    pref_h: Vec<usize>,
    values: Vec<u64>,
    preferred: Vec<u32>,
}

impl Evaluators {
    fn new(cfg: &Config, t: &SearchTask) -> Evaluators {
        let mut kinds: Vec<HeuristicKind> = Vec::new();
        let index = |k: HeuristicKind, kinds: &mut Vec<HeuristicKind>| match kinds.iter().position(|&x| x == k) {
            Some(i) => i,
            None => {
                kinds.push(k);
                kinds.len() - 1
            }
        };
        let queue_h: Vec<usize> = cfg.heuristics.iter().map(|&k| index(k, &mut kinds)).collect();
        let pref_h: Vec<usize> = cfg.preferred.iter().map(|&k| index(k, &mut kinds)).collect();
        let hs = kinds.iter().map(|&k| make_heuristic(k, t)).collect();
        Evaluators { hs, queue_h, pref_h, values: vec![0; kinds.len()], preferred: Vec::new() }
    }

    /// Evaluates every instance; false for a dead end. Preferred operators go to `self.preferred`.
    fn evaluate(&mut self, s: &[u64], want_preferred: bool) -> bool {
        self.preferred.clear();
        for i in 0..self.hs.len() {
            let pref = want_preferred && self.pref_h.contains(&i);
            let v = if pref { self.hs[i].evaluate(s, Some(&mut self.preferred)) } else { self.hs[i].evaluate(s, None) };
            match v {
                Some(v) => self.values[i] = v,
                None => return false,
            }
        }
        if want_preferred {
            self.preferred.sort_unstable();
            self.preferred.dedup();
        }
        true
    }
}

struct Nodes {
    g: Vec<u64>,
    parent: Vec<StateId>,
    op: Vec<u32>,
    /// The first queue heuristic's value (all of them when there are several, `hs[i * k + j]`),
    /// in 32 bits as Fast Downward stores it: 4 bytes less per state. Larger values are clipped
    /// (never met in practice; a lower value keeps an admissible heuristic admissible).
    h: Vec<u32>,
    status: Vec<u8>,
    k: usize,
}

impl Nodes {
    fn ensure(&mut self, id: StateId) {
        let n = id as usize + 1;
        if self.g.len() < n {
            self.g.resize(n, u64::MAX);
            self.parent.resize(n, NONE);
            self.op.resize(n, NONE);
            self.h.resize(n * self.k, 0);
            self.status.resize(n, NEW);
        }
    }
    fn bytes(&self) -> usize {
        self.g.capacity() * 8
            + self.parent.capacity() * 4
            + self.op.capacity() * 4
            + self.h.capacity() * 4
            + self.status.capacity()
    }
}

struct Run<'a, 't> {
    task: &'a SearchTask<'t>,
    cfg: &'a Config,
    limits: Limits,
    start: Instant,
    last_progress: Instant,
    stats: Stats,
    progress: &'a mut dyn FnMut(&Progress),
}

impl Run<'_, '_> {
    /// Time and memory checks, and the progress line; every 256 expansions.
    fn check(&mut self, f_layer: Option<u64>) -> Option<Outcome> {
        if !self.stats.expanded.is_multiple_of(256) {
            return None;
        }
        let now = Instant::now();
        if let Some(d) = self.limits.deadline
            && now > d
        {
            return Some(Outcome::OutOfTime);
        }
        let rss = rss_bytes();
        if let Some(m) = self.limits.memory_bytes
            && rss > m
        {
            return Some(Outcome::OutOfMemory);
        }
        if now.duration_since(self.last_progress) >= Duration::from_millis(500) {
            self.last_progress = now;
            let p = Progress {
                f_layer,
                expanded: self.stats.expanded,
                generated: self.stats.generated,
                elapsed: now.duration_since(self.start).as_secs_f64(),
                rss_bytes: rss,
            };
            (self.progress)(&p);
        }
        None
    }
}

fn extract_plan(nodes: &Nodes, goal: StateId) -> Vec<u32> {
    let mut plan = Vec::new();
    let mut s = goal;
    while nodes.parent[s as usize] != NONE {
        plan.push(nodes.op[s as usize]);
        s = nodes.parent[s as usize];
    }
    plan.reverse();
    plan
}

/// Runs the configured search. `progress` is called about twice a second.
pub fn search(task: &SearchTask, cfg: &Config, limits: Limits, progress: &mut dyn FnMut(&Progress)) -> SearchResult {
    let start = Instant::now();
    let mut run = Run { task, cfg, limits, start, last_progress: start, stats: Stats::default(), progress };
    let mut registry = StateRegistry::new(task.words);
    let k = cfg.heuristics.len();
    let mut nodes = Nodes { g: Vec::new(), parent: Vec::new(), op: Vec::new(), h: Vec::new(), status: Vec::new(), k };
    let outcome = match cfg.engine {
        Engine::Eager => eager(&mut run, &mut registry, &mut nodes),
        Engine::Lazy => lazy(&mut run, &mut registry, &mut nodes),
    };
    let mut stats = run.stats;
    stats.seconds = start.elapsed().as_secs_f64();
    stats.registered = registry.len() as u64;
    if !registry.is_empty() {
        stats.bytes_per_state = (registry.bytes() + nodes.bytes()) as f64 / registry.len() as f64;
    }
    stats.peak_rss_bytes = peak_rss_bytes();
    SearchResult { outcome, stats }
}

fn clip(h: u64) -> u32 {
    h.min(u32::MAX as u64) as u32
}

/// The queue key of a state for queue heuristic `j`.
fn key(cfg: &Config, g: u64, h: u64) -> (u64, u64) {
    match cfg.weight {
        Some(w) => (g.saturating_add(h.saturating_mul(w)), h),
        None => (h, 0),
    }
}

fn eager(run: &mut Run, registry: &mut StateRegistry, nodes: &mut Nodes) -> Outcome {
    let task = run.task;
    let cfg = run.cfg;
    let mut ev = Evaluators::new(cfg, task);
    let sg = SuccessorGenerator::new(task);
    let k = cfg.heuristics.len();
    let use_pref = !cfg.preferred.is_empty();
    // Queues: one per heuristic, then one preferred-only queue per heuristic.
    let nq = if use_pref { 2 * k } else { k };
    // A* breaks ties LIFO (paper 001); greedy search FIFO (FD's default).
    let lifo = cfg.weight.is_some();
    let mut queues: Vec<BucketQueue<StateId>> = (0..nq).map(|_| BucketQueue::new(lifo)).collect();
    let init = task.initial_state();
    let (id, _) = registry.insert(&init);
    nodes.ensure(id);
    run.stats.evaluated += 1;
    if !ev.evaluate(&init, false) {
        run.stats.dead_ends += 1;
        return Outcome::Unsolvable;
    }
    nodes.g[id as usize] = 0;
    nodes.status[id as usize] = OPEN;
    for j in 0..k {
        nodes.h[id as usize * k + j] = clip(ev.values[ev.queue_h[j]]);
        for q in [j, j + k].into_iter().filter(|&q| q < nq) {
            queues[q].push(key(cfg, 0, nodes.h[id as usize * k + j] as u64), id);
        }
    }
    run.stats.initial_h = Some(ev.values[ev.queue_h[0]]);
    let mut applicable: Vec<u32> = Vec::new();
    let mut succ: Vec<u64> = Vec::with_capacity(task.words);
    let mut turn = 0usize;
    let mut f_layer: Option<u64> = None;
    loop {
        // Alternation: the next non-empty queue in turn.
        let mut popped = None;
        for step in 0..nq {
            let q = (turn + step) % nq;
            if let Some(x) = queues[q].pop() {
                popped = Some((q, x));
                turn = (q + 1) % nq;
                break;
            }
        }
        let Some((q, (key_popped, id))) = popped else {
            return Outcome::Unsolvable;
        };
        let i = id as usize;
        if nodes.status[i] == CLOSED {
            continue;
        }
        if cfg.weight.is_some() {
            // A stale entry from before a cheaper path was found.
            let j = q % k;
            if key(cfg, nodes.g[i], nodes.h[i * k + j] as u64) != key_popped {
                continue;
            }
            if cfg.weight == Some(1) && f_layer.is_none_or(|f| key_popped.0 > f) {
                f_layer = Some(key_popped.0);
                run.stats.last_f_layer = f_layer;
                run.stats.expanded_until_last_jump = run.stats.expanded;
            }
        }
        nodes.status[i] = CLOSED;
        let state = registry.get(id).to_vec();
        if task.is_goal(&state) {
            let plan = extract_plan(nodes, id);
            return Outcome::Solved { plan, cost: nodes.g[i] };
        }
        run.stats.expanded += 1;
        if let Some(o) = run.check(f_layer) {
            return o;
        }
        if use_pref {
            // Preferred operators of the expanded state (its values are cached in `nodes`).
            ev.evaluate(&state, true);
        }
        applicable.clear();
        sg.applicable(&state, &mut applicable);
        let g = nodes.g[i];
        for &op in &applicable {
            let op_us = op as usize;
            if !task.negative_ok(op_us, &state) {
                continue;
            }
            task.apply(op_us, &state, &mut succ);
            run.stats.generated += 1;
            let (sid, new) = registry.insert(&succ);
            nodes.ensure(sid);
            let s = sid as usize;
            let new_g = g.saturating_add(task.cost(op_us));
            let preferred = use_pref && ev.preferred.binary_search(&op).is_ok();
            if new {
                run.stats.evaluated += 1;
                // `ev.preferred` belongs to the expanded state; keep it while evaluating children.
                let saved = std::mem::take(&mut ev.preferred);
                let alive = ev.evaluate(&succ, false);
                ev.preferred = saved;
                if !alive {
                    nodes.status[s] = DEAD;
                    run.stats.dead_ends += 1;
                    continue;
                }
                for j in 0..k {
                    nodes.h[s * k + j] = clip(ev.values[ev.queue_h[j]]);
                }
            } else if nodes.status[s] == DEAD || new_g >= nodes.g[s] {
                continue;
            } else if nodes.status[s] == CLOSED {
                if !cfg.reopen {
                    continue;
                }
                run.stats.reopened += 1;
            } else if cfg.weight.is_none() {
                // Open in a greedy queue whose key does not depend on g: update the path only.
                nodes.g[s] = new_g;
                nodes.parent[s] = id;
                nodes.op[s] = op;
                continue;
            }
            nodes.g[s] = new_g;
            nodes.parent[s] = id;
            nodes.op[s] = op;
            nodes.status[s] = OPEN;
            for j in 0..k {
                let kk = key(cfg, new_g, nodes.h[s * k + j] as u64);
                queues[j].push(kk, sid);
                if preferred {
                    queues[j + k].push(kk, sid);
                }
            }
        }
    }
}

/// Lazy best-first search (FD's `lazy`): successors enter the open list as (parent, operator)
/// with the parent's value and are generated and evaluated only when popped.
fn lazy(run: &mut Run, registry: &mut StateRegistry, nodes: &mut Nodes) -> Outcome {
    let task = run.task;
    let cfg = run.cfg;
    let mut ev = Evaluators::new(cfg, task);
    let sg = SuccessorGenerator::new(task);
    let k = cfg.heuristics.len();
    let use_pref = !cfg.preferred.is_empty();
    let nq = if use_pref { 2 * k } else { k };
    let mut queues: Vec<BucketQueue<(StateId, u32)>> = (0..nq).map(|_| BucketQueue::new(false)).collect();
    let init = task.initial_state();
    let (init_id, _) = registry.insert(&init);
    nodes.ensure(init_id);
    nodes.g[init_id as usize] = 0;
    let mut current = init_id;
    let mut applicable: Vec<u32> = Vec::new();
    let mut succ: Vec<u64> = Vec::with_capacity(task.words);
    let mut turn = 0usize;
    loop {
        let i = current as usize;
        let state = registry.get(current).to_vec();
        run.stats.evaluated += 1;
        let alive = ev.evaluate(&state, use_pref);
        if current == init_id {
            run.stats.initial_h = alive.then(|| ev.values[ev.queue_h[0]]);
        }
        if !alive {
            nodes.status[i] = DEAD;
            run.stats.dead_ends += 1;
        } else {
            nodes.status[i] = CLOSED;
            if task.is_goal(&state) {
                return Outcome::Solved { plan: extract_plan(nodes, current), cost: nodes.g[i] };
            }
            run.stats.expanded += 1;
            if let Some(o) = run.check(None) {
                return o;
            }
            applicable.clear();
            sg.applicable(&state, &mut applicable);
            for &op in &applicable {
                if !task.negative_ok(op as usize, &state) {
                    continue;
                }
                let g = nodes.g[i].saturating_add(task.cost(op as usize));
                let preferred = use_pref && ev.preferred.binary_search(&op).is_ok();
                for j in 0..k {
                    let kk = key(cfg, g, ev.values[ev.queue_h[j]]);
                    queues[j].push(kk, (current, op));
                    if preferred {
                        queues[j + k].push(kk, (current, op));
                    }
                }
            }
        }
        // The next (parent, operator) whose successor is new, or cheaper when reopening.
        loop {
            let mut popped = None;
            for step in 0..nq {
                let q = (turn + step) % nq;
                if let Some(x) = queues[q].pop() {
                    popped = Some(x.1);
                    turn = (q + 1) % nq;
                    break;
                }
            }
            let Some((parent, op)) = popped else {
                return Outcome::Unsolvable;
            };
            let pstate = registry.get(parent).to_vec();
            task.apply(op as usize, &pstate, &mut succ);
            run.stats.generated += 1;
            let (sid, _) = registry.insert(&succ);
            nodes.ensure(sid);
            let s = sid as usize;
            let g = nodes.g[parent as usize].saturating_add(task.cost(op as usize));
            let fresh = nodes.status[s] == NEW;
            let better = cfg.reopen && nodes.status[s] == CLOSED && g < nodes.g[s];
            if fresh || better {
                if better {
                    run.stats.reopened += 1;
                }
                nodes.g[s] = g;
                nodes.parent[s] = parent;
                nodes.op[s] = op;
                current = sid;
                break;
            }
        }
    }
}
