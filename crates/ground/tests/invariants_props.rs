//! The mutex groups of `ground::invariants` hold in every reachable state of random small tasks
//! (explored exhaustively): packing by them never loses a state.

use ground::{AtomName, CondEffect, GroundTask, Operator};
use model::lifted::{ObjectId, PredicateId};
use proptest::prelude::*;
use std::collections::{HashSet, VecDeque};

/// Atoms: two predicates over (object 0..2, object 2..5), 12 in all.
fn atoms() -> Vec<AtomName> {
    let mut v = Vec::new();
    for p in 0..2 {
        for a in 0..2 {
            for b in 2..5 {
                v.push(AtomName { predicate: PredicateId(p), args: vec![ObjectId(a), ObjectId(b)] });
            }
        }
    }
    v
}

fn atoms_of(mask: u32) -> Vec<u32> {
    (0..12).filter(|a| mask & (1 << a) != 0).collect()
}

/// (pre, add, del, conditional add) masks; operators that move between atoms of one object
/// (require and delete one atom, add another) are common, so that groups are found at all.
fn raw_op() -> impl Strategy<Value = (u32, u32, u32, u32)> {
    let m = 0u32..(1 << 12);
    let one = 0u32..12;
    prop_oneof![
        3 => (one.clone(), one).prop_map(|(a, b)| (1 << a, 1 << b, 1 << a, 0)),
        1 => (m.clone(), m.clone(), m.clone(), prop_oneof![4 => Just(0u32), 1 => m]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn groups_hold_in_every_reachable_state(
        ops in prop::collection::vec(raw_op(), 1..14),
        init in 0u32..(1 << 12),
    ) {
        let operators: Vec<Operator> = ops
            .iter()
            .map(|&(pre, add, del, cond)| Operator {
                action: None,
                args: Vec::new(),
                pre: atoms_of(pre),
                pre_neg: Vec::new(),
                add: atoms_of(add),
                del: atoms_of(del & !add),
                cond: atoms_of(cond)
                    .into_iter()
                    .map(|a| CondEffect { pre: vec![0], pre_neg: Vec::new(), add: true, atom: a })
                    .collect(),
                cost: 1,
            })
            .collect();
        let task = GroundTask {
            atoms: atoms(),
            operators,
            init: atoms_of(init),
            goal: Vec::new(),
            goal_neg: Vec::new(),
            general_cost: false,
            goal_atom: None,
            mutex_groups: Vec::new(),
            axioms: Vec::new(),
        };
        let groups = ground::invariants::mutex_groups(&task);
        let masks: Vec<u32> = groups.iter().map(|g| g.iter().fold(0, |m, &a| m | 1 << a)).collect();
        let mask = |v: &[u32]| v.iter().fold(0u32, |m, &a| m | 1 << a);
        let mut seen = HashSet::from([init]);
        let mut queue = VecDeque::from([init]);
        while let Some(s) = queue.pop_front() {
            for (g, m) in groups.iter().zip(&masks) {
                prop_assert!((s & m).count_ones() <= 1, "group {:?} has {} atoms in state {:#014b}", g, (s & m).count_ones(), s);
            }
            for o in &task.operators {
                if s & mask(&o.pre) != mask(&o.pre) {
                    continue;
                }
                let fired: u32 = o.cond.iter().filter(|c| s & mask(&c.pre) == mask(&c.pre)).fold(0, |m, c| m | 1 << c.atom);
                let t = (s & !mask(&o.del)) | mask(&o.add) | fired;
                if seen.insert(t) {
                    queue.push_back(t);
                }
            }
        }
    }
}
