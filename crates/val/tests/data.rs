//! Data-driven validation tests: each folder of `tests/data/` holds `domain.pddl`, `problem.pddl`
//! and plans; next to each `NAME.plan` is `NAME.expected`, the report text. The plan's name starts
//! with the verdict it must get (`valid-`, `invalid-`, `goal-`, `malformed-`, `unsupported-`), so
//! a regenerated expectation cannot silently bless a wrong verdict; a name containing `trace`
//! turns on the trace and the final state; a line `; validate: -t 0.001 --strict-epsilon` sets the
//! tolerance and the strict epsilon reading (the default is VAL's: tolerance 0.01). `UPDATE_EXPECT=1 cargo test -p val --test data`
//! rewrites the expectations; review the diff.

use std::path::{Path, PathBuf};

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/data exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

fn load_task(dir: &Path) -> model::lifted::Task {
    let loaded = model::front::Request::new(model::front::Source::path(dir.join("domain.pddl")))
        .problem(model::front::Source::path(dir.join("problem.pddl")))
        .load()
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    loaded.into_task().unwrap_or_else(|e| panic!("{}: no task:\n{e}", dir.display()))
}

#[test]
fn reports_match_expectations() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    let mut count = 0;
    for dir in cases() {
        let task = load_task(&dir);
        let mut plans: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("readable")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "plan"))
            .collect();
        plans.sort();
        for plan_path in plans {
            count += 1;
            let name = plan_path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            let src = std::fs::read_to_string(&plan_path).expect("plan readable");
            let parsed = pddl::parse_plan(&src, pddl::FileId(2));
            let plan = parsed.value.expect("the plan parser always returns a plan");
            let trace = name.contains("trace");
            let mut options = val::Options { trace, final_state: trace, ..val::Options::default() };
            // `; validate: -t 0.001 --strict-epsilon` on any line sets the options of the case.
            for words in src.lines().filter_map(|l| l.trim().strip_prefix("; validate:")) {
                let mut words = words.split_whitespace();
                while let Some(w) = words.next() {
                    match w {
                        "-t" => options.tolerance = words.next().and_then(|t| t.parse().ok()).expect("-t NUMBER"),
                        "--strict-epsilon" => options.strict_epsilon = true,
                        _ => panic!("{}: unknown option `{w}`", plan_path.display()),
                    }
                }
            }
            let v = val::validate(&task, &plan, options);
            let want = match name.split('-').next() {
                Some("valid") => val::Verdict::Valid,
                Some("invalid") => val::Verdict::Invalid,
                Some("goal") => val::Verdict::GoalNotReached,
                Some("malformed") => val::Verdict::Malformed,
                Some("unsupported") => val::Verdict::Unsupported,
                _ => panic!("{}: the name must start with the expected verdict", plan_path.display()),
            };
            let where_ = format!("{}/{name}", dir.file_name().and_then(|s| s.to_str()).unwrap_or_default());
            if v.verdict != want {
                failures.push(format!("{where_}: verdict {:?}, expected {want:?}\n{}", v.verdict, v.to_text()));
            }
            // The JSON form must always serialize.
            serde_json::to_string(&v).expect("a report serializes");
            let text = v.to_text();
            let expected_path = plan_path.with_extension("expected");
            if update {
                std::fs::write(&expected_path, &text).expect("writable");
                continue;
            }
            match std::fs::read_to_string(&expected_path) {
                Ok(expected) if expected == text => {}
                Ok(expected) => {
                    failures.push(format!("{where_}: report differs\n--- expected\n{expected}--- actual\n{text}"))
                }
                Err(_) => failures.push(format!("{where_}: no {} (run with UPDATE_EXPECT=1)", expected_path.display())),
            }
        }
    }
    assert!(count > 0, "no plans found under tests/data");
    assert!(failures.is_empty(), "{} of {count} cases failed:\n\n{}", failures.len(), failures.join("\n"));
}
