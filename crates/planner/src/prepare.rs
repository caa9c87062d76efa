//! From the input to the ground task that search runs on: grounding, pruning and the choice of
//! mutex groups for a PDDL task; the conversion of an FDR task. Each step checks the limits.

use crate::process;
use crate::{Event, Limits, Outcome, Phase, Pruning, Statistics};
use ground::prune::PruneStats;
use ground::{GroundError, GroundOptions, GroundStats, GroundTask};
use model::lifted::Task;
use serde::Serialize;
use std::time::Instant;

/// Statistics of grounding and pruning a PDDL task.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Grounding {
    pub grounding: GroundStats,
    /// `None` when h2 was switched off (or did not run).
    pub h2: Option<PruneStats>,
    pub relevance: Option<PruneStats>,
    pub invariants: Option<InvariantStats>,
    /// Atoms and operators of the task that search runs on.
    pub atoms: usize,
    pub operators: usize,
}

/// Mutex groups proved by `ground::invariants`.
#[derive(Clone, Debug, Default, Serialize)]
pub struct InvariantStats {
    pub groups: usize,
    pub seconds: f64,
    /// Whether they pack states tighter than h2's groups, and so replaced them.
    pub used: bool,
}

/// The size of an FDR task.
#[derive(Clone, Debug, Default, Serialize)]
pub struct FdrSize {
    pub variables: usize,
    /// Values of all variables together.
    pub facts: usize,
    pub operators: usize,
    /// Whether operator costs count (`begin_metric 1`).
    pub general_cost: bool,
}

/// Grounds and prunes a PDDL task and picks its mutex groups: the steps before search, also for
/// `certplan ground`. `Err` is the outcome that ended it (unsolvable, a limit, a refusal).
pub fn prepare(
    task: &Task,
    pruning: Pruning,
    limits: &Limits,
    stats: &mut Statistics,
    on: &mut dyn FnMut(Event),
) -> Result<GroundTask, Outcome> {
    let deadline = limits.deadline;
    stats.grounding = Some(Grounding::default());

    process::enter(Some(Phase::Ground));
    let t = Instant::now();
    let grounded = ground::ground(task, GroundOptions { deadline });
    stats.times.add(Phase::Ground, t.elapsed().as_secs_f64());
    let grounded = match grounded {
        Ok(g) => g,
        Err(GroundError::Unsupported(refusals)) => {
            return Err(Outcome::Refused { reasons: refusals.iter().map(ToString::to_string).collect() });
        }
        Err(GroundError::TooLarge(m)) => {
            return Err(Outcome::Refused { reasons: vec![format!("cannot ground this task: {m}")] });
        }
        Err(GroundError::OutOfTime) => return Err(Outcome::OutOfTime { phase: Phase::Ground }),
    };
    grounding(stats).grounding = grounded.stats;
    if let Some(limit) = limits.exceeded() {
        return Err(Outcome::stopped(limit, Phase::Ground));
    }
    on(Event::PhaseDone { phase: Phase::Ground, statistics: stats });
    let Some(mut g) = grounded.task else {
        return Err(Outcome::Unsolvable { phase: Phase::Ground });
    };

    if pruning.h2 {
        process::enter(Some(Phase::H2));
        let s = ground::prune::h2(&mut g, deadline);
        stats.times.add(Phase::H2, s.seconds);
        let unsolvable = s.unsolvable;
        grounding(stats).h2 = Some(s);
        // A proof stands even when it came at the deadline.
        if unsolvable {
            return Err(Outcome::Unsolvable { phase: Phase::H2 });
        }
        if let Some(limit) = limits.exceeded() {
            return Err(Outcome::stopped(limit, Phase::H2));
        }
    }
    on(Event::PhaseDone { phase: Phase::H2, statistics: stats });

    if pruning.relevance {
        process::enter(Some(Phase::Relevance));
        let s = ground::prune::relevance_until(&mut g, deadline);
        stats.times.add(Phase::Relevance, s.seconds);
        grounding(stats).relevance = Some(s);
        if let Some(limit) = limits.exceeded() {
            return Err(Outcome::stopped(limit, Phase::Relevance));
        }
    }
    on(Event::PhaseDone { phase: Phase::Relevance, statistics: stats });

    // h2's groups where it ran, unless the proved invariants pack states tighter (h2's greedy
    // clique cover can split what one invariant covers; and without h2 they are all there is).
    process::enter(Some(Phase::Invariants));
    let t = Instant::now();
    let proved = ground::invariants::mutex_groups_until(&g, deadline);
    let seconds = t.elapsed().as_secs_f64();
    stats.times.add(Phase::Invariants, seconds);
    let Some(proved) = proved else {
        return Err(Outcome::OutOfTime { phase: Phase::Invariants });
    };
    let n = g.atoms.len();
    let used = ground::invariants::packed_bits(n, &proved) < ground::invariants::packed_bits(n, &g.mutex_groups);
    let gs = grounding(stats);
    gs.invariants = Some(InvariantStats { groups: proved.len(), seconds, used });
    if used {
        g.mutex_groups = proved;
    }
    gs.atoms = g.atoms.len();
    gs.operators = g.operators.len();
    if let Some(limit) = limits.exceeded() {
        return Err(Outcome::stopped(limit, Phase::Invariants));
    }
    on(Event::PhaseDone { phase: Phase::Invariants, statistics: stats });
    Ok(g)
}

fn grounding(stats: &mut Statistics) -> &mut Grounding {
    stats.grounding.get_or_insert_with(Default::default)
}

/// The ground task of an FDR task, searched as given (no pruning, its own mutex groups).
pub(crate) fn from_fdr(fdr: &sas::Task, stats: &mut Statistics) -> Result<GroundTask, Outcome> {
    stats.fdr = Some(FdrSize {
        variables: fdr.variables.len(),
        facts: fdr.variables.iter().map(|v| v.values.len()).sum(),
        operators: fdr.operators.len(),
        general_cost: fdr.metric,
    });
    ground::sas::from_fdr(fdr).map_err(|why| Outcome::Refused { reasons: vec![why] })
}
