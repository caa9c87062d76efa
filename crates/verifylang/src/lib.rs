//! Plan verification as a language (paper 002): labelled examples of valid and invalid plans in
//! the token layout `<init> facts <plan> actions <goal> facts <answer> verdict`, and the counting
//! verifier that paper 002 shows a transformer can represent for delete-free and well-formed
//! domains.
//!
//! Examples come in pairs for one problem: a valid plan (a random executable walk whose goal is a
//! random subset of its final state) and an invalid one of the same length, either not executable
//! at some step or executable without reaching the goal. Labels come from certplan's validator.

pub mod counting;
pub mod tokens;

use domains::explicit::{Explicit, State};
use model::lifted::{ActionId, Arg, Atom, Condition, Task};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use serde::Serialize;

/// One labelled example.
#[derive(Clone, Debug, Serialize)]
pub struct Example {
    /// The PDDL problem, with the example's goal.
    pub problem: String,
    pub plan: Vec<String>,
    /// `valid`, `invalid` (a step is not applicable) or `goal-not-reached` (the validator's words).
    pub label: String,
    /// 1-based failing step for `invalid`.
    pub failing_step: Option<usize>,
    pub objects: usize,
    pub tokens: Vec<String>,
}

/// The most restarts when a random walk runs into a dead end.
const WALK_TRIES: usize = 50;

/// A problem prepared once, from which many examples are drawn.
pub struct Source {
    task: Task,
    problem_text: String,
}

impl Source {
    pub fn new(domain: &domains::Domain, params: &domains::Params, seed: u64) -> Result<Source, String> {
        let problem_text = domain.generate(params, seed, "verify").map_err(|e| e.to_string())?;
        let task = domains::task(domain.pddl, &problem_text)?;
        Ok(Source { task, problem_text })
    }
}

/// Draws examples from a prepared problem.
pub struct Sampler<'s> {
    src: &'s Source,
    ex: Explicit<'s>,
}

impl<'s> Sampler<'s> {
    pub fn new(src: &'s Source) -> Result<Sampler<'s>, String> {
        Ok(Sampler { src, ex: Explicit::new(&src.task)? })
    }

    fn walk(&self, length: usize, rng: &mut domains::Rng) -> Option<(Vec<usize>, Vec<State>)> {
        'tries: for _ in 0..WALK_TRIES {
            let mut states = vec![self.ex.init.clone()];
            let mut plan = Vec::with_capacity(length);
            for _ in 0..length {
                let s = states.last()?;
                let options: Vec<usize> = (0..self.ex.actions.len()).filter(|&i| self.ex.applicable(s, &self.ex.actions[i])).collect();
                let Some(&a) = options.choose(rng) else { continue 'tries };
                let next = self.ex.apply(s, &self.ex.actions[a]);
                plan.push(a);
                states.push(next);
            }
            return Some((plan, states));
        }
        None
    }

    /// A valid and an invalid example of `length` steps (a pair), seeded.
    pub fn pair(&self, length: usize, seed: u64) -> Result<[Example; 2], String> {
        let mut rng = domains::Rng::seed_from_u64(seed);
        let (plan, states) = self.walk(length, &mut rng).ok_or("random walks keep hitting dead ends")?;
        let last = states.last().ok_or("empty walk")?;
        // Goal: up to 3 atoms of the final state, preferring ones the plan changed.
        let changed: Vec<u32> = last.iter().copied().filter(|a| !self.ex.init.contains(a)).collect();
        let pool = if changed.is_empty() { last.clone() } else { changed };
        let mut pool = pool;
        pool.shuffle(&mut rng);
        let mut goal: Vec<u32> = pool.into_iter().take(3).collect();
        goal.sort_unstable();
        if goal.is_empty() {
            return Err("the final state is empty; no positive goal".into());
        }
        let valid = self.example(&plan, &goal)?;
        // Invalid: a step that cannot be applied or a goal atom the walk leaves false, in random
        // order of preference; a delete-free walk may make every atom true, leaving only the first.
        let not_executable = |rng: &mut domains::Rng| -> Result<Option<Example>, String> {
            // Steps in random order: late in a delete-free walk every action may apply.
            let mut steps: Vec<usize> = (0..plan.len()).collect();
            steps.shuffle(rng);
            for i in steps {
                let s = &states[i];
                let options: Vec<usize> = (0..self.ex.actions.len()).filter(|&a| !self.ex.applicable(s, &self.ex.actions[a])).collect();
                if let Some(&a) = options.choose(rng) {
                    let mut p = plan.clone();
                    p[i] = a;
                    return self.example(&p, &goal).map(Some);
                }
            }
            Ok(None)
        };
        let goal_missed = |rng: &mut domains::Rng| -> Result<Option<Example>, String> {
            let false_at_end: Vec<u32> = (0..self.ex.atoms.len() as u32).filter(|a| last.binary_search(a).is_err()).collect();
            let Some(&missing) = false_at_end.choose(rng) else { return Ok(None) };
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
            bad = if (attempt == 0) == first_not_executable { not_executable(&mut rng)? } else { goal_missed(&mut rng)? };
        }
        let bad = bad.ok_or("no invalid plan")?;
        Ok([valid, bad])
    }

    fn example(&self, plan: &[usize], goal: &[u32]) -> Result<Example, String> {
        let mut task = self.src.task.clone();
        let atoms: Vec<Condition> = goal
            .iter()
            .map(|&g| {
                let (p, args) = &self.ex.atoms[g as usize];
                Condition::Atom { positive: true, atom: Atom { predicate: *p, args: args.iter().map(|&o| Arg::Object(o)).collect() } }
            })
            .collect();
        task.goal = Condition::And(atoms);
        let steps: Vec<val::Step> = plan
            .iter()
            .map(|&i| val::Step { action: ActionId(self.ex.actions[i].schema as u32), args: self.ex.actions[i].args.clone(), time: None, duration: None, line: 0 })
            .collect();
        let v = val::validate_steps(&task, &steps, val::Options { explain_limit: 0, ..val::Options::default() });
        let label = match v.verdict {
            val::Verdict::Valid => "valid",
            val::Verdict::Invalid => "invalid",
            val::Verdict::GoalNotReached => "goal-not-reached",
            other => return Err(format!("the validator refused the example: {other:?}")),
        };
        let plan_text: Vec<String> = plan.iter().map(|&i| self.ex.action_text(&self.ex.actions[i])).collect();
        let goal_text: Vec<String> = goal.iter().map(|&g| self.ex.atom_text(g)).collect();
        let problem = match self.src.problem_text.split_once("  (:goal (and\n") {
            Some((head, _)) => format!("{head}  (:goal (and\n    {}\n  )))\n", goal_text.join("\n    ")),
            None => self.src.problem_text.clone(),
        };
        let (tokens, objects) = tokens::layout(&task, &plan_text, &goal_text, label == "valid");
        Ok(Example { problem, plan: plan_text, label: label.into(), failing_step: v.failure.map(|f| f.step), objects, tokens })
    }
}
