//! Evaluating lifted conditions and expressions in a state, under a binding of the schema's
//! variables, and explaining why a condition is false.
//!
//! A binding is a `[u32]` indexed by `VarId`: the parameters first, then quantified variables,
//! which the quantifier loops assign. [`UNBOUND`] marks a variable not bound yet; it only matters
//! when printing (it prints as `?name`).

use crate::state::{State, Table};
use model::lifted::{Arg, Atom, Condition, Expr, Fluent, Param, Task, TypeSpec, VarId};
use model::semantics::{self, NumericError};
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::fmt::Write;
use std::rc::Rc;

pub const UNBOUND: u32 = u32::MAX;

/// The interned ground atoms and fluents of one validation run.
#[derive(Default)]
pub struct Tables {
    pub atoms: Table,
    pub fluents: Table,
}

/// What the task fixes once: the objects each variable of each schema ranges over.
pub struct Ctx<'t> {
    pub task: &'t Task,
    pub action_domains: Vec<Vec<Rc<[u32]>>>,
    pub rule_domains: Vec<Vec<Rc<[u32]>>>,
    pub goal_domains: Vec<Rc<[u32]>>,
}

impl<'t> Ctx<'t> {
    pub fn new(task: &'t Task) -> Ctx<'t> {
        let mut cache: FxHashMap<Vec<model::lifted::TypeId>, Rc<[u32]>> = FxHashMap::default();
        let mut of = |params: &[Param]| -> Vec<Rc<[u32]>> {
            params
                .iter()
                .map(|p| {
                    cache
                        .entry(p.ty.0.clone())
                        .or_insert_with(|| {
                            task.objects_of(&TypeSpec(p.ty.0.clone())).into_iter().map(|o| o.0).collect()
                        })
                        .clone()
                })
                .collect()
        };
        let action_domains = task.domain.actions.iter().map(|a| of(&a.variables)).collect();
        let rule_domains = task.domain.derived.iter().map(|r| of(&r.variables)).collect();
        let goal_domains = of(&task.goal_variables);
        Ctx { task, action_domains, rule_domains, goal_domains }
    }

    pub fn sym(&self, s: model::intern::Symbol) -> &str {
        self.task.domain.name(s)
    }

    pub fn object_name(&self, o: u32) -> &str {
        match self.task.objects.get(o as usize) {
            Some(obj) => self.sym(obj.name),
            None => "?",
        }
    }

    /// `(pred a b)` for an interned atom key.
    pub fn atom_text(&self, key: &[u32]) -> String {
        let name = self.task.domain.predicates.get(key[0] as usize).map_or("?", |p| self.sym(p.name));
        self.ground_text(name, &key[1..])
    }

    /// `(f a b)` for an interned fluent key.
    pub fn fluent_text(&self, key: &[u32]) -> String {
        let name = self.task.domain.functions.get(key[0] as usize).map_or("?", |f| self.sym(f.name));
        self.ground_text(name, &key[1..])
    }

    fn ground_text(&self, head: &str, args: &[u32]) -> String {
        let mut s = format!("({head}");
        for &a in args {
            s.push(' ');
            s.push_str(self.object_name(a));
        }
        s.push(')');
        s
    }
}

/// The variables in scope and what they range over, plus `?duration` for durative actions.
#[derive(Clone, Copy)]
pub struct Env<'a> {
    pub vars: &'a [Param],
    pub domains: &'a [Rc<[u32]>],
    pub duration: Option<f64>,
    /// The value of `total-time` (metrics only).
    pub total_time: Option<f64>,
}

/// Why an expression has no value.
#[derive(Clone, Debug, PartialEq)]
pub enum EvalError {
    /// With the ground fluent that was undefined, when that was the reason.
    Numeric(NumericError, Option<String>),
    Unsupported(&'static str),
}

impl EvalError {
    pub fn describe(&self) -> String {
        match self {
            EvalError::Numeric(NumericError::Undefined, Some(f)) => format!("{f} is undefined"),
            EvalError::Numeric(e, _) => e.describe().to_string(),
            EvalError::Unsupported(what) => format!("{what} are not supported by the validator"),
        }
    }
}

/// One false literal of a failed condition, in PDDL syntax with the objects substituted, and what
/// would have to hold instead.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Unsatisfied {
    pub literal: String,
    pub hint: String,
}

/// Builds the interning key `[head, args...]` under a binding and hands it to `f` without
/// allocating for the usual arities.
#[inline]
pub fn with_key<R>(head: u32, args: &[Arg], b: &[u32], f: impl FnOnce(&[u32]) -> R) -> R {
    let arg = |a: &Arg| match a {
        Arg::Var(v) => b.get(v.index()).copied().unwrap_or(UNBOUND),
        Arg::Object(o) => o.0,
    };
    const INLINE: usize = 12;
    if args.len() < INLINE {
        let mut buf = [0u32; INLINE];
        buf[0] = head;
        for (slot, a) in buf[1..].iter_mut().zip(args) {
            *slot = arg(a);
        }
        f(&buf[..=args.len()])
    } else {
        let key: Vec<u32> = std::iter::once(head).chain(args.iter().map(arg)).collect();
        f(&key)
    }
}

/// Reading conditions and expressions in one state.
#[derive(Clone, Copy)]
pub struct View<'a, 't> {
    pub ctx: &'a Ctx<'t>,
    pub tables: &'a Tables,
    pub state: &'a State,
    pub env: Env<'a>,
}

impl View<'_, '_> {
    pub fn atom_holds(&self, atom: &Atom, b: &[u32]) -> bool {
        with_key(atom.predicate.0, &atom.args, b, |k| self.tables.atoms.get(k).is_some_and(|id| self.state.holds(id)))
    }

    pub fn fluent_value(&self, f: &Fluent, b: &[u32]) -> Option<f64> {
        with_key(f.function.0, &f.args, b, |k| self.tables.fluents.get(k).and_then(|id| self.state.value(id)))
    }

    fn arg(&self, a: &Arg, b: &[u32]) -> u32 {
        match a {
            Arg::Var(v) => b.get(v.index()).copied().unwrap_or(UNBOUND),
            Arg::Object(o) => o.0,
        }
    }

    /// Whether `c` holds. A comparison reading an undefined value is false (PDDL 2.1: the
    /// condition is not satisfied); [`explain`](Self::explain) says which value was undefined.
    pub fn holds(&self, c: &Condition, b: &mut [u32]) -> bool {
        match c {
            Condition::True => true,
            Condition::False => false,
            Condition::Atom { positive, atom } => self.atom_holds(atom, b) == *positive,
            Condition::Equal { positive, left, right } => (self.arg(left, b) == self.arg(right, b)) == *positive,
            Condition::Compare(op, l, r) => match (self.value(l, b), self.value(r, b)) {
                (Ok(x), Ok(y)) => semantics::compare(*op, x, y),
                _ => false,
            },
            Condition::And(cs) => cs.iter().all(|c| self.holds(c, b)),
            Condition::Or(cs) => cs.iter().any(|c| self.holds(c, b)),
            Condition::Exists(vars, body) => self.quantified(vars, body, b, true),
            Condition::Forall(vars, body) => self.quantified(vars, body, b, false),
            // Timed conditions are split off by the temporal validator before evaluation; a
            // timed condition reaching here (a classical plan for a durative task) is read as
            // its body.
            Condition::Timed(_, body) => self.holds(body, b),
            Condition::Preference(..) | Condition::Modal(..) => false,
        }
    }

    /// `exists` (`any = true`) or `forall` over the objects of each variable's type.
    fn quantified(&self, vars: &[VarId], body: &Condition, b: &mut [u32], any: bool) -> bool {
        let Some((v, rest)) = vars.split_first() else {
            return self.holds(body, b);
        };
        let Some(domain) = self.env.domains.get(v.index()) else { return !any };
        let saved = b[v.index()];
        let mut result = !any;
        for &o in domain.iter() {
            b[v.index()] = o;
            if self.quantified(rest, body, b, any) == any {
                result = any;
                break;
            }
        }
        b[v.index()] = saved;
        result
    }

    pub fn value(&self, e: &Expr, b: &[u32]) -> Result<f64, EvalError> {
        match e {
            Expr::Number(x) => Ok(*x),
            Expr::Fluent(f) => self
                .fluent_value(f, b)
                .ok_or_else(|| EvalError::Numeric(NumericError::Undefined, Some(self.fluent_string(f, b)))),
            Expr::Binary(op, l, r) => {
                let (x, y) = (self.value(l, b)?, self.value(r, b)?);
                semantics::binary(*op, x, y).map_err(|e| EvalError::Numeric(e, None))
            }
            Expr::Negate(x) => Ok(-self.value(x, b)?),
            Expr::Duration => self.env.duration.ok_or(EvalError::Unsupported("`?duration` outside a durative action")),
            Expr::TotalTime => self.env.total_time.ok_or(EvalError::Unsupported("`total-time` outside a metric")),
            Expr::Var(_) | Expr::Object(_) | Expr::Undefined => Err(EvalError::Unsupported("object fluents")),
            Expr::ContinuousTime => Err(EvalError::Unsupported("continuous effects")),
            Expr::IsViolated(_) => Err(EvalError::Unsupported("preferences")),
        }
    }

    // ---- printing, for reports ----

    fn var_or_object(&self, a: &Arg, b: &[u32]) -> String {
        match self.arg(a, b) {
            UNBOUND => match a {
                Arg::Var(v) => format!("?{}", self.env.vars.get(v.index()).map_or("?", |p| self.ctx.sym(p.name))),
                Arg::Object(_) => "?".into(),
            },
            o => self.ctx.object_name(o).to_string(),
        }
    }

    fn applied(&self, head: &str, args: &[Arg], b: &[u32]) -> String {
        let mut s = format!("({head}");
        for a in args {
            s.push(' ');
            s.push_str(&self.var_or_object(a, b));
        }
        s.push(')');
        s
    }

    pub fn atom_string(&self, atom: &Atom, b: &[u32]) -> String {
        let name = self.ctx.task.domain.predicates.get(atom.predicate.index()).map_or("?", |p| self.ctx.sym(p.name));
        self.applied(name, &atom.args, b)
    }

    pub fn fluent_string(&self, f: &Fluent, b: &[u32]) -> String {
        let name = self.ctx.task.domain.functions.get(f.function.index()).map_or("?", |p| self.ctx.sym(p.name));
        self.applied(name, &f.args, b)
    }

    pub fn expr_string(&self, e: &Expr, b: &[u32]) -> String {
        match e {
            Expr::Number(x) => number(*x),
            Expr::Fluent(f) => self.fluent_string(f, b),
            Expr::Binary(op, l, r) => {
                format!("({} {} {})", op.symbol(), self.expr_string(l, b), self.expr_string(r, b))
            }
            Expr::Negate(x) => format!("(- {})", self.expr_string(x, b)),
            Expr::Duration => "?duration".into(),
            Expr::TotalTime => "(total-time)".into(),
            Expr::ContinuousTime => "#t".into(),
            Expr::Var(v) => self.var_or_object(&Arg::Var(*v), b),
            Expr::Object(o) => self.ctx.object_name(o.0).to_string(),
            Expr::Undefined => "undefined".into(),
            Expr::IsViolated(n) => format!("(is-violated {})", self.ctx.sym(*n)),
        }
    }

    fn typed_vars(&self, vars: &[VarId]) -> String {
        let mut s = String::new();
        for (i, v) in vars.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let Some(p) = self.env.vars.get(v.index()) else { continue };
            let _ = write!(s, "?{}", self.ctx.sym(p.name));
            let types: Vec<&str> =
                p.ty.0
                    .iter()
                    .filter_map(|t| self.ctx.task.domain.types.get(t.index()))
                    .map(|t| self.ctx.sym(t.name))
                    .collect();
            match types.as_slice() {
                [] | ["object"] => {}
                [one] => {
                    let _ = write!(s, " - {one}");
                }
                many => {
                    let _ = write!(s, " - (either {})", many.join(" "));
                }
            }
        }
        s
    }

    /// `c` in PDDL syntax, with bound variables replaced by their objects.
    pub fn condition_string(&self, c: &Condition, b: &[u32]) -> String {
        let list = |kw: &str, cs: &[Condition]| {
            let parts: Vec<String> = cs.iter().map(|c| self.condition_string(c, b)).collect();
            format!("({kw} {})", parts.join(" "))
        };
        match c {
            Condition::True => "(and)".into(),
            Condition::False => "(or)".into(),
            Condition::Atom { positive: true, atom } => self.atom_string(atom, b),
            Condition::Atom { positive: false, atom } => format!("(not {})", self.atom_string(atom, b)),
            Condition::Equal { positive, left, right } => {
                let eq = format!("(= {} {})", self.var_or_object(left, b), self.var_or_object(right, b));
                if *positive { eq } else { format!("(not {eq})") }
            }
            Condition::Compare(op, l, r) => {
                format!("({} {} {})", op.symbol(), self.expr_string(l, b), self.expr_string(r, b))
            }
            Condition::And(cs) => list("and", cs),
            Condition::Or(cs) => list("or", cs),
            Condition::Exists(vs, body) => {
                format!("(exists ({}) {})", self.typed_vars(vs), self.condition_string(body, &unbind(b, vs)))
            }
            Condition::Forall(vs, body) => {
                format!("(forall ({}) {})", self.typed_vars(vs), self.condition_string(body, &unbind(b, vs)))
            }
            Condition::Timed(t, body) => format!("({} {})", t.keyword(), self.condition_string(body, b)),
            Condition::Preference(_, body) => format!("(preference {})", self.condition_string(body, b)),
            Condition::Modal(m, _, cs) => list(m.keyword(), cs),
        }
    }

    // ---- explanations ----

    /// The literals that make `c` false, each with a repair hint; empty when `c` holds. At most
    /// `limit` entries, so that a failing `forall` over thousands of objects stays readable.
    pub fn explain(&self, c: &Condition, b: &mut [u32], limit: usize) -> Vec<Unsatisfied> {
        let mut out = Vec::new();
        self.explain_into(c, b, limit, &mut out);
        out
    }

    fn explain_into(&self, c: &Condition, b: &mut [u32], limit: usize, out: &mut Vec<Unsatisfied>) {
        if out.len() >= limit || self.holds(c, b) {
            return;
        }
        let push = |out: &mut Vec<Unsatisfied>, literal: String, hint: String| out.push(Unsatisfied { literal, hint });
        match c {
            Condition::And(cs) => {
                for c in cs {
                    self.explain_into(c, b, limit, out);
                }
            }
            Condition::Forall(vars, body) => self.explain_forall(vars, body, b, limit, out),
            Condition::Atom { positive, atom } => {
                let a = self.atom_string(atom, b);
                let derived = self.ctx.task.domain.predicates.get(atom.predicate.index()).is_some_and(|p| p.derived);
                let what = if *positive { "true" } else { "false" };
                let hint = if derived {
                    format!("{a} must be {what} (a derived predicate: change the facts its rules read)")
                } else {
                    format!("{a} must be {what}")
                };
                push(out, self.condition_string(c, b), hint);
            }
            Condition::Equal { positive, left, right } => {
                let (l, r) = (self.var_or_object(left, b), self.var_or_object(right, b));
                let hint = if *positive {
                    format!("{l} and {r} must be the same object")
                } else {
                    format!("{l} and {r} must be different objects")
                };
                push(out, self.condition_string(c, b), hint);
            }
            Condition::Compare(op, l, r) => {
                let text = self.condition_string(c, b);
                let hint = match (self.value(l, b), self.value(r, b)) {
                    (Err(e), _) | (_, Err(e)) => format!("{}; it must have a value", e.describe()),
                    (Ok(x), Ok(y)) => {
                        let mut parts = Vec::new();
                        self.fluent_values(l, b, &mut parts);
                        self.fluent_values(r, b, &mut parts);
                        let here = if parts.is_empty() {
                            format!("{} {} {} is false", number(x), op.symbol(), number(y))
                        } else {
                            parts.join(", ")
                        };
                        format!("{text} must hold; here {here}")
                    }
                };
                push(out, text, hint);
            }
            Condition::Or(cs) => {
                let options: Vec<String> = cs.iter().map(|c| self.condition_string(c, b)).collect();
                push(
                    out,
                    self.condition_string(c, b),
                    format!("at least one of these must hold: {}", options.join(", ")),
                );
            }
            Condition::Exists(vars, body) => {
                let text = self.condition_string(c, b);
                let body = self.condition_string(body, &unbind(b, vars));
                push(out, text, format!("some {} must satisfy {body}", self.typed_vars(vars)));
            }
            Condition::Timed(t, body) => {
                let before = out.len();
                self.explain_into(body, b, limit, out);
                for u in &mut out[before..] {
                    u.literal = format!("({} {})", t.keyword(), u.literal);
                }
            }
            Condition::True | Condition::False | Condition::Preference(..) | Condition::Modal(..) => {
                push(out, self.condition_string(c, b), "this condition can never hold".into());
            }
        }
    }

    fn explain_forall(
        &self,
        vars: &[VarId],
        body: &Condition,
        b: &mut [u32],
        limit: usize,
        out: &mut Vec<Unsatisfied>,
    ) {
        let Some((v, rest)) = vars.split_first() else {
            self.explain_into(body, b, limit, out);
            return;
        };
        let Some(domain) = self.env.domains.get(v.index()) else { return };
        let saved = b[v.index()];
        for &o in domain.iter() {
            if out.len() >= limit {
                break;
            }
            b[v.index()] = o;
            self.explain_forall(rest, body, b, limit, out);
        }
        b[v.index()] = saved;
    }

    /// `(f a) = 3` for each fluent an expression reads.
    fn fluent_values(&self, e: &Expr, b: &[u32], out: &mut Vec<String>) {
        match e {
            Expr::Fluent(f) => {
                if let Some(v) = self.fluent_value(f, b) {
                    out.push(format!("{} = {}", self.fluent_string(f, b), number(v)));
                }
            }
            Expr::Binary(_, l, r) => {
                self.fluent_values(l, b, out);
                self.fluent_values(r, b, out);
            }
            Expr::Negate(x) => self.fluent_values(x, b, out),
            Expr::Duration => {
                if let Some(d) = self.env.duration {
                    out.push(format!("?duration = {}", number(d)));
                }
            }
            _ => {}
        }
    }
}

/// A number for reports: integers without a decimal point, others rounded to 6 decimals so that
/// binary rounding (`17.000999999999998`) does not show.
pub fn number(x: f64) -> String {
    if x == x.trunc() && x.abs() < 1e15 {
        return format!("{}", x as i64);
    }
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.to_string() }
}

/// A copy of the binding with `vars` marked unbound, for printing a quantifier's body.
fn unbind(b: &[u32], vars: &[VarId]) -> Vec<u32> {
    let mut b = b.to_vec();
    for v in vars {
        if let Some(slot) = b.get_mut(v.index()) {
            *slot = UNBOUND;
        }
    }
    b
}
