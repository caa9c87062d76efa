//! The shared benchmark corpus (`../shared/benchmarks`, beside the checkout, and in CI): where it
//! is, and its `index.csv`. Tests and benchmarks read the corpus in place; it is never copied into
//! the repository. Where it is absent, callers skip loudly with [`skip`].

use std::path::{Path, PathBuf};

/// The corpus folder: `$CERTPLAN_BENCHMARKS`, else `../shared/benchmarks` beside the checkout.
/// `None` when it has no `index.csv`.
pub fn root() -> Option<PathBuf> {
    let root = match std::env::var_os("CERTPLAN_BENCHMARKS") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchmarks"),
    };
    root.join("index.csv").is_file().then_some(root)
}

/// Says, on stderr where test output shows it, that a corpus test did not run.
pub fn skip(test: &str) {
    eprintln!("SKIPPED {test}: no benchmark corpus at ../shared/benchmarks (set CERTPLAN_BENCHMARKS)");
}

/// One row of `index.csv`. Paths are relative to the corpus root.
#[derive(Clone, Debug)]
pub struct Row {
    pub suite: String,
    pub domain: String,
    pub problem_path: String,
    pub domain_path: String,
    pub known_optimal_cost: Option<f64>,
    pub reference_plan_path: Option<String>,
    pub reference_plan_cost: Option<f64>,
    /// Every column by name, for the ones without a field here.
    pub columns: Vec<(String, String)>,
}

impl Row {
    pub fn get(&self, column: &str) -> Option<&str> {
        self.columns.iter().find(|(c, _)| c == column).map(|(_, v)| v.as_str())
    }
}

/// Reads `index.csv`. Panics with the path on an unreadable or malformed index: in a test that is
/// the right outcome.
pub fn index(root: &Path) -> Vec<Row> {
    let path = root.join("index.csv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let header = csv_fields(lines.next().unwrap_or_else(|| panic!("{}: empty", path.display())));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let columns: Vec<(String, String)> = header.iter().cloned().zip(csv_fields(line)).collect();
            let get = |c: &str| columns.iter().find(|(k, _)| k == c).map(|(_, v)| v.clone()).unwrap_or_default();
            let number = |c: &str| get(c).parse::<f64>().ok();
            let optional = |c: &str| Some(get(c)).filter(|v| !v.is_empty());
            Row {
                suite: get("suite"),
                domain: get("domain"),
                problem_path: get("problem_path"),
                domain_path: get("domain_path"),
                known_optimal_cost: number("known_optimal_cost_if_any"),
                reference_plan_path: optional("reference_plan_path"),
                reference_plan_cost: number("reference_plan_cost"),
                columns,
            }
        })
        .collect()
}

/// One CSV line: fields may be quoted, with `""` for a quote.
pub fn csv_fields(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields() {
        assert_eq!(csv_fields(r#"a,"b, c","d ""e""",,f"#), ["a", "b, c", "d \"e\"", "", "f"]);
    }
}
