//! The token layout of paper 002: `<init> facts <plan> actions <goal> facts <answer> verdict`.
//! A fact or action is its name followed by its arguments. Problem objects become numbers in
//! order of first appearance, so the same object is the same number throughout an example and
//! names carry no information; domain constants keep their names (they are part of the domain's
//! vocabulary, like predicate and action names).

use model::lifted::Task;
use std::collections::HashMap;

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
