#!/usr/bin/env python3
"""Time Fast Downward's Python PDDL parser (translator front end only) on a TSV of pairs.

Input: a TSV file with lines `domain_path<TAB>problem_path` (as written by
select_files.py; blank lines and lines starting with '#' are ignored; relative paths
are resolved against the TSV's directory).

For each pair: --warmup untimed parses, then --repeat timed in-process parses of
domain+problem into FD's `pddl.Task` (pddl_parser.open: lisp tokenizing + building the
task objects; no normalization, no grounding). Each parse is timed with
time.perf_counter(); FD's stdout/stderr output (warnings) is suppressed; gc.collect()
runs before each timed parse, outside the timed region.

Output (stdout), one JSON object per line:
  {"domain": ..., "problem": ..., "bytes": size(domain)+size(problem),
   "median_s": ..., "min_s": ...}
  (a pair FD fails on gets {"domain", "problem", "bytes", "error"} and is left out of
   the summary)
and finally one summary line:
  {"summary": true, "impl": "fd-python", "version": ..., "pairs": n, "failed": k,
   "repeat": R, "total_bytes": B, "sum_median_s": S, "sum_min_s": M,
   "mb_per_s": B/1e6/S, "mb_per_s_min": B/1e6/M}
"""
import argparse
import contextlib
import gc
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fd_locate import load_fd  # noqa: E402


def read_pairs(tsv):
    base = os.path.dirname(os.path.abspath(tsv))
    pairs = []
    with open(tsv) as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\r\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) < 2:
                raise SystemExit(f"{tsv}:{lineno}: expected domain<TAB>problem")
            d, p = (c if os.path.isabs(c) else os.path.join(base, c) for c in cols[:2])
            pairs.append((d, p))
    return pairs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tsv", help="TSV of domain<TAB>problem pairs")
    ap.add_argument("--repeat", "-r", type=int, default=5, help="timed parses per pair (default 5)")
    ap.add_argument("--warmup", type=int, default=1, help="untimed parses per pair first (default 1)")
    ap.add_argument("--no-gc-collect", action="store_true",
                    help="do not gc.collect() before each timed parse")
    args = ap.parse_args()
    if args.repeat < 1:
        ap.error("--repeat must be >= 1")

    fd = load_fd()
    pairs = read_pairs(args.tsv)
    real_stdout = sys.stdout
    devnull = open(os.devnull, "w")

    total_bytes = 0
    sum_median = 0.0
    sum_min = 0.0
    n_ok = n_fail = 0
    for domain, problem in pairs:
        nbytes = os.path.getsize(domain) + os.path.getsize(problem)
        times = []
        error = None
        try:
            with contextlib.redirect_stdout(devnull), contextlib.redirect_stderr(devnull):
                for _ in range(args.warmup):
                    fd.parse(domain, problem)
                for _ in range(args.repeat):
                    if not args.no_gc_collect:
                        gc.collect()
                    t0 = time.perf_counter()
                    task = fd.parse(domain, problem)
                    t1 = time.perf_counter()
                    times.append(t1 - t0)
                    del task
        except (Exception, SystemExit) as e:
            error = f"{type(e).__name__}: {' '.join(str(e).split())}"[:500]
        rec = {"domain": domain, "problem": problem, "bytes": nbytes}
        if error is not None:
            rec["error"] = error
            n_fail += 1
        else:
            med, mn = statistics.median(times), min(times)
            rec["median_s"] = med
            rec["min_s"] = mn
            total_bytes += nbytes
            sum_median += med
            sum_min += mn
            n_ok += 1
        print(json.dumps(rec), file=real_stdout, flush=True)

    summary = {
        "summary": True,
        "impl": "fd-python",
        "version": fd.version,
        "python": sys.version.split()[0],
        "pairs": n_ok,
        "failed": n_fail,
        "repeat": args.repeat,
        "total_bytes": total_bytes,
        "sum_median_s": sum_median,
        "sum_min_s": sum_min,
        "mb_per_s": (total_bytes / 1e6 / sum_median) if sum_median > 0 else None,
        "mb_per_s_min": (total_bytes / 1e6 / sum_min) if sum_min > 0 else None,
    }
    print(json.dumps(summary), file=real_stdout, flush=True)
    return 1 if n_fail else 0


if __name__ == "__main__":
    sys.exit(main())
