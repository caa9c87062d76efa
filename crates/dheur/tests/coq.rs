//! The Coq side, checked by coqc: the shared admissibility theorem (closed `Print Assumptions`,
//! accepted by the proof auditor against its expected statement), the heuristics as printed
//! from their sources (they must type-check: they are the functions proofs are about), and the
//! per-domain proofs of `dheur::PROOFS` about exactly those printed definitions (closed `Print
//! Assumptions`, accepted by the auditor). `proofs/Heuristics.v` is the printed file, kept in the
//! repository so the proofs can be checked by hand (`coqc -Q . DHeur` in `proofs/`, in the order
//! Heuristics, Admissible, Counting, then the domains). `proofs/Counting.v` holds the counting
//! lemmas the domain proofs share; it is audited like them (no axioms, no redefinitions); a test keeps it equal to what certplan prints
//! (`DHEUR_BLESS=1 cargo test -p dheur --test coq` rewrites it).

use std::path::Path;
use std::process::Command;

const LIBRARY: &str = include_str!("../proofs/Admissible.v");
/// The lemmas over the printed folds that the domain proofs share (imported, not repeated).
const COUNTING: &str = include_str!("../proofs/Counting.v");

/// The statement the shared theorem must keep (the auditor compares it up to whitespace).
const STATEMENT: &str = "Theorem admissible_on_reachable :
  forall (State Op : Type) (step : State -> Op -> State -> Prop) (cost : Op -> nat)
    (is_goal : State -> Prop) (init : State) (h : State -> option nat),
  goal_aware State Op step init is_goal h -> consistent State Op step cost init h ->
  forall s c, reachable State Op step init s -> plan State Op step cost is_goal s c -> le_opt (h s) c.";

fn coqc(dir: &Path, file: &str) -> (bool, String) {
    let out = Command::new("coqc").args(["-Q", ".", "DHeur", file]).current_dir(dir).output().expect("coqc runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

#[test]
fn the_shared_theorem_passes_the_auditor() {
    let v = proof::audit::audit(proof::Backend::Coq, LIBRARY, STATEMENT, &[]);
    assert!(v.is_empty(), "{v:?}");
}

#[test]
fn the_shared_theorem_is_checked_by_coqc_without_assumptions() {
    if !corpus::require_program("the_shared_theorem_is_checked_by_coqc_without_assumptions", "coqc") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("dheur-coq-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Admissible.v"), LIBRARY).unwrap();
    let (ok, text) = coqc(&dir, "Admissible.v");
    assert!(ok, "{text}");
    assert!(text.contains("Closed under the global context"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_printed_heuristics_type_check_in_coq() {
    if !corpus::require_program("the_printed_heuristics_type_check_in_coq", "coqc") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("dheur-coq-defs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Heuristics.v"), dheur::coq::file(dheur::definitions())).unwrap();
    let (ok, text) = coqc(&dir, "Heuristics.v");
    assert!(ok, "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_committed_printed_file_is_what_certplan_prints() {
    let printed = dheur::coq::file(dheur::definitions());
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs/Heuristics.v");
    if std::env::var("DHEUR_BLESS").as_deref() == Ok("1") {
        std::fs::write(&path, &printed).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == printed,
        "proofs/Heuristics.v differs from the printed definitions: rerun with DHEUR_BLESS=1 and recheck the proofs"
    );
}

/// The names the printed file and the shared library declare: a proof must not bind them again.
fn protected() -> Vec<String> {
    let mut names = proof::audit::declared_names(proof::Backend::Coq, &dheur::coq::file(dheur::definitions()));
    names.extend(proof::audit::declared_names(proof::Backend::Coq, LIBRARY));
    names
}

/// What a domain proof must not bind again: the above and the shared counting lemmas.
fn protected_for_domains() -> Vec<String> {
    let mut names = protected();
    names.extend(proof::audit::declared_names(proof::Backend::Coq, COUNTING));
    names
}

/// Counting.v states no fixed theorem, but is held to every other rule of the auditor (no axioms,
/// no admits, no foreign libraries, no redefinition of a printed or shared name): the domain
/// proofs import it, so it is part of what they rest on.
#[test]
fn the_counting_library_passes_the_auditor() {
    let v: Vec<_> = proof::audit::audit(proof::Backend::Coq, COUNTING, "", &protected())
        .into_iter()
        .filter(|v| v.rule != "expected-statement")
        .collect();
    assert!(v.is_empty(), "{v:?}");
    assert!(!proof::audit::declared_names(proof::Backend::Coq, COUNTING).is_empty());
}

#[test]
fn the_domain_proofs_pass_the_auditor() {
    let protected = protected_for_domains();
    for (name, text) in dheur::PROOFS {
        for (theorem, statement) in dheur::coq::theorem_statements(name) {
            let v = proof::audit::audit(proof::Backend::Coq, text, &statement, &protected);
            assert!(v.is_empty(), "{name}: {theorem}: {v:?}");
        }
    }
}

#[test]
fn proved_means_a_proof_file_checked_here() {
    let proved: Vec<&str> = dheur::definitions()
        .iter()
        .map(|d| d.name.as_str())
        .filter(|n| dheur::proof_status(n) == dheur::ProofStatus::Proved)
        .collect();
    let checked: Vec<&str> = dheur::PROOFS.iter().map(|(n, _)| *n).collect();
    assert_eq!(proved, checked, "the Proved heuristics are exactly those with a proof file, in source order");
    // Every domain proof file under proofs/ is one of PROOFS (none is left unchecked).
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|f| f.ends_with(".v") && !["Admissible.v", "Heuristics.v", "Counting.v"].contains(&f.as_str()))
        .collect();
    files.sort();
    let mut want: Vec<String> = checked.iter().map(|n| proof_file(n)).collect();
    want.sort();
    assert_eq!(files, want);
}

/// `miconic` -> `Miconic.v`.
fn proof_file(name: &str) -> String {
    let mut c = name.chars();
    let first = c.next().map(|f| f.to_ascii_uppercase().to_string()).unwrap_or_default();
    format!("{first}{}.v", c.as_str())
}

#[test]
fn the_domain_proofs_are_checked_by_coqc_without_assumptions() {
    if !corpus::require_program("the_domain_proofs_are_checked_by_coqc_without_assumptions", "coqc") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("dheur-coq-proofs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The definitions as printed now (not the committed copy), so a proof is about the source.
    std::fs::write(dir.join("Heuristics.v"), dheur::coq::file(dheur::definitions())).unwrap();
    std::fs::write(dir.join("Admissible.v"), LIBRARY).unwrap();
    std::fs::write(dir.join("Counting.v"), COUNTING).unwrap();
    // In dependency order: the domain proofs import all three.
    for f in ["Heuristics.v", "Admissible.v", "Counting.v"] {
        let (ok, text) = coqc(&dir, f);
        assert!(ok, "{f}: {text}");
    }
    for (name, text) in dheur::PROOFS {
        let file = proof_file(name);
        std::fs::write(dir.join(&file), text).unwrap();
        let (ok, out) = coqc(&dir, &file);
        assert!(ok, "{file}: {out}");
        // One `Print Assumptions` per theorem, each closed.
        for (theorem, _) in dheur::coq::theorem_statements(name) {
            assert!(
                text.contains(&format!("Print Assumptions {theorem}.")),
                "{file} does not print the assumptions of {theorem}"
            );
        }
        let closed = out.matches("Closed under the global context").count();
        assert_eq!(closed, text.matches("Print Assumptions").count(), "{file}: {out}");
        assert!(closed >= 3, "{file}: {out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The proved definitions, evaluated by Coq (`vm_compute` of the printed `NAME_h`) on contexts
/// printed from reachable states of small generated tasks, against the evaluator A* runs: the
/// printer and the evaluator agree, so the theorems are about the function search uses.
#[test]
fn the_proved_definitions_compute_what_the_evaluator_computes() {
    if !corpus::require_program("the_proved_definitions_compute_what_the_evaluator_computes", "coqc") {
        return;
    }
    let settings: &[(&str, &[(&str, u32)])] = &[
        ("miconic", &[("passengers", 3), ("floors", 3)]),
        ("ferry", &[("cars", 2), ("locations", 3)]),
        ("spanner", &[("spanners", 3), ("nuts", 2), ("locations", 4)]),
        ("satellite", &[("satellites", 2), ("instruments", 3), ("modes", 2), ("directions", 3)]),
        ("transport", &[("locations", 4), ("trucks", 2), ("packages", 2), ("capacity", 2)]),
        ("childsnack", &[("children", 1), ("allergic", 1), ("trays", 1), ("sandwiches", 2), ("tables", 1)]),
        ("floortile", &[("rows", 2), ("columns", 2), ("robots", 1)]),
        ("sokoban", &[("grid", 6), ("boxes", 2)]),
        ("blocksworld", &[("blocks", 4)]),
        ("rovers", &[("rovers", 2), ("waypoints", 4), ("cameras", 1), ("objectives", 2)]),
    ];
    let dir = std::env::temp_dir().join(format!("dheur-coq-agree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Heuristics.v"), dheur::coq::file(dheur::definitions())).unwrap();
    let (ok, text) = coqc(&dir, "Heuristics.v");
    assert!(ok, "{text}");
    for (name, _) in dheur::PROOFS {
        let (_, params) = settings.iter().find(|(n, _)| n == name).expect("settings for every proved heuristic");
        let dom = domains::find(name).expect("library domain");
        let params: Vec<(String, u32)> = params.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        let params = dom.params(&params).expect("valid parameters");
        let mut coq = String::from(
            "From DHeur Require Import Heuristics.\nRequire Import Coq.Lists.List Coq.Strings.String.\n\
             Import ListNotations.\nOpen Scope string_scope.\n\
             Definition mem (l : list (string * list nat)) (q : string) (ys : list nat) : bool :=\n  \
             existsb (fun a => andb (String.eqb (fst a) q) (nats_eqb (snd a) ys)) l.\n\
             Definition lookup (l : list (nat * nat * nat)) (cap a b : nat) : nat :=\n  \
             match find (fun e => andb (Nat.eqb (fst (fst e)) a) (Nat.eqb (snd (fst e)) b)) l with \
             Some e => snd e | None => cap end.\n\
             Definition lookup3 (l : list (nat * nat * nat * nat)) (cap i a b : nat) : nat :=\n  \
             match find (fun e => andb (andb (Nat.eqb (fst (fst (fst e))) i) (Nat.eqb (snd (fst (fst e))) a)) \
             (Nat.eqb (snd (fst e)) b)) l with Some e => snd e | None => cap end.\n\
             Definition lookup5 (l : list (list nat * nat)) (k : list nat) : nat :=\n  \
             match find (fun e => nats_eqb (fst e) k) l with Some e => snd e | None => 0 end.\n",
        );
        let mut want = Vec::new();
        for seed in 0..2 {
            let problem = dom.generate(&params, seed, "t").expect("generates");
            // The library's transport names its size type `capacity-number` (IPC 2008); the IPC
            // 2023 domain the certificate's schemas are written for calls it `size`.
            let (pddl, problem) = if *name == "transport" {
                (dom.pddl.replace("capacity-number", "size"), problem.replace("capacity-number", "size"))
            } else {
                (dom.pddl.to_string(), problem)
            };
            let task = domains::task(&pddl, &problem).expect("parses");
            let g = ground::ground(&task, ground::GroundOptions { deadline: None })
                .expect("grounds")
                .task
                .expect("solvable");
            let st = search::state::SearchTask::new(&g).with_lifted(&task);
            let mut h = dheur::instantiate(name, &st).expect("known").expect("certified");
            // The distance tables as the evaluator reads them: every entry off the cap listed.
            let program = dheur::certify(name, &st).expect("certified");
            let nobjects = task.objects.len() as u32;
            let (mut dist, mut dist_by, mut dist_pair, mut cap) =
                ("0".to_string(), "0".to_string(), "0".to_string(), "0".to_string());
            let k = format!("{name}{seed}");
            // A table's entries as definitions of at most 500 entries each, joined by `++`: one
            // list literal of a push-distance table's tens of thousands overflows coqc's stack.
            let define = |coq: &mut String, t: usize, ty: &str, entries: &[String]| -> String {
                let parts: Vec<String> = entries
                    .chunks(500)
                    .enumerate()
                    .map(|(j, c)| {
                        coq.push_str(&format!("Definition tab_{k}_{t}_{j} : list ({ty}) := [{}].\n", c.join("; ")));
                        format!("tab_{k}_{t}_{j}")
                    })
                    .chain(["[]".to_string()])
                    .collect();
                coq.push_str(&format!("Definition tab_{k}_{t} : list ({ty}) := {}.\n", parts.join(" ++ ")));
                format!("tab_{k}_{t}")
            };
            for (ti, t) in program.tables.iter().enumerate() {
                let mut entries = Vec::new();
                let name = coq_str(&t.name);
                if let Some(targets) = t.pair_targets() {
                    // A two-object table reads 0 off its columns: its other entries listed.
                    for (t1, t2) in targets {
                        for x1 in 0..nobjects {
                            for x2 in 0..nobjects {
                                for y in 0..nobjects {
                                    let d = t.distance_pair(x1, x2, y, t1, t2).expect("a two-object table");
                                    if d != 0 {
                                        entries.push(format!("([{x1}; {x2}; {y}; {t1}; {t2}], {d})"));
                                    }
                                }
                            }
                        }
                    }
                    let list = define(&mut coq, ti, "list nat * nat", &entries);
                    dist_pair =
                        format!("if String.eqb t {name} then lookup5 {list} [x1; x2; y; t1; t2] else {dist_pair}");
                } else if t.distance(0, 0).is_some() {
                    for a in 0..nobjects {
                        for b in 0..nobjects {
                            let d = t.distance(a, b).expect("a `distance` table");
                            if d != t.cap as u64 {
                                entries.push(format!("({a}, {b}, {d})"));
                            }
                        }
                    }
                    let list = define(&mut coq, ti, "nat * nat * nat", &entries);
                    dist = format!("if String.eqb t {name} then lookup {list} {} a b else {dist}", t.cap);
                } else {
                    for i in 0..nobjects {
                        for a in 0..nobjects {
                            for b in 0..nobjects {
                                let d = t.distance_by(i, a, b).expect("a `distance-by` table");
                                if d != t.cap as u64 {
                                    entries.push(format!("({i}, {a}, {b}, {d})"));
                                }
                            }
                        }
                    }
                    let list = define(&mut coq, ti, "nat * nat * nat * nat", &entries);
                    dist_by = format!("if String.eqb t {name} then lookup3 {list} {} i a b else {dist_by}", t.cap);
                }
                cap = format!("if String.eqb t {name} then {} else {cap}", t.cap);
            }
            let view = dheur::compile::TaskView::new(&task, Some(&g));
            let d = &task.domain;
            let pred = |p: u32| coq_str(&d.name(d.predicates[p as usize].name).to_ascii_lowercase());
            let atom = |p: u32, args: &[u32]| {
                format!("({}, [{}])", pred(p), args.iter().map(|a| a.to_string()).collect::<Vec<_>>().join("; "))
            };
            let fluent = task.fluent_predicates();
            let statics: Vec<String> = task
                .init
                .iter()
                .filter(|a| !fluent[a.predicate.0 as usize])
                .map(|a| atom(a.predicate.0, &a.args.iter().map(|o| o.0).collect::<Vec<_>>()))
                .collect();
            let init: Vec<String> = task
                .init
                .iter()
                .map(|a| atom(a.predicate.0, &a.args.iter().map(|o| o.0).collect::<Vec<_>>()))
                .collect();
            let goal: Vec<String> = view.goal.as_ref().expect("conjunctive").iter().map(|(p, a)| atom(*p, a)).collect();
            let mut types: Vec<String> =
                d.types.iter().map(|t| d.name(t.name).to_ascii_lowercase()).chain(["object".to_string()]).collect();
            types.sort();
            types.dedup();
            let objs = types.iter().rev().fold("[]".to_string(), |acc, t| {
                let list = view.objects_of(t).unwrap_or_default();
                let list: Vec<String> = list.iter().map(|o| o.to_string()).collect();
                format!("if String.eqb ty {} then [{}] else {acc}", coq_str(t), list.join("; "))
            });
            // The objects by name (the heuristic may name a constant, as childsnack's kitchen).
            let obj = task.objects.iter().enumerate().rev().fold("0".to_string(), |acc, (i, o)| {
                format!("if String.eqb n {} then {i} else {acc}", coq_str(&d.name(o.name).to_ascii_lowercase()))
            });
            coq.push_str(&format!("Definition obj_{k} (n : string) : nat := {obj}.\n"));
            coq.push_str(&format!(
                "Definition objs_{k} (ty : string) : list nat := {objs}.\n\
                 Definition init_{k} : list (string * list nat) := [{}].\n\
                 Definition stat_{k} : list (string * list nat) := [{}].\n\
                 Definition goal_{k} : list (string * list nat) := [{}].\n",
                init.join("; "),
                statics.join("; "),
                goal.join("; ")
            ));
            // Breadth-first, the first reachable states.
            let mut seen = std::collections::HashSet::new();
            let mut queue = std::collections::VecDeque::from([st.initial_state()]);
            let mut states = Vec::new();
            let mut out = Vec::new();
            while let Some(s) = queue.pop_front() {
                if states.len() == 12 {
                    break;
                }
                if !seen.insert(s.clone()) {
                    continue;
                }
                for op in 0..g.operators.len() {
                    if st.applicable(op, &s) {
                        st.apply(op, &s, &mut out);
                        queue.push_back(out.clone());
                    }
                }
                states.push(s);
            }
            let mut ctxs = Vec::new();
            for (i, s) in states.iter().enumerate() {
                let mut ids = Vec::new();
                st.true_atoms(s, &mut ids);
                let holds: Vec<String> = ids
                    .iter()
                    .map(|&a| {
                        let a = &g.atoms[a as usize];
                        atom(a.predicate.0, &a.args.iter().map(|o| o.0).collect::<Vec<_>>())
                    })
                    .chain(statics.iter().cloned())
                    .collect();
                coq.push_str(&format!(
                    "Definition ctx_{k}_{i} : Ctx := {{| objs := objs_{k}; holds := mem [{}]; init := mem init_{k}; \
                     goal := mem goal_{k}; stat := mem stat_{k}; dist := fun t a b => {dist}; \
                     dist_by := fun t i a b => {dist_by}; \
                     dist_pair := fun t x1 x2 y t1 t2 => {dist_pair}; dist_cap := fun t => {cap}; \
                     obj := obj_{k} |}}.\n",
                    holds.join("; ")
                ));
                ctxs.push(format!("{}_h ctx_{k}_{i}", name));
                want.push(h.value(s));
            }
            coq.push_str(&format!("Eval vm_compute in [{}].\n", ctxs.join("; ")));
        }
        let file = format!("Agree_{name}.v");
        std::fs::write(dir.join(&file), &coq).unwrap();
        let (ok, out) = coqc(&dir, &file);
        assert!(ok, "{file}: {out}");
        let got: Vec<Option<u64>> = out
            .split("= [")
            .skip(1)
            .flat_map(|rest| {
                let body = &rest[..rest.find(']').expect("closing bracket")];
                body.split(';')
                    .map(|w| {
                        let w = w.split_whitespace().collect::<Vec<_>>();
                        match w.as_slice() {
                            ["None"] => None,
                            ["Some", n] => Some(n.parse::<u64>().expect("a number")),
                            other => panic!("not an option nat: {other:?} in {out}"),
                        }
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(want.len() >= 12, "{name}: too few states");
        let distinct: std::collections::HashSet<_> = want.iter().collect();
        assert!(distinct.len() >= 3, "{name}: the states should have several values: {want:?}");
        assert_eq!(got, want, "{name}: Coq's value (left) differs from the evaluator's (right)");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn coq_str(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}
