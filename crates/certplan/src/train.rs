//! `certplan train DATASET_DIR -o RUN_DIR [--positions absolute|rotary|none] [--steps N] ...` and
//! `certplan eval RUN_DIR... [--split NAME]... [--file FILE]... [--bin W] [--csv PREFIX] [--markdown FILE]
//! [--plot PREFIX [--svg]]`: paper 002's experiment, training small decoder-only transformers on
//! verdict-only labels and scoring them per plan length (in bins) and object count, as Markdown
//! tables, CSV and line charts; the runs of one dataset (seeds) pool into one curve. The work is
//! in crate `train`, on burn's CPU backend or, with `--backend`, a GPU. Built only with the cargo
//! feature `train` (burn is a long build, kept out of the default one); `train-wgpu` adds the GPU
//! backend.

use crate::{Fatal, Outcome, Ui, output, stdio};
use pddl::SourceMap;
use serde_json::json;
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct TrainArgs {
    /// A directory `certplan dataset` wrote (train.jsonl, vocab.json).
    dataset: PathBuf,
    /// Run directory: config.json, model.bpk, metrics.jsonl.
    #[arg(long, short = 'o')]
    out: PathBuf,
    /// Positional encoding: absolute (learned), rotary, none.
    #[arg(long, default_value = "absolute")]
    positions: ::train::Positions,
    #[arg(long, default_value_t = 64)]
    d_model: usize,
    #[arg(long, default_value_t = 4)]
    heads: usize,
    #[arg(long, default_value_t = 2)]
    layers: usize,
    /// Feed-forward width (default 4 x d_model).
    #[arg(long)]
    d_ff: Option<usize>,
    #[arg(long, default_value_t = 1000)]
    steps: usize,
    #[arg(long, default_value_t = 32)]
    batch: usize,
    #[arg(long, default_value_t = 1e-3)]
    lr: f64,
    #[arg(long, default_value_t = 0.01)]
    weight_decay: f32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Longest sequence (tokens) the model accepts, for training and later evaluation.
    #[arg(long, default_value_t = 1024)]
    max_len: usize,
    #[arg(long, default_value_t = 50)]
    log_every: usize,
    /// Save the model every N steps (0: only at the end).
    #[arg(long, default_value_t = 0)]
    checkpoint_every: usize,
    /// Start each training sequence at a random row of the absolute position table, so that the
    /// rows only longer test sequences reach are trained too (`--positions absolute` only).
    #[arg(long)]
    random_offsets: bool,
    /// Where to train: flex (burn's CPU backend) or wgpu (a GPU through Vulkan or Metal; build
    /// with --features train-wgpu).
    #[arg(long, default_value = "flex")]
    backend: ::train::Backend,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct EvalArgs {
    /// Run directories `certplan train` wrote (several: seeds and domains side by side).
    #[arg(required = true)]
    runs: Vec<PathBuf>,
    /// A file of each run's own dataset directory to score, e.g. `test.jsonl` or `long/test.jsonl`
    /// (repeatable; default `test.jsonl` when no `--file` is given either).
    #[arg(long)]
    split: Vec<PathBuf>,
    /// A dataset file to score with every run (repeatable).
    #[arg(long)]
    file: Vec<PathBuf>,
    /// Width of the plan-length bins of the table, CSV and plot (1: every length).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    bin: u64,
    /// Write PREFIX-length.csv and PREFIX-objects.csv: one line per curve, run and bin.
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Write the two Markdown tables (by length, by object count) to this file.
    #[arg(long)]
    markdown: Option<PathBuf>,
    /// Draw PREFIX-length.png and PREFIX-objects.png (`--svg`: .svg): mean accuracy over runs,
    /// one line per dataset and file.
    #[arg(long)]
    plot: Option<PathBuf>,
    #[arg(long, requires = "plot")]
    svg: bool,
    #[arg(long, default_value_t = 16)]
    batch: usize,
    /// Where to evaluate: flex or wgpu, as for `certplan train` (either reads the weights the other
    /// wrote).
    #[arg(long, default_value = "flex")]
    backend: ::train::Backend,
    #[arg(long)]
    pub json: bool,
}

pub fn run_train(args: &TrainArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let cfg = ::train::TrainConfig {
        d_model: args.d_model,
        heads: args.heads,
        layers: args.layers,
        d_ff: args.d_ff.unwrap_or(4 * args.d_model),
        positions: args.positions,
        steps: args.steps,
        batch: args.batch,
        lr: args.lr,
        weight_decay: args.weight_decay,
        seed: args.seed,
        max_len: args.max_len,
        log_every: args.log_every,
        checkpoint_every: args.checkpoint_every,
        random_offsets: args.random_offsets,
        backend: args.backend,
    };
    // Rotary encoding rotates pairs of a head's dimensions: the head width must be even.
    if args.heads == 0 || !args.d_model.is_multiple_of(args.heads) || !(args.d_model / args.heads).is_multiple_of(2) {
        return Err(Fatal(format!(
            "--d-model {} must be a multiple of --heads {} with an even quotient",
            args.d_model, args.heads
        )));
    }
    let bar = !ui.quiet && !args.json && std::io::stderr().is_terminal();
    let mut last = std::time::Instant::now();
    let saved = ::train::train(&args.dataset, &args.out, &cfg, |step, steps, loss| {
        if bar && (last.elapsed().as_millis() >= 200 || step == steps) {
            last = std::time::Instant::now();
            let filled = 30 * step / steps.max(1);
            stdio::eprint(&format!(
                "\r[{}{}] {step}/{steps} loss {loss:.4}{}",
                "#".repeat(filled),
                ".".repeat(30 - filled),
                if step == steps { "\n" } else { "" }
            ));
        }
    })
    .map_err(Fatal)?;
    if args.json {
        output::print_json(
            "train",
            Outcome::Fine,
            &SourceMap::new(),
            &[],
            json!({ "run": args.out, "saved": {
            "parameters": saved.parameters, "train_seconds": saved.train_seconds, "final_loss": saved.final_loss,
            "train_examples": saved.train_examples, "model": saved.model, "backend": saved.train.backend } }),
        )?;
    } else if !ui.quiet {
        stdio::print(&format!(
            "trained {} parameters on {} examples in {:.1} s on {} (final loss {:.4}); wrote {}\n",
            saved.parameters,
            saved.train_examples,
            saved.train_seconds,
            saved.train.backend,
            saved.final_loss,
            args.out.display()
        ))?;
    }
    Ok(Outcome::Fine)
}

/// The files one run scores: `--split` names inside its dataset directory, then `--file` paths.
fn files_of(args: &EvalArgs, t: &::train::Trained) -> Vec<PathBuf> {
    let dataset = PathBuf::from(&t.saved.dataset);
    let mut out: Vec<PathBuf> = args.split.iter().map(|s| dataset.join(s)).collect();
    out.extend(args.file.iter().cloned());
    if out.is_empty() {
        out.push(dataset.join("test.jsonl"));
    }
    out
}

pub fn run_eval(args: &EvalArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    use ::train::report::{self, Axis, Curve};
    let progress = !ui.quiet && !args.json && std::io::stderr().is_terminal();
    // Curves in order of first appearance, keyed by (dataset label, file name as given).
    let mut curves: Vec<(String, Curve)> = Vec::new();
    let mut per_run = Vec::new();
    for run in &args.runs {
        let trained = ::train::load(run, args.backend).map_err(Fatal)?;
        let domain = ::train::dataset_domain(std::path::Path::new(&trained.saved.dataset));
        let name = run.display().to_string();
        let mut results = Vec::new();
        for (i, f) in files_of(args, &trained).iter().enumerate() {
            if progress {
                stdio::eprint(&format!("\reval {name}: {}", f.display()));
            }
            let e = ::train::evaluate(&trained, f, args.batch.max(1)).map_err(Fatal)?;
            // A curve per dataset and file: the seeds of one dataset pool into it.
            let what = args.split.get(i).unwrap_or(f);
            let key = format!("{}\u{0}{}", trained.saved.dataset, what.display());
            let label = if args.split.len() + args.file.len() > 1 {
                format!("{} {}", domain, what.display())
            } else {
                domain.clone()
            };
            match curves.iter_mut().find(|(k, _)| *k == key) {
                Some((_, c)) => c.runs.push((name.clone(), e.clone())),
                None => curves.push((key, Curve { label, runs: vec![(name.clone(), e.clone())] })),
            }
            results.push(e);
        }
        per_run.push(json!({ "run": name, "domain": domain, "parameters": trained.saved.parameters,
            "train_seconds": trained.saved.train_seconds, "results": results }));
    }
    if progress {
        stdio::eprint("\n");
    }
    let curves: Vec<Curve> = curves.into_iter().map(|(_, c)| c).collect();
    let bin = args.bin as usize;
    let write = |path: &PathBuf, text: String| {
        std::fs::write(path, text).map_err(|e| Fatal(format!("cannot write `{}`: {e}", path.display())))
    };
    let tables = format!(
        "Accuracy by plan length:\n\n{}\nAccuracy by object count:\n\n{}",
        report::markdown(&curves, Axis::Length, bin),
        report::markdown(&curves, Axis::Objects, bin)
    );
    let mut written = Vec::new();
    for axis in [Axis::Length, Axis::Objects] {
        if let Some(prefix) = &args.csv {
            let path = PathBuf::from(format!("{}-{}.csv", prefix.display(), axis.name()));
            write(&path, report::csv(&curves, axis, bin))?;
            written.push(path);
        }
        if let Some(prefix) = &args.plot {
            let ext = if args.svg { "svg" } else { "png" };
            let path = PathBuf::from(format!("{}-{}.{ext}", prefix.display(), axis.name()));
            let title = format!("plan verification: accuracy by {}", axis.name());
            report::plot(&curves, axis, bin, &title, &path).map_err(Fatal)?;
            written.push(path);
        }
    }
    if let Some(path) = &args.markdown {
        write(path, tables.clone())?;
        written.push(path.clone());
    }
    if args.json {
        output::print_json(
            "eval",
            Outcome::Fine,
            &SourceMap::new(),
            &[],
            json!({ "runs": per_run, "written": written }),
        )?;
    } else if !ui.quiet {
        stdio::print(&tables)?;
    }
    Ok(Outcome::Fine)
}
