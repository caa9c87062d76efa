//! Repair feedback (paper 003, 3.3). Coarse: which checks passed and which failed. Fine: also
//! the checker's diagnostics with their codes, the planner's and the validator's outcomes and
//! the critic's issues and repair instructions. Whether feedback is *actionable* (the third
//! stopping rule) does not depend on the mode: it is whether the evaluator can name anything
//! concrete to change.

use crate::checks::Checks;
use crate::critic::Critic;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// Which feedback the repair prompt gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Coarse,
    #[default]
    Fine,
}

/// The status of one check in words: `passed`, `failed` or `not run`.
fn status(v: Option<bool>) -> &'static str {
    match v {
        Some(true) => "passed",
        Some(false) => "failed",
        None => "not run",
    }
}

/// The five checks' statuses, in order.
pub fn coarse(checks: &Checks, critic: Option<&Critic>) -> Value {
    json!({
        "parse": status(Some(checks.parse)),
        "domain_conformance": status(checks.domain_conformance),
        "solve": status(checks.solve.as_ref().map(|_| checks.solved())),
        "validate": status(checks.validate.as_ref().map(|_| checks.valid())),
        "critic": status(critic.map(Critic::accepted)),
    })
}

/// The concrete repair guidance: each item names something to change. Empty when there is
/// nothing concrete (then the loop stops: no actionable feedback).
pub fn guidance(checks: &Checks, critic: Option<&Critic>) -> Vec<String> {
    let mut out: Vec<String> =
        checks.findings.iter().filter(|f| f.severity == "error").map(|f| f.line_text()).collect();
    if !checks.parse && out.is_empty() {
        out.push("the reply is not a PDDL problem: it must start with (define (problem ...) (:domain ...)".into());
    }
    if let Some(s) = &checks.solve {
        // A construct the planner does not support, or a planner bug, is nothing the model can fix.
        let fixable = !matches!(s.outcome.as_str(), "solved" | "unsupported" | "refused" | "validation-failed");
        if fixable {
            out.push(format!(
                "planner: {} ({}): check that the goal is reachable from the initial state",
                s.outcome, s.detail
            ));
        }
    }
    if let Some(v) = checks.validate.as_ref().filter(|v| v.verdict != "valid") {
        out.push(format!("validator: {}: {}", v.verdict, v.detail));
    }
    if let Some(Critic::Judged(j)) = critic.filter(|c| !c.accepted()) {
        for i in &j.issues {
            let scope = i.scope.as_deref().unwrap_or("other");
            let focus = i.focus.as_deref().map(|f| format!(" [{f}]")).unwrap_or_default();
            out.push(format!("critic {} {} issue in {scope}{focus}: {}", i.severity, i.category, i.message));
        }
        out.extend(j.repair_instructions.iter().map(|r| format!("critic instruction: {r}")));
    }
    out
}

/// The `feedback` field of the repair payload.
pub fn build(mode: Mode, checks: &Checks, critic: Option<&Critic>) -> Value {
    let mut v = json!({ "checks": coarse(checks, critic) });
    if mode == Mode::Fine {
        v["details"] = json!(guidance(checks, critic));
        if let Some(s) = &checks.solve {
            v["planner"] = json!({"outcome": s.outcome, "detail": s.detail});
        }
        if let Some(x) = &checks.validate {
            v["validator"] = json!({"verdict": x.verdict, "detail": x.detail});
        }
        if let Some(Critic::Error { message }) = critic {
            v["critic_error"] = json!(message);
        }
    }
    v
}
