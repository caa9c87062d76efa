//! `certplan heuristic`: the domain heuristics of crate `dheur` (glue only): list them with
//! their certificate and proof status, run a certificate (`--check-certificate`), audit
//! goal-awareness and consistency on reachable states (`--audit-consistency N`), print the
//! action-schema signatures a certificate compares, print the Coq definitions.

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

impl HeuristicArgs {
    pub fn json(&self) -> bool {
        match &self.cmd {
            Cmd::List { json } => *json,
            Cmd::Check(a) => a.json,
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
    }
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
