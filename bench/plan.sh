#!/usr/bin/env bash
# certplan vs Fast Downward side by side: grounding time, blind A* expansion rate, A*+LM-cut cost
# and time per expansion, memory per state. Needs `pip install up-fast-downward` and a release
# build. Usage: bench/plan.sh [TASKS.tsv]   (default: bench/plan_tasks.tsv; make one with
# bench/plan_select.py). LIMIT=seconds per run (default 60).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
cargo build --release -q -p certplan
python3 bench/plan_bench.py "$CARGO_TARGET_DIR/release/certplan" "${1:-bench/plan_tasks.tsv}"
