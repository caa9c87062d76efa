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
//! With `--json`, one JSON object on stdout (the envelope of every command, `schema` `certplan/1`), with `status` (`ok`, `accepted`,
//! `input_errors`, `rejected`, `not_checked`), `checked` (whether the prover ran), and the
//! command's details (`diagnostics` as `check --json` gives them, `violations`, `modules`, ...).

use crate::{Fatal, Outcome, Ui, output, stdio};
use model::front::{Request, Source};
use pddl::{Diagnostic, SourceMap};
use proof::Backend;
use proof::runner::{Rebuild, Run};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args)]
pub struct ProverArgs {
    #[command(subcommand)]
    command: ProverCommand,
    /// Print one JSON object on stdout instead of text.
    #[arg(long, global = true)]
    json: bool,
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

impl ProverArgs {
    /// The subcommand's name, for the JSON object's `command`.
    pub fn name(&self) -> &'static str {
        match self.command {
            ProverCommand::Export(_) => "export",
            ProverCommand::Audit(_) => "audit",
            ProverCommand::Plan(_) => "plan",
        }
    }
    pub fn json(&self) -> bool {
        self.json
    }
}

pub fn run(backend: Backend, args: &ProverArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let out = Out { json: args.json, command: format!("{} {}", backend_name(backend), args.name()) };
    match &args.command {
        ProverCommand::Export(a) => export(backend, a, ui, &out),
        ProverCommand::Audit(a) => audit(backend, a, ui, &out),
        ProverCommand::Plan(a) => plan(a, &out),
    }
}

fn backend_name(backend: Backend) -> &'static str {
    match backend {
        Backend::Lean => "lean",
        Backend::Coq => "coq",
    }
}

/// Exit status 3: the prover a check needs is not installed, so nothing was checked. Never 0: a
/// script must not read "not checked" as "checked".
const NOT_CHECKED: Outcome = Outcome::Planner(3);

/// The `status` field of the JSON object for an outcome.
fn status(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Fine => "ok",
        NOT_CHECKED => "not_checked",
        Outcome::InputErrors => "rejected",
        _ => "input_errors",
    }
}

/// Where a subcommand's results go: text on stdout and stderr, or the one JSON object.
struct Out {
    json: bool,
    command: String,
}

impl Out {
    /// A line for stdout, in text mode only (unless `--quiet`).
    fn say(&self, ui: &Ui, text: &str) -> Result<(), Fatal> {
        if self.json || ui.quiet { Ok(()) } else { stdio::print(text) }
    }
    /// A line for stderr, in text mode only.
    fn warn(&self, text: &str) {
        if !self.json {
            stdio::eprint(text);
        }
    }
    fn finish(
        &self,
        outcome: Outcome,
        sources: &SourceMap,
        diags: &[Diagnostic],
        fields: Value,
    ) -> Result<Outcome, Fatal> {
        if self.json {
            output::print_json(&self.command, outcome, sources, diags, fields)?;
        }
        Ok(outcome)
    }
}

fn read(path: &Path) -> Result<String, Fatal> {
    std::fs::read_to_string(path).map_err(|e| Fatal(format!("cannot read `{}`: {e}", path.display())))
}

fn report(diags: &mut [Diagnostic], sources: &SourceMap, ui: &Ui, out: &Out) -> Result<Outcome, Fatal> {
    pddl::diagnostic::sort(diags);
    out.warn(&pddl::render::render_all(diags, sources, ui.color));
    let fields = json!({ "status": "input_errors", "written": [], "checked": false, "check": null });
    out.finish(Outcome::InputErrors, sources, diags, fields)
}

fn export(backend: Backend, args: &ExportArgs, ui: &Ui, out: &Out) -> Result<Outcome, Fatal> {
    if args.plans.len() > args.problems.len() {
        return Err(Fatal(format!(
            "{} plans for {} problems: the i-th --plan belongs to the i-th problem",
            args.plans.len(),
            args.problems.len()
        )));
    }
    let mut request = Request::new(Source::path(&args.domain));
    for (i, p) in args.problems.iter().enumerate() {
        request =
            request.problem_with_plans(Source::path(p), args.plans.get(i).map(Source::path).into_iter().collect());
    }
    let loaded = request.load()?;
    let mut diags = loaded.diagnostics.clone();
    for u in loaded.unsupported_constructs() {
        diags.push(Diagnostic::error(
            proof::codes::OUTSIDE_FRAGMENT,
            u.file,
            u.span,
            format!("{} are outside the proof-export fragment", u.construct),
        ));
    }
    let tasks: Vec<proof::ProblemInput> = loaded
        .problems
        .iter()
        .filter_map(|p| {
            let task = p.checked.as_ref()?.task.as_ref()?;
            let plan = p.plans.first().and_then(|pl| Some((pl.plan.as_ref()?, pl.file?)));
            Some(proof::ProblemInput { task, file: p.file, plan })
        })
        .collect();
    let ldomain = loaded.domain();
    let (Some(ldomain), false) = (ldomain, diags.iter().any(Diagnostic::is_error)) else {
        return report(&mut diags, &loaded.sources, ui, out);
    };
    let converted = match proof::convert_all(ldomain, loaded.domain_file, &tasks) {
        Ok(c) => c,
        Err(mut e) => return report(&mut e, &loaded.sources, ui, out),
    };
    let files = proof::export(backend, &converted);
    for f in &files {
        let path = args.out.join(&f.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Fatal(format!("cannot create `{}`: {e}", parent.display())))?;
        }
        std::fs::write(&path, &f.text).map_err(|e| Fatal(format!("cannot write `{}`: {e}", path.display())))?;
    }
    out.say(ui, &format!("wrote {} files to {}\n", files.len(), args.out.display()))?;
    let written: Vec<String> = files.iter().map(|f| args.out.join(&f.path).display().to_string()).collect();
    let mut fields = json!({ "out": args.out.display().to_string(), "written": written, "check": null, "status": "ok", "checked": false });
    if !args.check {
        return out.finish(Outcome::Fine, &loaded.sources, &loaded.diagnostics, fields);
    }
    let (outcome, check) = check_export(backend, &args.out, &files, ui, out)?;
    fields["check"] = check;
    fields["status"] = json!(status(outcome));
    fields["checked"] = json!(outcome != NOT_CHECKED);
    out.finish(outcome, &loaded.sources, &loaded.diagnostics, fields)
}

/// Compiles an export with the prover, in dependency order. The JSON value says per module what
/// happened, and `skipped` when the prover is not installed.
fn check_export(
    backend: Backend,
    dir: &Path,
    files: &[proof::OutFile],
    ui: &Ui,
    out: &Out,
) -> Result<(Outcome, Value), Fatal> {
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
            let mut results = Vec::new();
            for (f, r) in &runs {
                match r {
                    Run::Missing(p) => {
                        let why = format!(
                            "`{p}` is not on the PATH; nothing was compiled (install it: apt-get install -y coq)"
                        );
                        out.warn(&format!("NOT CHECKED: {why}\n"));
                        return Ok((
                            NOT_CHECKED,
                            json!({ "prover": "coqc", "skipped": why, "ok": null, "modules": [] }),
                        ));
                    }
                    Run::Done { ok: true, seconds, .. } => {
                        out.say(ui, &format!("coqc ok: {f} ({seconds:.2} s)\n"))?;
                        results.push(json!({ "module": f, "ok": true, "seconds": seconds }));
                    }
                    Run::Done { output, seconds, .. } => {
                        ok = false;
                        out.warn(&format!("coqc rejected {f}:\n{output}\n"));
                        results.push(json!({ "module": f, "ok": false, "seconds": seconds, "output": output }));
                    }
                    Run::TimedOut { seconds } => {
                        ok = false;
                        out.warn(&format!("coqc ran past the limit on {f} ({seconds:.0} s)\n"));
                        results.push(json!({ "module": f, "ok": false, "seconds": seconds, "timed_out": true }));
                    }
                }
            }
            let outcome = if ok { Outcome::Fine } else { Outcome::InputErrors };
            Ok((outcome, json!({ "prover": "coqc", "skipped": null, "ok": ok, "modules": results })))
        }
        Backend::Lean => {
            let why = "Lean modules are not compiled by certplan; run `lake build` in the output directory where Lean is installed";
            out.warn(&format!("NOT CHECKED: {why}\n"));
            Ok((NOT_CHECKED, json!({ "prover": "lean", "skipped": why, "ok": null, "modules": [] })))
        }
    }
}

fn audit(backend: Backend, args: &AuditArgs, ui: &Ui, out: &Out) -> Result<Outcome, Fatal> {
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
    let listed: Vec<Value> =
        violations.iter().map(|v| json!({ "line": v.line, "rule": v.rule, "message": v.message })).collect();
    let no_sources = SourceMap::new();
    let static_ok = violations.is_empty();
    let finish = |outcome: Outcome, rebuild: &str, detail: Option<String>| {
        let status = if static_ok && outcome == Outcome::Fine { "accepted" } else { status(outcome) };
        let fields = json!({
            "file": file.to_string(),
            "violations": listed,
            "static_ok": static_ok,
            "status": status,
            "checked": rebuild == "clean",
            "rebuild": { "result": rebuild, "detail": detail },
        });
        out.finish(outcome, &no_sources, &[], fields)
    };
    for v in &violations {
        out.warn(&format!("{file}:{}: rejected [{}]: {}\n", v.line, v.rule, v.message));
    }
    if !violations.is_empty() {
        out.warn(&format!("{file}: REJECTED ({} violations)\n", violations.len()));
        return finish(Outcome::InputErrors, "not run", None);
    }
    out.say(ui, &format!("{file}: static checks passed\n"))?;
    if args.no_rebuild {
        out.warn("SKIPPED: rebuild and axiom report (--no-rebuild)\n");
        return finish(Outcome::Fine, "skipped", Some("--no-rebuild".into()));
    }
    let theorem = proof::audit::statement_name(backend, &expected).unwrap_or_default();
    match proof::runner::rebuild(backend, &modules, &text, &theorem, Duration::from_secs(600)) {
        Rebuild::Skipped(why) => {
            out.warn(&format!("NOT CHECKED: {why}; only the static checks ran\n"));
            finish(NOT_CHECKED, "not_checked", Some(why.to_string()))
        }
        Rebuild::Failed(why) => {
            out.warn(&format!("{file}: REJECTED [rebuild]: {why}\n"));
            finish(Outcome::InputErrors, "failed", Some(why.to_string()))
        }
        Rebuild::Axioms(report) => {
            out.warn(&format!("{file}: REJECTED [axioms]: `{theorem}` depends on axioms:\n{report}\n"));
            finish(Outcome::InputErrors, "axioms", Some(report.to_string()))
        }
        Rebuild::Clean { seconds } => {
            out.say(
                ui,
                &format!(
                    "{file}: rebuilt from scratch ({seconds:.2} s); `{theorem}` uses no axioms beyond the standard ones\n"
                ),
            )?;
            finish(Outcome::Fine, "clean", Some(format!("{seconds:.2} s")))
        }
    }
}

fn plan(args: &PlanArgs, out: &Out) -> Result<Outcome, Fatal> {
    let term = read(&args.term)?;
    let map = proof::bridge::ObjectMap::from_json(&read(&args.map)?)
        .map_err(|e| Fatal(format!("`{}`: {e}", args.map.display())))?;
    let no_sources = SourceMap::new();
    match proof::bridge::term_to_pddl(&term, &map) {
        Ok(plan) => {
            if !out.json {
                stdio::print(&plan)?;
            }
            out.finish(Outcome::Fine, &no_sources, &[], json!({ "plan": plan }))
        }
        Err(e) => {
            let message = format!("{}: {e}", args.term.display());
            out.warn(&format!("{message}\n"));
            if out.json {
                let mut v = output::envelope(&out.command, 1, &no_sources, &[], json!({ "plan": null }));
                v["error"] = message.into();
                stdio::print(&format!("{v}\n"))?;
            }
            Ok(Outcome::InputErrors)
        }
    }
}
