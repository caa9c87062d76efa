//! `certplan plan DOMAIN PROBLEM`: ground, prune, search, validate, write the plan.
//!
//! Every plan passes the validator (crate `val`, on the lifted task, sharing no code with
//! grounding or search) before it is written; a plan that fails is reported as a bug (exit 32)
//! and not written.

use crate::ground::{
    EXIT_BUG, EXIT_OUT_OF_MEMORY, EXIT_OUT_OF_TIME, EXIT_UNSOLVABLE, Prepared, PruneArgs, Stop, load_task, prepare,
    prepared_text,
};
use crate::{Fatal, Outcome, Ui, stdio};
use search::{Limits, Outcome as SearchOutcome, Progress, SearchTask, Stats};
use serde_json::json;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct PlanArgs {
    /// The domain file.
    domain: PathBuf,
    /// The problem file.
    problem: PathBuf,
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
    let task = match load_task(&args.domain, &args.problem, ui)? {
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
    let st = SearchTask::new(&ground);
    let limits = Limits { deadline, memory_bytes: args.memory_limit.map(|m| m.saturating_mul(1024 * 1024)) };
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
    let t0 = Instant::now();
    let result = search::search(&st, &cfg, limits, &mut progress);
    if tty {
        stdio::eprint("\r\x1b[K");
    }
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
    let mut text = String::new();
    for l in &lines {
        text.push_str(l);
        text.push('\n');
    }
    text.push_str(&format!("; cost = {cost} ({})\n", if unit { "unit cost" } else { "general cost" }));
    std::fs::write(&args.plan_file, &text)
        .map_err(|e| Fatal(format!("cannot write `{}`: {e}", args.plan_file.display())))?;
    let plan_json = json!({ "file": args.plan_file.display().to_string(), "length": lines.len(), "cost": cost, "optimal": cfg.optimal(), "valid": true });
    report(
        &prep,
        &format!("solved: plan of length {} and cost {cost} written to {}", lines.len(), args.plan_file.display()),
        Some(&stats),
        plan_json,
    )?;
    Ok(Outcome::Fine)
}
