//! The plan bridge round-trips every plan of the examples: PDDL plan -> `List PlanAction` term ->
//! (Coq's `Compute` output, where coqc is installed) -> PDDL plan, the same steps.
//!
//! Validity of the plan read back is checked by a small replay over the conversion (below),
//! not by certplan's validator (`val`), which is not ready yet; switch to it when it is.

mod common;

use proof::bridge::{self, GroundAction, ObjectMap};
use proof::convert::{BoolTerm, DomainIr, ProblemIr, Term};

/// Replays a plan on the converted problem with delete-then-add semantics; true if every step is
/// applicable and the goal holds at the end. Deliberately independent of the printers.
fn replay(d: &DomainIr, p: &ProblemIr, plan: &[GroundAction]) -> bool {
    let mut state: Vec<Vec<Vec<u32>>> = p.init.clone();
    let arg = |g: &GroundAction, t: &Term| match t {
        Term::Param(i) => g.args[*i],
        Term::Object(n) => *n,
    };
    fn eval(
        state: &[Vec<Vec<u32>>],
        g: &GroundAction,
        t: &BoolTerm,
        arg: &dyn Fn(&GroundAction, &Term) -> u32,
    ) -> bool {
        match t {
            BoolTerm::Call { func, args } => state[*func].contains(&args.iter().map(|a| arg(g, a)).collect()),
            BoolTerm::Eq(a, b) => arg(g, a) == arg(g, b),
            BoolTerm::Or(ts) => ts.iter().any(|t| eval(state, g, t, arg)),
        }
    }
    for g in plan {
        let a = &d.actions[g.action];
        if !a.pre.iter().all(|l| eval(&state, g, &l.term, &arg) == l.value) {
            return false;
        }
        for e in &a.dels {
            let t: Vec<u32> = e.args.iter().map(|x| arg(g, x)).collect();
            state[e.func].retain(|x| *x != t);
        }
        for e in &a.adds {
            let t: Vec<u32> = e.args.iter().map(|x| arg(g, x)).collect();
            if !state[e.func].contains(&t) {
                state[e.func].push(t);
            }
        }
    }
    p.goal.iter().enumerate().all(|(f, lits)| lits.iter().all(|(t, v)| state[f].contains(t) == *v))
}

fn steps(plan: &str) -> Vec<String> {
    plan.lines()
        .map(|l| l.split(';').next().unwrap_or("").trim().to_ascii_lowercase())
        .filter(|l| !l.is_empty())
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn every_example_plan_round_trips() {
    for ex in common::EXAMPLES {
        let l = common::load(ex, &["p01", "p02"], true);
        let c = common::convert(&l);
        for (i, (p, plan)) in c.problems.iter().enumerate() {
            let plan = plan.as_ref().expect("plans were given");
            assert!(replay(&c.domain, p, plan), "{ex}/{}: the example plan fails the replay", p.pddl);
            let map =
                ObjectMap::from_json(&proof::render::object_map_json(&c.domain, p, "coq")).expect("own map parses");
            for backend in [proof::Backend::Coq, proof::Backend::Lean] {
                let term = bridge::to_term(&c.domain, plan, backend);
                let back = bridge::term_to_pddl(&term, &map).expect("own term parses");
                let original = std::fs::read_to_string(common::examples().join(ex).join(format!("p0{}.plan", i + 1)))
                    .expect("read");
                assert_eq!(steps(&back), steps(&original), "{ex}/{} via {}", p.pddl, backend.name());
            }
        }
    }
}

#[test]
fn a_wrong_plan_fails_the_replay() {
    let l = common::load("blocksworld", &["p01"], true);
    let c = common::convert(&l);
    let (p, plan) = &c.problems[0];
    let mut plan = plan.clone().expect("plan");
    plan.swap(0, 1);
    assert!(!replay(&c.domain, p, &plan));
    plan.swap(0, 1);
    plan.pop();
    assert!(!replay(&c.domain, p, &plan));
}

/// Coq prints the plan with `Compute`; the bridge reads that output back to the same PDDL plan.
#[test]
fn coq_compute_output_reads_back() {
    if !common::have("coqc") {
        return;
    }
    for ex in ["spanner", "gripper"] {
        let l = common::load(ex, &["p02"], true);
        let c = common::convert(&l);
        let dir = common::scratch(&format!("bridge-{ex}"));
        let files = proof::export(proof::Backend::Coq, &c);
        common::write_all(&dir, &files);
        let p = &c.problems[0].0;
        let modules = [format!("{}.v", c.domain.module), format!("{}.v", p.module)];
        let runs = proof::runner::coqc_all(
            &dir,
            proof::COQ_LIBRARY,
            &[&modules[0], &modules[1]],
            std::time::Duration::from_secs(300),
        );
        assert!(runs.iter().all(|(_, r)| r.ok()), "{runs:?}");
        let show = format!(
            "From {} Require Import {}.\nFrom Coq Require Import List.\nImport ListNotations.\nCompute problemPlan.\n",
            proof::COQ_LIBRARY,
            p.module
        );
        std::fs::write(dir.join("Show.v"), show).expect("write");
        let r = proof::runner::run(
            "coqc",
            &["-Q", ".", proof::COQ_LIBRARY, "Show.v"],
            &dir,
            std::time::Duration::from_secs(300),
        );
        assert!(r.ok(), "{r:?}");
        let map = ObjectMap::from_json(
            &std::fs::read_to_string(dir.join(format!("{}.objects.json", p.module))).expect("map"),
        )
        .expect("map parses");
        let back = bridge::term_to_pddl(r.output(), &map).unwrap_or_else(|e| panic!("{e}\n{}", r.output()));
        let original = std::fs::read_to_string(common::examples().join(ex).join("p02.plan")).expect("read");
        assert_eq!(steps(&back), steps(&original), "{ex}: Compute output was\n{}", r.output());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
