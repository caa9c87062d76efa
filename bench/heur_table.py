#!/usr/bin/env python3
"""Coverage per domain and split from heur_bench.py's JSON lines, beside paper 001's Table 1
columns (300 s; A* + LM-cut in Scorpion, LeanPlan), with the optimality checks and the median
ratio of search time per expansion (domain heuristic / LM-cut) per domain.

    python3 bench/heur_table.py bench/heur_results_bw_tr_sok.jsonl
"""
import json, statistics, sys

# Paper 001, Table 1 (all 90 tasks of a domain, 300 s): A* + LM-cut (Scorpion), LeanPlan.
PAPER = {"blocksworld": (11, 20), "childsnack": (9, 16), "ferry": (18, 29), "floortile": (20, 20), "miconic": (36, 37),
         "rovers": (16, 18), "satellite": (20, 25), "sokoban": (29, 30), "spanner": (30, 72), "transport": (9, 14)}


def main(paths):
    rows = [json.loads(l) for p in paths for l in open(p) if l.strip()]
    by = {}
    for r in rows:
        by.setdefault((r["domain"], r["split"], r["task"]), {})["lmcut" if "lmcut" in r["config"] else "dh"] = r
    sol = lambda r: r is not None and r.get("cost") is not None
    print("| domain | split | tasks | domain heuristic | LM-cut | cost differs | above bound | refused |")
    print("|---|---|---|---|---|---|---|---|")
    totals = {}
    for d, sp in sorted({(k[0], k[1]) for k in by}, key=lambda x: (x[0], ["easy", "medium", "hard"].index(x[1]))):
        ks = [k for k in by if k[0] == d and k[1] == sp]
        dh = sum(sol(by[k].get("dh")) for k in ks)
        lm = sum(sol(by[k].get("lmcut")) for k in ks)
        diff = sum(1 for k in ks if sol(by[k].get("dh")) and sol(by[k].get("lmcut")) and by[k]["dh"]["cost"] != by[k]["lmcut"]["cost"])
        above = sum(1 for k in ks for r in by[k].values() if r.get("cost_ok") is False)
        refused = sum(1 for k in ks if (by[k].get("dh") or {}).get("exit") == 34)
        t = totals.setdefault(d, [0, 0, 0, 0, 0, 0])
        for i, v in enumerate((len(ks), dh, lm, diff, above, refused)):
            t[i] += v
        print(f"| {d} | {sp} | {len(ks)} | {dh} | {lm} | {diff} | {above} | {refused} |")
    print()
    print("| domain | tasks run | domain heuristic (10 s) | LM-cut (10 s) | paper LM-cut (300 s, 90 tasks) | paper LeanPlan (300 s, 90 tasks) | median time/expansion ratio (tasks) |")
    print("|---|---|---|---|---|---|---|")
    for d, t in sorted(totals.items()):
        ratios = []
        for k in by:
            if k[0] != d:
                continue
            x, y = by[k].get("dh"), by[k].get("lmcut")
            if sol(x) and sol(y) and x["expanded"] and y["expanded"] and y["search_s"] > 0.01 and x["search_s"] > 0:
                ratios.append((x["search_s"] / x["expanded"]) / (y["search_s"] / y["expanded"]))
        med = f"{statistics.median(ratios):.3f} ({len(ratios)})" if ratios else "-"
        pl, pp = PAPER.get(d, ("?", "?"))
        print(f"| {d} | {t[0]} | {t[1]} | {t[2]} | {pl} | {pp} | {med} |")


if __name__ == "__main__":
    main(sys.argv[1:])
