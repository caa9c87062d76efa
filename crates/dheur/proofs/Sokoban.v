(* Sokoban: the heuristic printed from heuristics/sokoban.heur (Heuristics.v, printed by
   certplan, unchanged) is goal-aware and consistent on every reachable state of every task that
   passes its certificate, hence admissible there (Admissible.v); consistency in Admissible.v's
   sense includes the dead-end test: a state it flags leads only to states it flags.

   h = max(P + E, J, D, T) while some box goal is unmet, else 0, read at the robot's square q (see
   sokoban.heur): pb b x the push distance from square x to b's goal (0 without a goal); P the sum
   over boxes of pb at the box's square l; kterm b l q the least, over directions d and floor
   squares r, f with r -> l -> f in direction d, of walk q r + 1 + pb b f; E the least kterm - pb
   over all boxes;
   J the largest kterm over boxes off their goal; D the largest one-box distance (table onebox, a
   push-distance table: dist_by c "onebox" l q g, box on l, robot on q, to g) over boxes off their
   goal; T the largest two-box distance (table twobox, dist_pair c "twobox" l m q g h: box b on l,
   a second box c on m, robot on q, to b's goal g and c's goal h) over ordered pairs of distinct
   boxes and their goals, with no test of whether the goals hold (the table is 0 there). Only
   squares of the floor (initially clear, robot or box squares) are read.
   Dead end: a box off its goal whose goal is unreachable from its square in the push table.
   Invariants of reachable states (from the certificate): adjacency is that of the initial state;
   the robot is on one square at most, a box on one square at most; clear squares, the robot's
   square and the boxes' squares are floor.
   Per schema (any cost >= 1):
   - move q0 q1: boxes unchanged (P, the test, the goals unchanged); q0 -> q1 is an edge of the
     walk table, so every walk distance from the robot drops by at most 1: E and J drop by at
     most 1 (kterm_step);
   - push q0 l1 f (box b0 from l1 to f, robot from q0 to l1): q0, l1, f lie in one direction, so
     kterm b0 l1 q0 <= 1 + pb b0 f (kterm_push) and E <= 1 + pb b0 f - pb b0 l1 before, while P
     goes from (the rest) + pb b0 l1 to (the rest) + pb b0 f: P + E before is at most P + 1 after.
     kterm >= pb everywhere (kterm_lo: each push edge lowers pb by at most 1), so b0's J term
     goes from at most 1 + pb b0 f to at least pb b0 f; the other boxes' terms drop by at most 1
     (q0 -> l1 is a walk edge). l1 -> f is an edge of the push table, so an unreachable goal
     stays unreachable. Where every goal holds after the push, P + E and J were at most 1 before.
   - D (a second invariant, inv2, from certificate checks 4 and 5: a box's square is not clear,
     one box a square): a move's target is clear, so no box is on it, and the robot's step is an
     edge of every box's pairs graph; a push of b0 is an edge of b0's graph (0 at its goal), and
     for any other box the robot's step into l1, b0's square, not that box's.
   - T (inv2 again): a move's target q1 is clear, so neither box of a pair is on it: the robot's
     step is an edge of the pair's graph (twobox step fact). A push of b0 from l1 to f, with f
     clear, so on neither box's square: if b0 is the pair's first box b, an edge of the graph
     pushing the first box (the second, c, stays on m, m <> f); if b0 is the second box c, an
     edge pushing the second (b stays on l, l <> f); if b0 is a third box, the robot's step
     q0 -> l1, and l1, b0's square, is neither l nor m (one box a square). Where every goal holds
     after the push, each box with a goal is on it (and on no other square), so T after the push
     reads dist_pair c "twobox" g h l1 g h = 0 (met_zero_t), and T was at most 1 before; a box
     with no goal contributes no term (an empty max), a box on no square a 0 (an empty min).
   Goal-awareness: every box with a goal is at it (and on no other square): no term, no dead
   end. *)

From DHeur Require Import Heuristics Admissible Counting.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

(* ---------- The printed value and dead-end test, term by term ---------- *)

Definition floor (c : Ctx) (l : nat) : bool :=
  orb (init c "clear" [l]) (orb (init c "at-robot" [l]) (orb (existsb (fun v_c => init c "at" [v_c; l]) (objs c "box")) false)).
Definition bloc (c : Ctx) (s : State) (b : nat) : list nat :=
  List.filter (fun v_l => andb (floor c v_l) (andb (s "at" [b; v_l]) true)) (objs c "location").
Definition gl (c : Ctx) (b : nat) : list nat := List.filter (fun v_g => goal c "at" [b; v_g]) (objs c "location").
Definition pb (c : Ctx) (b x : nat) : nat := sum_over (gl c b) (fun v_h => dist c "push" x v_h).
Definition rsq (c : Ctx) (l d : nat) : list nat :=
  List.filter (fun v_r => andb (stat c "adjacent" [v_r; l; d]) (andb (floor c v_r) true)) (objs c "location").
Definition fsq (c : Ctx) (l d : nat) : list nat :=
  List.filter (fun v_f => andb (stat c "adjacent" [l; v_f; d]) (andb (floor c v_f) true)) (objs c "location").
Definition xterm (c : Ctx) (b l d : nat) : nat :=
  min_over (fsq c l d) (fun v_f => 1 + (pb c b v_f + 0)) (dist_cap c "push").
Definition kterm (c : Ctx) (b l q : nat) : nat :=
  min_over (objs c "direction")
    (fun v_d => min_over (rsq c l v_d) (fun v_r => dist c "walk" q v_r + (xterm c b l v_d + 0)) (dist_cap c "push"))
    (dist_cap c "push").
Definition pterm (c : Ctx) (s : State) (b g : nat) : nat :=
  if s "at" [b; g] then 0 else min_over (bloc c s b) (fun v_l => dist c "push" v_l g) (dist_cap c "push").
Definition psum (c : Ctx) (s : State) : nat :=
  sum_over (objs c "box") (fun v_b => sum_over (gl c v_b) (fun v_g => pterm c s v_b v_g)).
Definition eterm (c : Ctx) (s : State) (q : nat) : nat :=
  min_over (objs c "box") (fun v_b => min_over (bloc c s v_b) (fun v_l => kterm c v_b v_l q - pb c v_b v_l)
    (dist_cap c "push")) 0.
Definition jterm (c : Ctx) (s : State) (q b g : nat) : nat :=
  if s "at" [b; g] then 0 else min_over (bloc c s b) (fun v_l => kterm c b v_l q) (dist_cap c "push").
Definition jmax (c : Ctx) (s : State) (q : nat) : nat :=
  max_over (objs c "box") (fun v_b => max_over (gl c v_b) (fun v_g => jterm c s q v_b v_g)).
Definition dterm (c : Ctx) (s : State) (q b g : nat) : nat :=
  if s "at" [b; g] then 0 else min_over (bloc c s b) (fun v_l => dist_by c "onebox" v_l q g) 0.
Definition dmax (c : Ctx) (s : State) (q : nat) : nat :=
  max_over (objs c "box") (fun v_b => max_over (gl c v_b) (fun v_g => dterm c s q v_b v_g)).
(* The two-box term: box b on l, box e on m (the printed form calls them b and c; c is the task
   here), the robot on q, to goals g and h. *)
Definition tterm (c : Ctx) (s : State) (q b e g h : nat) : nat :=
  min_over (bloc c s b) (fun v_l => min_over (bloc c s e) (fun v_m => dist_pair c "twobox" v_l v_m q g h) 0) 0.
Definition others (c : Ctx) (b : nat) : list nat := List.filter (fun v_c => negb (Nat.eqb b v_c)) (objs c "box").
Definition tmax (c : Ctx) (s : State) (q : nat) : nat :=
  max_over (objs c "box") (fun v_b => max_over (others c v_b) (fun v_e =>
    max_over (gl c v_b) (fun v_g => max_over (gl c v_e) (fun v_h => tterm c s q v_b v_e v_g v_h)))).
Definition unmet (c : Ctx) (s : State) : bool :=
  existsb (fun v_b => existsb (fun v_g => negb (s "at" [v_b; v_g])) (gl c v_b)) (objs c "box").
Definition inner (c : Ctx) (s : State) (q : nat) : nat :=
  if unmet c s then Nat.max (psum c s + (eterm c s q + 0)) (Nat.max (jmax c s q) (Nat.max (dmax c s q) (Nat.max (tmax c s q) 0))) else 0.
Definition value (c : Ctx) (s : State) : nat :=
  min_over (List.filter (fun v_q => andb (floor c v_q) (andb (s "at-robot" [v_q]) true)) (objs c "location"))
    (fun v_q => inner c s v_q) 0.
Definition dead (c : Ctx) (s : State) : bool :=
  existsb (fun v_b => existsb (fun v_g => existsb (fun v_l => andb (negb (Nat.eqb v_l v_g))
      (andb (Nat.leb (dist_cap c "push") (dist c "push" v_l v_g)) true)) (bloc c s v_b)) (gl c v_b)) (objs c "box").

Lemma h_eq : forall c s, sokoban_h (at_state c s) = if dead c s then None else Some (value c s).
Proof. reflexivity. Qed.

(* ---------- The certificate, as facts ---------- *)

Lemma certificate_facts : forall c, sokoban_certificate c = true ->
  (forall b, In b (objs c "box") -> List.length (gl c b) <= 1) /\
  (forall b, In b (objs c "box") -> count_over (objs c "location") (fun l => init c "at" [b; l]) <= 1) /\
  count_over (objs c "location") (fun l => init c "at-robot" [l]) <= 1.
Proof.
  intros c H. unfold sokoban_certificate in H. rewrite !andb_true_iff in H.
  destruct H as [_ [H1 [H2 [H3 _]]]].
  unfold sokoban_check_1 in H1. unfold sokoban_check_2 in H2. unfold sokoban_check_3 in H3.
  rewrite forallb_forall in H1, H2. apply Nat.leb_le in H3.
  split; [|split; [|exact H3]].
  - intros b Hb. apply Nat.leb_le. exact (H1 b Hb).
  - intros b Hb. apply Nat.leb_le. exact (H2 b Hb).
Qed.

(* ---------- The step relation, schema by schema ---------- *)

Lemma step_inv : forall c s o s', strips_step c sokoban_schemas s o s' ->
  (exists q0 q1 d, In q0 (objs c "location") /\ In q1 (objs c "location") /\ In d (objs c "direction") /\
     s "clear" [q1] = true /\ s "at-robot" [q0] = true /\ s "adjacent" [q0; q1; d] = true /\
     (forall y, s' "at-robot" [y] = if Nat.eqb q1 y then true else if Nat.eqb q0 y then false else s "at-robot" [y]) /\
     (forall ys, s' "at" ys = s "at" ys) /\ (forall ys, s' "clear" ys = s "clear" ys) /\
     (forall ys, s' "adjacent" ys = s "adjacent" ys))
  \/
  (exists q0 l1 f d b0, In q0 (objs c "location") /\ In l1 (objs c "location") /\ In f (objs c "location") /\
     In d (objs c "direction") /\ In b0 (objs c "box") /\
     s "at-robot" [q0] = true /\ s "at" [b0; l1] = true /\ s "clear" [f] = true /\
     s "adjacent" [q0; l1; d] = true /\ s "adjacent" [l1; f; d] = true /\
     (forall y, s' "at-robot" [y] = if Nat.eqb l1 y then true else if Nat.eqb q0 y then false else s "at-robot" [y]) /\
     (forall x y, s' "at" [x; y] = if andb (Nat.eqb b0 x) (Nat.eqb f y) then true
                                  else if andb (Nat.eqb b0 x) (Nat.eqb l1 y) then false else s "at" [x; y]) /\
     (forall y, s' "clear" [y] = if Nat.eqb l1 y then true else if Nat.eqb f y then false else s "clear" [y]) /\
     (forall ys, s' "adjacent" ys = s "adjacent" ys)).
Proof.
  intros c s [sch xs] s' [Hin [Ht [Hpre ->]]]. cbn [fst snd] in Hin, Ht, Hpre |- *.
  unfold sokoban_schemas in Hin. cbn [In] in Hin.
  destruct Hin as [<-|[<-|[]]]; cbn [sparams spre] in Ht, Hpre.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 xs]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 _]]]. apply typed_one in H0. apply typed_one in H1. apply typed_one in H2.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3.
    left. exists x0, x1, x2. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
  - destruct xs as [|x0 [|x1 [|x2 [|x3 [|x4 [|x5 xs]]]]]]; cbn [typed] in Ht; try (exfalso; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction).
    destruct Ht as [H0 [H1 [H2 [H3 [H4 _]]]]]. apply typed_one in H0. apply typed_one in H1.
    apply typed_one in H2. apply typed_one in H3. apply typed_one in H4.
    apply Forall_cons_iff in Hpre as [P1 Hpre]. apply Forall_cons_iff in Hpre as [P2 Hpre].
    apply Forall_cons_iff in Hpre as [P3 Hpre]. apply Forall_cons_iff in Hpre as [P4 Hpre].
    apply Forall_cons_iff in Hpre as [P5 _].
    cbn [pre_holds map arg_value nth] in P1, P2, P3, P4, P5.
    right. exists x0, x1, x2, x3, x4. repeat split; auto; intros;
      unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
Qed.

(* ---------- Invariants of reachable states ---------- *)

Definition inv (c : Ctx) (s : State) : Prop :=
  (forall ys, s "adjacent" ys = init c "adjacent" ys) /\
  (forall q q', In q (objs c "location") -> In q' (objs c "location") ->
     s "at-robot" [q] = true -> s "at-robot" [q'] = true -> q = q') /\
  (forall b l l', In b (objs c "box") -> In l (objs c "location") -> In l' (objs c "location") ->
     s "at" [b; l] = true -> s "at" [b; l'] = true -> l = l') /\
  (forall l, s "clear" [l] = true -> floor c l = true) /\
  (forall l, s "at-robot" [l] = true -> floor c l = true) /\
  (forall b l, In b (objs c "box") -> s "at" [b; l] = true -> floor c l = true).

Lemma inv_init : forall c, sokoban_wf c -> sokoban_certificate c = true -> inv c (init c).
Proof.
  intros c [Hnd _] Hcert. destruct (certificate_facts c Hcert) as [_ [Hb Hr]].
  split; [reflexivity|split; [|split; [|split; [|split]]]].
  - intros q q' Hq Hq' H1 H2. exact (count_over_le1 _ _ q q' (Hnd "location") Hr Hq Hq' H1 H2).
  - intros b l l' Hb' Hl Hl' H1 H2. exact (count_over_le1 _ _ l l' (Hnd "location") (Hb b Hb') Hl Hl' H1 H2).
  - intros l H. unfold floor. rewrite H. reflexivity.
  - intros l H. unfold floor. apply orb_true_iff. right. apply orb_true_iff. left. exact H.
  - intros b l Hb' H. unfold floor. apply orb_true_iff. right. apply orb_true_iff. right.
    apply orb_true_iff. left. apply existsb_exists. exists b. auto.
Qed.

Lemma inv_step : forall c s o s', inv c s -> strips_step c sokoban_schemas s o s' -> inv c s'.
Proof.
  intros c s o s' [I1 [I2 [I3 [I4 [I5 I6]]]]] Hs.
  destruct (step_inv c s o s' Hs) as
    [[q0 [q1 [d [Hq0 [Hq1 [Hd [Hcl1 [Hr0 [Hadj [Hrob [Hat [Hcl Hadj']]]]]]]]]]]]
    |[q0 [l1 [f [d [b0 [Hq0 [Hl1 [Hf [Hd [Hb0 [Hr0 [Hat0 [Hclf [Hadj1 [Hadj2 [Hrob [Hat [Hcl Hadj']]]]]]]]]]]]]]]]]]].
  - (* move *)
    split; [intros ys; rewrite Hadj'; apply I1|split; [|split; [|split; [|split]]]].
    + assert (Hone : forall y, In y (objs c "location") -> s' "at-robot" [y] = true -> y = q1).
      { intros y Hy H. rewrite Hrob in H. destruct (Nat.eqb_spec q1 y) as [->|Hne]; [reflexivity|].
        destruct (Nat.eqb_spec q0 y) as [<-|Hne']; [discriminate|].
        exfalso. exact (Hne' (I2 q0 y Hq0 Hy Hr0 H)). }
      intros q q' Hq Hq' H1 H2. rewrite (Hone q Hq H1), (Hone q' Hq' H2). reflexivity.
    + intros b l l' Hb. rewrite !Hat. exact (I3 b l l' Hb).
    + intros l H. rewrite Hcl in H. exact (I4 l H).
    + intros l H. rewrite Hrob in H. destruct (Nat.eqb_spec q1 l) as [E|_]; [rewrite <- E; exact (I4 q1 Hcl1)|].
      destruct (Nat.eqb q0 l); [discriminate|exact (I5 l H)].
    + intros b l Hb H. rewrite Hat in H. exact (I6 b l Hb H).
  - (* push *)
    split; [intros ys; rewrite Hadj'; apply I1|split; [|split; [|split; [|split]]]].
    + assert (Hone : forall y, In y (objs c "location") -> s' "at-robot" [y] = true -> y = l1).
      { intros y Hy H. rewrite Hrob in H. destruct (Nat.eqb_spec l1 y) as [->|Hne]; [reflexivity|].
        destruct (Nat.eqb_spec q0 y) as [<-|Hne']; [discriminate|].
        exfalso. exact (Hne' (I2 q0 y Hq0 Hy Hr0 H)). }
      intros q q' Hq Hq' H1 H2. rewrite (Hone q Hq H1), (Hone q' Hq' H2). reflexivity.
    + assert (Hone : forall b y, In b (objs c "box") -> In y (objs c "location") -> s' "at" [b; y] = true ->
        (b = b0 /\ y = f) \/ (b <> b0 /\ s "at" [b; y] = true)).
      { intros b y Hb Hy H. rewrite Hat in H. revert H.
        destruct (Nat.eqb_spec b0 b) as [<-|Hne]; simpl.
        - destruct (Nat.eqb_spec f y) as [<-|_]; simpl; [auto|].
          destruct (Nat.eqb_spec l1 y) as [<-|Hne']; simpl; [discriminate|].
          intros H. exfalso. exact (Hne' (I3 b0 l1 y Hb0 Hl1 Hy Hat0 H)).
        - intros H. right. auto. }
      intros b l l' Hb Hl Hl' H1 H2.
      destruct (Hone b l Hb Hl H1) as [[Eb El]|[Hne E1]]; destruct (Hone b l' Hb Hl' H2) as [[Eb' El']|[Hne' E2]].
      * congruence.
      * contradiction.
      * contradiction.
      * exact (I3 b l l' Hb Hl Hl' E1 E2).
    + intros l H. rewrite Hcl in H. destruct (Nat.eqb_spec l1 l) as [E|_]; [rewrite <- E; exact (I6 b0 l1 Hb0 Hat0)|].
      destruct (Nat.eqb f l); [discriminate|exact (I4 l H)].
    + intros l H. rewrite Hrob in H. destruct (Nat.eqb_spec l1 l) as [E|_]; [rewrite <- E; exact (I6 b0 l1 Hb0 Hat0)|].
      destruct (Nat.eqb q0 l); [discriminate|exact (I5 l H)].
    + intros b l Hb H. rewrite Hat in H. revert H.
      destruct (andb (Nat.eqb b0 b) (Nat.eqb f l)) eqn:E.
      * intros _. apply andb_true_iff in E as [_ E]. apply Nat.eqb_eq in E. subst l. exact (I4 f Hclf).
      * destruct (andb (Nat.eqb b0 b) (Nat.eqb l1 l)); [discriminate|exact (I6 b l Hb)].
Qed.

Lemma inv_reachable : forall c s, sokoban_wf c -> sokoban_certificate c = true ->
  reachable State Op (strips_step c sokoban_schemas) (init c) s -> inv c s.
Proof.
  intros c s Hwf Hcert Hr. induction Hr as [|s o s' Hr IH Hs].
  - exact (inv_init c Hwf Hcert).
  - exact (inv_step c s o s' IH Hs).
Qed.

(* Boxes and clear squares exclude each other, one box a square (certificate checks 4 and 5):
   the robot never steps onto a box's square, and a push moves no other box. *)
Definition inv2 (c : Ctx) (s : State) : Prop :=
  (forall b l, In b (objs c "box") -> In l (objs c "location") -> s "at" [b; l] = true -> s "clear" [l] = false) /\
  (forall b b' l, In b (objs c "box") -> In b' (objs c "box") -> In l (objs c "location") ->
     s "at" [b; l] = true -> s "at" [b'; l] = true -> b = b').

Lemma inv2_init : forall c, sokoban_wf c -> sokoban_certificate c = true -> inv2 c (init c).
Proof.
  intros c [Hnd _] Hcert. unfold sokoban_certificate in Hcert. rewrite !andb_true_iff in Hcert.
  destruct Hcert as [_ [_ [_ [_ [H4 [H5 _]]]]]].
  unfold sokoban_check_4 in H4. unfold sokoban_check_5 in H5. rewrite forallb_forall in H4, H5.
  split.
  - intros b l Hb Hl H. specialize (H4 b Hb). rewrite forallb_forall in H4.
    apply negb_true_iff. apply H4. apply filter_In. auto.
  - intros b b' l Hb Hb' Hl H H'. specialize (H5 l Hl). apply Nat.leb_le in H5.
    exact (count_over_le1 _ (fun v_b => init c "at" [v_b; l]) b b' (Hnd "box") H5 Hb Hb' H H').
Qed.

Lemma inv2_step : forall c s o s', inv2 c s -> strips_step c sokoban_schemas s o s' -> inv2 c s'.
Proof.
  intros c s o s' [J1 J2] Hs.
  destruct (step_inv c s o s' Hs) as
    [[q0 [q1 [d [Hq0 [Hq1 [Hd [Hcl1 [Hr0 [Hadj [Hrob [Hat [Hcl Hadj']]]]]]]]]]]]
    |[q0 [l1 [f [d [b0 [Hq0 [Hl1 [Hf [Hd [Hb0 [Hr0 [Hat0 [Hclf [Hadj1 [Hadj2 [Hrob [Hat [Hcl Hadj']]]]]]]]]]]]]]]]]]].
  - split.
    + intros b l Hb Hl H. rewrite Hat in H. rewrite Hcl. exact (J1 b l Hb Hl H).
    + intros b b' l Hb Hb' Hl H H'. rewrite Hat in H, H'. exact (J2 b b' l Hb Hb' Hl H H').
  - assert (Hfl : l1 <> f) by (intros ->; rewrite (J1 b0 f Hb0 Hf Hat0) in Hclf; discriminate).
    (* a box on a square after the push: b0 on f, or a box that was there and is not b0 on l1 *)
    assert (Hone : forall b y, s' "at" [b; y] = true ->
      (b = b0 /\ y = f) \/ (s "at" [b; y] = true /\ ~ (b = b0 /\ y = l1))).
    { intros b y H. rewrite Hat in H. revert H.
      destruct (Nat.eqb b0 b) eqn:Eb; destruct (Nat.eqb f y) eqn:Ef; destruct (Nat.eqb l1 y) eqn:El;
        apply Nat.eqb_eq in Eb || apply Nat.eqb_neq in Eb; apply Nat.eqb_eq in Ef || apply Nat.eqb_neq in Ef;
        apply Nat.eqb_eq in El || apply Nat.eqb_neq in El; simpl; intros H; try discriminate; auto;
        right; split; auto; intros [E1 E2]; congruence. }
    split.
    + intros b l Hb Hl H. rewrite Hcl. destruct (Hone b l H) as [[-> ->]|[H1 Hn]].
      * destruct (Nat.eqb_spec l1 f) as [E|_]; [congruence|]. rewrite Nat.eqb_refl. reflexivity.
      * destruct (Nat.eqb_spec l1 l) as [<-|_].
        -- exfalso. apply Hn. split; [exact (J2 b b0 l1 Hb Hb0 Hl H1 Hat0)|reflexivity].
        -- destruct (Nat.eqb f l); [reflexivity|exact (J1 b l Hb Hl H1)].
    + intros b b' l Hb Hb' Hl H H'.
      destruct (Hone b l H) as [[Eb El]|[H1 Hn]]; destruct (Hone b' l H') as [[Eb' El']|[H1' Hn']].
      * congruence.
      * subst b l. exfalso. rewrite (J1 b' f Hb' Hf H1') in Hclf. discriminate.
      * subst b' l. exfalso. rewrite (J1 b f Hb Hf H1) in Hclf. discriminate.
      * exact (J2 b b' l Hb Hb' Hl H1 H1').
Qed.

Lemma inv2_reachable : forall c s, sokoban_wf c -> sokoban_certificate c = true ->
  reachable State Op (strips_step c sokoban_schemas) (init c) s -> inv2 c s.
Proof.
  intros c s Hwf Hcert Hr. induction Hr as [|s o s' Hr IH Hs].
  - exact (inv2_init c Hwf Hcert).
  - exact (inv2_step c s o s' IH Hs).
Qed.

(* ---------- Where the robot and the boxes are ---------- *)

Lemma min_one : forall L a f e, In a L -> (forall x, In x L -> x = a) -> min_over L f e = f a.
Proof.
  intros L a f e Ha H. destruct (min_over_witness L f e) as [x [Hx ->]]; [intros ->; destruct Ha|].
  rewrite (H x Hx). reflexivity.
Qed.

Lemma value_at : forall c s q, inv c s -> In q (objs c "location") -> s "at-robot" [q] = true ->
  value c s = inner c s q.
Proof.
  intros c s q [_ [I2 [_ [_ [I5 _]]]]] Hq Hr. unfold value. apply min_one.
  - apply filter_In. split; [exact Hq|]. cbv beta. rewrite (I5 q Hr), Hr. reflexivity.
  - intros x Hx. apply filter_In in Hx as [Hx Hp]. cbv beta in Hp. rewrite !andb_true_iff in Hp.
    destruct Hp as [_ [Hp _]]. exact (I2 x q Hx Hq Hp Hr).
Qed.

Lemma bloc_is : forall c s b l, inv c s -> In b (objs c "box") -> In l (objs c "location") -> s "at" [b; l] = true ->
  In l (bloc c s b) /\ (forall y, In y (bloc c s b) -> y = l).
Proof.
  intros c s b l [_ [_ [I3 [_ [_ I6]]]]] Hb Hl Hat. split.
  - apply filter_In. split; [exact Hl|]. cbv beta. rewrite (I6 b l Hb Hat), Hat. reflexivity.
  - intros y Hy. apply filter_In in Hy as [Hy Hp]. cbv beta in Hp. rewrite !andb_true_iff in Hp.
    destruct Hp as [_ [Hp _]]. exact (I3 b y l Hb Hy Hl Hp Hat).
Qed.

Lemma pterm_at : forall c s b l g, sokoban_wf c -> inv c s -> In b (objs c "box") -> In l (objs c "location") ->
  In g (objs c "location") -> s "at" [b; l] = true -> pterm c s b g = dist c "push" l g.
Proof.
  intros c s b l g Hwf Hi Hb Hl Hg Hat. destruct Hwf as [_ [_ [_ [_ [_ [Pdiag _]]]]]].
  destruct (bloc_is c s b l Hi Hb Hl Hat) as [Hin Honly].
  unfold pterm. destruct (s "at" [b; g]) eqn:E.
  - destruct Hi as [_ [_ [I3 _]]]. rewrite (I3 b l g Hb Hl Hg Hat E). destruct (Pdiag g Hg) as [D _]. lia.
  - rewrite (min_one _ l _ _ Hin Honly). reflexivity.
Qed.

(* ---------- Boxes that do not move ---------- *)

Lemma bloc_same : forall c s s' b, (forall y, s' "at" [b; y] = s "at" [b; y]) -> bloc c s' b = bloc c s b.
Proof.
  intros c s s' b H. unfold bloc. apply filter_ext_in'. intros y _. cbv beta. rewrite H. reflexivity.
Qed.

Lemma pterm_same : forall c s s' b g, (forall y, s' "at" [b; y] = s "at" [b; y]) -> pterm c s' b g = pterm c s b g.
Proof. intros c s s' b g H. unfold pterm. rewrite H, (bloc_same c s s' b H). reflexivity. Qed.

Lemma gl_loc : forall c b g, In g (gl c b) -> In g (objs c "location").
Proof. intros c b g H. exact (proj1 (In_filter_l _ _ _ H)). Qed.

(* ---------- A box's push distance, and the walk to its next push ---------- *)

Lemma pb_cap : forall c b x, sokoban_wf c -> List.length (gl c b) <= 1 -> In x (objs c "location") ->
  pb c b x <= dist_cap c "push".
Proof.
  intros c b x Hwf Hl Hx. destruct Hwf as [_ [_ [_ [_ [_ [_ [Pcap _]]]]]]].
  assert (Hg : forall g, In g (gl c b) -> In g (objs c "location")) by (intros g; apply gl_loc).
  unfold pb. destruct (gl c b) as [|g [|g' L]]; simpl in *; [lia| |lia].
  specialize (Pcap x g Hx (Hg g (or_introl eq_refl))). lia.
Qed.

Lemma pb_goal : forall c b g, sokoban_wf c -> List.length (gl c b) <= 1 -> In g (gl c b) -> pb c b g = 0.
Proof.
  intros c b g Hwf Hl Hin. destruct Hwf as [_ [_ [_ [_ [_ [Pdiag _]]]]]].
  pose proof (gl_loc c b g Hin) as Hg. unfold pb. destruct (gl c b) as [|g' [|g'' L]]; simpl in *; [contradiction| |lia].
  destruct Hin as [<-|[]]. destruct (Pdiag g' Hg) as [D _]. lia.
Qed.

(* r, l, f in a line (direction d): a push from r moves a box on l to f, an edge l -> f of the
   push table. *)
Lemma pb_line : forall c b r l f d, sokoban_wf c -> List.length (gl c b) <= 1 -> In r (objs c "location") ->
  In l (objs c "location") -> In f (objs c "location") -> In d (objs c "direction") ->
  stat c "adjacent" [r; l; d] = true -> stat c "adjacent" [l; f; d] = true -> pb c b l <= pb c b f + 1.
Proof.
  intros c b r l f d Hwf Hlen Hr Hl Hf Hd H1 H2. destruct Hwf as [_ [_ [_ [_ [_ [_ [_ [Pedge _]]]]]]]].
  unfold pb. apply sum_over_le1; [exact Hlen|]. intros g Hg.
  assert (E : dist c "push" l g <= 1 + dist c "push" f g).
  { apply (Pedge l f g Hl Hf (gl_loc c b g Hg)). apply existsb_exists. exists d. split; [exact Hd|].
    rewrite H2. simpl. apply andb_true_iff. split; [|reflexivity]. apply existsb_exists. exists r. auto. }
  lia.
Qed.

(* The walk to a pushing square plus what is left after that push is at least the push distance. *)
Lemma kterm_lo : forall c b l q, sokoban_wf c -> List.length (gl c b) <= 1 -> In l (objs c "location") ->
  pb c b l <= kterm c b l q.
Proof.
  intros c b l q Hwf Hlen Hl. pose proof (pb_cap c b l Hwf Hlen Hl) as Hcap. unfold kterm.
  apply min_over_ge; [|exact Hcap]. intros d Hd. apply min_over_ge; [|exact Hcap].
  intros r Hr. apply filter_In in Hr as [Hr Hp]. apply andb_true_iff in Hp as [H1 _].
  enough (pb c b l <= xterm c b l d) by lia.
  unfold xterm. apply min_over_ge; [|exact Hcap]. intros f Hf. apply filter_In in Hf as [Hf Hq].
  apply andb_true_iff in Hq as [H2 _].
  pose proof (pb_line c b r l f d Hwf Hlen Hr Hl Hf Hd H1 H2). lia.
Qed.

(* A walk edge q -> q': every walk distance from q is at most 1 above the one from q'. *)
Lemma kterm_step : forall c b l q q', sokoban_wf c -> In q (objs c "location") -> In q' (objs c "location") ->
  existsb (fun v_d => stat c "adjacent" [q; q'; v_d]) (objs c "direction") = true ->
  kterm c b l q <= kterm c b l q' + 1.
Proof.
  intros c b l q q' Hwf Hq Hq' He. destruct Hwf as [_ [_ [_ [_ [Wedge _]]]]].
  unfold kterm. apply min_over_mono_k; [|lia]. intros d _. apply min_over_mono_k; [|lia].
  intros r Hr. apply In_filter_l in Hr as [Hr _].
  destruct (Wedge q q' r Hq Hq' Hr He) as [E _]. lia.
Qed.

(* The robot on the floor at q, behind l in direction d, with floor at f beyond: one push. *)
Lemma kterm_push : forall c b l q f d, sokoban_wf c -> In q (objs c "location") -> In f (objs c "location") ->
  In d (objs c "direction") -> floor c q = true -> floor c f = true ->
  stat c "adjacent" [q; l; d] = true -> stat c "adjacent" [l; f; d] = true -> kterm c b l q <= 1 + pb c b f.
Proof.
  intros c b l q f d Hwf Hq Hf Hd Fq Ff H1 H2. destruct Hwf as [_ [_ [Wdiag _]]].
  assert (Hr : In q (rsq c l d)).
  { apply filter_In. split; [exact Hq|]. rewrite H1, Fq. reflexivity. }
  assert (Hfs : In f (fsq c l d)).
  { apply filter_In. split; [exact Hf|]. rewrite H2, Ff. reflexivity. }
  pose proof (min_over_le _ (fun v_d => min_over (rsq c l v_d) (fun v_r => dist c "walk" q v_r + (xterm c b l v_d + 0))
    (dist_cap c "push")) (dist_cap c "push") d Hd) as K1.
  pose proof (min_over_le _ (fun v_r => dist c "walk" q v_r + (xterm c b l d + 0)) (dist_cap c "push") q Hr) as K2.
  pose proof (min_over_le _ (fun v_f => 1 + (pb c b v_f + 0)) (dist_cap c "push") f Hfs) as X.
  cbv beta in K1, K2, X. destruct (Wdiag q Hq) as [D _]. unfold kterm, xterm in *. lia.
Qed.

Lemma pterm_sum : forall c s b l, sokoban_wf c -> inv c s -> In b (objs c "box") -> In l (objs c "location") ->
  s "at" [b; l] = true -> sum_over (gl c b) (fun g => pterm c s b g) = pb c b l.
Proof.
  intros c s b l Hwf Hi Hb Hl Hat. unfold pb. apply Nat.le_antisymm; apply sum_over_mono; intros g Hg;
    rewrite (pterm_at c s b l g Hwf Hi Hb Hl (gl_loc c b g Hg) Hat); lia.
Qed.

Lemma sum_over_shift : forall l f g a m k, NoDup l -> In a l -> (forall x, In x l -> x <> a -> f x <= g x) ->
  f a + m <= g a + k -> sum_over l f + m <= sum_over l g + k.
Proof.
  induction l as [|y l IH]; intros f g a m k Hnd Ha H Hk; [destruct Ha|]. simpl.
  inversion Hnd as [|y' l' Hy Hnd']; subst. destruct Ha as [<-|Ha].
  - assert (sum_over l f <= sum_over l g).
    { apply sum_over_mono. intros x Hx. apply H; [right; exact Hx|]. intros ->. contradiction. }
    lia.
  - assert (Hne : y <> a) by (intros ->; contradiction).
    pose proof (H y (or_introl eq_refl) Hne) as Hy'.
    pose proof (IH f g a m k Hnd' Ha (fun x Hx => H x (or_intror Hx)) Hk). lia.
Qed.

Lemma jterm_lo : forall c s q b l g, sokoban_wf c -> inv c s -> List.length (gl c b) <= 1 -> In b (objs c "box") ->
  In l (objs c "location") -> In g (gl c b) -> s "at" [b; l] = true -> pb c b l <= jterm c s q b g.
Proof.
  intros c s q b l g Hwf Hi Hlen Hb Hl Hg Hat. destruct (bloc_is c s b l Hi Hb Hl Hat) as [Hin Honly].
  unfold jterm. destruct (s "at" [b; g]) eqn:E.
  - destruct Hi as [_ [_ [I3 _]]]. rewrite (I3 b l g Hb Hl (gl_loc c b g Hg) Hat E), (pb_goal c b g Hwf Hlen Hg). lia.
  - rewrite (min_one _ l _ _ Hin Honly). exact (kterm_lo c b l q Hwf Hlen Hl).
Qed.

Lemma jterm_hi : forall c s q b l g, inv c s -> In b (objs c "box") -> In l (objs c "location") ->
  s "at" [b; l] = true -> jterm c s q b g <= kterm c b l q.
Proof.
  intros c s q b l g Hi Hb Hl Hat. destruct (bloc_is c s b l Hi Hb Hl Hat) as [Hin Honly].
  unfold jterm. destruct (s "at" [b; g]); [lia|]. rewrite (min_one _ l _ _ Hin Honly). lia.
Qed.

Lemma jterm_follows : forall c s s' q q' k b g, (forall y, s' "at" [b; y] = s "at" [b; y]) ->
  (forall l, kterm c b l q <= kterm c b l q' + k) -> jterm c s q b g <= jterm c s' q' b g + k.
Proof.
  intros c s s' q q' k b g H Hk. unfold jterm. rewrite H, (bloc_same c s s' b H).
  destruct (s "at" [b; g]); [lia|]. apply min_over_mono_k; [|lia]. intros l _. exact (Hk l).
Qed.

Lemma eterm_follows : forall c s s' q q' k, (forall b y, In b (objs c "box") -> s' "at" [b; y] = s "at" [b; y]) ->
  (forall b l, kterm c b l q <= kterm c b l q' + k) -> eterm c s q <= eterm c s' q' + k.
Proof.
  intros c s s' q q' k H Hk. unfold eterm. apply min_over_mono_k; [|lia]. intros b Hb.
  rewrite (bloc_same c s s' b (fun y => H b y Hb)). apply min_over_mono_k; [|lia]. intros l _.
  specialize (Hk b l). lia.
Qed.

Lemma dterm_follows : forall c s s' q q' k b g, (forall y, s' "at" [b; y] = s "at" [b; y]) ->
  (forall l, In l (bloc c s b) -> dist_by c "onebox" l q g <= dist_by c "onebox" l q' g + k) ->
  dterm c s q b g <= dterm c s' q' b g + k.
Proof.
  intros c s s' q q' k b g H Hk. unfold dterm. rewrite H, (bloc_same c s s' b H).
  destruct (s "at" [b; g]); [lia|]. apply min_over_mono_k; [exact Hk|lia].
Qed.

Lemma dterm_at : forall c s q b l g, inv c s -> In b (objs c "box") -> In l (objs c "location") ->
  s "at" [b; l] = true -> dterm c s q b g = if s "at" [b; g] then 0 else dist_by c "onebox" l q g.
Proof.
  intros c s q b l g Hi Hb Hl Hat. destruct (bloc_is c s b l Hi Hb Hl Hat) as [Hin Honly].
  unfold dterm. destruct (s "at" [b; g]); [reflexivity|].
  exact (min_one _ l (fun v_l => dist_by c "onebox" v_l q g) 0 Hin Honly).
Qed.

Lemma bloc_loc : forall c s b l, In l (bloc c s b) -> In l (objs c "location") /\ s "at" [b; l] = true.
Proof.
  intros c s b l H. apply filter_In in H as [Hl Hp]. rewrite !andb_true_iff in Hp. tauto.
Qed.

Lemma others_in : forall c b e, In e (others c b) -> In e (objs c "box") /\ b <> e.
Proof. intros c b e H. apply filter_In in H as [He Hp]. apply negb_true_iff, Nat.eqb_neq in Hp. auto. Qed.

(* Both boxes of a pair on squares: the table's entry there. *)
Lemma tterm_at : forall c s q b e g h l m, inv c s -> In b (objs c "box") -> In e (objs c "box") ->
  In l (objs c "location") -> In m (objs c "location") -> s "at" [b; l] = true -> s "at" [e; m] = true ->
  tterm c s q b e g h = dist_pair c "twobox" l m q g h.
Proof.
  intros c s q b e g h l m Hi Hb He Hl Hm Hatl Hatm.
  destruct (bloc_is c s b l Hi Hb Hl Hatl) as [Hin Honly]. destruct (bloc_is c s e m Hi He Hm Hatm) as [Hin' Honly'].
  unfold tterm. rewrite (min_one _ l _ 0 Hin Honly).
  exact (min_one _ m (fun v_m => dist_pair c "twobox" l v_m q g h) 0 Hin' Honly').
Qed.

(* A box of the pair on no square: the term is 0 before, whatever after. Otherwise the boxes'
   squares after the transition, with the entry dropping by at most k. *)
Lemma tterm_follows : forall c s s' q q' k b e g h, inv c s -> inv c s' -> In b (objs c "box") -> In e (objs c "box") ->
  (forall l m, In l (objs c "location") -> In m (objs c "location") -> s "at" [b; l] = true -> s "at" [e; m] = true ->
     exists l' m', In l' (objs c "location") /\ In m' (objs c "location") /\ s' "at" [b; l'] = true /\
       s' "at" [e; m'] = true /\ dist_pair c "twobox" l m q g h <= dist_pair c "twobox" l' m' q' g h + k) ->
  tterm c s q b e g h <= tterm c s' q' b e g h + k.
Proof.
  intros c s s' q q' k b e g h Hi Hi' Hb He H.
  destruct (bloc c s b) as [|l L] eqn:El; [unfold tterm; rewrite El; simpl; lia|].
  assert (Hl : In l (bloc c s b)) by (rewrite El; left; reflexivity).
  destruct (bloc c s e) as [|m M] eqn:Em.
  - apply Nat.le_trans with 0; [|lia]. unfold tterm. apply min_over_le_default. intros x _. cbv beta.
    rewrite Em. simpl. lia.
  - assert (Hm : In m (bloc c s e)) by (rewrite Em; left; reflexivity).
    destruct (bloc_loc c s b l Hl) as [Hl' Hatl]. destruct (bloc_loc c s e m Hm) as [Hm' Hatm].
    destruct (H l m Hl' Hm' Hatl Hatm) as [l2 [m2 [Hl2 [Hm2 [Hatl2 [Hatm2 Hle]]]]]].
    rewrite (tterm_at c s q b e g h l m Hi Hb He Hl' Hm' Hatl Hatm),
      (tterm_at c s' q' b e g h l2 m2 Hi' Hb He Hl2 Hm2 Hatl2 Hatm2). exact Hle.
Qed.

Lemma met_zero_d : forall c s, unmet c s = false -> forall q, dmax c s q = 0.
Proof.
  intros c s Hu q. apply Nat.le_0_r. apply max_over_le. intros b Hb. apply max_over_le. intros g Hg.
  unfold dterm. destruct (s "at" [b; g]) eqn:E; [lia|]. exfalso.
  assert (unmet c s = true); [|congruence].
  apply existsb_exists. exists b. split; [exact Hb|]. apply existsb_exists. exists g. rewrite E. auto.
Qed.

Lemma met_at : forall c s b g, unmet c s = false -> In b (objs c "box") -> In g (gl c b) -> s "at" [b; g] = true.
Proof.
  intros c s b g Hu Hb Hg. destruct (s "at" [b; g]) eqn:E; [reflexivity|]. exfalso.
  assert (unmet c s = true); [|congruence].
  apply existsb_exists. exists b. split; [exact Hb|]. apply existsb_exists. exists g. rewrite E. auto.
Qed.

(* Every goal holds: no term. *)
Lemma met_zero : forall c s, unmet c s = false -> psum c s = 0 /\ forall q, jmax c s q = 0.
Proof.
  intros c s Hu. assert (Hm := fun b g => met_at c s b g Hu).
  split.
  - apply sum_over_zero. intros b Hb. apply sum_over_zero. intros g Hg. unfold pterm. rewrite (Hm b g Hb Hg). reflexivity.
  - intros q. apply Nat.le_0_r. apply max_over_le. intros b Hb. apply max_over_le. intros g Hg.
    unfold jterm. rewrite (Hm b g Hb Hg). lia.
Qed.

(* Every goal holds: each box of a pair is on its goal (and on no other square), where the
   two-box table is 0. *)
Lemma met_zero_t : forall c s q, sokoban_wf c -> inv c s -> In q (objs c "location") -> unmet c s = false ->
  tmax c s q = 0.
Proof.
  intros c s q Hwf Hi Hq Hu. destruct Hwf as [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [T1 _]]]]]]]]]]]].
  apply Nat.le_0_r. apply max_over_le. intros b Hb. apply max_over_le. intros e He.
  destruct (others_in c b e He) as [He' _].
  apply max_over_le. intros g Hg. apply max_over_le. intros h Hh.
  pose proof (gl_loc c b g Hg) as Hg'. pose proof (gl_loc c e h Hh) as Hh'.
  rewrite (tterm_at c s q b e g h g h Hi Hb He' Hg' Hh' (met_at c s b g Hu Hb Hg) (met_at c s e h Hu He' Hh)).
  rewrite (T1 q g h Hq Hg' Hh'). lia.
Qed.

Lemma dead_follow : forall c s s',
  (forall b g l, In b (objs c "box") -> In g (gl c b) -> In l (bloc c s b) -> l <> g ->
     dist_cap c "push" <= dist c "push" l g ->
     exists l', In l' (bloc c s' b) /\ l' <> g /\ dist_cap c "push" <= dist c "push" l' g) ->
  dead c s = true -> dead c s' = true.
Proof.
  intros c s s' H Hd. unfold dead in *.
  apply existsb_exists in Hd as [b [Hb Hd]]. cbv beta in Hd.
  apply existsb_exists in Hd as [g [Hg Hd]]. cbv beta in Hd.
  apply existsb_exists in Hd as [l [Hl Hd]]. cbv beta in Hd. rewrite !andb_true_iff in Hd.
  destruct Hd as [Hne [Hle _]]. apply negb_true_iff, Nat.eqb_neq in Hne. apply Nat.leb_le in Hle.
  destruct (H b g l Hb Hg Hl Hne Hle) as [l' [Hl' [Hne' Hle']]].
  apply existsb_exists. exists b. split; [exact Hb|]. apply existsb_exists. exists g. split; [exact Hg|].
  apply existsb_exists. exists l'. split; [exact Hl'|].
  rewrite (proj2 (Nat.eqb_neq l' g) Hne'), (proj2 (Nat.leb_le _ _) Hle'). reflexivity.
Qed.

(* ---------- One transition ---------- *)

Lemma step_bound : forall c s o s', sokoban_wf c -> sokoban_certificate c = true -> inv c s -> inv2 c s ->
  strips_step c sokoban_schemas s o s' ->
  value c s <= 1 + value c s' /\ (dead c s = true -> dead c s' = true).
Proof.
  intros c s o s' Hwf Hcert Hi [J1 J2] Hs.
  pose proof (inv_step c s o s' Hi Hs) as Hi'.
  pose proof Hi as [I1 [I2 [I3 [I4 [I5 I6]]]]].
  pose proof Hwf as [Hnd [Hstat [Wdiag [Wcap [Wedge [Pdiag [Pcap [Pedge [D1 [D2 [D3 [T1 [T2 [T3 T4]]]]]]]]]]]]]].
  destruct (certificate_facts c Hcert) as [Hgl _].
  destruct (step_inv c s o s' Hs) as
    [[q0 [q1 [d [Hq0 [Hq1 [Hd [Hcl1 [Hr0 [Hadj [Hrob [Hat [Hcl Hadj']]]]]]]]]]]]
    |[q0 [l1 [f [d [b0 [Hq0 [Hl1 [Hf [Hd [Hb0 [Hr0 [Hat0 [Hclf [Hadj1 [Hadj2 [Hrob [Hat [Hcl Hadj']]]]]]]]]]]]]]]]]]].
  - (* move q0 -> q1 *)
    assert (Hr1 : s' "at-robot" [q1] = true) by (rewrite Hrob, Nat.eqb_refl; reflexivity).
    rewrite (value_at c s q0 Hi Hq0 Hr0), (value_at c s' q1 Hi' Hq1 Hr1).
    assert (Hsame : forall b y, In b (objs c "box") -> s' "at" [b; y] = s "at" [b; y]) by (intros; apply Hat).
    assert (Hw : forall b l, kterm c b l q0 <= kterm c b l q1 + 1).
    { intros b l. apply kterm_step; [exact Hwf|exact Hq0|exact Hq1|]. apply existsb_exists. exists d.
      split; [exact Hd|]. rewrite Hstat, <- I1. exact Hadj. }
    assert (HU : unmet c s' = unmet c s).
    { unfold unmet. apply existsb_ext_in. intros b _. apply existsb_ext_in. intros g _. rewrite Hat. reflexivity. }
    assert (HP : psum c s <= psum c s').
    { unfold psum. apply sum_over_mono. intros b _. apply sum_over_mono. intros g _.
      rewrite (pterm_same c s s' b g (fun y => Hat _)). lia. }
    assert (HA : eterm c s q0 <= eterm c s' q1 + 1) by exact (eterm_follows c s s' q0 q1 1 Hsame Hw).
    assert (HJ : jmax c s q0 <= jmax c s' q1 + 1).
    { unfold jmax. apply max_over_mono_k. intros b Hb. apply max_over_mono_k. intros g _.
      exact (jterm_follows c s s' q0 q1 1 b g (fun y => Hat _) (Hw b)). }
    (* the one-box distance: the robot's step q0 -> q1 is a walk edge, and q1 (clear) holds no box *)
    assert (HD : dmax c s q0 <= dmax c s' q1 + 1).
    { unfold dmax. apply max_over_mono_k. intros b Hb. apply max_over_mono_k. intros g Hg.
      apply (dterm_follows c s s' q0 q1 1 b g (fun y => Hat _)). intros l Hl.
      destruct (bloc_loc c s b l Hl) as [Hl' Hat'].
      assert (Hne : q1 <> l) by (intros ->; rewrite (J1 b l Hb Hl' Hat') in Hcl1; discriminate).
      assert (E : dist_by c "onebox" l q0 g <= 1 + dist_by c "onebox" l q1 g); [|lia].
      apply (D2 l q0 q1 g Hl' Hq0 Hq1 (gl_loc c b g Hg)); [|exact Hne].
      apply existsb_exists. exists d. split; [exact Hd|]. rewrite Hstat, <- I1. exact Hadj. }
    (* the two-box distance: the same step, and q1 (clear) holds neither box of a pair *)
    assert (HT : tmax c s q0 <= tmax c s' q1 + 1).
    { unfold tmax. apply max_over_mono_k. intros b Hb. apply max_over_mono_k. intros e He.
      destruct (others_in c b e He) as [He' _].
      apply max_over_mono_k. intros g Hg. apply max_over_mono_k. intros h Hh.
      apply (tterm_follows c s s' q0 q1 1 b e g h Hi Hi' Hb He'). intros l m Hl Hm Hatl Hatm.
      exists l, m. rewrite !Hat. split; [exact Hl|split; [exact Hm|split; [exact Hatl|split; [exact Hatm|]]]].
      assert (Hnl : q1 <> l) by (intros ->; rewrite (J1 b l Hb Hl Hatl) in Hcl1; discriminate).
      assert (Hnm : q1 <> m) by (intros ->; rewrite (J1 e m He' Hm Hatm) in Hcl1; discriminate).
      assert (E : dist_pair c "twobox" l m q0 g h <= 1 + dist_pair c "twobox" l m q1 g h); [|lia].
      apply (T2 l m q0 q1 g h Hl Hm Hq0 Hq1 (gl_loc c b g Hg) (gl_loc c e h Hh)); [|exact Hnl|exact Hnm].
      apply existsb_exists. exists d. split; [exact Hd|]. rewrite Hstat, <- I1. exact Hadj. }
    split.
    + unfold inner. rewrite HU. destruct (unmet c s); lia.
    + apply dead_follow. intros b g l Hb _ Hl Hne Hle. exists l.
      rewrite (bloc_same c s s' b (fun y => Hat _)). auto.
  - (* push b0 from l1 to f, the robot from q0 to l1 *)
    assert (Hr1 : s' "at-robot" [l1] = true) by (rewrite Hrob, Nat.eqb_refl; reflexivity).
    rewrite (value_at c s q0 Hi Hq0 Hr0), (value_at c s' l1 Hi' Hl1 Hr1).
    assert (Hb0' : s' "at" [b0; f] = true) by (rewrite Hat, !Nat.eqb_refl; reflexivity).
    assert (Hother : forall b y, b <> b0 -> s' "at" [b; y] = s "at" [b; y]).
    { intros b y Hne. rewrite Hat. destruct (Nat.eqb_spec b0 b) as [<-|_]; [congruence|reflexivity]. }
    assert (He1 : stat c "adjacent" [q0; l1; d] = true) by (rewrite Hstat, <- I1; exact Hadj1).
    assert (He2 : stat c "adjacent" [l1; f; d] = true) by (rewrite Hstat, <- I1; exact Hadj2).
    assert (Hw : forall b l, kterm c b l q0 <= kterm c b l l1 + 1).
    { intros b l. apply kterm_step; [exact Hwf|exact Hq0|exact Hl1|]. apply existsb_exists. exists d. auto. }
    assert (Hpe : forall g, In g (objs c "location") ->
      dist c "push" f g < dist_cap c "push" -> dist c "push" l1 g < dist_cap c "push").
    { intros g Hg. apply (Pedge l1 f g Hl1 Hf Hg). apply existsb_exists. exists d. split; [exact Hd|].
      rewrite He2. simpl. apply andb_true_iff. split; [|reflexivity]. apply existsb_exists. exists q0. auto. }
    pose proof (pb_line c b0 q0 l1 f d Hwf (Hgl b0 Hb0) Hq0 Hl1 Hf Hd He1 He2) as Hpb.
    (* b0's next push is this one: its walk term is 0, and what follows is at most 1 + its push distance from f *)
    assert (HK : kterm c b0 l1 q0 <= 1 + pb c b0 f)
      by exact (kterm_push c b0 l1 q0 f d Hwf Hq0 Hf Hd (I5 q0 Hr0) (I4 f Hclf) He1 He2).
    assert (HE : eterm c s q0 <= kterm c b0 l1 q0 - pb c b0 l1).
    { unfold eterm. destruct (bloc_is c s b0 l1 Hi Hb0 Hl1 Hat0) as [Hin _].
      pose proof (min_over_le _ (fun v_b => min_over (bloc c s v_b) (fun v_l => kterm c v_b v_l q0 - pb c v_b v_l)
        (dist_cap c "push")) 0 b0 Hb0) as H1.
      pose proof (min_over_le _ (fun v_l => kterm c b0 v_l q0 - pb c b0 v_l) (dist_cap c "push") l1 Hin) as H2.
      cbv beta in H1, H2. lia. }
    (* the other boxes' terms are unchanged; b0's goes from its push distance at l1 to the one at f *)
    assert (HP : psum c s + pb c b0 f <= psum c s' + pb c b0 l1).
    { unfold psum. apply (sum_over_shift _ _ _ b0 _ _ (Hnd "box") Hb0).
      - intros b _ Hne. apply sum_over_mono. intros g _. rewrite (pterm_same c s s' b g (fun y => Hother b y Hne)). lia.
      - rewrite (pterm_sum c s b0 l1 Hwf Hi Hb0 Hl1 Hat0), (pterm_sum c s' b0 f Hwf Hi' Hb0 Hf Hb0'). lia. }
    assert (HJ : jmax c s q0 <= jmax c s' l1 + 1).
    { unfold jmax. apply max_over_mono_k. intros b Hb. apply max_over_mono_k. intros g Hg.
      destruct (Nat.eq_dec b b0) as [->|Hne].
      - pose proof (jterm_hi c s q0 b0 l1 g Hi Hb0 Hl1 Hat0) as H1.
        pose proof (jterm_lo c s' l1 b0 f g Hwf Hi' (Hgl b0 Hb0) Hb0 Hf Hg Hb0') as H2. lia.
      - exact (jterm_follows c s s' q0 l1 1 b g (fun y => Hother b y Hne) (Hw b)). }
    (* the one-box distance: b0's push is an edge of its graph (0 at its goal); for another box,
       the robot's step q0 -> l1 is a walk edge and l1 (b0's square) is not that box's *)
    assert (HD : dmax c s q0 <= dmax c s' l1 + 1).
    { unfold dmax. apply max_over_mono_k. intros b Hb. apply max_over_mono_k. intros g Hg.
      pose proof (gl_loc c b g Hg) as Hg'.
      destruct (Nat.eq_dec b b0) as [->|Hne].
      - rewrite (dterm_at c s q0 b0 l1 g Hi Hb0 Hl1 Hat0), (dterm_at c s' l1 b0 f g Hi' Hb0 Hf Hb0').
        destruct (s "at" [b0; g]); [lia|].
        assert (E : dist_by c "onebox" l1 q0 g <= 1 + dist_by c "onebox" f l1 g).
        { apply (D3 q0 l1 f g Hq0 Hl1 Hf Hg'); apply existsb_exists; exists d; split; try exact Hd; cbn.
          - exact He1.
          - exact He2.
          - rewrite He1, He2. reflexivity. }
        destruct (s' "at" [b0; g]) eqn:Eg; [|lia].
        destruct Hi' as [_ [_ [I3' _]]]. rewrite <- (I3' b0 f g Hb0 Hf Hg' Hb0' Eg) in E |- *.
        rewrite (D1 l1 f Hl1 Hf) in E. lia.
      - apply (dterm_follows c s s' q0 l1 1 b g (fun y => Hother b y Hne)). intros l Hl.
        destruct (bloc_loc c s b l Hl) as [Hl' Hat'].
        assert (Hnl : l1 <> l) by (intros <-; exact (Hne (J2 b b0 l1 Hb Hb0 Hl1 Hat' Hat0))).
        assert (E : dist_by c "onebox" l q0 g <= 1 + dist_by c "onebox" l l1 g); [|lia].
        apply (D2 l q0 l1 g Hl' Hq0 Hl1 Hg'); [|exact Hnl].
        apply existsb_exists. exists d. auto. }
    (* the two-box distance: q0 -> l1 -> f, a walk step, a walk step and a push *)
    assert (Hw1 : existsb (fun v_d => stat c "adjacent" [q0; l1; v_d]) (objs c "direction") = true)
      by (apply existsb_exists; exists d; auto).
    assert (Hw2 : existsb (fun v_d => stat c "adjacent" [l1; f; v_d]) (objs c "direction") = true)
      by (apply existsb_exists; exists d; auto).
    assert (Hw3 : existsb (fun v_d => andb (stat c "adjacent" [q0; l1; v_d]) (andb (stat c "adjacent" [l1; f; v_d]) true))
      (objs c "direction") = true) by (apply existsb_exists; exists d; rewrite He1, He2; auto).
    assert (HT : tmax c s q0 <= tmax c s' l1 + 1).
    { unfold tmax. apply max_over_mono_k. intros b Hb. apply max_over_mono_k. intros e He.
      destruct (others_in c b e He) as [He' Hbe].
      apply max_over_mono_k. intros g Hg. apply max_over_mono_k. intros h Hh.
      pose proof (gl_loc c b g Hg) as Hg'. pose proof (gl_loc c e h Hh) as Hh'.
      apply (tterm_follows c s s' q0 l1 1 b e g h Hi Hi' Hb He'). intros l m Hl Hm Hatl Hatm.
      (* f is clear: neither box of the pair is on it *)
      assert (Hfl : f <> l) by (intros <-; rewrite (J1 b f Hb Hf Hatl) in Hclf; discriminate).
      assert (Hfm : f <> m) by (intros <-; rewrite (J1 e f He' Hf Hatm) in Hclf; discriminate).
      destruct (Nat.eq_dec b b0) as [->|Hnb]; [|destruct (Nat.eq_dec e b0) as [->|Hne]].
      - (* b0 is the first box, from l1 to f; the second stays on m *)
        rewrite (I3 b0 l l1 Hb0 Hl Hl1 Hatl Hat0). exists f, m.
        split; [exact Hf|split; [exact Hm|split; [exact Hb0'|split; [rewrite (Hother e m (not_eq_sym Hbe)); exact Hatm|]]]].
        pose proof (T3 q0 l1 f m g h Hq0 Hl1 Hf Hm Hg' Hh' Hw1 Hw2 Hw3 Hfm). lia.
      - (* b0 is the second box, from l1 to f; the first stays on l *)
        rewrite (I3 b0 m l1 Hb0 Hm Hl1 Hatm Hat0). exists l, f.
        split; [exact Hl|split; [exact Hf|split; [rewrite (Hother b l Hnb); exact Hatl|split; [exact Hb0'|]]]].
        pose proof (T4 q0 l1 f l g h Hq0 Hl1 Hf Hl Hg' Hh' Hw1 Hw2 Hw3 Hfl). lia.
      - (* a third box: the robot's step into l1, b0's square, neither l nor m *)
        exists l, m. split; [exact Hl|split; [exact Hm|split; [rewrite (Hother b l Hnb); exact Hatl|
          split; [rewrite (Hother e m Hne); exact Hatm|]]]].
        assert (Hnl : l1 <> l) by (intros <-; exact (Hnb (J2 b b0 l1 Hb Hb0 Hl1 Hatl Hat0))).
        assert (Hnm : l1 <> m) by (intros <-; exact (Hne (J2 e b0 l1 He' Hb0 Hl1 Hatm Hat0))).
        pose proof (T2 l m q0 l1 g h Hl Hm Hq0 Hl1 Hg' Hh' Hw1 Hnl Hnm). lia. }
    split.
    + unfold inner. destruct (unmet c s); [|lia]. destruct (unmet c s') eqn:E; [lia|].
      destruct (met_zero c s' E) as [Z1 Z2]. rewrite (Z2 l1) in HJ. rewrite (met_zero_d c s' E l1) in HD.
      rewrite (met_zero_t c s' l1 Hwf Hi' Hl1 E) in HT. lia.
    + apply dead_follow. intros b g l Hb Hg Hl Hne Hle. destruct (Nat.eq_dec b b0) as [->|Hnb].
      * pose proof (gl_loc c b0 g Hg) as Hg'.
        destruct (bloc_is c s b0 l1 Hi Hb0 Hl1 Hat0) as [_ Honly]. rewrite (Honly l Hl) in Hle.
        destruct (bloc_is c s' b0 f Hi' Hb0 Hf Hb0') as [Hin' _].
        pose proof (Hpe g Hg') as E.
        exists f. split; [exact Hin'|]. destruct (Nat.lt_ge_cases (dist c "push" f g) (dist_cap c "push")) as [Hlt|Hge].
        -- specialize (E Hlt). lia.
        -- split; [|exact Hge]. intros ->. destruct (Pdiag g Hg') as [D Hc]. lia.
      * exists l. rewrite (bloc_same c s s' b (fun y => Hother b y Hnb)). auto.
Qed.

(* ---------- The theorems ---------- *)

Theorem sokoban_goal_aware : forall c : Ctx, sokoban_wf c -> sokoban_certificate c = true ->
  goal_aware State Op (strips_step c sokoban_schemas) (init c) (strips_goal c) (fun s => sokoban_h (at_state c s)).
Proof.
  intros c Hwf Hcert s Hr Hg. rewrite h_eq.
  pose proof (inv_reachable c s Hwf Hcert Hr) as Hi.
  assert (Hm : forall b g, In g (gl c b) -> s "at" [b; g] = true)
    by (intros b g Hgl; apply Hg; exact (proj2 (In_filter_l _ _ _ Hgl))).
  assert (Hd : dead c s = false).
  { destruct (dead c s) eqn:E; [|reflexivity]. exfalso. unfold dead in E.
    apply existsb_exists in E as [b [Hb E]]. cbv beta in E.
    apply existsb_exists in E as [g [Hgl E]]. cbv beta in E.
    apply existsb_exists in E as [l [Hl E]]. cbv beta in E. rewrite !andb_true_iff in E.
    destruct E as [Hne _]. apply negb_true_iff, Nat.eqb_neq in Hne.
    apply filter_In in Hl as [Hl Hp]. cbv beta in Hp. rewrite !andb_true_iff in Hp. destruct Hp as [_ [Hp _]].
    destruct Hi as [_ [_ [I3 _]]].
    exact (Hne (I3 b l g Hb Hl (gl_loc c b g Hgl) Hp (Hm b g Hgl))). }
  assert (Hu : unmet c s = false).
  { unfold unmet. apply existsb_false_in. intros b _. apply existsb_false_in. intros g Hgl.
    rewrite (Hm b g Hgl). reflexivity. }
  rewrite Hd. f_equal. unfold value, inner. rewrite Hu. apply Nat.le_0_r. apply min_over_le_default. lia.
Qed.

Theorem sokoban_consistent : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  sokoban_wf c -> sokoban_certificate c = true ->
  consistent State Op (strips_step c sokoban_schemas) cost (init c) (fun s => sokoban_h (at_state c s)).
Proof.
  intros c cost Hcost Hwf Hcert s o s' Hr Hs. rewrite !h_eq.
  destruct (step_bound c s o s' Hwf Hcert (inv_reachable c s Hwf Hcert Hr) (inv2_reachable c s Hwf Hcert Hr) Hs)
    as [Hv Hdead].
  specialize (Hcost o).
  destruct (dead c s') eqn:E'; destruct (dead c s) eqn:E; try exact I.
  - (* a flagged state leads only to flagged states *)
    specialize (Hdead eq_refl). discriminate.
  - change (value c s <= cost o + value c s'). lia.
Qed.

Theorem sokoban_admissible : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  sokoban_wf c -> sokoban_certificate c = true ->
  forall s k, reachable State Op (strips_step c sokoban_schemas) (init c) s ->
  plan State Op (strips_step c sokoban_schemas) cost (strips_goal c) s k ->
  le_opt (sokoban_h (at_state c s)) k.
Proof.
  intros c cost Hcost Hwf Hcert s k Hr Hp.
  exact (admissible_on_reachable State Op (strips_step c sokoban_schemas) cost (strips_goal c) (init c)
    (fun s => sokoban_h (at_state c s)) (sokoban_goal_aware c Hwf Hcert) (sokoban_consistent c cost Hcost Hwf Hcert)
    s k Hr Hp).
Qed.

Print Assumptions sokoban_goal_aware.
Print Assumptions sokoban_consistent.
Print Assumptions sokoban_admissible.
