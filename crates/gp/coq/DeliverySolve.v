(* A generalized plan for delivery (certplan's worked example, paper 000): the truck carries the
   packages one after the other along shortest paths of the grid (breadth-first search): drive to
   the package, pick it, drive to its goal cell, drop it. A package without a goal, or already at
   it, stays. Run it with `certplan gp run delivery DeliverySolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import Delivery DeliveryValid.

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

Definition objs (s : State) : list nat := s.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

Definition cells (s : State) : list nat := filter (fun c => s.(statics).(cell_t) c) (objs s).

Definition cellWhere (s : State) (p : nat -> bool) : option nat := find p (cells s).

Definition drive (s : State) (t a b : nat) : list PlanAction :=
  map (fun st => move t (fst st) (snd st)) (steps (path (fun x y => s.(statics).(adjacent_p) x y) (cells s) a b)).

Fixpoint deliver (s : State) (g : Goal) (t cur : nat) (ps : list nat) : list PlanAction :=
  match ps with
  | [] => []
  | p :: rest =>
      match cellWhere s (fun c => s.(dynamic).(at_p) p c), cellWhere s (fun c => isTrue (g.(goal_dynamic).(goal_at_p) p c)) with
      | Some l, Some d =>
          if Nat.eqb l d then deliver s g t cur rest
          else drive s t cur l ++ [pick_package t p l] ++ drive s t l d ++ [drop_package t p d] ++ deliver s g t d rest
      | _, _ => deliver s g t cur rest
      end
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match find (fun t => s.(statics).(truck_t) t) (objs s) with
  | None => []
  | Some t =>
      match cellWhere s (fun c => s.(dynamic).(at_p) t c) with
      | None => []
      | Some cur => deliver s g t cur (filter (fun p => s.(statics).(package_t) p) (objs s))
      end
  end.
