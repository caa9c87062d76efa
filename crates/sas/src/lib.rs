//! Fast Downward's `output.sas` (translator format version 3): a finite-domain (FDR) planning
//! task as FD's translator writes it and its search component reads it.
//!
//! This crate is the format only: the task as data ([`Task`]), a reader that reports the line of
//! any defect and never panics ([`parse`]), and a writer ([`write`]). What the task means is
//! decided elsewhere: `ground::sas` converts between it and the ground task, and `val::fdr`
//! executes plans on it.

use std::fmt::Write;

/// A finite-domain variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    pub name: String,
    /// `-1` for a state variable; the layer of a derived variable otherwise.
    pub axiom_layer: i32,
    /// The names of the values (`Atom at(a, b)`, `NegatedAtom ...`, `<none of those>`).
    pub values: Vec<String>,
}

/// `var = value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fact {
    pub var: usize,
    pub value: usize,
}

/// One effect of an operator: when `conditions` hold, `var` becomes `post`; `pre` (if any) is
/// a precondition of the whole operator on `var`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effect {
    pub conditions: Vec<Fact>,
    pub var: usize,
    pub pre: Option<usize>,
    pub post: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operator {
    /// The name as written, e.g. `pick-up a` (the plan line is `(pick-up a)`).
    pub name: String,
    /// Preconditions on variables the operator does not change.
    pub prevail: Vec<Fact>,
    pub effects: Vec<Effect>,
    pub cost: u64,
}

/// An axiom has the shape of an effect: when `conditions` hold (and `var` has value `pre`, if
/// given), the derived variable `var` becomes `post`.
pub type Axiom = Effect;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    /// Whether operator costs count (`begin_metric 1`); otherwise every operator costs 1.
    pub metric: bool,
    pub variables: Vec<Variable>,
    pub mutex_groups: Vec<Vec<Fact>>,
    /// One value per variable.
    pub init: Vec<usize>,
    pub goal: Vec<Fact>,
    pub operators: Vec<Operator>,
    pub axioms: Vec<Axiom>,
}

impl Task {
    /// The cost that counts in plans: the operator's cost under a metric, else 1.
    pub fn cost(&self, op: usize) -> u64 {
        if self.metric { self.operators[op].cost } else { 1 }
    }
}

/// A defect in an `output.sas` file, at a 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for Error {}

/// Whether `text` looks like an `output.sas` file (its first line is `begin_version`).
pub fn looks_like_sas(text: &str) -> bool {
    text.lines().next().is_some_and(|l| l.trim() == "begin_version")
}

/// Reads the lines of a file, keeping line numbers for errors.
struct Lines<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    /// The number of the last line read (1-based; 0 before the first).
    at: usize,
}

/// Counts are trusted for reserving space only up to this many entries: a corrupt count must give
/// an error at the end of the file, not an allocation failure.
const RESERVE_LIMIT: usize = 1 << 16;

impl<'a> Lines<'a> {
    fn err<T>(&self, message: impl Into<String>) -> Result<T, Error> {
        Err(Error { line: self.at.max(1), message: message.into() })
    }

    fn next(&mut self, what: &str) -> Result<&'a str, Error> {
        match self.lines.next() {
            Some((i, l)) => {
                self.at = i + 1;
                Ok(l.trim_end_matches('\r'))
            }
            None => {
                self.at += 1;
                self.err(format!("the file ends where {what} was expected"))
            }
        }
    }

    fn keyword(&mut self, word: &str) -> Result<(), Error> {
        let l = self.next(&format!("`{word}`"))?;
        if l.trim() == word { Ok(()) } else { self.err(format!("expected `{word}`, found `{}`", clip(l))) }
    }

    /// A line of whitespace-separated integers, exactly `n` of them if `n` is given.
    fn ints(&mut self, what: &str, n: Option<usize>) -> Result<Vec<i64>, Error> {
        let l = self.next(what)?;
        let mut v = Vec::new();
        for w in l.split_whitespace() {
            match w.parse::<i64>() {
                Ok(x) => v.push(x),
                Err(_) => return self.err(format!("expected {what}, found `{}`", clip(w))),
            }
        }
        if let Some(n) = n
            && v.len() != n
        {
            return self.err(format!(
                "expected {what} ({n} number{}), found `{}`",
                if n == 1 { "" } else { "s" },
                clip(l)
            ));
        }
        Ok(v)
    }

    fn count(&mut self, what: &str) -> Result<usize, Error> {
        let x = self.ints(what, Some(1))?[0];
        usize::try_from(x).or_else(|_| self.err(format!("{what} must not be negative, found {x}")))
    }

    fn var(&self, x: i64, vars: &[Variable]) -> Result<usize, Error> {
        match usize::try_from(x) {
            Ok(v) if v < vars.len() => Ok(v),
            _ => self.err(format!("variable {x} does not exist (the task has {})", vars.len())),
        }
    }

    fn value(&self, var: usize, x: i64, vars: &[Variable]) -> Result<usize, Error> {
        let n = vars[var].values.len();
        match usize::try_from(x) {
            Ok(v) if v < n => Ok(v),
            _ => self.err(format!("value {x} is out of range for variable {var} (`{}`, {n} values)", vars[var].name)),
        }
    }

    fn fact(&self, var: i64, value: i64, vars: &[Variable]) -> Result<Fact, Error> {
        let var = self.var(var, vars)?;
        Ok(Fact { var, value: self.value(var, value, vars)? })
    }

    /// `var value` on one line.
    fn fact_line(&mut self, what: &str, vars: &[Variable]) -> Result<Fact, Error> {
        let v = self.ints(what, Some(2))?;
        self.fact(v[0], v[1], vars)
    }

    /// A precondition value: `-1` (none) or a value of `var`.
    fn pre(&self, var: usize, x: i64, vars: &[Variable]) -> Result<Option<usize>, Error> {
        if x == -1 { Ok(None) } else { self.value(var, x, vars).map(Some) }
    }

    /// `n c1 v1 ... cn vn var pre post`: an effect or axiom line.
    #[allow(clippy::type_complexity)]
    fn conditional(
        &mut self,
        what: &str,
        vars: &[Variable],
    ) -> Result<(Vec<Fact>, usize, Option<usize>, usize), Error> {
        let v = self.ints(what, None)?;
        let Some(&n) = v.first() else { return self.err(format!("expected {what}, found an empty line")) };
        let n = usize::try_from(n).or_else(|_| self.err(format!("negative condition count {n}")))?;
        if v.len() != 1 + 2 * n + 3 {
            return self.err(format!(
                "expected {what}: a count, {n} condition pair{}, then `var pre post` ({} numbers), found {}",
                if n == 1 { "" } else { "s" },
                1 + 2 * n + 3,
                v.len()
            ));
        }
        let conditions = (0..n).map(|i| self.fact(v[1 + 2 * i], v[2 + 2 * i], vars)).collect::<Result<_, _>>()?;
        let var = self.var(v[1 + 2 * n], vars)?;
        let pre = self.pre(var, v[2 + 2 * n], vars)?;
        let post = self.value(var, v[3 + 2 * n], vars)?;
        Ok((conditions, var, pre, post))
    }
}

fn clip(s: &str) -> String {
    let s = s.trim();
    if s.chars().count() > 40 { format!("{}...", s.chars().take(40).collect::<String>()) } else { s.to_string() }
}

/// Reads an `output.sas` file (format version 3).
pub fn parse(text: &str) -> Result<Task, Error> {
    let mut r = Lines { lines: text.lines().enumerate(), at: 0 };
    r.keyword("begin_version")?;
    let version = r.ints("the format version", Some(1))?[0];
    if version != 3 {
        return r.err(format!("format version {version}; only version 3 (Fast Downward since 2014) is read"));
    }
    r.keyword("end_version")?;
    r.keyword("begin_metric")?;
    let metric = match r.ints("the metric flag (0 or 1)", Some(1))?[0] {
        0 => false,
        1 => true,
        x => return r.err(format!("the metric flag is 0 or 1, found {x}")),
    };
    r.keyword("end_metric")?;

    let n = r.count("the number of variables")?;
    let mut variables = Vec::with_capacity(n.min(RESERVE_LIMIT));
    for _ in 0..n {
        r.keyword("begin_variable")?;
        let name = r.next("the variable's name")?.to_string();
        let axiom_layer = r.ints("the axiom layer", Some(1))?[0];
        let axiom_layer = i32::try_from(axiom_layer)
            .ok()
            .filter(|&l| l >= -1)
            .map_or_else(|| r.err(format!("the axiom layer is -1 or a layer number, found {axiom_layer}")), Ok)?;
        let k = r.count("the domain size")?;
        if k == 0 {
            return r.err(format!("variable `{name}` has no values"));
        }
        let mut values = Vec::with_capacity(k.min(RESERVE_LIMIT));
        for _ in 0..k {
            values.push(r.next("a value name")?.to_string());
        }
        r.keyword("end_variable")?;
        variables.push(Variable { name, axiom_layer, values });
    }

    let m = r.count("the number of mutex groups")?;
    let mut mutex_groups = Vec::with_capacity(m.min(RESERVE_LIMIT));
    for _ in 0..m {
        r.keyword("begin_mutex_group")?;
        let k = r.count("the size of the mutex group")?;
        let mut g = Vec::with_capacity(k.min(RESERVE_LIMIT));
        for _ in 0..k {
            g.push(r.fact_line("a fact `var value`", &variables)?);
        }
        r.keyword("end_mutex_group")?;
        mutex_groups.push(g);
    }

    r.keyword("begin_state")?;
    let mut init = Vec::with_capacity(variables.len());
    for var in 0..variables.len() {
        let x = r.ints("the initial value of a variable", Some(1))?[0];
        init.push(r.value(var, x, &variables)?);
    }
    r.keyword("end_state")?;

    r.keyword("begin_goal")?;
    let g = r.count("the number of goal facts")?;
    let mut goal = Vec::with_capacity(g.min(RESERVE_LIMIT));
    for _ in 0..g {
        goal.push(r.fact_line("a goal fact `var value`", &variables)?);
    }
    r.keyword("end_goal")?;

    let o = r.count("the number of operators")?;
    let mut operators = Vec::with_capacity(o.min(RESERVE_LIMIT));
    for _ in 0..o {
        r.keyword("begin_operator")?;
        let name = r.next("the operator's name")?.trim().to_string();
        let np = r.count("the number of prevail conditions")?;
        let mut prevail = Vec::with_capacity(np.min(RESERVE_LIMIT));
        for _ in 0..np {
            prevail.push(r.fact_line("a prevail condition `var value`", &variables)?);
        }
        let ne = r.count("the number of effects")?;
        let mut effects = Vec::with_capacity(ne.min(RESERVE_LIMIT));
        for _ in 0..ne {
            let (conditions, var, pre, post) = r.conditional("an effect", &variables)?;
            effects.push(Effect { conditions, var, pre, post });
        }
        let cost = r.ints("the operator's cost", Some(1))?[0];
        let cost = u64::try_from(cost).or_else(|_| r.err(format!("negative operator cost {cost}")))?;
        r.keyword("end_operator")?;
        operators.push(Operator { name, prevail, effects, cost });
    }

    let a = r.count("the number of axioms")?;
    let mut axioms = Vec::with_capacity(a.min(RESERVE_LIMIT));
    for _ in 0..a {
        r.keyword("begin_rule")?;
        let nc = r.count("the number of axiom conditions")?;
        let mut conditions = Vec::with_capacity(nc.min(RESERVE_LIMIT));
        for _ in 0..nc {
            conditions.push(r.fact_line("an axiom condition `var value`", &variables)?);
        }
        let v = r.ints("the axiom's head `var pre post`", Some(3))?;
        let var = r.var(v[0], &variables)?;
        let pre = r.pre(var, v[1], &variables)?;
        let post = r.value(var, v[2], &variables)?;
        r.keyword("end_rule")?;
        axioms.push(Axiom { conditions, var, pre, post });
    }
    while let Some((i, l)) = r.lines.next() {
        if !l.trim().is_empty() {
            r.at = i + 1;
            return r.err(format!("unexpected text after the axioms: `{}`", clip(l)));
        }
    }
    Ok(Task { metric, variables, mutex_groups, init, goal, operators, axioms })
}

/// The task as `output.sas` text.
pub fn write(t: &Task) -> String {
    let mut s = String::new();
    // `write!` into a String cannot fail; the results are ignored for that reason.
    let _ = writeln!(s, "begin_version\n3\nend_version\nbegin_metric\n{}\nend_metric", u8::from(t.metric));
    let _ = writeln!(s, "{}", t.variables.len());
    for v in &t.variables {
        let _ = writeln!(s, "begin_variable\n{}\n{}\n{}", v.name, v.axiom_layer, v.values.len());
        for x in &v.values {
            let _ = writeln!(s, "{x}");
        }
        let _ = writeln!(s, "end_variable");
    }
    let _ = writeln!(s, "{}", t.mutex_groups.len());
    for g in &t.mutex_groups {
        let _ = writeln!(s, "begin_mutex_group\n{}", g.len());
        for f in g {
            let _ = writeln!(s, "{} {}", f.var, f.value);
        }
        let _ = writeln!(s, "end_mutex_group");
    }
    let _ = writeln!(s, "begin_state");
    for x in &t.init {
        let _ = writeln!(s, "{x}");
    }
    let _ = writeln!(s, "end_state\nbegin_goal\n{}", t.goal.len());
    for f in &t.goal {
        let _ = writeln!(s, "{} {}", f.var, f.value);
    }
    let _ = writeln!(s, "end_goal\n{}", t.operators.len());
    let pre = |p: Option<usize>| p.map_or(-1, |v| v as i64);
    let conds = |c: &[Fact]| c.iter().map(|f| format!(" {} {}", f.var, f.value)).collect::<String>();
    for o in &t.operators {
        let _ = writeln!(s, "begin_operator\n{}\n{}", o.name, o.prevail.len());
        for f in &o.prevail {
            let _ = writeln!(s, "{} {}", f.var, f.value);
        }
        let _ = writeln!(s, "{}", o.effects.len());
        for e in &o.effects {
            let _ = writeln!(s, "{}{} {} {} {}", e.conditions.len(), conds(&e.conditions), e.var, pre(e.pre), e.post);
        }
        let _ = writeln!(s, "{}\nend_operator", o.cost);
    }
    let _ = writeln!(s, "{}", t.axioms.len());
    for a in &t.axioms {
        let _ = writeln!(s, "begin_rule\n{}", a.conditions.len());
        for f in &a.conditions {
            let _ = writeln!(s, "{} {}", f.var, f.value);
        }
        let _ = writeln!(s, "{} {} {}\nend_rule", a.var, pre(a.pre), a.post);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "begin_version\n3\nend_version\nbegin_metric\n1\nend_metric\n2\n\
        begin_variable\nvar0\n-1\n2\nAtom at(a)\nAtom at(b)\nend_variable\n\
        begin_variable\nvar1\n-1\n2\nAtom lit()\nNegatedAtom lit()\nend_variable\n\
        1\nbegin_mutex_group\n2\n0 0\n0 1\nend_mutex_group\n\
        begin_state\n0\n1\nend_state\nbegin_goal\n2\n0 1\n1 0\nend_goal\n2\n\
        begin_operator\nmove a b\n0\n1\n0 0 0 1\n3\nend_operator\n\
        begin_operator\nswitch b\n1\n0 1\n1\n1 0 1 1 -1 0\n1\nend_operator\n0\n";

    #[test]
    fn reads_and_writes_back() {
        let t = parse(SMALL).unwrap();
        assert!(t.metric);
        assert_eq!(t.variables[0].values, ["Atom at(a)", "Atom at(b)"]);
        assert_eq!(t.init, [0, 1]);
        assert_eq!(t.goal, [Fact { var: 0, value: 1 }, Fact { var: 1, value: 0 }]);
        assert_eq!(t.operators[0].name, "move a b");
        assert_eq!(t.operators[0].effects[0], Effect { conditions: vec![], var: 0, pre: Some(0), post: 1 });
        assert_eq!(
            t.operators[1].effects[0],
            Effect { conditions: vec![Fact { var: 0, value: 1 }], var: 1, pre: None, post: 0 }
        );
        assert_eq!(t.cost(0), 3);
        assert_eq!(write(&t), SMALL);
        assert_eq!(parse(&write(&t)).unwrap(), t);
    }

    #[test]
    fn defects_name_their_line() {
        let cases: [(&str, &str, usize, &str); 7] = [
            ("begin_version\n3\n", "begin_version\n2\n", 2, "only version 3"),
            ("0 0 0 1\n3\nend", "0 7 0 1\n3\nend", 42, "variable 7 does not exist"),
            ("0 0 0 1\n3\nend", "0 0 0 5\n3\nend", 42, "value 5 is out of range for variable 0"),
            ("begin_goal\n2\n", "begin_goal\n3\n", 36, "found `end_goal`"),
            ("1 0 1 1 -1 0\n", "1 0 1 1 -1\n", 50, "6 numbers"),
            ("move a b\n0\n1\n0 0 0 1\n3\n", "move a b\n0\n1\n0 0 0 1\nthree\n", 43, "found `three`"),
            ("end_operator\n0\n", "end_operator\n0\nextra\n", 54, "unexpected text"),
        ];
        for (from, to, line, message) in cases {
            let text = SMALL.replacen(from, to, 1);
            assert_ne!(text, SMALL, "{from:?}");
            let e = parse(&text).unwrap_err();
            assert!(e.message.contains(message), "{e}");
            assert_eq!(e.line, line, "{e}");
        }
        assert_eq!(parse("").unwrap_err().line, 1);
        let e = parse(&SMALL.lines().take(30).collect::<Vec<_>>().join("\n")).unwrap_err();
        assert!(e.message.contains("the file ends"), "{e}");
    }

    proptest::proptest! {
        /// Any text, and any prefix or corruption of a valid file: an error or a task, no panic.
        #[test]
        fn never_panics(cut in 0usize..400, byte in 0u8..128, at in 0usize..400, junk in ".{0,40}") {
            let _ = parse(&junk);
            let mut b = SMALL.as_bytes().to_vec();
            let at = at % b.len();
            b[at] = byte;
            let _ = parse(&String::from_utf8_lossy(&b));
            let _ = parse(&SMALL[..cut.min(SMALL.len())]);
        }
    }
}
