//! Golden files: the Lean and Coq exports of spanner, gripper and blocksworld (domain, p01 and p02
//! with their plans), compared byte for byte. `UPDATE_GOLDEN=1 cargo test -p proof --test golden`
//! rewrites them; review the diff as the review of the change.

mod common;

use std::path::Path;

fn check(example: &str, backend: proof::Backend) {
    let l = common::load(example, &["p01", "p02"], true);
    let files = proof::export(backend, &common::convert(&l));
    // Determinism: a second run gives the same bytes.
    assert_eq!(files, proof::export(backend, &common::convert(&l)), "{example}: export is not deterministic");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(example).join(backend.name());
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        common::write_all(&dir, &files);
        return;
    }
    let mut expected_paths = Vec::new();
    collect(&dir, &dir, &mut expected_paths);
    expected_paths.sort();
    let mut got_paths: Vec<String> = files.iter().map(|f| f.path.clone()).collect();
    got_paths.sort();
    assert_eq!(
        got_paths,
        expected_paths,
        "{example}/{}: the set of files differs (UPDATE_GOLDEN=1 to regenerate)",
        backend.name()
    );
    for f in &files {
        let want = std::fs::read_to_string(dir.join(&f.path)).unwrap_or_default();
        if want != f.text {
            let line = want.lines().zip(f.text.lines()).position(|(a, b)| a != b).map_or(0, |i| i + 1);
            panic!(
                "{example}/{}/{}: differs from the golden file (first differing line {line}); UPDATE_GOLDEN=1 to regenerate",
                backend.name(),
                f.path
            );
        }
    }
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(root, &p, out);
        } else if let Ok(rel) = p.strip_prefix(root) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn spanner_coq() {
    check("spanner", proof::Backend::Coq);
}
#[test]
fn spanner_lean() {
    check("spanner", proof::Backend::Lean);
}
#[test]
fn gripper_coq() {
    check("gripper", proof::Backend::Coq);
}
#[test]
fn gripper_lean() {
    check("gripper", proof::Backend::Lean);
}
#[test]
fn blocksworld_coq() {
    check("blocksworld", proof::Backend::Coq);
}
#[test]
fn blocksworld_lean() {
    check("blocksworld", proof::Backend::Lean);
}
