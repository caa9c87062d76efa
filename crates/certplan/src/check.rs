//! `certplan check`: load, parse and check through `model::front`, and show the diagnostics.

use crate::{Fatal, Outcome, Ui, output, stdio};
use model::CheckOptions;
use model::front::{Request, Source};
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
    let outcome = if errors > 0 { Outcome::InputErrors } else { Outcome::Fine };

    if args.json {
        output::print_json("check", outcome, &loaded.sources, &loaded.diagnostics, output::check_fields(summary))?;
    } else {
        stdio::eprint(&loaded.render(ui.color));
        if !ui.quiet {
            match summary {
                Some(s) => stdio::print(&output::summary_text(s, warnings))?,
                None => stdio::print(&output::tally(errors, warnings))?,
            }
        }
    }
    Ok(outcome)
}
