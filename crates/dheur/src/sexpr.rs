//! S-expressions with positions: the surface syntax of heuristic files. `;` starts a comment
//! to the end of the line; strings are `"..."` without escapes.

use std::fmt;

/// A line and column, both from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Sexp {
    Atom(String, Pos),
    Str(String, Pos),
    List(Vec<Sexp>, Pos),
}

impl Sexp {
    pub fn pos(&self) -> Pos {
        match self {
            Sexp::Atom(_, p) | Sexp::Str(_, p) | Sexp::List(_, p) => *p,
        }
    }
    pub fn atom(&self) -> Option<&str> {
        match self {
            Sexp::Atom(a, _) => Some(a),
            _ => None,
        }
    }
    pub fn list(&self) -> Option<&[Sexp]> {
        match self {
            Sexp::List(l, _) => Some(l),
            _ => None,
        }
    }
    /// The head word of a list `(word ...)`.
    pub fn head(&self) -> Option<&str> {
        self.list().and_then(|l| l.first()).and_then(Sexp::atom)
    }
}

/// An error with the position it is about.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxError {
    pub pos: Pos,
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)
    }
}

/// Nesting deeper than this is refused (no stack overflow on hostile input).
pub const MAX_DEPTH: usize = 200;

/// Reads every top-level expression of `text`.
pub fn read(text: &str) -> Result<Vec<Sexp>, SyntaxError> {
    let mut stack: Vec<(Vec<Sexp>, Pos)> = vec![(Vec::new(), Pos { line: 1, col: 1 })];
    let (mut line, mut col) = (1u32, 1u32);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let pos = Pos { line, col };
        let advance = |c: char, line: &mut u32, col: &mut u32| {
            if c == '\n' {
                *line += 1;
                *col = 1;
            } else {
                *col += 1;
            }
        };
        advance(c, &mut line, &mut col);
        match c {
            ';' => {
                while let Some(&d) = chars.peek() {
                    if d == '\n' {
                        break;
                    }
                    chars.next();
                    col += 1;
                }
            }
            '(' => {
                if stack.len() > MAX_DEPTH {
                    return Err(SyntaxError { pos, message: format!("nesting deeper than {MAX_DEPTH}") });
                }
                stack.push((Vec::new(), pos));
            }
            ')' => {
                if stack.len() == 1 {
                    return Err(SyntaxError { pos, message: "`)` without a matching `(`".into() });
                }
                let (items, p) = stack.pop().expect("checked above");
                stack.last_mut().expect("the top level stays").0.push(Sexp::List(items, p));
            }
            '"' => {
                let mut s = String::new();
                loop {
                    match chars.next() {
                        Some('"') => {
                            col += 1;
                            break;
                        }
                        Some(d) => {
                            advance(d, &mut line, &mut col);
                            s.push(d);
                        }
                        None => return Err(SyntaxError { pos, message: "unterminated string".into() }),
                    }
                }
                stack.last_mut().expect("the top level stays").0.push(Sexp::Str(s, pos));
            }
            c if c.is_whitespace() => {}
            c => {
                let mut s = String::from(c);
                while let Some(&d) = chars.peek() {
                    if d.is_whitespace() || matches!(d, '(' | ')' | ';' | '"') {
                        break;
                    }
                    s.push(d);
                    chars.next();
                    col += 1;
                }
                stack.last_mut().expect("the top level stays").0.push(Sexp::Atom(s.to_ascii_lowercase(), pos));
            }
        }
    }
    if stack.len() > 1 {
        let (_, p) = stack.pop().expect("checked");
        return Err(SyntaxError { pos: p, message: "`(` never closed".into() });
    }
    Ok(stack.pop().expect("the top level").0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_errors() {
        let s = read("(a ; c\n (b \"x y\"))").unwrap();
        let l = s[0].list().unwrap();
        assert_eq!(l[1].pos(), Pos { line: 2, col: 2 });
        assert_eq!(read("(a\n  (b)").unwrap_err().pos, Pos { line: 1, col: 1 });
        assert_eq!(read("a)").unwrap_err().pos, Pos { line: 1, col: 2 });
        let deep = "(".repeat(500);
        assert!(read(&deep).unwrap_err().message.contains("nesting"));
    }
}
