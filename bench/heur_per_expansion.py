#!/usr/bin/env python3
"""Time per expansion, A* with the domain heuristic against A* with LM-cut, side by side.

Issue 10's target: a domain heuristic costs at most 1/10 of LM-cut's time per expansion on the same
tasks. The tasks are those of Table 1 (experiments/results/ipc2023-table1.jsonl) that both
certplan-domain and certplan-lmcut solved with at least --min-expansions expansions each. Each task
runs with both heuristics, alternating, --repeats times; time is the engine's own (`search.seconds`
less `search.setup_seconds` of `certplan plan --json`: no parsing, grounding, certificate or
heuristic set-up, as Fast Downward's `Search time`). Per task: the median over repeats of seconds per expansion, and the
ratio domain / LM-cut; reported per domain and overall as medians of those ratios. The same per
evaluated state is the heuristic's cost per state: the two searches expand different states, and
where those differ in branching the ratio per expansion says more about the states than about the
heuristics (spanner's domain-heuristic search walks the man onto squares with dozens of spanners,
some 290 successors per expansion, where LM-cut's, stuck near the start, generates 5).

    cargo build --release -p certplan
    python3 bench/heur_per_expansion.py            # writes bench/results/heur_per_expansion.{jsonl,md}

With --against OLD_BINARY it compares two builds instead: A* with the domain heuristic, this build
against OLD_BINARY (an evaluator change: the ratio is new / old time per expansion), on the tasks
certplan-domain solved with at least --min-expansions expansions, at most --per-domain of them per
domain (those with the most expansions among the runs of at most --max-seconds):

    python3 bench/heur_per_expansion.py --against /tmp/certplan-old --per-domain 6 --out bench/results/dheur_ab

With --lmcut-unsolved S it also takes the tasks that certplan-domain solved and certplan-lmcut did
not: LM-cut then runs S seconds, and its time per expansion is that of the search it got through
(the engine reports it for a search cut short too). These are the larger tasks, where LM-cut costs
more per state; tiny tasks (a hundred expansions) show mostly fixed costs on both sides. They are
reported in a table of their own:

    python3 bench/heur_per_expansion.py --lmcut-unsolved 3 --per-domain 3 --max-seconds 3 --out bench/results/heur_per_expansion_all

With --floor S it also runs blind A* (cut at S seconds) on each task: its time per expansion
over LM-cut's is the floor of the ratio, what a heuristic that cost nothing would get, since
successor generation, the state registry and the open list cost every search the same (blind
search's states differ, so it is an estimate). On the smallest tasks that floor is itself near
1/10; bench/heur_per_state.py times the heuristics apart from search instead:

    python3 bench/heur_per_expansion.py --per-domain 3 --max-seconds 3 --floor 3 --out bench/results/heur_per_expansion_floor

On a shared, noisy machine, --instructions counts instead of timing: the instructions the engine
executes (valgrind's callgrind, collecting inside `search::engine::search` only), per expansion, in
one run per side (the count does not vary between runs). Use it with tasks of about a second
(--max-seconds 0.5): callgrind runs some 50 times slower.
"""
import re
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
    t = s["seconds"] - s.get("setup_seconds", 0.0)
    return t / s["expanded"], s["expanded"], t / max(s.get("evaluated") or 1, 1)


def run_instructions(binary, domain, problem, search, time_limit):
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.devnull,
         "--toggle-collect=search::engine::search*", binary, "--quiet", "plan", "--json", "--search", search,
         "--plan-file", os.devnull, domain, problem],
        capture_output=True, text=True, timeout=time_limit * 100)
    m = re.search(r"Collected : (\d+)", out.stderr)
    try:
        v = json.loads(out.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        return None
    s = v.get("search") or {}
    if not m or not s.get("expanded"):
        return None
    n = int(m.group(1))
    return n / s["expanded"], s["expanded"], n / max(s.get("evaluated") or 1, 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", default=os.path.join(ROOT, "experiments/results/ipc2023-table1.jsonl"))
    ap.add_argument("--tests", default=os.path.join(ROOT, "../shared/ipc2023-test"))
    ap.add_argument("--certplan", default=os.path.join(ROOT, "target/release/certplan"))
    ap.add_argument("--min-expansions", type=int, default=100)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=30)
    ap.add_argument("--out", default=os.path.join(ROOT, "bench/results/heur_per_expansion"))
    ap.add_argument("--against", help="another certplan binary: compare the domain heuristic across builds")
    ap.add_argument("--per-domain", type=int, default=0, help="at most this many tasks per domain (0: all)")
    ap.add_argument("--max-seconds", type=float, default=6.0, help="with --per-domain: Table 1 runs up to this long")
    ap.add_argument("--instructions", action="store_true", help="count instructions (callgrind), not time")
    ap.add_argument("--lmcut-unsolved", type=float, default=0, metavar="S",
                    help="also tasks LM-cut did not solve in Table 1, LM-cut cut at S seconds")
    ap.add_argument("--floor", type=float, default=0, metavar="S",
                    help="also blind A* per task, cut at S seconds: the floor of the ratio")
    a = ap.parse_args()
    measure = run
    if a.instructions:
        if subprocess.run(["valgrind", "--version"], capture_output=True).returncode != 0:
            sys.exit("--instructions needs valgrind (apt-get install valgrind)")
        measure, a.repeats = run_instructions, 1
    for b in [a.certplan] + ([a.against] if a.against else []):
        if not os.access(b, os.X_OK):
            sys.exit(f"no certplan binary at {b}: run `cargo build --release -p certplan`")
    if a.against:
        sides = (("new", a.certplan, "astar(domain())"), ("old", a.against, "astar(domain())"))
        what = (f"{'Instructions' if a.instructions else 'Time'} per expansion, A* with the domain heuristic, "
                f"{a.certplan} / {a.against} ({'callgrind, inside the engine' if a.instructions else 'engine time'}, "
                f"median of {a.repeats} runs each; tasks certplan-domain solved in Table 1 with >= "
                f"{a.min_expansions} expansions).")
    else:
        sides = (("domain", a.certplan, "astar(domain())"), ("lmcut", a.certplan, "astar(lmcut())"))
        what = ("Time per expansion, A* with the domain heuristic / A* with LM-cut (engine time, median of "
                f"{a.repeats} runs each; tasks both solved in Table 1 with >= {a.min_expansions} expansions"
                + (", and tasks only the domain heuristic solved" if a.lmcut_unsolved else "") + "). "
                "Per evaluated state: the same time divided by the states each search evaluated, not expanded.")
    last = {}
    for line in open(a.results):
        r = json.loads(line)
        if r.get("kind") == "run":
            last[(r["config"], r["problem"])] = r
    def lmcut_solved(p):
        o = last.get(("certplan-lmcut", p))
        return bool(o) and o["status"] == "solved"

    tasks = sorted(
        p for (c, p), r in last.items()
        if c == "certplan-domain" and r["status"] == "solved" and (r["expansions"] or 0) >= a.min_expansions
        and (a.against or (lmcut_solved(p) and (last[("certplan-lmcut", p)]["expansions"] or 0) >= a.min_expansions)
             or (a.lmcut_unsolved and not lmcut_solved(p))))
    if a.per_domain:
        by_dom = {}
        for p in tasks:
            r = last[("certplan-domain", p)]
            if (r.get("cpu_time") or 0) <= a.max_seconds:
                # Per domain and, with --lmcut-unsolved, per group: each group gets its share.
                by_dom.setdefault((p.split("/")[0], bool(a.against) or lmcut_solved(p)), []).append((-(r["expansions"] or 0), p))
        tasks = sorted(p for v in by_dom.values() for _, p in sorted(v)[:a.per_domain])
    if not tasks:
        sys.exit("no task both configurations solved yet")
    rows = []
    with open(a.out + ".jsonl", "w") as f:
        for i, p in enumerate(tasks):
            dom = p.split("/")[0]
            files = (os.path.join(a.tests, dom, "domain.pddl"), os.path.join(a.tests, p))
            (na, _, _), (nb, _, _) = sides
            cut = not a.against and not lmcut_solved(p)
            per = {na: [], nb: []}
            for _ in range(a.repeats):
                for name, binary, search in sides:
                    limit = a.lmcut_unsolved if cut and name == nb else a.time_limit
                    x = measure(binary, *files, search, limit)
                    if x:
                        per[name].append(x)
            floor = []
            if a.floor and not a.against:
                for _ in range(a.repeats):
                    x = measure(a.certplan, *files, "astar(blind())", a.floor)
                    if x:
                        floor.append(x)
            if not per[na] or not per[nb]:
                why = (f"LM-cut expanded nothing in {a.lmcut_unsolved:g} s" if cut and per[na]
                       else f"not solved by both within {a.time_limit:g} s")
                print(f"[{i + 1}/{len(tasks)}] {p}: {why}", file=sys.stderr)
                continue
            d = statistics.median(x[0] for x in per[na])
            m = statistics.median(x[0] for x in per[nb])
            de = statistics.median(x[2] for x in per[na])
            me = statistics.median(x[2] for x in per[nb])
            row = {"task": p, "domain": dom, f"{na}_s_per_exp": d, f"{nb}_s_per_exp": m, "ratio": d / m,
                   f"{na}_s_per_eval": de, f"{nb}_s_per_eval": me, "ratio_per_eval": de / me,
                   f"{na}_expansions": per[na][0][1], f"{nb}_expansions": per[nb][0][1]}
            if cut:
                row["lmcut_cut_at_s"] = a.lmcut_unsolved
            if floor:
                b = statistics.median(x[0] for x in floor)
                row.update({"blind_s_per_exp": b, "floor": b / m})
            rows.append(row)
            f.write(json.dumps(row) + "\n")
            unit = f"{d:.0f} vs {m:.0f} instructions" if a.instructions else f"{d * 1e6:.1f} us vs {m * 1e6:.1f} us"
            print(f"[{i + 1}/{len(tasks)}] {p}: {unit} per expansion, ratio {d / m:.3f}; "
                  f"per evaluated state {de / me:.3f}", file=sys.stderr)
    lines = [what]
    groups = [("", [r for r in rows if "lmcut_cut_at_s" not in r])]
    if a.lmcut_unsolved:
        groups = [("Tasks both solved in Table 1:", groups[0][1]),
                  (f"Tasks LM-cut did not solve in Table 1 (LM-cut's search cut at {a.lmcut_unsolved:g} s):",
                   [r for r in rows if "lmcut_cut_at_s" in r])]
    for title, group in groups:
        if not group:
            continue
        by = {}
        for r in group:
            by.setdefault(r["domain"], []).append(r)
        lines += [""] + ([title, ""] if title else [])
        with_floor = any("floor" in r for r in rows)
        lines += ["| domain | tasks | median ratio | min | max | per evaluated state: median | min | max |"
                  + (" floor (blind / LM-cut): median |" if with_floor else ""),
                  "|---|---:|---:|---:|---:|---:|---:|---:|" + ("---:|" if with_floor else "")]

        def cells(rs):
            v, e = [r["ratio"] for r in rs], [r["ratio_per_eval"] for r in rs]
            fl = [r["floor"] for r in rs if "floor" in r]
            return (f"{len(v)} | {statistics.median(v):.3f} | {min(v):.3f} | {max(v):.3f} | "
                    f"{statistics.median(e):.3f} | {min(e):.3f} | {max(e):.3f}"
                    + ((f" | {statistics.median(fl):.3f}" if fl else " | ") if with_floor else ""))
        for dom, rs in sorted(by.items()):
            lines.append(f"| {dom} | {cells(rs)} |")
        lines.append(f"| all | {cells(group)} |")
    open(a.out + ".md", "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
