(* Spanner: the heuristic printed from heuristics/spanner.heur (Heuristics.v, printed by
   certplan, unchanged) is goal-aware and consistent on every reachable state of every task that
   passes its certificate, hence admissible there (Admissible.v); consistency in Admissible.v's
   sense includes the dead-end test: a state it flags leads only to states it flags, so (with
   goal-awareness) no goal state is reachable from it.

   h = T + (T - C) + D (see spanner.heur): T the loose goal nuts, C the usable spanners a man
   carries, D the largest distance from the closest man to a loose goal nut's location.
   Dead end: a loose goal nut no man can reach, or C + G < T with G the usable spanners on the
   ground (at their initial location) that some man can reach.
   Invariants of reachable states (from the certificate): links are those of the initial state;
   a nut stays where it is initially; a spanner on the ground is at an initial location of its;
   a loose nut is not tightened.
   Per schema (any cost >= 1):
   - walk m l l': T, C unchanged; every distance from m drops by at most 1 (an edge of the
     distance table), so D drops by at most 1; what men can reach only shrinks (G does not grow,
     an unreachable nut stays unreachable);
   - pickup_spanner l x m: T and D unchanged, C grows by at most 1; for the dead-end test, x
     leaves G (its one initial location was l, where m stands) when it enters C;
   - tighten_nut l x m n: T drops by at most 1, C by exactly 1 (x was usable and carried), and
     n's term of D was 0 (its one location is l, where m stands): T + (T - C) + D drops by at
     most 1; G does not grow, and n was not unreachable.
   Goal-awareness: in a goal state every goal nut is tightened: T = 0, D = 0, no dead end. *)

From DHeur Require Import Heuristics Admissible Counting.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

(* ---------- The printed value and dead-end test, term by term ---------- *)

Definition gnuts (c : Ctx) : list nat := List.filter (fun v_n => goal c "tightened" [v_n]) (objs c "nut").
Definition loose_n (c : Ctx) (s : State) : nat := count_over (gnuts c) (fun v_n => negb (s "tightened" [v_n])).
Definition carries (c : Ctx) (s : State) (x : nat) : bool :=
  andb (s "usable" [x]) (andb (existsb (fun v_m => s "carrying" [v_m; x]) (objs c "man")) true).
Definition carried (c : Ctx) (s : State) : nat := count_over (objs c "spanner") (carries c s).
Definition mreach (c : Ctx) (s : State) (m k : nat) : nat :=
  min_over (List.filter (fun v_l => s "at" [m; v_l]) (objs c "location")) (fun v_l => dist c "d" v_l k) (dist_cap c "d").
Definition mdist (c : Ctx) (s : State) (k : nat) : nat :=
  min_over (objs c "man") (fun v_m => mreach c s v_m k) (dist_cap c "d").
Definition nterm (c : Ctx) (s : State) (n : nat) : nat :=
  if s "tightened" [n] then 0
  else max_over (List.filter (fun v_k => init c "at" [n; v_k]) (objs c "location")) (fun v_k => mdist c s v_k).
Definition far (c : Ctx) (s : State) : nat := max_over (gnuts c) (nterm c s).

Definition unreach (c : Ctx) (s : State) (n : nat) : bool :=
  andb (negb (s "tightened" [n]))
    (andb (forallb (fun v_k => forallb (fun v_m => forallb (fun v_l => Nat.leb (dist_cap c "d") (dist c "d" v_l v_k))
                                                      (List.filter (fun v_l => s "at" [v_m; v_l]) (objs c "location")))
                                 (objs c "man"))
             (List.filter (fun v_k => init c "at" [n; v_k]) (objs c "location"))) true).
Definition near (c : Ctx) (s : State) (k : nat) : bool :=
  existsb (fun v_m => existsb (fun v_l => Nat.ltb (dist c "d" v_l k) (dist_cap c "d"))
                        (List.filter (fun v_l => s "at" [v_m; v_l]) (objs c "location"))) (objs c "man").
Definition grounded (c : Ctx) (s : State) (x : nat) : bool :=
  andb (s "usable" [x]) (andb (existsb (fun v_k => andb (s "at" [x; v_k]) (andb (near c s v_k) true))
                                 (List.filter (fun v_k => init c "at" [x; v_k]) (objs c "location"))) true).
Definition dead (c : Ctx) (s : State) : bool :=
  orb (existsb (unreach c s) (gnuts c))
    (orb (Nat.ltb (carried c s + (count_over (objs c "spanner") (grounded c s) + 0)) (loose_n c s)) false).

Definition value (c : Ctx) (s : State) : nat := loose_n c s + ((loose_n c s - carried c s) + (far c s + 0)).

Lemma h_eq : forall c s, spanner_h (at_state c s) = if dead c s then None else Some (value c s).
Proof. reflexivity. Qed.

(* ---------- The certificate, as facts ---------- *)

Lemma certificate_facts : forall c, spanner_certificate c = true ->
  (forall m x, In m (objs c "man") -> In x (objs c "nut") -> m <> x) /\
  (forall m x, In m (objs c "man") -> In x (objs c "spanner") -> m <> x) /\
  (forall n x, In n (objs c "nut") -> In x (objs c "spanner") -> n <> x) /\
  (forall x, In x (objs c "nut") -> count_over (objs c "location") (fun l => init c "at" [x; l]) <= 1) /\
  (forall x, In x (objs c "spanner") -> count_over (objs c "location") (fun l => init c "at" [x; l]) <= 1) /\
  (forall n, In n (objs c "nut") -> init c "loose" [n] = true -> init c "tightened" [n] = false).
Proof.
  intros c H. unfold spanner_certificate in H. rewrite !andb_true_iff in H.
  destruct H as [H0 [H1 [H2 [_ [H4 _]]]]].
  unfold spanner_check_0 in H0. unfold spanner_check_1 in H1. unfold spanner_check_2 in H2.
  unfold spanner_check_4 in H4.
  rewrite !andb_true_iff in H2. destruct H2 as [_ [H2n [H2s _]]].
  rewrite forallb_forall in H0, H1, H2n, H2s, H4.
  split; [|split; [|split; [|split; [|split]]]].
  - intros m x Hm Hx. specialize (H0 m Hm). rewrite !andb_true_iff in H0. destruct H0 as [H0 _].
    rewrite forallb_forall in H0. specialize (H0 x Hx). apply negb_true_iff, Nat.eqb_neq in H0. exact H0.
  - intros m x Hm Hx. specialize (H0 m Hm). rewrite !andb_true_iff in H0. destruct H0 as [_ [H0 _]].
    rewrite forallb_forall in H0. specialize (H0 x Hx). apply negb_true_iff, Nat.eqb_neq in H0. exact H0.
  - intros n x Hn Hx. specialize (H1 n Hn). rewrite forallb_forall in H1. specialize (H1 x Hx).
    apply negb_true_iff, Nat.eqb_neq in H1. exact H1.
  - intros x Hx. apply Nat.leb_le. exact (H2n x Hx).
  - intros x Hx. apply Nat.leb_le. exact (H2s x Hx).
  - intros n Hn Hl. specialize (H4 n Hn). rewrite Hl in H4. simpl in H4.
    destruct (init c "tightened" [n]); [discriminate|reflexivity].
Qed.

(* ---------- The step relation, schema by schema ---------- *)

Lemma step_inv : forall c s o s', strips_step c spanner_schemas s o s' ->
  (exists l l' m, In l (objs c "location") /\ In l' (objs c "location") /\ In m (objs c "man") /\
     s "at" [m; l] = true /\ s "link" [l; l'] = true /\
     (forall x y, s' "at" [x; y] = if andb (Nat.eqb m x) (Nat.eqb l' y) then true
                                  else if andb (Nat.eqb m x) (Nat.eqb l y) then false else s "at" [x; y]) /\
     (forall ys, s' "tightened" ys = s "tightened" ys) /\ (forall ys, s' "loose" ys = s "loose" ys) /\
     (forall ys, s' "usable" ys = s "usable" ys) /\ (forall ys, s' "carrying" ys = s "carrying" ys) /\
     (forall ys, s' "link" ys = s "link" ys))
  \/
  (exists l x m, In l (objs c "location") /\ In x (objs c "spanner") /\ In m (objs c "man") /\
     s "at" [m; l] = true /\ s "at" [x; l] = true /\
     (forall y z, s' "at" [y; z] = if andb (Nat.eqb x y) (Nat.eqb l z) then false else s "at" [y; z]) /\
     (forall y z, s' "carrying" [y; z] = if andb (Nat.eqb m y) (Nat.eqb x z) then true else s "carrying" [y; z]) /\
     (forall ys, s' "tightened" ys = s "tightened" ys) /\ (forall ys, s' "loose" ys = s "loose" ys) /\
     (forall ys, s' "usable" ys = s "usable" ys) /\ (forall ys, s' "link" ys = s "link" ys))
  \/
  (exists l x m n, In l (objs c "location") /\ In x (objs c "spanner") /\ In m (objs c "man") /\
     In n (objs c "nut") /\
     s "at" [m; l] = true /\ s "at" [n; l] = true /\ s "carrying" [m; x] = true /\ s "usable" [x] = true /\
     s "loose" [n] = true /\
     (forall y, s' "tightened" [y] = if Nat.eqb n y then true else s "tightened" [y]) /\
     (forall y, s' "loose" [y] = if Nat.eqb n y then false else s "loose" [y]) /\
     (forall y, s' "usable" [y] = if Nat.eqb x y then false else s "usable" [y]) /\
     (forall ys, s' "at" ys = s "at" ys) /\ (forall ys, s' "carrying" ys = s "carrying" ys) /\
     (forall ys, s' "link" ys = s "link" ys)).
Proof.
  intros c s [sch xs] s' [Hin [Ht [Hpre ->]]]. cbn [fst snd] in Hin, Ht, Hpre |- *.
  unfold spanner_schemas in Hin. cbn [In] in Hin.
  destruct Hin as [<-|[<-|[<-|[]]]]; cbn [sparams spre] in Ht, Hpre.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 xs]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 _].
    cbn [pre_holds map arg_value nth] in P1, P2.
    left. exists x0, x1, x2. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 xs]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 _].
    cbn [pre_holds map arg_value nth] in P1, P2.
    right; left. exists x0, x1, x2. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 [|x4 xs]]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 [H3 _]]]]. apply typed_one in H0. apply typed_one in H1.
    apply typed_one in H2. apply typed_one in H3.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 Hpre]. apply Forall_cons_iff in Hpre as [P4 Hpre].
    apply Forall_cons_iff in Hpre as [P5 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3, P4, P5.
    right; right. exists x0, x1, x2, x3. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
Qed.

(* ---------- Invariants of reachable states ---------- *)

Definition inv (c : Ctx) (s : State) : Prop :=
  (forall ys, s "link" ys = init c "link" ys) /\
  (forall n l, In n (objs c "nut") -> s "at" [n; l] = init c "at" [n; l]) /\
  (forall x l, In x (objs c "spanner") -> s "at" [x; l] = true -> init c "at" [x; l] = true) /\
  (forall n, In n (objs c "nut") -> s "loose" [n] = true -> s "tightened" [n] = false).

Lemma inv_init : forall c, spanner_certificate c = true -> inv c (init c).
Proof.
  intros c Hcert. destruct (certificate_facts c Hcert) as [_ [_ [_ [_ [_ H]]]]].
  split; [reflexivity|split; [reflexivity|split; [auto|exact H]]].
Qed.

Lemma inv_step : forall c s o s', spanner_certificate c = true -> inv c s ->
  strips_step c spanner_schemas s o s' -> inv c s'.
Proof.
  intros c s o s' Hcert [I1 [I2 [I3 I4]]] Hs.
  destruct (certificate_facts c Hcert) as [Dmn [Dms [Dns _]]].
  destruct (step_inv c s o s' Hs) as
    [[l [l' [m [Hl [Hl' [Hm [Hat0 [Hlink0 [Hat [Ht [Hlo [Hu [Hc Hli]]]]]]]]]]]]]
    |[[l [x [m [Hl [Hx [Hm [Hatm [Hatx [Hat [Hc [Ht [Hlo [Hu Hli]]]]]]]]]]]]]
     |[l [x [m [n0 [Hl [Hx [Hm [Hn0 [Hatm [Hatn [Hcm [Hux [Hlon [Ht [Hlo [Hu [Hat [Hc Hli]]]]]]]]]]]]]]]]]]]].
  - (* walk *)
    split; [intros ys; rewrite Hli; apply I1|split; [|split]].
    + intros n y Hn. rewrite Hat. destruct (Nat.eqb_spec m n) as [<-|Hne]; [exfalso; exact (Dmn m m Hm Hn eq_refl)|].
      simpl. apply I2. exact Hn.
    + intros z y Hz. rewrite Hat. destruct (Nat.eqb_spec m z) as [<-|Hne]; [exfalso; exact (Dms m m Hm Hz eq_refl)|].
      simpl. apply I3. exact Hz.
    + intros n Hn H. rewrite Ht. rewrite Hlo in H. exact (I4 n Hn H).
  - (* pickup_spanner *)
    split; [intros ys; rewrite Hli; apply I1|split; [|split]].
    + intros n y Hn. rewrite Hat. destruct (Nat.eqb_spec x n) as [<-|Hne]; [exfalso; exact (Dns x x Hn Hx eq_refl)|].
      simpl. apply I2. exact Hn.
    + intros z y Hz. rewrite Hat. destruct (andb _ _); [discriminate|]. apply I3. exact Hz.
    + intros n Hn H. rewrite Ht. rewrite Hlo in H. exact (I4 n Hn H).
  - (* tighten_nut *)
    split; [intros ys; rewrite Hli; apply I1|split; [|split]].
    + intros n y Hn. rewrite Hat. apply I2. exact Hn.
    + intros z y Hz. rewrite Hat. apply I3. exact Hz.
    + intros n Hn H. rewrite Hlo in H. rewrite Ht. destruct (Nat.eqb n0 n); [discriminate|]. exact (I4 n Hn H).
Qed.

Lemma inv_reachable : forall c s, spanner_certificate c = true ->
  reachable State Op (strips_step c spanner_schemas) (init c) s -> inv c s.
Proof.
  intros c s Hcert Hr. induction Hr as [|s o s' Hr IH Hs].
  - exact (inv_init c Hcert).
  - exact (inv_step c s o s' Hcert IH Hs).
Qed.

(* ---------- Where the men are: distances after a step ---------- *)

(* Every location a man stands at after the step is at most j closer to every target than one he
   stood at before, and reaches no target that one did not reach. *)
Definition follows (c : Ctx) (s s' : State) (j : nat) : Prop :=
  forall m l, In m (objs c "man") -> In l (objs c "location") -> s' "at" [m; l] = true ->
  exists l0, In l0 (objs c "location") /\ s "at" [m; l0] = true /\
    (forall k, In k (objs c "location") ->
       dist c "d" l0 k <= dist c "d" l k + j /\ (dist c "d" l k < dist_cap c "d" -> dist c "d" l0 k < dist_cap c "d")).

Lemma follows_same : forall c s s', (forall m l, In m (objs c "man") -> s' "at" [m; l] = s "at" [m; l]) ->
  follows c s s' 0.
Proof.
  intros c s s' H m l Hm Hl Hat. exists l. rewrite <- (H m l Hm). split; [exact Hl|split; [exact Hat|]].
  intros k _. split; [lia|auto].
Qed.

Lemma mreach_follows : forall c s s' j m k, spanner_wf c -> follows c s s' j ->
  In m (objs c "man") -> In k (objs c "location") -> mreach c s m k <= mreach c s' m k + j.
Proof.
  intros c s s' j m k Hwf Hf Hm Hk. destruct Hwf as [_ [_ [_ [Hcap _]]]]. unfold mreach. apply min_over_bound.
  - intros y Hy. apply In_filter_l in Hy as [Hy Hat]. destruct (Hf m y Hm Hy Hat) as [l0 [Hl0 [Hat0 Hd]]].
    exists l0. split; [apply filter_In; auto|]. exact (proj1 (Hd k Hk)).
  - intros _. pose proof (min_over_le_default (List.filter (fun v_l => s "at" [m; v_l]) (objs c "location"))
      (fun v_l => dist c "d" v_l k) (dist_cap c "d")) as H.
    assert (H' : forall x, In x (List.filter (fun v_l => s "at" [m; v_l]) (objs c "location")) ->
      dist c "d" x k <= dist_cap c "d") by (intros x Hx; apply Hcap; [exact (proj1 (In_filter_l _ _ _ Hx))|exact Hk]).
    specialize (H H'). lia.
Qed.

Lemma mdist_follows : forall c s s' j k, spanner_wf c -> follows c s s' j ->
  In k (objs c "location") -> mdist c s k <= mdist c s' k + j.
Proof.
  intros c s s' j k Hwf Hf Hk. unfold mdist. apply min_over_mono_k; [|lia].
  intros m Hm. exact (mreach_follows c s s' j m k Hwf Hf Hm Hk).
Qed.

Lemma nterm_follows : forall c s s' j n, spanner_wf c -> follows c s s' j ->
  s' "tightened" [n] = s "tightened" [n] -> nterm c s n <= nterm c s' n + j.
Proof.
  intros c s s' j n Hwf Hf Ht. unfold nterm. rewrite Ht. destruct (s "tightened" [n]); [lia|].
  apply max_over_mono_k. intros k Hk. apply In_filter_l in Hk as [Hk _].
  exact (mdist_follows c s s' j k Hwf Hf Hk).
Qed.

Lemma unreach_follows : forall c s s' j n, follows c s s' j ->
  s' "tightened" [n] = s "tightened" [n] -> unreach c s n = true -> unreach c s' n = true.
Proof.
  intros c s s' j n Hf Ht H. unfold unreach in *. rewrite Ht. rewrite !andb_true_iff in *.
  destruct H as [H1 [H2 _]]. split; [exact H1|split; [|reflexivity]].
  rewrite forallb_forall in *. intros k Hk. specialize (H2 k Hk).
  destruct (In_filter_l _ _ _ Hk) as [Hk' _].
  rewrite forallb_forall in *. intros m Hm. specialize (H2 m Hm).
  rewrite forallb_forall in *. intros l Hl. apply In_filter_l in Hl as [Hl Hat].
  destruct (Hf m l Hm Hl Hat) as [l0 [Hl0 [Hat0 Hd]]].
  specialize (H2 l0 (proj2 (filter_In _ _ _) (conj Hl0 Hat0))).
  apply Nat.leb_le in H2. apply Nat.leb_le.
  destruct (Nat.lt_ge_cases (dist c "d" l k) (dist_cap c "d")) as [Hlt|Hge]; [|exact Hge].
  pose proof (proj2 (Hd k Hk') Hlt). lia.
Qed.

Lemma near_follows : forall c s s' j k, follows c s s' j -> In k (objs c "location") ->
  near c s' k = true -> near c s k = true.
Proof.
  intros c s s' j k Hf Hk H. unfold near in *. apply existsb_exists in H as [m [Hm H]].
  apply existsb_exists in H as [l [Hl Hlt]]. apply In_filter_l in Hl as [Hl Hat].
  destruct (Hf m l Hm Hl Hat) as [l0 [Hl0 [Hat0 Hd]]].
  apply existsb_exists. exists m. split; [exact Hm|]. apply existsb_exists. exists l0.
  split; [apply filter_In; auto|]. apply Nat.ltb_lt in Hlt. apply Nat.ltb_lt. exact (proj2 (Hd k Hk) Hlt).
Qed.

Lemma grounded_follows : forall c s s' j x, follows c s s' j ->
  (s' "usable" [x] = true -> s "usable" [x] = true) ->
  (forall k, In k (objs c "location") -> s' "at" [x; k] = true -> s "at" [x; k] = true) ->
  grounded c s' x = true -> grounded c s x = true.
Proof.
  intros c s s' j x Hf Hu Hat H. unfold grounded in *. rewrite !andb_true_iff in *.
  destruct H as [H1 [H2 _]]. split; [exact (Hu H1)|split; [|reflexivity]].
  apply existsb_exists in H2 as [k [Hk H2]]. rewrite !andb_true_iff in H2. destruct H2 as [Ha [Hn _]].
  destruct (In_filter_l _ _ _ Hk) as [Hk' _].
  apply existsb_exists. exists k. split; [exact Hk|]. rewrite !andb_true_iff.
  split; [exact (Hat k Hk' Ha)|split; [exact (near_follows c s s' j k Hf Hk' Hn)|reflexivity]].
Qed.

(* ---------- One transition ---------- *)

Lemma dead_step : forall c s s',
  (forall n, In n (gnuts c) -> unreach c s n = true -> unreach c s' n = true) ->
  carried c s' + count_over (objs c "spanner") (grounded c s') + loose_n c s
    <= carried c s + count_over (objs c "spanner") (grounded c s) + loose_n c s' ->
  dead c s = true -> dead c s' = true.
Proof.
  intros c s s' Hu Hc H. unfold dead in *. rewrite !orb_true_iff in *. destruct H as [H|[H|H]]; [| |discriminate].
  - left. apply existsb_exists in H as [n [Hn H]]. apply existsb_exists. exists n. auto.
  - right; left. apply Nat.ltb_lt in H. apply Nat.ltb_lt. lia.
Qed.

Lemma step_bound : forall c s o s', spanner_wf c -> spanner_certificate c = true -> inv c s ->
  strips_step c spanner_schemas s o s' ->
  value c s <= 1 + value c s' /\ (dead c s = true -> dead c s' = true).
Proof.
  intros c s o s' Hwf Hcert [I1 [I2 [I3 I4]]] Hs.
  pose proof Hwf as [Hnd [Hstat [Hdiag [Hcap Hedge]]]].
  destruct (certificate_facts c Hcert) as [Dmn [Dms [Dns [One_n [One_s _]]]]].
  assert (Hgn : NoDup (gnuts c)) by (apply NoDup_filter; apply Hnd).
  unfold value.
  destruct (step_inv c s o s' Hs) as
    [[l [l' [m [Hl [Hl' [Hm [Hat0 [Hlink0 [Hat [Ht [Hlo [Hu [Hc Hli]]]]]]]]]]]]]
    |[[l [x [m [Hl [Hx [Hm [Hatm [Hatx [Hat [Hc [Ht [Hlo [Hu Hli]]]]]]]]]]]]]
     |[l [x [m [n0 [Hl [Hx [Hm [Hn0 [Hatm [Hatn [Hcm [Hux [Hlon [Ht [Hlo [Hu [Hat [Hc Hli]]]]]]]]]]]]]]]]]]]].
  - (* walk m from l to l' *)
    assert (Hf : follows c s s' 1).
    { intros m' y Hm' Hy H. rewrite Hat in H. revert H.
      destruct (Nat.eqb_spec m m') as [<-|Hne]; simpl.
      - destruct (Nat.eqb_spec l' y) as [<-|Hne']; simpl; intros H.
        + exists l. split; [exact Hl|split; [exact Hat0|]]. intros k Hk.
          assert (He : stat c "link" [l; l'] = true) by (rewrite Hstat, <- I1; exact Hlink0).
          destruct (Hedge l l' k Hl Hl' Hk He) as [E1 E2]. split; [lia|exact E2].
        + destruct (Nat.eqb l y); [discriminate|]. exists y. split; [exact Hy|split; [exact H|]].
          intros k _. split; [lia|auto].
      - intros H. exists y. split; [exact Hy|split; [exact H|]]. intros k _. split; [lia|auto]. }
    assert (HL : loose_n c s' = loose_n c s).
    { unfold loose_n. apply count_over_ext_in. intros n _. rewrite Ht. reflexivity. }
    assert (HC : carried c s' = carried c s).
    { unfold carried. apply count_over_ext_in. intros y _. unfold carries. rewrite Hu.
      rewrite (existsb_ext_in _ (fun v_m => s' "carrying" [v_m; y]) (fun v_m => s "carrying" [v_m; y]));
        [reflexivity|intros; apply Hc]. }
    assert (HF : far c s <= far c s' + 1).
    { unfold far. apply max_over_mono_k. intros n _. apply (nterm_follows c s s' 1 n Hwf Hf). apply Ht. }
    assert (HG : count_over (objs c "spanner") (grounded c s') <= count_over (objs c "spanner") (grounded c s)).
    { apply count_over_mono. intros y Hy. apply (grounded_follows c s s' 1 y Hf).
      - rewrite Hu. auto.
      - intros k _. rewrite Hat. destruct (Nat.eqb_spec m y) as [<-|Hne]; [exfalso; exact (Dms m m Hm Hy eq_refl)|].
        simpl. auto. }
    split; [rewrite HL, HC; lia|].
    apply dead_step; [|rewrite HL, HC; lia].
    intros n _. apply (unreach_follows c s s' 1 n Hf). apply Ht.
  - (* pickup_spanner x at l by m *)
    assert (Hmen : forall m' y, In m' (objs c "man") -> s' "at" [m'; y] = s "at" [m'; y]).
    { intros m' y Hm'. rewrite Hat. destruct (Nat.eqb_spec x m') as [<-|Hne]; [exfalso; exact (Dms x x Hm' Hx eq_refl)|].
      reflexivity. }
    pose proof (follows_same c s s' Hmen) as Hf.
    assert (HL : loose_n c s' = loose_n c s).
    { unfold loose_n. apply count_over_ext_in. intros n _. rewrite Ht. reflexivity. }
    assert (Hcar : forall y, carries c s y = true -> carries c s' y = true).
    { intros y. unfold carries. rewrite Hu, !andb_true_iff. intros [H1 [H2 _]]. split; [exact H1|split; [|reflexivity]].
      apply existsb_exists in H2 as [m' [Hm' H2]]. apply existsb_exists. exists m'. split; [exact Hm'|].
      rewrite Hc, H2. destruct (andb _ _); reflexivity. }
    assert (Hcar' : forall y, y <> x -> carries c s' y = true -> carries c s y = true).
    { intros y Hne. unfold carries. rewrite Hu, !andb_true_iff. intros [H1 [H2 _]]. split; [exact H1|split; [|reflexivity]].
      apply existsb_exists in H2 as [m' [Hm' H2]]. apply existsb_exists. exists m'. split; [exact Hm'|].
      rewrite Hc in H2. destruct (Nat.eqb_spec x y) as [<-|_]; [congruence|]. rewrite andb_false_r in H2. exact H2. }
    assert (HC1 : carried c s <= carried c s') by (apply count_over_mono; auto).
    assert (HC2 : carried c s' <= carried c s + 1).
    { apply (count_over_point _ _ _ x (Hnd "spanner")). intros y _ Hne. apply Hcar'. exact Hne. }
    assert (HF : far c s <= far c s' + 0).
    { unfold far. apply max_over_mono_k. intros n _. apply (nterm_follows c s s' 0 n Hwf Hf). apply Ht. }
    assert (Hgr : forall y, In y (objs c "spanner") -> y <> x -> grounded c s' y = true -> grounded c s y = true).
    { intros y Hy Hne. apply (grounded_follows c s s' 0 y Hf); [rewrite Hu; auto|].
      intros k _. rewrite Hat. destruct (Nat.eqb_spec x y) as [<-|_]; [congruence|]. simpl. auto. }
    assert (HCG : count_over (objs c "spanner") (grounded c s') + carried c s'
                  <= carried c s + count_over (objs c "spanner") (grounded c s)).
    { destruct (s "usable" [x]) eqn:Eu.
      - (* x was on the ground, usable, where m stands: it leaves the grounded count *)
        assert (Hg : grounded c s x = true).
        { unfold grounded. rewrite Eu. simpl. rewrite andb_true_r. apply existsb_exists. exists l.
          split; [apply filter_In; split; [exact Hl|exact (I3 x l Hx Hatx)]|].
          rewrite Hatx. simpl. rewrite andb_true_r. unfold near. apply existsb_exists. exists m.
          split; [exact Hm|]. apply existsb_exists. exists l. split; [apply filter_In; auto|].
          apply Nat.ltb_lt. destruct (Hdiag l Hl) as [-> Hpos]. exact Hpos. }
        assert (Hg' : grounded c s' x = false).
        { unfold grounded. rewrite existsb_false_in; [rewrite andb_false_r; reflexivity|].
          intros k Hk. apply In_filter_l in Hk as [Hk Hik]. rewrite Hat, Nat.eqb_refl. simpl.
          destruct (Nat.eqb_spec l k) as [<-|Hne]; [reflexivity|].
          destruct (s "at" [x; k]) eqn:E; [|reflexivity]. exfalso. apply Hne.
          exact (count_over_le1 _ (fun l => init c "at" [x; l]) l k (Hnd "location") (One_s x Hx) Hl Hk
                   (I3 x l Hx Hatx) Hik). }
        assert (HGd : count_over (objs c "spanner") (grounded c s') + 1 <= count_over (objs c "spanner") (grounded c s)).
        { apply (count_over_point_drop _ _ _ x (Hnd "spanner") Hx Hg Hg'). intros y Hy Hne. apply Hgr; auto. }
        lia.
      - (* x is not usable: neither count grows *)
        assert (HC0 : carried c s' <= carried c s).
        { apply count_over_mono. intros y _ H. destruct (Nat.eq_dec y x) as [->|Hne].
          - unfold carries in H. rewrite Hu, Eu in H. discriminate.
          - exact (Hcar' y Hne H). }
        assert (HG0 : count_over (objs c "spanner") (grounded c s') <= count_over (objs c "spanner") (grounded c s)).
        { apply count_over_mono. intros y Hy H. destruct (Nat.eq_dec y x) as [->|Hne].
          - unfold grounded in H. rewrite Hu, Eu in H. discriminate.
          - exact (Hgr y Hy Hne H). }
        lia. }
    split; [rewrite HL; lia|].
    apply dead_step; [|rewrite HL; lia].
    intros n _. apply (unreach_follows c s s' 0 n Hf). apply Ht.
  - (* tighten_nut n0 at l by m with x *)
    assert (Hmen : forall m' y, In m' (objs c "man") -> s' "at" [m'; y] = s "at" [m'; y]) by (intros; apply Hat).
    pose proof (follows_same c s s' Hmen) as Hf.
    assert (Htn0 : s "tightened" [n0] = false) by exact (I4 n0 Hn0 Hlon).
    assert (Hinit : init c "at" [n0; l] = true) by (rewrite <- I2; assumption).
    assert (HL : loose_n c s <= loose_n c s' + 1).
    { unfold loose_n. apply (count_over_point _ _ _ n0 Hgn). intros y _ Hne H. rewrite Ht in *.
      destruct (Nat.eqb_spec n0 y) as [<-|_]; [congruence|]. exact H. }
    assert (HC : carried c s' + 1 <= carried c s).
    { apply (count_over_point_drop _ _ _ x (Hnd "spanner") Hx).
      - unfold carries. rewrite Hux. simpl. rewrite andb_true_r. apply existsb_exists. exists m. auto.
      - unfold carries. rewrite Hu, Nat.eqb_refl. reflexivity.
      - intros y _ Hne. unfold carries. rewrite Hu. destruct (Nat.eqb_spec x y) as [<-|_]; [congruence|].
        rewrite (existsb_ext_in _ (fun v_m => s' "carrying" [v_m; y]) (fun v_m => s "carrying" [v_m; y]));
          [auto|intros; apply Hc]. }
    (* n0's term was 0: its one location is l, where m stands *)
    assert (Hn0term : nterm c s n0 = 0).
    { unfold nterm. rewrite Htn0. apply Nat.le_0_r. apply max_over_le. intros k Hk.
      apply In_filter_l in Hk as [Hk Hik].
      assert (k = l) as ->
        by exact (count_over_le1 _ (fun l => init c "at" [n0; l]) k l (Hnd "location") (One_n n0 Hn0) Hk Hl Hik Hinit).
      unfold mdist. pose proof (min_over_le (objs c "man") (fun v_m => mreach c s v_m l) (dist_cap c "d") m Hm) as H1.
      unfold mreach in H1 |- *.
      pose proof (min_over_le (List.filter (fun v_l => s "at" [m; v_l]) (objs c "location")) (fun v_l => dist c "d" v_l l)
        (dist_cap c "d") l (proj2 (filter_In _ _ _) (conj Hl Hatm))) as H2.
      cbv beta in H1, H2. destruct (Hdiag l Hl) as [H0 _]. lia. }
    assert (HF : far c s <= far c s' + 0).
    { unfold far. apply max_over_mono_k. intros n _. destruct (Nat.eq_dec n n0) as [->|Hne]; [rewrite Hn0term; lia|].
      apply (nterm_follows c s s' 0 n Hwf Hf). rewrite Ht. destruct (Nat.eqb_spec n0 n) as [<-|_]; [congruence|].
      reflexivity. }
    assert (HG : count_over (objs c "spanner") (grounded c s') <= count_over (objs c "spanner") (grounded c s)).
    { apply count_over_mono. intros y _. apply (grounded_follows c s s' 0 y Hf).
      - rewrite Hu. destruct (Nat.eqb x y); [discriminate|auto].
      - intros k _. rewrite Hat. auto. }
    split; [lia|].
    apply dead_step; [|lia].
    intros n _ H. destruct (Nat.eq_dec n n0) as [->|Hne].
    + (* n0 was not unreachable: m stands at its location *)
      exfalso. unfold unreach in H. rewrite !andb_true_iff in H. destruct H as [_ [H _]].
      rewrite forallb_forall in H. specialize (H l (proj2 (filter_In _ _ _) (conj Hl Hinit))).
      rewrite forallb_forall in H. specialize (H m Hm).
      rewrite forallb_forall in H. specialize (H l (proj2 (filter_In _ _ _) (conj Hl Hatm))).
      apply Nat.leb_le in H. destruct (Hdiag l Hl) as [H0 Hpos]. lia.
    + apply (unreach_follows c s s' 0 n Hf); [|exact H]. rewrite Ht.
      destruct (Nat.eqb_spec n0 n) as [<-|_]; [congruence|]. reflexivity.
Qed.

(* ---------- The theorems ---------- *)

Theorem spanner_goal_aware : forall c : Ctx, spanner_wf c -> spanner_certificate c = true ->
  goal_aware State Op (strips_step c spanner_schemas) (init c) (strips_goal c) (fun s => spanner_h (at_state c s)).
Proof.
  intros c Hwf Hcert s Hr Hg. rewrite h_eq.
  assert (Htg : forall n, In n (gnuts c) -> s "tightened" [n] = true)
    by (intros n Hn; apply Hg; exact (proj2 (In_filter_l _ _ _ Hn))).
  assert (Hl : loose_n c s = 0) by (apply count_over_zero; intros n Hn; rewrite (Htg n Hn); reflexivity).
  assert (Hd : dead c s = false).
  { unfold dead. rewrite Hl. rewrite existsb_false_in; [reflexivity|].
    intros n Hn. unfold unreach. rewrite (Htg n Hn). reflexivity. }
  assert (Hf : far c s = 0).
  { unfold far. apply Nat.le_0_r. apply max_over_le. intros n Hn. unfold nterm. rewrite (Htg n Hn). lia. }
  rewrite Hd. unfold value. rewrite Hl, Hf. reflexivity.
Qed.

Theorem spanner_consistent : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  spanner_wf c -> spanner_certificate c = true ->
  consistent State Op (strips_step c spanner_schemas) cost (init c) (fun s => spanner_h (at_state c s)).
Proof.
  intros c cost Hcost Hwf Hcert s o s' Hr Hs. rewrite !h_eq.
  destruct (step_bound c s o s' Hwf Hcert (inv_reachable c s Hcert Hr) Hs) as [Hv Hdead].
  specialize (Hcost o).
  destruct (dead c s') eqn:E'; destruct (dead c s) eqn:E; try exact I.
  - (* a flagged state leads only to flagged states *)
    specialize (Hdead eq_refl). discriminate.
  - change (value c s <= cost o + value c s'). lia.
Qed.

Theorem spanner_admissible : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  spanner_wf c -> spanner_certificate c = true ->
  forall s k, reachable State Op (strips_step c spanner_schemas) (init c) s ->
  plan State Op (strips_step c spanner_schemas) cost (strips_goal c) s k ->
  le_opt (spanner_h (at_state c s)) k.
Proof.
  intros c cost Hcost Hwf Hcert s k Hr Hp.
  exact (admissible_on_reachable State Op (strips_step c spanner_schemas) cost (strips_goal c) (init c)
    (fun s => spanner_h (at_state c s)) (spanner_goal_aware c Hwf Hcert) (spanner_consistent c cost Hcost Hwf Hcert)
    s k Hr Hp).
Qed.

Print Assumptions spanner_goal_aware.
Print Assumptions spanner_consistent.
Print Assumptions spanner_admissible.
