//! The worked generalized plans shipped with certplan (`crates/gp/coq/<Domain>Solve.v`): a Coq
//! `solve` per domain, and where written, its completeness proof `solveComplete`.

/// A worked generalized plan: the library domain and the Coq file's text.
pub struct Worked {
    pub domain: &'static str,
    pub file: &'static str,
    pub text: &'static str,
    /// Whether the file proves `solveComplete` (else it only defines `solve`).
    pub proved: bool,
}

pub static WORKED: &[Worked] = &[
    Worked { domain: "heavy", file: "HeavySolve.v", text: include_str!("../coq/HeavySolve.v"), proved: true },
    Worked { domain: "miconic", file: "MiconicSolve.v", text: include_str!("../coq/MiconicSolve.v"), proved: true },
    Worked { domain: "ferry", file: "FerrySolve.v", text: include_str!("../coq/FerrySolve.v"), proved: true },
    Worked { domain: "spanner", file: "SpannerSolve.v", text: include_str!("../coq/SpannerSolve.v"), proved: true },
];

pub fn find(domain: &str) -> Option<&'static Worked> {
    WORKED.iter().find(|w| w.domain == domain)
}
