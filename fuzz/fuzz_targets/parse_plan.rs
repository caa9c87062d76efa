//! Fuzz target: the plan-file parser and `plan_to_string` round trip.
//!
//! Bytes are decoded lossily (`pddl::span::decode`) and parsed with `parse_plan`, which must never
//! panic or hang. When the parse has no errors, the plan is printed with `plan_to_string` and
//! reparsed: the reparse must have no errors and the same steps (action, arguments, and start
//! times / durations) and the same cost.
//!
//! Line numbers and spans are not compared (the printer drops comments and blank lines). Times and
//! durations are compared to the printer's precision: `plan_to_string` writes them with three
//! decimals (`{:.3}`, the IPC/VAL convention), so a value is allowed to move by at most half a
//! thousandth (plus float rounding).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pddl::plan::plan_to_string;
use pddl::{FileId, PlanStep, parse_plan};

fn close(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => (a - b).abs() <= 0.0005 + 1e-12 * a.abs().max(1.0),
        _ => false,
    }
}

fn same_step(a: &PlanStep, b: &PlanStep) -> bool {
    a.action == b.action
        && a.args == b.args
        && close(a.time, b.time)
        && close(a.duration, b.duration)
}

fuzz_target!(|data: &[u8]| {
    let (src, _) = pddl::span::decode(data.to_vec());
    let first = parse_plan(&src, FileId(0));
    if first.has_errors() {
        return;
    }
    let Some(plan) = first.value else {
        panic!("parse_plan: no errors but no value");
    };
    let printed = plan_to_string(&plan);
    let second = parse_plan(&printed, FileId(0));
    if second.has_errors() {
        panic!(
            "plan round trip: printed plan does not reparse cleanly\n--- printed ---\n{printed}\n--- diagnostics ---\n{:#?}",
            second.diagnostics
        );
    }
    let again = second.value.expect("reparse: no errors but no value");
    let same = plan.steps.len() == again.steps.len()
        && plan
            .steps
            .iter()
            .zip(&again.steps)
            .all(|(a, b)| same_step(a, b))
        && plan.cost == again.cost;
    if !same {
        panic!(
            "plan round trip: steps differ\n--- input ---\n{src:?}\n--- printed ---\n{printed}\n--- first ---\n{:#?}\n--- again ---\n{:#?}",
            plan, again
        );
    }
});
