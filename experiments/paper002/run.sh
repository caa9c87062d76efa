#!/usr/bin/env bash
# Paper 002's experiment, scaled to a small CPU: for each domain, a dataset (train lengths 11-20 and
# few objects; test lengths 11-200 and more objects, object ids drawn from a bounded alphabet), then
# SEEDS transformers with absolute positions trained on the same budget, each scored per plan
# length and object count. Writes under OUT (default experiments/paper002/results):
#   DOMAIN/data/                 the dataset (not committed: regenerate with this script)
#   DOMAIN/seedS/                config.json (model size, training time), metrics.jsonl, model.bpk
#   DOMAIN/seedS-length.csv      accuracy per plan length (test split), -objects.csv per object count
#   summary.csv                  one row per domain, seed and length bin (summarize.py)
# Settings are environment variables; the defaults are what this repository's results used.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-experiments/paper002/results}
SEEDS=${SEEDS:-"1 2 3"}
BIN=${BIN:-}
STEPS=${STEPS:-300}
TRAIN_COUNT=${TRAIN_COUNT:-2000}
TEST_PER_LENGTH=${TEST_PER_LENGTH:-1}
ALPHABET=${ALPHABET:-64}
D_MODEL=${D_MODEL:-64}
LAYERS=${LAYERS:-2}
POSITIONS=${POSITIONS:-absolute}
DOMAINS=${DOMAINS:-"heavy-grippers-charged-delete-free colors-bags-well-formed colors-bags-strips parity"}
# The dev profile compiles dependencies (burn) at opt-level 2, so a debug build trains at nearly
# release speed without a second long build of burn; PROFILE=release for the real thing.
PROFILE=${PROFILE:-debug}
if [ "$PROFILE" = release ]; then flag=--release; else flag=; fi
if [ -n "$BIN" ]; then
  bin=$BIN
else
  cargo build $flag -q -p certplan --features train
  bin=${CARGO_TARGET_DIR:-target}/$PROFILE/certplan
fi
mkdir -p "$OUT"

# Size parameters per domain: training objects small, test objects up to about twice as many.
objects() {
  case "$1" in
    heavy-grippers-*) echo "--train-objects 5-7 --test-objects 5-12 -p heavy=1" ;;
    colors-bags-*) echo "--train-objects 3-5 --test-objects 3-10" ;;
    parity|flip-flop) echo "--train-objects 1-3 --test-objects 1-6" ;;
    *) echo "" ;;
  esac
}

for d in $DOMAINS; do
  data="$OUT/$d/data"
  if [ ! -f "$data/meta.json" ]; then
    # Two datasets: the training split (lengths 11-20) and a test split with a quota per length
    # (11-200): the same seed, so the test split is the one of the second dataset only.
    # shellcheck disable=SC2046
    "$bin" -q dataset "$d" --seed 1 --count "$TRAIN_COUNT" --train-lengths 11-20 --test-lengths 11-20 \
      --id-alphabet "$ALPHABET" --pairs-per-problem 10 $(objects "$d") -o "$data"
    # shellcheck disable=SC2046
    "$bin" -q dataset "$d" --seed 2 --per-length "$TEST_PER_LENGTH" --train-lengths 11-11 --test-lengths 11-200 \
      --id-alphabet "$ALPHABET" --pairs-per-problem 1 $(objects "$d") -o "$data/long"
  fi
  # The counting verifier cannot read conditional effects: it says so, and the run goes on.
  "$bin" verify-tokens "$d" "$data/long/test.jsonl" 2>&1 | tee "$OUT/$d/counting.txt" || true
  [ -n "${DATA_ONLY:-}" ] && continue
  for s in $SEEDS; do
    run="$OUT/$d/seed$s"
    if [ ! -f "$run/config.json" ]; then
      "$bin" -q train "$data" -o "$run" --positions "$POSITIONS" --d-model "$D_MODEL" --layers "$LAYERS" \
        --steps "$STEPS" --batch 32 --seed "$s" --max-len 1600 --log-every 50
    fi
    "$bin" -q eval "$run" "$data/test.jsonl" "$data/long/test.jsonl" --batch 8 --csv "$OUT/$d/seed$s" --json \
      > "$OUT/$d/seed$s-eval.json"
  done
done
[ -n "${DATA_ONLY:-}" ] || python3 experiments/paper002/summarize.py "$OUT"
