//! `certplan plan` on tasks with derived predicates and on the IPC domains it used to refuse
//! although Fast Downward plans them (derived predicates: psr-middle, philosophers,
//! optical-telegraphs; universal conditions too large to expand, now compiled into axioms:
//! assembly, recharging-robots). Every plan is checked again by `certplan validate`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_certplan")
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn plan_file(tag: &str) -> PathBuf {
    std::env::temp_dir().join(format!("certplan-axioms-{}-{tag}.plan", std::process::id()))
}

fn plan(domain: &Path, problem: Option<&Path>, search: &str, out: &Path) -> Output {
    let mut c = Command::new(bin());
    c.args(["plan", "--quiet", "--search", search, "--time-limit", "120", "--plan-file"]).arg(out).arg(domain);
    if let Some(p) = problem {
        c.arg(p);
    }
    c.output().expect("certplan runs")
}

/// Plans, checks the exit status, validates the plan file; returns the plan's length.
fn plan_and_validate(domain: &Path, problem: &Path, search: &str, tag: &str) -> usize {
    let out = plan_file(tag);
    let o = plan(domain, Some(problem), search, &out);
    assert_eq!(o.status.code(), Some(0), "{tag}: {}", String::from_utf8_lossy(&o.stderr));
    let v = Command::new(bin()).arg("validate").arg(domain).arg(problem).arg(&out).output().expect("runs");
    assert_eq!(v.status.code(), Some(0), "{tag}: {}", String::from_utf8_lossy(&v.stdout));
    let text = std::fs::read_to_string(&out).expect("plan written");
    let _ = std::fs::remove_file(&out);
    text.lines().filter(|l| l.starts_with('(')).count()
}

#[test]
fn derived_example_plans_and_lmcut_is_refused_with_fd_status() {
    let dir = repo().join("examples/circuit-derived");
    let (d, p) = (dir.join("domain.pddl"), dir.join("p02.pddl"));
    assert_eq!(plan_and_validate(&d, &p, "astar(hmax())", "circuit-hmax"), 4);
    assert_eq!(plan_and_validate(&d, &p, "astar(blind())", "circuit-blind"), 4);
    plan_and_validate(&d, &p, "lazy_greedy([ff()], preferred=[ff()])", "circuit-ff");
    let out = plan_file("circuit-lmcut");
    let o = plan(&d, Some(&p), "astar(lmcut())", &out);
    // Fast Downward's SEARCH_UNSUPPORTED.
    assert_eq!(o.status.code(), Some(34));
    assert!(String::from_utf8_lossy(&o.stderr).contains("does not support derived predicates"));
    assert!(!out.exists());
}

#[test]
fn formerly_refused_ipc_domains_plan() {
    let Some(root) = corpus::root() else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "formerly_refused_ipc_domains_plan: ../shared/benchmarks is absent (CI=true)"
        );
        eprintln!("SKIPPED formerly_refused_ipc_domains_plan: ../shared/benchmarks is absent");
        return;
    };
    for domain in ["psr-middle", "philosophers", "optical-telegraphs", "assembly", "recharging-robots-opt23-adl"] {
        let dir = root.join("ipc-opt-adl").join(domain);
        let n = plan_and_validate(
            &dir.join("domain.pddl"),
            &dir.join("p01.pddl"),
            "lazy_greedy([ff()], preferred=[ff()])",
            domain,
        );
        assert!(n > 0, "{domain}: empty plan");
    }
    // An optimal configuration too, on the smallest: psr-middle p01 costs 4 (index.csv).
    let dir = root.join("ipc-opt-adl/psr-middle");
    assert_eq!(plan_and_validate(&dir.join("domain.pddl"), &dir.join("p01.pddl"), "astar(hmax())", "psr-hmax"), 4);
}

/// Fast Downward's translator output (`output.sas`), or `None` where it is not installed.
fn fd_translate(domain: &Path, problem: &Path, sas: &Path) -> Option<()> {
    let locate = repo().join("bench/fd_locate.py");
    let pp = Command::new("python3").arg(&locate).arg("--pythonpath").output().ok()?;
    if !pp.status.success() {
        return None;
    }
    let o = Command::new("python3")
        .env("PYTHONPATH", String::from_utf8_lossy(&pp.stdout).trim())
        .args(["-m", "fast_downward.translate"])
        .arg(domain)
        .arg(problem)
        .arg("--sas-file")
        .arg(sas)
        .output()
        .ok()?;
    o.status.success().then_some(())
}

/// FD's translator compiles briefcase-adl's `exists`/`or` and circuit-derived's `:derived` into
/// axioms; `certplan plan output.sas` imports them, and blind A* finds the optimal cost of the
/// PDDL path, the plan validated on the FDR task and again on the PDDL.
#[test]
fn output_sas_with_fd_axioms_plans() {
    for (ex, problem, optimal) in [("briefcase-adl", "p02.pddl", 11), ("circuit-derived", "p02.pddl", 4)] {
        let dir = repo().join("examples").join(ex);
        let (d, p) = (dir.join("domain.pddl"), dir.join(problem));
        let sas = std::env::temp_dir().join(format!("certplan-axioms-{}-{ex}.sas", std::process::id()));
        if fd_translate(&d, &p, &sas).is_none() {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "output_sas_with_fd_axioms_plans: Fast Downward's translator is not installed (CI=true)"
            );
            eprintln!("SKIPPED output_sas_with_fd_axioms_plans: Fast Downward's translator is not installed");
            return;
        }
        let text = std::fs::read_to_string(&sas).expect("output.sas written");
        assert!(text.contains("begin_rule"), "{ex}: FD's translator emitted no axioms");
        let out = plan_file(&format!("sas-{ex}"));
        let o = plan(&sas, None, "astar(blind())", &out);
        let _ = std::fs::remove_file(&sas);
        assert_eq!(o.status.code(), Some(0), "{ex}: {}", String::from_utf8_lossy(&o.stderr));
        let plan_text = std::fs::read_to_string(&out).expect("plan written");
        assert!(plan_text.contains(&format!("; cost = {optimal} ")), "{ex}: {plan_text}");
        let v = Command::new(bin()).arg("validate").arg(&d).arg(&p).arg(&out).output().expect("runs");
        let _ = std::fs::remove_file(&out);
        assert_eq!(v.status.code(), Some(0), "{ex}: {}", String::from_utf8_lossy(&v.stdout));
    }
}
