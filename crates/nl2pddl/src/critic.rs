//! The fifth check: an LLM critic comparing the description with the generated problem (paper
//! 003, D.3), its judgment validated against the paper's JSON schema. A reply that stays
//! invalid after the retries is recorded as an error and counts as not accepted.

use crate::checks::Checks;
use crate::prompts::{self, TaskText};
use llm::{ChatRequest, LlmError, Message, Session};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// One issue the critic reports.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Issue {
    pub category: String,
    pub severity: String,
    #[serde(default)]
    pub scope: Option<String>,
    #[serde(default)]
    pub focus: Option<String>,
    pub message: String,
}

/// The critic's judgment (D.3's schema).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Judgment {
    pub accepted: bool,
    #[serde(default)]
    pub issues: Vec<Issue>,
    #[serde(default)]
    pub repair_instructions: Vec<String>,
}

/// What became of the critic check.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Critic {
    Judged(Judgment),
    /// The critic call failed or its reply stayed invalid: not accepted.
    Error {
        message: String,
    },
}

impl Critic {
    pub fn accepted(&self) -> bool {
        matches!(self, Critic::Judged(j) if j.accepted)
    }
}

/// The diagnostics the critic sees: the formal checks' results in words.
pub fn diagnostics(checks: &Checks) -> Value {
    json!({
        "parse": checks.parse,
        "domain_conformance": checks.domain_conformance,
        "solve": checks.solve.as_ref().map(|s| json!({"outcome": s.outcome, "detail": s.detail})),
        "validate": checks.validate.as_ref().map(|v| json!({"verdict": v.verdict, "detail": v.detail})),
        "messages": checks.findings.iter().map(|f| f.line_text()).collect::<Vec<_>>(),
    })
}

/// Asks the critic. `Err` only for errors that stop the run (budget, replay, transcript); any
/// other failure is a [`Critic::Error`].
pub fn judge(
    session: &mut Session,
    t: &TaskText,
    problem: &str,
    checks: &Checks,
    tries: u32,
) -> Result<Critic, LlmError> {
    let plan = checks.solve.as_ref().and_then(|s| s.plan.as_deref());
    let request = ChatRequest::new(
        "critic",
        vec![
            Message::system(prompts::CRITIC_SYSTEM),
            Message::user(prompts::critic_user(t, problem, &diagnostics(checks), plan)),
        ],
    );
    match session.chat_json(&request, &prompts::critic_schema(), tries) {
        Ok(v) => match serde_json::from_value::<Judgment>(v) {
            Ok(j) => Ok(Critic::Judged(j)),
            Err(e) => Ok(Critic::Error { message: format!("judgment does not fit the schema: {e}") }),
        },
        Err(e) if e.stops_run() => Err(e),
        Err(e) => Ok(Critic::Error { message: e.to_string() }),
    }
}
