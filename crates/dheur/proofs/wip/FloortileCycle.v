(* Floortile: the heuristic as written is not consistent on every task its certificate accepts,
   even with the distance tables certplan computes (BFS tables, below), so floortile_consistent
   is false as stated, whatever the model of tables. Checked by coqc; not compiled by any test.

   Cause: L's "u forced" test (floortile.heur, the L term) rebinds ?u inside its own quantifiers,
   so it reads (dist above ?u ?u), which is 0, and asks that EVERY tile be a goal tile and that
   SOME tile have nothing above it, instead of asking it of u's chain. On tasks with a tile that
   is not a goal tile (every IPC task) L's pair count is then 0 and L <= C. On a task where every
   tile is a goal tile the pairs are counted, and with "up" forming a cycle (the checks allow
   it: one tile below and one above each) the header's argument ("the tile's term is replaced by
   the next one below") fails: a paint lowers L by 1 besides P.

   Task (passes all ten checks): tiles ta tb tc (up tb ta, up tc tb, up ta tc: a cycle) and
   td te (up td te), down the reverse of up, right tc te, left te tc; goals ta c1, tb c2, tc c3,
   td c1, te c1; one robot r1 on te holding c1, every color available. After move_right r1 te tc
   (state s1), h = 10 (P 5, max(C 2, L 3), max(M 2, F 1)); after paint_up r1 ta tc c1 (s2), h = 8
   (P 4, max(C 2, L 2), max(M 2, F 1)), and s2 is not flagged as a dead end. The task is
   unsolvable (r1 always stands on an unpainted goal tile; certplan's h2 pruning says so before
   search), so admissibility is not at stake, but consistency on reachable states is.
   A certificate check that some tile has no goal (e.g. (exists (?t tile) (not (exists (?c color)
   (goal (painted ?t ?c)))))) makes L's pair count 0 and removes this counterexample without
   changing the value. *)

From DHeur Require Import Heuristics Admissible.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

(* tiles ta tb tc td te = 0 1 2 3 4; robot r1 = 5; colors c1 c2 c3 = 6 7 8 *)
Definition atoms_in (l : list (string * list nat)) (q : string) (ys : list nat) : bool :=
  existsb (fun a => andb (String.eqb (fst a) q) (nats_eqb (snd a) ys)) l.

Definition cyc_init : list (string * list nat) :=
  [("robot-at", [5; 4]); ("robot-has", [5; 6]);
   ("available-color", [6]); ("available-color", [7]); ("available-color", [8]);
   ("clear", [0]); ("clear", [1]); ("clear", [2]); ("clear", [3]);
   ("up", [1; 0]); ("up", [2; 1]); ("up", [0; 2]); ("up", [3; 4]);
   ("down", [0; 1]); ("down", [1; 2]); ("down", [2; 0]); ("down", [4; 3]);
   ("right", [2; 4]); ("left", [4; 2])].
Definition cyc_goal : list (string * list nat) :=
  [("painted", [0; 6]); ("painted", [1; 7]); ("painted", [2; 8]); ("painted", [3; 6]); ("painted", [4; 6])].
Definition cyc_objs (ty : string) : list nat :=
  if String.eqb ty "tile" then [0; 1; 2; 3; 4]
  else if String.eqb ty "robot" then [5]
  else if String.eqb ty "color" then [6; 7; 8] else [].

(* The BFS tables certplan computes (cap 5, the number of tiles): "above" along up (x -> the tile
   above x), "g" along the moves (a b c a triangle both ways, c - e, e - d). *)
Definition above_tab (x y : nat) : nat :=
  match x, y with
  | 0, 0 | 1, 1 | 2, 2 | 3, 3 | 4, 4 => 0
  | 0, 1 | 1, 2 | 2, 0 | 4, 3 => 1
  | 0, 2 | 1, 0 | 2, 1 => 2
  | _, _ => 5 end.
Definition g_tab (x y : nat) : nat :=
  match x, y with
  | 0, 0 | 1, 1 | 2, 2 | 3, 3 | 4, 4 => 0
  | 0, 1 | 1, 0 | 0, 2 | 2, 0 | 1, 2 | 2, 1 | 2, 4 | 4, 2 | 3, 4 | 4, 3 => 1
  | 0, 4 | 4, 0 | 1, 4 | 4, 1 | 2, 3 | 3, 2 => 2
  | 0, 3 | 3, 0 | 1, 3 | 3, 1 => 3
  | _, _ => 5 end.
Definition cyc_dist (t : string) (x y : nat) : nat :=
  if String.eqb t "above" then above_tab x y else if String.eqb t "g" then g_tab x y else 0.

Definition cyc : Ctx := {|
  objs := cyc_objs; holds := atoms_in cyc_init; init := atoms_in cyc_init; goal := atoms_in cyc_goal;
  stat := atoms_in cyc_init; dist := cyc_dist; dist_by := fun _ _ _ _ => 0; dist_cap := fun _ => 5;
  obj := fun _ => 0 |}.

Definition dummy : Schema := {| sname := ""; sparams := []; spre := []; sadd := []; sdel := [] |}.
Definition op_move : Op := (nth 5 floortile_schemas dummy, [5; 4; 2]).   (* move_right r1 te tc *)
Definition s1 : State := apply_op cyc (init cyc) (fst op_move) (snd op_move).
Definition op_paint : Op := (nth 1 floortile_schemas dummy, [5; 0; 2; 6]). (* paint_up r1 ta tc c1 *)
Definition s2 : State := apply_op cyc s1 (fst op_paint) (snd op_paint).

Lemma in_tile : forall x, In x (objs cyc "tile") -> x = 0 \/ x = 1 \/ x = 2 \/ x = 3 \/ x = 4.
Proof. intros x H. cbn in H. intuition. Qed.

Ltac tiles H := apply in_tile in H; destruct H as [-> | [-> | [-> | [-> | ->]]]].

Lemma cyc_wf : floortile_wf cyc.
Proof.
  unfold floortile_wf.
  split; [|split; [reflexivity|split; [reflexivity|split; [reflexivity|split; [reflexivity|split; [reflexivity|]]]]]].
  - intros ty. cbn. unfold cyc_objs.
    destruct (String.eqb ty "tile"); [|destruct (String.eqb ty "robot"); [|destruct (String.eqb ty "color")]];
      repeat constructor; cbn; intuition discriminate.
  - split; [|split; [|split; [|split; [|split]]]].
    + intros x Hx. tiles Hx; cbn; lia.
    + intros x y Hx Hy. tiles Hx; tiles Hy; cbn; lia.
    + intros u v t Hu Hv Ht H. tiles Hu; tiles Hv;
        (destruct H as [H|[H|[H|H]]]; cbn in H; try discriminate); tiles Ht; cbn; lia.
    + intros x Hx. tiles Hx; cbn; lia.
    + intros x y Hx Hy. tiles Hx; tiles Hy; cbn; lia.
    + intros u v t Hu Hv Ht H. tiles Hu; tiles Hv; cbn in H; try discriminate; tiles Ht; cbn; lia.
Qed.

Lemma cyc_certificate : floortile_certificate cyc = true.
Proof. vm_compute. reflexivity. Qed.

Lemma step_move : strips_step cyc floortile_schemas (init cyc) op_move s1.
Proof.
  split; [cbn; do 5 right; left; reflexivity|split; [|split; [|reflexivity]]].
  - cbn. repeat split; eexists; (split; [left; reflexivity|cbn; intuition]).
  - cbn. repeat constructor.
Qed.

Lemma step_paint : strips_step cyc floortile_schemas s1 op_paint s2.
Proof.
  split; [cbn; right; left; reflexivity|split; [|split; [|reflexivity]]].
  - cbn. repeat split; eexists; (split; [left; reflexivity|cbn; intuition]).
  - cbn. repeat constructor.
Qed.

Lemma h_s1 : floortile_h (at_state cyc s1) = Some 10.
Proof. vm_compute. reflexivity. Qed.

Lemma h_s2 : floortile_h (at_state cyc s2) = Some 8.
Proof. vm_compute. reflexivity. Qed.

(* The statement floortile_consistent would have (Sokoban.v's shape) is false, here with the
   tables certplan computes. *)
Theorem floortile_inconsistent_on_cycle :
  ~ (forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
       floortile_wf c -> floortile_certificate c = true ->
       consistent State Op (strips_step c floortile_schemas) cost (init c) (fun s => floortile_h (at_state c s))).
Proof.
  intros H.
  specialize (H cyc (fun _ => 1) (fun _ => le_n 1) cyc_wf cyc_certificate s1 op_paint s2
    (reach_step _ _ _ _ _ _ _ (reach_init _ _ _ _) step_move) step_paint).
  cbv beta in H. rewrite h_s1, h_s2 in H. lia.
Qed.

Print Assumptions floortile_inconsistent_on_cycle.
