//! `certplan ground DOMAIN PROBLEM`: ground the task, prune it, print the statistics or write Fast
//! Downward's `output.sas`. Also the loading and grounding steps that `plan` shares.

use crate::{Fatal, Outcome, Ui, output, stdio};
use ::ground::prune::PruneStats;
use ::ground::{GroundError, GroundOptions, GroundStats, GroundTask};
use model::front::{Loaded, Request, Source};
use model::lifted::Task;
use serde::Serialize;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Exit statuses shared by `plan` and `ground`, compatible with Fast Downward's driver.
pub const EXIT_UNSOLVABLE: u8 = 11;
pub const EXIT_OUT_OF_MEMORY: u8 = 22;
pub const EXIT_OUT_OF_TIME: u8 = 23;
/// A plan that fails validation: a bug in grounding or search (FD's "search critical error").
pub const EXIT_BUG: u8 = 32;

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
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
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

/// Per-phase wall-clock seconds.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Times {
    pub parse: f64,
    pub ground: f64,
    pub h2: f64,
    pub relevance: f64,
    pub search: f64,
    pub validate: f64,
    pub total: f64,
}

/// Statistics of loading, grounding and pruning.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Prepared {
    pub grounding: GroundStats,
    pub h2: Option<PruneStats>,
    pub relevance: Option<PruneStats>,
    pub invariants: Option<InvariantStats>,
    pub atoms: usize,
    pub operators: usize,
    pub times: Times,
}

/// Mutex groups proved by `ground::invariants`.
#[derive(Clone, Debug, Default, Serialize)]
pub struct InvariantStats {
    pub groups: usize,
    pub seconds: f64,
    /// Whether they pack states tighter than h2's groups, and so replaced them.
    pub used: bool,
}

/// How preparing ended, when it did not yield a ground task.
pub enum Stop {
    /// Exit with this outcome; the reasons were printed on stderr and are kept for JSON.
    Exit(Outcome, Vec<String>),
    /// Proved unsolvable while grounding or pruning.
    Unsolvable,
    OutOfTime,
}

/// Loads, parses and checks domain and problem through `model::front`. Diagnostics go to stderr,
/// or, with `json` naming the command, into its JSON object when loading stops the run. `Err`
/// carries the outcome; `Ok` the task and what was loaded (for the warnings in JSON reports).
pub fn load_task(
    domain: &Path,
    problem: &Path,
    ui: &Ui,
    json: Option<&str>,
) -> Result<Result<(Task, Box<Loaded>), Outcome>, Fatal> {
    let mut loaded = Request::new(Source::path(domain)).problem(Source::path(problem)).load()?;
    let errors = loaded.has_errors();
    // Constructs the planner cannot use are refusals with their positions.
    let refused = if errors { Vec::new() } else { loaded.unsupported() };
    let task = if errors || !refused.is_empty() { None } else { loaded.take_task() };
    let Some(task) = task else {
        let mut all = loaded.diagnostics.clone();
        all.extend(refused);
        pddl::diagnostic::sort(&mut all);
        match json {
            Some(command) => output::print_json(command, Outcome::InputErrors, &loaded.sources, &all, json!({}))?,
            None => stdio::eprint(&loaded.render_these(&all, ui.color)),
        }
        return Ok(Err(Outcome::InputErrors));
    };
    // Warnings are worth seeing before a long search.
    if json.is_none() && !ui.quiet {
        stdio::eprint(&loaded.render(ui.color));
    }
    Ok(Ok((task, Box::new(loaded))))
}

/// Grounds and prunes. Refusals are printed, naming the construct.
pub fn prepare(
    task: &Task,
    prune: PruneArgs,
    deadline: Option<Instant>,
    stats: &mut Prepared,
) -> Result<GroundTask, Stop> {
    let t0 = Instant::now();
    let grounded = match ::ground::ground(task, GroundOptions { deadline }) {
        Ok(g) => g,
        Err(GroundError::Unsupported(refusals)) => {
            let reasons: Vec<String> = refusals.iter().map(|r| r.to_string()).collect();
            for r in &reasons {
                stdio::eprint(&format!("certplan: {r}\n"));
            }
            return Err(Stop::Exit(Outcome::InputErrors, reasons));
        }
        Err(GroundError::TooLarge(m)) => {
            let reason = format!("cannot ground this task: {m}");
            stdio::eprint(&format!("certplan: {reason}\n"));
            return Err(Stop::Exit(Outcome::InputErrors, vec![reason]));
        }
        Err(GroundError::OutOfTime) => return Err(Stop::OutOfTime),
    };
    stats.times.ground = t0.elapsed().as_secs_f64();
    stats.grounding = grounded.stats;
    let Some(mut g) = grounded.task else {
        return Err(Stop::Unsolvable);
    };
    if !prune.no_h2 {
        let s = ::ground::prune::h2(&mut g, deadline);
        stats.times.h2 = s.seconds;
        let unsolvable = s.unsolvable;
        stats.h2 = Some(s);
        if unsolvable {
            return Err(Stop::Unsolvable);
        }
    }
    if !prune.no_relevance {
        let s = ::ground::prune::relevance(&mut g);
        stats.times.relevance = s.seconds;
        stats.relevance = Some(s);
    }
    // h2's groups where it ran, unless the proved invariants pack states tighter (h2's greedy
    // clique cover can split what one invariant covers; and without h2 they are all there is).
    let t = Instant::now();
    let proved = ::ground::invariants::mutex_groups(&g);
    let n = g.atoms.len();
    let used = ::ground::invariants::packed_bits(n, &proved) < ::ground::invariants::packed_bits(n, &g.mutex_groups);
    stats.invariants = Some(InvariantStats { groups: proved.len(), seconds: t.elapsed().as_secs_f64(), used });
    if used {
        g.mutex_groups = proved;
    }
    stats.atoms = g.atoms.len();
    stats.operators = g.operators.len();
    Ok(g)
}

/// The grounding statistics as text lines.
pub fn prepared_text(p: &Prepared) -> String {
    let g = &p.grounding;
    let mut s = format!(
        "grounding: {} atoms ({} static compiled away), {} operators ({} instances before merging duplicates), {} rules, {:.3}s\n",
        g.atoms, g.static_atoms, g.operators, g.operator_instances, g.rules, p.times.ground
    );
    for (name, step) in [("h2 mutexes", &p.h2), ("relevance", &p.relevance)] {
        match step {
            None => s.push_str(&format!("{name}: off\n")),
            Some(st) => {
                s.push_str(&format!(
                    "{name}: atoms {} -> {}, operators {} -> {}",
                    st.atoms_before, st.atoms_after, st.operators_before, st.operators_after
                ));
                if name == "h2 mutexes" {
                    s.push_str(&format!(", {} mutex pairs", st.mutex_pairs));
                }
                if let Some(why) = &st.skipped {
                    s.push_str(&format!(" (skipped: {why})"));
                }
                s.push_str(&format!(", {:.3}s\n", st.seconds));
            }
        }
    }
    if let Some(i) = &p.invariants {
        let how = if i.used { "states packed by them" } else { "h2's groups pack tighter" };
        s.push_str(&format!("invariants: {} mutex groups ({how}), {:.3}s\n", i.groups, i.seconds));
    }
    s.push_str(&format!("ground task: {} atoms, {} operators\n", p.atoms, p.operators));
    s
}

pub fn run(args: &GroundArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let start = Instant::now();
    let json = args.json.then_some("ground");
    let (task, loaded) = match load_task(&args.domain, &args.problem, ui, json)? {
        Ok(t) => t,
        Err(o) => return Ok(o),
    };
    let mut stats = Prepared::default();
    stats.times.parse = start.elapsed().as_secs_f64();
    let report = |outcome: Outcome, result: &str, g: Option<&GroundTask>, stats: &Prepared| {
        let fields = json!({ "result": result, "solvable_in_relaxation": g.is_some(), "statistics": stats });
        output::print_json("ground", outcome, &loaded.sources, &loaded.diagnostics, fields)
    };
    let g = match prepare(&task, args.prune, None, &mut stats) {
        Ok(g) => Some(g),
        Err(Stop::Exit(o, reasons)) => {
            if args.json {
                report(o, &format!("refused: {}", reasons.join("; ")), None, &stats)?;
            }
            return Ok(o);
        }
        Err(Stop::OutOfTime) => {
            let o = Outcome::Planner(EXIT_OUT_OF_TIME);
            if args.json {
                report(o, "out of time", None, &stats)?;
            }
            return Ok(o);
        }
        Err(Stop::Unsolvable) => None,
    };
    stats.times.total = start.elapsed().as_secs_f64();
    if let (Some(g), Some(path)) = (&g, &args.output_sas) {
        std::fs::write(path, ::ground::sas::write(g, &task))
            .map_err(|e| Fatal(format!("cannot write `{}`: {e}", path.display())))?;
    }
    let outcome = if g.is_some() { Outcome::Fine } else { Outcome::Planner(EXIT_UNSOLVABLE) };
    if args.json {
        let result = if g.is_some() { "grounded" } else { "unsolvable (proved while grounding)" };
        report(outcome, result, g.as_ref(), &stats)?;
    } else if !ui.quiet {
        stdio::print(&prepared_text(&stats))?;
        if g.is_none() {
            stdio::print("the goal is unreachable: the task is unsolvable\n")?;
        }
    }
    Ok(outcome)
}
