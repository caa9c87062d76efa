(* A generalized plan for miconic (certplan's worked example, paper 000): serve the passengers one
   after the other: drive to the origin, board, drive to the destination, depart.
   Run it with `certplan gp run miconic MiconicSolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import Miconic MiconicValid.

Definition floorWhere (s : State) (p : nat -> bool) : option nat :=
  find (fun f => s.(statics).(floor_t) f && p f) s.(statics).(objects).

(* From floor `a` to floor `b`: nothing, `up` or `down`. *)
Definition move (s : State) (a b : nat) : list PlanAction :=
  if Nat.eqb a b then []
  else if s.(statics).(above_p) a b then [up a b] else [down a b].

Fixpoint serve (s : State) (cur : nat) (ps : list nat) : list PlanAction :=
  match ps with
  | [] => []
  | p :: rest =>
      match floorWhere s (fun f => s.(dynamic).(origin_p) p f), floorWhere s (fun f => s.(statics).(destin_p) p f) with
      | Some o, Some d => move s cur o ++ [board o p] ++ move s o d ++ [depart d p] ++ serve s d rest
      | _, _ => serve s cur rest
      end
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match floorWhere s (fun f => s.(dynamic).(lift_at_p) f) with
  | None => []
  | Some f => serve s f (filter (fun p => s.(statics).(passenger_t) p) s.(statics).(objects))
  end.
