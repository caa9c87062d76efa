//! PDDL semantics for certplan: name resolution, the type hierarchy, interned symbols, the
//! conformance checker (paper 003's "domain conformance", and more) and the lifted task that the
//! validator, the grounder and the proof exporter share.
//!
//! The front door is [`front`]: from domain, problem and plan text (or paths) to the checked task
//! with every diagnostic, its files and syntax trees. Underneath, [`check`] checks parsed input:
//! it reports every diagnostic and, when there are no errors, hands out the lifted
//! [`Domain`](lifted::Domain) or [`Task`](lifted::Task).

mod check;
pub mod codes;
pub mod front;
pub mod intern;
pub mod lifted;
mod lower;
pub mod reading;
pub mod semantics;
mod summary;

pub use check::{ResolvedStep, check, resolve_plan};
pub use reading::Costs;
pub use summary::Summary;

use pddl::ast::{Domain, Problem};
use pddl::{Diagnostic, FileId, Plan, Span};
use serde::Serialize;

#[derive(Clone, Copy, Debug, Default)]
pub struct CheckOptions {
    /// Requirements used but not declared are errors rather than warnings.
    pub strict: bool,
}

/// What to check: a domain, optionally a problem of it, optionally a plan for that problem.
#[derive(Clone, Copy)]
pub struct Input<'a> {
    pub domain: (&'a Domain, FileId),
    pub problem: Option<(&'a Problem, FileId)>,
    pub plan: Option<(&'a Plan, FileId)>,
}

/// A construct that parses and checks, but that the lifted model does not represent yet
/// (object fluents, preferences, constraints, continuous effects). Later stages refuse the task
/// naming it, rather than mis-handling it.
#[derive(Clone, Debug, Serialize)]
pub struct Unsupported {
    pub construct: String,
    pub file: FileId,
    pub span: Span,
}

/// The outcome of checking.
#[derive(Debug)]
pub struct Checked {
    pub diagnostics: Vec<Diagnostic>,
    pub summary: Summary,
    /// The lifted domain, when the domain has no errors and no unsupported constructs.
    pub domain: Option<lifted::Domain>,
    /// The lifted task, when a problem was given and domain and problem have no errors and no
    /// unsupported constructs.
    pub task: Option<lifted::Task>,
    pub unsupported: Vec<Unsupported>,
}

impl Checked {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.is_error())
    }
}
