//! The search configuration language, Fast Downward's for the components certplan has:
//!
//! ```text
//! astar(lmcut())                     astar(blind(), bound=20)
//! eager_greedy([ff()], preferred=[ff()])
//! lazy_greedy([ff(), add()], preferred=[ff()], boost=1000, cost_type=one)
//! eager_wastar([ff()], w=2)          lazy_wastar([ff()], w=3)
//! let(hff, ff(transform=adapt_costs(one)), lazy_greedy([hff], preferred=[hff]))
//! ```
//!
//! Names and parameters are validated against the component registry ([`crate::plugins`]):
//! an unknown name or option is an error listing the known ones, and an option Fast Downward has
//! but certplan does not implement is refused, never accepted and ignored. [`ALIASES`] are FD's
//! `--alias` configurations.

use crate::plugins::{self, EnginePlugin, HeuristicPlugin, Param, ParamKind, Priority};
use crate::pruning::{PruningLimit, PruningSpec};
use serde::Serialize;

/// Fast Downward's operator cost types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CostType {
    #[default]
    Normal,
    /// Every operator costs 1.
    One,
    /// Cost + 1, except in unit-cost tasks, where every operator keeps cost 1 (FD's rule).
    PlusOne,
}

impl CostType {
    pub fn name(self) -> &'static str {
        match self {
            CostType::Normal => "normal",
            CostType::One => "one",
            CostType::PlusOne => "plusone",
        }
    }
    fn from_name(s: &str) -> Option<CostType> {
        Some(match s {
            "normal" => CostType::Normal,
            "one" => CostType::One,
            "plusone" => CostType::PlusOne,
            _ => return None,
        })
    }
    /// The adjusted cost of an operator of real cost `cost`; `unit`: every operator costs 1.
    pub fn adjust(self, cost: u64, unit: bool) -> u64 {
        match self {
            CostType::Normal => cost,
            CostType::One => 1,
            CostType::PlusOne if unit => 1,
            CostType::PlusOne => cost.saturating_add(1),
        }
    }
}

/// How much the search reports through its progress callback.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verbosity {
    /// No progress calls.
    Silent,
    /// Periodic progress.
    #[default]
    Normal,
    /// Also each new best heuristic value.
    Verbose,
    Debug,
}

/// A heuristic with its validated parameters: equal specs share one instance in a search.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct HeuristicSpec {
    /// The registry name (never an alias).
    pub name: &'static str,
    pub cost_type: CostType,
    /// Its other parameters in declaration order, defaults filled in, as normalized text.
    pub args: Vec<(&'static str, String)>,
}

impl HeuristicSpec {
    pub fn plugin(&self) -> &'static HeuristicPlugin {
        plugins::heuristic(self.name).expect("specs are built from the registry")
    }
    /// A parameter's value (normalized text); every declared parameter has one.
    pub fn arg(&self, name: &str) -> &str {
        self.args.iter().find(|a| a.0 == name).map_or("", |a| a.1.as_str())
    }
    /// Why this heuristic cannot evaluate a task with these constructs (its registry properties;
    /// FD's exit 34), or `None`.
    pub fn unsupported(&self, conditional_effects: bool, axioms: bool, action_costs: bool) -> Option<String> {
        let p = self.plugin().properties;
        let what = if conditional_effects && !p.conditional_effects {
            "conditional effects"
        } else if axioms && !p.axioms {
            "derived predicates (axioms)"
        } else if action_costs && !p.action_costs && self.cost_type == CostType::Normal {
            "action costs"
        } else {
            return None;
        };
        Some(format!("the heuristic `{}` does not support {what}", self.name))
    }
    /// Admissible for the task's real costs.
    pub fn admissible(&self) -> bool {
        self.cost_type == CostType::Normal && self.plugin().properties.admissible
    }
    pub fn text(&self) -> String {
        let mut parts: Vec<String> = self.args.iter().map(|(k, v)| format!("{k}={v}")).collect();
        if self.cost_type != CostType::Normal {
            parts.push(format!("cost_type={}", self.cost_type.name()));
        }
        format!("{}({})", self.name, parts.join(", "))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Engine {
    /// A* (and weighted A* with `weight` > 1): f = g + w·h, ties by lower h, then newest.
    Eager,
    /// Lazy search: successors are evaluated when they are expanded.
    Lazy,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Config {
    /// The engine's registry name (`astar`, `lazy_greedy`, ...).
    pub engine_name: &'static str,
    pub engine: Engine,
    /// `None`: greedy (f = h); `Some(w)`: f = g + w·h.
    pub weight: Option<u64>,
    pub heuristics: Vec<HeuristicSpec>,
    pub preferred: Vec<HeuristicSpec>,
    /// Reopen closed states reached more cheaply (A*: yes; greedy: no, as in FD).
    pub reopen: bool,
    /// A*: successors are evaluated when popped, not when generated (`deferred=true`).
    pub deferred: bool,
    /// Partial-order reduction of the expanded states' successors (`pruning=`); `None`: `null()`.
    pub pruning: Option<PruningSpec>,
    /// Only plans of real cost below the bound (exclusive, as FD).
    pub bound: Option<u64>,
    /// The costs g is computed with.
    pub cost_type: CostType,
    /// Priority added to the preferred-only queues on each new best heuristic value.
    pub boost: u64,
    pub verbosity: Verbosity,
    /// The text it was parsed from, normalized.
    pub text: String,
}

impl Config {
    /// Whether plans found are optimal: A* with real costs and admissible heuristics only.
    pub fn optimal(&self) -> bool {
        self.engine_name == "astar"
            && self.cost_type == CostType::Normal
            && self.heuristics.iter().all(|h| h.admissible())
    }

    /// Every heuristic instance the configuration uses (queues and preferred), once each.
    pub fn all_heuristics(&self) -> Vec<&HeuristicSpec> {
        let mut v: Vec<&HeuristicSpec> = Vec::new();
        for h in self.heuristics.iter().chain(&self.preferred) {
            if !v.contains(&h) {
                v.push(h);
            }
        }
        v
    }

    /// Why this configuration cannot search a task with these constructs (FD's exit 34,
    /// "unsupported"), or `None`.
    pub fn unsupported(&self, conditional_effects: bool, axioms: bool, action_costs: bool) -> Option<String> {
        self.all_heuristics().into_iter().find_map(|h| h.unsupported(conditional_effects, axioms, action_costs))
    }
}

/// Fast Downward's `--alias` configurations that certplan runs, with their configuration text.
/// `seq-sat-fd-autotune-*` (portfolios of tuned FD-specific options) are not among them.
pub const ALIASES: &[(&str, &str)] = &[
    ("seq-opt-lmcut", "astar(lmcut())"),
    ("seq-opt-blind", "astar(blind())"),
    ("seq-opt-hmax", "astar(hmax())"),
    (
        "lama-first",
        "let(hlm, lmcount(lm_factory=lm_reasonable_orders_hps(lm_rhw()), transform=adapt_costs(one), pref=false), \
         let(hff, ff(transform=adapt_costs(one)), \
         lazy_greedy([hff, hlm], preferred=[hff, hlm], cost_type=one, reopen_closed=false)))",
    ),
];

/// The configuration text of a Fast Downward `--alias` name, if certplan has it.
pub fn alias(name: &str) -> Option<&'static str> {
    ALIASES.iter().find(|a| a.0 == name).map(|a| a.1)
}

/// The alias names, for help and error messages.
pub fn alias_names() -> Vec<&'static str> {
    ALIASES.iter().map(|a| a.0).collect()
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConfigError {
    pub message: String,
    /// Byte offset in the configuration text.
    pub at: usize,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (at character {})", self.message, self.at + 1)
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Val {
    Call(String, Vec<Val>, Vec<(String, Val)>, usize),
    List(Vec<Val>, usize),
    Num(f64, usize),
    Ident(String, usize),
}

impl Val {
    fn at(&self) -> usize {
        match self {
            Val::Call(.., a) | Val::List(_, a) | Val::Num(_, a) | Val::Ident(_, a) => *a,
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    depth: usize,
}

impl Parser<'_> {
    fn err<T>(&self, message: impl Into<String>) -> Result<T, ConfigError> {
        Err(ConfigError { message: message.into(), at: self.i })
    }
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn word(&mut self) -> String {
        self.ws();
        let start = self.i;
        while self.i < self.s.len() && (self.s[self.i].is_ascii_alphanumeric() || b"_.-+".contains(&self.s[self.i])) {
            self.i += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.i]).into_owned()
    }
    fn value(&mut self) -> Result<Val, ConfigError> {
        self.depth += 1;
        if self.depth > 64 {
            return self.err("the configuration is nested too deeply");
        }
        self.ws();
        let at = self.i;
        let v = if self.eat(b'[') {
            let mut items = Vec::new();
            if !self.eat(b']') {
                loop {
                    items.push(self.value()?);
                    if self.eat(b']') {
                        break;
                    }
                    if !self.eat(b',') {
                        return self.err("expected `,` or `]`");
                    }
                }
            }
            Val::List(items, at)
        } else {
            let w = self.word();
            if w.is_empty() {
                return self.err("expected a name, a number or `[`");
            }
            if self.eat(b'(') {
                let mut args = Vec::new();
                let mut kwargs = Vec::new();
                if !self.eat(b')') {
                    loop {
                        self.ws();
                        let save = self.i;
                        let k = self.word();
                        if !k.is_empty() && self.eat(b'=') {
                            kwargs.push((k.to_ascii_lowercase(), self.value()?));
                        } else {
                            self.i = save;
                            args.push(self.value()?);
                        }
                        if self.eat(b')') {
                            break;
                        }
                        if !self.eat(b',') {
                            return self.err("expected `,` or `)`");
                        }
                    }
                }
                Val::Call(w.to_ascii_lowercase(), args, kwargs, at)
            } else if let Ok(x) = w.parse::<f64>() {
                Val::Num(x, at)
            } else {
                Val::Ident(w.to_ascii_lowercase(), at)
            }
        };
        self.depth -= 1;
        Ok(v)
    }
}

fn err<T>(at: usize, message: impl Into<String>) -> Result<T, ConfigError> {
    Err(ConfigError { message: message.into(), at })
}

/// Options Fast Downward has that certplan does not implement: refused by name, so that a
/// command line written for FD is never half-obeyed.
const FD_ONLY_OPTIONS: &[&str] = &[
    "max_time",
    "lazy_evaluator",
    "preferred_successors_first",
    "randomize_successors",
    "random_seed",
    "description",
    "cache_estimates",
    "axioms",
];

/// `let` bindings in scope: name and bound value.
type Env<'v> = Vec<(String, &'v Val)>;

fn lookup<'v>(env: &Env<'v>, name: &str) -> Option<&'v Val> {
    env.iter().rev().find(|b| b.0 == name).map(|b| b.1)
}

fn unknown_option(owner: &str, k: &str, params: &[Param], at: usize) -> ConfigError {
    let known: Vec<&str> = params.iter().map(|p| p.name).collect();
    let message = if FD_ONLY_OPTIONS.contains(&k) {
        format!("`{owner}`: the Fast Downward option `{k}` is not implemented by certplan; remove it")
    } else {
        format!("`{owner}` has no option `{k}` (its options: {})", known.join(", "))
    };
    ConfigError { message, at }
}

/// The normalized text of a value of a declared kind, after checking it.
fn scalar(owner: &str, p: &Param, v: &Val) -> Result<String, ConfigError> {
    let bad = || err(v.at(), format!("`{owner}`: `{}` must be {}", p.name, p.kind.describe()));
    match (p.kind, v) {
        (ParamKind::Int { min }, Val::Num(x, _)) if x.fract() == 0.0 && *x >= min as f64 && *x < 9.0e18 => {
            Ok(format!("{}", *x as i64))
        }
        // `infinity` reads as a number (Rust's f64 parser takes it).
        (ParamKind::Int { .. }, Val::Num(x, _)) if *x == f64::INFINITY && p.name == "bound" => Ok("infinity".into()),
        (ParamKind::Bool, Val::Ident(w, _)) if w == "true" || w == "false" => Ok(w.clone()),
        (ParamKind::Choice(c), Val::Ident(w, _)) if c.contains(&w.as_str()) => Ok(w.clone()),
        _ => bad(),
    }
}

/// `adapt_costs(one)` or `no_transform()`: the cost type of FD's `transform=`.
fn transform(v: &Val) -> Result<CostType, ConfigError> {
    match v {
        Val::Call(n, args, kw, _) if n == "no_transform" && args.is_empty() && kw.is_empty() => Ok(CostType::Normal),
        Val::Call(n, args, kw, _) if n == "adapt_costs" => {
            let arg = match (args.as_slice(), kw.as_slice()) {
                ([a], []) => a,
                ([], [(k, a)]) if k == "cost_type" => a,
                _ => return err(v.at(), "`adapt_costs` takes one cost type: normal, one or plusone"),
            };
            match arg {
                Val::Ident(w, _) => CostType::from_name(w).map_or_else(
                    || err(arg.at(), format!("unknown cost type `{w}` (known: normal, one, plusone)")),
                    Ok,
                ),
                _ => err(arg.at(), "expected a cost type: normal, one or plusone"),
            }
        }
        _ => err(v.at(), "`transform` is `adapt_costs(normal|one|plusone)` or `no_transform()`"),
    }
}

/// A landmark factory, normalized.
fn landmark_factory(v: &Val, env: &Env) -> Result<String, ConfigError> {
    match v {
        Val::Ident(n, _) if lookup(env, n).is_some() => landmark_factory(lookup(env, n).expect("checked"), env),
        Val::Call(n, args, kw, at) if n == "lm_rhw" => {
            if !args.is_empty() || !kw.is_empty() {
                return err(*at, "`lm_rhw()` takes no options in certplan");
            }
            Ok("lm_rhw()".into())
        }
        Val::Call(n, args, kw, at) if n == "lm_reasonable_orders_hps" => match (args.as_slice(), kw.as_slice()) {
            ([inner], []) | ([], [(_, inner)]) => {
                let i = landmark_factory(inner, env)?;
                if i != "lm_rhw()" {
                    return err(inner.at(), "`lm_reasonable_orders_hps` takes `lm_rhw()`");
                }
                Ok(format!("lm_reasonable_orders_hps({i})"))
            }
            _ => err(*at, "`lm_reasonable_orders_hps` takes one landmark factory"),
        },
        Val::Call(n, _, _, at) if n.starts_with("lm_") => err(
            *at,
            format!("landmark factory `{n}` is not implemented (known: {})", plugins::LANDMARK_FACTORIES.join(", ")),
        ),
        _ => err(v.at(), format!("expected a landmark factory ({})", plugins::LANDMARK_FACTORIES.join(", "))),
    }
}

/// A pruning method (FD's `pruning=`); `None` for `null()`.
fn pruning(v: &Val, env: &Env) -> Result<Option<PruningSpec>, ConfigError> {
    const KNOWN: &str = "null(), stubborn_sets_simple(), weak_stubborn_sets(), limited_pruning(pruning=..., \
                         min_required_pruning_ratio=R, expansions_before_checking_pruning_ratio=N)";
    match v {
        Val::Ident(n, _) if lookup(env, n).is_some() => pruning(lookup(env, n).expect("checked"), env),
        Val::Call(n, args, kw, at) if ["null", "stubborn_sets_simple", "weak_stubborn_sets"].contains(&n.as_str()) => {
            if !args.is_empty() || !kw.is_empty() {
                return err(*at, format!("`{n}()` takes no options in certplan"));
            }
            Ok((n != "null").then_some(PruningSpec { weak: n == "weak_stubborn_sets", limit: None }))
        }
        Val::Call(n, args, kw, at) if n == "limited_pruning" => {
            let mut inner = args.first();
            if args.len() > 1 {
                return err(args[1].at(), "`limited_pruning` takes one positional argument (its pruning method)");
            }
            let mut limit = PruningLimit { min_ratio: 0.2, expansions: 1000 };
            for (k, a) in kw {
                match (k.as_str(), a) {
                    ("pruning", _) if inner.is_none() => inner = Some(a),
                    ("min_required_pruning_ratio", Val::Num(x, _)) if (0.0..=1.0).contains(x) => limit.min_ratio = *x,
                    ("expansions_before_checking_pruning_ratio", Val::Num(x, _)) if x.fract() == 0.0 && *x >= 0.0 => {
                        limit.expansions = *x as u64
                    }
                    ("min_required_pruning_ratio", _) => return err(a.at(), "the ratio must be a number from 0 to 1"),
                    ("expansions_before_checking_pruning_ratio", _) => {
                        return err(a.at(), "the number of expansions must be an integer >= 0");
                    }
                    _ => {
                        return err(
                            a.at(),
                            format!(
                                "`limited_pruning` has no option `{k}` (its options: pruning, \
                                 min_required_pruning_ratio, expansions_before_checking_pruning_ratio)"
                            ),
                        );
                    }
                }
            }
            let Some(inner) = inner else {
                return err(*at, "`limited_pruning` needs a pruning method, e.g. `pruning=stubborn_sets_simple()`");
            };
            Ok(pruning(inner, env)?.map(|p| PruningSpec { limit: Some(limit), ..p }))
        }
        Val::Call(n, _, _, at) if n.contains("stubborn") || n.contains("pruning") => {
            err(*at, format!("pruning method `{n}` is not implemented (known: {KNOWN})"))
        }
        _ => err(v.at(), format!("expected a pruning method ({KNOWN})")),
    }
}

fn heuristic(v: &Val, env: &Env) -> Result<HeuristicSpec, ConfigError> {
    let (name, args, kwargs, at) = match v {
        Val::Call(name, args, kwargs, at) => (name, args, kwargs, *at),
        Val::Ident(n, at) => match lookup(env, n) {
            Some(bound) => return heuristic(bound, env),
            None => return err(*at, format!("`{n}` is not a heuristic, nor a name bound by `let`")),
        },
        _ => return err(v.at(), "expected a heuristic such as `ff()`"),
    };
    let Some(plugin) = plugins::heuristic(name) else {
        return err(at, format!("unknown heuristic `{name}` (known: {})", plugins::heuristic_names()));
    };
    let owner = plugin.name;
    let params = plugin.params;
    let mut given: Vec<(&'static str, &Val)> = Vec::new();
    if args.len() > params.len() {
        return err(
            args[params.len()].at(),
            format!("`{owner}()` takes at most {} positional arguments", params.len()),
        );
    }
    for (p, a) in params.iter().zip(args) {
        given.push((p.name, a));
    }
    let mut cost_type = CostType::Normal;
    let mut cost_set = false;
    for (k, a) in kwargs {
        match k.as_str() {
            "cost_type" | "transform" => {
                if cost_set {
                    return err(a.at(), format!("`{owner}`: the cost type is given twice"));
                }
                cost_set = true;
                cost_type = if k == "transform" {
                    transform(a)?
                } else {
                    CostType::from_name(&scalar(owner, &plugins::COST_TYPE, a)?).expect("checked by scalar")
                };
            }
            "verbosity" => {
                // Heuristics log nothing of their own, so every verbosity reads the same.
                scalar(owner, &VERBOSITY_PARAM, a)?;
            }
            _ => {
                let Some(p) = params.iter().find(|p| p.name == k) else {
                    let mut all: Vec<Param> = params.to_vec();
                    all.push(plugins::COST_TYPE);
                    return Err(unknown_option(owner, k, &all, a.at()));
                };
                if given.iter().any(|g| g.0 == p.name) {
                    return err(a.at(), format!("`{owner}`: `{k}` is given twice"));
                }
                given.push((p.name, a));
            }
        }
    }
    let mut out = Vec::new();
    for p in params {
        let text = match given.iter().find(|g| g.0 == p.name) {
            Some((_, a)) => match p.kind {
                ParamKind::LandmarkFactory => landmark_factory(a, env)?,
                ParamKind::Heuristics | ParamKind::Transform | ParamKind::Pruning => {
                    return err(a.at(), format!("`{owner}`: `{}` is not supported here", p.name));
                }
                _ => scalar(owner, p, a)?,
            },
            None => match p.default {
                Some(d) => d.to_string(),
                None => return err(at, format!("`{owner}` needs `{}` ({})", p.name, p.kind.describe())),
            },
        };
        out.push((p.name, text));
    }
    let spec = HeuristicSpec { name: plugin.name, cost_type, args: out };
    if let Some(check) = plugin.check {
        check(&spec).map_err(|m| ConfigError { message: format!("`{owner}`: {m}"), at })?;
    }
    Ok(spec)
}

const VERBOSITY_PARAM: Param = Param {
    name: "verbosity",
    kind: ParamKind::Choice(&["silent", "normal", "verbose", "debug"]),
    default: Some("normal"),
    help: "",
};

fn heuristics(v: &Val, env: &Env) -> Result<Vec<HeuristicSpec>, ConfigError> {
    match v {
        Val::List(items, _) => items.iter().map(|h| heuristic(h, env)).collect(),
        Val::Ident(n, _) if matches!(lookup(env, n), Some(Val::List(..))) => {
            heuristics(lookup(env, n).expect("checked"), env)
        }
        other => Ok(vec![heuristic(other, env)?]),
    }
}

fn engine<'v>(v: &'v Val, env: &mut Env<'v>) -> Result<Config, ConfigError> {
    let Val::Call(name, args, kwargs, at) = v else {
        return err(v.at(), "expected a search engine such as `astar(lmcut())`");
    };
    let at = *at;
    if name == "let" {
        // FD's `let(name, definition, body)`: the name stands for the definition in the body.
        let (Some(Val::Ident(bound, _)), Some(def), Some(body), 3, true) =
            (args.first(), args.get(1), args.get(2), args.len(), kwargs.is_empty())
        else {
            return err(at, "`let` takes a name, a definition and a search engine: `let(h, ff(), lazy_greedy([h]))`");
        };
        env.push((bound.clone(), def));
        let cfg = engine(body, env);
        env.pop();
        return cfg;
    }
    let Some(plugin) = plugins::engine(name) else {
        let hint =
            if plugins::heuristic(name).is_some() { "; a heuristic needs an engine, e.g. `astar(...)`" } else { "" };
        return err(at, format!("unknown search engine `{name}` (known: {}){hint}", plugins::engine_names()));
    };
    engine_from(plugin, args, kwargs, at, env)
}

fn engine_from(
    plugin: &'static EnginePlugin,
    args: &[Val],
    kwargs: &[(String, Val)],
    at: usize,
    env: &Env,
) -> Result<Config, ConfigError> {
    let name = plugin.name;
    let Some(first) = args.first() else {
        return err(at, format!("`{name}` needs a heuristic, e.g. `{name}(ff())`"));
    };
    if args.len() > 1 {
        return err(args[1].at(), format!("`{name}` takes one positional argument (its heuristics)"));
    }
    let hs = heuristics(first, env)?;
    if hs.is_empty() {
        return err(first.at(), "the list of heuristics is empty");
    }
    if !plugin.many_heuristics && hs.len() > 1 {
        return err(first.at(), format!("`{name}` takes one heuristic"));
    }
    let mut value: Vec<(&'static str, &Val)> = Vec::new();
    for (k, v) in kwargs {
        let Some(p) = plugin.params.iter().find(|p| p.name == k) else {
            return Err(unknown_option(name, k, plugin.params, v.at()));
        };
        if value.iter().any(|x| x.0 == p.name) {
            return err(v.at(), format!("`{name}`: `{k}` is given twice"));
        }
        value.push((p.name, v));
    }
    let text_of = |n: &str| -> Result<Option<String>, ConfigError> {
        let p = plugin.params.iter().find(|p| p.name == n).expect("declared");
        match value.iter().find(|x| x.0 == n) {
            Some((_, v)) => scalar(name, p, v).map(Some),
            None => Ok(p.default.map(str::to_string)),
        }
    };
    let has = |n: &str| plugin.params.iter().any(|p| p.name == n);
    let preferred = match value.iter().find(|x| x.0 == "preferred") {
        Some((_, v)) => heuristics(v, env)?,
        None => Vec::new(),
    };
    for h in &preferred {
        if !h.plugin().properties.preferred_operators {
            // FD accepts these and they give no preferred operators; say so rather than ignore.
            if h.name != "lmcount" {
                return err(at, format!("`{}` computes no preferred operators", h.name));
            }
        }
    }
    let weight = match plugin.priority {
        Priority::Greedy => None,
        Priority::AStar => Some(1),
        Priority::Weighted => Some(text_of("w")?.and_then(|w| w.parse().ok()).unwrap_or(1)),
    };
    let bound = match text_of("bound")? {
        Some(b) if b != "infinity" => {
            Some(b.parse::<u64>().map_err(|_| ConfigError { message: format!("`{name}`: bad bound `{b}`"), at })?)
        }
        _ => None,
    };
    let cost_type = CostType::from_name(&text_of("cost_type")?.unwrap_or_default()).unwrap_or_default();
    let boost = if has("boost") { text_of("boost")?.and_then(|b| b.parse().ok()).unwrap_or(0) } else { 0 };
    let verbosity = match text_of("verbosity")?.as_deref() {
        Some("silent") => Verbosity::Silent,
        Some("verbose") => Verbosity::Verbose,
        Some("debug") => Verbosity::Debug,
        _ => Verbosity::Normal,
    };
    let reopen = text_of("reopen_closed")?.as_deref() == Some("true");
    let deferred = has("deferred") && text_of("deferred")?.as_deref() == Some("true");
    let pruning = match value.iter().find(|x| x.0 == "pruning") {
        Some((_, v)) => pruning(v, env)?,
        None => None,
    };
    Ok(Config {
        engine_name: name,
        engine: if plugin.lazy { Engine::Lazy } else { Engine::Eager },
        weight,
        heuristics: hs,
        preferred,
        reopen,
        deferred,
        pruning,
        bound,
        cost_type,
        boost,
        verbosity,
        text: String::new(),
    })
}

/// Parses a configuration such as `astar(lmcut())`, checking every name and option against the
/// registry ([`crate::plugins`]).
pub fn parse(text: &str) -> Result<Config, ConfigError> {
    let mut p = Parser { s: text.as_bytes(), i: 0, depth: 0 };
    let v = p.value()?;
    p.ws();
    if p.i != p.s.len() {
        return p.err("unexpected text after the configuration");
    }
    let mut env = Vec::new();
    let mut cfg = engine(&v, &mut env)?;
    cfg.text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    Ok(cfg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fd_like_configs() {
        let c = parse("astar(lmcut())").unwrap();
        assert!(c.optimal());
        let c = parse("eager_greedy([ff()], preferred=[ff()])").unwrap();
        assert_eq!(c.preferred.len(), 1);
        assert_eq!(c.preferred[0].name, "ff");
        assert_eq!(c.weight, None);
        assert_eq!(c.boost, 0);
        let c = parse("eager_wastar([ff()], w=2)").unwrap();
        assert_eq!(c.weight, Some(2));
        assert!(!c.optimal());
        let c = parse(" lazy_greedy ( [ ff ( ) , hadd() ] ) ").unwrap();
        assert_eq!(c.engine, Engine::Lazy);
        assert_eq!(c.heuristics.len(), 2);
        assert_eq!(c.heuristics[1].name, "add");
        assert_eq!(c.boost, 1000);
        assert!(!c.reopen);
        assert!(parse("astar(lmcut()").is_err());
        assert!(parse("astar(foo())").is_err());
        assert!(parse("dfs(ff())").is_err());
        assert!(parse("astar()").is_err());
        assert!(parse("eager_wastar([ff()], w=0.5)").is_err());
        assert!(parse(&"[".repeat(1000)).is_err());
        assert!(parse("").is_err());
    }

    #[test]
    fn fd_options() {
        let c = parse("astar(blind(), bound=5)").unwrap();
        assert_eq!(c.bound, Some(5));
        assert_eq!(parse("astar(blind(), bound=infinity)").unwrap().bound, None);
        let c = parse("lazy_greedy([ff(cost_type=one)], cost_type=plusone, boost=7, verbosity=silent)").unwrap();
        assert_eq!(c.cost_type, CostType::PlusOne);
        assert_eq!(c.heuristics[0].cost_type, CostType::One);
        assert_eq!(c.boost, 7);
        assert_eq!(c.verbosity, Verbosity::Silent);
        assert!(!parse("astar(lmcut(), cost_type=one)").unwrap().optimal());
        assert!(!parse("astar(lmcut(transform=adapt_costs(one)))").unwrap().optimal());
        assert!(parse("astar(lmcut(transform=no_transform()))").unwrap().optimal());
        assert!(parse("eager_greedy([ff()], reopen_closed=true)").unwrap().reopen);
        // Equal specs are one instance.
        let c = parse("let(h, ff(transform=adapt_costs(one)), lazy_greedy([h], preferred=[h]))").unwrap();
        assert_eq!(c.heuristics[0], c.preferred[0]);
        assert_eq!(c.all_heuristics().len(), 1);
    }

    #[test]
    fn refusals_name_the_known_options() {
        let e = parse("astar(blind(), foo=1)").unwrap_err();
        assert!(e.message.contains("no option `foo`") && e.message.contains("bound"), "{e}");
        let e = parse("lazy_greedy([ff()], max_time=10)").unwrap_err();
        assert!(e.message.contains("not implemented"), "{e}");
        let e = parse("astar(blind(), boost=10)").unwrap_err();
        assert!(e.message.contains("no option `boost`"), "{e}");
        let e = parse("astar(blind(), bound=-1)").unwrap_err();
        assert!(e.message.contains("integer >= 0"), "{e}");
        let e = parse("astar(blind(), cost_type=two)").unwrap_err();
        assert!(e.message.contains("normal, one, plusone"), "{e}");
        let e = parse("astar(zz())").unwrap_err();
        assert!(e.message.contains("known: blind"), "{e}");
        let e = parse("lazy_greedy([h])").unwrap_err();
        assert!(e.message.contains("`h` is not a heuristic"), "{e}");
        assert!(parse("astar([ff(), add()])").is_err());
        assert!(parse("eager_greedy([ff()], preferred=[add()])").is_err());
        assert!(parse("astar(ff(transform=adapt_costs(two)))").is_err());
    }

    #[test]
    fn aliases_parse() {
        for (name, text) in ALIASES {
            let c = parse(text).unwrap_or_else(|e| panic!("alias {name}: {e}"));
            assert_eq!(alias(name), Some(*text));
            assert!(!c.text.is_empty());
        }
        assert!(alias("seq-opt-lmcut").is_some_and(|t| parse(t).unwrap().optimal()));
        assert!(alias("no-such-alias").is_none());
    }

    #[test]
    fn help_lists_every_component() {
        let h = crate::plugins::help();
        for p in crate::plugins::HEURISTICS {
            assert!(h.contains(p.name));
        }
        for e in crate::plugins::ENGINES {
            assert!(h.contains(e.name));
        }
        assert!(h.contains("lama-first") || !alias_names().contains(&"lama-first"));
    }
}
