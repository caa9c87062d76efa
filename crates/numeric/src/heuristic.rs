//! Numeric relaxed heuristics with repeated application of effects, in the style of ENHSP's
//! subgoaling heuristics (Scala, Haslum, Thiébaux, Ramírez: "Subgoaling techniques for
//! satisficing and optimal numeric planning", JAIR 2020).
//!
//! Every numeric condition is normalized into linear *constraints* `L(v) >= 0` or `L(v) > 0`
//! (an equality gives two). The relaxation is a generalized Dijkstra over atoms and constraints
//! from the evaluated state: an operator is reached when its atoms and constraints are; it then
//! reaches its add effects, and each constraint `L` that it can increase. An operator whose
//! effects on `L` are additive by a constant `delta > 0` achieves it by `n = ceil(-L(s)/delta)`
//! repeated applications; one with state-dependent or `assign` effects on the constraint's
//! fluents is taken as a possible achiever in one application. So a constraint is unreachable
//! only when nothing can increase it: dead ends found this way are real (safe pruning), which
//! makes an exhausted search a proof of unsolvability.
//!
//! - `hadd`: the cost of a set is the sum of its members; an achiever of a constraint costs its
//!   precondition plus `n` applications (unit costs: a greedy search wants short plans).
//! - `hmrp`: the relaxed plan read off the best supporters from the goal, counting each operator
//!   with its largest number of repetitions (ENHSP's `hmrp`-like estimate).
//! - `hmax`: the cost of a set is its most expensive member; a constraint costs the cheapest
//!   achiever's precondition plus `-L(s)` times the best cost-per-unit ratio of any achiever
//!   (0 for state-dependent or `assign` achievers), a lower bound on any plan: admissible.
//!
//! Helpful actions: the operators of the relaxed plan that are applicable in the state.

use crate::task::{GExpr, Linear, NumericTask};
use pddl::ast::{AssignOp, Comparison};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Which estimate to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Add,
    Mrp,
    Max,
}

/// A linear constraint `lin >= 0` (or `> 0` when `strict`).
#[derive(Clone, Debug)]
struct Constraint {
    lin: Linear,
    strict: bool,
}

/// How one operator changes one constraint.
#[derive(Clone, Debug)]
struct Contribution {
    op: u32,
    /// (coefficient in the constraint, effect op, variable, rhs linear form)
    effects: Vec<(f64, AssignOp, u32, Linear)>,
}

/// The relaxed task, built once per search.
pub struct Relaxed {
    kind: Kind,
    natoms: usize,
    constraints: Vec<Constraint>,
    /// Node ids (atoms, then constraints) of each operator's precondition.
    pre: Vec<Vec<u32>>,
    /// Operators whose precondition has a node, per node.
    pre_of: Vec<Vec<u32>>,
    add: Vec<Vec<u32>>,
    /// Per operator, the constraints it can change, with how.
    achieves: Vec<Vec<(u32, usize)>>,
    contributions: Vec<Vec<Contribution>>,
    cost: Vec<f64>,
    goal: Vec<u32>,
    // Scratch.
    h: Vec<f64>,
    closed: Vec<bool>,
    unsat: Vec<u32>,
    hp: Vec<f64>,
    supporter: Vec<u32>,
    reps: Vec<f64>,
    /// Per constraint, the best ratio of cost per unit of increase (hmax), this state.
    ratio: Vec<f64>,
    /// Operators of the last relaxed plan, applicable in the evaluated state.
    pub helpful: Vec<u32>,
}

const NONE: u32 = u32::MAX;

fn constraints_of(c: &crate::task::Cond) -> Vec<Constraint> {
    let (Some(l), Some(r)) = (c.left.linear(), c.right.linear()) else { return Vec::new() };
    let lr = Linear::default();
    let diff = |a: &Linear, b: &Linear| {
        let mut d = lr.clone();
        for &(v, k) in &a.terms {
            d = add_term(d, v, k);
        }
        for &(v, k) in &b.terms {
            d = add_term(d, v, -k);
        }
        d.constant = a.constant - b.constant;
        d
    };
    match c.cmp {
        Comparison::Ge => vec![Constraint { lin: diff(&l, &r), strict: false }],
        Comparison::Gt => vec![Constraint { lin: diff(&l, &r), strict: true }],
        Comparison::Le => vec![Constraint { lin: diff(&r, &l), strict: false }],
        Comparison::Lt => vec![Constraint { lin: diff(&r, &l), strict: true }],
        Comparison::Eq => {
            vec![Constraint { lin: diff(&l, &r), strict: false }, Constraint { lin: diff(&r, &l), strict: false }]
        }
    }
}

fn add_term(mut l: Linear, v: u32, k: f64) -> Linear {
    match l.terms.binary_search_by_key(&v, |t| t.0) {
        Ok(i) => l.terms[i].1 += k,
        Err(i) => l.terms.insert(i, (v, k)),
    }
    l.terms.retain(|t| t.1 != 0.0);
    l
}

impl Relaxed {
    /// `use_costs`: operator costs (for `hmax` under a cost-like metric) rather than unit costs.
    pub fn new(task: &NumericTask, kind: Kind, use_costs: bool) -> Relaxed {
        let natoms = task.atoms.len();
        let mut constraints: Vec<Constraint> = Vec::new();
        let intern = |cs: Vec<Constraint>, constraints: &mut Vec<Constraint>| -> Vec<u32> {
            cs.into_iter()
                .map(|c| match constraints.iter().position(|x| x.strict == c.strict && x.lin == c.lin) {
                    Some(i) => i,
                    None => {
                        constraints.push(c);
                        constraints.len() - 1
                    }
                })
                .map(|i| (natoms + i) as u32)
                .collect()
        };
        let mut pre = Vec::with_capacity(task.operators.len());
        for o in &task.operators {
            let mut p: Vec<u32> = o.pre.clone();
            for c in &o.num_pre {
                p.extend(intern(constraints_of(c), &mut constraints));
            }
            p.sort_unstable();
            p.dedup();
            pre.push(p);
        }
        let mut goal: Vec<u32> = task.goal.clone();
        for c in &task.goal_num {
            goal.extend(intern(constraints_of(c), &mut constraints));
        }
        goal.sort_unstable();
        goal.dedup();
        let nnodes = natoms + constraints.len();
        let mut pre_of = vec![Vec::new(); nnodes];
        for (i, p) in pre.iter().enumerate() {
            for &n in p {
                pre_of[n as usize].push(i as u32);
            }
        }
        // Conditional add effects are taken as unconditional: an over-approximation.
        let add: Vec<Vec<u32>> = task
            .operators
            .iter()
            .map(|o| o.add.iter().copied().chain(o.cond.iter().filter(|c| c.add).map(|c| c.atom)).collect())
            .collect();
        let mut contributions: Vec<Vec<Contribution>> = vec![Vec::new(); constraints.len()];
        let mut achieves = vec![Vec::new(); task.operators.len()];
        for (k, c) in constraints.iter().enumerate() {
            for (oi, o) in task.operators.iter().enumerate() {
                let effects: Vec<(f64, AssignOp, u32, Linear)> = o
                    .num_eff
                    .iter()
                    .filter_map(|e| {
                        let w = c.lin.coefficient(e.var);
                        (w != 0.0).then(|| (w, e.op, e.var, e.rhs.linear().unwrap_or_default()))
                    })
                    .collect();
                // An operator that changes the constraint by a constant amount that is not
                // positive never achieves it, in any state: left out once here.
                let constant = effects.iter().all(|(_, op, _, rhs)| {
                    matches!(op, AssignOp::Increase | AssignOp::Decrease) && rhs.terms.is_empty()
                });
                if constant {
                    let delta: f64 = effects
                        .iter()
                        .map(
                            |(w, op, _, rhs)| {
                                if *op == AssignOp::Increase { w * rhs.constant } else { -w * rhs.constant }
                            },
                        )
                        .sum();
                    if delta <= 0.0 {
                        continue;
                    }
                }
                if !effects.is_empty() {
                    achieves[oi].push((k as u32, contributions[k].len()));
                    contributions[k].push(Contribution { op: oi as u32, effects });
                }
            }
        }
        let cost = task
            .operators
            .iter()
            .map(|o| {
                if use_costs {
                    o.cost
                } else if o.action.is_some() {
                    1.0
                } else {
                    0.0
                }
            })
            .collect();
        let nops = task.operators.len();
        Relaxed {
            kind,
            natoms,
            constraints,
            pre,
            pre_of,
            add,
            achieves,
            contributions,
            cost,
            goal,
            h: vec![f64::INFINITY; nnodes],
            closed: vec![false; nnodes],
            unsat: vec![0; nops],
            hp: vec![0.0; nops],
            supporter: vec![NONE; nnodes],
            reps: vec![0.0; nnodes],
            ratio: vec![f64::INFINITY; 0],
            helpful: Vec::new(),
        }
    }

    /// The estimate for the state (`atoms` true, `vals` the variables), `None` for a dead end.
    /// Fills [`Relaxed::helpful`] for `hadd` and `hmrp`.
    pub fn eval(&mut self, atoms: &[bool], vals: &[f64]) -> Option<f64> {
        let nn = self.h.len();
        self.h.fill(f64::INFINITY);
        self.closed.fill(false);
        self.supporter.fill(NONE);
        self.helpful.clear();
        for (i, p) in self.pre.iter().enumerate() {
            self.unsat[i] = p.len() as u32;
            self.hp[i] = 0.0;
        }
        let mut heap: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
        let key = |v: f64| v.to_bits(); // non-negative finite floats order as their bits
        for (a, &t) in atoms.iter().enumerate() {
            if t {
                self.h[a] = 0.0;
                heap.push(Reverse((0, a as u32)));
            }
        }
        // Values of the constraints in this state, and (hmax) the best ratios.
        let mut value = vec![0.0; self.constraints.len()];
        for (k, c) in self.constraints.iter().enumerate() {
            let v = c.lin.eval(vals);
            value[k] = if v.is_nan() { f64::NEG_INFINITY } else { v };
            if satisfied(v, c.strict) {
                self.h[self.natoms + k] = 0.0;
                heap.push(Reverse((0, (self.natoms + k) as u32)));
            }
        }
        if self.kind == Kind::Max {
            self.ratio = vec![f64::INFINITY; self.constraints.len()];
            for k in 0..self.constraints.len() {
                for ct in &self.contributions[k] {
                    if let Some((delta, additive)) = delta_of(ct, vals) {
                        let r = if !additive {
                            0.0
                        } else if delta > 0.0 {
                            self.cost[ct.op as usize] / delta
                        } else {
                            continue;
                        };
                        self.ratio[k] = self.ratio[k].min(r);
                    }
                }
            }
        }
        let mut ready: Vec<u32> = (0..self.pre.len() as u32).filter(|&o| self.pre[o as usize].is_empty()).collect();
        let mut goals_left = self.goal.len();
        loop {
            for o in ready.drain(..) {
                let o = o as usize;
                let base = self.hp[o];
                let c = self.cost[o];
                for &p in &self.add[o] {
                    let cand = base + c;
                    if cand < self.h[p as usize] {
                        self.h[p as usize] = cand;
                        self.supporter[p as usize] = o as u32;
                        self.reps[p as usize] = 1.0;
                        heap.push(Reverse((key(cand), p)));
                    }
                }
                for &(k, ci) in &self.achieves[o] {
                    let node = self.natoms + k as usize;
                    if self.closed[node] || self.h[node] == 0.0 {
                        continue;
                    }
                    let need = -value[k as usize];
                    let ct = &self.contributions[k as usize][ci];
                    let Some((delta, additive)) = delta_of(ct, vals) else { continue };
                    let (cand, n) = if self.kind == Kind::Max {
                        if additive && delta <= 0.0 {
                            continue;
                        }
                        let r = self.ratio[k as usize];
                        (base + if need.is_finite() { need.max(0.0) * r } else { 0.0 }, 1.0)
                    } else if delta > 0.0 && need.is_finite() {
                        let n = repetitions(need, delta, self.constraints[k as usize].strict);
                        (base + c.max(1e-9) * n, n)
                    } else if !additive {
                        (base + c, 1.0)
                    } else {
                        continue;
                    };
                    if cand < self.h[node] {
                        self.h[node] = cand;
                        self.supporter[node] = o as u32;
                        self.reps[node] = n;
                        heap.push(Reverse((key(cand), node as u32)));
                    }
                }
            }
            let Some(Reverse((kv, node))) = heap.pop() else { break };
            let node = node as usize;
            let v = f64::from_bits(kv);
            if self.closed[node] || v > self.h[node] {
                continue;
            }
            self.closed[node] = true;
            if self.goal.binary_search(&(node as u32)).is_ok() {
                goals_left -= 1;
            }
            if goals_left == 0 {
                break;
            }
            for &o in &self.pre_of[node] {
                let o = o as usize;
                self.hp[o] = if self.kind == Kind::Max { self.hp[o].max(v) } else { self.hp[o] + v };
                self.unsat[o] -= 1;
                if self.unsat[o] == 0 {
                    ready.push(o as u32);
                }
            }
        }
        let _ = nn;
        let mut total = 0.0f64;
        for &g in &self.goal {
            let v = self.h[g as usize];
            if !v.is_finite() {
                return None;
            }
            total = if self.kind == Kind::Max { total.max(v) } else { total + v };
        }
        if self.kind == Kind::Max {
            return Some(total);
        }
        // The relaxed plan: best supporters from the goal.
        let mut marked: Vec<(u32, f64)> = Vec::new();
        let mut seen = vec![false; self.h.len()];
        let mut stack: Vec<u32> = self.goal.iter().copied().filter(|&g| self.h[g as usize] > 0.0).collect();
        while let Some(n) = stack.pop() {
            if std::mem::replace(&mut seen[n as usize], true) {
                continue;
            }
            let o = self.supporter[n as usize];
            if o == NONE {
                continue;
            }
            let r = self.reps[n as usize];
            match marked.iter_mut().find(|m| m.0 == o) {
                Some(m) => m.1 = m.1.max(r),
                None => {
                    marked.push((o, r));
                    for &p in &self.pre[o as usize] {
                        if self.h[p as usize] > 0.0 {
                            stack.push(p);
                        }
                    }
                }
            }
        }
        for &(o, _) in &marked {
            if self.pre[o as usize].iter().all(|&p| self.h[p as usize] == 0.0) {
                self.helpful.push(o);
            }
        }
        if self.kind == Kind::Mrp {
            return Some(marked.iter().map(|m| m.1 * self.cost[m.0 as usize].max(1e-9)).sum());
        }
        Some(total)
    }
}

fn satisfied(v: f64, strict: bool) -> bool {
    if strict { v > 0.0 } else { v >= 0.0 }
}

/// Applications of an additive effect of `delta > 0` that make `need` up: the smallest `n` with
/// `n * delta >= need` (`> need` when strict), at least 1.
fn repetitions(need: f64, delta: f64, strict: bool) -> f64 {
    let q = need / delta;
    let n = if strict { q.floor() + 1.0 } else { q.ceil() };
    n.max(1.0)
}

/// The change of the constraint by one application in `vals`, and whether it is additive by a
/// constant (repeatable with the same change); `None` when a value is undefined.
fn delta_of(ct: &Contribution, vals: &[f64]) -> Option<(f64, bool)> {
    let mut delta = 0.0;
    let mut additive = true;
    for (w, op, var, rhs) in &ct.effects {
        let r = rhs.eval(vals);
        let x = vals[*var as usize];
        if r.is_nan() {
            return None;
        }
        if !rhs.terms.is_empty() {
            additive = false;
        }
        delta += w * match op {
            AssignOp::Increase => r,
            AssignOp::Decrease => -r,
            AssignOp::Assign => {
                additive = false;
                if x.is_nan() { 0.0 } else { r - x }
            }
            AssignOp::ScaleUp => {
                additive = false;
                x * (r - 1.0)
            }
            AssignOp::ScaleDown => {
                additive = false;
                if r == 0.0 { 0.0 } else { x * (1.0 / r - 1.0) }
            }
        };
    }
    if !delta.is_finite() {
        return None;
    }
    Some((delta, additive))
}

/// Whether an expression is a constant (no variables); used by callers that need it.
pub fn is_constant(e: &GExpr) -> bool {
    e.linear().is_some_and(|l| l.terms.is_empty())
}
