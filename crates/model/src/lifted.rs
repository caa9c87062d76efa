//! The lifted task: names resolved to ids, types resolved, conditions in negation normal form with
//! quantifiers kept explicit, effects flattened into (forall-variables, condition, literal) triples.
//!
//! This is the one form that the validator, the grounder and the proof exporter read, so PDDL's
//! semantics are decided here once: `imply` is `or`, negation is pushed to atoms and comparisons,
//! nested `forall`/`when` in effects become one variable list and one condition, and the
//! requirement closure (`:adl` implies `:typing`, ...) is expanded.

use crate::intern::Interner;
use crate::intern::Symbol;
use pddl::Span;
use pddl::ast::{AssignOp, BinaryOp, Comparison, Modal, Optimization, RequirementKind, TimeSpec};
use serde::Serialize;
use std::collections::BTreeSet;

macro_rules! id {
    ($($name:ident),*) => {$(
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        pub struct $name(pub u32);
        impl $name {
            pub fn index(self) -> usize { self.0 as usize }
        }
    )*};
}
id!(TypeId, ObjectId, PredicateId, FunctionId, VarId, ActionId);

/// `object`, the root of every type hierarchy, is always type 0.
pub const OBJECT: TypeId = TypeId(0);

#[derive(Clone, Debug, Serialize)]
pub struct TypeDef {
    pub name: Symbol,
    /// Direct supertypes (one, or several for `- (either ...)` in `:types`); empty for `object`.
    pub parents: Vec<TypeId>,
    pub span: Span,
}

/// A declared type of a parameter, object or argument: one type or an `either` of several.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TypeSpec(pub Vec<TypeId>);

#[derive(Clone, Debug, Serialize)]
pub struct Object {
    pub name: Symbol,
    /// The types the object was declared with; it belongs to each.
    pub ty: TypeSpec,
    /// A domain constant rather than a problem object.
    pub constant: bool,
    pub span: Span,
}

#[derive(Clone, Debug, Serialize)]
pub struct Param {
    pub name: Symbol,
    pub ty: TypeSpec,
    pub span: Span,
}

#[derive(Clone, Debug, Serialize)]
pub struct Predicate {
    pub name: Symbol,
    pub params: Vec<Param>,
    /// Defined by `:derived` rules rather than changed by actions.
    pub derived: bool,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum FunctionType {
    Number,
    Object(TypeSpec),
}

#[derive(Clone, Debug, Serialize)]
pub struct Function {
    pub name: Symbol,
    pub params: Vec<Param>,
    pub ty: FunctionType,
    pub span: Span,
}

/// An argument: a variable of the enclosing schema, or an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Arg {
    Var(VarId),
    Object(ObjectId),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Atom {
    pub predicate: PredicateId,
    pub args: Vec<Arg>,
}

/// A function application `(f a b)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Fluent {
    pub function: FunctionId,
    pub args: Vec<Arg>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Expr {
    Number(f64),
    Fluent(Fluent),
    /// An object-typed variable or `?duration`, by variable id.
    Var(VarId),
    /// An object, as the value of an object fluent.
    Object(ObjectId),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    Negate(Box<Expr>),
    /// `?duration` in a durative action.
    Duration,
    /// `#t`.
    ContinuousTime,
    TotalTime,
    IsViolated(Symbol),
    Undefined,
}

/// A condition in negation normal form. `Not` appears only on atoms and equalities; negated
/// comparisons are flipped (`not (< a b)` is `>= a b`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Condition {
    True,
    False,
    Atom {
        positive: bool,
        atom: Atom,
    },
    Equal {
        positive: bool,
        left: Arg,
        right: Arg,
    },
    Compare(Comparison, Expr, Expr),
    And(Vec<Condition>),
    Or(Vec<Condition>),
    Exists(Vec<VarId>, Box<Condition>),
    Forall(Vec<VarId>, Box<Condition>),
    /// A durative condition `at start`, `over all` or `at end`.
    Timed(TimeSpec, Box<Condition>),
    /// A PDDL3 preference, kept for stages that support preferences.
    Preference(Option<Symbol>, Box<Condition>),
    /// A PDDL3 trajectory constraint, kept for stages that support constraints.
    Modal(Modal, Vec<f64>, Vec<Condition>),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Literal {
    Add(Atom),
    Delete(Atom),
    Assign(AssignOp, Fluent, Expr),
}

/// One effect literal with everything that scopes it: `forall` variables (outermost first), the
/// conjunction of enclosing `when` conditions (`True` when unconditional) and, in durative actions,
/// when it happens.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Effect {
    pub forall: Vec<VarId>,
    pub condition: Condition,
    pub time: Option<TimeSpec>,
    pub literal: Literal,
}

/// An action schema, or a durative action (with `duration`, timed conditions and effects).
#[derive(Clone, Debug, Serialize)]
pub struct Action {
    pub name: Symbol,
    /// The first `parameters` entries of `variables` are the parameters; the rest are quantified
    /// variables of conditions and effects, each with a distinct id.
    pub parameters: usize,
    pub variables: Vec<Param>,
    pub precondition: Condition,
    pub effects: Vec<Effect>,
    /// Duration constraints `(op ?duration value)` with their timing, for durative actions.
    pub duration: Option<Vec<(Option<TimeSpec>, Comparison, Expr)>>,
    pub span: Span,
}

impl Action {
    pub fn is_durative(&self) -> bool {
        self.duration.is_some()
    }
    pub fn params(&self) -> &[Param] {
        &self.variables[..self.parameters]
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct DerivedRule {
    pub predicate: PredicateId,
    /// Head variables are the first `arity` entries of `variables`.
    pub variables: Vec<Param>,
    pub body: Condition,
    pub span: Span,
}

/// The domain part, shared by all its problems.
#[derive(Clone, Debug, Serialize)]
pub struct Domain {
    /// Every name of the domain (and, in a [`Task`], of the problem), lowercased.
    pub symbols: Interner,
    pub name: Symbol,
    /// Declared requirements with their implications expanded.
    pub requirements: BTreeSet<RequirementKind>,
    pub types: Vec<TypeDef>,
    /// For each type, all its supertypes including itself (reflexive, transitive).
    pub ancestors: Vec<Vec<TypeId>>,
    pub predicates: Vec<Predicate>,
    pub functions: Vec<Function>,
    /// Domain constants are the first objects of every task.
    pub constants: Vec<Object>,
    pub actions: Vec<Action>,
    pub derived: Vec<DerivedRule>,
    pub constraints: Option<Condition>,
}

impl Domain {
    pub fn is_subtype(&self, sub: TypeId, sup: TypeId) -> bool {
        self.ancestors[sub.index()].contains(&sup)
    }
    /// True when every type of `sub` is a subtype of some type of `sup`.
    pub fn spec_within(&self, sub: &TypeSpec, sup: &TypeSpec) -> bool {
        sub.0.iter().all(|&s| sup.0.iter().any(|&t| self.is_subtype(s, t)))
    }
    pub fn name(&self, s: Symbol) -> &str {
        self.symbols.name(s)
    }
    pub fn predicate_by_name(&self, name: Symbol) -> Option<PredicateId> {
        self.predicates.iter().position(|p| p.name == name).map(|i| PredicateId(i as u32))
    }
    pub fn action_by_name(&self, name: Symbol) -> Option<ActionId> {
        self.actions.iter().position(|a| a.name == name).map(|i| ActionId(i as u32))
    }
}

/// A ground atom or fluent of the initial state: arguments are objects.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct GroundAtom {
    pub predicate: PredicateId,
    pub args: Vec<ObjectId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct GroundFluent {
    pub function: FunctionId,
    pub args: Vec<ObjectId>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Value {
    Number(f64),
    Object(ObjectId),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TimedLiteral {
    pub time: f64,
    pub positive: bool,
    pub atom: GroundAtom,
}

#[derive(Clone, Debug, Serialize)]
pub struct Metric {
    pub optimization: Optimization,
    pub expr: Expr,
}

/// A domain with one problem: the unit that validation, grounding and export work on.
#[derive(Clone, Debug, Serialize)]
pub struct Task {
    pub domain: Domain,
    pub problem_name: Symbol,
    /// Domain constants first, then problem objects.
    pub objects: Vec<Object>,
    /// Initial atoms in file order, without duplicates (the closed world makes the rest false).
    pub init: Vec<GroundAtom>,
    pub init_values: Vec<(GroundFluent, Value)>,
    pub timed_literals: Vec<TimedLiteral>,
    pub goal: Condition,
    /// The variables quantified in `goal` (indexed by its `VarId`s), with their types.
    pub goal_variables: Vec<Param>,
    pub constraints: Option<Condition>,
    pub metric: Option<Metric>,
}

impl Task {
    /// True when one of the object's types is (a subtype of) one of `spec`'s types. An object
    /// belongs to every type it was declared with.
    pub fn object_has_type(&self, o: ObjectId, spec: &TypeSpec) -> bool {
        let types = &self.objects[o.index()].ty.0;
        types.iter().any(|&t| spec.0.iter().any(|&s| self.domain.is_subtype(t, s)))
    }
    /// The objects of a type, in object order: the domain of a parameter.
    pub fn objects_of(&self, spec: &TypeSpec) -> Vec<ObjectId> {
        (0..self.objects.len() as u32).map(ObjectId).filter(|&o| self.object_has_type(o, spec)).collect()
    }
}
