//! `certplan train DATASET_DIR -o RUN_DIR [--positions absolute|rotary|none] [--steps N] ...` and
//! `certplan eval RUN_DIR FILE.jsonl... [--csv PREFIX]`: paper 002's experiment, training small
//! decoder-only transformers on verdict-only labels and scoring them per plan length and object
//! count (the work is in crate `train`, on burn's CPU backend). Built only with the cargo feature
//! `train` (burn is a long build, kept out of the default one).

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
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct EvalArgs {
    /// A run directory `certplan train` wrote.
    run: PathBuf,
    /// Dataset files to score (test.jsonl, ...).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Write PREFIX-length.csv and PREFIX-objects.csv (accuracy curves, one row per file and key).
    #[arg(long)]
    csv: Option<PathBuf>,
    #[arg(long, default_value_t = 16)]
    batch: usize,
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
            "train_examples": saved.train_examples, "model": saved.model } }),
        )?;
    } else if !ui.quiet {
        stdio::print(&format!(
            "trained {} parameters on {} examples in {:.1} s (final loss {:.4}); wrote {}\n",
            saved.parameters,
            saved.train_examples,
            saved.train_seconds,
            saved.final_loss,
            args.out.display()
        ))?;
    }
    Ok(Outcome::Fine)
}

pub fn run_eval(args: &EvalArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let trained = ::train::load(&args.run).map_err(Fatal)?;
    let mut results = Vec::new();
    for f in &args.files {
        results.push(::train::evaluate(&trained, f, args.batch.max(1)).map_err(Fatal)?);
    }
    if let Some(prefix) = &args.csv {
        for (what, pick) in [("length", 0), ("objects", 1)] {
            let path = PathBuf::from(format!("{}-{what}.csv", prefix.display()));
            let mut s = format!("file,{what},examples,correct,accuracy\n");
            for r in &results {
                for c in if pick == 0 { &r.by_length } else { &r.by_objects } {
                    s.push_str(&format!(
                        "{},{},{},{},{:.4}\n",
                        r.file.display(),
                        c.key,
                        c.examples,
                        c.correct,
                        c.accuracy
                    ));
                }
            }
            std::fs::write(&path, s).map_err(|e| Fatal(format!("cannot write `{}`: {e}", path.display())))?;
        }
    }
    if args.json {
        output::print_json(
            "eval",
            Outcome::Fine,
            &SourceMap::new(),
            &[],
            json!({ "run": args.run, "results": results }),
        )?;
    } else if !ui.quiet {
        let mut s = String::new();
        for r in &results {
            s.push_str(&format!("{}: {} examples, accuracy {:.3}\n", r.file.display(), r.examples, r.accuracy));
            s.push_str("  length  examples  accuracy\n");
            for c in &r.by_length {
                s.push_str(&format!("  {:>6}  {:>8}  {:>8.3}\n", c.key, c.examples, c.accuracy));
            }
            s.push_str("  objects examples  accuracy\n");
            for c in &r.by_objects {
                s.push_str(&format!("  {:>6}  {:>8}  {:>8.3}\n", c.key, c.examples, c.accuracy));
            }
        }
        stdio::print(&s)?;
    }
    Ok(Outcome::Fine)
}
