//! `certplan check`: load, parse and check through `model::front`, and show the diagnostics.
//! With a plan, a clean check also runs the validator: `ok` means the plan executes and reaches
//! the goal, never only that its steps are well-formed. A plan that does not is reported as
//! `validate` reports it, with exit status 1.

use crate::{Fatal, Outcome, Ui, output, stdio};
use model::CheckOptions;
use model::front::{Loaded, Request, Source};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct CheckArgs {
    /// The domain file.
    domain: PathBuf,
    /// A problem file for the domain.
    problem: Option<PathBuf>,
    /// A plan file for the problem.
    plan: Option<PathBuf>,
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
    /// Requirements used but not declared are errors rather than warnings.
    #[arg(long)]
    strict: bool,
}

pub fn run(args: &CheckArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let plans: Vec<Source> = args.plan.iter().map(Source::path).collect();
    let mut request = Request::new(Source::path(&args.domain)).options(CheckOptions { strict: args.strict });
    if let Some(problem) = &args.problem {
        request = request.problem_with_plans(Source::path(problem), plans);
    }
    let loaded = request.load()?;
    let (errors, warnings) = (loaded.errors(), loaded.warnings());
    let summary = loaded.summary().filter(|_| errors == 0);
    // Well-formed is not valid: with a clean plan, the validator decides (VAL's defaults).
    let validation = if errors == 0 { validate(&loaded) } else { None };
    let plan_invalid = validation.as_ref().is_some_and(|v| !v.verdict.is_valid());
    let outcome = if errors > 0 {
        Outcome::InputErrors
    } else if plan_invalid {
        Outcome::PlanInvalid
    } else {
        Outcome::Fine
    };

    if args.json {
        let mut fields = output::check_fields(summary);
        if let Some(v) = &validation {
            fields["validation"] = serde_json::to_value(v).unwrap_or(serde_json::Value::Null);
        }
        output::print_json("check", outcome, &loaded.sources, &loaded.diagnostics, fields)?;
    } else {
        stdio::eprint(&loaded.render(ui.color));
        match (&validation, summary) {
            (Some(v), _) if !v.verdict.is_valid() => stdio::print(&v.to_text())?,
            _ if ui.quiet => {}
            (_, Some(s)) => stdio::print(&output::summary_text(s, warnings))?,
            (_, None) => stdio::print(&output::tally(errors, warnings))?,
        }
    }
    Ok(outcome)
}

/// The validator's report on the one plan given, when there is one and it resolves.
fn validate(loaded: &Loaded) -> Option<val::Validation> {
    let task = loaded.task()?;
    let input = loaded.problems.first()?.plans.first()?;
    let (plan, file) = (input.plan.as_ref()?, input.file?);
    let steps = model::resolve_plan(&task.domain, &task.objects, plan, file).ok()?;
    Some(val::validate_steps(task, &steps, val::Options::default()))
}
