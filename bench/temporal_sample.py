#!/usr/bin/env python3
"""Temporal planning on a sample of ../shared/benchmarks/ipc-temporal: coverage, time and makespan
of `certplan plan` (the temporal planner), every plan checked by certplan's validator (inside
`certplan plan`) and by unified-planning's temporal validator (`up_time_triggered_validator`);
optionally LPG-td (the binary of `pip install up-lpg`, run directly) on the same tasks with the same
limit, its plans checked by `certplan validate`.

For each domain (folder) of the suite, the N smallest problems by `num_objects` in index.csv.
One process per run, one core each (planners run one after another), `--time-limit` per task.

Usage:
    python3 bench/temporal_sample.py [--per-domain 2] [--time-limit 30] [--lpg]
                                     [--certplan target/release/certplan] [--jsonl out.jsonl]

Prints one line per task and a table per domain (solved / tasks, median time, median makespan
of the tasks both solved, for each planner). Exit status 0 always (it is a report).

Internal subcommands (run in child processes so that a hang is bounded by a timeout):
    --up-validate DOMAIN PROBLEM PLAN        prints VALID / INVALID / ERROR <why>
"""

import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BENCH = os.path.normpath(os.path.join(ROOT, "..", "shared", "benchmarks"))


def up_validate(domain, problem, plan):
    """unified-planning's temporal validator checks durations exactly (no tolerance, unlike VAL):
    a duration such as 11/9 has no exact decimal. When the plan as printed is rejected, it is
    checked again with every fixed duration that is within 0.001 of its exact value (static
    fluents of the initial state) replaced by that value, and reported as `VALID-SNAPPED`."""
    from fractions import Fraction

    from unified_planning.io import PDDLReader
    from unified_planning.model.walkers import FreeVarsExtractor
    from unified_planning.plans import TimeTriggeredPlan
    from unified_planning.shortcuts import PlanValidator, get_environment

    env = get_environment()
    env.credits_stream = None
    reader = PDDLReader()
    p = reader.parse_problem(domain, problem)
    with open(plan) as f:
        text = "\n".join(l for l in f if not l.startswith(";"))
    pl = reader.parse_plan_string(p, text)
    with PlanValidator(name="up_time_triggered_validator") as v:
        r = v.validate(p, pl)
        if r.status.name == "VALID":
            print("VALID")
            return
        em = env.expression_manager
        snapped = []
        changed = False
        for start, ai, dur in pl.timed_actions:
            a = ai.action
            if dur is not None and a.duration.lower == a.duration.upper:
                e = a.duration.lower.substitute(
                    {em.ParameterExp(par): arg for par, arg in zip(a.parameters, ai.actual_parameters)}
                )
                fl = FreeVarsExtractor().get(e)
                e = e.substitute({f: p.initial_value(f) for f in fl}).simplify()
                if e.is_constant():
                    exact = Fraction(e.constant_value())
                    if exact != dur and abs(exact - dur) < Fraction(1, 1000):
                        dur = exact
                        changed = True
            snapped.append((start, ai, dur))
        if changed:
            r2 = v.validate(p, TimeTriggeredPlan(snapped))
            if r2.status.name == "VALID":
                print("VALID-SNAPPED")
                return
    print(r.status.name, str(r.reason), str(getattr(r, "inapplicable_action", "") or ""))


def lpg_binary():
    import up_lpg

    return os.path.join(os.path.dirname(up_lpg.__file__), "lpg")


def run_lpg(domain, problem, seconds, out):
    """LPG-td (the binary that `pip install up-lpg` ships), run directly on the PDDL files: its
    plan file is cleaned (`[20.0000])` has a stray parenthesis that unified-planning's reader
    rejects) and written to `out` in the IPC format. Returns (status, wall seconds)."""
    with tempfile.TemporaryDirectory() as tmp:
        base = os.path.join(tmp, "plan")
        t = time.monotonic()
        try:
            subprocess.run(["timeout", str(seconds), lpg_binary(), "-o", domain, "-f", problem, "-n", "1", "-out", base],
                           capture_output=True, text=True, cwd=tmp, timeout=seconds + 10)
        except subprocess.TimeoutExpired:
            pass
        wall = time.monotonic() - t
        sols = [f for f in os.listdir(tmp) if f.startswith("plan") and f.endswith(".SOL")]
        if not sols:
            return "NOPLAN", wall
        lines = []
        for l in open(os.path.join(tmp, sorted(sols)[-1])):
            l = l.split(";")[0].strip()
            if not l:
                continue
            l = l.replace("])", "]")
            lines.append(l)
        with open(out, "w") as f:
            f.write("\n".join(lines) + "\n")
        return "PLAN", wall


def sample(per_domain):
    rows = []
    with open(os.path.join(BENCH, "index.csv")) as f:
        for r in csv.DictReader(f):
            if r["suite"] == "ipc-temporal":
                rows.append(r)
    by = {}
    for r in rows:
        by.setdefault(r["domain"], []).append(r)
    out = []
    for d in sorted(by):
        rs = sorted(by[d], key=lambda r: (int(r["num_objects"] or 0), r["problem_path"]))
        out.extend(rs[:per_domain])
    return out


def run_certplan(exe, domain, problem, limit):
    with tempfile.TemporaryDirectory() as tmp:
        plan = os.path.join(tmp, "plan")
        t = time.monotonic()
        p = subprocess.run(
            [exe, "plan", domain, problem, "--json", "--time-limit", str(limit), "--plan-file", plan],
            capture_output=True, text=True, timeout=limit + 30,
        )
        wall = time.monotonic() - t
        try:
            j = json.loads(p.stdout)
        except json.JSONDecodeError:
            return {"exit": p.returncode, "wall": wall, "result": "no JSON", "plan": None}
        makespan = (j.get("plan") or {}).get("makespan")
        text = open(plan).read() if os.path.exists(plan) else None
        return {"exit": p.returncode, "wall": wall, "result": j.get("result"), "makespan": makespan,
                "reasons": j.get("reasons"), "plan": text}


def child(args, limit):
    try:
        p = subprocess.run([sys.executable, __file__] + args, capture_output=True, text=True, timeout=limit)
        return (p.stdout.strip().splitlines() or [p.stderr.strip()[-200:] or "ERROR"])[-1]
    except subprocess.TimeoutExpired:
        return "TIMEOUT"


def makespan_of(plan_text):
    m = 0.0
    for l in plan_text.splitlines():
        l = l.split(";")[0].strip()
        if not l:
            continue
        t = float(l.split(":")[0])
        d = float(l.split("[")[1].split("]")[0]) if "[" in l else 0.0
        m = max(m, t + d)
    return m


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-domain", type=int, default=2)
    ap.add_argument("--time-limit", type=int, default=30)
    ap.add_argument("--lpg", action="store_true")
    ap.add_argument("--certplan", default=os.path.join(ROOT, "target", "release", "certplan"))
    ap.add_argument("--jsonl", default=None)
    ap.add_argument("--domains", default=None, help="comma-separated folder names")
    a = ap.parse_args()
    only = set(a.domains.split(",")) if a.domains else None
    results = []
    out = open(a.jsonl, "w") if a.jsonl else None
    for r in sample(a.per_domain):
        if only and r["domain"] not in only:
            continue
        dom = os.path.join(BENCH, r["domain_path"])
        prob = os.path.join(BENCH, r["problem_path"])
        c = run_certplan(a.certplan, dom, prob, a.time_limit)
        rec = {"domain": r["domain"], "problem": os.path.basename(prob), "certplan": {k: v for k, v in c.items() if k != "plan"}}
        if c["plan"]:
            with tempfile.NamedTemporaryFile("w", suffix=".plan", delete=False) as f:
                f.write(c["plan"])
            rec["certplan"]["up_validator"] = child(["--up-validate", dom, prob, f.name], 120)
            os.unlink(f.name)
        if a.lpg:
            with tempfile.TemporaryDirectory() as tmp:
                out_plan = os.path.join(tmp, "lpg.plan")
                status, wall = run_lpg(dom, prob, a.time_limit, out_plan)
                lpg = {"status": status, "wall": wall}
                if os.path.exists(out_plan):
                    # LPG separates happenings by about 0.0003: VAL's `-t 0.001`, not its default.
                    v = subprocess.run([a.certplan, "validate", "-t", "0.001", dom, prob, out_plan, "--json"],
                                       capture_output=True, text=True)
                    try:
                        lpg["certplan_valid"] = json.loads(v.stdout).get("ok")
                    except json.JSONDecodeError:
                        lpg["certplan_valid"] = None
                    lpg["makespan"] = makespan_of(open(out_plan).read())
                rec["lpg"] = lpg
        results.append(rec)
        if out:
            out.write(json.dumps(rec) + "\n")
            out.flush()
        cp = rec["certplan"]
        line = f"{r['domain']:<58} {rec['problem']:<10} certplan exit {cp['exit']:>2} {cp['wall']:7.2f}s makespan {cp.get('makespan')} UP: {cp.get('up_validator', '-')}"
        if a.lpg:
            l = rec["lpg"]
            line += f" | LPG {l['status'][:30]} {l['wall']:.2f}s makespan {l.get('makespan')} certplan-valid {l.get('certplan_valid')}"
        print(line, flush=True)

    print()
    print("| domain | tasks | certplan solved | UP-valid | median time (s) | LPG solved | LPG median time (s) | median makespan ratio certplan/LPG |")
    print("|---|---|---|---|---|---|---|---|")
    by = {}
    for rec in results:
        by.setdefault(rec["domain"], []).append(rec)
    for d, rs in by.items():
        solved = [x for x in rs if x["certplan"]["exit"] == 0]
        upv = [x for x in solved if str(x["certplan"].get("up_validator", "")).startswith("VALID")]
        t = statistics.median([x["certplan"]["wall"] for x in solved]) if solved else None
        row = f"| {d} | {len(rs)} | {len(solved)} | {len(upv)} | {t if t is None else round(t, 2)} |"
        if a.lpg:
            ls = [x for x in rs if x["lpg"].get("certplan_valid")]
            lt = statistics.median([x["lpg"]["wall"] for x in ls]) if ls else None
            both = [x for x in rs if x["certplan"]["exit"] == 0 and x["lpg"].get("certplan_valid") and x["lpg"].get("makespan")]
            ratio = statistics.median([x["certplan"]["makespan"] / x["lpg"]["makespan"] for x in both]) if both else None
            row += f" {len(ls)} | {lt if lt is None else round(lt, 2)} | {ratio if ratio is None else round(ratio, 3)} |"
        else:
            row += " - | - | - |"
        print(row)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--up-validate":
        up_validate(*sys.argv[2:5])
    else:
        main()
