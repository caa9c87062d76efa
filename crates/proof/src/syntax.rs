//! Pieces of term syntax that the Coq and Lean printers write the same way.

use crate::convert::ActionIr;

/// ` ?a ?b`: an action's parameters as arguments of an application.
pub(crate) fn params_use(a: &ActionIr) -> String {
    a.params.iter().map(|(_, v)| format!(" {v}")).collect()
}

/// `x0 x1 ...` binders of a Figure 5 function.
pub(crate) fn xs(arity: usize) -> Vec<String> {
    (0..arity).map(|i| format!("x{i}")).collect()
}

/// `fun x0 x1 => `, or nothing for a constant.
pub(crate) fn fun_prefix(arity: usize) -> String {
    if arity == 0 { String::new() } else { format!("fun {} => ", xs(arity).join(" ")) }
}
