//! Scale benchmark of `equiv::compare` (issue 13), not run in CI:
//!
//! ```text
//! cargo run --release -p equiv --example equiv_bench -- [--per-bucket 12] [--seed 1]
//!     [--out bench/equiv_results.jsonl] [--semantic-max 100]
//! ```
//!
//! Corpus problems (`../shared/benchmarks/index.csv`) with 10 to 1,000 objects, in four size
//! buckets (10-29, 30-99, 100-299, 300-1000), `--per-bucket` of each, spread over domains. Each is
//! compared with itself under the same names (the anchor: paper 003's identity fast path) and
//! with a random renaming of its problem objects, init facts and goal conjuncts in shuffled
//! order (the search must find the renaming); both must answer "equal". Semantic comparison of
//! the renaming, with the goals completed although the problems are structurally equal (grounding,
//! invariants, enumeration where the invariants do not decide), is timed for problems up to
//! `--semantic-max` objects; its verdict is recorded (`unknown` where the completion is undecided). One JSON line per problem;
//! the medians per bucket are printed at the end.

use model::front::{Request, Source};
use model::lifted::{Arg, Condition, Expr, GroundAtom, ObjectId, Task};
use std::io::Write;
use std::time::Instant;

fn shuffle<T>(v: &mut [T], state: &mut u64) {
    for i in (1..v.len()).rev() {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        v.swap(i, (*state % (i as u64 + 1)) as usize);
    }
}

/// The task with its problem objects renamed (`r0`, `r1`, ... in a random order), the objects
/// listed in another order, init facts and goal conjuncts shuffled. Constants stay.
fn renamed(task: &Task, state: &mut u64) -> Task {
    let mut t = task.clone();
    let constants = task.objects.iter().take_while(|o| o.constant).count();
    let n = task.objects.len();
    // perm[old] = new position.
    let mut order: Vec<usize> = (constants..n).collect();
    shuffle(&mut order, state);
    let mut perm: Vec<u32> = (0..n as u32).collect();
    for (k, &old) in order.iter().enumerate() {
        perm[old] = (constants + k) as u32;
    }
    let mut objects = task.objects.clone();
    for old in constants..n {
        let mut o = task.objects[old].clone();
        o.name = t.domain.symbols.intern(&format!("r{}", perm[old]));
        objects[perm[old] as usize] = o;
    }
    t.objects = objects;
    let map = |o: ObjectId| ObjectId(perm[o.index()]);
    let atom = |a: &GroundAtom| GroundAtom { predicate: a.predicate, args: a.args.iter().map(|&o| map(o)).collect() };
    t.init = task.init.iter().map(atom).collect();
    shuffle(&mut t.init, state);
    for (f, v) in &mut t.init_values {
        f.args = f.args.iter().map(|&o| map(o)).collect();
        if let model::lifted::Value::Object(o) = v {
            *o = map(*o);
        }
    }
    shuffle(&mut t.init_values, state);
    for tl in &mut t.timed_literals {
        tl.atom = atom(&tl.atom);
    }
    t.goal = condition(&task.goal, &map, state);
    if let Some(m) = &mut t.metric {
        m.expr = expr(&m.expr, &map);
    }
    t.constraints = task.constraints.as_ref().map(|c| condition(c, &map, state));
    t
}

fn arg(a: &Arg, map: &dyn Fn(ObjectId) -> ObjectId) -> Arg {
    match a {
        Arg::Object(o) => Arg::Object(map(*o)),
        v => *v,
    }
}

fn condition(c: &Condition, map: &dyn Fn(ObjectId) -> ObjectId, state: &mut u64) -> Condition {
    match c {
        Condition::Atom { positive, atom } => Condition::Atom {
            positive: *positive,
            atom: model::lifted::Atom {
                predicate: atom.predicate,
                args: atom.args.iter().map(|a| arg(a, map)).collect(),
            },
        },
        Condition::Equal { positive, left, right } => {
            Condition::Equal { positive: *positive, left: arg(left, map), right: arg(right, map) }
        }
        Condition::Compare(op, l, r) => Condition::Compare(*op, expr(l, map), expr(r, map)),
        Condition::And(parts) | Condition::Or(parts) => {
            let mut parts: Vec<Condition> = parts.iter().map(|p| condition(p, map, state)).collect();
            shuffle(&mut parts, state);
            if matches!(c, Condition::And(_)) { Condition::And(parts) } else { Condition::Or(parts) }
        }
        Condition::Exists(vs, b) => Condition::Exists(vs.clone(), Box::new(condition(b, map, state))),
        Condition::Forall(vs, b) => Condition::Forall(vs.clone(), Box::new(condition(b, map, state))),
        Condition::Timed(w, b) => Condition::Timed(*w, Box::new(condition(b, map, state))),
        Condition::Preference(n, b) => Condition::Preference(*n, Box::new(condition(b, map, state))),
        Condition::Modal(m, nums, parts) => {
            Condition::Modal(*m, nums.clone(), parts.iter().map(|p| condition(p, map, state)).collect())
        }
        other => other.clone(),
    }
}

fn expr(e: &Expr, map: &dyn Fn(ObjectId) -> ObjectId) -> Expr {
    match e {
        Expr::Fluent(f) => Expr::Fluent(model::lifted::Fluent {
            function: f.function,
            args: f.args.iter().map(|a| arg(a, map)).collect(),
        }),
        Expr::Object(o) => Expr::Object(map(*o)),
        Expr::Binary(op, l, r) => Expr::Binary(*op, Box::new(expr(l, map)), Box::new(expr(r, map))),
        Expr::Negate(x) => Expr::Negate(Box::new(expr(x, map))),
        other => other.clone(),
    }
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 }
}

/// Runs `f` `reps` times, the median time in milliseconds and the last result.
fn timed<T>(reps: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..reps {
        let start = Instant::now();
        last = Some(f());
        times.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    (median(&mut times), last.expect("reps >= 1"))
}

fn main() {
    let mut per_bucket = 12usize;
    let mut seed = 1u64;
    let mut out = String::from("bench/equiv_results.jsonl");
    let mut semantic_max = 100usize;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--per-bucket" => per_bucket = value.parse().expect("--per-bucket N"),
            "--seed" => seed = value.parse().expect("--seed N"),
            "--out" => out = value,
            "--semantic-max" => semantic_max = value.parse().expect("--semantic-max N"),
            other => panic!("unknown argument {other}"),
        }
        i += 2;
    }
    let Some(root) = corpus::root() else {
        eprintln!("no benchmark corpus at ../shared/benchmarks (set CERTPLAN_BENCHMARKS)");
        std::process::exit(2);
    };
    let buckets = [(10usize, 29usize), (30, 99), (100, 299), (300, 1000)];
    let rows = corpus::index(&root);
    let mut file = std::fs::File::create(&out).expect("results file");
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    println!(
        "bucket     n  objects  facts  same-names ms  renamed ms  max renamed ms  dropped-fact ms  named  semantic ms  semantic equal  all equal"
    );
    for (lo, hi) in buckets {
        // Candidates of this size, one domain after another (round robin), in a seeded order.
        let mut cands: Vec<&corpus::Row> = rows
            .iter()
            .filter(|r| {
                r.get("num_objects").and_then(|n| n.parse::<usize>().ok()).is_some_and(|n| (lo..=hi).contains(&n))
            })
            .collect();
        shuffle(&mut cands, &mut state);
        let mut by_domain: std::collections::BTreeMap<&str, Vec<&corpus::Row>> = Default::default();
        for r in cands {
            by_domain.entry(r.domain.as_str()).or_default().push(r);
        }
        let mut picked = Vec::new();
        let mut round = 0;
        while picked.len() < per_bucket * 3 && by_domain.values().any(|v| v.len() > round) {
            for v in by_domain.values() {
                if let Some(r) = v.get(round) {
                    picked.push(*r);
                }
            }
            round += 1;
        }
        let (mut same, mut ren, mut sem, mut objects, mut facts) = (vec![], vec![], vec![], vec![], vec![]);
        let mut all_equal = true;
        let mut sem_equal = 0usize;
        let (mut diff, mut diff_named) = (vec![], 0usize);
        let mut done = 0;
        for r in picked {
            if done == per_bucket {
                break;
            }
            let loaded = Request::new(Source::path(root.join(&r.domain_path)))
                .problem(Source::path(root.join(&r.problem_path)))
                .load();
            let Ok(task) = loaded.map_err(|_| ()).and_then(|l| l.into_task().map_err(|_| ())) else { continue };
            let other = renamed(&task, &mut state);
            let options = equiv::Options::default();
            let (t_same, v_same) = timed(3, || equiv::compare(&task, &task, &options));
            let (t_ren, v_ren) = timed(3, || equiv::compare(&task, &other, &options));
            // One initial fact dropped from the renaming: "different", with the fact named.
            let mut changed = other.clone();
            let dropped =
                (!changed.init.is_empty()).then(|| changed.init.remove((state % changed.init.len() as u64) as usize));
            let (t_diff, v_diff) = timed(1, || equiv::compare(&task, &changed, &options));
            let named = match &v_diff {
                equiv::Verdict::Different { explanation } => {
                    explanation.init_only_a.len() == 1 && explanation.init_only_b.is_empty()
                }
                _ => false,
            };
            if dropped.is_some() {
                diff.push(t_diff);
                diff_named += usize::from(named);
            }
            let equal = v_same.name() == "equal" && v_ren.name() == "equal";
            all_equal &= equal;
            let mut t_sem = None;
            let mut v_sem = None;
            if task.objects.len() <= semantic_max {
                let semantic = equiv::Options { semantic: true, always_complete: true, ..Default::default() };
                let (t, v) = timed(1, || equiv::compare(&task, &other, &semantic));
                t_sem = Some(t);
                v_sem = Some(v.name());
                sem_equal += usize::from(v.name() == "equal");
                assert_ne!(v.name(), "different", "{}: a renaming is never semantically different", r.problem_path);
                sem.push(t);
            }
            let n_facts = task.init.len() + task.init_values.len();
            let line = serde_json::json!({
                "bucket": format!("{lo}-{hi}"), "suite": r.suite, "domain": r.domain, "problem": r.problem_path,
                "objects": task.objects.len(), "init_facts": n_facts,
                "same_names_ms": t_same, "renamed_ms": t_ren, "verdict_same": v_same.name(),
                "verdict_renamed": v_ren.name(), "one_fact_dropped_ms": dropped.as_ref().map(|_| t_diff),
                "verdict_dropped": dropped.as_ref().map(|_| v_diff.name()), "dropped_fact_named": dropped.as_ref().map(|_| named), "semantic_ms": t_sem, "verdict_semantic": v_sem,
            });
            writeln!(file, "{line}").expect("write results");
            same.push(t_same);
            ren.push(t_ren);
            objects.push(task.objects.len() as f64);
            facts.push(n_facts as f64);
            done += 1;
        }
        let max = ren.iter().copied().fold(0.0, f64::max);
        let n_sem = sem.len();
        println!(
            "{:<9} {:>2}  {:>7.0}  {:>5.0}  {:>12.3}  {:>10.3}  {:>14.3}  {:>15.3}  {:>2}/{:<2}  {:>11.1}  {:>8}/{:<5}  {}",
            format!("{lo}-{hi}"),
            same.len(),
            median(&mut objects),
            median(&mut facts),
            median(&mut same),
            median(&mut ren),
            max,
            median(&mut diff),
            diff_named,
            diff.len(),
            median(&mut sem),
            sem_equal,
            n_sem,
            if all_equal { "all" } else { "NOT ALL" }
        );
    }
}
