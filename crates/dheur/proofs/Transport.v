(* Transport: the heuristic printed from heuristics/transport.heur (Heuristics.v, printed by
   certplan, unchanged) is goal-aware and consistent on every reachable state of every task that
   passes its certificate, hence admissible there (Admissible.v).

   h = H + max(M, L2, W) (see transport.heur): H the per-package handling (2 on the ground, 1 in
   a vehicle, 0 at its goal), M the largest road distance a vehicle still has to drive for one
   package, L2 the arrivals (locations that are the destination of an unmet package not aboard a
   vehicle standing there, or that have no vehicle and hold a package bound elsewhere), W the
   locations without a vehicle that one must reach. h = max(H + max(M, W), H + L2), so it is
   enough that each of the two drops by at most 1 per transition (step_bound).
   Invariants of reachable states (from the certificate): roads are those of the initial state,
   a vehicle is at one location at most, a package at one location at most, in one vehicle at
   most, and never both on the ground and in a vehicle.
   Per schema (any cost >= 1):
   - drive v k k': H unchanged; every distance from v drops by at most 1 (an edge of the distance
     table), so M drops by at most 1; only k' may leave W;
   - pick-up v l p: only p's handling drops, by 1; p's requirement was at most d(l, g) (v is at l)
     and becomes d(l, g) for v and the cap for any other vehicle: M does not drop; W unchanged
     (l has v);
   - drop v l p: only p's handling drops, by 1; p's requirement was d(l, g) and becomes 0 (l = g)
     or at least d(l, g): M does not drop; W unchanged (l has v).
   H + L2, per schema (arr_mono: a location stays in the set when no vehicle newly stands there,
   a package waiting there without a vehicle stays, and a destination's unmet package stays off
   its goal and off every vehicle standing there):
   - drive v k k': H unchanged; a vehicle newly stands only at k', so only k' may leave L2;
   - pick-up v l p: H drops by at most 1; p goes from the ground at l into v at l: a destination
     g <> l of p stays in the set (v is at l only), l has v before and after: L2 does not drop;
   - drop v l p: H drops by at most 1; p is off every vehicle after, and if its destination g
     was in the set then v was not at g, so l <> g and p stays off g: L2 does not drop.
   Goal-awareness: every package with a goal is at it, hence at no other location: every term
   is 0 (L2 too: no destination has an unmet package, no package waits away from its goal). *)

From DHeur Require Import Heuristics Admissible Counting.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

(* ---------- The printed value, term by term ---------- *)

Definition glocs (c : Ctx) (p : nat) : list nat := List.filter (fun v_g => goal c "at" [p; v_g]) (objs c "location").
Definition hterm (c : Ctx) (s : State) (p g : nat) : nat :=
  if s "at" [p; g] then 0 else if existsb (fun v_v => s "in" [p; v_v]) (objs c "vehicle") then 1 else 2.
Definition handling (c : Ctx) (s : State) : nat :=
  sum_over (objs c "package") (fun v_p => sum_over (glocs c v_p) (fun v_g => hterm c s v_p v_g)).
Definition fdist (c : Ctx) (s : State) (p g v k : nat) : nat :=
  if s "in" [p; v] then dist c "road" k g
  else min_over (List.filter (fun v_l => s "at" [p; v_l]) (objs c "location"))
         (fun v_l => dist c "road" k v_l + (dist c "road" v_l g + 0)) (dist_cap c "road").
Definition vreach (c : Ctx) (s : State) (p g v : nat) : nat :=
  min_over (List.filter (fun v_k => s "at" [v; v_k]) (objs c "location")) (fun v_k => fdist c s p g v v_k)
    (dist_cap c "road").
Definition mterm (c : Ctx) (s : State) (p g : nat) : nat :=
  if s "at" [p; g] then 0 else min_over (objs c "vehicle") (fun v_v => vreach c s p g v_v) (dist_cap c "road").
Definition farthest (c : Ctx) (s : State) : nat :=
  max_over (objs c "package") (fun v_p => max_over (glocs c v_p) (fun v_g => mterm c s v_p v_g)).
Definition needs (c : Ctx) (s : State) (l : nat) : bool :=
  orb (existsb (fun v_p => negb (s "at" [v_p; l])) (List.filter (fun v_p => goal c "at" [v_p; l]) (objs c "package")))
    (orb (existsb (fun v_p => andb (s "at" [v_p; l]) (andb (existsb (fun v_g => negb (Nat.eqb v_g l)) (glocs c v_p)) true))
            (objs c "package")) false).
Definition wl (c : Ctx) (s : State) (l : nat) : bool :=
  andb (negb (existsb (fun v_v => s "at" [v_v; l]) (objs c "vehicle"))) (andb (needs c s l) true).
Definition waits (c : Ctx) (s : State) : nat := count_over (objs c "location") (wl c s).
Definition arr (c : Ctx) (s : State) (l : nat) : bool :=
  orb (existsb (fun v_p => andb (negb (s "at" [v_p; l]))
                 (andb (negb (existsb (fun v_v => andb (s "in" [v_p; v_v]) (andb (s "at" [v_v; l]) true)) (objs c "vehicle"))) true))
         (List.filter (fun v_p => goal c "at" [v_p; l]) (objs c "package")))
    (orb (andb (negb (existsb (fun v_v => s "at" [v_v; l]) (objs c "vehicle")))
            (andb (existsb (fun v_p => andb (s "at" [v_p; l]) (andb (existsb (fun v_g => negb (Nat.eqb v_g l)) (glocs c v_p)) true))
                     (objs c "package")) true)) false).
Definition arrivals (c : Ctx) (s : State) : nat := count_over (objs c "location") (arr c s).

Definition value (c : Ctx) (s : State) : nat :=
  handling c s + (Nat.max (farthest c s) (Nat.max (arrivals c s) (Nat.max (waits c s) 0)) + 0).

Lemma h_eq : forall c s, transport_h (at_state c s) = Some (value c s).
Proof. reflexivity. Qed.

(* ---------- The certificate, as facts ---------- *)

Lemma certificate_facts : forall c, transport_certificate c = true ->
  (forall v p, In v (objs c "vehicle") -> In p (objs c "package") -> v <> p) /\
  (forall p, In p (objs c "package") -> count_over (objs c "location") (fun l => goal c "at" [p; l]) <= 1) /\
  (forall v, In v (objs c "vehicle") -> count_over (objs c "location") (fun l => init c "at" [v; l]) <= 1) /\
  (forall p, In p (objs c "package") ->
     count_over (objs c "location") (fun l => init c "at" [p; l]) +
     (count_over (objs c "vehicle") (fun v => init c "in" [p; v]) + 0) <= 1).
Proof.
  intros c H. unfold transport_certificate in H. rewrite !andb_true_iff in H.
  destruct H as [H0 [_ [H2 [H3 [H4 _]]]]].
  unfold transport_check_0 in H0. unfold transport_check_2 in H2. unfold transport_check_3 in H3.
  unfold transport_check_4 in H4.
  rewrite forallb_forall in H0, H2, H3, H4.
  split; [|split; [|split]].
  - intros v p Hv Hp. specialize (H0 v Hv). rewrite forallb_forall in H0. specialize (H0 p Hp).
    apply negb_true_iff, Nat.eqb_neq in H0. exact H0.
  - intros p Hp. apply Nat.leb_le. exact (H2 p Hp).
  - intros v Hv. apply Nat.leb_le. exact (H3 v Hv).
  - intros p Hp. apply Nat.leb_le. exact (H4 p Hp).
Qed.

(* ---------- The step relation, schema by schema ---------- *)

Lemma step_inv : forall c s o s', strips_step c transport_schemas s o s' ->
  (exists v k k', In v (objs c "vehicle") /\ In k (objs c "location") /\ In k' (objs c "location") /\
     s "at" [v; k] = true /\ s "road" [k; k'] = true /\
     (forall x y, s' "at" [x; y] = if andb (Nat.eqb v x) (Nat.eqb k' y) then true
                                  else if andb (Nat.eqb v x) (Nat.eqb k y) then false else s "at" [x; y]) /\
     (forall ys, s' "in" ys = s "in" ys) /\ (forall ys, s' "road" ys = s "road" ys))
  \/
  (exists v l p, In v (objs c "vehicle") /\ In l (objs c "location") /\ In p (objs c "package") /\
     s "at" [v; l] = true /\ s "at" [p; l] = true /\
     (forall x y, s' "at" [x; y] = if andb (Nat.eqb p x) (Nat.eqb l y) then false else s "at" [x; y]) /\
     (forall x y, s' "in" [x; y] = if andb (Nat.eqb p x) (Nat.eqb v y) then true else s "in" [x; y]) /\
     (forall ys, s' "road" ys = s "road" ys))
  \/
  (exists v l p, In v (objs c "vehicle") /\ In l (objs c "location") /\ In p (objs c "package") /\
     s "at" [v; l] = true /\ s "in" [p; v] = true /\
     (forall x y, s' "at" [x; y] = if andb (Nat.eqb p x) (Nat.eqb l y) then true else s "at" [x; y]) /\
     (forall x y, s' "in" [x; y] = if andb (Nat.eqb p x) (Nat.eqb v y) then false else s "in" [x; y]) /\
     (forall ys, s' "road" ys = s "road" ys)).
Proof.
  intros c s [sch xs] s' [Hin [Ht [Hpre ->]]]. cbn [fst snd] in Hin, Ht, Hpre |- *.
  unfold transport_schemas in Hin. cbn [In] in Hin.
  destruct Hin as [<-|[<-|[<-|[]]]]; cbn [sparams spre] in Ht, Hpre.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 xs]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 _].
    cbn [pre_holds map arg_value nth] in P1, P2.
    left. exists x0, x1, x2. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 [|x4 [|x5 xs]]]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 _].
    cbn [pre_holds map arg_value nth] in P1, P2.
    right; left. exists x0, x1, x2. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 [|x4 [|x5 xs]]]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 _].
    cbn [pre_holds map arg_value nth] in P1, P2.
    right; right. exists x0, x1, x2. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
Qed.

(* ---------- Invariants of reachable states ---------- *)

Definition inv (c : Ctx) (s : State) : Prop :=
  (forall ys, s "road" ys = init c "road" ys) /\
  (forall v l l', In v (objs c "vehicle") -> In l (objs c "location") -> In l' (objs c "location") ->
     s "at" [v; l] = true -> s "at" [v; l'] = true -> l = l') /\
  (forall p l l', In p (objs c "package") -> In l (objs c "location") -> In l' (objs c "location") ->
     s "at" [p; l] = true -> s "at" [p; l'] = true -> l = l') /\
  (forall p v v', In p (objs c "package") -> In v (objs c "vehicle") -> In v' (objs c "vehicle") ->
     s "in" [p; v] = true -> s "in" [p; v'] = true -> v = v') /\
  (forall p l v, In p (objs c "package") -> In l (objs c "location") -> In v (objs c "vehicle") ->
     s "at" [p; l] = true -> s "in" [p; v] = false).

Lemma inv_init : forall c, transport_wf c -> transport_certificate c = true -> inv c (init c).
Proof.
  intros c [Hnd _] Hcert. destruct (certificate_facts c Hcert) as [_ [_ [Hv Hp]]].
  split; [reflexivity|split; [|split; [|split]]].
  - intros v l l' Hv' Hl Hl' H1 H2. exact (count_over_le1 _ _ l l' (Hnd "location") (Hv v Hv') Hl Hl' H1 H2).
  - intros p l l' Hp' Hl Hl' H1 H2. specialize (Hp p Hp').
    exact (count_over_le1 _ (fun l => init c "at" [p; l]) l l' (Hnd "location") ltac:(lia) Hl Hl' H1 H2).
  - intros p v v' Hp' Hv1 Hv2 H1 H2. specialize (Hp p Hp').
    exact (count_over_le1 _ (fun v => init c "in" [p; v]) v v' (Hnd "vehicle") ltac:(lia) Hv1 Hv2 H1 H2).
  - intros p l v Hp' Hl Hv' H1. specialize (Hp p Hp').
    destruct (init c "in" [p; v]) eqn:E; [|reflexivity]. exfalso.
    pose proof (count_over_pos _ (fun l => init c "at" [p; l]) l Hl H1).
    pose proof (count_over_pos _ (fun v => init c "in" [p; v]) v Hv' E). lia.
Qed.

Lemma inv_step : forall c s o s', transport_certificate c = true -> inv c s ->
  strips_step c transport_schemas s o s' -> inv c s'.
Proof.
  intros c s o s' Hcert [I1 [I2 [I3 [I4 I5]]]] Hs.
  destruct (certificate_facts c Hcert) as [Dvp _].
  destruct (step_inv c s o s' Hs) as
    [[v [k [k' [Hv [Hk [Hk' [Hat0 [Hroad0 [Hat [Hin Hro]]]]]]]]]]
    |[[v [l [p [Hv [Hl [Hp [Hatv [Hatp [Hat [Hin Hro]]]]]]]]]]
     |[v [l [p [Hv [Hl [Hp [Hatv [Hinp [Hat [Hin Hro]]]]]]]]]]]].
  - (* drive *)
    assert (Hpk : forall q y, In q (objs c "package") -> s' "at" [q; y] = s "at" [q; y]).
    { intros q y Hq. rewrite Hat. destruct (Nat.eqb_spec v q) as [<-|_]; [exfalso; exact (Dvp v v Hv Hq eq_refl)|].
      reflexivity. }
    split; [intros ys; rewrite Hro; apply I1|split; [|split; [|split]]].
    + assert (Hone : forall w y, In w (objs c "vehicle") -> In y (objs c "location") -> s' "at" [w; y] = true ->
        (w = v /\ y = k') \/ (w <> v /\ s "at" [w; y] = true)).
      { intros w y Hw Hy H. rewrite Hat in H. revert H.
        destruct (Nat.eqb_spec v w) as [<-|Hne]; simpl.
        - destruct (Nat.eqb_spec k' y) as [<-|Hne']; simpl; [auto|].
          destruct (Nat.eqb_spec k y) as [<-|Hne'']; simpl; [discriminate|].
          intros H. exfalso. exact (Hne'' (I2 v k y Hv Hk Hy Hat0 H)).
        - intros H. right. auto. }
      intros w y y' Hw Hy Hy' H1 H2.
      destruct (Hone w y Hw Hy H1) as [[Ew Ey]|[Hne E1]]; destruct (Hone w y' Hw Hy' H2) as [[Ew' Ey']|[Hne' E2]].
      * congruence.
      * contradiction.
      * contradiction.
      * exact (I2 w y y' Hw Hy Hy' E1 E2).
    + intros q y y' Hq. rewrite !Hpk by exact Hq. exact (I3 q y y' Hq).
    + intros q w w'. rewrite !Hin. exact (I4 q w w').
    + intros q y w Hq. rewrite Hpk, Hin by exact Hq. exact (I5 q y w Hq).
  - (* pick-up *)
    split; [intros ys; rewrite Hro; apply I1|split; [|split; [|split]]].
    + intros w y y' Hw Hy Hy'. rewrite !Hat.
      destruct (Nat.eqb_spec p w) as [<-|_]; [exfalso; exact (Dvp p p Hw Hp eq_refl)|]. exact (I2 w y y' Hw Hy Hy').
    + intros q y y' Hq Hy Hy' H1 H2. rewrite Hat in H1, H2.
      destruct (andb _ (Nat.eqb l y)); [discriminate|]. destruct (andb _ (Nat.eqb l y')); [discriminate|].
      exact (I3 q y y' Hq Hy Hy' H1 H2).
    + intros q w w' Hq Hw Hw' H1 H2. rewrite Hin in H1, H2. revert H1 H2.
      destruct (Nat.eqb_spec p q) as [<-|Hne]; simpl; [|exact (I4 q w w' Hq Hw Hw')].
      (* p was on the ground: in no vehicle before *)
      destruct (Nat.eqb_spec v w) as [<-|Hne1], (Nat.eqb_spec v w') as [<-|Hne2]; simpl; intros H1 H2; auto;
        [rewrite (I5 p l w' Hp Hl Hw' Hatp) in H2|rewrite (I5 p l w Hp Hl Hw Hatp) in H1|
         rewrite (I5 p l w Hp Hl Hw Hatp) in H1]; discriminate.
    + intros q y w Hq Hy Hw H. rewrite Hat in H. rewrite Hin.
      destruct (Nat.eqb_spec p q) as [<-|Hne]; simpl in H |- *.
      * exfalso. destruct (Nat.eqb_spec l y) as [<-|Hne']; [discriminate|].
        exact (Hne' (I3 p l y Hp Hl Hy Hatp H)).
      * exact (I5 q y w Hq Hy Hw H).
  - (* drop *)
    assert (Hnowhere : forall y, In y (objs c "location") -> s "at" [p; y] = false).
    { intros y Hy. destruct (s "at" [p; y]) eqn:E; [|reflexivity]. rewrite (I5 p y v Hp Hy Hv E) in Hinp. discriminate. }
    split; [intros ys; rewrite Hro; apply I1|split; [|split; [|split]]].
    + intros w y y' Hw Hy Hy'. rewrite !Hat.
      destruct (Nat.eqb_spec p w) as [<-|_]; [exfalso; exact (Dvp p p Hw Hp eq_refl)|]. exact (I2 w y y' Hw Hy Hy').
    + intros q y y' Hq Hy Hy' H1 H2. rewrite Hat in H1, H2. revert H1 H2.
      destruct (Nat.eqb_spec p q) as [<-|Hne]; simpl; [|exact (I3 q y y' Hq Hy Hy')].
      rewrite (Hnowhere y Hy), (Hnowhere y' Hy').
      destruct (Nat.eqb_spec l y), (Nat.eqb_spec l y'); simpl; intros; try discriminate; congruence.
    + intros q w w' Hq Hw Hw' H1 H2. rewrite Hin in H1, H2.
      destruct (andb _ (Nat.eqb v w)); [discriminate|]. destruct (andb _ (Nat.eqb v w')); [discriminate|].
      exact (I4 q w w' Hq Hw Hw' H1 H2).
    + intros q y w Hq Hy Hw H. rewrite Hat in H. rewrite Hin.
      destruct (Nat.eqb_spec p q) as [<-|Hne]; simpl in H |- *.
      * destruct (Nat.eqb_spec v w) as [<-|Hne']; [reflexivity|]. simpl.
        destruct (s "in" [p; w]) eqn:E; [|reflexivity]. exfalso. exact (Hne' (I4 p v w Hp Hv Hw Hinp E)).
      * exact (I5 q y w Hq Hy Hw H).
Qed.

Lemma inv_reachable : forall c s, transport_wf c -> transport_certificate c = true ->
  reachable State Op (strips_step c transport_schemas) (init c) s -> inv c s.
Proof.
  intros c s Hwf Hcert Hr. induction Hr as [|s o s' Hr IH Hs].
  - exact (inv_init c Hwf Hcert).
  - exact (inv_step c s o s' Hcert IH Hs).
Qed.

(* ---------- Distances from the vehicles ---------- *)

(* Every location a vehicle is at after the step is at most j closer to every target than one it
   was at before, and a vehicle that was somewhere still is. *)
Definition vfollows (c : Ctx) (s s' : State) (j : nat) : Prop :=
  (forall v k', In v (objs c "vehicle") -> In k' (objs c "location") -> s' "at" [v; k'] = true ->
     exists k0, In k0 (objs c "location") /\ s "at" [v; k0] = true /\
       (forall x, In x (objs c "location") -> dist c "road" k0 x <= dist c "road" k' x + j)) /\
  (forall v k0, In v (objs c "vehicle") -> In k0 (objs c "location") -> s "at" [v; k0] = true ->
     exists k', In k' (objs c "location") /\ s' "at" [v; k'] = true).

Lemma vfollows_same : forall c s s', (forall v y, In v (objs c "vehicle") -> s' "at" [v; y] = s "at" [v; y]) ->
  vfollows c s s' 0.
Proof.
  intros c s s' H. split.
  - intros v k Hv Hk Hat. exists k. rewrite <- (H v k Hv). split; [exact Hk|split; [exact Hat|]]. intros; lia.
  - intros v k Hv Hk Hat. exists k. rewrite (H v k Hv). auto.
Qed.

(* What a package's terms read of it: its vehicle and its location. *)
Definition same_package (s s' : State) (p : nat) : Prop :=
  (forall w, s' "in" [p; w] = s "in" [p; w]) /\ (forall y, s' "at" [p; y] = s "at" [p; y]).

Lemma fdist_follows : forall c s s' j p g v k0 k', same_package s s' p ->
  (forall x, In x (objs c "location") -> dist c "road" k0 x <= dist c "road" k' x + j) ->
  In g (objs c "location") -> fdist c s p g v k0 <= fdist c s' p g v k' + j.
Proof.
  intros c s s' j p g v k0 k' [Hin Hat] Hd Hg. unfold fdist. rewrite Hin.
  destruct (s "in" [p; v]); [exact (Hd g Hg)|].
  rewrite (filter_ext_in' _ (fun v_l => s' "at" [p; v_l]) (fun v_l => s "at" [p; v_l])) by (intros; apply Hat).
  apply min_over_mono_k; [|lia]. intros l Hl. apply In_filter_l in Hl as [Hl _]. specialize (Hd l Hl). lia.
Qed.

Lemma vreach_follows : forall c s s' j p g v, vfollows c s s' j -> same_package s s' p ->
  In v (objs c "vehicle") -> In g (objs c "location") -> vreach c s p g v <= vreach c s' p g v + j.
Proof.
  intros c s s' j p g v [Hf1 Hf2] Hp Hv Hg. unfold vreach. apply min_over_bound.
  - intros y Hy. apply In_filter_l in Hy as [Hy Hat]. destruct (Hf1 v y Hv Hy Hat) as [k0 [Hk0 [Hat0 Hd]]].
    exists k0. split; [apply filter_In; auto|]. exact (fdist_follows c s s' j p g v k0 y Hp Hd Hg).
  - intros Hnil. destruct (List.filter (fun v_k => s "at" [v; v_k]) (objs c "location")) as [|k0 r] eqn:E; [simpl; lia|].
    exfalso. assert (Hk0 : In k0 (List.filter (fun v_k => s "at" [v; v_k]) (objs c "location"))) by (rewrite E; left; auto).
    apply In_filter_l in Hk0 as [Hk0 Hat0]. destruct (Hf2 v k0 Hv Hk0 Hat0) as [k' [Hk' Hat']].
    assert (Hin : In k' (List.filter (fun v_k => s' "at" [v; v_k]) (objs c "location"))) by (apply filter_In; auto).
    rewrite Hnil in Hin. destruct Hin.
Qed.

Lemma mterm_follows : forall c s s' j p g, vfollows c s s' j -> same_package s s' p ->
  In g (objs c "location") -> mterm c s p g <= mterm c s' p g + j.
Proof.
  intros c s s' j p g Hf Hp Hg. unfold mterm. rewrite (proj2 Hp g). destruct (s "at" [p; g]); [lia|].
  apply min_over_mono_k; [|lia]. intros v Hv. exact (vreach_follows c s s' j p g v Hf Hp Hv Hg).
Qed.

Lemma hterm_le2 : forall c s p g, hterm c s p g <= 2.
Proof. intros c s p g. unfold hterm. destruct (s "at" [p; g]); [lia|]. destruct (existsb _ _); lia. Qed.

Lemma hterm_same : forall c s s' p g, same_package s s' p -> hterm c s' p g = hterm c s p g.
Proof.
  intros c s s' p g [Hin Hat]. unfold hterm. rewrite Hat.
  rewrite (existsb_ext_in _ (fun v_v => s' "in" [p; v_v]) (fun v_v => s "in" [p; v_v])) by (intros; apply Hin).
  reflexivity.
Qed.

Lemma needs_congr : forall c s s' l, (forall q, In q (objs c "package") -> s' "at" [q; l] = s "at" [q; l]) ->
  needs c s' l = needs c s l.
Proof.
  intros c s s' l H. unfold needs.
  rewrite (existsb_ext_in _ (fun v_p => negb (s' "at" [v_p; l])) (fun v_p => negb (s "at" [v_p; l])))
    by (intros q Hq; apply In_filter_l in Hq as [Hq _]; rewrite (H q Hq); reflexivity).
  rewrite (existsb_ext_in _ (fun v_p => andb (s' "at" [v_p; l]) (andb (existsb (fun v_g => negb (Nat.eqb v_g l)) (glocs c v_p)) true))
                            (fun v_p => andb (s "at" [v_p; l]) (andb (existsb (fun v_g => negb (Nat.eqb v_g l)) (glocs c v_p)) true)))
    by (intros q Hq; rewrite (H q Hq); reflexivity).
  reflexivity.
Qed.

(* A location where a vehicle stands, before and after, counts in neither; elsewhere the packages
   on the ground are unchanged. *)
Lemma waits_same : forall c s s' l v, In v (objs c "vehicle") -> s "at" [v; l] = true ->
  (forall w y, In w (objs c "vehicle") -> s' "at" [w; y] = s "at" [w; y]) ->
  (forall q y, In q (objs c "package") -> y <> l -> s' "at" [q; y] = s "at" [q; y]) ->
  waits c s' = waits c s.
Proof.
  intros c s s' l v Hv Hatv Hveh Hpk. unfold waits. apply count_over_ext_in. intros x Hx. unfold wl.
  rewrite (existsb_ext_in _ (fun v_v => s' "at" [v_v; x]) (fun v_v => s "at" [v_v; x])) by (intros w Hw; apply Hveh; exact Hw).
  destruct (Nat.eq_dec x l) as [->|Hne].
  - replace (existsb (fun v_v => s "at" [v_v; l]) (objs c "vehicle")) with true; [reflexivity|].
    symmetry. apply existsb_exists. exists v. auto.
  - rewrite (needs_congr c s s' x); [reflexivity|]. intros q Hq. exact (Hpk q x Hq Hne).
Qed.

(* A location stays in the arrivals set when no vehicle newly stands there, a package waiting
   there (with no vehicle) stays, and a destination's unmet package stays off its goal and off
   every vehicle standing there. *)
Lemma arr_mono : forall c s s' x,
  (forall w, In w (objs c "vehicle") -> s' "at" [w; x] = true -> s "at" [w; x] = true) ->
  (forall q, In q (objs c "package") -> s "at" [q; x] = true ->
     (forall w, In w (objs c "vehicle") -> s "at" [w; x] = false) -> s' "at" [q; x] = true) ->
  (forall q, In q (objs c "package") -> goal c "at" [q; x] = true -> s "at" [q; x] = false ->
     (forall w, In w (objs c "vehicle") -> s "in" [q; w] = true -> s "at" [w; x] = false) ->
     s' "at" [q; x] = false /\ (forall w, In w (objs c "vehicle") -> s' "in" [q; w] = true -> s' "at" [w; x] = false)) ->
  arr c s x = true -> arr c s' x = true.
Proof.
  intros c s s' x Hveh Hd2 Hd1. unfold arr. rewrite !orb_true_iff. intros [H|[H|H]]; [left|right; left|discriminate].
  - apply existsb_exists in H as [q [Hq Hb]]. apply In_filter_l in Hq as [Hq Hg].
    rewrite !andb_true_iff, !negb_true_iff in Hb. destruct Hb as [Ha [Hb _]].
    destruct (Hd1 q Hq Hg Ha) as [Ha' Hw'].
    { intros w Hw Hi. destruct (s "at" [w; x]) eqn:E; [|reflexivity]. exfalso.
      assert (existsb (fun v_v => andb (s "in" [q; v_v]) (andb (s "at" [v_v; x]) true)) (objs c "vehicle") = true)
        by (apply existsb_exists; exists w; rewrite Hi, E; auto).
      congruence. }
    apply existsb_exists. exists q. split; [apply filter_In; auto|]. rewrite Ha'. simpl.
    rewrite existsb_false_in; [reflexivity|]. intros w Hw. destruct (s' "in" [q; w]) eqn:E; [|reflexivity].
    rewrite (Hw' w Hw E). reflexivity.
  - rewrite !andb_true_iff in H. destruct H as [Hn [He _]]. apply negb_true_iff in Hn.
    apply existsb_exists in He as [q [Hq Hb]]. rewrite andb_true_iff in Hb. destruct Hb as [Ha Hb].
    assert (Hno : forall w, In w (objs c "vehicle") -> s "at" [w; x] = false).
    { intros w Hw. destruct (s "at" [w; x]) eqn:E; [|reflexivity]. exfalso.
      assert (existsb (fun v_v => s "at" [v_v; x]) (objs c "vehicle") = true) by (apply existsb_exists; exists w; auto).
      congruence. }
    rewrite !andb_true_iff. split; [|split; [|reflexivity]].
    + apply negb_true_iff, existsb_false_in. intros w Hw. destruct (s' "at" [w; x]) eqn:E; [|reflexivity].
      pose proof (Hveh w Hw E) as E'. rewrite (Hno w Hw) in E'. discriminate.
    + apply existsb_exists. exists q. split; [exact Hq|]. rewrite (Hd2 q Hq Ha Hno). exact Hb.
Qed.

Lemma glocs_le1 : forall c p, transport_certificate c = true -> In p (objs c "package") -> List.length (glocs c p) <= 1.
Proof.
  intros c p Hcert Hp. destruct (certificate_facts c Hcert) as [_ [Hg _]]. exact (Hg p Hp).
Qed.

(* ---------- One transition ---------- *)

Lemma step_bound : forall c s o s', transport_wf c -> transport_certificate c = true -> inv c s ->
  strips_step c transport_schemas s o s' ->
  handling c s + Nat.max (farthest c s) (waits c s) <= 1 + (handling c s' + Nat.max (farthest c s') (waits c s')) /\
  handling c s + arrivals c s <= 1 + (handling c s' + arrivals c s').
Proof.
  intros c s o s' Hwf Hcert [I1 [I2 [I3 [I4 I5]]]] Hs.
  pose proof Hwf as [Hnd [Hstat [_ [Hdiag [Hcap Hedge]]]]].
  destruct (certificate_facts c Hcert) as [Dvp _].
  assert (HinG : forall p g, In g (glocs c p) -> In g (objs c "location")) by (intros p g Hg; exact (proj1 (In_filter_l _ _ _ Hg))).
  destruct (step_inv c s o s' Hs) as
    [[v [k [k' [Hv [Hk [Hk' [Hat0 [Hroad0 [Hat [Hin Hro]]]]]]]]]]
    |[[v [l [p [Hv [Hl [Hp [Hatv [Hatp [Hat [Hin Hro]]]]]]]]]]
     |[v [l [p [Hv [Hl [Hp [Hatv [Hinp [Hat [Hin Hro]]]]]]]]]]]].
  - (* drive v from k to k' *)
    assert (Hpk : forall q, In q (objs c "package") -> same_package s s' q).
    { intros q Hq. split; [intros; apply Hin|]. intros y. rewrite Hat.
      destruct (Nat.eqb_spec v q) as [<-|_]; [exfalso; exact (Dvp v v Hv Hq eq_refl)|]. reflexivity. }
    assert (Hf : vfollows c s s' 1).
    { split.
      - intros w y Hw Hy H. rewrite Hat in H. revert H.
        destruct (Nat.eqb_spec v w) as [<-|Hne]; simpl.
        + destruct (Nat.eqb_spec k' y) as [<-|Hne']; simpl; intros H.
          * exists k. split; [exact Hk|split; [exact Hat0|]]. intros x Hx.
            assert (He : stat c "road" [k; k'] = true) by (rewrite Hstat, <- I1; exact Hroad0).
            destruct (Hedge k k' x Hk Hk' Hx He) as [E1 _]. lia.
          * destruct (Nat.eqb k y); [discriminate|]. exists y. split; [exact Hy|split; [exact H|]]. intros; lia.
        + intros H. exists y. split; [exact Hy|split; [exact H|]]. intros; lia.
      - intros w y Hw Hy H. destruct (Nat.eq_dec w v) as [->|Hne].
        + exists k'. split; [exact Hk'|]. rewrite Hat, !Nat.eqb_refl. reflexivity.
        + exists y. split; [exact Hy|]. rewrite Hat. destruct (Nat.eqb_spec v w) as [<-|_]; [congruence|]. exact H. }
    assert (HH : handling c s' = handling c s).
    { unfold handling. apply Nat.le_antisymm; apply sum_over_mono; intros q Hq; apply sum_over_mono; intros g _;
        rewrite (hterm_same c s s' q g (Hpk q Hq)); lia. }
    assert (HF : farthest c s <= farthest c s' + 1).
    { unfold farthest. apply max_over_mono_k. intros q Hq. apply max_over_mono_k. intros g Hg.
      exact (mterm_follows c s s' 1 q g Hf (Hpk q Hq) (HinG q g Hg)). }
    assert (HW : waits c s <= waits c s' + 1).
    { unfold waits. apply (count_over_point _ _ _ k' (Hnd "location")). intros x Hx Hne. unfold wl.
      rewrite (needs_congr c s s' x) by (intros q Hq; exact (proj2 (Hpk q Hq) x)).
      rewrite !andb_true_iff, !negb_true_iff. intros [H1 H2]. split; [|exact H2].
      apply existsb_false_in. intros w Hw. rewrite Hat. destruct (Nat.eqb_spec k' x) as [->|_]; [congruence|].
      rewrite andb_false_r. destruct (andb _ _); [reflexivity|].
      destruct (s "at" [w; x]) eqn:E; [|reflexivity]. exfalso.
      assert (existsb (fun v_v => s "at" [v_v; x]) (objs c "vehicle") = true) by (apply existsb_exists; exists w; auto).
      congruence. }
    assert (Hkey : forall w x, In w (objs c "vehicle") -> x <> k' -> s' "at" [w; x] = true -> s "at" [w; x] = true).
    { intros w x Hw Hx H. rewrite Hat in H. revert H. destruct (Nat.eqb_spec v w) as [<-|_]; simpl; [|auto].
      destruct (Nat.eqb_spec k' x) as [->|_]; [congruence|]. simpl. destruct (Nat.eqb k x); [discriminate|auto]. }
    assert (HL : arrivals c s <= arrivals c s' + 1).
    { unfold arrivals. apply (count_over_point _ _ _ k' (Hnd "location")). intros x Hx Hne. apply arr_mono.
      - intros w Hw H. exact (Hkey w x Hw Hne H).
      - intros q Hq H _. rewrite (proj2 (Hpk q Hq) x). exact H.
      - intros q Hq _ Ha Hw. rewrite (proj2 (Hpk q Hq) x). split; [exact Ha|]. intros w Hw' Hi.
        rewrite (proj1 (Hpk q Hq) w) in Hi. destruct (s' "at" [w; x]) eqn:E; [|reflexivity].
        apply (Hkey w x Hw' Hne) in E. rewrite (Hw w Hw' Hi) in E. discriminate. }
    rewrite HH. split; lia.
  - (* pick-up p at l into v *)
    assert (Hveh : forall w y, In w (objs c "vehicle") -> s' "at" [w; y] = s "at" [w; y]).
    { intros w y Hw. rewrite Hat. destruct (Nat.eqb_spec p w) as [<-|_]; [exfalso; exact (Dvp p p Hw Hp eq_refl)|].
      reflexivity. }
    assert (Hother : forall q, q <> p -> same_package s s' q).
    { intros q Hne. split; intros y; [rewrite Hin|rewrite Hat]; destruct (Nat.eqb_spec p q) as [<-|_];
        solve [congruence|reflexivity]. }
    assert (Hpnot : forall y, In y (objs c "location") -> s' "at" [p; y] = false).
    { intros y Hy. rewrite Hat, Nat.eqb_refl. simpl. destruct (Nat.eqb_spec l y) as [<-|Hne]; [reflexivity|].
      destruct (s "at" [p; y]) eqn:E; [|reflexivity]. exfalso. exact (Hne (I3 p l y Hp Hl Hy Hatp E)). }
    assert (HH : handling c s <= handling c s' + 1).
    { unfold handling. apply (sum_over_point _ _ _ p 1 (Hnd "package")).
      - intros q _ Hne. apply sum_over_mono. intros g _. rewrite (hterm_same c s s' q g (Hother q Hne)). lia.
      - apply sum_over_le1; [exact (glocs_le1 c p Hcert Hp)|]. intros g Hg. pose proof (hterm_le2 c s p g).
        unfold hterm at 1. destruct (s "at" [p; g]) eqn:E; [lia|].
        unfold hterm. rewrite (Hpnot g (HinG p g Hg)).
        replace (existsb (fun v_v => s' "in" [p; v_v]) (objs c "vehicle")) with true; [destruct (existsb _ _); lia|].
        symmetry. apply existsb_exists. exists v. split; [exact Hv|]. rewrite Hin, !Nat.eqb_refl. reflexivity. }
    assert (HF : farthest c s <= farthest c s' + 0).
    { unfold farthest. apply max_over_mono_k. intros q Hq. apply max_over_mono_k. intros g Hg.
      destruct (Nat.eq_dec q p) as [->|Hne];
        [|exact (mterm_follows c s s' 0 q g (vfollows_same c s s' Hveh) (Hother q Hne) (HinG q g Hg))].
      pose proof (HinG p g Hg) as Hg'.
      unfold mterm at 1. destruct (s "at" [p; g]) eqn:E; [lia|].
      (* before: at most d(l, g), through v at l *)
      assert (H1 : min_over (objs c "vehicle") (fun v_v => vreach c s p g v_v) (dist_cap c "road") <= dist c "road" l g).
      { eapply Nat.le_trans; [exact (min_over_le (objs c "vehicle") (fun v_v => vreach c s p g v_v) (dist_cap c "road") v Hv)|].
        eapply Nat.le_trans; [exact (min_over_le (List.filter (fun v_k => s "at" [v; v_k]) (objs c "location"))
          (fun v_k => fdist c s p g v v_k) (dist_cap c "road") l (proj2 (filter_In _ _ _) (conj Hl Hatv)))|].
        cbv beta. unfold fdist. rewrite (I5 p l v Hp Hl Hv Hatp). cbv iota.
        eapply Nat.le_trans; [exact (min_over_le (List.filter (fun v_l => s "at" [p; v_l]) (objs c "location"))
          (fun v_l => dist c "road" l v_l + (dist c "road" v_l g + 0)) (dist_cap c "road") l
          (proj2 (filter_In _ _ _) (conj Hl Hatp)))|].
        cbv beta. destruct (Hdiag l Hl) as [D _]. lia. }
      (* after: d(l, g) for v, the cap for any other vehicle *)
      assert (H2 : dist c "road" l g <= mterm c s' p g).
      { unfold mterm. rewrite (Hpnot g Hg'). apply min_over_ge; [|exact (Hcap l g Hl Hg')].
        intros w Hw. unfold vreach. apply min_over_ge; [|exact (Hcap l g Hl Hg')].
        intros y Hy. apply In_filter_l in Hy as [Hy Haty]. unfold fdist. rewrite Hin.
        destruct (Nat.eqb_spec p p) as [_|]; [|congruence]. destruct (Nat.eqb_spec v w) as [<-|Hne]; simpl.
        - rewrite Hveh in Haty by exact Hv. rewrite (I2 v l y Hv Hl Hy Hatv Haty). lia.
        - rewrite (I5 p l w Hp Hl Hw Hatp). apply min_over_ge; [|exact (Hcap l g Hl Hg')].
          intros z Hz. apply In_filter_l in Hz as [Hz Hatz]. rewrite (Hpnot z Hz) in Hatz. discriminate. }
      lia. }
    assert (HW : waits c s' = waits c s).
    { apply (waits_same c s s' l v Hv Hatv Hveh). intros q y Hq Hne. rewrite Hat.
      destruct (Nat.eqb_spec l y) as [->|_]; [congruence|]. rewrite andb_false_r. reflexivity. }
    assert (HL : arrivals c s <= arrivals c s').
    { unfold arrivals. apply count_over_mono. intros x Hx. apply arr_mono.
      - intros w Hw H. rewrite Hveh in H by exact Hw. exact H.
      - intros q Hq H Hno. rewrite Hat. destruct (andb (Nat.eqb p q) (Nat.eqb l x)) eqn:E; [|exact H]. exfalso.
        apply andb_true_iff in E as [_ E]. apply Nat.eqb_eq in E. subst x. rewrite (Hno v Hv) in Hatv. discriminate.
      - intros q Hq _ Ha Hw. destruct (Nat.eq_dec q p) as [->|Hne].
        + assert (Hxl : x <> l) by (intros E; subst x; congruence).
          split.
          * rewrite Hat. destruct (Nat.eqb_spec l x) as [->|_]; [congruence|]. rewrite andb_false_r. exact Ha.
          * intros w Hw' Hi. rewrite Hveh by exact Hw'. rewrite Hin in Hi. revert Hi.
            destruct (Nat.eqb_spec v w) as [<-|Hnw]; rewrite ?Nat.eqb_refl; simpl.
            -- intros _. destruct (s "at" [v; x]) eqn:E; [|reflexivity]. exfalso. exact (Hxl (I2 v x l Hv Hx Hl E Hatv)).
            -- intros Hi. rewrite (I5 p l w Hp Hl Hw' Hatp) in Hi. discriminate.
        + rewrite (proj2 (Hother q Hne) x). split; [exact Ha|]. intros w Hw' Hi.
          rewrite (proj1 (Hother q Hne) w) in Hi. rewrite Hveh by exact Hw'. exact (Hw w Hw' Hi). }
    rewrite HW. split; lia.
  - (* drop p from v at l *)
    assert (Hveh : forall w y, In w (objs c "vehicle") -> s' "at" [w; y] = s "at" [w; y]).
    { intros w y Hw. rewrite Hat. destruct (Nat.eqb_spec p w) as [<-|_]; [exfalso; exact (Dvp p p Hw Hp eq_refl)|].
      reflexivity. }
    assert (Hother : forall q, q <> p -> same_package s s' q).
    { intros q Hne. split; intros y; [rewrite Hin|rewrite Hat]; destruct (Nat.eqb_spec p q) as [<-|_];
        solve [congruence|reflexivity]. }
    assert (Hnowhere : forall y, In y (objs c "location") -> s "at" [p; y] = false).
    { intros y Hy. destruct (s "at" [p; y]) eqn:E; [|reflexivity]. rewrite (I5 p y v Hp Hy Hv E) in Hinp. discriminate. }
    assert (HH : handling c s <= handling c s' + 1).
    { unfold handling. apply (sum_over_point _ _ _ p 1 (Hnd "package")).
      - intros q _ Hne. apply sum_over_mono. intros g _. rewrite (hterm_same c s s' q g (Hother q Hne)). lia.
      - apply sum_over_le1; [exact (glocs_le1 c p Hcert Hp)|]. intros g Hg.
        unfold hterm at 1. rewrite (Hnowhere g (HinG p g Hg)).
        replace (existsb (fun v_v => s "in" [p; v_v]) (objs c "vehicle")) with true; [lia|].
        symmetry. apply existsb_exists. exists v. auto. }
    assert (HF : farthest c s <= farthest c s' + 0).
    { unfold farthest. apply max_over_mono_k. intros q Hq. apply max_over_mono_k. intros g Hg.
      destruct (Nat.eq_dec q p) as [->|Hne];
        [|exact (mterm_follows c s s' 0 q g (vfollows_same c s s' Hveh) (Hother q Hne) (HinG q g Hg))].
      pose proof (HinG p g Hg) as Hg'.
      (* before: d(l, g), through v at l carrying p *)
      assert (H1 : mterm c s p g <= dist c "road" l g).
      { unfold mterm. rewrite (Hnowhere g Hg'). cbv iota.
        eapply Nat.le_trans; [exact (min_over_le (objs c "vehicle") (fun v_v => vreach c s p g v_v) (dist_cap c "road") v Hv)|].
        eapply Nat.le_trans; [exact (min_over_le (List.filter (fun v_k => s "at" [v; v_k]) (objs c "location"))
          (fun v_k => fdist c s p g v v_k) (dist_cap c "road") l (proj2 (filter_In _ _ _) (conj Hl Hatv)))|].
        cbv beta. unfold fdist. rewrite Hinp. lia. }
      destruct (Nat.eq_dec l g) as [->|Hne].
      - destruct (Hdiag g Hg') as [D _]. lia.
      - (* after, away from g: every vehicle has at least d(l, g) to drive, from p at l *)
        assert (H2 : dist c "road" l g <= mterm c s' p g).
        { unfold mterm. rewrite Hat, Nat.eqb_refl. destruct (Nat.eqb_spec l g) as [|_]; [congruence|]. simpl.
          rewrite (Hnowhere g Hg'). apply min_over_ge; [|exact (Hcap l g Hl Hg')].
          intros w Hw. unfold vreach. apply min_over_ge; [|exact (Hcap l g Hl Hg')].
          intros y Hy. apply In_filter_l in Hy as [Hy Haty]. unfold fdist.
          replace (s' "in" [p; w]) with false.
          + apply min_over_ge; [|exact (Hcap l g Hl Hg')].
            intros z Hz. apply In_filter_l in Hz as [Hz Hatz]. rewrite Hat, Nat.eqb_refl in Hatz. simpl in Hatz.
            destruct (Nat.eqb_spec l z) as [<-|Hnz]; [lia|]. rewrite (Hnowhere z Hz) in Hatz. discriminate.
          + rewrite Hin, Nat.eqb_refl. simpl. destruct (Nat.eqb_spec v w) as [<-|Hnw]; [reflexivity|].
            destruct (s "in" [p; w]) eqn:Ew; [|reflexivity]. exfalso. exact (Hnw (I4 p v w Hp Hv Hw Hinp Ew)). }
        lia. }
    assert (HW : waits c s' = waits c s).
    { apply (waits_same c s s' l v Hv Hatv Hveh). intros q y Hq Hne. rewrite Hat.
      destruct (Nat.eqb_spec l y) as [->|_]; [congruence|]. rewrite andb_false_r. reflexivity. }
    assert (HL : arrivals c s <= arrivals c s').
    { unfold arrivals. apply count_over_mono. intros x Hx. apply arr_mono.
      - intros w Hw H. rewrite Hveh in H by exact Hw. exact H.
      - intros q Hq H _. rewrite Hat. destruct (andb _ _); [reflexivity|exact H].
      - intros q Hq _ Ha Hw. destruct (Nat.eq_dec q p) as [->|Hne].
        + assert (Hxl : x <> l) by (intros E; subst x; rewrite (Hw v Hv Hinp) in Hatv; discriminate).
          split.
          * rewrite Hat. destruct (Nat.eqb_spec l x) as [->|_]; [congruence|]. rewrite andb_false_r. exact Ha.
          * intros w Hw' Hi. rewrite Hveh by exact Hw'. rewrite Hin in Hi. revert Hi.
            destruct (Nat.eqb_spec v w) as [<-|Hnw]; rewrite ?Nat.eqb_refl; simpl; [discriminate|].
            intros Hi. exact (Hw w Hw' Hi).
        + rewrite (proj2 (Hother q Hne) x). split; [exact Ha|]. intros w Hw' Hi.
          rewrite (proj1 (Hother q Hne) w) in Hi. rewrite Hveh by exact Hw'. exact (Hw w Hw' Hi). }
    rewrite HW. split; lia.
Qed.

(* ---------- The theorems ---------- *)

Theorem transport_goal_aware : forall c : Ctx, transport_wf c -> transport_certificate c = true ->
  goal_aware State Op (strips_step c transport_schemas) (init c) (strips_goal c) (fun s => transport_h (at_state c s)).
Proof.
  intros c Hwf Hcert s Hr Hg. rewrite h_eq. f_equal.
  destruct (inv_reachable c s Hwf Hcert Hr) as [_ [_ [I3 _]]].
  assert (Hat : forall p g, In g (glocs c p) -> s "at" [p; g] = true)
    by (intros p g Hgl; apply Hg; exact (proj2 (In_filter_l _ _ _ Hgl))).
  assert (HH : handling c s = 0).
  { unfold handling. apply sum_over_zero. intros p _. apply sum_over_zero. intros g Hgl. unfold hterm.
    rewrite (Hat p g Hgl). reflexivity. }
  assert (HF : farthest c s = 0).
  { unfold farthest. apply Nat.le_0_r, max_over_le. intros p _. apply max_over_le. intros g Hgl. unfold mterm.
    rewrite (Hat p g Hgl). lia. }
  assert (HW : waits c s = 0).
  { unfold waits. apply count_over_zero. intros x Hx. unfold wl.
    assert (needs c s x = false) as ->; [|rewrite !andb_false_r; reflexivity].
    unfold needs. rewrite !existsb_false_in; [reflexivity| |].
    - intros p Hp. destruct (s "at" [p; x]) eqn:E; [|reflexivity]. simpl. rewrite andb_true_r.
      apply existsb_false_in. intros g Hgl. destruct (In_filter_l _ _ _ Hgl) as [Hg' _].
      rewrite (I3 p x g Hp Hx Hg' E (Hat p g Hgl)), Nat.eqb_refl. reflexivity.
    - intros p Hp. apply In_filter_l in Hp as [_ Hgo]. rewrite (Hg "at" [p; x] Hgo). reflexivity. }
  assert (HL : arrivals c s = 0).
  { unfold arrivals. apply count_over_zero. intros x Hx. unfold arr.
    rewrite (existsb_false_in (List.filter _ (objs c "package"))).
    - rewrite (existsb_false_in (objs c "package")); [destruct (existsb _ (objs c "vehicle")); reflexivity|].
      intros p Hp. cbv beta. destruct (s "at" [p; x]) eqn:E; [|reflexivity]. simpl. rewrite andb_true_r.
      apply existsb_false_in. intros g Hgl. destruct (In_filter_l _ _ _ Hgl) as [Hg' _].
      rewrite (I3 p x g Hp Hx Hg' E (Hat p g Hgl)), Nat.eqb_refl. reflexivity.
    - intros p Hp. apply In_filter_l in Hp as [_ Hgo]. cbv beta. rewrite (Hg "at" [p; x] Hgo). reflexivity. }
  unfold value. rewrite HH, HF, HL, HW. reflexivity.
Qed.

Theorem transport_consistent : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  transport_wf c -> transport_certificate c = true ->
  consistent State Op (strips_step c transport_schemas) cost (init c) (fun s => transport_h (at_state c s)).
Proof.
  intros c cost Hcost Hwf Hcert s o s' Hr Hs. rewrite !h_eq.
  pose proof (step_bound c s o s' Hwf Hcert (inv_reachable c s Hwf Hcert Hr) Hs) as [H1 H2].
  specialize (Hcost o). change (value c s <= cost o + value c s'). unfold value. lia.
Qed.

Theorem transport_admissible : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  transport_wf c -> transport_certificate c = true ->
  forall s k, reachable State Op (strips_step c transport_schemas) (init c) s ->
  plan State Op (strips_step c transport_schemas) cost (strips_goal c) s k ->
  le_opt (transport_h (at_state c s)) k.
Proof.
  intros c cost Hcost Hwf Hcert s k Hr Hp.
  exact (admissible_on_reachable State Op (strips_step c transport_schemas) cost (strips_goal c) (init c)
    (fun s => transport_h (at_state c s)) (transport_goal_aware c Hwf Hcert)
    (transport_consistent c cost Hcost Hwf Hcert) s k Hr Hp).
Qed.

Print Assumptions transport_goal_aware.
Print Assumptions transport_consistent.
Print Assumptions transport_admissible.
