(* A generalized plan for grippers (certplan's worked example, paper 000): the first robot, with a
   gripper that is free initially, carries the balls one after the other: move to the ball, pick
   it, move to its goal room, drop it. A ball without a goal, or already in its room, stays.
   `solveComplete` below proves it complete for every instance satisfying the validity constraints
   (crates/gp/src/spec.rs); checked by coqc and audited in certplan's tests.
   Run it with `certplan gp run grippers GrippersSolve.v P...`. *)
From Coq Require Import Bool Arith List Lia.
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

(** * Completeness (paper 000, Listing 9) *)

Lemma find_of_count (f : nat -> bool) (l : list nat) : 0 < length (filter f l) -> exists x, find f l = Some x.
Proof.
  induction l as [| a l IH]; simpl; intro H; [lia |].
  destruct (f a); [eauto | apply IH; exact H].
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

Lemma count_all_false (f : nat -> bool) (l : list nat) :
  (forall x, In x l -> f x = false) -> length (filter f l) = 0.
Proof.
  induction l as [| a l IH]; simpl; intro H; [reflexivity |].
  rewrite (H a (or_introl eq_refl)); apply IH; intros x Hx; exact (H x (or_intror Hx)).
Qed.

Lemma isTrue_optb (o : option bool) : isTrue o = optbEqb o (Some true).
Proof. destruct o as [[|] |]; reflexivity. Qed.

Lemma moveTo_ok (s t : State) (r cur x : nat) :
  t.(statics) = s.(statics) -> t.(dynamic).(at_robby_p) r cur = true -> s.(statics).(robot_t) r = true ->
  s.(statics).(room_t) cur = true -> s.(statics).(room_t) x = true ->
  ValidPlan (moveTo r cur x) t /\
  (runPlan (moveTo r cur x) t).(statics) = s.(statics) /\
  (runPlan (moveTo r cur x) t).(dynamic).(at_robby_p) r x = true /\
  (runPlan (moveTo r cur x) t).(dynamic).(at_p) = t.(dynamic).(at_p) /\
  (runPlan (moveTo r cur x) t).(dynamic).(free_p) = t.(dynamic).(free_p) /\
  (runPlan (moveTo r cur x) t).(dynamic).(carry_p) = t.(dynamic).(carry_p).
Proof.
  intros Ht Hr Rr Rc Rx.
  unfold moveTo; destruct (Nat.eqb_spec cur x) as [E | E].
  - subst x; simpl; repeat split; auto.
  - cbn [ValidPlan runPlan actionPre actionApply]; unfold movePre, moveEff; simpl.
    rewrite Ht; repeat split; auto.
    simpl; rewrite !Nat.eqb_refl; reflexivity.
Qed.

Lemma carry_ok (s : State) (g : Goal) (r gr : nat) :
  s.(statics).(robot_t) r = true -> s.(statics).(gripper_t) gr = true -> forall balls cur t,
  t.(statics) = s.(statics) -> NoDup balls ->
  (forall b, In b balls -> s.(statics).(ball_t) b = true /\ exists l, roomWhere s (fun x => s.(dynamic).(at_p) b x) = Some l) ->
  (forall b x, In b balls -> t.(dynamic).(at_p) b x = s.(dynamic).(at_p) b x) ->
  t.(dynamic).(free_p) r gr = true -> t.(dynamic).(at_robby_p) r cur = true -> s.(statics).(room_t) cur = true ->
  ValidPlan (carry s g r gr cur balls) t /\
  (forall b x, ~ In b balls -> (runPlan (carry s g r gr cur balls) t).(dynamic).(at_p) b x = t.(dynamic).(at_p) b x) /\
  (forall b d, In b balls -> roomWhere s (fun x => isTrue (g.(goal_dynamic).(goal_at_p) b x)) = Some d ->
     (runPlan (carry s g r gr cur balls) t).(dynamic).(at_p) b d = true).
Proof.
  intros Rr Gg.
  induction balls as [| b rest IH]; intros cur t Ht Hnd Hballs Hat Hfree Hcur Rcur.
  - simpl; repeat split; auto; intros b d [].
  - inversion Hnd as [| b' r' Hnin Hnd']; subst.
    destruct (Hballs b (or_introl eq_refl)) as [Bb [l Hl]].
    assert (Hrest : forall b0, In b0 rest -> s.(statics).(ball_t) b0 = true /\
                      exists l0, roomWhere s (fun x => s.(dynamic).(at_p) b0 x) = Some l0)
      by (intros b0 H0; exact (Hballs b0 (or_intror H0))).
    pose proof Hl as Hl'; unfold roomWhere in Hl'.
    destruct (find_some _ _ Hl') as [HlIn HlP]; apply andb_prop in HlP; destruct HlP as [Rl Al].
    cbn [carry]; rewrite Hl.
    destruct (roomWhere s (fun x => isTrue (g.(goal_dynamic).(goal_at_p) b x))) as [d |] eqn:Hd.
    2: {
      destruct (IH cur t Ht Hnd' Hrest (fun b0 x0 H0 => Hat b0 x0 (or_intror H0)) Hfree Hcur Rcur) as [V [K A]].
      split; [exact V | split].
      - intros b0 x0 H0; apply K; intro H1; apply H0; right; exact H1.
      - intros b0 d0 [H0 | H0] G0; [| exact (A b0 d0 H0 G0)].
        subst b0; rewrite Hd in G0; discriminate. }
    pose proof Hd as Hd'; unfold roomWhere in Hd'.
    destruct (find_some _ _ Hd') as [HdIn HdP]; apply andb_prop in HdP; destruct HdP as [Rd Gd].
    destruct (Nat.eqb_spec l d) as [E | E].
    + subst d.
      destruct (IH cur t Ht Hnd' Hrest (fun b0 x0 H0 => Hat b0 x0 (or_intror H0)) Hfree Hcur Rcur) as [V [K A]].
      split; [exact V | split].
      * intros b0 x0 H0; apply K; intro H1; apply H0; right; exact H1.
      * intros b0 d0 [H0 | H0] G0; [| exact (A b0 d0 H0 G0)].
        subst b0; rewrite Hd in G0; injection G0 as <-.
        rewrite K by exact Hnin; rewrite Hat by (left; reflexivity); exact Al.
    + destruct (moveTo_ok s t r cur l Ht Hcur Rr Rcur Rl) as [V1 [S1 [M1 [A1 [F1 C1]]]]].
      set (t1 := runPlan (moveTo r cur l) t) in *.
      set (t2 := pickEff r b l gr t1).
      assert (S2 : t2.(statics) = s.(statics)) by exact S1.
      assert (M2 : t2.(dynamic).(at_robby_p) r l = true) by exact M1.
      destruct (moveTo_ok s t2 r l d S2 M2 Rr Rl Rd) as [V3 [S3 [M3 [A3 [F3 C3]]]]].
      set (t3 := runPlan (moveTo r l d) t2) in *.
      set (t4 := dropEff r b d gr t3).
      assert (A4 : forall b0 x0, b0 <> b -> t4.(dynamic).(at_p) b0 x0 = t.(dynamic).(at_p) b0 x0).
      { intros b0 x0 N0; unfold t4, dropEff; simpl.
        rewrite (proj2 (Nat.eqb_neq b0 b) N0); simpl; rewrite A3; unfold t2, pickEff; simpl.
        rewrite (proj2 (Nat.eqb_neq b0 b) N0); simpl; rewrite A1; reflexivity. }
      destruct (IH d t4) as [V5 [K5 A5]].
      * exact S3.
      * exact Hnd'.
      * exact Hrest.
      * intros b0 x0 H0; rewrite A4 by (intro; subst; contradiction); apply Hat; right; exact H0.
      * unfold t4, dropEff; simpl; rewrite !Nat.eqb_refl; reflexivity.
      * exact M3.
      * exact Rd.
      * repeat rewrite validPlan_append; repeat rewrite runPlan_append.
        fold t1; fold t2; fold t3.
        split; [split; [exact V1 | split; [| split; [exact V3 | split; [| exact V5]]]] | split].
        -- cbn [ValidPlan actionPre]; split; [| exact I].
           unfold pickPre; rewrite S1, A1, (Hat b l (or_introl eq_refl)), F1, Hfree.
           repeat split; assumption.
        -- cbn [ValidPlan actionPre runPlan actionApply]; split; [| exact I].
           change (runPlan (moveTo r l d) (pickEff r b l gr t1)) with t3.
           unfold dropPre; rewrite S3, C3; unfold t2, pickEff; simpl; rewrite !Nat.eqb_refl.
           repeat split; assumption.
        -- intros b0 x0 H0; cbn [runPlan actionApply]; fold t4; rewrite K5.
           ++ apply A4; intro; subst; apply H0; left; reflexivity.
           ++ intro H1; apply H0; right; exact H1.
        -- intros b0 d0 [H0 | H0] G0; cbn [runPlan actionApply]; fold t4; [| exact (A5 b0 d0 H0 G0)].
           subst b0; rewrite Hd in G0; injection G0 as <-.
           rewrite K5 by exact Hnin; unfold t4, dropEff; simpl; rewrite !Nat.eqb_refl; reflexivity.
Qed.

Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof.
  destruct hinit as [[hNd [_ [_ [_ [_ [hOne [hRoom [hBall _]]]]]]]] [hNoCarry hFree]].
  destruct hgoal as [[gcR [gcA [gcF gcC]]] [gPlaced [gOn [gPos [gOnlyR [gOnlyF gOnlyC]]]]]].
  unfold AtLeastOneRobot in hOne.
  assert (H1 : 0 < length (filter (fun x => s.(statics).(robot_t) x) (objs s))).
  { unfold objs; erewrite filter_ext; [exact hOne |]; intro x; simpl; rewrite andb_true_r; reflexivity. }
  destruct (find_of_count _ _ H1) as [r Hr].
  destruct (find_some _ _ Hr) as [HrIn Rr].
  destruct (hFree r HrIn Rr) as [gr0 [Hgr0In [Ggr0 Fgr0]]].
  destruct (find_of_count (fun x => s.(statics).(gripper_t) x && s.(dynamic).(free_p) r x) (objs s)) as [gr Hgr].
  { assert (In gr0 (filter (fun x => s.(statics).(gripper_t) x && s.(dynamic).(free_p) r x) (objs s)))
      by (apply filter_In; split; [exact Hgr0In | rewrite Ggr0, Fgr0; reflexivity]).
    destruct (filter (fun x => s.(statics).(gripper_t) x && s.(dynamic).(free_p) r x) (objs s));
      [contradiction | simpl; lia]. }
  destruct (find_some _ _ Hgr) as [HgrIn HgrP]; apply andb_prop in HgrP; destruct HgrP as [Ggr Fgr].
  destruct (find_of_count (fun x => s.(statics).(room_t) x && s.(dynamic).(at_robby_p) r x) (objs s)
              ltac:(unfold objs; rewrite (hRoom r HrIn Rr); lia)) as [cur Hcur].
  destruct (find_some _ _ Hcur) as [HcurIn HcurP]; apply andb_prop in HcurP; destruct HcurP as [Rcur Acur].
  set (balls := filter (fun b => s.(statics).(ball_t) b) (objs s)).
  assert (Hballs : forall b, In b balls -> s.(statics).(ball_t) b = true /\
                     exists l, roomWhere s (fun x => s.(dynamic).(at_p) b x) = Some l).
  { intros b Hb; apply filter_In in Hb; destruct Hb as [HbIn Bb]; split; [exact Bb |].
    pose proof (hBall b HbIn Bb) as HB.
    rewrite (count_all_false (fun x1 => s.(statics).(robot_t) x1 &&
               existsb (fun x2 => s.(statics).(gripper_t) x2 && s.(dynamic).(carry_p) x1 b x2) s.(statics).(objects))
               s.(statics).(objects)) in HB.
    - destruct (find_of_count (fun x => s.(statics).(room_t) x && s.(dynamic).(at_p) b x) (objs s)
                  ltac:(unfold objs; lia)) as [l Hl].
      exists l; exact Hl.
    - intros x Hx; destruct (s.(statics).(robot_t) x); [simpl | reflexivity].
      apply not_true_iff_false; intro H; apply existsb_exists in H; destruct H as [x2 [Hx2 H]].
      apply andb_prop in H; destruct H as [_ H]; exact (hNoCarry x Hx b HbIn x2 Hx2 H). }
  destruct (carry_ok s g r gr Rr Ggr balls cur s eq_refl (NoDup_filter _ hNd) Hballs (fun _ _ _ => eq_refl) Fgr Acur Rcur)
    as [V [_ A]].
  assert (Hcur' : roomWhere s (fun x => s.(dynamic).(at_robby_p) r x) = Some cur) by exact Hcur.
  unfold solve; rewrite Hr, Hgr, Hcur'; fold balls.
  split; [exact V |].
  unfold SatisfiesGoal; split; [| split; [| split]].
  - intros x y; destruct (g.(goal_dynamic).(goal_at_robby_p) x y) eqn:E; [| exact I].
    destruct (gcR x y ltac:(rewrite E; discriminate)) as [Hx Hy].
    rewrite (gOnlyR x Hx y Hy) in E; discriminate.
  - intros b x; destruct (g.(goal_dynamic).(goal_at_p) b x) as [bv |] eqn:E; [| exact I].
    destruct (gcA b x ltac:(rewrite E; discriminate)) as [Hb Hx].
    destruct (gOn b Hb x Hx ltac:(rewrite E; discriminate)) as [Bb Rx].
    destruct bv; [| exfalso; exact (gPos b Hb x Hx E)].
    assert (Hin : In b balls) by (apply filter_In; split; assumption).
    destruct (roomWhere s (fun y => isTrue (g.(goal_dynamic).(goal_at_p) b y))) as [d |] eqn:Hd.
    + pose proof Hd as Hd'; unfold roomWhere in Hd'.
      destruct (find_some _ _ Hd') as [HdIn HdP]; apply andb_prop in HdP; destruct HdP as [Rd Gd].
      assert (Ed : x = d).
      { apply (count_le_one_unique _ _ x d (gPlaced b Hb Bb) Hx); [| exact HdIn |].
        - rewrite Rx, E; reflexivity.
        - rewrite Rd, <- isTrue_optb, Gd; reflexivity. }
      subst d; exact (A b x Hin Hd).
    + exfalso; unfold roomWhere in Hd; pose proof (find_none _ _ Hd x Hx) as N; simpl in N.
      rewrite Rx, E in N; discriminate.
  - intros x y; destruct (g.(goal_dynamic).(goal_free_p) x y) eqn:E; [| exact I].
    destruct (gcF x y ltac:(rewrite E; discriminate)) as [Hx Hy].
    rewrite (gOnlyF x Hx y Hy) in E; discriminate.
  - intros x y z; destruct (g.(goal_dynamic).(goal_carry_p) x y z) eqn:E; [| exact I].
    destruct (gcC x y z ltac:(rewrite E; discriminate)) as [Hx [Hy Hz]].
    rewrite (gOnlyC x Hx y Hy z Hz) in E; discriminate.
Qed.
