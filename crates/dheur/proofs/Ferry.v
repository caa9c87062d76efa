(* Ferry: the heuristic printed from heuristics/ferry.heur (Heuristics.v, printed by certplan,
   unchanged) is goal-aware and consistent on every reachable state of every task that passes its
   certificate, hence admissible there (Admissible.v).

   h = T + max(R, X, W) (see ferry.heur): T the per-car costs, R the repositioning term (0 or 1), X
   the trail excess, W the waiting locations. Invariants of reachable states (from the
   certificate's initial checks): the ferry is at one location at most, at most one car is
   aboard, the ferry is empty exactly when no car is aboard, a car at a location is not aboard,
   and it is at one location at most. Since T + max(R, X, W) = max(T + max(R, W), T + X), it is
   enough that each of T + max(R, W) and T + X drops by at most 1 per transition (step_bound).
   T + max(R, W), per schema (any cost >= 1):
   - sail x0 x1: empty ferry: T is unchanged, W drops by at most 1 (only x1 may leave it), R <= 1;
     a car d aboard: only d's term at x1 drops (by 1), R and W are unchanged (neither reads the
     ferry's location when it is not empty);
   - board x0 x1: only x0's term may drop, by 1, and only if its one goal is elsewhere, in which
     case x0 waits at the empty ferry's location and R = 0; W does not drop (x1 was not counted);
   - debark x0 x1: only x0's term at x1 drops (by 1); if x1 is x0's goal, R and W do not drop
     (x1 had an unmet destination; x0 is not waiting afterwards), otherwise W drops by at most 1.
   T + X: X = sum over locations v of (out(v) - in(v)) - [ferry at v] (truncated subtractions),
   out(v) the cars waiting at v (unmet goal elsewhere) plus 1 if the ferry is at v carrying a car
   with a goal, in(v) the cars with goal v not at v. Per schema, the term at a location other
   than x1 does not drop, and:
   - sail x0 x1: at, on, in, and the waiting cars are unchanged; the carried car's leaving edge
     moves from x0 to x1 with the subtracted 1, so with a car with a goal aboard no term drops;
     otherwise only the term at x1 drops, by at most 1, and T does not drop;
   - board x0 x1: if x0 waits at x1 its waiting edge becomes its aboard edge (out(x1) unchanged,
     T drops by 1); if x1 is its goal, out(x1) and in(x1) both grow by 1; otherwise nothing
     changes at x1. X does not drop;
   - debark x0 x1: if x1 is x0's goal, out(x1) and in(x1) both drop by 1 (X does not drop, T drops
     by 1); otherwise X drops by at most 1 and T does not drop.
   Goal-awareness: in a goal state every car is at its goal, hence at no other location: T = 0,
   no car waits, so R = W = 0, and no car with a goal is aboard, so X = 0. *)

From DHeur Require Import Heuristics Admissible Counting.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

(* ---------- The printed value, term by term ---------- *)

Definition goal_locs (c : Ctx) (a : nat) : list nat := List.filter (fun v_g => goal c "at" [a; v_g]) (objs c "location").
Definition cost (s : State) (a g : nat) : nat :=
  if s "at" [a; g] then 0 else if s "on" [a] then (if s "at-ferry" [g] then 1 else 2) else 3.
Definition total (c : Ctx) (s : State) : nat :=
  sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s v_c v_g)).
Definition waiting_at (c : Ctx) (s : State) (l a : nat) : bool :=
  andb (s "at" [a; l]) (andb (existsb (fun v_g => negb (Nat.eqb v_g l)) (goal_locs c a)) true).
Definition wloc (c : Ctx) (s : State) (l : nat) : bool := existsb (fun v_c => waiting_at c s l v_c) (objs c "car").
Definition rep (c : Ctx) (s : State) : nat :=
  if negb (existsb (fun v_l => wloc c s v_l) (objs c "location")) then 0
  else if s "empty-ferry" [] then
    (if existsb (fun v_l => wloc c s v_l) (List.filter (fun v_l => s "at-ferry" [v_l]) (objs c "location")) then 0 else 1)
  else (if existsb (fun v_d => existsb (fun v_g => wloc c s v_g) (goal_locs c v_d))
             (List.filter (fun v_d => s "on" [v_d]) (objs c "car")) then 0 else 1).
Definition unmet (c : Ctx) (s : State) (l : nat) : bool :=
  existsb (fun v_c => negb (s "at" [v_c; l])) (List.filter (fun v_c => goal c "at" [v_c; l]) (objs c "car")).
Definition wlp (c : Ctx) (s : State) (l : nat) : bool :=
  andb (wloc c s l) (andb (negb (unmet c s l))
    (andb (negb (andb (s "empty-ferry" []) (andb (s "at-ferry" [l]) true))) true)).

(* The trail excess: per location, the cars leaving it (waiting there, or aboard the ferry there)
   less the cars bound for it, less 1 at the ferry's location. *)
Definition wcount (c : Ctx) (s : State) (v : nat) : nat := count_over (objs c "car") (fun v_c => waiting_at c s v v_c).
Definition carried (c : Ctx) (s : State) : bool :=
  existsb (fun v_d => existsb (fun v_g => true) (goal_locs c v_d)) (List.filter (fun v_d => s "on" [v_d]) (objs c "car")).
Definition outc (c : Ctx) (s : State) (v : nat) : nat :=
  wcount c s v + ((if andb (s "at-ferry" [v]) (andb (carried c s) true) then 1 else 0) + 0).
Definition inc (c : Ctx) (s : State) (v : nat) : nat :=
  count_over (List.filter (fun v_c => goal c "at" [v_c; v]) (objs c "car")) (fun v_c => negb (s "at" [v_c; v])).
Definition xt (c : Ctx) (s : State) (v : nat) : nat :=
  Nat.sub (Nat.sub (outc c s v) (inc c s v)) (if s "at-ferry" [v] then 1 else 0).
Definition xs (c : Ctx) (s : State) : nat := sum_over (objs c "location") (xt c s).

Lemma value_eq : forall c s, ferry_value (at_state c s) =
  total c s + (Nat.max (rep c s) (Nat.max (xs c s) (Nat.max (count_over (objs c "location") (wlp c s)) 0)) + 0).
Proof. reflexivity. Qed.

Lemma h_eq : forall c s, ferry_h (at_state c s) = Some (ferry_value (at_state c s)).
Proof. reflexivity. Qed.

(* ---------- The certificate, as facts ---------- *)

Lemma certificate_facts : forall c, ferry_certificate c = true ->
  (forall a, In a (objs c "car") -> count_over (objs c "location") (fun l => goal c "at" [a; l]) <= 1) /\
  count_over (objs c "location") (fun l => init c "at-ferry" [l]) <= 1 /\
  (forall a, In a (objs c "car") ->
     count_over (objs c "location") (fun l => init c "at" [a; l]) + ((if init c "on" [a] then 1 else 0) + 0) <= 1) /\
  count_over (objs c "car") (fun a => init c "on" [a]) <= 1 /\
  (init c "empty-ferry" [] = true -> forall a, In a (objs c "car") -> init c "on" [a] = false) /\
  (init c "empty-ferry" [] = false -> exists a, In a (objs c "car") /\ init c "on" [a] = true).
Proof.
  intros c H. unfold ferry_certificate in H. rewrite !andb_true_iff in H.
  destruct H as [_ [H1 [_ [H3 [H4 [H5 [H6 [H7 _]]]]]]]].
  unfold ferry_check_1 in H1. unfold ferry_check_3 in H3. unfold ferry_check_4 in H4.
  unfold ferry_check_5 in H5. unfold ferry_check_6 in H6. unfold ferry_check_7 in H7.
  rewrite forallb_forall in H1, H4. apply Nat.leb_le in H3. apply Nat.leb_le in H5.
  split; [intros a Ha; apply Nat.leb_le; exact (H1 a Ha)|].
  split; [exact H3|].
  split; [intros a Ha; apply Nat.leb_le; exact (H4 a Ha)|].
  split; [exact H5|].
  split.
  - intros He a Ha. rewrite He in H6. simpl in H6. rewrite orb_false_r, forallb_forall in H6.
    apply negb_true_iff. exact (H6 a Ha).
  - intros He. rewrite He in H7. simpl in H7. rewrite orb_false_r, existsb_exists in H7. exact H7.
Qed.

(* ---------- The step relation, schema by schema ---------- *)

Lemma step_inv : forall c s o s', strips_step c ferry_schemas s o s' ->
  (exists x0 x1, In x0 (objs c "location") /\ In x1 (objs c "location") /\
     s "at-ferry" [x0] = true /\ s "at-ferry" [x1] = false /\
     (forall ys, s' "at" ys = s "at" ys) /\ (forall ys, s' "on" ys = s "on" ys) /\
     (forall ys, s' "empty-ferry" ys = s "empty-ferry" ys) /\
     (forall l, s' "at-ferry" [l] = if Nat.eqb x1 l then true else if Nat.eqb x0 l then false else s "at-ferry" [l]))
  \/
  (exists x0 x1, In x0 (objs c "car") /\ In x1 (objs c "location") /\
     s "at" [x0; x1] = true /\ s "at-ferry" [x1] = true /\ s "empty-ferry" [] = true /\
     (forall a l, s' "at" [a; l] = if andb (Nat.eqb x0 a) (Nat.eqb x1 l) then false else s "at" [a; l]) /\
     (forall a, s' "on" [a] = if Nat.eqb x0 a then true else s "on" [a]) /\
     s' "empty-ferry" [] = false /\
     (forall ys, s' "at-ferry" ys = s "at-ferry" ys))
  \/
  (exists x0 x1, In x0 (objs c "car") /\ In x1 (objs c "location") /\
     s "on" [x0] = true /\ s "at-ferry" [x1] = true /\
     (forall a l, s' "at" [a; l] = if andb (Nat.eqb x0 a) (Nat.eqb x1 l) then true else s "at" [a; l]) /\
     (forall a, s' "on" [a] = if Nat.eqb x0 a then false else s "on" [a]) /\
     s' "empty-ferry" [] = true /\
     (forall ys, s' "at-ferry" ys = s "at-ferry" ys)).
Proof.
  intros c s [sch xs] s' [Hin [Ht [Hpre ->]]]. cbn [fst snd] in Hin, Ht, Hpre |- *.
  unfold ferry_schemas in Hin. cbn [In] in Hin.
  destruct Hin as [<-|[<-|[<-|[]]]]; cbn [sparams spre] in Ht, Hpre;
    (destruct xs as [|x0 [|x1 [|]]]; cbn [typed] in Ht;
     try solve [destruct Ht | destruct Ht as [_ []] | destruct Ht as [_ [_ []]]];
     destruct Ht as [Hx0 [Hx1 _]]; apply typed_one in Hx0; apply typed_one in Hx1;
     pose proof (Forall_inv Hpre) as H1; apply Forall_inv_tail in Hpre;
     pose proof (Forall_inv Hpre) as H2; apply Forall_inv_tail in Hpre as Hpre2;
     cbn [pre_holds map arg_value nth] in H1, H2).
  - left. exists x0, x1. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; repeat destruct (Nat.eqb _ _); reflexivity.
  - right; left. pose proof (Forall_inv Hpre2) as H3. cbn [pre_holds map arg_value nth] in H3.
    exists x0, x1. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; repeat destruct (Nat.eqb _ _); reflexivity.
  - right; right. exists x0, x1. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; repeat destruct (Nat.eqb _ _); reflexivity.
Qed.

(* ---------- Invariants of reachable states ---------- *)

Definition inv (c : Ctx) (s : State) : Prop :=
  (forall l l', In l (objs c "location") -> In l' (objs c "location") ->
     s "at-ferry" [l] = true -> s "at-ferry" [l'] = true -> l = l') /\
  (forall a b, In a (objs c "car") -> In b (objs c "car") -> s "on" [a] = true -> s "on" [b] = true -> a = b) /\
  (s "empty-ferry" [] = true -> forall a, In a (objs c "car") -> s "on" [a] = false) /\
  (s "empty-ferry" [] = false -> exists a, In a (objs c "car") /\ s "on" [a] = true) /\
  (forall a l, In a (objs c "car") -> In l (objs c "location") -> s "at" [a; l] = true -> s "on" [a] = false) /\
  (forall a l l', In a (objs c "car") -> In l (objs c "location") -> In l' (objs c "location") ->
     s "at" [a; l] = true -> s "at" [a; l'] = true -> l = l').

Lemma inv_init : forall c, ferry_wf c -> ferry_certificate c = true -> inv c (init c).
Proof.
  intros c Hnd Hcert. unfold ferry_wf, objects_distinct in Hnd.
  destruct (certificate_facts c Hcert) as [_ [Haf [Hat [Hon [He1 He2]]]]].
  split; [|split; [|split; [exact He1|split; [exact He2|split]]]].
  - intros l l' Hl Hl' H1 H2. exact (count_over_le1 _ _ l l' (Hnd "location") Haf Hl Hl' H1 H2).
  - intros a b Ha Hb H1 H2. exact (count_over_le1 _ _ a b (Hnd "car") Hon Ha Hb H1 H2).
  - intros a l Ha Hl H. specialize (Hat a Ha). pose proof (count_over_pos _ (fun l => init c "at" [a; l]) l Hl H).
    destruct (init c "on" [a]); [lia|reflexivity].
  - intros a l l' Ha Hl Hl' H1 H2. specialize (Hat a Ha).
    exact (count_over_le1 _ (fun l => init c "at" [a; l]) l l' (Hnd "location") ltac:(lia) Hl Hl' H1 H2).
Qed.

Lemma inv_step : forall c s o s', inv c s -> strips_step c ferry_schemas s o s' -> inv c s'.
Proof.
  intros c s o s' [I1 [I2 [I3 [I4 [I5 I6]]]]] Hs.
  destruct (step_inv c s o s' Hs) as
    [[x0 [x1 [Hx0 [Hx1 [Hf0 [Hf1 [Hat [Hon [Hem Haf]]]]]]]]]
    |[[x0 [x1 [Hx0 [Hx1 [Hat0 [Haf0 [Hem0 [Hat [Hon [Hem Haf]]]]]]]]]]
     |[x0 [x1 [Hx0 [Hx1 [Hon0 [Haf0 [Hat [Hon [Hem Haf]]]]]]]]]]].
  - (* sail *)
    split; [|split; [|split; [|split; [|split]]]].
    + assert (Hone : forall l, In l (objs c "location") -> s' "at-ferry" [l] = true -> l = x1).
      { intros l Hl H. rewrite Haf in H. destruct (Nat.eqb_spec x1 l); [auto|].
        destruct (Nat.eqb_spec x0 l); [discriminate|]. exfalso. apply n0. exact (I1 x0 l Hx0 Hl Hf0 H). }
      intros l l' Hl Hl' H1 H2. rewrite (Hone l Hl H1), (Hone l' Hl' H2). reflexivity.
    + intros a b Ha Hb. rewrite !Hon. exact (I2 a b Ha Hb).
    + rewrite Hem. intros He a Ha. rewrite Hon. exact (I3 He a Ha).
    + rewrite Hem. intros He. destruct (I4 He) as [a [Ha H]]. exists a. rewrite Hon. auto.
    + intros a l Ha Hl. rewrite Hat, Hon. exact (I5 a l Ha Hl).
    + intros a l l' Ha Hl Hl'. rewrite !Hat. exact (I6 a l l' Ha Hl Hl').
  - (* board *)
    split; [|split; [|split; [|split; [|split]]]].
    + intros l l' Hl Hl'. rewrite !Haf. exact (I1 l l' Hl Hl').
    + intros a b Ha Hb H1 H2. rewrite Hon in H1, H2.
      destruct (Nat.eqb_spec x0 a) as [<-|Ha0]; [|rewrite (I3 Hem0 a Ha) in H1; discriminate].
      destruct (Nat.eqb_spec x0 b) as [<-|Hb0]; [reflexivity|rewrite (I3 Hem0 b Hb) in H2; discriminate].
    + rewrite Hem. discriminate.
    + intros _. exists x0. rewrite Hon, Nat.eqb_refl. auto.
    + intros a l Ha Hl H. rewrite Hat in H. rewrite Hon.
      destruct (andb (Nat.eqb x0 a) (Nat.eqb x1 l)) eqn:E; [discriminate|].
      destruct (Nat.eqb_spec x0 a) as [<-|Ha0].
      * exfalso. assert (l = x1) as -> by exact (I6 x0 l x1 Hx0 Hl Hx1 H Hat0).
        rewrite !Nat.eqb_refl in E. discriminate.
      * exact (I5 a l Ha Hl H).
    + intros a l l' Ha Hl Hl' H1 H2. rewrite Hat in H1, H2.
      destruct (andb _ (Nat.eqb x1 l)) in H1; [discriminate|].
      destruct (andb _ (Nat.eqb x1 l')) in H2; [discriminate|].
      exact (I6 a l l' Ha Hl Hl' H1 H2).
  - (* debark *)
    assert (Hnot : forall l, In l (objs c "location") -> s "at" [x0; l] = false).
    { intros l Hl. destruct (s "at" [x0; l]) eqn:E; [|reflexivity].
      rewrite (I5 x0 l Hx0 Hl E) in Hon0. discriminate. }
    split; [|split; [|split; [|split; [|split]]]].
    + intros l l' Hl Hl'. rewrite !Haf. exact (I1 l l' Hl Hl').
    + intros a b Ha Hb H1 H2. rewrite Hon in H1, H2.
      destruct (Nat.eqb x0 a); [discriminate|]. destruct (Nat.eqb x0 b); [discriminate|].
      exact (I2 a b Ha Hb H1 H2).
    + intros _ a Ha. rewrite Hon. destruct (Nat.eqb_spec x0 a) as [<-|Ha0]; [reflexivity|].
      destruct (s "on" [a]) eqn:E; [|reflexivity]. exfalso. exact (Ha0 (I2 x0 a Hx0 Ha Hon0 E)).
    + rewrite Hem. discriminate.
    + intros a l Ha Hl H. rewrite Hat in H. rewrite Hon.
      destruct (Nat.eqb_spec x0 a) as [<-|Ha0]; [reflexivity|]. exact (I5 a l Ha Hl H).
    + intros a l l' Ha Hl Hl' H1 H2. rewrite Hat in H1, H2.
      destruct (Nat.eqb_spec x0 a) as [<-|Ha0].
      * simpl in H1, H2. rewrite Hnot in H1, H2 by assumption.
        destruct (Nat.eqb_spec x1 l), (Nat.eqb_spec x1 l'); try discriminate. congruence.
      * simpl in H1, H2. exact (I6 a l l' Ha Hl Hl' H1 H2).
Qed.

Lemma inv_reachable : forall c s, ferry_wf c -> ferry_certificate c = true ->
  reachable State Op (strips_step c ferry_schemas) (init c) s -> inv c s.
Proof.
  intros c s Hwf Hcert Hr. induction Hr as [|s o s' Hr IH Hs].
  - exact (inv_init c Hwf Hcert).
  - exact (inv_step c s o s' IH Hs).
Qed.

(* ---------- Consistency ---------- *)

Lemma rep_le1 : forall c s, rep c s <= 1.
Proof.
  intros c s. unfold rep. destruct (negb _); [lia|].
  destruct (s "empty-ferry" []); destruct (existsb _ _); lia.
Qed.

Lemma wloc_congr : forall c s s' l, (forall a, In a (objs c "car") -> s' "at" [a; l] = s "at" [a; l]) ->
  wloc c s' l = wloc c s l.
Proof.
  intros c s s' l H. unfold wloc, waiting_at. apply existsb_ext_in. intros a Ha. rewrite (H a Ha). reflexivity.
Qed.

Lemma unmet_congr : forall c s s' l, (forall a, In a (objs c "car") -> s' "at" [a; l] = s "at" [a; l]) ->
  unmet c s' l = unmet c s l.
Proof.
  intros c s s' l H. unfold unmet. apply existsb_ext_in. intros a Ha. apply In_filter_l in Ha.
  rewrite (H a (proj1 Ha)). reflexivity.
Qed.

(* rep reads the ferry's location only when the ferry is empty. *)
Lemma rep_congr : forall c s s',
  (forall l, In l (objs c "location") -> wloc c s' l = wloc c s l) ->
  (forall a, In a (objs c "car") -> s' "on" [a] = s "on" [a]) ->
  s' "empty-ferry" [] = s "empty-ferry" [] ->
  (s "empty-ferry" [] = true -> forall l, In l (objs c "location") -> s' "at-ferry" [l] = s "at-ferry" [l]) ->
  rep c s' = rep c s.
Proof.
  intros c s s' Hw Hon Hem Haf. unfold rep.
  rewrite (existsb_ext_in _ (fun v_l => wloc c s' v_l) (fun v_l => wloc c s v_l)) by exact Hw.
  rewrite Hem. destruct (s "empty-ferry" []) eqn:E.
  - rewrite (filter_ext_in' _ (fun v_l => s' "at-ferry" [v_l]) (fun v_l => s "at-ferry" [v_l])) by exact (Haf eq_refl).
    rewrite (existsb_ext_in _ (fun v_l => wloc c s' v_l) (fun v_l => wloc c s v_l)); [reflexivity|].
    intros l Hl. apply In_filter_l in Hl. exact (Hw l (proj1 Hl)).
  - rewrite (filter_ext_in' _ (fun v_d => s' "on" [v_d]) (fun v_d => s "on" [v_d])) by exact Hon.
    rewrite (existsb_ext_in _ (fun v_d => existsb (fun v_g => wloc c s' v_g) (goal_locs c v_d))
                              (fun v_d => existsb (fun v_g => wloc c s v_g) (goal_locs c v_d))); [reflexivity|].
    intros d _. apply existsb_ext_in. intros g Hg. apply In_filter_l in Hg. exact (Hw g (proj1 Hg)).
Qed.

Definition wl (c : Ctx) (s : State) : nat := count_over (objs c "location") (wlp c s).

(* ---------- The trail excess, location by location ---------- *)

Lemma wcount_ext : forall c s s' v, (forall a, In a (objs c "car") -> s' "at" [a; v] = s "at" [a; v]) ->
  wcount c s' v = wcount c s v.
Proof.
  intros c s s' v H. unfold wcount. apply count_over_ext_in. intros a Ha. unfold waiting_at. rewrite (H a Ha). reflexivity.
Qed.

Lemma wcount_mono : forall c s s' v, (forall a, In a (objs c "car") -> s "at" [a; v] = true -> s' "at" [a; v] = true) ->
  wcount c s v <= wcount c s' v.
Proof.
  intros c s s' v H. unfold wcount. apply count_over_mono. intros a Ha Hw. unfold waiting_at in *.
  apply andb_true_iff in Hw as [H1 H2]. rewrite (H a Ha H1). exact H2.
Qed.

Lemma inc_ext : forall c s s' v,
  (forall a, In a (objs c "car") -> goal c "at" [a; v] = true -> s' "at" [a; v] = s "at" [a; v]) ->
  inc c s' v = inc c s v.
Proof.
  intros c s s' v H. unfold inc. apply count_over_ext_in. intros a Ha. apply In_filter_l in Ha as [Ha Hg].
  rewrite (H a Ha Hg). reflexivity.
Qed.

Lemma inc_anti : forall c s s' v, (forall a, In a (objs c "car") -> s "at" [a; v] = true -> s' "at" [a; v] = true) ->
  inc c s' v <= inc c s v.
Proof.
  intros c s s' v H. unfold inc. apply count_over_mono. intros a Ha Hn. apply In_filter_l in Ha as [Ha _].
  destruct (s "at" [a; v]) eqn:E; [|reflexivity]. rewrite (H a Ha E) in Hn. simpl in Hn. discriminate.
Qed.

Lemma carried_ext : forall c s s', (forall a, In a (objs c "car") -> s' "on" [a] = s "on" [a]) -> carried c s' = carried c s.
Proof.
  intros c s s' H. unfold carried.
  rewrite (filter_ext_in' _ (fun v_d => s' "on" [v_d]) (fun v_d => s "on" [v_d])) by exact H. reflexivity.
Qed.

Lemma carried_off : forall c s, (forall a, In a (objs c "car") -> s "on" [a] = false) -> carried c s = false.
Proof.
  intros c s H. unfold carried. apply existsb_false_in. intros d Hd. apply In_filter_l in Hd as [Hd Ho].
  rewrite (H d Hd) in Ho. discriminate.
Qed.

Lemma outc_bounds : forall c s v, wcount c s v <= outc c s v <= wcount c s v + 1.
Proof. intros c s v. unfold outc. destruct (s "at-ferry" [v]), (carried c s); simpl; lia. Qed.

Lemma outc_off : forall c s v, s "at-ferry" [v] = false \/ carried c s = false -> outc c s v = wcount c s v.
Proof.
  intros c s v Hc. unfold outc. destruct Hc as [H|H]; rewrite H; [|destruct (s "at-ferry" [v])]; simpl; lia.
Qed.

Lemma outc_on : forall c s v, s "at-ferry" [v] = true -> carried c s = true -> outc c s v = wcount c s v + 1.
Proof. intros c s v H1 H2. unfold outc. rewrite H1, H2. simpl. lia. Qed.

Lemma xt_le : forall c s s' v k, s' "at-ferry" [v] = s "at-ferry" [v] ->
  outc c s v + inc c s' v <= outc c s' v + inc c s v + k -> xt c s v <= xt c s' v + k.
Proof. intros c s s' v k Haf H. unfold xt. rewrite Haf. destruct (s "at-ferry" [v]); lia. Qed.

(* A sail moves the 1 subtracted at the ferry's location, and the carried car's leaving edge with
   it: the excess drops by at most 1, and not at all when a car with a destination is aboard. *)
Lemma x_sail : forall c s s' x0 x1, NoDup (objs c "location") -> s "at-ferry" [x1] = false ->
  (forall ys, s' "at" ys = s "at" ys) -> (forall ys, s' "on" ys = s "on" ys) ->
  (forall l, s' "at-ferry" [l] = if Nat.eqb x1 l then true else if Nat.eqb x0 l then false else s "at-ferry" [l]) ->
  xs c s <= xs c s' + (if carried c s then 0 else 1).
Proof.
  intros c s s' x0 x1 Hnd Hf1 Hat Hon Haf.
  assert (Hw : forall v, wcount c s' v = wcount c s v) by (intros v; apply wcount_ext; intros; apply Hat).
  assert (Hi : forall v, inc c s' v = inc c s v) by (intros v; apply inc_ext; intros; apply Hat).
  assert (Hk : carried c s' = carried c s) by (apply carried_ext; intros; apply Hon).
  unfold xs. apply (sum_over_point _ _ _ x1 _ Hnd).
  - intros v _ Hne. unfold xt, outc. rewrite Hw, Hi, Hk, Haf, (proj2 (Nat.eqb_neq x1 v) (not_eq_sym Hne)).
    destruct (Nat.eqb x0 v); destruct (s "at-ferry" [v]), (carried c s); simpl; lia.
  - unfold xt, outc. rewrite Hw, Hi, Hk, Haf, Nat.eqb_refl, Hf1. destruct (carried c s); simpl; lia.
Qed.

(* One transition from a reachable state: h drops by at most 1. *)
Lemma step_bound : forall c s o s', ferry_wf c -> ferry_certificate c = true -> inv c s ->
  strips_step c ferry_schemas s o s' ->
  total c s + Nat.max (rep c s) (wl c s) <= 1 + (total c s' + Nat.max (rep c s') (wl c s')) /\
  total c s + xs c s <= 1 + (total c s' + xs c s').
Proof.
  intros c s o s' Hnd Hcert [I1 [I2 [I3 [I4 [I5 I6]]]]] Hs. unfold ferry_wf, objects_distinct in Hnd.
  destruct (certificate_facts c Hcert) as [Hgoal1 _].
  assert (HndG : forall a, NoDup (goal_locs c a)) by (intros a; apply NoDup_filter; apply Hnd).
  assert (HinG : forall a g, In g (goal_locs c a) -> In g (objs c "location") /\ goal c "at" [a; g] = true)
    by (intros a g Hg; exact (In_filter_l _ _ _ Hg)).
  pose proof (rep_le1 c s) as Hr1. pose proof (rep_le1 c s') as Hr2.
  unfold total, wl.
  destruct (step_inv c s o s' Hs) as
    [[x0 [x1 [Hx0 [Hx1 [Hf0 [Hf1 [Hat [Hon [Hem Haf]]]]]]]]]
    |[[x0 [x1 [Hx0 [Hx1 [Hat0 [Haf0 [Hem0 [Hat [Hon [Hem Haf]]]]]]]]]]
     |[x0 [x1 [Hx0 [Hx1 [Hon0 [Haf0 [Hat [Hon [Hem Haf]]]]]]]]]]].
  - (* sail x0 -> x1 *)
    assert (Hwl : forall l, wloc c s' l = wloc c s l) by (intros l; apply wloc_congr; intros; apply Hat).
    assert (Hun : forall l, unmet c s' l = unmet c s l) by (intros l; apply unmet_congr; intros; apply Hat).
    assert (Haf' : forall l, l <> x1 -> s' "at-ferry" [l] = true -> s "at-ferry" [l] = true).
    { intros l Hne H. rewrite Haf, (proj2 (Nat.eqb_neq x1 l) (not_eq_sym Hne)) in H.
      destruct (Nat.eqb x0 l); [discriminate|exact H]. }
    pose proof (x_sail c s s' x0 x1 (Hnd "location") Hf1 Hat Hon Haf) as Hxs.
    destruct (s "empty-ferry" []) eqn:E.
    + (* empty: no car aboard, only the waiting-location count may drop, at x1 *)
      assert (Ht : sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s v_c v_g))
                   <= sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s' v_c v_g))).
      { apply sum_over_mono. intros a Ha. apply sum_over_mono. intros g _. unfold cost.
        rewrite Hat, Hon, (I3 eq_refl a Ha). lia. }
      assert (Hw : count_over (objs c "location") (wlp c s) <= count_over (objs c "location") (wlp c s') + 1).
      { rewrite !count_over_sum. apply (sum_over_point _ _ _ x1 1 (Hnd "location")).
        - intros l _ Hne. unfold b2n, wlp. rewrite Hwl, Hun, Hem, E.
          destruct (s' "at-ferry" [l]) eqn:E1; [rewrite (Haf' l Hne E1)|]; 
            destruct (wloc c s l), (unmet c s l), (s "at-ferry" [l]); simpl; lia.
        - unfold b2n. destruct (wlp c s x1), (wlp c s' x1); lia. }
      split; [lia|]. destruct (carried c s); lia.
    + (* a car aboard: its distance term may drop by 1; rep and the waiting locations stay *)
      destruct (I4 eq_refl) as [d [Hd Hond]].
      assert (Ht : sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s v_c v_g))
                   <= sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s' v_c v_g)) + 1).
      { apply (sum_over_point _ _ _ d 1 (Hnd "car")).
        - intros a Ha Hne. apply sum_over_mono. intros g _. unfold cost. rewrite Hat, Hon.
          destruct (s "on" [a]) eqn:Ea; [exfalso; exact (Hne (I2 a d Ha Hd Ea Hond))|lia].
        - apply (sum_over_point _ _ _ x1 1 (HndG d)).
          + intros g _ Hne. unfold cost. rewrite Hat, Hon.
            destruct (s' "at-ferry" [g]) eqn:E1; [rewrite (Haf' g Hne E1)|];
              destruct (s "at" [d; g]), (s "on" [d]), (s "at-ferry" [g]); lia.
          + unfold cost. rewrite Hat, Hon. destruct (s "at" [d; x1]), (s "on" [d]), (s' "at-ferry" [x1]), (s "at-ferry" [x1]); lia. }
      assert (Hr : rep c s' = rep c s).
      { apply rep_congr; [intros l _; apply Hwl|intros; apply Hon|apply Hem|rewrite E; discriminate]. }
      assert (Hw : count_over (objs c "location") (wlp c s) = count_over (objs c "location") (wlp c s')).
      { rewrite !count_over_sum. apply Nat.le_antisymm; apply sum_over_mono; intros l _;
          unfold b2n, wlp; rewrite Hwl, Hun, Hem, E; simpl; lia. }
      rewrite Hr, Hw. split; [lia|].
      destruct (goal_locs c d) as [|g gs] eqn:Gd.
      * (* d has no destination: nothing's term drops *)
        assert (Ht0 : sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s v_c v_g))
                      <= sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s' v_c v_g))).
        { apply sum_over_mono. intros a Ha. destruct (Nat.eq_dec a d) as [->|Hne]; [rewrite Gd; simpl; lia|].
          apply sum_over_mono. intros g _. unfold cost. rewrite Hat, Hon.
          destruct (s "on" [a]) eqn:Ea; [exfalso; exact (Hne (I2 a d Ha Hd Ea Hond))|lia]. }
        destruct (carried c s); lia.
      * assert (Hk : carried c s = true).
        { unfold carried. apply existsb_exists. exists d. split; [apply filter_In; auto|]. rewrite Gd. reflexivity. }
        rewrite Hk in Hxs. lia.
  - (* board x0 at x1 *)
    assert (Hoff : forall a, In a (objs c "car") -> s "on" [a] = false) by exact (I3 Hem0).
    assert (Hx0at : forall l, In l (objs c "location") -> l <> x1 -> s "at" [x0; l] = false).
    { intros l Hl Hne. destruct (s "at" [x0; l]) eqn:E; [|reflexivity].
      exfalso. exact (Hne (I6 x0 l x1 Hx0 Hl Hx1 E Hat0)). }
    assert (Hafx : forall l, In l (objs c "location") -> l <> x1 -> s "at-ferry" [l] = false).
    { intros l Hl Hne. destruct (s "at-ferry" [l]) eqn:E; [|reflexivity].
      exfalso. exact (Hne (I1 l x1 Hl Hx1 E Haf0)). }
    assert (Hother : forall a, In a (objs c "car") -> a <> x0 ->
      sum_over (goal_locs c a) (fun v_g => cost s a v_g) <= sum_over (goal_locs c a) (fun v_g => cost s' a v_g)).
    { intros a Ha Hne. apply sum_over_mono. intros g _. unfold cost.
      rewrite Hat, Hon, (proj2 (Nat.eqb_neq x0 a) (not_eq_sym Hne)), Haf. simpl. lia. }
    assert (Hcost : forall g, In g (goal_locs c x0) -> cost s x0 g <= cost s' x0 g + 1 /\ (g = x1 -> cost s x0 g <= cost s' x0 g)).
    { intros g Hg. destruct (HinG x0 g Hg) as [Hg' _]. unfold cost. rewrite Hat, Hon, Nat.eqb_refl, Haf, (Hoff x0 Hx0).
      destruct (Nat.eqb_spec x1 g) as [<-|Hne].
      - rewrite Hat0. simpl. split; intros; lia.
      - rewrite (Hx0at g Hg' (not_eq_sym Hne)). simpl. split; [|intros; congruence].
        rewrite (Hafx g Hg' (not_eq_sym Hne)). lia. }
    assert (Ht : sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s v_c v_g))
                 <= sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s' v_c v_g)) + 1).
    { apply (sum_over_point _ _ _ x0 1 (Hnd "car")); [intros a Ha Hne; exact (Hother a Ha Hne)|].
      apply sum_over_le1; [exact (Hgoal1 x0 Hx0)|]. intros g Hg. exact (proj1 (Hcost g Hg)). }
    assert (Hw : count_over (objs c "location") (wlp c s) <= count_over (objs c "location") (wlp c s')).
    { apply count_over_mono. intros l Hl H. destruct (Nat.eq_dec l x1) as [->|Hne].
      - unfold wlp in H. rewrite Hem0, Haf0 in H. rewrite !andb_false_r in H. discriminate.
      - assert (Hsame : forall a, In a (objs c "car") -> s' "at" [a; l] = s "at" [a; l]).
        { intros a _. rewrite Hat, (proj2 (Nat.eqb_neq x1 l) (not_eq_sym Hne)), andb_false_r. reflexivity. }
        unfold wlp in *. rewrite (wloc_congr c s s' l Hsame), (unmet_congr c s s' l Hsame), Hem. simpl.
        rewrite !andb_true_iff in H. rewrite !andb_true_iff. tauto. }
    (* the excess: nothing changes away from x1 *)
    assert (Hxo : forall v, In v (objs c "location") -> v <> x1 -> xt c s v <= xt c s' v).
    { intros v Hv Hne. enough (xt c s v <= xt c s' v + 0) by lia. apply xt_le; [apply Haf|].
      assert (Hsame : forall a, In a (objs c "car") -> s' "at" [a; v] = s "at" [a; v]).
      { intros a _. rewrite Hat, (proj2 (Nat.eqb_neq x1 v) (not_eq_sym Hne)), andb_false_r. reflexivity. }
      rewrite (outc_off c s v (or_intror (carried_off c s Hoff))), (inc_ext c s s' v (fun a Ha _ => Hsame a Ha)).
      pose proof (outc_bounds c s' v) as Hb. rewrite (wcount_ext c s s' v Hsame) in Hb. lia. }
    assert (Hout : outc c s x1 = wcount c s x1) by exact (outc_off c s x1 (or_intror (carried_off c s Hoff))).
    pose proof (outc_bounds c s' x1) as Hb'.
    destruct (existsb (fun v_g => negb (Nat.eqb v_g x1)) (goal_locs c x0)) eqn:Ew.
    + (* x0 waits at x1 for another goal location: rep was 0 *)
      assert (Hr0 : rep c s = 0).
      { assert (Hwx1 : wloc c s x1 = true).
        { unfold wloc. apply existsb_exists. exists x0. split; [exact Hx0|].
          unfold waiting_at. rewrite Hat0, Ew. reflexivity. }
        unfold rep. replace (existsb (fun v_l => wloc c s v_l) (objs c "location")) with true
          by (symmetry; apply existsb_exists; exists x1; auto).
        rewrite Hem0. replace (existsb (fun v_l => wloc c s v_l) (filter (fun v_l => s "at-ferry" [v_l]) (objs c "location"))) with true;
          [reflexivity|]. symmetry. apply existsb_exists. exists x1. split; [apply filter_In; auto|exact Hwx1]. }
      (* x0 stops waiting at x1 and starts leaving it aboard: the excess does not drop *)
      destruct (proj1 (existsb_exists _ _) Ew) as [g [Hg Hgne]].
      assert (Hgx1 : goal c "at" [x0; x1] = false).
      { destruct (goal c "at" [x0; x1]) eqn:Eg; [|reflexivity]. exfalso. destruct (HinG x0 g Hg) as [Hg' Hgg].
        assert (g = x1) as ->
          by exact (count_over_le1 _ (fun l => goal c "at" [x0; l]) g x1 (Hnd "location") (Hgoal1 x0 Hx0) Hg' Hx1 Hgg Eg).
        rewrite Nat.eqb_refl in Hgne. discriminate. }
      assert (Hk : carried c s' = true).
      { unfold carried. apply existsb_exists. exists x0. split.
        - apply filter_In. split; [exact Hx0|]. rewrite Hon, Nat.eqb_refl. reflexivity.
        - apply existsb_exists. exists g. auto. }
      assert (Hx : xs c s <= xs c s').
      { assert (sum_over (objs c "location") (xt c s) <= sum_over (objs c "location") (xt c s') + 0); [|unfold xs; lia].
        apply (sum_over_point _ _ _ x1 0 (Hnd "location")); [exact Hxo|].
        apply xt_le; [apply Haf|]. rewrite Hout, (outc_on c s' x1 ltac:(rewrite Haf; exact Haf0) Hk).
        rewrite (inc_ext c s s' x1).
        - assert (wcount c s x1 <= wcount c s' x1 + 1); [|lia].
          unfold wcount. apply (count_over_point _ _ _ x0 (Hnd "car")). intros a Ha Hne Hw'.
          unfold waiting_at in *. rewrite Hat, (proj2 (Nat.eqb_neq x0 a) (not_eq_sym Hne)). exact Hw'.
        - intros a Ha Hga. rewrite Hat. destruct (Nat.eqb_spec x0 a) as [<-|Hne]; [congruence|reflexivity]. }
      rewrite Hr0. split; lia.
    + (* x0's goal, if any, is x1: its term does not drop *)
      assert (Ht' : sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s v_c v_g))
                    <= sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s' v_c v_g))).
      { apply sum_over_mono. intros a Ha. destruct (Nat.eq_dec a x0) as [->|Hne]; [|exact (Hother a Ha Hne)].
        apply sum_over_mono. intros g Hg. apply (proj2 (Hcost g Hg)).
        destruct (Nat.eqb_spec g x1) as [->|Hne]; [reflexivity|].
        assert (existsb (fun v_g => negb (Nat.eqb v_g x1)) (goal_locs c x0) = true).
        { apply existsb_exists. exists g. split; [exact Hg|]. rewrite (proj2 (Nat.eqb_neq g x1) Hne). reflexivity. }
        congruence. }
      (* x0 was not waiting at x1; it may become one more unmet arrival there *)
      assert (Hx : xs c s <= xs c s' + 1).
      { unfold xs. apply (sum_over_point _ _ _ x1 1 (Hnd "location")); [exact Hxo|].
        apply xt_le; [apply Haf|]. rewrite Hout.
        assert (wcount c s x1 <= wcount c s' x1).
        { unfold wcount. apply count_over_mono. intros a Ha Hw'. destruct (Nat.eqb_spec x0 a) as [<-|Hne].
          - unfold waiting_at in Hw'. rewrite Ew, Hat0 in Hw'. simpl in Hw'. discriminate.
          - unfold waiting_at in *. rewrite Hat, (proj2 (Nat.eqb_neq x0 a) Hne). exact Hw'. }
        assert (inc c s' x1 <= inc c s x1 + 1).
        { unfold inc. apply (count_over_point _ _ _ x0 (NoDup_filter _ (Hnd "car"))). intros a Ha Hne Hn.
          rewrite Hat, (proj2 (Nat.eqb_neq x0 a) (not_eq_sym Hne)) in Hn. exact Hn. }
        lia. }
      split; lia.
  - (* debark x0 at x1 *)
    assert (Hem0 : s "empty-ferry" [] = false).
    { destruct (s "empty-ferry" []) eqn:E; [|reflexivity]. rewrite (I3 eq_refl x0 Hx0) in Hon0. discriminate. }
    assert (Hnotat : forall l, In l (objs c "location") -> s "at" [x0; l] = false).
    { intros l Hl. destruct (s "at" [x0; l]) eqn:E; [|reflexivity]. rewrite (I5 x0 l Hx0 Hl E) in Hon0. discriminate. }
    assert (Hafx : forall l, In l (objs c "location") -> l <> x1 -> s "at-ferry" [l] = false).
    { intros l Hl Hne. destruct (s "at-ferry" [l]) eqn:E; [|reflexivity].
      exfalso. exact (Hne (I1 l x1 Hl Hx1 E Haf0)). }
    assert (Hother : forall a, In a (objs c "car") -> a <> x0 ->
      sum_over (goal_locs c a) (fun v_g => cost s a v_g) <= sum_over (goal_locs c a) (fun v_g => cost s' a v_g)).
    { intros a Ha Hne. apply sum_over_mono. intros g _. unfold cost.
      rewrite Hat, Hon, (proj2 (Nat.eqb_neq x0 a) (not_eq_sym Hne)), Haf. simpl. lia. }
    assert (Hcost : forall g, In g (goal_locs c x0) -> g <> x1 -> cost s x0 g <= cost s' x0 g).
    { intros g Hg Hne. destruct (HinG x0 g Hg) as [Hg' _]. unfold cost.
      rewrite Hat, Hon, ?Haf, Nat.eqb_refl, (proj2 (Nat.eqb_neq x1 g) (not_eq_sym Hne)), (Hnotat g Hg'), Hon0,
        (Hafx g Hg' Hne). simpl. lia. }
    assert (Ht : sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s v_c v_g))
                 <= sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s' v_c v_g)) + 1).
    { apply (sum_over_point _ _ _ x0 1 (Hnd "car")); [intros a Ha Hne; exact (Hother a Ha Hne)|].
      apply (sum_over_point _ _ _ x1 1 (HndG x0)); [intros g Hg Hne; exact (Hcost g Hg Hne)|].
      unfold cost. rewrite Hat, !Nat.eqb_refl. simpl. destruct (s "at" [x0; x1]), (s "on" [x0]), (s "at-ferry" [x1]); lia. }
    assert (Hsame : forall a l, In a (objs c "car") -> l <> x1 -> s' "at" [a; l] = s "at" [a; l]).
    { intros a l _ Hne. rewrite Hat, (proj2 (Nat.eqb_neq x1 l) (not_eq_sym Hne)), andb_false_r. reflexivity. }
    assert (Hwoff : forall l, In l (objs c "location") -> l <> x1 -> wlp c s l = true -> wlp c s' l = true).
    { intros l Hl Hne H. unfold wlp in *.
      rewrite (wloc_congr c s s' l (fun a Ha => Hsame a l Ha Hne)), (unmet_congr c s s' l (fun a Ha => Hsame a l Ha Hne)),
        Hem, Haf, (Hafx l Hl Hne). rewrite Hem0 in H. simpl in *. exact H. }
    (* the excess: cars only arrive, so nothing drops away from x1 *)
    assert (Hgrow : forall a l, s "at" [a; l] = true -> s' "at" [a; l] = true).
    { intros a l H. rewrite Hat. destruct (andb _ _); [reflexivity|exact H]. }
    assert (Hxo : forall v, In v (objs c "location") -> v <> x1 -> xt c s v <= xt c s' v).
    { intros v Hv Hne. enough (xt c s v <= xt c s' v + 0) by lia. apply xt_le; [apply Haf|]. rewrite (outc_off c s v (or_introl (Hafx v Hv Hne))).
      pose proof (outc_bounds c s' v). pose proof (wcount_mono c s s' v (fun a _ => Hgrow a v)).
      pose proof (inc_anti c s s' v (fun a _ => Hgrow a v)). lia. }
    pose proof (outc_bounds c s x1) as Hb1. pose proof (outc_bounds c s' x1) as Hb2.
    pose proof (wcount_mono c s s' x1 (fun a _ => Hgrow a x1)) as Hb3.
    pose proof (inc_anti c s s' x1 (fun a _ => Hgrow a x1)) as Hb4.
    destruct (goal c "at" [x0; x1]) eqn:Eg.
    + (* x0 arrives at its goal: rep and the waiting locations do not drop *)
      assert (Hx1G : In x1 (goal_locs c x0)) by (apply filter_In; auto).
      assert (HallG : forall g, In g (goal_locs c x0) -> g = x1).
      { intros g Hg. destruct (HinG x0 g Hg) as [Hg' Hgg].
        exact (count_over_le1 _ (fun l => goal c "at" [x0; l]) g x1 (Hnd "location") (Hgoal1 x0 Hx0) Hg' Hx1 Hgg Eg). }
      assert (Hw : count_over (objs c "location") (wlp c s) <= count_over (objs c "location") (wlp c s')).
      { apply count_over_mono. intros l Hl H. destruct (Nat.eq_dec l x1) as [->|Hne]; [|exact (Hwoff l Hl Hne H)].
        exfalso. unfold wlp in H. assert (Hu : unmet c s x1 = true).
        { unfold unmet. apply existsb_exists. exists x0. split; [apply filter_In; auto|]. rewrite (Hnotat x1 Hx1). reflexivity. }
        rewrite Hu in H. rewrite andb_false_r in H. discriminate. }
      assert (Hwait : forall l a, In a (objs c "car") -> waiting_at c s' l a = waiting_at c s l a).
      { intros l a Ha. unfold waiting_at. destruct (Nat.eq_dec l x1) as [->|Hne]; [|rewrite (Hsame a l Ha Hne); reflexivity].
        destruct (Nat.eqb_spec x0 a) as [<-|Hne].
        - rewrite (existsb_false_in _ (fun v_g => negb (Nat.eqb v_g x1))); [rewrite !andb_false_r; reflexivity|].
          intros g Hg. rewrite (HallG g Hg), Nat.eqb_refl. reflexivity.
        - rewrite Hat, (proj2 (Nat.eqb_neq x0 a) Hne). reflexivity. }
      assert (Hwl : forall l, wloc c s' l = wloc c s l).
      { intros l. unfold wloc. apply existsb_ext_in. intros a Ha. apply Hwait. exact Ha. }
      assert (Hr : rep c s <= rep c s').
      { unfold rep. rewrite (existsb_ext_in _ (fun v_l => wloc c s' v_l) (fun v_l => wloc c s v_l)) by (intros; apply Hwl).
        destruct (negb _); [lia|]. rewrite Hem, Hem0.
        assert (Hon1 : forall d, In d (filter (fun v_d => s "on" [v_d]) (objs c "car")) -> d = x0).
        { intros d Hd. apply In_filter_l in Hd. exact (I2 d x0 (proj1 Hd) Hx0 (proj2 Hd) Hon0). }
        assert (Haf1 : forall l, In l (filter (fun v_l => s' "at-ferry" [v_l]) (objs c "location")) -> l = x1).
        { intros l Hl. apply In_filter_l in Hl. rewrite Haf in Hl. exact (I1 l x1 (proj1 Hl) Hx1 (proj2 Hl) Haf0). }
        assert (Hx0on : In x0 (filter (fun v_d => s "on" [v_d]) (objs c "car")))
          by (apply filter_In; split; [exact Hx0|exact Hon0]).
        assert (Hx1af : In x1 (filter (fun v_l => s' "at-ferry" [v_l]) (objs c "location")))
          by (apply filter_In; split; [exact Hx1|rewrite Haf; exact Haf0]).
        rewrite (existsb_only _ _ x0 Hx0on Hon1).
        rewrite (existsb_only _ _ x1 Hx1G HallG).
        rewrite (existsb_only _ _ x1 Hx1af Haf1).
        rewrite Hwl. lia. }
      (* x0's leaving edge ends with one unmet arrival at x1: the excess does not drop *)
      assert (Hx : xs c s <= xs c s').
      { assert (sum_over (objs c "location") (xt c s) <= sum_over (objs c "location") (xt c s') + 0); [|unfold xs; lia].
        apply (sum_over_point _ _ _ x1 0 (Hnd "location")); [exact Hxo|].
        apply xt_le; [apply Haf|].
        assert (inc c s' x1 + 1 <= inc c s x1); [|lia].
        unfold inc. apply (count_over_point_drop _ _ _ x0 (NoDup_filter _ (Hnd "car"))).
        - apply filter_In. auto.
        - rewrite (Hnotat x1 Hx1). reflexivity.
        - rewrite Hat, !Nat.eqb_refl. reflexivity.
        - intros a Ha Hne Hq. rewrite Hat, (proj2 (Nat.eqb_neq x0 a) (not_eq_sym Hne)) in Hq. exact Hq. }
      split; lia.
    + (* x0 leaves the ferry away from its goal: its term does not drop *)
      assert (Ht' : sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s v_c v_g))
                    <= sum_over (objs c "car") (fun v_c => sum_over (goal_locs c v_c) (fun v_g => cost s' v_c v_g))).
      { apply sum_over_mono. intros a Ha. destruct (Nat.eq_dec a x0) as [->|Hne]; [|exact (Hother a Ha Hne)].
        apply sum_over_mono. intros g Hg. apply Hcost; [exact Hg|]. intros ->.
        destruct (HinG x0 x1 Hg) as [_ Hgg]. congruence. }
      assert (Hw : count_over (objs c "location") (wlp c s) <= count_over (objs c "location") (wlp c s') + 1).
      { rewrite !count_over_sum. apply (sum_over_point _ _ _ x1 1 (Hnd "location")).
        - intros l Hl Hne. unfold b2n. destruct (wlp c s l) eqn:E; [rewrite (Hwoff l Hl Hne E)|]; lia.
        - unfold b2n. destruct (wlp c s x1), (wlp c s' x1); lia. }
      assert (Hx : xs c s <= xs c s' + 1).
      { unfold xs. apply (sum_over_point _ _ _ x1 1 (Hnd "location")); [exact Hxo|].
        apply xt_le; [apply Haf|]. lia. }
      split; lia.
Qed.

(* ---------- The theorems ---------- *)

Theorem ferry_goal_aware : forall c : Ctx, ferry_wf c -> ferry_certificate c = true ->
  goal_aware State Op (strips_step c ferry_schemas) (init c) (strips_goal c) (fun s => ferry_h (at_state c s)).
Proof.
  intros c Hwf Hcert s Hr Hg. rewrite h_eq, value_eq.
  destruct (inv_reachable c s Hwf Hcert Hr) as [_ [_ [_ [_ [I5 I6]]]]].
  assert (Hnw : forall l a, In l (objs c "location") -> In a (objs c "car") -> waiting_at c s l a = false).
  { intros l a Hl Ha. unfold waiting_at. destruct (s "at" [a; l]) eqn:E; [|reflexivity].
    rewrite existsb_false_in; [reflexivity|]. intros g Hgl. destruct (In_filter_l _ _ _ Hgl) as [Hg' Hgg].
    rewrite (I6 a l g Ha Hl Hg' E (Hg "at" [a; g] Hgg)), Nat.eqb_refl. reflexivity. }
  assert (Hnl : forall l, In l (objs c "location") -> wloc c s l = false).
  { intros l Hl. unfold wloc. apply existsb_false_in. intros a Ha. exact (Hnw l a Hl Ha). }
  assert (Ht : total c s = 0).
  { unfold total. apply sum_over_zero. intros a _. apply sum_over_zero. intros g Hgl. unfold cost.
    rewrite (Hg "at" [a; g] (proj2 (In_filter_l _ _ _ Hgl))). reflexivity. }
  assert (Hr0 : rep c s = 0).
  { unfold rep. rewrite (existsb_false_in _ (fun v_l => wloc c s v_l)) by exact Hnl. reflexivity. }
  assert (Hw0 : count_over (objs c "location") (wlp c s) = 0).
  { apply count_over_zero. intros l Hl. unfold wlp. rewrite (Hnl l Hl). reflexivity. }
  assert (Hk : carried c s = false).
  { unfold carried. apply existsb_false_in. intros d Hd. apply In_filter_l in Hd as [Hd Hon].
    destruct (goal_locs c d) as [|g gs] eqn:Gd; [reflexivity|].
    assert (Hgl : In g (goal_locs c d)) by (rewrite Gd; left; reflexivity).
    destruct (In_filter_l _ _ _ Hgl) as [Hg' Hgg].
    rewrite (I5 d g Hd Hg' (Hg "at" [d; g] Hgg)) in Hon. discriminate. }
  assert (Hx0 : xs c s = 0).
  { unfold xs. apply sum_over_zero. intros v Hv.
    assert (Hwc : wcount c s v = 0) by (apply count_over_zero; intros a Ha; exact (Hnw v a Hv Ha)).
    unfold xt, outc. rewrite Hk, Hwc. destruct (s "at-ferry" [v]); simpl; lia. }
  rewrite Ht, Hr0, Hw0, Hx0. reflexivity.
Qed.

Theorem ferry_consistent : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  ferry_wf c -> ferry_certificate c = true ->
  consistent State Op (strips_step c ferry_schemas) cost (init c) (fun s => ferry_h (at_state c s)).
Proof.
  intros c cost Hcost Hwf Hcert s o s' Hr Hs. rewrite !h_eq, !value_eq.
  pose proof (step_bound c s o s' Hwf Hcert (inv_reachable c s Hwf Hcert Hr) Hs) as [H1 H2].
  unfold wl in H1. specialize (Hcost o). lia.
Qed.

Theorem ferry_admissible : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  ferry_wf c -> ferry_certificate c = true ->
  forall s k, reachable State Op (strips_step c ferry_schemas) (init c) s ->
  plan State Op (strips_step c ferry_schemas) cost (strips_goal c) s k ->
  le_opt (ferry_h (at_state c s)) k.
Proof.
  intros c cost Hcost Hwf Hcert s k Hr Hp.
  exact (admissible_on_reachable State Op (strips_step c ferry_schemas) cost (strips_goal c) (init c)
    (fun s => ferry_h (at_state c s)) (ferry_goal_aware c Hwf Hcert) (ferry_consistent c cost Hcost Hwf Hcert)
    s k Hr Hp).
Qed.

Print Assumptions ferry_goal_aware.
Print Assumptions ferry_consistent.
Print Assumptions ferry_admissible.
