//! The temporal relaxed plan heuristic (as in CRIKEY/POPF): FF's relaxed plan on the snap-action
//! compilation, where the start of a durative action adds a `running` fact that its end needs,
//! the end needs the `at end` and `over all` conditions, and deletes, numbers and time are
//! ignored. Every action open in the state must end, so its end is in the relaxed plan. Atoms of
//! pending positive timed literals are free. The value is the number of snap actions in the
//! relaxed plan; the helpful snap actions are those of the relaxed plan applicable now.
//!
//! Numeric conditions are facts of the relaxation too: a comparison false in the state is
//! achieved by any snap action that moves one of its fluents in the helpful direction (one step,
//! however far the value is). A comparison nothing can move stays false, which is sound, since
//! only actions change fluents.

use crate::ground::{Cond, EffectLit, Effects, Grounded, NExpr, cond_atoms};
use crate::state::State;
use pddl::ast::{AssignOp, BinaryOp, Comparison};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A snap action of the relaxation.
struct Relaxed {
    pre: Vec<u32>,
    add: Vec<u32>,
    /// The ground action, and whether this is its end.
    action: u32,
    end: bool,
}

pub struct Heuristic {
    facts: usize,
    atoms: usize,
    ops: Vec<Relaxed>,
    /// Per fact, the relaxed actions that need it.
    needed_by: Vec<Vec<u32>>,
    /// Per ground action, the index of its end snap in `ops` (durative actions only).
    end_op: Vec<u32>,
    goal: Vec<u32>,
    /// Numeric conditions, facts `atoms + actions + k`.
    numeric: Vec<Cond>,
    // Scratch.
    cost: Vec<u32>,
    supporter: Vec<u32>,
    unsat: Vec<u32>,
}

/// What one evaluation yields.
pub struct Estimate {
    /// `None`: a dead end even in the relaxation.
    pub h: Option<u32>,
    /// Helpful snap actions: (ground action, is its end); `(u32::MAX, false)` stands for the next
    /// timed literal, when the relaxed plan waits for one.
    pub helpful: Vec<(u32, bool)>,
}

const INF: u32 = u32::MAX;
const NONE: u32 = u32::MAX;

impl Heuristic {
    pub fn new(g: &Grounded) -> Heuristic {
        let atoms = g.atoms.len();
        // Numeric conditions of the top-level conjunctions, each once, with the fluents whose
        // change (up: +1, down: -1, either: 0) can make them true.
        let mut numeric: Vec<Cond> = Vec::new();
        let mut helps: Vec<Vec<(u32, i8)>> = Vec::new();
        let mut keys: rustc_hash::FxHashMap<String, u32> = rustc_hash::FxHashMap::default();
        let base = atoms + g.actions.len();
        let mut numeric_pre = |c: &Cond, out: &mut Vec<u32>| {
            let mut cmps = Vec::new();
            top_cmps(c, &mut cmps);
            for c in cmps {
                let key = format!("{c:?}");
                let id = *keys.entry(key).or_insert_with(|| {
                    numeric.push(c.clone());
                    helps.push(directions(c));
                    (numeric.len() - 1) as u32
                });
                out.push((base as u32) + id);
            }
        };
        let mut ops = Vec::new();
        let mut end_op = vec![NONE; g.actions.len()];
        for (i, a) in g.actions.iter().enumerate() {
            let adds = |e: &crate::ground::Effects| {
                let mut v = e.adds.clone();
                for (_, lit) in &e.conditional {
                    if let crate::ground::EffectLit::Add(x) = lit {
                        v.push(*x);
                    }
                }
                v
            };
            let mut pre = Vec::new();
            cond_atoms(&a.start, &mut pre);
            numeric_pre(&a.start, &mut pre);
            let mut add = adds(&a.start_effects);
            if a.durative {
                add.push((atoms + i) as u32);
            }
            ops.push(Relaxed { pre, add, action: i as u32, end: false });
            if a.durative {
                let mut pre = vec![(atoms + i) as u32];
                cond_atoms(&a.all, &mut pre);
                cond_atoms(&a.end, &mut pre);
                numeric_pre(&a.all, &mut pre);
                numeric_pre(&a.end, &mut pre);
                end_op[i] = ops.len() as u32;
                ops.push(Relaxed { pre, add: adds(&a.end_effects), action: i as u32, end: true });
            }
        }
        let mut goal = Vec::new();
        cond_atoms(&g.goal, &mut goal);
        numeric_pre(&g.goal, &mut goal);
        // Numeric achievers.
        for o in ops.iter_mut() {
            let a = &g.actions[o.action as usize];
            let e = if o.end { &a.end_effects } else { &a.start_effects };
            let moves = moves(e);
            for (k, h) in helps.iter().enumerate() {
                let achieves = h
                    .iter()
                    .any(|&(f, want)| moves.iter().any(|&(mf, dir)| mf == f && (want == 0 || dir == 0 || dir == want)));
                if achieves {
                    o.add.push((base + k) as u32);
                }
            }
        }
        let facts = base + numeric.len();
        let mut needed_by = vec![Vec::new(); facts];
        for (k, o) in ops.iter_mut().enumerate() {
            o.pre.sort_unstable();
            o.pre.dedup();
            for &p in &o.pre {
                needed_by[p as usize].push(k as u32);
            }
        }
        Heuristic {
            numeric,
            facts,
            atoms,
            cost: vec![INF; facts],
            supporter: vec![NONE; facts],
            unsat: vec![0; ops.len()],
            ops,
            needed_by,
            end_op,
            goal,
        }
    }

    /// Evaluates a state with the given open actions and pending timed literals' atoms.
    pub fn eval(&mut self, s: &State, open: &[u32], til_atoms: &[u32]) -> Estimate {
        self.cost.fill(INF);
        self.supporter.fill(NONE);
        let mut heap = BinaryHeap::new();
        for a in 0..self.atoms as u32 {
            if s.get(a) {
                self.cost[a as usize] = 0;
                heap.push(Reverse((0, a)));
            }
        }
        // A pending timed literal is a free action that has not happened yet.
        for &a in til_atoms {
            if self.cost[a as usize] == INF {
                self.cost[a as usize] = 1;
                heap.push(Reverse((1, a)));
            }
        }
        for &o in open {
            let f = self.atoms + o as usize;
            self.cost[f] = 0;
            heap.push(Reverse((0, f as u32)));
        }
        let base = self.facts - self.numeric.len();
        for (k, c) in self.numeric.iter().enumerate() {
            if s.holds(c) {
                self.cost[base + k] = 0;
                heap.push(Reverse((0, (base + k) as u32)));
            }
        }
        for (k, o) in self.ops.iter().enumerate() {
            self.unsat[k] = o.pre.len() as u32;
        }
        // Operators without preconditions fire at once.
        for k in 0..self.ops.len() {
            if self.unsat[k] == 0 {
                self.fire(k, 0, &mut heap);
            }
        }
        while let Some(Reverse((c, f))) = heap.pop() {
            if c > self.cost[f as usize] {
                continue;
            }
            for i in 0..self.needed_by[f as usize].len() {
                let k = self.needed_by[f as usize][i] as usize;
                self.unsat[k] -= 1;
                if self.unsat[k] == 0 {
                    let cost = self.ops[k].pre.iter().map(|&p| self.cost[p as usize]).fold(0u32, u32::saturating_add);
                    self.fire(k, cost, &mut heap);
                }
            }
        }
        // Extraction.
        let mut in_plan = vec![false; self.ops.len()];
        let mut marked = vec![false; self.facts];
        let mut stack: Vec<u32> = self.goal.clone();
        let mut count = 0u32;
        let mut uses_til = false;
        for &o in open {
            let e = self.end_op[o as usize];
            if e != NONE && !in_plan[e as usize] {
                in_plan[e as usize] = true;
                count += 1;
                stack.extend(&self.ops[e as usize].pre);
            }
        }
        while let Some(f) = stack.pop() {
            if marked[f as usize] {
                continue;
            }
            marked[f as usize] = true;
            if self.cost[f as usize] == INF {
                return Estimate { h: None, helpful: Vec::new() };
            }
            if self.cost[f as usize] == 0 {
                continue;
            }
            if self.supporter[f as usize] == NONE {
                // An atom of a pending timed literal: waiting for it is one step.
                count += 1;
                uses_til = true;
                continue;
            }
            let k = self.supporter[f as usize] as usize;
            if !in_plan[k] {
                in_plan[k] = true;
                count += 1;
                stack.extend(&self.ops[k].pre);
            }
        }
        let mut helpful = Vec::new();
        for (k, o) in self.ops.iter().enumerate() {
            if in_plan[k] && o.pre.iter().all(|&p| self.cost[p as usize] == 0) {
                helpful.push((o.action, o.end));
            }
        }
        if uses_til {
            helpful.push((u32::MAX, false));
        }
        Estimate { h: Some(count), helpful }
    }

    fn fire(&mut self, k: usize, cost: u32, heap: &mut BinaryHeap<Reverse<(u32, u32)>>) {
        let c = cost.saturating_add(1);
        for i in 0..self.ops[k].add.len() {
            let f = self.ops[k].add[i] as usize;
            if c < self.cost[f] {
                self.cost[f] = c;
                self.supporter[f] = k as u32;
                heap.push(Reverse((c, f as u32)));
            }
        }
    }
}

/// The comparisons of a condition's top-level conjunction.
fn top_cmps<'c>(c: &'c Cond, out: &mut Vec<&'c Cond>) {
    match c {
        Cond::Cmp(..) => out.push(c),
        Cond::And(cs) => cs.iter().for_each(|c| top_cmps(c, out)),
        _ => {}
    }
}

/// The fluents of a comparison with the direction of change that can make it true.
fn directions(c: &Cond) -> Vec<(u32, i8)> {
    let Cond::Cmp(op, a, b) = c else { return Vec::new() };
    // `a - b` must go up for `>`/`>=`, down for `<`/`<=`, either way for `=`.
    let want: i8 = match op {
        Comparison::Gt | Comparison::Ge => 1,
        Comparison::Lt | Comparison::Le => -1,
        Comparison::Eq => 0,
    };
    let mut out = Vec::new();
    signs(a, 1, &mut out);
    signs(b, -1, &mut out);
    out.into_iter().map(|(f, s)| (f, s * want)).collect()
}

/// The fluents of `e` with the sign of their influence (0: unknown), `sign` the context's.
fn signs(e: &NExpr, sign: i8, out: &mut Vec<(u32, i8)>) {
    match e {
        NExpr::Fluent(f) => out.push((*f, sign)),
        NExpr::Bin(BinaryOp::Add, a, b) => {
            signs(a, sign, out);
            signs(b, sign, out);
        }
        NExpr::Bin(BinaryOp::Sub, a, b) => {
            signs(a, sign, out);
            signs(b, -sign, out);
        }
        NExpr::Bin(BinaryOp::Mul | BinaryOp::Div, a, b) => match (&**a, &**b) {
            (x, NExpr::Const(k)) | (NExpr::Const(k), x) if *k != 0.0 => {
                signs(x, if *k > 0.0 { sign } else { -sign }, out)
            }
            _ => {
                signs(a, 0, out);
                signs(b, 0, out);
            }
        },
        NExpr::Neg(a) => signs(a, -sign, out),
        _ => {}
    }
}

/// The fluents a happening's effects change, with the direction (0: either or unknown).
fn moves(e: &Effects) -> Vec<(u32, i8)> {
    let mut out = Vec::new();
    let mut one = |op: AssignOp, f: u32, x: &NExpr| {
        let dir = match (op, x) {
            (AssignOp::Increase, NExpr::Const(c)) if *c > 0.0 => 1,
            (AssignOp::Increase, NExpr::Const(c)) if *c < 0.0 => -1,
            (AssignOp::Decrease, NExpr::Const(c)) if *c > 0.0 => -1,
            (AssignOp::Decrease, NExpr::Const(c)) if *c < 0.0 => 1,
            (AssignOp::Increase | AssignOp::Decrease, NExpr::Const(_)) => return,
            _ => 0,
        };
        out.push((f, dir));
    };
    for (op, f, x) in &e.updates {
        one(*op, *f, x);
    }
    for (_, lit) in &e.conditional {
        if let EffectLit::Update(op, f, x) = lit {
            one(*op, *f, x);
        }
    }
    out
}
