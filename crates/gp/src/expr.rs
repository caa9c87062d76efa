//! The small language the validity constraints are written in (paper 000, Listings 10 and 11).
//!
//! One constraint is written once, as an [`Expr`], and read four ways: as a Coq `Prop`
//! ([`crate::coq`]), as a Coq Boolean function (its computable mirror), as a Lean `Prop`
//! ([`crate::lean`]) and by the Rust evaluator ([`crate::mirror`]) on a converted PDDL task. The
//! Props quantify over the instance's `objects` list (`forall x, In x objs -> ...`), so the
//! Boolean readings (`forallb ... objs`) decide exactly what the Props say; reachability is the
//! one place where the Prop uses an inductive relation (`clos_trans`, Lean's `Relation.TransGen`)
//! and the Boolean a terminating algorithm.

/// A state function by its field name in the export (`at_p`, `nut_t`).
pub type Field = &'static str;

/// Variables are numbered; printers name them `x0`, `x1`, ...
pub type Var = u8;

/// A Boolean-valued expression over the initial or current state `s` and the goal `g`.
#[derive(Clone, Debug)]
pub enum Expr {
    True,
    /// `s.<part>.<f> args = true`.
    Holds(Field, Vec<Var>),
    /// The goal's value for `f` at `args` is `Some value`.
    GoalIs(Field, Vec<Var>, bool),
    /// The goal leaves `f` at `args` unconstrained (`None`).
    GoalNone(Field, Vec<Var>),
    /// Two object variables denote the same object.
    Same(Var, Var),
    Not(Box<Expr>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Implies(Box<Expr>, Box<Expr>),
    /// For every object `x` (of the optional type): body.
    Forall(Var, Option<Field>, Box<Expr>),
    /// Some object `x` (of the optional type) with body.
    Exists(Var, Option<Field>, Box<Expr>),
    /// `lhs <= rhs` / `lhs = rhs` on counts.
    Le(Nat, Nat),
    Eq(Nat, Nat),
    /// No object reaches itself through one or more `f` steps between objects; with `goal`, the
    /// steps are the pairs the goal requires true (`Some true`).
    Acyclic(Field, bool),
    /// Every object of the type reaches every other one through `f` steps between objects of the
    /// type (zero or more).
    Connected(Field, Field),
    /// The object `x` reaches the object `y` through `f` steps between objects of the type (zero
    /// or more): reachability inside a region (Gold Miner's clear cells).
    Reach(Field, Field, Var, Var),
}

/// A natural-number expression.
#[derive(Clone, Debug)]
pub enum Nat {
    Const(u32),
    /// The number of objects `x` (of the optional type) with body.
    Count(Var, Option<Field>, Box<Expr>),
    Add(Box<Nat>, Box<Nat>),
    /// 1 if the expression holds, else 0.
    Ite(Box<Expr>),
}

// Constructors that keep the tables in `spec.rs` short.

pub fn holds(f: Field, args: &[Var]) -> Expr {
    Expr::Holds(f, args.to_vec())
}
pub fn not(e: Expr) -> Expr {
    Expr::Not(Box::new(e))
}
pub fn implies(a: Expr, b: Expr) -> Expr {
    Expr::Implies(Box::new(a), Box::new(b))
}
pub fn forall(v: Var, ty: Field, body: Expr) -> Expr {
    Expr::Forall(v, Some(ty), Box::new(body))
}
pub fn forall_obj(v: Var, body: Expr) -> Expr {
    Expr::Forall(v, None, Box::new(body))
}
pub fn exists(v: Var, ty: Field, body: Expr) -> Expr {
    Expr::Exists(v, Some(ty), Box::new(body))
}
pub fn count(v: Var, ty: Field, body: Expr) -> Nat {
    Nat::Count(v, Some(ty), Box::new(body))
}
pub fn count_obj(v: Var, body: Expr) -> Nat {
    Nat::Count(v, None, Box::new(body))
}
pub fn objects_of(ty: Field) -> Nat {
    Nat::Count(0, Some(ty), Box::new(Expr::True))
}
pub fn eq(a: Nat, b: Nat) -> Expr {
    Expr::Eq(a, b)
}
pub fn le(a: Nat, b: Nat) -> Expr {
    Expr::Le(a, b)
}
pub fn add(a: Nat, b: Nat) -> Nat {
    Nat::Add(Box::new(a), Box::new(b))
}
pub fn one(n: u32) -> Nat {
    Nat::Const(n)
}
pub fn ite(e: Expr) -> Nat {
    Nat::Ite(Box::new(e))
}
pub fn and(es: Vec<Expr>) -> Expr {
    Expr::And(es)
}
pub fn or(es: Vec<Expr>) -> Expr {
    Expr::Or(es)
}

/// `f x y` holds for exactly one `y` of type `ty` (for the object `x`).
pub fn exactly_one(x: Var, y: Var, ty: Field, f: Field, flip: bool) -> Expr {
    let args = if flip { vec![y, x] } else { vec![x, y] };
    eq(count(y, ty, Expr::Holds(f, args)), one(1))
}

/// `f x y` holds for at most one `y` of type `ty`.
pub fn at_most_one(x: Var, y: Var, ty: Field, f: Field, flip: bool) -> Expr {
    let args = if flip { vec![y, x] } else { vec![x, y] };
    le(count(y, ty, Expr::Holds(f, args)), one(1))
}

/// Every true `f` atom (of arity `tys.len()`) has arguments of the given types.
pub fn typed(f: Field, tys: &[Field]) -> Expr {
    let vars: Vec<Var> = (0..tys.len() as u8).collect();
    let mut body = and(tys.iter().zip(&vars).map(|(t, v)| holds(t, &[*v])).collect());
    if tys.len() == 1 {
        body = holds(tys[0], &[0]);
    }
    let mut e = implies(holds(f, &vars), body);
    for v in vars.iter().rev() {
        e = forall_obj(*v, e);
    }
    e
}

/// The goal leaves `f` (of the given arity) unconstrained on every tuple of objects.
pub fn goal_free(f: Field, arity: usize) -> Expr {
    let vars: Vec<Var> = (0..arity as u8).collect();
    let mut e = Expr::GoalNone(f, vars.clone());
    for v in vars.iter().rev() {
        e = forall_obj(*v, e);
    }
    e
}

/// `f` is a strict total order on the objects of type `ty`: irreflexive, transitive, total.
pub fn strict_total_order(f: Field, ty: Option<Field>) -> Vec<(&'static str, Expr)> {
    let forall = |v: Var, ty: Option<Field>, body: Expr| Expr::Forall(v, ty, Box::new(body));
    vec![
        ("Irreflexive", forall(0, ty, not(holds(f, &[0, 0])))),
        (
            "Transitive",
            forall(
                0,
                ty,
                forall(
                    1,
                    ty,
                    forall(2, ty, implies(and(vec![holds(f, &[0, 1]), holds(f, &[1, 2])]), holds(f, &[0, 2]))),
                ),
            ),
        ),
        ("Total", forall(0, ty, forall(1, ty, or(vec![Expr::Same(0, 1), holds(f, &[0, 1]), holds(f, &[1, 0])])))),
    ]
}

impl Expr {
    /// Every field the expression names (state and goal), for checks against the export.
    pub fn fields(&self, out: &mut Vec<Field>) {
        match self {
            Expr::True | Expr::Same(..) => {}
            Expr::Holds(f, _) | Expr::GoalIs(f, _, _) | Expr::GoalNone(f, _) | Expr::Acyclic(f, _) => out.push(f),
            Expr::Connected(f, t) | Expr::Reach(f, t, _, _) => out.extend([*f, *t]),
            Expr::Not(e) => e.fields(out),
            Expr::And(es) | Expr::Or(es) => es.iter().for_each(|e| e.fields(out)),
            Expr::Implies(a, b) => {
                a.fields(out);
                b.fields(out);
            }
            Expr::Forall(_, t, e) | Expr::Exists(_, t, e) => {
                out.extend(t.iter());
                e.fields(out);
            }
            Expr::Le(a, b) | Expr::Eq(a, b) => {
                a.fields(out);
                b.fields(out);
            }
        }
    }

    /// Whether the expression reads the goal.
    pub fn reads_goal(&self) -> bool {
        match self {
            Expr::GoalIs(..) | Expr::GoalNone(..) | Expr::Acyclic(_, true) => true,
            Expr::True
            | Expr::Same(..)
            | Expr::Holds(..)
            | Expr::Acyclic(_, false)
            | Expr::Connected(..)
            | Expr::Reach(..) => false,
            Expr::Not(e) | Expr::Forall(_, _, e) | Expr::Exists(_, _, e) => e.reads_goal(),
            Expr::And(es) | Expr::Or(es) => es.iter().any(Expr::reads_goal),
            Expr::Implies(a, b) => a.reads_goal() || b.reads_goal(),
            Expr::Le(a, b) | Expr::Eq(a, b) => a.reads_goal() || b.reads_goal(),
        }
    }
}

impl Nat {
    pub fn fields(&self, out: &mut Vec<Field>) {
        match self {
            Nat::Const(_) => {}
            Nat::Count(_, t, e) => {
                out.extend(t.iter());
                e.fields(out);
            }
            Nat::Add(a, b) => {
                a.fields(out);
                b.fields(out);
            }
            Nat::Ite(e) => e.fields(out),
        }
    }
    pub fn reads_goal(&self) -> bool {
        match self {
            Nat::Const(_) => false,
            Nat::Count(_, _, e) => e.reads_goal(),
            Nat::Add(a, b) => a.reads_goal() || b.reads_goal(),
            Nat::Ite(e) => e.reads_goal(),
        }
    }
}
