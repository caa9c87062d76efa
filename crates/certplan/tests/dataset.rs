//! `certplan dataset`, run as a user would: the same seed gives the same bytes; lengths, object
//! counts and labels respect the settings; every label is what the validator says when the
//! written problem and plan are read back; the counting verifier agrees on the delete-free and
//! well-formed domains, reading only the tokens.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("certplan-dataset-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("the temp dir is writable");
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn dataset(dir: &Path, args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_certplan"))
        .arg("dataset")
        .args(args)
        .arg("-o")
        .arg(dir)
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "certplan dataset {args:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
}

fn lines(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).expect("written");
    text.lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect()
}

fn read(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).expect("written")
}

#[test]
fn same_seed_same_bytes_other_seed_other_bytes() {
    let (a, b, c) = (TempDir::new(), TempDir::new(), TempDir::new());
    let args = [
        "colors-well-formed",
        "--count",
        "60",
        "--pairs-per-problem",
        "7",
        "--train-objects",
        "4-8",
        "--test-objects",
        "9-14",
    ];
    // Threads change nothing: problems are made independently and written in order.
    dataset(&a.0, &[&args[..], &["--seed", "5", "--jobs", "1"]].concat());
    dataset(&b.0, &[&args[..], &["--seed", "5", "--jobs", "3"]].concat());
    dataset(&c.0, &[&args[..], &["--seed", "6"]].concat());
    for f in ["train.jsonl", "test.jsonl", "vocab.json", "meta.json"] {
        assert_eq!(read(&a.0, f), read(&b.0, f), "{f} differs between two runs with one seed (1 and 3 threads)");
    }
    assert_ne!(read(&a.0, "train.jsonl"), read(&c.0, "train.jsonl"));
}

/// Checks every line of a dataset against the settings, the validator and (where exact) the
/// counting verifier; returns how many examples the counting verifier was run on.
fn check(
    domain: &str,
    dir: &Path,
    count: usize,
    lengths: [(usize, usize); 2],
    objects: [Option<(usize, usize)>; 2],
) -> usize {
    let d = domains::find(domain).expect("in the library");
    let lifted = domains::lifted_domain(d.pddl).expect("checks");
    let analysis = domains::analyze::analyze(&lifted, &[]).expect("analyzes");
    let vocab: Vec<String> = serde_json::from_slice::<Value>(&read(dir, "vocab.json")).expect("JSON")["tokens"]
        .as_array()
        .expect("a token list")
        .iter()
        .map(|t| t.as_str().expect("a string").to_string())
        .collect();
    let meta: Value = serde_json::from_slice(&read(dir, "meta.json")).expect("JSON");
    assert_eq!(meta["domain"], domain);
    let mut counted = 0;
    for (k, split) in ["train", "test"].into_iter().enumerate() {
        let examples = lines(&dir.join(format!("{split}.jsonl")));
        assert_eq!(examples.len(), count, "{split}");
        let stats = &meta["splits"][split]["stats"];
        assert_eq!(stats["examples"], count);
        let valid = examples.iter().filter(|e| e["label"] == "valid").count();
        assert_eq!(stats["valid"], valid);
        assert_eq!(valid, count.div_ceil(2), "{split}: pairs are a valid and an invalid plan");
        let kinds = |k: &str| examples.iter().filter(|e| e["kind"] == k).count();
        assert_eq!(stats["not_executable"], kinds("not-executable"));
        assert_eq!(stats["goal_not_reached"], kinds("goal-not-reached"));
        assert!(kinds("not-executable") > 0 && kinds("goal-not-reached") > 0, "{split}: both invalid kinds occur");
        for (i, e) in examples.iter().enumerate() {
            assert_eq!(e["split"], split);
            assert_eq!(e["index"], i);
            let plan: Vec<&str> =
                e["plan"].as_array().expect("plan").iter().map(|s| s.as_str().expect("step")).collect();
            let length = e["length"].as_u64().expect("length") as usize;
            assert_eq!(plan.len(), length);
            let (lo, hi) = lengths[k];
            assert!((lo..=hi).contains(&length), "{split}: length {length} outside {lo}-{hi}");
            let n_objects = e["objects"].as_u64().expect("objects") as usize;
            if let Some((lo, hi)) = objects[k] {
                assert!((lo..=hi).contains(&n_objects), "{split}: {n_objects} objects outside {lo}-{hi}");
            }
            // A pair shares its plan length and problem objects.
            if i % 2 == 1 {
                assert_eq!(examples[i - 1]["length"], e["length"]);
                assert_eq!(examples[i - 1]["label"], "valid");
                assert_eq!(e["label"], "invalid");
            }
            // The label is the validator's, on the files as written.
            let task = domains::task(d.pddl, e["problem"].as_str().expect("problem")).expect("the problem checks");
            assert_eq!(task.objects.iter().filter(|o| !o.constant).count(), n_objects);
            let parsed = pddl::parse_plan(&plan.join("\n"), pddl::FileId(2)).value.expect("the plan parses");
            let v = val::validate(&task, &parsed, val::Options::default());
            let (label, kind) = match v.verdict {
                val::Verdict::Valid => ("valid", Value::Null),
                val::Verdict::Invalid => ("invalid", Value::from("not-executable")),
                val::Verdict::GoalNotReached => ("invalid", Value::from("goal-not-reached")),
                other => panic!("{split} {i}: the validator says {other:?}"),
            };
            assert_eq!(e["label"], label, "{split} {i}");
            assert_eq!(e["kind"], kind, "{split} {i}");
            assert_eq!(
                e["failing_step"].as_u64().map(|s| s as usize),
                v.failure.as_ref().map(|f| f.step),
                "{split} {i}"
            );
            // The token layout, with every token in the vocabulary.
            let tokens: Vec<String> = e["tokens"]
                .as_array()
                .expect("tokens")
                .iter()
                .map(|t| t.as_str().expect("a string").to_string())
                .collect();
            let at = |t: &str| tokens.iter().position(|x| x == t).expect("every section marker");
            assert!(
                at("<init>") == 0
                    && at("<init>") < at("<plan>")
                    && at("<plan>") < at("<goal>")
                    && at("<goal>") < at("<answer>")
            );
            assert_eq!(at("<answer>") + 2, tokens.len());
            assert_eq!(tokens.last().map(String::as_str), Some(label));
            assert!(tokens.iter().all(|t| vocab.contains(t)), "{split} {i}: a token outside vocab.json");
            // Numbers are assigned in order of first appearance: a new number is the next one.
            let mut next = 0usize;
            for t in &tokens {
                if let Ok(n) = t.parse::<usize>() {
                    assert!(n <= next, "{split} {i}: object number {n} before {next}");
                    next = next.max(n + 1);
                }
            }
            if analysis.counting_exact {
                let c = verifylang::counting::verify(&lifted, &tokens).expect("readable");
                assert_eq!(c.valid, label == "valid", "{split} {i}: counting disagrees with the validator");
                assert_eq!(c.failing_step, v.failure.as_ref().map(|f| f.step), "{split} {i}");
                counted += 1;
            }
        }
    }
    counted
}

#[test]
fn labels_lengths_objects_and_counting_agree() {
    type Objects = [Option<(usize, usize)>; 2];
    let runs: [(&str, &[&str], Objects); 4] = [
        (
            "heavy-grippers-delete-free",
            &["--train-objects", "6-10", "--test-objects", "11-16"],
            [Some((6, 10)), Some((11, 16))],
        ),
        ("heavy-grippers-well-formed", &["-p", "grippers=2"], [None, None]),
        ("colors-well-formed", &["--train-objects", "4-6", "--test-objects", "7-12"], [Some((4, 6)), Some((7, 12))]),
        ("lights-out-strips", &["-p", "width=2", "-p", "height=3"], [None, None]),
    ];
    let mut counted = 0;
    for (domain, extra, objects) in runs {
        let dir = TempDir::new();
        let mut args =
            vec![domain, "--seed", "3", "--count", "301", "--pairs-per-problem", "20", "--test-lengths", "21-80"];
        args.extend_from_slice(extra);
        dataset(&dir.0, &args);
        counted += check(domain, &dir.0, 301, [(11, 20), (21, 80)], objects);
    }
    assert_eq!(counted, 4 * 2 * 301);
}

#[test]
fn colors_strips_labels_agree_with_the_validator() {
    // Not well-formed: the validator still labels every example; counting is not asked to agree.
    let dir = TempDir::new();
    dataset(&dir.0, &["colors-strips", "--count", "100", "--test-lengths", "21-40"]);
    assert_eq!(check("colors-strips", &dir.0, 100, [(11, 20), (21, 40)], [None, None]), 0);
}

#[test]
fn bad_ranges_and_parameters_are_usage_errors() {
    let dir = TempDir::new();
    for args in [
        &["colors-well-formed", "--train-lengths", "20-11"][..],
        &["colors-well-formed", "-p", "nope=3"],
        &["no-such-domain"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_certplan"))
            .arg("dataset")
            .args(args)
            .arg("-o")
            .arg(&dir.0)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
}
