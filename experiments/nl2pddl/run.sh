#!/usr/bin/env bash
# End-to-end evaluation of `certplan nl2pddl eval` against the loopback scripted server answering
# as the deterministic SIMULATED MODEL (crates/nl2pddl/src/simulated.rs): 60 AutoPlanBench tasks
# (paper 003's six datasets, first 10 instances each). It exercises the whole pipeline (prompts,
# HTTP client, five checks, critic, repair, stopping rules, results, tables); its numbers measure
# the plumbing, not a language model.
#
# Then replays the recorded transcript offline and checks that the tables (all rows but runtime)
# are reproduced, and extracts the transcripts of two repaired examples.
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

# Two repaired examples: the first that failed domain conformance at step 0 (the checker's codes
# in the feedback) and the first that passed the formal checks but not the critic (its issue in
# the feedback), each succeeding after repair.
python3 - "$out/results.jsonl" "$work/transcript.jsonl" "$out" <<'PY'
import json, sys
results, transcript, dest = sys.argv[1:]
rows = [json.loads(l) for l in open(results)]
def first(pred):
    return next(r for r in rows if r["stop"] == "success" and r["attempts"] >= 2 and pred(r["step0"]))
picks = {
    "repaired-by-checker": first(lambda s: s["parse"] and not s["domain_conformance"]),
    "repaired-by-critic": first(lambda s: s["domain_conformance"] and s["validate"] and not s["critic"]),
}
calls = [json.loads(l) for l in open(transcript)]
for name, pick in picks.items():
    hint = pick["run"]["id"].replace("/", "-")
    path = f"{dest}/{name}.transcript.jsonl"
    with open(path, "w") as out:
        for d in calls:
            if d["kind"] == "session" or (d["kind"] == "call" and
                    json.loads(d["request"]["messages"][1]["content"]).get("problem_name_hint") == hint):
                out.write(json.dumps(d) + "\n")
    print(f"repaired example ({name}): {pick['id']} -> {path}")
PY
