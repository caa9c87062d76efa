//! Mutex groups proved on the ground task, for packing states where h2 gave none (more than
//! `prune::H2_MAX_ATOMS` atoms, out of time, or `--no-h2`): without them every atom takes a bit.
//!
//! The candidates are Fast Downward's most common invariants, read off the atom names: the atoms
//! of one predicate that agree on every argument but one (`at ball1 ?where`), joined across
//! predicates where an operator moves between them with the same fixed arguments (`drop` deletes
//! `carry ball1 ?g` and adds `at ball1 ?r`: one group for where ball1 is). A candidate is kept when
//! it is an inductive "at most one" invariant of the ground task: at most one of its atoms holds
//! initially, and no operator can make a second one true. An operator that adds an atom `x` of
//! the group must add no other, have no conditional effect adding one, and either require `x`
//! itself, or require and delete another atom of the group, or delete every other atom of the
//! group. That is a proof by induction over plans, so packing by these groups never loses a
//! reachable state. A joined candidate that fails is tried again part by part. Weaker than h2
//! (which sees mutexes through chains of operators), but linear in the size of the task.

use crate::{AtomId, GroundTask};
use rustc_hash::FxHashMap;

/// Disjoint mutex groups of three or more atoms (smaller ones save no bits), largest first.
pub fn mutex_groups(task: &GroundTask) -> Vec<Vec<AtomId>> {
    mutex_groups_until(task, None).unwrap_or_default()
}

/// [`mutex_groups`], or `None` when `deadline` passes first (checked between the passes).
pub fn mutex_groups_until(task: &GroundTask, deadline: Option<std::time::Instant>) -> Option<Vec<Vec<AtomId>>> {
    let past = || deadline.is_some_and(|d| std::time::Instant::now() > d);
    // Candidates: (predicate, free position, the other arguments) -> atoms.
    let mut index: FxHashMap<(u32, usize, Vec<u32>), usize> = FxHashMap::default();
    let mut fixed: Vec<Vec<u32>> = Vec::new();
    let mut members: Vec<Vec<AtomId>> = Vec::new();
    // For each atom, the candidates it belongs to (one per argument position).
    let mut of: Vec<Vec<u32>> = vec![Vec::new(); task.atoms.len()];
    // Derived atoms are set by axioms, not operators: the induction below says nothing of them.
    let derived = task.derived_atoms();
    for (a, name) in task.atoms.iter().enumerate() {
        if Some(a as AtomId) == task.goal_atom || name.args.is_empty() || derived[a] {
            continue;
        }
        for i in 0..name.args.len() {
            let rest: Vec<u32> =
                name.args.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, o)| o.index() as u32).collect();
            let next = members.len();
            let c = *index.entry((name.predicate.index() as u32, i, rest.clone())).or_insert(next);
            if c == next {
                members.push(Vec::new());
                fixed.push(rest);
            }
            members[c].push(a as AtomId);
            of[a].push(c as u32);
        }
    }
    // Join candidates with the same fixed arguments that an operator moves between.
    let mut parent: Vec<u32> = (0..members.len() as u32).collect();
    fn root(parent: &mut [u32], mut c: u32) -> u32 {
        while parent[c as usize] != c {
            parent[c as usize] = parent[parent[c as usize] as usize];
            c = parent[c as usize];
        }
        c
    }
    for o in &task.operators {
        for &x in &o.add {
            for &p in o.pre.iter().filter(|p| o.del.binary_search(p).is_ok()) {
                for &c in &of[x as usize] {
                    for &d in &of[p as usize] {
                        if c != d && fixed[c as usize] == fixed[d as usize] {
                            let (rc, rd) = (root(&mut parent, c), root(&mut parent, d));
                            parent[rc.max(rd) as usize] = rc.min(rd);
                        }
                    }
                }
            }
        }
    }
    let mut joined_index: FxHashMap<u32, usize> = FxHashMap::default();
    let mut joined: Vec<Vec<AtomId>> = Vec::new();
    let mut joined_of: Vec<Vec<u32>> = vec![Vec::new(); task.atoms.len()];
    for (a, cs) in of.iter().enumerate() {
        for &c in cs {
            let r = root(&mut parent, c);
            let next = joined.len();
            let j = *joined_index.entry(r).or_insert(next);
            if j == next {
                joined.push(Vec::new());
            }
            if !joined_of[a].contains(&(j as u32)) {
                joined_of[a].push(j as u32);
                joined[j].push(a as AtomId);
            }
        }
    }
    if past() {
        return None;
    }
    let joined_valid = inductive(task, &joined, &joined_of);
    if past() {
        return None;
    }
    let base_valid = inductive(task, &members, &of);
    if past() {
        return None;
    }
    // Joined groups first; a part counts only where its joined group failed.
    let mut candidates: Vec<&Vec<AtomId>> =
        (0..joined.len()).filter(|&j| joined_valid[j]).map(|j| &joined[j]).collect();
    for c in 0..members.len() {
        let r = root(&mut parent, c as u32);
        if base_valid[c] && !joined_valid[joined_index[&r]] {
            candidates.push(&members[c]);
        }
    }
    candidates.retain(|m| m.len() >= 3);
    candidates.sort_by_key(|m| std::cmp::Reverse(m.len()));
    let mut covered = vec![false; task.atoms.len()];
    let mut groups = Vec::new();
    for m in candidates {
        if m.iter().any(|&a| covered[a as usize]) {
            continue;
        }
        m.iter().for_each(|&a| covered[a as usize] = true);
        groups.push(m.clone());
    }
    Some(groups)
}

/// Bits per state when the groups of three or more atoms are packed (`ceil(log2(k + 1))` bits for
/// `k` atoms, 0 meaning none of them) and every other atom takes one, as `search::state::Layout`
/// packs them (before padding to words).
pub fn packed_bits(atoms: usize, groups: &[Vec<AtomId>]) -> u64 {
    let grouped = groups.iter().filter(|g| g.len() >= 3);
    let covered: usize = grouped.clone().map(Vec::len).sum();
    grouped.map(|g| 64 - (g.len() as u64).leading_zeros() as u64).sum::<u64>() + (atoms - covered.min(atoms)) as u64
}

/// Which groups (`members[g]`; `of[a]`: the groups atom `a` is in) are inductive "at most one"
/// invariants (see the module's comment).
fn inductive(task: &GroundTask, members: &[Vec<AtomId>], of: &[Vec<u32>]) -> Vec<bool> {
    let mut valid = vec![true; members.len()];
    let mut initially = vec![0u32; members.len()];
    for &a in &task.init {
        for &g in &of[a as usize] {
            initially[g as usize] += 1;
        }
    }
    for (v, &n) in valid.iter_mut().zip(&initially) {
        *v &= n <= 1;
    }
    let in_group = |a: AtomId, g: u32| of[a as usize].contains(&g);
    let mut touched: Vec<(u32, AtomId)> = Vec::new();
    for o in &task.operators {
        for e in o.cond.iter().filter(|e| e.add) {
            for &g in &of[e.atom as usize] {
                valid[g as usize] = false;
            }
        }
        touched.clear();
        touched.extend(o.add.iter().flat_map(|&x| of[x as usize].iter().map(move |&g| (g, x))));
        touched.sort_unstable();
        for (i, &(g, x)) in touched.iter().enumerate() {
            if !valid[g as usize] {
                continue;
            }
            let twice = touched.get(i + 1).is_some_and(|&(h, _)| h == g) || (i > 0 && touched[i - 1].0 == g);
            let safe = !twice
                && (o.pre.binary_search(&x).is_ok()
                    || o.pre.iter().any(|&p| p != x && in_group(p, g) && o.del.binary_search(&p).is_ok())
                    || members[g as usize].iter().all(|&p| p == x || o.del.binary_search(&p).is_ok()));
            if !safe {
                valid[g as usize] = false;
            }
        }
    }
    valid
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AtomName, CondEffect, Operator};
    use model::lifted::{ObjectId, PredicateId};

    fn atom(p: u32, a: u32, b: u32) -> AtomName {
        AtomName { predicate: PredicateId(p), args: vec![ObjectId(a), ObjectId(b)] }
    }

    fn op(pre: &[u32], add: &[u32], del: &[u32], cond_add: &[u32]) -> Operator {
        let sorted = |v: &[u32]| {
            let mut v = v.to_vec();
            v.sort_unstable();
            v
        };
        Operator {
            action: None,
            args: Vec::new(),
            pre: sorted(pre),
            pre_neg: Vec::new(),
            add: sorted(add),
            del: sorted(del),
            cond: cond_add
                .iter()
                .map(|&a| CondEffect { pre: Vec::new(), pre_neg: Vec::new(), add: true, atom: a })
                .collect(),
            cost: 1,
        }
    }

    fn task(atoms: Vec<AtomName>, operators: Vec<Operator>, init: Vec<u32>) -> GroundTask {
        GroundTask {
            atoms,
            operators,
            init,
            goal: Vec::new(),
            goal_neg: Vec::new(),
            general_cost: false,
            goal_atom: None,
            mutex_groups: Vec::new(),
            axioms: Vec::new(),
        }
    }

    /// Where the ball (object 9) is: in one of three rooms (objects 0..3; `at ball r`, atoms 0..3)
    /// or held by one of two grippers (objects 3..5; `carry ball g`, atoms 3..5).
    fn gripper() -> (Vec<AtomName>, Vec<Operator>) {
        let mut atoms: Vec<AtomName> = (0..3).map(|r| atom(0, 9, r)).collect();
        atoms.extend((3..5).map(|g| atom(1, 9, g)));
        let mut ops = Vec::new();
        for r in 0..3u32 {
            for g in 3..5u32 {
                ops.push(op(&[r], &[g], &[r], &[])); // pick
                ops.push(op(&[g], &[r], &[g], &[])); // drop
            }
        }
        (atoms, ops)
    }

    #[test]
    fn joins_predicates_an_operator_moves_between() {
        let (atoms, ops) = gripper();
        assert_eq!(mutex_groups(&task(atoms, ops, vec![0])), vec![vec![0, 1, 2, 3, 4]]);
    }

    #[test]
    fn refuses_what_is_not_an_invariant() {
        // Two atoms of the group hold initially.
        let (atoms, ops) = gripper();
        assert!(mutex_groups(&task(atoms, ops, vec![0, 1])).is_empty());
        // A teleport adds `at 0 2` without requiring or deleting anything of the group.
        let (atoms, mut ops) = gripper();
        ops.push(op(&[], &[2], &[], &[]));
        assert!(mutex_groups(&task(atoms, ops, vec![0])).is_empty());
        // A conditional effect adds one.
        let (atoms, mut ops) = gripper();
        ops.push(op(&[0], &[], &[0], &[1]));
        assert!(mutex_groups(&task(atoms, ops, vec![0])).is_empty());
        // One operator adds two.
        let (atoms, mut ops) = gripper();
        ops.push(op(&[0], &[1, 2], &[0], &[]));
        assert!(mutex_groups(&task(atoms, ops, vec![0])).is_empty());
    }

    #[test]
    fn deleting_all_others_is_safe() {
        // `reset` puts the ball in room 0 from anywhere, deleting every other place.
        let (atoms, mut ops) = gripper();
        ops.push(op(&[], &[0], &[1, 2, 3, 4], &[]));
        assert_eq!(mutex_groups(&task(atoms, ops, vec![3])).len(), 1);
    }
}
