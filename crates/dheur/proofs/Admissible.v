(* The shared step of paper 001: a heuristic that is goal-aware and consistent on the reachable
   states of a transition system is admissible on them (h s <= the cost of every plan from s).
   States, operators, costs, the goal and the heuristic are arguments, so the theorem applies to
   every task and every domain heuristic printed by certplan (crates/dheur/src/coq.rs); a
   per-domain proof has to supply goal-awareness and consistency for its printed definition.
   No axioms, no section variables: `Print Assumptions` reports a closed context. *)

Require Import Coq.Arith.PeanoNat Coq.micromega.Lia.

Inductive reachable (State Op : Type) (step : State -> Op -> State -> Prop) (init : State) : State -> Prop :=
| reach_init : reachable State Op step init init
| reach_step : forall s o s', reachable State Op step init s -> step s o s' -> reachable State Op step init s'.

(* A plan from s: transitions to a goal state, with the sum of their costs. *)
Inductive plan (State Op : Type) (step : State -> Op -> State -> Prop) (cost : Op -> nat)
    (is_goal : State -> Prop) : State -> nat -> Prop :=
| plan_goal : forall s, is_goal s -> plan State Op step cost is_goal s 0
| plan_step : forall s o s' c, step s o s' -> plan State Op step cost is_goal s' c ->
    plan State Op step cost is_goal s (cost o + c).

(* None is infinity (a dead end). *)
Definition le_opt (a : option nat) (b : nat) : Prop :=
  match a with Some x => x <= b | None => False end.

Definition goal_aware (State Op : Type) (step : State -> Op -> State -> Prop) (init : State)
    (is_goal : State -> Prop) (h : State -> option nat) : Prop :=
  forall s, reachable State Op step init s -> is_goal s -> h s = Some 0.

(* h s <= c(o) + h s', infinity being the largest value. *)
Definition consistent (State Op : Type) (step : State -> Op -> State -> Prop) (cost : Op -> nat)
    (init : State) (h : State -> option nat) : Prop :=
  forall s o s', reachable State Op step init s -> step s o s' ->
    match h s, h s' with
    | _, None => True
    | None, Some _ => False
    | Some a, Some b => a <= cost o + b
    end.

Theorem admissible_on_reachable :
  forall (State Op : Type) (step : State -> Op -> State -> Prop) (cost : Op -> nat)
    (is_goal : State -> Prop) (init : State) (h : State -> option nat),
  goal_aware State Op step init is_goal h -> consistent State Op step cost init h ->
  forall s c, reachable State Op step init s -> plan State Op step cost is_goal s c -> le_opt (h s) c.
Proof.
  intros State Op step cost is_goal init h Hg Hc s c Hr Hp. revert Hr.
  induction Hp as [s Hgoal | s o s' c Hstep Hp IH]; intros Hr.
  - unfold le_opt. rewrite (Hg s Hr Hgoal). lia.
  - assert (Hr' : reachable State Op step init s') by (eapply reach_step; eauto).
    specialize (IH Hr'). specialize (Hc s o s' Hr Hstep).
    unfold le_opt in *. destruct (h s) as [a|]; destruct (h s') as [b|]; try contradiction; lia.
Qed.

Print Assumptions admissible_on_reachable.
