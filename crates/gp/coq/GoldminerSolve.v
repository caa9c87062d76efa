(* A generalized plan for gold miner (certplan's worked example, paper 000): walk over clear cells
   to the laser and pick it up, walk over clear cells to a bomb cell, then fire the laser along a
   shortest path from there to the cell next to the gold and walk it; put the laser down there.
   If the gold lies under soft rock, walk back for a bomb, return and blow the rock away. Step onto
   the gold and pick it. Run it with `certplan gp run goldminer GoldminerSolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import GoldMinerTyped GoldMinerTypedValid.

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

Definition cells (s : State) : list nat := filter (fun c => s.(statics).(loc_t) c) s.(statics).(objects).

Definition cellWhere (s : State) (p : nat -> bool) : option nat := find p (cells s).

(* Steps onto clear cells only: the robot's moves before it holds the laser. *)
Definition clearPath (s : State) (a b : nat) : list nat :=
  path (fun x y => s.(statics).(connected_p) x y && s.(dynamic).(clear_p) y) (cells s) a b.

(* `b` is reachable from `a`: the path found starts at `a`. *)
Definition reaches (p : list nat) (a : nat) : bool := match p with x :: _ => Nat.eqb x a | [] => false end.

Definition walk (p : list nat) : list PlanAction := map (fun st => move (fst st) (snd st)) (steps p).

(* Fire at the next cell, then step onto it. *)
Definition blast (p : list nat) : list PlanAction :=
  flat_map (fun st => [fire_laser (fst st) (snd st); move (fst st) (snd st)]) (steps p).

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match cellWhere s (fun c => s.(dynamic).(robot_at_p) c), cellWhere s (fun c => s.(dynamic).(laser_at_p) c),
        cellWhere s (fun c => s.(dynamic).(gold_at_p) c) with
  | Some r, Some l, Some gold =>
      match cellWhere s (fun c => s.(statics).(bomb_at_p) c && reaches (clearPath s r c) r) with
      | None => []
      | Some b =>
          (* From the bomb to the gold's neighbour `n` (the bomb cell itself when that is the gold). *)
          let toGold := path (fun x y => s.(statics).(connected_p) x y) (cells s) b gold in
          let approach := removelast toGold in
          let n := last approach b in
          walk (clearPath s r l) ++ [pickup_laser l] ++ walk (clearPath s l b) ++ blast approach ++
          [putdown_laser n] ++
          (if s.(dynamic).(soft_rock_at_p) gold
           then walk (rev approach) ++ [pickup_bomb b] ++ walk approach ++ [detonate_bomb n gold]
           else []) ++
          (if Nat.eqb n gold then [] else [move n gold]) ++ [pick_gold gold]
      end
  | _, _, _ => []
  end.
