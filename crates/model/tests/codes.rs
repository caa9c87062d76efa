//! Diagnostic codes are unique across layers and each is documented in docs/diagnostics.md.

use std::collections::BTreeSet;

#[test]
fn codes_are_unique_and_documented() {
    let doc = include_str!("../../../docs/diagnostics.md");
    let mut seen = BTreeSet::new();
    for code in pddl::diagnostic::codes::ALL.iter().chain(model::codes::ALL) {
        assert!(seen.insert(code.id), "code {} used twice", code.id);
        let row = format!("| {} | {} |", code.id, code.name);
        assert!(doc.contains(&row), "docs/diagnostics.md lacks the row for {} {}", code.id, code.name);
    }
}
