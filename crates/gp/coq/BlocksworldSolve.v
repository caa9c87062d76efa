(* A generalized plan for blocksworld (certplan's worked example, paper 000): first put every block
   on the table (unstack a clear block that is on another, put it down, repeat), then build the goal
   towers bottom-up: stack a block on its goal support once that support sits on its own goal
   support all the way down. The plan is computed against the state it reaches (`runPlan`).
   Run it with `certplan gp run blocksworld BlocksworldSolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import Blocksworld BlocksworldValid.

Definition objs (s : State) : list nat := s.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

(* Unstack and put down, until every block is on the table. *)
Fixpoint toTable (fuel : nat) (t : State) : list PlanAction :=
  match fuel with
  | 0 => []
  | S f =>
      match find (fun x => t.(dynamic).(clear_p) x && negb (t.(dynamic).(on_table_p) x)) (objs t) with
      | None => []
      | Some x =>
          match find (fun y => t.(dynamic).(on_p) x y) (objs t) with
          | None => []
          | Some y => let acts := [unstack x y; putdown x] in acts ++ toTable f (runPlan acts t)
          end
      end
  end.

Definition support (g : Goal) (t : State) (x : nat) : option nat :=
  find (fun y => isTrue (g.(goal_dynamic).(goal_on_p) x y)) (objs t).

(* The block and everything its goal puts under it are in place. *)
Fixpoint placed (g : Goal) (t : State) (fuel x : nat) : bool :=
  match fuel with
  | 0 => false
  | S f =>
      match support g t x with
      | None => true
      | Some y => t.(dynamic).(on_p) x y && placed g t f y
      end
  end.

Fixpoint build (g : Goal) (fuel : nat) (t : State) : list PlanAction :=
  match fuel with
  | 0 => []
  | S f =>
      let n := length (objs t) in
      let ready x :=
        negb (placed g t n x) && match support g t x with Some y => placed g t n y | None => false end in
      match find ready (objs t) with
      | None => []
      | Some x =>
          match support g t x with
          | None => []
          | Some y => let acts := [pickup x; stack x y] in acts ++ build g f (runPlan acts t)
          end
      end
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  let n := length (objs s) in
  let down := toTable n s in
  down ++ build g n (runPlan down s).
