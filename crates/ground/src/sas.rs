//! Fast Downward's `output.sas` (translator format version 3), so that grounding and search can
//! each be compared with Fast Downward alone.
//!
//! Every atom is one binary variable (value 0 `Atom p`, value 1 `NegatedAtom p`); no mutex
//! groups are written. This is a valid FDR task that FD's search component reads directly.

use crate::GroundTask;
use model::lifted::Task;
use std::fmt::Write;

fn fd_atom(ground: &GroundTask, task: &Task, a: u32) -> String {
    let name = &ground.atoms[a as usize];
    if ground.goal_atom == Some(a) {
        return "new-axiom@goal()".to_string();
    }
    let d = &task.domain;
    let args: Vec<&str> = name.args.iter().map(|o| d.name(task.objects[o.index()].name)).collect();
    format!("{}({})", d.name(d.predicates[name.predicate.index()].name), args.join(", "))
}

/// The task as `output.sas` text.
pub fn write(ground: &GroundTask, task: &Task) -> String {
    let mut s = String::new();
    // `write!` into a String cannot fail; the results are ignored for that reason.
    let _ = writeln!(s, "begin_version\n3\nend_version\nbegin_metric\n{}\nend_metric", u8::from(ground.general_cost));
    let _ = writeln!(s, "{}", ground.atoms.len());
    for a in 0..ground.atoms.len() as u32 {
        let atom = fd_atom(ground, task, a);
        let _ = writeln!(s, "begin_variable\nvar{a}\n-1\n2\nAtom {atom}\nNegatedAtom {atom}\nend_variable");
    }
    let _ = writeln!(s, "0\nbegin_state");
    let mut init = vec![1u8; ground.atoms.len()];
    for &a in &ground.init {
        init[a as usize] = 0;
    }
    for v in init {
        let _ = writeln!(s, "{v}");
    }
    let _ = writeln!(s, "end_state\nbegin_goal\n{}", ground.goal.len() + ground.goal_neg.len());
    let mut goal: Vec<(u32, u8)> =
        ground.goal.iter().map(|&a| (a, 0)).chain(ground.goal_neg.iter().map(|&a| (a, 1))).collect();
    goal.sort_unstable();
    for (a, v) in goal {
        let _ = writeln!(s, "{a} {v}");
    }
    let _ = writeln!(s, "end_goal\n{}", ground.operators.len());
    for (i, o) in ground.operators.iter().enumerate() {
        let name =
            ground.operator_text(task, i).map_or_else(|| "__goal".to_string(), |t| t[1..t.len() - 1].to_string());
        // The precondition value of each variable, if any.
        let pre_of = |a: u32| -> i32 {
            if o.pre.binary_search(&a).is_ok() {
                0
            } else if o.pre_neg.binary_search(&a).is_ok() {
                1
            } else {
                -1
            }
        };
        let mut affected: Vec<u32> = o.add.iter().chain(&o.del).copied().chain(o.cond.iter().map(|c| c.atom)).collect();
        affected.sort_unstable();
        affected.dedup();
        let prevail: Vec<(u32, u8)> = o
            .pre
            .iter()
            .map(|&a| (a, 0u8))
            .chain(o.pre_neg.iter().map(|&a| (a, 1u8)))
            .filter(|(a, _)| affected.binary_search(a).is_err())
            .collect();
        let _ = writeln!(s, "begin_operator\n{name}\n{}", prevail.len());
        for (a, v) in &prevail {
            let _ = writeln!(s, "{a} {v}");
        }
        let mut effects: Vec<String> = Vec::new();
        for &a in &o.add {
            effects.push(format!("0 {a} {} 0", pre_of(a)));
        }
        for &a in &o.del {
            effects.push(format!("0 {a} {} 1", pre_of(a)));
        }
        for c in &o.cond {
            let conds: Vec<String> =
                c.pre.iter().map(|&a| format!("{a} 0")).chain(c.pre_neg.iter().map(|&a| format!("{a} 1"))).collect();
            effects.push(format!(
                "{} {} {} {} {}",
                conds.len(),
                conds.join(" "),
                c.atom,
                pre_of(c.atom),
                if c.add { 0 } else { 1 }
            ));
        }
        let _ = writeln!(s, "{}", effects.len());
        for e in effects {
            let _ = writeln!(s, "{e}");
        }
        let _ = writeln!(s, "{}\nend_operator", o.cost);
    }
    let _ = writeln!(s, "0");
    s
}
