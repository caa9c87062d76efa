//! The evaluation of paper 003 (4.3, 4.4): the loop over a set of examples, one JSONL line per
//! example (resumable: a rerun skips the examples already completed), and the metrics in tables
//! shaped like the paper's — operational component checks at step 0 and after repair with their
//! gains, the stopping outcomes, completed examples and runtime; and operational acceptance
//! against the offline reference metrics (structural, semantic), their repair gain and the two
//! divergences (Op. Non-Struct., Struct. Non-Op.).
//!
//! Numbers are "this model, this run": never a reproduction of the paper's.

use crate::dataset::Example;
use crate::pipeline::{Attempt, Options, Pipeline, Run, Stop};
use crate::reference::{ReferenceFn, ReferenceVerdicts};
use llm::{Session, Totals};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{BufRead, Write};
use std::path::Path;

/// The five checks and their conjunction, for one attempt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flags {
    pub parse: bool,
    pub domain_conformance: bool,
    pub solve: bool,
    pub validate: bool,
    pub critic: bool,
    pub operational: bool,
}

impl Flags {
    pub fn of(a: &Attempt) -> Flags {
        Flags {
            parse: a.checks.parse,
            domain_conformance: a.checks.conforms(),
            solve: a.checks.solved(),
            validate: a.checks.valid(),
            critic: a.critic.as_ref().is_some_and(|c| c.accepted()),
            operational: a.operational,
        }
    }
}

/// One example's line in the results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExampleResult {
    pub id: String,
    pub dataset: String,
    /// Ended by one of the four stopping rules (else an LLM error or a budget ended it).
    pub completed: bool,
    pub stop: Stop,
    pub attempts: usize,
    pub step0: Option<Flags>,
    #[serde(rename = "final")]
    pub last: Option<Flags>,
    pub reference_step0: ReferenceVerdicts,
    pub reference_final: ReferenceVerdicts,
    pub seconds: f64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    pub error: Option<String>,
    pub run: Run,
}

/// How an evaluation runs.
pub struct EvalOptions<'a> {
    pub pipeline: Options,
    /// The offline reference comparison ([`crate::reference`]).
    pub reference: ReferenceFn,
    /// Keep the results already in the file and skip their completed examples.
    pub resume: bool,
    /// Called after each example (progress).
    pub on_result: &'a mut dyn FnMut(&ExampleResult),
}

/// What an evaluation ended with.
pub struct Evaluation {
    /// Every example's latest result (earlier runs' too, when resumed), in example order.
    pub results: Vec<ExampleResult>,
    /// Examples attempted (the denominator of "completed").
    pub examples: usize,
    /// Why the evaluation stopped early (a budget, a replay divergence), if it did.
    pub stopped: Option<String>,
}

/// Reads a results file (later lines for the same id win).
pub fn read_results(path: &Path) -> Result<Vec<ExampleResult>, String> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let mut out: Vec<ExampleResult> = Vec::new();
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let r: ExampleResult = serde_json::from_str(&line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
        out.retain(|o| o.id != r.id);
        out.push(r);
    }
    Ok(out)
}

/// Runs the examples, appending one line per example to `results`.
pub fn evaluate(
    examples: &[Example],
    session: &mut Session,
    results_path: &Path,
    options: EvalOptions,
) -> Result<Evaluation, String> {
    let previous = if options.resume { read_results(results_path)? } else { Vec::new() };
    let done: HashSet<String> = previous.iter().filter(|r| r.completed).map(|r| r.id.clone()).collect();
    if let Some(dir) = results_path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .append(options.resume)
        .truncate(!options.resume)
        .open(results_path)
        .map_err(|e| format!("cannot write {}: {e}", results_path.display()))?;
    let mut pipelines: HashMap<String, Pipeline> = HashMap::new();
    let mut latest: HashMap<String, ExampleResult> = previous.into_iter().map(|r| (r.id.clone(), r)).collect();
    let mut stopped = None;
    for ex in examples.iter().filter(|e| !done.contains(&e.id)) {
        if !pipelines.contains_key(&ex.dataset) {
            let p = Pipeline::new(&ex.domain_pddl, options.pipeline.clone())
                .map_err(|e| format!("{}: {e}", ex.domain_path.display()))?;
            pipelines.insert(ex.dataset.clone(), p);
        }
        let pipeline = &pipelines[&ex.dataset];
        let before = session.totals();
        let run = pipeline.run(session, &ex.task);
        let after = session.totals();
        let r = result(ex, run, before, after, options.reference);
        let line = serde_json::to_string(&r).map_err(|e| e.to_string())?;
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write {}: {e}", results_path.display()))?;
        (options.on_result)(&r);
        let stop_all = r.run.stops_evaluation();
        let why = r.error.clone();
        latest.insert(r.id.clone(), r);
        if stop_all {
            stopped = why;
            break;
        }
    }
    let results = examples.iter().filter_map(|e| latest.remove(&e.id)).collect();
    Ok(Evaluation { results, examples: examples.len(), stopped })
}

fn result(ex: &Example, run: Run, before: Totals, after: Totals, reference: ReferenceFn) -> ExampleResult {
    let first = run.attempts.first();
    let last = run.attempts.last();
    let verdicts = |a: Option<&Attempt>| match a {
        Some(a) if a.checks.parse => reference(&ex.domain_pddl, &ex.reference, &a.problem_pddl),
        // Text that does not parse matches nothing, where the comparison is available at all
        // (the reference compared with itself says which verdicts this domain supports).
        Some(_) => {
            let v = reference(&ex.domain_pddl, &ex.reference, &ex.reference);
            ReferenceVerdicts { structural: v.structural.map(|_| false), semantic: v.semantic.map(|_| false) }
        }
        None => ReferenceVerdicts::default(),
    };
    ExampleResult {
        id: ex.id.clone(),
        dataset: ex.dataset.clone(),
        completed: run.completed(),
        stop: run.stop,
        attempts: run.attempts.len(),
        step0: first.map(Flags::of),
        last: last.map(Flags::of),
        reference_step0: verdicts(first),
        reference_final: verdicts(last),
        seconds: run.seconds,
        prompt_tokens: after.prompt_tokens - before.prompt_tokens,
        completion_tokens: after.completion_tokens - before.completion_tokens,
        error: run.error.as_ref().map(ToString::to_string),
        run,
    }
}

/// The metrics of one group of results (rates over completed examples; `None` when a rate has
/// no denominator or its reference metric was not computed).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Metrics {
    pub attempted: usize,
    pub completed: usize,
    pub step0: BTreeMap<&'static str, f64>,
    #[serde(rename = "final")]
    pub last: BTreeMap<&'static str, f64>,
    pub stop_unchanged: f64,
    pub stop_max_attempts: f64,
    pub stop_no_actionable_feedback: f64,
    pub structural_step0: Option<f64>,
    pub structural_final: Option<f64>,
    pub semantic_step0: Option<f64>,
    pub semantic_final: Option<f64>,
    pub op_non_struct: Option<f64>,
    pub struct_non_op: Option<f64>,
    pub seconds_per_example: f64,
}

const CHECKS: [&str; 6] = ["parse", "domain_conformance", "solve", "validate", "critic", "operational"];

fn flag(f: &Flags, name: &str) -> bool {
    match name {
        "parse" => f.parse,
        "domain_conformance" => f.domain_conformance,
        "solve" => f.solve,
        "validate" => f.validate,
        "critic" => f.critic,
        _ => f.operational,
    }
}

/// Metrics over `results` (attempted = their number).
pub fn metrics(results: &[&ExampleResult]) -> Metrics {
    let done: Vec<&&ExampleResult> = results.iter().filter(|r| r.completed).collect();
    let n = done.len();
    let rate = |k: usize| if n == 0 { 0.0 } else { k as f64 / n as f64 };
    let count = |f: &dyn Fn(&ExampleResult) -> bool| done.iter().filter(|r| f(r)).count();
    let mut m = Metrics { attempted: results.len(), completed: n, ..Metrics::default() };
    for c in CHECKS {
        m.step0.insert(c, rate(count(&|r| r.step0.as_ref().is_some_and(|f| flag(f, c)))));
        m.last.insert(c, rate(count(&|r| r.last.as_ref().is_some_and(|f| flag(f, c)))));
    }
    m.stop_unchanged = rate(count(&|r| r.stop == Stop::Unchanged));
    m.stop_max_attempts = rate(count(&|r| r.stop == Stop::MaxAttempts));
    m.stop_no_actionable_feedback = rate(count(&|r| r.stop == Stop::NoActionableFeedback));
    // A reference rate is "n/a" when no completed example has the verdict (not computed);
    // otherwise an example without one (undecided) counts as not matched, as in EqAcc.
    let reference = |get: &dyn Fn(&ExampleResult) -> Option<bool>| -> Option<f64> {
        let vs: Vec<Option<bool>> = done.iter().map(|r| get(r)).collect();
        vs.iter().any(Option::is_some).then(|| rate(vs.iter().filter(|v| **v == Some(true)).count()))
    };
    m.structural_step0 = reference(&|r| r.reference_step0.structural);
    m.structural_final = reference(&|r| r.reference_final.structural);
    m.semantic_step0 = reference(&|r| r.reference_step0.semantic);
    m.semantic_final = reference(&|r| r.reference_final.semantic);
    let op = |r: &ExampleResult| r.last.as_ref().is_some_and(|f| f.operational);
    m.op_non_struct = reference(&|r| r.reference_final.structural.map(|s| op(r) && !s));
    m.struct_non_op = reference(&|r| r.reference_final.structural.map(|s| s && !op(r)));
    m.seconds_per_example = if n == 0 { 0.0 } else { done.iter().map(|r| r.seconds).sum::<f64>() / n as f64 };
    m
}

fn f3(v: f64) -> String {
    format!("{v:.3}")
}
fn opt(v: Option<f64>) -> String {
    v.map(f3).unwrap_or_else(|| "n/a".into())
}
fn gain(a: Option<f64>, b: Option<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) => format!("{:+.3}", b - a),
        _ => "n/a".into(),
    }
}

/// The groups of a table: each dataset in order of first appearance, then `all`.
fn groups(results: &[ExampleResult]) -> Vec<(String, Vec<&ExampleResult>)> {
    let mut out: Vec<(String, Vec<&ExampleResult>)> = Vec::new();
    for r in results {
        match out.iter_mut().find(|(d, _)| *d == r.dataset) {
            Some((_, v)) => v.push(r),
            None => out.push((r.dataset.clone(), vec![r])),
        }
    }
    if out.len() > 1 {
        out.push(("all".into(), results.iter().collect()));
    }
    out
}

/// Two markdown tables (paper 003's Tables 5 and 2 shapes), one column per dataset and `all`.
/// `runtime`: include the runtime row (it is the only row a replay does not reproduce).
pub fn tables(results: &[ExampleResult], title: &str, runtime: bool) -> String {
    let gs = groups(results);
    let ms: Vec<Metrics> = gs.iter().map(|(_, rs)| metrics(rs)).collect();
    let header = |first: &str| {
        let mut s = format!("| {first} |");
        for (g, _) in &gs {
            s.push_str(&format!(" {g} |"));
        }
        s.push_str("\n|---|");
        s.push_str(&"---:|".repeat(gs.len()));
        s.push('\n');
        s
    };
    let row = |name: &str, f: &dyn Fn(&Metrics) -> String| {
        let mut s = format!("| {name} |");
        for m in &ms {
            s.push_str(&format!(" {} |", f(m)));
        }
        s.push('\n');
        s
    };
    let mut out = format!("### {title}: operational component checks and repair outcomes\n\n");
    out.push_str(&header("Metric"));
    for (c, label) in [
        ("operational", "Op. success"),
        ("parse", "Parse"),
        ("domain_conformance", "Domain Conf."),
        ("solve", "Solve"),
        ("validate", "VAL-valid"),
        ("critic", "Critic Acc."),
    ] {
        out.push_str(&row(&format!("{label} (Step-0)"), &|m| f3(m.step0[c])));
        out.push_str(&row(&format!("{label} (Final)"), &|m| f3(m.last[c])));
        out.push_str(&row(&format!("**{label} gain**"), &|m| format!("{:+.3}", m.last[c] - m.step0[c])));
    }
    out.push_str(&row("Stop: Unchanged", &|m| f3(m.stop_unchanged)));
    out.push_str(&row("Stop: Max Att.", &|m| f3(m.stop_max_attempts)));
    out.push_str(&row("Stop: No Action.", &|m| f3(m.stop_no_actionable_feedback)));
    out.push_str(&row("N (completed / attempted)", &|m| format!("{} / {}", m.completed, m.attempted)));
    if runtime {
        out.push_str(&row("Runtime per example (s)", &|m| format!("{:.2}", m.seconds_per_example)));
    }
    out.push_str(&format!("\n### {title}: operational acceptance vs reference matching\n\n"));
    out.push_str(&header("Metric"));
    out.push_str(&row("Op. (Final)", &|m| f3(m.last["operational"])));
    out.push_str(&row("Sem. (Step-0)", &|m| opt(m.semantic_step0)));
    out.push_str(&row("Sem. (Final)", &|m| opt(m.semantic_final)));
    out.push_str(&row("**Sem. gain**", &|m| gain(m.semantic_step0, m.semantic_final)));
    out.push_str(&row("Struct. (Step-0)", &|m| opt(m.structural_step0)));
    out.push_str(&row("Struct. (Final)", &|m| opt(m.structural_final)));
    out.push_str(&row("**Struct. gain (repair gain)**", &|m| gain(m.structural_step0, m.structural_final)));
    out.push_str(&row("Op. Non-Struct.", &|m| opt(m.op_non_struct)));
    out.push_str(&row("Struct. Non-Op.", &|m| opt(m.struct_non_op)));
    out
}
