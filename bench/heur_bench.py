#!/usr/bin/env python3
"""A* with the domain heuristics of crate dheur against A* + LM-cut, in one run, on the IPC 2023
learning-track test set (../shared/ipc2023-test), one process at a time per configuration pair
(no parallel runs unless -j), each with certplan's own --time-limit.

    python3 bench/heur_bench.py --limit 10 --splits easy --domains spanner miconic ferry childsnack \
        --out bench/heur_results.jsonl

One JSON line per (task, configuration): result, exit code, cost, expansions, search seconds,
total seconds, the task's upper bound, and `cost_ok` (cost <= upper bound). The summary printed at
the end: coverage per domain and configuration, costs that differ between the two where both
solve, costs above the bound, and the median over tasks both solve of the ratio of search time per
expansion (domain heuristic / LM-cut).
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEST = os.path.join(ROOT, "..", "shared", "ipc2023-test")


def run(binary, domain, problem, search, limit):
    # A scratch plan file per run (never a device: certplan removes an old plan file first).
    fd, plan_file = tempfile.mkstemp(suffix=".plan")
    os.close(fd)
    t0 = time.time()
    # `timeout` kills a run that overstays certplan's own limit (loading, grounding) for good.
    p = subprocess.run(
        ["timeout", "-k", "2", str(limit + 5), binary, "plan", "--json", "--time-limit", str(limit), "--memory-limit", "4096", "--search", search,
         "--plan-file", plan_file, domain, problem],
        capture_output=True, text=True, timeout=limit + 30)
    wall = time.time() - t0
    if os.path.exists(plan_file):
        os.remove(plan_file)
    try:
        v = json.loads(p.stdout)
    except json.JSONDecodeError:
        v = {}
    s = v.get("search") or {}
    plan = v.get("plan") or {}
    return {"exit": p.returncode, "result": v.get("result"), "cost": plan.get("cost"),
            "expanded": s.get("expanded"), "search_s": s.get("seconds"), "wall_s": round(wall, 3),
            "reasons": v.get("reasons")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "certplan"))
    ap.add_argument("--limit", type=float, default=10)
    ap.add_argument("--splits", nargs="+", default=["easy", "medium", "hard"])
    ap.add_argument("--domains", nargs="+", required=True)
    ap.add_argument("--tasks", type=int, default=30, help="first N tasks per split")
    ap.add_argument("-j", type=int, default=1)
    ap.add_argument("--domain-heuristic-only", action="store_true",
                    help="skip LM-cut (rerunning a changed heuristic; heur_table.py merges files, later rows win)")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    bounds = json.load(open(os.path.join(TEST, "upper_bounds.json")))
    jobs = []
    for d in a.domains:
        for split in a.splits:
            for i in range(1, a.tasks + 1):
                prob = os.path.join(TEST, d, split, f"p{i:02d}.pddl")
                if not os.path.exists(prob):
                    continue
                cfgs = (f"astar({d}())",) if a.domain_heuristic_only else (f"astar({d}())", "astar(lmcut())")
                for cfg in cfgs:
                    jobs.append((d, split, f"p{i:02d}", cfg, prob))

    def one(j):
        d, split, p, cfg, prob = j
        r = run(a.binary, os.path.join(TEST, d, "domain.pddl"), prob, cfg, a.limit)
        ub = bounds.get(f"{d}/testing/{split}/{p}.pddl")
        r.update({"domain": d, "split": split, "task": p, "config": cfg, "limit_s": a.limit, "upper_bound": ub,
                  "cost_ok": None if r["cost"] is None or ub is None else r["cost"] <= ub})
        return r

    rows = []
    with open(a.out, "w") as f, ThreadPoolExecutor(a.j) as ex:
        for r in ex.map(one, jobs):
            rows.append(r)
            f.write(json.dumps(r) + "\n")
            f.flush()
            print(r["domain"], r["split"], r["task"], r["config"], r["result"], r["cost"], r["expanded"], r["search_s"],
                  file=sys.stderr)
    summarize(rows)


def summarize(rows):
    by = {}
    for r in rows:
        by.setdefault((r["domain"], r["split"], r["task"]), {})[r["config"].split("(")[1]] = r
    doms = sorted({k[0] for k in by})
    print("| domain | tasks | domain heuristic | LM-cut | cost differs | above bound | refused |")
    print("|---|---|---|---|---|---|---|")
    ratios = []
    for d in doms:
        ks = [k for k in by if k[0] == d]
        sol = lambda r: r is not None and r["cost"] is not None
        dh = sum(sol(by[k].get(d)) for k in ks)
        lm = sum(sol(by[k].get("lmcut")) for k in ks)
        diff = sum(1 for k in ks if sol(by[k].get(d)) and sol(by[k].get("lmcut")) and by[k][d]["cost"] != by[k]["lmcut"]["cost"])
        above = sum(1 for k in ks for r in by[k].values() if r["cost_ok"] is False)
        refused = sum(1 for k in ks if by[k].get(d, {}).get("exit") == 34)
        print(f"| {d} | {len(ks)} | {dh} | {lm} | {diff} | {above} | {refused} |")
        for k in ks:
            x, y = by[k].get(d), by[k].get("lmcut")
            if sol(x) and sol(y) and x["expanded"] and y["expanded"] and y["search_s"] > 0.01 and x["search_s"] > 0:
                ratios.append((x["search_s"] / x["expanded"]) / (y["search_s"] / y["expanded"]))
    if ratios:
        print(f"median ratio of search time per expansion (domain / LM-cut) over {len(ratios)} tasks both solve "
              f"(LM-cut search > 0.01 s): {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
