//! Paper 003's NL-to-PDDL pipeline: a language model turns a natural-language task description
//! into a PDDL problem for a given domain; the problem is trusted only when it passes five
//! checks in order — it parses, conforms to the domain (the checker's diagnostics and codes),
//! is solvable (`planner::plan` under a time limit), its plan is valid (`val::validate`) and an
//! LLM critic comparing it with the text accepts it ("operational success"). Otherwise it is
//! repaired with coarse or fine feedback until one of four rules stops the loop: success,
//! unchanged generation, no actionable feedback, maximum attempts.
//!
//! - [`prompts`]: the paper's prompts (Appendix D) and JSON payloads.
//! - [`checks`]: parse, conformance, solve, validate. [`critic`]: the fifth check.
//! - [`feedback`]: coarse and fine repair feedback. [`pipeline`]: the loop.
//! - [`dataset`]: AutoPlanBench tasks, with descriptions verbalised from the references as the
//!   paper's adapter does. [`eval`]: the evaluation, its JSONL results and tables.
//! - [`reference`]: the offline reference metrics (structural, semantic), behind one function.
//! - [`simulated`]: a deterministic *simulated model* for the scripted server — for tests and
//!   plumbing experiments only, never a measurement of a model.

pub mod checks;
pub mod critic;
pub mod dataset;
pub mod eval;
pub mod feedback;
pub mod pipeline;
pub mod prompts;
pub mod reference;
mod sexp;
pub mod simulated;

pub use pipeline::{Attempt, Options, Pipeline, Run, Stop, Task};
