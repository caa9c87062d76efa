//! The ground task to and from Fast Downward's finite-domain task (`output.sas`, crate `sas`), so
//! that grounding and search can each be compared with Fast Downward alone.
//!
//! Export: every atom is one binary variable (value 0 `Atom p`, value 1 `NegatedAtom p`); no
//! mutex groups are written. This is a valid FDR task that FD's search component reads directly.
//!
//! Import: every value of every variable is one atom, and every variable one mutex group (exactly
//! one of its atoms holds), so search packs states as FD does. An assignment `var := post`
//! deletes the other values: only the precondition's value where the effect names one (the FDR
//! invariant says it is the one that holds), else all of them. Axioms are exported (one derived
//! binary variable per derived atom, default value `NegatedAtom`) and imported: a binary derived
//! variable's non-default value is a derived atom, a condition on its default value (its initial
//! value) that atom's negation, and each axiom rule a ground axiom of the variable's layer.

use crate::{AtomName, Axiom, CondEffect, GroundTask, Operator};
use model::lifted::{PredicateId, Task};
use sas::Fact;

fn fd_atom(ground: &GroundTask, task: &Task, a: u32) -> String {
    let name = &ground.atoms[a as usize];
    if ground.goal_atom == Some(a) {
        return "new-axiom@goal()".to_string();
    }
    let d = &task.domain;
    let args: Vec<&str> = name.args.iter().map(|o| d.name(task.objects[o.index()].name)).collect();
    format!("{}({})", crate::predicate_text(task, name.predicate), args.join(", "))
}

/// The ground task as Fast Downward's finite-domain task, one binary variable per atom.
pub fn to_fdr(ground: &GroundTask, task: &Task) -> sas::Task {
    let mut layer = vec![-1i32; ground.atoms.len()];
    for ax in &ground.axioms {
        layer[ax.head as usize] = ax.layer as i32;
    }
    let variables = (0..ground.atoms.len() as u32)
        .map(|a| {
            let atom = fd_atom(ground, task, a);
            sas::Variable {
                name: format!("var{a}"),
                axiom_layer: layer[a as usize],
                values: vec![format!("Atom {atom}"), format!("NegatedAtom {atom}")],
            }
        })
        .collect();
    let fact = |a: u32, negated: bool| Fact { var: a as usize, value: usize::from(negated) };
    let mut init = vec![1; ground.atoms.len()];
    for &a in &ground.init {
        init[a as usize] = 0;
    }
    let mut goal: Vec<Fact> =
        ground.goal.iter().map(|&a| fact(a, false)).chain(ground.goal_neg.iter().map(|&a| fact(a, true))).collect();
    goal.sort_unstable();
    let operators = ground
        .operators
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let name =
                ground.operator_text(task, i).map_or_else(|| "__goal".to_string(), |t| t[1..t.len() - 1].to_string());
            // The precondition value of each variable, if any.
            let pre_of = |a: u32| -> Option<usize> {
                if o.pre.binary_search(&a).is_ok() {
                    Some(0)
                } else if o.pre_neg.binary_search(&a).is_ok() {
                    Some(1)
                } else {
                    None
                }
            };
            let mut affected: Vec<u32> =
                o.add.iter().chain(&o.del).copied().chain(o.cond.iter().map(|c| c.atom)).collect();
            affected.sort_unstable();
            affected.dedup();
            let prevail = o
                .pre
                .iter()
                .map(|&a| fact(a, false))
                .chain(o.pre_neg.iter().map(|&a| fact(a, true)))
                .filter(|f| affected.binary_search(&(f.var as u32)).is_err())
                .collect();
            let effect = |conditions: Vec<Fact>, a: u32, add: bool| sas::Effect {
                conditions,
                var: a as usize,
                pre: pre_of(a),
                post: usize::from(!add),
            };
            let mut effects: Vec<sas::Effect> = o.add.iter().map(|&a| effect(Vec::new(), a, true)).collect();
            effects.extend(o.del.iter().map(|&a| effect(Vec::new(), a, false)));
            for c in &o.cond {
                let conds = c.pre.iter().map(|&a| fact(a, false)).chain(c.pre_neg.iter().map(|&a| fact(a, true)));
                effects.push(effect(conds.collect(), c.atom, c.add));
            }
            sas::Operator { name, prevail, effects, cost: o.cost }
        })
        .collect();
    // A derived variable's initial value is its default, `NegatedAtom` (FD's convention); each
    // axiom sets it to `Atom` when its conditions hold.
    let axioms = ground
        .axioms
        .iter()
        .map(|ax| sas::Axiom {
            conditions: ax
                .pre
                .iter()
                .map(|&a| fact(a, false))
                .chain(ax.pre_neg.iter().map(|&a| fact(a, true)))
                .collect(),
            var: ax.head as usize,
            pre: Some(1),
            post: 0,
        })
        .collect();
    sas::Task { metric: ground.general_cost, variables, mutex_groups: Vec::new(), init, goal, operators, axioms }
}

/// The task as `output.sas` text.
pub fn write(ground: &GroundTask, task: &Task) -> String {
    sas::write(&to_fdr(ground, task))
}

/// The ground task of a finite-domain task. Its operators have no lifted action (`action` is
/// `None`); their names are the FDR task's, in the same order. Atoms are numbered variable by
/// variable: value `x` of variable `v` is atom `offset[v] + x`.
pub fn from_fdr(t: &sas::Task) -> Result<GroundTask, String> {
    // Derived variables: binary, with their default value in the initial state. The other value
    // is the derived atom; a condition on the default value is its negation.
    let derived: Vec<bool> = t.variables.iter().map(|v| v.axiom_layer >= 0).collect();
    for (v, var) in t.variables.iter().enumerate() {
        if derived[v] && var.values.len() != 2 {
            return Err(format!(
                "derived variable {v} (`{}`) has {} values; only binary derived variables are supported",
                var.name,
                var.values.len()
            ));
        }
    }
    let mut offset = Vec::with_capacity(t.variables.len());
    let mut n = 0usize;
    for v in &t.variables {
        offset.push(n as u32);
        n += v.values.len();
    }
    if n >= u32::MAX as usize {
        return Err(format!("the task has {n} facts, more than the planner can number"));
    }
    let atom = |f: Fact| offset[f.var] + f.value as u32;
    // A condition as (atom, positive).
    let literal = |f: Fact| -> (u32, bool) {
        if derived[f.var] && f.value == t.init[f.var] {
            (atom(Fact { var: f.var, value: 1 - f.value }), false)
        } else {
            (atom(f), true)
        }
    };
    let split = |facts: &mut dyn Iterator<Item = Fact>| -> (Vec<u32>, Vec<u32>) {
        let (mut pos, mut neg) = (Vec::new(), Vec::new());
        for f in facts {
            let (a, positive) = literal(f);
            if positive { pos.push(a) } else { neg.push(a) }
        }
        pos.sort_unstable();
        pos.dedup();
        neg.sort_unstable();
        neg.dedup();
        (pos, neg)
    };
    let sorted = |mut v: Vec<u32>| {
        v.sort_unstable();
        v.dedup();
        v
    };
    let others = |var: usize, post: usize| (0..t.variables[var].values.len()).filter(move |&x| x != post);
    let mut operators = Vec::with_capacity(t.operators.len());
    for (i, o) in t.operators.iter().enumerate() {
        let (pre, pre_neg) = split(
            &mut o
                .prevail
                .iter()
                .copied()
                .chain(o.effects.iter().filter_map(|e| e.pre.map(|p| Fact { var: e.var, value: p }))),
        );
        let (mut add, mut del, mut cond) = (Vec::new(), Vec::new(), Vec::new());
        for e in &o.effects {
            if derived[e.var] {
                return Err(format!("operator {i} (`{}`) changes a derived variable", o.name));
            }
            let post = atom(Fact { var: e.var, value: e.post });
            // The values this assignment deletes.
            let deleted: Vec<u32> = match e.pre {
                Some(p) if p == e.post => Vec::new(),
                Some(p) => vec![atom(Fact { var: e.var, value: p })],
                None => others(e.var, e.post).map(|x| atom(Fact { var: e.var, value: x })).collect(),
            };
            if e.conditions.is_empty() {
                add.push(post);
                del.extend(deleted);
            } else {
                let (c, cn) = split(&mut e.conditions.iter().copied());
                cond.push(CondEffect { pre: c.clone(), pre_neg: cn.clone(), add: true, atom: post });
                cond.extend(deleted.into_iter().map(|d| CondEffect {
                    pre: c.clone(),
                    pre_neg: cn.clone(),
                    add: false,
                    atom: d,
                }));
            }
        }
        let add = sorted(add);
        // Delete-then-add: an atom both added and deleted stays true, so the delete is dropped.
        let del: Vec<u32> = sorted(del).into_iter().filter(|d| add.binary_search(d).is_err()).collect();
        cond.sort_unstable();
        cond.dedup();
        let mut assigned: Vec<usize> = o.effects.iter().filter(|e| e.conditions.is_empty()).map(|e| e.var).collect();
        assigned.sort_unstable();
        if assigned.windows(2).any(|w| w[0] == w[1]) {
            return Err(format!("operator {i} (`{}`) assigns one variable twice", o.name));
        }
        operators.push(Operator { action: None, args: Vec::new(), pre, pre_neg, add, del, cond, cost: t.cost(i) });
    }
    let mut axioms = Vec::with_capacity(t.axioms.len());
    for (i, a) in t.axioms.iter().enumerate() {
        if !derived[a.var] || a.post == t.init[a.var] {
            return Err(format!(
                "axiom {i} sets {} to {}; axioms must set a derived variable to its non-default value",
                t.variables[a.var].name, a.post
            ));
        }
        let (pre, pre_neg) = split(&mut a.conditions.iter().copied());
        let head = atom(Fact { var: a.var, value: a.post });
        axioms.push(Axiom { layer: t.variables[a.var].axiom_layer as u32, head, pre, pre_neg });
    }
    axioms.sort_unstable();
    axioms.dedup();
    let (goal, goal_neg) = split(&mut t.goal.iter().copied());
    let unnamed = AtomName { predicate: PredicateId(u32::MAX), args: Vec::new() };
    Ok(GroundTask {
        atoms: vec![unnamed; n],
        operators,
        init: sorted(
            t.init
                .iter()
                .enumerate()
                .filter(|&(var, _)| !derived[var])
                .map(|(var, &value)| atom(Fact { var, value }))
                .collect(),
        ),
        goal,
        goal_neg,
        general_cost: t.metric,
        goal_atom: None,
        mutex_groups: t
            .variables
            .iter()
            .enumerate()
            .filter(|&(v, _)| !derived[v])
            .map(|(v, var)| (0..var.values.len()).map(|x| atom(Fact { var: v, value: x })).collect())
            .collect(),
        axioms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::one_action;
    use crate::{AtomId, GroundOptions, ground};

    fn grounded() -> (Task, GroundTask) {
        let t = one_action("?x", "(and (p ?x) (not (q ?x)))", "(s a b)");
        let g = ground(&t, GroundOptions::default()).expect("grounds").task.expect("a task");
        (t, g)
    }

    #[test]
    fn output_sas_reads_back_as_the_same_task() {
        let (t, g) = grounded();
        let text = write(&g, &t);
        let fdr = sas::parse(&text).expect("output.sas reads back");
        assert_eq!(sas::write(&fdr), text, "writing what was read changes nothing");
        assert_eq!(fdr.variables.len(), g.atoms.len());
        let back = from_fdr(&fdr).expect("no axioms");
        // Value 0 of variable v (`Atom ...`) is atom 2v; value 1 (`NegatedAtom ...`) is 2v + 1.
        let pos = |v: &[AtomId]| v.iter().map(|&a| 2 * a).collect::<Vec<_>>();
        let neg = |v: &[AtomId]| v.iter().map(|&a| 2 * a + 1).collect::<Vec<_>>();
        assert_eq!(back.operators.len(), g.operators.len());
        for (b, o) in back.operators.iter().zip(&g.operators) {
            let mut want_pre = pos(&o.pre);
            want_pre.extend(neg(&o.pre_neg));
            want_pre.sort_unstable();
            let mut got_pre = b.pre.clone();
            got_pre.sort_unstable();
            assert_eq!(got_pre, want_pre, "{o:?}");
            assert_eq!(b.cost, o.cost);
            let mut adds = b.add.clone();
            adds.sort_unstable();
            let mut want_adds = pos(&o.add);
            want_adds.extend(neg(&o.del));
            want_adds.sort_unstable();
            assert_eq!(adds, want_adds, "adding `Atom` or `NegatedAtom` values: {o:?}");
        }
        let mut want_init: Vec<AtomId> =
            (0..g.atoms.len() as AtomId).map(|a| if g.init.contains(&a) { 2 * a } else { 2 * a + 1 }).collect();
        want_init.sort_unstable();
        assert_eq!(back.init, want_init);
        assert_eq!(back.goal, pos(&g.goal));
    }

    #[test]
    fn an_operator_setting_a_derived_variable_is_refused() {
        // Axioms are imported; but FD's format forbids operators that change a derived variable.
        let (t, g) = grounded();
        let mut fdr = to_fdr(&g, &t);
        fdr.variables[0].axiom_layer = 0;
        let why = from_fdr(&fdr).unwrap_err();
        assert!(why.contains("derived variable"), "{why}");
    }
}
