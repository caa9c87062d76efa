//! `certplan plan` and `certplan ground` as a user runs them: optimal costs with each admissible
//! heuristic on the bundled examples and on a fixed list of small corpus tasks (known optimal
//! costs from `../shared/benchmarks/index.csv`), every plan checked again by `certplan
//! validate`; exit statuses for unsolvable tasks, refused constructs and bad configurations; and
//! a differential test of grounded counts against Fast Downward's translator.

use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_certplan")
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("certplan-plan-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("the temp dir is writable");
        TempDir(path)
    }
    fn file(&self, name: &str, content: &str) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, content).expect("the temp dir is writable");
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run(args: &[&str]) -> Output {
    Command::new(bin()).args(args).output().expect("the certplan binary runs")
}

fn text(o: &Output) -> String {
    format!("stdout:\n{}\nstderr:\n{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// Plans with `search`, checks exit 0, that the plan file ends with the cost line, that
/// `certplan validate` accepts it, and returns the cost.
fn plan_cost(domain: &Path, problem: &Path, search: &str) -> u64 {
    let dir = TempDir::new();
    let plan = dir.0.join("sas_plan");
    let (d, p, f) = (domain.to_str().unwrap(), problem.to_str().unwrap(), plan.to_str().unwrap());
    let o = run(&["-q", "plan", d, p, "--search", search, "--plan-file", f, "--time-limit", "120"]);
    assert_eq!(o.status.code(), Some(0), "{search} on {p}: {}", text(&o));
    let content = std::fs::read_to_string(&plan).expect("the plan file was written");
    let last = content.lines().last().unwrap_or_default();
    assert!(last.starts_with("; cost = "), "last line of the plan: {last:?}");
    let cost: u64 = last["; cost = ".len()..].split_whitespace().next().and_then(|c| c.parse().ok()).expect("a cost");
    let v = run(&["-q", "validate", d, p, f]);
    assert_eq!(v.status.code(), Some(0), "the plan validates: {}", text(&v));
    cost
}

const ADMISSIBLE: [&str; 3] = ["astar(blind())", "astar(hmax())", "astar(lmcut())"];
/// Partial-order reduction, strong and weak: the same optimal costs (off, and saying so, on tasks
/// with conditional effects).
const PRUNED: [&str; 2] =
    ["astar(blind(), pruning=stubborn_sets_simple())", "astar(lmcut(), pruning=weak_stubborn_sets())"];

#[test]
fn examples_are_solved_optimally_with_each_admissible_heuristic() {
    // Optimal costs from examples/README.md.
    let known = [
        ("gripper", [5, 11]),
        ("blocksworld", [6, 10]),
        ("spanner", [4, 8]),
        ("miconic", [4, 10]),
        ("briefcase-adl", [5, 11]),
    ];
    for (ex, costs) in known {
        let dir = repo().join("examples").join(ex);
        for (p, want) in ["p01.pddl", "p02.pddl"].iter().zip(costs) {
            for h in ADMISSIBLE {
                assert_eq!(plan_cost(&dir.join("domain.pddl"), &dir.join(p), h), want, "{ex}/{p} with {h}");
            }
        }
    }
}

#[test]
fn satisficing_configurations_find_valid_plans() {
    let dir = repo().join("examples/briefcase-adl");
    for c in [
        "eager_greedy([ff()], preferred=[ff()])",
        "lazy_greedy([ff()], preferred=[ff()])",
        "eager_wastar([ff()], w=2)",
        "lazy_wastar([add()], w=3)",
        "eager_greedy([goalcount(), add()])",
    ] {
        let cost = plan_cost(&dir.join("domain.pddl"), &dir.join("p02.pddl"), c);
        assert!(cost >= 11, "{c}: cost {cost} below the optimum");
    }
}

/// Small corpus tasks (domain, problem), relative to the benchmarks root; their optimal costs are
/// read from index.csv. Chosen by `bench/plan_select.py` (solved by blind A* in well under a
/// second in a release build) across 23 domains.
const CORPUS: &[(&str, &str)] = &[
    ("ipc-opt-adl/maintenance-opt14-adl/domain.pddl", "ipc-opt-adl/maintenance-opt14-adl/p01.pddl"),
    ("ipc-opt-adl/schedule/domain.pddl", "ipc-opt-adl/schedule/p001.pddl"),
    ("ipc-opt-strips/airport/p01-domain.pddl", "ipc-opt-strips/airport/p01.pddl"),
    ("ipc-opt-strips/blocks/domain.pddl", "ipc-opt-strips/blocks/p01.pddl"),
    ("ipc-opt-strips/depot/domain.pddl", "ipc-opt-strips/depot/p01.pddl"),
    ("ipc-opt-strips/driverlog/domain.pddl", "ipc-opt-strips/driverlog/p01.pddl"),
    ("ipc-opt-strips/freecell/domain.pddl", "ipc-opt-strips/freecell/p01.pddl"),
    ("ipc-opt-strips/gripper/domain.pddl", "ipc-opt-strips/gripper/p01.pddl"),
    ("ipc-opt-strips/logistics00/domain.pddl", "ipc-opt-strips/logistics00/p01.pddl"),
    ("ipc-opt-strips/miconic/domain.pddl", "ipc-opt-strips/miconic/p001.pddl"),
    ("ipc-opt-strips/movie/domain.pddl", "ipc-opt-strips/movie/p03.pddl"),
    ("ipc-opt-strips/mprime/domain.pddl", "ipc-opt-strips/mprime/p01.pddl"),
    ("ipc-opt-strips/psr-small/p01-domain.pddl", "ipc-opt-strips/psr-small/p01.pddl"),
    ("ipc-opt-strips/rovers/domain.pddl", "ipc-opt-strips/rovers/p01.pddl"),
    ("ipc-opt-strips/satellite/domain.pddl", "ipc-opt-strips/satellite/p01.pddl"),
    ("ipc-opt-strips/storage/domain.pddl", "ipc-opt-strips/storage/p01.pddl"),
    ("ipc-opt-strips/tpp/domain.pddl", "ipc-opt-strips/tpp/p01.pddl"),
    ("ipc-opt-strips/zenotravel/domain.pddl", "ipc-opt-strips/zenotravel/p01.pddl"),
    ("ipc2023-learning/childsnack/domain.pddl", "ipc2023-learning/childsnack/training/p01.pddl"),
    ("ipc2023-learning/ferry/domain.pddl", "ipc2023-learning/ferry/training/p01.pddl"),
    ("ipc2023-learning/spanner/domain.pddl", "ipc2023-learning/spanner/training/p02.pddl"),
    ("ipc-opt-strips/pathways/p01-domain.pddl", "ipc-opt-strips/pathways/p01.pddl"),
    ("ipc-opt-strips/tidybot-opt11-strips/domain.pddl", "ipc-opt-strips/tidybot-opt11-strips/p01.pddl"),
];

fn known_costs(root: &Path) -> std::collections::HashMap<String, u64> {
    corpus::index(root)
        .into_iter()
        .filter_map(|r| {
            let k = r.known_optimal_cost.filter(|k| k.fract() == 0.0 && *k >= 0.0)?;
            Some((r.problem_path, k as u64))
        })
        .collect()
}

#[test]
fn corpus_tasks_are_solved_optimally() {
    let Some(root) = corpus::require_benchmarks("corpus_tasks_are_solved_optimally") else { return };
    let known = known_costs(&root);
    for (d, p) in CORPUS {
        let want = *known.get(*p).unwrap_or_else(|| panic!("{p} has a known optimal cost in index.csv"));
        for h in ADMISSIBLE.iter().chain(&PRUNED) {
            assert_eq!(plan_cost(&root.join(d), &root.join(p), h), want, "{p} with {h}");
        }
    }
    // The summary says what the pruning did.
    let (d, p) = CORPUS.iter().find(|(d, _)| d.contains("satellite")).expect("a satellite task");
    let (d, p) = (root.join(d), root.join(p));
    let dir = TempDir::new();
    let f = dir.0.join("sas_plan");
    let o = run(&[
        "plan",
        d.to_str().unwrap(),
        p.to_str().unwrap(),
        "--search",
        PRUNED[0],
        "--plan-file",
        f.to_str().unwrap(),
    ]);
    assert!(text(&o).contains("pruning: successors ") && text(&o).contains("% pruned"), "{}", text(&o));
}

const DOMAIN: &str = "\
(define (domain rooms)
  (:requirements :strips :typing :negative-preconditions)
  (:types room)
  (:predicates (at ?r - room) (door ?a ?b - room) (locked ?r - room) (visited ?r - room))
  (:action move
    :parameters (?from ?to - room)
    :precondition (and (at ?from) (door ?from ?to) (not (locked ?to)))
    :effect (and (at ?to) (not (at ?from)) (visited ?to))))
";

#[test]
fn unsolvable_tasks_exit_11() {
    let dir = TempDir::new();
    let d = dir.file("domain.pddl", DOMAIN);
    // Goal unreachable even in the relaxation: no door into c.
    let p1 = dir.file(
        "p1.pddl",
        "(define (problem p1) (:domain rooms) (:objects a b c - room)
           (:init (at a) (door a b) (door b a)) (:goal (at c)))",
    );
    // Reachable in the relaxation, not really: being in two rooms at once (h2 proves it).
    let p2 = dir.file(
        "p2.pddl",
        "(define (problem p2) (:domain rooms) (:objects a b - room)
           (:init (at a) (door a b) (door b a)) (:goal (and (at a) (at b))))",
    );
    // Two one-way doors out of a: each room can be visited, not both.
    let p3 = dir.file(
        "p3.pddl",
        "(define (problem p3) (:domain rooms) (:objects a b c - room)
           (:init (at a) (door a b) (door a c)) (:goal (and (visited b) (visited c))))",
    );
    for p in [&p1, &p2, &p3] {
        for h in ["astar(lmcut())", "astar(blind())", "lazy_greedy([ff()], preferred=[ff()])"] {
            let o = run(&[
                "-q",
                "plan",
                d.to_str().unwrap(),
                p.to_str().unwrap(),
                "--search",
                h,
                "--plan-file",
                dir.0.join("x").to_str().unwrap(),
            ]);
            assert_eq!(o.status.code(), Some(11), "{} with {h}: {}", p.display(), text(&o));
            assert!(!dir.0.join("x").exists(), "no plan file for an unsolvable task");
        }
    }
    // With pruning off, p2 is proved unsolvable by search instead.
    let o = run(&[
        "plan",
        d.to_str().unwrap(),
        p2.to_str().unwrap(),
        "--no-h2",
        "--no-relevance",
        "--plan-file",
        dir.0.join("x").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(11), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("search space exhausted"), "{}", text(&o));
}

#[test]
fn refusals_usage_errors_and_limits() {
    let dir = TempDir::new();
    let ex = repo().join("examples");
    // A numeric construct the numeric planner does not support: refused, naming the construct,
    // exit 34 (FD's "search unsupported").
    let nd = dir.file(
        "nl.pddl",
        "(define (domain nl) (:requirements :numeric-fluents) (:functions (x) (y))
           (:action grow :parameters () :precondition (< (x) 10)
             :effect (and (increase (x) (* (x) (y))) (increase (y) 1))))",
    );
    let np =
        dir.file("nl-p.pddl", "(define (problem nl1) (:domain nl) (:init (= (x) 1) (= (y) 1)) (:goal (>= (x) 10)))");
    let o = run(&[
        "plan",
        nd.to_str().unwrap(),
        np.to_str().unwrap(),
        "--plan-file",
        dir.0.join("nl.plan").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(34), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nonlinear numeric effect"), "{}", text(&o));
    // A numeric task without a plan whose reachable states are finite: proved unsolvable, 11,
    // by the numeric planner, which says it ran.
    let cd = dir.file(
        "counter.pddl",
        "(define (domain counter) (:requirements :numeric-fluents) (:functions (x))
           (:action inc :parameters () :precondition (< (x) 3) :effect (increase (x) 1)))",
    );
    let cp = dir.file("counter-p.pddl", "(define (problem c) (:domain counter) (:init (= (x) 0)) (:goal (>= (x) 5)))");
    let o = run(&[
        "plan",
        cd.to_str().unwrap(),
        cp.to_str().unwrap(),
        "--plan-file",
        dir.0.join("c.plan").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(11), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("planner: numeric, gbfs(hmrp_numeric())"), "{}", text(&o));
    // Durative actions go to the temporal planner: see tests/temporal.rs.
    let o = run(&[
        "plan",
        ex.join("circuit-derived/domain.pddl").to_str().unwrap(),
        ex.join("circuit-derived/p01.pddl").to_str().unwrap(),
    ]);
    // Derived predicates are grounded, but the default LM-cut does not take axioms: FD's 34.
    assert_eq!(o.status.code(), Some(34), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("derived predicates"), "{}", text(&o));
    // A bad configuration is a usage error.
    let g = ex.join("gripper");
    let (d, p) = (g.join("domain.pddl"), g.join("p02.pddl"));
    let o = run(&["plan", d.to_str().unwrap(), p.to_str().unwrap(), "--search", "astar(nope())"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    // Fast Downward's aliases: a known one plans, an unknown one is refused naming the known.
    let aliased = dir.0.join("aliased");
    let (ds, ps, pf) = (d.to_str().unwrap(), p.to_str().unwrap(), aliased.to_str().unwrap());
    let o = run(&["plan", ds, ps, "--alias", "lama-first", "--plan-file", pf, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert!(v["search_config"].as_str().is_some_and(|c| c.contains("lmcount")), "{v}");
    let o = run(&["plan", ds, ps, "--alias", "seq-opt-lmcut", "--plan-file", pf, "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(v["plan"]["cost"], 11, "{v}");
    let o = run(&["plan", ds, ps, "--alias", "seq-sat-nonsense"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("lama-first"), "{}", text(&o));
    // JSON statistics.
    let plan = dir.0.join("plan");
    let o = run(&["plan", d.to_str().unwrap(), p.to_str().unwrap(), "--json", "--plan-file", plan.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(v["plan"]["cost"], 11);
    assert!(v["search"]["expanded"].as_u64().is_some_and(|e| e > 0));
    assert!(v["statistics"]["h2"]["operators_after"].as_u64().is_some());
    // The default plan file is sas_plan in the working directory.
    let o = Command::new(bin())
        .current_dir(&dir.0)
        .args(["-q", "plan", d.to_str().unwrap(), p.to_str().unwrap()])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(std::fs::read_to_string(dir.0.join("sas_plan")).is_ok_and(|s| s.ends_with("; cost = 11 (unit cost)\n")));
}

#[test]
fn ground_writes_output_sas() {
    let dir = TempDir::new();
    let g = repo().join("examples/briefcase-adl");
    let sas = dir.0.join("output.sas");
    let o = run(&[
        "ground",
        g.join("domain.pddl").to_str().unwrap(),
        g.join("p02.pddl").to_str().unwrap(),
        "--output-sas",
        sas.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let s = std::fs::read_to_string(&sas).expect("output.sas written");
    assert!(s.starts_with("begin_version\n3\nend_version\n"));
    assert!(s.contains("begin_operator\nmove "));
    assert!(String::from_utf8_lossy(&o.stdout).contains("ground task:"));
}

/// Runs FD's translator; its `output.sas`, or `None` where FD is not installed.
fn fd_translate(domain: &Path, problem: &Path, dir: &Path) -> Option<PathBuf> {
    let locate = repo().join("bench/fd_locate.py");
    let pp = Command::new("python3").arg(&locate).arg("--pythonpath").output().ok()?;
    if !pp.status.success() {
        return None;
    }
    let sas = dir.join("fd.sas");
    let o = Command::new("python3")
        .env("PYTHONPATH", String::from_utf8_lossy(&pp.stdout).trim())
        .args(["-m", "fast_downward.translate"])
        .arg(domain)
        .arg(problem)
        .arg("--sas-file")
        .arg(&sas)
        .output()
        .ok()?;
    o.status.success().then_some(sas)
}

/// Counts from FD's translator (`output.sas`): operators, and atoms (values `Atom ...`).
fn fd_counts(domain: &Path, problem: &Path, dir: &Path) -> Option<(usize, usize)> {
    let s = std::fs::read_to_string(fd_translate(domain, problem, dir)?).ok()?;
    let atoms = s.lines().filter(|l| l.starts_with("Atom ")).count();
    let mut lines = s.lines();
    let ops = loop {
        let l = lines.next()?;
        if l == "end_goal" {
            break lines.next()?.parse().ok()?;
        }
    };
    Some((ops, atoms))
}

/// `certplan plan output.sas` on our own export and on FD's translator output: the optimal cost,
/// and a plan that the PDDL validator accepts (the FDR validator has checked it already).
#[test]
fn plans_from_output_sas() {
    let dir = TempDir::new();
    let mut fd_missing = false;
    // briefcase-adl: FD's translator compiles its `exists` and `or` into axioms, which LM-cut
    // (ours and FD's) does not take; our export compiles them into operator variants instead.
    for (ex, problem, optimal, with_fd) in [
        ("gripper", "p02.pddl", 11, true),
        ("blocksworld", "p02.pddl", 10, true),
        ("spanner", "p02.pddl", 8, true),
        ("briefcase-adl", "p02.pddl", 11, false),
    ] {
        let (d, p) =
            (repo().join("examples").join(ex).join("domain.pddl"), repo().join("examples").join(ex).join(problem));
        let ours = dir.0.join(format!("{ex}.sas"));
        let o =
            run(&["-q", "ground", d.to_str().unwrap(), p.to_str().unwrap(), "--output-sas", ours.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        let fd = if with_fd { fd_translate(&d, &p, &dir.0) } else { None };
        fd_missing |= with_fd && fd.is_none();
        for sas in std::iter::once(ours).chain(fd) {
            let plan = dir.0.join("plan");
            let o = run(&["plan", sas.to_str().unwrap(), "--plan-file", plan.to_str().unwrap(), "--json"]);
            assert_eq!(o.status.code(), Some(0), "{}: {}", sas.display(), text(&o));
            let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("--json prints JSON");
            assert_eq!(v["plan"]["cost"].as_u64(), Some(optimal), "{}", sas.display());
            let o = run(&["-q", "validate", d.to_str().unwrap(), p.to_str().unwrap(), plan.to_str().unwrap()]);
            assert_eq!(o.status.code(), Some(0), "the plan from {} is valid for the PDDL: {}", sas.display(), text(&o));
        }
    }
    corpus::require("part of plans_from_output_sas", !fd_missing, "Fast Downward's translator is not installed");
}

/// A broken output.sas names its line (exit 33); axioms are refused (exit 34); one file that is
/// not output.sas is a usage error.
#[test]
fn output_sas_errors() {
    let dir = TempDir::new();
    let g = repo().join("examples/gripper");
    let sas = dir.0.join("ok.sas");
    let (d, p) = (g.join("domain.pddl"), g.join("p01.pddl"));
    let o = run(&["-q", "ground", d.to_str().unwrap(), p.to_str().unwrap(), "--output-sas", sas.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let good = std::fs::read_to_string(&sas).unwrap();
    let broken = dir.file("broken.sas", &good.replacen("end_goal", "end_gaol", 1));
    let o = run(&["plan", broken.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(33), "FD's search input error: {}", text(&o));
    let line = good.lines().position(|l| l == "end_goal").unwrap() + 1;
    assert!(text(&o).contains(&format!("broken.sas:{line}: expected `end_goal`, found `end_gaol`")), "{}", text(&o));
    // Variable 0 becomes derived, with one axiom: the file's last line (0 axioms) replaced.
    let derived = good.replacen("\n-1\n2\nAtom", "\n0\n2\nAtom", 1);
    let head = derived.trim_end().strip_suffix("\n0").expect("ends with 0 axioms");
    let axioms = dir.file("axioms.sas", &format!("{head}\n1\nbegin_rule\n0\n0 1 0\nend_rule\n"));
    let o = run(&["plan", axioms.to_str().unwrap()]);
    // Axioms are read now; this hand-made rule sets a variable that an operator also changes,
    // which FD's format forbids: refused with the reason.
    assert_eq!(o.status.code(), Some(34), "FD's search unsupported: {}", text(&o));
    assert!(text(&o).contains("changes a derived variable"), "{}", text(&o));
    let o = run(&["plan", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("not an output.sas file"), "{}", text(&o));
}

/// Grounded operators and atoms: FD's translator versus ours with relevance analysis only (FD's
/// translator does no h2). Differences and why:
/// - operators: FD's count lies between ours with relevance only and ours with h2 as well. Both
///   keep what relaxed reachability finds and relevance keeps and drop no-op operators, but FD
///   also drops operators whose preconditions contradict a mutex group of its invariant
///   synthesis (blocksworld's `stack a a` needs `holding a` and `clear a`); h2 finds those
///   mutexes too, and sometimes more;
/// - atoms: FD's count lies near the range of ours with and without h2 (h2 removes unreachable
///   atoms that FD's mutex simplification also removes), but differs slightly both ways: FD keeps every value
///   of a finite-domain variable that is relevant as a whole (airport's `airborne` atoms share a
///   mutex group with relevant `at-segment` atoms, so FD keeps them although no goal depends on
///   them; our relevance analysis is per atom and drops them), and FD's variable simplification
///   drops atoms that we keep (airport's `not_occupied` of a segment no operator needs true:
///   FD's "propositions removed").
#[test]
fn grounded_counts_match_fast_downward() {
    let Some(root) = corpus::require_benchmarks("grounded_counts_match_fast_downward") else { return };
    let dir = TempDir::new();
    let mut compared = 0;
    for (d, p) in CORPUS.iter().take(10) {
        let (d, p) = (root.join(d), root.join(p));
        let Some((fd_ops, fd_atoms)) = fd_counts(&d, &p, &dir.0) else {
            let missing = "FD's translator is not importable (pip install up-fast-downward)";
            corpus::skip_or_fail("grounded_counts_match_fast_downward", missing);
            return;
        };
        let counts = |h2: bool| {
            let mut args = vec!["ground", d.to_str().unwrap(), p.to_str().unwrap(), "--json"];
            if !h2 {
                args.push("--no-h2");
            }
            let o = run(&args);
            assert_eq!(o.status.code(), Some(0), "{}", text(&o));
            let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
            (
                v["statistics"]["operators"].as_u64().unwrap_or(0) as usize,
                v["statistics"]["atoms"].as_u64().unwrap_or(0) as usize,
            )
        };
        let ((ops, atoms), (ops_h2, atoms_h2)) = (counts(false), counts(true));
        assert!(
            ops_h2 <= fd_ops && fd_ops <= ops,
            "operators of {}: FD {fd_ops}, ours {ops_h2} (h2) / {ops}",
            p.display()
        );
        // Loose on purpose: depot p01 differs by 6 of 38 atoms, not yet analysed atom by atom.
        let slack = (fd_atoms / 4).max(5);
        assert!(
            atoms_h2.min(atoms) <= fd_atoms + slack && fd_atoms <= atoms.max(atoms_h2) + slack,
            "atoms of {}: FD {fd_atoms}, ours {atoms_h2} (h2) / {atoms}",
            p.display()
        );
        eprintln!(
            "{}: operators {ops_h2} with h2, {ops} without (FD {fd_ops}), atoms {atoms_h2} with h2, {atoms} without (FD {fd_atoms})",
            p.display()
        );
        compared += 1;
    }
    eprintln!("compared {compared} tasks with FD's translator");
}

/// Initial LM-cut values against Fast Downward's (revision 7ea275526, as `up-fast-downward`
/// installs it). Snake p04 has only negative goals (`(not (ispoint p))`): the relaxed heuristics
/// used to drop negative conditions, so all of them were 0 there (FD's LM-cut: 9; A* expanded
/// 2,946 states against FD's 33); negative conditions are now complementary atoms added by
/// deletes, as FD's translator makes them. On visitall p01 and freecell (autoplanbench instance
/// 12) LM-cut was 2 and 6 against FD's 3 and 11, for want of FD's supporter tie-breaking in the
/// goal zone. LM-cut still depends on tie-breaking that is not FD's everywhere (snake p04 gives 8
/// with FD's tie-breaking rules but our atom order; hmax, which has no ties to break, is 6 for
/// both), so snake allows FD's value minus one, up to the optimal cost 12 (admissibility).
#[test]
fn lmcut_initial_values_match_fast_downward() {
    const FD_INITIAL_LMCUT: u64 = 9;
    const FD_INITIAL_HMAX: u64 = 6;
    const OPTIMAL: u64 = 12;
    let Some(root) = corpus::require_benchmarks("lmcut_initial_values_match_fast_downward") else { return };
    let dir = root.join("ipc-opt-strips/snake-opt18-strips");
    let (d, p) = (dir.join("domain.pddl"), dir.join("p04.pddl"));
    if !p.is_file() {
        corpus::skip_or_fail("lmcut_initial_values_match_fast_downward", &format!("{} is absent", p.display()));
        return;
    }
    let tmp = TempDir::new();
    let plan = tmp.0.join("sas_plan");
    let initial_h = |search: &str| -> u64 {
        let o = run(&[
            "-q",
            "plan",
            d.to_str().unwrap(),
            p.to_str().unwrap(),
            "--search",
            search,
            "--json",
            "--plan-file",
            plan.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{search}: {}", text(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("--json prints JSON");
        assert_eq!(v["plan"]["cost"].as_u64(), Some(OPTIMAL), "{search}");
        v["search"]["initial_h"].as_u64().expect("initial_h")
    };
    assert_eq!(initial_h("astar(hmax())"), FD_INITIAL_HMAX, "hmax is tie-free and must equal FD's");
    let h = initial_h("astar(lmcut())");
    assert!(
        h + 1 >= FD_INITIAL_LMCUT && h <= OPTIMAL,
        "LM-cut in the initial state: {h}, Fast Downward: {FD_INITIAL_LMCUT}"
    );
    // (directory, domain, problem, FD's initial LM-cut, optimal cost): FD's value exactly.
    for (dir, domain, problem, fd, optimal) in [
        ("ipc-opt-strips/visitall-opt11-strips", "domain.pddl", "p01.pddl", 3, 3),
        ("autoplanbench/freecell00-bfs", "domain.pddl", "instances/instance-12.pddl", 11, 14),
    ] {
        let (d, p) = (root.join(dir).join(domain), root.join(dir).join(problem));
        if !p.is_file() {
            let missing = format!("{} is absent", p.display());
            corpus::skip_or_fail("part of lmcut_initial_values_match_fast_downward", &missing);
            continue;
        }
        let o = run(&[
            "-q",
            "plan",
            d.to_str().unwrap(),
            p.to_str().unwrap(),
            "--search",
            "astar(lmcut())",
            "--json",
            "--plan-file",
            plan.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{problem}: {}", text(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("--json prints JSON");
        assert_eq!(v["plan"]["cost"].as_u64(), Some(optimal), "{dir}/{problem}");
        assert_eq!(
            v["search"]["initial_h"].as_u64(),
            Some(fd),
            "initial LM-cut on {dir}/{problem} (Fast Downward: {fd})"
        );
    }
}

/// Generates `blocksworld` with `blocks` blocks into `dir`; (domain, problem).
fn blocksworld(dir: &TempDir, blocks: u32) -> (PathBuf, PathBuf) {
    let out = dir.0.join(format!("bw{blocks}"));
    let o = run(&[
        "-q",
        "generate",
        "blocksworld",
        "-p",
        &format!("blocks={blocks}"),
        "--seed",
        "1",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    (out.join("domain.pddl"), out.join("p01.pddl"))
}

/// FD's input-error statuses: 31 for errors in the PDDL, for `plan` and `ground`.
#[test]
fn input_errors_exit_31() {
    let dir = TempDir::new();
    let d = dir.file("domain.pddl", DOMAIN);
    let bad = dir.file(
        "bad.pddl",
        "(define (problem p) (:domain rooms) (:objects a - room) (:init (at a) (door a b)) (:goal (at a)))",
    );
    let broken = dir.file("broken.pddl", "(define (problem p) (:domain rooms");
    for p in [&bad, &broken] {
        for cmd in ["plan", "ground"] {
            let o =
                run(&[cmd, d.to_str().unwrap(), p.to_str().unwrap(), "--plan-file", dir.0.join("x").to_str().unwrap()]
                    [..if cmd == "plan" { 5 } else { 3 }]);
            assert_eq!(o.status.code(), Some(31), "{cmd} {}: {}", p.display(), text(&o));
            assert!(
                String::from_utf8_lossy(&o.stderr).contains(p.file_name().unwrap().to_str().unwrap()),
                "{}",
                text(&o)
            );
        }
    }
    // A refused construct is 34 for `ground` too.
    let ex = repo().join("examples/truck-fuel");
    let o = run(&["ground", ex.join("domain.pddl").to_str().unwrap(), ex.join("p01.pddl").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(34), "{}", text(&o));
}

/// The plan file: an old one is removed when a run starts (so a failed run leaves none), and a
/// path that cannot be written is a usage error before any work is done.
#[test]
fn plan_file_rules() {
    let dir = TempDir::new();
    let d = dir.file("domain.pddl", DOMAIN);
    let unsolvable = dir.file(
        "p.pddl",
        "(define (problem p) (:domain rooms) (:objects a b c - room) (:init (at a) (door a b)) (:goal (at c)))",
    );
    let plan = dir.file("sas_plan", "(stale plan)\n; cost = 1 (unit cost)\n");
    let o =
        run(&["-q", "plan", d.to_str().unwrap(), unsolvable.to_str().unwrap(), "--plan-file", plan.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(11), "{}", text(&o));
    assert!(!plan.exists(), "the stale plan file was removed when the run started");
    // Also where the input has errors: the old plan must not pass for this run's.
    let plan = dir.file("sas_plan", "(stale plan)\n");
    let bad = dir.file("bad.pddl", "(define (problem p) (:domain rooms");
    let o = run(&["-q", "plan", d.to_str().unwrap(), bad.to_str().unwrap(), "--plan-file", plan.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(31), "{}", text(&o));
    assert!(!plan.exists(), "the stale plan file was removed when the run started");
    // Unwritable: a missing directory, and a directory. Found before grounding and search: no
    // statistics are printed.
    let g = repo().join("examples/gripper");
    for target in [dir.0.join("missing/sas_plan"), dir.0.clone()] {
        let o = run(&[
            "plan",
            g.join("domain.pddl").to_str().unwrap(),
            g.join("p02.pddl").to_str().unwrap(),
            "--plan-file",
            target.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write"), "{}", text(&o));
        assert!(o.stdout.is_empty(), "nothing was done: {}", text(&o));
    }
    let o = run(&[
        "ground",
        g.join("domain.pddl").to_str().unwrap(),
        g.join("p02.pddl").to_str().unwrap(),
        "--output-sas",
        dir.0.join("missing/output.sas").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(o.stdout.is_empty(), "nothing was done: {}", text(&o));
}

/// The limit tests run one at a time: each pushes a process to its memory cap or to its deadline,
/// and the time-limit test asserts that the engine stops itself within the watchdog's 0.2 s grace.
/// In two CI runs it did not (no `search` statistics: the watchdog had ended the run). The cause
/// measured later was not a neighbour but the state registry's growth, one insert that stalled
/// 0.1 s and more at 1.8 million states; the registry now grows without reading the states, and
/// a search stops before a growth that would end past its deadline.
fn limit_tests_one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static LIMITS: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LIMITS.lock().unwrap_or_else(|e| e.into_inner())
}

/// `--memory-limit` caps the process: grounding a 1,500-block task needs far more than 200 MiB
/// (4.4 GB were seen under a limit of 1,000 before the cap). Exit 22 with the phase named, and the
/// peak stays near the cap.
#[test]
fn memory_limit_holds_in_grounding() {
    let _alone = limit_tests_one_at_a_time();
    let dir = TempDir::new();
    let (d, p) = blocksworld(&dir, 1500);
    let t = std::time::Instant::now();
    let o = run(&[
        "plan",
        d.to_str().unwrap(),
        p.to_str().unwrap(),
        "--memory-limit",
        "200",
        "--plan-file",
        dir.0.join("plan").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(22), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("out of memory") && err.contains("200 MiB") && err.contains("phase ground"), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("result: out of memory in phase ground"), "{}", text(&o));
    assert!(out.contains("times: parse"), "{}", text(&o));
    eprintln!("stopped after {:.1}s", t.elapsed().as_secs_f64());
    // JSON: one object, with the phase.
    let o = run(&[
        "plan",
        d.to_str().unwrap(),
        p.to_str().unwrap(),
        "--memory-limit",
        "200",
        "--json",
        "--plan-file",
        dir.0.join("plan").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(22), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(v["result"], "out of memory");
    assert_eq!(v["phase"], "ground");
    assert_eq!(
        (&v["schema"], &v["command"], &v["ok"], &v["exit_code"]),
        (&json!("certplan/1"), &json!("plan"), &json!(false), &json!(22)),
        "the envelope's fields: {v}"
    );
    assert!(v["statistics"]["times"]["ground"].as_f64().is_some_and(|t| t > 0.0), "{v}");
    // `ground` has the same limits.
    let o = run(&["ground", d.to_str().unwrap(), p.to_str().unwrap(), "--memory-limit", "200"]);
    assert_eq!(o.status.code(), Some(22), "{}", text(&o));
    let o = run(&["ground", d.to_str().unwrap(), p.to_str().unwrap(), "--time-limit", "1", "--memory-limit", "2000"]);
    assert_eq!(o.status.code(), Some(23), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("result: out of time in phase ground"), "{}", text(&o));
}

/// The cap also holds in search (blind A* on 12 blocks needs gigabytes): exit 22, phase search.
/// The cap is on address space, as FD's: a growing table briefly holds its old and new storage,
/// so the resident peak at the stop is well below the cap.
#[test]
fn memory_limit_holds_in_search() {
    let _alone = limit_tests_one_at_a_time();
    let dir = TempDir::new();
    let (d, p) = blocksworld(&dir, 12);
    let o = run(&[
        "plan",
        d.to_str().unwrap(),
        p.to_str().unwrap(),
        "--search",
        "astar(blind())",
        "--memory-limit",
        "100",
        "--plan-file",
        dir.0.join("plan").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(22), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("ground task: ") && out.contains("result: out of memory in phase search"), "{}", text(&o));
}

/// `--time-limit` binds in grounding (exit 23 close to the limit, the phase and its time right)
/// and in search.
#[test]
fn time_limit_holds_in_grounding_and_search() {
    let _alone = limit_tests_one_at_a_time();
    let dir = TempDir::new();
    let (d, p) = blocksworld(&dir, 1500);
    let t = std::time::Instant::now();
    let o = run(&[
        "plan",
        d.to_str().unwrap(),
        p.to_str().unwrap(),
        "--time-limit",
        "2",
        "--memory-limit",
        "2000",
        "--json",
        "--plan-file",
        dir.0.join("plan").to_str().unwrap(),
    ]);
    let wall = t.elapsed().as_secs_f64();
    assert_eq!(o.status.code(), Some(23), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(v["phase"], "ground", "{v}");
    let ground = v["statistics"]["times"]["ground"].as_f64().unwrap_or(0.0);
    assert!(ground > 1.0, "the time spent grounding is counted: {v}");
    // The limit plus the watchdog's grace (0.2 s here), and slack for a machine whose two cores
    // run the other tests at the same time (4.5 s failed there now and then): what matters is
    // that the run stops near the limit, where grounding alone would take far longer.
    assert!(wall < 8.0, "stopped after {wall:.1}s under a 2 s limit");

    // In search: blind A* on 12 blocks runs for minutes.
    let (d, p) = blocksworld(&dir, 12);
    let o = run(&[
        "plan",
        d.to_str().unwrap(),
        p.to_str().unwrap(),
        "--search",
        "astar(blind())",
        "--time-limit",
        "2",
        "--json",
        "--plan-file",
        dir.0.join("plan").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(23), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(v["result"], "out of time");
    assert_eq!(v["phase"], "search", "{v}");
    assert!(v["statistics"]["times"]["search"].as_f64().is_some_and(|t| t > 0.5), "{v}");
    assert!(v["search"]["expanded"].as_u64().is_some_and(|e| e > 0), "{v}");
    // Progress lines reach a stderr that is not a terminal, one per f-layer at most twice a
    // second, as FD's.
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.lines().any(|l| l.starts_with("[search ") && l.contains("f = ")), "{}", text(&o));
    assert!(err.lines().count() < 20, "a modest rate: {}", text(&o));
}

/// Output is written as it is produced: a run killed from outside (SIGKILL) leaves the lines of
/// the phases it finished.
#[test]
fn killed_run_leaves_its_log() {
    let dir = TempDir::new();
    let (d, p) = blocksworld(&dir, 12);
    let log = dir.0.join("log.txt");
    let mut child = Command::new(bin())
        .args(["plan", d.to_str().unwrap(), p.to_str().unwrap(), "--search", "astar(blind())"])
        .arg("--plan-file")
        .arg(dir.0.join("plan"))
        .stdout(std::fs::File::create(&log).unwrap())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("runs");
    let t = std::time::Instant::now();
    while !std::fs::read_to_string(&log).unwrap_or_default().contains("ground task:") {
        assert!(t.elapsed().as_secs() < 60, "no ground task line after 60 s");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    child.kill().expect("SIGKILL");
    let status = child.wait().unwrap();
    assert!(!status.success(), "killed while searching");
    let s = std::fs::read_to_string(&log).unwrap();
    for line in ["grounding: ", "h2 mutexes: ", "relevance: ", "invariants: ", "ground task: "] {
        assert!(s.contains(line), "{line:?} in the log of the killed run:\n{s}");
    }
    assert!(!s.contains("result:"), "the run was killed before its end:\n{s}");
}

/// `--plan-file /dev/null` discards the plan and leaves the device alone. (An earlier version
/// removed an existing plan file first, whatever it was: run as root, that removed `/dev/null`.)
#[test]
fn plan_file_may_be_a_device() {
    use std::os::unix::fs::FileTypeExt;
    let ex = repo().join("examples/gripper");
    let o = run(&[
        "plan",
        ex.join("domain.pddl").to_str().unwrap(),
        ex.join("p01.pddl").to_str().unwrap(),
        "--plan-file",
        "/dev/null",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let kind = std::fs::metadata("/dev/null").expect("/dev/null exists").file_type();
    assert!(kind.is_char_device(), "/dev/null is no longer a device after `plan --plan-file /dev/null`");
    // A directory is refused before any work (exit 2), and left alone.
    let dir = TempDir::new();
    let o = run(&[
        "plan",
        ex.join("domain.pddl").to_str().unwrap(),
        ex.join("p01.pddl").to_str().unwrap(),
        "--plan-file",
        dir.0.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("is a directory"), "{}", text(&o));
    assert!(dir.0.is_dir());
}
