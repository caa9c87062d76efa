//! `certplan dataset DOMAIN --seed N [--count K] [--train-lengths A-B] [--test-lengths C-D]
//! [--train-objects A-B] [--test-objects C-D] [--per-length N] [--id-alphabet N] [-p NAME=VALUE]...
//! -o DIR`: plan-verification
//! datasets of paper 002 (the work is in `verifylang::dataset`). Writes
//!
//! - `DIR/train.jsonl`, `DIR/test.jsonl`: one example per line, `{"split", "index", "problem",
//!   "plan", "label", "kind", "failing_step", "objects", "length", "tokens"}` (see [`Line`]);
//! - `DIR/vocab.json`: `{"tokens": [...]}`, a token's id being its position;
//! - `DIR/meta.json`: the seed, the settings, the domain's class and the counts per split and
//!   label.
//!
//! Same seed and settings, same bytes: nothing here depends on time, hashing order or threads.

use crate::{Fatal, Outcome, Ui, stdio};
use serde::Serialize;
use serde_json::json;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use verifylang::dataset::{self, Range, SplitSpec, SplitStats};
use verifylang::tokens::Token;

#[derive(clap::Args)]
pub struct DatasetArgs {
    /// The library domain (`certplan generate --list` shows them with their parameters).
    domain: String,
    /// Seed of the whole dataset.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Examples per split (half valid, half invalid; an odd count ends on a valid one).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    count: u64,
    /// Plan lengths of the training split, `A-B` (inclusive).
    #[arg(long, default_value = "11-20", value_parser = range)]
    train_lengths: Range,
    /// Plan lengths of the test split.
    #[arg(long, default_value = "21-200", value_parser = range)]
    test_lengths: Range,
    /// Problem objects of the training split, `A-B`; without it the size parameters decide.
    #[arg(long, value_parser = range)]
    train_objects: Option<Range>,
    /// Problem objects of the test split.
    #[arg(long, value_parser = range)]
    test_objects: Option<Range>,
    /// Pairs (a valid and an invalid plan) drawn from each generated problem.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pairs_per_problem: u64,
    /// A size parameter, `NAME=VALUE` (repeatable), as for `generate`; fixed for every problem
    /// (object ranges scale only the others).
    #[arg(long = "param", short = 'p', value_parser = crate::generate::setting)]
    params: Vec<(String, u32)>,
    /// Examples per plan length: every length of each split's range gets exactly N examples
    /// (`--count` is then ignored).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    per_length: Option<u64>,
    /// Object ids drawn at random, without repetition, from 0..N for each example (the public
    /// code of paper 002 uses 269) instead of numbering objects in order of first appearance.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    id_alphabet: Option<u64>,
    /// Worker threads (default: the available cores); the output does not depend on it.
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u64).range(1..=1024))]
    jobs: Option<u64>,
    /// Output directory (created if missing).
    #[arg(long, short = 'o')]
    out: PathBuf,
    /// Print one JSON object on stdout instead of text: the counts and `meta.json`'s content.
    #[arg(long)]
    pub json: bool,
}

fn range(s: &str) -> Result<Range, String> {
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let n = |x: &str| x.trim().parse::<usize>().map_err(|_| format!("`{s}` is not a range A-B of whole numbers"));
    let (a, b) = (n(a)?, n(b)?);
    if a == 0 || a > b {
        return Err(format!("`{s}` must be A-B with 1 <= A <= B"));
    }
    Ok((a, b))
}

/// One line of `train.jsonl` / `test.jsonl`.
#[derive(Serialize)]
struct Line<'e> {
    split: &'static str,
    /// Position of the example in its split (pairs are consecutive: valid, then invalid).
    index: usize,
    /// The PDDL problem, whose goal is this example's goal.
    problem: &'e str,
    /// The plan, one `(action args)` per step.
    plan: &'e [String],
    /// `valid` or `invalid`, as certplan's validator decides.
    label: &'e str,
    /// `not-executable` or `goal-not-reached` for invalid plans, `null` for valid ones.
    kind: Option<&'e str>,
    /// 1-based step whose precondition fails (`not-executable` only).
    failing_step: Option<usize>,
    /// Problem objects.
    objects: usize,
    /// Plan steps.
    length: usize,
    /// `<init> facts <plan> actions <goal> facts <answer> verdict`, objects as numbers.
    #[serde(serialize_with = "strs")]
    tokens: &'e [Token],
}

fn strs<S: serde::Serializer>(v: &&[Token], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(v.iter().map(|t| &**t))
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> Fatal + '_ {
    move |e| Fatal(format!("cannot write `{}`: {e}", path.display()))
}

/// Writes one split; returns its counts and the most objects an example had.
fn split(spec: &dataset::Spec, s: &SplitSpec, index: u64, dir: &Path, progress: bool) -> Result<SplitStats, Fatal> {
    let path = dir.join(format!("{}.jsonl", s.name));
    let file = std::fs::File::create(&path).map_err(io(&path))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let start = std::time::Instant::now();
    let mut last = start;
    let mut n = 0usize;
    let stats = dataset::build(spec, s, index, |ex| -> Result<(), Fatal> {
        let line = Line {
            split: s.name,
            index: n,
            problem: &ex.problem,
            plan: &ex.plan,
            label: &ex.label,
            kind: ex.kind.as_deref(),
            failing_step: ex.failing_step,
            objects: ex.objects,
            length: ex.length,
            tokens: &ex.tokens,
        };
        serde_json::to_writer(&mut out, &line).map_err(|e| Fatal(format!("cannot write `{}`: {e}", path.display())))?;
        out.write_all(b"\n").map_err(io(&path))?;
        n += 1;
        if progress && last.elapsed().as_millis() >= 200 {
            last = std::time::Instant::now();
            let target = spec.per_length.map_or(spec.count, |k| k * (s.lengths.1 + 1 - s.lengths.0));
            stdio::eprint(&format!("\r{}: {n}/{target} examples", s.name));
        }
        Ok(())
    })
    .map_err(|Fatal(m)| Fatal(format!("{}: {m}", spec.domain.name)))?;
    out.flush().map_err(io(&path))?;
    if progress {
        let secs = start.elapsed().as_secs_f64();
        stdio::eprint(&format!("\r{}: {n} examples in {secs:.1} s ({:.0}/s)\n", s.name, n as f64 / secs.max(1e-9)));
    }
    Ok(stats)
}

impl From<String> for Fatal {
    fn from(m: String) -> Fatal {
        Fatal(m)
    }
}

pub fn run(args: &DatasetArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let Some(domain) = domains::find(&args.domain) else {
        let names: Vec<&str> = domains::library().iter().map(|d| d.name).collect();
        return Err(Fatal(format!("no library domain `{}`; known: {}", args.domain, names.join(", "))));
    };
    // Bad size parameters are reported before anything is written.
    domain.params(&args.params).map_err(|e| Fatal(e.to_string()))?;
    let lifted = domains::lifted_domain(domain.pddl).map_err(|e| Fatal(format!("{}: {e}", domain.name)))?;
    // The class from the syntax alone: checking well-formedness on reachable states would cost
    // more than the dataset; `certplan analyze` does that.
    let analysis = domains::analyze::analyze(&lifted, &[]).map_err(|e| Fatal(format!("{}: {e}", domain.name)))?;
    let out = &args.out;
    std::fs::create_dir_all(out).map_err(|e| Fatal(format!("cannot create `{}`: {e}", out.display())))?;
    let spec = dataset::Spec {
        domain,
        seed: args.seed,
        count: args.count as usize,
        pairs_per_problem: args.pairs_per_problem as usize,
        settings: args.params.clone(),
        jobs: args.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |j| j as usize),
        per_length: args.per_length.map(|n| n as usize),
        id_alphabet: args.id_alphabet.map(|n| n as usize),
    };
    let splits = [
        SplitSpec { name: "train", lengths: args.train_lengths, objects: args.train_objects },
        SplitSpec { name: "test", lengths: args.test_lengths, objects: args.test_objects },
    ];
    let progress = !ui.quiet && !args.json && std::io::stderr().is_terminal();
    let mut stats = Vec::new();
    for (i, s) in splits.iter().enumerate() {
        stats.push(split(&spec, s, i as u64, out, progress)?);
    }
    let max_objects = stats.iter().filter_map(|s| s.max_objects).max().unwrap_or(0);
    let ids = args.id_alphabet.map_or(max_objects, |a| a as usize);
    let vocab = verifylang::tokens::vocabulary(&lifted, ids);
    let write_json = |name: &str, v: &serde_json::Value| -> Result<(), Fatal> {
        let path = out.join(name);
        let text = serde_json::to_string_pretty(v).map_err(|e| Fatal(format!("internal error: {e}")))?;
        std::fs::write(&path, text + "\n").map_err(io(&path))
    };
    write_json("vocab.json", &json!({ "tokens": vocab }))?;
    let range_json = |r: Option<Range>| r.map(|(a, b)| json!([a, b]));
    let params: serde_json::Map<String, serde_json::Value> =
        args.params.iter().map(|(n, v)| (n.clone(), json!(v))).collect();
    let meta = json!({
        "domain": domain.name,
        "class": analysis.class,
        "delete_free": analysis.delete_free,
        "well_formed": analysis.well_formed,
        "conditional_effects": analysis.conditional_effects,
        "counting_exact": analysis.counting_exact,
        "seed": args.seed,
        "count": args.count,
        "pairs_per_problem": args.pairs_per_problem,
        "per_length": args.per_length,
        "id_alphabet": args.id_alphabet,
        "params": params,
        "layout": "<init> facts <plan> actions <goal> facts <answer> verdict",
        "vocabulary": vocab.len(),
        "splits": {
            "train": { "lengths": range_json(Some(args.train_lengths)), "objects": range_json(args.train_objects), "stats": stats[0] },
            "test": { "lengths": range_json(Some(args.test_lengths)), "objects": range_json(args.test_objects), "stats": stats[1] },
        },
    });
    write_json("meta.json", &meta)?;
    let total: usize = stats.iter().map(|s| s.examples).sum();
    if args.json {
        let written: Vec<String> = ["train.jsonl", "test.jsonl", "vocab.json", "meta.json"]
            .iter()
            .map(|f| out.join(f).display().to_string())
            .collect();
        let fields = json!({ "out": out.display().to_string(), "examples": total, "written": written, "meta": meta });
        crate::output::print_json("dataset", Outcome::Fine, &pddl::SourceMap::new(), &[], fields)?;
    } else if !ui.quiet {
        stdio::print(&format!(
            "wrote {total} examples (train.jsonl, test.jsonl, vocab.json, meta.json) to {}\n",
            out.display()
        ))?;
    }
    Ok(Outcome::Fine)
}
