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
     dist_cap := dist_cap c; obj := obj c |}.

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
  (forallb (fun v_x => (Nat.leb (count_over (objs c "location") (fun v_l => (init c "at" [v_x; v_l]))) 1)) (objs c "locatable")).
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
  (Nat.add (sum_over (objs c "car") (fun v_c => (sum_over (List.filter (fun v_g => (goal c "at" [v_c; v_g])) (objs c "location")) (fun v_g => (if (holds c "at" [v_c; v_g]) then 0 else (if (holds c "on" [v_c]) then (if (holds c "at-ferry" [v_g]) then 1 else 2) else 3)))))) (Nat.add (Nat.max (if (negb (existsb (fun v_l => (existsb (fun v_c => (andb (holds c "at" [v_c; v_l]) (andb (existsb (fun v_g => (negb (Nat.eqb v_g v_l))) (List.filter (fun v_g => (goal c "at" [v_c; v_g])) (objs c "location"))) true))) (objs c "car"))) (objs c "location"))) then 0 else (if (holds c "empty-ferry" []) then (if (existsb (fun v_l => (existsb (fun v_c => (andb (holds c "at" [v_c; v_l]) (andb (existsb (fun v_g => (negb (Nat.eqb v_g v_l))) (List.filter (fun v_g => (goal c "at" [v_c; v_g])) (objs c "location"))) true))) (objs c "car"))) (List.filter (fun v_l => (holds c "at-ferry" [v_l])) (objs c "location"))) then 0 else 1) else (if (existsb (fun v_d => (existsb (fun v_g => (existsb (fun v_c => (andb (holds c "at" [v_c; v_g]) (andb (existsb (fun v_h => (negb (Nat.eqb v_h v_g))) (List.filter (fun v_h => (goal c "at" [v_c; v_h])) (objs c "location"))) true))) (objs c "car"))) (List.filter (fun v_g => (goal c "at" [v_d; v_g])) (objs c "location")))) (List.filter (fun v_d => (holds c "on" [v_d])) (objs c "car"))) then 0 else 1))) (Nat.max (count_over (objs c "location") (fun v_l => (andb (existsb (fun v_c => (andb (holds c "at" [v_c; v_l]) (andb (existsb (fun v_g => (negb (Nat.eqb v_g v_l))) (List.filter (fun v_g => (goal c "at" [v_c; v_g])) (objs c "location"))) true))) (objs c "car")) (andb (negb (existsb (fun v_c => (negb (holds c "at" [v_c; v_l]))) (List.filter (fun v_c => (goal c "at" [v_c; v_l])) (objs c "car")))) (andb (negb (andb (holds c "empty-ferry" []) (andb (holds c "at-ferry" [v_l]) true))) true))))) 0)) 0)).
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
(* check no-gluten-free-sandwich-yet *)
Definition childsnack_check_6 (c : Ctx) : bool :=
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
  (andb (childsnack_check_0 c) (andb (childsnack_check_1 c) (andb (childsnack_check_2 c) (andb (childsnack_check_3 c) (andb (childsnack_check_4 c) (andb (childsnack_check_5 c) (andb (childsnack_check_6 c) true))))))).

(* floortile: printed from heuristics/floortile.heur by certplan; do not edit. *)
Definition floortile_value (c : Ctx) : nat :=
  (Nat.add (count_over (objs c "tile") (fun v_t => (existsb (fun v_c => (negb (holds c "painted" [v_t; v_c]))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))))) (Nat.add (count_over (objs c "color") (fun v_c => (andb (existsb (fun v_t => (negb (holds c "painted" [v_t; v_c]))) (List.filter (fun v_t => (goal c "painted" [v_t; v_c])) (objs c "tile"))) (andb (negb (existsb (fun v_r => (holds c "robot-has" [v_r; v_c])) (objs c "robot"))) true)))) (Nat.add (max_over (objs c "tile") (fun v_t => (if (existsb (fun v_c => (negb (holds c "painted" [v_t; v_c]))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color"))) then (min_over (objs c "robot") (fun v_r => (min_over (List.filter (fun v_p => (holds c "robot-at" [v_r; v_p])) (objs c "tile")) (fun v_p => (min_over (List.filter (fun v_x => (orb (stat c "up" [v_t; v_x]) (orb (stat c "down" [v_t; v_x]) false))) (objs c "tile")) (fun v_x => (dist c "g" v_p v_x)) (dist_cap c "g"))) (dist_cap c "g"))) (dist_cap c "g")) else 0))) 0))).
Definition floortile_dead_end (c : Ctx) : bool :=
  (existsb (fun v_t => (existsb (fun v_c => (andb (negb (holds c "painted" [v_t; v_c])) (andb (existsb (fun v_d => (holds c "painted" [v_t; v_d])) (objs c "color")) true))) (List.filter (fun v_c => (goal c "painted" [v_t; v_c])) (objs c "color")))) (objs c "tile")).
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
Definition floortile_schemas : list Schema :=
  [{| sname := "change_color"; sparams := [["robot"]; ["color"]; ["color"]]; spre := [PAtom true "robot-has" [(AVar 0); (AVar 1)]; PAtom true "available-color" [(AVar 2)]]; sadd := [("robot-has", [(AVar 0); (AVar 2)])]; sdel := [("robot-has", [(AVar 0); (AVar 1)])] |};
   {| sname := "paint_up"; sparams := [["robot"]; ["tile"]; ["tile"]; ["color"]]; spre := [PAtom true "robot-has" [(AVar 0); (AVar 3)]; PAtom true "robot-at" [(AVar 0); (AVar 2)]; PAtom true "up" [(AVar 1); (AVar 2)]; PAtom true "clear" [(AVar 1)]]; sadd := [("painted", [(AVar 1); (AVar 3)])]; sdel := [("clear", [(AVar 1)])] |};
   {| sname := "paint_down"; sparams := [["robot"]; ["tile"]; ["tile"]; ["color"]]; spre := [PAtom true "robot-has" [(AVar 0); (AVar 3)]; PAtom true "robot-at" [(AVar 0); (AVar 2)]; PAtom true "down" [(AVar 1); (AVar 2)]; PAtom true "clear" [(AVar 1)]]; sadd := [("painted", [(AVar 1); (AVar 3)])]; sdel := [("clear", [(AVar 1)])] |};
   {| sname := "move_up"; sparams := [["robot"]; ["tile"]; ["tile"]]; spre := [PAtom true "robot-at" [(AVar 0); (AVar 1)]; PAtom true "up" [(AVar 2); (AVar 1)]; PAtom true "clear" [(AVar 2)]]; sadd := [("robot-at", [(AVar 0); (AVar 2)]); ("clear", [(AVar 1)])]; sdel := [("robot-at", [(AVar 0); (AVar 1)]); ("clear", [(AVar 2)])] |};
   {| sname := "move_down"; sparams := [["robot"]; ["tile"]; ["tile"]]; spre := [PAtom true "robot-at" [(AVar 0); (AVar 1)]; PAtom true "down" [(AVar 2); (AVar 1)]; PAtom true "clear" [(AVar 2)]]; sadd := [("robot-at", [(AVar 0); (AVar 2)]); ("clear", [(AVar 1)])]; sdel := [("robot-at", [(AVar 0); (AVar 1)]); ("clear", [(AVar 2)])] |};
   {| sname := "move_right"; sparams := [["robot"]; ["tile"]; ["tile"]]; spre := [PAtom true "robot-at" [(AVar 0); (AVar 1)]; PAtom true "right" [(AVar 2); (AVar 1)]; PAtom true "clear" [(AVar 2)]]; sadd := [("robot-at", [(AVar 0); (AVar 2)]); ("clear", [(AVar 1)])]; sdel := [("robot-at", [(AVar 0); (AVar 1)]); ("clear", [(AVar 2)])] |};
   {| sname := "move_left"; sparams := [["robot"]; ["tile"]; ["tile"]]; spre := [PAtom true "robot-at" [(AVar 0); (AVar 1)]; PAtom true "left" [(AVar 2); (AVar 1)]; PAtom true "clear" [(AVar 2)]]; sadd := [("robot-at", [(AVar 0); (AVar 2)]); ("clear", [(AVar 1)])]; sdel := [("robot-at", [(AVar 0); (AVar 1)]); ("clear", [(AVar 2)])] |}].
Definition floortile_wf (c : Ctx) : Prop :=
  objects_distinct c /\ (forall ys, stat c "up" ys = init c "up" ys) /\ (forall ys, stat c "down" ys = init c "down" ys) /\ (forall ys, stat c "right" ys = init c "right" ys) /\ (forall ys, stat c "left" ys = init c "left" ys) /\ (forall x, In x (objs c "tile") -> dist c "g" x x = 0 /\ 0 < dist_cap c "g") /\
  (forall x y, In x (objs c "tile") -> In y (objs c "tile") -> dist c "g" x y <= dist_cap c "g") /\
  (forall u v t, In u (objs c "tile") -> In v (objs c "tile") -> In t (objs c "tile") -> (stat c "up" [v; u] = true \/ stat c "down" [v; u] = true \/ stat c "right" [v; u] = true \/ stat c "left" [v; u] = true) ->
     dist c "g" u t <= 1 + dist c "g" v t /\ (dist c "g" v t < dist_cap c "g" -> dist c "g" u t < dist_cap c "g")).
Definition floortile_certificate (c : Ctx) : bool :=
  (andb (floortile_check_0 c) (andb (floortile_check_1 c) (andb (floortile_check_2 c) (andb (floortile_check_3 c) (andb (floortile_check_4 c) (andb (floortile_check_5 c) (andb (floortile_check_6 c) true))))))).
