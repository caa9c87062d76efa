//! Tables and pictures from a fixed results file (a real run of the bundled examples with three
//! configurations: certplan blind A*, certplan A* + LM-cut, Fast Downward A* + LM-cut). The tables
//! are compared with golden text; `UPDATE_GOLDEN=1 cargo test -p lab --test tables` rewrites it.

use lab::Results;
use lab::table::{Format, comparison, coverage};
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

fn golden(name: &str, actual: &str) {
    let path = data().join("golden").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(actual, expected, "{name} differs from its golden text");
}

fn runs() -> Vec<lab::RunRecord> {
    let r = Results::read(&data().join("results.jsonl")).unwrap();
    assert!(!r.torn);
    assert_eq!(r.runs.len(), 48);
    r.runs
}

#[test]
fn coverage_tables() {
    let t = coverage(&runs());
    golden("coverage.md", &t.render(Format::Markdown));
    golden("coverage.csv", &t.render(Format::Csv));
    golden("coverage.tex", &t.render(Format::Latex));
}

#[test]
fn comparison_tables() {
    let t = comparison(&runs(), "blind", "lmcut").unwrap();
    golden("blind-vs-lmcut.md", &t.render(Format::Markdown));
    golden("blind-vs-lmcut.csv", &t.render(Format::Csv));
    golden("blind-vs-lmcut.tex", &t.render(Format::Latex));
    let e = comparison(&runs(), "blind", "nope").unwrap_err();
    assert!(e.contains("no configuration `nope`"), "{e}");
}

#[test]
fn pictures_from_fixed_results() {
    let dir = std::env::temp_dir().join(format!("lab-plots-{}", std::process::id()));
    let files = lab::figures::draw(&runs(), &dir, "examples", Some(("blind", "fd-lmcut"))).unwrap();
    let names: Vec<String> = files.iter().map(|f| f.file_name().unwrap().to_string_lossy().into_owned()).collect();
    assert_eq!(
        names,
        ["examples-solved.png", "examples-solved.svg", "examples-expansions.png", "examples-expansions.svg"]
    );
    for f in &files {
        assert!(std::fs::metadata(f).unwrap().len() > 2000, "{} is too small to hold a chart", f.display());
    }
    let svg = std::fs::read_to_string(dir.join("examples-solved.svg")).unwrap();
    for text in ["Solved tasks over time", "CPU time (s, log scale)", "blind (12)", "lmcut (10)", "fd-lmcut (8)"] {
        assert!(svg.contains(text), "the solved-over-time SVG lacks `{text}`");
    }
    let svg = std::fs::read_to_string(dir.join("examples-expansions.svg")).unwrap();
    for text in ["expansions blind", "expansions fd-lmcut", "gripper", "spanner"] {
        assert!(svg.contains(text), "the scatter SVG lacks `{text}`");
    }
    // Curves: the solved counts step up to the coverage.
    let series = lab::figures::solved_over_time(&runs());
    assert_eq!(series.iter().map(|s| s.points.len()).collect::<Vec<_>>(), [12, 10, 8]);
    std::fs::remove_dir_all(&dir).ok();
}
