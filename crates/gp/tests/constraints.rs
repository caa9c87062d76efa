//! The validity constraints accept every task the domain library generates, resolve against the
//! export, and reject hand-made violations (the Rust mirror).

use gp::spec;

/// Tasks of a domain: its debug set, the first tasks of every IPC schedule, and more seeds.
fn generated(domain: &str) -> Vec<(String, String)> {
    let d = domains::find(domain).expect("library domain");
    let mut out = Vec::new();
    let (_, set) = gp::debug::debug_set(domain).expect("debug set");
    out.extend(set.into_iter().map(|t| (t.name, t.text)));
    // The hard schedule is left out: its tasks take seconds each to convert and check.
    for split in d.splits.iter().filter(|s| s.name != "hard") {
        for i in 0..2 {
            let params = d.split_params(split, i, 30).expect("params");
            let name = format!("{}-{i}", split.name);
            out.push((name.clone(), d.generate(&params, 100 + i as u64, &name).expect("generate")));
        }
    }
    for seed in 0..4 {
        let params = d.params(&[]).expect("defaults");
        out.push((format!("seed{seed}"), d.generate(&params, seed, "p").expect("generate")));
    }
    out
}

fn problems(tasks: &[(String, String)]) -> Vec<gp::run::Problem> {
    tasks.iter().map(|(n, t)| gp::run::Problem { name: n.clone(), text: t.clone() }).collect()
}

#[test]
fn every_generated_task_satisfies_its_domains_constraints() {
    for &domain in spec::DOMAINS {
        let s = spec::spec(domain).expect("spec");
        let d = domains::find(domain).expect("library domain");
        let tasks = generated(domain);
        let (ir, probs) = gp::run::convert(d.pddl, &problems(&tasks)).expect("convert");
        gp::fields::check(&ir, &s).unwrap_or_else(|e| panic!("{domain}: {e}"));
        for ((name, _), (p, _)) in tasks.iter().zip(&probs) {
            let failed: Vec<&str> =
                gp::mirror::check(&ir, p, &s).into_iter().filter(|v| !v.holds).map(|v| v.name).collect();
            assert!(failed.is_empty(), "{domain}/{name}: violates {failed:?}");
        }
    }
}

#[test]
fn every_paper_domain_is_accounted_for() {
    for d in spec::DOMAINS {
        assert!(spec::PAPER_DOMAINS.contains(d), "{d} is not one of the paper's domains");
        assert!(domains::find(d).is_some(), "{d} is not a library domain");
    }
}

fn verdicts(domain: &str, problem: &str) -> Vec<(&'static str, bool)> {
    let s = spec::spec(domain).expect("spec");
    let d = domains::find(domain).expect("library domain");
    let probs = [gp::run::Problem { name: "p".into(), text: problem.into() }];
    let (ir, ps) = gp::run::convert(d.pddl, &probs).expect("convert");
    gp::mirror::check(&ir, &ps[0].0, &s).into_iter().map(|v| (v.name, v.holds)).collect()
}

fn violated(v: &[(&'static str, bool)]) -> Vec<&'static str> {
    v.iter().filter(|(_, h)| !h).map(|(n, _)| *n).collect()
}

const SPANNER: &str = "(define (problem s) (:domain spanner)
  (:objects bob - man s1 - spanner n1 n2 - nut shed l1 gate - location)
  (:init (at bob shed) (at s1 l1) (usable s1) (at n1 gate) (loose n1) (at n2 gate) (loose n2)
         (link shed l1) (link l1 gate) LINKS)
  (:goal (and (tightened n1) GOAL)))";

#[test]
fn spanner_violations_are_found() {
    let ok = SPANNER.replace("LINKS", "").replace("GOAL", "(tightened n2)");
    // Two nuts, one spanner: the paper's AtLeastAsManySpannersAsNuts fails, nothing else.
    assert_eq!(violated(&verdicts("spanner", &ok)), ["AtLeastAsManySpannersAsNuts"]);
    // A link back to the shed: a cycle, no shed without a predecessor, two predecessors of l1.
    let cyc = SPANNER.replace("LINKS", "(link gate shed)").replace("GOAL", "(tightened n2)");
    let v = violated(&verdicts("spanner", &cyc));
    for name in ["LinkAcyclic", "OneShed", "InitManAtShed", "InitNutsAtGate"] {
        assert!(v.contains(&name), "{name} not reported: {v:?}");
    }
    // A nut without a goal.
    let goal = SPANNER.replace("LINKS", "").replace("GOAL", "");
    assert!(violated(&verdicts("spanner", &goal)).contains(&"GoalAllNutsTightened"));
}

#[test]
fn miconic_and_heavy_violations_are_found() {
    let mic = "(define (problem m) (:domain miconic) (:objects p1 - passenger f1 f2 f3 - floor)
      (:init (lift-at f1) (origin p1 f2) (destin p1 f3) (above f1 f2) (above f2 f3) (boarded p1))
      (:goal (and (served p1))))";
    let v = violated(&verdicts("miconic", mic));
    // `above` is not transitive (f1 f3 missing); p1 both waits and is boarded.
    for name in ["AboveTransitive", "AboveTotal", "PassengerWaitingBoardedOrServed", "InitNobodyBoarded"] {
        assert!(v.contains(&name), "{name} not reported: {v:?}");
    }
    let heavy = "(define (problem h) (:domain heavy-pack) (:objects a b c)
      (:init (box-empty) (unpacked a) (unpacked b) (unpacked c) (heavier a b) (heavier b c) (heavier c a))
      (:goal (and (packed a) (packed b))))";
    let v = violated(&verdicts("heavy", heavy));
    for name in ["HeavierTransitive", "GoalAllPacked"] {
        assert!(v.contains(&name), "{name} not reported: {v:?}");
    }
    assert!(!v.contains(&"HeavierTotal") && !v.contains(&"HeavierIrreflexive"), "{v:?}");
}

/// A 1x3 corridor: the robot in the middle, the tools on the left, the gold on the right.
const GOLDMINER: &str = "(define (problem g) (:domain gold-miner-typed) (:objects a b c - LOC)
  (:init (arm-empty) (connected a b) (connected b a) (connected b c) (connected c b)
         (robot-at b) (clear b) (bomb-at a) (laser-at a) LEFT (gold-at c) RIGHT)
  (:goal (holds-gold)))";

#[test]
fn goldminer_violations_are_found() {
    let ok = GOLDMINER.replace("LEFT", "(clear a)").replace("RIGHT", "(soft-rock-at c)");
    assert_eq!(violated(&verdicts("goldminer", &ok)), Vec::<&str>::new());
    // Gold under hard rock: only the laser clears it, and the laser destroys the gold.
    let hard = GOLDMINER.replace("LEFT", "(clear a)").replace("RIGHT", "(hard-rock-at c)");
    assert_eq!(violated(&verdicts("goldminer", &hard)), ["NoGoldUnderHardRock"]);
    // The tools behind soft rock: the robot cannot reach them over clear cells.
    let walled = GOLDMINER.replace("LEFT", "(soft-rock-at a)").replace("RIGHT", "(soft-rock-at c)");
    let v = violated(&verdicts("goldminer", &walled));
    for name in ["ToolsOnClearCells", "InitLaserReachable", "InitBombReachable"] {
        assert!(v.contains(&name), "{name} not reported: {v:?}");
    }
    // A one-way passage: `connected` is not symmetric.
    let oneway = ok.replace("(connected c b)", "");
    assert_eq!(violated(&verdicts("goldminer", &oneway)), ["ConnectedSymmetric", "GridConnected"]);
}

/// The public tasks (IPC 2023 learning track, Silver et al. 2024) satisfy the constraints too: the
/// constraints were read off certplan's generators, and these come from the original generators.
#[test]
fn public_tasks_satisfy_the_constraints() {
    let Some(root) = corpus::require_benchmarks("public_tasks_satisfy_the_constraints") else { return };
    let sets = [
        ("spanner", "ipc2023-learning/spanner/testing/easy"),
        ("miconic", "ipc2023-learning/miconic/testing/easy"),
        ("ferry", "ipc2023-learning/ferry/testing/easy"),
        ("blocksworld", "ipc2023-learning/blocksworld/testing/easy"),
        ("rovers", "ipc2023-learning/rovers/testing/easy"),
        ("satellite", "ipc2023-learning/satellite/testing/easy"),
        ("hiking", "genplan-silver2024/hiking/test"),
        ("heavy", "genplan-silver2024/heavypack/test"),
        ("goldminer", "autoplanbench/goldminer/instances"),
    ];
    for (domain, dir) in sets {
        let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "pddl") && !p.ends_with("domain.pddl"))
            .collect();
        files.sort();
        files.truncate(3);
        assert!(!files.is_empty(), "{dir}: no tasks");
        let tasks: Vec<(String, String)> =
            files.iter().map(|p| (p.display().to_string(), std::fs::read_to_string(p).expect("readable"))).collect();
        let s = spec::spec(domain).expect("spec");
        let d = domains::find(domain).expect("library domain");
        let (ir, probs) = gp::run::convert(d.pddl, &problems(&tasks)).expect("convert");
        for ((name, _), (p, _)) in tasks.iter().zip(&probs) {
            let failed: Vec<&str> =
                gp::mirror::check(&ir, p, &s).into_iter().filter(|v| !v.holds).map(|v| v.name).collect();
            assert!(failed.is_empty(), "{name}: violates {failed:?}");
        }
    }
}

/// Every constraint gets its `..B_iff` lemma (every form has a decided mirror, `Connected` and
/// `Reach` through the proved breadth-first lemma `rch_complete`), and every domain gets
/// `ValidInitB s = true <-> ValidInit s` and `ValidGoal s g <-> GoalClosed s g /\ ValidGoalB s g =
/// true` (coqc checks them wherever the module is compiled: the agreement test in tests/coqc.rs
/// and every `gp run`/`gp audit`).
#[test]
fn mirrors_are_proved_equal_to_their_props() {
    let mut with_iff = 0;
    for &domain in spec::DOMAINS {
        let s = spec::spec(domain).expect("spec");
        let d = domains::find(domain).expect("library domain");
        let (ir, _) = gp::run::convert(d.pddl, &[]).expect("convert");
        let text = gp::coq::module(&ir, &s, proof::COQ_LIBRARY);
        for c in s.state.iter().chain(&s.init).chain(&s.goal) {
            assert!(gp::coq::mirror_term(&ir, &c.expr).is_some(), "{domain}/{}: no decided mirror", c.name);
            assert!(text.contains(&format!("Lemma {}B_iff ", c.name)), "{domain}/{}: no iff lemma", c.name);
        }
        let full = text.contains("Lemma ValidInitB_iff ") && text.contains("Lemma ValidGoal_iff ");
        assert!(full, "{domain}: no iff lemma for ValidInit or ValidGoal");
        with_iff += usize::from(full);
    }
    assert_eq!(with_iff, spec::DOMAINS.len());
}
