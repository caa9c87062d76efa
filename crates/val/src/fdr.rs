//! Plans on a finite-domain task (Fast Downward's `output.sas`, crate `sas`), for plans found
//! from an `output.sas` file, where there is no PDDL to validate against.
//!
//! It reads the plan as printed (names matched to the task's operators) and executes it on the
//! FDR task directly: variables and values, prevail and effect preconditions, conditional effects
//! evaluated in the state before the step. It shares nothing with `ground::sas`, which turns the
//! same task into the ground task that search runs on.

use pddl::Plan;
use rustc_hash::FxHashMap;
use sas::{Fact, Task};
use serde::Serialize;

/// Why a plan fails on an FDR task.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Failure {
    /// A step names no operator of the task.
    UnknownOperator { step: usize, line: u32, name: String },
    /// A precondition does not hold before the step.
    Precondition { step: usize, operator: String, var: String, wanted: String, found: String },
    /// Two effects that fire together give a variable different values.
    Conflict { step: usize, operator: String, var: String },
    /// The goal does not hold after the last step.
    Goal { var: String, wanted: String, found: String },
    /// The task has axioms, which this validator does not evaluate.
    Axioms,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::UnknownOperator { step, line, name } => {
                write!(f, "step {step} (line {line}): no operator `{name}` in the task")
            }
            Failure::Precondition { step, operator, var, wanted, found } => {
                write!(f, "step {step} `({operator})`: precondition {var} = `{wanted}` does not hold (it is `{found}`)")
            }
            Failure::Conflict { step, operator, var } => {
                write!(f, "step {step} `({operator})`: effects give {var} two different values")
            }
            Failure::Goal { var, wanted, found } => {
                write!(f, "the goal {var} = `{wanted}` does not hold at the end (it is `{found}`)")
            }
            Failure::Axioms => write!(f, "the task has axioms, which the FDR validator does not evaluate"),
        }
    }
}

/// For each step of a plan, the operators of that name (Fast Downward's translator gives every
/// disjunct of a precondition its own operator, all with the action's name). Names compare as
/// Fast Downward's do: the step's action and arguments joined by spaces, case-insensitively.
pub fn resolve(task: &Task, plan: &Plan) -> Result<Vec<Vec<usize>>, Failure> {
    let mut by_name: FxHashMap<String, Vec<usize>> = FxHashMap::default();
    for (i, o) in task.operators.iter().enumerate() {
        by_name.entry(o.name.to_lowercase()).or_default().push(i);
    }
    plan.steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut name = s.action.text.to_lowercase().to_string();
            for a in &s.args {
                name.push(' ');
                name.push_str(&a.text.to_lowercase());
            }
            by_name.get(&name).cloned().ok_or(Failure::UnknownOperator { step: i + 1, line: s.line, name })
        })
        .collect()
}

/// The first precondition of `op` that does not hold in `state`.
fn unmet(task: &Task, op: usize, state: &[usize]) -> Option<Fact> {
    let o = &task.operators[op];
    o.prevail
        .iter()
        .copied()
        .chain(o.effects.iter().filter_map(|e| e.pre.map(|p| Fact { var: e.var, value: p })))
        .find(|f| state[f.var] != f.value)
}

/// Executes a plan on `task`, each step being the first applicable of its candidate operators
/// (see [`resolve`]; a single operator per step is the usual case); the plan's cost if it
/// reaches the goal.
pub fn validate(task: &Task, steps: &[Vec<usize>]) -> Result<u64, Failure> {
    let var = |v: usize| task.variables[v].name.clone();
    let value = |v: usize, x: usize| task.variables[v].values[x].clone();
    let mut state = task.init.clone();
    evaluate_axioms(task, &mut state);
    let mut cost = 0u64;
    let mut assigned: Vec<(usize, usize)> = Vec::new();
    for (step, candidates) in steps.iter().enumerate() {
        let Some(&op) = candidates.iter().find(|&&op| unmet(task, op, &state).is_none()) else {
            let first = candidates.first().and_then(|&op| Some((op, unmet(task, op, &state)?)));
            return Err(match first {
                Some((op, f)) => Failure::Precondition {
                    step: step + 1,
                    operator: task.operators[op].name.clone(),
                    var: var(f.var),
                    wanted: value(f.var, f.value),
                    found: value(f.var, state[f.var]),
                },
                None => Failure::UnknownOperator { step: step + 1, line: 0, name: String::new() },
            });
        };
        let o = &task.operators[op];
        assigned.clear();
        for e in &o.effects {
            if e.conditions.iter().all(|c| state[c.var] == c.value) {
                if assigned.iter().any(|&(v, x)| v == e.var && x != e.post) {
                    return Err(Failure::Conflict { step: step + 1, operator: o.name.clone(), var: var(e.var) });
                }
                assigned.push((e.var, e.post));
            }
        }
        for &(v, x) in &assigned {
            state[v] = x;
        }
        evaluate_axioms(task, &mut state);
        cost = cost.saturating_add(task.cost(op));
    }
    for g in &task.goal {
        if state[g.var] != g.value {
            return Err(Failure::Goal {
                var: var(g.var),
                wanted: value(g.var, g.value),
                found: value(g.var, state[g.var]),
            });
        }
    }
    Ok(cost)
}

/// Fast Downward's axiom semantics, evaluated naively: every derived variable back to its
/// default (its initial value), then for each layer, lowest first, the layer's rules applied
/// until none changes anything.
fn evaluate_axioms(task: &Task, state: &mut [usize]) {
    if task.axioms.is_empty() {
        return;
    }
    for (v, x) in task.variables.iter().enumerate() {
        if x.axiom_layer >= 0 {
            state[v] = task.init[v];
        }
    }
    let mut layers: Vec<i32> = task.axioms.iter().map(|a| task.variables[a.var].axiom_layer).collect();
    layers.sort_unstable();
    layers.dedup();
    for layer in layers {
        let mut changed = true;
        while changed {
            changed = false;
            for a in task.axioms.iter().filter(|a| task.variables[a.var].axiom_layer == layer) {
                if state[a.var] != a.post && a.conditions.iter().all(|c| state[c.var] == c.value) {
                    state[a.var] = a.post;
                    changed = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TASK: &str = "begin_version\n3\nend_version\nbegin_metric\n1\nend_metric\n2\n\
        begin_variable\nat\n-1\n3\nAtom at(a)\nAtom at(b)\nAtom at(c)\nend_variable\n\
        begin_variable\nlit\n-1\n2\nAtom lit()\nNegatedAtom lit()\nend_variable\n\
        0\nbegin_state\n0\n1\nend_state\nbegin_goal\n2\n0 2\n1 0\nend_goal\n3\n\
        begin_operator\nmove a b\n0\n1\n0 0 0 1\n2\nend_operator\n\
        begin_operator\nmove b c\n0\n2\n0 0 1 2\n1 0 1 1 -1 0\n5\nend_operator\n\
        begin_operator\nclash\n0\n2\n0 1 -1 0\n0 1 -1 1\n1\nend_operator\n0\n";

    fn plan(text: &str) -> Plan {
        pddl::parse_plan(text, pddl::FileId(0)).value.unwrap()
    }

    #[test]
    fn executes_and_explains() {
        let t = sas::parse(TASK).unwrap();
        let ops = |p: &str| resolve(&t, &plan(p)).unwrap();
        assert_eq!(validate(&t, &ops("(move a b)\n(MOVE B C)\n")), Ok(7));
        assert!(matches!(validate(&t, &ops("(move b c)\n")), Err(Failure::Precondition { step: 1, .. })));
        assert!(matches!(validate(&t, &ops("(move a b)\n")), Err(Failure::Goal { .. })));
        assert!(matches!(validate(&t, &ops("(clash)\n")), Err(Failure::Conflict { step: 1, .. })));
        assert!(matches!(resolve(&t, &plan("(move a b)\n(fly a)\n")), Err(Failure::UnknownOperator { step: 2, .. })));
    }
}
