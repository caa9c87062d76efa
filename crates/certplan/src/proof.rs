//! `certplan lean ...` and `certplan coq ...`: proof export (paper 000), the plan bridge back from
//! a prover's output, and the proof auditor. The work is in the `proof` crate; this is glue.
//!
//! Exit status: `0` fine (export written; audit accepted); `1` the input is outside the fragment
//! or has errors, the audit rejected the file, or `--check` found a module the prover rejects;
//! `2` usage or file-system errors.

use crate::load::{self, parse};
use crate::{Fatal, Outcome, Ui, stdio};
use model::{CheckOptions, Input};
use pddl::{Diagnostic, SourceMap};
use proof::Backend;
use proof::runner::{Rebuild, Run};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args)]
pub struct ProverArgs {
    #[command(subcommand)]
    command: ProverCommand,
}

#[derive(clap::Subcommand)]
enum ProverCommand {
    /// Export a domain and problems as modules (paper 000's conversion), with an object map per
    /// problem and, for each `--plan`, a theorem that the plan is a correct solution.
    Export(ExportArgs),
    /// Audit a proof file against the expected theorem statement (paper 000's checks against
    /// cheating); with the prover installed, rebuild it from scratch and check its axioms.
    Audit(AuditArgs),
    /// Turn a plan printed by the prover (`Compute` / `#eval` output) back into a PDDL plan.
    Plan(PlanArgs),
}

#[derive(clap::Args)]
struct ExportArgs {
    /// The domain file.
    domain: PathBuf,
    /// Problem files of the domain; one problem module each.
    problems: Vec<PathBuf>,
    /// Output directory (created if missing).
    #[arg(short, long)]
    out: PathBuf,
    /// A plan to certify; the i-th `--plan` belongs to the i-th problem.
    #[arg(long = "plan")]
    plans: Vec<PathBuf>,
    /// Afterwards, compile every module with the prover (skipped, loudly, when it is missing).
    #[arg(long)]
    check: bool,
}

#[derive(clap::Args)]
struct AuditArgs {
    /// The proof file to audit.
    file: PathBuf,
    /// A file holding the exact theorem statement the proof file must contain.
    #[arg(long)]
    expect: PathBuf,
    /// A generated module the proof builds on (repeatable): its names are protected, and the
    /// rebuild compiles it first.
    #[arg(long = "module")]
    modules: Vec<PathBuf>,
    /// Static checks only, even when the prover is installed.
    #[arg(long)]
    no_rebuild: bool,
}

#[derive(clap::Args)]
struct PlanArgs {
    /// A file with the prover's output (`-` for stdin is not supported; save it first).
    term: PathBuf,
    /// The problem's object map (`*.objects.json` from export).
    #[arg(long)]
    map: PathBuf,
}

pub fn run(backend: Backend, args: &ProverArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    match &args.command {
        ProverCommand::Export(a) => export(backend, a, ui),
        ProverCommand::Audit(a) => audit(backend, a, ui),
        ProverCommand::Plan(a) => plan(a),
    }
}

fn read(path: &Path) -> Result<String, Fatal> {
    std::fs::read_to_string(path).map_err(|e| Fatal(format!("cannot read `{}`: {e}", path.display())))
}

fn report(diags: &mut [Diagnostic], sources: &SourceMap, ui: &Ui) {
    pddl::diagnostic::sort(diags);
    stdio::eprint(&pddl::render::render_all(diags, sources, ui.color));
}

fn export(backend: Backend, args: &ExportArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    if args.plans.len() > args.problems.len() {
        return Err(Fatal(format!(
            "{} plans for {} problems: the i-th --plan belongs to the i-th problem",
            args.plans.len(),
            args.problems.len()
        )));
    }
    let mut sources = SourceMap::new();
    let mut diags = Vec::new();
    let dom_file = load::load(&args.domain, &mut sources, &mut diags)?;
    let mut prob_files = Vec::new();
    for p in &args.problems {
        prob_files.push(load::load(p, &mut sources, &mut diags)?);
    }
    let mut plan_files = Vec::new();
    for p in &args.plans {
        plan_files.push(load::load(p, &mut sources, &mut diags)?);
    }
    let domain = parse(&sources, dom_file, pddl::parse_domain, &mut diags);
    let problems: Vec<_> =
        prob_files.into_iter().map(|f| parse(&sources, f, pddl::parse_problem, &mut diags)).collect();
    let plans: Vec<_> = plan_files.into_iter().map(|f| parse(&sources, f, pddl::parse_plan, &mut diags)).collect();
    if diags.iter().any(Diagnostic::is_error) {
        report(&mut diags, &sources, ui);
        return Ok(Outcome::InputErrors);
    }
    let Some((domain, dom_id)) = domain else {
        return Err(Fatal("internal error: the parser returned no tree and no error".into()));
    };
    let checked_domain =
        model::check(Input { domain: (&domain, dom_id), problem: None, plan: None }, CheckOptions::default());
    diags.extend(checked_domain.diagnostics.iter().cloned());
    let mut tasks = Vec::new();
    for (i, p) in problems.iter().enumerate() {
        let Some((p, pid)) = p else { continue };
        let plan = plans.get(i).and_then(|x| x.as_ref());
        let c = model::check(
            Input { domain: (&domain, dom_id), problem: Some((p, *pid)), plan: plan.map(|(pl, id)| (pl, *id)) },
            CheckOptions::default(),
        );
        // Domain diagnostics were reported above; keep only those about the problem and plan.
        diags.extend(c.diagnostics.into_iter().filter(|d| d.file != dom_id));
        for u in &c.unsupported {
            diags.push(Diagnostic::error(
                proof::codes::OUTSIDE_FRAGMENT,
                u.file,
                u.span,
                format!("{} are outside the proof-export fragment", u.construct),
            ));
        }
        if let Some(t) = c.task {
            tasks.push((t, *pid, plan.map(|(pl, id)| (pl, *id))));
        }
    }
    if diags.iter().any(Diagnostic::is_error) || checked_domain.domain.is_none() {
        for u in &checked_domain.unsupported {
            diags.push(Diagnostic::error(
                proof::codes::OUTSIDE_FRAGMENT,
                u.file,
                u.span,
                format!("{} are outside the proof-export fragment", u.construct),
            ));
        }
        report(&mut diags, &sources, ui);
        return Ok(Outcome::InputErrors);
    }
    let Some(ldomain) = checked_domain.domain.as_ref() else { return Ok(Outcome::InputErrors) };
    let inputs: Vec<proof::ProblemInput> =
        tasks.iter().map(|(t, f, plan)| proof::ProblemInput { task: t, file: *f, plan: *plan }).collect();
    let converted = match proof::convert_all(ldomain, dom_id, &inputs) {
        Ok(c) => c,
        Err(mut e) => {
            report(&mut e, &sources, ui);
            return Ok(Outcome::InputErrors);
        }
    };
    let files = proof::export(backend, &converted);
    for f in &files {
        let path = args.out.join(&f.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Fatal(format!("cannot create `{}`: {e}", parent.display())))?;
        }
        std::fs::write(&path, &f.text).map_err(|e| Fatal(format!("cannot write `{}`: {e}", path.display())))?;
    }
    if !ui.quiet {
        stdio::print(&format!("wrote {} files to {}\n", files.len(), args.out.display()))?;
    }
    if !args.check {
        return Ok(Outcome::Fine);
    }
    check_export(backend, &args.out, &files, ui)
}

/// Compiles an export with the prover, in dependency order.
fn check_export(backend: Backend, dir: &Path, files: &[proof::OutFile], ui: &Ui) -> Result<Outcome, Fatal> {
    let limit = Duration::from_secs(600);
    match backend {
        Backend::Coq => {
            let modules: Vec<&str> = files
                .iter()
                .map(|f| f.path.as_str())
                .filter(|p| p.ends_with(".v") && !p.contains("expected"))
                .collect();
            let runs = proof::runner::coqc_all(dir, proof::COQ_LIBRARY, &modules, limit);
            let mut ok = true;
            for (f, r) in &runs {
                match r {
                    Run::Missing(p) => {
                        stdio::eprint(&format!(
                            "SKIPPED: `{p}` is not on the PATH; nothing was compiled (install it: apt-get install -y coq)\n"
                        ));
                        return Ok(Outcome::Fine);
                    }
                    Run::Done { ok: true, seconds, .. } => {
                        if !ui.quiet {
                            stdio::print(&format!("coqc ok: {f} ({seconds:.2} s)\n"))?;
                        }
                    }
                    Run::Done { output, .. } => {
                        ok = false;
                        stdio::eprint(&format!("coqc rejected {f}:\n{output}\n"));
                    }
                    Run::TimedOut { seconds } => {
                        ok = false;
                        stdio::eprint(&format!("coqc ran past the limit on {f} ({seconds:.0} s)\n"));
                    }
                }
            }
            Ok(if ok { Outcome::Fine } else { Outcome::InputErrors })
        }
        Backend::Lean => {
            stdio::eprint(
                "SKIPPED: Lean modules are not compiled by certplan; run `lake build` in the output directory where Lean is installed\n",
            );
            Ok(Outcome::Fine)
        }
    }
}

fn audit(backend: Backend, args: &AuditArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let text = read(&args.file)?;
    let expected = read(&args.expect)?;
    let mut modules = Vec::new();
    let mut protected = Vec::new();
    for m in &args.modules {
        let t = read(m)?;
        protected.extend(proof::audit::declared_names(backend, &t));
        let name = m.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        modules.push((name, t));
    }
    let violations = proof::audit::audit(backend, &text, &expected, &protected);
    let file = args.file.display();
    for v in &violations {
        stdio::eprint(&format!("{file}:{}: rejected [{}]: {}\n", v.line, v.rule, v.message));
    }
    if !violations.is_empty() {
        stdio::eprint(&format!("{file}: REJECTED ({} violations)\n", violations.len()));
        return Ok(Outcome::InputErrors);
    }
    if !ui.quiet {
        stdio::print(&format!("{file}: static checks passed\n"))?;
    }
    if args.no_rebuild {
        stdio::eprint("SKIPPED: rebuild and axiom report (--no-rebuild)\n");
        return Ok(Outcome::Fine);
    }
    let theorem = proof::audit::statement_name(backend, &expected).unwrap_or_default();
    match proof::runner::rebuild(backend, &modules, &text, &theorem, Duration::from_secs(600)) {
        Rebuild::Skipped(why) => {
            stdio::eprint(&format!("SKIPPED: {why}; only the static checks ran\n"));
            Ok(Outcome::Fine)
        }
        Rebuild::Failed(why) => {
            stdio::eprint(&format!("{file}: REJECTED [rebuild]: {why}\n"));
            Ok(Outcome::InputErrors)
        }
        Rebuild::Axioms(report) => {
            stdio::eprint(&format!("{file}: REJECTED [axioms]: `{theorem}` depends on axioms:\n{report}\n"));
            Ok(Outcome::InputErrors)
        }
        Rebuild::Clean { seconds } => {
            if !ui.quiet {
                stdio::print(&format!(
                    "{file}: rebuilt from scratch ({seconds:.2} s); `{theorem}` uses no axioms beyond the standard ones\n"
                ))?;
            }
            Ok(Outcome::Fine)
        }
    }
}

fn plan(args: &PlanArgs) -> Result<Outcome, Fatal> {
    let term = read(&args.term)?;
    let map = proof::bridge::ObjectMap::from_json(&read(&args.map)?)
        .map_err(|e| Fatal(format!("`{}`: {e}", args.map.display())))?;
    match proof::bridge::term_to_pddl(&term, &map) {
        Ok(plan) => {
            stdio::print(&plan)?;
            Ok(Outcome::Fine)
        }
        Err(e) => {
            stdio::eprint(&format!("{}: {e}\n", args.term.display()));
            Ok(Outcome::InputErrors)
        }
    }
}
