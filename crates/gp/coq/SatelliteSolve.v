(* A generalized plan for satellite (certplan's worked example, paper 000): for every image the goal
   asks for, take the first instrument that supports the mode: switch it on (switching off the
   instrument that holds its satellite's power), calibrate it if it is not, turn to the direction
   and take the image; finally turn the satellites the goal points somewhere. The plan is computed
   against the state it reaches (`runPlan`).
   Run it with `certplan gp run satellite SatelliteSolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import Satellite SatelliteValid.

Definition objs (t : State) : list nat := t.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

Definition turnTo (t : State) (sat x : nat) : list PlanAction :=
  match find (fun y => t.(statics).(direction_t) y && t.(dynamic).(pointing_p) sat y) (objs t) with
  | Some y => if Nat.eqb y x then [] else [turn_to sat x y]
  | None => []
  end.

Definition powerUp (t : State) (i sat : nat) : list PlanAction :=
  if t.(dynamic).(power_on_p) i then []
  else if t.(dynamic).(power_avail_p) sat then [switch_on i sat]
  else
    match find (fun j => t.(statics).(instrument_t) j && t.(statics).(on_board_p) j sat && t.(dynamic).(power_on_p) j)
               (objs t) with
    | Some j => [switch_off j sat; switch_on i sat]
    | None => []
    end.

Definition calibrateIt (t : State) (i sat : nat) : list PlanAction :=
  if t.(dynamic).(calibrated_p) i then []
  else
    match find (fun c => t.(statics).(direction_t) c && t.(statics).(calibration_target_p) i c) (objs t) with
    | Some c => turnTo t sat c ++ [calibrate sat i c]
    | None => []
    end.

Definition image (t : State) (d m : nat) : list PlanAction :=
  match find (fun i => t.(statics).(instrument_t) i && t.(statics).(supports_p) i m) (objs t) with
  | None => []
  | Some i =>
      match find (fun sat => t.(statics).(satellite_t) sat && t.(statics).(on_board_p) i sat) (objs t) with
      | None => []
      | Some sat =>
          let p := powerUp t i sat in
          let t1 := runPlan p t in
          let c := calibrateIt t1 i sat in
          let t2 := runPlan c t1 in
          p ++ c ++ turnTo t2 sat d ++ [take_image sat d i m]
      end
  end.

Fixpoint images (t : State) (todo : list (nat * nat)) : list PlanAction :=
  match todo with
  | [] => []
  | (d, m) :: rest => let acts := image t d m in acts ++ images (runPlan acts t) rest
  end.

Fixpoint point (t : State) (g : Goal) (sats : list nat) : list PlanAction :=
  match sats with
  | [] => []
  | sat :: rest =>
      match find (fun x => t.(statics).(direction_t) x && isTrue (g.(goal_dynamic).(goal_pointing_p) sat x)) (objs t) with
      | Some x => let acts := turnTo t sat x in acts ++ point (runPlan acts t) g rest
      | None => point t g rest
      end
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  let o := objs s in
  let todo := flat_map (fun d => map (fun m => (d, m))
                (filter (fun m => s.(statics).(mode_t) m && isTrue (g.(goal_dynamic).(goal_have_image_p) d m)) o))
                (filter (fun d => s.(statics).(direction_t) d) o) in
  let shots := images s todo in
  shots ++ point (runPlan shots s) g (filter (fun sat => s.(statics).(satellite_t) sat) o).
