Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat.
Import ListNotations.
Open Scope string_scope.

Record Ctx := {
  objs : string -> list nat;
  holds : string -> list nat -> bool;
  init : string -> list nat -> bool;
  goal : string -> list nat -> bool;
  stat : string -> list nat -> bool;
  dist : string -> nat -> nat -> nat;
  dist_by : string -> nat -> nat -> nat -> nat;
  dist_pair : string -> nat -> nat -> nat -> nat -> nat -> nat;
  dist_cap : string -> nat;
  obj : string -> nat
}.

Definition sum_over (l : list nat) (f : nat -> nat) : nat := fold_right (fun x a => f x + a) 0 l.
Definition max_over (l : list nat) (f : nat -> nat) : nat := fold_right (fun x a => Nat.max (f x) a) 0 l.
Definition min_over (l : list nat) (f : nat -> nat) (empty : nat) : nat :=
  match l with [] => empty | x :: r => fold_right (fun y a => Nat.min (f y) a) (f x) r end.
Definition count_over (l : list nat) (p : nat -> bool) : nat := List.length (List.filter p l).

(* The task's transition system, the one the theorems talk about: STRIPS as in PDDL's :strips
   fragment. A state is the set of true atoms, as a test (predicate name, argument objects); an
   operator is an action schema with its arguments, one object per parameter, each an object of
   one of the parameter's types; it applies where its precondition literals hold and leads to the
   state with its delete effects removed and then its add effects added (an atom both deleted
   and added stays true). The schemas are printed from the certificate's `(schemas ...)` lines,
   which certplan compares with the domain's action schemas before search. *)
Inductive Arg := AVar (i : nat) | AObj (name : string).
Inductive Pre := PAtom (positive : bool) (pred : string) (args : list Arg) | PEq (positive : bool) (a b : Arg).
Record Schema := {
  sname : string;
  sparams : list (list string);
  spre : list Pre;
  sadd : list (string * list Arg);
  sdel : list (string * list Arg)
}.

Definition State := string -> list nat -> bool.
Definition Op := (Schema * list nat)%type.

(* The context whose state is s: what the heuristic reads in state s of the task c. *)
Definition at_state (c : Ctx) (s : State) : Ctx :=
  {| objs := objs c; holds := s; init := init c; goal := goal c; stat := stat c; dist := dist c;
     dist_by := dist_by c; dist_pair := dist_pair c; dist_cap := dist_cap c; obj := obj c |}.

Definition arg_value (c : Ctx) (xs : list nat) (a : Arg) : nat :=
  match a with AVar i => nth i xs 0 | AObj o => obj c o end.

Fixpoint nats_eqb (a b : list nat) : bool :=
  match a, b with
  | [], [] => true
  | x :: a', y :: b' => andb (Nat.eqb x y) (nats_eqb a' b')
  | _, _ => false
  end.

Fixpoint typed (c : Ctx) (xs : list nat) (tys : list (list string)) : Prop :=
  match xs, tys with
  | [], [] => True
  | x :: xs', t :: tys' => (exists ty, In ty t /\ In x (objs c ty)) /\ typed c xs' tys'
  | _, _ => False
  end.

Definition pre_holds (c : Ctx) (s : State) (xs : list nat) (p : Pre) : Prop :=
  match p with
  | PAtom b q a => s q (map (arg_value c xs) a) = b
  | PEq b x y => Nat.eqb (arg_value c xs x) (arg_value c xs y) = b
  end.

Definition atom_in (c : Ctx) (xs : list nat) (q : string) (ys : list nat) (l : list (string * list Arg)) : bool :=
  existsb (fun e => andb (String.eqb (fst e) q) (nats_eqb (map (arg_value c xs) (snd e)) ys)) l.

Definition apply_op (c : Ctx) (s : State) (sch : Schema) (xs : list nat) : State :=
  fun q ys => if atom_in c xs q ys (sadd sch) then true else if atom_in c xs q ys (sdel sch) then false else s q ys.

Definition strips_step (c : Ctx) (schemas : list Schema) (s : State) (o : Op) (s' : State) : Prop :=
  In (fst o) schemas /\ typed c (snd o) (sparams (fst o)) /\ Forall (pre_holds c s (snd o)) (spre (fst o)) /\
  s' = apply_op c s (fst o) (snd o).

(* The initial state is `init c`; a goal state makes every goal atom true. *)
Definition strips_goal (c : Ctx) (s : State) : Prop := forall q ys, goal c q ys = true -> s q ys = true.

(* What certplan guarantees of every context it builds, whatever the heuristic: the objects of a
   type are listed once each. *)
Definition objects_distinct (c : Ctx) : Prop := forall ty, NoDup (objs c ty).

(* spanner: printed from heuristics/spanner.heur by certplan; do not edit. *)
Definition spanner_value (c : Ctx) : nat :=
  (let n_loose := (count_over (List.filter (fun v_n => (goal c "tightened" [v_n])) (objs c "nut")) (fun v_n => (negb (holds c "tightened" [v_n])))) in (let n_carried := (count_over (objs c "spanner") (fun v_s => (andb (holds c "usable" [v_s]) (andb (existsb (fun v_m => (holds c "carrying" [v_m; v_s])) (objs c "man")) true)))) in (Nat.add n_loose (Nat.add (Nat.sub n_loose n_carried) (Nat.add (max_over (List.filter (fun v_n => (goal c "tightened" [v_n])) (objs c "nut")) (fun v_n => (if (holds c "tightened" [v_n]) then 0 else (max_over (List.filter (fun v_k => (init c "at" [v_n; v_k])) (objs c "location")) (fun v_k => (min_over (objs c "man") (fun v_m => (min_over (List.filter (fun v_l => (holds c "at" [v_m; v_l])) (objs c "location")) (fun v_l => (dist c "d" v_l v_k)) (dist_cap c "d"))) (dist_cap c "d"))))))) 0))))).
Definition spanner_dead_end (c : Ctx) : bool :=
  (let n_loose := (count_over (List.filter (fun v_n => (goal c "tightened" [v_n])) (objs c "nut")) (fun v_n => (negb (holds c "tightened" [v_n])))) in (orb (existsb (fun v_n => (andb (negb (holds c "tightened" [v_n])) (andb (forallb (fun v_k => (forallb (fun v_m => (forallb (fun v_l => (Nat.leb (dist_cap c "d") (dist c "d" v_l v_k))) (List.filter (fun v_l => (holds c "at" [v_m; v_l])) (objs c "location")))) (objs c "man"))) (List.filter (fun v_k => (init c "at" [v_n; v_k])) (objs c "location"))) true))) (List.filter (fun v_n => (goal c "tightened" [v_n])) (objs c "nut"))) (orb (Nat.ltb (Nat.add (count_over (objs c "spanner") (fun v_s => (andb (holds c "usable" [v_s]) (andb (existsb (fun v_m => (holds c "carrying" [v_m; v_s])) (objs c "man")) true)))) (Nat.add (count_over (objs c "spanner") (fun v_s => (andb (holds c "usable" [v_s]) (andb (existsb (fun v_k => (andb (holds c "at" [v_s; v_k]) (andb (existsb (fun v_m => (existsb (fun v_l => (Nat.ltb (dist c "d" v_l v_k) (dist_cap c "d"))) (List.filter (fun v_l => (holds c "at" [v_m; v_l])) (objs c "location")))) (objs c "man")) true))) (List.filter (fun v_k => (init c "at" [v_s; v_k])) (objs c "location"))) true)))) 0)) n_loose) false))).
Definition spanner_h (c : Ctx) : option nat := if spanner_dead_end c then None else Some (spanner_value c).
(* check men-nuts-spanners-disjoint *)
Definition spanner_check_0 (c : Ctx) : bool :=
  (forallb (fun v_x => (andb (forallb (fun v_y => (negb (Nat.eqb v_x v_y))) (objs c "nut")) (andb (forallb (fun v_y => (negb (Nat.eqb v_x v_y))) (objs c "spanner")) true))) (objs c "man")).
(* check nuts-not-spanners *)
Definition spanner_check_1 (c : Ctx) : bool :=
  (forallb (fun v_x => (forallb (fun v_y => (negb (Nat.eqb v_x v_y))) (objs c "spanner"))) (objs c "nut")).
(* check one-location-each *)
Definition spanner_check_2 (c : Ctx) : bool :=
  (andb (forallb (fun v_x => (Nat.leb (count_over (objs c "location") (fun v_l => (init c "at" [v_x; v_l]))) 1)) (objs c "man")) (andb (forallb (fun v_x => (Nat.leb (count_over (objs c "location") (fun v_l => (init c "at" [v_x; v_l]))) 1)) (objs c "nut")) (andb (forallb (fun v_x => (Nat.leb (count_over (objs c "location") (fun v_l => (init c "at" [v_x; v_l]))) 1)) (objs c "spanner")) true))).
(* check carried-not-on-ground *)
Definition spanner_check_3 (c : Ctx) : bool :=
  (forallb (fun v_s => (negb (andb (existsb (fun v_m => (init c "carrying" [v_m; v_s])) (objs c "man")) (andb (existsb (fun v_l => (init c "at" [v_s; v_l])) (objs c "location")) true)))) (objs c "spanner")).
(* check loose-or-tightened *)
Definition spanner_check_4 (c : Ctx) : bool :=
  (forallb (fun v_n => (negb (andb (init c "loose" [v_n]) (andb (init c "tightened" [v_n]) true)))) (objs c "nut")).
(* check goal-nuts-only *)
Definition spanner_check_5 (c : Ctx) : bool :=
  (forallb (fun v_x => (forallb (fun v_y => (negb (orb (goal c "link" [v_x; v_y]) (orb (goal c "at" [v_x; v_y]) (orb (goal c "carrying" [v_x; v_y]) false))))) (objs c "object"))) (objs c "object")).
Definition spanner_schemas : list Schema :=
  [{| sname := "walk"; sparams := [["location"]; ["location"]; ["man"]]; spre := [PAtom true "at" [(AVar 2); (AVar 0)]; PAtom true "link" [(AVar 0); (AVar 1)]]; sadd := [("at", [(AVar 2); (AVar 1)])]; sdel := [("at", [(AVar 2); (AVar 0)])] |};
   {| sname := "pickup_spanner"; sparams := [["location"]; ["spanner"]; ["man"]]; spre := [PAtom true "at" [(AVar 2); (AVar 0)]; PAtom true "at" [(AVar 1); (AVar 0)]]; sadd := [("carrying", [(AVar 2); (AVar 1)])]; sdel := [("at", [(AVar 1); (AVar 0)])] |};
   {| sname := "tighten_nut"; sparams := [["location"]; ["spanner"]; ["man"]; ["nut"]]; spre := [PAtom true "at" [(AVar 2); (AVar 0)]; PAtom true "at" [(AVar 3); (AVar 0)]; PAtom true "carrying" [(AVar 2); (AVar 1)]; PAtom true "usable" [(AVar 1)]; PAtom true "loose" [(AVar 3)]]; sadd := [("tightened", [(AVar 3)])]; sdel := [("loose", [(AVar 3)]); ("usable", [(AVar 1)])] |}].
Definition spanner_wf (c : Ctx) : Prop :=
  objects_distinct c /\ (forall ys, stat c "link" ys = init c "link" ys) /\ (forall x, In x (objs c "location") -> dist c "d" x x = 0 /\ 0 < dist_cap c "d") /\
  (forall x y, In x (objs c "location") -> In y (objs c "location") -> dist c "d" x y <= dist_cap c "d") /\
  (forall u v t, In u (objs c "location") -> In v (objs c "location") -> In t (objs c "location") -> (stat c "link" [u; v] = true) ->
     dist c "d" u t <= 1 + dist c "d" v t /\ (dist c "d" v t < dist_cap c "d" -> dist c "d" u t < dist_cap c "d")).
Definition spanner_certificate (c : Ctx) : bool :=
  (andb (spanner_check_0 c) (andb (spanner_check_1 c) (andb (spanner_check_2 c) (andb (spanner_check_3 c) (andb (spanner_check_4 c) (andb (spanner_check_5 c) true)))))).

(* miconic: printed from heuristics/miconic.heur by certplan; do not edit. *)
Definition miconic_value (c : Ctx) : nat :=
  (Nat.add (Nat.mul 2 (count_over (List.filter (fun v_p => (goal c "served" [v_p])) (objs c "passenger")) (fun v_p => (andb (negb (holds c "served" [v_p])) (andb (negb (holds c "boarded" [v_p])) true))))) (Nat.add (count_over (List.filter (fun v_p => (goal c "served" [v_p])) (objs c "passenger")) (fun v_p => (andb (negb (holds c "served" [v_p])) (andb (holds c "boarded" [v_p]) true)))) (Nat.add (count_over (objs c "floor") (fun v_f => (andb (negb (holds c "lift-at" [v_f])) (andb (orb (existsb (fun v_p => (negb (holds c "served" [v_p]))) (List.filter (fun v_p => (andb (goal c "served" [v_p]) (andb (stat c "destin" [v_p; v_f]) true))) (objs c "passenger"))) (orb (existsb (fun v_p => (holds c "origin" [v_p; v_f])) (List.filter (fun v_p => (andb (goal c "served" [v_p]) (andb (init c "origin" [v_p; v_f]) true))) (objs c "passenger"))) false)) true)))) 0))).
Definition miconic_dead_end (c : Ctx) : bool :=
  false.
Definition miconic_h (c : Ctx) : option nat := if miconic_dead_end c then None else Some (miconic_value c).
(* check one-destination *)
Definition miconic_check_0 (c : Ctx) : bool :=
  (forallb (fun v_p => (Nat.leb (count_over (objs c "floor") (fun v_f => (stat c "destin" [v_p; v_f]))) 1)) (objs c "passenger")).
(* check goal-destinations *)
Definition miconic_check_1 (c : Ctx) : bool :=
  (forallb (fun v_p => (existsb (fun v_f => (stat c "destin" [v_p; v_f])) (objs c "floor"))) (List.filter (fun v_p => (goal c "served" [v_p])) (objs c "passenger"))).
(* check one-origin *)
Definition miconic_check_2 (c : Ctx) : bool :=
  (forallb (fun v_p => (Nat.leb (count_over (objs c "floor") (fun v_f => (init c "origin" [v_p; v_f]))) 1)) (objs c "passenger")).
(* check one-lift-floor *)
Definition miconic_check_3 (c : Ctx) : bool :=
  (Nat.leb (count_over (objs c "floor") (fun v_f => (init c "lift-at" [v_f]))) 1).
(* check no-origin-once-boarded-or-served *)
Definition miconic_check_4 (c : Ctx) : bool :=
  (forallb (fun v_p => (orb (negb (existsb (fun v_f => (init c "origin" [v_p; v_f])) (objs c "floor"))) (orb (andb (negb (init c "served" [v_p])) (andb (negb (init c "boarded" [v_p])) true)) false))) (objs c "passenger")).
Definition miconic_schemas : list Schema :=
  [{| sname := "board"; sparams := [["floor"]; ["passenger"]]; spre := [PAtom true "lift-at" [(AVar 0)]; PAtom true "origin" [(AVar 1); (AVar 0)]]; sadd := [("boarded", [(AVar 1)])]; sdel := [("origin", [(AVar 1); (AVar 0)])] |};
   {| sname := "depart"; sparams := [["floor"]; ["passenger"]]; spre := [PAtom true "lift-at" [(AVar 0)]; PAtom true "destin" [(AVar 1); (AVar 0)]; PAtom true "boarded" [(AVar 1)]]; sadd := [("served", [(AVar 1)])]; sdel := [("boarded", [(AVar 1)])] |};
   {| sname := "up"; sparams := [["floor"]; ["floor"]]; spre := [PAtom true "lift-at" [(AVar 0)]; PAtom true "above" [(AVar 0); (AVar 1)]]; sadd := [("lift-at", [(AVar 1)])]; sdel := [("lift-at", [(AVar 0)])] |};
   {| sname := "down"; sparams := [["floor"]; ["floor"]]; spre := [PAtom true "lift-at" [(AVar 0)]; PAtom true "above" [(AVar 1); (AVar 0)]]; sadd := [("lift-at", [(AVar 1)])]; sdel := [("lift-at", [(AVar 0)])] |}].
Definition miconic_wf (c : Ctx) : Prop :=
  objects_distinct c /\ (forall ys, stat c "destin" ys = init c "destin" ys) /\ (forall ys, stat c "above" ys = init c "above" ys).
Definition miconic_certificate (c : Ctx) : bool :=
  (andb (miconic_check_0 c) (andb (miconic_check_1 c) (andb (miconic_check_2 c) (andb (miconic_check_3 c) (andb (miconic_check_4 c) true))))).

(* ferry: printed from heuristics/ferry.heur by certplan; do not edit. *)
Definition ferry_value (c : Ctx) : nat :=
  (Nat.add (sum_over (objs c "car") (fun v_c => (sum_over (List.filter (fun v_g => (goal c "at" [v_c; v_g])) (objs c "location")) (fun v_g => (if (holds c "at" [v_c; v_g]) then 0 else (if (holds c "on" [v_c]) then (if (holds c "at-ferry" [v_g]) then 1 else 2) else 3)))))) (Nat.add (Nat.max (if (negb (existsb (fun v_l => (existsb (fun v_c => (andb (holds c "at" [v_c; v_l]) (andb (existsb (fun v_g => (negb (Nat.eqb v_g v_l))) (List.filter (fun v_g => (goal c "at" [v_c; v_g])) (objs c "location"))) true))) (objs c "car"))) (objs c "location"))) then 0 else (if (holds c "empty-ferry" []) then (if (existsb (fun v_l => (existsb (fun v_c => (andb (holds c "at" [v_c; v_l]) (andb (existsb (fun v_g => (negb (Nat.eqb v_g v_l))) (List.filter (fun v_g => (goal c "at" [v_c; v_g])) (objs c "location"))) true))) (objs c "car"))) (List.filter (fun v_l => (holds c "at-ferry" [v_l])) (objs c "location"))) then 0 else 1) else (if (existsb (fun v_d => (existsb (fun v_g => (existsb (fun v_c => (andb (holds c "at" [v_c; v_g]) (andb (existsb (fun v_h => (negb (Nat.eqb v_h v_g))) (List.filter (fun v_h => (goal c "at" [v_c; v_h])) (objs c "location"))) true))) (objs c "car"))) (List.filter (fun v_g => (goal c "at" [v_d; v_g])) (objs c "location")))) (List.filter (fun v_d => (holds c "on" [v_d])) (objs c "car"))) then 0 else 1))) (Nat.max (sum_over (objs c "location") (fun v_v => (Nat.sub (Nat.sub (Nat.add (count_over (objs c "car") (fun v_c => (andb (holds c "at" [v_c; v_v]) (andb (existsb (fun v_g => (negb (Nat.eqb v_g v_v))) (List.filter (fun v_g => (goal c "at" [v_c; v_g])) (objs c "location"))) true)))) (Nat.add (if (andb (holds c "at-ferry" [v_v]) (andb (existsb (fun v_d => (existsb (fun v_g => true) (List.filter (fun v_g => (goal c "at" [v_d; v_g])) (objs c "location")))) (List.filter (fun v_d => (holds c "on" [v_d])) (objs c "car"))) true)) then 1 else 0) 0)) (count_over (List.filter (fun v_c => (goal c "at" [v_c; v_v])) (objs c "car")) (fun v_c => (negb (holds c "at" [v_c; v_v]))))) (if (holds c "at-ferry" [v_v]) then 1 else 0)))) (Nat.max (count_over (objs c "location") (fun v_l => (andb (existsb (fun v_c => (andb (holds c "at" [v_c; v_l]) (andb (existsb (fun v_g => (negb (Nat.eqb v_g v_l))) (List.filter (fun v_g => (goal c "at" [v_c; v_g])) (objs c "location"))) true))) (objs c "car")) (andb (negb (existsb (fun v_c => (negb (holds c "at" [v_c; v_l]))) (List.filter (fun v_c => (goal c "at" [v_c; v_l])) (objs c "car")))) (andb (negb (andb (holds c "empty-ferry" []) (andb (holds c "at-ferry" [v_l]) true))) true))))) 0))) 0)).
Definition ferry_dead_end (c : Ctx) : bool :=
  false.
Definition ferry_h (c : Ctx) : option nat := if ferry_dead_end c then None else Some (ferry_value c).
(* check cars-not-locations *)
Definition ferry_check_0 (c : Ctx) : bool :=
  (forallb (fun v_c => (forallb (fun v_l => (negb (Nat.eqb v_c v_l))) (objs c "location"))) (objs c "car")).
(* check one-goal-per-car *)
Definition ferry_check_1 (c : Ctx) : bool :=
  (forallb (fun v_c => (Nat.leb (count_over (objs c "location") (fun v_l => (goal c "at" [v_c; v_l]))) 1)) (objs c "car")).
(* check only-car-goals *)
Definition ferry_check_2 (c : Ctx) : bool :=
  (forallb (fun v_c => (negb (goal c "on" [v_c]))) (objs c "object")).
(* check one-ferry-location *)
Definition ferry_check_3 (c : Ctx) : bool :=
  (Nat.leb (count_over (objs c "location") (fun v_l => (init c "at-ferry" [v_l]))) 1).
(* check one-car-location *)
Definition ferry_check_4 (c : Ctx) : bool :=
  (forallb (fun v_c => (Nat.leb (Nat.add (count_over (objs c "location") (fun v_l => (init c "at" [v_c; v_l]))) (Nat.add (if (init c "on" [v_c]) then 1 else 0) 0)) 1)) (objs c "car")).
(* check at-most-one-aboard *)
Definition ferry_check_5 (c : Ctx) : bool :=
  (Nat.leb (count_over (objs c "car") (fun v_c => (init c "on" [v_c]))) 1).
(* check empty-means-no-car-aboard *)
Definition ferry_check_6 (c : Ctx) : bool :=
  (orb (negb (init c "empty-ferry" [])) (orb (forallb (fun v_c => (negb (init c "on" [v_c]))) (objs c "car")) false)).
(* check not-empty-means-car-aboard *)
Definition ferry_check_7 (c : Ctx) : bool :=
  (orb (init c "empty-ferry" []) (orb (existsb (fun v_c => (init c "on" [v_c])) (objs c "car")) false)).
Definition ferry_schemas : list Schema :=
  [{| sname := "sail"; sparams := [["location"]; ["location"]]; spre := [PAtom true "at-ferry" [(AVar 0)]; PAtom false "at-ferry" [(AVar 1)]]; sadd := [("at-ferry", [(AVar 1)])]; sdel := [("at-ferry", [(AVar 0)])] |};
   {| sname := "board"; sparams := [["car"]; ["location"]]; spre := [PAtom true "at" [(AVar 0); (AVar 1)]; PAtom true "at-ferry" [(AVar 1)]; PAtom true "empty-ferry" []]; sadd := [("on", [(AVar 0)])]; sdel := [("at", [(AVar 0); (AVar 1)]); ("empty-ferry", [])] |};
   {| sname := "debark"; sparams := [["car"]; ["location"]]; spre := [PAtom true "on" [(AVar 0)]; PAtom true "at-ferry" [(AVar 1)]]; sadd := [("at", [(AVar 0); (AVar 1)]); ("empty-ferry", [])]; sdel := [("on", [(AVar 0)])] |}].
Definition ferry_wf (c : Ctx) : Prop :=
  objects_distinct c.
Definition ferry_certificate (c : Ctx) : bool :=
  (andb (ferry_check_0 c) (andb (ferry_check_1 c) (andb (ferry_check_2 c) (andb (ferry_check_3 c) (andb (ferry_check_4 c) (andb (ferry_check_5 c) (andb (ferry_check_6 c) (andb (ferry_check_7 c) true)))))))).

(* childsnack: printed from heuristics/childsnack.heur by certplan; do not edit. *)
Definition childsnack_value (c : Ctx) : nat :=
  (let n_n := (count_over (List.filter (fun v_c => (goal c "served" [v_c])) (objs c "child")) (fun v_c => (negb (holds c "served" [v_c])))) in (let n_a := (count_over (List.filter (fun v_c => (andb (goal c "served" [v_c]) (andb (stat c "allergic_gluten" [v_c]) true))) (objs c "child")) (fun v_c => (negb (holds c "served" [v_c])))) in (let n_t := (count_over (objs c "sandwich") (fun v_s => (existsb (fun v_r => (holds c "ontray" [v_s; v_r])) (objs c "tray")))) in (let n_f := (count_over (objs c "sandwich") (fun v_s => (andb (holds c "no_gluten_sandwich" [v_s]) (andb (existsb (fun v_r => (holds c "ontray" [v_s; v_r])) (objs c "tray")) true)))) in (let n_k := (count_over (objs c "sandwich") (fun v_s => (holds c "at_kitchen_sandwich" [v_s]))) in (let n_g := (count_over (objs c "sandwich") (fun v_s => (andb (holds c "no_gluten_sandwich" [v_s]) (andb (holds c "at_kitchen_sandwich" [v_s]) true)))) in (let n_l := (Nat.max (Nat.sub n_a n_f) (Nat.max (Nat.sub n_n n_t) 0)) in (let n_m := (Nat.max (Nat.sub (Nat.sub n_a n_f) n_g) (Nat.max (Nat.sub n_l n_k) 0)) in (if (Nat.ltb 0 n_n) then (Nat.add n_n (Nat.add n_l (Nat.add n_m (Nat.add (count_over (List.filter (fun v_p => (negb (Nat.eqb v_p (obj c "kitchen")))) (objs c "place")) (fun v_p => (Nat.ltb (count_over (objs c "sandwich") (fun v_s => (existsb (fun v_r => (holds c "ontray" [v_s; v_r])) (List.filter (fun v_r => (holds c "at" [v_r; v_p])) (objs c "tray"))))) (count_over (List.filter (fun v_c => (andb (goal c "served" [v_c]) (andb (stat c "waiting" [v_c; v_p]) true))) (objs c "child")) (fun v_c => (negb (holds c "served" [v_c]))))))) (Nat.add (if (andb (Nat.ltb 0 n_l) (andb (negb (existsb (fun v_r => (holds c "at" [v_r; (obj c "kitchen")])) (objs c "tray"))) true)) then 1 else 0) 0))))) else 0))))))))).
Definition childsnack_dead_end (c : Ctx) : bool :=
  false.
Definition childsnack_h (c : Ctx) : option nat := if childsnack_dead_end c then None else Some (childsnack_value c).
(* check goal-children-classified *)
Definition childsnack_check_0 (c : Ctx) : bool :=
  (forallb (fun v_c => (orb (stat c "allergic_gluten" [v_c]) (orb (stat c "not_allergic_gluten" [v_c]) false))) (List.filter (fun v_c => (goal c "served" [v_c])) (objs c "child"))).
(* check allergy-classes-disjoint *)
Definition childsnack_check_1 (c : Ctx) : bool :=
  (forallb (fun v_c => (negb (andb (stat c "allergic_gluten" [v_c]) (andb (stat c "not_allergic_gluten" [v_c]) true)))) (objs c "child")).
(* check one-waiting-place *)
Definition childsnack_check_2 (c : Ctx) : bool :=
  (forallb (fun v_c => (Nat.leb (count_over (objs c "place") (fun v_p => (stat c "waiting" [v_c; v_p]))) 1)) (objs c "child")).
(* check goal-children-wait *)
Definition childsnack_check_3 (c : Ctx) : bool :=
  (forallb (fun v_c => (existsb (fun v_p => (stat c "waiting" [v_c; v_p])) (objs c "place"))) (List.filter (fun v_c => (goal c "served" [v_c])) (objs c "child"))).
(* check one-tray-place *)
Definition childsnack_check_4 (c : Ctx) : bool :=
  (forallb (fun v_t => (Nat.leb (count_over (objs c "place") (fun v_p => (init c "at" [v_t; v_p]))) 1)) (objs c "tray")).
(* check sandwich-one-place *)
Definition childsnack_check_5 (c : Ctx) : bool :=
  (forallb (fun v_s => (Nat.leb (Nat.add (if (init c "at_kitchen_sandwich" [v_s]) then 1 else 0) (Nat.add (if (init c "notexist" [v_s]) then 1 else 0) (Nat.add (count_over (objs c "tray") (fun v_t => (init c "ontray" [v_s; v_t]))) 0))) 1)) (objs c "sandwich")).
(* check kitchen-is-a-place *)
Definition childsnack_check_6 (c : Ctx) : bool :=
  (existsb (fun v_p => (Nat.eqb v_p (obj c "kitchen"))) (objs c "place")).
(* check no-gluten-free-sandwich-yet *)
Definition childsnack_check_7 (c : Ctx) : bool :=
  (forallb (fun v_s => (negb (init c "no_gluten_sandwich" [v_s]))) (objs c "sandwich")).
Definition childsnack_schemas : list Schema :=
  [{| sname := "make_sandwich_no_gluten"; sparams := [["sandwich"]; ["bread-portion"]; ["content-portion"]]; spre := [PAtom true "at_kitchen_bread" [(AVar 1)]; PAtom true "at_kitchen_content" [(AVar 2)]; PAtom true "no_gluten_bread" [(AVar 1)]; PAtom true "no_gluten_content" [(AVar 2)]; PAtom true "notexist" [(AVar 0)]]; sadd := [("at_kitchen_sandwich", [(AVar 0)]); ("no_gluten_sandwich", [(AVar 0)])]; sdel := [("at_kitchen_bread", [(AVar 1)]); ("at_kitchen_content", [(AVar 2)]); ("notexist", [(AVar 0)])] |};
   {| sname := "make_sandwich"; sparams := [["sandwich"]; ["bread-portion"]; ["content-portion"]]; spre := [PAtom true "at_kitchen_bread" [(AVar 1)]; PAtom true "at_kitchen_content" [(AVar 2)]; PAtom true "notexist" [(AVar 0)]]; sadd := [("at_kitchen_sandwich", [(AVar 0)])]; sdel := [("at_kitchen_bread", [(AVar 1)]); ("at_kitchen_content", [(AVar 2)]); ("notexist", [(AVar 0)])] |};
   {| sname := "put_on_tray"; sparams := [["sandwich"]; ["tray"]]; spre := [PAtom true "at_kitchen_sandwich" [(AVar 0)]; PAtom true "at" [(AVar 1); (AObj "kitchen")]]; sadd := [("ontray", [(AVar 0); (AVar 1)])]; sdel := [("at_kitchen_sandwich", [(AVar 0)])] |};
   {| sname := "serve_sandwich_no_gluten"; sparams := [["sandwich"]; ["child"]; ["tray"]; ["place"]]; spre := [PAtom true "allergic_gluten" [(AVar 1)]; PAtom true "ontray" [(AVar 0); (AVar 2)]; PAtom true "waiting" [(AVar 1); (AVar 3)]; PAtom true "no_gluten_sandwich" [(AVar 0)]; PAtom true "at" [(AVar 2); (AVar 3)]]; sadd := [("served", [(AVar 1)])]; sdel := [("ontray", [(AVar 0); (AVar 2)])] |};
   {| sname := "serve_sandwich"; sparams := [["sandwich"]; ["child"]; ["tray"]; ["place"]]; spre := [PAtom true "not_allergic_gluten" [(AVar 1)]; PAtom true "waiting" [(AVar 1); (AVar 3)]; PAtom true "ontray" [(AVar 0); (AVar 2)]; PAtom true "at" [(AVar 2); (AVar 3)]]; sadd := [("served", [(AVar 1)])]; sdel := [("ontray", [(AVar 0); (AVar 2)])] |};
   {| sname := "move_tray"; sparams := [["tray"]; ["place"]; ["place"]]; spre := [PAtom true "at" [(AVar 0); (AVar 1)]; PAtom false "at" [(AVar 0); (AVar 2)]]; sadd := [("at", [(AVar 0); (AVar 2)])]; sdel := [("at", [(AVar 0); (AVar 1)])] |}].
Definition childsnack_wf (c : Ctx) : Prop :=
  objects_distinct c /\ (forall ys, stat c "allergic_gluten" ys = init c "allergic_gluten" ys) /\ (forall ys, stat c "not_allergic_gluten" ys = init c "not_allergic_gluten" ys) /\ (forall ys, stat c "waiting" ys = init c "waiting" ys).
Definition childsnack_certificate (c : Ctx) : bool :=
  (andb (childsnack_check_0 c) (andb (childsnack_check_1 c) (andb (childsnack_check_2 c) (andb (childsnack_check_3 c) (andb (childsnack_check_4 c) (andb (childsnack_check_5 c) (andb (childsnack_check_6 c) (andb (childsnack_check_7 c) true)))))))).

(* floortile: printed from heuristics/floortile.heur by certplan; do not edit. *)
Definition floortile_value (c : Ctx) : nat :=
  (Nat.max (if (andb (forallb (fun v_t => (andb (andb (existsb (fun v_fx => (stat c "up" [v_t; v_fx])) (objs c "tile")) (andb (forallb (fun v_fu => (existsb (fun v_fc => (goal c "painted" [v_fu; v_fc])) (objs c "color"))) (List.filter (fun v_fu => (Nat.ltb (dist c "above" v_t v_fu) (dist_cap c "above"))) (objs c "tile"))) (andb (existsb (fun v_fu => (negb (existsb (fun v_fv => (stat c "up" [v_fv; v_fu])) (objs c "tile")))) (List.filter (fun v_fu => (Nat.ltb (dist c "above" v_t v_fu) (dist_cap c "above"))) (objs c "tile"))) true))) (andb (forallb (fun v_u => (orb (Nat.eqb v_t v_u) (orb (negb (existsb (fun v_c => (goal c "painted" [v_u; v_c])) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color")))) (orb (forallb (fun v_x => (forallb (fun v_y => (Nat.leb 2 (dist c "g" v_x v_y))) (List.filter (fun v_y => (stat c "up" [v_u; v_y])) (objs c "tile")))) (List.filter (fun v_x => (stat c "up" [v_t; v_x])) (objs c "tile"))) false)))) (List.filter (fun v_u => (existsb (fun v_c => (goal c "painted" [v_u; v_c])) (objs c "color"))) (objs c "tile"))) true))) (List.filter (fun v_t => (existsb (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))) (objs c "tile"))) (andb (forallb (fun v_t => (Nat.leb (count_over (objs c "color") (fun v_c => (goal c "painted" [v_t; v_c]))) 1)) (objs c "tile")) true)) then (let n_n := (count_over (objs c "tile") (fun v_t => (existsb (fun v_c => (negb (holds c "painted" [v_t; v_c]))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))))) in (Nat.sub (Nat.add (Nat.mul 3 n_n) (Nat.add (sum_over (objs c "robot") (fun v_r => (let n_a := (min_over (List.filter (fun v_p => (holds c "robot-at" [v_r; v_p])) (objs c "tile")) (fun v_p => (min_over (List.filter (fun v_t => (existsb (fun v_c => (negb (holds c "painted" [v_t; v_c]))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color")))) (objs c "tile")) (fun v_t => (Nat.add (min_over (List.filter (fun v_x => (stat c "up" [v_t; v_x])) (objs c "tile")) (fun v_x => (dist c "g" v_p v_x)) (dist_cap c "g")) (Nat.add (if (existsb (fun v_c => (holds c "robot-has" [v_r; v_c])) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))) then 0 else 1) 0))) 2)) 2) in (if (Nat.leb (count_over (objs c "robot") (fun v_s => true)) 1) then n_a else (Nat.min 2 n_a))))) 0)) (Nat.mul 2 (count_over (objs c "robot") (fun v_r => true))))) else 0) (Nat.max (if (andb (andb (forallb (fun v_t => (andb (andb (existsb (fun v_fx => (stat c "up" [v_t; v_fx])) (objs c "tile")) (andb (forallb (fun v_fu => (existsb (fun v_fc => (goal c "painted" [v_fu; v_fc])) (objs c "color"))) (List.filter (fun v_fu => (Nat.ltb (dist c "above" v_t v_fu) (dist_cap c "above"))) (objs c "tile"))) (andb (existsb (fun v_fu => (negb (existsb (fun v_fv => (stat c "up" [v_fv; v_fu])) (objs c "tile")))) (List.filter (fun v_fu => (Nat.ltb (dist c "above" v_t v_fu) (dist_cap c "above"))) (objs c "tile"))) true))) (andb (forallb (fun v_u => (orb (Nat.eqb v_t v_u) (orb (negb (existsb (fun v_c => (goal c "painted" [v_u; v_c])) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color")))) (orb (forallb (fun v_x => (forallb (fun v_y => (Nat.leb 2 (dist c "g" v_x v_y))) (List.filter (fun v_y => (stat c "up" [v_u; v_y])) (objs c "tile")))) (List.filter (fun v_x => (stat c "up" [v_t; v_x])) (objs c "tile"))) false)))) (List.filter (fun v_u => (existsb (fun v_c => (goal c "painted" [v_u; v_c])) (objs c "color"))) (objs c "tile"))) true))) (List.filter (fun v_t => (existsb (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))) (objs c "tile"))) (andb (forallb (fun v_t => (Nat.leb (count_over (objs c "color") (fun v_c => (goal c "painted" [v_t; v_c]))) 1)) (objs c "tile")) true)) (andb (Nat.leb (count_over (objs c "robot") (fun v_s => true)) 1) true)) then 0 else (Nat.add (count_over (objs c "tile") (fun v_t => (existsb (fun v_c => (negb (holds c "painted" [v_t; v_c]))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))))) (Nat.add (Nat.max (count_over (objs c "color") (fun v_c => (andb (existsb (fun v_t => (negb (holds c "painted" [v_t; v_c]))) (List.filter (fun v_t => (goal c "painted" [v_t; v_c])) (objs c "tile"))) (andb (negb (existsb (fun v_r => (holds c "robot-has" [v_r; v_c])) (objs c "robot"))) true)))) (Nat.max (if (Nat.leb (count_over (objs c "robot") (fun v_r => true)) 1) then (max_over (List.filter (fun v_t => (existsb (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))) (objs c "tile")) (fun v_t => (if (existsb (fun v_c => (negb (holds c "painted" [v_t; v_c]))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))) then (Nat.add (if (existsb (fun v_c => (existsb (fun v_r => (holds c "robot-has" [v_r; v_c])) (objs c "robot"))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))) then 0 else 1) (Nat.add (count_over (List.filter (fun v_x => (andb (Nat.ltb (dist c "above" v_x v_t) (dist_cap c "above")) (andb (negb (Nat.eqb v_x v_t)) (andb (existsb (fun v_u => (andb (andb (existsb (fun v_x => (stat c "up" [v_u; v_x])) (objs c "tile")) (andb (forallb (fun v_u => (existsb (fun v_c => (goal c "painted" [v_u; v_c])) (objs c "color"))) (List.filter (fun v_u => (Nat.ltb (dist c "above" v_u v_u) (dist_cap c "above"))) (objs c "tile"))) (andb (existsb (fun v_u => (negb (existsb (fun v_v => (stat c "up" [v_v; v_u])) (objs c "tile")))) (List.filter (fun v_u => (Nat.ltb (dist c "above" v_u v_u) (dist_cap c "above"))) (objs c "tile"))) true))) (andb (existsb (fun v_c => (existsb (fun v_d => (negb (Nat.eqb v_c v_d))) (List.filter (fun v_d => (goal c "painted" [v_x; v_d])) (objs c "color")))) (List.filter (fun v_c => (goal c "painted" [v_u; v_c])) (objs c "color"))) true))) (List.filter (fun v_u => (stat c "up" [v_u; v_x])) (objs c "tile"))) true)))) (objs c "tile")) (fun v_x => (andb (existsb (fun v_c => (negb (holds c "painted" [v_x; v_c]))) (List.filter (fun v_c => (goal c "painted" [v_x; v_c])) (objs c "color"))) (andb (existsb (fun v_u => (existsb (fun v_c => (negb (holds c "painted" [v_u; v_c]))) (List.filter (fun v_c => (goal c "painted" [v_u; v_c])) (objs c "color")))) (List.filter (fun v_u => (stat c "up" [v_u; v_x])) (objs c "tile"))) true)))) 0)) else 0))) else 0) 0)) (Nat.add (Nat.max (max_over (List.filter (fun v_t => (existsb (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))) (objs c "tile")) (fun v_t => (if (existsb (fun v_c => (negb (holds c "painted" [v_t; v_c]))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))) then (min_over (objs c "robot") (fun v_r => (min_over (List.filter (fun v_p => (holds c "robot-at" [v_r; v_p])) (objs c "tile")) (fun v_p => (min_over (List.filter (fun v_x => (orb (stat c "up" [v_t; v_x]) (orb (andb (negb (andb (existsb (fun v_x => (stat c "up" [v_t; v_x])) (objs c "tile")) (andb (forallb (fun v_u => (existsb (fun v_c => (goal c "painted" [v_u; v_c])) (objs c "color"))) (List.filter (fun v_u => (Nat.ltb (dist c "above" v_t v_u) (dist_cap c "above"))) (objs c "tile"))) (andb (existsb (fun v_u => (negb (existsb (fun v_v => (stat c "up" [v_v; v_u])) (objs c "tile")))) (List.filter (fun v_u => (Nat.ltb (dist c "above" v_t v_u) (dist_cap c "above"))) (objs c "tile"))) true)))) (andb (stat c "down" [v_t; v_x]) true)) false))) (objs c "tile")) (fun v_x => (dist c "g" v_p v_x)) (dist_cap c "g"))) (dist_cap c "g"))) (dist_cap c "g")) else 0))) (Nat.max (count_over (List.filter (fun v_x => (existsb (fun v_t => (andb (existsb (fun v_x => (stat c "up" [v_t; v_x])) (objs c "tile")) (andb (forallb (fun v_u => (existsb (fun v_c => (goal c "painted" [v_u; v_c])) (objs c "color"))) (List.filter (fun v_u => (Nat.ltb (dist c "above" v_t v_u) (dist_cap c "above"))) (objs c "tile"))) (andb (existsb (fun v_u => (negb (existsb (fun v_v => (stat c "up" [v_v; v_u])) (objs c "tile")))) (List.filter (fun v_u => (Nat.ltb (dist c "above" v_t v_u) (dist_cap c "above"))) (objs c "tile"))) true)))) (List.filter (fun v_t => (stat c "up" [v_t; v_x])) (objs c "tile")))) (objs c "tile")) (fun v_x => (andb (negb (existsb (fun v_r => (holds c "robot-at" [v_r; v_x])) (objs c "robot"))) (andb (existsb (fun v_t => (existsb (fun v_c => (negb (holds c "painted" [v_t; v_c]))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color")))) (List.filter (fun v_t => (stat c "up" [v_t; v_x])) (objs c "tile"))) true)))) 0)) 0)))) 0)).
Definition floortile_dead_end (c : Ctx) : bool :=
  (orb (existsb (fun v_t => (existsb (fun v_c => (andb (negb (holds c "painted" [v_t; v_c])) (andb (existsb (fun v_d => (holds c "painted" [v_t; v_d])) (objs c "color")) true))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color")))) (objs c "tile")) (orb (existsb (fun v_t => (existsb (fun v_c => (andb (negb (holds c "painted" [v_t; v_c])) (andb (negb (stat c "available-color" [v_c])) (andb (negb (existsb (fun v_r => (holds c "robot-has" [v_r; v_c])) (objs c "robot"))) true)))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color")))) (objs c "tile")) (orb (existsb (fun v_t => (andb (existsb (fun v_c => (negb (holds c "painted" [v_t; v_c]))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))) (andb (forallb (fun v_x => (existsb (fun v_c => (holds c "painted" [v_x; v_c])) (objs c "color"))) (List.filter (fun v_x => (orb (stat c "up" [v_t; v_x]) (orb (andb (negb (andb (existsb (fun v_x => (stat c "up" [v_t; v_x])) (objs c "tile")) (andb (forallb (fun v_u => (existsb (fun v_c => (goal c "painted" [v_u; v_c])) (objs c "color"))) (List.filter (fun v_u => (Nat.ltb (dist c "above" v_t v_u) (dist_cap c "above"))) (objs c "tile"))) (andb (existsb (fun v_u => (negb (existsb (fun v_v => (stat c "up" [v_v; v_u])) (objs c "tile")))) (List.filter (fun v_u => (Nat.ltb (dist c "above" v_t v_u) (dist_cap c "above"))) (objs c "tile"))) true)))) (andb (stat c "down" [v_t; v_x]) true)) false))) (objs c "tile"))) true))) (List.filter (fun v_t => (existsb (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))) (objs c "tile"))) false))).
Definition floortile_h (c : Ctx) : option nat := if floortile_dead_end c then None else Some (floortile_value c).
(* check one-position-per-robot *)
Definition floortile_check_0 (c : Ctx) : bool :=
  (forallb (fun v_r => (Nat.leb (count_over (objs c "tile") (fun v_t => (init c "robot-at" [v_r; v_t]))) 1)) (objs c "robot")).
(* check one-color-per-robot *)
Definition floortile_check_1 (c : Ctx) : bool :=
  (forallb (fun v_r => (Nat.leb (count_over (objs c "color") (fun v_c => (init c "robot-has" [v_r; v_c]))) 1)) (objs c "robot")).
(* check one-robot-per-tile *)
Definition floortile_check_2 (c : Ctx) : bool :=
  (forallb (fun v_t => (Nat.leb (count_over (objs c "robot") (fun v_r => (init c "robot-at" [v_r; v_t]))) 1)) (objs c "tile")).
(* check occupied-tiles-not-clear *)
Definition floortile_check_3 (c : Ctx) : bool :=
  (forallb (fun v_r => (forallb (fun v_t => (negb (andb (init c "robot-at" [v_r; v_t]) (andb (init c "clear" [v_t]) true)))) (objs c "tile"))) (objs c "robot")).
(* check occupied-tiles-not-painted *)
Definition floortile_check_4 (c : Ctx) : bool :=
  (forallb (fun v_r => (forallb (fun v_t => (forallb (fun v_c => (negb (init c "painted" [v_t; v_c]))) (objs c "color"))) (List.filter (fun v_t => (init c "robot-at" [v_r; v_t])) (objs c "tile")))) (objs c "robot")).
(* check clear-tiles-unpainted *)
Definition floortile_check_5 (c : Ctx) : bool :=
  (forallb (fun v_t => (forallb (fun v_c => (negb (init c "painted" [v_t; v_c]))) (objs c "color"))) (List.filter (fun v_t => (init c "clear" [v_t])) (objs c "tile"))).
(* check one-goal-color-per-tile *)
Definition floortile_check_6 (c : Ctx) : bool :=
  (forallb (fun v_t => (Nat.leb (count_over (objs c "color") (fun v_c => (goal c "painted" [v_t; v_c]))) 1)) (objs c "tile")).
(* check one-tile-below-each *)
Definition floortile_check_7 (c : Ctx) : bool :=
  (forallb (fun v_t => (Nat.leb (count_over (objs c "tile") (fun v_x => (stat c "up" [v_t; v_x]))) 1)) (objs c "tile")).
(* check one-tile-above-each *)
Definition floortile_check_8 (c : Ctx) : bool :=
  (forallb (fun v_x => (Nat.leb (count_over (objs c "tile") (fun v_t => (stat c "up" [v_t; v_x]))) 1)) (objs c "tile")).
(* check down-reverses-up *)
Definition floortile_check_9 (c : Ctx) : bool :=
  (forallb (fun v_t => (forallb (fun v_x => (stat c "up" [v_x; v_t])) (List.filter (fun v_x => (stat c "down" [v_t; v_x])) (objs c "tile")))) (objs c "tile")).
(* check a-tile-without-goal *)
Definition floortile_check_10 (c : Ctx) : bool :=
  (existsb (fun v_t => (negb (existsb (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color")))) (objs c "tile")).
Definition floortile_schemas : list Schema :=
  [{| sname := "change_color"; sparams := [["robot"]; ["color"]; ["color"]]; spre := [PAtom true "robot-has" [(AVar 0); (AVar 1)]; PAtom true "available-color" [(AVar 2)]]; sadd := [("robot-has", [(AVar 0); (AVar 2)])]; sdel := [("robot-has", [(AVar 0); (AVar 1)])] |};
   {| sname := "paint_up"; sparams := [["robot"]; ["tile"]; ["tile"]; ["color"]]; spre := [PAtom true "robot-has" [(AVar 0); (AVar 3)]; PAtom true "robot-at" [(AVar 0); (AVar 2)]; PAtom true "up" [(AVar 1); (AVar 2)]; PAtom true "clear" [(AVar 1)]]; sadd := [("painted", [(AVar 1); (AVar 3)])]; sdel := [("clear", [(AVar 1)])] |};
   {| sname := "paint_down"; sparams := [["robot"]; ["tile"]; ["tile"]; ["color"]]; spre := [PAtom true "robot-has" [(AVar 0); (AVar 3)]; PAtom true "robot-at" [(AVar 0); (AVar 2)]; PAtom true "down" [(AVar 1); (AVar 2)]; PAtom true "clear" [(AVar 1)]]; sadd := [("painted", [(AVar 1); (AVar 3)])]; sdel := [("clear", [(AVar 1)])] |};
   {| sname := "move_up"; sparams := [["robot"]; ["tile"]; ["tile"]]; spre := [PAtom true "robot-at" [(AVar 0); (AVar 1)]; PAtom true "up" [(AVar 2); (AVar 1)]; PAtom true "clear" [(AVar 2)]]; sadd := [("robot-at", [(AVar 0); (AVar 2)]); ("clear", [(AVar 1)])]; sdel := [("robot-at", [(AVar 0); (AVar 1)]); ("clear", [(AVar 2)])] |};
   {| sname := "move_down"; sparams := [["robot"]; ["tile"]; ["tile"]]; spre := [PAtom true "robot-at" [(AVar 0); (AVar 1)]; PAtom true "down" [(AVar 2); (AVar 1)]; PAtom true "clear" [(AVar 2)]]; sadd := [("robot-at", [(AVar 0); (AVar 2)]); ("clear", [(AVar 1)])]; sdel := [("robot-at", [(AVar 0); (AVar 1)]); ("clear", [(AVar 2)])] |};
   {| sname := "move_right"; sparams := [["robot"]; ["tile"]; ["tile"]]; spre := [PAtom true "robot-at" [(AVar 0); (AVar 1)]; PAtom true "right" [(AVar 2); (AVar 1)]; PAtom true "clear" [(AVar 2)]]; sadd := [("robot-at", [(AVar 0); (AVar 2)]); ("clear", [(AVar 1)])]; sdel := [("robot-at", [(AVar 0); (AVar 1)]); ("clear", [(AVar 2)])] |};
   {| sname := "move_left"; sparams := [["robot"]; ["tile"]; ["tile"]]; spre := [PAtom true "robot-at" [(AVar 0); (AVar 1)]; PAtom true "left" [(AVar 2); (AVar 1)]; PAtom true "clear" [(AVar 2)]]; sadd := [("robot-at", [(AVar 0); (AVar 2)]); ("clear", [(AVar 1)])]; sdel := [("robot-at", [(AVar 0); (AVar 1)]); ("clear", [(AVar 2)])] |}].
Definition floortile_wf (c : Ctx) : Prop :=
  objects_distinct c /\ (forall ys, stat c "up" ys = init c "up" ys) /\ (forall ys, stat c "down" ys = init c "down" ys) /\ (forall ys, stat c "right" ys = init c "right" ys) /\ (forall ys, stat c "left" ys = init c "left" ys) /\ (forall ys, stat c "available-color" ys = init c "available-color" ys) /\ (forall x, In x (objs c "tile") -> dist c "g" x x = 0 /\ 0 < dist_cap c "g") /\
  (forall x y, In x (objs c "tile") -> In y (objs c "tile") -> dist c "g" x y <= dist_cap c "g") /\
  (forall u v t, In u (objs c "tile") -> In v (objs c "tile") -> In t (objs c "tile") -> (stat c "up" [v; u] = true \/ stat c "down" [v; u] = true \/ stat c "right" [v; u] = true \/ stat c "left" [v; u] = true) ->
     dist c "g" u t <= 1 + dist c "g" v t /\ (dist c "g" v t < dist_cap c "g" -> dist c "g" u t < dist_cap c "g")) /\ (forall u t, In u (objs c "tile") -> In t (objs c "tile") -> u <> t -> dist c "g" u t < dist_cap c "g" ->
     exists v, In v (objs c "tile") /\ (stat c "up" [v; u] = true \/ stat c "down" [v; u] = true \/ stat c "right" [v; u] = true \/ stat c "left" [v; u] = true) /\ dist c "g" v t < dist_cap c "g" /\ dist c "g" u t = 1 + dist c "g" v t) /\ (forall x, In x (objs c "tile") -> dist c "above" x x = 0 /\ 0 < dist_cap c "above") /\
  (forall x y, In x (objs c "tile") -> In y (objs c "tile") -> dist c "above" x y <= dist_cap c "above") /\
  (forall u v t, In u (objs c "tile") -> In v (objs c "tile") -> In t (objs c "tile") -> (stat c "up" [v; u] = true) ->
     dist c "above" u t <= 1 + dist c "above" v t /\ (dist c "above" v t < dist_cap c "above" -> dist c "above" u t < dist_cap c "above")) /\ (forall u t, In u (objs c "tile") -> In t (objs c "tile") -> u <> t -> dist c "above" u t < dist_cap c "above" ->
     exists v, In v (objs c "tile") /\ (stat c "up" [v; u] = true) /\ dist c "above" v t < dist_cap c "above" /\ dist c "above" u t = 1 + dist c "above" v t).
Definition floortile_certificate (c : Ctx) : bool :=
  (andb (floortile_check_0 c) (andb (floortile_check_1 c) (andb (floortile_check_2 c) (andb (floortile_check_3 c) (andb (floortile_check_4 c) (andb (floortile_check_5 c) (andb (floortile_check_6 c) (andb (floortile_check_7 c) (andb (floortile_check_8 c) (andb (floortile_check_9 c) (andb (floortile_check_10 c) true))))))))))).

(* satellite: printed from heuristics/satellite.heur by certplan; do not edit. *)
Definition satellite_value (c : Ctx) : nat :=
  (Nat.add (sum_over (objs c "direction") (fun v_d => (count_over (List.filter (fun v_m => (goal c "have_image" [v_d; v_m])) (objs c "mode")) (fun v_m => (negb (holds c "have_image" [v_d; v_m])))))) (Nat.add (sum_over (objs c "satellite") (fun v_s => (count_over (List.filter (fun v_d => (goal c "pointing" [v_s; v_d])) (objs c "direction")) (fun v_d => (negb (holds c "pointing" [v_s; v_d])))))) (Nat.add (count_over (objs c "direction") (fun v_d => (andb (negb (existsb (fun v_s => (negb (holds c "pointing" [v_s; v_d]))) (List.filter (fun v_s => (goal c "pointing" [v_s; v_d])) (objs c "satellite")))) (andb (existsb (fun v_m => (andb (negb (holds c "have_image" [v_d; v_m])) (andb (negb (existsb (fun v_s => (existsb (fun v_i => (andb (stat c "supports" [v_i; v_m]) (andb (orb (andb (holds c "power_on" [v_i]) (andb (holds c "calibrated" [v_i]) true)) (orb (stat c "calibration_target" [v_i; v_d]) false)) true))) (List.filter (fun v_i => (stat c "on_board" [v_i; v_s])) (objs c "instrument")))) (List.filter (fun v_s => (holds c "pointing" [v_s; v_d])) (objs c "satellite")))) true))) (List.filter (fun v_m => (goal c "have_image" [v_d; v_m])) (objs c "mode"))) true)))) (Nat.add (if (negb (existsb (fun v_m => (andb (existsb (fun v_d => (negb (holds c "have_image" [v_d; v_m]))) (List.filter (fun v_d => (goal c "have_image" [v_d; v_m])) (objs c "direction"))) (andb (negb (existsb (fun v_i => (andb (holds c "power_on" [v_i]) (andb (holds c "calibrated" [v_i]) true))) (List.filter (fun v_i => (stat c "supports" [v_i; v_m])) (objs c "instrument")))) true))) (objs c "mode"))) then 0 else (if (existsb (fun v_i => (andb (existsb (fun v_s => (stat c "on_board" [v_i; v_s])) (objs c "satellite")) (andb (forallb (fun v_m => (orb (stat c "supports" [v_i; v_m]) (orb (negb (existsb (fun v_d => (negb (holds c "have_image" [v_d; v_m]))) (List.filter (fun v_d => (goal c "have_image" [v_d; v_m])) (objs c "direction")))) (orb (existsb (fun v_j => (andb (holds c "power_on" [v_j]) (andb (holds c "calibrated" [v_j]) true))) (List.filter (fun v_j => (stat c "supports" [v_j; v_m])) (objs c "instrument"))) false)))) (objs c "mode")) true))) (objs c "instrument")) then 1 else 2)) (Nat.add (if (negb (existsb (fun v_m => (andb (existsb (fun v_d => (negb (holds c "have_image" [v_d; v_m]))) (List.filter (fun v_d => (goal c "have_image" [v_d; v_m])) (objs c "direction"))) (andb (negb (existsb (fun v_i => (holds c "power_on" [v_i])) (List.filter (fun v_i => (stat c "supports" [v_i; v_m])) (objs c "instrument")))) true))) (objs c "mode"))) then 0 else (if (existsb (fun v_i => (andb (existsb (fun v_s => (stat c "on_board" [v_i; v_s])) (objs c "satellite")) (andb (forallb (fun v_m => (orb (stat c "supports" [v_i; v_m]) (orb (negb (existsb (fun v_d => (negb (holds c "have_image" [v_d; v_m]))) (List.filter (fun v_d => (goal c "have_image" [v_d; v_m])) (objs c "direction")))) (orb (existsb (fun v_j => (holds c "power_on" [v_j])) (List.filter (fun v_j => (stat c "supports" [v_j; v_m])) (objs c "instrument"))) false)))) (objs c "mode")) true))) (objs c "instrument")) then 1 else 2)) (Nat.add (if (existsb (fun v_m => (andb (existsb (fun v_d => (negb (holds c "have_image" [v_d; v_m]))) (List.filter (fun v_d => (goal c "have_image" [v_d; v_m])) (objs c "direction"))) (andb (negb (existsb (fun v_i => (holds c "power_on" [v_i])) (List.filter (fun v_i => (stat c "supports" [v_i; v_m])) (objs c "instrument")))) (andb (forallb (fun v_i => (forallb (fun v_s => (negb (holds c "power_avail" [v_s]))) (List.filter (fun v_s => (stat c "on_board" [v_i; v_s])) (objs c "satellite")))) (List.filter (fun v_i => (stat c "supports" [v_i; v_m])) (objs c "instrument"))) true)))) (objs c "mode")) then 1 else 0) 0)))))).
Definition satellite_dead_end (c : Ctx) : bool :=
  (existsb (fun v_d => (existsb (fun v_m => (andb (negb (holds c "have_image" [v_d; v_m])) (andb (negb (existsb (fun v_i => (existsb (fun v_s => (stat c "on_board" [v_i; v_s])) (objs c "satellite"))) (List.filter (fun v_i => (stat c "supports" [v_i; v_m])) (objs c "instrument")))) true))) (List.filter (fun v_m => (goal c "have_image" [v_d; v_m])) (objs c "mode")))) (objs c "direction")).
Definition satellite_h (c : Ctx) : option nat := if satellite_dead_end c then None else Some (satellite_value c).
(* check one-carrier-per-instrument *)
Definition satellite_check_0 (c : Ctx) : bool :=
  (forallb (fun v_i => (Nat.leb (count_over (objs c "satellite") (fun v_s => (init c "on_board" [v_i; v_s]))) 1)) (objs c "instrument")).
(* check one-direction-per-satellite *)
Definition satellite_check_1 (c : Ctx) : bool :=
  (forallb (fun v_s => (Nat.leb (count_over (objs c "direction") (fun v_d => (init c "pointing" [v_s; v_d]))) 1)) (objs c "satellite")).
Definition satellite_schemas : list Schema :=
  [{| sname := "turn_to"; sparams := [["satellite"]; ["direction"]; ["direction"]]; spre := [PAtom true "pointing" [(AVar 0); (AVar 2)]; PAtom false "pointing" [(AVar 0); (AVar 1)]]; sadd := [("pointing", [(AVar 0); (AVar 1)])]; sdel := [("pointing", [(AVar 0); (AVar 2)])] |};
   {| sname := "switch_on"; sparams := [["instrument"]; ["satellite"]]; spre := [PAtom true "on_board" [(AVar 0); (AVar 1)]; PAtom true "power_avail" [(AVar 1)]]; sadd := [("power_on", [(AVar 0)])]; sdel := [("calibrated", [(AVar 0)]); ("power_avail", [(AVar 1)])] |};
   {| sname := "switch_off"; sparams := [["instrument"]; ["satellite"]]; spre := [PAtom true "on_board" [(AVar 0); (AVar 1)]; PAtom true "power_on" [(AVar 0)]]; sadd := [("power_avail", [(AVar 1)])]; sdel := [("power_on", [(AVar 0)])] |};
   {| sname := "calibrate"; sparams := [["satellite"]; ["instrument"]; ["direction"]]; spre := [PAtom true "on_board" [(AVar 1); (AVar 0)]; PAtom true "calibration_target" [(AVar 1); (AVar 2)]; PAtom true "pointing" [(AVar 0); (AVar 2)]; PAtom true "power_on" [(AVar 1)]]; sadd := [("calibrated", [(AVar 1)])]; sdel := [] |};
   {| sname := "take_image"; sparams := [["satellite"]; ["direction"]; ["instrument"]; ["mode"]]; spre := [PAtom true "calibrated" [(AVar 2)]; PAtom true "on_board" [(AVar 2); (AVar 0)]; PAtom true "supports" [(AVar 2); (AVar 3)]; PAtom true "power_on" [(AVar 2)]; PAtom true "pointing" [(AVar 0); (AVar 1)]]; sadd := [("have_image", [(AVar 1); (AVar 3)])]; sdel := [] |}].
Definition satellite_wf (c : Ctx) : Prop :=
  objects_distinct c /\ (forall ys, stat c "on_board" ys = init c "on_board" ys) /\ (forall ys, stat c "supports" ys = init c "supports" ys) /\ (forall ys, stat c "calibration_target" ys = init c "calibration_target" ys).
Definition satellite_certificate (c : Ctx) : bool :=
  (andb (satellite_check_0 c) (andb (satellite_check_1 c) true)).

(* rovers: printed from heuristics/rovers.heur by certplan; do not edit. *)
Definition rovers_value (c : Ctx) : nat :=
  (let n_soil := (count_over (List.filter (fun v_w => (goal c "communicated_soil_data" [v_w])) (objs c "waypoint")) (fun v_w => (andb (negb (holds c "communicated_soil_data" [v_w])) (andb (negb (existsb (fun v_r => (holds c "have_soil_analysis" [v_r; v_w])) (objs c "rover"))) true)))) in (let n_rock := (count_over (List.filter (fun v_w => (goal c "communicated_rock_data" [v_w])) (objs c "waypoint")) (fun v_w => (andb (negb (holds c "communicated_rock_data" [v_w])) (andb (negb (existsb (fun v_r => (holds c "have_rock_analysis" [v_r; v_w])) (objs c "rover"))) true)))) in (let n_images := (sum_over (objs c "objective") (fun v_o => (count_over (List.filter (fun v_m => (goal c "communicated_image_data" [v_o; v_m])) (objs c "mode")) (fun v_m => (andb (negb (holds c "communicated_image_data" [v_o; v_m])) (andb (negb (existsb (fun v_r => (holds c "have_image" [v_r; v_o; v_m])) (objs c "rover"))) true)))))) in (Nat.add (count_over (List.filter (fun v_w => (goal c "communicated_soil_data" [v_w])) (objs c "waypoint")) (fun v_w => (negb (holds c "communicated_soil_data" [v_w])))) (Nat.add (count_over (List.filter (fun v_w => (goal c "communicated_rock_data" [v_w])) (objs c "waypoint")) (fun v_w => (negb (holds c "communicated_rock_data" [v_w])))) (Nat.add (sum_over (objs c "objective") (fun v_o => (count_over (List.filter (fun v_m => (goal c "communicated_image_data" [v_o; v_m])) (objs c "mode")) (fun v_m => (negb (holds c "communicated_image_data" [v_o; v_m])))))) (Nat.add n_soil (Nat.add n_rock (Nat.add n_images (Nat.add (Nat.sub n_images (sum_over (objs c "camera") (fun v_c => (count_over (List.filter (fun v_r => (stat c "on_board" [v_c; v_r])) (objs c "rover")) (fun v_r => (holds c "calibrated" [v_c; v_r])))))) (Nat.add (Nat.sub (Nat.add n_soil (Nat.add n_rock 0)) (count_over (objs c "store") (fun v_s => (holds c "empty" [v_s])))) (Nat.add (Nat.max (Nat.max (max_over (List.filter (fun v_w => (goal c "communicated_soil_data" [v_w])) (objs c "waypoint")) (fun v_w => (if (holds c "communicated_soil_data" [v_w]) then 0 else (if (existsb (fun v_r => (holds c "have_soil_analysis" [v_r; v_w])) (objs c "rover")) then (min_over (List.filter (fun v_r => (holds c "have_soil_analysis" [v_r; v_w])) (objs c "rover")) (fun v_r => (min_over (List.filter (fun v_p => (holds c "at" [v_r; v_p])) (objs c "waypoint")) (fun v_p => (min_over (List.filter (fun v_x => (existsb (fun v_l => (existsb (fun v_y => (stat c "visible" [v_x; v_y])) (List.filter (fun v_y => (stat c "at_lander" [v_l; v_y])) (objs c "waypoint")))) (objs c "lander"))) (objs c "waypoint")) (fun v_x => (dist_by c "g" v_r v_p v_x)) (dist_cap c "g"))) (dist_cap c "g"))) (dist_cap c "g")) else (min_over (List.filter (fun v_r => (stat c "equipped_for_soil_analysis" [v_r])) (objs c "rover")) (fun v_r => (min_over (List.filter (fun v_p => (holds c "at" [v_r; v_p])) (objs c "waypoint")) (fun v_p => (Nat.add (dist_by c "g" v_r v_p v_w) (Nat.add (min_over (List.filter (fun v_x => (existsb (fun v_l => (existsb (fun v_y => (stat c "visible" [v_x; v_y])) (List.filter (fun v_y => (stat c "at_lander" [v_l; v_y])) (objs c "waypoint")))) (objs c "lander"))) (objs c "waypoint")) (fun v_x => (dist_by c "g" v_r v_w v_x)) (dist_cap c "g")) 0))) (dist_cap c "g"))) (dist_cap c "g")))))) (Nat.max (max_over (List.filter (fun v_w => (goal c "communicated_rock_data" [v_w])) (objs c "waypoint")) (fun v_w => (if (holds c "communicated_rock_data" [v_w]) then 0 else (if (existsb (fun v_r => (holds c "have_rock_analysis" [v_r; v_w])) (objs c "rover")) then (min_over (List.filter (fun v_r => (holds c "have_rock_analysis" [v_r; v_w])) (objs c "rover")) (fun v_r => (min_over (List.filter (fun v_p => (holds c "at" [v_r; v_p])) (objs c "waypoint")) (fun v_p => (min_over (List.filter (fun v_x => (existsb (fun v_l => (existsb (fun v_y => (stat c "visible" [v_x; v_y])) (List.filter (fun v_y => (stat c "at_lander" [v_l; v_y])) (objs c "waypoint")))) (objs c "lander"))) (objs c "waypoint")) (fun v_x => (dist_by c "g" v_r v_p v_x)) (dist_cap c "g"))) (dist_cap c "g"))) (dist_cap c "g")) else (min_over (List.filter (fun v_r => (stat c "equipped_for_rock_analysis" [v_r])) (objs c "rover")) (fun v_r => (min_over (List.filter (fun v_p => (holds c "at" [v_r; v_p])) (objs c "waypoint")) (fun v_p => (Nat.add (dist_by c "g" v_r v_p v_w) (Nat.add (min_over (List.filter (fun v_x => (existsb (fun v_l => (existsb (fun v_y => (stat c "visible" [v_x; v_y])) (List.filter (fun v_y => (stat c "at_lander" [v_l; v_y])) (objs c "waypoint")))) (objs c "lander"))) (objs c "waypoint")) (fun v_x => (dist_by c "g" v_r v_w v_x)) (dist_cap c "g")) 0))) (dist_cap c "g"))) (dist_cap c "g")))))) (Nat.max (max_over (objs c "objective") (fun v_o => (max_over (List.filter (fun v_m => (goal c "communicated_image_data" [v_o; v_m])) (objs c "mode")) (fun v_m => (if (holds c "communicated_image_data" [v_o; v_m]) then 0 else (Nat.min (min_over (List.filter (fun v_r => (holds c "have_image" [v_r; v_o; v_m])) (objs c "rover")) (fun v_r => (min_over (List.filter (fun v_p => (holds c "at" [v_r; v_p])) (objs c "waypoint")) (fun v_p => (min_over (List.filter (fun v_x => (existsb (fun v_l => (existsb (fun v_y => (stat c "visible" [v_x; v_y])) (List.filter (fun v_y => (stat c "at_lander" [v_l; v_y])) (objs c "waypoint")))) (objs c "lander"))) (objs c "waypoint")) (fun v_x => (dist_by c "g" v_r v_p v_x)) (dist_cap c "g"))) (dist_cap c "g"))) (dist_cap c "g")) (min_over (List.filter (fun v_r => (stat c "equipped_for_imaging" [v_r])) (objs c "rover")) (fun v_r => (if (existsb (fun v_c => (stat c "supports" [v_c; v_m])) (List.filter (fun v_c => (stat c "on_board" [v_c; v_r])) (objs c "camera"))) then (min_over (List.filter (fun v_p => (holds c "at" [v_r; v_p])) (objs c "waypoint")) (fun v_p => (min_over (List.filter (fun v_q => (stat c "visible_from" [v_o; v_q])) (objs c "waypoint")) (fun v_q => (Nat.add (dist_by c "g" v_r v_p v_q) (Nat.add (min_over (List.filter (fun v_x => (existsb (fun v_l => (existsb (fun v_y => (stat c "visible" [v_x; v_y])) (List.filter (fun v_y => (stat c "at_lander" [v_l; v_y])) (objs c "waypoint")))) (objs c "lander"))) (objs c "waypoint")) (fun v_x => (dist_by c "g" v_r v_q v_x)) (dist_cap c "g")) 0))) (dist_cap c "g"))) (dist_cap c "g")) else (dist_cap c "g"))) (dist_cap c "g")))))))) 0))) (Nat.max (let n_unvisited := (Nat.add (count_over (objs c "waypoint") (fun v_w => (andb (negb (existsb (fun v_r => (holds c "at" [v_r; v_w])) (objs c "rover"))) (andb (orb (andb (goal c "communicated_soil_data" [v_w]) (andb (negb (holds c "communicated_soil_data" [v_w])) (andb (negb (existsb (fun v_r => (holds c "have_soil_analysis" [v_r; v_w])) (objs c "rover"))) true))) (orb (andb (goal c "communicated_rock_data" [v_w]) (andb (negb (holds c "communicated_rock_data" [v_w])) (andb (negb (existsb (fun v_r => (holds c "have_rock_analysis" [v_r; v_w])) (objs c "rover"))) true))) false)) true)))) 0) in (let n_comm_needed := (if (andb (orb (existsb (fun v_w => (negb (holds c "communicated_soil_data" [v_w]))) (List.filter (fun v_w => (goal c "communicated_soil_data" [v_w])) (objs c "waypoint"))) (orb (existsb (fun v_w => (negb (holds c "communicated_rock_data" [v_w]))) (List.filter (fun v_w => (goal c "communicated_rock_data" [v_w])) (objs c "waypoint"))) (orb (existsb (fun v_o => (existsb (fun v_m => (negb (holds c "communicated_image_data" [v_o; v_m]))) (List.filter (fun v_m => (goal c "communicated_image_data" [v_o; v_m])) (objs c "mode")))) (objs c "objective")) false))) (andb (negb (existsb (fun v_x => (orb (existsb (fun v_r => (holds c "at" [v_r; v_x])) (objs c "rover")) (orb (andb (goal c "communicated_soil_data" [v_x]) (andb (negb (holds c "communicated_soil_data" [v_x])) (andb (negb (existsb (fun v_r => (holds c "have_soil_analysis" [v_r; v_x])) (objs c "rover"))) true))) (orb (andb (goal c "communicated_rock_data" [v_x]) (andb (negb (holds c "communicated_rock_data" [v_x])) (andb (negb (existsb (fun v_r => (holds c "have_rock_analysis" [v_r; v_x])) (objs c "rover"))) true))) false)))) (List.filter (fun v_x => (existsb (fun v_l => (existsb (fun v_y => (stat c "visible" [v_x; v_y])) (List.filter (fun v_y => (stat c "at_lander" [v_l; v_y])) (objs c "waypoint")))) (objs c "lander"))) (objs c "waypoint")))) true)) then 1 else 0) in (Nat.add n_unvisited (Nat.add n_comm_needed 0)))) 0)) 0)))))))))))).
Definition rovers_dead_end (c : Ctx) : bool :=
  (orb (existsb (fun v_w => (andb (negb (holds c "communicated_soil_data" [v_w])) (andb (negb (existsb (fun v_r => (holds c "have_soil_analysis" [v_r; v_w])) (objs c "rover"))) (andb (orb (negb (holds c "at_soil_sample" [v_w])) (orb (negb (existsb (fun v_r => (stat c "equipped_for_soil_analysis" [v_r])) (objs c "rover"))) false)) true)))) (List.filter (fun v_w => (goal c "communicated_soil_data" [v_w])) (objs c "waypoint"))) (orb (existsb (fun v_w => (andb (negb (holds c "communicated_rock_data" [v_w])) (andb (negb (existsb (fun v_r => (holds c "have_rock_analysis" [v_r; v_w])) (objs c "rover"))) (andb (orb (negb (holds c "at_rock_sample" [v_w])) (orb (negb (existsb (fun v_r => (stat c "equipped_for_rock_analysis" [v_r])) (objs c "rover"))) false)) true)))) (List.filter (fun v_w => (goal c "communicated_rock_data" [v_w])) (objs c "waypoint"))) (orb (existsb (fun v_o => (existsb (fun v_m => (andb (negb (holds c "communicated_image_data" [v_o; v_m])) (andb (negb (existsb (fun v_r => (holds c "have_image" [v_r; v_o; v_m])) (objs c "rover"))) (andb (negb (existsb (fun v_r => (existsb (fun v_c => (stat c "supports" [v_c; v_m])) (List.filter (fun v_c => (stat c "on_board" [v_c; v_r])) (objs c "camera")))) (List.filter (fun v_r => (stat c "equipped_for_imaging" [v_r])) (objs c "rover")))) true)))) (List.filter (fun v_m => (goal c "communicated_image_data" [v_o; v_m])) (objs c "mode")))) (objs c "objective")) false))).
Definition rovers_h (c : Ctx) : option nat := if rovers_dead_end c then None else Some (rovers_value c).
(* check one-position-per-rover *)
Definition rovers_check_0 (c : Ctx) : bool :=
  (forallb (fun v_r => (Nat.leb (count_over (objs c "waypoint") (fun v_w => (init c "at" [v_r; v_w]))) 1)) (objs c "rover")).
(* check held-soil-sample-gone *)
Definition rovers_check_1 (c : Ctx) : bool :=
  (forallb (fun v_w => (negb (andb (init c "at_soil_sample" [v_w]) (andb (existsb (fun v_r => (init c "have_soil_analysis" [v_r; v_w])) (objs c "rover")) true)))) (objs c "waypoint")).
(* check held-rock-sample-gone *)
Definition rovers_check_2 (c : Ctx) : bool :=
  (forallb (fun v_w => (negb (andb (init c "at_rock_sample" [v_w]) (andb (existsb (fun v_r => (init c "have_rock_analysis" [v_r; v_w])) (objs c "rover")) true)))) (objs c "waypoint")).
Definition rovers_schemas : list Schema :=
  [{| sname := "navigate"; sparams := [["rover"]; ["waypoint"]; ["waypoint"]]; spre := [PAtom true "can_traverse" [(AVar 0); (AVar 1); (AVar 2)]; PAtom true "at" [(AVar 0); (AVar 1)]; PAtom true "visible" [(AVar 1); (AVar 2)]]; sadd := [("at", [(AVar 0); (AVar 2)])]; sdel := [("at", [(AVar 0); (AVar 1)])] |};
   {| sname := "sample_soil"; sparams := [["rover"]; ["store"]; ["waypoint"]]; spre := [PAtom true "at" [(AVar 0); (AVar 2)]; PAtom true "at_soil_sample" [(AVar 2)]; PAtom true "equipped_for_soil_analysis" [(AVar 0)]; PAtom true "store_of" [(AVar 1); (AVar 0)]; PAtom true "empty" [(AVar 1)]]; sadd := [("full", [(AVar 1)]); ("have_soil_analysis", [(AVar 0); (AVar 2)])]; sdel := [("empty", [(AVar 1)]); ("at_soil_sample", [(AVar 2)])] |};
   {| sname := "sample_rock"; sparams := [["rover"]; ["store"]; ["waypoint"]]; spre := [PAtom true "at" [(AVar 0); (AVar 2)]; PAtom true "at_rock_sample" [(AVar 2)]; PAtom true "equipped_for_rock_analysis" [(AVar 0)]; PAtom true "store_of" [(AVar 1); (AVar 0)]; PAtom true "empty" [(AVar 1)]]; sadd := [("full", [(AVar 1)]); ("have_rock_analysis", [(AVar 0); (AVar 2)])]; sdel := [("empty", [(AVar 1)]); ("at_rock_sample", [(AVar 2)])] |};
   {| sname := "drop"; sparams := [["rover"]; ["store"]]; spre := [PAtom true "store_of" [(AVar 1); (AVar 0)]; PAtom true "full" [(AVar 1)]]; sadd := [("empty", [(AVar 1)])]; sdel := [("full", [(AVar 1)])] |};
   {| sname := "calibrate"; sparams := [["rover"]; ["camera"]; ["objective"]; ["waypoint"]]; spre := [PAtom true "equipped_for_imaging" [(AVar 0)]; PAtom true "calibration_target" [(AVar 1); (AVar 2)]; PAtom true "at" [(AVar 0); (AVar 3)]; PAtom true "visible_from" [(AVar 2); (AVar 3)]; PAtom true "on_board" [(AVar 1); (AVar 0)]]; sadd := [("calibrated", [(AVar 1); (AVar 0)])]; sdel := [] |};
   {| sname := "take_image"; sparams := [["rover"]; ["waypoint"]; ["objective"]; ["camera"]; ["mode"]]; spre := [PAtom true "calibrated" [(AVar 3); (AVar 0)]; PAtom true "on_board" [(AVar 3); (AVar 0)]; PAtom true "equipped_for_imaging" [(AVar 0)]; PAtom true "supports" [(AVar 3); (AVar 4)]; PAtom true "visible_from" [(AVar 2); (AVar 1)]; PAtom true "at" [(AVar 0); (AVar 1)]]; sadd := [("have_image", [(AVar 0); (AVar 2); (AVar 4)])]; sdel := [("calibrated", [(AVar 3); (AVar 0)])] |};
   {| sname := "communicate_soil_data"; sparams := [["rover"]; ["lander"]; ["waypoint"]; ["waypoint"]; ["waypoint"]]; spre := [PAtom true "at" [(AVar 0); (AVar 3)]; PAtom true "at_lander" [(AVar 1); (AVar 4)]; PAtom true "have_soil_analysis" [(AVar 0); (AVar 2)]; PAtom true "visible" [(AVar 3); (AVar 4)]]; sadd := [("communicated_soil_data", [(AVar 2)])]; sdel := [] |};
   {| sname := "communicate_rock_data"; sparams := [["rover"]; ["lander"]; ["waypoint"]; ["waypoint"]; ["waypoint"]]; spre := [PAtom true "at" [(AVar 0); (AVar 3)]; PAtom true "at_lander" [(AVar 1); (AVar 4)]; PAtom true "have_rock_analysis" [(AVar 0); (AVar 2)]; PAtom true "visible" [(AVar 3); (AVar 4)]]; sadd := [("communicated_rock_data", [(AVar 2)])]; sdel := [] |};
   {| sname := "communicate_image_data"; sparams := [["rover"]; ["lander"]; ["objective"]; ["mode"]; ["waypoint"]; ["waypoint"]]; spre := [PAtom true "at" [(AVar 0); (AVar 4)]; PAtom true "at_lander" [(AVar 1); (AVar 5)]; PAtom true "have_image" [(AVar 0); (AVar 2); (AVar 3)]; PAtom true "visible" [(AVar 4); (AVar 5)]]; sadd := [("communicated_image_data", [(AVar 2); (AVar 3)])]; sdel := [] |}].
Definition rovers_wf (c : Ctx) : Prop :=
  objects_distinct c /\ (forall ys, stat c "can_traverse" ys = init c "can_traverse" ys) /\ (forall ys, stat c "visible" ys = init c "visible" ys) /\ (forall ys, stat c "visible_from" ys = init c "visible_from" ys) /\ (forall ys, stat c "at_lander" ys = init c "at_lander" ys) /\ (forall ys, stat c "equipped_for_soil_analysis" ys = init c "equipped_for_soil_analysis" ys) /\ (forall ys, stat c "equipped_for_rock_analysis" ys = init c "equipped_for_rock_analysis" ys) /\ (forall ys, stat c "equipped_for_imaging" ys = init c "equipped_for_imaging" ys) /\ (forall ys, stat c "store_of" ys = init c "store_of" ys) /\ (forall ys, stat c "on_board" ys = init c "on_board" ys) /\ (forall ys, stat c "supports" ys = init c "supports" ys) /\ (forall ys, stat c "calibration_target" ys = init c "calibration_target" ys) /\ (forall i x, In i (objs c "rover") -> In x (objs c "waypoint") -> dist_by c "g" i x x = 0 /\ 0 < dist_cap c "g") /\
  (forall i x y, In i (objs c "rover") -> In x (objs c "waypoint") -> In y (objs c "waypoint") -> dist_by c "g" i x y <= dist_cap c "g") /\
  (forall i u v t, In i (objs c "rover") -> In u (objs c "waypoint") -> In v (objs c "waypoint") -> In t (objs c "waypoint") -> (stat c "can_traverse" [i; u; v] = true) ->
     dist_by c "g" i u t <= 1 + dist_by c "g" i v t /\ (dist_by c "g" i v t < dist_cap c "g" -> dist_by c "g" i u t < dist_cap c "g")).
Definition rovers_certificate (c : Ctx) : bool :=
  (andb (rovers_check_0 c) (andb (rovers_check_1 c) (andb (rovers_check_2 c) true))).

(* blocksworld: printed from heuristics/blocksworld.heur by certplan; do not edit. *)
Definition blocksworld_value (c : Ctx) : nat :=
  (let n_m := (count_over (objs c "object") (fun v_b => (existsb (fun v_x => (orb (holds c "holding" [v_x]) (orb (existsb (fun v_y => (negb (holds c "on" [v_x; v_y]))) (List.filter (fun v_y => (goal c "on" [v_x; v_y])) (objs c "object"))) (orb (andb (goal c "on-table" [v_x]) (andb (negb (holds c "on-table" [v_x])) true)) (orb (andb (negb (existsb (fun v_y => true) (List.filter (fun v_y => (goal c "on" [v_x; v_y])) (objs c "object")))) (andb (negb (goal c "on-table" [v_x])) (andb (existsb (fun v_y => (holds c "on" [v_x; v_y])) (List.filter (fun v_y => (orb (goal c "clear" [v_y]) (orb (existsb (fun v_z => (goal c "on" [v_z; v_y])) (objs c "object")) false))) (objs c "object"))) true))) false))))) (List.filter (fun v_x => (Nat.ltb (dist c "below" v_b v_x) (dist_cap c "below"))) (objs c "object"))))) in (let n_held := (if (existsb (fun v_b => (holds c "holding" [v_b])) (objs c "object")) then 1 else 0) in (let n_free := (if (existsb (fun v_b => (existsb (fun v_x => (orb (holds c "holding" [v_x]) (orb (existsb (fun v_y => (negb (holds c "on" [v_x; v_y]))) (List.filter (fun v_y => (goal c "on" [v_x; v_y])) (objs c "object"))) (orb (andb (goal c "on-table" [v_x]) (andb (negb (holds c "on-table" [v_x])) true)) (orb (andb (negb (existsb (fun v_y => true) (List.filter (fun v_y => (goal c "on" [v_x; v_y])) (objs c "object")))) (andb (negb (goal c "on-table" [v_x])) (andb (existsb (fun v_y => (holds c "on" [v_x; v_y])) (List.filter (fun v_y => (orb (goal c "clear" [v_y]) (orb (existsb (fun v_z => (goal c "on" [v_z; v_y])) (objs c "object")) false))) (objs c "object"))) true))) false))))) (List.filter (fun v_x => (Nat.ltb (dist c "below" v_b v_x) (dist_cap c "below"))) (objs c "object")))) (List.filter (fun v_b => (andb (negb (existsb (fun v_y => (goal c "on" [v_b; v_y])) (objs c "object"))) (andb (negb (goal c "on-table" [v_b])) true))) (objs c "object"))) then 1 else 0) in (let n_detour := (count_over (List.filter (fun v_b => (existsb (fun v_c => (goal c "on" [v_b; v_c])) (objs c "object"))) (objs c "object")) (fun v_b => (orb (existsb (fun v_z1 => (orb (andb (Nat.ltb 0 (dist c "below" v_b v_z1)) (andb (Nat.ltb (dist c "below" v_b v_z1) (dist_cap c "below")) (andb (existsb (fun v_x => (orb (holds c "holding" [v_x]) (orb (existsb (fun v_z => (negb (holds c "on" [v_x; v_z]))) (List.filter (fun v_z => (goal c "on" [v_x; v_z])) (objs c "object"))) (orb (andb (goal c "on-table" [v_x]) (andb (negb (holds c "on-table" [v_x])) true)) (orb (andb (negb (existsb (fun v_z => true) (List.filter (fun v_z => (goal c "on" [v_x; v_z])) (objs c "object")))) (andb (negb (goal c "on-table" [v_x])) (andb (existsb (fun v_z => (holds c "on" [v_x; v_z])) (List.filter (fun v_z => (orb (goal c "clear" [v_z]) (orb (existsb (fun v_w => (goal c "on" [v_w; v_z])) (objs c "object")) false))) (objs c "object"))) true))) false))))) (List.filter (fun v_x => (Nat.ltb (dist c "below" v_z1 v_x) (dist_cap c "below"))) (objs c "object"))) true))) (orb (existsb (fun v_z2 => (orb (andb (Nat.ltb 0 (dist c "below" v_b v_z2)) (andb (Nat.ltb (dist c "below" v_b v_z2) (dist_cap c "below")) (andb (existsb (fun v_x => (orb (holds c "holding" [v_x]) (orb (existsb (fun v_z => (negb (holds c "on" [v_x; v_z]))) (List.filter (fun v_z => (goal c "on" [v_x; v_z])) (objs c "object"))) (orb (andb (goal c "on-table" [v_x]) (andb (negb (holds c "on-table" [v_x])) true)) (orb (andb (negb (existsb (fun v_z => true) (List.filter (fun v_z => (goal c "on" [v_x; v_z])) (objs c "object")))) (andb (negb (goal c "on-table" [v_x])) (andb (existsb (fun v_z => (holds c "on" [v_x; v_z])) (List.filter (fun v_z => (orb (goal c "clear" [v_z]) (orb (existsb (fun v_w => (goal c "on" [v_w; v_z])) (objs c "object")) false))) (objs c "object"))) true))) false))))) (List.filter (fun v_x => (Nat.ltb (dist c "below" v_z2 v_x) (dist_cap c "below"))) (objs c "object"))) true))) (orb (existsb (fun v_z3 => (orb (andb (Nat.ltb 0 (dist c "below" v_b v_z3)) (andb (Nat.ltb (dist c "below" v_b v_z3) (dist_cap c "below")) (andb (existsb (fun v_x => (orb (holds c "holding" [v_x]) (orb (existsb (fun v_z => (negb (holds c "on" [v_x; v_z]))) (List.filter (fun v_z => (goal c "on" [v_x; v_z])) (objs c "object"))) (orb (andb (goal c "on-table" [v_x]) (andb (negb (holds c "on-table" [v_x])) true)) (orb (andb (negb (existsb (fun v_z => true) (List.filter (fun v_z => (goal c "on" [v_x; v_z])) (objs c "object")))) (andb (negb (goal c "on-table" [v_x])) (andb (existsb (fun v_z => (holds c "on" [v_x; v_z])) (List.filter (fun v_z => (orb (goal c "clear" [v_z]) (orb (existsb (fun v_w => (goal c "on" [v_w; v_z])) (objs c "object")) false))) (objs c "object"))) true))) false))))) (List.filter (fun v_x => (Nat.ltb (dist c "below" v_z3 v_x) (dist_cap c "below"))) (objs c "object"))) true))) (orb (existsb (fun v_z4 => (andb (Nat.ltb 0 (dist c "below" v_b v_z4)) (andb (Nat.ltb (dist c "below" v_b v_z4) (dist_cap c "below")) (andb (existsb (fun v_x => (orb (holds c "holding" [v_x]) (orb (existsb (fun v_z => (negb (holds c "on" [v_x; v_z]))) (List.filter (fun v_z => (goal c "on" [v_x; v_z])) (objs c "object"))) (orb (andb (goal c "on-table" [v_x]) (andb (negb (holds c "on-table" [v_x])) true)) (orb (andb (negb (existsb (fun v_z => true) (List.filter (fun v_z => (goal c "on" [v_x; v_z])) (objs c "object")))) (andb (negb (goal c "on-table" [v_x])) (andb (existsb (fun v_z => (holds c "on" [v_x; v_z])) (List.filter (fun v_z => (orb (goal c "clear" [v_z]) (orb (existsb (fun v_w => (goal c "on" [v_w; v_z])) (objs c "object")) false))) (objs c "object"))) true))) false))))) (List.filter (fun v_x => (Nat.ltb (dist c "below" v_z4 v_x) (dist_cap c "below"))) (objs c "object"))) true)))) (List.filter (fun v_z4 => (holds c "on" [v_z3; v_z4])) (objs c "object"))) false))) (List.filter (fun v_z3 => (holds c "on" [v_z2; v_z3])) (objs c "object"))) false))) (List.filter (fun v_z2 => (holds c "on" [v_z1; v_z2])) (objs c "object"))) false))) (List.filter (fun v_z1 => (holds c "on" [v_b; v_z1])) (objs c "object"))) (orb (andb (holds c "holding" [v_b]) (andb (existsb (fun v_y => (existsb (fun v_x => (orb (holds c "holding" [v_x]) (orb (existsb (fun v_z => (negb (holds c "on" [v_x; v_z]))) (List.filter (fun v_z => (goal c "on" [v_x; v_z])) (objs c "object"))) (orb (andb (goal c "on-table" [v_x]) (andb (negb (holds c "on-table" [v_x])) true)) (orb (andb (negb (existsb (fun v_z => true) (List.filter (fun v_z => (goal c "on" [v_x; v_z])) (objs c "object")))) (andb (negb (goal c "on-table" [v_x])) (andb (existsb (fun v_z => (holds c "on" [v_x; v_z])) (List.filter (fun v_z => (orb (goal c "clear" [v_z]) (orb (existsb (fun v_w => (goal c "on" [v_w; v_z])) (objs c "object")) false))) (objs c "object"))) true))) false))))) (List.filter (fun v_x => (Nat.ltb (dist c "below" v_y v_x) (dist_cap c "below"))) (objs c "object")))) (List.filter (fun v_y => (andb (Nat.ltb 0 (dist c "below" v_b v_y)) (andb (Nat.ltb (dist c "below" v_b v_y) (dist_cap c "below")) (andb (Nat.leb (dist c "below" v_b v_y) 1) true)))) (objs c "object"))) true)) false)))) in (Nat.max (Nat.add (Nat.sub (Nat.mul 2 n_m) (Nat.add n_held (Nat.add n_free 0))) (Nat.add (Nat.mul 2 n_detour) 0)) (Nat.max (count_over (List.filter (fun v_c => (goal c "clear" [v_c])) (objs c "object")) (fun v_c => (negb (holds c "clear" [v_c])))) 0)))))).
Definition blocksworld_dead_end (c : Ctx) : bool :=
  false.
Definition blocksworld_h (c : Ctx) : option nat := if blocksworld_dead_end c then None else Some (blocksworld_value c).
(* check goal-one-position *)
Definition blocksworld_check_0 (c : Ctx) : bool :=
  (forallb (fun v_b => (Nat.leb (Nat.add (count_over (objs c "object") (fun v_c => (goal c "on" [v_b; v_c]))) (Nat.add (if (goal c "on-table" [v_b]) then 1 else 0) 0)) 1)) (objs c "object")).
(* check goal-one-above *)
Definition blocksworld_check_1 (c : Ctx) : bool :=
  (forallb (fun v_c => (Nat.leb (count_over (objs c "object") (fun v_b => (goal c "on" [v_b; v_c]))) 1)) (objs c "object")).
(* check no-holding-goal *)
Definition blocksworld_check_2 (c : Ctx) : bool :=
  (forallb (fun v_b => (negb (goal c "holding" [v_b]))) (objs c "object")).
(* check init-one-position *)
Definition blocksworld_check_3 (c : Ctx) : bool :=
  (forallb (fun v_b => (Nat.leb (Nat.add (count_over (objs c "object") (fun v_c => (init c "on" [v_b; v_c]))) (Nat.add (if (init c "on-table" [v_b]) then 1 else 0) (Nat.add (if (init c "holding" [v_b]) then 1 else 0) 0))) 1)) (objs c "object")).
(* check init-one-above *)
Definition blocksworld_check_4 (c : Ctx) : bool :=
  (forallb (fun v_c => (Nat.leb (count_over (objs c "object") (fun v_b => (init c "on" [v_b; v_c]))) 1)) (objs c "object")).
(* check init-clear-means-nothing-on *)
Definition blocksworld_check_5 (c : Ctx) : bool :=
  (forallb (fun v_c => (forallb (fun v_b => (negb (init c "on" [v_b; v_c]))) (objs c "object"))) (List.filter (fun v_c => (init c "clear" [v_c])) (objs c "object"))).
(* check init-held-not-clear *)
Definition blocksworld_check_6 (c : Ctx) : bool :=
  (forallb (fun v_b => (negb (init c "clear" [v_b]))) (List.filter (fun v_b => (init c "holding" [v_b])) (objs c "object"))).
(* check init-one-held *)
Definition blocksworld_check_7 (c : Ctx) : bool :=
  (Nat.leb (count_over (objs c "object") (fun v_b => (init c "holding" [v_b]))) 1).
(* check init-arm-empty-means-nothing-held *)
Definition blocksworld_check_8 (c : Ctx) : bool :=
  (orb (negb (init c "arm-empty" [])) (orb (forallb (fun v_b => (negb (init c "holding" [v_b]))) (objs c "object")) false)).
(* check init-held-nothing-on *)
Definition blocksworld_check_9 (c : Ctx) : bool :=
  (forallb (fun v_b => (forallb (fun v_a => (negb (init c "on" [v_a; v_b]))) (objs c "object"))) (List.filter (fun v_b => (init c "holding" [v_b])) (objs c "object"))).
Definition blocksworld_schemas : list Schema :=
  [{| sname := "pickup"; sparams := [["object"]]; spre := [PAtom true "clear" [(AVar 0)]; PAtom true "on-table" [(AVar 0)]; PAtom true "arm-empty" []]; sadd := [("holding", [(AVar 0)])]; sdel := [("clear", [(AVar 0)]); ("on-table", [(AVar 0)]); ("arm-empty", [])] |};
   {| sname := "putdown"; sparams := [["object"]]; spre := [PAtom true "holding" [(AVar 0)]]; sadd := [("clear", [(AVar 0)]); ("arm-empty", []); ("on-table", [(AVar 0)])]; sdel := [("holding", [(AVar 0)])] |};
   {| sname := "stack"; sparams := [["object"]; ["object"]]; spre := [PAtom true "clear" [(AVar 1)]; PAtom true "holding" [(AVar 0)]]; sadd := [("arm-empty", []); ("clear", [(AVar 0)]); ("on", [(AVar 0); (AVar 1)])]; sdel := [("clear", [(AVar 1)]); ("holding", [(AVar 0)])] |};
   {| sname := "unstack"; sparams := [["object"]; ["object"]]; spre := [PAtom true "on" [(AVar 0); (AVar 1)]; PAtom true "clear" [(AVar 0)]; PAtom true "arm-empty" []]; sadd := [("holding", [(AVar 0)]); ("clear", [(AVar 1)])]; sdel := [("on", [(AVar 0); (AVar 1)]); ("clear", [(AVar 0)]); ("arm-empty", [])] |}].
Definition blocksworld_wf (c : Ctx) : Prop :=
  objects_distinct c /\ (forall x, In x (objs c "object") -> dist c "below" x x = 0 /\ 0 < dist_cap c "below") /\
  (forall x y, In x (objs c "object") -> In y (objs c "object") -> dist c "below" x y <= dist_cap c "below") /\
  (forall u v t, In u (objs c "object") -> In v (objs c "object") -> In t (objs c "object") -> ((let v_a := u in let v_b := v in (goal c "on" [v_a; v_b])) = true) ->
     dist c "below" u t <= 1 + dist c "below" v t /\ (dist c "below" v t < dist_cap c "below" -> dist c "below" u t < dist_cap c "below")) /\ (forall u t, In u (objs c "object") -> In t (objs c "object") -> u <> t -> dist c "below" u t < dist_cap c "below" ->
     exists v, In v (objs c "object") /\ ((let v_a := u in let v_b := v in (goal c "on" [v_a; v_b])) = true) /\ dist c "below" v t < dist_cap c "below" /\ dist c "below" u t = 1 + dist c "below" v t).
Definition blocksworld_certificate (c : Ctx) : bool :=
  (andb (blocksworld_check_0 c) (andb (blocksworld_check_1 c) (andb (blocksworld_check_2 c) (andb (blocksworld_check_3 c) (andb (blocksworld_check_4 c) (andb (blocksworld_check_5 c) (andb (blocksworld_check_6 c) (andb (blocksworld_check_7 c) (andb (blocksworld_check_8 c) (andb (blocksworld_check_9 c) true)))))))))).

(* transport: printed from heuristics/transport.heur by certplan; do not edit. *)
Definition transport_value (c : Ctx) : nat :=
  (Nat.add (sum_over (objs c "package") (fun v_p => (sum_over (List.filter (fun v_g => (goal c "at" [v_p; v_g])) (objs c "location")) (fun v_g => (if (holds c "at" [v_p; v_g]) then 0 else (if (existsb (fun v_v => (holds c "in" [v_p; v_v])) (objs c "vehicle")) then 1 else 2)))))) (Nat.add (Nat.max (max_over (objs c "package") (fun v_p => (max_over (List.filter (fun v_g => (goal c "at" [v_p; v_g])) (objs c "location")) (fun v_g => (if (holds c "at" [v_p; v_g]) then 0 else (min_over (objs c "vehicle") (fun v_v => (min_over (List.filter (fun v_k => (holds c "at" [v_v; v_k])) (objs c "location")) (fun v_k => (if (holds c "in" [v_p; v_v]) then (dist c "road" v_k v_g) else (min_over (List.filter (fun v_l => (holds c "at" [v_p; v_l])) (objs c "location")) (fun v_l => (Nat.add (dist c "road" v_k v_l) (Nat.add (dist c "road" v_l v_g) 0))) (dist_cap c "road")))) (dist_cap c "road"))) (dist_cap c "road"))))))) (Nat.max (count_over (objs c "location") (fun v_l => (orb (existsb (fun v_p => (andb (negb (holds c "at" [v_p; v_l])) (andb (negb (existsb (fun v_v => (andb (holds c "in" [v_p; v_v]) (andb (holds c "at" [v_v; v_l]) true))) (objs c "vehicle"))) true))) (List.filter (fun v_p => (goal c "at" [v_p; v_l])) (objs c "package"))) (orb (andb (negb (existsb (fun v_v => (holds c "at" [v_v; v_l])) (objs c "vehicle"))) (andb (existsb (fun v_p => (andb (holds c "at" [v_p; v_l]) (andb (existsb (fun v_g => (negb (Nat.eqb v_g v_l))) (List.filter (fun v_g => (goal c "at" [v_p; v_g])) (objs c "location"))) true))) (objs c "package")) true)) false)))) (Nat.max (count_over (objs c "location") (fun v_l => (andb (negb (existsb (fun v_v => (holds c "at" [v_v; v_l])) (objs c "vehicle"))) (andb (orb (existsb (fun v_p => (negb (holds c "at" [v_p; v_l]))) (List.filter (fun v_p => (goal c "at" [v_p; v_l])) (objs c "package"))) (orb (existsb (fun v_p => (andb (holds c "at" [v_p; v_l]) (andb (existsb (fun v_g => (negb (Nat.eqb v_g v_l))) (List.filter (fun v_g => (goal c "at" [v_p; v_g])) (objs c "location"))) true))) (objs c "package")) false)) true)))) 0))) 0)).
Definition transport_dead_end (c : Ctx) : bool :=
  false.
Definition transport_h (c : Ctx) : option nat := if transport_dead_end c then None else Some (transport_value c).
(* check vehicles-not-packages *)
Definition transport_check_0 (c : Ctx) : bool :=
  (forallb (fun v_v => (forallb (fun v_p => (negb (Nat.eqb v_v v_p))) (objs c "package"))) (objs c "vehicle")).
(* check locations-not-locatables *)
Definition transport_check_1 (c : Ctx) : bool :=
  (forallb (fun v_l => (forallb (fun v_x => (negb (Nat.eqb v_l v_x))) (objs c "locatable"))) (objs c "location")).
(* check one-goal-location-per-package *)
Definition transport_check_2 (c : Ctx) : bool :=
  (forallb (fun v_p => (Nat.leb (count_over (objs c "location") (fun v_l => (goal c "at" [v_p; v_l]))) 1)) (objs c "package")).
(* check one-vehicle-location *)
Definition transport_check_3 (c : Ctx) : bool :=
  (forallb (fun v_v => (Nat.leb (count_over (objs c "location") (fun v_l => (init c "at" [v_v; v_l]))) 1)) (objs c "vehicle")).
(* check one-package-place *)
Definition transport_check_4 (c : Ctx) : bool :=
  (forallb (fun v_p => (Nat.leb (Nat.add (count_over (objs c "location") (fun v_l => (init c "at" [v_p; v_l]))) (Nat.add (count_over (objs c "vehicle") (fun v_v => (init c "in" [v_p; v_v]))) 0)) 1)) (objs c "package")).
Definition transport_schemas : list Schema :=
  [{| sname := "drive"; sparams := [["vehicle"]; ["location"]; ["location"]]; spre := [PAtom true "at" [(AVar 0); (AVar 1)]; PAtom true "road" [(AVar 1); (AVar 2)]]; sadd := [("at", [(AVar 0); (AVar 2)])]; sdel := [("at", [(AVar 0); (AVar 1)])] |};
   {| sname := "pick-up"; sparams := [["vehicle"]; ["location"]; ["package"]; ["size"]; ["size"]]; spre := [PAtom true "at" [(AVar 0); (AVar 1)]; PAtom true "at" [(AVar 2); (AVar 1)]; PAtom true "capacity-predecessor" [(AVar 3); (AVar 4)]; PAtom true "capacity" [(AVar 0); (AVar 4)]]; sadd := [("in", [(AVar 2); (AVar 0)]); ("capacity", [(AVar 0); (AVar 3)])]; sdel := [("at", [(AVar 2); (AVar 1)]); ("capacity", [(AVar 0); (AVar 4)])] |};
   {| sname := "drop"; sparams := [["vehicle"]; ["location"]; ["package"]; ["size"]; ["size"]]; spre := [PAtom true "at" [(AVar 0); (AVar 1)]; PAtom true "in" [(AVar 2); (AVar 0)]; PAtom true "capacity-predecessor" [(AVar 3); (AVar 4)]; PAtom true "capacity" [(AVar 0); (AVar 3)]]; sadd := [("at", [(AVar 2); (AVar 1)]); ("capacity", [(AVar 0); (AVar 4)])]; sdel := [("in", [(AVar 2); (AVar 0)]); ("capacity", [(AVar 0); (AVar 3)])] |}].
Definition transport_wf (c : Ctx) : Prop :=
  objects_distinct c /\ (forall ys, stat c "road" ys = init c "road" ys) /\ (forall ys, stat c "capacity-predecessor" ys = init c "capacity-predecessor" ys) /\ (forall x, In x (objs c "location") -> dist c "road" x x = 0 /\ 0 < dist_cap c "road") /\
  (forall x y, In x (objs c "location") -> In y (objs c "location") -> dist c "road" x y <= dist_cap c "road") /\
  (forall u v t, In u (objs c "location") -> In v (objs c "location") -> In t (objs c "location") -> (stat c "road" [u; v] = true) ->
     dist c "road" u t <= 1 + dist c "road" v t /\ (dist c "road" v t < dist_cap c "road" -> dist c "road" u t < dist_cap c "road")).
Definition transport_certificate (c : Ctx) : bool :=
  (andb (transport_check_0 c) (andb (transport_check_1 c) (andb (transport_check_2 c) (andb (transport_check_3 c) (andb (transport_check_4 c) true))))).

(* sokoban: printed from heuristics/sokoban.heur by certplan; do not edit. *)
Definition sokoban_value (c : Ctx) : nat :=
  (min_over (List.filter (fun v_q => (andb (orb (init c "clear" [v_q]) (orb (init c "at-robot" [v_q]) (orb (existsb (fun v_c => (init c "at" [v_c; v_q])) (objs c "box")) false))) (andb (holds c "at-robot" [v_q]) true))) (objs c "location")) (fun v_q => (if (existsb (fun v_b => (existsb (fun v_g => (negb (holds c "at" [v_b; v_g]))) (List.filter (fun v_g => (goal c "at" [v_b; v_g])) (objs c "location")))) (objs c "box")) then (Nat.max (Nat.add (sum_over (objs c "box") (fun v_b => (sum_over (List.filter (fun v_g => (goal c "at" [v_b; v_g])) (objs c "location")) (fun v_g => (if (holds c "at" [v_b; v_g]) then 0 else (min_over (List.filter (fun v_l => (andb (orb (init c "clear" [v_l]) (orb (init c "at-robot" [v_l]) (orb (existsb (fun v_c => (init c "at" [v_c; v_l])) (objs c "box")) false))) (andb (holds c "at" [v_b; v_l]) true))) (objs c "location")) (fun v_l => (dist c "push" v_l v_g)) (dist_cap c "push"))))))) (Nat.add (min_over (objs c "box") (fun v_b => (min_over (List.filter (fun v_l => (andb (orb (init c "clear" [v_l]) (orb (init c "at-robot" [v_l]) (orb (existsb (fun v_c => (init c "at" [v_c; v_l])) (objs c "box")) false))) (andb (holds c "at" [v_b; v_l]) true))) (objs c "location")) (fun v_l => (Nat.sub (min_over (objs c "direction") (fun v_d => (min_over (List.filter (fun v_r => (andb (stat c "adjacent" [v_r; v_l; v_d]) (andb (orb (init c "clear" [v_r]) (orb (init c "at-robot" [v_r]) (orb (existsb (fun v_c => (init c "at" [v_c; v_r])) (objs c "box")) false))) true))) (objs c "location")) (fun v_r => (Nat.add (dist c "walk" v_q v_r) (Nat.add (min_over (List.filter (fun v_f => (andb (stat c "adjacent" [v_l; v_f; v_d]) (andb (orb (init c "clear" [v_f]) (orb (init c "at-robot" [v_f]) (orb (existsb (fun v_c => (init c "at" [v_c; v_f])) (objs c "box")) false))) true))) (objs c "location")) (fun v_f => (Nat.add 1 (Nat.add (sum_over (List.filter (fun v_h => (goal c "at" [v_b; v_h])) (objs c "location")) (fun v_h => (dist c "push" v_f v_h))) 0))) (dist_cap c "push")) 0))) (dist_cap c "push"))) (dist_cap c "push")) (sum_over (List.filter (fun v_h => (goal c "at" [v_b; v_h])) (objs c "location")) (fun v_h => (dist c "push" v_l v_h))))) (dist_cap c "push"))) 0) 0)) (Nat.max (max_over (objs c "box") (fun v_b => (max_over (List.filter (fun v_g => (goal c "at" [v_b; v_g])) (objs c "location")) (fun v_g => (if (holds c "at" [v_b; v_g]) then 0 else (min_over (List.filter (fun v_l => (andb (orb (init c "clear" [v_l]) (orb (init c "at-robot" [v_l]) (orb (existsb (fun v_c => (init c "at" [v_c; v_l])) (objs c "box")) false))) (andb (holds c "at" [v_b; v_l]) true))) (objs c "location")) (fun v_l => (min_over (objs c "direction") (fun v_d => (min_over (List.filter (fun v_r => (andb (stat c "adjacent" [v_r; v_l; v_d]) (andb (orb (init c "clear" [v_r]) (orb (init c "at-robot" [v_r]) (orb (existsb (fun v_c => (init c "at" [v_c; v_r])) (objs c "box")) false))) true))) (objs c "location")) (fun v_r => (Nat.add (dist c "walk" v_q v_r) (Nat.add (min_over (List.filter (fun v_f => (andb (stat c "adjacent" [v_l; v_f; v_d]) (andb (orb (init c "clear" [v_f]) (orb (init c "at-robot" [v_f]) (orb (existsb (fun v_c => (init c "at" [v_c; v_f])) (objs c "box")) false))) true))) (objs c "location")) (fun v_f => (Nat.add 1 (Nat.add (sum_over (List.filter (fun v_h => (goal c "at" [v_b; v_h])) (objs c "location")) (fun v_h => (dist c "push" v_f v_h))) 0))) (dist_cap c "push")) 0))) (dist_cap c "push"))) (dist_cap c "push"))) (dist_cap c "push"))))))) (Nat.max (max_over (objs c "box") (fun v_b => (max_over (List.filter (fun v_g => (goal c "at" [v_b; v_g])) (objs c "location")) (fun v_g => (if (holds c "at" [v_b; v_g]) then 0 else (min_over (List.filter (fun v_l => (andb (orb (init c "clear" [v_l]) (orb (init c "at-robot" [v_l]) (orb (existsb (fun v_c => (init c "at" [v_c; v_l])) (objs c "box")) false))) (andb (holds c "at" [v_b; v_l]) true))) (objs c "location")) (fun v_l => (dist_by c "onebox" v_l v_q v_g)) 0)))))) (Nat.max (max_over (objs c "box") (fun v_b => (max_over (List.filter (fun v_c => (negb (Nat.eqb v_b v_c))) (objs c "box")) (fun v_c => (max_over (List.filter (fun v_g => (goal c "at" [v_b; v_g])) (objs c "location")) (fun v_g => (max_over (List.filter (fun v_h => (goal c "at" [v_c; v_h])) (objs c "location")) (fun v_h => (min_over (List.filter (fun v_l => (andb (orb (init c "clear" [v_l]) (orb (init c "at-robot" [v_l]) (orb (existsb (fun v_e => (init c "at" [v_e; v_l])) (objs c "box")) false))) (andb (holds c "at" [v_b; v_l]) true))) (objs c "location")) (fun v_l => (min_over (List.filter (fun v_m => (andb (orb (init c "clear" [v_m]) (orb (init c "at-robot" [v_m]) (orb (existsb (fun v_e => (init c "at" [v_e; v_m])) (objs c "box")) false))) (andb (holds c "at" [v_c; v_m]) true))) (objs c "location")) (fun v_m => (dist_pair c "twobox" v_l v_m v_q v_g v_h)) 0)) 0))))))))) 0)))) else 0)) 0).
Definition sokoban_dead_end (c : Ctx) : bool :=
  (existsb (fun v_b => (existsb (fun v_g => (existsb (fun v_l => (andb (negb (Nat.eqb v_l v_g)) (andb (Nat.leb (dist_cap c "push") (dist c "push" v_l v_g)) true))) (List.filter (fun v_l => (andb (orb (init c "clear" [v_l]) (orb (init c "at-robot" [v_l]) (orb (existsb (fun v_c => (init c "at" [v_c; v_l])) (objs c "box")) false))) (andb (holds c "at" [v_b; v_l]) true))) (objs c "location")))) (List.filter (fun v_g => (goal c "at" [v_b; v_g])) (objs c "location")))) (objs c "box")).
Definition sokoban_h (c : Ctx) : option nat := if sokoban_dead_end c then None else Some (sokoban_value c).
(* check boxes-not-locations *)
Definition sokoban_check_0 (c : Ctx) : bool :=
  (forallb (fun v_b => (forallb (fun v_l => (negb (Nat.eqb v_b v_l))) (objs c "location"))) (objs c "box")).
(* check one-goal-per-box *)
Definition sokoban_check_1 (c : Ctx) : bool :=
  (forallb (fun v_b => (Nat.leb (count_over (objs c "location") (fun v_l => (goal c "at" [v_b; v_l]))) 1)) (objs c "box")).
(* check one-box-location *)
Definition sokoban_check_2 (c : Ctx) : bool :=
  (forallb (fun v_b => (Nat.leb (count_over (objs c "location") (fun v_l => (init c "at" [v_b; v_l]))) 1)) (objs c "box")).
(* check one-robot-location *)
Definition sokoban_check_3 (c : Ctx) : bool :=
  (Nat.leb (count_over (objs c "location") (fun v_l => (init c "at-robot" [v_l]))) 1).
(* check boxes-not-clear *)
Definition sokoban_check_4 (c : Ctx) : bool :=
  (forallb (fun v_b => (forallb (fun v_l => (negb (init c "clear" [v_l]))) (List.filter (fun v_l => (init c "at" [v_b; v_l])) (objs c "location")))) (objs c "box")).
(* check one-box-per-location *)
Definition sokoban_check_5 (c : Ctx) : bool :=
  (forallb (fun v_l => (Nat.leb (count_over (objs c "box") (fun v_b => (init c "at" [v_b; v_l]))) 1)) (objs c "location")).
Definition sokoban_schemas : list Schema :=
  [{| sname := "move"; sparams := [["location"]; ["location"]; ["direction"]]; spre := [PAtom true "clear" [(AVar 1)]; PAtom true "at-robot" [(AVar 0)]; PAtom true "adjacent" [(AVar 0); (AVar 1); (AVar 2)]]; sadd := [("at-robot", [(AVar 1)])]; sdel := [("at-robot", [(AVar 0)])] |};
   {| sname := "push"; sparams := [["location"]; ["location"]; ["location"]; ["direction"]; ["box"]]; spre := [PAtom true "at-robot" [(AVar 0)]; PAtom true "at" [(AVar 4); (AVar 1)]; PAtom true "clear" [(AVar 2)]; PAtom true "adjacent" [(AVar 0); (AVar 1); (AVar 3)]; PAtom true "adjacent" [(AVar 1); (AVar 2); (AVar 3)]]; sadd := [("at-robot", [(AVar 1)]); ("at", [(AVar 4); (AVar 2)]); ("clear", [(AVar 1)])]; sdel := [("at-robot", [(AVar 0)]); ("at", [(AVar 4); (AVar 1)]); ("clear", [(AVar 2)])] |}].
Definition sokoban_wf (c : Ctx) : Prop :=
  objects_distinct c /\ (forall ys, stat c "adjacent" ys = init c "adjacent" ys) /\ (forall x, In x (objs c "location") -> dist c "walk" x x = 0 /\ 0 < dist_cap c "walk") /\
  (forall x y, In x (objs c "location") -> In y (objs c "location") -> dist c "walk" x y <= dist_cap c "walk") /\
  (forall u v t, In u (objs c "location") -> In v (objs c "location") -> In t (objs c "location") -> ((let v_a := u in let v_b := v in (existsb (fun v_d => (stat c "adjacent" [v_a; v_b; v_d])) (objs c "direction"))) = true) ->
     dist c "walk" u t <= 1 + dist c "walk" v t /\ (dist c "walk" v t < dist_cap c "walk" -> dist c "walk" u t < dist_cap c "walk")) /\ (forall x, In x (objs c "location") -> dist c "push" x x = 0 /\ 0 < dist_cap c "push") /\
  (forall x y, In x (objs c "location") -> In y (objs c "location") -> dist c "push" x y <= dist_cap c "push") /\
  (forall u v t, In u (objs c "location") -> In v (objs c "location") -> In t (objs c "location") -> ((let v_a := u in let v_b := v in (existsb (fun v_d => (andb (stat c "adjacent" [v_a; v_b; v_d]) (andb (existsb (fun v_r => (stat c "adjacent" [v_r; v_a; v_d])) (objs c "location")) true))) (objs c "direction"))) = true) ->
     dist c "push" u t <= 1 + dist c "push" v t /\ (dist c "push" v t < dist_cap c "push" -> dist c "push" u t < dist_cap c "push")) /\ (forall y t, In y (objs c "location") -> In t (objs c "location") -> dist_by c "onebox" t y t = 0) /\
  (forall x y y1 t, In x (objs c "location") -> In y (objs c "location") -> In y1 (objs c "location") -> In t (objs c "location") -> (let v_a := y in let v_b := y1 in (existsb (fun v_d => (stat c "adjacent" [v_a; v_b; v_d])) (objs c "direction"))) = true -> y1 <> x ->
     dist_by c "onebox" x y t <= 1 + dist_by c "onebox" x y1 t) /\
  (forall r a b t, In r (objs c "location") -> In a (objs c "location") -> In b (objs c "location") -> In t (objs c "location") -> (let v_a := r in let v_b := a in (existsb (fun v_d => (stat c "adjacent" [v_a; v_b; v_d])) (objs c "direction"))) = true -> (let v_a := a in let v_b := b in (existsb (fun v_d => (stat c "adjacent" [v_a; v_b; v_d])) (objs c "direction"))) = true ->
     (let v_r := r in let v_a := a in let v_b := b in (existsb (fun v_d => (andb (stat c "adjacent" [v_r; v_a; v_d]) (andb (stat c "adjacent" [v_a; v_b; v_d]) true))) (objs c "direction"))) = true -> dist_by c "onebox" a r t <= 1 + dist_by c "onebox" b a t) /\ (forall y t1 t2, In y (objs c "location") -> In t1 (objs c "location") -> In t2 (objs c "location") -> dist_pair c "twobox" t1 t2 y t1 t2 = 0) /\
  (forall x1 x2 y y1 t1 t2, In x1 (objs c "location") -> In x2 (objs c "location") -> In y (objs c "location") -> In y1 (objs c "location") -> In t1 (objs c "location") -> In t2 (objs c "location") -> (let v_a := y in let v_b := y1 in (existsb (fun v_d => (stat c "adjacent" [v_a; v_b; v_d])) (objs c "direction"))) = true -> y1 <> x1 -> y1 <> x2 ->
     dist_pair c "twobox" x1 x2 y t1 t2 <= 1 + dist_pair c "twobox" x1 x2 y1 t1 t2) /\
  (forall r a b x2 t1 t2, In r (objs c "location") -> In a (objs c "location") -> In b (objs c "location") -> In x2 (objs c "location") -> In t1 (objs c "location") -> In t2 (objs c "location") -> (let v_a := r in let v_b := a in (existsb (fun v_d => (stat c "adjacent" [v_a; v_b; v_d])) (objs c "direction"))) = true -> (let v_a := a in let v_b := b in (existsb (fun v_d => (stat c "adjacent" [v_a; v_b; v_d])) (objs c "direction"))) = true ->
     (let v_r := r in let v_a := a in let v_b := b in (existsb (fun v_d => (andb (stat c "adjacent" [v_r; v_a; v_d]) (andb (stat c "adjacent" [v_a; v_b; v_d]) true))) (objs c "direction"))) = true -> b <> x2 ->
     dist_pair c "twobox" a x2 r t1 t2 <= 1 + dist_pair c "twobox" b x2 a t1 t2) /\
  (forall r a b x1 t1 t2, In r (objs c "location") -> In a (objs c "location") -> In b (objs c "location") -> In x1 (objs c "location") -> In t1 (objs c "location") -> In t2 (objs c "location") -> (let v_a := r in let v_b := a in (existsb (fun v_d => (stat c "adjacent" [v_a; v_b; v_d])) (objs c "direction"))) = true -> (let v_a := a in let v_b := b in (existsb (fun v_d => (stat c "adjacent" [v_a; v_b; v_d])) (objs c "direction"))) = true ->
     (let v_r := r in let v_a := a in let v_b := b in (existsb (fun v_d => (andb (stat c "adjacent" [v_r; v_a; v_d]) (andb (stat c "adjacent" [v_a; v_b; v_d]) true))) (objs c "direction"))) = true -> b <> x1 ->
     dist_pair c "twobox" x1 a r t1 t2 <= 1 + dist_pair c "twobox" x1 b a t1 t2).
Definition sokoban_certificate (c : Ctx) : bool :=
  (andb (sokoban_check_0 c) (andb (sokoban_check_1 c) (andb (sokoban_check_2 c) (andb (sokoban_check_3 c) (andb (sokoban_check_4 c) (andb (sokoban_check_5 c) true)))))).
