//! The definitions printed as Coq functions: the same syntax tree the evaluator is compiled
//! from. A task is given to the printed function as a record of finite object lists per type,
//! atom tests per predicate and source, and distance tables; a state is whatever `holds` reads.
//!
//! ```text
//! Record Ctx := { objs : string -> list nat;          (* the objects of a type *)
//!                 holds : string -> list nat -> bool;  (* the state *)
//!                 init : string -> list nat -> bool; goal : string -> list nat -> bool;
//!                 stat : string -> list nat -> bool; dist : string -> nat -> nat -> nat;
//!                 dist_by : string -> nat -> nat -> nat -> nat;  (* distance-by tables *)
//!                 dist_cap : string -> nat;
//!                 obj : string -> nat }.
//! ```
//!
//! Each heuristic `NAME` becomes `Definition NAME_value (c : Ctx) : nat` (and `NAME_dead_end`),
//! built from `fold_right` over the object lists, `Nat.sub` (truncated), `Nat.max`, `Nat.min`.

use crate::lang::{Binder, Definition, Expr, Fold, NatOp, Source, Term};

/// The shared prelude: the context record and the list folds the printed terms use.
pub const PRELUDE: &str = r#"Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat.
Import ListNotations.
Open Scope string_scope.

Record Ctx := {
  objs : string -> list nat;
  holds : string -> list nat -> bool;
  init : string -> list nat -> bool;
  goal : string -> list nat -> bool;
  stat : string -> list nat -> bool;
  dist : string -> nat -> nat -> nat;
  dist_by : string -> nat -> nat -> nat -> nat;
  dist_cap : string -> nat;
  obj : string -> nat
}.

Definition sum_over (l : list nat) (f : nat -> nat) : nat := fold_right (fun x a => f x + a) 0 l.
Definition max_over (l : list nat) (f : nat -> nat) : nat := fold_right (fun x a => Nat.max (f x) a) 0 l.
Definition min_over (l : list nat) (f : nat -> nat) (empty : nat) : nat :=
  match l with [] => empty | x :: r => fold_right (fun y a => Nat.min (f y) a) (f x) r end.
Definition count_over (l : list nat) (p : nat -> bool) : nat := List.length (List.filter p l).
"#;

fn ident(s: &str) -> String {
    let mut out: String = s.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    if out.chars().next().is_none_or(|c| c.is_ascii_digit()) {
        out.insert(0, 'v');
    }
    out
}

fn term(t: &Term) -> String {
    match t {
        Term::Var(v) => format!("v_{}", ident(&v[1..])),
        Term::Object(o) => format!("(obj c \"{o}\")"),
    }
}

fn domain(b: &Binder) -> String {
    match &b.filter {
        None => format!("(objs c \"{}\")", b.ty),
        Some(f) => {
            format!("(List.filter (fun v_{} => {}) (objs c \"{}\"))", ident(&b.var[1..]), expr(f), b.ty)
        }
    }
}

/// One expression as a Coq term (`nat` or `bool`).
pub fn expr(e: &Expr) -> String {
    let join = |v: &[Expr], op: &str, unit: &str| -> String {
        v.iter().rev().fold(unit.to_string(), |acc, x| format!("({op} {} {acc})", expr(x)))
    };
    match e {
        Expr::Num(k) => k.to_string(),
        Expr::NatVar(v) => format!("n_{}", ident(v)),
        Expr::Op(NatOp::Add, v) => join(v, "Nat.add", "0"),
        Expr::Op(NatOp::Max, v) => join(v, "Nat.max", "0"),
        Expr::Op(NatOp::Min, v) => match v.split_last() {
            Some((last, rest)) => rest.iter().rev().fold(expr(last), |acc, x| format!("(Nat.min {} {acc})", expr(x))),
            None => "0".into(),
        },
        Expr::Op(NatOp::Sub, v) => format!("(Nat.sub {} {})", expr(&v[0]), expr(&v[1])),
        Expr::Op(NatOp::Mul, v) => format!("(Nat.mul {} {})", expr(&v[0]), expr(&v[1])),
        Expr::If(c, a, b) => format!("(if {} then {} else {})", expr(c), expr(a), expr(b)),
        Expr::Let(n, x, body) => format!("(let n_{} := {} in {})", ident(n), expr(x), expr(body)),
        Expr::Fold(f, b, body) => {
            let v = format!("v_{}", ident(&b.var[1..]));
            let d = domain(b);
            match f {
                Fold::Sum => format!("(sum_over {d} (fun {v} => {}))", expr(body)),
                Fold::MaxOver => format!("(max_over {d} (fun {v} => {}))", expr(body)),
                Fold::Count => format!("(count_over {d} (fun {v} => {}))", expr(body)),
                Fold::Exists => format!("(existsb (fun {v} => {}) {d})", expr(body)),
                Fold::Forall => format!("(forallb (fun {v} => {}) {d})", expr(body)),
            }
        }
        Expr::MinOver(b, body, empty) => {
            format!("(min_over {} (fun v_{} => {}) {})", domain(b), ident(&b.var[1..]), expr(body), expr(empty))
        }
        Expr::Dist(t, a, b) => format!("(dist c \"{t}\" {} {})", term(a), term(b)),
        Expr::DistBy(t, i, a, b) => format!("(dist_by c \"{t}\" {} {} {})", term(i), term(a), term(b)),
        Expr::Cap(t) => format!("(dist_cap c \"{t}\")"),
        Expr::Bool(b) => b.to_string(),
        Expr::And(v) => v.iter().rev().fold("true".into(), |acc, x| format!("(andb {} {acc})", expr(x))),
        Expr::Or(v) => v.iter().rev().fold("false".into(), |acc, x| format!("(orb {} {acc})", expr(x))),
        Expr::Not(x) => format!("(negb {})", expr(x)),
        Expr::Eq(a, b) => format!("(Nat.eqb {} {})", term(a), term(b)),
        Expr::Less(a, b) => format!("(Nat.ltb {} {})", expr(a), expr(b)),
        Expr::LessEq(a, b) => format!("(Nat.leb {} {})", expr(a), expr(b)),
        Expr::Atom(src, p, args) => {
            let f = match src {
                Source::Holds => "holds",
                Source::Init => "init",
                Source::Goal => "goal",
                Source::Static => "stat",
            };
            let a: Vec<String> = args.iter().map(term).collect();
            format!("({f} c \"{p}\" [{}])", a.join("; "))
        }
    }
}

/// A definition as Coq: its value, its dead-end test and its checks.
pub fn definition(d: &Definition) -> String {
    let n = ident(&d.name);
    let mut s = format!("(* {}: printed from heuristics/{}.heur by certplan; do not edit. *)\n", d.name, d.name);
    s.push_str(&format!("Definition {n}_value (c : Ctx) : nat :=\n  {}.\n", expr(&d.value)));
    let dead = d.dead_end.as_ref().map_or("false".into(), expr);
    s.push_str(&format!("Definition {n}_dead_end (c : Ctx) : bool :=\n  {dead}.\n"));
    s.push_str(&format!(
        "Definition {n}_h (c : Ctx) : option nat := if {n}_dead_end c then None else Some ({n}_value c).\n"
    ));
    for (i, ch) in d.checks.iter().enumerate() {
        s.push_str(&format!(
            "(* check {} *)\nDefinition {n}_check_{i} (c : Ctx) : bool :=\n  {}.\n",
            ch.name,
            expr(&ch.expr)
        ));
    }
    s
}

/// The prelude and every definition: one Coq file.
pub fn file(defs: &[Definition]) -> String {
    let mut s = String::from(PRELUDE);
    for d in defs {
        s.push('\n');
        s.push_str(&definition(d));
    }
    s
}
