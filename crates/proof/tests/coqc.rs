//! coqc checks every generated Coq module: domain modules with all helper lemmas, problem modules
//! with the certified plan check (paper 000, Theorem 1) for the examples' valid plans, and a
//! deliberately wrong plan must be rejected. Skipped, loudly, where coqc is not installed
//! (`apt-get install -y coq`).

mod common;

use proof::runner::{self, Run};
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(300);

fn compile_export(example: &str) -> (std::path::PathBuf, proof::Converted) {
    let l = common::load(example, &["p01", "p02"], true);
    let c = common::convert(&l);
    let files = proof::export(proof::Backend::Coq, &c);
    let dir = common::scratch(&format!("coqc-{example}"));
    common::write_all(&dir, &files);
    let modules: Vec<&str> =
        files.iter().map(|f| f.path.as_str()).filter(|p| p.ends_with(".v") && !p.contains("expected")).collect();
    let runs = runner::coqc_all(&dir, proof::COQ_LIBRARY, &modules, LIMIT);
    assert_eq!(runs.len(), modules.len(), "{example}: coqc stopped early");
    for (f, r) in &runs {
        match r {
            Run::Done { ok: true, seconds, .. } => eprintln!("coqc {example}/{f}: ok in {seconds:.2} s"),
            other => panic!("{example}/{f}: coqc rejected the generated module: {other:?}"),
        }
    }
    (dir, c)
}

#[test]
fn every_generated_module_compiles_and_plans_are_certified() {
    if !common::have("coqc") {
        return;
    }
    for ex in common::EXAMPLES {
        let (dir, c) = compile_export(ex);
        // The certified plan checks use no axiom at all.
        for (p, _) in &c.problems {
            let check = format!(
                "From {} Require Import {}.\nPrint Assumptions problemPlan_correct.\n",
                proof::COQ_LIBRARY,
                p.module
            );
            std::fs::write(dir.join("Assumptions.v"), check).expect("write");
            let r = runner::run("coqc", &["-Q", ".", proof::COQ_LIBRARY, "Assumptions.v"], &dir, LIMIT);
            assert!(r.ok() && runner::coq_closed(r.output()), "{ex}/{}: {r:?}", p.module);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Plans that are wrong in different ways: a step whose precondition fails, a valid prefix that
/// misses the goal, an action applied to the wrong objects. coqc must reject each.
#[test]
fn wrong_plans_are_rejected_by_coqc() {
    if !common::have("coqc") {
        return;
    }
    let l = common::load("spanner", &["p01"], true);
    let c = common::convert(&l);
    let dir = common::scratch("coqc-wrong");
    common::write_all(&dir, &proof::export(proof::Backend::Coq, &c));
    let d = runner::coqc_all(&dir, proof::COQ_LIBRARY, &["Spanner.v"], LIMIT);
    assert!(d[0].1.ok());
    let good = std::fs::read_to_string(dir.join("SpannerP01.v")).expect("read");
    // p01: walk shed->location1, pick up spanner1, walk location1->gate, tighten nut1.
    let wrong = [
        ("skips the first walk", "[walk 3 4 0;\n   pickup_spanner 4 1 0;", "[pickup_spanner 4 1 0;"),
        ("stops before the goal", ";\n   tighten_nut 5 1 0 2]", "]"),
        ("walks back along a one-way link", "walk 4 5 0", "walk 4 3 0"),
    ];
    for (why, from, to) in wrong {
        assert!(good.contains(from), "test setup: `{from}` not in the module");
        std::fs::write(dir.join("Wrong.v"), good.replacen(from, to, 1)).expect("write");
        let r = runner::run("coqc", &["-Q", ".", proof::COQ_LIBRARY, "Wrong.v"], &dir, LIMIT);
        assert!(matches!(r, Run::Done { ok: false, .. }), "coqc accepted a plan that {why}: {r:?}");
    }
    // And the unchanged module is accepted, so the rejections are about the plans.
    let r = runner::run("coqc", &["-Q", ".", proof::COQ_LIBRARY, "SpannerP01.v"], &dir, LIMIT);
    assert!(r.ok(), "{r:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The plan bridge reads what coqc really prints: `Compute problemPlan` in a file without
/// `ListNotations` prints `(... :: nil)%list`, with them `[...]`; both map back to the plan.
#[test]
fn coqc_compute_output_maps_back_to_the_plan() {
    if !common::have("coqc") {
        return;
    }
    let l = common::load("spanner", &["p01"], true);
    let c = common::convert(&l);
    let dir = common::scratch("coqc-compute");
    let files = proof::export(proof::Backend::Coq, &c);
    let bad = common::coqc_export(&dir, &files, LIMIT);
    assert!(bad.is_empty(), "{bad:#?}");
    let p = &c.problems[0].0;
    let map_text = files.iter().find(|f| f.path == format!("{}.objects.json", p.module)).expect("object map");
    let map = proof::bridge::ObjectMap::from_json(&map_text.text).expect("map");
    let want = std::fs::read_to_string(common::examples().join("spanner/p01.plan")).expect("plan");
    let want: Vec<String> = want
        .lines()
        .map(|l| l.split(';').next().unwrap_or("").trim().to_ascii_lowercase())
        .filter(|l| !l.is_empty())
        .collect();
    for (name, imports, marker) in [
        ("ComputePlain.v", "", "%list"),
        ("ComputeNotations.v", "From Coq Require Import List.\nImport ListNotations.\n", "["),
    ] {
        let text = format!("From {} Require Import {}.\n{imports}Compute problemPlan.\n", proof::COQ_LIBRARY, p.module);
        std::fs::write(dir.join(name), text).expect("write");
        let r = runner::run("coqc", &["-Q", ".", proof::COQ_LIBRARY, name], &dir, LIMIT);
        assert!(r.ok(), "{r:?}");
        assert!(r.output().contains(marker), "{name}: expected coqc to print `{marker}`: {}", r.output());
        let got =
            proof::bridge::term_to_pddl(r.output(), &map).unwrap_or_else(|e| panic!("{name}: {e}\n{}", r.output()));
        let got: Vec<String> = got.lines().map(str::to_string).collect();
        assert_eq!(got, want, "{name}: coqc printed\n{}", r.output());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
