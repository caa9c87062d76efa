//! A scripted OpenAI-compatible chat-completions server on `127.0.0.1:0`, for tests (of this
//! crate and of every crate with an LLM loop) and for simulated-model experiments. There is no
//! model: each reply comes from a [`Script`] — a fixed sequence of [`Reply`]s (content, status,
//! headers, delay), or a function of the request.
//!
//! ```
//! use llm::testing::{Reply, ScriptedServer};
//! let server = ScriptedServer::start(vec![Reply::rate_limited(0), Reply::content("(define ...)")]);
//! let url = server.base_url(); // http://127.0.0.1:PORT/v1
//! # let _ = url;
//! ```
//!
//! Each request is answered on its own thread, so a delayed reply (to test timeouts) does not
//! hold up the retry that follows it. Every request is recorded ([`ScriptedServer::requests`]).

use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// One scripted HTTP response.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
    /// Waited before answering.
    pub delay: Duration,
}

impl Reply {
    /// A chat completion whose message is `text`, with usage counted as characters / 4 of the
    /// completion and 100 prompt tokens (a fixed, visible convention for budget tests).
    pub fn content(text: &str) -> Reply {
        Reply::content_with_usage(text, 100, text.len().div_ceil(4) as u64)
    }
    pub fn content_with_usage(text: &str, prompt_tokens: u64, completion_tokens: u64) -> Reply {
        let body = json!({
            "id": "chatcmpl-scripted",
            "object": "chat.completion",
            "model": "scripted",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}
        });
        Reply {
            status: 200,
            headers: vec![("Content-Type".into(), "application/json".into())],
            body: body.to_string(),
            delay: Duration::ZERO,
        }
    }
    /// An error status with an OpenAI-style error body.
    pub fn status(status: u16, message: &str) -> Reply {
        let body = json!({"error": {"message": message, "type": "scripted", "code": status}});
        Reply {
            status,
            headers: vec![("Content-Type".into(), "application/json".into())],
            body: body.to_string(),
            delay: Duration::ZERO,
        }
    }
    /// 429 with `retry-after: seconds`.
    pub fn rate_limited(seconds: u64) -> Reply {
        Reply::status(429, "rate limited (scripted)").with_header("retry-after", &seconds.to_string())
    }
    /// A 200 whose body is `raw` as is (e.g. not JSON).
    pub fn raw(status: u16, raw: &str) -> Reply {
        Reply { status, headers: Vec::new(), body: raw.into(), delay: Duration::ZERO }
    }
    pub fn with_header(mut self, name: &str, value: &str) -> Reply {
        self.headers.push((name.into(), value.into()));
        self
    }
    pub fn with_delay(mut self, delay: Duration) -> Reply {
        self.delay = delay;
        self
    }
}

/// A request as the server received it.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedRequest {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
    /// The body parsed as JSON (`Null` if it was not JSON).
    pub body: Value,
}

impl RecordedRequest {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
    /// The `content` of each message whose role is `role`, in order.
    pub fn contents(&self, role: &str) -> Vec<&str> {
        let msgs = self.body.get("messages").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
        msgs.iter()
            .filter(|m| m.get("role").and_then(Value::as_str) == Some(role))
            .filter_map(|m| m.get("content").and_then(Value::as_str))
            .collect()
    }
    /// The first system message ("" when none).
    pub fn system(&self) -> &str {
        self.contents("system").first().copied().unwrap_or("")
    }
    /// The last user message ("" when none).
    pub fn last_user(&self) -> &str {
        self.contents("user").last().copied().unwrap_or("")
    }
}

/// Where replies come from.
pub enum Script {
    /// In order; once used up, each further request gets a 500 that says so.
    Sequence(Vec<Reply>),
    /// Computed from each request (a simulated model).
    Responder(Box<dyn FnMut(&RecordedRequest) -> Reply + Send>),
}

struct State {
    script: Script,
    next: usize,
    requests: Vec<RecordedRequest>,
}

/// The running server; stopped when dropped.
pub struct ScriptedServer {
    server: Arc<tiny_http::Server>,
    port: u16,
    state: Arc<Mutex<State>>,
    thread: Option<JoinHandle<()>>,
}

impl ScriptedServer {
    /// Serves `replies` in order.
    pub fn start(replies: Vec<Reply>) -> ScriptedServer {
        ScriptedServer::with_script(Script::Sequence(replies))
    }
    /// Serves what `respond` computes for each request.
    pub fn responder(respond: impl FnMut(&RecordedRequest) -> Reply + Send + 'static) -> ScriptedServer {
        ScriptedServer::with_script(Script::Responder(Box::new(respond)))
    }

    /// Binds `127.0.0.1:0`. Panics only if loopback cannot be bound (a broken test machine).
    pub fn with_script(script: Script) -> ScriptedServer {
        let server =
            Arc::new(tiny_http::Server::http("127.0.0.1:0").expect("binding 127.0.0.1:0 for the scripted server"));
        let port = server.server_addr().to_ip().map(|a| a.port()).expect("a TCP listener has a port");
        let state = Arc::new(Mutex::new(State { script, next: 0, requests: Vec::new() }));
        let (srv, st) = (Arc::clone(&server), Arc::clone(&state));
        let thread = std::thread::spawn(move || {
            for mut request in srv.incoming_requests() {
                let mut body = String::new();
                let _ = request.as_reader().read_to_string(&mut body);
                let recorded = RecordedRequest {
                    method: request.method().to_string(),
                    path: request.url().to_string(),
                    headers: request.headers().iter().map(|h| (h.field.to_string(), h.value.to_string())).collect(),
                    body: serde_json::from_str(&body).unwrap_or(Value::Null),
                };
                let reply = {
                    let mut s = st.lock().unwrap_or_else(|p| p.into_inner());
                    s.requests.push(recorded.clone());
                    let n = s.next;
                    s.next += 1;
                    match &mut s.script {
                        _ if !recorded.path.ends_with("/chat/completions") => {
                            Reply::status(404, &format!("scripted server: no route {}", recorded.path))
                        }
                        Script::Sequence(replies) => replies.get(n).cloned().unwrap_or_else(|| {
                            Reply::status(
                                500,
                                &format!("scripted server: script exhausted after {} replies", replies.len()),
                            )
                        }),
                        Script::Responder(f) => f(&recorded),
                    }
                };
                std::thread::spawn(move || {
                    std::thread::sleep(reply.delay);
                    let mut response = tiny_http::Response::from_string(reply.body).with_status_code(reply.status);
                    for (k, v) in &reply.headers {
                        if let Ok(h) = tiny_http::Header::from_bytes(k.as_bytes(), v.as_bytes()) {
                            response.add_header(h);
                        }
                    }
                    // The client may have given up (a timeout test): nothing to do then.
                    let _ = request.respond(response);
                });
            }
        });
        ScriptedServer { server, port, state, thread: Some(thread) }
    }

    /// `http://127.0.0.1:PORT/v1`, for [`crate::Settings::base_url`].
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}/v1", self.port)
    }
    /// Every request received so far.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.state.lock().unwrap_or_else(|p| p.into_inner()).requests.clone()
    }
}

impl Drop for ScriptedServer {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
