//! Paper 002's experiment without the certplan binary (which pulls the whole workspace into the
//! build): train one model per dataset directory and seed, then score all of them as
//! `certplan eval` does, writing the same files (`eval-long.json`, `eval-objects.json`, CSV,
//! Markdown, PNG). `experiments/paper002/run.sh` uses it when `EXAMPLE=1`.
//!
//! `cargo run -p train --example paper002 -- OUT STEPS D_MODEL HEADS LAYERS BATCH LR MAX_LEN SEEDS DATASET...`
//! (SEEDS comma-separated; each DATASET a directory `certplan dataset` wrote, with `objects/` and
//! `long/` beside its splits; runs go to `DATASET/../seedS`). The environment variable `BACKEND`
//! (flex or wgpu; default flex) says where to train and evaluate.

use std::path::{Path, PathBuf};
use train::report::{self, Axis, Curve};

fn main() -> Result<(), String> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() < 10 {
        return Err("usage: OUT STEPS D_MODEL HEADS LAYERS BATCH LR MAX_LEN SEEDS DATASET...".into());
    }
    let num = |i: usize| a[i].parse::<usize>().map_err(|e| format!("argument {}: {e}", i + 1));
    let out = PathBuf::from(&a[0]);
    let seeds: Vec<u64> =
        a[8].split(',').map(|s| s.parse().map_err(|e| format!("seed `{s}`: {e}"))).collect::<Result<_, _>>()?;
    let backend: train::Backend = std::env::var("BACKEND").unwrap_or_else(|_| "flex".into()).parse()?;
    let mut runs = Vec::new();
    for d in &a[9..] {
        let dataset = PathBuf::from(d);
        for &seed in &seeds {
            let run = dataset.parent().unwrap_or(Path::new(".")).join(format!("seed{seed}"));
            if !run.join("config.json").exists() {
                let cfg = train::TrainConfig {
                    d_model: num(2)?,
                    heads: num(3)?,
                    layers: num(4)?,
                    d_ff: 4 * num(2)?,
                    positions: train::Positions::Absolute,
                    steps: num(1)?,
                    batch: num(5)?,
                    lr: a[6].parse().map_err(|e| format!("lr: {e}"))?,
                    weight_decay: 0.01,
                    seed,
                    max_len: num(7)?,
                    log_every: 50,
                    checkpoint_every: 0,
                    random_offsets: true,
                    backend,
                };
                eprintln!("train {} seed {seed}", dataset.display());
                let s = train::train(&dataset, &run, &cfg, |_, _, _| {})?;
                eprintln!("  {} parameters, {:.0} s, final loss {:.4}", s.parameters, s.train_seconds, s.final_loss);
            }
            runs.push(run);
        }
    }
    for (split, name, bin, batch) in [("long/test.jsonl", "long", 10, 8), ("objects/test.jsonl", "objects", 1, 16)] {
        let mut curves: Vec<Curve> = Vec::new();
        let mut per_run = Vec::new();
        for run in &runs {
            let t = train::load(run, backend)?;
            let dataset = PathBuf::from(&t.saved.dataset);
            let domain = train::dataset_domain(&dataset);
            eprintln!("eval {} on {split}", run.display());
            let e = train::evaluate(&t, &dataset.join(split), batch)?;
            match curves.iter_mut().find(|c| c.label == domain) {
                Some(c) => c.runs.push((run.display().to_string(), e.clone())),
                None => {
                    curves.push(Curve { label: domain.clone(), runs: vec![(run.display().to_string(), e.clone())] })
                }
            }
            per_run.push(serde_json::json!({ "run": run, "domain": domain, "parameters": t.saved.parameters,
                "train_seconds": t.saved.train_seconds, "results": [e] }));
        }
        let w = |p: PathBuf, s: String| std::fs::write(&p, s).map_err(|e| format!("{}: {e}", p.display()));
        let prefix = out.join(name);
        w(out.join(format!("eval-{name}.json")), serde_json::json!({ "runs": per_run }).to_string())?;
        w(
            out.join(format!("{name}.md")),
            format!(
                "Accuracy by plan length:\n\n{}\nAccuracy by object count:\n\n{}",
                report::markdown(&curves, Axis::Length, bin),
                report::markdown(&curves, Axis::Objects, bin)
            ),
        )?;
        for axis in [Axis::Length, Axis::Objects] {
            w(PathBuf::from(format!("{}-{}.csv", prefix.display(), axis.name())), report::csv(&curves, axis, bin))?;
            let title = format!("plan verification: accuracy by {}", axis.name());
            report::plot(
                &curves,
                axis,
                bin,
                &title,
                &PathBuf::from(format!("{}-{}.png", prefix.display(), axis.name())),
            )?;
        }
    }
    Ok(())
}
