//! `certplan`: the command-line front door. Argument parsing and dispatch only; the work is done by
//! the library crates, and each subcommand's glue lives in its own module.
//!
//! Exit status, which scripts may rely on:
//!
//! - `0`: fine. `check`: no errors (warnings allowed). `fmt`: formatted, or already canonical.
//! - `1`: the input has errors (syntax or semantic), or `fmt --check` found a file that is not in
//!   canonical form, or `fmt --write` refused to drop comments.
//! - `2`: usage error: bad flags (clap's own status), or a path that cannot be read or written.

mod check;
mod fmt;
mod load;
mod output;
mod stdio;

use clap::{Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "certplan",
    version,
    about = "Check, format and (soon) plan with PDDL"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print no summary, tally or progress note; diagnostics and requested output still appear.
    #[arg(long, short, global = true)]
    quiet: bool,
    /// Color diagnostics: `auto` colors when stderr is a terminal and NO_COLOR is unset.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    color: ColorChoice,
}

#[derive(Subcommand)]
enum Command {
    /// Check a domain, optionally a problem of it, optionally a plan for that problem.
    Check(check::CheckArgs),
    /// Print a domain, problem or plan file in canonical form.
    Fmt(fmt::FmtArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Options every subcommand honours, resolved once.
pub struct Ui {
    pub quiet: bool,
    /// Whether diagnostics on stderr carry ANSI colors.
    pub color: bool,
}

/// How a run that read its input ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Fine,
    InputErrors,
}

/// A failure that is about the invocation or the file system rather than the input's content
/// (exit status 2). The message names the path and the OS reason.
#[derive(Debug)]
pub struct Fatal(pub String);

fn main() -> ExitCode {
    // clap exits with status 2 on bad flags, and 0 for --help and --version.
    let cli = Cli::parse();
    let color = match cli.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
        }
    };
    let ui = Ui {
        quiet: cli.quiet,
        color,
    };
    let result = match &cli.command {
        Command::Check(args) => check::run(args, &ui),
        Command::Fmt(args) => fmt::run(args, &ui),
    };
    match result {
        Ok(Outcome::Fine) => ExitCode::SUCCESS,
        Ok(Outcome::InputErrors) => ExitCode::from(1),
        Err(Fatal(message)) => {
            stdio::eprint(&format!("certplan: {message}\n"));
            ExitCode::from(2)
        }
    }
}
