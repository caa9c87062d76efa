#!/usr/bin/env python3
"""Time per state of the domain heuristics against LM-cut, apart from search, across the IPC 2023
test set's sizes.

bench/heur_per_expansion.py times whole searches, so it can only take tasks both heuristics
solve: for LM-cut those are the smallest, and time per expansion there also holds successor
generation, the state registry and the open list, the same for any heuristic. This script runs
`certplan heuristic time --alive` instead: each heuristic evaluates one sample of the task's
reachable states (the first --states states breadth first, less those that either heuristic
finds a dead end: the states an A* search expands), and the time per state is the median of
--repeats passes. Each heuristic's first pass (and the dead-end filter) is bounded by
--max-seconds: where LM-cut costs a good part of a second per state, its time per state is that
of the states it reached (marked `cut`). The tasks: --per-level tasks spread over each level
(easy, medium, hard: p01 ... p30) of every domain of ../shared/ipc2023-test.

    cargo build --release -p certplan
    python3 bench/heur_per_state.py            # writes bench/results/heur_per_state.{jsonl,md}

Each task runs under --timeout seconds and --memory-limit MiB (Table 1's 8 GiB): the hard tasks of
some domains take minutes to ground, or more memory than the machine has.

Reported: per domain and level, the median of the per-task ratios domain / LM-cut, and how many
tasks are at most 1/10 (issue 10's target).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEVELS = ["easy", "medium", "hard"]


def spread(k, n=30):
    """k task numbers spread evenly over 1..n, both ends included."""
    if k <= 1:
        return [1]
    return sorted({round(1 + i * (n - 1) / (k - 1)) for i in range(k)})


def time_task(binary, domain, problem, args):
    cmd = [binary, "heuristic", "time", "--json", "--alive", "-H", "domain()", "-H", "lmcut()",
           "--states", str(args.states), "--repeat", str(args.repeats), "--max-seconds", str(args.max_seconds),
           "--time-limit", str(args.timeout), "--memory-limit", str(args.memory_limit), domain, problem]
    try:
        # The backstop: certplan's own limit ends the run first, naming the phase.
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout + 30)
    except subprocess.TimeoutExpired:
        return {"error": f"no answer within {args.timeout + 30} s"}
    try:
        v = json.loads(out.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return {"error": (out.stderr.strip().splitlines() or ["no output"])[-1], "exit_code": out.returncode}
    if not v.get("timings"):
        why = "; ".join(v.get("reasons") or [v.get("result") or "no timings"])
        if v.get("phase"):
            why += f" (in phase {v['phase']}, limits {args.timeout:g} s, {args.memory_limit} MiB)"
        return {"error": why, "exit_code": out.returncode}
    d, l = v["timings"]
    if not d["states"] or not l["states"] or l["seconds_per_state"] <= 0:
        return {"error": "no state of the sample is alive for both heuristics"}
    return {
        "states": d["states"],
        "domain_s_per_state": d["seconds_per_state"],
        "lmcut_s_per_state": l["seconds_per_state"],
        "lmcut_states": l["states"],
        "lmcut_cut": l["cut"],
        "domain_cut": d["cut"],
        "ratio": d["seconds_per_state"] / l["seconds_per_state"],
        "domain_mean_h": d["mean_h"],
        "lmcut_mean_h": l["mean_h"],
    }


def summary_row(name, rows):
    ratios = [r["ratio"] for r in rows if r.get("ratio") is not None]
    if not ratios:
        return f"| {name} | 0 | | | | |"
    tenth = sum(1 for x in ratios if x <= 0.1)
    return (f"| {name} | {len(ratios)} | {statistics.median(ratios):.4f} | {min(ratios):.4f} | "
            f"{max(ratios):.4f} | {tenth} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--certplan", default=os.path.join(ROOT, "target/release/certplan"))
    ap.add_argument("--suite", default=os.path.join(ROOT, "../shared/ipc2023-test"))
    ap.add_argument("--per-level", type=int, default=4, help="tasks per level and domain (default 4)")
    ap.add_argument("--states", type=int, default=500, help="the sample's size before the dead-end filter")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--max-seconds", type=float, default=1.0, help="bound on each first pass and on the filter")
    ap.add_argument("--timeout", type=float, default=120.0, help="time limit per task, grounding included")
    ap.add_argument("--memory-limit", type=int, default=8192, help="MiB per task (Table 1's 8 GiB)")
    ap.add_argument("--domains", nargs="*", help="only these domains")
    ap.add_argument("--merge", action="store_true",
                    help="with --domains: keep the other domains' rows of the results at --out, and write the "
                         "summary over all of them (to re-measure some domains after a change)")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench/results/heur_per_state"))
    args = ap.parse_args()
    if not os.path.isfile(args.certplan):
        sys.exit(f"no certplan binary at {args.certplan}: cargo build --release -p certplan")
    if not os.path.isdir(args.suite):
        sys.exit(f"no IPC 2023 test set at {args.suite}")

    domains = sorted(d for d in os.listdir(args.suite) if os.path.isfile(os.path.join(args.suite, d, "domain.pddl")))
    if args.domains:
        domains = [d for d in domains if d in args.domains]
    kept = []
    if args.merge and os.path.isfile(args.out + ".jsonl"):
        with open(args.out + ".jsonl") as f:
            kept = [r for r in map(json.loads, f) if r["domain"] not in domains]
    rows = []
    with open(args.out + ".jsonl", "w") as f:
        for row in kept:
            f.write(json.dumps(row) + "\n")
        for dom in domains:
            for level in LEVELS:
                for i in spread(args.per_level):
                    problem = os.path.join(args.suite, dom, level, f"p{i:02d}.pddl")
                    task = f"{dom}/{level}/p{i:02d}.pddl"
                    if not os.path.isfile(problem):
                        row = {"task": task, "domain": dom, "level": level, "error": "absent from the test set"}
                    else:
                        row = {"task": task, "domain": dom, "level": level,
                               **time_task(args.certplan, os.path.join(args.suite, dom, "domain.pddl"), problem, args)}
                    rows.append(row)
                    f.write(json.dumps(row) + "\n")
                    f.flush()
                    if "error" in row:
                        print(f"{task}: {row['error']}", file=sys.stderr)
                    else:
                        print(f"{task}: {row['states']} states, domain {row['domain_s_per_state'] * 1e6:.2f} us, "
                              f"LM-cut {row['lmcut_s_per_state'] * 1e6:.2f} us{' (cut)' if row['lmcut_cut'] else ''}, "
                              f"ratio {row['ratio']:.4f}", file=sys.stderr)

    if kept:
        order = {d: i for i, d in enumerate(sorted({r["domain"] for r in kept + rows}))}
        rows = sorted(kept + rows, key=lambda r: (order[r["domain"]], LEVELS.index(r["level"]), r["task"]))
        domains = sorted(order, key=order.get)
        with open(args.out + ".jsonl", "w") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
    ok = [r for r in rows if "error" not in r]
    lines = [
        "Time per state, domain heuristic / LM-cut, apart from search (`certplan heuristic time --alive`): "
        f"one sample per task, the first {args.states} states breadth first less the dead ends of either "
        f"heuristic, median of {args.repeats} passes, first passes bounded by {args.max_seconds} s; "
        f"{args.per_level} tasks per level and domain (`python3 bench/heur_per_state.py`).",
        "",
        "| domain | tasks | median ratio | min | max | tasks <= 1/10 |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for dom in domains:
        lines.append(summary_row(dom, [r for r in ok if r["domain"] == dom]))
    lines.append(summary_row("**all**", ok))
    lines += ["", "| level | tasks | median ratio | min | max | tasks <= 1/10 |", "|---|---:|---:|---:|---:|---:|"]
    for level in LEVELS:
        lines.append(summary_row(level, [r for r in ok if r["level"] == level]))
    lines += ["", "Per task (us per state; `cut`: LM-cut's pass ran out of time after that many states):", "",
              "| task | states | domain us | LM-cut us | ratio |", "|---|---:|---:|---:|---:|"]
    for r in rows:
        if "error" in r:
            lines.append(f"| {r['task']} | | | | {r['error']} |")
        else:
            cut = f" (cut: {r['lmcut_states']})" if r["lmcut_cut"] else ""
            lines.append(f"| {r['task']} | {r['states']} | {r['domain_s_per_state'] * 1e6:.2f} | "
                         f"{r['lmcut_s_per_state'] * 1e6:.2f}{cut} | {r['ratio']:.4f} |")
    with open(args.out + ".md", "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines[:len(domains) + 12]))


if __name__ == "__main__":
    main()
