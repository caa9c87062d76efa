//! The incremental applicable set of `walk` is exactly what a scan over every ground action finds,
//! and its states are those of `Explicit::apply`, at every step of long random walks (including
//! conditional effects) and after a reset.

use domains::explicit::Explicit;
use rand::SeedableRng;
use verifylang::walk::{self, Index};

fn check(name: &str, settings: &[(&str, u32)]) {
    let d = domains::find(name).expect("in the library");
    let s: Vec<(String, u32)> = settings.iter().map(|&(n, v)| (n.to_string(), v)).collect();
    let params = d.params(&s).expect("in range");
    for seed in 0..3 {
        let text = d.generate(&params, seed, "p").expect("generates");
        let task = domains::task(d.pddl, &text).expect("checks");
        let ex = Explicit::new(&task).expect("explicit view");
        let index = Index::new(&ex);
        let mut w = index.walk();
        let mut rng = domains::Rng::seed_from_u64(seed);
        let mut scratch = Vec::new();
        for round in 0..2 {
            let mut state = ex.init.clone();
            for step in 0..300 {
                let bits: Vec<u32> = (0..w.state.len() as u32).filter(|&x| w.state[x as usize]).collect();
                assert_eq!(bits, state, "{name} seed {seed} round {round} step {step}: states differ");
                let mut fast: Vec<u32> = w.applicable().to_vec();
                fast.sort_unstable();
                let scan: Vec<u32> =
                    (0..ex.actions.len() as u32).filter(|&a| ex.applicable(&state, &ex.actions[a as usize])).collect();
                assert_eq!(fast, scan, "{name} seed {seed} round {round} step {step}: applicable sets differ");
                assert!(fast.iter().all(|&a| walk::applicable(&w.state, &ex.actions[a as usize])));
                let Some(a) = w.choose(&mut rng) else { break };
                index.apply(&mut w, &ex.actions[a as usize], &mut scratch);
                state = ex.apply(&state, &ex.actions[a as usize]);
            }
            index.reset(&mut w);
        }
    }
}

#[test]
fn incremental_applicability_matches_a_full_scan() {
    check("heavy-grippers-delete-free", &[("rooms", 3), ("balls", 4), ("heavy", 2), ("grippers", 3)]);
    check("heavy-grippers-well-formed", &[("rooms", 3), ("balls", 4), ("heavy", 2), ("grippers", 3)]);
    check("colors-strips", &[("items", 3), ("colors", 3)]);
    check("colors-well-formed", &[("items", 3), ("colors", 3)]);
    check("lights-out-strips", &[("width", 3), ("height", 2)]);
    check("lights-out-conditional", &[("width", 3), ("height", 2)]);
    check("lights-out-local-well-formed", &[("width", 3), ("height", 3)]);
    check("blocksworld", &[("blocks", 5)]);
    check("gripper", &[]);
}
