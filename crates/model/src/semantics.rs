//! The small pieces of PDDL's state-transition semantics that every consumer of the lifted task
//! (the validator, the grounder, the search) must decide the same way: arithmetic, comparisons
//! with undefined values, numeric assignment, and the order in which one action's effects apply.
//!
//! - Numbers are `f64`. A value that is not finite (overflow, `0/0`) is an error, never a value:
//!   PDDL 2.1 has no infinities, and a NaN would make every later comparison silently false.
//! - An undefined fluent has no value (`None`). Reading it is an error of the plan (PDDL 2.1 §4:
//!   the expression is undefined and the action is not applicable), never a crash and never 0.
//! - Delete-then-add: within one happening all deletes apply before all adds, so an action that
//!   adds and deletes the same atom leaves it true (PDDL 2.1 §6, as in FD and VAL).
//! - Simultaneous updates: every right-hand side and every effect condition is evaluated in the
//!   state *before* the happening; assignments then apply together.

use pddl::ast::{AssignOp, BinaryOp, Comparison};
use serde::Serialize;

/// Why a numeric expression or update has no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NumericError {
    /// An operand (or the target of `increase` and friends) is undefined.
    Undefined,
    /// Division by zero.
    DivisionByZero,
    /// The result overflowed (or is otherwise not a finite number).
    NotFinite,
}

impl NumericError {
    pub fn describe(self) -> &'static str {
        match self {
            NumericError::Undefined => "an undefined value is read",
            NumericError::DivisionByZero => "division by zero",
            NumericError::NotFinite => "the result is not a finite number",
        }
    }
}

fn finite(v: f64) -> Result<f64, NumericError> {
    if v.is_finite() { Ok(v) } else { Err(NumericError::NotFinite) }
}

/// `a op b`.
pub fn binary(op: BinaryOp, a: f64, b: f64) -> Result<f64, NumericError> {
    match op {
        BinaryOp::Add => finite(a + b),
        BinaryOp::Sub => finite(a - b),
        BinaryOp::Mul => finite(a * b),
        BinaryOp::Div if b == 0.0 => Err(NumericError::DivisionByZero),
        BinaryOp::Div => finite(a / b),
    }
}

/// `a op b` on defined values. Equality is exact: PDDL numbers in plans and problems are
/// decimal literals, and a tolerance here would make `=` non-transitive.
pub fn compare(op: Comparison, a: f64, b: f64) -> bool {
    match op {
        Comparison::Lt => a < b,
        Comparison::Le => a <= b,
        Comparison::Eq => a == b,
        Comparison::Ge => a >= b,
        Comparison::Gt => a > b,
    }
}

/// A comparison where either side may be undefined: `None` when one is, which a precondition or
/// goal must treat as *not satisfied* (and a validator should report as such).
pub fn compare_defined(op: Comparison, a: Option<f64>, b: Option<f64>) -> Option<bool> {
    Some(compare(op, a?, b?))
}

/// The new value of a fluent whose value is `current` after `(op fluent value)`. `assign` works on
/// an undefined fluent; the others read it and so need it defined.
pub fn apply_assign(op: AssignOp, current: Option<f64>, value: f64) -> Result<f64, NumericError> {
    if op == AssignOp::Assign {
        return finite(value);
    }
    let current = current.ok_or(NumericError::Undefined)?;
    match op {
        AssignOp::Assign => finite(value),
        AssignOp::Increase => finite(current + value),
        AssignOp::Decrease => finite(current - value),
        AssignOp::ScaleUp => finite(current * value),
        AssignOp::ScaleDown if value == 0.0 => Err(NumericError::DivisionByZero),
        AssignOp::ScaleDown => finite(current / value),
    }
}

/// Whether two updates of the same fluent in one happening commute, so that applying both is
/// well-defined: `increase` and `decrease` add up (their deltas are summed, each computed in the
/// pre-state). Any other pair (two `assign`s, `assign` with `increase`, ...) is a conflict; PDDL 2.1
/// leaves it undefined, and a validator must reject it rather than pick an order.
pub fn updates_commute(a: AssignOp, b: AssignOp) -> bool {
    matches!(a, AssignOp::Increase | AssignOp::Decrease) && matches!(b, AssignOp::Increase | AssignOp::Decrease)
}

/// The truth of an atom after a happening that did (or did not) delete and add it, given its truth
/// before: delete-then-add, so an add always wins.
pub fn atom_after(before: bool, deleted: bool, added: bool) -> bool {
    added || (before && !deleted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_wins_over_delete() {
        assert!(atom_after(true, true, true));
        assert!(atom_after(false, true, true));
        assert!(!atom_after(true, true, false));
        assert!(atom_after(true, false, false));
    }

    #[test]
    fn undefined_and_errors() {
        assert_eq!(apply_assign(AssignOp::Increase, None, 1.0), Err(NumericError::Undefined));
        assert_eq!(apply_assign(AssignOp::Assign, None, 1.0), Ok(1.0));
        assert_eq!(apply_assign(AssignOp::ScaleDown, Some(1.0), 0.0), Err(NumericError::DivisionByZero));
        assert_eq!(binary(BinaryOp::Div, 1.0, 0.0), Err(NumericError::DivisionByZero));
        assert_eq!(binary(BinaryOp::Mul, f64::MAX, 2.0), Err(NumericError::NotFinite));
        assert_eq!(compare_defined(Comparison::Lt, None, Some(1.0)), None);
        assert_eq!(compare_defined(Comparison::Lt, Some(0.0), Some(1.0)), Some(true));
        assert!(updates_commute(AssignOp::Increase, AssignOp::Decrease));
        assert!(!updates_commute(AssignOp::Assign, AssignOp::Increase));
    }
}
