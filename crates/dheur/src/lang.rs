//! The heuristic language: its syntax tree and the parser from s-expressions, which also checks
//! sorts (natural numbers against Booleans) and scopes, so that every accepted definition is a
//! total function: there is no recursion, every quantifier ranges over a finite object set,
//! subtraction is truncated at zero and `min-over` names its value on the empty set.
//!
//! A heuristic file:
//!
//! ```text
//! (heuristic NAME
//!   (summary "TEXT")
//!   (domain PDDL-DOMAIN-NAME)
//!   (schemas "SIGNATURE" ...)          ; exactly the action schemas the proof reasons about
//!   (static-predicates PRED ...)       ; predicates that no action may change
//!   (exact-types TYPE ...)             ; every object of TYPE is declared with TYPE itself
//!   (check NAME BOOL)                  ; domain assumptions on init, goal, static facts
//!   (table NAME (distance TYPE EDGE ...)) ; graph distances; EDGE: PRED (a -> b), (reverse PRED)
//!                                       ; or (where (?a ?b) BOOL): a -> b where BOOL holds of the
//!                                       ; task (init, goal, static; no state), e.g. a goal relation
//!   (table NAME (distance-by ITYPE TYPE EDGE ...)) ; one graph per object i of ITYPE; EDGE: a
//!                                      ; ternary PRED (i a -> b) or (reverse PRED)
//!   (table NAME (distance ...) exact)  ; the same, also checked exact: each finite d(u,t), u != t,
//!                                      ; is 1 + a finite d(v,t) for an edge u -> v (BFS always is)
//!   (table NAME (push-distance TYPE (walk (?a ?b) BOOL) (push (?r ?a ?b) BOOL) (to (?t) BOOL)))
//!                                      ; one pushed object and the agent that pushes it: nodes
//!                                      ; (x, y), object on x, agent on y; the agent steps
//!                                      ; y -> y' (a walk edge, y' != x), or pushes from r = y
//!                                      ; the object on a = x to b (walk edges r -> a -> b where
//!                                      ; push holds), ending on a; (dist NAME x y t) is the
//!                                      ; distance to any node (t, y'), for targets t where `to`
//!                                      ; holds and the table fits (0 for the others)
//!   (table NAME (push-distance TYPE (walk ...) (push ...) (to (?s ?t) BOOL)))
//!                                      ; two pushed objects: nodes (x1, x2, y), the agent
//!                                      ; steps onto neither object's square, and pushes one
//!                                      ; object onto a square the other is not on;
//!                                      ; (dist NAME x1 x2 y t1 t2) is the distance to any node
//!                                      ; (t1, t2, y'), for pairs (t1, t2) where `to` holds (or
//!                                      ; (t2, t1) does) and the table fits (0 for the others)
//!   (dead-end BOOL)                    ; optional: infinity where it holds
//!   (value NAT))
//! ```
//!
//! Expressions. Natural numbers: `N`, `(+ e ...)`, `(- a b)` (truncated), `(* a b)`,
//! `(max e ...)`, `(min e ...)`, `(if b e e)`, `(let ((x e) ...) e)`, `x`,
//! `(sum (?v TYPE [FILTER]) e)`, `(count (?v TYPE [FILTER]) b)`, `(max-over (?v TYPE [FILTER]) e)`
//! (0 when empty), `(min-over (?v TYPE [FILTER]) e EMPTY)`, `(dist TABLE t t)` (the table's cap
//! when unreachable or outside its type), `(dist TABLE i t t)` (a `distance-by` table: the graph
//! of object `i`; the cap too when `i` is outside ITYPE), `(dist TABLE x1 x2 y t1 t2)` (a
//! two-object `push-distance` table), `(cap TABLE)`. Booleans: `true`, `false`, `(and ...)`, `(or ...)`,
//! `(not b)`, `(= t t)`, `(< e e)`, `(<= e e)`, `(exists (?v TYPE [FILTER]) b)`,
//! `(forall (?v TYPE [FILTER]) b)`, and atom tests `(holds (P t ...))` (the state),
//! `(init (P t ...))`, `(goal (P t ...))` (a positive goal atom), `(static (P t ...))` (an initial
//! atom of a predicate no action changes). Terms `t` are `?v` or an object name.

use crate::sexpr::{Pos, Sexp, SyntaxError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Holds,
    Init,
    Goal,
    Static,
}

impl Source {
    pub fn word(self) -> &'static str {
        match self {
            Source::Holds => "holds",
            Source::Init => "init",
            Source::Goal => "goal",
            Source::Static => "static",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    Var(String),
    Object(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NatOp {
    Add,
    Sub,
    Mul,
    Max,
    Min,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fold {
    Sum,
    Count,
    MaxOver,
    Exists,
    Forall,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Binder {
    pub var: String,
    pub ty: String,
    pub filter: Option<Box<Expr>>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Num(u64),
    NatVar(String),
    Op(NatOp, Vec<Expr>),
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    Let(String, Box<Expr>, Box<Expr>),
    Fold(Fold, Binder, Box<Expr>),
    MinOver(Binder, Box<Expr>, Box<Expr>),
    Dist(String, Term, Term),
    /// A `distance-by` table's distance in the graph of the first term's object, or a
    /// `push-distance` table's from the object on the first term and the agent on the second.
    DistBy(String, Term, Term, Term),
    /// A two-object `push-distance` table's distance: objects on the first two terms, the agent
    /// on the third, to the last two.
    DistPair(String, Box<[Term; 5]>),
    /// A table's cap: the value of unreachable entries.
    Cap(String),
    Bool(bool),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Not(Box<Expr>),
    Eq(Term, Term),
    Less(Box<Expr>, Box<Expr>),
    LessEq(Box<Expr>, Box<Expr>),
    Atom(Source, String, Vec<Term>),
}

impl Expr {
    /// Whether it reads the state (`holds`) anywhere.
    pub fn reads_state(&self) -> bool {
        let mut found = false;
        self.walk(&mut |e| found |= matches!(e, Expr::Atom(Source::Holds, ..)));
        found
    }

    /// Calls `f` on every subexpression, binder filters included.
    pub fn walk(&self, f: &mut dyn FnMut(&Expr)) {
        f(self);
        let binder = |b: &Binder, f: &mut dyn FnMut(&Expr)| {
            if let Some(x) = &b.filter {
                x.walk(f)
            }
        };
        match self {
            Expr::Op(_, v) | Expr::And(v) | Expr::Or(v) => v.iter().for_each(|e| e.walk(f)),
            Expr::If(a, b, c) => {
                a.walk(f);
                b.walk(f);
                c.walk(f)
            }
            Expr::Let(_, a, b) | Expr::Less(a, b) | Expr::LessEq(a, b) => {
                a.walk(f);
                b.walk(f)
            }
            Expr::Fold(_, bd, e) => {
                binder(bd, f);
                e.walk(f)
            }
            Expr::MinOver(bd, e, d) => {
                binder(bd, f);
                e.walk(f);
                d.walk(f)
            }
            Expr::Not(e) => e.walk(f),
            _ => {}
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub name: String,
    pub expr: Expr,
    pub pos: Pos,
}

/// A distance table: shortest paths between objects of `ty`, one step per edge; an edge is an
/// atom `(P a b)` of a static binary predicate, read `a -> b`, or `b -> a` when reversed, or a
/// pair `a -> b` of a [`Relation`].
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub name: String,
    pub ty: String,
    pub edges: Vec<(String, bool)>,
    /// `distance-by`: the type of the index objects (edges are ternary, index first).
    pub index: Option<String>,
    pub relations: Vec<Relation>,
    /// `(table NAME (distance ...) exact)`: the table is also checked exact (every finite
    /// entry off the diagonal is one more than a finite entry of some edge's head), and the
    /// printed wf says so; without the flag, only the upper-bound properties are checked.
    pub exact: bool,
    /// `push-distance`: the table is over pairs of objects, not objects (`edges` and
    /// `relations` are empty).
    pub push: Option<Push>,
}

/// A `push-distance` table's graph: nodes are pairs (x, y) of objects of the table's type, an
/// object on x and the agent on y. The agent steps y -> y' where `walk` holds (from `y` to `y'`)
/// and y' != x; or it pushes: from `r` = y, the object on `a` = x goes to `b` where `walk` holds
/// of r -> a and of a -> b and `push` holds of (r, a, b), and the agent ends on a. `(dist NAME
/// x y t)` is the distance from (x, y) to any node (t, y'): a lower bound on the steps and pushes
/// that bring the object to t when nothing else is in the way (sokoban's one box and its robot).
///
/// With two targets in `to`, the table is over triples (x1, x2, y): two objects and the agent.
/// The agent steps y -> y' with y' on neither object's square; it pushes the first object
/// from (a, x2, r) to (b, x2, a) where b != x2, or the second from (x1, a, r) to (x1, b, a)
/// where b != x1. `(dist NAME x1 x2 y t1 t2)` is the distance to any node (t1, t2, y'): a lower
/// bound on the steps and pushes that bring both objects home (sokoban's pairs of boxes).
#[derive(Clone, Debug, PartialEq)]
pub struct Push {
    pub walk: Relation,
    /// The pusher's square, the object's square and where the object goes.
    pub vars: [String; 3],
    pub push: Expr,
    /// The targets whose distances are computed: `to` holds of `targets` (the others read 0).
    /// One variable for one object, two for a pair of objects.
    pub targets: Vec<String>,
    pub to: Expr,
}

impl Table {
    /// How many terms `(dist NAME ...)` takes: 3 for a `distance-by` or a one-object
    /// `push-distance` table, 5 for a two-object one, 2 otherwise.
    pub fn dist_terms(&self) -> usize {
        match &self.push {
            Some(p) if p.targets.len() == 2 => 5,
            Some(_) => 3,
            None if self.index.is_some() => 3,
            None => 2,
        }
    }
}

/// Edges `from -> to` wherever a Boolean expression over the task (never the state) holds: edges
/// a single static binary predicate cannot state, such as goal atoms (`(goal (on ?a ?b))`) or a
/// projection of a ternary predicate (`(exists (?d direction) (static (adjacent ?a ?b ?d)))`).
#[derive(Clone, Debug, PartialEq)]
pub struct Relation {
    pub from: String,
    pub to: String,
    pub expr: Expr,
}

/// A parsed heuristic definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Definition {
    pub name: String,
    pub summary: String,
    pub domain: String,
    pub schemas: Vec<String>,
    pub static_predicates: Vec<String>,
    pub exact_types: Vec<String>,
    pub checks: Vec<Check>,
    pub tables: Vec<Table>,
    pub dead_end: Option<Expr>,
    pub value: Expr,
}

type R<T> = Result<T, SyntaxError>;

fn err<T>(pos: Pos, message: impl Into<String>) -> R<T> {
    Err(SyntaxError { pos, message: message.into() })
}

/// Parses one heuristic file.
pub fn parse(text: &str) -> R<Definition> {
    let top = crate::sexpr::read(text)?;
    let [def] = top.as_slice() else {
        let pos = top.get(1).map_or(Pos { line: 1, col: 1 }, Sexp::pos);
        return err(pos, "a heuristic file holds exactly one `(heuristic NAME ...)`");
    };
    let items = match def.list() {
        Some(l) if def.head() == Some("heuristic") => l,
        _ => return err(def.pos(), "expected `(heuristic NAME ...)`"),
    };
    let name = match items.get(1).and_then(Sexp::atom) {
        Some(n) => n.to_string(),
        None => return err(def.pos(), "the heuristic needs a name"),
    };
    let mut d = Definition {
        name,
        summary: String::new(),
        domain: String::new(),
        schemas: Vec::new(),
        static_predicates: Vec::new(),
        exact_types: Vec::new(),
        checks: Vec::new(),
        tables: Vec::new(),
        dead_end: None,
        value: Expr::Num(0),
    };
    let mut value = None;
    for item in &items[2..] {
        let Some(l) = item.list() else { return err(item.pos(), "expected a clause `(word ...)`") };
        let words = || -> R<Vec<String>> {
            l[1..]
                .iter()
                .map(|s| s.atom().map(str::to_string).ok_or(()))
                .collect::<Result<_, _>>()
                .or_else(|_| err(item.pos(), "expected names only"))
        };
        match item.head() {
            Some("summary") => d.summary = one_string(item, l)?,
            Some("domain") => d.domain = words()?.join(" "),
            Some("schemas") => {
                for s in &l[1..] {
                    match s {
                        Sexp::Str(t, _) => d.schemas.push(t.clone()),
                        _ => return err(s.pos(), "a schema signature is a string"),
                    }
                }
            }
            Some("static-predicates") => d.static_predicates.extend(words()?),
            Some("exact-types") => d.exact_types.extend(words()?),
            Some("check") => {
                let name = match l.get(1) {
                    Some(Sexp::Atom(n, _) | Sexp::Str(n, _)) => n.clone(),
                    _ => return err(item.pos(), "expected `(check NAME BOOL)`"),
                };
                let Some(body) = l.get(2).filter(|_| l.len() == 3) else {
                    return err(item.pos(), "expected `(check NAME BOOL)`");
                };
                let expr = Scope::default().boolean(body)?;
                if expr.reads_state() {
                    return err(body.pos(), "a check reads the task (init, goal, static), not a state (holds)");
                }
                d.checks.push(Check { name, expr, pos: item.pos() });
            }
            Some("table") => {
                let bad = |p: Pos| {
                    err(
                        p,
                        "expected `(table NAME (distance TYPE EDGE ...))`, EDGE: PRED, (reverse PRED) or (where (?a ?b) BOOL)",
                    )
                };
                let (Some(n), Some(spec)) = (l.get(1).and_then(Sexp::atom), l.get(2)) else { return bad(item.pos()) };
                let s = spec.list().unwrap_or(&[]);
                if spec.head() == Some("push-distance") {
                    d.tables.push(push_table(n, spec)?);
                    continue;
                }
                let (index, ty, first) =
                    match (spec.head(), s.get(1).and_then(Sexp::atom), s.get(2).and_then(Sexp::atom)) {
                        (Some("distance"), Some(ty), _) => (None, ty, 2),
                        (Some("distance-by"), Some(ix), Some(ty)) => (Some(ix.to_string()), ty, 3),
                        _ => return bad(spec.pos()),
                    };
                let mut edges = Vec::new();
                let mut relations = Vec::new();
                for e in &s[first..] {
                    match (e.atom(), e.head(), e.list()) {
                        (Some(p), _, _) => edges.push((p.to_string(), false)),
                        (_, Some("reverse"), Some([_, Sexp::Atom(p, _)])) => edges.push((p.clone(), true)),
                        (_, Some("where"), Some([_, vars, body])) => {
                            let (Some(a), Some(b)) = (
                                vars.list().and_then(|v| v.first()).and_then(Sexp::atom),
                                vars.list().and_then(|v| v.get(1)).and_then(Sexp::atom),
                            ) else {
                                return bad(vars.pos());
                            };
                            if vars.list().map_or(0, <[Sexp]>::len) != 2
                                || !a.starts_with('?')
                                || !b.starts_with('?')
                                || a == b
                            {
                                return bad(vars.pos());
                            }
                            let scope = Scope { objects: vec![a.to_string(), b.to_string()], ..Scope::default() };
                            let expr = scope.boolean(body)?;
                            if expr.reads_state() {
                                return err(
                                    body.pos(),
                                    "an edge relation reads the task (init, goal, static), not a state (holds)",
                                );
                            }
                            relations.push(Relation { from: a.into(), to: b.into(), expr });
                        }
                        _ => return bad(e.pos()),
                    }
                }
                let exact = match l.get(3) {
                    None => false,
                    Some(f) if f.atom() == Some("exact") && l.len() == 4 => true,
                    Some(f) => return err(f.pos(), "expected `exact` or nothing after a table's `(distance ...)`"),
                };
                if edges.is_empty() && relations.is_empty() {
                    return bad(item.pos());
                }
                if index.is_some() && !relations.is_empty() {
                    return err(spec.pos(), "`where` edges are for `distance` tables, not `distance-by`");
                }
                d.tables.push(Table { name: n.into(), ty: ty.into(), edges, index, relations, exact, push: None });
            }
            Some("dead-end") => {
                let body = only_arg(item, l)?;
                d.dead_end = Some(Scope::with_tables(&d.tables).boolean(body)?);
            }
            Some("value") => {
                let body = only_arg(item, l)?;
                value = Some(Scope::with_tables(&d.tables).nat(body)?);
            }
            Some(w) => return err(item.pos(), format!("unknown clause `{w}`")),
            None => return err(item.pos(), "expected a clause `(word ...)`"),
        }
    }
    match value {
        Some(v) => d.value = v,
        None => return err(def.pos(), "the heuristic has no `(value ...)`"),
    }
    if d.domain.is_empty() {
        return err(def.pos(), "the heuristic names no `(domain ...)`");
    }
    Ok(d)
}

/// `(push-distance TYPE (walk (?a ?b) BOOL) (push (?r ?a ?b) BOOL) (to (?t) BOOL))`, or with
/// `(to (?s ?t) BOOL)` for two objects.
fn push_table(name: &str, spec: &Sexp) -> R<Table> {
    fn bad<T>(p: Pos) -> R<T> {
        err(
            p,
            "expected `(push-distance TYPE (walk (?a ?b) BOOL) (push (?r ?a ?b) BOOL) (to (?t) BOOL))` (or `(to (?s ?t) BOOL)`)",
        )
    }
    let s = spec.list().unwrap_or(&[]);
    let (Some(ty), [walk, push, to]) = (s.get(1).and_then(Sexp::atom), s.get(2..).unwrap_or(&[])) else {
        return bad(spec.pos());
    };
    // One clause `(WORD (?v ...) BOOL)` over the task (never the state), with `k` distinct variables.
    let clause = |c: &Sexp, word: &str, k: std::ops::RangeInclusive<usize>| -> R<(Vec<String>, Expr)> {
        let (Some([_, vars, body]), Some(w)) = (c.list(), c.head()) else { return bad(c.pos()) };
        let names: Vec<String> = vars.list().unwrap_or(&[]).iter().filter_map(Sexp::atom).map(str::to_string).collect();
        let distinct = names.iter().enumerate().all(|(i, v)| !names[..i].contains(v));
        if w != word || !k.contains(&names.len()) || vars.list().map_or(0, <[Sexp]>::len) != names.len() || !distinct {
            return bad(c.pos());
        }
        if names.iter().any(|v| !v.starts_with('?')) {
            return bad(vars.pos());
        }
        let expr = Scope { objects: names.clone(), ..Scope::default() }.boolean(body)?;
        if expr.reads_state() {
            return err(body.pos(), "a table's relation reads the task (init, goal, static), not a state (holds)");
        }
        Ok((names, expr))
    };
    let (w, walk) = clause(walk, "walk", 2..=2)?;
    let (p, push) = clause(push, "push", 3..=3)?;
    let (targets, to) = clause(to, "to", 1..=2)?;
    let [a, b] = <[String; 2]>::try_from(w).expect("two variables");
    let vars = <[String; 3]>::try_from(p).expect("three variables");
    Ok(Table {
        name: name.into(),
        ty: ty.into(),
        edges: Vec::new(),
        index: None,
        relations: Vec::new(),
        exact: false,
        push: Some(Push { walk: Relation { from: a, to: b, expr: walk }, vars, push, targets, to }),
    })
}

fn one_string(item: &Sexp, l: &[Sexp]) -> R<String> {
    match l {
        [_, Sexp::Str(s, _)] => Ok(s.clone()),
        _ => err(item.pos(), "expected one string"),
    }
}

fn only_arg<'a>(item: &Sexp, l: &'a [Sexp]) -> R<&'a Sexp> {
    match l {
        [_, x] => Ok(x),
        _ => err(item.pos(), "expected exactly one expression"),
    }
}

/// Names in scope while parsing an expression.
#[derive(Clone, Default)]
struct Scope {
    objects: Vec<String>,
    nats: Vec<String>,
    tables: Vec<String>,
    /// How many terms each of `tables` takes in `(dist ...)`.
    terms: Vec<usize>,
}

impl Scope {
    fn with_tables(tables: &[Table]) -> Scope {
        Scope {
            tables: tables.iter().map(|t| t.name.clone()).collect(),
            terms: tables.iter().map(Table::dist_terms).collect(),
            ..Scope::default()
        }
    }

    fn term(&self, s: &Sexp) -> R<Term> {
        match s.atom() {
            Some(v) if v.starts_with('?') => {
                if self.objects.iter().any(|o| o == v) {
                    Ok(Term::Var(v.to_string()))
                } else {
                    err(s.pos(), format!("unbound variable `{v}`"))
                }
            }
            Some(o) => Ok(Term::Object(o.to_string())),
            None => err(s.pos(), "expected a variable `?v` or an object name"),
        }
    }

    fn binder(&self, s: &Sexp) -> R<(Binder, Scope)> {
        let l = s.list().unwrap_or(&[]);
        match (l.first().and_then(Sexp::atom), l.get(1).and_then(Sexp::atom)) {
            (Some(v), Some(ty)) if v.starts_with('?') && (2..=3).contains(&l.len()) => {
                let mut inner = self.clone();
                inner.objects.push(v.to_string());
                let filter = match l.get(2) {
                    Some(f) => Some(Box::new(inner.boolean(f)?)),
                    None => None,
                };
                Ok((Binder { var: v.into(), ty: ty.into(), filter }, inner))
            }
            _ => err(s.pos(), "expected a binder `(?v TYPE)` or `(?v TYPE FILTER)`"),
        }
    }

    fn args<'a>(&self, s: &'a Sexp, n: std::ops::RangeInclusive<usize>) -> R<&'a [Sexp]> {
        let l = s.list().expect("called on lists");
        let head = l[0].atom().unwrap_or("");
        if n.contains(&(l.len() - 1)) {
            Ok(&l[1..])
        } else if n.start() == n.end() {
            err(s.pos(), format!("`{head}` takes {} argument(s), not {}", n.start(), l.len() - 1))
        } else {
            err(s.pos(), format!("`{head}` takes {} to {} arguments, not {}", n.start(), n.end(), l.len() - 1))
        }
    }

    /// `(let ((x e) ...) body)`: number bindings, a body of either sort.
    fn let_(&self, s: &Sexp, boolean: bool) -> R<Expr> {
        let a = self.args(s, 2..=2)?;
        let Some(binds) = a[0].list() else { return err(a[0].pos(), "expected `((name expr) ...)`") };
        let mut scope = self.clone();
        let mut pending = Vec::new();
        for b in binds {
            match b.list() {
                Some([Sexp::Atom(n, _), e]) if !n.starts_with('?') && n.parse::<u64>().is_err() => {
                    pending.push((n.clone(), scope.nat(e)?));
                    scope.nats.push(n.clone());
                }
                _ => return err(b.pos(), "expected `(name expr)`"),
            }
        }
        let mut body = if boolean { scope.boolean(&a[1])? } else { scope.nat(&a[1])? };
        for (n, e) in pending.into_iter().rev() {
            body = Expr::Let(n, Box::new(e), Box::new(body));
        }
        Ok(body)
    }

    /// A natural-number expression.
    fn nat(&self, s: &Sexp) -> R<Expr> {
        if let Some(a) = s.atom() {
            if let Ok(n) = a.parse::<u64>() {
                return Ok(Expr::Num(n));
            }
            if self.nats.iter().any(|x| x == a) {
                return Ok(Expr::NatVar(a.into()));
            }
            return err(s.pos(), format!("`{a}` is not a number or a `let` name in scope"));
        }
        let Some(head) = s.head() else { return err(s.pos(), "expected a number expression") };
        let many = || -> R<Vec<Expr>> { self.args(s, 1..=usize::MAX)?.iter().map(|x| self.nat(x)).collect() };
        Ok(match head {
            "+" => Expr::Op(NatOp::Add, many()?),
            "max" => Expr::Op(NatOp::Max, many()?),
            "min" => Expr::Op(NatOp::Min, many()?),
            "-" | "*" => {
                let a = self.args(s, 2..=2)?;
                Expr::Op(if head == "-" { NatOp::Sub } else { NatOp::Mul }, vec![self.nat(&a[0])?, self.nat(&a[1])?])
            }
            "if" => {
                let a = self.args(s, 3..=3)?;
                Expr::If(Box::new(self.boolean(&a[0])?), Box::new(self.nat(&a[1])?), Box::new(self.nat(&a[2])?))
            }
            "let" => self.let_(s, false)?,
            "sum" | "max-over" => {
                let a = self.args(s, 2..=2)?;
                let (b, inner) = self.binder(&a[0])?;
                let fold = if head == "sum" { Fold::Sum } else { Fold::MaxOver };
                Expr::Fold(fold, b, Box::new(inner.nat(&a[1])?))
            }
            "count" => {
                let a = self.args(s, 2..=2)?;
                let (b, inner) = self.binder(&a[0])?;
                Expr::Fold(Fold::Count, b, Box::new(inner.boolean(&a[1])?))
            }
            "min-over" => {
                let a = self.args(s, 3..=3)?;
                let (b, inner) = self.binder(&a[0])?;
                Expr::MinOver(b, Box::new(inner.nat(&a[1])?), Box::new(self.nat(&a[2])?))
            }
            "dist" => {
                let a = self.args(s, 3..=6)?;
                let t = a[0].atom().unwrap_or("");
                let Some(k) = self.tables.iter().position(|x| x == t) else {
                    return err(a[0].pos(), format!("unknown table `{t}` (declare it with `(table ...)` first)"));
                };
                match (self.terms[k], a.len() - 1) {
                    (2, 2) => Expr::Dist(t.into(), self.term(&a[1])?, self.term(&a[2])?),
                    (3, 3) => Expr::DistBy(t.into(), self.term(&a[1])?, self.term(&a[2])?, self.term(&a[3])?),
                    (5, 5) => {
                        let v = a[1..].iter().map(|x| self.term(x)).collect::<R<Vec<Term>>>()?;
                        Expr::DistPair(t.into(), Box::new(<[Term; 5]>::try_from(v).expect("five terms")))
                    }
                    (2, _) => return err(s.pos(), format!("`(dist {t} FROM TO)`: table `{t}` has one graph")),
                    (3, _) => {
                        return err(
                            s.pos(),
                            format!(
                                "`(dist {t} A B C)`: table `{t}` takes three terms (a `distance-by` or `push-distance` table)"
                            ),
                        );
                    }
                    _ => {
                        return err(
                            s.pos(),
                            format!(
                                "`(dist {t} X1 X2 Y T1 T2)`: table `{t}` takes five terms (a two-object `push-distance` table)"
                            ),
                        );
                    }
                }
            }
            "cap" => {
                let a = self.args(s, 1..=1)?;
                let t = a[0].atom().unwrap_or("");
                if !self.tables.iter().any(|x| x == t) {
                    return err(a[0].pos(), format!("unknown table `{t}` (declare it with `(table ...)` first)"));
                }
                Expr::Cap(t.into())
            }
            _ => return err(s.pos(), format!("`{head}` is not a number expression")),
        })
    }

    /// A Boolean expression.
    fn boolean(&self, s: &Sexp) -> R<Expr> {
        match s.atom() {
            Some("true") => return Ok(Expr::Bool(true)),
            Some("false") => return Ok(Expr::Bool(false)),
            Some(a) => return err(s.pos(), format!("`{a}` is not a Boolean expression")),
            None => {}
        }
        let Some(head) = s.head() else { return err(s.pos(), "expected a Boolean expression") };
        Ok(match head {
            "and" | "or" => {
                let v = self.args(s, 0..=usize::MAX)?.iter().map(|x| self.boolean(x)).collect::<R<Vec<_>>>()?;
                if head == "and" { Expr::And(v) } else { Expr::Or(v) }
            }
            "not" => Expr::Not(Box::new(self.boolean(&self.args(s, 1..=1)?[0])?)),
            "=" => {
                let a = self.args(s, 2..=2)?;
                Expr::Eq(self.term(&a[0])?, self.term(&a[1])?)
            }
            "<" | "<=" => {
                let a = self.args(s, 2..=2)?;
                let (x, y) = (Box::new(self.nat(&a[0])?), Box::new(self.nat(&a[1])?));
                if head == "<" { Expr::Less(x, y) } else { Expr::LessEq(x, y) }
            }
            "exists" | "forall" => {
                let a = self.args(s, 2..=2)?;
                let (b, inner) = self.binder(&a[0])?;
                Expr::Fold(
                    if head == "exists" { Fold::Exists } else { Fold::Forall },
                    b,
                    Box::new(inner.boolean(&a[1])?),
                )
            }
            "let" => self.let_(s, true)?,
            "holds" | "init" | "goal" | "static" => {
                let a = self.args(s, 1..=1)?;
                let src = match head {
                    "holds" => Source::Holds,
                    "init" => Source::Init,
                    "goal" => Source::Goal,
                    _ => Source::Static,
                };
                let Some(l) = a[0].list() else { return err(a[0].pos(), "expected an atom `(P t ...)`") };
                let Some(p) = l.first().and_then(Sexp::atom) else {
                    return err(a[0].pos(), "expected an atom `(P t ...)`");
                };
                Expr::Atom(src, p.into(), l[1..].iter().map(|t| self.term(t)).collect::<R<_>>()?)
            }
            _ => return err(s.pos(), format!("`{head}` is not a Boolean expression")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_and_scopes_are_checked() {
        let ok = "(heuristic h (domain d) (value (sum (?x t (goal (p ?x))) (if (holds (p ?x)) 0 1))))";
        assert!(parse(ok).is_ok());
        let e = parse("(heuristic h (domain d)\n (value (+ 1 (holds (p ?x)))))").unwrap_err();
        assert_eq!(e.pos.line, 2, "{e}");
        let e = parse("(heuristic h (domain d) (value (sum (?x t) (if (holds (p ?y)) 0 1))))").unwrap_err();
        assert!(e.message.contains("unbound variable `?y`"), "{e}");
        let e = parse("(heuristic h (domain d) (check c (holds (p a))) (value 0))").unwrap_err();
        assert!(e.message.contains("not a state"), "{e}");
        let e = parse("(heuristic h (domain d) (value (dist t a b)))").unwrap_err();
        assert!(e.message.contains("unknown table"), "{e}");
        assert!(parse("(heuristic h (value 0))").unwrap_err().message.contains("domain"));
        let by = "(heuristic h (domain d) (table g (distance-by r w t)) (value (sum (?r r) (dist g ?r a b))))";
        assert!(matches!(parse(by).unwrap().value, Expr::Fold(_, _, ref b) if matches!(**b, Expr::DistBy(..))));
        let e = parse("(heuristic h (domain d) (table g (distance-by r w t)) (value (dist g a b)))").unwrap_err();
        assert!(e.message.contains("distance-by"), "{e}");
        let e = parse("(heuristic h (domain d) (table g (distance w t)) (value (dist g x a b)))").unwrap_err();
        assert!(e.message.contains("one graph"), "{e}");
        let t =
            "(heuristic h (domain d) (table g (distance t (where (?a ?b) (goal (on ?a ?b))))) (value (dist g x y)))";
        assert_eq!(parse(t).unwrap().tables[0].relations.len(), 1);
        assert!(!parse(t).unwrap().tables[0].exact);
        assert!(parse("(heuristic h (domain d) (table g (distance t e) exact) (value 0))").unwrap().tables[0].exact);
        let e = parse("(heuristic h (domain d) (table g (distance t e) exakt) (value 0))").unwrap_err();
        assert!(e.message.contains("`exact`"), "{e}");
        assert!(parse("(heuristic h (domain d) (table g (distance t e) exact exact) (value 0))").is_err());
        let e = parse("(heuristic h (domain d) (table g (distance t (where (?a ?b) (holds (on ?a ?b))))) (value 0))")
            .unwrap_err();
        assert!(e.message.contains("not a state"), "{e}");
        let e = parse("(heuristic h (domain d) (table g (distance t (where (?a ?b) (goal (on ?a ?c))))) (value 0))")
            .unwrap_err();
        assert!(e.message.contains("unbound variable `?c`"), "{e}");
        let e = parse("(heuristic h (domain d) (table g (distance t (where (?a ?a) true))) (value 0))").unwrap_err();
        assert!(e.message.contains("where"), "{e}");
        let push = |spec: &str, value: &str| {
            parse(&format!("(heuristic h (domain d)\n (table g (push-distance t {spec})) (value {value}))"))
        };
        let spec = "(walk (?a ?b) (static (e ?a ?b))) (push (?r ?a ?b) (static (e ?r ?a))) (to (?t) (goal (at x ?t)))";
        let p = push(spec, "(dist g x y z)").unwrap();
        assert_eq!(p.tables[0].push.as_ref().map(|p| p.vars.len()), Some(3));
        assert_eq!(p.tables[0].dist_terms(), 3);
        let e = push(spec, "(dist g x y)").unwrap_err();
        assert!(e.message.contains("three terms"), "{e}");
        let e = push("(walk (?a ?b) true) (push (?r ?a) true) (to (?t) true)", "0").unwrap_err();
        assert!(e.message.contains("push-distance") && e.pos.line == 2, "{e}");
        let e = push("(walk (?a ?b) (holds (e ?a ?b))) (push (?r ?a ?b) true) (to (?t) true)", "0").unwrap_err();
        assert!(e.message.contains("not a state"), "{e}");
        let pair =
            "(walk (?a ?b) (static (e ?a ?b))) (push (?r ?a ?b) (static (e ?r ?a))) (to (?s ?t) (goal (at ?s ?t)))";
        let p = push(pair, "(dist g x y z u v)").unwrap();
        assert_eq!(p.tables[0].dist_terms(), 5);
        assert!(matches!(p.value, Expr::DistPair(..)));
        let e = push(pair, "(dist g x y z)").unwrap_err();
        assert!(e.message.contains("five terms"), "{e}");
        let e = push("(walk (?a ?b) true) (push (?r ?a ?b) true) (to (?s ?t ?u) true)", "0").unwrap_err();
        assert!(e.message.contains("push-distance") && e.pos.line == 2, "{e}");
    }
}
