//! `certplan check`: load, parse, and (only when the syntax is clean) run the semantic checker.
//! With a plan, a clean check also runs the validator: `ok` means the plan executes and reaches
//! the goal, never only that its steps are well-formed. A plan that does not is reported as
//! `validate` reports it, with exit status 1.

use crate::load::{self, parse};
use crate::{Fatal, Outcome, Ui, output, stdio};
use model::{CheckOptions, Input};
use pddl::{Diagnostic, SourceMap};
use std::path::{Path, PathBuf};

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
    json: bool,
    /// Requirements used but not declared are errors rather than warnings.
    #[arg(long)]
    strict: bool,
}

pub fn run(args: &CheckArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let mut sources = SourceMap::new();
    let mut diags = Vec::new();
    // Every path is opened before anything is parsed, so a typo in the last path is reported at
    // once rather than after a page of diagnostics about the first.
    let mut load = |p: &Path| load::load(p, &mut sources, &mut diags);
    let domain_file = load(&args.domain)?;
    let problem_file = args.problem.as_deref().map(&mut load).transpose()?;
    let plan_file = args.plan.as_deref().map(&mut load).transpose()?;

    let domain = parse(&sources, domain_file, pddl::parse_domain, &mut diags);
    let problem = problem_file.and_then(|f| parse(&sources, f, pddl::parse_problem, &mut diags));
    let plan = plan_file.and_then(|f| parse(&sources, f, pddl::parse_plan, &mut diags));

    let mut summary = None;
    let mut validation = None;
    // Semantic checks on a broken tree only produce cascades of confusing errors, so they wait
    // until the syntax is clean.
    if !diags.iter().any(Diagnostic::is_error) {
        let complete =
            domain.is_some() && problem.is_some() == args.problem.is_some() && plan.is_some() == args.plan.is_some();
        let Some((domain, domain_id)) = domain.as_ref().filter(|_| complete) else {
            return Err(Fatal("internal error: the parser returned no tree and no error".into()));
        };
        let input = Input {
            domain: (domain, *domain_id),
            problem: problem.as_ref().map(|(p, id)| (p, *id)),
            plan: plan.as_ref().map(|(p, id)| (p, *id)),
        };
        let checked = model::check(input, CheckOptions { strict: args.strict });
        let clean = !checked.has_errors();
        // Well-formed is not valid: with a clean plan, the validator decides (VAL's defaults).
        if let (true, Some(task), Some((plan, id))) = (clean, &checked.task, &plan)
            && let Ok(steps) = model::resolve_plan(&task.domain, &task.objects, plan, *id)
        {
            validation = Some(val::validate_steps(task, &steps, val::Options::default()));
        }
        diags.extend(checked.diagnostics);
        summary = Some(checked.summary);
    }
    pddl::diagnostic::sort(&mut diags);
    let (errors, warnings) = output::count_errors(&diags);
    let summary = summary.filter(|_| errors == 0);

    let plan_invalid = validation.as_ref().is_some_and(|v| !v.verdict.is_valid());

    if args.json {
        let mut report = output::json_report(&sources, &diags, summary.as_ref());
        if let Some(obj) = report.as_object_mut() {
            obj.insert("ok".into(), (errors == 0 && !plan_invalid).into());
            if let Some(v) = &validation {
                obj.insert("validation".into(), serde_json::to_value(v).unwrap_or(serde_json::Value::Null));
            }
        }
        stdio::print(&format!("{report}\n"))?;
    } else {
        stdio::eprint(&pddl::render::render_all(&diags, &sources, ui.color));
        match &validation {
            Some(v) if !v.verdict.is_valid() => stdio::print(&v.to_text())?,
            _ if ui.quiet => {}
            _ => match &summary {
                Some(s) => stdio::print(&output::summary_text(s, warnings))?,
                None => stdio::print(&output::tally(errors, warnings))?,
            },
        }
    }
    Ok(if errors > 0 {
        Outcome::InputErrors
    } else if plan_invalid {
        Outcome::PlanInvalid
    } else {
        Outcome::Fine
    })
}
