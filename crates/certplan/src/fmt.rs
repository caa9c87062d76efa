//! `certplan fmt`: print a domain, problem or plan in canonical form, or check or rewrite it.

use crate::{Fatal, Outcome, Ui, output, stdio};
use model::front::Source;
use pddl::{Diagnostic, Parse};
use serde_json::json;
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct FmtArgs {
    /// A domain, problem or plan file (plans: `*.plan`, or any file not starting with `(define`).
    file: PathBuf,
    /// Print nothing; exit 1 if the file is not already in canonical form.
    #[arg(long, conflicts_with = "write")]
    check: bool,
    /// Rewrite the file in place instead of printing it.
    #[arg(long)]
    write: bool,
    /// Print one JSON object on stdout: the canonical text in `text`, notes in `notes`.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &FmtArgs, ui: &Ui) -> Result<Outcome, Fatal> {
    let mut sources = pddl::SourceMap::new();
    let mut diags = Vec::new();
    let loaded = model::front::read(&Source::path(&args.file), &mut sources, &mut diags)?;
    let canonical = loaded.and_then(|id| {
        let text = &sources.get(id).text;
        if is_plan(&args.file, text) {
            canonical(pddl::parse_plan(text, id), &mut diags, |p| pddl::plan::format_plan(p, text))
        } else {
            canonical(pddl::parse_definition(text, id), &mut diags, |d| pddl::printer::format_definition(d, text))
        }
    });
    pddl::diagnostic::sort(&mut diags);
    let mut report = Report { json: args.json, file: args.file.display().to_string(), ..Report::default() };
    // Warnings are shown but do not stop formatting; errors do, since printing a recovered tree
    // would silently drop whatever the parser could not read.
    if !args.json {
        stdio::eprint(&pddl::render::render_all(&diags, &sources, ui.color));
    }
    let (Some(id), Some(canonical)) = (loaded, canonical) else {
        return report.finish(Outcome::InputErrors, &sources, &diags);
    };
    if diags.iter().any(Diagnostic::is_error) {
        return report.finish(Outcome::InputErrors, &sources, &diags);
    }
    let original = &sources.get(id).text;
    let path = &sources.get(id).path;
    let lost = dropped_comments(original, &canonical);
    report.canonical = Some(*original == canonical);
    report.dropped_comments = lost;
    if args.check {
        if *original == canonical {
            return report.finish(Outcome::Fine, &sources, &diags);
        }
        report.note(format!("`{path}` is not in canonical form; `certplan fmt --write {path}` rewrites it"));
        return report.finish(Outcome::InputErrors, &sources, &diags);
    }
    if args.write {
        if *original == canonical {
            return report.finish(Outcome::Fine, &sources, &diags);
        }
        // The printer keeps every comment; this guard stays so that a printer bug can never
        // destroy a comment for good by rewriting in place.
        if lost > 0 {
            report.note(format!(
                "certplan: not rewriting `{path}`: formatting would drop {lost} comment(s) (a certplan bug: please report it); \
                 `certplan fmt {path}` prints the result for review"
            ));
            return report.finish(Outcome::InputErrors, &sources, &diags);
        }
        write_in_place(&args.file, &canonical).map_err(|e| Fatal(format!("cannot write `{path}`: {e}")))?;
        report.written = true;
        if !ui.quiet {
            report.note(format!("formatted `{path}`"));
        }
        return report.finish(Outcome::Fine, &sources, &diags);
    }
    if lost > 0 {
        report.note(format!("warning: the canonical form drops {lost} comment(s) of `{path}` (a certplan bug)"));
    }
    if args.json {
        report.text = Some(canonical);
    } else {
        stdio::print(&canonical)?;
    }
    report.finish(Outcome::Fine, &sources, &diags)
}

/// What `fmt` reports: notes on stderr as text, or all of it in the one JSON object.
#[derive(Default)]
struct Report {
    json: bool,
    file: String,
    /// Whether the file was already canonical; `None` when it could not be formatted.
    canonical: Option<bool>,
    written: bool,
    dropped_comments: usize,
    notes: Vec<String>,
    /// The canonical text, when printing (JSON: in `text` instead of on stdout).
    text: Option<String>,
}

impl Report {
    fn note(&mut self, note: String) {
        if !self.json {
            stdio::eprint(&format!("{note}\n"));
        }
        self.notes.push(note);
    }
    fn finish(self, outcome: Outcome, sources: &pddl::SourceMap, diags: &[Diagnostic]) -> Result<Outcome, Fatal> {
        if self.json {
            let fields = json!({
                "file": self.file,
                "canonical": self.canonical,
                "written": self.written,
                "dropped_comments": self.dropped_comments,
                "notes": self.notes,
                "text": self.text,
            });
            output::print_json("fmt", outcome, sources, diags, fields)?;
        }
        Ok(outcome)
    }
}

fn canonical<T>(parse: Parse<T>, diags: &mut Vec<Diagnostic>, print: impl Fn(&T) -> String) -> Option<String> {
    diags.extend(parse.diagnostics);
    parse.value.as_ref().map(print)
}

/// Plans are told apart from domains and problems by name (`*.plan`) or, failing that, by
/// content: domains and problems open with `(define`. A file with no content at all is taken for a
/// definition, so that an empty `domain.pddl` is an error ("no definition"), not an empty plan.
fn is_plan(path: &Path, text: &str) -> bool {
    if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("plan")) {
        return true;
    }
    let mut rest = skip_trivia(text);
    if rest.is_empty() {
        return false;
    }
    let Some(after_paren) = rest.strip_prefix('(') else {
        return true;
    };
    rest = skip_trivia(after_paren);
    let word_len = rest.find(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ';').unwrap_or(rest.len());
    !rest[..word_len].eq_ignore_ascii_case("define")
}

/// Skips whitespace and `;` comments.
fn skip_trivia(mut text: &str) -> &str {
    loop {
        text = text.trim_start();
        match text.strip_prefix(';') {
            Some(comment) => text = comment.find('\n').map_or("", |i| &comment[i..]),
            None => return text,
        }
    }
}

/// How many `;` comments of `original` do not survive into `canonical`. PDDL has no string
/// literals, so every `;` starts a comment.
fn dropped_comments(original: &str, canonical: &str) -> usize {
    original.lines().filter_map(|l| l.find(';').map(|i| l[i..].trim_end())).filter(|c| !canonical.contains(c)).count()
}

/// Replaces the file's content by writing a temporary file beside it and renaming it over the
/// original: a crash leaves either the old file or the new one, never half of each.
fn write_in_place(path: &Path, text: &str) -> io::Result<()> {
    // Through a symlink, rewrite the target rather than replacing the link with a regular file.
    let target = fs::canonicalize(path)?;
    let permissions = fs::metadata(&target)?.permissions();
    let dir = target.parent().unwrap_or(Path::new("."));
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.certplan-fmt-{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.set_permissions(permissions)?;
        f.sync_all()?;
        fs::rename(&tmp, &target)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_are_told_from_definitions() {
        let p = Path::new("x.pddl");
        assert!(!is_plan(p, "; header\n  ( DEFINE (domain d))"));
        assert!(!is_plan(p, "(define(domain d))"));
        assert!(!is_plan(p, "  ; only a comment\n"));
        assert!(is_plan(p, "(pick-up a)\n(stack a b)\n"));
        assert!(is_plan(p, "0.000: (load a b) [1.000]\n"));
        assert!(is_plan(Path::new("sol.PLAN"), "(define (domain d))"));
    }

    #[test]
    fn counts_comments_the_printer_drops() {
        assert_eq!(dropped_comments("(a) ; why\n; cost = 1\n", "(a)\n; cost = 1\n"), 1);
        assert_eq!(dropped_comments("(a)\n", "(a)\n"), 0);
    }
}
