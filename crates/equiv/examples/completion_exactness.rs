//! Where is the domain-independent goal completion exact? (issue 13), not run in CI:
//!
//! ```text
//! cargo run --release -p equiv --example completion_exactness -- [--per-domain 3]
//!     [--states 200000] [--out bench/equiv_completion.jsonl]
//! ```
//!
//! For the smallest `--per-domain` problems of every classical domain of
//! `../shared/benchmarks/index.csv` (numeric and temporal suites left out: the completion
//! grounds), the goal is completed twice: by invariants (what `compare --semantic` uses on
//! problems of any size) and exactly, by enumerating the reachable states (at most `--states`).
//! A problem is `exact` when both agree, `inexact` when the invariants miss literals the reachable
//! states prove, `undecided` when the states are too many to enumerate, `refused` when the task
//! cannot be grounded for the completion (derived predicates, unsupported constructs, grounding
//! over 20 s). One JSON
//! line per problem; one line per domain at the end.

use model::front::{Request, Source};
use std::collections::BTreeMap;
use std::io::Write;

fn main() {
    let mut per_domain = 3usize;
    let mut states = 200_000usize;
    let mut out = String::from("bench/equiv_completion.jsonl");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--per-domain" => per_domain = value.parse().expect("--per-domain N"),
            "--states" => states = value.parse().expect("--states N"),
            "--out" => out = value,
            other => panic!("unknown argument {other}"),
        }
        i += 2;
    }
    let Some(root) = corpus::root() else {
        eprintln!("no benchmark corpus at ../shared/benchmarks (set CERTPLAN_BENCHMARKS)");
        std::process::exit(2);
    };
    let mut by_domain: BTreeMap<String, Vec<(usize, corpus::Row)>> = BTreeMap::new();
    for r in corpus::index(&root) {
        if r.suite.contains("numeric") || r.suite.contains("temporal") {
            continue;
        }
        let n = r.get("num_objects").and_then(|n| n.parse::<usize>().ok()).unwrap_or(usize::MAX);
        by_domain.entry(format!("{}/{}", r.suite, r.domain)).or_default().push((n, r));
    }
    let mut file = std::fs::File::create(&out).expect("results file");
    println!(
        "{:<60} {:>5} {:>7} {:>9} {:>9} {:>7} {:>7}",
        "suite/domain", "exact", "inexact", "undecided", "refused", "missed", "UNSOUND"
    );
    for (domain, mut rows) in by_domain {
        rows.sort_by_key(|(n, r)| (*n, r.problem_path.clone()));
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        let mut missed_total = 0usize;
        for (_, r) in rows.iter().take(per_domain) {
            let loaded = Request::new(Source::path(root.join(&r.domain_path)))
                .problem(Source::path(root.join(&r.problem_path)))
                .load();
            let task =
                match loaded.map_err(|e| e.to_string()).and_then(|l| l.into_task().map_err(|l| l.first_errors(1))) {
                    Ok(t) => t,
                    Err(_) => {
                        *counts.entry("refused").or_default() += 1;
                        continue;
                    }
                };
            let mut examples: Vec<String> = Vec::new();
            let (status, missed, why) = match equiv::semantic::completion_texts(&task, states, 20.0) {
                Err(why) => ("refused", 0, Some(why)),
                Ok((_, None)) => ("undecided", 0, None),
                Ok((inv, Some(exact))) => {
                    // The invariants are sound: every literal they give is in the exact set.
                    let missed = exact.iter().filter(|l| !inv.contains(l)).count();
                    examples = exact.iter().filter(|l| !inv.contains(l)).take(6).cloned().collect();
                    let unsound = inv.iter().filter(|l| !exact.contains(l)).count();
                    // A literal the reachable states refute would be a bug: reported, never hidden.
                    if unsound > 0 && exact != ["unreachable"] {
                        ("UNSOUND", unsound, None)
                    } else {
                        (if missed == 0 { "exact" } else { "inexact" }, missed, None)
                    }
                }
            };
            *counts.entry(status).or_default() += 1;
            missed_total += missed;
            let line = serde_json::json!({
                "domain": domain, "problem": r.problem_path, "objects": task.objects.len(),
                "status": status, "missed_literals": missed, "missed_examples": examples, "reason": why,
            });
            writeln!(file, "{line}").expect("write results");
        }
        let c = |k: &str| counts.get(k).copied().unwrap_or(0);
        println!(
            "{:<60} {:>5} {:>7} {:>9} {:>9} {:>7} {:>7}",
            domain,
            c("exact"),
            c("inexact"),
            c("undecided"),
            c("refused"),
            missed_total,
            c("UNSOUND")
        );
    }
}
