//! The validity constraints as a Coq module `<Domain>Valid.v` over certplan's Coq export: every
//! constraint as a `Prop` (what the completeness theorem assumes) and as a Boolean function (its
//! mirror, computed by `vm_compute` on exported instances), then `ValidState`, `ValidInit` and
//! `ValidGoal` (paper 000, Listings 10 and 11) and their Boolean mirrors.

use crate::expr::{Expr, Nat, Var};
use crate::fields::field;
use crate::spec::{Constraint, Spec};
use proof::convert::{DomainIr, Part};
use std::fmt::Write;

/// The module name of a domain's constraints: `SpannerValid`.
pub fn module_name(d: &DomainIr) -> String {
    format!("{}Valid", d.module)
}

const OBJS: &str = "s.(statics).(objects)";

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
    format!("s.({part}).({f}){a}")
}

fn goal_call(f: &str, a: &str) -> String {
    format!("g.(goal_dynamic).(goal_{f}){a}")
}

/// The `Prop` reading.
pub fn prop(d: &DomainIr, e: &Expr) -> String {
    match e {
        Expr::True => "True".into(),
        Expr::Holds(f, a) => format!("{} = true", state_call(d, f, &args(a))),
        Expr::GoalIs(f, a, b) => format!("{} = Some {b}", goal_call(f, &args(a))),
        Expr::GoalNone(f, a) => format!("{} = None", goal_call(f, &args(a))),
        Expr::Same(a, b) => format!("{} = {}", var(*a), var(*b)),
        Expr::Not(e) => format!("~ ({})", prop(d, e)),
        Expr::And(es) if es.is_empty() => "True".into(),
        Expr::And(es) => format!("({})", es.iter().map(|e| prop(d, e)).collect::<Vec<_>>().join(" /\\ ")),
        Expr::Or(es) if es.is_empty() => "False".into(),
        Expr::Or(es) => format!("({})", es.iter().map(|e| prop(d, e)).collect::<Vec<_>>().join(" \\/ ")),
        Expr::Implies(a, b) => format!("({} -> {})", prop(d, a), prop(d, b)),
        Expr::Forall(v, ty, body) => {
            let x = var(*v);
            let guard = ty.map_or(String::new(), |t| format!("{} = true -> ", state_call(d, t, &format!(" {x}"))));
            format!("(forall {x}, In {x} {OBJS} -> {guard}{})", prop(d, body))
        }
        Expr::Exists(v, ty, body) => {
            let x = var(*v);
            let guard = ty.map_or(String::new(), |t| format!("{} = true /\\ ", state_call(d, t, &format!(" {x}"))));
            format!("(exists {x}, In {x} {OBJS} /\\ {guard}{})", prop(d, body))
        }
        Expr::Le(a, b) => format!("{} <= {}", nat(d, a, false), nat(d, b, false)),
        Expr::Eq(a, b) => format!("{} = {}", nat(d, a, false), nat(d, b, false)),
        Expr::Acyclic(f, goal) => {
            let edge = if *goal {
                format!("{} = Some true", goal_call(f, " a b"))
            } else {
                format!("{} = true", state_call(d, f, " a b"))
            };
            format!(
                "(forall x, In x {OBJS} -> ~ clos_trans nat (fun a b => In a {OBJS} /\\ In b {OBJS} /\\ {edge}) x x)"
            )
        }
        Expr::Connected(f, ty) => {
            let t = |v: &str| state_call(d, ty, &format!(" {v}"));
            format!(
                "(forall x y, In x {OBJS} -> In y {OBJS} -> {} = true -> {} = true -> clos_refl_trans nat (fun a b => In a {OBJS} /\\ In b {OBJS} /\\ {} = true /\\ {} = true /\\ {} = true) x y)",
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
                "clos_refl_trans nat (fun a b => In a {OBJS} /\\ In b {OBJS} /\\ {} = true /\\ {} = true /\\ {} = true) {} {}",
                t("a"),
                t("b"),
                state_call(d, f, " a b"),
                var(*x),
                var(*y)
            )
        }
    }
}

fn nat(d: &DomainIr, n: &Nat, lazy: bool) -> String {
    match n {
        Nat::Const(k) => k.to_string(),
        Nat::Add(a, b) => format!("({} + {})", nat(d, a, lazy), nat(d, b, lazy)),
        Nat::Ite(e) => format!("(if {} then 1 else 0)", boolean_with(d, e, lazy)),
        Nat::Count(v, ty, body) => {
            let x = var(*v);
            let inner = match ty {
                Some(t) => and_of(vec![state_call(d, t, &format!(" {x}")), boolean_with(d, body, lazy)], lazy),
                None => boolean_with(d, body, lazy),
            };
            format!("length (filter (fun {x} => {inner}) {OBJS})")
        }
    }
}

/// `a && b && ...`; with `lazy`, as nested `if`s, so that `vm_compute` stops at the first `false`.
fn and_of(parts: Vec<String>, lazy: bool) -> String {
    if !lazy {
        return parts.join(" && ");
    }
    let mut it = parts.into_iter().rev();
    let Some(last) = it.next() else { return "true".into() };
    it.fold(last, |acc, p| format!("(if {p} then {acc} else false)"))
}

/// The Boolean reading (the `...B` definitions).
pub fn boolean(d: &DomainIr, e: &Expr) -> String {
    boolean_with(d, e, true)
}

/// The Boolean reading; with `lazy`, the connectives are printed as `if`s: `vm_compute` evaluates
/// the arguments of `andb` and `implb` eagerly, and a reachability test under a quantifier (Gold
/// Miner's) must only run where its guard holds. Inside a `Prop` (counts), the plain `&&` form.
fn boolean_with(d: &DomainIr, e: &Expr, lazy: bool) -> String {
    let boolean = |d: &DomainIr, e: &Expr| boolean_with(d, e, lazy);
    let nat = |d: &DomainIr, n: &Nat| nat(d, n, lazy);
    match e {
        Expr::True => "true".into(),
        Expr::Holds(f, a) => state_call(d, f, &args(a)),
        Expr::GoalIs(f, a, b) => format!("optbEqb ({}) (Some {b})", goal_call(f, &args(a))),
        Expr::GoalNone(f, a) => format!("isNoneB ({})", goal_call(f, &args(a))),
        Expr::Same(a, b) => format!("Nat.eqb {} {}", var(*a), var(*b)),
        Expr::Not(e) => format!("negb ({})", boolean(d, e)),
        Expr::And(es) if !lazy && es.is_empty() => "true".into(),
        Expr::And(es) if !lazy => format!("({})", es.iter().map(|e| boolean(d, e)).collect::<Vec<_>>().join(" && ")),
        Expr::Or(es) if !lazy && es.is_empty() => "false".into(),
        Expr::Or(es) if !lazy => format!("({})", es.iter().map(|e| boolean(d, e)).collect::<Vec<_>>().join(" || ")),
        Expr::Implies(a, b) if !lazy => format!("implb ({}) ({})", boolean(d, a), boolean(d, b)),
        Expr::And(es) => and_of(es.iter().map(|e| boolean(d, e)).collect(), true),
        Expr::Or(es) => es.iter().rev().fold("false".to_string(), |acc, e| {
            if acc == "false" { boolean(d, e) } else { format!("(if {} then true else {acc})", boolean(d, e)) }
        }),
        Expr::Implies(a, b) => format!("(if {} then {} else true)", boolean(d, a), boolean(d, b)),
        Expr::Forall(v, ty, body) => {
            let x = var(*v);
            let inner = match ty {
                Some(t) if lazy => {
                    format!("if {} then {} else true", state_call(d, t, &format!(" {x}")), boolean(d, body))
                }
                Some(t) => format!("implb ({}) ({})", state_call(d, t, &format!(" {x}")), boolean(d, body)),
                None => boolean(d, body),
            };
            format!("forallb (fun {x} => {inner}) {OBJS}")
        }
        Expr::Exists(v, ty, body) => {
            let x = var(*v);
            let inner = match ty {
                Some(t) => and_of(vec![state_call(d, t, &format!(" {x}")), boolean(d, body)], lazy),
                None => boolean(d, body),
            };
            format!("existsb (fun {x} => {inner}) {OBJS}")
        }
        Expr::Le(a, b) => format!("Nat.leb ({}) ({})", nat(d, a), nat(d, b)),
        Expr::Eq(a, b) => format!("Nat.eqb ({}) ({})", nat(d, a), nat(d, b)),
        Expr::Acyclic(f, goal) => {
            let edge = if *goal {
                format!("optbEqb ({}) (Some true)", goal_call(f, " a b"))
            } else {
                state_call(d, f, " a b")
            };
            format!("acyclicB (fun a b => {edge}) {OBJS}")
        }
        Expr::Connected(f, ty) => {
            let t = |v: &str| state_call(d, ty, &format!(" {v}"));
            format!(
                "connectedB (fun a b => {} && {} && {}) (filter (fun a => {}) {OBJS})",
                t("a"),
                t("b"),
                state_call(d, f, " a b"),
                t("a")
            )
        }
        Expr::Reach(f, ty, x, y) => {
            let t = |v: &str| state_call(d, ty, &format!(" {v}"));
            format!(
                "reachesB (fun a b => {} && {} && {}) {OBJS} {} {}",
                t("a"),
                t("b"),
                state_call(d, f, " a b"),
                var(*x),
                var(*y)
            )
        }
    }
}

/// The generic part: Boolean helpers every domain's constraints use.
const PRELUDE: &str = r#"(** Boolean helpers of the mirrors. *)

Definition optbEqb (a b : option bool) : bool :=
  match a, b with
  | Some x, Some y => Bool.eqb x y
  | None, None => true
  | _, _ => false
  end.

Definition isNoneB (a : option bool) : bool :=
  match a with None => true | Some _ => false end.

Fixpoint nodupB (l : list nat) : bool :=
  match l with
  | [] => true
  | x :: r => negb (existsb (Nat.eqb x) r) && nodupB r
  end.

(* Kahn's algorithm: drop the nodes without a predecessor among those left, as often as there
   are nodes; a relation on the list is acyclic iff nothing is left. *)
Fixpoint kahnB (r : nat -> nat -> bool) (fuel : nat) (rest : list nat) : list nat :=
  match fuel with
  | 0 => rest
  | S f => kahnB r f (filter (fun y => existsb (fun x => r x y) rest) rest)
  end.

Definition acyclicB (r : nat -> nat -> bool) (l : list nat) : bool :=
  match kahnB r (length l) l with [] => true | _ => false end.

(* The nodes of `l` reachable from `seen` in at most `fuel` steps. *)
Fixpoint reachB (r : nat -> nat -> bool) (l : list nat) (fuel : nat) (seen : list nat) : list nat :=
  match fuel with
  | 0 => seen
  | S f => reachB r l f (filter (fun y => existsb (Nat.eqb y) seen || existsb (fun x => r x y) seen) l)
  end.

(* Strongly connected: the first node reaches every node, and every node reaches the first. *)
Definition connectedB (r : nat -> nat -> bool) (l : list nat) : bool :=
  match l with
  | [] => true
  | x :: _ =>
      Nat.eqb (length (reachB r l (length l) [x])) (length l) &&
      Nat.eqb (length (reachB (fun a b => r b a) l (length l) [x])) (length l)
  end.

(* `y` is `x` or reachable from it through nodes of `l`. *)
Definition reachesB (r : nat -> nat -> bool) (l : list nat) (x y : nat) : bool :=
  Nat.eqb x y || existsb (Nat.eqb y) (reachB r l (length l) [x]).

"#;

fn goal_closed(d: &DomainIr) -> String {
    let mut parts = Vec::new();
    for (_, f) in d.dynamics() {
        if f.arity == 0 {
            continue;
        }
        let vs: Vec<Var> = (0..f.arity as u8).collect();
        let ins: Vec<String> = vs.iter().map(|v| format!("In {} {OBJS}", var(*v))).collect();
        parts.push(format!(
            "(forall{}, {} <> None -> {})",
            args(&vs),
            goal_call(&f.ident, &args(&vs)),
            ins.join(" /\\ ")
        ));
    }
    if parts.is_empty() { "True".into() } else { parts.join(" /\\\n  ") }
}

fn binders(c: &Constraint) -> &'static str {
    if c.expr.reads_goal() { "(s : State) (g : Goal)" } else { "(s : State)" }
}

fn apply(c: &Constraint, suffix: &str) -> String {
    if c.expr.reads_goal() { format!("{}{suffix} s g", c.name) } else { format!("{}{suffix} s", c.name) }
}

/// The whole module.
pub fn module(d: &DomainIr, spec: &Spec, library: &str) -> String {
    let mut w = String::new();
    let _ = writeln!(
        w,
        "(* Generated by certplan: the validity constraints of the domain `{}` (paper 000, Listings 10\n   and 11), each as a Prop and as its Boolean mirror. Do not edit; regenerate with\n   `certplan gp constraints`. *)\n",
        spec.domain
    );
    if !spec.gaps.is_empty() {
        let _ = writeln!(w, "(* Not stated: {}. *)\n", spec.gaps);
    }
    let _ = writeln!(
        w,
        "From Coq Require Import Bool Arith List Relations.\nImport ListNotations.\nFrom {library} Require Import {}.\n",
        d.module
    );
    w.push_str(PRELUDE);
    w.push_str("(** Generic constraints. *)\n\n");
    let _ = writeln!(w, "Definition ObjectsNoDup (s : State) : Prop := NoDup {OBJS}.\n");
    let _ = writeln!(w, "Definition ObjectsNoDupB (s : State) : bool := nodupB {OBJS}.\n");
    let _ = writeln!(
        w,
        "(* The goal constrains atoms over listed objects only. It quantifies over all numbers, so it has\n   no Boolean mirror; certplan's export writes goal atoms over objects only. *)\nDefinition GoalClosed (s : State) (g : Goal) : Prop :=\n  {}.\n",
        goal_closed(d)
    );
    for (title, group) in [("State", &spec.state), ("Initial-state", &spec.init), ("Goal", &spec.goal)] {
        let _ = writeln!(w, "(** {title} constraints. *)\n");
        for c in group.iter() {
            let b = binders(c);
            let _ = writeln!(w, "Definition {} {b} : Prop :=\n  {}.\n", c.name, prop(d, &c.expr));
            let _ = writeln!(w, "Definition {}B {b} : bool :=\n  {}.\n", c.name, boolean(d, &c.expr));
        }
    }
    let join = |head: Vec<String>, group: &[Constraint], suffix: &str, sep: &str, empty: &str| -> String {
        let mut parts = head;
        parts.extend(group.iter().map(|c| apply(c, suffix)));
        if parts.is_empty() { empty.to_string() } else { parts.join(sep) }
    };
    let _ = writeln!(
        w,
        "(** The validity predicates (paper 000): ValidInit and ValidGoal are what `solveComplete` assumes. *)\n"
    );
    let _ = writeln!(
        w,
        "Definition ValidState (s : State) : Prop :=\n  {}.\n",
        join(vec!["ObjectsNoDup s".into()], &spec.state, "", " /\\\n  ", "True")
    );
    let _ = writeln!(
        w,
        "Definition ValidStateB (s : State) : bool :=\n  {}.\n",
        join(vec!["ObjectsNoDupB s".into()], &spec.state, "B", " &&\n  ", "true")
    );
    let _ = writeln!(
        w,
        "Definition ValidInit (s : State) : Prop :=\n  {}.\n",
        join(vec!["ValidState s".into()], &spec.init, "", " /\\\n  ", "True")
    );
    let _ = writeln!(
        w,
        "Definition ValidInitB (s : State) : bool :=\n  {}.\n",
        join(vec!["ValidStateB s".into()], &spec.init, "B", " &&\n  ", "true")
    );
    let _ = writeln!(
        w,
        "Definition ValidGoal (s : State) (g : Goal) : Prop :=\n  {}.\n",
        join(vec!["GoalClosed s g".into()], &spec.goal, "", " /\\\n  ", "True")
    );
    let _ = writeln!(
        w,
        "(* GoalClosed holds by construction of the export (see above). *)\nDefinition ValidGoalB (s : State) (g : Goal) : bool :=\n  {}.\n",
        join(Vec::new(), &spec.goal, "B", " &&\n  ", "true")
    );
    w
}

/// The names of every constraint, in module order, with whether it reads the goal: what a mirror
/// comparison evaluates one by one.
pub fn constraint_names(spec: &Spec) -> Vec<(&'static str, bool)> {
    let mut v = vec![("ObjectsNoDup", false)];
    v.extend(spec.state.iter().chain(&spec.init).chain(&spec.goal).map(|c| (c.name, c.expr.reads_goal())));
    v
}
