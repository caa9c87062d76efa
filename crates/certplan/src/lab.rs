//! `certplan lab`: experiments over benchmark suites (the `lab` crate): `run`, `table`, `plot`,
//! `slurm`, `merge`. Glue only: arguments, messages, exit statuses.
//!
//! Exit status: `0` fine; `1` `run`: some plan failed validation or an optimal configuration's
//! cost is above a task's known bound (a planner bug, also named on stderr), `merge`: some run of
//! the experiment is in no input; `2` a bad experiment file (named with its line), an unreadable
//! or broken results file, a runner error (a run that cannot be started), bad flags. The runs'
//! own outcomes (out of time, unsolvable, ...) are results, not errors.

use crate::{Fatal, Outcome, Ui, output, stdio};
use lab::{Experiment, Results, Shard};
use serde_json::json;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct LabArgs {
    #[command(subcommand)]
    pub command: LabCommand,
}

#[derive(clap::Subcommand)]
pub enum LabCommand {
    /// Run every (configuration, task, repetition) of an experiment that its results file does
    /// not have yet, each as its own process under the time and memory limits; resumes after a kill.
    Run(RunArgs),
    /// Coverage per domain and configuration, or a per-task comparison of two configurations.
    Table(TableArgs),
    /// Solved tasks against time (one curve per configuration) and an expansion scatter plot of
    /// two configurations, as PNG and SVG.
    Plot(PlotArgs),
    /// Write an sbatch job-array script: one array task per shard (`lab run --shard i/N`).
    Slurm(SlurmArgs),
    /// Gather the shards' results files into the experiment's results file.
    Merge(MergeArgs),
}

impl LabArgs {
    pub fn name(&self) -> &'static str {
        match self.command {
            LabCommand::Run(_) => "run",
            LabCommand::Table(_) => "table",
            LabCommand::Plot(_) => "plot",
            LabCommand::Slurm(_) => "slurm",
            LabCommand::Merge(_) => "merge",
        }
    }
    pub fn json(&self) -> bool {
        match &self.command {
            LabCommand::Run(a) => a.json,
            LabCommand::Table(_) => false,
            LabCommand::Plot(a) => a.json,
            LabCommand::Slurm(a) => a.json,
            LabCommand::Merge(a) => a.json,
        }
    }
}

#[derive(clap::Args)]
pub struct RunArgs {
    /// The experiment file (TOML).
    experiment: PathBuf,
    /// Runs at a time.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    jobs: u32,
    /// Run one slice of the experiment: `i/N` (0-based), results in `<results>.shard-i-of-N.jsonl`.
    #[arg(long, value_name = "i/N")]
    shard: Option<Shard>,
    /// Only the runs of this configuration (repeatable; default: every configuration).
    #[arg(long = "config", value_name = "NAME")]
    configs: Vec<String>,
    /// Only the runs of the tasks matching this pattern (repeatable): the task's path under its
    /// suite's root, as the results' `problem` field has it, with `*`, `?` and `[...]` within one
    /// path component, e.g. `spanner/hard/*` or `*/easy/p0?.pddl`.
    #[arg(long = "task", value_name = "PATTERN")]
    tasks: Vec<String>,
    /// Run again the runs whose result has this status (`out_of_time`, `crashed`, ...; repeatable),
    /// e.g. after raising a limit; `STATUS:LIMIT` only those that hit that limit
    /// (`out_of_time:wall`). The new record is appended and is the one that counts.
    #[arg(long, value_name = "STATUS[:LIMIT]")]
    redo: Vec<String>,
    /// Print one JSON summary object on stdout.
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct TableArgs {
    /// The experiment file, or a results file (`.jsonl`).
    input: PathBuf,
    /// Compare two configurations task by task on the tasks both solve.
    #[arg(long, num_args = 2, value_names = ["A", "B"])]
    compare: Option<Vec<String>>,
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    format: Format,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Markdown,
    Csv,
    Latex,
}

#[derive(clap::Args)]
pub struct PlotArgs {
    /// The experiment file, or a results file (`.jsonl`).
    input: PathBuf,
    /// Folder for the pictures (default: beside the results file).
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// The two configurations of the expansion scatter plot (default: the first two).
    #[arg(long, num_args = 2, value_names = ["A", "B"])]
    scatter: Option<Vec<String>>,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct SlurmArgs {
    experiment: PathBuf,
    /// Number of array tasks (shards).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    shards: u32,
    /// Array tasks running at once (`--array=0-(N-1)%K`).
    #[arg(long)]
    max_parallel: Option<u32>,
    #[arg(long)]
    partition: Option<String>,
    /// Runs at a time inside one array task (its `--cpus-per-task`).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    jobs: u32,
    /// Where to write the script (default: stdout).
    #[arg(long, short)]
    out: Option<PathBuf>,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct MergeArgs {
    experiment: PathBuf,
    /// The shards' results files (default: every `<results>.shard-*-of-N.jsonl` beside the results).
    inputs: Vec<PathBuf>,
    #[arg(long)]
    pub json: bool,
}

fn load(path: &Path) -> Result<Experiment, Fatal> {
    Experiment::load(path).map_err(Fatal)
}

/// Reads results from a results file or from the experiment file's results.
fn results_of(input: &Path) -> Result<(Results, PathBuf), Fatal> {
    let path = if input.extension().is_some_and(|e| e == "jsonl") {
        input.to_path_buf()
    } else {
        load(input)?.settings.results
    };
    if !path.is_file() {
        return Err(Fatal(format!("no results file `{}` (run `certplan lab run` first)", path.display())));
    }
    let r = Results::read(&path).map_err(Fatal)?;
    Ok((r, path))
}

pub fn run(args: &LabArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let json = args.json();
    let name = format!("lab {}", args.name());
    let print_with = |outcome: Outcome, fields: serde_json::Value, text: String| -> Result<(), Fatal> {
        if json {
            let v = output::envelope(&name, outcome.exit_code(), &pddl::SourceMap::new(), &[], fields);
            stdio::print(&format!("{v}\n"))
        } else if !ui.quiet && !text.is_empty() {
            stdio::print(&text)
        } else {
            Ok(())
        }
    };
    let print = |fields: serde_json::Value, text: String| print_with(Outcome::Fine, fields, text);
    match &args.command {
        LabCommand::Run(a) => {
            let exp = load(&a.experiment)?;
            let own =
                std::env::current_exe().map_err(|e| Fatal(format!("cannot find certplan's own executable: {e}")))?;
            let mut redo = Vec::new();
            for text in &a.redo {
                let (name, limit) = match text.split_once(':') {
                    Some((n, l)) => (n, Some(l.to_string())),
                    None => (text.as_str(), None),
                };
                let status: lab::Status = serde_json::from_value(json!(name)).map_err(|_| {
                    Fatal(format!("--redo `{text}`: not a run status (e.g. out_of_time, out_of_time:wall, crashed)"))
                })?;
                redo.push((status, limit));
            }
            let opts = lab::runner::RunOptions {
                redo,
                jobs: a.jobs as usize,
                shard: a.shard,
                configs: a.configs.clone(),
                tasks: a.tasks.clone(),
                quiet: ui.quiet || json,
                certplan: exp.settings.certplan.clone().unwrap_or(own),
                version: env!("CARGO_PKG_VERSION").into(),
                commit: lab::GIT_COMMIT.into(),
                invocation: std::env::args().collect(),
            };
            let s = lab::runner::run(&exp, &opts).map_err(Fatal)?;
            let statuses: Vec<String> = s.by_status.iter().map(|(k, v)| format!("{k} {v}")).collect();
            let mut text = format!(
                "lab: {} runs in scope, {} were done before, {} ran now ({}); results in {}\n",
                s.total,
                s.already,
                s.ran,
                if statuses.is_empty() { "none".into() } else { statuses.join(", ") },
                s.results.display()
            );
            for k in &s.above_bound {
                text.push_str(&format!("lab: COST ABOVE BOUND: {k}\n"));
            }
            for k in &s.invalid {
                text.push_str(&format!("lab: INVALID PLAN: {k}\n"));
            }
            // A run above a known bound or with an invalid plan is a planner bug: say so in the status.
            let outcome =
                if s.above_bound.is_empty() && s.invalid.is_empty() { Outcome::Fine } else { Outcome::InputErrors };
            print_with(
                outcome,
                json!({ "total": s.total, "already_done": s.already, "ran": s.ran, "statuses": s.by_status,
                        "above_bound": s.above_bound, "invalid_plans": s.invalid, "results": s.results }),
                text,
            )?;
            Ok(outcome)
        }
        LabCommand::Table(a) => {
            let (r, _) = results_of(&a.input)?;
            let format = match a.format {
                Format::Markdown => lab::table::Format::Markdown,
                Format::Csv => lab::table::Format::Csv,
                Format::Latex => lab::table::Format::Latex,
            };
            let text = match &a.compare {
                Some(pair) => lab::table::comparison(&r.runs, &pair[0], &pair[1]).map_err(Fatal)?.render(format),
                None => lab::table::coverage(&r.runs).render(format),
            };
            stdio::print(&text)?;
            Ok(Outcome::Fine)
        }
        LabCommand::Plot(a) => {
            let (r, path) = results_of(&a.input)?;
            let dir = a.out.clone().unwrap_or_else(|| path.parent().map(PathBuf::from).unwrap_or_default());
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "lab".into());
            let pair = a.scatter.as_ref().map(|p| (p[0].as_str(), p[1].as_str()));
            let files = lab::figures::draw(&r.runs, &dir, &stem, pair).map_err(Fatal)?;
            let text: String = files.iter().map(|f| format!("wrote {}\n", f.display())).collect();
            print(json!({ "pictures": files }), text)?;
            Ok(Outcome::Fine)
        }
        LabCommand::Slurm(a) => {
            let exp = load(&a.experiment)?;
            let own =
                std::env::current_exe().map_err(|e| Fatal(format!("cannot find certplan's own executable: {e}")))?;
            let o = lab::slurm::Options {
                shards: a.shards as usize,
                max_parallel: a.max_parallel.map(|k| k as usize),
                partition: a.partition.clone(),
                jobs: a.jobs as usize,
                certplan: own,
            };
            let script = lab::slurm::script(&exp, &o).map_err(Fatal)?;
            match &a.out {
                Some(p) => {
                    std::fs::write(p, &script).map_err(|e| Fatal(format!("cannot write `{}`: {e}", p.display())))?;
                    print(json!({ "script": p }), format!("wrote {} (submit: sbatch {})\n", p.display(), p.display()))?;
                }
                None if json => print(json!({ "script_text": script }), String::new())?,
                None => stdio::print(&script)?,
            }
            Ok(Outcome::Fine)
        }
        LabCommand::Merge(a) => {
            let exp = load(&a.experiment)?;
            let inputs =
                if a.inputs.is_empty() { lab::slurm::shard_files(&exp).map_err(Fatal)? } else { a.inputs.clone() };
            if inputs.is_empty() {
                return Err(Fatal(format!("no shard results beside `{}`", exp.settings.results.display())));
            }
            let order: Vec<String> = exp.runs().map_err(Fatal)?.into_iter().map(|r| r.key).collect();
            let refs: Vec<&std::path::Path> = inputs.iter().map(PathBuf::as_path).collect();
            let m = lab::results::merge(&refs, &order, &exp.settings.results).map_err(Fatal)?;
            let text = format!(
                "lab: merged {} files ({} sessions, {} runs) into {}; {} runs of the experiment missing\n",
                inputs.len(),
                m.sessions,
                m.runs,
                exp.settings.results.display(),
                m.missing.len()
            );
            let outcome = if m.missing.is_empty() { Outcome::Fine } else { Outcome::InputErrors };
            print_with(
                outcome,
                json!({ "inputs": inputs, "runs": m.runs, "sessions": m.sessions, "missing": m.missing }),
                text,
            )?;
            Ok(outcome)
        }
    }
}
