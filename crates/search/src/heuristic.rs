//! Domain-independent heuristics. The delete-relaxation heuristics see negative conditions as
//! complementary atoms (see [`Relaxed`]).
//!
//! - `blind`: 0 in goal states, otherwise the cheapest operator cost.
//! - `goalcount`: the number of unsatisfied goal atoms (inadmissible with zero-cost operators).
//! - `hmax`, `hadd`, `ff`: Bonet & Geffner 2001; Hoffmann & Nebel 2001 (relaxed plan from the
//!   hadd best supporters, preferred operators: its operators applicable in the state).
//! - `lmcut`: in [`crate::lmcut`], over the same relaxed task.

use crate::registry::StateId;
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
    /// Whether its value depends on the path to the state (lmcount's accepted landmarks): the
    /// engines then call the two `notify_` methods.
    fn path_dependent(&self) -> bool {
        false
    }
    /// The id of the state the next `evaluate` call is about (path-dependent heuristics only).
    fn set_state_id(&mut self, _id: StateId) {}
    /// The initial state, registered as `id`, before its evaluation.
    fn notify_initial(&mut self, _id: StateId, _s: &State) {}
    /// A transition `parent --op--> child`, before `child` (whose state is `s`) is evaluated;
    /// eager search also reports transitions to states seen before.
    fn notify_transition(&mut self, _parent: StateId, _op: u32, _child: StateId, _s: &State) {}
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
pub(crate) struct ROp {
    pub(crate) pre: Vec<u32>,
    pub(crate) eff: Vec<u32>,
    pub(crate) cost: u64,
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
pub(crate) struct Relaxed {
    pub(crate) natoms: usize,
    /// Atoms of the ground task; relaxed atoms `0..n` are they, then the complements.
    n: usize,
    /// `(a, relaxed id of not a)` for each atom that occurs negatively.
    neg: Vec<(u32, u32)>,
    pub(crate) ops: Vec<ROp>,
    pub(crate) pre_of: Vec<Vec<u32>>,
    pub(crate) eff_of: Vec<Vec<u32>>,
    init_atom: u32,
    pub(crate) goal_atom: u32,
    layout: Layout,
}

impl Relaxed {
    /// `split`: one relaxed operator per conditional effect (pre plus condition); otherwise
    /// conditional effects become unconditional (LM-cut), which only adds achievers.
    pub(crate) fn new(t: &SearchTask, split: bool) -> Relaxed {
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
            g.axioms.iter().flat_map(|ax| &ax.pre_neg).for_each(|&a| note(a));
            for o in &g.operators {
                o.pre_neg.iter().for_each(|&a| note(a));
                o.cond.iter().flat_map(|c| &c.pre_neg).for_each(|&a| note(a));
            }
        }
        crate::axioms::complements_needed(g, &mut neg_id, &mut neg);
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
        // Axioms, and the auxiliary atoms of their negations, numbered after `goal`.
        let extra = crate::axioms::relaxed_axioms(g, &neg_id, init_atom, nn as u32 + 2, &with_neg, &mut |pre, eff| {
            ops.push(ROp { pre, eff: vec![eff], cost: 0, op: u32::MAX })
        });
        ops.push(ROp { pre: with_neg(&g.goal, &g.goal_neg), eff: vec![goal_atom], cost: 0, op: u32::MAX });
        let mut pre_of = vec![Vec::new(); nn + 2 + extra];
        let mut eff_of = vec![Vec::new(); nn + 2 + extra];
        for (i, o) in ops.iter().enumerate() {
            for &p in &o.pre {
                pre_of[p as usize].push(i as u32);
            }
            for &e in &o.eff {
                eff_of[e as usize].push(i as u32);
            }
        }
        Relaxed { natoms: nn + 2 + extra, n, neg, ops, pre_of, eff_of, init_atom, goal_atom, layout: t.layout.clone() }
    }

    /// Whether relaxed atom `a` (an atom, a complement `not a` or the artificial `init`) holds
    /// in `s`; the artificial `goal` never does.
    pub(crate) fn holds(&self, s: &State, a: u32) -> bool {
        if (a as usize) < self.n {
            self.layout.holds(s, a)
        } else if a == self.init_atom {
            true
        } else if a == self.goal_atom {
            false
        } else {
            let (atom, _) = self.neg[a as usize - self.n];
            !self.layout.holds(s, atom)
        }
    }

    /// The ground fact of a relaxed atom: `(a, true)` for atom `a`, `(a, false)` for `not a`
    /// (the artificial atoms, never landmarks, read as `(u32::MAX, true)`).
    pub(crate) fn fact(&self, a: u32) -> (u32, bool) {
        if (a as usize) < self.n {
            (a, true)
        } else if a == self.init_atom || a == self.goal_atom {
            (u32::MAX, true)
        } else {
            (self.neg[a as usize - self.n].0, false)
        }
    }

    /// The artificial atom true in every state (precondition of operators without any).
    pub(crate) fn init_atom(&self) -> u32 {
        self.init_atom
    }

    /// The ground operator a relaxed operator comes from (`u32::MAX`: the artificial goal one).
    pub(crate) fn ground_op(&self, relaxed_op: usize) -> u32 {
        self.ops[relaxed_op].op
    }

    /// The relaxed atoms true in `s` (including `init`), into `out`.
    pub(crate) fn state_atoms(&self, s: &State, out: &mut Vec<u32>) {
        out.clear();
        self.layout.true_atoms(s, out);
        // In id order (the layout lists them by field, in packing order), as Fast Downward
        // queues a state's facts in variable order: the heuristics' tie-breaking then does not
        // depend on how fields were packed into words.
        out.sort_unstable();
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
