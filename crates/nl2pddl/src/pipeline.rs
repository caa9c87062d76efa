//! The generate–check–repair loop of paper 003 (Figure 1): generate a problem, run the five
//! checks, stop on one of the four rules, else repair with feedback and check again. Every
//! attempt is recorded.

use crate::checks::{self, Checks, SolveOptions};
use crate::critic::{self, Critic};
use crate::feedback::{self, Mode};
use crate::prompts::{self, FewShot, TaskText};
use llm::{ChatRequest, LlmError, Message, Session};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::time::Instant;

/// The loop's settings. Paper 003 runs three attempts (one generation, two repairs).
#[derive(Clone, Debug)]
pub struct Options {
    pub max_attempts: u32,
    pub feedback: Mode,
    pub solve: SolveOptions,
    /// Calls allowed for one critic judgment (a malformed reply is asked again).
    pub critic_tries: u32,
    /// Wall-clock limit for one task, checked before each LLM call: a task past it ends as
    /// [`Stop::TimeLimit`] (not completed; the paper's example-level timeouts).
    pub task_time_limit: Option<std::time::Duration>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            max_attempts: 3,
            feedback: Mode::Fine,
            solve: SolveOptions::default(),
            critic_tries: 2,
            task_time_limit: None,
        }
    }
}

/// One task: a description to turn into a problem of the pipeline's domain.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Task {
    pub id: String,
    pub problem_name_hint: String,
    pub description: String,
    #[serde(default)]
    pub few_shot: Vec<FewShot>,
}

/// Why the loop ended: the paper's four rules, or an LLM failure that ended the example.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stop {
    Success,
    Unchanged,
    NoActionableFeedback,
    MaxAttempts,
    /// A generation or repair call failed (after its retries), or a budget was reached: the
    /// example is not completed.
    LlmError,
    /// The task's time limit passed before the loop ended: not completed.
    TimeLimit,
}

/// One generation or repair and its checks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    pub index: u32,
    /// `generate` or `repair`.
    pub kind: String,
    /// The model's reply as it came.
    pub reply: String,
    /// The problem cut out of the reply (what was checked).
    pub problem_pddl: String,
    /// Identical to the previous attempt's problem: not checked again, its checks carried over.
    pub unchanged: bool,
    pub checks: Checks,
    /// `None` when the problem did not parse (nothing for the critic to audit).
    pub critic: Option<Critic>,
    /// All five checks passed.
    pub operational: bool,
    /// The feedback built from this attempt for the next one (`None` when the loop stopped).
    pub feedback: Option<Value>,
    pub seconds: f64,
}

/// Everything about one task's loop.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    pub id: String,
    pub attempts: Vec<Attempt>,
    pub stop: Stop,
    /// The LLM error that ended the loop, when `stop` is `llm-error`.
    pub error: Option<LlmError>,
    pub seconds: f64,
}

impl Run {
    pub fn success(&self) -> bool {
        self.stop == Stop::Success
    }
    /// Ended by one of the four stopping rules.
    pub fn completed(&self) -> bool {
        !matches!(self.stop, Stop::LlmError | Stop::TimeLimit)
    }
    /// An error that should end the whole evaluation (a budget, a replay divergence).
    pub fn stops_evaluation(&self) -> bool {
        self.error.as_ref().is_some_and(LlmError::stops_run)
    }
}

/// The pipeline for one domain.
pub struct Pipeline {
    domain_pddl: String,
    domain_name: String,
    options: Options,
}

impl Pipeline {
    /// Checks that the domain is clean and the search configuration is known.
    pub fn new(domain_pddl: &str, options: Options) -> Result<Pipeline, String> {
        let loaded = model::front::load_text(domain_pddl, None);
        if loaded.has_errors() {
            return Err(format!("the domain has errors: {}", loaded.first_errors(3)));
        }
        let domain_name = loaded.domain.as_ref().map(|d| d.name.text.to_string()).ok_or("the domain did not parse")?;
        let text = search::alias(&options.solve.search).unwrap_or(&options.solve.search);
        planner::register_heuristics();
        search::parse(text).map_err(|e| format!("bad search configuration `{text}`: {e}"))?;
        Ok(Pipeline { domain_pddl: domain_pddl.to_string(), domain_name, options })
    }

    pub fn domain_name(&self) -> &str {
        &self.domain_name
    }

    /// Runs the loop for `task`.
    pub fn run(&self, session: &mut Session, task: &Task) -> Run {
        let started = Instant::now();
        let t = TaskText {
            domain_name: &self.domain_name,
            problem_name_hint: &task.problem_name_hint,
            description: &task.description,
            domain_pddl: &self.domain_pddl,
            few_shot: &task.few_shot,
        };
        let mut attempts: Vec<Attempt> = Vec::new();
        let mut history: Vec<Value> = Vec::new();
        let end = |attempts, stop, error, started: Instant| Run {
            id: task.id.clone(),
            attempts,
            stop,
            error,
            seconds: started.elapsed().as_secs_f64(),
        };
        let over_time = || self.options.task_time_limit.is_some_and(|l| started.elapsed() > l);
        loop {
            if over_time() {
                return end(attempts, Stop::TimeLimit, None, started);
            }
            let a_started = Instant::now();
            let index = attempts.len() as u32;
            let request = match attempts.last() {
                None => ChatRequest::new(
                    "generate",
                    vec![Message::system(prompts::GENERATION_SYSTEM), Message::user(prompts::generation_user(&t))],
                ),
                Some(prev) => ChatRequest::new(
                    "repair",
                    vec![
                        Message::system(prompts::REPAIR_SYSTEM),
                        Message::user(prompts::repair_user(
                            &t,
                            &prev.problem_pddl,
                            &history,
                            prev.feedback.as_ref().unwrap_or(&Value::Null),
                        )),
                    ],
                ),
            };
            let reply = match session.chat(&request) {
                Ok(c) => c.content,
                Err(e) => return end(attempts, Stop::LlmError, Some(e), started),
            };
            let problem = checks::problem_text(&reply);
            let previous = attempts.last();
            let unchanged = previous.is_some_and(|p| p.problem_pddl.trim() == problem.trim());
            let (checks, critic) = match previous {
                Some(p) if unchanged => (p.checks.clone(), p.critic.clone()),
                _ => {
                    let checks = checks::run(&self.domain_pddl, &problem, &self.options.solve);
                    if over_time() {
                        return end(attempts, Stop::TimeLimit, None, started);
                    }
                    let critic = if checks.parse {
                        match critic::judge(session, &t, &problem, &checks, self.options.critic_tries) {
                            Ok(c) => Some(c),
                            Err(e) => return end(attempts, Stop::LlmError, Some(e), started),
                        }
                    } else {
                        None
                    };
                    (checks, critic)
                }
            };
            let operational = checks.formal_ok() && critic.as_ref().is_some_and(Critic::accepted);
            let mut attempt = Attempt {
                index,
                kind: if index == 0 { "generate" } else { "repair" }.into(),
                reply,
                problem_pddl: problem,
                unchanged,
                checks,
                critic,
                operational,
                feedback: None,
                seconds: 0.0,
            };
            // The four stopping rules, in the paper's order.
            let guidance = feedback::guidance(&attempt.checks, attempt.critic.as_ref());
            let stop = if operational {
                Some(Stop::Success)
            } else if unchanged {
                Some(Stop::Unchanged)
            } else if guidance.is_empty() {
                Some(Stop::NoActionableFeedback)
            } else if index + 1 >= self.options.max_attempts {
                Some(Stop::MaxAttempts)
            } else {
                None
            };
            if stop.is_none() {
                let fb = feedback::build(self.options.feedback, &attempt.checks, attempt.critic.as_ref());
                let entry = match self.options.feedback {
                    Mode::Fine => json!({"attempt": index, "problem_pddl": attempt.problem_pddl, "feedback": fb}),
                    Mode::Coarse => json!({"attempt": index, "checks": fb["checks"]}),
                };
                history.push(entry);
                attempt.feedback = Some(fb);
            }
            attempt.seconds = a_started.elapsed().as_secs_f64();
            attempts.push(attempt);
            if let Some(stop) = stop {
                return end(attempts, stop, None, started);
            }
        }
    }
}
