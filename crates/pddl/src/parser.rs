//! Recursive-descent lowering of the [`TokenTree`] to the typed AST.
//!
//! Parsing never fails: every function returns a node (an `Error` node where the input was
//! malformed) and pushes a diagnostic, then the parser goes on with the next sibling. Recovery is
//! natural at list boundaries, because the token tree already knows where each list ends.
//!
//! Keywords are matched case-insensitively without allocating (see [`lower`]). Recursion depth is
//! bounded by [`MAX_DEPTH`], so a deeply nested file is a diagnostic, not a stack overflow.

use crate::ast::*;
use crate::diagnostic::{Diagnostic, codes};
use crate::lexer::{Token, TokenKind, TokenTree};
use crate::span::{FileId, Span};
use crate::suggest::did_you_mean;

/// The deepest nesting of lists the parser descends into. IPC files stay below 20; the bound
/// keeps recursion (and the recursive drop of the tree) well inside a 2 MiB thread stack.
pub const MAX_DEPTH: u32 = 200;

/// The result of parsing: whatever tree could be built, and every problem found on the way.
#[derive(Debug)]
pub struct Parse<T> {
    pub value: Option<T>,
    pub diagnostics: Vec<Diagnostic>,
}

impl<T> Parse<T> {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.is_error())
    }
}

/// Parses a domain or a problem file.
pub fn parse_definition(src: &str, file: FileId) -> Parse<Definition> {
    let mut diags = Vec::new();
    let tree = TokenTree::build(src, file, &mut diags);
    let mut p = Parser { src, toks: &tree.tokens, file, diags, depth: 0, depth_reported: false };
    let value = p.file();
    Parse { value, diagnostics: p.diags }
}

/// Parses a file that must be a domain.
pub fn parse_domain(src: &str, file: FileId) -> Parse<Domain> {
    expect_kind(parse_definition(src, file), file, "domain", |d| match d {
        Definition::Domain(d) => Ok(d),
        Definition::Problem(p) => Err(p.span),
    })
}

/// Parses a file that must be a problem.
pub fn parse_problem(src: &str, file: FileId) -> Parse<Problem> {
    expect_kind(parse_definition(src, file), file, "problem", |d| match d {
        Definition::Problem(p) => Ok(p),
        Definition::Domain(d) => Err(d.span),
    })
}

fn expect_kind<T>(
    parse: Parse<Definition>,
    file: FileId,
    what: &str,
    pick: impl FnOnce(Definition) -> Result<T, Span>,
) -> Parse<T> {
    let mut diagnostics = parse.diagnostics;
    let value = match parse.value.map(pick) {
        Some(Ok(v)) => Some(v),
        Some(Err(span)) => {
            let other = if what == "domain" { "problem" } else { "domain" };
            diagnostics.push(Diagnostic::error(
                codes::EXPECTED,
                file,
                span,
                format!("expected a {what} file, found a {other} definition"),
            ));
            None
        }
        None => None,
    };
    Parse { value, diagnostics }
}

/// Lowercases a short ASCII word into `buf` for keyword matching; longer words are no keyword.
fn lower<'b>(text: &str, buf: &'b mut [u8; 32]) -> &'b str {
    if text.len() > buf.len() {
        return "";
    }
    let b = &mut buf[..text.len()];
    b.copy_from_slice(text.as_bytes());
    b.make_ascii_lowercase();
    std::str::from_utf8(b).unwrap_or("")
}

/// Iterates over the items of a list, skipping over nested lists as wholes.
#[derive(Clone)]
struct Items<'a> {
    toks: &'a [Token],
    i: usize,
    end: usize,
}

impl Iterator for Items<'_> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.i >= self.end {
            return None;
        }
        let n = self.i;
        self.i = next_sibling(self.toks, n);
        Some(n)
    }
}

fn next_sibling(toks: &[Token], n: usize) -> usize {
    match toks[n].kind {
        TokenKind::LParen => toks[n].partner as usize + 1,
        _ => n + 1,
    }
}

const DOMAIN_SECTIONS: &[&str] = &[
    ":requirements",
    ":types",
    ":constants",
    ":predicates",
    ":functions",
    ":constraints",
    ":action",
    ":durative-action",
    ":derived",
];
const PROBLEM_SECTIONS: &[&str] =
    &[":domain", ":requirements", ":objects", ":init", ":goal", ":constraints", ":metric"];
const ACTION_KEYS: &[&str] = &[":parameters", ":precondition", ":effect"];
const DURATIVE_KEYS: &[&str] = &[":parameters", ":duration", ":condition", ":effect"];

struct Parser<'a> {
    src: &'a str,
    toks: &'a [Token],
    file: FileId,
    diags: Vec<Diagnostic>,
    depth: u32,
    depth_reported: bool,
}

impl<'a> Parser<'a> {
    // ---- token-tree access ----

    fn kind(&self, n: usize) -> TokenKind {
        self.toks[n].kind
    }
    fn is_list(&self, n: usize) -> bool {
        self.toks[n].kind == TokenKind::LParen
    }
    fn text(&self, n: usize) -> &'a str {
        let t = &self.toks[n];
        &self.src[t.start as usize..t.end as usize]
    }
    fn span(&self, n: usize) -> Span {
        let t = &self.toks[n];
        if t.kind == TokenKind::LParen {
            Span { start: t.start, end: self.toks[t.partner as usize].end }
        } else {
            t.span()
        }
    }
    fn items(&self, list: usize) -> Items<'a> {
        Items { toks: self.toks, i: list + 1, end: self.toks[list].partner as usize }
    }
    fn item_vec(&self, list: usize) -> Vec<usize> {
        self.items(list).collect()
    }
    /// The first item of a list when it is a word (name or keyword).
    fn head(&self, list: usize) -> Option<usize> {
        let first = list + 1;
        let k = self.kind(first);
        (first < self.toks[list].partner as usize && matches!(k, TokenKind::Name | TokenKind::Keyword)).then_some(first)
    }
    fn name(&self, n: usize) -> Name {
        Name { text: self.text(n).into(), span: self.span(n) }
    }
    fn variable(&self, n: usize) -> Variable {
        Variable { name: self.text(n)[1..].into(), span: self.span(n) }
    }
    fn describe(&self, n: usize) -> String {
        match self.kind(n) {
            TokenKind::LParen => "a list".into(),
            TokenKind::RParen => "`)`".into(),
            TokenKind::Name => format!("the name `{}`", self.text(n)),
            TokenKind::Variable => format!("the variable `{}`", self.text(n)),
            TokenKind::Keyword => format!("the keyword `{}`", self.text(n)),
            TokenKind::Number => format!("the number `{}`", self.text(n)),
        }
    }

    // ---- diagnostics ----

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags.push(Diagnostic::error(codes::EXPECTED, self.file, span, message));
    }
    fn expected(&mut self, what: &str, n: usize) {
        let found = self.describe(n);
        self.error(self.span(n), format!("expected {what}, found {found}"));
    }
    fn missing(&mut self, what: &str, list: usize) {
        let end = self.toks[self.toks[list].partner as usize].start;
        self.error(Span { start: end, end }, format!("expected {what} before `)`"));
    }
    fn unknown_keyword(&mut self, n: usize, context: &str, known: &[&str]) {
        let word = self.text(n);
        let mut d =
            Diagnostic::error(codes::UNKNOWN_KEYWORD, self.file, self.span(n), format!("unknown {context} `{word}`"));
        match did_you_mean(word, known.iter().copied()) {
            Some(s) => d = d.with_help(format!("did you mean `{s}`?")),
            None => d = d.with_help(format!("expected one of {}", known.join(", "))),
        }
        self.diags.push(d);
    }
    fn extra_items(&mut self, rest: &[usize], what: &str) {
        if let (Some(&first), Some(&last)) = (rest.first(), rest.last()) {
            let span = self.span(first).to(self.span(last));
            self.error(span, format!("unexpected extra {} in {what}", plural(rest.len(), "item")));
        }
    }

    /// Enters one level of nesting; false when too deep, with a diagnostic once per section (the
    /// siblings of a too-deep list would otherwise each report the same overflow).
    fn enter(&mut self, n: usize) -> bool {
        if self.depth >= MAX_DEPTH {
            if !self.depth_reported {
                self.diags.push(Diagnostic::error(
                    codes::TOO_DEEP,
                    self.file,
                    self.span(n),
                    format!("expression nested deeper than {MAX_DEPTH} levels"),
                ));
                self.depth_reported = true;
            }
            return false;
        }
        self.depth += 1;
        true
    }
    /// Leaves a level entered with a successful [`Parser::enter`].
    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn number(&mut self, n: usize) -> f64 {
        let v: f64 = self.text(n).parse().unwrap_or(f64::NAN);
        if !v.is_finite() {
            self.diags.push(Diagnostic::error(
                codes::BAD_NUMBER,
                self.file,
                self.span(n),
                format!("number `{}` is out of range", self.text(n)),
            ));
            return 0.0;
        }
        v
    }

    // ---- files ----

    fn file(&mut self) -> Option<Definition> {
        let top: Vec<usize> = Items { toks: self.toks, i: 0, end: self.toks.len() }.collect();
        let Some(&first) = top.first() else {
            let end = self.src.len();
            self.diags.push(Diagnostic::error(
                codes::EMPTY_FILE,
                self.file,
                Span::new(end, end),
                "the file contains no `(define ...)`",
            ));
            return None;
        };
        let def =
            if self.is_list(first) && self.head(first).is_some_and(|h| self.text(h).eq_ignore_ascii_case("define")) {
                self.define(first)
            } else {
                self.expected("`(define (domain ...) ...)` or `(define (problem ...) ...)`", first);
                None
            };
        if top.len() > 1 {
            let span = self.span(top[1]).to(self.span(top[top.len() - 1]));
            self.diags.push(
                Diagnostic::error(codes::TRAILING, self.file, span, "unexpected content after the definition")
                    .with_help("a PDDL file holds one `(define ...)`; check for an extra `)` that closed it early"),
            );
        }
        def
    }

    fn define(&mut self, list: usize) -> Option<Definition> {
        let items = self.item_vec(list);
        let Some(&header) = items.get(1) else {
            self.missing("`(domain NAME)` or `(problem NAME)`", list);
            return None;
        };
        let header_items = if self.is_list(header) { self.item_vec(header) } else { Vec::new() };
        let (kind, name) = match header_items.as_slice() {
            [k, n] if self.kind(*n) == TokenKind::Name || self.kind(*n) == TokenKind::Number => {
                (self.text(*k).to_ascii_lowercase(), self.name(*n))
            }
            _ => {
                self.expected("`(domain NAME)` or `(problem NAME)`", header);
                return None;
            }
        };
        let span = self.span(list);
        match kind.as_str() {
            "domain" => Some(Definition::Domain(self.domain(name, &items[2..], span))),
            "problem" => Some(Definition::Problem(self.problem(name, &items[2..], span))),
            _ => {
                self.unknown_keyword(header_items[0], "definition kind", &["domain", "problem"]);
                None
            }
        }
    }

    /// Splits `(:keyword ...)` sections; reports non-sections and duplicates of sections that
    /// may appear once.
    fn section_head(&mut self, n: usize) -> Option<usize> {
        if self.is_list(n)
            && let Some(h) = self.head(n)
            && self.kind(h) == TokenKind::Keyword
        {
            return Some(h);
        }
        self.expected("a section like `(:keyword ...)`", n);
        None
    }

    fn once(&mut self, seen: &mut Vec<(&'static str, Span)>, key: &'static str, n: usize) {
        let span = self.span(n);
        if let Some(&(_, first)) = seen.iter().find(|(k, _)| *k == key) {
            self.diags.push(
                Diagnostic::error(codes::DUPLICATE_SECTION, self.file, span, format!("duplicate `{key}` section"))
                    .with_label(self.file, first, "first given here"),
            );
        } else {
            seen.push((key, span));
        }
    }

    fn domain(&mut self, name: Name, sections: &[usize], span: Span) -> Domain {
        let mut d = Domain {
            name,
            requirements: Vec::new(),
            types: Vec::new(),
            constants: Vec::new(),
            predicates: Vec::new(),
            functions: Vec::new(),
            constraints: None,
            actions: Vec::new(),
            durative_actions: Vec::new(),
            derived: Vec::new(),
            span,
        };
        let mut seen = Vec::new();
        for &s in sections {
            self.depth_reported = false;
            let Some(h) = self.section_head(s) else { continue };
            let rest: Vec<usize> = self.items(s).skip(1).collect();
            let mut buf = [0u8; 32];
            match lower(self.text(h), &mut buf) {
                ":requirements" => {
                    self.once(&mut seen, ":requirements", s);
                    d.requirements.extend(self.requirements(&rest));
                }
                ":types" => {
                    self.once(&mut seen, ":types", s);
                    let types =
                        self.typed_list(&rest, "a type name", |p, n| (p.kind(n) == TokenKind::Name).then(|| p.name(n)));
                    d.types.extend(types);
                }
                ":constants" => {
                    self.once(&mut seen, ":constants", s);
                    let c = self.typed_list(&rest, "a constant name", Self::object_name);
                    d.constants.extend(c);
                }
                ":predicates" => {
                    self.once(&mut seen, ":predicates", s);
                    for &n in &rest {
                        if let Some(p) = self.predicate_decl(n) {
                            d.predicates.push(p);
                        }
                    }
                }
                ":functions" => {
                    self.once(&mut seen, ":functions", s);
                    d.functions.extend(self.function_decls(&rest));
                }
                ":constraints" => {
                    self.once(&mut seen, ":constraints", s);
                    d.constraints = self.single_gd(s, &rest, "constraint");
                }
                ":action" => {
                    if let Some(a) = self.action(s, &rest) {
                        d.actions.push(a);
                    }
                }
                ":durative-action" => {
                    if let Some(a) = self.durative_action(s, &rest) {
                        d.durative_actions.push(a);
                    }
                }
                ":derived" => {
                    if let Some(a) = self.derived(s, &rest) {
                        d.derived.push(a);
                    }
                }
                ":timeless" | ":extends" | ":domain-variables" => {
                    let word = self.text(h).to_ascii_lowercase();
                    self.diags.push(Diagnostic::warning(
                        codes::IGNORED_SECTION,
                        self.file,
                        self.span(s),
                        format!("PDDL 1.2 section `{word}` is not part of PDDL 3.1 and is ignored"),
                    ));
                }
                _ => self.unknown_keyword(h, "domain section", DOMAIN_SECTIONS),
            }
        }
        d
    }

    fn problem(&mut self, name: Name, sections: &[usize], span: Span) -> Problem {
        let mut p = Problem {
            name,
            domain: Name::new("", Span::default()),
            requirements: Vec::new(),
            objects: Vec::new(),
            init: Vec::new(),
            goal: None,
            constraints: None,
            metric: None,
            span,
        };
        let mut seen = Vec::new();
        for &s in sections {
            self.depth_reported = false;
            let Some(h) = self.section_head(s) else { continue };
            let rest: Vec<usize> = self.items(s).skip(1).collect();
            let mut buf = [0u8; 32];
            match lower(self.text(h), &mut buf) {
                ":domain" => {
                    self.once(&mut seen, ":domain", s);
                    match rest.as_slice() {
                        [n] if self.kind(*n) == TokenKind::Name => p.domain = self.name(*n),
                        [n, ..] => self.expected("the domain's name", *n),
                        [] => self.missing("the domain's name", s),
                    }
                }
                ":requirements" => {
                    self.once(&mut seen, ":requirements", s);
                    p.requirements.extend(self.requirements(&rest));
                }
                ":objects" => {
                    self.once(&mut seen, ":objects", s);
                    let o = self.typed_list(&rest, "an object name", Self::object_name);
                    p.objects.extend(o);
                }
                ":init" => {
                    self.once(&mut seen, ":init", s);
                    p.init.reserve(rest.len());
                    for &n in &rest {
                        if let Some(e) = self.init_element(n) {
                            p.init.push(e);
                        }
                    }
                }
                ":goal" => {
                    self.once(&mut seen, ":goal", s);
                    p.goal = self.single_gd(s, &rest, "goal");
                }
                ":constraints" => {
                    self.once(&mut seen, ":constraints", s);
                    p.constraints = self.single_gd(s, &rest, "constraint");
                }
                ":metric" => {
                    self.once(&mut seen, ":metric", s);
                    p.metric = self.metric(s, &rest);
                }
                ":length" => self.diags.push(Diagnostic::warning(
                    codes::IGNORED_SECTION,
                    self.file,
                    self.span(s),
                    "PDDL 1.2 section `:length` is not part of PDDL 3.1 and is ignored",
                )),
                _ => self.unknown_keyword(h, "problem section", PROBLEM_SECTIONS),
            }
        }
        if p.domain.text.is_empty() {
            self.diags.push(
                Diagnostic::error(codes::MISSING_SECTION, self.file, span, "the problem has no `(:domain NAME)`")
                    .with_help("add `(:domain NAME)` after `(problem ...)`"),
            );
        }
        p
    }

    fn requirements(&mut self, items: &[usize]) -> Vec<Requirement> {
        let mut out = Vec::with_capacity(items.len());
        for &n in items {
            if self.kind(n) == TokenKind::Keyword {
                out.push(Requirement { name: self.name(n) });
            } else {
                self.expected("a requirement flag like `:strips`", n);
            }
        }
        out
    }

    fn object_name(&self, n: usize) -> Option<Name> {
        matches!(self.kind(n), TokenKind::Name | TokenKind::Number).then(|| self.name(n))
    }

    /// `a b - t c - (either u v) d`: items followed by `- type` get that type; the rest none.
    fn typed_list<T>(
        &mut self,
        items: &[usize],
        what: &str,
        item: impl Fn(&Self, usize) -> Option<T>,
    ) -> Vec<Typed<T>> {
        let mut out: Vec<Typed<T>> = Vec::with_capacity(items.len());
        let mut pending = 0; // items at the end of `out` still waiting for a type
        let mut i = 0;
        while i < items.len() {
            let n = items[i];
            if self.kind(n) == TokenKind::Name && self.text(n) == "-" {
                let Some(&t) = items.get(i + 1) else {
                    self.error(self.span(n), "expected a type after `-`");
                    break;
                };
                if pending == 0 {
                    self.error(self.span(n), "`-` with no names before it");
                }
                let ty = self.ty(t);
                let len = out.len();
                for typed in &mut out[len - pending..] {
                    typed.ty = ty.clone();
                }
                pending = 0;
                i += 2;
                continue;
            }
            // `?c -compressor` (seen in public files): almost surely `- compressor`. Reported as an
            // error, but read as meant, so that the rest of the file is still checked.
            let text = self.text(n);
            if self.kind(n) == TokenKind::Name && text.len() > 1 && text.starts_with('-') && pending == 0 {
                // No names wait for a type, so this cannot be one; and no PDDL name starts with `-`.
                self.diags.push(Diagnostic::error(
                    codes::DASH_TYPE,
                    self.file,
                    self.span(n),
                    format!("`{text}` is not a name"),
                ));
                i += 1;
                continue;
            }
            if self.kind(n) == TokenKind::Name && text.len() > 1 && text.starts_with('-') {
                let span = self.span(n);
                self.diags.push(
                    Diagnostic::error(codes::DASH_TYPE, self.file, span, format!("`{text}` is not a name"))
                        .with_help(format!("write `- {}` (with a space) to give the type", &text[1..])),
                );
                let ty = Type::Name(Name::new(&text[1..], Span { start: span.start + 1, end: span.end }));
                let len = out.len();
                for typed in &mut out[len - pending..] {
                    typed.ty = Some(ty.clone());
                }
                pending = 0;
                i += 1;
                continue;
            }
            match item(self, n) {
                Some(v) => {
                    out.push(Typed { item: v, ty: None });
                    pending += 1;
                }
                None => self.expected(what, n),
            }
            i += 1;
        }
        out
    }

    fn ty(&mut self, n: usize) -> Option<Type> {
        match self.kind(n) {
            TokenKind::Name => Some(Type::Name(self.name(n))),
            TokenKind::LParen => {
                let items = self.item_vec(n);
                if items
                    .first()
                    .is_some_and(|&h| self.kind(h) == TokenKind::Name && self.text(h).eq_ignore_ascii_case("either"))
                {
                    let mut names = Vec::new();
                    for &m in &items[1..] {
                        if self.kind(m) == TokenKind::Name {
                            names.push(self.name(m));
                        } else {
                            self.expected("a type name", m);
                        }
                    }
                    if names.is_empty() {
                        self.missing("at least one type", n);
                    }
                    Some(Type::Either(names, self.span(n)))
                } else {
                    self.expected("a type name or `(either ...)`", n);
                    None
                }
            }
            _ => {
                self.expected("a type name", n);
                None
            }
        }
    }

    fn variables(&mut self, list: usize) -> Vec<Typed<Variable>> {
        if !self.is_list(list) {
            self.expected("a parameter list like `(?x - type)`", list);
            return Vec::new();
        }
        let items = self.item_vec(list);
        self.typed_list(&items, "a variable like `?x`", |p, n| {
            (p.kind(n) == TokenKind::Variable && p.text(n).len() > 1).then(|| p.variable(n))
        })
    }

    fn predicate_decl(&mut self, n: usize) -> Option<PredicateDecl> {
        if !self.is_list(n) {
            self.expected("a predicate declaration like `(p ?x - type)`", n);
            return None;
        }
        let Some(h) = self.head(n).filter(|&h| self.kind(h) == TokenKind::Name) else {
            self.expected("a predicate declaration like `(p ?x - type)`", n);
            return None;
        };
        let rest: Vec<usize> = self.items(n).skip(1).collect();
        let parameters = self.typed_list(&rest, "a variable like `?x`", |p, m| {
            (p.kind(m) == TokenKind::Variable && p.text(m).len() > 1).then(|| p.variable(m))
        });
        Some(PredicateDecl { name: self.name(h), parameters, span: self.span(n) })
    }

    /// `(:functions (f ?x) (g) - number (h) - object ...)`.
    fn function_decls(&mut self, items: &[usize]) -> Vec<FunctionDecl> {
        let mut out: Vec<FunctionDecl> = Vec::new();
        let mut pending = 0;
        let mut i = 0;
        while i < items.len() {
            let n = items[i];
            if self.kind(n) == TokenKind::Name && self.text(n) == "-" {
                let Some(&t) = items.get(i + 1) else {
                    self.error(self.span(n), "expected a type after `-`");
                    break;
                };
                if pending == 0 {
                    self.error(self.span(n), "`-` with no function declarations before it");
                }
                let ty = if self.kind(t) == TokenKind::Name && self.text(t).eq_ignore_ascii_case("number") {
                    FunctionType::Number(self.span(t))
                } else {
                    match self.ty(t) {
                        Some(ty) => FunctionType::Object(ty),
                        None => FunctionType::Default,
                    }
                };
                let len = out.len();
                for f in &mut out[len - pending..] {
                    f.ty = ty.clone();
                }
                pending = 0;
                i += 2;
                continue;
            }
            if let Some(p) = self.predicate_decl(n) {
                out.push(FunctionDecl {
                    name: p.name,
                    parameters: p.parameters,
                    ty: FunctionType::Default,
                    span: p.span,
                });
                pending += 1;
            }
            i += 1;
        }
        out
    }

    /// The value of a section that holds exactly one goal description.
    fn single_gd(&mut self, section: usize, rest: &[usize], what: &str) -> Option<Gd> {
        match rest {
            [] => {
                self.missing(&format!("a {what}"), section);
                None
            }
            [n, extra @ ..] => {
                let g = self.gd(*n);
                self.extra_items(extra, &format!("the {what} section (wrap several in `(and ...)`)"));
                Some(g)
            }
        }
    }

    /// Reads `:key value` pairs of an action-like body.
    fn key_values(&mut self, rest: &[usize], known: &[&str], context: &str) -> Vec<(&'static str, usize)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < rest.len() {
            let k = rest[i];
            if self.kind(k) != TokenKind::Keyword {
                self.expected(&format!("one of {}", known.join(", ")), k);
                i += 1;
                continue;
            }
            let key = known.iter().find(|s| s.eq_ignore_ascii_case(self.text(k)));
            let Some(&key) = key else {
                self.unknown_keyword(k, context, known);
                i += 2;
                continue;
            };
            let Some(&v) = rest.get(i + 1) else {
                self.error(self.span(k), format!("`{key}` has no value"));
                break;
            };
            if let Some(&(_, _)) = out.iter().find(|(kk, _)| *kk == key) {
                self.diags.push(Diagnostic::error(
                    codes::DUPLICATE_SECTION,
                    self.file,
                    self.span(k),
                    format!("`{key}` given twice"),
                ));
            } else {
                out.push((known_static(key), v));
            }
            i += 2;
        }
        out
    }

    fn action_name(&mut self, section: usize, rest: &[usize]) -> Option<Name> {
        match rest.first() {
            Some(&n) if self.kind(n) == TokenKind::Name => Some(self.name(n)),
            Some(&n) => {
                self.expected("the action's name", n);
                None
            }
            None => {
                self.missing("the action's name", section);
                None
            }
        }
    }

    fn action(&mut self, section: usize, rest: &[usize]) -> Option<Action> {
        let name = self.action_name(section, rest)?;
        let mut a = Action { name, parameters: Vec::new(), precondition: None, effect: None, span: self.span(section) };
        for (key, v) in self.key_values(&rest[1..], ACTION_KEYS, "action keyword") {
            match key {
                ":parameters" => a.parameters = self.variables(v),
                ":precondition" => a.precondition = Some(self.gd(v)),
                _ => a.effect = Some(self.effect(v)),
            }
        }
        Some(a)
    }

    fn durative_action(&mut self, section: usize, rest: &[usize]) -> Option<DurativeAction> {
        let name = self.action_name(section, rest)?;
        let mut a = DurativeAction {
            name,
            parameters: Vec::new(),
            duration: None,
            condition: None,
            effect: None,
            span: self.span(section),
        };
        for (key, v) in self.key_values(&rest[1..], DURATIVE_KEYS, "durative action keyword") {
            match key {
                ":parameters" => a.parameters = self.variables(v),
                ":duration" => a.duration = Some(self.duration(v)),
                ":condition" => a.condition = Some(self.gd(v)),
                _ => a.effect = Some(self.effect(v)),
            }
        }
        Some(a)
    }

    fn duration(&mut self, n: usize) -> DurationConstraint {
        let span = self.span(n);
        if !self.is_list(n) {
            self.expected("a duration constraint like `(= ?duration 5)`", n);
            return DurationConstraint::Error(span);
        }
        if !self.enter(n) {
            return DurationConstraint::Error(span);
        }
        let items = self.item_vec(n);
        let out = self.duration_inner(n, &items, span);
        self.leave();
        out
    }

    fn duration_inner(&mut self, n: usize, items: &[usize], span: Span) -> DurationConstraint {
        let Some(&h) = items.first() else {
            return DurationConstraint::And(Vec::new(), span);
        };
        let mut buf = [0u8; 32];
        let head = if self.kind(h) == TokenKind::Name { lower(self.text(h), &mut buf) } else { "" };
        if head == "and" {
            return DurationConstraint::And(items[1..].iter().map(|&m| self.duration(m)).collect(), span);
        }
        if head == "at" && items.len() == 3 && self.is_list(items[2]) {
            let time = match self.text(items[1]).to_ascii_lowercase().as_str() {
                "start" => TimeSpec::AtStart,
                "end" => TimeSpec::AtEnd,
                _ => {
                    self.expected("`start` or `end`", items[1]);
                    return DurationConstraint::Error(span);
                }
            };
            return match self.duration(items[2]) {
                DurationConstraint::Compare { op, value, .. } => {
                    DurationConstraint::Compare { time: Some(time), op, value, span }
                }
                other => other,
            };
        }
        let Some(op) = Comparison::from_symbol(head) else {
            self.expected("`(= ?duration ...)`, `(<= ?duration ...)`, `(>= ?duration ...)` or `(and ...)`", h);
            return DurationConstraint::Error(span);
        };
        match items {
            [_, d, v] if self.kind(*d) == TokenKind::Variable && self.text(*d).eq_ignore_ascii_case("?duration") => {
                DurationConstraint::Compare { time: None, op, value: self.expr(*v), span }
            }
            [_, d, _] => {
                self.expected("`?duration`", *d);
                DurationConstraint::Error(span)
            }
            _ => {
                self.error(span, "a duration constraint takes `?duration` and one value");
                let _ = n;
                DurationConstraint::Error(span)
            }
        }
    }

    fn derived(&mut self, section: usize, rest: &[usize]) -> Option<DerivedPredicate> {
        let Some(&h) = rest.first() else {
            self.missing("the derived predicate `(p ?x ...)`", section);
            return None;
        };
        let head = self.predicate_decl(h)?;
        let body = match rest.get(1) {
            Some(&b) => self.gd(b),
            None => {
                self.missing("the derived predicate's condition", section);
                Gd { kind: GdKind::Error, span: self.span(section) }
            }
        };
        self.extra_items(rest.get(2..).unwrap_or(&[]), "the derived predicate");
        Some(DerivedPredicate { head, body, span: self.span(section) })
    }

    fn metric(&mut self, section: usize, rest: &[usize]) -> Option<Metric> {
        let [d, e, extra @ ..] = rest else {
            self.missing("`minimize` or `maximize` and an expression", section);
            return None;
        };
        let optimization = match self.text(*d).to_ascii_lowercase().as_str() {
            "minimize" => Optimization::Minimize,
            "maximize" => Optimization::Maximize,
            _ => {
                self.expected("`minimize` or `maximize`", *d);
                return None;
            }
        };
        let expr = self.expr(*e);
        self.extra_items(extra, "the metric");
        Some(Metric { optimization, expr, span: self.span(section) })
    }

    // ---- init ----

    fn init_element(&mut self, n: usize) -> Option<InitElement> {
        let span = self.span(n);
        if !self.is_list(n) {
            self.expected("an initial fact like `(p a b)`", n);
            return None;
        }
        // Up to four items tell the forms apart (four means "too many" for all but atoms), so no
        // vector is collected per fact.
        let mut first = [0usize; 4];
        let mut len = 0;
        for m in self.items(n).take(4) {
            first[len] = m;
            len += 1;
        }
        let items = &first[..len];
        let Some(&h) = items.first() else {
            self.expected("an initial fact like `(p a b)`", n);
            return None;
        };
        let mut buf = [0u8; 32];
        let head = if self.kind(h) == TokenKind::Name { lower(self.text(h), &mut buf) } else { "" };
        match head {
            "not" => match items {
                [_, a] if self.is_list(*a) => Some(InitElement::NotAtom(self.atom(*a)?, span)),
                _ => {
                    self.error(span, "`not` in `:init` takes one fact");
                    None
                }
            },
            "=" => match items {
                [_, f, v] => {
                    let f = self.function_term(*f)?;
                    let v = self.expr(*v);
                    Some(InitElement::Assign(f, v, span))
                }
                _ => {
                    self.error(span, "an initial value is written `(= (f args) value)`");
                    None
                }
            },
            "at" if items.len() == 3 && self.kind(items[1]) == TokenKind::Number && self.is_list(items[2]) => {
                let t = self.number(items[1]);
                if !self.enter(n) {
                    return None;
                }
                let inner = self.init_element(items[2]);
                self.leave();
                Some(InitElement::At(t, Box::new(inner?), span))
            }
            _ => Some(InitElement::Atom(self.atom(n)?)),
        }
    }

    // ---- terms and atoms ----

    fn term(&mut self, n: usize) -> Option<Term> {
        match self.kind(n) {
            TokenKind::Name | TokenKind::Number => Some(Term::Name(self.name(n))),
            TokenKind::Variable if self.text(n).len() > 1 => Some(Term::Variable(self.variable(n))),
            TokenKind::LParen => self.function_term(n).map(Term::Function),
            _ => {
                self.expected("an object, a variable or a function term", n);
                None
            }
        }
    }

    fn terms(&mut self, items: &[usize]) -> Vec<Term> {
        self.terms_of(items.iter().copied())
    }

    /// Terms of a list's items, straight from the token tree: atoms are most of a problem file,
    /// so no index vector is collected first.
    fn terms_of(&mut self, items: impl Iterator<Item = usize> + Clone) -> Vec<Term> {
        let mut out = Vec::with_capacity(items.clone().count());
        for m in items {
            if let Some(t) = self.term(m) {
                out.push(t);
            }
        }
        out
    }

    fn atom(&mut self, n: usize) -> Option<Atom> {
        if !self.is_list(n) {
            self.expected("an atom like `(p a ?x)`", n);
            return None;
        }
        let Some(h) = self.head(n).filter(|&h| self.kind(h) == TokenKind::Name) else {
            self.expected("an atom like `(p a ?x)`", n);
            return None;
        };
        if !self.enter(n) {
            return None;
        }
        let args = self.terms_of(self.items(n).skip(1));
        self.leave();
        Some(Atom { predicate: self.name(h), args, span: self.span(n) })
    }

    /// `(f args)`, or a bare `f` for a 0-ary function, which some IPC files write.
    fn function_term(&mut self, n: usize) -> Option<FunctionTerm> {
        if self.kind(n) == TokenKind::Name {
            return Some(FunctionTerm { function: self.name(n), args: Vec::new(), span: self.span(n) });
        }
        if !self.is_list(n) {
            self.expected("a function term like `(f a)`", n);
            return None;
        }
        let Some(h) = self.head(n).filter(|&h| self.kind(h) == TokenKind::Name) else {
            self.expected("a function term like `(f a)`", n);
            return None;
        };
        if !self.enter(n) {
            return None;
        }
        let args = self.terms_of(self.items(n).skip(1));
        self.leave();
        Some(FunctionTerm { function: self.name(h), args, span: self.span(n) })
    }

    // ---- goal descriptions ----

    fn gd(&mut self, n: usize) -> Gd {
        let span = self.span(n);
        if !self.is_list(n) {
            self.expected("a condition in parentheses", n);
            return Gd { kind: GdKind::Error, span };
        }
        if !self.enter(n) {
            return Gd { kind: GdKind::Error, span };
        }
        let kind = self.gd_kind(n, span);
        self.leave();
        Gd { kind, span }
    }

    fn gd_kind(&mut self, n: usize, span: Span) -> GdKind {
        let items = self.item_vec(n);
        let Some(&h) = items.first() else {
            return GdKind::And(Vec::new());
        };
        if self.kind(h) != TokenKind::Name {
            self.expected("a predicate or a connective (`and`, `or`, `not`, ...)", h);
            return GdKind::Error;
        }
        let args = &items[1..];
        let mut buf = [0u8; 32];
        match lower(self.text(h), &mut buf) {
            "and" => GdKind::And(args.iter().map(|&m| self.gd(m)).collect()),
            "or" => GdKind::Or(args.iter().map(|&m| self.gd(m)).collect()),
            "not" => match args {
                [g] => GdKind::Not(Box::new(self.gd(*g))),
                _ => self.arity_error(span, "`not`", "one condition"),
            },
            "imply" => match args {
                [a, b] => GdKind::Imply(Box::new(self.gd(*a)), Box::new(self.gd(*b))),
                _ => self.arity_error(span, "`imply`", "two conditions"),
            },
            "exists" | "forall" => match args {
                [vars, body] => {
                    let vars = self.variables(*vars);
                    let body = Box::new(self.gd(*body));
                    if self.text(h).eq_ignore_ascii_case("exists") {
                        GdKind::Exists(vars, body)
                    } else {
                        GdKind::Forall(vars, body)
                    }
                }
                _ => self.arity_error(span, "a quantifier", "a variable list and a condition"),
            },
            "preference" => match args {
                [g] => GdKind::Preference(None, Box::new(self.gd(*g))),
                [name, g] if self.kind(*name) == TokenKind::Name => {
                    GdKind::Preference(Some(self.name(*name)), Box::new(self.gd(*g)))
                }
                _ => self.arity_error(span, "`preference`", "an optional name and a condition"),
            },
            "at" | "over" if let Some(t) = self.time_spec(&items) => GdKind::Timed(t, Box::new(self.gd(items[2]))),
            "<" | "<=" | ">" | ">=" => self.comparison(h, args, span),
            "=" => {
                let is_term = |p: &Self, m: usize| matches!(p.kind(m), TokenKind::Name | TokenKind::Variable);
                if args.len() == 2 && args.iter().all(|&m| is_term(self, m)) {
                    GdKind::Atom(Atom { predicate: self.name(h), args: self.terms(args), span })
                } else {
                    self.comparison(h, args, span)
                }
            }
            word => {
                if let Some(m) = Modal::ALL.into_iter().find(|m| m.keyword() == word)
                    && let Some(kind) = self.modal(m, args)
                {
                    return kind;
                }
                let args = self.terms(args);
                GdKind::Atom(Atom { predicate: self.name(h), args, span })
            }
        }
    }

    fn arity_error(&mut self, span: Span, what: &str, takes: &str) -> GdKind {
        self.error(span, format!("{what} takes {takes}"));
        GdKind::Error
    }

    /// `(at start X)`, `(at end X)`, `(over all X)`. A predicate that happens to be called `at`
    /// (very common) has no list as its third item, so it is not mistaken for this.
    fn time_spec(&self, items: &[usize]) -> Option<TimeSpec> {
        let [h, w, body] = items else { return None };
        if self.kind(*w) != TokenKind::Name || !self.is_list(*body) {
            return None;
        }
        let (h, w) = (self.text(*h), self.text(*w));
        if h.eq_ignore_ascii_case("at") && w.eq_ignore_ascii_case("start") {
            Some(TimeSpec::AtStart)
        } else if h.eq_ignore_ascii_case("at") && w.eq_ignore_ascii_case("end") {
            Some(TimeSpec::AtEnd)
        } else if h.eq_ignore_ascii_case("over") && w.eq_ignore_ascii_case("all") {
            Some(TimeSpec::OverAll)
        } else {
            None
        }
    }

    /// A modal operator is recognized only when its arguments have the right shape (numbers, then
    /// lists); otherwise the list is an atom over a predicate that happens to share the name.
    fn modal(&mut self, m: Modal, args: &[usize]) -> Option<GdKind> {
        let (nums, gds) = m.arity();
        if args.len() != nums + gds
            || !args[..nums].iter().all(|&a| self.kind(a) == TokenKind::Number)
            || !args[nums..].iter().all(|&a| self.is_list(a))
        {
            return None;
        }
        let numbers = args[..nums].iter().map(|&a| self.number(a)).collect();
        let gds = args[nums..].iter().map(|&a| self.gd(a)).collect();
        Some(GdKind::Modal(m, numbers, gds))
    }

    fn comparison(&mut self, h: usize, args: &[usize], span: Span) -> GdKind {
        let op = Comparison::from_symbol(self.text(h)).expect("caller matched a comparison symbol");
        match args {
            [a, b] => GdKind::Compare(op, self.expr(*a), self.expr(*b)),
            _ => self.arity_error(span, &format!("`{}`", op.symbol()), "two expressions"),
        }
    }

    // ---- effects ----

    fn effect(&mut self, n: usize) -> Effect {
        let span = self.span(n);
        if !self.is_list(n) {
            self.expected("an effect in parentheses", n);
            return Effect { kind: EffectKind::Error, span };
        }
        if !self.enter(n) {
            return Effect { kind: EffectKind::Error, span };
        }
        let kind = self.effect_kind(n, span);
        self.leave();
        Effect { kind, span }
    }

    fn effect_kind(&mut self, n: usize, span: Span) -> EffectKind {
        let items = self.item_vec(n);
        let Some(&h) = items.first() else {
            return EffectKind::And(Vec::new());
        };
        if self.kind(h) != TokenKind::Name {
            self.expected("an atom or an effect keyword (`and`, `not`, `forall`, `when`, ...)", h);
            return EffectKind::Error;
        }
        let args = &items[1..];
        let mut buf = [0u8; 32];
        let word = lower(self.text(h), &mut buf);
        match word {
            "and" => EffectKind::And(args.iter().map(|&m| self.effect(m)).collect()),
            "not" => match args {
                [a] => match self.atom(*a) {
                    Some(atom) => EffectKind::Delete(atom),
                    None => EffectKind::Error,
                },
                _ => {
                    self.error(span, "`not` in an effect takes one atom");
                    EffectKind::Error
                }
            },
            "forall" => match args {
                [vars, body] => {
                    let vars = self.variables(*vars);
                    EffectKind::Forall(vars, Box::new(self.effect(*body)))
                }
                _ => {
                    self.error(span, "`forall` takes a variable list and an effect");
                    EffectKind::Error
                }
            },
            "when" => match args {
                [c, e] => {
                    let c = self.gd(*c);
                    EffectKind::When(c, Box::new(self.effect(*e)))
                }
                _ => {
                    self.error(span, "`when` takes a condition and an effect");
                    EffectKind::Error
                }
            },
            "at" if let Some(t) = self.time_spec(&items) => EffectKind::Timed(t, Box::new(self.effect(items[2]))),
            _ => {
                if let Some(op) = AssignOp::ALL.into_iter().find(|o| o.keyword() == word) {
                    return match args {
                        [f, v] => match self.function_term(*f) {
                            Some(f) => EffectKind::Assign(op, f, self.expr(*v)),
                            None => EffectKind::Error,
                        },
                        _ => {
                            self.error(span, format!("`{}` takes a function term and a value", op.keyword()));
                            EffectKind::Error
                        }
                    };
                }
                let args = self.terms(args);
                EffectKind::Add(Atom { predicate: self.name(h), args, span })
            }
        }
    }

    // ---- expressions ----

    fn expr(&mut self, n: usize) -> Expr {
        let span = self.span(n);
        match self.kind(n) {
            TokenKind::Number => Expr::Number(self.number(n), span),
            TokenKind::Variable if self.text(n).len() > 1 => Expr::Variable(self.variable(n)),
            TokenKind::Name => {
                let mut buf = [0u8; 32];
                match lower(self.text(n), &mut buf) {
                    "#t" => Expr::ContinuousTime(span),
                    "total-time" => Expr::TotalTime(span),
                    "undefined" => Expr::Undefined(span),
                    _ => Expr::Object(self.name(n)),
                }
            }
            TokenKind::LParen => {
                if !self.enter(n) {
                    return Expr::Error(span);
                }
                let e = self.expr_list(n, span);
                self.leave();
                e
            }
            _ => {
                self.expected("a numeric expression", n);
                Expr::Error(span)
            }
        }
    }

    fn expr_list(&mut self, n: usize, span: Span) -> Expr {
        let items = self.item_vec(n);
        let Some(&h) = items.first() else {
            self.expected("a numeric expression", n);
            return Expr::Error(span);
        };
        if self.kind(h) != TokenKind::Name {
            self.expected("an operator or a function name", h);
            return Expr::Error(span);
        }
        let args = &items[1..];
        let op = match self.text(h) {
            "+" => Some(BinaryOp::Add),
            "-" => Some(BinaryOp::Sub),
            "*" => Some(BinaryOp::Mul),
            "/" => Some(BinaryOp::Div),
            _ => None,
        };
        if let Some(op) = op {
            return match (op, args) {
                (BinaryOp::Sub, [a]) => Expr::Negate(Box::new(self.expr(*a)), span),
                (BinaryOp::Add | BinaryOp::Mul, [_, _, ..]) | (BinaryOp::Sub | BinaryOp::Div, [_, _]) => {
                    Expr::Binary(op, args.iter().map(|&a| self.expr(a)).collect(), span)
                }
                _ => {
                    self.error(span, format!("`{}` has the wrong number of arguments", op.symbol()));
                    Expr::Error(span)
                }
            };
        }
        if self.text(h).eq_ignore_ascii_case("total-time") && args.is_empty() {
            return Expr::TotalTime(span);
        }
        if self.text(h).eq_ignore_ascii_case("is-violated") {
            return match args {
                [p] if self.kind(*p) == TokenKind::Name => Expr::IsViolated(self.name(*p), span),
                _ => {
                    self.error(span, "`is-violated` takes a preference name");
                    Expr::Error(span)
                }
            };
        }
        let args = self.terms(args);
        Expr::Function(FunctionTerm { function: self.name(h), args, span })
    }
}

fn known_static(key: &str) -> &'static str {
    for k in ACTION_KEYS.iter().chain(DURATIVE_KEYS) {
        if *k == key {
            return k;
        }
    }
    unreachable!("key comes from the known-key tables")
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_too_deep_expression_does_not_swallow_the_rest_of_the_file() {
        let deep = format!("{}(p ?x){}", "(and ".repeat(MAX_DEPTH as usize + 6), ")".repeat(MAX_DEPTH as usize + 6));
        let src = format!(
            "(define (domain d) (:predicates (p ?x))
               (:action a :parameters (?x) :precondition {deep} :effect (p ?x))
               (:action b :parameters (?x) :precondition (and (p ?x)) :effect (and)))"
        );
        let parse = parse_domain(&src, FileId(0));
        assert_eq!(parse.diagnostics.len(), 1, "{:?}", parse.diagnostics);
        let d = parse.value.expect("a tree");
        assert!(matches!(d.actions[0].effect.as_ref().map(|e| &e.kind), Some(EffectKind::Add(_))));
        assert!(matches!(d.actions[1].precondition.as_ref().map(|g| &g.kind), Some(GdKind::And(_))));
    }

    #[test]
    fn a_name_starting_with_a_dash_is_an_error_anywhere_in_a_typed_list() {
        for src in [
            "(define (problem r) (:domain g) (:objects y - place -y - place))",
            "(define (problem r) (:domain g) (:objects -y - place))",
        ] {
            let parse = parse_problem(src, FileId(0));
            assert!(parse.diagnostics.iter().any(|d| d.code == codes::DASH_TYPE), "{src}: {:?}", parse.diagnostics);
        }
    }
}
