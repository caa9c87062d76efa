#!/usr/bin/env bash
# End-to-end evaluation of `certplan nl2pddl eval` against the loopback scripted server answering
# as the deterministic SIMULATED MODEL (crates/nl2pddl/src/simulated.rs): 60 AutoPlanBench tasks
# (paper 003's six datasets, first 10 instances each). It exercises the whole pipeline (prompts,
# HTTP client, five checks, critic, repair, stopping rules, results, tables); its numbers measure
# the plumbing, not a language model.
#
# Then replays the recorded transcript offline and checks that the tables (all rows but runtime)
# are reproduced, and extracts the transcript of one repaired example.
#
# Usage: experiments/nl2pddl/run.sh   (from the repository root; needs ../shared/benchmarks)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=experiments/nl2pddl
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build -q -p certplan
bin=${CARGO_TARGET_DIR:-target}/debug/certplan

"$bin" nl2pddl eval --simulated-model --per-dataset 10 \
  --results "$out/results.jsonl" --transcript "$work/transcript.jsonl" --table "$out/table.md" \
  2>"$work/progress.txt" >/dev/null
"$bin" nl2pddl eval --simulated-model --per-dataset 10 --no-runtime \
  --replay "$work/transcript.jsonl" --results "$work/replayed.jsonl" --table "$work/replayed.md" >/dev/null 2>&1
grep -v '^| Runtime' "$out/table.md" > "$work/live.md"
diff "$work/live.md" "$work/replayed.md" && echo "replay: tables identical (runtime row excluded)"

# One repaired example: the first that failed at step 0 and succeeded after repair.
python3 - "$out/results.jsonl" "$work/transcript.jsonl" "$out/repaired-example.transcript.jsonl" <<'PY'
import json, sys
results, transcript, dest = sys.argv[1:]
pick = None
for line in open(results):
    r = json.loads(line)
    if r["stop"] == "success" and r["attempts"] >= 2 and r["step0"]["parse"] and r["step0"]["domain_conformance"]:
        pick = r; break
hint = pick["run"]["id"].replace("/", "-")
with open(dest, "w") as out:
    for line in open(transcript):
        d = json.loads(line)
        if d["kind"] == "session":
            out.write(line); continue
        if d["kind"] != "call": continue
        user = json.loads(d["request"]["messages"][1]["content"])
        if user.get("problem_name_hint") == hint:
            out.write(line)
print(f"repaired example: {pick['id']} -> {dest}")
PY
