//! The plan bridge (paper 000, Lemma 2's bijection on ground action sequences): a PDDL plan to a
//! `List PlanAction` term through the object map, and a term printed by Lean's `#eval` or Coq's
//! `Compute` back to a PDDL plan.

use crate::Backend;
use crate::codes;
use crate::convert::{DomainIr, ProblemIr};
use pddl::{Diagnostic, FileId, Span};
use serde::Deserialize;

/// A ground action as the proof assistant sees it: a constructor (by action index) applied to
/// object numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroundAction {
    pub action: usize,
    pub args: Vec<u32>,
}

/// Maps a PDDL plan onto the conversion. Every step that does not fit (unknown action or object,
/// wrong arity, a temporal step) is reported, with its line.
pub fn from_pddl(
    d: &DomainIr,
    p: &ProblemIr,
    plan: &pddl::Plan,
    file: FileId,
) -> Result<Vec<GroundAction>, Vec<Diagnostic>> {
    let mut out = Vec::new();
    let mut diags = Vec::new();
    let mut bad = |span: Span, msg: String| diags.push(Diagnostic::error(codes::PLAN_NOT_CONVERTIBLE, file, span, msg));
    for step in &plan.steps {
        if step.time.is_some() || step.duration.is_some() {
            bad(step.span, "a temporal plan step cannot be converted; the proof export is for sequential plans".into());
            continue;
        }
        let name = step.action.text.to_ascii_lowercase();
        let Some(ai) = d.actions.iter().position(|a| a.pddl == name) else {
            bad(step.action.span, format!("unknown action `{}`", step.action.text));
            continue;
        };
        let a = &d.actions[ai];
        if a.params.len() != step.args.len() {
            bad(
                step.span,
                format!("action `{}` takes {} arguments, but {} were given", a.pddl, a.params.len(), step.args.len()),
            );
            continue;
        }
        let mut args = Vec::new();
        for arg in &step.args {
            let n = arg.text.to_ascii_lowercase();
            match p.objects.iter().find(|o| o.name == n) {
                Some(o) => args.push(o.number),
                None => bad(arg.span, format!("unknown object `{}`", arg.text)),
            }
        }
        if args.len() == a.params.len() {
            out.push(GroundAction { action: ai, args });
        }
    }
    if diags.is_empty() { Ok(out) } else { Err(diags) }
}

/// The `List PlanAction` term, one action per line.
pub fn to_term(d: &DomainIr, plan: &[GroundAction], backend: Backend) -> String {
    let (prefix, sep) = match backend {
        Backend::Lean => ("PlanAction.", ","),
        Backend::Coq => ("", ";"),
    };
    let items: Vec<String> = plan
        .iter()
        .map(|g| {
            let mut s = format!("{prefix}{}", d.actions[g.action].ident);
            for a in &g.args {
                s.push_str(&format!(" {a}"));
            }
            s
        })
        .collect();
    format!("[{}]", items.join(&format!("{sep}\n   ")))
}

/// The parts of an exported object map (`*.objects.json`) the bridge needs.
#[derive(Clone, Debug, Deserialize)]
pub struct ObjectMap {
    pub objects: Vec<MapObject>,
    pub actions: Vec<MapAction>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct MapObject {
    pub name: String,
    pub number: u32,
}

#[derive(Clone, Debug, Deserialize)]
pub struct MapAction {
    pub name: String,
    pub constructor: String,
    pub parameters: Vec<String>,
}

impl ObjectMap {
    pub fn from_json(text: &str) -> Result<ObjectMap, String> {
        serde_json::from_str(text).map_err(|e| format!("not an object map: {e}"))
    }
}

/// Reads a plan printed by Coq's `Compute` (`= [walk 3 4 0; ...] : list PlanAction`, or the
/// `::`/`nil` form) or Lean's `#eval` (`[PlanAction.walk 3 4 0, ...]`) and writes it as a PDDL
/// plan, one `(action arg ...)` per line. Anything unexpected is an error naming the item.
pub fn term_to_pddl(text: &str, map: &ObjectMap) -> Result<String, String> {
    let mut body = text.trim();
    // Coq's `Compute` prints `= TERM\n : TYPE`.
    if let Some(rest) = body.strip_prefix('=') {
        body = rest.trim_start();
    }
    if let Some(i) = body.rfind("\n") {
        let last = body[i..].trim_start();
        if last.starts_with(':') {
            body = body[..i].trim_end();
        }
    }
    if let Some(i) = body.find(" : list") {
        body = body[..i].trim_end();
    }
    // coqc's default printing, without `ListNotations`: `(a :: b :: nil)%list`. A scope key is
    // `%` and a word at the end; then one pair of parentheses around the whole term.
    body = strip_scope_and_parens(body);
    let inner = if let Some(b) = body.strip_prefix('[') {
        b.strip_suffix(']').ok_or_else(|| "unbalanced `[` in the plan term".to_string())?
    } else {
        body.strip_suffix("nil").or_else(|| body.strip_suffix("[]")).unwrap_or(body)
    };
    let mut plan = String::new();
    let normalized = inner.replace("::", ";").replace(',', ";");
    for item in normalized.split(';') {
        let item = item.trim().trim_start_matches('(').trim_end_matches(')').trim();
        if item.is_empty() {
            continue;
        }
        let mut words = item.split_whitespace().map(|w| w.trim_matches(|c| c == '(' || c == ')'));
        let Some(ctor) = words.next() else { continue };
        // Qualified names (`PlanAction.walk`, Coq's `Spanner.walk`, Lean's `.walk`) name the
        // same constructor.
        let ctor = ctor.rsplit('.').next().unwrap_or(ctor);
        let Some(action) = map.actions.iter().find(|a| a.constructor == ctor) else {
            return Err(format!("`{ctor}` is not a constructor of PlanAction in this object map (item `{item}`)"));
        };
        let mut line = format!("({}", action.name);
        let mut count = 0;
        for w in words {
            let n: u32 = w.parse().map_err(|_| format!("`{w}` is not an object number (item `{item}`)"))?;
            let Some(o) = map.objects.iter().find(|o| o.number == n) else {
                return Err(format!("object number {n} is not in the object map (item `{item}`)"));
            };
            line.push(' ');
            line.push_str(&o.name);
            count += 1;
        }
        if count != action.parameters.len() {
            return Err(format!("`{ctor}` takes {} arguments, item `{item}` has {count}", action.parameters.len()));
        }
        line.push_str(")\n");
        plan.push_str(&line);
    }
    Ok(plan)
}

/// `(TERM)%list` or `[..]%list` to `TERM` / `[..]`: drops a trailing scope key and parentheses
/// that enclose the whole term (not those of `(a 1) :: (b 2)`).
fn strip_scope_and_parens(mut body: &str) -> &str {
    loop {
        let before = body;
        if let Some(i) = body.rfind('%')
            && body[i + 1..].chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && i + 1 < body.len()
        {
            body = body[..i].trim_end();
        }
        if body.starts_with('(') && body.ends_with(')') && encloses(body) {
            body = body[1..body.len() - 1].trim();
        }
        if body == before {
            return body;
        }
    }
}

/// Whether the `(` at the start of `s` is closed by the `)` at its end.
fn encloses(s: &str) -> bool {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i == s.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> ObjectMap {
        ObjectMap::from_json(
            r#"{"objects":[{"name":"a","number":0},{"name":"b","number":1}],
                "actions":[{"name":"pick-up","constructor":"pick_up","parameters":["x","y"]},
                           {"name":"noop","constructor":"noop","parameters":[]}]}"#,
        )
        .unwrap()
    }

    #[test]
    fn coq_compute_output() {
        let out = "     = [pick_up 0 1; noop;\n        pick_up 1 0]\n     : list PlanAction\n";
        assert_eq!(term_to_pddl(out, &map()).unwrap(), "(pick-up a b)\n(noop)\n(pick-up b a)\n");
    }

    #[test]
    fn coq_cons_form_and_lean_eval() {
        assert_eq!(term_to_pddl("pick_up 0 1 :: nil", &map()).unwrap(), "(pick-up a b)\n");
        assert_eq!(
            term_to_pddl("[PlanAction.pick_up 0 1, PlanAction.noop]", &map()).unwrap(),
            "(pick-up a b)\n(noop)\n"
        );
        assert_eq!(term_to_pddl("[]", &map()).unwrap(), "");
    }

    /// coqc prints lists without `ListNotations` as `(... :: nil)%list` (issue 17).
    #[test]
    fn coq_default_list_printing() {
        let out = "     = (pick_up 0 1 :: noop :: pick_up 1 0 :: nil)%list\n     : list PlanAction\n";
        assert_eq!(term_to_pddl(out, &map()).unwrap(), "(pick-up a b)\n(noop)\n(pick-up b a)\n");
        assert_eq!(term_to_pddl("= ((pick_up 0 1) :: nil)%list", &map()).unwrap(), "(pick-up a b)\n");
        assert_eq!(
            term_to_pddl("= [pick_up 0 1; noop]%list\n : list PlanAction", &map()).unwrap(),
            "(pick-up a b)\n(noop)\n"
        );
        assert_eq!(term_to_pddl("= nil%list : list PlanAction", &map()).unwrap(), "");
        assert_eq!(term_to_pddl("= []%list", &map()).unwrap(), "");
    }

    #[test]
    fn bad_terms_are_errors() {
        assert!(term_to_pddl("[pick_up 0 7]", &map()).unwrap_err().contains("not in the object map"));
        assert!(term_to_pddl("[pick_up 0]", &map()).unwrap_err().contains("takes 2"));
        assert!(term_to_pddl("[fly 0]", &map()).unwrap_err().contains("not a constructor"));
        assert!(term_to_pddl("[pick_up 0 x]", &map()).unwrap_err().contains("not an object number"));
        assert!(term_to_pddl("[pick_up 0 1", &map()).is_err());
    }
}
