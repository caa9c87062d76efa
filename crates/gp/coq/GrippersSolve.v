(* A generalized plan for grippers (certplan's worked example, paper 000): the first robot, with a
   gripper that is free initially, carries the balls one after the other: move to the ball, pick
   it, move to its goal room, drop it. A ball without a goal, or already in its room, stays.
   Run it with `certplan gp run grippers GrippersSolve.v P...`. *)
From Coq Require Import Bool Arith List.
Import ListNotations.
From Certplan Require Import Grippers GrippersValid.

Definition objs (s : State) : list nat := s.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

Definition roomWhere (s : State) (p : nat -> bool) : option nat :=
  find (fun x => s.(statics).(room_t) x && p x) (objs s).

Definition moveTo (r cur x : nat) : list PlanAction := if Nat.eqb cur x then [] else [move r cur x].

Fixpoint carry (s : State) (g : Goal) (r gr cur : nat) (balls : list nat) : list PlanAction :=
  match balls with
  | [] => []
  | b :: rest =>
      match roomWhere s (fun x => s.(dynamic).(at_p) b x),
            roomWhere s (fun x => isTrue (g.(goal_dynamic).(goal_at_p) b x)) with
      | Some l, Some d =>
          if Nat.eqb l d then carry s g r gr cur rest
          else moveTo r cur l ++ [pick r b l gr] ++ moveTo r l d ++ [drop r b d gr] ++ carry s g r gr d rest
      | _, _ => carry s g r gr cur rest
      end
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match find (fun r => s.(statics).(robot_t) r) (objs s) with
  | None => []
  | Some r =>
      match find (fun x => s.(statics).(gripper_t) x && s.(dynamic).(free_p) r x) (objs s),
            roomWhere s (fun x => s.(dynamic).(at_robby_p) r x) with
      | Some gr, Some cur => carry s g r gr cur (filter (fun b => s.(statics).(ball_t) b) (objs s))
      | _, _ => []
      end
  end.
