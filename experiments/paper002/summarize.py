#!/usr/bin/env python3
"""Summarizes paper 002's experiment (run.sh): accuracy per domain and length bin (the long test
split) and per object count (the in-distribution-length test split), mean and range over seeds,
with model size and training time. Writes OUT/summary.csv and OUT/results.md."""
import json
import pathlib
import statistics
import sys

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "experiments/paper002/results")
BINS = [(11, 20), (21, 50), (51, 100), (101, 150), (151, 200)]
rows, table = [], []
for ddir in sorted(p for p in out.iterdir() if p.is_dir()):
    meta = json.loads((ddir / "data" / "meta.json").read_text())
    per_bin = {b: [] for b in BINS}
    per_obj = {}
    params, secs, acc_id = None, [], []
    for ev in sorted(ddir.glob("seed*-eval.json")):
        seed = ev.name.split("-")[0]
        cfg = json.loads((ddir / seed / "config.json").read_text())
        params = cfg["parameters"]
        secs.append(cfg["train_seconds"])
        res = json.loads(ev.read_text())["results"]
        short, long = res[0], res[1]
        acc_id.append(short["accuracy"])
        for c in short["by_objects"]:
            per_obj.setdefault(c["key"], []).append(c["accuracy"])
        for b in BINS:
            cells = [c for c in long["by_length"] if b[0] <= c["key"] <= b[1]]
            n = sum(c["examples"] for c in cells)
            k = sum(c["correct"] for c in cells)
            if n:
                per_bin[b].append(k / n)
                rows.append([ddir.name, meta["class"], seed, f"{b[0]}-{b[1]}", n, f"{k / n:.4f}"])
    if not secs:
        continue
    fmt = lambda v: f"{statistics.mean(v):.3f} ({min(v):.2f}-{max(v):.2f})" if v else "-"
    train_objs = meta["splits"]["train"]["objects"]
    table.append((ddir.name, meta["class"], params, statistics.mean(secs), len(secs),
                  fmt(acc_id), [fmt(per_bin[b]) for b in BINS],
                  {k: statistics.mean(v) for k, v in sorted(per_obj.items())}, train_objs))

with open(out / "summary.csv", "w") as f:
    f.write("domain,class,seed,length_bin,examples,accuracy\n")
    for r in rows:
        f.write(",".join(map(str, r)) + "\n")

with open(out / "results.md", "w") as f:
    f.write("| domain | class | params | train s (mean) | seeds | test, lengths 11-20 | "
            + " | ".join(f"len {a}-{b}" for a, b in BINS) + " |\n")
    f.write("|---" * (6 + len(BINS)) + "|\n")
    for d, c, p, s, n, aid, bins, _, _ in table:
        f.write(f"| {d} | {c} | {p} | {s:.0f} | {n} | {aid} | " + " | ".join(bins) + " |\n")
    f.write("\nAccuracy by object count (test split with lengths 11-20; mean over seeds):\n\n")
    for d, _, _, _, _, _, _, objs, tr in table:
        f.write(f"- {d} (trained on {tr[0]}-{tr[1]} objects): "
                + ", ".join(f"{k}: {v:.2f}" for k, v in objs.items()) + "\n")
print((out / "results.md").read_text())
