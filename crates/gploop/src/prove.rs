//! The proof loops for `solveComplete` (paper 000, "Proving completeness").
//!
//! The candidate file is always the accepted `solve` file followed by the model's proof part, so
//! the model never restates (or changes) `solve`. Acceptance is the same in both modes: the static
//! audit of `gp::proofs::audit` (no `Admitted`, no axioms, the statement verbatim, no redefined
//! generated names, nothing that changes parsing) and then a rebuild from scratch with coqc whose
//! `Print Assumptions solveComplete` is closed.
//!
//! The iterative mode keeps the generated modules compiled in one scratch directory and compiles
//! `accepted prefix + declaration` for each addition, so an error always belongs to the
//! declaration being added.

use crate::decls::{self, Decl};
use crate::{Domain, LoopError, ask, clip, prompts};
use llm::{Message, Session};
use proof::runner::{self, Run};
use serde::Serialize;
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Which loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Basic,
    Iterative,
}

/// Settings of the proof loops.
pub struct Options {
    /// Basic mode: debug iterations after the first proof (paper 000: 6).
    pub max_debug: u32,
    /// Iterative mode: stop once one declaration failed this many times in a row (paper 000: 6).
    pub max_failures: u32,
    /// Iterative mode: a cap on all interactions, so that a sketch with endless declarations ends.
    pub max_interactions: u32,
    /// For one coqc run (a declaration check, the rebuild).
    pub limit: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options { max_debug: 6, max_failures: 6, max_interactions: 100, limit: Duration::from_secs(300) }
    }
}

/// How a proof loop ended.
#[derive(Debug, Serialize)]
pub struct ProofResult {
    pub mode: Mode,
    /// The accepted proof file (solve and proof), audited and rebuilt clean.
    pub proof: Option<String>,
    /// The last candidate file.
    pub last: Option<String>,
    /// LLM interactions, the first request included.
    pub interactions: u32,
    /// Declarations of the last candidate's proof part.
    pub declarations: usize,
    /// Iterative mode: the most failures in a row of one declaration (paper 000's "Decl.").
    pub max_declaration_failures: u32,
    /// Why it was not accepted, when it was not.
    pub reason: Option<String>,
    /// The feedback of each rejected candidate or declaration, in order.
    pub feedback: Vec<String>,
    pub seconds: f64,
}

impl ProofResult {
    fn new(mode: Mode) -> ProofResult {
        ProofResult {
            mode,
            proof: None,
            last: None,
            interactions: 0,
            declarations: 0,
            max_declaration_failures: 0,
            reason: None,
            feedback: Vec::new(),
            seconds: 0.0,
        }
    }
}

/// The solve file and a proof part as one file.
pub fn compose(solve: &str, part: &str) -> String {
    format!("{}\n\n(** * Completeness *)\n\n{}", solve.trim_end(), part)
}

/// Bindings in `part` of a name the solve file declares. The solve file's names are not among
/// the generated names `gp::proofs::audit` protects, and a proof part that binds `solve` again
/// (`Module M. Definition solve ... End M. Import M.`) would prove the statement of another
/// `solve` than the one that was run and validated.
pub fn solve_redefinitions(solve: &str, part: &str) -> Vec<String> {
    let names = proof::audit::declared_names(proof::Backend::Coq, solve);
    proof::audit::audit(proof::Backend::Coq, part, proof::coq::solve_complete_statement(), &names)
        .into_iter()
        .filter(|v| v.rule == "no-redefinition")
        .map(|v| format!("line {}: [{}] {} (a name of the generalized plan)", v.line, v.rule, v.message))
        .collect()
}

/// Audit, then (only when the audit is clean) the rebuild from scratch: `Ok(())` when accepted,
/// else the feedback text. `solve` and `part` are the two halves of `file` ([`compose`]).
pub fn check_candidate(d: &Domain, solve: &str, part: &str) -> Result<(), String> {
    let file = &compose(solve, part);
    let redefined = solve_redefinitions(solve, part);
    if !redefined.is_empty() {
        return Err(format!("{}\nREJECTED\n", redefined.join("\n")));
    }
    let static_only = gp::proofs::audit(&d.ir, &d.spec, file, false);
    if !static_only.violations.is_empty() {
        return Err(static_only.to_text());
    }
    let full = gp::proofs::audit(&d.ir, &d.spec, file, true);
    if full.accepted() { Ok(()) } else { Err(full.to_text()) }
}

/// The basic mode: whole proofs, repaired whole.
pub fn basic(session: &mut Session, d: &Domain, solve: &str, options: &Options) -> Result<ProofResult, LoopError> {
    require_coqc()?;
    let start = Instant::now();
    let mut out = ProofResult::new(Mode::Basic);
    let mut messages = vec![Message::system(prompts::SYSTEM), Message::user(prompts::prove_basic(d, solve))];
    for _ in 0..=options.max_debug {
        let reply = ask(session, "gp-prove", &messages)?;
        out.interactions += 1;
        let Some(reply) = reply else {
            out.feedback.push("no reply from the model".into());
            continue;
        };
        let part = prompts::code(&reply);
        let file = compose(solve, &part);
        out.declarations = decls::split(&part).len();
        out.last = Some(file.clone());
        match check_candidate(d, solve, &part) {
            Ok(()) => {
                out.proof = Some(file);
                break;
            }
            Err(feedback) => {
                let feedback = clip(&feedback, 6000);
                out.feedback.push(feedback.clone());
                messages.push(Message::assistant(reply));
                messages.push(Message::user(prompts::repair_basic(&feedback)));
            }
        }
    }
    if out.proof.is_none() {
        out.reason = Some(format!("no accepted proof after {} interactions", out.interactions));
    }
    out.seconds = start.elapsed().as_secs_f64();
    Ok(out)
}

fn require_coqc() -> Result<(), LoopError> {
    match runner::which("coqc") {
        Some(_) => Ok(()),
        None => Err(LoopError::Tool("`coqc` is not on the PATH (install it: apt-get install -y coq)".into())),
    }
}

/// A scratch directory with the generated modules compiled once, where candidate prefixes are
/// compiled; removed when dropped.
struct Workspace {
    dir: PathBuf,
    limit: Duration,
}

impl Workspace {
    fn new(d: &Domain, limit: Duration) -> Result<Workspace, LoopError> {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |t| t.as_nanos());
        let dir = std::env::temp_dir().join(format!("certplan-gploop-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| LoopError::Tool(format!("cannot create {}: {e}", dir.display())))?;
        let ws = Workspace { dir, limit };
        let mut files = Vec::new();
        for (name, text) in d.modules() {
            let f = format!("{name}.v");
            std::fs::write(ws.dir.join(&f), text).map_err(|e| LoopError::Tool(format!("cannot write {f}: {e}")))?;
            files.push(f);
        }
        let refs: Vec<&str> = files.iter().map(String::as_str).collect();
        for (f, r) in runner::coqc_all(&ws.dir, proof::COQ_LIBRARY, &refs, limit) {
            if !r.ok() {
                return Err(LoopError::Tool(format!("the generated module {f} does not compile:\n{}", r.output())));
            }
        }
        Ok(ws)
    }

    /// Compiles `text` as a fresh module: coqc's message when it is rejected.
    fn compile(&self, text: &str) -> Result<(), String> {
        let f = "Candidate.v";
        std::fs::write(self.dir.join(f), text).map_err(|e| format!("cannot write {f}: {e}"))?;
        match runner::run("coqc", &["-Q", ".", proof::COQ_LIBRARY, f], &self.dir, self.limit) {
            r @ Run::Done { .. } if r.ok() => Ok(()),
            Run::TimedOut { seconds } => Err(format!("coqc ran past the limit ({seconds:.0} s)")),
            other => Err(format!("coqc rejected it:\n{}", other.output().trim_end())),
        }
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The static checks that apply to one declaration: the audit of the prefix plus it, without
/// the complaints that only the finished file can settle (the theorem not yet there, unproven
/// lemmas of the sketch), with line numbers relative to the declaration.
fn local_audit(d: &Domain, solve: &str, prefix: &str, decl: &Decl) -> Result<(), String> {
    let redefined = solve_redefinitions(solve, &decl.text);
    if !redefined.is_empty() {
        return Err(format!("the auditor rejects it:\n{}", redefined.join("\n")));
    }
    let text = format!("{prefix}\n{}", decl.text);
    let offset = prefix.lines().count() as u32 + 1;
    let v = gp::proofs::audit(&d.ir, &d.spec, &text, false);
    let found: Vec<String> = v
        .violations
        .iter()
        .filter(|(rule, line, _)| !(rule == "expected-statement" && *line == 0) && rule != "no-admit")
        .map(|(rule, line, m)| format!("line {}: [{rule}] {m}", line.saturating_sub(offset).max(1)))
        .collect();
    if found.is_empty() { Ok(()) } else { Err(format!("the auditor rejects it:\n{}", found.join("\n"))) }
}

/// The iterative mode: a sketch, declarations added one at a time and repaired locally, then the
/// lemmas the sketch left unproven proved one at a time.
pub fn iterative(session: &mut Session, d: &Domain, solve: &str, options: &Options) -> Result<ProofResult, LoopError> {
    require_coqc()?;
    let start = Instant::now();
    let ws = Workspace::new(d, options.limit)?;
    let mut out = ProofResult::new(Mode::Iterative);
    let sketch_messages = [Message::system(prompts::SYSTEM), Message::user(prompts::prove_sketch(d, solve))];
    let reply = ask(session, "gp-sketch", &sketch_messages)?;
    out.interactions += 1;
    let mut queue: std::collections::VecDeque<Decl> =
        reply.map(|r| decls::split(&prompts::code(&r))).unwrap_or_default().into();
    let mut accepted: Vec<Decl> = Vec::new();
    let mut failures: HashMap<String, u32> = HashMap::new();
    let prefix = |accepted: &[Decl]| compose(solve, &decls::join(accepted));
    let mut stopped: Option<String> = None;
    if queue.is_empty() {
        stopped = Some("the sketch holds no declaration".into());
    }

    // Pass 1: the sketch, declaration by declaration; a rejected one is replaced by the repair's
    // declarations (the model may add what it needs before it).
    while stopped.is_none() {
        let Some(decl) = queue.pop_front() else { break };
        let pre = prefix(&accepted);
        let verdict = local_audit(d, solve, &pre, &decl).and_then(|()| ws.compile(&format!("{pre}\n{}", decl.text)));
        let error = match verdict {
            Ok(()) => {
                failures.insert(decl.name.clone(), 0);
                accepted.push(decl);
                continue;
            }
            Err(e) => clip(&e, 6000),
        };
        stopped = count_failure(&mut out, &mut failures, &decl.name, &error, options);
        if stopped.is_some() {
            break;
        }
        let request = prompts::repair_declaration(&pre, &decl.text, &error);
        let new = ask_decls(session, "gp-repair", request, &mut out)?;
        match new.last() {
            // No usable reply: the same declaration again (and it fails again, counted).
            None => queue.push_front(decl),
            Some(last) => {
                // Renamed in the repair: the count of failures in a row follows the declaration.
                if last.name != decl.name {
                    let n = failures.get(&decl.name).copied().unwrap_or(0);
                    failures.insert(last.name.clone(), n);
                }
                for x in new.into_iter().rev() {
                    queue.push_front(x);
                }
            }
        }
    }

    // Pass 2: the lemmas the sketch left unproven, in order, each replaced by a proved version
    // with the same statement (and helpers before it).
    let mut i = 0;
    while stopped.is_none() && i < accepted.len() {
        if !accepted[i].unproven() {
            i += 1;
            continue;
        }
        let target = accepted[i].clone();
        let pre = prefix(&accepted[..i]);
        let mut request = prompts::prove_lemma(&pre, &target.text);
        loop {
            if out.interactions >= options.max_interactions {
                stopped = Some(format!("the limit of {} interactions was reached", options.max_interactions));
                break;
            }
            let new = ask_decls(session, "gp-lemma", request.clone(), &mut out)?;
            match check_replacement(d, &ws, solve, &pre, &target, &new) {
                Ok(()) => {
                    failures.insert(target.name.clone(), 0);
                    let len = new.len();
                    accepted.splice(i..=i, new);
                    i += len;
                    break;
                }
                Err(e) => {
                    let e = clip(&e, 6000);
                    stopped = count_failure(&mut out, &mut failures, &target.name, &e, options);
                    if stopped.is_some() {
                        break;
                    }
                    let shown = if new.is_empty() { target.text.clone() } else { decls::join(&new) };
                    request = prompts::repair_declaration(&pre, &shown, &e);
                }
            }
        }
    }

    let part = decls::join(&accepted);
    let file = compose(solve, &part);
    out.declarations = accepted.len();
    out.last = Some(file.clone());
    if stopped.is_none() {
        match check_candidate(d, solve, &part) {
            Ok(()) => out.proof = Some(file),
            Err(e) => {
                out.feedback.push(format!("final check: {}", clip(&e, 6000)));
                stopped = Some("the assembled proof was rejected by the final audit and rebuild".into());
            }
        }
    }
    out.reason = stopped;
    out.seconds = start.elapsed().as_secs_f64();
    Ok(out)
}

/// Whether `new` may replace the unproven `target`: its last declaration has the target's name and
/// statement, nothing in it is unproven, and prefix + `new` passes the local audit and compiles.
fn check_replacement(
    d: &Domain,
    ws: &Workspace,
    solve: &str,
    pre: &str,
    target: &Decl,
    new: &[Decl],
) -> Result<(), String> {
    let Some(last) = new.last() else { return Err("the reply holds no Coq declaration".into()) };
    if last.name != target.name {
        return Err(format!("the reply must end with the lemma `{}` (it ends with `{}`)", target.name, last.name));
    }
    if last.statement() != target.statement() {
        return Err(format!("the statement of `{}` was changed; keep it exactly as it is", target.name));
    }
    if let Some(u) = new.iter().find(|x| x.unproven()) {
        return Err(format!("`{}` is still unproven (Admitted/admit)", u.name));
    }
    let mut text = pre.to_string();
    for x in new {
        local_audit(d, solve, &text, x)?;
        text.push('\n');
        text.push_str(&x.text);
    }
    ws.compile(&text)
}

/// Records a failure of declaration `name`; the reason to stop, when this was one failure in a
/// row too many or the interaction cap is reached.
fn count_failure(
    out: &mut ProofResult,
    failures: &mut HashMap<String, u32>,
    name: &str,
    error: &str,
    options: &Options,
) -> Option<String> {
    let n = failures.entry(name.to_string()).or_insert(0);
    *n += 1;
    out.max_declaration_failures = out.max_declaration_failures.max(*n);
    out.feedback.push(format!("{name}: {error}"));
    if *n >= options.max_failures {
        Some(format!("`{name}` failed {n} times in a row"))
    } else if out.interactions >= options.max_interactions {
        Some(format!("the limit of {} interactions was reached", options.max_interactions))
    } else {
        None
    }
}

/// One request with a fresh conversation (the accepted code is in the request); the reply's
/// declarations (none when there was no usable reply).
fn ask_decls(
    session: &mut Session,
    label: &str,
    request: String,
    out: &mut ProofResult,
) -> Result<Vec<Decl>, LoopError> {
    let messages = [Message::system(prompts::SYSTEM), Message::user(request)];
    let reply = ask(session, label, &messages)?;
    out.interactions += 1;
    Ok(reply.map(|r| decls::split(&prompts::code(&r))).unwrap_or_default())
}
