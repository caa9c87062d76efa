#!/usr/bin/env python3
"""PDDL 2.1 planners side by side: certplan, ENHSP, LPG-td and ferroplan on the numeric or the
temporal family of ../shared/benchmarks, one task at a time, one core per run, the same wall-clock
limit for every planner. Not part of CI.

Every plan any planner writes is judged by certplan's validator (`certplan validate --json`), never
by the planner's own claim: a task counts as solved only when the validator says `valid`. For each
run the script records the status, wall time (process start to exit, JVM start included), plan
length, the metric value and (temporal) the makespan as the validator computed them.

    python3 bench/pddl21_bench.py --family numeric --per-domain 5 --limit 30 \
        --jsonl bench/pddl21_numeric_results.jsonl --table bench/pddl21_numeric_results.md

Planners (each skipped with a note when missing):
  certplan   `certplan plan DOMAIN PROBLEM` (target/release/certplan, or --certplan)
  enhsp      ENHSP's jar from `pip install up-enhsp` (java), default configuration, on lowercased
             copies of the files (its parser is case-sensitive; PDDL is not)
  lpg        LPG-td from `pip install up-lpg`, `-n 1` (first plan)
  ferroplan  `cargo install ferroplan-cli` (binary `ff`; --ferroplan), `--threads 1 --json`

One core: each run is pinned with `taskset -c CORE` where available, ENHSP's JVM is told
`-XX:ActiveProcessorCount=1`, ferroplan gets `--threads 1`. Runs are sequential (jobs 1).
"""
import argparse, json, os, re, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
ROOT = os.path.abspath(os.path.join(REPO, "..", "shared", "benchmarks"))


def site_file(module, *parts):
    import importlib.util
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = os.path.join(list(spec.submodule_search_locations)[0], *parts)
    return path if os.path.exists(path) else None


def tasks(family, per_domain, only):
    base = os.path.join(ROOT, "ipc-" + family)
    out = []
    for dom in sorted(os.listdir(base)):
        if only and not any(o in dom for o in only):
            continue
        d = os.path.join(base, dom)
        probs = sorted(f for f in os.listdir(d) if f.endswith(".pddl") and f != "domain.pddl" and not f.startswith("domain"))
        for p in probs[:per_domain]:
            dom_file = os.path.join(d, "domain.pddl")
            # Some suites ship a domain per problem (`domain-p01.pddl` or `p01-domain.pddl`).
            for cand in (f"domain-{p}", p.replace(".pddl", "-domain.pddl")):
                if os.path.exists(os.path.join(d, cand)):
                    dom_file = os.path.join(d, cand)
            out.append((dom, dom_file, os.path.join(d, p)))
    return out


def run(cmd, limit, cwd, pin):
    """(wall seconds, returncode or None on timeout, stdout+stderr tail)."""
    if pin is not None and shutil.which("taskset"):
        cmd = ["taskset", "-c", str(pin)] + cmd
    t = time.perf_counter()
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=limit, errors="replace",
                           start_new_session=True)
        return time.perf_counter() - t, p.returncode, (p.stdout or "") + (p.stderr or "")
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return time.perf_counter() - t, None, out


# --- plan-file conversions -------------------------------------------------------------------

TIMED = re.compile(r"^\s*([0-9.]+)\s*:\s*(\([^)]*\))\s*(\[\s*([0-9.eE+-]+)\s*\])?")


def timed_lines(text):
    """(time, '(action args)', duration or None) for each `t: (a ...) [d]` line."""
    out = []
    for line in text.splitlines():
        m = TIMED.match(line)
        if m:
            out.append((float(m.group(1)), m.group(2).lower(), float(m.group(4)) if m.group(4) else None))
    return out


def to_sequential(steps):
    """Steps ordered by time (stable), as a sequential plan file."""
    return "".join(a + "\n" for _, a, _ in sorted(steps, key=lambda s: s[0]))


def to_temporal(steps):
    # Full precision: rounding would merge happenings a planner separated by its epsilon.
    return "".join(f"{t!r}: {a} [{(d if d is not None else 0.0)!r}]\n" for t, a, d in steps)


# --- adapters: each returns (plan text or None, note) ------------------------------------------

def certplan(args, dom, prob, tmp, family):
    plan = os.path.join(tmp, "plan")
    cmd = [args.certplan, "plan", dom, prob, "--plan-file", plan, "--time-limit", str(args.limit), "--json", "-q"]
    dt, rc, out = run(cmd, args.limit + 5, tmp, args.core)
    note = ""
    try:
        v = json.loads(out[out.index("{"):]) if "{" in out else {}
        note = v.get("result", "") if rc != 0 else v.get("planner", "")
    except (ValueError, json.JSONDecodeError):
        note = out.strip().splitlines()[-1][:200] if out.strip() else ""
    if rc == 0 and os.path.exists(plan):
        return dt, rc, open(plan).read(), note
    return dt, rc, None, note


def enhsp(args, dom, prob, tmp, family):
    jar = args.enhsp
    plan = os.path.join(tmp, "plan")
    # ENHSP's parser is case-sensitive about names (the IPC 2002 files declare `Depot` and use
    # `depot`: "Depot not found"); PDDL is not, so it reads lowercased copies.
    low = []
    for src, name in ((dom, "domain.pddl"), (prob, "problem.pddl")):
        low.append(os.path.join(tmp, name))
        with open(src, errors="replace") as f, open(low[-1], "w") as g:
            g.write(f.read().lower())
    dom, prob = low
    cmd = ["java", "-XX:ActiveProcessorCount=1", f"-Xmx{args.java_heap}", "-jar", jar, "-o", dom, "-f", prob, "-sp", plan, "-npm"]
    dt, rc, out = run(cmd, args.limit, tmp, args.core)
    if not os.path.exists(plan) or os.path.getsize(plan) == 0:
        last = [l for l in out.splitlines() if l.strip()]
        return dt, rc, None, (last[-1][:200] if last else "")
    text = open(plan).read()
    steps = timed_lines(text)
    if family == "numeric" and not steps:
        return dt, rc, text, ""
    return dt, rc, (to_sequential(steps) if family == "numeric" else to_temporal(steps)) if steps else text, ""


def lpg(args, dom, prob, tmp, family):
    plan = os.path.join(tmp, "plan")
    cmd = [args.lpg, "-o", dom, "-f", prob, "-n", "1", "-out", plan]
    dt, rc, out = run(cmd, args.limit, tmp, args.core)
    files = [f for f in os.listdir(tmp) if f.startswith("plan") and f.endswith(".SOL")] + (["plan"] if os.path.exists(plan) else [])
    for f in files:
        steps = timed_lines(open(os.path.join(tmp, f)).read())
        if steps:
            return dt, rc, to_sequential(steps) if family == "numeric" else to_temporal(steps), ""
    last = [l for l in out.splitlines() if l.strip()]
    return dt, rc, None, (last[-1][:200] if last else "")


def ferroplan(args, dom, prob, tmp, family):
    cmd = [args.ferroplan, "-o", dom, "-f", prob, "--threads", "1", "--json"]
    dt, rc, out = run(cmd, args.limit, tmp, args.core)
    try:
        v = json.loads(out[out.index("{"):out.rindex("}") + 1])
    except (ValueError, json.JSONDecodeError):
        last = [l for l in out.splitlines() if l.strip()]
        return dt, rc, None, (last[-1][:200] if last else "no JSON output")
    if not v.get("solved"):
        return dt, rc, None, str(v.get("note") or v.get("reason") or v.get("status") or "not solved")[:200]
    steps = (v.get("plan") or {}).get("steps") or []
    lines = []
    temporal = False
    for i, s in enumerate(steps):
        act = "(" + " ".join([s["action"]] + list(s.get("args", []))).lower() + ")"
        start = s.get("start", s.get("time"))
        dur = s.get("duration")
        if start is not None:
            temporal = True
        lines.append((float(start) if start is not None else float(i), act, float(dur) if dur is not None else None))
    if family == "temporal" or temporal and family != "numeric":
        return dt, rc, to_temporal(lines), ""
    return dt, rc, to_sequential(lines), ""


SMALL_TOLERANCE = 0.001

ADAPTERS = {"certplan": certplan, "enhsp": enhsp, "lpg": lpg, "ferroplan": ferroplan}


def validate(args, dom, prob, plan_path, tolerance=None):
    cmd = [args.certplan, "validate", dom, prob, plan_path, "--json", "-q"]
    if tolerance is not None:
        cmd += ["-t", str(tolerance)]
    p = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    try:
        v = json.loads(p.stdout)
        r = v["plans"][0]["report"]
    except (ValueError, KeyError, IndexError, json.JSONDecodeError, TypeError):
        return {"verdict": "validator-error"}
    m = r.get("metric") or {}
    return {"verdict": r.get("verdict"), "length": r.get("steps"), "metric": m.get("value"),
            "optimization": m.get("optimization"), "makespan": r.get("makespan"),
            "failure": (r.get("failure") or {}).get("message") if isinstance(r.get("failure"), dict) else r.get("failure")}


def available(args):
    have = {}
    have["certplan"] = os.path.exists(args.certplan) or f"no {args.certplan} (cargo build --release -p certplan)"
    have["enhsp"] = (bool(args.enhsp) and os.path.exists(args.enhsp) and shutil.which("java") is not None) or "pip install up-enhsp (and java)"
    have["lpg"] = (bool(args.lpg) and os.path.exists(args.lpg)) or "pip install up-lpg"
    have["ferroplan"] = (bool(args.ferroplan) and os.path.exists(args.ferroplan)) or "cargo install ferroplan-cli"
    return have


def table(rows, planners, family, limit):
    """Markdown: solved per domain and planner (median time of solved), then totals and quality."""
    domains = sorted({r["domain"] for r in rows})
    by = {}
    for r in rows:
        by.setdefault((r["domain"], r["planner"]), []).append(r)
    qual = "metric" if family == "numeric" else "makespan"
    out = [f"Family `{family}`, limit {limit:g} s per run, one core; solved = plan accepted by certplan's validator"
           + (" at VAL's default tolerance (-t 0.01)" if family == "temporal" else "") + ". "
           f"Cells: solved/tasks (median wall seconds over solved).", ""]
    out.append("| domain | " + " | ".join(planners) + " |")
    out.append("|---|" + "---|" * len(planners))
    totals = {p: [0, 0, []] for p in planners}
    for d in domains:
        cells = []
        for p in planners:
            rs = by.get((d, p), [])
            ok = [r for r in rs if r["status"] == "solved"]
            totals[p][0] += len(ok)
            totals[p][1] += len(rs)
            totals[p][2] += [r["time"] for r in ok]
            med = f" ({statistics.median(r['time'] for r in ok):.2f})" if ok else ""
            cells.append(f"{len(ok)}/{len(rs)}{med}")
        out.append(f"| {d} | " + " | ".join(cells) + " |")
    out.append("| **total** | " + " | ".join(
        f"**{t[0]}/{t[1]}**" + (f" ({statistics.median(t[2]):.2f})" if t[2] else "") for t in (totals[p] for p in planners)) + " |")
    if family == "temporal":
        out.append("| *valid only at -t 0.001* | " + " | ".join(
            str(sum(1 for r in rows if r["planner"] == p and r.get("valid_small_tolerance"))) for p in planners) + " |")
    # Quality: on tasks every planner solved, each planner's value against the best.
    tasks_ = sorted({(r["domain"], r["problem"]) for r in rows})
    common = []
    for t in tasks_:
        vals = {}
        for r in rows:
            if (r["domain"], r["problem"]) == t and r["status"] == "solved" and r.get(qual) is not None:
                vals[r["planner"]] = (r[qual], r.get("optimization") or "minimize")
        if len(vals) == len(planners):
            common.append(vals)
    out += ["", f"Plan quality ({qual}) on the {len(common)} tasks that all planners solved: "
            "how often each planner's value is the best (ties count for each), and the geometric mean "
            "of value / best value (1.00 = always the best; tasks with a best value of 0 left out of the mean).", ""]
    out.append("| | " + " | ".join(planners) + " |")
    out.append("|---|" + "---|" * len(planners))
    best_counts, ratios = {p: 0 for p in planners}, {p: [] for p in planners}
    for vals in common:
        maximize = next(iter(vals.values()))[1] == "maximize"
        best = (max if maximize else min)(v for v, _ in vals.values())
        for p, (v, _) in vals.items():
            if abs(v - best) <= 1e-6 * max(1.0, abs(best)):
                best_counts[p] += 1
            if best > 0 and v > 0:
                ratios[p].append(best / v if maximize else v / best)
    gm = lambda xs: (statistics.geometric_mean(xs) if xs else float("nan"))
    out.append("| best | " + " | ".join(str(best_counts[p]) for p in planners) + " |")
    out.append("| value / best | " + " | ".join(f"{gm(ratios[p]):.2f}" for p in planners) + " |")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--family", choices=["numeric", "temporal"], required=True)
    ap.add_argument("--per-domain", type=int, default=3, help="the first K problems of each domain (sorted by name)")
    ap.add_argument("--limit", type=float, default=30.0, help="wall-clock seconds per run")
    ap.add_argument("--planners", default="certplan,enhsp,lpg,ferroplan")
    ap.add_argument("--domains", default="", help="comma-separated substrings of domain directory names")
    ap.add_argument("--certplan", default=os.path.join(REPO, "target", "release", "certplan"))
    ap.add_argument("--enhsp", default=site_file("up_enhsp", "ENHSP", "enhsp.jar"))
    ap.add_argument("--lpg", default=site_file("up_lpg", "lpg"))
    ap.add_argument("--ferroplan", default=shutil.which("ff") or os.path.expanduser("~/.cargo/bin/ff"))
    ap.add_argument("--java-heap", default="4g")
    ap.add_argument("--core", type=int, default=0, help="the core every run is pinned to (-1: no pinning)")
    ap.add_argument("--jsonl", default=None, help="results, one JSON object per run (default: bench/pddl21_FAMILY_results.jsonl)")
    ap.add_argument("--table", default=None, help="the Markdown table (default: bench/pddl21_FAMILY_results.md)")
    ap.add_argument("--from-jsonl", action="store_true", help="only rebuild the table from the JSONL file")
    args = ap.parse_args()
    if args.core < 0:
        args.core = None
    args.certplan = os.path.abspath(args.certplan)
    args.jsonl = args.jsonl or os.path.join(HERE, f"pddl21_{args.family}_results.jsonl")
    args.table = args.table or os.path.join(HERE, f"pddl21_{args.family}_results.md")
    planners = [p for p in args.planners.split(",") if p]
    if args.from_jsonl:
        rows = [json.loads(l) for l in open(args.jsonl)]
        open(args.table, "w").write(table(rows, planners, args.family, args.limit))
        print(open(args.table).read())
        return
    have = available(args)
    for p in planners:
        if have.get(p) is not True:
            print(f"SKIPPED planner {p}: {have.get(p)}", file=sys.stderr)
    planners = [p for p in planners if have.get(p) is True]
    todo = tasks(args.family, args.per_domain, [d for d in args.domains.split(",") if d])
    rows = []
    with open(args.jsonl, "w") as jl:
        for dom_name, dom, prob in todo:
            for p in planners:
                tmp = tempfile.mkdtemp(prefix=f"pddl21-{p}-")
                try:
                    dt, rc, plan, note = ADAPTERS[p](args, dom, prob, tmp, args.family)
                    row = {"family": args.family, "domain": dom_name, "problem": os.path.basename(prob), "planner": p,
                           "time": round(dt, 3), "exit": rc, "limit": args.limit}
                    if plan is None:
                        row["status"] = "timeout" if rc is None else "unsolved"
                        row["note"] = note
                    else:
                        path = os.path.join(tmp, "validated.plan")
                        open(path, "w").write(plan)
                        v = validate(args, dom, prob, path)
                        row.update({k: v.get(k) for k in ("length", "metric", "optimization", "makespan")})
                        row["status"] = "solved" if v.get("verdict") == "valid" else "invalid"
                        if row["status"] != "solved":
                            row["note"] = f"validator: {v.get('verdict')} {v.get('failure') or ''}"[:300]
                            # Temporal planners that separate happenings by less than VAL's
                            # default tolerance (LPG: 0.00025): judged again at -t 0.001, recorded
                            # apart; `solved` stays VAL's default reading.
                            if args.family == "temporal":
                                w = validate(args, dom, prob, path, SMALL_TOLERANCE)
                                row["valid_small_tolerance"] = w.get("verdict") == "valid"
                                if row["valid_small_tolerance"]:
                                    row["makespan_small_tolerance"] = w.get("makespan")
                        elif note:
                            row["note"] = note
                finally:
                    shutil.rmtree(tmp, ignore_errors=True)
                rows.append(row)
                jl.write(json.dumps(row) + "\n")
                jl.flush()
                print(f"{dom_name} {row['problem']} {p}: {row['status']} {row['time']:.2f}s "
                      f"{'metric ' + str(row.get('metric')) if row.get('metric') is not None else ''}"
                      f"{' makespan ' + str(row.get('makespan')) if row.get('makespan') is not None else ''}"
                      f" {row.get('note', '')}", flush=True)
    open(args.table, "w").write(table(rows, planners, args.family, args.limit))
    print(open(args.table).read())


if __name__ == "__main__":
    main()
