//! `certplan`: the command-line front door. Argument parsing and dispatch only; the work is done by
//! the library crates, and each subcommand's glue lives in its own module.
//!
//! Exit status, which scripts may rely on:
//!
//! - `0`: fine. `check`: no errors (warnings allowed). `fmt`: formatted, or already canonical.
//! - `1`: the input has errors (syntax or semantic), or `fmt --check` found a file that is not in
//!   canonical form, or `fmt --write` refused to drop comments.
//! - `2`: usage error: bad flags (clap's own status), or a path that cannot be read or written.
//!
//! `validate` has its own, VAL-like convention: `0` every plan is valid; `1` some plan is invalid
//! (a step cannot be applied, or the goal does not hold at the end); `2` an input error: an
//! unreadable path, a parse or check error in the domain, problem or any plan (unknown action or
//! object, wrong arity or type), or a task the validator does not support. `2` wins over `1`.
//!
//! `plan` and `ground` use Fast Downward's driver statuses, so that experiment tooling written for
//! FD reads certplan's and never reads an error as "plan found" (`planner::exit`):
//! `0` a plan was found, validated and written (`ground`: grounded); `2` usage error (bad flags or
//! `--search`, unreadable input path, a `--plan-file`/`--output-sas` that cannot be written,
//! checked before any work); `11` proved unsolvable (goal unreachable in grounding or h2, or the
//! reachable state space exhausted; every pruning and heuristic here is safe); `12` search space
//! exhausted without a plan under a `bound` (FD's "search unsolved, incomplete"); `22` out of
//! memory (`--memory-limit`); `23` out of time (`--time-limit`), both in every phase, grounding included (FD's translator would say 20 and 21; certplan runs all phases
//! in one process under one limit); `31` errors in the PDDL input (FD's translate input error);
//! `32` the plan found failed validation, a bug (not written); `33` errors in an `output.sas`
//! input (FD's search input error); `34` a construct the planner refuses (named on stderr; FD's
//! search unsupported).
//!
//! Every command takes `--json`: then stdout carries exactly one JSON object on every path (also
//! for input errors, unreadable paths and bad flags), with the envelope of [`output::envelope`]:
//! `schema` (`certplan/1`), `command`, `ok`, `exit_code`, `error`, `errors`, `warnings`, `files`,
//! `diagnostics`, then the command's own fields.
//!
//! `compare` answers `0` equal, `1` different, `3` undecided within its limits, with `2`, `31` and
//! `34` as for `plan`.
//!
//! All input goes through `model::front` (reading with limits, parsing, checking); this crate
//! decides only how results are shown.

mod analyze;
mod check;
mod compare;
mod dataset;
mod fmt;
mod generate;
mod gp;
mod gploop;
mod ground;
mod heuristic;
mod lab;
mod nl2pddl;
mod output;
mod plan;
mod proof;
mod stdio;
#[cfg(feature = "train")]
mod train;
mod validate;
mod verify_tokens;

use clap::{Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "certplan", version, about = "Check, validate, plan and certify with PDDL")]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print no summary, tally or progress note; diagnostics and requested output still appear.
    #[arg(long, short, global = true)]
    quiet: bool,
    /// Color diagnostics: `auto` colors when stderr is a terminal and NO_COLOR is unset.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    color: ColorChoice,
}

#[derive(Subcommand)]
enum Command {
    /// Check a domain, optionally a problem of it, optionally a plan for that problem.
    Check(check::CheckArgs),
    /// Print a domain, problem or plan file in canonical form.
    Fmt(fmt::FmtArgs),
    /// Validate plans for a problem: one report per plan (exit 0 all valid, 1 some invalid, 2
    /// input error).
    Validate(validate::ValidateArgs),
    /// Generate seeded instances of a library domain (`--list` shows domains and parameters).
    Generate(generate::GenerateArgs),
    /// Plan-verification datasets of paper 002: valid/invalid plan pairs labelled by the
    /// validator, as JSONL with token sequences, split by plan length and object count.
    Dataset(dataset::DatasetArgs),
    /// Domain classes of paper 002: delete-free, well-formed, conditional effects.
    Analyze(analyze::AnalyzeArgs),
    /// Run paper 002's counting verifier or its C*-RASP program over a dataset file and report
    /// the agreement with the labels.
    VerifyTokens(verify_tokens::VerifyTokensArgs),
    /// Train a small transformer to verify plans (paper 002) on a dataset directory (feature
    /// `train`).
    #[cfg(feature = "train")]
    Train(train::TrainArgs),
    /// Accuracy of a trained model per plan length and object count, as a table, CSV and a plot
    /// (feature `train`).
    #[cfg(feature = "train")]
    Eval(train::EvalArgs),
    /// Lean 4 proof export (paper 000), plan bridge and proof auditor.
    Lean(proof::ProverArgs),
    /// Coq proof export (paper 000's conversion), plan bridge and proof auditor.
    Coq(proof::ProverArgs),
    /// Find a plan: ground, prune, search (default `astar(lmcut())`, optimal), validate, write it
    /// to `sas_plan` (exit 0 plan, 11 unsolvable, 12 incomplete search exhausted, 22 out of
    /// memory, 23 out of time, 31 PDDL input errors, 32 plan failed validation: a bug, 33
    /// output.sas input errors, 34 unsupported construct).
    Plan(plan::PlanArgs),
    /// Ground and prune a task; print the statistics or write Fast Downward's output.sas.
    Ground(ground::GroundArgs),
    /// Paper 003: a PDDL problem from a task description with an LLM (five checks, critic,
    /// repair); `eval` over AutoPlanBench (exit 0 success, 1 stopped without success, 2 errors).
    Nl2pddl(Box<nl2pddl::Nl2pddlArgs>),
    /// Experiments over benchmark suites: `run` (limits, resume, shards), `table`, `plot`,
    /// `slurm`, `merge` (exit 1: a planner bug found, or runs missing from a merge).
    Lab(lab::LabArgs),
    /// Are two problems of one domain the same, up to a renaming of objects (`--semantic`: the
    /// same initial state and goal states)? Exit 0 equal, 1 different, 3 undecided, 31 input
    /// errors.
    Compare(compare::CompareArgs),
    /// Generalized plans (paper 000): validity constraints, running a Coq `solve` on tasks,
    /// auditing completeness proofs.
    Gp(gp::GpArgs),
    /// Domain heuristics (paper 001): list them with certificate and proof status, check a
    /// certificate, audit consistency on reachable states, print schema signatures and Coq.
    Heuristic(heuristic::HeuristicArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Options every subcommand honours, resolved once.
pub struct Ui {
    pub quiet: bool,
    /// Whether diagnostics on stderr carry ANSI colors.
    pub color: bool,
}

/// How a run that read its input ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Fine,
    InputErrors,
    /// `validate`: some plan is invalid (exit status 1).
    PlanInvalid,
    /// `validate`: an input could not be used (exit status 2).
    Unusable,
    /// `plan` and `ground`: a Fast Downward driver status (11, 12, 22, 23, 31-34; `planner::exit`).
    Planner(u8),
}

/// A failure that is about the invocation or the file system rather than the input's content
/// (exit status 2). The message names the path and the OS reason.
#[derive(Debug)]
pub struct Fatal(pub String);

impl From<model::front::Unreadable> for Fatal {
    fn from(e: model::front::Unreadable) -> Fatal {
        Fatal(e.to_string())
    }
}

impl Outcome {
    /// The process exit status (see the crate documentation).
    pub fn exit_code(self) -> u8 {
        match self {
            Outcome::Fine => 0,
            Outcome::InputErrors | Outcome::PlanInvalid => 1,
            Outcome::Unusable => 2,
            Outcome::Planner(code) => code,
        }
    }
}

impl Command {
    /// The command's name as JSON reports it (`lean export` for subcommands).
    fn name(&self) -> String {
        match self {
            Command::Check(_) => "check".into(),
            Command::Fmt(_) => "fmt".into(),
            Command::Validate(_) => "validate".into(),
            Command::Generate(_) => "generate".into(),
            Command::Dataset(_) => "dataset".into(),
            Command::Analyze(_) => "analyze".into(),
            Command::VerifyTokens(_) => "verify-tokens".into(),
            #[cfg(feature = "train")]
            Command::Train(_) => "train".into(),
            #[cfg(feature = "train")]
            Command::Eval(_) => "eval".into(),
            Command::Lean(a) => format!("lean {}", a.name()),
            Command::Coq(a) => format!("coq {}", a.name()),
            Command::Plan(_) => "plan".into(),
            Command::Ground(_) => "ground".into(),
            Command::Nl2pddl(a) => a.name().into(),
            Command::Lab(a) => format!("lab {}", a.name()),
            Command::Compare(_) => "compare".into(),
            Command::Gp(a) => format!("gp {}", a.name()),
            Command::Heuristic(_) => "heuristic".into(),
        }
    }
    fn json(&self) -> bool {
        match self {
            Command::Check(a) => a.json,
            Command::Fmt(a) => a.json,
            Command::Validate(a) => a.json,
            Command::Generate(a) => a.json,
            Command::Dataset(a) => a.json,
            Command::Analyze(a) => a.json,
            Command::VerifyTokens(a) => a.json,
            #[cfg(feature = "train")]
            Command::Train(a) => a.json,
            #[cfg(feature = "train")]
            Command::Eval(a) => a.json,
            Command::Lean(a) | Command::Coq(a) => a.json(),
            Command::Plan(a) => a.json,
            Command::Ground(a) => a.json,
            Command::Nl2pddl(a) => a.json(),
            Command::Lab(a) => a.json(),
            Command::Compare(a) => a.json,
            Command::Gp(a) => a.json(),
            Command::Heuristic(a) => a.json(),
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let color = match cli.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let ui = Ui { quiet: cli.quiet, color };
    planner::register_heuristics();
    let result = match &cli.command {
        Command::Check(args) => check::run(args, &ui),
        Command::Fmt(args) => fmt::run(args, &ui),
        Command::Validate(args) => validate::run(args, &ui),
        Command::Generate(args) => generate::run(args, &ui),
        Command::Analyze(args) => analyze::run(args, &ui),
        Command::Dataset(args) => dataset::run(args, &ui),
        Command::VerifyTokens(args) => verify_tokens::run(args, &ui),
        #[cfg(feature = "train")]
        Command::Train(args) => train::run_train(args, &ui),
        #[cfg(feature = "train")]
        Command::Eval(args) => train::run_eval(args, &ui),
        Command::Lean(args) => proof::run(::proof::Backend::Lean, args, &ui),
        Command::Coq(args) => proof::run(::proof::Backend::Coq, args, &ui),
        Command::Plan(args) => plan::run(args, &ui),
        Command::Ground(args) => ground::run(args, &ui),
        Command::Nl2pddl(args) => nl2pddl::run(args, &ui),
        Command::Lab(args) => lab::run(args, &ui),
        Command::Compare(args) => compare::run(args, &ui),
        Command::Gp(args) => gp::run(args, &ui),
        Command::Heuristic(args) => heuristic::run(args, &ui),
    };
    match result {
        Ok(outcome) => ExitCode::from(outcome.exit_code()),
        Err(Fatal(message)) => {
            stdio::eprint(&format!("certplan: {message}\n"));
            if cli.command.json() {
                // The command printed nothing on stdout before failing: this is its one object.
                let _ = stdio::print(&format!("{}\n", output::failure_json(&cli.command.name(), &message)));
            }
            ExitCode::from(2)
        }
    }
}

/// Bad flags: clap's message on stderr and status 2 (help and version: stdout, status 0), and
/// under `--json` also the one JSON object on stdout, so that a script reading it always gets one.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let shown = matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
        || matches!(e.kind(), ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand);
    let args: Vec<String> = std::env::args().skip(1).collect();
    if shown || !args.iter().any(|a| a == "--json") {
        e.exit();
    }
    let message = e.render().to_string();
    stdio::eprint(&message);
    // The first words after the global flags name the command (`check`, `coq export`).
    let mut words = Vec::new();
    let mut rest = args.iter().map(String::as_str);
    while let Some(a) = rest.next() {
        match a {
            "--color" => {
                rest.next();
            }
            _ if a.starts_with('-') => {
                if words.is_empty() {
                    continue;
                }
                break;
            }
            _ => words.push(a),
        }
        if words.len() == 2 {
            break;
        }
    }
    let command = words;
    let command = match command.as_slice() {
        [first, second, ..]
            if matches!(*first, "lean" | "coq" | "lab" | "gp") || (*first == "nl2pddl" && *second == "eval") =>
        {
            format!("{first} {second}")
        }
        [first, ..] => first.to_string(),
        [] => String::new(),
    };
    // clap's message without the usage block, on one line.
    let what = message.split("\n\nUsage").next().unwrap_or(&message);
    let what = what.trim_start_matches("error: ").split_whitespace().collect::<Vec<_>>().join(" ");
    let _ = stdio::print(&format!("{}\n", output::failure_json(&command, &what)));
    ExitCode::from(2)
}
