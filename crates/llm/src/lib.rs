//! A client for OpenAI-compatible chat-completions endpoints (hosted APIs, vLLM, llama.cpp's
//! server, Ollama), built for loops that call a model many times and must be reproducible:
//!
//! - [`config`]: base URL, model and key from flags, then the environment
//!   (`CERTPLAN_LLM_BASE_URL`, `CERTPLAN_LLM_MODEL`, `CERTPLAN_LLM_API_KEY`), then a JSON config
//!   file; timeouts, retry policy, prices and budgets.
//! - [`Session`]: one run's calls. Retries with exponential backoff on timeouts, transport errors
//!   and 5xx, honouring `retry-after` on 429; token and cost accounting; budgets checked before
//!   every call, so that a run stops cleanly with [`LlmError::Budget`]; structured replies
//!   ([`Session::chat_json`]) validated against a [`schema`], retried, then an error, never taken
//!   as success; every call written to a JSONL [`transcript`]; a replay mode that answers from a
//!   recorded transcript offline, call for call, and so reproduces the run exactly.
//! - [`testing`]: a scripted OpenAI-compatible server on loopback for tests of any crate.
//!
//! HTTP is `ureq` 3 (blocking), configured so that error statuses come back with their body and
//! headers (`http_status_as_error(false)`) and with a global timeout (it has none by default).

pub mod config;
pub mod schema;
mod session;
pub mod testing;
pub mod transcript;

pub use config::{Budget, Config, Prices, Settings};
pub use session::{ChatRequest, Completion, LlmError, Message, Session, Totals, Usage};
