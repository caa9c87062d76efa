//! Tokens and the bracket tree over them.
//!
//! PDDL is s-expressions, so the lexer is tiny: parentheses, atoms and `;` comments. Atoms are
//! classified (name, `?variable`, `:keyword`, number) here once, so the parser never re-scans text.
//! [`TokenTree`] then matches parentheses iteratively (no recursion, so no stack overflow on deep
//! input): stray `)` are dropped with a diagnostic, unclosed `(` are closed at the end of the file
//! with one, and every `(` knows where its list ends. The tree is a flat `Vec`: no allocation per
//! list, which is what makes the parser fast.

use crate::ast::Comment;
use crate::diagnostic::{Diagnostic, codes};
use crate::span::{FileId, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    LParen,
    RParen,
    Name,
    Variable,
    Keyword,
    Number,
}

#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: TokenKind,
    pub start: u32,
    pub end: u32,
    /// For `LParen`, the index of the matching `RParen`; otherwise unused.
    pub partner: u32,
}

impl Token {
    pub fn span(&self) -> Span {
        Span { start: self.start, end: self.end }
    }
}

fn is_delimiter(b: u8) -> bool {
    matches!(b, b'(' | b')' | b';') || b.is_ascii_whitespace()
}

/// `[-+]?(digits[.digits]|.digits)([eE][-+]?digits)?` — the shapes of numbers in PDDL files.
pub fn is_number(s: &[u8]) -> bool {
    let mut i = 0;
    if i < s.len() && (s[i] == b'-' || s[i] == b'+') {
        i += 1;
    }
    let int_start = i;
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    let mut digits = i - int_start;
    if i < s.len() && s[i] == b'.' {
        i += 1;
        let frac_start = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        digits += i - frac_start;
    }
    if digits == 0 {
        return false;
    }
    if i < s.len() && (s[i] == b'e' || s[i] == b'E') {
        i += 1;
        if i < s.len() && (s[i] == b'-' || s[i] == b'+') {
            i += 1;
        }
        let exp_start = i;
        while i < s.len() && s[i].is_ascii_digit() {
            i += 1;
        }
        if i == exp_start {
            return false;
        }
    }
    i == s.len()
}

/// Splits `src` into tokens. Control characters other than whitespace are reported and skipped.
pub fn lex(src: &str, file: FileId, diags: &mut Vec<Diagnostic>) -> Vec<Token> {
    let bytes = src.as_bytes();
    // Most PDDL tokens are 4-8 bytes long; reserving avoids regrowth on large files.
    let mut tokens = Vec::with_capacity(bytes.len() / 5 + 8);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'(' | b')' => {
                let kind = if b == b'(' { TokenKind::LParen } else { TokenKind::RParen };
                tokens.push(Token { kind, start: i as u32, end: i as u32 + 1, partner: 0 });
                i += 1;
            }
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            _ if b.is_ascii_whitespace() => i += 1,
            _ if b < 0x20 || b == 0x7f => {
                let start = i;
                while i < bytes.len() && (bytes[i] < 0x20 || bytes[i] == 0x7f) && !bytes[i].is_ascii_whitespace() {
                    i += 1;
                }
                diags.push(Diagnostic::error(
                    codes::UNEXPECTED_CHARACTER,
                    file,
                    Span::new(start, i),
                    format!("unexpected control character 0x{b:02x}"),
                ));
            }
            _ => {
                let start = i;
                i += 1;
                // `?` never occurs inside a name, so it starts the next token: `(aircraft?a)` is
                // `aircraft` and `?a`, as in VAL's lexer (and as IPC's zenotravel is written).
                while i < bytes.len()
                    && !is_delimiter(bytes[i])
                    && bytes[i] >= 0x20
                    && bytes[i] != 0x7f
                    && bytes[i] != b'?'
                {
                    i += 1;
                }
                let kind = match b {
                    b'?' => TokenKind::Variable,
                    b':' => TokenKind::Keyword,
                    b'0'..=b'9' | b'-' | b'+' | b'.' if is_number(&bytes[start..i]) => TokenKind::Number,
                    _ => TokenKind::Name,
                };
                tokens.push(Token { kind, start: start as u32, end: i as u32, partner: 0 });
            }
        }
    }
    tokens
}

/// The `;` comments of `src`, in source order.
///
/// In PDDL (domains, problems and plans alike) there are no string literals, so every `;` starts a
/// comment that runs to the end of its line: exactly what [`lex`] skips. Comments are collected by
/// this separate pass instead of inside [`lex`] so that parsing, which never needs them, pays
/// nothing for them; only the printer asks (`certplan fmt`). The test `comments_are_what_lex_skips`
/// holds the two passes to the same reading.
pub fn comments(src: &str) -> Vec<Comment> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut line_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                i += 1;
                line_start = i;
            }
            b';' => {
                let start = i;
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                let text = src[start..i].trim_end();
                let trailing = !src[line_start..start].trim().is_empty();
                out.push(Comment { text: text.to_string(), span: Span::new(start, start + text.len()), trailing });
            }
            _ => i += 1,
        }
    }
    out
}

/// Keywords of the sections that stand directly inside `(define ...)`.
const SECTIONS: &[&str] = &[
    ":requirements",
    ":types",
    ":constants",
    ":predicates",
    ":functions",
    ":action",
    ":durative-action",
    ":derived",
    ":objects",
    ":init",
    ":goal",
    ":metric",
];

fn is_section(src: &str, t: &Token) -> bool {
    t.kind == TokenKind::Keyword && {
        let text = &src[t.start as usize..t.end as usize];
        SECTIONS.iter().any(|s| s.eq_ignore_ascii_case(text))
    }
}

/// Sets each `(`'s partner; false (leaving partners half set) at the first paren problem.
fn match_in_place(src: &str, toks: &mut [Token]) -> bool {
    let mut open: Vec<usize> = Vec::new();
    for i in 0..toks.len() {
        match toks[i].kind {
            TokenKind::LParen => {
                if open.len() > 1 && toks.get(i + 1).is_some_and(|t| is_section(src, t)) {
                    return false;
                }
                open.push(i);
            }
            TokenKind::RParen => match open.pop() {
                Some(o) => toks[o].partner = i as u32,
                None => return false,
            },
            _ => {}
        }
    }
    open.is_empty()
}

/// Tokens whose parentheses are balanced, each `(` knowing its `)`.
pub struct TokenTree {
    pub tokens: Vec<Token>,
}

impl TokenTree {
    pub fn build(src: &str, file: FileId, diags: &mut Vec<Diagnostic>) -> TokenTree {
        let mut raw = lex(src, file, diags);
        // Well-formed files (nearly all) are matched in place; only a file with a paren problem
        // pays for the copying pass that repairs it.
        if match_in_place(src, &mut raw) {
            return TokenTree { tokens: raw };
        }
        let mut tokens = Vec::with_capacity(raw.len());
        let mut open: Vec<usize> = Vec::new();
        // `)` owed by lists closed early (see below); the first that many stray `)` pay it back.
        let mut debt = 0usize;
        for (i, &tok) in raw.iter().enumerate() {
            match tok.kind {
                TokenKind::LParen => {
                    // Sections such as `(:action` stand directly inside `(define ...)`. Meeting
                    // one deeper means a `)` is missing before it: close what is open there, and
                    // point at the innermost unclosed list, which is where the `)` belongs. Left
                    // alone, the whole rest of the file would nest inside that list.
                    if open.len() > 1 && raw.get(i + 1).is_some_and(|t| is_section(src, t)) {
                        let innermost: Token = tokens[*open.last().expect("len > 1")];
                        let d = Diagnostic::error(
                            codes::UNCLOSED_PAREN,
                            file,
                            innermost.span(),
                            "this `(` is not closed before the next section starts",
                        )
                        .with_label(file, Span { start: tok.start, end: raw[i + 1].end }, "the next section")
                        .with_help("add the missing `)` before the next section");
                        diags.push(d);
                        while open.len() > 1 {
                            let o = open.pop().expect("len > 1");
                            tokens[o].partner = tokens.len() as u32;
                            tokens.push(Token {
                                kind: TokenKind::RParen,
                                start: tok.start,
                                end: tok.start,
                                partner: 0,
                            });
                            debt += 1;
                        }
                    }
                    open.push(tokens.len());
                    tokens.push(tok);
                }
                TokenKind::RParen => match open.pop() {
                    Some(o) => {
                        tokens[o].partner = tokens.len() as u32;
                        tokens.push(tok);
                    }
                    None if debt > 0 => debt -= 1,
                    None => diags.push(
                        Diagnostic::error(codes::UNMATCHED_PAREN, file, tok.span(), "unmatched `)`")
                            .with_help("remove it, or add the `(` it was meant to close"),
                    ),
                },
                _ => tokens.push(tok),
            }
        }
        // Close what is still open at the end of the file, innermost first. Reporting only the
        // outermost would point far from the cause; the innermost is usually where a `)` is missing.
        if let Some(&innermost) = open.last() {
            let t = tokens[innermost];
            let mut d = Diagnostic::error(
                codes::UNCLOSED_PAREN,
                file,
                t.span(),
                format!("{} unclosed `(` at the end of the file", open.len()),
            )
            .with_help("add the missing `)`; this is the innermost list left open");
            if open.len() > 1 {
                d = d.with_label(file, tokens[open[0]].span(), "the outermost unclosed list starts here");
            }
            diags.push(d);
        }
        let end = src.len() as u32;
        while let Some(o) = open.pop() {
            tokens[o].partner = tokens.len() as u32;
            tokens.push(Token { kind: TokenKind::RParen, start: end, end, partner: 0 });
        }
        TokenTree { tokens }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        for s in ["1", "-1", ".5", "1e3", "1.5E-3", "+2", "3."] {
            assert!(is_number(s.as_bytes()), "{s}");
        }
        for s in ["-", "e3", "1e", "1-2", "a1", ".", "-.", "1.2.3", "--1"] {
            assert!(!is_number(s.as_bytes()), "{s}");
        }
    }

    #[test]
    fn comments_are_what_lex_skips() {
        let src = "; head\n(define (domain d) ; trailing\n  (:predicates (p);glued\n   ; own line \r\n  ))";
        let cs = comments(src);
        let texts: Vec<_> = cs.iter().map(|c| (c.text.as_str(), c.trailing)).collect();
        assert_eq!(texts, [("; head", false), ("; trailing", true), (";glued", true), ("; own line", false)]);
        let mut d = Vec::new();
        for t in lex(src, FileId(0), &mut d) {
            for c in &cs {
                assert!(t.end <= c.span.start || t.start >= c.span.end, "token {t:?} overlaps comment {c:?}");
            }
        }
        // Everything that is neither a token nor a comment is whitespace.
        let mut covered = vec![false; src.len()];
        for r in lex(src, FileId(0), &mut d).iter().map(|t| t.span().range()).chain(cs.iter().map(|c| c.span.range())) {
            covered[r].fill(true);
        }
        assert!(src.bytes().zip(covered).all(|(b, c)| c || b.is_ascii_whitespace()));
    }

    #[test]
    fn balances() {
        let mut d = Vec::new();
        let t = TokenTree::build("(a (b) ?c :d 1.5)) (e", FileId(0), &mut d);
        let glued = lex("(p?x?y)", FileId(0), &mut d);
        assert_eq!(glued.len(), 5);
        assert_eq!(d.len(), 2, "{d:?}");
        let kinds: Vec<_> = t.tokens.iter().map(|t| t.kind).collect();
        use TokenKind::*;
        assert_eq!(
            kinds,
            [LParen, Name, LParen, Name, RParen, Variable, Keyword, Number, RParen, LParen, Name, RParen]
        );
        assert_eq!(t.tokens[0].partner, 8);
        assert_eq!(t.tokens[9].partner, 11);
    }

    #[test]
    fn missing_paren_before_a_section_is_pinned_to_its_list() {
        let src = "(define (domain d)\n (:action a :precondition (and (p)\n :effect (q))\n (:action b))";
        let mut d = Vec::new();
        let t = TokenTree::build(src, FileId(0), &mut d);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(&src[d[0].span.range()], "(");
        assert_eq!(d[0].span.start, 20, "the `(:action a` left open");
        // The second action is a sibling of the first, directly inside `define`.
        let define_end = t.tokens[0].partner as usize;
        assert_eq!(define_end, t.tokens.len() - 1);
    }
}
