(* expect: accept *)
From Certplan Require Import GripperStrips.
From Coq Require Import List.
Import ListNotations.

(* vm_compute is checked by the kernel: allowed. Records, inductives and matches on the
   generated constructors that bind no generated name are fine. *)
Lemma small : 2 + 2 = 4.
Proof. vm_compute. reflexivity. Qed.
Record Wrap := mkWrap { inner : nat; flag : bool }.
Inductive Colour := red | green.
Definition isMove (a : PlanAction) : bool := match a with | move _ _ => true | _ => false end.

Definition ValidInit (s : State) : Prop := True.
Definition ValidGoal (s : State) (g : Goal) : Prop := SatisfiesGoal s g.
Definition solve (s : State) (g : Goal) : list PlanAction := [].
Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof. split; [exact I | exact hgoal]. Qed.
