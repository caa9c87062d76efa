//! Temporal plans, PDDL 2.1 level 3 (Fox & Long 2003), checked the way VAL checks them:
//!
//! - A durative step at time `t` with duration `d` becomes a start happening at `t` and an end
//!   happening at `t + d`; instantaneous steps and timed initial literals are happenings too.
//! - Happenings are grouped as VAL's `Plan` groups them: sorted by time, a group takes every
//!   happening no later than a tenth of the tolerance after its first. All conditions of a group
//!   are read in the state before it and its effects apply together (delete-then-add).
//! - Inside a group, two happenings must not interfere (VAL's ownership check, "mutex
//!   violation"): one changes an atom or fluent that the other reads or changes, except that
//!   both adding, both deleting, or both increasing/decreasing one fluent commute. Happenings
//!   of different groups are sequential and may interfere however close they are.
//!   `Options::strict_epsilon` reads PDDL 2.1 strictly instead: only equal times group, and
//!   interfering happenings (with `over all` conditions read by start and end) must be at least
//!   the tolerance apart.
//! - An action starting exactly when a timed initial literal fires is in the literal's group: it
//!   sees the state before the literal, and interferes with it if it reads the literal's atom.
//! - `at start` conditions and start-timed duration constraints are checked at the start, `at
//!   end` ones at the end, and `over all` conditions in every state strictly inside the interval
//!   (after each group from the start up to, not including, the end). Duration constraints `<=`,
//!   `>=`, `=` hold within the tolerance, as in VAL.
//! - Every timed initial literal is applied, also those after the plan's last happening, before
//!   the goal is checked (as VAL does). `total-time` in the metric is the time of the plan's last
//!   happening.
//!
//! Limitation: the condition of a conditional effect is read when the effect happens, so an
//! `(at end (when (at start c) e))` reads `c` at the end.

use crate::apply::{self, Changes};
use crate::eval::{Ctx, Env, Tables, Unsatisfied, with_key};
use crate::run::Run;
use crate::{Failure, FailureKind, Options, PlanError, Step, Validation, Verdict};
use model::lifted::{Action, Condition, Expr, Literal, Task, VarId};
use model::semantics;
use pddl::ast::{AssignOp, Comparison, TimeSpec};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Start,
    End,
    Instant,
    /// Timed initial literal, by index.
    Til(usize),
}

#[derive(Clone, Copy, Debug)]
struct Happening {
    time: f64,
    /// Plan step index (unused for TILs).
    step: usize,
    kind: Kind,
}

/// The conditions of a durative action, split by when they are checked.
struct Split {
    start: Condition,
    all: Condition,
    end: Condition,
}

/// What one happening reads and writes, for the interference check.
struct Footprint {
    time: f64,
    /// Plan step, or `usize::MAX` for a timed initial literal.
    step: usize,
    label: String,
    reads: Vec<u32>,
    fluent_reads: Vec<u32>,
    adds: Vec<u32>,
    deletes: Vec<u32>,
    writes: Vec<(u32, AssignOp)>,
}

pub fn validate(task: &Task, steps: &[Step], options: Options) -> Validation {
    let mut splits = Vec::with_capacity(task.domain.actions.len());
    for a in &task.domain.actions {
        if !a.is_durative() {
            splits.push(None);
            continue;
        }
        let mut parts = (Vec::new(), Vec::new(), Vec::new());
        if let Err(what) = split(&a.precondition, &mut parts) {
            let message = format!("durative action `{}`: {what}", task.domain.name(a.name));
            return Validation::without_run(Verdict::Unsupported, steps.len(), true, vec![PlanError::new(0, message)]);
        }
        splits.push(Some(Split {
            start: Condition::And(parts.0),
            all: Condition::And(parts.1),
            end: Condition::And(parts.2),
        }));
    }
    let mut run = match Run::new(task, steps.len(), true, options) {
        Ok(r) => r,
        Err(v) => return *v,
    };
    match (Temporal { steps, splits, options }).execute(&mut run) {
        Ok(makespan) => run.finish(steps.len(), true, Some(makespan), makespan),
        Err(failure) => {
            let applied = failure.step.saturating_sub(1);
            run.failed(steps.len(), applied, true, failure)
        }
    }
}

/// Splits a durative condition into its `at start`, `over all` and `at end` parts.
fn split(c: &Condition, out: &mut (Vec<Condition>, Vec<Condition>, Vec<Condition>)) -> Result<(), String> {
    match c {
        Condition::True => Ok(()),
        Condition::And(cs) => cs.iter().try_for_each(|c| split(c, out)),
        Condition::Timed(TimeSpec::AtStart, body) => {
            out.0.push((**body).clone());
            Ok(())
        }
        Condition::Timed(TimeSpec::OverAll, body) => {
            out.1.push((**body).clone());
            Ok(())
        }
        Condition::Timed(TimeSpec::AtEnd, body) => {
            out.2.push((**body).clone());
            Ok(())
        }
        // `forall` distributes over the three parts.
        Condition::Forall(vars, body) => {
            let mut inner = (Vec::new(), Vec::new(), Vec::new());
            split(body, &mut inner)?;
            let wrap = |cs: Vec<Condition>| Condition::Forall(vars.clone(), Box::new(Condition::And(cs)));
            for (part, dst) in [(inner.0, &mut out.0), (inner.1, &mut out.1), (inner.2, &mut out.2)] {
                if !part.is_empty() {
                    dst.push(wrap(part));
                }
            }
            Ok(())
        }
        _ => Err("a condition that is not `at start`, `over all` or `at end` (or one nested in `or`/`exists`) is not supported".into()),
    }
}

struct Temporal<'s> {
    steps: &'s [Step],
    splits: Vec<Option<Split>>,
    options: Options,
}

/// Interfering happenings closer than this are an error; the slack absorbs the decimal rounding
/// of plan times (3.002 - 3.001 is 0.000999... in binary).
fn too_close(dt: f64, tolerance: f64) -> bool {
    dt < tolerance - (tolerance * 1e-6).max(1e-9)
}

impl Temporal<'_> {
    /// Executes every happening; the plan's makespan, or the first failure.
    fn execute(&self, run: &mut Run) -> Result<f64, Failure> {
        let task = run.ctx.task;
        let mut happenings = Vec::new();
        let mut makespan: f64 = 0.0;
        for (i, s) in self.steps.iter().enumerate() {
            let t = s.time.unwrap_or(0.0);
            match s.duration {
                Some(d) if run.action(s).is_durative() => {
                    if d <= 0.0 {
                        return Err(self.failure(
                            run,
                            i,
                            Kind::Start,
                            FailureKind::Duration,
                            "a durative action needs a positive duration".into(),
                            Vec::new(),
                        ));
                    }
                    happenings.push(Happening { time: t, step: i, kind: Kind::Start });
                    happenings.push(Happening { time: t + d, step: i, kind: Kind::End });
                    makespan = makespan.max(t + d);
                }
                _ => {
                    happenings.push(Happening { time: t, step: i, kind: Kind::Instant });
                    makespan = makespan.max(t);
                }
            }
        }
        // Literals after the plan's end still change the state in which the goal is checked.
        for (k, til) in task.timed_literals.iter().enumerate() {
            happenings.push(Happening { time: til.time, step: usize::MAX, kind: Kind::Til(k) });
        }
        happenings.sort_by(|a, b| a.time.total_cmp(&b.time).then(a.kind.cmp(&b.kind)).then(a.step.cmp(&b.step)));

        let mut bindings: Vec<Vec<u32>> = self.steps.iter().map(|s| run.binding(s)).collect();
        let mut active: Vec<usize> = Vec::new();
        let mut window: Vec<Footprint> = Vec::new();
        let mut all_changes = Changes::default();
        let mut changes = Changes::default();
        let mut i = 0;
        while i < happenings.len() {
            let t = happenings[i].time;
            // A group holds at least one happening, so the loop always advances.
            let mut j = i + 1;
            let strict = self.options.strict_epsilon;
            // VAL's grouping: everything up to a tenth of the tolerance after the group's first.
            let reach = if strict { t + 1e-9 } else { t + self.options.tolerance / 10.0 };
            while j < happenings.len() && happenings[j].time <= reach {
                j += 1;
            }
            let cluster = &happenings[i..j];
            all_changes.clear();
            let mut prints = Vec::with_capacity(cluster.len());
            for h in cluster {
                changes.clear();
                let print = self.happening(run, h, &mut bindings, &mut changes)?;
                all_changes.adds.extend_from_slice(&changes.adds);
                all_changes.deletes.extend_from_slice(&changes.deletes);
                all_changes.updates.extend_from_slice(&changes.updates);
                prints.push((print, *h));
            }
            if strict {
                window.retain(|f| too_close(t - f.time, self.options.tolerance));
            }
            for (k, (p, h)) in prints.iter().enumerate() {
                let earlier = window.iter().chain(prints[..k].iter().map(|(p, _)| p));
                for q in earlier {
                    // Strictly, the start and end of one action may touch the same atoms; in VAL
                    // they are two actions of the happening like any other.
                    if strict && q.step == p.step && p.step != usize::MAX {
                        continue;
                    }
                    if let Some(what) = interference(run, p, q) {
                        let message = if strict {
                            format!(
                                "it interferes with {} at {}: {what}; interfering happenings must be at least {} apart",
                                q.label,
                                crate::report::time(q.time),
                                self.options.tolerance
                            )
                        } else {
                            format!(
                                "mutex violation: it interferes with {} at {}, in the same happening: {what}; \
                                 happenings within {} (a tenth of the tolerance) of each other are simultaneous",
                                q.label,
                                crate::report::time(q.time),
                                self.options.tolerance / 10.0
                            )
                        };
                        return Err(self.failure(run, h.step, h.kind, FailureKind::Interference, message, Vec::new()));
                    }
                }
            }
            let pre = self.options.trace.then(|| run.state.clone());
            if let Err(message) = apply::apply(&run.ctx, &run.tables, &mut all_changes, &mut run.state) {
                let h = cluster[0];
                return Err(self.failure(run, h.step, h.kind, FailureKind::Effect, message, Vec::new()));
            }
            run.update_derived();
            if let Some(pre) = pre {
                let label: Vec<String> = prints.iter().map(|(p, _)| p.label.clone()).collect();
                let step = cluster.iter().map(|h| h.step).find(|&s| s != usize::MAX);
                let line = step.map_or(0, |s| self.steps[s].line);
                run.record(&pre, &all_changes, step.map_or(0, |s| s + 1), line, Some(t), label.join(", "));
            }
            for h in cluster {
                match h.kind {
                    Kind::Start => active.push(h.step),
                    Kind::End => active.retain(|&s| s != h.step),
                    _ => {}
                }
            }
            for &s in &active {
                let step = &self.steps[s];
                let Some(split) = &self.splits[step.action.index()] else { continue };
                let env = env(&run.ctx, step);
                let view = run.view(env);
                let b = &mut bindings[s];
                if !view.holds(&split.all, b) {
                    let unsatisfied = view.explain(&split.all, b, self.options.explain_limit.max(1));
                    let message = format!(
                        "an `over all` condition is false at {}, while the action runs",
                        crate::report::time(t)
                    );
                    let mut f = self.failure(run, s, Kind::Start, FailureKind::Invariant, message, unsatisfied);
                    f.time = Some(t);
                    f.action = format!("{} [over all]", run.step_text(step));
                    return Err(f);
                }
            }
            if strict {
                window.extend(prints.into_iter().map(|(p, _)| p));
            }
            i = j;
        }
        Ok(makespan)
    }

    /// Checks one happening's conditions in the current state and collects its changes.
    fn happening(
        &self,
        run: &mut Run,
        h: &Happening,
        bindings: &mut [Vec<u32>],
        changes: &mut Changes,
    ) -> Result<Footprint, Failure> {
        let mut print = Footprint {
            time: h.time,
            step: h.step,
            label: String::new(),
            reads: Vec::new(),
            fluent_reads: Vec::new(),
            adds: Vec::new(),
            deletes: Vec::new(),
            writes: Vec::new(),
        };
        if let Kind::Til(k) = h.kind {
            let til = &run.ctx.task.timed_literals[k];
            let key: Vec<u32> =
                std::iter::once(til.atom.predicate.0).chain(til.atom.args.iter().map(|o| o.0)).collect();
            let id = run.tables.atoms.intern(&key);
            if til.positive {
                changes.adds.push(id);
            } else {
                changes.deletes.push(id);
            }
            let text = run.ctx.atom_text(&key);
            print.label = format!("timed literal {}", if til.positive { text } else { format!("(not {text})") });
            print.adds = changes.adds.clone();
            print.deletes = changes.deletes.clone();
            return Ok(print);
        }
        let step = &self.steps[h.step];
        let action: &Action = run.action(step);
        print.label = label(run, step, h.kind);
        let b = &mut bindings[h.step];
        let env = env(&run.ctx, step);
        let (condition, effect_time) = match (&self.splits[step.action.index()], h.kind) {
            (Some(s), Kind::Start) => (&s.start, Some(TimeSpec::AtStart)),
            (Some(s), _) => (&s.end, Some(TimeSpec::AtEnd)),
            (None, _) => (&action.precondition, None),
        };
        if let (Some(_), Some(d)) = (&action.duration, step.duration) {
            let when = if h.kind == Kind::Start { TimeSpec::AtStart } else { TimeSpec::AtEnd };
            self.check_duration(run, step, h, action, when, d, b)?;
        }
        {
            let view = run.view(env);
            if !view.holds(condition, b) {
                let unsatisfied = view.explain(condition, b, self.options.explain_limit.max(1));
                let which = match h.kind {
                    Kind::Start => "an `at start` condition is not satisfied",
                    Kind::End => "an `at end` condition is not satisfied",
                    _ => "the precondition is not satisfied",
                };
                return Err(self.failure(run, h.step, h.kind, FailureKind::Precondition, which.into(), unsatisfied));
            }
        }
        // The footprint: what the conditions and duration bounds read (VAL's ownership of
        // preconditions); strictly, the `over all` invariant too.
        touched(condition, env, b, &mut run.tables, &mut print);
        if self.options.strict_epsilon
            && let Some(s) = &self.splits[step.action.index()]
        {
            touched(&s.all, env, b, &mut run.tables, &mut print);
        }
        let when = if h.kind == Kind::Start { TimeSpec::AtStart } else { TimeSpec::AtEnd };
        for (time, _, bound) in action.duration.iter().flatten() {
            if time.unwrap_or(TimeSpec::AtStart) == when {
                expr_reads(bound, b, &mut run.tables, &mut print);
            }
        }
        for e in action.effects.iter().filter(|e| e.time == effect_time) {
            effect_reads(e, &e.forall, env, b, &mut run.tables, &mut print);
        }
        if let Err(message) =
            apply::collect(&run.ctx, &mut run.tables, &run.state, env, &action.effects, effect_time, b, changes)
        {
            return Err(self.failure(run, h.step, h.kind, FailureKind::Effect, message, Vec::new()));
        }
        print.adds = changes.adds.clone();
        print.deletes = changes.deletes.clone();
        print.writes = changes.updates.iter().map(|u| (u.0, u.1)).collect();
        for v in [&mut print.reads, &mut print.fluent_reads, &mut print.adds, &mut print.deletes] {
            v.sort_unstable();
            v.dedup();
        }
        Ok(print)
    }

    #[allow(clippy::too_many_arguments)]
    fn check_duration(
        &self,
        run: &Run,
        step: &Step,
        h: &Happening,
        action: &Action,
        when: TimeSpec,
        d: f64,
        b: &mut [u32],
    ) -> Result<(), Failure> {
        let env = env(&run.ctx, step);
        let view = run.view(env);
        for (time, op, bound) in action.duration.iter().flatten() {
            if time.unwrap_or(TimeSpec::AtStart) != when {
                continue;
            }
            let literal = format!("({} ?duration {})", op.symbol(), view.expr_string(bound, b));
            let value = match view.value(bound, b) {
                Ok(v) => v,
                Err(e) => {
                    let u = Unsatisfied { literal, hint: format!("{}; it must have a value", e.describe()) };
                    return Err(self.failure(
                        run,
                        h.step,
                        h.kind,
                        FailureKind::Duration,
                        "the duration bound is undefined".into(),
                        vec![u],
                    ));
                }
            };
            // VAL's reading: `<=`, `>=` and `=` hold within the tolerance (plan files print
            // durations with three decimals); the slack absorbs binary rounding at tolerance 0.
            let tolerance = self.options.tolerance;
            let slack = 1e-9_f64.max(value.abs() * 1e-12);
            let ok = match op {
                Comparison::Eq => (d - value).abs() < tolerance || (d - value).abs() <= slack,
                Comparison::Le => d - value <= tolerance.max(slack),
                Comparison::Ge => value - d <= tolerance.max(slack),
                _ => semantics::compare(*op, d, value),
            };
            if !ok {
                let u = Unsatisfied {
                    literal,
                    hint: format!(
                        "the duration must satisfy ({} ?duration {}), but it is {}",
                        op.symbol(),
                        crate::eval::number(value),
                        crate::eval::number(d)
                    ),
                };
                return Err(self.failure(
                    run,
                    h.step,
                    h.kind,
                    FailureKind::Duration,
                    "the duration violates the action's duration constraint".into(),
                    vec![u],
                ));
            }
        }
        Ok(())
    }

    fn failure(
        &self,
        run: &Run,
        step: usize,
        kind: Kind,
        fk: FailureKind,
        message: String,
        unsatisfied: Vec<Unsatisfied>,
    ) -> Failure {
        let Some(s) = self.steps.get(step) else {
            return Failure {
                kind: fk,
                step: 0,
                line: 0,
                time: None,
                action: "timed initial literal".into(),
                message,
                unsatisfied,
            };
        };
        let time = match kind {
            Kind::End => s.time.unwrap_or(0.0) + s.duration.unwrap_or(0.0),
            _ => s.time.unwrap_or(0.0),
        };
        Failure {
            kind: fk,
            step: step + 1,
            line: s.line,
            time: Some(time),
            action: label(run, s, kind),
            message,
            unsatisfied,
        }
    }
}

fn env<'a>(ctx: &'a Ctx, step: &Step) -> Env<'a> {
    let a = &ctx.task.domain.actions[step.action.index()];
    Env {
        vars: &a.variables,
        domains: &ctx.action_domains[step.action.index()],
        duration: step.duration,
        total_time: None,
    }
}

fn label(run: &Run, step: &Step, kind: Kind) -> String {
    let text = run.step_text(step);
    match kind {
        Kind::Start => format!("{text} [start]"),
        Kind::End => format!("{text} [end]"),
        _ => text,
    }
}

/// Records the ground atoms and fluents a condition refers to (every instance of a quantifier),
/// interning them so that a later add of a so-far-unseen atom is still recognized.
fn touched(c: &Condition, env: Env, b: &mut [u32], tables: &mut Tables, out: &mut Footprint) {
    match c {
        Condition::Atom { atom, .. } => {
            let id = with_key(atom.predicate.0, &atom.args, b, |k| tables.atoms.intern(k));
            out.reads.push(id);
        }
        Condition::Compare(_, l, r) => {
            expr_reads(l, b, tables, out);
            expr_reads(r, b, tables, out);
        }
        Condition::And(cs) | Condition::Or(cs) => cs.iter().for_each(|c| touched(c, env, b, tables, out)),
        Condition::Exists(vars, body) | Condition::Forall(vars, body) => quantified(vars, body, env, b, tables, out),
        Condition::Timed(_, body) | Condition::Preference(_, body) => touched(body, env, b, tables, out),
        Condition::True | Condition::False | Condition::Equal { .. } | Condition::Modal(..) => {}
    }
}

fn quantified(vars: &[VarId], body: &Condition, env: Env, b: &mut [u32], tables: &mut Tables, out: &mut Footprint) {
    let Some((v, rest)) = vars.split_first() else {
        touched(body, env, b, tables, out);
        return;
    };
    let Some(domain) = env.domains.get(v.index()) else { return };
    let saved = b[v.index()];
    for &o in domain.iter() {
        b[v.index()] = o;
        quantified(rest, body, env, b, tables, out);
    }
    b[v.index()] = saved;
}

fn expr_reads(e: &Expr, b: &[u32], tables: &mut Tables, out: &mut Footprint) {
    match e {
        Expr::Fluent(f) => {
            let id = with_key(f.function.0, &f.args, b, |k| tables.fluents.intern(k));
            out.fluent_reads.push(id);
        }
        Expr::Binary(_, l, r) => {
            expr_reads(l, b, tables, out);
            expr_reads(r, b, tables, out);
        }
        Expr::Negate(x) => expr_reads(x, b, tables, out),
        _ => {}
    }
}

/// What an effect reads: its `when` condition and the right-hand side of a numeric update.
fn effect_reads(
    e: &model::lifted::Effect,
    vars: &[VarId],
    env: Env,
    b: &mut [u32],
    tables: &mut Tables,
    out: &mut Footprint,
) {
    let Some((v, rest)) = vars.split_first() else {
        touched(&e.condition, env, b, tables, out);
        if let Literal::Assign(_, _, rhs) = &e.literal {
            expr_reads(rhs, b, tables, out);
        }
        return;
    };
    let Some(domain) = env.domains.get(v.index()) else { return };
    let saved = b[v.index()];
    for &o in domain.iter() {
        b[v.index()] = o;
        effect_reads(e, rest, env, b, tables, out);
    }
    b[v.index()] = saved;
}

/// Why two happenings interfere, if they do.
fn interference(run: &Run, p: &Footprint, q: &Footprint) -> Option<String> {
    let atom = |id: u32| run.ctx.atom_text(run.tables.atoms.key(id));
    let fluent = |id: u32| run.ctx.fluent_text(run.tables.fluents.key(id));
    let common = |a: &[u32], b: &[u32]| a.iter().copied().find(|x| b.binary_search(x).is_ok());
    for (x, y) in [(p, q), (q, p)] {
        if let Some(a) = common(&x.adds, &y.deletes) {
            return Some(format!("one adds and the other deletes {}", atom(a)));
        }
        if let Some(a) = common(&x.adds, &y.reads).or_else(|| common(&x.deletes, &y.reads)) {
            return Some(format!("{} changes {}, which {} reads", x.label, atom(a), y.label));
        }
        for &(f, op) in &x.writes {
            if y.fluent_reads.binary_search(&f).is_ok() {
                return Some(format!("{} changes {}, which {} reads", x.label, fluent(f), y.label));
            }
            if y.writes.iter().any(|&(g, op2)| g == f && !semantics::updates_commute(op, op2)) {
                return Some(format!("both change {}", fluent(f)));
            }
        }
    }
    None
}
