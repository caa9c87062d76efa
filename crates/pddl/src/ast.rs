//! The PDDL syntax tree: lossless in content (every construct of PDDL 3.1 as used in the IPC
//! suites has a node), with a [`Span`] on every node. Names keep the case they were written in;
//! [`Name`] compares case-insensitively, as PDDL does. Nothing here is resolved: `model` does that.

use crate::span::Span;
use compact_str::CompactString;
use serde::Serialize;

/// Name text. Names up to 24 bytes (nearly all of them) live inline, so a large problem file
/// does not cost one allocation per name.
pub type Text = CompactString;

/// A name as written (`Robby`, `at-robby`, `=`). Equality ignores ASCII case, as PDDL does.
#[derive(Clone, Debug, Serialize)]
pub struct Name {
    pub text: Text,
    pub span: Span,
}

impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        self.text.eq_ignore_ascii_case(&other.text)
    }
}
impl Eq for Name {}

impl Name {
    pub fn new(text: &str, span: Span) -> Name {
        Name { text: text.into(), span }
    }
    /// True when this name is `s` up to ASCII case.
    pub fn is(&self, s: &str) -> bool {
        self.text.eq_ignore_ascii_case(s)
    }
    /// The lowercased name: the identity of the name in PDDL.
    pub fn key(&self) -> String {
        self.text.as_str().to_ascii_lowercase()
    }
}

/// A variable `?x`; `name` is stored without the `?`.
#[derive(Clone, Debug, Serialize)]
pub struct Variable {
    pub name: Text,
    pub span: Span,
}

impl PartialEq for Variable {
    fn eq(&self, other: &Variable) -> bool {
        self.name.eq_ignore_ascii_case(&other.name)
    }
}
impl Eq for Variable {}

impl Variable {
    pub fn is(&self, s: &str) -> bool {
        self.name.eq_ignore_ascii_case(s)
    }
    pub fn key(&self) -> String {
        self.name.as_str().to_ascii_lowercase()
    }
}

/// A type in a typed list: `- t` or `- (either t u)`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Type {
    Name(Name),
    Either(Vec<Name>, Span),
}

impl Type {
    pub fn span(&self) -> Span {
        match self {
            Type::Name(n) => n.span,
            Type::Either(_, s) => *s,
        }
    }
    /// The names this type admits (one, or the members of an `either`).
    pub fn names(&self) -> &[Name] {
        match self {
            Type::Name(n) => std::slice::from_ref(n),
            Type::Either(ns, _) => ns,
        }
    }
}

/// One element of a typed list: `x - t`. `ty` is `None` where no type was written (PDDL's
/// `object` for objects and variables; a root type in `:types`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Typed<T> {
    pub item: T,
    pub ty: Option<Type>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Term {
    Name(Name),
    Variable(Variable),
    /// A function term, with `:object-fluents`.
    Function(FunctionTerm),
}

impl Term {
    pub fn span(&self) -> Span {
        match self {
            Term::Name(n) => n.span,
            Term::Variable(v) => v.span,
            Term::Function(f) => f.span,
        }
    }
}

/// `(p t1 ... tn)`. Equality `(= t1 t2)` is an atom whose predicate is `=`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Atom {
    pub predicate: Name,
    pub args: Vec<Term>,
    pub span: Span,
}

/// `(f t1 ... tn)` or a bare 0-ary `f` where PDDL allows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FunctionTerm {
    pub function: Name,
    pub args: Vec<Term>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl BinaryOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
        }
    }
}

/// A numeric expression (or, with `:object-fluents`, an object-valued one).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Expr {
    Number(f64, Span),
    Function(FunctionTerm),
    /// A variable: `?duration`, or an object variable assigned to an object fluent.
    Variable(Variable),
    /// An object name, as the value of an object fluent.
    Object(Name),
    /// `(op e1 e2 ...)`: `+` and `*` may take more than two arguments in PDDL 3.1.
    Binary(BinaryOp, Vec<Expr>, Span),
    /// Unary minus `(- e)`.
    Negate(Box<Expr>, Span),
    /// `#t` in continuous effects.
    ContinuousTime(Span),
    /// `total-time` in a metric.
    TotalTime(Span),
    /// `(is-violated pref)` in a metric.
    IsViolated(Name, Span),
    /// `undefined` as an assigned value.
    Undefined(Span),
    /// A malformed expression that was reported.
    Error(Span),
}

impl Expr {
    pub fn span(&self) -> Span {
        match self {
            Expr::Number(_, s)
            | Expr::Binary(_, _, s)
            | Expr::Negate(_, s)
            | Expr::ContinuousTime(s)
            | Expr::TotalTime(s)
            | Expr::IsViolated(_, s)
            | Expr::Undefined(s)
            | Expr::Error(s) => *s,
            Expr::Function(f) => f.span,
            Expr::Variable(v) => v.span,
            Expr::Object(n) => n.span,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Comparison {
    Lt,
    Le,
    Eq,
    Ge,
    Gt,
}

impl Comparison {
    pub fn symbol(self) -> &'static str {
        match self {
            Comparison::Lt => "<",
            Comparison::Le => "<=",
            Comparison::Eq => "=",
            Comparison::Ge => ">=",
            Comparison::Gt => ">",
        }
    }
    pub fn from_symbol(s: &str) -> Option<Comparison> {
        Some(match s {
            "<" => Comparison::Lt,
            "<=" => Comparison::Le,
            "=" => Comparison::Eq,
            ">=" => Comparison::Ge,
            ">" => Comparison::Gt,
            _ => return None,
        })
    }
}

/// `at start`, `at end`, `over all` of durative actions (and `at end` in PDDL3 constraints).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TimeSpec {
    AtStart,
    AtEnd,
    OverAll,
}

impl TimeSpec {
    pub fn keyword(self) -> &'static str {
        match self {
            TimeSpec::AtStart => "at start",
            TimeSpec::AtEnd => "at end",
            TimeSpec::OverAll => "over all",
        }
    }
}

/// The PDDL3 modal operators of `:constraints` (other than `at end`, which is [`GdKind::Timed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Modal {
    Always,
    Sometime,
    Within,
    AtMostOnce,
    SometimeAfter,
    SometimeBefore,
    AlwaysWithin,
    HoldDuring,
    HoldAfter,
}

impl Modal {
    pub const ALL: [Modal; 9] = [
        Modal::Always,
        Modal::Sometime,
        Modal::Within,
        Modal::AtMostOnce,
        Modal::SometimeAfter,
        Modal::SometimeBefore,
        Modal::AlwaysWithin,
        Modal::HoldDuring,
        Modal::HoldAfter,
    ];
    pub fn keyword(self) -> &'static str {
        match self {
            Modal::Always => "always",
            Modal::Sometime => "sometime",
            Modal::Within => "within",
            Modal::AtMostOnce => "at-most-once",
            Modal::SometimeAfter => "sometime-after",
            Modal::SometimeBefore => "sometime-before",
            Modal::AlwaysWithin => "always-within",
            Modal::HoldDuring => "hold-during",
            Modal::HoldAfter => "hold-after",
        }
    }
    /// How many numbers, then how many goal descriptions, the operator takes.
    pub fn arity(self) -> (usize, usize) {
        match self {
            Modal::Always | Modal::Sometime | Modal::AtMostOnce => (0, 1),
            Modal::Within | Modal::HoldAfter => (1, 1),
            Modal::SometimeAfter | Modal::SometimeBefore => (0, 2),
            Modal::AlwaysWithin => (1, 2),
            Modal::HoldDuring => (2, 1),
        }
    }
}

/// A goal description: preconditions, goals, conditions of `when`, durative conditions, derived
/// predicate bodies and PDDL3 constraints all use this one type.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Gd {
    pub kind: GdKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum GdKind {
    Atom(Atom),
    Not(Box<Gd>),
    And(Vec<Gd>),
    Or(Vec<Gd>),
    Imply(Box<Gd>, Box<Gd>),
    Exists(Vec<Typed<Variable>>, Box<Gd>),
    Forall(Vec<Typed<Variable>>, Box<Gd>),
    Compare(Comparison, Expr, Expr),
    /// `(preference [name] gd)`.
    Preference(Option<Name>, Box<Gd>),
    Timed(TimeSpec, Box<Gd>),
    /// A PDDL3 modal constraint with its numeric arguments and its goal descriptions.
    Modal(Modal, Vec<f64>, Vec<Gd>),
    /// A malformed part that was reported; kept so the rest of the tree is still there.
    Error,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AssignOp {
    Assign,
    Increase,
    Decrease,
    ScaleUp,
    ScaleDown,
}

impl AssignOp {
    pub const ALL: [AssignOp; 5] =
        [AssignOp::Assign, AssignOp::Increase, AssignOp::Decrease, AssignOp::ScaleUp, AssignOp::ScaleDown];
    pub fn keyword(self) -> &'static str {
        match self {
            AssignOp::Assign => "assign",
            AssignOp::Increase => "increase",
            AssignOp::Decrease => "decrease",
            AssignOp::ScaleUp => "scale-up",
            AssignOp::ScaleDown => "scale-down",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Effect {
    pub kind: EffectKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum EffectKind {
    And(Vec<Effect>),
    Add(Atom),
    Delete(Atom),
    Forall(Vec<Typed<Variable>>, Box<Effect>),
    When(Gd, Box<Effect>),
    Assign(AssignOp, FunctionTerm, Expr),
    Timed(TimeSpec, Box<Effect>),
    Error,
}

/// `(p ?x - t ...)` in `:predicates`, and the head of a derived predicate.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PredicateDecl {
    pub name: Name,
    pub parameters: Vec<Typed<Variable>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum FunctionType {
    /// No type written: `number` by PDDL 3.1's default.
    Default,
    Number(Span),
    Object(Type),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FunctionDecl {
    pub name: Name,
    pub parameters: Vec<Typed<Variable>>,
    pub ty: FunctionType,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Action {
    pub name: Name,
    pub parameters: Vec<Typed<Variable>>,
    pub precondition: Option<Gd>,
    pub effect: Option<Effect>,
    pub span: Span,
}

/// `(op ?duration value)`, optionally under `at start` / `at end` (PDDL 2.1 level 4 syntax).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum DurationConstraint {
    And(Vec<DurationConstraint>, Span),
    Compare { time: Option<TimeSpec>, op: Comparison, value: Expr, span: Span },
    Error(Span),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DurativeAction {
    pub name: Name,
    pub parameters: Vec<Typed<Variable>>,
    pub duration: Option<DurationConstraint>,
    pub condition: Option<Gd>,
    pub effect: Option<Effect>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DerivedPredicate {
    pub head: PredicateDecl,
    pub body: Gd,
    pub span: Span,
}

/// A requirement flag as written, e.g. `:typing`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Requirement {
    pub name: Name,
}

impl Requirement {
    pub fn kind(&self) -> Option<RequirementKind> {
        RequirementKind::from_keyword(&self.name.text)
    }
}

/// Every requirement flag of PDDL 1.2 to 3.1 that IPC files use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum RequirementKind {
    Strips,
    Typing,
    NegativePreconditions,
    DisjunctivePreconditions,
    Equality,
    ExistentialPreconditions,
    UniversalPreconditions,
    QuantifiedPreconditions,
    ConditionalEffects,
    Fluents,
    NumericFluents,
    ObjectFluents,
    Adl,
    DurativeActions,
    DurationInequalities,
    ContinuousEffects,
    DerivedPredicates,
    TimedInitialLiterals,
    Preferences,
    Constraints,
    ActionCosts,
    /// PDDL 1.2 flags that IPC-era files still declare.
    DomainAxioms,
    ActionExpansions,
    ForeachExpansions,
    DagExpansions,
    SubgoalsThroughAxioms,
    SafetyConstraints,
    ExpressionEvaluation,
    OpenWorld,
    TrueNegation,
    Ucpop,
    Time,
}

impl RequirementKind {
    pub const ALL: [RequirementKind; 32] = [
        RequirementKind::Strips,
        RequirementKind::Typing,
        RequirementKind::NegativePreconditions,
        RequirementKind::DisjunctivePreconditions,
        RequirementKind::Equality,
        RequirementKind::ExistentialPreconditions,
        RequirementKind::UniversalPreconditions,
        RequirementKind::QuantifiedPreconditions,
        RequirementKind::ConditionalEffects,
        RequirementKind::Fluents,
        RequirementKind::NumericFluents,
        RequirementKind::ObjectFluents,
        RequirementKind::Adl,
        RequirementKind::DurativeActions,
        RequirementKind::DurationInequalities,
        RequirementKind::ContinuousEffects,
        RequirementKind::DerivedPredicates,
        RequirementKind::TimedInitialLiterals,
        RequirementKind::Preferences,
        RequirementKind::Constraints,
        RequirementKind::ActionCosts,
        RequirementKind::DomainAxioms,
        RequirementKind::ActionExpansions,
        RequirementKind::ForeachExpansions,
        RequirementKind::DagExpansions,
        RequirementKind::SubgoalsThroughAxioms,
        RequirementKind::SafetyConstraints,
        RequirementKind::ExpressionEvaluation,
        RequirementKind::OpenWorld,
        RequirementKind::TrueNegation,
        RequirementKind::Ucpop,
        RequirementKind::Time,
    ];

    pub fn keyword(self) -> &'static str {
        use RequirementKind::*;
        match self {
            Strips => ":strips",
            Typing => ":typing",
            NegativePreconditions => ":negative-preconditions",
            DisjunctivePreconditions => ":disjunctive-preconditions",
            Equality => ":equality",
            ExistentialPreconditions => ":existential-preconditions",
            UniversalPreconditions => ":universal-preconditions",
            QuantifiedPreconditions => ":quantified-preconditions",
            ConditionalEffects => ":conditional-effects",
            Fluents => ":fluents",
            NumericFluents => ":numeric-fluents",
            ObjectFluents => ":object-fluents",
            Adl => ":adl",
            DurativeActions => ":durative-actions",
            DurationInequalities => ":duration-inequalities",
            ContinuousEffects => ":continuous-effects",
            DerivedPredicates => ":derived-predicates",
            TimedInitialLiterals => ":timed-initial-literals",
            Preferences => ":preferences",
            Constraints => ":constraints",
            ActionCosts => ":action-costs",
            DomainAxioms => ":domain-axioms",
            ActionExpansions => ":action-expansions",
            ForeachExpansions => ":foreach-expansions",
            DagExpansions => ":dag-expansions",
            SubgoalsThroughAxioms => ":subgoals-through-axioms",
            SafetyConstraints => ":safety-constraints",
            ExpressionEvaluation => ":expression-evaluation",
            OpenWorld => ":open-world",
            TrueNegation => ":true-negation",
            Ucpop => ":ucpop",
            Time => ":time",
        }
    }

    pub fn from_keyword(s: &str) -> Option<RequirementKind> {
        RequirementKind::ALL.into_iter().find(|r| r.keyword().eq_ignore_ascii_case(s))
    }

    /// The flags this one implies, as the PDDL 3.1 BNF defines them (`:adl`, `:fluents`,
    /// `:quantified-preconditions`, `:timed-initial-literals`).
    pub fn implies(self) -> &'static [RequirementKind] {
        use RequirementKind::*;
        match self {
            Adl => &[
                Strips,
                Typing,
                NegativePreconditions,
                DisjunctivePreconditions,
                Equality,
                ExistentialPreconditions,
                UniversalPreconditions,
                QuantifiedPreconditions,
                ConditionalEffects,
            ],
            QuantifiedPreconditions => &[ExistentialPreconditions, UniversalPreconditions],
            Fluents => &[NumericFluents, ObjectFluents],
            TimedInitialLiterals => &[DurativeActions],
            Ucpop => &[Adl, DomainAxioms, SafetyConstraints],
            _ => &[],
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Domain {
    pub name: Name,
    pub requirements: Vec<Requirement>,
    /// `:types`: each type with its declared supertype(s).
    pub types: Vec<Typed<Name>>,
    pub constants: Vec<Typed<Name>>,
    pub predicates: Vec<PredicateDecl>,
    pub functions: Vec<FunctionDecl>,
    pub constraints: Option<Gd>,
    pub actions: Vec<Action>,
    pub durative_actions: Vec<DurativeAction>,
    pub derived: Vec<DerivedPredicate>,
    pub span: Span,
}

/// One element of `:init`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum InitElement {
    Atom(Atom),
    /// `(not (p ...))`: allowed and meaningless under the closed world; kept for fidelity.
    NotAtom(Atom, Span),
    /// `(= (f a b) value)`: a numeric (or, with object fluents, object) initial value.
    Assign(FunctionTerm, Expr, Span),
    /// `(at 10 literal)`: a timed initial literal.
    At(f64, Box<InitElement>, Span),
}

impl InitElement {
    pub fn span(&self) -> Span {
        match self {
            InitElement::Atom(a) => a.span,
            InitElement::NotAtom(_, s) | InitElement::Assign(_, _, s) | InitElement::At(_, _, s) => *s,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Optimization {
    Minimize,
    Maximize,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Metric {
    pub optimization: Optimization,
    pub expr: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Problem {
    pub name: Name,
    pub domain: Name,
    pub requirements: Vec<Requirement>,
    pub objects: Vec<Typed<Name>>,
    pub init: Vec<InitElement>,
    pub goal: Option<Gd>,
    pub constraints: Option<Gd>,
    pub metric: Option<Metric>,
    pub span: Span,
}

/// What a PDDL file defines.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Definition {
    Domain(Domain),
    Problem(Problem),
}

/// A `;` comment, kept beside the tree rather than in it: comments have no meaning in PDDL, and
/// keeping them out of the nodes leaves every consumer of the AST (and every `==` on it) unaware of
/// them. Only the printer (`certplan fmt`) puts them back; see [`crate::lexer::comments`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comment {
    /// The text from `;` to the end of its line, trailing whitespace (and `\r`) removed.
    pub text: String,
    /// The `;` up to the end of the text.
    pub span: Span,
    /// True when code stands before the comment on its line (`(at ?x) ; the robot`); false for a
    /// comment on a line of its own.
    pub trailing: bool,
}
