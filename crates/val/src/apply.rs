//! Effects: which literals an action (or one happening of a durative action) produces in a state,
//! and applying them. Everything an effect reads (its `when` condition, the right-hand sides of
//! numeric updates) is read in the state *before* the happening, and the changes then apply
//! together: deletes, then adds, then numeric updates (see `model::semantics`).

use crate::eval::{Ctx, Env, Tables, View, with_key};
use crate::state::State;
use model::lifted::{Effect, Literal, VarId};
use model::semantics::{self, NumericError};
use pddl::ast::{AssignOp, TimeSpec};

/// The changes of one happening, as interned ids.
#[derive(Clone, Debug, Default)]
pub struct Changes {
    pub adds: Vec<u32>,
    pub deletes: Vec<u32>,
    /// `(fluent, op, right-hand side evaluated in the pre-state)`.
    pub updates: Vec<(u32, AssignOp, f64)>,
}

impl Changes {
    pub fn clear(&mut self) {
        self.adds.clear();
        self.deletes.clear();
        self.updates.clear();
    }
}

/// Collects the changes of the effects with timing `when` (`None` for plain actions) in `state`.
/// `b` binds the schema's parameters; quantified variables are bound here.
#[allow(clippy::too_many_arguments)] // one call site per kind of happening; a struct would only rename them
pub fn collect(
    ctx: &Ctx,
    tables: &mut Tables,
    state: &State,
    env: Env,
    effects: &[Effect],
    when: Option<TimeSpec>,
    b: &mut [u32],
    out: &mut Changes,
) -> Result<(), String> {
    for e in effects.iter().filter(|e| e.time == when) {
        each_binding(ctx, tables, state, env, e, &e.forall, b, out)?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn each_binding(
    ctx: &Ctx,
    tables: &mut Tables,
    state: &State,
    env: Env,
    e: &Effect,
    vars: &[VarId],
    b: &mut [u32],
    out: &mut Changes,
) -> Result<(), String> {
    let Some((v, rest)) = vars.split_first() else {
        return one(ctx, tables, state, env, e, b, out);
    };
    let Some(domain) = env.domains.get(v.index()) else { return Ok(()) };
    let saved = b[v.index()];
    for &o in domain.iter() {
        b[v.index()] = o;
        each_binding(ctx, tables, state, env, e, rest, b, out)?;
    }
    b[v.index()] = saved;
    Ok(())
}

fn one(
    ctx: &Ctx,
    tables: &mut Tables,
    state: &State,
    env: Env,
    e: &Effect,
    b: &mut [u32],
    out: &mut Changes,
) -> Result<(), String> {
    let view = View { ctx, tables, state, env };
    if !view.holds(&e.condition, b) {
        return Ok(());
    }
    match &e.literal {
        Literal::Add(atom) => {
            let id = with_key(atom.predicate.0, &atom.args, b, |k| tables.atoms.intern(k));
            out.adds.push(id);
        }
        Literal::Delete(atom) => {
            // An atom never interned was never true; deleting it changes nothing.
            if let Some(id) = with_key(atom.predicate.0, &atom.args, b, |k| tables.atoms.get(k)) {
                out.deletes.push(id);
            }
        }
        Literal::Assign(op, f, rhs) => {
            let value = view.value(rhs, b).map_err(|err| {
                format!(
                    "effect ({} {} {}): {}",
                    op.keyword(),
                    view.fluent_string(f, b),
                    view.expr_string(rhs, b),
                    err.describe()
                )
            })?;
            let id = with_key(f.function.0, &f.args, b, |k| tables.fluents.intern(k));
            out.updates.push((id, *op, value));
        }
    }
    Ok(())
}

/// Applies collected changes: deletes, then adds (so an add wins), then the numeric updates, each
/// from the pre-state value. Two updates of one fluent must commute (`increase`/`decrease`, summed);
/// anything else is an error, as is updating an undefined fluent.
pub fn apply(ctx: &Ctx, tables: &Tables, changes: &mut Changes, state: &mut State) -> Result<(), String> {
    for &d in &changes.deletes {
        state.set(d, false);
    }
    for &a in &changes.adds {
        state.set(a, true);
    }
    if changes.updates.is_empty() {
        return Ok(());
    }
    changes.updates.sort_by_key(|u| u.0);
    let mut i = 0;
    while i < changes.updates.len() {
        let (fluent, op, value) = changes.updates[i];
        let mut j = i + 1;
        while j < changes.updates.len() && changes.updates[j].0 == fluent {
            j += 1;
        }
        let group = &changes.updates[i..j];
        let name = || ctx.fluent_text(tables.fluents.key(fluent));
        let (op, value) = if group.len() == 1 {
            (op, value)
        } else if group.windows(2).all(|w| semantics::updates_commute(w[0].1, w[1].1)) {
            let delta: f64 = group.iter().map(|&(_, op, v)| if op == AssignOp::Decrease { -v } else { v }).sum();
            (AssignOp::Increase, delta)
        } else {
            let ops: Vec<&str> = group.iter().map(|u| u.1.keyword()).collect();
            return Err(format!(
                "{} is updated {} times at once ({}); only `increase`/`decrease` may be combined",
                name(),
                group.len(),
                ops.join(", ")
            ));
        };
        let new = semantics::apply_assign(op, state.value(fluent), value).map_err(|e| match e {
            NumericError::Undefined => format!("{} is undefined, so `{}` cannot change it", name(), op.keyword()),
            e => format!("updating {}: {}", name(), e.describe()),
        })?;
        state.set_value(fluent, Some(new));
        i = j;
    }
    Ok(())
}
