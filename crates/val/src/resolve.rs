//! Plan steps resolved against the task: action ids and object ids, with the plan file's line.
//! `model::check` reports the same problems as diagnostics with spans for the CLI; this is the
//! library's own resolution, so that callers holding only a `Task` get precise errors too.

use model::lifted::{ActionId, ObjectId, Task};
use pddl::Plan;
use rustc_hash::FxHashMap;
use serde::Serialize;

/// One step of a plan, resolved. For a temporal plan `time` and (for durative actions)
/// `duration` are set.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    pub action: ActionId,
    pub args: Vec<ObjectId>,
    pub time: Option<f64>,
    pub duration: Option<f64>,
    /// 1-based line in the plan file (0 for a plan built in memory).
    pub line: u32,
}

/// A plan step that does not name a well-typed instance of an action.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanError {
    pub line: u32,
    pub message: String,
}

/// Resolves every step; all problems are reported, not only the first.
pub fn resolve(task: &Task, plan: &Plan) -> Result<Vec<Step>, Vec<PlanError>> {
    let d = &task.domain;
    let objects: FxHashMap<_, _> = task.objects.iter().enumerate().map(|(i, o)| (o.name, ObjectId(i as u32))).collect();
    let mut steps = Vec::with_capacity(plan.steps.len());
    let mut errors = Vec::new();
    for s in &plan.steps {
        let mut err = |message: String| errors.push(PlanError { line: s.line, message });
        let Some(action) = d.symbols.get(&s.action.text).and_then(|sym| d.action_by_name(sym)) else {
            err(format!("unknown action `{}`", s.action.text));
            continue;
        };
        let schema = &d.actions[action.index()];
        let params = schema.params();
        if params.len() != s.args.len() {
            err(format!(
                "action `{}` takes {} argument(s), but {} {} given",
                s.action.text,
                params.len(),
                s.args.len(),
                if s.args.len() == 1 { "was" } else { "were" }
            ));
            continue;
        }
        let mut args = Vec::with_capacity(params.len());
        for (a, p) in s.args.iter().zip(params) {
            let Some(&o) = d.symbols.get(&a.text).and_then(|sym| objects.get(&sym)) else {
                err(format!("unknown object `{}`", a.text));
                continue;
            };
            if !task.object_has_type(o, &p.ty) {
                let types: Vec<&str> = p.ty.0.iter().map(|t| d.name(d.types[t.index()].name)).collect();
                err(format!(
                    "`{}` is not of type `{}`, which parameter `?{}` of `{}` expects",
                    a.text,
                    types.join(" or "),
                    d.name(p.name),
                    s.action.text
                ));
                continue;
            }
            args.push(o);
        }
        if args.len() != params.len() {
            continue;
        }
        match (schema.is_durative(), s.time, s.duration) {
            (true, Some(_), Some(_)) | (false, _, None) => {}
            (true, _, _) => {
                err(format!(
                    "`{}` is a durative action: write it as `TIME: ({} ...) [DURATION]`",
                    s.action.text, s.action.text
                ));
                continue;
            }
            (false, _, Some(_)) => {
                err(format!("`{}` is not a durative action, so it takes no `[duration]`", s.action.text));
                continue;
            }
        }
        if s.time.is_some_and(|t| t < 0.0) || s.duration.is_some_and(|d| d < 0.0) {
            err("times and durations must not be negative".into());
            continue;
        }
        steps.push(Step { action, args, time: s.time, duration: s.duration, line: s.line });
    }
    if errors.is_empty() { Ok(steps) } else { Err(errors) }
}
