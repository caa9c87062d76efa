(* The shared step of paper 001: a heuristic that is goal-aware and consistent on the reachable
   states of a transition system is admissible on them (h s <= cost of every plan from s).
   No axioms: `Print Assumptions admissible_on_reachable` reports "Closed under the global
   context". States, operators, costs, the goal and the heuristic are parameters, so the theorem
   applies to every task and every domain heuristic printed by certplan (crates/dheur/src/coq.rs);
   a per-domain proof has to supply goal-awareness and consistency for its printed definition. *)

Require Import Coq.Lists.List Coq.Arith.PeanoNat Coq.micromega.Lia.
Import ListNotations.

Section Admissibility.
  Variable State Op : Type.
  (* A transition s --o--> s' (deterministic or not). *)
  Variable step : State -> Op -> State -> Prop.
  Variable cost : Op -> nat.
  Variable is_goal : State -> Prop.
  Variable init : State.
  (* None is infinity: a dead end. *)
  Variable h : State -> option nat.

  Inductive reachable : State -> Prop :=
  | reach_init : reachable init
  | reach_step : forall s o s', reachable s -> step s o s' -> reachable s'.

  (* A plan from s: a path of transitions to a goal state, with its cost. *)
  Inductive plan : State -> nat -> Prop :=
  | plan_goal : forall s, is_goal s -> plan s 0
  | plan_step : forall s o s' c, step s o s' -> plan s' c -> plan s (cost o + c).

  Definition le_opt (a : option nat) (b : nat) : Prop :=
    match a with Some x => x <= b | None => False end.

  Definition goal_aware : Prop := forall s, reachable s -> is_goal s -> h s = Some 0.

  (* h s <= c(o) + h s', with infinity as the largest value. *)
  Definition consistent : Prop :=
    forall s o s', reachable s -> step s o s' ->
      match h s, h s' with
      | _, None => True
      | None, Some _ => False
      | Some a, Some b => a <= cost o + b
      end.

  Theorem admissible_on_reachable :
    goal_aware -> consistent -> forall s c, reachable s -> plan s c -> le_opt (h s) c.
  Proof.
    intros Hg Hc s c Hr Hp. revert Hr. induction Hp as [s Hgoal | s o s' c Hstep Hp IH]; intros Hr.
    - unfold le_opt. rewrite (Hg s Hr Hgoal). lia.
    - assert (Hr' : reachable s') by (eapply reach_step; eauto).
      specialize (IH Hr'). specialize (Hc s o s' Hr Hstep).
      unfold le_opt in *. destruct (h s) as [a|]; destruct (h s') as [b|]; try contradiction; lia.
  Qed.

  (* A* with such a heuristic never prunes a reachable state that has a plan. *)
  Corollary finite_where_solvable :
    goal_aware -> consistent -> forall s c, reachable s -> plan s c -> exists v, h s = Some v /\ v <= c.
  Proof.
    intros Hg Hc s c Hr Hp. pose proof (admissible_on_reachable Hg Hc s c Hr Hp) as H.
    unfold le_opt in H. destruct (h s) as [v|]; [exists v; auto | contradiction].
  Qed.
End Admissibility.

Print Assumptions admissible_on_reachable.
Print Assumptions finite_where_solvable.
