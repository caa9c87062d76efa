(* A generalized plan for ferry (certplan's worked example, paper 000): carry the cars one after
   the other: sail to the car, board it, sail to its goal location, debark. `solveComplete` below
   proves it complete for every instance satisfying the validity constraints
   (crates/gp/src/spec.rs); checked by coqc and audited in certplan's tests.
   Run it with `certplan gp run ferry FerrySolve.v P...`. *)
From Coq Require Import Bool Arith List Lia.
Import ListNotations.
From Certplan Require Import Ferry FerryValid.

Definition locWhere (s : State) (p : nat -> bool) : option nat :=
  find (fun l => s.(statics).(location_t) l && p l) s.(statics).(objects).

(* From location `a` to location `b`: nothing or one `sail`. *)
Definition goTo (a b : nat) : list PlanAction := if Nat.eqb a b then [] else [sail a b].

Fixpoint serve (s : State) (g : Goal) (cur : nat) (cs : list nat) : list PlanAction :=
  match cs with
  | [] => []
  | c :: rest =>
      match locWhere s (fun l => s.(dynamic).(at_p) c l),
            locWhere s (fun l => optbEqb (g.(goal_dynamic).(goal_at_p) c l) (Some true)) with
      | Some o, Some d => goTo cur o ++ [board c o] ++ goTo o d ++ [debark c d] ++ serve s g d rest
      | _, _ => serve s g cur rest
      end
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match locWhere s (fun l => s.(dynamic).(at_ferry_p) l) with
  | None => []
  | Some f => serve s g f (filter (fun c => s.(statics).(car_t) c) s.(statics).(objects))
  end.

(** * Completeness (paper 000, Listing 9) *)

Lemma two_le (l : list nat) (a b : nat) : NoDup l -> In a l -> In b l -> a <> b -> 2 <= length l.
Proof.
  intros Hnd Ha Hb Hne; change 2 with (length [a; b]); apply NoDup_incl_length.
  - constructor; [simpl; intros [E | []]; congruence | constructor; [intros [] | constructor]].
  - intros x [E | [E | []]]; subst; assumption.
Qed.

Lemma filter_unique (f : nat -> bool) (l : list nat) (a b : nat) :
  NoDup l -> length (filter f l) <= 1 -> In a l -> f a = true -> In b l -> f b = true -> a = b.
Proof.
  intros Hnd Hle Ha Fa Hb Fb; destruct (Nat.eq_dec a b) as [E | E]; [exact E | exfalso].
  assert (2 <= length (filter f l)); [| lia].
  apply (two_le _ a b); [apply NoDup_filter; exact Hnd | apply filter_In; auto | apply filter_In; auto | exact E].
Qed.

Lemma witness_of_count (f : nat -> bool) (l : list nat) : 0 < length (filter f l) -> exists x, In x l /\ f x = true.
Proof.
  destruct (filter f l) as [| x r] eqn:E; simpl; intro H; [lia |].
  exists x; apply filter_In; rewrite E; left; reflexivity.
Qed.

Lemma find_of_witness (f : nat -> bool) (l : list nat) (a : nat) :
  In a l -> f a = true -> exists b, find f l = Some b.
Proof.
  intros Ha Fa; destruct (find f l) as [b |] eqn:E; [exists b; reflexivity |].
  rewrite (find_none _ _ E a Ha) in Fa; discriminate.
Qed.

Lemma count_zero (f : nat -> bool) (l : list nat) : (forall x, In x l -> f x = false) -> length (filter f l) = 0.
Proof.
  induction l as [| a l IH]; simpl; intro H; [reflexivity |].
  rewrite (H a (or_introl eq_refl)); apply IH; intros x Hx; apply H; right; exact Hx.
Qed.

(* The ferry is at `cur` and at no other listed location. *)
Definition FerryAt (s t : State) (cur : nat) : Prop :=
  In cur s.(statics).(objects) /\ s.(statics).(location_t) cur = true /\ t.(dynamic).(at_ferry_p) cur = true /\
  (forall x, In x s.(statics).(objects) -> s.(statics).(location_t) x = true -> t.(dynamic).(at_ferry_p) x = true -> x = cur).

Lemma goTo_ok (s t : State) (a b : nat) :
  t.(statics) = s.(statics) -> FerryAt s t a -> In b s.(statics).(objects) -> s.(statics).(location_t) b = true ->
  ValidPlan (goTo a b) t /\ FerryAt s (runPlan (goTo a b) t) b /\
  (runPlan (goTo a b) t).(statics) = s.(statics) /\
  (runPlan (goTo a b) t).(dynamic).(at_p) = t.(dynamic).(at_p) /\
  (runPlan (goTo a b) t).(dynamic).(on_p) = t.(dynamic).(on_p) /\
  (runPlan (goTo a b) t).(dynamic).(empty_ferry_p) = t.(dynamic).(empty_ferry_p).
Proof.
  intros Ht [Ha [La [Fa Uni]]] Hb Lb; unfold goTo.
  destruct (Nat.eqb_spec a b) as [E | E].
  - subst b; simpl; repeat split; auto.
  - assert (Fb : t.(dynamic).(at_ferry_p) b = false).
    { destruct (t.(dynamic).(at_ferry_p) b) eqn:F; [| reflexivity]. exfalso; apply E; symmetry; exact (Uni b Hb Lb F). }
    cbn [ValidPlan runPlan actionPre actionApply].
    split; [split; [unfold sailPre; rewrite Ht; repeat split; assumption | exact I] |].
    split; [| repeat split; reflexivity || exact Ht].
    unfold FerryAt, sailEff; cbn [dynamic at_ferry_p]; rewrite Nat.eqb_refl.
    split; [exact Hb | split; [exact Lb | split; [reflexivity |]]].
    intros x Hx Lx; destruct (Nat.eqb_spec x b) as [E1 | E1]; [intros _; exact E1 |].
    destruct (Nat.eqb_spec x a) as [E2 | E2]; [discriminate |].
    intro F; exfalso; exact (E2 (Uni x Hx Lx F)).
Qed.

Lemma serve_ok (s : State) (g : Goal) : forall cs cur t,
  t.(statics) = s.(statics) -> NoDup cs -> FerryAt s t cur -> t.(dynamic).(empty_ferry_p) = true ->
  (forall c, In c cs -> s.(statics).(car_t) c = true /\ exists o d,
      locWhere s (fun l => s.(dynamic).(at_p) c l) = Some o /\
      locWhere s (fun l => optbEqb (g.(goal_dynamic).(goal_at_p) c l) (Some true)) = Some d) ->
  (forall c l, In c cs -> t.(dynamic).(at_p) c l = s.(dynamic).(at_p) c l) ->
  ValidPlan (serve s g cur cs) t /\
  (forall c l, ~ In c cs -> (runPlan (serve s g cur cs) t).(dynamic).(at_p) c l = t.(dynamic).(at_p) c l) /\
  (forall c d, In c cs -> locWhere s (fun l => optbEqb (g.(goal_dynamic).(goal_at_p) c l) (Some true)) = Some d ->
     (runPlan (serve s g cur cs) t).(dynamic).(at_p) c d = true).
Proof.
  induction cs as [| c rest IH]; intros cur t Ht Hnd HF He Hcs Hat.
  - simpl; repeat split; auto; intros c d [].
  - inversion Hnd as [| c' r' Hnin Hnd']; subst.
    destruct (Hcs c (or_introl eq_refl)) as [Cc [o [d [Ho Hd]]]].
    destruct (find_some _ _ Ho) as [HoIn HoP]; apply andb_prop in HoP; destruct HoP as [Lo Ao].
    destruct (find_some _ _ Hd) as [HdIn HdP]; apply andb_prop in HdP; destruct HdP as [Ld Gd].
    cbn [serve]; rewrite Ho, Hd.
    destruct (goTo_ok s t cur o Ht HF HoIn Lo) as [V1 [F1 [S1 [A1 [O1 E1]]]]].
    set (t1 := runPlan (goTo cur o) t) in *.
    set (t2 := boardEff c o t1).
    destruct (goTo_ok s t2 o d S1 F1 HdIn Ld) as [V3 [F3 [S3 [A3 [O3 E3]]]]].
    set (t3 := runPlan (goTo o d) t2) in *.
    set (t4 := debarkEff c d t3).
    assert (Hon : t3.(dynamic).(on_p) c = true).
    { rewrite O3; unfold t2, boardEff; simpl; rewrite Nat.eqb_refl; reflexivity. }
    assert (Hother : forall c2 l, c2 <> c -> t4.(dynamic).(at_p) c2 l = t.(dynamic).(at_p) c2 l).
    { intros c2 l Hne; unfold t4, debarkEff; simpl; rewrite (proj2 (Nat.eqb_neq c2 c) Hne); simpl.
      rewrite A3; unfold t2, boardEff; simpl; rewrite (proj2 (Nat.eqb_neq c2 c) Hne); simpl; rewrite A1; reflexivity. }
    destruct (IH d t4) as [V5 [K5 A5]].
    + exact S3.
    + exact Hnd'.
    + exact F3.
    + reflexivity.
    + intros q Hq; exact (Hcs q (or_intror Hq)).
    + intros q l Hq; rewrite Hother by (intro; subst; contradiction); apply Hat; right; exact Hq.
    + repeat rewrite validPlan_append; repeat rewrite runPlan_append.
      fold t1; fold t2; fold t3.
      split; [split; [exact V1 | split; [| split; [exact V3 | split; [| exact V5]]]] | split].
      * cbn [ValidPlan actionPre]; split; [| exact I].
        unfold boardPre; rewrite S1, A1, Hat by (left; reflexivity).
        destruct F1 as [_ [_ [F1 _]]]; rewrite E1; repeat split; assumption.
      * cbn [ValidPlan actionPre runPlan actionApply]; split; [| exact I].
        unfold debarkPre; change (runPlan (goTo o d) (boardEff c o t1)) with t3; rewrite S3.
        destruct F3 as [_ [_ [F3 _]]]; repeat split; assumption.
      * intros q l Hq; cbn [runPlan actionApply]; fold t4.
        rewrite K5 by (intro; apply Hq; right; assumption).
        apply Hother; intro; subst; apply Hq; left; reflexivity.
      * intros q d' [Hq | Hq] Hd'.
        -- subst q; rewrite Hd in Hd'; injection Hd' as <-.
           cbn [runPlan actionApply]; fold t4; rewrite K5 by exact Hnin.
           unfold t4, debarkEff; simpl; rewrite !Nat.eqb_refl; reflexivity.
        -- cbn [runPlan actionApply]; fold t4; apply A5; assumption.
Qed.

Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof.
  destruct hinit as [[hNd [_ [_ [_ [hFerry [hCar hEmptyOr]]]]]] hEmpty].
  destruct hgoal as [[gcF [gcA gcO]] [gEvery [gTyped [gPos [gOF [gOO gOE]]]]]].
  unfold InitFerryEmpty in hEmpty; unfold FerryAtOneLocation in hFerry; unfold FerryEmptyOrOneCar in hEmptyOr.
  (* Where the ferry is. *)
  destruct (witness_of_count _ _ ltac:(rewrite hFerry; lia)) as [f0 [Hf0 Pf0]].
  destruct (find_of_witness (fun l => s.(statics).(location_t) l && s.(dynamic).(at_ferry_p) l) _ f0 Hf0 Pf0) as [f Hf].
  destruct (find_some _ _ Hf) as [HfIn Pf]; apply andb_prop in Pf; destruct Pf as [Lf Af].
  assert (HF : FerryAt s s f).
  { split; [exact HfIn | split; [exact Lf | split; [exact Af |]]].
    intros x Hx Lx Ax.
    apply (filter_unique (fun x0 => s.(statics).(location_t) x0 && s.(dynamic).(at_ferry_p) x0) s.(statics).(objects));
      [exact hNd | lia | exact Hx | rewrite Lx, Ax; reflexivity | exact HfIn | rewrite Lf, Af; reflexivity]. }
  assert (Hf' : locWhere s (fun l => s.(dynamic).(at_ferry_p) l) = Some f) by exact Hf.
  set (cs := filter (fun c => s.(statics).(car_t) c) s.(statics).(objects)).
  assert (Hcs : forall c, In c cs -> s.(statics).(car_t) c = true /\ exists o d,
      locWhere s (fun l => s.(dynamic).(at_p) c l) = Some o /\
      locWhere s (fun l => optbEqb (g.(goal_dynamic).(goal_at_p) c l) (Some true)) = Some d).
  { intros c Hc; apply filter_In in Hc; destruct Hc as [Hc Cc]; split; [exact Cc |].
    pose proof (hCar c Hc Cc) as H1.
    destruct (s.(dynamic).(on_p) c) eqn:On.
    - exfalso; rewrite hEmpty in hEmptyOr.
      assert (Hin : In c (filter (fun x0 => s.(statics).(car_t) x0 && s.(dynamic).(on_p) x0) s.(statics).(objects)))
        by (apply filter_In; rewrite Cc, On; split; [exact Hc | reflexivity]).
      destruct (filter (fun x0 => s.(statics).(car_t) x0 && s.(dynamic).(on_p) x0) s.(statics).(objects));
        [contradiction | simpl in hEmptyOr; lia].
    - destruct (witness_of_count (fun x1 => s.(statics).(location_t) x1 && s.(dynamic).(at_p) c x1) s.(statics).(objects)
                  ltac:(lia)) as [o0 [Ho0 Po0]].
      destruct (find_of_witness (fun x1 => s.(statics).(location_t) x1 && s.(dynamic).(at_p) c x1) _ o0 Ho0 Po0) as [o Ho].
      destruct (witness_of_count (fun x1 => s.(statics).(location_t) x1 && optbEqb (g.(goal_dynamic).(goal_at_p) c x1) (Some true)) s.(statics).(objects)
                  ltac:(rewrite (gEvery c Hc Cc); lia)) as [d0 [Hd0 Pd0]].
      destruct (find_of_witness (fun x1 => s.(statics).(location_t) x1 && optbEqb (g.(goal_dynamic).(goal_at_p) c x1) (Some true)) _ d0 Hd0 Pd0) as [d Hd].
      exists o, d; split; [exact Ho | exact Hd]. }
  destruct (serve_ok s g cs f s eq_refl (NoDup_filter _ hNd) HF hEmpty Hcs (fun _ _ _ => eq_refl)) as [V [_ A]].
  unfold solve; rewrite Hf'; fold cs.
  split; [exact V |].
  unfold SatisfiesGoal; split; [| split; [| split]].
  - intros y; destruct (g.(goal_dynamic).(goal_at_ferry_p) y) eqn:E; [| exact I].
    rewrite (gOF y (gcF y ltac:(rewrite E; discriminate))) in E; discriminate.
  - intros c l; destruct (g.(goal_dynamic).(goal_at_p) c l) as [b |] eqn:E; [| exact I].
    destruct (gcA c l ltac:(rewrite E; discriminate)) as [Hc Hl].
    destruct (gTyped c Hc l Hl ltac:(rewrite E; discriminate)) as [Cc Ll].
    destruct b; [| exfalso; exact (gPos c Hc l Hl E)].
    assert (Hcc : In c cs) by (apply filter_In; split; assumption).
    destruct (Hcs c Hcc) as [_ [o [d [_ Hd]]]].
    destruct (find_some _ _ Hd) as [HdIn Pd].
    assert (E2 : l = d).
    { apply (filter_unique (fun x1 => s.(statics).(location_t) x1 && optbEqb (g.(goal_dynamic).(goal_at_p) c x1) (Some true)) s.(statics).(objects));
        [exact hNd | rewrite (gEvery c Hc Cc); lia | exact Hl | rewrite Ll, E; reflexivity | exact HdIn | exact Pd]. }
    subst l; exact (A c d Hcc Hd).
  - rewrite gOE; exact I.
  - intros y; destruct (g.(goal_dynamic).(goal_on_p) y) eqn:E; [| exact I].
    rewrite (gOO y (gcO y ltac:(rewrite E; discriminate))) in E; discriminate.
Qed.
