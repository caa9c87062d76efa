//! The search view of a ground task: states packed one bit per atom in `u64` words, and operator
//! application (delete-then-add, conditional effects evaluated in the state before).

use ground::{AtomId, GroundTask};

/// A packed state: bit `a` of the words is atom `a`.
pub type State = [u64];

#[inline]
pub fn holds(s: &State, a: AtomId) -> bool {
    s[a as usize / 64] >> (a % 64) & 1 == 1
}

#[inline]
fn set(s: &mut State, a: AtomId) {
    s[a as usize / 64] |= 1u64 << (a % 64);
}

#[inline]
fn clear(s: &mut State, a: AtomId) {
    s[a as usize / 64] &= !(1u64 << (a % 64));
}

pub struct SearchTask<'a> {
    pub ground: &'a GroundTask,
    /// Words per state.
    pub words: usize,
    pub unit_cost: bool,
}

impl<'a> SearchTask<'a> {
    pub fn new(ground: &'a GroundTask) -> SearchTask<'a> {
        let words = ground.atoms.len().div_ceil(64).max(1);
        let unit_cost = ground.operators.iter().all(|o| o.cost == 1 || o.action.is_none());
        SearchTask { ground, words, unit_cost }
    }

    pub fn initial_state(&self) -> Vec<u64> {
        let mut s = vec![0u64; self.words];
        for &a in &self.ground.init {
            set(&mut s, a);
        }
        s
    }

    pub fn is_goal(&self, s: &State) -> bool {
        self.ground.goal.iter().all(|&a| holds(s, a)) && !self.ground.goal_neg.iter().any(|&a| holds(s, a))
    }

    /// Whether the negative preconditions hold (positive ones are the successor generator's job).
    #[inline]
    pub fn negative_ok(&self, op: usize, s: &State) -> bool {
        !self.ground.operators[op].pre_neg.iter().any(|&a| holds(s, a))
    }

    pub fn applicable(&self, op: usize, s: &State) -> bool {
        let o = &self.ground.operators[op];
        o.pre.iter().all(|&a| holds(s, a)) && self.negative_ok(op, s)
    }

    /// Writes the successor of `s` under `op` into `out`.
    pub fn apply(&self, op: usize, s: &State, out: &mut Vec<u64>) {
        let o = &self.ground.operators[op];
        out.clear();
        out.extend_from_slice(s);
        if o.cond.is_empty() {
            for &d in &o.del {
                clear(out, d);
            }
            for &a in &o.add {
                set(out, a);
            }
            return;
        }
        // Conditions read the state before the operator; all deletes, then all adds.
        let fires = |c: &ground::CondEffect| c.pre.iter().all(|&a| holds(s, a)) && !c.pre_neg.iter().any(|&a| holds(s, a));
        for &d in &o.del {
            clear(out, d);
        }
        for c in &o.cond {
            if !c.add && fires(c) {
                clear(out, c.atom);
            }
        }
        for &a in &o.add {
            set(out, a);
        }
        for c in &o.cond {
            if c.add && fires(c) {
                set(out, c.atom);
            }
        }
    }

    pub fn cost(&self, op: usize) -> u64 {
        self.ground.operators[op].cost
    }
}
