//! Writing to stdout and stderr without ever panicking (`println!` panics on a closed pipe).

use crate::Fatal;
use std::io::{self, Write};

/// Writes `text` to stdout through a locked handle. A closed pipe (`certplan ... | head`) is not a
/// failure: the reader took what it wanted, so the rest is dropped and the run's status stands.
pub fn print(text: &str) -> Result<(), Fatal> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(Fatal(format!("cannot write to stdout: {e}"))),
        _ => Ok(()),
    }
}

/// Writes `text` to stderr. Errors are ignored: stderr is where errors would be reported.
pub fn eprint(text: &str) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}
