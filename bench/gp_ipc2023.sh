#!/usr/bin/env bash
# Runs certplan's worked generalized plans (crates/gp/coq/*Solve.v) on the IPC 2023 learning-track
# test tasks (easy and medium) of their domains, and heavy-pack on the generalized-planning set of
# Silver et al. 2024, through `certplan gp run` (coqc vm_compute, plan bridge, val).
# Usage: bench/gp_ipc2023.sh [OUT_DIR]   (default bench/results/gp); needs coqc and ../shared.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-bench/results/gp}
mkdir -p "$OUT"
BIN=${BIN:-target/debug/certplan}
[ -x "$BIN" ] || cargo build -p certplan
SHARED=../shared
run() { # name domain solve files...
  local name=$1 domain=$2 solve=$3; shift 3
  nice -n 10 "$BIN" gp run "$domain" "$solve" "$@" --timeout 300 --json > "$OUT/$name.json" || true
  python3 - "$OUT/$name.json" "$name" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
t = r["tally"]
secs = sorted(x["seconds"] for x in r["report"]["tasks"])
print(f'{sys.argv[2]:<22} valid {t["valid"]:>3} / {t["total"]:<3} invalid {t["invalid"]} goal-not-reached {t["goal_not_reached"]} error {t["error"]} time-out {t["time_out"]}  median {secs[len(secs)//2]:.2f} s  max {secs[-1]:.2f} s')
PY
}
for level in easy medium; do
  run "spanner-$level" spanner crates/gp/coq/SpannerSolve.v "$SHARED"/ipc2023-test/spanner/$level/p*.pddl
  run "miconic-$level" miconic crates/gp/coq/MiconicSolve.v "$SHARED"/ipc2023-test/miconic/$level/p*.pddl
done
run "heavy-silver2024" heavy crates/gp/coq/HeavySolve.v "$SHARED"/benchmarks/genplan-silver2024/heavypack/*/*.pddl
