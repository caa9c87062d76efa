//! Data-driven diagnostics tests: each folder under `tests/data/check/` holds a `domain.pddl`,
//! optionally a `problem.pddl` and a `plan.plan` (and an empty `strict` file for `--strict`), and
//! `expected.txt` with the diagnostics certplan must report, one per line in the stable
//! `file:line:col: severity[code]: message` form. `UPDATE_EXPECT=1 cargo test` rewrites the
//! expectations; reviewing that diff is reviewing the change. The cases go through the front door
//! (`model::front`), as every command does.

use model::CheckOptions;
use model::front::{Request, Source};
use std::path::Path;

fn run_case(dir: &Path) -> String {
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    let text = |name: &str| read(name).map(|t| Source::text(name, t));
    let domain = text("domain.pddl").expect("every case has a domain.pddl");
    let options = CheckOptions { strict: dir.join("strict").exists() };
    let mut request = Request::new(domain).options(options);
    if let Some(problem) = text("problem.pddl") {
        request = request.problem_with_plans(problem, text("plan.plan").into_iter().collect());
    }
    // Text sources are never unreadable.
    let loaded = request.load().expect("text loads");
    let (diags, sources) = (&loaded.diagnostics, &loaded.sources);
    let mut out = String::new();
    for d in diags {
        out.push_str(&d.short(sources));
        out.push('\n');
        if let Some(h) = &d.help {
            out.push_str(&format!("  help: {h}\n"));
        }
    }
    out
}

#[test]
fn data_driven_diagnostics() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/check");
    let mut cases: Vec<_> = std::fs::read_dir(&root).expect("data dir").flatten().map(|e| e.path()).collect();
    cases.sort();
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for dir in &cases {
        let got = run_case(dir);
        let expected_path = dir.join("expected.txt");
        if update {
            std::fs::write(&expected_path, &got).expect("write expectation");
            continue;
        }
        let want = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if got != want {
            failures.push(format!("--- {}\nexpected:\n{want}got:\n{got}", dir.display()));
        }
    }
    println!("{} diagnostics cases", cases.len());
    assert!(
        failures.is_empty(),
        "{} cases differ (UPDATE_EXPECT=1 to accept):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
