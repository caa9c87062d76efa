//! `certplan gp loop` and `gp table` end to end against a scripted server: the worked heavy-pack
//! `solve` given, a cheating proof (`Admitted`) then the honest one; the run is recorded, replayed
//! from its transcript to the same record, and summarised by `gp table`. Needs coqc (SKIPPED
//! without it, FAILS under CI=true).

use llm::testing::{Reply, ScriptedServer};
use std::process::Command;

fn certplan(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_certplan"))
        .args(args)
        .env_remove("CERTPLAN_LLM_CONFIG")
        .env_remove("CERTPLAN_LLM_BASE_URL")
        .env_remove("CERTPLAN_LLM_MODEL")
        .output()
        .expect("the binary runs")
}

#[test]
fn gp_loop_records_replays_and_tabulates_a_run() {
    if !corpus::require_program("gp_loop_records_replays_and_tabulates_a_run", "coqc") {
        return;
    }
    let w = gp::worked::find("heavy").expect("worked heavy");
    let at = w.text.find("(** * Completeness").expect("completeness section");
    let (solve, proof) = (&w.text[..at], &w.text[at..]);
    let last_qed = proof.rfind("Qed.").expect("Qed");
    let admitted = format!("{}Admitted.{}", &proof[..last_qed], &proof[last_qed + 4..]);
    let dir = std::env::temp_dir().join(format!("certplan-gploop-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch");
    let solve_file = dir.join("Solve.v");
    std::fs::write(&solve_file, solve).expect("write solve");
    let server = ScriptedServer::start(vec![
        Reply::content(&format!("```coq\n{admitted}\n```")),
        Reply::content(&format!("```coq\n{proof}\n```")),
    ]);
    let (live_dir, replay_dir, transcript) = (dir.join("live"), dir.join("replay"), dir.join("run.jsonl"));
    let s = |p: &std::path::Path| p.display().to_string();
    let base = ["gp", "loop", "heavy", "--solve", &s(&solve_file), "--mode", "basic", "--max-retries", "0"];
    let url = server.base_url();
    let mut live: Vec<&str> = base.to_vec();
    let (ld, tr) = (s(&live_dir), s(&transcript));
    live.extend(["--base-url", &url, "--model", "scripted", "--transcript", &tr, "-o", &ld]);
    let out = certplan(&live);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(live_dir.join("Complete.v").exists());
    drop(server);

    let mut again: Vec<&str> = base.to_vec();
    let rd = s(&replay_dir);
    again.extend(["--replay", &tr, "-o", &rd, "--json"]);
    let out = certplan(&again);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["record"]["proof_interactions"], 2, "{v}");
    assert_eq!(v["record"]["proof_accepted"], true);
    assert_eq!(v["record"]["replayed"], true);
    assert_eq!(
        std::fs::read_to_string(live_dir.join("Complete.v")).expect("live proof"),
        std::fs::read_to_string(replay_dir.join("Complete.v")).expect("replayed proof")
    );

    let out = certplan(&["gp", "table", &ld, &rd]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().filter(|l| l.starts_with("heavy")).count() == 2, "{text}");
    assert!(text.contains("2 of 2 runs end with an accepted completeness proof"), "{text}");
    let out = certplan(&["gp", "table", &ld, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["runs"][0]["domain"], "heavy");
    let _ = std::fs::remove_dir_all(&dir);
}
