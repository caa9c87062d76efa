//! Relaxed reachability as a Datalog fixpoint, and the instantiation of the reachable operators.
//!
//! Every atom gets an id in the order it is found; static atoms of the initial state come first.
//! Atoms are processed in id order (a queue), and a rule is only triggered by the atom being
//! processed, joined with atoms processed before it. So each combination of body atoms is found
//! exactly once, when its last atom is processed (semi-naive evaluation). Joins bind variables
//! atom by atom, looking candidates up in a per-(predicate, position, object) index; the order is
//! greedy (the atom with most bound arguments next, static atoms first on ties), and equality and
//! static negative literals are tested as soon as their variables are bound.

use crate::normalize::{LAtom, Lit, Normalized, Term};
use crate::{
    AtomId, AtomName, Axiom, CondEffect, GroundError, GroundOptions, GroundStats, GroundTask, Grounded, Operator,
    Refusal,
};
use model::lifted::{Arg, Expr, ObjectId, PredicateId, Task, TypeSpec};
use rustc_hash::{FxHashMap, FxHashSet};
use std::time::Instant;

const UNBOUND: u32 = u32::MAX;

/// All atoms found so far, static and fluent, with the join indexes.
struct Store {
    pred: Vec<u32>,
    start: Vec<u32>,
    args: Vec<u32>,
    map: FxHashMap<Box<[u32]>, u32>,
    by_pred: Vec<Vec<u32>>,
    /// `by_arg[pred][pos][obj]`: the atoms with `obj` at `pos`, in id order.
    by_arg: Vec<Vec<Vec<Vec<u32>>>>,
    key: Vec<u32>,
}

impl Store {
    /// `aux_arity`: the auxiliary derived predicates that follow the domain's.
    fn new(task: &Task, aux_arity: &[usize]) -> Store {
        let d = &task.domain;
        let n = task.objects.len();
        let arities: Vec<usize> =
            d.predicates.iter().map(|p| p.params.len()).chain(aux_arity.iter().copied()).collect();
        Store {
            pred: Vec::new(),
            start: Vec::new(),
            args: Vec::new(),
            map: FxHashMap::default(),
            by_pred: vec![Vec::new(); arities.len()],
            by_arg: arities.iter().map(|&k| vec![vec![Vec::new(); n]; k]).collect(),
            key: Vec::new(),
        }
    }

    fn len(&self) -> u32 {
        self.pred.len() as u32
    }

    fn atom_args(&self, id: u32) -> &[u32] {
        let s = self.start[id as usize] as usize;
        let e = self.start.get(id as usize + 1).map_or(self.args.len(), |&x| x as usize);
        &self.args[s..e]
    }

    fn lookup(&self, pred: u32, args: &[u32]) -> Option<u32> {
        // A stack key avoids an allocation per lookup for the usual small arities.
        let mut buf = [0u32; 9];
        if args.len() < buf.len() {
            buf[0] = pred;
            buf[1..=args.len()].copy_from_slice(args);
            self.map.get(&buf[..=args.len()]).copied()
        } else {
            let mut k = Vec::with_capacity(args.len() + 1);
            k.push(pred);
            k.extend_from_slice(args);
            self.map.get(k.as_slice()).copied()
        }
    }

    /// Adds an atom; `true` when it is new.
    fn insert(&mut self, pred: u32, args: &[u32]) -> bool {
        self.key.clear();
        self.key.push(pred);
        self.key.extend_from_slice(args);
        if self.map.contains_key(self.key.as_slice()) {
            return false;
        }
        let id = self.len();
        self.map.insert(self.key.clone().into_boxed_slice(), id);
        self.pred.push(pred);
        self.start.push(self.args.len() as u32);
        self.args.extend_from_slice(args);
        self.by_pred[pred as usize].push(id);
        for (pos, &o) in args.iter().enumerate() {
            if let Some(list) = self.by_arg[pred as usize].get_mut(pos).and_then(|p| p.get_mut(o as usize)) {
                list.push(id);
            }
        }
        true
    }
}

#[derive(Clone, Copy, Debug)]
enum Step {
    Atom(usize),
    Enumerate(u32),
    Check(usize),
}

#[derive(Clone, Debug)]
enum Head {
    Operator(usize),
    Add(LAtom),
    Goal,
}

struct Rule {
    /// Per variable: index into `Grounder::domains`.
    domains: Vec<usize>,
    pos: Vec<LAtom>,
    /// Equalities and negative literals (only static negative literals are tested in joins).
    checks: Vec<Lit>,
    head: Head,
}

struct Plan {
    rule: usize,
    trigger: Option<usize>,
    steps: Vec<Step>,
}

struct Grounder<'a> {
    fluent: &'a [bool],
    /// Type domains: membership per object and the list.
    domains: Vec<(Vec<bool>, Vec<u32>)>,
    domain_of: FxHashMap<Vec<u32>, usize>,
    store: Store,
    task: &'a Task,
}

impl Grounder<'_> {
    fn domain(&mut self, ty: &TypeSpec) -> usize {
        let key: Vec<u32> = ty.0.iter().map(|t| t.0).collect();
        if let Some(&i) = self.domain_of.get(&key) {
            return i;
        }
        let list: Vec<u32> = self.task.objects_of(ty).into_iter().map(|o| o.0).collect();
        let mut member = vec![false; self.task.objects.len()];
        for &o in &list {
            member[o as usize] = true;
        }
        self.domains.push((member, list));
        self.domain_of.insert(key, self.domains.len() - 1);
        self.domains.len() - 1
    }

    fn is_static(&self, pred: u32) -> bool {
        !self.fluent[pred as usize]
    }

    /// A join order: greedy over body atoms, checks as soon as their variables are bound, then
    /// enumeration of variables no atom binds.
    fn plan(&self, rule: &Rule, rule_index: usize, trigger: Option<usize>, prebound: usize) -> Plan {
        let nvars = rule.domains.len();
        let mut bound = vec![false; nvars];
        for b in bound.iter_mut().take(prebound) {
            *b = true;
        }
        let bind_atom = |bound: &mut Vec<bool>, a: &LAtom| {
            for t in &a.args {
                if let Term::Var(v) = t {
                    bound[*v as usize] = true;
                }
            }
        };
        if let Some(t) = trigger {
            bind_atom(&mut bound, &rule.pos[t]);
        }
        let mut steps = Vec::new();
        let mut used_atoms = vec![false; rule.pos.len()];
        if let Some(t) = trigger {
            used_atoms[t] = true;
        }
        let mut used_checks = vec![false; rule.checks.len()];
        let add_checks = |bound: &Vec<bool>, used: &mut Vec<bool>, steps: &mut Vec<Step>| {
            for (i, c) in rule.checks.iter().enumerate() {
                if used[i] {
                    continue;
                }
                let vars_bound = |t: &Term| match t {
                    Term::Var(v) => bound[*v as usize],
                    Term::Obj(_) => true,
                };
                let ready = match c {
                    Lit::Atom { atom, .. } => atom.args.iter().all(vars_bound),
                    Lit::Eq { a, b, .. } => vars_bound(a) && vars_bound(b),
                };
                if ready {
                    used[i] = true;
                    steps.push(Step::Check(i));
                }
            }
        };
        add_checks(&bound, &mut used_checks, &mut steps);
        loop {
            let mut best: Option<(usize, (usize, bool, usize))> = None;
            for (i, a) in rule.pos.iter().enumerate() {
                if used_atoms[i] {
                    continue;
                }
                let nb = a
                    .args
                    .iter()
                    .filter(|t| matches!(t, Term::Obj(_)) || matches!(t, Term::Var(v) if bound[*v as usize]))
                    .count();
                let score = (nb, self.is_static(a.pred), usize::MAX - a.args.len());
                if best.as_ref().is_none_or(|(_, s)| score > *s) {
                    best = Some((i, score));
                }
            }
            let Some((i, _)) = best else { break };
            used_atoms[i] = true;
            steps.push(Step::Atom(i));
            bind_atom(&mut bound, &rule.pos[i]);
            add_checks(&bound, &mut used_checks, &mut steps);
        }
        for v in 0..nvars {
            if !bound[v] {
                bound[v] = true;
                steps.push(Step::Enumerate(v as u32));
                add_checks(&bound, &mut used_checks, &mut steps);
            }
        }
        Plan { rule: rule_index, trigger, steps }
    }

    /// Runs the join from `k`, calling `out` with every complete binding.
    fn run(&self, rule: &Rule, steps: &[Step], k: usize, binding: &mut Vec<u32>, limit: u32, out: &mut Vec<u32>) {
        let Some(&step) = steps.get(k) else {
            out.extend_from_slice(binding);
            return;
        };
        match step {
            Step::Check(c) => {
                if self.check(&rule.checks[c], binding) {
                    self.run(rule, steps, k + 1, binding, limit, out);
                }
            }
            Step::Enumerate(v) => {
                let list = &self.domains[rule.domains[v as usize]].1;
                for &o in list {
                    binding[v as usize] = o;
                    self.run(rule, steps, k + 1, binding, limit, out);
                }
                binding[v as usize] = UNBOUND;
            }
            Step::Atom(i) => {
                let atom = &rule.pos[i];
                let value = |t: &Term, binding: &Vec<u32>| match t {
                    Term::Obj(o) => *o,
                    Term::Var(v) => binding[*v as usize],
                };
                // The shortest candidate list among the bound positions.
                let mut candidates: &[u32] = &self.store.by_pred[atom.pred as usize];
                let mut all_bound = true;
                for (pos, t) in atom.args.iter().enumerate() {
                    let o = value(t, binding);
                    if o == UNBOUND {
                        all_bound = false;
                        continue;
                    }
                    let list = self.store.by_arg[atom.pred as usize]
                        .get(pos)
                        .and_then(|p| p.get(o as usize))
                        .map_or(&[][..], |l| l.as_slice());
                    if list.len() < candidates.len() {
                        candidates = list;
                    }
                }
                if all_bound {
                    let args: Vec<u32> = atom.args.iter().map(|t| value(t, binding)).collect();
                    if self.store.lookup(atom.pred, &args).is_some_and(|id| id <= limit) {
                        self.run(rule, steps, k + 1, binding, limit, out);
                    }
                    return;
                }
                let mut newly: [u32; 16] = [UNBOUND; 16];
                for &id in candidates {
                    if id > limit {
                        break;
                    }
                    let args = self.store.atom_args(id);
                    let mut n = 0;
                    let mut ok = true;
                    for (t, &o) in atom.args.iter().zip(args) {
                        match *t {
                            Term::Obj(x) => ok = x == o,
                            Term::Var(v) => {
                                let b = binding[v as usize];
                                if b == UNBOUND {
                                    if self.domains[rule.domains[v as usize]].0[o as usize] && n < newly.len() {
                                        binding[v as usize] = o;
                                        newly[n] = v;
                                        n += 1;
                                    } else {
                                        ok = false;
                                    }
                                } else {
                                    ok = b == o;
                                }
                            }
                        }
                        if !ok {
                            break;
                        }
                    }
                    if ok {
                        self.run(rule, steps, k + 1, binding, limit, out);
                    }
                    for &v in &newly[..n] {
                        binding[v as usize] = UNBOUND;
                    }
                }
            }
        }
    }

    fn ground_args(&self, atom: &LAtom, binding: &[u32]) -> Vec<u32> {
        atom.args
            .iter()
            .map(|t| match t {
                Term::Obj(o) => *o,
                Term::Var(v) => binding[*v as usize],
            })
            .collect()
    }

    fn check(&self, c: &Lit, binding: &[u32]) -> bool {
        let value = |t: &Term| match t {
            Term::Obj(o) => *o,
            Term::Var(v) => binding[*v as usize],
        };
        match c {
            Lit::Eq { pos, a, b } => (value(a) == value(b)) == *pos,
            // Negative literals on fluents are relaxed away in reachability; they become
            // preconditions of the operator.
            Lit::Atom { pos: false, atom } if self.is_static(atom.pred) => {
                self.store.lookup(atom.pred, &self.ground_args(atom, binding)).is_none()
            }
            Lit::Atom { .. } => true,
        }
    }
}

fn split(lits: &[Lit]) -> (Vec<LAtom>, Vec<Lit>) {
    let mut pos = Vec::new();
    let mut checks = Vec::new();
    for l in lits {
        match l {
            Lit::Atom { pos: true, atom } => pos.push(atom.clone()),
            other => checks.push(other.clone()),
        }
    }
    (pos, checks)
}

pub(crate) fn ground(task: &Task, norm: &Normalized, options: GroundOptions) -> Result<Grounded, GroundError> {
    let mut g = Grounder {
        fluent: &norm.fluent,
        domains: Vec::new(),
        domain_of: FxHashMap::default(),
        store: Store::new(task, &norm.aux_arity),
        task,
    };
    // Static atoms first: they are "processed" before any fluent atom.
    for a in &task.init {
        if !norm.fluent[a.predicate.index()] {
            let args: Vec<u32> = a.args.iter().map(|o| o.0).collect();
            g.store.insert(a.predicate.0, &args);
        }
    }
    let nstatic = g.store.len();
    for a in &task.init {
        if norm.fluent[a.predicate.index()] {
            let args: Vec<u32> = a.args.iter().map(|o| o.0).collect();
            g.store.insert(a.predicate.0, &args);
        }
    }

    // Rules: one per variant (head: the operator and its plain adds), one per add effect with a
    // condition or its own variables.
    let mut rules: Vec<Rule> = Vec::new();
    // For each variant, its plain adds (no extra variables, no condition).
    let mut plain_adds: Vec<Vec<LAtom>> = Vec::with_capacity(norm.variants.len());
    for (vi, v) in norm.variants.iter().enumerate() {
        let domains: Vec<usize> = v.vars.iter().map(|t| g.domain(t)).collect();
        let (pos, checks) = split(&v.pre);
        rules.push(Rule {
            domains: domains.clone(),
            pos: pos.clone(),
            checks: checks.clone(),
            head: Head::Operator(vi),
        });
        let mut plain = Vec::new();
        for e in &v.effects {
            if !e.add {
                continue;
            }
            if e.extra.is_empty() && e.cond.is_empty() {
                plain.push(e.atom.clone());
                continue;
            }
            let mut d = domains.clone();
            d.extend(e.extra.iter().map(|t| g.domain(t)));
            let (cpos, cchecks) = split(&e.cond);
            let mut p = pos.clone();
            p.extend(cpos);
            let mut c = checks.clone();
            c.extend(cchecks);
            rules.push(Rule { domains: d, pos: p, checks: c, head: Head::Add(e.atom.clone()) });
        }
        plain_adds.push(plain);
    }
    // Derived predicates: each rule disjunct adds its head (negative literals relaxed away, as
    // for preconditions).
    for dd in &norm.derived {
        let domains: Vec<usize> = dd.vars.iter().map(|t| g.domain(t)).collect();
        let (pos, checks) = split(&dd.body);
        rules.push(Rule { domains, pos, checks, head: Head::Add(dd.head.clone()) });
    }
    let mut plans: Vec<Plan> = Vec::new();
    let mut triggers: Vec<Vec<usize>> = vec![Vec::new(); norm.fluent.len()];
    let mut static_rules = Vec::new();
    for (ri, r) in rules.iter().enumerate() {
        let fluent_atoms: Vec<usize> = (0..r.pos.len()).filter(|&i| norm.fluent[r.pos[i].pred as usize]).collect();
        if fluent_atoms.is_empty() {
            static_rules.push(plans.len());
            plans.push(g.plan(r, ri, None, 0));
        }
        for t in fluent_atoms {
            triggers[r.pos[t].pred as usize].push(plans.len());
            plans.push(g.plan(r, ri, Some(t), 0));
        }
    }

    let mut op_seen: FxHashSet<Box<[u32]>> = FxHashSet::default();
    let mut instances: Vec<(usize, Box<[u32]>)> = Vec::new();
    let mut out: Vec<u32> = Vec::new();
    let mut binding: Vec<u32> = Vec::new();

    // Rules whose body has no fluent atom fire once, against the static atoms.
    for &pi in &static_rules {
        let plan = &plans[pi];
        let rule = &rules[plan.rule];
        binding.clear();
        binding.resize(rule.domains.len(), UNBOUND);
        out.clear();
        if rule.domains.is_empty() {
            if g.run_marker(rule, &plan.steps, &mut binding, u32::MAX) {
                fire(&mut g, rule, &[&[][..]], &plain_adds, &mut instances, &mut op_seen);
            }
        } else {
            g.run(rule, &plan.steps, 0, &mut binding, u32::MAX, &mut out);
            let chunks: Vec<&[u32]> = out.chunks(rule.domains.len()).collect();
            fire(&mut g, rule, &chunks, &plain_adds, &mut instances, &mut op_seen);
        }
    }

    let mut cur = nstatic;
    // Joins and firings since the last look at the clock: one atom can fire thousands of
    // operators (`holding b` of blocksworld: a `stack b ?y` for every block), so the deadline is
    // checked by work done, not by atoms processed.
    let mut work = 0usize;
    while cur < g.store.len() {
        if work >= 4096 {
            work = 0;
            if options.deadline.is_some_and(|d| Instant::now() > d) {
                return Err(GroundError::OutOfTime);
            }
        }
        work += 1;
        let pred = g.store.pred[cur as usize];
        let args: Vec<u32> = g.store.atom_args(cur).to_vec();
        for &pi in &triggers[pred as usize] {
            let plan = &plans[pi];
            let rule = &rules[plan.rule];
            let Some(t) = plan.trigger else { continue };
            binding.clear();
            binding.resize(rule.domains.len(), UNBOUND);
            // Unify the trigger atom with the processed atom.
            let mut ok = true;
            for (term, &o) in rule.pos[t].args.iter().zip(&args) {
                match *term {
                    Term::Obj(x) => ok = x == o,
                    Term::Var(v) => {
                        let b = binding[v as usize];
                        if b == UNBOUND {
                            ok = g.domains[rule.domains[v as usize]].0[o as usize];
                            binding[v as usize] = o;
                        } else {
                            ok = b == o;
                        }
                    }
                }
                if !ok {
                    break;
                }
            }
            if !ok {
                continue;
            }
            out.clear();
            if rule.domains.is_empty() {
                if g.run_marker(rule, &plan.steps, &mut binding, cur) {
                    fire(&mut g, rule, &[&[][..]], &plain_adds, &mut instances, &mut op_seen);
                }
                continue;
            }
            g.run(rule, &plan.steps, 0, &mut binding, cur, &mut out);
            work += out.len() / rule.domains.len();
            if !out.is_empty() {
                let chunks: Vec<&[u32]> = out.chunks(rule.domains.len()).collect();
                fire(&mut g, rule, &chunks, &plain_adds, &mut instances, &mut op_seen);
            }
        }
        cur += 1;
    }

    instantiate(task, norm, &mut g, nstatic, &instances, rules.len(), options)
}

/// Applies a rule's head to each complete binding.
fn fire(
    g: &mut Grounder,
    rule: &Rule,
    bindings: &[&[u32]],
    plain_adds: &[Vec<LAtom>],
    instances: &mut Vec<(usize, Box<[u32]>)>,
    op_seen: &mut FxHashSet<Box<[u32]>>,
) {
    let mut key = Vec::new();
    for b in bindings {
        match &rule.head {
            Head::Operator(vi) => {
                key.clear();
                key.push(*vi as u32);
                key.extend_from_slice(b);
                if op_seen.insert(key.clone().into_boxed_slice()) {
                    instances.push((*vi, (*b).into()));
                    for a in &plain_adds[*vi] {
                        let args = g.ground_args(a, b);
                        g.store.insert(a.pred, &args);
                    }
                }
            }
            Head::Add(a) => {
                let args = g.ground_args(a, b);
                g.store.insert(a.pred, &args);
            }
            Head::Goal => {}
        }
    }
}

impl Grounder<'_> {
    /// Whether a join has at least one complete match (for rules without variables).
    fn run_marker(&self, rule: &Rule, steps: &[Step], binding: &mut [u32], limit: u32) -> bool {
        // Every step is then an atom lookup or a check, with no branching.
        for &s in steps {
            match s {
                Step::Check(c) => {
                    if !self.check(&rule.checks[c], binding) {
                        return false;
                    }
                }
                Step::Atom(i) => {
                    let a = &rule.pos[i];
                    let args = self.ground_args(a, binding);
                    if self.store.lookup(a.pred, &args).is_none_or(|id| id > limit) {
                        return false;
                    }
                }
                Step::Enumerate(_) => {}
            }
        }
        true
    }

    /// All complete bindings of `rule` extending the first `prebound` values of `pre`, over every
    /// atom found. Rules without extra variables give at most the one binding `pre`.
    fn extend(&self, rule: &Rule, prebound: usize, pre: &[u32]) -> Vec<Vec<u32>> {
        let plan = self.plan(rule, 0, None, prebound);
        let mut binding = vec![UNBOUND; rule.domains.len()];
        binding[..prebound].copy_from_slice(&pre[..prebound]);
        if rule.domains.len() == prebound {
            return if self.run_marker(rule, &plan.steps, &mut binding, u32::MAX) { vec![binding] } else { Vec::new() };
        }
        let mut out = Vec::new();
        self.run(rule, &plan.steps, 0, &mut binding, u32::MAX, &mut out);
        out.chunks(rule.domains.len()).map(|c| c.to_vec()).collect()
    }
}

/// Ground literals of a conjunction: positive and negative fluent atoms. `None` when a positive
/// fluent atom was never reached (cannot happen for bindings found by a join; kept defensive).
fn ground_conj(g: &Grounder, nstatic: u32, lits: &[Lit], b: &[u32]) -> Option<(Vec<AtomId>, Vec<AtomId>)> {
    let mut pos = Vec::new();
    let mut neg = Vec::new();
    for l in lits {
        if let Lit::Atom { pos: p, atom } = l {
            if g.is_static(atom.pred) {
                continue;
            }
            let id = g.store.lookup(atom.pred, &g.ground_args(atom, b));
            match (p, id) {
                (true, Some(id)) => pos.push(id - nstatic),
                (true, None) => return None,
                // A never-reached atom is always false, so its negation always holds.
                (false, Some(id)) => neg.push(id - nstatic),
                (false, None) => {}
            }
        }
    }
    pos.sort_unstable();
    pos.dedup();
    neg.sort_unstable();
    neg.dedup();
    Some((pos, neg))
}

fn eval_cost(e: &Expr, b: &[u32], norm: &Normalized) -> Result<Option<f64>, Refusal> {
    use model::semantics::binary;
    Ok(match e {
        Expr::Number(x) => Some(*x),
        Expr::Fluent(f) => {
            let mut args = Vec::with_capacity(f.args.len());
            for a in &f.args {
                args.push(match a {
                    Arg::Object(o) => *o,
                    Arg::Var(v) => ObjectId(b[v.index()]),
                });
            }
            norm.values.get(&(f.function, args)).copied()
        }
        Expr::Binary(op, x, y) => {
            let (Some(x), Some(y)) = (eval_cost(x, b, norm)?, eval_cost(y, b, norm)?) else { return Ok(None) };
            binary(*op, x, y).ok()
        }
        Expr::Negate(x) => eval_cost(x, b, norm)?.map(|v| -v),
        _ => {
            return Err(Refusal {
                construct: "an action cost expression other than numbers and static fluents".into(),
                place: "action".into(),
            });
        }
    })
}

fn instantiate(
    task: &Task,
    norm: &Normalized,
    g: &mut Grounder,
    nstatic: u32,
    instances: &[(usize, Box<[u32]>)],
    nrules: usize,
    options: GroundOptions,
) -> Result<Grounded, GroundError> {
    let natoms = (g.store.len() - nstatic) as usize;
    let atoms: Vec<AtomName> = (nstatic..g.store.len())
        .map(|id| AtomName {
            predicate: PredicateId(g.store.pred[id as usize]),
            args: g.store.atom_args(id).iter().map(|&o| ObjectId(o)).collect(),
        })
        .collect();
    // Effect rules for instantiating conditional and universal effects, per variant and effect.
    let mut refusals = Vec::new();
    let mut ops: Vec<Operator> = Vec::with_capacity(instances.len());
    let mut seen: FxHashSet<Operator> = FxHashSet::default();
    let mut effect_rules: FxHashMap<(usize, usize), Rule> = FxHashMap::default();
    for (count, (vi, b)) in instances.iter().enumerate() {
        if count.is_multiple_of(1024)
            && let Some(d) = options.deadline
            && Instant::now() > d
        {
            return Err(GroundError::OutOfTime);
        }
        let v = &norm.variants[*vi];
        let Some((pre, pre_neg)) = ground_conj(g, nstatic, &v.pre, b) else { continue };
        let cost = if norm.general_cost {
            let mut total = 0.0;
            let mut defined = true;
            for e in &v.cost {
                match eval_cost(e, b, norm) {
                    Ok(Some(x)) => total += x,
                    Ok(None) => defined = false,
                    Err(r) => {
                        if !refusals.contains(&r) {
                            refusals.push(r);
                        }
                    }
                }
            }
            // Reading an undefined value makes the action inapplicable (PDDL 2.1 §4).
            if !defined {
                continue;
            }
            if total < 0.0 || total.fract() != 0.0 || total > u32::MAX as f64 {
                let r = Refusal {
                    construct: format!("an action cost of {total} (costs must be non-negative integers)"),
                    place: format!("action {}", task.domain.name(task.domain.actions[v.action.index()].name)),
                };
                if !refusals.contains(&r) {
                    refusals.push(r);
                }
                continue;
            }
            total as u64
        } else {
            1
        };
        let mut add = Vec::new();
        let mut del = Vec::new();
        let mut cond: Vec<CondEffect> = Vec::new();
        let mut ok = true;
        for (ei, e) in v.effects.iter().enumerate() {
            if e.extra.is_empty() && e.cond.is_empty() {
                let id = g.store.lookup(e.atom.pred, &g.ground_args(&e.atom, b));
                match (e.add, id) {
                    (true, Some(id)) => add.push(id - nstatic),
                    (true, None) => ok = false,
                    (false, Some(id)) => del.push(id - nstatic),
                    (false, None) => {}
                }
                continue;
            }
            let rule = effect_rules.entry((*vi, ei)).or_insert_with(|| {
                let mut domains: Vec<usize> = v.vars.iter().map(|t| g.domain(t)).collect();
                domains.extend(e.extra.iter().map(|t| g.domain(t)));
                let (pos, checks) = split(&e.cond);
                Rule { domains, pos, checks, head: Head::Goal }
            });
            for full in g.extend(rule, v.vars.len(), b) {
                if let Some(ce) = ground_effect(g, nstatic, e, &full) {
                    cond.push(ce);
                }
            }
        }
        if !ok {
            continue;
        }
        let op = finish_operator(
            v.action,
            b[..v.nparams].iter().map(|&o| ObjectId(o)).collect(),
            pre,
            pre_neg,
            add,
            del,
            cond,
            cost,
        );
        // An operator that changes nothing is never needed in a plan (FD drops these too).
        if op.add.is_empty() && op.del.is_empty() && op.cond.is_empty() {
            continue;
        }
        if seen.insert(op.clone()) {
            ops.push(op);
        }
    }
    if !refusals.is_empty() {
        return Err(GroundError::Unsupported(refusals));
    }
    let axioms = ground_axioms(norm, g, nstatic);
    let init: Vec<AtomId> = task
        .init
        .iter()
        .filter(|a| norm.fluent[a.predicate.index()])
        .filter_map(|a| g.store.lookup(a.predicate.0, &a.args.iter().map(|o| o.0).collect::<Vec<_>>()))
        .map(|id| id - nstatic)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();

    // The goal: every reachable ground conjunction of each disjunct.
    let mut conjs: Vec<(Vec<AtomId>, Vec<AtomId>)> = Vec::new();
    for gd in &norm.goal {
        let domains: Vec<usize> = gd.vars.iter().map(|t| g.domain(t)).collect();
        let (pos, checks) = split(&gd.lits);
        let rule = Rule { domains, pos, checks, head: Head::Goal };
        for full in g.extend(&rule, 0, &[]) {
            if let Some(c) = ground_conj(g, nstatic, &gd.lits, &full)
                && !conjs.contains(&c)
            {
                conjs.push(c);
            }
        }
    }
    let mut stats = GroundStats {
        atoms: natoms,
        static_atoms: nstatic as usize,
        operators: ops.len(),
        operator_instances: instances.len(),
        rules: nrules,
        goal_reachable: !conjs.is_empty(),
    };
    if conjs.is_empty() {
        return Ok(Grounded { task: None, stats });
    }
    let mut gt = GroundTask {
        atoms,
        operators: ops,
        init,
        goal: Vec::new(),
        goal_neg: Vec::new(),
        general_cost: norm.general_cost,
        goal_atom: None,
        mutex_groups: Vec::new(),
        axioms,
    };
    if conjs.iter().any(|(p, n)| p.is_empty() && n.is_empty()) {
        // Some disjunct holds in every state.
    } else if conjs.len() == 1 {
        let (p, n) = conjs.pop().unwrap_or_default();
        gt.goal = p;
        gt.goal_neg = n;
    } else {
        // A disjunctive goal: an artificial atom, reached by one zero-cost operator per disjunct.
        let goal_atom = gt.atoms.len() as AtomId;
        gt.atoms.push(AtomName { predicate: PredicateId(u32::MAX), args: Vec::new() });
        for (p, n) in conjs {
            gt.operators.push(Operator {
                action: None,
                args: Vec::new(),
                pre: p,
                pre_neg: n,
                add: vec![goal_atom],
                del: Vec::new(),
                cond: Vec::new(),
                cost: 0,
            });
        }
        gt.goal = vec![goal_atom];
        gt.goal_atom = Some(goal_atom);
    }
    stats.operators = gt.operators.len();
    Ok(Grounded { task: Some(gt), stats })
}

/// Every reachable instance of every derived rule disjunct, as ground axioms sorted by layer.
/// A body literal over an atom never reached is decided: a positive one drops the instance (the
/// join never yields it), a negative one holds.
fn ground_axioms(norm: &Normalized, g: &mut Grounder, nstatic: u32) -> Vec<Axiom> {
    let mut axioms: Vec<Axiom> = Vec::new();
    for dd in &norm.derived {
        let Some(layer) = norm.layer[dd.head.pred as usize] else { continue };
        let domains: Vec<usize> = dd.vars.iter().map(|t| g.domain(t)).collect();
        let (pos, checks) = split(&dd.body);
        let rule = Rule { domains, pos, checks, head: Head::Goal };
        for full in g.extend(&rule, 0, &[]) {
            let Some((pre, pre_neg)) = ground_conj(g, nstatic, &dd.body, &full) else { continue };
            let Some(head) = g.store.lookup(dd.head.pred, &g.ground_args(&dd.head, &full)) else { continue };
            let head = head - nstatic;
            // `d :- d, ...` never makes `d` true by itself.
            if pre.binary_search(&head).is_ok() {
                continue;
            }
            axioms.push(Axiom { layer, head, pre, pre_neg });
        }
    }
    axioms.sort_unstable();
    axioms.dedup();
    axioms
}

fn ground_effect(g: &Grounder, nstatic: u32, e: &crate::normalize::NEffect, b: &[u32]) -> Option<CondEffect> {
    // Static literals and equalities of the condition were decided by the join, except on the
    // hand-built path; decide them here too (cheap).
    for l in &e.cond {
        match l {
            Lit::Atom { pos, atom }
                if g.is_static(atom.pred) && g.store.lookup(atom.pred, &g.ground_args(atom, b)).is_some() != *pos =>
            {
                return None;
            }
            Lit::Eq { .. } if !g.check(l, b) => return None,
            _ => {}
        }
    }
    let (pre, pre_neg) = ground_conj(g, nstatic, &e.cond, b)?;
    let id = g.store.lookup(e.atom.pred, &g.ground_args(&e.atom, b))?;
    Some(CondEffect { pre, pre_neg, add: e.add, atom: id - nstatic })
}

/// Simplifies effects against the precondition and each other, and sorts everything, so that
/// duplicate operators compare equal.
#[allow(clippy::too_many_arguments)]
fn finish_operator(
    action: model::lifted::ActionId,
    args: Vec<ObjectId>,
    pre: Vec<AtomId>,
    pre_neg: Vec<AtomId>,
    mut add: Vec<AtomId>,
    mut del: Vec<AtomId>,
    cond: Vec<CondEffect>,
    cost: u64,
) -> Operator {
    let mut conds = Vec::new();
    for mut c in cond {
        // A condition contradicting the precondition never fires; atoms the precondition
        // guarantees are dropped from the condition.
        if c.pre.iter().any(|a| pre_neg.binary_search(a).is_ok())
            || c.pre_neg.iter().any(|a| pre.binary_search(a).is_ok())
        {
            continue;
        }
        c.pre.retain(|a| pre.binary_search(a).is_err());
        c.pre_neg.retain(|a| pre_neg.binary_search(a).is_err());
        if c.pre.iter().any(|a| c.pre_neg.contains(a)) {
            continue;
        }
        if c.pre.is_empty() && c.pre_neg.is_empty() {
            if c.add { add.push(c.atom) } else { del.push(c.atom) }
        } else {
            conds.push(c);
        }
    }
    add.sort_unstable();
    add.dedup();
    del.sort_unstable();
    del.dedup();
    // Delete-then-add: an atom both added and deleted ends true.
    del.retain(|a| add.binary_search(a).is_err());
    // Conditional effects the unconditional ones make moot.
    conds.retain(|c| add.binary_search(&c.atom).is_err());
    conds.retain(|c| c.add || del.binary_search(&c.atom).is_err());
    conds.sort();
    conds.dedup();
    // Adding an atom the precondition requires changes nothing (it is not deleted: see above).
    add.retain(|a| pre.binary_search(a).is_err());
    Operator { action: Some(action), args, pre, pre_neg, add, del, cond: conds, cost }
}

#[cfg(test)]
mod tests {
    use crate::test_support::{one_action, task};
    use crate::{GroundOptions, GroundTask, Grounded};
    use model::lifted::Task;

    fn ground(t: &Task) -> Grounded {
        crate::ground(t, GroundOptions::default()).expect("grounds")
    }

    fn atom_texts(g: &GroundTask, t: &Task) -> Vec<String> {
        let mut v: Vec<String> = (0..g.atoms.len() as u32).map(|a| g.atom_text(t, a)).collect();
        v.sort();
        v
    }

    fn operator_texts(g: &GroundTask, t: &Task) -> Vec<String> {
        let mut v: Vec<String> = (0..g.operators.len()).filter_map(|i| g.operator_text(t, i)).collect();
        v.sort();
        v
    }

    const CHAIN: &str = "(define (domain chain) (:requirements :strips)
        (:predicates (at ?x) (link ?x ?y))
        (:action move :parameters (?x ?y) :precondition (and (at ?x) (link ?x ?y)) :effect (and (at ?y) (not (at ?x)))))";

    #[test]
    fn only_reachable_atoms_and_operators_are_built() {
        let t = task(
            CHAIN,
            "(define (problem p) (:domain chain) (:objects a b c d e)
               (:init (at a) (link a b) (link b c) (link d e)) (:goal (at c)))",
        );
        let g = ground(&t);
        assert!(g.stats.goal_reachable);
        assert_eq!(g.stats.static_atoms, 3, "the links");
        let g = g.task.expect("a task");
        assert_eq!(atom_texts(&g, &t), ["at a", "at b", "at c"], "d and e are never reached");
        assert_eq!(operator_texts(&g, &t), ["(move a b)", "(move b c)"], "(move d e) is never built");
        assert_eq!(g.init.len(), 1);
        assert_eq!(g.goal.len(), 1);
    }

    #[test]
    fn the_fixpoint_chains_through_every_action() {
        // make-r (negative precondition), then make-q, then make-p, then act: all reachable.
        let t = one_action("?x", "(p ?x)", "");
        let g = ground(&t).task.expect("a task");
        assert_eq!(g.atoms.len(), 10, "p, q, r over a b c, and done: {:?}", atom_texts(&g, &t));
        assert_eq!(g.operators.len(), 12);
        assert!(g.operators.iter().filter(|o| !o.pre_neg.is_empty()).count() == 3, "make-r keeps (not (r ?x))");
    }

    #[test]
    fn an_unreachable_goal_proves_the_task_unsolvable() {
        let t = task(
            CHAIN,
            "(define (problem p) (:domain chain) (:objects a b c) (:init (at a) (link b c)) (:goal (at c)))",
        );
        let g = ground(&t);
        assert!(!g.stats.goal_reachable);
        assert!(g.task.is_none());
    }

    #[test]
    fn exists_variables_range_over_what_is_reachable() {
        // act ?x needs some ?y with the static (s ?x ?y): only a has one.
        let t = one_action("?x", "(exists (?y) (s ?x ?y))", "(s a b)");
        let g = ground(&t).task.expect("a task");
        let acts: Vec<String> = operator_texts(&g, &t).into_iter().filter(|o| o.starts_with("(act")).collect();
        assert_eq!(acts, ["(act a)"]);
    }

    #[test]
    fn equal_variants_become_one_operator() {
        // Two disjuncts with the same literals give the same operator: it is built once.
        let t = one_action("?x", "(or (and (p ?x) (q ?x)) (and (q ?x) (p ?x)))", "");
        let g = ground(&t);
        let gt = g.task.as_ref().expect("a task");
        let acts = operator_texts(gt, &t).into_iter().filter(|o| o.starts_with("(act")).count();
        assert_eq!(acts, 3);
        assert!(g.stats.operator_instances > g.stats.operators, "{:?}", g.stats);
    }

    #[test]
    fn constants_and_equality_select_objects() {
        let t = one_action("?x", "(and (r ?x) (not (= ?x a)))", "");
        let g = ground(&t).task.expect("a task");
        let acts: Vec<String> = operator_texts(&g, &t).into_iter().filter(|o| o.starts_with("(act")).collect();
        assert_eq!(acts, ["(act b)", "(act c)"]);
    }
}
