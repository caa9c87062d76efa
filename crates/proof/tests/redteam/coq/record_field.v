(* expect: no-redefinition *)
From Certplan Require Import GripperStrips.
From Coq Require Import List.
Import ListNotations.

Record Cheat := mkCheat { ValidPlan : list PlanAction -> State -> Prop }.

Definition ValidInit (s : State) : Prop := True.
Definition ValidGoal (s : State) (g : Goal) : Prop := SatisfiesGoal s g.
Definition solve (s : State) (g : Goal) : list PlanAction := [].
Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof. split; [exact I | exact hgoal]. Qed.
