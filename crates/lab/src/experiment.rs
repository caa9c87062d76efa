//! The experiment file (TOML) and the runs it names.
//!
//! ```toml
//! [experiment]
//! name = "ipc2023-easy"
//! results = "results/ipc2023-easy.jsonl"   # relative to the experiment file
//! time_limit = 10                          # seconds of CPU time per run
//! memory_limit = 2048                      # MiB of address space per run
//! # wall_limit = 20                        # wall-clock backstop, default 1.5 * time_limit + 5
//! repetitions = 1
//!
//! [[suite]]
//! name = "ipc2023"
//! root = "../../shared/ipc2023-test"       # relative to the experiment file
//! problems = ["*/easy/p0*.pddl"]           # globs under root (`*`, `?`, `[a-z]` per path component)
//! bounds = "upper_bounds.json"             # optional: {"key": cost}, keys made by bounds_key
//! bounds_key = "{domain}/testing/{split}/{name}"
//! # or: index = "index.csv" with columns domain, problem_path, domain_path,
//! #     known_optimal_cost_if_any, upper_bound (paths relative to root)
//!
//! [[config]]
//! name = "blind"
//! search = "astar(blind())"                # a certplan configuration: `certplan plan --search`
//!
//! [[config]]
//! name = "fd-lmcut"                        # an external planner: a command template
//! command = ["bash", "{experiment_dir}/fast-downward.sh", "--plan-file", "{plan}", "{domain}",
//!            "{problem}", "--search", "astar(lmcut())"]
//! log = "fast-downward"                    # how to read its output: fast-downward or none
//! optimal = true                           # a cost above a bound is then flagged loudly
//! ```
//!
//! A task's domain file, when neither the index nor `domain` gives it, is `domain.pddl` in the
//! problem's folder or the nearest folder above it (up to `root`), as in the IPC layouts. A task's
//! domain name is the first folder of its path under `root` (or the index's `domain` column; or
//! the suite's name for problems right under `root`).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// An experiment as written in its file, with paths resolved against the file's folder.
#[derive(Debug, Clone)]
pub struct Experiment {
    pub path: PathBuf,
    /// The file's text, recorded in every results file.
    pub text: String,
    pub settings: Settings,
    pub suites: Vec<SuiteSpec>,
    pub configs: Vec<ConfigSpec>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub name: String,
    /// The results file (JSONL); relative to the experiment file.
    pub results: PathBuf,
    /// Seconds of CPU time per run.
    pub time_limit: f64,
    /// MiB of address space per run.
    pub memory_limit: u64,
    /// Wall-clock seconds after which a run's process group is killed (a backstop for runs that
    /// use no CPU); default `1.5 × time_limit + 5`.
    pub wall_limit: Option<f64>,
    #[serde(default = "one")]
    pub repetitions: u32,
    /// Folder for the runs' own files (stdout, stderr, plan); default: beside the results, `<stem>-runs`.
    pub run_dir: Option<PathBuf>,
    /// The certplan executable for certplan configurations; default: the running one.
    pub certplan: Option<PathBuf>,
}

fn one() -> u32 {
    1
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuiteSpec {
    pub name: String,
    pub root: PathBuf,
    #[serde(default)]
    pub problems: Vec<String>,
    pub index: Option<PathBuf>,
    /// Only index rows whose `split` column is one of these.
    #[serde(default)]
    pub splits: Vec<String>,
    /// A domain file for every problem (relative to root); default: found as the module says.
    pub domain: Option<PathBuf>,
    pub bounds: Option<PathBuf>,
    #[serde(default = "default_bounds_key")]
    pub bounds_key: String,
}

fn default_bounds_key() -> String {
    "{path}".into()
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigSpec {
    pub name: String,
    /// certplan's `--search` text.
    pub search: Option<String>,
    /// certplan's `--alias`.
    pub alias: Option<String>,
    /// An external planner's command: `{domain}`, `{problem}`, `{plan}`, `{time_limit}`,
    /// `{memory_limit}` and `{experiment_dir}` (the experiment file's folder) are replaced. It
    /// starts in the run's own folder.
    pub command: Option<Vec<String>>,
    /// How to read an external planner's log: `fast-downward` or `none`.
    pub log: Option<String>,
    /// Whether plans are optimal, so that a cost above a known bound is a bug. Default: true for
    /// certplan `astar(...)` searches and `seq-opt-*` aliases, false for external commands.
    pub optimal: Option<bool>,
    /// Extra arguments for `certplan plan` (e.g. `--no-h2`).
    #[serde(default)]
    pub args: Vec<String>,
}

impl ConfigSpec {
    pub fn is_optimal(&self) -> bool {
        self.optimal.unwrap_or_else(|| {
            self.search.as_deref().is_some_and(|s| s.trim_start().starts_with("astar("))
                || self.alias.as_deref().is_some_and(|a| a.starts_with("seq-opt"))
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    experiment: Settings,
    #[serde(default)]
    suite: Vec<SuiteSpec>,
    #[serde(default)]
    config: Vec<ConfigSpec>,
}

/// A planning task of a suite.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Task {
    pub suite: String,
    pub domain: String,
    /// The problem's path under the suite's root, `/`-separated (the task's name).
    pub problem: String,
    pub domain_file: PathBuf,
    pub problem_file: PathBuf,
    /// A known optimal cost or upper bound on it.
    pub bound: Option<u64>,
}

/// One run: a configuration on a task, one repetition.
#[derive(Debug, Clone)]
pub struct Run {
    pub key: String,
    pub config: usize,
    pub task: Task,
    pub repetition: u32,
}

pub fn run_key(config: &str, task: &Task, repetition: u32) -> String {
    format!("{config}:{}:{}:{repetition}", task.suite, task.problem)
}

impl Experiment {
    /// Reads and checks an experiment file; errors name the file (and line, for TOML errors).
    pub fn load(path: &Path) -> Result<Experiment, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
        Experiment::parse(path, &text)
    }

    pub fn parse(path: &Path, text: &str) -> Result<Experiment, String> {
        let file: File = toml::from_str(text).map_err(|e| {
            let at = e.span().map(|s| line_col(text, s.start)).map_or(String::new(), |(l, c)| format!(":{l}:{c}"));
            format!("{}{at}: {}", path.display(), e.message())
        })?;
        let base = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let err = |m: String| format!("{}: {m}", path.display());
        let mut settings = file.experiment;
        if !(settings.time_limit > 0.0 && settings.time_limit.is_finite()) {
            return Err(err("experiment.time_limit must be a positive number of seconds".into()));
        }
        if settings.wall_limit.is_some_and(|w| !(w > 0.0 && w.is_finite())) {
            return Err(err("experiment.wall_limit must be a positive number of seconds".into()));
        }
        if settings.memory_limit == 0 {
            return Err(err("experiment.memory_limit must be a positive number of MiB".into()));
        }
        if settings.repetitions == 0 {
            return Err(err("experiment.repetitions must be at least 1".into()));
        }
        settings.results = base.join(&settings.results);
        settings.run_dir = settings.run_dir.map(|d| base.join(d));
        // Absolute: runs start in their own folders.
        settings.certplan = settings.certplan.map(|d| std::path::absolute(base.join(&d)).unwrap_or(d));
        let mut suites = file.suite;
        for s in &mut suites {
            s.root = base.join(&s.root);
            if s.problems.is_empty() == s.index.is_none() {
                return Err(err(format!("suite `{}` needs either `problems` (globs) or `index`", s.name)));
            }
        }
        if suites.is_empty() {
            return Err(err("the experiment has no [[suite]]".into()));
        }
        if file.config.is_empty() {
            return Err(err("the experiment has no [[config]]".into()));
        }
        let mut names = std::collections::BTreeSet::new();
        for c in &file.config {
            let kinds = c.search.is_some() as u8 + c.alias.is_some() as u8 + c.command.is_some() as u8;
            if kinds != 1 {
                return Err(err(format!("config `{}` needs exactly one of `search`, `alias`, `command`", c.name)));
            }
            if c.command.as_ref().is_some_and(|v| v.is_empty()) {
                return Err(err(format!("config `{}` has an empty `command`", c.name)));
            }
            if let Some(log) = &c.log
                && !["fast-downward", "none"].contains(&log.as_str())
            {
                return Err(err(format!("config `{}`: unknown log `{log}` (fast-downward or none)", c.name)));
            }
            if !names.insert(c.name.clone()) || c.name.contains(':') {
                return Err(err(format!("config name `{}` is repeated or contains `:`", c.name)));
            }
        }
        Ok(Experiment { path: path.to_path_buf(), text: text.to_string(), settings, suites, configs: file.config })
    }

    /// Every task of every suite, in a fixed order (suite, then path).
    pub fn tasks(&self) -> Result<Vec<Task>, String> {
        let mut all = Vec::new();
        for s in &self.suites {
            let mut tasks = s.tasks()?;
            if tasks.is_empty() {
                return Err(format!("suite `{}` has no problem (root `{}`)", s.name, s.root.display()));
            }
            all.append(&mut tasks);
        }
        Ok(all)
    }

    /// Every run, in a fixed order: task, then configuration, then repetition. A shard takes
    /// every N-th of them, so that hard domains spread over the shards.
    pub fn runs(&self) -> Result<Vec<Run>, String> {
        let tasks = self.tasks()?;
        let mut runs = Vec::new();
        for t in &tasks {
            for (ci, c) in self.configs.iter().enumerate() {
                for r in 0..self.settings.repetitions {
                    runs.push(Run { key: run_key(&c.name, t, r), config: ci, task: t.clone(), repetition: r });
                }
            }
        }
        Ok(runs)
    }

    pub fn run_dir(&self) -> PathBuf {
        self.settings.run_dir.clone().unwrap_or_else(|| {
            let r = &self.settings.results;
            let stem = r.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            r.with_file_name(format!("{stem}-runs"))
        })
    }

    /// The results file of shard `i` of `n` (`results.shard-2-of-8.jsonl`).
    pub fn shard_results(&self, shard: Shard) -> PathBuf {
        let r = &self.settings.results;
        let stem = r.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        r.with_file_name(format!("{stem}.shard-{}-of-{}.jsonl", shard.index, shard.count))
    }
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rfind('\n').map_or(before.len(), |p| before.len() - p - 1) + 1;
    (line, col)
}

/// A slice of an experiment: runs whose position modulo `count` is `index` (0-based, as Slurm's
/// `SLURM_ARRAY_TASK_ID` of an array `0-(N-1)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard `{s}`: write i/N with 0 <= i < N (0-based, as SLURM_ARRAY_TASK_ID)");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: usize = i.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl Shard {
    pub fn select<T>(self, items: Vec<T>) -> Vec<T> {
        items.into_iter().enumerate().filter(|(i, _)| i % self.count == self.index).map(|(_, t)| t).collect()
    }
}

impl SuiteSpec {
    pub fn tasks(&self) -> Result<Vec<Task>, String> {
        let bounds = self.load_bounds()?;
        let mut tasks = Vec::new();
        if let Some(index) = &self.index {
            let path = self.root.join(index);
            let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
            for row in read_csv(&text, &path)? {
                let get = |k: &str| row.get(k).map(String::as_str).unwrap_or("");
                if !self.splits.is_empty() && !self.splits.iter().any(|s| s == get("split")) {
                    continue;
                }
                let problem = get("problem_path").to_string();
                if problem.is_empty() {
                    return Err(format!("{}: a row without problem_path", path.display()));
                }
                let domain_file = match get("domain_path") {
                    "" => self.find_domain(&self.root.join(&problem))?,
                    d => self.root.join(d),
                };
                let bound = [get("known_optimal_cost_if_any"), get("upper_bound")]
                    .iter()
                    .filter_map(|v| v.trim().parse::<f64>().ok())
                    .map(|v| v as u64)
                    .min()
                    .or_else(|| bounds.get(&self.key_of(&problem)).copied());
                let domain = match get("domain") {
                    "" => domain_of(&problem, &self.name),
                    d => d.to_string(),
                };
                tasks.push(Task {
                    suite: self.name.clone(),
                    domain,
                    problem_file: self.root.join(&problem),
                    problem,
                    domain_file,
                    bound,
                });
            }
        } else {
            let mut rels = Vec::new();
            for pattern in &self.problems {
                let found = glob(&self.root, pattern)?;
                if found.is_empty() {
                    return Err(format!(
                        "suite `{}`: `{pattern}` matches nothing under `{}`",
                        self.name,
                        self.root.display()
                    ));
                }
                rels.extend(found);
            }
            rels.retain(|r| !file_name(r).starts_with("domain"));
            rels.sort();
            rels.dedup();
            for rel in rels {
                let problem_file = self.root.join(&rel);
                let domain_file = match &self.domain {
                    Some(d) => self.root.join(d),
                    None => self.find_domain(&problem_file)?,
                };
                tasks.push(Task {
                    suite: self.name.clone(),
                    domain: domain_of(&rel, &self.name),
                    bound: bounds.get(&self.key_of(&rel)).copied(),
                    problem: rel,
                    domain_file,
                    problem_file,
                });
            }
        }
        Ok(tasks)
    }

    /// The bounds file's key of a problem: `bounds_key` with `{path}` (the path under root),
    /// `{domain}` (its first folder), `{split}` (the folder holding it) and `{name}` (file name).
    fn key_of(&self, rel: &str) -> String {
        let parts: Vec<&str> = rel.split('/').collect();
        let split = if parts.len() >= 2 { parts[parts.len() - 2] } else { "" };
        self.bounds_key
            .replace("{path}", rel)
            .replace("{domain}", parts[0])
            .replace("{split}", split)
            .replace("{name}", parts[parts.len() - 1])
    }

    fn load_bounds(&self) -> Result<BTreeMap<String, u64>, String> {
        let Some(b) = &self.bounds else { return Ok(BTreeMap::new()) };
        let path = self.root.join(b);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
        let map: BTreeMap<String, f64> =
            serde_json::from_str(&text).map_err(|e| format!("{}:{}: {e}", path.display(), e.line()))?;
        Ok(map.into_iter().map(|(k, v)| (k, v as u64)).collect())
    }

    fn find_domain(&self, problem: &Path) -> Result<PathBuf, String> {
        let mut dir = problem.parent();
        while let Some(d) = dir {
            let candidate = d.join("domain.pddl");
            if candidate.is_file() {
                return Ok(candidate);
            }
            if d == self.root || !d.starts_with(&self.root) {
                break;
            }
            dir = d.parent();
        }
        Err(format!("no domain.pddl beside or above `{}` (give the suite a `domain`)", problem.display()))
    }
}

/// A task's domain: the first folder of its path under the root, or the suite's name for a
/// problem right under the root.
fn domain_of(rel: &str, suite: &str) -> String {
    match rel.split_once('/') {
        Some((first, _)) => first.to_string(),
        None => suite.to_string(),
    }
}

fn file_name(rel: &str) -> &str {
    rel.rsplit('/').next().unwrap_or(rel)
}

/// Whether a `/`-separated path matches a pattern of the same number of components, each matched
/// as [`glob`] matches them.
pub fn path_matches(pattern: &str, path: &str) -> bool {
    let (p, x): (Vec<&str>, Vec<&str>) = (pattern.split('/').collect(), path.split('/').collect());
    p.len() == x.len() && p.iter().zip(&x).all(|(a, b)| matches(a.as_bytes(), b.as_bytes()))
}

/// The files under `root` matching `pattern` (`/`-separated; `*`, `?` and `[...]` within one
/// path component), as `/`-separated paths relative to root, sorted.
pub fn glob(root: &Path, pattern: &str) -> Result<Vec<String>, String> {
    let parts: Vec<&str> = pattern.split('/').filter(|p| !p.is_empty() && *p != ".").collect();
    let mut out = Vec::new();
    walk(root, "", &parts, &mut out)?;
    out.sort();
    Ok(out)
}

fn walk(dir: &Path, prefix: &str, parts: &[&str], out: &mut Vec<String>) -> Result<(), String> {
    let Some((first, rest)) = parts.split_first() else { return Ok(()) };
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read folder `{}`: {e}", dir.display()))?;
    let mut names: Vec<(String, bool)> = Vec::new();
    for e in entries {
        let e = e.map_err(|e| format!("cannot read folder `{}`: {e}", dir.display()))?;
        let name = e.file_name().to_string_lossy().into_owned();
        let is_dir = e.path().is_dir();
        names.push((name, is_dir));
    }
    names.sort();
    for (name, is_dir) in names {
        if name.starts_with('.') || !matches(first.as_bytes(), name.as_bytes()) {
            continue;
        }
        let rel = if prefix.is_empty() { name.clone() } else { format!("{prefix}/{name}") };
        if rest.is_empty() {
            if !is_dir {
                out.push(rel);
            }
        } else if is_dir {
            walk(&dir.join(&name), &rel, rest, out)?;
        }
    }
    Ok(())
}

/// Shell-style matching of one path component.
fn matches(p: &[u8], s: &[u8]) -> bool {
    match p.first() {
        None => s.is_empty(),
        Some(b'*') => (0..=s.len()).any(|i| matches(&p[1..], &s[i..])),
        Some(b'?') => !s.is_empty() && matches(&p[1..], &s[1..]),
        Some(b'[') => {
            let Some(end) = p.iter().position(|&c| c == b']') else {
                return s.first() == Some(&b'[') && matches(&p[1..], &s[1..]);
            };
            let Some(&c) = s.first() else { return false };
            let class = &p[1..end];
            let (negate, class) = match class.first() {
                Some(b'!' | b'^') => (true, &class[1..]),
                _ => (false, class),
            };
            let mut hit = false;
            let mut i = 0;
            while i < class.len() {
                if i + 2 < class.len() && class[i + 1] == b'-' {
                    hit |= class[i] <= c && c <= class[i + 2];
                    i += 3;
                } else {
                    hit |= class[i] == c;
                    i += 1;
                }
            }
            hit != negate && matches(&p[end + 1..], &s[1..])
        }
        Some(&c) => s.first() == Some(&c) && matches(&p[1..], &s[1..]),
    }
}

/// A small CSV reader (RFC 4180 quotes), rows as column-name maps.
fn read_csv(text: &str, path: &Path) -> Result<Vec<BTreeMap<String, String>>, String> {
    let mut records: Vec<Vec<String>> = Vec::new();
    let mut field = String::new();
    let mut record = Vec::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    let mut it = records.into_iter();
    let header = it.next().ok_or_else(|| format!("{}: empty CSV file", path.display()))?;
    let mut rows = Vec::new();
    for (n, r) in it.enumerate() {
        if r.len() == 1 && r[0].is_empty() {
            continue;
        }
        if r.len() != header.len() {
            return Err(format!("{}:{}: {} fields, the header has {}", path.display(), n + 2, r.len(), header.len()));
        }
        rows.push(header.iter().cloned().zip(r).collect());
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_patterns() {
        assert!(path_matches("spanner/hard/*", "spanner/hard/p09.pddl"));
        assert!(path_matches("*/easy/p0?.pddl", "ferry/easy/p07.pddl"));
        assert!(!path_matches("*/easy/p0?.pddl", "ferry/easy/p17.pddl"));
        assert!(!path_matches("spanner/*", "spanner/hard/p09.pddl"));
    }

    #[test]
    fn glob_components() {
        assert!(matches(b"p0*.pddl", b"p01.pddl"));
        assert!(!matches(b"p0*.pddl", b"p10.pddl"));
        assert!(matches(b"p[0-1][0-9].pddl", b"p10.pddl"));
        assert!(!matches(b"p[!0]?.pddl", b"p01.pddl"));
        assert!(matches(b"?", b"a"));
    }

    #[test]
    fn shards_partition_exactly() {
        for n in 1..7 {
            let mut seen: Vec<usize> =
                (0..n).flat_map(|i| Shard { index: i, count: n }.select((0..23).collect())).collect();
            seen.sort();
            assert_eq!(seen, (0..23).collect::<Vec<_>>());
        }
        assert!("3/3".parse::<Shard>().is_err());
        assert!("0/0".parse::<Shard>().is_err());
        assert_eq!("2/5".parse::<Shard>(), Ok(Shard { index: 2, count: 5 }));
    }

    #[test]
    fn csv_quotes() {
        let rows = read_csv("a,b\n1,\"x,\"\"y\"\"\"\n", Path::new("t.csv")).unwrap();
        assert_eq!(rows[0]["b"], "x,\"y\"");
    }

    #[test]
    fn toml_errors_name_the_line() {
        let e = Experiment::parse(Path::new("e.toml"), "[experiment]\nname = 3\n").unwrap_err();
        assert!(e.starts_with("e.toml:2:"), "{e}");
    }
}
