(* A generalized plan for delivery (certplan's worked example, paper 000): the truck carries the
   packages one after the other along shortest paths of the grid: drive to the package, pick it,
   drive to its goal cell, drop it. A package without a goal, or already at it, stays. A path is
   read off the breadth-first layers of the grid (`reachB` of the constraints module, layer k: the
   cells within k steps of the start), back from the target: its predecessor is a neighbour one
   layer down. That the last layer holds every reachable cell is the module's `rch_complete`.
   `solveComplete` below proves it complete for every instance satisfying the validity constraints
   (crates/gp/src/spec.rs); checked by coqc and audited in certplan's tests.
   Run it with `certplan gp run delivery DeliverySolve.v P...`. *)
From Coq Require Import Bool Arith List Lia Relations.
Import ListNotations.
From Certplan Require Import Delivery DeliveryValid.

(** Breadth-first layers along `r` (the constraints module's `reachB` and `rch_step`). *)

(* From `acc = [layer j; ...; layer 0]`, `k` layers more, newest first. *)
Fixpoint layersRev (r : nat -> nat -> bool) (l : list nat) (k : nat) (acc : list (list nat)) : list (list nat) :=
  match k with
  | 0 => acc
  | S k' => match acc with [] => [] | cur :: _ => layersRev r l k' (rch_step r l cur :: acc) end
  end.

(* The path to `b` (its nodes in order, `b` last), read back through the layers `Ls`. *)
Fixpoint back (r : nat -> nat -> bool) (Ls : list (list nat)) (b : nat) : list nat :=
  match Ls with
  | [] => [b]
  | _ :: rest =>
      match rest with
      | [] => [b]
      | prev :: _ =>
          if existsb (Nat.eqb b) prev then back r rest b
          else match find (fun x => existsb (Nat.eqb x) prev && r x b) prev with
               | Some x => back r rest x ++ [b]
               | None => [b]
               end
      end
  end.

Definition objs (s : State) : list nat := s.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

Definition cells (s : State) : list nat := filter (fun c => s.(statics).(cell_t) c) (objs s).

(* A step of the grid (between cells: the layers hold cells only). *)
Definition adjR (s : State) (x y : nat) : bool := s.(statics).(adjacent_p) x y.

(* The cells after `a` on a shortest path from `a` to `b`. *)
Definition pathFrom (s : State) (a b : nat) : list nat :=
  match back (adjR s) (layersRev (adjR s) (cells s) (length (cells s)) [[a]]) b with
  | _ :: r => r
  | [] => []
  end.

Fixpoint walkFrom (tk a : nat) (r : list nat) : list PlanAction :=
  match r with
  | [] => []
  | b :: rest => move tk a b :: walkFrom tk b rest
  end.

Definition drive (s : State) (tk a b : nat) : list PlanAction := walkFrom tk a (pathFrom s a b).

Definition cellWhere (s : State) (p : nat -> bool) : option nat := find p (cells s).

Fixpoint deliver (s : State) (g : Goal) (tk cur : nat) (ps : list nat) : list PlanAction :=
  match ps with
  | [] => []
  | p :: rest =>
      match cellWhere s (fun c => s.(dynamic).(at_p) p c), cellWhere s (fun c => isTrue (g.(goal_dynamic).(goal_at_p) p c)) with
      | Some l, Some d =>
          if Nat.eqb l d then deliver s g tk cur rest
          else drive s tk cur l ++ [pick_package tk p l] ++ drive s tk l d ++ [drop_package tk p d] ++ deliver s g tk d rest
      | _, _ => deliver s g tk cur rest
      end
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match find (fun t => s.(statics).(truck_t) t) (objs s) with
  | None => []
  | Some tk =>
      match cellWhere s (fun c => s.(dynamic).(at_p) tk c) with
      | None => []
      | Some cur => deliver s g tk cur (filter (fun p => s.(statics).(package_t) p) (objs s))
      end
  end.

(** * Completeness (paper 000, Listing 9) *)

(** ** Paths read off the layers *)

Fixpoint revLayers (r : nat -> nat -> bool) (l : list nat) (a k : nat) : list (list nat) :=
  match k with
  | 0 => [[a]]
  | S k' => reachB r l k [a] :: revLayers r l a k'
  end.

Lemma layersRev_spec (r : nat -> nat -> bool) (l : list nat) (a : nat) :
  forall k j, layersRev r l k (revLayers r l a j) = revLayers r l a (k + j).
Proof.
  induction k as [| k IH]; intro j; [reflexivity |].
  assert (E : layersRev r l (S k) (revLayers r l a j) = layersRev r l k (revLayers r l a (S j))).
  { destruct j as [| j']; [reflexivity |]; cbn [layersRev revLayers]; rewrite (rch_shift r l (S j')); reflexivity. }
  rewrite E, IH; f_equal; lia.
Qed.

(* `a`, then the nodes of `rest`, each a step along `r` inside `l` from the one before. *)
Fixpoint chainR (r : nat -> nat -> bool) (l : list nat) (a : nat) (rest : list nat) : Prop :=
  match rest with
  | [] => True
  | b :: rest' => In a l /\ In b l /\ r a b = true /\ chainR r l b rest'
  end.

Lemma last_cons (x p : nat) (acc : list nat) : last (x :: acc) p = last acc x.
Proof.
  revert x p; induction acc as [| y acc IH]; intros x p; [reflexivity |].
  change (last (y :: acc) p = last (y :: acc) x).
  rewrite !IH; reflexivity.
Qed.

Lemma chainR_app (r : nat -> nat -> bool) (l : list nat) : forall rest a b,
  chainR r l a rest -> In (last rest a) l -> In b l -> r (last rest a) b = true -> chainR r l a (rest ++ [b]).
Proof.
  induction rest as [| c rest IH]; intros a b C Hl Hb A; [simpl in *; repeat split; assumption |].
  rewrite last_cons in Hl, A; destruct C as [Ha [Hc [Ac C]]].
  split; [exact Ha | split; [exact Hc | split; [exact Ac | apply IH; assumption]]].
Qed.

Lemma layer_in (r : nat -> nat -> bool) (l : list nat) (a : nat) (Ha : In a l) :
  forall k x, In x (reachB r l k [a]) -> In x l.
Proof.
  intros [| k] x H; [destruct H as [E | []]; subst; exact Ha |].
  rewrite rch_shift in H; apply rch_step_in in H; exact (proj1 H).
Qed.

Lemma last_app_one (rest : list nat) (a b : nat) : last (rest ++ [b]) a = b.
Proof. induction rest as [| c rest IH]; [reflexivity |]; simpl; rewrite IH; destruct (rest ++ [b]) eqn:E; [destruct rest; discriminate | reflexivity]. Qed.

Lemma back_ok (r : nat -> nat -> bool) (l : list nat) (a : nat) (Ha : In a l) :
  forall k b, In b (reachB r l k [a]) ->
  exists rest, back r (revLayers r l a k) b = a :: rest /\ chainR r l a rest /\ last rest a = b.
Proof.
  induction k as [| k IH]; intros b Hb.
  - destruct Hb as [E | []]; subst b; exists []; split; [reflexivity | split; [exact I | reflexivity]].
  - change (revLayers r l a (S k)) with (reachB r l (S k) [a] :: revLayers r l a k).
    assert (Hr : exists more, revLayers r l a k = reachB r l k [a] :: more) by (destruct k; eexists; reflexivity).
    destruct Hr as [more Hr].
    cbn [back]; rewrite Hr; rewrite <- Hr.
    destruct (existsb (Nat.eqb b) (reachB r l k [a])) eqn:M; [apply IH, rch_memb, M |].
    rewrite rch_shift in Hb; apply rch_step_in in Hb; destruct Hb as [HbL [Hb | [x [Hx Ax]]]].
    { apply rch_memb in Hb; congruence. }
    destruct (find (fun x => existsb (Nat.eqb x) (reachB r l k [a]) && r x b) (reachB r l k [a])) as [x' |] eqn:F.
    + destruct (find_some _ _ F) as [Hx' Fx']; apply andb_prop in Fx'; destruct Fx' as [_ Ax'].
      destruct (IH x' Hx') as [rest [E [C L]]].
      rewrite E; exists (rest ++ [b]); split; [reflexivity | split].
      * apply chainR_app; [exact C | rewrite L; exact (layer_in r l a Ha k x' Hx') | exact HbL | rewrite L; exact Ax'].
      * apply last_app_one.
    + exfalso; pose proof (find_none _ _ F x Hx) as N; simpl in N.
      apply rch_memb in Hx; rewrite Hx, Ax in N; discriminate.
Qed.

(** ** The plan *)

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

Lemma witness_of_count (f : nat -> bool) (l : list nat) : 0 < length (filter f l) -> exists x, In x l /\ f x = true.
Proof.
  induction l as [| a l IH]; simpl; intro H; [lia |].
  destruct (f a) eqn:Fa; [exists a; split; [left; reflexivity | exact Fa] |].
  destruct (IH H) as [x [Hx Fx]]; exists x; split; [right; exact Hx | exact Fx].
Qed.

Lemma count_zero (f : nat -> bool) (l : list nat) : (forall x, In x l -> f x = false) -> length (filter f l) = 0.
Proof.
  induction l as [| a l IH]; simpl; intro H; [reflexivity |].
  rewrite (H a (or_introl eq_refl)); apply IH; intros x Hx; exact (H x (or_intror Hx)).
Qed.

Lemma isTrue_optb (o : option bool) : isTrue o = optbEqb o (Some true).
Proof. destruct o as [[|] |]; reflexivity. Qed.

Lemma cells_In (s : State) (x : nat) : In x (cells s) <-> In x (objs s) /\ s.(statics).(cell_t) x = true.
Proof. unfold cells; apply filter_In. Qed.

Lemma path_ok (s : State) (hConn : GridConnected s) (a b : nat) :
  In a (cells s) -> In b (cells s) -> chainR (adjR s) (cells s) a (pathFrom s a b) /\ last (pathFrom s a b) a = b.
Proof.
  intros Ha Hb.
  destruct (proj1 (cells_In s a) Ha) as [HaO Ca]; destruct (proj1 (cells_In s b) Hb) as [HbO Cb].
  assert (Hl : In b (reachB (adjR s) (cells s) (length (cells s)) [a])).
  { apply rch_complete; [exact Ha |].
    revert Cb; generalize (hConn a b HaO HbO Ca); intros C Cb; specialize (C Cb); revert C; apply rch_rt_mono.
    intros x y [Hx [Hy [Cx [Cy A]]]]; split; [apply cells_In; split; assumption |].
    split; [apply cells_In; split; assumption |].
    exact A. }
  destruct (back_ok (adjR s) (cells s) a Ha (length (cells s)) b Hl) as [rest [E [C L]]].
  unfold pathFrom.
  change [[a]] with (revLayers (adjR s) (cells s) a 0).
  rewrite layersRev_spec, Nat.add_0_r, E; split; assumption.
Qed.

Lemma walkFrom_ok (s : State) (tk : nat) (Ttk : s.(statics).(truck_t) tk = true) : forall r a t,
  t.(statics) = s.(statics) -> t.(dynamic).(at_p) tk a = true -> chainR (adjR s) (cells s) a r ->
  let t' := runPlan (walkFrom tk a r) t in
  ValidPlan (walkFrom tk a r) t /\ t'.(statics) = s.(statics) /\ t'.(dynamic).(at_p) tk (last r a) = true /\
  (forall o z, o <> tk -> t'.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z) /\
  (forall x y, t'.(dynamic).(carrying_p) x y = t.(dynamic).(carrying_p) x y) /\
  (forall x, t'.(dynamic).(empty_p) x = t.(dynamic).(empty_p) x).
Proof.
  induction r as [| b rest IH]; intros a t St At C t'.
  - simpl in t' |- *; split; [exact I | split; [exact St | split; [exact At | split; [| split]; reflexivity]]].
  - destruct C as [Ha [Hb [Ab C]]].
    destruct (proj1 (cells_In s a) Ha) as [_ Ca]; destruct (proj1 (cells_In s b) Hb) as [_ Cb].
    set (t1 := moveEff tk a b t).
    assert (A1 : t1.(dynamic).(at_p) tk b = true) by (unfold t1; cbn [moveEff dynamic at_p]; rewrite !Nat.eqb_refl; reflexivity).
    destruct (IH b t1 St A1 C) as [V [S2 [A2 [F2 [C2 E2]]]]].
    unfold t'; cbn [walkFrom ValidPlan runPlan actionPre actionApply]; fold t1.
    split; [split; [unfold movePre; rewrite St; repeat split; assumption | exact V] |].
    split; [exact S2 | split; [rewrite last_cons; exact A2 | split; [| split]]].
    + intros o z N; rewrite F2 by exact N; unfold t1; cbn [moveEff dynamic at_p].
      rewrite (proj2 (Nat.eqb_neq o tk) N); reflexivity.
    + intros x y; rewrite C2; reflexivity.
    + intro x; rewrite E2; reflexivity.
Qed.

Lemma drive_ok (s : State) (hConn : GridConnected s) (tk : nat) (Ttk : s.(statics).(truck_t) tk = true) (a b : nat)
  (t : State) :
  In a (cells s) -> In b (cells s) -> t.(statics) = s.(statics) -> t.(dynamic).(at_p) tk a = true ->
  let t' := runPlan (drive s tk a b) t in
  ValidPlan (drive s tk a b) t /\ t'.(statics) = s.(statics) /\ t'.(dynamic).(at_p) tk b = true /\
  (forall o z, o <> tk -> t'.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z) /\
  (forall x y, t'.(dynamic).(carrying_p) x y = t.(dynamic).(carrying_p) x y) /\
  (forall x, t'.(dynamic).(empty_p) x = t.(dynamic).(empty_p) x).
Proof.
  intros Ha Hb St At t'.
  destruct (path_ok s hConn a b Ha Hb) as [C L].
  pose proof (walkFrom_ok s tk Ttk (pathFrom s a b) a t St At C) as W; rewrite L in W; exact W.
Qed.

Lemma deliver_ok (s : State) (g : Goal) (hConn : GridConnected s) (hNT : PackageNotTruck s) (tk : nat)
  (Ttk : s.(statics).(truck_t) tk = true) : forall ps cur t,
  t.(statics) = s.(statics) -> NoDup ps -> (forall p, In p ps -> In p (objs s) /\ s.(statics).(package_t) p = true) ->
  (forall p x, In p ps -> t.(dynamic).(at_p) p x = s.(dynamic).(at_p) p x) ->
  t.(dynamic).(at_p) tk cur = true -> In cur (cells s) -> t.(dynamic).(empty_p) tk = true ->
  let t' := runPlan (deliver s g tk cur ps) t in
  ValidPlan (deliver s g tk cur ps) t /\
  (forall o z, ~ In o ps -> o <> tk -> t'.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z) /\
  (forall p l d, In p ps -> cellWhere s (fun c => s.(dynamic).(at_p) p c) = Some l ->
     cellWhere s (fun c => isTrue (g.(goal_dynamic).(goal_at_p) p c)) = Some d -> t'.(dynamic).(at_p) p d = true).
Proof.
  induction ps as [| p rest IH]; intros cur t St Hnd Hps Hat Acur Hcur Emp t'.
  - simpl in t' |- *; split; [exact I | split; [auto | intros p l d []]].
  - inversion Hnd as [| p' rest' Hnin Hnd']; subst.
    destruct (Hps p (or_introl eq_refl)) as [Hp Pp].
    assert (Npt : p <> tk) by (intro E; subst; exact (hNT tk Hp Pp Ttk)).
    assert (Hrest : forall q, In q rest -> In q (objs s) /\ s.(statics).(package_t) q = true)
      by (intros q Hq; exact (Hps q (or_intror Hq))).
    assert (Hat' : forall q x, In q rest -> t.(dynamic).(at_p) q x = s.(dynamic).(at_p) q x)
      by (intros q x Hq; exact (Hat q x (or_intror Hq))).
    (* Skipping `p`: the rest alone. *)
    assert (Skip : ValidPlan (deliver s g tk cur rest) t /\
                   (forall o z, ~ In o (p :: rest) -> o <> tk ->
                      (runPlan (deliver s g tk cur rest) t).(dynamic).(at_p) o z = t.(dynamic).(at_p) o z) /\
                   (forall q l d, In q rest -> cellWhere s (fun c => s.(dynamic).(at_p) q c) = Some l ->
                      cellWhere s (fun c => isTrue (g.(goal_dynamic).(goal_at_p) q c)) = Some d ->
                      (runPlan (deliver s g tk cur rest) t).(dynamic).(at_p) q d = true)).
    { destruct (IH cur t St Hnd' Hrest Hat' Acur Hcur Emp) as [V [F G]].
      split; [exact V | split; [| exact G]].
      intros o z N; apply F; intro; apply N; right; assumption. }
    unfold t'; cbn [deliver].
    destruct (cellWhere s (fun c => s.(dynamic).(at_p) p c)) as [l |] eqn:Hl;
      [destruct (cellWhere s (fun c => isTrue (g.(goal_dynamic).(goal_at_p) p c))) as [d |] eqn:Hd |].
    2, 3: destruct Skip as [V [F G]]; split; [exact V | split; [exact F |]];
          intros q l0 d0 [E | Hq] E1 E2; [subst q; congruence | exact (G q l0 d0 Hq E1 E2)].
    unfold cellWhere in Hl, Hd.
    destruct (find_some _ _ Hl) as [HlIn Al].
    destruct (find_some _ _ Hd) as [HdIn _].
    destruct (Nat.eqb_spec l d) as [E | E].
    + subst d; destruct Skip as [V [F G]]; split; [exact V | split; [exact F |]].
      intros q l0 d0 [Eq | Hq] E1 E2; [subst q | exact (G q l0 d0 Hq E1 E2)].
      unfold cellWhere in E1, E2; rewrite Hl in E1; rewrite Hd in E2; injection E1 as <-; injection E2 as <-.
      destruct (IH cur t St Hnd' Hrest Hat' Acur Hcur Emp) as [_ [F' _]].
      rewrite F' by assumption; rewrite (Hat p l (or_introl eq_refl)); exact Al.
    + destruct (drive_ok s hConn tk Ttk cur l t Hcur HlIn St Acur) as [V1 [S1 [A1 [F1 [C1 E1]]]]].
      set (t1 := runPlan (drive s tk cur l) t) in *.
      set (t2 := pick_packageEff tk p l t1).
      assert (S2 : t2.(statics) = s.(statics)) by exact S1.
      assert (A2 : t2.(dynamic).(at_p) tk l = true).
      { unfold t2; cbn [pick_packageEff dynamic at_p]; rewrite (proj2 (Nat.eqb_neq tk p) (not_eq_sym Npt)); exact A1. }
      destruct (drive_ok s hConn tk Ttk l d t2 HlIn HdIn S2 A2) as [V3 [S3 [A3 [F3 [C3 E3]]]]].
      set (t3 := runPlan (drive s tk l d) t2) in *.
      set (t4 := drop_packageEff tk p d t3).
      assert (F4 : forall o z, o <> p -> o <> tk -> t4.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z).
      { intros o z Np Nt; unfold t4; cbn [drop_packageEff dynamic at_p]; rewrite (proj2 (Nat.eqb_neq o p) Np).
        simpl; rewrite F3 by exact Nt; unfold t2; cbn [pick_packageEff dynamic at_p].
        rewrite (proj2 (Nat.eqb_neq o p) Np); simpl; exact (F1 o z Nt). }
      destruct (IH d t4) as [V5 [F5 G5]].
      * exact S3.
      * exact Hnd'.
      * exact Hrest.
      * intros q x Hq; assert (Nqp : q <> p) by (intro; subst; contradiction).
        assert (Nqt : q <> tk) by (intro; subst; exact (hNT tk (proj1 (Hrest tk Hq)) (proj2 (Hrest tk Hq)) Ttk)).
        rewrite F4 by assumption; exact (Hat' q x Hq).
      * unfold t4; cbn [drop_packageEff dynamic at_p]; rewrite (proj2 (Nat.eqb_neq tk p) (not_eq_sym Npt)); exact A3.
      * exact HdIn.
      * unfold t4; cbn [drop_packageEff dynamic empty_p]; rewrite Nat.eqb_refl; reflexivity.
      * rewrite !validPlan_append, !runPlan_append; cbn [ValidPlan runPlan actionPre actionApply]; fold t1 t2 t3 t4.
        destruct (proj1 (cells_In s l) HlIn) as [_ Cl]; destruct (proj1 (cells_In s d) HdIn) as [_ Cd].
        split; [split; [exact V1 | split; [split; [| exact I] | split; [exact V3 | split; [split; [| exact I] | exact V5]]]] |].
        -- unfold pick_packagePre; rewrite S1, (F1 p l Npt), E1, (Hat p l (or_introl eq_refl)).
           repeat split; assumption.
        -- unfold drop_packagePre; rewrite S3, C3; unfold t2; cbn [pick_packageEff dynamic carrying_p].
           rewrite !Nat.eqb_refl; repeat split; assumption.
        -- split.
           ++ intros o z N Nt; rewrite F5 by (try exact Nt; intro; apply N; right; assumption).
              apply F4; [intro; subst; apply N; left; reflexivity | exact Nt].
           ++ intros q l0 d0 [Eq | Hq] El Ed; [subst q | exact (G5 q l0 d0 Hq El Ed)].
              unfold cellWhere in El, Ed; rewrite Hl in El; rewrite Hd in Ed; injection El as <-; injection Ed as <-.
              rewrite F5 by assumption; unfold t4; cbn [drop_packageEff dynamic at_p]; rewrite !Nat.eqb_refl; reflexivity.
Qed.

Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof.
  destruct hinit as [[hNd [_ [_ [_ [_ [hConn [hOne [hNT [hTAt [hPkg hEmptyOr]]]]]]]]]] hEmpty].
  destruct hgoal as [[gcAt [gcCarry gcEmpty]] [gPlaced [gTyped [gPos [gOnlyC gOnlyE]]]]].
  (* The truck and its cell. *)
  destruct (witness_of_count _ _ (eq_ind_r (fun n => 0 < n) (Nat.lt_0_1) hOne)) as [tk0 [Htk0 Ttk0]].
  rewrite andb_true_r in Ttk0.
  destruct (find_of_witness (fun t => s.(statics).(truck_t) t) (objs s) tk0 Htk0 Ttk0) as [tk Htk].
  destruct (find_some _ _ Htk) as [HtkIn Ttk].
  assert (Uniq : forall x, In x (objs s) -> s.(statics).(truck_t) x = true -> x = tk).
  { intros x Hx Tx; apply (count_le_one_unique (fun x0 => s.(statics).(truck_t) x0 && true) (objs s) x tk);
      [unfold objs; rewrite hOne; lia | exact Hx | cbv beta; rewrite Tx; reflexivity | exact HtkIn |
       cbv beta; rewrite Ttk; reflexivity]. }
  destruct (witness_of_count _ _ (eq_ind_r (fun n => 0 < n) (Nat.lt_0_1) (hTAt tk HtkIn Ttk))) as [c0 [Hc0 Fc0]].
  apply andb_prop in Fc0; destruct Fc0 as [Cc0 Ac0].
  destruct (find_of_witness (fun c => s.(dynamic).(at_p) tk c) (cells s) c0 (proj2 (cells_In s c0) (conj Hc0 Cc0)) Ac0)
    as [cur Hcur].
  destruct (find_some _ _ Hcur) as [HcurIn Acur].
  (* Nothing is carried at first. *)
  assert (NoCarry : forall x p, In x (objs s) -> In p (objs s) -> s.(statics).(package_t) p = true ->
                      s.(statics).(truck_t) x = true -> s.(dynamic).(carrying_p) x p = false).
  { intros x p Hx Hp Pp Tx; rewrite (Uniq x Hx Tx).
    pose proof (hEmptyOr tk HtkIn Ttk) as H; rewrite (hEmpty tk HtkIn Ttk) in H; simpl in H.
    injection H as H; apply length_zero_iff_nil in H; destruct (s.(dynamic).(carrying_p) tk p) eqn:C; [| reflexivity].
    exfalso; assert (In p (filter (fun x1 => s.(statics).(package_t) x1 && s.(dynamic).(carrying_p) tk x1) (objs s)))
      by (apply filter_In; split; [exact Hp | rewrite Pp, C; reflexivity]).
    unfold objs in H0; rewrite H in H0; exact H0. }
  set (ps := filter (fun p => s.(statics).(package_t) p) (objs s)).
  destruct (deliver_ok s g hConn hNT tk Ttk ps cur s eq_refl (NoDup_filter _ hNd)
              (fun p H => proj1 (filter_In _ _ _) H) (fun _ _ _ => eq_refl) Acur HcurIn (hEmpty tk HtkIn Ttk))
    as [V [_ G]].
  assert (Hcur' : cellWhere s (fun c => s.(dynamic).(at_p) tk c) = Some cur) by exact Hcur.
  unfold solve; rewrite Htk, Hcur'; fold ps.
  split; [exact V |].
  split; [| split].
  - intros o x; destruct (g.(goal_dynamic).(goal_at_p) o x) as [[|] |] eqn:E; try exact I.
    + destruct (gcAt o x ltac:(rewrite E; discriminate)) as [Ho Hx].
      destruct (gTyped o Ho x Hx ltac:(rewrite E; discriminate)) as [Po Cx].
      assert (Hl : exists l, cellWhere s (fun c => s.(dynamic).(at_p) o c) = Some l).
      { pose proof (hPkg o Ho Po) as H.
        rewrite (count_zero (fun x1 => s.(statics).(truck_t) x1 && s.(dynamic).(carrying_p) x1 o)) in H.
        - destruct (witness_of_count (fun x1 => s.(statics).(cell_t) x1 && s.(dynamic).(at_p) o x1) (objs s)
                      ltac:(unfold objs; lia)) as [l [Hl Fl]].
          apply andb_prop in Fl; destruct Fl as [Cl Al].
          exact (find_of_witness _ (cells s) l (proj2 (cells_In s l) (conj Hl Cl)) Al).
        - intros w Hw; destruct (s.(statics).(truck_t) w) eqn:Tw; [| reflexivity].
          simpl; exact (NoCarry w o Hw Ho Po Tw). }
      destruct Hl as [l Hl].
      destruct (find_of_witness (fun c => isTrue (g.(goal_dynamic).(goal_at_p) o c)) (cells s) x
                  (proj2 (cells_In s x) (conj Hx Cx)) ltac:(cbv beta; rewrite E; reflexivity)) as [d Hd].
      destruct (find_some _ _ Hd) as [HdIn Gd]; destruct (proj1 (cells_In s d) HdIn) as [HdO Cd].
      assert (Ex : x = d).
      { apply (count_le_one_unique _ _ x d (gPlaced o Ho Po) Hx); [| exact HdO |].
        - cbv beta; rewrite Cx, E; reflexivity.
        - cbv beta; rewrite Cd, <- isTrue_optb; exact Gd. }
      subst d; exact (G o l x (proj2 (filter_In _ _ _) (conj Ho Po)) Hl Hd).
    + exfalso; destruct (gcAt o x ltac:(rewrite E; discriminate)) as [Ho Hx]; exact (gPos o Ho x Hx E).
  - intros x y; destruct (g.(goal_dynamic).(goal_carrying_p) x y) eqn:E; [| exact I].
    destruct (gcCarry x y ltac:(rewrite E; discriminate)) as [Hx Hy].
    rewrite (gOnlyC x Hx y Hy) in E; discriminate.
  - intros x; destruct (g.(goal_dynamic).(goal_empty_p) x) eqn:E; [| exact I].
    rewrite (gOnlyE x (gcEmpty x ltac:(rewrite E; discriminate))) in E; discriminate.
Qed.
