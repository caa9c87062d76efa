(* A generalized plan for logistics (certplan's worked example, paper 000): deliver the packages one
   after the other. Within a city, the city's first truck fetches the package and drives it to its
   goal place; between cities, the truck of the package's city brings it to the airport, the first
   airplane flies it to the airport of the goal city, and that city's truck takes it on. A package
   without a goal, or already at it, stays. The plan is computed against the state it reaches
   (`runPlan`), so vehicles are found where the previous deliveries left them.
   Run it with `certplan gp run logistics LogisticsSolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import Logistics LogisticsValid.

Definition objs (t : State) : list nat := t.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

Definition placeOf (t : State) (o : nat) : option nat :=
  find (fun x => t.(statics).(place_t) x && t.(dynamic).(at_p) o x) (objs t).

Definition cityOf (t : State) (x : nat) : option nat :=
  find (fun c => t.(statics).(city_t) c && t.(statics).(in_city_p) x c) (objs t).

Definition airportOf (t : State) (c : nat) : option nat :=
  find (fun x => t.(statics).(airport_t) x && t.(statics).(in_city_p) x c) (objs t).

Definition truckIn (t : State) (c : nat) : option nat :=
  find (fun v => t.(statics).(truck_t) v &&
                 match placeOf t v with Some x => t.(statics).(in_city_p) x c | None => false end) (objs t).

Definition driveTo (t : State) (v x : nat) : list PlanAction :=
  match placeOf t v, cityOf t x with
  | Some y, Some c => if Nat.eqb y x then [] else [drive_truck v y x c]
  | _, _ => []
  end.

Definition flyTo (t : State) (a x : nat) : list PlanAction :=
  match placeOf t a with
  | Some y => if Nat.eqb y x then [] else [fly_airplane a y x]
  | None => []
  end.

(* Package `p` from place `l` to place `d` of one city, in truck `v`. *)
Definition byTruck (t : State) (p v l d : nat) : list PlanAction :=
  if Nat.eqb l d then []
  else
    let fetch := driveTo t v l ++ [load_truck p v l] in
    fetch ++ driveTo (runPlan fetch t) v d ++ [unload_truck p v d].

(* Package `p` from airport `l` to airport `d`, in airplane `a`. *)
Definition byPlane (t : State) (p a l d : nat) : list PlanAction :=
  if Nat.eqb l d then []
  else
    let fetch := flyTo t a l ++ [load_airplane p a l] in
    fetch ++ flyTo (runPlan fetch t) a d ++ [unload_airplane p a d].

Definition deliverOne (t : State) (g : Goal) (p : nat) : list PlanAction :=
  match placeOf t p, find (fun x => t.(statics).(place_t) x && isTrue (g.(goal_dynamic).(goal_at_p) p x)) (objs t) with
  | Some l, Some d =>
      match cityOf t l, cityOf t d with
      | Some c1, Some c2 =>
          if Nat.eqb c1 c2 then
            match truckIn t c1 with Some v => byTruck t p v l d | None => [] end
          else
            match truckIn t c1, truckIn t c2, airportOf t c1, airportOf t c2,
                  find (fun a => t.(statics).(airplane_t) a) (objs t) with
            | Some v1, Some v2, Some a1, Some a2, Some pl =>
                let first := byTruck t p v1 l a1 in
                let t1 := runPlan first t in
                let flight := byPlane t1 p pl a1 a2 in
                first ++ flight ++ byTruck (runPlan flight t1) p v2 a2 d
            | _, _, _, _, _ => []
            end
      | _, _ => []
      end
  | _, _ => []
  end.

Fixpoint deliverAll (t : State) (g : Goal) (ps : list nat) : list PlanAction :=
  match ps with
  | [] => []
  | p :: rest => let acts := deliverOne t g p in acts ++ deliverAll (runPlan acts t) g rest
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  deliverAll s g (filter (fun p => s.(statics).(package_t) p) (objs s)).
