//! Logical states (dynamic atoms as bits, dynamic fluents as numbers, NaN for undefined) and the
//! application of one happening with PDDL's rules (`model::semantics`): conditions and right-hand
//! sides read in the state before it, deletes before adds, `increase`/`decrease` of one fluent
//! summed, any other double update a conflict.

use crate::ground::{Cond, EffectLit, Effects, NExpr};
use model::semantics;
use pddl::ast::AssignOp;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub facts: Vec<u64>,
    /// `f64::to_bits` of each dynamic fluent (NaN: undefined), so that states hash exactly.
    pub values: Vec<u64>,
}

impl State {
    pub fn new(atoms: usize, init: &[u32], values: &[f64]) -> State {
        let mut s = State { facts: vec![0; atoms.div_ceil(64)], values: values.iter().map(|v| v.to_bits()).collect() };
        for &a in init {
            s.set(a, true);
        }
        s
    }
    pub fn get(&self, a: u32) -> bool {
        self.facts[(a / 64) as usize] >> (a % 64) & 1 == 1
    }
    pub fn set(&mut self, a: u32, v: bool) {
        let w = &mut self.facts[(a / 64) as usize];
        if v {
            *w |= 1 << (a % 64);
        } else {
            *w &= !(1 << (a % 64));
        }
    }
    pub fn value(&self, f: u32) -> f64 {
        f64::from_bits(self.values[f as usize])
    }

    /// The value of `e`; `None` when undefined (an undefined fluent, division by zero, overflow).
    pub fn eval(&self, e: &NExpr, duration: Option<f64>) -> Option<f64> {
        let v = match e {
            NExpr::Const(x) => *x,
            NExpr::Fluent(f) => self.value(*f),
            NExpr::Bin(op, a, b) => semantics::binary(*op, self.eval(a, duration)?, self.eval(b, duration)?).ok()?,
            NExpr::Neg(a) => -self.eval(a, duration)?,
            NExpr::Duration => duration?,
            NExpr::Undefined => return None,
        };
        v.is_finite().then_some(v)
    }

    pub fn holds(&self, c: &Cond) -> bool {
        match c {
            Cond::True => true,
            Cond::False => false,
            Cond::Atom(a, positive) => self.get(*a) == *positive,
            Cond::Cmp(op, a, b) => {
                semantics::compare_defined(*op, self.eval(a, None), self.eval(b, None)).unwrap_or(false)
            }
            Cond::And(cs) => cs.iter().all(|c| self.holds(c)),
            Cond::Or(cs) => cs.iter().any(|c| self.holds(c)),
        }
    }

    /// Applies `effects` (the state before them is `self`); `None` when an update fails
    /// (undefined value, division by zero, conflicting updates of one fluent).
    pub fn apply(&self, effects: &Effects, duration: Option<f64>) -> Option<State> {
        let mut adds: Vec<u32> = effects.adds.clone();
        let mut dels: Vec<u32> = effects.dels.clone();
        let mut updates: Vec<(AssignOp, u32, f64)> = Vec::new();
        for (op, f, x) in &effects.updates {
            updates.push((*op, *f, self.eval(x, duration)?));
        }
        for (c, lit) in &effects.conditional {
            if !self.holds(c) {
                continue;
            }
            match lit {
                EffectLit::Add(a) => adds.push(*a),
                EffectLit::Del(a) => dels.push(*a),
                EffectLit::Update(op, f, x) => updates.push((*op, *f, self.eval(x, duration)?)),
            }
        }
        let mut next = self.clone();
        for d in dels {
            next.set(d, false);
        }
        for a in adds {
            next.set(a, true);
        }
        updates.sort_by_key(|u| u.1);
        let mut i = 0;
        while i < updates.len() {
            let f = updates[i].1;
            let mut j = i + 1;
            while j < updates.len() && updates[j].1 == f {
                if !semantics::updates_commute(updates[i].0, updates[j].0) {
                    return None;
                }
                j += 1;
            }
            let before = self.value(f);
            let current = (!before.is_nan()).then_some(before);
            let value = if j - i == 1 {
                semantics::apply_assign(updates[i].0, current, updates[i].2).ok()?
            } else {
                let delta: f64 = updates[i..j].iter().map(|u| if u.0 == AssignOp::Increase { u.2 } else { -u.2 }).sum();
                semantics::apply_assign(AssignOp::Increase, current, delta).ok()?
            };
            next.values[f as usize] = value.to_bits();
            i = j;
        }
        Some(next)
    }
}
