//! The worked completeness proofs: each passes paper 000's checks against cheating and rebuilds
//! from scratch under coqc with no axiom (`Print Assumptions` closed), and cheating variants of
//! them are rejected: `Admitted`, a changed statement, an extra axiom, a redefined validity
//! predicate. The rebuild needs coqc: SKIPPED without it, FAILS under CI=true.

fn heavy() -> (&'static gp::worked::Worked, proof::convert::DomainIr, gp::spec::Spec) {
    let w = gp::worked::find("heavy").expect("heavy");
    let d = domains::find("heavy").expect("heavy");
    let (ir, _) = gp::run::convert(d.pddl, &[]).expect("convert");
    (w, ir, gp::spec::spec("heavy").expect("spec"))
}

#[test]
fn worked_proofs_are_accepted() {
    if !corpus::require_program("worked_proofs_are_accepted", "coqc") {
        return;
    }
    let mut proved = 0;
    for w in gp::worked::WORKED.iter().filter(|w| w.proved) {
        let d = domains::find(w.domain).expect("library domain");
        let (ir, _) = gp::run::convert(d.pddl, &[]).expect("convert");
        let spec = gp::spec::spec(w.domain).expect("spec");
        let v = gp::proofs::audit(&ir, &spec, w.text, true);
        assert!(v.accepted(), "{}: {}", w.file, v.to_text());
        proved += 1;
    }
    assert!(proved >= 1, "no worked proof");
}

#[test]
fn cheating_variants_are_rejected() {
    let (w, ir, spec) = heavy();
    let honest = gp::proofs::audit(&ir, &spec, w.text, false);
    assert!(honest.violations.is_empty(), "{}", honest.to_text());
    let stmt = "Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :";
    assert!(w.text.contains(stmt), "test setup: the statement is not in the file");
    let last_qed = w.text.rfind("Qed.").expect("Qed");
    let admitted = format!("{}Admitted.{}", &w.text[..last_qed], &w.text[last_qed + 4..]);
    let weaker = w.text.replace(
        stmt,
        "Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) (hno : False) :",
    );
    let axiom = w.text.replace(stmt, &format!("Axiom cheat : forall P : Prop, P.\n{stmt}"));
    let redefined = w.text.replace(stmt, &format!("Definition ValidInit (s : State) : Prop := False.\n{stmt}"));
    // The theorem holds of the honest `solve`, then a module makes an empty `solve` the visible
    // name: the one `gp run` would evaluate.
    let swapped = format!(
        "{}\nModule Swap.\nDefinition solve (s : State) (g : Goal) : list PlanAction := [].\nEnd Swap.\nExport Swap.\n",
        w.text
    );
    let foreign = w
        .text
        .replace("From Certplan Require Import", "From Cheats Require Import Lemmas.\nFrom Certplan Require Import");
    for (why, text, rule) in [
        ("Admitted", admitted, "no-admit"),
        ("a changed statement", weaker, "expected-statement"),
        ("an axiom", axiom, "no-axiom"),
        ("a redefinition", redefined, "no-redefinition"),
        ("a solve swapped through a module", swapped, "no-module"),
        ("a foreign library", foreign, "no-foreign-require"),
    ] {
        assert_ne!(text, w.text, "test setup: {why} not applied");
        let v = gp::proofs::audit(&ir, &spec, &text, false);
        assert!(
            v.violations.iter().any(|(r, _, _)| r == rule),
            "a proof with {why} was not caught by {rule}: {}",
            v.to_text()
        );
        assert!(!v.accepted());
    }
}

/// An axiom that the static audit cannot see by name still shows in the rebuild's axiom report.
#[test]
fn rebuild_reports_axioms() {
    if !corpus::require_program("rebuild_reports_axioms", "coqc") {
        return;
    }
    let (w, ir, spec) = heavy();
    let last_qed = w.text.rfind("Qed.").expect("Qed");
    // `Admitted` turns the theorem into an axiom: the rebuild must not call it clean.
    let admitted = format!("{}Admitted.{}", &w.text[..last_qed], &w.text[last_qed + 4..]);
    let v = gp::proofs::audit(&ir, &spec, &admitted, true);
    assert_ne!(v.rebuild, "clean", "{}", v.to_text());
}
