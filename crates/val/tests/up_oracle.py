#!/usr/bin/env python3
"""A second, independent plan validator for the differential test: unified-planning's
SequentialPlanValidator, and its TimeTriggeredPlanValidator for temporal plans (PyPI
`unified-planning`, tested with 1.3.0).

Reads JSON lines from stdin, one task each: {"domain": PATH, "problem": PATH, "plans": [PATH, ...]}
and writes one JSON line per task: {"verdicts": ["valid" | "invalid" | "error: ...", ...]}, or
{"error": "..."} when unified-planning cannot read the task. Never exits early on bad input.
"""
import json
import sys

try:
    import unified_planning  # noqa: F401
    from unified_planning.io import PDDLReader
    from unified_planning.engines import SequentialPlanValidator, TimeTriggeredPlanValidator
    from unified_planning.plans import TimeTriggeredPlan
    from unified_planning.engines.results import ValidationResultStatus
    import unified_planning.shortcuts as up_shortcuts
except ImportError as e:  # the Rust test checks for this before starting the oracle
    print(json.dumps({"fatal": f"unified_planning is not installed: {e}"}), flush=True)
    sys.exit(0)

up_shortcuts.get_environment().credits_stream = None


def verdict(problem, reader, path):
    try:
        plan = reader.parse_plan(problem, path)
    except Exception as e:  # noqa: BLE001 - any parse failure is a verdict of its own
        return "error: plan: " + str(e).replace("\n", " ")[:200]
    try:
        if isinstance(plan, TimeTriggeredPlan):
            validator = TimeTriggeredPlanValidator(environment=problem.environment)
        else:
            validator = SequentialPlanValidator(environment=problem.environment)
        result = validator.validate(problem, plan)
    except Exception as e:  # noqa: BLE001
        return "error: validator: " + str(e).replace("\n", " ")[:200]
    return "valid" if result.status == ValidationResultStatus.VALID else "invalid"


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        task = json.loads(line)
        try:
            reader = PDDLReader()
            problem = reader.parse_problem(task["domain"], task["problem"])
        except Exception as e:  # noqa: BLE001
            print(json.dumps({"error": str(e).replace("\n", " ")[:200]}), flush=True)
            continue
        print(json.dumps({"verdicts": [verdict(problem, reader, p) for p in task["plans"]]}), flush=True)


if __name__ == "__main__":
    main()
