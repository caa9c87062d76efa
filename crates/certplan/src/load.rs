//! Reading input files into the [`SourceMap`]. An unreadable path is a usage error ([`Fatal`]);
//! a file that is too large or not UTF-8 is a diagnostic like any other problem with the input.

use crate::Fatal;
use pddl::diagnostic::codes;
use pddl::{Diagnostic, FileId, Parse, SourceMap, Span};
use std::fs::File;
use std::io::Read;
use std::path::Path;

/// The largest file certplan reads. Far above any IPC benchmark (the largest are a few MiB), low
/// enough that a wrong path (a disk image, a log) is refused before it is read into memory.
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// A file now in the source map.
#[derive(Clone, Copy, Debug)]
pub enum Loaded {
    /// The text (lossily decoded if it was not UTF-8) is in the source map, ready to parse.
    Text(FileId),
    /// The file was over [`MAX_FILE_BYTES`]. It is in the map with empty text, so that the
    /// diagnostic can name it, and must not be parsed.
    TooLarge,
}

/// Loads `path`, pushing a diagnostic for a too-large or non-UTF-8 file.
pub fn load(path: &Path, sources: &mut SourceMap, diags: &mut Vec<Diagnostic>) -> Result<Loaded, Fatal> {
    let name = path.display().to_string();
    let fatal = |e: std::io::Error| Fatal(format!("cannot read `{name}`: {e}"));
    let file = File::open(path).map_err(fatal)?;
    // The size comes from the open handle, so it describes the file that is read below.
    let size = file.metadata().map_err(fatal)?.len();
    if size > MAX_FILE_BYTES {
        return Ok(too_large(&name, size, sources, diags));
    }
    // `take` also bounds files whose metadata lies about their size (/dev/zero, a growing log).
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(fatal)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Ok(too_large(&name, bytes.len() as u64, sources, diags));
    }
    let (text, bad_byte) = pddl::span::decode(bytes);
    let id = sources.add(name, text);
    if let Some(at) = bad_byte {
        // `decode` replaced the bad sequence with U+FFFD, which now starts at `at`.
        let span = Span::new(at, at + char::REPLACEMENT_CHARACTER.len_utf8());
        diags.push(
            Diagnostic::error(codes::INVALID_UTF8, id, span, format!("invalid UTF-8 at byte {at}"))
                .with_help("PDDL files must be UTF-8 (or plain ASCII) text; is this the right file?"),
        );
    }
    Ok(Loaded::Text(id))
}

fn too_large(name: &str, size: u64, sources: &mut SourceMap, diags: &mut Vec<Diagnostic>) -> Loaded {
    let id = sources.add(name, String::new());
    diags.push(Diagnostic::error(
        codes::TOO_LARGE,
        id,
        Span::new(0, 0),
        format!("the file is {size} bytes; certplan reads files of at most 256 MiB"),
    ));
    Loaded::TooLarge
}

/// Parses a loaded file, collecting its diagnostics; a file too large to read is not parsed.
pub fn parse<T>(
    sources: &SourceMap,
    loaded: Loaded,
    parse: fn(&str, FileId) -> Parse<T>,
    diags: &mut Vec<Diagnostic>,
) -> Option<(T, FileId)> {
    let Loaded::Text(id) = loaded else {
        return None;
    };
    let result = parse(&sources.get(id).text, id);
    diags.extend(result.diagnostics);
    result.value.map(|v| (v, id))
}

/// Reads a file that is not PDDL (Fast Downward's `output.sas`) as text, within the same size
/// limit; invalid UTF-8 is replaced (the format is ASCII, so the reader reports it in place).
pub fn read_text(path: &Path) -> Result<String, Fatal> {
    let name = path.display();
    let fatal = |e: std::io::Error| Fatal(format!("cannot read `{name}`: {e}"));
    let file = File::open(path).map_err(fatal)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(fatal)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Fatal(format!("`{name}` is larger than 256 MiB, the most certplan reads")));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
