(* A generalized plan for hiking (certplan's worked example, paper 000): walk the trail back from
   the goal location to its start (a location with no predecessor on the trail), then follow it
   forward from there, one `walk` or `climb` (onto a hill) per trail step.
   `solveComplete` below proves it complete for every instance satisfying the validity constraints
   (crates/gp/src/spec.rs); checked by coqc and audited in certplan's tests.
   Run it with `certplan gp run hiking HikingSolve.v P...`. *)
From Coq Require Import Bool Arith List Lia Relations.
Import ListNotations.
From Certplan Require Import Hiking HikingValid.

Definition objs (s : State) : list nat := s.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

(* The location before `l` on the trail. *)
Definition prev (s : State) (l : nat) : option nat :=
  find (fun m => s.(statics).(loc_t) m && s.(statics).(ontrail_p) m l) (objs s).

(* The trail from its start to `l`, followed by `acc` (at most `fuel` steps back). *)
Fixpoint back (s : State) (fuel l : nat) (acc : list nat) : list nat :=
  match fuel with
  | 0 => l :: acc
  | S f => match prev s l with None => l :: acc | Some m => back s f m (l :: acc) end
  end.

Definition step (s : State) (a b : nat) : PlanAction :=
  if s.(statics).(ishill_p) b then climb a b else walk a b.

(* Walk from `a` along the locations `r`. *)
Fixpoint walkFrom (s : State) (a : nat) (r : list nat) : list PlanAction :=
  match r with
  | [] => []
  | b :: rest => step s a b :: walkFrom s b rest
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match find (fun l => s.(statics).(loc_t) l && isTrue (g.(goal_dynamic).(goal_at_p) l)) (objs s) with
  | None => []
  | Some l =>
      match back s (length (objs s)) l [] with
      | [] => []
      | h :: r => walkFrom s h r
      end
  end.

(** * Completeness (paper 000, Listing 9) *)

Lemma find_of_witness (f : nat -> bool) (l : list nat) (a : nat) :
  In a l -> f a = true -> exists x, find f l = Some x.
Proof.
  induction l as [| b l IH]; simpl; intros H Fa; [contradiction |].
  destruct (f b) eqn:Fb; [eauto |].
  destruct H as [H | H]; [subst; congruence | exact (IH H Fa)].
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

Lemma isTrue_optb (o : option bool) : isTrue o = optbEqb o (Some true).
Proof. destruct o as [[|] |]; reflexivity. Qed.

Lemma isTrue_some (o : option bool) : isTrue o = true -> o = Some true.
Proof. destruct o as [[|] |]; simpl; congruence. Qed.

(* The trail relation of `TrailAcyclic`. *)
Definition trail (s : State) (a b : nat) : Prop :=
  In a (objs s) /\ In b (objs s) /\ s.(statics).(ontrail_p) a b = true.

(* `a` and then the locations of `r`, each a trail step from the one before. *)
Fixpoint chainOK (s : State) (a : nat) (r : list nat) : Prop :=
  match r with
  | [] => True
  | b :: rest => trail s a b /\ s.(statics).(loc_t) a = true /\ s.(statics).(loc_t) b = true /\ chainOK s b rest
  end.

Lemma last_cons (x p : nat) (acc : list nat) : last (x :: acc) p = last acc x.
Proof.
  revert x p; induction acc as [| y acc IH]; intros x p; [reflexivity |].
  change (last (y :: acc) p = last (y :: acc) x).
  rewrite !IH; reflexivity.
Qed.

Lemma back_ok (s : State) (hAcyc : TrailAcyclic s) : forall fuel l acc,
  In l (objs s) -> s.(statics).(loc_t) l = true -> NoDup (l :: acc) -> incl (l :: acc) (objs s) ->
  (forall y, In y acc -> clos_trans nat (trail s) l y) -> chainOK s l acc ->
  length (l :: acc) + fuel = length (objs s) + 1 ->
  exists h r, back s fuel l acc = h :: r /\ prev s h = None /\ chainOK s h r /\ last r h = last acc l.
Proof.
  induction fuel as [| f IH]; intros l acc Hl Ll Hnd Hincl Hct Hch Hlen.
  - exfalso; pose proof (NoDup_incl_length Hnd Hincl) as H; rewrite Nat.add_0_r in Hlen; lia.
  - cbn [back]; destruct (prev s l) as [m |] eqn:Hm.
    + unfold prev in Hm; destruct (find_some _ _ Hm) as [HmIn HmP]; apply andb_prop in HmP; destruct HmP as [Lm Tm].
      assert (Rml : trail s m l) by (split; [exact HmIn | split; [exact Hl | exact Tm]]).
      assert (Hnin : ~ In m (l :: acc)).
      { intros [E | H].
        - subst m; exact (hAcyc l Hl (t_step _ _ _ _ Rml)).
        - exact (hAcyc m HmIn (t_trans _ _ _ l _ (t_step _ _ _ _ Rml) (Hct m H))). }
      destruct (IH m (l :: acc)) as [h [r [E [P [C L]]]]].
      * exact HmIn.
      * exact Lm.
      * constructor; assumption.
      * intros y [E | H]; [subst; exact HmIn | exact (Hincl y H)].
      * intros y [E | H]; [subst; apply t_step; exact Rml | exact (t_trans _ _ _ l _ (t_step _ _ _ _ Rml) (Hct y H))].
      * simpl; split; [exact Rml | split; [exact Lm | split; [exact Ll | exact Hch]]].
      * simpl in Hlen |- *; lia.
      * exists h, r; split; [exact E | split; [exact P | split; [exact C |]]].
        rewrite L; apply last_cons.
    + exists l, acc; repeat split; assumption.
Qed.

Lemma walkFrom_ok (s : State) (hAdj : TrailAdjacent s) (hWater : TrailNotWater s) : forall r a t,
  t.(statics) = s.(statics) -> t.(dynamic).(at_p) a = true -> chainOK s a r ->
  ValidPlan (walkFrom s a r) t /\ (runPlan (walkFrom s a r) t).(dynamic).(at_p) (last r a) = true.
Proof.
  induction r as [| b rest IH]; intros a t St At Ch.
  - simpl; split; [exact I | exact At].
  - destruct Ch as [[Ha [Hb Tab]] [La [Lb Ch]]].
    assert (Pre : actionPre (step s a b) t /\ (actionApply (step s a b) t).(statics) = s.(statics) /\
                  (actionApply (step s a b) t).(dynamic).(at_p) b = true).
    { pose proof (hAdj a Ha b Hb Tab) as Adj.
      destruct (hWater a Ha b Hb Tab) as [Wa _]; apply not_true_is_false in Wa.
      unfold step; destruct (s.(statics).(ishill_p) b) eqn:Hill; cbn [actionPre actionApply].
      - unfold climbPre, climbEff; rewrite St; cbn [statics dynamic at_p]; rewrite Nat.eqb_refl.
        repeat split; assumption.
      - unfold walkPre, walkEff; rewrite St; cbn [statics dynamic at_p]; rewrite Nat.eqb_refl.
        repeat split; assumption. }
    destruct Pre as [Pre [S1 A1]].
    destruct (IH b _ S1 A1 Ch) as [V2 A2].
    cbn [walkFrom ValidPlan runPlan]; split; [split; assumption |].
    replace (last (b :: rest) a) with (last rest b) by (symmetry; apply last_cons).
    exact A2.
Qed.

Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof.
  destruct hinit as [[hNd [_ [_ [_ [_ [_ [hAdj [hWater [hAcyc _]]]]]]]]] [_ hStart]].
  destruct hgoal as [gClosed [gOne [gPos [gTyped gEnd]]]].
  assert (Hgoal : forall x, g.(goal_dynamic).(goal_at_p) x = Some true ->
            In x (objs s) /\ s.(statics).(loc_t) x = true).
  { intros x E; assert (Hx : In x (objs s)) by (apply gClosed; rewrite E; discriminate).
    split; [exact Hx | apply (gTyped x Hx); rewrite E; discriminate]. }
  destruct (find (fun l => s.(statics).(loc_t) l && isTrue (g.(goal_dynamic).(goal_at_p) l)) (objs s))
    as [gl |] eqn:Hgl.
  2: {
    unfold solve; rewrite Hgl; split; [exact I |].
    intro x; destruct (g.(goal_dynamic).(goal_at_p) x) as [[|] |] eqn:E; try exact I.
    - exfalso; destruct (Hgoal x E) as [Hx Lx].
      pose proof (find_none _ _ Hgl x Hx) as N; simpl in N; rewrite Lx, E in N; discriminate.
    - exfalso; exact (gPos x (gClosed x ltac:(rewrite E; discriminate)) E). }
  destruct (find_some _ _ Hgl) as [HglIn HglP]; apply andb_prop in HglP; destruct HglP as [Lgl Ggl].
  destruct (back_ok s hAcyc (length (objs s)) gl [] HglIn Lgl) as [h [r [Eb [Ph [Ch Lst]]]]].
  - constructor; [intros [] | constructor].
  - intros y [E | []]; subst; exact HglIn.
  - intros y [].
  - exact I.
  - simpl; lia.
  - simpl in Lst.
    (* The hiker stands at the start of the trail. *)
    assert (Ah : s.(dynamic).(at_p) h = true).
    { assert (NoPred : ~ (exists x, In x (objs s) /\ s.(statics).(loc_t) x = true /\ s.(statics).(ontrail_p) x h = true)).
      { intros [x [Hx [Lx Tx]]]; unfold prev in Ph; pose proof (find_none _ _ Ph x Hx) as N; simpl in N.
        rewrite Lx, Tx in N; discriminate. }
      destruct r as [| b rest].
      - simpl in Lst; subst h.
        destruct (gEnd gl HglIn Lgl (isTrue_some _ Ggl)) as [_ [H | H]]; [contradiction | exact H].
      - destruct Ch as [[Hh [Hb Thb]] [Lh [Lb _]]].
        apply (hStart h Hh Lh); split; [exists b; repeat split; assumption | exact NoPred]. }
    destruct (walkFrom_ok s hAdj hWater r h s eq_refl Ah Ch) as [V A].
    unfold solve; rewrite Hgl, Eb; split; [exact V |].
    intro x; destruct (g.(goal_dynamic).(goal_at_p) x) as [[|] |] eqn:E; try exact I.
    + destruct (Hgoal x E) as [Hx Lx].
      assert (Ex : x = gl).
      { apply (count_le_one_unique _ _ x gl (Nat.eq_le_incl _ _ gOne) Hx); [| exact HglIn |].
        - cbv beta; rewrite Lx, E; reflexivity.
        - cbv beta; rewrite Lgl, <- isTrue_optb, Ggl; reflexivity. }
      subst x; rewrite <- Lst; exact A.
    + exfalso; exact (gPos x (gClosed x ltac:(rewrite E; discriminate)) E).
Qed.
