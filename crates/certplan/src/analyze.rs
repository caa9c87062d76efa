//! `certplan analyze DOMAIN [PROBLEM...]`: the domain classes of paper 002 (delete-free,
//! well-formed, conditional effects). DOMAIN is a library domain name or a domain file. When
//! well-formedness is not provable from the syntax, it is checked over the reachable states of the
//! given problems (`--generated K` uses K small generated instances of a library domain).
//! Numeric, temporal and derived domains are "not applicable", with the reason.

use crate::{Fatal, Outcome, Ui, stdio};
use domains::analyze::{Analysis, WellFormed};
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
    json: bool,
}

fn read(path: &PathBuf) -> Result<String, Fatal> {
    let meta = std::fs::metadata(path).map_err(|e| Fatal(format!("cannot read `{}`: {e}", path.display())))?;
    if meta.len() > crate::load::MAX_FILE_BYTES {
        return Err(Fatal(format!("`{}` is larger than 256 MiB", path.display())));
    }
    std::fs::read_to_string(path).map_err(|e| Fatal(format!("cannot read `{}`: {e}", path.display())))
}

pub fn run(args: &AnalyzeArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let library = domains::find(&args.domain);
    let domain_text = match library {
        Some(d) => d.pddl.to_string(),
        None => read(&PathBuf::from(&args.domain))?,
    };
    let fail = |what: &str, e: String| -> Result<Outcome, Fatal> {
        stdio::eprint(&format!("error: {what}: {e}\n"));
        Ok(Outcome::InputErrors)
    };
    let lifted = match domains::lifted_domain(&domain_text) {
        Ok(d) => d,
        Err(e) => return fail(&args.domain, e),
    };
    let mut tasks = Vec::new();
    for p in &args.problems {
        match domains::task(&domain_text, &read(p)?) {
            Ok(t) => tasks.push(t),
            Err(e) => return fail(&p.display().to_string(), e),
        }
    }
    if args.generated > 0 {
        let Some(d) = library else {
            return Err(Fatal("--generated needs a library domain name".into()));
        };
        for seed in 0..args.generated as u64 {
            let params = d.params(&[]).map_err(|e| Fatal(e.to_string()))?;
            let text = d.generate(&params, seed, "p").map_err(|e| Fatal(e.to_string()))?;
            match domains::task(&domain_text, &text) {
                Ok(t) => tasks.push(t),
                Err(e) => return fail("generated instance", e),
            }
        }
    }
    let analysis = match domains::analyze::analyze(&lifted, &tasks) {
        Ok(a) => a,
        Err(e) => return fail("analysis", e),
    };
    if args.json {
        let v = serde_json::to_string_pretty(&analysis).map_err(|e| Fatal(format!("internal error: {e}")))?;
        stdio::print(&format!("{v}\n"))?;
    } else {
        stdio::print(&text(&analysis, ui))?;
    }
    Ok(Outcome::Fine)
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
    if !ui.quiet && !a.unproved.is_empty() && !matches!(a.well_formed, WellFormed::Proved) {
        s.push_str("  effects without the opposite literal in the precondition:\n");
        for u in &a.unproved {
            s.push_str(&format!("    {} {}\n", u.action, u.effect));
        }
    }
    s
}
