//! Generalized plans with completeness proofs (paper 000), on top of certplan's proof export.
//!
//! - [`spec`]: the validity constraints of each domain, written once in the small language of
//!   [`expr`]; [`coq`] prints them as a Coq module (Props and Boolean mirrors, `ValidState`,
//!   `ValidInit`, `ValidGoal`), [`lean`] as a Lean module, and [`mirror`] evaluates them on
//!   converted PDDL tasks.
//! - [`run`]: runs a Coq generalized plan `solve` on tasks (`Eval vm_compute` through coqc), maps
//!   each plan back through the plan bridge and validates it with `val`: the feedback of the
//!   debug loop.
//! - [`debug`]: the seeded debug sets (six small tasks per domain).
//! - [`worked`]: the worked generalized plans and completeness proofs shipped with certplan.

pub mod coq;
pub mod debug;
pub mod expr;
pub mod fields;
pub mod lean;
pub mod mirror;
pub mod proofs;
pub mod run;
pub mod spec;
pub mod worked;
