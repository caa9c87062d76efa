#!/usr/bin/env python3
"""Writes deeply nested / very long seed inputs for the parser fuzz targets.

    python3 fuzz/make_deep_seeds.py            # -> fuzz/corpus/deep_definition/, fuzz/corpus/deep_plan/

These are far longer than the -max_len=4096 of the normal runs, so they get a run of their own with
a large -max_len (see fuzz/README.md). The corpus directories are gitignored.
"""
import os

here = os.path.dirname(os.path.abspath(__file__))
N = 100_000

def dom(body):
    return "(define (domain deep) (:requirements :adl :fluents)\n" + body + ")\n"

def act(pre="(and)", eff="(and)"):
    return f"(:action a :parameters (?x) :precondition {pre} :effect {eff})"

seeds = {
    "open-parens": "(" * N,
    "close-parens": ")" * N,
    "open-then-close": "(" * N + ")" * N,
    "pairs": "()" * N,
    "define-open": "(define (domain d) " + "(" * N,
    "and-chain": dom(act(pre="(and " * N + "(p ?x)" + ")" * N)),
    "not-chain": dom(act(pre="(not " * N + "(p ?x)" + ")" * N)),
    "or-imply": dom(act(pre="(or (imply " * (N // 2) + "(p ?x)" + "))" * (N // 2))),
    "forall-chain": dom(act(eff="(forall (?y) " * (N // 2) + "(p ?y)" + ")" * (N // 2))),
    "when-chain": dom(act(eff="(when (p ?x) " * (N // 2) + "(q ?x)" + ")" * (N // 2))),
    "expr-chain": dom(act(eff="(increase (f) " + "(+ 1 " * N + "1" + ")" * N + ")")),
    "either-chain": dom("(:types a - " + "(either " * N + "b" + ")" * N + ")"),
    "derived-chain": dom("(:derived (p ?x) " + "(exists (?y) " * (N // 2) + "(q ?y)" + ")" * (N // 2) + ")"),
    "goal-chain": "(define (problem p) (:domain d) (:objects a) (:init) (:goal " + "(and " * N + "(p a)" + ")" * N + "))",
    "metric-chain": "(define (problem p) (:domain d) (:init) (:goal (and)) (:metric minimize " + "(* 2 " * N + "(total-cost)" + ")" * N + "))",
    "long-name": "(define (domain " + "x" * (4 * N) + "))",
    "many-actions": dom("".join(act() for _ in range(5000))),
    "deep-then-ok": dom(act(pre="(and " * 300 + "(p ?x)" + ")" * 300) + act(pre="(unknown-kw)")),
}
plan_seeds = {
    "open-parens": "(" * N + "\n",
    "step-nested": "(a " + "(" * N + ")" * N + ")\n",
    "many-steps": "(a b c)\n" * (N // 2),
    "long-step": "(a" + " b" * N + ")\n",
    "timed-many": "".join(f"{i}.000: (a b) [1.000]\n" for i in range(N // 4)),
    "one-line-many-semicolons": ";" * N + "\n",
}
for sub, table in (("deep_definition", seeds), ("deep_plan", plan_seeds)):
    d = os.path.join(here, "corpus", sub)
    os.makedirs(d, exist_ok=True)
    for name, text in table.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    print(d, len(table), "seeds")
