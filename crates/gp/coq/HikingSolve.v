(* A generalized plan for hiking (certplan's worked example, paper 000): follow the trail from the
   hiker's place to its end, one `walk` or `climb` (onto a hill) per trail step.
   Run it with `certplan gp run hiking HikingSolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import Hiking HikingValid.

Definition objs (s : State) : list nat := s.(statics).(objects).

Definition next (s : State) (l : nat) : option nat :=
  find (fun m => s.(statics).(loc_t) m && s.(statics).(ontrail_p) l m) (objs s).

Definition step (s : State) (a b : nat) : PlanAction :=
  if s.(statics).(ishill_p) b then climb a b else walk a b.

Fixpoint follow (s : State) (fuel l : nat) : list PlanAction :=
  match fuel with
  | 0 => []
  | S f => match next s l with None => [] | Some m => step s l m :: follow s f m end
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match find (fun l => s.(statics).(loc_t) l && s.(dynamic).(at_p) l) (objs s) with
  | None => []
  | Some l => follow s (length (objs s)) l
  end.
