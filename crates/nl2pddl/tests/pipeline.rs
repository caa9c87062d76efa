//! The loop against the scripted OpenAI-compatible server: each stopping rule, repair with
//! feedback, the critic's issues in the next prompt, malformed critic replies, HTTP failures,
//! budgets, and a replayed transcript reproducing the evaluation table.

use llm::testing::{Reply, ScriptedServer};
use llm::{Budget, Session, Settings};
use nl2pddl::dataset::Example;
use nl2pddl::eval::{self, EvalOptions};
use nl2pddl::feedback::Mode;
use nl2pddl::simulated::{Scenario, SimulatedModel};
use nl2pddl::{Options, Pipeline, Stop, Task};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Arc;

const DOMAIN: &str = "(define (domain blocks)
  (:requirements :strips)
  (:predicates (on ?x ?y) (ontable ?x) (clear ?x) (handempty) (holding ?x))
  (:action pick-up :parameters (?x)
    :precondition (and (clear ?x) (ontable ?x) (handempty))
    :effect (and (not (ontable ?x)) (not (clear ?x)) (not (handempty)) (holding ?x)))
  (:action put-down :parameters (?x)
    :precondition (holding ?x)
    :effect (and (not (holding ?x)) (clear ?x) (handempty) (ontable ?x)))
  (:action stack :parameters (?x ?y)
    :precondition (and (holding ?x) (clear ?y))
    :effect (and (not (holding ?x)) (not (clear ?y)) (clear ?x) (handempty) (on ?x ?y)))
  (:action unstack :parameters (?x ?y)
    :precondition (and (on ?x ?y) (clear ?x) (handempty))
    :effect (and (holding ?x) (clear ?y) (not (clear ?x)) (not (handempty)) (not (on ?x ?y)))))";

const GOOD: &str = "(define (problem p1) (:domain blocks)
  (:objects a b c)
  (:init (ontable a) (ontable b) (on c a) (clear b) (clear c) (handempty))
  (:goal (and (on a b) (on b c))))";

const DESCRIPTION: &str =
    "Blocks a and b are on the table, c is on a; b and c are clear and the hand is empty. Stack a on b on c.";

fn accept() -> Reply {
    Reply::content(r#"{"accepted": true, "issues": [], "repair_instructions": []}"#)
}

fn session(server: &ScriptedServer) -> Session {
    let s = Settings {
        base_url: Some(server.base_url()),
        model: Some("scripted".into()),
        timeout_s: Some(5.0),
        max_retries: Some(2),
        backoff_s: Some(0.01),
        ..Settings::default()
    };
    Session::live(s.resolve().unwrap(), None, false).unwrap()
}

fn task() -> Task {
    Task { id: "t1".into(), problem_name_hint: "p1".into(), description: DESCRIPTION.into(), few_shot: Vec::new() }
}

fn pipeline() -> Pipeline {
    Pipeline::new(DOMAIN, Options::default()).unwrap()
}

/// The JSON payload of a request's user message.
fn payload(r: &llm::testing::RecordedRequest) -> Value {
    serde_json::from_str(r.contents("user")[0]).unwrap()
}

#[test]
fn success_at_step_0() {
    let server = ScriptedServer::start(vec![Reply::content(GOOD), accept()]);
    let run = pipeline().run(&mut session(&server), &task());
    assert_eq!(run.stop, Stop::Success);
    assert_eq!(run.attempts.len(), 1);
    let a = &run.attempts[0];
    assert!(a.checks.parse && a.checks.conforms() && a.checks.solved() && a.checks.valid() && a.operational);
    let reqs = server.requests();
    assert_eq!(reqs.len(), 2);
    assert!(reqs[0].system().starts_with("You are an expert PDDL problem generator."));
    let p = payload(&reqs[0]);
    assert_eq!(p["domain_name"], "blocks");
    assert_eq!(p["natural_language_description"], DESCRIPTION);
    assert!(reqs[1].system().starts_with("You are auditing a generated PDDL problem"));
    let critic = payload(&reqs[1]);
    assert_eq!(critic["automatic_diagnostics"]["validate"]["verdict"], "valid");
    assert!(critic["plan"].as_array().is_some_and(|p| !p.is_empty()), "the critic sees the plan");
}

#[test]
fn repair_to_success_with_the_checkers_codes_in_the_feedback() {
    let broken = GOOD.replace("(clear b)", "(clear b d)");
    let server = ScriptedServer::start(vec![
        Reply::content(&format!("```pddl\n{broken}\n```")),
        accept(),
        Reply::content(GOOD),
        accept(),
    ]);
    let run = pipeline().run(&mut session(&server), &task());
    assert_eq!(run.stop, Stop::Success);
    assert_eq!(run.attempts.len(), 2);
    assert_eq!(run.attempts[0].checks.domain_conformance, Some(false));
    assert!(run.attempts[0].checks.solve.is_none(), "no planning after a conformance failure");
    let reqs = server.requests();
    assert!(reqs[2].system().starts_with("You are an expert PDDL repair assistant."));
    let p = payload(&reqs[2]);
    assert_eq!(p["previous_problem_pddl"].as_str().unwrap().trim(), broken.trim());
    assert_eq!(p["feedback"]["checks"]["domain_conformance"], "failed");
    let details = p["feedback"]["details"].to_string();
    assert!(
        details.contains("E0108") && details.contains("line 3"),
        "fine feedback names the code and line: {details}"
    );
    assert_eq!(p["repair_history"].as_array().unwrap().len(), 1);
}

#[test]
fn coarse_feedback_names_only_the_checks() {
    let broken = GOOD.replace("(clear b)", "(clear b d)");
    let server = ScriptedServer::start(vec![Reply::content(&broken), accept(), Reply::content(GOOD), accept()]);
    let options = Options { feedback: Mode::Coarse, ..Options::default() };
    let run = Pipeline::new(DOMAIN, options).unwrap().run(&mut session(&server), &task());
    assert_eq!(run.stop, Stop::Success);
    let p = payload(&server.requests()[2]);
    assert_eq!(p["feedback"]["checks"]["domain_conformance"], "failed");
    assert!(p["feedback"].get("details").is_none(), "{}", p["feedback"]);
}

#[test]
fn a_reply_that_is_not_pddl_then_the_same_again_stops_as_unchanged() {
    let prose = "I'm sorry, I can't help with planning problems.";
    let server = ScriptedServer::start(vec![Reply::content(prose), Reply::content(prose)]);
    let run = pipeline().run(&mut session(&server), &task());
    assert_eq!(run.stop, Stop::Unchanged);
    assert_eq!(run.attempts.len(), 2);
    assert!(!run.attempts[0].checks.parse);
    assert!(run.attempts[0].critic.is_none(), "nothing for the critic to audit");
    assert!(run.attempts[1].unchanged);
    assert_eq!(server.requests().len(), 2, "no critic calls for text that does not parse");
}

#[test]
fn a_critic_rejection_without_guidance_is_no_actionable_feedback() {
    let server =
        ScriptedServer::start(vec![Reply::content(GOOD), Reply::content(r#"{"accepted": false, "issues": []}"#)]);
    let run = pipeline().run(&mut session(&server), &task());
    assert_eq!(run.stop, Stop::NoActionableFeedback);
    assert_eq!(run.attempts.len(), 1);
}

#[test]
fn every_attempt_failing_differently_stops_at_the_maximum() {
    let replies = (0..3)
        .map(|k| Reply::content(&GOOD.replace("(handempty))", &format!("(handempty) (clear ghost{k}))"))))
        .flat_map(|r| [r, accept()])
        .collect();
    let server = ScriptedServer::start(replies);
    let run = pipeline().run(&mut session(&server), &task());
    assert_eq!(run.stop, Stop::MaxAttempts);
    assert_eq!(run.attempts.len(), 3);
    assert!(
        run.attempts.iter().all(|a| a.checks.findings.iter().any(|f| f.code == "E0110")),
        "unknown object each time"
    );
}

#[test]
fn a_critic_issue_appears_in_the_next_repair_prompt() {
    let weaker = GOOD.replace("(:goal (and (on a b) (on b c)))", "(:goal (and (on a b)))");
    let reject = json!({"accepted": false, "issues": [{"category": "goal_mismatch", "severity": "high", "scope": "goal",
        "focus": "b on c", "message": "the text asks for b on c, the goal omits it"}],
        "repair_instructions": ["add (on b c) to :goal"]});
    let server = ScriptedServer::start(vec![
        Reply::content(&weaker),
        Reply::content(&reject.to_string()),
        Reply::content(GOOD),
        accept(),
    ]);
    let run = pipeline().run(&mut session(&server), &task());
    assert_eq!(run.stop, Stop::Success);
    assert!(run.attempts[0].checks.formal_ok() && !run.attempts[0].operational);
    let p = payload(&server.requests()[2]);
    let details = p["feedback"]["details"].to_string();
    assert!(details.contains("the text asks for b on c, the goal omits it"), "{details}");
    assert!(details.contains("add (on b c) to :goal"), "{details}");
    assert_eq!(p["feedback"]["checks"]["critic"], "failed");
}

#[test]
fn a_malformed_critic_reply_is_retried_then_an_error_never_an_acceptance() {
    let server = ScriptedServer::start(vec![Reply::content(GOOD), Reply::content("accepted!"), accept()]);
    let run = pipeline().run(&mut session(&server), &task());
    assert_eq!(run.stop, Stop::Success, "the second critic reply is valid");

    let bad = Reply::content(r#"{"accepted": "yes", "issues": []}"#);
    let server = ScriptedServer::start(vec![Reply::content(GOOD), bad.clone(), bad]);
    let run = pipeline().run(&mut session(&server), &task());
    let a = &run.attempts[0];
    assert!(
        matches!(&a.critic, Some(nl2pddl::critic::Critic::Error { message }) if message.contains("$.accepted")),
        "{:?}",
        a.critic
    );
    assert!(!a.operational);
    assert_eq!(run.stop, Stop::NoActionableFeedback, "formal checks pass and the critic said nothing usable");
}

#[test]
fn http_429_and_500_are_retried_inside_the_loop() {
    let server = ScriptedServer::start(vec![
        Reply::rate_limited(1),
        Reply::content(GOOD),
        Reply::status(500, "overloaded"),
        accept(),
    ]);
    let mut s = session(&server);
    let run = pipeline().run(&mut s, &task());
    assert_eq!(run.stop, Stop::Success);
    assert_eq!(s.totals().retries, 2);
}

#[test]
fn a_timeout_on_every_try_ends_the_example_uncompleted() {
    let slow = Reply::content(GOOD).with_delay(std::time::Duration::from_millis(800));
    let server = ScriptedServer::start(vec![slow.clone(), slow.clone(), slow]);
    let s = Settings {
        base_url: Some(server.base_url()),
        model: Some("scripted".into()),
        timeout_s: Some(0.2),
        max_retries: Some(2),
        backoff_s: Some(0.01),
        ..Settings::default()
    };
    let run = pipeline().run(&mut Session::live(s.resolve().unwrap(), None, false).unwrap(), &task());
    assert_eq!(run.stop, Stop::LlmError);
    assert!(!run.completed());
    assert_eq!(run.error, Some(llm::LlmError::Timeout { tries: 3 }));
}

fn tiny_examples() -> (Vec<Example>, SimulatedModel) {
    let mut model = SimulatedModel::new();
    let scenarios = [
        Scenario::Correct,
        Scenario::SyntaxErrorThenFixed,
        Scenario::UnknownPredicateThenFixed,
        Scenario::MissingGoalThenFixed,
        Scenario::NotPddl,
        Scenario::AlwaysUnknownObject,
        Scenario::MalformedCriticThenCorrect,
    ];
    let mut examples = Vec::new();
    for (i, sc) in scenarios.iter().enumerate() {
        let id = format!("tiny/instance-{i}");
        let hint = format!("tiny-{i}");
        model.add_with(&hint, GOOD, *sc);
        examples.push(Example {
            id: id.clone(),
            dataset: "tiny".into(),
            domain_path: PathBuf::from("domain.pddl"),
            domain_pddl: DOMAIN.into(),
            reference: GOOD.into(),
            task: Task { id, problem_name_hint: hint, description: DESCRIPTION.into(), few_shot: Vec::new() },
        });
    }
    (examples, model)
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nl2pddl-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn options<'a>(on: &'a mut dyn FnMut(&eval::ExampleResult), resume: bool) -> EvalOptions<'a> {
    EvalOptions {
        pipeline: Options::default(),
        reference: nl2pddl::reference::reference_equivalence,
        resume,
        on_result: on,
    }
}

#[test]
fn the_simulated_evaluation_replays_to_the_same_table() {
    let (examples, model) = tiny_examples();
    let model = Arc::new(model);
    let m = Arc::clone(&model);
    let server = ScriptedServer::responder(move |r| m.reply(r));
    let transcript = temp("eval-transcript.jsonl");
    let s = Settings { base_url: Some(server.base_url()), model: Some("simulated".into()), ..Settings::default() };
    let mut session = Session::live(s.resolve().unwrap(), Some(&transcript), false).unwrap();
    let results = temp("eval-results.jsonl");
    let live = eval::evaluate(&examples, &mut session, &results, options(&mut |_| {}, false)).unwrap();
    let stops: Vec<Stop> = live.results.iter().map(|r| r.stop).collect();
    use Stop::*;
    assert_eq!(stops, vec![Success, Success, Success, Success, Unchanged, MaxAttempts, Success]);
    let table = eval::tables(&live.results, "tiny", false);
    assert!(table.contains("| Op. success (Final) | 0.714 |"), "{table}");
    assert!(table.contains("| Stop: Unchanged | 0.143 |"), "{table}");
    assert!(table.contains("| Struct. (Final) | 0.714 |"), "{table}");
    assert!(table.contains("| Sem. (Final) | 0.714 |"), "{table}");
    drop(session);
    drop(server);

    let replayed = temp("eval-results-replay.jsonl");
    let mut session = Session::replay(&transcript, None).unwrap();
    let again = eval::evaluate(&examples, &mut session, &replayed, options(&mut |_| {}, false)).unwrap();
    assert_eq!(eval::tables(&again.results, "tiny", false), table);
    let strip = |rs: &[eval::ExampleResult]| -> Vec<Value> {
        rs.iter()
            .map(|r| {
                let mut v = serde_json::to_value(&r.run.attempts).unwrap();
                for a in v.as_array_mut().unwrap() {
                    a["seconds"] = Value::Null;
                    if let Some(s) = a["checks"]["solve"].as_object_mut() {
                        s.insert("seconds".into(), Value::Null);
                    }
                }
                v
            })
            .collect()
    };
    assert_eq!(strip(&again.results), strip(&live.results), "every attempt is reproduced");
}

#[test]
fn a_budget_stops_the_evaluation_cleanly_and_a_rerun_resumes() {
    let (examples, model) = tiny_examples();
    let model = Arc::new(model);
    let m = Arc::clone(&model);
    let server = ScriptedServer::responder(move |r| m.reply(r));
    let results = temp("budget-results.jsonl");
    let settings = |budget| Settings {
        base_url: Some(server.base_url()),
        model: Some("simulated".into()),
        budget,
        ..Settings::default()
    };
    let mut session = Session::live(
        settings(Some(Budget { max_requests: Some(5), ..Budget::default() })).resolve().unwrap(),
        None,
        false,
    )
    .unwrap();
    let first = eval::evaluate(&examples, &mut session, &results, options(&mut |_| {}, false)).unwrap();
    assert!(
        first.stopped.as_deref().is_some_and(|s| s.contains("budget exhausted: requests 5 of 5")),
        "{:?}",
        first.stopped
    );
    let done: Vec<bool> = first.results.iter().map(|r| r.completed).collect();
    assert_eq!(done, vec![true, true, false], "two examples took 2 + 3 calls; the third was cut by the budget");

    let mut session = Session::live(settings(None).resolve().unwrap(), None, false).unwrap();
    let mut ran = Vec::new();
    let second =
        eval::evaluate(&examples, &mut session, &results, options(&mut |r| ran.push(r.id.clone()), true)).unwrap();
    assert!(second.stopped.is_none());
    assert_eq!(ran.len(), 5, "the two completed examples are not run again: {ran:?}");
    assert_eq!(second.results.len(), 7);
    assert!(second.results.iter().all(|r| r.completed));
    assert_eq!(eval::read_results(&results).unwrap().len(), 7);
}

#[test]
fn a_task_past_its_time_limit_is_not_completed() {
    let slow_critic = accept().with_delay(std::time::Duration::from_millis(300));
    let weaker = GOOD.replace("(:goal (and (on a b) (on b c)))", "(:goal (and (on a b)))");
    let reject = r#"{"accepted": false, "issues": [{"category": "goal_mismatch", "severity": "high", "message": "b on c is missing"}]}"#;
    let server = ScriptedServer::start(vec![
        Reply::content(&weaker),
        Reply::content(reject).with_delay(std::time::Duration::from_millis(300)),
        Reply::content(GOOD),
        slow_critic,
    ]);
    let options = Options { task_time_limit: Some(std::time::Duration::from_millis(200)), ..Options::default() };
    let run = Pipeline::new(DOMAIN, options).unwrap().run(&mut session(&server), &task());
    assert_eq!(run.stop, Stop::TimeLimit);
    assert!(!run.completed());
    assert_eq!(run.attempts.len(), 1, "the first attempt is recorded");
    assert_eq!(server.requests().len(), 2, "no repair call once the limit has passed");
}

/// A numeric task: the planner's outcome is reported as it is. Where the planner does not take
/// numeric fluents, that is nothing the model can repair: the loop stops for lack of actionable
/// feedback instead of spending attempts; where it does, the task is solved and validated.
#[test]
fn a_numeric_task_reports_the_planners_outcome_as_it_is() {
    let domain = "(define (domain tanks) (:requirements :strips :numeric-fluents)
      (:predicates (full))
      (:functions (level))
      (:action fill :parameters () :precondition (< (level) 10) :effect (and (increase (level) 5) (full))))";
    let problem = "(define (problem t1) (:domain tanks) (:init (= (level) 0)) (:goal (full)))";
    let server = ScriptedServer::start(vec![Reply::content(problem), accept()]);
    let run = Pipeline::new(domain, Options::default()).unwrap().run(&mut session(&server), &task());
    let a = &run.attempts[0];
    assert!(a.checks.parse && a.checks.conforms(), "{:?}", a.checks.findings);
    let solve = a.checks.solve.as_ref().unwrap();
    if solve.outcome == "solved" {
        assert!(a.checks.valid());
        assert_eq!(run.stop, Stop::Success);
    } else {
        assert!(matches!(solve.outcome.as_str(), "unsupported" | "refused"), "{solve:?}");
        assert_eq!(solve.exit_code, 34);
        assert_eq!(run.stop, Stop::NoActionableFeedback);
        assert_eq!(run.attempts.len(), 1);
    }
}

/// With a reference comparison plugged in, the reference columns are filled: a stand-in that
/// calls problems equal when their text is, and never decides semantics.
#[test]
fn a_plugged_in_reference_comparison_fills_the_reference_columns() {
    fn same_text(_domain: &str, reference: &str, generated: &str) -> nl2pddl::reference::ReferenceVerdicts {
        nl2pddl::reference::ReferenceVerdicts { structural: Some(reference.trim() == generated.trim()), semantic: None }
    }
    let (examples, model) = tiny_examples();
    let server = ScriptedServer::responder(move |r| model.reply(r));
    let s = Settings { base_url: Some(server.base_url()), model: Some("simulated".into()), ..Settings::default() };
    let mut session = Session::live(s.resolve().unwrap(), None, false).unwrap();
    let mut on = |_: &eval::ExampleResult| {};
    let options = EvalOptions { pipeline: Options::default(), reference: same_text, resume: false, on_result: &mut on };
    let e = eval::evaluate(&examples, &mut session, &temp("plugged.jsonl"), options).unwrap();
    let table = eval::tables(&e.results, "tiny", false);
    // Step 0: correct and malformed-critic give the reference (2 of 7); final: also the three
    // repaired ones (5 of 7). The not-PDDL example does not parse and counts as not matched.
    assert!(table.contains("| Struct. (Step-0) | 0.286 |"), "{table}");
    assert!(table.contains("| Struct. (Final) | 0.714 |"), "{table}");
    assert!(table.contains("| **Struct. gain (repair gain)** | +0.429 |"), "{table}");
    assert!(table.contains("| Op. Non-Struct. | 0.000 |") && table.contains("| Struct. Non-Op. | 0.000 |"), "{table}");
    assert!(table.contains("| Sem. (Final) | n/a |"), "{table}");
}

/// The solve check takes any configuration `certplan plan` takes, the domain heuristics of
/// crate `dheur` included (they are registered before the configuration is parsed).
#[test]
fn domain_heuristics_are_known_to_the_solve_check() {
    let mut options = Options::default();
    options.solve.search = "astar(miconic())".into();
    assert!(Pipeline::new(DOMAIN, options).is_ok());
    let mut options = Options::default();
    options.solve.search = "astar(no_such_heuristic())".into();
    let e = Pipeline::new(DOMAIN, options).err().expect("an unknown heuristic is refused");
    assert!(e.contains("no_such_heuristic"), "{e}");
}
