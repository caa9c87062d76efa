//! The definitions printed as Coq functions: the same syntax tree the evaluator is compiled
//! from. A task is given to the printed function as a record of finite object lists per type,
//! atom tests per predicate and source, and distance tables; a state is whatever `holds` reads.
//!
//! ```text
//! Record Ctx := { objs : string -> list nat;          (* the objects of a type *)
//!                 holds : string -> list nat -> bool;  (* the state *)
//!                 init : string -> list nat -> bool; goal : string -> list nat -> bool;
//!                 stat : string -> list nat -> bool; dist : string -> nat -> nat -> nat;
//!                 dist_by : string -> nat -> nat -> nat -> nat;  (* distance-by tables *)
//!                 dist_pair : string -> nat -> nat -> nat -> nat -> nat -> nat;  (* two objects *)
//!                 dist_cap : string -> nat;
//!                 obj : string -> nat }.
//! ```
//!
//! Each heuristic `NAME` becomes `Definition NAME_value (c : Ctx) : nat` (and `NAME_dead_end`),
//! built from `fold_right` over the object lists, `Nat.sub` (truncated), `Nat.max`, `Nat.min`.
//!
//! The same file holds the transition system the per-domain theorems (`proofs/NAME.v`) talk
//! about, a deep embedding of STRIPS interpreted once in the prelude (`strips_step`, `strips_goal`,
//! `at_state`): `NAME_schemas` is printed from the certificate's `(schemas ...)` lines, the very
//! lines certplan compares with the domain's action schemas before search ([`schema`]);
//! `NAME_certificate` is the conjunction of the printed checks; `NAME_wf` is what certplan's
//! context has by construction (objects listed once, `stat` = the initial facts of the static
//! predicates). A generic interpreter keeps the trusted model to one page of Coq for every
//! domain; a proof starts from an inversion lemma that computes what each schema changes.

use crate::lang::{Binder, Definition, Expr, Fold, NatOp, Source, Term};

/// The shared prelude: the context record and the list folds the printed terms use.
pub const PRELUDE: &str = r#"Require Import Coq.Lists.List Coq.Strings.String Coq.Arith.PeanoNat.
Import ListNotations.
Open Scope string_scope.

Record Ctx := {
  objs : string -> list nat;
  holds : string -> list nat -> bool;
  init : string -> list nat -> bool;
  goal : string -> list nat -> bool;
  stat : string -> list nat -> bool;
  dist : string -> nat -> nat -> nat;
  dist_by : string -> nat -> nat -> nat -> nat;
  dist_pair : string -> nat -> nat -> nat -> nat -> nat -> nat;
  dist_cap : string -> nat;
  obj : string -> nat
}.

Definition sum_over (l : list nat) (f : nat -> nat) : nat := fold_right (fun x a => f x + a) 0 l.
Definition max_over (l : list nat) (f : nat -> nat) : nat := fold_right (fun x a => Nat.max (f x) a) 0 l.
Definition min_over (l : list nat) (f : nat -> nat) (empty : nat) : nat :=
  match l with [] => empty | x :: r => fold_right (fun y a => Nat.min (f y) a) (f x) r end.
Definition count_over (l : list nat) (p : nat -> bool) : nat := List.length (List.filter p l).

(* The task's transition system, the one the theorems talk about: STRIPS as in PDDL's :strips
   fragment. A state is the set of true atoms, as a test (predicate name, argument objects); an
   operator is an action schema with its arguments, one object per parameter, each an object of
   one of the parameter's types; it applies where its precondition literals hold and leads to the
   state with its delete effects removed and then its add effects added (an atom both deleted
   and added stays true). The schemas are printed from the certificate's `(schemas ...)` lines,
   which certplan compares with the domain's action schemas before search. *)
Inductive Arg := AVar (i : nat) | AObj (name : string).
Inductive Pre := PAtom (positive : bool) (pred : string) (args : list Arg) | PEq (positive : bool) (a b : Arg).
Record Schema := {
  sname : string;
  sparams : list (list string);
  spre : list Pre;
  sadd : list (string * list Arg);
  sdel : list (string * list Arg)
}.

Definition State := string -> list nat -> bool.
Definition Op := (Schema * list nat)%type.

(* The context whose state is s: what the heuristic reads in state s of the task c. *)
Definition at_state (c : Ctx) (s : State) : Ctx :=
  {| objs := objs c; holds := s; init := init c; goal := goal c; stat := stat c; dist := dist c;
     dist_by := dist_by c; dist_pair := dist_pair c; dist_cap := dist_cap c; obj := obj c |}.

Definition arg_value (c : Ctx) (xs : list nat) (a : Arg) : nat :=
  match a with AVar i => nth i xs 0 | AObj o => obj c o end.

Fixpoint nats_eqb (a b : list nat) : bool :=
  match a, b with
  | [], [] => true
  | x :: a', y :: b' => andb (Nat.eqb x y) (nats_eqb a' b')
  | _, _ => false
  end.

Fixpoint typed (c : Ctx) (xs : list nat) (tys : list (list string)) : Prop :=
  match xs, tys with
  | [], [] => True
  | x :: xs', t :: tys' => (exists ty, In ty t /\ In x (objs c ty)) /\ typed c xs' tys'
  | _, _ => False
  end.

Definition pre_holds (c : Ctx) (s : State) (xs : list nat) (p : Pre) : Prop :=
  match p with
  | PAtom b q a => s q (map (arg_value c xs) a) = b
  | PEq b x y => Nat.eqb (arg_value c xs x) (arg_value c xs y) = b
  end.

Definition atom_in (c : Ctx) (xs : list nat) (q : string) (ys : list nat) (l : list (string * list Arg)) : bool :=
  existsb (fun e => andb (String.eqb (fst e) q) (nats_eqb (map (arg_value c xs) (snd e)) ys)) l.

Definition apply_op (c : Ctx) (s : State) (sch : Schema) (xs : list nat) : State :=
  fun q ys => if atom_in c xs q ys (sadd sch) then true else if atom_in c xs q ys (sdel sch) then false else s q ys.

Definition strips_step (c : Ctx) (schemas : list Schema) (s : State) (o : Op) (s' : State) : Prop :=
  In (fst o) schemas /\ typed c (snd o) (sparams (fst o)) /\ Forall (pre_holds c s (snd o)) (spre (fst o)) /\
  s' = apply_op c s (fst o) (snd o).

(* The initial state is `init c`; a goal state makes every goal atom true. *)
Definition strips_goal (c : Ctx) (s : State) : Prop := forall q ys, goal c q ys = true -> s q ys = true.

(* What certplan guarantees of every context it builds, whatever the heuristic: the objects of a
   type are listed once each. *)
Definition objects_distinct (c : Ctx) : Prop := forall ty, NoDup (objs c ty).
"#;

fn ident(s: &str) -> String {
    let mut out: String = s.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    if out.chars().next().is_none_or(|c| c.is_ascii_digit()) {
        out.insert(0, 'v');
    }
    out
}

fn term(t: &Term) -> String {
    match t {
        Term::Var(v) => format!("v_{}", ident(&v[1..])),
        Term::Object(o) => format!("(obj c \"{o}\")"),
    }
}

fn domain(b: &Binder) -> String {
    match &b.filter {
        None => format!("(objs c \"{}\")", b.ty),
        Some(f) => {
            format!("(List.filter (fun v_{} => {}) (objs c \"{}\"))", ident(&b.var[1..]), expr(f), b.ty)
        }
    }
}

/// One expression as a Coq term (`nat` or `bool`).
pub fn expr(e: &Expr) -> String {
    let join = |v: &[Expr], op: &str, unit: &str| -> String {
        v.iter().rev().fold(unit.to_string(), |acc, x| format!("({op} {} {acc})", expr(x)))
    };
    match e {
        Expr::Num(k) => k.to_string(),
        Expr::NatVar(v) => format!("n_{}", ident(v)),
        Expr::Op(NatOp::Add, v) => join(v, "Nat.add", "0"),
        Expr::Op(NatOp::Max, v) => join(v, "Nat.max", "0"),
        Expr::Op(NatOp::Min, v) => match v.split_last() {
            Some((last, rest)) => rest.iter().rev().fold(expr(last), |acc, x| format!("(Nat.min {} {acc})", expr(x))),
            None => "0".into(),
        },
        Expr::Op(NatOp::Sub, v) => format!("(Nat.sub {} {})", expr(&v[0]), expr(&v[1])),
        Expr::Op(NatOp::Mul, v) => format!("(Nat.mul {} {})", expr(&v[0]), expr(&v[1])),
        Expr::If(c, a, b) => format!("(if {} then {} else {})", expr(c), expr(a), expr(b)),
        Expr::Let(n, x, body) => format!("(let n_{} := {} in {})", ident(n), expr(x), expr(body)),
        Expr::Fold(f, b, body) => {
            let v = format!("v_{}", ident(&b.var[1..]));
            let d = domain(b);
            match f {
                Fold::Sum => format!("(sum_over {d} (fun {v} => {}))", expr(body)),
                Fold::MaxOver => format!("(max_over {d} (fun {v} => {}))", expr(body)),
                Fold::Count => format!("(count_over {d} (fun {v} => {}))", expr(body)),
                Fold::Exists => format!("(existsb (fun {v} => {}) {d})", expr(body)),
                Fold::Forall => format!("(forallb (fun {v} => {}) {d})", expr(body)),
            }
        }
        Expr::MinOver(b, body, empty) => {
            format!("(min_over {} (fun v_{} => {}) {})", domain(b), ident(&b.var[1..]), expr(body), expr(empty))
        }
        Expr::Dist(t, a, b) => format!("(dist c \"{t}\" {} {})", term(a), term(b)),
        Expr::DistBy(t, i, a, b) => format!("(dist_by c \"{t}\" {} {} {})", term(i), term(a), term(b)),
        Expr::DistPair(t, v) => {
            format!("(dist_pair c \"{t}\" {})", v.iter().map(term).collect::<Vec<_>>().join(" "))
        }
        Expr::Cap(t) => format!("(dist_cap c \"{t}\")"),
        Expr::Bool(b) => b.to_string(),
        Expr::And(v) => v.iter().rev().fold("true".into(), |acc, x| format!("(andb {} {acc})", expr(x))),
        Expr::Or(v) => v.iter().rev().fold("false".into(), |acc, x| format!("(orb {} {acc})", expr(x))),
        Expr::Not(x) => format!("(negb {})", expr(x)),
        Expr::Eq(a, b) => format!("(Nat.eqb {} {})", term(a), term(b)),
        Expr::Less(a, b) => format!("(Nat.ltb {} {})", expr(a), expr(b)),
        Expr::LessEq(a, b) => format!("(Nat.leb {} {})", expr(a), expr(b)),
        Expr::Atom(src, p, args) => {
            let f = match src {
                Source::Holds => "holds",
                Source::Init => "init",
                Source::Goal => "goal",
                Source::Static => "stat",
            };
            let a: Vec<String> = args.iter().map(term).collect();
            format!("({f} c \"{p}\" [{}])", a.join("; "))
        }
    }
}

fn coq_string(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

fn schema_arg(a: &str) -> String {
    match a.strip_prefix('?').and_then(|i| i.parse::<usize>().ok()) {
        Some(i) => format!("AVar {i}"),
        None => format!("AObj {}", coq_string(a)),
    }
}

/// One literal of a schema line, `(p ?0 x)`, `(not (p ?1))`, `(= ?0 ?1)`: (positive, predicate or
/// `=`, arguments).
fn schema_literal(lit: &str) -> Result<(bool, String, Vec<String>), String> {
    let lit = lit.trim();
    let (positive, inner) = match lit.strip_prefix("(not ").and_then(|r| r.strip_suffix(')')) {
        Some(inner) => (false, inner.trim()),
        None => (true, lit),
    };
    let body = inner.strip_prefix('(').and_then(|r| r.strip_suffix(')')).ok_or(format!("not a literal: `{lit}`"))?;
    let mut words = body.split_whitespace();
    let pred = words.next().ok_or(format!("empty literal: `{lit}`"))?.to_string();
    if pred.starts_with('<') || pred.contains(['(', ')']) {
        return Err(format!("not a STRIPS literal: `{lit}`"));
    }
    Ok((positive, pred, words.map(schema_arg).collect()))
}

/// The literals of one section of a schema line: balanced `(...)` groups.
fn literals(section: &str) -> Result<Vec<(bool, String, Vec<String>)>, String> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, None);
    for (i, ch) in section.char_indices() {
        match ch {
            '(' => {
                if depth == 0 {
                    start = Some(i);
                }
                depth += 1;
            }
            ')' => {
                depth = depth.checked_sub(1).ok_or(format!("unbalanced: `{section}`"))?;
                if depth == 0 {
                    out.push(schema_literal(&section[start.take().unwrap_or(0)..=i])?);
                }
            }
            c if depth == 0 && !c.is_whitespace() => return Err(format!("not a STRIPS literal list: `{section}`")),
            _ => {}
        }
    }
    if depth != 0 {
        return Err(format!("unbalanced: `{section}`"));
    }
    Ok(out)
}

/// A certificate schema line (`cert::schema_signatures`' format) as a Coq `Schema`.
pub fn schema(line: &str) -> Result<String, String> {
    let parts: Vec<&str> = line.split(" | ").collect();
    let [head, pre, eff] = parts.as_slice() else {
        return Err(format!("a schema line is `NAME PARAMS | pre ... | eff ...`: `{line}`"));
    };
    let pre = pre.strip_prefix("pre").ok_or(format!("no `pre` section: `{line}`"))?;
    let eff = eff.strip_prefix("eff").ok_or(format!("no `eff` section: `{line}`"))?;
    let mut words = head.split_whitespace();
    let name = words.next().ok_or(format!("no schema name: `{line}`"))?;
    let mut params = Vec::new();
    for (i, w) in words.enumerate() {
        let (var, tys) = w.split_once(':').ok_or(format!("a parameter is `?N:TYPE`: `{w}`"))?;
        if var != format!("?{i}") {
            return Err(format!("parameter {i} is `{var}`"));
        }
        let tys: Vec<String> = tys.split('|').map(coq_string).collect();
        params.push(format!("[{}]", tys.join("; ")));
    }
    let list = |v: Vec<String>| format!("[{}]", v.join("; "));
    let pres: Vec<String> = literals(pre)?
        .into_iter()
        .map(|(pos, p, args)| match (p.as_str(), args.as_slice()) {
            ("=", [a, b]) => format!("PEq {pos} ({a}) ({b})"),
            _ => format!("PAtom {pos} {} {}", coq_string(&p), list(args.iter().map(|a| format!("({a})")).collect())),
        })
        .collect();
    let (mut adds, mut dels) = (Vec::new(), Vec::new());
    for (pos, p, args) in literals(eff)? {
        if p == "=" {
            return Err(format!("an equality is not an effect: `{line}`"));
        }
        let e = format!("({}, {})", coq_string(&p), list(args.iter().map(|a| format!("({a})")).collect()));
        if pos { adds.push(e) } else { dels.push(e) }
    }
    Ok(format!(
        "{{| sname := {}; sparams := {}; spre := {}; sadd := {}; sdel := {} |}}",
        coq_string(name),
        list(params),
        list(pres),
        list(adds),
        list(dels)
    ))
}

/// The transition model of a definition: its schemas, the well-formedness its context has by
/// construction (objects listed once; a static predicate's `stat` facts are its initial ones,
/// and the schemas never change it) and its certificate as one Boolean.
fn model(d: &Definition, n: &str) -> String {
    let mut s = String::new();
    let schemas: Vec<String> = d
        .schemas
        .iter()
        .map(|l| schema(l).unwrap_or_else(|e| format!("(* unprintable schema: {} *) {}", e.replace("*)", "* )"), "_")))
        .collect();
    s.push_str(&format!("Definition {n}_schemas : list Schema :=\n  [{}].\n", schemas.join(";\n   ")));
    let mut wf = vec!["objects_distinct c".to_string()];
    for p in &d.static_predicates {
        wf.push(format!("(forall ys, stat c {} ys = init c {} ys)", coq_string(p), coq_string(p)));
    }
    // A distance table as certplan checks it when it compiles the definition (`distance_table`):
    // zero diagonal, entries at most the cap, the cap positive, and for each edge u -> v and
    // target t: d(u,t) <= 1 + d(v,t), and d(v,t) < cap implies d(u,t) < cap.
    // A `distance-by` table states the same of each index object's graph; a `where` relation is
    // an edge wherever its printed Boolean holds of u and v.
    for t in &d.tables {
        let (tn, ty) = (coq_string(&t.name), coq_string(&t.ty));
        // A `push-distance` table as `push_distance_table` checks it: 0 at each target's nodes
        // (t, y); an agent's step y -> y1 (y1 not the object's x) and a push r -> a -> b each
        // lower an entry by at most 1. The entry for object x, agent y, target t is
        // `dist_by c NAME x y t`.
        if let Some(p) = &t.push {
            let rel = |vars: &[(&String, &str)], e: &Expr| {
                let lets: String =
                    vars.iter().map(|(v, val)| format!("let v_{} := {val} in ", ident(&v[1..]))).collect();
                format!("({lets}{}) = true", expr(e))
            };
            let walk = |a: &str, b: &str| rel(&[(&p.walk.from, a), (&p.walk.to, b)], &p.walk.expr);
            let push = rel(&[(&p.vars[0], "r"), (&p.vars[1], "a"), (&p.vars[2], "b")], &p.push);
            let inn = |vs: &[&str]| vs.iter().map(|v| format!("In {v} (objs c {ty}) -> ")).collect::<String>();
            // Two objects: the entry for objects x1, x2, agent y, targets t1, t2 is
            // `dist_pair c NAME x1 x2 y t1 t2`; a step avoids both objects' squares, a push of
            // one ends off the other's square.
            if p.targets.len() == 2 {
                let d_ = format!("dist_pair c {tn}");
                wf.push(format!(
                    "(forall y t1 t2, {}{d_} t1 t2 y t1 t2 = 0) /\\\n  \
                     (forall x1 x2 y y1 t1 t2, {}{} -> y1 <> x1 -> y1 <> x2 ->\n     \
                     {d_} x1 x2 y t1 t2 <= 1 + {d_} x1 x2 y1 t1 t2) /\\\n  \
                     (forall r a b x2 t1 t2, {}{} -> {} ->\n     {push} -> b <> x2 ->\n     \
                     {d_} a x2 r t1 t2 <= 1 + {d_} b x2 a t1 t2) /\\\n  \
                     (forall r a b x1 t1 t2, {}{} -> {} ->\n     {push} -> b <> x1 ->\n     \
                     {d_} x1 a r t1 t2 <= 1 + {d_} x1 b a t1 t2)",
                    inn(&["y", "t1", "t2"]),
                    inn(&["x1", "x2", "y", "y1", "t1", "t2"]),
                    walk("y", "y1"),
                    inn(&["r", "a", "b", "x2", "t1", "t2"]),
                    walk("r", "a"),
                    walk("a", "b"),
                    inn(&["r", "a", "b", "x1", "t1", "t2"]),
                    walk("r", "a"),
                    walk("a", "b"),
                ));
                continue;
            }
            let d_ = format!("dist_by c {tn}");
            wf.push(format!(
                "(forall y t, {}{d_} t y t = 0) /\\\n  \
                 (forall x y y1 t, {}{} -> y1 <> x ->\n     {d_} x y t <= 1 + {d_} x y1 t) /\\\n  \
                 (forall r a b t, {}{} -> {} ->\n     {push} -> {d_} a r t <= 1 + {d_} b a t)",
                inn(&["y", "t"]),
                inn(&["x", "y", "y1", "t"]),
                walk("y", "y1"),
                inn(&["r", "a", "b", "t"]),
                walk("r", "a"),
                walk("a", "b"),
            ));
            continue;
        }
        let ix = if t.index.is_some() { "i; " } else { "" };
        let mut edges: Vec<String> = t
            .edges
            .iter()
            .map(|(p, rev)| {
                let (a, b) = if *rev { ("v", "u") } else { ("u", "v") };
                format!("stat c {} [{ix}{a}; {b}] = true", coq_string(p))
            })
            .collect();
        for r in &t.relations {
            edges.push(format!(
                "(let v_{} := u in let v_{} := v in {}) = true",
                ident(&r.from[1..]),
                ident(&r.to[1..]),
                expr(&r.expr)
            ));
        }
        let edge = edges.join(" \\/ ");
        let (d_, quant, cond) = match &t.index {
            None => (format!("dist c {tn}"), String::new(), String::new()),
            Some(it) => {
                (format!("dist_by c {tn} i"), "i ".to_string(), format!("In i (objs c {}) -> ", coq_string(it)))
            }
        };
        wf.push(format!(
            "(forall {quant}x, {cond}In x (objs c {ty}) -> {d_} x x = 0 /\\ 0 < dist_cap c {tn}) /\\\n  \
             (forall {quant}x y, {cond}In x (objs c {ty}) -> In y (objs c {ty}) -> {d_} x y <= dist_cap c {tn}) /\\\n  \
             (forall {quant}u v t, {cond}In u (objs c {ty}) -> In v (objs c {ty}) -> In t (objs c {ty}) -> ({edge}) ->\n     \
             {d_} u t <= 1 + {d_} v t /\\ ({d_} v t < dist_cap c {tn} -> {d_} u t < dist_cap c {tn}))"
        ));
        // A table flagged `exact` is also checked exact (`checked_distances`): each finite entry
        // off the diagonal is one more than a finite entry of some edge's head.
        if t.exact {
            wf.push(format!(
                "(forall {quant}u t, {cond}In u (objs c {ty}) -> In t (objs c {ty}) -> u <> t -> {d_} u t < dist_cap c {tn} ->\n     \
                 exists v, In v (objs c {ty}) /\\ ({edge}) /\\ {d_} v t < dist_cap c {tn} /\\ {d_} u t = 1 + {d_} v t)"
            ));
        }
    }
    s.push_str(&format!("Definition {n}_wf (c : Ctx) : Prop :=\n  {}.\n", wf.join(" /\\ ")));
    let checks = (0..d.checks.len()).rev().fold("true".to_string(), |acc, i| format!("(andb ({n}_check_{i} c) {acc})"));
    s.push_str(&format!("Definition {n}_certificate (c : Ctx) : bool :=\n  {checks}.\n"));
    s
}

/// A definition as Coq: its value, its dead-end test and its checks.
pub fn definition(d: &Definition) -> String {
    let n = ident(&d.name);
    let mut s = format!("(* {}: printed from heuristics/{}.heur by certplan; do not edit. *)\n", d.name, d.name);
    s.push_str(&format!("Definition {n}_value (c : Ctx) : nat :=\n  {}.\n", expr(&d.value)));
    let dead = d.dead_end.as_ref().map_or("false".into(), expr);
    s.push_str(&format!("Definition {n}_dead_end (c : Ctx) : bool :=\n  {dead}.\n"));
    s.push_str(&format!(
        "Definition {n}_h (c : Ctx) : option nat := if {n}_dead_end c then None else Some ({n}_value c).\n"
    ));
    for (i, ch) in d.checks.iter().enumerate() {
        s.push_str(&format!(
            "(* check {} *)\nDefinition {n}_check_{i} (c : Ctx) : bool :=\n  {}.\n",
            ch.name,
            expr(&ch.expr)
        ));
    }
    s.push_str(&model(d, &n));
    s
}

/// The three theorems a per-domain proof file must state for heuristic `name`, as (theorem name,
/// statement) for the proof auditor: goal-awareness and consistency (Admissible.v's sense) on
/// every state reachable from the initial state, for every context that is well formed and
/// passes the printed certificate, with any operator costs of at least 1; and admissibility, the
/// shared theorem instantiated.
pub fn theorem_statements(name: &str) -> Vec<(String, String)> {
    let n = ident(name);
    let step = format!("(strips_step c {n}_schemas)");
    let h = format!("(fun s => {n}_h (at_state c s))");
    let hyps = format!("{n}_wf c -> {n}_certificate c = true ->");
    vec![
        (
            format!("{n}_goal_aware"),
            format!(
                "Theorem {n}_goal_aware : forall c : Ctx, {hyps}\n  goal_aware State Op {step} (init c) (strips_goal c) {h}."
            ),
        ),
        (
            format!("{n}_consistent"),
            format!(
                "Theorem {n}_consistent : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->\n  {hyps}\n  consistent State Op {step} cost (init c) {h}."
            ),
        ),
        (
            format!("{n}_admissible"),
            format!(
                "Theorem {n}_admissible : forall (c : Ctx) (cost : Op -> nat), (forall o, 1 <= cost o) ->\n  {hyps}\n  forall s k, reachable State Op {step} (init c) s ->\n  plan State Op {step} cost (strips_goal c) s k ->\n  le_opt ({n}_h (at_state c s)) k."
            ),
        ),
    ]
}

/// The prelude and every definition: one Coq file.
pub fn file(defs: &[Definition]) -> String {
    let mut s = String::from(PRELUDE);
    for d in defs {
        s.push('\n');
        s.push_str(&definition(d));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::schema;

    #[test]
    fn schema_lines_print_as_strips_schemas() {
        let s = schema(
            "board ?0:floor ?1:passenger | pre (lift-at ?0) (origin ?1 ?0) | eff (boarded ?1) (not (origin ?1 ?0))",
        )
        .unwrap();
        assert_eq!(
            s,
            "{| sname := \"board\"; sparams := [[\"floor\"]; [\"passenger\"]]; \
             spre := [PAtom true \"lift-at\" [(AVar 0)]; PAtom true \"origin\" [(AVar 1); (AVar 0)]]; \
             sadd := [(\"boarded\", [(AVar 1)])]; sdel := [(\"origin\", [(AVar 1); (AVar 0)])] |}"
        );
        // Negative preconditions, equalities, constants, either-types, nullary atoms.
        let s = schema("go ?0:a|b ?1:a | pre (not (p ?0)) (not (= ?0 ?1)) (= ?1 home) (q) | eff (not (q)) (r ?0 home)")
            .unwrap();
        assert!(s.contains("sparams := [[\"a\"; \"b\"]; [\"a\"]]"), "{s}");
        assert!(s.contains("PAtom false \"p\" [(AVar 0)]"), "{s}");
        assert!(s.contains("PEq false (AVar 0) (AVar 1)"), "{s}");
        assert!(s.contains("PEq true (AVar 1) (AObj \"home\")"), "{s}");
        assert!(s.contains("PAtom true \"q\" []"), "{s}");
        assert!(s.contains("sadd := [(\"r\", [(AVar 0); (AObj \"home\")])]; sdel := [(\"q\", [])]"), "{s}");
    }

    #[test]
    fn what_is_not_strips_is_refused() {
        for bad in [
            "a ?0:t | pre <or> | eff (p ?0)",
            "a ?0:t | pre (p ?0) | eff <scoped>",
            "a ?0:t | pre (p ?0)",
            "a ?1:t | pre | eff (p ?1)",
            "a ?0:t | pre (p ?0 | eff (q)",
            "a ?0:t | pre | eff (= ?0 ?0)",
        ] {
            assert!(schema(bad).is_err(), "{bad}");
        }
    }
}
