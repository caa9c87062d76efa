#!/usr/bin/env python3
"""Time per expansion, A* with the domain heuristic against A* with LM-cut, side by side.

Issue 10's target: a domain heuristic costs at most 1/10 of LM-cut's time per expansion on the same
tasks. The tasks are those of Table 1 (experiments/results/ipc2023-table1.jsonl) that both
certplan-domain and certplan-lmcut solved with at least --min-expansions expansions each. Each task
runs with both heuristics, alternating, --repeats times; time is the engine's own (`search.seconds`
less `search.setup_seconds` of `certplan plan --json`: no parsing, grounding, certificate or
heuristic set-up, as Fast Downward's `Search time`). Per task: the median over repeats of seconds per expansion, and the
ratio domain / LM-cut; reported per domain and overall as medians of those ratios.

    cargo build --release -p certplan
    python3 bench/heur_per_expansion.py            # writes bench/results/heur_per_expansion.{jsonl,md}
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(binary, domain, problem, search, time_limit):
    out = subprocess.run(
        [binary, "--quiet", "plan", "--json", "--time-limit", str(time_limit), "--search", search,
         "--plan-file", os.devnull, domain, problem],
        capture_output=True, text=True)
    try:
        v = json.loads(out.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return None
    s = v.get("search") or {}
    if not s.get("expanded") or s.get("seconds") is None:
        return None
    return (s["seconds"] - s.get("setup_seconds", 0.0)) / s["expanded"], s["expanded"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", default=os.path.join(ROOT, "experiments/results/ipc2023-table1.jsonl"))
    ap.add_argument("--tests", default=os.path.join(ROOT, "../shared/ipc2023-test"))
    ap.add_argument("--certplan", default=os.path.join(ROOT, "target/release/certplan"))
    ap.add_argument("--min-expansions", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=30)
    ap.add_argument("--out", default=os.path.join(ROOT, "bench/results/heur_per_expansion"))
    a = ap.parse_args()
    if not os.access(a.certplan, os.X_OK):
        sys.exit(f"no certplan binary at {a.certplan}: run `cargo build --release -p certplan`")
    last = {}
    for line in open(a.results):
        r = json.loads(line)
        if r.get("kind") == "run":
            last[(r["config"], r["problem"])] = r
    tasks = sorted(
        p for (c, p), r in last.items()
        if c == "certplan-domain" and r["status"] == "solved" and (r["expansions"] or 0) >= a.min_expansions
        and (o := last.get(("certplan-lmcut", p))) and o["status"] == "solved"
        and (o["expansions"] or 0) >= a.min_expansions)
    if not tasks:
        sys.exit("no task both configurations solved yet")
    rows = []
    with open(a.out + ".jsonl", "w") as f:
        for i, p in enumerate(tasks):
            dom = p.split("/")[0]
            files = (os.path.join(a.tests, dom, "domain.pddl"), os.path.join(a.tests, p))
            per = {"domain": [], "lmcut": []}
            for _ in range(a.repeats):
                for name, search in (("domain", "astar(domain())"), ("lmcut", "astar(lmcut())")):
                    x = run(a.certplan, *files, search, a.time_limit)
                    if x:
                        per[name].append(x)
            if not per["domain"] or not per["lmcut"]:
                print(f"[{i + 1}/{len(tasks)}] {p}: not solved by both within {a.time_limit} s", file=sys.stderr)
                continue
            d = statistics.median(x[0] for x in per["domain"])
            m = statistics.median(x[0] for x in per["lmcut"])
            row = {"task": p, "domain": dom, "domain_s_per_exp": d, "lmcut_s_per_exp": m, "ratio": d / m,
                   "domain_expansions": per["domain"][0][1], "lmcut_expansions": per["lmcut"][0][1]}
            rows.append(row)
            f.write(json.dumps(row) + "\n")
            print(f"[{i + 1}/{len(tasks)}] {p}: {d * 1e6:.1f} us vs {m * 1e6:.1f} us per expansion, ratio {d / m:.3f}",
                  file=sys.stderr)
    by = {}
    for r in rows:
        by.setdefault(r["domain"], []).append(r["ratio"])
    lines = ["Time per expansion, A* with the domain heuristic / A* with LM-cut (engine time, median of "
             f"{a.repeats} runs each; tasks both solved in Table 1 with >= {a.min_expansions} expansions).", "",
             "| domain | tasks | median ratio | min | max |", "|---|---:|---:|---:|---:|"]
    for dom, v in sorted(by.items()):
        lines.append(f"| {dom} | {len(v)} | {statistics.median(v):.3f} | {min(v):.3f} | {max(v):.3f} |")
    allr = [r["ratio"] for r in rows]
    lines.append(f"| all | {len(allr)} | {statistics.median(allr):.3f} | {min(allr):.3f} | {max(allr):.3f} |")
    open(a.out + ".md", "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
