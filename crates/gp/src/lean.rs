//! The validity constraints printed for Lean 4 (`<Domain>Valid.lean`, over `certplan lean
//! export`'s module): the same Props as the Coq module, in Lean's notation (`Relation.TransGen`
//! for reachability). Printed only: there is no Lean toolchain here to check them.

use crate::expr::{Expr, Nat, Var};
use crate::fields::field;
use crate::spec::{Constraint, Spec};
use proof::convert::{DomainIr, Part};
use std::fmt::Write;

const OBJS: &str = "s.statics.objects";

fn var(v: Var) -> String {
    format!("x{v}")
}

fn args(a: &[Var]) -> String {
    a.iter().map(|v| format!(" {}", var(*v))).collect()
}

fn state_call(d: &DomainIr, f: &str, a: &str) -> String {
    let part = match field(d, f).map(|i| i.part) {
        Ok(Part::Static) => "statics",
        _ => "dynamic",
    };
    format!("s.{part}.{f}{a}")
}

fn goal_call(f: &str, a: &str) -> String {
    format!("g.dynamic.{f}{a}")
}

fn prop(d: &DomainIr, e: &Expr) -> String {
    match e {
        Expr::True => "True".into(),
        Expr::Holds(f, a) => format!("{} = true", state_call(d, f, &args(a))),
        Expr::GoalIs(f, a, b) => format!("{} = some {b}", goal_call(f, &args(a))),
        Expr::GoalNone(f, a) => format!("{} = none", goal_call(f, &args(a))),
        Expr::Same(a, b) => format!("{} = {}", var(*a), var(*b)),
        Expr::Not(e) => format!("¬ ({})", prop(d, e)),
        Expr::And(es) if es.is_empty() => "True".into(),
        Expr::And(es) => format!("({})", es.iter().map(|e| prop(d, e)).collect::<Vec<_>>().join(" ∧ ")),
        Expr::Or(es) if es.is_empty() => "False".into(),
        Expr::Or(es) => format!("({})", es.iter().map(|e| prop(d, e)).collect::<Vec<_>>().join(" ∨ ")),
        Expr::Implies(a, b) => format!("({} → {})", prop(d, a), prop(d, b)),
        Expr::Forall(v, ty, body) => {
            let x = var(*v);
            let guard = ty.map_or(String::new(), |t| format!("{} = true → ", state_call(d, t, &format!(" {x}"))));
            format!("(∀ {x}, {x} ∈ {OBJS} → {guard}{})", prop(d, body))
        }
        Expr::Exists(v, ty, body) => {
            let x = var(*v);
            let guard = ty.map_or(String::new(), |t| format!("{} = true ∧ ", state_call(d, t, &format!(" {x}"))));
            format!("(∃ {x}, {x} ∈ {OBJS} ∧ {guard}{})", prop(d, body))
        }
        Expr::Le(a, b) => format!("{} ≤ {}", nat(d, a), nat(d, b)),
        Expr::Eq(a, b) => format!("{} = {}", nat(d, a), nat(d, b)),
        Expr::Acyclic(f, goal) => {
            let edge = if *goal {
                format!("{} = some true", goal_call(f, " a b"))
            } else {
                format!("{} = true", state_call(d, f, " a b"))
            };
            format!("(∀ x, x ∈ {OBJS} → ¬ Relation.TransGen (fun a b => a ∈ {OBJS} ∧ b ∈ {OBJS} ∧ {edge}) x x)")
        }
        Expr::Connected(f, ty) => {
            let t = |v: &str| state_call(d, ty, &format!(" {v}"));
            format!(
                "(∀ x y, x ∈ {OBJS} → y ∈ {OBJS} → {} = true → {} = true → Relation.ReflTransGen (fun a b => a ∈ {OBJS} ∧ b ∈ {OBJS} ∧ {} = true ∧ {} = true ∧ {} = true) x y)",
                t("x"),
                t("y"),
                t("a"),
                t("b"),
                state_call(d, f, " a b")
            )
        }
        Expr::Reach(f, ty, x, y) => {
            let t = |v: &str| state_call(d, ty, &format!(" {v}"));
            format!(
                "Relation.ReflTransGen (fun a b => a ∈ {OBJS} ∧ b ∈ {OBJS} ∧ {} = true ∧ {} = true ∧ {} = true) {} {}",
                t("a"),
                t("b"),
                state_call(d, f, " a b"),
                var(*x),
                var(*y)
            )
        }
    }
}

fn nat(d: &DomainIr, n: &Nat) -> String {
    match n {
        Nat::Const(k) => k.to_string(),
        Nat::Add(a, b) => format!("({} + {})", nat(d, a), nat(d, b)),
        Nat::Ite(e) => format!("(if {} then 1 else 0)", boolean(d, e)),
        Nat::Count(v, ty, body) => {
            let x = var(*v);
            let guard = ty.map_or(String::new(), |t| format!("{} && ", state_call(d, t, &format!(" {x}"))));
            format!("({OBJS}.filter (fun {x} => {guard}{})).length", boolean(d, body))
        }
    }
}

fn boolean(d: &DomainIr, e: &Expr) -> String {
    match e {
        Expr::True => "true".into(),
        Expr::Holds(f, a) => state_call(d, f, &args(a)),
        Expr::GoalIs(f, a, b) => format!("({} == some {b})", goal_call(f, &args(a))),
        Expr::GoalNone(f, a) => format!("({} == none)", goal_call(f, &args(a))),
        Expr::Same(a, b) => format!("({} == {})", var(*a), var(*b)),
        Expr::Not(e) => format!("!({})", boolean(d, e)),
        Expr::And(es) if es.is_empty() => "true".into(),
        Expr::And(es) => format!("({})", es.iter().map(|e| boolean(d, e)).collect::<Vec<_>>().join(" && ")),
        Expr::Or(es) if es.is_empty() => "false".into(),
        Expr::Or(es) => format!("({})", es.iter().map(|e| boolean(d, e)).collect::<Vec<_>>().join(" || ")),
        Expr::Implies(a, b) => format!("(!({}) || {})", boolean(d, a), boolean(d, b)),
        Expr::Forall(v, ty, body) => {
            let x = var(*v);
            let inner = match ty {
                Some(t) => format!("(!({}) || {})", state_call(d, t, &format!(" {x}")), boolean(d, body)),
                None => boolean(d, body),
            };
            format!("{OBJS}.all (fun {x} => {inner})")
        }
        Expr::Exists(v, ty, body) => {
            let x = var(*v);
            let guard = ty.map_or(String::new(), |t| format!("{} && ", state_call(d, t, &format!(" {x}"))));
            format!("{OBJS}.any (fun {x} => {guard}{})", boolean(d, body))
        }
        Expr::Le(a, b) => format!("decide ({} ≤ {})", nat(d, a), nat(d, b)),
        Expr::Eq(a, b) => format!("({} == {})", nat(d, a), nat(d, b)),
        // Reachability never occurs inside a count; the Prop reading is the one that matters.
        Expr::Acyclic(..) | Expr::Connected(..) | Expr::Reach(..) => format!("decide ({})", prop(d, e)),
    }
}

fn binders(c: &Constraint) -> &'static str {
    if c.expr.reads_goal() { "(s : State) (g : Goal)" } else { "(s : State)" }
}

fn apply(c: &Constraint) -> String {
    if c.expr.reads_goal() { format!("{} s g", c.name) } else { format!("{} s", c.name) }
}

fn goal_closed(d: &DomainIr) -> String {
    let mut parts = Vec::new();
    for (_, f) in d.dynamics() {
        if f.arity == 0 {
            continue;
        }
        let vs: Vec<Var> = (0..f.arity as u8).collect();
        let ins: Vec<String> = vs.iter().map(|v| format!("{} ∈ {OBJS}", var(*v))).collect();
        parts.push(format!("(∀{}, {} ≠ none → {})", args(&vs), goal_call(&f.ident, &args(&vs)), ins.join(" ∧ ")));
    }
    if parts.is_empty() { "True".into() } else { parts.join(" ∧\n  ") }
}

/// The whole Lean module.
pub fn module(d: &DomainIr, spec: &Spec) -> String {
    let mut w = String::new();
    let _ = writeln!(
        w,
        "/-\nGenerated by certplan: the validity constraints of the domain `{}` (paper 000, Listings 10\nand 11). Do not edit; regenerate with `certplan gp constraints --lean`.\n-/\nimport {}\n",
        spec.domain, d.module
    );
    if !spec.gaps.is_empty() {
        let _ = writeln!(w, "-- Not stated: {}.\n", spec.gaps);
    }
    let _ = writeln!(w, "def ObjectsNoDup (s : State) : Prop := {OBJS}.Nodup\n");
    let _ = writeln!(w, "def GoalClosed (s : State) (g : Goal) : Prop :=\n  {}\n", goal_closed(d));
    for c in spec.state.iter().chain(&spec.init).chain(&spec.goal) {
        let _ = writeln!(w, "def {} {} : Prop :=\n  {}\n", c.name, binders(c), prop(d, &c.expr));
    }
    let conj = |head: &str, cs: &[Constraint]| {
        let mut parts = vec![head.to_string()];
        parts.extend(cs.iter().map(apply));
        parts.join(" ∧\n  ")
    };
    let _ = writeln!(w, "def ValidState (s : State) : Prop :=\n  {}\n", conj("ObjectsNoDup s", &spec.state));
    let _ = writeln!(w, "def ValidInit (s : State) : Prop :=\n  {}\n", conj("ValidState s", &spec.init));
    let _ = writeln!(w, "def ValidGoal (s : State) (g : Goal) : Prop :=\n  {}\n", conj("GoalClosed s g", &spec.goal));
    w
}
