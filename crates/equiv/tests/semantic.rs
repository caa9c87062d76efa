//! Hand-written semantic cases on Planetarium's three domains (read from
//! `../shared/benchmarks/planetarium/domains`): goals equal only once completed, goals equal up
//! to completion and renaming, and goals that look alike but differ once completed. Each case
//! also says how it was decided (invariants or reachable states), so a regression in the
//! domain-independent completion shows even where the verdict survives.

use equiv::{Options, Verdict, compare_texts};

fn domain(name: &str) -> Option<String> {
    let root = corpus::require_benchmarks(&format!("semantic {name}"))?;
    let path = root.join("planetarium/domains").join(format!("{name}.pddl"));
    match std::fs::read_to_string(&path) {
        Ok(t) => Some(t),
        Err(e) => {
            corpus::skip_or_fail(&format!("semantic {name}"), &format!("{}: {e}", path.display()));
            None
        }
    }
}

fn semantic() -> Options {
    Options { semantic: true, ..Options::default() }
}

/// The verdict of both comparisons, with the completion the semantic one used.
fn both(domain: &str, a: &str, b: &str) -> (Verdict, Verdict) {
    let structural = compare_texts(domain, a, b, &Options::default()).expect("inputs are valid");
    let semantic = compare_texts(domain, a, b, &semantic()).expect("inputs are valid");
    (structural, semantic)
}

fn completion(v: &Verdict) -> Option<String> {
    match v {
        Verdict::Different { explanation } => explanation.completion.clone(),
        _ => None,
    }
}

fn bw(objects: &str, init: &str, goal: &str) -> String {
    format!("(define (problem p) (:domain blocksworld) (:objects {objects}) (:init {init}) (:goal (and {goal})))")
}

const BW_INIT: &str = "(on-table a) (on-table b) (on-table c) (clear a) (clear b) (clear c) (arm-empty)";

#[test]
fn blocksworld_equal_only_after_completion() {
    let Some(d) = domain("blocksworld") else { return };
    // A tower a/b/c: clear a and arm-empty follow from it (invariants).
    let a = bw("a b c", BW_INIT, "(on a b) (on b c) (on-table c)");
    let b = bw("a b c", BW_INIT, "(on a b) (on b c) (on-table c) (clear a) (arm-empty)");
    let (s, m) = both(&d, &a, &b);
    assert_eq!(s.name(), "different", "{s:?}");
    assert_eq!(m.name(), "equal", "{m:?}");
    // All blocks on the table, or all blocks clear: the same single state.
    let a = bw("a b c", BW_INIT, "(on-table a) (on-table b) (on-table c)");
    let b = bw(
        "x y z",
        &BW_INIT.replace(" a)", " x)").replace(" b)", " y)").replace(" c)", " z)"),
        "(clear x) (clear y) (clear z)",
    );
    let (s, m) = both(&d, &a, &b);
    assert_eq!(s.name(), "different", "{s:?}");
    assert_eq!(m.name(), "equal", "{m:?}");
}

#[test]
fn blocksworld_equal_up_to_completion_by_reachable_states() {
    let Some(d) = domain("blocksworld") else { return };
    // (on a b) (on b c) with three blocks puts c on the table: no invariant says so (it is the
    // absence of cycles), the reachable states do.
    let a = bw("a b c", BW_INIT, "(on a b) (on b c)");
    let b = bw("a b c", BW_INIT, "(on b c) (on-table c) (on a b)");
    let (s, m) = both(&d, &a, &b);
    assert_eq!(s.name(), "different");
    assert_eq!(m.name(), "equal", "{m:?}");
}

#[test]
fn blocksworld_differs_only_after_completion() {
    let Some(d) = domain("blocksworld") else { return };
    // Both say "a and b clear"; B also empties the arm, which A leaves open (c may be held).
    let a = bw("a b c", BW_INIT, "(clear a) (clear b)");
    let b = bw("a b c", BW_INIT, "(clear a) (clear b) (arm-empty)");
    let (_, m) = both(&d, &a, &b);
    assert_eq!(m.name(), "different", "{m:?}");
    assert_eq!(completion(&m).as_deref(), Some("reachable states"));
    // Different initial states never compare equal, whatever the goals.
    let c = bw("a b c", "(on a b) (on-table b) (on-table c) (clear a) (clear c) (arm-empty)", "(clear a) (clear b)");
    let (_, m) = both(&d, &a, &c);
    let Verdict::Different { explanation } = &m else { panic!("{m:?}") };
    assert!(!explanation.init_only_a.is_empty() && !explanation.init_only_b.is_empty(), "{explanation:?}");
}

#[test]
fn blocksworld_large_fully_specified_goals_by_invariants() {
    let Some(d) = domain("blocksworld") else { return };
    // Twelve blocks: far too many states to enumerate; the invariants complete both goals.
    let names: Vec<String> = (0..12).map(|i| format!("b{i}")).collect();
    let init: String = names.iter().map(|n| format!("(on-table {n}) (clear {n}) ")).collect::<String>() + "(arm-empty)";
    let tower: String = (0..11).map(|i| format!("(on b{i} b{}) ", i + 1)).collect::<String>() + "(on-table b11)";
    let a = bw(&names.join(" "), &init, &tower);
    let b = bw(&names.join(" "), &init, &format!("{tower} (clear b0) (arm-empty)"));
    let (_, m) = both(&d, &a, &b);
    assert_eq!(m.name(), "equal", "{m:?}");
    // Another tower order: both goals fully determine a state; they differ (assuming, as
    // Planetarium does, that both problems are solvable, which the explanation says).
    let other: String = (0..11).map(|i| format!("(on b{} b{i}) ", i + 1)).collect::<String>() + "(on-table b0)";
    let c = bw(&names.join(" "), &init, &other);
    let (_, m) = both(&d, &a, &c);
    // Every tower of twelve blocks is the same up to renaming: equal, with a renaming that
    // reverses the order, while the initial state (all on the table) is symmetric.
    assert_eq!(m.name(), "equal", "{m:?}");
    // A tower and two towers differ.
    let two: String = (0..5).map(|i| format!("(on b{i} b{}) ", i + 1)).collect::<String>()
        + "(on-table b5) "
        + &(6..11).map(|i| format!("(on b{i} b{}) ", i + 1)).collect::<String>()
        + "(on-table b11)";
    let e = bw(&names.join(" "), &init, &two);
    // (Few states enumerated: the invariants decide, the enumeration only tries.)
    let few = Options { state_limit: 2_000, ..semantic() };
    let m = compare_texts(&d, &a, &e, &few).expect("inputs are valid");
    let Verdict::Different { explanation } = &m else { panic!("{m:?}") };
    assert!(explanation.assumption.is_some(), "{explanation:?}");
    assert_eq!(explanation.completion.as_deref(), Some("invariants"));
}

fn gripper(goal: &str) -> String {
    format!(
        "(define (problem p) (:domain gripper) (:objects rooma roomb b1 b2 left right)
           (:init (room rooma) (room roomb) (ball b1) (ball b2) (gripper left) (gripper right)
                  (at-robby rooma) (at b1 rooma) (at b2 rooma) (free left) (free right))
           (:goal (and {goal})))"
    )
}

#[test]
fn gripper_cases() {
    let Some(d) = domain("gripper") else { return };
    // Both balls in room b: both grippers are then free (invariants).
    let (s, m) = both(
        &d,
        &gripper("(at b1 roomb) (at b2 roomb)"),
        &gripper("(at b2 roomb) (free left) (at b1 roomb) (free right)"),
    );
    assert_eq!(s.name(), "different");
    assert_eq!(m.name(), "equal", "{m:?}");
    // Renaming the balls in the goal: the initial state is symmetric in them.
    let (s, m) = both(&d, &gripper("(at b1 roomb)"), &gripper("(at b2 roomb)"));
    assert_eq!(s.name(), "equal", "{s:?}");
    assert_eq!(m.name(), "equal", "{m:?}");
    // "b1 in room b" leaves b2 possibly carried by the left gripper; "and left free" does not.
    let (_, m) = both(&d, &gripper("(at b1 roomb)"), &gripper("(at b1 roomb) (free left)"));
    assert_eq!(m.name(), "different", "{m:?}");
    // The robot's room is not implied by where the balls are.
    let (_, m) =
        both(&d, &gripper("(at b1 roomb) (at b2 roomb)"), &gripper("(at b1 roomb) (at b2 roomb) (at-robby roomb)"));
    assert_eq!(m.name(), "different", "{m:?}");
}

fn floortile(extra_init: &str, goal: &str) -> String {
    format!(
        "(define (problem p) (:domain floor-tile)
           (:objects r - robot t1 t2 t3 - tile white black - color)
           (:init (robot-at r t1) (robot-has r white) (available-color white) (available-color black)
                  (up t2 t1) (up t3 t2) {extra_init})
           (:goal (and {goal})))"
    )
}

#[test]
fn floortile_cases() {
    let Some(d) = domain("floor-tile") else { return };
    // A tile painted from the start stays painted (no action removes paint).
    let (s, m) = both(
        &d,
        &floortile("(painted t3 black)", "(painted t2 white)"),
        &floortile("(painted t3 black)", "(painted t2 white) (painted t3 black)"),
    );
    assert_eq!(s.name(), "different");
    assert_eq!(m.name(), "equal", "{m:?}");
    assert_eq!(m.name(), "equal");
    // The robot may change colour after painting: holding white is not implied.
    let (_, m) =
        both(&d, &floortile("", "(painted t2 white)"), &floortile("", "(painted t2 white) (robot-has r white)"));
    assert_eq!(m.name(), "different", "{m:?}");
    // Painted black versus painted white: different goals.
    let (_, m) = both(&d, &floortile("", "(painted t2 white)"), &floortile("", "(painted t2 black)"));
    assert_eq!(m.name(), "different", "{m:?}");
}
