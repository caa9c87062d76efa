(* Blocksworld: the heuristic printed from heuristics/blocksworld.heur (Heuristics.v, printed by
   certplan, unchanged in value) is goal-aware and consistent on every reachable state of every
   task that passes its certificate, hence admissible there (Admissible.v).

   h = max(2M - held - free + 2D, C) (see blocksworld.heur): a block x is bad when it must leave
   its place (held, a position goal unmet, or, with no position goal, on a block the goal wants
   clear or carrying another); b is marked when some x with below(b, x) < cap is bad; M counts
   the marked blocks, held = [a block is held], free = [a marked block has no position goal],
   D the detours (b held with a marked goal successor, or a walk down b's current tower, at most
   four blocks deep, meets a marked y of b's goal tower strictly below b: `walk`, read by `abv`),
   C the unmet clear goals.
   The table `below` is flagged `exact` in the .heur file, so blocksworld_wf states, besides the
   upper-bound properties every table has, that each finite entry off the diagonal is one more
   than a finite entry of a goal successor (certplan checks it at load; BFS tables always pass).
   Hence R(a, b) := below(a, b) < cap is reflexive and transitive (R_trans), and a block x <> b
   with R(b, x) has a goal parent a <> x (goal (on a x)) with R(b, a) (parent).
   Invariants of reachable states (inv; from the certificate's checks on init, one of them,
   init-held-nothing-on, added for this proof): at most one block is held, none when the arm is
   empty; a held block is not clear, is on nothing, not on the table, and nothing is on it; a
   clear block has nothing on it; a block carries at most one block and stands on at most one;
   a block on the table is on no block.
   Per schema (any cost >= 1); badness of a block reads only its own position, so a step changes
   only the moved block x's badness:
   - pickup x / unstack x y (grab_bound): x becomes bad, so marks only grow; held goes 0 -> 1;
     free rises only with a newly marked block (M rises too); a detour of x over y becomes the
     held detour through x's goal successor v on the path to y (exactness), whose chain contains
     y's; the walks of the other blocks are unchanged, as nothing is on the clear x (abv_frame).
     2M - held - free + 2D drops by at most 1.
   - putdown x / stack x y (place_bound): only x's badness can fall; a block b <> x with R(b, x)
     stays marked through x's goal parent a <> x, whose goal (on a x) is unmet (nothing was on
     the held x); so marks change only at x; free cannot rise; held goes 1 -> 0; only x's detour
     can vanish, and only while x stays marked (a detour's marked y <> x stays marked, so x does);
     a walk from b <> x never reaches the held x (nothing is on it) and is unchanged (abv_frame).
   - C drops by at most 1: each step makes at most one block clear (clear_bound).
   Goal-awareness (goal_value): in a goal state only a held block can be bad, and only it is
   marked (a b <> x above it would have its goal parent on the held x); it has no position
   goal; no detour (a walk ends on a block with something on it, so not on the held x):
   h = 2 - 1 - 1 = 0, or 0 with nothing held. *)

From DHeur Require Import Heuristics Admissible Counting.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

(* ---------- The printed value, term by term ---------- *)

Definition gsucc (c : Ctx) (x : nat) : list nat := List.filter (fun v_y => goal c "on" [x; v_y]) (objs c "object").
Definition wants (c : Ctx) (y : nat) : bool :=
  orb (goal c "clear" [y]) (orb (existsb (fun v_z => goal c "on" [v_z; y]) (objs c "object")) false).
Definition bad (c : Ctx) (s : State) (x : nat) : bool :=
  orb (s "holding" [x]) (orb (existsb (fun v_y => negb (s "on" [x; v_y])) (gsucc c x))
    (orb (andb (goal c "on-table" [x]) (andb (negb (s "on-table" [x])) true))
      (orb (andb (negb (existsb (fun v_y => true) (gsucc c x))) (andb (negb (goal c "on-table" [x]))
        (andb (existsb (fun v_y => s "on" [x; v_y]) (List.filter (fun v_y => wants c v_y) (objs c "object"))) true)))
      false))).
Definition chain (c : Ctx) (b : nat) : list nat :=
  List.filter (fun v_x => Nat.ltb (dist c "below" b v_x) (dist_cap c "below")) (objs c "object").
Definition marked (c : Ctx) (s : State) (b : nat) : bool := existsb (fun v_x => bad c s v_x) (chain c b).
Definition nopos (c : Ctx) (b : nat) : bool :=
  andb (negb (existsb (fun v_y => goal c "on" [b; v_y]) (objs c "object"))) (andb (negb (goal c "on-table" [b])) true).
Definition held (c : Ctx) (s : State) : nat := if existsb (fun v_b => s "holding" [v_b]) (objs c "object") then 1 else 0.
Definition free (c : Ctx) (s : State) : nat :=
  if existsb (fun v_b => marked c s v_b) (List.filter (nopos c) (objs c "object")) then 1 else 0.
(* The detour term: a walk down the current tower under b, at most four blocks deep, meets a
   marked block of b's goal tower strictly below b (dmark); or b is held and its goal successor
   is marked (heldd). *)
Definition dmark (c : Ctx) (s : State) (b y : nat) : bool :=
  andb (Nat.ltb 0 (dist c "below" b y)) (andb (Nat.ltb (dist c "below" b y) (dist_cap c "below")) (andb (marked c s y) true)).
Fixpoint walk (c : Ctx) (s : State) (b : nat) (n : nat) (p : nat) : bool :=
  match n with
  | 0 => existsb (fun v_z => dmark c s b v_z) (List.filter (fun v_z => s "on" [p; v_z]) (objs c "object"))
  | S m => existsb (fun v_z => orb (dmark c s b v_z) (orb (walk c s b m v_z) false))
             (List.filter (fun v_z => s "on" [p; v_z]) (objs c "object"))
  end.
Definition heldd (c : Ctx) (s : State) (b : nat) : bool :=
  andb (s "holding" [b]) (andb (existsb (fun v_y => marked c s v_y)
    (List.filter (fun v_y => andb (Nat.ltb 0 (dist c "below" b v_y))
       (andb (Nat.ltb (dist c "below" b v_y) (dist_cap c "below")) (andb (Nat.leb (dist c "below" b v_y) 1) true)))
      (objs c "object"))) true).
Definition detour (c : Ctx) (s : State) (b : nat) : bool := orb (walk c s b 3 b) (orb (heldd c s b) false).
Definition hasgoal (c : Ctx) (b : nat) : bool := existsb (fun v_c => goal c "on" [b; v_c]) (objs c "object").
Definition mm (c : Ctx) (s : State) : nat := count_over (objs c "object") (marked c s).
Definition dd (c : Ctx) (s : State) : nat := count_over (List.filter (hasgoal c) (objs c "object")) (detour c s).
Definition cc (c : Ctx) (s : State) : nat :=
  count_over (List.filter (fun v_c => goal c "clear" [v_c]) (objs c "object")) (fun v_c => negb (s "clear" [v_c])).
Definition aa (c : Ctx) (s : State) : nat :=
  Nat.add (Nat.sub (Nat.mul 2 (mm c s)) (Nat.add (held c s) (Nat.add (free c s) 0))) (Nat.add (Nat.mul 2 (dd c s)) 0).
Definition value (c : Ctx) (s : State) : nat := Nat.max (aa c s) (Nat.max (cc c s) 0).

Lemma h_eq : forall c s, blocksworld_h (at_state c s) = Some (value c s).
Proof. reflexivity. Qed.

(* ---------- The table `below`: reachability over goal on-edges ---------- *)

Definition R (c : Ctx) (a b : nat) : Prop := dist c "below" a b < dist_cap c "below".
Definition G (c : Ctx) (a b : nat) : Prop := goal c "on" [a; b] = true.

Lemma R_refl : forall c a, blocksworld_wf c -> In a (objs c "object") -> R c a a.
Proof. intros c a Hwf Ha. destruct Hwf as [_ [W1 _]]. destruct (W1 a Ha) as [E K]. unfold R. lia. Qed.

Lemma diag0 : forall c a, blocksworld_wf c -> In a (objs c "object") -> dist c "below" a a = 0.
Proof. intros c a Hwf Ha. destruct Hwf as [_ [W1 _]]. exact (proj1 (W1 a Ha)). Qed.

Lemma R_edge : forall c u v t, blocksworld_wf c -> In u (objs c "object") -> In v (objs c "object") ->
  In t (objs c "object") -> G c u v -> R c v t -> R c u t.
Proof. intros c u v t Hwf Hu Hv Ht Hg H. destruct Hwf as [_ [_ [_ [W3 _]]]]. exact (proj2 (W3 u v t Hu Hv Ht Hg) H). Qed.

Lemma edge_le1 : forall c u v, blocksworld_wf c -> In u (objs c "object") -> In v (objs c "object") ->
  G c u v -> dist c "below" u v <= 1.
Proof.
  intros c u v Hwf Hu Hv Hg. pose proof Hwf as [_ [W1 [_ [W3 _]]]].
  destruct (W3 u v v Hu Hv Hv Hg) as [E _]. destruct (W1 v Hv) as [D _]. lia.
Qed.

Lemma exact_step : forall c u t, blocksworld_wf c -> In u (objs c "object") -> In t (objs c "object") ->
  u <> t -> R c u t -> exists v, In v (objs c "object") /\ G c u v /\ R c v t /\ dist c "below" u t = 1 + dist c "below" v t.
Proof. intros c u t Hwf Hu Ht Hne H. destruct Hwf as [_ [_ [_ [_ W4]]]]. exact (W4 u t Hu Ht Hne H). Qed.

Lemma R_pos : forall c u t, blocksworld_wf c -> In u (objs c "object") -> In t (objs c "object") ->
  u <> t -> R c u t -> 0 < dist c "below" u t.
Proof. intros c u t Hwf Hu Ht Hne H. destruct (exact_step c u t Hwf Hu Ht Hne H) as [v [_ [_ [_ E]]]]. lia. Qed.

Lemma R_trans : forall c a b t, blocksworld_wf c -> In a (objs c "object") -> In b (objs c "object") ->
  In t (objs c "object") -> R c a b -> R c b t -> R c a t.
Proof.
  intros c a b t Hwf Ha Hb Ht Hab Hbt. remember (dist c "below" a b) as n eqn:En. revert a Ha Hab En.
  induction n as [|n IH]; intros a Ha Hab En; (destruct (Nat.eq_dec a b) as [->|Hne]; [exact Hbt|]);
    destruct (exact_step c a b Hwf Ha Hb Hne Hab) as [v [Hv [Hg [Hvb E]]]]; [lia|].
  apply (R_edge c a v t Hwf Ha Hv Ht Hg). apply (IH v Hv Hvb). lia.
Qed.

(* A block x below b (b <> x) in b's goal tower has a goal parent a <> x in it. *)
Lemma parent : forall c b x, blocksworld_wf c -> In b (objs c "object") -> In x (objs c "object") ->
  b <> x -> R c b x -> exists a, In a (objs c "object") /\ a <> x /\ G c a x /\ R c b a.
Proof.
  intros c b x Hwf Hb Hx Hne Hbx. remember (dist c "below" b x) as n eqn:En. revert b Hb Hne Hbx En.
  induction n as [|n IH]; intros b Hb Hne Hbx En;
    destruct (exact_step c b x Hwf Hb Hx Hne Hbx) as [v [Hv [Hg [Hvx E]]]]; [lia|].
  destruct (Nat.eq_dec v x) as [->|Hvne].
  - exists b. repeat split; auto. exact (R_refl c b Hwf Hb).
  - destruct (IH v Hv Hvne Hvx ltac:(lia)) as [a [Ha [Hax [Hga Hva]]]].
    exists a. repeat split; auto. exact (R_edge c b v a Hwf Hb Hv Ha Hg Hva).
Qed.

(* ---------- bad and marked ---------- *)

Lemma bad_same : forall c s s' x, s' "holding" [x] = s "holding" [x] -> (forall y, s' "on" [x; y] = s "on" [x; y]) ->
  s' "on-table" [x] = s "on-table" [x] -> bad c s' x = bad c s x.
Proof.
  intros c s s' x H1 H2 H3. unfold bad. rewrite H1, H3.
  rewrite (existsb_ext_in (gsucc c x) (fun v_y => negb (s' "on" [x; v_y])) (fun v_y => negb (s "on" [x; v_y])))
    by (intros y _; rewrite H2; reflexivity).
  rewrite (existsb_ext_in _ (fun v_y => s' "on" [x; v_y]) (fun v_y => s "on" [x; v_y])) by (intros y _; apply H2).
  reflexivity.
Qed.

Lemma bad_held : forall c s x, s "holding" [x] = true -> bad c s x = true.
Proof. intros c s x H. unfold bad. rewrite H. reflexivity. Qed.

Lemma bad_unmet : forall c s x y, In y (objs c "object") -> G c x y -> s "on" [x; y] = false -> bad c s x = true.
Proof.
  intros c s x y Hy Hg H. unfold bad. apply orb_true_iff. right. apply orb_true_iff. left.
  apply existsb_exists. exists y. split; [apply filter_In; auto|]. rewrite H. reflexivity.
Qed.

Lemma marked_iff : forall c s b, marked c s b = true <-> exists x, In x (objs c "object") /\ R c b x /\ bad c s x = true.
Proof.
  intros c s b. unfold marked, chain. rewrite existsb_exists. split.
  - intros [x [Hx Hb]]. apply filter_In in Hx as [Hx Hr]. apply Nat.ltb_lt in Hr. exists x. auto.
  - intros [x [Hx [Hr Hb]]]. exists x. split; [apply filter_In; split; [exact Hx|apply Nat.ltb_lt; exact Hr]|exact Hb].
Qed.

Lemma marked_R : forall c s a b, blocksworld_wf c -> In a (objs c "object") -> In b (objs c "object") ->
  R c a b -> marked c s b = true -> marked c s a = true.
Proof.
  intros c s a b Hwf Ha Hb Hab Hm. apply marked_iff in Hm as [x [Hx [Hbx Hbad]]]. apply marked_iff.
  exists x. repeat split; auto. exact (R_trans c a b x Hwf Ha Hb Hx Hab Hbx).
Qed.

Lemma marked_self : forall c s x, blocksworld_wf c -> In x (objs c "object") -> bad c s x = true -> marked c s x = true.
Proof. intros c s x Hwf Hx H. apply marked_iff. exists x. repeat split; auto. exact (R_refl c x Hwf Hx). Qed.

(* The current tower under p, at most n + 1 blocks deep, reaches y. *)
Fixpoint abv (c : Ctx) (s : State) (n p y : nat) : Prop :=
  match n with
  | 0 => In y (objs c "object") /\ s "on" [p; y] = true
  | S m => (In y (objs c "object") /\ s "on" [p; y] = true) \/
           exists z, In z (objs c "object") /\ s "on" [p; z] = true /\ abv c s m z y
  end.

Lemma abv_last : forall c s n p y, In p (objs c "object") -> abv c s n p y ->
  exists z, In z (objs c "object") /\ s "on" [z; y] = true.
Proof.
  intros c s n. induction n as [|n IH]; intros p y Hp H; simpl in H.
  - destruct H as [_ H]. exists p. auto.
  - destruct H as [[_ H]|[z [Hz [_ H]]]]; [exists p; auto|exact (IH z y Hz H)].
Qed.

Lemma dmark_iff : forall c s b y, dmark c s b y = true <-> 0 < dist c "below" b y /\ R c b y /\ marked c s y = true.
Proof. intros c s b y. unfold dmark, R. rewrite !andb_true_iff, !Nat.ltb_lt. tauto. Qed.

Lemma walk_iff : forall c s b n p, walk c s b n p = true <->
  exists y, In y (objs c "object") /\ dmark c s b y = true /\ abv c s n p y.
Proof.
  intros c s b n. induction n as [|n IH]; intros p; simpl; rewrite existsb_exists; split.
  - intros [y [Hy H]]. apply filter_In in Hy as [Hy Hon]. exists y. auto.
  - intros [y [Hy [H [_ Hon]]]]. exists y. split; [apply filter_In; auto|exact H].
  - intros [z [Hz H]]. apply filter_In in Hz as [Hz Hon]. rewrite !orb_true_iff in H.
    destruct H as [H|[H|H]]; [|apply IH in H as [y [Hy [Hd Ha]]]|discriminate].
    + exists z. auto.
    + exists y. split; [exact Hy|]. split; [exact Hd|]. right. exists z. auto.
  - intros [y [Hy [Hd [[_ Hon]|[z [Hz [Hon Ha]]]]]]].
    + exists y. split; [apply filter_In; auto|]. rewrite Hd. reflexivity.
    + exists z. split; [apply filter_In; auto|]. rewrite !orb_true_iff. right. left. apply IH. exists y. auto.
Qed.

Lemma heldd_iff : forall c s b, heldd c s b = true <-> s "holding" [b] = true /\
  exists y, In y (objs c "object") /\ 0 < dist c "below" b y /\ R c b y /\ dist c "below" b y <= 1 /\
    marked c s y = true.
Proof.
  intros c s b. unfold heldd, R. rewrite !andb_true_iff, existsb_exists. split.
  - intros [Hh [[y [Hy Hm]] _]]. apply filter_In in Hy as [Hy P]. rewrite !andb_true_iff, !Nat.ltb_lt, Nat.leb_le in P.
    split; [exact Hh|]. exists y. tauto.
  - intros [Hh [y [Hy [P1 [P2 [P3 Hm]]]]]]. split; [exact Hh|]. split; [|reflexivity]. exists y. split; [|exact Hm].
    apply filter_In. split; [exact Hy|]. rewrite !andb_true_iff, !Nat.ltb_lt, Nat.leb_le. auto.
Qed.

Lemma detour_iff : forall c s b, detour c s b = true <->
  (exists y, In y (objs c "object") /\ 0 < dist c "below" b y /\ R c b y /\ marked c s y = true /\ abv c s 3 b y) \/
  (s "holding" [b] = true /\
   exists y, In y (objs c "object") /\ 0 < dist c "below" b y /\ R c b y /\ dist c "below" b y <= 1 /\
     marked c s y = true).
Proof.
  intros c s b. unfold detour. rewrite !orb_true_iff, walk_iff, heldd_iff. split.
  - intros [[y [Hy [Hd Ha]]]|[H|H]]; [|right; exact H|discriminate].
    apply dmark_iff in Hd as [P1 [P2 Hm]]. left. exists y. auto.
  - intros [[y [Hy [P1 [P2 [Hm Ha]]]]]|H]; [|right; left; exact H].
    left. exists y. split; [exact Hy|]. split; [apply dmark_iff; auto|exact Ha].
Qed.

(* Moving x changes no tower walk from a block p <> x when nothing stands on x before the step:
   the walk never enters x, and the other blocks' `on` atoms are unchanged. *)
Lemma abv_frame : forall c s s' x n p y,
  (forall z w, In z (objs c "object") -> z <> x -> s' "on" [z; w] = s "on" [z; w]) ->
  (forall a, In a (objs c "object") -> s "on" [a; x] = false) ->
  In p (objs c "object") -> p <> x -> abv c s n p y -> abv c s' n p y.
Proof.
  intros c s s' x n. induction n as [|n IH]; intros p y Hsame Hno Hp Hpx H; simpl in *.
  - destruct H as [Hy H]. rewrite (Hsame p y Hp Hpx). auto.
  - destruct H as [[Hy H]|[z [Hz [Hon Ha]]]].
    + left. rewrite (Hsame p y Hp Hpx). auto.
    + right. exists z. split; [exact Hz|]. split; [rewrite (Hsame p z Hp Hpx); exact Hon|].
      assert (Hzx : z <> x) by (intros ->; rewrite (Hno p Hp) in Hon; discriminate).
      exact (IH z y Hsame Hno Hz Hzx Ha).
Qed.

(* ---------- A grab (pickup, unstack): the moved block x becomes held, nothing else changes at
   the other blocks; no block was held. Marks only grow, free rises only with a new mark, the
   detours only grow (x's own detour on y becomes the held detour through its goal successor). *)

Definition same_at (s s' : State) (z : nat) : Prop :=
  s' "holding" [z] = s "holding" [z] /\ (forall y, s' "on" [z; y] = s "on" [z; y]) /\ s' "on-table" [z] = s "on-table" [z].

Lemma free_le_mm : forall c s, free c s <= mm c s.
Proof.
  intros c s. unfold free. destruct (existsb _ _) eqn:E; [|lia].
  apply existsb_exists in E as [b [Hb Hm]]. apply In_filter_l in Hb as [Hb _].
  exact (count_over_pos _ _ b Hb Hm).
Qed.

Lemma free_le1 : forall c s, free c s <= 1.
Proof. intros c s. unfold free. destruct (existsb _ _); lia. Qed.

Lemma held_one : forall c s x, In x (objs c "object") -> s "holding" [x] = true -> held c s = 1.
Proof.
  intros c s x Hx H. unfold held.
  assert (E : existsb (fun v_b => s "holding" [v_b]) (objs c "object") = true) by (apply existsb_exists; exists x; auto).
  rewrite E. reflexivity.
Qed.

Lemma held_zero : forall c s, (forall z, In z (objs c "object") -> s "holding" [z] = false) -> held c s = 0.
Proof. intros c s H. unfold held. rewrite (existsb_false_in _ _ H). reflexivity. Qed.

Lemma grab_bound : forall c s s' x, blocksworld_wf c -> In x (objs c "object") ->
  (forall z, In z (objs c "object") -> s "holding" [z] = false) -> s' "holding" [x] = true ->
  (forall a, In a (objs c "object") -> s "on" [a; x] = false) ->
  (forall z, In z (objs c "object") -> z <> x -> same_at s s' z) ->
  aa c s <= aa c s' + 1.
Proof.
  intros c s s' x Hwf Hx Hnh Hh' Hnoon Hsame. pose proof (proj1 Hwf "object") as Hnd.
  assert (Hbad : forall z, In z (objs c "object") -> bad c s z = true -> bad c s' z = true).
  { intros z Hz H. destruct (Nat.eq_dec z x) as [->|Hne]; [exact (bad_held c s' x Hh')|].
    destruct (Hsame z Hz Hne) as [E1 [E2 E3]]. rewrite (bad_same c s s' z E1 E2 E3). exact H. }
  assert (Hmk : forall b, In b (objs c "object") -> marked c s b = true -> marked c s' b = true).
  { intros b Hb H. apply marked_iff in H as [z [Hz [Hr H]]]. apply marked_iff. exists z. auto. }
  pose proof (held_zero c s Hnh) as Hh0. pose proof (held_one c s' x Hx Hh') as Hh1.
  assert (Hm : mm c s <= mm c s') by (apply count_over_mono; exact Hmk).
  assert (Hm1 : 1 <= mm c s')
    by (apply (count_over_pos _ _ x Hx); exact (marked_self c s' x Hwf Hx (bad_held c s' x Hh'))).
  assert (Hf : free c s' + mm c s <= free c s + mm c s').
  { unfold free. destruct (existsb (fun v_b => marked c s' v_b) (List.filter (nopos c) _)) eqn:E; [|lia].
    destruct (existsb (fun v_b => marked c s v_b) (List.filter (nopos c) _)) eqn:E0; [lia|].
    apply existsb_exists in E as [b [Hb Hm']]. apply In_filter_l in Hb as [Hb Hp].
    assert (Hm0 : marked c s b = false).
    { destruct (marked c s b) eqn:M; [|reflexivity]. rewrite <- E0. symmetry. apply existsb_exists.
      exists b. split; [apply filter_In; split; assumption|exact M]. }
    pose proof (count_over_point_drop _ (marked c s') (marked c s) b Hnd Hb Hm' Hm0
      (fun z Hz _ H => Hmk z Hz H)) as D. unfold mm. lia. }
  assert (Hon' : forall z w, In z (objs c "object") -> z <> x -> s' "on" [z; w] = s "on" [z; w]).
  { intros z w Hz Hzx. destruct (Hsame z Hz Hzx) as [_ [E _]]. apply E. }
  assert (Hd : dd c s <= dd c s').
  { apply count_over_mono. intros b Hb H. apply In_filter_l in Hb as [Hb _].
    apply detour_iff in H as [[y [Hy [P1 [P2 [Hmy Ha]]]]]|[Hhb _]];
      [|rewrite (Hnh b Hb) in Hhb; discriminate].
    apply detour_iff. destruct (Nat.eq_dec b x) as [->|Hne].
    - (* x's walk meets y: x is now held, and its goal successor v on the path to y is marked *)
      right. split; [exact Hh'|].
      assert (Hxy : x <> y) by (intros ->; rewrite (diag0 c y Hwf Hy) in P1; lia).
      destruct (exact_step c x y Hwf Hx Hy Hxy P2) as [v [Hv [Hg [Hvy E]]]].
      assert (Hxv : x <> v) by (intros ->; lia).
      assert (Hrv : R c x v) by exact (R_edge c x v v Hwf Hx Hv Hv Hg (R_refl c v Hwf Hv)).
      exists v. split; [exact Hv|]. split; [exact (R_pos c x v Hwf Hx Hv Hxv Hrv)|].
      split; [exact Hrv|]. split; [exact (edge_le1 c x v Hwf Hx Hv Hg)|].
      apply Hmk; [exact Hv|]. exact (marked_R c s v y Hwf Hv Hy Hvy Hmy).
    - left. exists y. split; [exact Hy|]. split; [exact P1|]. split; [exact P2|]. split; [exact (Hmk y Hy Hmy)|].
      exact (abv_frame c s s' x 3 b y Hon' Hnoon Hb Hne Ha). }
  pose proof (free_le1 c s) as F1. pose proof (free_le1 c s') as F2.
  unfold aa. lia.
Qed.

(* ---------- A placement (putdown, stack): the held block x is put somewhere, nothing else
   changes at the other blocks, nothing was on x and no other block was held. Only x's badness
   can fall; a block b <> x with x in its tower stays marked through x's goal parent (its goal is
   unmet: nothing was on x). So marks change only at x; x's detour can vanish only while x stays
   marked. *)

Lemma place_bound : forall c s s' x, blocksworld_wf c -> In x (objs c "object") ->
  s "holding" [x] = true -> (forall z, In z (objs c "object") -> z <> x -> s "holding" [z] = false) ->
  (forall z, In z (objs c "object") -> s' "holding" [z] = false) ->
  (forall a, In a (objs c "object") -> s "on" [a; x] = false) ->
  (forall z, In z (objs c "object") -> z <> x -> same_at s s' z) ->
  aa c s <= aa c s' + 1.
Proof.
  intros c s s' x Hwf Hx Hh Hone Hnh' Hnoon Hsame. pose proof (proj1 Hwf "object") as Hnd.
  assert (Hbad : forall z, In z (objs c "object") -> bad c s' z = true -> bad c s z = true).
  { intros z Hz H. destruct (Nat.eq_dec z x) as [->|Hne]; [exact (bad_held c s x Hh)|].
    destruct (Hsame z Hz Hne) as [E1 [E2 E3]]. rewrite <- (bad_same c s s' z E1 E2 E3). exact H. }
  assert (Hmk : forall b, In b (objs c "object") -> marked c s' b = true -> marked c s b = true).
  { intros b Hb H. apply marked_iff in H as [z [Hz [Hr H]]]. apply marked_iff. exists z. auto. }
  assert (Hkeep : forall b, In b (objs c "object") -> b <> x -> marked c s b = true -> marked c s' b = true).
  { intros b Hb Hne H. apply marked_iff in H as [z [Hz [Hr H]]]. apply marked_iff.
    destruct (Nat.eq_dec z x) as [->|Hzx].
    - destruct (parent c b x Hwf Hb Hx Hne Hr) as [a [Ha [Hax [Hg Hba]]]].
      exists a. repeat split; auto. apply (bad_unmet c s' a x Hx Hg).
      destruct (Hsame a Ha Hax) as [_ [E2 _]]. rewrite E2. exact (Hnoon a Ha).
    - exists z. repeat split; auto. destruct (Hsame z Hz Hzx) as [E1 [E2 E3]].
      rewrite (bad_same c s s' z E1 E2 E3). exact H. }
  pose proof (held_one c s x Hx Hh) as Hh1. pose proof (held_zero c s' Hnh') as Hh0.
  assert (Hmx : marked c s x = true) by exact (marked_self c s x Hwf Hx (bad_held c s x Hh)).
  assert (Hm1 : 1 <= mm c s) by exact (count_over_pos _ _ x Hx Hmx).
  assert (Hf : free c s' <= free c s).
  { unfold free. destruct (existsb (fun v_b => marked c s' v_b) (List.filter (nopos c) _)) eqn:E; [|lia].
    apply existsb_exists in E as [b [Hb Hm']]. apply In_filter_l in Hb as [Hb Hp].
    replace (existsb (fun v_b => marked c s v_b) (List.filter (nopos c) _)) with true; [lia|].
    symmetry. apply existsb_exists.
    exists b. split; [apply filter_In; split; assumption|exact (Hmk b Hb Hm')]. }
  pose proof (free_le_mm c s') as F1. pose proof (free_le1 c s) as F2.
  assert (Hon' : forall z w, In z (objs c "object") -> z <> x -> s' "on" [z; w] = s "on" [z; w]).
  { intros z w Hz Hzx. destruct (Hsame z Hz Hzx) as [_ [E _]]. apply E. }
  assert (Hdo : forall b, In b (objs c "object") -> b <> x -> detour c s b = true -> detour c s' b = true).
  { intros b Hb Hne H. apply detour_iff in H as [[y [Hy [P1 [P2 [Hmy Ha]]]]]|[Hhb _]];
      [|rewrite (Hone b Hb Hne) in Hhb; discriminate].
    (* the walk from b never reaches the held x: nothing is on it *)
    assert (Hyx : y <> x).
    { intros ->. destruct (abv_last c s 3 b x Hb Ha) as [z [Hz E]]. rewrite (Hnoon z Hz) in E. discriminate. }
    apply detour_iff. left. exists y. split; [exact Hy|]. split; [exact P1|]. split; [exact P2|].
    split; [exact (Hkeep y Hy Hyx Hmy)|]. exact (abv_frame c s s' x 3 b y Hon' Hnoon Hb Hne Ha). }
  destruct (marked c s' x) eqn:Mx.
  - assert (Hm : mm c s <= mm c s').
    { apply count_over_mono. intros b Hb H. destruct (Nat.eq_dec b x) as [->|Hne]; [exact Mx|].
      exact (Hkeep b Hb Hne H). }
    assert (Hd : dd c s <= dd c s' + 1).
    { apply (count_over_point _ _ _ x (NoDup_filter _ Hnd)). intros b Hb Hne H.
      apply In_filter_l in Hb as [Hb _]. exact (Hdo b Hb Hne H). }
    unfold aa. lia.
  - assert (Hm : mm c s <= mm c s' + 1).
    { apply (count_over_point _ _ _ x Hnd). intros b Hb Hne H. exact (Hkeep b Hb Hne H). }
    assert (Hd : dd c s <= dd c s').
    { apply count_over_mono. intros b Hb H. apply In_filter_l in Hb as [Hb _].
      destruct (Nat.eq_dec b x) as [->|Hne]; [|exact (Hdo b Hb Hne H)].
      exfalso. apply detour_iff in H as [[y [Hy [P1 [P2 [Hmy _]]]]]|[_ [y [Hy [P1 [P2 [_ Hmy]]]]]]];
      assert (Hyx : y <> x) by (intros ->; rewrite (diag0 c x Hwf Hx) in P1; lia);
      pose proof (marked_R c s' x y Hwf Hx Hy P2 (Hkeep y Hy Hyx Hmy)) as M; rewrite Mx in M; discriminate. }
    unfold aa. lia.
Qed.

(* ---------- The unmet clear goals: each step makes at most one block w clear ---------- *)

Lemma clear_bound : forall c s s' w, NoDup (objs c "object") ->
  (forall z, In z (objs c "object") -> z <> w -> s' "clear" [z] = true -> s "clear" [z] = true) ->
  cc c s <= cc c s' + 1.
Proof.
  intros c s s' w Hnd H. unfold cc. apply (count_over_point _ _ _ w (NoDup_filter _ Hnd)).
  intros z Hz Hne Hp. apply In_filter_l in Hz as [Hz _]. apply negb_true_iff in Hp. apply negb_true_iff.
  destruct (s' "clear" [z]) eqn:E; [|reflexivity]. rewrite (H z Hz Hne E) in Hp. discriminate.
Qed.

(* ---------- The step relation, schema by schema ---------- *)

Lemma step_inv : forall c s o s', strips_step c blocksworld_schemas s o s' ->
  (exists x, In x (objs c "object") /\ s "clear" [x] = true /\ s "on-table" [x] = true /\ s "arm-empty" [] = true /\
     (forall z, s' "holding" [z] = if Nat.eqb x z then true else s "holding" [z]) /\
     (forall z, s' "clear" [z] = if Nat.eqb x z then false else s "clear" [z]) /\
     (forall z, s' "on-table" [z] = if Nat.eqb x z then false else s "on-table" [z]) /\
     (forall a b, s' "on" [a; b] = s "on" [a; b]) /\ s' "arm-empty" [] = false)
  \/
  (exists x, In x (objs c "object") /\ s "holding" [x] = true /\
     (forall z, s' "holding" [z] = if Nat.eqb x z then false else s "holding" [z]) /\
     (forall z, s' "clear" [z] = if Nat.eqb x z then true else s "clear" [z]) /\
     (forall z, s' "on-table" [z] = if Nat.eqb x z then true else s "on-table" [z]) /\
     (forall a b, s' "on" [a; b] = s "on" [a; b]) /\ s' "arm-empty" [] = true)
  \/
  (exists x y, In x (objs c "object") /\ In y (objs c "object") /\ s "clear" [y] = true /\ s "holding" [x] = true /\
     (forall z, s' "holding" [z] = if Nat.eqb x z then false else s "holding" [z]) /\
     (forall z, s' "clear" [z] = if Nat.eqb x z then true else if Nat.eqb y z then false else s "clear" [z]) /\
     (forall z, s' "on-table" [z] = s "on-table" [z]) /\
     (forall a b, s' "on" [a; b] = if andb (Nat.eqb x a) (Nat.eqb y b) then true else s "on" [a; b]) /\
     s' "arm-empty" [] = true)
  \/
  (exists x y, In x (objs c "object") /\ In y (objs c "object") /\ s "on" [x; y] = true /\ s "clear" [x] = true /\
     s "arm-empty" [] = true /\
     (forall z, s' "holding" [z] = if Nat.eqb x z then true else s "holding" [z]) /\
     (forall z, s' "clear" [z] = if Nat.eqb y z then true else if Nat.eqb x z then false else s "clear" [z]) /\
     (forall z, s' "on-table" [z] = s "on-table" [z]) /\
     (forall a b, s' "on" [a; b] = if andb (Nat.eqb x a) (Nat.eqb y b) then false else s "on" [a; b]) /\
     s' "arm-empty" [] = false).
Proof.
  intros c s [sch xs] s' [Hin [Ht [Hpre ->]]]. cbn [fst snd] in Hin, Ht, Hpre |- *.
  unfold blocksworld_schemas in Hin. cbn [In] in Hin.
  destruct Hin as [<-|[<-|[<-|[<-|[]]]]]; cbn [sparams spre] in Ht, Hpre.
  - destruct xs as [|x0 [|x1 xs]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 _]. apply typed_one in H0.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3.
    left. exists x0. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 xs]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 _]. apply typed_one in H0.
    apply Forall_cons_iff in Hpre as [P1 _]. cbn [pre_holds map arg_value nth] in P1.
    right; left. exists x0. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 xs]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 _]]. apply typed_one in H0. apply typed_one in H1.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 _].
    cbn [pre_holds map arg_value nth] in P1, P2.
    right; right; left. exists x0, x1. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 xs]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 _]]. apply typed_one in H0. apply typed_one in H1.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3.
    right; right; right. exists x0, x1. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
Qed.

(* ---------- Invariants of reachable states (from the certificate's checks on init) ---------- *)

Definition inv (c : Ctx) (s : State) : Prop :=
  (forall a b, In a (objs c "object") -> In b (objs c "object") -> s "holding" [a] = true -> s "holding" [b] = true -> a = b) /\
  (s "arm-empty" [] = true -> forall a, In a (objs c "object") -> s "holding" [a] = false) /\
  (forall a, In a (objs c "object") -> s "holding" [a] = true -> s "clear" [a] = false) /\
  (forall a b, In a (objs c "object") -> In b (objs c "object") -> s "holding" [a] = true -> s "on" [b; a] = false) /\
  (forall a b, In a (objs c "object") -> In b (objs c "object") -> s "holding" [a] = true -> s "on" [a; b] = false) /\
  (forall a, In a (objs c "object") -> s "holding" [a] = true -> s "on-table" [a] = false) /\
  (forall a b, In a (objs c "object") -> In b (objs c "object") -> s "clear" [a] = true -> s "on" [b; a] = false) /\
  (forall a b y, In a (objs c "object") -> In b (objs c "object") -> In y (objs c "object") ->
     s "on" [a; y] = true -> s "on" [b; y] = true -> a = b) /\
  (forall a y z, In a (objs c "object") -> In y (objs c "object") -> In z (objs c "object") ->
     s "on" [a; y] = true -> s "on" [a; z] = true -> y = z) /\
  (forall a y, In a (objs c "object") -> In y (objs c "object") -> s "on-table" [a] = true -> s "on" [a; y] = false).

Lemma inv_init : forall c, blocksworld_wf c -> blocksworld_certificate c = true -> inv c (init c).
Proof.
  intros c Hwf H. pose proof (proj1 Hwf "object") as Hnd.
  unfold blocksworld_certificate in H. rewrite !andb_true_iff in H.
  destruct H as [_ [_ [_ [H3 [H4 [H5 [H6 [H7 [H8 [H9 _]]]]]]]]]].
  unfold blocksworld_check_3 in H3. unfold blocksworld_check_4 in H4. unfold blocksworld_check_5 in H5.
  unfold blocksworld_check_6 in H6. unfold blocksworld_check_7 in H7. unfold blocksworld_check_8 in H8.
  unfold blocksworld_check_9 in H9.
  rewrite forallb_forall in H3, H4, H5, H6, H9. apply Nat.leb_le in H7.
  assert (P3 : forall b, In b (objs c "object") ->
    count_over (objs c "object") (fun v_c => init c "on" [b; v_c]) + ((if init c "on-table" [b] then 1 else 0) +
      ((if init c "holding" [b] then 1 else 0) + 0)) <= 1) by (intros b Hb; apply Nat.leb_le; exact (H3 b Hb)).
  split; [|split; [|split; [|split; [|split; [|split; [|split; [|split; [|split]]]]]]]].
  - intros a b Ha Hb Pa Pb. exact (count_over_le1 _ _ a b Hnd H7 Ha Hb Pa Pb).
  - intros Harm a Ha. rewrite Harm in H8. simpl in H8. rewrite orb_false_r, forallb_forall in H8.
    apply negb_true_iff. exact (H8 a Ha).
  - intros a Ha Hh. apply negb_true_iff. apply H6. apply filter_In. auto.
  - intros a b Ha Hb Hh. specialize (H9 a (proj2 (filter_In _ _ _) (conj Ha Hh))). rewrite forallb_forall in H9.
    apply negb_true_iff. exact (H9 b Hb).
  - intros a b Ha Hb Hh. destruct (init c "on" [a; b]) eqn:E; [|reflexivity]. exfalso.
    pose proof (count_over_pos _ (fun v_c => init c "on" [a; v_c]) b Hb E). specialize (P3 a Ha). rewrite Hh in P3. lia.
  - intros a Ha Hh. specialize (P3 a Ha). rewrite Hh in P3. destruct (init c "on-table" [a]); [lia|reflexivity].
  - intros a b Ha Hb Hc. specialize (H5 a (proj2 (filter_In _ _ _) (conj Ha Hc))). rewrite forallb_forall in H5.
    apply negb_true_iff. exact (H5 b Hb).
  - intros a b y Ha Hb Hy E1 E2.
    exact (count_over_le1 _ (fun v_b => init c "on" [v_b; y]) a b Hnd (proj1 (Nat.leb_le _ _) (H4 y Hy)) Ha Hb E1 E2).
  - intros a y z Ha Hy Hz E1 E2. specialize (P3 a Ha).
    assert (Hc : count_over (objs c "object") (fun v_c => init c "on" [a; v_c]) <= 1) by lia.
    exact (count_over_le1 _ (fun v_c => init c "on" [a; v_c]) y z Hnd Hc Hy Hz E1 E2).
  - intros a y Ha Hy Ht. destruct (init c "on" [a; y]) eqn:E; [|reflexivity]. exfalso.
    pose proof (count_over_pos _ (fun v_c => init c "on" [a; v_c]) y Hy E). specialize (P3 a Ha). rewrite Ht in P3. lia.
Qed.

Lemma inv_step : forall c s o s', inv c s -> strips_step c blocksworld_schemas s o s' -> inv c s'.
Proof.
  intros c s o s' Hi Hs. pose proof Hi as [J1 [J2 [J3 [J4 [J5 [J6 [J7 [J8 [J9 J10]]]]]]]]].
  destruct (step_inv c s o s' Hs) as
    [[x [Hx [Pcl [Pt [Pa [Uh [Uc [Ut [Uo Ua]]]]]]]]]
    |[[x [Hx [Ph [Uh [Uc [Ut [Uo Ua]]]]]]]
    |[[x [y [Hx [Hy [Pcl [Ph [Uh [Uc [Ut [Uo Ua]]]]]]]]]]
     |[x [y [Hx [Hy [Pon [Pcl [Pa [Uh [Uc [Ut [Uo Ua]]]]]]]]]]]]]].
  - (* pickup x *)
    pose proof (J2 Pa) as Hnh.
    assert (Hh : forall a, In a (objs c "object") -> s' "holding" [a] = true -> a = x).
    { intros a Ha H. rewrite Uh in H. destruct (Nat.eqb_spec x a) as [->|_]; [reflexivity|].
      rewrite (Hnh a Ha) in H. discriminate. }
    split; [|split; [|split; [|split; [|split; [|split; [|split; [|split; [|split]]]]]]]].
    + intros a b Ha Hb Pa' Pb'. rewrite (Hh a Ha Pa'), (Hh b Hb Pb'). reflexivity.
    + rewrite Ua. discriminate.
    + intros a Ha H. rewrite (Hh a Ha H), Uc, Nat.eqb_refl. reflexivity.
    + intros a b Ha Hb H. rewrite (Hh a Ha H), Uo. exact (J7 x b Hx Hb Pcl).
    + intros a b Ha Hb H. rewrite (Hh a Ha H), Uo. exact (J10 x b Hx Hb Pt).
    + intros a Ha H. rewrite (Hh a Ha H), Ut, Nat.eqb_refl. reflexivity.
    + intros a b Ha Hb H. rewrite Uc in H. rewrite Uo. destruct (Nat.eqb x a); [discriminate|exact (J7 a b Ha Hb H)].
    + intros a b w Ha Hb Hw. rewrite !Uo. exact (J8 a b w Ha Hb Hw).
    + intros a w z Ha Hw Hz. rewrite !Uo. exact (J9 a w z Ha Hw Hz).
    + intros a w Ha Hw H. rewrite Ut in H. rewrite Uo. destruct (Nat.eqb x a); [discriminate|exact (J10 a w Ha Hw H)].
  - (* putdown x *)
    assert (Hnh : forall a, In a (objs c "object") -> s' "holding" [a] = false).
    { intros a Ha. rewrite Uh. destruct (Nat.eqb_spec x a) as [->|Hne]; [reflexivity|].
      destruct (s "holding" [a]) eqn:E; [|reflexivity]. exfalso. exact (Hne (J1 x a Hx Ha Ph E)). }
    split; [|split; [|split; [|split; [|split; [|split; [|split; [|split; [|split]]]]]]]];
      try (intros a; intros; rewrite (Hnh a) in *; [discriminate|assumption]).
    + intros _ a Ha. exact (Hnh a Ha).
    + intros a b Ha Hb H. rewrite Uc in H. rewrite Uo. destruct (Nat.eqb_spec x a) as [->|_]; [exact (J4 a b Ha Hb Ph)|].
      exact (J7 a b Ha Hb H).
    + intros a b w Ha Hb Hw. rewrite !Uo. exact (J8 a b w Ha Hb Hw).
    + intros a w z Ha Hw Hz. rewrite !Uo. exact (J9 a w z Ha Hw Hz).
    + intros a w Ha Hw H. rewrite Ut in H. rewrite Uo. destruct (Nat.eqb_spec x a) as [->|_]; [exact (J5 a w Ha Hw Ph)|].
      exact (J10 a w Ha Hw H).
  - (* stack x y *)
    assert (Hnh : forall a, In a (objs c "object") -> s' "holding" [a] = false).
    { intros a Ha. rewrite Uh. destruct (Nat.eqb_spec x a) as [->|Hne]; [reflexivity|].
      destruct (s "holding" [a]) eqn:E; [|reflexivity]. exfalso. exact (Hne (J1 x a Hx Ha Ph E)). }
    assert (Hyx : y <> x) by (intros ->; rewrite (J3 x Hx Ph) in Pcl; discriminate).
    assert (Hon : forall a b, In a (objs c "object") -> In b (objs c "object") -> s' "on" [a; b] = true ->
      (a = x /\ b = y) \/ (a <> x /\ s "on" [a; b] = true)).
    { intros a b Ha Hb H. rewrite Uo in H. destruct (Nat.eqb_spec x a) as [<-|Hne]; simpl in H.
      - destruct (Nat.eqb_spec y b) as [<-|_]; [left; auto|]. rewrite (J5 x b Hx Hb Ph) in H. discriminate.
      - right. auto. }
    split; [|split; [|split; [|split; [|split; [|split; [|split; [|split; [|split]]]]]]]];
      try (intros a; intros; rewrite (Hnh a) in *; [discriminate|assumption]).
    + intros _ a Ha. exact (Hnh a Ha).
    + intros a b Ha Hb H. destruct (s' "on" [b; a]) eqn:E; [|reflexivity]. exfalso.
      rewrite Uc in H. destruct (Hon b a Hb Ha E) as [[-> ->]|[Hne E']].
      * rewrite Nat.eqb_sym, (proj2 (Nat.eqb_neq y x) Hyx), Nat.eqb_refl in H. discriminate.
      * destruct (Nat.eqb_spec x a) as [<-|Hxa]; [rewrite (J4 x b Hx Hb Ph) in E'; discriminate|].
        destruct (Nat.eqb_spec y a) as [<-|Hya]; [discriminate|]. rewrite (J7 a b Ha Hb H) in E'. discriminate.
    + intros a b w Ha Hb Hw E1 E2.
      destruct (Hon a w Ha Hw E1) as [[Ea Ew]|[Ha' E1']], (Hon b w Hb Hw E2) as [[Eb Ew']|[Hb' E2']].
      * congruence.
      * subst w. rewrite (J7 y b Hy Hb Pcl) in E2'. discriminate.
      * subst w. rewrite (J7 y a Hy Ha Pcl) in E1'. discriminate.
      * exact (J8 a b w Ha Hb Hw E1' E2').
    + intros a w z Ha Hw Hz E1 E2.
      destruct (Hon a w Ha Hw E1) as [[Ea Ew]|[Ha' E1']], (Hon a z Ha Hz E2) as [[Ea' Ez]|[Hb' E2']].
      * congruence.
      * contradiction.
      * contradiction.
      * exact (J9 a w z Ha Hw Hz E1' E2').
    + intros a w Ha Hw H. rewrite Ut in H. destruct (s' "on" [a; w]) eqn:E; [|reflexivity].
      destruct (Hon a w Ha Hw E) as [[-> _]|[_ E']]; [rewrite (J6 x Hx Ph) in H; discriminate|].
      rewrite (J10 a w Ha Hw H) in E'. discriminate.
  - (* unstack x y *)
    pose proof (J2 Pa) as Hnh.
    assert (Hh : forall a, In a (objs c "object") -> s' "holding" [a] = true -> a = x).
    { intros a Ha H. rewrite Uh in H. destruct (Nat.eqb_spec x a) as [->|_]; [reflexivity|].
      rewrite (Hnh a Ha) in H. discriminate. }
    assert (Hxy : x <> y) by (intros <-; rewrite (J7 x x Hx Hx Pcl) in Pon; discriminate).
    assert (Hon : forall a b, s' "on" [a; b] = true -> s "on" [a; b] = true).
    { intros a b H. rewrite Uo in H. destruct (andb _ _); [discriminate|exact H]. }
    split; [|split; [|split; [|split; [|split; [|split; [|split; [|split; [|split]]]]]]]].
    + intros a b Ha Hb Pa' Pb'. rewrite (Hh a Ha Pa'), (Hh b Hb Pb'). reflexivity.
    + rewrite Ua. discriminate.
    + intros a Ha H. rewrite (Hh a Ha H), Uc, Nat.eqb_refl. rewrite (proj2 (Nat.eqb_neq y x) (not_eq_sym Hxy)). reflexivity.
    + intros a b Ha Hb H. rewrite (Hh a Ha H). destruct (s' "on" [b; x]) eqn:E; [|reflexivity].
      pose proof (Hon b x E) as E'. rewrite (J7 x b Hx Hb Pcl) in E'. discriminate.
    + intros a b Ha Hb H. rewrite (Hh a Ha H), Uo, Nat.eqb_refl. simpl.
      destruct (Nat.eqb_spec y b) as [<-|Hne]; [reflexivity|].
      destruct (s "on" [x; b]) eqn:E; [|reflexivity]. exfalso. exact (Hne (J9 x y b Hx Hy Hb Pon E)).
    + intros a Ha H. rewrite (Hh a Ha H), Ut. destruct (s "on-table" [x]) eqn:E; [|reflexivity].
      rewrite (J10 x y Hx Hy E) in Pon. discriminate.
    + intros a b Ha Hb H. rewrite Uc in H. rewrite Uo. destruct (Nat.eqb_spec y a) as [<-|Hya].
      * destruct (Nat.eqb_spec x b) as [<-|Hxb]; [reflexivity|]. simpl.
        destruct (s "on" [b; y]) eqn:E; [|reflexivity]. exfalso. exact (Hxb (J8 x b y Hx Hb Hy Pon E)).
      * destruct (Nat.eqb_spec x a) as [<-|Hxa]; [discriminate|].
        destruct (Nat.eqb x b); simpl; exact (J7 a b Ha Hb H).
    + intros a b w Ha Hb Hw E1 E2. exact (J8 a b w Ha Hb Hw (Hon a w E1) (Hon b w E2)).
    + intros a w z Ha Hw Hz E1 E2. exact (J9 a w z Ha Hw Hz (Hon a w E1) (Hon a z E2)).
    + intros a w Ha Hw H. rewrite Ut in H. destruct (s' "on" [a; w]) eqn:E; [|reflexivity].
      pose proof (Hon a w E) as E'. rewrite (J10 a w Ha Hw H) in E'. discriminate.
Qed.

Lemma inv_reachable : forall c s, blocksworld_wf c -> blocksworld_certificate c = true ->
  reachable State Op (strips_step c blocksworld_schemas) (init c) s -> inv c s.
Proof.
  intros c s Hwf Hcert Hr. induction Hr as [|s o s' Hr IH Hs].
  - exact (inv_init c Hwf Hcert).
  - exact (inv_step c s o s' IH Hs).
Qed.

(* ---------- One step: h drops by at most 1 ---------- *)

Lemma step_bound : forall c s o s', blocksworld_wf c -> inv c s -> strips_step c blocksworld_schemas s o s' ->
  value c s <= 1 + value c s'.
Proof.
  intros c s o s' Hwf Hi Hs. pose proof Hi as [J1 [J2 [J3 [J4 [J5 [J6 [J7 [J8 [J9 J10]]]]]]]]].
  pose proof (proj1 Hwf "object") as Hnd.
  assert (Hne : forall x z, z <> x -> Nat.eqb x z = false) by (intros x z H; apply Nat.eqb_neq; auto).
  assert (HA : aa c s <= aa c s' + 1 /\ cc c s <= cc c s' + 1).
  { destruct (step_inv c s o s' Hs) as
      [[x [Hx [Pcl [Pt [Pa [Uh [Uc [Ut [Uo Ua]]]]]]]]]
      |[[x [Hx [Ph [Uh [Uc [Ut [Uo Ua]]]]]]]
      |[[x [y [Hx [Hy [Pcl [Ph [Uh [Uc [Ut [Uo Ua]]]]]]]]]]
       |[x [y [Hx [Hy [Pon [Pcl [Pa [Uh [Uc [Ut [Uo Ua]]]]]]]]]]]]]].
    - split.
      + apply (grab_bound c s s' x Hwf Hx (J2 Pa)); [rewrite Uh, Nat.eqb_refl; reflexivity|intros a Ha; exact (J7 x a Hx Ha Pcl)|].
        intros z Hz Hzx. split; [rewrite Uh, (Hne x z Hzx); reflexivity|].
        split; [intros w; apply Uo|rewrite Ut, (Hne x z Hzx); reflexivity].
      + apply (clear_bound c s s' x Hnd). intros z Hz Hzx H. rewrite Uc, (Hne x z Hzx) in H. exact H.
    - assert (Hone : forall z, In z (objs c "object") -> z <> x -> s "holding" [z] = false).
      { intros z Hz Hzx. destruct (s "holding" [z]) eqn:E; [|reflexivity]. exfalso. exact (Hzx (J1 z x Hz Hx E Ph)). }
      split.
      + apply (place_bound c s s' x Hwf Hx Ph Hone).
        * intros z Hz. rewrite Uh. destruct (Nat.eqb_spec x z) as [->|Hzx]; [reflexivity|]. exact (Hone z Hz (not_eq_sym Hzx)).
        * intros a Ha. exact (J4 x a Hx Ha Ph).
        * intros z Hz Hzx. split; [rewrite Uh, (Hne x z Hzx); reflexivity|].
          split; [intros w; apply Uo|rewrite Ut, (Hne x z Hzx); reflexivity].
      + apply (clear_bound c s s' x Hnd). intros z Hz Hzx H. rewrite Uc, (Hne x z Hzx) in H. exact H.
    - assert (Hone : forall z, In z (objs c "object") -> z <> x -> s "holding" [z] = false).
      { intros z Hz Hzx. destruct (s "holding" [z]) eqn:E; [|reflexivity]. exfalso. exact (Hzx (J1 z x Hz Hx E Ph)). }
      split.
      + apply (place_bound c s s' x Hwf Hx Ph Hone).
        * intros z Hz. rewrite Uh. destruct (Nat.eqb_spec x z) as [->|Hzx]; [reflexivity|]. exact (Hone z Hz (not_eq_sym Hzx)).
        * intros a Ha. exact (J4 x a Hx Ha Ph).
        * intros z Hz Hzx. split; [rewrite Uh, (Hne x z Hzx); reflexivity|].
          split; [intros w; rewrite Uo, (Hne x z Hzx); reflexivity|apply Ut].
      + apply (clear_bound c s s' x Hnd). intros z Hz Hzx H. rewrite Uc, (Hne x z Hzx) in H.
        destruct (Nat.eqb y z); [discriminate|exact H].
    - split.
      + apply (grab_bound c s s' x Hwf Hx (J2 Pa)); [rewrite Uh, Nat.eqb_refl; reflexivity|intros a Ha; exact (J7 x a Hx Ha Pcl)|].
        intros z Hz Hzx. split; [rewrite Uh, (Hne x z Hzx); reflexivity|].
        split; [intros w; rewrite Uo, (Hne x z Hzx); reflexivity|apply Ut].
      + apply (clear_bound c s s' y Hnd). intros z Hz Hzy H. rewrite Uc, (Hne y z Hzy) in H.
        destruct (Nat.eqb x z); [discriminate|exact H]. }
  unfold value. lia.
Qed.

(* ---------- Goal states ---------- *)

Lemma goal_value : forall c s, blocksworld_wf c -> inv c s -> strips_goal c s -> value c s = 0.
Proof.
  intros c s Hwf Hi Hg. pose proof Hi as [J1 [J2 [J3 [J4 [J5 [J6 [J7 [J8 [J9 J10]]]]]]]]].
  pose proof (proj1 Hwf "object") as Hnd.
  assert (Hc : cc c s = 0).
  { unfold cc. apply count_over_zero. intros z Hz. apply In_filter_l in Hz as [_ Hz]. rewrite (Hg _ _ Hz). reflexivity. }
  (* in a goal state only a held block is bad *)
  assert (Hbad : forall x, In x (objs c "object") -> bad c s x = true -> s "holding" [x] = true).
  { intros x Hx H. unfold bad in H. rewrite !orb_true_iff in H. destruct H as [H|[H|[H|[H|H]]]]; [exact H| | | |discriminate].
    - apply existsb_exists in H as [y [Hy H]]. apply In_filter_l in Hy as [_ Hy].
      rewrite (Hg _ _ Hy) in H. discriminate.
    - rewrite !andb_true_iff in H. destruct H as [Ht [H _]]. rewrite (Hg _ _ Ht) in H. discriminate.
    - rewrite !andb_true_iff in H. destruct H as [Hn [_ [H _]]].
      apply existsb_exists in H as [y [Hy H]]. apply In_filter_l in Hy as [Hy Hw].
      unfold wants in Hw. rewrite !orb_true_iff in Hw. destruct Hw as [Hw|[Hw|Hw]]; [|exfalso|discriminate].
      + rewrite (J7 y x Hy Hx (Hg _ _ Hw)) in H. discriminate.
      + apply existsb_exists in Hw as [z [Hz Hw]]. pose proof (J8 x z y Hx Hz Hy H (Hg _ _ Hw)) as ->.
        assert (E : existsb (fun _ : nat => true) (gsucc c z) = true)
          by (apply existsb_exists; exists y; split; [apply filter_In; split; assumption|reflexivity]).
        rewrite E in Hn. discriminate. }
  assert (Hmk : forall b, In b (objs c "object") -> marked c s b = true -> s "holding" [b] = true).
  { intros b Hb H. apply marked_iff in H as [z [Hz [Hr H]]]. pose proof (Hbad z Hz H) as Hh.
    destruct (Nat.eq_dec b z) as [->|Hbz]; [exact Hh|]. exfalso.
    destruct (parent c b z Hwf Hb Hz Hbz Hr) as [a [Ha [_ [Hga _]]]].
    pose proof (Hg "on" [a; z] Hga) as E. rewrite (J4 z a Hz Ha Hh) in E. discriminate. }
  assert (Hd : dd c s = 0).
  { unfold dd. apply count_over_zero. intros b Hb. apply In_filter_l in Hb as [Hb _].
    destruct (detour c s b) eqn:E; [|reflexivity]. exfalso.
    apply detour_iff in E as [[y [Hy [P1 [P2 [Hmy Ha]]]]]|[Hhb [y [Hy [P1 [_ [_ Hmy]]]]]]];
      pose proof (Hmk y Hy Hmy) as Hhy.
    - (* the walk ends on the held y: something is on it *)
      destruct (abv_last c s 3 b y Hb Ha) as [z [Hz Hon]]. rewrite (J4 y z Hy Hz Hhy) in Hon. discriminate.
    - pose proof (J1 b y Hb Hy Hhb Hhy) as ->. rewrite (diag0 c y Hwf Hy) in P1. lia. }
  unfold value. rewrite Hc.
  destruct (existsb (fun v_b => s "holding" [v_b]) (objs c "object")) eqn:EH.
  - apply existsb_exists in EH as [x [Hx Hhx]].
    pose proof (held_one c s x Hx Hhx) as Hh1.
    assert (Hnp : nopos c x = true).
    { unfold nopos. rewrite existsb_false_in.
      - destruct (goal c "on-table" [x]) eqn:E; [|reflexivity]. pose proof (Hg _ _ E) as E'. rewrite (J6 x Hx Hhx) in E'. discriminate.
      - intros y Hy. destruct (goal c "on" [x; y]) eqn:E; [|reflexivity]. pose proof (Hg _ _ E) as E'. rewrite (J5 x y Hx Hy Hhx) in E'. discriminate. }
    assert (Hmx : marked c s x = true) by exact (marked_self c s x Hwf Hx (bad_held c s x Hhx)).
    assert (Hf : free c s = 1).
    { unfold free. replace (existsb _ _) with true; [reflexivity|]. symmetry. apply existsb_exists.
      exists x. split; [apply filter_In; split; assumption|exact Hmx]. }
    assert (Hm : mm c s <= 1).
    { unfold mm. pose proof (count_over_point (objs c "object") (marked c s) (fun _ => false) x Hnd) as P.
      rewrite (count_over_zero (objs c "object") (fun _ => false)) in P; [|reflexivity].
      apply P. intros b Hb Hbx H. exfalso. exact (Hbx (J1 b x Hb Hx (Hmk b Hb H) Hhx)). }
    unfold aa. lia.
  - assert (Hm : mm c s = 0).
    { unfold mm. apply count_over_zero. intros b Hb. destruct (marked c s b) eqn:E; [|reflexivity].
      pose proof (Hmk b Hb E) as Hh. rewrite <- EH. symmetry. apply existsb_exists. exists b. auto. }
    unfold aa. rewrite Hm, Hd. lia.
Qed.

(* ---------- The theorems ---------- *)

Theorem blocksworld_goal_aware : forall c : Ctx, blocksworld_wf c -> blocksworld_certificate c = true ->
  goal_aware State Op (strips_step c blocksworld_schemas) (init c) (strips_goal c) (fun s => blocksworld_h (at_state c s)).
Proof.
  intros c Hwf Hcert s Hr Hg. rewrite h_eq. f_equal.
  exact (goal_value c s Hwf (inv_reachable c s Hwf Hcert Hr) Hg).
Qed.

Theorem blocksworld_consistent : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  blocksworld_wf c -> blocksworld_certificate c = true ->
  consistent State Op (strips_step c blocksworld_schemas) cost (init c) (fun s => blocksworld_h (at_state c s)).
Proof.
  intros c cost Hcost Hwf Hcert s o s' Hr Hs. rewrite !h_eq.
  pose proof (step_bound c s o s' Hwf (inv_reachable c s Hwf Hcert Hr) Hs) as H.
  specialize (Hcost o). lia.
Qed.

Theorem blocksworld_admissible : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  blocksworld_wf c -> blocksworld_certificate c = true ->
  forall s k, reachable State Op (strips_step c blocksworld_schemas) (init c) s ->
  plan State Op (strips_step c blocksworld_schemas) cost (strips_goal c) s k ->
  le_opt (blocksworld_h (at_state c s)) k.
Proof.
  intros c cost Hcost Hwf Hcert s k Hr Hp.
  exact (admissible_on_reachable State Op (strips_step c blocksworld_schemas) cost (strips_goal c) (init c)
    (fun s => blocksworld_h (at_state c s)) (blocksworld_goal_aware c Hwf Hcert)
    (blocksworld_consistent c cost Hcost Hwf Hcert) s k Hr Hp).
Qed.

Print Assumptions blocksworld_goal_aware.
Print Assumptions blocksworld_consistent.
Print Assumptions blocksworld_admissible.
