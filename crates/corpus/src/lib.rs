//! The shared benchmark corpus (`../shared/benchmarks`, beside the checkout, and in CI): where it
//! is, and its `index.csv`. Tests and benchmarks read the corpus in place; it is never copied into
//! the repository. Where it (or a tool a test needs) is absent, tests skip through [`skip_or_fail`]: a visible
//! SKIPPED line, or a failure under `CI=true`.

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

/// Says that a corpus test did not run (see [`skip_or_fail`]: with `CI=true` this panics).
pub fn skip(test: &str) {
    skip_or_fail(test, "no benchmark corpus at ../shared/benchmarks (set CERTPLAN_BENCHMARKS)");
}

/// The corpus folder, for a test that needs it; `None` (after [`skip_or_fail`]) where it is
/// absent. `let Some(root) = corpus::require_benchmarks("my_test") else { return };`
pub fn require_benchmarks(test: &str) -> Option<PathBuf> {
    let root = root();
    if root.is_none() {
        skip(test);
    }
    root
}

/// True when `program` is on the `PATH`; otherwise [`skip_or_fail`] and false.
/// `if !corpus::require_program("my_test", "coqc") { return; }`
pub fn require_program(test: &str, program: &str) -> bool {
    let found = on_path(program);
    if !found {
        skip_or_fail(test, &format!("`{program}` is not on the PATH"));
    }
    found
}

/// True when `available`; otherwise [`skip_or_fail`] with `missing` and false. For tools found
/// some other way than the `PATH` (a Python module, Fast Downward's translator).
pub fn require(test: &str, available: bool, missing: &str) -> bool {
    if !available {
        skip_or_fail(test, missing);
    }
    available
}

/// Whether this run is CI, where every test must really run: the environment variable `CI` is
/// `true` (as CI services set it) or `1`.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true") || v == "1")
}

/// The one way a test reports that it cannot run because something it needs (`missing`: a
/// program, a Python module, the benchmark corpus) is absent. Every such test calls this (through
/// [`require_benchmarks`], [`require_program`] or [`require`]) and then returns.
///
/// * With `CI=true` it panics, so the test FAILS: in CI a missing tool is a broken set-up, not a
///   pass. The one exception is a tool named in `CERTPLAN_OPTIONAL_TOOLS` (comma-separated, e.g.
///   `lean`), which CI declares on purpose it does not install; the skip is then printed as below.
/// * Elsewhere it prints `SKIPPED <test>: <missing>` so that it is seen. It writes to the process's
///   stderr handle directly (`std::io::stderr().write_all`), not with `eprintln!`: libtest
///   captures only the `print!`/`eprint!` macros of a test thread and shows them for failing
///   tests alone, so an `eprintln!` skip in a passing test is never seen. A direct write appears in
///   plain `cargo test` output, beside the `test ... ok` lines.
pub fn skip_or_fail(test: &str, missing: &str) {
    let optional = std::env::var("CERTPLAN_OPTIONAL_TOOLS").unwrap_or_default();
    if must_fail(in_ci(), &optional, missing) {
        panic!(
            "{test} cannot run: {missing}. CI=true requires every test to run; install it, or name it in \
             CERTPLAN_OPTIONAL_TOOLS if CI does not provide it on purpose"
        );
    }
    use std::io::Write;
    let line = format!("\n*** SKIPPED {test}: {missing}; this test did NOT run ***\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// The decision of [`skip_or_fail`], apart from the environment so that it can be tested.
fn must_fail(ci: bool, optional_tools: &str, missing: &str) -> bool {
    let declared_optional = optional_tools.split(',').map(str::trim).any(|t| !t.is_empty() && missing.contains(t));
    ci && !declared_optional
}

/// Whether an executable `program` is in one of the `PATH` directories.
pub fn on_path(program: &str) -> bool {
    let Some(path) = std::env::var_os("PATH") else { return false };
    std::env::split_paths(&path).any(|dir| {
        let candidate = dir.join(program);
        candidate.is_file() && is_executable(&candidate)
    })
}

#[cfg(unix)]
fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(_: &Path) -> bool {
    true
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
    fn a_missing_tool_fails_in_ci_unless_declared_optional() {
        assert!(must_fail(true, "", "`coqc` is not on the PATH"));
        assert!(!must_fail(false, "", "`coqc` is not on the PATH"));
        assert!(!must_fail(true, "lean, other", "`lean` is not on the PATH"));
        assert!(must_fail(true, "lean", "`coqc` is not on the PATH"));
        assert!(must_fail(true, " , ", "`coqc` is not on the PATH"));
    }

    #[test]
    fn finds_programs_on_the_path() {
        assert!(on_path("sh"));
        assert!(!on_path("certplan-no-such-program"));
    }

    #[test]
    fn quoted_fields() {
        assert_eq!(csv_fields(r#"a,"b, c","d ""e""",,f"#), ["a", "b, c", "d \"e\"", "", "f"]);
    }
}
