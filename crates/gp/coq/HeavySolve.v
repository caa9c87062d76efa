(* A generalized plan for heavy-pack (certplan's worked example, paper 000): sort the items
   heaviest first by selection sort, pack the heaviest, then stack each next one on the previous.
   `solveComplete` below proves it complete for every instance satisfying the validity constraints
   (crates/gp/src/spec.rs); checked by coqc and audited in certplan's tests. Run it with `certplan gp run heavy HeavySolve.v P...`. *)
From Coq Require Import Bool Arith List Lia.
Import ListNotations.
From Certplan Require Import HeavyPack HeavyPackValid.

(* `x` is at least as heavy as every object of `l`. *)
Definition isMax (s : State) (l : list nat) (x : nat) : bool :=
  forallb (fun y => Nat.eqb x y || s.(statics).(heavier_p) x y) l.

Fixpoint removeOne (x : nat) (l : list nat) : list nat :=
  match l with
  | [] => []
  | y :: r => if Nat.eqb x y then r else y :: removeOne x r
  end.

(* The objects of `l`, heaviest first. *)
Fixpoint order (s : State) (fuel : nat) (l : list nat) : list nat :=
  match fuel with
  | 0 => []
  | S f =>
      match find (isMax s l) l with
      | None => []
      | Some x => x :: order s f (removeOne x l)
      end
  end.

Fixpoint stackAll (prev : nat) (l : list nat) : list PlanAction :=
  match l with
  | [] => []
  | x :: r => stack prev x :: stackAll x r
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match order s (length s.(statics).(objects)) s.(statics).(objects) with
  | [] => []
  | x :: r => pack_first x :: stackAll x r
  end.

(** * Completeness (paper 000, Listing 9) *)

Fixpoint chain (h : nat -> nat -> bool) (l : list nat) : Prop :=
  match l with
  | [] => True
  | x :: rest =>
      match rest with
      | [] => True
      | y :: _ => h x y = true /\ chain h rest
      end
  end.

Lemma isMax_spec (s : State) (l : list nat) (x : nat) :
  isMax s l x = true -> forall y, In y l -> x = y \/ s.(statics).(heavier_p) x y = true.
Proof.
  unfold isMax; rewrite forallb_forall; intros H y Hy.
  specialize (H y Hy); apply orb_true_iff in H; destruct H as [H | H].
  - left; apply Nat.eqb_eq; exact H.
  - right; exact H.
Qed.

Lemma isMax_intro (s : State) (l : list nat) (x : nat) :
  (forall y, In y l -> x = y \/ s.(statics).(heavier_p) x y = true) -> isMax s l x = true.
Proof.
  intro H; unfold isMax; rewrite forallb_forall; intros y Hy.
  destruct (H y Hy) as [E | E].
  - subst; rewrite Nat.eqb_refl; reflexivity.
  - rewrite E, orb_true_r; reflexivity.
Qed.

Lemma exists_max (s : State) (hT : HeavierTransitive s) (hTot : HeavierTotal s) :
  forall l, l <> [] -> incl l s.(statics).(objects) -> exists m, In m l /\ isMax s l m = true.
Proof.
  induction l as [| a l IH]; intros Hne Hincl; [congruence |].
  destruct l as [| b l'].
  - exists a; split; [left; reflexivity |].
    apply isMax_intro; intros y [Hy | []]; left; exact Hy.
  - destruct IH as [m [Hm Hmax]]; [discriminate | intros z Hz; apply Hincl; right; exact Hz |].
    assert (Ha : In a s.(statics).(objects)) by (apply Hincl; left; reflexivity).
    assert (HmO : In m s.(statics).(objects)) by (apply Hincl; right; exact Hm).
    pose proof (isMax_spec _ _ _ Hmax) as Hsp.
    destruct (hTot a Ha m HmO) as [E | [E | E]].
    + subst m; exists a; split; [left; reflexivity |].
      apply isMax_intro; intros y [Hy | Hy]; [left; exact Hy | exact (Hsp y Hy)].
    + exists a; split; [left; reflexivity |].
      apply isMax_intro; intros y [Hy | Hy]; [left; exact Hy |].
      right; destruct (Hsp y Hy) as [E2 | E2]; [subst y; exact E |].
      apply (hT a Ha m HmO y (Hincl y (or_intror Hy))); split; assumption.
    + exists m; split; [right; exact Hm |].
      apply isMax_intro; intros y [Hy | Hy]; [subst y; right; exact E | exact (Hsp y Hy)].
Qed.

Lemma removeOne_in (x : nat) : forall l y, In y (removeOne x l) -> In y l.
Proof.
  induction l as [| a l IH]; simpl; intros y H; [exact H |].
  destruct (Nat.eqb x a); [right; exact H |].
  destruct H as [H | H]; [left; exact H | right; apply IH; exact H].
Qed.

Lemma removeOne_spec (x : nat) : forall l, NoDup l -> forall y, In y (removeOne x l) <-> In y l /\ y <> x.
Proof.
  induction l as [| a l IH]; simpl; intros Hnd y; [tauto |].
  inversion Hnd as [| a' l' Hnin Hnd']; subst.
  destruct (Nat.eqb_spec x a) as [E | E].
  - subst a; split.
    + intro H; split; [right; exact H | intro; subst; contradiction].
    + intros [[H | H] Hne]; [congruence | exact H].
  - simpl; rewrite (IH Hnd' y); split.
    + intros [H | [H Hne]]; [subst; split; [left; reflexivity | congruence] | split; [right; exact H | exact Hne]].
    + intros [[H | H] Hne]; [left; exact H | right; split; assumption].
Qed.

Lemma removeOne_nodup (x : nat) : forall l, NoDup l -> NoDup (removeOne x l).
Proof.
  induction l as [| a l IH]; simpl; intros Hnd; [exact Hnd |].
  inversion Hnd as [| a' l' Hnin Hnd']; subst.
  destruct (Nat.eqb x a); [exact Hnd' |].
  constructor; [intro H; apply Hnin; exact (removeOne_in x l a H) | apply IH; exact Hnd'].
Qed.

Lemma removeOne_length (x : nat) : forall l, In x l -> S (length (removeOne x l)) = length l.
Proof.
  induction l as [| a l IH]; simpl; intros H; [contradiction |].
  destruct (Nat.eqb_spec x a) as [E | E]; [reflexivity |].
  simpl; f_equal; apply IH; destruct H as [H | H]; [congruence | exact H].
Qed.

Lemma order_spec (s : State) (hT : HeavierTransitive s) (hTot : HeavierTotal s) :
  forall fuel l, NoDup l -> incl l s.(statics).(objects) -> length l <= fuel ->
  (forall y, In y (order s fuel l) <-> In y l) /\ NoDup (order s fuel l) /\
  chain s.(statics).(heavier_p) (order s fuel l).
Proof.
  induction fuel as [| f IH]; intros l Hnd Hincl Hlen.
  - destruct l; [simpl; repeat split; auto; constructor | simpl in Hlen; lia].
  - simpl. destruct (find (isMax s l) l) as [x |] eqn:F.
    + apply find_some in F; destruct F as [Hx Hmax].
      pose proof (removeOne_spec x l Hnd) as Hrs.
      assert (Hlen' : length (removeOne x l) <= f) by (pose proof (removeOne_length x l Hx); lia).
      destruct (IH (removeOne x l) (removeOne_nodup x l Hnd)
                   (fun z Hz => Hincl z (removeOne_in x l z Hz)) Hlen') as [Hin [Hnd2 Hch]].
      split; [| split].
      * intro y; simpl; rewrite Hin, Hrs; split.
        -- intros [H | [H _]]; [subst; exact Hx | exact H].
        -- intro H; destruct (Nat.eq_dec x y) as [E | E]; [left; exact E | right; split; [exact H | congruence]].
      * constructor; [| exact Hnd2].
        intro H; apply Hin in H; apply Hrs in H; destruct H as [_ H]; congruence.
      * destruct (order s f (removeOne x l)) as [| y rest] eqn:O; [exact I |].
        split; [| exact Hch].
        assert (Hy : In y (removeOne x l)) by (apply Hin; left; reflexivity).
        apply Hrs in Hy; destruct Hy as [Hy Hne].
        destruct (isMax_spec _ _ _ Hmax y Hy) as [E | E]; [congruence | exact E].
    + destruct l as [| a l'].
      * repeat split; simpl; auto; constructor.
      * exfalso.
        destruct (exists_max s hT hTot (a :: l') ltac:(discriminate) Hincl) as [m [Hm Hmax]].
        rewrite (find_none _ _ F m Hm) in Hmax; discriminate.
Qed.

Lemma stackAll_ok : forall r prev (t : State),
  NoDup (prev :: r) -> chain t.(statics).(heavier_p) (prev :: r) ->
  t.(dynamic).(packed_p) prev = true -> t.(dynamic).(nothing_above_p) prev = true ->
  (forall y, In y r -> t.(dynamic).(unpacked_p) y = true) ->
  ValidPlan (stackAll prev r) t /\
  (forall y, t.(dynamic).(packed_p) y = true -> (runPlan (stackAll prev r) t).(dynamic).(packed_p) y = true) /\
  (forall y, In y r -> (runPlan (stackAll prev r) t).(dynamic).(packed_p) y = true).
Proof.
  induction r as [| x r IH]; intros prev t Hnd Hch Hp Hn Hu.
  - simpl; repeat split; auto; intros y [].
  - simpl in Hch; destruct Hch as [Hh Hch].
    inversion Hnd as [| p' l' Hnin Hnd']; subst.
    inversion Hnd' as [| x' r' Hnin' Hnd'']; subst.
    set (t' := stackEff prev x t).
    assert (Hux : t.(dynamic).(unpacked_p) x = true) by (apply Hu; left; reflexivity).
    destruct (IH x t' Hnd' Hch) as [Hv [Hkeep Hall]].
    + unfold t', stackEff; simpl; rewrite Nat.eqb_refl; reflexivity.
    + unfold t', stackEff; simpl; rewrite Nat.eqb_refl; reflexivity.
    + intros y Hy; unfold t', stackEff; simpl.
      destruct (Nat.eqb_spec y x) as [E | E]; [subst; contradiction |].
      apply Hu; right; exact Hy.
    + simpl; split; [split; [repeat split; assumption | exact Hv] | split].
      * intros y Hy; apply Hkeep; unfold t', stackEff; simpl.
        destruct (Nat.eqb y x); [reflexivity | exact Hy].
      * intros y [Hy | Hy]; [| apply Hall; exact Hy].
        subst y; apply Hkeep; unfold t', stackEff; simpl; rewrite Nat.eqb_refl; reflexivity.
Qed.

Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof.
  destruct hinit as [[hNd [hIrr [hT [hTot [hTyped _]]]]] [hBox [hUnp _]]].
  destruct hgoal as [[gcP [gcU gcN]] [gAll [[gOnlyU gOnlyN] gBox]]].
  unfold ObjectsNoDup in hNd.
  destruct (order_spec s hT hTot (length s.(statics).(objects)) s.(statics).(objects) hNd
              (fun z Hz => Hz) (le_n _)) as [Hin [Hnd Hch]].
  unfold solve.
  (* The goal says nothing about `unpacked`, `nothing-above` and `box-empty`. *)
  assert (HU : forall y, g.(goal_dynamic).(goal_unpacked_p) y = None).
  { intro y; destruct (g.(goal_dynamic).(goal_unpacked_p) y) eqn:E; [| reflexivity].
    rewrite <- E; apply gOnlyU; apply gcU; rewrite E; discriminate. }
  assert (HN : forall y, g.(goal_dynamic).(goal_nothing_above_p) y = None).
  { intro y; destruct (g.(goal_dynamic).(goal_nothing_above_p) y) eqn:E; [| reflexivity].
    rewrite <- E; apply gOnlyN; apply gcN; rewrite E; discriminate. }
  unfold GoalBoxFree in gBox.
  destruct (order s (length s.(statics).(objects)) s.(statics).(objects)) as [| x r] eqn:O.
  - split; [exact I |].
    unfold SatisfiesGoal; simpl; split; [| split; [| split]].
    + intro y; destruct (g.(goal_dynamic).(goal_packed_p) y) eqn:E; [| exact I].
      exfalso; assert (Hy : In y s.(statics).(objects)) by (apply gcP; rewrite E; discriminate).
      apply Hin in Hy; exact Hy.
    + intro y; rewrite HU; exact I.
    + intro y; rewrite HN; exact I.
    + rewrite gBox; exact I.
  - set (t := pack_firstEff x s).
    assert (Hx : In x s.(statics).(objects)) by (apply Hin; left; reflexivity).
    inversion Hnd as [| x' r' Hnin Hnd']; subst.
    destruct (stackAll_ok r x t Hnd Hch) as [Hv [Hkeep Hall]].
    + unfold t, pack_firstEff; simpl; rewrite Nat.eqb_refl; reflexivity.
    + unfold t, pack_firstEff; simpl; rewrite Nat.eqb_refl; reflexivity.
    + intros y Hy; unfold t, pack_firstEff; simpl.
      destruct (Nat.eqb_spec y x) as [E | E]; [subst; contradiction |].
      apply hUnp; apply Hin; right; exact Hy.
    + split.
      * simpl; split; [split; [exact hBox | apply hTyped; exact Hx] | exact Hv].
      * unfold SatisfiesGoal; simpl; fold t; split; [| split; [| split]].
        -- intro y; destruct (g.(goal_dynamic).(goal_packed_p) y) as [b |] eqn:E; [| exact I].
           assert (Hy : In y s.(statics).(objects)) by (apply gcP; rewrite E; discriminate).
           rewrite (gAll y Hy) in E; injection E as <-.
           apply Hin in Hy; destruct Hy as [Hy | Hy]; [| apply Hall; exact Hy].
           subst y; apply Hkeep; unfold t, pack_firstEff; simpl; rewrite Nat.eqb_refl; reflexivity.
        -- intro y; rewrite HU; exact I.
        -- intro y; rewrite HN; exact I.
        -- rewrite gBox; exact I.
Qed.
