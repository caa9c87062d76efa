//! Fuzz target: the PDDL domain/problem parser and the printer round trip.
//!
//! Any byte string is decoded the way the CLI reads files (`pddl::span::decode`, lossy UTF-8)
//! and parsed. The parser must never panic, overflow the stack or hang. When the parse has no
//! errors, the tree is printed with `definition_to_string`, reparsed, and the reparse must have no
//! errors and compare equal to the first tree (AST equality ignores spans and name case), i.e.
//! `parse(print(t)) == t`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pddl::printer::definition_to_string;
use pddl::{FileId, parse_definition};

fuzz_target!(|data: &[u8]| {
    let (src, _bad_utf8_at) = pddl::span::decode(data.to_vec());
    let first = parse_definition(&src, FileId(0));
    if first.has_errors() {
        return;
    }
    let Some(tree) = first.value else {
        // No errors must mean a tree.
        panic!("parse_definition: no errors but no value");
    };
    let printed = definition_to_string(&tree);
    let second = parse_definition(&printed, FileId(0));
    if second.has_errors() {
        panic!(
            "round trip: the printed tree does not reparse cleanly\n--- printed ---\n{printed}\n--- diagnostics ---\n{:#?}",
            second.diagnostics
        );
    }
    let Some(again) = second.value else {
        panic!("round trip: reparse has no errors but no value\n--- printed ---\n{printed}");
    };
    if again != tree {
        panic!(
            "round trip: parse(print(t)) != t\n--- input ---\n{src}\n--- printed ---\n{printed}\n--- reprinted ---\n{}",
            definition_to_string(&again)
        );
    }
});
