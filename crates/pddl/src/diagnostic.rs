//! Diagnostics: a value per problem found, with a stable code, a severity, a primary span and
//! optional secondary labels. Rendering is in [`render`](crate::render); JSON is up to the caller
//! (every type here is `Serialize`).

use crate::span::{FileId, SourceMap, Span};
use serde::Serialize;

/// A stable diagnostic code such as `E0107`. Tools and LLM repair prompts key on `id`; `name`
/// is a short kebab-case title that never changes either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Code {
    pub id: &'static str,
    pub name: &'static str,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug, Serialize)]
pub struct Label {
    pub file: FileId,
    pub span: Span,
    pub message: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    pub file: FileId,
    pub span: Span,
    /// Secondary places, e.g. the earlier declaration of a duplicate.
    pub labels: Vec<Label>,
    /// What to do about it ("did you mean `:precondition`?").
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(code: Code, file: FileId, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Error,
            message: message.into(),
            file,
            span,
            labels: Vec::new(),
            help: None,
        }
    }
    pub fn warning(code: Code, file: FileId, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, file, span, message) }
    }
    pub fn with_label(mut self, file: FileId, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label { file, span, message: message.into() });
        self
    }
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// One line in the compiler convention `path:line:col: error[E0107]: message`. This is the
    /// format of the data-driven test expectations: stable, unlike the rendered snippets.
    pub fn short(&self, sources: &SourceMap) -> String {
        let file = sources.get(self.file);
        let (line, col) = file.line_col(self.span.start);
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        format!("{}:{}:{}: {}[{}]: {}", file.path, line, col, sev, self.code.id, self.message)
    }
}

/// Sorts diagnostics by file and position, so that output follows the file; stable for equal keys.
pub fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by_key(|d| (d.file.0, d.span.start, d.span.end));
}

/// Syntax-level codes (E00xx, W00xx). Semantic codes live in the `model` crate (E01xx, W01xx),
/// plan-file codes here too (E002x). Never renumber: tools key on these.
pub mod codes {
    use super::Code;
    macro_rules! codes {
        ($($konst:ident = $id:literal $name:literal;)*) => {
            $(pub const $konst: Code = Code { id: $id, name: $name };)*
            /// Every syntax code, for documentation and uniqueness tests.
            pub const ALL: &[Code] = &[$($konst),*];
        };
    }
    codes! {
        INVALID_UTF8 = "E0001" "invalid-utf8";
        UNEXPECTED_CHARACTER = "E0002" "unexpected-character";
        UNCLOSED_PAREN = "E0003" "unclosed-parenthesis";
        UNMATCHED_PAREN = "E0004" "unmatched-parenthesis";
        EXPECTED = "E0005" "unexpected-token";
        UNKNOWN_KEYWORD = "E0006" "unknown-keyword";
        TOO_DEEP = "E0007" "nesting-too-deep";
        BAD_NUMBER = "E0008" "number-out-of-range";
        EMPTY_FILE = "E0009" "no-definition";
        TRAILING = "E0010" "content-after-definition";
        DUPLICATE_SECTION = "E0011" "duplicate-section";
        MISSING_SECTION = "E0012" "missing-section";
        TOO_LARGE = "E0013" "file-too-large";
        DASH_TYPE = "E0014" "missing-space-after-dash";
        NOT_TEXT = "E0015" "not-a-text-file";
        PLAN_SYNTAX = "E0020" "malformed-plan-line";
        IGNORED_SECTION = "W0001" "ignored-section";
    }
}
