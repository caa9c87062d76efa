//! Sequential (classical and numeric) plans: each step's precondition is checked in the current
//! state, then its effects are applied.

use crate::apply::{self, Changes};
use crate::run::Run;
use crate::{Failure, FailureKind, Options, Step, Validation};
use model::lifted::Task;

pub fn validate(task: &Task, steps: &[Step], options: Options) -> Validation {
    let mut run = match Run::new(task, steps.len(), false, options) {
        Ok(r) => r,
        Err(v) => return *v,
    };
    let mut changes = Changes::default();
    for (i, step) in steps.iter().enumerate() {
        let action = run.action(step);
        let mut b = run.binding(step);
        let env = crate::eval::Env {
            vars: &action.variables,
            domains: &run.ctx.action_domains[step.action.index()],
            duration: None,
            total_time: None,
        };
        if !run.view(env).holds(&action.precondition, &mut b) {
            let unsatisfied = run.view(env).explain(&action.precondition, &mut b, options.explain_limit.max(1));
            let failure = Failure {
                kind: FailureKind::Precondition,
                step: i + 1,
                line: step.line,
                time: None,
                action: run.step_text(step),
                message: "the precondition is not satisfied".into(),
                unsatisfied,
            };
            return run.failed(steps.len(), i, false, failure);
        }
        changes.clear();
        let pre = options.trace.then(|| run.state.clone());
        let result =
            apply::collect(&run.ctx, &mut run.tables, &run.state, env, &action.effects, None, &mut b, &mut changes)
                .and_then(|()| apply::apply(&run.ctx, &run.tables, &mut changes, &mut run.state));
        if let Err(message) = result {
            let failure = Failure {
                kind: FailureKind::Effect,
                step: i + 1,
                line: step.line,
                time: None,
                action: run.step_text(step),
                message,
                unsatisfied: Vec::new(),
            };
            return run.failed(steps.len(), i, false, failure);
        }
        run.update_derived();
        if let Some(pre) = pre {
            let text = run.step_text(step);
            run.record(&pre, &changes, i + 1, step.line, None, text);
        }
    }
    let n = steps.len();
    // VAL times the steps of a sequential plan 1, 2, 3, ...: `total-time` is the plan's length.
    run.finish(n, false, None, n as f64)
}
