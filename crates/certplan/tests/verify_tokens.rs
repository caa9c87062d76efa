//! `certplan dataset --per-length --id-alphabet` and `certplan verify-tokens`, run as a user
//! would: exact quotas per plan length, object ids inside the alphabet, the counting verifier and
//! the C*-RASP program agreeing fully on a well-formed domain, and disagreeing (counting) or
//! refusing ("not expressible", exit 1) on its STRIPS twin.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn certplan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_certplan")).args(args).output().expect("the binary runs")
}

fn temp(tag: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("certplan-verify-tokens-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    p
}

fn make(domain: &str, dir: &Path) {
    let d = dir.to_str().expect("utf-8 path");
    let out = certplan(&[
        "dataset",
        domain,
        "--seed",
        "4",
        "--per-length",
        "6",
        "--train-lengths",
        "3-5",
        "--test-lengths",
        "20-21",
        "--id-alphabet",
        "269",
        "--train-objects",
        "3-4",
        "--test-objects",
        "6-8",
        "-o",
        d,
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path).expect("written").lines().map(|l| serde_json::from_str(l).expect("json")).collect()
}

fn agreement(domain: &str, file: &Path, verifier: &str) -> (Output, Value) {
    let out = certplan(&["verify-tokens", domain, file.to_str().expect("utf-8"), "--verifier", verifier, "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    (out, v)
}

#[test]
fn quotas_alphabet_and_agreement() {
    let dir = temp("wf");
    make("colors-bags-well-formed", &dir);
    let train = lines(&dir.join("train.jsonl"));
    assert_eq!(train.len(), 3 * 6);
    for len in 3..=5 {
        assert_eq!(train.iter().filter(|l| l["length"] == len).count(), 6, "length {len}");
    }
    let test = lines(&dir.join("test.jsonl"));
    assert_eq!(test.len(), 2 * 6);
    let mut ids = std::collections::BTreeSet::new();
    for l in test.iter().chain(&train) {
        for t in l["tokens"].as_array().expect("tokens") {
            if let Ok(n) = t.as_str().expect("string").parse::<usize>() {
                assert!(n < 269, "id {n} outside the alphabet");
                ids.insert(n);
            }
        }
    }
    // Random ids, not the numbering 0, 1, 2, ... of first appearance.
    assert!(ids.len() > 20 && ids.iter().any(|&n| n > 100), "{ids:?}");
    let vocab: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("vocab.json")).expect("vocab")).unwrap();
    assert!(vocab["tokens"].as_array().expect("list").iter().any(|t| t == "268"));
    for v in ["counting", "crasp"] {
        let (out, j) = agreement("colors-bags-well-formed", &dir.join("test.jsonl"), v);
        assert!(out.status.success(), "{v}");
        assert_eq!(j["rate"], 1.0, "{v}: {j}");
        assert_eq!(j["agreement"]["examples"], 12);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn strips_twin_counting_errs_and_crasp_refuses() {
    let dir = temp("strips");
    make("colors-bags-strips", &dir);
    let (out, j) = agreement("colors-bags-strips", &dir.join("test.jsonl"), "counting");
    assert!(out.status.success());
    assert!(j["rate"].as_f64().expect("rate") < 1.0, "{j}");
    assert!(j["agreement"]["first_disagreement"]["line"].as_u64().is_some(), "{j}");
    let (out, j) = agreement("colors-bags-strips", &dir.join("test.jsonl"), "crasp");
    assert_eq!(out.status.code(), Some(1));
    assert!(j["error"].as_str().expect("message").contains("not expressible"), "{j}");
    let _ = std::fs::remove_dir_all(&dir);
}
