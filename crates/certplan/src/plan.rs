//! `certplan plan DOMAIN PROBLEM` and `certplan plan output.sas`: the library call
//! `planner::plan` (ground, prune, search, validate), its output as it is produced, the plan file
//! and Fast Downward's exit statuses.
//!
//! Every plan written has passed the validator inside the library (`planner::ValidatedPlan`); a
//! plan that fails is reported as a bug (exit 32) and not written.

use crate::ground::{
    LimitArgs, PruneArgs, load_task, phase_text, prepare_output, report_problem, statistics_json, stop_json, stop_text,
};
use crate::{Fatal, Outcome, Ui, output, stdio};
use model::front::Loaded;
use pddl::SourceMap;
use planner::{Event, Phase, Problem, Report, Statistics};
use search::Stats;
use serde_json::json;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The system allocator, except that an allocation refused under `--memory-limit` ends the run
/// with exit status 22 and a message instead of an abort (see `planner::process`).
#[global_allocator]
static ALLOCATOR: planner::process::Allocator = planner::process::Allocator;

#[derive(clap::Args)]
pub struct PlanArgs {
    /// The domain file, or Fast Downward's `output.sas` (then without a problem file).
    domain: PathBuf,
    /// The problem file.
    problem: Option<PathBuf>,
    /// The search configuration, as in Fast Downward: `astar(lmcut())`, `astar(blind())`,
    /// `eager_greedy([ff()], preferred=[ff()])`, `lazy_greedy([ff()])`, `eager_wastar([ff()], w=2)`;
    /// or the temporal planner, `temporal()` / `temporal(anytime=true, epsilon=0.01)`, which is
    /// also chosen (with its defaults) for any task with durative actions or timed literals.
    /// Numeric tasks go to the numeric planner (default `gbfs(hmrp_numeric())`); its
    /// configurations are `gbfs(hadd_numeric()|hmrp_numeric()[, preferred=false])`,
    /// `astar(hmax_numeric())` (optimal for cost-like metrics) and `astar(blind())` (on a
    /// numeric task).
    #[arg(long, default_value = "astar(lmcut())", value_name = "CONF", conflicts_with = "alias")]
    search: String,
    /// A configuration by its Fast Downward alias: `lama-first`, `seq-opt-lmcut`, `seq-opt-blind`,
    /// `seq-opt-hmax`. An alias certplan does not have is refused (exit 2), naming those it has.
    #[arg(long, value_name = "NAME")]
    alias: Option<String>,
    /// Where to write the plan. A file there from an earlier run is removed when the run starts,
    /// and a path that cannot be written is a usage error (exit 2) before anything else is done.
    #[arg(long, default_value = "sas_plan", value_name = "FILE")]
    plan_file: PathBuf,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    prune: PruneArgs,
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
}

fn search_text(s: &Stats) -> String {
    let pruning = match &s.pruning {
        None => String::new(),
        Some(p) => match &p.off {
            Some(why) if p.successors_before == 0 => format!("pruning: off ({why})\n"),
            off => format!(
                "pruning: successors {} -> {} ({:.1} % pruned){}\n",
                p.successors_before,
                p.successors_after,
                100.0 * p.ratio(),
                off.as_ref().map_or_else(String::new, |why| format!("; {why}"))
            ),
        },
    };
    pruning
        + &format!(
            "search: expanded {}, generated {}, evaluated {}, reopened {}, dead ends {}, states {}, {:.3}s\n\
         search: initial h {}, expanded until last f-layer {}, {:.1} bytes per state, peak memory {} KiB\n",
            s.expanded,
            s.generated,
            s.evaluated,
            s.reopened,
            s.dead_ends,
            s.registered,
            s.seconds,
            s.initial_h.map_or_else(|| "infinite".to_string(), |h| h.to_string()),
            s.expanded_until_last_jump,
            s.bytes_per_state,
            s.peak_rss_bytes / 1024
        )
}

pub fn run(args: &PlanArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let start = Instant::now();
    let text = match &args.alias {
        Some(name) => search::alias(name).ok_or_else(|| {
            Fatal(format!("unknown --alias `{name}` (certplan has: {})", search::alias_names().join(", ")))
        })?,
        None => args.search.as_str(),
    };
    // `temporal(...)` names the temporal planner; the search configuration is then unused.
    let temporal_cfg = match temporal::Config::parse(text) {
        Some(Ok(c)) => Some(c),
        Some(Err(e)) => return Err(Fatal(format!("bad --search `{text}`: {e}"))),
        None => None,
    };
    // A numeric configuration names the numeric planner; `astar(blind())` means it on a numeric
    // task (decided once the task is read).
    let numeric_cfg = if temporal_cfg.is_none() && numeric::recognizes(text) {
        Some(numeric::parse(text).map_err(|e| Fatal(format!("bad --search `{text}`: {e}")))?)
    } else {
        None
    };
    let classical = match (&temporal_cfg, &numeric_cfg) {
        (Some(_), _) => "astar(lmcut())",
        (None, Some(_)) => "astar(blind())",
        (None, None) => text,
    };
    let cfg = search::parse(classical).map_err(|e| Fatal(format!("bad --search `{text}`: {e}")))?;
    let limits = args.limits.install(start, args.json.then_some("plan"), ui)?;
    prepare_output(&args.plan_file)?;

    // Read and check the input: PDDL (errors: exit 31) or output.sas (errors: exit 33).
    let lifted;
    let fdr;
    let mut loaded: Option<Box<Loaded>> = None;
    let problem = match &args.problem {
        Some(problem) => {
            let (task, l) = match load_task(&args.domain, problem, ui, args.json.then_some("plan"))? {
                Ok(t) => t,
                Err(o) => return Ok(o),
            };
            lifted = task;
            loaded = Some(l);
            Problem::Pddl(&lifted)
        }
        None => {
            let path = &args.domain;
            let text = model::front::read_text(path)?;
            if !sas::looks_like_sas(&text) {
                return Err(Fatal(format!(
                    "`{}` is not an output.sas file (its first line is not `begin_version`); give a domain and a problem file, or Fast Downward's output.sas",
                    path.display()
                )));
            }
            fdr = match sas::parse(&text) {
                Ok(t) => t,
                Err(e) => {
                    let message = format!("{}:{}: {}", path.display(), e.line, e.message);
                    let outcome = Outcome::Planner(planner::exit::SEARCH_INPUT_ERROR);
                    if args.json {
                        output::print_json("plan", outcome, &SourceMap::new(), &[], json!({ "error": message }))?;
                    } else {
                        stdio::eprint(&format!("certplan: {message}\n"));
                    }
                    return Ok(outcome);
                }
            };
            Problem::Fdr(&fdr)
        }
    };

    let text = !args.json && !ui.quiet;
    if let Problem::Fdr(t) = problem
        && text
    {
        let facts: usize = t.variables.iter().map(|v| v.values.len()).sum();
        stdio::print(&format!(
            "output.sas: {} variables, {facts} facts, {} operators, {}\n",
            t.variables.len(),
            t.operators.len(),
            if t.metric { "general cost" } else { "unit cost" }
        ))?;
    }
    let mut log = Log::new(text, ui);
    // On a numeric task, an explicit `astar(blind())` is the numeric planner's.
    let numeric_cfg = match (&numeric_cfg, problem) {
        (None, Problem::Pddl(t)) if numeric::is_numeric(t) && numeric::parse(&cfg.text).is_ok() => {
            numeric::parse(&cfg.text).ok()
        }
        _ => numeric_cfg,
    };
    let options = planner::Options {
        numeric: numeric_cfg.as_ref(),
        search: &cfg,
        pruning: planner::Pruning { h2: !args.prune.no_h2, relevance: !args.prune.no_relevance },
        limits,
        started: Some(start),
    };
    let chosen = if temporal_cfg.is_some() { planner::TEMPORAL } else { planner::planner_for(problem) };
    // The numeric planner names itself with its configuration once it ran (`numeric_text`).
    if text && chosen != planner::NUMERIC && numeric_cfg.is_none() {
        let why = match (&temporal_cfg, chosen) {
            (Some(_), _) => "selected by --search",
            (None, planner::TEMPORAL) => "the task has durative actions or timed initial literals",
            _ => "the task is classical",
        };
        stdio::print(&format!("planner: {chosen} ({why})\n"))?;
    }
    let report = match (&temporal_cfg, problem) {
        (Some(tc), Problem::Pddl(task)) => planner::plan_temporal(task, tc, &options, &mut |e| log.event(e)),
        (Some(_), Problem::Fdr(_)) => {
            return Err(Fatal("--search temporal() needs a PDDL domain and problem, not output.sas".into()));
        }
        (None, _) => planner::plan(problem, &options, &mut |e| log.event(e)),
    };
    planner::process::disarm_watchdog();
    log.end_search();
    log.printed?;
    if text && let Some(n) = &report.statistics.numeric {
        stdio::print(&numeric_text(n))?;
    }
    let config_text = match (&temporal_cfg, report.statistics.planner) {
        (Some(tc), _) => tc.text.clone(),
        (None, planner::TEMPORAL) => temporal::Config::default().text,
        _ => cfg.text.clone(),
    };
    finish(args, &config_text, problem, loaded.as_deref(), &report, text)
}

/// Writes the plan, the closing lines or the JSON object, and gives the exit status.
fn finish(
    args: &PlanArgs,
    config_text: &str,
    problem: Problem,
    loaded: Option<&Loaded>,
    report: &Report,
    text: bool,
) -> Result<Outcome, Fatal> {
    let stats = &report.statistics;
    let input = match problem {
        Problem::Pddl(_) => "domain and problem",
        Problem::Fdr(_) => "output.sas file",
    };
    report_problem(&report.outcome, input);
    let (result, plan_json) = match &report.outcome {
        planner::Outcome::Solved { plan } => {
            std::fs::write(&args.plan_file, plan.text())
                .map_err(|e| Fatal(format!("cannot write `{}`: {e}", args.plan_file.display())))?;
            let result = match (plan.makespan(), plan.metric()) {
                (Some(m), _) => format!(
                    "solved: temporal plan of {} steps and makespan {m:.3} written to {}",
                    plan.steps().len(),
                    args.plan_file.display()
                ),
                (None, metric) => format!(
                    "solved: plan of length {} and cost {}{} written to {}",
                    plan.steps().len(),
                    plan.cost(),
                    metric.map_or_else(String::new, |m| format!(", metric {m}")),
                    args.plan_file.display()
                ),
            };
            let mut v = json!({ "file": args.plan_file.display().to_string(), "length": plan.steps().len(), "cost": plan.cost(), "optimal": plan.optimal(), "valid": true });
            if let Some(m) = plan.metric() {
                v["metric"] = json!(m);
            }
            if let Some(m) = plan.makespan() {
                v["makespan"] = json!(m);
            }
            (result, v)
        }
        other => (stop_text(other), serde_json::Value::Null),
    };
    if args.json {
        let result = if plan_json.is_null() { stop_json(&report.outcome).to_string() } else { result };
        let mut v = match problem {
            Problem::Pddl(_) => {
                json!({ "result": result, "search_config": config_text, "statistics": statistics_json(stats), "search": stats.search, "plan": plan_json })
            }
            Problem::Fdr(_) => {
                json!({ "result": result, "search_config": config_text, "task": stats.fdr, "times": stats.times, "search": stats.search, "plan": plan_json })
            }
        };
        if let Some(g) = &stats.temporal {
            v["temporal_grounding"] = json!(g);
        }
        crate::ground::stop_fields(&report.outcome, &mut v);
        v["planner"] = json!(stats.planner);
        if let Some(n) = &stats.numeric {
            v["search_config"] = json!(n.config);
            v["numeric"] = json!(n);
        }
        let empty = SourceMap::new();
        let (sources, diagnostics) = loaded.map_or((&empty, &[][..]), |l| (&l.sources, &l.diagnostics[..]));
        output::print_json("plan", outcome_of(report), sources, diagnostics, v)?;
    } else if text {
        let mut s = String::new();
        // A search that stopped without a plan: its statistics were not printed yet.
        if !matches!(report.outcome, planner::Outcome::Solved { .. } | planner::Outcome::ValidationFailed { .. })
            && let Some(st) = &stats.search
        {
            s.push_str(&search_text(st));
        }
        let t = &stats.times;
        match problem {
            Problem::Pddl(_) => s.push_str(&format!(
                "times: parse {:.3}s, ground {:.3}s, h2 {:.3}s, relevance {:.3}s, search {:.3}s, validate {:.3}s, total {:.3}s\n",
                t.parse, t.ground, t.h2, t.relevance, t.search, t.validate, t.total
            )),
            Problem::Fdr(_) => s.push_str(&format!(
                "times: parse {:.3}s, search {:.3}s, validate {:.3}s, total {:.3}s\n",
                t.parse, t.search, t.validate, t.total
            )),
        }
        s.push_str(&format!("result: {result}\n"));
        stdio::print(&s)?;
    }
    Ok(outcome_of(report))
}

/// The numeric planner's lines: which planner and configuration, grounding, search.
fn numeric_text(n: &numeric::Statistics) -> String {
    let mut s = format!("planner: numeric, {}\n", n.config);
    if let Some(g) = &n.grounding {
        s.push_str(&format!(
            "grounding: {} atoms, {} numeric variables ({} more only in the metric), {} operators, {} numeric conditions, {} numeric effects, {:.3}s\n",
            g.atoms, g.variables, g.metric_only_fluents, g.operators, g.numeric_conditions, g.numeric_effects, n.ground_seconds
        ));
    }
    match &n.metric_note {
        _ if n.search.is_none() => {}
        Some(why) => s.push_str(&format!("metric: searched with unit costs ({why})\n")),
        None if n.cost_like => s.push_str("metric: read as operator costs\n"),
        None => {}
    }
    if let Some(st) = &n.search {
        s.push_str(&format!(
            "search: expanded {}, generated {}, evaluated {}, dead ends {}, states {}, initial h {}, {:.3}s\n",
            st.expanded,
            st.generated,
            st.evaluated,
            st.dead_ends,
            st.states,
            st.initial_h.map_or_else(|| "infinite".to_string(), |h| h.to_string()),
            st.seconds
        ));
    }
    s
}

fn outcome_of(report: &Report) -> Outcome {
    match report.outcome.exit_code() {
        0 => Outcome::Fine,
        code => Outcome::Planner(code),
    }
}

/// Output as the run produces it: each phase's statistics on stdout when it ends; the search's
/// progress on stderr, as a live line on a terminal, else a line per new f-layer (A*) or every
/// few seconds, as Fast Downward's log lines, so the log of a batch run shows where it was.
struct Log {
    text: bool,
    tty: bool,
    quiet: bool,
    live: bool,
    last_line: Option<Instant>,
    last_f: Option<u64>,
    printed: Result<(), Fatal>,
}

/// Progress lines without a new f-layer, at most this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

impl Log {
    fn new(text: bool, ui: &Ui) -> Log {
        Log {
            text,
            tty: std::io::stderr().is_terminal(),
            quiet: ui.quiet,
            live: false,
            last_line: None,
            last_f: None,
            printed: Ok(()),
        }
    }

    fn event(&mut self, e: Event) {
        match e {
            Event::PhaseDone { phase, statistics } => self.phase_done(phase, statistics),
            Event::Search(p) => self.progress(p),
        }
    }

    fn phase_done(&mut self, phase: Phase, s: &Statistics) {
        if phase == Phase::Search {
            self.end_search();
        }
        if !self.text || self.printed.is_err() {
            return;
        }
        let line = match phase {
            Phase::Search => s.search.as_ref().map(search_text).unwrap_or_default(),
            _ => phase_text(phase, s),
        };
        self.printed = stdio::print(&line);
    }

    fn progress(&mut self, p: &search::Progress) {
        if self.quiet {
            return;
        }
        let rate = if p.elapsed > 0.0 { p.expanded as f64 / p.elapsed } else { 0.0 };
        let f = p.f_layer.map_or_else(String::new, |f| format!("f = {f}, "));
        let mib = p.rss_bytes / (1024 * 1024);
        if self.tty {
            self.live = true;
            stdio::eprint(&format!(
                "\r\x1b[K{f}expanded {} generated {} ({rate:.0}/s) {:.1}s {mib} MiB",
                p.expanded, p.generated, p.elapsed
            ));
            return;
        }
        let now = Instant::now();
        let due = self.last_line.is_none_or(|t| now.duration_since(t) >= PROGRESS_EVERY);
        if p.f_layer != self.last_f || due {
            self.last_f = p.f_layer;
            self.last_line = Some(now);
            stdio::eprint(&format!(
                "[search {:.1}s, {mib} MiB] {f}expanded {}, generated {} ({rate:.0}/s)\n",
                p.elapsed, p.expanded, p.generated
            ));
        }
    }

    /// Clears the live line before other output.
    fn end_search(&mut self) {
        if self.live {
            stdio::eprint("\r\x1b[K");
            self.live = false;
        }
    }
}
