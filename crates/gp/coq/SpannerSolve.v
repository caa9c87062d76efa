(* A generalized plan for spanner (certplan's worked example, paper 000; the strategy of the
   paper's Figure 1): walk the path from the shed to the gate, picking up every spanner on the way,
   then tighten each loose nut with a fresh spanner.
   Run it with `certplan gp run spanner SpannerSolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import Spanner SpannerValid.

Definition objs (s : State) : list nat := s.(statics).(objects).

Definition nextLocation (s : State) (l : nat) : option nat :=
  find (fun l' => s.(statics).(location_t) l' && s.(statics).(link_p) l l') (objs s).

Definition spannersAt (s : State) (l : nat) : list nat :=
  filter (fun x => s.(statics).(spanner_t) x && s.(dynamic).(at_p) x l) (objs s).

(* Walks on from `l` with the man `m`: the actions, the spanners picked up, the last location. *)
Fixpoint walkPath (s : State) (m : nat) (fuel : nat) (l : nat) : list PlanAction * list nat * nat :=
  let here := spannersAt s l in
  let picks := map (fun x => pickup_spanner l x m) here in
  match fuel with
  | 0 => (picks, here, l)
  | S f =>
      match nextLocation s l with
      | None => (picks, here, l)
      | Some l' =>
          let '(acts, got, gate) := walkPath s m f l' in
          (picks ++ walk l l' m :: acts, here ++ got, gate)
      end
  end.

Fixpoint tightenAll (gate m : nat) (nuts spanners : list nat) : list PlanAction :=
  match nuts, spanners with
  | n :: ns, sp :: ss => tighten_nut gate sp m n :: tightenAll gate m ns ss
  | _, _ => []
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match find (fun x => s.(statics).(man_t) x) (objs s) with
  | None => []
  | Some m =>
      match find (fun l => s.(statics).(location_t) l && s.(dynamic).(at_p) m l) (objs s) with
      | None => []
      | Some l0 =>
          let '(acts, spanners, gate) := walkPath s m (length (objs s)) l0 in
          acts ++ tightenAll gate m (filter (fun n => s.(statics).(nut_t) n && s.(dynamic).(loose_p) n) (objs s)) spanners
      end
  end.
