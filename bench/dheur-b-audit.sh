#!/usr/bin/env bash
# Certificate and consistency audit of the satellite, rovers and floortile heuristics on every IPC
# 2023 training task (../shared/benchmarks/ipc2023-learning/<domain>/training): `certplan
# heuristic check --check-certificate --audit-consistency N` per task (release build, one process
# at a time, `timeout` per task). One line per task: domain, task, exit code, last output line.
# Summary lines at the end: per domain, tasks audited clean / refused / violation / timed out.
set -uo pipefail
cd "$(dirname "$0")/.."
N=${N:-20000}
DOMAINS=${DOMAINS:-"satellite rovers floortile"}
OUT=${OUT:-bench/results/dheur-b/audit.tsv}
mkdir -p "$(dirname "$OUT")"
: > "$OUT"
B=../shared/benchmarks/ipc2023-learning
for d in $DOMAINS; do
  for p in "$B/$d"/training/*.pddl; do
    timeout 120 nice -n 10 ./target/release/certplan heuristic check "$d" --check-certificate \
      --audit-consistency "$N" "$B/$d/domain.pddl" "$p" > /tmp/dheur-b-audit.$$ 2>&1
    rc=$?
    msg=$(tr '\n' ' ' < /tmp/dheur-b-audit.$$ | cut -c1-300)
    printf '%s\t%s\t%s\t%s\n' "$d" "$(basename "$p")" "$rc" "$msg" >> "$OUT"
  done
done
rm -f /tmp/dheur-b-audit.$$
# exit 0: certificate accepted and no violation; 34: refused; 1: violation; 124: timed out
cut -f1,3 "$OUT" | sort | uniq -c
