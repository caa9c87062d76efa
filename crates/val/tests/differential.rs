//! The differential test: verdicts of this validator against unified-planning's
//! `SequentialPlanValidator` (tests/up_oracle.py), an independent implementation, on corpus
//! reference plans and mutated copies of them (a step dropped, two steps swapped, an argument
//! replaced by another object of the same type, the last step removed).
//!
//! Skipped, loudly, where the corpus or `python3 -c 'import unified_planning'` is missing
//! (`pip install unified-planning==1.3.0`). `CERTPLAN_DIFF_PER_DOMAIN=N` picks N tasks per
//! domain (default 3; `all` for every task). Every disagreement must be explained in
//! `differential_known.tsv` (a bug of the other validator, with the reason), or the test fails.

use corpus::csv_fields;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

/// xorshift64*, seeded per plan so that the mutations are the same on every run.
struct Rng(u64);
impl Rng {
    fn new(seed: &str) -> Rng {
        Rng(seed.bytes().fold(0x9E37_79B9_7F4A_7C15, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01B3)) | 1)
    }
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

type Lines = Vec<(String, Vec<String>)>;

fn text(steps: &Lines) -> String {
    steps
        .iter()
        .map(|(a, args)| format!("({a}{})\n", args.iter().map(|x| format!(" {x}")).collect::<String>()))
        .collect()
}

/// The four mutations of the issue, each where it applies.
fn mutations(task: &model::lifted::Task, steps: &Lines, rng: &mut Rng) -> Vec<(&'static str, Lines)> {
    let mut out = Vec::new();
    if steps.len() >= 2 {
        let mut m = steps.clone();
        m.remove(rng.below(steps.len()));
        out.push(("drop", m));
        let i = rng.below(steps.len());
        let j = (0..steps.len())
            .map(|k| (i + 1 + k + rng.below(steps.len())) % steps.len())
            .find(|&j| steps[j] != steps[i]);
        if let Some(j) = j {
            let mut m = steps.clone();
            m.swap(i, j);
            out.push(("swap", m));
        }
    }
    let with_args: Vec<usize> = (0..steps.len()).filter(|&i| !steps[i].1.is_empty()).collect();
    if !with_args.is_empty() {
        let i = with_args[rng.below(with_args.len())];
        let k = rng.below(steps[i].1.len());
        let d = &task.domain;
        let current = &steps[i].1[k];
        let same_type: Vec<&str> = task
            .objects
            .iter()
            .filter(|o| {
                Some(&o.ty)
                    == task.objects.iter().find(|c| d.name(c.name) == current.to_ascii_lowercase()).map(|c| &c.ty)
            })
            .map(|o| d.name(o.name))
            .filter(|n| *n != current.to_ascii_lowercase())
            .collect();
        if !same_type.is_empty() {
            let mut m = steps.clone();
            m[i].1[k] = same_type[rng.below(same_type.len())].to_string();
            out.push(("replace-arg", m));
        }
    }
    if !steps.is_empty() {
        let mut m = steps.clone();
        m.pop();
        out.push(("drop-last", m));
    }
    out
}

fn up_available() -> bool {
    Command::new("python3")
        .args(["-c", "import unified_planning"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn verdicts_agree_with_unified_planning() {
    let test = "verdicts_agree_with_unified_planning";
    let Some(root) = corpus::require_benchmarks(test) else { return };
    let missing_up = "python3 with unified_planning is missing (pip install unified-planning==1.3.0)";
    if !corpus::require(test, up_available(), missing_up) {
        return;
    }
    let per_domain: usize = match std::env::var("CERTPLAN_DIFF_PER_DOMAIN").as_deref() {
        Ok("all") => usize::MAX,
        Ok(n) => n.parse().unwrap_or(3),
        Err(_) => 3,
    };
    let known: BTreeMap<String, String> = include_str!("differential_known.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_once('\t').map(|(a, b)| (a.to_string(), b.to_string())))
        .collect();

    let index = std::fs::read_to_string(root.join("index.csv")).expect("index.csv");
    let mut lines = index.lines();
    let header = csv_fields(lines.next().expect("header"));
    let col = |name: &str| header.iter().position(|h| h == name).expect("column");
    let (c_suite, c_dom, c_domain, c_problem, c_plan) =
        (col("suite"), col("domain"), col("domain_path"), col("problem_path"), col("reference_plan_path"));
    let tmp = std::env::temp_dir().join(format!("certplan-val-diff-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).expect("temp dir");

    // (plan id, our verdict) per task, and the oracle's manifest lines.
    let mut ours: Vec<Vec<(String, String)>> = Vec::new();
    let mut manifest = String::new();
    let mut taken: BTreeMap<String, usize> = BTreeMap::new();
    for line in lines {
        let f = csv_fields(line);
        let Some(plan_rel) = f.get(c_plan).filter(|p| !p.is_empty()).cloned() else { continue };
        let n = taken.entry(format!("{}/{}", f[c_suite], f[c_dom])).or_default();
        if *n >= per_domain {
            continue;
        }
        *n += 1;
        let read = |rel: &str| std::fs::read_to_string(root.join(rel)).unwrap_or_default();
        let loaded = model::front::Request::new(model::front::Source::path(root.join(&f[c_domain])))
            .problem(model::front::Source::path(root.join(&f[c_problem])))
            .load();
        let Some(task) = loaded.ok().and_then(|l| l.into_task().ok()) else { continue };
        let plan = pddl::parse_plan(&read(&plan_rel), pddl::FileId(2)).value.unwrap_or_default();
        let steps: Lines = plan
            .steps
            .iter()
            .map(|s| (s.action.text.to_string(), s.args.iter().map(|a| a.text.to_string()).collect()))
            .collect();
        let mut rng = Rng::new(&plan_rel);
        let mut variants = vec![("reference", steps.clone())];
        variants.extend(mutations(&task, &steps, &mut rng));
        let mut paths = Vec::new();
        let mut verdicts = Vec::new();
        for (kind, m) in variants {
            let id = format!("{plan_rel}#{kind}");
            let path = tmp.join(format!("{}.plan", id.replace(['/', '#'], "_")));
            let body = text(&m);
            std::fs::write(&path, &body).expect("temp file");
            let parsed = pddl::parse_plan(&body, pddl::FileId(2)).value.unwrap_or_default();
            let v = val::validate(&task, &parsed, val::Options::default());
            let verdict = match v.verdict {
                val::Verdict::Valid => "valid",
                val::Verdict::Invalid | val::Verdict::GoalNotReached => "invalid",
                val::Verdict::Malformed | val::Verdict::Unsupported => "error",
            };
            verdicts.push((id, verdict.to_string()));
            paths.push(path.display().to_string());
        }
        let entry = serde_json::json!({
            "domain": root.join(&f[c_domain]).display().to_string(),
            "problem": root.join(&f[c_problem]).display().to_string(),
            "plans": paths,
        });
        manifest.push_str(&format!("{entry}\n"));
        ours.push(verdicts);
    }

    let oracle = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/up_oracle.py");
    let mut child = Command::new("python3")
        .arg(&oracle)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().expect("piped");
    // A writer thread, so that a full stdout pipe cannot deadlock the two processes.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(manifest.as_bytes());
    });
    let theirs: Vec<serde_json::Value> = BufReader::new(child.stdout.take().expect("piped"))
        .lines()
        .map_while(Result::ok)
        .filter_map(|l| serde_json::from_str(&l).ok())
        .collect();
    let _ = writer.join();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(theirs.first().is_none_or(|v| v.get("fatal").is_none()), "oracle: {:?}", theirs.first());
    assert_eq!(theirs.len(), ours.len(), "the oracle answered {} of {} tasks", theirs.len(), ours.len());

    let (mut compared, mut agreed, mut unreadable, mut up_errors) = (0, 0, 0, 0);
    let mut disagreements = Vec::new();
    let mut by_kind: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for (mine, their) in ours.iter().zip(&theirs) {
        let Some(vs) = their.get("verdicts").and_then(|v| v.as_array()) else {
            unreadable += 1;
            continue;
        };
        for ((id, us), them) in mine.iter().zip(vs) {
            let them = them.as_str().unwrap_or("error");
            if them.starts_with("error") || us == "error" {
                up_errors += 1;
                if us != "error" || !them.starts_with("error") {
                    disagreements.push(format!("{id}\tours {us}, unified-planning {them}"));
                }
                continue;
            }
            compared += 1;
            let kind = id.rsplit('#').next().unwrap_or("").to_string();
            let e = by_kind.entry(kind).or_default();
            e.0 += 1;
            if us == them {
                agreed += 1;
                e.1 += 1;
            } else {
                disagreements.push(format!("{id}\tours {us}, unified-planning {them}"));
            }
        }
    }
    let rate = if compared > 0 { 100.0 * agreed as f64 / compared as f64 } else { 100.0 };
    eprintln!(
        "differential: {} tasks, {compared} plans compared, {agreed} agree ({rate:.2}%); {unreadable} tasks unified-planning cannot read, {up_errors} plans with an error verdict; by mutation (compared, agreed): {by_kind:?}",
        ours.len()
    );
    let unexplained: Vec<&String> =
        disagreements.iter().filter(|d| !known.contains_key(d.split('\t').next().unwrap_or(""))).collect();
    for d in &disagreements {
        eprintln!("  disagreement: {d}");
    }
    let stale: BTreeSet<&String> =
        known.keys().filter(|k| !disagreements.iter().any(|d| d.starts_with(k.as_str()))).collect();
    if !stale.is_empty() && per_domain == usize::MAX {
        eprintln!("known disagreements that no longer occur: {stale:?}");
    }
    assert!(compared > 0 || unreadable > 0, "nothing was compared");
    assert!(
        unexplained.is_empty(),
        "{} unexplained disagreements:\n{}",
        unexplained.len(),
        unexplained.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
}
