//! Proof export for certplan (paper 000): a PDDL domain and its problems as Lean 4 or Coq
//! modules, certified plan checks, helper lemmas, the plan bridge and the proof auditor.
//!
//! The pipeline is [`convert`] (once, backend-neutral, from the lifted model) then a printer
//! ([`lean`] or [`coq`]). The conversion is the trusted part: the proof assistant checks proofs
//! *about* the generated definitions, so a wrong definition would make a correct-looking proof
//! worthless. Keep it small, follow the paper, and test it against coqc.
//!
//! Nothing here panics on input: unsupported PDDL becomes a diagnostic (codes E08xx), a bad plan
//! term an error message.

pub mod audit;
pub mod bridge;
pub mod codes;
pub mod convert;
pub mod coq;
pub mod lean;
pub mod names;
pub mod render;
pub mod runner;
mod syntax;

use convert::{DomainIr, ProblemIr};
use model::lifted;
use pddl::{Diagnostic, FileId};

/// The proof assistant a module is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Lean,
    Coq,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Lean => "lean",
            Backend::Coq => "coq",
        }
    }
    pub fn extension(self) -> &'static str {
        match self {
            Backend::Lean => "lean",
            Backend::Coq => "v",
        }
    }
}

/// The logical library name of exported Coq modules (`-Q DIR Certplan`).
pub const COQ_LIBRARY: &str = "Certplan";

/// One problem to export, with an optional plan to certify.
pub struct ProblemInput<'a> {
    pub task: &'a lifted::Task,
    pub file: FileId,
    pub plan: Option<(&'a pddl::Plan, FileId)>,
}

/// One output file, by path relative to the output directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutFile {
    pub path: String,
    pub text: String,
}

/// The conversion of a domain and its problems, with each problem's plan (if any) mapped through
/// the object map.
pub struct Converted {
    pub domain: DomainIr,
    pub problems: Vec<(ProblemIr, Option<Vec<bridge::GroundAction>>)>,
}

/// Converts a domain and problems, collecting every diagnostic.
pub fn convert_all(
    domain: &lifted::Domain,
    domain_file: FileId,
    problems: &[ProblemInput],
) -> Result<Converted, Vec<Diagnostic>> {
    let d = convert::convert_domain(domain, domain_file)?;
    let mut diags = Vec::new();
    let mut out = Vec::new();
    let mut modules = std::collections::BTreeSet::new();
    modules.insert(d.module.clone());
    for pi in problems {
        match convert::convert_problem(&d, pi.task, pi.file) {
            Ok(mut p) => {
                // Two problems with one module name (`p-01`, `p_01`) would overwrite each other.
                let base = p.module.clone();
                let mut n = 1;
                while !modules.insert(p.module.clone()) {
                    n += 1;
                    p.module = format!("{base}{n}");
                }
                let plan = match pi.plan {
                    Some((plan, file)) => match bridge::from_pddl(&d, &p, plan, file) {
                        Ok(g) => Some(g),
                        Err(e) => {
                            diags.extend(e);
                            None
                        }
                    },
                    None => None,
                };
                out.push((p, plan));
            }
            Err(e) => diags.extend(e),
        }
    }
    if diags.is_empty() { Ok(Converted { domain: d, problems: out }) } else { Err(diags) }
}

/// Every file of an export, in a fixed order with fixed contents: the same input gives the same
/// bytes.
pub fn export(backend: Backend, c: &Converted) -> Vec<OutFile> {
    let d = &c.domain;
    let mut files = Vec::new();
    let ext = backend.extension();
    match backend {
        Backend::Coq => {
            let m = coq::domain_module(d);
            files.push(OutFile { path: format!("{}.v", m.name), text: m.text });
        }
        Backend::Lean => {
            let m = lean::domain_module(d);
            files.push(OutFile { path: format!("{}.lean", m.name), text: m.text });
        }
    }
    let mut project = format!("-Q . {COQ_LIBRARY}\n{}.v\n", d.module);
    for (p, plan) in &c.problems {
        let term = plan.as_ref().map(|g| bridge::to_term(d, g, backend));
        let (path, m) = match backend {
            Backend::Coq => {
                let m = coq::problem_module(d, p, term.as_deref(), COQ_LIBRARY);
                project.push_str(&format!("{}.v\n", m.name));
                (format!("{}.v", m.name), m)
            }
            Backend::Lean => {
                let m = lean::problem_module(d, p, term.as_deref());
                (format!("{}/{}.lean", d.module, m.name), m)
            }
        };
        files.push(OutFile { path, text: m.text });
        files.push(OutFile {
            path: format!("{}.objects.json", p.module),
            text: render::object_map_json(d, p, backend.name()),
        });
    }
    match backend {
        Backend::Coq => {
            files.push(OutFile { path: "_CoqProject".into(), text: project });
            files.push(OutFile {
                path: format!("solveComplete.expected.{ext}"),
                text: coq::solve_complete_statement().into(),
            });
        }
        Backend::Lean => {
            files.push(OutFile { path: "lakefile.toml".into(), text: lean::lakefile(d) });
            files.push(OutFile {
                path: format!("solveComplete.expected.{ext}"),
                text: lean::solve_complete_statement().into(),
            });
        }
    }
    files
}
