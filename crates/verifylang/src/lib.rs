//! Plan verification as a language (paper 002): labelled examples of valid and invalid plans in
//! the token layout `<init> facts <plan> actions <goal> facts <answer> verdict`, and the counting
//! verifier that paper 002 shows a transformer can represent for delete-free and well-formed
//! domains.
//!
//! Examples come in pairs for one problem: a valid plan (a random executable walk whose goal is a
//! random subset of its final state) and an invalid one of the same length, either not executable
//! at some step or executable without reaching the goal. Labels come from certplan's validator.

pub mod agreement;
pub mod counting;
pub mod crasp;
pub mod dataset;
pub mod tokens;
pub mod walk;

use domains::explicit::Explicit;
use model::lifted::{ActionId, Arg, Atom, Condition, Task};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use serde::Serialize;
use std::cell::RefCell;

/// One labelled example.
#[derive(Clone, Debug, Serialize)]
pub struct Example {
    /// The PDDL problem, with the example's goal.
    pub problem: String,
    pub plan: Vec<String>,
    /// `valid` or `invalid`, as certplan's validator decides.
    pub label: String,
    /// For `invalid`: `not-executable` (a step's precondition fails) or `goal-not-reached` (the
    /// plan runs but the goal does not hold at the end); `None` for `valid`.
    pub kind: Option<String>,
    /// 1-based failing step for `not-executable`.
    pub failing_step: Option<usize>,
    /// Problem objects (domain constants not counted).
    pub objects: usize,
    /// Plan length (steps).
    pub length: usize,
    #[serde(serialize_with = "strs")]
    pub tokens: Vec<tokens::Token>,
}

fn strs<S: serde::Serializer>(v: &[tokens::Token], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(v.iter().map(|t| &**t))
}

/// The most restarts when a random walk runs into a dead end.
const WALK_TRIES: usize = 50;

/// Random probes for an inapplicable action or a false atom before falling back to a full scan:
/// in most states almost every ground action is inapplicable and most atoms are false, so the
/// probes nearly always succeed and the scan is rare.
const PROBES: usize = 64;

/// A problem prepared once, from which many examples are drawn.
pub struct Source {
    task: Task,
    problem_text: String,
}

impl Source {
    pub fn new(domain: &domains::Domain, params: &domains::Params, seed: u64) -> Result<Source, String> {
        let problem_text = domain.generate(params, seed, "verify").map_err(|e| e.to_string())?;
        let task = domains::task(domain.pddl, &problem_text).map_err(|e| e.to_string())?;
        Ok(Source { task, problem_text })
    }

    /// Problem objects (domain constants not counted).
    pub fn objects(&self) -> usize {
        self.task.objects.iter().filter(|o| !o.constant).count()
    }

    pub fn task(&self) -> &Task {
        &self.task
    }
}

/// Draws examples from a prepared problem. Not `Sync`: the walk state and the task whose goal is
/// swapped per example are reused between calls (no per-example clone of the task).
pub struct Sampler<'s> {
    src: &'s Source,
    ex: Explicit<'s>,
    index: walk::Index,
    walk: RefCell<walk::Walk>,
    goal_task: RefCell<Task>,
    names: tokens::Names,
    init_tokens: Vec<tokens::Token>,
    init_numbering: tokens::Numbering,
    /// `(action args)` per ground action, made on first use (most are never in a plan).
    action_texts: Vec<std::cell::OnceCell<String>>,
    objects: usize,
}

impl<'s> Sampler<'s> {
    pub fn new(src: &'s Source) -> Result<Sampler<'s>, String> {
        let ex = Explicit::new(&src.task)?;
        let index = walk::Index::new(&ex);
        let walk = RefCell::new(index.walk());
        let names = tokens::Names::new(&src.task);
        let (init_tokens, init_numbering) = tokens::init_section(&src.task, &names);
        let action_texts = (0..ex.actions.len()).map(|_| std::cell::OnceCell::new()).collect();
        Ok(Sampler {
            src,
            ex,
            index,
            walk,
            goal_task: RefCell::new(src.task.clone()),
            names,
            init_tokens,
            init_numbering,
            action_texts,
            objects: src.objects(),
        })
    }

    /// A random executable walk of `length` steps (restarting on dead ends), left in `w`; the
    /// state before step `snap_at` is copied to `snapshot`.
    fn walk(
        &self,
        w: &mut walk::Walk,
        length: usize,
        snap_at: usize,
        snapshot: &mut Vec<bool>,
        plan: &mut Vec<usize>,
        rng: &mut domains::Rng,
    ) -> bool {
        let mut scratch = Vec::new();
        'tries: for _ in 0..WALK_TRIES {
            self.index.reset(w);
            plan.clear();
            for step in 0..length {
                if step == snap_at {
                    snapshot.clear();
                    snapshot.extend_from_slice(&w.state);
                }
                let Some(a) = w.choose(rng) else { continue 'tries };
                self.index.apply(w, &self.ex.actions[a as usize], &mut scratch);
                plan.push(a as usize);
            }
            return true;
        }
        false
    }

    /// An action that does not apply in `state`, uniformly at random among those.
    fn inapplicable(&self, state: &[bool], rng: &mut domains::Rng) -> Option<usize> {
        let n = self.ex.actions.len();
        if n == 0 {
            return None;
        }
        for _ in 0..PROBES {
            let a = rng.random_range(0..n);
            if !walk::applicable(state, &self.ex.actions[a]) {
                return Some(a);
            }
        }
        let options: Vec<usize> = (0..n).filter(|&a| !walk::applicable(state, &self.ex.actions[a])).collect();
        options.choose(rng).copied()
    }

    /// A valid and an invalid example of `length` steps (a pair), seeded.
    pub fn pair(&self, length: usize, seed: u64) -> Result<[Example; 2], String> {
        let mut rng = domains::Rng::seed_from_u64(seed);
        let mut w = self.walk.borrow_mut();
        let snap_at = if length > 0 { rng.random_range(0..length) } else { 0 };
        let (mut snapshot, mut plan) = (Vec::new(), Vec::with_capacity(length));
        if !self.walk(&mut w, length, snap_at, &mut snapshot, &mut plan, &mut rng) {
            return Err("random walks keep hitting dead ends".into());
        }
        let init = self.index.init_state();
        let last = &w.state;
        // Goal: up to 3 atoms of the final state, preferring ones the plan changed.
        let mut pool: Vec<u32> = w.touched.iter().copied().filter(|&x| last[x as usize] && !init[x as usize]).collect();
        if pool.is_empty() {
            pool = (0..last.len() as u32).filter(|&x| last[x as usize]).collect();
        }
        pool.shuffle(&mut rng);
        let mut goal: Vec<u32> = pool.into_iter().take(3).collect();
        goal.sort_unstable();
        if goal.is_empty() {
            return Err("the final state is empty; no positive goal".into());
        }
        let valid = self.example(&plan, &goal)?;
        // Invalid: a step that cannot be applied or a goal atom the walk leaves false, in random
        // order of preference. The replaced step is drawn before the walk (its state is the
        // snapshot); late in a delete-free walk every action may apply, so the initial state is
        // the fallback, and a delete-free walk may make every atom true, leaving only the first.
        let not_executable = |rng: &mut domains::Rng| -> Result<Option<Example>, String> {
            if length == 0 {
                return Ok(None);
            }
            let (i, a) = match self.inapplicable(&snapshot, rng) {
                Some(a) => (snap_at, a),
                None => match self.inapplicable(init, rng) {
                    Some(a) => (0, a),
                    None => return Ok(None),
                },
            };
            let mut p = plan.clone();
            p[i] = a;
            self.example(&p, &goal).map(Some)
        };
        let goal_missed = |rng: &mut domains::Rng| -> Result<Option<Example>, String> {
            let n = last.len();
            if n == 0 {
                return Ok(None);
            }
            let mut missing = (0..PROBES).map(|_| rng.random_range(0..n)).find(|&x| !last[x]).map(|x| x as u32);
            if missing.is_none() {
                let false_at_end: Vec<u32> = (0..n as u32).filter(|&a| !last[a as usize]).collect();
                missing = false_at_end.choose(rng).copied();
            }
            let Some(missing) = missing else { return Ok(None) };
            let mut g = goal.clone();
            g[0] = missing;
            g.sort_unstable();
            g.dedup();
            self.example(&plan, &g).map(Some)
        };
        let mut bad = None;
        let first_not_executable = rng.random_range(0..2) == 0;
        for attempt in 0..2 {
            if bad.is_some() {
                break;
            }
            bad =
                if (attempt == 0) == first_not_executable { not_executable(&mut rng)? } else { goal_missed(&mut rng)? };
        }
        let bad = bad.ok_or("no invalid plan")?;
        Ok([valid, bad])
    }

    fn example(&self, plan: &[usize], goal: &[u32]) -> Result<Example, String> {
        let mut task = self.goal_task.borrow_mut();
        let atoms: Vec<Condition> = goal
            .iter()
            .map(|&g| {
                let (p, args) = &self.ex.atoms[g as usize];
                Condition::Atom {
                    positive: true,
                    atom: Atom { predicate: *p, args: args.iter().map(|&o| Arg::Object(o)).collect() },
                }
            })
            .collect();
        task.goal = Condition::And(atoms);
        let steps: Vec<val::Step> = plan
            .iter()
            .map(|&i| val::Step {
                action: ActionId(self.ex.actions[i].schema as u32),
                args: self.ex.actions[i].args.clone(),
                time: None,
                duration: None,
                line: 0,
            })
            .collect();
        let v = val::validate_steps(&task, &steps, val::Options { explain_limit: 0, ..val::Options::default() });
        let (label, kind) = match v.verdict {
            val::Verdict::Valid => (tokens::VALID, None),
            val::Verdict::Invalid => (tokens::INVALID, Some("not-executable")),
            val::Verdict::GoalNotReached => (tokens::INVALID, Some("goal-not-reached")),
            other => return Err(format!("the validator refused the example: {other:?}")),
        };
        let plan_text: Vec<String> = plan
            .iter()
            .map(|&i| self.action_texts[i].get_or_init(|| self.ex.action_text(&self.ex.actions[i])).clone())
            .collect();
        let goal_text: Vec<String> = goal.iter().map(|&g| self.ex.atom_text(g)).collect();
        let problem = match self.src.problem_text.split_once("  (:goal (and\n") {
            Some((head, _)) => format!("{head}  (:goal (and\n    {}\n  )))\n", goal_text.join("\n    ")),
            None => self.src.problem_text.clone(),
        };
        let mut toks = Vec::with_capacity(self.init_tokens.len() + 4 * plan.len() + 4 * goal.len() + 4);
        toks.extend_from_slice(&self.init_tokens);
        let mut num = self.init_numbering.clone();
        toks.push(tokens::Token::from(tokens::PLAN));
        for &i in plan {
            let a = &self.ex.actions[i];
            num.push_action(&self.names, a.schema, &a.args, &mut toks);
        }
        toks.push(tokens::Token::from(tokens::GOAL));
        for &g in goal {
            let (p, args) = &self.ex.atoms[g as usize];
            num.push_atom(&self.names, *p, args, &mut toks);
        }
        toks.push(tokens::Token::from(tokens::ANSWER));
        toks.push(tokens::Token::from(label));
        Ok(Example {
            problem,
            plan: plan_text,
            label: label.into(),
            kind: kind.map(String::from),
            failing_step: v.failure.map(|f| f.step),
            objects: self.objects,
            length: plan.len(),
            tokens: toks,
        })
    }
}
