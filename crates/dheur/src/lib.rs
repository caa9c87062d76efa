//! Certified domain heuristics (paper 001, issue 10).
//!
//! A domain heuristic is written once, in the small total language of [`lang`] (files under
//! `heuristics/`, embedded at build time). From that one source:
//!
//! - [`compile`] builds the evaluator A* runs, over the packed states of crate `search`
//!   (quantifier domains and static filters resolved at load, atom tests as table look-ups);
//! - [`coq`] prints the same definitions as Coq functions, the objects the proofs are about;
//! - [`cert`] runs the certificate before search: the domain assumptions the proof uses, as
//!   Boolean checks on the task, and the check that the action schemas are exactly those the
//!   proof reasons about; a refused task is named with its failed check;
//! - [`audit`] walks reachable states and checks goal-awareness and consistency on every
//!   transition (`--audit-consistency`), and compares h with h* on small tasks.
//!
//! Trusted base: the parser and the evaluator here (the evaluated function and the printed Coq
//! function come from the same syntax tree, so a printer bug is the gap between them; the
//! evaluator's speed-ups, a filter over a mutex group read from its field of the packed state,
//! objects bucketed once per state by the atom their field holds, and repeated folds computed once
//! per state and value of their one free variable, are checked against the plain evaluator on
//! random walks, and rest on the mutex groups the state packing already trusts), the grounder and search of
//! certplan, and Coq's kernel for the proofs. The proofs (`proofs/`,
//! [`PROOFS`]) are about the printed STRIPS model of [`coq`]: its reading of PDDL (typed
//! parameters range over `objs` of their types, preconditions are literals on the state, delete
//! then add), and the correspondence of `Ctx` with the task (the objects of a type, listed once;
//! `init`, `goal` and `stat` the task's initial atoms, goal atoms and initial static atoms; every
//! atom the heuristic reads in a reachable state has in the packed state the value the model
//! gives it: the grounder drops only atoms false in every reachable state and atoms irrelevant
//! to the goal, which read as false, so a heuristic must not read an irrelevant atom; miconic's
//! reads only goal passengers' atoms and the lift's position; spanner's only goal nuts'
//! `tightened`, the men's positions, and the spanners' `usable`, `carrying` and positions;
//! transport's the positions of vehicles and packages and `in`; satellite's `have_image` of goal
//! images, `pointing`, `power_on`, `calibrated` and `power_avail`; sokoban's the positions of
//! the robot and the boxes, `at-robot` and `at`; blocksworld's `holding`, `on` and `on-table` of
//! every block and `clear` of the blocks with a clear goal; rovers's the goal data's
//! `communicated_*`, `have_soil_analysis`, `have_rock_analysis`, `have_image`, `at_soil_sample`
//! and `at_rock_sample`, and every rover's `at`, every camera's `calibrated`, every store's
//! `empty`: these last three, and a sample no equipped rover can reach, are pruned as irrelevant
//! where they cannot serve the goal (an imaging-only rover's store, in IPC tasks) and then read
//! false, so there the evaluator computes the proved function of the task without those initial
//! atoms, not of the task itself; no relevant operator changes them, and that task has the same
//! optimal costs;
//! floortile's value the positions and
//! colors of the robots, `robot-at` and `robot-has`, and the goal atoms `painted`; its dead-end
//! test also reads `painted` of a goal tile in another color and of the squares goal tiles are
//! painted from, atoms relevance pruning drops where they are no goal, so the evaluator can miss
//! a dead end the model sees and give a finite value where the proved h is infinite, only on
//! states from which no plan exists (dead ends stay dead), which costs neither admissibility nor
//! an optimal plan) are
//! trusted, not proved. The shared lemmas of the proofs are in `proofs/Counting.v`. The plan itself is always
//! validated by `val`, so an unsound heuristic can cost optimality, never validity.
//!
//! The heuristics register with `search::plugins` through [`register`], which `planner` calls:
//! `--search "astar(spanner())"` then works like any built-in heuristic.

pub mod audit;
pub mod cert;
pub mod compile;
pub mod coq;
pub mod lang;
pub mod sexpr;

use compile::{Env, Program, TaskView};
use lang::Definition;
use search::plugins::{ExternalHeuristic, HeuristicPlugin, Param, ParamKind, Properties};
use search::state::{Layout, SearchTask, State};
use search::{HeuristicSpec, heuristic::Heuristic, heuristic::Value};
use std::sync::OnceLock;

/// The heuristic sources: name, file text, proof status.
pub const SOURCES: &[(&str, &str)] = &[
    ("spanner", include_str!("../heuristics/spanner.heur")),
    ("miconic", include_str!("../heuristics/miconic.heur")),
    ("ferry", include_str!("../heuristics/ferry.heur")),
    ("childsnack", include_str!("../heuristics/childsnack.heur")),
    ("floortile", include_str!("../heuristics/floortile.heur")),
    ("satellite", include_str!("../heuristics/satellite.heur")),
    ("rovers", include_str!("../heuristics/rovers.heur")),
    ("blocksworld", include_str!("../heuristics/blocksworld.heur")),
    ("transport", include_str!("../heuristics/transport.heur")),
    ("sokoban", include_str!("../heuristics/sokoban.heur")),
];

/// The per-domain proofs under `proofs/`: heuristic name and Coq file. Each states, about the
/// definitions [`coq::file`] prints (`proofs/Heuristics.v`) and the STRIPS model printed from the
/// certificate's schemas, `NAME_goal_aware`, `NAME_consistent` and `NAME_admissible`
/// ([`coq::theorem_statements`]); the test `tests/coq.rs` runs coqc on them (closed `Print
/// Assumptions`) and the proof auditor. A heuristic is [`ProofStatus::Proved`] exactly when it is
/// listed here.
pub const PROOFS: &[(&str, &str)] = &[
    ("spanner", include_str!("../proofs/Spanner.v")),
    ("miconic", include_str!("../proofs/Miconic.v")),
    ("ferry", include_str!("../proofs/Ferry.v")),
    ("childsnack", include_str!("../proofs/Childsnack.v")),
    ("floortile", include_str!("../proofs/Floortile.v")),
    ("satellite", include_str!("../proofs/Satellite.v")),
    ("rovers", include_str!("../proofs/Rovers.v")),
    ("blocksworld", include_str!("../proofs/Blocksworld.v")),
    ("transport", include_str!("../proofs/Transport.v")),
    ("sokoban", include_str!("../proofs/Sokoban.v")),
];

/// Where each heuristic's proof stands. Only `Proved` counts as certified.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProofStatus {
    /// Coq theorems about the printed definition, checked by coqc in CI.
    Proved,
    /// Goal-awareness and consistency audited on training tasks and h <= h* exhaustively on
    /// small generated tasks; no finished proof.
    AuditedNotProved,
}

impl ProofStatus {
    pub fn label(self) -> &'static str {
        match self {
            ProofStatus::Proved => "proved",
            ProofStatus::AuditedNotProved => "audited, not proved",
        }
    }
}

/// The proof status of a heuristic: proved when its proof file is in [`PROOFS`].
pub fn proof_status(name: &str) -> ProofStatus {
    if PROOFS.iter().any(|(n, _)| *n == name) { ProofStatus::Proved } else { ProofStatus::AuditedNotProved }
}

/// The parsed definitions, in [`SOURCES`] order.
pub fn definitions() -> &'static [Definition] {
    static DEFS: OnceLock<Vec<Definition>> = OnceLock::new();
    DEFS.get_or_init(|| {
        SOURCES
            .iter()
            .map(|(name, text)| match lang::parse(text) {
                Ok(d) => d,
                // The sources are part of the build; a test parses each of them.
                Err(e) => panic!("heuristics/{name}.heur:{e}"),
            })
            .collect()
    })
}

pub fn definition(name: &str) -> Option<&'static Definition> {
    definitions().iter().find(|d| d.name == name)
}

const ON_REFUSAL: Param = Param {
    name: "on_refusal",
    kind: ParamKind::Choice(&["stop", "lmcut"]),
    default: Some("stop"),
    help: "when the certificate refuses the task: stop (exit 34, the failed check named) or fall back to lmcut()",
};

macro_rules! external {
    ($id:ident, $name:literal, $summary:literal) => {
        external!($id, $name, $summary, status_text);
    };
    ($id:ident, $name:literal, $summary:literal, $status:expr) => {
        static $id: ExternalHeuristic = ExternalHeuristic {
            plugin: HeuristicPlugin {
                name: $name,
                aliases: &[],
                summary: $summary,
                params: &[ON_REFUSAL],
                properties: Properties {
                    admissible: true,
                    consistent: true,
                    safe: true,
                    conditional_effects: false,
                    axioms: false,
                    action_costs: true,
                    preferred_operators: false,
                },
                build,
                check: None,
            },
            certify: certify_for_search,
            status: $status,
        };
    };
}

external!(
    SPANNER,
    "spanner",
    "spanner domain heuristic: tightenings, pickups, walking to the gate; usable-spanner dead-end test"
);
external!(MICONIC, "miconic", "miconic domain heuristic: boardings, departures and floors still to visit");

external!(FERRY, "ferry", "ferry domain heuristic: per-car boardings, sails, debarkings + repositioning corrections");
external!(
    CHILDSNACK,
    "childsnack",
    "childsnack domain heuristic: servings, tray loadings, sandwiches to make, tray moves"
);

external!(
    FLOORTILE,
    "floortile",
    "floortile domain heuristic: paints, missing colors, robot distance to painting squares"
);

external!(
    SATELLITE,
    "satellite",
    "satellite domain heuristic: images, pointing goals, directions to turn to, calibrations and switchings"
);

external!(
    ROVERS,
    "rovers",
    "rovers domain heuristic: communications, samples, images, calibration and store shortfalls, navigation"
);

external!(
    BLOCKSWORLD,
    "blocksworld",
    "blocksworld domain heuristic: grab and placement per block off its goal tower, detours; max with unmet clear goals"
);

external!(
    TRANSPORT,
    "transport",
    "transport domain heuristic: pick-ups and drops + max of farthest package road distance, arrivals and locations to reach"
);

external!(
    SOKOBAN,
    "sokoban",
    "sokoban domain heuristic: push distances + walk to the first push, max per-box push+walk; unreachable-goal dead ends"
);

static ALL: &[&ExternalHeuristic] =
    &[&SPANNER, &MICONIC, &FERRY, &CHILDSNACK, &FLOORTILE, &SATELLITE, &ROVERS, &BLOCKSWORLD, &TRANSPORT, &SOKOBAN];

// `domain()`: the domain heuristic written for the task's PDDL domain, chosen by its name, so
// that one search configuration covers a whole benchmark suite (paper 001's LeanPlan column).
// A domain without a heuristic is refused like a failed certificate (or falls back to LM-cut).
external!(
    BY_DOMAIN,
    "domain",
    "the domain heuristic whose (domain ...) is the task's domain; its certificate as for that heuristic",
    |_| "the certificate of the heuristic chosen by domain name; proved or audited as that one".into()
);

/// Registers every domain heuristic with `search::plugins` (idempotent).
pub fn register() {
    for h in ALL {
        search::plugins::register_external(h);
    }
    search::plugins::register_external(&BY_DOMAIN);
}

fn status_text(name: &str) -> String {
    format!("certificate checked before search; {}", proof_status(name).label())
}

/// The heuristic written for the task's domain (by the PDDL domain name), for `domain()`.
pub fn for_domain(t: &SearchTask) -> Result<&'static str, cert::Refusal> {
    let Some(lifted) = t.lifted else {
        return Err(cert::Refusal { check: "pddl-input".into(), detail: "the task is not PDDL (no names)".into() });
    };
    let d = &lifted.domain;
    let domain_name = d.name(d.name).to_ascii_lowercase();
    SOURCES.iter().zip(definitions()).find(|(_, def)| def.domain == domain_name).map(|((name, _), _)| *name).ok_or_else(
        || cert::Refusal {
            check: "domain".into(),
            detail: format!("no domain heuristic is written for domain `{domain_name}`"),
        },
    )
}

/// The certificate on a search task (PDDL input only: an `output.sas` task has no names).
/// `name` may be `domain`: the heuristic of the task's domain.
pub fn certify(name: &str, t: &SearchTask) -> Result<Program, cert::Refusal> {
    let name = if name == BY_DOMAIN.plugin.name { for_domain(t)? } else { name };
    let def = definition(name).expect("registered names have definitions");
    let Some(lifted) = t.lifted else {
        return Err(cert::Refusal { check: "pddl-input".into(), detail: "the task is not PDDL (no names)".into() });
    };
    let view = TaskView::new(lifted, Some(t.ground));
    cert::certify(def, &view, Some(t.ground))
}

fn certify_for_search(t: &SearchTask, spec: &HeuristicSpec) -> Result<(), String> {
    match certify(spec.name, t) {
        Ok(_) => Ok(()),
        Err(r) if spec.arg("on_refusal") == "lmcut" => {
            eprintln!("heuristic {}: certificate {r}; falling back to lmcut()", spec.name);
            Ok(())
        }
        Err(r) => Err(format!("the certificate of heuristic `{}` refuses the task: {r}", spec.name)),
    }
}

fn build(t: &SearchTask, spec: &HeuristicSpec) -> Box<dyn Heuristic> {
    match certify(spec.name, t) {
        Ok(p) => {
            let name = if spec.name == BY_DOMAIN.plugin.name { for_domain(t).unwrap_or(spec.name) } else { spec.name };
            Box::new(DomainHeuristic::new(name, p, t.layout.clone()))
        }
        // Only reached with on_refusal=lmcut: the planner refuses before search otherwise.
        Err(_) => (search::plugins::heuristic("lmcut").expect("built in").build)(t, spec),
    }
}

/// A compiled domain heuristic over packed states.
pub struct DomainHeuristic {
    name: String,
    program: Program,
    layout: Layout,
    env: Env,
}

impl DomainHeuristic {
    pub fn new(name: &str, mut program: Program, layout: Layout) -> DomainHeuristic {
        let _ = program.specialize(&layout);
        let env = program.env();
        DomainHeuristic { name: name.into(), program, layout, env }
    }
    pub fn value(&mut self, s: &State) -> Value {
        self.program.evaluate(s, &self.layout, &mut self.env)
    }
}

impl Heuristic for DomainHeuristic {
    fn name(&self) -> &str {
        &self.name
    }
    fn evaluate(&mut self, s: &State, _: Option<&mut Vec<u32>>) -> Value {
        self.value(s)
    }
    fn admissible(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_source_parses() {
        for (name, text) in super::SOURCES {
            let d = super::lang::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(&d.name, name);
        }
    }
}

/// The heuristic `name` for a search task, after its certificate (`None`: no such heuristic).
pub fn instantiate(name: &str, t: &SearchTask) -> Option<Result<DomainHeuristic, cert::Refusal>> {
    definition(name)?;
    Some(certify(name, t).map(|p| DomainHeuristic::new(name, p, t.layout.clone())))
}

/// One line of `certplan heuristic list`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Listing {
    pub name: &'static str,
    pub domain: String,
    pub summary: String,
    pub certificate_checks: Vec<String>,
    pub proof: ProofStatus,
    pub proof_label: &'static str,
}

pub fn listing() -> Vec<Listing> {
    definitions()
        .iter()
        .zip(SOURCES)
        .map(|(d, (name, _))| {
            let mut checks: Vec<String> =
                ["domain", "schemas", "no-derived-predicates", "conjunctive-goal", "costs-at-least-one", "strips"]
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
            if !d.static_predicates.is_empty() {
                checks.push("static-predicates".into());
            }
            if !d.exact_types.is_empty() {
                checks.push("exact-types".into());
            }
            checks.extend(d.checks.iter().map(|c| c.name.clone()));
            checks.push("compile".into());
            Listing {
                name,
                domain: d.domain.clone(),
                summary: d.summary.clone(),
                certificate_checks: checks,
                proof: proof_status(name),
                proof_label: proof_status(name).label(),
            }
        })
        .collect()
}
