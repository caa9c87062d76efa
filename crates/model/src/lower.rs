//! Name resolution, conformance checking and lowering to the lifted task, in one pass.
//!
//! Checking and lowering are the same walk: resolving a name is both what reports an unknown name
//! and what produces its id. The walk never stops at an error; it records a diagnostic, substitutes
//! something harmless (`object` for an unknown type, `True` for a broken condition) and goes on, so
//! one run reports every problem. The lifted task is handed out only when there were no errors.

use crate::codes;
use crate::intern::{Interner, Symbol};
use crate::lifted::{self, *};
use pddl::ast::{self, Gd, GdKind, RequirementKind, TimeSpec};
use pddl::suggest::did_you_mean;
use pddl::{Diagnostic, FileId, Span};
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, BTreeSet};

/// Where a condition stands, which decides what it may contain.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    Precondition,
    DurativeCondition,
    Goal,
    Constraint,
    EffectCondition,
    Derived,
}

pub(crate) struct Lowerer<'d> {
    pub diags: &'d mut Vec<Diagnostic>,
    pub strict: bool,
    pub file: FileId,
    pub symbols: Interner,
    pub types: Vec<TypeDef>,
    type_index: FxHashMap<Symbol, TypeId>,
    pub ancestors: Vec<Vec<TypeId>>,
    pub predicates: Vec<Predicate>,
    pred_index: FxHashMap<Symbol, PredicateId>,
    pub functions: Vec<Function>,
    func_index: FxHashMap<Symbol, FunctionId>,
    pub objects: Vec<Object>,
    obj_index: FxHashMap<Symbol, ObjectId>,
    pub declared: BTreeSet<RequirementKind>,
    /// First use of each requirement: file and span.
    pub used: BTreeMap<RequirementKind, (FileId, Span)>,
    /// Constructs that parse and check but that later stages cannot use yet.
    pub unsupported: Vec<(String, FileId, Span)>,
    /// Functions read or changed by the domain, for the "no initial value" warning.
    pub functions_used: BTreeMap<FunctionId, (FileId, Span)>,
    // Variables of the schema being lowered: the table and the names in scope.
    vars: Vec<Param>,
    scope: Vec<(Symbol, VarId)>,
    durative: bool,
    /// Lowering the value of `(increase (total-cost) ...)`: functions read there are the static
    /// cost functions that `:action-costs` allows (IPC 2008), not `:numeric-fluents`.
    in_action_cost: bool,
    /// Lowering an initial value `(= (f ...) v)`: giving a value is no use of a requirement (the
    /// declaration and the reads of `f` decide which one it needs).
    in_initial_value: bool,
    /// The first declared numeric function other than `total-cost`: `:action-costs` allows it
    /// (as a static cost function), otherwise it needs `:numeric-fluents`.
    numeric_declared: Option<(FileId, Span)>,
}

impl<'d> Lowerer<'d> {
    pub fn new(diags: &'d mut Vec<Diagnostic>, strict: bool, file: FileId) -> Lowerer<'d> {
        let mut symbols = Interner::new();
        let object = symbols.intern("object");
        let mut type_index = FxHashMap::default();
        type_index.insert(object, OBJECT);
        Lowerer {
            diags,
            strict,
            file,
            symbols,
            types: vec![TypeDef { name: object, parents: Vec::new(), span: Span::default() }],
            type_index,
            ancestors: vec![vec![OBJECT]],
            predicates: Vec::new(),
            pred_index: FxHashMap::default(),
            functions: Vec::new(),
            func_index: FxHashMap::default(),
            objects: Vec::new(),
            obj_index: FxHashMap::default(),
            declared: BTreeSet::new(),
            used: BTreeMap::new(),
            unsupported: Vec::new(),
            functions_used: BTreeMap::new(),
            vars: Vec::new(),
            scope: Vec::new(),
            durative: false,
            in_action_cost: false,
            in_initial_value: false,
            numeric_declared: None,
        }
    }

    // ---- diagnostics ----

    fn error(&mut self, code: pddl::Code, span: Span, msg: impl Into<String>) -> &mut Diagnostic {
        self.diags.push(Diagnostic::error(code, self.file, span, msg));
        self.diags.last_mut().expect("just pushed")
    }
    fn warning(&mut self, code: pddl::Code, span: Span, msg: impl Into<String>) -> &mut Diagnostic {
        self.diags.push(Diagnostic::warning(code, self.file, span, msg));
        self.diags.last_mut().expect("just pushed")
    }
    fn uses(&mut self, r: RequirementKind, span: Span) {
        self.used.entry(r).or_insert((self.file, span));
    }
    fn unsupported(&mut self, what: &str, span: Span) {
        self.unsupported.push((what.to_string(), self.file, span));
    }
    fn suggest<'n>(&self, word: &str, names: impl Iterator<Item = &'n Symbol>) -> Option<String> {
        let names: Vec<&str> = names.map(|&s| self.symbols.name(s)).collect();
        did_you_mean(word, names.iter().copied()).map(|s| format!("did you mean `{s}`?"))
    }

    // ---- requirements ----

    pub fn requirements(&mut self, reqs: &[ast::Requirement]) {
        for r in reqs {
            match r.kind() {
                Some(k) => self.declare_requirement(k),
                None => {
                    let known = RequirementKind::ALL.map(|k| k.keyword());
                    let help = did_you_mean(&r.name.text, known);
                    let d = self.error(
                        codes::UNKNOWN_REQUIREMENT,
                        r.name.span,
                        format!("unknown requirement `{}`", r.name.text),
                    );
                    if let Some(h) = help {
                        d.help = Some(format!("did you mean `{h}`?"));
                    }
                }
            }
        }
    }

    fn declare_requirement(&mut self, k: RequirementKind) {
        if self.declared.insert(k) {
            for &i in k.implies() {
                self.declare_requirement(i);
            }
        }
    }

    /// Reports requirements used but not declared (warnings, errors under `--strict`).
    pub fn missing_requirements(&mut self) {
        // A declared numeric function that is never read outside action costs nor changed is a
        // static cost function: `:action-costs` covers it; with neither requirement declared,
        // `:numeric-fluents` is the one to suggest.
        if let Some(at) = self.numeric_declared
            && !self.declared.contains(&RequirementKind::ActionCosts)
        {
            self.used.entry(RequirementKind::NumericFluents).or_insert(at);
        }
        let used: Vec<_> = self.used.iter().map(|(&k, &v)| (k, v)).collect();
        for (k, (file, span)) in used {
            // `:strips` is PDDL's baseline: files that declare only `:typing` still add and delete.
            let satisfied = k == RequirementKind::Strips
                || self.declared.contains(&k)
                || (k == RequirementKind::ActionCosts && self.declared.contains(&RequirementKind::NumericFluents));
            if satisfied {
                continue;
            }
            let msg = format!("this uses `{}`, which the domain does not declare", k.keyword());
            let d = if self.strict {
                Diagnostic::error(codes::MISSING_REQUIREMENT, file, span, msg)
            } else {
                Diagnostic::warning(codes::UNDECLARED_REQUIREMENT, file, span, msg)
            };
            self.diags.push(d.with_help(format!("add `{}` to `:requirements`", k.keyword())));
        }
    }

    // ---- types ----

    pub fn declare_types(&mut self, types: &[ast::Typed<ast::Name>]) {
        // Declare every name first (including supertypes only named after `-`, which PDDL
        // practice treats as declared), then resolve parents.
        // A type listed again with another supertype (IPC's storage: `area - object` and
        // `area - surface`) gets both supertypes, as in FD and VAL; listed again with the same
        // supertype it is a plain duplicate.
        let mut seen: FxHashMap<Symbol, (Span, &Option<ast::Type>)> = FxHashMap::default();
        for t in types {
            let sym = self.symbols.intern(&t.item.text);
            if sym == self.types[0].name {
                continue;
            }
            if let Some(&(first, first_ty)) = seen.get(&sym) {
                let d = if *first_ty == t.ty {
                    Diagnostic::error(
                        codes::DUPLICATE_TYPE,
                        self.file,
                        t.item.span,
                        format!("type `{}` declared twice", t.item.text),
                    )
                } else {
                    Diagnostic::warning(
                        codes::TYPE_REDECLARED,
                        self.file,
                        t.item.span,
                        format!("type `{}` declared again with another supertype; it gets both", t.item.text),
                    )
                };
                self.diags.push(d.with_label(self.file, first, "first declared here"));
                continue;
            }
            seen.insert(sym, (t.item.span, &t.ty));
            self.add_type(sym, t.item.span);
        }
        for t in types {
            if let Some(ty) = &t.ty {
                for n in ty.names() {
                    let sym = self.symbols.intern(&n.text);
                    if !self.type_index.contains_key(&sym) {
                        self.add_type(sym, n.span);
                    }
                }
            }
        }
        for t in types {
            let sym = self.symbols.intern(&t.item.text);
            let id = self.type_index[&sym];
            if id == OBJECT {
                continue;
            }
            let parents: Vec<TypeId> = match &t.ty {
                Some(ty) => ty.names().iter().map(|n| self.type_index[&self.symbols.intern(&n.text)]).collect(),
                None => vec![OBJECT],
            };
            for p in parents {
                if !self.types[id.index()].parents.contains(&p) {
                    self.types[id.index()].parents.push(p);
                }
            }
        }
        if !types.is_empty() {
            self.uses(RequirementKind::Typing, types[0].item.span);
        }
        self.compute_ancestors();
    }

    fn add_type(&mut self, sym: Symbol, span: Span) -> TypeId {
        let id = TypeId(self.types.len() as u32);
        self.types.push(TypeDef { name: sym, parents: vec![], span });
        self.type_index.insert(sym, id);
        id
    }

    fn compute_ancestors(&mut self) {
        let n = self.types.len();
        for t in &mut self.types[1..] {
            if t.parents.is_empty() {
                t.parents.push(OBJECT);
            }
        }
        self.ancestors = vec![Vec::new(); n];
        let mut state = vec![0u8; n]; // 0 new, 1 on the stack, 2 done
        for t in 0..n {
            self.ancestors_of(t, &mut state);
        }
    }

    fn ancestors_of(&mut self, t: usize, state: &mut [u8]) {
        if state[t] == 2 {
            return;
        }
        if state[t] == 1 {
            let span = self.types[t].span;
            let name = self.symbols.name(self.types[t].name).to_string();
            self.error(codes::CYCLIC_TYPE, span, format!("type `{name}` is its own supertype"));
            return;
        }
        state[t] = 1;
        let mut all = vec![TypeId(t as u32)];
        for p in self.types[t].parents.clone() {
            self.ancestors_of(p.index(), state);
            for &a in &self.ancestors[p.index()] {
                if !all.contains(&a) {
                    all.push(a);
                }
            }
        }
        if !all.contains(&OBJECT) {
            all.push(OBJECT);
        }
        self.ancestors[t] = all;
        state[t] = 2;
    }

    fn is_subtype(&self, a: TypeId, b: TypeId) -> bool {
        self.ancestors[a.index()].contains(&b)
    }
    /// An object belongs to each of its types, so it fits when any of them fits.
    fn object_within(&self, object: &TypeSpec, sup: &TypeSpec) -> bool {
        object.0.iter().any(|&s| sup.0.iter().any(|&t| self.is_subtype(s, t)))
    }
    fn specs_overlap(&self, a: &TypeSpec, b: &TypeSpec) -> bool {
        a.0.iter().any(|&x| b.0.iter().any(|&y| self.is_subtype(x, y) || self.is_subtype(y, x)))
    }
    pub fn spec_name(&self, s: &TypeSpec) -> String {
        let names: Vec<&str> = s.0.iter().map(|t| self.symbols.name(self.types[t.index()].name)).collect();
        if names.len() == 1 { names[0].to_string() } else { format!("(either {})", names.join(" ")) }
    }

    fn resolve_type(&mut self, ty: &Option<ast::Type>) -> TypeSpec {
        let Some(ty) = ty else { return TypeSpec(vec![OBJECT]) };
        self.uses(RequirementKind::Typing, ty.span());
        let mut ids = Vec::new();
        for n in ty.names() {
            let sym = self.symbols.intern(&n.text);
            match self.type_index.get(&sym) {
                Some(&id) => ids.push(id),
                None => {
                    let help = self.suggest(&n.text, self.type_index.keys());
                    let d = self.error(codes::UNKNOWN_TYPE, n.span, format!("unknown type `{}`", n.text));
                    d.help = help.or(Some("declare it in `(:types ...)`".into()));
                    ids.push(OBJECT);
                }
            }
        }
        if matches!(ty, ast::Type::Either(..)) && ids.is_empty() {
            ids.push(OBJECT);
        }
        TypeSpec(ids)
    }

    // ---- declarations ----

    pub fn declare_objects(&mut self, objs: &[ast::Typed<ast::Name>], constant: bool) {
        for o in objs {
            let sym = self.symbols.intern(&o.item.text);
            let ty = self.resolve_type(&o.ty);
            if let Some(&prev) = self.obj_index.get(&sym) {
                let p = &self.objects[prev.index()];
                let (pspan, pconst, same) = (p.span, p.constant, p.ty == ty);
                if pconst && !constant {
                    if same {
                        self.warning(
                            codes::CONSTANT_REDECLARED,
                            o.item.span,
                            format!("object `{}` repeats a domain constant", o.item.text),
                        );
                    } else {
                        let d = self.error(
                            codes::OBJECT_CLASHES_WITH_CONSTANT,
                            o.item.span,
                            format!("object `{}` clashes with a domain constant of another type", o.item.text),
                        );
                        d.help = Some("rename the object, or drop it and use the constant".into());
                    }
                } else if pconst == constant && !same {
                    // IPC 2011's temporal machine shop declares `kiln0 - kiln8` and
                    // `kiln0 - kiln20`: one object with both types, as FD reads it.
                    self.warning(
                        codes::OBJECT_REDECLARED,
                        o.item.span,
                        format!("`{}` declared again with another type; it has both", o.item.text),
                    );
                    for t in ty.0 {
                        if !self.objects[prev.index()].ty.0.contains(&t) {
                            self.objects[prev.index()].ty.0.push(t);
                        }
                    }
                } else {
                    let what = if constant { "constant" } else { "object" };
                    let file = self.file;
                    let d = self.error(
                        codes::DUPLICATE_OBJECT,
                        o.item.span,
                        format!("{what} `{}` declared twice", o.item.text),
                    );
                    // A constant lives in the domain file; an object in this one.
                    if pconst == constant {
                        d.labels.push(pddl::diagnostic::Label {
                            file,
                            span: pspan,
                            message: "first declared here".into(),
                        });
                    }
                    d.help = Some("remove one of the declarations".into());
                }
                continue;
            }
            self.obj_index.insert(sym, ObjectId(self.objects.len() as u32));
            self.objects.push(Object { name: sym, ty, constant, span: o.item.span });
        }
    }

    fn params(&mut self, ps: &[ast::Typed<ast::Variable>]) -> Vec<Param> {
        self.params_of(ps, false)
    }

    /// In a predicate or function declaration parameter names mean nothing, so a repeated one
    /// (IPC's logistics00: `(in ?obj ?obj)`) is only a warning; in a schema it is ambiguous.
    fn params_of(&mut self, ps: &[ast::Typed<ast::Variable>], declaration: bool) -> Vec<Param> {
        let mut out: Vec<Param> = Vec::with_capacity(ps.len());
        for p in ps {
            let name = self.symbols.intern(&p.item.name);
            if out.iter().any(|q| q.name == name) {
                let msg = format!("parameter `?{}` declared twice", p.item.name);
                if declaration {
                    self.warning(codes::DUPLICATE_DECL_PARAMETER, p.item.span, msg);
                } else {
                    self.error(codes::DUPLICATE_PARAMETER, p.item.span, msg);
                }
            }
            let ty = self.resolve_type(&p.ty);
            out.push(Param { name, ty, span: p.item.span });
        }
        out
    }

    pub fn declare_predicates(&mut self, preds: &[ast::PredicateDecl]) {
        for p in preds {
            if p.name.is("=") {
                self.error(codes::RESERVED_NAME, p.name.span, "`=` is built in and cannot be declared");
                continue;
            }
            let name = self.symbols.intern(&p.name.text);
            let params = self.params_of(&p.parameters, true);
            if let Some(&prev) = self.pred_index.get(&name) {
                let first = self.predicates[prev.index()].span;
                self.diags.push(
                    Diagnostic::error(
                        codes::DUPLICATE_PREDICATE,
                        self.file,
                        p.name.span,
                        format!("predicate `{}` declared twice", p.name.text),
                    )
                    .with_label(self.file, first, "first declared here"),
                );
                continue;
            }
            self.pred_index.insert(name, PredicateId(self.predicates.len() as u32));
            self.predicates.push(Predicate { name, params, derived: false, span: p.name.span });
        }
    }

    pub fn declare_functions(&mut self, funcs: &[ast::FunctionDecl]) {
        for f in funcs {
            let name = self.symbols.intern(&f.name.text);
            let params = self.params_of(&f.parameters, true);
            let ty = match &f.ty {
                ast::FunctionType::Default | ast::FunctionType::Number(_) => lifted::FunctionType::Number,
                ast::FunctionType::Object(t) => {
                    self.uses(RequirementKind::ObjectFluents, t.span());
                    self.unsupported("object fluents", f.span);
                    lifted::FunctionType::Object(self.resolve_type(&Some(t.clone())))
                }
            };
            if f.name.is("total-cost") {
                self.uses(RequirementKind::ActionCosts, f.name.span);
            } else if ty == lifted::FunctionType::Number {
                self.numeric_declared.get_or_insert((self.file, f.name.span));
            }
            if let Some(&prev) = self.func_index.get(&name) {
                let first = self.functions[prev.index()].span;
                self.diags.push(
                    Diagnostic::error(
                        codes::DUPLICATE_FUNCTION,
                        self.file,
                        f.name.span,
                        format!("function `{}` declared twice", f.name.text),
                    )
                    .with_label(self.file, first, "first declared here"),
                );
                continue;
            }
            self.func_index.insert(name, FunctionId(self.functions.len() as u32));
            self.functions.push(Function { name, params, ty, span: f.name.span });
        }
    }

    /// Marks the heads of `:derived` rules as derived predicates (before actions are lowered, so
    /// that an effect on one is caught).
    pub fn mark_derived(&mut self, rules: &[ast::DerivedPredicate]) {
        for r in rules {
            let sym = self.symbols.intern(&r.head.name.text);
            if let Some(&p) = self.pred_index.get(&sym) {
                self.predicates[p.index()].derived = true;
            }
        }
    }

    // ---- variables and arguments ----

    fn bind(&mut self, params: Vec<Param>) -> Vec<VarId> {
        params
            .into_iter()
            .map(|p| {
                let id = VarId(self.vars.len() as u32);
                self.scope.push((p.name, id));
                self.vars.push(p);
                id
            })
            .collect()
    }

    /// Starts a new schema: a fresh variable table with the given parameters in scope.
    fn start_schema(&mut self, params: Vec<Param>) {
        self.vars.clear();
        self.scope.clear();
        self.bind(params);
    }

    /// Hands out the variable table of the schema just lowered (for the goal, whose quantified
    /// variables would otherwise be lost when the next schema starts).
    pub fn take_variables(&mut self) -> Vec<Param> {
        self.scope.clear();
        std::mem::take(&mut self.vars)
    }

    fn lookup_var(&self, name: &str) -> Option<VarId> {
        let sym = self.symbols.get(name)?;
        self.scope.iter().rev().find(|(s, _)| *s == sym).map(|&(_, v)| v)
    }

    fn object(&mut self, n: &ast::Name) -> Option<ObjectId> {
        let sym = self.symbols.get(&n.text);
        if let Some(o) = sym.and_then(|s| self.obj_index.get(&s)) {
            return Some(*o);
        }
        let help = self.suggest(&n.text, self.obj_index.keys());
        let d = self.error(codes::UNKNOWN_OBJECT, n.span, format!("unknown object or constant `{}`", n.text));
        d.help = help;
        None
    }

    /// Resolves an argument and checks it against the type `owner` expects at position `index`.
    /// Objects must have the type; variables must be able to (their types overlap), since a looser
    /// variable type only means the atom can hold for fewer bindings. Messages are built only on
    /// error: this runs for every argument of every atom, the checker's hot path.
    fn arg(&mut self, t: &ast::Term, expected: Option<(Owner, usize)>) -> Option<Arg> {
        match t {
            ast::Term::Name(n) => {
                let o = self.object(n)?;
                if let Some((owner, i)) = expected
                    && !self.object_within(&self.objects[o.index()].ty, self.param_type(owner, i))
                {
                    let actual = self.spec_name(&self.objects[o.index()].ty);
                    self.type_mismatch(n.span, format!("`{}`", n.text), actual, owner, i);
                }
                Some(Arg::Object(o))
            }
            ast::Term::Variable(v) => {
                let Some(id) = self.lookup_var(&v.name) else {
                    self.error(codes::UNKNOWN_VARIABLE, v.span, format!("variable `?{}` is not bound here", v.name))
                        .help = Some("declare it in `:parameters` or in an enclosing `forall`/`exists`".into());
                    return None;
                };
                if let Some((owner, i)) = expected
                    && !self.specs_overlap(&self.vars[id.index()].ty, self.param_type(owner, i))
                {
                    let actual = self.spec_name(&self.vars[id.index()].ty);
                    self.type_mismatch(v.span, format!("`?{}`", v.name), actual, owner, i);
                }
                Some(Arg::Var(id))
            }
            ast::Term::Function(f) => {
                self.uses(RequirementKind::ObjectFluents, f.span);
                self.unsupported("function terms as arguments (object fluents)", f.span);
                None
            }
        }
    }

    /// E0109 for an argument (`shown`, of type `actual`) at position `i` of `owner`.
    fn type_mismatch(&mut self, span: Span, shown: String, actual: String, owner: Owner, i: usize) {
        let expected = self.spec_name(self.param_type(owner, i));
        let of = self.owner_name(owner);
        self.error(
            codes::TYPE_MISMATCH,
            span,
            format!("{shown} is of type `{actual}`, but {of} expects `{expected}` here"),
        );
    }

    fn param_type(&self, owner: Owner, i: usize) -> &TypeSpec {
        match owner {
            Owner::Predicate(p) => &self.predicates[p.index()].params[i].ty,
            Owner::Function(f) => &self.functions[f.index()].params[i].ty,
        }
    }

    fn owner_name(&self, owner: Owner) -> String {
        match owner {
            Owner::Predicate(p) => format!("predicate `{}`", self.symbols.name(self.predicates[p.index()].name)),
            Owner::Function(f) => format!("function `{}`", self.symbols.name(self.functions[f.index()].name)),
        }
    }

    fn args(&mut self, terms: &[ast::Term], owner: Owner, span: Span) -> Option<Vec<Arg>> {
        let arity = match owner {
            Owner::Predicate(p) => self.predicates[p.index()].params.len(),
            Owner::Function(f) => self.functions[f.index()].params.len(),
        };
        if terms.len() != arity {
            let of = self.owner_name(owner);
            self.error(
                codes::WRONG_ARITY,
                span,
                format!("{of} takes {arity} argument{}, but {} {} given", s(arity), terms.len(), were(terms.len())),
            );
            return None;
        }
        let mut out = Vec::with_capacity(terms.len());
        let mut ok = true;
        for (i, t) in terms.iter().enumerate() {
            match self.arg(t, Some((owner, i))) {
                Some(a) => out.push(a),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    fn atom(&mut self, a: &ast::Atom) -> Option<lifted::Atom> {
        let Some(sym) = self.symbols.get(&a.predicate.text) else {
            return self.unknown_predicate(a);
        };
        let Some(&p) = self.pred_index.get(&sym) else {
            return self.unknown_predicate(a);
        };
        let args = self.args(&a.args, Owner::Predicate(p), a.span)?;
        Some(lifted::Atom { predicate: p, args })
    }

    fn unknown_predicate(&mut self, a: &ast::Atom) -> Option<lifted::Atom> {
        let help = self.suggest(&a.predicate.text, self.pred_index.keys());
        let d =
            self.error(codes::UNKNOWN_PREDICATE, a.predicate.span, format!("unknown predicate `{}`", a.predicate.text));
        d.help = help.or(Some("declare it in `(:predicates ...)`".into()));
        for t in &a.args {
            let _ = self.arg(t, None);
        }
        None
    }

    fn function(&mut self, f: &ast::FunctionTerm) -> Option<Fluent> {
        let id = self.symbols.get(&f.function.text).and_then(|s| self.func_index.get(&s).copied());
        let Some(id) = id else {
            let help = self.suggest(&f.function.text, self.func_index.keys());
            let d =
                self.error(codes::UNKNOWN_FUNCTION, f.function.span, format!("unknown function `{}`", f.function.text));
            d.help = help.or(Some("declare it in `(:functions ...)`".into()));
            return None;
        };
        self.functions_used.entry(id).or_insert((self.file, f.span));
        let args = self.args(&f.args, Owner::Function(id), f.span)?;
        // Which requirement a function term uses depends on where it stands (IPC 2008's
        // `:action-costs`: total-cost, and static functions read by its increases).
        let requirement = if self.in_initial_value {
            None
        } else if f.function.is("total-cost") || self.in_action_cost {
            Some(RequirementKind::ActionCosts)
        } else {
            Some(RequirementKind::NumericFluents)
        };
        if let Some(r) = requirement {
            self.uses(r, f.span);
        }
        Some(Fluent { function: id, args })
    }

    // ---- expressions ----

    pub fn expr(&mut self, e: &ast::Expr, place: ExprPlace) -> Option<lifted::Expr> {
        use ast::Expr as E;
        Some(match e {
            E::Number(v, _) => lifted::Expr::Number(*v),
            E::Function(f) => lifted::Expr::Fluent(self.function(f)?),
            E::Variable(v) if v.is("duration") && place.duration => lifted::Expr::Duration,
            E::Variable(v) => {
                let Some(id) = self.lookup_var(&v.name) else {
                    self.error(codes::UNKNOWN_VARIABLE, v.span, format!("variable `?{}` is not bound here", v.name));
                    return None;
                };
                if !place.object {
                    self.error(codes::NOT_NUMERIC, v.span, format!("`?{}` is an object, not a number", v.name)).help =
                        Some("numeric expressions are numbers, function terms like `(f ?x)` and arithmetic".into());
                    return None;
                }
                self.uses(RequirementKind::ObjectFluents, v.span);
                self.unsupported("object-valued expressions (object fluents)", v.span);
                lifted::Expr::Var(id)
            }
            E::Object(n) => {
                // A bare 0-ary function name (`total-cost` in some metrics) or an object value.
                let sym = self.symbols.get(&n.text);
                if let Some(&f) = sym.and_then(|s| self.func_index.get(&s))
                    && self.functions[f.index()].params.is_empty()
                {
                    let ft = ast::FunctionTerm { function: n.clone(), args: Vec::new(), span: n.span };
                    return self.function(&ft).map(lifted::Expr::Fluent);
                }
                if sym.and_then(|s| self.obj_index.get(&s)).is_some() && place.object {
                    self.unsupported("object-valued expressions (object fluents)", n.span);
                    return self.object(n).map(lifted::Expr::Object);
                }
                self.error(codes::NOT_NUMERIC, n.span, format!("`{}` is not a number or a function term", n.text))
                    .help = Some("write a number, or a function term in parentheses like `(f a)`".into());
                return None;
            }
            E::Binary(op, args, _) => {
                let mut lowered = Vec::with_capacity(args.len());
                for a in args {
                    lowered.push(self.expr(a, place));
                }
                let mut it = lowered.into_iter();
                let mut acc = it.next()??;
                for x in it {
                    acc = lifted::Expr::Binary(*op, Box::new(acc), Box::new(x?));
                }
                acc
            }
            E::Negate(x, _) => lifted::Expr::Negate(Box::new(self.expr(x, place)?)),
            E::ContinuousTime(s) => {
                if !place.continuous {
                    self.error(codes::MISPLACED, *s, "`#t` may only appear in continuous effects of durative actions");
                    return None;
                }
                self.uses(RequirementKind::ContinuousEffects, *s);
                self.unsupported("continuous effects", *s);
                lifted::Expr::ContinuousTime
            }
            E::TotalTime(s) => {
                if !place.metric {
                    self.error(codes::MISPLACED, *s, "`total-time` may only appear in `:metric`");
                    return None;
                }
                lifted::Expr::TotalTime
            }
            E::IsViolated(n, s) => {
                if !place.metric {
                    self.error(codes::MISPLACED, *s, "`is-violated` may only appear in `:metric`");
                    return None;
                }
                self.uses(RequirementKind::Preferences, *s);
                lifted::Expr::IsViolated(self.symbols.intern(&n.text))
            }
            E::Undefined(s) => {
                if !place.object {
                    self.error(codes::NOT_NUMERIC, *s, "`undefined` may only be assigned to object fluents");
                    return None;
                }
                lifted::Expr::Undefined
            }
            E::Error(_) => return None,
        })
    }

    // ---- conditions ----

    /// Lowers a condition that stands alone (a goal, constraints): no variables in scope.
    pub fn closed_condition(&mut self, g: &Gd, place: Place) -> Condition {
        self.start_schema(Vec::new());
        self.condition(g, place)
    }

    pub fn condition(&mut self, g: &Gd, place: Place) -> Condition {
        self.cond(g, true, place, false).unwrap_or(Condition::True)
    }

    /// Lowers `g` under `positive` polarity, pushing negation inwards (negation normal form).
    fn cond(&mut self, g: &Gd, positive: bool, place: Place, timed: bool) -> Option<Condition> {
        Some(match &g.kind {
            GdKind::Atom(a) if a.predicate.is("=") => {
                self.uses(RequirementKind::Equality, a.span);
                let [l, r] = a.args.as_slice() else {
                    self.error(codes::WRONG_ARITY, a.span, "`=` takes two arguments");
                    return None;
                };
                let (l, r) = (self.arg(l, None), self.arg(r, None));
                Condition::Equal { positive, left: l?, right: r? }
            }
            GdKind::Atom(a) => {
                if !positive && place != Place::Constraint {
                    self.uses(RequirementKind::NegativePreconditions, g.span);
                }
                Condition::Atom { positive, atom: self.atom(a)? }
            }
            GdKind::Not(inner) => {
                match &inner.kind {
                    GdKind::Atom(a) if !a.predicate.is("=") => {}
                    GdKind::Atom(_) => {} // `(not (= ...))` only needs `:equality` in practice
                    _ => self.uses(RequirementKind::DisjunctivePreconditions, g.span),
                }
                return self.cond(inner, !positive, place, timed);
            }
            GdKind::And(gs) | GdKind::Or(gs) => {
                let is_and = matches!(g.kind, GdKind::And(_));
                if !is_and {
                    self.uses(RequirementKind::DisjunctivePreconditions, g.span);
                }
                let parts: Vec<Condition> = gs.iter().filter_map(|x| self.cond(x, positive, place, timed)).collect();
                if is_and == positive { Condition::And(parts) } else { Condition::Or(parts) }
            }
            GdKind::Imply(a, b) => {
                self.uses(RequirementKind::DisjunctivePreconditions, g.span);
                // a → b is ¬a ∨ b; under negation, a ∧ ¬b.
                let na = self.cond(a, !positive, place, timed)?;
                let b = self.cond(b, positive, place, timed)?;
                if positive { Condition::Or(vec![na, b]) } else { Condition::And(vec![na, b]) }
            }
            GdKind::Exists(vars, body) | GdKind::Forall(vars, body) => {
                let exists = matches!(g.kind, GdKind::Exists(..));
                let req = if exists {
                    RequirementKind::ExistentialPreconditions
                } else {
                    RequirementKind::UniversalPreconditions
                };
                self.uses(req, g.span);
                let params = self.params(vars);
                let mark = self.scope.len();
                let ids = self.bind(params);
                let body = self.cond(body, positive, place, timed);
                self.scope.truncate(mark);
                let body = Box::new(body?);
                if exists == positive { Condition::Exists(ids, body) } else { Condition::Forall(ids, body) }
            }
            GdKind::Compare(op, l, r) => {
                self.uses(RequirementKind::NumericFluents, g.span);
                let ep = ExprPlace { duration: self.durative, ..ExprPlace::default() };
                let (l, r) = (self.expr(l, ep), self.expr(r, ep));
                let (l, r) = (l?, r?);
                use pddl::ast::Comparison::*;
                if positive {
                    Condition::Compare(*op, l, r)
                } else {
                    match op {
                        Lt => Condition::Compare(Ge, l, r),
                        Le => Condition::Compare(Gt, l, r),
                        Gt => Condition::Compare(Le, l, r),
                        Ge => Condition::Compare(Lt, l, r),
                        Eq => Condition::Or(vec![
                            Condition::Compare(Lt, l.clone(), r.clone()),
                            Condition::Compare(Gt, l, r),
                        ]),
                    }
                }
            }
            GdKind::Preference(name, body) => {
                self.uses(RequirementKind::Preferences, g.span);
                if !positive {
                    self.error(codes::MISPLACED, g.span, "a preference cannot be negated");
                    return None;
                }
                if !matches!(place, Place::Precondition | Place::DurativeCondition | Place::Goal | Place::Constraint) {
                    self.error(
                        codes::MISPLACED,
                        g.span,
                        "preferences may only appear in preconditions, goals and constraints",
                    );
                    return None;
                }
                self.unsupported("preferences", g.span);
                let name = name.as_ref().map(|n| self.symbols.intern(&n.text));
                Condition::Preference(name, Box::new(self.cond(body, true, place, timed)?))
            }
            GdKind::Timed(t, body) => {
                let allowed = (place == Place::DurativeCondition && !timed)
                    || (place == Place::Constraint && *t == TimeSpec::AtEnd);
                if !allowed {
                    self.error(
                        codes::MISPLACED,
                        g.span,
                        format!("`({} ...)` may only appear in the condition of a durative action", t.keyword()),
                    );
                    return None;
                }
                self.uses(RequirementKind::DurativeActions, g.span);
                Condition::Timed(*t, Box::new(self.cond(body, positive, place, true)?))
            }
            GdKind::Modal(m, nums, gds) => {
                if place != Place::Constraint || !positive {
                    self.error(
                        codes::MISPLACED,
                        g.span,
                        format!("`{}` may only appear in `:constraints`", m.keyword()),
                    );
                    return None;
                }
                self.uses(RequirementKind::Constraints, g.span);
                self.unsupported("trajectory constraints", g.span);
                let parts = gds.iter().filter_map(|x| self.cond(x, true, place, timed)).collect();
                Condition::Modal(*m, nums.clone(), parts)
            }
            GdKind::Error => return None,
        })
    }

    // ---- effects ----

    fn effects(
        &mut self,
        e: &ast::Effect,
        forall: &mut Vec<VarId>,
        conds: &mut Vec<Condition>,
        time: Option<TimeSpec>,
        out: &mut Vec<lifted::Effect>,
    ) {
        use ast::EffectKind as K;
        let mut push = |this: &mut Self, literal: Literal| {
            let _ = this;
            let condition = match conds.len() {
                0 => Condition::True,
                1 => conds[0].clone(),
                _ => Condition::And(conds.clone()),
            };
            out.push(lifted::Effect { forall: forall.clone(), condition, time, literal });
        };
        match &e.kind {
            K::And(es) => {
                for x in es {
                    self.effects(x, forall, conds, time, out);
                }
            }
            K::Add(a) | K::Delete(a) => {
                if a.predicate.is("=") {
                    self.error(codes::MISPLACED, a.span, "equality cannot be an effect");
                    return;
                }
                let Some(atom) = self.atom(a) else { return };
                let pred = &self.predicates[atom.predicate.index()];
                if pred.derived {
                    let name = self.symbols.name(pred.name).to_string();
                    self.error(
                        codes::DERIVED_IN_EFFECT,
                        a.span,
                        format!("`{name}` is a derived predicate; actions cannot change it"),
                    );
                    return;
                }
                self.uses(RequirementKind::Strips, a.span);
                let lit = if matches!(e.kind, K::Add(_)) { Literal::Add(atom) } else { Literal::Delete(atom) };
                push(self, lit);
            }
            K::Forall(vars, body) => {
                self.uses(RequirementKind::ConditionalEffects, e.span);
                let params = self.params(vars);
                let mark = self.scope.len();
                let n = forall.len();
                forall.extend(self.bind(params));
                self.effects(body, forall, conds, time, out);
                forall.truncate(n);
                self.scope.truncate(mark);
            }
            K::When(c, body) => {
                self.uses(RequirementKind::ConditionalEffects, e.span);
                let place = if self.durative { Place::DurativeCondition } else { Place::EffectCondition };
                let c = self.cond(c, true, place, !self.durative).unwrap_or(Condition::True);
                conds.push(c);
                self.effects(body, forall, conds, time, out);
                conds.pop();
            }
            K::Assign(op, f, v) => {
                let Some(fluent) = self.function(f) else { return };
                let is_object = matches!(self.functions[fluent.function.index()].ty, lifted::FunctionType::Object(_));
                let place =
                    ExprPlace { duration: self.durative, continuous: self.durative, object: is_object, metric: false };
                // `:action-costs` (IPC 2008): `(increase (total-cost) v)` where v reads only
                // static functions. A function that some effect changes is marked
                // `:numeric-fluents` there, so a read of it here needs no separate test.
                self.in_action_cost = *op == ast::AssignOp::Increase && f.function.is("total-cost");
                let value = self.expr(v, place);
                self.in_action_cost = false;
                let Some(value) = value else { return };
                push(self, Literal::Assign(*op, fluent, value));
            }
            K::Timed(t, body) => {
                if !self.durative || time.is_some() || *t == TimeSpec::OverAll {
                    self.error(
                        codes::MISPLACED,
                        e.span,
                        format!("`({} ...)` may only wrap effects of durative actions", t.keyword()),
                    );
                    return;
                }
                self.effects(body, forall, conds, Some(*t), out);
            }
            K::Error => {}
        }
    }

    // ---- schemas ----

    pub fn action(&mut self, a: &ast::Action) -> lifted::Action {
        self.durative = false;
        let params = self.params(&a.parameters);
        let n = params.len();
        self.start_schema(params);
        let precondition = match &a.precondition {
            Some(g) => self.condition(g, Place::Precondition),
            None => Condition::True,
        };
        let mut effects = Vec::new();
        if let Some(e) = &a.effect {
            self.effects(e, &mut Vec::new(), &mut Vec::new(), None, &mut effects);
        }
        lifted::Action {
            name: self.symbols.intern(&a.name.text),
            parameters: n,
            variables: std::mem::take(&mut self.vars),
            precondition,
            effects,
            duration: None,
            span: a.name.span,
        }
    }

    pub fn durative_action(&mut self, a: &ast::DurativeAction) -> lifted::Action {
        self.uses(RequirementKind::DurativeActions, a.span);
        self.durative = true;
        let params = self.params(&a.parameters);
        let n = params.len();
        self.start_schema(params);
        let mut duration = Vec::new();
        if let Some(d) = &a.duration {
            self.duration(d, &mut duration);
        }
        let precondition = match &a.condition {
            Some(g) => self.condition(g, Place::DurativeCondition),
            None => Condition::True,
        };
        let mut effects = Vec::new();
        if let Some(e) = &a.effect {
            self.effects(e, &mut Vec::new(), &mut Vec::new(), None, &mut effects);
        }
        for e in &effects {
            if e.time.is_none() && !matches!(e.literal, Literal::Assign(_, _, ref v) if contains_continuous(v)) {
                self.error(
                    codes::MISPLACED,
                    a.name.span,
                    "every effect of a durative action must be wrapped in `(at start ...)` or `(at end ...)`",
                );
                break;
            }
        }
        self.durative = false;
        lifted::Action {
            name: self.symbols.intern(&a.name.text),
            parameters: n,
            variables: std::mem::take(&mut self.vars),
            precondition,
            effects,
            duration: Some(duration),
            span: a.name.span,
        }
    }

    fn duration(
        &mut self,
        d: &ast::DurationConstraint,
        out: &mut Vec<(Option<TimeSpec>, ast::Comparison, lifted::Expr)>,
    ) {
        match d {
            ast::DurationConstraint::And(ds, _) => {
                for x in ds {
                    self.duration(x, out);
                }
            }
            ast::DurationConstraint::Compare { time, op, value, span } => {
                if *op != ast::Comparison::Eq || time.is_some() {
                    self.uses(RequirementKind::DurationInequalities, *span);
                }
                let place = ExprPlace { duration: false, ..ExprPlace::default() };
                if let Some(v) = self.expr(value, place) {
                    out.push((*time, *op, v));
                }
            }
            ast::DurationConstraint::Error(_) => {}
        }
    }

    pub fn derived(&mut self, r: &ast::DerivedPredicate) -> Option<DerivedRule> {
        self.uses(RequirementKind::DerivedPredicates, r.span);
        let sym = self.symbols.get(&r.head.name.text);
        let Some(p) = sym.and_then(|s| self.pred_index.get(&s).copied()) else {
            self.error(
                codes::UNKNOWN_PREDICATE,
                r.head.name.span,
                format!("derived predicate `{}` is not declared", r.head.name.text),
            )
            .help = Some("declare it in `(:predicates ...)` too".into());
            return None;
        };
        let params = self.params(&r.head.parameters);
        let expected = self.predicates[p.index()].params.len();
        if params.len() != expected {
            self.error(
                codes::WRONG_ARITY,
                r.head.span,
                format!(
                    "`{}` is declared with {expected} parameter{}, but the rule has {}",
                    r.head.name.text,
                    s(expected),
                    params.len()
                ),
            );
        }
        self.start_schema(params);
        let body = self.condition(&r.body, Place::Derived);
        Some(DerivedRule { predicate: p, variables: std::mem::take(&mut self.vars), body, span: r.span })
    }

    // ---- problem parts ----

    pub fn ground_atom(&mut self, a: &ast::Atom) -> Option<GroundAtom> {
        if a.predicate.is("=") {
            self.error(codes::MISPLACED, a.span, "equality is built in and cannot be an initial fact");
            return None;
        }
        let Some(p) = self.symbols.get(&a.predicate.text).and_then(|s| self.pred_index.get(&s).copied()) else {
            self.scope.clear();
            let _ = self.unknown_predicate(a);
            return None;
        };
        if self.predicates[p.index()].derived {
            let name = self.symbols.name(self.predicates[p.index()].name).to_string();
            self.error(
                codes::DERIVED_IN_INIT,
                a.span,
                format!("`{name}` is a derived predicate; its value is computed, not given"),
            );
            return None;
        }
        // Initial facts are most of a large problem: resolve straight to objects, one vector.
        self.scope.clear();
        let arity = self.predicates[p.index()].params.len();
        if a.args.len() != arity {
            let _ = self.args(&a.args, Owner::Predicate(p), a.span); // reports the arity error
            return None;
        }
        let mut args = Vec::with_capacity(arity);
        let mut ok = true;
        for (i, t) in a.args.iter().enumerate() {
            match self.arg(t, Some((Owner::Predicate(p), i))) {
                Some(Arg::Object(o)) => args.push(o),
                _ => ok = false,
            }
        }
        ok.then_some(GroundAtom { predicate: p, args })
    }

    pub fn ground_fluent(&mut self, f: &ast::FunctionTerm) -> Option<GroundFluent> {
        self.start_schema(Vec::new());
        self.in_initial_value = true;
        let fl = self.function(f);
        self.in_initial_value = false;
        let fl = fl?;
        let args = fl.args.iter().map(|a| match a {
            Arg::Object(o) => Some(*o),
            Arg::Var(_) => None,
        });
        Some(GroundFluent { function: fl.function, args: args.collect::<Option<Vec<_>>>()? })
    }

    pub fn function_type(&self, f: FunctionId) -> &lifted::FunctionType {
        &self.functions[f.index()].ty
    }

    pub fn resolve_object(&mut self, n: &ast::Name) -> Option<ObjectId> {
        self.object(n)
    }

    pub fn err(&mut self, code: pddl::Code, span: Span, msg: impl Into<String>) -> &mut Diagnostic {
        self.error(code, span, msg)
    }
    pub fn uses_requirement(&mut self, r: RequirementKind, span: Span) {
        self.uses(r, span);
    }
}

/// Whose parameters an argument list fills.
#[derive(Clone, Copy)]
enum Owner {
    Predicate(PredicateId),
    Function(FunctionId),
}

/// What an expression may contain where it stands.
#[derive(Clone, Copy, Default)]
pub(crate) struct ExprPlace {
    /// `?duration` (durative actions).
    pub duration: bool,
    /// `#t` (effects of durative actions).
    pub continuous: bool,
    /// Object names and `undefined` (values of object fluents).
    pub object: bool,
    /// `total-time` and `is-violated` (metrics).
    pub metric: bool,
}

fn contains_continuous(e: &lifted::Expr) -> bool {
    match e {
        lifted::Expr::ContinuousTime => true,
        lifted::Expr::Binary(_, a, b) => contains_continuous(a) || contains_continuous(b),
        lifted::Expr::Negate(a) => contains_continuous(a),
        _ => false,
    }
}

fn s(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn were(n: usize) -> &'static str {
    if n == 1 { "was" } else { "were" }
}
