//! The generated C*-RASP programs agree with certplan's validator on every generated example of
//! the delete-free and well-formed domains, with object ids drawn from a large alphabet; the other
//! classes get "not expressible".

use verifylang::crasp::{self, NotExpressible};
use verifylang::{Sampler, Source};

fn agree(name: &str, settings: &[(&str, u32)], problems: u64, pairs: u64) -> usize {
    let d = domains::find(name).expect("in the library");
    let lifted = domains::lifted_domain(d.pddl).expect("checks");
    let program = crasp::verification_program(&lifted).unwrap_or_else(|e| panic!("{name}: {e}"));
    let s: Vec<(String, u32)> = settings.iter().map(|&(n, v)| (n.to_string(), v)).collect();
    let params = d.params(&s).expect("in range");
    let mut n = 0;
    for pseed in 0..problems {
        let src = Source::new(d, &params, pseed).expect("generates");
        let sampler = Sampler::new(&src).expect("explicit view");
        for k in 0..pairs {
            let length = 1 + (k as usize * 7) % 30;
            // A walk may end in an empty state (no positive goal to draw): the datasets skip it too.
            let Ok(pair) = sampler.pair(length, pseed * 1000 + k) else { continue };
            for ex in pair {
                let body = &ex.tokens[..ex.tokens.len() - 2];
                assert_eq!(program.run(body), ex.label == "valid", "{name}: {:?}", ex.tokens);
                n += 1;
            }
        }
    }
    n
}

#[test]
fn programs_agree_with_the_validator_where_the_theory_says_so() {
    let mut total = 0;
    total += agree("heavy-grippers-delete-free", &[("rooms", 3), ("balls", 2), ("heavy", 1), ("grippers", 2)], 3, 12);
    total += agree("heavy-grippers-well-formed", &[("rooms", 3), ("balls", 2), ("heavy", 1), ("grippers", 2)], 3, 12);
    total += agree(
        "heavy-grippers-charged-well-formed",
        &[("rooms", 3), ("balls", 2), ("heavy", 1), ("grippers", 2)],
        3,
        12,
    );
    total += agree("colors-well-formed", &[("items", 2), ("colors", 2), ("marks", 2), ("goals", 1)], 3, 12);
    total += agree("colors-bags-well-formed", &[("bags", 2), ("colors", 2), ("marks", 2)], 3, 12);
    total += agree("lights-out-strips", &[("width", 2), ("height", 2), ("presses", 2)], 3, 12);
    assert!(total >= 6 * 3 * 12 * 2 * 9 / 10, "only {total} examples");
}

#[test]
fn other_classes_are_not_expressible() {
    for (name, why) in [
        ("parity", "conditional effects"),
        ("lights-out-conditional", "conditional effects"),
        ("flip-flop", "Flip-Flop"),
        ("colors-strips", "Flip-Flop"),
        ("colors-bags-strips", "Flip-Flop"),
    ] {
        let lifted = domains::lifted_domain(domains::find(name).expect("library").pddl).expect("checks");
        let Err(NotExpressible(m)) = crasp::verification_program(&lifted) else { panic!("{name}: a program") };
        assert!(m.contains(why), "{name}: {m}");
    }
}

#[test]
fn a_printed_program_names_its_counts() {
    let lifted = domains::lifted_domain(domains::find("colors-bags-well-formed").expect("library").pddl).expect("ok");
    let p = crasp::verification_program(&lifted).expect("well-formed");
    let text = p.to_string();
    assert!(text.contains("#[j < .] match(tok[.-1] = tok[.-1]@j) match(tok[.] = tok[.]@j)"), "{text}");
    assert!(text.contains("Q[add_color] at .-2"), "{text}");
    assert!(p.size() > 20);
}
