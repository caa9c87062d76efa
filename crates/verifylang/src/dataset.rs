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
    /// Examples per plan length (`--per-length N`): every length of a split's range gets exactly
    /// this many, instead of `count` examples with lengths drawn uniformly.
    pub per_length: Option<usize>,
    /// Object ids drawn at random, without repetition, from `0..alphabet` for each example
    /// (the public code of paper 002 uses 269), instead of numbering objects `0, 1, ...` in order
    /// of first appearance: then a test split with more objects uses ids and id combinations that
    /// training never showed in the same roles.
    pub id_alphabet: Option<usize>,
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
            Ok(mut pair) => {
                if let Some(alphabet) = spec.id_alphabet {
                    for ex in &mut pair {
                        draw_ids(&mut ex.tokens, alphabet, &mut rng)?;
                    }
                }
                examples.extend(pair)
            }
            // Dead ends or a goal-less final state: this problem is done, try another.
            Err(e) => return Ok(Batch { examples, skipped: Some(e) }),
        }
    }
    Ok(Batch { examples, skipped: None })
}

/// Replaces the object numbers `0..k` of an example's tokens (the numbering of first appearance)
/// by `k` distinct ids drawn uniformly from `0..alphabet`. Domain constants keep their names, and
/// PDDL names start with a letter, so a token that reads as a number is an object number.
fn draw_ids(tokens: &mut [crate::tokens::Token], alphabet: usize, rng: &mut domains::Rng) -> Result<(), String> {
    let k = tokens.iter().filter_map(|t| t.parse::<usize>().ok()).max().map_or(0, |m| m + 1);
    if k > alphabet {
        return Err(format!("an example has {k} objects, more than the id alphabet of {alphabet}"));
    }
    // Floyd's sampling of k distinct values, then a shuffle for a uniform order.
    let mut chosen: Vec<usize> = Vec::with_capacity(k);
    for j in alphabet - k..alphabet {
        let t = rng.random_range(0..=j);
        chosen.push(if chosen.contains(&t) { j } else { t });
    }
    rand::seq::SliceRandom::shuffle(chosen.as_mut_slice(), rng);
    let ids: Vec<crate::tokens::Token> =
        chosen.into_iter().map(|i| crate::tokens::Token::from(i.to_string())).collect();
    for t in tokens.iter_mut() {
        if let Ok(n) = t.parse::<usize>() {
            *t = ids[n].clone();
        }
    }
    Ok(())
}

/// The most examples of plan length `L` in a split built with [`Spec::per_length`]: each length
/// is its own sub-split with its own random stream.
const PER_LENGTH_STREAMS: u64 = 1 << 20;

/// Builds one split, handing each example to `sink` in order. `index` (0 train, 1 test) picks
/// the split's random stream. Problems are made `jobs` at a time on scoped threads and handed
/// over in problem order, so the output does not depend on `jobs`. With [`Spec::per_length`],
/// the lengths are made one after the other, shortest first, each with exactly that many examples.
pub fn build<E: From<String>>(
    spec: &Spec,
    split: &SplitSpec,
    index: u64,
    mut sink: impl FnMut(Example) -> Result<(), E>,
) -> Result<SplitStats, E> {
    let Some(n) = spec.per_length else { return build_range(spec, split, index, sink) };
    let (lo, hi) = split.lengths;
    if lo > hi || lo == 0 {
        return Err(format!("{}: the length range {lo}-{hi} is empty or starts at 0", split.name).into());
    }
    let mut total = SplitStats::default();
    let one = Spec { count: n, per_length: None, ..spec.clone() };
    for length in lo..=hi {
        let sub = SplitSpec { lengths: (length, length), ..split.clone() };
        // Streams 0 and 1 are the uniform splits'; each (split, length) gets one of its own.
        let stream = 2 + index * PER_LENGTH_STREAMS + length as u64;
        let s = build_range(&one, &sub, stream, &mut sink)?;
        total.merge(&s);
    }
    Ok(total)
}

impl SplitStats {
    fn merge(&mut self, o: &SplitStats) {
        self.examples += o.examples;
        self.valid += o.valid;
        self.invalid += o.invalid;
        self.not_executable += o.not_executable;
        self.goal_not_reached += o.goal_not_reached;
        self.problems += o.problems;
        self.problems_skipped += o.problems_skipped;
        let min = |a: Option<usize>, b: Option<usize>| a.into_iter().chain(b).min();
        let max = |a: Option<usize>, b: Option<usize>| a.into_iter().chain(b).max();
        self.min_objects = min(self.min_objects, o.min_objects);
        self.max_objects = max(self.max_objects, o.max_objects);
        self.min_length = min(self.min_length, o.min_length);
        self.max_length = max(self.max_length, o.max_length);
    }
}

fn build_range<E: From<String>>(
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
