(* A generalized plan for heavy-pack (certplan's worked example, paper 000): sort the items
   heaviest first by selection sort, pack the heaviest, then stack each next one on the previous.
   Checked by coqc in certplan's tests; run it with `certplan gp run heavy HeavySolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import HeavyPack HeavyPackValid.

(* `x` is at least as heavy as every object of `l`. *)
Definition isMax (s : State) (l : list nat) (x : nat) : bool :=
  forallb (fun y => Nat.eqb x y || s.(statics).(heavier_p) x y) l.

Fixpoint removeOne (x : nat) (l : list nat) : list nat :=
  match l with
  | [] => []
  | y :: r => if Nat.eqb x y then r else y :: removeOne x r
  end.

(* The objects of `l`, heaviest first. *)
Fixpoint order (s : State) (fuel : nat) (l : list nat) : list nat :=
  match fuel with
  | 0 => []
  | S f =>
      match find (isMax s l) l with
      | None => []
      | Some x => x :: order s f (removeOne x l)
      end
  end.

Fixpoint stackAll (prev : nat) (l : list nat) : list PlanAction :=
  match l with
  | [] => []
  | x :: r => stack prev x :: stackAll x r
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match order s (length s.(statics).(objects)) s.(statics).(objects) with
  | [] => []
  | x :: r => pack_first x :: stackAll x r
  end.
