(* A generalized plan for transport (certplan's worked example, paper 000): the first vehicle carries
   the packages one at a time along shortest road paths (breadth-first search): drive to the
   package, pick it up (capacity `larger` -> `smaller`), drive to its goal, drop it (back to
   `larger`). A package without a goal, or already at it, stays. The capacities are read off the
   state the plan reaches (`runPlan`). Run it with `certplan gp run transport TransportSolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import Transport TransportValid.

(** Breadth-first search over the objects: the shortest path from `a` to `b` along `adj`. *)

Definition memb (x : nat) (l : list nat) : bool := existsb (Nat.eqb x) l.

(* One layer: the unseen successors of the frontier, each with the node it was reached from. *)
Fixpoint expand (adj : nat -> nat -> bool) (nodes frontier seen : list nat) : list (nat * nat) :=
  match frontier with
  | [] => []
  | x :: rest =>
      let fresh := filter (fun y => adj x y && negb (memb y seen)) nodes in
      map (fun y => (y, x)) fresh ++ expand adj nodes rest (fresh ++ seen)
  end.

Fixpoint layers (adj : nat -> nat -> bool) (nodes : list nat) (fuel : nat) (frontier seen : list nat)
    (parents : list (nat * nat)) : list (nat * nat) :=
  match fuel, frontier with
  | 0, _ | _, [] => parents
  | S f, _ =>
      let layer := expand adj nodes frontier seen in
      layers adj nodes f (map fst layer) (map fst layer ++ seen) (layer ++ parents)
  end.

Definition parentOf (ps : list (nat * nat)) (y : nat) : option nat :=
  option_map snd (find (fun p => Nat.eqb (fst p) y) ps).

Fixpoint back (ps : list (nat * nat)) (fuel y : nat) : list nat :=
  match fuel with
  | 0 => [y]
  | S f => match parentOf ps y with None => [y] | Some x => y :: back ps f x end
  end.

(* `[a; ...; b]`; `[b]` when `b` is `a` (or unreachable). *)
Definition path (adj : nat -> nat -> bool) (nodes : list nat) (a b : nat) : list nat :=
  rev (back (layers adj nodes (length nodes) [a] [a] []) (length nodes) b).

(* The consecutive pairs of a path: its steps. *)
Fixpoint steps (p : list nat) : list (nat * nat) :=
  match p with
  | x :: (y :: _) as rest => (x, y) :: steps rest
  | _ => []
  end.

Definition objs (t : State) : list nat := t.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

Definition locations (t : State) : list nat := filter (fun l => t.(statics).(location_t) l) (objs t).

Definition locOf (t : State) (x : nat) : option nat := find (fun l => t.(dynamic).(at_p) x l) (locations t).

Definition driveTo (t : State) (v a b : nat) : list PlanAction :=
  map (fun st => drive v (fst st) (snd st)) (steps (path (fun x y => t.(statics).(road_p) x y) (locations t) a b)).

(* The vehicle's capacity level and the level below it. *)
Definition levels (t : State) (v : nat) : option (nat * nat) :=
  match find (fun c => t.(statics).(capacity_number_t) c && t.(dynamic).(capacity_p) v c) (objs t) with
  | None => None
  | Some larger =>
      match find (fun c => t.(statics).(capacity_number_t) c && t.(statics).(capacity_predecessor_p) c larger) (objs t) with
      | None => None
      | Some smaller => Some (smaller, larger)
      end
  end.

Definition deliverOne (t : State) (g : Goal) (v p : nat) : list PlanAction :=
  match locOf t v, locOf t p, find (fun l => isTrue (g.(goal_dynamic).(goal_at_p) p l)) (locations t), levels t v with
  | Some cur, Some l, Some d, Some (smaller, larger) =>
      if Nat.eqb l d then []
      else driveTo t v cur l ++ [pick_up v l p smaller larger] ++ driveTo t v l d ++ [drop v d p smaller larger]
  | _, _, _, _ => []
  end.

Fixpoint deliverAll (t : State) (g : Goal) (v : nat) (ps : list nat) : list PlanAction :=
  match ps with
  | [] => []
  | p :: rest => let acts := deliverOne t g v p in acts ++ deliverAll (runPlan acts t) g v rest
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match find (fun v => s.(statics).(vehicle_t) v) (objs s) with
  | None => []
  | Some v => deliverAll s g v (filter (fun p => s.(statics).(package_t) p) (objs s))
  end.
