(* Floortile: the heuristic of heuristics/floortile.heur is goal-aware, consistent and admissible
   (floortile_goal_aware, floortile_consistent, floortile_admissible; no assumptions).

   Both distance tables are flagged `exact` in floortile.heur, so floortile_wf also says that a
   finite entry off the diagonal is one more than a finite entry of some edge's head. From it:
   - bfs_above c: the "above" table's BFS property (a finite distance is 0 at the target or one
     more than a successor's) (bfs_above_wf);
   - gpos c: distinct tiles are at distance >= 1 in the "g" table (gpos_wf).
   The check a-tile-without-goal gives nongoal_tile c (nongoal_tile_cert): L's forced test, as
   printed, rebinds ?u and reads dist above ?u ?u (0), so it asks that every tile be a goal tile;
   with a tile without goal L counts no pairs and L <= C. The proof is done under these three
   facts (floortile_consistent_given, floortile_admissible_given) and closed with them. Without
   them the statements are false: under the old wf (tables not exact) an all-zero "g" table broke
   Q's paint step, and under the old certificate (no a-tile-without-goal) a task whose tiles are
   all goal tiles, with a cycle of up, had a paint lower h by 2 (counterexamples kept in git
   history: proofs/wip/FloortileModelGap.v at e2a6f11, proofs/wip/FloortileCycle.v at 6a18aea).

   h = max(Q, S) (floortile.heur). Invariants of reachable states: statics as initially; a robot
   on one tile at most, with one color at most; a tile holds one robot at most; occupied tiles are
   neither clear nor painted; clear tiles are unpainted. Dead ends stay dead (dead_step; a forced
   tile painted from above leaves the tile above it blocked, paint_above_dead). Per kind of step,
   off dead ends: S: change_color lowers C by at most 1 (L <= C given a tile without goal);
   paint lowers P by 1 and C, M, F do not drop (the painter stood on a painting square; a paint of
   a non-goal tile changes nothing); a move lowers M and F by at most 1. Q: change_color and a
   move change one robot's a by at most 1; paint (from below: from above is a dead end) lowers n
   by 1, the painter's b goes from 0 to at least 2 (same color: squares 2 apart, the shape check;
   another color: a color change and a square at distance >= 1, gpos), the others' b only grow. *)

From DHeur Require Import Heuristics Admissible Counting.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

(* ---------- The printed value and dead-end test, term by term ---------- *)

Definition isgoal (c : Ctx) (t : nat) : bool := existsb (fun v_c => goal c "painted" [t; v_c]) (objs c "color").
Definition gtiles (c : Ctx) : list nat := List.filter (isgoal c) (objs c "tile").
Definition gcol (c : Ctx) (t : nat) : list nat := List.filter (fun v_c => goal c "painted" [t; v_c]) (objs c "color").
Definition below (c : Ctx) (t : nat) : list nat := List.filter (fun v_x => stat c "up" [t; v_x]) (objs c "tile").
Definition chain (c : Ctx) (t : nat) : list nat :=
  List.filter (fun v_u => Nat.ltb (dist c "above" t v_u) (dist_cap c "above")) (objs c "tile").
Definition istop (c : Ctx) (u : nat) : bool := negb (existsb (fun v_v => stat c "up" [v_v; u]) (objs c "tile")).
Definition forced (c : Ctx) (t : nat) : bool :=
  andb (existsb (fun v_x => stat c "up" [t; v_x]) (objs c "tile"))
    (andb (forallb (isgoal c) (chain c t)) (andb (existsb (istop c) (chain c t)) true)).
Definition spread (c : Ctx) (t : nat) : bool :=
  forallb (fun v_u => orb (Nat.eqb t v_u) (orb (negb (existsb (fun v_c => goal c "painted" [v_u; v_c]) (gcol c t)))
      (orb (forallb (fun v_x => forallb (fun v_y => Nat.leb 2 (dist c "g" v_x v_y)) (below c v_u)) (below c t)) false)))
    (gtiles c).
Definition shape (c : Ctx) : bool :=
  andb (forallb (fun v_t => andb (forced c v_t) (andb (spread c v_t) true)) (gtiles c))
    (andb (forallb (fun v_t => Nat.leb (count_over (objs c "color") (fun v_c => goal c "painted" [v_t; v_c])) 1) (objs c "tile")) true).
Definition unmet (c : Ctx) (s : State) (t : nat) : bool := existsb (fun v_c => negb (s "painted" [t; v_c])) (gcol c t).
Definition nunmet (c : Ctx) (s : State) : nat := count_over (objs c "tile") (unmet c s).
Definition nrob (c : Ctx) : nat := count_over (objs c "robot") (fun _ => true).
Definition hascol (c : Ctx) (s : State) (r t : nat) : bool := existsb (fun v_c => s "robot-has" [r; v_c]) (gcol c t).
Definition aterm (c : Ctx) (s : State) (r p : nat) : nat :=
  min_over (List.filter (unmet c s) (objs c "tile"))
    (fun v_t => min_over (below c v_t) (fun v_x => dist c "g" p v_x) (dist_cap c "g") + ((if hascol c s r v_t then 0 else 1) + 0)) 2.
Definition arob (c : Ctx) (s : State) (r : nat) : nat :=
  min_over (List.filter (fun v_p => s "robot-at" [r; v_p]) (objs c "tile")) (aterm c s r) 2.
Definition brob (c : Ctx) (s : State) (r : nat) : nat := if Nat.leb (nrob c) 1 then arob c s r else Nat.min 2 (arob c s r).
Definition qterm (c : Ctx) (s : State) : nat :=
  if shape c then 3 * nunmet c s + (sum_over (objs c "robot") (brob c s) + 0) - 2 * nrob c else 0.
Definition cterm (c : Ctx) (s : State) : nat :=
  count_over (objs c "color") (fun v_c => andb (existsb (fun v_t => negb (s "painted" [v_t; v_c]))
      (List.filter (fun v_t => goal c "painted" [v_t; v_c]) (objs c "tile")))
    (andb (negb (existsb (fun v_r => s "robot-has" [v_r; v_c]) (objs c "robot"))) true)).
(* L's "u forced" test, as printed: its inner quantifier rebinds ?u, so it reads
   dist above u u (0) and asks that every tile be a goal tile (with a tile without goal, never true: lforced_false). *)
Definition lforced (c : Ctx) (u : nat) : bool :=
  andb (existsb (fun v_x => stat c "up" [u; v_x]) (objs c "tile"))
    (andb (forallb (isgoal c) (List.filter (fun v_u => Nat.ltb (dist c "above" v_u v_u) (dist_cap c "above")) (objs c "tile")))
      (andb (existsb (istop c) (List.filter (fun v_u => Nat.ltb (dist c "above" v_u v_u) (dist_cap c "above")) (objs c "tile"))) true)).
Definition lpairs (c : Ctx) (s : State) (t : nat) : nat :=
  count_over (List.filter (fun v_x => andb (Nat.ltb (dist c "above" v_x t) (dist_cap c "above")) (andb (negb (Nat.eqb v_x t))
      (andb (existsb (fun v_u => andb (lforced c v_u)
          (andb (existsb (fun v_c => existsb (fun v_d => negb (Nat.eqb v_c v_d)) (gcol c v_x)) (gcol c v_u)) true))
        (List.filter (fun v_u => stat c "up" [v_u; v_x]) (objs c "tile"))) true))) (objs c "tile"))
    (fun v_x => andb (unmet c s v_x) (andb (existsb (unmet c s) (List.filter (fun v_u => stat c "up" [v_u; v_x]) (objs c "tile"))) true)).
Definition lterm (c : Ctx) (s : State) : nat :=
  if Nat.leb (nrob c) 1 then
    max_over (gtiles c) (fun v_t => if unmet c s v_t then
      (if existsb (fun v_c => existsb (fun v_r => s "robot-has" [v_r; v_c]) (objs c "robot")) (gcol c v_t) then 0 else 1)
        + (lpairs c s v_t + 0) else 0)
  else 0.
Definition squares (c : Ctx) (t : nat) : list nat :=
  List.filter (fun v_x => orb (stat c "up" [t; v_x]) (orb (andb (negb (forced c t)) (andb (stat c "down" [t; v_x]) true)) false))
    (objs c "tile").
Definition mterm (c : Ctx) (s : State) : nat :=
  max_over (gtiles c) (fun v_t => if unmet c s v_t then
    min_over (objs c "robot") (fun v_r => min_over (List.filter (fun v_p => s "robot-at" [v_r; v_p]) (objs c "tile"))
      (fun v_p => min_over (squares c v_t) (fun v_x => dist c "g" v_p v_x) (dist_cap c "g")) (dist_cap c "g")) (dist_cap c "g")
    else 0).
Definition fterm (c : Ctx) (s : State) : nat :=
  count_over (List.filter (fun v_x => existsb (forced c) (List.filter (fun v_t => stat c "up" [v_t; v_x]) (objs c "tile"))) (objs c "tile"))
    (fun v_x => andb (negb (existsb (fun v_r => s "robot-at" [v_r; v_x]) (objs c "robot")))
      (andb (existsb (unmet c s) (List.filter (fun v_t => stat c "up" [v_t; v_x]) (objs c "tile"))) true)).
Definition sterm (c : Ctx) (s : State) : nat :=
  if andb (shape c) (andb (Nat.leb (nrob c) 1) true) then 0
  else nunmet c s + (Nat.max (cterm c s) (Nat.max (lterm c s) 0) + (Nat.max (mterm c s) (Nat.max (fterm c s) 0) + 0)).
Definition value (c : Ctx) (s : State) : nat := Nat.max (qterm c s) (Nat.max (sterm c s) 0).

Definition wrong (c : Ctx) (s : State) (t : nat) : bool :=
  existsb (fun v_c => andb (negb (s "painted" [t; v_c])) (andb (existsb (fun v_d => s "painted" [t; v_d]) (objs c "color")) true)) (gcol c t).
Definition nocolor (c : Ctx) (s : State) (t : nat) : bool :=
  existsb (fun v_c => andb (negb (s "painted" [t; v_c])) (andb (negb (stat c "available-color" [v_c]))
    (andb (negb (existsb (fun v_r => s "robot-has" [v_r; v_c]) (objs c "robot"))) true))) (gcol c t).
Definition blocked (c : Ctx) (s : State) (t : nat) : bool :=
  andb (unmet c s t) (andb (forallb (fun v_x => existsb (fun v_c => s "painted" [v_x; v_c]) (objs c "color")) (squares c t)) true).
Definition dead (c : Ctx) (s : State) : bool :=
  orb (existsb (wrong c s) (objs c "tile")) (orb (existsb (nocolor c s) (objs c "tile")) (orb (existsb (blocked c s) (gtiles c)) false)).

Lemma h_eq : forall c s, floortile_h (at_state c s) = if dead c s then None else Some (value c s).
Proof. reflexivity. Qed.

(* ---------- The certificate, as facts ---------- *)

Lemma certificate_facts : forall c, floortile_certificate c = true ->
  (forall r, In r (objs c "robot") -> count_over (objs c "tile") (fun t => init c "robot-at" [r; t]) <= 1) /\
  (forall r, In r (objs c "robot") -> count_over (objs c "color") (fun k => init c "robot-has" [r; k]) <= 1) /\
  (forall t, In t (objs c "tile") -> count_over (objs c "robot") (fun r => init c "robot-at" [r; t]) <= 1) /\
  (forall r t, In r (objs c "robot") -> In t (objs c "tile") -> init c "robot-at" [r; t] = true -> init c "clear" [t] = false) /\
  (forall r t k, In r (objs c "robot") -> In t (objs c "tile") -> In k (objs c "color") ->
     init c "robot-at" [r; t] = true -> init c "painted" [t; k] = false) /\
  (forall t k, In t (objs c "tile") -> In k (objs c "color") -> init c "clear" [t] = true -> init c "painted" [t; k] = false) /\
  (forall t, In t (objs c "tile") -> count_over (objs c "color") (fun k => goal c "painted" [t; k]) <= 1) /\
  (forall t, In t (objs c "tile") -> count_over (objs c "tile") (fun x => stat c "up" [t; x]) <= 1) /\
  (forall x, In x (objs c "tile") -> count_over (objs c "tile") (fun t => stat c "up" [t; x]) <= 1) /\
  (forall t x, In t (objs c "tile") -> In x (objs c "tile") -> stat c "down" [t; x] = true -> stat c "up" [x; t] = true).
Proof.
  intros c H. unfold floortile_certificate in H. rewrite !andb_true_iff in H.
  destruct H as [H0 [H1 [H2 [H3 [H4 [H5 [H6 [H7 [H8 [H9 _]]]]]]]]]].
  unfold floortile_check_0, floortile_check_1, floortile_check_2, floortile_check_3, floortile_check_4,
    floortile_check_5, floortile_check_6, floortile_check_7, floortile_check_8, floortile_check_9 in *.
  rewrite forallb_forall in H0, H1, H2, H3, H4, H5, H6, H7, H8, H9.
  split; [|split; [|split; [|split; [|split; [|split; [|split; [|split; [|split]]]]]]]].
  - intros r Hr. apply Nat.leb_le. exact (H0 r Hr).
  - intros r Hr. apply Nat.leb_le. exact (H1 r Hr).
  - intros t Ht. apply Nat.leb_le. exact (H2 t Ht).
  - intros r t Hr Ht Ha. specialize (H3 r Hr). rewrite forallb_forall in H3. specialize (H3 t Ht).
    rewrite Ha in H3. destruct (init c "clear" [t]); [discriminate|reflexivity].
  - intros r t k Hr Ht Hk Ha. specialize (H4 r Hr). rewrite forallb_forall in H4.
    assert (Hf : In t (List.filter (fun v_t => init c "robot-at" [r; v_t]) (objs c "tile"))) by (apply filter_In; auto).
    specialize (H4 t Hf). rewrite forallb_forall in H4. specialize (H4 k Hk). apply negb_true_iff in H4. exact H4.
  - intros t k Ht Hk Hc. assert (Hf : In t (List.filter (fun v_t => init c "clear" [v_t]) (objs c "tile"))) by (apply filter_In; auto).
    specialize (H5 t Hf). rewrite forallb_forall in H5. specialize (H5 k Hk). apply negb_true_iff in H5. exact H5.
  - intros t Ht. apply Nat.leb_le. exact (H6 t Ht).
  - intros t Ht. apply Nat.leb_le. exact (H7 t Ht).
  - intros x Hx. apply Nat.leb_le. exact (H8 x Hx).
  - intros t x Ht Hx Hd. specialize (H9 t Ht). rewrite forallb_forall in H9. apply H9. apply filter_In. auto.
Qed.

(* ---------- The step relation, by kind of schema ---------- *)

Definition statics_same (s s' : State) : Prop :=
  (forall ys, s' "up" ys = s "up" ys) /\ (forall ys, s' "down" ys = s "down" ys) /\
  (forall ys, s' "right" ys = s "right" ys) /\ (forall ys, s' "left" ys = s "left" ys) /\
  (forall ys, s' "available-color" ys = s "available-color" ys).

Lemma step_inv : forall c s o s', strips_step c floortile_schemas s o s' ->
  (* change_color r k1 k2 *)
  (exists r k1 k2, In r (objs c "robot") /\ In k1 (objs c "color") /\ In k2 (objs c "color") /\
     s "robot-has" [r; k1] = true /\ s "available-color" [k2] = true /\
     (forall x y, s' "robot-has" [x; y] = if andb (Nat.eqb r x) (Nat.eqb k2 y) then true
                                        else if andb (Nat.eqb r x) (Nat.eqb k1 y) then false else s "robot-has" [x; y]) /\
     (forall ys, s' "robot-at" ys = s "robot-at" ys) /\ (forall ys, s' "clear" ys = s "clear" ys) /\
     (forall ys, s' "painted" ys = s "painted" ys) /\ statics_same s s')
  \/
  (* paint_up / paint_down r t x k: r on x paints t with k *)
  (exists r t x k, In r (objs c "robot") /\ In t (objs c "tile") /\ In x (objs c "tile") /\ In k (objs c "color") /\
     s "robot-has" [r; k] = true /\ s "robot-at" [r; x] = true /\ (s "up" [t; x] = true \/ s "down" [t; x] = true) /\
     s "clear" [t] = true /\
     (forall y z, s' "painted" [y; z] = if andb (Nat.eqb t y) (Nat.eqb k z) then true else s "painted" [y; z]) /\
     (forall y, s' "clear" [y] = if Nat.eqb t y then false else s "clear" [y]) /\
     (forall ys, s' "robot-at" ys = s "robot-at" ys) /\ (forall ys, s' "robot-has" ys = s "robot-has" ys) /\
     statics_same s s')
  \/
  (* move_* r p q: r from p to q *)
  (exists r p q, In r (objs c "robot") /\ In p (objs c "tile") /\ In q (objs c "tile") /\
     s "robot-at" [r; p] = true /\ s "clear" [q] = true /\
     (s "up" [q; p] = true \/ s "down" [q; p] = true \/ s "right" [q; p] = true \/ s "left" [q; p] = true) /\
     (forall x y, s' "robot-at" [x; y] = if andb (Nat.eqb r x) (Nat.eqb q y) then true
                                       else if andb (Nat.eqb r x) (Nat.eqb p y) then false else s "robot-at" [x; y]) /\
     (forall y, s' "clear" [y] = if Nat.eqb p y then true else if Nat.eqb q y then false else s "clear" [y]) /\
     (forall ys, s' "robot-has" ys = s "robot-has" ys) /\ (forall ys, s' "painted" ys = s "painted" ys) /\
     statics_same s s').
Proof.
  intros c s [sch xs] s' [Hin [Ht [Hpre ->]]]. cbn [fst snd] in Hin, Ht, Hpre |- *.
  unfold floortile_schemas in Hin. cbn [In] in Hin.
  destruct Hin as [<-|[<-|[<-|[<-|[<-|[<-|[<-|[]]]]]]]]; cbn [sparams spre] in Ht, Hpre.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 xs]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 _].
    cbn [pre_holds map arg_value nth] in P1, P2.
    left. exists x0, x1, x2. unfold statics_same. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 [|x4 xs]]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 [H3 _]]]]. apply typed_one in H0. apply typed_one in H1.
    apply typed_one in H2. apply typed_one in H3.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 Hpre]. apply Forall_cons_iff in Hpre as [P4 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3, P4.
    right; left. exists x0, x1, x2, x3. unfold statics_same. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 [|x4 xs]]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 [H3 _]]]]. apply typed_one in H0. apply typed_one in H1.
    apply typed_one in H2. apply typed_one in H3.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 Hpre]. apply Forall_cons_iff in Hpre as [P4 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3, P4.
    right; left. exists x0, x1, x2, x3. unfold statics_same. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 xs]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3.
    right; right. exists x0, x1, x2. unfold statics_same. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 xs]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3.
    right; right. exists x0, x1, x2. unfold statics_same. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 xs]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3.
    right; right. exists x0, x1, x2. unfold statics_same. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 xs]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3.
    right; right. exists x0, x1, x2. unfold statics_same. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
Qed.

(* ---------- Invariants of reachable states ---------- *)

Definition inv (c : Ctx) (s : State) : Prop :=
  statics_same (init c) s /\
  (forall r p p', In r (objs c "robot") -> In p (objs c "tile") -> In p' (objs c "tile") ->
     s "robot-at" [r; p] = true -> s "robot-at" [r; p'] = true -> p = p') /\
  (forall r k k', In r (objs c "robot") -> In k (objs c "color") -> In k' (objs c "color") ->
     s "robot-has" [r; k] = true -> s "robot-has" [r; k'] = true -> k = k') /\
  (forall t r r', In t (objs c "tile") -> In r (objs c "robot") -> In r' (objs c "robot") ->
     s "robot-at" [r; t] = true -> s "robot-at" [r'; t] = true -> r = r') /\
  (forall r t, In r (objs c "robot") -> In t (objs c "tile") -> s "robot-at" [r; t] = true -> s "clear" [t] = false) /\
  (forall r t k, In r (objs c "robot") -> In t (objs c "tile") -> In k (objs c "color") ->
     s "robot-at" [r; t] = true -> s "painted" [t; k] = false) /\
  (forall t k, In t (objs c "tile") -> In k (objs c "color") -> s "clear" [t] = true -> s "painted" [t; k] = false).

Lemma inv_init : forall c, floortile_wf c -> floortile_certificate c = true -> inv c (init c).
Proof.
  intros c [Hnd _] Hcert.
  destruct (certificate_facts c Hcert) as [C0 [C1 [C2 [C3 [C4 [C5 _]]]]]].
  split; [unfold statics_same; repeat split; reflexivity|split; [|split; [|split; [|split; [|split]]]]].
  - intros r p p' Hr Hp Hp' H1 H2. exact (count_over_le1 _ _ p p' (Hnd "tile") (C0 r Hr) Hp Hp' H1 H2).
  - intros r k k' Hr Hk Hk' H1 H2. exact (count_over_le1 _ _ k k' (Hnd "color") (C1 r Hr) Hk Hk' H1 H2).
  - intros t r r' Ht Hr Hr' H1 H2. exact (count_over_le1 _ _ r r' (Hnd "robot") (C2 t Ht) Hr Hr' H1 H2).
  - exact C3.
  - exact C4.
  - exact C5.
Qed.

Lemma inv_step : forall c s o s', inv c s -> strips_step c floortile_schemas s o s' -> inv c s'.
Proof.
  intros c s o s' [[S1 [S2 [S3 [S4 S5]]]] [I2 [I3 [I4 [I5 [I6 I7]]]]]] Hs.
  destruct (step_inv c s o s' Hs) as [Hcc|[Hpt|Hmv]].
  - destruct Hcc as [r [k1 [k2 [Hr [Hk1 [Hk2 [Hh [Hav [Hhas [Hat [Hcl [Hpa [T1 [T2 [T3 [T4 T5]]]]]]]]]]]]]]]].
    (* change_color *)
    split; [unfold statics_same; repeat split; intros ys; rewrite ?T1, ?T2, ?T3, ?T4, ?T5; auto|].
    split; [intros r0 p0 p1 Hr0 Hp0 Hp1; rewrite !Hat; exact (I2 r0 p0 p1 Hr0 Hp0 Hp1)|].
    split; [|split; [intros t0 r0 r1 Ht0 Hr0 Hr1; rewrite !Hat; exact (I4 t0 r0 r1 Ht0 Hr0 Hr1)|
             split; [intros r0 t0 Hr0 Ht0; rewrite Hat, Hcl; exact (I5 r0 t0 Hr0 Ht0)|
             split; [intros r0 t0 k0 Hr0 Ht0 Hk0; rewrite Hat, Hpa; exact (I6 r0 t0 k0 Hr0 Ht0 Hk0)|
                     intros t0 k0 Ht0 Hk0; rewrite Hcl, Hpa; exact (I7 t0 k0 Ht0 Hk0)]]]].
    assert (Hone : forall r0 y, In r0 (objs c "robot") -> In y (objs c "color") -> s' "robot-has" [r0; y] = true ->
      (r0 = r /\ y = k2) \/ (r0 <> r /\ s "robot-has" [r0; y] = true)).
    { intros r0 y Hr0 Hy H. rewrite Hhas in H. revert H.
      destruct (Nat.eqb_spec r r0) as [<-|Hne]; simpl.
      - destruct (Nat.eqb_spec k2 y) as [<-|_]; simpl; [auto|].
        destruct (Nat.eqb_spec k1 y) as [<-|Hne']; simpl; [discriminate|].
        intros H. exfalso. exact (Hne' (I3 r k1 y Hr Hk1 Hy Hh H)).
      - intros H. right. auto. }
    intros r0 a b Hr0 Ha' Hb' H1 H2.
    destruct (Hone r0 a Hr0 Ha' H1) as [[E1 E2]|[N1 F1]]; destruct (Hone r0 b Hr0 Hb' H2) as [[E3 E4]|[N2 F2]].
    + congruence.
    + contradiction.
    + contradiction.
    + exact (I3 r0 a b Hr0 Ha' Hb' F1 F2).
  - destruct Hpt as [r [t [x [k [Hr [Ht [Hx [Hk [Hh [Ha [Hux [Hct [Hpa [Hcl [Hat [Hhas [T1 [T2 [T3 [T4 T5]]]]]]]]]]]]]]]]]]]].
    (* paint *)
    split; [unfold statics_same; repeat split; intros ys; rewrite ?T1, ?T2, ?T3, ?T4, ?T5; auto|].
    split; [intros r0 p0 p1 Hr0 Hp0 Hp1; rewrite !Hat; exact (I2 r0 p0 p1 Hr0 Hp0 Hp1)|].
    split; [intros r0 a b Hr0 Ha' Hb'; rewrite !Hhas; exact (I3 r0 a b Hr0 Ha' Hb')|].
    split; [intros t0 r0 r1 Ht0 Hr0 Hr1; rewrite !Hat; exact (I4 t0 r0 r1 Ht0 Hr0 Hr1)|].
    split; [intros r0 t0 Hr0 Ht0 H; rewrite Hat in H; rewrite Hcl; destruct (Nat.eqb t t0); [reflexivity|exact (I5 r0 t0 Hr0 Ht0 H)]|].
    split.
    + intros r0 t0 k0 Hr0 Ht0 Hk0 H. rewrite Hat in H. rewrite Hpa.
      destruct (Nat.eqb_spec t t0) as [<-|_]; [|exact (I6 r0 t0 k0 Hr0 Ht0 Hk0 H)].
      exfalso. rewrite (I5 r0 t Hr0 Ht0 H) in Hct. discriminate.
    + intros t0 k0 Ht0 Hk0 H. rewrite Hcl in H. rewrite Hpa.
      destruct (Nat.eqb_spec t t0) as [<-|_]; [discriminate|]. exact (I7 t0 k0 Ht0 Hk0 H).
  - destruct Hmv as [r [p [q [Hr [Hp [Hq [Ha [Hcq [Hdir [Hat [Hcl [Hhas [Hpa [T1 [T2 [T3 [T4 T5]]]]]]]]]]]]]]]]].
    (* move *)
    assert (Hpq : p <> q). { intros <-. rewrite (I5 r p Hr Hp Ha) in Hcq. discriminate. }
    assert (Hqfree : forall r0, In r0 (objs c "robot") -> s "robot-at" [r0; q] = false).
    { intros r0 Hr0. destruct (s "robot-at" [r0; q]) eqn:E; [|reflexivity].
      rewrite (I5 r0 q Hr0 Hq E) in Hcq. discriminate. }
    (* where a robot stands after the move *)
    assert (Hone : forall r0 y, In r0 (objs c "robot") -> In y (objs c "tile") -> s' "robot-at" [r0; y] = true ->
      (r0 = r /\ y = q) \/ (r0 <> r /\ s "robot-at" [r0; y] = true)).
    { intros r0 y Hr0 Hy H. rewrite Hat in H. revert H.
      destruct (Nat.eqb_spec r r0) as [<-|Hne]; simpl.
      - destruct (Nat.eqb_spec q y) as [<-|_]; simpl; [auto|].
        destruct (Nat.eqb_spec p y) as [<-|Hne']; simpl; [discriminate|].
        intros H. exfalso. exact (Hne' (I2 r p y Hr Hp Hy Ha H)).
      - intros H. right. auto. }
    split; [unfold statics_same; repeat split; intros ys; rewrite ?T1, ?T2, ?T3, ?T4, ?T5; auto|].
    split; [|split; [intros r0 a b Hr0 Ha' Hb'; rewrite !Hhas; exact (I3 r0 a b Hr0 Ha' Hb')|split; [|split; [|split]]]].
    + intros r0 p0 p1 Hr0 Hp0 Hp1 H1 H2.
      destruct (Hone r0 p0 Hr0 Hp0 H1) as [[E1 E2]|[N1 F1]]; destruct (Hone r0 p1 Hr0 Hp1 H2) as [[E3 E4]|[N2 F2]];
        [congruence|contradiction|contradiction|exact (I2 r0 p0 p1 Hr0 Hp0 Hp1 F1 F2)].
    + intros t0 r0 r1 Ht0 Hr0 Hr1 H1 H2.
      destruct (Hone r0 t0 Hr0 Ht0 H1) as [[E1 E2]|[N1 F1]]; destruct (Hone r1 t0 Hr1 Ht0 H2) as [[E3 E4]|[N2 F2]].
      * congruence.
      * subst t0. rewrite (Hqfree r1 Hr1) in F2. discriminate.
      * subst t0. rewrite (Hqfree r0 Hr0) in F1. discriminate.
      * exact (I4 t0 r0 r1 Ht0 Hr0 Hr1 F1 F2).
    + intros r0 t0 Hr0 Ht0 H. rewrite Hcl.
      destruct (Hone r0 t0 Hr0 Ht0 H) as [[E1 E2]|[N1 F1]].
      * subst t0. destruct (Nat.eqb_spec p q) as [E|_]; [contradiction|]. rewrite Nat.eqb_refl. reflexivity.
      * destruct (Nat.eqb_spec p t0) as [<-|_]; [exfalso; exact (N1 (I4 p r0 r Hp Hr0 Hr F1 Ha))|].
        destruct (Nat.eqb q t0); [reflexivity|exact (I5 r0 t0 Hr0 Ht0 F1)].
    + intros r0 t0 k0 Hr0 Ht0 Hk0 H. rewrite Hpa.
      destruct (Hone r0 t0 Hr0 Ht0 H) as [[E1 E2]|[N1 F1]].
      * subst t0. exact (I7 q k0 Hq Hk0 Hcq).
      * exact (I6 r0 t0 k0 Hr0 Ht0 Hk0 F1).
    + intros t0 k0 Ht0 Hk0 H. rewrite Hpa. rewrite Hcl in H.
      destruct (Nat.eqb_spec p t0) as [<-|_]; [exact (I6 r p k0 Hr Hp Hk0 Ha)|].
      destruct (Nat.eqb q t0); [discriminate|exact (I7 t0 k0 Ht0 Hk0 H)].
Qed.

Lemma inv_reachable : forall c s, floortile_wf c -> floortile_certificate c = true ->
  reachable State Op (strips_step c floortile_schemas) (init c) s -> inv c s.
Proof.
  intros c s Hwf Hcert Hr. induction Hr as [|s o s' Hr IH Hs].
  - exact (inv_init c Hwf Hcert).
  - exact (inv_step c s o s' IH Hs).
Qed.

(* ---------- The BFS property of the above table ---------- *)

(* A finite distance is 0 at the target or one more than the distance of a successor. The lemmas
   below take it as a hypothesis; bfs_above_wf derives it from floortile_wf (the table is exact). *)
Definition bfs_above (c : Ctx) : Prop :=
  forall a b, In a (objs c "tile") -> In b (objs c "tile") -> dist c "above" a b < dist_cap c "above" ->
    a = b \/ exists z, In z (objs c "tile") /\ stat c "up" [z; a] = true /\ dist c "above" z b + 1 = dist c "above" a b.

Lemma wf_above : forall c, floortile_wf c ->
  (forall x, In x (objs c "tile") -> dist c "above" x x = 0 /\ 0 < dist_cap c "above") /\
  (forall u v t, In u (objs c "tile") -> In v (objs c "tile") -> In t (objs c "tile") -> stat c "up" [v; u] = true ->
     dist c "above" u t <= 1 + dist c "above" v t /\ (dist c "above" v t < dist_cap c "above" -> dist c "above" u t < dist_cap c "above")).
Proof.
  intros c Hwf. unfold floortile_wf in Hwf.
  destruct Hwf as [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [Ha [_ [He _]]]]]]]]]]]]]. split; assumption.
Qed.

(* A forced tile's tile above is a forced goal tile. *)
Lemma forced_above : forall c t x, floortile_wf c -> floortile_certificate c = true -> bfs_above c ->
  In t (objs c "tile") -> In x (objs c "tile") -> forced c t = true -> stat c "up" [x; t] = true ->
  forced c x = true /\ isgoal c x = true.
Proof.
  intros c t x Hwf Hcert Hbfs Ht Hx Hf Hup.
  destruct (wf_above c Hwf) as [Hdiag Hedge].
  destruct (certificate_facts c Hcert) as [_ [_ [_ [_ [_ [_ [_ [_ [C8 _]]]]]]]]].
  unfold forced in Hf. rewrite !andb_true_iff in Hf. destruct Hf as [_ [Hgoal [Htop _]]].
  rewrite forallb_forall in Hgoal. apply existsb_exists in Htop. destruct Htop as [u [Hu Hutop]].
  apply filter_In in Hu. destruct Hu as [Hu Hreach]. apply Nat.ltb_lt in Hreach.
  (* what x reaches, t reaches *)
  assert (Hsub : forall w, In w (objs c "tile") -> dist c "above" x w < dist_cap c "above" ->
            dist c "above" t w < dist_cap c "above").
  { intros w Hw H. exact (proj2 (Hedge t x w Ht Hx Hw Hup) H). }
  split.
  - unfold forced. rewrite !andb_true_iff. split; [|split; [|split; [|reflexivity]]].
    + apply existsb_exists. exists t. auto.
    + apply forallb_forall. intros w Hw. apply filter_In in Hw. destruct Hw as [Hw Hr]. apply Nat.ltb_lt in Hr.
      apply Hgoal. apply filter_In. split; [exact Hw|]. apply Nat.ltb_lt. exact (Hsub w Hw Hr).
    + apply existsb_exists. exists u. split; [|exact Hutop]. apply filter_In. split; [exact Hu|].
      apply Nat.ltb_lt.
      destruct (Hbfs t u Ht Hu Hreach) as [<-|[z [Hz [Hzup Hd]]]].
      * exfalso. unfold istop in Hutop. apply negb_true_iff in Hutop.
        assert (E : existsb (fun v_v => stat c "up" [v_v; t]) (objs c "tile") = true) by (apply existsb_exists; eauto).
        rewrite E in Hutop. discriminate.
      * assert (z = x) as ->.
        { exact (count_over_le1 _ _ z x (proj1 Hwf "tile") (C8 t Ht) Hz Hx Hzup Hup). }
        lia.
  - apply Hgoal. apply filter_In. split; [exact Hx|]. apply Nat.ltb_lt.
    destruct (Hdiag x Hx) as [H0 Hcap]. apply Hsub; [exact Hx|lia].
Qed.

(* ---------- What a step does to paint and colors ---------- *)

Lemma painted_mono : forall c s o s' y z, strips_step c floortile_schemas s o s' ->
  s "painted" [y; z] = true -> s' "painted" [y; z] = true.
Proof.
  intros c s o s' y z Hs H.
  destruct (step_inv c s o s' Hs) as [Hx|[Hx|Hx]].
  - destruct Hx as (r & k1 & k2 & _ & _ & _ & _ & _ & _ & _ & _ & Hpa & _). rewrite Hpa. exact H.
  - destruct Hx as (r & t & x & k & _ & _ & _ & _ & _ & _ & _ & _ & Hpa & _).
    rewrite Hpa. destruct (andb _ _); [reflexivity|exact H].
  - destruct Hx as (r & p & q & _ & _ & _ & _ & _ & _ & _ & _ & _ & Hpa & _). rewrite Hpa. exact H.
Qed.

Lemma painted_new : forall c s o s' y z, strips_step c floortile_schemas s o s' ->
  s' "painted" [y; z] = true -> s "painted" [y; z] = false ->
  s "clear" [y] = true /\ exists r x, In r (objs c "robot") /\ In x (objs c "tile") /\ In z (objs c "color") /\
    s "robot-at" [r; x] = true /\ s "robot-has" [r; z] = true /\ (s "up" [y; x] = true \/ s "down" [y; x] = true).
Proof.
  intros c s o s' y z Hs H H0.
  destruct (step_inv c s o s' Hs) as [Hy|[Hy|Hy]].
  - destruct Hy as (r & k1 & k2 & _ & _ & _ & _ & _ & _ & _ & _ & Hpa & _). rewrite Hpa in H. congruence.
  - destruct Hy as (r & t & x & k & Hr & Ht & Hx & Hk & Hh & Ha & Hux & Hct & Hpa & _). rewrite Hpa in H. destruct (Nat.eqb_spec t y) as [<-|Hne]; destruct (Nat.eqb_spec k z) as [<-|Hne']; simpl in H;
      try congruence.
    split; [exact Hct|]. exists r, x. repeat split; auto.
  - destruct Hy as (r & p & q & _ & _ & _ & _ & _ & _ & _ & _ & _ & Hpa & _). rewrite Hpa in H. congruence.
Qed.

Lemma has_new : forall c s o s' r k, strips_step c floortile_schemas s o s' ->
  s' "robot-has" [r; k] = true -> s "robot-has" [r; k] = true \/ s "available-color" [k] = true.
Proof.
  intros c s o s' r0 k0 Hs H.
  destruct (step_inv c s o s' Hs) as [Hy|[Hy|Hy]].
  - destruct Hy as (r & k1 & k2 & _ & _ & _ & _ & Hav & Hhas & _). rewrite Hhas in H. destruct (Nat.eqb_spec r r0) as [<-|_]; destruct (Nat.eqb_spec k2 k0) as [<-|_]; simpl in H;
      [right; exact Hav|..]; try (left; exact H).
    destruct (Nat.eqb k1 k0); [discriminate|left; exact H].
  - destruct Hy as (r & t & x & k & _ & _ & _ & _ & _ & _ & _ & _ & _ & _ & _ & Hhas & _). rewrite Hhas in H. left. exact H.
  - destruct Hy as (r & p & q & _ & _ & _ & _ & _ & _ & _ & _ & Hhas & _). rewrite Hhas in H. left. exact H.
Qed.

Lemma statics_step : forall c s o s', strips_step c floortile_schemas s o s' -> statics_same s s'.
Proof.
  intros c s o s' Hs.
  destruct (step_inv c s o s' Hs) as [Hy|[Hy|Hy]].
  - destruct Hy as (r & k1 & k2 & _ & _ & _ & _ & _ & _ & _ & _ & _ & T). exact T.
  - destruct Hy as (r & t & x & k & _ & _ & _ & _ & _ & _ & _ & _ & _ & _ & _ & _ & T). exact T.
  - destruct Hy as (r & p & q & _ & _ & _ & _ & _ & _ & _ & _ & _ & _ & T). exact T.
Qed.

(* ---------- The dead-end test stays true ---------- *)

Lemma s_stat : forall c s, floortile_wf c -> inv c s ->
  (forall ys, s "up" ys = stat c "up" ys) /\ (forall ys, s "down" ys = stat c "down" ys) /\
  (forall ys, s "available-color" ys = stat c "available-color" ys).
Proof.
  intros c s Hwf [[S1 [S2 [_ [_ S5]]]] _].
  destruct Hwf as [_ [W1 [W2 [_ [_ [W5 _]]]]]].
  split; [|split]; intros ys; [rewrite S1, W1|rewrite S2, W2|rewrite S5, W5]; reflexivity.
Qed.

Lemma dead_step : forall c s o s', floortile_wf c -> floortile_certificate c = true -> bfs_above c -> inv c s ->
  strips_step c floortile_schemas s o s' -> dead c s = true -> dead c s' = true.
Proof.
  intros c s o s' Hwf Hcert Hbfs Hinv Hs.
  pose proof Hinv as [_ [I2 [I3 [I4 [I5 [I6 I7]]]]]].
  destruct (s_stat c s Hwf Hinv) as [Sup [Sdown Sav]].
  destruct (certificate_facts c Hcert) as [_ [_ [_ [_ [_ [_ [_ [C7 _]]]]]]]].
  pose proof (statics_step c s o s' Hs) as [_ [_ [_ [_ T5]]]].
  intros Hd. unfold dead in Hd |- *. rewrite !orb_true_iff in Hd. rewrite !orb_true_iff.
  destruct Hd as [Hw|[Hn|[Hb|Hf]]]; [| | |discriminate].
  - (* a goal tile painted another color *)
    left. apply existsb_exists in Hw. destruct Hw as [t [Ht Hw]]. apply existsb_exists. exists t. split; [exact Ht|].
    unfold wrong in *. apply existsb_exists in Hw. destruct Hw as [k [Hk Hw]]. apply existsb_exists. exists k.
    split; [exact Hk|]. rewrite !andb_true_iff in Hw |- *. destruct Hw as [Hnp [Hd _]].
    apply existsb_exists in Hd. destruct Hd as [d [Hdc Hd]].
    split; [|split; [apply existsb_exists; exists d; split; [exact Hdc|exact (painted_mono c s o s' t d Hs Hd)]|reflexivity]].
    apply negb_true_iff in Hnp. apply negb_true_iff. destruct (s' "painted" [t; k]) eqn:E; [|reflexivity].
    destruct (painted_new c s o s' t k Hs E Hnp) as [Hcl _].
    rewrite (I7 t d Ht Hdc Hcl) in Hd. discriminate.
  - (* a goal color nobody holds or can take *)
    right; left. apply existsb_exists in Hn. destruct Hn as [t [Ht Hn]]. apply existsb_exists. exists t. split; [exact Ht|].
    unfold nocolor in *. apply existsb_exists in Hn. destruct Hn as [k [Hk Hn]]. apply existsb_exists. exists k.
    split; [exact Hk|]. rewrite !andb_true_iff in Hn |- *. destruct Hn as [Hnp [Hna [Hnr _]]].
    apply negb_true_iff in Hnp, Hna, Hnr.
    assert (Hnr' : forall r, In r (objs c "robot") -> s "robot-has" [r; k] = false).
    { intros r Hr. destruct (s "robot-has" [r; k]) eqn:E; [|reflexivity].
      assert (existsb (fun v_r => s "robot-has" [v_r; k]) (objs c "robot") = true) by (apply existsb_exists; exists r; auto).
      congruence. }
    split; [|split; [|split; [|reflexivity]]]; apply negb_true_iff.
    + destruct (s' "painted" [t; k]) eqn:E; [|reflexivity].
      destruct (painted_new c s o s' t k Hs E Hnp) as [_ [r [x [Hr [_ [_ [_ [Hh _]]]]]]]].
      rewrite (Hnr' r Hr) in Hh. discriminate.
    + exact Hna.
    + apply existsb_false_in. intros r Hr. destruct (s' "robot-has" [r; k]) eqn:E; [|reflexivity].
      destruct (has_new c s o s' r k Hs E) as [H|H]; [rewrite (Hnr' r Hr) in H; discriminate|rewrite Sav in H; congruence].
  - (* an unmet tile whose squares are all painted *)
    right; right; left. apply existsb_exists in Hb. destruct Hb as [t [Htg Hb]].
    pose proof Htg as Htg'. apply filter_In in Htg'. destruct Htg' as [Ht _].
    unfold blocked in Hb. rewrite !andb_true_iff in Hb. destruct Hb as [Hun [Hsq _]].
    rewrite forallb_forall in Hsq.
    assert (Hsq' : forall y, In y (squares c t) -> existsb (fun v_c => s' "painted" [y; v_c]) (objs c "color") = true).
    { intros y Hy. specialize (Hsq y Hy). apply existsb_exists in Hsq. destruct Hsq as [z [Hz Hp]].
      apply existsb_exists. exists z. split; [exact Hz|exact (painted_mono c s o s' y z Hs Hp)]. }
    unfold unmet in Hun. apply existsb_exists in Hun. destruct Hun as [k [Hk Hnp]]. apply negb_true_iff in Hnp.
    destruct (s' "painted" [t; k]) eqn:E.
    + (* t was painted in this step: from above, t forced; its tile above is now blocked *)
      destruct (painted_new c s o s' t k Hs E Hnp) as [Hct [r [x [Hr [Hx [Hkc [Ha [Hh Hux]]]]]]]].
      rewrite Sup, Sdown in Hux.
      assert (Hnot : ~ In x (squares c t)).
      { intros Hin. specialize (Hsq x Hin). apply existsb_exists in Hsq. destruct Hsq as [z [Hz Hp]].
        rewrite (I6 r x z Hr Hx Hz Ha) in Hp. discriminate. }
      assert (Hup0 : stat c "up" [t; x] = false).
      { destruct (stat c "up" [t; x]) eqn:U; [|reflexivity]. exfalso. apply Hnot. apply filter_In. rewrite U. auto. }
      assert (Hdown : stat c "down" [t; x] = true) by (destruct Hux as [U|U]; congruence).
      assert (Hft : forced c t = true).
      { destruct (forced c t) eqn:F; [reflexivity|]. exfalso. apply Hnot. apply filter_In. rewrite Hdown, F. simpl.
        rewrite orb_true_r. auto. }
      destruct (certificate_facts c Hcert) as [_ [_ [_ [_ [_ [_ [_ [_ [_ C9]]]]]]]]].
      pose proof (C9 t x Ht Hx Hdown) as Hxt.
      destruct (forced_above c t x Hwf Hcert Hbfs Ht Hx Hft Hxt) as [Hfx Hgx].
      apply existsb_exists. exists x. split; [apply filter_In; auto|].
      unfold blocked. rewrite !andb_true_iff. split; [|split; [|reflexivity]].
      * unfold isgoal in Hgx. apply existsb_exists in Hgx. destruct Hgx as [k' [Hk' Hg']].
        unfold unmet. apply existsb_exists. exists k'. split; [apply filter_In; auto|].
        apply negb_true_iff. destruct (s' "painted" [x; k']) eqn:E'; [|reflexivity].
        destruct (painted_new c s o s' x k' Hs E' (I6 r x k' Hr Hx Hk' Ha)) as [Hcx _].
        rewrite (I5 r x Hr Hx Ha) in Hcx. discriminate.
      * apply forallb_forall. intros y Hy. apply filter_In in Hy. destruct Hy as [Hy Hyq].
        rewrite Hfx in Hyq. simpl in Hyq. rewrite orb_false_r in Hyq.
        assert (y = t) as -> by exact (count_over_le1 _ _ y t (proj1 Hwf "tile") (C7 x Hx) Hy Ht Hyq Hxt).
        apply existsb_exists. exists k. split; [exact Hkc|exact E].
    + apply existsb_exists. exists t. split; [exact Htg|].
      unfold blocked. rewrite !andb_true_iff. split; [|split; [apply forallb_forall; exact Hsq'|reflexivity]].
      unfold unmet. apply existsb_exists. exists k. split; [exact Hk|]. rewrite E. reflexivity.
Qed.



(* ---------- Goal-awareness ---------- *)

Lemma filter_nil : forall (l : list nat) p, (forall x, In x l -> p x = false) -> List.filter p l = [].
Proof.
  induction l as [|a l IH]; intros p H; [reflexivity|]. simpl. rewrite (H a (or_introl eq_refl)).
  apply IH. intros x Hx. apply H. right. exact Hx.
Qed.

Lemma sum_over_const : forall (l : list nat) a, sum_over l (fun _ => a) = a * List.length l.
Proof. induction l as [|x l IH]; intros a; simpl; [lia|rewrite IH; lia]. Qed.

Lemma count_over_true : forall (l : list nat), count_over l (fun _ => true) = List.length l.
Proof. induction l as [|x l IH]; [reflexivity|]. unfold count_over in *. simpl. rewrite IH. reflexivity. Qed.

Lemma sum_over_ext_in' : forall (l : list nat) f g, (forall x, In x l -> f x = g x) -> sum_over l f = sum_over l g.
Proof.
  induction l as [|a l IH]; intros f g H; [reflexivity|]. simpl. rewrite (H a (or_introl eq_refl)).
  rewrite (IH f g); [reflexivity|]. intros x Hx. apply H. right. exact Hx.
Qed.

Lemma unmet_goal : forall c s, strips_goal c s -> forall t, unmet c s t = false.
Proof.
  intros c s Hg t. unfold unmet. apply existsb_false_in. intros k Hk. apply filter_In in Hk. destruct Hk as [_ Hk].
  rewrite (Hg _ _ Hk). reflexivity.
Qed.

Lemma value_goal : forall c s, strips_goal c s -> value c s = 0.
Proof.
  intros c s Hg. pose proof (unmet_goal c s Hg) as Hu.
  assert (Hn : nunmet c s = 0) by (apply count_over_zero; intros t _; apply Hu).
  assert (Ha : forall r p, aterm c s r p = 2).
  { intros r p. unfold aterm. rewrite (filter_nil _ _ (fun t _ => Hu t)). reflexivity. }
  assert (Hb : forall r, brob c s r = 2).
  { intros r. assert (arob c s r = 2).
    { unfold arob. apply Nat.le_antisymm.
      - apply min_over_le_default. intros p _. rewrite Ha. lia.
      - apply min_over_ge; [intros p _; rewrite Ha|]; lia. }
    unfold brob. rewrite H. destruct (Nat.leb _ _); reflexivity. }
  assert (Hq : qterm c s = 0).
  { unfold qterm. destruct (shape c); [|reflexivity]. rewrite Hn.
    rewrite (sum_over_ext_in' (objs c "robot") (brob c s) (fun _ => 2)) by (intros r _; apply Hb).
    rewrite sum_over_const. unfold nrob. rewrite count_over_true. lia. }
  assert (Hc : cterm c s = 0).
  { apply count_over_zero. intros k _. apply andb_false_iff. left. apply existsb_false_in.
    intros t Ht. apply filter_In in Ht. destruct Ht as [_ Ht]. rewrite (Hg _ _ Ht). reflexivity. }
  assert (Hl : lterm c s = 0).
  { unfold lterm. destruct (Nat.leb _ _); [|reflexivity]. apply Nat.le_0_r. apply max_over_le.
    intros t _. rewrite Hu. lia. }
  assert (Hm : mterm c s = 0).
  { unfold mterm. apply Nat.le_0_r. apply max_over_le. intros t _. rewrite Hu. lia. }
  assert (Hf : fterm c s = 0).
  { apply count_over_zero. intros x _. apply andb_false_iff. right. apply andb_false_iff. left.
    apply existsb_false_in. intros t _. apply Hu. }
  unfold value, sterm. rewrite Hq, Hn, Hc, Hl, Hm, Hf. destruct (andb _ _); reflexivity.
Qed.

Lemma dead_goal : forall c s, strips_goal c s -> dead c s = false.
Proof.
  intros c s Hg. pose proof (unmet_goal c s Hg) as Hu. unfold dead.
  assert (Hw : forall t, wrong c s t = false).
  { intros t. unfold wrong. apply existsb_false_in. intros k Hk. apply filter_In in Hk. destruct Hk as [_ Hk].
    rewrite (Hg _ _ Hk). reflexivity. }
  assert (Hn : forall t, nocolor c s t = false).
  { intros t. unfold nocolor. apply existsb_false_in. intros k Hk. apply filter_In in Hk. destruct Hk as [_ Hk].
    rewrite (Hg _ _ Hk). reflexivity. }
  assert (Hb : forall t, blocked c s t = false).
  { intros t. unfold blocked. rewrite Hu. reflexivity. }
  rewrite (existsb_false_in _ _ (fun t _ => Hw t)), (existsb_false_in _ _ (fun t _ => Hn t)),
    (existsb_false_in _ _ (fun t _ => Hb t)). reflexivity.
Qed.

Theorem floortile_goal_aware : forall c : Ctx, floortile_wf c -> floortile_certificate c = true ->
  goal_aware State Op (strips_step c floortile_schemas) (init c) (strips_goal c) (fun s => floortile_h (at_state c s)).
Proof.
  intros c _ _ s _ Hg. rewrite h_eq, (dead_goal c s Hg), (value_goal c s Hg). reflexivity.
Qed.


(* ---------- A forced tile painted from above: its tile above is blocked ---------- *)

Lemma paint_above_dead : forall c s o s' t x r k, floortile_wf c -> floortile_certificate c = true -> bfs_above c ->
  inv c s -> strips_step c floortile_schemas s o s' ->
  In t (objs c "tile") -> In x (objs c "tile") -> In r (objs c "robot") -> In k (objs c "color") ->
  forced c t = true -> stat c "down" [t; x] = true -> s "robot-at" [r; x] = true -> s' "painted" [t; k] = true ->
  dead c s' = true.
Proof.
  intros c s o s' t x r k Hwf Hcert Hbfs Hinv Hs Ht Hx Hr Hkc Hft Hdown Ha E.
  pose proof Hinv as [_ [I2 [I3 [I4 [I5 [I6 I7]]]]]].
  destruct (certificate_facts c Hcert) as [_ [_ [_ [_ [_ [_ [_ [C7 [_ C9]]]]]]]]].
  pose proof (C9 t x Ht Hx Hdown) as Hxt.
  destruct (forced_above c t x Hwf Hcert Hbfs Ht Hx Hft Hxt) as [Hfx Hgx].
  unfold dead. apply orb_true_iff. right. apply orb_true_iff. right. apply orb_true_iff. left.
  apply existsb_exists. exists x. split; [apply filter_In; auto|].
  unfold blocked. rewrite !andb_true_iff. split; [|split; [|reflexivity]].
  - unfold isgoal in Hgx. apply existsb_exists in Hgx. destruct Hgx as [k' [Hk' Hg']].
    unfold unmet. apply existsb_exists. exists k'. split; [apply filter_In; auto|].
    apply negb_true_iff. destruct (s' "painted" [x; k']) eqn:E'; [|reflexivity].
    destruct (painted_new c s o s' x k' Hs E' (I6 r x k' Hr Hx Hk' Ha)) as [Hcx _].
    rewrite (I5 r x Hr Hx Ha) in Hcx. discriminate.
  - apply forallb_forall. intros y Hy. apply filter_In in Hy. destruct Hy as [Hy Hyq].
    rewrite Hfx in Hyq. simpl in Hyq. rewrite orb_false_r in Hyq.
    assert (y = t) as -> by exact (count_over_le1 _ _ y t (proj1 Hwf "tile") (C7 x Hx) Hy Ht Hyq Hxt).
    apply existsb_exists. exists k. split; [exact Hkc|exact E].
Qed.

(* ---------- L is at most C on tasks with a tile that is not a goal tile ---------- *)

(* The certificate check this needs (not in floortile.heur yet): some tile has no goal. *)
Definition nongoal_tile (c : Ctx) : Prop := exists t0, In t0 (objs c "tile") /\ isgoal c t0 = false.

Lemma lforced_false : forall c u, floortile_wf c -> nongoal_tile c -> lforced c u = false.
Proof.
  intros c u Hwf [t0 [Ht0 Hg0]]. destruct (wf_above c Hwf) as [Hdiag _].
  unfold lforced. apply andb_false_iff. right. apply andb_false_iff. left.
  destruct (forallb _ _) eqn:E; [|reflexivity]. rewrite forallb_forall in E.
  assert (Hin : In t0 (List.filter (fun v_u => Nat.ltb (dist c "above" v_u v_u) (dist_cap c "above")) (objs c "tile"))).
  { apply filter_In. split; [exact Ht0|]. apply Nat.ltb_lt. destruct (Hdiag t0 Ht0) as [-> H]. exact H. }
  rewrite (E t0 Hin) in Hg0. discriminate.
Qed.

Lemma lterm_le_cterm : forall c s, floortile_wf c -> nongoal_tile c -> lterm c s <= cterm c s.
Proof.
  intros c s Hwf Hng. unfold lterm. destruct (Nat.leb _ _); [|lia]. apply max_over_le. intros t Ht.
  destruct (unmet c s t) eqn:U; [|lia].
  assert (Hp : lpairs c s t = 0).
  { unfold lpairs. rewrite (filter_nil _ _); [reflexivity|]. intros x _.
    apply andb_false_iff. right. apply andb_false_iff. right. apply andb_false_iff. left.
    apply existsb_false_in. intros u _. rewrite (lforced_false c u Hwf Hng). reflexivity. }
  rewrite Hp. destruct (existsb _ (gcol c t)) eqn:E; [lia|].
  unfold unmet in U. apply existsb_exists in U. destruct U as [k [Hk Hnp]].
  pose proof Hk as Hk'. apply filter_In in Hk'. destruct Hk' as [Hkc Hgk].
  assert (1 <= cterm c s); [|lia].
  apply (count_over_pos _ _ k Hkc). apply andb_true_iff. split.
  - apply existsb_exists. exists t. split; [apply filter_In; split; [apply filter_In in Ht; apply Ht|exact Hgk]|exact Hnp].
  - rewrite andb_true_r. apply negb_true_iff. destruct (existsb (fun v_r => s "robot-has" [v_r; k]) (objs c "robot")) eqn:E2;
      [|reflexivity].
    assert (existsb (fun v_c => existsb (fun v_r => s "robot-has" [v_r; v_c]) (objs c "robot")) (gcol c t) = true)
      by (apply existsb_exists; exists k; auto).
    congruence.
Qed.

(* ---------- Extensionality over lists ---------- *)

Lemma max_over_ext_in : forall (l : list nat) f g, (forall x, In x l -> f x = g x) -> max_over l f = max_over l g.
Proof.
  induction l as [|a l IH]; intros f g H; [reflexivity|]. simpl. rewrite (H a (or_introl eq_refl)).
  rewrite (IH f g); [reflexivity|]. intros x Hx. apply H. right. exact Hx.
Qed.

Lemma fold_min_ext_in : forall (r : list nat) f g b, (forall x, In x r -> f x = g x) ->
  fold_right (fun y a => Nat.min (f y) a) b r = fold_right (fun y a => Nat.min (g y) a) b r.
Proof.
  induction r as [|a r IH]; intros f g b H; [reflexivity|]. simpl. rewrite (H a (or_introl eq_refl)).
  rewrite (IH f g b); [reflexivity|]. intros x Hx. apply H. right. exact Hx.
Qed.

Lemma min_over_ext_in : forall (l : list nat) f g e, (forall x, In x l -> f x = g x) -> min_over l f e = min_over l g e.
Proof.
  intros [|a r] f g e H; [reflexivity|]. unfold min_over. rewrite (H a (or_introl eq_refl)).
  apply fold_min_ext_in. intros x Hx. apply H. right. exact Hx.
Qed.

Definition same_unmet (c : Ctx) (s s' : State) : Prop := forall y, unmet c s' y = unmet c s y.

Lemma nunmet_ext : forall c s s', same_unmet c s s' -> nunmet c s' = nunmet c s.
Proof. intros c s s' H. apply count_over_ext_in. intros y _. apply H. Qed.

Lemma mterm_ext : forall c s s', same_unmet c s s' -> (forall ys, s' "robot-at" ys = s "robot-at" ys) ->
  mterm c s' = mterm c s.
Proof.
  intros c s s' Hu Hat. unfold mterm. apply max_over_ext_in. intros y _. rewrite Hu.
  destruct (unmet c s y); [|reflexivity]. apply min_over_ext_in. intros r _.
  rewrite (filter_ext_in' (objs c "tile") (fun v_p => s' "robot-at" [r; v_p]) (fun v_p => s "robot-at" [r; v_p]))
    by (intros; apply Hat). reflexivity.
Qed.

Lemma fterm_ext : forall c s s', same_unmet c s s' -> (forall ys, s' "robot-at" ys = s "robot-at" ys) ->
  fterm c s' = fterm c s.
Proof.
  intros c s s' Hu Hat. unfold fterm. apply count_over_ext_in. intros x _.
  rewrite (existsb_ext_in (objs c "robot") (fun v_r => s' "robot-at" [v_r; x]) (fun v_r => s "robot-at" [v_r; x]))
    by (intros; apply Hat).
  rewrite (existsb_ext_in _ (unmet c s') (unmet c s)) by (intros; apply Hu). reflexivity.
Qed.

Lemma painted_same_unmet : forall c s s', (forall ys, s' "painted" ys = s "painted" ys) -> same_unmet c s s'.
Proof. intros c s s' H y. unfold unmet. apply existsb_ext_in. intros k _. rewrite H. reflexivity. Qed.

Lemma cterm_ext : forall c s s', (forall ys, s' "painted" ys = s "painted" ys) ->
  (forall ys, s' "robot-has" ys = s "robot-has" ys) -> cterm c s' = cterm c s.
Proof.
  intros c s s' Hp Hh. unfold cterm. apply count_over_ext_in. intros k _.
  rewrite (existsb_ext_in _ (fun v_t => negb (s' "painted" [v_t; k])) (fun v_t => negb (s "painted" [v_t; k])))
    by (intros; rewrite Hp; reflexivity).
  rewrite (existsb_ext_in _ (fun v_r => s' "robot-has" [v_r; k]) (fun v_r => s "robot-has" [v_r; k]))
    by (intros; apply Hh). reflexivity.
Qed.

Definition core (c : Ctx) (s : State) : nat :=
  nunmet c s + (cterm c s + Nat.max (mterm c s) (Nat.max (fterm c s) 0)).

Lemma sterm_core : forall c s, floortile_wf c -> nongoal_tile c ->
  sterm c s = if andb (shape c) (andb (Nat.leb (nrob c) 1) true) then 0 else core c s.
Proof.
  intros c s Hwf Hng. unfold sterm. destruct (andb _ _); [reflexivity|]. unfold core.
  pose proof (lterm_le_cterm c s Hwf Hng). rewrite (Nat.max_l (cterm c s) (Nat.max (lterm c s) 0)) by lia. lia.
Qed.

Lemma wf_g : forall c, floortile_wf c ->
  (forall x, In x (objs c "tile") -> dist c "g" x x = 0 /\ 0 < dist_cap c "g") /\
  (forall u v t, In u (objs c "tile") -> In v (objs c "tile") -> In t (objs c "tile") ->
     (stat c "up" [v; u] = true \/ stat c "down" [v; u] = true \/ stat c "right" [v; u] = true \/ stat c "left" [v; u] = true) ->
     dist c "g" u t <= 1 + dist c "g" v t /\ (dist c "g" v t < dist_cap c "g" -> dist c "g" u t < dist_cap c "g")).
Proof.
  intros c Hwf. unfold floortile_wf in Hwf.
  destruct Hwf as [_ [_ [_ [_ [_ [_ [Hd [_ [He _]]]]]]]]]. split; assumption.
Qed.

Lemma s_stat2 : forall c s, floortile_wf c -> inv c s ->
  (forall ys, s "right" ys = stat c "right" ys) /\ (forall ys, s "left" ys = stat c "left" ys).
Proof.
  intros c s Hwf [[_ [_ [S3 [S4 _]]]] _].
  destruct Hwf as [_ [_ [_ [W3 [W4 _]]]]].
  split; intros ys; [rewrite S3, W3|rewrite S4, W4]; reflexivity.
Qed.

(* ---------- The second sum, per kind of step (off dead ends) ---------- *)

Lemma core_change : forall c s s' r k1 k2, inv c s -> In r (objs c "robot") -> In k1 (objs c "color") ->
  (forall x y, s' "robot-has" [x; y] = if andb (Nat.eqb r x) (Nat.eqb k2 y) then true
                                      else if andb (Nat.eqb r x) (Nat.eqb k1 y) then false else s "robot-has" [x; y]) ->
  (forall ys, s' "robot-at" ys = s "robot-at" ys) -> (forall ys, s' "painted" ys = s "painted" ys) ->
  NoDup (objs c "color") -> core c s <= 1 + core c s'.
Proof.
  intros c s s' r k1 k2 Hinv Hr Hk1 Hhas Hat Hpa Hnd.
  pose proof (painted_same_unmet c s s' Hpa) as Hu.
  unfold core. rewrite (nunmet_ext c s s' Hu), (mterm_ext c s s' Hu Hat), (fterm_ext c s s' Hu Hat).
  assert (cterm c s <= cterm c s' + 1); [|lia].
  unfold cterm. apply (count_over_point _ _ _ k2 Hnd). intros k Hk Hne H.
  rewrite !andb_true_iff in H |- *. destruct H as [H1 [H2 _]]. split; [|split; [|reflexivity]].
  - rewrite (existsb_ext_in _ (fun v_t => negb (s' "painted" [v_t; k])) (fun v_t => negb (s "painted" [v_t; k])))
      by (intros; rewrite Hpa; reflexivity). exact H1.
  - apply negb_true_iff in H2. apply negb_true_iff. apply existsb_false_in. intros r' Hr'. rewrite Hhas.
    destruct (Nat.eqb_spec k2 k) as [E|_]; [congruence|]. rewrite andb_false_r.
    destruct (andb _ (Nat.eqb k1 k)); [reflexivity|].
    destruct (s "robot-has" [r'; k]) eqn:E; [|reflexivity].
    assert (existsb (fun v_r => s "robot-has" [v_r; k]) (objs c "robot") = true) by (apply existsb_exists; exists r'; auto).
    congruence.
Qed.

Lemma wf_g_cap : forall c, floortile_wf c ->
  forall x y, In x (objs c "tile") -> In y (objs c "tile") -> dist c "g" x y <= dist_cap c "g".
Proof.
  intros c Hwf. unfold floortile_wf in Hwf. destruct Hwf as [_ [_ [_ [_ [_ [_ [_ [Hb _]]]]]]]]. exact Hb.
Qed.

Lemma sq_le_cap : forall c y p, floortile_wf c -> In p (objs c "tile") ->
  min_over (squares c y) (fun v_x => dist c "g" p v_x) (dist_cap c "g") <= dist_cap c "g".
Proof.
  intros c y p Hwf Hp. apply min_over_le_default. intros x Hx. apply filter_In in Hx.
  exact (wf_g_cap c Hwf p x Hp (proj1 Hx)).
Qed.

Lemma core_move : forall c s s' r p q, floortile_wf c -> inv c s -> In r (objs c "robot") -> In p (objs c "tile") ->
  In q (objs c "tile") -> s "robot-at" [r; p] = true ->
  (s "up" [q; p] = true \/ s "down" [q; p] = true \/ s "right" [q; p] = true \/ s "left" [q; p] = true) ->
  (forall x y, s' "robot-at" [x; y] = if andb (Nat.eqb r x) (Nat.eqb q y) then true
                                    else if andb (Nat.eqb r x) (Nat.eqb p y) then false else s "robot-at" [x; y]) ->
  (forall ys, s' "robot-has" ys = s "robot-has" ys) -> (forall ys, s' "painted" ys = s "painted" ys) ->
  core c s <= 1 + core c s'.
Proof.
  intros c s s' r p q Hwf Hinv Hr Hp Hq Ha Hdir Hat Hhas Hpa.
  pose proof Hinv as [_ [I2 _]].
  destruct (s_stat c s Hwf Hinv) as [Sup [Sdown _]]. destruct (s_stat2 c s Hwf Hinv) as [Sright Sleft].
  rewrite Sup, Sdown, Sright, Sleft in Hdir.
  destruct (wf_g c Hwf) as [_ Hedge].
  pose proof (painted_same_unmet c s s' Hpa) as Hu.
  assert (Hm : mterm c s <= mterm c s' + 1).
  { unfold mterm. apply max_over_mono_k. intros y _. rewrite Hu. destruct (unmet c s y); [|lia].
    apply min_over_mono_k; [|lia]. intros r' Hr'.
    apply min_over_bound.
    - intros z Hz. apply filter_In in Hz. destruct Hz as [Hz Hat']. rewrite Hat in Hat'.
      destruct (Nat.eqb_spec r r') as [<-|Hne].
      + destruct (Nat.eqb_spec q z) as [<-|Hqz]; simpl in Hat'.
        * exists p. split; [apply filter_In; auto|].
          apply min_over_mono_k; [|lia]. intros x Hx. apply filter_In in Hx.
          pose proof (proj1 (Hedge p q x Hp Hq (proj1 Hx) Hdir)). lia.
        * destruct (Nat.eqb_spec p z) as [<-|Hpz]; simpl in Hat'; [discriminate|].
          exfalso. exact (Hpz (I2 r p z Hr Hp Hz Ha Hat')).
      + simpl in Hat'. exists z. split; [apply filter_In; auto|lia].
    - intros _. pose proof (min_over_le_default (List.filter (fun v_p => s "robot-at" [r'; v_p]) (objs c "tile"))
        (fun v_p => min_over (squares c y) (fun v_x => dist c "g" v_p v_x) (dist_cap c "g")) (dist_cap c "g")).
      assert (min_over (List.filter (fun v_p => s "robot-at" [r'; v_p]) (objs c "tile"))
        (fun v_p => min_over (squares c y) (fun v_x => dist c "g" v_p v_x) (dist_cap c "g")) (dist_cap c "g") <= dist_cap c "g");
        [|lia].
      apply H. intros z Hz. apply filter_In in Hz. exact (sq_le_cap c y z Hwf (proj1 Hz)). }
  assert (Hf : fterm c s <= fterm c s' + 1).
  { unfold fterm. apply (count_over_point _ _ _ q (NoDup_filter _ (proj1 Hwf "tile"))).
    intros x Hx Hne H. rewrite !andb_true_iff in H |- *. destruct H as [H1 [H2 _]].
    split; [|split; [|reflexivity]].
    - apply negb_true_iff in H1. apply negb_true_iff. apply existsb_false_in. intros r' Hr'. rewrite Hat.
      destruct (Nat.eqb_spec q x) as [E|_]; [congruence|]. rewrite andb_false_r.
      destruct (andb _ (Nat.eqb p x)); [reflexivity|].
      destruct (s "robot-at" [r'; x]) eqn:E; [|reflexivity].
      assert (existsb (fun v_r => s "robot-at" [v_r; x]) (objs c "robot") = true) by (apply existsb_exists; exists r'; auto).
      congruence.
    - rewrite (existsb_ext_in _ (unmet c s') (unmet c s)) by (intros; apply Hu). exact H2. }
  unfold core. rewrite (nunmet_ext c s s' Hu), (cterm_ext c s s' Hpa Hhas). lia.
Qed.

Lemma core_paint : forall c s o s' r t x k, floortile_wf c -> floortile_certificate c = true -> bfs_above c ->
  inv c s -> strips_step c floortile_schemas s o s' ->
  In r (objs c "robot") -> In t (objs c "tile") -> In x (objs c "tile") -> In k (objs c "color") ->
  s "robot-has" [r; k] = true -> s "robot-at" [r; x] = true -> (s "up" [t; x] = true \/ s "down" [t; x] = true) ->
  s "clear" [t] = true ->
  (forall y z, s' "painted" [y; z] = if andb (Nat.eqb t y) (Nat.eqb k z) then true else s "painted" [y; z]) ->
  (forall ys, s' "robot-at" ys = s "robot-at" ys) -> (forall ys, s' "robot-has" ys = s "robot-has" ys) ->
  dead c s' = false -> core c s <= 1 + core c s'.
Proof.
  intros c s o s' r t x k Hwf Hcert Hbfs Hinv Hs Hr Ht Hx Hk Hh Ha Hux Hct Hpa Hat Hhas Hnd.
  pose proof Hinv as [_ [I2 [I3 [I4 [I5 [I6 I7]]]]]].
  destruct (certificate_facts c Hcert) as [_ [_ [_ [_ [_ [_ [C6 [C7 [C8 C9]]]]]]]]].
  destruct (s_stat c s Hwf Hinv) as [Sup [Sdown _]]. rewrite Sup, Sdown in Hux.
  destruct (wf_g c Hwf) as [Hdiag _].
  assert (Hnew : s' "painted" [t; k] = true) by (rewrite Hpa, !Nat.eqb_refl; reflexivity).
  assert (Hother : forall y z, y <> t -> s' "painted" [y; z] = s "painted" [y; z]).
  { intros y z Hne. rewrite Hpa. destruct (Nat.eqb_spec t y) as [E|_]; [congruence|reflexivity]. }
  assert (Huo : forall y, y <> t -> unmet c s' y = unmet c s y).
  { intros y Hne. unfold unmet. apply existsb_ext_in. intros z _. rewrite (Hother y z Hne). reflexivity. }
  assert (Hsq : In x (squares c t)).
  { apply filter_In. split; [exact Hx|]. destruct Hux as [U|D]; [rewrite U; reflexivity|].
    destruct (forced c t) eqn:F.
    - rewrite (paint_above_dead c s o s' t x r k Hwf Hcert Hbfs Hinv Hs Ht Hx Hr Hk F D Ha Hnew) in Hnd. discriminate.
    - rewrite D. simpl. rewrite orb_true_r. reflexivity. }
  destruct (isgoal c t) eqn:G.
  - (* t is a goal tile: painted its goal color (else a dead end) *)
    unfold isgoal in G. apply existsb_exists in G. destruct G as [g [Hg Hgoal]].
    assert (g = k) as <-.
    { destruct (Nat.eqb_spec g k) as [E|Hne]; [exact E|]. exfalso.
      assert (dead c s' = true); [|congruence].
      unfold dead. apply orb_true_iff. left. apply existsb_exists. exists t. split; [exact Ht|].
      unfold wrong. apply existsb_exists. exists g. split; [apply filter_In; auto|].
      rewrite !andb_true_iff. split; [|split; [apply existsb_exists; exists k; auto|reflexivity]].
      rewrite Hpa, Nat.eqb_refl. destruct (Nat.eqb_spec k g) as [E|_]; [congruence|]. simpl.
      rewrite (I7 t g Ht Hg Hct). reflexivity. }
    assert (Hgc : forall k', In k' (objs c "color") -> goal c "painted" [t; k'] = true -> k' = g).
    { intros k' Hk' H. exact (count_over_le1 _ _ k' g (proj1 Hwf "color") (C6 t Ht) Hk' Hg H Hgoal). }
    assert (Hn : nunmet c s <= nunmet c s' + 1).
    { unfold nunmet. apply (count_over_point _ _ _ t (proj1 Hwf "tile")). intros y _ Hne H. rewrite Huo; auto. }
    assert (Hc : cterm c s <= cterm c s').
    { unfold cterm. apply count_over_mono. intros k' Hk' H. rewrite !andb_true_iff in H |- *.
      destruct H as [H1 [H2 _]]. split; [|split; [|reflexivity]].
      - apply existsb_exists in H1. destruct H1 as [y [Hy Hnp]]. apply filter_In in Hy. destruct Hy as [Hy Hgy].
        apply existsb_exists. exists y. split; [apply filter_In; auto|].
        destruct (Nat.eqb_spec y t) as [->|Hne].
        + exfalso. pose proof (Hgc k' Hk' Hgy) as ->. apply negb_true_iff in H2.
          assert (existsb (fun v_r => s "robot-has" [v_r; g]) (objs c "robot") = true) by (apply existsb_exists; exists r; auto).
          congruence.
        + rewrite (Hother y k' Hne). exact Hnp.
      - rewrite (existsb_ext_in _ (fun v_r => s' "robot-has" [v_r; k']) (fun v_r => s "robot-has" [v_r; k']))
          by (intros; apply Hhas). exact H2. }
    assert (Hm : mterm c s <= mterm c s').
    { assert (mterm c s <= mterm c s' + 0); [|lia]. unfold mterm. apply max_over_mono_k. intros y Hy.
      destruct (Nat.eqb_spec y t) as [->|Hne].
      - destruct (unmet c s t); [|lia].
        assert (min_over (objs c "robot") (fun v_r => min_over (List.filter (fun v_p => s "robot-at" [v_r; v_p]) (objs c "tile"))
          (fun v_p => min_over (squares c t) (fun v_x => dist c "g" v_p v_x) (dist_cap c "g")) (dist_cap c "g")) (dist_cap c "g") <= 0); [|lia].
        eapply Nat.le_trans; [apply (min_over_le _ _ _ r Hr)|].
        eapply Nat.le_trans; [apply (min_over_le _ _ _ x); apply filter_In; auto|].
        eapply Nat.le_trans; [apply (min_over_le _ _ _ x Hsq)|]. rewrite (proj1 (Hdiag x Hx)). lia.
      - rewrite (Huo y Hne). destruct (unmet c s y); [|lia].
        apply Nat.eq_le_incl. rewrite Nat.add_0_r. apply min_over_ext_in. intros r' _.
        rewrite (filter_ext_in' (objs c "tile") (fun v_p => s' "robot-at" [r'; v_p]) (fun v_p => s "robot-at" [r'; v_p]))
          by (intros; apply Hat). reflexivity. }
    assert (Hf : fterm c s <= fterm c s').
    { unfold fterm. apply count_over_mono. intros x' Hx' H. apply filter_In in Hx'. destruct Hx' as [Hx' Hfx].
      rewrite !andb_true_iff in H |- *. destruct H as [H1 [H2 _]]. split; [|split; [|reflexivity]].
      - rewrite (existsb_ext_in _ (fun v_r => s' "robot-at" [v_r; x']) (fun v_r => s "robot-at" [v_r; x']))
          by (intros; apply Hat). exact H1.
      - apply existsb_exists in H2. destruct H2 as [y [Hy Hun]]. apply filter_In in Hy. destruct Hy as [Hy Hyup].
        apply existsb_exists. exists y. split; [apply filter_In; auto|].
        destruct (Nat.eqb_spec y t) as [->|Hne]; [|rewrite (Huo y Hne); exact Hun].
        exfalso. apply existsb_exists in Hfx. destruct Hfx as [t'' [Ht'' Hft'']]. apply filter_In in Ht''.
        destruct Ht'' as [Ht'' Hup''].
        assert (t'' = t) as -> by exact (count_over_le1 _ _ t'' t (proj1 Hwf "tile") (C8 x' Hx') Ht'' Ht Hup'' Hyup).
        destruct Hux as [U|D].
        + assert (x = x') as -> by exact (count_over_le1 _ _ x x' (proj1 Hwf "tile") (C7 t Ht) Hx Hx' U Hyup).
          apply negb_true_iff in H1.
          assert (existsb (fun v_r => s "robot-at" [v_r; x']) (objs c "robot") = true) by (apply existsb_exists; exists r; auto).
          congruence.
        + rewrite (paint_above_dead c s o s' t x r g Hwf Hcert Hbfs Hinv Hs Ht Hx Hr Hk Hft'' D Ha Hnew) in Hnd. discriminate. }
    unfold core. lia.
  - (* t is not a goal tile: nothing the value reads changes *)
    assert (Hgt : forall k', In k' (objs c "color") -> goal c "painted" [t; k'] = false).
    { intros k' Hk'. destruct (goal c "painted" [t; k']) eqn:E; [|reflexivity].
      assert (isgoal c t = true) by (apply existsb_exists; exists k'; auto). congruence. }
    assert (Hu : same_unmet c s s').
    { intros y. destruct (Nat.eqb_spec y t) as [->|Hne]; [|apply Huo; exact Hne].
      unfold unmet, gcol. rewrite (filter_nil _ _ Hgt). reflexivity. }
    assert (Hc : cterm c s' = cterm c s).
    { unfold cterm. apply count_over_ext_in. intros k' Hk'.
      rewrite (existsb_ext_in (List.filter (fun v_t => goal c "painted" [v_t; k']) (objs c "tile"))
        (fun v_t => negb (s' "painted" [v_t; k'])) (fun v_t => negb (s "painted" [v_t; k']))).
      - rewrite (existsb_ext_in _ (fun v_r => s' "robot-has" [v_r; k']) (fun v_r => s "robot-has" [v_r; k']))
          by (intros; apply Hhas). reflexivity.
      - intros y Hy. apply filter_In in Hy. destruct Hy as [_ Hy].
        destruct (Nat.eqb_spec y t) as [->|Hne]; [rewrite (Hgt k' Hk') in Hy; discriminate|].
        rewrite (Hother y k' Hne). reflexivity. }
    unfold core. rewrite (nunmet_ext c s s' Hu), Hc, (mterm_ext c s s' Hu Hat), (fterm_ext c s s' Hu Hat). lia.
Qed.

Lemma sterm_step : forall c s o s', floortile_wf c -> floortile_certificate c = true -> bfs_above c -> nongoal_tile c ->
  inv c s -> strips_step c floortile_schemas s o s' -> dead c s' = false -> sterm c s <= 1 + sterm c s'.
Proof.
  intros c s o s' Hwf Hcert Hbfs Hng Hinv Hs Hnd.
  rewrite !(sterm_core c _ Hwf Hng). destruct (andb _ _); [lia|].
  destruct (step_inv c s o s' Hs) as [Hy|[Hy|Hy]].
  - destruct Hy as (r & k1 & k2 & Hr & Hk1 & Hk2 & Hh & Hav & Hhas & Hat & Hcl & Hpa & _).
    exact (core_change c s s' r k1 k2 Hinv Hr Hk1 Hhas Hat Hpa (proj1 Hwf "color")).
  - destruct Hy as (r & t & x & k & Hr & Ht & Hx & Hk & Hh & Ha & Hux & Hct & Hpa & Hcl & Hat & Hhas & _).
    exact (core_paint c s o s' r t x k Hwf Hcert Hbfs Hinv Hs Hr Ht Hx Hk Hh Ha Hux Hct Hpa Hat Hhas Hnd).
  - destruct Hy as (r & p & q & Hr & Hp & Hq & Ha & Hcq & Hdir & Hat & Hcl & Hhas & Hpa & _).
    exact (core_move c s s' r p q Hwf Hinv Hr Hp Hq Ha Hdir Hat Hhas Hpa).
Qed.


(* ---------- Q, per kind of step ---------- *)

(* Distinct tiles are at distance at least 1 in the grid table (gpos_wf: the table is exact). *)
Definition gpos (c : Ctx) : Prop :=
  forall x y, In x (objs c "tile") -> In y (objs c "tile") -> dist c "g" x y = 0 -> x = y.

Lemma brob_mono_k : forall c s s' r k, arob c s r <= arob c s' r + k -> brob c s r <= brob c s' r + k.
Proof. intros c s s' r k H. unfold brob. destruct (Nat.leb _ _); lia. Qed.

Lemma arob_mono_k : forall c s s' r k,
  (forall p, s' "robot-at" [r; p] = s "robot-at" [r; p]) -> same_unmet c s s' ->
  (forall t, (if hascol c s r t then 0 else 1) <= (if hascol c s' r t then 0 else 1) + k) ->
  arob c s r <= arob c s' r + k.
Proof.
  intros c s s' r k Hat Hu H. unfold arob.
  rewrite (filter_ext_in' (objs c "tile") (fun v_p => s' "robot-at" [r; v_p]) (fun v_p => s "robot-at" [r; v_p]))
    by (intros; apply Hat).
  apply min_over_mono_k; [|lia]. intros p _. unfold aterm.
  rewrite (filter_ext_in' (objs c "tile") (unmet c s') (unmet c s)) by (intros; apply Hu).
  apply min_over_mono_k; [|lia]. intros t _. specialize (H t). lia.
Qed.

Lemma hascol_ext : forall c s s' r t, (forall k, s' "robot-has" [r; k] = s "robot-has" [r; k]) -> hascol c s' r t = hascol c s r t.
Proof. intros c s s' r t H. unfold hascol. apply existsb_ext_in. intros k _. apply H. Qed.

Lemma qterm_change : forall c s s' r k1 k2, In r (objs c "robot") ->
  (forall x y, s' "robot-has" [x; y] = if andb (Nat.eqb r x) (Nat.eqb k2 y) then true
                                      else if andb (Nat.eqb r x) (Nat.eqb k1 y) then false else s "robot-has" [x; y]) ->
  (forall ys, s' "robot-at" ys = s "robot-at" ys) -> (forall ys, s' "painted" ys = s "painted" ys) ->
  NoDup (objs c "robot") -> qterm c s <= 1 + qterm c s'.
Proof.
  intros c s s' r k1 k2 Hr Hhas Hat Hpa Hnd.
  pose proof (painted_same_unmet c s s' Hpa) as Hu.
  unfold qterm. destruct (shape c); [|lia]. rewrite (nunmet_ext c s s' Hu).
  assert (sum_over (objs c "robot") (brob c s) <= sum_over (objs c "robot") (brob c s') + 1); [|lia].
  apply (sum_over_point _ _ _ r 1 Hnd).
  - intros r' _ Hne. pose proof (brob_mono_k c s s' r' 0). rewrite !Nat.add_0_r in H. apply H.
    pose proof (arob_mono_k c s s' r' 0) as A. rewrite !Nat.add_0_r in A. apply A.
    + intros p. apply Hat.
    + exact Hu.
    + intros t. rewrite (hascol_ext c s s' r' t); [lia|]. intros k. rewrite Hhas.
      destruct (Nat.eqb_spec r r') as [E|_]; [congruence|reflexivity].
  - apply brob_mono_k. apply arob_mono_k; [intros p; apply Hat|exact Hu|]. intros t.
    destruct (hascol c s r t), (hascol c s' r t); lia.
Qed.

Lemma qterm_move : forall c s s' r p q, floortile_wf c -> inv c s -> In r (objs c "robot") -> In p (objs c "tile") ->
  In q (objs c "tile") -> s "robot-at" [r; p] = true ->
  (s "up" [q; p] = true \/ s "down" [q; p] = true \/ s "right" [q; p] = true \/ s "left" [q; p] = true) ->
  (forall x y, s' "robot-at" [x; y] = if andb (Nat.eqb r x) (Nat.eqb q y) then true
                                    else if andb (Nat.eqb r x) (Nat.eqb p y) then false else s "robot-at" [x; y]) ->
  (forall ys, s' "robot-has" ys = s "robot-has" ys) -> (forall ys, s' "painted" ys = s "painted" ys) ->
  qterm c s <= 1 + qterm c s'.
Proof.
  intros c s s' r p q Hwf Hinv Hr Hp Hq Ha Hdir Hat Hhas Hpa.
  pose proof Hinv as [_ [I2 _]].
  destruct (s_stat c s Hwf Hinv) as [Sup [Sdown _]]. destruct (s_stat2 c s Hwf Hinv) as [Sright Sleft].
  rewrite Sup, Sdown, Sright, Sleft in Hdir.
  destruct (wf_g c Hwf) as [_ Hedge].
  pose proof (painted_same_unmet c s s' Hpa) as Hu.
  unfold qterm. destruct (shape c); [|lia]. rewrite (nunmet_ext c s s' Hu).
  assert (sum_over (objs c "robot") (brob c s) <= sum_over (objs c "robot") (brob c s') + 1); [|lia].
  apply (sum_over_point _ _ _ r 1 (proj1 Hwf "robot")).
  - intros r' _ Hne. pose proof (brob_mono_k c s s' r' 0). rewrite !Nat.add_0_r in H. apply H.
    pose proof (arob_mono_k c s s' r' 0) as A. rewrite !Nat.add_0_r in A. apply A.
    + intros y. rewrite Hat. destruct (Nat.eqb_spec r r') as [E|_]; [congruence|reflexivity].
    + exact Hu.
    + intros t. rewrite (hascol_ext c s s' r' t); [lia|]. intros k. apply Hhas.
  - apply brob_mono_k. unfold arob. apply min_over_bound.
    + intros z Hz. apply filter_In in Hz. destruct Hz as [Hz Hat']. rewrite Hat, Nat.eqb_refl in Hat'. simpl in Hat'.
      destruct (Nat.eqb_spec q z) as [<-|Hqz].
      * exists p. split; [apply filter_In; auto|]. unfold aterm.
        rewrite (filter_ext_in' (objs c "tile") (unmet c s') (unmet c s)) by (intros; apply Hu).
        apply min_over_mono_k; [|lia]. intros t Ht. apply filter_In in Ht.
        rewrite (hascol_ext c s s' r t) by (intros; apply Hhas).
        assert (min_over (below c t) (fun v_x => dist c "g" p v_x) (dist_cap c "g") <=
                min_over (below c t) (fun v_x => dist c "g" q v_x) (dist_cap c "g") + 1); [|lia].
        apply min_over_mono_k; [|lia]. intros y Hy. apply filter_In in Hy.
        pose proof (proj1 (Hedge p q y Hp Hq (proj1 Hy) Hdir)). lia.
      * destruct (Nat.eqb_spec p z) as [<-|Hpz]; simpl in Hat'; [discriminate|].
        exfalso. exact (Hpz (I2 r p z Hr Hp Hz Ha Hat')).
    + intros Hnil. exfalso.
      assert (In q (List.filter (fun v_p => s' "robot-at" [r; v_p]) (objs c "tile"))).
      { apply filter_In. split; [exact Hq|]. rewrite Hat, !Nat.eqb_refl. reflexivity. }
      rewrite Hnil in H. exact H.
Qed.

Lemma min2_over : forall L f g, (forall p, In p L -> Nat.min 2 (f p) <= Nat.min 2 (g p)) ->
  Nat.min 2 (min_over L f 2) <= Nat.min 2 (min_over L g 2).
Proof.
  intros [|a r] f g H; [simpl; lia|].
  destruct (min_over_witness (a :: r) g 2) as [z [Hz ->]]; [discriminate|].
  pose proof (min_over_le (a :: r) f 2 z Hz). pose proof (H z Hz). lia.
Qed.

Lemma shape_facts : forall c t, shape c = true -> In t (gtiles c) -> forced c t = true /\ spread c t = true.
Proof.
  intros c t Sh Ht. unfold shape in Sh. rewrite !andb_true_iff in Sh. destruct Sh as [Sh _].
  rewrite forallb_forall in Sh. specialize (Sh t Ht). rewrite !andb_true_iff in Sh. tauto.
Qed.

Lemma qterm_paint : forall c s o s' r t x k, floortile_wf c -> floortile_certificate c = true -> bfs_above c -> gpos c ->
  inv c s -> strips_step c floortile_schemas s o s' ->
  In r (objs c "robot") -> In t (objs c "tile") -> In x (objs c "tile") -> In k (objs c "color") ->
  s "robot-has" [r; k] = true -> s "robot-at" [r; x] = true -> (s "up" [t; x] = true \/ s "down" [t; x] = true) ->
  s "clear" [t] = true ->
  (forall y z, s' "painted" [y; z] = if andb (Nat.eqb t y) (Nat.eqb k z) then true else s "painted" [y; z]) ->
  (forall ys, s' "robot-at" ys = s "robot-at" ys) -> (forall ys, s' "robot-has" ys = s "robot-has" ys) ->
  dead c s' = false -> qterm c s <= 1 + qterm c s'.
Proof.
  intros c s o s' r t x k Hwf Hcert Hbfs Hgpos Hinv Hs Hr Ht Hx Hk Hh Ha Hux Hct Hpa Hat Hhas Hnd.
  pose proof Hinv as [_ [I2 [I3 [I4 [I5 [I6 I7]]]]]].
  destruct (certificate_facts c Hcert) as [_ [_ [_ [_ [_ [_ [C6 [C7 [C8 C9]]]]]]]]].
  destruct (s_stat c s Hwf Hinv) as [Sup [Sdown _]]. rewrite Sup, Sdown in Hux.
  destruct (wf_g c Hwf) as [Hdiag _].
  assert (Hnew : s' "painted" [t; k] = true) by (rewrite Hpa, !Nat.eqb_refl; reflexivity).
  assert (Hother : forall y z, y <> t -> s' "painted" [y; z] = s "painted" [y; z]).
  { intros y z Hne. rewrite Hpa. destruct (Nat.eqb_spec t y) as [E|_]; [congruence|reflexivity]. }
  assert (Huo : forall y, y <> t -> unmet c s' y = unmet c s y).
  { intros y Hne. unfold unmet. apply existsb_ext_in. intros z _. rewrite (Hother y z Hne). reflexivity. }
  assert (Hhc : forall r' t', hascol c s' r' t' = hascol c s r' t') by (intros; apply hascol_ext; intros; apply Hhas).
  unfold qterm. destruct (shape c) eqn:Sh; [|lia].
  destruct (isgoal c t) eqn:G.
  2:{ (* t is not a goal tile *)
    assert (Hgt : forall k', In k' (objs c "color") -> goal c "painted" [t; k'] = false).
    { intros k' Hk'. destruct (goal c "painted" [t; k']) eqn:E; [|reflexivity].
      assert (isgoal c t = true) by (apply existsb_exists; exists k'; auto). congruence. }
    assert (Hu : same_unmet c s s').
    { intros y. destruct (Nat.eqb_spec y t) as [->|Hne]; [|apply Huo; exact Hne].
      unfold unmet, gcol. rewrite (filter_nil _ _ Hgt). reflexivity. }
    rewrite (nunmet_ext c s s' Hu).
    assert (sum_over (objs c "robot") (brob c s) <= sum_over (objs c "robot") (brob c s')); [|lia].
    apply sum_over_mono. intros r' _. pose proof (brob_mono_k c s s' r' 0) as B. rewrite !Nat.add_0_r in B. apply B.
    pose proof (arob_mono_k c s s' r' 0) as A. rewrite !Nat.add_0_r in A. apply A; [intros; apply Hat|exact Hu|].
    intros t'. rewrite Hhc. lia. }
  assert (HtG : In t (gtiles c)) by (apply filter_In; auto).
  destruct (shape_facts c t Sh HtG) as [Hft Hspt].
  (* painted from below (from above, the tile above would be blocked) *)
  assert (Hup : stat c "up" [t; x] = true).
  { destruct Hux as [U|D]; [exact U|].
    rewrite (paint_above_dead c s o s' t x r k Hwf Hcert Hbfs Hinv Hs Ht Hx Hr Hk Hft D Ha Hnew) in Hnd. discriminate. }
  unfold isgoal in G. apply existsb_exists in G. destruct G as [g [Hg Hgoal]].
  assert (g = k) as <-.
  { destruct (Nat.eqb_spec g k) as [E|Hne]; [exact E|]. exfalso.
    assert (dead c s' = true); [|congruence].
    unfold dead. apply orb_true_iff. left. apply existsb_exists. exists t. split; [exact Ht|].
    unfold wrong. apply existsb_exists. exists g. split; [apply filter_In; auto|].
    rewrite !andb_true_iff. split; [|split; [apply existsb_exists; exists k; auto|reflexivity]].
    rewrite Hpa, Nat.eqb_refl. destruct (Nat.eqb_spec k g) as [E|_]; [congruence|]. simpl.
    rewrite (I7 t g Ht Hg Hct). reflexivity. }
  assert (Hgc : forall k', In k' (objs c "color") -> goal c "painted" [t; k'] = true -> k' = g).
  { intros k' Hk' H. exact (count_over_le1 _ _ k' g (proj1 Hwf "color") (C6 t Ht) Hk' Hg H Hgoal). }
  assert (Hun : unmet c s t = true).
  { apply existsb_exists. exists g. split; [apply filter_In; auto|]. rewrite (I7 t g Ht Hg Hct). reflexivity. }
  assert (Hun' : unmet c s' t = false).
  { apply existsb_false_in. intros k' Hk'. apply filter_In in Hk'. destruct Hk' as [Hk' Hg'].
    rewrite (Hgc k' Hk' Hg'), Hnew. reflexivity. }
  assert (Hn1 : nunmet c s' + 1 <= nunmet c s).
  { apply (count_over_point_drop _ _ _ t (proj1 Hwf "tile") Ht Hun Hun'). intros y _ Hne H. rewrite <- (Huo y Hne). exact H. }
  assert (Hn2 : nunmet c s <= nunmet c s' + 1).
  { apply (count_over_point _ _ _ t (proj1 Hwf "tile")). intros y _ Hne H. rewrite (Huo y Hne). exact H. }
  (* the painter: 0 before, at least 2 after *)
  assert (Hb0 : brob c s r = 0).
  { assert (arob c s r = 0); [|unfold brob; rewrite H; destruct (Nat.leb _ _); reflexivity].
    apply Nat.le_0_r. unfold arob.
    eapply Nat.le_trans; [apply (min_over_le _ _ _ x); apply filter_In; auto|].
    unfold aterm. eapply Nat.le_trans; [apply (min_over_le _ _ _ t); apply filter_In; auto|].
    assert (Hhc0 : hascol c s r t = true) by (apply existsb_exists; exists g; split; [apply filter_In; auto|exact Hh]).
    rewrite Hhc0. assert (min_over (below c t) (fun v_x => dist c "g" x v_x) (dist_cap c "g") <= 0); [|lia].
    eapply Nat.le_trans; [apply (min_over_le _ _ _ x); apply filter_In; auto|]. rewrite (proj1 (Hdiag x Hx)). lia. }
  assert (Hb2 : 2 <= brob c s' r).
  { assert (2 <= arob c s' r); [|unfold brob; destruct (Nat.leb _ _); lia].
    unfold arob. apply min_over_ge; [|lia]. intros p' Hp'. apply filter_In in Hp'. destruct Hp' as [Hp' Hat'].
    rewrite Hat in Hat'. assert (p' = x) as -> by exact (I2 r p' x Hr Hp' Hx Hat' Ha).
    unfold aterm. apply min_over_ge; [|lia]. intros t' Ht'. apply filter_In in Ht'. destruct Ht' as [Ht' Hu'].
    assert (Hne : t' <> t) by (intros ->; congruence).
    rewrite (Huo t' Hne) in Hu'. pose proof Hu' as Hu''. unfold unmet in Hu''. apply existsb_exists in Hu''.
    destruct Hu'' as [k' [Hk' _]]. apply filter_In in Hk'. destruct Hk' as [Hk' Hg'].
    assert (Ht'G : In t' (gtiles c)) by (apply filter_In; split; [exact Ht'|apply existsb_exists; exists k'; auto]).
    destruct (shape_facts c t' Sh Ht'G) as [Hft' _].
    unfold forced in Hft'. apply andb_true_iff in Hft'. destruct Hft' as [Hb' _]. apply existsb_exists in Hb'.
    destruct Hb' as [x0 [Hx0 Hup0]].
    destruct (min_over_witness (below c t') (fun v_x => dist c "g" x v_x) (dist_cap c "g")) as [x'' [Hx'' ->]].
    { intros E. assert (In x0 (below c t')) by (apply filter_In; auto). rewrite E in H. exact H. }
    apply filter_In in Hx''. destruct Hx'' as [Hx'' Hup''].
    destruct (goal c "painted" [t'; g]) eqn:Gt'.
    - (* the same color: the squares below are 2 apart *)
      unfold spread in Hspt. rewrite forallb_forall in Hspt. specialize (Hspt t' Ht'G).
      destruct (Nat.eqb_spec t t') as [E|_]; [congruence|]. simpl in Hspt.
      assert (Hex : existsb (fun v_c => goal c "painted" [t'; v_c]) (gcol c t) = true)
        by (apply existsb_exists; exists g; split; [apply filter_In; auto|exact Gt']).
      rewrite Hex in Hspt. simpl in Hspt. rewrite orb_false_r in Hspt. rewrite forallb_forall in Hspt.
      assert (Hxb : In x (below c t)) by (apply filter_In; auto).
      specialize (Hspt x Hxb). rewrite forallb_forall in Hspt.
      assert (Hxb'' : In x'' (below c t')) by (apply filter_In; auto).
      specialize (Hspt x'' Hxb''). destruct (dist c "g" x x'') as [|[|n]]; simpl in Hspt; try discriminate; lia.
    - (* another color: the robot lacks it, and the square is another one *)
      assert (Hno : hascol c s' r t' = false).
      { rewrite Hhc. apply existsb_false_in. intros k2 Hk2. apply filter_In in Hk2. destruct Hk2 as [Hk2 Hg2].
        destruct (s "robot-has" [r; k2]) eqn:E; [|reflexivity].
        pose proof (I3 r k2 g Hr Hk2 Hg E Hh) as ->. congruence. }
      rewrite Hno.
      assert (1 <= dist c "g" x x''); [|lia].
      destruct (dist c "g" x x'') eqn:D0; [|lia]. exfalso.
      pose proof (Hgpos x x'' Hx Hx'' D0) as <-.
      pose proof (count_over_le1 _ _ t' t (proj1 Hwf "tile") (C8 x Hx) Ht' Ht Hup'' Hup). congruence. }
  (* the other robots: their terms only grow *)
  assert (HB : sum_over (objs c "robot") (brob c s) + 2 <= sum_over (objs c "robot") (brob c s')).
  { apply (sum_over_point_drop _ _ _ r 2 (proj1 Hwf "robot") Hr); [|lia].
    intros r' Hr' Hne. unfold brob. destruct (Nat.leb (nrob c) 1) eqn:R.
    - exfalso. apply Nat.leb_le in R. unfold nrob in R.
      exact (Hne (count_over_le1 _ _ r' r (proj1 Hwf "robot") R Hr' Hr eq_refl eq_refl)).
    - unfold arob.
      rewrite (filter_ext_in' (objs c "tile") (fun v_p => s' "robot-at" [r'; v_p]) (fun v_p => s "robot-at" [r'; v_p]))
        by (intros; apply Hat).
      apply min2_over. intros p Hp. unfold aterm.
      destruct (List.filter (unmet c s') (objs c "tile")) as [|y0 l0] eqn:L';
        [assert (M2 : forall a, Nat.min 2 a <= Nat.min 2 2) by lia; apply M2|].
      rewrite <- L'.
      assert (min_over (List.filter (unmet c s) (objs c "tile"))
          (fun v_t => min_over (below c v_t) (fun v_x => dist c "g" p v_x) (dist_cap c "g") + ((if hascol c s r' v_t then 0 else 1) + 0)) 2
        <= min_over (List.filter (unmet c s') (objs c "tile"))
          (fun v_t => min_over (below c v_t) (fun v_x => dist c "g" p v_x) (dist_cap c "g") + ((if hascol c s' r' v_t then 0 else 1) + 0)) 2 + 0);
        [|lia].
      apply min_over_bound.
      + intros y Hy. apply filter_In in Hy. destruct Hy as [Hy Huy]. exists y.
        assert (Hne' : y <> t) by (intros ->; congruence).
        rewrite (Huo y Hne') in Huy. split; [apply filter_In; auto|]. rewrite Hhc. lia.
      + intros E. rewrite E in L'. discriminate. }
  lia.
Qed.

Lemma qterm_step : forall c s o s', floortile_wf c -> floortile_certificate c = true -> bfs_above c -> gpos c ->
  inv c s -> strips_step c floortile_schemas s o s' -> dead c s' = false -> qterm c s <= 1 + qterm c s'.
Proof.
  intros c s o s' Hwf Hcert Hbfs Hgpos Hinv Hs Hnd.
  destruct (step_inv c s o s' Hs) as [Hy|[Hy|Hy]].
  - destruct Hy as (r & k1 & k2 & Hr & Hk1 & Hk2 & Hh & Hav & Hhas & Hat & Hcl & Hpa & _).
    exact (qterm_change c s s' r k1 k2 Hr Hhas Hat Hpa (proj1 Hwf "robot")).
  - destruct Hy as (r & t & x & k & Hr & Ht & Hx & Hk & Hh & Ha & Hux & Hct & Hpa & Hcl & Hat & Hhas & _).
    exact (qterm_paint c s o s' r t x k Hwf Hcert Hbfs Hgpos Hinv Hs Hr Ht Hx Hk Hh Ha Hux Hct Hpa Hat Hhas Hnd).
  - destruct Hy as (r & p & q & Hr & Hp & Hq & Ha & Hcq & Hdir & Hat & Hcl & Hhas & Hpa & _).
    exact (qterm_move c s s' r p q Hwf Hinv Hr Hp Hq Ha Hdir Hat Hhas Hpa).
Qed.

(* ---------- Consistency, given the three facts ---------- *)

(* Under the three facts as hypotheses; floortile_consistent below discharges them. *)
Theorem floortile_consistent_given : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  floortile_wf c -> floortile_certificate c = true -> bfs_above c -> gpos c -> nongoal_tile c ->
  consistent State Op (strips_step c floortile_schemas) cost (init c) (fun s => floortile_h (at_state c s)).
Proof.
  intros c cost Hcost Hwf Hcert Hbfs Hgpos Hng s o s' Hr Hs. rewrite !h_eq.
  pose proof (inv_reachable c s Hwf Hcert Hr) as Hinv. specialize (Hcost o).
  destruct (dead c s') eqn:E'; destruct (dead c s) eqn:E; try exact I.
  - rewrite (dead_step c s o s' Hwf Hcert Hbfs Hinv Hs E) in E'. discriminate.
  - pose proof (qterm_step c s o s' Hwf Hcert Hbfs Hgpos Hinv Hs E') as Hq.
    pose proof (sterm_step c s o s' Hwf Hcert Hbfs Hng Hinv Hs E') as Hst.
    unfold value. lia.
Qed.

Theorem floortile_admissible_given : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  floortile_wf c -> floortile_certificate c = true -> bfs_above c -> gpos c -> nongoal_tile c ->
  forall s k, reachable State Op (strips_step c floortile_schemas) (init c) s ->
  plan State Op (strips_step c floortile_schemas) cost (strips_goal c) s k ->
  le_opt (floortile_h (at_state c s)) k.
Proof.
  intros c cost Hcost Hwf Hcert Hbfs Hgpos Hng s k Hr Hp.
  exact (admissible_on_reachable State Op (strips_step c floortile_schemas) cost (strips_goal c) (init c)
    (fun s => floortile_h (at_state c s)) (floortile_goal_aware c Hwf Hcert)
    (floortile_consistent_given c cost Hcost Hwf Hcert Hbfs Hgpos Hng) s k Hr Hp).
Qed.

(* ---------- The three hypotheses, from the wf (exact tables) and the certificate ---------- *)

Lemma wf_exact_above : forall c, floortile_wf c ->
  forall u t, In u (objs c "tile") -> In t (objs c "tile") -> u <> t -> dist c "above" u t < dist_cap c "above" ->
    exists v, In v (objs c "tile") /\ (stat c "up" [v; u] = true) /\ dist c "above" v t < dist_cap c "above" /\
      dist c "above" u t = 1 + dist c "above" v t.
Proof.
  intros c Hwf. unfold floortile_wf in Hwf.
  destruct Hwf as [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ Hx]]]]]]]]]]]]]. exact Hx.
Qed.

Lemma wf_exact_g : forall c, floortile_wf c ->
  forall u t, In u (objs c "tile") -> In t (objs c "tile") -> u <> t -> dist c "g" u t < dist_cap c "g" ->
    exists v, In v (objs c "tile") /\
      (stat c "up" [v; u] = true \/ stat c "down" [v; u] = true \/ stat c "right" [v; u] = true \/ stat c "left" [v; u] = true) /\
      dist c "g" v t < dist_cap c "g" /\ dist c "g" u t = 1 + dist c "g" v t.
Proof.
  intros c Hwf. unfold floortile_wf in Hwf.
  destruct Hwf as [_ [_ [_ [_ [_ [_ [_ [_ [_ [Hx _]]]]]]]]]]. exact Hx.
Qed.

Lemma bfs_above_wf : forall c, floortile_wf c -> bfs_above c.
Proof.
  intros c Hwf a b Ha Hb Hd. destruct (Nat.eq_dec a b) as [E|Ne]; [left; exact E|right].
  destruct (wf_exact_above c Hwf a b Ha Hb Ne Hd) as [z [Hz [Hup [_ E]]]].
  exists z. split; [exact Hz|]. split; [exact Hup|]. lia.
Qed.

Lemma gpos_wf : forall c, floortile_wf c -> gpos c.
Proof.
  intros c Hwf x y Hx Hy H0. destruct (Nat.eq_dec x y) as [E|Ne]; [exact E|exfalso].
  destruct (wf_g c Hwf) as [Hdiag _]. destruct (Hdiag x Hx) as [_ Hcap].
  destruct (wf_exact_g c Hwf x y Hx Hy Ne ltac:(lia)) as [v [_ [_ [_ E]]]]. lia.
Qed.

Lemma nongoal_tile_cert : forall c, floortile_certificate c = true -> nongoal_tile c.
Proof.
  intros c H. unfold floortile_certificate in H. rewrite !andb_true_iff in H.
  destruct H as [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [H10 _]]]]]]]]]]].
  unfold floortile_check_10 in H10. apply existsb_exists in H10. destruct H10 as [t [Ht Hn]].
  exists t. split; [exact Ht|]. unfold isgoal. apply negb_true_iff in Hn. exact Hn.
Qed.

(* ---------- The theorems ---------- *)

Theorem floortile_consistent : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  floortile_wf c -> floortile_certificate c = true ->
  consistent State Op (strips_step c floortile_schemas) cost (init c) (fun s => floortile_h (at_state c s)).
Proof.
  intros c cost Hcost Hwf Hcert.
  exact (floortile_consistent_given c cost Hcost Hwf Hcert (bfs_above_wf c Hwf) (gpos_wf c Hwf) (nongoal_tile_cert c Hcert)).
Qed.

Theorem floortile_admissible : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  floortile_wf c -> floortile_certificate c = true ->
  forall s k, reachable State Op (strips_step c floortile_schemas) (init c) s ->
  plan State Op (strips_step c floortile_schemas) cost (strips_goal c) s k ->
  le_opt (floortile_h (at_state c s)) k.
Proof.
  intros c cost Hcost Hwf Hcert s k Hr Hp.
  exact (admissible_on_reachable State Op (strips_step c floortile_schemas) cost (strips_goal c) (init c)
    (fun s => floortile_h (at_state c s)) (floortile_goal_aware c Hwf Hcert)
    (floortile_consistent c cost Hcost Hwf Hcert) s k Hr Hp).
Qed.

Print Assumptions floortile_goal_aware.
Print Assumptions floortile_consistent.
Print Assumptions floortile_admissible.
