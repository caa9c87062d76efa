#!/usr/bin/env python3
"""Satisficing search: certplan vs Fast Downward, same tasks, same configurations, one run.

Usage: bench/sat_bench.py CERTPLAN_BINARY [N_TASKS]   (env: LIMIT seconds per run, default 60;
SEED for the sample, default 17; BENCH_ROOT, default ../shared/benchmarks; CONFIGS, a
`|`-separated subset of the configuration names below)

Samples N_TASKS (default 40) classical tasks from index.csv (suites ipc-opt-strips,
ipc2023-learning, ipc-opt-adl, classical-extra; no numeric, temporal or derived constructs),
at most two per domain, spread over the domains with a seeded shuffle, and runs each
configuration on both planners:
  * lazy_greedy([ff()])
  * eager_greedy([ff()], preferred=[ff()])
  * lama-first (FD: `--alias lama-first`; certplan: `search::alias("lama-first")`, the same text)
Prints one JSON line per (task, configuration) and a summary per configuration: coverage of
each planner, and over the tasks both solve the median of the ratios certplan/FD of expansions
and of search time."""
import csv, json, os, random, re, statistics, subprocess, sys, tempfile, time
import importlib.util

binary = sys.argv[1]
n_tasks = int(sys.argv[2]) if len(sys.argv) > 2 else 40
limit = float(os.environ.get("LIMIT", "60"))
seed = int(os.environ.get("SEED", "17"))
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.environ.get("BENCH_ROOT", os.path.join(here, "..", "..", "shared", "benchmarks")))
spec = importlib.util.find_spec("up_fast_downward")
fd_driver = os.path.join(list(spec.submodule_search_locations)[0], "downward", "fast-downward.py")
tmp = tempfile.mkdtemp()

LAMA_FIRST = ("let(hlm, lmcount(lm_factory=lm_reasonable_orders_hps(lm_rhw()), transform=adapt_costs(one), pref=false), "
              "let(hff, ff(transform=adapt_costs(one)), "
              "lazy_greedy([hff, hlm], preferred=[hff, hlm], cost_type=one, reopen_closed=false)))")
CONFIGS = {
    "lazy_greedy_ff": (["--search", "lazy_greedy([ff()])"], "lazy_greedy([ff()])"),
    "eager_greedy_ff_pref": (["--search", "eager_greedy([ff()], preferred=[ff()])"], "eager_greedy([ff()], preferred=[ff()])"),
    "lama_first": (["--alias", "lama-first"], LAMA_FIRST),
}
if os.environ.get("CONFIGS"):
    CONFIGS = {k: v for k, v in CONFIGS.items() if k in os.environ["CONFIGS"].split("|")}

SUITES = {"ipc-opt-strips", "ipc2023-learning", "ipc-opt-adl", "classical-extra"}
EXCLUDE = ("durative", "numeric", "derived", "fluents")


def sample():
    rows = list(csv.DictReader(open(os.path.join(root, "index.csv"))))
    rows = [r for r in rows if r["suite"] in SUITES
            and not any(x in (r["detected_features"] + r["requirements"]).lower() for x in EXCLUDE)]
    rng = random.Random(seed)
    by_domain = {}
    for r in rows:
        by_domain.setdefault((r["suite"], r["domain"]), []).append(r)
    domains = sorted(by_domain)
    rng.shuffle(domains)
    picked = []
    for rnd in range(2):
        for d in domains:
            if len(picked) >= n_tasks:
                return picked
            tasks = sorted(by_domain[d], key=lambda r: r["problem_path"])
            rng2 = random.Random(f"{seed}/{d}/{rnd}")
            rest = [t for t in tasks if t not in picked]
            if rest:
                picked.append(rng2.choice(rest))
    return picked


def run(cmd, cwd):
    t = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit + 30, cwd=cwd)
        return time.perf_counter() - t, p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return time.perf_counter() - t, None, ""


def ours(d, p, search):
    wall, rc, out = run([binary, "plan", d, p, "--search", search, "--json", "--plan-file", os.path.join(tmp, "plan"),
                         "--time-limit", str(limit)], tmp)
    v = {}
    for line in out.splitlines():
        try:
            v = json.loads(line)
        except json.JSONDecodeError:
            pass
    s = v.get("search") or {}
    solved = rc == 0
    return {"solved": solved, "rc": rc, "wall": round(wall, 3), "expanded": s.get("expanded"),
            "search_s": s.get("seconds"), "cost": (v.get("plan") or {}).get("cost") if solved else None}


def fd(d, p, args):
    driver_opts = args if args[0] == "--alias" else []
    search = args if args[0] == "--search" else []
    wall, rc, out = run([sys.executable, fd_driver, "--plan-file", os.path.join(tmp, "fdplan"),
                         "--search-time-limit", str(int(limit)), *driver_opts, d, p, *search], tmp)
    g = lambda pat, f=float: f(re.findall(pat, out)[-1]) if re.findall(pat, out) else None
    solved = rc == 0
    return {"solved": solved, "rc": rc, "wall": round(wall, 3), "expanded": g(r"Expanded (\d+) state", int),
            "search_s": g(r"Search time: ([\d.]+)s"), "cost": g(r"Plan cost: (\d+)", int) if solved else None}


def main():
    tasks = sample()
    results = {k: [] for k in CONFIGS}
    for t in tasks:
        d, p = os.path.join(root, t["domain_path"]), os.path.join(root, t["problem_path"])
        for name, (fd_args, ours_text) in CONFIGS.items():
            a, b = ours(d, p, ours_text), fd(d, p, fd_args)
            line = {"task": t["problem_path"], "config": name, "certplan": a, "fd": b}
            print(json.dumps(line), flush=True)
            results[name].append(line)
    for name, lines in results.items():
        both = [l for l in lines if l["certplan"]["solved"] and l["fd"]["solved"]]
        ratio = lambda key: [l["certplan"][key] / l["fd"][key] for l in both
                             if l["certplan"][key] is not None and l["fd"][key]]
        exp, tim = ratio("expanded"), [max(l["certplan"]["search_s"] or 0, 1e-3) / max(l["fd"]["search_s"] or 0, 1e-3)
                                       for l in both]
        print(json.dumps({"summary": name, "tasks": len(lines),
                          "certplan_solved": sum(l["certplan"]["solved"] for l in lines),
                          "fd_solved": sum(l["fd"]["solved"] for l in lines), "both": len(both),
                          "median_expansions_ratio": round(statistics.median(exp), 3) if exp else None,
                          "median_search_time_ratio": round(statistics.median(tim), 3) if tim else None,
                          "limit_s": limit}), flush=True)


if __name__ == "__main__":
    main()
