#!/usr/bin/env python3
"""One table from bench/results/dheur-b/<domain>-<split>.jsonl (heur_bench.py lines): coverage per
domain and split for the domain heuristic and LM-cut (10 s), LeanPlan's and LM-cut's 300 s columns
from paper 001's Table 1 (all splits together), costs that differ where both solve, costs above
the upper bound, and the median over tasks both solve of the ratio of search time per expansion."""
import glob, json, os, statistics
HERE = os.path.dirname(os.path.abspath(__file__))
PAPER = {"satellite": (25, 20), "rovers": (18, 16), "floortile": (20, 20)}  # LeanPlan, LM-cut at 300 s
rows = {}
for f in sorted(glob.glob(os.path.join(HERE, "*.jsonl"))):
    for l in open(f):
        r = json.loads(l)
        rows.setdefault((r["domain"], r["split"], r["task"]), {})["lmcut" if "lmcut" in r["config"] else "dh"] = r
print("| domain | split | tasks | domain heuristic | LM-cut | cost differs | above bound | median time/expansion ratio (tasks) | paper 300 s, all splits: LeanPlan / LM-cut |")
print("|---|---|---|---|---|---|---|---|---|")
ok = lambda r: r is not None and r.get("cost") is not None
for d in ["satellite", "rovers", "floortile"]:
    for s in ["easy", "medium", "hard"]:
        ks = [k for k in rows if k[0] == d and k[1] == s]
        if not ks:
            continue
        dh = sum(ok(rows[k].get("dh")) for k in ks)
        lm = sum(ok(rows[k].get("lmcut")) for k in ks)
        diff = sum(1 for k in ks if ok(rows[k].get("dh")) and ok(rows[k].get("lmcut")) and rows[k]["dh"]["cost"] != rows[k]["lmcut"]["cost"])
        above = sum(1 for k in ks for r in rows[k].values() if r.get("cost_ok") is False)
        ratios = []
        for k in ks:
            x, y = rows[k].get("dh"), rows[k].get("lmcut")
            if ok(x) and ok(y) and x["expanded"] and y["expanded"] and y["search_s"] > 0.01 and x["search_s"] > 0:
                ratios.append((x["search_s"] / x["expanded"]) / (y["search_s"] / y["expanded"]))
        med = f"{statistics.median(ratios):.3f} ({len(ratios)})" if ratios else "-"
        print(f"| {d} | {s} | {len(ks)} | {dh} | {lm} | {diff} | {above} | {med} | {PAPER[d][0]} / {PAPER[d][1]} |")
