//! The search view of a ground task: packed states and operator application (delete-then-add,
//! conditional effects evaluated in the state before).
//!
//! States are packed as Fast Downward packs its finite-domain variables: each mutex group of
//! atoms (at most one of them true in any reachable state, from the h2 mutexes the ground task
//! carries) becomes one field holding 0 ("none of those") or 1 + the index of its true atom, in
//! `ceil(log2(k + 1))` bits; every other atom keeps one bit. Fields never straddle a `u64` word.
//! An atom is then `(word, shift, mask, value)`: it holds when the field equals `value`.

use crate::axioms::AxiomEvaluator;
use ground::{AtomId, GroundTask};

/// A packed state (see [`Layout`]).
pub type State = [u64];

#[derive(Clone, Copy, Debug)]
struct Loc {
    word: u32,
    shift: u32,
    /// The field's width mask, unshifted.
    mask: u64,
    value: u64,
}

/// A field of the packed state with the atoms of its values `1..`.
#[derive(Clone, Debug)]
struct Field {
    word: u32,
    shift: u32,
    mask: u64,
    atoms: Vec<AtomId>,
}

/// Where each atom lives in a packed state.
#[derive(Clone, Debug)]
pub struct Layout {
    loc: Vec<Loc>,
    fields: Vec<Field>,
    /// Per atom, the index of its field in `fields`.
    field: Vec<u32>,
    pub words: usize,
}

/// One field of a [`Layout`]: the atoms it holds are mutex, so at most one of them is true, and
/// reading the field names it (a single-atom field is that atom's bit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FieldId(u32);

impl Layout {
    /// Groups of fewer than 3 atoms stay one bit per atom (a 2-atom field also needs 2 bits);
    /// `groups` must be disjoint mutex groups.
    pub fn new(natoms: usize, groups: &[Vec<AtomId>]) -> Layout {
        let mut in_group = vec![false; natoms];
        let mut fields: Vec<(u32, Vec<AtomId>)> = Vec::new();
        for g in groups {
            if g.len() < 3 || g.iter().any(|&a| a as usize >= natoms || in_group[a as usize]) {
                continue;
            }
            g.iter().for_each(|&a| in_group[a as usize] = true);
            let bits = 64 - (g.len() as u64).leading_zeros();
            fields.push((bits, g.clone()));
        }
        for a in 0..natoms as u32 {
            if !in_group[a as usize] {
                fields.push((1, vec![a]));
            }
        }
        // First-fit decreasing into 64-bit words.
        fields.sort_by_key(|f| std::cmp::Reverse(f.0));
        let mut free: Vec<u32> = Vec::new();
        let mut placed = Vec::with_capacity(fields.len());
        let mut loc = vec![Loc { word: 0, shift: 0, mask: 1, value: 1 }; natoms];
        for (bits, atoms) in fields {
            let w = match free.iter().position(|&f| f >= bits) {
                Some(w) => w,
                None => {
                    free.push(64);
                    free.len() - 1
                }
            };
            let shift = 64 - free[w];
            free[w] -= bits;
            let mask = if bits == 64 { !0 } else { (1u64 << bits) - 1 };
            for (i, &a) in atoms.iter().enumerate() {
                loc[a as usize] = Loc { word: w as u32, shift, mask, value: i as u64 + 1 };
            }
            placed.push(Field { word: w as u32, shift, mask, atoms });
        }
        // Fields in memory order, for cache-friendly enumeration.
        placed.sort_by_key(|f| (f.word, f.shift));
        let mut field = vec![0u32; natoms];
        for (i, f) in placed.iter().enumerate() {
            f.atoms.iter().for_each(|&a| field[a as usize] = i as u32);
        }
        Layout { loc, fields: placed, field, words: free.len().max(1) }
    }

    /// The field that holds atom `a`.
    pub fn field_of(&self, a: AtomId) -> FieldId {
        FieldId(self.field[a as usize])
    }

    /// The atom of field `f` that is true in `s`, if any: one read where testing each atom of a
    /// mutex group would take one per atom.
    #[inline]
    pub fn field_atom(&self, s: &State, f: FieldId) -> Option<AtomId> {
        let f = &self.fields[f.0 as usize];
        let v = (s[f.word as usize] >> f.shift) & f.mask;
        (v != 0).then(|| f.atoms[v as usize - 1])
    }

    /// One bit per atom.
    pub fn binary(natoms: usize) -> Layout {
        Layout::new(natoms, &[])
    }

    /// Where atom `a` lives: its word, shift, the field's (unshifted) mask and the value the
    /// field has when `a` holds. For evaluators that fold this into tables of their own.
    pub fn probe(&self, a: AtomId) -> (usize, u32, u64, u64) {
        let l = self.loc[a as usize];
        (l.word as usize, l.shift, l.mask, l.value)
    }

    #[inline]
    pub fn holds(&self, s: &State, a: AtomId) -> bool {
        let l = self.loc[a as usize];
        (s[l.word as usize] >> l.shift) & l.mask == l.value
    }

    #[inline]
    pub(crate) fn set(&self, s: &mut State, a: AtomId) {
        let l = self.loc[a as usize];
        let w = &mut s[l.word as usize];
        // Deletes come first, so a mutex group's field is empty or already `a`: anything else
        // would mean the mutexes were wrong.
        debug_assert!(
            matches!((*w >> l.shift) & l.mask, 0) || (*w >> l.shift) & l.mask == l.value,
            "mutex group violated"
        );
        *w = (*w & !(l.mask << l.shift)) | (l.value << l.shift);
    }

    #[inline]
    pub(crate) fn clear(&self, s: &mut State, a: AtomId) {
        let l = self.loc[a as usize];
        let w = &mut s[l.word as usize];
        if (*w >> l.shift) & l.mask == l.value {
            *w &= !(l.mask << l.shift);
        }
    }

    /// Pushes the atoms true in `s` onto `out`.
    pub fn true_atoms(&self, s: &State, out: &mut Vec<AtomId>) {
        for f in &self.fields {
            let v = (s[f.word as usize] >> f.shift) & f.mask;
            if v != 0 {
                out.push(f.atoms[v as usize - 1]);
            }
        }
    }

    /// Bits used (not counting the words' padding).
    pub fn bits(&self) -> u32 {
        self.fields.iter().map(|f| 64 - f.mask.leading_zeros()).sum()
    }
}

pub struct SearchTask<'a> {
    pub ground: &'a GroundTask,
    pub layout: Layout,
    /// Words per state.
    pub words: usize,
    /// Completes every state made with its derived atoms; `None` without axioms.
    pub axioms: Option<AxiomEvaluator>,
    /// The lifted task the ground task came from, for heuristics that read names, types and
    /// static facts (the domain heuristics of crate `dheur`); `None` for an `output.sas` task.
    pub lifted: Option<&'a model::lifted::Task>,
}

impl<'a> SearchTask<'a> {
    /// Packs with the ground task's mutex groups.
    pub fn new(ground: &'a GroundTask) -> SearchTask<'a> {
        SearchTask::with_layout(ground, Layout::new(ground.atoms.len(), &ground.mutex_groups))
    }

    /// One bit per atom, ignoring the mutex groups.
    pub fn binary(ground: &'a GroundTask) -> SearchTask<'a> {
        SearchTask::with_layout(ground, Layout::binary(ground.atoms.len()))
    }

    fn with_layout(ground: &'a GroundTask, layout: Layout) -> SearchTask<'a> {
        let axioms = AxiomEvaluator::new(ground, &layout);
        SearchTask { ground, words: layout.words, layout, axioms, lifted: None }
    }

    /// The same task, knowing the lifted task it was grounded from.
    pub fn with_lifted(mut self, lifted: &'a model::lifted::Task) -> SearchTask<'a> {
        self.lifted = Some(lifted);
        self
    }

    /// The same packing over another ground task with the same atoms (the operator costs of a
    /// heuristic's cost type).
    pub fn with_ground<'b>(&self, ground: &'b GroundTask) -> SearchTask<'b>
    where
        'a: 'b,
    {
        debug_assert_eq!(ground.atoms.len(), self.ground.atoms.len());
        let axioms = AxiomEvaluator::new(ground, &self.layout);
        SearchTask { ground, words: self.words, layout: self.layout.clone(), axioms, lifted: self.lifted }
    }

    #[inline]
    pub fn holds(&self, s: &State, a: AtomId) -> bool {
        self.layout.holds(s, a)
    }

    pub fn true_atoms(&self, s: &State, out: &mut Vec<AtomId>) {
        self.layout.true_atoms(s, out)
    }

    pub fn initial_state(&self) -> Vec<u64> {
        let mut s = vec![0u64; self.words];
        for &a in &self.ground.init {
            self.layout.set(&mut s, a);
        }
        if let Some(ax) = &self.axioms {
            ax.evaluate(&mut s);
        }
        s
    }

    pub fn is_goal(&self, s: &State) -> bool {
        self.ground.goal.iter().all(|&a| self.holds(s, a)) && !self.ground.goal_neg.iter().any(|&a| self.holds(s, a))
    }

    /// Whether the negative preconditions hold (positive ones are the successor generator's job).
    #[inline]
    pub fn negative_ok(&self, op: usize, s: &State) -> bool {
        !self.ground.operators[op].pre_neg.iter().any(|&a| self.holds(s, a))
    }

    pub fn applicable(&self, op: usize, s: &State) -> bool {
        let o = &self.ground.operators[op];
        o.pre.iter().all(|&a| self.holds(s, a)) && self.negative_ok(op, s)
    }

    /// Writes the successor of `s` under `op` into `out`, derived atoms included.
    pub fn apply(&self, op: usize, s: &State, out: &mut Vec<u64>) {
        self.apply_basic(op, s, out);
        if let Some(ax) = &self.axioms {
            ax.evaluate(out);
        }
    }

    fn apply_basic(&self, op: usize, s: &State, out: &mut Vec<u64>) {
        let o = &self.ground.operators[op];
        let l = &self.layout;
        out.clear();
        out.extend_from_slice(s);
        if o.cond.is_empty() {
            for &d in &o.del {
                l.clear(out, d);
            }
            for &a in &o.add {
                l.set(out, a);
            }
            return;
        }
        // Conditions read the state before the operator; all deletes, then all adds.
        let fires =
            |c: &ground::CondEffect| c.pre.iter().all(|&a| l.holds(s, a)) && !c.pre_neg.iter().any(|&a| l.holds(s, a));
        for &d in &o.del {
            l.clear(out, d);
        }
        for c in &o.cond {
            if !c.add && fires(c) {
                l.clear(out, c.atom);
            }
        }
        for &a in &o.add {
            l.set(out, a);
        }
        for c in &o.cond {
            if c.add && fires(c) {
                l.set(out, c.atom);
            }
        }
    }

    pub fn cost(&self, op: usize) -> u64 {
        self.ground.operators[op].cost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_hold_one_atom_of_a_group() {
        let groups = vec![vec![0, 2, 4, 6, 8], vec![1, 3]];
        let l = Layout::new(10, &groups);
        // 5 atoms in 3 bits, the 2-group and the rest one bit each: 3 + 2 + 3 = 8 bits.
        assert_eq!(l.bits(), 8);
        assert_eq!(l.words, 1);
        let mut s = vec![0u64; l.words];
        l.set(&mut s, 4);
        l.set(&mut s, 3);
        l.set(&mut s, 9);
        assert!(l.holds(&s, 4) && l.holds(&s, 3) && l.holds(&s, 9));
        assert!(!l.holds(&s, 0) && !l.holds(&s, 2) && !l.holds(&s, 8) && !l.holds(&s, 1));
        l.clear(&mut s, 2); // not the field's atom: no change
        assert!(l.holds(&s, 4));
        l.clear(&mut s, 4);
        l.set(&mut s, 8);
        let mut t = Vec::new();
        l.true_atoms(&s, &mut t);
        t.sort_unstable();
        assert_eq!(t, vec![3, 8, 9]);
    }

    #[test]
    fn many_fields_span_words() {
        let groups: Vec<Vec<u32>> = (0..40).map(|g| (g * 7..g * 7 + 7).collect()).collect();
        let l = Layout::new(280, &groups);
        assert_eq!(l.bits(), 120);
        assert_eq!(l.words, 2);
        let mut s = vec![0u64; l.words];
        for g in 0..40u32 {
            l.set(&mut s, g * 7 + g % 7);
        }
        for a in 0..280u32 {
            assert_eq!(l.holds(&s, a), a % 7 == (a / 7) % 7);
        }
    }
}
