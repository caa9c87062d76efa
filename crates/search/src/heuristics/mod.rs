//! One file per heuristic: each holds the heuristic's registry entry (`PLUGIN`: name,
//! parameters, properties and how to build it), listed in [`crate::plugins::HEURISTICS`].
//! The relaxed-task machinery they share lives in [`crate::heuristic`] and [`crate::lmcut`].

pub mod add;
pub mod blind;
pub mod ff;
pub mod goalcount;
pub mod hmax;
pub mod lmcount;
pub mod lmcut;
