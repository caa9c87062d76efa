//! The machinery that sequential and temporal validation share: the initial state, bindings,
//! goal checking, cost and metric, trace and final state.

use crate::apply::Changes;
use crate::derived::Derived;
use crate::eval::{Ctx, Env, Tables, UNBOUND, Unsatisfied, View};
use crate::state::State;
use crate::{CostSource, FinalState, MetricValue, Options, PlanError, Step, TraceStep, Validation, Verdict};
use model::lifted::{Action, Task};
use pddl::ast::Optimization;

pub struct Run<'t> {
    pub ctx: Ctx<'t>,
    pub tables: Tables,
    pub state: State,
    pub derived: Derived,
    pub options: Options,
    pub trace: Vec<TraceStep>,
    pub notes: Vec<String>,
    /// The `(total-cost)` fluent, when the domain's actions increase it.
    total_cost: Option<u32>,
    initial_cost: f64,
}

impl<'t> Run<'t> {
    /// The initial state with derived atoms computed, or the report of a task that cannot be
    /// validated.
    pub fn new(task: &'t Task, steps: usize, temporal: bool, options: Options) -> Result<Run<'t>, Box<Validation>> {
        let derived = Derived::new(task).map_err(|message| {
            Box::new(Validation::without_run(Verdict::Unsupported, steps, temporal, vec![PlanError::new(0, message)]))
        })?;
        let ctx = Ctx::new(task);
        let mut tables = Tables::default();
        let mut state = State::default();
        for a in &task.init {
            let key: Vec<u32> = std::iter::once(a.predicate.0).chain(a.args.iter().map(|o| o.0)).collect();
            state.set(tables.atoms.intern(&key), true);
        }
        for (f, v) in &task.init_values {
            if let model::lifted::Value::Number(x) = v {
                let key: Vec<u32> = std::iter::once(f.function.0).chain(f.args.iter().map(|o| o.0)).collect();
                state.set_value(tables.fluents.intern(&key), Some(*x));
            }
        }
        let mut notes = Vec::new();
        // `total-cost`, wherever actions increase it or the metric reads it, starts at 0 when not
        // given (FD, VAL); which function the plan's cost counts is `model`'s decision
        // (`Task::costs`): total-cost under a metric that reads it, else the plan's length.
        let costs = task.costs();
        let declared_cost = task.domain.total_cost_function().map(|f| tables.fluents.intern(&[f.0]));
        if let Some(tc) = declared_cost
            && (task.domain.increases_total_cost() || costs != model::Costs::Unit)
            && state.value(tc).is_none()
        {
            state.set_value(tc, Some(0.0));
            notes.push("`(total-cost)` has no initial value; it starts at 0".into());
        }
        if task.ignores_action_costs() {
            notes.push(
                "actions increase `(total-cost)` but the problem has no `:metric`: the cost is the plan's length, \
                 as VAL and Fast Downward count it"
                    .into(),
            );
        }
        let total_cost = match costs {
            model::Costs::TotalCost(_) => declared_cost,
            model::Costs::Unit => None,
        };
        let initial_cost = total_cost.and_then(|tc| state.value(tc)).unwrap_or(0.0);
        let mut run = Run { ctx, tables, state, derived, options, trace: Vec::new(), notes, total_cost, initial_cost };
        run.update_derived();
        Ok(run)
    }

    pub fn update_derived(&mut self) {
        self.derived.recompute(&self.ctx, &mut self.tables, &mut self.state);
    }

    pub fn action(&self, step: &Step) -> &'t Action {
        &self.ctx.task.domain.actions[step.action.index()]
    }

    /// The binding of a step: parameters set, quantified variables unbound.
    pub fn binding(&self, step: &Step) -> Vec<u32> {
        let a = self.action(step);
        let mut b = vec![UNBOUND; a.variables.len()];
        for (slot, o) in b.iter_mut().zip(&step.args) {
            *slot = o.0;
        }
        b
    }

    pub fn view<'a>(&'a self, env: Env<'a>) -> View<'a, 't> {
        View { ctx: &self.ctx, tables: &self.tables, state: &self.state, env }
    }

    /// `(pick ball1 rooma left)`.
    pub fn step_text(&self, step: &Step) -> String {
        let a = self.action(step);
        let mut s = format!("({}", self.ctx.sym(a.name));
        for o in &step.args {
            s.push(' ');
            s.push_str(self.ctx.object_name(o.0));
        }
        s.push(')');
        s
    }

    /// The goal literals that are false now.
    pub fn unmet_goals(&self) -> Vec<Unsatisfied> {
        let task = self.ctx.task;
        let env = Env { vars: &task.goal_variables, domains: &self.ctx.goal_domains, duration: None, total_time: None };
        let mut b = vec![UNBOUND; task.goal_variables.len()];
        let view = self.view(env);
        if view.holds(&task.goal, &mut b) {
            return Vec::new();
        }
        let mut unmet = view.explain(&task.goal, &mut b, self.options.explain_limit.max(1));
        if unmet.is_empty() {
            unmet.push(Unsatisfied {
                literal: view.condition_string(&task.goal, &b),
                hint: "the goal must hold".into(),
            });
        }
        unmet
    }

    /// Records a trace entry for a happening applied to `pre`, giving `self.state`.
    pub fn record(
        &mut self,
        pre: &State,
        changes: &Changes,
        step: usize,
        line: u32,
        time: Option<f64>,
        happening: String,
    ) {
        if !self.options.trace {
            return;
        }
        let atoms = &self.tables.atoms;
        let mut added: Vec<String> = Vec::new();
        let mut deleted: Vec<String> = Vec::new();
        for &a in &changes.adds {
            if !pre.holds(a) && self.state.holds(a) {
                added.push(self.ctx.atom_text(atoms.key(a)));
            }
        }
        for &d in &changes.deletes {
            if pre.holds(d) && !self.state.holds(d) {
                deleted.push(self.ctx.atom_text(atoms.key(d)));
            }
        }
        // Derived atoms change without an effect naming them; they are marked as such.
        let derived = |id: u32| {
            let p = atoms.key(id)[0] as usize;
            self.ctx.task.domain.predicates.get(p).is_some_and(|p| p.derived)
        };
        if !self.ctx.task.domain.derived.is_empty() {
            for a in self.state.atoms().filter(|&a| derived(a) && !pre.holds(a)) {
                added.push(format!("{} (derived)", self.ctx.atom_text(atoms.key(a))));
            }
            for a in pre.atoms().filter(|&a| derived(a) && !self.state.holds(a)) {
                deleted.push(format!("{} (derived)", self.ctx.atom_text(atoms.key(a))));
            }
        }
        added.sort();
        added.dedup();
        deleted.sort();
        deleted.dedup();
        let mut updated = Vec::new();
        let mut fluents: Vec<u32> = changes.updates.iter().map(|u| u.0).collect();
        fluents.dedup();
        for f in fluents {
            if let Some(after) = self.state.value(f) {
                updated.push((self.ctx.fluent_text(self.tables.fluents.key(f)), pre.value(f), after));
            }
        }
        self.trace.push(TraceStep { step, line, time, happening, added, deleted, updated });
    }

    /// The final report of a run that executed every step.
    pub fn finish(mut self, steps: usize, temporal: bool, makespan: Option<f64>, total_time: f64) -> Validation {
        let unmet = self.unmet_goals();
        let verdict = if unmet.is_empty() { Verdict::Valid } else { Verdict::GoalNotReached };
        let (cost, cost_source) = match self.total_cost {
            Some(tc) => (self.state.value(tc).map(|v| v - self.initial_cost), CostSource::TotalCost),
            None => (Some(steps as f64), CostSource::PlanLength),
        };
        let metric = self.metric(total_time);
        let final_state = self.options.final_state.then(|| self.final_state());
        Validation {
            verdict,
            temporal,
            steps,
            applied: steps,
            cost,
            cost_source,
            metric,
            makespan,
            failure: None,
            unmet_goals: unmet,
            errors: Vec::new(),
            notes: std::mem::take(&mut self.notes),
            trace: std::mem::take(&mut self.trace),
            final_state,
        }
    }

    /// The report of a run stopped by a failing step.
    pub fn failed(mut self, steps: usize, applied: usize, temporal: bool, failure: crate::Failure) -> Validation {
        Validation {
            applied,
            failure: Some(failure),
            notes: std::mem::take(&mut self.notes),
            trace: std::mem::take(&mut self.trace),
            ..Validation::without_run(Verdict::Invalid, steps, temporal, Vec::new())
        }
    }

    fn metric(&self, total_time: f64) -> Option<MetricValue> {
        let m = self.ctx.task.metric.as_ref()?;
        let env = Env { vars: &[], domains: &[], duration: None, total_time: Some(total_time) };
        let view = self.view(env);
        let value = view.value(&m.expr, &[]);
        Some(MetricValue {
            optimization: match m.optimization {
                Optimization::Minimize => "minimize",
                Optimization::Maximize => "maximize",
            }
            .into(),
            expression: view.expr_string(&m.expr, &[]),
            value: value.as_ref().ok().copied(),
            error: value.err().map(|e| e.describe()),
        })
    }

    fn final_state(&self) -> FinalState {
        let mut atoms: Vec<String> = self.state.atoms().map(|a| self.ctx.atom_text(self.tables.atoms.key(a))).collect();
        atoms.sort();
        let mut values: Vec<(String, f64)> =
            self.state.values().map(|(f, v)| (self.ctx.fluent_text(self.tables.fluents.key(f)), v)).collect();
        values.sort_by(|a, b| a.0.cmp(&b.0));
        FinalState { atoms, values }
    }
}
