(* Satellite: the heuristic printed from heuristics/satellite.heur (Heuristics.v, printed by
   certplan, unchanged) is goal-aware and consistent on every reachable state of every task that
   passes its certificate, hence admissible there (Admissible.v); consistency includes the
   dead-end test (a flagged state leads only to flagged states).

   h = I + P + T + C + W + S (see satellite.heur). Invariants of reachable states: the static
   predicates keep their initial facts, and a satellite points at one direction at most.
   Per schema (any cost >= 1):
   - turn_to x d1 d2 (to d1, from d2): only P and T change: P + T drops by at most 1 (P at d1
     and T at d1 cannot both drop: a pointing goal at d1 still unmet keeps d1 out of T; T loses
     d2 only if x's pointing goal at d2 becomes unmet, which P counts);
   - switch_on i x: only W drops, by at most 1 (i is on board, so from 2 the modes left are not
     covered by i alone); S does not drop (i supports no witness mode of S: x had power);
   - switch_off i x: only S drops, by at most 1;
   - calibrate x i d: only C drops, by at most 1; T does not drop (i's one carrier is x, which
     points at d only, i's calibration target);
   - take_image x d i m: only I drops, by 1; (d, m) was no reason for T (i is ready there) and
     m was in neither C's nor W's nor S's set (i is ready and powered).
   Goal-awareness: no unmet image or pointing goal: every term is 0, and no dead end. *)

From DHeur Require Import Heuristics Admissible Counting.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

(* ---------- The printed value and dead-end test, term by term ---------- *)

Definition images (c : Ctx) (s : State) : nat :=
  sum_over (objs c "direction") (fun v_d => count_over (List.filter (fun v_m => goal c "have_image" [v_d; v_m]) (objs c "mode"))
    (fun v_m => negb (s "have_image" [v_d; v_m]))).
Definition pcount (c : Ctx) (s : State) (x : nat) : nat :=
  count_over (List.filter (fun v_d => goal c "pointing" [x; v_d]) (objs c "direction")) (fun v_d => negb (s "pointing" [x; v_d])).
Definition pointings (c : Ctx) (s : State) : nat := sum_over (objs c "satellite") (fun v_s => pcount c s v_s).
Definition good (c : Ctx) (s : State) (d m : nat) : bool :=
  existsb (fun v_s => existsb (fun v_i => andb (stat c "supports" [v_i; m])
             (andb (orb (andb (s "power_on" [v_i]) (andb (s "calibrated" [v_i]) true)) (orb (stat c "calibration_target" [v_i; d]) false)) true))
           (List.filter (fun v_i => stat c "on_board" [v_i; v_s]) (objs c "instrument")))
    (List.filter (fun v_s => s "pointing" [v_s; d]) (objs c "satellite")).
Definition afree (c : Ctx) (s : State) (d : nat) : bool :=
  negb (existsb (fun v_s => negb (s "pointing" [v_s; d])) (List.filter (fun v_s => goal c "pointing" [v_s; d]) (objs c "satellite"))).
Definition bneed (c : Ctx) (s : State) (d : nat) : bool :=
  existsb (fun v_m => andb (negb (s "have_image" [d; v_m])) (andb (negb (good c s d v_m)) true))
    (List.filter (fun v_m => goal c "have_image" [d; v_m]) (objs c "mode")).
Definition tdir (c : Ctx) (s : State) (d : nat) : bool := andb (afree c s d) (andb (bneed c s d) true).
Definition turns (c : Ctx) (s : State) : nat := count_over (objs c "direction") (tdir c s).

Definition needed (c : Ctx) (s : State) (m : nat) : bool :=
  existsb (fun v_d => negb (s "have_image" [v_d; m])) (List.filter (fun v_d => goal c "have_image" [v_d; m]) (objs c "direction")).
Definition hasready (c : Ctx) (s : State) (m : nat) : bool :=
  existsb (fun v_i => andb (s "power_on" [v_i]) (andb (s "calibrated" [v_i]) true))
    (List.filter (fun v_i => stat c "supports" [v_i; m]) (objs c "instrument")).
Definition haspow (c : Ctx) (s : State) (m : nat) : bool :=
  existsb (fun v_i => s "power_on" [v_i]) (List.filter (fun v_i => stat c "supports" [v_i; m]) (objs c "instrument")).

(* C and W: the modes in q and not in r; 0 if none, 1 if one instrument on board covers them. *)
Definition Rm (q r : nat -> bool) (m : nat) : bool := andb (q m) (andb (negb (r m)) true).
Definition covers (c : Ctx) (q r : nat -> bool) (i : nat) : bool :=
  andb (existsb (fun v_s => stat c "on_board" [i; v_s]) (objs c "satellite"))
    (andb (forallb (fun v_m => orb (stat c "supports" [i; v_m]) (orb (negb (q v_m)) (orb (r v_m) false))) (objs c "mode")) true).
Definition cov (c : Ctx) (q r : nat -> bool) : nat :=
  if negb (existsb (Rm q r) (objs c "mode")) then 0 else if existsb (covers c q r) (objs c "instrument") then 1 else 2.

Definition noavail (c : Ctx) (s : State) (m : nat) : bool :=
  forallb (fun v_i => forallb (fun v_s => negb (s "power_avail" [v_s])) (List.filter (fun v_s => stat c "on_board" [v_i; v_s]) (objs c "satellite")))
    (List.filter (fun v_i => stat c "supports" [v_i; m]) (objs c "instrument")).
Definition switchoff (c : Ctx) (s : State) : nat :=
  if existsb (fun v_m => andb (needed c s v_m) (andb (negb (haspow c s v_m)) (andb (noavail c s v_m) true))) (objs c "mode") then 1 else 0.

Definition value (c : Ctx) (s : State) : nat :=
  images c s + (pointings c s + (turns c s + (cov c (needed c s) (hasready c s) +
    (cov c (needed c s) (haspow c s) + (switchoff c s + 0))))).

Definition dead (c : Ctx) (s : State) : bool :=
  existsb (fun v_d => existsb (fun v_m => andb (negb (s "have_image" [v_d; v_m]))
      (andb (negb (existsb (fun v_i => existsb (fun v_s => stat c "on_board" [v_i; v_s]) (objs c "satellite"))
                     (List.filter (fun v_i => stat c "supports" [v_i; v_m]) (objs c "instrument")))) true))
    (List.filter (fun v_m => goal c "have_image" [v_d; v_m]) (objs c "mode"))) (objs c "direction").

Lemma h_eq : forall c s, satellite_h (at_state c s) = if dead c s then None else Some (value c s).
Proof. reflexivity. Qed.

(* ---------- Covers ---------- *)

Lemma cov_le2 : forall c q r, cov c q r <= 2.
Proof. intros c q r. unfold cov. destruct (negb _); [lia|]. destruct (existsb _ _); lia. Qed.

Lemma covers_true : forall c q r i, covers c q r i = true ->
  (exists x, In x (objs c "satellite") /\ stat c "on_board" [i; x] = true) /\
  (forall m, In m (objs c "mode") -> Rm q r m = true -> stat c "supports" [i; m] = true).
Proof.
  intros c q r i H. unfold covers in H. rewrite !andb_true_iff in H. destruct H as [H1 [H2 _]].
  split; [apply existsb_exists in H1; exact H1|]. intros m Hm HR. rewrite forallb_forall in H2.
  specialize (H2 m Hm). unfold Rm in HR. destruct (stat c "supports" [i; m]); [reflexivity|].
  destruct (q m), (r m); simpl in *; discriminate.
Qed.

Lemma covers_intro : forall c q r i, In i (objs c "instrument") ->
  (exists x, In x (objs c "satellite") /\ stat c "on_board" [i; x] = true) ->
  (forall m, In m (objs c "mode") -> Rm q r m = true -> stat c "supports" [i; m] = true) ->
  existsb (covers c q r) (objs c "instrument") = true.
Proof.
  intros c q r i Hi H1 H2. apply existsb_exists. exists i. split; [exact Hi|]. unfold covers.
  rewrite !andb_true_iff. split; [apply existsb_exists; exact H1|split; [|reflexivity]].
  rewrite forallb_forall. intros m Hm. specialize (H2 m Hm). unfold Rm in H2.
  destruct (stat c "supports" [i; m]); [reflexivity|]. destruct (q m), (r m); simpl in *; auto.
Qed.

Lemma cov_mono : forall c q r q' r', (forall m, In m (objs c "mode") -> Rm q r m = true -> Rm q' r' m = true) ->
  cov c q r <= cov c q' r'.
Proof.
  intros c q r q' r' H. unfold cov.
  destruct (existsb (Rm q r) (objs c "mode")) eqn:E; cbn [negb]; [|lia].
  apply existsb_exists in E as [m [Hm HR]].
  replace (existsb (Rm q' r') (objs c "mode")) with true by (symmetry; apply existsb_exists; exists m; auto). cbn [negb].
  destruct (existsb (covers c q' r') (objs c "instrument")) eqn:E';
    [|destruct (existsb (covers c q r) (objs c "instrument")); lia].
  apply existsb_exists in E' as [i [Hi Hc]]. destruct (covers_true c q' r' i Hc) as [Hob Hsup].
  rewrite (covers_intro c q r i Hi Hob); [lia|]. intros m' Hm' HR'. exact (Hsup m' Hm' (H m' Hm' HR')).
Qed.

Lemma cov_ext : forall c q r q' r', (forall m, In m (objs c "mode") -> q' m = q m) ->
  (forall m, In m (objs c "mode") -> r' m = r m) -> cov c q' r' = cov c q r.
Proof.
  intros c q r q' r' Hq Hr. apply Nat.le_antisymm; apply cov_mono; intros m Hm; unfold Rm;
    rewrite (Hq m Hm), (Hr m Hm); auto.
Qed.

(* Where the new members of the set are supported by one instrument i0 on board, C or W drops
   by at most 1: from 2, i0 alone does not cover the old set, so the new one is not empty. *)
Lemma cov_drop : forall c q r q' r' i0, In i0 (objs c "instrument") ->
  (exists x, In x (objs c "satellite") /\ stat c "on_board" [i0; x] = true) ->
  (forall m, In m (objs c "mode") -> Rm q r m = true -> Rm q' r' m = true \/ stat c "supports" [i0; m] = true) ->
  cov c q r <= cov c q' r' + 1.
Proof.
  intros c q r q' r' i0 Hi0 Hob H. pose proof (cov_le2 c q r) as Hle.
  unfold cov at 2. destruct (existsb (Rm q' r') (objs c "mode")) eqn:E; cbn [negb];
    [destruct (existsb (covers c q' r') (objs c "instrument")); lia|].
  unfold cov. destruct (negb _); [lia|].
  rewrite (covers_intro c q r i0 Hi0 Hob); [lia|]. intros m Hm HR.
  destruct (H m Hm HR) as [HR'|Hs]; [|exact Hs].
  exfalso. assert (existsb (Rm q' r') (objs c "mode") = true) by (apply existsb_exists; exists m; auto). congruence.
Qed.

Lemma cov_zero : forall c q r, (forall m, In m (objs c "mode") -> q m = false) -> cov c q r = 0.
Proof.
  intros c q r H. unfold cov. rewrite existsb_false_in; [reflexivity|]. intros m Hm. unfold Rm. rewrite (H m Hm). reflexivity.
Qed.

(* ---------- Sums split at members ---------- *)

Lemma NoDup_remove_nat : forall (l : list nat) a, NoDup l -> NoDup (remove Nat.eq_dec a l).
Proof.
  induction l as [|y l IH]; intros a Hnd; simpl; [constructor|].
  inversion Hnd as [|y' l' Hy Hnd']; subst. destruct (Nat.eq_dec a y) as [->|Hne]; [apply IH; exact Hnd'|].
  constructor; [|apply IH; exact Hnd']. intros Hin. apply in_remove in Hin. tauto.
Qed.

Lemma sum_over_remove : forall l f a, NoDup l -> In a l -> sum_over l f = f a + sum_over (remove Nat.eq_dec a l) f.
Proof.
  induction l as [|y l IH]; intros f a Hnd Ha; [destruct Ha|].
  inversion Hnd as [|y' l' Hy Hnd']; subst. simpl. destruct (Nat.eq_dec a y) as [->|Hne].
  - rewrite notin_remove by exact Hy. reflexivity.
  - destruct Ha as [->|Ha]; [congruence|]. simpl. rewrite (IH f a Hnd' Ha). lia.
Qed.

Lemma count_filter_sum : forall l (p q : nat -> bool),
  count_over (List.filter p l) q = sum_over l (fun x => b2n (andb (p x) (q x))).
Proof.
  unfold count_over. induction l as [|y l IH]; intros p q; simpl; [reflexivity|].
  destruct (p y); simpl; [destruct (q y); simpl; rewrite IH; reflexivity|rewrite IH; reflexivity].
Qed.

(* ---------- The certificate, as facts ---------- *)

Lemma certificate_facts : forall c, satellite_certificate c = true ->
  (forall i, In i (objs c "instrument") -> count_over (objs c "satellite") (fun x => init c "on_board" [i; x]) <= 1) /\
  (forall x, In x (objs c "satellite") -> count_over (objs c "direction") (fun d => init c "pointing" [x; d]) <= 1).
Proof.
  intros c H. unfold satellite_certificate in H. rewrite !andb_true_iff in H. destruct H as [H0 [H1 _]].
  unfold satellite_check_0 in H0. unfold satellite_check_1 in H1. rewrite forallb_forall in H0, H1.
  split; [intros i Hi; apply Nat.leb_le; exact (H0 i Hi)|intros x Hx; apply Nat.leb_le; exact (H1 x Hx)].
Qed.

(* ---------- The step relation, schema by schema ---------- *)

Definition statics_same (s s' : State) : Prop :=
  (forall ys, s' "on_board" ys = s "on_board" ys) /\ (forall ys, s' "supports" ys = s "supports" ys) /\
  (forall ys, s' "calibration_target" ys = s "calibration_target" ys).

Lemma step_inv : forall c s o s', strips_step c satellite_schemas s o s' ->
  statics_same s s' /\
  ((exists x d1 d2, In x (objs c "satellite") /\ In d1 (objs c "direction") /\ In d2 (objs c "direction") /\
     s "pointing" [x; d2] = true /\ s "pointing" [x; d1] = false /\
     (forall y d, s' "pointing" [y; d] = if andb (Nat.eqb x y) (Nat.eqb d1 d) then true
                                        else if andb (Nat.eqb x y) (Nat.eqb d2 d) then false else s "pointing" [y; d]) /\
     (forall ys, s' "have_image" ys = s "have_image" ys) /\ (forall ys, s' "power_on" ys = s "power_on" ys) /\
     (forall ys, s' "calibrated" ys = s "calibrated" ys) /\ (forall ys, s' "power_avail" ys = s "power_avail" ys))
  \/
  (exists i x, In i (objs c "instrument") /\ In x (objs c "satellite") /\
     s "on_board" [i; x] = true /\ s "power_avail" [x] = true /\
     (forall j, s' "power_on" [j] = if Nat.eqb i j then true else s "power_on" [j]) /\
     (forall j, s' "calibrated" [j] = if Nat.eqb i j then false else s "calibrated" [j]) /\
     (forall y, s' "power_avail" [y] = if Nat.eqb x y then false else s "power_avail" [y]) /\
     (forall ys, s' "have_image" ys = s "have_image" ys) /\ (forall ys, s' "pointing" ys = s "pointing" ys))
  \/
  (exists i x, In i (objs c "instrument") /\ In x (objs c "satellite") /\
     s "on_board" [i; x] = true /\ s "power_on" [i] = true /\
     (forall j, s' "power_on" [j] = if Nat.eqb i j then false else s "power_on" [j]) /\
     (forall y, s' "power_avail" [y] = if Nat.eqb x y then true else s "power_avail" [y]) /\
     (forall ys, s' "calibrated" ys = s "calibrated" ys) /\
     (forall ys, s' "have_image" ys = s "have_image" ys) /\ (forall ys, s' "pointing" ys = s "pointing" ys))
  \/
  (exists x i d, In x (objs c "satellite") /\ In i (objs c "instrument") /\ In d (objs c "direction") /\
     s "on_board" [i; x] = true /\ s "calibration_target" [i; d] = true /\ s "pointing" [x; d] = true /\
     s "power_on" [i] = true /\
     (forall j, s' "calibrated" [j] = if Nat.eqb i j then true else s "calibrated" [j]) /\
     (forall ys, s' "power_on" ys = s "power_on" ys) /\ (forall ys, s' "power_avail" ys = s "power_avail" ys) /\
     (forall ys, s' "have_image" ys = s "have_image" ys) /\ (forall ys, s' "pointing" ys = s "pointing" ys))
  \/
  (exists x d i m, In x (objs c "satellite") /\ In d (objs c "direction") /\ In i (objs c "instrument") /\
     In m (objs c "mode") /\
     s "calibrated" [i] = true /\ s "on_board" [i; x] = true /\ s "supports" [i; m] = true /\
     s "power_on" [i] = true /\ s "pointing" [x; d] = true /\
     (forall d' m', s' "have_image" [d'; m'] = if andb (Nat.eqb d d') (Nat.eqb m m') then true else s "have_image" [d'; m']) /\
     (forall ys, s' "power_on" ys = s "power_on" ys) /\ (forall ys, s' "power_avail" ys = s "power_avail" ys) /\
     (forall ys, s' "calibrated" ys = s "calibrated" ys) /\ (forall ys, s' "pointing" ys = s "pointing" ys))).
Proof.
  intros c s [sch xs] s' [Hin [Ht [Hpre ->]]]. cbn [fst snd] in Hin, Ht, Hpre |- *.
  unfold satellite_schemas in Hin. cbn [In] in Hin.
  split.
  { destruct Hin as [<-|[<-|[<-|[<-|[<-|[]]]]]]; repeat split; intros;
      unfold apply_op, atom_in; simpl; reflexivity. }
  destruct Hin as [<-|[<-|[<-|[<-|[<-|[]]]]]]; cbn [sparams spre] in Ht, Hpre.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 xs]]]]; cbn [typed] in Ht;
      try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 _].
    cbn [pre_holds map arg_value nth] in P1, P2.
    left. exists x0, x1, x2. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 xs]]]; cbn [typed] in Ht;
      try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 _]]. apply typed_one in H0. apply typed_one in H1.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 _].
    cbn [pre_holds map arg_value nth] in P1, P2.
    right; left. exists x0, x1. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 xs]]]; cbn [typed] in Ht;
      try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 _]]. apply typed_one in H0. apply typed_one in H1.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 _].
    cbn [pre_holds map arg_value nth] in P1, P2.
    right; right; left. exists x0, x1. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 xs]]]]; cbn [typed] in Ht;
      try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 Hpre]. apply Forall_cons_iff in Hpre as [P4 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3, P4.
    right; right; right; left. exists x0, x1, x2. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 [|x4 xs]]]]]; cbn [typed] in Ht;
      try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 [H3 _]]]]. apply typed_one in H0. apply typed_one in H1.
    apply typed_one in H2. apply typed_one in H3.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 Hpre]. apply Forall_cons_iff in Hpre as [P4 Hpre].
    apply Forall_cons_iff in Hpre as [P5 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3, P4, P5.
    right; right; right; right. exists x0, x1, x2, x3. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
Qed.

(* ---------- Invariants of reachable states ---------- *)

Definition inv (c : Ctx) (s : State) : Prop :=
  (forall ys, s "on_board" ys = init c "on_board" ys) /\ (forall ys, s "supports" ys = init c "supports" ys) /\
  (forall ys, s "calibration_target" ys = init c "calibration_target" ys) /\
  (forall x d d', In x (objs c "satellite") -> In d (objs c "direction") -> In d' (objs c "direction") ->
     s "pointing" [x; d] = true -> s "pointing" [x; d'] = true -> d = d').

Lemma inv_init : forall c, satellite_wf c -> satellite_certificate c = true -> inv c (init c).
Proof.
  intros c [Hnd _] Hcert. destruct (certificate_facts c Hcert) as [_ Hp].
  split; [reflexivity|split; [reflexivity|split; [reflexivity|]]].
  intros x d d' Hx Hd Hd' H1 H2. exact (count_over_le1 _ _ d d' (Hnd "direction") (Hp x Hx) Hd Hd' H1 H2).
Qed.

Lemma inv_step : forall c s o s', inv c s -> strips_step c satellite_schemas s o s' -> inv c s'.
Proof.
  intros c s o s' [J1 [J2 [J3 J4]]] Hs. destruct (step_inv c s o s' Hs) as [[S1 [S2 S3]] Hcase].
  split; [intros ys; rewrite S1; apply J1|split; [intros ys; rewrite S2; apply J2|split; [intros ys; rewrite S3; apply J3|]]].
  destruct Hcase as
    [[x [d1 [d2 [Hx [Hd1 [Hd2 [Hp2 [Hp1 [Hpt _]]]]]]]]]|[[i [x [_ [_ [_ [_ [_ [_ [_ [_ Hpt]]]]]]]]]]|[[i [x [_ [_ [_ [_ [_ [_ [_ [_ Hpt]]]]]]]]]]|[[x [i [d [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ Hpt]]]]]]]]]]]]]]|[x [d [i [m [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ Hpt]]]]]]]]]]]]]]]]]]]]].
  - assert (Hone : forall d, In d (objs c "direction") -> s' "pointing" [x; d] = true -> d = d1).
    { intros d Hd H. rewrite Hpt, Nat.eqb_refl in H. simpl in H.
      destruct (Nat.eqb_spec d1 d) as [<-|Hne1]; [reflexivity|]. simpl in H.
      destruct (Nat.eqb_spec d2 d) as [<-|Hne2]; [discriminate|]. exfalso. exact (Hne2 (J4 x d2 d Hx Hd2 Hd Hp2 H)). }
    intros y d d' Hy Hd Hd' H1 H2. destruct (Nat.eq_dec x y) as [<-|Hne].
    + rewrite (Hone d Hd H1), (Hone d' Hd' H2). reflexivity.
    + rewrite Hpt in H1, H2. destruct (Nat.eqb_spec x y) as [|_]; [congruence|]. simpl in H1, H2.
      exact (J4 y d d' Hy Hd Hd' H1 H2).
  - intros y e e' Hy He He'. rewrite !Hpt. exact (J4 y e e' Hy He He').
  - intros y e e' Hy He He'. rewrite !Hpt. exact (J4 y e e' Hy He He').
  - intros y e e' Hy He He'. rewrite !Hpt. exact (J4 y e e' Hy He He').
  - intros y e e' Hy He He'. rewrite !Hpt. exact (J4 y e e' Hy He He').
Qed.

Lemma inv_reachable : forall c s, satellite_wf c -> satellite_certificate c = true ->
  reachable State Op (strips_step c satellite_schemas) (init c) s -> inv c s.
Proof.
  intros c s Hwf Hcert Hr. induction Hr as [|s o s' Hr IH Hs].
  - exact (inv_init c Hwf Hcert).
  - exact (inv_step c s o s' IH Hs).
Qed.

(* ---------- Helpers over the terms ---------- *)

Definition ready (s : State) (j : nat) : bool := andb (s "power_on" [j]) (andb (s "calibrated" [j]) true).

Lemma good_mono : forall c s s' d m,
  (forall y, In y (objs c "satellite") -> s' "pointing" [y; d] = true -> s "pointing" [y; d] = true) ->
  (forall y j, In y (objs c "satellite") -> In j (objs c "instrument") -> s' "pointing" [y; d] = true ->
     stat c "on_board" [j; y] = true -> stat c "supports" [j; m] = true -> ready s' j = true ->
     ready s j = true \/ stat c "calibration_target" [j; d] = true) ->
  good c s' d m = true -> good c s d m = true.
Proof.
  intros c s s' d m Hp Hr H. unfold good in *. apply existsb_exists in H as [y [Hy H]].
  apply In_filter_l in Hy as [Hy Hpy]. apply existsb_exists in H as [j [Hj H]].
  apply In_filter_l in Hj as [Hj Hob]. rewrite !andb_true_iff in H. destruct H as [Hsup [H _]].
  apply existsb_exists. exists y. split; [apply filter_In; auto|].
  apply existsb_exists. exists j. split; [apply filter_In; auto|].
  rewrite !andb_true_iff. split; [exact Hsup|split; [|reflexivity]].
  rewrite orb_true_iff in H |- *. destruct H as [H|H].
  - destruct (Hr y j Hy Hj Hpy Hob Hsup H) as [H'|H']; [left; exact H'|right; rewrite H'; reflexivity].
  - right. exact H.
Qed.

Lemma tdir_mono : forall c s s' d, afree c s' d = afree c s d ->
  (forall m, In m (objs c "mode") -> goal c "have_image" [d; m] = true -> s "have_image" [d; m] = false ->
     good c s d m = false -> s' "have_image" [d; m] = false /\ good c s' d m = false) ->
  tdir c s d = true -> tdir c s' d = true.
Proof.
  intros c s s' d Ha Hb H. unfold tdir in *. rewrite Ha. rewrite !andb_true_iff in *. destruct H as [H1 [H2 _]].
  split; [exact H1|split; [|reflexivity]]. unfold bneed in *. apply existsb_exists in H2 as [m [Hm H2]].
  destruct (In_filter_l _ _ _ Hm) as [Hm' Hg]. rewrite !andb_true_iff, !negb_true_iff in H2. destruct H2 as [Hu [Hgd _]].
  destruct (Hb m Hm' Hg Hu Hgd) as [Hu' Hgd']. apply existsb_exists. exists m. split; [exact Hm|].
  rewrite Hu', Hgd'. reflexivity.
Qed.

Lemma afree_same : forall c s s' d, (forall y, s' "pointing" [y; d] = s "pointing" [y; d]) -> afree c s' d = afree c s d.
Proof.
  intros c s s' d H. unfold afree.
  rewrite (existsb_ext_in _ (fun v_s => negb (s' "pointing" [v_s; d])) (fun v_s => negb (s "pointing" [v_s; d])))
    by (intros y _; rewrite H; reflexivity). reflexivity.
Qed.

Lemma switchoff_mono : forall c s s',
  (forall m, In m (objs c "mode") -> needed c s m = true -> haspow c s m = false -> noavail c s m = true ->
     needed c s' m = true /\ haspow c s' m = false /\ noavail c s' m = true) ->
  switchoff c s <= switchoff c s'.
Proof.
  intros c s s' H. unfold switchoff. destruct (existsb _ (objs c "mode")) eqn:E; [|lia].
  apply existsb_exists in E as [m [Hm E]]. rewrite !andb_true_iff, negb_true_iff in E. destruct E as [E1 [E2 [E3 _]]].
  destruct (H m Hm E1 E2 E3) as [F1 [F2 F3]].
  replace (existsb _ (objs c "mode")) with true; [lia|]. symmetry. apply existsb_exists. exists m. split; [exact Hm|].
  rewrite F1, F2, F3. reflexivity.
Qed.

Lemma switchoff_le1 : forall c s, switchoff c s <= 1.
Proof. intros c s. unfold switchoff. destruct (existsb _ _); lia. Qed.

Lemma images_same : forall c s s', (forall ys, s' "have_image" ys = s "have_image" ys) -> images c s' = images c s.
Proof.
  intros c s s' H. unfold images. apply Nat.le_antisymm; apply sum_over_mono; intros d _;
    rewrite (count_over_ext_in _ (fun v_m => negb (s' "have_image" [d; v_m])) (fun v_m => negb (s "have_image" [d; v_m])))
      by (intros; rewrite H; reflexivity); lia.
Qed.

Lemma pointings_same : forall c s s', (forall ys, s' "pointing" ys = s "pointing" ys) -> pointings c s' = pointings c s.
Proof.
  intros c s s' H. unfold pointings, pcount. apply Nat.le_antisymm; apply sum_over_mono; intros x _;
    rewrite (count_over_ext_in _ (fun v_d => negb (s' "pointing" [x; v_d])) (fun v_d => negb (s "pointing" [x; v_d])))
      by (intros; rewrite H; reflexivity); lia.
Qed.

Lemma needed_same : forall c s s' m, (forall ys, s' "have_image" ys = s "have_image" ys) -> needed c s' m = needed c s m.
Proof.
  intros c s s' m H. unfold needed.
  rewrite (existsb_ext_in _ (fun v_d => negb (s' "have_image" [v_d; m])) (fun v_d => negb (s "have_image" [v_d; m])))
    by (intros; rewrite H; reflexivity). reflexivity.
Qed.

Lemma hasready_ext : forall c s s' m, (forall j, ready s' j = ready s j) -> hasready c s' m = hasready c s m.
Proof.
  intros c s s' m H. unfold hasready. apply existsb_ext_in. intros j _. exact (H j).
Qed.

Lemma haspow_ext : forall c s s' m, (forall j, s' "power_on" [j] = s "power_on" [j]) -> haspow c s' m = haspow c s m.
Proof. intros c s s' m H. unfold haspow. apply existsb_ext_in. intros j _. exact (H j). Qed.

Lemma forallb_ext_in_nat : forall (l : list nat) g g', (forall x, In x l -> g x = g' x) -> forallb g l = forallb g' l.
Proof.
  induction l as [|y l IH]; intros g g' H; simpl; [reflexivity|].
  rewrite (H y (or_introl eq_refl)), (IH g g' (fun x Hx => H x (or_intror Hx))). reflexivity.
Qed.

Lemma noavail_ext : forall c s s' m, (forall y, s' "power_avail" [y] = s "power_avail" [y]) -> noavail c s' m = noavail c s m.
Proof.
  intros c s s' m H. unfold noavail. apply forallb_ext_in_nat. intros j _. apply forallb_ext_in_nat. intros y _. rewrite H. reflexivity.
Qed.

(* ---------- One transition ---------- *)

Lemma existsb_mono_in : forall (l : list nat) g g', (forall x, In x l -> g x = true -> g' x = true) ->
  existsb g l = true -> existsb g' l = true.
Proof.
  intros l g g' H E. apply existsb_exists in E as [x [Hx E]]. apply existsb_exists. exists x. auto.
Qed.

Lemma b2n_le1 : forall b, b2n b <= 1.
Proof. intros []; simpl; lia. Qed.

Lemma good_same : forall c s s' d m, (forall y, s' "pointing" [y; d] = s "pointing" [y; d]) ->
  (forall j, ready s' j = ready s j) -> good c s' d m = good c s d m.
Proof.
  intros c s s' d m Hp Hr.
  destruct (good c s' d m) eqn:E1, (good c s d m) eqn:E2; auto; exfalso.
  - assert (good c s d m = true); [|congruence].
    apply (good_mono c s s' d m); auto; [intros y _ H; rewrite <- Hp; exact H|].
    intros y j _ _ _ _ _ H. left. rewrite <- Hr. exact H.
  - assert (good c s' d m = true); [|congruence].
    apply (good_mono c s' s d m); auto; [intros y _ H; rewrite Hp; exact H|].
    intros y j _ _ _ _ _ H. left. rewrite Hr. exact H.
Qed.

Lemma tdir_same : forall c s s' d, (forall y, s' "pointing" [y; d] = s "pointing" [y; d]) ->
  (forall j, ready s' j = ready s j) -> (forall m, s' "have_image" [d; m] = s "have_image" [d; m]) ->
  tdir c s' d = tdir c s d.
Proof.
  intros c s s' d Hp Hr Hh. unfold tdir. rewrite (afree_same c s s' d Hp). unfold bneed.
  rewrite (existsb_ext_in _ (fun v_m => andb (negb (s' "have_image" [d; v_m])) (andb (negb (good c s' d v_m)) true))
                            (fun v_m => andb (negb (s "have_image" [d; v_m])) (andb (negb (good c s d v_m)) true)))
    by (intros m _; rewrite Hh, (good_same c s s' d m Hp Hr); reflexivity).
  reflexivity.
Qed.

Lemma switchoff_ext : forall c s s', (forall m, needed c s' m = needed c s m) -> (forall m, haspow c s' m = haspow c s m) ->
  (forall m, noavail c s' m = noavail c s m) -> switchoff c s' = switchoff c s.
Proof.
  intros c s s' H1 H2 H3. unfold switchoff.
  rewrite (existsb_ext_in _ (fun v_m => andb (needed c s' v_m) (andb (negb (haspow c s' v_m)) (andb (noavail c s' v_m) true)))
                            (fun v_m => andb (needed c s v_m) (andb (negb (haspow c s v_m)) (andb (noavail c s v_m) true))))
    by (intros m _; rewrite H1, H2, H3; reflexivity).
  reflexivity.
Qed.

Lemma dead_step : forall c s s',
  (forall d m, s' "have_image" [d; m] = true -> s "have_image" [d; m] = true \/
     exists j, In j (objs c "instrument") /\ stat c "supports" [j; m] = true /\
       existsb (fun v_s => stat c "on_board" [j; v_s]) (objs c "satellite") = true) ->
  dead c s = true -> dead c s' = true.
Proof.
  intros c s s' H Hd. unfold dead in *. apply existsb_exists in Hd as [d [Hd Hd']].
  apply existsb_exists in Hd' as [m [Hm Hm']].
  rewrite !andb_true_iff, !negb_true_iff in Hm'. destruct Hm' as [Hu [Hno _]].
  apply existsb_exists. exists d. split; [exact Hd|]. apply existsb_exists. exists m. split; [exact Hm|].
  rewrite Hno. destruct (s' "have_image" [d; m]) eqn:E; [|reflexivity].
  exfalso. destruct (H d m E) as [H'|[j [Hj [Hsj Hobj]]]]; [congruence|].
  assert (existsb (fun v_i => existsb (fun v_s => stat c "on_board" [v_i; v_s]) (objs c "satellite"))
            (List.filter (fun v_i => stat c "supports" [v_i; m]) (objs c "instrument")) = true)
    by (apply existsb_exists; exists j; split; [apply filter_In; auto|exact Hobj]).
  congruence.
Qed.

Lemma step_bound : forall c s o s', satellite_wf c -> satellite_certificate c = true -> inv c s ->
  strips_step c satellite_schemas s o s' -> value c s <= 1 + value c s' /\ (dead c s = true -> dead c s' = true).
Proof.
  intros c s o s' Hwf Hcert [J1 [J2 [J3 J4]]] Hs.
  pose proof Hwf as [Hnd [Sob [Ssup Scal]]].
  destruct (certificate_facts c Hcert) as [One_ob _].
  assert (Hob : forall ys, s "on_board" ys = stat c "on_board" ys) by (intros; rewrite J1, Sob; reflexivity).
  assert (Hsu : forall ys, s "supports" ys = stat c "supports" ys) by (intros; rewrite J2, Ssup; reflexivity).
  assert (Hct : forall ys, s "calibration_target" ys = stat c "calibration_target" ys) by (intros; rewrite J3, Scal; reflexivity).
  destruct (step_inv c s o s' Hs) as [_ Hcase]. unfold value.
  destruct Hcase as
    [[x [d1 [d2 [Hx [Hd1 [Hd2 [Hp2 [Hp1 [Hpt [Hhi [Hpo [Hcal Hav]]]]]]]]]]]]
    |[[i [x [Hi [Hx [Hobx [Havx [Hpo [Hcal [Hav [Hhi Hpt]]]]]]]]]]
     |[[i [x [Hi [Hx [Hobx [Hpox [Hpo [Hav [Hcal [Hhi Hpt]]]]]]]]]]
      |[[x [i [d [Hx [Hi [Hd [Hobx [Hct0 [Hpxd [Hpoi [Hcal [Hpo [Hav [Hhi Hpt]]]]]]]]]]]]]]
       |[x [d [i [m [Hx [Hd [Hi [Hm [Hcali [Hobx [Hsupi [Hpoi [Hpxd [Hhi [Hpo [Hav [Hcal Hpt]]]]]]]]]]]]]]]]]]]]].
  - (* turn_to x d1 d2: to d1, from d2 *)
    assert (Hd12 : d1 <> d2) by (intros ->; congruence).
    assert (Hrd : forall j, ready s' j = ready s j) by (intros j; unfold ready; rewrite Hpo, Hcal; reflexivity).
    assert (Hpx1 : s' "pointing" [x; d1] = true) by (rewrite Hpt, !Nat.eqb_refl; reflexivity).
    assert (Hpx2 : s' "pointing" [x; d2] = false).
    { rewrite Hpt, !Nat.eqb_refl. destruct (Nat.eqb_spec d1 d2); [congruence|reflexivity]. }
    assert (Hpy : forall y e, y <> x -> s' "pointing" [y; e] = s "pointing" [y; e]).
    { intros y e Hne. rewrite Hpt. destruct (Nat.eqb_spec x y) as [->|_]; [congruence|reflexivity]. }
    assert (Hpe : forall y e, e <> d1 -> e <> d2 -> s' "pointing" [y; e] = s "pointing" [y; e]).
    { intros y e H1 H2. rewrite Hpt. destruct (Nat.eqb_spec d1 e) as [->|_]; [congruence|].
      destruct (Nat.eqb_spec d2 e) as [->|_]; [congruence|]. rewrite !andb_false_r. reflexivity. }
    assert (Hd2r : In d2 (remove Nat.eq_dec d1 (objs c "direction"))) by (apply in_in_remove; auto).
    pose proof (NoDup_remove_nat _ d1 (Hnd "direction")) as Hndr.
    (* P: only x's count changes, at d1 and d2 *)
    assert (HP : pointings c s + b2n (goal c "pointing" [x; d2]) = pointings c s' + b2n (goal c "pointing" [x; d1])).
    { unfold pointings. change (fun v_s => pcount c s v_s) with (pcount c s).
      change (fun v_s => pcount c s' v_s) with (pcount c s').
      rewrite (sum_over_remove _ (pcount c s) x (Hnd "satellite") Hx),
        (sum_over_remove _ (pcount c s') x (Hnd "satellite") Hx).
      assert (Hrest : sum_over (remove Nat.eq_dec x (objs c "satellite")) (pcount c s) =
                      sum_over (remove Nat.eq_dec x (objs c "satellite")) (pcount c s')).
      { apply Nat.le_antisymm; apply sum_over_mono; intros y Hy; apply in_remove in Hy as [_ Hne]; unfold pcount;
          rewrite (count_over_ext_in _ (fun v_d => negb (s' "pointing" [y; v_d])) (fun v_d => negb (s "pointing" [y; v_d])))
            by (intros e _; rewrite (Hpy y e Hne); reflexivity); lia. }
      unfold pcount. rewrite !count_filter_sum.
      set (f := fun v => b2n (andb (goal c "pointing" [x; v]) (negb (s "pointing" [x; v])))).
      set (f' := fun v => b2n (andb (goal c "pointing" [x; v]) (negb (s' "pointing" [x; v])))).
      rewrite (sum_over_remove _ f d1 (Hnd "direction") Hd1), (sum_over_remove _ f' d1 (Hnd "direction") Hd1).
      rewrite (sum_over_remove _ f d2 Hndr Hd2r), (sum_over_remove _ f' d2 Hndr Hd2r).
      assert (Hr2 : sum_over (remove Nat.eq_dec d2 (remove Nat.eq_dec d1 (objs c "direction"))) f =
                    sum_over (remove Nat.eq_dec d2 (remove Nat.eq_dec d1 (objs c "direction"))) f').
      { apply Nat.le_antisymm; apply sum_over_mono; intros e He; apply in_remove in He as [He H2];
          apply in_remove in He as [_ H1]; unfold f, f'; rewrite (Hpe x e H1 H2); lia. }
      unfold pcount in Hrest. rewrite Hrest, Hr2. unfold f, f'. rewrite Hp1, Hp2, Hpx1, Hpx2.
      destruct (goal c "pointing" [x; d1]), (goal c "pointing" [x; d2]); simpl; lia. }
    (* T: d1 leaves T only if x's pointing goal there is not d1's; d2 only if x's goal at d2 becomes unmet *)
    assert (HT : turns c s + b2n (goal c "pointing" [x; d1]) <= turns c s' + b2n (goal c "pointing" [x; d2]) + 1).
    { unfold turns. rewrite !count_over_sum.
      set (f := fun v => b2n (tdir c s v)). set (f' := fun v => b2n (tdir c s' v)).
      rewrite (sum_over_remove _ f d1 (Hnd "direction") Hd1), (sum_over_remove _ f' d1 (Hnd "direction") Hd1).
      rewrite (sum_over_remove _ f d2 Hndr Hd2r), (sum_over_remove _ f' d2 Hndr Hd2r).
      assert (Hr2 : sum_over (remove Nat.eq_dec d2 (remove Nat.eq_dec d1 (objs c "direction"))) f <=
                    sum_over (remove Nat.eq_dec d2 (remove Nat.eq_dec d1 (objs c "direction"))) f').
      { apply sum_over_mono. intros e He. apply in_remove in He as [He H2]. apply in_remove in He as [_ H1].
        unfold f, f'. rewrite (tdir_same c s s' e (fun y => Hpe y e H1 H2) Hrd (fun m => Hhi _)). lia. }
      assert (H1 : f d1 + b2n (goal c "pointing" [x; d1]) <= 1).
      { unfold f. destruct (goal c "pointing" [x; d1]) eqn:G; [|pose proof (b2n_le1 (tdir c s d1)); simpl; lia].
        replace (tdir c s d1) with false; [simpl; lia|]. symmetry. unfold tdir, afree.
        replace (existsb (fun v_s => negb (s "pointing" [v_s; d1])) (List.filter (fun v_s => goal c "pointing" [v_s; d1]) (objs c "satellite")))
          with true; [reflexivity|]. symmetry. apply existsb_exists. exists x. split; [apply filter_In; auto|]. rewrite Hp1. reflexivity. }
      assert (H2 : f d2 <= f' d2 + b2n (goal c "pointing" [x; d2])).
      { unfold f, f'. destruct (goal c "pointing" [x; d2]) eqn:G; [pose proof (b2n_le1 (tdir c s d2)); simpl; lia|].
        destruct (tdir c s d2) eqn:E; [|simpl; lia].
        rewrite (tdir_mono c s s' d2); [simpl; lia| |intros m _ _ Hu Hg; rewrite Hhi; split; [exact Hu|]|exact E].
        - unfold afree. rewrite (existsb_ext_in _ (fun v_s => negb (s' "pointing" [v_s; d2])) (fun v_s => negb (s "pointing" [v_s; d2])));
            [reflexivity|]. intros y Hy. apply In_filter_l in Hy as [_ Gy].
          destruct (Nat.eq_dec y x) as [->|Hne]; [congruence|]. rewrite (Hpy y d2 Hne). reflexivity.
        - destruct (good c s' d2 m) eqn:E'; [|reflexivity]. rewrite <- Hg. symmetry.
          apply (good_mono c s s' d2 m); [| |exact E'].
          + intros y _ H. destruct (Nat.eq_dec y x) as [->|Hne]; [congruence|]. rewrite <- (Hpy y d2 Hne). exact H.
          + intros y j _ _ _ _ _ H. left. rewrite <- Hrd. exact H. }
      lia. }
    assert (HC : cov c (needed c s') (hasready c s') = cov c (needed c s) (hasready c s)).
    { apply cov_ext; intros m _; [apply needed_same; exact Hhi|apply hasready_ext; exact Hrd]. }
    assert (HW : cov c (needed c s') (haspow c s') = cov c (needed c s) (haspow c s)).
    { apply cov_ext; intros m _; [apply needed_same; exact Hhi|apply haspow_ext; intros; apply Hpo]. }
    assert (HS : switchoff c s' = switchoff c s).
    { apply switchoff_ext; intros m; [apply needed_same; exact Hhi|apply haspow_ext; intros; apply Hpo|
        apply noavail_ext; intros; apply Hav]. }
    rewrite (images_same c s s' Hhi), HC, HW, HS. split; [lia|].
    apply dead_step. intros e m H. left. rewrite <- Hhi. exact H.
  - (* switch_on i x *)
    assert (Hrd : forall j, ready s' j = true -> ready s j = true).
    { intros j. unfold ready. rewrite Hpo, Hcal. destruct (Nat.eqb i j); simpl; [intros H; discriminate H|auto]. }
    assert (HT : turns c s <= turns c s').
    { apply count_over_mono. intros e _. apply tdir_mono; [apply afree_same; intros; apply Hpt|].
      intros m _ _ Hu Hg. rewrite Hhi. split; [exact Hu|].
      destruct (good c s' e m) eqn:E; [|reflexivity]. rewrite <- Hg. symmetry. apply (good_mono c s s' e m);
        [intros y _ H; rewrite <- Hpt; exact H|intros y j _ _ _ _ _ H; left; exact (Hrd j H)|exact E]. }
    assert (HC : cov c (needed c s) (hasready c s) <= cov c (needed c s') (hasready c s')).
    { apply cov_mono. intros m _. unfold Rm. rewrite (needed_same c s s' m Hhi).
      destruct (needed c s m); [|auto]. destruct (hasready c s' m) eqn:E; [|destruct (hasready c s m); auto].
      assert (Hr : hasready c s m = true).
      { unfold hasready in *. revert E. apply existsb_mono_in. intros j _ H. exact (Hrd j H). }
      rewrite Hr. simpl. intros H; discriminate H. }
    assert (Hpw : forall m, haspow c s' m = true -> haspow c s m = false -> stat c "supports" [i; m] = true).
    { intros m E1 E2. unfold haspow in E1. apply existsb_exists in E1 as [j [Hj E1]]. apply In_filter_l in Hj as [Hj Hsj].
      rewrite Hpo in E1. destruct (Nat.eqb_spec i j) as [<-|Hne]; [exact Hsj|].
      assert (haspow c s m = true) by (apply existsb_exists; exists j; split; [apply filter_In; auto|exact E1]). congruence. }
    assert (HW : cov c (needed c s) (haspow c s) <= cov c (needed c s') (haspow c s') + 1).
    { apply (cov_drop c _ _ _ _ i Hi); [exists x; split; [exact Hx|rewrite <- Hob; exact Hobx]|].
      intros m _ HR. unfold Rm in HR |- *. rewrite (needed_same c s s' m Hhi).
      destruct (needed c s m); [|discriminate]. destruct (haspow c s m) eqn:E; [discriminate|].
      destruct (haspow c s' m) eqn:E'; [right; exact (Hpw m E' E)|left; reflexivity]. }
    assert (HS : switchoff c s <= switchoff c s').
    { apply switchoff_mono. intros m _ E1 E2 E3. rewrite (needed_same c s s' m Hhi). split; [exact E1|split].
      - destruct (haspow c s' m) eqn:E'; [|reflexivity]. exfalso. pose proof (Hpw m E' E2) as Hsi.
        unfold noavail in E3. rewrite forallb_forall in E3.
        specialize (E3 i (proj2 (filter_In _ _ _) (conj Hi Hsi))). rewrite forallb_forall in E3.
        specialize (E3 x (proj2 (filter_In _ _ _) (conj Hx (eq_trans (eq_sym (Hob _)) Hobx)))).
        rewrite Havx in E3. discriminate.
      - unfold noavail in E3 |- *. rewrite forallb_forall in E3 |- *. intros j Hj. specialize (E3 j Hj).
        rewrite forallb_forall in E3 |- *. intros y Hy. specialize (E3 y Hy). rewrite Hav.
        destruct (Nat.eqb x y); [reflexivity|exact E3]. }
    rewrite (images_same c s s' Hhi), (pointings_same c s s' Hpt). split; [lia|].
    apply dead_step. intros e m H. left. rewrite <- Hhi. exact H.
  - (* switch_off i x *)
    assert (Hrd : forall j, ready s' j = true -> ready s j = true).
    { intros j. unfold ready. rewrite Hpo, Hcal. destruct (Nat.eqb i j); simpl; [intros H; discriminate H|auto]. }
    assert (HT : turns c s <= turns c s').
    { apply count_over_mono. intros e _. apply tdir_mono; [apply afree_same; intros; apply Hpt|].
      intros m _ _ Hu Hg. rewrite Hhi. split; [exact Hu|].
      destruct (good c s' e m) eqn:E; [|reflexivity]. rewrite <- Hg. symmetry. apply (good_mono c s s' e m);
        [intros y _ H; rewrite <- Hpt; exact H|intros y j _ _ _ _ _ H; left; exact (Hrd j H)|exact E]. }
    assert (HC : cov c (needed c s) (hasready c s) <= cov c (needed c s') (hasready c s')).
    { apply cov_mono. intros m _. unfold Rm. rewrite (needed_same c s s' m Hhi).
      destruct (needed c s m); [|auto]. destruct (hasready c s' m) eqn:E; [|destruct (hasready c s m); auto].
      assert (Hr : hasready c s m = true).
      { unfold hasready in *. revert E. apply existsb_mono_in. intros j _ H. exact (Hrd j H). }
      rewrite Hr. simpl. intros H; discriminate H. }
    assert (HW : cov c (needed c s) (haspow c s) <= cov c (needed c s') (haspow c s')).
    { apply cov_mono. intros m _. unfold Rm. rewrite (needed_same c s s' m Hhi).
      destruct (needed c s m); [|auto]. destruct (haspow c s' m) eqn:E; [|destruct (haspow c s m); auto].
      assert (Hr : haspow c s m = true).
      { unfold haspow in *. revert E. apply existsb_mono_in. intros j _ H. rewrite Hpo in H.
        destruct (Nat.eqb i j); [discriminate|exact H]. }
      rewrite Hr. simpl. intros H; discriminate H. }
    pose proof (switchoff_le1 c s) as HS1.
    rewrite (images_same c s s' Hhi), (pointings_same c s s' Hpt). split; [lia|].
    apply dead_step. intros e m H. left. rewrite <- Hhi. exact H.
  - (* calibrate x i d *)
    assert (Hobs : stat c "on_board" [i; x] = true) by (rewrite <- Hob; exact Hobx).
    assert (Hrd : forall j, ready s' j = true -> ready s j = true \/ j = i).
    { intros j. unfold ready. rewrite Hpo, Hcal. destruct (Nat.eqb_spec i j) as [<-|_]; auto. }
    assert (HT : turns c s <= turns c s').
    { apply count_over_mono. intros e He. apply tdir_mono; [apply afree_same; intros; apply Hpt|].
      intros m _ _ Hu Hg. rewrite Hhi. split; [exact Hu|].
      destruct (good c s' e m) eqn:E; [|reflexivity]. rewrite <- Hg. symmetry. apply (good_mono c s s' e m);
        [intros y _ H; rewrite <- Hpt; exact H| |exact E].
      intros y j Hy Hj Hpy Hoby _ H. destruct (Hrd j H) as [H'|Hji]; [left; exact H'|subst j; right].
      (* i's one carrier is x, which points at d only: e is d, i's calibration target *)
      assert (y = x) as ->.
      { apply (count_over_le1 _ (fun v_s => init c "on_board" [i; v_s]) y x (Hnd "satellite") (One_ob i Hi) Hy Hx);
          [rewrite <- Sob; exact Hoby|rewrite <- J1; exact Hobx]. }
      rewrite Hpt in Hpy. rewrite (J4 x e d Hx He Hd Hpy Hpxd). rewrite <- Hct. exact Hct0. }
    assert (HC : cov c (needed c s) (hasready c s) <= cov c (needed c s') (hasready c s') + 1).
    { apply (cov_drop c _ _ _ _ i Hi); [exists x; split; [exact Hx|exact Hobs]|].
      intros m _ HR. unfold Rm in HR |- *. rewrite (needed_same c s s' m Hhi).
      destruct (needed c s m); [|discriminate]. destruct (hasready c s m) eqn:E; [discriminate|].
      destruct (hasready c s' m) eqn:E'; [right|left; reflexivity].
      unfold hasready in E'. apply existsb_exists in E' as [j [Hj E']]. apply In_filter_l in Hj as [Hj Hsj].
      destruct (Hrd j E') as [H'|Hji]; [|subst j; exact Hsj]. exfalso.
      assert (hasready c s m = true) by (apply existsb_exists; exists j; split; [apply filter_In; auto|exact H']).
      congruence. }
    assert (HW : cov c (needed c s') (haspow c s') = cov c (needed c s) (haspow c s)).
    { apply cov_ext; intros m _; [apply needed_same; exact Hhi|apply haspow_ext; intros; apply Hpo]. }
    assert (HS : switchoff c s' = switchoff c s).
    { apply switchoff_ext; intros m; [apply needed_same; exact Hhi|apply haspow_ext; intros; apply Hpo|
        apply noavail_ext; intros; apply Hav]. }
    rewrite (images_same c s s' Hhi), (pointings_same c s s' Hpt), HW, HS. split; [lia|].
    apply dead_step. intros e m H. left. rewrite <- Hhi. exact H.
  - (* take_image x d i m *)
    assert (Hobs : stat c "on_board" [i; x] = true) by (rewrite <- Hob; exact Hobx).
    assert (Hsus : stat c "supports" [i; m] = true) by (rewrite <- Hsu; exact Hsupi).
    assert (Hrd : forall j, ready s' j = ready s j) by (intros j; unfold ready; rewrite Hpo, Hcal; reflexivity).
    assert (Hgood : good c s d m = true).
    { unfold good. apply existsb_exists. exists x. split; [apply filter_In; auto|].
      apply existsb_exists. exists i. split; [apply filter_In; auto|]. rewrite Hsus, Hpoi, Hcali. reflexivity. }
    assert (Hready : hasready c s m = true).
    { apply existsb_exists. exists i. split; [apply filter_In; auto|]. rewrite Hpoi, Hcali. reflexivity. }
    assert (Hpow : haspow c s m = true) by (apply existsb_exists; exists i; split; [apply filter_In; auto|exact Hpoi]).
    assert (Hother : forall m', m' <> m -> needed c s' m' = needed c s m').
    { intros m' Hne. unfold needed. apply existsb_ext_in. intros e _. rewrite Hhi.
      destruct (Nat.eqb_spec m m') as [<-|_]; [congruence|]. rewrite andb_false_r. reflexivity. }
    assert (HI : images c s <= images c s' + 1).
    { unfold images. apply (sum_over_point _ _ _ d 1 (Hnd "direction")).
      - intros e _ Hne. apply count_over_mono. intros m' _. rewrite Hhi.
        destruct (Nat.eqb_spec d e) as [<-|_]; [congruence|]. auto.
      - apply (count_over_point _ _ _ m (NoDup_filter _ (Hnd "mode"))). intros m' _ Hne. rewrite Hhi, Nat.eqb_refl.
        destruct (Nat.eqb_spec m m') as [<-|_]; [congruence|]. auto. }
    assert (HT : turns c s <= turns c s').
    { apply count_over_mono. intros e _. apply tdir_mono; [apply afree_same; intros; apply Hpt|].
      intros m' _ _ Hu Hg. rewrite (good_same c s s' e m' (fun y => Hpt _) Hrd). split; [|exact Hg].
      rewrite Hhi. destruct (Nat.eqb_spec d e) as [Hde|_]; [subst e|simpl; exact Hu].
      destruct (Nat.eqb_spec m m') as [Hmm|_]; [subst m'; congruence|simpl; exact Hu]. }
    assert (HC : cov c (needed c s) (hasready c s) <= cov c (needed c s') (hasready c s')).
    { apply cov_mono. intros m' _. unfold Rm. rewrite (hasready_ext c s s' m' Hrd).
      destruct (Nat.eq_dec m' m) as [->|Hne]; [rewrite Hready; simpl; rewrite andb_false_r; intros H; discriminate H|].
      rewrite (Hother m' Hne). auto. }
    assert (HW : cov c (needed c s) (haspow c s) <= cov c (needed c s') (haspow c s')).
    { apply cov_mono. intros m' _. unfold Rm. rewrite (haspow_ext c s s' m' (fun j => Hpo _)).
      destruct (Nat.eq_dec m' m) as [->|Hne]; [rewrite Hpow; simpl; rewrite andb_false_r; intros H; discriminate H|].
      rewrite (Hother m' Hne). auto. }
    assert (HS : switchoff c s <= switchoff c s').
    { apply switchoff_mono. intros m' _ E1 E2 E3.
      assert (Hne : m' <> m) by (intros ->; congruence).
      rewrite (Hother m' Hne), (haspow_ext c s s' m' (fun j => Hpo _)), (noavail_ext c s s' m' (fun y => Hav _)). auto. }
    rewrite (pointings_same c s s' Hpt). split; [lia|].
    apply dead_step. intros e m' H. rewrite Hhi in H.
    destruct (Nat.eqb_spec d e) as [Hde|_]; [subst e|simpl in H; left; exact H].
    destruct (Nat.eqb_spec m m') as [Hmm|_]; [subst m'|simpl in H; left; exact H].
    right. exists i. split; [exact Hi|split; [exact Hsus|]]. apply existsb_exists. exists x. auto.
Qed.

(* ---------- The theorems ---------- *)

Theorem satellite_goal_aware : forall c : Ctx, satellite_wf c -> satellite_certificate c = true ->
  goal_aware State Op (strips_step c satellite_schemas) (init c) (strips_goal c) (fun s => satellite_h (at_state c s)).
Proof.
  intros c Hwf Hcert s Hr Hg. rewrite h_eq.
  assert (Himg : forall d m, goal c "have_image" [d; m] = true -> s "have_image" [d; m] = true) by (intros; apply Hg; auto).
  assert (Hneed : forall m, needed c s m = false).
  { intros m. unfold needed. apply existsb_false_in. intros d Hd. apply In_filter_l in Hd as [_ G]. rewrite (Himg d m G). reflexivity. }
  assert (Hdd : dead c s = false).
  { unfold dead. apply existsb_false_in. intros d _. apply existsb_false_in. intros m Hm. apply In_filter_l in Hm as [_ G].
    rewrite (Himg d m G). reflexivity. }
  rewrite Hdd. f_equal. unfold value.
  assert (HI : images c s = 0).
  { unfold images. apply sum_over_zero. intros d _. apply count_over_zero. intros m Hm. apply In_filter_l in Hm as [_ G].
    rewrite (Himg d m G). reflexivity. }
  assert (HP : pointings c s = 0).
  { unfold pointings. apply sum_over_zero. intros x _. unfold pcount. apply count_over_zero. intros d Hd.
    apply In_filter_l in Hd as [_ G]. rewrite (Hg "pointing" [x; d] G). reflexivity. }
  assert (HT : turns c s = 0).
  { unfold turns. apply count_over_zero. intros d _. unfold tdir, bneed.
    rewrite (existsb_false_in _ (fun v_m => andb (negb (s "have_image" [d; v_m])) (andb (negb (good c s d v_m)) true)));
      [rewrite !andb_false_r; reflexivity|].
    intros m Hm. apply In_filter_l in Hm as [_ G]. rewrite (Himg d m G). reflexivity. }
  rewrite HI, HP, HT, !cov_zero by (intros m _; apply Hneed).
  unfold switchoff. rewrite existsb_false_in; [reflexivity|]. intros m _. rewrite Hneed. reflexivity.
Qed.

Theorem satellite_consistent : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  satellite_wf c -> satellite_certificate c = true ->
  consistent State Op (strips_step c satellite_schemas) cost (init c) (fun s => satellite_h (at_state c s)).
Proof.
  intros c cost Hcost Hwf Hcert s o s' Hr Hs. rewrite !h_eq.
  destruct (step_bound c s o s' Hwf Hcert (inv_reachable c s Hwf Hcert Hr) Hs) as [Hv Hdead].
  specialize (Hcost o).
  destruct (dead c s') eqn:E'; destruct (dead c s) eqn:E; try exact I.
  - (* a flagged state leads only to flagged states *)
    specialize (Hdead eq_refl). discriminate.
  - change (value c s <= cost o + value c s'). lia.
Qed.

Theorem satellite_admissible : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  satellite_wf c -> satellite_certificate c = true ->
  forall s k, reachable State Op (strips_step c satellite_schemas) (init c) s ->
  plan State Op (strips_step c satellite_schemas) cost (strips_goal c) s k ->
  le_opt (satellite_h (at_state c s)) k.
Proof.
  intros c cost Hcost Hwf Hcert s k Hr Hp.
  exact (admissible_on_reachable State Op (strips_step c satellite_schemas) cost (strips_goal c) (init c)
    (fun s => satellite_h (at_state c s)) (satellite_goal_aware c Hwf Hcert)
    (satellite_consistent c cost Hcost Hwf Hcert) s k Hr Hp).
Qed.

Print Assumptions satellite_goal_aware.
Print Assumptions satellite_consistent.
Print Assumptions satellite_admissible.
