//! `lights-out-local-well-formed`, the public code's Lights Out (paper 002): every press schema
//! does what its name spells, the ground actions are the public code's (one per button and
//! configuration of the lights it toggles), exactly one press per button applies in any state and
//! it toggles the button and its neighbours, and a problem has the same scramble as the other
//! Lights Out variants for the same parameters and seed.

use domains::explicit::Explicit;
use model::lifted::{Arg, Condition, Literal};
use std::collections::BTreeSet;

const NAME: &str = "lights-out-local-well-formed";

fn task(settings: &[(&str, u32)], seed: u64, domain: &str) -> (model::lifted::Task, String) {
    let d = domains::find(domain).expect("in the library");
    let s: Vec<(String, u32)> = settings.iter().map(|&(n, v)| (n.to_string(), v)).collect();
    let text = d.generate(&d.params(&s).expect("in range"), seed, "p").expect("generates");
    (domains::task(d.pddl, &text).unwrap_or_else(|e| panic!("{e}\n{text}")), text)
}

#[test]
fn every_schema_does_what_its_name_spells() {
    let d = domains::lifted_domain(domains::find(NAME).expect("in the library").pddl).expect("checks");
    let pred = |i: usize| d.name(d.predicates[i].name).to_string();
    let mut names = BTreeSet::new();
    for a in &d.actions {
        let name = d.name(a.name);
        let spelling = name.strip_prefix("press_").unwrap_or_else(|| panic!("{name}"));
        assert!(!spelling.is_empty() && spelling.chars().all(|c| c == 't' || c == 'f'), "{name}");
        let k = spelling.len();
        assert_eq!(a.parameters, k, "{name}: one parameter per light it toggles");
        names.insert(spelling.to_string());
        // Parameter 0 is the button, parameter i its i-th neighbour: (name, args) of each literal.
        let lit = |c: &Condition| -> (bool, String, Vec<usize>) {
            let Condition::Atom { positive, atom } = c else { panic!("{name}: a literal, not {c:?}") };
            let args = atom.args.iter().map(|x| if let Arg::Var(v) = x { v.index() } else { panic!("{name}") });
            (*positive, pred(atom.predicate.index()), args.collect())
        };
        let pre: BTreeSet<(bool, String, Vec<usize>)> =
            a.precondition.literals().expect("a conjunction").into_iter().map(lit).collect();
        let mut expect = BTreeSet::from([(true, format!("degree_{}", k - 1), vec![0])]);
        expect.extend((1..k).map(|i| (true, format!("neighbour_{i}"), vec![0, i])));
        let mut effects = BTreeSet::new();
        for (i, c) in spelling.chars().enumerate() {
            let (is, isnt) = if c == 't' { ("light_on", "light_out") } else { ("light_out", "light_on") };
            expect.insert((true, is.to_string(), vec![i]));
            expect.insert((false, isnt.to_string(), vec![i]));
            effects.insert((true, isnt.to_string(), vec![i]));
            effects.insert((false, is.to_string(), vec![i]));
        }
        assert_eq!(pre, expect, "{name}: precondition");
        let got: BTreeSet<(bool, String, Vec<usize>)> = a
            .effects
            .iter()
            .map(|e| {
                assert_eq!(e.condition, Condition::True, "{name}: unconditional");
                let (add, at) = match &e.literal {
                    Literal::Add(at) => (true, at),
                    Literal::Delete(at) => (false, at),
                    Literal::Assign(..) => panic!("{name}: numeric"),
                };
                let args = at.args.iter().map(|x| if let Arg::Var(v) = x { v.index() } else { panic!("{name}") });
                (add, pred(at.predicate.index()), args.collect())
            })
            .collect();
        assert_eq!(got, effects, "{name}: effects");
    }
    // Every spelling of 1 to 5 lights, once: 2 + 4 + 8 + 16 + 32.
    assert_eq!(names.len(), 62);
    assert_eq!(d.actions.len(), 62);
}

/// The lights a press on `b` toggles on a `w` x `h` board: itself, then its neighbours row-major.
fn around(b: usize, w: usize, h: usize) -> Vec<usize> {
    let (r, c) = (b / w, b % w);
    let mut v = vec![b];
    if r > 0 {
        v.push(b - w);
    }
    if c > 0 {
        v.push(b - 1);
    }
    if c + 1 < w {
        v.push(b + 1);
    }
    if r + 1 < h {
        v.push(b + w);
    }
    v
}

#[test]
fn ground_presses_are_the_public_codes_and_toggle_the_neighbourhood() {
    for (w, h) in [(5usize, 5usize), (3, 2), (1, 3), (1, 1), (4, 1)] {
        let (task, _) = task(&[("width", w as u32), ("height", h as u32), ("presses", 7)], 3, NAME);
        let ex = Explicit::new(&task).expect("explicit view");
        // One ground press per button and configuration of the lights it toggles (the public
        // code's 5x5 domain file has 4 * 8 + 12 * 16 + 9 * 32 = 512 actions).
        let expected: usize = (0..w * h).map(|b| 1 << around(b, w, h).len()).sum();
        assert_eq!(ex.actions.len(), expected, "{w}x{h}");
        if (w, h) == (5, 5) {
            assert_eq!(expected, 512);
        }
        let button = |o: model::lifted::ObjectId| -> usize {
            let n = task.domain.name(task.objects[o.index()].name).to_string();
            let (r, c) = n.strip_prefix("button_").and_then(|x| x.split_once('_')).expect("button_R_C");
            r.parse::<usize>().expect("row") * w + c.parse::<usize>().expect("column")
        };
        for a in &ex.actions {
            let cells: Vec<usize> = a.args.iter().map(|&o| button(o)).collect();
            assert_eq!(cells, around(cells[0], w, h), "{w}x{h}: {}", ex.action_text(a));
        }
        // From the scrambled initial state, along a random walk: exactly one press per button
        // applies, and it toggles the button and its neighbours, nothing else.
        let lit = |s: &[u32]| -> Vec<bool> {
            let mut v = vec![false; w * h];
            for &x in s {
                let (p, args) = &ex.atoms[x as usize];
                if task.domain.name(task.domain.predicates[p.index()].name) == "light_on" {
                    v[button(args[0])] = true;
                }
            }
            v
        };
        let mut state = ex.init.clone();
        for step in 0..40 {
            let before = lit(&state);
            let applicable: Vec<&domains::explicit::GroundAction> =
                ex.actions.iter().filter(|a| ex.applicable(&state, a)).collect();
            let mut pressed: Vec<usize> = applicable.iter().map(|a| button(a.args[0])).collect();
            pressed.sort_unstable();
            assert_eq!(pressed, (0..w * h).collect::<Vec<_>>(), "{w}x{h} step {step}: one press per button");
            let a = applicable[(step * 7 + 3) % applicable.len()];
            state = ex.apply(&state, a);
            let mut after = before.clone();
            for n in around(button(a.args[0]), w, h) {
                after[n] = !after[n];
            }
            assert_eq!(lit(&state), after, "{w}x{h} step {step}: {}", ex.action_text(a));
            // Every light is exactly one of on and out.
            assert_eq!(state.len(), w * h, "{w}x{h} step {step}");
        }
    }
}

#[test]
fn the_scramble_is_the_other_lights_out_variants() {
    for seed in 0..5 {
        let settings = [("width", 4), ("height", 3), ("presses", 6)];
        let (_, local) = task(&settings, seed, NAME);
        let (_, strips) = task(&settings, seed, "lights-out-strips");
        let on = |text: &str, pred: &str| -> Vec<String> {
            text.lines().filter(|l| l.trim_start().starts_with(pred)).map(|l| l.trim().to_string()).collect()
        };
        let local_on: Vec<String> =
            on(&local, "(light_on ").iter().map(|l| l.replace("(light_on button_", "")).collect();
        // lights-out-strips names cell-X-Y; this domain button_ROW_COL.
        let strips_on: Vec<String> = on(&strips, "(lit ")
            .iter()
            .map(|l| {
                let xy = l.trim_start_matches("(lit cell-").trim_end_matches(')');
                let (x, y) = xy.split_once('-').expect("cell-X-Y");
                format!("{y}_{x})")
            })
            .collect();
        assert_eq!(local_on, strips_on, "seed {seed}");
    }
}
