(* Sokoban: the heuristic printed from heuristics/sokoban.heur (Heuristics.v, printed by
   certplan, unchanged) is goal-aware and consistent on every reachable state of every task that
   passes its certificate, hence admissible there (Admissible.v); consistency in Admissible.v's
   sense includes the dead-end test: a state it flags leads only to states it flags.

   h = max(P + A, J) while some box goal is unmet, else 0, read at the robot's square q (see
   sokoban.heur): P the sum over boxes of the push distance from the box's square to its goal,
   A the walk distance from q to the closest pushing square of any box, J the largest, over boxes
   off their goal, of the push distance plus the walk distance from q to a pushing square of the
   box. Only squares of the floor (initially clear, robot or box squares) are read.
   Dead end: a box off its goal whose goal is unreachable from its square in the push table.
   Invariants of reachable states (from the certificate): adjacency is that of the initial state;
   the robot is on one square at most, a box on one square at most; clear squares, the robot's
   square and the boxes' squares are floor.
   Per schema (any cost >= 1):
   - move q0 q1: boxes unchanged (P, the test, the goals unchanged); q0 -> q1 is an edge of the
     walk table, so every walk distance from the robot drops by at most 1: A and J drop by at
     most 1;
   - push q0 l1 f (box b0 from l1 to f, robot from q0 to l1): q0 is a pushing square of b0 at l1,
     so A = 0 and b0's walk term is 0 before; l1 -> f is an edge of the push table, so b0's push
     distance drops by at most 1 (and an unreachable goal stays unreachable); the other boxes'
     terms drop by at most 1 (q0 -> l1 is a walk edge). Where every goal holds after the push,
     P and J were at most 1 before.
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
Definition pushers (c : Ctx) (l : nat) : list nat :=
  List.filter (fun v_r => existsb (fun v_d => andb (stat c "adjacent" [v_r; l; v_d])
      (andb (existsb (fun v_f => stat c "adjacent" [l; v_f; v_d]) (objs c "location")) true)) (objs c "direction"))
    (objs c "location").
Definition wto (c : Ctx) (q l : nat) : nat := min_over (pushers c l) (fun v_r => dist c "walk" q v_r) (dist_cap c "walk").
Definition pterm (c : Ctx) (s : State) (b g : nat) : nat :=
  if s "at" [b; g] then 0 else min_over (bloc c s b) (fun v_l => dist c "push" v_l g) (dist_cap c "push").
Definition psum (c : Ctx) (s : State) : nat :=
  sum_over (objs c "box") (fun v_b => sum_over (gl c v_b) (fun v_g => pterm c s v_b v_g)).
Definition aterm (c : Ctx) (s : State) (q : nat) : nat :=
  min_over (objs c "box") (fun v_b => min_over (bloc c s v_b) (fun v_l => wto c q v_l) (dist_cap c "walk")) 0.
Definition jterm (c : Ctx) (s : State) (q b g : nat) : nat :=
  if s "at" [b; g] then 0
  else min_over (bloc c s b) (fun v_l => dist c "push" v_l g + (wto c q v_l + 0)) (dist_cap c "push").
Definition jmax (c : Ctx) (s : State) (q : nat) : nat :=
  max_over (objs c "box") (fun v_b => max_over (gl c v_b) (fun v_g => jterm c s q v_b v_g)).
Definition unmet (c : Ctx) (s : State) : bool :=
  existsb (fun v_b => existsb (fun v_g => negb (s "at" [v_b; v_g])) (gl c v_b)) (objs c "box").
Definition inner (c : Ctx) (s : State) (q : nat) : nat :=
  if unmet c s then Nat.max (psum c s + (aterm c s q + 0)) (Nat.max (jmax c s q) 0) else 0.
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

Lemma jterm_lo : forall c s q b l g, sokoban_wf c -> inv c s -> In b (objs c "box") -> In l (objs c "location") ->
  In g (objs c "location") -> s "at" [b; l] = true -> dist c "push" l g <= jterm c s q b g.
Proof.
  intros c s q b l g Hwf Hi Hb Hl Hg Hat. destruct Hwf as [_ [_ [_ [_ [_ [Pdiag _]]]]]].
  destruct (bloc_is c s b l Hi Hb Hl Hat) as [Hin Honly].
  unfold jterm. destruct (s "at" [b; g]) eqn:E.
  - destruct Hi as [_ [_ [I3 _]]]. rewrite (I3 b l g Hb Hl Hg Hat E). destruct (Pdiag g Hg) as [D _]. lia.
  - rewrite (min_one _ l _ _ Hin Honly). lia.
Qed.

Lemma jterm_hi : forall c s q b l g, inv c s -> In b (objs c "box") -> In l (objs c "location") ->
  s "at" [b; l] = true -> jterm c s q b g <= dist c "push" l g + wto c q l.
Proof.
  intros c s q b l g Hi Hb Hl Hat. destruct (bloc_is c s b l Hi Hb Hl Hat) as [Hin Honly].
  unfold jterm. destruct (s "at" [b; g]); [lia|]. rewrite (min_one _ l _ _ Hin Honly). lia.
Qed.

(* ---------- Boxes that do not move ---------- *)

Lemma bloc_same : forall c s s' b, (forall y, s' "at" [b; y] = s "at" [b; y]) -> bloc c s' b = bloc c s b.
Proof.
  intros c s s' b H. unfold bloc. apply filter_ext_in'. intros y _. cbv beta. rewrite H. reflexivity.
Qed.

Lemma pterm_same : forall c s s' b g, (forall y, s' "at" [b; y] = s "at" [b; y]) -> pterm c s' b g = pterm c s b g.
Proof. intros c s s' b g H. unfold pterm. rewrite H, (bloc_same c s s' b H). reflexivity. Qed.

(* A walk edge q -> q': every walk distance from q is at most 1 above the one from q'. *)
Lemma wto_step : forall c q q', sokoban_wf c -> In q (objs c "location") -> In q' (objs c "location") ->
  existsb (fun v_d => stat c "adjacent" [q; q'; v_d]) (objs c "direction") = true ->
  forall l, wto c q l <= wto c q' l + 1.
Proof.
  intros c q q' Hwf Hq Hq' He l. destruct Hwf as [_ [_ [_ [_ [Wedge _]]]]].
  unfold wto. apply min_over_mono_k; [|lia]. intros r Hr. apply In_filter_l in Hr as [Hr _].
  destruct (Wedge q q' r Hq Hq' Hr He) as [E _]. lia.
Qed.

Lemma jterm_follows : forall c s s' q q' k b g, (forall y, s' "at" [b; y] = s "at" [b; y]) ->
  (forall l, wto c q l <= wto c q' l + k) -> jterm c s q b g <= jterm c s' q' b g + k.
Proof.
  intros c s s' q q' k b g H Hw. unfold jterm. rewrite H, (bloc_same c s s' b H).
  destruct (s "at" [b; g]); [lia|]. apply min_over_mono_k; [|lia]. intros l _. specialize (Hw l). lia.
Qed.

Lemma aterm_follows : forall c s s' q q' k, (forall b y, In b (objs c "box") -> s' "at" [b; y] = s "at" [b; y]) ->
  (forall l, wto c q l <= wto c q' l + k) -> aterm c s q <= aterm c s' q' + k.
Proof.
  intros c s s' q q' k H Hw. unfold aterm. apply min_over_mono_k; [|lia]. intros b Hb.
  rewrite (bloc_same c s s' b (fun y => H b y Hb)). apply min_over_mono_k; [|lia]. intros l _. exact (Hw l).
Qed.

(* Every goal holds: no term. *)
Lemma met_zero : forall c s, unmet c s = false -> psum c s = 0 /\ forall q, jmax c s q = 0.
Proof.
  intros c s Hu.
  assert (Hm : forall b g, In b (objs c "box") -> In g (gl c b) -> s "at" [b; g] = true).
  { intros b g Hb Hg. destruct (s "at" [b; g]) eqn:E; [reflexivity|]. exfalso.
    assert (unmet c s = true); [|congruence].
    apply existsb_exists. exists b. split; [exact Hb|]. apply existsb_exists. exists g. rewrite E. auto. }
  split.
  - apply sum_over_zero. intros b Hb. apply sum_over_zero. intros g Hg. unfold pterm. rewrite (Hm b g Hb Hg). reflexivity.
  - intros q. apply Nat.le_0_r. apply max_over_le. intros b Hb. apply max_over_le. intros g Hg.
    unfold jterm. rewrite (Hm b g Hb Hg). lia.
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

Lemma step_bound : forall c s o s', sokoban_wf c -> sokoban_certificate c = true -> inv c s ->
  strips_step c sokoban_schemas s o s' ->
  value c s <= 1 + value c s' /\ (dead c s = true -> dead c s' = true).
Proof.
  intros c s o s' Hwf Hcert Hi Hs.
  pose proof (inv_step c s o s' Hi Hs) as Hi'.
  pose proof Hi as [I1 [I2 [I3 [I4 [I5 I6]]]]].
  pose proof Hwf as [Hnd [Hstat [Wdiag [Wcap [Wedge [Pdiag [Pcap Pedge]]]]]]].
  destruct (certificate_facts c Hcert) as [Hgl _].
  destruct (step_inv c s o s' Hs) as
    [[q0 [q1 [d [Hq0 [Hq1 [Hd [Hcl1 [Hr0 [Hadj [Hrob [Hat [Hcl Hadj']]]]]]]]]]]]
    |[q0 [l1 [f [d [b0 [Hq0 [Hl1 [Hf [Hd [Hb0 [Hr0 [Hat0 [Hclf [Hadj1 [Hadj2 [Hrob [Hat [Hcl Hadj']]]]]]]]]]]]]]]]]]].
  - (* move q0 -> q1 *)
    assert (Hr1 : s' "at-robot" [q1] = true) by (rewrite Hrob, Nat.eqb_refl; reflexivity).
    rewrite (value_at c s q0 Hi Hq0 Hr0), (value_at c s' q1 Hi' Hq1 Hr1).
    assert (Hsame : forall b y, In b (objs c "box") -> s' "at" [b; y] = s "at" [b; y]) by (intros; apply Hat).
    assert (Hw : forall l, wto c q0 l <= wto c q1 l + 1).
    { apply wto_step; [exact Hwf|exact Hq0|exact Hq1|]. apply existsb_exists. exists d.
      split; [exact Hd|]. rewrite Hstat, <- I1. exact Hadj. }
    assert (HU : unmet c s' = unmet c s).
    { unfold unmet. apply existsb_ext_in. intros b _. apply existsb_ext_in. intros g _. rewrite Hat. reflexivity. }
    assert (HP : psum c s <= psum c s').
    { unfold psum. apply sum_over_mono. intros b _. apply sum_over_mono. intros g _.
      rewrite (pterm_same c s s' b g (fun y => Hat _)). lia. }
    assert (HA : aterm c s q0 <= aterm c s' q1 + 1) by exact (aterm_follows c s s' q0 q1 1 Hsame Hw).
    assert (HJ : jmax c s q0 <= jmax c s' q1 + 1).
    { unfold jmax. apply max_over_mono_k. intros b Hb. apply max_over_mono_k. intros g _.
      exact (jterm_follows c s s' q0 q1 1 b g (fun y => Hat _) Hw). }
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
    assert (Hw : forall l, wto c q0 l <= wto c l1 l + 1).
    { apply wto_step; [exact Hwf|exact Hq0|exact Hl1|]. apply existsb_exists. exists d. auto. }
    assert (Hw0 : wto c q0 l1 = 0).
    { apply Nat.le_0_r. unfold wto.
      assert (Hp : In q0 (pushers c l1)).
      { apply filter_In. split; [exact Hq0|]. cbv beta. apply existsb_exists. exists d. split; [exact Hd|].
        rewrite He1. simpl. apply andb_true_iff. split; [|reflexivity]. apply existsb_exists. exists f. auto. }
      pose proof (min_over_le _ (fun v_r => dist c "walk" q0 v_r) (dist_cap c "walk") q0 Hp) as H.
      destruct (Wdiag q0 Hq0) as [D _]. cbv beta in H. lia. }
    assert (Hpe : forall g, In g (objs c "location") ->
      dist c "push" l1 g <= 1 + dist c "push" f g /\ (dist c "push" f g < dist_cap c "push" -> dist c "push" l1 g < dist_cap c "push")).
    { intros g Hg. apply (Pedge l1 f g Hl1 Hf Hg). apply existsb_exists. exists d. split; [exact Hd|].
      rewrite He2. simpl. apply andb_true_iff. split; [|reflexivity]. apply existsb_exists. exists q0. auto. }
    assert (HinG : forall b g, In g (gl c b) -> In g (objs c "location")) by (intros b g Hg; exact (proj1 (In_filter_l _ _ _ Hg))).
    assert (HP : psum c s <= psum c s' + 1).
    { unfold psum. apply (sum_over_point _ _ _ b0 1 (Hnd "box")).
      - intros b _ Hne. apply sum_over_mono. intros g _. rewrite (pterm_same c s s' b g (fun y => Hother b y Hne)). lia.
      - apply sum_over_le1; [exact (Hgl b0 Hb0)|]. intros g Hg. pose proof (HinG b0 g Hg) as Hg'.
        rewrite (pterm_at c s b0 l1 g Hwf Hi Hb0 Hl1 Hg' Hat0), (pterm_at c s' b0 f g Hwf Hi' Hb0 Hf Hg' Hb0').
        destruct (Hpe g Hg') as [E _]. lia. }
    assert (HA : aterm c s q0 = 0).
    { apply Nat.le_0_r. unfold aterm.
      destruct (bloc_is c s b0 l1 Hi Hb0 Hl1 Hat0) as [Hin _].
      pose proof (min_over_le _ (fun v_b => min_over (bloc c s v_b) (fun v_l => wto c q0 v_l) (dist_cap c "walk")) 0 b0 Hb0) as H1.
      pose proof (min_over_le _ (fun v_l => wto c q0 v_l) (dist_cap c "walk") l1 Hin) as H2.
      cbv beta in H1, H2. lia. }
    assert (HJ : jmax c s q0 <= jmax c s' l1 + 1).
    { unfold jmax. apply max_over_mono_k. intros b Hb. apply max_over_mono_k. intros g Hg.
      destruct (Nat.eq_dec b b0) as [->|Hne].
      - pose proof (HinG b0 g Hg) as Hg'.
        pose proof (jterm_hi c s q0 b0 l1 g Hi Hb0 Hl1 Hat0) as H1.
        pose proof (jterm_lo c s' l1 b0 f g Hwf Hi' Hb0 Hf Hg' Hb0') as H2.
        destruct (Hpe g Hg') as [E _]. lia.
      - exact (jterm_follows c s s' q0 l1 1 b g (fun y => Hother b y Hne) Hw). }
    split.
    + unfold inner. destruct (unmet c s); [|lia]. destruct (unmet c s') eqn:E; [lia|].
      destruct (met_zero c s' E) as [Z1 Z2]. rewrite (Z2 l1) in HJ. lia.
    + apply dead_follow. intros b g l Hb Hg Hl Hne Hle. destruct (Nat.eq_dec b b0) as [->|Hnb].
      * pose proof (HinG b0 g Hg) as Hg'.
        destruct (bloc_is c s b0 l1 Hi Hb0 Hl1 Hat0) as [_ Honly]. rewrite (Honly l Hl) in Hle.
        destruct (bloc_is c s' b0 f Hi' Hb0 Hf Hb0') as [Hin' _].
        destruct (Hpe g Hg') as [_ E].
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
    exact (Hne (I3 b l g Hb Hl (proj1 (In_filter_l _ _ _ Hgl)) Hp (Hm b g Hgl))). }
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
  destruct (step_bound c s o s' Hwf Hcert (inv_reachable c s Hwf Hcert Hr) Hs) as [Hv Hdead].
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
