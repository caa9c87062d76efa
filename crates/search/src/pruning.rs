//! Partial-order reduction with stubborn sets: strong ones (Fast Downward's `pruning=`
//! `stubborn_sets_simple()`) and weak ones (`weak_stubborn_sets()`), optionally under
//! `limited_pruning(...)`.
//!
//! In a state s, a strong stubborn set T (Wehrle and Helmert, ICAPS 2014) holds
//! - every achiever of one goal atom false in s (a disjunctive action landmark),
//! - for each operator of T not applicable in s, every achiever of one of its preconditions false
//!   in s (a necessary enabling set),
//! - for each operator of T applicable in s, every operator that interferes with it.
//!
//! A weak stubborn set (Wehrle, Helmert, Shleyfman and Katz, ICAPS 2013) needs, for an applicable
//! operator of T, only the operators it disables or conflicts with, not those that disable it:
//! the operator is moved to the front of a plan, where it is applicable, and what the moved-over
//! operators do to it no longer matters. The sets are smaller, so the pruning is at least as
//! strong (a truck's drives disable its loads, but a load disables no drive).
//!
//! Expanding s with only its applicable operators in T keeps, from every state, a plan of optimal
//! cost (any plan can be permuted to start with one of them at the same cost), so A* with an
//! admissible heuristic stays optimal. Which atoms are chosen is free; we take the one with the
//! fewest achievers, which keeps T small. The pruning depends on the state only, so the pruned
//! state space is fixed and the usual A* argument applies to it.
//!
//! Interference is read off the STRIPS operators: o disables o' when o deletes a precondition of
//! o' or adds an atom o' requires false, and they conflict when one deletes what the other adds.
//! A false condition `(not p)` is enabled by the deleters of p. On reachable states this is exact
//! for the packed states too (a field's other atoms are false there, being mutex with the one an
//! operator adds). Conditional effects and axioms fall outside this reading: on such a task the
//! pruning stays off and says so.

use crate::state::{SearchTask, State};
use ground::{AtomId, Operator};
use serde::Serialize;

/// The pruning method of a configuration, as parsed from `pruning=`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PruningSpec {
    /// Weak stubborn sets instead of strong ones.
    pub weak: bool,
    /// `limited_pruning(...)`: after `expansions` expansions (or [`CHECK_SUCCESSORS`] successors,
    /// if sooner), pruning switches itself off for the rest of the search unless it removed at
    /// least `min_ratio` of the applicable operators.
    pub limit: Option<PruningLimit>,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PruningLimit {
    pub min_ratio: f64,
    pub expansions: u64,
}

/// What the pruning did in one search.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PruningStats {
    /// Applicable operators of the expanded states, before and after pruning.
    pub successors_before: u64,
    pub successors_after: u64,
    /// Why it was off or switched itself off, if it did.
    pub off: Option<String>,
}

impl PruningStats {
    pub fn ratio(&self) -> f64 {
        if self.successors_before == 0 {
            0.0
        } else {
            1.0 - self.successors_after as f64 / self.successors_before as f64
        }
    }
}

/// `limited_pruning` checks its ratio at the latest after this many successors (before pruning):
/// with tens of thousands of successors per state, 1,000 expansions of pruning that does not pay
/// would cost more than the search.
pub const CHECK_SUCCESSORS: u64 = 100_000;

/// The per-atom operator lists, as indexes of `StubbornSets::done`.
const ACHIEVERS: usize = 0;
const DELETERS: usize = 1;
const NEEDERS: usize = 2;
const NEEDERS_NEG: usize = 3;

#[derive(Clone, Copy)]
enum Condition {
    Pos(AtomId),
    Neg(AtomId),
}

/// Per atom, a list of operators, stored flat.
struct AtomLists {
    start: Vec<u32>,
    ops: Vec<u32>,
}

impl AtomLists {
    fn new(natoms: usize, operators: &[Operator], atoms_of: impl Fn(&Operator) -> &[AtomId]) -> AtomLists {
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); natoms];
        for (o, op) in operators.iter().enumerate() {
            for &a in atoms_of(op) {
                let l = &mut lists[a as usize];
                if l.last() != Some(&(o as u32)) {
                    l.push(o as u32);
                }
            }
        }
        let mut start = Vec::with_capacity(natoms + 1);
        let mut ops = Vec::new();
        for l in lists {
            start.push(ops.len() as u32);
            ops.extend(l);
        }
        start.push(ops.len() as u32);
        AtomLists { start, ops }
    }

    #[inline]
    fn get(&self, a: AtomId) -> &[u32] {
        &self.ops[self.start[a as usize] as usize..self.start[a as usize + 1] as usize]
    }
}

/// Stubborn sets, strong or weak, over one task.
pub struct StubbornSets {
    achievers: AtomLists,
    deleters: AtomLists,
    /// Operators with the atom as a precondition, and with its negation as one.
    needers: AtomLists,
    needers_neg: AtomLists,
    negative: bool,
    weak: bool,
    /// Per list kind and atom, the stamp of the state in which the atom's list was added: each
    /// list enters a stubborn set at most once (the atom-centric computation of Röger, Helmert,
    /// Seipp and Sievers, SoCS 2020), so a state costs at most the lists' total length.
    done: [Vec<u32>; 4],
    /// Applicable operators in the set so far; when all are in, nothing can be pruned.
    applicable_in: usize,
    /// Stamps: an operator is in the stubborn set when `in_set[o] == stamp`, applicable when
    /// `applicable[o] == stamp`.
    in_set: Vec<u32>,
    applicable: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    limit: Option<PruningLimit>,
    expansions: u64,
    /// Whether `limit` has been checked.
    checked: bool,
    pub stats: PruningStats,
}

impl StubbornSets {
    pub fn new(task: &SearchTask, spec: &PruningSpec) -> StubbornSets {
        let g = task.ground;
        let (natoms, nops) = (g.atoms.len(), g.operators.len());
        let off = if g.operators.iter().any(|o| !o.cond.is_empty()) {
            Some("the task has conditional effects".into())
        } else if task.axioms.is_some() {
            Some("the task has derived predicates".into())
        } else {
            None
        };
        StubbornSets {
            achievers: AtomLists::new(natoms, &g.operators, |o| &o.add),
            deleters: AtomLists::new(natoms, &g.operators, |o| &o.del),
            needers: AtomLists::new(natoms, &g.operators, |o| &o.pre),
            needers_neg: AtomLists::new(natoms, &g.operators, |o| &o.pre_neg),
            negative: g.operators.iter().any(|o| !o.pre_neg.is_empty()) || !g.goal_neg.is_empty(),
            done: std::array::from_fn(|_| vec![0; natoms]),
            applicable_in: 0,
            in_set: vec![0; nops],
            applicable: vec![0; nops],
            stamp: 0,
            queue: Vec::new(),
            weak: spec.weak,
            limit: spec.limit,
            expansions: 0,
            checked: false,
            stats: PruningStats { off, ..Default::default() },
        }
    }

    /// Keeps in `ops` (the operators applicable in `s`) those of a stubborn set of `s`.
    pub fn prune(&mut self, task: &SearchTask, s: &State, ops: &mut Vec<u32>) {
        if self.stats.off.is_some() {
            return;
        }
        self.expansions += 1;
        // The check comes once, after `l.expansions` expansions or, where states have many
        // successors (the cost of a stubborn set grows with them), once CHECK_SUCCESSORS
        // successors have been seen, whichever is first.
        if let Some(l) = self.limit
            && !self.checked
            && (self.expansions > l.expansions || self.stats.successors_before >= CHECK_SUCCESSORS)
        {
            self.checked = true;
            if self.stats.ratio() < l.min_ratio {
                self.stats.off = Some(format!(
                    "switched off after {} expansions: it pruned {:.1} % of the successors, less than {:.1} %",
                    self.expansions - 1,
                    100.0 * self.stats.ratio(),
                    100.0 * l.min_ratio
                ));
                return;
            }
        }
        if self.negative {
            // The successor generator matches positive preconditions only.
            ops.retain(|&o| task.negative_ok(o as usize, s));
        }
        self.stats.successors_before += ops.len() as u64;
        if ops.len() > 1 {
            self.compute(task, s, ops);
            let (in_set, stamp) = (&self.in_set, self.stamp);
            ops.retain(|&o| in_set[o as usize] == stamp);
        }
        self.stats.successors_after += ops.len() as u64;
    }

    fn compute(&mut self, task: &SearchTask, s: &State, ops: &[u32]) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.in_set.fill(0);
            self.applicable.fill(0);
            self.done.iter_mut().for_each(|d| d.fill(0));
            self.stamp = 1;
        }
        self.applicable_in = 0;
        let stamp = self.stamp;
        for &o in ops {
            self.applicable[o as usize] = stamp;
        }
        let g = task.ground;
        // The goal condition false in s with the fewest operators to make it true; none: s is a
        // goal state.
        let Some(goal) = self.easiest(task, s, &g.goal, &g.goal_neg) else {
            for &o in ops {
                self.in_set[o as usize] = stamp;
            }
            return;
        };
        self.queue.clear();
        self.add_enablers(goal);
        while let Some(o) = self.queue.pop() {
            if self.applicable_in == ops.len() {
                break;
            }
            let op = &g.operators[o as usize];
            if self.applicable[o as usize] == stamp {
                // The operators interfering with o: it disables them or conflicts with them
                // (deletes what they need or add, adds what they need false or delete), and, in a
                // strong stubborn set, those that disable it.
                for &d in &op.del {
                    self.add_list(NEEDERS, d);
                    self.add_list(ACHIEVERS, d);
                }
                for &a in &op.add {
                    self.add_list(NEEDERS_NEG, a);
                    self.add_list(DELETERS, a);
                }
                if !self.weak {
                    for &p in &op.pre {
                        self.add_list(DELETERS, p);
                    }
                    for &n in &op.pre_neg {
                        self.add_list(ACHIEVERS, n);
                    }
                }
            } else if let Some(c) = self.easiest(task, s, &op.pre, &op.pre_neg) {
                // Not applicable in s: the enablers of one false condition.
                self.add_enablers(c);
            }
        }
    }

    /// Of the conditions `pos` and `(not a)` for `a` in `neg`, the false one in `s` with the
    /// fewest operators that make it true, if any is false.
    fn easiest(&self, task: &SearchTask, s: &State, pos: &[AtomId], neg: &[AtomId]) -> Option<Condition> {
        let p = pos.iter().filter(|&&a| !task.holds(s, a)).map(|&a| (self.achievers.get(a).len(), Condition::Pos(a)));
        let n = neg.iter().filter(|&&a| task.holds(s, a)).map(|&a| (self.deleters.get(a).len(), Condition::Neg(a)));
        p.chain(n).min_by_key(|c| c.0).map(|c| c.1)
    }

    /// Adds the operators that can make `c` true.
    fn add_enablers(&mut self, c: Condition) {
        match c {
            Condition::Pos(a) => self.add_list(ACHIEVERS, a),
            Condition::Neg(a) => self.add_list(DELETERS, a),
        }
    }

    /// Adds the operators of list `kind` of atom `a`, unless they are in already.
    fn add_list(&mut self, kind: usize, a: AtomId) {
        let stamp = self.stamp;
        if self.done[kind][a as usize] == stamp {
            return;
        }
        self.done[kind][a as usize] = stamp;
        let lists = match kind {
            ACHIEVERS => &self.achievers,
            DELETERS => &self.deleters,
            NEEDERS => &self.needers,
            _ => &self.needers_neg,
        };
        for &o in lists.get(a) {
            if self.in_set[o as usize] != stamp {
                self.in_set[o as usize] = stamp;
                self.queue.push(o);
                if self.applicable[o as usize] == stamp {
                    self.applicable_in += 1;
                }
            }
        }
    }
}
