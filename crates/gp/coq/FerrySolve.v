(* A generalized plan for ferry (certplan's worked example, paper 000): carry the cars one after the
   other: sail to the car, board it, sail to its goal location, debark. A car already at its goal
   stays. `solveComplete` below proves it complete for every instance satisfying the validity
   constraints (crates/gp/src/spec.rs); checked by coqc and audited in certplan's tests.
   Run it with `certplan gp run ferry FerrySolve.v P...`. *)
From Coq Require Import Bool Arith List Lia.
Import ListNotations.
From Certplan Require Import Ferry FerryValid.

Definition objs (s : State) : list nat := s.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

(* Where the car stands initially, and where the goal wants it. *)
Definition locOf (s : State) (c : nat) : option nat :=
  find (fun l => s.(statics).(location_t) l && s.(dynamic).(at_p) c l) (objs s).

Definition goalOf (s : State) (g : Goal) (c : nat) : option nat :=
  find (fun l => s.(statics).(location_t) l && isTrue (g.(goal_dynamic).(goal_at_p) c l)) (objs s).

(* `sail` needs a different location: no step when the ferry is there already. *)
Definition sailTo (cur l : nat) : list PlanAction := if Nat.eqb cur l then [] else [sail cur l].

Fixpoint carry (s : State) (g : Goal) (cur : nat) (cars : list nat) : list PlanAction :=
  match cars with
  | [] => []
  | c :: rest =>
      match locOf s c, goalOf s g c with
      | Some l, Some d =>
          if Nat.eqb l d then carry s g cur rest
          else sailTo cur l ++ [board c l] ++ sailTo l d ++ [debark c d] ++ carry s g d rest
      | _, _ => carry s g cur rest
      end
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match find (fun l => s.(statics).(location_t) l && s.(dynamic).(at_ferry_p) l) (objs s) with
  | None => []
  | Some f => carry s g f (filter (fun c => s.(statics).(car_t) c) (objs s))
  end.

(** * Completeness (paper 000, Listing 9) *)

Lemma find_of_count (f : nat -> bool) (l : list nat) : 0 < length (filter f l) -> exists x, find f l = Some x.
Proof.
  induction l as [| a l IH]; simpl; intro H; [lia |].
  destruct (f a); [eauto | apply IH; exact H].
Qed.

Lemma count_one_unique (f : nat -> bool) (l : list nat) (a b : nat) :
  length (filter f l) = 1 -> In a l -> f a = true -> In b l -> f b = true -> a = b.
Proof.
  intros H Ha Fa Hb Fb.
  assert (A : In a (filter f l)) by (apply filter_In; split; assumption).
  assert (B : In b (filter f l)) by (apply filter_In; split; assumption).
  destruct (filter f l) as [| x [| y r]]; simpl in H; try lia.
  destruct A as [A | []]; destruct B as [B | []]; congruence.
Qed.

Lemma count_zero_false (f : nat -> bool) (l : list nat) (a : nat) :
  length (filter f l) = 0 -> In a l -> f a = false.
Proof.
  intros H Ha; destruct (f a) eqn:Fa; [| reflexivity].
  assert (A : In a (filter f l)) by (apply filter_In; split; assumption).
  destruct (filter f l); [contradiction | simpl in H; lia].
Qed.

Lemma isTrue_optb (o : option bool) : isTrue o = optbEqb o (Some true).
Proof. destruct o as [[|] |]; reflexivity. Qed.

(* The ferry is at `cur` and nowhere else among the objects. *)
Definition FerryOnlyAt (s t : State) (cur : nat) : Prop :=
  t.(dynamic).(at_ferry_p) cur = true /\
  forall x, In x (objs s) -> t.(dynamic).(at_ferry_p) x = true -> x = cur.

Lemma sailTo_ok (s t : State) (cur x : nat) :
  t.(statics) = s.(statics) -> FerryOnlyAt s t cur ->
  s.(statics).(location_t) cur = true -> s.(statics).(location_t) x = true -> In x (objs s) ->
  ValidPlan (sailTo cur x) t /\
  (runPlan (sailTo cur x) t).(statics) = s.(statics) /\
  FerryOnlyAt s (runPlan (sailTo cur x) t) x /\
  (runPlan (sailTo cur x) t).(dynamic).(at_p) = t.(dynamic).(at_p) /\
  (runPlan (sailTo cur x) t).(dynamic).(empty_ferry_p) = t.(dynamic).(empty_ferry_p) /\
  (runPlan (sailTo cur x) t).(dynamic).(on_p) = t.(dynamic).(on_p).
Proof.
  intros Ht [Fc Fu] Lc Lx Hx.
  unfold sailTo; destruct (Nat.eqb_spec cur x) as [E | E].
  - subst x; simpl; repeat split; auto.
  - assert (Fx : t.(dynamic).(at_ferry_p) x = false).
    { destruct (t.(dynamic).(at_ferry_p) x) eqn:F; [| reflexivity]. exfalso; apply E; symmetry; exact (Fu x Hx F). }
    cbn [ValidPlan runPlan actionPre actionApply]; unfold sailPre, sailEff; simpl.
    rewrite Ht; repeat split; auto.
    + simpl; rewrite Nat.eqb_refl; reflexivity.
    + simpl; intros y Hy.
    destruct (Nat.eqb_spec y x) as [E1 | E1]; [intros _; exact E1 |].
    destruct (Nat.eqb_spec y cur) as [E2 | E2]; [discriminate |].
    intro F; exfalso; exact (E2 (Fu y Hy F)).
Qed.

Lemma carry_ok (s : State) (g : Goal) : forall cars cur t,
  t.(statics) = s.(statics) -> NoDup cars ->
  (forall c, In c cars -> s.(statics).(car_t) c = true /\ exists l d, locOf s c = Some l /\ goalOf s g c = Some d) ->
  (forall c l, In c cars -> t.(dynamic).(at_p) c l = s.(dynamic).(at_p) c l) ->
  t.(dynamic).(empty_ferry_p) = true ->
  FerryOnlyAt s t cur -> s.(statics).(location_t) cur = true ->
  ValidPlan (carry s g cur cars) t /\
  (forall c l, ~ In c cars -> (runPlan (carry s g cur cars) t).(dynamic).(at_p) c l = t.(dynamic).(at_p) c l) /\
  (forall c d, In c cars -> goalOf s g c = Some d -> (runPlan (carry s g cur cars) t).(dynamic).(at_p) c d = true).
Proof.
  induction cars as [| c rest IH]; intros cur t Ht Hnd Hcars Hat He Hf Lcur.
  - simpl; repeat split; auto; intros c d [].
  - inversion Hnd as [| c' r' Hnin Hnd']; subst.
    destruct (Hcars c (or_introl eq_refl)) as [Cc [l [d [Hl Hd]]]].
    assert (Hrest : forall c0, In c0 rest -> s.(statics).(car_t) c0 = true /\
                      exists l0 d0, locOf s c0 = Some l0 /\ goalOf s g c0 = Some d0)
      by (intros c0 H0; exact (Hcars c0 (or_intror H0))).
    unfold locOf in Hl; unfold goalOf in Hd.
    destruct (find_some _ _ Hl) as [HlIn HlP]; apply andb_prop in HlP; destruct HlP as [Ll Al].
    destruct (find_some _ _ Hd) as [HdIn HdP]; apply andb_prop in HdP; destruct HdP as [Ld Gd].
    cbn [carry]; unfold locOf, goalOf; rewrite Hl, Hd.
    destruct (Nat.eqb_spec l d) as [E | E].
    + subst d.
      destruct (IH cur t Ht Hnd' Hrest (fun c0 l0 H0 => Hat c0 l0 (or_intror H0)) He Hf Lcur) as [V [K A]].
      split; [exact V | split].
      * intros c0 l0 H0; apply K; intro H1; apply H0; right; exact H1.
      * intros c0 d0 [H0 | H0] G0; [| exact (A c0 d0 H0 G0)].
        subst c0; unfold goalOf in G0; rewrite Hd in G0; injection G0 as <-.
        rewrite K by exact Hnin; rewrite Hat by (left; reflexivity); exact Al.
    + (* Sail to the car. *)
      destruct (sailTo_ok s t cur l Ht Hf Lcur Ll HlIn) as [V1 [S1 [F1 [A1 [E1 O1]]]]].
      set (t1 := runPlan (sailTo cur l) t) in *.
      set (t2 := boardEff c l t1).
      assert (S2 : t2.(statics) = s.(statics)) by exact S1.
      assert (F2 : FerryOnlyAt s t2 l) by exact F1.
      (* Sail to its goal. *)
      destruct (sailTo_ok s t2 l d S2 F2 Ll Ld HdIn) as [V3 [S3 [F3 [A3 [E3 O3]]]]].
      set (t3 := runPlan (sailTo l d) t2) in *.
      set (t4 := debarkEff c d t3).
      assert (A4 : forall c0 l0, c0 <> c -> t4.(dynamic).(at_p) c0 l0 = t.(dynamic).(at_p) c0 l0).
      { intros c0 l0 N0; unfold t4, debarkEff; simpl.
        rewrite (proj2 (Nat.eqb_neq c0 c) N0); simpl; rewrite A3; unfold t2, boardEff; simpl.
        rewrite (proj2 (Nat.eqb_neq c0 c) N0); simpl; rewrite A1; reflexivity. }
      destruct (IH d t4) as [V5 [K5 A5]].
      * exact S3.
      * exact Hnd'.
      * exact Hrest.
      * intros c0 l0 H0; rewrite A4 by (intro; subst; contradiction); apply Hat; right; exact H0.
      * unfold t4, debarkEff; reflexivity.
      * exact F3.
      * exact Ld.
      * repeat rewrite validPlan_append; repeat rewrite runPlan_append.
        fold t1; fold t2; fold t3.
        split; [split; [exact V1 | split; [| split; [exact V3 | split; [| exact V5]]]] | split].
        -- cbn [ValidPlan actionPre]; split; [| exact I].
           unfold boardPre; rewrite S1, A1, (Hat c l (or_introl eq_refl)), E1, He.
           destruct F1 as [F1 _]; repeat split; assumption.
        -- cbn [ValidPlan actionPre runPlan actionApply]; split; [| exact I].
           change (runPlan (sailTo l d) (boardEff c l t1)) with t3.
           unfold debarkPre; rewrite S3, O3; unfold t2, boardEff; simpl; rewrite Nat.eqb_refl.
           destruct F3 as [F3 _]; repeat split; assumption.
        -- intros c0 l0 H0; cbn [runPlan actionApply]; fold t4; rewrite K5.
           ++ apply A4; intro; subst; apply H0; left; reflexivity.
           ++ intro H1; apply H0; right; exact H1.
        -- intros c0 d0 [H0 | H0] G0; cbn [runPlan actionApply]; fold t4; [| exact (A5 c0 d0 H0 G0)].
           subst c0; unfold goalOf in G0; rewrite Hd in G0; injection G0 as <-.
           rewrite K5 by exact Hnin; unfold t4, debarkEff; simpl; rewrite !Nat.eqb_refl; reflexivity.
Qed.

Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof.
  destruct hinit as [[hNd [hAtP [hFerryP [hOnP [hFerry [hCar hEmpty]]]]]] hInitE].
  destruct hgoal as [[gcF [gcA gcO]] [gEvery [gTyped [gPos [gOnlyF [gOnlyO gOnlyE]]]]]].
  unfold FerryEmptyOrOneCar in hEmpty; unfold InitFerryEmpty in hInitE; rewrite hInitE in hEmpty.
  set (cars := filter (fun c => s.(statics).(car_t) c) (objs s)).
  destruct (find_of_count (fun l => s.(statics).(location_t) l && s.(dynamic).(at_ferry_p) l) (objs s)
              ltac:(unfold objs; rewrite hFerry; lia)) as [f Hf].
  destruct (find_some _ _ Hf) as [HfIn HfP]; apply andb_prop in HfP; destruct HfP as [Lf Ff].
  (* Every car has a place and a goal location. *)
  assert (Hcars : forall c, In c cars -> s.(statics).(car_t) c = true /\
                    exists l d, locOf s c = Some l /\ goalOf s g c = Some d).
  { intros c Hc; apply filter_In in Hc; destruct Hc as [HcIn Cc]; split; [exact Cc |].
    assert (On : s.(dynamic).(on_p) c = false).
    { pose proof (count_zero_false (fun x0 => s.(statics).(car_t) x0 && s.(dynamic).(on_p) x0) s.(statics).(objects) c
                    ltac:(simpl in hEmpty; lia) HcIn) as Z.
      simpl in Z; rewrite Cc in Z; exact Z. }
    pose proof (hCar c HcIn Cc) as Hone; rewrite On in Hone.
    destruct (find_of_count (fun l => s.(statics).(location_t) l && s.(dynamic).(at_p) c l) (objs s)
                ltac:(unfold objs; lia)) as [l Hl].
    assert (Hg : length (filter (fun l => s.(statics).(location_t) l && isTrue (g.(goal_dynamic).(goal_at_p) c l)) (objs s)) = 1).
    { rewrite <- (gEvery c HcIn Cc); f_equal; apply filter_ext; intro x; rewrite isTrue_optb; reflexivity. }
    destruct (find_of_count _ (objs s) ltac:(rewrite Hg; lia)) as [d Hd].
    exists l, d; split; [exact Hl | exact Hd]. }
  destruct (carry_ok s g cars f s eq_refl (NoDup_filter _ hNd) Hcars (fun _ _ _ => eq_refl) hInitE) as [V [_ A]].
  - split; [exact Ff |]. intros x Hx Fx.
    apply (count_one_unique _ _ x f hFerry Hx); [| exact HfIn |].
    + rewrite Fx, (hFerryP x Hx Fx); reflexivity.
    + rewrite Lf, Ff; reflexivity.
  - exact Lf.
  - unfold solve; rewrite Hf; fold cars.
    split; [exact V |].
    unfold SatisfiesGoal; split; [| split; [| split]].
    + intros y; destruct (g.(goal_dynamic).(goal_at_ferry_p) y) eqn:E; [| exact I].
      rewrite (gOnlyF y (gcF y ltac:(rewrite E; discriminate))) in E; discriminate.
    + intros c l; destruct (g.(goal_dynamic).(goal_at_p) c l) as [b |] eqn:E; [| exact I].
      destruct (gcA c l ltac:(rewrite E; discriminate)) as [Hc Hl].
      destruct (gTyped c Hc l Hl ltac:(rewrite E; discriminate)) as [Cc Ll].
      destruct b; [| exfalso; exact (gPos c Hc l Hl E)].
      assert (Hin : In c cars) by (apply filter_In; split; assumption).
      destruct (Hcars c Hin) as [_ [l0 [d [_ Hd]]]].
      unfold goalOf in Hd; destruct (find_some _ _ Hd) as [HdIn HdP]; apply andb_prop in HdP; destruct HdP as [Ld Gd].
      assert (Ed : l = d).
      { apply (count_one_unique _ _ l d (gEvery c Hc Cc) Hl); [| exact HdIn |].
        - rewrite Ll, E; reflexivity.
        - rewrite Ld, <- isTrue_optb, Gd; reflexivity. }
      subst d; apply A; [exact Hin | unfold goalOf; exact Hd].
    + rewrite gOnlyE; exact I.
    + intros y; destruct (g.(goal_dynamic).(goal_on_p) y) eqn:E; [| exact I].
      rewrite (gOnlyO y (gcO y ltac:(rewrite E; discriminate))) in E; discriminate.
Qed.
