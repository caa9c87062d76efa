//! Data-driven grounding tests: each folder under `tests/data/` holds a `domain.pddl` and a
//! `problem.pddl`, and `expected.txt` with what grounding makes of them: the counts, every
//! reachable atom and operator (with its preconditions and effects), what h2 and relevance
//! analysis prune and the mutex groups found, and the `output.sas` round trip.
//! `UPDATE_EXPECT=1 cargo test -p ground --test data` rewrites the expectations; reviewing that
//! diff is reviewing the change.

use ground::{GroundOptions, GroundTask, prune};
use model::lifted::Task;
use std::fmt::Write;
use std::path::Path;

fn lifted(dir: &Path) -> Task {
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{}/{name}: {e}", dir.display()))
    };
    let (dtext, ptext) = (read("domain.pddl"), read("problem.pddl"));
    let d = pddl::parse_domain(&dtext, pddl::FileId(0));
    let p = pddl::parse_problem(&ptext, pddl::FileId(1));
    assert!(!d.has_errors() && !p.has_errors(), "{}: {:?} {:?}", dir.display(), d.diagnostics, p.diagnostics);
    let (d, p) = (d.value.expect("a domain"), p.value.expect("a problem"));
    let checked = model::check(
        model::Input { domain: (&d, pddl::FileId(0)), problem: Some((&p, pddl::FileId(1))), plan: None },
        model::CheckOptions::default(),
    );
    checked.task.unwrap_or_else(|| panic!("{}: {:?}", dir.display(), checked.diagnostics))
}

fn atoms(g: &GroundTask, t: &Task, v: &[u32]) -> String {
    let mut names: Vec<String> = v.iter().map(|&a| g.atom_text(t, a)).collect();
    names.sort();
    names.join(", ")
}

/// Every atom and operator, sorted by text so that the report does not depend on numbering.
fn describe(g: &GroundTask, t: &Task, out: &mut String) {
    let mut names: Vec<String> = (0..g.atoms.len() as u32).map(|a| g.atom_text(t, a)).collect();
    names.sort();
    writeln!(out, "atoms ({}):", names.len()).unwrap();
    for n in names {
        writeln!(out, "  {n}").unwrap();
    }
    let mut ops: Vec<String> = (0..g.operators.len())
        .map(|i| {
            let o = &g.operators[i];
            let mut s = g.operator_text(t, i).unwrap_or_else(|| "<artificial>".into());
            write!(s, " cost {} | pre [{}]", o.cost, atoms(g, t, &o.pre)).unwrap();
            if !o.pre_neg.is_empty() {
                write!(s, " not [{}]", atoms(g, t, &o.pre_neg)).unwrap();
            }
            write!(s, " add [{}] del [{}]", atoms(g, t, &o.add), atoms(g, t, &o.del)).unwrap();
            let mut conds: Vec<String> = o
                .cond
                .iter()
                .map(|c| {
                    let sign = if c.add { "+" } else { "-" };
                    format!(
                        "when [{}] not [{}] {sign}{}",
                        atoms(g, t, &c.pre),
                        atoms(g, t, &c.pre_neg),
                        g.atom_text(t, c.atom)
                    )
                })
                .collect();
            conds.sort();
            for c in conds {
                write!(s, " | {c}").unwrap();
            }
            s
        })
        .collect();
    ops.sort();
    writeln!(out, "operators ({}):", ops.len()).unwrap();
    for o in ops {
        writeln!(out, "  {o}").unwrap();
    }
    let mut init: Vec<String> = g.init.iter().map(|&a| g.atom_text(t, a)).collect();
    init.sort();
    let mut goal: Vec<String> = g.goal.iter().map(|&a| g.atom_text(t, a)).collect();
    goal.sort();
    writeln!(out, "init: {}", init.join(", ")).unwrap();
    write!(out, "goal: {}", goal.join(", ")).unwrap();
    if !g.goal_neg.is_empty() {
        write!(out, " not [{}]", atoms(g, t, &g.goal_neg)).unwrap();
    }
    writeln!(out).unwrap();
}

fn run_case(dir: &Path) -> String {
    let task = lifted(dir);
    let mut out = String::new();
    let grounded = match ground::ground(&task, GroundOptions::default()) {
        Ok(g) => g,
        Err(e) => {
            writeln!(out, "refused: {e:?}").unwrap();
            return out;
        }
    };
    let s = &grounded.stats;
    writeln!(
        out,
        "grounded: {} atoms, {} static atoms, {} operators ({} instances), {} rules, goal reachable: {}",
        s.atoms, s.static_atoms, s.operators, s.operator_instances, s.rules, s.goal_reachable
    )
    .unwrap();
    let Some(mut g) = grounded.task else {
        writeln!(out, "unsolvable: the relaxed goal is unreachable").unwrap();
        return out;
    };
    describe(&g, &task, &mut out);

    let original = g.clone();
    let h2 = prune::h2(&mut g, None);
    writeln!(
        out,
        "h2: atoms {} -> {}, operators {} -> {}, {} mutex pairs, unsolvable: {}",
        h2.atoms_before, h2.atoms_after, h2.operators_before, h2.operators_after, h2.mutex_pairs, h2.unsolvable
    )
    .unwrap();
    let mut groups: Vec<String> = g
        .mutex_groups
        .iter()
        .map(|grp| {
            let mut names: Vec<String> = grp.iter().map(|&a| g.atom_text(&task, a)).collect();
            names.sort();
            format!("{{{}}}", names.join(", "))
        })
        .collect();
    groups.sort();
    for grp in groups {
        writeln!(out, "  mutex group {grp}").unwrap();
    }
    if !h2.unsolvable {
        let rel = prune::relevance(&mut g);
        writeln!(
            out,
            "relevance: atoms {} -> {}, operators {} -> {}",
            rel.atoms_before, rel.atoms_after, rel.operators_before, rel.operators_after
        )
        .unwrap();
        writeln!(out, "after pruning:").unwrap();
        describe(&g, &task, &mut out);
    }

    // output.sas: the text reads back and writes the same; the FDR task maps back to as many
    // operators with the same costs.
    let text = ground::sas::write(&original, &task);
    let fdr = sas::parse(&text).unwrap_or_else(|e| panic!("{}: output.sas does not read back: {e:?}", dir.display()));
    assert_eq!(sas::write(&fdr), text, "{}: output.sas is not a fixpoint", dir.display());
    let back = ground::sas::from_fdr(&fdr).expect("no axioms");
    let costs = |g: &GroundTask| {
        let mut c: Vec<u64> = g.operators.iter().map(|o| o.cost).collect();
        c.sort_unstable();
        c
    };
    assert_eq!(back.operators.len(), original.operators.len(), "{}", dir.display());
    assert_eq!(costs(&back), costs(&original), "{}", dir.display());
    writeln!(out, "output.sas: {} variables, {} operators, round trip ok", fdr.variables.len(), fdr.operators.len())
        .unwrap();
    out
}

#[test]
fn grounding_cases() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut cases: Vec<_> = std::fs::read_dir(&root).expect("data dir").flatten().map(|e| e.path()).collect();
    cases.retain(|p| p.is_dir());
    cases.sort();
    assert!(cases.len() >= 8, "the grounding cases are missing from {}", root.display());
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for dir in &cases {
        let got = run_case(dir);
        let expected_path = dir.join("expected.txt");
        if update {
            std::fs::write(&expected_path, &got).expect("write expectation");
            continue;
        }
        let want = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if got != want {
            failures.push(format!("--- {}\nexpected:\n{want}got:\n{got}", dir.display()));
        }
    }
    println!("{} grounding cases", cases.len());
    assert!(
        failures.is_empty(),
        "{} cases differ (UPDATE_EXPECT=1 to accept):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
