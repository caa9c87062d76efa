//! certplan lab: experiments over benchmark suites, as Downward Lab runs them for Fast Downward.
//!
//! An experiment file ([`experiment`]) names suites of tasks, configurations (certplan searches,
//! or external planners as command templates) and limits. [`runner::run`] runs every
//! (configuration, task, repetition) as its own process under kernel-enforced limits
//! ([`process`]), `--jobs` at a time, and appends one fsync'd JSON line per finished run to the
//! results file ([`results`]); a runner killed at any moment resumes without losing or repeating a
//! run. Shards (`--shard i/N`) split an experiment for a cluster; [`slurm`] writes the sbatch
//! job-array script and [`results::merge`] gathers the shards. [`table`] and [`figures`] turn a
//! results file into coverage and comparison tables (Markdown, CSV, LaTeX) and plots.

pub mod experiment;
pub mod figures;
pub mod process;
pub mod results;
pub mod runner;
pub mod slurm;
pub mod table;

pub use experiment::{Experiment, Shard};
pub use results::{Results, RunRecord, Status};

/// The git commit this crate was built from (`unknown` outside a git checkout).
pub const GIT_COMMIT: &str = env!("LAB_GIT_COMMIT");
