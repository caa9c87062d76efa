//! Every exportable domain of the benchmark corpus compiles under coqc (issue 17, item 10): the
//! domain with one problem (the first of the index) and, where the index has one, its reference
//! plan certified by the kernel. A domain outside the proof fragment is listed as not exportable;
//! one that exports but does not compile within the limit fails the test.
//!
//! Ignored by default (it needs coqc and the corpus, and takes minutes):
//!
//! - `cargo test -p proof --test benchmarks -- --ignored --nocapture` runs a fixed sample of the
//!   domain shapes (CI runs this through `.ci/run`);
//! - `CERTPLAN_PROOF_SWEEP=all` runs every domain file of the index (per-problem domain files
//!   included); `CERTPLAN_PROOF_SWEEP_OUT=FILE` writes the table as TSV;
//! - `CERTPLAN_PROOF_COQC_LIMIT=SECONDS` is the limit per coqc run (default 300).
//!
//! With `CI=true`, a missing corpus or coqc is a failure.

mod common;

use pddl::FileId;
use std::path::Path;
use std::time::Duration;

/// Domains whose shapes differ (constants in effects, many symmetric effect pairs, negative
/// preconditions, equality, many actions, large arities, per-problem domain files), small enough
/// that the sample runs in about three minutes on a loaded machine.
const SAMPLE: &[&str] = &[
    "autoplanbench/woodworking08/domain.pddl",
    "ipc-opt-strips/organic-synthesis-opt18-strips/p01-domain.pddl",
    "ipc2023-learning/childsnack/domain.pddl",
    "ipc2023-learning/ferry/domain.pddl",
    "ipc2023-learning/satellite/domain.pddl",
    "ipc-opt-strips/freecell/domain.pddl",
    "ipc-opt-strips/mprime/domain.pddl",
    "ipc-opt-strips/termes-opt18-strips/domain.pddl",
    "ipc-opt-strips/tidybot-opt11-strips/domain.pddl",
    "ipc-opt-strips/airport/p01-domain.pddl",
    "autoplanbench/data-network18/domain.pddl",
    "genplan-silver2024/heavypack/domain.pddl",
];

/// The outcome for one domain file.
struct Outcome {
    domain: String,
    /// `None` when the domain exported; else why not (outside the fragment, ...).
    refused: Option<String>,
    /// Whether a reference plan was exported and certified.
    plan: bool,
    /// coqc seconds for the domain module and the problem module.
    seconds: (f64, f64),
    /// coqc's complaint, when a module did not compile.
    failure: Option<String>,
}

fn read(p: &Path) -> Result<String, String> {
    std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
}

fn first_error(diags: &[pddl::Diagnostic]) -> String {
    diags.iter().find(|d| d.is_error()).map_or("errors".into(), |d| format!("{} {}", d.code.id, d.message))
}

/// Exports `domain` with `problem` (and `plan`) and compiles the modules.
fn one(root: &Path, domain: &str, problem: &str, plan: Option<&str>, limit: Duration) -> Outcome {
    let mut out =
        Outcome { domain: domain.to_string(), refused: None, plan: false, seconds: (0.0, 0.0), failure: None };
    let texts = (|| -> Result<_, String> {
        let plan = match plan {
            Some(p) => Some(read(&root.join(p))?),
            None => None,
        };
        Ok((read(&root.join(domain))?, read(&root.join(problem))?, plan))
    })();
    let (dtext, ptext, plantext) = match texts {
        Ok(t) => t,
        Err(e) => {
            out.refused = Some(e);
            return out;
        }
    };
    let Some(dom) = pddl::parse_domain(&dtext, FileId(0)).value else {
        out.refused = Some("the domain does not parse".into());
        return out;
    };
    let Some(prob) = pddl::parse_problem(&ptext, FileId(1)).value else {
        out.refused = Some("the problem does not parse".into());
        return out;
    };
    let plan = plantext.and_then(|t| pddl::parse_plan(&t, FileId(2)).value);
    let c = model::check(
        model::Input { domain: (&dom, FileId(0)), problem: Some((&prob, FileId(1))), plan: None },
        Default::default(),
    );
    if let Some(u) = c.unsupported.first() {
        out.refused = Some(format!("outside the fragment: {}", u.construct));
        return out;
    }
    let (Some(d), Some(task)) = (c.domain.as_ref(), c.task.as_ref()) else {
        out.refused = Some(first_error(&c.diagnostics));
        return out;
    };
    let convert = |plan: Option<&pddl::Plan>| {
        proof::convert_all(
            d,
            FileId(0),
            &[proof::ProblemInput { task, file: FileId(1), plan: plan.map(|p| (p, FileId(2))) }],
        )
    };
    // A reference plan the bridge cannot map (a temporal one) still leaves the domain to check.
    let converted = match convert(plan.as_ref()) {
        Ok(c) => {
            out.plan = plan.is_some();
            Ok(c)
        }
        Err(_) if plan.is_some() => convert(None),
        Err(e) => Err(e),
    };
    let converted = match converted {
        Ok(c) => c,
        Err(e) => {
            out.refused = Some(first_error(&e));
            return out;
        }
    };
    let files = proof::export(proof::Backend::Coq, &converted);
    let dir = common::scratch(&format!("bench-{}", domain.replace('/', "_")));
    common::write_all(&dir, &files);
    let modules: Vec<&str> =
        files.iter().map(|f| f.path.as_str()).filter(|p| p.ends_with(".v") && !p.contains("expected")).collect();
    let runs = proof::runner::coqc_all(&dir, proof::COQ_LIBRARY, &modules, limit);
    for (i, (f, r)) in runs.iter().enumerate() {
        let secs = match r {
            proof::runner::Run::Done { seconds, .. } | proof::runner::Run::TimedOut { seconds } => *seconds,
            proof::runner::Run::Missing(_) => 0.0,
        };
        if i == 0 {
            out.seconds.0 = secs;
        } else {
            out.seconds.1 += secs;
        }
        if !r.ok() {
            let why = match r {
                proof::runner::Run::TimedOut { seconds } => format!("timed out after {seconds:.0} s"),
                other => other.output().lines().take(6).collect::<Vec<_>>().join("\n"),
            };
            out.failure = Some(format!("{f}: {why}"));
        }
    }
    if runs.len() < modules.len() && out.failure.is_none() {
        out.failure = Some("coqc stopped early".into());
    }
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
#[ignore = "needs coqc and ../shared/benchmarks; minutes (run by .ci/run)"]
fn benchmark_domains_compile_under_coqc() {
    let Some(root) = corpus::root() else {
        common::skip("no benchmark corpus at ../shared/benchmarks (set CERTPLAN_BENCHMARKS)");
        return;
    };
    if !common::have("coqc") {
        return;
    }
    let all = std::env::var("CERTPLAN_PROOF_SWEEP").is_ok_and(|v| v == "all");
    let limit = Duration::from_secs(
        std::env::var("CERTPLAN_PROOF_COQC_LIMIT").ok().and_then(|s| s.parse().ok()).unwrap_or(300),
    );
    // One problem per domain file: the first in the index, with its reference plan if any.
    let mut picked: Vec<corpus::Row> = Vec::new();
    for row in corpus::index(&root) {
        if !picked.iter().any(|r| r.domain_path == row.domain_path) {
            picked.push(row);
        }
    }
    if !all {
        for s in SAMPLE {
            assert!(picked.iter().any(|r| r.domain_path == *s), "the sample names `{s}`, which the index lacks");
        }
        picked.retain(|r| SAMPLE.contains(&r.domain_path.as_str()));
    }
    let mut table = String::from("domain\texport\tplan\tcoqc_domain_s\tcoqc_problem_s\tresult\n");
    let mut failures = Vec::new();
    let start = std::time::Instant::now();
    for row in &picked {
        let o = one(&root, &row.domain_path, &row.problem_path, row.reference_plan_path.as_deref(), limit);
        let result = match (&o.refused, &o.failure) {
            (Some(why), _) => format!("not exportable: {why}"),
            (None, Some(f)) => format!("FAILED: {f}"),
            (None, None) => "ok".into(),
        };
        let line = format!(
            "{}\t{}\t{}\t{:.2}\t{:.2}\t{}\n",
            o.domain,
            if o.refused.is_none() { "yes" } else { "no" },
            if o.plan { "certified" } else { "-" },
            o.seconds.0,
            o.seconds.1,
            result.lines().next().unwrap_or("")
        );
        eprint!("{line}");
        table.push_str(&line);
        if let Some(f) = o.failure {
            failures.push(format!("{}: {f}", o.domain));
        }
    }
    let exported = picked.len() - table.matches("\tno\t").count();
    eprintln!(
        "{} domain files, {exported} exported, {} failed, {:.0} s in all",
        picked.len(),
        failures.len(),
        start.elapsed().as_secs_f64()
    );
    if let Some(path) = std::env::var_os("CERTPLAN_PROOF_SWEEP_OUT") {
        std::fs::write(&path, &table).expect("write the sweep table");
    }
    if !all {
        assert_eq!(exported, SAMPLE.len(), "every sample domain must export:\n{table}");
    }
    assert!(failures.is_empty(), "generated Coq that coqc rejects:\n{}", failures.join("\n\n"));
}
