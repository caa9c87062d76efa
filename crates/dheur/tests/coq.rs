//! The Coq side, checked by coqc: the shared admissibility theorem (closed `Print Assumptions`,
//! accepted by the proof auditor against its expected statement) and the heuristics as printed
//! from their sources (they must type-check: they are the functions proofs are about).

use std::path::Path;
use std::process::Command;

const LIBRARY: &str = include_str!("../proofs/Admissible.v");

/// The statement the shared theorem must keep (the auditor compares it up to whitespace).
const STATEMENT: &str = "Theorem admissible_on_reachable :
  forall (State Op : Type) (step : State -> Op -> State -> Prop) (cost : Op -> nat)
    (is_goal : State -> Prop) (init : State) (h : State -> option nat),
  goal_aware State Op step init is_goal h -> consistent State Op step cost init h ->
  forall s c, reachable State Op step init s -> plan State Op step cost is_goal s c -> le_opt (h s) c.";

fn coqc(dir: &Path, file: &str) -> (bool, String) {
    let out = Command::new("coqc").arg(file).current_dir(dir).output().expect("coqc runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

#[test]
fn the_shared_theorem_passes_the_auditor() {
    let v = proof::audit::audit(proof::Backend::Coq, LIBRARY, STATEMENT, &[]);
    assert!(v.is_empty(), "{v:?}");
}

#[test]
fn the_shared_theorem_is_checked_by_coqc_without_assumptions() {
    if !corpus::require_program("the_shared_theorem_is_checked_by_coqc_without_assumptions", "coqc") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("dheur-coq-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Admissible.v"), LIBRARY).unwrap();
    let (ok, text) = coqc(&dir, "Admissible.v");
    assert!(ok, "{text}");
    assert!(text.contains("Closed under the global context"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_printed_heuristics_type_check_in_coq() {
    if !corpus::require_program("the_printed_heuristics_type_check_in_coq", "coqc") {
        return;
    }
    let dir = std::env::temp_dir().join(format!("dheur-coq-defs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Heuristics.v"), dheur::coq::file(dheur::definitions())).unwrap();
    let (ok, text) = coqc(&dir, "Heuristics.v");
    assert!(ok, "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
