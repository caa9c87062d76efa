#!/usr/bin/env python3
"""Select the benchmark files for the parser-speed comparison.

Picks the N largest problems (by problem file size) from
/work/shared/benchmarks/index.csv that Fast Downward's PDDL parser accepts, with
domain diversity:

  phase 1: for each of the --min-domains domain families with the largest problems,
           take its largest problem that FD parses;
  phase 2: fill up to N with the largest remaining FD-parsable problems overall,
           at most --max-per-domain per family.

"Domain" here means the `family` column of index.csv (falling back to `domain`), so
e.g. nomystery from ipc-opt-strips and from autoplanbench count as one domain.
Pairs whose (domain, problem) contents are byte-identical to an already selected pair
are skipped.  Every candidate is parsed once with FD (in-process, output suppressed);
failures are recorded with the reason (--rejects, plus a summary on stderr), and a
domain file that fails twice is not tried again.

Output: TSV lines `domain_path<TAB>problem_path` (absolute paths), largest problem
first, to stdout or -o FILE.
"""
import argparse
import collections
import contextlib
import csv
import hashlib
import io
import os
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fd_locate import load_fd  # noqa: E402

DEFAULT_ROOT = "/work/shared/benchmarks"


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def fd_check(fd, domain, problem, timeout_s):
    """Parse once with FD. Returns (ok, reason, seconds, warnings)."""
    out, err = io.StringIO(), io.StringIO()
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(timeout_s)
    t0 = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            fd.parse(domain, problem)
        ok, reason = True, ""
    except _Timeout:
        ok, reason = False, f"timeout after {timeout_s}s"
    except BaseException as e:  # FD raises SystemExit / ParseError / assorted errors
        if isinstance(e, KeyboardInterrupt):
            raise
        msg = " ".join(str(e).split())
        ok, reason = False, f"{type(e).__name__}: {msg}"[:300]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    dt = time.perf_counter() - t0
    warnings = [l for l in (out.getvalue() + err.getvalue()).splitlines() if l.strip()]
    return ok, reason, dt, warnings


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", "--num", type=int, default=40, help="number of pairs (default 40)")
    ap.add_argument("--root", default=DEFAULT_ROOT, help="benchmark root containing index.csv")
    ap.add_argument("--min-domains", type=int, default=10,
                    help="phase 1: take the largest problem of this many families (default 10, >= 8 required)")
    ap.add_argument("--max-per-domain", type=int, default=8,
                    help="at most this many pairs per family (default 8)")
    ap.add_argument("--suites", default="", help="comma-separated suites to consider (default: all)")
    ap.add_argument("--timeout", type=int, default=60, help="per-pair FD parse timeout in seconds")
    ap.add_argument("-o", "--output", help="write the TSV here instead of stdout")
    ap.add_argument("--rejects", help="write rejected pairs (domain, problem, reason) as TSV here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    fd = load_fd()
    root = os.path.abspath(args.root)
    suites = set(s for s in args.suites.split(",") if s)
    rows = []
    with open(os.path.join(root, "index.csv"), newline="") as f:
        for r in csv.DictReader(f):
            if suites and r["suite"] not in suites:
                continue
            dom = os.path.join(root, r["domain_path"])
            prob = os.path.join(root, r["problem_path"])
            if not (os.path.isfile(dom) and os.path.isfile(prob)):
                continue
            rows.append({
                "domain": dom, "problem": prob,
                "family": r.get("family") or r["domain"],
                "suite": r["suite"],
                "psize": os.path.getsize(prob),
                "bytes": os.path.getsize(prob) + os.path.getsize(dom),
            })
    rows.sort(key=lambda r: (-r["psize"], r["problem"]))

    checked = {}                       # (domain, problem) -> (ok, reason)
    dom_fail = collections.Counter()   # domain path -> failures
    rejects = []
    n_tests = 0
    t_start = time.perf_counter()

    def accepted(r):
        nonlocal n_tests
        key = (r["domain"], r["problem"])
        if key in checked:
            return checked[key]
        if dom_fail[r["domain"]] >= 2:
            return False
        ok, reason, dt, warns = fd_check(fd, r["domain"], r["problem"], args.timeout)
        n_tests += 1
        checked[key] = ok
        if not ok:
            dom_fail[r["domain"]] += 1
            rejects.append((r["domain"], r["problem"], reason))
            if args.verbose:
                print(f"REJECT {r['problem']}: {reason}", file=sys.stderr)
        elif args.verbose:
            print(f"ok {dt:.3f}s {r['psize']}B {r['problem']}"
                  + (f" ({len(warns)} warning lines)" if warns else ""), file=sys.stderr)
        return ok

    def digest(r):
        h = hashlib.sha1()
        for p in (r["domain"], r["problem"]):
            with open(p, "rb") as f:
                h.update(f.read())
            h.update(b"\0")
        return h.hexdigest()

    selected, seen_digest = [], set()
    per_family = collections.Counter()

    def try_take(r):
        if r["problem"] in {s["problem"] for s in selected}:
            return False
        if per_family[r["family"]] >= args.max_per_domain:
            return False
        d = digest(r)
        if d in seen_digest:
            return False
        if not accepted(r):
            return False
        seen_digest.add(d)
        selected.append(r)
        per_family[r["family"]] += 1
        return True

    # Phase 1: diversity.
    by_family = collections.OrderedDict()
    for r in rows:
        by_family.setdefault(r["family"], []).append(r)
    families_done = 0
    for fam, frs in by_family.items():        # ordered by each family's largest problem
        if families_done >= min(args.min_domains, args.num):
            break
        for r in frs:
            if try_take(r):
                families_done += 1
                break

    # Phase 2: largest overall.
    for r in rows:
        if len(selected) >= args.num:
            break
        try_take(r)

    selected.sort(key=lambda r: (-r["psize"], r["problem"]))
    out = open(args.output, "w") if args.output else sys.stdout
    for r in selected:
        out.write(f"{r['domain']}\t{r['problem']}\n")
    if args.output:
        out.close()
    if args.rejects:
        with open(args.rejects, "w") as f:
            for d, p, why in rejects:
                f.write(f"{d}\t{p}\t{why}\n")

    fams = collections.Counter(r["family"] for r in selected)
    total = sum(r["bytes"] for r in selected)
    print(f"select_files: {len(selected)} pairs, {len(fams)} domain families, "
          f"{total/1e6:.2f} MB (domain+problem); {n_tests} FD test parses in "
          f"{time.perf_counter()-t_start:.1f}s; {len(rejects)} rejected", file=sys.stderr)
    print("select_files: families: " + ", ".join(f"{k}={v}" for k, v in fams.most_common()),
          file=sys.stderr)
    reasons = collections.Counter()
    for d, p, why in rejects:
        reasons[(os.path.relpath(d, root), why.split("\n")[0][:160])] += 1
    for (d, why), c in reasons.most_common():
        print(f"select_files: rejected {c}x {d}: {why}", file=sys.stderr)
    if len(fams) < 8:
        print("select_files: WARNING: fewer than 8 domain families selected", file=sys.stderr)


if __name__ == "__main__":
    main()
