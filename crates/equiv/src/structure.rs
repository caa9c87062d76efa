//! The canonical form of a problem as a coloured relational structure: one vertex per object
//! (coloured by its declared types; a domain constant also by its name, since the domain's actions
//! name it and a renaming may not move it), one more vertex per node of every part that is not a
//! flat set of facts (a non-conjunctive goal, a numeric comparison, the metric's expression), and
//! labelled tuples ("facts") over the vertices.
//!
//! Canonical means order-free: `:init` and a conjunctive `:goal` are sets of facts (nested `and`
//! flattened, duplicates dropped); commutative operators (`and`, `or`, `+`, `*`, `=`) have
//! unordered children, the others ordered ones; `>`/`>=` are written as `<`/`<=` with the
//! operands swapped; numbers are labels compared exactly (as `f64` bit patterns, `-0` as `0`).
//! Two problems of one domain are structurally equal exactly when their structures are
//! isomorphic, and the isomorphism restricted to object vertices is the renaming.

use model::lifted::{Arg, Condition, Expr, GroundAtom, ObjectId, Task, Value, VarId};
use pddl::ast::{BinaryOp, Comparison, Optimization};
use rustc_hash::FxHashMap;

/// Which part of the problem a fact belongs to, for the explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    Init,
    Goal,
    Metric,
    Constraints,
}

/// A labelled tuple of vertices.
#[derive(Clone, Debug)]
pub struct Fact {
    pub label: String,
    pub args: Vec<u32>,
    pub section: Section,
    /// For a flat fact (an init or goal literal over objects): its PDDL text is `open`, then each
    /// argument's name after a space, then `close`. `None` for the edges of a tree part.
    pub display: Option<(String, String)>,
}

/// The problem as a coloured structure. Vertices `0..objects` are the task's objects, in order.
#[derive(Clone, Debug, Default)]
pub struct Structure {
    /// The colour label of each vertex.
    pub labels: Vec<String>,
    /// How many of the vertices are objects.
    pub objects: usize,
    /// Object names (lowercase), for the mapping and the explanation.
    pub names: Vec<String>,
    /// Object type labels (sorted type names joined by `|`), for the type counts.
    pub types: Vec<String>,
    pub facts: Vec<Fact>,
    /// Canonical text of the metric and of a goal that is not a flat conjunction, as written with
    /// this problem's own names; for the explanation.
    pub metric_text: Option<String>,
    pub goal_text: String,
}

/// Builds structures of problems of one domain.
pub struct Builder<'t> {
    task: &'t Task,
    s: Structure,
    seen: FxHashMap<(String, Vec<u32>), ()>,
}

/// `-0.0` and `0.0` are one number; everything else is compared bit for bit (`{:?}` prints the
/// shortest text that reads back as the same `f64`).
fn number(x: f64) -> String {
    let x = if x == 0.0 { 0.0 } else { x };
    format!("{x:?}")
}

impl<'t> Builder<'t> {
    pub fn new(task: &'t Task) -> Builder<'t> {
        let d = &task.domain;
        let mut s = Structure { objects: task.objects.len(), ..Default::default() };
        for o in &task.objects {
            let mut types: Vec<&str> = o.ty.0.iter().map(|&t| d.name(d.types[t.index()].name)).collect();
            types.sort_unstable();
            types.dedup();
            let types = types.join("|");
            let name = d.name(o.name).to_string();
            let label = if o.constant { format!("constant {name} - {types}") } else { format!("object - {types}") };
            s.labels.push(label);
            s.names.push(name);
            s.types.push(types);
        }
        Builder { task, s, seen: FxHashMap::default() }
    }

    fn pred(&self, p: model::lifted::PredicateId) -> String {
        let d = &self.task.domain;
        match d.predicates.get(p.index()) {
            Some(x) => d.name(x.name).to_string(),
            None => format!("new-axiom@{}", p.index()),
        }
    }

    fn function(&self, f: model::lifted::FunctionId) -> String {
        let d = &self.task.domain;
        d.name(d.functions[f.index()].name).to_string()
    }

    fn vertex(&mut self, label: String) -> u32 {
        self.s.labels.push(label);
        (self.s.labels.len() - 1) as u32
    }

    /// Adds a fact once (sets, not lists).
    fn fact(&mut self, label: String, args: Vec<u32>, section: Section, display: Option<(String, String)>) {
        let key = (format!("{section:?} {label}"), args.clone());
        if self.seen.insert(key, ()).is_none() {
            self.s.facts.push(Fact { label, args, section, display });
        }
    }

    fn edge(&mut self, label: &str, from: u32, to: u32, section: Section) {
        self.fact(label.to_string(), vec![from, to], section, None);
    }

    /// The initial state: atoms, numeric and object values, timed literals.
    pub fn init(&mut self) {
        let t = self.task;
        for a in &t.init {
            let p = self.pred(a.predicate);
            let args = a.args.iter().map(|o| o.0).collect();
            self.fact(format!("init {p}"), args, Section::Init, Some((format!("({p}"), ")".into())));
        }
        for (f, v) in &t.init_values {
            let name = self.function(f.function);
            let mut args: Vec<u32> = f.args.iter().map(|o| o.0).collect();
            match v {
                Value::Number(x) => {
                    let x = number(*x);
                    self.fact(
                        format!("init (= {name} {x})"),
                        args,
                        Section::Init,
                        Some((format!("(= ({name}"), format!(") {x})"))),
                    );
                }
                Value::Object(o) => {
                    // The value is the last argument of the fact.
                    args.push(o.0);
                    self.fact(
                        format!("init (= {name} object)"),
                        args,
                        Section::Init,
                        Some((format!("(= ({name}"), ")".into())),
                    );
                }
            }
        }
        for tl in &t.timed_literals {
            let p = self.pred(tl.atom.predicate);
            let args = tl.atom.args.iter().map(|o| o.0).collect();
            let time = number(tl.time);
            let (open, close) = if tl.positive {
                (format!("(at {time} ({p}"), "))".to_string())
            } else {
                (format!("(at {time} (not ({p}"), ")))".to_string())
            };
            self.fact(format!("til {time} {} {p}", tl.positive), args, Section::Init, Some((open, close)));
        }
    }

    /// The goal as written: the literals of a conjunction over objects are flat facts; any other
    /// part is a tree under one `goal part` vertex.
    pub fn goal(&mut self) {
        let t = self.task;
        let mut parts = Vec::new();
        flatten_and(&t.goal, &mut parts);
        let mut vars = FxHashMap::default();
        for c in parts {
            match c {
                Condition::Atom { positive, atom } if atom.args.iter().all(|a| matches!(a, Arg::Object(_))) => {
                    let objects: Vec<ObjectId> = atom
                        .args
                        .iter()
                        .filter_map(|a| match a {
                            Arg::Object(o) => Some(*o),
                            Arg::Var(_) => None,
                        })
                        .collect();
                    self.goal_literal(*positive, &GroundAtom { predicate: atom.predicate, args: objects });
                }
                Condition::True => {}
                other => {
                    let root = self.condition(other, &mut vars, Section::Goal);
                    let part = self.vertex("goal part".into());
                    self.edge("part", part, root, Section::Goal);
                }
            }
        }
        self.s.goal_text = condition_text(t, &t.goal, &|o| t.domain.name(t.objects[o.index()].name).to_string());
    }

    /// One flat goal literal (also used for the completed goals of the semantic comparison).
    pub fn goal_literal(&mut self, positive: bool, atom: &GroundAtom) {
        let p = self.pred(atom.predicate);
        let args = atom.args.iter().map(|o| o.0).collect();
        if positive {
            self.fact(format!("goal {p}"), args, Section::Goal, Some((format!("({p}"), ")".into())));
        } else {
            self.fact(format!("goal (not {p})"), args, Section::Goal, Some((format!("(not ({p}"), "))".into())));
        }
    }

    /// A fact that stands for "no reachable state satisfies the goal" (semantic comparison).
    pub fn goal_unreachable(&mut self) {
        self.fact("goal unreachable".into(), vec![], Section::Goal, Some(("(goal-unreachable".into(), ")".into())));
    }

    /// The metric and the trajectory constraints, as trees.
    pub fn metric_and_constraints(&mut self) {
        let t = self.task;
        if let Some(m) = &t.metric {
            let dir = match m.optimization {
                Optimization::Minimize => "minimize",
                Optimization::Maximize => "maximize",
            };
            let root = self.vertex(format!("metric {dir}"));
            let e = self.expr(&m.expr, &mut FxHashMap::default(), Section::Metric);
            self.edge("child", root, e, Section::Metric);
            self.fact(format!("metric {dir}"), vec![root], Section::Metric, None);
            let names = |o: ObjectId| t.domain.name(t.objects[o.index()].name).to_string();
            self.s.metric_text = Some(format!("({dir} {})", expr_text(t, &m.expr, &names)));
        }
        if let Some(c) = &t.constraints {
            let root = self.condition(c, &mut FxHashMap::default(), Section::Constraints);
            let part = self.vertex("constraints".into());
            self.edge("part", part, root, Section::Constraints);
        }
    }

    pub fn finish(self) -> Structure {
        self.s
    }

    fn arg(&mut self, a: &Arg, vars: &mut FxHashMap<VarId, u32>) -> u32 {
        match a {
            Arg::Object(o) => o.0,
            Arg::Var(v) => self.var(*v, vars),
        }
    }

    fn var(&mut self, v: VarId, vars: &mut FxHashMap<VarId, u32>) -> u32 {
        if let Some(&x) = vars.get(&v) {
            return x;
        }
        let t = self.task;
        let d = &t.domain;
        let types = match t.goal_variables.get(v.index()) {
            Some(p) => {
                let mut ty: Vec<&str> = p.ty.0.iter().map(|&x| d.name(d.types[x.index()].name)).collect();
                ty.sort_unstable();
                ty.join("|")
            }
            None => String::new(),
        };
        let x = self.vertex(format!("variable - {types}"));
        vars.insert(v, x);
        x
    }

    fn condition(&mut self, c: &Condition, vars: &mut FxHashMap<VarId, u32>, section: Section) -> u32 {
        match c {
            Condition::True => self.vertex("true".into()),
            Condition::False => self.vertex("false".into()),
            Condition::Atom { positive, atom } => {
                let p = self.pred(atom.predicate);
                let v = self.vertex(format!("atom {} {p}", if *positive { "+" } else { "-" }));
                for (i, a) in atom.args.iter().enumerate() {
                    let x = self.arg(a, vars);
                    self.edge(&format!("arg{i}"), v, x, section);
                }
                v
            }
            Condition::Equal { positive, left, right } => {
                let v = self.vertex(format!("equal {}", if *positive { "+" } else { "-" }));
                for a in [left, right] {
                    let x = self.arg(a, vars);
                    self.edge("arg", v, x, section);
                }
                v
            }
            Condition::Compare(cmp, l, r) => {
                let (op, l, r) = match cmp {
                    Comparison::Lt => ("<", l, r),
                    Comparison::Le => ("<=", l, r),
                    Comparison::Eq => ("=", l, r),
                    Comparison::Gt => ("<", r, l),
                    Comparison::Ge => ("<=", r, l),
                };
                let v = self.vertex(format!("compare {op}"));
                let a = self.expr(l, vars, section);
                let b = self.expr(r, vars, section);
                if op == "=" {
                    self.edge("child", v, a, section);
                    self.edge("child", v, b, section);
                } else {
                    self.edge("child0", v, a, section);
                    self.edge("child1", v, b, section);
                }
                v
            }
            Condition::And(_) | Condition::Or(_) => {
                let is_and = matches!(c, Condition::And(_));
                let mut parts = Vec::new();
                flatten(c, is_and, &mut parts);
                let v = self.vertex(if is_and { "and" } else { "or" }.into());
                for p in parts {
                    let x = self.condition(p, vars, section);
                    self.edge("child", v, x, section);
                }
                v
            }
            Condition::Exists(vs, body) | Condition::Forall(vs, body) => {
                let kind = if matches!(c, Condition::Exists(..)) { "exists" } else { "forall" };
                let v = self.vertex(kind.into());
                for &var in vs {
                    let x = self.var(var, vars);
                    self.edge("binds", v, x, section);
                }
                let b = self.condition(body, vars, section);
                self.edge("child", v, b, section);
                v
            }
            Condition::Timed(when, body) => {
                let v = self.vertex(format!("timed {}", when.keyword()));
                let b = self.condition(body, vars, section);
                self.edge("child", v, b, section);
                v
            }
            Condition::Preference(name, body) => {
                let label = match name {
                    Some(n) => format!("preference {}", self.task.domain.name(*n)),
                    None => "preference".into(),
                };
                let v = self.vertex(label);
                let b = self.condition(body, vars, section);
                self.edge("child", v, b, section);
                v
            }
            Condition::Modal(m, numbers, parts) => {
                let nums: Vec<String> = numbers.iter().map(|x| number(*x)).collect();
                let v = self.vertex(format!("modal {m:?} {}", nums.join(" ")));
                for (i, p) in parts.iter().enumerate() {
                    let x = self.condition(p, vars, section);
                    self.edge(&format!("child{i}"), v, x, section);
                }
                v
            }
        }
    }

    fn expr(&mut self, e: &Expr, vars: &mut FxHashMap<VarId, u32>, section: Section) -> u32 {
        match e {
            Expr::Number(x) => self.vertex(format!("number {}", number(*x))),
            Expr::Fluent(f) => {
                let name = self.function(f.function);
                let v = self.vertex(format!("fluent {name}"));
                for (i, a) in f.args.iter().enumerate() {
                    let x = self.arg(a, vars);
                    self.edge(&format!("arg{i}"), v, x, section);
                }
                v
            }
            Expr::Var(var) => self.var(*var, vars),
            Expr::Object(o) => {
                let v = self.vertex("object value".into());
                self.edge("arg0", v, o.0, section);
                v
            }
            Expr::Binary(op, l, r) => {
                let commutative = matches!(op, BinaryOp::Add | BinaryOp::Mul);
                let v = self.vertex(format!("binary {}", op.symbol()));
                if commutative {
                    let mut parts = Vec::new();
                    flatten_op(e, *op, &mut parts);
                    for p in parts {
                        let x = self.expr(p, vars, section);
                        self.edge("child", v, x, section);
                    }
                } else {
                    let a = self.expr(l, vars, section);
                    let b = self.expr(r, vars, section);
                    self.edge("child0", v, a, section);
                    self.edge("child1", v, b, section);
                }
                v
            }
            Expr::Negate(x) => {
                let v = self.vertex("negate".into());
                let a = self.expr(x, vars, section);
                self.edge("child", v, a, section);
                v
            }
            Expr::Duration => self.vertex("?duration".into()),
            Expr::ContinuousTime => self.vertex("#t".into()),
            Expr::TotalTime => self.vertex("total-time".into()),
            Expr::IsViolated(n) => self.vertex(format!("is-violated {}", self.task.domain.name(*n))),
            Expr::Undefined => self.vertex("undefined".into()),
        }
    }
}

/// The conjuncts of a condition, nested `and`s flattened.
pub fn flatten_and<'c>(c: &'c Condition, out: &mut Vec<&'c Condition>) {
    flatten(c, true, out)
}

fn flatten<'c>(c: &'c Condition, and: bool, out: &mut Vec<&'c Condition>) {
    match c {
        Condition::And(parts) if and => parts.iter().for_each(|p| flatten(p, and, out)),
        Condition::Or(parts) if !and => parts.iter().for_each(|p| flatten(p, and, out)),
        other => out.push(other),
    }
}

fn flatten_op<'e>(e: &'e Expr, op: BinaryOp, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Binary(o, l, r) if *o == op => {
            flatten_op(l, op, out);
            flatten_op(r, op, out);
        }
        other => out.push(other),
    }
}

/// Canonical PDDL text of a condition (commutative parts sorted), objects named by `name`.
pub fn condition_text(t: &Task, c: &Condition, name: &dyn Fn(ObjectId) -> String) -> String {
    let d = &t.domain;
    let arg = |a: &Arg| match a {
        Arg::Object(o) => name(*o),
        Arg::Var(v) => match t.goal_variables.get(v.index()) {
            Some(p) => format!("?{}", d.name(p.name)),
            None => format!("?v{}", v.0),
        },
    };
    match c {
        Condition::True => "(and)".into(),
        Condition::False => "(or)".into(),
        Condition::Atom { positive, atom } => {
            let mut s = format!("({}", d.name(d.predicates[atom.predicate.index()].name));
            for a in &atom.args {
                s.push(' ');
                s.push_str(&arg(a));
            }
            s.push(')');
            if *positive { s } else { format!("(not {s})") }
        }
        Condition::Equal { positive, left, right } => {
            let mut xs = [arg(left), arg(right)];
            xs.sort();
            let s = format!("(= {} {})", xs[0], xs[1]);
            if *positive { s } else { format!("(not {s})") }
        }
        Condition::Compare(cmp, l, r) => {
            let (op, l, r) = match cmp {
                Comparison::Lt => ("<", l, r),
                Comparison::Le => ("<=", l, r),
                Comparison::Eq => ("=", l, r),
                Comparison::Gt => ("<", r, l),
                Comparison::Ge => ("<=", r, l),
            };
            format!("({op} {} {})", expr_text(t, l, name), expr_text(t, r, name))
        }
        Condition::And(_) | Condition::Or(_) => {
            let is_and = matches!(c, Condition::And(_));
            let mut parts = Vec::new();
            flatten(c, is_and, &mut parts);
            let mut texts: Vec<String> = parts.iter().map(|p| condition_text(t, p, name)).collect();
            texts.sort();
            texts.dedup();
            format!("({} {})", if is_and { "and" } else { "or" }, texts.join(" "))
        }
        Condition::Exists(vs, body) | Condition::Forall(vs, body) => {
            let kind = if matches!(c, Condition::Exists(..)) { "exists" } else { "forall" };
            let vars: Vec<String> = vs.iter().map(|v| arg(&Arg::Var(*v))).collect();
            format!("({kind} ({}) {})", vars.join(" "), condition_text(t, body, name))
        }
        Condition::Timed(when, body) => format!("({} {})", when.keyword(), condition_text(t, body, name)),
        Condition::Preference(n, body) => match n {
            Some(n) => format!("(preference {} {})", d.name(*n), condition_text(t, body, name)),
            None => format!("(preference {})", condition_text(t, body, name)),
        },
        Condition::Modal(m, nums, parts) => {
            let nums: Vec<String> = nums.iter().map(|x| number(*x)).collect();
            let parts: Vec<String> = parts.iter().map(|p| condition_text(t, p, name)).collect();
            format!("({m:?} {} {})", nums.join(" "), parts.join(" "))
        }
    }
}

/// Canonical PDDL text of an expression (`+` and `*` flattened and sorted).
pub fn expr_text(t: &Task, e: &Expr, name: &dyn Fn(ObjectId) -> String) -> String {
    let d = &t.domain;
    match e {
        Expr::Number(x) => number(*x),
        Expr::Fluent(f) => {
            let mut s = format!("({}", d.name(d.functions[f.function.index()].name));
            for a in &f.args {
                s.push(' ');
                match a {
                    Arg::Object(o) => s.push_str(&name(*o)),
                    Arg::Var(v) => s.push_str(&format!("?v{}", v.0)),
                }
            }
            s.push(')');
            s
        }
        Expr::Var(v) => format!("?v{}", v.0),
        Expr::Object(o) => name(*o),
        Expr::Binary(op, l, r) => {
            if matches!(op, BinaryOp::Add | BinaryOp::Mul) {
                let mut parts = Vec::new();
                flatten_op(e, *op, &mut parts);
                let mut texts: Vec<String> = parts.iter().map(|p| expr_text(t, p, name)).collect();
                texts.sort();
                format!("({} {})", op.symbol(), texts.join(" "))
            } else {
                format!("({} {} {})", op.symbol(), expr_text(t, l, name), expr_text(t, r, name))
            }
        }
        Expr::Negate(x) => format!("(- {})", expr_text(t, x, name)),
        Expr::Duration => "?duration".into(),
        Expr::ContinuousTime => "#t".into(),
        Expr::TotalTime => "(total-time)".into(),
        Expr::IsViolated(n) => format!("(is-violated {})", d.name(*n)),
        Expr::Undefined => "undefined".into(),
    }
}

/// The structural form of a task: objects, init, goal as written, metric, constraints.
pub fn structural(task: &Task) -> Structure {
    let mut b = Builder::new(task);
    b.init();
    b.goal();
    b.metric_and_constraints();
    b.finish()
}
