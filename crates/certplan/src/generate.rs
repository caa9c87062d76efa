//! `certplan generate DOMAIN --seed N [-p NAME=VALUE]... [--split S --count K] -o DIR`: seeded
//! instances of a library domain (the work is in the `domains` crate). Writes `DIR/domain.pddl`
//! and `DIR/p01.pddl`...; instance i uses seed N+i-1, so one file can be regenerated alone.

use crate::{Fatal, Outcome, Ui, output, stdio};
use serde_json::{Value, json};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct GenerateArgs {
    /// The library domain (`--list` shows them all with their parameters).
    #[arg(required_unless_present = "list")]
    domain: Option<String>,
    /// Seed of the first instance.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A size parameter, `NAME=VALUE` (repeatable); the rest take their defaults.
    #[arg(long = "param", short = 'p', value_parser = setting)]
    params: Vec<(String, u32)>,
    /// An IPC 2023 learning-track size schedule (training, easy, medium, hard): parameters grow
    /// linearly over the `--count` instances. `-p` settings override it.
    #[arg(long)]
    split: Option<String>,
    /// How many instances.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    count: u32,
    /// Output directory (created if missing).
    #[arg(long, short = 'o', required_unless_present = "list")]
    out: Option<PathBuf>,
    /// List the domains, their parameters and schedules.
    #[arg(long)]
    list: bool,
    /// Print one JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
}

pub(crate) fn setting(s: &str) -> Result<(String, u32), String> {
    let (name, value) = s.split_once('=').ok_or_else(|| format!("`{s}` is not NAME=VALUE"))?;
    let value = value.parse::<u32>().map_err(|_| format!("`{value}` is not a non-negative whole number"))?;
    Ok((name.trim().to_string(), value))
}

fn listing() -> String {
    let mut s = String::new();
    for d in domains::library() {
        s.push_str(&format!("{}: {}\n", d.name, d.summary));
        for p in d.params {
            s.push_str(&format!("    {}={} ({}..{}) {}\n", p.name, p.default, p.min, p.max, p.doc));
        }
        for sp in d.splits {
            let r: Vec<String> = sp.ranges.iter().map(|(n, a, b)| format!("{n} {a}-{b}")).collect();
            s.push_str(&format!("    --split {}: {}\n", sp.name, r.join(", ")));
        }
    }
    s
}

/// The library as JSON: `[{"name", "summary", "params": [{"name", "default", "min", "max",
/// "doc"}], "splits": [{"name", "ranges": [[param, from, to]]}]}]`.
fn listing_json() -> Value {
    let domains: Vec<Value> = domains::library()
        .iter()
        .map(|d| {
            let params: Vec<Value> = d
                .params
                .iter()
                .map(|p| json!({ "name": p.name, "default": p.default, "min": p.min, "max": p.max, "doc": p.doc }))
                .collect();
            let splits: Vec<Value> =
                d.splits.iter().map(|sp| json!({ "name": sp.name, "ranges": sp.ranges })).collect();
            json!({ "name": d.name, "summary": d.summary, "params": params, "splits": splits })
        })
        .collect();
    domains.into()
}

pub fn run(args: &GenerateArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let no_sources = pddl::SourceMap::new();
    if args.list {
        if args.json {
            output::print_json("generate", Outcome::Fine, &no_sources, &[], json!({ "domains": listing_json() }))?;
        } else {
            stdio::print(&listing())?;
        }
        return Ok(Outcome::Fine);
    }
    let (Some(name), Some(out)) = (&args.domain, &args.out) else {
        return Err(Fatal("give a DOMAIN and -o DIR, or --list".into()));
    };
    let Some(domain) = domains::find(name) else {
        let names: Vec<&str> = domains::library().iter().map(|d| d.name).collect();
        return Err(Fatal(format!("no library domain `{name}`; known: {}", names.join(", "))));
    };
    let split = match &args.split {
        None => None,
        Some(s) => Some(domain.splits.iter().find(|x| x.name == s.as_str()).ok_or_else(|| {
            let known: Vec<&str> = domain.splits.iter().map(|x| x.name).collect();
            Fatal(format!(
                "`{}` has no split `{s}`; its splits: {}",
                domain.name,
                if known.is_empty() { "none".into() } else { known.join(", ") }
            ))
        })?),
    };
    std::fs::create_dir_all(out).map_err(|e| Fatal(format!("cannot create `{}`: {e}", out.display())))?;
    let write = |file: PathBuf, text: &str| {
        std::fs::write(&file, text).map_err(|e| Fatal(format!("cannot write `{}`: {e}", file.display())))
    };
    write(out.join("domain.pddl"), domain.pddl)?;
    let mut written = vec![out.join("domain.pddl").display().to_string()];
    let count = args.count as usize;
    let width = count.to_string().len().max(2);
    for i in 0..count {
        let params = match split {
            Some(sp) => {
                let base = domain.split_params(sp, i, count).map_err(|e| Fatal(e.to_string()))?;
                let mut settings: Vec<(String, u32)> = base.iter().map(|(n, v)| (n.to_string(), v)).collect();
                settings.extend(args.params.iter().cloned());
                domain.params(&settings)
            }
            None => domain.params(&args.params),
        }
        .map_err(|e| Fatal(e.to_string()))?;
        let file = format!("p{:0width$}", i + 1);
        let seed = args.seed.wrapping_add(i as u64);
        let text =
            domain.generate(&params, seed, &format!("{}-{file}", domain.name)).map_err(|e| Fatal(e.to_string()))?;
        let header = format!(";; certplan generate {} --seed {seed}\n", domain.name);
        write(out.join(format!("{file}.pddl")), &(header + &text))?;
        written.push(out.join(format!("{file}.pddl")).display().to_string());
    }
    if args.json {
        let fields = json!({ "domain": domain.name, "seed": args.seed, "count": count, "out": out.display().to_string(), "written": written });
        output::print_json("generate", Outcome::Fine, &no_sources, &[], fields)?;
    } else if !ui.quiet {
        stdio::print(&format!("wrote domain.pddl and {count} problem(s) to {}\n", out.display()))?;
    }
    Ok(Outcome::Fine)
}
