//! The evaluator's speed-ups change no value: its specialization to the state packing
//! (`Program::specialize`: a filter over a mutex group reads the group's field instead of testing
//! each object's atom, and atom tests read the packed state without the layout) and its
//! memos (a subexpression computed once per state and value of its free variable: where the
//! value and the dead-end test share it, or where a loop would recompute it), and its tables
//! (a subexpression that reads no state, computed at load for every value of its variables). On the
//! first IPC 2023 test tasks of every domain, packed with their mutex groups as the planner packs
//! them, the fast and the plain program (`Program::unshared`, not specialized) agree on every state
//! of random walks.

use dheur::compile::Specialized;
use search::state::SearchTask;
use search::successor::SuccessorGenerator;

#[test]
fn specialized_programs_agree_with_plain_ones_on_random_walks() {
    let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/ipc2023-test");
    if !corpus::require("specialized_programs_agree_with_plain_ones", base.is_dir(), "../shared/ipc2023-test is absent")
    {
        return;
    }
    let mut specialized = std::collections::BTreeMap::new();
    let mut memoized = std::collections::BTreeMap::new();
    let mut tabulated = std::collections::BTreeMap::new();
    for def in dheur::definitions() {
        let name = def.name.as_str();
        let domain = std::fs::read_to_string(base.join(name).join("domain.pddl")).unwrap();
        for i in 1..=3 {
            let f = base.join(name).join(format!("easy/p{i:02}.pddl"));
            let task = domains::task(&domain, &std::fs::read_to_string(&f).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let g0 = ground::ground(&task, ground::GroundOptions { deadline: None }).unwrap().task.unwrap();
            // Both packings the planner chooses between: the proved invariants' groups, and h2's
            // (after h2's pruning), the only ones that say where each car is in ferry.
            for packing in ["invariants", "h2"] {
                let mut g = g0.clone();
                if packing == "h2" {
                    ground::prune::h2(&mut g, None);
                } else {
                    g.mutex_groups = ground::invariants::mutex_groups(&g);
                }
                let st = SearchTask::new(&g).with_lifted(&task);
                let plain = dheur::certify(name, &st).unwrap_or_else(|r| panic!("{}: {r}", f.display())).unshared();
                let mut fast = dheur::certify(name, &st).unwrap();
                memoized.insert(name, fast.memoized());
                tabulated.insert(name, fast.static_tables());
                *specialized.entry(name).or_insert_with(Specialized::default) += fast.specialize(&st.layout);
                let (mut e1, mut e2) = (plain.env(), fast.env());
                let succ = SuccessorGenerator::new(&st);
                let (mut ops, mut next) = (Vec::new(), Vec::new());
                let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ i as u64;
                for walk in 0..20 {
                    let mut s = st.initial_state();
                    for step in 0..100 {
                        let (a, b) = (plain.evaluate(&s, &st.layout, &mut e1), fast.evaluate(&s, &st.layout, &mut e2));
                        assert_eq!(a, b, "{}, {packing} packing: walk {walk}, step {step}", f.display());
                        ops.clear();
                        succ.applicable(&s, &mut ops);
                        ops.retain(|&o| st.negative_ok(o as usize, &s));
                        if ops.is_empty() {
                            break;
                        }
                        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        st.apply(ops[(rng >> 33) as usize % ops.len()] as usize, &s, &mut next);
                        std::mem::swap(&mut s, &mut next);
                    }
                }
            }
        }
    }
    // The walks mean something only where the specialization applies: where a man, a truck, the
    // ferry, a robot or a box is (mutex groups of three or more atoms, packed as fields).
    for name in ["spanner", "transport", "ferry", "sokoban", "floortile", "rovers"] {
        assert!(specialized.get(name).is_some_and(|s| s.fields > 0), "{name}: no field read: {specialized:?}");
    }
    // And the buckets where a loop over locations asks which cars or packages are at each.
    for name in ["transport", "ferry"] {
        assert!(specialized.get(name).is_some_and(|s| s.inverses > 0), "{name}: no buckets: {specialized:?}");
    }
    // And every heuristic tests atoms through probes of the packed state.
    for def in dheur::definitions() {
        assert!(specialized.get(def.name.as_str()).is_some_and(|s| s.probes > 0), "{}: no probes", def.name);
    }
    // And the memos: blocksworld asks "must x move" of each block of a goal tower, in a loop over
    // the blocks above it, and "is this tower misplaced" in its count and again in its detours;
    // satellite asks "some unmet image needs mode ?m" per instrument in three terms.
    assert!(memoized.get("blocksworld").is_some_and(|&m| m >= 2), "blocksworld: {memoized:?}");
    assert!(memoized.get("satellite").is_some_and(|&m| m >= 1), "satellite: {memoized:?}");
    // And the tables filled at load: rovers asks, per unmet goal and state, for the waypoint
    // nearest to a rover's sample or image from which it can talk to the lander.
    assert!(tabulated.get("rovers").is_some_and(|&m| m >= 1), "rovers: {tabulated:?}");
    eprintln!("{specialized:?}\n{memoized:?}\n{tabulated:?}");
}
