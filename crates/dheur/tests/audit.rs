//! The heuristics against the truth: h <= h* (and goal-awareness and consistency) on every
//! reachable state of small generated tasks, the certificates on the IPC 2023 training tasks
//! (every task accepted except floortile p08, whose defect the certificate must name), and a
//! consistency audit on the first training tasks of each domain.

use search::state::SearchTask;

/// Small parameter settings per domain, several seeds each.
const SMALL: &[(&str, &[(&str, u32)])] = &[
    ("spanner", &[("spanners", 3), ("nuts", 2), ("locations", 3)]),
    ("spanner", &[("spanners", 2), ("nuts", 2), ("locations", 2)]),
    ("miconic", &[("passengers", 3), ("floors", 4)]),
    ("miconic", &[("passengers", 4), ("floors", 3)]),
    ("ferry", &[("cars", 3), ("locations", 3)]),
    ("ferry", &[("cars", 2), ("locations", 4)]),
    ("childsnack", &[("children", 3), ("allergic", 1), ("trays", 2), ("sandwiches", 4), ("tables", 2)]),
    ("childsnack", &[("children", 2), ("allergic", 2), ("trays", 1), ("sandwiches", 3), ("tables", 1)]),
    ("floortile", &[("rows", 2), ("columns", 2), ("robots", 1)]),
    ("floortile", &[("rows", 2), ("columns", 3), ("robots", 2)]),
    ("blocksworld", &[("blocks", 4)]),
    ("blocksworld", &[("blocks", 5)]),
    ("transport", &[("locations", 3), ("trucks", 1), ("packages", 2), ("capacity", 1)]),
    ("transport", &[("locations", 4), ("trucks", 2), ("packages", 2), ("capacity", 2)]),
    ("transport", &[("locations", 3), ("trucks", 2), ("packages", 3), ("capacity", 1)]),
    ("sokoban", &[("grid", 5), ("boxes", 1)]),
    ("sokoban", &[("grid", 6), ("boxes", 2)]),
];

/// The generators' transport domain names the capacity type `capacity-number` (and declares an
/// unused type `target`); IPC 2023's names it `size`, and the certificate checks the schemas with
/// their parameter types. The same domain under IPC 2023's type name.
fn ipc_names(name: &str, text: &str) -> String {
    if name == "transport" { text.replace("capacity-number", "size") } else { text.to_string() }
}

/// Grounded without pruning; `None` when the goal is unreachable even in the relaxation.
fn ground(task: &model::lifted::Task) -> Option<ground::GroundTask> {
    ground::ground(task, ground::GroundOptions { deadline: None }).expect("these tasks ground").task
}

#[test]
fn admissible_on_every_reachable_state_of_small_generated_tasks() {
    let mut checked = std::collections::BTreeMap::new();
    for (name, settings) in SMALL {
        let dom = domains::find(name).expect("library domain");
        let settings: Vec<(String, u32)> = settings.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        let params = dom.params(&settings).expect("valid parameters");
        for seed in 0..4 {
            let problem = ipc_names(name, &dom.generate(&params, seed, "t").expect("generates"));
            let task = domains::task(&ipc_names(name, dom.pddl), &problem).unwrap_or_else(|e| panic!("{name}: {e}"));
            let Some(g) = ground(&task) else { continue };
            let st = SearchTask::new(&g).with_lifted(&task);
            let mut h = match dheur::instantiate(name, &st).expect("known") {
                Ok(h) => h,
                Err(r) => panic!("{name} seed {seed}: certificate refused a generated task: {r}\n{problem}"),
            };
            let Some(report) = dheur::audit::exhaustive(&st, &mut h, 200_000) else { continue };
            assert!(report.violation.is_none(), "{name} seed {seed}: {:?}\n{problem}", report.violation);
            *checked.entry(*name).or_insert(0) += 1;
        }
    }
    for name in ["spanner", "miconic", "ferry", "childsnack", "floortile", "blocksworld", "transport", "sokoban"] {
        assert!(checked.get(name).copied().unwrap_or(0) >= 2, "{name}: too few tasks small enough: {checked:?}");
    }
}

#[test]
fn a_wrong_heuristic_is_caught_by_the_audits() {
    // Three times the miconic value: inadmissible and inconsistent on any nontrivial task.
    let src = dheur::SOURCES.iter().find(|s| s.0 == "miconic").unwrap().1;
    let text = src.replace("(value\n    (+", "(value (* 3\n    (+");
    assert_ne!(text, src, "the miconic source changed shape; update this test");
    let text = text.trim_end().to_string() + ")";
    let def = dheur::lang::parse(&text).expect("parses");
    let dom = domains::find("miconic").unwrap();
    let params = dom.params(&[("passengers".into(), 2), ("floors".into(), 3)]).unwrap();
    let problem = dom.generate(&params, 1, "t").unwrap();
    let task = domains::task(dom.pddl, &problem).unwrap();
    let g = ground(&task).unwrap();
    let st = SearchTask::new(&g).with_lifted(&task);
    let view = dheur::compile::TaskView::new(&task, Some(&g));
    let prog = dheur::cert::certify(&def, &view, Some(&g)).expect("certificate accepts");
    let mut h = dheur::DomainHeuristic::new("triple", prog, st.layout.clone());
    let r = dheur::audit::consistency(&st, &mut h, 10_000);
    assert!(matches!(r.violation, Some(dheur::audit::Violation::Consistency { .. })), "{r:?}");
    let r = dheur::audit::exhaustive(&st, &mut h, 10_000).unwrap();
    assert!(matches!(r.violation, Some(dheur::audit::Violation::Admissibility { .. })), "{r:?}");
}

#[test]
fn certificates_on_the_ipc_2023_training_tasks() {
    let Some(root) = corpus::require_benchmarks("certificates_on_the_ipc_2023_training_tasks") else { return };
    let base = root.join("ipc2023-learning");
    let mut refused = Vec::new();
    for name in ["spanner", "miconic", "ferry", "childsnack", "floortile", "blocksworld", "sokoban"] {
        let dir = base.join(name);
        let domain = std::fs::read_to_string(dir.join("domain.pddl")).unwrap();
        let mut files: Vec<_> = std::fs::read_dir(dir.join("training"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "pddl"))
            .collect();
        files.sort();
        assert!(!files.is_empty());
        for (i, f) in files.iter().enumerate() {
            let problem = std::fs::read_to_string(f).unwrap();
            let task = domains::task(&domain, &problem).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let Some(g) = ground(&task) else { continue };
            let st = SearchTask::new(&g).with_lifted(&task);
            match dheur::instantiate(name, &st).unwrap() {
                Ok(mut h) if i < 3 => {
                    let r = dheur::audit::consistency(&st, &mut h, 500);
                    assert!(r.violation.is_none(), "{}: {:?}", f.display(), r.violation);
                }
                Ok(_) => {}
                Err(r) => refused.push(format!("{name}/{}: {}", f.file_name().unwrap().to_string_lossy(), r.check)),
            }
        }
    }
    assert_eq!(refused, vec!["floortile/p08.pddl: occupied-tiles-not-clear".to_string()]);
}

#[test]
fn coq_printing_covers_every_definition() {
    let text = dheur::coq::file(dheur::definitions());
    for d in dheur::definitions() {
        assert!(text.contains(&format!("Definition {}_value (c : Ctx) : nat", d.name)), "{}", d.name);
    }
}

/// Transport has no training tasks in ../shared/benchmarks; its certificate and a consistency
/// audit run on the first IPC 2023 test tasks instead (the easy split, small).
#[test]
fn transport_on_the_first_ipc_2023_test_tasks() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/ipc2023-test/transport");
    if !corpus::require("transport_on_the_first_ipc_2023_test_tasks", dir.is_dir(), "../shared/ipc2023-test is absent")
    {
        return;
    }
    let domain = std::fs::read_to_string(dir.join("domain.pddl")).unwrap();
    for i in 1..=5 {
        let f = dir.join(format!("easy/p{i:02}.pddl"));
        let task = domains::task(&domain, &std::fs::read_to_string(&f).unwrap()).unwrap();
        let g = ground(&task).unwrap();
        let st = SearchTask::new(&g).with_lifted(&task);
        let mut h = dheur::instantiate("transport", &st).unwrap().unwrap_or_else(|r| panic!("{}: {r}", f.display()));
        let r = dheur::audit::consistency(&st, &mut h, 2000);
        assert!(r.violation.is_none(), "{}: {:?}", f.display(), r.violation);
    }
}
