//! Benchmark tasks for the evaluation.
//!
//! **AutoPlanBench** (`../shared/benchmarks/autoplanbench/<dataset>`): as paper 003's adapter
//! does (4.1), the description is not read from per-instance files (there are none): it is
//! verbalised from the reference `instances/instance-N.pddl` with the dataset's domain-level NL
//! resources — `nl/domain_description_seed1.json`'s `predicate_mappings` templates and
//! `nl/instance_object_mappings.json`'s object names. The reference is the instance with its
//! objects renamed the same way, so that description and reference agree. The few-shot example
//! is `few_shot/instance-0.pddl`, verbalised likewise (its origin instance, named in
//! `few_shot_mappings.json`, is left out of the targets).
//!
//! **PDDL 2.1 (IPC 2002)**: paper 003's six curated variants come with hand-written
//! descriptions; the corpus has the IPC 2002 numeric and temporal domains
//! (`ipc-numeric`, `ipc-temporal`) but no natural-language text for them, so there is nothing
//! to evaluate on: [`ipc2002_status`] says so.

use crate::pipeline::Task;
use crate::prompts::FewShot;
use crate::sexp::{self, Sexp};
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Paper 003's AutoPlanBench domains (semantically supported, then structurally evaluated).
pub const PAPER_DATASETS: [&str; 6] = ["blocksworld", "gripper", "floortile", "depot", "logistics", "satellite"];

/// One evaluation example.
#[derive(Clone, Debug)]
pub struct Example {
    /// `dataset/instance-N`.
    pub id: String,
    pub dataset: String,
    pub domain_path: PathBuf,
    pub domain_pddl: String,
    /// The reference problem (objects renamed as in the description).
    pub reference: String,
    pub task: Task,
}

/// The NL resources of one dataset.
struct Verbaliser {
    predicates: HashMap<String, String>,
    objects: HashMap<String, HashMap<String, String>>,
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn read_json(path: &Path) -> Result<Value, String> {
    let text = read(path)?;
    serde_json::from_str(&text).map_err(|e| format!("{}:{}: {e}", path.display(), e.line()))
}

impl Verbaliser {
    fn load(dir: &Path) -> Result<Verbaliser, String> {
        let desc = read_json(&dir.join("nl/domain_description_seed1.json"))?;
        let predicates = desc
            .get("predicate_mappings")
            .and_then(Value::as_object)
            .ok_or_else(|| {
                format!("{}: no predicate_mappings", dir.join("nl/domain_description_seed1.json").display())
            })?
            .iter()
            .filter_map(|(k, v)| Some((k.to_ascii_lowercase(), v.as_str()?.to_string())))
            .collect();
        let mappings = dir.join("nl/instance_object_mappings.json");
        let objects = if mappings.exists() {
            let v = read_json(&mappings)?;
            v.as_object()
                .map(|m| {
                    m.iter()
                        .map(|(inst, names)| {
                            let names = names
                                .as_object()
                                .map(|n| {
                                    n.iter()
                                        .filter_map(|(a, b)| Some((a.to_ascii_lowercase(), b.as_str()?.to_string())))
                                        .collect()
                                })
                                .unwrap_or_default();
                            (inst.clone(), names)
                        })
                        .collect()
                })
                .unwrap_or_default()
        } else {
            HashMap::new()
        };
        Ok(Verbaliser { predicates, objects })
    }

    /// An atom in words: the predicate's template with its arguments, else `pred(a, b)`.
    fn atom(&self, a: &Sexp) -> String {
        let items = a.list();
        let Some(name) = a.head() else { return a.text() };
        let args: Vec<String> = items[1..].iter().map(Sexp::text).collect();
        match self.predicates.get(&name) {
            Some(t) if t.matches("{}").count() == args.len() => {
                let mut out = String::new();
                let mut rest = t.as_str();
                for arg in &args {
                    let i = rest.find("{}").unwrap_or(rest.len());
                    out.push_str(&rest[..i]);
                    out.push_str(arg);
                    rest = rest.get(i + 2..).unwrap_or("");
                }
                out.push_str(rest);
                out
            }
            _ if args.is_empty() => name.replace('-', " "),
            _ => format!("{name}({})", args.join(", ")),
        }
    }

    fn literal(&self, l: &Sexp) -> String {
        match l.head().as_deref() {
            Some("not") => format!("it is not the case that {}", self.literal(&l.list()[1])),
            Some("and" | "or" | "forall" | "exists" | "imply" | "=" | ">" | "<" | ">=" | "<=") => l.text(),
            _ => self.atom(l),
        }
    }

    /// The description of `problem` (already renamed).
    fn describe(&self, problem: &Sexp) -> String {
        let objects = problem.section(":objects").map(|s| sexp::typed_names(&s.list()[1..])).unwrap_or_default();
        let mut by_type: Vec<(String, Vec<String>)> = Vec::new();
        for (n, t) in objects {
            match by_type.iter_mut().find(|(ty, _)| *ty == t) {
                Some((_, names)) => names.push(n),
                None => by_type.push((t, vec![n])),
            }
        }
        let mut out = String::from("I have the following objects:");
        for (t, names) in &by_type {
            out.push_str(&format!(
                "\n- {} {}: {}",
                names.len(),
                if names.len() == 1 { t.clone() } else { format!("{t}s") },
                names.join(", ")
            ));
        }
        out.push_str("\n\nInitially:");
        for f in problem.section(":init").map(|s| &s.list()[1..]).unwrap_or(&[]) {
            out.push_str(&format!("\n- {}", self.literal(f)));
        }
        out.push_str("\n\nMy goal is to have that:");
        if let Some(g) = problem.section(":goal").and_then(|s| s.list().get(1)) {
            for c in sexp::conjuncts(g) {
                out.push_str(&format!("\n- {}", self.literal(c)));
            }
        }
        if let Some(m) = problem.section(":metric") {
            out.push_str(&format!(
                "\n\nThe plan should {} {}.",
                m.list().get(1).map(Sexp::text).unwrap_or_default(),
                m.list().get(2).map(Sexp::text).unwrap_or_default()
            ));
        }
        out.push('\n');
        out
    }

    /// `problem` with objects renamed by `instance`'s mapping (as is when it has none).
    fn rename(&self, instance: &str, problem: &Sexp) -> Sexp {
        let Some(names) = self.objects.get(instance) else { return problem.clone() };
        problem.map_atoms(&|a| names.get(&a.to_ascii_lowercase()).cloned().unwrap_or_else(|| a.to_string()))
    }
}

fn instance_number(name: &str) -> Option<u32> {
    name.strip_prefix("instance-")?.strip_suffix(".pddl")?.parse().ok()
}

/// The first `limit` instances (by number) of each dataset, in the order given.
pub fn autoplanbench(root: &Path, datasets: &[String], limit: usize, few_shot: bool) -> Result<Vec<Example>, String> {
    let suite = root.join("autoplanbench");
    let origins = read_json(&suite.join("few_shot_mappings.json")).unwrap_or(Value::Null);
    let mut out = Vec::new();
    for ds in datasets {
        let dir = suite.join(ds);
        if !dir.is_dir() {
            return Err(format!("no AutoPlanBench dataset `{ds}` in {}", suite.display()));
        }
        let domain_path = dir.join("domain.pddl");
        let domain_pddl = read(&domain_path)?;
        let verbaliser = Verbaliser::load(&dir)?;
        let origin = origins.get(ds).and_then(Value::as_str).and_then(|o| o.rsplit('/').next()).map(str::to_string);
        let example = if few_shot {
            let text = read(&dir.join("few_shot/instance-0.pddl"))?;
            let p =
                sexp::parse(&text).map_err(|e| format!("{}: {e}", dir.join("few_shot/instance-0.pddl").display()))?;
            let p = verbaliser.rename(origin.as_deref().unwrap_or("instance-0.pddl"), &p);
            vec![FewShot {
                natural_language_description: verbaliser.describe(&p),
                problem_pddl: sexp::print_problem(&p),
            }]
        } else {
            Vec::new()
        };
        let mut instances: Vec<(u32, String)> = std::fs::read_dir(dir.join("instances"))
            .map_err(|e| format!("cannot list {}: {e}", dir.join("instances").display()))?
            .filter_map(|e| e.ok())
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().to_string();
                Some((instance_number(&name)?, name))
            })
            .filter(|(_, name)| origin.as_deref() != Some(name.as_str()))
            .collect();
        instances.sort();
        for (_, name) in instances.into_iter().take(limit) {
            let path = dir.join("instances").join(&name);
            let text = read(&path)?;
            let p = sexp::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let p = verbaliser.rename(&name, &p);
            let stem = name.trim_end_matches(".pddl");
            let id = format!("{ds}/{stem}");
            out.push(Example {
                id: id.clone(),
                dataset: ds.clone(),
                domain_path: domain_path.clone(),
                domain_pddl: domain_pddl.clone(),
                reference: sexp::print_problem(&p),
                task: Task {
                    id: id.clone(),
                    problem_name_hint: format!("{ds}-{stem}"),
                    description: verbaliser.describe(&p),
                    few_shot: example.clone(),
                },
            });
        }
    }
    Ok(out)
}

/// Why the PDDL 2.1 IPC 2002 domains are not evaluated: the corpus has their PDDL but no
/// natural-language descriptions.
pub fn ipc2002_status(root: &Path) -> String {
    let dirs: Vec<String> = ["ipc-numeric", "ipc-temporal"]
        .iter()
        .flat_map(|suite| {
            std::fs::read_dir(root.join(suite))
                .into_iter()
                .flatten()
                .filter_map(|e| e.ok())
                .map(|e| format!("{suite}/{}", e.file_name().to_string_lossy()))
                .filter(|n| n.contains("02") || n.contains("2002"))
                .collect::<Vec<_>>()
        })
        .collect();
    format!(
        "PDDL 2.1 (IPC 2002): no natural-language descriptions exist in the corpus for {} (paper 003's curated descriptions are not public here), so these domains are not evaluated",
        if dirs.is_empty() { "any IPC 2002 domain".to_string() } else { dirs.join(", ") }
    )
}
