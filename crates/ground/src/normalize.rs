//! Normalization of the lifted task into conjunctive rules over rule-local variables.
//!
//! Each action precondition becomes a DNF; each disjunct is one *variant* of the action (FD splits
//! disjunctive preconditions the same way). `exists` variables become extra variables of the
//! variant (FD's "external parameters" stay the schema's parameters, so plans name only those).
//! `forall` in a condition is expanded over the objects of the variables' types, renaming the
//! `exists` variables inside each copy apart. Static literals whose arguments are all objects and
//! equalities between objects are decided here, which keeps the expansions small.

use crate::{GroundError, Refusal};
use model::lifted::{Arg, Condition, Expr, FunctionId, Literal, ObjectId, Param, PredicateId, Task, TypeSpec, VarId};
use pddl::ast::{AssignOp, Optimization};
use rustc_hash::{FxHashMap, FxHashSet};

/// The largest DNF (in literals) one condition may expand to before grounding gives up on it.
const DNF_LIMIT: usize = 200_000;

/// The most disjuncts a universal condition may expand to; beyond, it is compiled into an
/// auxiliary derived predicate instead (each disjunct would be one more operator variant, and a
/// `forall` over an `imply` doubles them with every object).
const FORALL_DISJUNCTS: usize = 64;

/// A rule-local variable (index into the rule's domains) or an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Term {
    Var(u32),
    Obj(u32),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct LAtom {
    pub pred: u32,
    pub args: Vec<Term>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Lit {
    Atom { pos: bool, atom: LAtom },
    Eq { pos: bool, a: Term, b: Term },
}

/// An effect of a variant, for one disjunct of its condition. Its variables are the variant's
/// (bound when the operator is known) followed by `extra` ones (forall and exists variables).
#[derive(Clone, Debug)]
pub(crate) struct NEffect {
    pub extra: Vec<TypeSpec>,
    pub cond: Vec<Lit>,
    pub add: bool,
    pub atom: LAtom,
}

/// One precondition disjunct of an action.
#[derive(Clone, Debug)]
pub(crate) struct Variant {
    pub action: model::lifted::ActionId,
    pub nparams: usize,
    /// Types of the variables: parameters, then this disjunct's `exists` variables.
    pub vars: Vec<TypeSpec>,
    pub pre: Vec<Lit>,
    pub effects: Vec<NEffect>,
    /// Summands of `(increase (total-cost) e)`, over the parameters.
    pub cost: Vec<Expr>,
}

/// The goal as rules: each disjunct with its own variables.
#[derive(Clone, Debug)]
pub(crate) struct GoalDisjunct {
    pub vars: Vec<TypeSpec>,
    pub lits: Vec<Lit>,
}

/// One disjunct of a `:derived` rule's body: the head's variables come first in `vars`.
#[derive(Clone, Debug)]
pub(crate) struct DerivedDisjunct {
    pub head: LAtom,
    pub vars: Vec<TypeSpec>,
    pub body: Vec<Lit>,
}

pub(crate) struct Normalized {
    /// Per predicate: not static (changed by some action, or derived).
    pub fluent: Vec<bool>,
    /// Per predicate: its axiom layer if it is derived.
    pub layer: Vec<Option<u32>>,
    pub derived: Vec<DerivedDisjunct>,
    /// Arities of the auxiliary derived predicates that universal conditions too large to expand
    /// were compiled into; their ids follow the domain's predicates.
    pub aux_arity: Vec<usize>,
    pub variants: Vec<Variant>,
    pub goal: Vec<GoalDisjunct>,
    pub general_cost: bool,
    /// Initial values of the (static) numeric fluents, for action costs.
    pub values: FxHashMap<(FunctionId, Vec<ObjectId>), f64>,
}

type Dnf = Vec<Vec<Lit>>;

struct Norm<'a> {
    task: &'a Task,
    fluent: &'a [bool],
    statics: &'a FxHashSet<(PredicateId, Vec<ObjectId>)>,
    /// Types of the local variables allocated so far.
    local: Vec<TypeSpec>,
    refusals: Vec<Refusal>,
    place: String,
    /// Rules of the derived predicates, the domain's and the auxiliary ones.
    derived: Vec<DerivedDisjunct>,
    aux_arity: Vec<usize>,
    /// Auxiliary predicate per (universal condition, its free variables), so that a condition
    /// normalized again (for another variant or effect) reuses its axioms.
    aux_of: FxHashMap<(usize, Vec<u32>), u32>,
}

pub(crate) fn normalize(task: &Task) -> Result<Normalized, GroundError> {
    let d = &task.domain;
    let mut refusals = Vec::new();
    let mut refuse = |construct: &str, place: &str| {
        refusals.push(Refusal { construct: construct.to_string(), place: place.to_string() })
    };
    if !task.timed_literals.is_empty() {
        refuse("timed initial literals", "problem");
    }
    if d.constraints.is_some() || task.constraints.is_some() {
        refuse("trajectory constraints (:constraints)", "problem");
    }
    let total_cost = d.total_cost_function();
    // Which function costs count is `model`'s decision; grounding supports only the metrics
    // whose cost is a sum of action costs.
    let general_cost = matches!(task.costs(), model::Costs::TotalCost(_));
    if let Some(m) = &task.metric {
        match (&m.optimization, &m.expr) {
            (Optimization::Minimize, Expr::Fluent(f)) if Some(f.function) == total_cost => {}
            // `(total-time)` of a classical plan is its length, which unit costs minimize.
            (Optimization::Minimize, Expr::TotalTime) => {}
            _ => refuse("a metric other than `minimize (total-cost)`", "problem"),
        }
    }
    // Fluent (changed by an action, derived, or by a timed literal) is `model`'s decision.
    let mut fluent = task.fluent_predicates();
    for a in &d.actions {
        let name = d.name(a.name).to_string();
        if a.is_durative() {
            refuse("durative actions", &format!("action {name}"));
            continue;
        }
        for e in &a.effects {
            match &e.literal {
                Literal::Add(_) | Literal::Delete(_) => {}
                Literal::Assign(op, f, _) if Some(f.function) == total_cost => {
                    if *op != AssignOp::Increase {
                        refuse("an update of total-cost other than `increase`", &format!("action {name}"));
                    } else if !e.forall.is_empty() || e.condition != Condition::True {
                        refuse("a conditional or universal action cost", &format!("action {name}"));
                    }
                }
                Literal::Assign(_, f, _) => {
                    let fname = d.name(d.functions[f.function.index()].name);
                    refuse(&format!("numeric fluents (assignment to `{fname}`)"), &format!("action {name}"));
                }
            }
        }
    }
    if !refusals.is_empty() {
        return Err(GroundError::Unsupported(refusals));
    }
    let statics: FxHashSet<(PredicateId, Vec<ObjectId>)> =
        task.init.iter().filter(|a| !fluent[a.predicate.index()]).map(|a| (a.predicate, a.args.clone())).collect();
    let mut values = FxHashMap::default();
    for (f, v) in &task.init_values {
        if let model::lifted::Value::Number(x) = v {
            values.insert((f.function, f.args.clone()), *x);
        }
    }

    let mut n = Norm {
        task,
        fluent: &fluent,
        statics: &statics,
        local: Vec::new(),
        refusals: Vec::new(),
        place: String::new(),
        derived: Vec::new(),
        aux_arity: Vec::new(),
        aux_of: FxHashMap::default(),
    };
    let mut variants = Vec::new();
    for (ai, a) in d.actions.iter().enumerate() {
        n.place = format!("action {}", d.name(a.name));
        let p = a.parameters;
        n.local = a.params().iter().map(|x| x.ty.clone()).collect();
        let mut subst: Vec<Option<Term>> = vec![None; a.variables.len()];
        for (i, s) in subst.iter_mut().enumerate().take(p) {
            *s = Some(Term::Var(i as u32));
        }
        let pre = n.dnf(&a.precondition, &mut subst, &a.variables)?;
        let mut cost = Vec::new();
        for e in &a.effects {
            if let Literal::Assign(_, f, expr) = &e.literal
                && Some(f.function) == total_cost
            {
                if expr_uses_var_beyond(expr, p) {
                    n.refuse("an action cost that reads a quantified variable");
                }
                cost.push(expr.clone());
            }
        }
        for disjunct in pre {
            // Compact the variables: parameters stay; only `exists` variables used by this
            // disjunct remain, renumbered after the parameters.
            let (vars, pre) = compact(&n.local, p, disjunct);
            let mut effects = Vec::new();
            for e in &a.effects {
                let (add, atom) = match &e.literal {
                    Literal::Add(x) => (true, x),
                    Literal::Delete(x) => (false, x),
                    Literal::Assign(..) => continue,
                };
                // Effect variables: the variant's, then forall variables, then exists variables
                // of the effect condition.
                n.local = vars.clone();
                let mut esubst: Vec<Option<Term>> = vec![None; a.variables.len()];
                for (i, s) in esubst.iter_mut().enumerate().take(p) {
                    *s = Some(Term::Var(i as u32));
                }
                for &v in &e.forall {
                    let t = n.fresh(&a.variables[v.index()].ty);
                    esubst[v.index()] = Some(t);
                }
                let Some(latom) = n.atom_terms(atom, &esubst) else { continue };
                let cond = n.dnf(&e.condition, &mut esubst, &a.variables)?;
                for c in cond {
                    let mut lits = c;
                    lits.push(Lit::Atom { pos: true, atom: latom.clone() });
                    let (evars, mut lits) = compact(&n.local, vars.len(), lits);
                    let Some(Lit::Atom { atom, .. }) = lits.pop() else { continue };
                    effects.push(NEffect { extra: evars[vars.len()..].to_vec(), cond: lits, add, atom });
                }
            }
            variants.push(Variant {
                action: model::lifted::ActionId(ai as u32),
                nparams: p,
                vars,
                pre,
                effects,
                cost: cost.clone(),
            });
        }
    }
    for r in &d.derived {
        let pred = &d.predicates[r.predicate.index()];
        n.place = format!("derived predicate {}", d.name(pred.name));
        let arity = pred.params.len();
        n.local = r.variables[..arity].iter().map(|x| x.ty.clone()).collect();
        let mut subst: Vec<Option<Term>> = vec![None; r.variables.len()];
        for (i, s) in subst.iter_mut().enumerate().take(arity) {
            *s = Some(Term::Var(i as u32));
        }
        let head = LAtom { pred: r.predicate.0, args: (0..arity as u32).map(Term::Var).collect() };
        for disjunct in n.dnf(&r.body, &mut subst, &r.variables)? {
            let (vars, body) = compact(&n.local, arity, disjunct);
            n.derived.push(DerivedDisjunct { head: head.clone(), vars, body });
        }
    }
    n.place = "goal".into();
    n.local = Vec::new();
    let mut gsubst: Vec<Option<Term>> = vec![None; task.goal_variables.len()];
    let goal_dnf = n.dnf(&task.goal, &mut gsubst, &task.goal_variables)?;
    let goal = goal_dnf
        .into_iter()
        .map(|c| {
            let (vars, lits) = compact(&n.local, 0, c);
            GoalDisjunct { vars, lits }
        })
        .collect();
    if !n.refusals.is_empty() {
        return Err(GroundError::Unsupported(n.refusals));
    }
    let (derived, aux_arity) = (n.derived, n.aux_arity);
    fluent.extend(aux_arity.iter().map(|_| true));
    let layer = stratify(task, aux_arity.len(), &derived).map_err(|p| {
        let name = d
            .predicates
            .get(p as usize)
            .map_or_else(|| "an auxiliary predicate".into(), |x| format!("`{}`", d.name(x.name)));
        GroundError::Unsupported(vec![Refusal {
            construct: format!(
                "derived predicates that are not stratifiable ({name} depends negatively on itself through its rules)"
            ),
            place: "domain".into(),
        }])
    })?;
    Ok(Normalized { fluent, layer, derived, aux_arity, variants, goal, general_cost, values })
}

/// Layers of the derived predicates, as Fast Downward's translator computes them: a predicate's
/// layer is at least that of every derived predicate its rules use positively, and greater than
/// that of every one they use negatively. The smallest such layers are found by relaxation; a
/// layer beyond the number of derived predicates means a cycle through negation, reported with a
/// predicate on it.
pub(crate) fn stratify(task: &Task, naux: usize, rules: &[DerivedDisjunct]) -> Result<Vec<Option<u32>>, u32> {
    let preds = &task.domain.predicates;
    let mut layer: Vec<Option<u32>> = preds.iter().map(|p| p.derived.then_some(0)).collect();
    layer.extend((0..naux).map(|_| Some(0)));
    let nderived = layer.iter().flatten().count() as u32;
    loop {
        let mut changed = false;
        for r in rules {
            for l in &r.body {
                let Lit::Atom { pos, atom } = l else { continue };
                let Some(body) = layer[atom.pred as usize] else { continue };
                let need = body + u32::from(!*pos);
                let head = layer[r.head.pred as usize].unwrap_or(0);
                if need > head {
                    if need > nderived {
                        return Err(r.head.pred);
                    }
                    layer[r.head.pred as usize] = Some(need);
                    changed = true;
                }
            }
        }
        if !changed {
            return Ok(layer);
        }
    }
}

fn expr_uses_var_beyond(e: &Expr, p: usize) -> bool {
    match e {
        Expr::Fluent(f) => f.args.iter().any(|a| matches!(a, Arg::Var(v) if v.index() >= p)),
        Expr::Var(v) => v.index() >= p,
        Expr::Binary(_, a, b) => expr_uses_var_beyond(a, p) || expr_uses_var_beyond(b, p),
        Expr::Negate(a) => expr_uses_var_beyond(a, p),
        _ => false,
    }
}

/// Renumbers the variables of `lits` beyond the first `keep` so that only used ones remain.
fn compact(types: &[TypeSpec], keep: usize, mut lits: Vec<Lit>) -> (Vec<TypeSpec>, Vec<Lit>) {
    let mut map: FxHashMap<u32, u32> = FxHashMap::default();
    let mut vars: Vec<TypeSpec> = types[..keep].to_vec();
    let mut fix = |t: &mut Term| {
        if let Term::Var(v) = t
            && (*v as usize) >= keep
        {
            let next = vars.len() as u32;
            let nv = *map.entry(*v).or_insert_with(|| {
                vars.push(types[*v as usize].clone());
                next
            });
            *v = nv;
        }
    };
    for l in &mut lits {
        match l {
            Lit::Atom { atom, .. } => atom.args.iter_mut().for_each(&mut fix),
            Lit::Eq { a, b, .. } => {
                fix(a);
                fix(b);
            }
        }
    }
    (vars, lits)
}

impl Norm<'_> {
    /// `forall` expanded over the objects of the variables' types: the conjunction of the body's
    /// copies, one per combination.
    fn expand_forall(
        &mut self,
        vars: &[VarId],
        body: &Condition,
        subst: &mut Vec<Option<Term>>,
        src: &[Param],
    ) -> Result<Dnf, GroundError> {
        let domains: Vec<Vec<ObjectId>> = vars.iter().map(|v| self.task.objects_of(&src[v.index()].ty)).collect();
        let saved: Vec<Option<Term>> = vars.iter().map(|v| subst[v.index()]).collect();
        let mut acc: Dnf = vec![vec![]];
        let mut idx = vec![0usize; vars.len()];
        let mut result = Ok(());
        if domains.iter().all(|d| !d.is_empty()) {
            'outer: loop {
                for (k, v) in vars.iter().enumerate() {
                    subst[v.index()] = Some(Term::Obj(domains[k][idx[k]].0));
                }
                match self.dnf(body, subst, src).and_then(|d| product(std::mem::take(&mut acc), d)) {
                    Ok(a) => acc = a,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
                if acc.is_empty() {
                    break;
                }
                if acc.len() > FORALL_DISJUNCTS {
                    result = Err(GroundError::TooLarge("a universal condition's expansion".into()));
                    break;
                }
                // Next combination, odometer style.
                let mut k = vars.len();
                loop {
                    if k == 0 {
                        break 'outer;
                    }
                    k -= 1;
                    idx[k] += 1;
                    if idx[k] < domains[k].len() {
                        break;
                    }
                    idx[k] = 0;
                }
            }
        }
        for (v, s) in vars.iter().zip(saved) {
            subst[v.index()] = s;
        }
        result?;
        Ok(acc)
    }

    /// A universal condition too large to expand, compiled as Fast Downward's translator compiles
    /// every one: `forall x. phi` is `not (exists x. not phi)`, and `exists x. not phi` becomes
    /// an auxiliary derived predicate over the condition's free variables, with one rule per
    /// disjunct of `not phi` (its size stays linear). The condition is then one negative literal.
    fn forall_axiom(
        &mut self,
        c: &Condition,
        vars: &[VarId],
        body: &Condition,
        subst: &[Option<Term>],
        src: &[Param],
    ) -> Result<Dnf, GroundError> {
        let mut free = Vec::new();
        free_vars(body, &mut free);
        free.retain(|v| !vars.contains(v) && subst[v.index()].is_some());
        free.sort_unstable_by_key(|v| v.0);
        free.dedup();
        let key = (c as *const Condition as usize, free.iter().map(|v| v.0).collect::<Vec<_>>());
        let pred = match self.aux_of.get(&key) {
            Some(&p) => p,
            None => {
                let pred = (self.task.domain.predicates.len() + self.aux_arity.len()) as u32;
                self.aux_arity.push(free.len());
                self.aux_of.insert(key, pred);
                // The rule's variables: the head's (the free variables), then its own.
                let saved_local =
                    std::mem::replace(&mut self.local, free.iter().map(|v| src[v.index()].ty.clone()).collect());
                let mut rsubst: Vec<Option<Term>> = vec![None; subst.len()];
                for (i, v) in free.iter().enumerate() {
                    rsubst[v.index()] = Some(Term::Var(i as u32));
                }
                let negated = Condition::Exists(vars.to_vec(), Box::new(negate(body)));
                let r = self.dnf(&negated, &mut rsubst, src);
                let local = std::mem::replace(&mut self.local, saved_local);
                let head = LAtom { pred, args: (0..free.len() as u32).map(Term::Var).collect() };
                for disjunct in r? {
                    let (vars, body) = compact(&local, free.len(), disjunct);
                    self.derived.push(DerivedDisjunct { head: head.clone(), vars, body });
                }
                pred
            }
        };
        let args: Vec<Term> = free.iter().filter_map(|v| subst[v.index()]).collect();
        Ok(vec![vec![Lit::Atom { pos: false, atom: LAtom { pred, args } }]])
    }

    fn refuse(&mut self, construct: &str) {
        let r = Refusal { construct: construct.to_string(), place: self.place.clone() };
        if !self.refusals.contains(&r) {
            self.refusals.push(r);
        }
    }

    fn fresh(&mut self, ty: &TypeSpec) -> Term {
        self.local.push(ty.clone());
        Term::Var(self.local.len() as u32 - 1)
    }

    fn term(&self, a: &Arg, subst: &[Option<Term>]) -> Option<Term> {
        match a {
            Arg::Object(o) => Some(Term::Obj(o.0)),
            Arg::Var(v) => subst.get(v.index()).copied().flatten(),
        }
    }

    fn atom_terms(&mut self, atom: &model::lifted::Atom, subst: &[Option<Term>]) -> Option<LAtom> {
        let mut args = Vec::with_capacity(atom.args.len());
        for a in &atom.args {
            match self.term(a, subst) {
                Some(t) => args.push(t),
                None => {
                    // The lowering gives every variable a scope; a free one is a model bug.
                    self.refuse("a variable outside its scope");
                    return None;
                }
            }
        }
        Some(LAtom { pred: atom.predicate.0, args })
    }

    /// The DNF of `c` under `subst` (source variable to term). Static literals over objects and
    /// equalities between objects are decided here.
    fn dnf(&mut self, c: &Condition, subst: &mut Vec<Option<Term>>, src: &[Param]) -> Result<Dnf, GroundError> {
        Ok(match c {
            Condition::True => vec![vec![]],
            Condition::False => vec![],
            Condition::Atom { positive, atom } => {
                let Some(la) = self.atom_terms(atom, subst) else { return Ok(vec![]) };
                if !self.fluent[atom.predicate.index()] && la.args.iter().all(|t| matches!(t, Term::Obj(_))) {
                    let key: Vec<ObjectId> =
                        la.args.iter().map(|t| if let Term::Obj(o) = t { ObjectId(*o) } else { ObjectId(0) }).collect();
                    let holds = self.statics.contains(&(atom.predicate, key));
                    return Ok(if holds == *positive { vec![vec![]] } else { vec![] });
                }
                vec![vec![Lit::Atom { pos: *positive, atom: la }]]
            }
            Condition::Equal { positive, left, right } => {
                let (Some(a), Some(b)) = (self.term(left, subst), self.term(right, subst)) else {
                    self.refuse("a variable outside its scope");
                    return Ok(vec![]);
                };
                match (a, b) {
                    (Term::Obj(x), Term::Obj(y)) => {
                        if (x == y) == *positive {
                            vec![vec![]]
                        } else {
                            vec![]
                        }
                    }
                    (Term::Var(x), Term::Var(y)) if x == y => {
                        if *positive {
                            vec![vec![]]
                        } else {
                            vec![]
                        }
                    }
                    _ => vec![vec![Lit::Eq { pos: *positive, a, b }]],
                }
            }
            Condition::And(cs) => {
                let mut acc: Dnf = vec![vec![]];
                for c in cs {
                    let d = self.dnf(c, subst, src)?;
                    acc = product(acc, d)?;
                    if acc.is_empty() {
                        break;
                    }
                }
                acc
            }
            Condition::Or(cs) => {
                let mut acc: Dnf = Vec::new();
                for c in cs {
                    let d = self.dnf(c, subst, src)?;
                    if d.iter().any(|x| x.is_empty()) {
                        return Ok(vec![vec![]]);
                    }
                    acc.extend(d);
                    check_size(&acc)?;
                }
                acc
            }
            Condition::Exists(vars, body) => {
                let saved: Vec<Option<Term>> = vars.iter().map(|v| subst[v.index()]).collect();
                for v in vars {
                    let t = self.fresh(&src[v.index()].ty);
                    subst[v.index()] = Some(t);
                }
                let r = self.dnf(body, subst, src);
                for (v, s) in vars.iter().zip(saved) {
                    subst[v.index()] = s;
                }
                r?
            }
            Condition::Forall(vars, body) => match self.expand_forall(vars, body, subst, src) {
                Err(GroundError::TooLarge(_)) => self.forall_axiom(c, vars, body, &subst[..], src)?,
                r => r?,
            },
            Condition::Compare(..) => {
                self.refuse("numeric conditions");
                vec![]
            }
            Condition::Timed(..) => {
                self.refuse("timed conditions (durative actions)");
                vec![]
            }
            Condition::Preference(..) => {
                self.refuse("preferences");
                vec![]
            }
            Condition::Modal(..) => {
                self.refuse("trajectory constraints");
                vec![]
            }
        })
    }
}

fn check_size(d: &Dnf) -> Result<(), GroundError> {
    let size: usize = d.iter().map(|c| c.len() + 1).sum();
    if size > DNF_LIMIT {
        return Err(GroundError::TooLarge(format!(
            "a condition's disjunctive normal form exceeds {DNF_LIMIT} literals"
        )));
    }
    Ok(())
}

/// The conjunction of two DNFs, dropping contradictory disjuncts and repeated literals.
fn product(a: Dnf, b: Dnf) -> Result<Dnf, GroundError> {
    if b.len() == 1 {
        let extra = &b[0];
        let mut out = Vec::with_capacity(a.len());
        for mut c in a {
            if merge(&mut c, extra) {
                out.push(c);
            }
        }
        return Ok(out);
    }
    let mut out = Vec::with_capacity(a.len() * b.len());
    for x in &a {
        for y in &b {
            let mut c = x.clone();
            if merge(&mut c, y) {
                out.push(c);
            }
        }
        check_size(&out)?;
    }
    Ok(out)
}

/// Appends `extra` to `c`; false when the result is contradictory (`p` and `not p`).
fn merge(c: &mut Vec<Lit>, extra: &[Lit]) -> bool {
    for l in extra {
        if c.contains(l) {
            continue;
        }
        let contradiction = match l {
            Lit::Atom { pos, atom } => c.iter().any(|m| matches!(m, Lit::Atom { pos: p2, atom: a2 } if p2 != pos && a2 == atom)),
            Lit::Eq { pos, a, b } => c.iter().any(|m| {
                matches!(m, Lit::Eq { pos: p2, a: a2, b: b2 } if p2 != pos && ((a2 == a && b2 == b) || (a2 == b && b2 == a)))
            }),
        };
        if contradiction {
            return false;
        }
        c.push(l.clone());
    }
    true
}

/// The variables a condition mentions (bound ones included; the caller filters).
fn free_vars(c: &Condition, out: &mut Vec<VarId>) {
    let arg = |a: &Arg, out: &mut Vec<VarId>| {
        if let Arg::Var(v) = a {
            out.push(*v);
        }
    };
    match c {
        Condition::Atom { atom, .. } => atom.args.iter().for_each(|a| arg(a, out)),
        Condition::Equal { left, right, .. } => {
            arg(left, out);
            arg(right, out);
        }
        Condition::And(cs) | Condition::Or(cs) => cs.iter().for_each(|c| free_vars(c, out)),
        Condition::Exists(_, b) | Condition::Forall(_, b) | Condition::Timed(_, b) | Condition::Preference(_, b) => {
            free_vars(b, out)
        }
        Condition::Modal(_, _, cs) => cs.iter().for_each(|c| free_vars(c, out)),
        Condition::True | Condition::False | Condition::Compare(..) => {}
    }
}

/// The negation of a condition in negation normal form, again in negation normal form.
/// Comparisons and temporal or PDDL3 wrappers are kept under a refusal by `dnf` (they never reach
/// grounding in a classical task), so they are returned unchanged.
fn negate(c: &Condition) -> Condition {
    match c {
        Condition::True => Condition::False,
        Condition::False => Condition::True,
        Condition::Atom { positive, atom } => Condition::Atom { positive: !positive, atom: atom.clone() },
        Condition::Equal { positive, left, right } => {
            Condition::Equal { positive: !positive, left: *left, right: *right }
        }
        Condition::And(cs) => Condition::Or(cs.iter().map(negate).collect()),
        Condition::Or(cs) => Condition::And(cs.iter().map(negate).collect()),
        Condition::Exists(v, b) => Condition::Forall(v.clone(), Box::new(negate(b))),
        Condition::Forall(v, b) => Condition::Exists(v.clone(), Box::new(negate(b))),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::one_action;

    /// The precondition disjuncts (variants) of the action `act`, each as its literal count.
    fn act_variants(n: &Normalized) -> Vec<&Variant> {
        n.variants.iter().filter(|v| v.action.index() == 0).collect()
    }

    fn normalized(params: &str, pre: &str, init: &str) -> Normalized {
        normalize(&one_action(params, pre, init)).expect("normalizes")
    }

    #[test]
    fn each_disjunct_is_a_variant() {
        let n = normalized("?x", "(or (p ?x) (q ?x))", "");
        assert_eq!(act_variants(&n).len(), 2);
        // (a or b) and (c or d): four disjuncts in the DNF.
        let n = normalized("?x ?y", "(and (or (p ?x) (q ?x)) (or (p ?y) (r ?y)))", "");
        assert_eq!(act_variants(&n).len(), 4);
        assert!(act_variants(&n).iter().all(|v| v.pre.len() == 2));
        // imply is (not a) or b.
        let n = normalized("?x", "(imply (p ?x) (q ?x))", "");
        let vs = act_variants(&n);
        assert_eq!(vs.len(), 2);
        assert!(vs.iter().any(|v| matches!(&v.pre[..], [Lit::Atom { pos: false, .. }])));
    }

    #[test]
    fn contradictory_disjuncts_are_dropped() {
        let n = normalized("?x", "(and (p ?x) (or (not (p ?x)) (q ?x)))", "");
        let vs = act_variants(&n);
        assert_eq!(vs.len(), 1, "p and not p is dropped");
        assert_eq!(vs[0].pre.len(), 2);
        let n = normalized("?x", "(and (p ?x) (not (p ?x)))", "");
        assert!(act_variants(&n).is_empty());
    }

    #[test]
    fn forall_is_expanded_over_the_objects() {
        let n = normalized("", "(forall (?y) (p ?y))", "");
        let vs = act_variants(&n);
        assert_eq!(vs.len(), 1);
        let objects: FxHashSet<Vec<Term>> = vs[0]
            .pre
            .iter()
            .map(|l| match l {
                Lit::Atom { pos: true, atom } => atom.args.clone(),
                other => panic!("unexpected {other:?}"),
            })
            .collect();
        assert_eq!(objects.len(), 3, "one literal per object a, b, c: {:?}", vs[0].pre);
        assert!(objects.iter().all(|args| matches!(args[..], [Term::Obj(_)])));
        // A forall around a disjunction multiplies the variants: (p a or q a) and (p b or q b) ...
        let n = normalized("", "(forall (?y) (or (p ?y) (q ?y)))", "");
        assert_eq!(act_variants(&n).len(), 8);
    }

    #[test]
    fn exists_becomes_a_variable_of_the_variant() {
        let n = normalized("?x", "(exists (?y) (and (p ?y) (q ?x)))", "");
        let vs = act_variants(&n);
        assert_eq!(vs.len(), 1);
        assert_eq!(vs[0].nparams, 1);
        assert_eq!(vs[0].vars.len(), 2, "the parameter and the exists variable");
        assert!(vs[0].pre.contains(&Lit::Atom { pos: true, atom: LAtom { pred: 0, args: vec![Term::Var(1)] } }));
    }

    #[test]
    fn static_literals_and_equalities_on_objects_are_decided() {
        // (s a b) is static and true: it disappears; (s b a) is false: no variant survives.
        let n = normalized("", "(and (s a b) (p a))", "(s a b)");
        let vs = act_variants(&n);
        assert_eq!(vs.len(), 1);
        assert_eq!(vs[0].pre.len(), 1);
        let n = normalized("", "(and (s b a) (p a))", "(s a b)");
        assert!(act_variants(&n).is_empty());
        let n = normalized("", "(or (= a b) (p a))", "");
        assert_eq!(act_variants(&n).len(), 1, "a = b is false");
        let n = normalized("", "(and (not (= a b)) (p a))", "");
        assert_eq!(act_variants(&n)[0].pre.len(), 1, "not (a = b) is true");
        // Over variables, equality stays for grounding to decide, except ?x = ?x.
        let n = normalized("?x ?y", "(and (= ?x ?y) (p ?x))", "");
        assert!(act_variants(&n)[0].pre.iter().any(|l| matches!(l, Lit::Eq { pos: true, .. })));
        let n = normalized("?x", "(and (not (= ?x ?x)) (p ?x))", "");
        assert!(act_variants(&n).is_empty());
    }

    #[test]
    fn fluent_predicates_are_those_an_action_changes() {
        let t = one_action("?x", "(p ?x)", "(s a b)");
        let n = normalize(&t).expect("normalizes");
        let fluent: Vec<&str> =
            (0..n.fluent.len()).filter(|&i| n.fluent[i]).map(|i| t.domain.name(t.domain.predicates[i].name)).collect();
        assert_eq!(fluent, ["p", "q", "r", "done"]);
    }

    #[test]
    fn merge_and_product() {
        let a = |pred: u32, pos: bool| Lit::Atom { pos, atom: LAtom { pred, args: vec![Term::Var(0)] } };
        let mut c = vec![a(0, true)];
        assert!(merge(&mut c, &[a(0, true), a(1, false)]));
        assert_eq!(c, [a(0, true), a(1, false)], "repeated literals are kept once");
        assert!(!merge(&mut c, &[a(1, true)]), "q and not q");
        let eq = |pos: bool, x: u32, y: u32| Lit::Eq { pos, a: Term::Var(x), b: Term::Var(y) };
        assert!(!merge(&mut vec![eq(true, 0, 1)], &[eq(false, 1, 0)]), "equality is symmetric");
        let d = product(vec![vec![a(0, true)], vec![a(1, true)]], vec![vec![a(2, true)], vec![a(0, false)]]).unwrap();
        assert_eq!(d.len(), 3, "4 products, one contradictory: {d:?}");
    }
}
