//! The token layout of paper 002: `<init> facts <plan> actions <goal> facts <answer> verdict`.
//! A fact or action is its name followed by its arguments. Problem objects become numbers in
//! order of first appearance, so the same object is the same number throughout an example and
//! names carry no information; domain constants keep their names (they are part of the domain's
//! vocabulary, like predicate and action names).

use model::lifted::{Domain, ObjectId, PredicateId, Task};
use std::collections::HashMap;
use std::sync::Arc;

pub const INIT: &str = "<init>";
pub const PLAN: &str = "<plan>";
pub const GOAL: &str = "<goal>";
pub const ANSWER: &str = "<answer>";
pub const VALID: &str = "valid";
pub const INVALID: &str = "invalid";

/// The token sequence and the number of distinct problem objects in it. `facts` and `actions`
/// are `(name a b)` texts.
pub fn layout(task: &Task, actions: &[String], goal: &[String], valid: bool) -> (Vec<String>, usize) {
    let d = &task.domain;
    let constants: Vec<&str> = task.objects.iter().filter(|o| o.constant).map(|o| d.name(o.name)).collect();
    let mut numbers: HashMap<String, usize> = HashMap::new();
    let mut out = vec![INIT.to_string()];
    let mut push = |text: &str, out: &mut Vec<String>| {
        let inner = text.trim_start_matches('(').trim_end_matches(')');
        let mut words = inner.split_whitespace();
        if let Some(head) = words.next() {
            out.push(head.to_string());
        }
        for w in words {
            if constants.contains(&w) {
                out.push(w.to_string());
            } else {
                let n = numbers.len();
                out.push(numbers.entry(w.to_string()).or_insert(n).to_string());
            }
        }
    };
    for a in &task.init {
        let mut s = format!("({}", d.name(d.predicates[a.predicate.index()].name));
        for o in &a.args {
            s.push(' ');
            s.push_str(d.name(task.objects[o.index()].name));
        }
        s.push(')');
        push(&s, &mut out);
    }
    out.push(PLAN.to_string());
    for a in actions {
        push(a, &mut out);
    }
    out.push(GOAL.to_string());
    for g in goal {
        push(g, &mut out);
    }
    out.push(ANSWER.to_string());
    out.push(if valid { VALID } else { INVALID }.to_string());
    let objects = numbers.len();
    (out, objects)
}

/// A token. Shared strings: the tokens of an example repeat a few names and numbers many times,
/// and the init section is the same for every example of a problem, so building an example
/// clones pointers instead of allocating a string per token.
pub type Token = Arc<str>;

/// The tokens of one task: predicate, action and constant names, and object numbers.
#[derive(Debug)]
pub struct Names {
    predicates: Vec<Token>,
    actions: Vec<Token>,
    /// Per object: its name for a domain constant, `None` for a problem object (numbered).
    constants: Vec<Option<Token>>,
    numbers: Vec<Token>,
}

impl Names {
    pub fn new(task: &Task) -> Names {
        let d = &task.domain;
        Names {
            predicates: d.predicates.iter().map(|p| Token::from(d.name(p.name))).collect(),
            actions: d.actions.iter().map(|a| Token::from(d.name(a.name))).collect(),
            constants: task.objects.iter().map(|o| o.constant.then(|| Token::from(d.name(o.name)))).collect(),
            numbers: (0..task.objects.len()).map(|n| Token::from(n.to_string())).collect(),
        }
    }
}

/// Problem objects numbered in order of first appearance, continued from section to section, as
/// [`layout`] does from the texts; built from ids so that datasets do not re-parse every fact.
/// The numbering after the init section is the same for every example of a problem, so it is
/// computed once and cloned.
#[derive(Clone, Debug)]
pub struct Numbering {
    number: Vec<u32>,
    next: u32,
}

impl Numbering {
    pub fn new(task: &Task) -> Numbering {
        Numbering { number: vec![u32::MAX; task.objects.len()], next: 0 }
    }

    /// How many problem objects have a number so far.
    pub fn count(&self) -> usize {
        self.next as usize
    }

    fn push_object(&mut self, names: &Names, o: ObjectId, out: &mut Vec<Token>) {
        if let Some(c) = &names.constants[o.index()] {
            out.push(c.clone());
            return;
        }
        let n = &mut self.number[o.index()];
        if *n == u32::MAX {
            *n = self.next;
            self.next += 1;
        }
        out.push(names.numbers[*n as usize].clone());
    }

    /// A fact: the predicate's name, then its arguments.
    pub fn push_atom(&mut self, names: &Names, p: PredicateId, args: &[ObjectId], out: &mut Vec<Token>) {
        out.push(names.predicates[p.index()].clone());
        for &o in args {
            self.push_object(names, o, out);
        }
    }

    /// An action: the schema's name, then its arguments.
    pub fn push_action(&mut self, names: &Names, schema: usize, args: &[ObjectId], out: &mut Vec<Token>) {
        out.push(names.actions[schema].clone());
        for &o in args {
            self.push_object(names, o, out);
        }
    }
}

/// The init section (`<init>` and every initial fact) and the numbering it leaves.
pub fn init_section(task: &Task, names: &Names) -> (Vec<Token>, Numbering) {
    let mut num = Numbering::new(task);
    let mut out = vec![Token::from(INIT)];
    for a in &task.init {
        num.push_atom(names, a.predicate, &a.args, &mut out);
    }
    (out, num)
}

/// Every token a dataset of `domain` with at most `objects` problem objects can contain, in a
/// fixed order: the section markers and verdicts, predicate names, action names, constants, and
/// the object numbers `0..objects`.
pub fn vocabulary(domain: &Domain, objects: usize) -> Vec<String> {
    let mut v: Vec<String> = [INIT, PLAN, GOAL, ANSWER, VALID, INVALID].iter().map(|s| s.to_string()).collect();
    v.extend(domain.predicates.iter().map(|p| domain.name(p.name).to_string()));
    v.extend(domain.actions.iter().map(|a| domain.name(a.name).to_string()));
    v.extend(domain.constants.iter().map(|c| domain.name(c.name).to_string()));
    v.extend((0..objects).map(|n| n.to_string()));
    // A constant may share its name with a predicate or action; one entry per token.
    let mut seen = std::collections::HashSet::new();
    v.retain(|t| seen.insert(t.clone()));
    v
}
