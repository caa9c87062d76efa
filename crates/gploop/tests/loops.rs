//! The loops against `llm::testing::ScriptedServer`, which plays back candidates: the worked
//! heavy-pack `solve` and its completeness proof (crates/gp/coq/HeavySolve.v), a wrong `solve`,
//! and cheating proofs (`Admitted`, a changed statement, an extra axiom, a redefined validity
//! predicate). Each run must end in the right verdict, within the iteration limits, and a replay of
//! its transcript must reproduce it. coqc is needed: SKIPPED without it, FAILS under CI=true.

use gploop::{Domain, decls, generate, prove};
use llm::testing::{Reply, ScriptedServer};
use llm::{Session, Settings};
use std::path::PathBuf;

const MARK: &str = "(** * Completeness";
const STATEMENT: &str = "Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :";

/// The worked heavy-pack file cut into the `solve` part and the proof part.
fn heavy() -> (Domain, String, String) {
    let w = gp::worked::find("heavy").expect("worked heavy");
    let at = w.text.find(MARK).expect("the worked file has a completeness section");
    let d = Domain::load("heavy").expect("heavy loads");
    (d, w.text[..at].to_string(), w.text[at..].to_string())
}

fn session(server: &ScriptedServer, transcript: Option<&std::path::Path>) -> Session {
    let settings = Settings {
        base_url: Some(server.base_url()),
        model: Some("scripted".into()),
        max_retries: Some(0),
        backoff_s: Some(0.0),
        timeout_s: Some(30.0),
        ..Settings::default()
    };
    Session::live(settings.resolve().expect("config"), transcript, false).expect("session")
}

fn fenced(code: &str) -> String {
    format!("Here is the code.\n```coq\n{code}\n```\n")
}

fn needs_coqc(test: &str) -> bool {
    corpus::require_program(test, "coqc")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certplan-gploop-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The cheating variants of the honest proof part.
fn cheats(proof: &str) -> Vec<(&'static str, &'static str, String)> {
    let last_qed = proof.rfind("Qed.").expect("Qed");
    vec![
        ("Admitted", "no-admit", format!("{}Admitted.{}", &proof[..last_qed], &proof[last_qed + 4..])),
        (
            "a changed statement",
            "expected-statement",
            proof.replace(
                STATEMENT,
                &STATEMENT.replace("(hgoal : ValidGoal s g)", "(hgoal : ValidGoal s g) (hno : False)"),
            ),
        ),
        (
            "an extra axiom",
            "no-axiom",
            proof.replace(STATEMENT, &format!("Axiom cheat : forall P : Prop, P.\n{STATEMENT}")),
        ),
        (
            "a redefinition",
            "no-redefinition",
            proof.replace(STATEMENT, &format!("Definition ValidInit (s : State) : Prop := False.\n{STATEMENT}")),
        ),
        (
            "another solve",
            "no-redefinition",
            proof.replace(
                STATEMENT,
                &format!(
                    "Module Other.\nDefinition solve (s : State) (g : Goal) : list PlanAction := [].\nEnd Other.\n\
                     Import Other.\n{STATEMENT}"
                ),
            ),
        ),
    ]
}

#[test]
fn debug_iteration_fixes_a_wrong_solve_from_validator_feedback() {
    if !needs_coqc("debug_iteration_fixes_a_wrong_solve_from_validator_feedback") {
        return;
    }
    let (d, solve, _) = heavy();
    // A plausible bug: only the heaviest item is packed, nothing is stacked on it.
    let wrong = solve.replace("| x :: r => pack_first x :: stackAll x r", "| x :: r => [pack_first x]");
    assert_ne!(wrong, solve, "test setup: the bug was not introduced");
    let server = ScriptedServer::start(vec![Reply::content(&fenced(&wrong)), Reply::content(&fenced(&solve))]);
    let mut s = session(&server, None);
    let tasks = generate::debug_tasks("heavy").expect("debug set");
    let options = generate::Options { strategy: Some("Pack the heaviest item first.".into()), ..Default::default() };
    // Three of the six debugging tasks keep the test short; each has several items.
    let r = generate::run(&mut s, &d, &tasks[..3], &options).expect("loop runs");
    assert_eq!(r.interactions, 2, "{r:#?}");
    assert!(r.solve.is_some(), "the corrected solve was not accepted: {r:#?}");
    assert!(r.attempts[0].valid < r.attempts[0].tasks, "the wrong solve passed: {r:#?}");
    assert_eq!(r.attempts[1].valid, 3);
    let requests = server.requests();
    assert_eq!(requests.len(), 2);
    assert!(requests[0].last_user().contains("Pack the heaviest item first."), "the strategy is not in the prompt");
    assert!(requests[0].last_user().contains("Inductive PlanAction") || requests[0].last_user().contains("PlanAction"));
    // The debug request carries the validator's verdict on the failing tasks.
    let debug = requests[1].last_user();
    assert!(debug.contains("goal not reached"), "no validator feedback in the debug request:\n{debug}");
}

#[test]
fn generation_stops_after_four_debug_iterations() {
    if !needs_coqc("generation_stops_after_four_debug_iterations") {
        return;
    }
    let (d, _, _) = heavy();
    // Never compiles: the loop must stop after 1 + 4 interactions without a solve.
    let server = ScriptedServer::responder(|_| Reply::content("```coq\nDefinition solve := .\n```"));
    let mut s = session(&server, None);
    let tasks = generate::debug_tasks("heavy").expect("debug set");
    let r = generate::run(&mut s, &d, &tasks[..1], &generate::Options::default()).expect("loop runs");
    assert_eq!(r.interactions, 5);
    assert!(r.solve.is_none());
    assert!(r.attempts.iter().all(|a| a.feedback.contains("error")), "{r:#?}");
    assert_eq!(server.requests().len(), 5);
}

/// A `solve` that solves every task but leans on `Admitted` could never be proved: the generation
/// loop sends it back with the auditor's finding.
#[test]
fn generation_refuses_a_solve_with_an_escape_hatch() {
    if !needs_coqc("generation_refuses_a_solve_with_an_escape_hatch") {
        return;
    }
    let (d, solve, _) = heavy();
    let hatch = format!("{solve}\nLemma order_terminates : True.\nProof.\nAdmitted.\n");
    let server = ScriptedServer::start(vec![Reply::content(&fenced(&hatch)), Reply::content(&fenced(&solve))]);
    let mut s = session(&server, None);
    let tasks = generate::debug_tasks("heavy").expect("debug set");
    let r = generate::run(&mut s, &d, &tasks[..1], &generate::Options::default()).expect("loop runs");
    assert_eq!(r.interactions, 2, "{r:#?}");
    assert_eq!(r.attempts[0].valid, 1, "the plan itself was fine");
    assert!(r.attempts[0].feedback.contains("no-admit"), "{}", r.attempts[0].feedback);
    assert_eq!(r.solve.as_deref(), Some(prompts_code(&solve).as_str()));
}

fn prompts_code(code: &str) -> String {
    gploop::prompts::code(&fenced(code))
}

#[test]
fn basic_mode_rejects_each_cheat_then_accepts_the_honest_proof() {
    if !needs_coqc("basic_mode_rejects_each_cheat_then_accepts_the_honest_proof") {
        return;
    }
    let (d, solve, proof) = heavy();
    let cheats = cheats(&proof);
    let mut replies: Vec<Reply> = cheats.iter().map(|(_, _, c)| Reply::content(&fenced(c))).collect();
    replies.push(Reply::content(&fenced(&proof)));
    let server = ScriptedServer::start(replies);
    let mut s = session(&server, None);
    let r = prove::basic(&mut s, &d, &solve, &prove::Options::default()).expect("loop runs");
    assert_eq!(r.interactions, cheats.len() as u32 + 1, "{r:#?}");
    let accepted = r.proof.as_deref().expect("the honest proof is accepted");
    assert!(accepted.contains(STATEMENT) && accepted.contains("Definition solve"));
    assert_eq!(r.feedback.len(), cheats.len());
    for ((why, rule, _), fb) in cheats.iter().zip(&r.feedback) {
        assert!(fb.contains(rule) && fb.contains("REJECTED"), "{why}: the feedback lacks [{rule}]:\n{fb}");
    }
    // Each repair request shows the model why its proof was rejected.
    let requests = server.requests();
    for (k, (_, rule, _)) in cheats.iter().enumerate() {
        assert!(requests[k + 1].last_user().contains(rule), "repair request {} lacks [{rule}]", k + 1);
    }
    // The statement in the prompt is certplan's, never the model's.
    assert!(requests[0].last_user().contains(proof::coq::solve_complete_statement().trim_end()));
}

#[test]
fn basic_mode_ends_unproved_after_six_debug_iterations_of_cheats() {
    if !needs_coqc("basic_mode_ends_unproved_after_six_debug_iterations_of_cheats") {
        return;
    }
    let (d, solve, proof) = heavy();
    for (why, rule, cheat) in cheats(&proof) {
        let reply = fenced(&cheat);
        let server = ScriptedServer::responder(move |_| Reply::content(&reply));
        let mut s = session(&server, None);
        let r = prove::basic(&mut s, &d, &solve, &prove::Options::default()).expect("loop runs");
        assert!(r.proof.is_none(), "a proof with {why} was accepted");
        assert_eq!(r.interactions, 7, "{why}: 1 + 6 debug iterations");
        assert_eq!(server.requests().len(), 7);
        assert!(r.feedback.iter().all(|f| f.contains(rule)), "{why}: {:?}", r.feedback);
        assert!(r.reason.is_some());
    }
}

/// A proof that passes the static audit but does not compile is caught by the rebuild from
/// scratch, and coqc's message is the feedback.
#[test]
fn basic_mode_rejects_a_proof_that_does_not_compile() {
    if !needs_coqc("basic_mode_rejects_a_proof_that_does_not_compile") {
        return;
    }
    let (d, solve, proof) = heavy();
    let broken = proof.replacen("Proof.", "Proof.\n  exact I.", 1);
    let server = ScriptedServer::start(vec![Reply::content(&fenced(&broken))]);
    let mut s = session(&server, None);
    let r = prove::basic(&mut s, &d, &solve, &prove::Options { max_debug: 0, ..Default::default() }).expect("runs");
    assert!(r.proof.is_none());
    assert!(r.feedback[0].contains("rebuild: failed"), "{}", r.feedback[0]);
}

fn decl<'a>(ds: &'a [decls::Decl], name: &str) -> &'a decls::Decl {
    ds.iter().find(|d| d.name == name).unwrap_or_else(|| panic!("no declaration {name}"))
}

#[test]
fn iterative_mode_repairs_locally_and_proves_unproven_lemmas() {
    if !needs_coqc("iterative_mode_repairs_locally_and_proves_unproven_lemmas") {
        return;
    }
    let (d, solve, proof) = heavy();
    let ds = decls::split(&proof);
    let unproven = decl(&ds, "removeOne_in");
    let broken = decl(&ds, "removeOne_length");
    let proof_of = |t: &str| t[..t.find("Proof.").expect("Proof")].to_string();
    let sketch: Vec<String> = ds
        .iter()
        .map(|x| {
            if x.name == unproven.name {
                format!("{}Proof.\nAdmitted.\n", proof_of(&x.text))
            } else if x.name == broken.name {
                format!("{}Proof.\n  intros l H; reflexivity.\nQed.\n", proof_of(&x.text))
            } else {
                x.text.clone()
            }
        })
        .collect();
    let server = ScriptedServer::start(vec![
        Reply::content(&fenced(&sketch.join("\n"))),
        Reply::content(&fenced(&broken.text)),
        Reply::content(&fenced(&unproven.text)),
    ]);
    let mut s = session(&server, None);
    let r = prove::iterative(&mut s, &d, &solve, &prove::Options::default()).expect("loop runs");
    assert!(r.proof.is_some(), "{r:#?}");
    assert_eq!(r.interactions, 3);
    assert_eq!(r.max_declaration_failures, 1);
    assert_eq!(r.declarations, ds.len());
    let requests = server.requests();
    assert!(requests[1].last_user().contains("removeOne_length") && requests[1].last_user().contains("coqc rejected"));
    assert!(requests[2].last_user().contains("still unproven") && requests[2].last_user().contains("removeOne_in"));
    // The accepted file has no unproven lemma left.
    assert!(!r.proof.unwrap().contains("Admitted"));
}

#[test]
fn iterative_mode_stops_after_six_failures_in_a_row() {
    if !needs_coqc("iterative_mode_stops_after_six_failures_in_a_row") {
        return;
    }
    let (d, solve, _) = heavy();
    let bad = fenced("Lemma bad : 1 = 2.\nProof. reflexivity. Qed.\n");
    let server = ScriptedServer::responder(move |_| Reply::content(&bad));
    let mut s = session(&server, None);
    let r = prove::iterative(&mut s, &d, &solve, &prove::Options::default()).expect("loop runs");
    assert!(r.proof.is_none());
    assert_eq!(r.interactions, 6, "the sketch and five repairs: {r:#?}");
    assert_eq!(r.max_declaration_failures, 6);
    assert!(r.reason.as_deref().is_some_and(|w| w.contains("`bad` failed 6 times in a row")), "{:?}", r.reason);
}

#[test]
fn iterative_mode_never_accepts_a_sketch_with_an_axiom_or_unproven_lemma() {
    if !needs_coqc("iterative_mode_never_accepts_a_sketch_with_an_axiom_or_unproven_lemma") {
        return;
    }
    let (d, solve, proof) = heavy();
    // The axiom is refused locally each time it is offered (and the declaration's count grows).
    // (Short sketches keep the test fast: the verdict does not depend on what follows.)
    let with_axiom = fenced("Axiom cheat : forall P : Prop, P.\n");
    let server = ScriptedServer::responder(move |_| Reply::content(&with_axiom));
    let mut s = session(&server, None);
    let options = prove::Options { max_failures: 2, ..Default::default() };
    let r = prove::iterative(&mut s, &d, &solve, &options).expect("loop runs");
    assert!(r.proof.is_none(), "an axiom was accepted");
    assert!(r.feedback.iter().any(|f| f.contains("no-axiom")), "{:?}", r.feedback);
    // A lemma left Admitted whose proofs keep being Admitted is never accepted.
    let ds = decls::split(&proof);
    let first = ds.iter().find(|x| x.name == "isMax_spec").expect("isMax_spec");
    let admitted = format!("{}Proof.\nAdmitted.\n", &first.text[..first.text.find("Proof.").expect("Proof")]);
    let sketch = format!("{admitted}\n{}", decl(&ds, "isMax_intro").text);
    let (sk, again) = (fenced(&sketch), fenced(&admitted));
    let mut n = 0;
    let server = ScriptedServer::responder(move |_| {
        n += 1;
        Reply::content(if n == 1 { &sk } else { &again })
    });
    let mut s = session(&server, None);
    let r = prove::iterative(&mut s, &d, &solve, &options).expect("loop runs");
    assert!(r.proof.is_none(), "an unproven lemma was accepted");
    assert!(r.reason.as_deref().is_some_and(|w| w.contains("isMax_spec")), "{:?}", r.reason);
    // A theorem with a changed statement is refused when it is added, not only at the end.
    let weaker = STATEMENT.replace("(hgoal : ValidGoal s g)", "(hgoal : ValidGoal s g) (hno : False)");
    let changed = fenced(&format!("{weaker}\n  ValidPlan (solve s g) s.\nProof.\n  exfalso; exact hno.\nQed.\n"));
    let server = ScriptedServer::responder(move |_| Reply::content(&changed));
    let mut s = session(&server, None);
    let r = prove::iterative(&mut s, &d, &solve, &options).expect("loop runs");
    assert!(r.proof.is_none(), "a changed statement was accepted");
    assert!(r.feedback.iter().all(|f| f.contains("expected-statement")), "{:?}", r.feedback);
    assert_eq!(r.interactions, 2);
}

#[test]
fn replay_reproduces_a_run() {
    if !needs_coqc("replay_reproduces_a_run") {
        return;
    }
    let (d, solve, proof) = heavy();
    let dir = scratch("replay");
    let transcript = dir.join("run.jsonl");
    let last_qed = proof.rfind("Qed.").expect("Qed");
    let admitted = format!("{}Admitted.{}", &proof[..last_qed], &proof[last_qed + 4..]);
    let server = ScriptedServer::start(vec![Reply::content(&fenced(&admitted)), Reply::content(&fenced(&proof))]);
    let options = prove::Options::default();
    let live = {
        let mut s = session(&server, Some(&transcript));
        prove::basic(&mut s, &d, &solve, &options).expect("live run")
    };
    drop(server);
    let mut s = Session::replay(&transcript, None).expect("replay session");
    let again = prove::basic(&mut s, &d, &solve, &options).expect("replayed run");
    assert_eq!(again.proof, live.proof);
    assert_eq!(again.interactions, live.interactions);
    assert_eq!(again.feedback, live.feedback);
    assert!(again.proof.is_some());
    // A different run (another solve) diverges from the transcript: an error, not a result.
    let mut s = Session::replay(&transcript, None).expect("replay session");
    let other = solve.replace("heaviest first", "heaviest first (changed)");
    match prove::basic(&mut s, &d, &other, &options) {
        Err(gploop::LoopError::Llm(e)) => assert!(e.to_string().contains("replay"), "{e}"),
        other => panic!("a diverging replay was not refused: {other:?}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}
