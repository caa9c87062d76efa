//! `certplan validate DOMAIN PROBLEM PLAN...`: one validation report per plan.
//!
//! Domain and problem are parsed and checked once; each plan is parsed, its steps resolved by
//! `model::resolve_plan` (unknown actions and objects, arity, types: diagnostics with the plan's
//! line and column) and then validated by the `val` crate. Exit status, as VAL's verdicts go:
//! 0 when every plan is valid; 1 when some plan is invalid, a plan whose text does not parse or
//! whose step names an unknown action or object, the wrong number of arguments or an object of
//! the wrong type included; 2 on an input error: an unreadable file (missing, not text, too
//! large), a parse or check error in the domain or problem, a task the validator does not
//! support. An input error wins over an invalid plan; an unreadable plan does not stop the
//! others from being validated and reported.

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
    /// Temporal plans: VAL's -t. Happenings within a tenth of it form one happening (checked for
    /// interference, as VAL does), and duration constraints hold within it.
    #[arg(long, short = 't', default_value_t = val::DEFAULT_TOLERANCE, value_parser = tolerance)]
    tolerance: f64,
    /// Temporal plans: the strict PDDL 2.1 reading instead of VAL's: interfering happenings must
    /// be at least the tolerance apart.
    #[arg(long)]
    strict_epsilon: bool,
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
    /// The plan text does not parse, or a step does not resolve: an invalid plan (exit 1).
    Malformed(Vec<Diagnostic>),
    /// The file cannot be read as text (exit 2): the reason, and the diagnostics of a file that
    /// was read but is not text.
    Unreadable(String, Vec<Diagnostic>),
}

pub fn run(args: &ValidateArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let mut sources = SourceMap::new();
    let mut diags = Vec::new();
    // Every path is opened first, so that a typo in the last plan is reported before any work.
    let domain_file = load::load(&args.domain, &mut sources, &mut diags)?;
    let problem_file = load::load(&args.problem, &mut sources, &mut diags)?;
    // A plan that cannot be read is reported in its place; the others are still validated.
    let mut plan_files = Vec::with_capacity(args.plans.len());
    for p in &args.plans {
        let mut plan_diags = Vec::new();
        plan_files.push(match load::load(p, &mut sources, &mut plan_diags) {
            Ok(Loaded::Text(id)) if !plan_diags.iter().any(Diagnostic::is_error) => Ok(id),
            Ok(_) => Err(PlanOutcome::Unreadable("the file is not a readable text file".into(), plan_diags)),
            Err(Fatal(message)) => Err(PlanOutcome::Unreadable(message, Vec::new())),
        });
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
        strict_epsilon: args.strict_epsilon,
        ..val::Options::default()
    };
    let outcomes: Vec<PlanOutcome> = plan_files
        .into_iter()
        .map(|file| match file {
            Ok(id) => validate_one(id, &sources, &task, options),
            Err(unreadable) => unreadable,
        })
        .collect();

    let input_errors = outcomes.iter().any(|o| match o {
        PlanOutcome::Unreadable(..) => true,
        PlanOutcome::Report(r) => r.verdict == val::Verdict::Unsupported,
        PlanOutcome::Malformed(_) => false,
    });
    let invalid = outcomes.iter().any(|o| match o {
        PlanOutcome::Report(r) => !r.verdict.is_valid(),
        PlanOutcome::Malformed(_) => true,
        PlanOutcome::Unreadable(..) => false,
    });

    if args.json {
        let plans: Vec<Value> = args
            .plans
            .iter()
            .zip(&outcomes)
            .map(|(path, o)| match o {
                PlanOutcome::Report(r) => json!({
                    "path": path.display().to_string(),
                    "verdict": r.verdict,
                    "diagnostics": [],
                    "report": serde_json::to_value(r).unwrap_or(Value::Null),
                }),
                PlanOutcome::Malformed(ds) => json!({
                    "path": path.display().to_string(),
                    "verdict": "malformed",
                    "diagnostics": ds.iter().map(|d| d.short(&sources)).collect::<Vec<_>>(),
                    "report": Value::Null,
                }),
                PlanOutcome::Unreadable(why, ds) => json!({
                    "path": path.display().to_string(),
                    "verdict": "unreadable",
                    "error": why,
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
                PlanOutcome::Malformed(ds) => {
                    stdio::eprint(&pddl::render::render_all(ds, &sources, ui.color));
                    out.push_str("Plan malformed\n");
                    for d in ds.iter().filter(|d| d.is_error()) {
                        out.push_str(&format!("  {}\n", d.short(&sources)));
                    }
                }
                PlanOutcome::Unreadable(why, ds) => {
                    stdio::eprint(&pddl::render::render_all(ds, &sources, ui.color));
                    stdio::eprint(&format!("certplan: {why}\n"));
                    out.push_str(&format!("Plan not read: {why}\n"));
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

/// Parses one plan, resolves its steps against the task and validates it. Parse and resolution
/// errors are all reported together, each with its line and column.
fn validate_one(id: FileId, sources: &SourceMap, task: &model::lifted::Task, options: val::Options) -> PlanOutcome {
    let parse = pddl::parse_plan(&sources.get(id).text, id);
    let mut diags = parse.diagnostics;
    let plan = parse.value.unwrap_or_default();
    match model::resolve_plan(&task.domain, &task.objects, &plan, id) {
        Ok(steps) if !diags.iter().any(Diagnostic::is_error) => {
            PlanOutcome::Report(Box::new(val::validate_steps(task, &steps, options)))
        }
        Ok(_) => PlanOutcome::Malformed(diags),
        Err(resolution) => {
            diags.extend(resolution);
            pddl::diagnostic::sort(&mut diags);
            PlanOutcome::Malformed(diags)
        }
    }
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
