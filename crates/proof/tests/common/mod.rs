//! Shared test helpers: load an example of the repository and convert it.
#![allow(dead_code)]

use model::front::{Request, Source};
use pddl::FileId;
use std::path::{Path, PathBuf};

pub fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

pub struct Loaded {
    pub domain: model::lifted::Domain,
    pub tasks: Vec<model::lifted::Task>,
    pub plans: Vec<pddl::Plan>,
}

/// Domain, the given problems and (where `with_plans`) their `.plan` files, through the front
/// door (`model::front`).
pub fn load(example: &str, problems: &[&str], with_plans: bool) -> Loaded {
    let dir = examples().join(example);
    let domain = Source::path(dir.join("domain.pddl"));
    let loaded = Request::new(domain.clone()).load().unwrap_or_else(|e| panic!("{e}"));
    let domain_only = loaded.into_domain().unwrap_or_else(|e| panic!("{example}: domain has errors:\n{e}"));
    let mut tasks = Vec::new();
    let mut plans = Vec::new();
    for p in problems {
        let plan = if with_plans { vec![Source::path(dir.join(format!("{p}.plan")))] } else { Vec::new() };
        let problem = Source::path(dir.join(format!("{p}.pddl")));
        let mut l =
            Request::new(domain.clone()).problem_with_plans(problem, plan).load().unwrap_or_else(|e| panic!("{e}"));
        assert!(!l.has_errors(), "{example}/{p}: {l}");
        if with_plans {
            plans.push(l.problems[0].plans[0].plan.take().expect("plan parses"));
        }
        tasks.push(l.into_task().unwrap_or_else(|e| panic!("{example}/{p}: {e}")));
    }
    Loaded { domain: domain_only, tasks, plans }
}

pub fn convert(l: &Loaded) -> proof::Converted {
    let inputs: Vec<proof::ProblemInput> = l
        .tasks
        .iter()
        .enumerate()
        .map(|(i, t)| proof::ProblemInput { task: t, file: FileId(1), plan: l.plans.get(i).map(|p| (p, FileId(2))) })
        .collect();
    proof::convert_all(&l.domain, FileId(0), &inputs).unwrap_or_else(|e| panic!("conversion refused: {e:?}"))
}

pub fn write_all(dir: &Path, files: &[proof::OutFile]) {
    let _ = std::fs::remove_dir_all(dir);
    for f in files {
        let p = dir.join(&f.path);
        std::fs::create_dir_all(p.parent().expect("a file has a parent")).expect("mkdir");
        std::fs::write(p, &f.text).expect("write");
    }
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("certplan-proof-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("mkdir scratch");
    d
}

/// True when `program` is on the PATH; otherwise the test skips visibly, or fails under `CI=true`
/// (see `corpus::skip_or_fail`).
pub fn have(program: &str) -> bool {
    let found = proof::runner::which(program).is_some();
    let test = std::thread::current().name().unwrap_or("proof test").to_string();
    corpus::require(&test, found, &format!("`{program}` is not on the PATH"))
}

/// Reports a check that could not run: a failure under `CI=true`, a visible SKIPPED line
/// otherwise (see `corpus::skip_or_fail`).
pub fn skip(why: &str) {
    let test = std::thread::current().name().unwrap_or("proof test").to_string();
    corpus::skip_or_fail(&test, why);
}

pub const EXAMPLES: &[&str] = &["spanner", "gripper", "blocksworld", "miconic"];

/// Domain, problems and plans from text (problem and plan `i` belong together), checked like
/// files; panics with the diagnostics on any error, since a test's own input must be clean.
pub fn load_text(domain: &str, problems: &[(&str, Option<&str>)]) -> Loaded {
    let dom = pddl::parse_domain(domain, FileId(0)).value.expect("domain parses");
    let c = model::check(model::Input { domain: (&dom, FileId(0)), problem: None, plan: None }, Default::default());
    let domain = c.domain.unwrap_or_else(|| panic!("domain has errors: {:?}", c.diagnostics));
    let mut tasks = Vec::new();
    let mut plans = Vec::new();
    for (p, plan) in problems {
        let prob = pddl::parse_problem(p, FileId(1)).value.expect("problem parses");
        let c = model::check(
            model::Input { domain: (&dom, FileId(0)), problem: Some((&prob, FileId(1))), plan: None },
            Default::default(),
        );
        tasks.push(c.task.unwrap_or_else(|| panic!("problem has errors: {:?}", c.diagnostics)));
        if let Some(plan) = plan {
            plans.push(pddl::parse_plan(plan, FileId(2)).value.expect("plan parses"));
        }
    }
    assert!(plans.is_empty() || plans.len() == tasks.len(), "give a plan for every problem or for none");
    Loaded { domain, tasks, plans }
}

/// Writes a Coq export to `dir` and compiles its modules in order; returns the failures (file and
/// coqc's output), empty when everything compiled.
pub fn coqc_export(dir: &Path, files: &[proof::OutFile], limit: std::time::Duration) -> Vec<(String, String)> {
    write_all(dir, files);
    let modules: Vec<&str> =
        files.iter().map(|f| f.path.as_str()).filter(|p| p.ends_with(".v") && !p.contains("expected")).collect();
    let runs = proof::runner::coqc_all(dir, proof::COQ_LIBRARY, &modules, limit);
    let mut bad: Vec<(String, String)> =
        runs.iter().filter(|(_, r)| !r.ok()).map(|(f, r)| (f.clone(), format!("{r:?}"))).collect();
    if runs.len() < modules.len() && bad.is_empty() {
        bad.push(("(all)".into(), "coqc stopped early".into()));
    }
    bad
}
