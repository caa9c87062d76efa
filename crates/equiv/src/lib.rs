//! When are two PDDL problems of one domain the same? Two exact answers (issue 13, paper 003):
//!
//! - **Structural** (paper 003, appendix E): the same typed objects, initial state (numeric
//!   values compared exactly), goal and metric up to a renaming of the objects. Domain constants
//!   keep their names. Both problems become canonical coloured structures ([`structure`]); the
//!   identity on names is tried first, then colour refinement and backtracking ([`iso`]).
//! - **Semantic** ([`Options::semantic`], Planetarium's notion, Zuo et al. 2024): the same
//!   initial state up to renaming, and the same set of reachable goal states. Each goal is
//!   completed to the literals that hold in every reachable state satisfying it, from invariants
//!   proved on the grounded task, or exactly by enumerating the reachable states when they are
//!   few ([`semantic`]).
//!
//! An answer is [`Verdict::Equal`] with the renaming, [`Verdict::Different`] with an
//! [`Explanation`] read off the closest mapping found, or [`Verdict::Unknown`] when the search
//! or the completion could not decide within the limits: never a guess.

pub mod iso;
pub mod semantic;
pub mod structure;

use iso::{Matcher, Search};
use model::front::{Request, Source};
use model::lifted::Task;
use pddl::Diagnostic;
use serde::Serialize;
use structure::{Section, Structure};

/// What to compare and how hard to try.
#[derive(Clone, Debug)]
pub struct Options {
    /// Planetarium's semantic equivalence instead of structural identity.
    pub semantic: bool,
    /// The most search nodes (individualisations) of the isomorphism search before the answer
    /// is [`Verdict::Unknown`].
    pub node_limit: u64,
    /// Semantic comparison: the most reachable states enumerated per problem to complete a goal
    /// exactly (beyond it, only the invariants decide).
    pub state_limit: usize,
    /// Semantic comparison: complete the goals even when the problems are structurally equal
    /// (which already implies semantic equality); for measuring the completion.
    pub always_complete: bool,
    /// Semantic comparison: the most seconds grounding one problem may take (beyond it the
    /// answer is "unknown").
    pub ground_seconds: f64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            semantic: false,
            node_limit: 20_000,
            state_limit: 200_000,
            always_complete: false,
            ground_seconds: 30.0,
        }
    }
}

/// The answer.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
// The shape is the API the NL-to-PDDL evaluation calls (`Different { explanation }` unboxed);
// one verdict per comparison, so the size does not matter.
#[allow(clippy::large_enum_variant)]
pub enum Verdict {
    /// The problems are the same; `mapping` gives each object of the first problem the object
    /// of the second it corresponds to.
    Equal {
        mapping: Vec<(String, String)>,
    },
    Different {
        explanation: Explanation,
    },
    /// Not decided within the limits, with the reason.
    Unknown {
        reason: String,
    },
}

impl Verdict {
    /// `equal`, `different` or `unknown`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Equal { .. } => "equal",
            Verdict::Different { .. } => "different",
            Verdict::Unknown { .. } => "unknown",
        }
    }
}

/// How many objects of one type each problem has, where the counts differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TypeCount {
    /// The declared type(s), `|`-joined; for a domain constant, `constant NAME - TYPE`.
    pub r#type: String,
    pub a: usize,
    pub b: usize,
}

/// Why two problems differ, read off the closest mapping found: the facts each side has that the
/// other lacks under it (written with that side's own object names).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Explanation {
    /// The closest mapping found, object of A to object of B (objects without a partner left out).
    pub mapping: Vec<(String, String)>,
    pub type_counts: Vec<TypeCount>,
    /// Initial facts of A without a counterpart in B, and of B without one in A.
    pub init_only_a: Vec<String>,
    pub init_only_b: Vec<String>,
    /// Goal literals likewise (semantic comparison: of the completed goals).
    pub goal_only_a: Vec<String>,
    pub goal_only_b: Vec<String>,
    /// A goal that is not a flat conjunction differs: both goals in canonical form.
    pub goal_structure: Option<(String, String)>,
    /// The metrics differ: both in canonical form (`none` for a missing one).
    pub metric: Option<(String, String)>,
    /// The trajectory constraints differ.
    pub constraints_differ: bool,
    /// A condition the verdict rests on, if any (semantic comparison of goals completed by
    /// invariants: Planetarium's assumption that both problems are solvable).
    pub assumption: Option<String>,
    /// Semantic comparison: how the goals were completed (`invariants`, `reachable states`).
    pub completion: Option<String>,
}

impl Explanation {
    /// One line per difference, for the terminal.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for t in &self.type_counts {
            out.push(format!("objects of type {}: {} in A, {} in B", t.r#type, t.a, t.b));
        }
        for (what, xs) in [
            ("init only in A", &self.init_only_a),
            ("init only in B", &self.init_only_b),
            ("goal only in A", &self.goal_only_a),
            ("goal only in B", &self.goal_only_b),
        ] {
            for x in xs {
                out.push(format!("{what}: {x}"));
            }
        }
        if let Some((a, b)) = &self.goal_structure {
            out.push(format!("goal differs: A {a}, B {b}"));
        }
        if let Some((a, b)) = &self.metric {
            out.push(format!("metric differs: A {a}, B {b}"));
        }
        if self.constraints_differ {
            out.push("constraints differ".into());
        }
        if let Some(c) = &self.completion {
            out.push(format!("goals completed by {c}"));
        }
        if let Some(a) = &self.assumption {
            out.push(format!("assuming {a}"));
        }
        out
    }
}

/// Input errors of [`compare_texts`]: every diagnostic of the three texts, rendered.
#[derive(Clone, Debug, Serialize)]
pub struct InputError {
    pub diagnostics: Vec<Diagnostic>,
    /// The diagnostics rendered with source snippets (no colour).
    pub rendered: String,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.rendered)
    }
}

impl std::error::Error for InputError {}

/// Compares two problems of one domain given as text, through `model::front`.
pub fn compare_texts(domain: &str, a: &str, b: &str, options: &Options) -> Result<Verdict, InputError> {
    let load = |problem: &str, name: &str| {
        let request = Request::new(Source::text("domain.pddl", domain)).problem(Source::text(name, problem));
        // Text sources are never opened from disk, so `load` cannot fail for them.
        let loaded = match request.load() {
            Ok(l) => l,
            Err(e) => unreachable!("text sources are not read from disk: {e}"),
        };
        loaded.into_task().map_err(|rejected| {
            let mut diagnostics = rejected.diagnostics.clone();
            if !rejected.has_errors() {
                diagnostics.extend(rejected.unsupported());
            }
            let rendered = rejected.render_these(&diagnostics, false);
            InputError { diagnostics, rendered }
        })
    };
    let ta = load(a, "a.pddl")?;
    let tb = load(b, "b.pddl")?;
    Ok(compare(&ta, &tb, options))
}

/// Compares two problems of the same domain.
pub fn compare(a: &Task, b: &Task, options: &Options) -> Verdict {
    if options.semantic {
        semantic::compare(a, b, options)
    } else {
        compare_structures(&structure::structural(a), &structure::structural(b), options.node_limit, None)
    }
}

/// Decides isomorphism of two structures and words the answer. `completion` is noted in the
/// explanation of a semantic comparison.
pub fn compare_structures(sa: &Structure, sb: &Structure, node_limit: u64, completion: Option<&str>) -> Verdict {
    let mut matcher = Matcher::new(sa, sb, node_limit);
    match matcher.run(by_name(sa, sb)) {
        Search::Found(m) => Verdict::Equal {
            mapping: (0..sa.objects).map(|v| (sa.names[v].clone(), sb.names[m[v] as usize].clone())).collect(),
        },
        Search::Limit { nodes } => Verdict::Unknown {
            reason: format!(
                "the search for a renaming stopped at the node limit ({nodes} nodes) without deciding; raise the limit"
            ),
        },
        Search::None { closest } => {
            let mut e = explain(&matcher, sa, sb, &closest);
            e.completion = completion.map(String::from);
            Verdict::Different { explanation: e }
        }
    }
}

/// The identity on object names (tree vertices by position), when both problems have the same
/// object names: paper 003's fast path.
fn by_name(sa: &Structure, sb: &Structure) -> Option<Vec<u32>> {
    if sa.labels.len() != sb.labels.len() || sa.objects != sb.objects {
        return None;
    }
    let index: rustc_hash::FxHashMap<&str, u32> =
        sb.names.iter().enumerate().map(|(i, n)| (n.as_str(), i as u32)).collect();
    let mut m = Vec::with_capacity(sa.labels.len());
    for n in &sa.names {
        m.push(*index.get(n.as_str())?);
    }
    m.extend(sa.objects as u32..sa.labels.len() as u32);
    Some(m)
}

fn explain(matcher: &Matcher, sa: &Structure, sb: &Structure, m: &[Option<u32>]) -> Explanation {
    let mut e = Explanation {
        mapping: (0..sa.objects)
            .filter_map(|v| m[v].filter(|&w| (w as usize) < sb.objects).map(|w| (v, w as usize)))
            .map(|(v, w)| (sa.names[v].clone(), sb.names[w].clone()))
            .collect(),
        ..Default::default()
    };
    // Type counts (constants count under their own label, so a missing constant shows).
    let mut counts: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    for v in 0..sa.objects {
        counts.entry(type_key(sa, v)).or_default().0 += 1;
    }
    for w in 0..sb.objects {
        counts.entry(type_key(sb, w)).or_default().1 += 1;
    }
    e.type_counts =
        counts.into_iter().filter(|(_, (a, b))| a != b).map(|(t, (a, b))| TypeCount { r#type: t, a, b }).collect();
    let (only_a, only_b) = matcher.unmatched(m);
    let mut tree_goal = false;
    let mut metric = false;
    for (s, facts, side_a) in [(sa, &only_a, true), (sb, &only_b, false)] {
        for &i in facts {
            let f = &s.facts[i];
            match (&f.display, f.section) {
                (Some((open, close)), section) => {
                    let mut text = open.clone();
                    for &x in &f.args {
                        text.push(' ');
                        text.push_str(&s.names[x as usize]);
                    }
                    text.push_str(close);
                    let list = match (section, side_a) {
                        (Section::Goal, true) => &mut e.goal_only_a,
                        (Section::Goal, false) => &mut e.goal_only_b,
                        (_, true) => &mut e.init_only_a,
                        (_, false) => &mut e.init_only_b,
                    };
                    list.push(text);
                }
                (None, Section::Goal) => tree_goal = true,
                (None, Section::Metric) => metric = true,
                (None, Section::Constraints) => e.constraints_differ = true,
                (None, Section::Init) => {}
            }
        }
    }
    for l in [&mut e.init_only_a, &mut e.init_only_b, &mut e.goal_only_a, &mut e.goal_only_b] {
        l.sort();
    }
    if tree_goal {
        e.goal_structure = Some((sa.goal_text.clone(), sb.goal_text.clone()));
    }
    if metric {
        let text = |s: &Structure| s.metric_text.clone().unwrap_or_else(|| "none".into());
        e.metric = Some((text(sa), text(sb)));
    }
    e
}

fn type_key(s: &Structure, v: usize) -> String {
    let label = &s.labels[v];
    if label.starts_with("constant ") { label.clone() } else { s.types[v].clone() }
}
