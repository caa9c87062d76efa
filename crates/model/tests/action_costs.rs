//! `:action-costs` alone allows static cost functions read by `(increase (total-cost) ...)`
//! (IPC 2008); such domains must not be told they use `:numeric-fluents` (W0101). Checked on
//! every domain of ../shared/benchmarks that declares `:action-costs` and no numeric requirement,
//! among them elevators, woodworking, agricola and data-network, each with its first problem.

use model::{CheckOptions, Input, check};
use pddl::{FileId, parse_domain, parse_problem};
use std::collections::BTreeMap;

#[test]
fn action_cost_domains_need_no_numeric_fluents() {
    let Some(root) = corpus::root() else {
        assert!(std::env::var("CI").as_deref() != Ok("true"), "the benchmark corpus is missing and CI=true");
        corpus::skip("action_cost_domains_need_no_numeric_fluents");
        return;
    };
    let mut first: BTreeMap<String, (String, String)> = BTreeMap::new();
    for row in corpus::index(&root) {
        let reqs = row.get("requirements").unwrap_or_default().to_string();
        let numeric = reqs.contains(":numeric-fluents") || reqs.contains(":fluents");
        if reqs.contains(":action-costs") && !numeric {
            first.entry(row.domain_path.clone()).or_insert((row.domain.clone(), row.problem_path.clone()));
        }
    }
    let names: Vec<&str> = first.values().map(|(d, _)| d.as_str()).collect();
    for family in ["elevators", "woodworking", "agricola", "data-network"] {
        assert!(names.iter().any(|n| n.starts_with(family)), "no {family} domain in the corpus: {names:?}");
    }
    let mut failures = Vec::new();
    for (dpath, (name, ppath)) in &first {
        let dtext = std::fs::read_to_string(root.join(dpath)).expect("domain readable");
        let ptext = std::fs::read_to_string(root.join(ppath)).expect("problem readable");
        let (d, p) = (parse_domain(&dtext, FileId(0)), parse_problem(&ptext, FileId(1)));
        let (Some(d), Some(p)) = (d.value, p.value) else {
            failures.push(format!("{name}: does not parse"));
            continue;
        };
        let c = check(
            Input { domain: (&d, FileId(0)), problem: Some((&p, FileId(1))), plan: None },
            CheckOptions::default(),
        );
        for diag in c.diagnostics.iter().filter(|x| x.message.contains(":numeric-fluents")) {
            failures.push(format!("{name}: {} {}", diag.code.id, diag.message));
        }
        if c.task.is_none() {
            failures.push(format!("{name}: no lifted task ({} diagnostics)", c.diagnostics.len()));
        }
    }
    println!("{} action-cost domains checked", first.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
