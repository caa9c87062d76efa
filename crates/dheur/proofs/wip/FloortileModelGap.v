(* Floortile: why floortile_consistent cannot be proved about the printed model as it stands.

   The distance tables of the printed model (Heuristics.v, floortile_wf) are constrained only by
   the properties certplan checks (compile.rs, checked_distances): a zero diagonal, entries at
   most the cap, and edge consistency. Nothing says that the distance between two distinct tiles
   is at least 1. Q's consistency for paint_up (floortile.heur: "raises a_r to at least 2") needs
   exactly that: the next unmet tile of another color has its square below at distance >= 1 from
   the painter's square. A check cannot supply it (checks read no tables: Program::check compiles
   with no tables).

   Below, a context that satisfies floortile_wf and the certificate, whose "g" table is 0
   everywhere (not a BFS table, but allowed by floortile_wf): tiles x1 t1 x2 t2 (up t1 x1,
   up t2 x2), goals (painted t1 c1) (painted t2 c2), one robot on x1 holding c1. h = 4 in the
   initial state; after paint_up r t1 x1 c1, h = 2 (Q = 3*1 + (0 + 1) - 2). So the statement of
   floortile_consistent (the shape of Sokoban.v's) is false for this context, and no proof of it
   exists until the model's tables carry a lower bound (e.g. dist x y = 0 -> x = y, or the BFS
   property: dist x y < cap -> x = y \/ some edge x -> z has dist z y + 1 = dist x y). On tasks
   certplan builds, the table is a BFS table and this context does not arise. *)

From DHeur Require Import Heuristics Admissible.
Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat Coq.Bool.Bool Coq.micromega.Lia.
Import ListNotations.
Open Scope string_scope.

(* tiles: x1 = 0, t1 = 1, x2 = 2, t2 = 3; robot r = 4; colors c1 = 5, c2 = 6 *)
Definition atoms_in (l : list (string * list nat)) (q : string) (ys : list nat) : bool :=
  existsb (fun a => andb (String.eqb (fst a) q) (nats_eqb (snd a) ys)) l.

Definition cex_init : list (string * list nat) :=
  [("robot-at", [4; 0]); ("robot-has", [4; 5]); ("clear", [1]); ("clear", [2]); ("clear", [3]);
   ("up", [1; 0]); ("up", [3; 2]); ("down", [0; 1]); ("down", [2; 3]);
   ("available-color", [5]); ("available-color", [6])].

Definition cex_goal : list (string * list nat) := [("painted", [1; 5]); ("painted", [3; 6])].

Definition cex_objs (ty : string) : list nat :=
  if String.eqb ty "tile" then [0; 1; 2; 3]
  else if String.eqb ty "robot" then [4]
  else if String.eqb ty "color" then [5; 6] else [].

Definition cex_dist (t : string) (x y : nat) : nat :=
  if String.eqb t "above" then
    (if Nat.eqb x y then 0
     else if andb (Nat.eqb x 0) (Nat.eqb y 1) then 1
     else if andb (Nat.eqb x 2) (Nat.eqb y 3) then 1 else 4)
  else 0.

Definition cex : Ctx := {|
  objs := cex_objs; holds := atoms_in cex_init; init := atoms_in cex_init; goal := atoms_in cex_goal;
  stat := atoms_in cex_init; dist := cex_dist; dist_by := fun _ _ _ _ => 0; dist_cap := fun _ => 4;
  obj := fun _ => 0 |}.

Lemma in_tile : forall x, In x (objs cex "tile") -> x = 0 \/ x = 1 \/ x = 2 \/ x = 3.
Proof. intros x H. cbn in H. intuition. Qed.

Lemma cex_wf : floortile_wf cex.
Proof.
  unfold floortile_wf.
  split; [|split; [reflexivity|split; [reflexivity|split; [reflexivity|split; [reflexivity|split; [reflexivity|]]]]]].
  - intros ty. cbn. unfold cex_objs.
    destruct (String.eqb ty "tile"); [|destruct (String.eqb ty "robot"); [|destruct (String.eqb ty "color")]];
      repeat constructor; cbn; intuition discriminate.
  - split; [|split; [|split; [|split; [|split]]]].
    + intros x _. cbn. lia.
    + intros x y _ _. cbn. lia.
    + intros u v t _ _ _ _. cbn. lia.
    + intros x Hx. apply in_tile in Hx. cbn. destruct Hx as [-> | [-> | [-> | ->]]]; cbn; lia.
    + intros x y Hx Hy. apply in_tile in Hx, Hy. cbn.
      destruct Hx as [-> | [-> | [-> | ->]]]; destruct Hy as [-> | [-> | [-> | ->]]]; cbn; lia.
    + intros u v t Hu Hv Ht Hup. apply in_tile in Hu, Hv, Ht.
      destruct Hu as [-> | [-> | [-> | ->]]]; destruct Hv as [-> | [-> | [-> | ->]]]; cbn in Hup; try discriminate;
        destruct Ht as [-> | [-> | [-> | ->]]]; cbn; lia.
Qed.

Lemma cex_certificate : floortile_certificate cex = true.
Proof. vm_compute. reflexivity. Qed.

(* paint_up r t1 x1 c1 *)
Definition cex_op : Op := (nth 1 floortile_schemas (nth 0 floortile_schemas {| sname := ""; sparams := []; spre := []; sadd := []; sdel := [] |}), [4; 1; 0; 5]).
Definition cex_s' : State := apply_op cex (init cex) (fst cex_op) (snd cex_op).

Lemma cex_step : strips_step cex floortile_schemas (init cex) cex_op cex_s'.
Proof.
  split; [cbn; right; left; reflexivity|split; [|split; [|reflexivity]]].
  - cbn. repeat split; eexists; (split; [left; reflexivity|cbn; intuition]).
  - cbn. repeat constructor.
Qed.

Lemma cex_h_init : floortile_h (at_state cex (init cex)) = Some 4.
Proof. vm_compute. reflexivity. Qed.

Lemma cex_h_after : floortile_h (at_state cex cex_s') = Some 2.
Proof. vm_compute. reflexivity. Qed.

(* The statement floortile_consistent would have (Sokoban.v's shape) is false. *)
Theorem floortile_consistent_statement_false :
  ~ (forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->
       floortile_wf c -> floortile_certificate c = true ->
       consistent State Op (strips_step c floortile_schemas) cost (init c) (fun s => floortile_h (at_state c s))).
Proof.
  intros H.
  specialize (H cex (fun _ => 1) (fun _ => le_n 1) cex_wf cex_certificate (init cex) cex_op cex_s'
    (reach_init _ _ _ _) cex_step).
  cbv beta in H. rewrite cex_h_init, cex_h_after in H. lia.
Qed.

Print Assumptions floortile_consistent_statement_false.
