(* Counting over object lists: the general lemmas the per-domain proofs share (sums and counts
   over duplicate-free object lists, point updates, existsb/filter congruences, typing of one
   parameter). About the folds printed in Heuristics.v (sum_over, count_over, max_over,
   min_over); nothing here is specific to a domain. No axioms. *)

From DHeur Require Import Heuristics.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

Definition b2n (b : bool) : nat := if b then 1 else 0.

(* ---------- Sums ---------- *)

Lemma sum_over_mono : forall l f g, (forall x, In x l -> f x <= g x) -> sum_over l f <= sum_over l g.
Proof.
  induction l as [|y l IH]; intros f g H; simpl; [lia|].
  specialize (IH f g (fun x Hx => H x (or_intror Hx))). specialize (H y (or_introl eq_refl)). lia.
Qed.

(* A sum changes by at most k where its terms change at one element a of a duplicate-free list. *)
Lemma sum_over_point : forall l f g a k, NoDup l ->
  (forall x, In x l -> x <> a -> f x <= g x) -> f a <= g a + k -> sum_over l f <= sum_over l g + k.
Proof.
  induction l as [|y l IH]; intros f g a k Hnd H Ha; simpl; [lia|].
  inversion Hnd as [|y' l' Hy Hnd']; subst.
  destruct (Nat.eq_dec y a) as [->|Hne].
  - assert (sum_over l f <= sum_over l g).
    { apply sum_over_mono. intros x Hx. apply H; [right; exact Hx|]. intros ->. contradiction. }
    lia.
  - assert (f y <= g y) by (apply H; [left; reflexivity|exact Hne]).
    assert (sum_over l f <= sum_over l g + k).
    { apply (IH f g a k Hnd'); [intros x Hx Hxa; apply H; [right; exact Hx|exact Hxa]|exact Ha]. }
    lia.
Qed.

(* The same where the term at a, a member, drops by k: the sum drops by k. *)
Lemma sum_over_point_drop : forall l f g a k, NoDup l -> In a l ->
  (forall x, In x l -> x <> a -> g x <= f x) -> g a + k <= f a -> sum_over l g + k <= sum_over l f.
Proof.
  induction l as [|y l IH]; intros f g a k Hnd Ha H Hk; [destruct Ha|]. simpl.
  inversion Hnd as [|y' l' Hy Hnd']; subst.
  destruct Ha as [->|Ha].
  - assert (sum_over l g <= sum_over l f).
    { apply sum_over_mono. intros x Hx. apply H; [right; exact Hx|]. intros ->. contradiction. }
    lia.
  - assert (Hne : y <> a) by (intros ->; contradiction).
    assert (g y <= f y) by (apply H; [left; reflexivity|exact Hne]).
    assert (sum_over l g + k <= sum_over l f).
    { apply (IH f g a k Hnd' Ha); [intros x Hx Hxa; apply H; [right; exact Hx|exact Hxa]|exact Hk]. }
    lia.
Qed.

Lemma sum_over_zero : forall l f, (forall x, In x l -> f x = 0) -> sum_over l f = 0.
Proof.
  induction l as [|y l IH]; intros f H; simpl; [reflexivity|].
  rewrite (H y (or_introl eq_refl)), (IH f (fun x Hx => H x (or_intror Hx))). reflexivity.
Qed.

Lemma sum_over_le1 : forall (l : list nat) f g, List.length l <= 1 -> (forall x, In x l -> f x <= g x + 1) ->
  sum_over l f <= sum_over l g + 1.
Proof.
  intros [|x [|y l]] f g Hl H; simpl in *; [lia| |lia].
  specialize (H x (or_introl eq_refl)). lia.
Qed.

(* ---------- Counts ---------- *)

Lemma count_over_sum : forall l p, count_over l p = sum_over l (fun x => b2n (p x)).
Proof.
  unfold count_over. induction l as [|y l IH]; intros p; simpl; [reflexivity|].
  destruct (p y); simpl; rewrite IH; reflexivity.
Qed.

Lemma count_over_mono : forall l p q, (forall x, In x l -> p x = true -> q x = true) ->
  count_over l p <= count_over l q.
Proof.
  intros l p q H. rewrite !count_over_sum. apply sum_over_mono. intros x Hx. unfold b2n.
  specialize (H x Hx). destruct (p x), (q x); auto. discriminate (H eq_refl).
Qed.

Lemma count_over_zero : forall l p, (forall x, In x l -> p x = false) -> count_over l p = 0.
Proof.
  unfold count_over. induction l as [|y l IH]; intros p H; simpl; [reflexivity|].
  rewrite (H y (or_introl eq_refl)). apply IH. intros x Hx. apply H. right. exact Hx.
Qed.

Lemma count_over_pos : forall l p x, In x l -> p x = true -> 1 <= count_over l p.
Proof.
  intros l p x Hx Hp. unfold count_over. destruct (filter p l) eqn:E; simpl; [|lia].
  assert (In x (filter p l)) by (apply filter_In; auto). rewrite E in H. destruct H.
Qed.

(* A count of at most 1 over a duplicate-free list: two members that pass are the same. *)
Lemma count_over_le1 : forall l p x y, NoDup l -> count_over l p <= 1 ->
  In x l -> In y l -> p x = true -> p y = true -> x = y.
Proof.
  unfold count_over. induction l as [|z l IH]; intros p x y Hnd Hc Hx Hy Hpx Hpy; [destruct Hx|].
  inversion Hnd as [|z' l' Hz Hnd']; subst. simpl in Hc.
  assert (Hin : forall w, In w l -> p w = true -> In w (filter p l)) by (intros; apply filter_In; auto).
  destruct Hx as [<-|Hx], Hy as [<-|Hy]; auto.
  - rewrite Hpx in Hc. simpl in Hc. specialize (Hin y Hy Hpy).
    destruct (filter p l); [destruct Hin|]. simpl in Hc. lia.
  - rewrite Hpy in Hc. simpl in Hc. specialize (Hin x Hx Hpx).
    destruct (filter p l); [destruct Hin|]. simpl in Hc. lia.
  - apply (IH p x y Hnd'); auto. destruct (p z); simpl in Hc; lia.
Qed.

(* A count over a duplicate-free list that changes at one element a at most: it grows by at most 1. *)
Lemma count_over_point : forall l p q a, NoDup l ->
  (forall x, In x l -> x <> a -> p x = true -> q x = true) -> count_over l p <= count_over l q + 1.
Proof.
  intros l p q a Hnd H. rewrite !count_over_sum. apply (sum_over_point _ _ _ a 1 Hnd).
  - intros x Hx Hne. unfold b2n. specialize (H x Hx Hne). destruct (p x), (q x); auto. discriminate (H eq_refl).
  - unfold b2n. destruct (p a), (q a); lia.
Qed.

(* A member a that passes p and not q, the others passing q only where they pass p: one fewer. *)
Lemma count_over_point_drop : forall l p q a, NoDup l -> In a l -> p a = true -> q a = false ->
  (forall x, In x l -> x <> a -> q x = true -> p x = true) -> count_over l q + 1 <= count_over l p.
Proof.
  intros l p q a Hnd Ha Hp Hq H. rewrite !count_over_sum. apply (sum_over_point_drop _ _ _ a 1 Hnd Ha).
  - intros x Hx Hne. unfold b2n. specialize (H x Hx Hne). destruct (p x), (q x); auto. discriminate (H eq_refl).
  - unfold b2n. rewrite Hp, Hq. lia.
Qed.

(* ---------- Lists, filters, existsb ---------- *)

Lemma In_filter_l : forall (l : list nat) p x, In x (filter p l) -> In x l /\ p x = true.
Proof. intros l p x H. apply filter_In. exact H. Qed.

Lemma filter_ext_in' : forall (l : list nat) f g, (forall x, In x l -> f x = g x) -> filter f l = filter g l.
Proof.
  induction l as [|y l IH]; intros f g H; simpl; [reflexivity|].
  rewrite (H y (or_introl eq_refl)), (IH f g (fun x Hx => H x (or_intror Hx))). reflexivity.
Qed.

Lemma existsb_ext_in : forall (l : list nat) g g', (forall x, In x l -> g x = g' x) -> existsb g l = existsb g' l.
Proof.
  induction l as [|y l IH]; intros g g' H; simpl; [reflexivity|].
  rewrite (H y (or_introl eq_refl)), (IH g g' (fun x Hx => H x (or_intror Hx))). reflexivity.
Qed.

Lemma existsb_false_in : forall (l : list nat) g, (forall x, In x l -> g x = false) -> existsb g l = false.
Proof.
  induction l as [|y l IH]; intros g H; simpl; [reflexivity|].
  rewrite (H y (or_introl eq_refl)), (IH g (fun x Hx => H x (or_intror Hx))). reflexivity.
Qed.

Lemma existsb_only : forall (l : list nat) g a, In a l -> (forall x, In x l -> x = a) -> existsb g l = g a.
Proof.
  induction l as [|y l IH]; intros g a Ha H; [destruct Ha|]. simpl.
  rewrite (H y (or_introl eq_refl)). destruct l as [|z l'].
  - simpl. apply orb_false_r.
  - rewrite (IH g a); [|rewrite (H z (or_intror (or_introl eq_refl))); left; reflexivity|intros x Hx; apply H; right; exact Hx].
    destruct (g a); reflexivity.
Qed.

Lemma count_over_ext_in : forall l p q, (forall x, In x l -> p x = q x) -> count_over l p = count_over l q.
Proof. intros l p q H. unfold count_over. rewrite (filter_ext_in' l p q H). reflexivity. Qed.

(* ---------- Maxima and minima ---------- *)

Lemma max_over_mono_k : forall l f g k, (forall x, In x l -> f x <= g x + k) -> max_over l f <= max_over l g + k.
Proof.
  induction l as [|y l IH]; intros f g k H; simpl; [lia|].
  specialize (IH f g k (fun x Hx => H x (or_intror Hx))). specialize (H y (or_introl eq_refl)). lia.
Qed.

Lemma max_over_le : forall l f b, (forall x, In x l -> f x <= b) -> max_over l f <= b.
Proof.
  induction l as [|y l IH]; intros f b H; simpl; [lia|].
  specialize (IH f b (fun x Hx => H x (or_intror Hx))). specialize (H y (or_introl eq_refl)). lia.
Qed.

Lemma fold_min_le : forall (f : nat -> nat) r b,
  fold_right (fun y a => Nat.min (f y) a) b r <= b /\
  (forall x, In x r -> fold_right (fun y a => Nat.min (f y) a) b r <= f x).
Proof.
  intros f. induction r as [|y r IH]; intros b; simpl; [split; [lia|intros x []]|].
  destruct (IH b) as [H1 H2]. split; [lia|]. intros x [<-|Hx]; [lia|]. specialize (H2 x Hx). lia.
Qed.

Lemma fold_min_witness : forall (f : nat -> nat) r b,
  fold_right (fun y a => Nat.min (f y) a) b r = b \/
  exists x, In x r /\ fold_right (fun y a => Nat.min (f y) a) b r = f x.
Proof.
  intros f. induction r as [|y r IH]; intros b; simpl; [left; reflexivity|].
  destruct (Nat.min_spec (f y) (fold_right (fun y a => Nat.min (f y) a) b r)) as [[_ ->]|[_ ->]].
  - right. exists y. auto.
  - destruct (IH b) as [->|[x [Hx ->]]]; [left; reflexivity|right; exists x; auto].
Qed.

Lemma min_over_le : forall l f e x, In x l -> min_over l f e <= f x.
Proof.
  intros [|y r] f e x Hx; [destruct Hx|]. simpl. destruct (fold_min_le f r (f y)) as [H1 H2].
  destruct Hx as [<-|Hx]; [exact H1|exact (H2 x Hx)].
Qed.

Lemma min_over_witness : forall l f e, l <> [] -> exists x, In x l /\ min_over l f e = f x.
Proof.
  intros [|y r] f e Hl; [congruence|]. simpl.
  destruct (fold_min_witness f r (f y)) as [->|[x [Hx ->]]]; [exists y; auto|exists x; auto].
Qed.

Lemma min_over_le_default : forall l f e, (forall x, In x l -> f x <= e) -> min_over l f e <= e.
Proof.
  intros [|y r] f e H; [simpl; lia|].
  pose proof (min_over_le (y :: r) f e y (or_introl eq_refl)). specialize (H y (or_introl eq_refl)). lia.
Qed.

Lemma min_over_ge : forall l f e b, (forall x, In x l -> b <= f x) -> b <= e -> b <= min_over l f e.
Proof.
  intros [|y r] f e b H He; [exact He|].
  destruct (min_over_witness (y :: r) f e) as [x [Hx ->]]; [discriminate|]. exact (H x Hx).
Qed.

(* A minimum over one list is at most k above a minimum over another when each member of the
   second has a member of the first at most k above it. *)
Lemma min_over_bound : forall L f e L' g e' k,
  (forall y, In y L' -> exists x, In x L /\ f x <= g y + k) -> (L' = [] -> min_over L f e <= e' + k) ->
  min_over L f e <= min_over L' g e' + k.
Proof.
  intros L f e [|y r] g e' k H H0; [exact (H0 eq_refl)|].
  destruct (min_over_witness (y :: r) g e') as [z [Hz ->]]; [discriminate|].
  destruct (H z Hz) as [x [Hx Hle]]. pose proof (min_over_le L f e x Hx). lia.
Qed.

Lemma min_over_mono_k : forall l f g e e' k, (forall x, In x l -> f x <= g x + k) -> e <= e' + k ->
  min_over l f e <= min_over l g e' + k.
Proof.
  intros l f g e e' k H He. apply min_over_bound; [intros y Hy; exists y; auto|intros ->; exact He].
Qed.

(* ---------- Typing of an operator's parameters ---------- *)

Lemma typed_one : forall c x t, (exists ty, In ty [t] /\ In x (objs c ty)) -> In x (objs c t).
Proof. intros c x t [ty [[<-|[]] H]]. exact H. Qed.
