//! Canonical PDDL output (`certplan fmt`).
//!
//! Two steps: the AST is turned into a plain s-expression document ([`Doc`]), and one generic
//! layout routine prints documents: a list that fits in the line stays on one line; otherwise its
//! head (and any names right after it) stays on the first line and each other item goes on its own
//! line, with `:keyword value` pairs kept together. Keywords are lowercase; names keep the case
//! they were written in. `parse(print(t)) == t` for every tree `t` the parser produces.

use crate::ast::*;

const WIDTH: usize = 100;

/// A printable s-expression.
enum Doc {
    Atom(String),
    List(Vec<Doc>),
    /// Items printed on one line without parentheses (a typed-list group such as `a b - t`).
    Line(Vec<Doc>),
}

fn atom(s: impl Into<String>) -> Doc {
    Doc::Atom(s.into())
}

pub fn number(v: f64) -> String {
    if v == v.trunc() && v.abs() < 1e15 { format!("{}", v as i64) } else { format!("{v}") }
}

impl Doc {
    fn flat_len(&self) -> usize {
        match self {
            Doc::Atom(s) => s.len(),
            Doc::List(items) => 2 + items.iter().map(Doc::flat_len).sum::<usize>() + items.len().saturating_sub(1),
            Doc::Line(items) => items.iter().map(Doc::flat_len).sum::<usize>() + items.len().saturating_sub(1),
        }
    }

    fn write_flat(&self, out: &mut String) {
        match self {
            Doc::Atom(s) => out.push_str(s),
            Doc::List(items) => {
                out.push('(');
                write_joined(items, out);
                out.push(')');
            }
            Doc::Line(items) => write_joined(items, out),
        }
    }

    fn write(&self, out: &mut String, indent: usize) {
        let column = out.len() - out.rfind('\n').map_or(0, |i| i + 1);
        if column + self.flat_len() <= WIDTH {
            return self.write_flat(out);
        }
        let Doc::List(items) = self else {
            return self.write_flat(out);
        };
        if items.is_empty() {
            return self.write_flat(out);
        }
        out.push('(');
        let mut i = 0;
        // The head and the plain names after it stay on the first line: `(:action move`.
        while i < items.len() && matches!(items[i], Doc::Atom(_)) && !(i > 0 && is_keyword(&items[i])) {
            if i > 0 {
                out.push(' ');
            }
            items[i].write_flat(out);
            i += 1;
        }
        if i == 0 {
            items[0].write(out, indent + 1);
            i = 1;
        }
        while i < items.len() {
            newline(out, indent + 2);
            if is_keyword(&items[i]) && i + 1 < items.len() && !is_keyword(&items[i + 1]) {
                items[i].write_flat(out);
                out.push(' ');
                items[i + 1].write(out, indent + 2);
                i += 2;
            } else {
                items[i].write(out, indent + 2);
                i += 1;
            }
        }
        out.push(')');
    }
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
    matches!(d, Doc::Atom(s) if s.starts_with(':'))
}

fn newline(out: &mut String, indent: usize) {
    out.push('\n');
    out.extend(std::iter::repeat_n(' ', indent));
}

fn list(items: impl IntoIterator<Item = Doc>) -> Doc {
    Doc::List(items.into_iter().collect())
}

fn name(n: &Name) -> Doc {
    atom(&*n.text)
}

fn var(v: &Variable) -> Doc {
    atom(format!("?{}", v.name))
}

fn ty(t: &Type) -> Doc {
    match t {
        Type::Name(n) => name(n),
        Type::Either(ns, _) => list(std::iter::once(atom("either")).chain(ns.iter().map(name))),
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
        groups.push(Doc::Line(line));
        i = j + 1;
    }
    groups
}

fn params(ps: &[Typed<Variable>]) -> Doc {
    Doc::List(typed(ps, var))
}

fn term(t: &Term) -> Doc {
    match t {
        Term::Name(n) => name(n),
        Term::Variable(v) => var(v),
        Term::Function(f) => function_term(f),
    }
}

fn atom_doc(a: &Atom) -> Doc {
    list(std::iter::once(name(&a.predicate)).chain(a.args.iter().map(term)))
}

fn function_term(f: &FunctionTerm) -> Doc {
    list(std::iter::once(name(&f.function)).chain(f.args.iter().map(term)))
}

fn expr(e: &Expr) -> Doc {
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
        DurationConstraint::And(ds, _) => list(std::iter::once(atom("and")).chain(ds.iter().map(duration))),
        DurationConstraint::Compare { time, op, value, .. } => {
            let c = list([atom(op.symbol()), atom("?duration"), expr(value)]);
            match time {
                Some(t) => timed(*t, c),
                None => c,
            }
        }
        DurationConstraint::Error(_) => atom("<error>"),
    }
}

fn predicate_decl(p: &PredicateDecl) -> Doc {
    list(std::iter::once(name(&p.name)).chain(typed(&p.parameters, var)))
}

fn requirements(rs: &[Requirement]) -> Option<Doc> {
    (!rs.is_empty()).then(|| {
        list(std::iter::once(atom(":requirements")).chain(rs.iter().map(|r| atom(r.name.text.to_ascii_lowercase()))))
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
        items.push(Doc::List(s));
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
        items.push(Doc::List(s));
    }
    for x in &d.derived {
        items.push(list([atom(":derived"), predicate_decl(&x.head), gd(&x.body)]));
    }
    Doc::List(items)
}

fn functions(fs: &[FunctionDecl]) -> Vec<Doc> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fs.len() {
        let mut j = i;
        while j + 1 < fs.len() && fs[j + 1].ty == fs[i].ty && fs[i].ty != FunctionType::Default {
            j += 1;
        }
        let mut line: Vec<Doc> =
            fs[i..=j].iter().map(|f| list(std::iter::once(name(&f.name)).chain(typed(&f.parameters, var)))).collect();
        match &fs[i].ty {
            FunctionType::Default => {}
            FunctionType::Number(_) => line.extend([atom("-"), atom("number")]),
            FunctionType::Object(t) => line.extend([atom("-"), ty(t)]),
        }
        out.push(Doc::Line(line));
        i = j + 1;
    }
    out
}

fn init_element(e: &InitElement) -> Doc {
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
        items.push(list([atom(":metric"), atom(dir), expr(&m.expr)]));
    }
    Doc::List(items)
}

/// Writes a top-level definition; its sections each start on a new line.
fn write_define(doc: Doc) -> String {
    let Doc::List(items) = doc else { unreachable!("definitions are lists") };
    let mut out = String::from("(define ");
    items[1].write_flat(&mut out);
    for item in &items[2..] {
        newline(&mut out, 2);
        item.write(&mut out, 2);
    }
    out.push_str(")\n");
    out
}

pub fn domain_to_string(d: &Domain) -> String {
    write_define(domain_doc(d))
}

pub fn problem_to_string(p: &Problem) -> String {
    write_define(problem_doc(p))
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
