//! The AutoPlanBench adapter on the corpus: paper 003's 60 tasks, each reference problem clean
//! for its domain and solvable, each description naming every object.

use nl2pddl::checks::{self, SolveOptions};
use nl2pddl::dataset::{self, PAPER_DATASETS};

#[test]
fn sixty_paper_tasks_with_clean_solvable_references() {
    let Some(root) = corpus::require_benchmarks("sixty_paper_tasks_with_clean_solvable_references") else { return };
    let datasets: Vec<String> = PAPER_DATASETS.iter().map(|s| s.to_string()).collect();
    let examples = dataset::autoplanbench(&root, &datasets, 10, true).unwrap();
    assert_eq!(examples.len(), 60);
    let mut ids: Vec<&str> = examples.iter().map(|e| e.id.as_str()).collect();
    ids.dedup();
    assert_eq!(ids.len(), 60);
    for e in &examples {
        let c = checks::run(&e.domain_pddl, &e.reference, &SolveOptions::default());
        assert!(c.formal_ok(), "{}: the reference fails a check: {:?}", e.id, c);
        let reference = e.reference.to_ascii_lowercase();
        let objects = reference.split("(:objects").nth(1).and_then(|s| s.split(')').next()).unwrap_or("");
        for name in objects.split_whitespace().filter(|w| *w != "-") {
            if !objects.contains(&format!("- {name}")) {
                assert!(e.task.description.to_ascii_lowercase().contains(name), "{}: `{name}` not described", e.id);
            }
        }
        assert_eq!(e.task.few_shot.len(), 1);
        assert!(e.task.description.contains("My goal is to have that:"));
    }
    // The few-shot example's origin instance is never a target.
    assert!(!examples.iter().any(|e| e.id == "depot/instance-4"));
}

#[test]
fn ipc_2002_has_no_descriptions_and_says_so() {
    let Some(root) = corpus::require_benchmarks("ipc_2002_has_no_descriptions_and_says_so") else { return };
    let s = dataset::ipc2002_status(&root);
    assert!(s.contains("no natural-language descriptions") && s.contains("ipc2002-depots-numeric"), "{s}");
}
