//! The experiment's pictures, drawn with the `plot` crate: solved tasks against time (log time
//! axis, one step curve per configuration) and expansions of two configurations against each
//! other on the tasks both solve (log-log, one colour per domain, with the diagonal). Repetition
//! 0 only; time is the CPU time of the run's processes (the measure the limit applies to).

use crate::results::{RunRecord, Status};
use crate::table::configs;
use plot::{Frame, LineChart, Scatter, Series};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The points of the cumulative curve of each configuration: (time, tasks solved by then).
pub fn solved_over_time(runs: &[RunRecord]) -> Vec<Series> {
    configs(runs)
        .into_iter()
        .map(|c| {
            let mut times: Vec<f64> = runs
                .iter()
                .filter(|r| r.repetition == 0 && r.config == c && r.status == Status::Solved)
                .map(|r| r.cpu_time.max(1e-3))
                .collect();
            times.sort_by(f64::total_cmp);
            let points = times.iter().enumerate().map(|(i, &t)| (t, (i + 1) as f64)).collect();
            Series::new(format!("{c} ({})", times.len()), points)
        })
        .collect()
}

/// Expansions of `a` (x) against `b` (y) on the tasks both solve, grouped by domain.
pub fn expansion_pairs(runs: &[RunRecord], a: &str, b: &str) -> Vec<Series> {
    let of = |c: &str| -> BTreeMap<(&str, &str, &str), u64> {
        runs.iter()
            .filter(|r| r.repetition == 0 && r.config == c && r.status == Status::Solved)
            .filter_map(|r| Some(((r.domain.as_str(), r.suite.as_str(), r.problem.as_str()), r.expansions?)))
            .collect()
    };
    let (ea, eb) = (of(a), of(b));
    let mut groups: BTreeMap<&str, Vec<(f64, f64)>> = BTreeMap::new();
    for (k, x) in &ea {
        if let Some(y) = eb.get(k) {
            groups.entry(k.0).or_default().push((*x as f64, *y as f64));
        }
    }
    groups.into_iter().map(|(d, pts)| Series::new(d, pts)).collect()
}

/// Draws `<stem>-solved.{png,svg}` and `<stem>-expansions.{png,svg}` into `dir`; returns the files.
pub fn draw(runs: &[RunRecord], dir: &Path, stem: &str, pair: Option<(&str, &str)>) -> Result<Vec<PathBuf>, String> {
    let names = configs(runs);
    if names.is_empty() {
        return Err("the results hold no run".into());
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create `{}`: {e}", dir.display()))?;
    // The time axis spans every run's time (the slowest run is near the limit), in whole decades;
    // each curve runs on flat to its end.
    let slowest = runs.iter().map(|r| r.cpu_time).fold(1.0, f64::max);
    let fastest =
        runs.iter().filter(|r| r.status == Status::Solved).map(|r| r.cpu_time.max(1e-3)).fold(slowest, f64::min);
    let (lo, hi) = (10f64.powf(fastest.log10().floor()), 10f64.powf(slowest.log10().ceil()));
    let mut series = solved_over_time(runs);
    for s in &mut series {
        if let Some(&(_, n)) = s.points.last() {
            s.points.push((hi, n));
        }
    }
    let solved = LineChart {
        frame: Frame::new("Solved tasks over time", "CPU time (s, log scale)", "tasks solved"),
        series,
        log_x: true,
        step: true,
        x_range: Some((lo, hi)),
        y_range: None,
    };
    let mut files = Vec::new();
    for ext in ["png", "svg"] {
        let p = dir.join(format!("{stem}-solved.{ext}"));
        plot::line_chart(&solved, &p).map_err(|e| e.to_string())?;
        files.push(p);
    }
    let (a, b) = match pair {
        Some((a, b)) => {
            for c in [a, b] {
                if !names.iter().any(|n| n == c) {
                    return Err(format!("no configuration `{c}` in the results (there are: {})", names.join(", ")));
                }
            }
            (a.to_string(), b.to_string())
        }
        None if names.len() >= 2 => (names[0].clone(), names[1].clone()),
        None => return Ok(files),
    };
    let scatter = Scatter {
        frame: Frame::new(format!("Expansions: {a} vs {b}"), format!("expansions {a}"), format!("expansions {b}")),
        groups: expansion_pairs(runs, &a, &b),
        log: true,
        diagonal: true,
    };
    for ext in ["png", "svg"] {
        let p = dir.join(format!("{stem}-expansions.{ext}"));
        plot::scatter(&scatter, &p).map_err(|e| e.to_string())?;
        files.push(p);
    }
    Ok(files)
}
