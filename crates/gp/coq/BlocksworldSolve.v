(* A generalized plan for blocksworld (certplan's worked example, paper 000): first put every block
   on the table, tower by tower from the top (unstack, put down), then build every goal tower from
   its base upwards (pick up, stack). Both phases read the towers off the initial state and the goal
   directly, so the plan is computed in time polynomial in the number of blocks.
   Run it with `certplan gp run blocksworld BlocksworldSolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import Blocksworld BlocksworldValid.

Definition objs (s : State) : list nat := s.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

(* The blocks above `b`, bottom-up, along `on` (at most `fuel` of them). *)
Fixpoint above (on : nat -> nat -> bool) (l : list nat) (fuel b : nat) : list nat :=
  match fuel with
  | 0 => []
  | S f => match find (fun x => on x b) l with None => [] | Some x => x :: above on l f x end
  end.

(* Unstack a tower `b :: up` from the top: each block goes down onto the table. *)
Fixpoint unstackAll (b : nat) (up : list nat) : list PlanAction :=
  match up with
  | [] => []
  | x :: rest => unstackAll x rest ++ [unstack x b; putdown x]
  end.

(* Build the tower `up` on `b`, bottom-up. *)
Fixpoint stackAll (b : nat) (up : list nat) : list PlanAction :=
  match up with
  | [] => []
  | x :: rest => [pickup x; stack x b] ++ stackAll x rest
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  let l := objs s in
  let n := length l in
  let on0 := fun x y => s.(dynamic).(on_p) x y in
  let onG := fun x y => isTrue (g.(goal_dynamic).(goal_on_p) x y) in
  let down := flat_map (fun b => unstackAll b (above on0 l n b)) (filter (fun b => s.(dynamic).(on_table_p) b) l) in
  (* The goal's bases: blocks the goal puts on nothing. *)
  let bases := filter (fun b => negb (existsb (fun y => onG b y) l)) l in
  down ++ flat_map (fun b => stackAll b (above onG l n b)) bases.
