//! The JSONL transcript of a session: one `session` line with the configuration (never the key),
//! then one `call` line per chat call — the request body as sent, every HTTP try (status,
//! `retry-after`, error, wait), and the outcome (the completion with its usage, or the error) —
//! and `note` lines that callers add (e.g. why a structured reply was refused). Replay reads the
//! `session` and `call` lines back.

use crate::config::{Budget, Config, Prices};
use crate::session::{Completion, LlmError};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;

/// The first line: what the calls were made with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub kind: String,
    pub version: u32,
    pub base_url: String,
    pub model: String,
    pub timeout_s: f64,
    pub max_retries: u32,
    pub temperature: Option<f64>,
    pub max_tokens: Option<u32>,
    pub prices: Prices,
    pub budget: Budget,
}

impl Header {
    pub fn of(config: &Config) -> Header {
        Header {
            kind: "session".into(),
            version: 1,
            base_url: config.base_url.clone(),
            model: config.model.clone(),
            timeout_s: config.timeout.as_secs_f64(),
            max_retries: config.max_retries,
            temperature: config.temperature,
            max_tokens: config.max_tokens,
            prices: config.prices,
            budget: config.budget,
        }
    }
}

/// One HTTP try of a call.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Try {
    /// The HTTP status, or `None` when no response came (timeout, connection error).
    pub status: Option<u16>,
    pub retry_after: Option<String>,
    pub error: Option<String>,
    /// Milliseconds waited after this try before the next one (0 for the last).
    pub wait_ms: u64,
    pub elapsed_ms: u64,
}

/// What a call ended with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Ok(Completion),
    Error(LlmError),
}

/// One chat call.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Call {
    pub kind: String,
    pub seq: u64,
    pub label: String,
    pub request: Value,
    pub tries: Vec<Try>,
    pub outcome: Outcome,
}

/// A transcript being written. Each line is flushed at once, so that a run stopped by a signal
/// or a budget keeps every call it made.
pub struct Writer {
    out: BufWriter<File>,
}

impl Writer {
    /// Appends to `path` when `append` (a resumed run), else truncates it.
    pub fn create(path: &Path, append: bool) -> std::io::Result<Writer> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let file = std::fs::OpenOptions::new().create(true).write(true).append(append).truncate(!append).open(path)?;
        Ok(Writer { out: BufWriter::new(file) })
    }
    pub fn line(&mut self, v: &impl Serialize) -> std::io::Result<()> {
        serde_json::to_writer(&mut self.out, v)?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }
}

/// A transcript read back: its header and its calls in order (notes are skipped).
pub struct Recorded {
    pub header: Header,
    pub calls: Vec<Call>,
}

/// Reads a transcript; errors name the line.
pub fn read(path: &Path) -> Result<Recorded, String> {
    let file = File::open(path).map_err(|e| format!("cannot read transcript {}: {e}", path.display()))?;
    let mut header = None;
    let mut calls = Vec::new();
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let at = |e: &dyn std::fmt::Display| format!("{}:{}: {e}", path.display(), i + 1);
        let line = line.map_err(|e| at(&e))?;
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(&line).map_err(|e| at(&e))?;
        match v.get("kind").and_then(Value::as_str) {
            // A resumed run appends a second header; the first one rules.
            Some("session") if header.is_none() => header = Some(serde_json::from_value(v).map_err(|e| at(&e))?),
            Some("session") | Some("note") => {}
            Some("call") => calls.push(serde_json::from_value(v).map_err(|e| at(&e))?),
            other => return Err(at(&format!("unknown transcript line kind {other:?}"))),
        }
    }
    let header = header.ok_or_else(|| format!("{}: no `session` line: not a transcript", path.display()))?;
    Ok(Recorded { header, calls })
}
