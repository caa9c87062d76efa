#!/usr/bin/env python3
"""certplan vs Fast Downward on the same tasks, in one run (see bench/plan.sh).

For each task (TSV: suite, domain, domain_path, problem_path, optimal_cost; paths relative to the
benchmarks root, as bench/plan_select.py writes them) it measures:
  * parse+ground+prune wall time: `certplan ground` vs FD's translator (`python -m
    fast_downward.translate`);
  * blind A*: expansions per second of search time (certplan's search time vs FD's "Search time");
  * A* + LM-cut: plan costs (must match) and search time per expansion;
  * memory per state: peak RSS / registered states (both planners, blind A*);
  * search alone, on the same task: A* + LM-cut of both planners on FD's translator output
    (`certplan plan out.sas`), so that grounding differences (operator and fact order, variants)
    play no part in the comparison.
Prints one JSON line per task and a summary with medians of the per-task ratios."""
import json, os, re, statistics, subprocess, sys, tempfile, time

binary, tsv = sys.argv[1], sys.argv[2]
limit = float(os.environ.get("LIMIT", "60"))
root = os.path.abspath(os.environ.get("BENCH_ROOT", os.path.join(os.path.dirname(__file__), "..", "..", "shared", "benchmarks")))
here = os.path.dirname(os.path.abspath(__file__))
pp = subprocess.run([sys.executable, os.path.join(here, "fd_locate.py"), "--pythonpath"], capture_output=True, text=True).stdout.strip()
import importlib.util
spec = importlib.util.find_spec("up_fast_downward")
fd_driver = os.path.join(list(spec.submodule_search_locations)[0], "downward", "fast-downward.py")
tmp = tempfile.mkdtemp()

class TimedOut:
    """A run killed at twice the limit (FD's translator has no limit of its own): a failure."""
    returncode, stdout, stderr = None, "", ""

def timed(cmd, **kw):
    t = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit * 2, **kw)
    except subprocess.TimeoutExpired:
        p = TimedOut()
    return time.perf_counter() - t, p

def ours(d, p, search):
    """Our planner on PDDL, or on an output.sas file when `p` is None."""
    files = [d] if p is None else [d, p]
    dt, r = timed([binary, "plan", *files, "--search", search, "--json", "--plan-file", os.path.join(tmp, "plan"), "--time-limit", str(limit)])
    if r.returncode != 0:
        return None
    v = json.loads(r.stdout)
    s = v["search"]
    return {"cost": v["plan"]["cost"], "expanded": s["expanded"], "search_s": s["seconds"], "registered": s["registered"],
            "peak": s["peak_rss_bytes"], "bytes_per_state": s["bytes_per_state"], "initial_h": s["initial_h"], "wall": dt}

def fd(d, p, search):
    """Fast Downward on PDDL, or on an output.sas file when `p` is None."""
    env = dict(os.environ)
    files = [d] if p is None else [d, p]
    dt, r = timed([sys.executable, fd_driver, "--plan-file", os.path.join(tmp, "fdplan"), "--search-time-limit", str(int(limit)), *files, "--search", search], cwd=tmp, env=env)
    out = r.stdout
    if r.returncode != 0:
        return None
    g = lambda pat, f=float: f(re.search(pat, out).group(1)) if re.search(pat, out) else None
    return {"cost": g(r"Plan cost: (\d+)", int), "expanded": g(r"Expanded (\d+) state", int), "search_s": g(r"Search time: ([\d.]+)s"),
            "registered": g(r"Number of registered states: (\d+)", int), "peak_kb": g(r"Peak memory: (\d+) KB", int),
            "initial_h": g(r"Initial heuristic value for \w+: (\d+)", int), "wall": dt}

rows = []
for line in open(tsv):
    f = line.rstrip("\n").split("\t")
    if len(f) < 5:
        continue
    d, p = os.path.join(root, f[2]), os.path.join(root, f[3])
    r = {"task": f[3], "optimal": int(f[4])}
    t, g = timed([binary, "-q", "ground", d, p])
    r["ground_s"] = t if g.returncode == 0 else None
    t, g = timed([sys.executable, "-m", "fast_downward.translate", d, p, "--sas-file", os.path.join(tmp, "out.sas")], env=dict(os.environ, PYTHONPATH=pp))
    r["fd_translate_s"] = t if g.returncode == 0 else None
    r["blind"], r["fd_blind"] = ours(d, p, "astar(blind())"), fd(d, p, "astar(blind())")
    r["lmcut"], r["fd_lmcut"] = ours(d, p, "astar(lmcut())"), fd(d, p, "astar(lmcut())")
    sas = os.path.join(tmp, "out.sas")
    if os.environ.get("SAS", "1") != "0" and r["fd_translate_s"] is not None and os.path.exists(sas):
        task = os.path.join(tmp, "task.sas")
        os.replace(sas, task)
        r["lmcut_sas"], r["fd_lmcut_sas"] = ours(task, None, "astar(lmcut())"), fd(task, None, "astar(lmcut())")
    print(json.dumps(r)); sys.stdout.flush()
    rows.append(r)

def med(xs):
    xs = [x for x in xs if x is not None]
    return (statistics.median(xs), len(xs)) if xs else (None, 0)
def ratio(a, b):
    return a / b if a and b else None
MIN_T = 0.05  # search times below this are startup noise; left out of rate ratios
summary = {
    "tasks": len(rows),
    "translate_speedup_fd_over_ours": med([ratio(r["fd_translate_s"], r["ground_s"]) for r in rows]),
    "blind_exp_per_s_ratio_ours_over_fd": med([ratio(r["blind"]["expanded"] / max(r["blind"]["search_s"], 1e-6), r["fd_blind"]["expanded"] / max(r["fd_blind"]["search_s"], 1e-6))
        for r in rows if r["blind"] and r["fd_blind"] and r["fd_blind"]["search_s"] and r["fd_blind"]["search_s"] >= MIN_T and r["blind"]["search_s"] >= MIN_T]),
    "blind_expansions_ratio_ours_over_fd": med([ratio(r["blind"]["expanded"], r["fd_blind"]["expanded"]) for r in rows if r["blind"] and r["fd_blind"]]),
    "lmcut_time_per_exp_ratio_ours_over_fd": med([ratio(r["lmcut"]["search_s"] / max(r["lmcut"]["expanded"], 1), r["fd_lmcut"]["search_s"] / max(r["fd_lmcut"]["expanded"], 1))
        for r in rows if r["lmcut"] and r["fd_lmcut"] and r["fd_lmcut"]["search_s"] and r["fd_lmcut"]["search_s"] >= MIN_T and r["lmcut"]["search_s"] >= MIN_T]),
    # LM-cut's value depends on how ties between equal-hmax supporters break, so the two planners
    # may differ slightly either way; a large or one-sided difference points to a bug.
    "lmcut_initial_h_ours_minus_fd": sorted(r["lmcut"]["initial_h"] - r["fd_lmcut"]["initial_h"] for r in rows
        if r["lmcut"] and r["fd_lmcut"] and r["lmcut"].get("initial_h") is not None and r["fd_lmcut"].get("initial_h") is not None),
    "lmcut_expansions_ratio_ours_over_fd": med([ratio(r["lmcut"]["expanded"], r["fd_lmcut"]["expanded"]) for r in rows if r["lmcut"] and r["fd_lmcut"]]),
    "lmcut_cost_mismatches": [r["task"] for r in rows if r["lmcut"] and r["fd_lmcut"] and r["lmcut"]["cost"] != r["fd_lmcut"]["cost"]],
    # The same three on FD's output.sas (search alone, same task for both).
    "sas_lmcut_time_per_exp_ratio_ours_over_fd": med([ratio(r["lmcut_sas"]["search_s"] / max(r["lmcut_sas"]["expanded"], 1), r["fd_lmcut_sas"]["search_s"] / max(r["fd_lmcut_sas"]["expanded"], 1))
        for r in rows if r.get("lmcut_sas") and r.get("fd_lmcut_sas") and r["fd_lmcut_sas"]["search_s"] and r["fd_lmcut_sas"]["search_s"] >= MIN_T and r["lmcut_sas"]["search_s"] >= MIN_T]),
    "sas_lmcut_initial_h_ours_minus_fd": sorted(r["lmcut_sas"]["initial_h"] - r["fd_lmcut_sas"]["initial_h"] for r in rows
        if r.get("lmcut_sas") and r.get("fd_lmcut_sas") and r["lmcut_sas"].get("initial_h") is not None and r["fd_lmcut_sas"].get("initial_h") is not None),
    "sas_lmcut_expansions_ratio_ours_over_fd": med([ratio(r["lmcut_sas"]["expanded"], r["fd_lmcut_sas"]["expanded"]) for r in rows if r.get("lmcut_sas") and r.get("fd_lmcut_sas")]),
    "sas_lmcut_cost_mismatches": [r["task"] for r in rows if r.get("lmcut_sas") and r.get("fd_lmcut_sas") and r["lmcut_sas"]["cost"] != r["fd_lmcut_sas"]["cost"]],
    "memory_per_state_ratio_ours_over_fd": med([ratio(r["blind"]["peak"] / r["blind"]["registered"], r["fd_blind"]["peak_kb"] * 1024 / r["fd_blind"]["registered"])
        for r in rows if r["blind"] and r["fd_blind"] and r["fd_blind"]["registered"] and r["fd_blind"]["registered"] >= 100000]),
    "our_bytes_per_state_median": med([r["blind"]["bytes_per_state"] for r in rows if r["blind"]]),
}
print(json.dumps({"summary": summary}))
