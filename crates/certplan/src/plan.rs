//! `certplan plan DOMAIN PROBLEM`: ground, prune, search, validate, write the plan.
//! `certplan plan output.sas`: search on Fast Downward's finite-domain task (as its search
//! component does), validate, write the plan.
//!
//! Every plan passes the validator (crate `val`, on the lifted task, or on the FDR task with
//! `val::fdr`; sharing no code with grounding or search) before it is written; a plan that fails
//! is reported as a bug (exit 32) and not written.

use crate::ground::{
    EXIT_BUG, EXIT_OUT_OF_MEMORY, EXIT_OUT_OF_TIME, EXIT_UNSOLVABLE, Prepared, PruneArgs, Stop, load_task, prepare,
    prepared_text,
};
use crate::{Fatal, Outcome, Ui, load, stdio};
use search::{Limits, Outcome as SearchOutcome, Progress, SearchTask, Stats};
use serde_json::json;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct PlanArgs {
    /// The domain file, or Fast Downward's `output.sas` (then without a problem file).
    domain: PathBuf,
    /// The problem file.
    problem: Option<PathBuf>,
    /// The search configuration, as in Fast Downward: `astar(lmcut())`, `astar(blind())`,
    /// `eager_greedy([ff()], preferred=[ff()])`, `lazy_greedy([ff()])`, `eager_wastar([ff()], w=2)`.
    #[arg(long, default_value = "astar(lmcut())", value_name = "CONF")]
    search: String,
    /// Where to write the plan.
    #[arg(long, default_value = "sas_plan", value_name = "FILE")]
    plan_file: PathBuf,
    /// Wall-clock limit for the whole run, in seconds.
    #[arg(long, value_name = "S", value_parser = positive)]
    time_limit: Option<f64>,
    /// Resident memory limit, in MiB.
    #[arg(long, value_name = "MB")]
    memory_limit: Option<u64>,
    #[command(flatten)]
    prune: PruneArgs,
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    json: bool,
}

fn positive(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 => Ok(t),
        _ => Err(format!("`{s}` is not a positive number of seconds")),
    }
}

fn search_text(s: &Stats) -> String {
    format!(
        "search: expanded {}, generated {}, evaluated {}, reopened {}, dead ends {}, states {}, {:.3}s\n\
         search: initial h {}, expanded until last f-layer {}, {:.1} bytes per state, peak memory {} KiB\n",
        s.expanded,
        s.generated,
        s.evaluated,
        s.reopened,
        s.dead_ends,
        s.registered,
        s.seconds,
        s.initial_h.map_or_else(|| "infinite".to_string(), |h| h.to_string()),
        s.expanded_until_last_jump,
        s.bytes_per_state,
        s.peak_rss_bytes / 1024
    )
}

pub fn run(args: &PlanArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let start = Instant::now();
    let cfg = search::parse(&args.search).map_err(|e| Fatal(format!("bad --search `{}`: {e}", args.search)))?;
    let deadline = args.time_limit.map(|t| start + Duration::from_secs_f64(t));
    let limits = Limits { deadline, memory_bytes: args.memory_limit.map(|m| m.saturating_mul(1024 * 1024)) };
    let Some(problem) = &args.problem else {
        return run_fdr(args, ui, &cfg, limits, start);
    };
    let task = match load_task(&args.domain, problem, ui)? {
        Ok(t) => t,
        Err(o) => return Ok(o),
    };
    let mut prep = Prepared::default();
    prep.times.parse = start.elapsed().as_secs_f64();
    let report = |prep: &Prepared,
                  result: &str,
                  search: Option<&Stats>,
                  extra: serde_json::Value|
     -> Result<(), Fatal> {
        if args.json {
            let v = json!({ "result": result, "search_config": cfg.text, "statistics": prep, "search": search, "plan": extra });
            stdio::print(&format!("{v}\n"))
        } else if !ui.quiet {
            let mut s = prepared_text(prep);
            if let Some(st) = search {
                s.push_str(&search_text(st));
            }
            let t = &prep.times;
            s.push_str(&format!(
                "times: parse {:.3}s, ground {:.3}s, h2 {:.3}s, relevance {:.3}s, search {:.3}s, validate {:.3}s, total {:.3}s\n",
                t.parse, t.ground, t.h2, t.relevance, t.search, t.validate, t.total
            ));
            s.push_str(&format!("result: {result}\n"));
            stdio::print(&s)
        } else {
            Ok(())
        }
    };
    let ground = match prepare(&task, args.prune, deadline, &mut prep) {
        Ok(g) => g,
        Err(Stop::Exit(o)) => return Ok(o),
        Err(Stop::OutOfTime) => {
            prep.times.total = start.elapsed().as_secs_f64();
            report(&prep, "out of time", None, serde_json::Value::Null)?;
            return Ok(Outcome::Planner(EXIT_OUT_OF_TIME));
        }
        Err(Stop::Unsolvable) => {
            prep.times.total = start.elapsed().as_secs_f64();
            report(&prep, "unsolvable (proved while grounding)", None, serde_json::Value::Null)?;
            return Ok(Outcome::Planner(EXIT_UNSOLVABLE));
        }
    };
    // Fast Downward's exit code 34 (search: unsupported) for a heuristic that cannot read axioms.
    if let Some(why) = search::axioms::unsupported(&cfg, &ground) {
        stdio::eprint(&format!("certplan: {why}\n"));
        return Ok(Outcome::Planner(34));
    }
    let st = SearchTask::new(&ground);
    let t0 = Instant::now();
    let result = search_with_progress(&st, &cfg, limits, ui);
    prep.times.search = t0.elapsed().as_secs_f64();
    let stats = result.stats;
    let (plan, cost) = match result.outcome {
        SearchOutcome::Solved { plan, cost } => (plan, cost),
        SearchOutcome::Unsolvable => {
            prep.times.total = start.elapsed().as_secs_f64();
            report(&prep, "unsolvable (search space exhausted)", Some(&stats), serde_json::Value::Null)?;
            return Ok(Outcome::Planner(EXIT_UNSOLVABLE));
        }
        SearchOutcome::OutOfTime => {
            prep.times.total = start.elapsed().as_secs_f64();
            report(&prep, "out of time", Some(&stats), serde_json::Value::Null)?;
            return Ok(Outcome::Planner(EXIT_OUT_OF_TIME));
        }
        SearchOutcome::OutOfMemory => {
            prep.times.total = start.elapsed().as_secs_f64();
            report(&prep, "out of memory", Some(&stats), serde_json::Value::Null)?;
            return Ok(Outcome::Planner(EXIT_OUT_OF_MEMORY));
        }
    };

    // The trust base: validate on the lifted task before anything is written.
    let t1 = Instant::now();
    let mut steps = Vec::with_capacity(plan.len());
    let mut lines = Vec::with_capacity(plan.len());
    for &op in &plan {
        let o = &ground.operators[op as usize];
        let (Some(action), Some(text)) = (o.action, ground.operator_text(&task, op as usize)) else { continue };
        steps.push(val::Step { action, args: o.args.clone(), time: None, duration: None, line: 0 });
        lines.push(text);
    }
    let validation = val::validate_steps(&task, &steps, val::Options::default());
    prep.times.validate = t1.elapsed().as_secs_f64();
    prep.times.total = start.elapsed().as_secs_f64();
    let unit = !ground.general_cost;
    let cost_matches = validation.cost.is_none_or(|c| (c - cost as f64).abs() < 1e-6);
    if !validation.verdict.is_valid() || !cost_matches {
        stdio::eprint(&format!(
            "certplan: BUG: the plan found (cost {cost}) does not pass the validator; it is not written.\n\
             Please report this with the domain and problem.\n{}\n{}",
            lines.join("\n"),
            validation.to_text()
        ));
        if !cost_matches {
            stdio::eprint(&format!(
                "certplan: the search's cost {cost} differs from the validator's {:?}\n",
                validation.cost
            ));
        }
        return Ok(Outcome::Planner(EXIT_BUG));
    }
    write_plan(&args.plan_file, &plan_text(&lines, cost, unit))?;
    let plan_json = json!({ "file": args.plan_file.display().to_string(), "length": lines.len(), "cost": cost, "optimal": cfg.optimal(), "valid": true });
    report(
        &prep,
        &format!("solved: plan of length {} and cost {cost} written to {}", lines.len(), args.plan_file.display()),
        Some(&stats),
        plan_json,
    )?;
    Ok(Outcome::Fine)
}

/// Runs the search, with a live progress line on a terminal.
fn search_with_progress(st: &SearchTask, cfg: &search::Config, limits: Limits, ui: &Ui) -> search::SearchResult {
    let tty = std::io::stderr().is_terminal() && !ui.quiet;
    let mut progress = |p: &Progress| {
        if tty {
            let rate = if p.elapsed > 0.0 { p.expanded as f64 / p.elapsed } else { 0.0 };
            let f = p.f_layer.map_or_else(String::new, |f| format!("f={f} "));
            stdio::eprint(&format!(
                "\r\x1b[K{f}expanded {} generated {} ({:.0}/s) {:.1}s {} MiB",
                p.expanded,
                p.generated,
                rate,
                p.elapsed,
                p.rss_bytes / (1024 * 1024)
            ));
        }
    };
    let result = search::search(st, cfg, limits, &mut progress);
    if tty {
        stdio::eprint("\r\x1b[K");
    }
    result
}

/// The IPC plan file: one `(action args)` per line, then `; cost = N (unit cost|general cost)`.
fn plan_text(lines: &[String], cost: u64, unit: bool) -> String {
    let mut text = String::new();
    for l in lines {
        text.push_str(l);
        text.push('\n');
    }
    text.push_str(&format!("; cost = {cost} ({})\n", if unit { "unit cost" } else { "general cost" }));
    text
}

fn write_plan(path: &Path, text: &str) -> Result<(), Fatal> {
    std::fs::write(path, text).map_err(|e| Fatal(format!("cannot write `{}`: {e}", path.display())))
}

/// `certplan plan output.sas`: no grounding or pruning (the task is searched as given, as Fast
/// Downward's search component does), and the plan checked on the FDR task by `val::fdr`.
fn run_fdr(args: &PlanArgs, ui: &Ui, cfg: &search::Config, limits: Limits, start: Instant) -> Result<Outcome, Fatal> {
    let path = &args.domain;
    let text = load::read_text(path)?;
    if !sas::looks_like_sas(&text) {
        return Err(Fatal(format!(
            "`{}` is not an output.sas file (its first line is not `begin_version`); give a domain and a problem file, or Fast Downward's output.sas",
            path.display()
        )));
    }
    let fdr = match sas::parse(&text) {
        Ok(t) => t,
        Err(e) => {
            stdio::eprint(&format!("certplan: {}:{}: {}\n", path.display(), e.line, e.message));
            return Ok(Outcome::InputErrors);
        }
    };
    let ground = match ::ground::sas::from_fdr(&fdr) {
        Ok(g) => g,
        Err(why) => {
            stdio::eprint(&format!("certplan: {}: {why}\n", path.display()));
            return Ok(Outcome::InputErrors);
        }
    };
    let mut times = crate::ground::Times { parse: start.elapsed().as_secs_f64(), ..Default::default() };
    let facts: usize = fdr.variables.iter().map(|v| v.values.len()).sum();
    let task_json = json!({ "variables": fdr.variables.len(), "facts": facts, "operators": fdr.operators.len() });
    let task_line = format!(
        "output.sas: {} variables, {facts} facts, {} operators, {}\n",
        fdr.variables.len(),
        fdr.operators.len(),
        if fdr.metric { "general cost" } else { "unit cost" }
    );
    let report = |times: &crate::ground::Times, result: &str, st: Option<&Stats>, plan: serde_json::Value| {
        if args.json {
            let v = json!({ "result": result, "search_config": cfg.text, "task": task_json, "times": times, "search": st, "plan": plan });
            stdio::print(&format!("{v}\n"))
        } else if !ui.quiet {
            let mut s = task_line.clone();
            if let Some(st) = st {
                s.push_str(&search_text(st));
            }
            s.push_str(&format!(
                "times: parse {:.3}s, search {:.3}s, validate {:.3}s, total {:.3}s\nresult: {result}\n",
                times.parse, times.search, times.validate, times.total
            ));
            stdio::print(&s)
        } else {
            Ok(())
        }
    };
    let st = SearchTask::new(&ground);
    let t0 = Instant::now();
    let result = search_with_progress(&st, cfg, limits, ui);
    times.search = t0.elapsed().as_secs_f64();
    let (plan, cost) = match result.outcome {
        SearchOutcome::Solved { plan, cost } => (plan, cost),
        other => {
            times.total = start.elapsed().as_secs_f64();
            let (text, code) = match other {
                SearchOutcome::Unsolvable => ("unsolvable (search space exhausted)", EXIT_UNSOLVABLE),
                SearchOutcome::OutOfTime => ("out of time", EXIT_OUT_OF_TIME),
                _ => ("out of memory", EXIT_OUT_OF_MEMORY),
            };
            report(&times, text, Some(&result.stats), serde_json::Value::Null)?;
            return Ok(Outcome::Planner(code));
        }
    };
    // The trust base: the plan as printed, read back and executed on the FDR task.
    let t1 = Instant::now();
    let lines: Vec<String> = plan.iter().map(|&op| format!("({})", fdr.operators[op as usize].name)).collect();
    let text = plan_text(&lines, cost, !fdr.metric);
    let checked = pddl::parse_plan(&text, pddl::FileId(0))
        .value
        .ok_or_else(|| val::fdr::Failure::UnknownOperator {
            step: 0,
            line: 0,
            name: "(the plan does not parse)".into(),
        })
        .and_then(|p| val::fdr::resolve(&fdr, &p))
        .and_then(|ops| val::fdr::validate(&fdr, &ops));
    times.validate = t1.elapsed().as_secs_f64();
    times.total = start.elapsed().as_secs_f64();
    match checked {
        Ok(c) if c == cost => {}
        other => {
            let why = match other {
                Ok(c) => format!("the search's cost {cost} differs from the validator's {c}"),
                Err(f) => f.to_string(),
            };
            stdio::eprint(&format!(
                "certplan: BUG: the plan found (cost {cost}) does not pass the FDR validator; it is not written.\n\
                 Please report this with the output.sas file.\n{text}{why}\n"
            ));
            return Ok(Outcome::Planner(EXIT_BUG));
        }
    }
    write_plan(&args.plan_file, &text)?;
    let plan_json = json!({ "file": args.plan_file.display().to_string(), "length": lines.len(), "cost": cost, "optimal": cfg.optimal(), "valid": true });
    report(
        &times,
        &format!("solved: plan of length {} and cost {cost} written to {}", lines.len(), args.plan_file.display()),
        Some(&result.stats),
        plan_json,
    )?;
    Ok(Outcome::Fine)
}
