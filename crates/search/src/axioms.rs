//! Evaluation of derived atoms (Fast Downward's axiom evaluator, for binary atoms).
//!
//! A state holds the basic atoms that operators change; its derived atoms are a function of them,
//! recomputed whenever a state is made (the initial state, every successor): all derived atoms
//! false, then layer by layer, lowest first, each layer's axioms to their least fixpoint. Within a
//! layer only positive conditions on the layer's own atoms can change while it is evaluated
//! (stratification puts negated derived atoms in lower layers), so each axiom keeps a count of
//! its unsatisfied same-layer conditions and fires when that count reaches zero: linear in the
//! size of the axioms, as FD's evaluator. The derived values are stored in the packed state, as
//! FD stores its derived variables, so duplicate detection and the goal test read them directly.

use crate::state::{Layout, State};
use ground::{AtomId, GroundTask};
use std::cell::RefCell;

/// Never fires in this state: some condition outside its layer is false.
const DEAD: u32 = u32::MAX;

struct Scratch {
    /// Per axiom: its unsatisfied same-layer conditions, or [`DEAD`].
    unsat: Vec<u32>,
    queue: Vec<AtomId>,
}

pub struct AxiomEvaluator {
    derived: Vec<AtomId>,
    /// Per layer, the range of its axioms in `axioms` (sorted by layer).
    layers: Vec<(usize, usize)>,
    axioms: Vec<ground::Axiom>,
    /// Per axiom: its positive conditions on atoms of its own layer.
    same_layer: Vec<Vec<AtomId>>,
    /// Per atom: the axioms with it as a same-layer positive condition.
    users: Vec<Vec<u32>>,
    layout: Layout,
    scratch: RefCell<Scratch>,
}

impl AxiomEvaluator {
    /// `None` for a task without axioms.
    pub fn new(task: &GroundTask, layout: &Layout) -> Option<AxiomEvaluator> {
        if task.axioms.is_empty() {
            return None;
        }
        let mut axioms = task.axioms.clone();
        axioms.sort_by_key(|a| a.layer);
        let n = task.atoms.len();
        let mut layer_of = vec![u32::MAX; n];
        for a in &axioms {
            layer_of[a.head as usize] = a.layer;
        }
        let mut derived: Vec<AtomId> = axioms.iter().map(|a| a.head).collect();
        derived.sort_unstable();
        derived.dedup();
        let mut layers = Vec::new();
        let mut start = 0;
        while start < axioms.len() {
            let l = axioms[start].layer;
            let end = start + axioms[start..].iter().take_while(|a| a.layer == l).count();
            layers.push((start, end));
            start = end;
        }
        let mut users = vec![Vec::new(); n];
        let same_layer: Vec<Vec<AtomId>> = axioms
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let same: Vec<AtomId> = a.pre.iter().copied().filter(|&p| layer_of[p as usize] == a.layer).collect();
                for &p in &same {
                    users[p as usize].push(i as u32);
                }
                same
            })
            .collect();
        let scratch = RefCell::new(Scratch { unsat: vec![0; axioms.len()], queue: Vec::new() });
        Some(AxiomEvaluator { derived, layers, axioms, same_layer, users, layout: layout.clone(), scratch })
    }

    /// The derived atoms, sorted.
    pub fn derived(&self) -> &[AtomId] {
        &self.derived
    }

    /// Recomputes the derived atoms of `s` from its basic atoms.
    pub fn evaluate(&self, s: &mut State) {
        let l = &self.layout;
        for &d in &self.derived {
            l.clear(s, d);
        }
        let mut scratch = self.scratch.borrow_mut();
        let Scratch { unsat, queue } = &mut *scratch;
        for &(start, end) in &self.layers {
            queue.clear();
            for (i, a) in self.axioms.iter().enumerate().take(end).skip(start) {
                let same = &self.same_layer[i];
                // Conditions outside the layer are fixed now; same-layer ones are all false yet.
                let fixed_ok = a.pre.iter().all(|&p| same.contains(&p) || l.holds(s, p))
                    && !a.pre_neg.iter().any(|&p| l.holds(s, p));
                unsat[i] = if fixed_ok { same.len() as u32 } else { DEAD };
                if unsat[i] == 0 && !l.holds(s, a.head) {
                    l.set(s, a.head);
                    queue.push(a.head);
                }
            }
            while let Some(atom) = queue.pop() {
                for &i in &self.users[atom as usize] {
                    let u = &mut unsat[i as usize];
                    if *u == DEAD {
                        continue;
                    }
                    *u -= 1;
                    let head = self.axioms[i as usize].head;
                    if *u == 0 && !l.holds(s, head) {
                        l.set(s, head);
                        queue.push(head);
                    }
                }
            }
        }
    }
}

/// Builds a relaxed precondition from positive and negative conditions.
pub(crate) type WithNeg<'a> = &'a dyn Fn(&[u32], &[u32]) -> Vec<u32>;

/// Derived atoms whose negation the relaxation cannot express exactly: those with an axiom that
/// has a positive condition on a derived atom of its own layer (a cycle through the layer's
/// least fixpoint, which the construction of [`relaxed_axioms`] would read as never falsifiable).
fn approximated(g: &GroundTask) -> Vec<bool> {
    let mut layer = vec![u32::MAX; g.atoms.len()];
    for ax in &g.axioms {
        layer[ax.head as usize] = ax.layer;
    }
    let mut approx = vec![false; g.atoms.len()];
    for ax in &g.axioms {
        if ax.pre.iter().any(|&p| layer[p as usize] == ax.layer) {
            approx[ax.head as usize] = true;
        }
    }
    approx
}

/// Adds complementary atoms (`not p`) for the positive conditions of the axioms of every derived
/// atom whose negation is needed (and exactly expressible), closing over derived conditions.
pub(crate) fn complements_needed(g: &GroundTask, neg_id: &mut [u32], neg: &mut Vec<(u32, u32)>) {
    if g.axioms.is_empty() {
        return;
    }
    let n = g.atoms.len();
    let approx = approximated(g);
    let mut of: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, ax) in g.axioms.iter().enumerate() {
        of[ax.head as usize].push(i);
    }
    let mut stack: Vec<u32> = neg.iter().map(|&(a, _)| a).collect();
    while let Some(d) = stack.pop() {
        if approx[d as usize] {
            continue;
        }
        for &i in &of[d as usize] {
            for &p in &g.axioms[i].pre {
                if neg_id[p as usize] == u32::MAX {
                    neg_id[p as usize] = (n + neg.len()) as u32;
                    neg.push((p, neg_id[p as usize]));
                    stack.push(p);
                }
            }
        }
    }
}

/// The axioms as zero-cost operators of the delete relaxation (as Fast Downward's relaxation
/// heuristics see them), passed to `push(pre, effect)`; returns how many auxiliary relaxed atoms
/// it numbered from `first`.
///
/// A negated derived atom `not d` (needed where a condition or goal is negative) holds when every
/// axiom of `d` has a false condition. That is expressed exactly in the relaxation, in linear
/// size, as Fast Downward's default-value axioms do: one auxiliary atom per axiom ("this axiom is
/// blocked"), reached from the complement of any of its conditions, and `not d` reached from all
/// of them. Where a layer's fixpoint makes that circular (see [`approximated`]), `not d` is made
/// reachable from the start instead, an over-approximation that keeps hmax admissible.
pub(crate) fn relaxed_axioms(
    g: &GroundTask,
    neg_id: &[u32],
    init_atom: u32,
    first: u32,
    with_neg: WithNeg,
    push: &mut dyn FnMut(Vec<u32>, u32),
) -> usize {
    for ax in &g.axioms {
        push(with_neg(&ax.pre, &ax.pre_neg), ax.head);
    }
    if g.axioms.is_empty() {
        return 0;
    }
    let approx = approximated(g);
    let mut of: Vec<Vec<usize>> = vec![Vec::new(); g.atoms.len()];
    for (i, ax) in g.axioms.iter().enumerate() {
        of[ax.head as usize].push(i);
    }
    let mut next = first;
    for d in 0..g.atoms.len() {
        let nd = neg_id[d];
        if of[d].is_empty() || nd == u32::MAX {
            continue;
        }
        if approx[d] {
            push(vec![init_atom], nd);
            continue;
        }
        let mut blocked = Vec::with_capacity(of[d].len());
        for &i in &of[d] {
            let ax = &g.axioms[i];
            let q = next;
            next += 1;
            blocked.push(q);
            // Complements of the conditions: `not p` for `p` (noted by `complements_needed`),
            // `p` for `not p`.
            for &p in &ax.pre {
                if neg_id[p as usize] != u32::MAX {
                    push(vec![neg_id[p as usize]], q);
                }
            }
            for &p in &ax.pre_neg {
                push(vec![p], q);
            }
        }
        blocked.sort_unstable();
        push(blocked, nd);
    }
    (next - first) as usize
}
