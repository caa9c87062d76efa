//! Auditing a completeness proof (paper 000's four checks against cheating): the static audit of
//! `proof::audit` against the fixed `solveComplete` statement, with every name of the domain
//! module and of the constraints module protected (so `ValidInit`, `ValidGoal`, `SatisfiesGoal`
//! ... cannot be redefined), then a rebuild from scratch with coqc and `Print Assumptions`.

use crate::spec::Spec;
use proof::Backend;
use proof::convert::DomainIr;
use proof::runner::Rebuild;
use serde::Serialize;
use std::time::Duration;

/// The verdict on a proof file.
#[derive(Debug, Serialize)]
pub struct Verdict {
    /// Findings of the static audit: `(rule, line, message)`.
    pub violations: Vec<(String, u32, String)>,
    /// `clean`, `axioms`, `failed`, `skipped` or `not-run`.
    pub rebuild: &'static str,
    pub rebuild_detail: String,
}

impl Verdict {
    /// Accepted: no finding and a clean rebuild.
    pub fn accepted(&self) -> bool {
        self.violations.is_empty() && self.rebuild == "clean"
    }

    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (rule, line, message) in &self.violations {
            s.push_str(&format!("line {line}: [{rule}] {message}\n"));
        }
        s.push_str(&format!("rebuild: {}", self.rebuild));
        if !self.rebuild_detail.is_empty() {
            s.push_str(&format!(" ({})", self.rebuild_detail.trim_end()));
        }
        s.push('\n');
        s.push_str(if self.accepted() { "ACCEPTED\n" } else { "REJECTED\n" });
        s
    }
}

/// How long a rebuild may take.
pub const REBUILD_LIMIT: Duration = Duration::from_secs(600);

/// Audits `text` (the proof file) for the domain; with `rebuild`, compiles it from scratch after
/// the generated modules and reads the axiom report of `solveComplete`.
pub fn audit(d: &DomainIr, spec: &Spec, text: &str, rebuild: bool) -> Verdict {
    let modules = crate::run::base_modules(d, spec);
    let mut protected = Vec::new();
    for (_, m) in &modules {
        protected.extend(proof::audit::declared_names(Backend::Coq, m));
    }
    let expected = proof::coq::solve_complete_statement();
    let violations: Vec<(String, u32, String)> = proof::audit::audit(Backend::Coq, text, expected, &protected)
        .into_iter()
        .map(|v| (v.rule.to_string(), v.line, v.message))
        .collect();
    if !rebuild {
        return Verdict { violations, rebuild: "not-run", rebuild_detail: String::new() };
    }
    let (rebuild, rebuild_detail) = match proof::runner::rebuild(Backend::Coq, &modules, text, "solveComplete", REBUILD_LIMIT) {
        Rebuild::Clean { seconds } => ("clean", format!("{seconds:.1} s, closed under the global context")),
        Rebuild::Axioms(out) => ("axioms", out),
        Rebuild::Failed(out) => ("failed", out),
        Rebuild::Skipped(why) => ("skipped", why),
    };
    Verdict { violations, rebuild, rebuild_detail }
}
