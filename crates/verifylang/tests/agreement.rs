//! The counting verifier agrees with certplan's validator on every generated example of the
//! delete-free and well-formed domains, and goes wrong on the STRIPS variant of Colors.

use verifylang::{Sampler, Source, counting, tokens};

fn agree_on(name: &str, settings: &[(&str, u32)], problems: u64, pairs: u64) -> usize {
    let d = domains::find(name).expect("in the library");
    let lifted = domains::lifted_domain(d.pddl).expect("checks");
    let s: Vec<(String, u32)> = settings.iter().map(|&(n, v)| (n.to_string(), v)).collect();
    let params = d.params(&s).expect("in range");
    let mut n = 0;
    for pseed in 0..problems {
        let src = Source::new(d, &params, pseed).expect("generates");
        let sampler = Sampler::new(&src).expect("explicit view");
        for k in 0..pairs {
            let length = 11 + (k as usize * 7) % 50;
            for ex in sampler.pair(length, pseed * 1000 + k).expect("pair") {
                let v = counting::verify(&lifted, &ex.tokens).expect("readable");
                assert_eq!(v.valid, ex.label == "valid", "{name}: {ex:?}");
                if ex.label == "invalid" {
                    assert_eq!(v.failing_step, ex.failing_step, "{name}");
                }
                assert_eq!(ex.tokens.last().map(|t| &**t), Some(counting::answer(&v)));
                n += 1;
            }
        }
    }
    n
}

#[test]
fn counting_agrees_with_the_validator_on_delete_free_and_well_formed_domains() {
    let start = std::time::Instant::now();
    let mut total = 0;
    total +=
        agree_on("heavy-grippers-delete-free", &[("rooms", 3), ("balls", 3), ("heavy", 1), ("grippers", 2)], 5, 100);
    total +=
        agree_on("heavy-grippers-well-formed", &[("rooms", 3), ("balls", 3), ("heavy", 1), ("grippers", 2)], 5, 100);
    total += agree_on("colors-well-formed", &[("items", 3), ("colors", 3), ("marks", 3), ("goals", 2)], 5, 100);
    total += agree_on("lights-out-strips", &[("width", 2), ("height", 2), ("presses", 2)], 5, 100);
    eprintln!("counting verifier agreed with val on {total} examples in {:?}", start.elapsed());
    assert_eq!(total, 4000);
}

#[test]
fn counting_goes_wrong_on_colors_strips() {
    // Paint the same mark twice, wash it once: it is gone (last write wins), but the count is
    // 1 + 1 - 1 = 1, so counting believes the goal holds.
    let d = domains::find("colors-strips").expect("in the library");
    let problem = "(define (problem flip) (:domain colors-strips) (:objects item1 - item color1 - color)
        (:init (hand-empty)) (:goal (painted item1 color1)))";
    let task = domains::task(d.pddl, problem).expect("checks");
    let plan: Vec<String> = [
        "(take-brush color1)",
        "(paint item1 color1)",
        "(paint item1 color1)",
        "(put-brush color1)",
        "(wash item1 color1)",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let parsed = pddl::parse_plan(&plan.join("\n"), pddl::FileId(2)).value.expect("parses");
    let v = val::validate(&task, &parsed, val::Options::default());
    assert_eq!(v.verdict, val::Verdict::GoalNotReached);
    let (toks, _) = tokens::layout(&task, &plan, &["(painted item1 color1)".to_string()], false);
    let counted = counting::verify(&task.domain, &toks).expect("readable");
    assert!(counted.valid, "counting alone calls the plan valid; the validator does not");
    // The well-formed variant forbids the second paint: counting and validator agree there.
    let wf = domains::find("colors-well-formed").expect("in the library");
    let task = domains::task(wf.pddl, &problem.replace("colors-strips", "colors-well-formed")).expect("checks");
    let v = val::validate(&task, &parsed, val::Options::default());
    assert_eq!((v.verdict, v.failure.map(|f| f.step)), (val::Verdict::Invalid, Some(3)));
    let (toks, _) = tokens::layout(&task, &plan, &["(painted item1 color1)".to_string()], false);
    assert_eq!(
        counting::verify(&task.domain, &toks).expect("readable"),
        counting::Verdict { valid: false, failing_step: Some(3) }
    );
}
