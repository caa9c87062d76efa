//! PDDL syntax for certplan: lexer, recovering parser, AST with a span on every node, canonical
//! printer, plan files and diagnostics.
//!
//! This crate knows nothing about what names mean: resolution, types and semantics are in `model`.
//! Parsing never fails; every entry point returns a [`Parse`] with the tree it could build and all
//! diagnostics found.

pub mod ast;
pub mod diagnostic;
pub mod lexer;
pub mod parser;
pub mod plan;
pub mod printer;
pub mod render;
pub mod span;
pub mod suggest;

pub use diagnostic::{Code, Diagnostic, Severity};
pub use parser::{MAX_DEPTH, Parse, parse_definition, parse_domain, parse_problem};
pub use plan::{Plan, PlanStep, parse_plan};
pub use span::{FileId, SourceFile, SourceMap, Span};
