#!/usr/bin/env bash
# Runs every worked generalized plan (crates/gp/coq/<Domain>Solve.v) with `certplan gp run` on its
# domain's debug set (six seeded small tasks) and on the IPC 2023 learning-track test tasks
# (easy and medium) where ../shared/ipc2023-test has the domain, and writes one JSON line per
# (domain, set) to experiments/gp/results.jsonl (appended; `table.py` turns it into solves.md).
#
#   experiments/gp/run.sh [CERTPLAN] [TIMEOUT_S] [DOMAIN...]
#
# IPC transport names its capacity type `size` where certplan's transport says `capacity-number`
# (the same domain otherwise); its problems are run with that one word renamed.
set -u
cd "$(dirname "$0")/../.."
BIN=${1:-target/debug/certplan}
LIMIT=${2:-120}
shift 2 2>/dev/null || shift $#
IPC=../shared/ipc2023-test
OUT=experiments/gp
DOMAINS=${*:-heavy miconic spanner ferry grippers delivery logistics blocksworld goldminer satellite transport hiking}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

module() { # library name -> Solve file
  case $1 in
    heavy) echo HeavySolve.v ;; miconic) echo MiconicSolve.v ;; spanner) echo SpannerSolve.v ;;
    ferry) echo FerrySolve.v ;; grippers) echo GrippersSolve.v ;; delivery) echo DeliverySolve.v ;;
    logistics) echo LogisticsSolve.v ;; blocksworld) echo BlocksworldSolve.v ;; goldminer) echo GoldminerSolve.v ;;
    satellite) echo SatelliteSolve.v ;; transport) echo TransportSolve.v ;; hiking) echo HikingSolve.v ;;
    rovers) echo RoversSolve.v ;;
  esac
}

run_set() { # domain set-name files...
  local d=$1 set=$2; shift 2
  local solve=crates/gp/coq/$(module "$d")
  if [ "$set" = debug ]; then
    nice -n 10 "$BIN" gp run "$d" "$solve" --debug-set --timeout "$LIMIT" --json > "$TMP/out.json" 2>/dev/null
  else
    nice -n 10 "$BIN" gp run "$d" "$solve" "$@" --timeout "$LIMIT" --json > "$TMP/out.json" 2>/dev/null
  fi
  python3 - "$d" "$set" "$TMP/out.json" <<'PY' >> "$OUT/results.jsonl"
import json, sys
d, s = sys.argv[1], sys.argv[2]
try:
    r = json.load(open(sys.argv[3]))
    def find(o):
        if isinstance(o, dict):
            if "report" in o:
                return o["report"]["tasks"]
            for v in o.values():
                t = find(v)
                if t is not None:
                    return t
        return None
    tasks = find(r) or []
except Exception:
    tasks = []
counts = {}
for t in tasks:
    counts[t["verdict"]] = counts.get(t["verdict"], 0) + 1
secs = sorted(t.get("seconds", 0) for t in tasks)
print(json.dumps({"domain": d, "set": s, "total": len(tasks), "valid": counts.get("valid", 0),
                  "verdicts": counts, "max_seconds": round(secs[-1], 1) if secs else None,
                  "median_seconds": round(secs[len(secs)//2], 1) if secs else None}))
PY
}

# SETS=debug runs the debug sets only, SETS=public the public sets only; both by default.
# SPLITS picks the IPC splits (default: easy medium); EXTRA=0 skips the other public sets.
SETS=${SETS:-debug public}
SPLITS=${SPLITS:-easy medium}
EXTRA=${EXTRA:-1}
for d in $DOMAINS; do
  [ -f "crates/gp/coq/$(module "$d")" ] || continue
  case " $SETS " in *" debug "*) run_set "$d" debug ;; esac
  case " $SETS " in *" public "*) ;; *) continue ;; esac
  if [ -d "$IPC/$d" ]; then
    for split in $SPLITS; do
      files=("$IPC/$d/$split"/p*.pddl)
      if [ "$d" = transport ]; then
        mkdir -p "$TMP/$split"
        for f in "${files[@]}"; do sed 's/- size\b/- capacity-number/' "$f" > "$TMP/$split/$(basename "$f")"; done
        files=("$TMP/$split"/p*.pddl)
      fi
      run_set "$d" "ipc-$split" "${files[@]}"
    done
  fi
  # The public sets of the domains outside the IPC 2023 test set.
  [ "$EXTRA" = 1 ] || continue
  case $d in
    goldminer) run_set "$d" autoplanbench ../shared/benchmarks/autoplanbench/goldminer/instances/*.pddl ;;
    hiking) run_set "$d" silver2024-test ../shared/benchmarks/genplan-silver2024/hiking/test/*.pddl ;;
    heavy) run_set "$d" silver2024-test ../shared/benchmarks/genplan-silver2024/heavypack/test/*.pddl ;;
  esac
done
