//! `certplan gp ...`: generalized plans with completeness proofs (paper 000). The glue only; the
//! work is in the `gp` crate.
//!
//! - `gp constraints DOMAIN -o DIR`: the domain's Coq export, its validity constraints
//!   (`<Domain>Valid.v`, `<Domain>Valid.lean`) and the fixed `solveComplete` statement.
//! - `gp check DOMAIN PROBLEM...`: the Rust mirror of the constraints on PDDL tasks (exit 1 when a
//!   task violates one).
//! - `gp run DOMAIN SOLVE_FILE PROBLEM...`: runs a Coq `solve` on each task through coqc, maps the
//!   plan back and validates it (exit 0 every plan valid, 1 otherwise).
//! - `gp audit DOMAIN PROOF_FILE`: paper 000's checks against cheating on a completeness proof,
//!   then a rebuild from scratch and the axiom report.

use crate::{Fatal, Outcome, Ui, output, stdio};
use pddl::SourceMap;
use serde_json::json;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args)]
pub struct GpArgs {
    #[command(subcommand)]
    command: GpCommand,
    /// Print one JSON object on stdout instead of text.
    #[arg(long, global = true)]
    json: bool,
}

#[derive(clap::Subcommand)]
enum GpCommand {
    /// Write the domain's Coq module, its validity constraints (Coq and Lean) and the fixed
    /// `solveComplete` statement.
    Constraints(ConstraintsArgs),
    /// Evaluate the validity constraints (their Rust mirror) on tasks.
    Check(CheckArgs),
    /// Run a Coq generalized plan `solve` on tasks (`Eval vm_compute` through coqc) and validate
    /// each plan: valid, invalid (failing step and precondition), goal not reached, error, time-out.
    Run(RunArgs),
    /// Audit a completeness proof (no Admitted, no axioms, the statement unchanged, no redefined
    /// generated names), then rebuild it from scratch with coqc and check its axioms.
    Audit(AuditArgs),
    /// The LLM loops: generate and debug `solve`, then prove `solveComplete` (basic and iterative
    /// modes), every candidate audited and rebuilt from scratch.
    Loop(Box<crate::gploop::LoopArgs>),
    /// Summarise loop runs: domain, generalized-plan and proof interactions, declarations, time.
    Table(crate::gploop::TableArgs),
}

#[derive(clap::Args)]
struct ConstraintsArgs {
    /// A library domain with validity constraints.
    domain: String,
    /// Output directory (created if missing).
    #[arg(long, short = 'o')]
    out: PathBuf,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// A library domain with validity constraints.
    domain: String,
    /// Problem files of the domain.
    problems: Vec<PathBuf>,
    /// Check the domain's debug set (six seeded small tasks) instead of, or besides, files.
    #[arg(long)]
    debug_set: bool,
}

#[derive(clap::Args)]
struct RunArgs {
    /// A library domain with validity constraints.
    domain: String,
    /// The Coq file that defines `solve : State -> Goal -> list PlanAction` (it imports
    /// `From Certplan Require Import <Domain> <Domain>Valid.`).
    solve: PathBuf,
    /// Problem files of the domain.
    problems: Vec<PathBuf>,
    /// Run on the domain's debug set (six seeded small tasks) too.
    #[arg(long)]
    debug_set: bool,
    /// Seconds per task (and for compiling the solve file).
    #[arg(long, default_value_t = 60)]
    timeout: u64,
    /// Keep the generated Coq files in this directory.
    #[arg(long)]
    keep: Option<PathBuf>,
    /// Print each plan that `solve` returned.
    #[arg(long)]
    plans: bool,
}

#[derive(clap::Args)]
struct AuditArgs {
    /// A library domain with validity constraints.
    domain: String,
    /// The proof file: `solve` and `Theorem solveComplete` with the fixed statement.
    file: PathBuf,
    /// Static checks only, even when coqc is installed.
    #[arg(long)]
    no_rebuild: bool,
}

impl GpArgs {
    pub fn name(&self) -> &'static str {
        match self.command {
            GpCommand::Constraints(_) => "constraints",
            GpCommand::Check(_) => "check",
            GpCommand::Run(_) => "run",
            GpCommand::Audit(_) => "audit",
            GpCommand::Loop(_) => "loop",
            GpCommand::Table(_) => "table",
        }
    }
    pub fn json(&self) -> bool {
        self.json
    }
}

fn read(path: &PathBuf) -> Result<String, Fatal> {
    std::fs::read_to_string(path).map_err(|e| Fatal(format!("cannot read {}: {e}", path.display())))
}

fn library(domain: &str) -> Result<(&'static domains::Domain, gp::spec::Spec), Fatal> {
    let d = domains::find(domain).ok_or_else(|| Fatal(format!("`{domain}` is not a library domain")))?;
    let spec = gp::spec::spec(d.name).ok_or_else(|| {
        Fatal(format!("`{domain}` has no validity constraints (domains with them: {})", gp::spec::DOMAINS.join(", ")))
    })?;
    Ok((d, spec))
}

fn problems(paths: &[PathBuf], debug_set: bool, domain: &str) -> Result<Vec<gp::run::Problem>, Fatal> {
    let mut out = Vec::new();
    for p in paths {
        out.push(gp::run::Problem { name: p.display().to_string(), text: read(p)? });
    }
    if debug_set {
        let (_, tasks) = gp::debug::debug_set(domain).map_err(|e| Fatal(e.to_string()))?;
        out.extend(tasks.into_iter().map(|t| gp::run::Problem { name: format!("{domain}/{}", t.name), text: t.text }));
    }
    if out.is_empty() {
        return Err(Fatal("no tasks: give problem files or --debug-set".into()));
    }
    Ok(out)
}

pub fn run(args: &GpArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let command = format!("gp {}", args.name());
    match &args.command {
        GpCommand::Loop(a) => crate::gploop::run_loop(a, args.json, ui),
        GpCommand::Table(a) => crate::gploop::run_table(a, args.json),
        GpCommand::Constraints(a) => {
            let (d, spec) = library(&a.domain)?;
            let (ir, _) = gp::run::convert(d.pddl, &[]).map_err(|e| Fatal(e.to_string()))?;
            gp::fields::check(&ir, &spec).map_err(Fatal)?;
            std::fs::create_dir_all(&a.out).map_err(|e| Fatal(format!("cannot create {}: {e}", a.out.display())))?;
            let mut files: Vec<(String, String)> =
                gp::run::base_modules(&ir, &spec).into_iter().map(|(n, t)| (format!("{n}.v"), t)).collect();
            files.push((format!("{}.lean", gp::coq::module_name(&ir)), gp::lean::module(&ir, &spec)));
            files.push(("solveComplete.expected.v".into(), ::proof::coq::solve_complete_statement().into()));
            files.push((
                "_CoqProject".into(),
                format!("-Q . {}\n{}.v\n{}.v\n", ::proof::COQ_LIBRARY, ir.module, gp::coq::module_name(&ir)),
            ));
            for (name, text) in &files {
                let path = a.out.join(name);
                std::fs::write(&path, text).map_err(|e| Fatal(format!("cannot write {}: {e}", path.display())))?;
            }
            let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
            if args.json {
                output::print_json(
                    &command,
                    Outcome::Fine,
                    &SourceMap::new(),
                    &[],
                    json!({ "written": names, "gaps": spec.gaps }),
                )?;
            } else if !ui.quiet {
                stdio::print(&format!("wrote {} to {}\n", names.join(", "), a.out.display()))?;
            }
            Ok(Outcome::Fine)
        }
        GpCommand::Check(a) => {
            let (d, spec) = library(&a.domain)?;
            let tasks = problems(&a.problems, a.debug_set, d.name)?;
            let (ir, probs) = gp::run::convert(d.pddl, &tasks).map_err(|e| Fatal(e.to_string()))?;
            gp::fields::check(&ir, &spec).map_err(Fatal)?;
            let mut all_ok = true;
            let mut rows = Vec::new();
            let mut text = String::new();
            for (t, (p, _)) in tasks.iter().zip(&probs) {
                let verdicts = gp::mirror::check(&ir, p, &spec);
                let failed: Vec<&str> = verdicts.iter().filter(|v| !v.holds).map(|v| v.name).collect();
                all_ok &= failed.is_empty();
                text.push_str(&if failed.is_empty() {
                    format!("{}: valid ({} constraints hold)\n", t.name, verdicts.len())
                } else {
                    format!("{}: NOT valid; violated: {}\n", t.name, failed.join(", "))
                });
                rows.push(json!({ "problem": t.name, "valid": failed.is_empty(), "constraints": verdicts }));
            }
            let outcome = if all_ok { Outcome::Fine } else { Outcome::PlanInvalid };
            if args.json {
                output::print_json(&command, outcome, &SourceMap::new(), &[], json!({ "tasks": rows }))?;
            } else {
                stdio::print(&text)?;
            }
            Ok(outcome)
        }
        GpCommand::Run(a) => {
            let (d, _) = library(&a.domain)?;
            let solve = read(&a.solve)?;
            let tasks = problems(&a.problems, a.debug_set, d.name)?;
            let options = gp::run::Options { limit: Duration::from_secs(a.timeout.max(1)), keep: a.keep.clone() };
            let report = gp::run::run(d.name, d.pddl, &solve, &tasks, &options).map_err(|e| Fatal(e.to_string()))?;
            let all_valid = report.count("valid") == report.tasks.len();
            let outcome = if all_valid { Outcome::Fine } else { Outcome::PlanInvalid };
            if args.json {
                let tally = json!({
                    "valid": report.count("valid"), "invalid": report.count("invalid"),
                    "goal_not_reached": report.count("goal-not-reached"), "error": report.count("error"),
                    "time_out": report.count("time-out"), "total": report.tasks.len(),
                });
                output::print_json(
                    &command,
                    outcome,
                    &SourceMap::new(),
                    &[],
                    json!({ "report": report, "tally": tally }),
                )?;
            } else {
                let mut text = String::new();
                for t in &report.tasks {
                    text.push_str(&format!("{}: {} [{:.2} s]\n", t.problem, t.outcome.describe(), t.seconds));
                    if a.plans
                        && let Some(p) = &t.plan
                    {
                        text.push_str(p);
                    }
                }
                if !ui.quiet {
                    text.push_str(&format!("{} of {} tasks solved\n", report.count("valid"), report.tasks.len()));
                }
                stdio::print(&text)?;
            }
            Ok(outcome)
        }
        GpCommand::Audit(a) => {
            let (d, spec) = library(&a.domain)?;
            let text = read(&a.file)?;
            let (ir, _) = gp::run::convert(d.pddl, &[]).map_err(|e| Fatal(e.to_string()))?;
            let verdict = gp::proofs::audit(&ir, &spec, &text, !a.no_rebuild);
            let ok = verdict.accepted();
            if args.json {
                let outcome = if ok { Outcome::Fine } else { Outcome::PlanInvalid };
                output::print_json(&command, outcome, &SourceMap::new(), &[], json!({ "audit": verdict }))?;
            } else {
                stdio::print(&verdict.to_text())?;
            }
            Ok(if ok { Outcome::Fine } else { Outcome::PlanInvalid })
        }
    }
}
