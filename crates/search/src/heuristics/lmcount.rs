//! `lmcount(lm_factory=lm_rhw(), pref=false)`: LAMA's landmark-count heuristic (Richter &
//! Westphal 2010), inadmissible ("pseudo-admissible" counting as LAMA: each landmark still
//! needed counts its cheapest achiever's cost, so 1 under `transform=adapt_costs(one)`).
//!
//! Which landmarks are *accepted* depends on the path: the initial state accepts those true in
//! it; a transition into `s` accepts the parent's plus those true in `s` whose reasonable
//! predecessors the parent accepted; a state reached by several paths keeps the intersection
//! (Fast Downward's status manager). A landmark is *needed* when not accepted, or accepted,
//! false in `s` and either a goal or greedy-necessarily ordered before one not accepted
//! ("required again"). h is the sum of the needed landmarks' costs; 0 in goal states. Infinite
//! only where a false goal atom has no achiever at all (a sure dead end); other dead ends get a
//! finite value (LAMA's hFF finds the relaxed ones).
//! Preferred operators (`pref=true`): the applicable achievers of needed landmarks false in `s`.

use crate::config::HeuristicSpec;
use crate::heuristic::{Heuristic, Relaxed, Value};
use crate::landmarks::{LandmarkGraph, rhw};
use crate::plugins::{HeuristicPlugin, Param, ParamKind, Properties};
use crate::registry::StateId;
use crate::state::{SearchTask, State};

pub static PLUGIN: HeuristicPlugin = HeuristicPlugin {
    name: "lmcount",
    aliases: &[],
    summary: "landmarks still needed, counted as LAMA does (Richter & Westphal 2010)",
    params: &[
        Param {
            name: "lm_factory",
            kind: ParamKind::LandmarkFactory,
            default: None,
            help: "the landmark factory: lm_rhw() (RHW fact landmarks by back-chaining over the relaxed task), or \
                   lm_reasonable_orders_hps(lm_rhw()) (with reasonable orders)",
        },
        Param {
            name: "admissible",
            kind: ParamKind::Bool,
            default: Some("false"),
            help: "admissible cost partitioning (only false is implemented)",
        },
        Param {
            name: "pref",
            kind: ParamKind::Bool,
            default: Some("false"),
            help: "preferred operators: applicable achievers of needed landmarks",
        },
        Param {
            name: "alm",
            kind: ParamKind::Bool,
            default: Some("true"),
            help: "action landmarks (FD's default; certplan computes none, so they add nothing)",
        },
    ],
    properties: Properties {
        admissible: false,
        consistent: false,
        safe: true,
        conditional_effects: true,
        axioms: false,
        action_costs: true,
        preferred_operators: true,
    },
    build: |t, spec| Box::new(LmCount::new(t, spec)),
    check: Some(|spec| {
        if spec.arg("admissible") == "true" {
            return Err("admissible=true (optimal cost partitioning) is not implemented".into());
        }
        Ok(())
    }),
};

pub struct LmCount {
    r: Relaxed,
    graph: LandmarkGraph,
    /// Words per accepted-landmark bitset.
    words: usize,
    /// Accepted landmarks of each state seen, `accepted[id * words..]`.
    accepted: Vec<u64>,
    /// Whether a state's bitset was set.
    known: Vec<bool>,
    /// The state about to be evaluated (set by the notifications).
    current: StateId,
    /// For each landmark, its greedy-necessary successors and reasonable predecessors.
    gn_after: Vec<Vec<usize>>,
    reasonable_before: Vec<Vec<usize>>,
    pref: bool,
    pre: Vec<(Vec<u32>, Vec<u32>)>,
    goal: (Vec<u32>, Vec<u32>),
    scratch: Vec<u64>,
}

impl LmCount {
    pub fn new(t: &SearchTask, spec: &HeuristicSpec) -> LmCount {
        let r = Relaxed::new(t, true);
        let graph = rhw(t, &r, spec.arg("lm_factory").starts_with("lm_reasonable_orders_hps"));
        LmCount::with_graph(t, r, graph, spec.arg("pref") == "true")
    }

    fn with_graph(t: &SearchTask, r: Relaxed, graph: LandmarkGraph, pref: bool) -> LmCount {
        let n = graph.landmarks.len();
        let mut gn_after = vec![Vec::new(); n];
        for &(a, b) in &graph.greedy_necessary {
            gn_after[a].push(b);
        }
        let mut reasonable_before = vec![Vec::new(); n];
        for &(a, b) in &graph.reasonable {
            reasonable_before[b].push(a);
        }
        LmCount {
            r,
            words: n.div_ceil(64).max(1),
            graph,
            accepted: Vec::new(),
            known: Vec::new(),
            current: 0,
            gn_after,
            reasonable_before,
            pref,
            pre: t.ground.operators.iter().map(|o| (o.pre.clone(), o.pre_neg.clone())).collect(),
            goal: (t.ground.goal.clone(), t.ground.goal_neg.clone()),
            scratch: Vec::new(),
        }
    }

    /// The landmark graph (for tests and statistics).
    pub fn graph(&self) -> &LandmarkGraph {
        &self.graph
    }

    fn slot(&mut self, id: StateId) -> usize {
        let i = id as usize;
        if self.known.len() <= i {
            self.known.resize(i + 1, false);
            self.accepted.resize((i + 1) * self.words, 0);
        }
        i * self.words
    }

    fn is_accepted(&self, id: StateId, l: usize) -> bool {
        let at = id as usize * self.words + l / 64;
        self.accepted.get(at).is_some_and(|w| w >> (l % 64) & 1 == 1)
    }

    /// Accepted landmarks after a transition into `s` from a state with bitset `parent` (none
    /// for the initial state), into `self.scratch`.
    fn progress(&mut self, parent: Option<&[u64]>, s: &State) {
        self.scratch.clear();
        self.scratch.resize(self.words, 0);
        for (l, lm) in self.graph.landmarks.iter().enumerate() {
            let had = parent.is_some_and(|p| p[l / 64] >> (l % 64) & 1 == 1);
            let now = match parent {
                None => self.r.holds(s, lm.atom),
                Some(p) => {
                    self.r.holds(s, lm.atom)
                        && self.reasonable_before[l].iter().all(|&b| p[b / 64] >> (b % 64) & 1 == 1)
                }
            };
            if had || now {
                self.scratch[l / 64] |= 1 << (l % 64);
            }
        }
    }

    fn store(&mut self, id: StateId) {
        let at = self.slot(id);
        let i = id as usize;
        if self.known[i] {
            // Reached again by another path: keep what every path accepts.
            for w in 0..self.words {
                self.accepted[at + w] &= self.scratch[w];
            }
        } else {
            self.known[i] = true;
            self.accepted[at..at + self.words].copy_from_slice(&self.scratch);
        }
    }

    fn is_goal(&self, s: &State) -> bool {
        let l = &self.r;
        self.goal.0.iter().all(|&a| l.holds(s, a)) && !self.goal.1.iter().any(|&a| l.holds(s, a))
    }
}

impl Heuristic for LmCount {
    fn name(&self) -> &str {
        "lmcount"
    }

    fn evaluate(&mut self, s: &State, preferred: Option<&mut Vec<u32>>) -> Value {
        if self.is_goal(s) {
            return Some(0);
        }
        let id = self.current;
        if self.known.get(id as usize) != Some(&true) {
            // Not announced (a caller that never notifies): what the state alone shows.
            self.progress(None, s);
            self.store(id);
        }
        let mut h = 0u64;
        let mut needed_false: Vec<usize> = Vec::new();
        for (l, lm) in self.graph.landmarks.iter().enumerate() {
            let acc = self.is_accepted(id, l);
            let holds = self.r.holds(s, lm.atom);
            let needed = !acc || (!holds && (lm.goal || self.gn_after[l].iter().any(|&b| !self.is_accepted(id, b))));
            if needed {
                h = h.saturating_add(lm.cost);
                if !holds {
                    needed_false.push(l);
                }
            }
        }
        // A false goal atom that no operator adds: a dead end for sure, and cheap to see. (A
        // full relaxed reachability test here cost as much as hFF per state; LAMA pairs lmcount
        // with hFF, which finds the other relaxed dead ends.)
        if needed_false.iter().any(|&l| self.graph.landmarks[l].goal && self.graph.landmarks[l].achievers.is_empty()) {
            return None;
        }
        if self.pref
            && let Some(p) = preferred
        {
            for &l in &needed_false {
                for &op in &self.graph.landmarks[l].achievers {
                    let (pre, pre_neg) = &self.pre[op as usize];
                    if pre.iter().all(|&a| self.r.holds(s, a)) && !pre_neg.iter().any(|&a| self.r.holds(s, a)) {
                        p.push(op);
                    }
                }
            }
        }
        Some(h)
    }

    fn admissible(&self) -> bool {
        false
    }

    fn path_dependent(&self) -> bool {
        true
    }

    fn set_state_id(&mut self, id: StateId) {
        self.current = id;
    }

    fn notify_initial(&mut self, id: StateId, s: &State) {
        self.progress(None, s);
        self.store(id);
    }

    fn notify_transition(&mut self, parent: StateId, _op: u32, child: StateId, s: &State) {
        if parent == child {
            return;
        }
        let at = self.slot(parent);
        let p: Vec<u64> = self.accepted[at..at + self.words].to_vec();
        self.progress(Some(&p), s);
        self.store(child);
    }
}
