//! Renders diagnostics with source snippets (ariadne), for terminals and for LLM repair prompts.

use crate::diagnostic::{Diagnostic, Severity};
use crate::span::{FileId, SourceMap};
use ariadne::{Config, IndexType, Label, Report, ReportKind};

/// Renders one diagnostic as text with the offending source lines and carets.
pub fn render(d: &Diagnostic, sources: &SourceMap, color: bool) -> String {
    let file = sources.get(d.file);
    let (line, col) = file.line_col(d.span.start);
    let kind = match d.severity {
        Severity::Error => ReportKind::Error,
        Severity::Warning => ReportKind::Warning,
    };
    let id = |f: FileId| sources.get(f).path.clone();
    let primary = (id(d.file), d.span.range());
    let mut report = Report::build(kind, primary.clone())
        .with_config(Config::default().with_index_type(IndexType::Byte).with_color(color))
        .with_code(d.code.id)
        .with_message(format!("{} ({}:{}:{})", d.message, file.path, line, col))
        .with_label(Label::new(primary).with_message(&d.message));
    for l in &d.labels {
        report = report.with_label(Label::new((id(l.file), l.span.range())).with_message(&l.message));
    }
    if let Some(h) = &d.help {
        report = report.with_help(h);
    }
    let mut buf = Vec::new();
    let cache = ariadne::sources(sources.files().map(|(_, f)| (f.path.clone(), f.text.as_str())));
    if report.finish().write(cache, &mut buf).is_err() {
        return d.short(sources);
    }
    String::from_utf8_lossy(&buf).into_owned()
}

/// Renders all diagnostics, one after the other.
pub fn render_all(diags: &[Diagnostic], sources: &SourceMap, color: bool) -> String {
    diags.iter().map(|d| render(d, sources, color)).collect()
}
