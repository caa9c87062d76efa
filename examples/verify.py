#!/usr/bin/env python3
"""Check the hand-written examples in this directory with independent tools.

For every examples/<name>/pNN.pddl (with domain.pddl and pNN.plan) it reports:
  up-parse   unified_planning's PDDLReader parses domain + problem
  up-valid   unified_planning's plan validator accepts pNN.plan (sequential or
             time-triggered, chosen from the plan kind)
  fd-sim     a small simulator built on Fast Downward's own PDDL parser (a second,
             independent parser) accepts the plan; supports STRIPS/ADL and
             derived predicates (not numeric fluents or durative actions)
  plan cost  the cost written on the plan's last line (`; cost = N ...`)
  optimal    the optimal cost: Fast Downward astar(lmcut()) (astar(blind()) when
             LM-cut refuses the task, e.g. conditional effects / axioms), or, for
             numeric tasks, a uniform-cost search over UP's sequential simulator

Requirements (only what is importable is used; the rest is reported as "n/a"):
    pip install unified-planning up-fast-downward
Usage:
    python3 examples/verify.py [example-name ...]
Exit status 1 if any check that could run failed.
"""
import glob
import heapq
import itertools
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

try:
    import unified_planning  # noqa: F401
    from unified_planning.io import PDDLReader
    from unified_planning.shortcuts import PlanValidator, SequentialSimulator
    from unified_planning.engines import ValidationResultStatus
    import unified_planning.shortcuts as ups

    ups.get_environment().credits_stream = None
    HAVE_UP = True
except ImportError:
    HAVE_UP = False

try:
    import up_fast_downward

    FD_ROOT = os.path.join(os.path.dirname(up_fast_downward.__file__), "downward")
    FD_SCRIPT = os.path.join(FD_ROOT, "fast-downward.py")
    sys.path.insert(0, os.path.join(FD_ROOT, "builds", "release", "bin"))
    from fast_downward.translate import pddl as fdpddl
    from fast_downward.translate.pddl_parser import open as fd_open

    HAVE_FD = os.path.exists(FD_SCRIPT)
except ImportError:
    HAVE_FD = False


def read(path):
    with open(path) as f:
        return f.read()


def declared_cost(plan_path):
    m = re.search(r";\s*(cost|makespan)\s*=\s*([0-9.]+)", read(plan_path))
    return m.group(2) if m else "?"


def is_temporal(domain_path):
    return ":durative-actions" in read(domain_path)


def is_numeric(domain_path):
    return ":numeric-fluents" in read(domain_path) or ":fluents" in read(domain_path)


# --------------------------------------------------------------------------
# unified_planning checks
# --------------------------------------------------------------------------
def short(e):
    msg = str(e).splitlines()[0] if str(e) else ""
    return "FAIL: %s: %s" % (type(e).__name__, msg[:70])


EITHER = re.compile(r"\(\s*either(\s+[\w-]+)+\s*\)")


def up_check(domain, problem, plan):
    """Return (parse_status, valid_status, up_problem).

    UP's PDDL grammar has no `either`; when the domain uses it (only in predicate
    declarations here), the check is repeated on a copy with `(either ...)`
    replaced by `object`. That only loosens the declared argument types of
    predicates, so a plan valid for the copy is valid for the original as long as
    the original parses (which Fast Downward's parser checks, see fd-sim)."""
    note = ""
    try:
        prob = PDDLReader().parse_problem(domain, problem)
    except Exception as e:  # noqa: BLE001
        if "(:derived" in read(domain):
            return "n/a (UP cannot read :derived)", "n/a", None
        if not EITHER.search(read(domain)):
            return short(e), "n/a", None
        tmp = tempfile.NamedTemporaryFile("w", suffix=".pddl", delete=False)
        tmp.write(EITHER.sub("object", read(domain)))
        tmp.close()
        try:
            prob = PDDLReader().parse_problem(tmp.name, problem)
            note = " (either->object)"
        except Exception as e2:  # noqa: BLE001
            return short(e2), "n/a", None
        finally:
            os.unlink(tmp.name)
    try:
        vprob = prob
        if is_numeric(domain) and not is_temporal(domain):
            vprob = fill_undefined_numeric(prob)
            note += " (undefined numeric := 0)"
        up_plan = PDDLReader().parse_plan(vprob, plan)
        with PlanValidator(problem_kind=vprob.kind, plan_kind=up_plan.kind) as v:
            res = v.validate(vprob, up_plan)
        valid = "ok" if res.status == ValidationResultStatus.VALID else "INVALID (%s)" % res.reason
        if res.status == ValidationResultStatus.VALID and res.metric_evaluations:
            vals = ["%g" % float(x) for x in res.metric_evaluations.values()]
            valid += " (metric %s)" % ",".join(vals)
    except Exception as e:  # noqa: BLE001
        valid = short(e)
    return "ok" + note, valid, prob


def up_optimal_cost(prob, limit=200000):
    """Uniform-cost search with UP's sequential simulator (small numeric tasks).

    Cost = value of the metric expression (total-cost) in the final state, or the
    action costs when UP turned the metric into MinimizeActionCosts."""
    prob = fill_undefined_numeric(prob)
    metric = prob.quality_metrics[0] if prob.quality_metrics else None
    ground_fluents = list(prob.initial_values.keys())  # every grounding, defaults included
    with SequentialSimulator(problem=prob) as sim:
        init = sim.get_initial_state()

        def key(state):
            return tuple(str(state.get_value(f)) for f in ground_fluents)

        from unified_planning.model.walkers import StateEvaluator
        se = StateEvaluator(prob)

        def step_cost(state, action, params):
            if metric is not None and metric.is_minimize_action_costs():
                c = metric.get_action_cost(action)
                ground = c.substitute(dict(zip(action.parameters, params)))
                return float(se.evaluate(ground, state).constant_value())
            return 1.0

        counter = itertools.count()
        frontier = [(0.0, next(counter), init)]
        seen = {}
        expanded = 0
        while frontier:
            g, _, s = heapq.heappop(frontier)
            k = key(s)
            if k in seen and seen[k] <= g:
                continue
            seen[k] = g
            if sim.is_goal(s):
                if metric is not None and metric.is_minimize_expression_on_final_state():
                    return float(s.get_value(metric.expression).constant_value())
                return g
            expanded += 1
            if expanded > limit:
                return None
            for action, params in sim.get_applicable_actions(s):
                t = sim.apply(s, action, params)
                if t is None:
                    continue
                if metric is not None and metric.is_minimize_expression_on_final_state():
                    c = float(t.get_value(metric.expression).constant_value())
                else:
                    c = g + step_cost(s, action, params)
                heapq.heappush(frontier, (c, next(counter), t))
    return None


def fill_undefined_numeric(prob):
    """UP's simulator refuses numeric fluents without an initial value (PDDL leaves
    them undefined). Give them 0 in a copy. Only safe when every action that reads
    such a fluent is also guarded by a predicate that is false for those arguments
    (true for truck-fuel: `distance` is only read together with `road`)."""
    prob = prob.clone()
    defined = prob.explicit_initial_values
    for f in prob.fluents:
        if f.type.is_bool_type():
            continue
        doms = [list(prob.objects(p.type)) for p in f.signature]
        for combo in itertools.product(*doms):
            fe = f(*combo)
            if fe not in defined:
                prob.set_initial_value(fe, 0)
    return prob


# --------------------------------------------------------------------------
# Fast Downward: optimal cost
# --------------------------------------------------------------------------
def fd_optimal(domain, problem):
    for search in ("astar(lmcut())", "astar(blind())"):
        with tempfile.TemporaryDirectory() as tmp:
            r = subprocess.run([sys.executable, FD_SCRIPT, "--plan-file", os.path.join(tmp, "plan"),
                                domain, problem, "--search", search],
                               cwd=tmp, capture_output=True, text=True, timeout=300)
        m = re.search(r"Plan cost: (\d+)", r.stdout)
        if m:
            return "%s [%s]" % (m.group(1), search)
        if "Solution found" not in r.stdout and "not support" not in (r.stdout + r.stderr):
            if "Search stopped without finding a solution" in r.stdout:
                return "unsolvable?"
    return "FD failed"


# --------------------------------------------------------------------------
# A tiny plan simulator on top of Fast Downward's PDDL parser
# --------------------------------------------------------------------------
class FDSim:
    def __init__(self, domain, problem):
        self.task = fd_open(domain, problem)
        t = self.task
        self.supers = {}
        for ty in t.types:
            self.supers[ty.name] = ty.supertype_names
        self.objects = [(o.name, o.type_name) for o in t.objects]
        self.derived = {ax.name for ax in t.axioms}
        self.actions = {a.name: a for a in t.actions}
        self.state = {tuple([a.predicate] + list(a.args)) for a in t.init
                      if isinstance(a, fdpddl.Atom) and a.predicate != "="}
        self.fn = {}
        for a in t.init:
            if isinstance(a, fdpddl.Assign):
                self.fn[(a.fluent.symbol,) + tuple(a.fluent.args)] = a.expression.value

    def is_a(self, obj_type, ty):
        if isinstance(ty, (list, tuple)):  # (either a b)
            return any(self.is_a(obj_type, x) for x in ty[1:])
        return ty == "object" or obj_type == ty or ty in self.supers.get(obj_type, [])

    def objs(self, ty):
        return [o for o, ot in self.objects if self.is_a(ot, ty)]

    def bindings(self, params, binding):
        doms = [self.objs(p.type_name) for p in params]
        for combo in itertools.product(*doms):
            b = dict(binding)
            b.update({p.name: c for p, c in zip(params, combo)})
            yield b

    def holds(self, c, s, b):
        P = fdpddl
        if isinstance(c, P.Truth):
            return True
        if isinstance(c, P.Falsity):
            return False
        if isinstance(c, (P.Atom, P.NegatedAtom)):
            args = tuple(b.get(a, a) for a in c.args)
            if c.predicate == "=":
                v = args[0] == args[1]
            else:
                v = (c.predicate,) + args in s
            return v if isinstance(c, P.Atom) else not v
        if isinstance(c, P.Conjunction):
            return all(self.holds(p, s, b) for p in c.parts)
        if isinstance(c, P.Disjunction):
            return any(self.holds(p, s, b) for p in c.parts)
        if isinstance(c, P.UniversalCondition):
            return all(self.holds(c.parts[0], s, bb) for bb in self.bindings(c.parameters, b))
        if isinstance(c, P.ExistentialCondition):
            return any(self.holds(c.parts[0], s, bb) for bb in self.bindings(c.parameters, b))
        raise NotImplementedError(type(c).__name__)

    def closure(self, basic):
        """Least fixpoint of the axioms (positive recursion, stratified use only)."""
        s = set(basic)
        changed = True
        while changed:
            changed = False
            for ax in self.task.axioms:
                ext = ax.parameters[:ax.num_external_parameters]
                for b in self.bindings(ext, {}):
                    atom = (ax.name,) + tuple(b[p.name] for p in ext)
                    if atom not in s and self.holds(ax.condition, s, b):
                        s.add(atom)
                        changed = True
        return s

    def run(self, plan_path):
        s = self.state
        cost = 0
        for n, line in enumerate(read(plan_path).splitlines(), 1):
            line = line.split(";")[0].strip()
            if not line:
                continue
            toks = line.strip("()").split()
            a = self.actions.get(toks[0])
            if a is None:
                return "unknown action line %d" % n, None
            params = a.parameters[:a.num_external_parameters]
            if len(toks) - 1 != len(params):
                return "arity line %d" % n, None
            for p, o in zip(params, toks[1:]):
                if o not in dict(self.objects) or not self.is_a(dict(self.objects)[o], p.type_name):
                    return "bad argument %s line %d" % (o, n), None
            b = {p.name: o for p, o in zip(params, toks[1:])}
            full = self.closure(s)
            if not self.holds(a.precondition, full, b):
                return "precondition fails line %d: %s" % (n, line), None
            adds, dels = set(), set()
            for e in a.effects:
                for bb in self.bindings(e.parameters, b):
                    if self.holds(e.condition, full, bb):
                        atom = (e.literal.predicate,) + tuple(bb.get(x, x) for x in e.literal.args)
                        (dels if e.literal.negated else adds).add(atom)
            s = (s - dels) | adds
            if a.cost is None:
                cost += 1
            else:
                ex = a.cost.expression
                if isinstance(ex, fdpddl.NumericConstant):
                    cost += ex.value
                else:
                    cost += self.fn[(ex.symbol,) + tuple(b.get(x, x) for x in ex.args)]
        if not self.holds(self.task.goal, self.closure(s), {}):
            return "goal not reached", None
        return "ok", cost


def main(argv):
    names = argv[1:] or sorted(d for d in os.listdir(HERE) if os.path.isfile(os.path.join(HERE, d, "domain.pddl")))
    rows = []
    failed = False
    for name in names:
        domain = os.path.join(HERE, name, "domain.pddl")
        for problem in sorted(glob.glob(os.path.join(HERE, name, "p*.pddl"))):
            plan = problem[:-5] + ".plan"
            rel = os.path.relpath(problem, HERE)
            temporal, numeric = is_temporal(domain), is_numeric(domain)
            up_parse = up_valid = fd_sim = optimal = "n/a"
            prob = None
            if HAVE_UP:
                up_parse, up_valid, prob = up_check(domain, problem, plan)
            if HAVE_FD and not temporal and not numeric:
                try:
                    st, c = FDSim(domain, problem).run(plan)
                    fd_sim = st if c is None else "%s (cost %g)" % (st, c)
                except Exception as e:  # noqa: BLE001
                    fd_sim = short(e)
                optimal = fd_optimal(domain, problem)
            elif numeric and not temporal and prob is not None:
                c = up_optimal_cost(prob)
                optimal = "n/a" if c is None else "%g [UP simulator UCS]" % c
            for v in (up_parse, up_valid, fd_sim):
                if not (v.startswith("ok") or v == "n/a"):
                    # UP does not read :derived-predicates; that is a known gap, not a failure
                    if not (":derived-predicates" in read(domain) and v is not fd_sim):
                        failed = True
            rows.append((rel, up_parse, up_valid, fd_sim, declared_cost(plan), optimal))
    hdr = ("file", "up-parse", "up-valid", "fd-sim", "plan cost", "optimal")
    widths = [max(len(str(r[i])) for r in rows + [hdr]) for i in range(len(hdr))]
    for r in [hdr] + rows:
        print(" | ".join(str(x).ljust(w) for x, w in zip(r, widths)))
    if not HAVE_UP:
        print("note: unified_planning not importable (pip install unified-planning)")
    if not HAVE_FD:
        print("note: up_fast_downward not importable (pip install up-fast-downward)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
