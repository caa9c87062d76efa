//! A tiny, fixed-layout PDDL problem printer for the generators: objects grouped by type in the
//! order given, one fact per line. The layout never depends on anything but its input, which
//! keeps generated files byte-for-byte reproducible.

use std::fmt::Write;

#[derive(Default)]
pub struct ProblemText {
    objects: Vec<(Vec<String>, Option<&'static str>)>,
    init: Vec<String>,
    goal: Vec<String>,
    header: Vec<String>,
}

impl ProblemText {
    pub fn new() -> ProblemText {
        ProblemText::default()
    }
    /// A `;;` comment line at the top (the parameters, for a reader of the file).
    pub fn comment(&mut self, line: String) {
        self.header.push(line);
    }
    /// Objects of one type; `None` for untyped domains.
    pub fn objects(&mut self, names: &[String], ty: Option<&'static str>) {
        if !names.is_empty() {
            self.objects.push((names.to_vec(), ty));
        }
    }
    pub fn init(&mut self, fact: String) {
        self.init.push(fact);
    }
    pub fn goal(&mut self, fact: String) {
        self.goal.push(fact);
    }
    pub fn render(&self, name: &str, domain: &str) -> String {
        let mut s = String::new();
        for h in &self.header {
            let _ = writeln!(s, ";; {h}");
        }
        let _ = writeln!(s, "(define (problem {name})\n  (:domain {domain})\n  (:objects");
        for (names, ty) in &self.objects {
            let _ = write!(s, "   ");
            for n in names {
                let _ = write!(s, " {n}");
            }
            match ty {
                Some(t) => {
                    let _ = writeln!(s, " - {t}");
                }
                None => s.push('\n'),
            }
        }
        s.push_str("  )\n  (:init\n");
        for f in &self.init {
            let _ = writeln!(s, "    {f}");
        }
        s.push_str("  )\n  (:goal (and\n");
        for f in &self.goal {
            let _ = writeln!(s, "    {f}");
        }
        s.push_str("  )))\n");
        s
    }
}

/// `prefix1 .. prefixN`.
pub fn names(prefix: &str, n: u32) -> Vec<String> {
    (1..=n).map(|i| format!("{prefix}{i}")).collect()
}
