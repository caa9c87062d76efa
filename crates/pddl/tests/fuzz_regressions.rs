//! Inputs the fuzzers once broke (fuzz/regressions/<target>/), kept as tests: none may panic, and
//! any that parses without errors must survive the printer round trip.

use pddl::{FileId, parse_definition, parse_plan, printer::definition_to_string, span::decode};
use std::path::Path;

fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions").join(target);
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| (e.path().display().to_string(), std::fs::read(e.path()).unwrap_or_default()))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn definition_regressions() {
    let cases = inputs("parse_definition");
    assert!(!cases.is_empty(), "fuzz/regressions/parse_definition is empty");
    for (name, bytes) in cases {
        let (text, _) = decode(bytes);
        let first = parse_definition(&text, FileId(0));
        if first.has_errors() {
            continue;
        }
        let def = first.value.expect("no errors, so a tree");
        let again = parse_definition(&definition_to_string(&def), FileId(0));
        assert!(!again.has_errors() && again.value.as_ref() == Some(&def), "{name}: round trip changed the tree");
    }
}

#[test]
fn plan_regressions() {
    for (_, bytes) in inputs("parse_plan") {
        let (text, _) = decode(bytes);
        let _ = parse_plan(&text, FileId(0));
    }
}
