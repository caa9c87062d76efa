//! `certplan plan` on temporal tasks as a user runs it: the temporal planner is chosen for durative
//! actions and says so, `--search temporal(...)` selects it, plans are written in the IPC temporal
//! format and accepted by `certplan validate` (VAL's reading and the strict epsilon reading), the
//! JSON reports the planner and the makespan, and unsolvable tasks end with FD's statuses.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_certplan")
}

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../temporal/tests/data").join(name).to_str().unwrap().to_string()
}

fn run(args: &[&str]) -> Output {
    Command::new(bin()).args(args).output().expect("the certplan binary runs")
}

fn text(o: &Output) -> String {
    format!("stdout:\n{}\nstderr:\n{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certplan-temporal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Plans, checks exit 0 and the plan file, validates it both ways; the stdout.
fn plan_and_validate(domain: &str, problem: &str, extra: &[&str], name: &str) -> String {
    let plan = temp(name);
    let f = plan.to_str().unwrap();
    let mut args = vec!["plan", domain, problem, "--plan-file", f, "--time-limit", "60"];
    args.extend_from_slice(extra);
    let o = run(&args);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let content = std::fs::read_to_string(&plan).unwrap();
    // `T.ttt: (action args) [D.ddd]` lines, times with three decimals.
    let timed =
        |l: &str| l.split_once(": (").is_some_and(|(t, _)| t.split_once('.').is_some_and(|(_, f)| f.len() == 3));
    assert!(content.lines().filter(|l| !l.starts_with(';')).all(timed), "{content}");
    assert!(content.trim_end().lines().last().is_some_and(|l| l.starts_with("; makespan = ")), "{content}");
    for strict in [&[][..], &["--strict-epsilon"][..]] {
        let mut v = vec!["validate", domain, problem, f];
        v.extend_from_slice(strict);
        let o2 = run(&v);
        assert_eq!(o2.status.code(), Some(0), "{strict:?}\n{content}\n{}", text(&o2));
    }
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn durative_actions_pick_the_temporal_planner() {
    let d = examples().join("cellar/domain.pddl");
    for p in ["p01.pddl", "p02.pddl"] {
        let p = examples().join("cellar").join(p);
        let out = plan_and_validate(d.to_str().unwrap(), p.to_str().unwrap(), &[], "cellar.plan");
        assert!(out.contains("planner: temporal (the task has durative actions"), "{out}");
        assert!(out.contains("makespan"), "{out}");
    }
}

#[test]
fn search_temporal_selects_it_and_json_reports_it() {
    let d = examples().join("cellar/domain.pddl");
    let p = examples().join("cellar/p02.pddl");
    let (d, p) = (d.to_str().unwrap(), p.to_str().unwrap());
    let out = plan_and_validate(d, p, &["--search", "temporal(anytime=true)"], "any.plan");
    assert!(out.contains("planner: temporal (selected by --search)"), "{out}");
    let plan = temp("json.plan");
    let o = run(&["plan", d, p, "--json", "--plan-file", plan.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["planner"], "temporal");
    assert_eq!(v["search_config"], "temporal()");
    assert!(v["plan"]["makespan"].as_f64().is_some_and(|m| m > 5.0), "{v}");
    assert!(v["temporal_grounding"]["actions"].as_u64().is_some_and(|n| n > 0), "{v}");
    // A bad option is a usage error; temporal() needs PDDL.
    let o = run(&["plan", d, p, "--search", "temporal(speed=3)"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

#[test]
fn required_concurrency_and_timed_literals() {
    let d = data("window-domain.pddl");
    for p in ["window-p1.pddl", "window-til.pddl", "window-til-late.pddl"] {
        plan_and_validate(&d, &data(p), &[], "window.plan");
    }
}

#[test]
fn unsolvable_temporal_tasks() {
    let d = data("window-domain.pddl");
    // Unreachable even without time: proved (11).
    let o = run(&["plan", &d, &data("window-unreachable.pddl"), "--plan-file", temp("u.plan").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(11), "{}", text(&o));
    // Only the schedule is impossible: the search is exhausted without a proof (12) or with one (11).
    let o = run(&["plan", &d, &data("window-unsolvable.pddl"), "--plan-file", temp("u2.plan").to_str().unwrap()]);
    assert!(matches!(o.status.code(), Some(11 | 12)), "{}", text(&o));
}
