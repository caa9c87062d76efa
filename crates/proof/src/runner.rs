//! Running the installed provers: `coqc` for Coq modules and proof files, `lean` where it exists.
//! A prover that is not on the PATH is reported as [`Run::Missing`], never as a pass.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The outcome of one prover run.
#[derive(Debug)]
pub enum Run {
    /// The program is not on the PATH: the check was skipped.
    Missing(&'static str),
    /// It ran; `ok` is its exit status being 0; `output` is stdout and stderr.
    Done { ok: bool, output: String, seconds: f64 },
    /// It ran past the time limit and was killed.
    TimedOut { seconds: f64 },
}

impl Run {
    pub fn ok(&self) -> bool {
        matches!(self, Run::Done { ok: true, .. })
    }
    pub fn output(&self) -> &str {
        match self {
            Run::Done { output, .. } => output,
            _ => "",
        }
    }
}

/// The full path of `program` if it is on the PATH.
pub fn which(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(program)).find(|p| p.is_file())
}

/// Runs `program args` in `dir` with a wall-clock limit.
pub fn run(program: &'static str, args: &[&str], dir: &Path, limit: Duration) -> Run {
    let Some(exe) = which(program) else { return Run::Missing(program) };
    let start = Instant::now();
    let child = Command::new(exe).args(args).current_dir(dir).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return Run::Done { ok: false, output: format!("cannot start {program}: {e}"), seconds: 0.0 },
    };
    // Read both pipes on threads so a chatty prover cannot fill a pipe and stall.
    let mut out_pipe = child.stdout.take();
    let mut err_pipe = child.stderr.take();
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = out_pipe.as_mut() {
            let _ = std::io::Read::read_to_string(p, &mut s);
        }
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = err_pipe.as_mut() {
            let _ = std::io::Read::read_to_string(p, &mut s);
        }
        s
    });
    let status = loop {
        match child.try_wait() {
            Ok(Some(st)) => break Some(st),
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(_) => break None,
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let mut output = out_t.join().unwrap_or_default();
    output.push_str(&err_t.join().unwrap_or_default());
    match status {
        Some(st) => Run::Done { ok: st.success(), output, seconds },
        None => Run::TimedOut { seconds },
    }
}

/// Compiles Coq files in `dir` in order, with `dir` bound to `library`. Stops at the first
/// failure and returns every run so far.
pub fn coqc_all(dir: &Path, library: &str, files: &[&str], limit: Duration) -> Vec<(String, Run)> {
    let mut runs = Vec::new();
    for f in files {
        let r = run("coqc", &["-Q", ".", library, f], dir, limit);
        let stop = !r.ok();
        runs.push((f.to_string(), r));
        if stop {
            break;
        }
    }
    runs
}

/// Whether a `Print Assumptions` report says the theorem uses no axiom at all.
pub fn coq_closed(output: &str) -> bool {
    output.contains("Closed under the global context")
}

/// The axioms Lean's `#print axioms` may list for an honest proof (Lean's standard axioms).
pub const LEAN_STANDARD_AXIOMS: &[&str] = &["propext", "Classical.choice", "Quot.sound"];

/// Whether a `#print axioms` report lists nothing beyond the standard axioms.
pub fn lean_axioms_ok(output: &str) -> bool {
    if output.contains("does not depend on any axioms") {
        return true;
    }
    let Some(i) = output.find("depends on axioms:") else { return false };
    let list = &output[i + "depends on axioms:".len()..];
    let list = list.split(']').next().unwrap_or("").trim().trim_start_matches('[');
    list.split(',').map(str::trim).filter(|a| !a.is_empty()).all(|a| LEAN_STANDARD_AXIOMS.contains(&a))
}

/// The result of rebuilding a proof file from scratch with its generated modules.
#[derive(Debug)]
pub enum Rebuild {
    /// The prover is not installed: nothing was checked.
    Skipped(String),
    /// The prover rejected a file (or timed out).
    Failed(String),
    /// It compiled, but the axiom report is not clean.
    Axioms(String),
    /// It compiled and the theorem depends on no axiom (Coq) or only the standard ones (Lean).
    Clean { seconds: f64 },
}

/// A fresh, empty directory under the system temp dir.
fn scratch_dir() -> std::io::Result<PathBuf> {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!("certplan-proof-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// Rebuilds `user` (a proof file) from scratch in a fresh directory next to copies of the
/// generated `modules` (name, text) and asks for the axiom report of `theorem`. Paper 000's
/// fourth check: no incremental state, no leftovers, the standalone checker.
pub fn rebuild(
    backend: crate::Backend,
    modules: &[(String, String)],
    user: &str,
    theorem: &str,
    limit: Duration,
) -> Rebuild {
    let prog = match backend {
        crate::Backend::Coq => "coqc",
        crate::Backend::Lean => "lean",
    };
    if which(prog).is_none() {
        return Rebuild::Skipped(format!("`{prog}` is not on the PATH: the rebuild and the axiom report were SKIPPED"));
    }
    let dir = match scratch_dir() {
        Ok(d) => d,
        Err(e) => return Rebuild::Failed(format!("cannot create a scratch directory: {e}")),
    };
    let result = match backend {
        crate::Backend::Coq => rebuild_coq(&dir, modules, user, theorem, limit),
        crate::Backend::Lean => rebuild_lean(&dir, modules, user, theorem, limit),
    };
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn rebuild_coq(dir: &Path, modules: &[(String, String)], user: &str, theorem: &str, limit: Duration) -> Rebuild {
    let mut files: Vec<String> = Vec::new();
    for (name, text) in modules {
        let f = format!("{name}.v");
        if let Err(e) = std::fs::write(dir.join(&f), text) {
            return Rebuild::Failed(format!("cannot write {f}: {e}"));
        }
        files.push(f);
    }
    let check = format!("From {} Require Import Candidate.\nPrint Assumptions {theorem}.\n", crate::COQ_LIBRARY);
    for (f, text) in [("Candidate.v", user), ("AuditCheck.v", check.as_str())] {
        if let Err(e) = std::fs::write(dir.join(f), text) {
            return Rebuild::Failed(format!("cannot write {f}: {e}"));
        }
        files.push(f.to_string());
    }
    let refs: Vec<&str> = files.iter().map(String::as_str).collect();
    let runs = coqc_all(dir, crate::COQ_LIBRARY, &refs, limit);
    let seconds = runs.iter().map(|(_, r)| if let Run::Done { seconds, .. } = r { *seconds } else { 0.0 }).sum();
    match runs.last() {
        Some((f, r)) if !r.ok() || runs.len() < files.len() => {
            Rebuild::Failed(format!("coqc rejected {f}:\n{}", r.output()))
        }
        Some((_, r)) if coq_closed(r.output()) => Rebuild::Clean { seconds },
        Some((_, r)) => Rebuild::Axioms(r.output().to_string()),
        None => Rebuild::Failed("nothing was compiled".into()),
    }
}

fn rebuild_lean(dir: &Path, modules: &[(String, String)], user: &str, theorem: &str, limit: Duration) -> Rebuild {
    // One self-contained file: the generated modules, then the candidate, with the imports of the
    // generated modules dropped (they are inlined above), then the axiom report.
    let names: Vec<&str> = modules.iter().map(|(n, _)| n.as_str()).collect();
    let keep = |line: &&str| {
        let t = line.trim();
        !(t.starts_with("import ") && names.contains(&t["import ".len()..].trim()))
    };
    let mut all = String::new();
    for (_, text) in modules {
        all.extend(text.lines().filter(keep).map(|l| format!("{l}\n")));
    }
    all.extend(user.lines().filter(keep).map(|l| format!("{l}\n")));
    all.push_str(&format!("\n#print axioms {theorem}\n"));
    if let Err(e) = std::fs::write(dir.join("Audit.lean"), all) {
        return Rebuild::Failed(format!("cannot write Audit.lean: {e}"));
    }
    match run("lean", &["Audit.lean"], dir, limit) {
        Run::Done { ok: true, output, seconds } if lean_axioms_ok(&output) => Rebuild::Clean { seconds },
        Run::Done { ok: true, output, .. } => Rebuild::Axioms(output),
        Run::Done { output, .. } => Rebuild::Failed(format!("lean rejected the file:\n{output}")),
        Run::TimedOut { seconds } => Rebuild::Failed(format!("lean ran past the limit ({seconds:.0} s)")),
        Run::Missing(p) => Rebuild::Skipped(format!("`{p}` is not on the PATH")),
    }
}
