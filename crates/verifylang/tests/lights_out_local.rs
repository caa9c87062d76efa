//! `lights-out-local-well-formed` (the public code's Lights Out, paper 002) as a dataset domain:
//! every example's problem and plan texts parse, certplan's validator gives the example's label
//! on them, a Lights Out simulation written from the rules (press a button: it and its neighbours
//! toggle; the action's name must spell their current values) agrees, and so does the counting
//! verifier on the tokens (the domain is well-formed); datasets are the same under the same seed.

use std::collections::{BTreeSet, HashSet};
use verifylang::dataset::{self, Spec, SplitSpec};
use verifylang::{Example, Sampler, Source, counting};

const NAME: &str = "lights-out-local-well-formed";

/// The lights a press on button `b` toggles on a `w`-wide, `h`-high board, row-major.
fn around(b: usize, w: usize, h: usize) -> Vec<usize> {
    let (r, c) = (b / w, b % w);
    let mut v = vec![b];
    v.extend((r > 0).then(|| b - w));
    v.extend((c > 0).then(|| b - 1));
    v.extend((c + 1 < w).then_some(b + 1));
    v.extend((r + 1 < h).then_some(b + w));
    v
}

/// `button_R_C` to its index.
fn button(name: &str, w: usize) -> usize {
    let (r, c) = name.strip_prefix("button_").and_then(|x| x.split_once('_')).expect("button_R_C");
    r.parse::<usize>().expect("row") * w + c.parse::<usize>().expect("column")
}

/// `(pred a b)` groups of a text, as word lists.
fn groups(text: &str) -> Vec<Vec<&str>> {
    text.split('(').filter_map(|g| g.split(')').next()).map(|g| g.split_whitespace().collect()).collect()
}

/// The verdict of the rules: `(valid, failing step)`.
fn simulate(ex: &Example, w: usize, h: usize) -> (bool, Option<usize>) {
    let (head, goal) = ex.problem.split_once("(:goal").expect("a goal");
    let init = head.split_once("(:init").expect("an init").1;
    let mut on = vec![false; w * h];
    for g in groups(init) {
        if g.first() == Some(&"light_on") {
            on[button(g[1], w)] = true;
        }
    }
    for (i, step) in ex.plan.iter().enumerate() {
        let g = &groups(step)[1];
        let spelling = g[0].strip_prefix("press_").expect("a press");
        let lights: Vec<usize> = g[1..].iter().map(|b| button(b, w)).collect();
        // The schema's static facts pin its arguments to a button and its neighbours.
        assert_eq!(lights, around(lights[0], w, h), "{step}");
        let now: String = lights.iter().map(|&l| if on[l] { 't' } else { 'f' }).collect();
        if now != spelling {
            return (false, Some(i + 1));
        }
        for l in lights {
            on[l] = !on[l];
        }
    }
    let reached = groups(goal).iter().filter(|g| g.len() == 2).all(|g| match g[0] {
        "light_on" => on[button(g[1], w)],
        "light_out" => !on[button(g[1], w)],
        other => panic!("goal fact `{other}`"),
    });
    (reached, None)
}

#[test]
fn labels_agree_with_the_validator_the_rules_and_counting() {
    let d = domains::find(NAME).expect("in the library");
    let lifted = domains::lifted_domain(d.pddl).expect("checks");
    let mut kinds = std::collections::BTreeMap::new();
    let mut n = 0;
    for (w, h, problems, pairs) in [(5usize, 5usize, 2u64, 20u64), (3, 3, 2, 30), (4, 1, 2, 15), (2, 2, 2, 10)] {
        let s = vec![("width".to_string(), w as u32), ("height".to_string(), h as u32), ("presses".to_string(), 4)];
        let params = d.params(&s).expect("in range");
        for pseed in 0..problems {
            let src = Source::new(d, &params, pseed).expect("generates");
            let sampler = Sampler::new(&src).expect("explicit view");
            for k in 0..pairs {
                let length = 1 + (k as usize * 13) % 60;
                // Each example's texts are parsed with the domain (41 kB): the test's main cost.
                for ex in sampler.pair(length, pseed * 1000 + k).expect("a pair") {
                    // The texts parse, and the validator's verdict on them is the label.
                    let task = domains::task(d.pddl, &ex.problem).unwrap_or_else(|e| panic!("{e}\n{}", ex.problem));
                    let plan = pddl::parse_plan(&ex.plan.join("\n"), pddl::FileId(2)).value.expect("plan parses");
                    let v = val::validate(&task, &plan, val::Options::default());
                    let kind = match v.verdict {
                        val::Verdict::Valid => None,
                        val::Verdict::Invalid => Some("not-executable"),
                        val::Verdict::GoalNotReached => Some("goal-not-reached"),
                        other => panic!("{other:?}"),
                    };
                    assert_eq!(kind.is_none(), ex.label == "valid", "{ex:?}");
                    assert_eq!(kind, ex.kind.as_deref(), "{ex:?}");
                    assert_eq!(v.failure.map(|f| f.step), ex.failing_step, "{ex:?}");
                    // The rules of the game say the same.
                    assert_eq!(simulate(&ex, w, h), (ex.label == "valid", ex.failing_step), "{w}x{h}: {ex:?}");
                    // Counting is exact here (well-formed), failing step included.
                    let c = counting::verify(&lifted, &ex.tokens).expect("readable");
                    assert_eq!((c.valid, c.failing_step), (ex.label == "valid", ex.failing_step), "{ex:?}");
                    assert_eq!(ex.length, length);
                    assert_eq!(ex.objects, w * h);
                    *kinds.entry(ex.kind.clone().unwrap_or_else(|| "valid".into())).or_insert(0) += 1;
                    n += 1;
                }
            }
        }
    }
    eprintln!("{n} examples: {kinds:?}");
    assert_eq!(n, 2 * (2 * 20 + 2 * 30 + 2 * 15 + 2 * 10));
    // Both kinds of invalid plan occur, about as often as valid ones in all.
    assert_eq!(kinds["valid"], n / 2);
    assert!(kinds["not-executable"] > n / 10 && kinds["goal-not-reached"] > n / 10, "{kinds:?}");
}

fn lines(spec: &Spec, split: &SplitSpec) -> Vec<String> {
    let mut out = Vec::new();
    dataset::build(spec, split, 1, |e| -> Result<(), String> {
        out.push(serde_json::to_string(&e).map_err(|e| e.to_string())?);
        Ok(())
    })
    .expect("builds");
    out
}

#[test]
fn datasets_are_the_same_under_a_seed_with_quotas_and_an_id_alphabet() {
    let domain = domains::find(NAME).expect("in the library");
    let spec = Spec {
        domain,
        seed: 7,
        count: 0,
        pairs_per_problem: 3,
        settings: vec![("presses".into(), 5)],
        jobs: 1,
        per_length: Some(4),
        id_alphabet: Some(269),
    };
    // Boards of 2 to 12 buttons: the object range scales width and height.
    let split = SplitSpec { name: "test", lengths: (11, 16), objects: Some((2, 12)) };
    let a = lines(&spec, &split);
    assert_eq!(a, lines(&Spec { jobs: 3, ..spec.clone() }, &split), "the thread count changes nothing");
    assert_eq!(a.len(), 6 * 4);
    let other = lines(&Spec { seed: 8, ..spec.clone() }, &split);
    assert_ne!(a, other, "the seed matters");
    let mut per_length = std::collections::BTreeMap::new();
    let mut ids = BTreeSet::new();
    let mut boards = HashSet::new();
    for l in &a {
        let v: serde_json::Value = serde_json::from_str(l).expect("json");
        *per_length.entry(v["length"].as_u64().expect("length")).or_insert(0) += 1;
        let objects = v["objects"].as_u64().expect("objects");
        assert!((2..=12).contains(&objects), "{objects}");
        boards.insert(objects);
        for t in v["tokens"].as_array().expect("tokens") {
            if let Ok(n) = t.as_str().expect("a string").parse::<usize>() {
                assert!(n < 269);
                ids.insert(n);
            }
        }
    }
    assert_eq!(per_length.values().copied().collect::<Vec<_>>(), vec![4; 6], "{per_length:?}");
    assert!(ids.len() > 30, "ids drawn from the whole alphabet, not 0..objects: {ids:?}");
    assert!(boards.len() > 1, "more than one board size: {boards:?}");
}

#[test]
fn the_crasp_program_agrees_on_a_small_board() {
    // The program holds a count term per schema effect for every precondition of every schema
    // (62 schemas): large, and the reference interpreter is slow on it, so a few short plans.
    let d = domains::find(NAME).expect("in the library");
    let lifted = domains::lifted_domain(d.pddl).expect("checks");
    let program = verifylang::crasp::verification_program(&lifted).expect("well-formed: a program");
    let params = d.params(&[("width".into(), 2), ("height".into(), 2)]).expect("in range");
    let src = Source::new(d, &params, 1).expect("generates");
    let sampler = Sampler::new(&src).expect("explicit view");
    let mut n = 0;
    for k in 0..6u64 {
        for ex in sampler.pair(1 + k as usize, k).expect("a pair") {
            let body = &ex.tokens[..ex.tokens.len() - 2];
            assert_eq!(program.run(body), ex.label == "valid", "{:?}", ex.tokens);
            n += 1;
        }
    }
    assert_eq!(n, 12);
}
