//! `coq|lean export --check` and `coq|lean audit` where the prover is missing: exit status 3
//! ("not checked") and `"status": "not_checked"` in the JSON, never a silent 0 (issue 17).
//! The prover is made missing by running with an empty PATH.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run_without_provers(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_certplan"))
        .args(args)
        .env("PATH", "/nonexistent-certplan-test")
        .output()
        .expect("certplan runs")
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not one JSON object: {e}: {out:?}"))
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("certplan-proof-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn export_check_without_prover_is_not_checked() {
    let gripper = repo().join("examples/gripper");
    let domain = gripper.join("domain.pddl");
    let problem = gripper.join("p01.pddl");
    for backend in ["coq", "lean"] {
        let out_dir = scratch(&format!("export-{backend}"));
        let args = [backend, "export", domain.to_str().unwrap(), problem.to_str().unwrap(), "-o"];
        let mut a: Vec<&str> = args.to_vec();
        let o = out_dir.to_str().unwrap();
        a.extend([o, "--check"]);
        let out = run_without_provers(&a);
        assert_eq!(out.status.code(), Some(3), "{backend} export --check: {out:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("NOT CHECKED"), "{out:?}");
        a.push("--json");
        let out = run_without_provers(&a);
        assert_eq!(out.status.code(), Some(3), "{backend} export --check --json: {out:?}");
        let v = json(&out);
        assert_eq!(v["status"], "not_checked", "{v}");
        assert_eq!(v["checked"], false, "{v}");
        assert_eq!(v["ok"], false, "{v}");
        assert_eq!(v["schema"], "certplan/1", "{v}");
        // Without --check nothing was promised: exit 0.
        let out = run_without_provers(&a[..a.len() - 2]);
        assert_eq!(out.status.code(), Some(0), "{backend} export: {out:?}");
        let _ = std::fs::remove_dir_all(&out_dir);
    }
}

#[test]
fn audit_without_prover_is_not_checked() {
    let proof = repo().join("crates/proof/tests");
    for (backend, file, module, expect) in [
        (
            "coq",
            "redteam/coq/honest_simple.v",
            "golden/gripper/coq/GripperStrips.v",
            "golden/gripper/coq/solveComplete.expected.v",
        ),
        (
            "lean",
            "redteam/lean/honest_simple.lean",
            "golden/gripper/lean/GripperStrips.lean",
            "golden/gripper/lean/solveComplete.expected.lean",
        ),
    ] {
        let p = |f: &str| proof.join(f).to_str().unwrap().to_string();
        let (file, module, expect) = (p(file), p(module), p(expect));
        let args = [backend, "audit", &file, "--expect", &expect, "--module", &module];
        let out = run_without_provers(&args);
        assert_eq!(out.status.code(), Some(3), "{backend} audit: {out:?}");
        let mut a = args.to_vec();
        a.push("--json");
        let v = json(&run_without_provers(&a));
        assert_eq!(v["status"], "not_checked", "{v}");
        assert_eq!(v["static_ok"], true, "{v}");
        assert_eq!(v["rebuild"]["result"], "not_checked", "{v}");
        // Static checks only, asked for: exit 0, and the JSON says the rebuild was skipped.
        a.push("--no-rebuild");
        let out = run_without_provers(&a);
        assert_eq!(out.status.code(), Some(0), "{backend} audit --no-rebuild: {out:?}");
        assert_eq!(json(&out)["rebuild"]["result"], "skipped");
        // A cheat is rejected (1) whether or not the prover is there.
        let cheat = p(&format!("redteam/{backend}/axiom.{}", if backend == "coq" { "v" } else { "lean" }));
        let out = run_without_provers(&[backend, "audit", &cheat, "--expect", &expect, "--module", &module, "--json"]);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        assert_eq!(json(&out)["status"], "rejected");
    }
}
