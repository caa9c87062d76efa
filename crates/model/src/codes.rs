//! Semantic diagnostic codes (E01xx errors, W01xx warnings). Never renumber: tools key on these.

pub use pddl::Code;
