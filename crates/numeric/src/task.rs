//! Grounding a numeric task.
//!
//! The propositional part is grounded by crate `ground` (relaxed reachability), on a *shadow*
//! task: the lifted task with every numeric comparison replaced by `true` and every numeric
//! effect dropped. Dropping preconditions only enlarges the relaxation, so every operator that is
//! reachable in the real task is found. An action with numeric effects gets one marker add effect
//! (`numeric-effect@k` over its parameters), so that grounding does not drop its instances as
//! operators that change nothing; the markers are removed again here.
//!
//! The numeric part is then ground per operator, from the action's top-level conjunction:
//! comparisons become [`Cond`]s and `increase`/`decrease`/`assign`/`scale-up`/`scale-down`
//! become [`NumEffect`]s. A fluent that some effect assigns is a state *variable*; every other
//! fluent is a constant read from the initial state. Each ground expression is kept twice: as a
//! tree ([`GExpr`]), evaluated with `model::semantics` in the same order as the validator, so that
//! search and validator agree bit for bit; and, for the heuristics, as a linear form ([`Linear`]).
//! An expression that is not linear in the variables (a product of two variables, a division by
//! a variable) is refused by name.

use ground::{AtomId, AtomName};
use model::lifted::{
    Action, ActionId, Arg, Condition, Effect, Expr, Fluent, GroundFluent, Literal, ObjectId, Predicate, Task, Value,
};
use model::semantics::{self, NumericError};
use pddl::ast::{AssignOp, BinaryOp, Comparison, Optimization};
use rustc_hash::FxHashMap;
use serde::Serialize;

/// A construct the numeric planner does not support, named with its place.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Refusal {
    pub construct: String,
    pub place: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}) is not supported by the numeric planner", self.construct, self.place)
    }
}

/// A ground numeric expression over the state variables.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum GExpr {
    Const(f64),
    /// A constant fluent without a value in the initial state: reading it is an error.
    Undefined,
    Var(u32),
    Bin(BinaryOp, Box<GExpr>, Box<GExpr>),
    Neg(Box<GExpr>),
}

impl GExpr {
    /// The value in a state (`vals`, undefined values as NaN), computed as the validator does.
    pub fn eval(&self, vals: &[f64]) -> Result<f64, NumericError> {
        match self {
            GExpr::Const(c) => Ok(*c),
            GExpr::Undefined => Err(NumericError::Undefined),
            GExpr::Var(v) => {
                let x = vals[*v as usize];
                if x.is_nan() { Err(NumericError::Undefined) } else { Ok(x) }
            }
            GExpr::Bin(op, a, b) => semantics::binary(*op, a.eval(vals)?, b.eval(vals)?),
            GExpr::Neg(a) => Ok(-a.eval(vals)?),
        }
    }

    fn vars(&self, out: &mut Vec<u32>) {
        match self {
            GExpr::Var(v) => out.push(*v),
            GExpr::Bin(_, a, b) => {
                a.vars(out);
                b.vars(out);
            }
            GExpr::Neg(a) => a.vars(out),
            GExpr::Const(_) | GExpr::Undefined => {}
        }
    }

    /// The linear form, or `None` when the expression is not linear in the variables (or reads an
    /// undefined constant).
    pub fn linear(&self) -> Option<Linear> {
        match self {
            GExpr::Const(c) => Some(Linear { terms: Vec::new(), constant: *c }),
            GExpr::Undefined => None,
            GExpr::Var(v) => Some(Linear { terms: vec![(*v, 1.0)], constant: 0.0 }),
            GExpr::Neg(a) => Some(a.linear()?.scaled(-1.0)),
            GExpr::Bin(op, a, b) => {
                let (a, b) = (a.linear()?, b.linear()?);
                match op {
                    BinaryOp::Add => Some(a.plus(&b, 1.0)),
                    BinaryOp::Sub => Some(a.plus(&b, -1.0)),
                    BinaryOp::Mul if a.terms.is_empty() => Some(b.scaled(a.constant)),
                    BinaryOp::Mul if b.terms.is_empty() => Some(a.scaled(b.constant)),
                    BinaryOp::Div if b.terms.is_empty() && b.constant != 0.0 => Some(a.scaled(1.0 / b.constant)),
                    _ => None,
                }
            }
        }
    }
}

/// `sum of coefficient * variable + constant`, terms sorted by variable, no zero coefficients.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Linear {
    pub terms: Vec<(u32, f64)>,
    pub constant: f64,
}

impl Linear {
    fn scaled(mut self, k: f64) -> Linear {
        for t in &mut self.terms {
            t.1 *= k;
        }
        self.constant *= k;
        self.terms.retain(|t| t.1 != 0.0);
        self
    }
    fn plus(mut self, other: &Linear, k: f64) -> Linear {
        for &(v, c) in &other.terms {
            match self.terms.binary_search_by_key(&v, |t| t.0) {
                Ok(i) => self.terms[i].1 += k * c,
                Err(i) => self.terms.insert(i, (v, k * c)),
            }
        }
        self.constant += k * other.constant;
        self.terms.retain(|t| t.1 != 0.0);
        self
    }
    pub fn eval(&self, vals: &[f64]) -> f64 {
        self.terms.iter().map(|&(v, c)| c * vals[v as usize]).sum::<f64>() + self.constant
    }
    pub fn coefficient(&self, v: u32) -> f64 {
        self.terms.binary_search_by_key(&v, |t| t.0).map_or(0.0, |i| self.terms[i].1)
    }
}

/// A ground numeric condition `left cmp right`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cond {
    pub cmp: Comparison,
    pub left: GExpr,
    pub right: GExpr,
}

impl Cond {
    /// Whether it holds in a state: an undefined or erroneous side makes it false.
    pub fn holds(&self, vals: &[f64]) -> bool {
        match (self.left.eval(vals), self.right.eval(vals)) {
            (Ok(a), Ok(b)) => semantics::compare(self.cmp, a, b),
            _ => false,
        }
    }
}

/// A ground numeric effect `(op var rhs)`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NumEffect {
    pub op: AssignOp,
    pub var: u32,
    pub rhs: GExpr,
}

/// A ground operator: the propositional part as `ground` made it, plus numeric conditions and
/// effects.
#[derive(Clone, Debug, Serialize)]
pub struct NumOperator {
    pub action: Option<ActionId>,
    pub args: Vec<ObjectId>,
    pub pre: Vec<AtomId>,
    pub pre_neg: Vec<AtomId>,
    pub add: Vec<AtomId>,
    pub del: Vec<AtomId>,
    pub cond: Vec<ground::CondEffect>,
    pub num_pre: Vec<Cond>,
    pub num_eff: Vec<NumEffect>,
    /// What the operator adds to the metric (when [`NumericTask::cost_like`]), else 1.
    pub cost: f64,
}

/// The ground numeric task that search works on.
#[derive(Clone, Debug, Serialize)]
pub struct NumericTask {
    pub atoms: Vec<AtomName>,
    /// The state variables: fluents that some operator assigns and that a condition reads
    /// (directly, or through the right-hand side of an effect on such a variable).
    pub vars: Vec<GroundFluent>,
    pub operators: Vec<NumOperator>,
    pub init: Vec<AtomId>,
    /// Initial values of the variables (NaN: undefined).
    pub init_values: Vec<f64>,
    pub goal: Vec<AtomId>,
    pub goal_neg: Vec<AtomId>,
    pub goal_num: Vec<Cond>,
    /// Whether the metric is a sum of non-negative per-operator costs (then `cost` of each
    /// operator is its share), so that A* minimizes it; `false` means unit costs.
    pub cost_like: bool,
    /// Why the metric is not cost-like, when there is a metric and it is not.
    pub metric_note: Option<String>,
    /// Ground operators before numeric grounding dropped those that can never apply.
    pub stats: GroundingStats,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct GroundingStats {
    pub atoms: usize,
    pub variables: usize,
    pub operators: usize,
    pub numeric_conditions: usize,
    pub numeric_effects: usize,
    /// Fluents assigned by operators but read by no condition: tracked only by the metric.
    pub metric_only_fluents: usize,
}

/// Why grounding did not give a task.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    Unsupported(Vec<Refusal>),
    /// The relaxed propositional goal is unreachable: the task is unsolvable.
    Unreachable,
    OutOfTime,
    TooLarge(String),
}

/// Whether the task needs the numeric planner: a numeric condition anywhere, a numeric effect on a
/// function other than `total-cost` under a cost metric, or a metric that is not
/// `minimize (total-cost)` / `(total-time)` over a task with functions.
pub fn is_numeric(task: &Task) -> bool {
    let d = &task.domain;
    let tc = match task.costs() {
        model::Costs::TotalCost(f) => Some(f),
        model::Costs::Unit => None,
    };
    let assigns_other = d.actions.iter().flat_map(|a| &a.effects).any(|e| match &e.literal {
        Literal::Assign(_, f, _) => Some(f.function) != tc && Some(f.function) != d.total_cost_function(),
        _ => false,
    });
    let compares = d.actions.iter().any(|a| has_compare(&a.precondition))
        || d.actions.iter().flat_map(|a| &a.effects).any(|e| has_compare(&e.condition))
        || has_compare(&task.goal);
    let metric_other = task.metric.as_ref().is_some_and(|m| {
        !matches!((&m.optimization, &m.expr), (Optimization::Minimize, Expr::TotalTime))
            && !matches!((&m.optimization, &m.expr), (Optimization::Minimize, Expr::Fluent(f)) if Some(f.function) == d.total_cost_function())
    });
    assigns_other || compares || metric_other
}

fn has_compare(c: &Condition) -> bool {
    match c {
        Condition::Compare(..) => true,
        Condition::And(v) | Condition::Or(v) => v.iter().any(has_compare),
        Condition::Exists(_, c) | Condition::Forall(_, c) | Condition::Timed(_, c) | Condition::Preference(_, c) => {
            has_compare(c)
        }
        Condition::Modal(_, _, v) => v.iter().any(has_compare),
        _ => false,
    }
}

/// The top-level comparisons of a condition; a comparison under `or`, `exists` or `forall` is
/// refused (the propositional grounder splits those, and the numeric part would not follow).
fn top_compares<'a>(c: &'a Condition, out: &mut Vec<&'a Condition>) -> Result<(), ()> {
    match c {
        Condition::Compare(..) => {
            out.push(c);
            Ok(())
        }
        Condition::And(v) => v.iter().try_for_each(|x| top_compares(x, out)),
        other if has_compare(other) => Err(()),
        _ => Ok(()),
    }
}

fn strip_compares(c: &Condition) -> Condition {
    match c {
        Condition::Compare(..) => Condition::True,
        Condition::And(v) => Condition::And(v.iter().map(strip_compares).collect()),
        Condition::Or(v) => Condition::Or(v.iter().map(strip_compares).collect()),
        Condition::Exists(x, c) => Condition::Exists(x.clone(), Box::new(strip_compares(c))),
        Condition::Forall(x, c) => Condition::Forall(x.clone(), Box::new(strip_compares(c))),
        other => other.clone(),
    }
}

/// The constructs the numeric planner refuses, checked on the lifted task before grounding.
pub fn refusals(task: &Task) -> Vec<Refusal> {
    let d = &task.domain;
    let mut out = Vec::new();
    let mut refuse = |construct: &str, place: String| {
        let r = Refusal { construct: construct.to_string(), place };
        if !out.contains(&r) {
            out.push(r);
        }
    };
    if !task.timed_literals.is_empty() {
        refuse("timed initial literals", "problem".into());
    }
    if d.constraints.is_some() || task.constraints.is_some() {
        refuse("trajectory constraints (:constraints)", "problem".into());
    }
    if !d.derived.is_empty() {
        refuse("derived predicates together with numeric fluents", "domain".into());
    }
    for a in &d.actions {
        let place = format!("action {}", d.name(a.name));
        if a.is_durative() {
            refuse("durative actions (use the temporal planner)", place.clone());
            continue;
        }
        if top_compares(&a.precondition, &mut Vec::new()).is_err() {
            refuse("a numeric condition under `or`, `exists` or `forall`", place.clone());
        }
        for e in &a.effects {
            if has_compare(&e.condition) {
                refuse("a numeric condition in a conditional effect", place.clone());
            }
            if let Literal::Assign(_, f, rhs) = &e.literal {
                if e.condition != Condition::True {
                    refuse("a conditional numeric effect", place.clone());
                }
                let bound = |v: &model::lifted::VarId| v.index() < a.parameters || e.forall.contains(v);
                if f.args.iter().chain(expr_args(rhs).iter()).any(|x| matches!(x, Arg::Var(v) if !bound(v))) {
                    refuse("a numeric effect over a quantified variable", place.clone());
                }
                if !plain_expr(rhs) {
                    refuse("`?duration`, `#t` or `total-time` in a numeric effect", place.clone());
                }
            }
        }
        let mut cs = Vec::new();
        let _ = top_compares(&a.precondition, &mut cs);
        for c in cs {
            if let Condition::Compare(_, l, r) = c
                && (!plain_expr(l) || !plain_expr(r))
            {
                refuse("`?duration`, `#t` or `total-time` in a numeric condition", place.clone());
            }
        }
    }
    if top_compares(&task.goal, &mut Vec::new()).is_err() {
        refuse("a numeric condition under `or`, `exists` or `forall`", "goal".into());
    }
    out
}

fn expr_args(e: &Expr) -> Vec<Arg> {
    let mut v = Vec::new();
    fn walk(e: &Expr, v: &mut Vec<Arg>) {
        match e {
            Expr::Fluent(f) => v.extend(f.args.iter().copied()),
            Expr::Binary(_, a, b) => {
                walk(a, v);
                walk(b, v);
            }
            Expr::Negate(a) => walk(a, v),
            _ => {}
        }
    }
    walk(e, &mut v);
    v
}

fn plain_expr(e: &Expr) -> bool {
    match e {
        Expr::Number(_) | Expr::Fluent(_) => true,
        Expr::Binary(_, a, b) => plain_expr(a) && plain_expr(b),
        Expr::Negate(a) => plain_expr(a),
        _ => false,
    }
}

/// The shadow task for propositional grounding (see the module documentation), and the number of
/// predicates of the real task (markers come after).
fn shadow(task: &Task) -> Task {
    let mut t = task.clone();
    let d = &mut t.domain;
    let tc = d.total_cost_function();
    let mut markers = Vec::new();
    for (i, a) in d.actions.iter_mut().enumerate() {
        a.precondition = strip_compares(&a.precondition);
        let numeric =
            a.effects.iter().any(|e| matches!(&e.literal, Literal::Assign(_, f, _) if Some(f.function) != tc));
        a.effects.retain(|e| !matches!(e.literal, Literal::Assign(..)));
        if numeric {
            markers.push((i, a.params().to_vec()));
        }
    }
    for (i, params) in markers {
        let name = d.symbols.intern(&format!("numeric-effect@{i}"));
        let pred = model::lifted::PredicateId(d.predicates.len() as u32);
        d.predicates.push(Predicate { name, params: params.clone(), derived: false, span: d.actions[i].span });
        let args = (0..params.len() as u32).map(|v| Arg::Var(model::lifted::VarId(v))).collect();
        d.actions[i].effects.push(Effect {
            forall: Vec::new(),
            condition: Condition::True,
            time: None,
            literal: Literal::Add(model::lifted::Atom { predicate: pred, args }),
        });
    }
    t.goal = strip_compares(&t.goal);
    t.metric = None;
    t
}

struct Grounder {
    /// Initial values of every fluent.
    values: FxHashMap<GroundFluent, f64>,
    /// Assigned fluents: variable ids.
    vars: FxHashMap<GroundFluent, u32>,
}

impl Grounder {
    fn fluent(&self, f: &Fluent, args: &[ObjectId]) -> GroundFluent {
        let args = f
            .args
            .iter()
            .map(|a| match a {
                Arg::Object(o) => *o,
                Arg::Var(v) => args[v.index()],
            })
            .collect();
        GroundFluent { function: f.function, args }
    }
    fn expr(&self, e: &Expr, args: &[ObjectId]) -> GExpr {
        match e {
            Expr::Number(x) => GExpr::Const(*x),
            Expr::Fluent(f) => {
                let g = self.fluent(f, args);
                match self.vars.get(&g) {
                    Some(&v) => GExpr::Var(v),
                    None => self.values.get(&g).map_or(GExpr::Undefined, |&x| GExpr::Const(x)),
                }
            }
            Expr::Binary(op, a, b) => {
                let (a, b) = (self.expr(a, args), self.expr(b, args));
                // Constant folding in the validator's order keeps the values identical.
                match (&a, &b) {
                    (GExpr::Const(x), GExpr::Const(y)) => match semantics::binary(*op, *x, *y) {
                        Ok(v) => GExpr::Const(v),
                        Err(_) => GExpr::Bin(*op, Box::new(a), Box::new(b)),
                    },
                    _ => GExpr::Bin(*op, Box::new(a), Box::new(b)),
                }
            }
            Expr::Negate(a) => match self.expr(a, args) {
                GExpr::Const(x) => GExpr::Const(-x),
                other => GExpr::Neg(Box::new(other)),
            },
            _ => GExpr::Undefined,
        }
    }
}

fn compares(c: &Condition) -> Vec<(Comparison, &Expr, &Expr)> {
    let mut v = Vec::new();
    let _ = top_compares(c, &mut v);
    v.into_iter()
        .filter_map(|c| match c {
            Condition::Compare(op, l, r) => Some((*op, l, r)),
            _ => None,
        })
        .collect()
}

/// Grounds a numeric task. `deadline` bounds the propositional grounding.
pub fn ground_task(task: &Task, deadline: Option<std::time::Instant>) -> Result<NumericTask, Error> {
    let r = refusals(task);
    if !r.is_empty() {
        return Err(Error::Unsupported(r));
    }
    let d = &task.domain;
    let npred = d.predicates.len();
    let sh = shadow(task);
    let grounded = match ground::ground(&sh, ground::GroundOptions { deadline }) {
        Ok(g) => g,
        Err(ground::GroundError::OutOfTime) => return Err(Error::OutOfTime),
        Err(ground::GroundError::TooLarge(s)) => return Err(Error::TooLarge(s)),
        Err(ground::GroundError::Unsupported(rs)) => {
            return Err(Error::Unsupported(
                rs.into_iter().map(|r| Refusal { construct: r.construct, place: r.place }).collect(),
            ));
        }
    };
    let Some(g) = grounded.task else { return Err(Error::Unreachable) };
    if !g.axioms.is_empty() {
        return Err(Error::Unsupported(vec![Refusal {
            construct: "derived predicates together with numeric fluents".into(),
            place: "domain".into(),
        }]));
    }
    // Drop the marker atoms and renumber.
    let mut map: Vec<Option<AtomId>> = vec![None; g.atoms.len()];
    let mut atoms = Vec::new();
    for (i, a) in g.atoms.iter().enumerate() {
        if a.predicate.index() < npred {
            map[i] = Some(atoms.len() as AtomId);
            atoms.push(a.clone());
        }
    }
    let remap = |v: &[AtomId]| -> Vec<AtomId> { v.iter().filter_map(|&a| map[a as usize]).collect() };

    let values: FxHashMap<GroundFluent, f64> = task
        .init_values
        .iter()
        .filter_map(|(f, v)| match v {
            Value::Number(x) => Some((f.clone(), *x)),
            Value::Object(_) => None,
        })
        .collect();
    let mut gr = Grounder { values, vars: FxHashMap::default() };
    // Pass 1: the assigned fluents.
    let mut assigned: Vec<GroundFluent> = Vec::new();
    for o in &g.operators {
        let Some(a) = o.action else { continue };
        let action = &d.actions[a.index()];
        for e in &action.effects {
            if let Literal::Assign(_, f, _) = &e.literal {
                for b in bindings(task, action, &o.args, &e.forall) {
                    let gf = gr.fluent(f, &b);
                    if !gr.vars.contains_key(&gf) {
                        gr.vars.insert(gf.clone(), assigned.len() as u32);
                        assigned.push(gf);
                    }
                }
            }
        }
    }
    // Pass 2: ground conditions and effects.
    let goal_num: Vec<Cond> = compares(&task.goal)
        .into_iter()
        .map(|(cmp, l, r)| Cond { cmp, left: gr.expr(l, &[]), right: gr.expr(r, &[]) })
        .collect();
    let mut ops = Vec::with_capacity(g.operators.len());
    let mut refusals = Vec::new();
    for o in &g.operators {
        let (num_pre, num_eff) = match o.action {
            None => (Vec::new(), Vec::new()),
            Some(a) => {
                let action: &Action = &d.actions[a.index()];
                let pre: Vec<Cond> = compares(&action.precondition)
                    .into_iter()
                    .map(|(cmp, l, r)| Cond { cmp, left: gr.expr(l, &o.args), right: gr.expr(r, &o.args) })
                    .collect();
                let mut eff: Vec<NumEffect> = Vec::new();
                for e in &action.effects {
                    if let Literal::Assign(op, f, rhs) = &e.literal {
                        for b in bindings(task, action, &o.args, &e.forall) {
                            eff.push(NumEffect { op: *op, var: gr.vars[&gr.fluent(f, &b)], rhs: gr.expr(rhs, &b) });
                        }
                    }
                }
                (pre, eff)
            }
        };
        // A condition over constants only is decided now; reading a constant that has no value
        // makes the operator inapplicable (PDDL 2.1 section 4, as the validator reads it).
        if num_pre.iter().any(|c| (is_const(c) && !c.holds(&[])) || has_undefined(c))
            || num_eff.iter().any(|e| undefined(&e.rhs))
        {
            continue;
        }
        let num_pre: Vec<Cond> = num_pre.into_iter().filter(|c| !is_const(c)).collect();
        for c in &num_pre {
            if c.left.linear().is_none() || c.right.linear().is_none() {
                let r = Refusal {
                    construct: "a nonlinear numeric condition (a product or quotient of two changing fluents)".into(),
                    place: place_of(task, o.action),
                };
                if !refusals.contains(&r) {
                    refusals.push(r);
                }
            }
        }
        ops.push(NumOperator {
            action: o.action,
            args: o.args.clone(),
            pre: remap(&o.pre),
            pre_neg: remap(&o.pre_neg),
            add: remap(&o.add),
            del: remap(&o.del),
            cond: o
                .cond
                .iter()
                .filter_map(|c| {
                    Some(ground::CondEffect {
                        pre: remap(&c.pre),
                        pre_neg: remap(&c.pre_neg),
                        add: c.add,
                        atom: map[c.atom as usize]?,
                    })
                })
                .collect(),
            num_pre,
            num_eff,
            cost: 1.0,
        });
    }
    if goal_num.iter().any(|c| is_const(c) && !c.holds(&[])) {
        return Err(Error::Unreachable);
    }
    let goal_num: Vec<Cond> = goal_num.into_iter().filter(|c| !is_const(c)).collect();
    for c in &goal_num {
        if c.left.linear().is_none() || c.right.linear().is_none() {
            refusals.push(Refusal { construct: "a nonlinear numeric goal".into(), place: "goal".into() });
            break;
        }
    }
    if !refusals.is_empty() {
        return Err(Error::Unsupported(refusals));
    }

    // Relevance: variables read by a condition, then by the effects on relevant variables.
    let n = assigned.len();
    let mut relevant = vec![false; n];
    let mut buf = Vec::new();
    for c in ops.iter().flat_map(|o| &o.num_pre).chain(&goal_num) {
        c.left.vars(&mut buf);
        c.right.vars(&mut buf);
    }
    for &v in &buf {
        relevant[v as usize] = true;
    }
    loop {
        let mut changed = false;
        for e in ops.iter().flat_map(|o| &o.num_eff) {
            if relevant[e.var as usize] {
                buf.clear();
                e.rhs.vars(&mut buf);
                for &v in &buf {
                    if !relevant[v as usize] {
                        relevant[v as usize] = true;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Nonlinear effects are refused where a condition can see them; on a fluent that only the
    // metric reads, the validator computes them and the search need not.
    for o in &ops {
        for e in &o.num_eff {
            let linear = match e.op {
                AssignOp::ScaleUp | AssignOp::ScaleDown => e.rhs.linear().is_some_and(|l| l.terms.is_empty()),
                _ => e.rhs.linear().is_some(),
            };
            if !linear && relevant[e.var as usize] {
                let r = Refusal {
                    construct:
                        "a nonlinear numeric effect (a product or quotient of changing fluents, or scaling by one)"
                            .into(),
                    place: place_of(task, o.action),
                };
                if !refusals.contains(&r) {
                    refusals.push(r);
                }
            }
        }
    }
    if !refusals.is_empty() {
        return Err(Error::Unsupported(refusals));
    }
    let init_vals: Vec<f64> = assigned.iter().map(|f| gr.values.get(f).copied().unwrap_or(f64::NAN)).collect();

    // Costs: the metric as a linear form over all assigned fluents (and total-time, the length).
    let (cost_like, metric_note, op_costs) = metric_costs(task, &gr, &ops, &init_vals);
    for (o, c) in ops.iter_mut().zip(op_costs) {
        o.cost = c;
    }

    // Renumber the relevant variables; effects on the others are dropped (the validator still
    // computes them for the metric).
    let mut vmap: Vec<Option<u32>> = vec![None; n];
    let mut vars = Vec::new();
    for (i, f) in assigned.iter().enumerate() {
        if relevant[i] {
            vmap[i] = Some(vars.len() as u32);
            vars.push(f.clone());
        }
    }
    let renum = |e: &GExpr| renumber(e, &vmap);
    for o in &mut ops {
        o.num_pre =
            o.num_pre.iter().map(|c| Cond { cmp: c.cmp, left: renum(&c.left), right: renum(&c.right) }).collect();
        o.num_eff = o
            .num_eff
            .iter()
            .filter_map(|e| Some(NumEffect { op: e.op, var: vmap[e.var as usize]?, rhs: renum(&e.rhs) }))
            .collect();
    }
    let goal_num: Vec<Cond> =
        goal_num.iter().map(|c| Cond { cmp: c.cmp, left: renum(&c.left), right: renum(&c.right) }).collect();
    let init_values: Vec<f64> = (0..n).filter(|&i| relevant[i]).map(|i| init_vals[i]).collect();
    let stats = GroundingStats {
        atoms: atoms.len(),
        variables: vars.len(),
        operators: ops.len(),
        numeric_conditions: ops.iter().map(|o| o.num_pre.len()).sum::<usize>() + goal_num.len(),
        numeric_effects: ops.iter().map(|o| o.num_eff.len()).sum(),
        metric_only_fluents: n - vars.len(),
    };
    Ok(NumericTask {
        atoms,
        vars,
        init: remap(&g.init),
        init_values,
        goal: remap(&g.goal),
        goal_neg: remap(&g.goal_neg),
        goal_num,
        cost_like,
        metric_note,
        operators: ops,
        stats,
    })
}

/// The bindings of an effect's `forall` variables over their typed objects, each extending the
/// operator's arguments (a vector indexed by the action's variable ids).
fn bindings(task: &Task, action: &Action, args: &[ObjectId], forall: &[model::lifted::VarId]) -> Vec<Vec<ObjectId>> {
    let mut base = args.to_vec();
    base.resize(action.variables.len(), ObjectId(u32::MAX));
    let mut out = vec![base];
    for v in forall {
        let objects = task.objects_of(&action.variables[v.index()].ty);
        out = out
            .into_iter()
            .flat_map(|b| {
                objects.iter().map(move |&o| {
                    let mut b = b.clone();
                    b[v.index()] = o;
                    b
                })
            })
            .collect();
    }
    out
}

fn renumber(e: &GExpr, vmap: &[Option<u32>]) -> GExpr {
    match e {
        // A variable that is not relevant is not read by anything relevant; never reached.
        GExpr::Var(v) => vmap[*v as usize].map_or(GExpr::Undefined, GExpr::Var),
        GExpr::Bin(op, a, b) => GExpr::Bin(*op, Box::new(renumber(a, vmap)), Box::new(renumber(b, vmap))),
        GExpr::Neg(a) => GExpr::Neg(Box::new(renumber(a, vmap))),
        other => other.clone(),
    }
}

fn is_const(c: &Cond) -> bool {
    let mut v = Vec::new();
    c.left.vars(&mut v);
    c.right.vars(&mut v);
    v.is_empty()
}

fn undefined(e: &GExpr) -> bool {
    match e {
        GExpr::Undefined => true,
        GExpr::Bin(_, a, b) => undefined(a) || undefined(b),
        GExpr::Neg(a) => undefined(a),
        _ => false,
    }
}

fn has_undefined(c: &Cond) -> bool {
    undefined(&c.left) || undefined(&c.right)
}

fn place_of(task: &Task, a: Option<ActionId>) -> String {
    a.map_or_else(|| "goal".into(), |a| format!("action {}", task.domain.name(task.domain.actions[a.index()].name)))
}

/// The operators' shares of the metric when it is cost-like: `minimize` of a linear expression
/// whose fluents are only ever increased (or decreased) by constants, each operator's net change
/// non-negative; `(total-time)` counts 1 per step, as the validator reads a sequential plan.
fn metric_costs(task: &Task, gr: &Grounder, ops: &[NumOperator], init: &[f64]) -> (bool, Option<String>, Vec<f64>) {
    let unit = vec![1.0; ops.len()];
    let Some(m) = &task.metric else { return (false, None, unit) };
    if m.optimization != Optimization::Minimize {
        return (false, Some("the metric is maximized".into()), unit);
    }
    // The metric with total-time as a pseudo-variable `n` (after the fluents).
    let n = init.len() as u32;
    fn lin(e: &Expr, gr: &Grounder, n: u32) -> Option<Linear> {
        match e {
            Expr::TotalTime => Some(Linear { terms: vec![(n, 1.0)], constant: 0.0 }),
            Expr::Number(x) => Some(Linear { terms: vec![], constant: *x }),
            Expr::Fluent(_) => gr.expr(e, &[]).linear(),
            Expr::Negate(a) => Some(lin(a, gr, n)?.scaled(-1.0)),
            Expr::Binary(op, a, b) => {
                let (a, b) = (lin(a, gr, n)?, lin(b, gr, n)?);
                match op {
                    BinaryOp::Add => Some(a.plus(&b, 1.0)),
                    BinaryOp::Sub => Some(a.plus(&b, -1.0)),
                    BinaryOp::Mul if a.terms.is_empty() => Some(b.scaled(a.constant)),
                    BinaryOp::Mul if b.terms.is_empty() => Some(a.scaled(b.constant)),
                    BinaryOp::Div if b.terms.is_empty() && b.constant != 0.0 => Some(a.scaled(1.0 / b.constant)),
                    _ => None,
                }
            }
            _ => None,
        }
    }
    let Some(metric) = lin(&m.expr, gr, n) else {
        return (false, Some("the metric is not linear".into()), unit);
    };
    let mut costs = Vec::with_capacity(ops.len());
    for o in ops {
        let mut c = metric.coefficient(n);
        for e in &o.num_eff {
            let w = metric.coefficient(e.var);
            if w == 0.0 {
                continue;
            }
            let delta = match (e.op, e.rhs.linear()) {
                (AssignOp::Increase, Some(l)) if l.terms.is_empty() => l.constant,
                (AssignOp::Decrease, Some(l)) if l.terms.is_empty() => -l.constant,
                _ => {
                    return (
                        false,
                        Some("the metric reads a fluent that an operator changes by a state-dependent amount".into()),
                        unit,
                    );
                }
            };
            c += w * delta;
        }
        if c < 0.0 {
            return (false, Some("an operator decreases the metric".into()), unit);
        }
        costs.push(c);
    }
    (true, None, costs)
}
