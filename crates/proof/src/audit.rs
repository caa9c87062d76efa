//! The proof auditor: paper 000's four checks against cheating and the prohibitions of paper 001,
//! applied statically to a Lean or Coq file that an LLM wrote against an exported module.
//!
//! 1. Nothing that changes parsing or elaboration (notations, macros, syntax extensions, options
//!    that weaken checking, plugins, metaprograms).
//! 2. The theorem with exactly the expected statement (up to whitespace), once.
//! 3. No escape hatches: `sorry`/`admit`/`Admitted`, axioms and their relatives (Coq's
//!    `Variable`/`Context`/`Hypothesis`, Lean's section `variable`/`include`/`omit`, which add a
//!    hypothesis to a theorem without changing its text), `native_decide` and Coq's
//!    `native_compute` (both trust compiled code instead of the kernel; `vm_compute` is allowed,
//!    its result is checked by the kernel's own VM), `implemented_by`, `extern`, `unsafe`,
//!    `opaque`; and no binding of a generated name anywhere: not after a declaration keyword (with
//!    any modifier, `Local Definition`), not as a record, structure or class field (a type-class
//!    method named `SatisfiesGoal` would be what the statement means), not as a constructor, not
//!    through Lean's `export` or `open ... renaming`.
//! 4. The rebuild from scratch with the axiom report is [`crate::runner`]'s job (it needs the prover).
//!
//! The checks work on the file with comments and string literals blanked out (line numbers kept),
//! token by token, so a forbidden word in a comment is fine and one hidden in a long line is not.
//! A static auditor is deliberately stricter than needed: an honest file rarely needs any of these.

use crate::Backend;
use serde::Serialize;

/// One rejection: the rule broken, the 1-based line, and what was found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub rule: &'static str,
    pub line: u32,
    pub message: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: [{}] {}", self.line, self.rule, self.message)
    }
}

/// Blanks comments and string literals (keeping newlines), so that tokens are only code.
pub fn strip_comments(backend: Backend, text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut depth = 0usize;
    let (open, close): ([char; 2], [char; 2]) = match backend {
        Backend::Coq => (['(', '*'], ['*', ')']),
        Backend::Lean => (['/', '-'], ['-', '/']),
    };
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if depth == 0 && c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                // Lean escapes with `\`; Coq doubles the quote (`""`), handled by the loop.
                if backend == Backend::Lean && b[i] == '\\' && i + 1 < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
                out.push(blank(b[i]));
                i += 1;
            }
            if i < b.len() {
                out.push(' ');
                i += 1;
            }
            continue;
        }
        if c == open[0] && next == Some(open[1]) {
            depth += 1;
            out.push_str("  ");
            i += 2;
            continue;
        }
        if depth > 0 && c == close[0] && next == Some(close[1]) {
            depth -= 1;
            out.push_str("  ");
            i += 2;
            continue;
        }
        if depth == 0 && backend == Backend::Lean && c == '-' && next == Some('-') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
            continue;
        }
        out.push(if depth > 0 { blank(c) } else { c });
        i += 1;
    }
    out
}

/// A word of code with its line and its byte range in the (comment-stripped) code.
struct Token<'a> {
    text: &'a str,
    line: u32,
    start: usize,
    end: usize,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '\'' | '.' | '#' | '!' | '?')
}

fn tokens(code: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut line = 1u32;
    let mut start: Option<(usize, u32)> = None;
    for (i, c) in code.char_indices() {
        match (start, is_word_char(c)) {
            (None, true) => start = Some((i, line)),
            (Some((s, l)), false) => {
                out.push(Token { text: &code[s..i], line: l, start: s, end: i });
                start = None;
            }
            _ => {}
        }
        if c == '\n' {
            line += 1;
        }
    }
    if let Some((s, l)) = start {
        out.push(Token { text: &code[s..], line: l, start: s, end: code.len() });
    }
    out
}

/// The code right after a token, from its first non-blank character.
fn after<'a>(code: &'a str, t: &Token) -> &'a str {
    code[t.end..].trim_start()
}

/// The last non-blank character before a token.
fn char_before(code: &str, t: &Token) -> Option<char> {
    code[..t.start].trim_end().chars().last()
}

/// Whether the token is at column 0: in Lean, where a new command starts.
fn column_zero(code: &str, t: &Token) -> bool {
    t.start == 0 || code[..t.start].ends_with('\n')
}

/// Words that are always a violation, with their rule.
fn forbidden(backend: Backend, word: &str) -> Option<&'static str> {
    match backend {
        Backend::Coq => Some(match word {
            "Admitted" | "admit" | "give_up" | "Admit" => "no-admit",
            "Axiom" | "Axioms" | "Parameter" | "Parameters" | "Hypothesis" | "Hypotheses" | "Variable"
            | "Variables" | "Conjecture" | "Context" | "Primitive" => "no-axiom",
            "Notation" | "Infix" | "Reserved" | "Delimit" | "Bind" | "Undelimit" | "Coercion" | "Declare"
            | "Arguments" | "Canonical" => "no-parsing-change",
            "Load" | "ML" | "LoadPath" | "Extract" | "Extraction" => "no-plugin",
            "Unset" | "bypass_check" | "Guard" | "Positivity" | "Universe" | "Universes" | "Polymorphic" => {
                "no-unsafe-option"
            }
            "Drop" | "Redirect" | "Back" | "BackTo" | "Reset" => "no-toplevel-control",
            "vm_cast_no_check" | "native_cast_no_check" | "exact_no_check" | "change_no_check" => "no-unchecked-cast",
            // `native_compute` runs compiled OCaml code and trusts its answer (Coq's counterpart
            // of Lean's `native_decide`). `vm_compute` stays allowed: its result is re-checked by
            // the kernel's own virtual machine, which is part of Coq's trusted kernel, and the
            // generated plan checks use it.
            "native_compute" | "NativeCompute" => "no-native-compute",
            // `Register` binds kernel primitives and retroknowledge; `Scheme Equality` and
            // friends are harmless but `Register` is not.
            "Register" => "no-axiom",
            _ => return None,
        }),
        Backend::Lean => Some(match word {
            "sorry" | "admit" | "sorryAx" => "no-sorry",
            "axiom" | "axioms" => "no-axiom",
            "native_decide" | "Lean.ofReduceBool" | "ofReduceBool" | "Lean.reduceBool" | "reduceBool" => {
                "no-native-decide"
            }
            "notation" | "infix" | "infixl" | "infixr" | "prefix" | "postfix" | "macro" | "macro_rules" | "syntax"
            | "elab" | "elab_rules" | "declare_syntax_cat" | "binder_predicate" => "no-parsing-change",
            "implemented_by" => "no-implemented-by",
            "extern" => "no-extern",
            "unsafe" => "no-unsafe",
            // A section variable becomes a hypothesis of every theorem that mentions it or that
            // `include` names, without changing the theorem's text: `variable (h : False)` with
            // `include h` proves anything. `omit` and `variables` are the same mechanism.
            "variable" | "variables" | "include" | "omit" => "no-section-variable",
            // `opaque` declares a constant whose value the kernel never sees (with
            // `implemented_by`, any value); an honest proof file needs none.
            "opaque" => "no-opaque",
            // `export` and `open ... renaming` create aliases: a generated name can be made to
            // mean something else without a declaration of that name.
            "export" | "renaming" => "no-redefinition",
            "run_cmd" | "run_elab" | "run_meta" | "#eval" | "#exit" | "initialize" | "builtin_initialize"
            | "Lean.Elab" | "Lean.Meta" | "csimp" => "no-metaprogram",
            _ => return None,
        }),
    }
}

/// `set_option` names a Lean proof may use; everything else may weaken checking
/// (`debug.skipKernelTC`, `allowUnsafeReducibility`, ...) and is refused.
const LEAN_SAFE_OPTIONS: &[&str] =
    &["maxHeartbeats", "maxRecDepth", "synthInstance.maxHeartbeats", "autoImplicit", "relaxedAutoImplicit"];

fn declaration_keyword(backend: Backend, word: &str) -> bool {
    match backend {
        Backend::Coq => matches!(
            word,
            "Definition"
                | "Fixpoint"
                | "CoFixpoint"
                | "Lemma"
                | "Theorem"
                | "Corollary"
                | "Fact"
                | "Remark"
                | "Proposition"
                | "Example"
                | "Inductive"
                | "CoInductive"
                | "Variant"
                | "Record"
                | "Structure"
                | "Class"
                | "Instance"
                | "Let"
                | "Ltac"
                | "Ltac2"
                | "Function"
                | "Module"
                | "Section"
                | "Program"
                | "Scheme"
                | "Axiom"
                | "Parameter"
                | "Variable"
                | "Hypothesis"
                | "Conjecture"
        ),
        Backend::Lean => matches!(
            word,
            "def"
                | "theorem"
                | "lemma"
                | "abbrev"
                | "instance"
                | "structure"
                | "inductive"
                | "class"
                | "opaque"
                | "example"
                | "namespace"
                | "section"
                | "mutual"
                | "axiom"
                | "variable"
        ),
    }
}

/// Collapses whitespace runs to one space.
pub fn normalize(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The declared name of a statement: the word after its keyword (`Theorem solveComplete ...`).
pub fn statement_name(backend: Backend, statement: &str) -> Option<String> {
    let code = strip_comments(backend, statement);
    let toks = tokens(&code);
    let i = toks.iter().position(|t| declaration_keyword(backend, t.text))?;
    toks.get(i + 1).map(|t| t.text.to_string())
}

/// Modifiers and attributes that may precede a Coq command (`Local Definition`, `#[export]`).
fn coq_modifier(word: &str) -> bool {
    matches!(
        word,
        "Local"
            | "Global"
            | "Export"
            | "Import"
            | "Program"
            | "Private"
            | "Cumulative"
            | "NonCumulative"
            | "Monomorphic"
            | "Polymorphic"
            | "#"
            | "export"
            | "local"
            | "global"
            | "Time"
            | "Timeout"
            | "Fail"
    ) || word.bytes().all(|b| b.is_ascii_digit())
}

/// Whether a Coq token starts a sentence: the first token, or one after a token that ends with
/// the sentence's `.`, skipping modifiers (`Local Set ...` is a `Set` command).
fn coq_sentence_head(toks: &[Token], i: usize) -> bool {
    let mut j = i;
    while j > 0 {
        let prev = toks[j - 1].text;
        if prev.ends_with('.') {
            return true;
        }
        if !coq_modifier(prev) {
            return false;
        }
        j -= 1;
    }
    true
}

/// The kind of block whose fields and constructors are global names (Coq records, classes and
/// inductives; Lean structures, classes and inductives).
fn type_block_keyword(backend: Backend, word: &str) -> bool {
    match backend {
        Backend::Coq => matches!(word, "Record" | "Structure" | "Class" | "Inductive" | "CoInductive" | "Variant"),
        Backend::Lean => matches!(word, "structure" | "class" | "inductive"),
    }
}

/// Every token that binds a global name: the name after a declaration keyword, and, inside a
/// record, class or inductive declaration, its fields (`f : T`, Lean's `(f : T)` too) and
/// constructors (`| c`, `:= c`, Lean's `mk ::`). Local binders of Coq (`(x : T)`) are not
/// global and are left out. Deliberately generous: a proof file has no reason to bind a
/// generated name anywhere.
fn global_bindings<'a, 'b>(backend: Backend, code: &str, toks: &'b [Token<'a>]) -> Vec<&'b Token<'a>> {
    let mut out = Vec::new();
    let mut in_block = false;
    for (i, t) in toks.iter().enumerate() {
        let word = t.text.trim_end_matches('.');
        // Where a command starts, leave (or enter) a type block.
        let command_start = match backend {
            Backend::Coq => coq_sentence_head(toks, i),
            Backend::Lean => column_zero(code, t),
        };
        if command_start && !coq_modifier(word) {
            in_block = type_block_keyword(backend, word);
        }
        if declaration_keyword(backend, word)
            && let Some(n) = toks.get(i + 1)
        {
            out.push(n);
        }
        if !in_block || declaration_keyword(backend, word) {
            continue;
        }
        let rest = after(code, t);
        let typed = rest.starts_with(':') && !rest.starts_with("::") && !rest.starts_with(":=");
        let before = char_before(code, t);
        let field = match backend {
            // `(x : T)` in a Coq declaration is a parameter, local to it.
            Backend::Coq => typed && before != Some('('),
            Backend::Lean => typed || rest.starts_with("::"),
        };
        let after_assign = code[..t.start].trim_end().ends_with(":=");
        let constructor = before == Some('|') || (backend == Backend::Coq && after_assign);
        if field || constructor {
            out.push(t);
        }
    }
    out
}

/// The names a generated module declares (every `Definition`, `Lemma`, `def`, `theorem`, ...
/// name, every record field and constructor), which a proof file must not bind again.
pub fn declared_names(backend: Backend, module: &str) -> Vec<String> {
    let code = strip_comments(backend, module);
    let toks = tokens(&code);
    let mut names: Vec<String> =
        global_bindings(backend, &code, &toks).iter().map(|n| n.text.trim_end_matches('.').to_string()).collect();
    names.sort();
    names.dedup();
    names
}

/// Audits `text` against `expected` (the statement file's text). `protected` lists generated
/// names that must not be redefined (see [`declared_names`]). An empty result means accepted.
pub fn audit(backend: Backend, text: &str, expected: &str, protected: &[String]) -> Vec<Violation> {
    let mut v = Vec::new();
    let code = strip_comments(backend, text);
    let toks = tokens(&code);
    for (i, t) in toks.iter().enumerate() {
        let word = t.text.trim_end_matches('.');
        // `@[implemented_by f]`, `Lean.Elab.Command`: the forbidden part may be a prefix.
        let key = if word.starts_with("Lean.Elab") {
            "Lean.Elab"
        } else if word.starts_with("Lean.Meta") {
            "Lean.Meta"
        } else {
            word
        };
        if let Some(rule) = forbidden(backend, key) {
            v.push(Violation { rule, line: t.line, message: format!("`{word}` is not allowed") });
        }
        if backend == Backend::Lean && word == "set_option" {
            let opt = toks.get(i + 1).map_or("", |t| t.text);
            if !LEAN_SAFE_OPTIONS.contains(&opt) {
                v.push(Violation {
                    rule: "no-unsafe-option",
                    line: t.line,
                    message: format!("`set_option {opt}` may weaken checking"),
                });
            }
        }
        if backend == Backend::Lean && word == "import" {
            let m = toks.get(i + 1).map_or("", |t| t.text);
            if m == "Lean" || m.starts_with("Lean.") {
                v.push(Violation {
                    rule: "no-metaprogram",
                    line: t.line,
                    message: format!("`import {m}` brings in the metaprogramming API"),
                });
            }
        }
        if backend == Backend::Coq && word == "Set" {
            // `Set` as a sort is fine; as a command (at a sentence start, after any modifier such
            // as `Local`) it is an option change.
            let at_start = coq_sentence_head(&toks, i);
            let opt = toks.get(i + 1).map_or("", |t| t.text);
            if at_start && opt != "Implicit" {
                v.push(Violation {
                    rule: "no-unsafe-option",
                    line: t.line,
                    message: format!("`Set {opt}` changes checking or elaboration"),
                });
            }
        }
    }
    if backend == Backend::Coq {
        coq_scoping_checks(&toks, &mut v);
    }
    for n in global_bindings(backend, &code, &toks) {
        let name = n.text.trim_end_matches('.');
        let last = name.rsplit('.').next().unwrap_or(name);
        if protected.iter().any(|p| p == name || p == last) {
            v.push(Violation {
                rule: "no-redefinition",
                line: n.line,
                message: format!("`{name}` redefines or shadows a generated declaration"),
            });
        }
    }
    statement_check(backend, &code, &toks, expected, &mut v);
    v.sort_by_key(|x| x.line);
    v
}

/// Libraries a Coq proof file may load: the standard library and certplan's generated modules
/// (`Certplan`: the PDDL export and generalized-planning modules; `DHeur`: the printed domain
/// heuristics and the shared admissibility lemma, crates/dheur/proofs). Anything else (a file
/// left in the load path, an installed package) could bring axioms or definitions the audit
/// never saw.
const COQ_LIBRARIES: &[&str] = &["Coq", "Certplan", "DHeur"];

/// Coq's scoping loopholes: a `Module` or `Section` lets a file declare a second `solve` (or
/// `solveComplete`) and make one or the other the visible name with `Import`/`Export`/`Include`,
/// so the theorem checked and the program run (the last visible `solve`) could differ; and a
/// `Require` of a foreign library brings in unaudited text. An honest proof file needs neither.
fn coq_scoping_checks(toks: &[Token], v: &mut Vec<Violation>) {
    for (i, t) in toks.iter().enumerate() {
        let word = t.text.trim_end_matches('.');
        if !coq_sentence_head(toks, i) || (coq_modifier(word) && word != "Import" && word != "Export") {
            continue;
        }
        match word {
            "Module" | "Section" | "Include" | "Functor" => v.push(Violation {
                rule: "no-module",
                line: t.line,
                message: format!("`{word}` may hide a second declaration of a fixed name behind a scope"),
            }),
            "From" => {
                let lib = toks.get(i + 1).map_or("", |t| t.text);
                if !COQ_LIBRARIES.contains(&lib) {
                    v.push(Violation {
                        rule: "no-foreign-require",
                        line: t.line,
                        message: format!("`From {lib}` loads a library other than Coq's and certplan's"),
                    });
                }
            }
            "Require" => {
                // Without `From`: every loaded name must be qualified by an allowed library.
                let from = i >= 2 && toks[i - 2].text == "From" && coq_sentence_head(toks, i - 2);
                if from {
                    continue;
                }
                for n in toks[i + 1..].iter() {
                    let name = n.text.trim_end_matches('.');
                    if !matches!(name, "Import" | "Export") {
                        let root = name.split('.').next().unwrap_or(name);
                        if !COQ_LIBRARIES.contains(&root) || !name.contains('.') {
                            v.push(Violation {
                                rule: "no-foreign-require",
                                line: n.line,
                                message: format!("`Require {name}` loads a library other than Coq's and certplan's"),
                            });
                        }
                    }
                    if n.text.ends_with('.') {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    // `solve` is declared once: with scopes refused, a second declaration is a Coq error anyway,
    // but the verdict should say so before the rebuild. (`solveComplete` is `statement_check`'s.)
    let decls: Vec<&Token> = toks
        .windows(2)
        .filter(|w| declaration_keyword(Backend::Coq, w[0].text) && w[1].text.trim_end_matches('.') == "solve")
        .map(|w| &w[1])
        .collect();
    if let Some(second) = decls.get(1) {
        v.push(Violation {
            rule: "no-redefinition",
            line: second.line,
            message: "`solve` is declared more than once".into(),
        });
    }
}

fn statement_check(backend: Backend, code: &str, toks: &[Token], expected: &str, v: &mut Vec<Violation>) {
    let want = normalize(&strip_comments(backend, expected));
    let Some(name) = statement_name(backend, expected) else {
        v.push(Violation {
            rule: "expected-statement",
            line: 0,
            message: "the statement file declares no theorem".into(),
        });
        return;
    };
    let decls: Vec<&Token> = toks
        .windows(2)
        .filter(|w| declaration_keyword(backend, w[0].text) && w[1].text.trim_end_matches('.') == name)
        .map(|w| &w[1])
        .collect();
    if decls.is_empty() {
        v.push(Violation { rule: "expected-statement", line: 0, message: format!("no declaration of `{name}`") });
        return;
    }
    if decls.len() > 1 {
        v.push(Violation {
            rule: "expected-statement",
            line: decls[1].line,
            message: format!("`{name}` is declared more than once"),
        });
    }
    // The statement must occur verbatim (up to whitespace) and be followed by its proof.
    let normalized = normalize(code);
    let found = normalized.match_indices(&want).any(|(at, _)| {
        // A token boundary: the statement starts with its keyword.
        let before_ok = at == 0 || normalized[..at].ends_with(' ');
        let after = normalized[at + want.len()..].trim_start();
        let after_ok = match backend {
            Backend::Coq => after.starts_with("Proof") || after.starts_with(":="),
            Backend::Lean => after.starts_with(":="),
        };
        before_ok && after_ok
    });
    if !found {
        v.push(Violation {
            rule: "expected-statement",
            line: decls[0].line,
            message: format!("`{name}` does not have exactly the expected statement"),
        });
        return;
    }
    if backend == Backend::Coq {
        // The proof must be closed by `Qed` (or `Defined`): `Admitted` is caught above, `Abort`
        // would leave the name undefined.
        let after_decl = toks.iter().skip_while(|t| !std::ptr::eq(*t, decls[0])).skip(1);
        let end = after_decl
            .map(|t| t.text.trim_end_matches('.'))
            .find(|w| matches!(*w, "Qed" | "Defined" | "Admitted" | "Abort"));
        if !matches!(end, Some("Qed") | Some("Defined")) {
            v.push(Violation {
                rule: "expected-statement",
                line: decls[0].line,
                message: format!("the proof of `{name}` is not closed by `Qed`"),
            });
        }
    }
}
