//! Domain classes (paper 002): the paper's variants come out as their names say, and every
//! library domain gets the verdict recorded here.

use domains::analyze::{Class, WellFormed, analyze};

fn run(name: &str, with_problems: bool) -> domains::analyze::Analysis {
    let d = domains::find(name).expect("in the library");
    let lifted = domains::lifted_domain(d.pddl).expect("checks");
    let mut tasks = Vec::new();
    if with_problems {
        // Small default-size problems: their state spaces are enumerated completely.
        for seed in 0..2 {
            let p = d.params(&[]).expect("defaults are in range");
            let text = d.generate(&p, seed, "p").expect("generates");
            tasks.push(domains::task(d.pddl, &text).expect("checks"));
        }
    }
    analyze(&lifted, &tasks).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn paper_002_variants_are_what_their_names_say() {
    let a = run("heavy-grippers-delete-free", false);
    assert!(a.delete_free && a.class == Class::DeleteFree && a.counting_exact);
    let a = run("heavy-grippers-well-formed", false);
    assert!(!a.delete_free && a.well_formed == WellFormed::Proved && a.class == Class::WellFormed);
    let a = run("colors-well-formed", false);
    assert_eq!((a.well_formed.clone(), a.class), (WellFormed::Proved, Class::WellFormed));
    let a = run("lights-out-strips", false);
    assert_eq!((a.well_formed.clone(), a.class, a.conditional_effects), (WellFormed::Proved, Class::WellFormed, false));
    let a = run("lights-out-conditional", false);
    assert!(a.conditional_effects && a.class == Class::ConditionalEffects && !a.counting_exact);

    // colors-strips: not provable from the syntax, and the reachable states show why.
    let a = run("colors-strips", false);
    assert_eq!(a.well_formed, WellFormed::Unproved);
    let a = run("colors-strips", true);
    let WellFormed::Violated(c) = &a.well_formed else { panic!("expected a counterexample, got {:?}", a.well_formed) };
    assert!(c.action.starts_with("(paint") || c.action.starts_with("(wash"), "{c:?}");
    assert_eq!(a.class, Class::Strips);
    assert!(!a.counting_exact);
}

#[test]
fn reductions_and_public_formulations_are_classified() {
    // Flip-Flop: writes ignore the bit's value; the reachable states show an add of a true atom.
    let a = run("flip-flop", true);
    assert!(matches!(a.well_formed, WellFormed::Violated(_)), "{:?}", a.well_formed);
    assert_eq!(a.class, Class::Strips);
    assert!(!a.counting_exact);
    let a = run("parity", false);
    assert!(a.conditional_effects && a.class == Class::ConditionalEffects && !a.counting_exact);
    let a = run("heavy-grippers-charged-delete-free", false);
    assert!(a.delete_free && a.class == Class::DeleteFree && a.counting_exact);
    let a = run("heavy-grippers-charged-well-formed", false);
    assert_eq!((a.well_formed.clone(), a.class), (WellFormed::Proved, Class::WellFormed));
    assert!(a.counting_exact);
    let a = run("colors-bags-well-formed", false);
    assert_eq!((a.well_formed.clone(), a.class), (WellFormed::Proved, Class::WellFormed));
    // Lights Out split into one press per local configuration: every precondition fixes the
    // current values of exactly the lights the press toggles, so it is well-formed by the syntax.
    let a = run("lights-out-local-well-formed", false);
    assert_eq!((a.well_formed.clone(), a.class), (WellFormed::Proved, Class::WellFormed));
    assert!(!a.delete_free && !a.conditional_effects && a.counting_exact && a.unproved.is_empty());
    let a = run("colors-bags-strips", true);
    assert!(matches!(a.well_formed, WellFormed::Violated(_)), "{:?}", a.well_formed);
    assert_eq!(a.class, Class::Strips);
}

#[test]
fn ipc_domains_classes() {
    // Classic gripper allows `(move rooma rooma)`, which adds `(at-robby rooma)` while it is
    // already true: not well-formed, and the counterexample says so.
    let a = run("gripper", false);
    assert_eq!(a.well_formed, WellFormed::Unproved);
    let a = run("gripper", true);
    let WellFormed::Violated(c) = &a.well_formed else { panic!("{:?}", a.well_formed) };
    assert_eq!((c.action.as_str(), c.effect.as_str()), ("(move rooma rooma)", "(add (at-robby rooma))"));
    // Heavy-pack states nothing about `packed`, but only unpacked items are packed: it holds.
    let a = run("heavy", true);
    assert!(matches!(a.well_formed, WellFormed::HoldsOnProblems { complete: true, .. }), "{:?}", a.well_formed);
    // Floortile's change_color may "change" to the color already held: add of a true atom.
    let a = run("floortile", true);
    assert!(matches!(a.well_formed, WellFormed::Violated(_)), "{:?}", a.well_formed);
    // The rest are STRIPS without conditional effects; their verdicts are printed for the record.
    for name in ["blocksworld", "ferry", "miconic", "spanner", "visitall"] {
        let a = run(name, true);
        eprintln!("{name}: {:?} {:?}", a.class, a.well_formed);
        assert!(!a.delete_free && !a.conditional_effects, "{name}");
    }
}
