//! `certplan ground DOMAIN PROBLEM`: ground the task, prune it (the library call
//! `planner::prepare`), print the statistics or write Fast Downward's `output.sas`. Also what
//! `plan` shares: loading, the limit and pruning flags, the grounding statistics as text.

use crate::{Fatal, Outcome, Ui, output, stdio};
use model::front::{Loaded, Request, Source};
use model::lifted::Task;
use planner::{Event, Phase, Statistics};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct GroundArgs {
    /// The domain file.
    domain: PathBuf,
    /// The problem file.
    problem: PathBuf,
    /// Write Fast Downward's `output.sas` (translator format version 3) to this file.
    #[arg(long, value_name = "FILE")]
    output_sas: Option<PathBuf>,
    #[command(flatten)]
    pub prune: PruneArgs,
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Limits over the whole run, as Fast Downward's `--overall-time-limit` and
/// `--overall-memory-limit` (exit 23 and 22 in every phase).
#[derive(clap::Args, Clone, Copy)]
pub struct LimitArgs {
    /// Wall-clock limit for the whole run, in seconds (exit 23 when it passes). Checked inside
    /// grounding, pruning and search; a watchdog ends a phase that overruns it by 5 % (at least
    /// 0.2 s, at most 2 s).
    #[arg(long, value_name = "S", value_parser = positive)]
    pub time_limit: Option<f64>,
    /// Memory limit for the whole process, in MiB: its address space is capped (setrlimit
    /// RLIMIT_AS, as Fast Downward does), and an allocation beyond it ends the run (exit 22).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..))]
    pub memory_limit: Option<u64>,
}

fn positive(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 => Ok(t),
        _ => Err(format!("`{s}` is not a positive number of seconds")),
    }
}

impl LimitArgs {
    /// The library's limits for a run that began at `start`.
    pub fn limits(&self, start: Instant) -> planner::Limits {
        planner::Limits {
            deadline: self.time_limit.map(|t| start + Duration::from_secs_f64(t)),
            memory_bytes: self.memory_limit.map(|m| m.saturating_mul(1024 * 1024)),
        }
    }

    /// Sets the limits on the process itself (address-space cap, watchdog), before any input is
    /// read, so that they bind over the whole run.
    pub fn install(&self, start: Instant, json: Option<&'static str>, ui: &Ui) -> Result<planner::Limits, Fatal> {
        let limits = self.limits(start);
        planner::process::install(planner::process::Caps {
            memory_bytes: limits.memory_bytes,
            deadline: limits.deadline,
            started: Some(start),
            json,
            quiet: ui.quiet,
        })
        .map_err(Fatal)?;
        Ok(limits)
    }
}

/// Makes sure an output file can be written before the work that produces it starts (a usage
/// error, exit 2, otherwise): an old file there is removed, as Fast Downward removes an old
/// `sas_plan`, so that a run that ends without a plan never leaves one behind.
pub fn prepare_output(path: &Path) -> Result<(), Fatal> {
    let fatal = |e: std::io::Error| Fatal(format!("cannot write `{}`: {e}", path.display()));
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return Err(Fatal(format!("cannot write `{}`: it is a directory", path.display()))),
        // A device or a pipe (`/dev/null`, `/dev/stdout`) is only written to, never removed: this
        // runs as root on some machines, where removing `/dev/null` would break the whole system.
        Ok(m) if !m.is_file() => {
            return std::fs::OpenOptions::new().write(true).open(path).map(drop).map_err(fatal);
        }
        _ => {}
    }
    // A regular file from an earlier run goes first, so that no stale plan is left behind when
    // this run finds none; creating it once proves the path writable before any work.
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(fatal(e)),
    }
    std::fs::File::create(path).map_err(fatal)?;
    std::fs::remove_file(path).map_err(fatal)
}

#[derive(clap::Args, Clone, Copy)]
pub struct PruneArgs {
    /// Skip h2 mutex pruning.
    #[arg(long)]
    pub no_h2: bool,
    /// Skip relevance analysis.
    #[arg(long)]
    pub no_relevance: bool,
}

/// Loads, parses and checks domain and problem through `model::front`. Diagnostics go to stderr,
/// or, with `json` naming the command, into its JSON object when loading stops the run. `Err`
/// carries the outcome, as Fast Downward's driver gives it: errors in the PDDL are its input error
/// (31), constructs the planner cannot use its "unsupported" (34), each with its position. `Ok`
/// carries the task and what was loaded (for the warnings in JSON reports).
pub fn load_task(
    domain: &Path,
    problem: &Path,
    ui: &Ui,
    json: Option<&str>,
) -> Result<Result<(Task, Box<Loaded>), Outcome>, Fatal> {
    let mut loaded = Request::new(Source::path(domain)).problem(Source::path(problem)).load()?;
    let errors = loaded.has_errors();
    let refused = if errors { Vec::new() } else { loaded.unsupported() };
    let task = if errors || !refused.is_empty() { None } else { loaded.take_task() };
    let Some(task) = task else {
        let outcome = Outcome::Planner(if errors { planner::exit::INPUT_ERROR } else { planner::exit::UNSUPPORTED });
        let mut all = loaded.diagnostics.clone();
        all.extend(refused);
        pddl::diagnostic::sort(&mut all);
        match json {
            Some(command) => output::print_json(command, outcome, &loaded.sources, &all, json!({}))?,
            None => stdio::eprint(&loaded.render_these(&all, ui.color)),
        }
        return Ok(Err(outcome));
    };
    // Warnings are worth seeing before a long search.
    if json.is_none() && !ui.quiet {
        stdio::eprint(&loaded.render(ui.color));
    }
    Ok(Ok((task, Box::new(loaded))))
}

/// The text line(s) of a completed phase of grounding and pruning, as they are printed when the
/// phase ends (so a log shows how far a run got).
pub fn phase_text(phase: Phase, s: &Statistics) -> String {
    if let (Phase::Ground, Some(t)) = (phase, &s.temporal) {
        return format!(
            "grounding (temporal): {} atoms, {} fluents, {} actions ({} durative), {} timed literals, {:.3}s\n",
            t.atoms, t.fluents, t.actions, t.durative_actions, t.timed_literals, t.seconds
        );
    }
    let Some(p) = &s.grounding else {
        return String::new();
    };
    match phase {
        Phase::Ground => {
            let g = &p.grounding;
            format!(
                "grounding: {} atoms ({} static compiled away), {} operators ({} instances before merging duplicates), {} rules, {:.3}s\n",
                g.atoms, g.static_atoms, g.operators, g.operator_instances, g.rules, s.times.ground
            )
        }
        Phase::H2 | Phase::Relevance => {
            let (name, step) = if phase == Phase::H2 { ("h2 mutexes", &p.h2) } else { ("relevance", &p.relevance) };
            let Some(st) = step else {
                return format!("{name}: off\n");
            };
            let mut line = format!(
                "{name}: atoms {} -> {}, operators {} -> {}",
                st.atoms_before, st.atoms_after, st.operators_before, st.operators_after
            );
            if phase == Phase::H2 {
                line.push_str(&format!(", {} mutex pairs", st.mutex_pairs));
            }
            if let Some(why) = &st.skipped {
                line.push_str(&format!(" (skipped: {why})"));
            }
            line.push_str(&format!(", {:.3}s\n", st.seconds));
            line
        }
        Phase::Invariants => {
            let mut text = String::new();
            if let Some(i) = &p.invariants {
                let how = if i.used { "states packed by them" } else { "h2's groups pack tighter" };
                text.push_str(&format!("invariants: {} mutex groups ({how}), {:.3}s\n", i.groups, i.seconds));
            }
            text.push_str(&format!("ground task: {} atoms, {} operators\n", p.atoms, p.operators));
            text
        }
        _ => String::new(),
    }
}

/// The statistics object of `--json` (`statistics`): grounding and pruning counts with the times.
pub fn statistics_json(s: &Statistics) -> serde_json::Value {
    let mut v = serde_json::to_value(s.grounding.clone().unwrap_or_default()).unwrap_or_default();
    v["times"] = serde_json::to_value(&s.times).unwrap_or_default();
    v
}

/// The text of an outcome that is not a plan: `result: ...`.
pub fn stop_text(o: &planner::Outcome) -> String {
    use planner::Outcome as O;
    match o {
        O::Solved { .. } => "solved".into(),
        O::Unsolvable { phase: Phase::Search } => "unsolvable (search space exhausted)".into(),
        O::Unsolvable { .. } => "unsolvable (proved while grounding)".into(),
        O::UnsolvedIncomplete => "no plan within the bound (search unsolved, incomplete)".into(),
        O::OutOfTime { phase } => format!("out of time in phase {}", phase.name()),
        O::OutOfMemory { phase } => format!("out of memory in phase {}", phase.name()),
        O::Refused { .. } => "refused: a construct the planner does not support".into(),
        O::ValidationFailed { .. } => "BUG: the plan found does not pass the validator".into(),
    }
}

/// The fields of `--json` that say why a run stopped, beside `result`: `phase` where the outcome
/// names one (`ground`, `search`, ...), and a refusal's `reasons`. One helper for `plan`, `ground`
/// and `heuristic time`, so a script reads a stop the same way from each (a stop without a
/// phase has no `phase` key in any of them).
pub fn stop_fields(o: &planner::Outcome, v: &mut serde_json::Value) {
    if let Some(phase) = o.phase() {
        v["phase"] = json!(phase);
    }
    if let planner::Outcome::Refused { reasons } = o {
        v["reasons"] = json!(reasons);
    }
}

/// The `result` field of `--json` for an outcome: the same words as before the library.
pub fn stop_json(o: &planner::Outcome) -> &'static str {
    use planner::Outcome as O;
    match o {
        O::Solved { .. } => "solved",
        O::Unsolvable { phase: Phase::Search } => "unsolvable (search space exhausted)",
        O::Unsolvable { .. } => "unsolvable (proved while grounding)",
        O::UnsolvedIncomplete => "unsolved incomplete",
        O::OutOfTime { .. } => "out of time",
        O::OutOfMemory { .. } => "out of memory",
        O::Refused { .. } => "refused",
        O::ValidationFailed { .. } => "validation failed",
    }
}

/// Prints what an outcome that is not a plan has to say on stderr (refusals, the bug report).
pub fn report_problem(o: &planner::Outcome, input: &str) {
    match o {
        planner::Outcome::Refused { reasons } => {
            for r in reasons {
                stdio::eprint(&format!("certplan: {r}\n"));
            }
        }
        planner::Outcome::ValidationFailed { steps, cost, reason } => stdio::eprint(&format!(
            "certplan: BUG: the plan found (cost {cost}) does not pass the validator; it is not written.\n\
             Please report this with the {input}.\n{}\n{reason}\n",
            steps.join("\n")
        )),
        _ => {}
    }
}

pub fn run(args: &GroundArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let start = Instant::now();
    let limits = args.limits.install(start, args.json.then_some("ground"), ui)?;
    if let Some(path) = &args.output_sas {
        prepare_output(path)?;
    }
    let (task, loaded) = match load_task(&args.domain, &args.problem, ui, args.json.then_some("ground"))? {
        Ok(t) => t,
        Err(o) => return Ok(o),
    };
    let mut stats = Statistics::default();
    stats.times.parse = start.elapsed().as_secs_f64();
    let text = !args.json && !ui.quiet;
    let mut printed = Ok(());
    let mut on = |e: Event| {
        if let Event::PhaseDone { phase, statistics } = e
            && text
            && printed.is_ok()
        {
            printed = stdio::print(&phase_text(phase, statistics));
        }
    };
    let pruning = planner::Pruning { h2: !args.prune.no_h2, relevance: !args.prune.no_relevance };
    let result = planner::prepare(&task, pruning, &limits, &mut stats, &mut on);
    printed?;
    planner::process::disarm_watchdog();
    stats.times.total = start.elapsed().as_secs_f64();
    let (g, stop) = match result {
        Ok(g) => (Some(g), None),
        Err(o) => (None, Some(o)),
    };
    if let Some(o) = &stop {
        report_problem(o, "domain and problem");
    }
    if let (Some(g), Some(path)) = (&g, &args.output_sas) {
        std::fs::write(path, ::ground::sas::write(g, &task))
            .map_err(|e| Fatal(format!("cannot write `{}`: {e}", path.display())))?;
    }
    let outcome = match &stop {
        None => Outcome::Fine,
        Some(o) => Outcome::Planner(o.exit_code()),
    };
    if args.json {
        let result = stop.as_ref().map_or("grounded", stop_json);
        let mut v =
            json!({ "result": result, "solvable_in_relaxation": g.is_some(), "statistics": statistics_json(&stats) });
        if let Some(o) = &stop {
            stop_fields(o, &mut v);
        }
        output::print_json("ground", outcome, &loaded.sources, &loaded.diagnostics, v)?;
    } else if !ui.quiet {
        match &stop {
            Some(planner::Outcome::Unsolvable { .. }) => {
                stdio::print("the goal is unreachable: the task is unsolvable\n")?
            }
            Some(o) => stdio::print(&format!("result: {}\n", stop_text(o)))?,
            None => {}
        }
    }
    Ok(outcome)
}
