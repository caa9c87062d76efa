//! Shared test helpers: load an example of the repository and convert it.
#![allow(dead_code)]

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

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// Domain, the given problems and (where `with_plans`) their `.plan` files.
pub fn load(example: &str, problems: &[&str], with_plans: bool) -> Loaded {
    let dir = examples().join(example);
    let dom = pddl::parse_domain(&read(&dir.join("domain.pddl")), FileId(0)).value.expect("domain parses");
    let c = model::check(model::Input { domain: (&dom, FileId(0)), problem: None, plan: None }, Default::default());
    let domain = c.domain.unwrap_or_else(|| panic!("{example}: domain has errors: {:?}", c.diagnostics));
    let mut tasks = Vec::new();
    let mut plans = Vec::new();
    for p in problems {
        let prob = pddl::parse_problem(&read(&dir.join(format!("{p}.pddl"))), FileId(1)).value.expect("problem parses");
        let c = model::check(
            model::Input { domain: (&dom, FileId(0)), problem: Some((&prob, FileId(1))), plan: None },
            Default::default(),
        );
        tasks.push(c.task.unwrap_or_else(|| panic!("{example}/{p}: {:?}", c.diagnostics)));
        if with_plans {
            plans.push(pddl::parse_plan(&read(&dir.join(format!("{p}.plan"))), FileId(2)).value.expect("plan parses"));
        }
    }
    Loaded { domain, tasks, plans }
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

pub const EXAMPLES: &[&str] = &["spanner", "gripper", "blocksworld", "miconic"];
