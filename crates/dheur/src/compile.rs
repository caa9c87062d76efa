//! Compiling a [`Definition`] against one task: names resolved to ids, quantifier domains to
//! object lists (static filters applied once, at load), atom tests to per-predicate tables of
//! ground atom ids, distance tables computed and their properties checked. The result,
//! [`Program`], is evaluated on packed search states without allocation.

use crate::lang::{Binder, Definition, Expr, Fold, NatOp, Source, Term};
use ground::{AtomId, GroundTask};
use model::lifted::{Condition, ObjectId, Task, TypeSpec};
use rustc_hash::{FxHashMap, FxHashSet};
use search::state::{FieldId, Layout, State};

/// Atom table codes besides ground atom ids.
const FALSE: u32 = u32::MAX;
const TRUE: u32 = u32::MAX - 1;
/// Dense atom tables up to this many entries; a hash map beyond.
const DENSE_LIMIT: usize = 1 << 22;

#[derive(Clone, Copy, Debug)]
enum CTerm {
    Var(u16),
    Obj(u32),
}

#[derive(Debug)]
enum Domain {
    /// The objects, static filter already applied.
    Fixed(Vec<u32>),
    /// A static filter that reads one outer variable: the list per value of that variable.
    Indexed(u16, Vec<Vec<u32>>),
    /// A static filter that reads two outer variables: the list per pair of their values.
    Indexed2(Box<PairIndex>),
    /// A filter evaluated per state.
    Filtered(Vec<u32>, Box<Node>),
    /// A per-state filter with a conjunct that tests an atom that, for each value of the outer
    /// variables, lives in one field of the packed state (set by [`Program::specialize`]): the
    /// field's true atom names the only object that can pass, so the list is not walked.
    Field(Vec<u32>, Box<Node>, Box<FieldIndex>),
    /// A per-state filter, inside an outer loop, with a conjunct `(holds (P .. ?x ..))` whose
    /// atoms lie, for each object `?x` of the list, in one field of `?x` (where a car or a
    /// package is): the objects are bucketed once per state by the atom their field holds, and
    /// the binder walks the bucket of the outer variables' values instead of the whole list (set
    /// by [`Program::specialize`]).
    Inverse(Vec<u32>, Box<Node>, Box<InverseIndex>),
}

/// The lists of a [`Domain::Indexed2`]: sokoban's `(?r location (static (adjacent ?r ?l ?d)))`,
/// the square behind `?l` in direction `?d`, is one list of at most one square per pair instead
/// of a walk over every location per state.
#[derive(Debug)]
struct PairIndex {
    /// The outer variables' slots.
    slots: [u16; 2],
    /// Per object, its position in each variable's type (`u32::MAX` outside it). A variable only
    /// ever holds objects of its type (its binder's list, or a table's fill over that list).
    pos: [Vec<u32>; 2],
    /// The size of the second variable's type.
    stride: usize,
    lists: Vec<Vec<u32>>,
}

/// At most this many pairs, and this many filter evaluations to fill them, for a
/// [`Domain::Indexed2`]; beyond, the filter runs per state.
const PAIR_LISTS: usize = 1 << 16;
const PAIR_FILL: usize = 1 << 24;

/// How a [`Domain::Field`] finds its candidate.
#[derive(Debug)]
struct FieldIndex {
    /// The key atom's arguments; the binder's variable is argument `pos`.
    args: Vec<CTerm>,
    pos: usize,
    /// Per tuple of the other arguments: the field holding its atoms and the tuple's number.
    groups: FxHashMap<Vec<u32>, (FieldId, u32)>,
    /// The same, by object, when there is one other argument, and at index 0 when there is none
    /// (the robot's square in sokoban): no hashing per state.
    groups1: Option<Vec<Option<(FieldId, u32)>>>,
    /// Per atom id, for the atoms of the key predicate (binder argument in the list): its
    /// tuple's number and its object at `pos`; `(u32::MAX, _)` for other atoms.
    atom: Vec<(u32, u32)>,
    /// Whether the filter is that atom test alone (the candidate then passes it: no test).
    alone: bool,
}

/// How a [`Domain::Inverse`] finds its candidates.
#[derive(Debug)]
struct InverseIndex {
    /// The key atom's arguments; the binder's variable is argument `pos`, no other is.
    args: Vec<CTerm>,
    pos: usize,
    /// Per tuple of the other arguments, its number (the bucket).
    groups: FxHashMap<Vec<u32>, u32>,
    /// The same, by object, when there is one other argument (`u32::MAX`: no atom has it).
    groups1: Option<Vec<u32>>,
    /// Whether the filter is that atom test alone (a bucket's objects then pass it: no test).
    alone: bool,
    /// Its buckets: [`Program::inverses`] says how to fill them, [`Env::inverse`] holds them
    /// for the state being evaluated. Binders with the same key predicate, position and list
    /// share one slot.
    slot: usize,
}

/// How to bucket the objects of a [`Domain::Inverse`] list in a state.
#[derive(Debug)]
struct InverseFields {
    /// What the buckets are for: the key predicate's table, the position, the list.
    key: (u32, usize, Vec<u32>),
    /// Per object of the list, in list order: the field that holds its atoms of the key
    /// predicate (`None` where it has none).
    fields: Vec<Option<FieldId>>,
    /// Per atom id: its bucket (the number of its tuple of other arguments) and its object at
    /// `pos`; `(u32::MAX, _)` for other atoms.
    atom: Vec<(u32, u32)>,
    buckets: usize,
}

/// One state's buckets of a [`Domain::Inverse`] slot: bucket `k` is `items[start[k]..start[k + 1]]`.
#[derive(Clone, Debug, Default)]
struct Buckets {
    /// The evaluation ([`Env`]'s generation) they were filled in: older ones are stale.
    generation: u64,
    start: Vec<u32>,
    items: Vec<u32>,
    keys: Vec<u32>,
}

#[derive(Debug)]
struct CBinder {
    slot: u16,
    domain: Domain,
}

#[derive(Debug)]
enum Node {
    Num(u64),
    NatVar(u16),
    Add(Vec<Node>),
    Sub(Box<Node>, Box<Node>),
    Mul(Box<Node>, Box<Node>),
    Max(Vec<Node>),
    Min(Vec<Node>),
    If(Box<Node>, Box<Node>, Box<Node>),
    Let(u16, Box<Node>, Box<Node>),
    Fold(Fold, CBinder, Box<Node>),
    MinOver(CBinder, Box<Node>, Box<Node>),
    Dist(u16, CTerm, CTerm),
    DistBy(u16, CTerm, CTerm, CTerm),
    DistPair(u16, Box<[CTerm; 5]>),
    Cap(u16),
    Bool(bool),
    And(Vec<Node>),
    Or(Vec<Node>),
    Not(Box<Node>),
    Eq(CTerm, CTerm),
    Less(Box<Node>, Box<Node>),
    LessEq(Box<Node>, Box<Node>),
    Atom(u32, Vec<CTerm>),
    /// A subexpression computed once per state and value of its one free variable (if any):
    /// a fold that occurs more than once in the definition, closed (the dead-end test and the
    /// value often share one, such as the count of unmet goals) or with one free object variable
    /// (satellite's "some unmet image needs mode ?m", asked per instrument in three terms), or a
    /// condition that a loop around it would recompute (see [`shared_terms`]). Entry `.0` of the
    /// memo, plus the variable's value (in slot `.1`) where it has one; `.2`: a Boolean.
    Memo(u32, Option<u16>, bool, Box<Node>),
    /// A subexpression that reads no state but has free object variables, computed at load for
    /// every value of them and looked up per state ([`StaticTable`]; see [`Compiler::tabulable`]).
    /// The node is the plain subexpression: [`Program::unshared`] puts it back, and it is
    /// evaluated where a variable holds an object outside the table.
    Table(u32, Box<Node>),
}

impl Node {
    /// Calls `f` on each operand (a binder's filter is not one: it belongs to the binder).
    fn children_mut(&mut self, f: &mut dyn FnMut(&mut Node)) {
        match self {
            Node::Add(v) | Node::Max(v) | Node::Min(v) | Node::And(v) | Node::Or(v) => v.iter_mut().for_each(f),
            Node::Sub(a, b) | Node::Mul(a, b) | Node::Less(a, b) | Node::LessEq(a, b) | Node::Let(_, a, b) => {
                f(a);
                f(b);
            }
            Node::If(c, a, b) => {
                f(c);
                f(a);
                f(b);
            }
            Node::Not(x) | Node::Memo(.., x) | Node::Table(_, x) | Node::Fold(_, _, x) => f(x),
            Node::MinOver(_, body, empty) => {
                f(body);
                f(empty);
            }
            Node::Num(_)
            | Node::NatVar(_)
            | Node::Dist(..)
            | Node::DistBy(..)
            | Node::DistPair(..)
            | Node::Cap(_)
            | Node::Bool(_)
            | Node::Eq(..)
            | Node::Atom(..) => {}
        }
    }
}

/// Per (source, predicate): the code of each argument tuple.
#[derive(Debug)]
struct AtomTable {
    arity: usize,
    dense: Option<Vec<u32>>,
    sparse: Sparse,
    /// The dense table with each code replaced by where its atom lives in the packed state (set
    /// by [`Program::specialize`]): an atom test is then one table read and one state read, not
    /// a code read, a layout read and a state read.
    probes: Option<Vec<Probe>>,
    /// Whether some atom lives in the state (a code other than TRUE and FALSE): only then can a
    /// binder read it from a field, so only then does the specializer walk the table's entries
    /// (for `init` and `static` tests it walked them for nothing: most of sokoban's 0.2 s of
    /// set-up on small tasks, with dozens of such binders).
    varies: bool,
}

/// The codes of a table too large to be dense, by argument tuple: packed into one `u64` (radix:
/// the number of objects) where every tuple fits, the tuple itself otherwise. Sokoban's
/// `(adjacent ?a ?b ?d)` on a 60x60 grid has 4.8e10 tuples: with `Vec` keys, hashing and comparing
/// slices was most of a minute of set-up.
#[derive(Debug)]
enum Sparse {
    Packed(FxHashMap<u64, u32>),
    Tuples(FxHashMap<Vec<u32>, u32>),
}

impl Sparse {
    fn new(entries: Vec<(Vec<u32>, u32)>, arity: usize, nobjects: usize) -> Sparse {
        if (0..arity).try_fold(1u64, |acc, _| acc.checked_mul(nobjects as u64)).is_some() {
            Sparse::Packed(
                entries.into_iter().map(|(args, code)| (pack(args.iter().copied(), nobjects), code)).collect(),
            )
        } else {
            Sparse::Tuples(entries.into_iter().collect())
        }
    }
}

/// A tuple's key in a [`Sparse::Packed`] table, and its index in a dense one (radix: the number of
/// objects).
#[inline(always)]
fn pack(args: impl Iterator<Item = u32>, nobjects: usize) -> u64 {
    args.fold(0u64, |k, a| k.wrapping_mul(nobjects as u64).wrapping_add(a as u64))
}

/// The tuple of a [`pack`]ed key.
fn unpack(mut key: u64, nobjects: usize, tuple: &mut [u32]) {
    let radix = nobjects.max(1) as u64;
    for x in tuple.iter_mut().rev() {
        *x = (key % radix) as u32;
        key /= radix;
    }
}

/// An atom test against a packed state: `(s[word] >> shift) & mask == value`. A constant is a
/// mask of 0 (true: value 0; false: value 1).
#[derive(Clone, Copy, Debug)]
struct Probe {
    word: u32,
    shift: u32,
    mask: u32,
    value: u32,
}

impl Probe {
    const FALSE: Probe = Probe { word: 0, shift: 0, mask: 0, value: 1 };
    const TRUE: Probe = Probe { word: 0, shift: 0, mask: 0, value: 0 };

    /// The probe of code `code` (`None` where the field is wider than 32 bits).
    fn of(code: u32, layout: &Layout) -> Option<Probe> {
        Some(match code {
            FALSE => Probe::FALSE,
            TRUE => Probe::TRUE,
            a => {
                let (word, shift, mask, value) = layout.probe(a);
                Probe {
                    word: u32::try_from(word).ok()?,
                    shift,
                    mask: u32::try_from(mask).ok()?,
                    value: u32::try_from(value).ok()?,
                }
            }
        })
    }

    #[inline(always)]
    fn holds(self, s: &State) -> bool {
        (s[self.word as usize] >> self.shift) as u32 & self.mask == self.value
    }
}

/// Dense tables up to this many entries get [`Probe`]s (16 bytes each).
const PROBE_LIMIT: usize = 1 << 20;

/// The values of a [`Node::Table`] subexpression, one per tuple of values of its free variables:
/// entry `sum(pos[k][objs[slot_k]] * stride_k)`.
#[derive(Debug)]
struct StaticTable {
    /// Per free variable: its slot, the position of each object in the variable's type
    /// (`u32::MAX` outside it), and its stride.
    vars: Vec<(u16, Vec<u32>, usize)>,
    values: Vec<u64>,
}

/// A [`StaticTable`] has at most this many entries, and filling it evaluates at most about
/// [`TABLE_FILL_WORK`] atom tests' worth (a twentieth of a second or so) at load; all of a
/// program's tables together, at most [`TABLES_FILL_WORK`].
const TABLE_ENTRIES: usize = 1 << 18;
const TABLE_FILL_WORK: u64 = 1 << 24;
const TABLES_FILL_WORK: u64 = 1 << 26;

/// The least [`work`] for which a subexpression is tabulated: any loop. Even a loop over one
/// object costs more than a lookup (a binder, a closure call), and with 4, as for memos, rovers ran
/// 3 % more instructions than without tables, against 43 % fewer with 1 (callgrind, easy p11).
const TABLE_WORK: u64 = 1;

/// A distance table over the objects of one type (a `distance-by` table: one per index object).
#[derive(Debug)]
pub struct DistTable {
    pub name: String,
    /// Object id to position in the type; `u32::MAX` outside it.
    pos: Vec<u32>,
    n: usize,
    /// `n * n` entries per graph; `cap` where unreachable.
    dist: Vec<u32>,
    pub cap: u32,
    /// `distance-by`: object id to its graph's number; `u32::MAX` outside the index type.
    index: Vec<u32>,
    /// `push-distance`: target object id to its column's number (`n * n` entries each, node
    /// (x, y) at `x * n + y`); `u32::MAX` for a target without a column, which reads 0.
    columns: Option<Vec<u32>>,
    /// A two-object `push-distance` table's index (its entries are in `dist`).
    pairs: Option<Box<PairColumns>>,
}

/// Where a two-object `push-distance` table's entries are: nodes are the squares some walk edge
/// touches (object id to node number, `u32::MAX` for the others), a column holds `n * n * n`
/// entries, node (x1, x2, y) at `(x1 * n + x2) * n + y`. One column serves the targets (t1, t2)
/// and, read with the objects swapped, (t2, t1). A lookup with an argument off the nodes, or
/// with targets without a column, reads 0: every checked property holds of such entries.
#[derive(Debug)]
struct PairColumns {
    node: Vec<u32>,
    n: usize,
    /// (t1, t2) object ids to the column's number and whether it is read swapped.
    columns: FxHashMap<(u32, u32), (u32, bool)>,
}

impl AtomTable {
    /// Calls `f` on each tuple the table has a code for (`FALSE` codes included for dense
    /// tables), with its code.
    fn entries(&self, nobjects: usize, f: &mut dyn FnMut(&[u32], u32)) {
        match &self.dense {
            Some(d) => {
                let mut tuple = vec![0u32; self.arity];
                for (i, &code) in d.iter().enumerate() {
                    unpack(i as u64, nobjects, &mut tuple);
                    f(&tuple, code);
                }
            }
            None => match &self.sparse {
                Sparse::Tuples(m) => m.iter().for_each(|(k, &code)| f(k, code)),
                Sparse::Packed(m) => {
                    let mut tuple = vec![0u32; self.arity];
                    for (&k, &code) in m {
                        unpack(k, nobjects, &mut tuple);
                        f(&tuple, code);
                    }
                }
            },
        }
    }
}

impl DistTable {
    #[inline]
    fn get(&self, a: u32, b: u32) -> u64 {
        self.get_in(0, a, b)
    }

    #[inline]
    fn get_in(&self, graph: u32, a: u32, b: u32) -> u64 {
        let (pa, pb) = (self.pos[a as usize], self.pos[b as usize]);
        if pa == u32::MAX || pb == u32::MAX || graph == u32::MAX {
            return self.cap as u64;
        }
        self.dist[(graph as usize * self.n + pa as usize) * self.n + pb as usize] as u64
    }

    #[inline]
    fn get_by(&self, i: u32, a: u32, b: u32) -> u64 {
        match &self.columns {
            None => self.get_in(self.index[i as usize], a, b),
            Some(cols) => self.get_push(cols, i, a, b),
        }
    }

    /// A `push-distance` entry: from the object on `x` and the agent on `y` to the object on `t`.
    #[inline]
    fn get_push(&self, cols: &[u32], x: u32, y: u32, t: u32) -> u64 {
        let (px, py, pt) = (self.pos[x as usize], self.pos[y as usize], self.pos[t as usize]);
        if px == u32::MAX || py == u32::MAX || pt == u32::MAX {
            return self.cap as u64;
        }
        match cols[t as usize] {
            u32::MAX => 0,
            k => self.dist[(k as usize * self.n + px as usize) * self.n + py as usize] as u64,
        }
    }

    /// A two-object `push-distance` table's target pairs with a column, both ways round (every
    /// other pair reads 0); `None` for the other kinds.
    pub fn pair_targets(&self) -> Option<Vec<(u32, u32)>> {
        let mut v: Vec<(u32, u32)> = self.pairs.as_ref()?.columns.keys().copied().collect();
        v.sort_unstable();
        Some(v)
    }

    /// A two-object `push-distance` entry: the objects on `x1` and `x2`, the agent on `y`, to
    /// the targets `t1` and `t2`. `None` for the other kinds.
    pub fn distance_pair(&self, x1: u32, x2: u32, y: u32, t1: u32, t2: u32) -> Option<u64> {
        let p = self.pairs.as_ref()?;
        let Some(&(k, swapped)) = p.columns.get(&(t1, t2)) else { return Some(0) };
        let node = |o: u32| p.node.get(o as usize).copied().unwrap_or(u32::MAX);
        let (a, b, c) = (node(x1), node(x2), node(y));
        if a == u32::MAX || b == u32::MAX || c == u32::MAX {
            return Some(0);
        }
        let (a, b) = if swapped { (b, a) } else { (a, b) };
        Some(self.dist[((k as usize * p.n + a as usize) * p.n + b as usize) * p.n + c as usize] as u64)
    }

    /// The entry the evaluator reads for objects `a` and `b` (the cap outside the table's type),
    /// for a `distance` table; `None` for a `distance-by` table. The test that compares the
    /// printed Coq definitions with the evaluator prints the tables from it.
    pub fn distance(&self, a: u32, b: u32) -> Option<u64> {
        (self.index.is_empty() && self.columns.is_none() && self.pairs.is_none()).then(|| self.get(a, b))
    }

    /// The entry the evaluator reads for index object `i` and objects `a` and `b`, for a
    /// `distance-by` table, or for the object on `i`, the agent on `a` and the target `b`, for a
    /// `push-distance` table; `None` for a `distance` table (the agreement test prints all kinds).
    pub fn distance_by(&self, i: u32, a: u32, b: u32) -> Option<u64> {
        let inside = (i as usize) < self.pos.len() && (a as usize) < self.pos.len() && (b as usize) < self.pos.len();
        match &self.columns {
            Some(cols) => Some(if inside { self.get_push(cols, i, a, b) } else { self.cap as u64 }),
            None => (!self.index.is_empty())
                .then(|| if (i as usize) < self.index.len() { self.get_by(i, a, b) } else { self.cap as u64 }),
        }
    }
}

/// The task as the language sees it: names, types, initial atoms, goal atoms, static predicates.
pub struct TaskView<'a> {
    pub task: &'a Task,
    pub ground: Option<&'a GroundTask>,
    objects: FxHashMap<String, u32>,
    predicates: FxHashMap<String, (u32, usize)>,
    fluent: Vec<bool>,
    init: FxHashSet<(u32, Vec<u32>)>,
    /// Positive goal atoms; `None` when the goal is not a conjunction of positive atoms.
    pub goal: Option<FxHashSet<(u32, Vec<u32>)>>,
    ground_atoms: FxHashMap<(u32, Vec<u32>), AtomId>,
}

impl<'a> TaskView<'a> {
    pub fn new(task: &'a Task, ground: Option<&'a GroundTask>) -> TaskView<'a> {
        let d = &task.domain;
        let objects =
            task.objects.iter().enumerate().map(|(i, o)| (d.name(o.name).to_ascii_lowercase(), i as u32)).collect();
        let predicates = d
            .predicates
            .iter()
            .enumerate()
            .map(|(i, p)| (d.name(p.name).to_ascii_lowercase(), (i as u32, p.params.len())))
            .collect();
        let init = task.init.iter().map(|a| (a.predicate.0, a.args.iter().map(|o| o.0).collect())).collect();
        let goal = goal_atoms(&task.goal);
        let ground_atoms = ground
            .map(|g| {
                g.atoms
                    .iter()
                    .enumerate()
                    .map(|(i, a)| ((a.predicate.0, a.args.iter().map(|o| o.0).collect()), i as AtomId))
                    .collect()
            })
            .unwrap_or_default();
        TaskView { task, ground, objects, predicates, fluent: task.fluent_predicates(), init, goal, ground_atoms }
    }

    /// The objects of a type (`object`: all), or `None` for an undeclared type.
    pub fn objects_of(&self, ty: &str) -> Option<Vec<u32>> {
        let d = &self.task.domain;
        let t = d.types.iter().position(|t| d.name(t.name).eq_ignore_ascii_case(ty))?;
        let spec = TypeSpec(vec![model::lifted::TypeId(t as u32)]);
        Some(self.task.objects_of(&spec).into_iter().map(|o| o.0).collect())
    }

    /// Whether every object of `ty` is declared with exactly `ty` among its types.
    pub fn exact_type(&self, ty: &str) -> Option<bool> {
        let d = &self.task.domain;
        let t = d.types.iter().position(|t| d.name(t.name).eq_ignore_ascii_case(ty))?;
        let objs = self.objects_of(ty)?;
        Some(objs.iter().all(|&o| self.task.objects[o as usize].ty.0.iter().any(|x| x.index() == t)))
    }

    pub fn predicate(&self, p: &str) -> Option<(u32, usize)> {
        self.predicates.get(p).copied()
    }

    pub fn is_static(&self, p: u32) -> bool {
        !self.fluent[p as usize]
    }

    pub fn object_name(&self, o: u32) -> &str {
        self.task.domain.name(self.task.objects[o as usize].name)
    }
}

/// The positive atoms of a conjunctive goal without variables; `None` otherwise.
fn goal_atoms(c: &Condition) -> Option<FxHashSet<(u32, Vec<u32>)>> {
    let mut out = FxHashSet::default();
    for l in c.literals()? {
        match l {
            Condition::Atom { positive: true, atom } => {
                let args = atom
                    .args
                    .iter()
                    .map(|a| match a {
                        model::lifted::Arg::Object(ObjectId(o)) => Some(*o),
                        model::lifted::Arg::Var(_) => None,
                    })
                    .collect::<Option<Vec<u32>>>()?;
                out.insert((atom.predicate.0, args));
            }
            _ => return None,
        }
    }
    Some(out)
}

/// A definition compiled against a task.
pub struct Program {
    value: Node,
    dead_end: Option<Node>,
    atoms: Vec<AtomTable>,
    pub tables: Vec<DistTable>,
    /// Objects of the task (the dense atom tables' radix).
    nobjects: usize,
    obj_slots: usize,
    nats: usize,
    memos: usize,
    /// The bucketings the [`Domain::Inverse`] binders read (set by [`Program::specialize`]).
    inverses: Vec<InverseFields>,
    /// The tables of the [`Node::Table`] subexpressions.
    statics: Vec<StaticTable>,
}

/// Why a definition does not compile against a task (a certificate failure: the task lacks a
/// name the heuristic uses, or a table's checked property fails).
#[derive(Clone, Debug, PartialEq)]
pub struct CompileError(pub String);

struct Compiler<'v, 'a> {
    view: &'v TaskView<'a>,
    objs: Vec<String>,
    max_objs: usize,
    nats: Vec<String>,
    max_nats: usize,
    atom_index: FxHashMap<(u8, u32), u32>,
    atoms: Vec<AtomTable>,
    tables: Vec<DistTable>,
    /// The memoized subexpressions (see [`shared_terms`] and [`Node::Memo`]), in canonical form,
    /// each with its first memo entry.
    shared: Vec<(Shared, u32)>,
    /// Set while compiling the root of a binder's filter (cleared by the first node compiled).
    in_filter: bool,
    /// Set while compiling the body of a repeated fold's memo.
    in_exact_memo: bool,
    /// Per object slot in scope (parallel to `objs`): the objects of its binder's type.
    obj_lists: Vec<Vec<u32>>,
    /// Whether open subexpressions that read no state are tabulated ([`Node::Table`]): in the
    /// heuristic's value and dead-end test, not in checks and relations evaluated once.
    tabulate: bool,
    /// Set while compiling a subexpression that runs only at load (a static filter, a closed
    /// expression folded to a constant): no table inside it.
    in_table: bool,
    statics: Vec<StaticTable>,
    /// What the tables may still cost to fill, in [`work`] units ([`TABLES_FILL_WORK`] in all).
    fill_budget: u64,
}

impl Program {
    pub fn compile(def: &Definition, view: &TaskView) -> Result<Program, CompileError> {
        let mut c = Compiler::new(view);
        c.tabulate = true;
        for t in &def.tables {
            let mut pairs = Vec::new();
            for r in &t.relations {
                pairs.extend(relation_pairs(view, &t.name, &t.ty, r)?);
            }
            let table = match &t.index {
                _ if t.push.as_ref().is_some_and(|p| p.targets.len() == 2) => pair_push_distance_table(view, t)?,
                _ if t.push.is_some() => push_distance_table(view, t)?,
                None => distance_table_with(view, &t.name, &t.edges, &pairs, &t.ty, t.exact)?,
                Some(_) if !pairs.is_empty() => {
                    return Err(CompileError(format!(
                        "table `{}`: `where` edges are for `distance` tables, not `distance-by`",
                        t.name
                    )));
                }
                Some(ix) => distance_table_by(view, &t.name, &t.edges, ix, &t.ty, t.exact)?,
            };
            c.tables.push(table);
        }
        let table_names: Vec<String> = def.tables.iter().map(|t| t.name.clone()).collect();
        let mut entries = 0u32;
        for sh in shared_terms(std::iter::once(&def.value).chain(def.dead_end.as_ref())) {
            let n = if sh.free { view.task.objects.len() as u32 } else { 1 };
            c.shared.push((sh, entries));
            entries += n;
        }
        let value = c.node(&def.value, &table_names)?;
        let dead_end = def.dead_end.as_ref().map(|d| c.node(d, &table_names)).transpose()?;
        Ok(Program {
            value,
            dead_end,
            atoms: c.atoms,
            tables: c.tables,
            nobjects: view.task.objects.len(),
            obj_slots: c.max_objs,
            nats: c.max_nats,
            memos: entries as usize,
            inverses: Vec::new(),
            statics: c.statics,
        })
    }

    /// Compiles a check (no state reads) and evaluates it.
    pub fn check(expr: &Expr, view: &TaskView) -> Result<bool, CompileError> {
        Ok(TaskRelation::new(view, &[], expr)?.holds(&[]))
    }

    pub fn env(&self) -> Env {
        Env::new(self)
    }

    /// h(s): `None` (infinity) where the dead-end test holds.
    #[inline]
    pub fn evaluate(&self, s: &State, layout: &Layout, env: &mut Env) -> Option<u64> {
        // A new generation makes every memo entry stale at once.
        env.generation += 1;
        if env.inverse.len() < self.inverses.len() {
            env.inverse.resize_with(self.inverses.len(), Buckets::default);
        }
        if let Some(d) = &self.dead_end
            && self.bool(d, s, layout, env)
        {
            return None;
        }
        Some(self.nat(&self.value, s, layout, env))
    }

    #[inline]
    fn term(t: CTerm, env: &Env) -> u32 {
        match t {
            CTerm::Var(v) => env.objs[v as usize],
            CTerm::Obj(o) => o,
        }
    }

    /// The values of a key atom's arguments other than the binder's (at `pos`), and how many.
    #[inline]
    fn other_args(args: &[CTerm], pos: usize, env: &Env) -> ([u32; 8], usize) {
        let mut key = [0u32; 8];
        let mut k = 0;
        for (i, a) in args.iter().enumerate() {
            if i != pos {
                key[k] = Self::term(*a, env);
                k += 1;
            }
        }
        (key, k)
    }

    fn domain<'p>(&'p self, d: &'p Domain, env: &Env) -> &'p [u32] {
        match d {
            Domain::Fixed(v) | Domain::Filtered(v, _) | Domain::Field(v, ..) | Domain::Inverse(v, ..) => v,
            Domain::Indexed(outer, lists) => &lists[env.objs[*outer as usize] as usize],
            Domain::Indexed2(ix) => {
                let i = ix.pos[0][env.objs[ix.slots[0] as usize] as usize];
                let j = ix.pos[1][env.objs[ix.slots[1] as usize] as usize];
                if i == u32::MAX || j == u32::MAX { &[] } else { &ix.lists[i as usize * ix.stride + j as usize] }
            }
        }
    }

    /// Runs `f` on each object of the binder's domain (filter applied) until it returns false.
    #[inline]
    fn each(&self, b: &CBinder, s: &State, l: &Layout, env: &mut Env, f: &mut impl FnMut(&Self, &mut Env) -> bool) {
        if let Domain::Field(_, filter, ix) = &b.domain {
            let (key, k) = Self::other_args(&ix.args, ix.pos, env);
            let found = match &ix.groups1 {
                Some(g) => g[key[0] as usize],
                None => ix.groups.get(&key[..k]).copied(),
            };
            let Some((field, group)) = found else { return };
            let Some(atom) = l.field_atom(s, field) else { return };
            match ix.atom.get(atom as usize) {
                Some(&(g, o)) if g == group => {
                    env.objs[b.slot as usize] = o;
                    if ix.alone || self.test(filter, s, l, env) {
                        f(self, env);
                    }
                }
                _ => {}
            }
            return;
        }
        if let Domain::Inverse(_, filter, ix) = &b.domain {
            let (key, k) = Self::other_args(&ix.args, ix.pos, env);
            // No atom of the key predicate has these other arguments: no object passes.
            let bucket = match &ix.groups1 {
                Some(g) => g[key[0] as usize],
                None => ix.groups.get(&key[..k]).copied().unwrap_or(u32::MAX),
            };
            if bucket == u32::MAX {
                return;
            }
            if env.inverse[ix.slot].generation != env.generation {
                self.fill(ix.slot, s, l, env);
            }
            let (from, to) = {
                let bk = &env.inverse[ix.slot];
                (bk.start[bucket as usize] as usize, bk.start[bucket as usize + 1] as usize)
            };
            for j in from..to {
                env.objs[b.slot as usize] = env.inverse[ix.slot].items[j];
                if (ix.alone || self.test(filter, s, l, env)) && !f(self, env) {
                    break;
                }
            }
            return;
        }
        let list = self.domain(&b.domain, env);
        if let Domain::Filtered(_, filter) = &b.domain {
            for &o in list {
                env.objs[b.slot as usize] = o;
                if self.test(filter, s, l, env) && !f(self, env) {
                    break;
                }
            }
        } else {
            for &o in list {
                env.objs[b.slot as usize] = o;
                if !f(self, env) {
                    break;
                }
            }
        }
    }

    /// Buckets the objects of inverse slot `slot` by the atom their field holds in `s` (a
    /// counting sort, list order kept within a bucket).
    fn fill(&self, slot: usize, s: &State, l: &Layout, env: &mut Env) {
        let inv = &self.inverses[slot];
        let bk = &mut env.inverse[slot];
        bk.keys.clear();
        bk.start.clear();
        bk.start.resize(inv.buckets + 1, 0);
        for (j, field) in inv.fields.iter().enumerate() {
            let key = match field.and_then(|f| l.field_atom(s, f)) {
                Some(a) => match inv.atom.get(a as usize) {
                    Some(&(k, o)) if k != u32::MAX && o == inv.key.2[j] => k,
                    _ => u32::MAX,
                },
                None => u32::MAX,
            };
            bk.keys.push(key);
            if key != u32::MAX {
                bk.start[key as usize + 1] += 1;
            }
        }
        for k in 0..inv.buckets {
            bk.start[k + 1] += bk.start[k];
        }
        bk.items.clear();
        bk.items.resize(bk.start[inv.buckets] as usize, 0);
        // `start[k]` serves as bucket k's cursor, then is put back.
        for (j, &key) in bk.keys.iter().enumerate() {
            if key != u32::MAX {
                bk.items[bk.start[key as usize] as usize] = inv.key.2[j];
                bk.start[key as usize] += 1;
            }
        }
        for k in (1..=inv.buckets).rev() {
            bk.start[k] = bk.start[k - 1];
        }
        bk.start[0] = 0;
        bk.generation = env.generation;
    }

    fn nat(&self, n: &Node, s: &State, l: &Layout, env: &mut Env) -> u64 {
        match n {
            Node::Num(k) => *k,
            Node::NatVar(v) => env.nats[*v as usize],
            Node::Add(v) => v.iter().fold(0u64, |a, x| a.saturating_add(self.nat(x, s, l, env))),
            Node::Sub(a, b) => self.nat(a, s, l, env).saturating_sub(self.nat(b, s, l, env)),
            Node::Mul(a, b) => self.nat(a, s, l, env).saturating_mul(self.nat(b, s, l, env)),
            Node::Max(v) => v.iter().fold(0u64, |a, x| a.max(self.nat(x, s, l, env))),
            Node::Min(v) => v.iter().fold(u64::MAX, |a, x| a.min(self.nat(x, s, l, env))),
            Node::If(c, a, b) => {
                if self.test(c, s, l, env) {
                    self.nat(a, s, l, env)
                } else {
                    self.nat(b, s, l, env)
                }
            }
            Node::Let(slot, e, body) => {
                let v = self.nat(e, s, l, env);
                env.nats[*slot as usize] = v;
                self.nat(body, s, l, env)
            }
            Node::Fold(fold, b, body) => {
                let mut acc = 0u64;
                match fold {
                    Fold::Sum => self.each(b, s, l, env, &mut |p, env| {
                        acc = acc.saturating_add(p.nat(body, s, l, env));
                        true
                    }),
                    Fold::Count => self.each(b, s, l, env, &mut |p, env| {
                        acc += p.test(body, s, l, env) as u64;
                        true
                    }),
                    Fold::MaxOver => self.each(b, s, l, env, &mut |p, env| {
                        acc = acc.max(p.nat(body, s, l, env));
                        true
                    }),
                    Fold::Exists | Fold::Forall => unreachable!("Boolean folds are checked by the parser"),
                }
                acc
            }
            Node::MinOver(b, body, empty) => {
                let mut acc: Option<u64> = None;
                self.each(b, s, l, env, &mut |p, env| {
                    let v = p.nat(body, s, l, env);
                    acc = Some(acc.map_or(v, |a| a.min(v)));
                    v != 0
                });
                match acc {
                    Some(v) => v,
                    None => self.nat(empty, s, l, env),
                }
            }
            Node::Dist(t, a, b) => self.tables[*t as usize].get(Self::term(*a, env), Self::term(*b, env)),
            Node::DistBy(t, i, a, b) => {
                self.tables[*t as usize].get_by(Self::term(*i, env), Self::term(*a, env), Self::term(*b, env))
            }
            Node::DistPair(t, v) => {
                let [x1, x2, y, t1, t2] = v.map(|x| Self::term(x, env));
                self.tables[*t as usize].distance_pair(x1, x2, y, t1, t2).unwrap_or(0)
            }
            Node::Cap(t) => self.tables[*t as usize].cap as u64,
            Node::Memo(base, var, false, x) => {
                let i = *base as usize + var.map_or(0, |v| env.objs[v as usize] as usize);
                match env.memo[i] {
                    (g, v) if g == env.generation => v,
                    _ => {
                        let v = self.nat(x, s, l, env);
                        env.memo[i] = (env.generation, v);
                        v
                    }
                }
            }
            Node::Table(t, x) => match self.lookup(*t, env) {
                Some(v) => v,
                None => self.nat(x, s, l, env),
            },
            _ => unreachable!("sorts are checked by the parser"),
        }
    }

    /// A [`Node::Table`]'s entry for the current values of its variables (`None` where one holds
    /// an object outside its type, which a binder never binds).
    #[inline]
    fn lookup(&self, t: u32, env: &Env) -> Option<u64> {
        let table = &self.statics[t as usize];
        let mut i = 0usize;
        for (slot, pos, stride) in &table.vars {
            let p = *pos.get(env.objs[*slot as usize] as usize)?;
            if p == u32::MAX {
                return None;
            }
            i += p as usize * stride;
        }
        table.values.get(i).copied()
    }

    fn bool(&self, n: &Node, s: &State, l: &Layout, env: &mut Env) -> bool {
        match n {
            Node::Bool(b) => *b,
            Node::And(v) => v.iter().all(|x| self.test(x, s, l, env)),
            Node::Or(v) => v.iter().any(|x| self.test(x, s, l, env)),
            Node::Not(x) => !self.test(x, s, l, env),
            Node::Eq(a, b) => Self::term(*a, env) == Self::term(*b, env),
            Node::Less(a, b) => self.nat(a, s, l, env) < self.nat(b, s, l, env),
            Node::LessEq(a, b) => self.nat(a, s, l, env) <= self.nat(b, s, l, env),
            Node::Let(slot, e, body) => {
                let v = self.nat(e, s, l, env);
                env.nats[*slot as usize] = v;
                self.bool(body, s, l, env)
            }
            Node::Fold(Fold::Exists, b, body) => {
                let mut found = false;
                self.each(b, s, l, env, &mut |p, env| {
                    found = p.test(body, s, l, env);
                    !found
                });
                found
            }
            Node::Fold(Fold::Forall, b, body) => {
                let mut all = true;
                self.each(b, s, l, env, &mut |p, env| {
                    all = p.test(body, s, l, env);
                    all
                });
                all
            }
            Node::Atom(t, args) => self.atom(*t, args, s, l, env),
            Node::Memo(base, var, true, x) => {
                let i = *base as usize + var.map_or(0, |v| env.objs[v as usize] as usize);
                match env.memo[i] {
                    (g, v) if g == env.generation => v != 0,
                    _ => {
                        let v = self.test(x, s, l, env);
                        env.memo[i] = (env.generation, v as u64);
                        v
                    }
                }
            }
            Node::Table(t, x) => match self.lookup(*t, env) {
                Some(v) => v != 0,
                None => self.bool(x, s, l, env),
            },
            _ => unreachable!("sorts are checked by the parser"),
        }
    }

    /// A condition, with atom tests (most of the nodes a heuristic evaluates) inline rather than
    /// through [`Program::bool`]'s full match.
    #[inline(always)]
    fn test(&self, n: &Node, s: &State, l: &Layout, env: &mut Env) -> bool {
        match n {
            Node::Atom(t, args) => self.atom(*t, args, s, l, env),
            Node::Not(x) => !self.test(x, s, l, env),
            _ => self.bool(n, s, l, env),
        }
    }

    #[inline(always)]
    fn atom(&self, t: u32, args: &[CTerm], s: &State, l: &Layout, env: &Env) -> bool {
        let table = &self.atoms[t as usize];
        if let Some(p) = &table.probes {
            return p[self.dense_index(args, env)].holds(s);
        }
        let code = match &table.dense {
            Some(d) => d[self.dense_index(args, env)],
            None => match &table.sparse {
                Sparse::Packed(m) => {
                    *m.get(&pack(args.iter().map(|a| Self::term(*a, env)), self.nobjects)).unwrap_or(&FALSE)
                }
                Sparse::Tuples(m) => {
                    // No allocation: a `Vec` key is looked up by slice.
                    let mut buf = [0u32; 8];
                    let code = if args.len() <= buf.len() {
                        for (i, a) in args.iter().enumerate() {
                            buf[i] = Self::term(*a, env);
                        }
                        m.get(&buf[..args.len()])
                    } else {
                        let key: Vec<u32> = args.iter().map(|a| Self::term(*a, env)).collect();
                        m.get(&key)
                    };
                    *code.unwrap_or(&FALSE)
                }
            },
        };
        match code {
            FALSE => false,
            TRUE => true,
            a => l.holds(s, a),
        }
    }

    /// The index of an atom's arguments in a dense table (radix: the number of objects).
    #[inline(always)]
    fn dense_index(&self, args: &[CTerm], env: &Env) -> usize {
        let n = self.objs_total();
        match args {
            [a] => Self::term(*a, env) as usize,
            [a, b] => Self::term(*a, env) as usize * n + Self::term(*b, env) as usize,
            _ => args.iter().fold(0usize, |i, a| i * n + Self::term(*a, env) as usize),
        }
    }

    fn objs_total(&self) -> usize {
        self.nobjects
    }
}

struct Specializer<'p> {
    atoms: &'p [AtomTable],
    nobjects: usize,
    layout: &'p Layout,
    done: std::cell::Cell<Specialized>,
    inverses: std::cell::RefCell<Vec<InverseFields>>,
}

/// How many binders [`Program::specialize`] gave a field read ([`Domain::Field`]) and how many
/// buckets ([`Domain::Inverse`]), and how many atom tables it gave [`Probe`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Specialized {
    pub fields: usize,
    pub inverses: usize,
    /// Atom tables that test the packed state directly ([`Probe`]s).
    pub probes: usize,
}

impl std::ops::AddAssign for Specialized {
    fn add_assign(&mut self, o: Specialized) {
        self.fields += o.fields;
        self.inverses += o.inverses;
        self.probes += o.probes;
    }
}

impl Specializer<'_> {
    fn node(&self, n: &mut Node) {
        match n {
            Node::Fold(fold, b, body) => {
                self.binder(b);
                self.node(body);
                if matches!(fold, Fold::Exists | Fold::Count) {
                    self.absorb(b, body);
                }
            }
            Node::MinOver(b, body, empty) => {
                self.binder(b);
                self.node(body);
                self.node(empty);
            }
            _ => n.children_mut(&mut |x| self.node(x)),
        }
    }

    fn binder(&self, b: &mut CBinder) {
        let Domain::Filtered(list, filter) = &mut b.domain else { return };
        self.node(filter);
        let Some(ix) = self.find(filter, b.slot, list) else { return };
        let Domain::Filtered(list, filter) = std::mem::replace(&mut b.domain, Domain::Fixed(Vec::new())) else {
            unreachable!("matched above")
        };
        b.domain = self.specialized(list, filter, ix);
    }

    /// A field index for the filter if it has one, else buckets if it has those.
    fn find(&self, filter: &Node, slot: u16, list: &[u32]) -> Option<Result<FieldIndex, InverseIndex>> {
        match self.index(filter, slot, list) {
            Some(ix) => Some(Ok(ix)),
            None => self.inverse(filter, slot, list).map(Err),
        }
    }

    /// The domain that reads `found`, counted.
    fn specialized(&self, list: Vec<u32>, filter: Box<Node>, found: Result<FieldIndex, InverseIndex>) -> Domain {
        let alone = matches!(*filter, Node::Atom(..));
        let mut d = self.done.get();
        let domain = match found {
            Ok(mut ix) => {
                ix.alone = alone;
                d.fields += 1;
                Domain::Field(list, filter, Box::new(ix))
            }
            Err(mut ix) => {
                ix.alone = alone;
                d.inverses += 1;
                Domain::Inverse(list, filter, Box::new(ix))
            }
        };
        self.done.set(d);
        domain
    }

    /// `exists` or `count` over a domain of a body that is (or has as a conjunct) an atom test a
    /// field answers, such as blocksworld's `(exists (?y object ...) (holds (on ?x ?y)))`: the
    /// body joins the filter and the body becomes `true`, which for these two folds is the same
    /// (an object counts, or witnesses, exactly when it passes both), and the field then names
    /// the only candidate.
    ///
    /// The same for a body an inverse index answers (`(exists (?c car) (and (holds (at ?c ?l))
    /// ..))` inside a loop over `?l`): the binder then walks the bucket of `?l`.
    fn absorb(&self, b: &mut CBinder, body: &mut Box<Node>) {
        let list = match &b.domain {
            Domain::Fixed(l) | Domain::Filtered(l, _) => l,
            _ => return,
        };
        let Some(found) = self.find(body, b.slot, list) else { return };
        let body = std::mem::replace(body.as_mut(), Node::Bool(true));
        let (list, filter) = match std::mem::replace(&mut b.domain, Domain::Fixed(Vec::new())) {
            Domain::Fixed(l) => (l, body),
            Domain::Filtered(l, f) => (l, Node::And(vec![body, *f])),
            _ => unreachable!("matched above"),
        };
        b.domain = self.specialized(list, Box::new(filter), found);
    }

    /// The inverse index of a filter, when one of its atom conjuncts qualifies (see
    /// [`Program::specialize`]).
    fn inverse(&self, filter: &Node, slot: u16, list: &[u32]) -> Option<InverseIndex> {
        conjunct_index(filter, |t, args| self.inverse_atom(t, args, slot, list))
    }

    /// The inverse index of one conjunct: an atom test with the binder's variable once and an
    /// outer variable among the other arguments (a loop inside a loop, where bucketing once per
    /// state pays), whose atoms lie, per object of the list, in one field.
    fn inverse_atom(&self, t: u32, args: &[CTerm], slot: u16, list: &[u32]) -> Option<InverseIndex> {
        if !self.atoms[t as usize].varies {
            return None;
        }
        let pos = binder_position(args, slot)?;
        if !args.iter().any(|a| matches!(a, CTerm::Var(v) if *v != slot)) {
            return None;
        }
        let mut index_of = vec![u32::MAX; self.nobjects];
        for (j, &o) in list.iter().enumerate() {
            if index_of[o as usize] != u32::MAX {
                return None;
            }
            index_of[o as usize] = j as u32;
        }
        let mut groups: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut fields: Vec<Option<FieldId>> = vec![None; list.len()];
        let mut atom: Vec<(u32, u32)> = Vec::new();
        let mut ok = true;
        self.atoms[t as usize].entries(self.nobjects, &mut |tuple, code| {
            let j = index_of[tuple[pos] as usize];
            if !ok || j == u32::MAX || code == FALSE {
                return;
            }
            if code == TRUE {
                ok = false;
                return;
            }
            let field = self.layout.field_of(code);
            match fields[j as usize] {
                Some(f) => ok = f == field,
                None => fields[j as usize] = Some(field),
            }
            let mut key = tuple.to_vec();
            key.remove(pos);
            let next = groups.len() as u32;
            let g = *groups.entry(key).or_insert(next);
            if atom.len() <= code as usize {
                atom.resize(code as usize + 1, (u32::MAX, 0));
            }
            atom[code as usize] = (g, tuple[pos]);
        });
        if !ok {
            return None;
        }
        let groups1 = (args.len() == 2).then(|| {
            let mut by = vec![u32::MAX; self.nobjects];
            groups.iter().for_each(|(k, &g)| by[k[0] as usize] = g);
            by
        });
        let mut inverses = self.inverses.borrow_mut();
        let key = (t, pos, list.to_vec());
        let slot = match inverses.iter().position(|i| i.key == key) {
            Some(i) => i,
            None => {
                inverses.push(InverseFields { key, fields, atom, buckets: groups.len() });
                inverses.len() - 1
            }
        };
        Some(InverseIndex { args: args.to_vec(), pos, groups, groups1, alone: false, slot })
    }

    /// The field index of a filter, when its key atom qualifies (see [`Program::specialize`]).
    fn index(&self, filter: &Node, slot: u16, list: &[u32]) -> Option<FieldIndex> {
        conjunct_index(filter, |t, args| self.index_atom(t, args, slot, list))
    }

    /// The field index of one conjunct, an atom test with the binder's variable once.
    fn index_atom(&self, t: u32, args: &[CTerm], slot: u16, list: &[u32]) -> Option<FieldIndex> {
        if !self.atoms[t as usize].varies {
            return None;
        }
        let pos = binder_position(args, slot)?;
        let mut member = vec![false; self.nobjects];
        list.iter().for_each(|&o| member[o as usize] = true);
        let mut ix = FieldIndex {
            args: args.to_vec(),
            pos,
            groups: FxHashMap::default(),
            groups1: None,
            atom: Vec::new(),
            alone: false,
        };
        let mut ok = true;
        self.atoms[t as usize].entries(self.nobjects, &mut |tuple, code| {
            if !ok || !member[tuple[pos] as usize] || code == FALSE {
                return;
            }
            if code == TRUE {
                ok = false;
                return;
            }
            let field = self.layout.field_of(code);
            let mut key = tuple.to_vec();
            key.remove(pos);
            let next = ix.groups.len() as u32;
            let &mut (f, g) = ix.groups.entry(key).or_insert((field, next));
            ok = f == field;
            if ix.atom.len() <= code as usize {
                ix.atom.resize(code as usize + 1, (u32::MAX, 0));
            }
            ix.atom[code as usize] = (g, tuple[pos]);
        });
        match args.len() {
            // No other argument: `other_args` leaves 0 at index 0.
            1 => ix.groups1 = Some(vec![ix.groups.get(&[][..]).copied()]),
            2 => {
                let mut by = vec![None; self.nobjects];
                ix.groups.iter().for_each(|(k, &v)| by[k[0] as usize] = Some(v));
                ix.groups1 = Some(by);
            }
            _ => {}
        }
        ok.then_some(ix)
    }
}

/// The first index `f` gives for an atom test that is the filter or one of its conjuncts.
fn conjunct_index<T>(filter: &Node, mut f: impl FnMut(u32, &[CTerm]) -> Option<T>) -> Option<T> {
    match filter {
        Node::Atom(t, args) => f(*t, args),
        Node::And(v) => v.iter().find_map(|c| match c {
            Node::Atom(t, args) => f(*t, args),
            _ => None,
        }),
        _ => None,
    }
}

/// Where the binder's variable (slot `slot`) is among an atom's arguments, when it is there
/// exactly once and the others fit the evaluator's key buffer (at most 8).
fn binder_position(args: &[CTerm], slot: u16) -> Option<usize> {
    let mut at = args.iter().enumerate().filter(|(_, a)| matches!(a, CTerm::Var(v) if *v == slot));
    let (pos, _) = at.next()?;
    (at.next().is_none() && args.len() <= 9).then_some(pos)
}

/// Variable slots of one evaluation.
pub struct Env {
    objs: Vec<u32>,
    nats: Vec<u64>,
    /// The values of the shared folds ([`Node::Memo`]), each with the generation (the
    /// evaluation) that computed it: those of an older generation are stale.
    memo: Vec<(u64, u64)>,
    generation: u64,
    /// The buckets of the [`Domain::Inverse`] binders in the state being evaluated.
    inverse: Vec<Buckets>,
}

impl Env {
    fn new(p: &Program) -> Env {
        Env {
            objs: vec![0; p.objs_slots()],
            nats: vec![0; p.nats.max(1)],
            memo: vec![(0, 0); p.memos],
            generation: 0,
            inverse: Vec::new(),
        }
    }
}

impl Program {
    /// The same program with every shared fold ([`Node::Memo`]) computed where it occurs: the
    /// plain evaluator that the tests compare the shared one with.
    pub fn unshared(mut self) -> Program {
        fn strip(n: &mut Node) {
            if let Node::Memo(.., x) | Node::Table(_, x) = n {
                *n = std::mem::replace(x.as_mut(), Node::Num(0));
                return strip(n);
            }
            if let Node::Fold(_, b, _) | Node::MinOver(b, ..) = n
                && let Domain::Filtered(_, f) | Domain::Field(_, f, _) | Domain::Inverse(_, f, _) = &mut b.domain
            {
                strip(f);
            }
            n.children_mut(&mut strip);
        }
        strip(&mut self.value);
        if let Some(d) = &mut self.dead_end {
            strip(d);
        }
        self.memos = 0;
        self.statics.clear();
        self
    }

    /// Specializes the per-state filters to the packing of the states it will evaluate: a filter
    /// `(?x T (holds (P .. ?x ..)))`, or an `and` with such a test among its conjuncts, whose atoms for
    /// each value of the other arguments lie in one field of `layout` (a mutex group, such as
    /// where a truck is), reads that field instead of testing the atom of every object of `T`.
    /// Values do not change: the candidate still passes the whole filter, and the other objects
    /// fail that conjunct (their atoms share the field with the true one, so are false).
    ///
    /// A per-state filter inside an outer loop whose conjunct `(holds (P .. ?x ..))` reads an outer
    /// variable, and whose atoms lie per object `?x` in one field (where each car is, for a loop
    /// over locations), buckets the objects by their field's atom once per state and walks only
    /// the bucket of the outer values: the same objects pass, as an object's atom holds exactly
    /// when its field holds that atom.
    ///
    /// Dense atom tables get, per tuple, the word, shift, mask and value of its atom in `layout`
    /// ([`Probe`]), so a test skips the layout's table.
    pub fn specialize(&mut self, layout: &Layout) -> Specialized {
        let Program { value, dead_end, atoms, nobjects, inverses, .. } = self;
        let sp = Specializer {
            atoms,
            nobjects: *nobjects,
            layout,
            done: std::cell::Cell::new(Specialized::default()),
            inverses: std::cell::RefCell::new(std::mem::take(inverses)),
        };
        sp.node(value);
        if let Some(d) = dead_end {
            sp.node(d);
        }
        *inverses = sp.inverses.into_inner();
        let mut done = sp.done.get();
        for table in atoms.iter_mut() {
            table.probes = match &table.dense {
                Some(d) if d.len() <= PROBE_LIMIT => d.iter().map(|&code| Probe::of(code, layout)).collect(),
                _ => None,
            };
            done.probes += table.probes.is_some() as usize;
        }
        done
    }

    fn objs_slots(&self) -> usize {
        self.obj_slots.max(1)
    }

    /// How many subexpressions are looked up in tables filled at load ([`Node::Table`]).
    pub fn static_tables(&self) -> usize {
        self.statics.len()
    }

    /// How many distinct subexpressions are memoized ([`Node::Memo`], see [`shared_terms`]).
    pub fn memoized(&self) -> usize {
        fn bases(n: &Node, out: &mut FxHashSet<u32>) {
            if let Node::Memo(base, ..) = n {
                out.insert(*base);
            }
            if let Node::Fold(_, b, _) | Node::MinOver(b, ..) = n
                && let Domain::Filtered(_, f) | Domain::Field(_, f, _) | Domain::Inverse(_, f, _) = &b.domain
            {
                bases(f, out);
            }
            let mut children: Vec<&Node> = Vec::new();
            match n {
                Node::Add(v) | Node::Max(v) | Node::Min(v) | Node::And(v) | Node::Or(v) => children.extend(v),
                Node::Sub(a, b) | Node::Mul(a, b) | Node::Less(a, b) | Node::LessEq(a, b) | Node::Let(_, a, b) => {
                    children.extend([&**a, &**b])
                }
                Node::If(c, a, b) => children.extend([&**c, &**a, &**b]),
                Node::Not(x) | Node::Memo(.., x) | Node::Table(_, x) | Node::Fold(_, _, x) => children.push(x),
                Node::MinOver(_, body, empty) => children.extend([&**body, &**empty]),
                _ => {}
            }
            children.into_iter().for_each(|c| bases(c, out));
        }
        let mut out = FxHashSet::default();
        bases(&self.value, &mut out);
        if let Some(d) = &self.dead_end {
            bases(d, &mut out);
        }
        out.len()
    }
}

impl<'v, 'a> Compiler<'v, 'a> {
    fn new(view: &'v TaskView<'a>) -> Compiler<'v, 'a> {
        Compiler {
            view,
            objs: Vec::new(),
            max_objs: 0,
            nats: Vec::new(),
            max_nats: 0,
            atom_index: FxHashMap::default(),
            atoms: Vec::new(),
            tables: Vec::new(),
            shared: Vec::new(),
            in_filter: false,
            in_exact_memo: false,
            obj_lists: Vec::new(),
            tabulate: false,
            in_table: false,
            statics: Vec::new(),
            fill_budget: TABLES_FILL_WORK,
        }
    }

    /// A program over the atom, distance and static tables compiled so far (taken from the compiler:
    /// [`Compiler::restore`] gives them back), to evaluate a static expression at load.
    fn scratch(&mut self) -> Program {
        Program {
            value: Node::Num(0),
            dead_end: None,
            atoms: std::mem::take(&mut self.atoms),
            tables: std::mem::take(&mut self.tables),
            nobjects: self.view.task.objects.len(),
            obj_slots: self.max_objs,
            nats: self.max_nats,
            memos: 0,
            inverses: Vec::new(),
            statics: std::mem::take(&mut self.statics),
        }
    }

    /// Runs `f` with tables off where `off` (and as before otherwise): for what is evaluated only
    /// at load.
    fn without_tables<T>(&mut self, off: bool, f: impl FnOnce(&mut Self) -> T) -> T {
        let in_table = self.in_table;
        self.in_table |= off;
        let r = f(self);
        self.in_table = in_table;
        r
    }

    fn restore(&mut self, prog: Program) {
        self.atoms = prog.atoms;
        self.tables = prog.tables;
        self.statics = prog.statics;
    }

    fn slot(&self, v: &str) -> u16 {
        self.objs.iter().rposition(|x| x == v).expect("the parser checked scopes") as u16
    }

    fn term(&self, t: &Term) -> Result<CTerm, CompileError> {
        Ok(match t {
            Term::Var(v) => CTerm::Var(self.slot(v)),
            Term::Object(o) => match self.view.objects.get(o.as_str()) {
                Some(&id) => CTerm::Obj(id),
                None => return Err(CompileError(format!("the task has no object `{o}`"))),
            },
        })
    }

    fn atom_table(&mut self, src: Source, pred: &str, arity: usize) -> Result<u32, CompileError> {
        let Some((p, n)) = self.view.predicate(pred) else {
            return Err(CompileError(format!("the domain has no predicate `{pred}`")));
        };
        if n != arity {
            return Err(CompileError(format!("`{pred}` takes {n} arguments, not {arity}")));
        }
        if src == Source::Static && !self.view.is_static(p) {
            return Err(CompileError(format!("`(static ({pred} ...))`: some action changes `{pred}`")));
        }
        let key = (src as u8, p);
        if let Some(&i) = self.atom_index.get(&key) {
            return Ok(i);
        }
        let v = self.view;
        // The true tuples of this source, with their codes.
        let mut entries: Vec<(Vec<u32>, u32)> = Vec::new();
        match src {
            Source::Init | Source::Static => {
                entries.extend(v.init.iter().filter(|a| a.0 == p).map(|a| (a.1.clone(), TRUE)));
            }
            Source::Goal => {
                if let Some(g) = &v.goal {
                    entries.extend(g.iter().filter(|a| a.0 == p).map(|a| (a.1.clone(), TRUE)));
                }
            }
            Source::Holds => {
                if v.is_static(p) {
                    entries.extend(v.init.iter().filter(|a| a.0 == p).map(|a| (a.1.clone(), TRUE)));
                } else {
                    // Atoms of the ground task live in the state; the rest of a fluent predicate
                    // is false in every state the search meets (unreachable, or pruned away with
                    // the parts of the task that cannot matter for the goal).
                    entries.extend(v.ground_atoms.iter().filter(|a| a.0.0 == p).map(|a| (a.0.1.clone(), *a.1)));
                }
            }
        }
        let nobj = v.task.objects.len();
        let size = (0..arity).try_fold(1usize, |acc, _| acc.checked_mul(nobj));
        let varies = entries.iter().any(|&(_, code)| code != TRUE && code != FALSE);
        let mut table =
            AtomTable { arity, dense: None, sparse: Sparse::Tuples(FxHashMap::default()), probes: None, varies };
        match size {
            Some(sz) if sz <= DENSE_LIMIT => {
                let mut d = vec![FALSE; sz.max(1)];
                for (args, code) in entries {
                    d[pack(args.iter().copied(), nobj) as usize] = code;
                }
                table.dense = Some(d);
            }
            _ => table.sparse = Sparse::new(entries, arity, nobj),
        }
        debug_assert!(table.arity == arity);
        self.atoms.push(table);
        let i = self.atoms.len() as u32 - 1;
        self.atom_index.insert(key, i);
        Ok(i)
    }

    fn binder(&mut self, b: &Binder, tables: &[String]) -> Result<CBinder, CompileError> {
        let Some(list) = self.view.objects_of(&b.ty) else {
            return Err(CompileError(format!("the domain has no type `{}`", b.ty)));
        };
        self.objs.push(b.var.clone());
        self.obj_lists.push(list.clone());
        self.max_objs = self.max_objs.max(self.objs.len());
        let slot = self.objs.len() as u16 - 1;
        let domain = match &b.filter {
            None => Domain::Fixed(list),
            Some(f) => {
                let mut outer: Vec<u16> = Vec::new();
                let mut uses_nats = false;
                f.walk(&mut |e| uses_nats |= matches!(e, Expr::NatVar(_)));
                free_vars(f, &mut vec![b.var.clone()], &mut |v| {
                    let s = self.objs.iter().rposition(|x| x == v).expect("scoped") as u16;
                    if s != slot && !outer.contains(&s) {
                        outer.push(s);
                    }
                });
                // Two outer variables: lists per pair where there are few pairs (see PAIR_LISTS).
                let pairs = match outer[..] {
                    [a, c] => self.obj_lists[a as usize].len().checked_mul(self.obj_lists[c as usize].len()),
                    _ => None,
                };
                // A static filter with a key atom is filled from the task's atoms (see
                // `key_tuples`), not by trying every object for every pair.
                let names: Vec<String> = outer.iter().map(|&o| self.objs[o as usize].clone()).collect();
                let keyed = if f.reads_state() || uses_nats || outer.is_empty() || outer.len() > 2 {
                    None
                } else {
                    let want: Vec<&str> =
                        std::iter::once(b.var.as_str()).chain(names.iter().map(|n| n.as_str())).collect();
                    key_tuples(self.view, f, &want)
                };
                let paired = pairs
                    .is_some_and(|n| n <= PAIR_LISTS && (keyed.is_some() || n.saturating_mul(list.len()) <= PAIR_FILL));
                let per_state = f.reads_state() || uses_nats || outer.len() > 2 || (outer.len() == 2 && !paired);
                // The filter's root is not memoized as a loop-repeated expression:
                // `Program::specialize` reads its conjuncts. A static filter runs only here, at
                // load: nothing in it is tabulated.
                self.in_filter = true;
                let node = self.without_tables(!per_state, |c| c.node(f, tables))?;
                if per_state {
                    let list = self.prefilter(f, list, slot, tables)?;
                    Domain::Filtered(list, Box::new(node))
                } else {
                    // Static: evaluate once per value of the outer variable (if any).
                    let prog = self.scratch();
                    let mut env = Env::new(&prog);
                    let layout = Layout::binary(0);
                    let filtered = |env: &mut Env| -> Vec<u32> {
                        list.iter()
                            .copied()
                            .filter(|&o| {
                                env.objs[slot as usize] = o;
                                prog.bool(&node, &[], &layout, env)
                            })
                            .collect()
                    };
                    let nobjects = self.view.task.objects.len();
                    let at = positions(&list, nobjects);
                    // A list of key-atom candidates, in `list` order, filtered.
                    let keep = |cands: &mut Vec<u32>, env: &mut Env| {
                        cands.retain(|&o| at[o as usize] != u32::MAX);
                        cands.sort_unstable_by_key(|&o| at[o as usize]);
                        cands.dedup();
                        cands.retain(|&o| {
                            env.objs[slot as usize] = o;
                            prog.bool(&node, &[], &layout, env)
                        });
                    };
                    let d = match outer[..] {
                        [] => Domain::Fixed(filtered(&mut env)),
                        [o] => {
                            let per = match &keyed {
                                Some(tuples) => {
                                    let mut per = vec![Vec::new(); nobjects];
                                    for t in tuples {
                                        per[t[1] as usize].push(t[0]);
                                    }
                                    for (x, cands) in per.iter_mut().enumerate() {
                                        env.objs[o as usize] = x as u32;
                                        keep(cands, &mut env);
                                    }
                                    per
                                }
                                None => (0..nobjects as u32)
                                    .map(|x| {
                                        env.objs[o as usize] = x;
                                        filtered(&mut env)
                                    })
                                    .collect(),
                            };
                            Domain::Indexed(o, per)
                        }
                        _ => {
                            let (a, c) = (outer[0], outer[1]);
                            let (la, lc) = (&self.obj_lists[a as usize], &self.obj_lists[c as usize]);
                            let mut lists = Vec::with_capacity(la.len() * lc.len());
                            match &keyed {
                                Some(tuples) => {
                                    let (pa, pc) = (positions(la, nobjects), positions(lc, nobjects));
                                    lists.resize(la.len() * lc.len(), Vec::new());
                                    for t in tuples {
                                        let (i, j) = (pa[t[1] as usize], pc[t[2] as usize]);
                                        if i != u32::MAX && j != u32::MAX {
                                            lists[i as usize * lc.len() + j as usize].push(t[0]);
                                        }
                                    }
                                    for (i, &x) in la.iter().enumerate() {
                                        for (j, &y) in lc.iter().enumerate() {
                                            env.objs[a as usize] = x;
                                            env.objs[c as usize] = y;
                                            keep(&mut lists[i * lc.len() + j], &mut env);
                                        }
                                    }
                                }
                                None => {
                                    for &x in la {
                                        for &y in lc {
                                            env.objs[a as usize] = x;
                                            env.objs[c as usize] = y;
                                            lists.push(filtered(&mut env));
                                        }
                                    }
                                }
                            }
                            Domain::Indexed2(Box::new(PairIndex {
                                slots: [a, c],
                                pos: [positions(la, nobjects), positions(lc, nobjects)],
                                stride: lc.len(),
                                lists,
                            }))
                        }
                    };
                    self.restore(prog);
                    d
                }
            }
        };
        Ok(CBinder { slot, domain })
    }

    /// A speed-up only (the whole filter still runs per state): the conjuncts of a per-state
    /// filter `(and ...)` that read neither the state, nor `let` numbers, nor outer variables are
    /// applied to the object list once, at load.
    fn prefilter(&mut self, f: &Expr, list: Vec<u32>, slot: u16, tables: &[String]) -> Result<Vec<u32>, CompileError> {
        let Expr::And(parts) = f else { return Ok(list) };
        let fixed: Vec<Expr> = parts
            .iter()
            .filter(|p| {
                let mut uses_nats = false;
                p.walk(&mut |e| uses_nats |= matches!(e, Expr::NatVar(_)));
                let mut outer = false;
                free_vars(p, &mut Vec::new(), &mut |v| {
                    outer |= self.objs.iter().rposition(|x| x == v).expect("scoped") as u16 != slot;
                });
                !p.reads_state() && !uses_nats && !outer
            })
            .cloned()
            .collect();
        if fixed.is_empty() {
            return Ok(list);
        }
        // Evaluated here only: nothing in it is tabulated.
        let node = self.without_tables(true, |c| c.node(&Expr::And(fixed), tables))?;
        let prog = self.scratch();
        let mut env = Env::new(&prog);
        let layout = Layout::binary(0);
        let kept = list
            .into_iter()
            .filter(|&o| {
                env.objs[slot as usize] = o;
                prog.bool(&node, &[], &layout, &mut env)
            })
            .collect();
        self.restore(prog);
        Ok(kept)
    }

    /// Compiles an expression; a closed subexpression that reads no state (no `holds`, no free
    /// variable, no `let` name) is evaluated once here, at load, and becomes a constant: a static
    /// condition such as a shape check of the task costs nothing per state.
    ///
    /// An open subexpression that reads no state, but is worth a table, becomes a
    /// [`Node::Table`] (see [`Compiler::tabulable`]).
    fn node(&mut self, e: &Expr, tables: &[String]) -> Result<Node, CompileError> {
        if let Some(vars) = self.tabulable(e) {
            // Its parts get their own tables first: they are filled before this one and make
            // its fill cheap (sokoban's walk to a box's next push reads the table of what each
            // push leaves, 16 entries per entry instead of a loop of loops). Where this table is
            // too large, they serve the search instead.
            let n = self.node_inner(e, tables)?;
            return Ok(match self.tabulated(&n, &vars, is_boolean(e)) {
                Some(t) => Node::Table(t, Box::new(n)),
                None => n,
            });
        }
        let fold = foldable(e);
        // A closed expression is evaluated here, once: no table inside it.
        let n = self.without_tables(fold, |c| c.node_inner(e, tables))?;
        if matches!(n, Node::Num(_) | Node::Bool(_)) || !fold {
            return Ok(n);
        }
        let prog = self.scratch();
        let mut env = Env::new(&prog);
        let layout = Layout::binary(0);
        let folded = if is_boolean(e) {
            Node::Bool(prog.bool(&n, &[], &layout, &mut env))
        } else {
            Node::Num(prog.nat(&n, &[], &layout, &mut env))
        };
        self.restore(prog);
        Ok(folded)
    }

    /// The slots of the free variables of `e` if a table of its values may replace it: `e` reads
    /// no state and no `let` name, has one to three free variables and a loop in it (a table
    /// lookup costs about one atom test; [`Compiler::tabulated`] decides with the task's sizes).
    /// Rovers' "the nearest waypoint from which rover ?r at ?w can talk to the lander" is one,
    /// asked per state for every unmet goal.
    fn tabulable(&self, e: &Expr) -> Option<Vec<u16>> {
        if !self.tabulate || self.in_table || state_free(e) != Some(true) {
            return None;
        }
        let mut vars: Vec<u16> = Vec::new();
        free_vars(e, &mut Vec::new(), &mut |v| {
            let s = self.objs.iter().rposition(|x| x == v).expect("scoped") as u16;
            if !vars.contains(&s) {
                vars.push(s);
            }
        });
        if !(1..=3).contains(&vars.len()) {
            return None;
        }
        // Too many entries is known before compiling: no table is tried.
        let entries = vars.iter().try_fold(1usize, |a, &v| a.checked_mul(self.obj_lists[v as usize].len()))?;
        (entries <= TABLE_ENTRIES && entries as u64 <= self.fill_budget).then_some(vars)
    }

    /// Fills the table of `n` over the types of the variables in `vars` and returns its number,
    /// unless the table would be too large, too slow to fill, or not worth a lookup.
    fn tabulated(&mut self, n: &Node, vars: &[u16], boolean: bool) -> Option<u32> {
        let lists: Vec<Vec<u32>> = vars.iter().map(|&v| self.obj_lists[v as usize].clone()).collect();
        let entries = lists.iter().try_fold(1usize, |a, l| a.checked_mul(l.len()))?;
        let w = work(n);
        let fill = (entries as u64).saturating_mul(w);
        if w < TABLE_WORK || entries > TABLE_ENTRIES || fill > TABLE_FILL_WORK || fill > self.fill_budget {
            return None;
        }
        self.fill_budget -= fill;
        let nobjects = self.view.task.objects.len();
        let mut table = StaticTable { vars: Vec::new(), values: Vec::with_capacity(entries) };
        let mut stride = entries;
        for (&slot, list) in vars.iter().zip(&lists) {
            stride /= list.len().max(1);
            table.vars.push((slot, positions(list, nobjects), stride));
        }
        let prog = self.scratch();
        let mut env = Env::new(&prog);
        let layout = Layout::binary(0);
        // The tuples in the table's order: the last variable varies fastest.
        let mut at = vec![0usize; lists.len()];
        for _ in 0..entries {
            for (k, &slot) in vars.iter().enumerate() {
                env.objs[slot as usize] = lists[k][at[k]];
            }
            let v =
                if boolean { prog.bool(n, &[], &layout, &mut env) as u64 } else { prog.nat(n, &[], &layout, &mut env) };
            table.values.push(v);
            for k in (0..at.len()).rev() {
                at[k] += 1;
                if at[k] < lists[k].len() {
                    break;
                }
                at[k] = 0;
            }
        }
        self.restore(prog);
        self.statics.push(table);
        Some(self.statics.len() as u32 - 1)
    }

    fn node_inner(&mut self, e: &Expr, tables: &[String]) -> Result<Node, CompileError> {
        let filter_root = std::mem::take(&mut self.in_filter);
        if !self.shared.is_empty()
            && let Some(free) = candidate(e)
        {
            // A repeated fold inside another one is not memoized again: the outer memo already
            // runs it once per value of the outer variable (spanner's carried-spanner test inside
            // its shared count of carried spanners ran 4 % more instructions memoized twice).
            let exact = match self.in_exact_memo {
                false => self.shared.iter().find(|x| matches!(&x.0.key, Key::Exact(t) if t == e)),
                true => None,
            };
            // The canonical form is built only where a loop-repeated condition could match.
            let looped = match exact {
                None if !filter_root && self.shared.iter().any(|x| matches!(x.0.key, Key::Canonical(_))) => {
                    let key = Key::Canonical(canonical(e, free.as_deref()));
                    self.shared.iter().find(|x| x.0.key == key)
                }
                _ => None,
            };
            if let Some(&(_, base)) = exact.or(looped) {
                let is_exact = exact.is_some();
                let var = free.as_deref().map(|v| self.slot(v));
                let outer = self.in_exact_memo;
                self.in_exact_memo |= is_exact;
                let n = self.node_plain(e, tables);
                self.in_exact_memo = outer;
                let n = n?;
                if !is_exact && work(&n) < MEMO_WORK {
                    return Ok(n);
                }
                return Ok(Node::Memo(base, var, is_boolean(e), Box::new(n)));
            }
        }
        self.node_plain(e, tables)
    }

    fn node_plain(&mut self, e: &Expr, tables: &[String]) -> Result<Node, CompileError> {
        Ok(match e {
            Expr::Num(k) => Node::Num(*k),
            Expr::NatVar(v) => Node::NatVar(self.nats.iter().rposition(|x| x == v).expect("scoped") as u16),
            Expr::Op(op, v) => {
                let mut n = v.iter().map(|x| self.node(x, tables)).collect::<Result<Vec<_>, _>>()?;
                match op {
                    NatOp::Add => Node::Add(n),
                    NatOp::Max => Node::Max(n),
                    NatOp::Min => Node::Min(n),
                    NatOp::Sub | NatOp::Mul => {
                        let b = Box::new(n.pop().expect("binary"));
                        let a = Box::new(n.pop().expect("binary"));
                        if *op == NatOp::Sub { Node::Sub(a, b) } else { Node::Mul(a, b) }
                    }
                }
            }
            Expr::If(c, a, b) => Node::If(
                Box::new(self.node(c, tables)?),
                Box::new(self.node(a, tables)?),
                Box::new(self.node(b, tables)?),
            ),
            Expr::Let(name, x, body) => {
                let x = self.node(x, tables)?;
                self.nats.push(name.clone());
                self.max_nats = self.max_nats.max(self.nats.len());
                let slot = self.nats.len() as u16 - 1;
                let body = self.node(body, tables);
                self.nats.pop();
                Node::Let(slot, Box::new(x), Box::new(body?))
            }
            Expr::Fold(f, b, body) => {
                let cb = self.binder(b, tables)?;
                let body = self.node(body, tables);
                self.objs.pop();
                self.obj_lists.pop();
                Node::Fold(*f, cb, Box::new(body?))
            }
            Expr::MinOver(b, body, empty) => {
                let empty = self.node(empty, tables)?;
                let cb = self.binder(b, tables)?;
                let body = self.node(body, tables);
                self.objs.pop();
                self.obj_lists.pop();
                Node::MinOver(cb, Box::new(body?), Box::new(empty))
            }
            Expr::Dist(t, a, b) => {
                let i = tables.iter().position(|x| x == t).expect("the parser checked tables") as u16;
                Node::Dist(i, self.term(a)?, self.term(b)?)
            }
            Expr::DistBy(t, i, a, b) => {
                let k = tables.iter().position(|x| x == t).expect("the parser checked tables") as u16;
                Node::DistBy(k, self.term(i)?, self.term(a)?, self.term(b)?)
            }
            Expr::DistPair(t, v) => {
                let k = tables.iter().position(|x| x == t).expect("the parser checked tables") as u16;
                let [a, b, c, d, e] = &**v;
                Node::DistPair(k, Box::new([self.term(a)?, self.term(b)?, self.term(c)?, self.term(d)?, self.term(e)?]))
            }
            Expr::Cap(t) => Node::Cap(tables.iter().position(|x| x == t).expect("the parser checked tables") as u16),
            Expr::Bool(b) => Node::Bool(*b),
            Expr::And(v) => Node::And(cheap_first(v.iter().map(|x| self.node(x, tables)).collect::<Result<_, _>>()?)),
            Expr::Or(v) => Node::Or(cheap_first(v.iter().map(|x| self.node(x, tables)).collect::<Result<_, _>>()?)),
            Expr::Not(x) => Node::Not(Box::new(self.node(x, tables)?)),
            Expr::Eq(a, b) => Node::Eq(self.term(a)?, self.term(b)?),
            Expr::Less(a, b) => Node::Less(Box::new(self.node(a, tables)?), Box::new(self.node(b, tables)?)),
            Expr::LessEq(a, b) => Node::LessEq(Box::new(self.node(a, tables)?), Box::new(self.node(b, tables)?)),
            Expr::Atom(src, p, args) => {
                let t = self.atom_table(*src, p, args.len())?;
                Node::Atom(t, args.iter().map(|a| self.term(a)).collect::<Result<_, _>>()?)
            }
        })
    }
}

/// Whether an expression is closed and reads no state: no `holds`, no `let` name, no variable
/// bound outside it (and worth folding: a fold, an arithmetic or a Boolean connective).
fn foldable(e: &Expr) -> bool {
    state_free(e).is_some() && !has_free_var(e, &mut Vec::new())
}

/// For a fold, an arithmetic or a Boolean connective that reads neither the state (`holds`) nor a
/// `let` name, whether it has a loop in it (`None` for any other expression): the expressions
/// the compiler evaluates at load, folded when closed ([`foldable`]), tabulated when open
/// ([`Compiler::tabulable`]).
fn state_free(e: &Expr) -> Option<bool> {
    if !matches!(
        e,
        Expr::Fold(..) | Expr::MinOver(..) | Expr::Op(..) | Expr::If(..) | Expr::And(_) | Expr::Or(_) | Expr::Not(_)
    ) || e.reads_state()
    {
        return None;
    }
    let (mut loops, mut nats) = (false, false);
    e.walk(&mut |x| match x {
        Expr::Fold(..) | Expr::MinOver(..) => loops = true,
        Expr::NatVar(_) | Expr::Let(..) => nats = true,
        _ => {}
    });
    (!nats).then_some(loops)
}

/// Per object, its position in `list` (`u32::MAX` outside it): how a table or a
/// [`Domain::Indexed2`] finds a variable's entry.
fn positions(list: &[u32], nobjects: usize) -> Vec<u32> {
    let mut pos = vec![u32::MAX; nobjects];
    list.iter().enumerate().for_each(|(i, &o)| pos[o as usize] = i as u32);
    pos
}

/// The mean length of an indexed domain's lists, rounded up: its rounds in [`work`].
fn mean_len(ls: &[Vec<u32>]) -> u64 {
    ls.iter().map(|l| l.len() as u64).sum::<u64>().div_ceil(ls.len().max(1) as u64)
}

/// Whether a variable occurs outside the binders of `e` that bind it.
/// The operands of an `and` or `or`, cheapest first by [`cost`]: evaluation short-circuits, and
/// the operands are pure and total (a `let` or a quantifier binds its own slots before reading
/// them), so the order changes the work, never the value. Floortile's `(or (static (up ?t ?x))
/// (and (not FORCED) (static (down ?t ?x))))` then tests `down` before the quantifiers of FORCED.
fn cheap_first(mut v: Vec<Node>) -> Vec<Node> {
    v.sort_by_key(cost);
    v
}

/// A rough evaluation cost: constant-time nodes count 1, a loop as 16 times its body.
fn cost(n: &Node) -> u64 {
    match n {
        Node::Num(_) | Node::NatVar(_) | Node::Bool(_) | Node::Eq(..) | Node::Cap(_) => 1,
        Node::Dist(..) | Node::DistBy(..) | Node::DistPair(..) | Node::Atom(..) => 2,
        Node::Add(v) | Node::Max(v) | Node::Min(v) | Node::And(v) | Node::Or(v) => {
            v.iter().fold(1, |a, x| a.saturating_add(cost(x)))
        }
        Node::Sub(a, b) | Node::Mul(a, b) | Node::Less(a, b) | Node::LessEq(a, b) | Node::Let(_, a, b) => {
            cost(a).saturating_add(cost(b)).saturating_add(1)
        }
        Node::If(c, a, b) => cost(c).saturating_add(cost(a).max(cost(b))).saturating_add(1),
        Node::Not(x) | Node::Memo(.., x) => cost(x),
        Node::Table(..) => 3,
        Node::Fold(_, b, body) => cost(body).saturating_add(binder_cost(b)).saturating_mul(16),
        Node::MinOver(b, body, empty) => {
            cost(body).saturating_add(binder_cost(b)).saturating_mul(16).saturating_add(cost(empty))
        }
    }
}

fn binder_cost(b: &CBinder) -> u64 {
    match &b.domain {
        Domain::Fixed(_) | Domain::Indexed(..) | Domain::Indexed2(_) => 1,
        Domain::Filtered(_, f) | Domain::Field(_, f, _) | Domain::Inverse(_, f, _) => cost(f),
    }
}

/// The subexpressions worth computing once per state and value of their free variable (see
/// [`Node::Memo`]). Candidates read the state, use no `let` name and have at most one free
/// variable. Two kinds are kept:
/// - a fold whose text occurs more than once in `roots` (the value and the dead-end test often
///   share a count; satellite asks "some unmet image needs mode ?m" per instrument in three terms);
/// - a condition (`and`, `or`) with a fold or three atom tests in it, evaluated inside a loop
///   whose variable it does not read, so that without a memo every iteration of that loop
///   recomputes it with the same value (blocksworld's "x must move", asked of each block of a
///   goal tower in a loop over the blocks above it). It is matched up to the names of its
///   variables (blocksworld's detours ask it under other names), and memoized only where the
///   task's loop sizes make it worth a memo ([`MEMO_WORK`]).
///
/// Inside a kept condition the loops around it no longer repeat it (the memo runs it once per
/// value of its free variable), so only the loops inside it count there. Two wider rules were
/// measured with callgrind and dropped: matching repeated folds up to renaming as well
/// (floortile ran 5 % more instructions: its one-colour `exists` folds cost less than a memo),
/// and memoizing a repeated fold inside another one's memo (spanner, 4 % more).
fn shared_terms<'e>(roots: impl Iterator<Item = &'e Expr>) -> Vec<Shared> {
    fn visit(e: &Expr, scope: &[String], filter_root: bool, seen: &mut Vec<(Shared, usize)>) {
        let mut scope_here: Option<Vec<String>> = None;
        if let Some(free) = candidate(e) {
            if matches!(e, Expr::Fold(..) | Expr::MinOver(..)) {
                match seen.iter_mut().find(|(s, _)| matches!(&s.key, Key::Exact(t) if t == e)) {
                    Some((_, n)) => *n += 1,
                    None => seen.push((Shared { key: Key::Exact(e.clone()), free: free.is_some() }, 1)),
                }
            }
            // A filter's root stays plain: `Program::specialize` reads its conjuncts.
            let looped = !filter_root
                && matches!(e, Expr::And(_) | Expr::Or(_))
                && scope.len() > free.is_some() as usize
                && heavy(e);
            if looped {
                let key = Key::Canonical(canonical(e, free.as_deref()));
                if !seen.iter().any(|(s, _)| s.key == key) {
                    seen.push((Shared { key, free: free.is_some() }, 1));
                }
                scope_here = Some(free.into_iter().collect());
            }
        }
        let mut inner = scope_here.unwrap_or_else(|| scope.to_vec());
        let bound = |b: &Binder, scope: &mut Vec<String>, seen: &mut Vec<(Shared, usize)>, body: &[&Expr]| {
            scope.push(b.var.clone());
            if let Some(f) = &b.filter {
                visit(f, scope, true, seen);
            }
            body.iter().for_each(|x| visit(x, scope, false, seen));
            scope.pop();
        };
        match e {
            Expr::Op(_, v) | Expr::And(v) | Expr::Or(v) => v.iter().for_each(|x| visit(x, &inner, false, seen)),
            Expr::If(a, b, c) => [a, b, c].iter().for_each(|x| visit(x, &inner, false, seen)),
            Expr::Let(_, a, b) | Expr::Less(a, b) | Expr::LessEq(a, b) => {
                visit(a, &inner, false, seen);
                visit(b, &inner, false, seen)
            }
            Expr::Not(a) => visit(a, &inner, false, seen),
            Expr::Fold(_, b, body) => bound(b, &mut inner, seen, &[body]),
            Expr::MinOver(b, body, empty) => {
                visit(empty, &inner, false, seen);
                bound(b, &mut inner, seen, &[body])
            }
            _ => {}
        }
    }
    let mut seen = Vec::new();
    for r in roots {
        visit(r, &[], false, &mut seen);
    }
    seen.into_iter().filter(|(s, n)| matches!(s.key, Key::Canonical(_)) || *n > 1).map(|(s, _)| s).collect()
}

/// A subexpression to memoize (see [`shared_terms`]).
struct Shared {
    key: Key,
    free: bool,
}

/// How occurrences of a [`Shared`] expression are recognized.
#[derive(Debug, PartialEq)]
enum Key {
    /// The text of a fold that occurs more than once: memoized where that exact text occurs.
    Exact(Expr),
    /// The canonical form of a condition that a loop repeats: memoized wherever that form
    /// occurs, if the task's loop sizes make it worth a memo ([`MEMO_WORK`]).
    Canonical(Expr),
}

/// The work of one evaluation of `n`, in about the cost of an atom test, with the task's loop
/// sizes: a loop over a per-state filter that tests where its object is counts one round (the
/// specialization to the state packing reads that from a field).
fn work(n: &Node) -> u64 {
    let rounds = |b: &CBinder| -> (u64, u64) {
        match &b.domain {
            Domain::Fixed(l) => (l.len() as u64, 0),
            Domain::Indexed(_, ls) => (mean_len(ls), 0),
            Domain::Indexed2(ix) => (mean_len(&ix.lists), 0),
            Domain::Filtered(l, f) => {
                let located = conjunct_index(f, |_, args| {
                    args.iter().any(|a| matches!(a, CTerm::Var(v) if *v == b.slot)).then_some(())
                })
                .is_some();
                (if located { 1 } else { l.len() as u64 }, work(f))
            }
            Domain::Field(_, f, _) | Domain::Inverse(_, f, _) => (1, work(f)),
        }
    };
    match n {
        Node::Num(_) | Node::NatVar(_) | Node::Bool(_) | Node::Eq(..) | Node::Cap(_) => 0,
        Node::Dist(..) | Node::DistBy(..) | Node::DistPair(..) | Node::Atom(..) | Node::Memo(..) | Node::Table(..) => 1,
        Node::Add(v) | Node::Max(v) | Node::Min(v) | Node::And(v) | Node::Or(v) => v.iter().map(work).sum(),
        Node::Sub(a, b) | Node::Mul(a, b) | Node::Less(a, b) | Node::LessEq(a, b) | Node::Let(_, a, b) => {
            work(a) + work(b)
        }
        Node::If(c, a, b) => work(c) + work(a).max(work(b)),
        Node::Not(x) => work(x),
        Node::Fold(_, b, body) => {
            let (k, f) = rounds(b);
            k.saturating_mul(work(body) + f)
        }
        Node::MinOver(b, body, empty) => {
            let (k, f) = rounds(b);
            k.saturating_mul(work(body) + f) + work(empty)
        }
    }
}

/// The least [`work`] for which a condition that a loop repeats is memoized: a lookup costs about
/// one atom test, and below this a memo saves less than it costs.
const MEMO_WORK: u64 = 4;

/// The free variable of `e` (`Some(None)` when it has none) if `e` may be memoized: a compound
/// expression that reads the state, uses no `let` name and has at most one free variable.
fn candidate(e: &Expr) -> Option<Option<String>> {
    if !matches!(
        e,
        Expr::Fold(..) | Expr::MinOver(..) | Expr::Op(..) | Expr::If(..) | Expr::And(_) | Expr::Or(_) | Expr::Not(_)
    ) {
        return None;
    }
    let mut uses_nats = false;
    e.walk(&mut |x| uses_nats |= matches!(x, Expr::NatVar(_) | Expr::Let(..)));
    if uses_nats || !e.reads_state() {
        return None;
    }
    let mut free: Vec<String> = Vec::new();
    free_vars(e, &mut Vec::new(), &mut |v| {
        if !free.iter().any(|x| x == v) {
            free.push(v.to_string())
        }
    });
    (free.len() <= 1).then(|| free.pop())
}

/// Whether a condition may be worth a memo: it has a fold or three atom tests of the state in it
/// (a memo lookup costs about what one atom test does).
fn heavy(e: &Expr) -> bool {
    let (mut folds, mut atoms) = (0, 0);
    e.walk(&mut |x| match x {
        Expr::Fold(..) | Expr::MinOver(..) => folds += 1,
        Expr::Atom(Source::Holds, ..) => atoms += 1,
        _ => {}
    });
    folds > 0 || atoms >= 3
}

/// `e` with its bound variables renamed by nesting depth (`#0`, `#1`, ...) and its free variable
/// `free` renamed `#`: two occurrences that differ only in the names of their variables have the
/// same canonical form, and one memo serves both.
fn canonical(e: &Expr, free: Option<&str>) -> Expr {
    fn rename(t: &Term, names: &[(String, String)]) -> Term {
        match t {
            Term::Var(v) => match names.iter().rev().find(|(old, _)| old == v) {
                Some((_, new)) => Term::Var(new.clone()),
                None => t.clone(),
            },
            Term::Object(_) => t.clone(),
        }
    }
    fn go(e: &Expr, names: &mut Vec<(String, String)>) -> Expr {
        let binder = |b: &Binder, names: &mut Vec<(String, String)>| {
            names.push((b.var.clone(), format!("#{}", names.len())));
            Binder {
                var: names.last().expect("pushed").1.clone(),
                ty: b.ty.clone(),
                filter: b.filter.as_ref().map(|f| Box::new(go(f, names))),
            }
        };
        let all = |v: &[Expr], names: &mut Vec<(String, String)>| v.iter().map(|x| go(x, names)).collect();
        let boxed = |x: &Expr, names: &mut Vec<(String, String)>| Box::new(go(x, names));
        match e {
            Expr::Num(_) | Expr::NatVar(_) | Expr::Cap(_) | Expr::Bool(_) => e.clone(),
            Expr::Op(op, v) => Expr::Op(*op, all(v, names)),
            Expr::And(v) => Expr::And(all(v, names)),
            Expr::Or(v) => Expr::Or(all(v, names)),
            Expr::If(a, b, c) => Expr::If(boxed(a, names), boxed(b, names), boxed(c, names)),
            Expr::Let(n, a, b) => Expr::Let(n.clone(), boxed(a, names), boxed(b, names)),
            Expr::Less(a, b) => Expr::Less(boxed(a, names), boxed(b, names)),
            Expr::LessEq(a, b) => Expr::LessEq(boxed(a, names), boxed(b, names)),
            Expr::Not(a) => Expr::Not(boxed(a, names)),
            Expr::Fold(f, b, body) => {
                let b = binder(b, names);
                let body = boxed(body, names);
                names.pop();
                Expr::Fold(*f, b, body)
            }
            Expr::MinOver(b, body, empty) => {
                let empty = boxed(empty, names);
                let b = binder(b, names);
                let body = boxed(body, names);
                names.pop();
                Expr::MinOver(b, body, empty)
            }
            Expr::Dist(t, a, b) => Expr::Dist(t.clone(), rename(a, names), rename(b, names)),
            Expr::DistBy(t, i, a, b) => Expr::DistBy(t.clone(), rename(i, names), rename(a, names), rename(b, names)),
            Expr::DistPair(t, v) => Expr::DistPair(t.clone(), Box::new(v.clone().map(|x| rename(&x, names)))),
            Expr::Eq(a, b) => Expr::Eq(rename(a, names), rename(b, names)),
            Expr::Atom(src, p, args) => Expr::Atom(*src, p.clone(), args.iter().map(|t| rename(t, names)).collect()),
        }
    }
    let mut names: Vec<(String, String)> = free.map(|v| (v.to_string(), "#".to_string())).into_iter().collect();
    go(e, &mut names)
}

fn has_free_var(e: &Expr, bound: &mut Vec<String>) -> bool {
    let mut found = false;
    free_vars(e, bound, &mut |_| found = true);
    found
}

/// Calls `f` on each occurrence of a variable outside the binders of `e` that bind it (`bound`:
/// the names in scope), respecting shadowing.
fn free_vars(e: &Expr, bound: &mut Vec<String>, f: &mut dyn FnMut(&str)) {
    let term = |t: &Term, bound: &[String], f: &mut dyn FnMut(&str)| {
        if let Term::Var(v) = t
            && !bound.contains(v)
        {
            f(v)
        }
    };
    let scoped = |b: &Binder, body: &Expr, bound: &mut Vec<String>, f: &mut dyn FnMut(&str)| {
        bound.push(b.var.clone());
        if let Some(x) = &b.filter {
            free_vars(x, bound, f);
        }
        free_vars(body, bound, f);
        bound.pop();
    };
    match e {
        Expr::Num(_) | Expr::NatVar(_) | Expr::Cap(_) | Expr::Bool(_) => {}
        Expr::Op(_, v) | Expr::And(v) | Expr::Or(v) => v.iter().for_each(|x| free_vars(x, bound, f)),
        Expr::If(a, b, c) => [a, b, c].iter().for_each(|x| free_vars(x, bound, f)),
        Expr::Let(_, a, b) | Expr::Less(a, b) | Expr::LessEq(a, b) => {
            free_vars(a, bound, f);
            free_vars(b, bound, f)
        }
        Expr::Not(a) => free_vars(a, bound, f),
        Expr::Fold(_, b, body) => scoped(b, body, bound, f),
        Expr::MinOver(b, body, empty) => {
            free_vars(empty, bound, f);
            scoped(b, body, bound, f)
        }
        Expr::Dist(_, a, b) | Expr::Eq(a, b) => [a, b].iter().for_each(|x| term(x, bound, f)),
        Expr::DistBy(_, i, a, b) => [i, a, b].iter().for_each(|x| term(x, bound, f)),
        Expr::DistPair(_, v) => v.iter().for_each(|x| term(x, bound, f)),
        Expr::Atom(_, _, args) => args.iter().for_each(|x| term(x, bound, f)),
    }
}

/// The sort of an expression: Boolean or natural number.
fn is_boolean(e: &Expr) -> bool {
    match e {
        Expr::Bool(_)
        | Expr::And(_)
        | Expr::Or(_)
        | Expr::Not(_)
        | Expr::Eq(..)
        | Expr::Less(..)
        | Expr::LessEq(..)
        | Expr::Atom(..) => true,
        Expr::Fold(f, ..) => matches!(f, Fold::Exists | Fold::Forall),
        Expr::Let(_, _, body) => is_boolean(body),
        _ => false,
    }
}

/// An atom that every assignment satisfying `f` makes true: a conjunct of `f` (through `and` and
/// `exists`) `(static (P ...))` or `(init (P ...))` whose arguments are objects, the variables
/// `want` (each at least once), or variables of an `exists` around it (any object). Its name and
/// arguments.
fn key_atom<'e>(f: &'e Expr, want: &[&str], bound: &mut Vec<&'e str>) -> Option<(&'e str, &'e [Term])> {
    match f {
        Expr::Atom(Source::Static | Source::Init, pred, args) => {
            let fits = args.iter().all(|t| match t {
                Term::Object(_) => true,
                Term::Var(v) => want.contains(&v.as_str()) || bound.contains(&v.as_str()),
            });
            let covers = want.iter().all(|w| args.iter().any(|t| matches!(t, Term::Var(v) if v == w)));
            (fits && covers).then_some((pred.as_str(), args.as_slice()))
        }
        Expr::And(parts) => parts.iter().find_map(|p| key_atom(p, want, bound)),
        Expr::Fold(Fold::Exists, b, body) => {
            // A variable of `want` shadowed inside is another variable there.
            if want.contains(&b.var.as_str()) {
                return None;
            }
            bound.push(&b.var);
            let found = key_atom(body, want, bound);
            bound.pop();
            found
        }
        _ => None,
    }
}

/// The values of `want` (in its order) in the initial atoms that match `f`'s [`key_atom`],
/// deduplicated and sorted: a superset of the values for which `f` holds, read from the task's
/// atoms rather than found by trying every tuple of objects. `None` where `f` has no key atom.
fn key_tuples(view: &TaskView, f: &Expr, want: &[&str]) -> Option<Vec<Vec<u32>>> {
    let (pred, args) = key_atom(f, want, &mut Vec::new())?;
    let (p, arity) = view.predicate(pred)?;
    if arity != args.len() {
        return None;
    }
    // Per argument: the object it must be, or the position in `want` it binds (u32::MAX: any).
    let mut pattern = Vec::with_capacity(args.len());
    for t in args {
        pattern.push(match t {
            Term::Object(o) => Ok(*view.objects.get(o.as_str())?),
            Term::Var(v) => Err(want.iter().position(|w| w == v).map_or(u32::MAX, |i| i as u32)),
        });
    }
    let mut out = Vec::new();
    let mut vals = vec![u32::MAX; want.len()];
    'atoms: for (q, xs) in &view.init {
        if *q != p {
            continue;
        }
        vals.iter_mut().for_each(|v| *v = u32::MAX);
        for (pat, &x) in pattern.iter().zip(xs) {
            match *pat {
                Ok(o) if o != x => continue 'atoms,
                Err(i) if i != u32::MAX => {
                    let v = &mut vals[i as usize];
                    if *v != u32::MAX && *v != x {
                        continue 'atoms;
                    }
                    *v = x;
                }
                _ => {}
            }
        }
        out.push(vals.clone());
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}

/// The object pairs `(a, b)` of type `ty` where a table's edge relation holds (evaluated once, at
/// load; the parser made sure it reads no state).
pub fn relation_pairs(
    view: &TaskView,
    table: &str,
    ty: &str,
    r: &crate::lang::Relation,
) -> Result<Vec<(u32, u32)>, CompileError> {
    let Some(nodes) = view.objects_of(ty) else {
        return Err(CompileError(format!("table `{table}`: the domain has no type `{ty}`")));
    };
    let mut rel =
        TaskRelation::new(view, &[r.from.as_str(), r.to.as_str()], &r.expr).map_err(|e| in_table(table, e))?;
    let mut holds = |a: u32, b: u32| rel.holds(&[a, b]);
    // The pairs of an atom the relation needs, where it has one (sokoban hard p01, 60x60: 8,154
    // adjacency atoms against 13 million pairs of squares); every pair otherwise.
    if let Some(tuples) = key_tuples(view, &r.expr, &[r.from.as_str(), r.to.as_str()]) {
        let pos = positions(&nodes, view.task.objects.len());
        let mut out: Vec<(u32, u32)> = tuples
            .into_iter()
            .map(|t| (t[0], t[1]))
            .filter(|&(a, b)| pos[a as usize] != u32::MAX && pos[b as usize] != u32::MAX && holds(a, b))
            .collect();
        out.sort_unstable_by_key(|&(a, b)| (pos[a as usize], pos[b as usize]));
        return Ok(out);
    }
    let mut out = Vec::new();
    for &a in &nodes {
        for &b in &nodes {
            if holds(a, b) {
                out.push((a, b));
            }
        }
    }
    Ok(out)
}

/// A Boolean expression over the task (no state) with free object variables, compiled once and
/// tested per tuple of objects: a table's edge relation, or a check (no variables).
struct TaskRelation {
    program: Program,
    node: Node,
    env: Env,
}

impl TaskRelation {
    fn new(view: &TaskView, vars: &[&str], expr: &Expr) -> Result<TaskRelation, CompileError> {
        let mut c = Compiler::new(view);
        c.objs = vars.iter().map(|v| v.to_string()).collect();
        c.max_objs = vars.len();
        let node = c.node(expr, &[])?;
        let program = Program {
            value: Node::Num(0),
            dead_end: None,
            atoms: c.atoms,
            tables: Vec::new(),
            nobjects: view.task.objects.len(),
            obj_slots: c.max_objs,
            nats: c.max_nats,
            memos: 0,
            inverses: Vec::new(),
            statics: Vec::new(),
        };
        let env = Env::new(&program);
        Ok(TaskRelation { program, node, env })
    }

    fn holds(&mut self, args: &[u32]) -> bool {
        self.env.objs[..args.len()].copy_from_slice(args);
        self.program.bool(&self.node, &[], &Layout::binary(0), &mut self.env)
    }
}

/// A `push-distance` table holds at most this many entries (32 MiB): targets past it get no
/// column and read 0, which the checked properties allow (sokoban hard p01, 3,600 squares: one
/// column of 13 million entries; easy tasks: 169 squares, 28,561 entries a target).
const PUSH_TABLE_ENTRIES: usize = 1 << 23;

/// A `push-distance` table's graph: walk edges, and pushes r -> a -> b along walk edges where
/// `push` holds, with their pushers per push a -> b. Its nodes are the positions of the type's
/// objects, or with `compact` only the objects some walk edge touches (a two-object table's
/// columns grow with the cube of the nodes).
struct PushGraph {
    /// Object id to position in the table's type (`u32::MAX` outside it), and the type's size.
    pos: Vec<u32>,
    n_type: usize,
    /// The nodes' objects, by node number.
    nodes: Vec<u32>,
    walk: Vec<(u32, u32)>,
    pred: Vec<Vec<u32>>,
    pushes: Vec<(u32, u32, u32)>,
    pushers: FxHashMap<(u32, u32), Vec<u32>>,
}

impl PushGraph {
    fn new(view: &TaskView, t: &crate::lang::Table, compact: bool) -> Result<PushGraph, CompileError> {
        let p = t.push.as_ref().expect("a push-distance table");
        let name = t.name.as_str();
        let (pos, n_type) = type_positions(view, name, &t.ty)?;
        let objects = view.objects_of(&t.ty).expect("checked by type_positions");
        let mut walk: Vec<(u32, u32)> = relation_pairs(view, name, &t.ty, &p.walk)?
            .into_iter()
            .map(|(a, b)| (pos[a as usize], pos[b as usize]))
            .collect();
        let nodes = if compact {
            let mut node_of = vec![u32::MAX; n_type];
            let mut nodes: Vec<u32> = Vec::new();
            for e in &mut walk {
                for x in [&mut e.0, &mut e.1] {
                    if node_of[*x as usize] == u32::MAX {
                        node_of[*x as usize] = nodes.len() as u32;
                        nodes.push(objects[*x as usize]);
                    }
                    *x = node_of[*x as usize];
                }
            }
            nodes
        } else {
            objects
        };
        let n = nodes.len();
        let mut succ: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut pred: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &(a, b) in &walk {
            succ[a as usize].push(b);
            pred[b as usize].push(a);
        }
        let vars: Vec<&str> = p.vars.iter().map(String::as_str).collect();
        let mut push = TaskRelation::new(view, &vars, &p.push).map_err(|e| in_table(name, e))?;
        let mut pushes: Vec<(u32, u32, u32)> = Vec::new();
        for &(r, a) in &walk {
            for &b in &succ[a as usize] {
                if push.holds(&[nodes[r as usize], nodes[a as usize], nodes[b as usize]]) {
                    pushes.push((r, a, b));
                }
            }
        }
        let mut pushers: FxHashMap<(u32, u32), Vec<u32>> = FxHashMap::default();
        for &(r, a, b) in &pushes {
            pushers.entry((a, b)).or_default().push(r);
        }
        Ok(PushGraph { pos, n_type, nodes, walk, pred, pushes, pushers })
    }
}

/// A table's compile error, named after the table.
fn in_table(name: &str, e: CompileError) -> CompileError {
    CompileError(format!("table `{name}`: {}", e.0))
}

/// A `push-distance` table (see [`crate::lang::Push`]): per target t (where `to` holds, while
/// the table has room), BFS backwards from the nodes (t, y) over the pairs' graph, cap `n * n`.
/// Checked after the fill, whatever computed it, as the printed wf states: a column is 0 at every
/// (t, y); an agent's step y -> y' (a walk edge, y' != x) lowers an entry by at most 1; a push
/// r -> a -> b, from (a, r) to (b, a), lowers it by at most 1. A target without a column reads 0
/// everywhere, which has the same properties.
fn push_distance_table(view: &TaskView, t: &crate::lang::Table) -> Result<DistTable, CompileError> {
    let p = t.push.as_ref().expect("a push-distance table");
    let name = t.name.as_str();
    let PushGraph { pos, n_type: n, nodes, walk, pred, pushes, pushers } = PushGraph::new(view, t, false)?;
    let mut to = TaskRelation::new(view, &[p.targets[0].as_str()], &p.to).map_err(|e| in_table(name, e))?;
    let mut columns = vec![u32::MAX; view.task.objects.len()];
    let (nn, cap) = (n * n, (n * n) as u32);
    let mut dist: Vec<u32> = Vec::new();
    let mut queue = std::collections::VecDeque::new();
    for (tp, &target) in nodes.iter().enumerate() {
        if dist.len() + nn > PUSH_TABLE_ENTRIES || !to.holds(&[target]) {
            continue;
        }
        columns[target as usize] = (dist.len() / nn.max(1)) as u32;
        let base = dist.len();
        dist.resize(base + nn, cap);
        let col = &mut dist[base..];
        queue.clear();
        for y in 0..n {
            col[tp * n + y] = 0;
            queue.push_back((tp as u32, y as u32));
        }
        while let Some((x, y)) = queue.pop_front() {
            let d = col[x as usize * n + y as usize] + 1;
            // Steps into y from y0 (the object stays on x, the agent was not on it).
            if x != y {
                for &y0 in &pred[y as usize] {
                    let e = &mut col[x as usize * n + y0 as usize];
                    if *e == cap {
                        *e = d;
                        queue.push_back((x, y0));
                    }
                }
            }
            // Pushes that end here: the object went a = y -> b = x, the agent from r to a.
            if let Some(rs) = pushers.get(&(y, x)) {
                for &r in rs {
                    let e = &mut col[y as usize * n + r as usize];
                    if *e == cap {
                        *e = d;
                        queue.push_back((y, r));
                    }
                }
            }
        }
    }
    // The checked properties.
    let bad = |what: &str| Err(CompileError(format!("table `{name}`: {what}")));
    for k in 0..dist.len() / nn.max(1) {
        let col = &dist[k * nn..(k + 1) * nn];
        let tp = pos[*nodes.iter().find(|&&o| columns[o as usize] == k as u32).expect("a column's target") as usize]
            as usize;
        if col[tp * n..(tp + 1) * n].iter().any(|&d| d != 0) {
            return bad("nonzero at its target");
        }
        if col.iter().any(|&d| d > cap) {
            return bad("an entry above the cap");
        }
        for &(y, y1) in &walk {
            for x in (0..n as u32).filter(|&x| x != y1) {
                if col[(x * n as u32 + y) as usize] > col[(x * n as u32 + y1) as usize].saturating_add(1) {
                    return bad("a step's consistency fails");
                }
            }
        }
        for &(r, a, b) in &pushes {
            if col[a as usize * n + r as usize] > col[b as usize * n + a as usize].saturating_add(1) {
                return bad("a push's consistency fails");
            }
        }
    }
    Ok(DistTable { name: name.into(), pos, n, dist, cap, index: Vec::new(), columns: Some(columns), pairs: None })
}

/// A two-object `push-distance` table's entries are at most this many, as the one-object kind's.
const PAIR_TABLE_ENTRIES: usize = PUSH_TABLE_ENTRIES;

/// A two-object `push-distance` table (see [`crate::lang::Push`] and [`PairColumns`]): one column
/// per pair of distinct target nodes where `to` holds either way round (while the table has
/// room), BFS backwards from the nodes (t1, t2, y), cap `n * n * n`. Checked after the fill, as
/// the printed wf states: 0 at (t1, t2, y); a step y -> y1 onto neither object's square lowers
/// an entry by at most 1; a push r -> a -> b of the first object, from (a, x2, r) to
/// (b, x2, a) with b != x2, and of the second, from (x1, a, r) to (x1, b, a) with b != x1, too.
/// Read swapped, a column has the same properties (a step is symmetric in the objects, and a
/// push of the first is one of the second), and entries that read 0 have them trivially.
fn pair_push_distance_table(view: &TaskView, t: &crate::lang::Table) -> Result<DistTable, CompileError> {
    let p = t.push.as_ref().expect("a push-distance table");
    let name = t.name.as_str();
    // Nodes: the squares some walk edge touches; a step or a push moves only between them.
    let PushGraph { pos, n_type, nodes, walk, pred, pushes, pushers } = PushGraph::new(view, t, true)?;
    let n = nodes.len();
    let vars: Vec<&str> = p.targets.iter().map(String::as_str).collect();
    let mut to = TaskRelation::new(view, &vars, &p.to).map_err(|e| in_table(name, e))?;
    let column = n.pow(3);
    let cap = u32::try_from(column).unwrap_or(u32::MAX);
    let mut columns: FxHashMap<(u32, u32), (u32, bool)> = FxHashMap::default();
    let mut targets: Vec<(u32, u32)> = Vec::new();
    let mut dist: Vec<u32> = Vec::new();
    let mut queue: std::collections::VecDeque<u32> = std::collections::VecDeque::new();
    let node = |x1: usize, x2: usize, y: usize| ((x1 * n + x2) * n + y) as u32;
    for t1 in 0..n {
        for t2 in t1 + 1..n {
            if column == 0 || dist.len() + column > PAIR_TABLE_ENTRIES {
                break;
            }
            let (o1, o2) = (nodes[t1], nodes[t2]);
            if !to.holds(&[o1, o2]) && !to.holds(&[o2, o1]) {
                continue;
            }
            let k = targets.len() as u32;
            columns.insert((o1, o2), (k, false));
            columns.insert((o2, o1), (k, true));
            targets.push((t1 as u32, t2 as u32));
            let base = dist.len();
            dist.resize(base + column, cap);
            let col = &mut dist[base..];
            queue.clear();
            for y in 0..n {
                col[node(t1, t2, y) as usize] = 0;
                queue.push_back(node(t1, t2, y));
            }
            while let Some(k) = queue.pop_front() {
                let k = k as usize;
                let (y, x2, x1) = (k % n, (k / n) % n, k / (n * n));
                let d = col[k] + 1;
                let reach = |e: u32, col: &mut [u32], queue: &mut std::collections::VecDeque<u32>| {
                    if col[e as usize] == cap {
                        col[e as usize] = d;
                        queue.push_back(e);
                    }
                };
                // Steps into y, onto neither object's square.
                if y != x1 && y != x2 {
                    for &y0 in &pred[y] {
                        reach(node(x1, x2, y0 as usize), col, &mut queue);
                    }
                }
                if x1 != x2 {
                    // The first object pushed a = y -> b = x1 by the agent from r.
                    for &r in pushers.get(&(y as u32, x1 as u32)).map_or(&[][..], Vec::as_slice) {
                        reach(node(y, x2, r as usize), col, &mut queue);
                    }
                    // The second object pushed a = y -> b = x2.
                    for &r in pushers.get(&(y as u32, x2 as u32)).map_or(&[][..], Vec::as_slice) {
                        reach(node(x1, y, r as usize), col, &mut queue);
                    }
                }
            }
        }
    }
    // The checked properties.
    let bad = |what: &str| Err(CompileError(format!("table `{name}`: {what}")));
    for (k, &(t1, t2)) in targets.iter().enumerate() {
        let col = &dist[k * column..(k + 1) * column];
        let at = |x1: u32, x2: u32, y: u32| col[node(x1 as usize, x2 as usize, y as usize) as usize];
        if (0..n as u32).any(|y| at(t1, t2, y) != 0) {
            return bad("nonzero at its targets");
        }
        for &(y, y1) in &walk {
            for x1 in (0..n as u32).filter(|&x| x != y1) {
                for x2 in (0..n as u32).filter(|&x| x != y1) {
                    if at(x1, x2, y) > at(x1, x2, y1).saturating_add(1) {
                        return bad("a step's consistency fails");
                    }
                }
            }
        }
        for &(r, a, b) in &pushes {
            for x in (0..n as u32).filter(|&x| x != b) {
                if at(a, x, r) > at(b, x, a).saturating_add(1) || at(x, a, r) > at(x, b, a).saturating_add(1) {
                    return bad("a push's consistency fails");
                }
            }
        }
    }
    let mut object_node = vec![u32::MAX; view.task.objects.len()];
    for (i, &o) in nodes.iter().enumerate() {
        object_node[o as usize] = i as u32;
    }
    Ok(DistTable {
        name: name.into(),
        pos,
        n: n_type,
        dist,
        cap,
        index: Vec::new(),
        columns: None,
        pairs: Some(Box::new(PairColumns { node: object_node, n, columns })),
    })
}

/// [`distance_table_with`] without relation edges.
pub fn distance_table(
    view: &TaskView,
    name: &str,
    preds: &[(String, bool)],
    ty: &str,
) -> Result<DistTable, CompileError> {
    distance_table_with(view, name, preds, &[], ty, false)
}

/// BFS distances over static binary predicates (each edge `a -> b`, or `b -> a` when reversed)
/// between objects of `ty`, with the properties the proofs use checked (see
/// [`checked_distances`]). Object pairs `extra` (from `where` edge relations) are edges too.
/// With `exact`, also that the table holds exact shortest-path distances.
pub fn distance_table_with(
    view: &TaskView,
    name: &str,
    preds: &[(String, bool)],
    extra: &[(u32, u32)],
    ty: &str,
    exact: bool,
) -> Result<DistTable, CompileError> {
    let kinds = edge_predicates(view, name, preds, 2)?;
    let (pos, n) = type_positions(view, name, ty)?;
    let mut edges = Vec::new();
    for (q, args) in &view.init {
        if let Some(&(_, rev)) = kinds.iter().find(|k| k.0 == *q) {
            push_edge(&pos, args[0], args[1], rev, &mut edges);
        }
    }
    for &(a, b) in extra {
        push_edge(&pos, a, b, false, &mut edges);
    }
    let dist = checked_distances(name, n, &edges, exact)?;
    Ok(DistTable { name: name.into(), pos, n, dist, cap: n as u32, index: Vec::new(), columns: None, pairs: None })
}

/// A `distance-by` table: for each object `i` of `index_ty`, the distances of [`distance_table`]
/// over the edges `(P i a b)` of static ternary predicates (`b -> a` when reversed), each graph's
/// properties checked the same way (exactness too with `exact`); the cap is the node count.
pub fn distance_table_by(
    view: &TaskView,
    name: &str,
    preds: &[(String, bool)],
    index_ty: &str,
    ty: &str,
    exact: bool,
) -> Result<DistTable, CompileError> {
    let kinds = edge_predicates(view, name, preds, 3)?;
    let (pos, n) = type_positions(view, name, ty)?;
    let Some(ixs) = view.objects_of(index_ty) else {
        return Err(CompileError(format!("table `{name}`: the domain has no type `{index_ty}`")));
    };
    let mut index = vec![u32::MAX; view.task.objects.len()];
    for (k, &o) in ixs.iter().enumerate() {
        index[o as usize] = k as u32;
    }
    let mut edges: Vec<Vec<(u32, u32)>> = vec![Vec::new(); ixs.len()];
    for (q, args) in &view.init {
        if let Some(&(_, rev)) = kinds.iter().find(|k| k.0 == *q) {
            let k = index[args[0] as usize];
            if k != u32::MAX {
                push_edge(&pos, args[1], args[2], rev, &mut edges[k as usize]);
            }
        }
    }
    let mut dist = Vec::with_capacity(ixs.len() * n * n);
    for e in &edges {
        dist.extend(checked_distances(name, n, e, exact)?);
    }
    Ok(DistTable { name: name.into(), pos, n, dist, cap: n as u32, index, columns: None, pairs: None })
}

/// The edge predicates of a table: static, of the given arity.
fn edge_predicates(
    view: &TaskView,
    name: &str,
    preds: &[(String, bool)],
    arity: usize,
) -> Result<Vec<(u32, bool)>, CompileError> {
    let mut kinds: Vec<(u32, bool)> = Vec::new();
    for (pred, rev) in preds {
        let Some((p, a)) = view.predicate(pred) else {
            return Err(CompileError(format!("table `{name}`: the domain has no predicate `{pred}`")));
        };
        if a != arity || !view.is_static(p) {
            let what = if arity == 2 { "binary" } else { "ternary" };
            return Err(CompileError(format!("table `{name}`: `{pred}` must be a static {what} predicate")));
        }
        kinds.push((p, *rev));
    }
    Ok(kinds)
}

/// Object id to position among the objects of `ty`, and their number.
fn type_positions(view: &TaskView, name: &str, ty: &str) -> Result<(Vec<u32>, usize), CompileError> {
    let Some(nodes) = view.objects_of(ty) else {
        return Err(CompileError(format!("table `{name}`: the domain has no type `{ty}`")));
    };
    Ok((positions(&nodes, view.task.objects.len()), nodes.len()))
}

fn push_edge(pos: &[u32], a: u32, b: u32, rev: bool, edges: &mut Vec<(u32, u32)>) {
    let (a, b) = (pos[a as usize], pos[b as usize]);
    let (a, b) = if rev { (b, a) } else { (a, b) };
    if a != u32::MAX && b != u32::MAX {
        edges.push((a, b));
    }
}

/// All-pairs BFS distances (`n * n`, cap `n` where unreachable) and their checked properties;
/// with `exact` also exactness: each entry `d(u,t) < cap` with `u != t` is `1 + d(v,t)` for some
/// edge `u -> v` with `d(v,t) < cap` (what the printed wf of a table flagged `exact` states).
fn checked_distances(name: &str, n: usize, edges: &[(u32, u32)], exact: bool) -> Result<Vec<u32>, CompileError> {
    let cap = n as u32;
    // Distances *to* each target: BFS backwards from every node over reversed edges.
    let mut pred_of: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &(a, b) in edges {
        pred_of[b as usize].push(a);
    }
    let mut dist = vec![cap; n * n];
    let mut queue = std::collections::VecDeque::new();
    for t in 0..n {
        dist[t * n + t] = 0;
        queue.clear();
        queue.push_back(t as u32);
        while let Some(v) = queue.pop_front() {
            let dv = dist[v as usize * n + t];
            for &u in &pred_of[v as usize] {
                if dist[u as usize * n + t] == cap && u as usize != t {
                    dist[u as usize * n + t] = dv + 1;
                    queue.push_back(u);
                }
            }
        }
    }
    // The checked properties (independent of how the table was computed).
    for i in 0..n {
        if dist[i * n + i] != 0 {
            return Err(CompileError(format!("table `{name}`: nonzero diagonal")));
        }
    }
    if dist.iter().any(|&d| d > cap) {
        return Err(CompileError(format!("table `{name}`: an entry above the cap")));
    }
    for &(u, v) in edges {
        for t in 0..n {
            let (du, dv) = (dist[u as usize * n + t], dist[v as usize * n + t]);
            if du > dv.saturating_add(1) || (dv < cap && du >= cap) {
                return Err(CompileError(format!("table `{name}`: edge consistency fails")));
            }
        }
    }
    if exact {
        let mut succ_of: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &(a, b) in edges {
            succ_of[a as usize].push(b);
        }
        for u in 0..n {
            for t in 0..n {
                let du = dist[u * n + t];
                if u != t
                    && du < cap
                    && !succ_of[u].iter().any(|&v| {
                        let dv = dist[v as usize * n + t];
                        dv < cap && du == dv + 1
                    })
                {
                    return Err(CompileError(format!("table `{name}`: exactness fails")));
                }
            }
        }
    }
    Ok(dist)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(v: &str) -> Term {
        Term::Var(v.into())
    }

    fn atom(src: Source, p: &str, args: &[&str]) -> Expr {
        Expr::Atom(src, p.into(), args.iter().map(|a| var(a)).collect())
    }

    fn fold(f: Fold, v: &str, filter: Option<Expr>, body: Expr) -> Expr {
        Expr::Fold(f, Binder { var: v.into(), ty: "object".into(), filter: filter.map(Box::new) }, Box::new(body))
    }

    /// `(exists (?y object (goal (on ?x ?y))) (not (holds (on ?x ?y))))` under other names.
    fn unmet_on(x: &str, y: &str) -> Expr {
        let on = |src| atom(src, "on", &[x, y]);
        fold(Fold::Exists, y, Some(on(Source::Goal)), Expr::Not(Box::new(on(Source::Holds))))
    }

    /// Sokoban's push relation: `(exists (?d ..) (and (static (adjacent ?a ?b ?d)) (exists (?r ..)
    /// (static (adjacent ?r ?a ?d)))))`. Its key atom is the first adjacency (?d any object): the
    /// pairs to try are read from the task's adjacency atoms.
    #[test]
    fn a_key_atom_is_a_conjunct_that_binds_every_wanted_variable() {
        let behind = fold(Fold::Exists, "r", None, atom(Source::Static, "adjacent", &["r", "a", "d"]));
        let push = fold(
            Fold::Exists,
            "d",
            None,
            Expr::And(vec![atom(Source::Static, "adjacent", &["a", "b", "d"]), behind.clone()]),
        );
        let (pred, args) = key_atom(&push, &["a", "b"], &mut Vec::new()).expect("a key atom");
        assert_eq!((pred, args), ("adjacent", &[var("a"), var("b"), var("d")][..]));
        // The second conjunct alone does not bind ?b.
        assert!(key_atom(&behind, &["a", "b"], &mut Vec::new()).is_none());
        // A disjunction needs none of its atoms; a state atom is not read at load.
        let either = Expr::Or(vec![
            atom(Source::Static, "adjacent", &["a", "b", "a"]),
            atom(Source::Static, "road", &["a", "b"]),
        ]);
        assert!(key_atom(&either, &["a", "b"], &mut Vec::new()).is_none());
        assert!(key_atom(&atom(Source::Holds, "road", &["a", "b"]), &["a", "b"], &mut Vec::new()).is_none());
        // Inside `(exists (?b ..) ..)`, ?b is another variable.
        let shadow = fold(Fold::Exists, "b", None, atom(Source::Static, "road", &["a", "b"]));
        assert!(key_atom(&shadow, &["a", "b"], &mut Vec::new()).is_none());
    }

    #[test]
    fn canonical_forms_differ_only_where_the_expressions_do() {
        assert_eq!(canonical(&unmet_on("x", "y"), Some("x")), canonical(&unmet_on("b", "z"), Some("b")));
        // The free variable on the other side of `on` is another function (what is below ?x).
        let under = |x: &str, y: &str| {
            let on = |src| atom(src, "on", &[y, x]);
            fold(Fold::Exists, y, Some(on(Source::Goal)), Expr::Not(Box::new(on(Source::Holds))))
        };
        assert_ne!(canonical(&unmet_on("x", "y"), Some("x")), canonical(&under("x", "y"), Some("x")));
        let swapped = fold(
            Fold::Exists,
            "y",
            Some(atom(Source::Goal, "on", &["x", "y"])),
            Expr::Not(Box::new(atom(Source::Holds, "on", &["y", "x"]))),
        );
        assert_ne!(canonical(&unmet_on("x", "y"), Some("x")), canonical(&swapped, Some("x")));
    }

    #[test]
    fn a_condition_that_a_loop_repeats_is_kept_once_for_all_its_names() {
        // "x must move": (or (holds (holding ?x)) (exists (?y ..) ..)), asked of each ?x below ?b.
        let must_move = |x: &str, y: &str| Expr::Or(vec![atom(Source::Holds, "holding", &[x]), unmet_on(x, y)]);
        let below = |b: &str, x: &str| Some(atom(Source::Static, "below", &[b, x]));
        let marked = |b: &str, x: &str, y: &str| fold(Fold::Exists, x, below(b, x), must_move(x, y));
        let value = Expr::Op(
            NatOp::Add,
            vec![
                fold(Fold::Count, "b", None, marked("b", "x", "y")),
                fold(Fold::Count, "c", None, marked("c", "u", "w")),
            ],
        );
        let kept = shared_terms(std::iter::once(&value));
        let looped: Vec<&Shared> = kept.iter().filter(|s| matches!(s.key, Key::Canonical(_))).collect();
        assert_eq!(looped.len(), 1, "{:?}", kept.iter().map(|s| &s.key).collect::<Vec<_>>());
        assert!(looped[0].free && looped[0].key == Key::Canonical(canonical(&must_move("x", "y"), Some("x"))));
        // Asked once per object, directly under its own loop, it is not repeated: nothing kept.
        let once = fold(Fold::Count, "x", None, must_move("x", "y"));
        assert!(shared_terms(std::iter::once(&once)).is_empty());
    }
}
