//! `certplan compare DOMAIN A.pddl B.pddl [--semantic]`: are two problems of one domain the same
//! (crate `equiv`)? Structurally by default (the same typed objects, init, goal and metric up to
//! a renaming of objects, paper 003's appendix E), or semantically (`--semantic`: the same
//! initial state and the same reachable goal states, Planetarium's notion).
//!
//! Exit status: `0` equal (the renaming is printed), `1` different (with what differs under the
//! closest mapping found), `2` usage error or unreadable path, `3` undecided within the limits
//! ("unknown", never a guess), `31` errors in the PDDL input and `34` constructs the model does
//! not represent, as `plan` (Fast Downward's input error and "unsupported").

use crate::{Fatal, Outcome, Ui, output, stdio};
use equiv::{Options, Verdict};
use model::front::{Request, Source};
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args)]
pub struct CompareArgs {
    /// The domain file both problems use.
    domain: PathBuf,
    /// The first problem (A; e.g. the reference).
    a: PathBuf,
    /// The second problem (B; e.g. the generated one).
    b: PathBuf,
    /// Semantic equivalence (Planetarium): equal initial states and equal sets of reachable goal
    /// states, goals completed from the domain's invariants or its reachable states.
    #[arg(long)]
    semantic: bool,
    /// The most nodes of the search for a renaming before the answer is "unknown" (exit 3).
    #[arg(long, value_name = "NODES", default_value_t = Options::default().node_limit)]
    limit: u64,
    /// `--semantic`: the most reachable states enumerated per problem to complete a goal exactly.
    #[arg(long, value_name = "STATES", default_value_t = Options::default().state_limit)]
    state_limit: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Exit status of an answer.
fn exit_code(v: &Verdict) -> u8 {
    match v {
        Verdict::Equal { .. } => 0,
        Verdict::Different { .. } => 1,
        Verdict::Unknown { .. } => 3,
    }
}

pub fn run(args: &CompareArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let start = Instant::now();
    let mut loaded = Request::new(Source::path(&args.domain))
        .problem(Source::path(&args.a))
        .problem(Source::path(&args.b))
        .load()?;
    let errors = loaded.has_errors();
    let refused = if errors { Vec::new() } else { loaded.unsupported() };
    let mut tasks = loaded.problems.iter_mut().filter_map(|p| p.checked.as_mut().and_then(|c| c.task.take()));
    let (ta, tb) = (tasks.next(), tasks.next());
    let (Some(ta), Some(tb), false, true) = (ta, tb, errors, refused.is_empty()) else {
        let outcome = Outcome::Planner(if errors { planner::exit::INPUT_ERROR } else { planner::exit::UNSUPPORTED });
        let mut all = loaded.diagnostics.clone();
        all.extend(refused);
        pddl::diagnostic::sort(&mut all);
        if args.json {
            output::print_json("compare", outcome, &loaded.sources, &all, json!({ "verdict": null }))?;
        } else {
            stdio::eprint(&loaded.render_these(&all, ui.color));
        }
        return Ok(outcome);
    };
    let options = Options {
        semantic: args.semantic,
        node_limit: args.limit,
        state_limit: args.state_limit,
        ..Options::default()
    };
    let verdict = equiv::compare(&ta, &tb, &options);
    let outcome = Outcome::Planner(exit_code(&verdict));
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        let mut fields = serde_json::to_value(&verdict).unwrap_or(json!({}));
        fields["semantic"] = args.semantic.into();
        fields["seconds"] = seconds.into();
        output::print_json("compare", outcome, &loaded.sources, &loaded.diagnostics, fields)?;
        return Ok(outcome);
    }
    if !ui.quiet {
        stdio::eprint(&loaded.render(ui.color));
    }
    let kind = if args.semantic { "semantically" } else { "structurally" };
    let mut out = String::new();
    match &verdict {
        Verdict::Equal { mapping } => {
            out.push_str(&format!("equal ({kind})\n"));
            if !ui.quiet {
                for (x, y) in mapping {
                    out.push_str(&format!("  {x} -> {y}\n"));
                }
            }
        }
        Verdict::Different { explanation } => {
            out.push_str(&format!("different ({kind})\n"));
            for line in explanation.lines() {
                out.push_str(&format!("  {line}\n"));
            }
            if !ui.quiet && !explanation.mapping.is_empty() {
                let pairs: Vec<String> = explanation.mapping.iter().map(|(x, y)| format!("{x}->{y}")).collect();
                out.push_str(&format!("  closest mapping: {}\n", pairs.join(" ")));
            }
        }
        Verdict::Unknown { reason } => out.push_str(&format!("unknown ({kind}): {reason}\n")),
    }
    stdio::print(&out)?;
    Ok(outcome)
}
