(* expect: no-module *)
From Certplan Require Import GripperStrips.
From Coq Require Import List.
Import ListNotations.

(* The theorem is proved about one `solve`; a module then makes another `solve` the visible one,
   which is what `certplan gp run` evaluates. *)
Definition ValidInit (s : State) : Prop := False.
Definition ValidGoal (s : State) (g : Goal) : Prop := True.
Definition solve (s : State) (g : Goal) : list PlanAction := [].
Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof. destruct hinit. Qed.
Module Swap.
  Definition solve (s : State) (g : Goal) : list PlanAction := [].
End Swap.
Export Swap.
