//! Parse-speed benchmark, the Rust side of `bench/` (see `bench/README.md`).
//!
//! ```sh
//! cargo build --release -p model --example parse_bench
//! target/release/examples/parse_bench bench/pairs.tsv [--repeat 5] [--warmup 1] [--no-check]
//! ```
//!
//! For each `domain<TAB>problem` line of the TSV (blank lines and `#` lines are skipped; relative
//! paths are resolved against the TSV's directory, as `fd_parse.py` does), it runs `--warmup`
//! untimed and then `--repeat` timed iterations of loading the pair through the front door
//! (`model::front`, as the CLI does): read both files from disk (size cap, binary check, UTF-8
//! decoding), parse the domain and the problem, and run `model::check` on them (skipped with
//! `--no-check`). Dropping the trees is not timed (FD's
//! `del task` is outside its timed region too).
//!
//! Output, one JSON object per line, in the format of `bench/fd_parse.py`:
//!
//! ```json
//! {"impl": "certplan-rust", "domain": "...", "problem": "...", "bytes": 464453, "median_s": 0.0021, "min_s": 0.0020}
//! ```
//!
//! A pair whose files cannot be read or that has parse errors gets `"error"` instead of the times,
//! is left out of the summary, and makes the exit code 1. Check errors (diagnostics of
//! `model::check`) are not failures: their number is reported as `"check_errors"` when non-zero.
//! The last line is the summary, with the keys of `fd_parse.py`'s summary (`summary`, `impl`,
//! `version`, `pairs`, `failed`, `repeat`, `total_bytes`, `sum_median_s`, `sum_min_s`, `mb_per_s`,
//! `mb_per_s_min`) plus `"check"` (whether `model::check` was timed) and `"warmup"`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use model::front::{Request, Source};

const USAGE: &str = "usage: parse_bench PAIRS.tsv [--repeat R (default 5)] [--warmup W (default 1)] [--no-check]";

struct Args {
    tsv: PathBuf,
    repeat: usize,
    warmup: usize,
    check: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut tsv = None;
    let mut repeat = 5;
    let mut warmup = 1;
    let mut check = true;
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if a.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (a.clone(), None),
        };
        let mut value = |name: &str| -> Result<usize, String> {
            let v = inline.clone().or_else(|| it.next()).ok_or(format!("{name} needs a value"))?;
            v.parse().map_err(|_| format!("{name}: not a number: {v}"))
        };
        match flag.as_str() {
            "--repeat" | "-r" => repeat = value("--repeat")?,
            "--warmup" => warmup = value("--warmup")?,
            "--no-check" => check = false,
            "-h" | "--help" => return Err(String::new()),
            s if s.starts_with('-') => return Err(format!("unknown option {s}")),
            _ if tsv.is_none() => tsv = Some(PathBuf::from(a)),
            _ => return Err(format!("unexpected argument {a}")),
        }
    }
    if repeat == 0 {
        return Err("--repeat must be >= 1".into());
    }
    Ok(Args { tsv: tsv.ok_or("missing PAIRS.tsv")?, repeat, warmup, check })
}

fn read_pairs(tsv: &Path) -> Result<Vec<(String, String)>, String> {
    let text = std::fs::read_to_string(tsv).map_err(|e| format!("{}: {e}", tsv.display()))?;
    let base = std::path::absolute(tsv).ok().and_then(|p| p.parent().map(Path::to_path_buf)).unwrap_or_default();
    let resolve = |c: &str| {
        if Path::new(c).is_absolute() { c.to_string() } else { base.join(c).to_string_lossy().into_owned() }
    };
    let mut pairs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 2 {
            return Err(format!("{}:{}: expected domain<TAB>problem", tsv.display(), i + 1));
        }
        pairs.push((resolve(cols[0]), resolve(cols[1])));
    }
    Ok(pairs)
}

/// What one iteration produced; kept alive until after the clock is read.
struct Outcome {
    parse_errors: usize,
    check_errors: usize,
    _trees: (Option<pddl::ast::Domain>, Option<pddl::ast::Problem>),
}

/// One timed unit of work: read, parse, check, through the front door.
fn run_once(domain: &str, problem: &str, check: bool) -> Result<Outcome, String> {
    let mut request = Request::new(Source::path(domain)).problem(Source::path(problem));
    if !check {
        request = request.syntax_only();
    }
    let mut loaded = request.load().map_err(|e| e.to_string())?;
    let syntax = |d: &&pddl::Diagnostic| pddl::diagnostic::codes::ALL.contains(&d.code);
    let parse_errors = loaded.diagnostics.iter().filter(|d| d.is_error()).filter(syntax).count();
    let check_errors = loaded.errors() - parse_errors;
    std::hint::black_box(&loaded);
    let problem = loaded.problems.pop().and_then(|p| p.problem);
    Ok(Outcome { parse_errors, check_errors, _trees: (loaded.domain.take(), problem) })
}

/// The median as Python's `statistics.median` computes it (mean of the middle two for even n).
fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0 }
}

/// A JSON string literal.
fn js(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON number (`null` for NaN and infinities). `{}` on f64 never uses an exponent, so it is
/// valid JSON as written.
fn jf(v: f64) -> String {
    if v.is_finite() { format!("{v}") } else { "null".into() }
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("parse_bench: {e}");
            }
            eprintln!("{USAGE}");
            return if e.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(2) };
        }
    };
    let pairs = match read_pairs(&args.tsv) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("parse_bench: {e}");
            return ExitCode::from(2);
        }
    };

    let (mut total_bytes, mut sum_median, mut sum_min) = (0u64, 0.0f64, 0.0f64);
    let (mut n_ok, mut n_fail) = (0usize, 0usize);
    for (domain, problem) in &pairs {
        let size = |p: &str| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
        let nbytes = size(domain) + size(problem);
        let head = format!(
            "{{\"impl\": \"certplan-rust\", \"domain\": {}, \"problem\": {}, \"bytes\": {nbytes}",
            js(domain),
            js(problem)
        );
        let mut times = Vec::with_capacity(args.repeat);
        let mut result: Result<usize, String> = Ok(0);
        for i in 0..args.warmup + args.repeat {
            let t0 = Instant::now();
            let out = run_once(domain, problem, args.check);
            let dt = t0.elapsed().as_secs_f64();
            // `out` (the trees) is dropped after the clock was read.
            match out {
                Ok(o) if o.parse_errors == 0 => result = Ok(o.check_errors),
                Ok(o) => {
                    result = Err(format!("{} parse error(s)", o.parse_errors));
                    break;
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
            if i >= args.warmup {
                times.push(dt);
            }
        }
        match result {
            Ok(check_errors) => {
                times.sort_by(f64::total_cmp);
                let (med, mn) = (median(&times), times[0]);
                total_bytes += nbytes;
                sum_median += med;
                sum_min += mn;
                n_ok += 1;
                let extra =
                    if check_errors > 0 { format!(", \"check_errors\": {check_errors}") } else { String::new() };
                println!("{head}, \"median_s\": {}, \"min_s\": {}{extra}}}", jf(med), jf(mn));
            }
            Err(e) => {
                n_fail += 1;
                println!("{head}, \"error\": {}}}", js(&e));
            }
        }
    }

    let rate = |s: f64| {
        if s > 0.0 { jf(total_bytes as f64 / 1e6 / s) } else { "null".into() }
    };
    let version = format!(
        "certplan {} (pddl + model{}), {} build",
        env!("CARGO_PKG_VERSION"),
        if args.check { "::check" } else { ", parse only" },
        if cfg!(debug_assertions) { "debug" } else { "release" }
    );
    println!(
        "{{\"summary\": true, \"impl\": \"certplan-rust\", \"version\": {}, \"check\": {}, \"pairs\": {n_ok}, \
         \"failed\": {n_fail}, \"repeat\": {}, \"warmup\": {}, \"total_bytes\": {total_bytes}, \
         \"sum_median_s\": {}, \"sum_min_s\": {}, \"mb_per_s\": {}, \"mb_per_s_min\": {}}}",
        js(&version),
        args.check,
        args.repeat,
        args.warmup,
        jf(sum_median),
        jf(sum_min),
        rate(sum_median),
        rate(sum_min)
    );
    if n_fail > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
