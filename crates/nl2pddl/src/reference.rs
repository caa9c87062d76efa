//! Offline reference metrics (paper 003, 3.2): renaming-invariant structural equivalence and
//! semantic equivalence of a generated problem to the benchmark's reference problem. They are
//! never used inside the loop (a deployment has no reference), only in evaluation tables.
//!
//! The evaluation takes them through one function pointer, [`ReferenceFn`], so that a test can
//! plug in another comparison; [`not_computed`] reports both as not computed (`null` in JSON,
//! `n/a` in tables). The default, [`reference_equivalence`], is crate `equiv`.

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

/// The comparison the evaluation uses by default: `equiv` structurally, then semantically
/// (Planetarium's notion). `Equal` is `Some(true)`, `Different` `Some(false)`; `Unknown` and a
/// text that does not load are `None` (the evaluation counts them as not matched).
pub fn reference_equivalence(domain: &str, reference: &str, generated: &str) -> ReferenceVerdicts {
    let decide = |semantic: bool| {
        let options = equiv::Options { semantic, ..equiv::Options::default() };
        match equiv::compare_texts(domain, reference, generated, &options) {
            Ok(equiv::Verdict::Equal { .. }) => Some(true),
            Ok(equiv::Verdict::Different { .. }) => Some(false),
            Ok(equiv::Verdict::Unknown { .. }) | Err(_) => None,
        }
    };
    let structural = decide(false);
    // Structurally equal problems are semantically equal; skip the grounding then.
    let semantic = if structural == Some(true) { Some(true) } else { decide(true) };
    ReferenceVerdicts { structural, semantic }
}
