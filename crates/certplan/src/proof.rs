//! `certplan lean ...` and `certplan coq ...`: proof export (paper 000), the plan bridge back from
//! a prover's output, and the proof auditor. The work is in the `proof` crate; this is glue.
//!
//! Exit status: `0` fine (export written and, with `--check`, compiled; audit accepted after the
//! rebuild, or after the static checks alone where `--no-rebuild` asked for that); `1` the input
//! is outside the fragment or has errors, the audit rejected the file, or `--check` found a module
//! the prover rejects; `2` usage or file-system errors; `3` NOT CHECKED: the prover a check needs
//! (`coqc`, `lean`) is not installed, so `export --check` compiled nothing or `audit` ran only its
//! static checks. A script must never read "not checked" as "checked".
//!
//! With `--json`, one JSON object on stdout: `schema`, `command`, `status` (`ok`, `accepted`,
//! `input_errors`, `rejected`, `not_checked`), `checked` (whether the prover ran), and the
//! command's details (`diagnostics` as `check --json` gives them, `violations`, `modules`, ...).

use crate::load::{self, parse};
use crate::{Fatal, Outcome, Ui, output, stdio};
use model::{CheckOptions, Input};
use pddl::{Diagnostic, SourceMap};
use proof::Backend;
use proof::runner::{Rebuild, Run};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Version of the `--json` objects of these commands.
const JSON_SCHEMA: u32 = 1;

/// Exit status 3: a check was asked for but the prover is missing, so nothing was checked.
const NOT_CHECKED: Outcome = Outcome::Planner(3);

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
    /// Afterwards, compile every module with the prover (exit status 3, "not checked", when it
    /// is missing).
    #[arg(long)]
    check: bool,
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    json: bool,
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
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    json: bool,
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
        return input_errors(backend, args.json, &mut diags, &sources, ui);
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
        return input_errors(backend, args.json, &mut diags, &sources, ui);
    }
    let Some(ldomain) = checked_domain.domain.as_ref() else {
        return input_errors(backend, args.json, &mut diags, &sources, ui);
    };
    let inputs: Vec<proof::ProblemInput> =
        tasks.iter().map(|(t, f, plan)| proof::ProblemInput { task: t, file: *f, plan: *plan }).collect();
    let converted = match proof::convert_all(ldomain, dom_id, &inputs) {
        Ok(c) => c,
        Err(mut e) => return input_errors(backend, args.json, &mut e, &sources, ui),
    };
    let files = proof::export(backend, &converted);
    for f in &files {
        let path = args.out.join(&f.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Fatal(format!("cannot create `{}`: {e}", parent.display())))?;
        }
        std::fs::write(&path, &f.text).map_err(|e| Fatal(format!("cannot write `{}`: {e}", path.display())))?;
    }
    let written: Vec<String> = files.iter().map(|f| args.out.join(&f.path).display().to_string()).collect();
    if !ui.quiet && !args.json {
        stdio::print(&format!("wrote {} files to {}\n", files.len(), args.out.display()))?;
    }
    let (outcome, check) = if args.check {
        check_export(backend, &args.out, &files, args.json, ui)?
    } else {
        (Outcome::Fine, Value::Null)
    };
    if args.json {
        let mut v = output::json_report(&sources, &diags, None);
        v["schema"] = json!(JSON_SCHEMA);
        v["command"] = json!(format!("{} export", backend.name()));
        v["status"] = json!(match outcome {
            Outcome::Fine => "ok",
            NOT_CHECKED => "not_checked",
            _ => "rejected",
        });
        v["ok"] = json!(outcome == Outcome::Fine);
        v["written"] = json!(written);
        v["checked"] = json!(args.check && outcome != NOT_CHECKED);
        v["check"] = check;
        print_json(&v)?;
    }
    Ok(outcome)
}

fn print_json(v: &Value) -> Result<(), Fatal> {
    let text = serde_json::to_string_pretty(v).map_err(|e| Fatal(format!("internal error: {e}")))?;
    stdio::print(&format!("{text}\n"))
}

/// Input errors: rendered on stderr, or, with `--json`, the `check --json` report on stdout.
fn input_errors(
    backend: Backend,
    json: bool,
    diags: &mut [Diagnostic],
    sources: &SourceMap,
    ui: &Ui,
) -> Result<Outcome, Fatal> {
    if json {
        pddl::diagnostic::sort(diags);
        let mut v = output::json_report(sources, diags, None);
        v["schema"] = json!(JSON_SCHEMA);
        v["command"] = json!(format!("{} export", backend.name()));
        v["status"] = json!("input_errors");
        v["written"] = json!([]);
        v["checked"] = json!(false);
        v["check"] = Value::Null;
        print_json(&v)?;
    } else {
        report(diags, sources, ui);
    }
    Ok(Outcome::InputErrors)
}

/// Compiles an export with the prover, in dependency order. Returns the outcome and, for
/// `--json`, `{"prover", "modules": [{"file", "ok", "seconds", "message"}], "message"}`.
fn check_export(
    backend: Backend,
    dir: &Path,
    files: &[proof::OutFile],
    json: bool,
    ui: &Ui,
) -> Result<(Outcome, Value), Fatal> {
    let limit = Duration::from_secs(600);
    let say = |text: String| -> Result<(), Fatal> { if !ui.quiet && !json { stdio::print(&text) } else { Ok(()) } };
    let warn = |text: String| {
        if !json {
            stdio::eprint(&text);
        }
    };
    match backend {
        Backend::Coq => {
            let modules: Vec<&str> = files
                .iter()
                .map(|f| f.path.as_str())
                .filter(|p| p.ends_with(".v") && !p.contains("expected"))
                .collect();
            let runs = proof::runner::coqc_all(dir, proof::COQ_LIBRARY, &modules, limit);
            let mut ok = true;
            let mut report = Vec::new();
            for (f, r) in &runs {
                match r {
                    Run::Missing(p) => {
                        let message = format!(
                            "NOT CHECKED: `{p}` is not on the PATH; nothing was compiled (install it: apt-get install -y coq)"
                        );
                        warn(format!("{message}\n"));
                        return Ok((NOT_CHECKED, json!({ "prover": "coqc", "modules": [], "message": message })));
                    }
                    Run::Done { ok: true, seconds, .. } => {
                        say(format!("coqc ok: {f} ({seconds:.2} s)\n"))?;
                        report.push(json!({ "file": f, "ok": true, "seconds": seconds, "message": null }));
                    }
                    Run::Done { output, seconds, .. } => {
                        ok = false;
                        warn(format!("coqc rejected {f}:\n{output}\n"));
                        report.push(json!({ "file": f, "ok": false, "seconds": seconds, "message": output }));
                    }
                    Run::TimedOut { seconds } => {
                        ok = false;
                        let message = format!("coqc ran past the limit on {f} ({seconds:.0} s)");
                        warn(format!("{message}\n"));
                        report.push(json!({ "file": f, "ok": false, "seconds": seconds, "message": message }));
                    }
                }
            }
            let outcome = if ok { Outcome::Fine } else { Outcome::InputErrors };
            Ok((outcome, json!({ "prover": "coqc", "modules": report, "message": null })))
        }
        Backend::Lean => {
            let message = "NOT CHECKED: Lean modules are not compiled by certplan; run `lake build` in the output directory where Lean is installed";
            warn(format!("{message}\n"));
            Ok((NOT_CHECKED, json!({ "prover": "lean", "modules": [], "message": message })))
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
    let file = args.file.display().to_string();
    let theorem = proof::audit::statement_name(backend, &expected).unwrap_or_default();
    // What the run found, for text and JSON alike: (status, rebuild result, its message, seconds).
    let (outcome, rebuild, message, seconds): (Outcome, &str, String, Option<f64>) = if !violations.is_empty() {
        (Outcome::InputErrors, "not_run", format!("{} violations", violations.len()), None)
    } else if args.no_rebuild {
        (Outcome::Fine, "skipped", "rebuild and axiom report not run (--no-rebuild)".into(), None)
    } else {
        match proof::runner::rebuild(backend, &modules, &text, &theorem, Duration::from_secs(600)) {
            Rebuild::Skipped(why) => {
                (NOT_CHECKED, "not_checked", format!("NOT CHECKED: {why}; only the static checks ran"), None)
            }
            Rebuild::Failed(why) => (Outcome::InputErrors, "failed", why, None),
            Rebuild::Axioms(report) => {
                (Outcome::InputErrors, "axioms", format!("`{theorem}` depends on axioms:\n{report}"), None)
            }
            Rebuild::Clean { seconds } => {
                (Outcome::Fine, "clean", format!("`{theorem}` uses no axioms beyond the standard ones"), Some(seconds))
            }
        }
    };
    if args.json {
        let status = match outcome {
            Outcome::Fine => "accepted",
            NOT_CHECKED => "not_checked",
            _ => "rejected",
        };
        print_json(&json!({
            "schema": JSON_SCHEMA,
            "command": format!("{} audit", backend.name()),
            "ok": outcome == Outcome::Fine,
            "status": status,
            "file": file,
            "theorem": theorem,
            "static_ok": violations.is_empty(),
            "violations": violations,
            "checked": rebuild == "clean" || rebuild == "axioms" || rebuild == "failed",
            "rebuild": { "result": rebuild, "seconds": seconds, "message": message },
        }))?;
        return Ok(outcome);
    }
    for v in &violations {
        stdio::eprint(&format!("{file}:{}: rejected [{}]: {}\n", v.line, v.rule, v.message));
    }
    if !violations.is_empty() {
        stdio::eprint(&format!("{file}: REJECTED ({} violations)\n", violations.len()));
        return Ok(outcome);
    }
    if !ui.quiet {
        stdio::print(&format!("{file}: static checks passed\n"))?;
    }
    match rebuild {
        "clean" => {
            if !ui.quiet {
                let secs = seconds.unwrap_or(0.0);
                stdio::print(&format!("{file}: rebuilt from scratch ({secs:.2} s); {message}\n"))?;
            }
        }
        "skipped" => stdio::eprint(&format!("SKIPPED: {message}\n")),
        "not_checked" => stdio::eprint(&format!("{file}: {message}\n")),
        "axioms" => stdio::eprint(&format!("{file}: REJECTED [axioms]: {message}\n")),
        _ => stdio::eprint(&format!("{file}: REJECTED [rebuild]: {message}\n")),
    }
    Ok(outcome)
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
