//! A small explicit-state view of a task, for what the domain library needs to enumerate: the
//! reachable states of small problems (the well-formedness check of `analyze`, the solvability
//! tests of the generators) and random executable action sequences.
//!
//! This is deliberately not the project's grounder or planner (`ground`, `search`): it supports
//! only conjunctions of literals and equalities in preconditions, effect conditions and goals, and
//! grounds by plain enumeration with static-atom filtering, which is enough for the library's
//! STRIPS-like domains on small instances. Plans found here are checked by `val`, never trusted.

use model::lifted::{Action, Arg, Condition, Literal, ObjectId, PredicateId, Task, VarId};
use pddl::ast::AssignOp;
use std::collections::{BTreeSet, HashMap, VecDeque};

/// A ground literal: atom id and sign.
pub type Lit = (u32, bool);

#[derive(Clone, Debug)]
pub struct GroundEffect {
    /// Conjunction of fluent literals; empty for unconditional effects.
    pub condition: Vec<Lit>,
    pub add: bool,
    pub atom: u32,
    /// Index of the lifted effect in the schema.
    pub lifted: usize,
}

#[derive(Clone, Debug)]
pub struct GroundAction {
    pub schema: usize,
    pub args: Vec<ObjectId>,
    /// Fluent precondition literals (static ones are decided at grounding time).
    pub pre: Vec<Lit>,
    pub effects: Vec<GroundEffect>,
}

/// A ground task over the atoms it mentions. States are sorted vectors of true atom ids.
pub struct Explicit<'t> {
    pub task: &'t Task,
    pub atoms: Vec<(PredicateId, Vec<ObjectId>)>,
    index: HashMap<(PredicateId, Vec<ObjectId>), u32>,
    pub init: Vec<u32>,
    pub actions: Vec<GroundAction>,
    pub goal: Vec<Lit>,
}

pub type State = Vec<u32>;

/// Grounding refuses tasks with more ground actions than this: the explicit view is for small
/// instances, and a bound keeps a big input from exhausting memory.
pub const MAX_GROUND_ACTIONS: usize = 2_000_000;

/// `model`'s conjunctive view, with the refusal message of this view.
fn conjuncts(c: &Condition) -> Result<Vec<&Condition>, String> {
    c.literals().ok_or_else(|| {
        let kind = c.first_non_literal().map_or("this condition", Condition::kind_name);
        format!("only conjunctions of literals are supported here, not {kind}")
    })
}

impl<'t> Explicit<'t> {
    pub fn new(task: &'t Task) -> Result<Explicit<'t>, String> {
        let d = &task.domain;
        if d.actions.iter().any(|a| a.is_durative()) || !d.derived.is_empty() {
            return Err("numeric fluents, durative actions and derived predicates are not supported here".into());
        }
        if !task.timed_literals.is_empty() {
            return Err("timed initial literals are not supported here".into());
        }
        // Action costs (increases of `total-cost`) do not decide applicability: they are skipped,
        // and the initial values they read with them. Any other numeric effect is refused
        // (numeric conditions are refused by the conjunctive view).
        let total_cost = d.total_cost_function();
        let cost =
            |l: &Literal| matches!(l, Literal::Assign(AssignOp::Increase, f, _) if Some(f.function) == total_cost);
        if d.actions
            .iter()
            .flat_map(|a| &a.effects)
            .any(|e| matches!(e.literal, Literal::Assign(..)) && !cost(&e.literal))
        {
            return Err("numeric effects are not supported here".into());
        }
        // Fluent predicates are `model`'s decision; the others are read from the initial state.
        let changed = task.fluent_predicates();
        let init_set: BTreeSet<(PredicateId, Vec<ObjectId>)> =
            task.init.iter().map(|g| (g.predicate, g.args.clone())).collect();
        let mut ex = Explicit {
            task,
            atoms: Vec::new(),
            index: HashMap::new(),
            init: Vec::new(),
            actions: Vec::new(),
            goal: Vec::new(),
        };
        for g in &task.init {
            if changed[g.predicate.index()] {
                let id = ex.intern(g.predicate, g.args.clone());
                ex.init.push(id);
            }
        }
        ex.init.sort_unstable();
        ex.init.dedup();
        let goal = conjuncts(&task.goal)?;
        let empty: Vec<ObjectId> = Vec::new();
        let mut goal_lits = Vec::new();
        for c in goal {
            match ex.ground_literal(c, &empty, &changed, &init_set)? {
                Some(Some(l)) => goal_lits.push(l),
                Some(None) => {}
                // A static goal literal that is false: no state satisfies the goal.
                None => goal_lits.push((u32::MAX, true)),
            }
        }
        ex.goal = goal_lits;
        for (ai, a) in d.actions.iter().enumerate() {
            ex.ground_action(ai, a, &changed, &init_set)?;
        }
        Ok(ex)
    }

    fn intern(&mut self, p: PredicateId, args: Vec<ObjectId>) -> u32 {
        if let Some(&id) = self.index.get(&(p, args.clone())) {
            return id;
        }
        let id = self.atoms.len() as u32;
        self.atoms.push((p, args.clone()));
        self.index.insert((p, args), id);
        id
    }

    /// `Ok(Some(Some(lit)))` a fluent literal; `Ok(Some(None))` statically true; `Ok(None)`
    /// statically false.
    #[allow(clippy::type_complexity)]
    fn ground_literal(
        &mut self,
        c: &Condition,
        binding: &[ObjectId],
        changed: &[bool],
        init: &BTreeSet<(PredicateId, Vec<ObjectId>)>,
    ) -> Result<Option<Option<Lit>>, String> {
        let arg = |a: &Arg| match *a {
            Arg::Object(o) => o,
            Arg::Var(v) => binding[v.index()],
        };
        match c {
            Condition::False => Ok(None),
            Condition::Equal { positive, left, right } => {
                Ok(if (arg(left) == arg(right)) == *positive { Some(None) } else { None })
            }
            Condition::Atom { positive, atom } => {
                let args: Vec<ObjectId> = atom.args.iter().map(arg).collect();
                if changed[atom.predicate.index()] {
                    Ok(Some(Some((self.intern(atom.predicate, args), *positive))))
                } else {
                    let holds = init.contains(&(atom.predicate, args));
                    Ok(if holds == *positive { Some(None) } else { None })
                }
            }
            other => Err(format!("only conjunctions of literals are supported here, not {}", other.kind_name())),
        }
    }

    fn ground_action(
        &mut self,
        ai: usize,
        a: &Action,
        changed: &[bool],
        init: &BTreeSet<(PredicateId, Vec<ObjectId>)>,
    ) -> Result<(), String> {
        let pre = conjuncts(&a.precondition)?;
        let domains: Vec<Vec<ObjectId>> = a.variables.iter().map(|v| self.task.objects_of(&v.ty)).collect();
        // Bind parameters in an order that completes static literals early, so that most partial
        // bindings are cut before the remaining parameters multiply them.
        let mut order: Vec<usize> = Vec::new();
        let vars_of = |c: &Condition| -> Vec<usize> {
            let args: Vec<Arg> = match c {
                Condition::Atom { atom, .. } => atom.args.clone(),
                Condition::Equal { left, right, .. } => vec![*left, *right],
                _ => Vec::new(),
            };
            args.iter().filter_map(|x| if let Arg::Var(v) = x { Some(v.index()) } else { None }).collect()
        };
        let is_static = |c: &Condition| match c {
            Condition::Atom { atom, .. } => !changed[atom.predicate.index()],
            Condition::Equal { .. } => true,
            _ => false,
        };
        for c in pre.iter().filter(|c| is_static(c)) {
            for v in vars_of(c) {
                if v < a.parameters && !order.contains(&v) {
                    order.push(v);
                }
            }
        }
        for v in 0..a.parameters {
            if !order.contains(&v) {
                order.push(v);
            }
        }
        // For each depth, the static literals that become fully bound there.
        let mut check_at: Vec<Vec<&Condition>> = vec![Vec::new(); order.len() + 1];
        for c in pre.iter().filter(|c| is_static(c)) {
            let depth =
                vars_of(c).iter().map(|v| order.iter().position(|o| o == v).map_or(0, |p| p + 1)).max().unwrap_or(0);
            check_at[depth].push(c);
        }
        let mut binding = vec![ObjectId(0); a.variables.len()];
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        // Iterative depth-first enumeration: (depth, next candidate index).
        if !self.static_ok(&check_at[0], &binding, changed, init)? {
            return Ok(());
        }
        while let Some((depth, next)) = stack.pop() {
            if depth == order.len() {
                self.emit(ai, a, &pre, &binding, changed, init)?;
                continue;
            }
            let var = order[depth];
            let Some(&o) = domains[var].get(next) else { continue };
            stack.push((depth, next + 1));
            binding[var] = o;
            if self.static_ok(&check_at[depth + 1], &binding, changed, init)? {
                stack.push((depth + 1, 0));
            }
            if self.actions.len() > MAX_GROUND_ACTIONS {
                return Err(format!(
                    "more than {MAX_GROUND_ACTIONS} ground actions; the task is too large for explicit enumeration"
                ));
            }
        }
        Ok(())
    }

    fn static_ok(
        &mut self,
        lits: &[&Condition],
        binding: &[ObjectId],
        changed: &[bool],
        init: &BTreeSet<(PredicateId, Vec<ObjectId>)>,
    ) -> Result<bool, String> {
        for c in lits {
            if self.ground_literal(c, binding, changed, init)?.is_none() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn emit(
        &mut self,
        ai: usize,
        a: &Action,
        pre: &[&Condition],
        binding: &[ObjectId],
        changed: &[bool],
        init: &BTreeSet<(PredicateId, Vec<ObjectId>)>,
    ) -> Result<(), String> {
        let mut lits = Vec::new();
        for c in pre {
            match self.ground_literal(c, binding, changed, init)? {
                None => return Ok(()),
                Some(Some(l)) => lits.push(l),
                Some(None) => {}
            }
        }
        // A precondition that requires an atom both true and false never applies.
        if lits.iter().any(|&(x, s)| lits.contains(&(x, !s))) {
            return Ok(());
        }
        let mut effects = Vec::new();
        let mut b = binding.to_vec();
        for (ei, e) in a.effects.iter().enumerate() {
            // Checked in `new`: the only other effects are action costs.
            let (Literal::Add(atom) | Literal::Delete(atom)) = &e.literal else { continue };
            let add = matches!(e.literal, Literal::Add(_));
            let cond = conjuncts(&e.condition)?;
            // Every combination of the effect's `forall` variables.
            let doms: Vec<Vec<ObjectId>> =
                e.forall.iter().map(|v: &VarId| self.task.objects_of(&a.variables[v.index()].ty)).collect();
            if doms.iter().any(|d| d.is_empty()) {
                continue;
            }
            let mut counter = vec![0usize; e.forall.len()];
            loop {
                for (k, v) in e.forall.iter().enumerate() {
                    b[v.index()] = doms[k][counter[k]];
                }
                let mut cl = Vec::new();
                let mut fires = true;
                for c in &cond {
                    match self.ground_literal(c, &b, changed, init)? {
                        None => fires = false,
                        Some(Some(l)) => cl.push(l),
                        Some(None) => {}
                    }
                }
                if fires {
                    let args: Vec<ObjectId> = atom
                        .args
                        .iter()
                        .map(|x| match *x {
                            Arg::Object(o) => o,
                            Arg::Var(v) => b[v.index()],
                        })
                        .collect();
                    let id = self.intern(atom.predicate, args);
                    effects.push(GroundEffect { condition: cl, add, atom: id, lifted: ei });
                }
                // Advance the mixed-radix counter over the forall domains.
                let mut k = 0;
                while k < counter.len() {
                    counter[k] += 1;
                    if counter[k] < doms[k].len() {
                        break;
                    }
                    counter[k] = 0;
                    k += 1;
                }
                if k == counter.len() {
                    break;
                }
            }
        }
        self.actions.push(GroundAction { schema: ai, args: binding[..a.parameters].to_vec(), pre: lits, effects });
        Ok(())
    }

    pub fn holds(state: &[u32], (atom, positive): Lit) -> bool {
        state.binary_search(&atom).is_ok() == positive
    }

    pub fn applicable(&self, state: &[u32], a: &GroundAction) -> bool {
        a.pre.iter().all(|&l| Self::holds(state, l))
    }

    /// Delete-then-add, with effect conditions evaluated in the state before the action.
    pub fn apply(&self, state: &[u32], a: &GroundAction) -> State {
        let fired: Vec<&GroundEffect> =
            a.effects.iter().filter(|e| e.condition.iter().all(|&l| Self::holds(state, l))).collect();
        let mut next: BTreeSet<u32> = state.iter().copied().collect();
        for e in fired.iter().filter(|e| !e.add) {
            next.remove(&e.atom);
        }
        for e in fired.iter().filter(|e| e.add) {
            next.insert(e.atom);
        }
        next.into_iter().collect()
    }

    pub fn is_goal(&self, state: &[u32]) -> bool {
        self.goal.iter().all(|&l| l.0 != u32::MAX && Self::holds(state, l))
    }

    /// Breadth-first search from the initial state; `None` when no plan is found within
    /// `max_states` states. Returns ground action indices.
    pub fn bfs(&self, max_states: usize) -> Option<Vec<usize>> {
        let mut parent: HashMap<State, Option<(State, usize)>> = HashMap::new();
        let mut queue = VecDeque::new();
        parent.insert(self.init.clone(), None);
        queue.push_back(self.init.clone());
        while let Some(s) = queue.pop_front() {
            if self.is_goal(&s) {
                let mut plan = Vec::new();
                let mut cur = s;
                while let Some(Some((prev, a))) = parent.get(&cur).cloned() {
                    plan.push(a);
                    cur = prev;
                }
                plan.reverse();
                return Some(plan);
            }
            for (i, a) in self.actions.iter().enumerate() {
                if self.applicable(&s, a) {
                    let t = self.apply(&s, a);
                    if !parent.contains_key(&t) {
                        if parent.len() >= max_states {
                            return None;
                        }
                        parent.insert(t.clone(), Some((s.clone(), i)));
                        queue.push_back(t);
                    }
                }
            }
        }
        None
    }

    /// Every reachable state, breadth-first, up to `max_states`; the flag says whether the
    /// enumeration was complete.
    pub fn reachable(&self, max_states: usize) -> (Vec<State>, bool) {
        let mut seen: HashMap<State, ()> = HashMap::new();
        let mut order = Vec::new();
        let mut queue = VecDeque::new();
        seen.insert(self.init.clone(), ());
        queue.push_back(self.init.clone());
        while let Some(s) = queue.pop_front() {
            for a in &self.actions {
                if self.applicable(&s, a) {
                    let t = self.apply(&s, a);
                    if !seen.contains_key(&t) {
                        if seen.len() >= max_states {
                            order.push(s);
                            return (order, false);
                        }
                        seen.insert(t.clone(), ());
                        queue.push_back(t);
                    }
                }
            }
            order.push(s);
        }
        (order, true)
    }

    /// `(pred a b)` for an atom.
    pub fn atom_text(&self, id: u32) -> String {
        let d = &self.task.domain;
        let Some((p, args)) = self.atoms.get(id as usize) else { return "(?)".into() };
        let mut s = format!("({}", d.name(d.predicates[p.index()].name));
        for o in args {
            s.push(' ');
            s.push_str(d.name(self.task.objects[o.index()].name));
        }
        s.push(')');
        s
    }

    /// `(action a b)` for a ground action.
    pub fn action_text(&self, a: &GroundAction) -> String {
        let d = &self.task.domain;
        let mut s = format!("({}", d.name(d.actions[a.schema].name));
        for o in &a.args {
            s.push(' ');
            s.push_str(d.name(self.task.objects[o.index()].name));
        }
        s.push(')');
        s
    }
}
