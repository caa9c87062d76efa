//! Derived predicates: after every happening, the derived atoms are recomputed from scratch as
//! the stratified least fixpoint of the rules (PDDL 2.2, Thiébaux, Hoffmann & Nebel 2005): rules
//! are grouped into strata so that a predicate read negatively is complete before it is read.

use crate::eval::{Ctx, Env, Tables, UNBOUND, View, with_key};
use crate::state::State;
use model::lifted::{Condition, Task};

pub struct Derived {
    /// Rule indices, lowest stratum first.
    strata: Vec<Vec<usize>>,
    /// The derived atoms currently true.
    current: Vec<u32>,
    scratch: Vec<u32>,
}

impl Derived {
    /// Stratifies the rules; an error names a predicate that depends negatively on itself.
    pub fn new(task: &Task) -> Result<Derived, String> {
        let d = &task.domain;
        let n = d.predicates.len();
        let mut stratum = vec![0usize; n];
        let limit = n + 1;
        loop {
            let mut changed = false;
            for r in &d.derived {
                let mut deps = Vec::new();
                reads(&r.body, &mut deps);
                for (q, positive) in deps {
                    if !d.predicates.get(q).is_some_and(|p| p.derived) {
                        continue;
                    }
                    let need = stratum[q] + usize::from(!positive);
                    let p = r.predicate.index();
                    if p < n && stratum[p] < need {
                        stratum[p] = need;
                        changed = true;
                        if need > limit {
                            return Err(format!(
                                "the derived predicates are not stratified: `{}` depends negatively on itself",
                                d.name(d.predicates[p].name)
                            ));
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let top = d.derived.iter().map(|r| stratum.get(r.predicate.index()).copied().unwrap_or(0)).max().unwrap_or(0);
        let mut strata = vec![Vec::new(); if d.derived.is_empty() { 0 } else { top + 1 }];
        for (i, r) in d.derived.iter().enumerate() {
            strata[stratum.get(r.predicate.index()).copied().unwrap_or(0)].push(i);
        }
        Ok(Derived { strata, current: Vec::new(), scratch: Vec::new() })
    }

    /// Replaces the derived atoms of `state` by those the rules derive from its basic atoms.
    pub fn recompute(&mut self, ctx: &Ctx, tables: &mut Tables, state: &mut State) {
        if self.strata.is_empty() {
            return;
        }
        for id in self.current.drain(..) {
            state.set(id, false);
        }
        let task = ctx.task;
        for stratum in &self.strata {
            loop {
                let mut new: Vec<Vec<u32>> = Vec::new();
                for &ri in stratum {
                    let rule = &task.domain.derived[ri];
                    let arity = task.domain.predicates.get(rule.predicate.index()).map_or(0, |p| p.params.len());
                    let env =
                        Env { vars: &rule.variables, domains: &ctx.rule_domains[ri], duration: None, total_time: None };
                    let view = View { ctx, tables, state, env };
                    let mut b = vec![UNBOUND; rule.variables.len()];
                    let head: Vec<model::lifted::Arg> = (0..arity.min(rule.variables.len()))
                        .map(|i| model::lifted::Arg::Var(model::lifted::VarId(i as u32)))
                        .collect();
                    heads(&view, &rule.body, rule.predicate.0, &head, 0, &mut b, &mut new, &mut self.scratch);
                }
                if new.is_empty() {
                    break;
                }
                for key in new {
                    let id = tables.atoms.intern(&key);
                    if !state.holds(id) {
                        state.set(id, true);
                        self.current.push(id);
                    }
                }
            }
        }
    }
}

/// Enumerates the head bindings (variables `0..head.len()`), collecting the keys of head atoms
/// that are not true yet but whose body holds.
#[allow(clippy::too_many_arguments)]
fn heads(
    view: &View,
    body: &Condition,
    predicate: u32,
    head: &[model::lifted::Arg],
    i: usize,
    b: &mut [u32],
    new: &mut Vec<Vec<u32>>,
    scratch: &mut Vec<u32>,
) {
    if i == head.len() {
        let known = with_key(predicate, head, b, |k| {
            scratch.clear();
            scratch.extend_from_slice(k);
            view.tables.atoms.get(k).is_some_and(|id| view.state.holds(id))
        });
        if !known && view.holds(body, b) && !new.contains(scratch) {
            new.push(scratch.clone());
        }
        return;
    }
    let Some(domain) = view.env.domains.get(i) else { return };
    for &o in domain.iter() {
        b[i] = o;
        heads(view, body, predicate, head, i + 1, b, new, scratch);
    }
    b[i] = UNBOUND;
}

/// The predicates a condition reads, with the polarity of each occurrence (NNF: negation only on
/// atoms, so the polarity is the atom's own).
fn reads(c: &Condition, out: &mut Vec<(usize, bool)>) {
    match c {
        Condition::Atom { positive, atom } => out.push((atom.predicate.index(), *positive)),
        Condition::And(cs) | Condition::Or(cs) | Condition::Modal(_, _, cs) => cs.iter().for_each(|c| reads(c, out)),
        Condition::Exists(_, b) | Condition::Forall(_, b) | Condition::Timed(_, b) | Condition::Preference(_, b) => {
            reads(b, out)
        }
        Condition::True | Condition::False | Condition::Equal { .. } | Condition::Compare(..) => {}
    }
}
