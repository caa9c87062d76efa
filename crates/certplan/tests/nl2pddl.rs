//! `certplan nl2pddl` and `certplan nl2pddl eval` against the loopback scripted server.

use llm::testing::{Reply, ScriptedServer};
use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn certplan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_certplan"))
        .args(args)
        .env_remove("CERTPLAN_LLM_BASE_URL")
        .env_remove("CERTPLAN_LLM_MODEL")
        .env_remove("CERTPLAN_LLM_API_KEY")
        .env_remove("CERTPLAN_LLM_CONFIG")
        .output()
        .unwrap()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("certplan-nl2pddl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

const GOOD: &str = "(define (problem p) (:domain gripper-strips)
  (:objects rooma roomb ball1 left right)
  (:init (room rooma) (room roomb) (ball ball1) (gripper left) (gripper right)
         (at-robby rooma) (at ball1 rooma) (free left) (free right))
  (:goal (at ball1 roomb)))";

#[test]
fn one_task_repaired_to_success_as_json() {
    let domain = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/gripper/domain.pddl");
    let text = temp("task.txt");
    std::fs::write(
        &text,
        "Two rooms, rooma and roomb; ball1 is in rooma with the robot; both grippers are free. Bring ball1 to roomb.",
    )
    .unwrap();
    let accept = Reply::content(r#"{"accepted": true, "issues": []}"#);
    let server = ScriptedServer::start(vec![
        Reply::content(&GOOD.replace("(free right))", "(free right)")),
        Reply::content(GOOD),
        accept,
    ]);
    let transcript = temp("one.jsonl");
    let out = certplan(&[
        "nl2pddl",
        domain,
        text.to_str().unwrap(),
        "--json",
        "--base-url",
        &server.base_url(),
        "--model",
        "scripted",
        "--transcript",
        transcript.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["command"], "nl2pddl");
    assert_eq!(v["stop"], "success");
    assert_eq!(v["attempts"].as_array().unwrap().len(), 2);
    assert_eq!(v["attempts"][0]["checks"]["parse"], false);
    assert_eq!(v["usage"]["requests"], 3);
    assert_eq!(std::fs::read_to_string(&transcript).unwrap().lines().count(), 4);

    // The same run, offline from its transcript.
    let again =
        certplan(&["nl2pddl", domain, text.to_str().unwrap(), "--json", "--replay", transcript.to_str().unwrap()]);
    let w: Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(w["stop"], "success");
    assert_eq!(w["attempts"][1]["problem_pddl"], v["attempts"][1]["problem_pddl"]);
}

#[test]
fn no_endpoint_is_a_usage_error_with_one_json_object() {
    let domain = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/gripper/domain.pddl");
    let out = certplan(&["nl2pddl", domain, domain, "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["error"].as_str().unwrap().contains("CERTPLAN_LLM_BASE_URL"), "{v}");
}

#[test]
fn the_simulated_evaluation_of_sixty_tasks_replays_to_the_same_table() {
    let Some(root) = corpus::require_benchmarks("the_simulated_evaluation_of_sixty_tasks_replays_to_the_same_table")
    else {
        return;
    };
    let (results, transcript, table) = (temp("sim.jsonl"), temp("sim-transcript.jsonl"), temp("sim.md"));
    let b = root.to_str().unwrap();
    let out = certplan(&[
        "nl2pddl",
        "eval",
        "--simulated-model",
        "--benchmarks",
        b,
        "--no-runtime",
        "--results",
        results.to_str().unwrap(),
        "--transcript",
        transcript.to_str().unwrap(),
        "--table",
        table.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let live = std::fs::read_to_string(&table).unwrap();
    assert!(
        live.contains(
            "| N (completed / attempted) | 10 / 10 | 10 / 10 | 10 / 10 | 10 / 10 | 10 / 10 | 10 / 10 | 60 / 60 |"
        ),
        "{live}"
    );
    assert!(live.contains("SIMULATED MODEL"));

    let replayed = temp("sim-replayed.md");
    let out = certplan(&[
        "nl2pddl",
        "eval",
        "--simulated-model",
        "--benchmarks",
        b,
        "--no-runtime",
        "--results",
        temp("sim-replayed.jsonl").to_str().unwrap(),
        "--replay",
        transcript.to_str().unwrap(),
        "--table",
        replayed.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&replayed).unwrap(), live);
}

#[test]
fn ipc_2002_is_reported_as_lacking_descriptions() {
    let out = certplan(&["nl2pddl", "eval", "--suite", "ipc2002", "--simulated-model", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["command"], "nl2pddl eval");
    assert!(v["error"].as_str().unwrap().contains("no natural-language descriptions"), "{v}");
}
