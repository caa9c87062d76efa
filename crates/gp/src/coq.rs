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

/// `a || b || ...` as nested `if`s (`orb a b` is `if a then true else b`), nested to the right.
fn or_of(parts: Vec<String>) -> String {
    let mut it = parts.into_iter().rev();
    let Some(last) = it.next() else { return "false".into() };
    it.fold(last, |acc, p| format!("(if {p} then true else {acc})"))
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
        // Both readings nest to the right as `/\` and `\/` do (see [`mirror_term`]); the lazy one
        // as `if`s, definitionally `andb`/`orb`/`implb`, so the generated `..B_iff` lemmas apply.
        Expr::And(es) if !lazy && es.is_empty() => "true".into(),
        Expr::And(es) if !lazy => format!("({})", right_nested(es.iter().map(|e| boolean(d, e)).collect(), "&&")),
        Expr::Or(es) if !lazy && es.is_empty() => "false".into(),
        Expr::Or(es) if !lazy => format!("({})", right_nested(es.iter().map(|e| boolean(d, e)).collect(), "||")),
        Expr::Implies(a, b) if !lazy => format!("implb ({}) ({})", boolean(d, a), boolean(d, b)),
        Expr::And(es) => and_of(es.iter().map(|e| boolean(d, e)).collect(), true),
        Expr::Or(es) => or_of(es.iter().map(|e| boolean(d, e)).collect()),
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

/// `a op (b op c)`: the Boolean reading nests to the right as `/\` and `\/` do, so the two
/// readings have the same shape and [`mirror_term`] can follow both at once.
fn right_nested(parts: Vec<String>, op: &str) -> String {
    let mut it = parts.into_iter().rev();
    let last = it.next().unwrap_or_default();
    it.fold(last, |acc, p| format!("{p} {op} ({acc})"))
}

/// A proof term of `boolean(e) = true <-> prop(e)`, built from the `mirror_*` combinators of
/// [`MIRROR_LEMMAS`] along the expression; every form has one (`Connected` and `Reach` through `rch_complete`).
pub fn mirror_term(d: &DomainIr, e: &Expr) -> Option<String> {
    let p = |e: &Expr| prop(d, e);
    let b = |e: &Expr| boolean(d, e);
    Some(match e {
        Expr::True => "mirror_true".into(),
        Expr::Holds(..) => format!("(iff_refl ({}))", p(e)),
        Expr::GoalIs(f, a, v) => format!("(mirror_goal_is ({}) {v})", goal_call(f, &args(a))),
        Expr::GoalNone(f, a) => format!("(mirror_goal_none ({}))", goal_call(f, &args(a))),
        Expr::Same(x, y) => format!("(Nat.eqb_eq {} {})", var(*x), var(*y)),
        Expr::Not(inner) => format!("(mirror_not ({}) ({}) {})", b(inner), p(inner), mirror_term(d, inner)?),
        Expr::And(es) | Expr::Or(es) => {
            let (unit, comb) =
                if matches!(e, Expr::And(_)) { ("mirror_true", "mirror_and") } else { ("mirror_false", "mirror_or") };
            match es.as_slice() {
                [] => unit.into(),
                [one] => mirror_term(d, one)?,
                [first, rest @ ..] => {
                    let rest_e =
                        if matches!(e, Expr::And(_)) { Expr::And(rest.to_vec()) } else { Expr::Or(rest.to_vec()) };
                    // The rest's readings without their outer parentheses are what `a op (rest)`
                    // holds; parentheses do not matter to Coq.
                    format!(
                        "({comb} ({}) ({}) ({}) ({}) {} {})",
                        b(first),
                        b(&rest_e),
                        p(first),
                        p(&rest_e),
                        mirror_term(d, first)?,
                        mirror_term(d, &rest_e)?
                    )
                }
            }
        }
        Expr::Implies(x, y) => format!(
            "(mirror_implies ({}) ({}) ({}) ({}) {} {})",
            b(x),
            b(y),
            p(x),
            p(y),
            mirror_term(d, x)?,
            mirror_term(d, y)?
        ),
        Expr::Forall(v, ty, body) | Expr::Exists(v, ty, body) => {
            let x = var(*v);
            let kind = if matches!(e, Expr::Forall(..)) { "forall" } else { "exists" };
            let inner =
                format!("(fun {x} => {}) (fun {x} => {}) (fun {x} => {})", b(body), p(body), mirror_term(d, body)?);
            match ty {
                Some(t) => {
                    format!("(mirror_{kind}_typed {OBJS} (fun {x} => {}) {inner})", state_call(d, t, &format!(" {x}")))
                }
                None => format!("(mirror_{kind} {OBJS} {inner})"),
            }
        }
        Expr::Le(x, y) => format!("(Nat.leb_le ({}) ({}))", nat(d, x, true), nat(d, y, true)),
        Expr::Eq(x, y) => format!("(Nat.eqb_eq ({}) ({}))", nat(d, x, true), nat(d, y, true)),
        Expr::Acyclic(f, goal) => {
            let (eb, ep, et) = if *goal {
                let call = goal_call(f, " a b");
                (
                    format!("optbEqb ({call}) (Some true)"),
                    format!("{call} = Some true"),
                    format!("mirror_goal_is ({call}) true"),
                )
            } else {
                let call = state_call(d, f, " a b");
                (call.clone(), format!("{call} = true"), format!("iff_refl ({call} = true)"))
            };
            format!("(mirror_acyclic (fun a b => {eb}) (fun a b => {ep}) {OBJS} (fun a b => {et}))")
        }
        // Breadth-first reachability (`reachB`) decided by `rch_complete` and `rch_sound`.
        Expr::Connected(f, ty) => format!(
            "(mirror_connected (fun a => {}) (fun a b => {}) {OBJS})",
            state_call(d, ty, " a"),
            state_call(d, f, " a b")
        ),
        Expr::Reach(f, ty, x, y) => format!(
            "(mirror_reaches (fun a => {}) (fun a b => {}) {OBJS} {} {})",
            state_call(d, ty, " a"),
            state_call(d, f, " a b"),
            var(*x),
            var(*y)
        ),
    })
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

(* `y` is `x` or reachable from it through nodes of `l` (`x` one of them). *)
Definition reachesB (r : nat -> nat -> bool) (l : list nat) (x y : nat) : bool :=
  Nat.eqb x y || (existsb (Nat.eqb x) l && existsb (Nat.eqb y) (reachB r l (length l) [x])).

"#;

/// The lemmas that make each Boolean mirror provably its Prop: one combinator per form of
/// constraint (`mirror_and`, `mirror_forall_typed`, ...), `nodupB` and `acyclicB` (Kahn's
/// algorithm, both directions) decided. The per-constraint `..B_iff` lemmas are built from them.
const MIRROR_LEMMAS: &str = r#"(** Each Boolean mirror is its Prop: the combinators the generated `..._iff` lemmas are built
    from, one per form of constraint. *)

Lemma mirror_true : true = true <-> True.
Proof. split; auto. Qed.

Lemma mirror_false : false = true <-> False.
Proof. split; [discriminate | contradiction]. Qed.

Lemma mirror_goal_is (o : option bool) (b : bool) : optbEqb o (Some b) = true <-> o = Some b.
Proof. destruct o as [c |]; simpl; [destruct b, c; simpl; split; congruence | split; discriminate]. Qed.

Lemma mirror_goal_none (o : option bool) : isNoneB o = true <-> o = None.
Proof. destruct o; simpl; split; congruence. Qed.

Lemma mirror_not (b : bool) (P : Prop) : (b = true <-> P) -> (negb b = true <-> ~ P).
Proof. intro H; rewrite negb_true_iff, <- H; destruct b; split; congruence. Qed.

Lemma mirror_and (b1 b2 : bool) (P1 P2 : Prop) :
  (b1 = true <-> P1) -> (b2 = true <-> P2) -> (b1 && b2 = true <-> P1 /\ P2).
Proof. intros H1 H2; rewrite andb_true_iff, H1, H2; tauto. Qed.

Lemma mirror_or (b1 b2 : bool) (P1 P2 : Prop) :
  (b1 = true <-> P1) -> (b2 = true <-> P2) -> (b1 || b2 = true <-> P1 \/ P2).
Proof. intros H1 H2; rewrite orb_true_iff, H1, H2; tauto. Qed.

Lemma mirror_implies (b1 b2 : bool) (P1 P2 : Prop) :
  (b1 = true <-> P1) -> (b2 = true <-> P2) -> (implb b1 b2 = true <-> (P1 -> P2)).
Proof. intros H1 H2; rewrite <- H1, <- H2; destruct b1, b2; simpl; split; auto; intro H; apply H; reflexivity. Qed.

Lemma mirror_forall (l : list nat) (f : nat -> bool) (P : nat -> Prop) :
  (forall x, f x = true <-> P x) -> (forallb f l = true <-> (forall x, In x l -> P x)).
Proof.
  intro H; rewrite forallb_forall; split; intros A x Hx; [apply H, A, Hx | apply H, A, Hx].
Qed.

Lemma mirror_forall_typed (l : list nat) (t f : nat -> bool) (P : nat -> Prop) :
  (forall x, f x = true <-> P x) ->
  (forallb (fun x => implb (t x) (f x)) l = true <-> (forall x, In x l -> t x = true -> P x)).
Proof.
  intro H; apply mirror_forall; intro x; apply mirror_implies; [reflexivity | apply H].
Qed.

Lemma mirror_exists (l : list nat) (f : nat -> bool) (P : nat -> Prop) :
  (forall x, f x = true <-> P x) -> (existsb f l = true <-> (exists x, In x l /\ P x)).
Proof.
  intro H; rewrite existsb_exists; split; intros [x [Hx A]]; exists x; split; auto; apply H; exact A.
Qed.

Lemma mirror_exists_typed (l : list nat) (t f : nat -> bool) (P : nat -> Prop) :
  (forall x, f x = true <-> P x) ->
  (existsb (fun x => t x && f x) l = true <-> (exists x, In x l /\ t x = true /\ P x)).
Proof.
  intro H; rewrite existsb_exists; split.
  - intros [x [Hx A]]; apply andb_true_iff in A; destruct A as [A B]; exists x; repeat split; auto; apply H; exact B.
  - intros [x [Hx [A B]]]; exists x; split; [exact Hx | apply andb_true_iff; split; [exact A | apply H; exact B]].
Qed.

Lemma mirror_nodup (l : list nat) : nodupB l = true <-> NoDup l.
Proof.
  induction l as [| a l IH]; simpl; [split; [constructor | reflexivity] |].
  rewrite andb_true_iff, negb_true_iff, IH; split.
  - intros [A B]; constructor; [| exact B].
    intro Ha; assert (E : existsb (Nat.eqb a) l = true) by (apply existsb_exists; exists a; split; [exact Ha | apply Nat.eqb_refl]).
    congruence.
  - intro H; inversion H as [| a' l' Hn Hnd]; subst; split; [| exact Hnd].
    destruct (existsb (Nat.eqb a) l) eqn:E; [| reflexivity].
    apply existsb_exists in E; destruct E as [x [Hx Ex]]; apply Nat.eqb_eq in Ex; subst x; contradiction.
Qed.

(** Kahn's algorithm decides acyclicity. *)

Lemma ct_mono (R R' : nat -> nat -> Prop) : (forall a b, R a b -> R' a b) ->
  forall a b, clos_trans nat R a b -> clos_trans nat R' a b.
Proof.
  intros H a b C; induction C as [a b S | a b c _ IH1 _ IH2]; [apply t_step, H, S | apply t_trans with b; assumption].
Qed.

Lemma ct_shortcut (R : nat -> nat -> Prop) (x : nat) :
  forall a b, clos_trans nat (fun a b => R a b \/ (R a x /\ R x b)) a b -> clos_trans nat R a b.
Proof.
  intros a b H; induction H as [a b [H | [H1 H2]] | a b c _ IH1 _ IH2].
  - apply t_step; exact H.
  - apply t_trans with x; apply t_step; assumption.
  - apply t_trans with b; assumption.
Qed.

(* A finite set in which every node has a predecessor holds a cycle. *)
Lemma pred_cycle : forall n (R : nat -> nat -> Prop) (Q : list nat) (x : nat),
  length Q <= n -> In x Q -> (forall y, In y Q -> exists z, In z Q /\ R z y) -> exists z, clos_trans nat R z z.
Proof.
  induction n as [| n IH]; intros R Q x Hlen Hx Hpred.
  - destruct Q; [contradiction | simpl in Hlen; apply Nat.nle_succ_0 in Hlen; contradiction].
  - destruct (Hpred x Hx) as [w [Hw Rwx]].
    destruct (Nat.eq_dec w x) as [E | E].
    + subst w; exists x; apply t_step; exact Rwx.
    + pose proof (remove_length_lt Nat.eq_dec Q x Hx) as Hlt.
      destruct (IH (fun a b => R a b \/ (R a x /\ R x b)) (remove Nat.eq_dec x Q) w
                   (proj1 (Nat.lt_succ_r _ _) (Nat.lt_le_trans _ _ _ Hlt Hlen))
                   (in_in_remove Nat.eq_dec Q E Hw)) as [z Hz].
      * intros y Hy; apply in_remove in Hy; destruct Hy as [Hy Hne].
        destruct (Hpred y Hy) as [z [Hz Rzy]].
        destruct (Nat.eq_dec z x) as [E2 | E2].
        -- subst z; exists w; split; [apply in_in_remove; assumption | right; split; assumption].
        -- exists z; split; [apply in_in_remove; assumption | left; exact Rzy].
      * exists z; exact (ct_shortcut R x z z Hz).
Qed.

Lemma kahnB_nil (r : nat -> nat -> bool) : forall f, kahnB r f [] = [].
Proof. induction f as [| f IH]; simpl; [reflexivity | exact IH]. Qed.

Lemma filter_length_lt (f : nat -> bool) (l : list nat) (y : nat) :
  In y l -> f y = false -> length (filter f l) < length l.
Proof.
  assert (Hle : forall l', length (filter f l') <= length l').
  { induction l' as [| a l' IH]; simpl; [apply le_n | destruct (f a); simpl; [apply le_n_S | apply le_S]; exact IH]. }
  induction l as [| a l IH]; simpl; intros Hy Fy; [contradiction |].
  destruct Hy as [E | Hy].
  - subst a; rewrite Fy; apply le_n_S, Hle.
  - destruct (f a); simpl; [apply le_n_S, IH; assumption | apply le_S, IH; assumption].
Qed.

Lemma forallb_false (f : nat -> bool) (l : list nat) : forallb f l = false -> exists y, In y l /\ f y = false.
Proof.
  induction l as [| a l IH]; simpl; intro H; [discriminate |].
  destruct (f a) eqn:E; simpl in H; [destruct (IH H) as [y [Hy Fy]]; exists y; auto | exists a; auto].
Qed.

Lemma ct_first_in (l : list nat) (E : nat -> nat -> Prop) (a b : nat) :
  clos_trans nat (fun a b => In a l /\ In b l /\ E a b) a b -> In a l.
Proof. intro H; induction H as [a b [A _] | a b c _ IH _ _]; assumption. Qed.

Lemma kahn_complete (r : nat -> nat -> bool) (l : list nat)
  (acyc : forall x, In x l -> ~ clos_trans nat (fun a b => In a l /\ In b l /\ r a b = true) x x) :
  forall f rest, incl rest l -> length rest <= f -> kahnB r f rest = [].
Proof.
  induction f as [| f IH]; intros rest Hincl Hlen.
  - destruct rest; [reflexivity | simpl in Hlen; apply Nat.nle_succ_0 in Hlen; contradiction].
  - simpl; destruct rest as [| y0 rest']; [apply kahnB_nil |].
    set (rest := y0 :: rest') in *.
    destruct (forallb (fun y => existsb (fun x => r x y) rest) rest) eqn:F.
    + exfalso; rewrite forallb_forall in F.
      destruct (pred_cycle (length rest) (fun a b => In a l /\ In b l /\ r a b = true) rest y0 (le_n _)
                  (or_introl eq_refl)) as [z Hz].
      * intros y Hy; pose proof (F y Hy) as Ey; apply existsb_exists in Ey; destruct Ey as [z [Hz Rz]].
        exists z; split; [exact Hz | repeat split; [apply Hincl; exact Hz | apply Hincl; exact Hy | exact Rz]].
      * exact (acyc z (ct_first_in l _ z z Hz) Hz).
    + destruct (forallb_false _ _ F) as [y [Hy Fy]].
      apply IH.
      * intros a Ha; apply filter_In in Ha; apply Hincl; exact (proj1 Ha).
      * pose proof (filter_length_lt (fun y => existsb (fun x => r x y) rest) rest y Hy Fy) as H.
        apply Nat.lt_succ_r; apply (Nat.lt_le_trans _ _ _ H Hlen).
Qed.

Lemma kahn_sound (r : nat -> nat -> bool) (l : list nat) (x0 : nat)
  (C : nat -> Prop)
  (hC : forall y, C y <-> clos_trans nat (fun a b => In a l /\ In b l /\ r a b = true) x0 y /\
                          clos_trans nat (fun a b => In a l /\ In b l /\ r a b = true) y x0) :
  forall f rest, (forall y, C y -> In y rest) -> forall y, C y -> In y (kahnB r f rest).
Proof.
  induction f as [| f IH]; intros rest Hrest y Cy; simpl; [apply Hrest; exact Cy |].
  apply IH; [| exact Cy].
  intros w Cw; apply filter_In; split; [apply Hrest; exact Cw |].
  apply existsb_exists.
  pose proof (proj1 (hC w) Cw) as [Hxw Hwx].
  apply clos_trans_tn1 in Hxw.
  destruct Hxw as [w Rxw | w z Rzw Hxz].
  - exists x0; split; [| exact (proj2 (proj2 Rxw))].
    apply Hrest, hC; split; [apply t_trans with w; [apply t_step; exact Rxw | exact Hwx] |].
    apply t_trans with w; [apply t_step; exact Rxw | exact Hwx].
  - exists w; split; [| exact (proj2 (proj2 Rzw))].
    apply Hrest, hC; split; [apply clos_tn1_trans; exact Hxz |].
    apply t_trans with z; [apply t_step; exact Rzw | exact Hwx].
Qed.

Lemma acyclicB_iff (r : nat -> nat -> bool) (l : list nat) :
  acyclicB r l = true <-> (forall x, In x l -> ~ clos_trans nat (fun a b => In a l /\ In b l /\ r a b = true) x x).
Proof.
  unfold acyclicB; split.
  - intros H x Hx Cx.
    pose proof (kahn_sound r l x (fun y => clos_trans nat (fun a b => In a l /\ In b l /\ r a b = true) x y /\
                                           clos_trans nat (fun a b => In a l /\ In b l /\ r a b = true) y x)
                  (fun y => iff_refl _) (length l) l) as K.
    assert (Hin : In x (kahnB r (length l) l)).
    { apply K; [intros y [_ Hy]; exact (ct_first_in l _ y x Hy) | split; exact Cx]. }
    destruct (kahnB r (length l) l); [contradiction | discriminate].
  - intro H; rewrite (kahn_complete r l H (length l) l (fun a Ha => Ha) (le_n _)); reflexivity.
Qed.

Lemma mirror_acyclic (r : nat -> nat -> bool) (E : nat -> nat -> Prop) (l : list nat) :
  (forall a b, r a b = true <-> E a b) ->
  (acyclicB r l = true <-> (forall x, In x l -> ~ clos_trans nat (fun a b => In a l /\ In b l /\ E a b) x x)).
Proof.
  intro H; rewrite acyclicB_iff; split; intros A x Hx C; apply (A x Hx); revert C; apply ct_mono;
    intros a b [Ha [Hb R]]; repeat split; auto; apply H; exact R.
Qed.

(** Breadth-first reachability (`reachB`) decided: the nodes it finds are the reachable ones. *)

Definition rch_step (r : nat -> nat -> bool) (l seen : list nat) : list nat :=
  filter (fun y => existsb (Nat.eqb y) seen || existsb (fun x => r x y) seen) l.

Lemma rch_shift (r : nat -> nat -> bool) (l : list nat) :
  forall k seen, reachB r l (S k) seen = rch_step r l (reachB r l k seen).
Proof.
  induction k as [| k IH]; intro seen; [reflexivity |].
  change (reachB r l (S (S k)) seen) with (reachB r l (S k) (rch_step r l seen)).
  rewrite IH; reflexivity.
Qed.

Lemma rch_memb (y : nat) (l : list nat) : existsb (Nat.eqb y) l = true <-> In y l.
Proof.
  rewrite existsb_exists; split.
  - intros [z [Hz E]]; apply Nat.eqb_eq in E; subst; exact Hz.
  - intro H; exists y; split; [exact H | apply Nat.eqb_refl].
Qed.

Lemma rch_step_in (r : nat -> nat -> bool) (l seen : list nat) (y : nat) :
  In y (rch_step r l seen) <-> In y l /\ (In y seen \/ exists x, In x seen /\ r x y = true).
Proof.
  unfold rch_step; rewrite filter_In, orb_true_iff, rch_memb, existsb_exists; tauto.
Qed.

(* What holds of `seen` and is passed along the steps into `l` holds of everything found. *)
Lemma rch_inv (r : nat -> nat -> bool) (l : list nat) (P : nat -> Prop) :
  (forall a b, P a -> In b l -> r a b = true -> P b) ->
  forall k seen, (forall y, In y seen -> P y) -> forall y, In y (reachB r l k seen) -> P y.
Proof.
  intro H; induction k as [| k IH]; intros seen Hs y Hy; [exact (Hs y Hy) |].
  apply (IH (rch_step r l seen)); [| exact Hy].
  intros z Hz; apply rch_step_in in Hz; destruct Hz as [Hz [Hz' | [x [Hx R]]]]; [exact (Hs z Hz') |].
  exact (H x z (Hs x Hx) Hz R).
Qed.

Lemma rch_filter_len_le (p q : nat -> bool) (l : list nat) :
  (forall x, In x l -> p x = true -> q x = true) -> length (filter p l) <= length (filter q l).
Proof.
  induction l as [| a l IH]; simpl; intro H; [lia |].
  assert (IH' := IH (fun x Hx => H x (or_intror Hx))).
  destruct (p a) eqn:Pa; [rewrite (H a (or_introl eq_refl) Pa); simpl; lia |].
  destruct (q a); simpl; lia.
Qed.

Lemma rch_filter_len_lt (p q : nat -> bool) (l : list nat) (y : nat) :
  (forall x, In x l -> p x = true -> q x = true) -> In y l -> q y = true -> p y = false ->
  length (filter p l) < length (filter q l).
Proof.
  induction l as [| a l IH]; simpl; intros H Hy Qy Py; [contradiction |].
  assert (Hle := rch_filter_len_le p q l (fun x Hx => H x (or_intror Hx))).
  destruct Hy as [E | Hy].
  - subst a; rewrite Py, Qy; simpl; lia.
  - assert (IH' := IH (fun x Hx => H x (or_intror Hx)) Hy Qy Py).
    destruct (p a) eqn:Pa; [rewrite (H a (or_introl eq_refl) Pa); simpl; lia |].
    destruct (q a); simpl; lia.
Qed.

Lemma rch_filter_len (p : nat -> bool) (l : list nat) : length (filter p l) <= length l.
Proof. induction l as [| a l IH]; simpl; [lia | destruct (p a); simpl; lia]. Qed.

(* A step's result is the filter of `l` by membership in itself. *)
Lemma rch_step_filter (r : nat -> nat -> bool) (l seen : list nat) :
  rch_step r l seen = filter (fun y => existsb (Nat.eqb y) (rch_step r l seen)) l.
Proof.
  unfold rch_step at 1; apply filter_ext_in; intros y Hy.
  destruct (existsb (Nat.eqb y) seen || existsb (fun x => r x y) seen) eqn:E; symmetry.
  - apply rch_memb, rch_step_in; split; [exact Hy |].
    apply orb_true_iff in E; destruct E as [E | E]; [left; apply rch_memb, E |].
    right; apply existsb_exists in E; exact E.
  - apply not_true_iff_false; intro M; apply rch_memb in M; unfold rch_step in M; apply filter_In in M.
    rewrite E in M; destruct M; discriminate.
Qed.

Lemma rch_step_mono (r : nat -> nat -> bool) (l A B : list nat) :
  (forall y, In y A -> In y B) -> forall y, In y (rch_step r l A) -> In y (rch_step r l B).
Proof.
  intros H y Hy; apply rch_step_in in Hy; apply rch_step_in; destruct Hy as [Hy [Hy' | [x [Hx R]]]];
    split; [exact Hy | left; apply H, Hy' | exact Hy | right; exists x; split; [apply H, Hx | exact R]].
Qed.

Lemma rch_grow_keeps (r : nat -> nat -> bool) (l seen : list nat) :
  (forall y, In y seen -> In y l) -> forall y, In y seen -> In y (rch_step r l seen).
Proof. intros H y Hy; apply rch_step_in; split; [apply H, Hy | left; exact Hy]. Qed.

Lemma rch_sub (r : nat -> nat -> bool) (l : list nat) (x : nat) :
  forall j y, In y (reachB r l (S j) [x]) -> In y l.
Proof. intros j y H; rewrite rch_shift in H; apply rch_step_in in H; exact (proj1 H). Qed.

Lemma rch_mono (r : nat -> nat -> bool) (l : list nat) (x : nat) :
  forall j y, In y (reachB r l (S j) [x]) -> In y (reachB r l (S (S j)) [x]).
Proof.
  intros j y H; rewrite (rch_shift r l (S j)); apply rch_grow_keeps; [| exact H].
  intros z Hz; exact (rch_sub r l x j z Hz).
Qed.

Lemma rch_le (r : nat -> nat -> bool) (l : list nat) (x : nat) :
  forall m j y, In y (reachB r l (S j) [x]) -> In y (reachB r l (S (m + j)) [x]).
Proof. induction m as [| m IH]; intros j y H; [exact H | apply (rch_mono r l x (m + j)), IH, H]. Qed.

Lemma rch_stable (r : nat -> nat -> bool) (l : list nat) (x j : nat) :
  (forall y, In y (reachB r l (S (S j)) [x]) -> In y (reachB r l (S j) [x])) ->
  forall m y, In y (reachB r l (S (m + j)) [x]) -> In y (reachB r l (S j) [x]).
Proof.
  intro H; induction m as [| m IH]; intros y Hy; [exact Hy |].
  apply H; rewrite (rch_shift r l (S j)); change (S (S m + j)) with (S (S (m + j))) in Hy.
  rewrite (rch_shift r l (S (m + j))) in Hy; exact (rch_step_mono r l _ _ IH y Hy).
Qed.

Lemma rch_len_lt (l A B : list nat) (z : nat) :
  (forall y, In y A -> In y B) -> A = filter (fun y => existsb (Nat.eqb y) A) l ->
  B = filter (fun y => existsb (Nat.eqb y) B) l -> In z l -> In z B -> ~ In z A -> length A < length B.
Proof.
  intros H HA HB Hz ZB ZA; rewrite HA, HB; apply (rch_filter_len_lt _ _ l z).
  - intros y _ My; apply rch_memb, H, rch_memb, My.
  - exact Hz.
  - apply rch_memb; exact ZB.
  - apply not_true_iff_false; intro M; apply rch_memb in M; exact (ZA M).
Qed.

Lemma rch_is_filter (r : nat -> nat -> bool) (l : list nat) (x j : nat) :
  reachB r l (S j) [x] = filter (fun y => existsb (Nat.eqb y) (reachB r l (S j) [x])) l.
Proof. rewrite rch_shift; apply rch_step_filter. Qed.

Lemma rch_grows (r : nat -> nat -> bool) (l : list nat) (x : nat) (Hx : In x l) :
  forall k, (forall j, j < k -> exists z, In z (reachB r l (S (S j)) [x]) /\ ~ In z (reachB r l (S j) [x])) ->
  S k <= length (reachB r l (S k) [x]).
Proof.
  induction k as [| k IH]; intro H.
  - assert (H0 : In x (reachB r l 1 [x])) by (apply rch_step_in; split; [exact Hx | left; left; reflexivity]).
    destruct (reachB r l 1 [x]); [contradiction | simpl; lia].
  - assert (Hk : S k <= length (reachB r l (S k) [x])) by (apply IH; intros j Hj; apply H; lia).
    destruct (H k (Nat.lt_succ_diag_r k)) as [z [Hz Nz]].
    enough (length (reachB r l (S k) [x]) < length (reachB r l (S (S k)) [x])) by lia.
    apply (rch_len_lt l _ _ z (rch_mono r l x k) (rch_is_filter r l x k) (rch_is_filter r l x (S k))
             (rch_sub r l x (S k) z Hz) Hz Nz).
Qed.

(* After `length l` steps from a node of `l`, every step from a node found stays among them. *)
Lemma rch_closed (r : nat -> nat -> bool) (l : list nat) (x : nat) (Hx : In x l) :
  forall a b, In a (reachB r l (length l) [x]) -> In b l -> r a b = true -> In b (reachB r l (length l) [x]).
Proof.
  intros a b Ha Hb R.
  destruct (length l) as [| m] eqn:Len; [destruct l; [contradiction | discriminate] |].
  assert (Hb1 : In b (reachB r l (S (S m)) [x])).
  { rewrite (rch_shift r l (S m)); apply rch_step_in; split; [exact Hb | right; exists a; split; assumption]. }
  destruct (existsb (Nat.eqb b) (reachB r l (S m) [x])) eqn:M; [apply rch_memb; exact M |].
  exfalso.
  assert (G : forall j, j < S m -> exists z, In z (reachB r l (S (S j)) [x]) /\ ~ In z (reachB r l (S j) [x])).
  { intros j Hj.
    destruct (forallb (fun z => existsb (Nat.eqb z) (reachB r l (S j) [x])) (reachB r l (S (S j)) [x])) eqn:F.
    - exfalso; rewrite forallb_forall in F.
      assert (St : forall z, In z (reachB r l (S (S j)) [x]) -> In z (reachB r l (S j) [x]))
        by (intros z Hz; apply rch_memb, F, Hz).
      assert (E : S m = (S m - j) + j) by lia.
      pose proof (rch_stable r l x j St (S m - j) b) as Hbj; rewrite <- E in Hbj.
      specialize (Hbj Hb1).
      assert (E2 : m = (m - j) + j) by lia.
      pose proof (rch_le r l x (m - j) j b Hbj) as Hbm; rewrite <- E2 in Hbm.
      apply rch_memb in Hbm; congruence.
    - destruct (forallb_false _ _ F) as [z [Hz Fz]]; exists z; split; [exact Hz |].
      intro Hz'; apply rch_memb in Hz'; congruence. }
  pose proof (rch_grows r l x Hx (S m) G) as L1.
  rewrite (rch_is_filter r l x (S m)) in L1.
  pose proof (rch_filter_len (fun y => existsb (Nat.eqb y) (reachB r l (S (S m)) [x])) l) as L2.
  lia.
Qed.

(* The nodes found from `x` in `l` are those `x` reaches by steps inside `l`. *)
Lemma rch_complete (r : nat -> nat -> bool) (l : list nat) (x y : nat) :
  In x l -> clos_refl_trans nat (fun a b => In a l /\ In b l /\ r a b = true) x y -> In y (reachB r l (length l) [x]).
Proof.
  intros Hx C; apply clos_rt_rtn1 in C; induction C as [| y z [Hy [Hz R]] _ IH].
  - destruct (length l) as [| m] eqn:Len; [destruct l; [contradiction | discriminate] |].
    assert (H0 : In x (reachB r l 1 [x])) by (apply rch_step_in; split; [exact Hx | left; left; reflexivity]).
    pose proof (rch_le r l x m 0 x H0) as H1; rewrite Nat.add_0_r in H1; exact H1.
  - exact (rch_closed r l x Hx y z IH Hz R).
Qed.

Lemma rch_sound (r : nat -> nat -> bool) (l : list nat) (x : nat) :
  In x l -> forall k y, In y (reachB r l k [x]) ->
  In y l /\ clos_refl_trans nat (fun a b => In a l /\ In b l /\ r a b = true) x y.
Proof.
  intros Hx k y; apply (rch_inv r l (fun y => In y l /\ clos_refl_trans nat _ x y)).
  - intros a b [Ha C] Hb R; split; [exact Hb | apply rt_trans with a; [exact C | apply rt_step; repeat split; assumption]].
  - intros z [E | []]; subst; split; [exact Hx | apply rt_refl].
Qed.

Lemma rch_rt_mono (R R' : nat -> nat -> Prop) : (forall a b, R a b -> R' a b) ->
  forall a b, clos_refl_trans nat R a b -> clos_refl_trans nat R' a b.
Proof.
  intros H a b C; induction C as [a b S | a | a b c _ IH1 _ IH2];
    [apply rt_step, H, S | apply rt_refl | apply rt_trans with b; assumption].
Qed.

Lemma rch_rt_flip (R : nat -> nat -> Prop) :
  forall a b, clos_refl_trans nat (fun a b => R b a) a b -> clos_refl_trans nat R b a.
Proof.
  intros a b C; induction C as [a b S | a | a b c _ IH1 _ IH2];
    [apply rt_step, S | apply rt_refl | apply rt_trans with b; assumption].
Qed.

Lemma rch_filter_all (p : nat -> bool) (l : list nat) :
  length (filter p l) = length l <-> (forall y, In y l -> p y = true).
Proof.
  split.
  - intros E y Hy; destruct (p y) eqn:P; [reflexivity |].
    pose proof (filter_length_lt p l y Hy P); lia.
  - induction l as [| a l IH]; intro H; [reflexivity |]; simpl.
    rewrite (H a (or_introl eq_refl)); simpl; f_equal; apply IH; intros y Hy; exact (H y (or_intror Hy)).
Qed.

(* Found after `length l` steps: every node of `l` (`x` one of them). *)
Lemma rch_all (r : nat -> nat -> bool) (l : list nat) (x : nat) (Hx : In x l) :
  Nat.eqb (length (reachB r l (length l) [x])) (length l) = true <->
  (forall y, In y l -> In y (reachB r l (length l) [x])).
Proof.
  assert (Hm : exists m, length l = S m) by (destruct l; [contradiction | eexists; reflexivity]).
  destruct Hm as [m Len].
  rewrite Nat.eqb_eq; replace (reachB r l (length l) [x]) with (reachB r l (S m) [x]) by (rewrite Len; reflexivity).
  rewrite (rch_is_filter r l x m); split.
  - intros E y Hy; pose proof (proj1 (rch_filter_all _ l) E y Hy) as P.
    apply filter_In; split; [exact Hy | exact P].
  - intro H; apply (proj2 (rch_filter_all _ l)); intros y Hy; exact (proj2 (proj1 (filter_In _ _ _) (H y Hy))).
Qed.

Lemma rch_connected (r : nat -> nat -> bool) (L : list nat) :
  connectedB r L = true <->
  (forall x y, In x L -> In y L -> clos_refl_trans nat (fun a b => In a L /\ In b L /\ r a b = true) x y).
Proof.
  destruct L as [| x0 rest]; [split; [intros _ x y [] | reflexivity] |].
  set (L := x0 :: rest).
  assert (H0 : In x0 L) by (left; reflexivity).
  change (connectedB r L) with (Nat.eqb (length (reachB r L (length L) [x0])) (length L) &&
                               Nat.eqb (length (reachB (fun a b => r b a) L (length L) [x0])) (length L)).
  rewrite andb_true_iff, (rch_all r L x0 H0), (rch_all (fun a b => r b a) L x0 H0).
  split.
  - intros [F B] x y Hx Hy.
    apply rt_trans with x0.
    + destruct (rch_sound (fun a b => r b a) L x0 H0 (length L) x (B x Hx)) as [_ C].
      apply rch_rt_flip in C; revert C; apply rch_rt_mono; intros a b [Ha [Hb R]]; repeat split; assumption.
    + exact (proj2 (rch_sound r L x0 H0 (length L) y (F y Hy))).
  - intro H; split; intros y Hy.
    + apply rch_complete; [exact H0 | exact (H x0 y H0 Hy)].
    + apply rch_complete; [exact H0 |].
      pose proof (rch_rt_flip (fun a b => In b L /\ In a L /\ r b a = true) y x0 (H y x0 Hy H0)) as C.
      revert C; apply rch_rt_mono; intros a b [Ha [Hb R]]; repeat split; assumption.
Qed.

Lemma mirror_connected (t : nat -> bool) (f : nat -> nat -> bool) (l : list nat) :
  connectedB (fun a b => t a && t b && f a b) (filter (fun a => t a) l) = true <->
  (forall x y, In x l -> In y l -> t x = true -> t y = true ->
     clos_refl_trans nat (fun a b => In a l /\ In b l /\ t a = true /\ t b = true /\ f a b = true) x y).
Proof.
  rewrite rch_connected; split.
  - intros H x y Hx Hy Tx Ty.
    assert (Hx' : In x (filter (fun a => t a) l)) by (apply filter_In; split; assumption).
    assert (Hy' : In y (filter (fun a => t a) l)) by (apply filter_In; split; assumption).
    revert Hy'; generalize (H x y Hx'); intros C Hy'; specialize (C Hy'); revert C; apply rch_rt_mono.
    intros a b [Ha [Hb R]]; apply filter_In in Ha; apply filter_In in Hb.
    apply andb_true_iff in R; destruct R as [R F]; apply andb_true_iff in R; destruct R as [Ta Tb].
    repeat split; tauto.
  - intros H x y Hx Hy; apply filter_In in Hx; apply filter_In in Hy.
    revert Hy; generalize (H x y (proj1 Hx)); intros C Hy; specialize (C (proj1 Hy) (proj2 Hx) (proj2 Hy)).
    revert C; apply rch_rt_mono.
    intros a b [Ha [Hb [Ta [Tb F]]]]; split; [apply filter_In; split; assumption |].
    split; [apply filter_In; split; assumption | rewrite Ta, Tb, F; reflexivity].
Qed.

Lemma rch_rt_first (R : nat -> nat -> Prop) (l : list nat) (x y : nat) :
  (forall a b, R a b -> In a l) -> clos_refl_trans nat R x y -> x = y \/ In x l.
Proof.
  intros H C; apply clos_rt_rt1n in C; inversion C as [| x1 z Rxz]; [left; reflexivity | right; exact (H x x1 Rxz)].
Qed.

Lemma mirror_reaches (t : nat -> bool) (f : nat -> nat -> bool) (l : list nat) (x y : nat) :
  reachesB (fun a b => t a && t b && f a b) l x y = true <->
  clos_refl_trans nat (fun a b => In a l /\ In b l /\ t a = true /\ t b = true /\ f a b = true) x y.
Proof.
  unfold reachesB; rewrite orb_true_iff, andb_true_iff, Nat.eqb_eq, !rch_memb; split.
  - intros [E | [Hx Hy]]; [subst; apply rt_refl |].
    destruct (rch_sound _ l x Hx (length l) y Hy) as [_ C]; revert C; apply rch_rt_mono.
    intros a b [Ha [Hb R]]; apply andb_true_iff in R; destruct R as [R F]; apply andb_true_iff in R.
    destruct R as [Ta Tb]; repeat split; assumption.
  - intro C; destruct (rch_rt_first _ l x y (fun a b R => proj1 R) C) as [E | Hx]; [left; exact E | right].
    split; [exact Hx |]; apply rch_complete; [exact Hx |]; revert C; apply rch_rt_mono.
    intros a b [Ha [Hb [Ta [Tb F]]]]; repeat split; try assumption; rewrite Ta, Tb, F; reflexivity.
Qed.

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
        "From Coq Require Import Bool Arith List Relations Lia.\nImport ListNotations.\nFrom {library} Require Import {}.\n",
        d.module
    );
    w.push_str(PRELUDE);
    w.push_str(MIRROR_LEMMAS);
    w.push_str("(** Generic constraints. *)\n\n");
    let _ = writeln!(w, "Definition ObjectsNoDup (s : State) : Prop := NoDup {OBJS}.\n");
    let _ = writeln!(w, "Definition ObjectsNoDupB (s : State) : bool := nodupB {OBJS}.\n");
    let _ = writeln!(
        w,
        "Lemma ObjectsNoDupB_iff (s : State) : ObjectsNoDupB s = true <-> ObjectsNoDup s.\nProof. exact (mirror_nodup {OBJS}). Qed.\n"
    );
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
            if let Some(term) = mirror_term(d, &c.expr) {
                let _ = writeln!(
                    w,
                    "Lemma {}B_iff {b} : {} = true <-> {}.\nProof. exact {term}. Qed.\n",
                    c.name,
                    apply(c, "B"),
                    apply(c, "")
                );
            }
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
    validity_iffs(&mut w, d, spec);
    w
}

/// `ValidStateB s = true <-> ValidState s`, the same for `ValidInit`, and `ValidGoal s g <->
/// GoalClosed s g /\ ValidGoalB s g = true`: `gp check`'s Boolean verdict is the Prop that
/// `solveComplete` assumes. Written where every part has its `..B_iff` lemma.
fn validity_iffs(w: &mut String, d: &DomainIr, spec: &Spec) {
    let all = |group: &[Constraint]| group.iter().all(|c| mirror_term(d, &c.expr).is_some());
    let rewrites = |group: &[Constraint]| -> String {
        group
            .iter()
            .map(|c| {
                format!(
                    ", {}",
                    if c.expr.reads_goal() { format!("({}B_iff s g)", c.name) } else { format!("({}B_iff s)", c.name) }
                )
            })
            .collect()
    };
    w.push_str("(** The Boolean verdicts are the validity predicates. *)\n\n");
    if !all(&spec.state) {
        w.push_str(
            "(* Not all state constraints have a decided mirror: no iff lemmas for ValidState and ValidInit. *)\n\n",
        );
    } else {
        let _ = writeln!(
            w,
            "Lemma ValidStateB_iff (s : State) : ValidStateB s = true <-> ValidState s.\nProof.\n  unfold ValidStateB, ValidState; rewrite ?andb_true_iff, (ObjectsNoDupB_iff s){}; tauto.\nQed.\n",
            rewrites(&spec.state)
        );
        if all(&spec.init) {
            let _ = writeln!(
                w,
                "Lemma ValidInitB_iff (s : State) : ValidInitB s = true <-> ValidInit s.\nProof.\n  unfold ValidInitB, ValidInit; rewrite ?andb_true_iff, (ValidStateB_iff s){}; tauto.\nQed.\n",
                rewrites(&spec.init)
            );
        }
    }
    if all(&spec.goal) {
        let _ = writeln!(
            w,
            "Lemma ValidGoal_iff (s : State) (g : Goal) : ValidGoal s g <-> GoalClosed s g /\\ ValidGoalB s g = true.\nProof.\n  unfold ValidGoalB, ValidGoal; rewrite ?andb_true_iff{}; rewrite ?mirror_true; tauto.\nQed.\n",
            rewrites(&spec.goal)
        );
    }
}

/// The names of every constraint, in module order, with whether it reads the goal: what a mirror
/// comparison evaluates one by one.
pub fn constraint_names(spec: &Spec) -> Vec<(&'static str, bool)> {
    let mut v = vec![("ObjectsNoDup", false)];
    v.extend(spec.state.iter().chain(&spec.init).chain(&spec.goal).map(|c| (c.name, c.expr.reads_goal())));
    v
}
