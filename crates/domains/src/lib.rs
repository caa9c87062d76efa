//! certplan's domain library: hand-written PDDL domains (embedded with `include_str!`), a seeded
//! instance generator for each, and the domain classes of paper 002 (delete-free, well-formed,
//! conditional effects).
//!
//! Every random choice of a generator comes from one ChaCha8 stream seeded with the instance's
//! seed, and generators iterate only over ordered collections, so the same seed and parameters
//! give the same bytes on every machine.
//!
//! Entry points: [`library`] / [`find`] for the domains, [`Domain::generate`] for one instance,
//! [`Split`] for the IPC 2023 learning-track size schedules, [`analyze`] for domain classes.

pub mod analyze;
pub mod explicit;
mod generators;
mod writer;

pub use generators::GenError;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The random stream generators draw from.
pub type Rng = ChaCha8Rng;

/// A size parameter of a generator, with the range it accepts.
#[derive(Clone, Copy, Debug)]
pub struct ParamSpec {
    pub name: &'static str,
    pub doc: &'static str,
    pub min: u32,
    pub max: u32,
    pub default: u32,
}

/// Parameter values, resolved against a domain's [`ParamSpec`]s: every parameter has a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params(Vec<(&'static str, u32)>);

impl Params {
    /// The value of a parameter the domain declares; 0 for an undeclared name (a generator bug,
    /// caught by the tests that run every generator with its defaults).
    pub fn get(&self, name: &str) -> u32 {
        self.0.iter().find(|(n, _)| *n == name).map_or(0, |&(_, v)| v)
    }
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, u32)> + '_ {
        self.0.iter().copied()
    }
}

/// One size schedule of the IPC 2023 learning track: each parameter grows linearly with the
/// instance index from its first to its last value.
#[derive(Clone, Copy, Debug)]
pub struct Split {
    pub name: &'static str,
    pub ranges: &'static [(&'static str, u32, u32)],
}

/// A domain of the library.
pub struct Domain {
    /// The name `certplan generate` and `analyze` take.
    pub name: &'static str,
    pub summary: &'static str,
    /// The domain file.
    pub pddl: &'static str,
    /// The directory of the public version under `../shared/benchmarks`, where one exists.
    pub public: Option<&'static str>,
    pub params: &'static [ParamSpec],
    /// IPC-style size schedules (training, easy, medium, hard), where the domain has them.
    pub splits: &'static [Split],
    generator: generators::Generator,
}

impl Domain {
    /// Resolves `key=value` settings against the domain's parameters: unknown names and values out
    /// of range are errors; missing parameters take their defaults.
    pub fn params(&self, settings: &[(String, u32)]) -> Result<Params, GenError> {
        for (name, value) in settings {
            let Some(spec) = self.params.iter().find(|p| p.name == name.as_str()) else {
                let known: Vec<&str> = self.params.iter().map(|p| p.name).collect();
                return Err(GenError(format!(
                    "`{}` has no parameter `{name}`; its parameters are: {}",
                    self.name,
                    known.join(", ")
                )));
            };
            if *value < spec.min || *value > spec.max {
                return Err(GenError(format!("`{name}` must be between {} and {} (got {value})", spec.min, spec.max)));
            }
        }
        Ok(Params(
            self.params
                .iter()
                .map(|p| {
                    let v = settings.iter().rev().find(|(n, _)| n == p.name).map_or(p.default, |&(_, v)| v);
                    (p.name, v)
                })
                .collect(),
        ))
    }

    /// The parameters of instance `index` (0-based) of `count` under a split schedule, clamped to
    /// the parameters' ranges.
    pub fn split_params(&self, split: &Split, index: usize, count: usize) -> Result<Params, GenError> {
        let settings: Vec<(String, u32)> = split
            .ranges
            .iter()
            .map(|&(name, first, last)| {
                let v = if count <= 1 {
                    first as f64
                } else {
                    first as f64 + (last as f64 - first as f64) * index as f64 / (count - 1) as f64
                };
                let spec = self.params.iter().find(|p| p.name == name);
                let v = v.round() as u32;
                let v = spec.map_or(v, |s| v.clamp(s.min, s.max));
                (name.to_string(), v)
            })
            .collect();
        self.params(&settings)
    }

    /// Parameters whose instances have between `lo` and `hi` problem objects (inclusive), for the
    /// object-count splits of paper 002's datasets. Settings in `fixed` are kept; every other
    /// parameter is its default scaled by one common factor (with a random tilt per parameter, so
    /// that the parameters' proportions vary between instances), and the factor is found by
    /// bisection on the object count of the generated text. `seed` draws the target count and the
    /// tilts; `Err` when no try lands in the range (for example a range the fixed settings exclude).
    pub fn params_for_objects(
        &self,
        fixed: &[(String, u32)],
        lo: usize,
        hi: usize,
        seed: u64,
    ) -> Result<Params, GenError> {
        use rand::RngExt;
        let mut rng = Rng::seed_from_u64(seed);
        let free: Vec<&ParamSpec> = self.params.iter().filter(|p| !fixed.iter().any(|(n, _)| n == p.name)).collect();
        let objects = |params: &Params| -> Option<usize> {
            let text = self.generate(params, 0, "count").ok()?;
            pddl::parse_problem(&text, pddl::FileId(1)).value.map(|p| p.objects.len())
        };
        for _ in 0..20 {
            let target = rng.random_range(lo..=hi.max(lo));
            let tilt: Vec<f64> = free.iter().map(|_| rng.random_range(0.7..1.3)).collect();
            let at = |s: f64| -> Result<Params, GenError> {
                let mut settings = fixed.to_vec();
                for (p, t) in free.iter().zip(&tilt) {
                    let v = (p.default.max(1) as f64 * s * t).round().clamp(p.min as f64, p.max as f64) as u32;
                    settings.push((p.name.to_string(), v));
                }
                self.params(&settings)
            };
            // Bisection on the scale: a combination the generator refuses (more heavy balls than
            // balls, say) counts as too small, which pushes the scale up past it.
            let (mut low, mut high) = (0.0f64, 1.0f64);
            while high < 1e4 && at(high).ok().and_then(|p| objects(&p)).is_none_or(|n| n < target) {
                low = high;
                high *= 2.0;
            }
            let mut best: Option<(usize, Params)> = None;
            for _ in 0..40 {
                let mid = (low + high) / 2.0;
                let Ok(p) = at(mid) else {
                    low = mid;
                    continue;
                };
                match objects(&p) {
                    Some(n) if n >= lo && n <= hi => {
                        let d = n.abs_diff(target);
                        if best.as_ref().is_none_or(|(bd, _)| d < *bd) {
                            best = Some((d, p));
                        }
                        if n == target {
                            break;
                        }
                        if n < target { low = mid } else { high = mid }
                    }
                    Some(n) if n >= target => high = mid,
                    _ => low = mid,
                }
            }
            if let Some((_, p)) = best {
                return Ok(p);
            }
        }
        Err(GenError(format!("no parameters of `{}` found that give {lo}-{hi} objects", self.name)))
    }

    /// Generates one problem, named `name`, from `seed`.
    pub fn generate(&self, params: &Params, seed: u64, name: &str) -> Result<String, GenError> {
        let mut rng = Rng::seed_from_u64(seed);
        let text = (self.generator)(params, &mut rng, name)?;
        // The two variants of a paper 002 domain share a generator; the problem must still name
        // its own domain, which the checker insists on.
        let own = domain_name(self.pddl).unwrap_or_default();
        Ok(match text.split_once("\n  (:domain ") {
            Some((head, rest)) => match rest.split_once(")\n") {
                Some((_, tail)) => format!("{head}\n  (:domain {own})\n{tail}"),
                None => text,
            },
            None => text,
        })
    }
}

/// Every domain of the library, in a fixed order.
pub fn library() -> &'static [Domain] {
    generators::LIBRARY
}

/// The domain named `name` (ASCII case-insensitive).
pub fn find(name: &str) -> Option<&'static Domain> {
    library().iter().find(|d| d.name.eq_ignore_ascii_case(name))
}

/// Why a domain or problem text gave no lifted task: everything loaded, with every diagnostic and
/// its position (`{e}` prints the errors as `path:line:col: error[CODE]: message` lines; the
/// files are named `domain.pddl` and `problem.pddl`).
pub type Rejected = Box<model::front::Loaded>;

/// Parses and checks a domain and problem given as text through `model::front`, handing out the
/// lifted task; everything loaded, with the diagnostics, otherwise.
pub fn task(domain: &str, problem: &str) -> Result<model::lifted::Task, Rejected> {
    model::front::load_text(domain, Some(problem)).into_task()
}

/// The lifted domain of a domain file given as text.
pub fn lifted_domain(domain: &str) -> Result<model::lifted::Domain, Rejected> {
    model::front::load_text(domain, None).into_domain()
}

/// The name in `(define (domain NAME) ...)`, read with the parser.
pub fn domain_name(domain: &str) -> Option<String> {
    pddl::parse_domain(domain, pddl::FileId(0)).value.map(|d| d.name.text.to_string())
}
