(* Miconic: the heuristic printed from heuristics/miconic.heur (Heuristics.v, printed by
   certplan, unchanged) is goal-aware and consistent on every reachable state of every task that
   passes its certificate, hence admissible there (Admissible.v).

   h = 2 W + R + F (see miconic.heur). Consistency, per schema (any cost >= 1):
   - board f0 p0: only p0's weight 2[W] + [R] changes, by at most 1; F is unchanged (only
     origin p0 f0 goes, and f0 is the lift's floor, which F never counts);
   - depart f0 p0: only p0's weight changes (p0 was boarded: by at most 1); F is unchanged
     (p0's one destination is f0, the lift's floor: certificate check one-destination);
   - up/down f0 f1: W and R are unchanged; only f1 may leave F (objects are listed once).
   Goal-awareness: in a goal state every goal passenger is served, so W = R = 0, no destination
   term is left, and a served passenger is at no origin (an invariant of reachable states, from
   the checks one-origin and no-origin-once-boarded-or-served). *)

From DHeur Require Import Heuristics Admissible Counting.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

(* ---------- The printed value, term by term ---------- *)

Definition waiting (s : State) (p : nat) : bool :=
  andb (negb (s "served" [p])) (andb (negb (s "boarded" [p])) true).
Definition riding (s : State) (p : nat) : bool :=
  andb (negb (s "served" [p])) (andb (s "boarded" [p]) true).
Definition goal_passengers (c : Ctx) : list nat := List.filter (fun v_p => goal c "served" [v_p]) (objs c "passenger").
Definition needs (c : Ctx) (s : State) (f : nat) : bool :=
  orb (existsb (fun v_p => negb (s "served" [v_p]))
         (List.filter (fun v_p => andb (goal c "served" [v_p]) (andb (stat c "destin" [v_p; f]) true))
            (objs c "passenger")))
    (orb (existsb (fun v_p => s "origin" [v_p; f])
            (List.filter (fun v_p => andb (goal c "served" [v_p]) (andb (init c "origin" [v_p; f]) true))
               (objs c "passenger")))
       false).
Definition to_visit (c : Ctx) (s : State) (f : nat) : bool :=
  andb (negb (s "lift-at" [f])) (andb (needs c s f) true).

Lemma value_eq : forall c s, miconic_value (at_state c s) =
  2 * count_over (goal_passengers c) (waiting s)
  + (count_over (goal_passengers c) (riding s) + (count_over (objs c "floor") (to_visit c s) + 0)).
Proof. reflexivity. Qed.

Lemma h_eq : forall c s, miconic_h (at_state c s) = Some (miconic_value (at_state c s)).
Proof. reflexivity. Qed.

Definition weight (s : State) (p : nat) : nat := 2 * b2n (waiting s p) + b2n (riding s p).

Lemma passengers_sum : forall c s, 2 * count_over (goal_passengers c) (waiting s) + count_over (goal_passengers c) (riding s)
  = sum_over (goal_passengers c) (weight s).
Proof.
  intros c s. rewrite !count_over_sum. unfold weight, sum_over.
  induction (goal_passengers c) as [|y l IH]; [reflexivity|]. cbn [fold_right]. rewrite <- IH. lia.
Qed.

(* ---------- The certificate, as facts ---------- *)

Lemma certificate_facts : forall c, miconic_certificate c = true ->
  (forall p, In p (objs c "passenger") -> count_over (objs c "floor") (fun f => stat c "destin" [p; f]) <= 1) /\
  (forall p, In p (objs c "passenger") -> count_over (objs c "floor") (fun f => init c "origin" [p; f]) <= 1) /\
  (forall p f, In p (objs c "passenger") -> In f (objs c "floor") -> init c "origin" [p; f] = true ->
     init c "served" [p] = false /\ init c "boarded" [p] = false).
Proof.
  intros c H. unfold miconic_certificate in H. rewrite !andb_true_iff in H.
  destruct H as [H0 [_ [H2 [_ [H4 _]]]]].
  unfold miconic_check_0 in H0. unfold miconic_check_2 in H2. unfold miconic_check_4 in H4.
  rewrite forallb_forall in H0, H2, H4. split; [|split].
  - intros p Hp. apply Nat.leb_le. exact (H0 p Hp).
  - intros p Hp. apply Nat.leb_le. exact (H2 p Hp).
  - intros p f Hp Hf Ho. specialize (H4 p Hp). rewrite !orb_true_iff in H4.
    destruct H4 as [H4|[H4|H4]]; [| |discriminate].
    + apply negb_true_iff in H4. assert (existsb (fun v_f => init c "origin" [p; v_f]) (objs c "floor") = true)
        by (apply existsb_exists; exists f; auto). congruence.
    + rewrite !andb_true_iff, !negb_true_iff in H4. tauto.
Qed.

(* ---------- The step relation, schema by schema ---------- *)

(* What each schema reads and changes, for the predicates the heuristic reads. *)
Lemma step_inv : forall c s o s', strips_step c miconic_schemas s o s' ->
  (exists f0 p0, In f0 (objs c "floor") /\ In p0 (objs c "passenger") /\
     s "lift-at" [f0] = true /\ s "origin" [p0; f0] = true /\
     (forall ys, s' "served" ys = s "served" ys) /\
     (forall p, s' "boarded" [p] = if Nat.eqb p0 p then true else s "boarded" [p]) /\
     (forall ys, s' "lift-at" ys = s "lift-at" ys) /\
     (forall p f, s' "origin" [p; f] = if andb (Nat.eqb p0 p) (Nat.eqb f0 f) then false else s "origin" [p; f]) /\
     (forall ys, s' "destin" ys = s "destin" ys))
  \/
  (exists f0 p0, In f0 (objs c "floor") /\ In p0 (objs c "passenger") /\
     s "lift-at" [f0] = true /\ s "destin" [p0; f0] = true /\ s "boarded" [p0] = true /\
     (forall p, s' "served" [p] = if Nat.eqb p0 p then true else s "served" [p]) /\
     (forall p, s' "boarded" [p] = if Nat.eqb p0 p then false else s "boarded" [p]) /\
     (forall ys, s' "lift-at" ys = s "lift-at" ys) /\
     (forall ys, s' "origin" ys = s "origin" ys) /\
     (forall ys, s' "destin" ys = s "destin" ys))
  \/
  (exists f0 f1, In f0 (objs c "floor") /\ In f1 (objs c "floor") /\
     (forall ys, s' "served" ys = s "served" ys) /\
     (forall ys, s' "boarded" ys = s "boarded" ys) /\
     (forall f, s' "lift-at" [f] = if Nat.eqb f1 f then true else if Nat.eqb f0 f then false else s "lift-at" [f]) /\
     (forall ys, s' "origin" ys = s "origin" ys) /\
     (forall ys, s' "destin" ys = s "destin" ys)).
Proof.
  intros c s [sch xs] s' [Hin [Ht [Hpre ->]]]. cbn [fst snd] in Hin, Ht, Hpre |- *.
  unfold miconic_schemas in Hin. cbn [In] in Hin.
  destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; cbn [sparams spre] in Ht, Hpre;
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
  - right; right. exists x0, x1. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; repeat destruct (Nat.eqb _ _); reflexivity.
Qed.

(* ---------- Invariants of reachable states ---------- *)

Definition inv (c : Ctx) (s : State) : Prop :=
  (forall ys, s "destin" ys = init c "destin" ys) /\
  (forall p f f', In p (objs c "passenger") -> In f (objs c "floor") -> In f' (objs c "floor") ->
     s "origin" [p; f] = true -> s "origin" [p; f'] = true -> f = f') /\
  (forall p f, In p (objs c "passenger") -> In f (objs c "floor") -> s "origin" [p; f] = true ->
     s "served" [p] = false /\ s "boarded" [p] = false).

Lemma inv_init : forall c, miconic_wf c -> miconic_certificate c = true -> inv c (init c).
Proof.
  intros c [Hnd _] Hcert. destruct (certificate_facts c Hcert) as [_ [Horig Hfree]].
  split; [reflexivity|split].
  - intros p f f' Hp Hf Hf' H1 H2.
    exact (count_over_le1 _ (fun f => init c "origin" [p; f]) f f' (Hnd "floor") (Horig p Hp) Hf Hf' H1 H2).
  - exact Hfree.
Qed.

Lemma inv_step : forall c s o s', inv c s -> strips_step c miconic_schemas s o s' -> inv c s'.
Proof.
  intros c s o s' [Hd [Hu Hf]] Hs.
  destruct (step_inv c s o s' Hs) as
    [[f0 [p0 [Hf0 [Hp0 [Hl [Ho [Hserved [Hboarded [Hlift [Horigin Hdestin]]]]]]]]]]
    |[[f0 [p0 [Hf0 [Hp0 [Hl [Hdst [Hb [Hserved [Hboarded [Hlift [Horigin Hdestin]]]]]]]]]]]
     |[f0 [f1 [Hf0 [Hf1 [Hserved [Hboarded [Hlift [Horigin Hdestin]]]]]]]]]].
  - split; [intros ys; rewrite Hdestin; apply Hd|split].
    + intros p f f' Hp Hf_ Hf' H1 H2. rewrite Horigin in H1, H2.
      destruct (andb _ (Nat.eqb f0 f)) eqn:E1 in H1; [discriminate|].
      destruct (andb _ (Nat.eqb f0 f')) eqn:E2 in H2; [discriminate|].
      exact (Hu p f f' Hp Hf_ Hf' H1 H2).
    + intros p f Hp Hf_ H. rewrite Horigin in H.
      destruct (andb (Nat.eqb p0 p) (Nat.eqb f0 f)) eqn:E; [discriminate|].
      destruct (Nat.eqb_spec p0 p) as [<-|Hne].
      * (* p0 had its one origin at f0, deleted by board: f is f0, which E excludes *)
        assert (f0 = f) as <- by exact (Hu p0 f0 f Hp0 Hf0 Hf_ Ho H).
        rewrite Nat.eqb_refl in E. discriminate.
      * rewrite Hserved, Hboarded. rewrite (proj2 (Nat.eqb_neq p0 p) Hne). exact (Hf p f Hp Hf_ H).
  - split; [intros ys; rewrite Hdestin; apply Hd|split].
    + intros p f f' Hp Hf_ Hf' H1 H2. rewrite Horigin in H1, H2. exact (Hu p f f' Hp Hf_ Hf' H1 H2).
    + intros p f Hp Hf_ H. rewrite Horigin in H. destruct (Hf p f Hp Hf_ H) as [Hs1 Hs2].
      destruct (Nat.eqb_spec p0 p) as [<-|Hne]; [congruence|].
      rewrite Hserved, Hboarded, (proj2 (Nat.eqb_neq p0 p) Hne). auto.
  - split; [intros ys; rewrite Hdestin; apply Hd|split].
    + intros p f f' Hp Hf_ Hf' H1 H2. rewrite Horigin in H1, H2. exact (Hu p f f' Hp Hf_ Hf' H1 H2).
    + intros p f Hp Hf_ H. rewrite Horigin in H. rewrite Hserved, Hboarded. exact (Hf p f Hp Hf_ H).
Qed.

Lemma inv_reachable : forall c s, miconic_wf c -> miconic_certificate c = true ->
  reachable State Op (strips_step c miconic_schemas) (init c) s -> inv c s.
Proof.
  intros c s Hwf Hcert Hr. induction Hr as [|s o s' Hr IH Hs].
  - exact (inv_init c Hwf Hcert).
  - exact (inv_step c s o s' IH Hs).
Qed.

(* ---------- Consistency ---------- *)

Lemma weight_le : forall s p, weight s p <= 2.
Proof. intros s p. unfold weight, waiting, riding, b2n. destruct (s "served" [p]), (s "boarded" [p]); simpl; lia. Qed.

Lemma weight_ext : forall s s' p, s' "served" [p] = s "served" [p] -> s' "boarded" [p] = s "boarded" [p] ->
  weight s' p = weight s p.
Proof. intros s s' p H1 H2. unfold weight, waiting, riding. rewrite H1, H2. reflexivity. Qed.

Lemma needs_congr : forall c s s' f,
  (forall p, In p (objs c "passenger") -> stat c "destin" [p; f] = true -> s' "served" [p] = s "served" [p]) ->
  (forall p, s' "origin" [p; f] = s "origin" [p; f]) ->
  needs c s' f = needs c s f.
Proof.
  intros c s s' f Hs Ho. unfold needs. f_equal; [|f_equal].
  - apply existsb_ext_in. intros p Hp. apply In_filter_l in Hp. destruct Hp as [Hp Hg].
    rewrite !andb_true_iff in Hg. rewrite (Hs p Hp (proj1 (proj2 Hg))). reflexivity.
  - apply existsb_ext_in. intros p _. apply Ho.
Qed.

Lemma to_visit_at_lift : forall c s f, s "lift-at" [f] = true -> to_visit c s f = false.
Proof. intros c s f H. unfold to_visit. rewrite H. reflexivity. Qed.

(* One transition from a reachable state: the weights of the passengers drop by at most a, the
   floors to visit by at most b, a + b <= 1. *)
Lemma step_bound : forall c s o s', miconic_wf c -> miconic_certificate c = true -> inv c s ->
  strips_step c miconic_schemas s o s' ->
  sum_over (goal_passengers c) (weight s) + count_over (objs c "floor") (to_visit c s)
  <= 1 + (sum_over (goal_passengers c) (weight s') + count_over (objs c "floor") (to_visit c s')).
Proof.
  intros c s o s' [Hnd [Hstat _]] Hcert [Hd [Hu Hf]] Hs.
  destruct (certificate_facts c Hcert) as [Hdest _].
  assert (Hgp : NoDup (goal_passengers c)) by (apply NoDup_filter; apply Hnd).
  assert (Hgp_in : forall p, In p (goal_passengers c) -> In p (objs c "passenger"))
    by (intros p Hp; exact (proj1 (In_filter_l _ _ _ Hp))).
  destruct (step_inv c s o s' Hs) as
    [[f0 [p0 [Hf0 [Hp0 [Hl [Ho [Hserved [Hboarded [Hlift [Horigin Hdestin]]]]]]]]]]
    |[[f0 [p0 [Hf0 [Hp0 [Hl [Hdst [Hb [Hserved [Hboarded [Hlift [Horigin Hdestin]]]]]]]]]]]
     |[f0 [f1 [Hf0 [Hf1 [Hserved [Hboarded [Hlift [Horigin Hdestin]]]]]]]]]].
  - (* board f0 p0 *)
    assert (Hw : sum_over (goal_passengers c) (weight s) <= sum_over (goal_passengers c) (weight s') + 1).
    { apply (sum_over_point _ _ _ p0 1 Hgp).
      - intros p _ Hne. rewrite (weight_ext s s' p); [lia|apply Hserved|].
        rewrite Hboarded, (proj2 (Nat.eqb_neq p0 p) (not_eq_sym Hne)). reflexivity.
      - unfold weight, waiting, riding, b2n. rewrite Hserved, Hboarded, Nat.eqb_refl.
        destruct (s "served" [p0]), (s "boarded" [p0]); simpl; lia. }
    assert (Hv' : count_over (objs c "floor") (to_visit c s) <= count_over (objs c "floor") (to_visit c s')).
    { apply count_over_mono. intros f Hf_ Hv. destruct (Nat.eq_dec f f0) as [->|Hne].
      - rewrite (to_visit_at_lift c s f0 Hl) in Hv. discriminate.
      - unfold to_visit in *. rewrite Hlift.
        rewrite (needs_congr c s s' f); [exact Hv|intros; apply Hserved|].
        intros p. rewrite Horigin. rewrite (proj2 (Nat.eqb_neq f0 f) (not_eq_sym Hne)), andb_false_r.
        reflexivity. }
    lia.
  - (* depart f0 p0 *)
    assert (Hw : sum_over (goal_passengers c) (weight s) <= sum_over (goal_passengers c) (weight s') + 1).
    { apply (sum_over_point _ _ _ p0 1 Hgp).
      - intros p _ Hne. rewrite (weight_ext s s' p); [lia| |].
        + rewrite Hserved, (proj2 (Nat.eqb_neq p0 p) (not_eq_sym Hne)). reflexivity.
        + rewrite Hboarded, (proj2 (Nat.eqb_neq p0 p) (not_eq_sym Hne)). reflexivity.
      - unfold weight, waiting, riding, b2n. rewrite Hserved, Hboarded, Nat.eqb_refl, Hb.
        destruct (s "served" [p0]); simpl; lia. }
    assert (Hv' : count_over (objs c "floor") (to_visit c s) <= count_over (objs c "floor") (to_visit c s')).
    { apply count_over_mono. intros f Hf_ Hv. destruct (Nat.eq_dec f f0) as [->|Hne].
      - rewrite (to_visit_at_lift c s f0 Hl) in Hv. discriminate.
      - unfold to_visit in *. rewrite Hlift.
        rewrite (needs_congr c s s' f); [exact Hv| |intros; apply Horigin].
        intros p Hp Hpf. rewrite Hserved. destruct (Nat.eqb_spec p0 p) as [<-|Hne']; [|reflexivity].
        (* p0's one destination is f0 (check one-destination), so f is not one of its *)
        exfalso. apply Hne.
        assert (Hpf0 : stat c "destin" [p0; f0] = true) by (rewrite Hstat, <- Hd; exact Hdst).
        exact (count_over_le1 _ (fun f => stat c "destin" [p0; f]) f f0 (Hnd "floor") (Hdest p0 Hp0) Hf_ Hf0 Hpf Hpf0). }
    lia.
  - (* up or down from f0 to f1 *)
    assert (Hw : sum_over (goal_passengers c) (weight s) <= sum_over (goal_passengers c) (weight s')).
    { apply sum_over_mono. intros p _. rewrite (weight_ext s s' p); [lia|apply Hserved|apply Hboarded]. }
    assert (Hv' : count_over (objs c "floor") (to_visit c s) <= count_over (objs c "floor") (to_visit c s') + 1).
    { rewrite !count_over_sum. apply (sum_over_point _ _ _ f1 1 (Hnd "floor")).
      - intros f _ Hne. unfold b2n, to_visit.
        rewrite (needs_congr c s s' f); [|intros; apply Hserved|intros; apply Horigin].
        rewrite Hlift, (proj2 (Nat.eqb_neq f1 f) (not_eq_sym Hne)).
        destruct (Nat.eqb f0 f), (s "lift-at" [f]), (needs c s f); simpl; lia.
      - unfold b2n. destruct (to_visit c s f1), (to_visit c s' f1); lia. }
    lia.
Qed.

(* ---------- The theorems ---------- *)

Theorem miconic_goal_aware : forall c : Ctx, miconic_wf c -> miconic_certificate c = true ->
  goal_aware State Op (strips_step c miconic_schemas) (init c) (strips_goal c) (fun s => miconic_h (at_state c s)).
Proof.
  intros c Hwf Hcert s Hr Hg. rewrite h_eq, value_eq.
  destruct (inv_reachable c s Hwf Hcert Hr) as [_ [_ Hf]].
  assert (Hsv : forall p, In p (goal_passengers c) -> s "served" [p] = true)
    by (intros p Hp; apply Hg; exact (proj2 (In_filter_l _ _ _ Hp))).
  rewrite (count_over_zero _ (waiting s)), (count_over_zero _ (riding s)), (count_over_zero _ (to_visit c s));
    [reflexivity| | |].
  - intros f Hf_. unfold to_visit.
    assert (needs c s f = false) as ->; [|apply andb_false_r].
    unfold needs. rewrite !existsb_false_in; [reflexivity| |].
    + intros p Hp. apply In_filter_l in Hp. destruct Hp as [Hp Hgo]. rewrite !andb_true_iff in Hgo.
      destruct (s "origin" [p; f]) eqn:E; [|reflexivity].
      exfalso. assert (Hs1 : s "served" [p] = true) by (apply Hg; exact (proj1 Hgo)).
      rewrite (proj1 (Hf p f Hp Hf_ E)) in Hs1. discriminate.
    + intros p Hp. apply In_filter_l in Hp. destruct Hp as [Hp Hgo]. rewrite !andb_true_iff in Hgo.
      rewrite (Hg "served" [p] (proj1 Hgo)). reflexivity.
  - intros p Hp. unfold riding. rewrite (Hsv p Hp). reflexivity.
  - intros p Hp. unfold waiting. rewrite (Hsv p Hp). reflexivity.
Qed.

Theorem miconic_consistent : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  miconic_wf c -> miconic_certificate c = true ->
  consistent State Op (strips_step c miconic_schemas) cost (init c) (fun s => miconic_h (at_state c s)).
Proof.
  intros c cost Hcost Hwf Hcert s o s' Hr Hs. rewrite !h_eq, !value_eq.
  pose proof (step_bound c s o s' Hwf Hcert (inv_reachable c s Hwf Hcert Hr) Hs) as H.
  rewrite <- !passengers_sum in H. specialize (Hcost o). lia.
Qed.

Theorem miconic_admissible : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  miconic_wf c -> miconic_certificate c = true ->
  forall s k, reachable State Op (strips_step c miconic_schemas) (init c) s ->
  plan State Op (strips_step c miconic_schemas) cost (strips_goal c) s k ->
  le_opt (miconic_h (at_state c s)) k.
Proof.
  intros c cost Hcost Hwf Hcert s k Hr Hp.
  exact (admissible_on_reachable State Op (strips_step c miconic_schemas) cost (strips_goal c) (init c)
    (fun s => miconic_h (at_state c s)) (miconic_goal_aware c Hwf Hcert) (miconic_consistent c cost Hcost Hwf Hcert)
    s k Hr Hp).
Qed.

Print Assumptions miconic_goal_aware.
Print Assumptions miconic_consistent.
Print Assumptions miconic_admissible.
