//! The client against the scripted server: retries, budgets, structured replies, transcripts
//! and replay.

use llm::testing::{Reply, ScriptedServer};
use llm::{Budget, ChatRequest, LlmError, Message, Session, Settings};
use serde_json::json;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn settings(server: &ScriptedServer) -> Settings {
    Settings {
        base_url: Some(server.base_url()),
        model: Some("scripted-model".into()),
        api_key: Some("sk-test-secret".into()),
        timeout_s: Some(2.0),
        max_retries: Some(2),
        backoff_s: Some(0.01),
        ..Settings::default()
    }
}

fn session(server: &ScriptedServer) -> Session {
    Session::live(settings(server).resolve().unwrap(), None, false).unwrap()
}

fn ask(text: &str) -> ChatRequest {
    ChatRequest::new("test", vec![Message::system("be brief"), Message::user(text)])
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("llm-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_completion_is_returned_and_counted() {
    let server = ScriptedServer::start(vec![Reply::content_with_usage("hello", 12, 3)]);
    let mut s = session(&server);
    let c = s.chat(&ask("hi")).unwrap();
    assert_eq!(c.content, "hello");
    assert_eq!((c.usage.prompt_tokens, c.usage.completion_tokens), (12, 3));
    let t = s.totals();
    assert_eq!((t.requests, t.prompt_tokens, t.completion_tokens, t.retries), (1, 12, 3, 0));
    let r = &server.requests()[0];
    assert_eq!(r.path, "/v1/chat/completions");
    assert_eq!(r.header("authorization"), Some("Bearer sk-test-secret"));
    assert_eq!(r.body["model"], "scripted-model");
    assert_eq!(r.body["temperature"], 0.0);
    assert_eq!(r.last_user(), "hi");
}

#[test]
fn a_429_waits_for_retry_after_then_succeeds() {
    let server = ScriptedServer::start(vec![Reply::rate_limited(1), Reply::content("ok")]);
    let mut s = session(&server);
    let t = Instant::now();
    assert_eq!(s.chat(&ask("x")).unwrap().content, "ok");
    // The backoff is 10 ms; only honouring retry-after explains a wait of a second.
    assert!(t.elapsed() >= Duration::from_millis(950), "waited {:?}", t.elapsed());
    assert_eq!(s.totals().retries, 1);
    assert_eq!(server.requests().len(), 2);
}

#[test]
fn a_500_is_retried_and_a_400_is_not() {
    let server = ScriptedServer::start(vec![Reply::status(500, "boom"), Reply::content("fine")]);
    let mut s = session(&server);
    assert_eq!(s.chat(&ask("x")).unwrap().content, "fine");

    let server = ScriptedServer::start(vec![Reply::status(400, "bad model name"), Reply::content("never")]);
    let mut s = session(&server);
    match s.chat(&ask("x")) {
        Err(LlmError::Http { status: 400, message, tries: 1 }) => assert_eq!(message, "bad model name"),
        other => panic!("{other:?}"),
    }
    assert_eq!(server.requests().len(), 1);

    let server = ScriptedServer::start(vec![Reply::status(503, "down"); 3]);
    let mut s = session(&server);
    assert!(matches!(s.chat(&ask("x")), Err(LlmError::Http { status: 503, tries: 3, .. })));
}

#[test]
fn a_timeout_is_retried_then_reported() {
    let slow = Reply::content("late").with_delay(Duration::from_millis(1500));
    let server = ScriptedServer::start(vec![slow.clone(), Reply::content("quick")]);
    let mut settings = settings(&server);
    settings.timeout_s = Some(0.3);
    let mut s = Session::live(settings.clone().resolve().unwrap(), None, false).unwrap();
    assert_eq!(s.chat(&ask("x")).unwrap().content, "quick");

    let server = ScriptedServer::start(vec![slow.clone(), slow.clone(), slow]);
    settings.base_url = Some(server.base_url());
    let mut s = Session::live(settings.resolve().unwrap(), None, false).unwrap();
    assert_eq!(s.chat(&ask("x")), Err(LlmError::Timeout { tries: 3 }));
}

#[test]
fn a_body_that_is_not_a_completion_is_an_error() {
    let server = ScriptedServer::start(vec![Reply::raw(200, "<html>proxy</html>")]);
    assert!(matches!(session(&server).chat(&ask("x")), Err(LlmError::BadResponse { .. })));
}

#[test]
fn budgets_stop_the_next_call() {
    let server = ScriptedServer::start(vec![Reply::content_with_usage("a", 60, 40), Reply::content("b")]);
    let mut settings = settings(&server);
    settings.budget = Some(Budget { max_tokens: Some(100), ..Budget::default() });
    let mut s = Session::live(settings.resolve().unwrap(), None, false).unwrap();
    s.chat(&ask("x")).unwrap();
    match s.chat(&ask("y")) {
        Err(e @ LlmError::Budget { .. }) => assert!(e.stops_run() && e.to_string().contains("tokens 100 of 100")),
        other => panic!("{other:?}"),
    }
    assert_eq!(server.requests().len(), 1, "a refused call sends nothing");

    let server = ScriptedServer::start(vec![Reply::content_with_usage("a", 1_000_000, 0), Reply::content("b")]);
    let mut settings = self::settings(&server);
    settings.prices = Some(llm::Prices { prompt_per_million: 0.5, completion_per_million: 2.0 });
    settings.budget = Some(Budget { max_cost: Some(0.5), ..Budget::default() });
    let mut s = Session::live(settings.resolve().unwrap(), None, false).unwrap();
    s.chat(&ask("x")).unwrap();
    assert!((s.totals().cost - 0.5).abs() < 1e-12);
    assert!(matches!(s.chat(&ask("y")), Err(LlmError::Budget { .. })));
}

#[test]
fn structured_replies_are_validated_retried_and_refused() {
    let schema = json!({"type": "object", "required": ["accepted"], "properties": {"accepted": {"type": "boolean"}}});
    let server = ScriptedServer::start(vec![
        Reply::content("I accept it."),
        Reply::content("```json\n{\"accepted\": true}\n```"),
    ]);
    let mut s = session(&server);
    assert_eq!(s.chat_json(&ask("judge"), &schema, 2).unwrap(), json!({"accepted": true}));
    let second = &server.requests()[1];
    assert!(second.last_user().contains("no JSON object"), "the model is told why: {}", second.last_user());
    assert_eq!(second.contents("assistant"), vec!["I accept it."]);

    let server =
        ScriptedServer::start(vec![Reply::content("{\"accepted\": \"yes\"}"), Reply::content("{\"accepted\": 1}")]);
    let mut s = session(&server);
    match s.chat_json(&ask("judge"), &schema, 2) {
        Err(LlmError::Malformed { reason, tries: 2, .. }) => {
            assert!(reason.contains("$.accepted: expected boolean"), "{reason}")
        }
        other => panic!("a malformed reply is never a success: {other:?}"),
    }
}

#[test]
fn a_transcript_replays_offline_and_divergence_is_caught() {
    let path = temp("replay.jsonl");
    let server =
        ScriptedServer::start(vec![Reply::status(500, "x"), Reply::content("one"), Reply::status(401, "no key")]);
    let mut s = Session::live(settings(&server).resolve().unwrap(), Some(&path), false).unwrap();
    let first = s.chat(&ask("a"));
    let second = s.chat(&ask("b"));
    let totals = s.totals();
    drop(s);
    drop(server);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("sk-test-secret"), "the key is never written");
    assert_eq!(text.lines().count(), 3, "a header and two calls");

    let mut r = Session::replay(&path, None).unwrap();
    assert_eq!(r.chat(&ask("a")), first);
    assert_eq!(r.chat(&ask("b")), second);
    assert_eq!(r.totals(), totals);
    assert!(matches!(r.chat(&ask("c")), Err(LlmError::Replay { message }) if message.contains("past the end")));

    let mut r = Session::replay(&path, None).unwrap();
    match r.chat(&ask("changed")) {
        Err(LlmError::Replay { message }) => assert!(message.contains("messages[1].content"), "{message}"),
        other => panic!("{other:?}"),
    }
}
