#!/usr/bin/env python3
"""Turns experiments/gp/results.jsonl (written by run.sh) into experiments/gp/solves.md: per domain,
the validity constraints, whether a worked `solve` exists, tasks valid / total per set, and whether
its completeness proof is checked (read off crates/gp/src/worked.rs)."""
import json, re, pathlib

root = pathlib.Path(__file__).resolve().parents[2]
rows = [json.loads(l) for l in (root / "experiments/gp/results.jsonl").read_text().splitlines() if l.strip()]
worked = (root / "crates/gp/src/worked.rs").read_text()
proved = set(re.findall(r'domain: "(\w+)",\s*file: "\w+\.v",\s*text: include_str!\("[^"]+"\),\s*proved: true', worked))
sets = ["debug", "ipc-easy", "ipc-medium", "autoplanbench", "silver2024-test"]
paper = ["delivery", "ferry", "heavy", "hiking", "miconic", "spanner", "blocksworld", "goldminer", "grippers",
         "logistics", "rovers", "satellite", "transport"]
by = {(r["domain"], r["set"]): r for r in rows}
out = ["| domain | constraints | solve | " + " | ".join(sets) + " | proof |", "|" + "---|" * (len(sets) + 4)]
for d in paper:
    has_solve = (root / f"crates/gp/coq/{d.capitalize()}Solve.v").exists()
    cells = []
    for s in sets:
        r = by.get((d, s))
        if r is None:
            cells.append("-")
        else:
            extra = "" if r["valid"] == r["total"] else " (" + ", ".join(f"{k} {v}" for k, v in sorted(r["verdicts"].items()) if k != "valid") + ")"
            cells.append(f'{r["valid"]}/{r["total"]}{extra}, max {r["max_seconds"]} s')
    out.append(f"| {d} | yes | {'yes' if has_solve else 'no'} | " + " | ".join(cells) + f" | {'checked' if d in proved else '-'} |")
(root / "experiments/gp/solves.md").write_text(
    "# Worked generalized plans: tasks solved\n\n"
    "Written by `experiments/gp/table.py` from `results.jsonl` (`experiments/gp/run.sh`: `certplan gp run` per set,\n"
    "debug build, 180 s per task, on the shared 2-core machine while other builds ran; seconds are coqc's time per\n"
    "task: compiling the instance and `vm_compute` of `solve`). `-`: set not run or not available.\n\n"
    + "\n".join(out) + "\n"
    + (root / "experiments/gp/notes.md").read_text())
print("\n".join(out))
