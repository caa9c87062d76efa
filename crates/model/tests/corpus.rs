//! The corpus test: every domain, problem and reference plan of ../shared/benchmarks parses,
//! checks with no errors and round-trips through the printer — except the files listed in
//! `corpus_defects.tsv`, which must report exactly the listed error codes. Skipped, loudly, where
//! the corpus is absent (set CERTPLAN_BENCHMARKS to point elsewhere).
//!
//! Run it with `cargo test -p model --test corpus -- --ignored --nocapture`; `.ci/run` does.

use corpus::csv_fields;
use model::front::{Request, Source};
use pddl::ast::Definition;
use pddl::{FileId, parse_definition, printer};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Files known to be defective, with the error codes certplan must report for them.
fn known_defects() -> BTreeMap<String, BTreeSet<String>> {
    let text = include_str!("corpus_defects.tsv");
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut cols = line.split('\t');
        let (Some(path), Some(code)) = (cols.next(), cols.next()) else { panic!("malformed defect line: {line}") };
        out.entry(path.to_string()).or_default().insert(code.to_string());
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> =
        std::fs::read_dir(dir).expect("corpus dir readable").flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|e| e == "pddl") {
            out.push(p);
        }
    }
}

struct Outcome {
    /// Error codes per file (relative path).
    errors: BTreeMap<String, BTreeSet<String>>,
    messages: BTreeMap<String, Vec<String>>,
    files: BTreeSet<String>,
    plans: usize,
}

impl Outcome {
    fn record(&mut self, rel: &str, diags: &[pddl::Diagnostic]) {
        self.files.insert(rel.to_string());
        for d in diags.iter().filter(|d| d.is_error()) {
            self.errors.entry(rel.to_string()).or_default().insert(d.code.id.to_string());
            self.messages.entry(rel.to_string()).or_default().push(format!("{}: {}", d.code.id, d.message));
        }
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn round_trip(rel: &str, text: &str, out: &mut Vec<String>) {
    let first = parse_definition(text, FileId(0));
    if first.has_errors() {
        return;
    }
    let Some(def) = first.value else { return };
    let printed = printer::definition_to_string(&def);
    let again = parse_definition(&printed, FileId(0));
    if again.has_errors() || again.value.as_ref() != Some(&def) {
        out.push(format!("{rel}: the printer round trip changed the tree"));
    }
}

#[test]
#[ignore = "the corpus check: .ci/run runs it with --ignored (about 15 s in debug)"]
fn corpus_checks_clean() {
    let Some(root) = corpus::require_benchmarks("corpus_checks_clean") else { return };
    let mut o = Outcome { errors: BTreeMap::new(), messages: BTreeMap::new(), files: BTreeSet::new(), plans: 0 };
    let mut round_trip_failures = Vec::new();
    let index = read(&root.join("index.csv"));
    let mut lines = index.lines();
    let header = csv_fields(lines.next().expect("index.csv has a header"));
    let col = |name: &str| header.iter().position(|h| h == name).expect("index.csv column");
    let (c_problem, c_domain, c_plan) = (col("problem_path"), col("domain_path"), col("reference_plan_path"));

    let mut domains: BTreeMap<String, String> = BTreeMap::new();
    let mut problem_domain: BTreeMap<String, String> = BTreeMap::new();
    let mut plans: BTreeMap<String, String> = BTreeMap::new();
    for line in lines {
        let f = csv_fields(line);
        problem_domain.insert(f[c_problem].clone(), f[c_domain].clone());
        if !f[c_plan].is_empty() {
            plans.insert(f[c_problem].clone(), f[c_plan].clone());
        }
        domains.entry(f[c_domain].clone()).or_insert_with(|| read(&root.join(&f[c_domain])));
    }
    // Files outside the index (few-shot examples, standalone domains): a problem is checked
    // against the nearest `domain.pddl` above it.
    let mut all = Vec::new();
    walk(&root, &mut all);
    for p in &all {
        let rel = p.strip_prefix(&root).expect("under root").to_string_lossy().into_owned();
        if problem_domain.contains_key(&rel) || domains.contains_key(&rel) {
            continue;
        }
        let text = read(p);
        match parse_definition(&text, FileId(0)).value {
            Some(Definition::Problem(_)) => {
                let mut dir = p.parent();
                while let Some(d) = dir {
                    if d.join("domain.pddl").is_file() {
                        let drel = d
                            .join("domain.pddl")
                            .strip_prefix(&root)
                            .expect("under root")
                            .to_string_lossy()
                            .into_owned();
                        domains.entry(drel.clone()).or_insert_with(|| read(&root.join(&drel)));
                        problem_domain.insert(rel.clone(), drel);
                        break;
                    }
                    dir = d.parent().filter(|d| d.starts_with(&root));
                }
            }
            _ => {
                domains.insert(rel, text);
            }
        }
    }

    // Through the front door, as every command loads: the domain alone, then each problem with
    // its domain and reference plan.
    let mut clean_syntax = BTreeSet::new();
    for (rel, text) in &domains {
        round_trip(rel, text, &mut round_trip_failures);
        let l = Request::new(Source::text(rel.clone(), text.clone())).load().expect("text loads");
        o.record(rel, &l.diagnostics);
        if l.domain.is_some() && !l.diagnostics.iter().any(|d| d.is_error() && d.code.id.starts_with("E00")) {
            clean_syntax.insert(rel.clone());
        }
    }
    for (prel, drel) in &problem_domain {
        let text = read(&root.join(prel));
        round_trip(prel, &text, &mut round_trip_failures);
        let plan = plans.get(prel).map(|rel| Source::text(rel.clone(), read(&root.join(rel))));
        if plan.is_some() {
            o.plans += 1;
        }
        let domain = Source::text(drel.clone(), domains[drel].clone());
        let l = Request::new(domain)
            .problem_with_plans(Source::text(prel.clone(), text), plan.into_iter().collect())
            .load()
            .expect("text loads");
        // Attribute each diagnostic to the file it points into.
        let by_file = |id: FileId| l.diagnostics_in(id).cloned().collect::<Vec<_>>();
        let problem = &l.problems[0];
        o.record(prel, &by_file(problem.file));
        if let (Some(rel), Some(file)) = (plans.get(prel), problem.plans.first().and_then(|p| p.file)) {
            o.record(rel, &by_file(file));
        }
        // The domain's own syntax errors were recorded above; what the problem's check finds
        // in the domain is recorded for the domain.
        let domain_side = by_file(l.domain_file);
        if clean_syntax.contains(drel) && !domain_side.is_empty() {
            o.record(drel, &domain_side);
        }
    }

    let expected = known_defects();
    let mut problems = Vec::new();
    for (file, codes) in &o.errors {
        match expected.get(file) {
            Some(want) if want == codes => {}
            Some(want) => {
                problems.push(format!("{file}: expected errors {want:?}, got {codes:?}: {:?}", o.messages[file]))
            }
            None => problems.push(format!("{file}: unexpected errors {:?}", o.messages[file])),
        }
    }
    for (file, want) in &expected {
        if !o.errors.contains_key(file) {
            problems.push(format!("{file}: listed as defective ({want:?}) but checked clean"));
        }
    }
    println!(
        "corpus: {} files checked ({} domains, {} problems, {} plans), {} known defective, {} printer round trips",
        o.files.len(),
        domains.len(),
        problem_domain.len(),
        o.plans,
        expected.len(),
        domains.len() + problem_domain.len()
    );
    problems.extend(round_trip_failures);
    assert!(problems.is_empty(), "{} corpus problems:\n{}", problems.len(), problems.join("\n"));
}
