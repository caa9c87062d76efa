(* A generalized plan for miconic (certplan's worked example, paper 000): serve the passengers one
   after the other: drive to the origin, board, drive to the destination, depart. `solveComplete`
   below proves it complete for every instance satisfying the validity constraints
   (crates/gp/src/spec.rs); checked by coqc and audited in certplan's tests.
   Run it with `certplan gp run miconic MiconicSolve.v P...`. *)
From Coq Require Import Bool Arith List Lia.
Import ListNotations.
From Certplan Require Import Miconic MiconicValid.

Definition floorWhere (s : State) (p : nat -> bool) : option nat :=
  find (fun f => s.(statics).(floor_t) f && p f) s.(statics).(objects).

(* From floor `a` to floor `b`: nothing, `up` or `down`. *)
Definition move (s : State) (a b : nat) : list PlanAction :=
  if Nat.eqb a b then []
  else if s.(statics).(above_p) a b then [up a b] else [down a b].

Fixpoint serve (s : State) (cur : nat) (ps : list nat) : list PlanAction :=
  match ps with
  | [] => []
  | p :: rest =>
      match floorWhere s (fun f => s.(dynamic).(origin_p) p f), floorWhere s (fun f => s.(statics).(destin_p) p f) with
      | Some o, Some d => move s cur o ++ [board o p] ++ move s o d ++ [depart d p] ++ serve s d rest
      | _, _ => serve s cur rest
      end
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match floorWhere s (fun f => s.(dynamic).(lift_at_p) f) with
  | None => []
  | Some f => serve s f (filter (fun p => s.(statics).(passenger_t) p) s.(statics).(objects))
  end.

(** * Completeness (paper 000, Listing 9) *)

Lemma find_of_count (f : nat -> bool) (l : list nat) : 0 < length (filter f l) -> exists x, find f l = Some x.
Proof.
  induction l as [| a l IH]; simpl; intro H; [lia |].
  destruct (f a); [eauto | apply IH; exact H].
Qed.

Lemma move_ok (s t : State) (a b : nat) :
  t.(statics) = s.(statics) -> AboveTotal s ->
  In a s.(statics).(objects) -> In b s.(statics).(objects) ->
  s.(statics).(floor_t) a = true -> s.(statics).(floor_t) b = true ->
  t.(dynamic).(lift_at_p) a = true ->
  ValidPlan (move s a b) t /\
  (runPlan (move s a b) t).(statics) = s.(statics) /\
  (runPlan (move s a b) t).(dynamic).(lift_at_p) b = true /\
  (runPlan (move s a b) t).(dynamic).(origin_p) = t.(dynamic).(origin_p) /\
  (runPlan (move s a b) t).(dynamic).(boarded_p) = t.(dynamic).(boarded_p) /\
  (runPlan (move s a b) t).(dynamic).(served_p) = t.(dynamic).(served_p).
Proof.
  intros Ht hTot Ha Hb Fa Fb La.
  unfold move.
  destruct (Nat.eqb_spec a b) as [E | E].
  - subst b; simpl; repeat split; auto.
  - destruct (s.(statics).(above_p) a b) eqn:Ab.
    + cbn [ValidPlan runPlan actionPre actionApply]; unfold upPre, upEff; simpl.
      rewrite Ht, Nat.eqb_refl; repeat split; auto.
    + assert (Ba : s.(statics).(above_p) b a = true).
      { destruct (hTot a Ha Fa b Hb Fb) as [E2 | [E2 | E2]]; [contradiction | congruence | exact E2]. }
      cbn [ValidPlan runPlan actionPre actionApply]; unfold downPre, downEff; simpl.
      rewrite Ht, Nat.eqb_refl; repeat split; auto.
Qed.

Lemma serve_ok (s : State) (hTot : AboveTotal s) : forall ps cur t,
  t.(statics) = s.(statics) -> NoDup ps ->
  (forall p, In p ps -> s.(statics).(passenger_t) p = true /\
     exists o d, floorWhere s (fun f => s.(dynamic).(origin_p) p f) = Some o /\
                 floorWhere s (fun f => s.(statics).(destin_p) p f) = Some d) ->
  (forall p f, In p ps -> t.(dynamic).(origin_p) p f = s.(dynamic).(origin_p) p f) ->
  In cur s.(statics).(objects) -> s.(statics).(floor_t) cur = true -> t.(dynamic).(lift_at_p) cur = true ->
  ValidPlan (serve s cur ps) t /\
  (forall q, t.(dynamic).(served_p) q = true -> (runPlan (serve s cur ps) t).(dynamic).(served_p) q = true) /\
  (forall p, In p ps -> (runPlan (serve s cur ps) t).(dynamic).(served_p) p = true).
Proof.
  induction ps as [| p rest IH]; intros cur t Ht Hnd Hps Horig Hcur Fcur Lcur.
  - simpl; repeat split; auto; intros p [].
  - inversion Hnd as [| p' r' Hnin Hnd']; subst.
    destruct (Hps p (or_introl eq_refl)) as [Pp [o [d [Ho Hd]]]].
    unfold floorWhere in Ho, Hd.
    destruct (find_some _ _ Ho) as [HoIn HoP]; apply andb_prop in HoP; destruct HoP as [Fo Oo].
    destruct (find_some _ _ Hd) as [HdIn HdP]; apply andb_prop in HdP; destruct HdP as [Fd Dd].
    cbn [serve]; unfold floorWhere; rewrite Ho, Hd.
    (* Drive to the origin. *)
    destruct (move_ok s t cur o Ht hTot Hcur HoIn Fcur Fo Lcur) as [V1 [S1 [L1 [O1 [B1 R1]]]]].
    set (t1 := runPlan (move s cur o) t) in *.
    set (t2 := boardEff o p t1).
    assert (S2 : t2.(statics) = s.(statics)) by exact S1.
    assert (L2 : t2.(dynamic).(lift_at_p) o = true) by exact L1.
    (* Drive to the destination. *)
    destruct (move_ok s t2 o d S2 hTot HoIn HdIn Fo Fd L2) as [V3 [S3 [L3 [O3 [B3 R3]]]]].
    set (t3 := runPlan (move s o d) t2) in *.
    set (t4 := departEff d p t3).
    assert (Hboard : t3.(dynamic).(boarded_p) p = true).
    { rewrite B3; unfold t2, boardEff; simpl; rewrite Nat.eqb_refl; reflexivity. }
    destruct (IH d t4) as [V5 [K5 A5]].
    + exact S3.
    + exact Hnd'.
    + intros q Hq; exact (Hps q (or_intror Hq)).
    + intros q f Hq.
      assert (Hne : q <> p) by (intro; subst; contradiction).
      unfold t4, departEff; simpl; rewrite O3; unfold t2, boardEff; simpl.
      rewrite (proj2 (Nat.eqb_neq q p) Hne); simpl.
      rewrite O1; apply Horig; right; exact Hq.
    + exact HdIn.
    + exact Fd.
    + unfold t4, departEff; simpl; exact L3.
    + repeat rewrite validPlan_append; repeat rewrite runPlan_append.
      fold t1; fold t2; fold t3.
      split; [split; [exact V1 | split; [| split; [exact V3 | split; [| exact V5]]]] | split].
      * cbn [ValidPlan actionPre]; split; [| exact I].
        unfold boardPre; rewrite S1, O1, Horig by (left; reflexivity).
        repeat split; assumption.
      * cbn [ValidPlan actionPre runPlan actionApply]; split; [| exact I].
        unfold departPre; change (runPlan (move s o d) (boardEff o p t1)) with t3; rewrite S3; repeat split; assumption.
      * intros q Hq; apply K5.
        cbn [runPlan actionApply]; unfold t4, departEff; simpl.
        destruct (Nat.eqb q p); [reflexivity |].
        rewrite R3; unfold t2, boardEff; simpl; rewrite R1; exact Hq.
      * intros q [Hq | Hq]; [| apply A5; exact Hq].
        subst q; apply K5; cbn [runPlan actionApply]; unfold t4, departEff; simpl; rewrite Nat.eqb_refl; reflexivity.
Qed.

Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof.
  destruct hinit as [[hNd [_ [_ [_ [_ [hLift [hDest [hWait [_ [_ hTot]]]]]]]]]] [hNB hNS]].
  destruct hgoal as [[gcO [gcB [gcS gcL]]] [gAll [gOn [gOnlyO [gOnlyB gOnlyL]]]]].
  set (ps := filter (fun p => s.(statics).(passenger_t) p) s.(statics).(objects)).
  assert (Hps : forall p, In p ps -> In p s.(statics).(objects) /\ s.(statics).(passenger_t) p = true).
  { intros p Hp; apply filter_In in Hp; exact Hp. }
  destruct (find_of_count (fun f => s.(statics).(floor_t) f && s.(dynamic).(lift_at_p) f) s.(statics).(objects) ltac:(rewrite hLift; lia))
    as [cur Hcur].
  destruct (find_some _ _ Hcur) as [CurIn CurP]; apply andb_prop in CurP; destruct CurP as [Fcur Lcur].
  destruct (serve_ok s hTot ps cur s eq_refl) as [V [_ A]].
  - apply NoDup_filter; exact hNd.
  - intros p Hp; destruct (Hps p Hp) as [HpIn Pp]; split; [exact Pp |].
    specialize (hWait p HpIn Pp).
    destruct (s.(dynamic).(boarded_p) p) eqn:Bp; [exfalso; exact (hNB p HpIn Bp) |].
    destruct (s.(dynamic).(served_p) p) eqn:Sp; [exfalso; exact (hNS p HpIn Sp) |].
    destruct (find_of_count (fun f => s.(statics).(floor_t) f && s.(dynamic).(origin_p) p f) s.(statics).(objects) ltac:(lia)) as [o Ho].
    destruct (find_of_count (fun f => s.(statics).(floor_t) f && s.(statics).(destin_p) p f) s.(statics).(objects)
                ltac:(rewrite (hDest p HpIn Pp); lia)) as [d Hd].
    exists o, d; split; [exact Ho | exact Hd].
  - intros; reflexivity.
  - exact CurIn.
  - exact Fcur.
  - exact Lcur.
  - unfold solve, floorWhere; rewrite Hcur; fold ps.
    split; [exact V |].
    unfold SatisfiesGoal; split; [| split; [| split]].
    + intros y f; destruct (g.(goal_dynamic).(goal_origin_p) y f) eqn:E; [| exact I].
      destruct (gcO y f ltac:(rewrite E; discriminate)) as [Hy Hf].
      rewrite (gOnlyO y Hy f Hf) in E; discriminate.
    + intros y; destruct (g.(goal_dynamic).(goal_boarded_p) y) eqn:E; [| exact I].
      rewrite (gOnlyB y (gcB y ltac:(rewrite E; discriminate))) in E; discriminate.
    + intros y; destruct (g.(goal_dynamic).(goal_served_p) y) as [b |] eqn:E; [| exact I].
      assert (Hy : In y s.(statics).(objects)) by (apply gcS; rewrite E; discriminate).
      assert (Py : s.(statics).(passenger_t) y = true) by (apply gOn; [exact Hy | rewrite E; discriminate]).
      rewrite (gAll y Hy Py) in E; injection E as <-.
      apply A; apply filter_In; split; assumption.
    + intros y; destruct (g.(goal_dynamic).(goal_lift_at_p) y) eqn:E; [| exact I].
      rewrite (gOnlyL y (gcL y ltac:(rewrite E; discriminate))) in E; discriminate.
Qed.
