#!/usr/bin/env python3
"""Summarizes paper 002's experiment (run.sh) from the JSON of its two `certplan eval` runs:
per domain, its class, model size, mean training time, and accuracy (mean over seeds, least and
largest in brackets) on the test set of the training lengths with more objects, and on the long
test set in length bins. Writes OUT/results.md and OUT/summary.csv."""
import json
import pathlib
import statistics
import sys

out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "experiments/paper002/results")
BINS = [(11, 20), (21, 50), (51, 100), (101, 150), (151, 200)]


def runs(name):
    path = out / name
    return json.loads(path.read_text())["runs"] if path.exists() else []


def fmt(v):
    return f"{statistics.mean(v):.3f} ({min(v):.2f}-{max(v):.2f})" if v else "-"


long_runs, obj_runs = runs("eval-long.json"), runs("eval-objects.json")
domains = []
for r in long_runs + obj_runs:
    if r["domain"] not in domains:
        domains.append(r["domain"])

rows, table = [], []
for d in domains:
    meta = json.loads((out / d / "data" / "meta.json").read_text())
    mine_long = [r for r in long_runs if r["domain"] == d]
    mine_obj = [r for r in obj_runs if r["domain"] == d]
    params = (mine_long or mine_obj)[0]["parameters"]
    secs = [r["train_seconds"] for r in (mine_long or mine_obj)]
    steps_per_s = []
    for r in mine_long or mine_obj:
        cfg = json.loads((pathlib.Path(r["run"]) / "config.json").read_text())
        steps_per_s.append(cfg["train"]["steps"] * cfg["train"]["batch"] / max(cfg["train_seconds"], 1e-9))
    acc_obj_in, acc_obj_out = [], []
    tr_lo, tr_hi = meta["splits"]["train"]["objects"]
    for r in mine_obj:
        cells = r["results"][0]["by_objects"]
        for keep, acc in ((lambda k: k <= tr_hi, acc_obj_in), (lambda k: k > tr_hi, acc_obj_out)):
            n = sum(c["examples"] for c in cells if keep(c["key"]))
            k = sum(c["correct"] for c in cells if keep(c["key"]))
            if n:
                acc.append(k / n)
    per_bin = {b: [] for b in BINS}
    for r in mine_long:
        cells = r["results"][0]["by_length"]
        for b in BINS:
            sel = [c for c in cells if b[0] <= c["key"] <= b[1]]
            n = sum(c["examples"] for c in sel)
            k = sum(c["correct"] for c in sel)
            if n:
                per_bin[b].append(k / n)
                rows.append([d, meta["class"], r["run"], f"{b[0]}-{b[1]}", n, f"{k / n:.4f}"])
    table.append([d, meta["class"], params, f"{statistics.mean(secs):.0f}", f"{statistics.mean(steps_per_s):.0f}",
                  str(len(secs)), f"{tr_lo}-{tr_hi}", fmt(acc_obj_in), fmt(acc_obj_out)]
                 + [fmt(per_bin[b]) for b in BINS])

with open(out / "summary.csv", "w") as f:
    f.write("domain,class,run,length_bin,examples,accuracy\n")
    for r in rows:
        f.write(",".join(map(str, r)) + "\n")

head = ["domain", "class", "parameters", "train s (mean)", "train examples/s", "seeds", "train objects",
        "lengths 11-20, train objects", "lengths 11-20, more objects"] + [f"length {a}-{b}" for a, b in BINS]
with open(out / "results.md", "w") as f:
    f.write("| " + " | ".join(head) + " |\n")
    f.write("|---" * len(head) + "|\n")
    for t in table:
        f.write("| " + " | ".join(map(str, t)) + " |\n")
print((out / "results.md").read_text())
