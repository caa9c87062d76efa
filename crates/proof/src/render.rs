//! What both printers share: the module type, the object map (JSON and module comment).

use crate::convert::{DomainIr, FnOrigin, Part, ProblemIr};
use serde::Serialize;
use std::fmt::Write;

/// One generated module: its name (file stem) and text.
#[derive(Clone, Debug)]
pub struct Module {
    pub name: String,
    pub text: String,
}

/// The object map as a comment body: one `name = number (types)` line per object.
pub fn object_map_comment(p: &ProblemIr, indent: &str) -> String {
    let mut s = format!("{indent}Object map (PDDL name = number):\n");
    for o in &p.objects {
        let kind = if o.constant { ", constant" } else { "" };
        let _ = writeln!(s, "{indent}  {} = {} ({}{kind})", o.name, o.number, o.types.join(" "));
    }
    s
}

#[derive(Serialize)]
struct JsonObject<'a> {
    name: &'a str,
    number: u32,
    types: &'a [String],
    constant: bool,
}

#[derive(Serialize)]
struct JsonAction<'a> {
    name: &'a str,
    constructor: &'a str,
    parameters: Vec<&'a str>,
}

#[derive(Serialize)]
struct JsonFunction<'a> {
    name: &'a str,
    kind: &'static str,
    field: &'a str,
    arity: usize,
    part: Part,
}

#[derive(Serialize)]
struct JsonMap<'a> {
    domain: &'a str,
    problem: &'a str,
    backend: &'a str,
    domain_module: &'a str,
    module: &'a str,
    objects: Vec<JsonObject<'a>>,
    actions: Vec<JsonAction<'a>>,
    functions: Vec<JsonFunction<'a>>,
}

/// The object map file: PDDL names to numbers, plus the action and predicate names, which the plan
/// bridge reads back. Deterministic: fields in a fixed order, lists in conversion order.
pub fn object_map_json(d: &DomainIr, p: &ProblemIr, backend: &str) -> String {
    let map = JsonMap {
        domain: &d.pddl,
        problem: &p.pddl,
        backend,
        domain_module: &d.module,
        module: &p.module,
        objects: p
            .objects
            .iter()
            .map(|o| JsonObject { name: &o.name, number: o.number, types: &o.types, constant: o.constant })
            .collect(),
        actions: d
            .actions
            .iter()
            .map(|a| JsonAction {
                name: &a.pddl,
                constructor: &a.ident,
                parameters: a.params.iter().map(|(n, _)| n.as_str()).collect(),
            })
            .collect(),
        functions: d
            .fns
            .iter()
            .map(|f| JsonFunction {
                name: &f.pddl,
                kind: match f.origin {
                    FnOrigin::Predicate(_) => "predicate",
                    FnOrigin::Type(_) => "type",
                },
                field: &f.ident,
                arity: f.arity,
                part: f.part,
            })
            .collect(),
    };
    // Plain strings, numbers and lists: serialization cannot fail; an empty object is a safe
    // fallback that the bridge would then refuse loudly.
    let mut s = serde_json::to_string_pretty(&map).unwrap_or_else(|_| "{}".into());
    s.push('\n');
    s
}
