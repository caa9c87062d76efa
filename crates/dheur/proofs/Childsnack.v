(* Childsnack: the heuristic printed from heuristics/childsnack.heur (Heuristics.v, printed by
   certplan, unchanged) is goal-aware and consistent on every reachable state of every task that
   passes its certificate, hence admissible there (Admissible.v).

   h = n + L + M + R when n > 0, else 0 (see childsnack.heur): n (a) unserved goal (allergic)
   children, t (f) sandwiches (gluten-free) on trays, k (g) in the kitchen, L = max(a-f, n-t),
   M = max(a-f-g, L-k), R = P + K: P the places other than the kitchen with fewer sandwiches on
   trays there than unserved goal children waiting there, K = 1 when L > 0 and no tray is in the
   kitchen. The value F = n + L + M + R is 0 whenever n = 0 (a <= n, so L = M = P = K = 0), so
   h = F on every state, and it suffices that F s <= 1 + F s' on every step.
   Invariants of reachable states (from the certificate's initial checks): static predicates keep
   their initial value, a tray is at one place at most, and a sandwich is in at most one of: the
   kitchen, not yet made, on one tray (so on one tray at most).
   Per schema (any cost >= 1):
   - make_sandwich(_no_gluten) x0: x0 was not made, so on no tray: n, a, t, f and every tray
     count stay; k and g grow by at most 1, so M drops by at most 1; L, P stay, K does not drop;
   - put_on_tray x0 x1: t and f grow by at most 1 (L drops by at most 1), k drops by 1, and
     a - f - g does not drop (if x0 is gluten-free, f grows and g drops together): M does not drop;
     P does not drop (the tray x1 is in the kitchen, at no other place), K = 0 (x1 is there);
   - serve_sandwich(_no_gluten) x0 x1 x2 x3: x0 leaves its one tray, so t drops by 1 and n by at
     most 1 (n - t does not drop); a drops by at most 1, and then x0 is gluten-free and f drops
     by 1; otherwise x1 is not allergic (a stays): a - f does not drop, so neither L nor M;
     at x3 both sides of P's comparison drop by at most the same 1 (the tray side by exactly 1);
     elsewhere the waiting side does not change (x1 waits only at x3): P, K do not drop;
   - move_tray x0 x1 x2: only the place x2 (P's term, or K when x2 is the kitchen) can drop,
     by 1. n, L, M are unchanged.
   Goal-awareness: in a goal state every goal child is served, n = 0, h = 0. *)

From DHeur Require Import Heuristics Admissible Counting.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

(* ========== counting lemmas beyond Counting.v's ========== *)

(* The strict form: where the term at a member a grows by k, the sum grows by k. *)
Lemma sum_over_point_ge : forall l f g a k, NoDup l -> In a l ->
  (forall x, In x l -> x <> a -> f x <= g x) -> f a + k <= g a -> sum_over l f + k <= sum_over l g.
Proof.
  induction l as [|y l IH]; intros f g a k Hnd Hin H Ha; [destruct Hin|]. simpl.
  inversion Hnd as [|y' l' Hy Hnd']; subst.
  destruct Hin as [->|Hin].
  - assert (sum_over l f <= sum_over l g).
    { apply sum_over_mono. intros x Hx. apply H; [right; exact Hx|]. intros ->. contradiction. }
    lia.
  - assert (Hya : y <> a) by (intros ->; contradiction).
    assert (f y <= g y) by (apply H; [left; reflexivity|exact Hya]).
    assert (sum_over l f + k <= sum_over l g).
    { apply (IH f g a k Hnd' Hin); [intros x Hx Hxa; apply H; [right; exact Hx|exact Hxa]|exact Ha]. }
    lia.
Qed.

Lemma count_over_ext : forall l p q, (forall x, In x l -> p x = q x) -> count_over l p = count_over l q.
Proof.
  intros l p q H. apply Nat.le_antisymm; apply count_over_mono; intros x Hx; rewrite (H x Hx); auto.
Qed.

(* ... and drops by 1 where the member a stops passing and no other member starts. *)
Lemma count_over_point_lt : forall l p q a, NoDup l -> In a l -> p a = true -> q a = false ->
  (forall x, In x l -> x <> a -> q x = true -> p x = true) -> count_over l q + 1 <= count_over l p.
Proof.
  intros l p q a Hnd Hin Hp Hq H. rewrite !count_over_sum. apply (sum_over_point_ge _ _ _ a 1 Hnd Hin).
  - intros x Hx Hne. unfold b2n. specialize (H x Hx Hne). destruct (p x), (q x); auto. discriminate (H eq_refl).
  - unfold b2n. rewrite Hp, Hq. lia.
Qed.

(* A count over a filtered list grows with the filter. *)
Lemma count_over_filter_mono : forall (l : list nat) r r' p, (forall x, In x l -> r x = true -> r' x = true) ->
  count_over (filter r l) p <= count_over (filter r' l) p.
Proof.
  unfold count_over. induction l as [|y l IH]; intros r r' p H; simpl; [lia|].
  specialize (IH r r' p (fun x Hx => H x (or_intror Hx))).
  specialize (H y (or_introl eq_refl)).
  destruct (r y), (r' y); simpl; try discriminate (H eq_refl); destruct (p y); simpl; lia.
Qed.

Lemma existsb_mono_in : forall (l : list nat) g g', (forall x, In x l -> g x = true -> g' x = true) ->
  existsb g l = true -> existsb g' l = true.
Proof.
  intros l g g' H E. apply existsb_exists in E. destruct E as [x [Hx Hg]].
  apply existsb_exists. exists x. split; [exact Hx|]. exact (H x Hx Hg).
Qed.

(* ========== the printed value, term by term ========== *)

Definition kitchen (c : Ctx) : nat := obj c "kitchen".
Definition gkids (c : Ctx) : list nat := filter (fun v_c => goal c "served" [v_c]) (objs c "child").
Definition akids (c : Ctx) : list nat :=
  filter (fun v_c => andb (goal c "served" [v_c]) (andb (stat c "allergic_gluten" [v_c]) true)) (objs c "child").
Definition wkids (c : Ctx) (p : nat) : list nat :=
  filter (fun v_c => andb (goal c "served" [v_c]) (andb (stat c "waiting" [v_c; p]) true)) (objs c "child").
Definition unserved (s : State) (x : nat) : bool := negb (s "served" [x]).
Definition ontr (c : Ctx) (s : State) (x : nat) : bool := existsb (fun v_r => s "ontray" [x; v_r]) (objs c "tray").
Definition cn (c : Ctx) (s : State) : nat := count_over (gkids c) (unserved s).
Definition ca (c : Ctx) (s : State) : nat := count_over (akids c) (unserved s).
Definition ct (c : Ctx) (s : State) : nat := count_over (objs c "sandwich") (ontr c s).
Definition cf (c : Ctx) (s : State) : nat :=
  count_over (objs c "sandwich") (fun v_s => andb (s "no_gluten_sandwich" [v_s]) (andb (ontr c s v_s) true)).
Definition ck (c : Ctx) (s : State) : nat := count_over (objs c "sandwich") (fun v_s => s "at_kitchen_sandwich" [v_s]).
Definition cg (c : Ctx) (s : State) : nat :=
  count_over (objs c "sandwich")
    (fun v_s => andb (s "no_gluten_sandwich" [v_s]) (andb (s "at_kitchen_sandwich" [v_s]) true)).
Definition trp (c : Ctx) (s : State) (p y : nat) : bool :=
  existsb (fun v_r => s "ontray" [y; v_r]) (filter (fun v_r => s "at" [v_r; p]) (objs c "tray")).
Definition trayed (c : Ctx) (s : State) (p : nat) : nat := count_over (objs c "sandwich") (trp c s p).
Definition deficit (c : Ctx) (s : State) (p : nat) : bool := Nat.ltb (trayed c s p) (count_over (wkids c p) (unserved s)).
Definition places (c : Ctx) : list nat := filter (fun v_p => negb (Nat.eqb v_p (kitchen c))) (objs c "place").
Definition cp (c : Ctx) (s : State) : nat := count_over (places c) (deficit c s).
Definition hask (c : Ctx) (s : State) : bool := existsb (fun v_r => s "at" [v_r; kitchen c]) (objs c "tray").
Definition cl (c : Ctx) (s : State) : nat := Nat.max (Nat.sub (ca c s) (cf c s)) (Nat.max (Nat.sub (cn c s) (ct c s)) 0).
Definition cm (c : Ctx) (s : State) : nat :=
  Nat.max (Nat.sub (Nat.sub (ca c s) (cf c s)) (cg c s)) (Nat.max (Nat.sub (cl c s) (ck c s)) 0).
Definition ckt (c : Ctx) (s : State) : nat := if andb (Nat.ltb 0 (cl c s)) (andb (negb (hask c s)) true) then 1 else 0.
Definition F (c : Ctx) (s : State) : nat := cn c s + (cl c s + (cm c s + (cp c s + (ckt c s + 0)))).

Lemma value_eq : forall c s, childsnack_value (at_state c s) = if Nat.ltb 0 (cn c s) then F c s else 0.
Proof. reflexivity. Qed.

Lemma h_eq : forall c s, childsnack_h (at_state c s) = Some (childsnack_value (at_state c s)).
Proof. reflexivity. Qed.

(* F is 0 where no goal child is waiting: the `if` of the printed value changes nothing. *)
Lemma F_zero : forall c s, cn c s = 0 -> F c s = 0.
Proof.
  intros c s Hn.
  assert (Ha : ca c s <= cn c s).
  { unfold ca, cn, akids, gkids. apply count_over_filter_mono. intros x _ H.
    apply andb_true_iff in H. apply H. }
  assert (Hl : cl c s = 0) by (unfold cl; lia).
  assert (Hm : cm c s = 0) by (unfold cm; rewrite Hl; lia).
  assert (Hp : cp c s = 0).
  { unfold cp. apply count_over_zero. intros p _. unfold deficit. apply Nat.ltb_ge.
    assert (count_over (wkids c p) (unserved s) <= cn c s).
    { unfold cn, wkids, gkids. apply count_over_filter_mono. intros x _ H. apply andb_true_iff in H. apply H. }
    lia. }
  unfold F, ckt. rewrite Hn, Hl, Hm, Hp. reflexivity.
Qed.

(* ========== the certificate, as facts ========== *)

Lemma certificate_facts : forall c, childsnack_certificate c = true ->
  (forall x, In x (objs c "child") -> stat c "allergic_gluten" [x] = true -> stat c "not_allergic_gluten" [x] = false) /\
  (forall x, In x (objs c "child") -> count_over (objs c "place") (fun p => stat c "waiting" [x; p]) <= 1) /\
  (forall r, In r (objs c "tray") -> count_over (objs c "place") (fun p => init c "at" [r; p]) <= 1) /\
  (forall x, In x (objs c "sandwich") ->
     (if init c "at_kitchen_sandwich" [x] then 1 else 0) + ((if init c "notexist" [x] then 1 else 0) +
       (count_over (objs c "tray") (fun r => init c "ontray" [x; r]) + 0)) <= 1) /\
  In (kitchen c) (objs c "place").
Proof.
  intros c H. unfold childsnack_certificate in H. rewrite !andb_true_iff in H.
  destruct H as [_ [H1 [H2 [_ [H4 [H5 [H6 _]]]]]]].
  unfold childsnack_check_1 in H1. unfold childsnack_check_2 in H2. unfold childsnack_check_4 in H4.
  unfold childsnack_check_5 in H5. unfold childsnack_check_6 in H6.
  rewrite forallb_forall in H1, H2, H4, H5.
  split; [|split; [|split; [|split]]].
  - intros x Hx Ha. specialize (H1 x Hx). rewrite Ha in H1. simpl in H1.
    destruct (stat c "not_allergic_gluten" [x]); [discriminate|reflexivity].
  - intros x Hx. apply Nat.leb_le. exact (H2 x Hx).
  - intros r Hr. apply Nat.leb_le. exact (H4 r Hr).
  - intros x Hx. apply Nat.leb_le. exact (H5 x Hx).
  - apply existsb_exists in H6. destruct H6 as [p [Hp E]]. apply Nat.eqb_eq in E. subst p. exact Hp.
Qed.

(* ========== the step relation, schema by schema ========== *)

(* The six schemas by position, so that goals name them rather than spell them out. *)
Definition no_schema : Schema := {| sname := ""; sparams := []; spre := []; sadd := []; sdel := [] |}.
Definition sch_i (i : nat) : Schema := nth i childsnack_schemas no_schema.
Lemma schemas_eq : childsnack_schemas = [sch_i 0; sch_i 1; sch_i 2; sch_i 3; sch_i 4; sch_i 5].
Proof. reflexivity. Qed.

Definition static_same (s s' : State) : Prop :=
  (forall ys, s' "allergic_gluten" ys = s "allergic_gluten" ys) /\
  (forall ys, s' "not_allergic_gluten" ys = s "not_allergic_gluten" ys) /\
  (forall ys, s' "waiting" ys = s "waiting" ys).

Lemma step_inv : forall c s o s', strips_step c childsnack_schemas s o s' ->
  static_same s s' /\
  ((* make_sandwich_no_gluten, make_sandwich *)
   (exists x0, In x0 (objs c "sandwich") /\ s "notexist" [x0] = true /\
     (forall ys, s' "served" ys = s "served" ys) /\ (forall ys, s' "ontray" ys = s "ontray" ys) /\
     (forall ys, s' "at" ys = s "at" ys) /\
     (forall y, s' "at_kitchen_sandwich" [y] = if Nat.eqb x0 y then true else s "at_kitchen_sandwich" [y]) /\
     (forall y, s' "notexist" [y] = if Nat.eqb x0 y then false else s "notexist" [y]) /\
     (forall y, x0 <> y -> s' "no_gluten_sandwich" [y] = s "no_gluten_sandwich" [y]))
  \/ (* put_on_tray *)
   (exists x0 x1, In x0 (objs c "sandwich") /\ In x1 (objs c "tray") /\
     s "at_kitchen_sandwich" [x0] = true /\ s "at" [x1; kitchen c] = true /\
     (forall ys, s' "served" ys = s "served" ys) /\ (forall ys, s' "at" ys = s "at" ys) /\
     (forall ys, s' "notexist" ys = s "notexist" ys) /\
     (forall ys, s' "no_gluten_sandwich" ys = s "no_gluten_sandwich" ys) /\
     (forall y, s' "at_kitchen_sandwich" [y] = if Nat.eqb x0 y then false else s "at_kitchen_sandwich" [y]) /\
     (forall y r, s' "ontray" [y; r] = if andb (Nat.eqb x0 y) (Nat.eqb x1 r) then true else s "ontray" [y; r]))
  \/ (* serve_sandwich_no_gluten, serve_sandwich *)
   (exists x0 x1 x2 x3, In x0 (objs c "sandwich") /\ In x1 (objs c "child") /\ In x2 (objs c "tray") /\
     In x3 (objs c "place") /\
     s "ontray" [x0; x2] = true /\ s "waiting" [x1; x3] = true /\ s "at" [x2; x3] = true /\
     ((s "allergic_gluten" [x1] = true /\ s "no_gluten_sandwich" [x0] = true) \/ s "not_allergic_gluten" [x1] = true) /\
     (forall y, s' "served" [y] = if Nat.eqb x1 y then true else s "served" [y]) /\
     (forall y r, s' "ontray" [y; r] = if andb (Nat.eqb x0 y) (Nat.eqb x2 r) then false else s "ontray" [y; r]) /\
     (forall ys, s' "at" ys = s "at" ys) /\
     (forall ys, s' "notexist" ys = s "notexist" ys) /\
     (forall ys, s' "no_gluten_sandwich" ys = s "no_gluten_sandwich" ys) /\
     (forall ys, s' "at_kitchen_sandwich" ys = s "at_kitchen_sandwich" ys))
  \/ (* move_tray *)
   (exists x0 x1 x2, In x0 (objs c "tray") /\ In x1 (objs c "place") /\ In x2 (objs c "place") /\
     s "at" [x0; x1] = true /\ s "at" [x0; x2] = false /\
     (forall ys, s' "served" ys = s "served" ys) /\ (forall ys, s' "ontray" ys = s "ontray" ys) /\
     (forall ys, s' "notexist" ys = s "notexist" ys) /\
     (forall ys, s' "no_gluten_sandwich" ys = s "no_gluten_sandwich" ys) /\
     (forall ys, s' "at_kitchen_sandwich" ys = s "at_kitchen_sandwich" ys) /\
     (forall r p, s' "at" [r; p] =
        if andb (Nat.eqb x0 r) (Nat.eqb x2 p) then true else if andb (Nat.eqb x0 r) (Nat.eqb x1 p) then false
        else s "at" [r; p]))).
Ltac pre_split :=
  repeat match goal with H : Forall _ (_ :: _) |- _ =>
    let A := fresh "P" in pose proof (Forall_inv H) as A; apply Forall_inv_tail in H end;
  cbn [pre_holds map arg_value nth] in *.

Ltac eff_solve := intros; unfold apply_op, atom_in, sch_i; simpl; repeat match goal with |- context [Nat.eqb ?a ?b] => destruct (Nat.eqb_spec a b) end; simpl; try reflexivity; try congruence.

Proof.
  intros c s [sch xs] s' [Hin [Ht [Hpre ->]]]. cbn [fst snd] in Hin, Ht, Hpre |- *.
  rewrite schemas_eq in Hin. cbn [In] in Hin.
  split.
  { destruct Hin as [<-|[<-|[<-|[<-|[<-|[<-|[]]]]]]]; repeat split; intros ys; unfold apply_op, atom_in, sch_i; simpl; reflexivity. }
  destruct Hin as [<-|[<-|[<-|[<-|[<-|[<-|[]]]]]]]; unfold sch_i in Ht, Hpre; simpl in Ht, Hpre.
  - (* make_sandwich_no_gluten *)
    destruct xs as [|x0 [|x1 [|x2 [|]]]]; cbn [typed] in Ht; try (exfalso; tauto).
    destruct Ht as [Hx0 _]. apply typed_one in Hx0. pre_split.
    left. exists x0. repeat split; auto; eff_solve.
  - (* make_sandwich *)
    destruct xs as [|x0 [|x1 [|x2 [|]]]]; cbn [typed] in Ht; try (exfalso; tauto).
    destruct Ht as [Hx0 _]. apply typed_one in Hx0. pre_split.
    left. exists x0. repeat split; auto; eff_solve.
  - (* put_on_tray *)
    destruct xs as [|x0 [|x1 [|]]]; cbn [typed] in Ht; try (exfalso; tauto).
    destruct Ht as [Hx0 [Hx1 _]]. apply typed_one in Hx0. apply typed_one in Hx1. pre_split.
    right; left. exists x0, x1. repeat split; auto; eff_solve.
  - (* serve_sandwich_no_gluten *)
    destruct xs as [|x0 [|x1 [|x2 [|x3 [|]]]]]; cbn [typed] in Ht; try (exfalso; tauto).
    destruct Ht as [Hx0 [Hx1 [Hx2 [Hx3 _]]]]. apply typed_one in Hx0, Hx1, Hx2, Hx3. pre_split.
    right; right; left. exists x0, x1, x2, x3. repeat split; auto; eff_solve.
  - (* serve_sandwich *)
    destruct xs as [|x0 [|x1 [|x2 [|x3 [|]]]]]; cbn [typed] in Ht; try (exfalso; tauto).
    destruct Ht as [Hx0 [Hx1 [Hx2 [Hx3 _]]]]. apply typed_one in Hx0, Hx1, Hx2, Hx3. pre_split.
    right; right; left. exists x0, x1, x2, x3. repeat split; auto; eff_solve.
  - (* move_tray *)
    destruct xs as [|x0 [|x1 [|x2 [|]]]]; cbn [typed] in Ht; try (exfalso; tauto).
    destruct Ht as [Hx0 [Hx1 [Hx2 _]]]. apply typed_one in Hx0, Hx1, Hx2. pre_split.
    right; right; right. exists x0, x1, x2. repeat split; auto; eff_solve.
Qed.

(* ========== invariants of reachable states ========== *)

Definition inv (c : Ctx) (s : State) : Prop :=
  (forall ys, s "allergic_gluten" ys = init c "allergic_gluten" ys) /\
  (forall ys, s "not_allergic_gluten" ys = init c "not_allergic_gluten" ys) /\
  (forall ys, s "waiting" ys = init c "waiting" ys) /\
  (forall r p p', In r (objs c "tray") -> In p (objs c "place") -> In p' (objs c "place") ->
     s "at" [r; p] = true -> s "at" [r; p'] = true -> p = p') /\
  (forall x, In x (objs c "sandwich") ->
     b2n (s "at_kitchen_sandwich" [x]) + (b2n (s "notexist" [x]) + count_over (objs c "tray") (fun r => s "ontray" [x; r])) <= 1).

Lemma inv_init : forall c, childsnack_wf c -> childsnack_certificate c = true -> inv c (init c).
Proof.
  intros c [Hnd _] Hcert. unfold objects_distinct in Hnd.
  destruct (certificate_facts c Hcert) as [_ [_ [Hat [Hsw _]]]].
  split; [reflexivity|split; [reflexivity|split; [reflexivity|split]]].
  - intros r p p' Hr Hp Hp' H1 H2. exact (count_over_le1 _ _ p p' (Hnd "place") (Hat r Hr) Hp Hp' H1 H2).
  - intros x Hx. specialize (Hsw x Hx). unfold b2n. lia.
Qed.

(* The sandwiches: on one tray at most, and on none when not made or in the kitchen. *)
Lemma one_tray : forall c s x r r', objects_distinct c -> inv c s -> In x (objs c "sandwich") ->
  In r (objs c "tray") -> In r' (objs c "tray") -> s "ontray" [x; r] = true -> s "ontray" [x; r'] = true -> r = r'.
Proof.
  intros c s x r r' Hnd [_ [_ [_ [_ I]]]] Hx Hr Hr' H1 H2. specialize (I x Hx).
  exact (count_over_le1 _ (fun r => s "ontray" [x; r]) r r' (Hnd "tray") ltac:(lia) Hr Hr' H1 H2).
Qed.

Lemma no_tray : forall c s x r, inv c s -> In x (objs c "sandwich") -> In r (objs c "tray") ->
  (s "notexist" [x] = true \/ s "at_kitchen_sandwich" [x] = true) -> s "ontray" [x; r] = false.
Proof.
  intros c s x r [_ [_ [_ [_ I]]]] Hx Hr H. specialize (I x Hx).
  destruct (s "ontray" [x; r]) eqn:E; [|reflexivity].
  pose proof (count_over_pos _ (fun r => s "ontray" [x; r]) r Hr E).
  unfold b2n in I. destruct H as [H|H]; rewrite H in I; lia.
Qed.

Lemma inv_step : forall c s o s', objects_distinct c -> inv c s -> strips_step c childsnack_schemas s o s' -> inv c s'.
Proof.
  intros c s o s' Hnd Hi Hs. pose proof Hi as [I0a [I0b [I0c [I1 I2]]]].
  destruct (step_inv c s o s' Hs) as [[Sa [Sb Sc]] Hcase].
  split; [intros ys; rewrite Sa; apply I0a|split; [intros ys; rewrite Sb; apply I0b|split; [intros ys; rewrite Sc; apply I0c|]]].
  destruct Hcase as
    [[x0 [Hx0 [Hne0 [Hsv [Hon [Hat [Hak [Hne Hng]]]]]]]]
    |[[x0 [x1 [Hx0 [Hx1 [Hak0 [Hat0 [Hsv [Hat [Hne [Hng [Hak Hon]]]]]]]]]]]
     |[[x0 [x1 [x2 [x3 [Hx0 [Hx1 [Hx2 [Hx3 [Hon0 [Hw0 [Hat0 [Hkind [Hsv [Hon [Hat [Hne [Hng Hak]]]]]]]]]]]]]]]]]
      |[x0 [x1 [x2 [Hx0 [Hx1 [Hx2 [Hat1 [Hat2 [Hsv [Hon [Hne [Hng [Hak Hat]]]]]]]]]]]]]]]].
  - (* make *)
    split; [intros r p p' Hr Hp Hp'; rewrite !Hat; exact (I1 r p p' Hr Hp Hp')|].
    intros x Hx. rewrite Hak, Hne.
    rewrite (count_over_ext _ (fun r => s' "ontray" [x; r]) (fun r => s "ontray" [x; r])) by (intros; apply Hon).
    destruct (Nat.eqb_spec x0 x) as [<-|Hne'].
    + rewrite (count_over_zero _ (fun r => s "ontray" [x0; r])) by (intros r Hr; exact (no_tray c s x0 r Hi Hx0 Hr (or_introl Hne0))).
      unfold b2n. lia.
    + exact (I2 x Hx).
  - (* put_on_tray *)
    split; [intros r p p' Hr Hp Hp'; rewrite !Hat; exact (I1 r p p' Hr Hp Hp')|].
    intros x Hx. rewrite Hak, Hne. specialize (I2 x Hx).
    destruct (Nat.eqb_spec x0 x) as [<-|Hne'].
    + assert (H0 : count_over (objs c "tray") (fun r => s "ontray" [x0; r]) = 0)
        by (apply count_over_zero; intros r Hr; exact (no_tray c s x0 r Hi Hx0 Hr (or_intror Hak0))).
      assert (count_over (objs c "tray") (fun r => s' "ontray" [x0; r]) <= count_over (objs c "tray") (fun r => s "ontray" [x0; r]) + 1).
      { apply (count_over_point _ _ _ x1 (Hnd "tray")). intros r _ Hr. rewrite Hon, Nat.eqb_refl.
        rewrite (proj2 (Nat.eqb_neq x1 r) (not_eq_sym Hr)). simpl. auto. }
      unfold b2n in *. rewrite Hak0 in I2. destruct (s "notexist" [x0]); lia.
    + assert (count_over (objs c "tray") (fun r => s' "ontray" [x; r]) <= count_over (objs c "tray") (fun r => s "ontray" [x; r])).
      { apply count_over_mono. intros r _. rewrite Hon, (proj2 (Nat.eqb_neq x0 x) Hne'). simpl. auto. }
      lia.
  - (* serve *)
    split; [intros r p p' Hr Hp Hp'; rewrite !Hat; exact (I1 r p p' Hr Hp Hp')|].
    intros x Hx. rewrite Hak, Hne. specialize (I2 x Hx).
    assert (count_over (objs c "tray") (fun r => s' "ontray" [x; r]) <= count_over (objs c "tray") (fun r => s "ontray" [x; r])).
    { apply count_over_mono. intros r _. rewrite Hon. destruct (andb _ _); [discriminate|auto]. }
    lia.
  - (* move_tray *)
    split.
    + assert (Hone : forall r p, In r (objs c "tray") -> In p (objs c "place") -> s' "at" [r; p] = true ->
        (r = x0 /\ p = x2) \/ (r <> x0 /\ s "at" [r; p] = true)).
      { intros r p Hr Hp H. rewrite Hat in H. destruct (Nat.eqb_spec x0 r) as [<-|Hr0]; simpl in H.
        - destruct (Nat.eqb_spec x2 p) as [<-|Hp2]; [left; auto|]. simpl in H.
          destruct (Nat.eqb_spec x1 p) as [<-|Hp1]; [discriminate|].
          exfalso. apply Hp1. exact (I1 x0 x1 p Hx0 Hx1 Hp Hat1 H).
        - right. auto. }
      intros r p p' Hr Hp Hp' H1 H2.
      destruct (Hone r p Hr Hp H1) as [[Er Ep]|[Hr0 E1]], (Hone r p' Hr Hp' H2) as [[Er' Ep']|[Hr0' E2]];
        try congruence. exact (I1 r p p' Hr Hp Hp' E1 E2).
    + intros x Hx. rewrite Hak, Hne.
      rewrite (count_over_ext _ (fun r => s' "ontray" [x; r]) (fun r => s "ontray" [x; r])) by (intros; apply Hon).
      exact (I2 x Hx).
Qed.

Lemma inv_reachable : forall c s, childsnack_wf c -> childsnack_certificate c = true ->
  reachable State Op (strips_step c childsnack_schemas) (init c) s -> inv c s.
Proof.
  intros c s Hwf Hcert Hr. induction Hr as [|s o s' Hr IH Hs].
  - exact (inv_init c Hwf Hcert).
  - exact (inv_step c s o s' (proj1 Hwf) IH Hs).
Qed.

(* ========== the terms, compared across a step ========== *)

Lemma ckt_le1 : forall c s, ckt c s <= 1.
Proof. intros c s. unfold ckt. destruct (andb _ _); lia. Qed.

Lemma ckt_zero : forall c s, hask c s = true -> ckt c s = 0.
Proof. intros c s H. unfold ckt. rewrite H. rewrite andb_false_r. reflexivity. Qed.

Lemma ckt_mono : forall c s s', cl c s <= cl c s' -> (hask c s' = true -> hask c s = true) -> ckt c s <= ckt c s'.
Proof.
  intros c s s' Hl Hk. unfold ckt.
  destruct (Nat.ltb_spec 0 (cl c s)), (Nat.ltb_spec 0 (cl c s')), (hask c s), (hask c s'); simpl; try lia; try discriminate (Hk eq_refl).
Qed.

Lemma unserved_mono : forall l s s', (forall x, In x l -> s' "served" [x] = true -> s "served" [x] = true) ->
  count_over l (unserved s) <= count_over l (unserved s').
Proof.
  intros l s s' H. apply count_over_mono. intros x Hx. unfold unserved. specialize (H x Hx).
  destruct (s' "served" [x]), (s "served" [x]); simpl; auto.
Qed.

Lemma unserved_point : forall l s s' a, NoDup l ->
  (forall x, In x l -> x <> a -> s' "served" [x] = true -> s "served" [x] = true) ->
  count_over l (unserved s) <= count_over l (unserved s') + 1.
Proof.
  intros l s s' a Hnd H. apply (count_over_point _ _ _ a Hnd). intros x Hx Hne. unfold unserved.
  specialize (H x Hx Hne). destruct (s' "served" [x]), (s "served" [x]); simpl; auto.
Qed.

Lemma trp_mono : forall c s s' p y, (forall r, In r (objs c "tray") -> s' "at" [r; p] = true -> s "at" [r; p] = true) ->
  (forall r, In r (objs c "tray") -> s' "at" [r; p] = true -> s' "ontray" [y; r] = true -> s "ontray" [y; r] = true) ->
  trp c s' p y = true -> trp c s p y = true.
Proof.
  intros c s s' p y Ha Ho E. unfold trp in *. apply existsb_exists in E. destruct E as [r [Hr E]].
  apply In_filter_l in Hr. destruct Hr as [Hr Hat].
  apply existsb_exists. exists r. split; [apply filter_In; split; auto|]. auto.
Qed.

Lemma trayed_mono : forall c s s' p, (forall r, In r (objs c "tray") -> s' "at" [r; p] = true -> s "at" [r; p] = true) ->
  (forall y r, In r (objs c "tray") -> s' "at" [r; p] = true -> s' "ontray" [y; r] = true -> s "ontray" [y; r] = true) ->
  trayed c s' p <= trayed c s p.
Proof.
  intros c s s' p Ha Ho. unfold trayed. apply count_over_mono. intros y _. apply trp_mono; auto.
Qed.

Lemma deficit_mono : forall c s s' p d, trayed c s' p + d <= trayed c s p ->
  count_over (wkids c p) (unserved s) <= count_over (wkids c p) (unserved s') + d ->
  deficit c s p = true -> deficit c s' p = true.
Proof. unfold deficit. intros c s s' p d H1 H2 H. apply Nat.ltb_lt in H. apply Nat.ltb_lt. lia. Qed.

Lemma in_places : forall c p, In p (places c) -> In p (objs c "place") /\ p <> kitchen c.
Proof.
  intros c p H. apply In_filter_l in H. destruct H as [H E]. split; [exact H|].
  intros ->. rewrite Nat.eqb_refl in E. discriminate.
Qed.

Ltac solve_same H := intros; rewrite ?H in *; auto.

Lemma step_bound : forall c s o s', childsnack_wf c -> childsnack_certificate c = true -> inv c s ->
  strips_step c childsnack_schemas s o s' -> F c s <= 1 + F c s'.
Proof.
  intros c s o s' Hwf Hcert Hi Hs. pose proof Hwf as [Hnd [Wa [Wn Ww]]]. unfold objects_distinct in Hnd.
  destruct (certificate_facts c Hcert) as [C1 [C2 [_ [_ CK]]]].
  pose proof Hi as [I0a [I0b [I0c [I1 I2]]]].
  pose proof (Hnd "sandwich") as NDs. pose proof (Hnd "tray") as NDt.
  assert (NDp : NoDup (places c)) by (apply NoDup_filter; apply Hnd).
  destruct (step_inv c s o s' Hs) as [[Sa [Sb Sc]] Hcase].
  destruct Hcase as
    [[x0 [Hx0 [Hne0 [Hsv [Hon [Hat [Hak [Hne Hng]]]]]]]]
    |[[x0 [x1 [Hx0 [Hx1 [Hak0 [Hat0 [Hsv [Hat [Hne [Hng [Hak Hon]]]]]]]]]]]
     |[[x0 [x1 [x2 [x3 [Hx0 [Hx1 [Hx2 [Hx3 [Hon0 [Hw0 [Hat0 [Hkind [Hsv [Hon [Hat [Hne [Hng Hak]]]]]]]]]]]]]]]]]
      |[x0 [x1 [x2 [Hx0 [Hx1 [Hx2 [Hat1 [Hat2 [Hsv [Hon [Hne [Hng [Hak Hat]]]]]]]]]]]]]]]].
  - (* make_sandwich(_no_gluten) x0 *)
    assert (Hn : cn c s <= cn c s') by (apply unserved_mono; solve_same Hsv).
    assert (Ha : ca c s <= ca c s') by (apply unserved_mono; solve_same Hsv).
    assert (Hont : forall y, ontr c s' y = ontr c s y) by (intros y; unfold ontr; apply existsb_ext_in; intros; apply Hon).
    assert (Ht : ct c s' <= ct c s) by (apply count_over_mono; intros y _; rewrite Hont; auto).
    assert (Hx0off : ontr c s x0 = false).
    { unfold ontr. apply existsb_false_in. intros r Hr. exact (no_tray c s x0 r Hi Hx0 Hr (or_introl Hne0)). }
    assert (Hf : cf c s' <= cf c s).
    { apply count_over_mono. intros y _ H. rewrite Hont in H. destruct (Nat.eq_dec x0 y) as [<-|Hy].
      - rewrite Hx0off, !andb_false_r in H. discriminate.
      - rewrite (Hng y Hy) in H. exact H. }
    assert (Hk : ck c s' <= ck c s + 1).
    { apply (count_over_point _ _ _ x0 NDs). intros y _ Hy H. rewrite Hak in H.
      rewrite (proj2 (Nat.eqb_neq x0 y) (not_eq_sym Hy)) in H. exact H. }
    assert (Hg : cg c s' <= cg c s + 1).
    { apply (count_over_point _ _ _ x0 NDs). intros y _ Hy H. rewrite Hak, (Hng y (not_eq_sym Hy)) in H.
      rewrite (proj2 (Nat.eqb_neq x0 y) (not_eq_sym Hy)) in H. exact H. }
    assert (Hp : cp c s <= cp c s').
    { apply count_over_mono. intros p _. apply (deficit_mono c s s' p 0).
      - rewrite Nat.add_0_r. apply trayed_mono; [solve_same Hat|intros y r _ _; rewrite Hon; auto].
      - rewrite Nat.add_0_r. apply unserved_mono. solve_same Hsv. }
    assert (Hl : cl c s <= cl c s') by (clear - Hn Ha Ht Hf; unfold cl; lia).
    assert (Hkt : ckt c s <= ckt c s').
    { apply ckt_mono; [exact Hl|]. unfold hask. apply existsb_mono_in. solve_same Hat. }
    clear - Hn Ha Ht Hf Hk Hg Hp Hl Hkt. unfold F, cm. lia.
  - (* put_on_tray x0 x1 *)
    assert (Hn : cn c s <= cn c s') by (apply unserved_mono; solve_same Hsv).
    assert (Ha : ca c s <= ca c s') by (apply unserved_mono; solve_same Hsv).
    assert (Hoth : forall y r, y <> x0 -> s' "ontray" [y; r] = s "ontray" [y; r]).
    { intros y r Hy. rewrite Hon, (proj2 (Nat.eqb_neq x0 y) (not_eq_sym Hy)). reflexivity. }
    assert (Hont : forall y, y <> x0 -> ontr c s' y = ontr c s y).
    { intros y Hy. unfold ontr. apply existsb_ext_in. intros r _. apply Hoth. exact Hy. }
    assert (Ht : ct c s' <= ct c s + 1).
    { apply (count_over_point _ _ _ x0 NDs). intros y _ Hy H. rewrite (Hont y Hy) in H. exact H. }
    assert (Hk : ck c s' + 1 <= ck c s).
    { apply (count_over_point_lt _ _ _ x0 NDs Hx0); [exact Hak0|rewrite Hak, Nat.eqb_refl; reflexivity|].
      intros y _ Hy H. rewrite Hak, (proj2 (Nat.eqb_neq x0 y) (not_eq_sym Hy)) in H. exact H. }
    assert (HA : Nat.sub (Nat.sub (ca c s) (cf c s)) (cg c s) <= Nat.sub (Nat.sub (ca c s') (cf c s')) (cg c s') /\
                 cl c s <= cl c s' + 1).
    { destruct (s "no_gluten_sandwich" [x0]) eqn:G0.
      - assert (Hf : cf c s' <= cf c s + 1).
        { apply (count_over_point _ _ _ x0 NDs). intros y _ Hy H. rewrite Hng, (Hont y Hy) in H. exact H. }
        assert (Hg : cg c s' + 1 <= cg c s).
        { apply (count_over_point_lt _ _ _ x0 NDs Hx0).
          - rewrite G0, Hak0. reflexivity.
          - rewrite Hak, Nat.eqb_refl, andb_false_r. reflexivity.
          - intros y _ Hy H. rewrite Hng, Hak, (proj2 (Nat.eqb_neq x0 y) (not_eq_sym Hy)) in H. exact H. }
        clear - Hn Ha Ht Hf Hg Hk. unfold cl. lia.
      - assert (Hf : cf c s' <= cf c s).
        { apply count_over_mono. intros y _ H. rewrite Hng in H. destruct (Nat.eq_dec x0 y) as [<-|Hy].
          - rewrite G0 in H. discriminate.
          - rewrite (Hont y (not_eq_sym Hy)) in H. exact H. }
        assert (Hg : cg c s' <= cg c s).
        { apply count_over_mono. intros y _ H. rewrite Hng, Hak in H. destruct (Nat.eq_dec x0 y) as [<-|Hy].
          - rewrite G0 in H. discriminate.
          - rewrite (proj2 (Nat.eqb_neq x0 y) Hy) in H. exact H. }
        clear - Hn Ha Ht Hf Hg Hk. unfold cl. lia. }
    assert (Hp : cp c s <= cp c s').
    { apply count_over_mono. intros p Hp. destruct (in_places c p Hp) as [Hp' HpK].
      apply (deficit_mono c s s' p 0).
      - rewrite Nat.add_0_r. apply trayed_mono; [solve_same Hat|]. intros y r Hr Ha' H. rewrite Hat in Ha'.
        rewrite Hon in H. destruct (Nat.eqb_spec x0 y) as [<-|], (Nat.eqb_spec x1 r) as [<-|]; simpl in H; auto.
        exfalso. exact (HpK (I1 x1 p (kitchen c) Hr Hp' CK Ha' Hat0)).
      - rewrite Nat.add_0_r. apply unserved_mono. solve_same Hsv. }
    assert (Hk0 : ckt c s = 0).
    { apply ckt_zero. unfold hask. apply existsb_exists. exists x1. auto. }
    clear - Hn HA Hk Hp Hk0. unfold F, cm. lia.
  - (* serve_sandwich(_no_gluten) x0 x1 x2 x3 *)
    assert (Hsub : forall y r, s' "ontray" [y; r] = true -> s "ontray" [y; r] = true).
    { intros y r H. rewrite Hon in H. destruct (andb _ _); [discriminate|exact H]. }
    assert (Hoff : forall r, In r (objs c "tray") -> s' "ontray" [x0; r] = false).
    { intros r Hr. rewrite Hon, Nat.eqb_refl. simpl. destruct (Nat.eqb_spec x2 r) as [<-|Hr2]; [reflexivity|].
      destruct (s "ontray" [x0; r]) eqn:E; [|reflexivity].
      exfalso. apply Hr2. exact (one_tray c s x0 x2 r Hnd Hi Hx0 Hx2 Hr Hon0 E). }
    assert (Hsv1 : forall x, x <> x1 -> s' "served" [x] = true -> s "served" [x] = true).
    { intros x Hx H. rewrite Hsv, (proj2 (Nat.eqb_neq x1 x) (not_eq_sym Hx)) in H. exact H. }
    assert (Hwait : stat c "waiting" [x1; x3] = true) by (rewrite Ww, <- I0c; exact Hw0).
    assert (Hn : cn c s <= cn c s' + 1).
    { apply (unserved_point _ _ _ x1 (NoDup_filter _ (Hnd "child"))). intros x _ Hx. exact (Hsv1 x Hx). }
    assert (Hontm : forall y, ontr c s' y = true -> ontr c s y = true).
    { intros y. unfold ontr. apply existsb_mono_in. intros r _. apply Hsub. }
    assert (Hx0on : ontr c s x0 = true) by (unfold ontr; apply existsb_exists; exists x2; auto).
    assert (Hx0off : ontr c s' x0 = false) by (unfold ontr; apply existsb_false_in; exact Hoff).
    assert (Ht : ct c s' + 1 <= ct c s).
    { apply (count_over_point_lt _ _ _ x0 NDs Hx0 Hx0on Hx0off). intros y _ _. apply Hontm. }
    assert (Hk : ck c s' <= ck c s) by (apply count_over_mono; solve_same Hak).
    assert (Hg : cg c s' <= cg c s) by (apply count_over_mono; solve_same Hak; rewrite Hng in *; auto).
    assert (HA : Nat.sub (ca c s) (cf c s) <= Nat.sub (ca c s') (cf c s')).
    { destruct Hkind as [[Hal Hng0]|Hna].
      - assert (Ha : ca c s <= ca c s' + 1).
        { apply (unserved_point _ _ _ x1 (NoDup_filter _ (Hnd "child"))). intros x _ Hx. exact (Hsv1 x Hx). }
        assert (Hf : cf c s' + 1 <= cf c s).
        { apply (count_over_point_lt _ _ _ x0 NDs Hx0); [rewrite Hng0, Hx0on; reflexivity|rewrite Hx0off, andb_false_r; reflexivity|].
          intros y _ _ H. rewrite Hng in H. apply andb_true_iff in H. destruct H as [H1 H2].
          rewrite H1. simpl. rewrite andb_true_r in *. exact (Hontm y H2). }
        clear - Ha Hf. lia.
      - assert (Ha : ca c s <= ca c s').
        { apply unserved_mono. intros x Hx H. apply In_filter_l in Hx. destruct Hx as [Hx E].
          rewrite !andb_true_iff in E. destruct E as [_ [Eal _]]. destruct (Nat.eq_dec x x1) as [->|Hne1].
          - exfalso. pose proof (C1 x1 Hx Eal) as E. rewrite Wn, <- I0b, Hna in E. discriminate.
          - exact (Hsv1 x Hne1 H). }
        assert (Hf : cf c s' <= cf c s).
        { apply count_over_mono. intros y _ H. rewrite Hng in H. apply andb_true_iff in H. destruct H as [H1 H2].
          rewrite H1. simpl. rewrite andb_true_r in *. exact (Hontm y H2). }
        clear - Ha Hf. lia. }
    assert (Hl : cl c s <= cl c s') by (clear - Hn Ht HA; unfold cl; lia).
    assert (Hp : cp c s <= cp c s').
    { apply count_over_mono. intros p Hp. destruct (in_places c p Hp) as [Hp' _].
      destruct (Nat.eq_dec p x3) as [->|Hp3].
      - apply (deficit_mono c s s' x3 1).
        + apply (count_over_point_lt _ _ _ x0 NDs Hx0).
          * unfold trp. apply existsb_exists. exists x2. split; [apply filter_In; auto|exact Hon0].
          * unfold trp. apply existsb_false_in. intros r Hr. apply In_filter_l in Hr. exact (Hoff r (proj1 Hr)).
          * intros y _ _. apply trp_mono; [solve_same Hat|intros r _ _; apply Hsub].
        + apply (unserved_point _ _ _ x1 (NoDup_filter _ (Hnd "child"))). intros x _ Hx. exact (Hsv1 x Hx).
      - apply (deficit_mono c s s' p 0).
        + rewrite Nat.add_0_r. apply trayed_mono; [solve_same Hat|intros y r _ _; apply Hsub].
        + rewrite Nat.add_0_r. apply unserved_mono. intros x Hx H. apply In_filter_l in Hx. destruct Hx as [Hx E].
          rewrite !andb_true_iff in E. destruct E as [_ [Ew _]]. destruct (Nat.eq_dec x x1) as [->|Hne1].
          * exfalso. apply Hp3. exact (count_over_le1 _ (fun p => stat c "waiting" [x1; p]) p x3 (Hnd "place") (C2 x1 Hx) Hp' Hx3 Ew Hwait).
          * exact (Hsv1 x Hne1 H). }
    assert (Hkt : ckt c s <= ckt c s').
    { apply ckt_mono; [exact Hl|]. unfold hask. apply existsb_mono_in. solve_same Hat. }
    clear - Hn Hl HA Hk Hg Hp Hkt. unfold F, cm. lia.
  - (* move_tray x0 x1 x2 *)
    assert (Hn : cn c s <= cn c s') by (apply unserved_mono; solve_same Hsv).
    assert (Ha : ca c s <= ca c s') by (apply unserved_mono; solve_same Hsv).
    assert (Hont : forall y, ontr c s' y = ontr c s y) by (intros y; unfold ontr; apply existsb_ext_in; intros; apply Hon).
    assert (Ht : ct c s' <= ct c s) by (apply count_over_mono; intros y _; rewrite Hont; auto).
    assert (Hf : cf c s' <= cf c s) by (apply count_over_mono; intros y _; rewrite Hont, Hng; auto).
    assert (Hk : ck c s' <= ck c s) by (apply count_over_mono; solve_same Hak).
    assert (Hg : cg c s' <= cg c s) by (apply count_over_mono; solve_same Hak; rewrite Hng in *; auto).
    assert (Hl : cl c s <= cl c s') by (clear - Hn Ha Ht Hf; unfold cl; lia).
    assert (Hatp : forall r p, p <> x2 -> s' "at" [r; p] = true -> s "at" [r; p] = true).
    { intros r p Hp H. rewrite Hat in H. destruct (Nat.eqb_spec x0 r), (Nat.eqb_spec x2 p); simpl in H; try congruence.
      destruct (Nat.eqb_spec x1 p); simpl in H; congruence. }
    assert (Hd : forall p, p <> x2 -> deficit c s p = true -> deficit c s' p = true).
    { intros p Hp. apply (deficit_mono c s s' p 0).
      - rewrite Nat.add_0_r. apply trayed_mono; [intros r _; apply Hatp; exact Hp|intros y r _ _; rewrite Hon; auto].
      - rewrite Nat.add_0_r. apply unserved_mono. solve_same Hsv. }
    assert (HR : cp c s + ckt c s <= cp c s' + ckt c s' + 1).
    { destruct (Nat.eq_dec x2 (kitchen c)) as [HK|HK].
      - assert (cp c s <= cp c s').
        { apply count_over_mono. intros p Hp. apply Hd. intros ->. exact (proj2 (in_places c x2 Hp) HK). }
        pose proof (ckt_le1 c s). lia.
      - assert (cp c s <= cp c s' + 1).
        { apply (count_over_point _ _ _ x2 NDp). intros p _ Hp. apply Hd. exact Hp. }
        assert (ckt c s <= ckt c s').
        { apply ckt_mono; [exact Hl|]. unfold hask. apply existsb_mono_in. intros r _. apply Hatp. exact (not_eq_sym HK). }
        lia. }
    clear - Hn Ha Ht Hf Hk Hg Hl HR. unfold F, cm. lia.
Qed.

(* ========== the theorems ========== *)

Theorem childsnack_goal_aware : forall c : Ctx, childsnack_wf c -> childsnack_certificate c = true ->
  goal_aware State Op (strips_step c childsnack_schemas) (init c) (strips_goal c) (fun s => childsnack_h (at_state c s)).
Proof.
  intros c Hwf Hcert s Hr Hg. rewrite h_eq, value_eq.
  assert (Hn : cn c s = 0).
  { unfold cn. apply count_over_zero. intros x Hx. apply In_filter_l in Hx. unfold unserved.
    rewrite (Hg "served" [x] (proj2 Hx)). reflexivity. }
  rewrite Hn. reflexivity.
Qed.

Theorem childsnack_consistent : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  childsnack_wf c -> childsnack_certificate c = true ->
  consistent State Op (strips_step c childsnack_schemas) cost (init c) (fun s => childsnack_h (at_state c s)).
Proof.
  intros c cost Hcost Hwf Hcert s o s' Hr Hs. rewrite !h_eq, !value_eq.
  pose proof (step_bound c s o s' Hwf Hcert (inv_reachable c s Hwf Hcert Hr) Hs) as H.
  specialize (Hcost o).
  destruct (Nat.ltb_spec 0 (cn c s)); [|lia].
  destruct (Nat.ltb_spec 0 (cn c s')); [lia|].
  rewrite (F_zero c s') in H by lia. lia.
Qed.

Theorem childsnack_admissible : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  childsnack_wf c -> childsnack_certificate c = true ->
  forall s k, reachable State Op (strips_step c childsnack_schemas) (init c) s ->
  plan State Op (strips_step c childsnack_schemas) cost (strips_goal c) s k ->
  le_opt (childsnack_h (at_state c s)) k.
Proof.
  intros c cost Hcost Hwf Hcert s k Hr Hp.
  exact (admissible_on_reachable State Op (strips_step c childsnack_schemas) cost (strips_goal c) (init c)
    (fun s => childsnack_h (at_state c s)) (childsnack_goal_aware c Hwf Hcert)
    (childsnack_consistent c cost Hcost Hwf Hcert) s k Hr Hp).
Qed.

Print Assumptions childsnack_goal_aware.
Print Assumptions childsnack_consistent.
Print Assumptions childsnack_admissible.
