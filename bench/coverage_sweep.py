#!/usr/bin/env python3
"""Coverage sweep: which classical domains of ../shared/benchmarks does `certplan plan` refuse or
fail on although Fast Downward plans them?

For the smallest N problems (by num_objects in index.csv) of every classical domain (numeric and
temporal suites are skipped: FD refuses them too), run

  * `certplan plan DOMAIN PROBLEM --search CONF --time-limit T` (default CONF: lazy_greedy([ff()]),
    a configuration both planners support, also with axioms), and
  * Fast Downward (`fast-downward.py --overall-time-limit T DOMAIN PROBLEM --search CONF`)

and list every problem where FD finds a plan and certplan does not, with certplan's exit code and
first error line. FD's translator output is also read for axioms (`begin_rule`), so domains with
derived predicates (or ADL constructs FD compiles into axioms) are marked.

Usage:
    python3 bench/coverage_sweep.py [--per-domain 1] [--time-limit 20] [--domains a,b]
                                    [--certplan target/debug/certplan] [--jsonl out.jsonl]

Exit status 0 always (it is a report); the summary is printed at the end, one line a problem.
"""

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BENCH = os.path.normpath(os.path.join(ROOT, "..", "shared", "benchmarks"))
FD = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/up_fast_downward/downward/fast-downward.py"
SKIP_SUITES = {"ipc-numeric", "ipc-temporal"}


def smallest(rows, per_domain, only):
    by_domain = {}
    for r in rows:
        if r["suite"] in SKIP_SUITES:
            continue
        key = (r["suite"], r["domain"])
        if only and r["domain"] not in only:
            continue
        by_domain.setdefault(key, []).append(r)
    out = []
    for key, rs in by_domain.items():
        def size(r):
            try:
                return int(r["num_objects"] or 10**9)
            except ValueError:
                return 10**9
        rs.sort(key=lambda r: (size(r), r["problem_path"]))
        out.extend(rs[:per_domain])
    return out


def run(cmd, cwd, timeout):
    t = time.time()
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr, time.time() - t
    except subprocess.TimeoutExpired as e:
        def text(x):
            return x.decode(errors="replace") if isinstance(x, bytes) else (x or "")
        return None, text(e.stdout), text(e.stderr), time.time() - t


def first_error(stdout, stderr):
    for line in (stderr + "\n" + stdout).splitlines():
        if line.startswith("result:"):
            return line.strip()[:200]
    for line in (stderr + "\n" + stdout).splitlines():
        low = line.lower()
        if "not supported" in low or "error" in low or "certplan:" in low or "refus" in low:
            return line.strip()[:200]
    lines = [l for l in (stderr or stdout).splitlines() if l.strip()]
    return lines[-1].strip()[:200] if lines else ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-domain", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=20)
    ap.add_argument("--search", default="lazy_greedy([ff()])")
    ap.add_argument("--certplan", default=os.path.join(ROOT, "target", "debug", "certplan"))
    ap.add_argument("--domains", default="", help="comma-separated domain names (default: all)")
    ap.add_argument("--no-fd", action="store_true", help="skip Fast Downward (certplan only)")
    ap.add_argument("--jsonl", default="", help="also write one JSON object per problem here")
    a = ap.parse_args()
    rows = list(csv.DictReader(open(os.path.join(BENCH, "index.csv"))))
    only = set(x for x in a.domains.split(",") if x)
    problems = smallest(rows, a.per_domain, only)
    out = open(a.jsonl, "w") if a.jsonl else None
    gaps = []
    for r in problems:
        dom = os.path.join(BENCH, r["domain_path"])
        prob = os.path.join(BENCH, r["problem_path"])
        with tempfile.TemporaryDirectory() as tmp:
            plan_file = os.path.join(tmp, "certplan_plan")
            c_rc, c_out, c_err, c_t = run(
                [a.certplan, "plan", dom, prob, "--search", a.search, "--time-limit", str(a.time_limit),
                 "--plan-file", plan_file],
                tmp, a.time_limit + 30)
            fd_rc, axioms, fd_t, fd_err = None, None, 0.0, ""
            if not a.no_fd:
                fd_rc, fo, fe, fd_t = run(
                    [sys.executable, FD, "--overall-time-limit", str(int(a.time_limit)), dom, prob,
                     "--search", a.search], tmp, a.time_limit + 30)
                for line in fo.splitlines():
                    if line.startswith("Translator axioms:"):
                        axioms = int(line.split(":")[1])
                if fd_rc not in (0, None):
                    fd_err = first_error(fo, fe)
        rec = {
            "suite": r["suite"], "domain": r["domain"], "problem": r["problem_path"],
            "certplan_rc": c_rc, "certplan_s": round(c_t, 2),
            "certplan_error": "" if c_rc == 0 else first_error(c_out, c_err),
            "fd_rc": fd_rc, "fd_s": round(fd_t, 2), "fd_axioms": axioms, "fd_error": fd_err,
        }
        if out:
            out.write(json.dumps(rec) + "\n")
            out.flush()
        status = "ok" if c_rc == 0 else f"certplan rc={c_rc}"
        fd_status = "-" if a.no_fd else ("fd ok" if fd_rc == 0 else f"fd rc={fd_rc}")
        print(f"{r['suite']}/{r['domain']} {os.path.basename(prob)}: {status}, {fd_status}"
              f"{'' if c_rc == 0 else ': ' + rec['certplan_error']}", flush=True)
        if c_rc != 0 and (a.no_fd or fd_rc == 0):
            gaps.append(rec)
    print(f"\n{len(problems)} problems; certplan fails where FD plans (or FD not run): {len(gaps)}")
    for g in gaps:
        print(f"  {g['suite']}/{g['domain']} {g['problem']}: rc={g['certplan_rc']} "
              f"axioms={g['fd_axioms']} {g['certplan_error']}")


if __name__ == "__main__":
    main()
