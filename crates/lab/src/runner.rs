//! `lab run`: every run of an experiment (or of one shard) that the results file does not have
//! yet, `jobs` at a time, each as its own limited process ([`crate::process`]); each finished run
//! becomes one fsync'd JSON line, so a runner killed at any moment resumes where it was.

use crate::experiment::{ConfigSpec, Experiment, Run, Shard};
use crate::process::{self, Ended, Limits};
use crate::results::{Results, RunRecord, Status, Writer};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{Value, json};
use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};

pub struct RunOptions {
    pub jobs: usize,
    pub shard: Option<Shard>,
    /// Only the runs of these configurations (empty: all), so that one configuration of a long
    /// experiment can be run first and the others in later sessions, into the same results file.
    pub configs: Vec<String>,
    pub quiet: bool,
    /// Only the runs whose task (`Task::problem`) matches one of these patterns (every run when
    /// empty): see [`crate::experiment::path_matches`].
    pub tasks: Vec<String>,
    /// Run again the runs whose last record has one of these statuses, and if a limit is given,
    /// that `limit_hit` (a new record is appended; the last record of a run is the one that counts).
    pub redo: Vec<(Status, Option<String>)>,
    /// The certplan executable (for certplan configurations and for validating plans).
    pub certplan: PathBuf,
    /// certplan's version and the git commit it was built from.
    pub version: String,
    pub commit: String,
    /// The command line of this `lab run`, recorded in the session line.
    pub invocation: Vec<String>,
}

#[derive(Debug, Default)]
pub struct Summary {
    pub total: usize,
    pub already: usize,
    pub ran: usize,
    pub by_status: BTreeMap<&'static str, usize>,
    pub above_bound: Vec<String>,
    pub invalid: Vec<String>,
    pub results: PathBuf,
}

/// Runs what is missing; returns a summary of this session.
pub fn run(exp: &Experiment, opts: &RunOptions) -> Result<Summary, String> {
    let mut runs = exp.runs()?;
    for name in &opts.configs {
        if !exp.configs.iter().any(|c| &c.name == name) {
            let known: Vec<&str> = exp.configs.iter().map(|c| c.name.as_str()).collect();
            return Err(format!("--config `{name}`: the experiment has no such configuration ({})", known.join(", ")));
        }
    }
    if !opts.configs.is_empty() {
        runs.retain(|r| opts.configs.contains(&exp.configs[r.config].name));
    }
    if !opts.tasks.is_empty() {
        runs.retain(|r| opts.tasks.iter().any(|p| crate::experiment::path_matches(p, &r.task.problem)));
        if runs.is_empty() {
            return Err(format!("--task {}: no task of the experiment matches", opts.tasks.join(", ")));
        }
    }
    let results_path = match opts.shard {
        Some(s) => {
            runs = s.select(runs);
            exp.shard_results(s)
        }
        None => exp.settings.results.clone(),
    };
    let previous = Results::read(&results_path)?;
    let done = previous.by_key();
    let total = runs.len();
    let todo: VecDeque<Run> = runs
        .into_iter()
        .filter(|r| {
            done.get(r.key.as_str()).is_none_or(|rec| {
                opts.redo.iter().any(|(s, limit)| {
                    *s == rec.status && limit.as_ref().is_none_or(|l| rec.limit_hit.as_ref() == Some(l))
                })
            })
        })
        .collect();
    let mut summary =
        Summary { total, already: total - todo.len(), results: results_path.clone(), ..Summary::default() };
    let mut writer = Writer::open(&results_path, previous.good_len)?;
    let bar = if opts.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr())
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} runs, {elapsed} elapsed, ETA {eta} {msg}")
            .map_err(|e| e.to_string())?,
    );
    bar.set_position(summary.already as u64);
    bar.reset_eta();
    let note = |bar: &ProgressBar, s: &str| {
        if !opts.quiet {
            bar.suspend(|| eprintln!("{s}"));
        }
    };
    if previous.torn {
        note(
            &bar,
            &format!(
                "lab: `{}` ended in a torn line (a killed run); it is cut off and that run runs again",
                results_path.display()
            ),
        );
    }
    if summary.already > 0 {
        note(&bar, &format!("lab: resuming: {} of {total} runs are in `{}`", summary.already, results_path.display()));
    }
    writer.append(&session(exp, opts, total, summary.already))?;
    if todo.is_empty() {
        bar.finish_and_clear();
        return Ok(summary);
    }
    let run_dir = exp.run_dir();
    let queue = Arc::new(Mutex::new(todo));
    let (tx, rx) = mpsc::channel::<Result<RunRecord, String>>();
    let jobs = opts.jobs.max(1);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let queue = Arc::clone(&queue);
            let tx = tx.clone();
            let run_dir = &run_dir;
            scope.spawn(move || {
                // The guard is consumed inside `and_then`: the queue is not locked during a run.
                while let Some(r) = queue.lock().ok().and_then(|mut q| q.pop_front()) {
                    let rec = execute(exp, &r, run_dir, &opts.certplan);
                    if tx.send(rec).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut failure = None;
        for rec in rx {
            let rec = match rec {
                Ok(r) => r,
                Err(e) => {
                    failure.get_or_insert(e);
                    if let Ok(mut q) = queue.lock() {
                        q.clear();
                    }
                    continue;
                }
            };
            if let Err(e) = writer.append(&serde_json::to_value(&rec).unwrap_or(Value::Null)) {
                failure.get_or_insert(e);
                if let Ok(mut q) = queue.lock() {
                    q.clear();
                }
                continue;
            }
            summary.ran += 1;
            *summary.by_status.entry(rec.status.name()).or_default() += 1;
            if rec.above_bound {
                note(
                    &bar,
                    &format!(
                        "lab: !!! COST ABOVE THE KNOWN BOUND: {} found cost {} > bound {} (an optimal configuration: a bug)",
                        rec.key,
                        rec.cost.unwrap_or(0),
                        rec.bound.unwrap_or(0)
                    ),
                );
                summary.above_bound.push(rec.key.clone());
            }
            if rec.status == Status::InvalidPlan {
                note(&bar, &format!("lab: !!! INVALID PLAN: {} (verdict {:?})", rec.key, rec.plan_verdict));
                summary.invalid.push(rec.key.clone());
            }
            bar.set_message(format!("{} {}", rec.key, rec.status.name()));
            bar.inc(1);
        }
        bar.finish_and_clear();
        match failure {
            Some(e) => Err(e),
            None => Ok(()),
        }
    })?;
    Ok(summary)
}

fn session(exp: &Experiment, opts: &RunOptions, total: usize, already: usize) -> Value {
    json!({
        "kind": "session",
        "experiment": exp.settings.name,
        "experiment_file": exp.path.display().to_string(),
        "experiment_text": exp.text,
        "certplan_version": opts.version,
        "git_commit": opts.commit,
        "certplan": opts.certplan.display().to_string(),
        "machine": machine(),
        "invocation": opts.invocation,
        "jobs": opts.jobs,
        "shard": opts.shard.map(|s| format!("{}/{}", s.index, s.count)),
        "runs_in_scope": total,
        "runs_already_done": already,
        "redo": opts.redo.iter().map(|(s, l)| l.as_ref().map_or(s.name().to_string(), |l| format!("{}:{l}", s.name()))).collect::<Vec<_>>(),
        "started_unix": std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs()),
        "limits": { "time_s": exp.settings.time_limit, "memory_mib": exp.settings.memory_limit,
                    "wall_backstop_s": Limits { time: exp.settings.time_limit, memory_mib: 0, wall: exp.settings.wall_limit }.wall().as_secs_f64(),
                    "enforced_by": "RLIMIT_CPU (CPU time, per process) + a wall-clock backstop (kills the process group); RLIMIT_AS (address space)" },
    })
}

/// The machine: host name, CPU model and count, memory, kernel.
pub fn machine() -> Value {
    let read = |p: &str| std::fs::read_to_string(p).unwrap_or_default();
    let cpuinfo = read("/proc/cpuinfo");
    let model = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name"))
        .map(|s| s.trim_start_matches([' ', '\t', ':']).to_string());
    let mem_kib = read("/proc/meminfo")
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|s| s.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
    json!({
        "hostname": read("/proc/sys/kernel/hostname").trim(),
        "cpu_model": model,
        "cores": std::thread::available_parallelism().map_or(0, |n| n.get()),
        "memory_mib": mem_kib.map(|k| k / 1024),
        "kernel": read("/proc/sys/kernel/osrelease").trim(),
    })
}

/// The command of a run, with its plan file's path.
pub fn command(exp: &Experiment, run: &Run, certplan: &Path, dir: &Path) -> Vec<String> {
    let c = &exp.configs[run.config];
    let plan = dir.join("sas_plan").display().to_string();
    let domain = absolute(&run.task.domain_file);
    let problem = absolute(&run.task.problem_file);
    let s = &exp.settings;
    match &c.command {
        Some(template) => template
            .iter()
            .map(|a| {
                a.replace("{domain}", &domain)
                    .replace("{problem}", &problem)
                    .replace("{plan}", &plan)
                    .replace("{time_limit}", &format!("{}", s.time_limit))
                    .replace("{memory_limit}", &s.memory_limit.to_string())
                    .replace("{experiment_dir}", &experiment_dir(&exp.path))
            })
            .collect(),
        None => {
            let mut v = vec![certplan.display().to_string(), "--quiet".into(), "plan".into(), "--json".into()];
            match (&c.search, &c.alias) {
                (Some(search), _) => v.extend(["--search".into(), search.clone()]),
                (None, Some(alias)) => v.extend(["--alias".into(), alias.clone()]),
                (None, None) => {}
            }
            // No `--time-limit`: certplan's is wall-clock time, the experiment's is CPU time
            // (RLIMIT_CPU), the same for every planner, whatever else loads the machine. The
            // memory limit is the same address-space cap as the runner's, so certplan ends with
            // exit 22 and its statistics instead of an abort.
            v.extend(["--memory-limit".into(), s.memory_limit.to_string(), "--plan-file".into(), plan]);
            v.extend(c.args.iter().cloned());
            v.extend([domain, problem]);
            v
        }
    }
}

/// The experiment file's folder, absolute: a bare file name (`lab run exp.toml`, run from its
/// folder) has the empty parent, which `std::path::absolute` refuses.
fn experiment_dir(file: &Path) -> String {
    match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => absolute(d),
        _ => absolute(Path::new(".")),
    }
}

fn absolute(p: &Path) -> String {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()).display().to_string()
}

/// Runs one run and reads what it left. An error here is the runner's own (cannot create the
/// run's folder, cannot start the process) and stops the experiment.
fn execute(exp: &Experiment, run: &Run, run_dir: &Path, certplan: &Path) -> Result<RunRecord, String> {
    let c = &exp.configs[run.config];
    let dir = run_dir.join(sanitize(&run.key));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(|e| format!("cannot clear `{}`: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create `{}`: {e}", dir.display()))?;
    let dir = std::path::absolute(&dir).unwrap_or(dir);
    let argv = command(exp, run, certplan, &dir);
    let limits =
        Limits { time: exp.settings.time_limit, memory_mib: exp.settings.memory_limit, wall: exp.settings.wall_limit };
    let (out_path, err_path) = (dir.join("run.log"), dir.join("run.err"));
    let ended = process::run(&argv, &dir, &limits, &out_path, &err_path)?;
    let stdout = std::fs::read_to_string(&out_path).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err_path).unwrap_or_default();
    // A shell's "command not found" (127) or "not executable" (126) from a command template is a
    // broken experiment, not a planner's crash: recorded, it would fail every run of the config
    // the same way (and look like results).
    if c.command.is_some() && matches!(ended.exit_code, Some(126 | 127)) {
        return Err(format!(
            "config `{}`: its command could not be started (exit {}: {}) on {}: {}\n  command: {}",
            c.name,
            ended.exit_code.unwrap_or(0),
            if ended.exit_code == Some(127) { "command not found" } else { "not executable" },
            run.task.problem,
            stderr.trim().lines().last().unwrap_or(""),
            argv.join(" ")
        ));
    }
    let mut rec = RunRecord {
        kind: "run".into(),
        key: run.key.clone(),
        config: c.name.clone(),
        suite: run.task.suite.clone(),
        domain: run.task.domain.clone(),
        problem: run.task.problem.clone(),
        repetition: run.repetition,
        command: argv,
        status: Status::Crashed,
        exit_code: ended.exit_code,
        signal: ended.signal,
        limit_hit: None,
        cost: None,
        length: None,
        plan_verdict: None,
        bound: run.task.bound,
        above_bound: false,
        expansions: None,
        generated: None,
        times: BTreeMap::new(),
        wall_time: ended.wall,
        cpu_time: ended.cpu,
        peak_memory_kib: ended.maxrss_kib,
        stderr_tail: None,
    };
    let log = if c.command.is_some() { c.log.as_deref().unwrap_or("none") } else { "certplan" };
    match log {
        "certplan" => read_certplan(&stdout, &mut rec),
        "fast-downward" => read_fast_downward(&stdout, &mut rec),
        _ => {}
    }
    classify(&ended, &limits, &mut rec);
    if rec.status == Status::Crashed && out_of_memory_by_log(&stderr) {
        rec.status = Status::OutOfMemory;
        rec.limit_hit = Some("memory".into());
    }
    let plan = dir.join("sas_plan");
    if rec.status == Status::Solved {
        if plan.is_file() {
            validate(certplan, run, &plan, &mut rec);
        } else {
            rec.status = Status::Crashed;
            rec.stderr_tail = Some(format!("the planner reported success but wrote no plan file `{}`", plan.display()));
        }
    }
    if let (Some(cost), Some(bound)) = (rec.cost, rec.bound) {
        rec.above_bound = cost > bound && c.is_optimal();
    }
    if !matches!(rec.status, Status::Solved | Status::Unsolvable | Status::OutOfTime | Status::OutOfMemory)
        && rec.stderr_tail.is_none()
    {
        // Fast Downward's driver reports its errors on stdout.
        rec.stderr_tail = Some(if stderr.trim().is_empty() { tail(&stdout, 20) } else { tail(&stderr, 20) });
    }
    Ok(rec)
}

fn sanitize(key: &str) -> String {
    key.chars().map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '_' }).collect()
}

fn tail(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// Status from the exit status (Fast Downward's driver statuses, which certplan uses too) and
/// from the limits.
fn classify(ended: &Ended, limits: &Limits, rec: &mut RunRecord) {
    if ended.wall_killed {
        rec.status = Status::OutOfTime;
        rec.limit_hit = Some("wall".into());
        return;
    }
    if ended.cpu_limited(limits) {
        rec.status = Status::OutOfTime;
        rec.limit_hit = Some("cpu".into());
        return;
    }
    rec.status = match ended.exit_code {
        Some(0) => Status::Solved,
        Some(10 | 11) => Status::Unsolvable,
        Some(12) => Status::UnsolvedIncomplete,
        Some(20 | 22) => Status::OutOfMemory,
        Some(21 | 23) => Status::OutOfTime,
        Some(30 | 31 | 33) => Status::InputError,
        Some(32) => Status::InvalidPlan,
        Some(34 | 35) => Status::Unsupported,
        _ => Status::Crashed,
    };
    match rec.status {
        Status::OutOfMemory => rec.limit_hit = Some("memory".into()),
        Status::OutOfTime => rec.limit_hit = Some("planner".into()),
        _ => {}
    }
}

/// A process that dies when its address space is full (a C++ `bad_alloc`, Rust's
/// allocation-failure abort, Python's `MemoryError`) ran out of memory.
fn out_of_memory_by_log(stderr: &str) -> bool {
    ["memory allocation of", "MemoryError", "bad_alloc", "Cannot allocate memory", "out of memory"]
        .iter()
        .any(|m| stderr.contains(m))
}

/// certplan's `plan --json` envelope: result, statistics (phase times), search statistics.
fn read_certplan(stdout: &str, rec: &mut RunRecord) {
    let Some(v) = stdout.lines().rev().find_map(|l| serde_json::from_str::<Value>(l).ok()) else { return };
    let search = &v["search"];
    rec.expansions = search["expanded"].as_u64();
    rec.generated = search["generated"].as_u64();
    let times = if v["statistics"]["times"].is_object() { &v["statistics"]["times"] } else { &v["times"] };
    if let Some(t) = times.as_object() {
        for (k, x) in t {
            if let Some(x) = x.as_f64() {
                rec.times.insert(k.clone(), x);
            }
        }
    }
    // The engine's own time, without certificates and heuristic set-up: what Fast Downward's
    // `Search time` measures, and what time per expansion is computed from.
    if let Some(x) = search["seconds"].as_f64() {
        rec.times.insert("search_loop".into(), x - search["setup_seconds"].as_f64().unwrap_or(0.0));
    }
    if let Some(cost) = v["plan"]["cost"].as_u64() {
        rec.cost = Some(cost);
        rec.length = v["plan"]["length"].as_u64();
    }
    if let Some(e) = v["error"].as_str() {
        rec.stderr_tail = Some(e.to_string());
    }
}

/// Fast Downward's log: the last `Expanded N state(s).`, `Generated N state(s).`, `Plan cost`,
/// `Search time`, `Total time` (search component) and the driver's `Planner time`.
fn read_fast_downward(stdout: &str, rec: &mut RunRecord) {
    let num = |s: &str| s.trim().trim_end_matches('s').trim().parse::<f64>().ok();
    for line in stdout.lines() {
        let body = line.rsplit_once("] ").map_or(line, |(_, b)| b);
        let body = body.trim_start_matches("INFO").trim();
        if let Some(rest) = body.strip_prefix("Expanded ").and_then(|r| r.strip_suffix(" state(s).")) {
            // Not `Expanded until last jump: N state(s).`
            if let Ok(n) = rest.trim().parse() {
                rec.expansions = Some(n);
            }
        } else if let Some(rest) = body.strip_prefix("Generated ").and_then(|r| r.strip_suffix(" state(s).")) {
            if let Ok(n) = rest.trim().parse() {
                rec.generated = Some(n);
            }
        } else if let Some(rest) = body.strip_prefix("Plan cost:") {
            rec.cost = rest.trim().parse().ok();
        } else if let Some(rest) = body.strip_prefix("Plan length:") {
            rec.length = rest.split_whitespace().next().and_then(|n| n.parse().ok());
        } else if let Some(x) = body.strip_prefix("Search time:").and_then(num) {
            rec.times.insert("search".into(), x);
        } else if let Some(x) = body.strip_prefix("Total time:").and_then(num) {
            rec.times.insert("search_component".into(), x);
        } else if let Some(x) = body.strip_prefix("Planner time:").and_then(num) {
            rec.times.insert("total".into(), x);
        }
    }
}

/// Validates the plan with `certplan validate --json` (also certplan's own plans: the runner
/// trusts no planner), and takes cost and length from the validator.
fn validate(certplan: &Path, run: &Run, plan: &Path, rec: &mut RunRecord) {
    let out = std::process::Command::new(certplan)
        .args(["--quiet", "validate", "--json"])
        .arg(&run.task.domain_file)
        .arg(&run.task.problem_file)
        .arg(plan)
        .output();
    let v: Option<Value> = out.as_ref().ok().and_then(|o| serde_json::from_slice(&o.stdout).ok());
    let report = v.as_ref().map(|v| &v["plans"][0]);
    let verdict = report.and_then(|r| r["verdict"].as_str()).unwrap_or("not validated").to_string();
    if verdict == "valid" {
        let r = &report.map(|r| &r["report"]).cloned().unwrap_or(Value::Null);
        if let Some(c) = r["cost"].as_f64() {
            rec.cost = Some(c as u64);
        }
        rec.length = r["steps"].as_u64().or(rec.length);
    } else {
        rec.status = Status::InvalidPlan;
        let why = match (&out, &v) {
            (Err(e), _) => format!("cannot run the validator: {e}"),
            (Ok(o), None) => format!("the validator printed no JSON: {}", String::from_utf8_lossy(&o.stderr)),
            (Ok(_), Some(v)) => v.to_string(),
        };
        rec.stderr_tail = Some(tail(&why, 20));
    }
    rec.plan_verdict = Some(verdict);
}

pub fn render_config(c: &ConfigSpec) -> String {
    match (&c.search, &c.alias, &c.command) {
        (Some(s), _, _) => format!("certplan --search {s}"),
        (_, Some(a), _) => format!("certplan --alias {a}"),
        (_, _, Some(cmd)) => cmd.join(" "),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn experiment_dir_of_a_bare_file_name_is_the_working_folder() {
        let cwd = std::env::current_dir().unwrap().display().to_string();
        assert_eq!(experiment_dir(Path::new("exp.toml")), cwd);
        assert_eq!(experiment_dir(Path::new("sub/exp.toml")), format!("{cwd}/sub"));
    }
}
