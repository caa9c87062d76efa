(* A generalized plan for satellite (certplan's worked example, paper 000): for every image the goal
   asks for, take the first instrument that supports the mode and the satellite it is on board:
   switch it on, turn to its calibration target, calibrate, turn to the direction, take the image
   and switch it off again (so every satellite has its power available between images); finally
   turn the satellites the goal points somewhere. The static facts are read from the initial state
   `s`, the pointing from the state the plan has reached (`runPlan`).
   `solveComplete` below proves it complete for every instance satisfying the validity constraints
   (crates/gp/src/spec.rs); checked by coqc and audited in certplan's tests.
   Run it with `certplan gp run satellite SatelliteSolve.v P...`. *)
From Coq Require Import Bool Arith List Lia.
Import ListNotations.
From Certplan Require Import Satellite SatelliteValid.

Definition objs (t : State) : list nat := t.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

(* Turn satellite `sat`, pointing as `p` says, to direction `x`. *)
Definition turnTo (s : State) (p : nat -> nat -> bool) (sat x : nat) : list PlanAction :=
  match find (fun y => s.(statics).(direction_t) y && p sat y) (objs s) with
  | Some y => if Nat.eqb y x then [] else [turn_to sat x y]
  | None => []
  end.

Definition image (s t : State) (d m : nat) : list PlanAction :=
  match find (fun i => s.(statics).(instrument_t) i && s.(statics).(supports_p) i m) (objs s) with
  | None => []
  | Some i =>
      match find (fun sat => s.(statics).(satellite_t) sat && s.(statics).(on_board_p) i sat) (objs s),
            find (fun c => s.(statics).(direction_t) c && s.(statics).(calibration_target_p) i c) (objs s) with
      | Some sat, Some c =>
          let calib := [switch_on i sat] ++ turnTo s t.(dynamic).(pointing_p) sat c ++ [calibrate sat i c] in
          let t1 := runPlan calib t in
          calib ++ turnTo s t1.(dynamic).(pointing_p) sat d ++ [take_image sat d i m; switch_off i sat]
      | _, _ => []
      end
  end.

Fixpoint images (s t : State) (todo : list (nat * nat)) : list PlanAction :=
  match todo with
  | [] => []
  | (d, m) :: rest => let acts := image s t d m in acts ++ images s (runPlan acts t) rest
  end.

Fixpoint point (s t : State) (g : Goal) (sats : list nat) : list PlanAction :=
  match sats with
  | [] => []
  | sat :: rest =>
      match find (fun x => s.(statics).(direction_t) x && isTrue (g.(goal_dynamic).(goal_pointing_p) sat x)) (objs s) with
      | Some x => let acts := turnTo s t.(dynamic).(pointing_p) sat x in acts ++ point s (runPlan acts t) g rest
      | None => point s t g rest
      end
  end.

Definition todoOf (s : State) (g : Goal) : list (nat * nat) :=
  flat_map (fun d => map (fun m => (d, m))
     (filter (fun m => s.(statics).(mode_t) m && isTrue (g.(goal_dynamic).(goal_have_image_p) d m)) (objs s)))
     (filter (fun d => s.(statics).(direction_t) d) (objs s)).

Definition solve (s : State) (g : Goal) : list PlanAction :=
  let shots := images s s (todoOf s g) in
  shots ++ point s (runPlan shots s) g (filter (fun sat => s.(statics).(satellite_t) sat) (objs s)).

(** * Completeness (paper 000, Listing 9) *)

Lemma find_of_witness (f : nat -> bool) (l : list nat) (a : nat) :
  In a l -> f a = true -> exists x, find f l = Some x.
Proof.
  induction l as [| b l IH]; simpl; intros H Fa; [contradiction |].
  destruct (f b) eqn:Fb; [eauto |].
  destruct H as [H | H]; [subst; congruence | exact (IH H Fa)].
Qed.

Lemma find_unique (f : nat -> bool) (l : list nat) (y : nat) :
  In y l -> f y = true -> (forall z, In z l -> f z = true -> z = y) -> find f l = Some y.
Proof.
  intros Hy Fy U; destruct (find_of_witness f l y Hy Fy) as [x Hx].
  destruct (find_some _ _ Hx) as [HxIn Fx]; rewrite (U x HxIn Fx) in Hx; exact Hx.
Qed.

Lemma count_le_one_unique (f : nat -> bool) (l : list nat) (a b : nat) :
  length (filter f l) <= 1 -> In a l -> f a = true -> In b l -> f b = true -> a = b.
Proof.
  intros H Ha Fa Hb Fb.
  assert (A : In a (filter f l)) by (apply filter_In; split; assumption).
  assert (B : In b (filter f l)) by (apply filter_In; split; assumption).
  destruct (filter f l) as [| x [| y r]]; simpl in H; try lia; [contradiction |].
  destruct A as [A | []]; destruct B as [B | []]; congruence.
Qed.

Lemma count_one_witness (f : nat -> bool) (l : list nat) :
  length (filter f l) = 1 -> exists y, In y l /\ f y = true /\ forall z, In z l -> f z = true -> z = y.
Proof.
  intro H.
  destruct (filter f l) as [| y r] eqn:E; [discriminate |].
  assert (Hy : In y (filter f l)) by (rewrite E; left; reflexivity).
  apply filter_In in Hy; destruct Hy as [HyIn Fy].
  exists y; split; [exact HyIn | split; [exact Fy |]].
  intros z Hz Fz; apply (count_le_one_unique f l z y); try assumption; rewrite E; exact (Nat.eq_le_incl _ _ H).
Qed.

Lemma isTrue_optb (o : option bool) : isTrue o = optbEqb o (Some true).
Proof. destruct o as [[|] |]; reflexivity. Qed.

Lemma isTrue_some (o : option bool) : isTrue o = true -> o = Some true.
Proof. destruct o as [[|] |]; simpl; congruence. Qed.

(* Every satellite points at exactly one direction of the task. *)
Definition PointOK (s t : State) : Prop :=
  forall sat, In sat (objs s) -> s.(statics).(satellite_t) sat = true ->
  exists y, In y (objs s) /\ s.(statics).(direction_t) y = true /\ t.(dynamic).(pointing_p) sat y = true /\
    forall z, In z (objs s) -> s.(statics).(direction_t) z = true -> t.(dynamic).(pointing_p) sat z = true -> z = y.

(* Between two images: the statics unchanged, one direction per satellite, every satellite with
   its power available. *)
Definition Inv (s t : State) : Prop :=
  t.(statics) = s.(statics) /\ PointOK s t /\
  forall sat, In sat (objs s) -> s.(statics).(satellite_t) sat = true -> t.(dynamic).(power_avail_p) sat = true.

Lemma turnTo_ok (s t : State) (sat x : nat) :
  t.(statics) = s.(statics) -> PointOK s t -> In sat (objs s) -> s.(statics).(satellite_t) sat = true ->
  In x (objs s) -> s.(statics).(direction_t) x = true ->
  let t' := runPlan (turnTo s t.(dynamic).(pointing_p) sat x) t in
  ValidPlan (turnTo s t.(dynamic).(pointing_p) sat x) t /\ t'.(statics) = s.(statics) /\ PointOK s t' /\
  t'.(dynamic).(pointing_p) sat x = true /\
  (forall a b, a <> sat -> t'.(dynamic).(pointing_p) a b = t.(dynamic).(pointing_p) a b) /\
  t'.(dynamic).(power_avail_p) = t.(dynamic).(power_avail_p) /\
  t'.(dynamic).(power_on_p) = t.(dynamic).(power_on_p) /\
  t'.(dynamic).(calibrated_p) = t.(dynamic).(calibrated_p) /\
  t'.(dynamic).(have_image_p) = t.(dynamic).(have_image_p).
Proof.
  intros St P Hsat Ssat Hx Dx t'.
  destruct (P sat Hsat Ssat) as [y [Hy [Dy [Py U]]]].
  assert (F : find (fun y => s.(statics).(direction_t) y && t.(dynamic).(pointing_p) sat y) (objs s) = Some y).
  { apply find_unique; [exact Hy | rewrite Dy, Py; reflexivity |].
    intros z Hz Fz; apply andb_prop in Fz; destruct Fz as [Dz Pz]; exact (U z Hz Dz Pz). }
  unfold t'; unfold turnTo; rewrite F.
  destruct (Nat.eqb_spec y x) as [E | E].
  - subst y; simpl; repeat split; auto.
  - assert (Px : t.(dynamic).(pointing_p) sat x = false).
    { destruct (t.(dynamic).(pointing_p) sat x) eqn:Ex; [| reflexivity].
      exfalso; apply E; symmetry; exact (U x Hx Dx Ex). }
    cbn [ValidPlan runPlan actionPre actionApply]; unfold turn_toPre; rewrite St.
    split; [repeat split; assumption |].
    unfold turn_toEff; cbn [statics dynamic pointing_p power_avail_p power_on_p calibrated_p have_image_p].
    split; [exact St | split; [| split; [| split; [| repeat split]]]].
    + intros a Ha Sa; cbn [dynamic pointing_p]; destruct (Nat.eqb_spec a sat) as [Ea | Ea].
      * subst a; exists x; split; [exact Hx | split; [exact Dx |]].
        rewrite !Nat.eqb_refl; simpl; split; [reflexivity |].
        intros z Hz Dz; destruct (Nat.eqb_spec z x) as [Ez | Ez]; [intros _; exact Ez |].
        destruct (Nat.eqb_spec z y) as [Ez' | Ez']; [discriminate |].
        intro Pz; exfalso; apply Ez'; exact (U z Hz Dz Pz).
      * destruct (P a Ha Sa) as [w [Hw [Dw [Pw Uw]]]].
        exists w; split; [exact Hw | split; [exact Dw |]].
        simpl; split; [exact Pw | exact Uw].
    + rewrite !Nat.eqb_refl; reflexivity.
    + intros a b Ha; rewrite (proj2 (Nat.eqb_neq a sat) Ha); reflexivity.
Qed.

Lemma image_ok (s t : State) (d m : nat) :
  Inv s t ->
  (forall i, In i (objs s) -> s.(statics).(instrument_t) i = true ->
     exists sat, find (fun sat => s.(statics).(satellite_t) sat && s.(statics).(on_board_p) i sat) (objs s) = Some sat) ->
  (forall i, In i (objs s) -> s.(statics).(instrument_t) i = true ->
     exists c, find (fun c => s.(statics).(direction_t) c && s.(statics).(calibration_target_p) i c) (objs s) = Some c) ->
  In d (objs s) -> s.(statics).(direction_t) d = true -> s.(statics).(mode_t) m = true ->
  (exists i, find (fun i => s.(statics).(instrument_t) i && s.(statics).(supports_p) i m) (objs s) = Some i) ->
  ValidPlan (image s t d m) t /\ Inv s (runPlan (image s t d m) t) /\
  (runPlan (image s t d m) t).(dynamic).(have_image_p) d m = true /\
  (forall a b, t.(dynamic).(have_image_p) a b = true -> (runPlan (image s t d m) t).(dynamic).(have_image_p) a b = true).
Proof.
  intros [St [P Pow]] hSat hCal Hd Dd Mm [i Hi].
  destruct (find_some _ _ Hi) as [HiIn HiP]; apply andb_prop in HiP; destruct HiP as [Ii Sup].
  destruct (hSat i HiIn Ii) as [sat Hs].
  destruct (find_some _ _ Hs) as [HsIn HsP]; apply andb_prop in HsP; destruct HsP as [Ssat Ob].
  destruct (hCal i HiIn Ii) as [c Hc].
  destruct (find_some _ _ Hc) as [HcIn HcP]; apply andb_prop in HcP; destruct HcP as [Dc Tc].
  unfold image; rewrite Hi, Hs, Hc; cbv zeta.
  rewrite !validPlan_append, !runPlan_append; cbn [ValidPlan runPlan actionApply actionPre].
  set (t1 := switch_onEff i sat t).
  change (turnTo s t.(dynamic).(pointing_p) sat c) with (turnTo s t1.(dynamic).(pointing_p) sat c).
  destruct (turnTo_ok s t1 sat c St P HsIn Ssat HcIn Dc) as [V2 [S2 [P2 [Pc2 [_ [A2 [O2 [C2 H2]]]]]]]].
  set (t2 := runPlan (turnTo s t1.(dynamic).(pointing_p) sat c) t1) in *.
  set (t3 := calibrateEff sat i c t2).
  destruct (turnTo_ok s t3 sat d S2 P2 HsIn Ssat Hd Dd) as [V4 [S4 [P4 [Pd4 [_ [A4 [O4 [C4 H4]]]]]]]].
  set (t4 := runPlan (turnTo s t3.(dynamic).(pointing_p) sat d) t3) in *.
  assert (On3 : t3.(dynamic).(power_on_p) i = true).
  { unfold t3; cbn [calibrateEff dynamic power_on_p]; rewrite O2; unfold t1; cbn [switch_onEff dynamic power_on_p].
    rewrite Nat.eqb_refl; reflexivity. }
  assert (Cal3 : t3.(dynamic).(calibrated_p) i = true).
  { unfold t3; cbn [calibrateEff dynamic calibrated_p]; rewrite Nat.eqb_refl; reflexivity. }
  split; [split; [split; [split; [| exact I] | split; [exact V2 | split; [| exact I]]] |
                  split; [exact V4 | split; [| split; [| exact I]]]] |].
  - unfold switch_onPre; rewrite St; repeat split; auto.
  - unfold calibratePre; rewrite S2, O2; unfold t1; cbn [switch_onEff dynamic power_on_p]; rewrite Nat.eqb_refl.
    repeat split; auto.
  - unfold take_imagePre; rewrite S4, O4, C4; repeat split; auto.
  - unfold switch_offPre; cbn [take_imageEff statics dynamic power_on_p]; rewrite S4, O4; repeat split; auto.
  - split; [split; [| split] | split].
    + cbn [switch_offEff take_imageEff statics]; exact S4.
    + exact P4.
    + intros sat' Hin Ss; cbn [switch_offEff take_imageEff dynamic power_avail_p].
      destruct (Nat.eqb_spec sat' sat) as [E | E]; [reflexivity |].
      rewrite A4; unfold t3; cbn [calibrateEff dynamic power_avail_p]; rewrite A2; unfold t1.
      cbn [switch_onEff dynamic power_avail_p]; rewrite (proj2 (Nat.eqb_neq sat' sat) E); exact (Pow sat' Hin Ss).
    + cbn [switch_offEff take_imageEff dynamic have_image_p]; rewrite !Nat.eqb_refl; reflexivity.
    + intros a b Hab; cbn [switch_offEff take_imageEff dynamic have_image_p].
      destruct (Nat.eqb a d && Nat.eqb b m); [reflexivity |].
      rewrite H4; unfold t3; cbn [calibrateEff dynamic have_image_p]; rewrite H2; exact Hab.
Qed.

Lemma images_ok (s : State) :
  (forall i, In i (objs s) -> s.(statics).(instrument_t) i = true ->
     exists sat, find (fun sat => s.(statics).(satellite_t) sat && s.(statics).(on_board_p) i sat) (objs s) = Some sat) ->
  (forall i, In i (objs s) -> s.(statics).(instrument_t) i = true ->
     exists c, find (fun c => s.(statics).(direction_t) c && s.(statics).(calibration_target_p) i c) (objs s) = Some c) ->
  forall todo t, Inv s t ->
  (forall d m, In (d, m) todo -> In d (objs s) /\ s.(statics).(direction_t) d = true /\ s.(statics).(mode_t) m = true /\
     exists i, find (fun i => s.(statics).(instrument_t) i && s.(statics).(supports_p) i m) (objs s) = Some i) ->
  ValidPlan (images s t todo) t /\ Inv s (runPlan (images s t todo) t) /\
  (forall d m, In (d, m) todo -> (runPlan (images s t todo) t).(dynamic).(have_image_p) d m = true) /\
  (forall a b, t.(dynamic).(have_image_p) a b = true -> (runPlan (images s t todo) t).(dynamic).(have_image_p) a b = true).
Proof.
  intros hSat hCal; induction todo as [| [d m] rest IH]; intros t HI Htodo.
  - simpl; split; [exact I | split; [exact HI | split; [intros d m [] | auto]]].
  - destruct (Htodo d m (or_introl eq_refl)) as [Hd [Dd [Mm Hi]]].
    destruct (image_ok s t d m HI hSat hCal Hd Dd Mm Hi) as [V1 [I1 [H1 M1]]].
    destruct (IH (runPlan (image s t d m) t) I1 (fun d0 m0 H0 => Htodo d0 m0 (or_intror H0))) as [V2 [I2 [H2 M2]]].
    cbn [images]; rewrite validPlan_append, runPlan_append.
    split; [split; assumption | split; [exact I2 | split]].
    + intros d0 m0 [E | H0]; [injection E as <- <-; exact (M2 d m H1) | exact (H2 d0 m0 H0)].
    + intros a b Hab; exact (M2 a b (M1 a b Hab)).
Qed.

Lemma point_ok (s : State) (g : Goal) : forall sats t,
  t.(statics) = s.(statics) -> PointOK s t ->
  (forall sat, In sat sats -> In sat (objs s) /\ s.(statics).(satellite_t) sat = true) -> NoDup sats ->
  ValidPlan (point s t g sats) t /\
  (forall a b, (runPlan (point s t g sats) t).(dynamic).(have_image_p) a b = t.(dynamic).(have_image_p) a b) /\
  (forall a b, ~ In a sats -> (runPlan (point s t g sats) t).(dynamic).(pointing_p) a b = t.(dynamic).(pointing_p) a b) /\
  (forall sat x, In sat sats ->
     find (fun x => s.(statics).(direction_t) x && isTrue (g.(goal_dynamic).(goal_pointing_p) sat x)) (objs s) = Some x ->
     (runPlan (point s t g sats) t).(dynamic).(pointing_p) sat x = true).
Proof.
  induction sats as [| sat rest IH]; intros t St P Hsats Hnd.
  - simpl; split; [exact I | split; [auto | split; [auto | intros sat x []]]].
  - inversion Hnd as [| sat' rest' Hnin Hnd']; subst.
    destruct (Hsats sat (or_introl eq_refl)) as [HsIn Ssat].
    assert (Hrest : forall a, In a rest -> In a (objs s) /\ s.(statics).(satellite_t) a = true)
      by (intros a Ha; exact (Hsats a (or_intror Ha))).
    cbn [point].
    destruct (find (fun x => s.(statics).(direction_t) x && isTrue (g.(goal_dynamic).(goal_pointing_p) sat x)) (objs s))
      as [x |] eqn:Hx.
    + destruct (find_some _ _ Hx) as [HxIn HxP]; apply andb_prop in HxP; destruct HxP as [Dx _].
      destruct (turnTo_ok s t sat x St P HsIn Ssat HxIn Dx) as [V1 [S1 [P1 [Px1 [O1 [_ [_ [_ H1]]]]]]]].
      destruct (IH _ S1 P1 Hrest Hnd') as [V2 [H2 [O2 X2]]].
      rewrite validPlan_append, runPlan_append.
      split; [split; assumption | split; [| split]].
      * intros a b; rewrite H2, H1; reflexivity.
      * intros a b Ha; rewrite O2 by (intro; apply Ha; right; assumption).
        apply O1; intro E; apply Ha; left; symmetry; exact E.
      * intros sat0 x0 [E | H0] Hx0.
        -- subst sat0; rewrite Hx in Hx0; injection Hx0 as <-.
           rewrite O2 by exact Hnin; exact Px1.
        -- exact (X2 sat0 x0 H0 Hx0).
    + destruct (IH t St P Hrest Hnd') as [V2 [H2 [O2 X2]]].
      split; [exact V2 | split; [exact H2 | split]].
      * intros a b Ha; apply O2; intro; apply Ha; right; assumption.
      * intros sat0 x0 [E | H0] Hx0; [subst sat0; rewrite Hx in Hx0; discriminate | exact (X2 sat0 x0 H0 Hx0)].
Qed.

Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof.
  destruct hinit as [[hNd [_ [_ [_ [_ [hPoint [hOnOne [hTarget _]]]]]]]] [hPower _]].
  destruct hgoal as [[gcP [gcPA [gcPO [gcC gcH]]]]
                     [gSup [gImTyped [gImPos [gPtOnce [gPtTyped [gPtPos [gPA [gPO gC]]]]]]]]].
  assert (I0 : Inv s s).
  { split; [reflexivity | split; [| exact hPower]].
    intros sat Hsat Ssat.
    destruct (count_one_witness _ _ (hPoint sat Hsat Ssat)) as [y [Hy [Fy U]]].
    apply andb_prop in Fy; destruct Fy as [Dy Py].
    exists y; split; [exact Hy | split; [exact Dy | split; [exact Py |]]].
    intros z Hz Dz Pz; apply U; [exact Hz | rewrite Dz, Pz; reflexivity]. }
  assert (hSat : forall i, In i (objs s) -> s.(statics).(instrument_t) i = true ->
     exists sat, find (fun sat => s.(statics).(satellite_t) sat && s.(statics).(on_board_p) i sat) (objs s) = Some sat).
  { intros i Hi Ii; destruct (count_one_witness _ _ (hOnOne i Hi Ii)) as [sat [Hsat [Fsat _]]].
    exact (find_of_witness _ _ sat Hsat Fsat). }
  assert (hCal : forall i, In i (objs s) -> s.(statics).(instrument_t) i = true ->
     exists c, find (fun c => s.(statics).(direction_t) c && s.(statics).(calibration_target_p) i c) (objs s) = Some c).
  { intros i Hi Ii; destruct (hTarget i Hi Ii) as [c [Hc [Dc Tc]]].
    apply (find_of_witness _ _ c Hc); rewrite Dc, Tc; reflexivity. }
  assert (hTodo : forall d m, In (d, m) (todoOf s g) ->
     In d (objs s) /\ s.(statics).(direction_t) d = true /\ s.(statics).(mode_t) m = true /\
     exists i, find (fun i => s.(statics).(instrument_t) i && s.(statics).(supports_p) i m) (objs s) = Some i).
  { intros d m H; unfold todoOf in H; apply in_flat_map in H; destruct H as [d' [Hd' H]].
    apply in_map_iff in H; destruct H as [m' [E Hm']]; injection E as <- <-.
    apply filter_In in Hd'; destruct Hd' as [Hd Dd].
    apply filter_In in Hm'; destruct Hm' as [Hm Fm]; apply andb_prop in Fm; destruct Fm as [Mm Gm].
    split; [exact Hd | split; [exact Dd | split; [exact Mm |]]].
    destruct (gSup d' Hd Dd m' Hm Mm (isTrue_some _ Gm)) as [i [Hi [Ii Si]]].
    apply (find_of_witness _ _ i Hi); rewrite Ii, Si; reflexivity. }
  destruct (images_ok s hSat hCal (todoOf s g) s I0 hTodo) as [V1 [[S1 [P1 _]] [H1 _]]].
  set (t1 := runPlan (images s s (todoOf s g)) s) in *.
  set (sats := filter (fun sat => s.(statics).(satellite_t) sat) (objs s)).
  assert (Hsats : forall sat, In sat sats -> In sat (objs s) /\ s.(statics).(satellite_t) sat = true)
    by (intros sat H; apply filter_In in H; exact H).
  destruct (point_ok s g sats t1 S1 P1 Hsats (NoDup_filter _ hNd)) as [V2 [H2 [_ X2]]].
  unfold solve; cbv zeta; fold sats; rewrite validPlan_append, runPlan_append; fold t1.
  split; [split; assumption |].
  unfold SatisfiesGoal; split; [| split; [| split; [| split]]].
  - intros a b; destruct (g.(goal_dynamic).(goal_pointing_p) a b) as [bv |] eqn:E; [| exact I].
    destruct (gcP a b ltac:(rewrite E; discriminate)) as [Ha Hb].
    destruct (gPtTyped a Ha b Hb ltac:(rewrite E; discriminate)) as [Sa Db].
    destruct bv; [| exfalso; exact (gPtPos a Ha b Hb E)].
    destruct (find_of_witness (fun x => s.(statics).(direction_t) x && isTrue (g.(goal_dynamic).(goal_pointing_p) a x))
                (objs s) b Hb ltac:(cbv beta; rewrite Db, E; reflexivity)) as [x Hx].
    destruct (find_some _ _ Hx) as [HxIn HxP]; apply andb_prop in HxP; destruct HxP as [Dx Gx].
    assert (Ex : b = x).
    { apply (count_le_one_unique _ _ b x (gPtOnce a Ha Sa) Hb); [| exact HxIn |].
      - cbv beta; rewrite Db, E; reflexivity.
      - cbv beta; rewrite Dx, <- isTrue_optb, Gx; reflexivity. }
    subst x; apply (X2 a b); [apply filter_In; split; assumption | exact Hx].
  - intros a; destruct (g.(goal_dynamic).(goal_power_avail_p) a) eqn:E; [| exact I].
    rewrite (gPA a (gcPA a ltac:(rewrite E; discriminate))) in E; discriminate.
  - intros a; destruct (g.(goal_dynamic).(goal_power_on_p) a) eqn:E; [| exact I].
    rewrite (gPO a (gcPO a ltac:(rewrite E; discriminate))) in E; discriminate.
  - intros a; destruct (g.(goal_dynamic).(goal_calibrated_p) a) eqn:E; [| exact I].
    rewrite (gC a (gcC a ltac:(rewrite E; discriminate))) in E; discriminate.
  - intros d m; destruct (g.(goal_dynamic).(goal_have_image_p) d m) as [bv |] eqn:E; [| exact I].
    destruct (gcH d m ltac:(rewrite E; discriminate)) as [Hd Hm].
    destruct (gImTyped d Hd m Hm ltac:(rewrite E; discriminate)) as [Dd Mm].
    destruct bv; [| exfalso; exact (gImPos d Hd m Hm E)].
    rewrite H2; apply H1; unfold todoOf; apply in_flat_map; exists d.
    split; [apply filter_In; split; assumption |].
    apply in_map_iff; exists m; split; [reflexivity |].
    apply filter_In; split; [exact Hm | rewrite Mm, E; reflexivity].
Qed.

