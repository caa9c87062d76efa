//! `certplan analyze DOMAIN [PROBLEM...]`: the domain classes of paper 002 (delete-free,
//! well-formed, conditional effects). DOMAIN is a library domain name or a domain file. When
//! well-formedness is not provable from the syntax, it is checked over the reachable states of the
//! given problems (`--generated K` uses K small generated instances of a library domain).
//! Numeric, temporal and derived domains are "not applicable", with the reason.

use crate::{Fatal, Outcome, Ui, output, stdio};
use domains::analyze::{Analysis, WellFormed};
use model::front::{Loaded, Request, Source};
use pddl::SourceMap;
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// A library domain name, or a domain file.
    domain: String,
    /// Problem files whose reachable states decide well-formedness when the syntax does not.
    problems: Vec<PathBuf>,
    /// Also check on this many generated default-size instances (library domains only).
    #[arg(long, default_value_t = 0)]
    generated: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &AnalyzeArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let library = domains::find(&args.domain);
    let domain_source = match library {
        Some(d) => Source::text(format!("{}.pddl", d.name), d.pddl),
        None => Source::path(&args.domain),
    };
    let loaded = Request::new(domain_source).load()?;
    // The domain is read once; each problem is loaded with its text.
    let file = loaded.sources.get(loaded.domain_file);
    let domain_source = Source::text(file.path.clone(), file.text.clone());
    let lifted = match loaded.into_domain() {
        Ok(d) => d,
        Err(rejected) => return reject(args, ui, &rejected),
    };
    let mut tasks = Vec::new();
    for p in &args.problems {
        match Request::new(domain_source.clone()).problem(Source::path(p)).load()?.into_task() {
            Ok(t) => tasks.push(t),
            Err(rejected) => return reject(args, ui, &rejected),
        }
    }
    if args.generated > 0 {
        let Some(d) = library else {
            return Err(Fatal("--generated needs a library domain name".into()));
        };
        for seed in 0..args.generated as u64 {
            let params = d.params(&[]).map_err(|e| Fatal(e.to_string()))?;
            let text = d.generate(&params, seed, "p").map_err(|e| Fatal(e.to_string()))?;
            let problem = Source::text(format!("generated instance (seed {seed})"), text);
            match Request::new(domain_source.clone()).problem(problem).load()?.into_task() {
                Ok(t) => tasks.push(t),
                Err(rejected) => return reject(args, ui, &rejected),
            }
        }
    }
    let analysis = match domains::analyze::analyze(&lifted, &tasks) {
        Ok(a) => a,
        Err(e) => {
            stdio::eprint(&format!("error: analysis: {e}\n"));
            if args.json {
                let mut v = output::envelope("analyze", 1, &SourceMap::new(), &[], json!({ "analysis": null }));
                v["error"] = format!("analysis: {e}").into();
                stdio::print(&format!("{v}\n"))?;
            }
            return Ok(Outcome::InputErrors);
        }
    };
    if args.json {
        let fields = json!({ "analysis": analysis, "prediction": analysis.class.prediction() });
        output::print_json("analyze", Outcome::Fine, &SourceMap::new(), &[], fields)?;
    } else {
        stdio::print(&text(&analysis, ui))?;
    }
    Ok(Outcome::Fine)
}

/// A domain or problem with errors, or with constructs the analysis cannot use: its diagnostics.
fn reject(args: &AnalyzeArgs, ui: &Ui, rejected: &Loaded) -> Result<Outcome, Fatal> {
    let mut diags = rejected.diagnostics.clone();
    if !rejected.has_errors() {
        diags.extend(rejected.unsupported());
    }
    pddl::diagnostic::sort(&mut diags);
    if args.json {
        output::print_json("analyze", Outcome::InputErrors, &rejected.sources, &diags, json!({ "analysis": null }))?;
    } else {
        stdio::eprint(&rejected.render_these(&diags, ui.color));
    }
    Ok(Outcome::InputErrors)
}

fn text(a: &Analysis, ui: &Ui) -> String {
    let yes = |b: bool| if b { "yes" } else { "no" };
    let mut s = format!("domain {}\n", a.domain);
    s.push_str(&format!("  delete-free:         {}\n", yes(a.delete_free)));
    s.push_str(&format!("  conditional effects: {}\n", yes(a.conditional_effects)));
    let wf = match &a.well_formed {
        WellFormed::Proved => "yes (proved from the preconditions)".to_string(),
        WellFormed::Unproved => "not proved from the syntax; give problems to check it".to_string(),
        WellFormed::HoldsOnProblems { states, complete } => format!(
            "holds on the given problems ({states} reachable states{})",
            if *complete { "" } else { ", search cut at the state limit" }
        ),
        WellFormed::NotApplicable => "not applicable".to_string(),
        WellFormed::Violated(c) => format!(
            "no: in problem {} the action {} has the effect {}, which changes nothing in state {{{}}}",
            c.problem + 1,
            c.action,
            c.effect,
            c.state.join(" ")
        ),
    };
    s.push_str(&format!("  well-formed:         {wf}\n"));
    s.push_str(&format!(
        "  class:               {}\n",
        serde_json::to_value(a.class).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default()
    ));
    if let Some(why) = &a.not_applicable {
        s.push_str(&format!(
            "  not applicable:      paper 002's classes are defined for classical domains; this one has {why}\n"
        ));
    }
    s.push_str(&format!("  counting verifies exactly: {}\n", yes(a.counting_exact)));
    s.push_str(&format!("  paper 002 predicts:  {}\n", a.class.prediction()));
    if !ui.quiet && !a.unproved.is_empty() && !matches!(a.well_formed, WellFormed::Proved) {
        s.push_str("  effects without the opposite literal in the precondition:\n");
        for u in &a.unproved {
            s.push_str(&format!("    {} {}\n", u.action, u.effect));
        }
    }
    s
}
