//! A small s-expression reader for benchmark *reference* problems: enough to verbalise them
//! (the AutoPlanBench adapter) and to rename their objects. Generated problems never come
//! through here; they go through `model::front`.

/// A list or an atom (as written; `;` comments dropped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sexp {
    Atom(String),
    List(Vec<Sexp>),
}

impl Sexp {
    pub fn atom(&self) -> Option<&str> {
        match self {
            Sexp::Atom(a) => Some(a),
            Sexp::List(_) => None,
        }
    }
    pub fn list(&self) -> &[Sexp] {
        match self {
            Sexp::List(l) => l,
            Sexp::Atom(_) => &[],
        }
    }
    /// The first element's atom, lowercased (`and`, `:init`, a predicate name).
    pub fn head(&self) -> Option<String> {
        self.list().first().and_then(Sexp::atom).map(str::to_ascii_lowercase)
    }
    /// The section of a `define` whose head is `key` (e.g. `:init`).
    pub fn section(&self, key: &str) -> Option<&Sexp> {
        self.list().iter().find(|s| s.head().as_deref() == Some(key))
    }
    /// Printed on one line.
    pub fn text(&self) -> String {
        match self {
            Sexp::Atom(a) => a.clone(),
            Sexp::List(l) => format!("({})", l.iter().map(Sexp::text).collect::<Vec<_>>().join(" ")),
        }
    }
    /// Every atom replaced through `f`.
    pub fn map_atoms(&self, f: &dyn Fn(&str) -> String) -> Sexp {
        match self {
            Sexp::Atom(a) => Sexp::Atom(f(a)),
            Sexp::List(l) => Sexp::List(l.iter().map(|s| s.map_atoms(f)).collect()),
        }
    }
}

/// Reads the first s-expression of `text`.
pub fn parse(text: &str) -> Result<Sexp, String> {
    let mut stack: Vec<Vec<Sexp>> = Vec::new();
    let mut atom = String::new();
    let mut chars = text.chars().peekable();
    let flush = |atom: &mut String, stack: &mut Vec<Vec<Sexp>>| {
        if !atom.is_empty()
            && let Some(top) = stack.last_mut()
        {
            top.push(Sexp::Atom(std::mem::take(atom)));
        }
        atom.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            ';' => {
                flush(&mut atom, &mut stack);
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut atom, &mut stack);
                stack.push(Vec::new());
            }
            ')' => {
                flush(&mut atom, &mut stack);
                let done = stack.pop().ok_or("unbalanced `)`")?;
                match stack.last_mut() {
                    Some(top) => top.push(Sexp::List(done)),
                    None => return Ok(Sexp::List(done)),
                }
            }
            c if c.is_whitespace() => flush(&mut atom, &mut stack),
            c => atom.push(c),
        }
    }
    Err("unclosed `(`".into())
}

/// The typed object list of `:objects` as (name, type) pairs (`object` when untyped).
pub fn typed_names(items: &[Sexp]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut pending: Vec<String> = Vec::new();
    let mut it = items.iter();
    while let Some(s) = it.next() {
        match s.atom() {
            Some("-") => {
                let ty = it.next().map(Sexp::text).unwrap_or_else(|| "object".into());
                out.extend(pending.drain(..).map(|n| (n, ty.clone())));
            }
            Some(a) => pending.push(a.to_string()),
            None => {}
        }
    }
    out.extend(pending.into_iter().map(|n| (n, "object".into())));
    out
}

/// A problem's goal as a list of conjuncts (the goal itself when it is not an `and`).
pub fn conjuncts(goal: &Sexp) -> Vec<&Sexp> {
    if goal.head().as_deref() == Some("and") { goal.list()[1..].iter().collect() } else { vec![goal] }
}

/// A problem printed in a conventional layout.
pub fn print_problem(p: &Sexp) -> String {
    let mut out = String::from("(define");
    for s in &p.list()[1..] {
        match s.head().as_deref() {
            Some(":init") => {
                out.push_str("\n  (:init");
                for f in &s.list()[1..] {
                    out.push_str(&format!("\n    {}", f.text()));
                }
                out.push(')');
            }
            Some(":goal") => {
                let g = s.list().get(1);
                match g {
                    Some(g) if g.head().as_deref() == Some("and") => {
                        out.push_str("\n  (:goal (and");
                        for f in &g.list()[1..] {
                            out.push_str(&format!("\n    {}", f.text()));
                        }
                        out.push_str("))");
                    }
                    _ => out.push_str(&format!("\n  {}", s.text())),
                }
            }
            _ => out.push_str(&format!("\n  {}", s.text())),
        }
    }
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_are_read_and_printed() {
        let p = parse("; c\n(define (problem p) (:domain d) (:objects a b - block c) (:init (on a b)) (:goal (and (on b a) (clear c))))").unwrap();
        assert_eq!(
            typed_names(p.section(":objects").unwrap().list().get(1..).unwrap()),
            vec![("a".to_string(), "block".to_string()), ("b".into(), "block".into()), ("c".into(), "object".into())]
        );
        let goal = &p.section(":goal").unwrap().list()[1];
        assert_eq!(conjuncts(goal).len(), 2);
        let printed = print_problem(&p);
        assert_eq!(parse(&printed).unwrap(), p);
        assert!(parse("(a (b)").is_err());
    }
}
