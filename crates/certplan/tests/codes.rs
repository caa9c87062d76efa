//! Diagnostic codes are unique across every crate that defines some, and each is documented in
//! docs/diagnostics.md (the table tools and LLM repair prompts are pointed at).

use std::collections::BTreeSet;

#[test]
fn codes_are_unique_and_documented() {
    let doc = include_str!("../../../docs/diagnostics.md");
    let mut seen = BTreeSet::new();
    let all = pddl::diagnostic::codes::ALL.iter().chain(model::codes::ALL).chain(proof::codes::ALL);
    for code in all {
        assert!(seen.insert(code.id), "code {} used twice", code.id);
        let row = format!("| {} | {} |", code.id, code.name);
        assert!(doc.contains(&row), "docs/diagnostics.md lacks the row for {} {}", code.id, code.name);
    }
}
