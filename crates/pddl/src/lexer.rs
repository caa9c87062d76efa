//! Tokens and the bracket tree over them.
//!
//! PDDL is s-expressions, so the lexer is tiny: parentheses, atoms and `;` comments. Atoms are
//! classified (name, `?variable`, `:keyword`, number) here once, so the parser never re-scans text.
//! [`TokenTree`] then matches parentheses iteratively (no recursion, so no stack overflow on deep
//! input): stray `)` are dropped with a diagnostic, unclosed `(` are closed at the end of the file
//! with one, and every `(` knows where its list ends. The tree is a flat `Vec`: no allocation per
//! list, which is what makes the parser fast.

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
                while i < bytes.len() && !is_delimiter(bytes[i]) && bytes[i] >= 0x20 && bytes[i] != 0x7f && bytes[i] != b'?' {
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

/// Tokens whose parentheses are balanced, each `(` knowing its `)`.
pub struct TokenTree {
    pub tokens: Vec<Token>,
}

impl TokenTree {
    pub fn build(src: &str, file: FileId, diags: &mut Vec<Diagnostic>) -> TokenTree {
        let raw = lex(src, file, diags);
        let mut tokens = Vec::with_capacity(raw.len());
        let mut open: Vec<usize> = Vec::new();
        for tok in raw {
            match tok.kind {
                TokenKind::LParen => {
                    open.push(tokens.len());
                    tokens.push(tok);
                }
                TokenKind::RParen => match open.pop() {
                    Some(o) => {
                        tokens[o].partner = tokens.len() as u32;
                        tokens.push(tok);
                    }
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
}
