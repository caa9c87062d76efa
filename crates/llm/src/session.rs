//! One run's chat calls: retries, accounting, budgets, transcript and replay.

use crate::config::{Budget, Config, Prices};
use crate::schema;
use crate::transcript::{self, Call, Header, Outcome, Try};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::path::Path;
use std::time::{Duration, Instant};

/// A chat message (`system`, `user` or `assistant`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub role: String,
    pub content: String,
}

impl Message {
    pub fn system(content: impl Into<String>) -> Message {
        Message { role: "system".into(), content: content.into() }
    }
    pub fn user(content: impl Into<String>) -> Message {
        Message { role: "user".into(), content: content.into() }
    }
    pub fn assistant(content: impl Into<String>) -> Message {
        Message { role: "assistant".into(), content: content.into() }
    }
}

/// One chat call. `label` names its purpose in the transcript (`generate`, `critic`, ...).
#[derive(Clone, Debug, PartialEq)]
pub struct ChatRequest {
    pub label: String,
    pub messages: Vec<Message>,
    /// Sent as `response_format` when set, e.g. `{"type": "json_object"}` (not every
    /// OpenAI-compatible server knows it, so it is off unless asked for).
    pub response_format: Option<Value>,
}

impl ChatRequest {
    pub fn new(label: impl Into<String>, messages: Vec<Message>) -> ChatRequest {
        ChatRequest { label: label.into(), messages, response_format: None }
    }
}

/// Tokens of one completion. `estimated` when the server reported no usage and the counts are
/// characters / 4 (so that budgets still bind).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Usage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    #[serde(default)]
    pub estimated: bool,
}

/// A model's reply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Completion {
    pub content: String,
    pub usage: Usage,
    pub finish_reason: Option<String>,
}

/// Why a call gave no usable reply. Serializable: the transcript records it and replay returns it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum LlmError {
    /// A budget was reached before the call: the run should stop cleanly.
    Budget { what: String, used: f64, limit: f64 },
    /// An HTTP error status: a 4xx other than 429, or 429/5xx still failing after every retry.
    Http { status: u16, message: String, tries: u32 },
    /// No response within the timeout, on every try.
    Timeout { tries: u32 },
    /// Connection refused, reset, DNS and the like, on every try.
    Transport { message: String, tries: u32 },
    /// A 2xx response that is not a chat completion.
    BadResponse { message: String },
    /// A structured reply that stayed invalid for its schema after every try.
    Malformed { reason: String, content: String, tries: u32 },
    /// Replay: the run asked something the transcript does not hold.
    Replay { message: String },
    /// The transcript could not be written.
    Transcript { message: String },
}

impl std::fmt::Display for LlmError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            LlmError::Budget { what, used, limit } => write!(f, "budget exhausted: {what} {used} of {limit}"),
            LlmError::Http { status, message, tries } => write!(f, "HTTP {status} after {tries} tries: {message}"),
            LlmError::Timeout { tries } => write!(f, "timed out on each of {tries} tries"),
            LlmError::Transport { message, tries } => write!(f, "transport error after {tries} tries: {message}"),
            LlmError::BadResponse { message } => write!(f, "not a chat completion: {message}"),
            LlmError::Malformed { reason, tries, .. } => {
                write!(f, "invalid structured reply after {tries} tries: {reason}")
            }
            LlmError::Replay { message } => write!(f, "replay: {message}"),
            LlmError::Transcript { message } => write!(f, "transcript: {message}"),
        }
    }
}
impl std::error::Error for LlmError {}

impl LlmError {
    /// Whether a run should stop rather than record the failure and go on: budgets, replay
    /// divergence and an unwritable transcript end a run; a failed call does not.
    pub fn stops_run(&self) -> bool {
        matches!(self, LlmError::Budget { .. } | LlmError::Replay { .. } | LlmError::Transcript { .. })
    }
}

/// What a session has used so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    /// Calls that reached the endpoint (or the transcript, in replay).
    pub requests: u64,
    /// HTTP tries beyond the first, over all calls.
    pub retries: u64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    pub cost: f64,
    /// Calls whose token counts were estimated.
    pub estimated: u64,
}

impl Totals {
    fn add(&mut self, usage: &Usage, prices: &Prices) {
        self.prompt_tokens += usage.prompt_tokens;
        self.completion_tokens += usage.completion_tokens;
        self.cost += prices.cost(usage.prompt_tokens, usage.completion_tokens);
        self.estimated += u64::from(usage.estimated);
    }
    /// The first budget limit reached, if any.
    pub fn over(&self, budget: &Budget) -> Option<LlmError> {
        let tokens = self.prompt_tokens + self.completion_tokens;
        if let Some(m) = budget.max_requests.filter(|&m| self.requests >= m) {
            return Some(LlmError::Budget { what: "requests".into(), used: self.requests as f64, limit: m as f64 });
        }
        if let Some(m) = budget.max_tokens.filter(|&m| tokens >= m) {
            return Some(LlmError::Budget { what: "tokens".into(), used: tokens as f64, limit: m as f64 });
        }
        if let Some(m) = budget.max_cost.filter(|&m| self.cost >= m) {
            return Some(LlmError::Budget { what: "cost".into(), used: self.cost, limit: m });
        }
        None
    }
}

enum Mode {
    Live(ureq::Agent),
    Replay(VecDeque<Call>),
}

/// A run's calls to one model. Not `Sync`: one loop drives it.
pub struct Session {
    config: Config,
    mode: Mode,
    transcript: Option<transcript::Writer>,
    totals: Totals,
    seq: u64,
}

impl Session {
    /// Calls the endpoint of `config`, writing a transcript to `transcript` when given
    /// (`append`: keep what a previous run of a resumed evaluation wrote).
    pub fn live(config: Config, transcript: Option<&Path>, append: bool) -> Result<Session, LlmError> {
        let mut builder =
            ureq::Agent::config_builder().timeout_global(Some(config.timeout)).http_status_as_error(false);
        // ureq takes a proxy from HTTP(S)_PROXY; a local server (vLLM, llama.cpp, Ollama, the
        // scripted test server) is never reached through one, whatever NO_PROXY says.
        if is_loopback(&config.base_url) {
            builder = builder.proxy(None);
        }
        let agent: ureq::Agent = builder.build().into();
        Session::with_mode(config, Mode::Live(agent), transcript, append)
    }

    /// Answers every call from the transcript at `from`, in order, with the recorded
    /// configuration (budgets and prices included); no network. A call whose request differs
    /// from the recorded one is an [`LlmError::Replay`]: the run is not the recorded one.
    pub fn replay(from: &Path, transcript: Option<&Path>) -> Result<Session, LlmError> {
        let recorded = transcript::read(from).map_err(|message| LlmError::Replay { message })?;
        let h = recorded.header;
        let config = Config {
            base_url: h.base_url,
            model: h.model,
            api_key: None,
            timeout: Duration::from_secs_f64(h.timeout_s),
            max_retries: h.max_retries,
            backoff: Duration::ZERO,
            max_backoff: Duration::ZERO,
            temperature: h.temperature,
            max_tokens: h.max_tokens,
            prices: h.prices,
            budget: h.budget,
        };
        Session::with_mode(config, Mode::Replay(recorded.calls.into()), transcript, false)
    }

    fn with_mode(config: Config, mode: Mode, transcript: Option<&Path>, append: bool) -> Result<Session, LlmError> {
        let mut writer = match transcript {
            Some(p) => Some(
                transcript::Writer::create(p, append)
                    .map_err(|e| LlmError::Transcript { message: format!("cannot write {}: {e}", p.display()) })?,
            ),
            None => None,
        };
        if let Some(w) = &mut writer {
            w.line(&Header::of(&config)).map_err(|e| LlmError::Transcript { message: e.to_string() })?;
        }
        Ok(Session { config, mode, transcript: writer, totals: Totals::default(), seq: 0 })
    }

    pub fn config(&self) -> &Config {
        &self.config
    }
    pub fn totals(&self) -> Totals {
        self.totals
    }
    pub fn is_replay(&self) -> bool {
        matches!(self.mode, Mode::Replay(_))
    }

    /// Adds a `note` line to the transcript (ignored by replay).
    pub fn note(&mut self, label: &str, note: Value) -> Result<(), LlmError> {
        let line = json!({"kind": "note", "seq": self.seq, "label": label, "note": note});
        self.write(&line)
    }

    fn write(&mut self, v: &impl Serialize) -> Result<(), LlmError> {
        match &mut self.transcript {
            Some(w) => w.line(v).map_err(|e| LlmError::Transcript { message: e.to_string() }),
            None => Ok(()),
        }
    }

    /// The request body as sent.
    pub fn body(&self, request: &ChatRequest) -> Value {
        let mut body = json!({"model": self.config.model, "messages": request.messages});
        if let Some(t) = self.config.temperature {
            body["temperature"] = json!(t);
        }
        if let Some(m) = self.config.max_tokens {
            body["max_tokens"] = json!(m);
        }
        if let Some(f) = &request.response_format {
            body["response_format"] = f.clone();
        }
        body
    }

    /// One chat call, with retries; recorded in the transcript whatever its outcome. A budget
    /// already reached refuses the call before anything is sent (and records nothing).
    pub fn chat(&mut self, request: &ChatRequest) -> Result<Completion, LlmError> {
        if let Some(e) = self.totals.over(&self.config.budget) {
            return Err(e);
        }
        let body = self.body(request);
        self.seq += 1;
        let (tries, outcome) = match &mut self.mode {
            Mode::Live(agent) => {
                let (tries, result) = send_with_retries(agent, &self.config, &body);
                (
                    tries,
                    match result {
                        Ok(c) => Outcome::Ok(c),
                        Err(e) => Outcome::Error(e),
                    },
                )
            }
            Mode::Replay(calls) => {
                let Some(call) = calls.pop_front() else {
                    return Err(LlmError::Replay {
                        message: format!("call {} (`{}`) is past the end of the transcript", self.seq, request.label),
                    });
                };
                if call.request != body {
                    return Err(LlmError::Replay {
                        message: format!(
                            "call {} (`{}`) differs from the recorded call {} (`{}`): {}",
                            self.seq,
                            request.label,
                            call.seq,
                            call.label,
                            first_difference(&call.request, &body, "$")
                        ),
                    });
                }
                (call.tries, call.outcome)
            }
        };
        self.totals.requests += 1;
        self.totals.retries += tries.len().saturating_sub(1) as u64;
        if let Outcome::Ok(c) = &outcome {
            self.totals.add(&c.usage, &self.config.prices);
        }
        let call =
            Call { kind: "call".into(), seq: self.seq, label: request.label.clone(), request: body, tries, outcome };
        self.write(&call)?;
        match call.outcome {
            Outcome::Ok(c) => Ok(c),
            Outcome::Error(e) => Err(e),
        }
    }

    /// A structured call: the reply must hold a JSON value valid for `schema`. An invalid reply
    /// is answered with the reason and asked again, up to `tries` calls in all; then the result
    /// is [`LlmError::Malformed`] (also noted in the transcript), never a value.
    pub fn chat_json(&mut self, request: &ChatRequest, schema: &Value, tries: u32) -> Result<Value, LlmError> {
        let mut req = request.clone();
        let mut last = (String::new(), String::new());
        for _ in 0..tries.max(1) {
            let c = self.chat(&req)?;
            match schema::extract_json(&c.content).and_then(|v| schema::validate(&v, schema).map(|()| v)) {
                Ok(v) => return Ok(v),
                Err(reason) => {
                    self.note(&req.label, json!({"invalid_structured_reply": reason}))?;
                    req.messages.push(Message::assistant(c.content.clone()));
                    req.messages.push(Message::user(format!(
                        "Your reply is not valid for the required JSON schema ({reason}). Return only the JSON object."
                    )));
                    last = (reason, c.content);
                }
            }
        }
        Err(LlmError::Malformed { reason: last.0, content: last.1, tries: tries.max(1) })
    }
}

/// Whether `url`'s host is this machine.
fn is_loopback(url: &str) -> bool {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let host = rest.split(['/', '?']).next().unwrap_or("");
    let host = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(h, _)| h),
    };
    host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// Where two JSON values first differ, for replay mismatch messages.
fn first_difference(a: &Value, b: &Value, path: &str) -> String {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                match y.get(k) {
                    Some(w) if w != v => return first_difference(v, w, &format!("{path}.{k}")),
                    None => return format!("{path}.{k} is missing"),
                    _ => {}
                }
            }
            match y.keys().find(|k| !x.contains_key(*k)) {
                Some(k) => format!("{path}.{k} was not recorded"),
                None => format!("{path} differs"),
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                if v != w {
                    return first_difference(v, w, &format!("{path}[{i}]"));
                }
            }
            format!("{path} has {} items, recorded {}", y.len(), x.len())
        }
        (Value::String(x), Value::String(y)) => {
            let at = x.chars().zip(y.chars()).take_while(|(p, q)| p == q).count();
            let show = |s: &str| s.chars().skip(at.saturating_sub(20)).take(60).collect::<String>();
            format!("{path} differs at character {at}: recorded `{}`, now `{}`", show(x), show(y))
        }
        _ => format!("{path}: recorded {a}, now {b}"),
    }
}

/// The wait before retry number `k` (0-based): `backoff * 2^k`, at most `max_backoff`.
fn backoff(config: &Config, k: u32) -> Duration {
    config.backoff.saturating_mul(1u32 << k.min(20)).min(config.max_backoff)
}

/// `retry-after` in seconds (a delta; an HTTP date is treated as absent and backoff applies).
fn retry_after_seconds(v: &str) -> Option<f64> {
    v.trim().parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0)
}

enum TryResult {
    Done(Result<Completion, LlmError>),
    Retry { error: LlmError, wait: Duration },
}

fn send_with_retries(agent: &ureq::Agent, config: &Config, body: &Value) -> (Vec<Try>, Result<Completion, LlmError>) {
    let url = format!("{}/chat/completions", config.base_url);
    let text = body.to_string();
    let text_len = text.len();
    let mut tries = Vec::new();
    let total = config.max_retries + 1;
    for k in 0..total {
        let started = Instant::now();
        let mut req = agent.post(&url).header("Content-Type", "application/json");
        if let Some(key) = &config.api_key {
            req = req.header("Authorization", &format!("Bearer {key}"));
        }
        let mut record = Try { status: None, retry_after: None, error: None, wait_ms: 0, elapsed_ms: 0 };
        let result = match req.send(&text) {
            Ok(mut resp) => {
                let status = resp.status().as_u16();
                record.status = Some(status);
                let retry_after = resp.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_string);
                record.retry_after = retry_after.clone();
                let text = resp.body_mut().read_to_string().unwrap_or_default();
                classify(status, retry_after.as_deref(), &text, config, k, text_len)
            }
            Err(e) => {
                let timeout = matches!(e, ureq::Error::Timeout(_))
                    || matches!(&e, ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::TimedOut);
                let error = if timeout {
                    LlmError::Timeout { tries: k + 1 }
                } else {
                    LlmError::Transport { message: e.to_string(), tries: k + 1 }
                };
                TryResult::Retry { error, wait: backoff(config, k) }
            }
        };
        record.elapsed_ms = started.elapsed().as_millis() as u64;
        match result {
            TryResult::Done(r) => {
                if let Err(e) = &r {
                    record.error = Some(e.to_string());
                }
                tries.push(record);
                return (tries, r);
            }
            TryResult::Retry { error, wait } => {
                record.error = Some(error.to_string());
                if k + 1 == total {
                    tries.push(record);
                    return (tries, Err(error));
                }
                record.wait_ms = wait.as_millis() as u64;
                tries.push(record);
                std::thread::sleep(wait);
            }
        }
    }
    unreachable!("the loop returns on its last try (total >= 1)")
}

/// What one HTTP response means: a completion, a final error, or a retry after some wait.
fn classify(
    status: u16,
    retry_after: Option<&str>,
    text: &str,
    config: &Config,
    k: u32,
    prompt_chars: usize,
) -> TryResult {
    let tries = k + 1;
    let message = || error_message(text);
    match status {
        200..=299 => TryResult::Done(parse_completion(text, prompt_chars)),
        429 => {
            let wait = match retry_after.and_then(retry_after_seconds) {
                Some(s) => Duration::from_secs_f64(s).min(config.max_backoff),
                None => backoff(config, k),
            };
            TryResult::Retry { error: LlmError::Http { status, message: message(), tries }, wait }
        }
        408 | 500..=599 => {
            TryResult::Retry { error: LlmError::Http { status, message: message(), tries }, wait: backoff(config, k) }
        }
        _ => TryResult::Done(Err(LlmError::Http { status, message: message(), tries })),
    }
}

/// The `error.message` of an OpenAI-style error body, else the body's start.
fn error_message(text: &str) -> String {
    serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|v| v.pointer("/error/message").and_then(Value::as_str).map(str::to_string))
        .unwrap_or_else(|| text.chars().take(300).collect())
}

#[derive(Deserialize)]
struct WireCompletion {
    #[serde(default)]
    choices: Vec<WireChoice>,
    #[serde(default)]
    usage: Option<WireUsage>,
}
#[derive(Deserialize)]
struct WireChoice {
    #[serde(default)]
    message: Option<WireMessage>,
    #[serde(default)]
    finish_reason: Option<String>,
}
#[derive(Deserialize)]
struct WireMessage {
    #[serde(default)]
    content: Option<String>,
}
#[derive(Deserialize)]
struct WireUsage {
    #[serde(default)]
    prompt_tokens: Option<u64>,
    #[serde(default)]
    completion_tokens: Option<u64>,
}

fn parse_completion(text: &str, prompt_chars: usize) -> Result<Completion, LlmError> {
    let wire: WireCompletion =
        serde_json::from_str(text).map_err(|e| LlmError::BadResponse { message: format!("{e}") })?;
    let choice =
        wire.choices.into_iter().next().ok_or_else(|| LlmError::BadResponse { message: "no choices".into() })?;
    let content = choice.message.and_then(|m| m.content).unwrap_or_default();
    let estimate = |n: usize| n.div_ceil(4) as u64;
    let usage = match wire.usage {
        Some(WireUsage { prompt_tokens: Some(p), completion_tokens: Some(c) }) => {
            Usage { prompt_tokens: p, completion_tokens: c, estimated: false }
        }
        // No usage reported (some local servers): about four characters a token, flagged, so
        // that token and cost budgets still bind.
        _ => {
            Usage { prompt_tokens: estimate(prompt_chars), completion_tokens: estimate(content.len()), estimated: true }
        }
    };
    Ok(Completion { content, usage, finish_reason: choice.finish_reason })
}

#[cfg(test)]
mod tests {
    use super::is_loopback;

    #[test]
    fn loopback_hosts_are_recognised() {
        for u in ["http://127.0.0.1:8000/v1", "http://localhost/v1", "http://[::1]:11434/v1", "http://127.0.0.2"] {
            assert!(is_loopback(u), "{u}");
        }
        for u in ["https://api.openai.com/v1", "http://10.0.0.1:8000/v1", "http://localhost.example/v1"] {
            assert!(!is_loopback(u), "{u}");
        }
    }
}
