#!/usr/bin/env bash
# Consistency audits of domain heuristics (crate dheur) on whole task sets: for each task,
# `certplan heuristic check NAME --audit-consistency N` (breadth first over N reachable states,
# goal-awareness and h(s) <= c(o) + h(s') on every transition), one line per task:
#   DOMAIN TASK EXIT JSON-SUMMARY
# Usage: bench/heur_audit.sh N OUT DOMAIN DIR [DOMAIN DIR ...]   (DIR holds domain.pddl's tasks)
#   bench/heur_audit.sh 20000 bench/heur_audit.txt \
#     blocksworld ../shared/benchmarks/ipc2023-learning/blocksworld/training \
#     sokoban ../shared/benchmarks/ipc2023-learning/sokoban/training \
#     transport ../shared/ipc2023-test/transport/easy
set -u
n=$1; out=$2; shift 2
bin=${CERTPLAN:-target/release/certplan}
: > "$out"
while [ $# -ge 2 ]; do
  name=$1; dir=$2; shift 2
  domain=$dir/../domain.pddl
  [ -f "$domain" ] || domain=$dir/../../domain.pddl
  for p in "$dir"/p*.pddl; do
    line=$(timeout -k 2 120 "$bin" heuristic check "$name" --audit-consistency "$n" --json "$domain" "$p" 2>&1)
    rc=$?
    summary=$(printf '%s' "$line" | python3 -c 'import json,sys
text=sys.stdin.read()
def find(v,k):
    if isinstance(v,dict):
        if k in v: return v[k]
        for x in v.values():
            r=find(x,k)
            if r is not None: return r
    return None
try:
    v=json.loads(text); a=find(v,"audit") or {}
    print(json.dumps({"certificate": find(v,"certificate"), "states": a.get("states"), "transitions": a.get("transitions"),
                      "complete": a.get("complete"), "violation": a.get("violation")}))
except Exception:
    print(json.dumps({"unparsed": text[-300:]}))')
    echo "$name $(basename "$p") $rc $summary" | tee -a "$out"
  done
done
