//! `certplan heuristic`: the domain heuristics of crate `dheur` (glue only): list them with
//! their certificate and proof status, run a certificate (`--check-certificate`), audit
//! goal-awareness and consistency on reachable states (`--audit-consistency N`), print the
//! action-schema signatures a certificate compares, print the Coq definitions, time heuristics per
//! state apart from search (`time`, on one sample of reachable states: `planner::time_heuristics`).

use crate::ground::load_task;
use crate::{Fatal, Outcome, Ui, output, stdio};
use pddl::SourceMap;
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct HeuristicArgs {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(clap::Subcommand)]
enum Cmd {
    /// List the domain heuristics with their certificate checks and proof status.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Run a heuristic's certificate on a task and/or audit it on the task's reachable states.
    Check(CheckArgs),
    /// Print the action-schema signatures of a domain, as a certificate's `schemas` lists them.
    Schemas {
        domain: PathBuf,
        /// A problem of the domain (the domain alone cannot be loaded without one).
        problem: PathBuf,
    },
    /// Time heuristics apart from search: each evaluates the same breadth-first sample of the
    /// task's reachable states (the task prepared as `plan` prepares it); prints the time per
    /// state, and its ratio to the first heuristic's.
    Time(TimeArgs),
    /// Print the heuristics as Coq definitions (the file the proofs import).
    Coq {
        /// Only these heuristics (default: all).
        names: Vec<String>,
    },
}

#[derive(clap::Args)]
struct CheckArgs {
    /// The heuristic's name (`certplan heuristic list`).
    name: String,
    domain: PathBuf,
    problem: PathBuf,
    /// Run the certificate (default when no audit is asked for).
    #[arg(long)]
    check_certificate: bool,
    /// Walk this many reachable states breadth first, checking h = 0 in goal states and
    /// h(s) <= c(o) + h(s') on every transition; the first violation is printed with its state
    /// and operator (exit 1). The task is grounded without h2 and relevance pruning, as the
    /// proofs read it: pruning drops atoms that cannot lead to the goal (a box on a square it
    /// cannot leave), and a state that lost one is not the state the heuristic is about.
    #[arg(long, value_name = "N")]
    audit_consistency: Option<usize>,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
struct TimeArgs {
    domain: PathBuf,
    problem: PathBuf,
    /// A heuristic in the search syntax (repeatable; the first is the reference of the ratios).
    #[arg(long = "heuristic", short = 'H', value_name = "SPEC", default_values_t = ["domain()".to_string(), "lmcut()".to_string()])]
    heuristics: Vec<String>,
    /// The sample: the first N reachable states, breadth first.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    states: usize,
    /// Keep only the states of the sample that no heuristic given finds a dead end (the states
    /// A* expands; dead ends are often cheap to detect).
    #[arg(long)]
    alive: bool,
    /// Passes over the sample per heuristic; the median pass is reported.
    #[arg(long, value_name = "R", default_value_t = 3)]
    repeat: usize,
    /// Bound each heuristic's first pass (and the --alive filter) to about this many CPU seconds: a
    /// heuristic that runs out reports the time per state of the states it reached (the first of
    /// the sample), marked cut, and makes no more passes.
    #[arg(long, value_name = "S")]
    max_seconds: Option<f64>,
    /// `--time-limit S` (exit 23) and `--memory-limit MB` (exit 22), as for `plan`: the hard
    /// tasks of a suite can take minutes to ground and gigabytes to prepare.
    #[command(flatten)]
    limits: crate::ground::LimitArgs,
    #[arg(long)]
    json: bool,
}

impl HeuristicArgs {
    pub fn json(&self) -> bool {
        match &self.cmd {
            Cmd::List { json } => *json,
            Cmd::Check(a) => a.json,
            Cmd::Time(a) => a.json,
            _ => false,
        }
    }
}

pub fn run(args: &HeuristicArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    match &args.cmd {
        Cmd::List { json } => {
            let list = dheur::listing();
            if *json {
                output::print_json("heuristic", Outcome::Fine, &SourceMap::new(), &[], json!({ "heuristics": list }))?;
            } else {
                let mut s = String::new();
                for h in list {
                    s.push_str(&format!(
                        "{}() [{}; certificate: {}]\n    {}\n",
                        h.name,
                        h.proof_label,
                        h.certificate_checks.join(", "),
                        h.summary
                    ));
                }
                stdio::print(&s)?;
            }
            Ok(Outcome::Fine)
        }
        Cmd::Schemas { domain, problem } => {
            let (task, _) = match load_task(domain, problem, ui, None)? {
                Ok(t) => t,
                Err(o) => return Ok(o),
            };
            let mut s = String::new();
            for sig in dheur::cert::schema_signatures(&task) {
                s.push_str(&format!("\"{sig}\"\n"));
            }
            stdio::print(&s)?;
            Ok(Outcome::Fine)
        }
        Cmd::Coq { names } => {
            let defs: Vec<_> =
                dheur::definitions().iter().filter(|d| names.is_empty() || names.contains(&d.name)).cloned().collect();
            if let Some(n) = names.iter().find(|n| dheur::definition(n).is_none()) {
                return Err(Fatal(format!("unknown heuristic `{n}`")));
            }
            stdio::print(&dheur::coq::file(&defs))?;
            Ok(Outcome::Fine)
        }
        Cmd::Check(a) => check(a, ui),
        Cmd::Time(a) => time(a, ui),
    }
}

fn time(a: &TimeArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    planner::register_heuristics();
    let mut specs = Vec::new();
    for text in &a.heuristics {
        // Parsed as A*'s argument; positions in errors are then counted in `text`.
        const WRAP: &str = "astar(";
        let cfg = search::parse(&format!("{WRAP}{text})")).map_err(|e| {
            let e = search::ConfigError { at: e.at.saturating_sub(WRAP.len()).min(text.len()), ..e };
            Fatal(format!("bad --heuristic `{text}`: {e}"))
        })?;
        match cfg.heuristics.as_slice() {
            [spec] => specs.push(spec.clone()),
            _ => return Err(Fatal(format!("bad --heuristic `{text}`: expected one heuristic"))),
        }
    }
    if a.states == 0 {
        return Err(Fatal("--states must be at least 1".into()));
    }
    let budget = match a.max_seconds {
        None => None,
        Some(s) if s.is_finite() && s >= 0.0 => Some(std::time::Duration::from_secs_f64(s)),
        Some(s) => return Err(Fatal(format!("--max-seconds must be a non-negative number of seconds, not {s}"))),
    };
    let json_cmd = a.json.then_some("heuristic");
    let limits = a.limits.install(std::time::Instant::now(), json_cmd, ui)?;
    let (task, loaded) = match load_task(&a.domain, &a.problem, ui, json_cmd)? {
        Ok(t) => t,
        Err(o) => return Ok(o),
    };
    let timings = match planner::time_heuristics(&task, &specs, a.states, a.alive, a.repeat, budget, &limits) {
        Ok(t) => t,
        Err(stop) => {
            crate::ground::report_problem(&stop, "domain and problem");
            let outcome = Outcome::Planner(stop.exit_code());
            if a.json {
                let mut v = json!({ "result": crate::ground::stop_json(&stop) });
                crate::ground::stop_fields(&stop, &mut v);
                output::print_json("heuristic", outcome, &loaded.sources, &[], v)?;
            } else if !matches!(stop, planner::Outcome::Refused { .. }) {
                stdio::eprint(&format!("certplan: {}\n", crate::ground::stop_text(&stop)));
            }
            return Ok(outcome);
        }
    };
    planner::process::disarm_watchdog();
    if timings[0].states == 0 && !ui.quiet {
        stdio::eprint("certplan: no state of the sample is alive for every heuristic: nothing was timed\n");
    }
    let reference = timings[0].seconds_per_state;
    let ratio = |t: &search::sample::Timing| if reference > 0.0 { t.seconds_per_state / reference } else { f64::NAN };
    if a.json {
        let rows: Vec<_> = timings
            .iter()
            .zip(&a.heuristics)
            .map(|(t, spec)| {
                let mut v = serde_json::to_value(t).unwrap_or_default();
                v["spec"] = json!(spec);
                v["ratio_to_first"] = json!(ratio(t));
                v
            })
            .collect();
        output::print_json("heuristic", Outcome::Fine, &loaded.sources, &[], json!({ "timings": rows }))?;
    } else {
        let mut s = format!(
            "{} states ({}), median of {} passes\n{:<24} {:>12} {:>10} {:>9} {:>8} {:>7}\n",
            timings[0].states,
            if a.alive { "breadth first, alive for every heuristic" } else { "breadth first" },
            a.repeat.max(1),
            "heuristic",
            "us/state",
            "ratio",
            "dead ends",
            "mean h",
            "states"
        );
        for (t, spec) in timings.iter().zip(&a.heuristics) {
            s.push_str(&format!(
                "{:<24} {:>12.3} {:>10.3} {:>9} {:>8.2} {:>7}{}\n",
                spec,
                t.seconds_per_state * 1e6,
                ratio(t),
                t.dead_ends,
                t.mean_h,
                t.states,
                if t.cut { " (cut: budget)" } else { "" }
            ));
        }
        stdio::print(&s)?;
    }
    Ok(Outcome::Fine)
}

fn check(a: &CheckArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    if dheur::definition(&a.name).is_none() {
        return Err(Fatal(format!(
            "unknown heuristic `{}` (known: {})",
            a.name,
            dheur::definitions().iter().map(|d| d.name.as_str()).collect::<Vec<_>>().join(", ")
        )));
    }
    let json_cmd = a.json.then_some("heuristic");
    let (task, loaded) = match load_task(&a.domain, &a.problem, ui, json_cmd)? {
        Ok(t) => t,
        Err(o) => return Ok(o),
    };
    let mut stats = planner::Statistics::default();
    // Unpruned, so that the audited transitions are the task's own (see `audit_consistency`).
    let pruning = planner::Pruning { h2: false, relevance: false };
    let ground = match planner::prepare(&task, pruning, &planner::Limits::default(), &mut stats, &mut |_| {}) {
        Ok(g) => g,
        Err(o) => {
            let code = o.exit_code();
            stdio::eprint(&format!("certplan: grounding ended: {o:?}\n"));
            return Ok(Outcome::Planner(code));
        }
    };
    let st = search::SearchTask::new(&ground).with_lifted(&task);
    let mut fields = serde_json::Map::new();
    let mut text = String::new();
    let mut fine = true;
    let h = dheur::instantiate(&a.name, &st).expect("checked above");
    let mut h = match h {
        Ok(h) => {
            fields.insert("certificate".into(), json!({ "accepted": true }));
            text.push_str(&format!("certificate of {}: accepted\n", a.name));
            Some(h)
        }
        Err(r) => {
            fine = false;
            fields.insert("certificate".into(), json!({ "accepted": false, "check": r.check, "detail": r.detail }));
            text.push_str(&format!("certificate of {}: refused: {r}\n", a.name));
            None
        }
    };
    if let (Some(n), Some(h)) = (a.audit_consistency, h.as_mut()) {
        let report = dheur::audit::consistency(&st, h, n);
        text.push_str(&format!(
            "audit: {} states, {} transitions{}: {}\n",
            report.states,
            report.transitions,
            if report.complete { " (every reachable state)" } else { "" },
            match &report.violation {
                None => "no violation".to_string(),
                Some(v) => format!("VIOLATION {}", serde_json::to_string_pretty(v).unwrap_or_default()),
            }
        ));
        fine &= report.violation.is_none();
        fields.insert("audit".into(), serde_json::to_value(&report).unwrap_or_default());
    }
    let outcome = if fine { Outcome::Fine } else { Outcome::PlanInvalid };
    if a.json {
        output::print_json("heuristic", outcome, &loaded.sources, &[], serde_json::Value::Object(fields))?;
    } else {
        stdio::print(&text)?;
    }
    Ok(outcome)
}
