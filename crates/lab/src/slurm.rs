//! `lab slurm`: an sbatch job-array script, one array task per shard, as Downward Lab does it.
//! Each array task runs `certplan lab run EXP --shard $SLURM_ARRAY_TASK_ID/N` into its own
//! results file; `lab merge` gathers them. The limits go to Slurm too: memory per CPU (the run's
//! address-space limit plus room for the runner) and a time limit for the whole array task (its
//! runs' wall-clock backstops, one after another, over `--jobs`, plus 10 minutes).

use crate::experiment::{Experiment, Shard};
use std::path::{Path, PathBuf};

pub struct Options {
    pub shards: usize,
    pub max_parallel: Option<usize>,
    pub partition: Option<String>,
    /// Runs at a time in one array task (`--cpus-per-task`).
    pub jobs: usize,
    /// The certplan executable the array tasks run.
    pub certplan: PathBuf,
}

fn abs(p: &Path) -> String {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf()).display().to_string()
}

/// Single-quotes a word for the shell.
fn sh(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

pub fn script(exp: &Experiment, o: &Options) -> Result<String, String> {
    if o.shards == 0 {
        return Err("--shards must be at least 1".into());
    }
    let runs = exp.runs()?.len();
    let per_shard = runs.div_ceil(o.shards);
    let backstop = crate::process::Limits {
        time: exp.settings.time_limit,
        memory_mib: exp.settings.memory_limit,
        wall: exp.settings.wall_limit,
    }
    .wall();
    let seconds = (per_shard as f64 * backstop.as_secs_f64() / o.jobs as f64).ceil() as u64 + 600;
    let time =
        format!("{}-{:02}:{:02}:{:02}", seconds / 86400, seconds % 86400 / 3600, seconds % 3600 / 60, seconds % 60);
    // The runner itself and the validator need some memory beside the run's own limit.
    let mem_per_cpu = exp.settings.memory_limit + 512;
    let array = match o.max_parallel {
        Some(k) => format!("0-{}%{k}", o.shards - 1),
        None => format!("0-{}", o.shards - 1),
    };
    let results = &exp.settings.results;
    let logs = results.with_file_name("slurm-logs");
    let name: String = exp
        .settings
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '_' })
        .collect();
    let mut s = String::new();
    s.push_str("#!/bin/bash\n");
    s.push_str(&format!(
        "# certplan lab: experiment `{}`, {runs} runs in {} shards (about {per_shard} each).\n",
        exp.settings.name, o.shards
    ));
    s.push_str(&format!("# Submit with `sbatch {{this file}}`; then `certplan lab merge {}`.\n", abs(&exp.path)));
    s.push_str(&format!("#SBATCH --job-name=lab-{name}\n"));
    s.push_str(&format!("#SBATCH --array={array}\n"));
    s.push_str("#SBATCH --ntasks=1\n");
    s.push_str(&format!("#SBATCH --cpus-per-task={}\n", o.jobs));
    s.push_str(&format!("#SBATCH --mem-per-cpu={mem_per_cpu}M\n"));
    s.push_str(&format!("#SBATCH --time={time}\n"));
    s.push_str(&format!("#SBATCH --output={}/%A_%a.out\n", abs(&logs)));
    s.push_str(&format!("#SBATCH --error={}/%A_%a.err\n", abs(&logs)));
    if let Some(p) = &o.partition {
        s.push_str(&format!("#SBATCH --partition={p}\n"));
    }
    s.push_str("set -euo pipefail\n");
    s.push_str(&format!("cd {}\n", sh(&abs(exp.path.parent().unwrap_or(Path::new("."))))));
    s.push_str(&format!(
        "exec {} --quiet lab run {} --jobs {} --shard \"${{SLURM_ARRAY_TASK_ID}}/{}\"\n",
        sh(&abs(&o.certplan)),
        sh(&abs(&exp.path)),
        o.jobs,
        o.shards
    ));
    std::fs::create_dir_all(&logs).map_err(|e| format!("cannot create `{}`: {e}", logs.display()))?;
    Ok(s)
}

/// The shard results files beside the experiment's results, of one shard count (the largest
/// found if several).
pub fn shard_files(exp: &Experiment) -> Result<Vec<PathBuf>, String> {
    let results = &exp.settings.results;
    let dir = results.parent().map(Path::to_path_buf).unwrap_or_default();
    let stem = results.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let prefix = format!("{stem}.shard-");
    let mut found: Vec<(usize, usize, PathBuf)> = Vec::new();
    let dir_read = if dir.as_os_str().is_empty() { Path::new(".") } else { dir.as_path() };
    let Ok(entries) = std::fs::read_dir(dir_read) else { return Ok(Vec::new()) };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(&prefix).and_then(|r| r.strip_suffix(".jsonl")) else { continue };
        let Some((i, n)) = rest.split_once("-of-") else { continue };
        if let (Ok(i), Ok(n)) = (i.parse(), n.parse()) {
            found.push((n, i, e.path()));
        }
    }
    let Some(n) = found.iter().map(|f| f.0).max() else { return Ok(Vec::new()) };
    let mut files: Vec<(usize, PathBuf)> = found.into_iter().filter(|f| f.0 == n).map(|f| (f.1, f.2)).collect();
    files.sort();
    if files.len() != n {
        let have: Vec<usize> = files.iter().map(|f| f.0).collect();
        let missing: Vec<String> = (0..n)
            .filter(|i| !have.contains(i))
            .map(|i| exp.shard_results(Shard { index: i, count: n }).display().to_string())
            .collect();
        return Err(format!("shard results missing: {}", missing.join(", ")));
    }
    Ok(files.into_iter().map(|f| f.1).collect())
}
