//! Running a Coq generalized plan on tasks: the dynamic check of paper 000's debug loop.
//!
//! For each task, the problem module of certplan's export is compiled together with
//! `Eval vm_compute in solve problemState problemGoal` (coqc, after the solve file has been
//! compiled once against the domain module and the domain's validity constraints); the printed
//! `list PlanAction` goes back through the plan bridge to a PDDL plan, which `val` validates. Each
//! task ends as valid, invalid (the failing step and its false preconditions), goal not reached
//! (the unmet goal literals), error (the solve file does not compile, the term is not a plan, ...)
//! or time-out. The text of each verdict is what the LLM debug loop feeds back.
//!
//! `vm_compute` is Coq's bytecode evaluator; extraction to OCaml would need an OCaml toolchain per
//! task and is not used (see the crate's timing notes in `gp run --help`).

use crate::coq as vcoq;
use crate::spec;
use model::lifted;
use proof::bridge;
use proof::convert::{DomainIr, ProblemIr};
use proof::runner::{self, Run};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// One task to run: a display name (its path) and its PDDL text.
pub struct Problem {
    pub name: String,
    pub text: String,
}

/// How one task ended.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Outcome {
    /// The plan is valid.
    Valid { steps: usize },
    /// A step cannot be applied.
    Invalid { step: usize, action: String, unsatisfied: Vec<String> },
    /// Every step applies, the goal does not hold at the end.
    GoalNotReached { steps: usize, unmet: Vec<String> },
    /// Something else went wrong (coqc error, a term that is not a plan, a malformed plan).
    Error { message: String },
    /// `solve` ran past the limit.
    TimeOut { seconds: f64 },
}

impl Outcome {
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Valid { .. } => "valid",
            Outcome::Invalid { .. } => "invalid",
            Outcome::GoalNotReached { .. } => "goal-not-reached",
            Outcome::Error { .. } => "error",
            Outcome::TimeOut { .. } => "time-out",
        }
    }

    /// The feedback line of the debug loop.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Valid { steps } => format!("valid plan ({steps} steps)"),
            Outcome::Invalid { step, action, unsatisfied } => {
                format!("invalid: step {step} {action} is not applicable; false: {}", unsatisfied.join(", "))
            }
            Outcome::GoalNotReached { steps, unmet } => {
                format!("goal not reached after {steps} steps; unmet: {}", unmet.join(", "))
            }
            Outcome::Error { message } => format!("error: {message}"),
            Outcome::TimeOut { seconds } => format!("time-out after {seconds:.1} s"),
        }
    }
}

/// The result on one task.
#[derive(Clone, Debug, Serialize)]
pub struct TaskResult {
    pub problem: String,
    #[serde(flatten)]
    pub outcome: Outcome,
    /// Seconds for coqc on this task (compiling the instance and evaluating `solve`).
    pub seconds: f64,
    /// The plan `solve` returned, as PDDL, where there was one.
    pub plan: Option<String>,
}

/// Settings of a run.
pub struct Options {
    /// Wall-clock limit per task (and for compiling the solve file).
    pub limit: Duration,
    /// Where to keep the generated files; a fresh temporary directory (removed afterwards) when
    /// `None`.
    pub keep: Option<PathBuf>,
}

/// The whole run: per task, and the compile step's error where the solve file did not compile.
#[derive(Debug, Serialize)]
pub struct Report {
    pub domain: String,
    pub tasks: Vec<TaskResult>,
}

impl Report {
    pub fn count(&self, verdict: &str) -> usize {
        self.tasks.iter().filter(|t| t.outcome.name() == verdict).count()
    }
}

/// Why nothing ran at all.
#[derive(Debug)]
pub enum RunError {
    /// coqc is not installed.
    NoCoqc,
    /// The domain or a problem is not a valid task or not in the export's fragment.
    Input(String),
    /// The domain has no validity constraints in [`spec`].
    NoSpec(String),
    Io(String),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::NoCoqc => f.write_str("`coqc` is not on the PATH (install it: apt-get install -y coq)"),
            RunError::Input(m) | RunError::Io(m) => f.write_str(m),
            RunError::NoSpec(d) => write!(f, "`{d}` has no validity constraints (domains with them: {})", spec::DOMAINS.join(", ")),
        }
    }
}

/// The library domain whose PDDL domain name is `pddl_name` (the name in `(define (domain ...))`),
/// for domains given as files.
pub fn library_domain_of(pddl_name: &str) -> Option<&'static str> {
    domains::library()
        .iter()
        .find(|d| domains::domain_name(d.pddl).is_some_and(|n| n.eq_ignore_ascii_case(pddl_name)))
        .map(|d| d.name)
}

/// Loads and converts a domain and its problems (through the front door, one problem at a time).
pub fn convert(
    domain_text: &str,
    problems: &[Problem],
) -> Result<(DomainIr, Vec<(ProblemIr, lifted::Task)>), RunError> {
    let mut tasks = Vec::new();
    for p in problems {
        let task = domains::task(domain_text, &p.text)
            .map_err(|e| RunError::Input(format!("{}: not a valid task of the domain:\n{e}", p.name)))?;
        tasks.push(task);
    }
    let lifted_domain = match tasks.first() {
        Some(t) => t.domain.clone(),
        None => domains::lifted_domain(domain_text).map_err(|e| RunError::Input(format!("the domain:\n{e}")))?,
    };
    let file = pddl::FileId(0);
    let inputs: Vec<proof::ProblemInput> =
        tasks.iter().map(|t| proof::ProblemInput { task: t, file: pddl::FileId(1), plan: None }).collect();
    let c = proof::convert_all(&lifted_domain, file, &inputs).map_err(|diags| {
        let msgs: Vec<String> = diags.iter().map(|d| d.message.clone()).collect();
        RunError::Input(format!("outside the proof-export fragment: {}", msgs.join("; ")))
    })?;
    let probs = c.problems.into_iter().map(|(p, _)| p).zip(tasks).collect();
    Ok((c.domain, probs))
}

/// The Coq files every run and every proof needs: the domain module and the constraints module,
/// as (module name, text).
pub fn base_modules(d: &DomainIr, spec: &spec::Spec) -> Vec<(String, String)> {
    let dm = proof::coq::domain_module(d);
    vec![(dm.name, dm.text), (vcoq::module_name(d), vcoq::module(d, spec, proof::COQ_LIBRARY))]
}

fn scratch() -> std::io::Result<PathBuf> {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!("certplan-gp-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

fn write(dir: &Path, file: &str, text: &str) -> Result<(), RunError> {
    std::fs::write(dir.join(file), text).map_err(|e| RunError::Io(format!("cannot write {}: {e}", dir.join(file).display())))
}

/// The module name the solve file is compiled under.
pub const SOLVE_MODULE: &str = "Solve";

/// Runs the generalized plan in `solve_text` on every problem.
pub fn run(
    domain_name: &str,
    domain_text: &str,
    solve_text: &str,
    problems: &[Problem],
    options: &Options,
) -> Result<Report, RunError> {
    if runner::which("coqc").is_none() {
        return Err(RunError::NoCoqc);
    }
    let spec = spec::spec(domain_name).ok_or_else(|| RunError::NoSpec(domain_name.to_string()))?;
    let (d, probs) = convert(domain_text, problems)?;
    crate::fields::check(&d, &spec).map_err(RunError::Input)?;
    let dir = match &options.keep {
        Some(k) => {
            std::fs::create_dir_all(k).map_err(|e| RunError::Io(format!("cannot create {}: {e}", k.display())))?;
            k.clone()
        }
        None => scratch().map_err(|e| RunError::Io(format!("cannot create a scratch directory: {e}")))?,
    };
    let result = run_in(&dir, &d, &spec, solve_text, problems, &probs, options);
    if options.keep.is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    result.map(|tasks| Report { domain: domain_name.to_string(), tasks })
}

fn run_in(
    dir: &Path,
    d: &DomainIr,
    spec: &spec::Spec,
    solve_text: &str,
    problems: &[Problem],
    probs: &[(ProblemIr, lifted::Task)],
    options: &Options,
) -> Result<Vec<TaskResult>, RunError> {
    let mut files = Vec::new();
    for (name, text) in base_modules(d, spec) {
        write(dir, &format!("{name}.v"), &text)?;
        files.push(format!("{name}.v"));
    }
    let solve_file = format!("{SOLVE_MODULE}.v");
    write(dir, &solve_file, solve_text)?;
    files.push(solve_file.clone());
    let refs: Vec<&str> = files.iter().map(String::as_str).collect();
    let runs = runner::coqc_all(dir, proof::COQ_LIBRARY, &refs, options.limit);
    let failed = runs.iter().find(|(_, r)| !r.ok()).map(|(f, r)| match r {
        Run::TimedOut { seconds } => format!("coqc ran past the limit on {f} ({seconds:.0} s)"),
        Run::Missing(p) => format!("`{p}` is not on the PATH"),
        other => format!("coqc rejected {f}:\n{}", other.output().trim_end()),
    });
    if let Some(message) = failed {
        // The solve file does not compile: every task gets the compiler's message (the static
        // half of the debug loop's feedback).
        return Ok(problems
            .iter()
            .map(|p| TaskResult {
                problem: p.name.clone(),
                outcome: Outcome::Error { message: message.clone() },
                seconds: 0.0,
                plan: None,
            })
            .collect());
    }
    let mut out = Vec::new();
    for (p, (ir, task)) in problems.iter().zip(probs) {
        out.push(run_one(dir, d, ir, task, &p.name, options.limit)?);
    }
    Ok(out)
}

/// The `= TERM : list PlanAction` part of coqc's output.
fn computed_term(output: &str) -> Option<&str> {
    let start = output.find("\n     = ").map(|i| i + 1).or_else(|| output.starts_with("     = ").then_some(0))?;
    let rest = &output[start..];
    let end = rest.find(": list PlanAction").map_or(rest.len(), |i| i + ": list PlanAction".len());
    Some(&rest[..end])
}

fn run_one(dir: &Path, d: &DomainIr, ir: &ProblemIr, task: &lifted::Task, name: &str, limit: Duration) -> Result<TaskResult, RunError> {
    let m = proof::coq::problem_module(d, ir, None, proof::COQ_LIBRARY);
    let text = format!(
        "{}\nFrom {} Require Import {SOLVE_MODULE}.\nEval vm_compute in solve problemState problemGoal.\n",
        m.text,
        proof::COQ_LIBRARY
    );
    let file = format!("{}.v", m.name);
    write(dir, &file, &text)?;
    let start = Instant::now();
    let r = runner::run("coqc", &["-Q", ".", proof::COQ_LIBRARY, &file], dir, limit);
    let seconds = start.elapsed().as_secs_f64();
    let result = |outcome, plan| TaskResult { problem: name.to_string(), outcome, seconds, plan };
    let output = match r {
        Run::Done { ok: true, output, .. } => output,
        Run::Done { output, .. } => {
            return Ok(result(Outcome::Error { message: format!("coqc rejected the instance:\n{}", output.trim_end()) }, None));
        }
        Run::TimedOut { seconds } => return Ok(result(Outcome::TimeOut { seconds }, None)),
        Run::Missing(p) => return Err(RunError::Io(format!("`{p}` is not on the PATH"))),
    };
    let Some(term) = computed_term(&output) else {
        return Ok(result(Outcome::Error { message: format!("coqc printed no plan:\n{output}") }, None));
    };
    let map_json = proof::render::object_map_json(d, ir, "coq");
    let map = bridge::ObjectMap::from_json(&map_json).map_err(RunError::Io)?;
    let plan_text = match bridge::term_to_pddl(term, &map) {
        Ok(t) => t,
        Err(e) => return Ok(result(Outcome::Error { message: format!("the result is not a plan: {e}") }, None)),
    };
    Ok(result(validate(task, &plan_text), Some(plan_text)))
}

/// Validates a PDDL plan text on a task and turns the verdict into an [`Outcome`].
pub fn validate(task: &lifted::Task, plan_text: &str) -> Outcome {
    let parsed = pddl::parse_plan(plan_text, pddl::FileId(2));
    let Some(plan) = parsed.value else {
        return Outcome::Error { message: "the plan from the bridge does not parse".into() };
    };
    let v = val::validate(task, &plan, val::Options::default());
    match v.verdict {
        val::Verdict::Valid => Outcome::Valid { steps: v.steps },
        val::Verdict::Invalid => match v.failure {
            Some(f) => Outcome::Invalid {
                step: f.step,
                action: f.action,
                unsatisfied: f.unsatisfied.iter().map(|u| u.literal.clone()).collect(),
            },
            None => Outcome::Error { message: "invalid plan without a failing step".into() },
        },
        val::Verdict::GoalNotReached => Outcome::GoalNotReached {
            steps: v.steps,
            unmet: v.unmet_goals.iter().map(|u| u.literal.clone()).collect(),
        },
        val::Verdict::Malformed | val::Verdict::Unsupported => Outcome::Error {
            message: v.errors.iter().map(|e| e.message.clone()).collect::<Vec<_>>().join("; "),
        },
    }
}
