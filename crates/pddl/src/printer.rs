//! Canonical PDDL output (`certplan fmt`).
//!
//! Two steps: the AST is turned into a plain s-expression document ([`Doc`]), and one generic
//! layout routine prints documents: a list that fits in the line stays on one line; otherwise its
//! head (and any names right after it) stays on the first line and each other item goes on its own
//! line, with `:keyword value` pairs kept together. Keywords are lowercase; names keep the case
//! they were written in. `parse(print(t)) == t` for every tree `t` the parser produces.
//!
//! Comments are not in the tree; [`format_definition`] takes them from the source text
//! ([`crate::lexer::comments`]) and puts each back beside the node it was written beside, found by
//! source position: every [`Doc`] keeps the span of the node it was printed from.

use crate::ast::*;
use crate::span::Span;

const WIDTH: usize = 100;

/// A printable s-expression, with the source range it was printed from (when it has one), so
/// that comments can be put back beside the right node (see [`comments`]).
#[derive(Clone)]
struct Doc {
    kind: DocKind,
    span: Option<Span>,
}

#[derive(Clone)]
enum DocKind {
    Atom(String),
    List(Vec<Doc>),
    /// Items printed on one line without parentheses (a typed-list group such as `a b - t`).
    Line(Vec<Doc>),
    /// A `;` comment; `true` when it trails the item before it on that item's line.
    Comment(String, bool),
}

/// What a comment counts for in [`Doc::flat_len`]: more than any line, so that a list holding a
/// comment is never printed on one line (the comment would swallow the rest of it).
const UNFLATTENABLE: usize = usize::MAX / 4;

fn atom(s: impl Into<String>) -> Doc {
    Doc { kind: DocKind::Atom(s.into()), span: None }
}

pub fn number(v: f64) -> String {
    if v == v.trunc() && v.abs() < 1e15 { format!("{}", v as i64) } else { format!("{v}") }
}

impl Doc {
    fn at(mut self, span: Span) -> Doc {
        self.span = Some(span);
        self
    }

    fn flat_len(&self) -> usize {
        let joined = |items: &[Doc]| {
            items.iter().fold(items.len().saturating_sub(1), |n, d| n.saturating_add(d.flat_len())).min(UNFLATTENABLE)
        };
        match &self.kind {
            DocKind::Atom(s) => s.len(),
            DocKind::List(items) => 2 + joined(items),
            DocKind::Line(items) => joined(items),
            DocKind::Comment(..) => UNFLATTENABLE,
        }
    }

    fn write_flat(&self, out: &mut String) {
        match &self.kind {
            DocKind::Atom(s) => out.push_str(s),
            DocKind::List(items) => {
                out.push('(');
                write_joined(items, out);
                out.push(')');
            }
            DocKind::Line(items) => write_joined(items, out),
            DocKind::Comment(text, _) => {
                // Never reached: lists holding comments are broken (`flat_len`), and comments are
                // moved out of typed-list lines (`split_line`). Should it happen, the newline keeps
                // the output parseable.
                debug_assert!(false, "comment {text:?} printed flat");
                out.push_str(text);
                out.push('\n');
            }
        }
    }

    fn comment(&self) -> Option<(&str, bool)> {
        match &self.kind {
            DocKind::Comment(text, trailing) => Some((text, *trailing)),
            _ => None,
        }
    }

    fn write(&self, out: &mut String, indent: usize) {
        let column = out.len() - out.rfind('\n').map_or(0, |i| i + 1);
        if column + self.flat_len() <= WIDTH {
            return self.write_flat(out);
        }
        let DocKind::List(items) = &self.kind else {
            return self.write_flat(out);
        };
        if items.is_empty() {
            return self.write_flat(out);
        }
        out.push('(');
        let mut i = 0;
        // The head and the plain names after it stay on the first line: `(:action move`.
        while i < items.len() && matches!(items[i].kind, DocKind::Atom(_)) && !(i > 0 && is_keyword(&items[i])) {
            if i > 0 {
                out.push(' ');
            }
            items[i].write_flat(out);
            i += 1;
        }
        if i == 0 && items[0].comment().is_none() {
            items[0].write(out, indent + 1);
            i = 1;
        }
        while i < items.len() {
            if let Some((text, trailing)) = items[i].comment() {
                let after_comment = i > 0 && items[i - 1].comment().is_some();
                write_comment(out, text, trailing, i == 0, after_comment, indent + 2);
                i += 1;
                continue;
            }
            newline(out, indent + 2);
            let pairs = is_keyword(&items[i])
                && i + 1 < items.len()
                && !is_keyword(&items[i + 1])
                && items[i + 1].comment().is_none();
            if pairs {
                items[i].write_flat(out);
                out.push(' ');
                items[i + 1].write(out, indent + 2);
                i += 2;
            } else {
                items[i].write(out, indent + 2);
                i += 1;
            }
        }
        close(out, items, indent);
    }
}

/// A comment inside a broken list: right after the `(` when it is the list's first item
/// (`at_open`), after the item it trails, or on a line of its own (always when the line already
/// ends in a comment: `after_comment`).
fn write_comment(out: &mut String, text: &str, trailing: bool, at_open: bool, after_comment: bool, indent: usize) {
    if !at_open {
        if trailing && !after_comment {
            out.push(' ');
        } else {
            newline(out, indent);
        }
    }
    out.push_str(text);
}

/// The `)` of a broken list: on a line of its own when a comment ends the list's last line.
fn close(out: &mut String, items: &[Doc], indent: usize) {
    if items.last().is_some_and(|d| d.comment().is_some()) {
        newline(out, indent);
    }
    out.push(')');
}

fn write_joined(items: &[Doc], out: &mut String) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        item.write_flat(out);
    }
}

fn is_keyword(d: &Doc) -> bool {
    matches!(&d.kind, DocKind::Atom(s) if s.starts_with(':'))
}

fn newline(out: &mut String, indent: usize) {
    out.push('\n');
    out.extend(std::iter::repeat_n(' ', indent));
}

fn list(items: impl IntoIterator<Item = Doc>) -> Doc {
    Doc { kind: DocKind::List(items.into_iter().collect()), span: None }
}

fn line(items: Vec<Doc>) -> Doc {
    Doc { kind: DocKind::Line(items), span: None }
}

fn name(n: &Name) -> Doc {
    atom(&*n.text).at(n.span)
}

fn var(v: &Variable) -> Doc {
    atom(format!("?{}", v.name)).at(v.span)
}

fn ty(t: &Type) -> Doc {
    match t {
        Type::Name(n) => name(n),
        Type::Either(ns, s) => list(std::iter::once(atom("either")).chain(ns.iter().map(name))).at(*s),
    }
}

/// Typed-list groups: consecutive items with the same type share one `- type`.
fn typed<T>(items: &[Typed<T>], item: impl Fn(&T) -> Doc) -> Vec<Doc> {
    let mut groups = Vec::new();
    let mut i = 0;
    while i < items.len() {
        let mut j = i;
        while j + 1 < items.len() && items[j + 1].ty == items[i].ty && items[i].ty.is_some() {
            j += 1;
        }
        let mut line: Vec<Doc> = items[i..=j].iter().map(|t| item(&t.item)).collect();
        if let Some(t) = &items[i].ty {
            line.push(atom("-"));
            line.push(ty(t));
        }
        groups.push(self::line(line));
        i = j + 1;
    }
    groups
}

fn params(ps: &[Typed<Variable>]) -> Doc {
    list(typed(ps, var))
}

fn term(t: &Term) -> Doc {
    match t {
        Term::Name(n) => name(n),
        Term::Variable(v) => var(v),
        Term::Function(f) => function_term(f),
    }
}

fn atom_doc(a: &Atom) -> Doc {
    list(std::iter::once(name(&a.predicate)).chain(a.args.iter().map(term))).at(a.span)
}

fn function_term(f: &FunctionTerm) -> Doc {
    list(std::iter::once(name(&f.function)).chain(f.args.iter().map(term))).at(f.span)
}

fn expr(e: &Expr) -> Doc {
    expr_kind(e).at(e.span())
}

fn expr_kind(e: &Expr) -> Doc {
    match e {
        Expr::Number(v, _) => atom(number(*v)),
        Expr::Function(f) => function_term(f),
        Expr::Variable(v) => var(v),
        Expr::Object(n) => name(n),
        Expr::Binary(op, args, _) => list(std::iter::once(atom(op.symbol())).chain(args.iter().map(expr))),
        Expr::Negate(e, _) => list([atom("-"), expr(e)]),
        Expr::ContinuousTime(_) => atom("#t"),
        Expr::TotalTime(_) => atom("total-time"),
        Expr::IsViolated(n, _) => list([atom("is-violated"), name(n)]),
        Expr::Undefined(_) => atom("undefined"),
        Expr::Error(_) => atom("<error>"),
    }
}

fn timed(t: TimeSpec, body: Doc) -> Doc {
    let (a, b) = t.keyword().split_once(' ').expect("time specifiers are two words");
    list([atom(a), atom(b), body])
}

fn gd(g: &Gd) -> Doc {
    gd_kind(g).at(g.span)
}

fn gd_kind(g: &Gd) -> Doc {
    match &g.kind {
        GdKind::Atom(a) => atom_doc(a),
        GdKind::Not(g) => list([atom("not"), gd(g)]),
        GdKind::And(gs) => list(std::iter::once(atom("and")).chain(gs.iter().map(gd))),
        GdKind::Or(gs) => list(std::iter::once(atom("or")).chain(gs.iter().map(gd))),
        GdKind::Imply(a, b) => list([atom("imply"), gd(a), gd(b)]),
        GdKind::Exists(vs, g) => list([atom("exists"), params(vs), gd(g)]),
        GdKind::Forall(vs, g) => list([atom("forall"), params(vs), gd(g)]),
        GdKind::Compare(op, a, b) => list([atom(op.symbol()), expr(a), expr(b)]),
        GdKind::Preference(n, g) => list(std::iter::once(atom("preference")).chain(n.iter().map(name)).chain([gd(g)])),
        GdKind::Timed(t, g) => timed(*t, gd(g)),
        GdKind::Modal(m, nums, gds) => list(
            std::iter::once(atom(m.keyword())).chain(nums.iter().map(|v| atom(number(*v)))).chain(gds.iter().map(gd)),
        ),
        GdKind::Error => atom("<error>"),
    }
}

fn effect(e: &Effect) -> Doc {
    effect_kind(e).at(e.span)
}

fn effect_kind(e: &Effect) -> Doc {
    match &e.kind {
        EffectKind::And(es) => list(std::iter::once(atom("and")).chain(es.iter().map(effect))),
        EffectKind::Add(a) => atom_doc(a),
        EffectKind::Delete(a) => list([atom("not"), atom_doc(a)]),
        EffectKind::Forall(vs, e) => list([atom("forall"), params(vs), effect(e)]),
        EffectKind::When(c, e) => list([atom("when"), gd(c), effect(e)]),
        EffectKind::Assign(op, f, v) => list([atom(op.keyword()), function_term(f), expr(v)]),
        EffectKind::Timed(t, e) => timed(*t, effect(e)),
        EffectKind::Error => atom("<error>"),
    }
}

fn duration(d: &DurationConstraint) -> Doc {
    match d {
        DurationConstraint::And(ds, s) => list(std::iter::once(atom("and")).chain(ds.iter().map(duration))).at(*s),
        DurationConstraint::Compare { time, op, value, .. } => {
            let c = list([atom(op.symbol()), atom("?duration"), expr(value)]);
            match time {
                Some(t) => timed(*t, c),
                None => c,
            }
        }
        DurationConstraint::Error(s) => atom("<error>").at(*s),
    }
}

fn predicate_decl(p: &PredicateDecl) -> Doc {
    list(std::iter::once(name(&p.name)).chain(typed(&p.parameters, var))).at(p.span)
}

fn requirements(rs: &[Requirement]) -> Option<Doc> {
    (!rs.is_empty()).then(|| {
        list(
            std::iter::once(atom(":requirements"))
                .chain(rs.iter().map(|r| atom(r.name.text.to_ascii_lowercase()).at(r.name.span))),
        )
    })
}

fn section(key: &str, items: Vec<Doc>) -> Doc {
    list(std::iter::once(atom(key)).chain(items))
}

fn domain_doc(d: &Domain) -> Doc {
    let mut items = vec![atom("define"), list([atom("domain"), name(&d.name)])];
    items.extend(requirements(&d.requirements));
    if !d.types.is_empty() {
        items.push(section(":types", typed(&d.types, name)));
    }
    if !d.constants.is_empty() {
        items.push(section(":constants", typed(&d.constants, name)));
    }
    if !d.predicates.is_empty() {
        items.push(section(":predicates", d.predicates.iter().map(predicate_decl).collect()));
    }
    if !d.functions.is_empty() {
        items.push(section(":functions", functions(&d.functions)));
    }
    if let Some(c) = &d.constraints {
        items.push(section(":constraints", vec![gd(c)]));
    }
    for a in &d.actions {
        let mut s = vec![atom(":action"), name(&a.name), atom(":parameters"), params(&a.parameters)];
        if let Some(p) = &a.precondition {
            s.extend([atom(":precondition"), gd(p)]);
        }
        if let Some(e) = &a.effect {
            s.extend([atom(":effect"), effect(e)]);
        }
        items.push(list(s).at(a.span));
    }
    for a in &d.durative_actions {
        let mut s = vec![atom(":durative-action"), name(&a.name), atom(":parameters"), params(&a.parameters)];
        if let Some(x) = &a.duration {
            s.extend([atom(":duration"), duration(x)]);
        }
        if let Some(c) = &a.condition {
            s.extend([atom(":condition"), gd(c)]);
        }
        if let Some(e) = &a.effect {
            s.extend([atom(":effect"), effect(e)]);
        }
        items.push(list(s).at(a.span));
    }
    for x in &d.derived {
        items.push(list([atom(":derived"), predicate_decl(&x.head), gd(&x.body)]).at(x.span));
    }
    list(items).at(d.span)
}

fn functions(fs: &[FunctionDecl]) -> Vec<Doc> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fs.len() {
        let mut j = i;
        while j + 1 < fs.len() && fs[j + 1].ty == fs[i].ty && fs[i].ty != FunctionType::Default {
            j += 1;
        }
        let mut line: Vec<Doc> = fs[i..=j]
            .iter()
            .map(|f| list(std::iter::once(name(&f.name)).chain(typed(&f.parameters, var))).at(f.span))
            .collect();
        match &fs[i].ty {
            FunctionType::Default => {}
            FunctionType::Number(_) => line.extend([atom("-"), atom("number")]),
            FunctionType::Object(t) => line.extend([atom("-"), ty(t)]),
        }
        out.push(self::line(line));
        i = j + 1;
    }
    out
}

fn init_element(e: &InitElement) -> Doc {
    init_kind(e).at(e.span())
}

fn init_kind(e: &InitElement) -> Doc {
    match e {
        InitElement::Atom(a) => atom_doc(a),
        InitElement::NotAtom(a, _) => list([atom("not"), atom_doc(a)]),
        InitElement::Assign(f, v, _) => list([atom("="), function_term(f), expr(v)]),
        InitElement::At(t, e, _) => list([atom("at"), atom(number(*t)), init_element(e)]),
    }
}

fn problem_doc(p: &Problem) -> Doc {
    let mut items =
        vec![atom("define"), list([atom("problem"), name(&p.name)]), list([atom(":domain"), name(&p.domain)])];
    items.extend(requirements(&p.requirements));
    if !p.objects.is_empty() {
        items.push(section(":objects", typed(&p.objects, name)));
    }
    // An empty `:init` is still printed: it is the (empty) initial state, not a missing section.
    items.push(section(":init", p.init.iter().map(init_element).collect()));
    if let Some(g) = &p.goal {
        items.push(section(":goal", vec![gd(g)]));
    }
    if let Some(c) = &p.constraints {
        items.push(section(":constraints", vec![gd(c)]));
    }
    if let Some(m) = &p.metric {
        let dir = match m.optimization {
            Optimization::Minimize => "minimize",
            Optimization::Maximize => "maximize",
        };
        items.push(list([atom(":metric"), atom(dir), expr(&m.expr)]).at(m.span));
    }
    list(items).at(p.span)
}

/// Writes a top-level definition; its sections each start on a new line. `header` and `footer`
/// are the comments before `(define` and after its `)`.
fn write_define(doc: Doc, header: &[Comment], footer: &[Comment]) -> String {
    let DocKind::List(items) = doc.kind else { unreachable!("definitions are lists") };
    let mut out = String::new();
    for c in header {
        out.push_str(&c.text);
        out.push('\n');
    }
    out.push('(');
    let open = out.len();
    // `define` and `(domain d)` share the first line; comments between them break it.
    let mut k = 0;
    let mut after_comment = false;
    for item in &items {
        if let Some((text, trailing)) = item.comment() {
            let at_open = out.len() == open;
            write_comment(&mut out, text, trailing, at_open, after_comment, 2);
            after_comment = true;
            continue;
        }
        if after_comment || k >= 2 {
            newline(&mut out, 2);
        } else if k == 1 {
            out.push(' ');
        }
        if k == 1 && item.flat_len() < UNFLATTENABLE {
            item.write_flat(&mut out);
        } else {
            item.write(&mut out, 2);
        }
        k += 1;
        after_comment = false;
    }
    close(&mut out, &items, 0);
    for c in footer {
        if c.trailing && out.ends_with(')') {
            out.push(' ');
        } else {
            out.push('\n');
        }
        out.push_str(&c.text);
    }
    out.push('\n');
    out
}

pub fn domain_to_string(d: &Domain) -> String {
    write_define(domain_doc(d), &[], &[])
}

pub fn problem_to_string(p: &Problem) -> String {
    write_define(problem_doc(p), &[], &[])
}

/// `d` in canonical form with the comments of `src`, the text it was parsed from, put back:
/// what `certplan fmt` prints. Each comment keeps its text and stays beside the node it was
/// written beside: before it on a line of its own, or after it on its line when it trailed it.
/// A comment inside a typed-list group (`a ; why` newline `b - t`) splits the group there
/// (`a - t ; why`, `b - t`), which reads back as the same list. The result parses to the same tree
/// as `src`, and formatting it again changes nothing (`tests/roundtrip_props.rs`).
pub fn format_definition(d: &Definition, src: &str) -> String {
    let doc = match d {
        Definition::Domain(d) => domain_doc(d),
        Definition::Problem(p) => problem_doc(p),
    };
    let all = crate::lexer::comments(src);
    if all.is_empty() {
        return write_define(doc, &[], &[]);
    }
    comments::put_back(doc, all, src)
}

/// Putting comments back into a [`Doc`] by their source positions.
mod comments {
    use super::{Doc, DocKind, write_define};
    use crate::ast::Comment;
    use crate::lexer::{TokenKind, TokenTree};
    use crate::span::{FileId, Span};

    pub(super) fn put_back(mut doc: Doc, all: Vec<Comment>, src: &str) -> String {
        let lists = Lists::new(src);
        fill_spans(&mut doc, &lists);
        let define = doc.span.unwrap_or(Span::new(0, src.len()));
        let (header, rest): (Vec<_>, Vec<_>) = all.into_iter().partition(|c| c.span.start < define.start);
        let (footer, inside): (Vec<_>, Vec<_>) = rest.into_iter().partition(|c| c.span.start >= define.end);
        attach(&mut doc, inside);
        write_define(doc, &header, &footer)
    }

    /// Every list of the source as its `(` .. `)` byte range, in the order the lists open, with
    /// the list each one stands in.
    struct Lists {
        spans: Vec<Span>,
        parent: Vec<Option<usize>>,
    }

    impl Lists {
        fn new(src: &str) -> Lists {
            let tree = TokenTree::build(src, FileId(0), &mut Vec::new());
            let toks = &tree.tokens;
            let mut spans = Vec::new();
            let mut parent = Vec::new();
            // The lists open at the current token: (token index of its `)`, list index).
            let mut open: Vec<(usize, usize)> = Vec::new();
            for (i, t) in toks.iter().enumerate() {
                while open.last().is_some_and(|&(close, _)| close < i) {
                    open.pop();
                }
                if t.kind == TokenKind::LParen {
                    let close = t.partner as usize;
                    parent.push(open.last().map(|&(_, l)| l));
                    open.push((close, spans.len()));
                    spans.push(Span { start: t.start, end: toks[close].end });
                }
            }
            Lists { spans, parent }
        }

        /// The innermost list that holds all of `inner` and starts before it.
        fn enclosing(&self, inner: Span) -> Option<Span> {
            let mut l = self.spans.partition_point(|s| s.start < inner.start).checked_sub(1)?;
            loop {
                if self.spans[l].end >= inner.end {
                    return Some(self.spans[l]);
                }
                l = self.parent[l]?;
            }
        }
    }

    /// Gives every list printed without a span of its own (sections, parameter lists, `(domain d)`)
    /// the source range of the list it came from, and every typed-list line the range of its
    /// items; returns the doc's range.
    fn fill_spans(d: &mut Doc, lists: &Lists) -> Option<Span> {
        let is_list = matches!(d.kind, DocKind::List(_));
        if let DocKind::List(items) | DocKind::Line(items) = &mut d.kind {
            let mut union: Option<Span> = None;
            for item in items.iter_mut() {
                if let Some(s) = fill_spans(item, lists) {
                    union = Some(union.map_or(s, |u| u.to(s)));
                }
            }
            if d.span.is_none() {
                d.span = if is_list { union.and_then(|u| lists.enclosing(u)) } else { union };
            }
        }
        d.span
    }

    fn comment_doc(c: Comment) -> Doc {
        Doc { kind: DocKind::Comment(c.text, c.trailing), span: Some(c.span) }
    }

    /// Puts `comments` (all inside the list `d`, in source order) into `d`: into the item that
    /// holds each, else before the first item that follows it in the source.
    fn attach(d: &mut Doc, comments: Vec<Comment>) {
        if comments.is_empty() {
            return;
        }
        let list_span = d.span;
        let DocKind::List(items) = &mut d.kind else { unreachable!("comments are attached to lists") };
        let n = items.len();
        let ranges: Vec<Option<Span>> = items.iter().map(|d| d.span).collect();
        // Where an item without a range (a keyword such as `:effect`) stands: with the next item
        // that has one, so a comment before `:effect (and ...)` stays before the keyword.
        let mut keys = vec![u32::MAX; n];
        let mut next = u32::MAX;
        for i in (0..n).rev() {
            if let Some(r) = ranges[i] {
                next = r.start;
            }
            keys[i] = next;
        }
        // The head of the list (`:predicates`, `define`) stands right after its `(`: a comment
        // after it stays after it.
        if let Some(list) = list_span {
            for key in keys.iter_mut().zip(&ranges).take_while(|(_, r)| r.is_none()).map(|(k, _)| k) {
                *key = list.start;
            }
        }
        // Items are printed in source order except where the printer reorders sections (an action
        // written after a `:derived`): then the search is linear.
        let sorted = keys.windows(2).all(|w| w[0] <= w[1]);
        let mut inside: Vec<Vec<Comment>> = vec![Vec::new(); n];
        let mut before: Vec<Vec<Comment>> = vec![Vec::new(); n + 1];
        for c in comments {
            let p = c.span.start;
            let holds = |i: usize| ranges[i].is_some_and(|r| r.start < p && p < r.end);
            let holder = if sorted {
                keys.partition_point(|&k| k <= p).checked_sub(1).filter(|&i| holds(i))
            } else {
                (0..n).find(|&i| holds(i))
            };
            match holder {
                Some(i) if matches!(items[i].kind, DocKind::List(_) | DocKind::Line(_)) => inside[i].push(c),
                _ => {
                    let at = if sorted {
                        keys.partition_point(|&k| k <= p)
                    } else {
                        (0..n).filter(|&i| keys[i] > p).min_by_key(|&i| keys[i]).unwrap_or(n)
                    };
                    before[at].push(c);
                }
            }
        }
        let old = std::mem::take(items);
        for (i, (mut item, held)) in old.into_iter().zip(inside).enumerate() {
            items.extend(std::mem::take(&mut before[i]).into_iter().map(comment_doc));
            if held.is_empty() {
                items.push(item);
            } else if matches!(item.kind, DocKind::Line(_)) {
                items.extend(split_line(item, held));
            } else {
                attach(&mut item, held);
                items.push(item);
            }
        }
        items.extend(std::mem::take(&mut before[n]).into_iter().map(comment_doc));
    }

    /// A typed-list line (`a b c - t`) is printed on one line, so a comment inside it splits it
    /// where it stands: `a - t ; why` then `b c - t`. A comment that cannot split it (after the
    /// last name, or inside a name's own list) goes after the line.
    fn split_line(line: Doc, comments: Vec<Comment>) -> Vec<Doc> {
        let DocKind::Line(items) = line.kind else { unreachable!("only lines are split") };
        let dash = |d: &Doc| d.span.is_none() && matches!(&d.kind, DocKind::Atom(s) if s == "-");
        let m = items.iter().position(dash).unwrap_or(items.len());
        let (names, ty) = items.split_at(m);
        let piece = |from: usize, to: usize| super::line(names[from..to].iter().chain(ty).cloned().collect());
        let mut out = Vec::new();
        let mut after = Vec::new();
        let mut from = 0;
        for c in comments {
            let p = c.span.start;
            let k = names.partition_point(|d| d.span.is_some_and(|s| s.start < p));
            if k == 0 {
                out.push(comment_doc(c));
            } else if k == m || names[k - 1].span.is_some_and(|s| p < s.end) {
                after.push(comment_doc(c));
            } else {
                if k > from {
                    out.push(piece(from, k));
                    from = k;
                }
                out.push(comment_doc(c));
            }
        }
        out.push(piece(from, m));
        out.extend(after);
        out
    }
}

pub fn definition_to_string(d: &Definition) -> String {
    match d {
        Definition::Domain(d) => domain_to_string(d),
        Definition::Problem(p) => problem_to_string(p),
    }
}

/// One condition on one line, e.g. for a diagnostic or a validator report.
pub fn gd_to_string(g: &Gd) -> String {
    let mut out = String::new();
    gd(g).write_flat(&mut out);
    out
}

pub fn effect_to_string(e: &Effect) -> String {
    let mut out = String::new();
    effect(e).write_flat(&mut out);
    out
}

pub fn expr_to_string(e: &Expr) -> String {
    let mut out = String::new();
    expr(e).write_flat(&mut out);
    out
}

pub fn atom_to_string(a: &Atom) -> String {
    let mut out = String::new();
    atom_doc(a).write_flat(&mut out);
    out
}
