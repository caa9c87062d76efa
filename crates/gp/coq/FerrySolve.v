(* A generalized plan for ferry (certplan's worked example, paper 000): carry the cars one after the
   other: sail to the car, board it, sail to its goal location, debark. A car without a goal, or
   already at it, stays. Run it with `certplan gp run ferry FerrySolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import Ferry FerryValid.

Definition objs (s : State) : list nat := s.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

(* Where the car stands initially, and where the goal wants it. *)
Definition locOf (s : State) (c : nat) : option nat :=
  find (fun l => s.(statics).(location_t) l && s.(dynamic).(at_p) c l) (objs s).

Definition goalOf (s : State) (g : Goal) (c : nat) : option nat :=
  find (fun l => s.(statics).(location_t) l && isTrue (g.(goal_dynamic).(goal_at_p) c l)) (objs s).

(* `sail` needs a different location: no step when the ferry is there already. *)
Definition sailTo (cur l : nat) : list PlanAction := if Nat.eqb cur l then [] else [sail cur l].

Fixpoint carry (s : State) (g : Goal) (cur : nat) (cars : list nat) : list PlanAction :=
  match cars with
  | [] => []
  | c :: rest =>
      match locOf s c, goalOf s g c with
      | Some l, Some d =>
          if Nat.eqb l d then carry s g cur rest
          else sailTo cur l ++ [board c l] ++ sailTo l d ++ [debark c d] ++ carry s g d rest
      | _, _ => carry s g cur rest
      end
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match find (fun l => s.(statics).(location_t) l && s.(dynamic).(at_ferry_p) l) (objs s) with
  | None => []
  | Some f => carry s g f (filter (fun c => s.(statics).(car_t) c) (objs s))
  end.
