//! `certplan gp loop DOMAIN` and `certplan gp table RECORD...`: paper 000's LLM loops (crate
//! `gploop`; the client is crate `llm`). Glue only: flags to settings, files and tables out.
//!
//! `gp loop` generates and debugs `solve` (or takes `--solve FILE`), then proves `solveComplete`:
//! `--mode basic`, `iterative`, or `auto` (basic, then iterative when basic fails, as in the paper).
//! Exit status: `0` the run reached its aim (an accepted proof; with `--no-proof` an accepted
//! `solve`), `1` it ended without, `2` usage, file, configuration or LLM errors (a budget, a
//! replay that diverged).

use crate::nl2pddl::LlmFlags;
use crate::{Fatal, Outcome, Ui, output, stdio};
use gploop::record::{self, Record};
use gploop::{Domain, generate, prove};
use pddl::SourceMap;
use serde_json::json;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args)]
pub struct LoopArgs {
    /// A library domain with validity constraints.
    domain: String,
    /// A text file with the strategy the generalized plan should implement.
    #[arg(long, value_name = "FILE")]
    strategy: Option<PathBuf>,
    /// Use this `solve` file instead of generating one (the proof loops only).
    #[arg(long, value_name = "FILE")]
    solve: Option<PathBuf>,
    /// Proof loop: `basic` (whole proofs), `iterative` (a sketch, declaration by declaration), or
    /// `auto` (basic, then iterative when basic ends without a proof).
    #[arg(long, default_value = "auto", value_parser = ["auto", "basic", "iterative"])]
    mode: String,
    /// Stop after the generalized plan (no proof).
    #[arg(long)]
    no_proof: bool,
    /// Debug iterations of the generalized-plan loop after the first generation (paper: 4).
    #[arg(long, default_value_t = 4)]
    max_debug: u32,
    /// Debug iterations of the basic proof loop after the first proof (paper: 6).
    #[arg(long, default_value_t = 6)]
    max_proof_debug: u32,
    /// Iterative proof loop: stop once one declaration fails this many times in a row (paper: 6).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..))]
    max_failures: u32,
    /// Iterative proof loop: at most this many interactions in all.
    #[arg(long, default_value_t = 100)]
    max_interactions: u32,
    /// Seconds per debugging task and per coqc check.
    #[arg(long, default_value_t = 120)]
    coq_timeout: u64,
    /// Write `Solve.v`, `Complete.v` (the accepted proof, or `Candidate.v` the last rejected one)
    /// and `record.json` (for `gp table`) here.
    #[arg(long, short = 'o', value_name = "DIR")]
    out: Option<PathBuf>,
    #[command(flatten)]
    llm: LlmFlags,
}

#[derive(clap::Args)]
pub struct TableArgs {
    /// Run records (`record.json` of `gp loop --out`, or `gp loop --json` output), or
    /// directories holding a `record.json`.
    #[arg(required = true)]
    records: Vec<PathBuf>,
}

fn read(path: &PathBuf) -> Result<String, Fatal> {
    std::fs::read_to_string(path).map_err(|e| Fatal(format!("cannot read {}: {e}", path.display())))
}

fn write(dir: &std::path::Path, name: &str, text: &str) -> Result<(), Fatal> {
    std::fs::create_dir_all(dir).map_err(|e| Fatal(format!("cannot create {}: {e}", dir.display())))?;
    let p = dir.join(name);
    std::fs::write(&p, text).map_err(|e| Fatal(format!("cannot write {}: {e}", p.display())))
}

pub fn run_loop(a: &LoopArgs, json: bool, ui: &Ui) -> Result<Outcome, Fatal> {
    let d = Domain::load(&a.domain).map_err(|e| Fatal(e.to_string()))?;
    let strategy = a.strategy.as_ref().map(read).transpose()?;
    let given = a.solve.as_ref().map(read).transpose()?;
    let mut session = crate::nl2pddl::session(&a.llm, None, false)?;
    let fatal = |e: gploop::LoopError| Fatal(e.to_string());
    let limit = Duration::from_secs(a.coq_timeout.max(1));
    let note = |s: &str| {
        if !ui.quiet && !json {
            stdio::eprint(s)
        }
    };

    let gen_result = match &given {
        Some(_) => None,
        None => {
            let tasks = generate::debug_tasks(&d.name).map_err(fatal)?;
            let options = generate::Options { max_debug: a.max_debug, task_limit: limit, strategy };
            let r = generate::run(&mut session, &d, &tasks, &options).map_err(fatal)?;
            for (k, at) in r.attempts.iter().enumerate() {
                note(&format!(
                    "generalized plan, attempt {}: {} of {} debugging tasks solved\n",
                    k + 1,
                    at.valid,
                    at.tasks
                ));
            }
            Some(r)
        }
    };
    let solve = given.clone().or_else(|| gen_result.as_ref().and_then(|g| g.solve.clone()));
    let mut proofs = Vec::new();
    if let Some(solve) = solve.as_deref().filter(|_| !a.no_proof) {
        let options = prove::Options {
            max_debug: a.max_proof_debug,
            max_failures: a.max_failures,
            max_interactions: a.max_interactions,
            limit,
        };
        if a.mode != "iterative" {
            let r = prove::basic(&mut session, &d, solve, &options).map_err(fatal)?;
            note(&format!("basic proof loop: {} after {} interactions\n", verdict(&r), r.interactions));
            proofs.push(r);
        }
        if a.mode == "iterative" || (a.mode == "auto" && proofs.iter().all(|p| p.proof.is_none())) {
            let r = prove::iterative(&mut session, &d, solve, &options).map_err(fatal)?;
            note(&format!(
                "iterative proof loop: {} after {} interactions ({} declarations)\n",
                verdict(&r),
                r.interactions,
                r.declarations
            ));
            proofs.push(r);
        }
    }
    let refs: Vec<&prove::ProofResult> = proofs.iter().collect();
    let rec = Record::new(&d.name, &session.config().model, session.is_replay(), gen_result.as_ref(), &refs);
    let accepted_proof = proofs.iter().find_map(|p| p.proof.clone());
    let ok = if a.no_proof { solve.is_some() } else { accepted_proof.is_some() };
    if let Some(dir) = &a.out {
        if let Some(s) = solve.as_deref().or(gen_result.as_ref().and_then(|g| g.last.as_deref())) {
            write(dir, "Solve.v", s)?;
        }
        match (&accepted_proof, proofs.last().and_then(|p| p.last.as_deref())) {
            (Some(p), _) => write(dir, "Complete.v", p)?,
            (None, Some(last)) => write(dir, "Candidate.v", last)?,
            _ => {}
        }
        let text = serde_json::to_string_pretty(&rec).map_err(|e| Fatal(e.to_string()))?;
        write(dir, "record.json", &(text + "\n"))?;
    }
    let outcome = if ok { Outcome::Fine } else { Outcome::PlanInvalid };
    if json {
        let fields = json!({
            "record": rec, "generate": gen_result, "proofs": proofs, "usage": session.totals(),
        });
        output::print_json("gp loop", outcome, &SourceMap::new(), &[], fields)?;
    } else {
        stdio::print(&record::table(std::slice::from_ref(&rec)))?;
        if let Some(why) = &rec.reason {
            stdio::eprint(&format!("certplan: {why}\n"));
        }
    }
    Ok(outcome)
}

fn verdict(r: &prove::ProofResult) -> &'static str {
    if r.proof.is_some() { "accepted" } else { "no proof" }
}

pub fn run_table(a: &TableArgs, json: bool) -> Result<Outcome, Fatal> {
    let mut records = Vec::new();
    for p in &a.records {
        let p = if p.is_dir() { p.join("record.json") } else { p.clone() };
        records.extend(record::read(&p).map_err(Fatal)?);
    }
    if json {
        output::print_json("gp table", Outcome::Fine, &SourceMap::new(), &[], json!({ "runs": records }))?;
    } else {
        stdio::print(&record::table(&records))?;
    }
    Ok(Outcome::Fine)
}
