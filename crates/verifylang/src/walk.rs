//! Fast random walks over an explicit ground task.
//!
//! Scanning every ground action at every step to find the applicable ones costs (actions x
//! preconditions) per step, which made long walks the bottleneck of dataset generation. Here each
//! action keeps the number of its precondition literals that are false in the current state, and
//! the actions at zero sit in a set with O(1) insert, remove and uniform choice. Changing an atom
//! touches only the actions that mention it in their precondition, so a step costs about the
//! number of actions whose applicability it can change.
//!
//! Uniform choice among the applicable actions is kept, so the walk distribution is that of the
//! plain scan (the order within the set differs, so the same seed gives other walks than before).

use domains::explicit::{Explicit, GroundAction};
use rand::RngExt;

/// Indexes built once per problem.
pub struct Index {
    /// For each atom, the actions with `(atom, true)` in their precondition, then those with
    /// `(atom, false)`, as ranges into `users` (a flat list: one allocation, cache-friendly).
    start: Vec<u32>,
    split: Vec<u32>,
    users: Vec<u32>,
    /// Per action, how many precondition literals are false in the initial state.
    init_unsat: Vec<u32>,
    init_state: Vec<bool>,
}

/// The mutable state of a walk: truth values, counters and the applicable set. It is returned to
/// the initial state after each walk by undoing only the atoms that changed, so its cost does not
/// grow with the number of ground actions.
pub struct Walk {
    pub state: Vec<bool>,
    unsat: Vec<u32>,
    applicable: Vec<u32>,
    /// Position of an action in `applicable`, or `u32::MAX`.
    slot: Vec<u32>,
    /// Atoms whose value differs from the initial state at some point of this walk, in order of
    /// first change (deterministic, unlike a hash set).
    pub touched: Vec<u32>,
    touched_mark: Vec<bool>,
}

impl Index {
    pub fn new(ex: &Explicit<'_>) -> Index {
        let n = ex.atoms.len();
        let mut pos: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut neg: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut init_state = vec![false; n];
        for &a in &ex.init {
            init_state[a as usize] = true;
        }
        let mut init_unsat = Vec::with_capacity(ex.actions.len());
        for (i, a) in ex.actions.iter().enumerate() {
            let mut k = 0;
            for &(atom, positive) in &a.pre {
                if positive {
                    pos[atom as usize].push(i as u32)
                } else {
                    neg[atom as usize].push(i as u32)
                }
                if init_state[atom as usize] != positive {
                    k += 1;
                }
            }
            init_unsat.push(k);
        }
        let (mut start, mut split, mut users) = (Vec::with_capacity(n + 1), Vec::with_capacity(n), Vec::new());
        for (p, q) in pos.iter().zip(&neg) {
            start.push(users.len() as u32);
            users.extend_from_slice(p);
            split.push(users.len() as u32);
            users.extend_from_slice(q);
        }
        start.push(users.len() as u32);
        Index { start, split, users, init_unsat, init_state }
    }

    /// A walk state at the initial state.
    pub fn walk(&self) -> Walk {
        let mut w = Walk {
            state: self.init_state.clone(),
            unsat: self.init_unsat.clone(),
            applicable: Vec::new(),
            slot: vec![u32::MAX; self.init_unsat.len()],
            touched: Vec::new(),
            touched_mark: vec![false; self.init_state.len()],
        };
        for (i, &k) in self.init_unsat.iter().enumerate() {
            if k == 0 {
                w.slot[i] = w.applicable.len() as u32;
                w.applicable.push(i as u32);
            }
        }
        w
    }

    /// Sets an atom and updates the counters of the actions that mention it.
    fn set(&self, w: &mut Walk, atom: u32, value: bool) {
        let a = atom as usize;
        if w.state[a] == value {
            return;
        }
        w.state[a] = value;
        if !w.touched_mark[a] {
            w.touched_mark[a] = true;
            w.touched.push(atom);
        }
        let (s, m, e) = (self.start[a] as usize, self.split[a] as usize, self.start[a + 1] as usize);
        // Positive users become satisfied when the atom turns true; negative ones when it turns false.
        let (sat, unsat) = if value { (s..m, m..e) } else { (m..e, s..m) };
        for &u in &self.users[sat] {
            let k = &mut w.unsat[u as usize];
            *k -= 1;
            if *k == 0 {
                w.slot[u as usize] = w.applicable.len() as u32;
                w.applicable.push(u);
            }
        }
        for &u in &self.users[unsat] {
            let k = &mut w.unsat[u as usize];
            if *k == 0 {
                let at = w.slot[u as usize] as usize;
                w.applicable.swap_remove(at);
                if let Some(&moved) = w.applicable.get(at) {
                    w.slot[moved as usize] = at as u32;
                }
                w.slot[u as usize] = u32::MAX;
            }
            *k += 1;
        }
    }

    /// Applies a ground action: delete-then-add, effect conditions read in the state before.
    pub fn apply(&self, w: &mut Walk, a: &GroundAction, scratch: &mut Vec<(u32, bool)>) {
        scratch.clear();
        for e in &a.effects {
            if e.condition.iter().all(|&(x, s)| w.state[x as usize] == s) {
                scratch.push((e.atom, e.add));
            }
        }
        // Deletes first, then adds, so an atom both deleted and added ends true.
        for &(x, add) in scratch.iter() {
            if !add {
                self.set(w, x, false);
            }
        }
        for &(x, add) in scratch.iter() {
            if add {
                self.set(w, x, true);
            }
        }
    }

    /// Back to the initial state, undoing only what changed.
    pub fn reset(&self, w: &mut Walk) {
        let touched = std::mem::take(&mut w.touched);
        for &x in &touched {
            self.set(w, x, self.init_state[x as usize]);
        }
        for &x in &touched {
            w.touched_mark[x as usize] = false;
        }
        w.touched = touched;
        w.touched.clear();
    }

    pub fn init_state(&self) -> &[bool] {
        &self.init_state
    }
}

impl Walk {
    /// The applicable actions, in no particular order.
    pub fn applicable(&self) -> &[u32] {
        &self.applicable
    }

    /// A uniformly random applicable action, if any.
    pub fn choose(&self, rng: &mut domains::Rng) -> Option<u32> {
        if self.applicable.is_empty() {
            return None;
        }
        Some(self.applicable[rng.random_range(0..self.applicable.len())])
    }
}

/// Whether `a` applies in a state given as truth values.
pub fn applicable(state: &[bool], a: &GroundAction) -> bool {
    a.pre.iter().all(|&(x, s)| state[x as usize] == s)
}
