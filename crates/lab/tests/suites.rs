//! The experiment files under `experiments/` name the tasks they mean: the IPC 2023 test set's
//! folders, globs and upper bounds (`../shared/ipc2023-test`, beside the checkout).

use lab::Experiment;
use std::path::Path;

fn experiment(name: &str) -> Option<Experiment> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shared = repo.join("../shared/ipc2023-test/upper_bounds.json");
    if !corpus::require(name, shared.is_file(), "../shared/ipc2023-test is absent") {
        return None;
    }
    Some(Experiment::load(&repo.join("experiments").join(name)).unwrap())
}

#[test]
fn ipc2023_easy_names_100_tasks_with_bounds() {
    let Some(exp) = experiment("ipc2023-easy.toml") else { return };
    let tasks = exp.tasks().unwrap();
    assert_eq!(tasks.len(), 100);
    let domains: std::collections::BTreeSet<&str> = tasks.iter().map(|t| t.domain.as_str()).collect();
    assert_eq!(domains.len(), 10);
    assert!(tasks.iter().all(|t| t.bound.is_some() && t.domain_file.is_file() && t.problem_file.is_file()));
    let b = tasks.iter().find(|t| t.problem == "blocksworld/easy/p01.pddl").unwrap();
    assert_eq!(b.bound, Some(10), "the bound of blocksworld/testing/easy/p01.pddl");
    assert_eq!(exp.runs().unwrap().len(), 200);
}

#[test]
fn ipc2023_table1_names_the_whole_test_set() {
    let Some(exp) = experiment("ipc2023-table1.toml") else { return };
    let tasks = exp.tasks().unwrap();
    assert_eq!(tasks.len(), 886, "900 minus the 14 rovers/hard problems not copied");
    assert!(tasks.iter().all(|t| t.bound.is_some()));
    let names: Vec<&str> = exp.configs.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "certplan-domain",
            "certplan-domain-deferred",
            "certplan-domain-por",
            "certplan-blind",
            "certplan-lmcut",
            "fd-lmcut"
        ]
    );
    assert!(exp.configs.iter().all(|c| c.is_optimal()));
}
