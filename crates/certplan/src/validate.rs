//! `certplan validate DOMAIN PROBLEM PLAN...`: one validation report per plan.
//!
//! Domain and problem are parsed and checked once; each plan is parsed and checked against them
//! by `model::check` (unknown actions and objects, arity, types: diagnostics with the plan's line
//! and column) and then validated by the `val` crate. Exit status: 0 when every plan is valid,
//! 1 when some plan is invalid (a step fails or the goal is not reached), 2 on an input error
//! (unreadable path, a parse or check error in any file, a task the validator does not support).
//! An input error wins over an invalid plan.

use crate::load::{self, Loaded};
use crate::{Fatal, Outcome, Ui, stdio};
use model::{CheckOptions, Input};
use pddl::{Diagnostic, FileId, SourceMap};
use serde_json::{Value, json};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct ValidateArgs {
    /// The domain file.
    domain: PathBuf,
    /// The problem file.
    problem: PathBuf,
    /// One or more plan files; each gets its own report.
    #[arg(required = true)]
    plans: Vec<PathBuf>,
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    json: bool,
    /// Print the state changes of every step.
    #[arg(long)]
    trace: bool,
    /// Print the final state of plans executed to the end.
    #[arg(long)]
    final_state: bool,
    /// Temporal plans: interfering happenings must be at least this far apart (VAL's -t).
    #[arg(long, short = 't', default_value_t = 0.001, value_parser = tolerance)]
    tolerance: f64,
}

fn tolerance(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t >= 0.0 => Ok(t),
        _ => Err(format!("`{s}` is not a non-negative number")),
    }
}

/// What happened to one plan file.
enum PlanOutcome {
    Report(Box<val::Validation>),
    /// Parse or check errors in the plan file.
    Diagnostics(Vec<Diagnostic>),
}

pub fn run(args: &ValidateArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let mut sources = SourceMap::new();
    let mut diags = Vec::new();
    // Every path is opened first, so that a typo in the last plan is reported before any work.
    let domain_file = load::load(&args.domain, &mut sources, &mut diags)?;
    let problem_file = load::load(&args.problem, &mut sources, &mut diags)?;
    let mut plan_files = Vec::with_capacity(args.plans.len());
    for p in &args.plans {
        plan_files.push(load::load(p, &mut sources, &mut diags)?);
    }

    let domain = text(domain_file).map(|id| (pddl::parse_domain(&sources.get(id).text, id), id));
    let problem = text(problem_file).map(|id| (pddl::parse_problem(&sources.get(id).text, id), id));
    let mut parsed = Vec::new();
    if let (Some((d, did)), Some((p, pid))) = (domain, problem) {
        diags.extend(d.diagnostics);
        diags.extend(p.diagnostics);
        parsed = vec![(d.value, did, p.value, pid)];
    }
    let task_input = parsed.pop().and_then(|(d, did, p, pid)| Some((d?, did, p?, pid)));
    let (domain, did, problem, pid) = match task_input {
        Some(t) if !diags.iter().any(Diagnostic::is_error) => t,
        _ => return input_error(args, ui, &sources, diags, "the domain or problem cannot be read"),
    };
    let checked = model::check(
        Input { domain: (&domain, did), problem: Some((&problem, pid)), plan: None },
        CheckOptions::default(),
    );
    let mut failed = checked.has_errors();
    diags.extend(checked.diagnostics);
    let mut why = "the domain or problem has errors".to_string();
    if !checked.unsupported.is_empty() {
        let what: Vec<&str> = checked.unsupported.iter().map(|u| u.construct.as_str()).collect();
        why = format!("the task uses constructs the validator does not support: {}", what.join(", "));
        failed = true;
    }
    let task = match checked.task {
        Some(t) if !failed => t,
        _ => return input_error(args, ui, &sources, diags, &why),
    };
    // Warnings about domain and problem are shown once, before the reports.
    if !args.json {
        pddl::diagnostic::sort(&mut diags);
        stdio::eprint(&pddl::render::render_all(&diags, &sources, ui.color));
    }

    let options = val::Options {
        trace: args.trace,
        final_state: args.final_state,
        tolerance: args.tolerance,
        ..val::Options::default()
    };
    let mut outcomes = Vec::with_capacity(plan_files.len());
    for loaded in plan_files {
        outcomes.push(validate_one(loaded, &sources, &domain, did, &problem, pid, &task, options));
    }

    let input_errors = outcomes.iter().any(|o| match o {
        PlanOutcome::Diagnostics(_) => true,
        PlanOutcome::Report(r) => matches!(r.verdict, val::Verdict::Malformed | val::Verdict::Unsupported),
    });
    let invalid = outcomes.iter().any(|o| matches!(o, PlanOutcome::Report(r) if !r.verdict.is_valid()));

    if args.json {
        let plans: Vec<Value> = args
            .plans
            .iter()
            .zip(&outcomes)
            .map(|(path, o)| match o {
                PlanOutcome::Report(r) => json!({
                    "path": path.display().to_string(),
                    "diagnostics": [],
                    "report": serde_json::to_value(r).unwrap_or(Value::Null),
                }),
                PlanOutcome::Diagnostics(ds) => json!({
                    "path": path.display().to_string(),
                    "diagnostics": ds.iter().map(|d| d.short(&sources)).collect::<Vec<_>>(),
                    "report": Value::Null,
                }),
            })
            .collect();
        let warnings: Vec<String> = diags.iter().map(|d| d.short(&sources)).collect();
        let report = json!({ "ok": !input_errors && !invalid, "task_diagnostics": warnings, "plans": plans });
        stdio::print(&format!("{report}\n"))?;
    } else {
        let many = args.plans.len() > 1;
        for (path, o) in args.plans.iter().zip(&outcomes) {
            let mut out = String::new();
            if many {
                out.push_str(&format!("== {} ==\n", path.display()));
            }
            match o {
                PlanOutcome::Report(r) => out.push_str(&r.to_text()),
                PlanOutcome::Diagnostics(ds) => {
                    stdio::eprint(&pddl::render::render_all(ds, &sources, ui.color));
                    out.push_str("Plan malformed\n");
                    for d in ds.iter().filter(|d| d.is_error()) {
                        out.push_str(&format!("  {}\n", d.short(&sources)));
                    }
                }
            }
            stdio::print(&out)?;
        }
    }
    Ok(if input_errors {
        Outcome::Unusable
    } else if invalid {
        Outcome::PlanInvalid
    } else {
        Outcome::Fine
    })
}

fn text(loaded: Loaded) -> Option<FileId> {
    match loaded {
        Loaded::Text(id) => Some(id),
        Loaded::TooLarge => None,
    }
}

#[allow(clippy::too_many_arguments)] // the parsed inputs, passed as they are
fn validate_one(
    loaded: Loaded,
    sources: &SourceMap,
    domain: &pddl::ast::Domain,
    did: FileId,
    problem: &pddl::ast::Problem,
    pid: FileId,
    task: &model::lifted::Task,
    options: val::Options,
) -> PlanOutcome {
    let Loaded::Text(id) = loaded else {
        return PlanOutcome::Diagnostics(Vec::new());
    };
    let parse = pddl::parse_plan(&sources.get(id).text, id);
    let mut diags = parse.diagnostics;
    let Some(plan) = parse.value.filter(|_| !diags.iter().any(Diagnostic::is_error)) else {
        return PlanOutcome::Diagnostics(diags);
    };
    // The checker's plan diagnostics carry spans and suggestions; the domain and problem were
    // checked above, so only the plan's own diagnostics are kept.
    let checked = model::check(
        Input { domain: (domain, did), problem: Some((problem, pid)), plan: Some((&plan, id)) },
        CheckOptions::default(),
    );
    diags.extend(checked.diagnostics.into_iter().filter(|d| d.file == id));
    if diags.iter().any(Diagnostic::is_error) {
        pddl::diagnostic::sort(&mut diags);
        return PlanOutcome::Diagnostics(diags);
    }
    PlanOutcome::Report(Box::new(val::validate(task, &plan, options)))
}

fn input_error(
    args: &ValidateArgs,
    ui: &Ui,
    sources: &SourceMap,
    mut diags: Vec<Diagnostic>,
    why: &str,
) -> Result<Outcome, Fatal> {
    pddl::diagnostic::sort(&mut diags);
    if args.json {
        let errors: Vec<String> = diags.iter().map(|d| d.short(sources)).collect();
        let report = json!({ "ok": false, "task_diagnostics": errors, "reason": why, "plans": [] });
        stdio::print(&format!("{report}\n"))?;
    } else {
        stdio::eprint(&pddl::render::render_all(&diags, sources, ui.color));
        stdio::eprint(&format!("certplan: {why}; no plan was validated\n"));
    }
    Ok(Outcome::Unusable)
}
