//! The corpus test: every reference plan of ../shared/benchmarks (index.csv, column
//! `reference_plan_path`) is valid, with the cost in `reference_plan_cost`. Skipped, loudly,
//! where the corpus is absent (set CERTPLAN_BENCHMARKS to point elsewhere). The corpus is
//! read-only test data and is not copied into the repository.

use corpus::csv_fields;
use std::collections::BTreeMap;

#[test]
fn reference_plans_are_valid_with_their_listed_cost() {
    let Some(root) = corpus::require_benchmarks("reference_plans_are_valid_with_their_listed_cost") else { return };
    let index = std::fs::read_to_string(root.join("index.csv")).expect("index.csv readable");
    let mut lines = index.lines();
    let header = csv_fields(lines.next().expect("a header"));
    let col = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name}"));
    let (c_domain, c_problem, c_plan, c_cost) =
        (col("domain_path"), col("problem_path"), col("reference_plan_path"), col("reference_plan_cost"));
    let mut failures = Vec::new();
    let mut validated = 0;
    let mut per_suite: BTreeMap<String, usize> = BTreeMap::new();
    let start = std::time::Instant::now();
    for line in lines {
        let f = csv_fields(line);
        let Some(plan_rel) = f.get(c_plan).filter(|p| !p.is_empty()) else { continue };
        let pls = std::fs::read_to_string(root.join(plan_rel)).unwrap_or_else(|e| panic!("{plan_rel}: {e}"));
        let task = match task_of(&root.join(&f[c_domain]), &root.join(&f[c_problem])) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{plan_rel}: no lifted task: {e}"));
                continue;
            }
        };
        let plan = pddl::parse_plan(&pls, pddl::FileId(2)).value.expect("the plan parser always returns a plan");
        let v = val::validate(&task, &plan, val::Options::default());
        validated += 1;
        *per_suite.entry(plan_rel.split('/').next().unwrap_or("").to_string()).or_default() += 1;
        if v.verdict != val::Verdict::Valid {
            failures.push(format!("{plan_rel}: {:?}\n{}", v.verdict, v.to_text()));
            continue;
        }
        let listed: Option<f64> = f.get(c_cost).and_then(|c| c.parse().ok());
        if let Some(listed) = listed
            && v.cost != Some(listed)
        {
            failures.push(format!("{plan_rel}: cost {:?}, listed {listed}", v.cost));
        }
    }
    eprintln!("validated {validated} reference plans in {:.1?}: {per_suite:?}", start.elapsed());
    assert!(validated > 0, "index.csv lists no reference plans");
    assert!(failures.is_empty(), "{} of {validated} reference plans failed:\n{}", failures.len(), failures.join("\n"));
}

fn task_of(domain: &std::path::Path, problem: &std::path::Path) -> Result<model::lifted::Task, String> {
    let loaded = model::front::Request::new(model::front::Source::path(domain))
        .problem(model::front::Source::path(problem))
        .load()
        .map_err(|e| e.to_string())?;
    loaded.into_task().map_err(|e| e.to_string())
}
