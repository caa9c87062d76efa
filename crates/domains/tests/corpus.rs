//! Agreement with the public domain files in `../shared/benchmarks` (skipped, with a note, where
//! the corpus is absent): the public reference plans of the IPC 2023 learning track must be valid
//! for the public problems under *our* domain files; for the public domains without reference
//! plans, plans found by breadth-first search under the public domain must be valid under ours and
//! vice versa.

use domains::explicit::Explicit;
use model::lifted::Task;
use std::path::PathBuf;

fn check_plan(task: &Task, plan_text: &str) -> val::Validation {
    let parsed = pddl::parse_plan(plan_text, pddl::FileId(2));
    let plan = parsed.value.expect("reference plans parse");
    val::validate(task, &plan, val::Options::default())
}

#[test]
fn public_reference_plans_are_valid_under_our_domains() {
    let Some(root) = corpus::require_benchmarks("public_reference_plans_are_valid_under_our_domains") else { return };
    let mut checked = std::collections::BTreeMap::<String, usize>::new();
    for row in corpus::index(&root).iter().filter(|r| r.suite == "ipc2023-learning") {
        let (name, problem) = (row.domain.as_str(), row.problem_path.as_str());
        let Some(plan) = row.reference_plan_path.as_deref() else { continue };
        let Ok(meta) = std::fs::metadata(root.join(problem)) else { continue };
        // Big tasks add minutes and no new semantics.
        if meta.len() > 60_000 {
            continue;
        }
        let ours = domains::find(name).unwrap_or_else(|| panic!("{name} is in the library"));
        let ptext = std::fs::read_to_string(root.join(problem)).expect("problem readable");
        let task = domains::task(ours.pddl, &ptext).unwrap_or_else(|e| panic!("{problem} under our {name}: {e}"));
        let plan_text = std::fs::read_to_string(root.join(plan)).expect("plan readable");
        let v = check_plan(&task, &plan_text);
        assert!(v.verdict.is_valid(), "{plan} under our {name}: {:?} {:?} {:?}", v.verdict, v.failure, v.errors);
        *checked.entry(name.to_string()).or_default() += 1;
    }
    eprintln!("reference plans valid under our domains: {checked:?}");
    assert_eq!(checked.len(), 9, "every public IPC 2023 learning domain was checked: {checked:?}");
}

fn to_steps(ex: &Explicit, plan: &[usize]) -> String {
    plan.iter().map(|&i| ex.action_text(&ex.actions[i])).collect::<Vec<_>>().join("\n")
}

#[test]
fn bfs_plans_agree_between_public_and_our_domains() {
    let Some(root) = corpus::require_benchmarks("bfs_plans_agree_between_public_and_our_domains") else { return };
    let cases = [
        ("gripper", "ipc-opt-strips/gripper", 2),
        ("visitall", "ipc-opt-strips/visitall-opt11-strips", 2),
        ("heavy", "genplan-silver2024/heavypack/train", 2),
        ("goldminer", "autoplanbench/goldminer/instances", 2),
    ];
    for (name, dir, take) in cases {
        let ours = domains::find(name).expect("in the library");
        let dir = root.join(dir);
        let public_domain = ["domain.pddl", "../domain.pddl"]
            .iter()
            .map(|f| dir.join(f))
            .find(|p| p.exists())
            .expect("public domain file");
        let public_text = std::fs::read_to_string(&public_domain).expect("readable");
        let mut problems: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("readable dir")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "pddl") && !p.ends_with("domain.pddl"))
            .collect();
        problems.sort();
        let mut done = 0;
        for p in problems {
            if done == take {
                break;
            }
            let ptext = std::fs::read_to_string(&p).expect("readable");
            // The problem names the public domain; ours may be named differently.
            let pub_task = domains::task(&public_text, &ptext).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            let our_name = domains::domain_name(ours.pddl).expect("our domain parses");
            let pub_name = domains::domain_name(&public_text).expect("public domain parses");
            let our_ptext = ptext.replacen(&format!("(:domain {pub_name})"), &format!("(:domain {our_name})"), 1);
            let our_task =
                domains::task(ours.pddl, &our_ptext).unwrap_or_else(|e| panic!("{} under ours: {e}", p.display()));
            for (from, to) in [(&pub_task, &our_task), (&our_task, &pub_task)] {
                let ex = Explicit::new(from).expect("explicit view");
                let Some(plan) = ex.bfs(300_000) else { continue };
                let v = check_plan(to, &to_steps(&ex, &plan));
                assert!(v.verdict.is_valid(), "{name} {}: {:?}", p.display(), v.failure);
            }
            done += 1;
        }
        assert_eq!(done, take, "{name}: enough public problems");
    }
}
