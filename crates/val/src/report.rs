//! The text form of a [`Validation`]: VAL's wording where VAL has one ("Plan valid",
//! "Final value: N", "Plan Repair Advice"), with the failing literals spelled out.

use crate::eval::number;
use crate::{CostSource, Validation, Verdict};
use std::fmt::Write;

pub fn text(v: &Validation) -> String {
    let mut s = String::new();
    for t in &v.trace {
        let at = t.time.map(|t| format!(" at {}", time(t))).unwrap_or_default();
        let line = if t.line > 0 { format!(" (line {})", t.line) } else { String::new() };
        let _ = writeln!(s, "Step {}{line}{at}: {}", t.step, t.happening);
        for a in &t.added {
            let _ = writeln!(s, "  + {a}");
        }
        for d in &t.deleted {
            let _ = writeln!(s, "  - {d}");
        }
        for (f, before, after) in &t.updated {
            let before = before.map_or("undefined".to_string(), number);
            let _ = writeln!(s, "  {f}: {before} -> {}", number(*after));
        }
    }
    match v.verdict {
        Verdict::Valid => s.push_str("Plan valid\n"),
        Verdict::Invalid => s.push_str("Plan invalid\n"),
        Verdict::GoalNotReached => s.push_str("Plan invalid: goal not satisfied\n"),
        Verdict::Malformed => s.push_str("Plan malformed\n"),
        Verdict::Unsupported => s.push_str("Plan not validated: unsupported task\n"),
    }
    for e in &v.errors {
        if e.line > 0 {
            let _ = writeln!(s, "  line {}: {}", e.line, e.message);
        } else {
            let _ = writeln!(s, "  {}", e.message);
        }
    }
    if let Some(f) = &v.failure {
        let line = if f.line > 0 { format!(" (line {})", f.line) } else { String::new() };
        let at = f.time.map(|t| format!(" at {}", time(t))).unwrap_or_default();
        let _ = writeln!(s, "Step {}{line}{at}: {}", f.step, f.action);
        let _ = writeln!(s, "  {}", f.message);
        for u in &f.unsatisfied {
            let _ = writeln!(s, "  false: {}", u.literal);
        }
        let _ = writeln!(s, "Steps applied: {} of {}", v.applied, v.steps);
        advice(&mut s, f.unsatisfied.iter().map(|u| u.hint.as_str()));
    }
    if matches!(v.verdict, Verdict::Valid | Verdict::GoalNotReached) {
        let _ = writeln!(s, "Steps: {}", v.steps);
        for u in &v.unmet_goals {
            let _ = writeln!(s, "  false goal: {}", u.literal);
        }
        if let Some(c) = v.cost {
            let source = match v.cost_source {
                CostSource::TotalCost => "total-cost",
                CostSource::PlanLength => "plan length",
            };
            let _ = writeln!(s, "Cost: {} ({source})", number(c));
        }
        if let Some(m) = v.makespan {
            let _ = writeln!(s, "Makespan: {}", time(m));
        }
        if let Some(m) = &v.metric {
            match (m.value, &m.error) {
                (Some(x), _) => {
                    let _ = writeln!(s, "Final value: {} ({} {})", number(x), m.optimization, m.expression);
                }
                (None, e) => {
                    let _ = writeln!(s, "Final value: undefined ({})", e.as_deref().unwrap_or("?"));
                }
            }
        }
        advice(&mut s, v.unmet_goals.iter().map(|u| u.hint.as_str()));
    }
    if let Some(fs) = &v.final_state {
        s.push_str("Final state:\n");
        for a in &fs.atoms {
            let _ = writeln!(s, "  {a}");
        }
        for (f, x) in &fs.values {
            let _ = writeln!(s, "  (= {f} {})", number(*x));
        }
    }
    for n in &v.notes {
        let _ = writeln!(s, "Note: {n}");
    }
    s
}

fn advice<'a>(s: &mut String, hints: impl Iterator<Item = &'a str>) {
    let hints: Vec<&str> = hints.collect();
    if hints.is_empty() {
        return;
    }
    s.push_str("Plan repair advice:\n");
    for h in hints {
        let _ = writeln!(s, "  {h}");
    }
}

/// Times with three decimals, as IPC temporal plans write them, or more where that would round.
pub(crate) fn time(t: f64) -> String {
    let milli = t * 1000.0;
    if (milli - milli.round()).abs() < 1e-6 { format!("{t:.3}") } else { number(t) }
}
