//! Every bundled example plan (`examples/*/pNN.plan`, all valid) validates, with the cost its
//! `; cost = N` line states or the makespan its `; makespan = N` line states.

use std::path::Path;

fn task(domain: &Path, problem: &Path) -> model::lifted::Task {
    let loaded = model::front::Request::new(model::front::Source::path(domain))
        .problem(model::front::Source::path(problem))
        .load()
        .unwrap_or_else(|e| panic!("{e}"));
    loaded.into_task().unwrap_or_else(|e| panic!("{}: no task:\n{e}", problem.display()))
}

fn stated(plan: &str, key: &str) -> Option<f64> {
    plan.lines().find_map(|l| {
        l.trim()
            .strip_prefix(';')?
            .trim()
            .strip_prefix(key)?
            .trim()
            .strip_prefix('=')?
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    })
}

#[test]
fn bundled_examples_are_valid_with_their_stated_cost() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut dirs: Vec<_> =
        std::fs::read_dir(&root).expect("examples/").flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect();
    dirs.sort();
    let mut checked = 0;
    for dir in dirs {
        let mut plans: Vec<_> = std::fs::read_dir(&dir)
            .expect("readable")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "plan"))
            .collect();
        plans.sort();
        for plan_path in plans {
            let problem = plan_path.with_extension("pddl");
            let t = task(&dir.join("domain.pddl"), &problem);
            let text = std::fs::read_to_string(&plan_path).expect("plan");
            let plan = pddl::parse_plan(&text, pddl::FileId(2)).value.expect("plan parses");
            let v = val::validate(&t, &plan, val::Options::default());
            assert_eq!(v.verdict, val::Verdict::Valid, "{}:\n{}", plan_path.display(), v.to_text());
            if let Some(cost) = stated(&text, "cost") {
                assert_eq!(v.cost, Some(cost), "{}: cost", plan_path.display());
            }
            if let Some(makespan) = stated(&text, "makespan") {
                let got = v.makespan.expect("a temporal plan has a makespan");
                assert!((got - makespan).abs() < 1e-6, "{}: makespan {got}, stated {makespan}", plan_path.display());
            }
            checked += 1;
        }
    }
    assert!(checked >= 16, "only {checked} example plans found");
}
