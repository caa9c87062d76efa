#!/usr/bin/env python3
"""Partial-order reduction side by side with Fast Downward: A* with `pruning=stubborn_sets_simple()`.

Each task runs three ways, in one pass: Fast Downward's `astar(H, pruning=stubborn_sets_simple())`
(its driver, as experiments/fast-downward.sh finds it), certplan with the same configuration, and
certplan with `weak_stubborn_sets()`. Per task: expansions, the share of successors pruned, the
engine's search time (FD's `Search time`; certplan's `search.seconds` less its set-up), and the
plan cost, which must be equal wherever two sides solve. Reported per domain as medians of ratios
(certplan / FD) over the tasks all three solved.

    cargo build --release -p certplan
    python3 bench/pruning_vs_fd.py        # writes bench/results/pruning_vs_fd.{jsonl,md}
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fd(domain, problem, search, limit):
    with tempfile.TemporaryDirectory() as d:
        try:
            out = subprocess.run(
                ["bash", os.path.join(ROOT, "experiments/fast-downward.sh"), "--plan-file", os.path.join(d, "plan"),
                 domain, problem, "--search", search],
                capture_output=True, text=True, timeout=limit, cwd=d).stdout
        except subprocess.TimeoutExpired:
            return None
    num = lambda pat, conv=int: (m := re.search(pat, out)) and conv(m.group(1))  # noqa: E731
    cost = num(r"Plan cost: (\d+)")
    if cost is None:
        return None
    before, after = num(r"total successors before pruning: (\d+)"), num(r"total successors after pruning: (\d+)")
    return {"cost": cost, "expanded": num(r"Expanded (\d+) state"), "seconds": num(r"Search time: ([\d.]+)s", float),
            "pruned": 1 - after / before if before else 0.0}


def certplan(binary, domain, problem, search, limit):
    out = subprocess.run(
        [binary, "--quiet", "plan", "--json", "--time-limit", str(limit), "--search", search,
         "--plan-file", os.devnull, domain, problem], capture_output=True, text=True)
    try:
        v = json.loads(out.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return None
    s, plan = v.get("search") or {}, v.get("plan") or {}
    if plan.get("cost") is None:
        return None
    p = s.get("pruning") or {}
    before, after = p.get("successors_before", 0), p.get("successors_after", 0)
    return {"cost": plan["cost"], "expanded": s["expanded"], "seconds": s["seconds"] - s.get("setup_seconds", 0.0),
            "pruned": 1 - after / before if before else 0.0}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tests", default=os.path.join(ROOT, "../shared/ipc2023-test"))
    ap.add_argument("--certplan", default=os.path.join(ROOT, "target/release/certplan"))
    ap.add_argument("--domains", default="satellite,rovers,childsnack")
    ap.add_argument("--problems", default="easy/p01-p08", help="SPLIT/pFIRST-pLAST")
    ap.add_argument("--heuristic", default="blind()")
    ap.add_argument("--time-limit", type=float, default=30)
    ap.add_argument("--out", default=os.path.join(ROOT, "bench/results/pruning_vs_fd"))
    a = ap.parse_args()
    if not os.access(a.certplan, os.X_OK):
        sys.exit(f"no certplan binary at {a.certplan}: run `cargo build --release -p certplan`")
    split, rng = a.problems.split("/")
    first, last = (int(x.lstrip("p")) for x in rng.split("-"))
    h = a.heuristic
    sides = [("fd", lambda d, p: fd(d, p, f"astar({h}, pruning=stubborn_sets_simple())", a.time_limit)),
             ("strong", lambda d, p: certplan(a.certplan, d, p, f"astar({h}, pruning=stubborn_sets_simple())",
                                              a.time_limit)),
             ("weak", lambda d, p: certplan(a.certplan, d, p, f"astar({h}, pruning=weak_stubborn_sets())",
                                            a.time_limit))]
    rows = []
    with open(a.out + ".jsonl", "w") as f:
        for dom in a.domains.split(","):
            for i in range(first, last + 1):
                files = (os.path.join(a.tests, dom, "domain.pddl"), os.path.join(a.tests, dom, split, f"p{i:02}.pddl"))
                row = {"task": f"{dom}/{split}/p{i:02}.pddl", "domain": dom, "heuristic": h}
                for name, go in sides:
                    row[name] = go(*files)
                costs = {row[n]["cost"] for n, _ in sides if row[n]}
                if len(costs) > 1:
                    sys.exit(f"{row['task']}: the costs differ: {row}")
                rows.append(row)
                f.write(json.dumps(row) + "\n")
                print(row["task"], {n: row[n] and (row[n]["expanded"], round(row[n]["pruned"], 3)) for n, _ in sides},
                      file=sys.stderr)
    lines = [f"A* with `{h}` and `pruning=stubborn_sets_simple()`: certplan (strong) against Fast Downward, and "
             "certplan's weak stubborn sets; medians over the tasks all three solved, per domain. "
             "Expansions and search time as ratios to FD's; pruned: the share of successors removed.", "",
             "| domain | solved fd / strong / weak | both | expansions strong/fd | time strong/fd | "
             "pruned fd | pruned strong | pruned weak | expansions weak/strong |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for dom in a.domains.split(","):
        rs = [r for r in rows if r["domain"] == dom]
        solved = " / ".join(str(sum(1 for r in rs if r[n])) for n, _ in sides)
        both = [r for r in rs if all(r[n] for n, _ in sides)]
        if not both:
            lines.append(f"| {dom} | {solved} | 0 | - | - | - | - | - | - |")
            continue
        med = lambda f: statistics.median(f(r) for r in both)  # noqa: E731
        ratio = lambda x, y: x / y if y else 1.0  # noqa: E731
        lines.append(
            f"| {dom} | {solved} | {len(both)} | {med(lambda r: ratio(r['strong']['expanded'], r['fd']['expanded'])):.3f} "
            f"| {med(lambda r: ratio(r['strong']['seconds'], max(r['fd']['seconds'], 1e-3))):.3f} "
            f"| {med(lambda r: r['fd']['pruned']):.3f} | {med(lambda r: r['strong']['pruned']):.3f} "
            f"| {med(lambda r: r['weak']['pruned']):.3f} "
            f"| {med(lambda r: ratio(r['weak']['expanded'], r['strong']['expanded'])):.3f} |")
    open(a.out + ".md", "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
