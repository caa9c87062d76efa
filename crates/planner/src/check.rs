//! Mapping a plan back to the input's names and validating it there, the trust base: on the
//! lifted task with `val`, or on the FDR task with `val::fdr` (the plan as printed, read back).

use ground::GroundTask;
use model::lifted::Task;

/// Why a plan was not accepted, with its steps for the bug report.
pub(crate) struct Rejected {
    pub steps: Vec<String>,
    pub reason: String,
}

/// Validates the operators `plan` of `ground` on the lifted task; the plan's lines when valid
/// with the cost the search reported.
pub(crate) fn lifted(task: &Task, ground: &GroundTask, plan: &[u32], cost: u64) -> Result<Vec<String>, Rejected> {
    let mut steps = Vec::with_capacity(plan.len());
    let mut lines = Vec::with_capacity(plan.len());
    for &op in plan {
        let o = &ground.operators[op as usize];
        // Artificial operators (the goal operator of a disjunctive goal) are not plan steps.
        let (Some(action), Some(text)) = (o.action, ground.operator_text(task, op as usize)) else { continue };
        steps.push(val::Step { action, args: o.args.clone(), time: None, duration: None, line: 0 });
        lines.push(text);
    }
    let validation = val::validate_steps(task, &steps, val::Options::default());
    if !validation.verdict.is_valid() {
        return Err(Rejected { steps: lines, reason: validation.to_text() });
    }
    if let Some(c) = validation.cost
        && (c - cost as f64).abs() >= 1e-6
    {
        return Err(Rejected {
            steps: lines,
            reason: format!("the search's cost {cost} differs from the validator's {c}"),
        });
    }
    Ok(lines)
}

/// Validates the operators `plan` of an FDR task: its lines, as a plan file prints them, parsed
/// back and resolved by name, then executed on the FDR task.
pub(crate) fn fdr(fdr: &sas::Task, plan: &[u32], cost: u64) -> Result<Vec<String>, Rejected> {
    let lines: Vec<String> = plan.iter().map(|&op| format!("({})", fdr.operators[op as usize].name)).collect();
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let checked = match pddl::parse_plan(&text, pddl::FileId(0)).value {
        None => Err("the plan as printed does not parse".to_string()),
        Some(p) => val::fdr::resolve(fdr, &p).and_then(|ops| val::fdr::validate(fdr, &ops)).map_err(|f| f.to_string()),
    };
    match checked {
        Ok(c) if c == cost => Ok(lines),
        Ok(c) => {
            Err(Rejected { steps: lines, reason: format!("the search's cost {cost} differs from the validator's {c}") })
        }
        Err(reason) => Err(Rejected { steps: lines, reason }),
    }
}
