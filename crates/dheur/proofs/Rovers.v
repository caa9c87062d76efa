(* Rovers: the heuristic printed from heuristics/rovers.heur (Heuristics.v, printed by certplan,
   unchanged) is goal-aware and consistent on every reachable state of every task that passes its
   certificate, hence admissible there (Admissible.v); consistency in Admissible.v's sense includes
   the dead-end test: a state it flags leads only to states it flags.

   h = M + A + J + K + E + max(N, V) (see rovers.heur), here split into named terms: mcount (M, per
   data kind), acount (A, soil and rock), jimg (J), calib (the calibrated atoms K subtracts),
   empties (the empty stores E subtracts), nterm (N: smax per soil/rock kind, imax for images, built
   from dcomm, the distance to the closest comm waypoint, hterm, a rover's value as a holder, eterm
   and iterm, its value as an equipped or capable rover) and vterm (V: unvis and cneed).
   Invariants of reachable states (from the certificate): the static predicates the preconditions
   read are those of the initial state; a rover stands on one waypoint at most; while a soil (rock)
   sample lies at w no rover holds w's analysis.
   Per schema (any cost >= 1):
   - navigate: only `at` changes; the moved rover's distances drop by at most 1 (an edge of its
     graph), so N drops by at most 1; V drops by at most 1: one waypoint entered, and where that
     waypoint makes the comm term 0 it is not a needed sample waypoint;
   - sample_soil/rock at w: A drops by at most 1 and one empty store fewer keeps E; w's N-value
     does not fall (the sampler, the only holder, has the value dcomm(w) it had as an equipped
     rover at w); V is unchanged (w has a rover on it);
   - drop: E by at most 1; calibrate: K by at most 1;
   - take_image: J by at most 1 and one calibrated atom fewer keeps K; the image's N-value does not
     fall (the new holder's dcomm at its waypoint p is at least its capable value through p);
   - communicate_*: M by at most 1; the goal met had N-value 0 (its holder stands at a comm
     waypoint), and V had no comm term (a rover stands at a comm waypoint); A, J unchanged (the data
     was held).
   Dead ends: an unmet unheld soil (rock) goal without sample or equipped rover stays so (nothing
   adds a sample, a holder needs a sample and an equipped rover); an image goal with no holder and
   no capable rover stays so.
   Goal-awareness: every data goal communicated: no term, no dead end. *)

From DHeur Require Import Heuristics Admissible Counting.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

(* ---------- The printed value and dead-end test, term by term ---------- *)

Definition sgoals (c : Ctx) (cp : string) : list nat := List.filter (fun v_w => goal c cp [v_w]) (objs c "waypoint").
Definition held (c : Ctx) (s : State) (hp : string) (w : nat) : bool := existsb (fun v_r => s hp [v_r; w]) (objs c "rover").
Definition mcount (c : Ctx) (s : State) (cp : string) : nat := count_over (sgoals c cp) (fun v_w => negb (s cp [v_w])).
Definition acount (c : Ctx) (s : State) (cp hp : string) : nat :=
  count_over (sgoals c cp) (fun v_w => andb (negb (s cp [v_w])) (andb (negb (held c s hp v_w)) true)).
Definition commw (c : Ctx) : list nat :=
  List.filter (fun v_x => existsb (fun v_l => existsb (fun v_y => stat c "visible" [v_x; v_y])
    (List.filter (fun v_y => stat c "at_lander" [v_l; v_y]) (objs c "waypoint"))) (objs c "lander")) (objs c "waypoint").
Definition pos (c : Ctx) (s : State) (r : nat) : list nat := List.filter (fun v_p => s "at" [r; v_p]) (objs c "waypoint").
Definition dcomm (c : Ctx) (r p : nat) : nat := min_over (commw c) (fun v_x => dist_by c "g" r p v_x) (dist_cap c "g").
Definition hterm (c : Ctx) (s : State) (r : nat) : nat := min_over (pos c s r) (fun v_p => dcomm c r v_p) (dist_cap c "g").
Definition eterm (c : Ctx) (s : State) (r w : nat) : nat :=
  min_over (pos c s r) (fun v_p => Nat.add (dist_by c "g" r v_p w) (Nat.add (dcomm c r w) 0)) (dist_cap c "g").
Definition sval (c : Ctx) (s : State) (cp hp ep : string) (w : nat) : nat :=
  if s cp [w] then 0 else if held c s hp w
  then min_over (List.filter (fun v_r => s hp [v_r; w]) (objs c "rover")) (fun v_r => hterm c s v_r) (dist_cap c "g")
  else min_over (List.filter (fun v_r => stat c ep [v_r]) (objs c "rover")) (fun v_r => eterm c s v_r w) (dist_cap c "g").
Definition smax (c : Ctx) (s : State) (cp hp ep : string) : nat := max_over (sgoals c cp) (fun v_w => sval c s cp hp ep v_w).

Definition igoals (c : Ctx) (o : nat) : list nat := List.filter (fun v_m => goal c "communicated_image_data" [o; v_m]) (objs c "mode").
Definition iheld (c : Ctx) (s : State) (o m : nat) : bool := existsb (fun v_r => s "have_image" [v_r; o; m]) (objs c "rover").
Definition mimg (c : Ctx) (s : State) : nat :=
  sum_over (objs c "objective") (fun v_o => count_over (igoals c v_o) (fun v_m => negb (s "communicated_image_data" [v_o; v_m]))).
Definition ineed (c : Ctx) (s : State) (o m : nat) : bool :=
  andb (negb (s "communicated_image_data" [o; m])) (andb (negb (iheld c s o m)) true).
Definition jimg (c : Ctx) (s : State) : nat :=
  sum_over (objs c "objective") (fun v_o => count_over (igoals c v_o) (fun v_m => ineed c s v_o v_m)).
Definition camm (c : Ctx) (r m : nat) : bool :=
  existsb (fun v_c => stat c "supports" [v_c; m]) (List.filter (fun v_c => stat c "on_board" [v_c; r]) (objs c "camera")).
Definition vis (c : Ctx) (o : nat) : list nat := List.filter (fun v_q => stat c "visible_from" [o; v_q]) (objs c "waypoint").
Definition iterm (c : Ctx) (s : State) (o m r : nat) : nat :=
  if camm c r m then min_over (pos c s r) (fun v_p => min_over (vis c o)
      (fun v_q => Nat.add (dist_by c "g" r v_p v_q) (Nat.add (dcomm c r v_q) 0)) (dist_cap c "g")) (dist_cap c "g")
  else dist_cap c "g".
Definition ival (c : Ctx) (s : State) (o m : nat) : nat :=
  if s "communicated_image_data" [o; m] then 0
  else Nat.min (min_over (List.filter (fun v_r => s "have_image" [v_r; o; m]) (objs c "rover")) (fun v_r => hterm c s v_r) (dist_cap c "g"))
    (min_over (List.filter (fun v_r => stat c "equipped_for_imaging" [v_r]) (objs c "rover")) (fun v_r => iterm c s o m v_r) (dist_cap c "g")).
Definition imax (c : Ctx) (s : State) : nat :=
  max_over (objs c "objective") (fun v_o => max_over (igoals c v_o) (fun v_m => ival c s v_o v_m)).
Definition calib (c : Ctx) (s : State) : nat :=
  sum_over (objs c "camera") (fun v_c => count_over (List.filter (fun v_r => stat c "on_board" [v_c; v_r]) (objs c "rover"))
    (fun v_r => s "calibrated" [v_c; v_r])).
Definition empties (c : Ctx) (s : State) : nat := count_over (objs c "store") (fun v_s => s "empty" [v_s]).
Definition nterm (c : Ctx) (s : State) : nat :=
  Nat.max (smax c s "communicated_soil_data" "have_soil_analysis" "equipped_for_soil_analysis")
    (Nat.max (smax c s "communicated_rock_data" "have_rock_analysis" "equipped_for_rock_analysis") (Nat.max (imax c s) 0)).

Definition occ (c : Ctx) (s : State) (w : nat) : bool := existsb (fun v_r => s "at" [v_r; w]) (objs c "rover").
Definition wneed (c : Ctx) (s : State) (cp hp : string) (w : nat) : bool :=
  andb (goal c cp [w]) (andb (negb (s cp [w])) (andb (negb (held c s hp w)) true)).
Definition needw (c : Ctx) (s : State) (w : nat) : bool :=
  orb (wneed c s "communicated_soil_data" "have_soil_analysis" w) (orb (wneed c s "communicated_rock_data" "have_rock_analysis" w) false).
Definition unvis (c : Ctx) (s : State) : nat :=
  Nat.add (count_over (objs c "waypoint") (fun v_w => andb (negb (occ c s v_w)) (andb (needw c s v_w) true))) 0.
Definition anyunmet (c : Ctx) (s : State) : bool :=
  orb (existsb (fun v_w => negb (s "communicated_soil_data" [v_w])) (sgoals c "communicated_soil_data"))
   (orb (existsb (fun v_w => negb (s "communicated_rock_data" [v_w])) (sgoals c "communicated_rock_data"))
   (orb (existsb (fun v_o => existsb (fun v_m => negb (s "communicated_image_data" [v_o; v_m])) (igoals c v_o)) (objs c "objective")) false)).
Definition commok (c : Ctx) (s : State) : bool := existsb (fun v_x => orb (occ c s v_x) (needw c s v_x)) (commw c).
Definition cneed (c : Ctx) (s : State) : nat := if andb (anyunmet c s) (andb (negb (commok c s)) true) then 1 else 0.
Definition vterm (c : Ctx) (s : State) : nat := Nat.add (unvis c s) (Nat.add (cneed c s) 0).

Definition value (c : Ctx) (s : State) : nat :=
  Nat.add (mcount c s "communicated_soil_data") (Nat.add (mcount c s "communicated_rock_data") (Nat.add (mimg c s)
  (Nat.add (acount c s "communicated_soil_data" "have_soil_analysis") (Nat.add (acount c s "communicated_rock_data" "have_rock_analysis")
  (Nat.add (jimg c s) (Nat.add (Nat.sub (jimg c s) (calib c s))
  (Nat.add (Nat.sub (Nat.add (acount c s "communicated_soil_data" "have_soil_analysis")
     (Nat.add (acount c s "communicated_rock_data" "have_rock_analysis") 0)) (empties c s))
  (Nat.add (Nat.max (nterm c s) (Nat.max (vterm c s) 0)) 0)))))))).

Definition sdead (c : Ctx) (s : State) (cp hp sp ep : string) : bool :=
  existsb (fun v_w => andb (negb (s cp [v_w])) (andb (negb (held c s hp v_w))
    (andb (orb (negb (s sp [v_w])) (orb (negb (existsb (fun v_r => stat c ep [v_r]) (objs c "rover"))) false)) true)))
  (sgoals c cp).
Definition idead (c : Ctx) (s : State) : bool :=
  existsb (fun v_o => existsb (fun v_m => andb (negb (s "communicated_image_data" [v_o; v_m])) (andb (negb (iheld c s v_o v_m))
      (andb (negb (existsb (fun v_r => camm c v_r v_m) (List.filter (fun v_r => stat c "equipped_for_imaging" [v_r]) (objs c "rover")))) true)))
    (igoals c v_o)) (objs c "objective").
Definition dead (c : Ctx) (s : State) : bool :=
  orb (sdead c s "communicated_soil_data" "have_soil_analysis" "at_soil_sample" "equipped_for_soil_analysis")
   (orb (sdead c s "communicated_rock_data" "have_rock_analysis" "at_rock_sample" "equipped_for_rock_analysis")
   (orb (idead c s) false)).

Lemma h_eq : forall c s, rovers_h (at_state c s) = if dead c s then None else Some (value c s).
Proof. reflexivity. Qed.

(* ---------- The certificate, as facts ---------- *)

Definition sinv (c : Ctx) (s : State) (sp hp : string) : Prop :=
  forall w r, In w (objs c "waypoint") -> In r (objs c "rover") -> s sp [w] = true -> s hp [r; w] = false.

Lemma certificate_facts : forall c, rovers_certificate c = true ->
  (forall r, In r (objs c "rover") -> count_over (objs c "waypoint") (fun w => init c "at" [r; w]) <= 1) /\
  sinv c (init c) "at_soil_sample" "have_soil_analysis" /\ sinv c (init c) "at_rock_sample" "have_rock_analysis".
Proof.
  intros c H. unfold rovers_certificate in H. rewrite !andb_true_iff in H.
  destruct H as [H0 [H1 [H2 _]]]. unfold rovers_check_0 in H0. unfold rovers_check_1 in H1. unfold rovers_check_2 in H2.
  rewrite forallb_forall in H0, H1, H2. split; [|split].
  - intros r Hr. apply Nat.leb_le. exact (H0 r Hr).
  - intros w r Hw Hr Hs. specialize (H1 w Hw). rewrite Hs in H1. cbv beta in H1.
    destruct (init c "have_soil_analysis" [r; w]) eqn:E; [|reflexivity].
    assert (existsb (fun v_r => init c "have_soil_analysis" [v_r; w]) (objs c "rover") = true)
      by (apply existsb_exists; exists r; auto).
    rewrite H in H1. discriminate.
  - intros w r Hw Hr Hs. specialize (H2 w Hw). rewrite Hs in H2. cbv beta in H2.
    destruct (init c "have_rock_analysis" [r; w]) eqn:E; [|reflexivity].
    assert (existsb (fun v_r => init c "have_rock_analysis" [v_r; w]) (objs c "rover") = true)
      by (apply existsb_exists; exists r; auto).
    rewrite H in H2. discriminate.
Qed.

(* ---------- Invariants of reachable states ---------- *)

Definition inv (c : Ctx) (s : State) : Prop :=
  s "can_traverse" = init c "can_traverse" /\ s "visible" = init c "visible" /\
  s "visible_from" = init c "visible_from" /\ s "at_lander" = init c "at_lander" /\
  s "equipped_for_soil_analysis" = init c "equipped_for_soil_analysis" /\
  s "equipped_for_rock_analysis" = init c "equipped_for_rock_analysis" /\
  s "equipped_for_imaging" = init c "equipped_for_imaging" /\ s "on_board" = init c "on_board" /\
  s "supports" = init c "supports" /\
  (forall r p p', In r (objs c "rover") -> In p (objs c "waypoint") -> In p' (objs c "waypoint") ->
     s "at" [r; p] = true -> s "at" [r; p'] = true -> p = p') /\
  sinv c s "at_soil_sample" "have_soil_analysis" /\ sinv c s "at_rock_sample" "have_rock_analysis".

(* One transition, split by schema: the operator's arguments, their types and the precondition
   literals (named T and P), and s' as the printed apply_op. *)
Ltac step_cases Hs :=
  let Hin := fresh "Hin" in let Ht := fresh "Ht" in let Hpre := fresh "Hpre" in let Es := fresh "Es" in
  destruct Hs as [Hin [Ht [Hpre Es]]]; cbn [fst snd] in Hin, Ht, Hpre, Es;
  unfold rovers_schemas in Hin; cbn [In] in Hin;
  destruct Hin as [<-|[<-|[<-|[<-|[<-|[<-|[<-|[<-|[<-|[]]]]]]]]]]; cbn [sparams spre] in Ht, Hpre;
  match goal with xs : list nat |- _ =>
    destruct xs as [|x0 [|x1 [|x2 [|x3 [|x4 [|x5 [|x6 xs]]]]]]] end;
  cbn [typed] in Ht;
  try (exfalso; clear -Ht; repeat match goal with H : _ /\ _ |- _ => destruct H end; contradiction);
  repeat (match type of Ht with _ /\ _ => let T := fresh "T" in destruct Ht as [T Ht]; apply typed_one in T end);
  repeat (let P := fresh "P" in apply Forall_cons_iff in Hpre; destruct Hpre as [P Hpre];
          cbn [pre_holds map arg_value nth] in P);
  clear Hpre.

Ltac pt Es := intros; rewrite Es; unfold apply_op, atom_in; simpl; rewrite ?andb_true_r, ?orb_false_r; reflexivity.
Ltac fr Es := rewrite Es; reflexivity.

Lemma inv_init : forall c, rovers_wf c -> rovers_certificate c = true -> inv c (init c).
Proof.
  intros c [Hnd _] Hcert. destruct (certificate_facts c Hcert) as [H0 [H1 H2]].
  repeat split; auto.
  intros r p p' Hr Hp Hp' E1 E2. exact (count_over_le1 _ _ p p' (Hnd "waypoint") (H0 r Hr) Hp Hp' E1 E2).
Qed.

Lemma inv_step : forall c s o s', inv c s -> strips_step c rovers_schemas s o s' -> inv c s'.
Proof.
  intros c s [sch xs] s' [I1 [I2 [I3 [I4 [I5 [I6 [I7 [I8 [I9 [Ipos [Isoil Irock]]]]]]]]]]] Hs.
  step_cases Hs.
  4-9: repeat split; try (rewrite Es; assumption).
  - (* navigate *)
    assert (Eat : forall r p, s' "at" [r; p] = if andb (Nat.eqb x0 r) (Nat.eqb x2 p) then true
      else if andb (Nat.eqb x0 r) (Nat.eqb x1 p) then false else s "at" [r; p]) by pt Es.
    repeat split; try (rewrite Es; assumption).
    + intros r p p' Hr Hp Hp'. destruct (Nat.eqb_spec x0 r) as [<-|Hne].
      * assert (Hx1 : In x1 (objs c "waypoint")) by assumption.
        assert (Hat : s "at" [x0; x1] = true) by assumption.
        assert (Hone : forall y, In y (objs c "waypoint") -> s' "at" [x0; y] = true -> y = x2).
        { intros y Hy H. rewrite Eat, Nat.eqb_refl in H. simpl in H.
          destruct (Nat.eqb_spec x2 y) as [->|Hn2]; [reflexivity|].
          destruct (Nat.eqb_spec x1 y) as [<-|Hn1]; [discriminate|].
          exfalso. exact (Hn1 (Ipos x0 x1 y Hr Hx1 Hy Hat H)). }
        intros E1 E2. rewrite (Hone p Hp E1), (Hone p' Hp' E2). reflexivity.
      * rewrite !Eat, (proj2 (Nat.eqb_neq x0 r) Hne). simpl. exact (Ipos r p p' Hr Hp Hp').
  - (* sample_soil *)
    assert (Eh : forall r w, s' "have_soil_analysis" [r; w] = if andb (Nat.eqb x0 r) (Nat.eqb x2 w) then true else s "have_soil_analysis" [r; w]) by pt Es.
    assert (Es2 : forall w, s' "at_soil_sample" [w] = if Nat.eqb x2 w then false else s "at_soil_sample" [w]) by pt Es.
    repeat split; try (rewrite Es; assumption).
    + intros w r Hw Hr. rewrite Es2, Eh. destruct (Nat.eqb_spec x2 w) as [<-|Hne]; [discriminate|].
      rewrite andb_false_r. exact (Isoil w r Hw Hr).
  - (* sample_rock *)
    assert (Eh : forall r w, s' "have_rock_analysis" [r; w] = if andb (Nat.eqb x0 r) (Nat.eqb x2 w) then true else s "have_rock_analysis" [r; w]) by pt Es.
    assert (Es2 : forall w, s' "at_rock_sample" [w] = if Nat.eqb x2 w then false else s "at_rock_sample" [w]) by pt Es.
    repeat split; try (rewrite Es; assumption).
    + intros w r Hw Hr. rewrite Es2, Eh. destruct (Nat.eqb_spec x2 w) as [<-|Hne]; [discriminate|].
      rewrite andb_false_r. exact (Irock w r Hw Hr).
Qed.

Lemma inv_reachable : forall c s, rovers_wf c -> rovers_certificate c = true ->
  reachable State Op (strips_step c rovers_schemas) (init c) s -> inv c s.
Proof.
  intros c s Hwf Hcert Hr. induction Hr as [|s o s' Hr IH Hs].
  - exact (inv_init c Hwf Hcert).
  - exact (inv_step c s o s' IH Hs).
Qed.

(* ---------- Basic facts ---------- *)

Lemma min_one : forall L a f e, In a L -> (forall x, In x L -> x = a) -> min_over L f e = f a.
Proof.
  intros L a f e Ha H. destruct (min_over_witness L f e) as [x [Hx ->]]; [intros ->; destruct Ha|].
  rewrite (H x Hx). reflexivity.
Qed.

Lemma to_stat : forall c s, rovers_wf c -> inv c s ->
  (forall ys, s "can_traverse" ys = stat c "can_traverse" ys) /\ (forall ys, s "visible" ys = stat c "visible" ys) /\
  (forall ys, s "visible_from" ys = stat c "visible_from" ys) /\ (forall ys, s "at_lander" ys = stat c "at_lander" ys) /\
  (forall ys, s "equipped_for_soil_analysis" ys = stat c "equipped_for_soil_analysis" ys) /\
  (forall ys, s "equipped_for_rock_analysis" ys = stat c "equipped_for_rock_analysis" ys) /\
  (forall ys, s "equipped_for_imaging" ys = stat c "equipped_for_imaging" ys) /\
  (forall ys, s "on_board" ys = stat c "on_board" ys) /\ (forall ys, s "supports" ys = stat c "supports" ys).
Proof.
  intros c s [_ [S1 [S2 [S3 [S4 [S5 [S6 [S7 [_ [S9 [S10 _]]]]]]]]]]] [I1 [I2 [I3 [I4 [I5 [I6 [I7 [I8 [I9 _]]]]]]]]].
  repeat split; intros ys;
    [rewrite S1, I1|rewrite S2, I2|rewrite S3, I3|rewrite S4, I4|rewrite S5, I5|rewrite S6, I6|rewrite S7, I7
    |rewrite S9, I8|rewrite S10, I9]; reflexivity.
Qed.

Lemma pos_one : forall c s r p, inv c s -> In r (objs c "rover") -> In p (objs c "waypoint") -> s "at" [r; p] = true ->
  In p (pos c s r) /\ (forall y, In y (pos c s r) -> y = p).
Proof.
  intros c s r p Hi Hr Hp Hat. destruct Hi as [_ [_ [_ [_ [_ [_ [_ [_ [_ [Ipos _]]]]]]]]]]. split.
  - apply filter_In. auto.
  - intros y Hy. apply filter_In in Hy as [Hy Hy']. exact (Ipos r y p Hr Hy Hp Hy' Hat).
Qed.

Lemma dcomm_cap : forall c r p, rovers_wf c -> In r (objs c "rover") -> In p (objs c "waypoint") -> dcomm c r p <= dist_cap c "g".
Proof.
  intros c r p Hwf Hr Hp. destruct Hwf as [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [Gcap _]]]]]]]]]]]]]].
  unfold dcomm. apply min_over_le_default. intros x Hx. apply In_filter_l in Hx as [Hx _]. exact (Gcap r p x Hr Hp Hx).
Qed.

Lemma dcomm_zero : forall c r x, rovers_wf c -> In r (objs c "rover") -> In x (commw c) -> dcomm c r x = 0.
Proof.
  intros c r x Hwf Hr Hx. destruct Hwf as [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [Gdiag _]]]]]]]]]]]]].
  pose proof (min_over_le (commw c) (fun v_x => dist_by c "g" r x v_x) (dist_cap c "g") x Hx) as H.
  apply In_filter_l in Hx as [Hx _]. destruct (Gdiag r x Hr Hx) as [D _]. unfold dcomm. cbv beta in H. lia.
Qed.

Lemma hterm_at : forall c s r p, inv c s -> In r (objs c "rover") -> In p (objs c "waypoint") -> s "at" [r; p] = true ->
  hterm c s r = dcomm c r p.
Proof.
  intros c s r p Hi Hr Hp Hat. destruct (pos_one c s r p Hi Hr Hp Hat) as [H1 H2].
  unfold hterm. exact (min_one _ p _ _ H1 H2).
Qed.

Lemma hterm_cap : forall c s r, rovers_wf c -> In r (objs c "rover") -> hterm c s r <= dist_cap c "g".
Proof.
  intros c s r Hwf Hr. unfold hterm. apply min_over_le_default. intros p Hp. apply In_filter_l in Hp as [Hp _].
  exact (dcomm_cap c r p Hwf Hr Hp).
Qed.

Lemma commw_in : forall c x l y, In x (objs c "waypoint") -> In l (objs c "lander") -> In y (objs c "waypoint") ->
  stat c "at_lander" [l; y] = true -> stat c "visible" [x; y] = true -> In x (commw c).
Proof.
  intros c x l y Hx Hl Hy H1 H2. apply filter_In. split; [exact Hx|]. apply existsb_exists. exists l. split; [exact Hl|].
  apply existsb_exists. exists y. split; [apply filter_In; auto|exact H2].
Qed.

Lemma existsb_false_elim : forall (l : list nat) g x, existsb g l = false -> In x l -> g x = false.
Proof.
  intros l g x H Hx. destruct (g x) eqn:E; [|reflexivity].
  assert (existsb g l = true) by (apply existsb_exists; exists x; auto). congruence.
Qed.

(* ---------- Frames: a term reads only some predicates ---------- *)

Lemma mcount_frame : forall c s s' cp, s' cp = s cp -> mcount c s' cp = mcount c s cp.
Proof. intros c s s' cp H. unfold mcount. rewrite H. reflexivity. Qed.
Lemma acount_frame : forall c s s' cp hp, s' cp = s cp -> s' hp = s hp -> acount c s' cp hp = acount c s cp hp.
Proof. intros c s s' cp hp H1 H2. unfold acount, held. rewrite H1, H2. reflexivity. Qed.
Lemma smax_frame : forall c s s' cp hp ep, s' cp = s cp -> s' hp = s hp -> s' "at" = s "at" ->
  smax c s' cp hp ep = smax c s cp hp ep.
Proof. intros c s s' cp hp ep H1 H2 H3. unfold smax, sval, held, hterm, eterm, pos. rewrite H1, H2, H3. reflexivity. Qed.
Lemma mimg_frame : forall c s s', s' "communicated_image_data" = s "communicated_image_data" -> mimg c s' = mimg c s.
Proof. intros c s s' H. unfold mimg. rewrite H. reflexivity. Qed.
Lemma jimg_frame : forall c s s', s' "communicated_image_data" = s "communicated_image_data" ->
  s' "have_image" = s "have_image" -> jimg c s' = jimg c s.
Proof. intros c s s' H1 H2. unfold jimg, ineed, iheld. rewrite H1, H2. reflexivity. Qed.
Lemma imax_frame : forall c s s', s' "communicated_image_data" = s "communicated_image_data" ->
  s' "have_image" = s "have_image" -> s' "at" = s "at" -> imax c s' = imax c s.
Proof. intros c s s' H1 H2 H3. unfold imax, ival, hterm, iterm, pos. rewrite H1, H2, H3. reflexivity. Qed.
Lemma calib_frame : forall c s s', s' "calibrated" = s "calibrated" -> calib c s' = calib c s.
Proof. intros c s s' H. unfold calib. rewrite H. reflexivity. Qed.
Lemma empties_frame : forall c s s', s' "empty" = s "empty" -> empties c s' = empties c s.
Proof. intros c s s' H. unfold empties. rewrite H. reflexivity. Qed.
Lemma vterm_frame : forall c s s', s' "at" = s "at" ->
  s' "communicated_soil_data" = s "communicated_soil_data" -> s' "have_soil_analysis" = s "have_soil_analysis" ->
  s' "communicated_rock_data" = s "communicated_rock_data" -> s' "have_rock_analysis" = s "have_rock_analysis" ->
  s' "communicated_image_data" = s "communicated_image_data" -> vterm c s' = vterm c s.
Proof.
  intros c s s' H1 H2 H3 H4 H5 H6. unfold vterm, unvis, cneed, anyunmet, commok, occ, needw, wneed, held.
  rewrite H1, H2, H3, H4, H5, H6. reflexivity.
Qed.
Lemma sdead_frame : forall c s s' cp hp sp ep, s' cp = s cp -> s' hp = s hp -> s' sp = s sp ->
  sdead c s' cp hp sp ep = sdead c s cp hp sp ep.
Proof. intros c s s' cp hp sp ep H1 H2 H3. unfold sdead, held. rewrite H1, H2, H3. reflexivity. Qed.
Lemma idead_frame : forall c s s', s' "communicated_image_data" = s "communicated_image_data" ->
  s' "have_image" = s "have_image" -> idead c s' = idead c s.
Proof. intros c s s' H1 H2. unfold idead, iheld. rewrite H1, H2. reflexivity. Qed.

Ltac frame_tac Es := intros q; intros; rewrite Es; unfold apply_op, atom_in; cbn [existsb fst snd sadd sdel];
  repeat match goal with H : q <> ?a |- _ => rewrite (proj2 (String.eqb_neq a q) (not_eq_sym H)); clear H end;
  reflexivity.

(* ---------- navigate: every distance term drops by at most 1 ---------- *)

Lemma nav_case : forall c s s' r0 p1 p2, rovers_wf c -> inv c s ->
  In r0 (objs c "rover") -> In p1 (objs c "waypoint") -> In p2 (objs c "waypoint") ->
  s "at" [r0; p1] = true -> stat c "can_traverse" [r0; p1; p2] = true ->
  (forall r p, s' "at" [r; p] = if andb (Nat.eqb r0 r) (Nat.eqb p2 p) then true
     else if andb (Nat.eqb r0 r) (Nat.eqb p1 p) then false else s "at" [r; p]) ->
  (forall q, q <> "at" -> s' q = s q) ->
  nterm c s <= nterm c s' + 1 /\ vterm c s <= vterm c s' + 1.
Proof.
  intros c s s' r0 p1 p2 Hwf Hi Hr0 Hp1 Hp2 Hat0 Hct Eat Hfr.
  pose proof Hi as [_ [_ [_ [_ [_ [_ [_ [_ [_ [Ipos _]]]]]]]]]].
  pose proof Hwf as [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [Gdiag [Gcap Gedge]]]]]]]]]]]]]].
  assert (Hmin : forall r F G e k, In r (objs c "rover") -> (forall p, In p (objs c "waypoint") -> F p <= G p + k) ->
    (r = r0 -> F p1 <= G p2 + k) -> min_over (pos c s r) F e <= min_over (pos c s' r) G e + k).
  { intros r F G e k Hr HFG H0. destruct (Nat.eq_dec r r0) as [->|Hne].
    - apply min_over_bound.
      + intros y Hy. apply filter_In in Hy as [Hy Hat']. rewrite Eat, Nat.eqb_refl in Hat'. simpl in Hat'.
        destruct (Nat.eqb_spec p2 y) as [<-|Hn2].
        * exists p1. split; [apply filter_In; auto|apply H0; reflexivity].
        * destruct (Nat.eqb_spec p1 y) as [<-|Hn1]; [discriminate|].
          exfalso. exact (Hn1 (Ipos r0 p1 y Hr0 Hp1 Hy Hat0 Hat')).
      + intros Hnil. exfalso.
        assert (H : In p2 (pos c s' r0)) by (apply filter_In; split; [exact Hp2|]; rewrite Eat, !Nat.eqb_refl; reflexivity).
        rewrite Hnil in H. destruct H.
    - assert (E : pos c s' r = pos c s r).
      { unfold pos. apply filter_ext_in'. intros p _. rewrite Eat, (proj2 (Nat.eqb_neq r0 r) (not_eq_sym Hne)). reflexivity. }
      rewrite E. apply min_over_mono_k; [|lia]. intros p Hp. apply In_filter_l in Hp as [Hp _]. exact (HFG p Hp). }
  assert (Hdist : forall t, In t (objs c "waypoint") -> dist_by c "g" r0 p1 t <= dist_by c "g" r0 p2 t + 1).
  { intros t Ht. destruct (Gedge r0 p1 p2 t Hr0 Hp1 Hp2 Ht Hct) as [E _]. lia. }
  assert (Hd : dcomm c r0 p1 <= dcomm c r0 p2 + 1).
  { unfold dcomm. apply min_over_mono_k; [|lia]. intros x Hx. apply In_filter_l in Hx as [Hx _]. exact (Hdist x Hx). }
  assert (Hh : forall r, In r (objs c "rover") -> hterm c s r <= hterm c s' r + 1).
  { intros r Hr. unfold hterm. apply Hmin; [exact Hr|intros; lia|intros ->; exact Hd]. }
  assert (He : forall r w, In r (objs c "rover") -> In w (objs c "waypoint") -> eterm c s r w <= eterm c s' r w + 1).
  { intros r w Hr Hw. unfold eterm. apply Hmin; [exact Hr|intros; lia|intros ->; specialize (Hdist w Hw); lia]. }
  assert (Hit : forall o m r, In r (objs c "rover") -> iterm c s o m r <= iterm c s' o m r + 1).
  { intros o m r Hr. unfold iterm. destruct (camm c r m); [|lia]. apply Hmin; [exact Hr| |].
    - intros p _. apply min_over_mono_k; [intros; lia|lia].
    - intros ->. apply min_over_mono_k; [|lia]. intros q Hq. apply In_filter_l in Hq as [Hq _]. specialize (Hdist q Hq). lia. }
  assert (Hsm : forall cp hp ep, cp <> "at" -> hp <> "at" -> smax c s cp hp ep <= smax c s' cp hp ep + 1).
  { intros cp hp ep H1 H2. unfold smax. apply max_over_mono_k. intros w Hw. apply In_filter_l in Hw as [Hw _].
    unfold sval, held. rewrite (Hfr cp H1), (Hfr hp H2). destruct (s cp [w]); [lia|].
    destruct (existsb _ _); apply min_over_mono_k; try lia; intros r Hr; apply In_filter_l in Hr as [Hr _];
      [exact (Hh r Hr)|exact (He r w Hr Hw)]. }
  assert (Him : imax c s <= imax c s' + 1).
  { unfold imax. apply max_over_mono_k. intros o _. apply max_over_mono_k. intros m _.
    unfold ival. rewrite (Hfr "communicated_image_data" ltac:(discriminate)), (Hfr "have_image" ltac:(discriminate)).
    destruct (s "communicated_image_data" [o; m]); [lia|].
    assert (A1 : min_over (List.filter (fun v_r => s "have_image" [v_r; o; m]) (objs c "rover")) (fun v_r => hterm c s v_r) (dist_cap c "g")
      <= min_over (List.filter (fun v_r => s "have_image" [v_r; o; m]) (objs c "rover")) (fun v_r => hterm c s' v_r) (dist_cap c "g") + 1).
    { apply min_over_mono_k; [|lia]. intros r Hr. apply In_filter_l in Hr as [Hr _]. exact (Hh r Hr). }
    assert (A2 : min_over (List.filter (fun v_r => stat c "equipped_for_imaging" [v_r]) (objs c "rover")) (fun v_r => iterm c s o m v_r) (dist_cap c "g")
      <= min_over (List.filter (fun v_r => stat c "equipped_for_imaging" [v_r]) (objs c "rover")) (fun v_r => iterm c s' o m v_r) (dist_cap c "g") + 1).
    { apply min_over_mono_k; [|lia]. intros r Hr. apply In_filter_l in Hr as [Hr _]. exact (Hit o m r Hr). }
    lia. }
  split.
  { unfold nterm.
    pose proof (Hsm "communicated_soil_data" "have_soil_analysis" "equipped_for_soil_analysis" ltac:(discriminate) ltac:(discriminate)).
    pose proof (Hsm "communicated_rock_data" "have_rock_analysis" "equipped_for_rock_analysis" ltac:(discriminate) ltac:(discriminate)).
    lia. }
  (* V: one waypoint entered *)
  assert (Hneed : forall w, needw c s' w = needw c s w).
  { intros w. unfold needw, wneed, held.
    rewrite (Hfr "communicated_soil_data" ltac:(discriminate)), (Hfr "have_soil_analysis" ltac:(discriminate)),
      (Hfr "communicated_rock_data" ltac:(discriminate)), (Hfr "have_rock_analysis" ltac:(discriminate)). reflexivity. }
  assert (Hany : anyunmet c s' = anyunmet c s).
  { unfold anyunmet. rewrite (Hfr "communicated_soil_data" ltac:(discriminate)), (Hfr "communicated_rock_data" ltac:(discriminate)),
      (Hfr "communicated_image_data" ltac:(discriminate)). reflexivity. }
  assert (Hocc : forall w, w <> p2 -> occ c s' w = true -> occ c s w = true).
  { intros w Hne H. apply existsb_exists in H as [r [Hr H]]. rewrite Eat in H. apply existsb_exists. exists r. split; [exact Hr|].
    destruct (Nat.eqb_spec r0 r) as [<-|_]; simpl in H; [|exact H].
    rewrite (proj2 (Nat.eqb_neq p2 w) (not_eq_sym Hne)) in H. destruct (Nat.eqb p1 w); [discriminate|exact H]. }
  assert (Hpt : forall w, w <> p2 -> andb (negb (occ c s w)) (andb (needw c s w) true) = true ->
    andb (negb (occ c s' w)) (andb (needw c s' w) true) = true).
  { intros w Hne H. rewrite Hneed. destruct (occ c s' w) eqn:E; [rewrite (Hocc w Hne E) in H; discriminate|].
    destruct (occ c s w); [discriminate|exact H]. }
  assert (HU : unvis c s <= unvis c s' + 1).
  { unfold unvis. pose proof (count_over_point (objs c "waypoint") _ _ p2 (proj1 Hwf "waypoint") (fun w _ => Hpt w)). lia. }
  unfold vterm, cneed. rewrite Hany.
  destruct (anyunmet c s); simpl; [|lia].
  destruct (commok c s) eqn:C1; simpl; [lia|]. destruct (commok c s') eqn:C2; simpl; [|lia].
  (* the rover entered a comm waypoint that no rover stood at and that no sample needs *)
  unfold commok in C1, C2. apply existsb_exists in C2 as [x [Hx C2]].
  assert (Hx1 : orb (occ c s x) (needw c s x) = false) by exact (existsb_false_elim _ _ x C1 Hx).
  apply orb_false_iff in Hx1 as [Ho Hn]. rewrite Hneed, Hn, orb_false_r in C2.
  destruct (Nat.eq_dec x p2) as [->|Hne]; [|rewrite (Hocc x Hne C2) in Ho; discriminate].
  assert (HU' : unvis c s <= unvis c s').
  { unfold unvis. apply Nat.add_le_mono_r. apply count_over_mono. intros w _ H.
    destruct (Nat.eq_dec w p2) as [->|Hne]; [rewrite Hn in H; rewrite andb_false_r in H; discriminate|exact (Hpt w Hne H)]. }
  lia.
Qed.

(* ---------- sample_soil, sample_rock: the sampling rover becomes the only holder ---------- *)

Lemma sample_case : forall c s s' cp hp sp ep r0 w0, rovers_wf c -> inv c s -> sinv c s sp hp ->
  In r0 (objs c "rover") -> In w0 (objs c "waypoint") ->
  s "at" [r0; w0] = true -> s sp [w0] = true -> stat c ep [r0] = true ->
  s' cp = s cp -> s' "at" = s "at" ->
  (forall r w, s' hp [r; w] = if andb (Nat.eqb r0 r) (Nat.eqb w0 w) then true else s hp [r; w]) ->
  (forall w, s' sp [w] = if Nat.eqb w0 w then false else s sp [w]) ->
  acount c s cp hp <= acount c s' cp hp + 1 /\ smax c s cp hp ep <= smax c s' cp hp ep /\
  (forall w, occ c s w = false -> wneed c s' cp hp w = wneed c s cp hp w) /\
  (sdead c s cp hp sp ep = true -> sdead c s' cp hp sp ep = true).
Proof.
  intros c s s' cp hp sp ep r0 w0 Hwf Hi Hsi Hr0 Hw0 Hat0 Hsp0 Hep Hcp Hat Eh Esp.
  assert (Hheld : forall w, w <> w0 -> held c s' hp w = held c s hp w).
  { intros w Hne. unfold held. apply existsb_ext_in. intros r _. rewrite Eh, (proj2 (Nat.eqb_neq w0 w) (not_eq_sym Hne)), andb_false_r. reflexivity. }
  assert (Hh0 : held c s hp w0 = false).
  { unfold held. apply existsb_false_in. intros r Hr. exact (Hsi w0 r Hw0 Hr Hsp0). }
  assert (Hh0' : held c s' hp w0 = true).
  { unfold held. apply existsb_exists. exists r0. split; [exact Hr0|]. rewrite Eh, !Nat.eqb_refl. reflexivity. }
  assert (Hht : hterm c s' = hterm c s) by (unfold hterm, pos; rewrite Hat; reflexivity).
  assert (Het : eterm c s' = eterm c s) by (unfold eterm, pos; rewrite Hat; reflexivity).
  split; [|split; [|split]].
  - unfold acount. apply (count_over_point _ _ _ w0 (NoDup_filter _ (proj1 Hwf "waypoint"))).
    intros w _ Hne H. rewrite Hcp, (Hheld w Hne). exact H.
  - unfold smax.
    assert (Hle : forall w, In w (sgoals c cp) -> sval c s cp hp ep w <= sval c s' cp hp ep w + 0).
    { intros w _. unfold sval. rewrite Hht, Het, Hcp. destruct (s cp [w]); [lia|].
      destruct (Nat.eq_dec w w0) as [->|Hne].
      - rewrite Hh0, Hh0'.
        assert (Hin : In r0 (List.filter (fun v_r => stat c ep [v_r]) (objs c "rover"))) by (apply filter_In; auto).
        pose proof (min_over_le _ (fun v_r => eterm c s v_r w0) (dist_cap c "g") r0 Hin) as H1. cbv beta in H1.
        unfold eterm at 2 in H1. destruct (pos_one c s r0 w0 Hi Hr0 Hw0 Hat0) as [P1 P2].
        rewrite (min_one _ w0 _ _ P1 P2) in H1.
        destruct (proj1 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 Hwf))))))))))))
          r0 w0 Hr0 Hw0) as [D _].
        assert (H2 : dcomm c r0 w0 <= min_over (List.filter (fun v_r => s' hp [v_r; w0]) (objs c "rover")) (fun v_r => hterm c s v_r) (dist_cap c "g")).
        { apply min_over_ge; [|exact (dcomm_cap c r0 w0 Hwf Hr0 Hw0)]. intros y Hy. apply filter_In in Hy as [Hy Hy'].
          rewrite Eh, Nat.eqb_refl, andb_true_r in Hy'. destruct (Nat.eqb_spec r0 y) as [<-|Hne].
          - rewrite (hterm_at c s r0 w0 Hi Hr0 Hw0 Hat0). lia.
          - rewrite (Hsi w0 y Hw0 Hy Hsp0) in Hy'. discriminate. }
        lia.
      - rewrite (Hheld w Hne). destruct (held c s hp w); [|lia].
        rewrite (filter_ext_in' (objs c "rover") (fun v_r => s' hp [v_r; w]) (fun v_r => s hp [v_r; w])); [lia|].
        intros r _. rewrite Eh, (proj2 (Nat.eqb_neq w0 w) (not_eq_sym Hne)), andb_false_r. reflexivity. }
    enough (H : max_over (sgoals c cp) (fun v_w => sval c s cp hp ep v_w) <= max_over (sgoals c cp) (fun v_w => sval c s' cp hp ep v_w) + 0) by lia.
    apply max_over_mono_k. exact Hle.
  - intros w Ho. unfold wneed. rewrite Hcp. destruct (Nat.eq_dec w w0) as [->|Hne].
    + assert (occ c s w0 = true) by (apply existsb_exists; exists r0; auto). congruence.
    + rewrite (Hheld w Hne). reflexivity.
  - intros H. unfold sdead in *. apply existsb_exists in H as [w [Hw H]]. apply existsb_exists. exists w. split; [exact Hw|].
    cbv beta in H |- *. destruct (Nat.eq_dec w w0) as [->|Hne].
    + exfalso. rewrite Hsp0 in H.
      assert (E : existsb (fun v_r => stat c ep [v_r]) (objs c "rover") = true) by (apply existsb_exists; exists r0; auto).
      rewrite E in H. simpl in H. rewrite !andb_false_r in H. discriminate.
    + rewrite Hcp, (Hheld w Hne), Esp, (proj2 (Nat.eqb_neq w0 w) (not_eq_sym Hne)). exact H.
Qed.

(* ---------- communicate_*: the goal it meets had no distance left ---------- *)

Lemma sum_over_ext_in : forall l f g, (forall x, In x l -> f x = g x) -> sum_over l f = sum_over l g.
Proof. intros l f g H. apply Nat.le_antisymm; apply sum_over_mono; intros x Hx; rewrite (H x Hx); lia. Qed.

Lemma held_eq : forall c s s' hp, s' hp = s hp -> held c s' hp = held c s hp.
Proof. intros c s s' hp H. unfold held. rewrite H. reflexivity. Qed.

Lemma comm_case : forall c s s' cp hp sp ep r0 w0 x0, rovers_wf c -> inv c s ->
  In r0 (objs c "rover") -> In x0 (commw c) ->
  s "at" [r0; x0] = true -> s hp [r0; w0] = true ->
  s' hp = s hp -> s' "at" = s "at" -> s' sp = s sp ->
  (forall w, s' cp [w] = if Nat.eqb w0 w then true else s cp [w]) ->
  mcount c s cp <= mcount c s' cp + 1 /\ acount c s' cp hp = acount c s cp hp /\ smax c s cp hp ep <= smax c s' cp hp ep /\
  (forall w, wneed c s' cp hp w = wneed c s cp hp w) /\ (sdead c s cp hp sp ep = true -> sdead c s' cp hp sp ep = true).
Proof.
  intros c s s' cp hp sp ep r0 w0 x0 Hwf Hi Hr0 Hx0 Hat0 Hh0 Hhp Hat Hsp Ecp.
  pose proof (proj1 (In_filter_l _ _ _ Hx0)) as Hx0w.
  assert (Hheld0 : held c s hp w0 = true) by (apply existsb_exists; exists r0; auto).
  pose proof (held_eq c s s' hp Hhp) as Hheq.
  split; [|split; [|split; [|split]]].
  - unfold mcount. apply (count_over_point _ _ _ w0 (NoDup_filter _ (proj1 Hwf "waypoint"))).
    intros w _ Hne H. rewrite Ecp, (proj2 (Nat.eqb_neq w0 w) (not_eq_sym Hne)). exact H.
  - unfold acount. rewrite Hheq. apply count_over_ext_in. intros w _. destruct (Nat.eq_dec w w0) as [->|Hne].
    + rewrite Hheld0. simpl. rewrite !andb_false_r. reflexivity.
    + rewrite Ecp, (proj2 (Nat.eqb_neq w0 w) (not_eq_sym Hne)). reflexivity.
  - unfold smax.
    enough (H : max_over (sgoals c cp) (fun v_w => sval c s cp hp ep v_w) <= max_over (sgoals c cp) (fun v_w => sval c s' cp hp ep v_w) + 0) by lia.
    apply max_over_mono_k. intros w _. destruct (Nat.eq_dec w w0) as [->|Hne].
    + unfold sval. destruct (s cp [w0]); [lia|]. rewrite Hheld0.
      assert (Hin : In r0 (List.filter (fun v_r => s hp [v_r; w0]) (objs c "rover"))) by (apply filter_In; auto).
      pose proof (min_over_le _ (fun v_r => hterm c s v_r) (dist_cap c "g") r0 Hin) as H1. cbv beta in H1.
      rewrite (hterm_at c s r0 x0 Hi Hr0 Hx0w Hat0), (dcomm_zero c r0 x0 Hwf Hr0 Hx0) in H1. lia.
    + unfold sval, held, hterm, eterm, pos. rewrite Hhp, Hat, Ecp, (proj2 (Nat.eqb_neq w0 w) (not_eq_sym Hne)). lia.
  - intros w. unfold wneed. rewrite Hheq, Ecp. destruct (Nat.eqb_spec w0 w) as [<-|_]; [|reflexivity].
    rewrite Hheld0. simpl. rewrite !andb_false_r. reflexivity.
  - intros H. unfold sdead in *. rewrite Hheq, Hsp. apply existsb_exists in H as [w [Hw H]]. apply existsb_exists.
    exists w. split; [exact Hw|]. cbv beta in H |- *. rewrite Ecp. destruct (Nat.eqb_spec w0 w) as [<-|_]; [|exact H].
    rewrite Hheld0 in H. simpl in H. rewrite !andb_false_r in H. discriminate.
Qed.

Lemma icomm_case : forall c s s' r0 o0 m0 x0, rovers_wf c -> inv c s ->
  In r0 (objs c "rover") -> In o0 (objs c "objective") -> In x0 (commw c) ->
  s "at" [r0; x0] = true -> s "have_image" [r0; o0; m0] = true ->
  s' "have_image" = s "have_image" -> s' "at" = s "at" ->
  (forall o m, s' "communicated_image_data" [o; m] = if andb (Nat.eqb o0 o) (Nat.eqb m0 m) then true else s "communicated_image_data" [o; m]) ->
  mimg c s <= mimg c s' + 1 /\ jimg c s' = jimg c s /\ imax c s <= imax c s' /\ (idead c s = true -> idead c s' = true).
Proof.
  intros c s s' r0 o0 m0 x0 Hwf Hi Hr0 Ho0 Hx0 Hat0 Hh0 Hhi Hat Eci.
  pose proof (proj1 (In_filter_l _ _ _ Hx0)) as Hx0w.
  assert (Hheld0 : iheld c s o0 m0 = true) by (apply existsb_exists; exists r0; auto).
  assert (Hiheq : iheld c s' = iheld c s) by (unfold iheld; rewrite Hhi; reflexivity).
  assert (Hne_pt : forall o m, (o <> o0 \/ m <> m0) -> s' "communicated_image_data" [o; m] = s "communicated_image_data" [o; m]).
  { intros o m H. rewrite Eci. destruct (Nat.eqb_spec o0 o) as [<-|_]; [|reflexivity].
    destruct (Nat.eqb_spec m0 m) as [<-|_]; [destruct H; congruence|reflexivity]. }
  split; [|split; [|split]].
  - unfold mimg. apply (sum_over_point _ _ _ o0 1 (proj1 Hwf "objective")).
    + intros o _ Hne. apply count_over_mono. intros m _ H. rewrite (Hne_pt o m (or_introl Hne)). exact H.
    + apply (count_over_point _ _ _ m0 (NoDup_filter _ (proj1 Hwf "mode"))). intros m _ Hne H.
      rewrite (Hne_pt o0 m (or_intror Hne)). exact H.
  - unfold jimg. apply sum_over_ext_in. intros o _. apply count_over_ext_in. intros m _. unfold ineed. rewrite Hiheq.
    destruct (Nat.eq_dec o o0) as [->|Hne]; [destruct (Nat.eq_dec m m0) as [->|Hne]|].
    + rewrite Hheld0. simpl. rewrite !andb_false_r. reflexivity.
    + rewrite (Hne_pt o0 m (or_intror Hne)). reflexivity.
    + rewrite (Hne_pt o m (or_introl Hne)). reflexivity.
  - unfold imax.
    enough (H : max_over (objs c "objective") (fun v_o => max_over (igoals c v_o) (fun v_m => ival c s v_o v_m))
      <= max_over (objs c "objective") (fun v_o => max_over (igoals c v_o) (fun v_m => ival c s' v_o v_m)) + 0) by lia.
    apply max_over_mono_k. intros o _. apply max_over_mono_k. intros m _.
    assert (Hz : o = o0 -> m = m0 -> ival c s o m = 0).
    { intros -> ->. unfold ival. destruct (s "communicated_image_data" [o0; m0]); [reflexivity|].
      assert (Hin : In r0 (List.filter (fun v_r => s "have_image" [v_r; o0; m0]) (objs c "rover"))) by (apply filter_In; auto).
      pose proof (min_over_le _ (fun v_r => hterm c s v_r) (dist_cap c "g") r0 Hin) as H1. cbv beta in H1.
      rewrite (hterm_at c s r0 x0 Hi Hr0 Hx0w Hat0), (dcomm_zero c r0 x0 Hwf Hr0 Hx0) in H1. lia. }
    destruct (Nat.eq_dec o o0) as [->|Hne]; [destruct (Nat.eq_dec m m0) as [->|Hne]|].
    + rewrite (Hz eq_refl eq_refl). lia.
    + unfold ival, hterm, iterm, pos. rewrite Hhi, Hat, (Hne_pt o0 m (or_intror Hne)). lia.
    + unfold ival, hterm, iterm, pos. rewrite Hhi, Hat, (Hne_pt o m (or_introl Hne)). lia.
  - intros H. unfold idead in *. rewrite Hiheq. apply existsb_exists in H as [o [Ho H]]. apply existsb_exists.
    exists o. split; [exact Ho|]. cbv beta in H |- *. apply existsb_exists in H as [m [Hm H]]. apply existsb_exists.
    exists m. split; [exact Hm|]. cbv beta in H |- *.
    destruct (Nat.eq_dec o o0) as [->|Hne]; [destruct (Nat.eq_dec m m0) as [->|Hne]|].
    + rewrite Hheld0 in H. simpl in H. rewrite !andb_false_r in H. discriminate.
    + rewrite (Hne_pt o0 m (or_intror Hne)). exact H.
    + rewrite (Hne_pt o m (or_introl Hne)). exact H.
Qed.

(* V where the rovers do not move: a communication leaves it (no comm waypoint was needed), a
   sample leaves it (the waypoint it no longer needs has a rover on it). *)
Lemma v_comm : forall c s s' x0, (forall w, occ c s' w = occ c s w) -> (forall w, needw c s' w = needw c s w) ->
  In x0 (commw c) -> occ c s x0 = true -> vterm c s <= vterm c s'.
Proof.
  intros c s s' x0 Ho Hn Hx0 Hocc.
  assert (U : unvis c s' = unvis c s) by (unfold unvis; f_equal; apply count_over_ext_in; intros w _; rewrite Ho, Hn; reflexivity).
  assert (C : commok c s = true) by (apply existsb_exists; exists x0; rewrite Hocc; auto).
  unfold vterm, cneed. rewrite U, C. simpl. rewrite andb_false_r. lia.
Qed.

Lemma v_same : forall c s s', (forall w, occ c s' w = occ c s w) -> (forall w, occ c s w = false -> needw c s' w = needw c s w) ->
  anyunmet c s' = anyunmet c s -> vterm c s' = vterm c s.
Proof.
  intros c s s' Ho Hn Ha.
  assert (P : forall w, orb (occ c s' w) (needw c s' w) = orb (occ c s w) (needw c s w)).
  { intros w. rewrite Ho. destruct (occ c s w) eqn:E; [reflexivity|]. rewrite (Hn w E). reflexivity. }
  assert (U : unvis c s' = unvis c s).
  { unfold unvis. f_equal. apply count_over_ext_in. intros w _. rewrite Ho. destruct (occ c s w) eqn:E; [reflexivity|].
    rewrite (Hn w E). reflexivity. }
  assert (C : commok c s' = commok c s) by (unfold commok; apply existsb_ext_in; intros w _; exact (P w)).
  unfold vterm, cneed. rewrite U, C, Ha. reflexivity.
Qed.

(* ---------- take_image: the new holder stands where its capable value was ---------- *)

Lemma take_case : forall c s s' r0 p o0 cam m0, rovers_wf c -> inv c s ->
  In r0 (objs c "rover") -> In p (objs c "waypoint") -> In cam (objs c "camera") ->
  s "at" [r0; p] = true -> s "calibrated" [cam; r0] = true -> stat c "on_board" [cam; r0] = true ->
  stat c "equipped_for_imaging" [r0] = true -> stat c "supports" [cam; m0] = true -> stat c "visible_from" [o0; p] = true ->
  s' "communicated_image_data" = s "communicated_image_data" -> s' "at" = s "at" ->
  (forall r o m, s' "have_image" [r; o; m] = if andb (Nat.eqb r0 r) (andb (Nat.eqb o0 o) (Nat.eqb m0 m)) then true else s "have_image" [r; o; m]) ->
  (forall x r, s' "calibrated" [x; r] = if andb (Nat.eqb cam x) (Nat.eqb r0 r) then false else s "calibrated" [x; r]) ->
  jimg c s <= jimg c s' + 1 /\ calib c s' + 1 <= calib c s /\ imax c s <= imax c s' /\ (idead c s = true -> idead c s' = true).
Proof.
  intros c s s' r0 p o0 cam m0 Hwf Hi Hr0 Hp Hcam Hat0 Hcal Hob Heq Hsup Hvf Hci Hat Ehi Ecal.
  assert (Hne_pt : forall r o m, (o <> o0 \/ m <> m0) -> s' "have_image" [r; o; m] = s "have_image" [r; o; m]).
  { intros r o m H. rewrite Ehi. destruct (Nat.eqb_spec o0 o) as [<-|_]; [|rewrite andb_false_r; reflexivity].
    destruct (Nat.eqb_spec m0 m) as [<-|_]; [destruct H; congruence|rewrite !andb_false_r; reflexivity]. }
  assert (Hih : forall o m, (o <> o0 \/ m <> m0) -> iheld c s' o m = iheld c s o m).
  { intros o m H. unfold iheld. apply existsb_ext_in. intros r _. exact (Hne_pt r o m H). }
  assert (Hih0 : iheld c s' o0 m0 = true).
  { apply existsb_exists. exists r0. split; [exact Hr0|]. rewrite Ehi, !Nat.eqb_refl. reflexivity. }
  assert (Hin : forall o m, (o <> o0 \/ m <> m0) -> ineed c s' o m = ineed c s o m).
  { intros o m H. unfold ineed. rewrite Hci, (Hih o m H). reflexivity. }
  assert (Hcamm : camm c r0 m0 = true).
  { apply existsb_exists. exists cam. split; [apply filter_In; auto|exact Hsup]. }
  split; [|split; [|split]].
  - unfold jimg. apply (sum_over_point _ _ _ o0 1 (proj1 Hwf "objective")).
    + intros o _ Hne. apply count_over_mono. intros m _ H. rewrite (Hin o m (or_introl Hne)). exact H.
    + apply (count_over_point _ _ _ m0 (NoDup_filter _ (proj1 Hwf "mode"))). intros m _ Hne H.
      rewrite (Hin o0 m (or_intror Hne)). exact H.
  - unfold calib. apply (sum_over_point_drop _ _ _ cam 1 (proj1 Hwf "camera") Hcam).
    + intros x _ _. apply count_over_mono. intros r _ H. rewrite Ecal in H. destruct (andb _ _); [discriminate|exact H].
    + apply (count_over_point_drop _ _ _ r0 (NoDup_filter _ (proj1 Hwf "rover"))).
      * apply filter_In. auto.
      * exact Hcal.
      * rewrite Ecal, !Nat.eqb_refl. reflexivity.
      * intros r _ Hne H. rewrite Ecal, (proj2 (Nat.eqb_neq r0 r) (not_eq_sym Hne)), andb_false_r in H. exact H.
  - unfold imax.
    enough (H : max_over (objs c "objective") (fun v_o => max_over (igoals c v_o) (fun v_m => ival c s v_o v_m))
      <= max_over (objs c "objective") (fun v_o => max_over (igoals c v_o) (fun v_m => ival c s' v_o v_m)) + 0) by lia.
    assert (Hit : iterm c s' = iterm c s) by (unfold iterm, pos; rewrite Hat; reflexivity).
    assert (Hht : hterm c s' = hterm c s) by (unfold hterm, pos; rewrite Hat; reflexivity).
    apply max_over_mono_k. intros o _. apply max_over_mono_k. intros m _.
    destruct (Nat.eq_dec o o0) as [->|Hne]; [destruct (Nat.eq_dec m m0) as [->|Hne]|].
    + unfold ival. rewrite Hci, Hit, Hht. destruct (s "communicated_image_data" [o0; m0]); [lia|].
      assert (Hd : dcomm c r0 p = hterm c s r0) by (symmetry; exact (hterm_at c s r0 p Hi Hr0 Hp Hat0)).
      assert (HI : min_over (List.filter (fun v_r => stat c "equipped_for_imaging" [v_r]) (objs c "rover")) (fun v_r => iterm c s o0 m0 v_r) (dist_cap c "g")
        <= dcomm c r0 p).
      { assert (H1 : In r0 (List.filter (fun v_r => stat c "equipped_for_imaging" [v_r]) (objs c "rover"))) by (apply filter_In; auto).
        pose proof (min_over_le _ (fun v_r => iterm c s o0 m0 v_r) (dist_cap c "g") r0 H1) as H2. cbv beta in H2.
        unfold iterm at 2 in H2. rewrite Hcamm in H2. destruct (pos_one c s r0 p Hi Hr0 Hp Hat0) as [Q1 Q2].
        rewrite (min_one _ p _ _ Q1 Q2) in H2.
        assert (H3 : In p (vis c o0)) by (apply filter_In; auto).
        pose proof (min_over_le _ (fun v_q => dist_by c "g" r0 p v_q + (dcomm c r0 v_q + 0)) (dist_cap c "g") p H3) as H4.
        cbv beta in H4.
        destruct (proj1 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 (proj2 Hwf))))))))))))
          r0 p Hr0 Hp) as [D _]. lia. }
      assert (HH : Nat.min (min_over (List.filter (fun v_r => s "have_image" [v_r; o0; m0]) (objs c "rover")) (fun v_r => hterm c s v_r) (dist_cap c "g"))
          (min_over (List.filter (fun v_r => stat c "equipped_for_imaging" [v_r]) (objs c "rover")) (fun v_r => iterm c s o0 m0 v_r) (dist_cap c "g"))
        <= min_over (List.filter (fun v_r => s' "have_image" [v_r; o0; m0]) (objs c "rover")) (fun v_r => hterm c s v_r) (dist_cap c "g")).
      { apply min_over_ge.
        - intros y Hy. apply filter_In in Hy as [Hy Hy']. rewrite Ehi, !Nat.eqb_refl, !andb_true_r in Hy'.
          destruct (Nat.eqb_spec r0 y) as [<-|_]; [lia|].
          assert (H1 : In y (List.filter (fun v_r => s "have_image" [v_r; o0; m0]) (objs c "rover"))) by (apply filter_In; auto).
          pose proof (min_over_le _ (fun v_r => hterm c s v_r) (dist_cap c "g") y H1). cbv beta in *. lia.
        - assert (min_over (List.filter (fun v_r => s "have_image" [v_r; o0; m0]) (objs c "rover")) (fun v_r => hterm c s v_r) (dist_cap c "g") <= dist_cap c "g").
          { apply min_over_le_default. intros r Hr. apply In_filter_l in Hr as [Hr _]. exact (hterm_cap c s r Hwf Hr). }
          lia. }
      lia.
    + unfold ival. rewrite Hci, Hit, Hht.
      rewrite (filter_ext_in' (objs c "rover") (fun v_r => s' "have_image" [v_r; o0; m]) (fun v_r => s "have_image" [v_r; o0; m]));
        [lia|intros r _; exact (Hne_pt r o0 m (or_intror Hne))].
    + unfold ival. rewrite Hci, Hit, Hht.
      rewrite (filter_ext_in' (objs c "rover") (fun v_r => s' "have_image" [v_r; o; m]) (fun v_r => s "have_image" [v_r; o; m]));
        [lia|intros r _; exact (Hne_pt r o m (or_introl Hne))].
  - intros H. unfold idead in *. apply existsb_exists in H as [o [Ho H]]. apply existsb_exists.
    exists o. split; [exact Ho|]. cbv beta in H |- *. apply existsb_exists in H as [m [Hm H]]. apply existsb_exists.
    exists m. split; [exact Hm|]. cbv beta in H |- *. rewrite Hci.
    destruct (Nat.eq_dec o o0) as [->|Hne]; [destruct (Nat.eq_dec m m0) as [->|Hne]|].
    + exfalso.
      assert (E : existsb (fun v_r => camm c v_r m0) (List.filter (fun v_r => stat c "equipped_for_imaging" [v_r]) (objs c "rover")) = true)
        by (apply existsb_exists; exists r0; split; [apply filter_In; auto|exact Hcamm]).
      rewrite E in H. simpl in H. rewrite !andb_false_r in H. discriminate.
    + rewrite (Hih o0 m (or_intror Hne)). exact H.
    + rewrite (Hih o m (or_introl Hne)). exact H.
Qed.

(* ---------- One transition ---------- *)

Lemma wneed_frame : forall c s s' cp hp w, s' cp = s cp -> s' hp = s hp -> wneed c s' cp hp w = wneed c s cp hp w.
Proof. intros c s s' cp hp w H1 H2. unfold wneed, held. rewrite H1, H2. reflexivity. Qed.
Lemma occ_frame : forall c s s' w, s' "at" = s "at" -> occ c s' w = occ c s w.
Proof. intros c s s' w H. unfold occ. rewrite H. reflexivity. Qed.
Lemma anyunmet_frame : forall c s s', s' "communicated_soil_data" = s "communicated_soil_data" ->
  s' "communicated_rock_data" = s "communicated_rock_data" -> s' "communicated_image_data" = s "communicated_image_data" ->
  anyunmet c s' = anyunmet c s.
Proof. intros c s s' H1 H2 H3. unfold anyunmet. rewrite H1, H2, H3. reflexivity. Qed.

Lemma dead_follow : forall c s s',
  (sdead c s "communicated_soil_data" "have_soil_analysis" "at_soil_sample" "equipped_for_soil_analysis" = true ->
   sdead c s' "communicated_soil_data" "have_soil_analysis" "at_soil_sample" "equipped_for_soil_analysis" = true) ->
  (sdead c s "communicated_rock_data" "have_rock_analysis" "at_rock_sample" "equipped_for_rock_analysis" = true ->
   sdead c s' "communicated_rock_data" "have_rock_analysis" "at_rock_sample" "equipped_for_rock_analysis" = true) ->
  (idead c s = true -> idead c s' = true) -> dead c s = true -> dead c s' = true.
Proof.
  intros c s s' H1 H2 H3 H. unfold dead in *. rewrite !orb_true_iff in H |- *.
  destruct H as [H|[H|[H|H]]]; [left; auto|right; left; auto|right; right; left; auto|discriminate].
Qed.

Ltac slices s s' Es :=
  try (assert (E_at : s' "at" = s "at") by (rewrite Es; reflexivity));
  try (assert (E_cS : s' "communicated_soil_data" = s "communicated_soil_data") by (rewrite Es; reflexivity));
  try (assert (E_hS : s' "have_soil_analysis" = s "have_soil_analysis") by (rewrite Es; reflexivity));
  try (assert (E_sS : s' "at_soil_sample" = s "at_soil_sample") by (rewrite Es; reflexivity));
  try (assert (E_cR : s' "communicated_rock_data" = s "communicated_rock_data") by (rewrite Es; reflexivity));
  try (assert (E_hR : s' "have_rock_analysis" = s "have_rock_analysis") by (rewrite Es; reflexivity));
  try (assert (E_sR : s' "at_rock_sample" = s "at_rock_sample") by (rewrite Es; reflexivity));
  try (assert (E_cI : s' "communicated_image_data" = s "communicated_image_data") by (rewrite Es; reflexivity));
  try (assert (E_hI : s' "have_image" = s "have_image") by (rewrite Es; reflexivity));
  try (assert (E_cal : s' "calibrated" = s "calibrated") by (rewrite Es; reflexivity));
  try (assert (E_emp : s' "empty" = s "empty") by (rewrite Es; reflexivity)).

Ltac frames c s s' :=
  try pose proof (mcount_frame c s s' "communicated_soil_data" ltac:(assumption)) as F1;
  try pose proof (mcount_frame c s s' "communicated_rock_data" ltac:(assumption)) as F2;
  try pose proof (mimg_frame c s s' ltac:(assumption)) as F3;
  try pose proof (acount_frame c s s' "communicated_soil_data" "have_soil_analysis" ltac:(assumption) ltac:(assumption)) as F4;
  try pose proof (acount_frame c s s' "communicated_rock_data" "have_rock_analysis" ltac:(assumption) ltac:(assumption)) as F5;
  try pose proof (jimg_frame c s s' ltac:(assumption) ltac:(assumption)) as F6;
  try pose proof (calib_frame c s s' ltac:(assumption)) as F7;
  try pose proof (empties_frame c s s' ltac:(assumption)) as F8;
  try pose proof (smax_frame c s s' "communicated_soil_data" "have_soil_analysis" "equipped_for_soil_analysis" ltac:(assumption) ltac:(assumption) ltac:(assumption)) as F9;
  try pose proof (smax_frame c s s' "communicated_rock_data" "have_rock_analysis" "equipped_for_rock_analysis" ltac:(assumption) ltac:(assumption) ltac:(assumption)) as F10;
  try pose proof (imax_frame c s s' ltac:(assumption) ltac:(assumption) ltac:(assumption)) as F11;
  try pose proof (vterm_frame c s s' ltac:(assumption) ltac:(assumption) ltac:(assumption) ltac:(assumption) ltac:(assumption) ltac:(assumption)) as F12;
  try pose proof (sdead_frame c s s' "communicated_soil_data" "have_soil_analysis" "at_soil_sample" "equipped_for_soil_analysis" ltac:(assumption) ltac:(assumption) ltac:(assumption)) as F13;
  try pose proof (sdead_frame c s s' "communicated_rock_data" "have_rock_analysis" "at_rock_sample" "equipped_for_rock_analysis" ltac:(assumption) ltac:(assumption) ltac:(assumption)) as F14;
  try pose proof (idead_frame c s s' ltac:(assumption) ltac:(assumption)) as F15.

Lemma max3_mono : forall a b d a' b' d' k, a <= a' + k -> b <= b' + k -> d <= d' + k ->
  Nat.max a (Nat.max b (Nat.max d 0)) <= Nat.max a' (Nat.max b' (Nat.max d' 0)) + k.
Proof. intros. lia. Qed.
Lemma max2_mono : forall a b a' b' k, a <= a' + k -> b <= b' + k -> Nat.max a (Nat.max b 0) <= Nat.max a' (Nat.max b' 0) + k.
Proof. intros. lia. Qed.

(* The value with its maximum abstracted: lia then splits only on the two truncated differences. *)
Ltac vlia c s s' HN HV :=
  pose proof (max2_mono _ _ _ _ _ HN HV) as HX; unfold value; revert HX;
  generalize (Nat.max (nterm c s) (Nat.max (vterm c s) 0)); generalize (Nat.max (nterm c s') (Nat.max (vterm c s') 0));
  intros; lia.

Lemma step_bound : forall c s o s', rovers_wf c -> inv c s -> strips_step c rovers_schemas s o s' ->
  value c s <= 1 + value c s' /\ (dead c s = true -> dead c s' = true).
Proof.
  intros c s [sch xs] s' Hwf Hi Hs.
  pose proof (to_stat c s Hwf Hi) as [C1 [C2 [C3 [C4 [C5 [C6 [C7 [C8 C9]]]]]]]].
  pose proof Hi as [_ [_ [_ [_ [_ [_ [_ [_ [_ [_ [Isoil Irock]]]]]]]]]]].
  step_cases Hs; slices s s' Es; frames c s s'.
  - (* navigate *)
    assert (Eat : forall r p, s' "at" [r; p] = if andb (Nat.eqb x0 r) (Nat.eqb x2 p) then true
      else if andb (Nat.eqb x0 r) (Nat.eqb x1 p) then false else s "at" [r; p]) by pt Es.
    assert (Hfr : forall q, q <> "at" -> s' q = s q) by frame_tac Es.
    assert (HNV : nterm c s <= nterm c s' + 1 /\ vterm c s <= vterm c s' + 1).
    { apply (nav_case c s s' x0 x1 x2); try assumption. rewrite <- C1. assumption. }
    destruct HNV as [HN HV]. split; [vlia c s s' HN HV|].
    apply dead_follow; intros H; [rewrite F13|rewrite F14|rewrite F15]; exact H.
  - (* sample_soil *)
    assert (Eh : forall r w, s' "have_soil_analysis" [r; w] = if andb (Nat.eqb x0 r) (Nat.eqb x2 w) then true else s "have_soil_analysis" [r; w]) by pt Es.
    assert (Esp : forall w, s' "at_soil_sample" [w] = if Nat.eqb x2 w then false else s "at_soil_sample" [w]) by pt Es.
    assert (Eem : forall y, s' "empty" [y] = if Nat.eqb x1 y then false else s "empty" [y]) by pt Es.
    assert (Hsc := sample_case c s s' "communicated_soil_data" "have_soil_analysis" "at_soil_sample" "equipped_for_soil_analysis" x0 x2
      Hwf Hi Isoil ltac:(assumption) ltac:(assumption) ltac:(assumption) ltac:(assumption) ltac:(rewrite <- C5; assumption)
      E_cS E_at Eh Esp).
    destruct Hsc as [HA [HS [HW HD]]].
    assert (HE : empties c s' + 1 <= empties c s).
    { unfold empties. apply (count_over_point_drop _ _ _ x1 (proj1 Hwf "store")); try assumption.
      - rewrite Eem, Nat.eqb_refl. reflexivity.
      - intros y _ Hne H. rewrite Eem, (proj2 (Nat.eqb_neq x1 y) (not_eq_sym Hne)) in H. exact H. }
    assert (HV : vterm c s' = vterm c s).
    { apply v_same; [intros w; exact (occ_frame c s s' w E_at)| |exact (anyunmet_frame c s s' E_cS E_cR E_cI)].
      intros w Ho. unfold needw. rewrite (HW w Ho), (wneed_frame c s s' _ _ w E_cR E_hR). reflexivity. }
    assert (HN : nterm c s <= nterm c s' + 0) by (unfold nterm; apply max3_mono; lia).
    assert (HV' : vterm c s <= vterm c s' + 0) by lia.
    split; [vlia c s s' HN HV'|].
    apply dead_follow; [exact HD|intros H; rewrite F14; exact H|intros H; rewrite F15; exact H].
  - (* sample_rock *)
    assert (Eh : forall r w, s' "have_rock_analysis" [r; w] = if andb (Nat.eqb x0 r) (Nat.eqb x2 w) then true else s "have_rock_analysis" [r; w]) by pt Es.
    assert (Esp : forall w, s' "at_rock_sample" [w] = if Nat.eqb x2 w then false else s "at_rock_sample" [w]) by pt Es.
    assert (Eem : forall y, s' "empty" [y] = if Nat.eqb x1 y then false else s "empty" [y]) by pt Es.
    assert (Hsc := sample_case c s s' "communicated_rock_data" "have_rock_analysis" "at_rock_sample" "equipped_for_rock_analysis" x0 x2
      Hwf Hi Irock ltac:(assumption) ltac:(assumption) ltac:(assumption) ltac:(assumption) ltac:(rewrite <- C6; assumption)
      E_cR E_at Eh Esp).
    destruct Hsc as [HA [HS [HW HD]]].
    assert (HE : empties c s' + 1 <= empties c s).
    { unfold empties. apply (count_over_point_drop _ _ _ x1 (proj1 Hwf "store")); try assumption.
      - rewrite Eem, Nat.eqb_refl. reflexivity.
      - intros y _ Hne H. rewrite Eem, (proj2 (Nat.eqb_neq x1 y) (not_eq_sym Hne)) in H. exact H. }
    assert (HV : vterm c s' = vterm c s).
    { apply v_same; [intros w; exact (occ_frame c s s' w E_at)| |exact (anyunmet_frame c s s' E_cS E_cR E_cI)].
      intros w Ho. unfold needw. rewrite (HW w Ho), (wneed_frame c s s' _ _ w E_cS E_hS). reflexivity. }
    assert (HN : nterm c s <= nterm c s' + 0) by (unfold nterm; apply max3_mono; lia).
    assert (HV' : vterm c s <= vterm c s' + 0) by lia.
    split; [vlia c s s' HN HV'|].
    apply dead_follow; [intros H; rewrite F13; exact H|exact HD|intros H; rewrite F15; exact H].
  - (* drop *)
    assert (Eem : forall y, s' "empty" [y] = if Nat.eqb x1 y then true else s "empty" [y]) by pt Es.
    assert (HE : empties c s' <= empties c s + 1).
    { unfold empties. apply (count_over_point _ _ _ x1 (proj1 Hwf "store")).
      intros y _ Hne H. rewrite Eem, (proj2 (Nat.eqb_neq x1 y) (not_eq_sym Hne)) in H. exact H. }
    assert (HN : nterm c s <= nterm c s' + 0) by (unfold nterm; apply max3_mono; lia).
    assert (HV' : vterm c s <= vterm c s' + 0) by lia.
    split; [vlia c s s' HN HV'|].
    apply dead_follow; intros H; [rewrite F13|rewrite F14|rewrite F15]; exact H.
  - (* calibrate *)
    assert (Ecal : forall x r, s' "calibrated" [x; r] = if andb (Nat.eqb x1 x) (Nat.eqb x0 r) then true else s "calibrated" [x; r]) by pt Es.
    assert (HC : calib c s' <= calib c s + 1).
    { unfold calib. apply (sum_over_point _ _ _ x1 1 (proj1 Hwf "camera")).
      - intros x _ Hne. apply count_over_mono. intros r _ H.
        rewrite Ecal, (proj2 (Nat.eqb_neq x1 x) (not_eq_sym Hne)) in H. exact H.
      - apply (count_over_point _ _ _ x0 (NoDup_filter _ (proj1 Hwf "rover"))). intros r _ Hne H.
        rewrite Ecal, Nat.eqb_refl, (proj2 (Nat.eqb_neq x0 r) (not_eq_sym Hne)) in H. exact H. }
    assert (HN : nterm c s <= nterm c s' + 0) by (unfold nterm; apply max3_mono; lia).
    assert (HV' : vterm c s <= vterm c s' + 0) by lia.
    split; [vlia c s s' HN HV'|].
    apply dead_follow; intros H; [rewrite F13|rewrite F14|rewrite F15]; exact H.
  - (* take_image *)
    assert (Ehi : forall r o m, s' "have_image" [r; o; m] = if andb (Nat.eqb x0 r) (andb (Nat.eqb x2 o) (Nat.eqb x4 m)) then true else s "have_image" [r; o; m]) by pt Es.
    assert (Ecal : forall x r, s' "calibrated" [x; r] = if andb (Nat.eqb x3 x) (Nat.eqb x0 r) then false else s "calibrated" [x; r]) by pt Es.
    assert (Htc := take_case c s s' x0 x1 x2 x3 x4 Hwf Hi ltac:(assumption) ltac:(assumption) ltac:(assumption)
      ltac:(assumption) ltac:(assumption) ltac:(rewrite <- C8; assumption) ltac:(rewrite <- C7; assumption)
      ltac:(rewrite <- C9; assumption) ltac:(rewrite <- C3; assumption) E_cI E_at Ehi Ecal).
    destruct Htc as [HJ [HC [HI HD]]].
    assert (HN : nterm c s <= nterm c s' + 0) by (unfold nterm; apply max3_mono; lia).
    assert (HV' : vterm c s <= vterm c s' + 0) by lia.
    split; [vlia c s s' HN HV'|].
    apply dead_follow; [intros H; rewrite F13; exact H|intros H; rewrite F14; exact H|exact HD].
  - (* communicate_soil_data *)
    assert (Ecs : forall w, s' "communicated_soil_data" [w] = if Nat.eqb x2 w then true else s "communicated_soil_data" [w]) by pt Es.
    assert (Hx3 : In x3 (commw c)).
    { apply (commw_in c x3 x1 x4); try assumption; [rewrite <- C4|rewrite <- C2]; assumption. }
    assert (Hcc := comm_case c s s' "communicated_soil_data" "have_soil_analysis" "at_soil_sample" "equipped_for_soil_analysis" x0 x2 x3
      Hwf Hi ltac:(assumption) Hx3 ltac:(assumption) ltac:(assumption) E_hS E_at E_sS Ecs).
    destruct Hcc as [HM [HA [HS [HW HD]]]].
    assert (HV : vterm c s <= vterm c s').
    { apply (v_comm c s s' x3); [intros w; exact (occ_frame c s s' w E_at)| |exact Hx3|].
      - intros w. unfold needw. rewrite (HW w), (wneed_frame c s s' _ _ w E_cR E_hR). reflexivity.
      - apply existsb_exists. exists x0. split; assumption. }
    assert (HN : nterm c s <= nterm c s' + 0) by (unfold nterm; apply max3_mono; lia).
    assert (HV' : vterm c s <= vterm c s' + 0) by lia.
    split; [vlia c s s' HN HV'|].
    apply dead_follow; [exact HD|intros H; rewrite F14; exact H|intros H; rewrite F15; exact H].
  - (* communicate_rock_data *)
    assert (Ecs : forall w, s' "communicated_rock_data" [w] = if Nat.eqb x2 w then true else s "communicated_rock_data" [w]) by pt Es.
    assert (Hx3 : In x3 (commw c)).
    { apply (commw_in c x3 x1 x4); try assumption; [rewrite <- C4|rewrite <- C2]; assumption. }
    assert (Hcc := comm_case c s s' "communicated_rock_data" "have_rock_analysis" "at_rock_sample" "equipped_for_rock_analysis" x0 x2 x3
      Hwf Hi ltac:(assumption) Hx3 ltac:(assumption) ltac:(assumption) E_hR E_at E_sR Ecs).
    destruct Hcc as [HM [HA [HS [HW HD]]]].
    assert (HV : vterm c s <= vterm c s').
    { apply (v_comm c s s' x3); [intros w; exact (occ_frame c s s' w E_at)| |exact Hx3|].
      - intros w. unfold needw. rewrite (HW w), (wneed_frame c s s' _ _ w E_cS E_hS). reflexivity.
      - apply existsb_exists. exists x0. split; assumption. }
    assert (HN : nterm c s <= nterm c s' + 0) by (unfold nterm; apply max3_mono; lia).
    assert (HV' : vterm c s <= vterm c s' + 0) by lia.
    split; [vlia c s s' HN HV'|].
    apply dead_follow; [intros H; rewrite F13; exact H|exact HD|intros H; rewrite F15; exact H].
  - (* communicate_image_data *)
    assert (Eci : forall o m, s' "communicated_image_data" [o; m] = if andb (Nat.eqb x2 o) (Nat.eqb x3 m) then true else s "communicated_image_data" [o; m]) by pt Es.
    assert (Hx4 : In x4 (commw c)).
    { apply (commw_in c x4 x1 x5); try assumption; [rewrite <- C4|rewrite <- C2]; assumption. }
    assert (Hic := icomm_case c s s' x0 x2 x3 x4 Hwf Hi ltac:(assumption) ltac:(assumption) Hx4 ltac:(assumption) ltac:(assumption)
      E_hI E_at Eci).
    destruct Hic as [HM [HJ [HI HD]]].
    assert (HV : vterm c s <= vterm c s').
    { apply (v_comm c s s' x4); [intros w; exact (occ_frame c s s' w E_at)| |exact Hx4|].
      - intros w. unfold needw. rewrite (wneed_frame c s s' _ _ w E_cS E_hS), (wneed_frame c s s' _ _ w E_cR E_hR). reflexivity.
      - apply existsb_exists. exists x0. split; assumption. }
    assert (HN : nterm c s <= nterm c s' + 0) by (unfold nterm; apply max3_mono; lia).
    assert (HV' : vterm c s <= vterm c s' + 0) by lia.
    split; [vlia c s s' HN HV'|].
    apply dead_follow; [intros H; rewrite F13; exact H|intros H; rewrite F14; exact H|exact HD].
Qed.

(* ---------- Goal states ---------- *)

Lemma met_zero : forall c s, strips_goal c s -> value c s = 0 /\ dead c s = false.
Proof.
  intros c s Hg.
  assert (GS : forall cp w, In w (sgoals c cp) -> s cp [w] = true)
    by (intros cp w Hw; apply Hg; exact (proj2 (In_filter_l _ _ _ Hw))).
  assert (GI : forall o m, In m (igoals c o) -> s "communicated_image_data" [o; m] = true)
    by (intros o m Hm; apply Hg; exact (proj2 (In_filter_l _ _ _ Hm))).
  assert (M : forall cp, mcount c s cp = 0)
    by (intros cp; apply count_over_zero; intros w Hw; rewrite (GS cp w Hw); reflexivity).
  assert (A : forall cp hp, acount c s cp hp = 0)
    by (intros cp hp; apply count_over_zero; intros w Hw; rewrite (GS cp w Hw); reflexivity).
  assert (MI : mimg c s = 0)
    by (apply sum_over_zero; intros o _; apply count_over_zero; intros m Hm; rewrite (GI o m Hm); reflexivity).
  assert (J : jimg c s = 0)
    by (apply sum_over_zero; intros o _; apply count_over_zero; intros m Hm; unfold ineed; rewrite (GI o m Hm); reflexivity).
  assert (SM : forall cp hp ep, smax c s cp hp ep = 0).
  { intros cp hp ep. apply Nat.le_0_r. apply max_over_le. intros w Hw. unfold sval. rewrite (GS cp w Hw). lia. }
  assert (IM : imax c s = 0).
  { apply Nat.le_0_r. apply max_over_le. intros o _. apply max_over_le. intros m Hm. unfold ival. rewrite (GI o m Hm). lia. }
  assert (N : nterm c s = 0) by (unfold nterm; rewrite !SM, IM; reflexivity).
  assert (WN : forall cp hp w, wneed c s cp hp w = false).
  { intros cp hp w. unfold wneed. destruct (goal c cp [w]) eqn:G; [|reflexivity]. rewrite (Hg _ _ G). reflexivity. }
  assert (U : unvis c s = 0).
  { unfold unvis. rewrite Nat.add_0_r. apply count_over_zero. intros w _. unfold needw. rewrite !WN. simpl. apply andb_false_r. }
  assert (AU : anyunmet c s = false).
  { unfold anyunmet. rewrite !(existsb_false_in (sgoals c _)); [| intros w Hw; rewrite (GS _ w Hw); reflexivity
      | intros w Hw; rewrite (GS _ w Hw); reflexivity].
    rewrite existsb_false_in; [reflexivity|]. intros o _. apply existsb_false_in. intros m Hm. rewrite (GI o m Hm). reflexivity. }
  assert (V : vterm c s = 0) by (unfold vterm, cneed; rewrite U, AU; reflexivity).
  split.
  - unfold value. rewrite !M, !A, MI, J, N, V. reflexivity.
  - unfold dead, sdead, idead. rewrite !(existsb_false_in (sgoals c _)); [| intros w Hw; rewrite (GS _ w Hw); reflexivity
      | intros w Hw; rewrite (GS _ w Hw); reflexivity].
    rewrite existsb_false_in; [reflexivity|]. intros o _. apply existsb_false_in. intros m Hm. rewrite (GI o m Hm). reflexivity.
Qed.

(* ---------- The theorems ---------- *)

Theorem rovers_goal_aware : forall c : Ctx, rovers_wf c -> rovers_certificate c = true ->
  goal_aware State Op (strips_step c rovers_schemas) (init c) (strips_goal c) (fun s => rovers_h (at_state c s)).
Proof.
  intros c Hwf Hcert s Hr Hg. rewrite h_eq. destruct (met_zero c s Hg) as [V D]. rewrite D, V. reflexivity.
Qed.

Theorem rovers_consistent : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  rovers_wf c -> rovers_certificate c = true ->
  consistent State Op (strips_step c rovers_schemas) cost (init c) (fun s => rovers_h (at_state c s)).
Proof.
  intros c cost Hcost Hwf Hcert s o s' Hr Hs. rewrite !h_eq.
  destruct (step_bound c s o s' Hwf (inv_reachable c s Hwf Hcert Hr) Hs) as [Hv Hdead].
  specialize (Hcost o).
  destruct (dead c s') eqn:E'; destruct (dead c s) eqn:E; try exact I.
  - (* a flagged state leads only to flagged states *)
    specialize (Hdead eq_refl). discriminate.
  - change (value c s <= cost o + value c s'). lia.
Qed.

Theorem rovers_admissible : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  rovers_wf c -> rovers_certificate c = true ->
  forall s k, reachable State Op (strips_step c rovers_schemas) (init c) s ->
  plan State Op (strips_step c rovers_schemas) cost (strips_goal c) s k ->
  le_opt (rovers_h (at_state c s)) k.
Proof.
  intros c cost Hcost Hwf Hcert s k Hr Hp.
  exact (admissible_on_reachable State Op (strips_step c rovers_schemas) cost (strips_goal c) (init c)
    (fun s => rovers_h (at_state c s)) (rovers_goal_aware c Hwf Hcert) (rovers_consistent c cost Hcost Hwf Hcert)
    s k Hr Hp).
Qed.

Print Assumptions rovers_goal_aware.
Print Assumptions rovers_consistent.
Print Assumptions rovers_admissible.
