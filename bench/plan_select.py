#!/usr/bin/env python3
"""Pick small classical corpus tasks with known optimal costs for certplan's planner tests and
benchmarks: for each (suite, domain) with known_optimal_cost_if_any, try the tasks with the fewest
objects and keep those that `certplan plan --search astar(blind())` solves quickly.

    python3 bench/plan_select.py BINARY [--per-domain 1] [--max-seconds 0.5] > list.tsv

For speed ratios the tasks must not be trivial: `--min-seconds 0.1 --max-seconds 3 --tries 10`
keeps, per domain, tasks whose run takes between those bounds (searching up to 10 candidates,
smallest first), so that both planners' search times are well above startup noise.

Output: suite<TAB>domain<TAB>domain_path<TAB>problem_path<TAB>optimal_cost (paths relative to the
benchmarks root)."""
import csv, os, subprocess, sys, time, argparse

ap = argparse.ArgumentParser()
ap.add_argument("binary")
ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "benchmarks"))
ap.add_argument("--per-domain", type=int, default=1)
ap.add_argument("--max-seconds", type=float, default=0.5)
ap.add_argument("--min-seconds", type=float, default=0.0)
ap.add_argument("--tries", type=int, default=4)
ap.add_argument("--search", default="astar(blind())")
ap.add_argument("--suites", default="ipc-opt-strips,ipc2023-learning,ipc-opt-adl,autoplanbench,genplan-silver2024")
a = ap.parse_args()
root = os.path.abspath(a.root)
rows = [r for r in csv.DictReader(open(os.path.join(root, "index.csv")))
        if r["known_optimal_cost_if_any"] and r["suite"] in a.suites.split(",")]
by = {}
for r in rows:
    by.setdefault((r["suite"], r["domain"]), []).append(r)
for key in sorted(by):
    cands = sorted(by[key], key=lambda r: (int(r["num_objects"] or 0), r["problem_path"]))
    kept = 0
    for r in cands[:a.tries]:
        if kept >= a.per_domain:
            break
        t = time.time()
        try:
            p = subprocess.run([a.binary, "-q", "plan", os.path.join(root, r["domain_path"]), os.path.join(root, r["problem_path"]),
                                "--search", a.search, "--plan-file", "/dev/null", "--time-limit", str(a.max_seconds * 2)],
                               capture_output=True, timeout=a.max_seconds * 8)
        except subprocess.TimeoutExpired:
            break  # larger candidates follow: they would time out too
        dt = time.time() - t
        if p.returncode == 0 and a.min_seconds <= dt <= a.max_seconds:
            print("\t".join([r["suite"], r["domain"], r["domain_path"], r["problem_path"], r["known_optimal_cost_if_any"]]))
            sys.stdout.flush()
            kept += 1
        else:
            if dt > a.max_seconds:
                print(f"stop {r['problem_path']}: {dt:.2f}s", file=sys.stderr)
                break
            print(f"skip {r['problem_path']}: rc={p.returncode} {dt:.2f}s {p.stderr.decode()[:200]!r}", file=sys.stderr)
