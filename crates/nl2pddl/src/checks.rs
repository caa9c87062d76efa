//! The formal checks of paper 003, in order: parse, domain conformance, solve, validate. (The
//! fifth, the critic, is an LLM call: [`crate::critic`].) Each runs only when the one before it
//! passed; a check that did not run is `None` in [`Checks`].

use model::front::{Request, Source};
use pddl::{Diagnostic, FileId};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// The PDDL problem in a model's reply: the reply without markdown fences, from the first
/// `(define` to its matching parenthesis (or to the end, so that the parser reports what is
/// missing). A reply with no `(define` is returned trimmed, for the parser to refuse.
pub fn problem_text(reply: &str) -> String {
    let mut t = reply.trim();
    if let Some(start) = t.find("```") {
        let after = &t[start + 3..];
        let after = after.trim_start_matches(|c: char| c.is_ascii_alphanumeric());
        t = match after.find("```") {
            Some(end) => &after[..end],
            None => after,
        };
    }
    let lower = t.to_ascii_lowercase();
    let Some(start) = lower.find("(define") else { return t.trim().to_string() };
    let mut depth = 0i64;
    let mut in_comment = false;
    for (i, c) in t[start..].char_indices() {
        match c {
            '\n' => in_comment = false,
            ';' => in_comment = true,
            '(' if !in_comment => depth += 1,
            ')' if !in_comment => {
                depth -= 1;
                if depth == 0 {
                    return t[start..start + i + 1].to_string();
                }
            }
            _ => {}
        }
    }
    t[start..].trim_end().to_string()
}

/// One diagnostic of the generated problem, as the model and the tables see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    pub code: String,
    pub name: String,
    pub severity: String,
    pub line: u32,
    pub column: u32,
    pub message: String,
    pub help: Option<String>,
}

impl Finding {
    pub fn line_text(&self) -> String {
        let help = self.help.as_deref().map(|h| format!(" (help: {h})")).unwrap_or_default();
        format!("{}[{}] line {}, column {}: {}{help}", self.severity, self.code, self.line, self.column, self.message)
    }
}

/// The planner's outcome, as `planner::Outcome` has it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Solve {
    /// `solved`, `unsolvable`, `unsolved-incomplete`, `out-of-time`, `out-of-memory`, `refused`,
    /// `validation-failed` (planner outcomes), or `unsupported` (constructs the planner does not
    /// take, reported by the front door before planning).
    pub outcome: String,
    /// Fast Downward's driver status for it.
    pub exit_code: u8,
    pub detail: String,
    pub plan: Option<Vec<String>>,
    pub seconds: f64,
}

/// VAL's verdict on the plan, rechecked on the generated task.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Validate {
    pub verdict: String,
    pub detail: String,
}

/// The four formal checks of one attempt. `None`: not run, because an earlier check failed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Checks {
    pub parse: bool,
    pub domain_conformance: Option<bool>,
    pub solve: Option<Solve>,
    pub validate: Option<Validate>,
    /// Errors and warnings in the generated problem (syntax first, then the checker's).
    pub findings: Vec<Finding>,
}

impl Checks {
    pub fn conforms(&self) -> bool {
        self.domain_conformance == Some(true)
    }
    pub fn solved(&self) -> bool {
        self.solve.as_ref().is_some_and(|s| s.outcome == "solved")
    }
    pub fn valid(&self) -> bool {
        self.validate.as_ref().is_some_and(|v| v.verdict == "valid")
    }
    /// Parse, conformance, solve and validate all passed.
    pub fn formal_ok(&self) -> bool {
        self.parse && self.conforms() && self.solved() && self.valid()
    }
}

/// How the solve check plans.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// A Fast Downward search configuration or alias (`lama-first`).
    pub search: String,
    pub time_limit: Duration,
    pub memory_bytes: Option<u64>,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions { search: "lama-first".into(), time_limit: Duration::from_secs(30), memory_bytes: Some(4 << 30) }
    }
}

/// Whether a diagnostic code is the parser's (`E00xx`/`W00xx`) rather than the checker's.
fn is_syntax(d: &Diagnostic) -> bool {
    d.code.id.get(1..3) == Some("00")
}

/// Runs parse, conformance, solve and validate on `problem` for `domain` (which must check
/// clean: [`crate::Pipeline::new`] makes sure).
pub fn run(domain: &str, problem: &str, solve: &SolveOptions) -> Checks {
    let loaded = Request::new(Source::text("domain.pddl", domain))
        .problem(Source::text("problem.pddl", problem))
        .load()
        .unwrap_or_else(|e| unreachable!("text sources are never read from disk: {e}"));
    let file: FileId = loaded.problems[0].file;
    let mut findings = Vec::new();
    let mut syntax_error = false;
    let mut semantic_error = false;
    for d in loaded.diagnostics.iter().filter(|d| d.file == file) {
        let (line, column) = loaded.sources.get(d.file).line_col(d.span.start);
        findings.push(Finding {
            code: d.code.id.to_string(),
            name: d.code.name.to_string(),
            severity: if d.is_error() { "error" } else { "warning" }.into(),
            line,
            column,
            message: d.message.clone(),
            help: d.help.clone(),
        });
        if d.is_error() {
            if is_syntax(d) { syntax_error = true } else { semantic_error = true }
        }
    }
    let parsed = loaded.problems[0].problem.is_some() && !syntax_error;
    let mut checks = Checks { parse: parsed, findings, ..Checks::default() };
    if !parsed {
        return checks;
    }
    let task = match loaded.task() {
        Some(t) if !semantic_error => t,
        _ => {
            checks.domain_conformance = Some(false);
            return checks;
        }
    };
    checks.domain_conformance = Some(true);
    let started = Instant::now();
    let unsupported = loaded.unsupported();
    if !unsupported.is_empty() {
        let reasons: Vec<String> = unsupported.iter().map(|d| d.message.clone()).collect();
        checks.solve = Some(Solve {
            outcome: "unsupported".into(),
            exit_code: planner::exit::UNSUPPORTED,
            detail: reasons.join("; "),
            plan: None,
            seconds: 0.0,
        });
        return checks;
    }
    let text = search::alias(&solve.search).unwrap_or(&solve.search);
    // Domain heuristics (`astar(spanner())`) are known to the parser once registered.
    planner::register_heuristics();
    let cfg = match search::parse(text) {
        Ok(c) => c,
        // `Pipeline::new` refuses such a configuration; a direct caller gets the reason here.
        Err(e) => {
            checks.solve = Some(Solve {
                outcome: "refused".into(),
                exit_code: planner::exit::UNSUPPORTED,
                detail: format!("bad search configuration `{text}`: {e}"),
                plan: None,
                seconds: 0.0,
            });
            return checks;
        }
    };
    let options = planner::Options {
        numeric: None,
        search: &cfg,
        pruning: planner::Pruning::default(),
        limits: planner::Limits { deadline: Some(Instant::now() + solve.time_limit), memory_bytes: solve.memory_bytes },
        started: Some(started),
    };
    let report = planner::plan(planner::Problem::Pddl(task), &options, &mut |_| {});
    let seconds = started.elapsed().as_secs_f64();
    let exit_code = report.outcome.exit_code();
    let outcome_name = serde_json::to_value(&report.outcome)
        .ok()
        .and_then(|v| v.get("kind").and_then(|k| k.as_str()).map(str::to_string))
        .unwrap_or_else(|| "unknown".into());
    let detail = match &report.outcome {
        planner::Outcome::Solved { plan } => format!("plan of length {} and cost {}", plan.steps().len(), plan.cost()),
        planner::Outcome::Unsolvable { phase } => format!("proved unsolvable in {}", phase.name()),
        planner::Outcome::UnsolvedIncomplete => "search space exhausted under a bound".into(),
        planner::Outcome::OutOfTime { phase } => {
            format!("no plan within {:.0} s (stopped in {})", solve.time_limit.as_secs_f64(), phase.name())
        }
        planner::Outcome::OutOfMemory { phase } => format!("out of memory in {}", phase.name()),
        planner::Outcome::Refused { reasons } => reasons.join("; "),
        planner::Outcome::ValidationFailed { reason, .. } => format!("the planner's plan failed validation: {reason}"),
    };
    let plan = match &report.outcome {
        planner::Outcome::Solved { plan } => Some(plan.steps().to_vec()),
        _ => None,
    };
    checks.solve = Some(Solve { outcome: outcome_name, exit_code, detail, plan: plan.clone(), seconds });
    if let Some(steps) = plan {
        checks.validate = Some(validate(task, &steps));
    }
    checks
}

/// The plan rechecked by `val` on the generated task: the planner validates what it hands out,
/// and the pipeline keeps VAL's check explicit, as the paper runs VAL after the planner.
fn validate(task: &model::lifted::Task, steps: &[String]) -> Validate {
    let text: String = steps.iter().map(|s| format!("{s}\n")).collect();
    let parsed = pddl::parse_plan(&text, FileId(0));
    let Some(plan) = parsed.value.filter(|_| !parsed.diagnostics.iter().any(Diagnostic::is_error)) else {
        return Validate { verdict: "malformed".into(), detail: "the plan text does not parse".into() };
    };
    let v = val::validate(task, &plan, val::Options::default());
    let verdict = serde_json::to_value(v.verdict)
        .ok()
        .and_then(|x| x.as_str().map(str::to_string))
        .unwrap_or_else(|| format!("{:?}", v.verdict).to_lowercase());
    let detail = match v.verdict {
        val::Verdict::Valid => format!("valid, {} steps", v.steps),
        _ => v.to_text().lines().take(6).collect::<Vec<_>>().join(" "),
    };
    Validate { verdict, detail }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_problem_is_cut_out_of_fences_and_prose() {
        let r = "Sure! Here it is:\n```pddl\n(define (problem p) (:domain d) ; a (comment\n (:goal (a)))\n```\nEnjoy.";
        assert_eq!(problem_text(r), "(define (problem p) (:domain d) ; a (comment\n (:goal (a)))");
        assert_eq!(problem_text("(define (problem p)"), "(define (problem p)");
        assert_eq!(problem_text("  I cannot do that. "), "I cannot do that.");
    }
}
