//! Semantic equivalence as in Planetarium (Zuo et al. 2024): two problems are equivalent when
//! their initial states are equal up to a renaming of objects and, under the same renaming, the
//! same reachable states satisfy their goals. Planetarium completes ("fully specifies") each goal
//! by hand-written rules for three domains; here the completion is domain-independent, on the
//! grounded task (crate `ground`, no relevance pruning: it would depend on the goal):
//!
//! - **By invariants** (any size): literals entailed by the goal in every reachable state, from
//!   atoms that no operator deletes (true from the start, true forever), atoms and goals forward
//!   h2 proves unreachable, "at most one" groups (`ground::invariants`, h2's mutex groups, and the
//!   groups found here) and "exactly one" groups, found by
//!   balancing candidate groups against the operators (a ground version of Helmert's invariant
//!   synthesis, 2009) and proved by induction: exactly one atom initially, no operator makes a
//!   second one true, and an operator that deletes one adds one. Every inference is sound, so if
//!   the completed goals (with the initial states) are isomorphic, the goal-state sets are
//!   equal: each goal's states satisfy its completion, which contains the other goal.
//! - **Exactly** (few states): enumerate the reachable states; the completion is the set of
//!   literals true (false) in every reachable goal state. Two conjunctive goals have the same
//!   goal states exactly when their exact completions agree, so the verdict is exact both ways.
//!
//! When neither decides, the answer is "unknown", except where both invariant completions fix
//! every atom (each goal describes one state): then they differ unless both problems are
//! unsolvable, which Planetarium assumes away; the explanation says so.

use crate::structure::{Builder, Structure};
use crate::{Options, Verdict, compare_structures};
use ground::{AtomId, GroundTask};
use model::lifted::{GroundAtom, Task};
use rustc_hash::{FxHashMap, FxHashSet};

/// A goal completed: the literals that hold in every reachable state satisfying it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completion {
    /// No reachable state satisfies the goal.
    Unreachable,
    Literals {
        positive: Vec<AtomId>,
        negative: Vec<AtomId>,
        /// Every atom of the ground task is decided.
        complete: bool,
    },
}

/// The grounded task of one problem, with what the completion needs.
pub struct Grounded {
    pub task: Option<GroundTask>,
}

/// Grounds a task for the completion; `Err` names why it cannot be used.
pub fn ground_for_completion(task: &Task, seconds: f64) -> Result<Grounded, String> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs_f64(seconds.clamp(0.0, 1e6));
    let g = ground::ground(task, ground::GroundOptions { deadline: Some(deadline) }).map_err(|e| match e {
        ground::GroundError::Unsupported(r) => {
            let names: Vec<String> = r.iter().map(|x| x.to_string()).collect();
            names.join("; ")
        }
        ground::GroundError::OutOfTime => format!("grounding took more than {seconds} s"),
        ground::GroundError::TooLarge(w) => format!("grounding too large: {w}"),
    })?;
    if let Some(t) = &g.task
        && !t.axioms.is_empty()
    {
        return Err("derived predicates (the completion does not reason about axioms)".into());
    }
    Ok(Grounded { task: g.task })
}

/// Per-atom operator indexes.
struct Index {
    adds: Vec<Vec<u32>>,
    dels: Vec<Vec<u32>>,
    /// Atoms some conditional effect deletes / adds.
    cond_del: Vec<bool>,
    cond_add: Vec<bool>,
    init: Vec<bool>,
}

impl Index {
    fn new(t: &GroundTask) -> Index {
        let n = t.atoms.len();
        let mut ix = Index {
            adds: vec![Vec::new(); n],
            dels: vec![Vec::new(); n],
            cond_del: vec![false; n],
            cond_add: vec![false; n],
            init: vec![false; n],
        };
        for (i, o) in t.operators.iter().enumerate() {
            for &a in &o.add {
                ix.adds[a as usize].push(i as u32);
            }
            for &a in &o.del {
                ix.dels[a as usize].push(i as u32);
            }
            for c in &o.cond {
                if c.add {
                    ix.cond_add[c.atom as usize] = true;
                } else {
                    ix.cond_del[c.atom as usize] = true;
                }
            }
        }
        for &a in &t.init {
            ix.init[a as usize] = true;
        }
        ix
    }
}

/// "At most one of `g` holds in every reachable state", by induction: at most one initially, and
/// every operator that adds an atom `x` of the group adds no other, and requires `x`, or requires
/// and deletes another atom of the group, or deletes all the others.
fn at_most_one(t: &GroundTask, ix: &Index, g: &[AtomId]) -> bool {
    if g.iter().filter(|&&a| ix.init[a as usize]).count() > 1 || g.iter().any(|&a| ix.cond_add[a as usize]) {
        return false;
    }
    let inside: FxHashSet<AtomId> = g.iter().copied().collect();
    let mut ops: Vec<u32> = g.iter().flat_map(|&a| ix.adds[a as usize].iter().copied()).collect();
    ops.sort_unstable();
    ops.dedup();
    ops.iter().all(|&o| {
        let o = &t.operators[o as usize];
        let added: Vec<AtomId> = o.add.iter().copied().filter(|a| inside.contains(a)).collect();
        let [x] = added.as_slice() else { return false };
        o.pre.contains(x)
            || g.iter().any(|y| y != x && o.pre.contains(y) && o.del.contains(y))
            || g.iter().all(|y| y == x || o.del.contains(y))
    })
}

/// "Exactly one": at most one, exactly one initially, and every operator that deletes an atom of
/// the group adds one (delete-then-add keeps it); no conditional effect deletes one.
fn exactly_one(t: &GroundTask, ix: &Index, g: &[AtomId]) -> bool {
    g.iter().filter(|&&a| ix.init[a as usize]).count() == 1
        && g.iter().all(|&a| !ix.cond_del[a as usize])
        && unbalanced(t, ix, g).is_none()
        && at_most_one(t, ix, g)
}

/// An operator that deletes an atom of `g` without adding one.
fn unbalanced(t: &GroundTask, ix: &Index, g: &[AtomId]) -> Option<u32> {
    let inside: FxHashSet<AtomId> = g.iter().copied().collect();
    g.iter()
        .flat_map(|&a| ix.dels[a as usize].iter().copied())
        .find(|&o| !t.operators[o as usize].add.iter().any(|a| inside.contains(a)))
}

/// How many arguments two atoms share: candidates that share more with the seed are tried first.
fn shared(t: &GroundTask, a: AtomId, b: AtomId) -> usize {
    let x = &t.atoms[a as usize].args;
    t.atoms[b as usize].args.iter().filter(|o| x.contains(o)).count()
}

/// Exactly-one groups grown from each atom by balancing: while some operator deletes a member
/// without adding one, one of its adds joins (each choice tried, a few backtracks at most).
/// An atom already in a group found is not a seed again.
fn exactly_one_groups(t: &GroundTask, ix: &Index, budget: &mut i64) -> Vec<Vec<AtomId>> {
    let mut found: FxHashSet<Vec<AtomId>> = FxHashSet::default();
    let mut covered = vec![false; t.atoms.len()];
    for seed in 0..t.atoms.len() as AtomId {
        if *budget <= 0 {
            break;
        }
        // A seed already in a group found is skipped only in large tasks: in small ones every
        // atom seeds, so that which groups are found depends less on the atoms' order (and two
        // renamings of one problem get the same completion).
        if (covered[seed as usize] && t.atoms.len() > 2_000) || Some(seed) == t.goal_atom {
            continue;
        }
        let mut grow = Grow { t, ix, seed, members: vec![seed], inside: FxHashSet::default(), backtracks: 0, budget };
        grow.inside.insert(seed);
        let pending: Vec<u32> = ix.dels[seed as usize].clone();
        if grow.run(pending) {
            let mut g = grow.members;
            g.sort_unstable();
            for &a in &g {
                covered[a as usize] = true;
            }
            found.insert(g);
        }
    }
    let mut out: Vec<Vec<AtomId>> = found.into_iter().collect();
    out.sort();
    out
}

/// The search state of one candidate group.
struct Grow<'a> {
    t: &'a GroundTask,
    ix: &'a Index,
    seed: AtomId,
    members: Vec<AtomId>,
    inside: FxHashSet<AtomId>,
    backtracks: u32,
    budget: &'a mut i64,
}

impl Grow<'_> {
    /// Balances the operators in `pending` (each deletes a member); a member stays balanced when
    /// the group grows, so only operators deleting new members join the list.
    fn run(&mut self, mut pending: Vec<u32>) -> bool {
        let (t, ix) = (self.t, self.ix);
        while let Some(o) = pending.pop() {
            *self.budget -= 1;
            if *self.budget <= 0 || self.backtracks > 16 || self.members.len() > 512 {
                return false;
            }
            let op = &t.operators[o as usize];
            if op.add.iter().any(|a| self.inside.contains(a)) {
                continue;
            }
            let mut choices: Vec<AtomId> = op.add.clone();
            choices.sort_by_key(|&x| std::cmp::Reverse(shared(t, self.seed, x)));
            for x in choices {
                // Necessary for "at most one": x is not initially true with a member, no
                // conditional effect deletes it, and no operator adds it with a member.
                if (ix.init[x as usize] && self.members.iter().any(|&m| ix.init[m as usize]))
                    || ix.cond_del[x as usize]
                    || ix.adds[x as usize]
                        .iter()
                        .any(|&p| t.operators[p as usize].add.iter().any(|a| self.inside.contains(a)))
                {
                    continue;
                }
                *self.budget -= ix.adds[x as usize].len() as i64;
                self.members.push(x);
                self.inside.insert(x);
                let mut next = pending.clone();
                next.extend(ix.dels[x as usize].iter().copied());
                if self.run(next) {
                    return true;
                }
                self.members.pop();
                self.inside.remove(&x);
                self.backtracks += 1;
                if self.backtracks > 16 {
                    return false;
                }
            }
            return false;
        }
        exactly_one(t, ix, &self.members)
    }
}

/// The completion of the ground task's goal by invariants.
pub fn complete_by_invariants(t: &GroundTask) -> Option<Completion> {
    if t.goal_atom.is_some() {
        return None;
    }
    let n = t.atoms.len();
    let ix = Index::new(t);
    let mut budget: i64 = 20_000_000;
    let exact = exactly_one_groups(t, &ix, &mut budget);
    let mut amo: Vec<Vec<AtomId>> = ground::invariants::mutex_groups(t);
    // Forward h2 (Alcázar & Torralba 2015, `ground::prune`): atoms it proves unreachable are
    // false in every reachable state, its mutex groups are "at most one" groups, and a goal it
    // proves unreachable has no goal state. It renumbers atoms, so they are mapped back by name.
    let mut unreachable = Vec::new();
    let mut h = t.clone();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
    let stats = ground::prune::h2(&mut h, Some(deadline));
    if stats.unsolvable {
        return Some(Completion::Unreachable);
    }
    if stats.skipped.is_none() {
        let id: FxHashMap<&ground::AtomName, AtomId> =
            t.atoms.iter().enumerate().map(|(i, a)| (a, i as AtomId)).collect();
        let alive: FxHashSet<AtomId> = h.atoms.iter().filter_map(|a| id.get(a).copied()).collect();
        unreachable.extend((0..n as AtomId).filter(|a| !alive.contains(a)));
        // h2's groups are a greedy cover of its mutex pairs, in atom order: used only where they
        // cannot make two renamings of one problem complete differently, i.e. not at all here.
    }
    amo.extend(exact.iter().cloned());
    // Groups each atom is in.
    let mut of: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, g) in amo.iter().enumerate() {
        for &a in g {
            of[a as usize].push(i as u32);
        }
    }
    // 1 true, 2 false.
    let mut value = vec![0u8; n];
    let mut queue: Vec<(AtomId, u8)> = Vec::new();
    for a in 0..n {
        if ix.init[a] && ix.dels[a].is_empty() && !ix.cond_del[a] {
            queue.push((a as AtomId, 1));
        }
        if !ix.init[a] && ix.adds[a].is_empty() && !ix.cond_add[a] {
            queue.push((a as AtomId, 2));
        }
    }
    queue.extend(unreachable.iter().map(|&a| (a, 2)));
    queue.extend(t.goal.iter().map(|&a| (a, 1)));
    queue.extend(t.goal_neg.iter().map(|&a| (a, 2)));
    let exact_start = amo.len() - exact.len();
    loop {
        while let Some((a, v)) = queue.pop() {
            match value[a as usize] {
                0 => value[a as usize] = v,
                w if w == v => continue,
                _ => return Some(Completion::Unreachable),
            }
            for &g in &of[a as usize] {
                let g = &amo[g as usize];
                if v == 1 {
                    queue.extend(g.iter().filter(|&&b| b != a).map(|&b| (b, 2)));
                }
            }
        }
        // Exactly-one groups: all false is impossible; all but one false makes it true.
        let mut changed = false;
        for g in &amo[exact_start..] {
            let open: Vec<AtomId> = g.iter().copied().filter(|&b| value[b as usize] != 2).collect();
            match open.as_slice() {
                [] => return Some(Completion::Unreachable),
                [x] if value[*x as usize] == 0 => {
                    queue.push((*x, 1));
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            break;
        }
    }
    let positive = (0..n as AtomId).filter(|&a| value[a as usize] == 1).collect();
    let negative = (0..n as AtomId).filter(|&a| value[a as usize] == 2).collect();
    Some(Completion::Literals { positive, negative, complete: value.iter().all(|&v| v != 0) })
}

/// Why an exact completion was not computed.
#[derive(Debug)]
pub enum EnumerationStop {
    TooManyStates(usize),
}

/// The exact completion, by enumerating the reachable states (at most `limit`).
pub fn complete_exactly(t: &GroundTask, limit: usize) -> Result<Completion, EnumerationStop> {
    let n = t.atoms.len();
    let words = n.div_ceil(64).max(1);
    let get = |s: &[u64], a: AtomId| s[a as usize / 64] >> (a % 64) & 1 == 1;
    let mut init = vec![0u64; words];
    for &a in &t.init {
        init[a as usize / 64] |= 1 << (a % 64);
    }
    let applicable =
        |s: &[u64], o: &ground::Operator| o.pre.iter().all(|&a| get(s, a)) && !o.pre_neg.iter().any(|&a| get(s, a));
    let is_goal = |s: &[u64]| match t.goal_atom {
        Some(_) => t.operators.iter().any(|o| o.action.is_none() && applicable(s, o)),
        None => t.goal.iter().all(|&a| get(s, a)) && !t.goal_neg.iter().any(|&a| get(s, a)),
    };
    let mut seen: FxHashSet<Box<[u64]>> = FxHashSet::default();
    let mut stack: Vec<Box<[u64]>> = vec![init.clone().into_boxed_slice()];
    seen.insert(init.into_boxed_slice());
    let mut all_true = vec![!0u64; words];
    let mut any_true = vec![0u64; words];
    let mut goal_states = 0usize;
    let ops = t.operators.len().max(1);
    // Work is states times operators: a large task gets fewer states.
    let cap = limit.min(20_000_000 / ops).max(1);
    while let Some(s) = stack.pop() {
        if is_goal(&s) {
            goal_states += 1;
            for w in 0..words {
                all_true[w] &= s[w];
                any_true[w] |= s[w];
            }
        }
        for o in t.operators.iter().filter(|o| o.action.is_some()) {
            if !applicable(&s, o) {
                continue;
            }
            let mut next = s.to_vec();
            let fire: Vec<&ground::CondEffect> = o
                .cond
                .iter()
                .filter(|c| c.pre.iter().all(|&a| get(&s, a)) && !c.pre_neg.iter().any(|&a| get(&s, a)))
                .collect();
            for &a in o.del.iter().chain(fire.iter().filter(|c| !c.add).map(|c| &c.atom)) {
                next[a as usize / 64] &= !(1 << (a % 64));
            }
            for &a in o.add.iter().chain(fire.iter().filter(|c| c.add).map(|c| &c.atom)) {
                next[a as usize / 64] |= 1 << (a % 64);
            }
            let next = next.into_boxed_slice();
            if !seen.contains(&next) {
                if seen.len() >= cap {
                    return Err(EnumerationStop::TooManyStates(cap));
                }
                seen.insert(next.clone());
                stack.push(next);
            }
        }
    }
    if goal_states == 0 {
        return Ok(Completion::Unreachable);
    }
    let real = |a: &AtomId| Some(*a) != t.goal_atom;
    let positive: Vec<AtomId> = (0..n as AtomId).filter(|&a| get(&all_true, a)).filter(real).collect();
    let negative: Vec<AtomId> = (0..n as AtomId).filter(|&a| !get(&any_true, a)).filter(real).collect();
    Ok(Completion::Literals { positive, negative, complete: true })
}

/// The structure of a problem with its goal replaced by a completion.
pub fn completed_structure(task: &Task, t: Option<&GroundTask>, c: &Completion) -> Structure {
    let mut b = Builder::new(task);
    b.init();
    match (c, t) {
        (Completion::Literals { positive, negative, .. }, Some(t)) => {
            let atom = |a: AtomId| {
                let name = &t.atoms[a as usize];
                GroundAtom { predicate: name.predicate, args: name.args.clone() }
            };
            for &a in positive {
                b.goal_literal(true, &atom(a));
            }
            for &a in negative {
                b.goal_literal(false, &atom(a));
            }
        }
        _ => b.goal_unreachable(),
    }
    b.metric_and_constraints();
    b.finish()
}

fn init_structure(task: &Task) -> Structure {
    let mut b = Builder::new(task);
    b.init();
    b.metric_and_constraints();
    b.finish()
}

/// Semantic comparison (see the module documentation).
pub fn compare(a: &Task, b: &Task, options: &Options) -> Verdict {
    // Structurally equal problems have the same goal states: no completion needed (and none is
    // possible for constructs the grounder refuses).
    if !options.always_complete
        && let v @ Verdict::Equal { .. } = compare_structures(
            &crate::structure::structural(a),
            &crate::structure::structural(b),
            options.node_limit,
            None,
        )
    {
        return v;
    }
    // The initial states (and metrics) must match under some renaming: exact, structural.
    match compare_structures(&init_structure(a), &init_structure(b), options.node_limit, Some("initial states")) {
        Verdict::Equal { .. } => {}
        other => return other,
    }
    let ga = match ground_for_completion(a, options.ground_seconds) {
        Ok(g) => g,
        Err(why) => {
            return Verdict::Unknown { reason: format!("problem A cannot be grounded for the completion: {why}") };
        }
    };
    let gb = match ground_for_completion(b, options.ground_seconds) {
        Ok(g) => g,
        Err(why) => {
            return Verdict::Unknown { reason: format!("problem B cannot be grounded for the completion: {why}") };
        }
    };
    // A goal that relaxed reachability already refutes has no goal state: exact.
    let by_invariants = |g: &Grounded| match &g.task {
        None => Some(Completion::Unreachable),
        Some(t) => complete_by_invariants(t),
    };
    let (ia, ib) = (by_invariants(&ga), by_invariants(&gb));
    let mut inexact = None;
    if let (Some(ca), Some(cb)) = (&ia, &ib) {
        let sa = completed_structure(a, ga.task.as_ref(), ca);
        let sb = completed_structure(b, gb.task.as_ref(), cb);
        match compare_structures(&sa, &sb, options.node_limit, Some("invariants")) {
            v @ Verdict::Equal { .. } => return v,
            v @ Verdict::Unknown { .. } => return v,
            Verdict::Different { explanation } => {
                let decided = |c: &Completion| match c {
                    Completion::Unreachable => true,
                    Completion::Literals { complete, .. } => *complete,
                };
                if decided(ca) && decided(cb) {
                    inexact = Some(explanation);
                }
            }
        }
    }
    // A disjunctive goal's states are not described by a set of literals: only the same goal
    // (structurally) is known to be the same.
    let disjunctive = |g: &Grounded| g.task.as_ref().is_some_and(|t| t.goal_atom.is_some());
    if disjunctive(&ga) || disjunctive(&gb) {
        return match crate::compare_structures(
            &crate::structure::structural(a),
            &crate::structure::structural(b),
            options.node_limit,
            None,
        ) {
            v @ Verdict::Equal { .. } => v,
            _ => Verdict::Unknown {
                reason: "goal completion undecided: a goal is not a conjunction of literals and the goals differ \
                         structurally"
                    .into(),
            },
        };
    }
    let exactly = |g: &Grounded| match &g.task {
        None => Ok(Completion::Unreachable),
        Some(t) => complete_exactly(t, options.state_limit),
    };
    match (exactly(&ga), exactly(&gb)) {
        (Ok(ca), Ok(cb)) => {
            let sa = completed_structure(a, ga.task.as_ref(), &ca);
            let sb = completed_structure(b, gb.task.as_ref(), &cb);
            compare_structures(&sa, &sb, options.node_limit, Some("reachable states"))
        }
        (ea, eb) => {
            if let Some(mut explanation) = inexact {
                explanation.assumption = Some(
                    "both problems are solvable (Planetarium's assumption): each completed goal fixes every atom, \
                     so the goal-state sets differ unless both are empty"
                        .into(),
                );
                return Verdict::Different { explanation };
            }
            let why = |e: &Result<Completion, EnumerationStop>, side: &str| match e {
                Err(EnumerationStop::TooManyStates(n)) => Some(format!("{side} has more than {n} reachable states")),
                Ok(_) => None,
            };
            let mut reasons: Vec<String> = [why(&ea, "A"), why(&eb, "B")].into_iter().flatten().collect();
            if ia.is_none() || ib.is_none() {
                reasons.push("a goal is not a conjunction of literals, so the invariants cannot complete it".into());
            } else {
                reasons.push("the invariants leave some atoms of the completed goals open".into());
            }
            Verdict::Unknown { reason: format!("goal completion undecided: {}", reasons.join("; ")) }
        }
    }
}

/// For tests and the exactness report: the invariant completion and the exact one of a task's own
/// goal, as sets of literals (`+pred a b` / `-pred a b`), when both exist.
pub fn completion_texts(
    task: &Task,
    state_limit: usize,
    ground_seconds: f64,
) -> Result<(Vec<String>, Option<Vec<String>>), String> {
    let g = ground_for_completion(task, ground_seconds)?;
    let Some(t) = &g.task else { return Ok((vec!["unreachable".into()], Some(vec!["unreachable".into()]))) };
    let text = |c: &Completion| -> Vec<String> {
        match c {
            Completion::Unreachable => vec!["unreachable".into()],
            Completion::Literals { positive, negative, .. } => {
                let mut v: Vec<String> = positive
                    .iter()
                    .map(|&a| format!("+{}", t.atom_text(task, a)))
                    .chain(negative.iter().map(|&a| format!("-{}", t.atom_text(task, a))))
                    .collect();
                v.sort();
                v
            }
        }
    };
    let inv = complete_by_invariants(t).map(|c| text(&c)).unwrap_or_default();
    let exact = complete_exactly(t, state_limit).ok().map(|c| text(&c));
    Ok((inv, exact))
}

/// Object names of a task by id, for messages.
pub fn object_names(task: &Task) -> FxHashMap<u32, String> {
    task.objects.iter().enumerate().map(|(i, o)| (i as u32, task.domain.name(o.name).to_string())).collect()
}
