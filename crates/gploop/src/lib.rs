//! Paper 000's LLM loops over an OpenAI-compatible endpoint (crate `llm`), on top of crate `gp`:
//!
//! - [`generate`]: the generalized-plan loop. The model gets the domain's Coq module, its validity
//!   constraints and a strategy text, and writes `solve`; `gp::run` runs it on the domain's six
//!   debugging tasks and validates each plan; the per-task verdicts (compile error, failing step
//!   and precondition, unmet goals, time-out) are the feedback of at most 4 debug iterations.
//! - [`prove`]: the proof loops for `solveComplete`, whose statement is certplan's
//!   (`proof::coq::solve_complete_statement`), never the model's. The basic mode asks for the whole
//!   proof and repairs it whole (at most 6 debug iterations, coqc's errors and the auditor's
//!   findings as feedback). The iterative mode asks for a sketch, splits it into declarations
//!   ([`decls`]), adds them one at a time with local repairs, proves the lemmas the sketch left
//!   `Admitted` one by one, and stops once one declaration fails 6 times in a row.
//!   Every candidate is accepted only after `gp::proofs::audit` (the four checks against cheating)
//!   and a rebuild from scratch with `Print Assumptions` closed.
//! - [`record`]: what a run did (interactions, declarations, times), written as JSON, and the
//!   summary table of `certplan gp table`.
//!
//! Transcripts and replay are the `llm::Session`'s: a replayed session answers each call from the
//! transcript, and since the loops are deterministic given the replies, it reproduces the run.

pub mod decls;
pub mod generate;
pub mod prompts;
pub mod prove;
pub mod record;

use proof::convert::DomainIr;

/// A library domain with its generated Coq modules: what every prompt shows.
pub struct Domain {
    /// The library name (`heavy`).
    pub name: String,
    /// The domain's PDDL text.
    pub pddl: &'static str,
    pub ir: DomainIr,
    pub spec: gp::spec::Spec,
    /// (module name, text) of the domain module.
    pub domain_module: (String, String),
    /// (module name, text) of the validity-constraints module.
    pub constraints_module: (String, String),
}

impl Domain {
    /// Loads a library domain that has validity constraints.
    pub fn load(name: &str) -> Result<Domain, LoopError> {
        let d = domains::find(name).ok_or_else(|| LoopError::Input(format!("`{name}` is not a library domain")))?;
        let spec = gp::spec::spec(d.name).ok_or_else(|| {
            LoopError::Input(format!(
                "`{name}` has no validity constraints (domains with them: {})",
                gp::spec::DOMAINS.join(", ")
            ))
        })?;
        let (ir, _) = gp::run::convert(d.pddl, &[]).map_err(|e| LoopError::Input(e.to_string()))?;
        gp::fields::check(&ir, &spec).map_err(LoopError::Input)?;
        let mut modules = gp::run::base_modules(&ir, &spec).into_iter();
        let (Some(domain_module), Some(constraints_module)) = (modules.next(), modules.next()) else {
            return Err(LoopError::Input("the generated modules are missing".into()));
        };
        Ok(Domain { name: d.name.to_string(), pddl: d.pddl, ir, spec, domain_module, constraints_module })
    }

    /// Both generated modules, in compile order.
    pub fn modules(&self) -> Vec<(String, String)> {
        vec![self.domain_module.clone(), self.constraints_module.clone()]
    }
}

/// Why a loop could not go on (as opposed to ending without success, which is a result).
#[derive(Debug)]
pub enum LoopError {
    /// A bad domain or input file.
    Input(String),
    /// coqc is missing or a scratch directory could not be made.
    Tool(String),
    /// The LLM session stopped the run (budget, replay divergence, transcript).
    Llm(llm::LlmError),
}

impl std::fmt::Display for LoopError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoopError::Input(m) | LoopError::Tool(m) => f.write_str(m),
            LoopError::Llm(e) => write!(f, "LLM: {e}"),
        }
    }
}
impl std::error::Error for LoopError {}

/// Asks the model; a failed call that does not stop the run (an HTTP error after retries, ...)
/// counts as an interaction with an empty reply, so that the loop's limits still bind.
pub(crate) fn ask(
    session: &mut llm::Session,
    label: &str,
    messages: &[llm::Message],
) -> Result<Option<String>, LoopError> {
    match session.chat(&llm::ChatRequest::new(label, messages.to_vec())) {
        Ok(c) => Ok(Some(c.content)),
        Err(e) if e.stops_run() => Err(LoopError::Llm(e)),
        Err(_) => Ok(None),
    }
}

/// Keeps feedback within a size a prompt can carry: the head and the tail of a long message.
pub(crate) fn clip(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut head = max * 2 / 3;
    while !s.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = s.len() - (max - head);
    while !s.is_char_boundary(tail) {
        tail += 1;
    }
    format!("{}\n[... {} characters left out ...]\n{}", &s[..head], tail - head, &s[tail..])
}
