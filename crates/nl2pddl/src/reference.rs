//! Offline reference metrics (paper 003, 3.2): renaming-invariant structural equivalence and
//! semantic equivalence of a generated problem to the benchmark's reference problem. They are
//! never used inside the loop (a deployment has no reference), only in evaluation tables.
//!
//! The evaluation takes them through one function pointer, [`ReferenceFn`], so that the
//! comparison can be plugged in without touching the evaluation: [`not_computed`] is the
//! placeholder that reports both as not computed (`null` in JSON, `n/a` in tables).
//! With crate `equiv`, the implementation is `equiv::compare_texts(domain, reference,
//! generated, &Options { semantic, .. })` mapped as `Equal` → `Some(true)`, `Different` →
//! `Some(false)`, `Unknown` → `None`.

use serde::{Deserialize, Serialize};

/// `None`: not computed (no comparison plugged in, or undecided).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReferenceVerdicts {
    pub structural: Option<bool>,
    pub semantic: Option<bool>,
}

/// `(domain, reference, generated) -> verdicts`.
pub type ReferenceFn = fn(&str, &str, &str) -> ReferenceVerdicts;

/// No comparison available: both columns are "n/a".
pub fn not_computed(_domain: &str, _reference: &str, _generated: &str) -> ReferenceVerdicts {
    ReferenceVerdicts::default()
}

/// The comparison the evaluation uses by default.
pub fn reference_equivalence(domain: &str, reference: &str, generated: &str) -> ReferenceVerdicts {
    not_computed(domain, reference, generated)
}
