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

use crate::{Fatal, Outcome, Ui, output, stdio};
use model::front::{Loaded, PlanInput, Request, Source};
use pddl::diagnostic::codes;
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
    pub json: bool,
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
    /// The plan text does not parse, or a step does not resolve (unknown action or object, wrong
    /// arity or type): an invalid plan (exit 1), as VAL's verdict goes.
    Malformed(Vec<Diagnostic>),
    /// The file cannot be read as text (exit 2): the reason, and the diagnostics of a file that
    /// was read but is not text.
    Unreadable(String, Vec<Diagnostic>),
}

pub fn run(args: &ValidateArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    // `model::front` opens every path first, so that a typo in the last plan is reported before
    // any work; it checks domain and problem once and each plan with them.
    let plans = args.plans.iter().map(Source::path).collect();
    let loaded = Request::new(Source::path(&args.domain))
        .problem_with_plans(Source::path(&args.problem), plans)
        .tolerate_unreadable_plans()
        .load()?;
    let Some(problem) = loaded.problems.first() else {
        return Err(Fatal("internal error: the problem was not loaded".into()));
    };
    let plan_files: Vec<Option<FileId>> = problem.plans.iter().map(|p| p.file).collect();
    // Diagnostics about domain and problem; each plan's own are in its report.
    let diags: Vec<Diagnostic> =
        loaded.diagnostics.iter().filter(|d| !plan_files.contains(&Some(d.file))).cloned().collect();
    if diags.iter().any(Diagnostic::is_error) {
        return input_error(args, ui, &loaded.sources, diags, "the domain or problem has errors");
    }
    let unsupported = loaded.unsupported();
    if !unsupported.is_empty() {
        let what: Vec<&str> = problem
            .checked
            .iter()
            .flat_map(|c| &c.unsupported)
            .map(|u| u.construct.as_str())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let why = format!("the task uses constructs the validator does not support: {}", what.join(", "));
        let mut all = diags;
        all.extend(unsupported);
        return input_error(args, ui, &loaded.sources, all, &why);
    }
    let Some(task) = loaded.task() else {
        return input_error(args, ui, &loaded.sources, diags, "the domain or problem has errors");
    };
    // Warnings about domain and problem are shown once, before the reports.
    if !args.json {
        stdio::eprint(&loaded.render_these(&diags, ui.color));
    }

    let options = val::Options {
        trace: args.trace,
        final_state: args.final_state,
        tolerance: args.tolerance,
        strict_epsilon: args.strict_epsilon,
        ..val::Options::default()
    };
    let outcomes: Vec<PlanOutcome> = problem.plans.iter().map(|p| validate_one(&loaded, p, task, options)).collect();

    let input_errors = outcomes.iter().any(|o| match o {
        PlanOutcome::Unreadable(..) => true,
        PlanOutcome::Malformed(_) => false,
        PlanOutcome::Report(r) => r.verdict == val::Verdict::Unsupported,
    });
    let invalid = outcomes.iter().any(|o| match o {
        PlanOutcome::Report(r) => !r.verdict.is_valid(),
        PlanOutcome::Malformed(_) => true,
        PlanOutcome::Unreadable(..) => false,
    });
    let outcome = if input_errors {
        Outcome::Unusable
    } else if invalid {
        Outcome::PlanInvalid
    } else {
        Outcome::Fine
    };

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
                    "diagnostics": output::json_diagnostics(&loaded.sources, ds),
                    "report": Value::Null,
                }),
                PlanOutcome::Unreadable(why, ds) => json!({
                    "path": path.display().to_string(),
                    "verdict": "unreadable",
                    "error": why,
                    "diagnostics": output::json_diagnostics(&loaded.sources, ds),
                    "report": Value::Null,
                }),
            })
            .collect();
        // The envelope lists every diagnostic (domain, problem and plans); each plan's own are
        // repeated in its entry.
        // An unreadable plan is the reason for exit 2 where domain and problem are fine.
        let error = outcomes.iter().find_map(|o| match o {
            PlanOutcome::Unreadable(why, _) => Some(why.as_str()),
            _ => None,
        });
        let fields = json!({ "reason": null, "error": error, "plans": plans });
        output::print_json("validate", outcome, &loaded.sources, &loaded.diagnostics, fields)?;
    } else {
        let many = args.plans.len() > 1;
        for (path, o) in args.plans.iter().zip(&outcomes) {
            let mut out = String::new();
            if many {
                out.push_str(&format!("== {} ==\n", path.display()));
            }
            match o {
                PlanOutcome::Report(r) => out.push_str(&r.to_text()),
                PlanOutcome::Unreadable(why, ds) => {
                    stdio::eprint(&loaded.render_these(ds, ui.color));
                    stdio::eprint(&format!("certplan: {why}\n"));
                    out.push_str(&format!("Plan not read: {why}\n"));
                }
                PlanOutcome::Malformed(ds) => {
                    stdio::eprint(&loaded.render_these(ds, ui.color));
                    out.push_str("Plan malformed\n");
                    for d in ds.iter().filter(|d| d.is_error()) {
                        out.push_str(&format!("  {}\n", d.short(&loaded.sources)));
                    }
                }
            }
            stdio::print(&out)?;
        }
    }
    Ok(outcome)
}

/// Validates one plan whose syntax and steps `model::front` checked (`model::resolve_plan`): a
/// file that could not be read as text is unreadable; its own errors make it malformed (an
/// invalid plan); otherwise the validator runs.
fn validate_one(loaded: &Loaded, input: &PlanInput, task: &model::lifted::Task, options: val::Options) -> PlanOutcome {
    if let Some(u) = &input.unreadable {
        return PlanOutcome::Unreadable(u.to_string(), Vec::new());
    }
    let Some(file) = input.file else {
        return PlanOutcome::Unreadable("the plan was not read".into(), Vec::new());
    };
    let diags: Vec<Diagnostic> = loaded.diagnostics_in(file).cloned().collect();
    let not_text = |d: &Diagnostic| d.code == codes::TOO_LARGE || d.code == codes::NOT_TEXT;
    if diags.iter().any(not_text) {
        return PlanOutcome::Unreadable("the file is not a readable text file".into(), diags);
    }
    match &input.plan {
        Some(plan) if !diags.iter().any(Diagnostic::is_error) => {
            PlanOutcome::Report(Box::new(val::validate(task, plan, options)))
        }
        _ => PlanOutcome::Malformed(diags),
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
        let fields = json!({ "reason": why, "plans": [] });
        output::print_json("validate", Outcome::Unusable, sources, &diags, fields)?;
    } else {
        stdio::eprint(&pddl::render::render_all(&diags, sources, ui.color));
        stdio::eprint(&format!("certplan: {why}; no plan was validated\n"));
    }
    Ok(Outcome::Unusable)
}
