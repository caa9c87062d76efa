//! Plan-verification datasets (paper 002): a training and a test split that differ in plan
//! lengths and, optionally, object counts. The library decides what goes in; `certplan dataset`
//! writes it (JSON and files are the front door's business).
//!
//! Every random choice comes from one ChaCha8 stream per split seeded from the dataset seed, and
//! examples are produced in order, so the same seed and settings give the same examples.
//! A split is a sequence of problems; each problem (its size drawn for the split's object range
//! when there is one) gives `pairs_per_problem` pairs, each pair a valid and an invalid plan of
//! one length drawn uniformly from the split's length range.

use crate::{Example, Sampler, Source};
use rand::{Rng as _, RngExt, SeedableRng};

/// An inclusive range, `11-20`.
pub type Range = (usize, usize);

#[derive(Clone, Debug)]
pub struct SplitSpec {
    pub name: &'static str,
    pub lengths: Range,
    /// Problem objects; `None` keeps the size parameters as given.
    pub objects: Option<Range>,
}

#[derive(Clone)]
pub struct Spec {
    pub domain: &'static domains::Domain,
    pub seed: u64,
    /// Examples per split.
    pub count: usize,
    pub pairs_per_problem: usize,
    /// Size parameters (`-p name=value`): fixed for every problem.
    pub settings: Vec<(String, u32)>,
    /// Worker threads; the output is the same for every value.
    pub jobs: usize,
}

/// What a split holds, for the dataset's metadata.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct SplitStats {
    pub examples: usize,
    pub valid: usize,
    pub invalid: usize,
    pub not_executable: usize,
    pub goal_not_reached: usize,
    /// Problems that gave examples (the last wave may make a few more than are written).
    pub problems: usize,
    /// Problems given up on (generation refused, or random walks kept hitting dead ends).
    pub problems_skipped: usize,
    pub min_objects: Option<usize>,
    pub max_objects: Option<usize>,
    pub min_length: Option<usize>,
    pub max_length: Option<usize>,
}

/// More skipped problems than this (beyond one per example made) and the split is abandoned:
/// the settings cannot give examples.
const MAX_SKIPPED: usize = 100;

/// What one problem gave: its examples in order, and why it stopped early, if it did.
struct Batch {
    examples: Vec<Example>,
    /// The problem could not be generated or its walks hit dead ends: counted as skipped.
    skipped: Option<String>,
}

/// The examples of problem `j` of a split: a pure function of (spec, split, j), so problems can
/// be made in any order and on any thread and the output stays the same.
fn problem(
    spec: &Spec,
    split: &SplitSpec,
    index: u64,
    j: u64,
    fixed: Option<&domains::Params>,
) -> Result<Batch, String> {
    let (lo, hi) = split.lengths;
    let mut rng = domains::Rng::seed_from_u64(spec.seed);
    // One stream per split, and a disjoint stretch of it per problem (2^40 words each, far more
    // than a problem draws), so the test split does not shift when the training count changes.
    rng.set_stream(index + 1);
    rng.set_word_pos((j as u128) << 40);
    let (problem_seed, size_seed) = (rng.next_u64(), rng.next_u64());
    let params = match (fixed, split.objects) {
        (Some(p), _) => p.clone(),
        (None, Some((a, b))) => {
            spec.domain.params_for_objects(&spec.settings, a, b, size_seed).map_err(|e| e.to_string())?
        }
        (None, None) => spec.domain.params(&spec.settings).map_err(|e| e.to_string())?,
    };
    let src = match Source::new(spec.domain, &params, problem_seed) {
        Ok(s) => s,
        Err(e) => return Ok(Batch { examples: Vec::new(), skipped: Some(e) }),
    };
    // The explicit view refuses what it cannot enumerate; that is not a passing hiccup.
    let sampler = Sampler::new(&src)?;
    let mut examples = Vec::with_capacity(2 * spec.pairs_per_problem);
    for _ in 0..spec.pairs_per_problem.max(1) {
        let length = rng.random_range(lo..=hi);
        let pair_seed = rng.next_u64();
        match sampler.pair(length, pair_seed) {
            Ok(pair) => examples.extend(pair),
            // Dead ends or a goal-less final state: this problem is done, try another.
            Err(e) => return Ok(Batch { examples, skipped: Some(e) }),
        }
    }
    Ok(Batch { examples, skipped: None })
}

/// Builds one split, handing each example to `sink` in order. `index` (0 train, 1 test) picks
/// the split's random stream. Problems are made `jobs` at a time on scoped threads and handed
/// over in problem order, so the output does not depend on `jobs`.
pub fn build<E: From<String>>(
    spec: &Spec,
    split: &SplitSpec,
    index: u64,
    mut sink: impl FnMut(Example) -> Result<(), E>,
) -> Result<SplitStats, E> {
    let (lo, hi) = split.lengths;
    if lo > hi || lo == 0 {
        return Err(format!("{}: the length range {lo}-{hi} is empty or starts at 0", split.name).into());
    }
    if let Some((a, b)) = split.objects
        && (a > b || a == 0)
    {
        return Err(format!("{}: the object range {a}-{b} is empty or starts at 0", split.name).into());
    }
    let fixed = if split.objects.is_none() {
        Some(spec.domain.params(&spec.settings).map_err(|e| e.to_string())?)
    } else {
        None
    };
    let mut stats = SplitStats::default();
    let note = |s: &mut SplitStats, e: &Example| {
        s.examples += 1;
        if e.label == crate::tokens::VALID {
            s.valid += 1;
        } else {
            s.invalid += 1;
        }
        match e.kind.as_deref() {
            Some("not-executable") => s.not_executable += 1,
            Some("goal-not-reached") => s.goal_not_reached += 1,
            _ => {}
        }
        s.min_objects = Some(s.min_objects.map_or(e.objects, |m| m.min(e.objects)));
        s.max_objects = Some(s.max_objects.map_or(e.objects, |m| m.max(e.objects)));
        s.min_length = Some(s.min_length.map_or(e.length, |m| m.min(e.length)));
        s.max_length = Some(s.max_length.map_or(e.length, |m| m.max(e.length)));
    };
    let jobs = spec.jobs.max(1) as u64;
    let mut next = 0u64;
    while stats.examples < spec.count {
        // Enough problems for what is missing, but at least one per thread.
        let missing = (spec.count - stats.examples).div_ceil(2 * spec.pairs_per_problem.max(1)) as u64;
        let wave = missing.clamp(1, 4 * jobs);
        let batches: Vec<Result<Batch, String>> = if jobs == 1 || wave == 1 {
            (next..next + wave).map(|j| problem(spec, split, index, j, fixed.as_ref())).collect()
        } else {
            std::thread::scope(|scope| {
                let per = wave.div_ceil(jobs);
                let handles: Vec<_> = (0..jobs)
                    .map(|t| {
                        let (a, b) = (next + t * per, (next + (t + 1) * per).min(next + wave));
                        let fixed = fixed.as_ref();
                        scope.spawn(move || (a..b).map(|j| problem(spec, split, index, j, fixed)).collect::<Vec<_>>())
                    })
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| h.join().unwrap_or_else(|_| vec![Err("a worker thread panicked".into())]))
                    .collect()
            })
        };
        next += wave;
        for b in batches {
            let b = b.map_err(|e| format!("{}: {e}", split.name))?;
            stats.problems += usize::from(!b.examples.is_empty());
            if let Some(e) = b.skipped {
                stats.problems_skipped += 1;
                if stats.problems_skipped > MAX_SKIPPED + stats.examples {
                    return Err(format!("{}: too many problems failed; the last: {e}", split.name).into());
                }
            }
            for ex in b.examples {
                // An odd count ends on the valid half of the last pair.
                if stats.examples >= spec.count {
                    break;
                }
                note(&mut stats, &ex);
                sink(ex)?;
            }
        }
    }
    Ok(stats)
}
