(* Blocksworld: the three theorems of coq::theorem_statements are FALSE as stated for the printed
   blocksworld heuristic, so no proof of them exists. Not compiled by any test; a record for the
   successor (see the report of branch h-bw).

   Why: the heuristic reads the table `below` as reachability in both directions (a block b is
   marked when some x with dist below b x < cap is bad; a detour needs 0 < dist below b y).
   blocksworld_wf states of the table only what certplan's checked_distances checks: a zero
   diagonal, entries at most the cap, and for each goal edge u -> v that d(u,t) <= 1 + d(v,t)
   and that d(v,t) < cap implies d(u,t) < cap. These are upper bounds: they hold of the table
   that is 0 everywhere with cap 1, under which every block's chain is every block, so one bad
   block marks them all. certplan builds the BFS table, where the heuristic is consistent (see the
   report); the model lets any table with these upper-bound properties stand in for it. The
   other proved heuristics read their tables only as lower bounds on moves, which these
   properties give; blocksworld's needs the converse as well (d(u,t) = 0 -> u = t, and
   d(u,t) < cap, u <> t -> some goal edge u -> v with d(v,t) < cap and d(u,t) = 1 + d(v,t)),
   which is no check a certificate can state (checks are compiled without tables) and is a
   change of the printed wf (coq.rs) and of checked_distances: shared code, not this branch's.

   The contexts below satisfy blocksworld_wf and blocksworld_certificate:
   - c1: blocks 0 and 1, goal (on-table 0); the initial state has 0 on the table and clear, 1
     held. It is a goal state, and h = 2 there (both blocks marked, held = 1, free = 1): not
     goal-aware, not admissible (the empty plan costs 0).
   - c2: blocks 0 and 1, goal (on 0 1); the initial state has 1 on the table and clear, 0 held.
     h = 2; after (stack 0 1) it is 0: 2 > 1 + 0, not consistent for unit costs.

   With the BFS table the heuristic is consistent; the argument a proof under a strengthened wf
   could follow (checked by brute force over every state of 3, 4 and 5 blocks and random goals,
   goal cycles included). Invariants of reachable states: a held block has nothing on it, is on
   nothing and not on the table, and is not clear; at most one block is held; arm-empty means
   none is held. Badness of x reads only x's own position, so a step changes only the moved
   block x's badness. Exactness of the table gives: if b <> x and x is in chain*(b), then the
   goal parent a of x (goal (on a x)) is in chain*(b).
   - pickup x / unstack x y: x becomes bad (held), so the marked set only grows; held goes 0 -> 1;
     free can rise only through x newly marked (a block with no position goal has chain {x}),
     which also adds 1 to M; detours only grow (x's detour on y below it in its chain becomes the
     held detour through its goal successor c, whose chain contains y's). A drops by at most 1;
     the clear count drops by at most 1 (y becomes clear).
   - putdown x / stack x y: only x's badness can fall; any b <> x with x in chain*(b) stays marked
     through x's goal parent, which is not on x (nothing was on the held x), so marks change only
     at x; free cannot rise; held goes 1 -> 0; only x's detour can vanish. A drops by at most
     2u - 1 + 2d where u = [x unmarked after], d = [x's detour lost]; u = d = 1 is impossible
     (d needs x's goal successor c marked before, hence after (c <> x), hence x marked after).
     The clear count drops by at most 1. *)

From DHeur Require Import Heuristics Admissible.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

Definition atom (q : string) (ys : list nat) (q' : string) (ys' : list nat) : bool :=
  andb (String.eqb q q') (nats_eqb ys ys').

Definition mk (i g : string -> list nat -> bool) : Ctx :=
  {| objs := fun ty => if String.eqb ty "object" then [0; 1] else [];
     holds := i; init := i; goal := g; stat := fun _ _ => false;
     dist := fun _ _ _ => 0; dist_by := fun _ _ _ _ => 0; dist_cap := fun _ => 1; obj := fun _ => 0 |}.

Definition c1 : Ctx :=
  mk (fun q ys => orb (atom "on-table" [0] q ys) (orb (atom "clear" [0] q ys) (atom "holding" [1] q ys)))
     (fun q ys => atom "on-table" [0] q ys).

Definition c2 : Ctx :=
  mk (fun q ys => orb (atom "on-table" [1] q ys) (orb (atom "clear" [1] q ys) (atom "holding" [0] q ys)))
     (fun q ys => atom "on" [0; 1] q ys).

Lemma mk_wf : forall i g, blocksworld_wf (mk i g).
Proof.
  intros i g. unfold blocksworld_wf, objects_distinct. simpl. repeat split; try lia.
  intros ty. destruct (String.eqb ty "object").
  - constructor; [simpl; lia|]. constructor; [simpl; tauto|]. constructor.
  - constructor.
Qed.

Lemma c1_cert : blocksworld_certificate c1 = true.
Proof. vm_compute. reflexivity. Qed.

Lemma c2_cert : blocksworld_certificate c2 = true.
Proof. vm_compute. reflexivity. Qed.

Lemma c1_goal : strips_goal c1 (init c1).
Proof.
  intros q ys H. simpl in *. unfold atom in *. rewrite H. reflexivity.
Qed.

Lemma c1_h : blocksworld_h (at_state c1 (init c1)) = Some 2.
Proof. vm_compute. reflexivity. Qed.

Definition stack_op : Op :=
  (nth 2 blocksworld_schemas {| sname := ""; sparams := []; spre := []; sadd := []; sdel := [] |}, [0; 1]).

Lemma c2_step : strips_step c2 blocksworld_schemas (init c2) stack_op
                  (apply_op c2 (init c2) (fst stack_op) (snd stack_op)).
Proof.
  unfold strips_step. split; [simpl; tauto|]. split.
  - simpl. split; [exists "object"; simpl; tauto|]. split; [exists "object"; simpl; tauto|]. exact I.
  - split; [|reflexivity]. repeat constructor.
Qed.

Lemma c2_h : blocksworld_h (at_state c2 (init c2)) = Some 2.
Proof. vm_compute. reflexivity. Qed.

Lemma c2_h' : blocksworld_h (at_state c2 (apply_op c2 (init c2) (fst stack_op) (snd stack_op))) = Some 0.
Proof. vm_compute. reflexivity. Qed.

Theorem blocksworld_goal_aware_false : ~ (forall c : Ctx, blocksworld_wf c -> blocksworld_certificate c = true ->
  goal_aware State Op (strips_step c blocksworld_schemas) (init c) (strips_goal c)
    (fun s => blocksworld_h (at_state c s))).
Proof.
  intros H. pose proof (H c1 (mk_wf _ _) c1_cert (init c1) (reach_init _ _ _ _) c1_goal) as E.
  cbv beta in E. rewrite c1_h in E. discriminate.
Qed.

Theorem blocksworld_admissible_false : ~ (forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  blocksworld_wf c -> blocksworld_certificate c = true ->
  forall s k, reachable State Op (strips_step c blocksworld_schemas) (init c) s ->
  plan State Op (strips_step c blocksworld_schemas) cost (strips_goal c) s k ->
  le_opt (blocksworld_h (at_state c s)) k).
Proof.
  intros H. pose proof (H c1 (fun _ => 1) (fun _ => le_n 1) (mk_wf _ _) c1_cert (init c1) 0
    (reach_init _ _ _ _) (plan_goal _ _ _ _ _ _ c1_goal)) as E.
  cbv beta in E. rewrite c1_h in E. simpl in E. lia.
Qed.

Theorem blocksworld_consistent_false : ~ (forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
  blocksworld_wf c -> blocksworld_certificate c = true ->
  consistent State Op (strips_step c blocksworld_schemas) cost (init c) (fun s => blocksworld_h (at_state c s))).
Proof.
  intros H. pose proof (H c2 (fun _ => 1) (fun _ => le_n 1) (mk_wf _ _) c2_cert (init c2) stack_op _
    (reach_init _ _ _ _) c2_step) as E.
  cbv beta in E. rewrite c2_h, c2_h' in E. simpl in E. lia.
Qed.

Print Assumptions blocksworld_goal_aware_false.
Print Assumptions blocksworld_admissible_false.
Print Assumptions blocksworld_consistent_false.
