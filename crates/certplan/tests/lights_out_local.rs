//! `lights-out-local-well-formed` (the public code's Lights Out, paper 002) through the binary:
//! `analyze` classifies it well-formed and says what the theory predicts, `dataset` makes quota
//! and id-alphabet splits of it, and `verify-tokens` finds the counting verifier in full agreement.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

const NAME: &str = "lights-out-local-well-formed";

fn certplan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_certplan")).args(args).output().expect("the binary runs")
}

#[test]
fn analyze_says_well_formed_and_predicts_generalization() {
    let out = certplan(&["analyze", NAME]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for line in [
        "delete-free:         no",
        "conditional effects: no",
        "well-formed:         yes (proved from the preconditions)",
        "class:               well-formed",
        "counting verifies exactly: yes",
        "paper 002 predicts:  in C*-RASP",
    ] {
        assert!(text.contains(line), "`{line}` missing from:\n{text}");
    }
    let out = certplan(&["analyze", NAME, "--json"]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["analysis"]["class"], "well-formed", "{v}");
    assert_eq!(v["analysis"]["well_formed"], "proved", "{v}");
    assert!(v["prediction"].as_str().expect("a prediction").contains("generalization"), "{v}");
    // Its conditional-effects sibling gets the opposite prediction.
    let out = certplan(&["analyze", "lights-out-conditional"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("PARITY"));
}

#[test]
fn dataset_and_counting_agree_fully() {
    let dir: PathBuf = std::env::temp_dir().join(format!("certplan-lights-out-local-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().expect("utf-8 path");
    let out = certplan(&[
        "dataset",
        NAME,
        "--seed",
        "5",
        "--per-length",
        "4",
        "--train-lengths",
        "11-14",
        "--test-lengths",
        "30-32",
        "--train-objects",
        "4-9",
        "--test-objects",
        "12-25",
        "--id-alphabet",
        "269",
        "-o",
        d,
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for (split, n) in [("train", 4 * 4), ("test", 3 * 4)] {
        let file = dir.join(format!("{split}.jsonl"));
        let text = std::fs::read_to_string(&file).expect("written");
        assert_eq!(text.lines().count(), n, "{split}");
        let out = certplan(&["verify-tokens", NAME, file.to_str().expect("utf-8"), "--json"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
        assert_eq!(v["rate"], 1.0, "{split}: {v}");
        assert_eq!(v["agreement"]["examples"], n, "{split}: {v}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
