#!/usr/bin/env bash
# Parser-speed benchmark, both sides back to back on the same pairs (see bench/README.md).
#
#   bench/parse.sh [--repeat R] [--warmup W] [--pairs FILE] [--out DIR]
#
# 1. builds the Rust side: cargo build --release -p model --example parse_bench
# 2. makes sure Fast Downward's translator is importable (pip install up-fast-downward if not)
# 3. creates the pair list with select_files.py if it does not exist (default bench/pairs.tsv)
# 4. runs certplan (parse + model::check), FD (fd_parse.py), then certplan --no-check (parse only)
#    on the same pairs; JSON lines go to DIR/{rust,fd,rust-nocheck}.jsonl (default bench/out/)
# 5. prints a table: MB/s per side (median-based and min-based) and the ratio certplan/FD.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
repeat=5
warmup=1
pairs="$here/pairs.tsv"
out="$here/out"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --repeat) repeat="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --pairs) pairs="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "parse.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
PY="${PYTHON:-python3}"
mkdir -p "$out"

echo "== building parse_bench (release)" >&2
(cd "$root" && cargo build --release -p model --example parse_bench >&2)
target_dir="$(cd "$root" && cargo metadata --format-version 1 --no-deps | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
bin="$target_dir/release/examples/parse_bench"

if ! "$PY" -c "import sys; sys.path.insert(0, '$here'); from fd_locate import load_fd; load_fd()" >/dev/null 2>&1; then
  echo "== Fast Downward translator not importable: pip install up-fast-downward" >&2
  "$PY" -m pip install --quiet up-fast-downward >&2
fi

if [[ ! -s "$pairs" ]]; then
  echo "== $pairs missing: selecting pairs with select_files.py" >&2
  "$PY" "$here/select_files.py" -o "$pairs" --rejects "$out/rejects.tsv"
fi

status=0
echo "== certplan: parse + model::check (repeat $repeat, warmup $warmup)" >&2
"$bin" "$pairs" --repeat "$repeat" --warmup "$warmup" > "$out/rust.jsonl" || status=1
echo "== Fast Downward: pddl_parser.open (repeat $repeat, warmup $warmup)" >&2
"$PY" "$here/fd_parse.py" "$pairs" --repeat "$repeat" --warmup "$warmup" > "$out/fd.jsonl" || status=1
echo "== certplan: parse only, --no-check" >&2
"$bin" "$pairs" --repeat "$repeat" --warmup "$warmup" --no-check > "$out/rust-nocheck.jsonl" || status=1

"$PY" - "$out" "$pairs" <<'PYEOF'
import json, os, sys
out, pairs_file = sys.argv[1], sys.argv[2]
def load(name):
    rows = [json.loads(l) for l in open(os.path.join(out, name)) if l.strip()]
    return [r for r in rows if not r.get("summary")], rows[-1]
rust, rs = load("rust.jsonl")
fd, fs = load("fd.jsonl")
rnc, ns = load("rust-nocheck.jsonl")
# Domain families as select_files.py counts them (index.csv's `family` column), else the directory.
family = {}
index = "/work/shared/benchmarks/index.csv"
if os.path.exists(index):
    import csv
    with open(index, newline="") as f:
        for row in csv.DictReader(f):
            family[os.path.join(os.path.dirname(index), row["problem_path"])] = row.get("family") or row["domain"]
fams = sorted({family.get(r["problem"], os.path.basename(os.path.dirname(r["domain"]))) for r in rust})
print()
print(f"pairs: {len(rust)} ({rs['failed']} failed on certplan, {fs['failed']} on FD), "
      f"{rs['total_bytes'] / 1e6:.2f} MB of domain+problem text, repeat {rs['repeat']}")
print(f"domain families ({len(fams)}): {', '.join(fams)}")
print(f"1-min load average at the end: {open('/proc/loadavg').read().split()[0]} on {os.cpu_count()} CPUs "
      "(when it exceeds the CPU count, other work competed and the figures are noisy)")
print(f"{'side':<36} {'MB/s (median)':>14} {'MB/s (min)':>11} {'sum median s':>13}")
def row(label, s):
    print(f"{label:<36} {s['mb_per_s'] or 0:>14.2f} {s['mb_per_s_min'] or 0:>11.2f} {s['sum_median_s']:>13.4f}")
row("certplan (parse + model::check)", rs)
row("certplan (parse only, --no-check)", ns)
row("Fast Downward (pddl_parser.open)", fs)
if fs.get("mb_per_s") and rs.get("mb_per_s") and fs["total_bytes"] == rs["total_bytes"] == ns["total_bytes"]:
    print(f"ratio certplan/FD (median-based): {rs['mb_per_s'] / fs['mb_per_s']:.1f}x with check, "
          f"{ns['mb_per_s'] / fs['mb_per_s']:.1f}x parse only")
    print(f"ratio certplan/FD (min-based):    {rs['mb_per_s_min'] / fs['mb_per_s_min']:.1f}x with check, "
          f"{ns['mb_per_s_min'] / fs['mb_per_s_min']:.1f}x parse only")
else:
    print("ratio: not computed (a side failed on some pairs, so the byte totals differ)")
PYEOF
exit $status
