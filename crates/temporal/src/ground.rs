//! Grounding a temporal task: durative (and instantaneous) action schemas to ground actions whose
//! `at start`, `over all` and `at end` conditions, effects and duration constraints are ground
//! formulas over *dynamic* atoms and fluents; static atoms and fluents are decided here.
//!
//! Which bindings are grounded is decided by relaxed reachability: a binding is tried only when
//! the positive atoms of its conditions (`at start` ones, and the others that no `at start`
//! effect of the same schema can add) are reachable when deletes, numbers and time are ignored,
//! with the atoms of positive timed initial literals reachable from the start. This is a
//! sound over-approximation: every binding a plan can use is grounded.
//!
//! Conditions keep `or`, `exists` (as `or`) and `forall` (expanded over the typed objects), and
//! numeric comparisons. Refused, with a reason: derived predicates, a duration constraint timed
//! `at end`, `#t`, `total-time` or preferences inside actions.

use model::lifted::{Action, Arg, Condition, Expr, Fluent, FunctionId, Literal, ObjectId, PredicateId, Task, VarId};
use pddl::ast::{AssignOp, BinaryOp, Comparison, TimeSpec};
use rustc_hash::{FxHashMap, FxHashSet};

/// A ground condition over dynamic atoms (ids) and dynamic fluents.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    True,
    False,
    /// A dynamic atom, positive or negated.
    Atom(u32, bool),
    Cmp(Comparison, NExpr, NExpr),
    And(Vec<Cond>),
    Or(Vec<Cond>),
}

/// A ground numeric expression; static fluents are constants.
#[derive(Clone, Debug, PartialEq)]
pub enum NExpr {
    Const(f64),
    /// A dynamic fluent by index.
    Fluent(u32),
    Bin(BinaryOp, Box<NExpr>, Box<NExpr>),
    Neg(Box<NExpr>),
    /// `?duration`: the duration of the action (fixed for actions whose effects read it).
    Duration,
    /// A static fluent without a value: reading it makes the condition false or the effect fail.
    Undefined,
}

/// The effects of one happening (the start, the end, or an instantaneous action).
#[derive(Clone, Debug, Default)]
pub struct Effects {
    /// Unconditional adds and deletes.
    pub adds: Vec<u32>,
    pub dels: Vec<u32>,
    /// Unconditional numeric updates.
    pub updates: Vec<(AssignOp, u32, NExpr)>,
    /// Conditional effects, their condition read in the state before the happening.
    pub conditional: Vec<(Cond, EffectLit)>,
}

#[derive(Clone, Debug)]
pub enum EffectLit {
    Add(u32),
    Del(u32),
    Update(AssignOp, u32, NExpr),
}

/// What one happening reads and writes: two happenings interfere (and are separated by the
/// scheduler) when one writes what the other reads or writes.
#[derive(Clone, Debug, Default)]
pub struct Print {
    pub reads: Vec<u32>,
    pub writes: Vec<u32>,
    pub fluent_reads: Vec<u32>,
    pub fluent_writes: Vec<u32>,
}

fn meets(a: &[u32], b: &[u32]) -> bool {
    // Both sorted.
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => return true,
        }
    }
    false
}

impl Print {
    pub fn interferes(&self, other: &Print) -> bool {
        meets(&self.writes, &other.reads)
            || meets(&self.writes, &other.writes)
            || meets(&other.writes, &self.reads)
            || meets(&self.fluent_writes, &other.fluent_reads)
            || meets(&self.fluent_writes, &other.fluent_writes)
            || meets(&other.fluent_writes, &self.fluent_reads)
    }
    fn finish(&mut self) {
        for v in [&mut self.reads, &mut self.writes, &mut self.fluent_reads, &mut self.fluent_writes] {
            v.sort_unstable();
            v.dedup();
        }
    }
}

/// One ground action: a durative action, or an instantaneous one (`durative == false`, then only
/// `start` and `start_effects` are used).
#[derive(Clone, Debug)]
pub struct GroundAction {
    pub schema: model::lifted::ActionId,
    pub args: Vec<ObjectId>,
    pub durative: bool,
    pub start: Cond,
    pub all: Cond,
    pub end: Cond,
    pub start_effects: Effects,
    pub end_effects: Effects,
    /// Duration constraints `?duration op value`, evaluated in the state where the action starts.
    pub duration: Vec<(Comparison, NExpr)>,
    /// The effects read `?duration`: the planner fixes it to its least allowed value.
    pub effects_read_duration: bool,
    pub start_print: Print,
    pub end_print: Print,
}

/// A timed initial literal on a dynamic atom.
#[derive(Clone, Debug)]
pub struct Til {
    pub time: f64,
    pub positive: bool,
    pub atom: u32,
    pub print: Print,
}

/// The grounded task.
#[derive(Clone, Debug)]
pub struct Grounded {
    /// Dynamic atoms: predicate and arguments.
    pub atoms: Vec<(PredicateId, Vec<ObjectId>)>,
    /// Dynamic fluents.
    pub fluents: Vec<(FunctionId, Vec<ObjectId>)>,
    pub init_atoms: Vec<u32>,
    /// Initial values of the dynamic fluents; NaN where undefined.
    pub init_values: Vec<f64>,
    pub actions: Vec<GroundAction>,
    /// In time order.
    pub tils: Vec<Til>,
    pub goal: Cond,
}

/// Why a task cannot be grounded for the temporal planner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

/// The most ground actions (a guard against tasks far beyond this planner).
const MAX_ACTIONS: usize = 2_000_000;

struct Grounder<'t> {
    task: &'t Task,
    static_pred: Vec<bool>,
    static_fun: Vec<bool>,
    init: FxHashSet<(PredicateId, Vec<ObjectId>)>,
    values: FxHashMap<(FunctionId, Vec<ObjectId>), f64>,
    atom_ids: FxHashMap<(PredicateId, Vec<ObjectId>), u32>,
    atoms: Vec<(PredicateId, Vec<ObjectId>)>,
    fluent_ids: FxHashMap<(FunctionId, Vec<ObjectId>), u32>,
    fluents: Vec<(FunctionId, Vec<ObjectId>)>,
    refusals: Vec<String>,
    deadline: Option<std::time::Instant>,
}

/// Grounds `task`. `Err` names what the planner does not support; `Ok(None)` means the deadline
/// passed while grounding.
pub fn ground(task: &Task, deadline: Option<std::time::Instant>) -> Result<Option<Grounded>, Refusal> {
    if !task.domain.derived.is_empty() {
        return Err(Refusal("derived predicates are not supported by the temporal planner".into()));
    }
    let static_pred: Vec<bool> = task.fluent_predicates().iter().map(|f| !f).collect();
    let mut static_fun = vec![true; task.domain.functions.len()];
    for e in task.domain.actions.iter().flat_map(|a| &a.effects) {
        if let Literal::Assign(_, f, _) = &e.literal {
            static_fun[f.function.index()] = false;
        }
    }
    let init: FxHashSet<_> = task.init.iter().map(|a| (a.predicate, a.args.clone())).collect();
    let mut values = FxHashMap::default();
    for (f, v) in &task.init_values {
        if let model::lifted::Value::Number(x) = v {
            values.insert((f.function, f.args.clone()), *x);
        }
    }
    let mut g = Grounder {
        task,
        static_pred,
        static_fun,
        init,
        values,
        atom_ids: FxHashMap::default(),
        atoms: Vec::new(),
        fluent_ids: FxHashMap::default(),
        fluents: Vec::new(),
        refusals: Vec::new(),
        deadline,
    };
    let Some(actions) = g.reach()? else { return Ok(None) };
    let goal_env = vec![None; task.goal_variables.len()];
    let goal = g.cond(&task.goal, &goal_env, &task.goal_variables);
    let mut tils = Vec::new();
    for t in &task.timed_literals {
        let atom = g.atom_id(t.atom.predicate, t.atom.args.clone());
        let print = Print { writes: vec![atom], ..Print::default() };
        tils.push(Til { time: t.time, positive: t.positive, atom, print });
    }
    tils.sort_by(|a, b| a.time.total_cmp(&b.time));
    if let Some(r) = g.refusals.first() {
        return Err(Refusal(r.clone()));
    }
    let mut init_atoms = Vec::new();
    for a in &task.init {
        if !g.static_pred[a.predicate.index()] {
            init_atoms.push(g.atom_id(a.predicate, a.args.clone()));
        }
    }
    let init_values =
        g.fluents.iter().map(|(f, args)| g.values.get(&(*f, args.clone())).copied().unwrap_or(f64::NAN)).collect();
    Ok(Some(Grounded { atoms: g.atoms, fluents: g.fluents, init_atoms, init_values, actions, tils, goal }))
}

/// Positive atoms of a condition's top-level conjunction.
fn positive_atoms<'c>(c: &'c Condition, out: &mut Vec<&'c model::lifted::Atom>) {
    match c {
        Condition::Atom { positive: true, atom } => out.push(atom),
        Condition::And(cs) => cs.iter().for_each(|c| positive_atoms(c, out)),
        Condition::Timed(_, b) => positive_atoms(b, out),
        _ => {}
    }
}

/// The parts of a durative condition: (at start, over all, at end).
fn split(c: &Condition, out: &mut [Vec<Condition>; 3]) -> Result<(), String> {
    match c {
        Condition::True => Ok(()),
        Condition::And(cs) => cs.iter().try_for_each(|c| split(c, out)),
        Condition::Timed(t, body) => {
            let k = match t {
                TimeSpec::AtStart => 0,
                TimeSpec::OverAll => 1,
                TimeSpec::AtEnd => 2,
            };
            out[k].push((**body).clone());
            Ok(())
        }
        Condition::Forall(vars, body) => {
            let mut inner: [Vec<Condition>; 3] = Default::default();
            split(body, &mut inner)?;
            for (k, part) in inner.into_iter().enumerate() {
                if !part.is_empty() {
                    out[k].push(Condition::Forall(vars.clone(), Box::new(Condition::And(part))));
                }
            }
            Ok(())
        }
        _ => {
            Err("a durative condition that is not `at start`, `over all` or `at end` (for example one inside `or`)"
                .into())
        }
    }
}

impl Grounder<'_> {
    fn atom_id(&mut self, p: PredicateId, args: Vec<ObjectId>) -> u32 {
        if let Some(&id) = self.atom_ids.get(&(p, args.clone())) {
            return id;
        }
        let id = self.atoms.len() as u32;
        self.atoms.push((p, args.clone()));
        self.atom_ids.insert((p, args), id);
        id
    }

    fn fluent_id(&mut self, f: FunctionId, args: Vec<ObjectId>) -> u32 {
        if let Some(&id) = self.fluent_ids.get(&(f, args.clone())) {
            return id;
        }
        let id = self.fluents.len() as u32;
        self.fluents.push((f, args.clone()));
        self.fluent_ids.insert((f, args), id);
        id
    }

    fn refuse(&mut self, what: String) {
        if !self.refusals.contains(&what) {
            self.refusals.push(what);
        }
    }

    /// The fixpoint of relaxed reachability, grounding each reachable binding once.
    fn reach(&mut self) -> Result<Option<Vec<GroundAction>>, Refusal> {
        let task = self.task;
        // Per schema: its condition parts and the atoms that drive the join.
        let mut parts = Vec::new();
        for a in &task.domain.actions {
            let mut p: [Vec<Condition>; 3] = Default::default();
            if a.is_durative() {
                split(&a.precondition, &mut p)
                    .map_err(|w| Refusal(format!("action `{}`: {w}", task.domain.name(a.name))))?;
            } else {
                p[0].push(a.precondition.clone());
            }
            if let Some(d) = &a.duration
                && d.iter().any(|(t, _, _)| *t == Some(TimeSpec::AtEnd))
            {
                return Err(Refusal(format!(
                    "action `{}`: a duration constraint timed `at end` is not supported",
                    task.domain.name(a.name)
                )));
            }
            parts.push(p);
        }
        let mut drivers: Vec<Vec<model::lifted::Atom>> = Vec::new();
        for (a, p) in task.domain.actions.iter().zip(&parts) {
            let start_adds: FxHashSet<PredicateId> = a
                .effects
                .iter()
                .filter(|e| e.time == Some(TimeSpec::AtStart))
                .filter_map(|e| if let Literal::Add(at) = &e.literal { Some(at.predicate) } else { None })
                .collect();
            let mut atoms = Vec::new();
            for (k, c) in p.iter().enumerate() {
                let mut v = Vec::new();
                c.iter().for_each(|c| positive_atoms(c, &mut v));
                atoms.extend(
                    v.into_iter()
                        .filter(|at| k == 0 || !start_adds.contains(&at.predicate))
                        .filter(|at| at.args.iter().all(|x| matches!(x, Arg::Object(_)) || x_is_param(x, a)))
                        .cloned(),
                );
            }
            drivers.push(order_join(atoms));
        }
        // Reached atoms per predicate (static predicates: the initial ones).
        let npred = task.domain.predicates.len();
        let mut reached: Vec<Vec<Vec<ObjectId>>> = vec![Vec::new(); npred];
        let mut seen: FxHashSet<(PredicateId, Vec<ObjectId>)> = FxHashSet::default();
        let mut add_reached = |p: PredicateId, args: Vec<ObjectId>, reached: &mut Vec<Vec<Vec<ObjectId>>>| {
            if seen.insert((p, args.clone())) {
                reached[p.index()].push(args);
                true
            } else {
                false
            }
        };
        for a in &task.init {
            add_reached(a.predicate, a.args.clone(), &mut reached);
        }
        for t in task.timed_literals.iter().filter(|t| t.positive) {
            add_reached(t.atom.predicate, t.atom.args.clone(), &mut reached);
        }
        let mut done: FxHashSet<(usize, Vec<ObjectId>)> = FxHashSet::default();
        let mut actions = Vec::new();
        loop {
            let mut changed = false;
            for (ai, a) in task.domain.actions.iter().enumerate() {
                if self.deadline.is_some_and(|d| std::time::Instant::now() > d) {
                    return Ok(None);
                }
                let mut bindings = Vec::new();
                let mut env: Vec<Option<ObjectId>> = vec![None; a.variables.len()];
                join(task, a, &drivers[ai], 0, &reached, &mut env, &mut bindings);
                for args in bindings {
                    if !done.insert((ai, args.clone())) {
                        continue;
                    }
                    if let Some(ga) = self.instantiate(ai, a, &parts[ai], &args) {
                        for id in ga_adds(&ga) {
                            let (p, oargs) = self.atoms[id as usize].clone();
                            changed |= add_reached(p, oargs, &mut reached);
                        }
                        actions.push(ga);
                        if actions.len() > MAX_ACTIONS {
                            return Err(Refusal(format!("more than {MAX_ACTIONS} ground actions")));
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if let Some(r) = self.refusals.first() {
            return Err(Refusal(r.clone()));
        }
        Ok(Some(actions))
    }

    /// Grounds schema `a` with parameters `args`; `None` when a condition is statically false.
    fn instantiate(
        &mut self,
        ai: usize,
        a: &Action,
        parts: &[Vec<Condition>; 3],
        args: &[ObjectId],
    ) -> Option<GroundAction> {
        let mut env: Vec<Option<ObjectId>> = vec![None; a.variables.len()];
        for (k, o) in args.iter().enumerate() {
            env[k] = Some(*o);
        }
        let vars = &a.variables;
        let conj = |g: &mut Self, cs: &[Condition]| simplify_and(cs.iter().map(|c| g.cond(c, &env, vars)).collect());
        let start = conj(self, &parts[0]);
        let all = conj(self, &parts[1]);
        let end = conj(self, &parts[2]);
        if [&start, &all, &end].iter().any(|c| **c == Cond::False) {
            return None;
        }
        let mut start_effects = Effects::default();
        let mut end_effects = Effects::default();
        let mut reads_duration = false;
        for e in &a.effects {
            let mut targets = Vec::new();
            let mut env2 = env.clone();
            self.expand_forall(&e.forall, 0, &mut env2, vars, &mut |g, env| {
                let c = g.cond(&e.condition, env, vars);
                if c == Cond::False {
                    return;
                }
                let lit = match &e.literal {
                    Literal::Add(at) => match g.ground_args(&at.args, env) {
                        Some(x) => EffectLit::Add(g.atom_id(at.predicate, x)),
                        None => return,
                    },
                    Literal::Delete(at) => match g.ground_args(&at.args, env) {
                        Some(x) => EffectLit::Del(g.atom_id(at.predicate, x)),
                        None => return,
                    },
                    Literal::Assign(op, f, x) => {
                        let Some(fargs) = g.ground_args(&f.args, env) else { return };
                        let fid = g.fluent_id(f.function, fargs);
                        EffectLit::Update(*op, fid, g.expr(x, env))
                    }
                };
                targets.push((c, lit));
            });
            let eff = if e.time == Some(TimeSpec::AtEnd) { &mut end_effects } else { &mut start_effects };
            for (c, lit) in targets {
                if let EffectLit::Update(_, _, x) = &lit {
                    reads_duration |= reads_dur(x);
                }
                match (c, lit) {
                    (Cond::True, EffectLit::Add(x)) => eff.adds.push(x),
                    (Cond::True, EffectLit::Del(x)) => eff.dels.push(x),
                    (Cond::True, EffectLit::Update(op, f, x)) => eff.updates.push((op, f, x)),
                    (c, lit) => eff.conditional.push((c, lit)),
                }
            }
        }
        let mut duration = Vec::new();
        if let Some(d) = &a.duration {
            for (_, cmp, x) in d {
                duration.push((*cmp, self.expr(x, &env)));
            }
        }
        let mut start_print = Print::default();
        let mut end_print = Print::default();
        cond_reads(&start, &mut start_print);
        cond_reads(&all, &mut start_print);
        cond_reads(&end, &mut end_print);
        cond_reads(&all, &mut end_print);
        for (_, x) in &duration {
            expr_reads(x, &mut start_print.fluent_reads);
        }
        effect_print(&start_effects, &mut start_print);
        effect_print(&end_effects, &mut end_print);
        start_print.finish();
        end_print.finish();
        Some(GroundAction {
            schema: model::lifted::ActionId(ai as u32),
            args: args.to_vec(),
            durative: a.is_durative(),
            start,
            all,
            end,
            start_effects,
            end_effects,
            duration,
            effects_read_duration: reads_duration,
            start_print,
            end_print,
        })
    }

    fn expand_forall(
        &mut self,
        vars: &[VarId],
        k: usize,
        env: &mut Vec<Option<ObjectId>>,
        decl: &[model::lifted::Param],
        f: &mut dyn FnMut(&mut Self, &[Option<ObjectId>]),
    ) {
        if k == vars.len() {
            f(self, env);
            return;
        }
        let v = vars[k].index();
        for o in self.task.objects_of(&decl[v].ty) {
            env[v] = Some(o);
            self.expand_forall(vars, k + 1, env, decl, f);
        }
        env[v] = None;
    }

    fn ground_args(&self, args: &[Arg], env: &[Option<ObjectId>]) -> Option<Vec<ObjectId>> {
        args.iter()
            .map(|a| match a {
                Arg::Object(o) => Some(*o),
                Arg::Var(v) => env.get(v.index()).copied().flatten(),
            })
            .collect()
    }

    fn cond(&mut self, c: &Condition, env: &[Option<ObjectId>], decl: &[model::lifted::Param]) -> Cond {
        match c {
            Condition::True => Cond::True,
            Condition::False => Cond::False,
            Condition::Atom { positive, atom } => {
                let Some(args) = self.ground_args(&atom.args, env) else {
                    self.refuse("a variable outside its scope".into());
                    return Cond::False;
                };
                if self.static_pred[atom.predicate.index()] {
                    let holds = self.init.contains(&(atom.predicate, args));
                    if holds == *positive { Cond::True } else { Cond::False }
                } else {
                    Cond::Atom(self.atom_id(atom.predicate, args), *positive)
                }
            }
            Condition::Equal { positive, left, right } => {
                let l = self.ground_args(std::slice::from_ref(left), env);
                let r = self.ground_args(std::slice::from_ref(right), env);
                match (l, r) {
                    (Some(l), Some(r)) if (l == r) == *positive => Cond::True,
                    (Some(_), Some(_)) => Cond::False,
                    _ => {
                        self.refuse("a variable outside its scope".into());
                        Cond::False
                    }
                }
            }
            Condition::Compare(op, a, b) => {
                let (a, b) = (self.expr(a, env), self.expr(b, env));
                match (&a, &b) {
                    (NExpr::Const(x), NExpr::Const(y)) => {
                        if model::semantics::compare(*op, *x, *y) {
                            Cond::True
                        } else {
                            Cond::False
                        }
                    }
                    (NExpr::Undefined, _) | (_, NExpr::Undefined) => Cond::False,
                    _ => Cond::Cmp(*op, a, b),
                }
            }
            Condition::And(cs) => simplify_and(cs.iter().map(|c| self.cond(c, env, decl)).collect()),
            Condition::Or(cs) => simplify_or(cs.iter().map(|c| self.cond(c, env, decl)).collect()),
            Condition::Exists(vars, body) | Condition::Forall(vars, body) => {
                let mut out = Vec::new();
                let mut env2 = env.to_vec();
                self.expand_forall(vars, 0, &mut env2, decl, &mut |g, env| out.push(g.cond(body, env, decl)));
                if matches!(c, Condition::Exists(..)) { simplify_or(out) } else { simplify_and(out) }
            }
            Condition::Timed(..) => {
                self.refuse("a timed condition nested inside another condition".into());
                Cond::False
            }
            Condition::Preference(..) | Condition::Modal(..) => {
                self.refuse("preferences and trajectory constraints are not supported by the temporal planner".into());
                Cond::False
            }
        }
    }

    fn expr(&mut self, e: &Expr, env: &[Option<ObjectId>]) -> NExpr {
        match e {
            Expr::Number(x) => NExpr::Const(*x),
            Expr::Fluent(Fluent { function, args }) => {
                let Some(args) = self.ground_args(args, env) else {
                    self.refuse("a variable outside its scope".into());
                    return NExpr::Undefined;
                };
                if self.static_fun[function.index()] {
                    match self.values.get(&(*function, args)) {
                        Some(v) => NExpr::Const(*v),
                        None => NExpr::Undefined,
                    }
                } else {
                    NExpr::Fluent(self.fluent_id(*function, args))
                }
            }
            Expr::Binary(op, a, b) => {
                let (a, b) = (self.expr(a, env), self.expr(b, env));
                match (&a, &b) {
                    (NExpr::Const(x), NExpr::Const(y)) => match model::semantics::binary(*op, *x, *y) {
                        Ok(v) => NExpr::Const(v),
                        Err(_) => NExpr::Undefined,
                    },
                    (NExpr::Undefined, _) | (_, NExpr::Undefined) => NExpr::Undefined,
                    _ => NExpr::Bin(*op, Box::new(a), Box::new(b)),
                }
            }
            Expr::Negate(a) => match self.expr(a, env) {
                NExpr::Const(x) => NExpr::Const(-x),
                NExpr::Undefined => NExpr::Undefined,
                x => NExpr::Neg(Box::new(x)),
            },
            Expr::Duration => NExpr::Duration,
            Expr::Undefined => NExpr::Undefined,
            Expr::Var(_) | Expr::Object(_) => {
                self.refuse("object fluents are not supported by the temporal planner".into());
                NExpr::Undefined
            }
            Expr::ContinuousTime => {
                self.refuse("continuous effects (#t) are not supported by the temporal planner".into());
                NExpr::Undefined
            }
            Expr::TotalTime | Expr::IsViolated(_) => {
                self.refuse("`total-time` or `is-violated` inside an action is not supported".into());
                NExpr::Undefined
            }
        }
    }
}

fn x_is_param(x: &Arg, a: &Action) -> bool {
    matches!(x, Arg::Var(v) if v.index() < a.parameters)
}

/// Orders join atoms greedily: each next atom shares the most variables with those before.
fn order_join(mut atoms: Vec<model::lifted::Atom>) -> Vec<model::lifted::Atom> {
    let mut out = Vec::with_capacity(atoms.len());
    let mut bound: FxHashSet<VarId> = FxHashSet::default();
    while !atoms.is_empty() {
        let score = |a: &model::lifted::Atom| {
            let vars: Vec<_> =
                a.args.iter().filter_map(|x| if let Arg::Var(v) = x { Some(*v) } else { None }).collect();
            let b = vars.iter().filter(|v| bound.contains(v)).count();
            (b * 4 + (vars.is_empty() as usize) * 100, usize::MAX - vars.len())
        };
        let best = (0..atoms.len()).max_by_key(|&i| score(&atoms[i])).unwrap_or(0);
        let a = atoms.swap_remove(best);
        for x in &a.args {
            if let Arg::Var(v) = x {
                bound.insert(*v);
            }
        }
        out.push(a);
    }
    out
}

/// Enumerates parameter bindings that match the driving atoms against the reached ones, then
/// fills the remaining parameters from their types.
fn join(
    task: &Task,
    a: &Action,
    atoms: &[model::lifted::Atom],
    k: usize,
    reached: &[Vec<Vec<ObjectId>>],
    env: &mut Vec<Option<ObjectId>>,
    out: &mut Vec<Vec<ObjectId>>,
) {
    if k == atoms.len() {
        fill(task, a, 0, env, out);
        return;
    }
    let atom = &atoms[k];
    'tuple: for tuple in &reached[atom.predicate.index()] {
        if tuple.len() != atom.args.len() {
            continue;
        }
        let mut newly = Vec::new();
        for (x, o) in atom.args.iter().zip(tuple) {
            match x {
                Arg::Object(c) if c != o => {
                    undo(env, &newly);
                    continue 'tuple;
                }
                Arg::Object(_) => {}
                Arg::Var(v) => match env[v.index()] {
                    Some(b) if b != *o => {
                        undo(env, &newly);
                        continue 'tuple;
                    }
                    Some(_) => {}
                    None => {
                        if !task.object_has_type(*o, &a.variables[v.index()].ty) {
                            undo(env, &newly);
                            continue 'tuple;
                        }
                        env[v.index()] = Some(*o);
                        newly.push(v.index());
                    }
                },
            }
        }
        join(task, a, atoms, k + 1, reached, env, out);
        undo(env, &newly);
    }
}

fn undo(env: &mut [Option<ObjectId>], vars: &[usize]) {
    for &v in vars {
        env[v] = None;
    }
}

fn fill(task: &Task, a: &Action, k: usize, env: &mut Vec<Option<ObjectId>>, out: &mut Vec<Vec<ObjectId>>) {
    if k == a.parameters {
        out.push(env[..a.parameters].iter().map(|o| o.unwrap_or(ObjectId(0))).collect());
        return;
    }
    if env[k].is_some() {
        fill(task, a, k + 1, env, out);
        return;
    }
    for o in task.objects_of(&a.variables[k].ty) {
        env[k] = Some(o);
        fill(task, a, k + 1, env, out);
    }
    env[k] = None;
}

fn simplify_and(cs: Vec<Cond>) -> Cond {
    let mut out = Vec::new();
    for c in cs {
        match c {
            Cond::True => {}
            Cond::False => return Cond::False,
            Cond::And(inner) => out.extend(inner),
            c => out.push(c),
        }
    }
    match out.len() {
        0 => Cond::True,
        1 => out.pop().unwrap_or(Cond::True),
        _ => Cond::And(out),
    }
}

fn simplify_or(cs: Vec<Cond>) -> Cond {
    let mut out = Vec::new();
    for c in cs {
        match c {
            Cond::True => return Cond::True,
            Cond::False => {}
            c => out.push(c),
        }
    }
    match out.len() {
        0 => Cond::False,
        1 => out.pop().unwrap_or(Cond::False),
        _ => Cond::Or(out),
    }
}

fn reads_dur(e: &NExpr) -> bool {
    match e {
        NExpr::Duration => true,
        NExpr::Bin(_, a, b) => reads_dur(a) || reads_dur(b),
        NExpr::Neg(a) => reads_dur(a),
        _ => false,
    }
}

pub(crate) fn expr_reads(e: &NExpr, out: &mut Vec<u32>) {
    match e {
        NExpr::Fluent(f) => out.push(*f),
        NExpr::Bin(_, a, b) => {
            expr_reads(a, out);
            expr_reads(b, out);
        }
        NExpr::Neg(a) => expr_reads(a, out),
        _ => {}
    }
}

fn cond_reads(c: &Cond, p: &mut Print) {
    match c {
        Cond::Atom(a, _) => p.reads.push(*a),
        Cond::Cmp(_, a, b) => {
            expr_reads(a, &mut p.fluent_reads);
            expr_reads(b, &mut p.fluent_reads);
        }
        Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| cond_reads(c, p)),
        Cond::True | Cond::False => {}
    }
}

fn effect_print(e: &Effects, p: &mut Print) {
    p.writes.extend(&e.adds);
    p.writes.extend(&e.dels);
    for (_, f, x) in &e.updates {
        p.fluent_writes.push(*f);
        p.fluent_reads.push(*f);
        expr_reads(x, &mut p.fluent_reads);
    }
    for (c, lit) in &e.conditional {
        cond_reads(c, p);
        match lit {
            EffectLit::Add(a) | EffectLit::Del(a) => p.writes.push(*a),
            EffectLit::Update(_, f, x) => {
                p.fluent_writes.push(*f);
                p.fluent_reads.push(*f);
                expr_reads(x, &mut p.fluent_reads);
            }
        }
    }
}

/// Every atom an action can add (for reachability).
fn ga_adds(ga: &GroundAction) -> Vec<u32> {
    let mut v = Vec::new();
    for e in [&ga.start_effects, &ga.end_effects] {
        v.extend(&e.adds);
        for (_, lit) in &e.conditional {
            if let EffectLit::Add(a) = lit {
                v.push(*a);
            }
        }
    }
    v
}

/// Positive atoms of a ground condition's top-level conjunction (what the relaxation reads).
pub(crate) fn cond_atoms(c: &Cond, out: &mut Vec<u32>) {
    match c {
        Cond::Atom(a, true) => out.push(*a),
        Cond::And(cs) => cs.iter().for_each(|c| cond_atoms(c, out)),
        _ => {}
    }
}
