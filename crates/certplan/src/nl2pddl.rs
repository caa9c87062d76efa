//! `certplan nl2pddl DOMAIN DESCRIPTION`: paper 003's loop for one task, and
//! `certplan nl2pddl eval`: the evaluation over AutoPlanBench (crate `nl2pddl`; the client is
//! crate `llm`). Glue only: flags to settings, progress and tables out.
//!
//! Exit status: `0` operational success (`eval`: the evaluation ran to its end); `1` the loop
//! stopped without success; `2` usage, file, configuration or LLM errors (no completion, a
//! budget, a replay that diverged; `eval`: a budget or replay stop, after writing what was done).

use crate::{Fatal, Outcome, Ui, output, stdio};
use llm::{Budget, Prices, Session, Settings};
use nl2pddl::eval::{self, EvalOptions};
use nl2pddl::feedback::Mode;
use nl2pddl::prompts::FewShot;
use nl2pddl::{Options, Pipeline, Stop, Task};
use pddl::SourceMap;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Nl2pddlArgs {
    #[command(subcommand)]
    pub sub: Option<Sub>,
    #[command(flatten)]
    pub one: OneArgs,
}

#[derive(clap::Subcommand)]
pub enum Sub {
    /// Evaluate over AutoPlanBench (paper 003's metrics; JSONL results, resumable).
    Eval(EvalArgs),
}

impl Nl2pddlArgs {
    pub fn json(&self) -> bool {
        match &self.sub {
            Some(Sub::Eval(a)) => a.json,
            None => self.one.json,
        }
    }
    pub fn name(&self) -> &'static str {
        match &self.sub {
            Some(Sub::Eval(_)) => "nl2pddl eval",
            None => "nl2pddl",
        }
    }
}

/// The endpoint, its limits and the transcript.
#[derive(clap::Args, Clone)]
pub struct LlmFlags {
    /// OpenAI-compatible base URL, e.g. `http://127.0.0.1:8000/v1` (else $CERTPLAN_LLM_BASE_URL,
    /// else the config file).
    #[arg(long)]
    base_url: Option<String>,
    /// Model name (else $CERTPLAN_LLM_MODEL, else the config file). The key is read from
    /// $CERTPLAN_LLM_API_KEY or the config file, never from a flag.
    #[arg(long)]
    model: Option<String>,
    /// A JSON config file (else $CERTPLAN_LLM_CONFIG): base_url, model, api_key, timeout_s,
    /// max_retries, backoff_s, max_backoff_s, temperature, max_tokens, prices, budget.
    #[arg(long, value_name = "FILE")]
    llm_config: Option<PathBuf>,
    /// Seconds for one HTTP exchange.
    #[arg(long)]
    timeout: Option<f64>,
    /// Retries after a timeout, transport error, 429 or 5xx.
    #[arg(long)]
    max_retries: Option<u32>,
    /// Stop after this many LLM calls.
    #[arg(long)]
    max_requests: Option<u64>,
    /// Stop after this many prompt + completion tokens.
    #[arg(long)]
    max_tokens_total: Option<u64>,
    /// Stop once the cost reaches this (needs --price-prompt/--price-completion).
    #[arg(long)]
    max_cost: Option<f64>,
    /// Price per million prompt tokens.
    #[arg(long)]
    price_prompt: Option<f64>,
    /// Price per million completion tokens.
    #[arg(long)]
    price_completion: Option<f64>,
    /// Write every request and response to this JSONL transcript.
    #[arg(long, value_name = "FILE")]
    transcript: Option<PathBuf>,
    /// Answer every call from this recorded transcript (offline; reproduces the recorded run).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["base_url", "model"])]
    replay: Option<PathBuf>,
}

/// The loop's settings.
#[derive(clap::Args, Clone)]
pub struct LoopFlags {
    /// Attempts in all (one generation, then repairs); paper 003 uses 3.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    max_attempts: u32,
    /// Repair feedback: `fine` (diagnostics, planner/validator outcomes, critic issues, history)
    /// or `coarse` (which checks failed).
    #[arg(long, default_value = "fine", value_parser = ["fine", "coarse"])]
    feedback: String,
    /// Search configuration or Fast Downward alias for the solve check.
    #[arg(long, default_value = "lama-first")]
    search: String,
    /// Seconds the planner gets per attempt.
    #[arg(long, default_value_t = 30.0)]
    time_limit: f64,
    /// Seconds one task may take in all (checked before each LLM call); a task past it is not
    /// completed.
    #[arg(long)]
    task_time_limit: Option<f64>,
}

#[derive(clap::Args)]
pub struct OneArgs {
    /// The domain file.
    #[arg(required = true)]
    domain: Option<PathBuf>,
    /// A text file with the task description.
    #[arg(required = true)]
    description: Option<PathBuf>,
    /// A few-shot example's description (with --few-shot-problem).
    #[arg(long, requires = "few_shot_problem")]
    few_shot_description: Option<PathBuf>,
    /// A few-shot example's problem file (with --few-shot-description).
    #[arg(long, requires = "few_shot_description")]
    few_shot_problem: Option<PathBuf>,
    /// Problem name hint given to the model.
    #[arg(long, default_value = "problem")]
    problem_name: String,
    /// Write the last attempt's problem here.
    #[arg(long, short = 'o')]
    output: Option<PathBuf>,
    #[command(flatten)]
    llm: LlmFlags,
    #[command(flatten)]
    looping: LoopFlags,
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct EvalArgs {
    /// `autoplanbench`, or `ipc2002` (PDDL 2.1: reports that no descriptions exist).
    #[arg(long, default_value = "autoplanbench", value_parser = ["autoplanbench", "ipc2002"])]
    suite: String,
    /// AutoPlanBench datasets (comma-separated); default paper 003's six.
    #[arg(long, value_delimiter = ',')]
    datasets: Vec<String>,
    /// Instances per dataset (the first by number).
    #[arg(long, default_value_t = 10)]
    per_dataset: usize,
    /// Give one same-domain few-shot example (the dataset's few_shot/instance-0).
    #[arg(long)]
    few_shot: bool,
    /// The corpus (default $CERTPLAN_BENCHMARKS, else ../shared/benchmarks).
    #[arg(long)]
    benchmarks: Option<PathBuf>,
    /// Results, one JSON line per example.
    #[arg(long, default_value = "nl2pddl-results.jsonl")]
    results: PathBuf,
    /// Keep the results already in --results and run only the examples not completed there.
    #[arg(long)]
    resume: bool,
    /// Also write the tables (markdown) here.
    #[arg(long)]
    table: Option<PathBuf>,
    /// Leave the runtime row out of the tables (a replay reproduces everything else).
    #[arg(long)]
    no_runtime: bool,
    /// Answer from the deterministic *simulated model* on a loopback scripted server instead of
    /// an LLM: exercises the pipeline; its numbers measure no model. With --replay: the
    /// recorded simulated run, answered from its transcript.
    #[arg(long, conflicts_with_all = ["base_url", "model"])]
    simulated_model: bool,
    #[command(flatten)]
    llm: LlmFlags,
    #[command(flatten)]
    looping: LoopFlags,
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &Nl2pddlArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    match &args.sub {
        Some(Sub::Eval(e)) => run_eval(e, ui),
        None => run_one(&args.one, ui),
    }
}

fn read(path: &Path) -> Result<String, Fatal> {
    std::fs::read_to_string(path).map_err(|e| Fatal(format!("cannot read `{}`: {e}", path.display())))
}

fn options(f: &LoopFlags) -> Result<Options, Fatal> {
    if !(f.time_limit.is_finite() && f.time_limit > 0.0) {
        return Err(Fatal(format!("--time-limit must be a positive number of seconds, not {}", f.time_limit)));
    }
    if let Some(t) = f.task_time_limit.filter(|t| !(t.is_finite() && *t > 0.0)) {
        return Err(Fatal(format!("--task-time-limit must be a positive number of seconds, not {t}")));
    }
    Ok(Options {
        max_attempts: f.max_attempts,
        feedback: if f.feedback == "coarse" { Mode::Coarse } else { Mode::Fine },
        solve: nl2pddl::checks::SolveOptions {
            search: f.search.clone(),
            time_limit: Duration::from_secs_f64(f.time_limit),
            ..Default::default()
        },
        task_time_limit: f.task_time_limit.map(Duration::from_secs_f64),
        ..Options::default()
    })
}

/// A session from the flags: replay, or live with flags over environment over config file.
pub(crate) fn session(f: &LlmFlags, base_url: Option<String>, append: bool) -> Result<Session, Fatal> {
    if let Some(from) = &f.replay {
        return Session::replay(from, f.transcript.as_deref()).map_err(|e| Fatal(e.to_string()));
    }
    let prices = (f.price_prompt.is_some() || f.price_completion.is_some()).then(|| Prices {
        prompt_per_million: f.price_prompt.unwrap_or(0.0),
        completion_per_million: f.price_completion.unwrap_or(0.0),
    });
    let budget = (f.max_requests.is_some() || f.max_tokens_total.is_some() || f.max_cost.is_some()).then_some(Budget {
        max_requests: f.max_requests,
        max_tokens: f.max_tokens_total,
        max_cost: f.max_cost,
    });
    let flags = Settings {
        base_url: base_url.or_else(|| f.base_url.clone()),
        model: f.model.clone(),
        timeout_s: f.timeout,
        max_retries: f.max_retries,
        prices,
        budget,
        ..Settings::default()
    };
    let config =
        Settings::layered(flags, f.llm_config.as_deref()).and_then(Settings::resolve).map_err(|e| Fatal(e.0))?;
    Session::live(config, f.transcript.as_deref(), append).map_err(|e| Fatal(e.to_string()))
}

fn run_one(a: &OneArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let (Some(domain_path), Some(description_path)) = (&a.domain, &a.description) else {
        return Err(Fatal("give a domain file and a description file".into()));
    };
    let domain = read(domain_path)?;
    let description = read(description_path)?;
    let few_shot = match (&a.few_shot_description, &a.few_shot_problem) {
        (Some(d), Some(p)) => vec![FewShot { natural_language_description: read(d)?, problem_pddl: read(p)? }],
        _ => Vec::new(),
    };
    let pipeline =
        Pipeline::new(&domain, options(&a.looping)?).map_err(|e| Fatal(format!("{}: {e}", domain_path.display())))?;
    let mut session = session(&a.llm, None, false)?;
    let task = Task { id: a.problem_name.clone(), problem_name_hint: a.problem_name.clone(), description, few_shot };
    let run = pipeline.run(&mut session, &task);
    if let (Some(out), Some(last)) = (&a.output, run.attempts.last()) {
        std::fs::write(out, &last.problem_pddl).map_err(|e| Fatal(format!("cannot write `{}`: {e}", out.display())))?;
    }
    let outcome = match run.stop {
        Stop::Success => Outcome::Fine,
        Stop::LlmError | Stop::TimeLimit => Outcome::Unusable,
        _ => Outcome::InputErrors,
    };
    if a.json {
        let fields = json!({
            "stop": run.stop,
            "success": run.success(),
            "error": run.error.as_ref().map(ToString::to_string),
            "attempts": run.attempts,
            "usage": session.totals(),
            "problem": run.attempts.last().map(|x| x.problem_pddl.clone()),
        });
        output::print_json("nl2pddl", outcome, &SourceMap::new(), &[], fields)?;
        return Ok(outcome);
    }
    for at in &run.attempts {
        stdio::eprint(&format!("attempt {} ({}): {}\n", at.index, at.kind, describe(at)));
    }
    if let Some(e) = &run.error {
        stdio::eprint(&format!("certplan: {e}\n"));
    }
    if let Some(last) = run.attempts.last().filter(|_| a.output.is_none()) {
        stdio::print(&format!("{}\n", last.problem_pddl.trim_end()))?;
    }
    if !ui.quiet {
        let t = session.totals();
        stdio::eprint(&format!(
            "stop: {} after {} attempt(s); {} calls, {} prompt + {} completion tokens\n",
            serde_json::to_value(run.stop).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default(),
            run.attempts.len(),
            t.requests,
            t.prompt_tokens,
            t.completion_tokens
        ));
    }
    Ok(outcome)
}

/// One attempt's checks on a line.
fn describe(a: &nl2pddl::Attempt) -> String {
    let c = &a.checks;
    let mut parts = vec![format!("parse {}", if c.parse { "ok" } else { "failed" })];
    if let Some(ok) = c.domain_conformance {
        let codes: Vec<&str> = c.findings.iter().filter(|f| f.severity == "error").map(|f| f.code.as_str()).collect();
        parts.push(if ok { "conformance ok".into() } else { format!("conformance failed ({})", codes.join(", ")) });
    }
    if let Some(s) = &c.solve {
        parts.push(format!("solve {} ({})", s.outcome, s.detail));
    }
    if let Some(v) = &c.validate {
        parts.push(format!("VAL {}", v.verdict));
    }
    match &a.critic {
        Some(nl2pddl::critic::Critic::Judged(j)) => {
            parts.push(format!("critic {}", if j.accepted { "accepted" } else { "rejected" }))
        }
        Some(nl2pddl::critic::Critic::Error { message }) => parts.push(format!("critic error ({message})")),
        None => {}
    }
    if a.unchanged {
        parts.push("unchanged".into());
    }
    parts.join(", ")
}

fn run_eval(a: &EvalArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let root = match &a.benchmarks {
        Some(p) => p.clone(),
        None => {
            std::env::var_os("CERTPLAN_BENCHMARKS").map(PathBuf::from).unwrap_or_else(|| "../shared/benchmarks".into())
        }
    };
    if a.suite == "ipc2002" {
        return Err(Fatal(nl2pddl::dataset::ipc2002_status(&root)));
    }
    let datasets: Vec<String> = if a.datasets.is_empty() {
        nl2pddl::dataset::PAPER_DATASETS.iter().map(|s| s.to_string()).collect()
    } else {
        a.datasets.clone()
    };
    let examples = nl2pddl::dataset::autoplanbench(&root, &datasets, a.per_dataset, a.few_shot).map_err(Fatal)?;
    let server = (a.simulated_model && a.llm.replay.is_none()).then(|| nl2pddl::simulated::serve(&examples));
    let mut flags = a.llm.clone();
    if server.is_some() {
        flags.model = Some("simulated-model".into());
    }
    let mut session = session(&flags, server.as_ref().map(|s| s.base_url()), a.resume)?;
    let model = session.config().model.clone();
    let title = if a.simulated_model {
        format!(
            "SIMULATED MODEL (scripted, not an LLM), {} examples{}",
            examples.len(),
            if a.few_shot { ", few-shot" } else { "" }
        )
    } else {
        format!("model `{model}`{}, this run", if a.few_shot { ", few-shot" } else { "" })
    };
    let quiet = ui.quiet || a.json;
    let mut progress = |r: &eval::ExampleResult| {
        if !quiet {
            let stop =
                serde_json::to_value(r.stop).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
            stdio::eprint(&format!("{}: {stop} after {} attempt(s), {:.2} s\n", r.id, r.attempts, r.seconds));
        }
    };
    let options = EvalOptions {
        pipeline: options(&a.looping)?,
        reference: nl2pddl::reference::reference_equivalence,
        resume: a.resume,
        on_result: &mut progress,
    };
    let evaluation = eval::evaluate(&examples, &mut session, &a.results, options).map_err(Fatal)?;
    drop(server);
    let tables = eval::tables(&evaluation.results, &title, !a.no_runtime);
    if let Some(path) = &a.table {
        std::fs::write(path, &tables).map_err(|e| Fatal(format!("cannot write `{}`: {e}", path.display())))?;
    }
    let outcome = if evaluation.stopped.is_some() { Outcome::Unusable } else { Outcome::Fine };
    if a.json {
        let all: Vec<&eval::ExampleResult> = evaluation.results.iter().collect();
        let fields = json!({
            "title": title,
            "examples": evaluation.examples,
            "stopped": evaluation.stopped,
            "results": a.results.display().to_string(),
            "metrics": eval::metrics(&all),
            "usage": session.totals(),
            "tables": tables,
            "error": evaluation.stopped,
        });
        output::print_json("nl2pddl eval", outcome, &SourceMap::new(), &[], fields)?;
    } else {
        stdio::print(&tables)?;
        if let Some(why) = &evaluation.stopped {
            stdio::eprint(&format!("certplan: evaluation stopped: {why} (rerun with --resume to continue)\n"));
        }
    }
    Ok(outcome)
}
