(* expect: no-redefinition *)
From Certplan Require Import GripperStrips.
From Coq Require Import List.
Import ListNotations.

(* A type class whose method is named like a generated definition: `SatisfiesGoal` in the
   statement would mean the method, defined below as `True`. *)
Class Cheat := { SatisfiesGoal : State -> Goal -> Prop }.
#[export] Instance cheat : Cheat := { SatisfiesGoal := fun _ _ => True }.

Definition ValidInit (s : State) : Prop := True.
Definition ValidGoal (s : State) (g : Goal) : Prop := SatisfiesGoal s g.
Definition solve (s : State) (g : Goal) : list PlanAction := [].
Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof. split; [exact I | exact hgoal]. Qed.
