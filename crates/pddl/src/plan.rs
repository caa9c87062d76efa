//! Plan files: sequential IPC plans and PDDL 2.1 temporal plans.
//!
//! Sequential: one `(action arg ...)` per line, `;` comments, an optional `; cost = N` line.
//! Temporal: `time: (action arg ...) [duration]` per line; the `[duration]` of an instantaneous
//! action, which LPG and FF-family planners print (`0.001: (pick a) [1.000]`, or LPG's
//! `[D:1.0000; C:0.1000]`), is read and left to the resolution to ignore. Like the domain parser, the plan parser
//! reports every malformed line and keeps the steps it could read.

use crate::ast::Name;
use crate::diagnostic::{Diagnostic, codes};
use crate::parser::Parse;
use crate::printer::number;
use crate::span::{FileId, Span};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlanStep {
    /// Start time, for temporal plans.
    pub time: Option<f64>,
    pub action: Name,
    pub args: Vec<Name>,
    /// Duration `[d]`, for temporal plans.
    pub duration: Option<f64>,
    /// The `(action ...)` part.
    pub span: Span,
    /// 1-based line number in the plan file.
    pub line: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Plan {
    pub steps: Vec<PlanStep>,
    /// The value of a `; cost = N` comment, if the file has one.
    pub cost: Option<f64>,
}

impl Plan {
    pub fn is_temporal(&self) -> bool {
        self.steps.iter().any(|s| s.time.is_some())
    }
}

struct LineParser<'a> {
    line: &'a str,
    offset: usize,
    pos: usize,
}

impl LineParser<'_> {
    fn skip_ws(&mut self) {
        while self.pos < self.line.len() && self.line.as_bytes()[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }
    fn rest(&self) -> &str {
        &self.line[self.pos..]
    }
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.offset + start, self.offset + end)
    }
    /// A number ending at `terminator` (`:` or `]`), if the text at `pos` starts with one.
    fn number_until(&mut self, terminator: u8) -> Option<f64> {
        let rest = self.rest().as_bytes();
        let end = rest.iter().position(|&b| b == terminator)?;
        let text = std::str::from_utf8(&rest[..end]).ok()?.trim();
        if !crate::lexer::is_number(text.as_bytes()) {
            return None;
        }
        let v: f64 = text.parse().ok().filter(|v: &f64| v.is_finite())?;
        self.pos += end + 1;
        Some(v)
    }
}

/// Parses a plan file.
pub fn parse_plan(src: &str, file: FileId) -> Parse<Plan> {
    let mut plan = Plan::default();
    let mut diags = Vec::new();
    let mut offset = 0;
    let mut first_timed: Option<bool> = None;
    for (index, raw) in src.split('\n').enumerate() {
        let line_no = index as u32 + 1;
        let line_offset = offset;
        offset += raw.len() + 1;
        let (code, comment) = match comment_start(raw) {
            Some(i) => (&raw[..i], Some(&raw[i + 1..])),
            None => (raw, None),
        };
        if let Some(c) = comment
            && let Some(cost) = cost_comment(c)
        {
            plan.cost = Some(cost);
        }
        let mut lp = LineParser { line: code, offset: line_offset, pos: 0 };
        lp.skip_ws();
        if lp.rest().trim().is_empty() {
            continue;
        }
        match step(&mut lp, line_no) {
            Ok(s) => {
                let timed = s.time.is_some();
                match first_timed {
                    None => first_timed = Some(timed),
                    Some(t) if t != timed => diags.push(Diagnostic::error(
                        codes::PLAN_SYNTAX,
                        file,
                        s.span,
                        "this plan mixes timed steps (`t: (a ...) [d]`) and untimed steps (`(a ...)`)",
                    )),
                    _ => {}
                }
                plan.steps.push(s);
            }
            Err((span, msg)) => {
                diags.push(Diagnostic::error(codes::PLAN_SYNTAX, file, span, msg).with_help(
                    "plan lines look like `(action arg ...)`, or `0.000: (action arg ...) [1.000]` in temporal plans",
                ));
            }
        }
    }
    Parse { value: Some(plan), diagnostics: diags }
}

fn step(lp: &mut LineParser, line: u32) -> Result<PlanStep, (Span, String)> {
    let start = lp.pos;
    let time = if lp.rest().starts_with('(') {
        None
    } else {
        match lp.number_until(b':') {
            Some(t) => Some(t),
            None => {
                let end = lp.line.trim_end().len();
                return Err((lp.span(start, end.max(start)), "expected `(action ...)` or `time: (action ...)`".into()));
            }
        }
    };
    lp.skip_ws();
    if !lp.rest().starts_with('(') {
        let end = lp.line.trim_end().len().max(lp.pos);
        return Err((lp.span(lp.pos, end), "expected `(` starting the action".into()));
    }
    let open = lp.pos;
    let Some(close_rel) = lp.rest().find(')') else {
        return Err((lp.span(open, lp.line.trim_end().len()), "unclosed `(`: the action has no `)`".into()));
    };
    let close = open + close_rel;
    let inner = &lp.line[open + 1..close];
    if let Some(p) = inner.find('(') {
        return Err((lp.span(open + 1 + p, open + 2 + p), "nested `(` inside a plan step".into()));
    }
    let mut names = Vec::new();
    let mut i = 0;
    let bytes = inner.as_bytes();
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let s = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let at = open + 1;
        names.push(Name::new(&inner[s..i], lp.span(at + s, at + i)));
    }
    if names.is_empty() {
        return Err((lp.span(open, close + 1), "empty plan step `()`".into()));
    }
    let span = lp.span(open, close + 1);
    lp.pos = close + 1;
    lp.skip_ws();
    let duration = if lp.rest().starts_with('[') {
        lp.pos += 1;
        let d_start = lp.pos;
        match lp.number_until(b']').or_else(|| lpg_duration(lp)) {
            Some(d) => Some(d),
            None => return Err((lp.span(d_start - 1, lp.line.trim_end().len()), "expected a duration `[d]`".into())),
        }
    } else {
        None
    };
    lp.skip_ws();
    if !lp.rest().trim().is_empty() {
        let end = lp.line.trim_end().len();
        return Err((lp.span(lp.pos, end), "unexpected text after the plan step".into()));
    }
    let mut names = names.into_iter();
    let action = names.next().expect("checked non-empty above");
    Ok(PlanStep { time, action, args: names.collect(), duration, span, line })
}

/// LPG's `[D:1.0000; C:0.1000]` (after the `[`): the duration, with the cost ignored.
fn lpg_duration(lp: &mut LineParser) -> Option<f64> {
    let rest = lp.rest();
    let end = rest.find(']')?;
    let inner = rest[..end].trim();
    let d = inner.strip_prefix('D')?.trim_start().strip_prefix(':')?;
    let d = d.split(';').next()?.trim();
    if !crate::lexer::is_number(d.as_bytes()) {
        return None;
    }
    let v: f64 = d.parse().ok().filter(|v: &f64| v.is_finite())?;
    lp.pos += end + 1;
    Some(v)
}

/// Where the `;` comment of a line starts: not inside `[...]`, where LPG writes
/// `[D:1.0000; C:0.1000]` (duration and cost).
fn comment_start(line: &str) -> Option<usize> {
    let mut in_brackets = false;
    for (i, b) in line.bytes().enumerate() {
        match b {
            b'[' => in_brackets = true,
            b']' => in_brackets = false,
            b';' if !in_brackets => return Some(i),
            _ => {}
        }
    }
    None
}

/// Reads `cost = 12` or `cost = 12 (unit cost)` from the text of a comment.
fn cost_comment(c: &str) -> Option<f64> {
    let c = c.trim();
    let rest = c.strip_prefix("cost")?.trim_start().strip_prefix('=')?.trim_start();
    let end = rest.find(|ch: char| ch.is_ascii_whitespace()).unwrap_or(rest.len());
    rest[..end].parse().ok().filter(|v: &f64| v.is_finite())
}

/// Writes a plan in the IPC format it was read in (`; cost = N` last when known).
pub fn plan_to_string(plan: &Plan) -> String {
    format_plan(plan, "")
}

/// `plan` in canonical form with the comments of `src`, the text it was parsed from (what
/// `certplan fmt` prints): each comment on its own line before the step it preceded, or after the
/// step it trailed. A `; cost = N` comment stays where it was written; one is added at the end
/// only when the plan has a cost that no comment states.
pub fn format_plan(plan: &Plan, src: &str) -> String {
    let comments = crate::lexer::comments(src);
    let mut comments = comments.iter().peekable();
    let mut out = String::new();
    let mut put_comments_before = |out: &mut String, pos: u32| {
        while let Some(c) = comments.next_if(|c| c.span.start < pos) {
            if c.trailing && out.ends_with(|ch| ch != '\n') {
                out.push(' ');
            } else if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&c.text);
            out.push('\n');
        }
    };
    for s in &plan.steps {
        put_comments_before(&mut out, s.span.start);
        if out.ends_with(|ch| ch != '\n') {
            out.push('\n');
        }
        if let Some(t) = s.time {
            out.push_str(&format!("{t:.3}: "));
        }
        out.push('(');
        out.push_str(&s.action.text);
        for a in &s.args {
            out.push(' ');
            out.push_str(&a.text);
        }
        out.push(')');
        if let Some(d) = s.duration {
            out.push_str(&format!(" [{d:.3}]"));
        }
    }
    put_comments_before(&mut out, u32::MAX);
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    let stated = crate::lexer::comments(src).iter().any(|c| cost_comment(&c.text[1..]).is_some());
    if let Some(c) = plan.cost.filter(|_| !stated) {
        out.push_str(&format!("; cost = {}\n", number(c)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Parse<Plan> {
        parse_plan(s, FileId(0))
    }

    #[test]
    fn sequential_with_cost() {
        let p = parse("; a comment\n(pick-up B)\n(stack b  a) ; trailing\n\n; cost = 2 (unit cost)\n");
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let plan = p.value.unwrap();
        assert_eq!(plan.steps.len(), 2);
        assert_eq!(plan.steps[1].args.len(), 2);
        assert_eq!(plan.steps[1].line, 3);
        assert_eq!(plan.cost, Some(2.0));
        assert!(!plan.is_temporal());
    }

    #[test]
    fn temporal() {
        let p = parse("0.000: (load a b) [5.000]\r\n5.001: (drive a b c)  [10]\n");
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let plan = p.value.unwrap();
        assert!(plan.is_temporal());
        assert_eq!(plan.steps[1].time, Some(5.001));
        assert_eq!(plan.steps[1].duration, Some(10.0));
    }

    #[test]
    fn lpg_lines() {
        let p = parse("0.0003:   (PICK-UP B) [D:1.0000; C:0.1000] ; done\n1: (stack b a) [1]\n");
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let plan = p.value.unwrap();
        assert_eq!(plan.steps[0].time, Some(0.0003));
        assert_eq!(plan.steps[0].duration, Some(1.0));
        assert_eq!(plan.steps[1].duration, Some(1.0));
    }

    #[test]
    fn every_bad_line_is_reported() {
        let p = parse("(a b\nfoo\n(ok)\n(x (y))\n() \n1.0 (z)\n");
        let lines: Vec<_> = p.diagnostics.iter().map(|d| d.span.start).collect();
        assert_eq!(p.diagnostics.len(), 5, "{:?}", p.diagnostics);
        assert_eq!(lines.len(), 5);
        assert_eq!(p.value.unwrap().steps.len(), 1);
    }
}
