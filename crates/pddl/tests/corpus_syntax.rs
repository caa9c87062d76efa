//! Every PDDL file of the shared benchmark corpus parses without errors and survives the printer:
//! `parse(print(parse(f))) == parse(f)`. Skipped (loudly) where ../shared/benchmarks is absent.

use pddl::{FileId, parse_definition, printer::definition_to_string};
use std::path::{Path, PathBuf};

fn corpus_root() -> Option<PathBuf> {
    let root = match std::env::var_os("CERTPLAN_BENCHMARKS") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchmarks"),
    };
    root.is_dir().then_some(root)
}

fn pddl_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("readable corpus dir").flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pddl_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pddl") {
            out.push(p);
        }
    }
}

#[test]
fn corpus_parses_and_round_trips() {
    let Some(root) = corpus_root() else {
        eprintln!("SKIPPED: no benchmark corpus (set CERTPLAN_BENCHMARKS or place ../shared/benchmarks)");
        return;
    };
    let mut files = Vec::new();
    pddl_files(&root, &mut files);
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("corpus files are UTF-8");
        let parsed = parse_definition(&text, FileId(0));
        let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.is_error()).collect();
        if !errors.is_empty() {
            failures.push(format!("{}: {} errors, first: {:?}", path.display(), errors.len(), errors[0]));
            continue;
        }
        let Some(def) = parsed.value else {
            failures.push(format!("{}: no definition", path.display()));
            continue;
        };
        let printed = definition_to_string(&def);
        let again = parse_definition(&printed, FileId(0));
        if again.has_errors() || again.value.as_ref() != Some(&def) {
            failures.push(format!("{}: printer round trip changed the tree", path.display()));
        }
    }
    println!("corpus syntax: {} files parsed and round-tripped, {} failures", files.len(), failures.len());
    assert!(failures.is_empty(), "{} of {} files failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}
