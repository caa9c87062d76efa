//! Limits checked by the planner itself, in its phases and between them. They stop a run with an
//! outcome and statistics; [`crate::process`] holds the hard caps that end the process.

use serde::Serialize;
use std::time::Instant;

/// A time and a memory bound for one run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop when this instant has passed.
    pub deadline: Option<Instant>,
    /// Stop when the process's resident memory exceeds this many bytes.
    pub memory_bytes: Option<u64>,
}

/// Which limit stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    Time,
    Memory,
}

impl Limits {
    /// The limit that is exceeded now, if any (time first: it is the cheaper check).
    pub fn exceeded(&self) -> Option<Limit> {
        if self.deadline.is_some_and(|d| Instant::now() > d) {
            return Some(Limit::Time);
        }
        if self.memory_bytes.is_some_and(|m| resident_bytes() > m) {
            return Some(Limit::Memory);
        }
        None
    }
}

/// Resident set size of this process (0 where /proc is unavailable).
pub fn resident_bytes() -> u64 {
    search::engine::rss_bytes()
}
