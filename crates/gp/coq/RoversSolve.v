(* A generalized plan for rovers (certplan's worked example, paper 000): serve the goals one after the
   other. A soil (rock) goal: a rover equipped for soil (rock) analysis that reaches the sample over
   its own traverse graph drives there (shortest path), empties its store if full, samples, drives
   to a waypoint that sees the lander and sends the data. An image goal: an imaging rover with a
   camera supporting the mode calibrates the camera at a waypoint that sees the camera's target,
   takes the image where the objective is visible, and sends it. The plan is computed against the
   state it reaches (`runPlan`). Run it with `certplan gp run rovers RoversSolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import Rover RoverValid.

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

Definition waypoints (t : State) : list nat := filter (fun w => t.(statics).(waypoint_t) w) (objs t).

Definition posOf (t : State) (r : nat) : option nat := find (fun w => t.(dynamic).(at_p) r w) (waypoints t).

(* The rover's way from `a` to `b` over its traverse graph. *)
Definition way (t : State) (r a b : nat) : list nat :=
  path (fun x y => t.(statics).(can_traverse_p) r x y && t.(statics).(visible_p) x y) (waypoints t) a b.

Definition reaches (p : list nat) (a : nat) : bool := match p with x :: _ => Nat.eqb x a | [] => false end.

Definition drive (t : State) (r a b : nat) : list PlanAction :=
  map (fun st => navigate r (fst st) (snd st)) (steps (way t r a b)).

(* The first waypoint satisfying `p` that the rover reaches from `a`. *)
Definition target (t : State) (r a : nat) (p : nat -> bool) : option nat :=
  find (fun w => p w && reaches (way t r a w) a) (waypoints t).

(* A lander and a waypoint reachable from `a` that sees it. *)
Definition uplink (t : State) (r a : nat) : option (nat * nat * nat) :=
  match find (fun l => t.(statics).(lander_t) l) (objs t) with
  | None => None
  | Some l =>
      match find (fun w => t.(statics).(at_lander_p) l w) (waypoints t) with
      | None => None
      | Some lw =>
          match target t r a (fun x => t.(statics).(visible_p) x lw) with
          | Some x => Some (l, lw, x)
          | None => None
          end
      end
  end.

Definition storeOf (t : State) (r : nat) : option nat :=
  find (fun st => t.(statics).(store_t) st && t.(statics).(store_of_p) st r) (objs t).

(* Sample at `w` with rover `r` and send the data; `soil` chooses soil or rock. *)
Definition sampleWith (t : State) (soil : bool) (w r : nat) : option (list PlanAction) :=
  match posOf t r, storeOf t r with
  | Some a, Some st =>
      if reaches (way t r a w) a then
        match uplink t r w with
        | Some (l, lw, x) =>
            Some (drive t r a w ++ (if t.(dynamic).(full_p) st then [drop r st] else []) ++
                  [if soil then sample_soil r st w else sample_rock r st w] ++ drive t r w x ++
                  [if soil then communicate_soil_data r l w x lw else communicate_rock_data r l w x lw])
        | None => None
        end
      else None
  | _, _ => None
  end.

Fixpoint firstSome (f : nat -> option (list PlanAction)) (l : list nat) : list PlanAction :=
  match l with
  | [] => []
  | x :: rest => match f x with Some acts => acts | None => firstSome f rest end
  end.

Definition sample (t : State) (soil : bool) (w : nat) : list PlanAction :=
  firstSome (sampleWith t soil w)
    (filter (fun r => t.(statics).(rover_t) r &&
               (if soil then t.(statics).(equipped_for_soil_analysis_p) r else t.(statics).(equipped_for_rock_analysis_p) r))
       (objs t)).

(* Image of `o` in mode `m` with rover `r` and camera `c`. *)
Definition imageWith (t : State) (o m r c : nat) : option (list PlanAction) :=
  match posOf t r, find (fun o' => t.(statics).(objective_t) o' && t.(statics).(calibration_target_p) c o') (objs t) with
  | Some a, Some ct =>
      match target t r a (fun w => t.(statics).(visible_from_p) ct w) with
      | None => None
      | Some wc =>
          match target t r wc (fun w => t.(statics).(visible_from_p) o w) with
          | None => None
          | Some wi =>
              match uplink t r wi with
              | None => None
              | Some (l, lw, x) =>
                  Some (drive t r a wc ++ [calibrate r c ct wc] ++ drive t r wc wi ++ [take_image r wi o c m] ++
                        drive t r wi x ++ [communicate_image_data r l o m x lw])
              end
          end
      end
  | _, _ => None
  end.

Definition image (t : State) (o m : nat) : list PlanAction :=
  let pairs := flat_map (fun r => map (fun c => (r, c))
                  (filter (fun c => t.(statics).(camera_t) c && t.(statics).(on_board_p) c r && t.(statics).(supports_p) c m) (objs t)))
                  (filter (fun r => t.(statics).(rover_t) r && t.(statics).(equipped_for_imaging_p) r) (objs t)) in
  (fix go (ps : list (nat * nat)) : list PlanAction :=
     match ps with
     | [] => []
     | (r, c) :: rest => match imageWith t o m r c with Some acts => acts | None => go rest end
     end) pairs.

Inductive Task := Soil (w : nat) | Rock (w : nat) | Image (o m : nat).

Definition serve (t : State) (k : Task) : list PlanAction :=
  match k with
  | Soil w => sample t true w
  | Rock w => sample t false w
  | Image o m => image t o m
  end.

Fixpoint serveAll (t : State) (ks : list Task) : list PlanAction :=
  match ks with
  | [] => []
  | k :: rest => let acts := serve t k in acts ++ serveAll (runPlan acts t) rest
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  let o := objs s in
  let ws := waypoints s in
  let soil := map Soil (filter (fun w => isTrue (g.(goal_dynamic).(goal_communicated_soil_data_p) w)) ws) in
  let rock := map Rock (filter (fun w => isTrue (g.(goal_dynamic).(goal_communicated_rock_data_p) w)) ws) in
  let img := flat_map (fun ob => map (fun m => Image ob m)
               (filter (fun m => s.(statics).(mode_t) m && isTrue (g.(goal_dynamic).(goal_communicated_image_data_p) ob m)) o))
               (filter (fun ob => s.(statics).(objective_t) ob) o) in
  serveAll s (soil ++ rock ++ img).
