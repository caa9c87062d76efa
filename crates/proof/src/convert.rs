//! The backend-neutral conversion of paper 000 (Listings 1-7, Figure 5), computed once from the
//! lifted model; the Lean and Coq printers only spell it.
//!
//! - Objects are natural numbers: the task's object order (domain constants first, then problem
//!   objects, each in declaration order), so a constant has the same number in every problem.
//! - Every type except `object` becomes a static unary predicate `<type>_t`.
//! - A predicate that some action adds or deletes is *dynamic*; every other predicate is *static*.
//! - Preconditions are conjunctions of `<Boolean term> = true|false`; effects are functional
//!   updates where add effects are tested before delete effects (delete-then-add semantics).
//!
//! The fragment is paper 000's: STRIPS with negative preconditions, typing and constants, no
//! costs, plus `(= a b)` / `(not (= a b))` in preconditions (exact, since distinct objects have
//! distinct numbers). Anything else is refused with a diagnostic that names the construct.

use crate::codes;
use crate::names::{Names, sanitize};
use model::lifted::{self, Arg, Condition, Literal, OBJECT, TypeId, TypeSpec};
use pddl::{Diagnostic, FileId, Span};
use serde::Serialize;

/// Where a state function lives: `s.statics` or `s.dynamic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Part {
    Static,
    Dynamic,
}

/// What a state function stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FnOrigin {
    /// A PDDL predicate.
    Predicate(lifted::PredicateId),
    /// A PDDL type, compiled to a unary predicate.
    Type(TypeId),
}

/// One Boolean function of the state: a predicate (`at_p`) or a type (`location_t`).
#[derive(Clone, Debug, Serialize)]
pub struct StateFn {
    /// The PDDL name of the predicate or type.
    pub pddl: String,
    /// The field name, `at_p` / `location_t`.
    pub ident: String,
    pub arity: usize,
    pub part: Part,
    pub origin: FnOrigin,
    /// Binder names for the arguments (`var_m`, `var_l`, from the declaration), used where the
    /// paper quantifies over them (SatisfiesGoal, effect updates).
    pub binders: Vec<String>,
}

/// An argument of a literal in a schema: a parameter (by position) or an object (by number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Term {
    Param(usize),
    Object(u32),
}

/// A Boolean term of a precondition conjunct.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum BoolTerm {
    /// `s.<part>.<fn> args`.
    Call { func: usize, args: Vec<Term> },
    /// `a == b` on object numbers.
    Eq(Term, Term),
    /// A disjunction (a parameter of an `either` type).
    Or(Vec<BoolTerm>),
}

/// One conjunct `term = value` of a precondition (Listing 4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PreLit {
    pub term: BoolTerm,
    pub value: bool,
}

/// One add or delete effect `fn args`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EffLit {
    pub func: usize,
    pub args: Vec<Term>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ActionIr {
    pub pddl: String,
    /// Constructor name (and base of `<name>Pre`, the effect function, lemma names).
    pub ident: String,
    /// PDDL parameter names (without `?`) and their binder names (`var_start`).
    pub params: Vec<(String, String)>,
    pub pre: Vec<PreLit>,
    /// Add effects, deduplicated, in effect order.
    pub adds: Vec<EffLit>,
    /// Delete effects, deduplicated, in effect order.
    pub dels: Vec<EffLit>,
}

impl ActionIr {
    /// The dynamic functions this action changes, in function order.
    pub fn changed(&self) -> Vec<usize> {
        let mut fs: Vec<usize> = self.adds.iter().chain(&self.dels).map(|e| e.func).collect();
        fs.sort_unstable();
        fs.dedup();
        fs
    }
}

/// The converted domain: what every problem module shares.
#[derive(Clone, Debug, Serialize)]
pub struct DomainIr {
    pub pddl: String,
    /// Module name, `Spanner` for `spanner`.
    pub module: String,
    /// Static functions first (predicates, then types), then dynamic ones, each in declaration
    /// order: the field order of `StaticState` and `DynamicState` (Listing 1, Figure 5).
    pub fns: Vec<StateFn>,
    /// Domain constants: name and number.
    pub constants: Vec<(String, u32)>,
    pub actions: Vec<ActionIr>,
}

impl DomainIr {
    pub fn statics(&self) -> impl Iterator<Item = (usize, &StateFn)> {
        self.fns.iter().enumerate().filter(|(_, f)| f.part == Part::Static)
    }
    pub fn dynamics(&self) -> impl Iterator<Item = (usize, &StateFn)> {
        self.fns.iter().enumerate().filter(|(_, f)| f.part == Part::Dynamic)
    }
    pub fn arities(&self) -> Vec<usize> {
        let mut a: Vec<usize> = self.fns.iter().map(|f| f.arity).collect();
        a.sort_unstable();
        a.dedup();
        a
    }
}

/// One object of a problem and its number.
#[derive(Clone, Debug, Serialize)]
pub struct ObjectIr {
    pub name: String,
    pub number: u32,
    /// Declared types (PDDL names).
    pub types: Vec<String>,
    pub constant: bool,
}

/// The converted problem instance (Figure 5).
#[derive(Clone, Debug, Serialize)]
pub struct ProblemIr {
    pub pddl: String,
    /// Module name, `SpannerP01`.
    pub module: String,
    pub objects: Vec<ObjectIr>,
    /// Per state function (indexed like `DomainIr::fns`): the argument tuples that are true
    /// initially, sorted.
    pub init: Vec<Vec<Vec<u32>>>,
    /// Per state function: the goal's required values, sorted by arguments (only dynamic ones
    /// are ever non-empty).
    pub goal: Vec<Vec<(Vec<u32>, bool)>>,
    /// Goal literals over static predicates that hold initially and therefore forever; they are
    /// left out of the goal (paper 000 states goals over the dynamic part only).
    pub dropped_static_goals: Vec<String>,
}

/// A module name from a PDDL name: CamelCase of its `-`/`_`-separated words.
pub fn module_name(pddl: &str) -> String {
    let mut out = String::new();
    for word in sanitize(pddl).split('_').filter(|w| !w.is_empty()) {
        let mut cs = word.chars();
        if let Some(c) = cs.next() {
            out.push(c.to_ascii_uppercase());
            out.extend(cs);
        }
    }
    if out.is_empty() || !out.as_bytes()[0].is_ascii_alphabetic() {
        out.insert(0, 'M');
    }
    out
}

struct Refusals<'a> {
    file: FileId,
    diags: &'a mut Vec<Diagnostic>,
}

impl Refusals<'_> {
    fn refuse(&mut self, span: Span, construct: &str, context: &str) {
        let message = format!("the {context} uses {construct}, which is outside the proof-export fragment");
        // One action can use a construct several times; the user needs to hear it once.
        if self.diags.iter().any(|d| d.message == message && d.span.same_range(span)) {
            return;
        }
        self.diags.push(Diagnostic::error(codes::OUTSIDE_FRAGMENT, self.file, span, message).with_help(
            "the Lean/Coq export covers STRIPS with negative preconditions, typing, constants and \
                 equality in preconditions (paper 000's fragment); no costs, quantifiers, \
                 disjunctions, conditional effects, numeric fluents, derived predicates or durative actions",
        ));
    }
}

/// Converts a lifted domain. Every construct outside the fragment is reported (all of them, not
/// just the first); the domain is returned only when there are none.
pub fn convert_domain(d: &lifted::Domain, file: FileId) -> Result<DomainIr, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let mut r = Refusals { file, diags: &mut diags };
    let name = |s| d.name(s).to_string();

    if !d.functions.is_empty() {
        let f = &d.functions[0];
        r.refuse(f.span, &format!("functions (numeric fluents or action costs), here `{}`", name(f.name)), "domain");
    }
    for rule in &d.derived {
        r.refuse(
            rule.span,
            &format!("derived predicates, here `{}`", name(d.predicates[rule.predicate.index()].name)),
            "domain",
        );
    }
    if d.constraints.is_some() {
        r.refuse(Span::default(), "trajectory constraints (`:constraints`)", "domain");
    }

    // Which predicates change: the dynamic part of the state (`model`'s fluent predicates;
    // derived ones are refused above).
    let dynamic = d.fluent_predicates();

    let mut names = Names::new();
    // A parameter of type `object` that no positive precondition atom mentions could be any
    // number; `object_t` restricts it to the task's objects so that every applicable Lean/Coq
    // action is the image of a PDDL action (paper 000, Lemma 2, needs this bijection).
    let needs_object_t = d.actions.iter().any(|a| {
        (0..a.parameters).any(|i| is_object_spec(&a.variables[i].ty) && !in_positive_atom(&a.precondition, i))
    });

    let mut fns = Vec::new();
    let binders_of = |params: &[lifted::Param]| -> Vec<String> {
        let mut seen = Names::binders();
        params.iter().map(|p| seen.fresh(&format!("var_{}", sanitize(d.name(p.name))), &[])).collect()
    };
    let mut pred_fn = vec![usize::MAX; d.predicates.len()];
    let mut type_fn = vec![usize::MAX; d.types.len()];
    let mut push_pred = |fns: &mut Vec<StateFn>, names: &mut Names, i: usize, part: Part| {
        let p = &d.predicates[i];
        let base = sanitize(d.name(p.name));
        let ident = names.fresh(&format!("{base}_p"), &[]);
        pred_fn[i] = fns.len();
        fns.push(StateFn {
            pddl: name(p.name),
            ident,
            arity: p.params.len(),
            part,
            origin: FnOrigin::Predicate(lifted::PredicateId(i as u32)),
            binders: binders_of(&p.params),
        });
    };
    for (i, _) in dynamic.iter().enumerate().filter(|(_, dy)| !**dy) {
        push_pred(&mut fns, &mut names, i, Part::Static);
    }
    let types: Vec<usize> = (0..d.types.len()).filter(|&t| t != OBJECT.index() || needs_object_t).collect();
    for t in types {
        let ident = names.fresh(&format!("{}_t", sanitize(d.name(d.types[t].name))), &[]);
        type_fn[t] = fns.len();
        fns.push(StateFn {
            pddl: name(d.types[t].name),
            ident,
            arity: 1,
            part: Part::Static,
            origin: FnOrigin::Type(TypeId(t as u32)),
            binders: vec!["var_x".into()],
        });
    }
    for (i, _) in dynamic.iter().enumerate().filter(|(_, dy)| **dy) {
        push_pred(&mut fns, &mut names, i, Part::Dynamic);
    }

    let constants: Vec<(String, u32)> = d.constants.iter().enumerate().map(|(i, c)| (name(c.name), i as u32)).collect();

    let mut actions = Vec::new();
    for a in &d.actions {
        let aname = name(a.name);
        let ctx = format!("action `{aname}`");
        if a.is_durative() {
            r.refuse(a.span, "durative actions", &ctx);
            continue;
        }
        // Every name derived from the action's (its definitions and helper lemmas, Listing 12) is
        // claimed with it: action `a-b` and predicate `c` must not both yield `a_b_c_p` with
        // action `a` and predicate `b-c`.
        let mut suffixes: Vec<String> = ["Pre", "PreB", "Eff", "PreB_sound", "_statics", "_preserves_wf_stmt"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        for f in &fns {
            let f: &StateFn = f;
            suffixes.push(format!("_{}", f.ident));
            suffixes.push(format!("_{}_other", f.ident));
            for n in 1..=a.effects.len() {
                suffixes.push(format!("_{}_add{n}", f.ident));
                suffixes.push(format!("_{}_del{n}", f.ident));
            }
        }
        let suffix_refs: Vec<&str> = suffixes.iter().map(String::as_str).collect();
        let ident = names.fresh(&sanitize(&aname), &suffix_refs);
        let mut pnames = Names::binders();
        let params: Vec<(String, String)> = a
            .params()
            .iter()
            .map(|p| (name(p.name), pnames.fresh(&format!("var_{}", sanitize(d.name(p.name))), &[])))
            .collect();
        let term = |arg: &Arg| -> Option<Term> {
            match *arg {
                Arg::Var(v) if v.index() < a.parameters => Some(Term::Param(v.index())),
                Arg::Var(_) => None,
                Arg::Object(o) => Some(Term::Object(o.0)),
            }
        };
        let mut pre = Vec::new();
        let mut ok = true;
        // The conjuncts as `model` flattens them; each one outside the fragment is refused.
        for c in a.precondition.conjuncts() {
            match c {
                Condition::True => {}
                Condition::Atom { positive, atom } => match atom.args.iter().map(term).collect::<Option<Vec<_>>>() {
                    Some(args) => pre.push(PreLit {
                        term: BoolTerm::Call { func: pred_fn[atom.predicate.index()], args },
                        value: *positive,
                    }),
                    None => ok = false,
                },
                Condition::Equal { positive, left, right } => match (term(left), term(right)) {
                    (Some(l), Some(rr)) => pre.push(PreLit { term: BoolTerm::Eq(l, rr), value: *positive }),
                    _ => ok = false,
                },
                other => {
                    r.refuse(a.span, condition_kind(other), &format!("precondition of {ctx}"));
                    ok = false;
                }
            }
        }
        // Parameter types, after the literals (Listing 4).
        for (i, p) in a.params().iter().enumerate() {
            let guard = |t: TypeId| BoolTerm::Call { func: type_fn[t.index()], args: vec![Term::Param(i)] };
            if is_object_spec(&p.ty) {
                if needs_object_t && !in_positive_atom(&a.precondition, i) {
                    pre.push(PreLit { term: guard(OBJECT), value: true });
                }
                continue;
            }
            let term = match p.ty.0.as_slice() {
                [t] => guard(*t),
                ts => BoolTerm::Or(ts.iter().map(|&t| guard(t)).collect()),
            };
            pre.push(PreLit { term, value: true });
        }
        let mut adds: Vec<EffLit> = Vec::new();
        let mut dels: Vec<EffLit> = Vec::new();
        for e in &a.effects {
            if !e.forall.is_empty() {
                r.refuse(a.span, "universal effects (`forall`)", &format!("effect of {ctx}"));
                ok = false;
                continue;
            }
            if e.condition != Condition::True {
                r.refuse(a.span, "conditional effects (`when`)", &format!("effect of {ctx}"));
                ok = false;
                continue;
            }
            let (list, atom) = match &e.literal {
                Literal::Add(at) => (&mut adds, at),
                Literal::Delete(at) => (&mut dels, at),
                Literal::Assign(..) => {
                    r.refuse(a.span, "numeric effects (`increase`, `assign`, ...)", &format!("effect of {ctx}"));
                    ok = false;
                    continue;
                }
            };
            let Some(args) = atom.args.iter().map(term).collect::<Option<Vec<_>>>() else {
                ok = false;
                continue;
            };
            let lit = EffLit { func: pred_fn[atom.predicate.index()], args };
            if !list.contains(&lit) {
                list.push(lit);
            }
        }
        if ok {
            actions.push(ActionIr { pddl: aname, ident, params, pre, adds, dels });
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(DomainIr { pddl: name(d.name), module: module_name(&name(d.name)), fns, constants, actions })
}

fn is_object_spec(t: &TypeSpec) -> bool {
    t.0.contains(&OBJECT)
}

/// Whether parameter `i` occurs in a positive atom of the (conjunctive) precondition.
fn in_positive_atom(c: &Condition, i: usize) -> bool {
    c.conjuncts().iter().any(|c| match c {
        Condition::Atom { positive: true, atom } => {
            atom.args.iter().any(|a| matches!(a, Arg::Var(v) if v.index() == i))
        }
        _ => false,
    })
}

fn condition_kind(c: &Condition) -> &'static str {
    match c {
        Condition::False => "an unsatisfiable condition",
        Condition::Or(_) => "disjunctions (`or`, `imply`)",
        Condition::Exists(..) => "existential quantifiers (`exists`)",
        Condition::Forall(..) => "universal quantifiers (`forall`)",
        Condition::Compare(..) => "numeric comparisons",
        Condition::Timed(..) => "timed conditions",
        Condition::Preference(..) => "preferences",
        Condition::Modal(..) => "trajectory constraints",
        Condition::Equal { .. } => "equality",
        Condition::Atom { .. } | Condition::True | Condition::And(_) => "this condition",
    }
}

/// Converts a problem of an already converted domain. `file` is the problem file (diagnostics
/// about the goal point there).
pub fn convert_problem(dom: &DomainIr, task: &lifted::Task, file: FileId) -> Result<ProblemIr, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let d = &task.domain;
    let mut r = Refusals { file, diags: &mut diags };
    let pname = d.name(task.problem_name).to_string();
    let ctx = format!("problem `{pname}`");
    if !task.init_values.is_empty() {
        r.refuse(Span::default(), "numeric initial values", &ctx);
    }
    if !task.timed_literals.is_empty() {
        r.refuse(Span::default(), "timed initial literals", &ctx);
    }
    if task.constraints.is_some() {
        r.refuse(Span::default(), "trajectory constraints", &ctx);
    }
    if task.metric.is_some() {
        r.refuse(Span::default(), "a metric", &ctx);
    }
    let objects: Vec<ObjectIr> = task
        .objects
        .iter()
        .enumerate()
        .map(|(i, o)| ObjectIr {
            name: d.name(o.name).to_string(),
            number: i as u32,
            types: o.ty.0.iter().map(|t| d.name(d.types[t.index()].name).to_string()).collect(),
            constant: o.constant,
        })
        .collect();
    let fn_of_pred = |p: lifted::PredicateId| dom.fns.iter().position(|f| f.origin == FnOrigin::Predicate(p));
    let mut init: Vec<Vec<Vec<u32>>> = vec![Vec::new(); dom.fns.len()];
    for (fi, f) in dom.fns.iter().enumerate() {
        if let FnOrigin::Type(t) = f.origin {
            let spec = TypeSpec(vec![t]);
            init[fi] = task.objects_of(&spec).into_iter().map(|o| vec![o.0]).collect();
        }
    }
    for atom in &task.init {
        if let Some(fi) = fn_of_pred(atom.predicate) {
            init[fi].push(atom.args.iter().map(|o| o.0).collect());
        }
    }
    for tuples in &mut init {
        tuples.sort();
        tuples.dedup();
    }
    let mut goal: Vec<Vec<(Vec<u32>, bool)>> = vec![Vec::new(); dom.fns.len()];
    let mut dropped = Vec::new();
    for c in task.goal.conjuncts() {
        match c {
            Condition::True => {}
            Condition::Atom { positive, atom } => {
                let args: Option<Vec<u32>> = atom
                    .args
                    .iter()
                    .map(|a| match a {
                        Arg::Object(o) => Some(o.0),
                        Arg::Var(_) => None,
                    })
                    .collect();
                let (Some(args), Some(fi)) = (args, fn_of_pred(atom.predicate)) else {
                    r.refuse(Span::default(), "a goal atom with variables", &ctx);
                    continue;
                };
                let shown = show_atom(&dom.fns[fi].pddl, &args, &objects, *positive);
                if dom.fns[fi].part == Part::Static {
                    let holds = init[fi].contains(&args) == *positive;
                    if holds {
                        dropped.push(shown);
                    } else {
                        r.diags.push(Diagnostic::error(
                            codes::STATIC_GOAL_FALSE,
                            file,
                            Span::default(),
                            format!("goal literal `{shown}` of {ctx} is over a static predicate and false initially: no plan can reach it, and the goal (over the dynamic state, paper 000) cannot express it"),
                        ));
                    }
                    continue;
                }
                match goal[fi].iter().find(|(a, _)| *a == args) {
                    Some((_, v)) if v != positive => r.diags.push(Diagnostic::error(
                        codes::CONTRADICTORY_GOAL,
                        file,
                        Span::default(),
                        format!("the goal of {ctx} requires `{}` both true and false; a goal function gives one value per atom", show_atom(&dom.fns[fi].pddl, &args, &objects, true)),
                    )),
                    Some(_) => {}
                    None => goal[fi].push((args, *positive)),
                }
            }
            other => r.refuse(Span::default(), condition_kind(other), &format!("goal of {ctx}")),
        }
    }
    for g in &mut goal {
        g.sort();
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let mut module = module_name(&pname);
    if module == dom.module {
        module.push_str("Problem");
    }
    Ok(ProblemIr { pddl: pname, module, objects, init, goal, dropped_static_goals: dropped })
}

fn show_atom(pred: &str, args: &[u32], objects: &[ObjectIr], positive: bool) -> String {
    let mut s = format!("({pred}");
    for a in args {
        s.push(' ');
        s.push_str(objects.get(*a as usize).map_or("?", |o| o.name.as_str()));
    }
    s.push(')');
    if positive { s } else { format!("(not {s})") }
}
