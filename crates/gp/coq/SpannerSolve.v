(* A generalized plan for spanner (certplan's worked example, paper 000; the strategy of the
   paper's Figure 1): walk the path from the shed to the gate, picking up every spanner on the way,
   then tighten each nut with a fresh spanner. `solveComplete` below proves it complete for every
   instance satisfying the validity constraints (crates/gp/src/spec.rs: the path is acyclic, has
   one shed, the man starts there, the nuts are at its end, there are at least as many spanners as
   nuts, ...); checked by coqc and audited in certplan's tests.
   Run it with `certplan gp run spanner SpannerSolve.v P...`. *)
From Coq Require Import Bool Arith List Lia Relations.
Import ListNotations.
From Certplan Require Import Spanner SpannerValid.

Definition objs (s : State) : list nat := s.(statics).(objects).

Definition nextLocation (s : State) (l : nat) : option nat :=
  find (fun l' => s.(statics).(location_t) l' && s.(statics).(link_p) l l') (objs s).

Definition spannersAt (s : State) (l : nat) : list nat :=
  filter (fun x => s.(statics).(spanner_t) x && s.(dynamic).(at_p) x l) (objs s).

Fixpoint pathTail (s : State) (fuel l : nat) : list nat :=
  match fuel with
  | 0 => []
  | S f => match nextLocation s l with None => [] | Some l' => l' :: pathTail s f l' end
  end.

Fixpoint gateFrom (s : State) (fuel l : nat) : nat :=
  match fuel with
  | 0 => l
  | S f => match nextLocation s l with None => l | Some l' => gateFrom s f l' end
  end.

Definition pickAll (s : State) (m l : nat) : list PlanAction :=
  map (fun x => pickup_spanner l x m) (spannersAt s l).

Fixpoint walkOn (s : State) (m l : nat) (rest : list nat) : list PlanAction :=
  pickAll s m l ++
  match rest with
  | [] => []
  | l' :: rest' => walk l l' m :: walkOn s m l' rest'
  end.

Fixpoint tightenAll (gate m : nat) (nuts spanners : list nat) : list PlanAction :=
  match nuts, spanners with
  | n :: ns, sp :: ss => tighten_nut gate sp m n :: tightenAll gate m ns ss
  | _, _ => []
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  match find (fun x => s.(statics).(man_t) x) (objs s) with
  | None => []
  | Some m =>
      match find (fun l => s.(statics).(location_t) l && s.(dynamic).(at_p) m l) (objs s) with
      | None => []
      | Some l0 =>
          walkOn s m l0 (pathTail s (length (objs s)) l0) ++
          tightenAll (gateFrom s (length (objs s)) l0) m (filter (fun n => s.(statics).(nut_t) n) (objs s))
            (filter (fun x => s.(statics).(spanner_t) x) (objs s))
      end
  end.

(** * Completeness (paper 000, Listing 9) *)

(** Counting. *)

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

Lemma filter_and_true (f : nat -> bool) (l : list nat) : filter (fun x => f x && true) l = filter f l.
Proof.
  induction l as [| a l IH]; simpl; [reflexivity |].
  rewrite andb_true_r; destruct (f a); rewrite IH; reflexivity.
Qed.

(* `pred_cycle` (a finite set in which every node has a predecessor holds a cycle) comes with the
   constraints module, which proves Kahn's algorithm with it. *)

(** The path of locations. *)

Definition linkRel (s : State) (a b : nat) : Prop :=
  In a s.(statics).(objects) /\ In b s.(statics).(objects) /\ s.(statics).(link_p) a b = true.

Lemma nextLocation_some (s : State) (l l' : nat) :
  nextLocation s l = Some l' ->
  In l' (objs s) /\ s.(statics).(location_t) l' = true /\ s.(statics).(link_p) l l' = true.
Proof.
  unfold nextLocation; intro H; destruct (find_some _ _ H) as [Hin Hp].
  apply andb_prop in Hp; destruct Hp; auto.
Qed.

Lemma nextLocation_of_link (s : State) (hNd : ObjectsNoDup s) (hPath : LinkPath s) (l x : nat) :
  In l (objs s) -> s.(statics).(location_t) l = true ->
  In x (objs s) -> s.(statics).(location_t) x = true -> s.(statics).(link_p) l x = true ->
  nextLocation s l = Some x.
Proof.
  intros Hl Ll Hx Lx Kx.
  destruct (nextLocation s l) as [y |] eqn:E.
  - destruct (nextLocation_some s l y E) as [Hy [Ly Ky]].
    f_equal; apply (filter_unique (fun x1 => s.(statics).(location_t) x1 && s.(statics).(link_p) l x1) (objs s));
      [exact hNd | apply (proj1 (hPath l Hl Ll)) | exact Hy | rewrite Ly, Ky; reflexivity
      | exact Hx | rewrite Lx, Kx; reflexivity].
  - unfold nextLocation in E; pose proof (find_none _ _ E x Hx) as F; cbv beta in F.
    rewrite Lx, Kx in F; discriminate.
Qed.

Lemma pathTail_in (s : State) : forall f l y, In y (pathTail s f l) ->
  In y (objs s) /\ s.(statics).(location_t) y = true.
Proof.
  induction f as [| f IH]; simpl; intros l y H; [contradiction |].
  destruct (nextLocation s l) as [l' |] eqn:E; [| contradiction].
  destruct H as [H | H]; [subst y | exact (IH l' y H)].
  destruct (nextLocation_some s l l' E) as [A [B _]]; auto.
Qed.

Lemma pathTail_reach (s : State) : forall f l y, In l (objs s) -> In y (pathTail s f l) ->
  clos_trans nat (linkRel s) l y.
Proof.
  induction f as [| f IH]; simpl; intros l y Hl H; [contradiction |].
  destruct (nextLocation s l) as [l' |] eqn:E; [| contradiction].
  destruct (nextLocation_some s l l' E) as [Hl' [_ K]].
  assert (R : linkRel s l l') by (repeat split; assumption).
  destruct H as [H | H]; [subst y; apply t_step; exact R |].
  apply t_trans with l'; [apply t_step; exact R | exact (IH l' y Hl' H)].
Qed.

Lemma pathTail_nodup (s : State) (hAcyc : LinkAcyclic s) : forall f l, In l (objs s) ->
  NoDup (l :: pathTail s f l).
Proof.
  induction f as [| f IH]; simpl; intros l Hl; [constructor; [intros [] | constructor] |].
  destruct (nextLocation s l) as [l' |] eqn:E; [| constructor; [intros [] | constructor]].
  destruct (nextLocation_some s l l' E) as [Hl' [_ K]].
  constructor; [| exact (IH l' Hl')].
  intro H; apply (hAcyc l Hl).
  assert (R : linkRel s l l') by (repeat split; assumption).
  destruct H as [H | H]; [subst l'; apply t_step; exact R |].
  apply t_trans with l'; [apply t_step; exact R | exact (pathTail_reach s f l' l Hl' H)].
Qed.

(* Every location on the path is the gate or has its successor on the path. *)
Lemma pathTail_next (s : State) : forall f l y, In y (l :: pathTail s f l) ->
  y = gateFrom s f l \/ exists y', nextLocation s y = Some y' /\ In y' (pathTail s f l).
Proof.
  induction f as [| f IH]; simpl; intros l y H.
  - destruct H as [H | []]; left; symmetry; exact H.
  - destruct (nextLocation s l) as [l' |] eqn:E.
    + destruct H as [H | H].
      * subst y; right; exists l'; split; [exact E | left; reflexivity].
      * destruct (IH l' y H) as [G | [y' [Ey Hy']]]; [left; exact G | right; exists y'; split; [exact Ey | right; exact Hy']].
    + destruct H as [H | []]; left; symmetry; exact H.
Qed.

(* The gate has no successor, or the fuel ran out on a path of length fuel + 1. *)
Lemma gate_end (s : State) : forall f l,
  nextLocation s (gateFrom s f l) = None \/ length (pathTail s f l) = f.
Proof.
  induction f as [| f IH]; simpl; intros l; [right; reflexivity |].
  destruct (nextLocation s l) as [l' |] eqn:E; [| left; exact E].
  destruct (IH l') as [H | H]; [left; exact H | right; simpl; rewrite H; reflexivity].
Qed.

Lemma gate_in (s : State) : forall f l, In (gateFrom s f l) (l :: pathTail s f l).
Proof.
  induction f as [| f IH]; simpl; intros l; [left; reflexivity |].
  destruct (nextLocation s l) as [l' |] eqn:E; [right; apply IH | left; reflexivity].
Qed.

Lemma spanner_not_man (s : State) (hDis : TypesDisjoint s) (x m : nat) :
  In x s.(statics).(objects) -> s.(statics).(spanner_t) x = true -> s.(statics).(man_t) m = true -> x <> m.
Proof.
  intros Hx Sx Mm E; subst x; destruct hDis as [H _]; apply (proj1 (H m Hx Mm)); exact Sx.
Qed.

Lemma nut_not_man (s : State) (hDis : TypesDisjoint s) (x m : nat) :
  In x s.(statics).(objects) -> s.(statics).(nut_t) x = true -> s.(statics).(man_t) m = true -> x <> m.
Proof.
  intros Hx Nx Mm E; subst x; destruct hDis as [H _]; apply (proj1 (proj2 (H m Hx Mm))); exact Nx.
Qed.

Lemma nut_not_spanner (s : State) (hDis : TypesDisjoint s) (x y : nat) :
  In x s.(statics).(objects) -> s.(statics).(nut_t) x = true -> s.(statics).(spanner_t) y = true -> In y s.(statics).(objects) -> x <> y.
Proof.
  intros Hx Nx Sy Hy E; subst x; destruct hDis as [_ [H _]]; apply (proj1 (H y Hy Sy)); exact Nx.
Qed.

Lemma spannersAt_in (s : State) (l x : nat) : In x (spannersAt s l) ->
  In x s.(statics).(objects) /\ s.(statics).(spanner_t) x = true /\ s.(dynamic).(at_p) x l = true.
Proof.
  unfold spannersAt; rewrite filter_In; intros [H P]; apply andb_prop in P; destruct P; auto.
Qed.

(** Picking up the spanners at one location. *)
Lemma picks_ok (s : State) (hDis : TypesDisjoint s) (m l : nat) (Mm : s.(statics).(man_t) m = true)
  (Ll : s.(statics).(location_t) l = true) :
  forall xs t t', t' = runPlan (map (fun x => pickup_spanner l x m) xs) t ->
  t.(statics) = s.(statics) -> NoDup xs ->
  (forall x, In x xs -> In x s.(statics).(objects) /\ s.(statics).(spanner_t) x = true /\ t.(dynamic).(at_p) x l = true) ->
  t.(dynamic).(at_p) m l = true ->
  ValidPlan (map (fun x => pickup_spanner l x m) xs) t /\ t'.(statics) = s.(statics) /\
  (forall y z, ~ (In y xs /\ z = l) -> t'.(dynamic).(at_p) y z = t.(dynamic).(at_p) y z) /\
  (forall x, In x xs -> t'.(dynamic).(carrying_p) m x = true) /\
  (forall a b, t.(dynamic).(carrying_p) a b = true -> t'.(dynamic).(carrying_p) a b = true) /\
  t'.(dynamic).(usable_p) = t.(dynamic).(usable_p) /\ t'.(dynamic).(tightened_p) = t.(dynamic).(tightened_p) /\
  t'.(dynamic).(loose_p) = t.(dynamic).(loose_p).
Proof.
  induction xs as [| x xs IH]; intros t t' Ht' Ht Hnd Hxs Hm; simpl in Ht'; subst t'.
  - simpl; repeat split; auto; intros x [].
  - inversion Hnd as [| x' r' Hnin Hnd']; subst.
    destruct (Hxs x (or_introl eq_refl)) as [Hx [Sx Ax]].
    assert (Hxm : x <> m) by exact (spanner_not_man s hDis x m Hx Sx Mm).
    set (t1 := pickup_spannerEff l x m t).
    destruct (IH t1 _ eq_refl) as [V [St [Fr [Ca [Mo [U [T L]]]]]]].
    + exact Ht.
    + exact Hnd'.
    + intros y Hy; destruct (Hxs y (or_intror Hy)) as [A [B C]]; split; [exact A | split; [exact B |]].
      unfold t1; rewrite pickup_spanner_at_p_other; [exact C | intros [E _]; subst; contradiction].
    + unfold t1; rewrite pickup_spanner_at_p_other; [exact Hm | intros [E _]; congruence].
    + split; [split; [| exact V] | split; [exact St | split; [| split; [| split; [| split; [exact U | split; [exact T | exact L]]]]]]].
      * cbn [actionPre]; unfold pickup_spannerPre; rewrite Ht; repeat split; assumption.
      * intros y z Hyz; rewrite Fr by (intros [A B]; apply Hyz; split; [right; exact A | exact B]).
        unfold t1; apply pickup_spanner_at_p_other; intros [A B]; apply Hyz; split; [left; congruence | exact B].
      * intros y [Hy | Hy]; [subst y; apply Mo; unfold t1; apply pickup_spanner_carrying_p_add1 | apply Ca; exact Hy].
      * intros a b Hab; apply Mo; unfold t1, pickup_spannerEff; simpl; destruct (_ && _); [reflexivity | exact Hab].
Qed.

(** Walking the path from `l`, picking up every spanner on the way. *)
Lemma walkOn_ok (s : State) (hNd : ObjectsNoDup s) (hDis : TypesDisjoint s) (m : nat)
  (Mm : s.(statics).(man_t) m = true) :
  forall f l t t', t' = runPlan (walkOn s m l (pathTail s f l)) t ->
  t.(statics) = s.(statics) -> In l s.(statics).(objects) -> s.(statics).(location_t) l = true ->
  t.(dynamic).(at_p) m l = true -> NoDup (l :: pathTail s f l) ->
  (forall y x, In y (l :: pathTail s f l) -> In x (spannersAt s y) -> t.(dynamic).(at_p) x y = true) ->
  ValidPlan (walkOn s m l (pathTail s f l)) t /\ t'.(statics) = s.(statics) /\
  t'.(dynamic).(at_p) m (gateFrom s f l) = true /\
  (forall y x, In y (l :: pathTail s f l) -> In x (spannersAt s y) -> t'.(dynamic).(carrying_p) m x = true) /\
  (forall a b, t.(dynamic).(carrying_p) a b = true -> t'.(dynamic).(carrying_p) a b = true) /\
  (forall n z, In n s.(statics).(objects) -> s.(statics).(nut_t) n = true -> t'.(dynamic).(at_p) n z = t.(dynamic).(at_p) n z) /\
  t'.(dynamic).(usable_p) = t.(dynamic).(usable_p) /\ t'.(dynamic).(tightened_p) = t.(dynamic).(tightened_p) /\
  t'.(dynamic).(loose_p) = t.(dynamic).(loose_p).
Proof.
  assert (Hpick : forall l t, t.(statics) = s.(statics) -> s.(statics).(location_t) l = true ->
            t.(dynamic).(at_p) m l = true -> (forall x, In x (spannersAt s l) -> t.(dynamic).(at_p) x l = true) ->
            let t1 := runPlan (pickAll s m l) t in
            ValidPlan (pickAll s m l) t /\ t1.(statics) = s.(statics) /\
            (forall y z, ~ (In y (spannersAt s l) /\ z = l) -> t1.(dynamic).(at_p) y z = t.(dynamic).(at_p) y z) /\
            (forall x, In x (spannersAt s l) -> t1.(dynamic).(carrying_p) m x = true) /\
            (forall a b, t.(dynamic).(carrying_p) a b = true -> t1.(dynamic).(carrying_p) a b = true) /\
            t1.(dynamic).(usable_p) = t.(dynamic).(usable_p) /\ t1.(dynamic).(tightened_p) = t.(dynamic).(tightened_p) /\
            t1.(dynamic).(loose_p) = t.(dynamic).(loose_p)).
  { intros l t Ht Ll Hm Hxs t1.
    apply (picks_ok s hDis m l Mm Ll (spannersAt s l) t t1 eq_refl Ht (NoDup_filter _ hNd)); [| exact Hm].
    intros x Hx; destruct (spannersAt_in s l x Hx) as [A [B _]]; split; [exact A | split; [exact B | apply Hxs; exact Hx]]. }
  induction f as [| f IH]; intros l t t' Ht' Ht Hl Ll Hm Hnd Hsp.
  - cbn [pathTail gateFrom walkOn] in *; rewrite app_nil_r in *; subst t'.
    destruct (Hpick l t Ht Ll Hm (fun x Hx => Hsp l x (or_introl eq_refl) Hx)) as [V [St [Fr [Ca [Mo [U [T L]]]]]]].
    repeat split; auto.
    + rewrite Fr; [exact Hm | intros [A _]; destruct (spannersAt_in s l m A) as [B [C _]];
        exact (spanner_not_man s hDis m m B C Mm eq_refl)].
    + intros y x [Hy | []]; subst y; apply Ca.
    + intros n z Hn Nn; apply Fr; intros [A _]; destruct (spannersAt_in s l n A) as [B [C _]].
      exact (nut_not_spanner s hDis n n Hn Nn C B eq_refl).
  - cbn [pathTail gateFrom] in *.
    destruct (nextLocation s l) as [l' |] eqn:E.
    + destruct (nextLocation_some s l l' E) as [Hl' [Ll' Kl']].
      cbn [walkOn] in Ht' |- *.
      destruct (Hpick l t Ht Ll Hm (fun x Hx => Hsp l x (or_introl eq_refl) Hx)) as [V1 [St1 [Fr1 [Ca1 [Mo1 [U1 [T1 L1]]]]]]].
      set (t1 := runPlan (pickAll s m l) t) in *.
      assert (Hm1 : t1.(dynamic).(at_p) m l = true).
      { rewrite Fr1; [exact Hm | intros [A _]; destruct (spannersAt_in s l m A) as [B [C _]];
          exact (spanner_not_man s hDis m m B C Mm eq_refl)]. }
      set (t2 := walkEff l l' m t1).
      inversion Hnd as [| l0 r0 Hnin Hnd'].
      clear l0 r0 H H0.
      assert (Hll' : l <> l') by (intro; subst; apply Hnin; left; reflexivity).
      rewrite runPlan_append in Ht'; cbn [runPlan actionApply] in Ht'; fold t2 in Ht'.
      destruct (IH l' t2 t' Ht') as [V [St [G [Ca [Mo [Nu [U [T L]]]]]]]].
      * exact St1.
      * exact Hl'.
      * exact Ll'.
      * unfold t2; apply walk_at_p_add1.
      * exact Hnd'.
      * intros y x Hy Hx; destruct (spannersAt_in s y x Hx) as [A [B _]].
        unfold t2; rewrite walk_at_p_other; [| intros [E1 _]; exact (spanner_not_man s hDis x m A B Mm E1)
                                               | intros [E1 _]; exact (spanner_not_man s hDis x m A B Mm E1)].
        rewrite Fr1; [apply Hsp; [right; exact Hy | exact Hx] |].
        intros [_ E1]; subst y; apply Hnin; exact Hy.
      * split; [| split; [exact St | split; [exact G | split; [| split; [| split; [| split; [| split]]]]]]].
        -- apply validPlan_append; split; [exact V1 |].
           cbn [ValidPlan actionPre]; split; [| exact V].
           unfold walkPre; fold t1; rewrite St1; repeat split; assumption.
        -- intros y x [Hy | Hy] Hx.
           ++ subst y; apply Mo; unfold t2; rewrite walk_carrying_p; apply Ca1; exact Hx.
           ++ apply Ca with y; assumption.
        -- intros a b Hab; apply Mo; unfold t2; rewrite walk_carrying_p; apply Mo1; exact Hab.
        -- intros n z Hn Nn; rewrite (Nu n z Hn Nn); unfold t2.
           rewrite walk_at_p_other; [| intros [E1 _]; exact (nut_not_man s hDis n m Hn Nn Mm E1)
                                     | intros [E1 _]; exact (nut_not_man s hDis n m Hn Nn Mm E1)].
           apply Fr1; intros [A _]; destruct (spannersAt_in s l n A) as [B [C _]].
           exact (nut_not_spanner s hDis n n Hn Nn C B eq_refl).
        -- rewrite U; unfold t2; rewrite walk_usable_p; exact U1.
        -- rewrite T; unfold t2; rewrite walk_tightened_p; exact T1.
        -- rewrite L; unfold t2; rewrite walk_loose_p; exact L1.
    + cbn [walkOn] in *; rewrite app_nil_r in *; subst t'.
      destruct (Hpick l t Ht Ll Hm (fun x Hx => Hsp l x (or_introl eq_refl) Hx)) as [V [St [Fr [Ca [Mo [U [T L]]]]]]].
      repeat split; auto.
      * rewrite Fr; [exact Hm | intros [A _]; destruct (spannersAt_in s l m A) as [B [C _]];
          exact (spanner_not_man s hDis m m B C Mm eq_refl)].
      * intros y x [Hy | []]; subst y; apply Ca.
      * intros n z Hn Nn; apply Fr; intros [A _]; destruct (spannersAt_in s l n A) as [B [C _]].
        exact (nut_not_spanner s hDis n n Hn Nn C B eq_refl).
Qed.

(** Tightening each nut with a fresh spanner at the gate. *)
Lemma tightenAll_ok (s : State) (m gate : nat) (Mm : s.(statics).(man_t) m = true)
  (Lg : s.(statics).(location_t) gate = true) :
  forall ns ss t, t.(statics) = s.(statics) -> NoDup ns -> NoDup ss -> length ns <= length ss ->
  t.(dynamic).(at_p) m gate = true ->
  (forall n, In n ns -> s.(statics).(nut_t) n = true /\ t.(dynamic).(at_p) n gate = true /\ t.(dynamic).(loose_p) n = true) ->
  (forall x, In x ss -> s.(statics).(spanner_t) x = true /\ t.(dynamic).(carrying_p) m x = true /\ t.(dynamic).(usable_p) x = true) ->
  ValidPlan (tightenAll gate m ns ss) t /\
  (forall n, In n ns -> (runPlan (tightenAll gate m ns ss) t).(dynamic).(tightened_p) n = true) /\
  (forall n, t.(dynamic).(tightened_p) n = true -> (runPlan (tightenAll gate m ns ss) t).(dynamic).(tightened_p) n = true).
Proof.
  induction ns as [| n ns IH]; intros ss t Ht Hnd Hss Hlen Hm Hns Hsp.
  - simpl; repeat split; auto; intros n [].
  - destruct ss as [| x ss]; [simpl in Hlen; lia |].
    inversion Hnd as [| n' r' Hnin Hnd']; subst.
    inversion Hss as [| x' r' Hxin Hss']; subst.
    destruct (Hns n (or_introl eq_refl)) as [Nn [An Ln]].
    destruct (Hsp x (or_introl eq_refl)) as [Sx [Cx Ux]].
    set (t1 := tighten_nutEff gate x m n t).
    destruct (IH ss t1) as [V [A Mo]].
    + exact Ht.
    + exact Hnd'.
    + exact Hss'.
    + simpl in Hlen; lia.
    + unfold t1; rewrite tighten_nut_at_p; exact Hm.
    + intros n2 Hn2; destruct (Hns n2 (or_intror Hn2)) as [B [C D]]; split; [exact B | split].
      * unfold t1; rewrite tighten_nut_at_p; exact C.
      * unfold t1; rewrite tighten_nut_loose_p_other; [exact D | intro; subst; contradiction].
    + intros x2 Hx2; destruct (Hsp x2 (or_intror Hx2)) as [B [C D]]; split; [exact B | split].
      * unfold t1; rewrite tighten_nut_carrying_p; exact C.
      * unfold t1; rewrite tighten_nut_usable_p_other; [exact D | intro; subst; contradiction].
    + cbn [tightenAll ValidPlan runPlan actionPre actionApply]; fold t1.
      split; [split; [unfold tighten_nutPre; rewrite Ht; repeat split; assumption | exact V] | split].
      * intros n2 [Hn2 | Hn2]; [subst n2; apply Mo; unfold t1; apply tighten_nut_tightened_p_add1 | apply A; exact Hn2].
      * intros n2 Hn2; apply Mo; unfold t1, tighten_nutEff; simpl; destruct (Nat.eqb n2 n); [reflexivity | exact Hn2].
Qed.

Lemma ct_first (s : State) (a b : nat) : clos_trans nat (linkRel s) a b -> In a s.(statics).(objects).
Proof. intro H; induction H as [a b [A _] | a b c _ IH _ _]; assumption. Qed.

Lemma gate_none (s : State) (hAcyc : LinkAcyclic s) (l0 : nat) (Hl0 : In l0 s.(statics).(objects)) :
  nextLocation s (gateFrom s (length s.(statics).(objects)) l0) = None.
Proof.
  destruct (gate_end s (length s.(statics).(objects)) l0) as [H | H]; [exact H | exfalso].
  assert (Hle : length (l0 :: pathTail s (length s.(statics).(objects)) l0) <= length s.(statics).(objects)).
  { apply NoDup_incl_length; [exact (pathTail_nodup s hAcyc _ l0 Hl0) |].
    intros y [Hy | Hy]; [subst; exact Hl0 | exact (proj1 (pathTail_in s _ l0 y Hy))]. }
  simpl in Hle; lia.
Qed.

(* Every location lies on the path from the shed: a location off the path has a predecessor off
   the path (the shed is the only location without one, and the successor of a location on the
   path is on it), so the locations off the path, if any, would hold a cycle. *)
Lemma on_path (s : State) (hNd : ObjectsNoDup s) (hAcyc : LinkAcyclic s) (hPath : LinkPath s) (hShed : OneShed s)
  (l0 : nat) (Hl0 : In l0 s.(statics).(objects)) (Ll0 : s.(statics).(location_t) l0 = true)
  (Hno : ~ (exists x2, In x2 s.(statics).(objects) /\ s.(statics).(location_t) x2 = true /\ s.(statics).(link_p) x2 l0 = true)) :
  forall y, In y s.(statics).(objects) -> s.(statics).(location_t) y = true ->
  In y (l0 :: pathTail s (length s.(statics).(objects)) l0).
Proof.
  intros y Hy Ly.
  set (P := l0 :: pathTail s (length s.(statics).(objects)) l0).
  destruct (in_dec Nat.eq_dec y P) as [H | H]; [exact H | exfalso].
  set (Q := filter (fun z => s.(statics).(location_t) z && (if in_dec Nat.eq_dec z P then false else true))
              s.(statics).(objects)).
  assert (HQ : forall z, In z Q <-> In z s.(statics).(objects) /\ s.(statics).(location_t) z = true /\ ~ In z P).
  { intro z; unfold Q; rewrite filter_In.
    destruct (in_dec Nat.eq_dec z P) as [I | I]; rewrite ?andb_false_r, ?andb_true_r; split.
    - intros [_ F]; discriminate.
    - intros [_ [_ F]]; contradiction.
    - intros [A B]; auto.
    - intros [A [B _]]; auto. }
  destruct (pred_cycle (length Q) (linkRel s) Q y (le_n _) (proj2 (HQ y) (conj Hy (conj Ly H)))) as [z Hz].
  - intros x Hx; apply HQ in Hx; destruct Hx as [Hx [Lx Nx]].
    destruct (existsb (fun p => s.(statics).(location_t) p && s.(statics).(link_p) p x) s.(statics).(objects)) eqn:Ex.
    + apply existsb_exists in Ex; destruct Ex as [p [Hp Pp]]; apply andb_prop in Pp; destruct Pp as [Lp Kp].
      exists p; split; [| repeat split; assumption].
      apply HQ; split; [exact Hp | split; [exact Lp |]].
      intro HpP; pose proof (nextLocation_of_link s hNd hPath p x Hp Lp Hx Lx Kp) as En.
      destruct (pathTail_next s _ l0 p HpP) as [G | [y' [E1 Hy']]].
      * rewrite G, (gate_none s hAcyc l0 Hl0) in En; discriminate.
      * rewrite En in E1; injection E1 as <-; apply Nx; right; exact Hy'.
    + exfalso.
      assert (E : x = l0).
      { apply (filter_unique (fun x0 => s.(statics).(location_t) x0 && negb (existsb (fun x1 => s.(statics).(location_t) x1 && s.(statics).(link_p) x1 x0) s.(statics).(objects))) s.(statics).(objects));
          [exact hNd | unfold OneShed in hShed; lia | exact Hx | rewrite Lx, Ex; reflexivity | exact Hl0 |].
        rewrite Ll0.
        destruct (existsb (fun x1 => s.(statics).(location_t) x1 && s.(statics).(link_p) x1 l0) s.(statics).(objects)) eqn:E0;
          [| reflexivity].
        exfalso; apply existsb_exists in E0; destruct E0 as [p [Hp Pp]]; apply andb_prop in Pp.
        apply Hno; exists p; tauto. }
      subst x; apply Nx; left; reflexivity.
  - exact (hAcyc z (ct_first s z z Hz) Hz).
Qed.

Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof.
  destruct hinit as [[hNd [_ [_ [_ [hAcyc [hPath [hShed [hMan [hManAt [hNutAt [hSpAt [_ hDis]]]]]]]]]]]]
                     [hLoose [hUsable [hNoCarry [hShedMan [hGate hCount]]]]]].
  destruct hgoal as [[gcA [gcC [gcU [gcT gcL]]]] [gAll [gOn [gA [gC [gU gL]]]]]].
  (* The man and where he stands. *)
  destruct (witness_of_count (fun x => s.(statics).(man_t) x && true) s.(statics).(objects) ltac:(unfold OneMan in hMan; lia))
    as [m0 [Hm0 Mm0]]; rewrite andb_true_r in Mm0.
  destruct (find_of_witness (fun x => s.(statics).(man_t) x) (objs s) m0 Hm0 Mm0) as [m Fm].
  destruct (find_some _ _ Fm) as [Hm Mm].
  destruct (witness_of_count _ _ ltac:(rewrite (hManAt m Hm Mm); lia)) as [l1 [Hl1 P1]].
  destruct (find_of_witness (fun l => s.(statics).(location_t) l && s.(dynamic).(at_p) m l) (objs s) l1 Hl1 P1) as [l0 Fl0].
  destruct (find_some _ _ Fl0) as [Hl0 P0]; apply andb_prop in P0; destruct P0 as [Ll0 Al0].
  unfold solve; rewrite Fm, Fl0.
  set (N := length (objs s)).
  set (gate := gateFrom s N l0).
  assert (Hon : forall y, In y s.(statics).(objects) -> s.(statics).(location_t) y = true -> In y (l0 :: pathTail s N l0)).
  { apply (on_path s hNd hAcyc hPath hShed l0 Hl0 Ll0); exact (hShedMan m Hm Mm l0 Hl0 Ll0 Al0). }
  assert (HgIn : In gate (l0 :: pathTail s N l0)) by apply gate_in.
  assert (Lg : s.(statics).(location_t) gate = true).
  { destruct HgIn as [E | E]; [rewrite <- E; exact Ll0 | exact (proj2 (pathTail_in s _ l0 gate E))]. }
  (* Every nut is at the gate. *)
  assert (Hnuts : forall n, In n s.(statics).(objects) -> s.(statics).(nut_t) n = true -> s.(dynamic).(at_p) n gate = true).
  { intros n Hn Nn.
    destruct (witness_of_count _ _ ltac:(rewrite (hNutAt n Hn Nn); lia)) as [ln [Hln Pln]].
    apply andb_prop in Pln; destruct Pln as [Lln Aln].
    destruct (pathTail_next s N l0 ln (Hon ln Hln Lln)) as [G | [y' [E1 _]]]; [unfold gate; rewrite <- G; exact Aln |].
    exfalso; destruct (nextLocation_some s ln y' E1) as [A [B C]].
    apply (hGate n Hn Nn ln Hln Lln Aln); exists y'; auto. }
  (* Every spanner lies somewhere on the path. *)
  assert (Hsp : forall x, In x s.(statics).(objects) -> s.(statics).(spanner_t) x = true ->
            exists y, In y (l0 :: pathTail s N l0) /\ In x (spannersAt s y)).
  { intros x Hx Sx; pose proof (hSpAt x Hx Sx) as H1.
    rewrite (count_zero (fun x1 => s.(statics).(man_t) x1 && s.(dynamic).(carrying_p) x1 x)) in H1.
    - destruct (witness_of_count (fun x1 => s.(statics).(location_t) x1 && s.(dynamic).(at_p) x x1)
                  s.(statics).(objects) ltac:(lia)) as [lx [Hlx Plx]].
      apply andb_prop in Plx; destruct Plx as [Llx Alx].
      exists lx; split; [exact (Hon lx Hlx Llx) |].
      unfold spannersAt; apply filter_In; rewrite Sx, Alx; split; [exact Hx | reflexivity].
    - intros y Hy; destruct (s.(dynamic).(carrying_p) y x) eqn:C; [| apply andb_false_r].
      exfalso; exact (hNoCarry y Hy x Hx C). }
  destruct (walkOn_ok s hNd hDis m Mm N l0 s _ eq_refl eq_refl Hl0 Ll0 Al0
              (pathTail_nodup s hAcyc N l0 Hl0)
              (fun y x _ Hx => proj2 (proj2 (spannersAt_in s y x Hx))))
    as [V1 [St1 [G1 [Ca1 [_ [Nu1 [U1 [T1 L1]]]]]]]].
  set (t1 := runPlan (walkOn s m l0 (pathTail s N l0)) s) in *.
  destruct (tightenAll_ok s m gate Mm Lg (filter (fun n => s.(statics).(nut_t) n) (objs s))
              (filter (fun x => s.(statics).(spanner_t) x) (objs s)) t1 St1
              (NoDup_filter _ hNd) (NoDup_filter _ hNd)) as [V2 [A2 _]].
  - pose proof hCount as H; unfold AtLeastAsManySpannersAsNuts in H; rewrite !filter_and_true in H; exact H.
  - exact G1.
  - intros n Hn; apply filter_In in Hn; destruct Hn as [Hn Nn].
    split; [exact Nn | split; [rewrite Nu1 by assumption; apply Hnuts; assumption |]].
    rewrite L1; apply hLoose; assumption.
  - intros x Hx; apply filter_In in Hx; destruct Hx as [Hx Sx].
    split; [exact Sx | split; [| rewrite U1; apply hUsable; assumption]].
    destruct (Hsp x Hx Sx) as [y [Hy Hxy]]; exact (Ca1 y x Hy Hxy).
  - split; [apply validPlan_append; split; [exact V1 | exact V2] |].
    rewrite runPlan_append; fold t1.
    set (t2 := runPlan (tightenAll gate m _ _) t1) in *.
    unfold SatisfiesGoal; split; [| split; [| split; [| split]]].
    + intros y z; destruct (g.(goal_dynamic).(goal_at_p) y z) eqn:E; [| exact I].
      destruct (gcA y z ltac:(rewrite E; discriminate)) as [Hy Hz]; rewrite (gA y Hy z Hz) in E; discriminate.
    + intros y z; destruct (g.(goal_dynamic).(goal_carrying_p) y z) eqn:E; [| exact I].
      destruct (gcC y z ltac:(rewrite E; discriminate)) as [Hy Hz]; rewrite (gC y Hy z Hz) in E; discriminate.
    + intros y; destruct (g.(goal_dynamic).(goal_usable_p) y) eqn:E; [| exact I].
      rewrite (gU y (gcU y ltac:(rewrite E; discriminate))) in E; discriminate.
    + intros y; destruct (g.(goal_dynamic).(goal_tightened_p) y) as [b |] eqn:E; [| exact I].
      assert (Hy : In y s.(statics).(objects)) by (apply gcT; rewrite E; discriminate).
      assert (Ny : s.(statics).(nut_t) y = true) by (apply gOn; [exact Hy | rewrite E; discriminate]).
      rewrite (gAll y Hy Ny) in E; injection E as <-.
      apply A2; apply filter_In; split; assumption.
    + intros y; destruct (g.(goal_dynamic).(goal_loose_p) y) eqn:E; [| exact I].
      rewrite (gL y (gcL y ltac:(rewrite E; discriminate))) in E; discriminate.
Qed.

