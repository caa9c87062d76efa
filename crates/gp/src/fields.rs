//! Field names of a domain's export, resolved once: where a state function lives and its arity.

use crate::spec::Spec;
use proof::convert::{DomainIr, Part};

/// A field of the exported state.
#[derive(Clone, Copy, Debug)]
pub struct FieldInfo {
    pub index: usize,
    pub part: Part,
    pub arity: usize,
}

/// The field `name` of the export, or an error naming it.
pub fn field(d: &DomainIr, name: &str) -> Result<FieldInfo, String> {
    d.fns
        .iter()
        .position(|f| f.ident == name)
        .map(|index| FieldInfo { index, part: d.fns[index].part, arity: d.fns[index].arity })
        .ok_or_else(|| format!("the export of `{}` has no state function `{name}`", d.pddl))
}

/// Checks that every field a spec names exists in the export with a fitting part (goal fields
/// must be dynamic, since the export's goals are over the dynamic part only).
pub fn check(d: &DomainIr, spec: &Spec) -> Result<(), String> {
    for con in spec.state.iter().chain(&spec.init).chain(&spec.goal) {
        let mut names = Vec::new();
        con.expr.fields(&mut names);
        for n in names {
            field(d, n).map_err(|e| format!("{}: {e}", con.name))?;
        }
    }
    Ok(())
}
