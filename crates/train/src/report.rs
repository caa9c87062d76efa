//! Reports of `evaluate` results: accuracy per plan length (in bins) and per object count, as a
//! Markdown table, CSV and a line chart (PNG or SVG, through crate `plot`).
//!
//! Results are grouped into curves: one curve is one test file of one dataset, scored by one or
//! more runs (seeds). A curve's value in a bin is the mean over its runs of each run's accuracy in
//! that bin, so that every seed weighs the same; the range over runs is kept beside it.

use crate::{Cell, Evaluation};
use std::collections::BTreeMap;
use std::path::Path;

/// What the rows of a report are keyed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Plan length, grouped into bins of a given width.
    Length,
    /// Object count, one row per count.
    Objects,
}

impl Axis {
    pub fn name(self) -> &'static str {
        match self {
            Axis::Length => "length",
            Axis::Objects => "objects",
        }
    }
}

/// One test file of one dataset, scored by several runs.
#[derive(Clone, Debug)]
pub struct Curve {
    pub label: String,
    /// Run name (its directory) and its result on the curve's file.
    pub runs: Vec<(String, Evaluation)>,
}

/// One bin of a curve: keys `from..=to`.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub from: usize,
    pub to: usize,
    /// Examples and hits, summed over runs.
    pub examples: usize,
    pub correct: usize,
    /// Mean, least and largest accuracy over the runs that have examples in the bin.
    pub mean: f64,
    pub min: f64,
    pub max: f64,
    pub runs: usize,
}

/// The first key of the bin of `key`: bins of `width` are 1..=width, width+1..=2 width, ...
fn bin_start(key: usize, width: usize) -> usize {
    let w = width.max(1);
    key.saturating_sub(1) / w * w + 1
}

/// A run's cells grouped into bins: (from, to) -> (examples, correct).
fn binned(cells: &[Cell], width: usize) -> BTreeMap<(usize, usize), (usize, usize)> {
    let mut out = BTreeMap::new();
    for c in cells {
        let (from, to) = if width <= 1 {
            (c.key, c.key)
        } else {
            let s = bin_start(c.key, width);
            (s, s + width - 1)
        };
        let e: &mut (usize, usize) = out.entry((from, to)).or_default();
        e.0 += c.examples;
        e.1 += c.correct;
    }
    out
}

fn cells(e: &Evaluation, axis: Axis) -> &[Cell] {
    match axis {
        Axis::Length => &e.by_length,
        Axis::Objects => &e.by_objects,
    }
}

/// The bins of a curve (`width` applies to lengths; object counts are never binned).
pub fn rows(curve: &Curve, axis: Axis, width: usize) -> Vec<Row> {
    let width = if axis == Axis::Objects { 1 } else { width };
    let mut acc: BTreeMap<(usize, usize), Vec<(usize, usize)>> = BTreeMap::new();
    for (_, e) in &curve.runs {
        for (k, v) in binned(cells(e, axis), width) {
            acc.entry(k).or_default().push(v);
        }
    }
    acc.into_iter()
        .map(|((from, to), per_run)| {
            let rates: Vec<f64> = per_run.iter().map(|&(n, c)| c as f64 / n.max(1) as f64).collect();
            Row {
                from,
                to,
                examples: per_run.iter().map(|p| p.0).sum(),
                correct: per_run.iter().map(|p| p.1).sum(),
                mean: rates.iter().sum::<f64>() / rates.len().max(1) as f64,
                min: rates.iter().copied().fold(f64::INFINITY, f64::min),
                max: rates.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                runs: rates.len(),
            }
        })
        .collect()
}

fn range_label(from: usize, to: usize) -> String {
    if from == to { from.to_string() } else { format!("{from}-{to}") }
}

/// A Markdown table: one row per bin, one column per curve, "mean (min-max)" over runs when a
/// curve has several runs.
pub fn markdown(curves: &[Curve], axis: Axis, width: usize) -> String {
    let per: Vec<BTreeMap<(usize, usize), Row>> =
        curves.iter().map(|c| rows(c, axis, width).into_iter().map(|r| ((r.from, r.to), r)).collect()).collect();
    let mut keys: Vec<(usize, usize)> = per.iter().flat_map(|m| m.keys().copied()).collect();
    keys.sort_unstable();
    keys.dedup();
    let mut s = format!("| {} |", axis.name());
    for c in curves {
        s.push_str(&format!(" {} |", c.label.replace('|', "/")));
    }
    s.push_str("\n|---|");
    s.push_str(&"---|".repeat(curves.len()));
    s.push('\n');
    for k in keys {
        s.push_str(&format!("| {} |", range_label(k.0, k.1)));
        for m in &per {
            match m.get(&k) {
                None => s.push_str(" - |"),
                Some(r) if r.runs > 1 => s.push_str(&format!(" {:.3} ({:.2}-{:.2}) |", r.mean, r.min, r.max)),
                Some(r) => s.push_str(&format!(" {:.3} ({}/{}) |", r.mean, r.correct, r.examples)),
            }
        }
        s.push('\n');
    }
    s
}

/// CSV, one line per curve, run and bin: `curve,run,from,to,examples,correct,accuracy`.
pub fn csv(curves: &[Curve], axis: Axis, width: usize) -> String {
    let width = if axis == Axis::Objects { 1 } else { width };
    let mut s = format!("curve,run,{0}_from,{0}_to,examples,correct,accuracy\n", axis.name());
    for c in curves {
        for (run, e) in &c.runs {
            for ((from, to), (n, k)) in binned(cells(e, axis), width) {
                s.push_str(&format!(
                    "{},{},{from},{to},{n},{k},{:.4}\n",
                    quote(&c.label),
                    quote(run),
                    k as f64 / n.max(1) as f64
                ));
            }
        }
    }
    s
}

fn quote(s: &str) -> String {
    if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
}

/// Accuracy against the bin's middle, one line per curve (mean over runs) and the chance level of
/// a balanced test set (0.5), into `path` (.png or .svg).
pub fn plot(curves: &[Curve], axis: Axis, width: usize, title: &str, path: &Path) -> Result<(), String> {
    let mut series: Vec<plot::Series> = curves
        .iter()
        .map(|c| {
            let points = rows(c, axis, width).iter().map(|r| ((r.from + r.to) as f64 / 2.0, r.mean)).collect();
            plot::Series::new(c.label.clone(), points)
        })
        .collect();
    let xs: Vec<f64> = series.iter().flat_map(|s| s.points.iter().map(|p| p.0)).collect();
    let (lo, hi) = xs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| (a.min(x), b.max(x)));
    if lo.is_finite() {
        series.push(plot::Series::new("chance (0.5)", vec![(lo, 0.5), (hi, 0.5)]));
    }
    let x_label = match axis {
        Axis::Length if width > 1 => format!("plan length (bins of {width})"),
        Axis::Length => "plan length".to_string(),
        Axis::Objects => "objects".to_string(),
    };
    let chart = plot::LineChart {
        frame: plot::Frame::new(title, x_label, "accuracy"),
        series,
        log_x: false,
        step: false,
        x_range: lo.is_finite().then(|| (lo.min(hi - 1.0), hi + (hi - lo).max(1.0) * 0.03)),
        y_range: Some((0.0, 1.02)),
    };
    plot::line_chart(&chart, path).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn cell(key: usize, examples: usize, correct: usize) -> Cell {
        Cell { key, examples, correct, accuracy: correct as f64 / examples as f64 }
    }

    fn eval(by_length: Vec<Cell>) -> Evaluation {
        Evaluation {
            file: PathBuf::from("t.jsonl"),
            examples: by_length.iter().map(|c| c.examples).sum(),
            accuracy: 0.0,
            by_objects: vec![cell(3, 2, 1)],
            by_length,
            seconds: 0.0,
        }
    }

    #[test]
    fn bins_pool_within_a_run_and_average_over_runs() {
        assert_eq!((bin_start(1, 10), bin_start(10, 10), bin_start(11, 10), bin_start(20, 10)), (1, 1, 11, 11));
        let curve = Curve {
            label: "d".into(),
            runs: vec![
                ("seed1".into(), eval(vec![cell(11, 2, 2), cell(12, 2, 0), cell(25, 4, 4)])),
                ("seed2".into(), eval(vec![cell(11, 2, 2), cell(12, 2, 2), cell(25, 4, 0)])),
            ],
        };
        let r = rows(&curve, Axis::Length, 10);
        assert_eq!(r.len(), 2);
        // Bin 11-20: seed1 2/4, seed2 4/4; mean of the rates 0.75.
        assert_eq!((r[0].from, r[0].to, r[0].examples, r[0].correct), (11, 20, 8, 6));
        assert!((r[0].mean - 0.75).abs() < 1e-12 && r[0].min == 0.5 && r[0].max == 1.0);
        assert_eq!((r[1].from, r[1].to, r[1].mean), (21, 30, 0.5));
        let md = markdown(std::slice::from_ref(&curve), Axis::Length, 10);
        assert!(md.contains("| 11-20 | 0.750 (0.50-1.00) |"), "{md}");
        let c = csv(std::slice::from_ref(&curve), Axis::Length, 10);
        assert!(c.contains("d,seed1,11,20,4,2,0.5000\n") && c.contains("d,seed2,21,30,4,0,0.0000\n"), "{c}");
        // Object counts are never binned.
        let o = rows(&curve, Axis::Objects, 10);
        assert_eq!((o.len(), o[0].from, o[0].to, o[0].mean), (1, 3, 3, 0.5));
    }

    #[test]
    fn plots_png_and_svg() {
        let curve = Curve { label: "d".into(), runs: vec![("s".into(), eval(vec![cell(11, 2, 2), cell(40, 2, 1)]))] };
        // CERTPLAN_KEEP_PLOTS=DIR keeps the pictures there, to look at them.
        let keep = std::env::var_os("CERTPLAN_KEEP_PLOTS").map(std::path::PathBuf::from);
        let dir = keep
            .clone()
            .unwrap_or_else(|| std::env::temp_dir().join(format!("certplan-train-report-{}", std::process::id())));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["a.png", "a.svg"] {
            let p = dir.join(name);
            plot(std::slice::from_ref(&curve), Axis::Length, 10, "t", &p).expect("draws");
            assert!(std::fs::metadata(&p).unwrap().len() > 1000, "{name} is nearly empty");
        }
        assert!(plot(&[curve], Axis::Length, 10, "t", &dir.join("a.txt")).is_err());
        if keep.is_none() {
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
