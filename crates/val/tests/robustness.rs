//! Never panic on any plan: random plans over every bundled example and test task (random
//! actions, random objects of any type, random arity, random times and durations) get a verdict,
//! and the report serializes. Seeded, so failures reproduce.

use std::path::{Path, PathBuf};

fn tasks() -> Vec<(PathBuf, model::lifted::Task)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pairs = Vec::new();
    for dir in [root.join("../../examples"), root.join("tests/data")] {
        for e in std::fs::read_dir(dir).expect("readable").flatten() {
            let d = e.path();
            for p in std::fs::read_dir(&d).into_iter().flatten().flatten().map(|e| e.path()) {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
                if p.extension().is_some_and(|x| x == "pddl") && name != "domain.pddl" {
                    pairs.push((d.join("domain.pddl"), p));
                }
            }
        }
    }
    pairs.sort();
    pairs
        .into_iter()
        .filter_map(|(d, p)| {
            let loaded = model::front::Request::new(model::front::Source::path(&d))
                .problem(model::front::Source::path(&p))
                .load()
                .ok()?;
            Some((p, loaded.into_task().ok()?))
        })
        .collect()
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

#[test]
fn random_plans_never_panic() {
    let tasks = tasks();
    assert!(tasks.len() >= 20, "only {} tasks", tasks.len());
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut verdicts = std::collections::BTreeMap::new();
    for (path, task) in &tasks {
        let d = &task.domain;
        for round in 0..150 {
            let temporal = d.actions.iter().any(|a| a.is_durative()) && round % 3 != 0;
            let mut text = String::new();
            for i in 0..rng.below(12) {
                let a = &d.actions[rng.below(d.actions.len())];
                let arity = if rng.below(10) == 0 { rng.below(4) } else { a.params().len() };
                let mut args = String::new();
                for k in 0..arity {
                    // A task without objects: any argument is an unknown object.
                    if task.objects.is_empty() {
                        args.push_str(" no-such-object");
                        continue;
                    }
                    // Mostly objects of the right type, so that many plans run for a while.
                    let o = match task
                        .objects_of(
                            &a.params()
                                .get(k)
                                .map_or(model::lifted::TypeSpec(vec![model::lifted::OBJECT]), |p| p.ty.clone()),
                        )
                        .as_slice()
                    {
                        [] => task.objects[rng.below(task.objects.len())].name,
                        objs if rng.below(8) != 0 => task.objects[objs[rng.below(objs.len())].index()].name,
                        _ => task.objects[rng.below(task.objects.len())].name,
                    };
                    args.push(' ');
                    args.push_str(d.name(o));
                }
                if temporal {
                    let t = i as f64 * [0.0, 0.0005, 0.001, 1.0, 2.5][rng.below(5)];
                    let dur = [0.0, 1.0, 2.0, 3.0, 5.0][rng.below(5)];
                    text.push_str(&format!("{t:.4}: ({}{args}) [{dur:.3}]\n", d.name(a.name)));
                } else {
                    text.push_str(&format!("({}{args})\n", d.name(a.name)));
                }
            }
            let plan = pddl::parse_plan(&text, pddl::FileId(2)).value.unwrap_or_default();
            let options = val::Options {
                trace: round % 2 == 0,
                final_state: true,
                tolerance: [0.0, 0.001, 0.01][round % 3],
                strict_epsilon: round % 4 == 1,
                ..val::Options::default()
            };
            let v = val::validate(task, &plan, options);
            serde_json::to_string(&v)
                .unwrap_or_else(|e| panic!("{}: report does not serialize: {e}\n{text}", path.display()));
            let _ = v.to_text();
            *verdicts.entry(format!("{:?}", v.verdict)).or_insert(0usize) += 1;
        }
    }
    eprintln!("random plans: {verdicts:?}");
    // The generator reaches every outcome, or it tests little.
    for want in ["Invalid", "GoalNotReached", "Malformed"] {
        assert!(verdicts.contains_key(want), "no {want} verdict among {verdicts:?}");
    }
}

/// The in-memory API gets steps that no plan file can express: out-of-range ids, NaN and
/// infinite times. Each is a `malformed` verdict, never a panic or a hang.
#[test]
fn odd_steps_from_the_api_are_malformed() {
    use model::lifted::{ActionId, ObjectId};
    let (_, task) =
        tasks().into_iter().find(|(p, _)| p.ends_with("temporal/problem.pddl")).expect("the temporal test task");
    let light =
        task.domain.action_by_name(task.domain.symbols.get("light_match").expect("interned")).expect("light_match");
    let step = |action, args: Vec<ObjectId>, time, duration| val::Step { action, args, time, duration, line: 0 };
    let cases = [
        step(ActionId(999), vec![], Some(0.0), Some(1.0)),
        step(light, vec![ObjectId(9999)], Some(0.0), Some(5.0)),
        step(light, vec![ObjectId(0)], Some(f64::NAN), Some(5.0)),
        step(light, vec![ObjectId(0)], Some(0.0), Some(f64::INFINITY)),
        step(light, vec![ObjectId(0)], None, None),
    ];
    for s in cases {
        let v = val::validate_steps(&task, std::slice::from_ref(&s), val::Options::default());
        assert_eq!(v.verdict, val::Verdict::Malformed, "{s:?}: {}", v.to_text());
    }
    let ok = step(light, vec![ObjectId(0)], Some(0.0), Some(5.0));
    let v = val::validate_steps(&task, &[ok], val::Options::default());
    assert_eq!(v.verdict, val::Verdict::GoalNotReached, "{}", v.to_text());
}
