//! Pruning of the ground task, as in paper 001: forward h2 mutexes (Alcázar & Torralba 2015,
//! forward direction only) remove operators with unreachable or mutex preconditions, and
//! relevance analysis backwards from the goal removes operators and effects that cannot
//! influence it. Both keep every plan of the task (h2 over-approximates reachability; relevance
//! keeps everything the goal can depend on), so optimal costs are unchanged.

use crate::{AtomId, GroundTask};
use serde::Serialize;
use std::time::Instant;

/// Atoms and operators before and after one pruning step.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PruneStats {
    pub atoms_before: usize,
    pub atoms_after: usize,
    pub operators_before: usize,
    pub operators_after: usize,
    /// h2 only: mutex pairs among the reachable atoms.
    pub mutex_pairs: usize,
    /// h2 only: why it was skipped, if it was (too many atoms, out of time).
    pub skipped: Option<String>,
    /// Whether this step proved the goal unreachable.
    pub unsolvable: bool,
    pub seconds: f64,
}

/// The most atoms h2 is computed for: the pair table has atoms² bits.
pub const H2_MAX_ATOMS: usize = 25_000;

/// Keeps the atoms with `keep[a]`, renumbering them. Removed atoms must not occur in
/// preconditions, adds or the goal; where they occur in deletes, negative preconditions or
/// effect conditions the caller has decided the reference is moot (a never-true atom).
fn retain_atoms(task: &mut GroundTask, keep: &[bool]) {
    let mut map = vec![u32::MAX; task.atoms.len()];
    let mut next = 0u32;
    for (a, &k) in keep.iter().enumerate() {
        if k {
            map[a] = next;
            next += 1;
        }
    }
    let remap = |v: &mut Vec<AtomId>| {
        v.retain(|&a| map[a as usize] != u32::MAX);
        for a in v.iter_mut() {
            *a = map[*a as usize];
        }
    };
    let mut atoms = Vec::with_capacity(next as usize);
    for (a, name) in std::mem::take(&mut task.atoms).into_iter().enumerate() {
        if keep[a] {
            atoms.push(name);
        }
    }
    task.atoms = atoms;
    for o in &mut task.operators {
        remap(&mut o.pre);
        remap(&mut o.pre_neg);
        remap(&mut o.add);
        remap(&mut o.del);
        o.cond.retain(|c| map[c.atom as usize] != u32::MAX);
        for c in &mut o.cond {
            remap(&mut c.pre);
            remap(&mut c.pre_neg);
            c.atom = map[c.atom as usize];
        }
    }
    remap(&mut task.init);
    remap(&mut task.goal);
    remap(&mut task.goal_neg);
    task.goal_atom = task.goal_atom.and_then(|g| (map[g as usize] != u32::MAX).then(|| map[g as usize]));
    // A subset of a mutex group is one too; groups of one atom say nothing.
    for g in &mut task.mutex_groups {
        remap(g);
    }
    task.mutex_groups.retain(|g| g.len() >= 2);
    task.axioms.retain(|ax| map[ax.head as usize] != u32::MAX);
    for ax in &mut task.axioms {
        remap(&mut ax.pre);
        remap(&mut ax.pre_neg);
        ax.head = map[ax.head as usize];
    }
}

/// Relevance analysis backwards from the goal: an atom is relevant if the goal mentions it or a
/// relevant operator's precondition (or a relevant effect's condition) does; an operator is
/// relevant if it changes a relevant atom. Everything else is dropped.
pub fn relevance(task: &mut GroundTask) -> PruneStats {
    relevance_until(task, None)
}

/// [`relevance`], stopping at `deadline`: then nothing is pruned (a fixpoint cut short would drop
/// what it had not yet marked relevant) and `skipped` says why.
pub fn relevance_until(task: &mut GroundTask, deadline: Option<Instant>) -> PruneStats {
    let start = Instant::now();
    let mut stats =
        PruneStats { atoms_before: task.atoms.len(), operators_before: task.operators.len(), ..Default::default() };
    let n = task.atoms.len();
    let mut relevant = vec![false; n];
    for &a in task.goal.iter().chain(&task.goal_neg) {
        relevant[a as usize] = true;
    }
    let mut op_relevant = vec![false; task.operators.len()];
    let mut changed = true;
    while changed {
        changed = false;
        if past(deadline) {
            stats.skipped = Some("out of time".into());
            stats.atoms_after = stats.atoms_before;
            stats.operators_after = stats.operators_before;
            stats.seconds = start.elapsed().as_secs_f64();
            return stats;
        }
        // A relevant derived atom makes the bodies of its axioms relevant.
        for ax in &task.axioms {
            if relevant[ax.head as usize] {
                for &a in ax.pre.iter().chain(&ax.pre_neg) {
                    if !relevant[a as usize] {
                        relevant[a as usize] = true;
                        changed = true;
                    }
                }
            }
        }
        for (i, o) in task.operators.iter().enumerate() {
            fn mark(relevant: &mut [bool], a: AtomId, changed: &mut bool) {
                if !relevant[a as usize] {
                    relevant[a as usize] = true;
                    *changed = true;
                }
            }
            let touches = o.add.iter().chain(&o.del).any(|&a| relevant[a as usize]);
            if touches && !op_relevant[i] {
                op_relevant[i] = true;
                for &a in o.pre.iter().chain(&o.pre_neg) {
                    mark(&mut relevant, a, &mut changed);
                }
            }
            for c in &o.cond {
                if relevant[c.atom as usize] {
                    if !op_relevant[i] {
                        op_relevant[i] = true;
                        for &a in o.pre.iter().chain(&o.pre_neg) {
                            mark(&mut relevant, a, &mut changed);
                        }
                    }
                    for &a in c.pre.iter().chain(&c.pre_neg) {
                        mark(&mut relevant, a, &mut changed);
                    }
                }
            }
        }
    }
    let mut i = 0;
    task.axioms.retain(|ax| relevant[ax.head as usize]);
    task.operators.retain(|_| {
        i += 1;
        op_relevant[i - 1]
    });
    for o in &mut task.operators {
        o.add.retain(|&a| relevant[a as usize]);
        o.del.retain(|&a| relevant[a as usize]);
        o.cond.retain(|c| relevant[c.atom as usize]);
    }
    retain_atoms(task, &relevant);
    stats.atoms_after = task.atoms.len();
    stats.operators_after = task.operators.len();
    stats.seconds = start.elapsed().as_secs_f64();
    stats
}

fn past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|d| Instant::now() > d)
}

fn bit(v: &[u64], a: AtomId) -> bool {
    v[a as usize / 64] >> (a % 64) & 1 == 1
}

/// A symmetric table of atom pairs, one bit per pair.
struct Pairs {
    words: usize,
    bits: Vec<u64>,
}

impl Pairs {
    fn row(&self, a: usize) -> &[u64] {
        &self.bits[a * self.words..(a + 1) * self.words]
    }
    fn get(&self, a: usize, b: usize) -> bool {
        self.bits[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }
    fn set(&mut self, a: usize, b: usize) -> bool {
        let w = &mut self.bits[a * self.words + b / 64];
        let m = 1u64 << (b % 64);
        let new = *w & m == 0;
        *w |= m;
        let w = &mut self.bits[b * self.words + a / 64];
        *w |= 1u64 << (a % 64);
        new
    }
    /// Sets (p, q) for every q in `cand`; true if any was new.
    fn set_row(&mut self, p: usize, cand: &[u64]) -> bool {
        let mut any = false;
        for (wi, &c) in cand.iter().enumerate() {
            let old = self.bits[p * self.words + wi];
            let mut fresh = c & !old;
            if fresh == 0 {
                continue;
            }
            any = true;
            self.bits[p * self.words + wi] = old | c;
            while fresh != 0 {
                let q = wi * 64 + fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                self.bits[q * self.words + p / 64] |= 1u64 << (p % 64);
            }
        }
        any
    }
}

/// A greedy cover of the reachable atoms by cliques of the mutex relation: each group starts from
/// the lowest atom not yet covered and takes, in atom order, every uncovered atom mutex with all
/// members so far. Atoms of one predicate are numbered together, so this finds groups such as
/// `at ?truck ?loc` for one truck, much like Fast Downward's invariants, without a synthesis.
fn mutex_groups(n: usize, pairs: &Pairs, reachable: &[u64]) -> Vec<Vec<AtomId>> {
    let words = pairs.words;
    let mut free: Vec<u64> = reachable.to_vec();
    let mut groups = Vec::new();
    let mut cand = vec![0u64; words];
    let first =
        |v: &[u64]| v.iter().enumerate().find(|(_, w)| **w != 0).map(|(i, w)| i * 64 + w.trailing_zeros() as usize);
    while let Some(a) = first(&free) {
        free[a / 64] &= !(1u64 << (a % 64));
        // Candidates: uncovered and mutex with `a` (not paired with it).
        for ((c, f), r) in cand.iter_mut().zip(&free).zip(pairs.row(a)) {
            *c = f & !r;
        }
        let mut g = vec![a as AtomId];
        while let Some(b) = first(&cand) {
            free[b / 64] &= !(1u64 << (b % 64));
            g.push(b as AtomId);
            for (c, r) in cand.iter_mut().zip(pairs.row(b)) {
                *c &= !r;
            }
            cand[b / 64] &= !(1u64 << (b % 64));
        }
        if g.len() >= 2 {
            groups.push(g);
        }
    }
    debug_assert!(groups.iter().flatten().all(|&a| (a as usize) < n));
    groups
}

/// Forward h2 (Alcázar & Torralba 2015, forward only): the pairs of atoms that may hold together
/// in a reachable state. Conditional effects are over-approximated (their adds pair with every
/// reachable atom, their deletes are ignored), negative preconditions are ignored; both only make
/// fewer pairs mutex, so pruning stays sound. Operators with an unreachable or mutex precondition
/// are removed, and unreachable atoms with them.
pub fn h2(task: &mut GroundTask, deadline: Option<Instant>) -> PruneStats {
    let start = Instant::now();
    let n = task.atoms.len();
    let mut stats = PruneStats { atoms_before: n, operators_before: task.operators.len(), ..Default::default() };
    let finish = |task: &GroundTask, mut stats: PruneStats| {
        stats.atoms_after = task.atoms.len();
        stats.operators_after = task.operators.len();
        stats.seconds = start.elapsed().as_secs_f64();
        stats
    };
    if n > H2_MAX_ATOMS {
        stats.skipped = Some(format!("more than {H2_MAX_ATOMS} atoms"));
        return finish(task, stats);
    }
    // Derived atoms are not reached by operators, so h2 as computed here would call them
    // unreachable; Fast Downward's h2 preprocessor skips tasks with axioms too.
    if !task.axioms.is_empty() {
        stats.skipped = Some("derived predicates (axioms)".into());
        return finish(task, stats);
    }
    let words = n.div_ceil(64).max(1);
    let mut r1 = vec![0u64; words];
    let mut pairs = Pairs { words, bits: vec![0u64; n * words] };
    let set1 = |r1: &mut Vec<u64>, a: usize| {
        let new = r1[a / 64] >> (a % 64) & 1 == 0;
        r1[a / 64] |= 1u64 << (a % 64);
        new
    };
    for &p in &task.init {
        set1(&mut r1, p as usize);
        for &q in &task.init {
            pairs.set(p as usize, q as usize);
        }
    }
    let mut del_mask = vec![!0u64; words];
    let mut cand = vec![0u64; words];
    let mut changed = true;
    let mut rounds = 0u32;
    while changed {
        changed = false;
        rounds += 1;
        if let Some(d) = deadline
            && Instant::now() > d
        {
            stats.skipped = Some(format!("out of time after {rounds} rounds"));
            return finish(task, stats);
        }
        for (i, o) in task.operators.iter().enumerate() {
            // A round over a large task takes seconds: the deadline is checked within it too.
            if i % 1024 == 1023 && past(deadline) {
                stats.skipped = Some(format!("out of time in round {rounds}"));
                return finish(task, stats);
            }
            if !o.pre.iter().all(|a| bit(&r1, *a)) {
                continue;
            }
            if !o
                .pre
                .iter()
                .enumerate()
                .all(|(i, &p)| o.pre[i + 1..].iter().all(|&q| pairs.get(p as usize, q as usize)))
            {
                continue;
            }
            // Atoms that can hold with every precondition and survive the deletes.
            if o.pre.is_empty() {
                cand.copy_from_slice(&r1);
            } else {
                cand.copy_from_slice(pairs.row(o.pre[0] as usize));
                for &p in &o.pre[1..] {
                    for (c, r) in cand.iter_mut().zip(pairs.row(p as usize)) {
                        *c &= r;
                    }
                }
            }
            for &d in &o.del {
                del_mask[d as usize / 64] &= !(1u64 << (d % 64));
            }
            for (c, m) in cand.iter_mut().zip(&del_mask) {
                *c &= m;
            }
            for &d in &o.del {
                del_mask[d as usize / 64] |= 1u64 << (d % 64);
            }
            for &p in &o.add {
                changed |= set1(&mut r1, p as usize);
                changed |= pairs.set(p as usize, p as usize);
                for &q in &o.add {
                    changed |= pairs.set(p as usize, q as usize);
                }
                changed |= pairs.set_row(p as usize, &cand);
            }
            for c in &o.cond {
                if !c.add || !c.pre.iter().all(|a| bit(&r1, *a)) {
                    continue;
                }
                let p = c.atom as usize;
                changed |= set1(&mut r1, p);
                changed |= pairs.set(p, p);
                let all = r1.clone();
                changed |= pairs.set_row(p, &all);
            }
        }
    }
    let reachable = |a: AtomId| r1[a as usize / 64] >> (a % 64) & 1 == 1;
    let mutex = |a: AtomId, b: AtomId| !pairs.get(a as usize, b as usize);
    let goal_ok = task.goal.iter().all(|&g| reachable(g))
        && task.goal.iter().enumerate().all(|(i, &p)| task.goal[i + 1..].iter().all(|&q| !mutex(p, q)));
    if !goal_ok {
        stats.unsolvable = true;
    }
    let mut count = 0usize;
    for a in 0..n as u32 {
        if reachable(a) {
            for b in a + 1..n as u32 {
                if reachable(b) && mutex(a, b) {
                    count += 1;
                }
            }
        }
    }
    stats.mutex_pairs = count;
    task.mutex_groups = mutex_groups(n, &pairs, &r1);
    task.operators.retain(|o| {
        o.pre.iter().all(|&p| reachable(p))
            && o.pre.iter().enumerate().all(|(i, &p)| o.pre[i + 1..].iter().all(|&q| !mutex(p, q)))
    });
    for o in &mut task.operators {
        let pre = o.pre.clone();
        o.cond.retain(|c| {
            c.pre.iter().all(|&p| reachable(p)) && c.pre.iter().all(|&p| pre.iter().all(|&q| !mutex(p, q)))
        });
    }
    let keep: Vec<bool> = (0..n as u32).map(reachable).collect();
    if goal_ok {
        retain_atoms(task, &keep);
    }
    finish(task, stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AtomName, Operator};
    use model::lifted::{ObjectId, PredicateId};

    fn op(pre: &[AtomId], add: &[AtomId], del: &[AtomId]) -> Operator {
        Operator {
            action: None,
            args: Vec::new(),
            pre: pre.to_vec(),
            pre_neg: Vec::new(),
            add: add.to_vec(),
            del: del.to_vec(),
            cond: Vec::new(),
            cost: 1,
        }
    }

    fn task(n: u32, operators: Vec<Operator>, init: Vec<AtomId>, goal: Vec<AtomId>) -> GroundTask {
        GroundTask {
            atoms: (0..n).map(|i| AtomName { predicate: PredicateId(0), args: vec![ObjectId(i)] }).collect(),
            operators,
            init,
            goal,
            goal_neg: Vec::new(),
            general_cost: false,
            goal_atom: None,
            mutex_groups: Vec::new(),
            axioms: Vec::new(),
        }
    }

    /// A token on a cycle 0 -> 1 -> 2 -> 0, and an operator that needs it at 0 and 2 at once.
    fn token() -> GroundTask {
        task(
            4,
            vec![op(&[0], &[1], &[0]), op(&[1], &[2], &[1]), op(&[2], &[0], &[2]), op(&[0, 2], &[3], &[])],
            vec![0],
            vec![2],
        )
    }

    #[test]
    fn h2_finds_the_mutexes_and_removes_what_needs_two_of_them() {
        let mut t = token();
        let s = h2(&mut t, None);
        assert_eq!(s.mutex_pairs, 3, "{s:?}");
        assert!(!s.unsolvable);
        assert_eq!((s.operators_before, s.operators_after), (4, 3));
        assert_eq!((s.atoms_before, s.atoms_after), (4, 3), "atom 3 is no longer reachable");
        assert_eq!(t.mutex_groups, [vec![0, 1, 2]]);
        assert!(t.operators.iter().all(|o| o.pre.len() == 1));
    }

    #[test]
    fn h2_proves_a_goal_of_two_mutex_atoms_unsolvable() {
        let mut t = token();
        t.goal = vec![0, 2];
        assert!(h2(&mut t, None).unsolvable);
    }

    #[test]
    fn h2_keeps_atoms_that_can_hold_together() {
        // Two independent switches: no mutexes at all.
        let mut t = task(4, vec![op(&[0], &[1], &[0]), op(&[2], &[3], &[2])], vec![0, 2], vec![1, 3]);
        let s = h2(&mut t, None);
        assert_eq!(s.mutex_pairs, 2, "0-1 and 2-3 only: {s:?}");
        assert_eq!(s.operators_after, 2);
        assert!(!s.unsolvable);
    }

    #[test]
    fn relevance_drops_what_the_goal_cannot_depend_on() {
        // 0 -> 1 reaches the goal; 0 -> 2 and 2 -> 3 lead elsewhere.
        let mut t = task(4, vec![op(&[0], &[1], &[0]), op(&[0], &[2], &[]), op(&[2], &[3], &[])], vec![0], vec![1]);
        let s = relevance(&mut t);
        assert_eq!((s.operators_before, s.operators_after), (3, 1), "{s:?}");
        assert_eq!(s.atoms_after, 2);
        assert_eq!(t.goal, [1]);
        assert_eq!(t.operators[0].pre, [0]);
        assert_eq!(t.init, [0]);
    }

    #[test]
    fn relevance_keeps_the_preconditions_of_relevant_operators() {
        // The goal 3 needs 2, which needs 1: the whole chain stays.
        let mut t = task(4, vec![op(&[0], &[1], &[]), op(&[1], &[2], &[]), op(&[2], &[3], &[])], vec![0], vec![3]);
        let s = relevance(&mut t);
        assert_eq!(s.operators_after, 3);
        assert_eq!(s.atoms_after, 4);
    }
}
