//! Tables from a results file: coverage per domain and configuration with sums (the shape of
//! paper 001's Table 1), and per-task comparisons of two configurations on the tasks both solve.
//! Rendered as Markdown, CSV or LaTeX. Only repetition 0 counts; times are the CPU seconds
//! (user + system) of the run's process and its children as the kernel counted them, the measure
//! the time limit applies to, the same for every planner.

use crate::results::{RunRecord, Status};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Markdown,
    Csv,
    Latex,
}

/// A table of text cells; `numeric` columns are right-aligned.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub caption: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Rows after this many are the totals (drawn below a rule).
    pub body_rows: usize,
    pub numeric: Vec<bool>,
}

/// The configurations in the order of their first run.
pub fn configs(runs: &[RunRecord]) -> Vec<String> {
    let mut seen = Vec::new();
    for r in runs {
        if !seen.contains(&r.config) {
            seen.push(r.config.clone());
        }
    }
    seen
}

fn first_reps(runs: &[RunRecord]) -> impl Iterator<Item = &RunRecord> {
    runs.iter().filter(|r| r.repetition == 0)
}

/// Solved tasks per domain (rows, with the number of tasks) and configuration (columns), and a
/// sum row.
pub fn coverage(runs: &[RunRecord]) -> Table {
    let configs = configs(runs);
    let mut tasks: BTreeMap<&str, BTreeSet<(&str, &str)>> = BTreeMap::new();
    let mut solved: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for r in first_reps(runs) {
        tasks.entry(&r.domain).or_default().insert((&r.suite, &r.problem));
        if r.status == Status::Solved {
            *solved.entry((&r.domain, &r.config)).or_default() += 1;
        }
    }
    let mut header = vec!["domain".to_string(), "tasks".to_string()];
    header.extend(configs.iter().cloned());
    let mut rows = Vec::new();
    let mut sums = vec![0usize; configs.len()];
    let mut total = 0;
    for (d, ts) in &tasks {
        let mut row = vec![d.to_string(), ts.len().to_string()];
        total += ts.len();
        for (i, c) in configs.iter().enumerate() {
            let n = solved.get(&(*d, c.as_str())).copied().unwrap_or(0);
            sums[i] += n;
            row.push(n.to_string());
        }
        rows.push(row);
    }
    let body_rows = rows.len();
    let mut sum = vec!["Sum".to_string(), total.to_string()];
    sum.extend(sums.iter().map(usize::to_string));
    rows.push(sum);
    let mut numeric = vec![false, true];
    numeric.extend(configs.iter().map(|_| true));
    Table { caption: "Coverage: tasks solved per domain and configuration".into(), header, rows, body_rows, numeric }
}

/// Expansions, time and cost of configurations `a` and `b` on every task both solve, and a sum
/// row (expansions, time).
pub fn comparison(runs: &[RunRecord], a: &str, b: &str) -> Result<Table, String> {
    let known = configs(runs);
    for c in [a, b] {
        if !known.iter().any(|k| k == c) {
            return Err(format!("no configuration `{c}` in the results (there are: {})", known.join(", ")));
        }
    }
    let of = |c: &str| -> BTreeMap<(&str, &str, &str), &RunRecord> {
        first_reps(runs)
            .filter(|r| r.config == c && r.status == Status::Solved)
            .map(|r| ((r.domain.as_str(), r.suite.as_str(), r.problem.as_str()), r))
            .collect()
    };
    let (ra, rb) = (of(a), of(b));
    let header: Vec<String> = [
        "domain".to_string(),
        "problem".into(),
        format!("expansions {a}"),
        format!("expansions {b}"),
        format!("CPU s {a}"),
        format!("CPU s {b}"),
        format!("cost {a}"),
        format!("cost {b}"),
    ]
    .into();
    let opt = |x: Option<u64>| x.map_or("-".to_string(), |v| v.to_string());
    let mut rows = Vec::new();
    let (mut ea, mut eb, mut ta, mut tb) = (0u64, 0u64, 0.0, 0.0);
    for (k, x) in &ra {
        let Some(y) = rb.get(k) else { continue };
        ea += x.expansions.unwrap_or(0);
        eb += y.expansions.unwrap_or(0);
        ta += x.cpu_time;
        tb += y.cpu_time;
        rows.push(vec![
            k.0.to_string(),
            // The problem's path without its domain folder, which the first column shows.
            k.2.strip_prefix(k.0).and_then(|p| p.strip_prefix('/')).unwrap_or(k.2).to_string(),
            opt(x.expansions),
            opt(y.expansions),
            format!("{:.2}", x.cpu_time),
            format!("{:.2}", y.cpu_time),
            opt(x.cost),
            opt(y.cost),
        ]);
    }
    let body_rows = rows.len();
    rows.push(vec![
        format!("Sum ({body_rows} tasks)"),
        String::new(),
        ea.to_string(),
        eb.to_string(),
        format!("{ta:.2}"),
        format!("{tb:.2}"),
        String::new(),
        String::new(),
    ]);
    let mut numeric = vec![false, false];
    numeric.extend([true; 6]);
    Ok(Table { caption: format!("{a} vs {b} on the tasks both solve"), header, rows, body_rows, numeric })
}

impl Table {
    pub fn render(&self, f: Format) -> String {
        match f {
            Format::Markdown => self.markdown(),
            Format::Csv => self.csv(),
            Format::Latex => self.latex(),
        }
    }

    fn markdown(&self) -> String {
        let cols = self.header.len();
        let width: Vec<usize> = (0..cols)
            .map(|c| self.rows.iter().map(|r| r[c].len()).chain([self.header[c].len(), 3]).max().unwrap_or(3))
            .collect();
        let cell = |c: usize, s: &str| {
            if self.numeric[c] { format!("{s:>w$}", w = width[c]) } else { format!("{s:<w$}", w = width[c]) }
        };
        let line =
            |r: &[String]| format!("| {} |\n", (0..cols).map(|c| cell(c, &r[c])).collect::<Vec<_>>().join(" | "));
        let mut out = line(&self.header);
        let rule: Vec<String> = (0..cols)
            .map(|c| if self.numeric[c] { format!("{}:", "-".repeat(width[c] - 1)) } else { "-".repeat(width[c]) })
            .collect();
        out.push_str(&format!("| {} |\n", rule.join(" | ")));
        for r in &self.rows {
            out.push_str(&line(r));
        }
        out
    }

    fn csv(&self) -> String {
        let field = |s: &str| {
            if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
        };
        let mut out = String::new();
        for r in std::iter::once(&self.header).chain(&self.rows) {
            out.push_str(&r.iter().map(|s| field(s)).collect::<Vec<_>>().join(","));
            out.push('\n');
        }
        out
    }

    fn latex(&self) -> String {
        let esc = |s: &str| {
            s.replace('\\', "\\textbackslash{}")
                .replace('&', "\\&")
                .replace('%', "\\%")
                .replace('_', "\\_")
                .replace('#', "\\#")
                .replace('$', "\\$")
                .replace('{', "\\{")
                .replace('}', "\\}")
                .replace("\\textbackslash\\{\\}", "\\textbackslash{}")
        };
        let align: String = self.numeric.iter().map(|&n| if n { 'r' } else { 'l' }).collect();
        let row = |r: &[String]| format!("{} \\\\\n", r.iter().map(|s| esc(s)).collect::<Vec<_>>().join(" & "));
        let mut out = format!(
            "\\begin{{table}}\n\\centering\n\\caption{{{}}}\n\\begin{{tabular}}{{{align}}}\n\\toprule\n",
            esc(&self.caption)
        );
        out.push_str(&row(&self.header));
        out.push_str("\\midrule\n");
        for (i, r) in self.rows.iter().enumerate() {
            if i == self.body_rows {
                out.push_str("\\midrule\n");
            }
            out.push_str(&row(r));
        }
        out.push_str("\\bottomrule\n\\end{tabular}\n\\end{table}\n");
        out
    }
}
