//! The generalized-plan loop: generate `solve`, run it on the debugging tasks, feed the verdicts
//! back (paper 000: "Statically, [the prover] must accept the code. Dynamically, the candidate
//! generalized plan is run on a set of debugging tasks and the plans it returns are converted to
//! PDDL and validated"), at most `max_debug` times after the first attempt.

use crate::{Domain, LoopError, ask, clip, prompts};
use llm::{Message, Session};
use serde::Serialize;
use std::time::{Duration, Instant};

/// Settings of the loop.
pub struct Options {
    /// Debug iterations after the first generation (paper 000: 4).
    pub max_debug: u32,
    /// Per debugging task (and for compiling the solve file).
    pub task_limit: Duration,
    /// The strategy text given to the model (paper 000 gives revised strategies of Stein et al.).
    pub strategy: Option<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options { max_debug: 4, task_limit: Duration::from_secs(60), strategy: None }
    }
}

/// One attempt: the verdict per debugging task.
#[derive(Debug, Serialize)]
pub struct Attempt {
    pub valid: usize,
    pub tasks: usize,
    /// The feedback given (or that would have been given) for this attempt.
    pub feedback: String,
}

/// How the loop ended.
#[derive(Debug, Serialize)]
pub struct GenResult {
    /// The accepted `solve` file: it solved every debugging task.
    pub solve: Option<String>,
    /// The last candidate, accepted or not.
    pub last: Option<String>,
    /// LLM interactions (input-output pairs), the initial generation included.
    pub interactions: u32,
    pub attempts: Vec<Attempt>,
    pub seconds: f64,
}

/// The debugging tasks of a library domain, as `gp::run` problems.
pub fn debug_tasks(domain: &str) -> Result<Vec<gp::run::Problem>, LoopError> {
    let (_, tasks) = gp::debug::debug_set(domain).map_err(|e| LoopError::Input(e.to_string()))?;
    Ok(tasks.into_iter().map(|t| gp::run::Problem { name: t.name, text: t.text }).collect())
}

/// Runs the loop on `tasks` (normally [`debug_tasks`]).
pub fn run(
    session: &mut Session,
    d: &Domain,
    tasks: &[gp::run::Problem],
    options: &Options,
) -> Result<GenResult, LoopError> {
    let start = Instant::now();
    let mut messages =
        vec![Message::system(prompts::SYSTEM), Message::user(prompts::generate(d, options.strategy.as_deref()))];
    let mut out = GenResult { solve: None, last: None, interactions: 0, attempts: Vec::new(), seconds: 0.0 };
    for _ in 0..=options.max_debug {
        let reply = ask(session, "gp-generate", &messages)?;
        out.interactions += 1;
        let Some(reply) = reply else {
            // No reply (an HTTP error after every retry): ask again with the same messages.
            out.attempts.push(Attempt { valid: 0, tasks: tasks.len(), feedback: "no reply from the model".into() });
            continue;
        };
        let code = prompts::code(&reply);
        let run_options = gp::run::Options { limit: options.task_limit, keep: None };
        let report = gp::run::run(&d.name, d.pddl, &code, tasks, &run_options).map_err(|e| match e {
            gp::run::RunError::Input(m) => LoopError::Input(m),
            other => LoopError::Tool(other.to_string()),
        })?;
        let valid = report.count("valid");
        let mut feedback = feedback(&report);
        // The proof is appended to this file and audited with it: a `solve` that leans on
        // `Admitted`, an axiom or a notation could never get an accepted proof, so it is sent back
        // now, like a failing task.
        let forbidden = forbidden_constructs(d, &code);
        if !forbidden.is_empty() {
            feedback.push_str(&format!(
                "The file uses constructs a completeness proof may not rely on:\n{}\n",
                forbidden.join("\n")
            ));
        }
        out.last = Some(code.clone());
        out.attempts.push(Attempt { valid, tasks: report.tasks.len(), feedback: feedback.clone() });
        if valid == report.tasks.len() && forbidden.is_empty() {
            out.solve = Some(code);
            break;
        }
        messages.push(Message::assistant(reply));
        messages.push(Message::user(prompts::debug(&feedback)));
    }
    out.seconds = start.elapsed().as_secs_f64();
    Ok(out)
}

/// The per-task verdicts as the model reads them. A compile error is the same for every task:
/// it is given once.
pub fn feedback(report: &gp::run::Report) -> String {
    let mut s = String::new();
    let mut shown_error: Option<&str> = None;
    for t in &report.tasks {
        if let gp::run::Outcome::Error { message } = &t.outcome {
            if shown_error == Some(message.as_str()) {
                s.push_str(&format!("- {}: the same error\n", t.problem));
                continue;
            }
            shown_error = Some(message);
        }
        s.push_str(&format!("- {}: {}\n", t.problem, clip(&t.outcome.describe(), 3000)));
    }
    s
}

/// The auditor's findings on a solve file, but for the missing theorem (it comes with the proof).
pub fn forbidden_constructs(d: &Domain, code: &str) -> Vec<String> {
    gp::proofs::audit(&d.ir, &d.spec, code, false)
        .violations
        .into_iter()
        .filter(|(rule, line, _)| !(rule == "expected-statement" && *line == 0))
        .map(|(rule, line, m)| format!("line {line}: [{rule}] {m}"))
        .collect()
}
