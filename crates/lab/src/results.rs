//! The results file: JSON lines, appended and fsync'd one at a time, so that a runner killed at
//! any moment leaves every finished run on disk and at most one torn last line.
//!
//! Two kinds of line, told apart by `"kind"`:
//! - `session`: written when a `lab run` starts: certplan's version and git commit, the machine
//!   (cores, memory), the experiment file's text, the shard, `--jobs`, the start time.
//! - `run`: one finished run ([`RunRecord`]), with the exact command it ran.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A plan was found and validated.
    Solved,
    /// Proved unsolvable.
    Unsolvable,
    /// Search space exhausted without a plan under a bound (incomplete search).
    UnsolvedIncomplete,
    OutOfTime,
    OutOfMemory,
    /// The planner refused the input (PDDL errors, unsupported constructs).
    InputError,
    Unsupported,
    /// The plan found failed validation: a bug of the planner.
    InvalidPlan,
    /// Anything else: a signal, an unknown exit status, no plan after "success".
    Crashed,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::UnsolvedIncomplete => "unsolved_incomplete",
            Status::OutOfTime => "out_of_time",
            Status::OutOfMemory => "out_of_memory",
            Status::InputError => "input_error",
            Status::Unsupported => "unsupported",
            Status::InvalidPlan => "invalid_plan",
            Status::Crashed => "crashed",
        }
    }
}

/// One finished run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    pub kind: String,
    pub key: String,
    pub config: String,
    pub suite: String,
    pub domain: String,
    pub problem: String,
    pub repetition: u32,
    /// The exact command, as an argument vector.
    pub command: Vec<String>,
    pub status: Status,
    /// The process's exit status, or null when a signal ended it.
    pub exit_code: Option<i32>,
    pub signal: Option<i32>,
    /// Which limit ended the run, if one did: `cpu` (RLIMIT_CPU), `wall` (the backstop),
    /// `memory` (RLIMIT_AS), or `planner` (the planner's own limit check).
    pub limit_hit: Option<String>,
    pub cost: Option<u64>,
    pub length: Option<u64>,
    /// The validator's verdict on the plan found (`valid`, `invalid`, ...), null without a plan.
    pub plan_verdict: Option<String>,
    /// The task's known optimal cost or upper bound.
    pub bound: Option<u64>,
    /// A plan's cost is above the bound while the configuration claims optimality.
    pub above_bound: bool,
    pub expansions: Option<u64>,
    pub generated: Option<u64>,
    /// Seconds per phase as the planner reports them (parse, ground, search, ...).
    pub times: BTreeMap<String, f64>,
    /// Wall-clock seconds of the process, measured by the runner.
    pub wall_time: f64,
    /// CPU seconds (user + system) of the process and its waited-for children.
    pub cpu_time: f64,
    /// Peak resident memory in KiB (getrusage's maxrss).
    pub peak_memory_kib: u64,
    /// The last lines of stderr when the run did not end normally.
    pub stderr_tail: Option<String>,
}

/// The fields of a record that must agree between two runs of the same experiment (not times or
/// memory, which vary).
pub fn stable_view(r: &RunRecord) -> Value {
    serde_json::json!({
        "key": r.key, "status": r.status, "exit_code": r.exit_code, "cost": r.cost, "length": r.length,
        "plan_verdict": r.plan_verdict, "expansions": r.expansions, "generated": r.generated,
        "above_bound": r.above_bound, "bound": r.bound,
    })
}

/// A results file read back: its session lines and its runs, in file order.
#[derive(Debug, Default)]
pub struct Results {
    pub sessions: Vec<Value>,
    pub runs: Vec<RunRecord>,
    /// Byte length of the complete lines; a torn last line starts here.
    pub good_len: u64,
    /// A torn (incomplete or unreadable) last line was found.
    pub torn: bool,
    /// Records replaced by a later record of the same run (`lab run --redo`).
    pub superseded: usize,
}

impl Results {
    /// Reads a results file. A last line that is cut short (no newline, or not JSON) is reported
    /// in `torn`; a broken line before the last is an error naming its line number.
    pub fn read(path: &Path) -> Result<Results, String> {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Results::default()),
            Err(e) => return Err(format!("cannot read `{}`: {e}", path.display())),
        };
        let mut out = Results::default();
        let mut start = 0usize;
        let mut line_no = 0;
        while start < bytes.len() {
            line_no += 1;
            let end = bytes[start..].iter().position(|&b| b == b'\n').map(|p| start + p);
            let line = &bytes[start..end.unwrap_or(bytes.len())];
            let parsed: Option<Value> = std::str::from_utf8(line).ok().and_then(|s| serde_json::from_str(s).ok());
            let is_last = end.is_none_or(|e| e + 1 >= bytes.len());
            match (parsed, end) {
                (Some(v), Some(e)) => {
                    match v.get("kind").and_then(Value::as_str) {
                        Some("session") => out.sessions.push(v),
                        Some("run") => out.runs.push(
                            serde_json::from_value(v)
                                .map_err(|err| format!("{}:{line_no}: not a run record: {err}", path.display()))?,
                        ),
                        _ => return Err(format!("{}:{line_no}: a line without a known `kind`", path.display())),
                    }
                    start = e + 1;
                    out.good_len = start as u64;
                }
                _ if is_last => {
                    out.torn = true;
                    break;
                }
                _ => {
                    return Err(format!(
                        "{}:{line_no}: a broken line in the middle of the results file",
                        path.display()
                    ));
                }
            }
        }
        out.keep_latest();
        out.order_configs();
        Ok(out)
    }

    /// A run done again (`lab run --redo`) appends a new record: the last one of a key counts,
    /// the earlier ones stay in the file as history and are counted in `superseded`.
    fn keep_latest(&mut self) {
        let mut last: BTreeMap<String, usize> = BTreeMap::new();
        for (i, r) in self.runs.iter().enumerate() {
            last.insert(r.key.clone(), i);
        }
        let before = self.runs.len();
        let mut i = 0;
        self.runs.retain(|r| {
            i += 1;
            last[&r.key] == i - 1
        });
        self.superseded = before - self.runs.len();
    }

    /// Puts the runs in the order of the configurations in the experiment file (the last
    /// session's), so that tables and legends list them as the experiment does whatever order
    /// parallel runs finished in. Configurations the file does not name keep their order, after.
    fn order_configs(&mut self) {
        let named: Vec<String> = self
            .sessions
            .last()
            .and_then(|s| s["experiment_text"].as_str())
            .and_then(|t| t.parse::<toml::Table>().ok())
            .and_then(|t| t.get("config").and_then(|c| c.as_array()).cloned())
            .map(|cs| cs.iter().filter_map(|c| c.get("name").and_then(|n| n.as_str()).map(String::from)).collect())
            .unwrap_or_default();
        let rank = |c: &str| named.iter().position(|n| n == c).unwrap_or(named.len());
        self.runs.sort_by_key(|r| rank(&r.config));
    }

    /// The runs by key.
    pub fn by_key(&self) -> BTreeMap<&str, &RunRecord> {
        self.runs.iter().map(|r| (r.key.as_str(), r)).collect()
    }
}

/// An append-only results file: every line is written whole and fsync'd before the next.
pub struct Writer {
    file: File,
}

impl Writer {
    /// Opens `path` for appending, first cutting off a torn last line left by a killed runner.
    pub fn open(path: &Path, good_len: u64) -> Result<Writer, String> {
        if let Some(dir) = path.parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create `{}`: {e}", dir.display()))?;
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .read(true)
            .open(path)
            .map_err(|e| format!("cannot open `{}`: {e}", path.display()))?;
        let len = file.metadata().map_err(|e| format!("cannot stat `{}`: {e}", path.display()))?.len();
        if len > good_len {
            file.set_len(good_len).map_err(|e| format!("cannot truncate `{}`: {e}", path.display()))?;
        }
        Ok(Writer { file })
    }

    pub fn append(&mut self, v: &Value) -> Result<(), String> {
        let mut line = serde_json::to_string(v).map_err(|e| e.to_string())?;
        line.push('\n');
        self.file.write_all(line.as_bytes()).map_err(|e| format!("cannot append a result: {e}"))?;
        self.file.sync_data().map_err(|e| format!("cannot sync the results file: {e}"))
    }
}

/// Merges shard results into one file: every session line, then each run once (in the given
/// order of keys; runs of keys not in `order` after them). Two different records for one key
/// are an error, as is a torn line (a shard still running, or killed: run it again first).
pub fn merge(inputs: &[&Path], order: &[String], out: &Path) -> Result<MergeReport, String> {
    let mut sessions = Vec::new();
    let mut runs: BTreeMap<String, RunRecord> = BTreeMap::new();
    for p in inputs {
        let r = Results::read(p)?;
        if r.torn {
            return Err(format!("`{}` ends in a torn line: resume that shard before merging", p.display()));
        }
        sessions.extend(r.sessions);
        for run in r.runs {
            if let Some(old) = runs.get(&run.key)
                && stable_view(old) != stable_view(&run)
            {
                return Err(format!(
                    "run `{}` has different results in two inputs (one is `{}`)",
                    run.key,
                    p.display()
                ));
            }
            runs.insert(run.key.clone(), run);
        }
    }
    let missing: Vec<String> = order.iter().filter(|k| !runs.contains_key(*k)).cloned().collect();
    let mut text = String::new();
    for s in &sessions {
        text.push_str(&format!("{s}\n"));
    }
    let mut written = 0;
    for k in order {
        if let Some(r) = runs.remove(k) {
            text.push_str(&format!("{}\n", serde_json::to_string(&r).map_err(|e| e.to_string())?));
            written += 1;
        }
    }
    for r in runs.values() {
        text.push_str(&format!("{}\n", serde_json::to_string(r).map_err(|e| e.to_string())?));
        written += 1;
    }
    let tmp = out.with_extension("jsonl.tmp");
    std::fs::write(&tmp, text).map_err(|e| format!("cannot write `{}`: {e}", tmp.display()))?;
    std::fs::rename(&tmp, out).map_err(|e| format!("cannot write `{}`: {e}", out.display()))?;
    Ok(MergeReport { sessions: sessions.len(), runs: written, missing })
}

#[derive(Debug)]
pub struct MergeReport {
    pub sessions: usize,
    pub runs: usize,
    /// Keys of the experiment with no run in any input.
    pub missing: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(key: &str, status: Status) -> String {
        let r = RunRecord {
            kind: "run".into(),
            key: key.into(),
            config: "c".into(),
            suite: "s".into(),
            domain: "d".into(),
            problem: "p".into(),
            repetition: 0,
            command: vec!["x".into()],
            status,
            exit_code: None,
            signal: None,
            limit_hit: None,
            cost: None,
            length: None,
            plan_verdict: None,
            bound: None,
            above_bound: false,
            expansions: None,
            generated: None,
            times: BTreeMap::new(),
            wall_time: 0.0,
            cpu_time: 0.0,
            peak_memory_kib: 0,
            stderr_tail: None,
        };
        serde_json::to_string(&r).unwrap()
    }

    #[test]
    fn torn_last_line_and_redone_runs() {
        let dir = std::env::temp_dir().join(format!("lab-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("r.jsonl");
        let text = format!(
            "{}\n{}\n{}\n{{\"kind\":\"ru",
            record("a", Status::OutOfTime),
            record("b", Status::Solved),
            record("a", Status::Solved)
        );
        std::fs::write(&p, &text).unwrap();
        let r = Results::read(&p).unwrap();
        assert!(r.torn);
        assert_eq!(r.superseded, 1);
        let keys: Vec<(&str, Status)> = r.runs.iter().map(|x| (x.key.as_str(), x.status)).collect();
        assert_eq!(keys, [("b", Status::Solved), ("a", Status::Solved)], "the last record of a run counts");
        // The writer cuts the torn line off before appending.
        let mut w = Writer::open(&p, r.good_len).unwrap();
        w.append(&serde_json::json!({"kind": "session"})).unwrap();
        let r = Results::read(&p).unwrap();
        assert!(!r.torn);
        assert_eq!(r.sessions.len(), 1);
        // A broken line before the last is an error with its line number.
        std::fs::write(&p, format!("{}\nnot json\n{}\n", record("a", Status::Solved), record("b", Status::Solved)))
            .unwrap();
        let e = Results::read(&p).unwrap_err();
        assert!(e.ends_with(":2: a broken line in the middle of the results file"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
