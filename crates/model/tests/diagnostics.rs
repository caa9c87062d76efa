//! Data-driven diagnostics tests: each folder under `tests/data/check/` holds a `domain.pddl`,
//! optionally a `problem.pddl` and a `plan.plan` (and an empty `strict` file for `--strict`), and
//! `expected.txt` with the diagnostics certplan must report, one per line in the stable
//! `file:line:col: severity[code]: message` form. `UPDATE_EXPECT=1 cargo test` rewrites the
//! expectations; reviewing that diff is reviewing the change.

use model::{CheckOptions, Input, check};
use pddl::{SourceMap, parse_domain, parse_plan, parse_problem};
use std::path::Path;

fn run_case(dir: &Path) -> String {
    let mut sources = SourceMap::new();
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    let domain_text = read("domain.pddl").expect("every case has a domain.pddl");
    let dfile = sources.add("domain.pddl", domain_text.clone());
    let problem_text = read("problem.pddl");
    let pfile = problem_text.as_ref().map(|t| sources.add("problem.pddl", t.clone()));
    let plan_text = read("plan.plan");
    let planfile = plan_text.as_ref().map(|t| sources.add("plan.plan", t.clone()));

    let d = parse_domain(&domain_text, dfile);
    let p = problem_text.as_ref().zip(pfile).map(|(t, f)| (parse_problem(t, f), f));
    let pl = plan_text.as_ref().zip(planfile).map(|(t, f)| (parse_plan(t, f), f));
    let mut diags = d.diagnostics.clone();
    if let Some((p, _)) = &p {
        diags.extend(p.diagnostics.iter().cloned());
    }
    if let Some((pl, _)) = &pl {
        diags.extend(pl.diagnostics.iter().cloned());
    }
    // As the CLI does: semantic checks only on syntactically clean input, to avoid cascades.
    if !diags.iter().any(|d| d.is_error())
        && let Some(domain) = &d.value
    {
        let problem = p.as_ref().and_then(|(p, f)| p.value.as_ref().map(|v| (v, *f)));
        let plan = pl.as_ref().and_then(|(p, f)| p.value.as_ref().map(|v| (v, *f)));
        let options = CheckOptions { strict: dir.join("strict").exists() };
        let c = check(Input { domain: (domain, dfile), problem, plan }, options);
        diags.extend(c.diagnostics);
    }
    pddl::diagnostic::sort(&mut diags);
    let mut out = String::new();
    for d in &diags {
        out.push_str(&d.short(&sources));
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
