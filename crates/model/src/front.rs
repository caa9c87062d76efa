//! The front door from PDDL text to a checked task: one call reads the files (with limits),
//! parses them, runs [`check`](crate::check) and hands back everything a caller needs, with
//! every diagnostic and its span.
//!
//! ```no_run
//! use model::front::{Request, Source};
//! let loaded = Request::new(Source::path("domain.pddl"))
//!     .problem_with_plans(Source::path("p01.pddl"), vec![Source::path("p01.plan")])
//!     .load()
//!     .expect("the paths are readable");
//! if loaded.has_errors() {
//!     eprint!("{}", loaded.render(false));
//! } else if let Some(task) = loaded.task() {
//!     // ground, search, validate ...
//! #   let _ = task;
//! }
//! ```
//!
//! Every command of the `certplan` binary and every test that starts from PDDL text comes in
//! here, so that reading, parsing, the order of checking and the filtering of diagnostics are
//! decided once. What the caller decides is only how to show the result.
//!
//! Rules, in order:
//! - Every path is opened before anything is parsed, so a typo in the last path is reported at
//!   once. A path that cannot be opened or read is an [`Unreadable`] error value, not a
//!   diagnostic (the CLI's exit status 2).
//! - A file over [`MAX_FILE_BYTES`] (E0013) or one that is binary data (E0015) gets exactly one
//!   diagnostic and is not parsed. Text that is not UTF-8 is decoded lossily and reported (E0001),
//!   and the rest of the file is still parsed.
//! - The semantic check of a problem runs only when the domain and that problem parsed without
//!   errors (checking a broken tree only produces cascades); likewise for each plan.
//! - Domain and problem are checked once, and each plan with them, keeping only that plan's own
//!   diagnostics, so that a malformed plan does not take the task away (one well-formed plan is
//!   checked in the same call as its problem).
//! - With several problems, the domain's diagnostics are taken from the first problem's check
//!   only, so each is reported once.

use crate::{CheckOptions, Checked, Input, Summary, codes};
use pddl::ast;
use pddl::diagnostic::codes as syntax;
use pddl::{Diagnostic, FileId, Plan, SourceMap, Span};
use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest file read. Far above any IPC benchmark (the largest are a few MiB), low enough
/// that a wrong path (a disk image, a log) is refused before it is read into memory.
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// How many leading bytes decide whether a file is text (as git and grep look at the head).
const SNIFF_BYTES: usize = 8192;

/// One input: a file to read, or text already in memory with the name diagnostics show for it.
#[derive(Clone, Debug)]
pub enum Source {
    Path(PathBuf),
    Text { name: String, text: String },
}

impl Source {
    pub fn path(path: impl Into<PathBuf>) -> Source {
        Source::Path(path.into())
    }
    pub fn text(name: impl Into<String>, text: impl Into<String>) -> Source {
        Source::Text { name: name.into(), text: text.into() }
    }
    /// The name diagnostics show: the path as given, or the text's name.
    pub fn name(&self) -> String {
        match self {
            Source::Path(p) => p.display().to_string(),
            Source::Text { name, .. } => name.clone(),
        }
    }
}

/// A path that could not be opened or read: not a defect of the input's content but of the
/// invocation or the file system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The path as given.
    pub path: String,
    /// The operating system's reason.
    pub reason: String,
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "cannot read `{}`: {}", self.path, self.reason)
    }
}

impl std::error::Error for Unreadable {}

/// What to load: a domain, problems of it, and for each problem its plans. Built with
/// [`Request::new`], [`Request::problem`] / [`Request::problem_with_plans`] and the options,
/// then [`Request::load`].
#[derive(Clone, Debug)]
pub struct Request {
    domain: Source,
    problems: Vec<(Source, Vec<Source>)>,
    options: CheckOptions,
    tolerate_unreadable_plans: bool,
    syntax_only: bool,
}

impl Request {
    pub fn new(domain: Source) -> Request {
        Request {
            domain,
            problems: Vec::new(),
            options: CheckOptions::default(),
            tolerate_unreadable_plans: false,
            syntax_only: false,
        }
    }
    /// Adds a problem without plans.
    pub fn problem(self, problem: Source) -> Request {
        self.problem_with_plans(problem, Vec::new())
    }
    /// Adds a problem and plans for it.
    pub fn problem_with_plans(mut self, problem: Source, plans: Vec<Source>) -> Request {
        self.problems.push((problem, plans));
        self
    }
    pub fn options(mut self, options: CheckOptions) -> Request {
        self.options = options;
        self
    }
    /// An unreadable plan path becomes [`PlanInput::unreadable`] instead of failing the whole
    /// load, so that a caller validating many plans can report the others.
    pub fn tolerate_unreadable_plans(mut self) -> Request {
        self.tolerate_unreadable_plans = true;
        self
    }
    /// Reads and parses only, without the semantic check (no `checked`, no task): for measuring
    /// the parser, and for tools that only need the syntax trees.
    pub fn syntax_only(mut self) -> Request {
        self.syntax_only = true;
        self
    }
    /// Reads, parses and checks. `Err` only for a path that cannot be read.
    pub fn load(self) -> Result<Loaded, Unreadable> {
        load(self)
    }
}

/// A plan file (or text) and what became of it.
#[derive(Debug)]
pub struct PlanInput {
    /// Where it is in the source map; `None` when the path could not be read.
    pub file: Option<FileId>,
    /// The plan as parsed (also with recovered errors); `None` when it could not be read or
    /// parsed at all.
    pub plan: Option<Plan>,
    /// Set only under [`Request::tolerate_unreadable_plans`].
    pub unreadable: Option<Unreadable>,
}

/// A problem file (or text) and what became of it.
#[derive(Debug)]
pub struct ProblemInput {
    pub file: FileId,
    /// The problem as parsed; `None` when it was not text or could not be parsed at all.
    pub problem: Option<ast::Problem>,
    /// The semantic check of domain and problem, when both parsed without errors (its summary
    /// counts the plan's steps when there is exactly one plan). Its `diagnostics` are moved into
    /// [`Loaded::diagnostics`].
    pub checked: Option<Checked>,
    pub plans: Vec<PlanInput>,
}

/// Everything loaded: the files, all diagnostics, the syntax trees and the checked task(s).
#[derive(Debug)]
pub struct Loaded {
    pub sources: SourceMap,
    /// Every diagnostic of every file, sorted by file and position, each once.
    pub diagnostics: Vec<Diagnostic>,
    pub domain_file: FileId,
    pub domain: Option<ast::Domain>,
    /// The check of the domain alone, when no problem was given.
    pub domain_checked: Option<Checked>,
    pub problems: Vec<ProblemInput>,
}

/// Reads, parses and checks what `request` names. See the module documentation for the rules.
pub fn load(request: Request) -> Result<Loaded, Unreadable> {
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();

    // Every path is opened before anything is parsed.
    let domain_text = read_source(&request.domain, &mut sources, &mut diagnostics)?;
    let mut problem_texts = Vec::with_capacity(request.problems.len());
    for (problem, plans) in &request.problems {
        let p = read_source(problem, &mut sources, &mut diagnostics)?;
        let mut plan_texts = Vec::with_capacity(plans.len());
        for plan in plans {
            match read_source(plan, &mut sources, &mut diagnostics) {
                Ok(t) => plan_texts.push(Ok(t)),
                Err(e) if request.tolerate_unreadable_plans => plan_texts.push(Err(e)),
                Err(e) => return Err(e),
            }
        }
        problem_texts.push((p, plan_texts));
    }

    let domain_file = domain_text.file;
    let domain = parse(&sources, domain_text, pddl::parse_domain, &mut diagnostics);
    let domain_clean = domain.is_some() && !has_errors_in(&diagnostics, domain_file);
    let mut problems = Vec::with_capacity(problem_texts.len());
    for (p, plan_texts) in problem_texts {
        let file = p.file;
        let problem = parse(&sources, p, pddl::parse_problem, &mut diagnostics);
        let plans = plan_texts
            .into_iter()
            .map(|t| match t {
                Ok(t) => PlanInput {
                    file: Some(t.file),
                    plan: parse(&sources, t, pddl::parse_plan, &mut diagnostics),
                    unreadable: None,
                },
                Err(e) => PlanInput { file: None, plan: None, unreadable: Some(e) },
            })
            .collect();
        problems.push(ProblemInput { file, problem, checked: None, plans });
    }

    let mut domain_checked = None;
    if let (Some(d), true) = (&domain, domain_clean && !request.syntax_only) {
        let input = Input { domain: (d, domain_file), problem: None, plan: None };
        if problems.is_empty() {
            let mut c = crate::check(input, request.options);
            diagnostics.append(&mut c.diagnostics);
            domain_checked = Some(c);
        }
        for (i, p) in problems.iter_mut().enumerate() {
            let Some(problem) = p.problem.as_ref().filter(|_| !has_errors_in(&diagnostics, p.file)) else { continue };
            let with_problem = Input { problem: Some((problem, p.file)), ..input };
            // The common case, one well-formed plan, takes one check with the plan; a plan with
            // errors of its own is checked again without it, so that its errors do not take the
            // task away.
            let single = match p.plans.as_slice() {
                [only] => clean_plan(only, &diagnostics),
                _ => None,
            };
            let mut plan_diagnostics = Vec::new();
            let mut c = match single {
                Some((pl, file)) => {
                    let mut c = crate::check(Input { plan: Some((pl, file)), ..with_problem }, request.options);
                    if c.diagnostics.iter().any(|d| d.file == file && d.is_error()) {
                        plan_diagnostics.extend(c.diagnostics.drain(..).filter(|d| d.file == file));
                        let steps = c.summary.plan_steps;
                        c = crate::check(with_problem, request.options);
                        c.summary.plan_steps = steps;
                    }
                    c
                }
                None => crate::check(with_problem, request.options),
            };
            // The domain's own diagnostics, once: from the first problem's check.
            let keep = |d: &Diagnostic| i == 0 || d.file != domain_file;
            let mut found: Vec<Diagnostic> = c.diagnostics.drain(..).filter(keep).collect();
            found.append(&mut plan_diagnostics);
            // Several plans: each is checked with domain and problem, keeping its own diagnostics.
            for plan in p.plans.iter().filter(|_| p.plans.len() > 1) {
                let Some((pl, file)) = clean_plan(plan, &diagnostics) else { continue };
                let checked = crate::check(Input { plan: Some((pl, file)), ..with_problem }, request.options);
                found.extend(checked.diagnostics.into_iter().filter(|d| d.file == file));
            }
            if let [only] = p.plans.as_slice() {
                c.summary.plan_steps = only.plan.as_ref().map(|pl| pl.steps.len());
            }
            diagnostics.append(&mut found);
            p.checked = Some(c);
        }
    }
    pddl::diagnostic::sort(&mut diagnostics);
    Ok(Loaded { sources, diagnostics, domain_file, domain, domain_checked, problems })
}

/// Checks a domain and a problem given as text (named `domain.pddl` and `problem.pddl` in
/// diagnostics): the in-memory door for generators and tests. Text cannot be unreadable.
pub fn load_text(domain: &str, problem: Option<&str>) -> Loaded {
    let mut request = Request::new(Source::text("domain.pddl", domain));
    if let Some(p) = problem {
        request = request.problem(Source::text("problem.pddl", p));
    }
    // Text sources are never opened, so there is nothing that could be unreadable.
    match request.load() {
        Ok(l) => l,
        Err(e) => unreachable!("text sources are not read from disk: {e}"),
    }
}

impl Loaded {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }
    pub fn warnings(&self) -> usize {
        self.diagnostics.len() - self.errors()
    }
    /// The diagnostics of one file (a plan's own, for a per-plan report).
    pub fn diagnostics_in(&self, file: FileId) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(move |d| d.file == file)
    }
    /// The check of the first problem, or of the domain alone when there is no problem.
    pub fn checked(&self) -> Option<&Checked> {
        match self.problems.first() {
            Some(p) => p.checked.as_ref(),
            None => self.domain_checked.as_ref(),
        }
    }
    /// The first problem's lifted task: present when domain and problem have no errors and no
    /// unsupported constructs (see [`Checked::task`]); errors in a plan do not take it away.
    pub fn task(&self) -> Option<&crate::lifted::Task> {
        self.checked().and_then(|c| c.task.as_ref())
    }
    /// Takes the first problem's task out, or gives `self` back for reporting.
    pub fn into_task(mut self) -> Result<crate::lifted::Task, Box<Loaded>> {
        if self.has_errors() {
            return Err(Box::new(self));
        }
        match self.problems.first_mut().and_then(|p| p.checked.as_mut()).and_then(|c| c.task.take()) {
            Some(t) => Ok(t),
            None => Err(Box::new(self)),
        }
    }
    /// Takes the lifted domain out (of the domain's check, or the first problem's), or gives
    /// `self` back for reporting.
    pub fn into_domain(mut self) -> Result<crate::lifted::Domain, Box<Loaded>> {
        if self.has_errors() {
            return Err(Box::new(self));
        }
        let checked = match self.problems.first_mut() {
            Some(p) => p.checked.as_mut(),
            None => self.domain_checked.as_mut(),
        };
        match checked.and_then(|c| c.domain.take()) {
            Some(d) => Ok(d),
            None => Err(Box::new(self)),
        }
    }
    /// Takes the first problem's task out (see [`Loaded::task`]), leaving the rest for reports.
    pub fn take_task(&mut self) -> Option<crate::lifted::Task> {
        self.problems.first_mut().and_then(|p| p.checked.as_mut()).and_then(|c| c.task.take())
    }
    /// The lifted domain, when it is clean (see [`Checked::domain`]).
    pub fn domain(&self) -> Option<&crate::lifted::Domain> {
        self.checked().and_then(|c| c.domain.as_ref())
    }
    /// The first problem's summary (or the domain's), when it was checked.
    pub fn summary(&self) -> Option<&Summary> {
        self.checked().map(|c| &c.summary)
    }
    /// The constructs later stages cannot use yet (object fluents, preferences, ...), as error
    /// diagnostics with their positions (E0127), each once, in file order. They are not part of
    /// [`Loaded::diagnostics`]: they are a property of what a later stage supports, which
    /// `check` does not decide; the planner, validator and proof export report them.
    pub fn unsupported(&self) -> Vec<Diagnostic> {
        let mut out: Vec<Diagnostic> = self.unsupported_constructs().iter().map(|u| u.diagnostic()).collect();
        pddl::diagnostic::sort(&mut out);
        out
    }
    /// The unsupported constructs of every check, each once (the domain's are found again by
    /// each problem's check).
    pub fn unsupported_constructs(&self) -> Vec<&crate::Unsupported> {
        let all = self.domain_checked.iter().chain(self.problems.iter().filter_map(|p| p.checked.as_ref()));
        let mut out: Vec<&crate::Unsupported> = Vec::new();
        for u in all.flat_map(|c| &c.unsupported) {
            if !out.iter().any(|o| o.file == u.file && o.span.same_range(u.span)) {
                out.push(u);
            }
        }
        out
    }
    /// All diagnostics rendered with source snippets (`color`: ANSI escapes).
    pub fn render(&self, color: bool) -> String {
        pddl::render::render_all(&self.diagnostics, &self.sources, color)
    }
    /// Some diagnostics of these sources rendered with source snippets.
    pub fn render_these(&self, diagnostics: &[Diagnostic], color: bool) -> String {
        pddl::render::render_all(diagnostics, &self.sources, color)
    }
    /// The first `n` errors as `path:line:col: error[CODE]: message` lines, joined by `; `:
    /// a compact message for a panic or a one-line report.
    pub fn first_errors(&self, n: usize) -> String {
        let errors: Vec<String> =
            self.diagnostics.iter().filter(|d| d.is_error()).take(n).map(|d| d.short(&self.sources)).collect();
        errors.join("; ")
    }
}

impl fmt::Display for Loaded {
    /// The errors, or the unsupported constructs, one short line each; for `{e}` in messages.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let mut lines: Vec<String> =
            self.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.short(&self.sources)).collect();
        if lines.is_empty() {
            lines = self.unsupported().iter().map(|d| d.short(&self.sources)).collect();
        }
        if lines.is_empty() {
            lines.push("no task: no problem was given".into());
        }
        write!(f, "{}", lines.join("\n"))
    }
}

impl crate::Unsupported {
    /// This construct as an error diagnostic (E0127) at its position.
    pub fn diagnostic(&self) -> Diagnostic {
        Diagnostic::error(
            codes::UNSUPPORTED,
            self.file,
            self.span,
            format!("{} are not supported by the planner, the validator or the proof export", self.construct),
        )
    }
}

/// A file in the source map, ready to parse, or one that must not be parsed.
struct Text {
    file: FileId,
    parse: bool,
}

/// A plan that parsed without errors, ready for the semantic check.
fn clean_plan<'p>(plan: &'p PlanInput, diagnostics: &[Diagnostic]) -> Option<(&'p Plan, FileId)> {
    let file = plan.file?;
    plan.plan.as_ref().filter(|_| !has_errors_in(diagnostics, file)).map(|pl| (pl, file))
}

fn has_errors_in(diagnostics: &[Diagnostic], file: FileId) -> bool {
    diagnostics.iter().any(|d| d.file == file && d.is_error())
}

fn parse<T>(
    sources: &SourceMap,
    text: Text,
    parse: fn(&str, FileId) -> pddl::Parse<T>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<T> {
    if !text.parse {
        return None;
    }
    let result = parse(&sources.get(text.file).text, text.file);
    diagnostics.extend(result.diagnostics);
    result.value
}

/// Puts one source into the map, pushing a diagnostic when it is too large, binary or not UTF-8:
/// the building block of [`load`], for a command that reads a file of any kind (`fmt`). `Some`
/// is the file to parse; `None` a file that must not be parsed (too large, binary), whose one
/// diagnostic was pushed.
pub fn read(
    source: &Source,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Option<FileId>, Unreadable> {
    let text = read_source(source, sources, diagnostics)?;
    Ok(text.parse.then_some(text.file))
}

fn read_source(
    source: &Source,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Text, Unreadable> {
    let (name, bytes) = match source {
        // Text in memory is valid UTF-8 but can still be binary data: it takes the same check.
        Source::Text { name, text } => (name.clone(), text.clone().into_bytes()),
        Source::Path(path) => match read_bytes(path)? {
            Ok(bytes) => (path.display().to_string(), bytes),
            Err(size) => {
                let file = sources.add(path.display().to_string(), String::new());
                let message = format!("the file is {size} bytes; certplan reads files of at most 256 MiB");
                diagnostics.push(Diagnostic::error(syntax::TOO_LARGE, file, Span::new(0, 0), message));
                return Ok(Text { file, parse: false });
            }
        },
    };
    if let Some(why) = binary(&bytes) {
        let file = sources.add(name, String::new());
        diagnostics.push(
            Diagnostic::error(syntax::NOT_TEXT, file, Span::new(0, 0), format!("not a PDDL text file: {why}"))
                .with_help("PDDL domains, problems and plans are text files; is this the right path?"),
        );
        return Ok(Text { file, parse: false });
    }
    let (text, bad_byte) = pddl::span::decode(bytes);
    let file = sources.add(name, text);
    if let Some(at) = bad_byte {
        // `decode` replaced the bad sequence with U+FFFD, which now starts at `at`.
        let span = Span::new(at, at + char::REPLACEMENT_CHARACTER.len_utf8());
        diagnostics.push(
            Diagnostic::error(syntax::INVALID_UTF8, file, span, format!("invalid UTF-8 at byte {at}"))
                .with_help("PDDL files must be UTF-8 (or plain ASCII) text; is this the right file?"),
        );
    }
    Ok(Text { file, parse: true })
}

/// The file's bytes, or `Err(size)` when it is over [`MAX_FILE_BYTES`].
fn read_bytes(path: &Path) -> Result<Result<Vec<u8>, u64>, Unreadable> {
    let unreadable = |e: std::io::Error| Unreadable { path: path.display().to_string(), reason: e.to_string() };
    let file = File::open(path).map_err(unreadable)?;
    // The size comes from the open handle, so it describes the file that is read below.
    let metadata = file.metadata().map_err(unreadable)?;
    if metadata.is_dir() {
        return Err(Unreadable { path: path.display().to_string(), reason: "it is a directory".into() });
    }
    let size = metadata.len();
    if size > MAX_FILE_BYTES {
        return Ok(Err(size));
    }
    // `take` also bounds files whose metadata lies about their size (/dev/zero, a growing log).
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(unreadable)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Ok(Err(bytes.len() as u64));
    }
    Ok(Ok(bytes))
}

/// Why the bytes look like binary data rather than text, judged on the head of the file: a NUL
/// byte (which no text encoding PDDL files use produces), or more than one character in ten that
/// is a control character or not UTF-8. A text file with a few stray bytes is still text, and
/// gets E0001 or E0002 at the right place instead.
fn binary(bytes: &[u8]) -> Option<String> {
    let head = &bytes[..bytes.len().min(SNIFF_BYTES)];
    if let Some(at) = head.iter().position(|&b| b == 0) {
        return Some(format!("it contains binary data (a NUL byte at byte {at})"));
    }
    let text = String::from_utf8_lossy(head);
    let (mut odd, mut all) = (0usize, 0usize);
    for c in text.chars() {
        all += 1;
        if c == char::REPLACEMENT_CHARACTER || (c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\x0c')) {
            odd += 1;
        }
    }
    (odd * 10 > all).then(|| format!("{odd} of its first {all} characters are control characters or not UTF-8"))
}

/// Reads a file that is not PDDL (Fast Downward's `output.sas`) as text, within the same size
/// limit; invalid UTF-8 is replaced (the format is ASCII, so its reader reports it in place).
/// `Err` holds the reason, naming the path.
pub fn read_text(path: &Path) -> Result<String, Unreadable> {
    match read_bytes(path)? {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(size) => Err(Unreadable {
            path: path.display().to_string(),
            reason: format!("the file is {size} bytes, larger than 256 MiB, the most certplan reads"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::binary;

    #[test]
    fn text_is_not_binary() {
        assert!(binary(b"(define (domain d))\n\t; comment\r\n").is_none());
        assert!(binary("(define (domain caf\u{e9}))".as_bytes()).is_none());
        // One stray Latin-1 byte in a text file is a UTF-8 problem (E0001), not binary data.
        assert!(binary(b"(define (domain caf\xe9)) ; and a long enough rest of the line").is_none());
    }

    #[test]
    fn binary_is_binary() {
        assert!(binary(b"\x7fELF\x02\x01\x01\x00\x00").is_some());
        assert!(binary(&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x80]).is_some());
    }
}
