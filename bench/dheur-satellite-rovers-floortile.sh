#!/usr/bin/env bash
# A* with the satellite, rovers and floortile domain heuristics (crate dheur) against A* + LM-cut,
# side by side in one run, on the IPC 2023 learning-track test set (../shared/ipc2023-test):
# release build, one certplan process per (task, configuration), certplan's own --time-limit
# (10 s) under `timeout`, niced. Raw results: bench/results/dheur-b/<domain>-<split>.jsonl (one
# JSON line per task and configuration, see heur_bench.py); summaries (coverage, costs that
# differ, costs above ../shared/ipc2023-test/upper_bounds.json, median of the per-task ratios of
# search time per expansion, domain heuristic / LM-cut) in bench/results/dheur-b/<domain>-<split>.md.
#
#   bench/dheur-satellite-rovers-floortile.sh                 # easy and medium, all three domains
#   SPLITS="hard" DOMAINS="satellite" bench/dheur-satellite-rovers-floortile.sh
#   JOBS=2 ...                                                # two runs at a time (default 1)
#   NO_BUILD=1 ...                  # use target/release/certplan as it is (crate lab's build script
#                                   # relinks certplan whenever any worktree commits)
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=${LIMIT:-10}
SPLITS=${SPLITS:-"easy medium"}
DOMAINS=${DOMAINS:-"satellite rovers floortile"}
JOBS=${JOBS:-1}
OUT=bench/results/dheur-b
mkdir -p "$OUT"
[ -n "${NO_BUILD:-}" ] || cargo build --release -p certplan
for d in $DOMAINS; do
  for s in $SPLITS; do
    timeout $((30 * 2 * (LIMIT + 30))) nice -n 10 python3 bench/heur_bench.py --limit "$LIMIT" --splits "$s" \
      --domains "$d" -j "$JOBS" --out "$OUT/$d-$s.jsonl" 2>/dev/null | tee "$OUT/$d-$s.md"
  done
done
