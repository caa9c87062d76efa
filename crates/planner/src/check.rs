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

#[cfg(test)]
mod tests {
    use super::*;

    fn gripper() -> Task {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/gripper");
        let dt = std::fs::read_to_string(dir.join("domain.pddl")).unwrap();
        let pt = std::fs::read_to_string(dir.join("p01.pddl")).unwrap();
        let d = pddl::parse_domain(&dt, pddl::FileId(0)).value.unwrap();
        let p = pddl::parse_problem(&pt, pddl::FileId(1)).value.unwrap();
        let input = model::Input { domain: (&d, pddl::FileId(0)), problem: Some((&p, pddl::FileId(1))), plan: None };
        model::check(input, model::CheckOptions::default()).task.unwrap()
    }

    /// The gate rejects what the validator rejects: a plan that misses the goal, a step that does
    /// not apply, a cost that differs from the validator's; on the lifted and on the FDR task.
    #[test]
    fn the_gate_rejects_invalid_plans() {
        let t = gripper();
        let g = ground::ground(&t, ground::GroundOptions::default()).unwrap().task.unwrap();
        let task = sas::parse(&ground::sas::write(&g, &t)).unwrap();
        assert!(lifted(&t, &g, &[], 0).is_err(), "the empty plan misses the goal");
        assert!(fdr(&task, &[], 0).is_err(), "the empty plan misses the goal");
        // A step whose precondition fails somewhere in a long sequence of one operator.
        let same = vec![0u32; 3];
        let r = lifted(&t, &g, &same, 3).expect_err("rejected");
        assert_eq!(r.steps.len(), 3);
        assert!(fdr(&task, &same, 3).is_err());
        // A real plan, with the wrong cost claimed.
        let cfg = search::parse("astar(blind())").unwrap();
        let st = search::SearchTask::new(&g);
        let search::Outcome::Solved { plan, cost } =
            search::search(&st, &cfg, search::Limits::default(), &mut |_| {}).outcome
        else {
            panic!("gripper p01 is solvable")
        };
        assert!(lifted(&t, &g, &plan, cost).is_ok());
        let reason = lifted(&t, &g, &plan, cost + 1).expect_err("rejected").reason;
        assert!(reason.contains("differs"), "{reason}");
    }
}
