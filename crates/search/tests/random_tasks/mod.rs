//! Random small STRIPS tasks for the property tests: up to `MAX_ATOMS` atoms, so that every one of
//! the 2^n states can be checked, with negative conditions and zero costs.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use ground::{AtomName, GroundTask, Operator};
use model::lifted::PredicateId;
use proptest::prelude::*;

pub const MAX_ATOMS: usize = 6;

/// The atoms of a bit mask.
pub fn atoms(mask: u32) -> Vec<u32> {
    (0..MAX_ATOMS as u32).filter(|a| mask & (1 << a) != 0).collect()
}

/// The bit mask of some atoms.
pub fn mask(v: &[u32]) -> u32 {
    v.iter().fold(0u32, |m, &a| m | 1 << a)
}

/// (pre, pre_neg, add, del, cost) bit masks.
pub type RawOp = (u32, u32, u32, u32, u64);

/// The task over the first `n` atoms (bits beyond them are dropped; a negative condition on an
/// atom the operator requires, or a delete of an atom it adds, is dropped too).
pub fn task(n: usize, ops: &[RawOp], init: u32, goal: u32, goal_neg: u32) -> GroundTask {
    let keep = |m: u32| atoms(m & ((1 << n) - 1));
    GroundTask {
        atoms: (0..n).map(|i| AtomName { predicate: PredicateId(i as u32), args: Vec::new() }).collect(),
        operators: ops
            .iter()
            .map(|&(pre, pre_neg, add, del, cost)| Operator {
                action: None,
                args: Vec::new(),
                pre: keep(pre),
                pre_neg: keep(pre_neg & !pre),
                add: keep(add),
                del: keep(del & !add),
                cond: Vec::new(),
                cost,
            })
            .collect(),
        init: keep(init),
        goal: keep(goal),
        goal_neg: keep(goal_neg & !goal),
        general_cost: true,
        goal_atom: None,
        mutex_groups: Vec::new(),
        axioms: Vec::new(),
    }
}

/// An operator with costs drawn from `cost`; negative preconditions in about one in four.
pub fn raw_op(cost: impl Strategy<Value = u64>) -> impl Strategy<Value = RawOp> {
    let m = 0u32..(1 << MAX_ATOMS);
    let neg = prop_oneof![3 => Just(0u32), 1 => 0u32..(1 << MAX_ATOMS)];
    (m.clone(), neg, 1u32..(1 << MAX_ATOMS), m, cost)
}
