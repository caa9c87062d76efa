//! Search with derived predicates: the derived atoms of every state are evaluated from its basic
//! atoms, the relaxation heuristics read axioms as zero-cost operators, LM-cut is refused, and
//! the plans found on the examples with `:derived` (circuit-derived) and with ADL constructs
//! compiled into axioms (briefcase-adl) pass the validator, with optimal costs agreeing.

use ground::{GroundOptions, GroundTask};
use model::lifted::Task;
use search::{Limits, Outcome, SearchTask};
use std::path::Path;

fn load(domain: &Path, problem: &Path) -> Task {
    let ds = std::fs::read_to_string(domain).expect("domain file");
    let ps = std::fs::read_to_string(problem).expect("problem file");
    let d = pddl::parse_domain(&ds, pddl::FileId(0)).value.expect("domain parses");
    let p = pddl::parse_problem(&ps, pddl::FileId(1)).value.expect("problem parses");
    let checked = model::check(
        model::Input { domain: (&d, pddl::FileId(0)), problem: Some((&p, pddl::FileId(1))), plan: None },
        model::CheckOptions::default(),
    );
    checked.task.expect("a task without errors")
}

fn ground_pruned(t: &Task) -> GroundTask {
    let mut g = ground::ground(t, GroundOptions::default()).ok().and_then(|g| g.task).expect("grounds");
    ground::prune::h2(&mut g, None);
    ground::prune::relevance(&mut g);
    g
}

/// Solves with `conf`, validates the plan on the lifted task, returns its cost.
fn solve(t: &Task, g: &GroundTask, conf: &str) -> u64 {
    let cfg = search::parse(conf).expect("config");
    assert!(cfg.unsupported(false, !g.axioms.is_empty(), g.general_cost).is_none());
    let st = SearchTask::new(g);
    let r = search::search(&st, &cfg, Limits::default(), &mut |_| {});
    let Outcome::Solved { plan, cost } = r.outcome else { panic!("{conf}: no plan") };
    let steps: Vec<val::Step> = plan
        .iter()
        .filter_map(|&op| {
            let o = &g.operators[op as usize];
            o.action.map(|action| val::Step { action, args: o.args.clone(), time: None, duration: None, line: 0 })
        })
        .collect();
    let v = val::validate_steps(t, &steps, val::Options::default());
    assert!(v.verdict.is_valid(), "{conf}: {}", v.to_text());
    cost
}

fn example(name: &str, problem: &str) -> Task {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples").join(name);
    load(&dir.join("domain.pddl"), &dir.join(problem))
}

#[test]
fn derived_examples_are_solved_and_validated() {
    for (name, problem) in [
        ("circuit-derived", "p01.pddl"),
        ("circuit-derived", "p02.pddl"),
        ("briefcase-adl", "p01.pddl"),
        ("briefcase-adl", "p02.pddl"),
    ] {
        let t = example(name, problem);
        let g = ground_pruned(&t);
        let blind = solve(&t, &g, "astar(blind())");
        let hmax = solve(&t, &g, "astar(hmax())");
        assert_eq!(blind, hmax, "{name}/{problem}: optimal costs differ");
        for conf in ["lazy_greedy([ff()], preferred=[ff()])", "eager_greedy([add()])", "astar(goalcount())"] {
            let c = solve(&t, &g, conf);
            assert!(c >= blind, "{name}/{problem} {conf}: cost {c} below the optimum {blind}");
        }
    }
}

#[test]
fn derived_atoms_follow_the_basic_atoms() {
    let t = example("circuit-derived", "p01.pddl");
    let g = ground::ground(&t, GroundOptions::default()).ok().and_then(|g| g.task).expect("grounds");
    assert!(!g.axioms.is_empty());
    let st = SearchTask::new(&g);
    let atom = |text: &str| (0..g.atoms.len() as u32).find(|&a| g.atom_text(&t, a) == text).expect(text);
    let op =
        |text: &str| (0..g.operators.len()).find(|&o| g.operator_text(&t, o).as_deref() == Some(text)).expect(text);
    let s0 = st.initial_state();
    assert!(st.holds(&s0, atom("powered src")) && !st.holds(&s0, atom("powered lamp")));
    let mut s1 = Vec::new();
    st.apply(op("(close-switch src j1)"), &s0, &mut s1);
    let mut s2 = Vec::new();
    st.apply(op("(close-switch j1 lamp)"), &s1, &mut s2);
    assert!(st.holds(&s2, atom("powered j1")) && st.holds(&s2, atom("powered lamp")) && st.is_goal(&s2));
    // Opening the first switch again unpowers everything behind it: derived atoms are recomputed,
    // not kept from the state before.
    let mut s3 = Vec::new();
    st.apply(op("(open-switch src j1)"), &s2, &mut s3);
    assert!(!st.holds(&s3, atom("powered j1")) && !st.holds(&s3, atom("powered lamp")) && !st.is_goal(&s3));
    assert!(st.holds(&s3, atom("powered src")));
}

#[test]
fn lmcut_refuses_axioms() {
    let t = example("circuit-derived", "p01.pddl");
    let g = ground_pruned(&t);
    let cfg = search::parse("astar(lmcut())").expect("config");
    assert!(!g.axioms.is_empty());
    let why = cfg.unsupported(false, true, g.general_cost).expect("refused");
    assert!(why.contains("lmcut") && why.contains("axioms"), "{why}");
}
