//! Plan steps resolved against the task. The resolution itself, with its messages, is
//! `model::resolve_plan` (one semantics, shared with `certplan check` and `validate`); this module
//! only turns its diagnostics into [`PlanError`]s for callers that hold a `Task` but no source map.

use model::lifted::Task;
use pddl::{FileId, Plan};
use serde::Serialize;

/// One step of a plan, resolved: `model`'s type, under the name the validator's callers use.
pub use model::ResolvedStep as Step;

/// A plan step that does not name a well-typed instance of an action.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanError {
    /// The plan line of the bad step (0 when not known).
    pub line: u32,
    /// The stable diagnostic code (`E0109`), empty for errors found without one.
    pub code: String,
    pub message: String,
}

impl PlanError {
    pub fn new(line: u32, message: impl Into<String>) -> PlanError {
        PlanError { line, code: String::new(), message: message.into() }
    }
}

/// Resolves every step; all problems are reported, not only the first.
pub fn resolve(task: &Task, plan: &Plan) -> Result<Vec<Step>, Vec<PlanError>> {
    // The file id only labels the diagnostics, which are turned into line-numbered errors here.
    model::resolve_plan(&task.domain, &task.objects, plan, FileId(0)).map_err(|diags| {
        diags
            .into_iter()
            .map(|d| {
                let line = plan
                    .steps
                    .iter()
                    .find(|s| s.span.start <= d.span.start && d.span.start < s.span.end.max(s.span.start + 1))
                    .map_or(0, |s| s.line);
                let message = match &d.help {
                    Some(h) => format!("{} ({h})", d.message),
                    None => d.message,
                };
                PlanError { line, code: d.code.id.to_string(), message }
            })
            .collect()
    })
}
