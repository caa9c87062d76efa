(* A generalized plan for logistics (certplan's worked example, paper 000): deliver the packages one
   after the other. Within a city, a truck of the city fetches the package and drives it to its
   goal place; between cities, a truck of the package's city brings it to the city's airport, the
   first airplane flies it to the airport of the goal city, and a truck of that city takes it on. A
   package without a goal, or already at it, stays. Static facts are read from the initial state
   `s`; where the vehicles are, from the state the plan has reached (`runPlan`).
   `solveComplete` below proves it complete for every instance satisfying the validity constraints
   (crates/gp/src/spec.rs); checked by coqc and audited in certplan's tests.
   Run it with `certplan gp run logistics LogisticsSolve.v P...`. *)
From Coq Require Import Bool Arith List Lia.
Import ListNotations.
From Certplan Require Import Logistics LogisticsValid.

Definition objs (s : State) : list nat := s.(statics).(objects).

Definition isTrue (o : option bool) : bool := match o with Some true => true | _ => false end.

Definition placeOf (s t : State) (o : nat) : option nat :=
  find (fun x => s.(statics).(place_t) x && t.(dynamic).(at_p) o x) (objs s).

Definition cityOf (s : State) (x : nat) : option nat :=
  find (fun c => s.(statics).(city_t) c && s.(statics).(in_city_p) x c) (objs s).

Definition airportOf (s : State) (c : nat) : option nat :=
  find (fun x => s.(statics).(airport_t) x && s.(statics).(in_city_p) x c) (objs s).

Definition truckIn (s t : State) (c : nat) : option nat :=
  find (fun v => s.(statics).(truck_t) v &&
                 match placeOf s t v with Some x => s.(statics).(in_city_p) x c | None => false end) (objs s).

Definition driveTo (s t : State) (v x : nat) : list PlanAction :=
  match placeOf s t v, cityOf s x with
  | Some y, Some c => if Nat.eqb y x then [] else [drive_truck v y x c]
  | _, _ => []
  end.

Definition flyTo (s t : State) (a x : nat) : list PlanAction :=
  match placeOf s t a with
  | Some y => if Nat.eqb y x then [] else [fly_airplane a y x]
  | None => []
  end.

(* Package `p` from place `l` to place `d` of one city, in truck `v`. *)
Definition byTruck (s t : State) (p v l d : nat) : list PlanAction :=
  if Nat.eqb l d then []
  else
    let fetch := driveTo s t v l ++ [load_truck p v l] in
    fetch ++ driveTo s (runPlan fetch t) v d ++ [unload_truck p v d].

(* Package `p` from airport `l` to airport `d`, in airplane `a`. *)
Definition byPlane (s t : State) (p a l d : nat) : list PlanAction :=
  if Nat.eqb l d then []
  else
    let fetch := flyTo s t a l ++ [load_airplane p a l] in
    fetch ++ flyTo s (runPlan fetch t) a d ++ [unload_airplane p a d].

Definition goalPlace (s : State) (g : Goal) (p : nat) : option nat :=
  find (fun x => s.(statics).(place_t) x && isTrue (g.(goal_dynamic).(goal_at_p) p x)) (objs s).

Definition deliverOne (s t : State) (g : Goal) (p : nat) : list PlanAction :=
  match placeOf s t p, goalPlace s g p with
  | Some l, Some d =>
      match cityOf s l, cityOf s d with
      | Some c1, Some c2 =>
          if Nat.eqb c1 c2 then
            match truckIn s t c1 with Some v => byTruck s t p v l d | None => [] end
          else
            match airportOf s c1, airportOf s c2, find (fun a => s.(statics).(airplane_t) a) (objs s) with
            | Some a1, Some a2, Some pl =>
                let first := match truckIn s t c1 with Some v1 => byTruck s t p v1 l a1 | None => [] end in
                let t1 := runPlan first t in
                let flight := byPlane s t1 p pl a1 a2 in
                let t2 := runPlan flight t1 in
                first ++ flight ++ match truckIn s t2 c2 with Some v2 => byTruck s t2 p v2 a2 d | None => [] end
            | _, _, _ => []
            end
      | _, _ => []
      end
  | _, _ => []
  end.

Fixpoint deliverAll (s t : State) (g : Goal) (ps : list nat) : list PlanAction :=
  match ps with
  | [] => []
  | p :: rest => let acts := deliverOne s t g p in acts ++ deliverAll s (runPlan acts t) g rest
  end.

Definition solve (s : State) (g : Goal) : list PlanAction :=
  deliverAll s s g (filter (fun p => s.(statics).(package_t) p) (objs s)).

(** * Completeness (paper 000, Listing 9) *)

Lemma find_of_witness (f : nat -> bool) (l : list nat) (a : nat) :
  In a l -> f a = true -> exists x, find f l = Some x.
Proof.
  induction l as [| b l IH]; simpl; intros H Fa; [contradiction |].
  destruct (f b) eqn:Fb; [eauto |].
  destruct H as [H | H]; [subst; congruence | exact (IH H Fa)].
Qed.

Lemma find_unique (f : nat -> bool) (l : list nat) (y : nat) :
  In y l -> f y = true -> (forall z, In z l -> f z = true -> z = y) -> find f l = Some y.
Proof.
  intros Hy Fy U; destruct (find_of_witness f l y Hy Fy) as [x Hx].
  destruct (find_some _ _ Hx) as [HxIn Fx]; rewrite (U x HxIn Fx) in Hx; exact Hx.
Qed.

Lemma count_le_one_unique (f : nat -> bool) (l : list nat) (a b : nat) :
  length (filter f l) <= 1 -> In a l -> f a = true -> In b l -> f b = true -> a = b.
Proof.
  intros H Ha Fa Hb Fb.
  assert (A : In a (filter f l)) by (apply filter_In; split; assumption).
  assert (B : In b (filter f l)) by (apply filter_In; split; assumption).
  destruct (filter f l) as [| x [| y r]]; simpl in H; try lia; [contradiction |].
  destruct A as [A | []]; destruct B as [B | []]; congruence.
Qed.

Lemma count_one_witness (f : nat -> bool) (l : list nat) :
  length (filter f l) = 1 -> exists y, In y l /\ f y = true /\ forall z, In z l -> f z = true -> z = y.
Proof.
  intro H.
  destruct (filter f l) as [| y r] eqn:E; [discriminate |].
  assert (Hy : In y (filter f l)) by (rewrite E; left; reflexivity).
  apply filter_In in Hy; destruct Hy as [HyIn Fy].
  exists y; split; [exact HyIn | split; [exact Fy |]].
  intros z Hz Fz; apply (count_le_one_unique f l z y); try assumption; rewrite E; exact (Nat.eq_le_incl _ _ H).
Qed.

Lemma count_zero (f : nat -> bool) (l : list nat) : (forall x, In x l -> f x = false) -> length (filter f l) = 0.
Proof.
  induction l as [| a l IH]; simpl; intro H; [reflexivity |].
  rewrite (H a (or_introl eq_refl)); apply IH; intros x Hx; exact (H x (or_intror Hx)).
Qed.

Lemma two_le (f : nat -> bool) (l : list nat) (a b : nat) :
  NoDup l -> In a l -> f a = true -> In b l -> f b = true -> a <> b -> 2 <= length (filter f l).
Proof.
  intros Hnd Ha Fa Hb Fb N.
  assert (Hnd' : NoDup (filter f l)) by (apply NoDup_filter; exact Hnd).
  assert (A : In a (filter f l)) by (apply filter_In; split; assumption).
  assert (B : In b (filter f l)) by (apply filter_In; split; assumption).
  destruct (filter f l) as [| x [| y r]]; simpl; try lia; [contradiction |].
  destruct A as [A | []]; destruct B as [B | []]; congruence.
Qed.

Lemma isTrue_optb (o : option bool) : isTrue o = optbEqb o (Some true).
Proof. destruct o as [[|] |]; reflexivity. Qed.

Lemma isTrue_some (o : option bool) : isTrue o = true -> o = Some true.
Proof. destruct o as [[|] |]; simpl; congruence. Qed.

(* The static facts the proof uses. *)
Definition StOK (s : State) : Prop :=
  ValidInCityParam s /\ PlaceInOneCity s /\ VehicleTypes s /\ TypesDisjoint s.

(* `o` is at exactly one place of the task: `y`. *)
Definition PlacedAt (s t : State) (o y : nat) : Prop :=
  In y (objs s) /\ s.(statics).(place_t) y = true /\ t.(dynamic).(at_p) o y = true /\
  forall z, In z (objs s) -> s.(statics).(place_t) z = true -> t.(dynamic).(at_p) o z = true -> z = y.

(* Where the vehicles are: each at one place, airplanes at airports, a truck in every city. *)
Definition VInv (s t : State) : Prop :=
  t.(statics) = s.(statics) /\
  (forall v, In v (objs s) -> s.(statics).(vehicle_t) v = true -> exists y, PlacedAt s t v y) /\
  (forall a, In a (objs s) -> s.(statics).(airplane_t) a = true -> forall y, In y (objs s) ->
     s.(statics).(place_t) y = true -> t.(dynamic).(at_p) a y = true -> s.(statics).(airport_t) y = true) /\
  (forall c, In c (objs s) -> s.(statics).(city_t) c = true -> exists v y, In v (objs s) /\
     s.(statics).(truck_t) v = true /\ PlacedAt s t v y /\ s.(statics).(in_city_p) y c = true).

Lemma placeOf_at (s t : State) (o y : nat) : PlacedAt s t o y -> placeOf s t o = Some y.
Proof.
  intros [Hy [Py [Ay U]]]; unfold placeOf; apply find_unique; [exact Hy | rewrite Py, Ay; reflexivity |].
  intros z Hz Fz; apply andb_prop in Fz; destruct Fz as [Pz Az]; exact (U z Hz Pz Az).
Qed.

Lemma city_unique (s : State) (hS : StOK s) (x c c' : nat) :
  In x (objs s) -> In c (objs s) -> In c' (objs s) ->
  s.(statics).(in_city_p) x c = true -> s.(statics).(in_city_p) x c' = true -> c = c'.
Proof.
  destruct hS as [hCity [hOne _]]; intros Hx Hc Hc' Ic Ic'.
  destruct (hCity x Hx c Hc Ic) as [Px Cc]; destruct (hCity x Hx c' Hc' Ic') as [_ Cc'].
  apply (count_le_one_unique _ _ c c' (Nat.eq_le_incl _ _ (hOne x Hx Px)) Hc); [| exact Hc' |].
  - cbv beta; rewrite Cc, Ic; reflexivity.
  - cbv beta; rewrite Cc', Ic'; reflexivity.
Qed.

Lemma cityOf_in (s : State) (hS : StOK s) (x c : nat) :
  In x (objs s) -> In c (objs s) -> s.(statics).(in_city_p) x c = true -> cityOf s x = Some c.
Proof.
  intros Hx Hc Ic; pose proof hS as [hCity _].
  destruct (hCity x Hx c Hc Ic) as [_ Cc].
  unfold cityOf; apply find_unique; [exact Hc | rewrite Cc, Ic; reflexivity |].
  intros z Hz Fz; apply andb_prop in Fz; destruct Fz as [_ Iz].
  exact (city_unique s hS x z c Hx Hz Hc Iz Ic).
Qed.

Lemma vehicle_not_package (s : State) (hS : StOK s) (v p : nat) :
  In p (objs s) -> s.(statics).(package_t) p = true -> s.(statics).(vehicle_t) v = true -> p <> v.
Proof.
  destruct hS as [_ [_ [_ [hDis _]]]]; intros Hp Pp Vv E; subst; exact (hDis v Hp Pp Vv).
Qed.

(* A move of vehicle `v` from `y` to `x`: the at-relation after it. *)
Lemma moved_placed (s t t' : State) (v y x : nat) :
  PlacedAt s t v y -> In x (objs s) -> s.(statics).(place_t) x = true -> y <> x ->
  (forall z, t'.(dynamic).(at_p) v z = if Nat.eqb z x then true else if Nat.eqb z y then false else t.(dynamic).(at_p) v z) ->
  PlacedAt s t' v x.
Proof.
  intros [Hy [Py [Ay U]]] Hx Px N E.
  split; [exact Hx | split; [exact Px | split]].
  - rewrite E, Nat.eqb_refl; reflexivity.
  - intros z Hz Pz Az; rewrite E in Az.
    destruct (Nat.eqb_spec z x) as [Ex | Ex]; [exact Ex |].
    destruct (Nat.eqb_spec z y) as [Ey | Ey]; [discriminate |].
    exfalso; exact (Ey (U z Hz Pz Az)).
Qed.

Lemma placed_same (s t t' : State) (v y : nat) :
  PlacedAt s t v y -> (forall z, t'.(dynamic).(at_p) v z = t.(dynamic).(at_p) v z) -> PlacedAt s t' v y.
Proof.
  intros [Hy [Py [Ay U]]] E; split; [exact Hy | split; [exact Py | split]].
  - rewrite E; exact Ay.
  - intros z Hz Pz Az; rewrite E in Az; exact (U z Hz Pz Az).
Qed.

(* Moving one vehicle `w` keeps VInv when it moves as its kind allows. *)
Lemma vinv_move (s : State) (hS : StOK s) (t t' : State) (w y x : nat) :
  VInv s t -> In w (objs s) -> s.(statics).(vehicle_t) w = true -> PlacedAt s t w y ->
  In x (objs s) -> s.(statics).(place_t) x = true -> y <> x ->
  t'.(statics) = s.(statics) ->
  (forall z, t'.(dynamic).(at_p) w z = if Nat.eqb z x then true else if Nat.eqb z y then false else t.(dynamic).(at_p) w z) ->
  (forall o z, o <> w -> t'.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z) ->
  (s.(statics).(airplane_t) w = true -> s.(statics).(airport_t) x = true) ->
  (s.(statics).(truck_t) w = true -> forall c, In c (objs s) -> s.(statics).(in_city_p) y c = true ->
     s.(statics).(in_city_p) x c = true) ->
  VInv s t'.
Proof.
  intros [St [Hv [Ha Hc]]] Hw Vw Pw Hx Px N St' Ew Eo Air Trk.
  pose proof (moved_placed s t t' w y x Pw Hx Px N Ew) as Pw'.
  split; [exact St' | split; [| split]].
  - intros v Hv' Vv; destruct (Nat.eq_dec v w) as [E | E]; [subst; exists x; exact Pw' |].
    destruct (Hv v Hv' Vv) as [z Pz]; exists z; apply (placed_same s t t' v z Pz); intro; apply Eo; exact E.
  - intros a Ha' Aa z Hz Pz Az; destruct (Nat.eq_dec a w) as [E | E].
    + subst a; destruct Pw' as [_ [_ [_ U]]]; rewrite (U z Hz Pz Az); exact (Air Aa).
    + rewrite Eo in Az by exact E; exact (Ha a Ha' Aa z Hz Pz Az).
  - intros c Hc' Cc; destruct (Hc c Hc' Cc) as [v [z [Hv' [Tv [Pv Iz]]]]].
    destruct (Nat.eq_dec v w) as [E | E].
    + subst v; exists w, x; split; [exact Hw | split; [exact Tv | split; [exact Pw' |]]].
      destruct Pw as [Hy [Py [Ay U]]]; destruct Pv as [Hz [Pz [Az _]]].
      rewrite (U z Hz Pz Az) in Iz; exact (Trk Tv c Hc' Iz).
    + exists v, z; split; [exact Hv' | split; [exact Tv | split; [| exact Iz]]].
      apply (placed_same s t t' v z Pv); intro; apply Eo; exact E.
Qed.

Lemma driveTo_ok (s : State) (hS : StOK s) (t : State) (v y x c : nat) :
  VInv s t -> In v (objs s) -> s.(statics).(truck_t) v = true -> PlacedAt s t v y ->
  In c (objs s) -> s.(statics).(in_city_p) y c = true ->
  In x (objs s) -> s.(statics).(in_city_p) x c = true ->
  let t' := runPlan (driveTo s t v x) t in
  ValidPlan (driveTo s t v x) t /\ VInv s t' /\ PlacedAt s t' v x /\
  (forall o z, o <> v -> t'.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z) /\
  (forall o z, t'.(dynamic).(in_p) o z = t.(dynamic).(in_p) o z).
Proof.
  intros HI Hv Tv Pv Hc Iy Hx Ix t'.
  pose proof hS as [hCity [_ [[hTrV _] [_ hTA]]]].
  destruct (hCity x Hx c Hc Ix) as [Px Cc].
  pose proof Pv as [Hy [Py [Ay _]]].
  unfold t', driveTo; rewrite (placeOf_at s t v y Pv), (cityOf_in s hS x c Hx Hc Ix).
  destruct (Nat.eqb_spec y x) as [E | E].
  - subst y; simpl; split; [exact I | split; [exact HI | split; [exact Pv | split; auto]]].
  - destruct HI as [St Rest].
    cbn [ValidPlan runPlan actionPre actionApply]; unfold drive_truckPre; rewrite St.
    split; [repeat split; assumption |].
    split; [| split; [| split]].
    + apply (vinv_move s hS t _ v y x (conj St Rest) Hv (hTrV v Hv Tv) Pv Hx Px E).
      * exact St.
      * intro z; cbn [drive_truckEff dynamic at_p]; rewrite Nat.eqb_refl; reflexivity.
      * intros o z N; cbn [drive_truckEff dynamic at_p]; rewrite (proj2 (Nat.eqb_neq o v) N); reflexivity.
      * intro A; exfalso; exact (hTA v Hv Tv A).
      * intros Tv' c' Hc' Iy'; rewrite <- (city_unique s hS y c c' Hy Hc Hc' Iy Iy'); exact Ix.
    + apply (moved_placed s t _ v y x Pv Hx Px E).
      intro z; cbn [drive_truckEff dynamic at_p]; rewrite Nat.eqb_refl; reflexivity.
    + intros o z N; cbn [drive_truckEff dynamic at_p]; rewrite (proj2 (Nat.eqb_neq o v) N); reflexivity.
    + reflexivity.
Qed.

Lemma flyTo_ok (s : State) (hS : StOK s) (t : State) (a x : nat) :
  VInv s t -> In a (objs s) -> s.(statics).(airplane_t) a = true ->
  In x (objs s) -> s.(statics).(place_t) x = true -> s.(statics).(airport_t) x = true ->
  let t' := runPlan (flyTo s t a x) t in
  ValidPlan (flyTo s t a x) t /\ VInv s t' /\ PlacedAt s t' a x /\
  (forall o z, o <> a -> t'.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z) /\
  (forall o z, t'.(dynamic).(in_p) o z = t.(dynamic).(in_p) o z).
Proof.
  intros HI Ha Aa Hx Px APx t'.
  pose proof hS as [_ [_ [[_ hAV] [_ hTA]]]].
  pose proof HI as [St [Hv [Hair _]]].
  destruct (Hv a Ha (hAV a Ha Aa)) as [y Pa]; pose proof Pa as [Hy [Py [Ay _]]].
  unfold t', flyTo; rewrite (placeOf_at s t a y Pa).
  destruct (Nat.eqb_spec y x) as [E | E].
  - subst y; simpl; split; [exact I | split; [exact HI | split; [exact Pa | split; auto]]].
  - cbn [ValidPlan runPlan actionPre actionApply]; unfold fly_airplanePre; rewrite St.
    split; [repeat split; try assumption; exact (Hair a Ha Aa y Hy Py Ay) |].
    split; [| split; [| split]].
    + apply (vinv_move s hS t _ a y x HI Ha (hAV a Ha Aa) Pa Hx Px E).
      * exact St.
      * intro z; cbn [fly_airplaneEff dynamic at_p]; rewrite Nat.eqb_refl; reflexivity.
      * intros o z N; cbn [fly_airplaneEff dynamic at_p]; rewrite (proj2 (Nat.eqb_neq o a) N); reflexivity.
      * intros _; exact APx.
      * intro Ta; exfalso; exact (hTA a Ha Ta Aa).
    + apply (moved_placed s t _ a y x Pa Hx Px E).
      intro z; cbn [fly_airplaneEff dynamic at_p]; rewrite Nat.eqb_refl; reflexivity.
    + intros o z N; cbn [fly_airplaneEff dynamic at_p]; rewrite (proj2 (Nat.eqb_neq o a) N); reflexivity.
    + reflexivity.
Qed.

(* Loading or unloading package `p` moves no vehicle. *)
Lemma vinv_frame (s : State) (hS : StOK s) (t t' : State) (p : nat) :
  VInv s t -> In p (objs s) -> s.(statics).(package_t) p = true -> t'.(statics) = s.(statics) ->
  (forall o z, o <> p -> t'.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z) -> VInv s t'.
Proof.
  intros [St [Hv [Ha Hc]]] Hp Pp St' E.
  pose proof hS as [_ [_ [[hTrV hAV] _]]].
  split; [exact St' | split; [| split]].
  - intros v Hv' Vv; destruct (Hv v Hv' Vv) as [y Py]; exists y.
    apply (placed_same s t t' v y Py); intro z; apply E; apply not_eq_sym; exact (vehicle_not_package s hS v p Hp Pp Vv).
  - intros a Ha' Aa y Hy Py Ay; rewrite E in Ay; [exact (Ha a Ha' Aa y Hy Py Ay) |].
    apply not_eq_sym; exact (vehicle_not_package s hS a p Hp Pp (hAV a Ha' Aa)).
  - intros c Hc' Cc; destruct (Hc c Hc' Cc) as [v [y [Hv' [Tv [Pv Iy]]]]].
    exists v, y; split; [exact Hv' | split; [exact Tv | split; [| exact Iy]]].
    apply (placed_same s t t' v y Pv); intro z; apply E.
    apply not_eq_sym; exact (vehicle_not_package s hS v p Hp Pp (hTrV v Hv' Tv)).
Qed.

Lemma byTruck_ok (s : State) (hS : StOK s) (t : State) (p v l d c : nat) :
  VInv s t -> In p (objs s) -> s.(statics).(package_t) p = true -> t.(dynamic).(at_p) p l = true ->
  In l (objs s) -> s.(statics).(in_city_p) l c = true -> In d (objs s) -> s.(statics).(in_city_p) d c = true ->
  In c (objs s) -> truckIn s t c = Some v ->
  let t' := runPlan (byTruck s t p v l d) t in
  ValidPlan (byTruck s t p v l d) t /\ VInv s t' /\ t'.(dynamic).(at_p) p d = true /\
  (forall o z, In o (objs s) -> s.(statics).(package_t) o = true -> o <> p ->
     t'.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z).
Proof.
  intros HI Hp Pp Apl Hl Il Hd Id Hc Hv t'.
  pose proof hS as [hCity [_ [[hTrV _] _]]].
  destruct (hCity l Hl c Hc Il) as [Pl _]; destruct (hCity d Hd c Hc Id) as [Pd _].
  destruct (find_some _ _ Hv) as [HvIn HvP]; apply andb_prop in HvP; destruct HvP as [Tv HvP].
  destruct (placeOf s t v) as [y |] eqn:Hy; [| discriminate].
  pose proof HI as [St [Hveh _]].
  destruct (Hveh v HvIn (hTrV v HvIn Tv)) as [y' Pv].
  rewrite (placeOf_at s t v y' Pv) in Hy; injection Hy as <-.
  assert (Npv : p <> v) by exact (vehicle_not_package s hS v p Hp Pp (hTrV v HvIn Tv)).
  unfold t', byTruck; destruct (Nat.eqb_spec l d) as [E | E].
  { subst d; simpl; split; [exact I | split; [exact HI | split; [exact Apl | auto]]]. }
  cbv zeta; rewrite !validPlan_append, !runPlan_append; cbn [ValidPlan runPlan actionApply actionPre].
  destruct (driveTo_ok s hS t v y' l c HI HvIn Tv Pv Hc HvP Hl Il) as [V1 [I1 [P1 [F1 N1]]]].
  set (t1 := runPlan (driveTo s t v l) t) in *.
  set (t2 := load_truckEff p v l t1).
  assert (F2 : forall o z, o <> p -> t2.(dynamic).(at_p) o z = t1.(dynamic).(at_p) o z).
  { intros o z N; unfold t2; cbn [load_truckEff dynamic at_p]; rewrite (proj2 (Nat.eqb_neq o p) N); reflexivity. }
  assert (I2 : VInv s t2) by (apply (vinv_frame s hS t1 t2 p I1 Hp Pp); [exact (proj1 I1) | exact F2]).
  assert (P2 : PlacedAt s t2 v l) by (apply (placed_same s t1 t2 v l P1); intro z; apply F2; apply not_eq_sym; exact Npv).
  destruct (driveTo_ok s hS t2 v l d c I2 HvIn Tv P2 Hc Il Hd Id) as [V3 [I3 [P3 [F3 N3]]]].
  set (t3 := runPlan (driveTo s t2 v d) t2) in *.
  set (t4 := unload_truckEff p v d t3).
  assert (F4 : forall o z, o <> p -> t4.(dynamic).(at_p) o z = t3.(dynamic).(at_p) o z).
  { intros o z N; unfold t4; cbn [unload_truckEff dynamic at_p]; rewrite (proj2 (Nat.eqb_neq o p) N); reflexivity. }
  split; [split; [split; [exact V1 | split; [| exact I]] | split; [exact V3 | split; [| exact I]]] | split; [| split]].
  - unfold load_truckPre; rewrite (proj1 I1); destruct P1 as [_ [_ [A1 _]]].
    rewrite (F1 p l Npv); repeat split; assumption.
  - unfold unload_truckPre; rewrite (proj1 I3); destruct P3 as [_ [_ [A3 _]]].
    rewrite N3; unfold t2; cbn [load_truckEff dynamic in_p]; rewrite !Nat.eqb_refl.
    repeat split; assumption.
  - exact (vinv_frame s hS t3 t4 p I3 Hp Pp (proj1 I3) F4).
  - unfold t4; cbn [unload_truckEff dynamic at_p]; rewrite !Nat.eqb_refl; reflexivity.
  - intros o z Ho Po N.
    assert (Nov : o <> v) by exact (vehicle_not_package s hS v o Ho Po (hTrV v HvIn Tv)).
    change (t4.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z).
    rewrite F4, F3, F2, F1 by assumption; reflexivity.
Qed.

Lemma byPlane_ok (s : State) (hS : StOK s) (t : State) (p a l d : nat) :
  VInv s t -> In p (objs s) -> s.(statics).(package_t) p = true -> t.(dynamic).(at_p) p l = true ->
  In l (objs s) -> s.(statics).(place_t) l = true -> s.(statics).(airport_t) l = true ->
  In d (objs s) -> s.(statics).(place_t) d = true -> s.(statics).(airport_t) d = true ->
  In a (objs s) -> s.(statics).(airplane_t) a = true ->
  let t' := runPlan (byPlane s t p a l d) t in
  ValidPlan (byPlane s t p a l d) t /\ VInv s t' /\ t'.(dynamic).(at_p) p d = true /\
  (forall o z, In o (objs s) -> s.(statics).(package_t) o = true -> o <> p ->
     t'.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z).
Proof.
  intros HI Hp Pp Apl Hl Pl APl Hd Pd APd Ha Aa t'.
  pose proof hS as [_ [_ [[_ hAV] _]]].
  assert (Npa : p <> a) by exact (vehicle_not_package s hS a p Hp Pp (hAV a Ha Aa)).
  unfold t', byPlane; destruct (Nat.eqb_spec l d) as [E | E].
  { subst d; simpl; split; [exact I | split; [exact HI | split; [exact Apl | auto]]]. }
  cbv zeta; rewrite !validPlan_append, !runPlan_append; cbn [ValidPlan runPlan actionApply actionPre].
  destruct (flyTo_ok s hS t a l HI Ha Aa Hl Pl APl) as [V1 [I1 [P1 [F1 N1]]]].
  set (t1 := runPlan (flyTo s t a l) t) in *.
  set (t2 := load_airplaneEff p a l t1).
  assert (F2 : forall o z, o <> p -> t2.(dynamic).(at_p) o z = t1.(dynamic).(at_p) o z).
  { intros o z N; unfold t2; cbn [load_airplaneEff dynamic at_p]; rewrite (proj2 (Nat.eqb_neq o p) N); reflexivity. }
  assert (I2 : VInv s t2) by (apply (vinv_frame s hS t1 t2 p I1 Hp Pp); [exact (proj1 I1) | exact F2]).
  destruct (flyTo_ok s hS t2 a d I2 Ha Aa Hd Pd APd) as [V3 [I3 [P3 [F3 N3]]]].
  set (t3 := runPlan (flyTo s t2 a d) t2) in *.
  set (t4 := unload_airplaneEff p a d t3).
  assert (F4 : forall o z, o <> p -> t4.(dynamic).(at_p) o z = t3.(dynamic).(at_p) o z).
  { intros o z N; unfold t4; cbn [unload_airplaneEff dynamic at_p]; rewrite (proj2 (Nat.eqb_neq o p) N); reflexivity. }
  split; [split; [split; [exact V1 | split; [| exact I]] | split; [exact V3 | split; [| exact I]]] | split; [| split]].
  - unfold load_airplanePre; rewrite (proj1 I1); destruct P1 as [_ [_ [A1 _]]].
    rewrite (F1 p l Npa); repeat split; assumption.
  - unfold unload_airplanePre; rewrite (proj1 I3); destruct P3 as [_ [_ [A3 _]]].
    rewrite N3; unfold t2; cbn [load_airplaneEff dynamic in_p]; rewrite !Nat.eqb_refl.
    repeat split; assumption.
  - exact (vinv_frame s hS t3 t4 p I3 Hp Pp (proj1 I3) F4).
  - unfold t4; cbn [unload_airplaneEff dynamic at_p]; rewrite !Nat.eqb_refl; reflexivity.
  - intros o z Ho Po N.
    assert (Noa : o <> a) by exact (vehicle_not_package s hS a o Ho Po (hAV a Ha Aa)).
    change (t4.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z).
    rewrite F4, F3, F2, F1 by assumption; reflexivity.
Qed.

Lemma witness_of_count (f : nat -> bool) (l : list nat) : 0 < length (filter f l) -> exists x, In x l /\ f x = true.
Proof.
  induction l as [| a l IH]; simpl; intro H; [lia |].
  destruct (f a) eqn:Fa; [exists a; split; [left; reflexivity | exact Fa] |].
  destruct (IH H) as [x [Hx Fx]]; exists x; split; [right; exact Hx | exact Fx].
Qed.

Lemma truckIn_some (s t : State) (c : nat) :
  VInv s t -> In c (objs s) -> s.(statics).(city_t) c = true -> exists v, truckIn s t c = Some v.
Proof.
  intros [_ [_ [_ Hc]]] Hc' Cc; destruct (Hc c Hc' Cc) as [v [y [Hv [Tv [Pv Iy]]]]].
  apply (find_of_witness _ _ v Hv); rewrite Tv, (placeOf_at s t v y Pv); exact Iy.
Qed.

Lemma cityOf_some (s : State) (hS : StOK s) (x : nat) :
  In x (objs s) -> s.(statics).(place_t) x = true ->
  exists c, cityOf s x = Some c /\ In c (objs s) /\ s.(statics).(city_t) c = true /\ s.(statics).(in_city_p) x c = true.
Proof.
  intros Hx Px; pose proof hS as [_ [hOne _]].
  destruct (count_one_witness _ _ (hOne x Hx Px)) as [c [Hc [Fc _]]].
  apply andb_prop in Fc; destruct Fc as [Cc Ic].
  exists c; split; [exact (cityOf_in s hS x c Hx Hc Ic) | repeat split; assumption].
Qed.

Lemma deliverOne_ok (s : State) (hS : StOK s) (hNd : ObjectsNoDup s) (hAirport : CityHasOneAirport s)
  (hPlane : AirplaneIfSeveralCities s) (g : Goal) (t : State) (p : nat) :
  VInv s t -> In p (objs s) -> s.(statics).(package_t) p = true ->
  let t' := runPlan (deliverOne s t g p) t in
  ValidPlan (deliverOne s t g p) t /\ VInv s t' /\
  (forall l d, placeOf s t p = Some l -> goalPlace s g p = Some d -> t'.(dynamic).(at_p) p d = true) /\
  (forall o z, In o (objs s) -> s.(statics).(package_t) o = true -> o <> p ->
     t'.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z).
Proof.
  intros HI Hp Pp t'.
  pose proof hS as [hCity _].
  unfold t', deliverOne.
  destruct (placeOf s t p) as [l |] eqn:Hl.
  2: { simpl; split; [exact I | split; [exact HI | split; [intros l d E; discriminate | auto]]]. }
  destruct (goalPlace s g p) as [d |] eqn:Hd.
  2: { simpl; split; [exact I | split; [exact HI | split; [intros l0 d E1 E2; discriminate | auto]]]. }
  assert (Hgoal : forall l0 d0, Some l = Some l0 -> Some d = Some d0 -> d0 = d) by congruence.
  unfold placeOf in Hl; destruct (find_some _ _ Hl) as [HlIn HlP]; apply andb_prop in HlP; destruct HlP as [Pl Al].
  unfold goalPlace in Hd; destruct (find_some _ _ Hd) as [HdIn HdP]; apply andb_prop in HdP; destruct HdP as [Pd _].
  destruct (cityOf_some s hS l HlIn Pl) as [c1 [Hc1 [Hc1In [Cc1 Ic1]]]].
  destruct (cityOf_some s hS d HdIn Pd) as [c2 [Hc2 [Hc2In [Cc2 Ic2]]]].
  rewrite Hc1, Hc2.
  destruct (Nat.eqb_spec c1 c2) as [E | E].
  - subst c2; destruct (truckIn_some s t c1 HI Hc1In Cc1) as [v Hv]; rewrite Hv.
    destruct (byTruck_ok s hS t p v l d c1 HI Hp Pp Al HlIn Ic1 HdIn Ic2 Hc1In Hv) as [V [I' [A F]]].
    split; [exact V | split; [exact I' | split; [| exact F]]].
    intros l0 d0 E1 E2; rewrite (Hgoal l0 d0 E1 E2); exact A.
  - (* Two cities, so an airplane. *)
    assert (Hpl : exists pl, find (fun a => s.(statics).(airplane_t) a) (objs s) = Some pl).
    { destruct hPlane as [H | H].
      - exfalso; pose proof (two_le (fun x0 => s.(statics).(city_t) x0 && true) (objs s) c1 c2 hNd Hc1In
                              ltac:(cbv beta; rewrite Cc1; reflexivity) Hc2In ltac:(cbv beta; rewrite Cc2; reflexivity) E) as H2.
        unfold objs in H2; lia.
      - destruct (witness_of_count _ _ H) as [a [Ha Fa]]; rewrite andb_true_r in Fa.
        exact (find_of_witness _ _ a Ha Fa). }
    destruct Hpl as [pl Hpl]; destruct (find_some _ _ Hpl) as [HplIn Apl].
    assert (Hair : forall c, In c (objs s) -> s.(statics).(city_t) c = true -> exists a, airportOf s c = Some a /\
              In a (objs s) /\ s.(statics).(place_t) a = true /\ s.(statics).(airport_t) a = true /\
              s.(statics).(in_city_p) a c = true).
    { intros c Hc Cc; destruct (count_one_witness _ _ (hAirport c Hc Cc)) as [a [Ha [Fa _]]].
      apply andb_prop in Fa; destruct Fa as [Aa Ia].
      destruct (find_of_witness (fun x => s.(statics).(airport_t) x && s.(statics).(in_city_p) x c) (objs s) a Ha
                  ltac:(cbv beta; rewrite Aa, Ia; reflexivity)) as [a' Ha'].
      destruct (find_some _ _ Ha') as [Ha'In Fa']; apply andb_prop in Fa'; destruct Fa' as [Aa' Ia'].
      exists a'; split; [exact Ha' | split; [exact Ha'In | split; [| split; assumption]]].
      exact (proj1 (hCity a' Ha'In c Hc Ia')). }
    destruct (Hair c1 Hc1In Cc1) as [a1 [Ha1 [Ha1In [Pa1 [Aa1 Ia1]]]]].
    destruct (Hair c2 Hc2In Cc2) as [a2 [Ha2 [Ha2In [Pa2 [Aa2 Ia2]]]]].
    rewrite Ha1, Ha2, Hpl; cbv zeta.
    destruct (truckIn_some s t c1 HI Hc1In Cc1) as [v1 Hv1]; rewrite Hv1.
    destruct (byTruck_ok s hS t p v1 l a1 c1 HI Hp Pp Al HlIn Ic1 Ha1In Ia1 Hc1In Hv1) as [V1 [I1 [A1 F1]]].
    set (t1 := runPlan (byTruck s t p v1 l a1) t) in *.
    destruct (byPlane_ok s hS t1 p pl a1 a2 I1 Hp Pp A1 Ha1In Pa1 Aa1 Ha2In Pa2 Aa2 HplIn Apl) as [V2 [I2 [A2 F2]]].
    set (t2 := runPlan (byPlane s t1 p pl a1 a2) t1) in *.
    destruct (truckIn_some s t2 c2 I2 Hc2In Cc2) as [v2 Hv2]; rewrite Hv2.
    destruct (byTruck_ok s hS t2 p v2 a2 d c2 I2 Hp Pp A2 Ha2In Ia2 HdIn Ic2 Hc2In Hv2) as [V3 [I3 [A3 F3]]].
    rewrite !validPlan_append, !runPlan_append; fold t1; fold t2.
    split; [split; [exact V1 | split; [exact V2 | exact V3]] | split; [exact I3 | split]].
    + intros l0 d0 E1 E2; rewrite (Hgoal l0 d0 E1 E2); exact A3.
    + intros o z Ho Po N; rewrite F3, F2, F1 by assumption; reflexivity.
Qed.

Lemma find_ext_in (f f' : nat -> bool) (l : list nat) : (forall x, f x = f' x) -> find f l = find f' l.
Proof. intro E; induction l as [| a l IH]; simpl; [reflexivity | rewrite E, IH; reflexivity]. Qed.

Lemma deliverAll_ok (s : State) (hS : StOK s) (hNd : ObjectsNoDup s) (hAirport : CityHasOneAirport s)
  (hPlane : AirplaneIfSeveralCities s) (g : Goal) : forall ps t,
  VInv s t -> NoDup ps -> (forall p, In p ps -> In p (objs s) /\ s.(statics).(package_t) p = true) ->
  let t' := runPlan (deliverAll s t g ps) t in
  ValidPlan (deliverAll s t g ps) t /\ VInv s t' /\
  (forall p l d, In p ps -> placeOf s t p = Some l -> goalPlace s g p = Some d -> t'.(dynamic).(at_p) p d = true) /\
  (forall o z, In o (objs s) -> s.(statics).(package_t) o = true -> ~ In o ps ->
     t'.(dynamic).(at_p) o z = t.(dynamic).(at_p) o z).
Proof.
  induction ps as [| p rest IH]; intros t HI Hnd Hps t'.
  - simpl; split; [exact I | split; [exact HI | split; [intros p l d [] | auto]]].
  - inversion Hnd as [| p' rest' Hnin Hnd']; subst.
    destruct (Hps p (or_introl eq_refl)) as [Hp Pp].
    destruct (deliverOne_ok s hS hNd hAirport hPlane g t p HI Hp Pp) as [V1 [I1 [G1 F1]]].
    set (t1 := runPlan (deliverOne s t g p) t) in *.
    destruct (IH t1 I1 Hnd' (fun q Hq => Hps q (or_intror Hq))) as [V2 [I2 [G2 F2]]].
    unfold t'; cbn [deliverAll]; rewrite validPlan_append, runPlan_append; fold t1.
    split; [split; assumption | split; [exact I2 | split]].
    + intros q l d [E | Hq] Hl Hd.
      * subst q; rewrite F2 by assumption; exact (G1 l d Hl Hd).
      * destruct (Hps q (or_intror Hq)) as [HqIn Pq].
        apply (G2 q l d Hq); [| exact Hd].
        assert (Nqp : q <> p) by (intro; subst; contradiction).
        unfold placeOf; rewrite <- Hl; unfold placeOf; apply find_ext_in; intro x.
        rewrite (F1 q x HqIn Pq Nqp); reflexivity.
    + intros o z Ho Po N.
      rewrite F2 by (try assumption; intro; apply N; right; assumption).
      apply F1; [exact Ho | exact Po | intro; subst; apply N; left; reflexivity].
Qed.

Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
Proof.
  destruct hinit as [[hNd [hCity [_ [_ [hOne [hAirport [hTruck [hPlane [hVeh [hAirAt [hTypes [hDis hPlaced]]]]]]]]]]]]
                     hNothing].
  destruct hgoal as [[gcAt gcIn] [gPlaced [gTyped [gPos gOnly]]]].
  assert (hS : StOK s) by (split; [exact hCity | split; [exact hOne | split; assumption]]).
  assert (Placed : forall v, In v (objs s) -> s.(statics).(vehicle_t) v = true -> exists y, PlacedAt s s v y).
  { intros v Hv Vv; destruct (count_one_witness _ _ (hVeh v Hv Vv)) as [y [Hy [Fy U]]].
    apply andb_prop in Fy; destruct Fy as [Py Ay].
    exists y; split; [exact Hy | split; [exact Py | split; [exact Ay |]]].
    intros z Hz Pz Az; apply U; [exact Hz | rewrite Pz, Az; reflexivity]. }
  assert (I0 : VInv s s).
  { split; [reflexivity | split; [exact Placed | split; [exact hAirAt |]]].
    intros c Hc Cc; destruct (hTruck c Hc Cc) as [v [Hv [Tv [y [Hy [Py [Ay Iy]]]]]]].
    destruct (Placed v Hv (proj1 hTypes v Hv Tv)) as [y' Pv].
    pose proof Pv as [_ [_ [_ U]]]; rewrite (U y Hy Py Ay) in Iy.
    exists v, y'; split; [exact Hv | split; [exact Tv | split; [exact Pv | exact Iy]]]. }
  set (ps := filter (fun p => s.(statics).(package_t) p) (objs s)).
  assert (Hps : forall p, In p ps -> In p (objs s) /\ s.(statics).(package_t) p = true)
    by (intros p H; apply filter_In in H; exact H).
  destruct (deliverAll_ok s hS hNd hAirport hPlane g ps s I0 (NoDup_filter _ hNd) Hps) as [V [_ [G _]]].
  unfold solve; fold ps; split; [exact V |].
  split.
  - intros o x; destruct (g.(goal_dynamic).(goal_at_p) o x) as [[|] |] eqn:E; try exact I.
    + destruct (gcAt o x ltac:(rewrite E; discriminate)) as [Ho Hx].
      destruct (gTyped o Ho x Hx ltac:(rewrite E; discriminate)) as [Po Px].
      (* Where the package is at first. *)
      assert (Hl : exists l, placeOf s s o = Some l).
      { pose proof (hPlaced o Ho Po) as H.
        rewrite (count_zero (fun x1 => s.(statics).(vehicle_t) x1 && s.(dynamic).(in_p) o x1)) in H.
        - destruct (witness_of_count (fun x1 => s.(statics).(place_t) x1 && s.(dynamic).(at_p) o x1) (objs s)
                      ltac:(unfold objs; lia)) as [l [Hl Fl]].
          exact (find_of_witness _ _ l Hl Fl).
        - intros w Hw; apply andb_false_iff; right; apply not_true_iff_false; exact (hNothing o Ho w Hw). }
      destruct Hl as [l Hl].
      destruct (find_of_witness (fun y => s.(statics).(place_t) y && isTrue (g.(goal_dynamic).(goal_at_p) o y))
                  (objs s) x Hx ltac:(cbv beta; rewrite Px, E; reflexivity)) as [d Hd].
      destruct (find_some _ _ Hd) as [HdIn HdP]; apply andb_prop in HdP; destruct HdP as [Pd Gd].
      assert (Ex : x = d).
      { apply (count_le_one_unique _ _ x d (gPlaced o Ho Po) Hx); [| exact HdIn |].
        - cbv beta; rewrite Px, E; reflexivity.
        - cbv beta; rewrite Pd, <- isTrue_optb, Gd; reflexivity. }
      subst d; exact (G o l x (proj2 (filter_In _ _ _) (conj Ho Po)) Hl Hd).
    + exfalso; exact (gPos o (proj1 (gcAt o x ltac:(rewrite E; discriminate))) x
                        (proj2 (gcAt o x ltac:(rewrite E; discriminate))) E).
  - intros o w; destruct (g.(goal_dynamic).(goal_in_p) o w) eqn:E; [| exact I].
    destruct (gcIn o w ltac:(rewrite E; discriminate)) as [Ho Hw].
    rewrite (gOnly o Ho w Hw) in E; discriminate.
Qed.
