//! Grounding of derived predicates: ground axioms, their layers (stratification by negation),
//! refusal of a cycle through negation, universal conditions compiled into auxiliary derived
//! predicates, pruning and `output.sas` export with axioms.

use ground::{GroundError, GroundOptions, GroundTask};
use model::lifted::Task;

fn task(domain: &str, problem: &str) -> Task {
    let d = pddl::parse_domain(domain, pddl::FileId(0));
    let p = pddl::parse_problem(problem, pddl::FileId(1));
    let (d, p) = (d.value.expect("domain parses"), p.value.expect("problem parses"));
    let checked = model::check(
        model::Input { domain: (&d, pddl::FileId(0)), problem: Some((&p, pddl::FileId(1))), plan: None },
        model::CheckOptions::default(),
    );
    let errors: Vec<_> = checked.diagnostics.iter().filter(|d| d.is_error()).map(|d| &d.message).collect();
    assert!(errors.is_empty(), "{errors:?}");
    checked.task.expect("a task")
}

fn ground(t: &Task) -> GroundTask {
    ground::ground(t, GroundOptions::default()).ok().and_then(|g| g.task).expect("grounds to a task")
}

fn derived_names(g: &GroundTask, t: &Task) -> Vec<(u32, String)> {
    let mut v: Vec<(u32, String)> = g.axioms.iter().map(|a| (a.layer, g.atom_text(t, a.head))).collect();
    v.sort();
    v.dedup();
    v
}

const CIRCUIT: &str = "(define (domain circuit) (:requirements :adl :derived-predicates)
  (:predicates (source ?n) (switch ?a ?b) (closed ?a ?b) (powered ?n) (dark ?n))
  (:derived (powered ?n) (or (source ?n) (exists (?m) (and (powered ?m) (closed ?m ?n)))))
  (:derived (dark ?n) (not (powered ?n)))
  (:action close :parameters (?a ?b) :precondition (and (switch ?a ?b) (not (closed ?a ?b))) :effect (closed ?a ?b))
  (:action open :parameters (?a ?b) :precondition (closed ?a ?b) :effect (not (closed ?a ?b))))";

const CIRCUIT_P: &str = "(define (problem p) (:domain circuit) (:objects src j lamp)
  (:init (source src) (switch src j) (switch j lamp)) (:goal (and (powered lamp) (dark src))))";

#[test]
fn axioms_are_ground_and_stratified() {
    let t = task(CIRCUIT, CIRCUIT_P);
    let g = ground(&t);
    let names = derived_names(&g, &t);
    // powered (layer 0) is reached for every node; dark uses it negatively: layer 1.
    assert!(names.contains(&(0, "powered lamp".into())), "{names:?}");
    assert!(names.contains(&(0, "powered src".into())), "{names:?}");
    assert!(names.contains(&(1, "dark lamp".into())), "{names:?}");
    // The recursive rule: powered lamp :- powered j, closed j lamp.
    let lamp = g.axioms.iter().find(|a| g.atom_text(&t, a.head) == "powered lamp" && !a.pre.is_empty());
    let lamp = lamp.expect("a recursive axiom for powered lamp");
    let pre: Vec<String> = lamp.pre.iter().map(|&a| g.atom_text(&t, a)).collect();
    assert!(pre.contains(&"powered j".to_string()) && pre.contains(&"closed j lamp".to_string()), "{pre:?}");
    // `source src` is static: powered src holds by an axiom without conditions.
    assert!(g.axioms.iter().any(|a| g.atom_text(&t, a.head) == "powered src" && a.pre.is_empty()));
    // dark src :- not powered src.
    let dark = g.axioms.iter().find(|a| g.atom_text(&t, a.head) == "dark src").expect("dark src");
    assert_eq!(dark.pre_neg.iter().map(|&a| g.atom_text(&t, a)).collect::<Vec<_>>(), vec!["powered src"]);
    // Derived atoms are not in the initial state and not in mutex groups.
    let derived = g.derived_atoms();
    assert!(g.init.iter().all(|&a| !derived[a as usize]));
    assert!(ground::invariants::mutex_groups(&g).iter().flatten().all(|&a| !derived[a as usize]));
}

#[test]
fn a_cycle_through_negation_is_refused() {
    let d = "(define (domain d) (:requirements :adl :derived-predicates)
      (:predicates (p ?x) (q ?x) (r ?x))
      (:derived (p ?x) (and (r ?x) (not (q ?x))))
      (:derived (q ?x) (p ?x))
      (:action a :parameters (?x) :precondition (p ?x) :effect (r ?x)))";
    let p = "(define (problem p) (:domain d) (:objects o) (:init (r o)) (:goal (q o)))";
    let t = task(d, p);
    match ground::ground(&t, GroundOptions::default()) {
        Err(GroundError::Unsupported(r)) => {
            assert!(r.iter().any(|r| r.construct.contains("not stratifiable")), "{r:?}")
        }
        other => panic!("expected a refusal, got {:?}", other.map(|g| g.stats)),
    }
}

#[test]
fn relevance_keeps_axiom_bodies_and_h2_is_skipped() {
    let t = task(CIRCUIT, CIRCUIT_P);
    let mut g = ground(&t);
    let h2 = ground::prune::h2(&mut g, None);
    assert!(h2.skipped.as_deref().is_some_and(|s| s.contains("axioms")));
    ground::prune::relevance(&mut g);
    // `powered lamp` needs `powered j` and the closed atoms; `dark src` needs `powered src`;
    // `dark j` and `dark lamp` are needed by nothing.
    let heads: Vec<String> = g.axioms.iter().map(|a| g.atom_text(&t, a.head)).collect();
    for h in ["powered lamp", "powered j", "powered src", "dark src"] {
        assert!(heads.iter().any(|x| x == h), "{h} missing from {heads:?}");
    }
    assert!(!heads.iter().any(|x| x == "dark lamp" || x == "dark j"), "{heads:?}");
    let names: Vec<String> = (0..g.atoms.len() as u32).map(|a| g.atom_text(&t, a)).collect();
    assert!(names.contains(&"closed j lamp".to_string()) && names.contains(&"closed src j".to_string()));
    for ax in &g.axioms {
        assert!(ax.pre.iter().chain(&ax.pre_neg).all(|&a| (a as usize) < g.atoms.len()));
    }
}

#[test]
fn a_large_universal_condition_becomes_an_auxiliary_axiom() {
    // forall over 12 objects of an implication with a parameter: 2^12 disjuncts if expanded.
    let d = "(define (domain d) (:requirements :adl)
      (:predicates (needs ?w ?r) (has ?r) (done ?w) (item ?r) (job ?w))
      (:action get :parameters (?r) :precondition (item ?r) :effect (has ?r))
      (:action finish :parameters (?w)
        :precondition (and (job ?w) (forall (?r) (imply (needs ?w ?r) (has ?r))))
        :effect (done ?w)))";
    let objs: Vec<String> = (0..12).map(|i| format!("r{i}")).collect();
    let needs: Vec<String> = (0..12).map(|i| format!("(needs w r{i}) (item r{i})")).collect();
    let p = format!(
        "(define (problem p) (:domain d) (:objects w {}) (:init (job w) {}) (:goal (done w)))",
        objs.join(" "),
        needs.join(" ")
    );
    let t = task(d, &p);
    let g = ground(&t);
    // One operator for finish (not 4096 variants), with a negative precondition on new-axiom@0.
    let finish: Vec<_> = g
        .operators
        .iter()
        .enumerate()
        .filter(|(i, _)| g.operator_text(&t, *i).is_some_and(|s| s.starts_with("(finish")))
        .collect();
    assert_eq!(finish.len(), 1);
    let neg: Vec<String> = finish[0].1.pre_neg.iter().map(|&a| g.atom_text(&t, a)).collect();
    assert_eq!(neg, vec!["new-axiom@0 w"]);
    // new-axiom@0 w :- not has r_i (needs w r_i is static and true): one axiom per object.
    assert_eq!(g.axioms.len(), 12);
    assert!(g.axioms.iter().all(|a| a.pre.is_empty() && a.pre_neg.len() == 1));
}

#[test]
fn output_sas_carries_axioms() {
    let t = task(CIRCUIT, CIRCUIT_P);
    let g = ground(&t);
    let fdr = ground::sas::to_fdr(&g, &t);
    assert_eq!(fdr.axioms.len(), g.axioms.len());
    let derived = fdr.variables.iter().filter(|v| v.axiom_layer >= 0).count();
    assert_eq!(derived, g.derived_atoms().iter().filter(|&&d| d).count());
    let text = ground::sas::write(&g, &t);
    let back = sas::parse(&text).expect("the written output.sas reads back");
    assert_eq!(back.axioms.len(), g.axioms.len());
    assert_eq!(text.matches("begin_rule").count(), g.axioms.len());
}
