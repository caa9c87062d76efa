//! What commands print: the one JSON envelope every command's `--json` uses, and `check`'s human
//! summary and error tally. This is the only place that decides output shapes; the library crates
//! hand over plain `Serialize` values.

use crate::{Fatal, Outcome, stdio};
use model::Summary;
use pddl::diagnostic::Label;
use pddl::{Diagnostic, FileId, SourceMap, Span};
use serde_json::{Map, Value, json};

pub fn count_errors(diags: &[Diagnostic]) -> (usize, usize) {
    let errors = diags.iter().filter(|d| d.is_error()).count();
    (errors, diags.len() - errors)
}

/// The version of the `--json` output. Every command's JSON object carries it; a change that
/// renames or removes a field, or changes a field's meaning, bumps it.
pub const SCHEMA: &str = "certplan/1";

/// The one JSON object every command prints on stdout under `--json`, on every path:
///
/// `{"schema": "certplan/1", "command", "ok", "exit_code", "error", "errors", "warnings",
/// "files": [{"id", "path"}], "diagnostics": [...], ...}` followed by the command's own fields.
/// `ok` is `exit_code == 0`; `error` is the message of a failure that is not a diagnostic (a
/// usage or file-system error, exit 2; an `output.sas` the reader refuses), else `null`; `errors` and `warnings` count `diagnostics`, each of which is `{"code", "name",
/// "severity", "message", "file", "line", "column", "end_line", "end_column", "labels": [{"file",
/// "line", "column", "end_line", "end_column", "message"}], "help", "rendered"}`.
/// The command's `fields` never replace these, except `error`: a command that knows the message
/// of its failure gives it there.
pub fn envelope(command: &str, exit_code: u8, sources: &SourceMap, diags: &[Diagnostic], fields: Value) -> Value {
    let (errors, warnings) = count_errors(diags);
    let files: Vec<Value> = sources.files().map(|(id, f)| json!({ "id": id.0, "path": f.path })).collect();
    let diagnostics: Vec<Value> = diags.iter().map(|d| json_diagnostic(sources, d)).collect();
    let mut obj = Map::new();
    obj.insert("schema".into(), SCHEMA.into());
    obj.insert("command".into(), command.into());
    obj.insert("ok".into(), (exit_code == 0).into());
    obj.insert("exit_code".into(), exit_code.into());
    obj.insert("error".into(), Value::Null);
    obj.insert("errors".into(), errors.into());
    obj.insert("warnings".into(), warnings.into());
    obj.insert("files".into(), files.into());
    obj.insert("diagnostics".into(), diagnostics.into());
    if let Value::Object(extra) = fields {
        for (k, v) in extra {
            if k == "error" && !v.is_null() {
                obj.insert(k, v);
            } else {
                obj.entry(k).or_insert(v);
            }
        }
    }
    Value::Object(obj)
}

/// Prints the envelope of a run that ended with `outcome`.
pub fn print_json(
    command: &str,
    outcome: Outcome,
    sources: &SourceMap,
    diags: &[Diagnostic],
    fields: Value,
) -> Result<(), Fatal> {
    let v = envelope(command, outcome.exit_code(), sources, diags, fields);
    stdio::print(&format!("{v}\n"))
}

/// The envelope of a run stopped by a usage or file-system error (exit status 2).
pub fn failure_json(command: &str, message: &str) -> Value {
    let mut v = envelope(command, 2, &SourceMap::new(), &[], Value::Null);
    v["error"] = message.into();
    v
}

/// The `check --json` fields: `summary` is `null` unless there are no errors.
pub fn check_fields(summary: Option<&Summary>) -> Value {
    // A `Summary` is strings and integers, which always serialize; `Null` is only a fallback.
    let summary = summary.map_or(Value::Null, |s| serde_json::to_value(s).unwrap_or(Value::Null));
    json!({ "summary": summary })
}

/// Diagnostics as the envelope writes them, for per-item lists (a plan's own diagnostics).
pub fn json_diagnostics(sources: &SourceMap, diags: &[Diagnostic]) -> Value {
    diags.iter().map(|d| json_diagnostic(sources, d)).collect::<Vec<_>>().into()
}

fn json_diagnostic(sources: &SourceMap, d: &Diagnostic) -> Value {
    let mut obj = Map::new();
    obj.insert("code".into(), d.code.id.into());
    obj.insert("name".into(), d.code.name.into());
    obj.insert("severity".into(), severity(d).into());
    obj.insert("message".into(), d.message.clone().into());
    position(&mut obj, sources, d.file, d.span);
    let labels: Vec<Value> = d.labels.iter().map(|l| json_label(sources, l)).collect();
    obj.insert("labels".into(), labels.into());
    obj.insert("help".into(), d.help.clone().into());
    obj.insert("rendered".into(), pddl::render::render(d, sources, false).into());
    obj.into()
}

fn json_label(sources: &SourceMap, l: &Label) -> Value {
    let mut obj = Map::new();
    position(&mut obj, sources, l.file, l.span);
    obj.insert("message".into(), l.message.clone().into());
    obj.into()
}

/// `file` (the path as given), 1-based `line`/`column` of the start, and `end_line`/`end_column`
/// of the first character after the span. Columns count characters, not bytes.
fn position(obj: &mut Map<String, Value>, sources: &SourceMap, file: FileId, span: Span) {
    let f = sources.get(file);
    let (line, column) = f.line_col(span.start);
    let (end_line, end_column) = f.line_col(span.end);
    obj.insert("file".into(), f.path.clone().into());
    obj.insert("line".into(), line.into());
    obj.insert("column".into(), column.into());
    obj.insert("end_line".into(), end_line.into());
    obj.insert("end_column".into(), end_column.into());
}

fn severity(d: &Diagnostic) -> &'static str {
    if d.is_error() { "error" } else { "warning" }
}

/// `2 errors, 1 warning`.
pub fn tally(errors: usize, warnings: usize) -> String {
    format!("{}, {}\n", plural(errors, "error", "errors"), plural(warnings, "warning", "warnings"))
}

/// A few lines for a human: what was checked and how big it is. Zero counts are left out, and so
/// are the problem and plan lines when those files were not given.
pub fn summary_text(s: &Summary, warnings: usize) -> String {
    let mut out = format!("ok: domain `{}`", s.domain);
    if let Some(p) = &s.problem {
        out.push_str(&format!(", problem `{p}`"));
    }
    if warnings > 0 {
        out.push_str(&format!(" ({})", plural(warnings, "warning", "warnings")));
    }
    out.push('\n');
    if !s.requirements_declared.is_empty() || !s.requirements_used.is_empty() {
        out.push_str(&format!("  requirements declared: {}\n", list(&s.requirements_declared)));
        out.push_str(&format!("  requirements used: {}\n", list(&s.requirements_used)));
    }
    let domain = counts(&[
        (s.types, "type", "types"),
        (s.constants, "constant", "constants"),
        (s.predicates, "predicate", "predicates"),
        (s.functions, "function", "functions"),
        (s.actions, "action", "actions"),
        (s.durative_actions, "durative action", "durative actions"),
        (s.derived_predicates, "derived predicate", "derived predicates"),
    ]);
    if !domain.is_empty() {
        out.push_str(&format!("  domain: {domain}\n"));
    }
    if s.problem.is_some() {
        let problem = counts(&[
            (s.objects.unwrap_or(0), "object", "objects"),
            (s.init_facts.unwrap_or(0), "init fact", "init facts"),
            (s.init_values.unwrap_or(0), "init value", "init values"),
            (s.goal_literals.unwrap_or(0), "goal literal", "goal literals"),
        ]);
        if !problem.is_empty() {
            out.push_str(&format!("  problem: {problem}\n"));
        }
    }
    if let Some(n) = s.plan_steps {
        out.push_str(&format!("  plan: {}\n", plural(n, "step", "steps")));
    }
    out
}

fn counts(items: &[(usize, &str, &str)]) -> String {
    let parts: Vec<String> = items.iter().filter(|c| c.0 > 0).map(|&(n, one, many)| plural(n, one, many)).collect();
    parts.join(", ")
}

fn list(flags: &[String]) -> String {
    if flags.is_empty() { "none".to_string() } else { flags.join(" ") }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
