//! The order of checking: domain declarations, schemas, then the problem, then the plan; and
//! plan-step resolution ([`resolve_plan`]), shared with the validator.

use crate::codes;
use crate::intern::Symbol;
use crate::lifted::{self, ActionId, Condition, GroundFluent, ObjectId, TimedLiteral, TypeSpec, Value};
use crate::lower::{ExprPlace, Lowerer, Place};
use crate::summary::Summary;
use crate::{CheckOptions, Checked, Input, Unsupported};
use pddl::ast::{self, InitElement, RequirementKind};
use pddl::diagnostic::codes::PLAN_SYNTAX;
use pddl::{Diagnostic, FileId, Span};
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::collections::BTreeMap;

/// Checks the input for conformance and lowers it to the lifted model. Never panics; never stops
/// at the first problem.
pub fn check(input: Input, options: CheckOptions) -> Checked {
    let mut diagnostics = Vec::new();
    let (d, dfile) = input.domain;
    let mut l = Lowerer::new(&mut diagnostics, options.strict, dfile);

    l.requirements(&d.requirements);
    l.declare_types(&d.types);
    l.declare_objects(&d.constants, true);
    l.declare_predicates(&d.predicates);
    l.declare_functions(&d.functions);
    l.mark_derived(&d.derived);

    let mut actions: Vec<lifted::Action> = Vec::with_capacity(d.actions.len() + d.durative_actions.len());
    let mut action_spans: FxHashMap<String, Span> = FxHashMap::default();
    let names = d.actions.iter().map(|a| &a.name).chain(d.durative_actions.iter().map(|a| &a.name));
    for name in names {
        if let Some(&first) = action_spans.get(&name.key()) {
            let msg = format!("action `{}` defined twice", name.text);
            l.err(codes::DUPLICATE_ACTION, name.span, msg).labels.push(pddl::diagnostic::Label {
                file: dfile,
                span: first,
                message: "first defined here".into(),
            });
        } else {
            action_spans.insert(name.key(), name.span);
        }
    }
    for a in &d.actions {
        actions.push(l.action(a));
    }
    for a in &d.durative_actions {
        actions.push(l.durative_action(a));
    }
    let derived: Vec<_> = d.derived.iter().filter_map(|r| l.derived(r)).collect();
    let constraints = d.constraints.as_ref().map(|c| {
        l.uses_requirement(RequirementKind::Constraints, c.span);
        l.closed_condition(c, Place::Constraint)
    });
    let constants = l.objects.clone();

    let mut task_parts = None;
    if let Some((p, pfile)) = input.problem {
        l.file = pfile;
        if !p.domain.text.is_empty() && p.domain != d.name {
            let msg = format!("this problem is for domain `{}`, but the domain is `{}`", p.domain.text, d.name.text);
            l.err(codes::DOMAIN_MISMATCH, p.domain.span, msg).labels.push(pddl::diagnostic::Label {
                file: dfile,
                span: d.name.span,
                message: "the domain is named here".into(),
            });
        }
        l.requirements(&p.requirements);
        l.declare_objects(&p.objects, false);
        let (init, init_values, timed) = init(&mut l, &p.init);
        let goal = match &p.goal {
            Some(g) => l.closed_condition(g, Place::Goal),
            None => {
                l.err(codes::MISSING_GOAL, p.span, "the problem has no `(:goal ...)`");
                Condition::True
            }
        };
        // The goal's quantified variables, taken before the next schema resets the table.
        let goal_variables = l.take_variables();
        let pconstraints = p.constraints.as_ref().map(|c| {
            l.uses_requirement(RequirementKind::Constraints, c.span);
            l.closed_condition(c, Place::Constraint)
        });
        let metric = p.metric.as_ref().and_then(|m| {
            let place = ExprPlace { metric: true, ..ExprPlace::default() };
            let expr = l.expr(&m.expr, place)?;
            Some(lifted::Metric { optimization: m.optimization, expr })
        });
        // A function the domain reads or changes, with no initial value at all in this problem,
        // makes every action that touches it inapplicable: almost always a forgotten `(= (f) 0)`.
        let initialized: std::collections::BTreeSet<_> = init_values.iter().map(|(f, _)| f.function).collect();
        let uninitialized: Vec<_> = l
            .functions_used
            .iter()
            // `total-cost` starts at 0 when not given, as in Fast Downward and in `val`.
            .filter(|(f, (file, _))| {
                *file == dfile
                    && !initialized.contains(f)
                    && l.symbols.name(l.functions[f.index()].name) != "total-cost"
            })
            .map(|(&f, &(file, span))| (f, file, span))
            .collect();
        for (f, file, span) in uninitialized {
            let name = l.symbols.name(l.functions[f.index()].name).to_string();
            let dg = Diagnostic::warning(
                codes::UNINITIALIZED_FLUENT,
                file,
                span,
                format!("function `{name}` is used here but has no initial value in problem `{}`", p.name.text),
            )
            .with_help(format!("add `(= ({name} ...) VALUE)` to `:init`"));
            l.diags.push(dg);
        }
        // Without a metric, Fast Downward searches with unit costs and VAL reports the plan's
        // length (`reading::Costs`): costs the domain defines are then silently not counted.
        if p.metric.is_none()
            && let Some(tc) = crate::reading::total_cost_function(&l.symbols, &l.functions)
            && crate::reading::increases(&actions, tc)
        {
            let dg = Diagnostic::warning(
                codes::ACTION_COSTS_WITHOUT_METRIC,
                pfile,
                p.name.span,
                format!(
                    "the domain's actions increase `total-cost`, but problem `{}` has no `:metric`: \
                     every action counts 1, as in Fast Downward and VAL",
                    p.name.text
                ),
            )
            .with_help("add `(:metric minimize (total-cost))` to the problem to count action costs");
            l.diags.push(dg);
        }
        task_parts = Some((p, init, init_values, timed, goal, goal_variables, pconstraints, metric));
    }

    l.missing_requirements();

    // One cause can be met twice (a type shared by a whole typed-list group is resolved for each
    // member); the user needs to hear it once.
    pddl::diagnostic::sort(l.diags);
    l.diags
        .dedup_by(|a, b| a.code == b.code && a.file == b.file && a.span.same_range(b.span) && a.message == b.message);

    let mut summary = Summary::new(input);
    summary.requirements_declared = d
        .requirements
        .iter()
        .chain(input.problem.iter().flat_map(|(p, _)| &p.requirements))
        .map(|r| r.name.text.as_str().to_ascii_lowercase())
        .collect();
    summary.requirements_used = l.used.keys().map(|k| k.keyword().to_string()).collect();

    let unsupported: Vec<Unsupported> =
        l.unsupported.iter().map(|(c, f, s)| Unsupported { construct: c.clone(), file: *f, span: *s }).collect();
    let clean = !l.diags.iter().any(|d| d.is_error()) && unsupported.is_empty();
    let requirements = l.declared.clone();
    let Lowerer { mut symbols, types, ancestors, predicates, functions, objects, .. } = l;
    let domain = lifted::Domain {
        name: symbols.intern(&d.name.text),
        symbols,
        requirements,
        types,
        ancestors,
        predicates,
        functions,
        constants,
        actions,
        derived,
        constraints,
    };
    // The plan is resolved against the lowered names, with the same function the validator uses,
    // so that `check` and `validate` report a bad step in the same words.
    if let Some((plan, planfile)) = input.plan
        && let Err(plan_diags) = resolve_plan(&domain, &objects, plan, planfile)
    {
        diagnostics.extend(plan_diags);
        pddl::diagnostic::sort(&mut diagnostics);
    }
    let mut task = None;
    if let Some((p, init, init_values, timed, goal, goal_variables, pconstraints, metric)) = task_parts {
        summary.init_facts = Some(p.init.iter().filter(|e| !matches!(e, InitElement::Assign(..))).count());
        summary.init_values = Some(p.init.iter().filter(|e| matches!(e, InitElement::Assign(..))).count());
        summary.goal_literals = Some(p.goal.as_ref().map_or(0, count_literals));
        if clean {
            let mut task_domain = domain.clone();
            let problem_name = task_domain.symbols.intern(&p.name.text);
            task = Some(lifted::Task {
                domain: task_domain,
                problem_name,
                objects,
                init,
                init_values,
                timed_literals: timed,
                goal,
                goal_variables,
                constraints: pconstraints,
                metric,
            });
        }
    }
    Checked { diagnostics, summary, domain: clean.then_some(domain), task, unsupported }
}

type Init = (Vec<lifted::GroundAtom>, Vec<(GroundFluent, Value)>, Vec<TimedLiteral>);

fn init(l: &mut Lowerer, elements: &[InitElement]) -> Init {
    let mut atoms = Vec::with_capacity(elements.len());
    let mut values: Vec<(GroundFluent, Value)> = Vec::new();
    let mut value_spans: BTreeMap<GroundFluent, Span> = BTreeMap::new();
    let mut timed = Vec::new();
    let mut spans = Vec::with_capacity(elements.len());
    for e in elements {
        match e {
            InitElement::Atom(a) => {
                if let Some(g) = l.ground_atom(a) {
                    atoms.push(g);
                    spans.push(a.span);
                }
            }
            InitElement::NotAtom(a, _) => {
                // The closed world already makes it false; only check that it names real things.
                let _ = l.ground_atom(a);
            }
            InitElement::Assign(f, v, span) => {
                // `(= a b)` over two plain names reads as an initial value of a function `a`,
                // but is almost surely an equality fact.
                if f.args.is_empty() && f.span.len() == f.function.text.len() && matches!(v, ast::Expr::Object(_)) {
                    l.err(codes::MISPLACED, *span, "equality is built in and cannot be an initial fact");
                    continue;
                }
                let Some(g) = l.ground_fluent(f) else { continue };
                let is_object = matches!(l.function_type(g.function), lifted::FunctionType::Object(_));
                let value = match v {
                    ast::Expr::Number(x, _) if !is_object => Value::Number(*x),
                    ast::Expr::Object(n) if is_object => match l.resolve_object(n) {
                        Some(o) => Value::Object(o),
                        None => continue,
                    },
                    _ => {
                        let want = if is_object { "an object" } else { "a number" };
                        l.err(codes::NOT_NUMERIC, v.span(), format!("an initial value must be {want}"));
                        continue;
                    }
                };
                if let Some(&first) = value_spans.get(&g) {
                    let d = l.err(codes::DUPLICATE_INIT_VALUE, *span, "this function value is already given");
                    d.labels.push(pddl::diagnostic::Label {
                        file: d.file,
                        span: first,
                        message: "first given here".into(),
                    });
                    continue;
                }
                value_spans.insert(g.clone(), *span);
                values.push((g, value));
            }
            InitElement::At(t, inner, span) => {
                l.uses_requirement(RequirementKind::TimedInitialLiterals, *span);
                let (positive, a) = match &**inner {
                    InitElement::Atom(a) => (true, a),
                    InitElement::NotAtom(a, _) => (false, a),
                    _ => {
                        l.err(codes::MISPLACED, *span, "a timed initial literal must be a fact or a negated fact");
                        continue;
                    }
                };
                if let Some(atom) = l.ground_atom(a) {
                    timed.push(TimedLiteral { time: *t, positive, atom });
                }
            }
        }
    }
    // Duplicates are found afterwards, with a map of references: no atom is cloned.
    let mut first: FxHashMap<&lifted::GroundAtom, usize> = FxHashMap::default();
    first.reserve(atoms.len());
    let mut duplicate = vec![false; atoms.len()];
    for (i, a) in atoms.iter().enumerate() {
        if let Some(&j) = first.get(a) {
            duplicate[i] = true;
            let d =
                Diagnostic::warning(codes::DUPLICATE_INIT_FACT, l.file, spans[i], "this initial fact is listed twice")
                    .with_label(l.file, spans[j], "first listed here");
            l.diags.push(d);
        } else {
            first.insert(a, i);
        }
    }
    drop(first);
    if duplicate.contains(&true) {
        let mut keep = duplicate.iter().map(|d| !d);
        atoms.retain(|_| keep.next().unwrap_or(true));
    }
    (atoms, values, timed)
}

/// One plan step resolved against a task: the action and the objects it names, with the step's
/// time and duration for temporal plans and its 1-based line in the plan file (0 for a plan
/// built in memory). The validator, the planner and the proof bridge all speak in these.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResolvedStep {
    pub action: ActionId,
    pub args: Vec<ObjectId>,
    pub time: Option<f64>,
    /// Set for durative actions only: the `[d]` of an instantaneous step is dropped, as VAL
    /// drops it (LPG and other planners print `0.001: (pick a) [1.000]` for every step).
    pub duration: Option<f64>,
    pub line: u32,
}

/// Resolves every step of a plan against a domain and the task's objects (constants first, as in
/// [`lifted::Task::objects`]): the one place where plan steps get their meaning. A step naming an
/// unknown action or object, with the wrong number of arguments, an object of the wrong type, or
/// a durative action without `TIME: ... [DURATION]` yields a diagnostic with the step's span in
/// `file`; every bad step is reported, not only the first. Such a plan is not *well-formed*;
/// whether a well-formed plan is *valid* is the validator's question.
pub fn resolve_plan(
    domain: &lifted::Domain,
    objects: &[lifted::Object],
    plan: &pddl::Plan,
    file: FileId,
) -> Result<Vec<ResolvedStep>, Vec<Diagnostic>> {
    let by_name: FxHashMap<Symbol, ObjectId> =
        objects.iter().enumerate().map(|(i, o)| (o.name, ObjectId(i as u32))).collect();
    let fits = |o: ObjectId, spec: &TypeSpec| {
        objects[o.index()].ty.0.iter().any(|&t| spec.0.iter().any(|&s| domain.is_subtype(t, s)))
    };
    let spec_name = |spec: &TypeSpec| {
        let names: Vec<&str> = spec.0.iter().map(|t| domain.name(domain.types[t.index()].name)).collect();
        if names.len() == 1 { names[0].to_string() } else { format!("(either {})", names.join(" ")) }
    };
    let mut steps = Vec::with_capacity(plan.steps.len());
    let mut diags = Vec::new();
    for step in &plan.steps {
        let err = |code, span, message: String| Diagnostic::error(code, file, span, message);
        let Some(id) = domain.symbols.get(&step.action.text).and_then(|s| domain.action_by_name(s)) else {
            let help =
                pddl::suggest::did_you_mean(&step.action.text, domain.actions.iter().map(|a| domain.name(a.name)))
                    .map(|s| format!("did you mean `{s}`?"));
            let mut d = err(codes::UNKNOWN_ACTION, step.action.span, format!("unknown action `{}`", step.action.text));
            d.help = help;
            diags.push(d);
            continue;
        };
        let action = &domain.actions[id.index()];
        let params = action.params();
        if params.len() != step.args.len() {
            let msg = format!(
                "action `{}` takes {} argument{}, but {} {} given",
                step.action.text,
                params.len(),
                if params.len() == 1 { "" } else { "s" },
                step.args.len(),
                if step.args.len() == 1 { "was" } else { "were" }
            );
            diags.push(err(codes::WRONG_ARITY, step.span, msg));
            continue;
        }
        let mut args = Vec::with_capacity(params.len());
        for (arg, param) in step.args.iter().zip(params) {
            let Some(&o) = domain.symbols.get(&arg.text).and_then(|s| by_name.get(&s)) else {
                let help = pddl::suggest::did_you_mean(&arg.text, objects.iter().map(|o| domain.name(o.name)))
                    .map(|s| format!("did you mean `{s}`?"));
                let mut d = err(codes::UNKNOWN_OBJECT, arg.span, format!("unknown object or constant `{}`", arg.text));
                d.help = help;
                diags.push(d);
                continue;
            };
            if !fits(o, &param.ty) {
                let msg = format!(
                    "`{}` is of type `{}`, but parameter `?{}` of `{}` expects `{}`",
                    arg.text,
                    spec_name(&objects[o.index()].ty),
                    domain.name(param.name),
                    step.action.text,
                    spec_name(&param.ty)
                );
                diags.push(err(codes::TYPE_MISMATCH, arg.span, msg));
                continue;
            }
            args.push(o);
        }
        if args.len() != params.len() {
            continue;
        }
        if step.time.is_some_and(|t| t < 0.0) || step.duration.is_some_and(|d| d < 0.0) {
            diags.push(err(PLAN_SYNTAX, step.span, "times and durations must not be negative".into()));
            continue;
        }
        let duration = match (action.is_durative(), step.time, step.duration) {
            (true, Some(_), Some(d)) => Some(d),
            (true, _, _) => {
                let msg = format!(
                    "`{}` is a durative action: write it as `TIME: ({} ...) [DURATION]`",
                    step.action.text, step.action.text
                );
                diags.push(err(PLAN_SYNTAX, step.span, msg));
                continue;
            }
            (false, _, _) => None,
        };
        steps.push(ResolvedStep { action: id, args, time: step.time, duration, line: step.line });
    }
    if diags.is_empty() { Ok(steps) } else { Err(diags) }
}

/// Literals of a goal, counted through connectives and quantifiers.
fn count_literals(g: &ast::Gd) -> usize {
    use ast::GdKind::*;
    match &g.kind {
        Atom(_) | Compare(..) => 1,
        Not(x) | Exists(_, x) | Forall(_, x) | Preference(_, x) | Timed(_, x) => count_literals(x),
        And(xs) | Or(xs) | Modal(_, _, xs) => xs.iter().map(count_literals).sum(),
        Imply(a, b) => count_literals(a) + count_literals(b),
        Error => 0,
    }
}
