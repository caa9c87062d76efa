//! Certificates: the domain assumptions a heuristic's proof uses, as Boolean checks on the task,
//! evaluated before search. The built-in checks come first (the domain's name, its action schemas
//! exactly as the proof reasons about them, a conjunctive positive goal, operator costs of at
//! least 1, no conditional effects or derived predicates), then the definition's own
//! `static-predicates`, `exact-types` and `check`s, then compiling the definition (every name it
//! uses exists, every distance table passes its property checks).

use crate::compile::{Program, TaskView};
use crate::lang::Definition;
use ground::GroundTask;
use model::lifted::{Arg, Condition, Literal, Task};
use std::fmt::Write;

/// A refusal: the check that failed, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub check: String,
    pub detail: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "check `{}` failed: {}", self.check, self.detail)
    }
}

fn refuse(check: &str, detail: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal { check: check.into(), detail: detail.into() })
}

/// One line per action schema: name, parameter types, precondition literals, effect literals,
/// variables by position. The certificate compares these with the definition's `schemas`.
pub fn schema_signatures(task: &Task) -> Vec<String> {
    let d = &task.domain;
    let arg = |a: &Arg| match a {
        Arg::Var(v) => format!("?{}", v.index()),
        Arg::Object(o) => d.name(task.objects[o.index()].name).to_ascii_lowercase(),
    };
    let atom = |a: &model::lifted::Atom| {
        let mut s = format!("({}", d.name(d.predicates[a.predicate.index()].name).to_ascii_lowercase());
        a.args.iter().for_each(|x| {
            s.push(' ');
            s.push_str(&arg(x))
        });
        s + ")"
    };
    let cond = |c: &Condition| -> String {
        match c {
            Condition::Atom { positive, atom: a } => {
                if *positive {
                    atom(a)
                } else {
                    format!("(not {})", atom(a))
                }
            }
            Condition::Equal { positive, left, right } => {
                let e = format!("(= {} {})", arg(left), arg(right));
                if *positive { e } else { format!("(not {e})") }
            }
            other => format!("<{}>", other.kind_name()),
        }
    };
    d.actions
        .iter()
        .map(|a| {
            let mut s = d.name(a.name).to_ascii_lowercase();
            for (i, p) in a.params().iter().enumerate() {
                let ty: Vec<String> =
                    p.ty.0.iter().map(|t| d.name(d.types[t.index()].name).to_ascii_lowercase()).collect();
                let _ = write!(s, " ?{i}:{}", ty.join("|"));
            }
            s.push_str(" | pre");
            match a.precondition.literals() {
                Some(ls) => ls.iter().for_each(|l| {
                    s.push(' ');
                    s.push_str(&cond(l))
                }),
                None => s.push_str(" <complex>"),
            }
            s.push_str(" | eff");
            for e in &a.effects {
                s.push(' ');
                if !e.forall.is_empty() || !matches!(e.condition, Condition::True) || e.time.is_some() {
                    s.push_str("<scoped>");
                    continue;
                }
                match &e.literal {
                    Literal::Add(x) => s.push_str(&atom(x)),
                    Literal::Delete(x) => s.push_str(&format!("(not {})", atom(x))),
                    Literal::Assign(..) => s.push_str("<numeric>"),
                }
            }
            s
        })
        .collect()
}

/// Runs every check of `def` on the task; the first failure.
pub fn certify(def: &Definition, view: &TaskView, ground: Option<&GroundTask>) -> Result<Program, Refusal> {
    let task = view.task;
    let d = &task.domain;
    let domain_name = d.name(d.name).to_ascii_lowercase();
    if domain_name != def.domain {
        refuse("domain", format!("the domain is `{domain_name}`, the heuristic is for `{}`", def.domain))?;
    }
    let mut have = schema_signatures(task);
    let mut want = def.schemas.clone();
    have.sort();
    want.sort();
    if have != want {
        let extra: Vec<&String> = have.iter().filter(|s| !want.contains(s)).collect();
        let missing: Vec<&String> = want.iter().filter(|s| !have.contains(s)).collect();
        refuse(
            "schemas",
            format!(
                "the action schemas differ from those the proof reasons about (unexpected: {extra:?}; missing: {missing:?})"
            ),
        )?;
    }
    if !d.derived.is_empty() {
        refuse("no-derived-predicates", "the domain has derived predicates")?;
    }
    if view.goal.is_none() {
        refuse("conjunctive-goal", "the goal is not a conjunction of positive atoms without variables")?;
    }
    if let Some(g) = ground {
        if g.operators.iter().any(|o| o.cost == 0) {
            refuse("costs-at-least-one", "an operator costs 0")?;
        }
        if g.operators.iter().any(|o| !o.cond.is_empty()) || !g.axioms.is_empty() {
            refuse("strips", "the ground task has conditional effects or axioms")?;
        }
    }
    for p in &def.static_predicates {
        match view.predicate(p) {
            None => refuse("static-predicates", format!("the domain has no predicate `{p}`"))?,
            Some((id, _)) if !view.is_static(id) => refuse("static-predicates", format!("an action changes `{p}`"))?,
            _ => {}
        }
    }
    for t in &def.exact_types {
        match view.exact_type(t) {
            None => refuse("exact-types", format!("the domain has no type `{t}`"))?,
            Some(false) => refuse("exact-types", format!("an object of type `{t}` is declared with a subtype only"))?,
            Some(true) => {}
        }
    }
    for c in &def.checks {
        match Program::check(&c.expr, view) {
            Ok(true) => {}
            Ok(false) => refuse(&c.name, "does not hold on this task")?,
            Err(e) => refuse(&c.name, e.0)?,
        }
    }
    Program::compile(def, view).map_err(|e| Refusal { check: "compile".into(), detail: e.0 })
}
