//! Search engines: eager best-first search (A*, weighted A*, greedy) and lazy best-first search,
//! with duplicate detection in the state registry, reopening, the goal test at expansion, and
//! paper 001's tie-breaking for A* (lowest f, then lowest h, then most recently generated).
//! Several heuristics and preferred-operator queues are combined by alternation, as in FD.

use crate::config::{Config, CostType, Engine, HeuristicSpec, Verbosity};
use crate::heuristic::Heuristic;
use crate::pruning::{PruningStats, StubbornSets};
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
    /// The whole search, heuristic set-up included.
    pub seconds: f64,
    /// Of `seconds`, building the heuristics (a domain heuristic compiles its program and tables
    /// here): what Fast Downward leaves out of its `Search time`.
    pub setup_seconds: f64,
    /// Registry arena and table plus per-state search information, divided by the states.
    pub bytes_per_state: f64,
    pub peak_rss_bytes: u64,
    /// What partial-order reduction did, when the configuration asks for it (`pruning=`).
    pub pruning: Option<PruningStats>,
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
    /// The search ended without a plan but without proving there is none: the space was
    /// exhausted under a `bound`, so plans of cost at or above it may exist (Fast Downward's
    /// exit code 12, "search unsolved incomplete").
    UnsolvedIncomplete,
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
    /// Set when this call reports a new best value of a queue heuristic (verbosity `verbose`
    /// and above): the heuristic's text and its value, as FD's "New best heuristic value".
    pub new_best: Option<(String, u64)>,
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

/// Whether every operator costs 1 (FD's unit-cost test for `plusone`).
fn unit_cost(t: &SearchTask) -> bool {
    !t.ground.general_cost || t.ground.operators.iter().all(|o| o.cost == 1)
}

/// An instance of the heuristic `spec`, seeing the operator costs of its cost type.
pub fn make_heuristic(spec: &HeuristicSpec, t: &SearchTask) -> Box<dyn Heuristic> {
    let build = spec.plugin().build;
    if spec.cost_type == CostType::Normal {
        return build(t, spec);
    }
    let unit = unit_cost(t);
    let mut adjusted = t.ground.clone();
    for o in &mut adjusted.operators {
        o.cost = spec.cost_type.adjust(o.cost, unit);
    }
    // Every heuristic copies what it needs from the task, so the copy can go afterwards.
    adjusted.general_cost = true;
    build(&t.with_ground(&adjusted), spec)
}

const NEW: u8 = 0;
const OPEN: u8 = 1;
const CLOSED: u8 = 2;
const DEAD: u8 = 3;
/// Open, not yet evaluated (`deferred=true`): its h is the parent's bound, `max(0, h(parent) - cost)`.
const PENDING: u8 = 4;
const NONE: u32 = u32::MAX;
/// The registry's growth is due within the next checks when it has room for fewer new states
/// than this (256 expansions with deferred evaluation, at up to 256 successors each).
const GROWTH_WINDOW: usize = 1 << 16;

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
        let specs = cfg.all_heuristics();
        let index = |h: &HeuristicSpec| specs.iter().position(|&x| x == h).expect("listed by all_heuristics");
        let queue_h: Vec<usize> = cfg.heuristics.iter().map(index).collect();
        let pref_h: Vec<usize> = cfg.preferred.iter().map(index).collect();
        let hs = specs.iter().map(|h| make_heuristic(h, t)).collect();
        Evaluators { hs, queue_h, pref_h, values: vec![0; specs.len()], preferred: Vec::new() }
    }

    /// Path-dependent heuristics (lmcount) learn of the initial state.
    fn notify_initial(&mut self, id: StateId, s: &[u64]) {
        for h in &mut self.hs {
            h.notify_initial(id, s);
        }
    }

    /// Path-dependent heuristics learn of a transition, before `child` is evaluated.
    fn notify_transition(&mut self, parent: StateId, op: u32, child: StateId, s: &[u64]) {
        for h in &mut self.hs {
            h.notify_transition(parent, op, child, s);
        }
    }

    fn path_dependent(&self) -> bool {
        self.hs.iter().any(|h| h.path_dependent())
    }

    /// Evaluates every instance; false for a dead end. Preferred operators go to `self.preferred`.
    fn evaluate(&mut self, id: StateId, s: &[u64], want_preferred: bool) -> bool {
        for h in &mut self.hs {
            h.set_state_id(id);
        }
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
    /// g with the engine's cost type.
    g: Vec<u64>,
    /// g with the real costs, kept only when the engine's costs differ and a bound is set.
    real_g: Vec<u64>,
    track_real: bool,
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
            if self.track_real {
                self.real_g.resize(n, u64::MAX);
            }
            self.parent.resize(n, NONE);
            self.op.resize(n, NONE);
            self.h.resize(n * self.k, 0);
            self.status.resize(n, NEW);
        }
    }
    fn bytes(&self) -> usize {
        self.g.capacity() * 8
            + self.real_g.capacity() * 8
            + self.parent.capacity() * 4
            + self.op.capacity() * 4
            + self.h.capacity() * 4
            + self.status.capacity()
    }
    /// The real cost of the path to `i` (the engine's g when the costs are the real ones).
    fn real_g(&self, i: usize) -> u64 {
        if self.track_real { self.real_g[i] } else { self.g[i] }
    }
    fn set_path(&mut self, i: usize, g: u64, real_g: u64, parent: StateId, op: u32) {
        self.g[i] = g;
        if self.track_real {
            self.real_g[i] = real_g;
        }
        self.parent[i] = parent;
        self.op[i] = op;
    }
}

/// Fast Downward's alternation open list: the non-empty queue of lowest priority is popped (ties
/// to the lower index) and its priority raised by one; on progress, the preferred-only queues'
/// priorities are lowered by the boost, so they are popped that many times more.
struct Alternation<T> {
    queues: Vec<BucketQueue<T>>,
    priority: Vec<i64>,
    /// Queues from this index on hold only preferred entries.
    preferred_from: usize,
}

impl<T> Alternation<T> {
    fn new(k: usize, preferred: bool, lifo: bool) -> Alternation<T> {
        let n = if preferred { 2 * k } else { k };
        Alternation {
            queues: (0..n).map(|_| BucketQueue::new(lifo)).collect(),
            priority: vec![0; n],
            preferred_from: k,
        }
    }
    fn pop(&mut self) -> Option<(usize, (u64, u64), T)> {
        let mut best: Option<usize> = None;
        for (q, queue) in self.queues.iter().enumerate() {
            if !queue.is_empty() && best.is_none_or(|b| self.priority[q] < self.priority[b]) {
                best = Some(q);
            }
        }
        let q = best?;
        self.priority[q] += 1;
        self.queues[q].pop().map(|(key, item)| (q, key, item))
    }
    fn boost(&mut self, amount: u64) {
        let amount = amount.min(i64::MAX as u64 / 4) as i64;
        for p in &mut self.priority[self.preferred_from..] {
            *p = p.saturating_sub(amount);
        }
    }
}

struct Run<'a, 't> {
    task: &'a SearchTask<'t>,
    cfg: &'a Config,
    limits: Limits,
    start: Instant,
    last_progress: Instant,
    /// `expanded + evaluated` at which [`Run::check`] next reads the clock.
    next_clock: u64,
    stats: Stats,
    progress: &'a mut dyn FnMut(&Progress),
    /// Operator costs as the engine counts them (its `cost_type`).
    costs: Vec<u64>,
    /// The best value seen of each queue heuristic.
    best: Vec<u64>,
}

impl Run<'_, '_> {
    /// The evaluators, whose construction ends the set-up time (the engine's own time starts
    /// there, as FD's `Search time` does), and the successor generator.
    fn set_up(&mut self) -> (Evaluators, SuccessorGenerator) {
        let ev = Evaluators::new(self.cfg, self.task);
        self.stats.setup_seconds = self.start.elapsed().as_secs_f64();
        (ev, SuccessorGenerator::new(self.task))
    }

    /// The time check every 256 evaluations and expansions; the memory check and the progress
    /// line every 256 expansions. A costly heuristic on a large task evaluates a few thousand
    /// states a second at 150 successors per expansion (rovers' domain heuristic on medium tasks:
    /// 40 expansions a second), so a check by expansions alone could outlast the watchdog's grace
    /// after the time limit; reading the clock costs some 25 ns.
    ///
    /// A run stops before the deadline where the state registry's next growth, due within the
    /// next checks, would carry it past: that one insert can take a good part of a second on
    /// large searches.
    fn check(&mut self, f_layer: Option<u64>, registry: &StateRegistry) -> Option<Outcome> {
        let ticks = self.stats.expanded + self.stats.evaluated;
        let memory_due = self.stats.expanded.is_multiple_of(256);
        if ticks < self.next_clock && !memory_due {
            return None;
        }
        self.next_clock = ticks + 256;
        let now = Instant::now();
        if let Some(d) = self.limits.deadline {
            let growth_due = registry.room() < GROWTH_WINDOW;
            if now > d || (growth_due && now + registry.next_growth() > d) {
                return Some(Outcome::OutOfTime);
            }
        }
        if !memory_due {
            return None;
        }
        let rss = rss_bytes();
        if let Some(m) = self.limits.memory_bytes
            && rss > m
        {
            return Some(Outcome::OutOfMemory);
        }
        if self.cfg.verbosity > Verbosity::Silent
            && now.duration_since(self.last_progress) >= Duration::from_millis(500)
        {
            self.last_progress = now;
            let p = self.progress_line(f_layer, rss, None);
            (self.progress)(&p);
        }
        None
    }

    fn progress_line(&self, f_layer: Option<u64>, rss_bytes: u64, new_best: Option<(String, u64)>) -> Progress {
        Progress {
            f_layer,
            expanded: self.stats.expanded,
            generated: self.stats.generated,
            elapsed: self.start.elapsed().as_secs_f64(),
            rss_bytes,
            new_best,
        }
    }

    /// FD's progress check: whether some queue heuristic reached a new best value (reported at
    /// verbosity `verbose` and above).
    fn improved(&mut self, ev: &Evaluators) -> bool {
        let mut any = false;
        for j in 0..self.best.len() {
            let v = ev.values[ev.queue_h[j]];
            if v < self.best[j] {
                self.best[j] = v;
                any = true;
                if self.cfg.verbosity >= Verbosity::Verbose {
                    let p = self.progress_line(None, rss_bytes(), Some((self.cfg.heuristics[j].text(), v)));
                    (self.progress)(&p);
                }
            }
        }
        any
    }

    /// What an exhausted open list means: no plan at all, or none under the bound.
    fn exhausted(&self) -> Outcome {
        if self.cfg.bound.is_some() { Outcome::UnsolvedIncomplete } else { Outcome::Unsolvable }
    }

    /// Whether a path of real cost `real_g` is cut off by the bound (exclusive, as FD).
    fn beyond_bound(&self, real_g: u64) -> bool {
        self.cfg.bound.is_some_and(|b| real_g >= b)
    }

    fn solved(&self, nodes: &Nodes, goal: StateId) -> Outcome {
        let plan = extract_plan(nodes, goal);
        let cost = plan.iter().fold(0u64, |c, &op| c.saturating_add(self.task.cost(op as usize)));
        Outcome::Solved { plan, cost }
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

/// Runs the configured search. `progress` is called about twice a second (never with verbosity
/// `silent`), and on each new best heuristic value with verbosity `verbose` or `debug`. The
/// plan's cost is its real cost whatever the engine's `cost_type`.
pub fn search(task: &SearchTask, cfg: &Config, limits: Limits, progress: &mut dyn FnMut(&Progress)) -> SearchResult {
    let start = Instant::now();
    let unit = unit_cost(task);
    let costs = (0..task.ground.operators.len()).map(|o| cfg.cost_type.adjust(task.cost(o), unit)).collect();
    let k = cfg.heuristics.len();
    let mut run = Run {
        task,
        cfg,
        limits,
        start,
        last_progress: start,
        next_clock: 0,
        stats: Stats::default(),
        progress,
        costs,
        best: vec![u64::MAX; k],
    };
    let mut registry = StateRegistry::new(task.words);
    let track_real = cfg.cost_type != CostType::Normal && cfg.bound.is_some();
    let mut nodes = Nodes {
        g: Vec::new(),
        real_g: Vec::new(),
        track_real,
        parent: Vec::new(),
        op: Vec::new(),
        h: Vec::new(),
        status: Vec::new(),
        k,
    };
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
    let mut pruning = run.cfg.pruning.as_ref().map(|p| StubbornSets::new(run.task, p));
    let outcome = eager_loop(run, registry, nodes, pruning.as_mut());
    run.stats.pruning = pruning.map(|p| p.stats);
    outcome
}

fn eager_loop(
    run: &mut Run,
    registry: &mut StateRegistry,
    nodes: &mut Nodes,
    mut pruning: Option<&mut StubbornSets>,
) -> Outcome {
    let (task, cfg) = (run.task, run.cfg);
    let (mut ev, sg) = run.set_up();
    let path_dependent = ev.path_dependent();
    let k = cfg.heuristics.len();
    let use_pref = !cfg.preferred.is_empty();
    // Queues: one per heuristic, then one preferred-only queue per heuristic.
    // A* breaks ties LIFO (paper 001); greedy search FIFO (FD's default).
    let lifo = cfg.weight.is_some();
    // One queue heuristic and no preferred operators: what `astar` allows, and what the pending
    // states' single bound assumes.
    let deferred = cfg.deferred && k == 1 && !use_pref && cfg.weight.is_some();
    let mut open: Alternation<StateId> = Alternation::new(k, use_pref, lifo);
    let init = task.initial_state();
    let (id, _) = registry.insert(&init);
    nodes.ensure(id);
    run.stats.evaluated += 1;
    ev.notify_initial(id, &init);
    if !ev.evaluate(id, &init, false) {
        run.stats.dead_ends += 1;
        return run.exhausted();
    }
    run.improved(&ev);
    nodes.set_path(id as usize, 0, 0, NONE, NONE);
    nodes.status[id as usize] = OPEN;
    for j in 0..k {
        nodes.h[id as usize * k + j] = clip(ev.values[ev.queue_h[j]]);
        let kk = key(cfg, 0, nodes.h[id as usize * k + j] as u64);
        open.queues[j].push(kk, id);
        if use_pref {
            open.queues[j + k].push(kk, id);
        }
    }
    run.stats.initial_h = Some(ev.values[ev.queue_h[0]]);
    let mut applicable: Vec<u32> = Vec::new();
    let mut succ: Vec<u64> = Vec::with_capacity(task.words);
    let mut f_layer: Option<u64> = None;
    loop {
        let Some((q, key_popped, id)) = open.pop() else {
            return run.exhausted();
        };
        let i = id as usize;
        if nodes.status[i] == CLOSED || nodes.status[i] == DEAD {
            continue;
        }
        if cfg.weight.is_some() {
            // A stale entry from before a cheaper path was found.
            let j = q % k;
            if key(cfg, nodes.g[i], nodes.h[i * k + j] as u64) != key_popped {
                continue;
            }
            if nodes.status[i] == PENDING {
                // Deferred evaluation: the key so far was a lower bound; queue the state again
                // with its own value unless that keeps its place.
                let state = registry.get(id).to_vec();
                run.stats.evaluated += 1;
                if !ev.evaluate(id, &state, false) {
                    nodes.status[i] = DEAD;
                    run.stats.dead_ends += 1;
                    continue;
                }
                run.improved(&ev);
                // The larger of the two is admissible too (pathmax), and the key only rises.
                let h = clip(ev.values[ev.queue_h[0]]).max(nodes.h[i * k]);
                nodes.h[i * k] = h;
                nodes.status[i] = OPEN;
                let kk = key(cfg, nodes.g[i], h as u64);
                if kk != key_popped {
                    open.queues[0].push(kk, id);
                    continue;
                }
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
            return run.solved(nodes, id);
        }
        run.stats.expanded += 1;
        if let Some(o) = run.check(f_layer, registry) {
            return o;
        }
        if use_pref {
            // Preferred operators of the expanded state (its values are cached in `nodes`).
            ev.evaluate(id, &state, true);
        }
        applicable.clear();
        sg.applicable(&state, &mut applicable);
        if let Some(p) = pruning.as_deref_mut() {
            p.prune(task, &state, &mut applicable);
        }
        let g = nodes.g[i];
        let real_g = nodes.real_g(i);
        for &op in &applicable {
            let op_us = op as usize;
            if !task.negative_ok(op_us, &state) {
                continue;
            }
            let new_real_g = real_g.saturating_add(task.cost(op_us));
            if run.beyond_bound(new_real_g) {
                continue;
            }
            task.apply(op_us, &state, &mut succ);
            run.stats.generated += 1;
            let (sid, new) = registry.insert(&succ);
            nodes.ensure(sid);
            let s = sid as usize;
            let new_g = g.saturating_add(run.costs[op_us]);
            let preferred = use_pref && ev.preferred.binary_search(&op).is_ok();
            if path_dependent && nodes.status[s] != DEAD {
                ev.notify_transition(id, op, sid, &succ);
            }
            if new && deferred {
                nodes.h[s] = clip((nodes.h[i] as u64).saturating_sub(run.costs[op_us]));
                nodes.status[s] = PENDING;
            } else if new {
                run.stats.evaluated += 1;
                // `ev.preferred` belongs to the expanded state; keep it while evaluating children.
                let saved = std::mem::take(&mut ev.preferred);
                let alive = ev.evaluate(sid, &succ, false);
                ev.preferred = saved;
                if !alive {
                    nodes.status[s] = DEAD;
                    run.stats.dead_ends += 1;
                    continue;
                }
                if run.improved(&ev) && cfg.boost > 0 && use_pref {
                    open.boost(cfg.boost);
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
                nodes.set_path(s, new_g, new_real_g, id, op);
                continue;
            }
            nodes.set_path(s, new_g, new_real_g, id, op);
            if nodes.status[s] != PENDING {
                nodes.status[s] = OPEN;
            }
            for j in 0..k {
                let kk = key(cfg, new_g, nodes.h[s * k + j] as u64);
                open.queues[j].push(kk, sid);
                if preferred {
                    open.queues[j + k].push(kk, sid);
                }
            }
        }
    }
}

/// Lazy best-first search (FD's `lazy`): successors enter the open list as (parent, operator)
/// with the parent's value and are generated and evaluated only when popped.
fn lazy(run: &mut Run, registry: &mut StateRegistry, nodes: &mut Nodes) -> Outcome {
    let (task, cfg) = (run.task, run.cfg);
    let (mut ev, sg) = run.set_up();
    let path_dependent = ev.path_dependent();
    let k = cfg.heuristics.len();
    let use_pref = !cfg.preferred.is_empty();
    let mut open: Alternation<(StateId, u32)> = Alternation::new(k, use_pref, false);
    let init = task.initial_state();
    let (init_id, _) = registry.insert(&init);
    nodes.ensure(init_id);
    nodes.set_path(init_id as usize, 0, 0, NONE, NONE);
    ev.notify_initial(init_id, &init);
    let mut current = init_id;
    let mut applicable: Vec<u32> = Vec::new();
    let mut succ: Vec<u64> = Vec::with_capacity(task.words);
    loop {
        let i = current as usize;
        let state = registry.get(current).to_vec();
        run.stats.evaluated += 1;
        let alive = ev.evaluate(current, &state, use_pref);
        if current == init_id {
            run.stats.initial_h = alive.then(|| ev.values[ev.queue_h[0]]);
        }
        if !alive {
            nodes.status[i] = DEAD;
            run.stats.dead_ends += 1;
        } else {
            nodes.status[i] = CLOSED;
            if task.is_goal(&state) {
                return run.solved(nodes, current);
            }
            if run.improved(&ev) && current != init_id && cfg.boost > 0 && use_pref {
                open.boost(cfg.boost);
            }
            run.stats.expanded += 1;
            if let Some(o) = run.check(None, registry) {
                return o;
            }
            applicable.clear();
            sg.applicable(&state, &mut applicable);
            let real_g = nodes.real_g(i);
            for &op in &applicable {
                if !task.negative_ok(op as usize, &state) {
                    continue;
                }
                if run.beyond_bound(real_g.saturating_add(task.cost(op as usize))) {
                    continue;
                }
                let g = nodes.g[i].saturating_add(run.costs[op as usize]);
                let preferred = use_pref && ev.preferred.binary_search(&op).is_ok();
                for j in 0..k {
                    let kk = key(cfg, g, ev.values[ev.queue_h[j]]);
                    open.queues[j].push(kk, (current, op));
                    if preferred {
                        open.queues[j + k].push(kk, (current, op));
                    }
                }
            }
        }
        // The next (parent, operator) whose successor is new, or cheaper when reopening.
        loop {
            let Some((_, _, (parent, op))) = open.pop() else {
                return run.exhausted();
            };
            let pstate = registry.get(parent).to_vec();
            task.apply(op as usize, &pstate, &mut succ);
            run.stats.generated += 1;
            let (sid, _) = registry.insert(&succ);
            nodes.ensure(sid);
            let s = sid as usize;
            let p = parent as usize;
            let g = nodes.g[p].saturating_add(run.costs[op as usize]);
            let real_g = nodes.real_g(p).saturating_add(task.cost(op as usize));
            let fresh = nodes.status[s] == NEW;
            let better = cfg.reopen && nodes.status[s] == CLOSED && g < nodes.g[s];
            if fresh || better {
                if better {
                    run.stats.reopened += 1;
                }
                nodes.set_path(s, g, real_g, parent, op);
                if path_dependent {
                    ev.notify_transition(parent, op, sid, &succ);
                }
                current = sid;
                break;
            }
        }
    }
}
