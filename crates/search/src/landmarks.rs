//! Fact landmarks by back-chaining over the delete relaxation (the fact-landmark part of Richter,
//! Helmert & Westphal 2008, "RHW"), with greedy-necessary orders and, on request, reasonable
//! orders in the style of Hoffmann, Porteous & Sebastia 2004 ("HPS").
//!
//! A fact `L` not true initially is a landmark when every plan makes it true. The first time a
//! plan makes `L` true, it applies an achiever of `L` whose preconditions were reached without
//! `L` ever holding, hence without any operator that adds `L`: a *possible first achiever* is an
//! achiever whose preconditions are all relaxed-reachable when the operators adding `L` are
//! removed. A fact in the precondition of every possible first achiever holds just before `L`
//! first becomes true in every plan: it is a landmark, greedy-necessarily ordered before `L`.
//! Starting from the goal atoms and chaining back gives the landmark graph. Landmarks are relaxed
//! atoms (see [`crate::heuristic`]), so a complement `not a` can be one.
//!
//! Disjunctive landmarks, RHW's domain-transition-graph landmarks and action landmarks are not
//! computed.

use crate::heuristic::Relaxed;
use crate::state::SearchTask;

#[derive(Clone, Debug)]
pub struct Landmark {
    /// The relaxed atom.
    pub atom: u32,
    /// The ground atom and whether the landmark is its truth (`true`) or its falsity.
    pub fact: (u32, bool),
    /// A goal atom (so "required again" whenever it is false).
    pub goal: bool,
    /// True in the initial state.
    pub initial: bool,
    /// Ground operators that add it (unconditionally or by a conditional effect).
    pub achievers: Vec<u32>,
    /// The cheapest achiever's cost (0 for a landmark true initially without achievers).
    pub cost: u64,
}

#[derive(Clone, Debug, Default)]
pub struct LandmarkGraph {
    pub landmarks: Vec<Landmark>,
    /// Greedy-necessary orders `(a, b)`: `a` holds just before `b` first becomes true.
    pub greedy_necessary: Vec<(usize, usize)>,
    /// Reasonable orders `(a, b)`: `b` reached before `a` would have to be reached again.
    pub reasonable: Vec<(usize, usize)>,
    /// Whether the goal was found relaxed-unreachable (then there is no plan, and the graph is
    /// the goal atoms only).
    pub unsolvable: bool,
}

/// Which relaxed atoms are reachable from `start` without the relaxed operators `banned`.
fn reachable(r: &Relaxed, start: &[u32], banned: &dyn Fn(usize) -> bool, unsat: &mut Vec<u32>) -> Vec<bool> {
    let mut reached = vec![false; r.natoms];
    unsat.clear();
    unsat.extend(r.ops.iter().map(|o| o.pre.len() as u32));
    let mut stack: Vec<u32> = Vec::new();
    for &a in start {
        if !reached[a as usize] {
            reached[a as usize] = true;
            stack.push(a);
        }
    }
    while let Some(p) = stack.pop() {
        for &oi in &r.pre_of[p as usize] {
            let oi = oi as usize;
            unsat[oi] -= 1;
            if unsat[oi] == 0 && !banned(oi) {
                for &e in &r.ops[oi].eff {
                    if !reached[e as usize] {
                        reached[e as usize] = true;
                        stack.push(e);
                    }
                }
            }
        }
    }
    reached
}

/// The RHW-style landmark graph of the task (with `reasonable`: also HPS reasonable orders).
pub(crate) fn rhw(t: &SearchTask, r: &Relaxed, reasonable: bool) -> LandmarkGraph {
    let mut init = Vec::new();
    r.state_atoms(&t.initial_state(), &mut init);
    let mut in_init = vec![false; r.natoms];
    init.iter().for_each(|&a| in_init[a as usize] = true);
    let goal_op = r.eff_of[r.goal_atom as usize][0] as usize;
    let goals: Vec<u32> = r.ops[goal_op].pre.iter().copied().filter(|&a| a != r.init_atom()).collect();
    let mut g = LandmarkGraph::default();
    let mut index = vec![usize::MAX; r.natoms];
    let mut unsat = Vec::new();
    let add = |a: u32, g: &mut LandmarkGraph, index: &mut Vec<usize>| -> (usize, bool) {
        if index[a as usize] != usize::MAX {
            return (index[a as usize], false);
        }
        let achievers_r: Vec<usize> = r.eff_of[a as usize].iter().map(|&o| o as usize).collect();
        let mut achievers: Vec<u32> = achievers_r.iter().map(|&o| r.ground_op(o)).filter(|&o| o != u32::MAX).collect();
        achievers.sort_unstable();
        achievers.dedup();
        let cost = achievers_r.iter().map(|&o| r.ops[o].cost).min().unwrap_or(0);
        index[a as usize] = g.landmarks.len();
        g.landmarks.push(Landmark {
            atom: a,
            fact: r.fact(a),
            goal: false,
            initial: in_init[a as usize],
            achievers,
            cost,
        });
        (g.landmarks.len() - 1, true)
    };
    let all = reachable(r, &init, &|_| false, &mut unsat);
    if goals.iter().any(|&a| !all[a as usize]) {
        g.unsolvable = true;
    }
    let mut queue: Vec<usize> = Vec::new();
    for &a in &goals {
        let (i, new) = add(a, &mut g, &mut index);
        g.landmarks[i].goal = true;
        if new {
            queue.push(i);
        }
    }
    if g.unsolvable {
        return g;
    }
    while let Some(l) = queue.pop() {
        let atom = g.landmarks[l].atom;
        if g.landmarks[l].initial {
            continue;
        }
        let adds = |oi: usize| r.ops[oi].eff.contains(&atom);
        let reach = reachable(r, &init, &adds, &mut unsat);
        let first: Vec<usize> = r.eff_of[atom as usize]
            .iter()
            .map(|&o| o as usize)
            .filter(|&o| r.ops[o].pre.iter().all(|&p| reach[p as usize]))
            .collect();
        let Some((&f0, rest)) = first.split_first() else {
            // Unreachable without itself: only when the goal is unreachable, excluded above.
            continue;
        };
        let mut shared: Vec<u32> = r.ops[f0].pre.iter().copied().filter(|&p| p != r.init_atom()).collect();
        for &o in rest {
            shared.retain(|p| r.ops[o].pre.contains(p));
        }
        for p in shared {
            let (i, new) = add(p, &mut g, &mut index);
            if !g.greedy_necessary.contains(&(i, l)) {
                g.greedy_necessary.push((i, l));
            }
            if new {
                queue.push(i);
            }
        }
    }
    if reasonable {
        g.reasonable = reasonable_orders(t, &g);
    }
    g
}

/// HPS reasonable orders `(l, goal)`: a goal landmark reached before landmark `l` would be lost
/// again, because `l` and the goal atom interfere: they are in one mutex group, or every
/// achiever of `l` deletes the goal atom.
fn reasonable_orders(t: &SearchTask, g: &LandmarkGraph) -> Vec<(usize, usize)> {
    let n = t.ground.atoms.len() as u32;
    let mut group = vec![usize::MAX; n as usize];
    for (gi, grp) in t.ground.mutex_groups.iter().enumerate() {
        grp.iter().for_each(|&a| group[a as usize] = gi);
    }
    let mutex = |a: u32, b: u32| {
        a < n && b < n && a != b && group[a as usize] != usize::MAX && group[a as usize] == group[b as usize]
    };
    let deletes = |op: u32, a: u32| {
        let o = &t.ground.operators[op as usize];
        a < n && o.del.contains(&a) && !o.add.contains(&a)
    };
    let mut out = Vec::new();
    for (gi, goal) in g.landmarks.iter().enumerate().filter(|(_, l)| l.goal) {
        for (li, l) in g.landmarks.iter().enumerate() {
            if li == gi || l.initial || l.achievers.is_empty() {
                continue;
            }
            let interferes = mutex(l.atom, goal.atom) || l.achievers.iter().all(|&op| deletes(op, goal.atom));
            // Never both ways (two goals each undoing the other): neither would ever count.
            if interferes && !g.greedy_necessary.contains(&(gi, li)) && !out.contains(&(gi, li)) {
                out.push((li, gi));
            }
        }
    }
    out
}
