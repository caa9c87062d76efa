//! The component registry, in the style of Fast Downward's plugins: every heuristic and search
//! engine declares its name, its parameters (kind, default, help) and its properties, and the
//! configuration parser ([`crate::config`]) validates a `--search` text against these
//! declarations only. Adding a heuristic is one file in `heuristics/` holding a
//! `pub static PLUGIN: HeuristicPlugin`, plus its line in [`HEURISTICS`].

use crate::config::HeuristicSpec;
use crate::heuristic::Heuristic;
use crate::heuristics;
use crate::state::SearchTask;
use serde::Serialize;

/// What a parameter accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// An integer of at least `min`.
    Int {
        min: i64,
    },
    Bool,
    /// One of the listed words.
    Choice(&'static [&'static str]),
    /// A heuristic (`ff()`) or a list of them (`[ff(), add()]`).
    Heuristics,
    /// A landmark factory, such as `lm_rhw()`.
    LandmarkFactory,
    /// A cost transformation: `adapt_costs(one)` or `no_transform()` (FD's `transform=`).
    Transform,
    /// A pruning method (FD's `pruning=`): `null()`, `stubborn_sets_simple()`,
    /// `weak_stubborn_sets()` or `limited_pruning(pruning=..., ...)`.
    Pruning,
}

impl ParamKind {
    /// The values it accepts, for error messages and help.
    pub fn describe(self) -> String {
        match self {
            ParamKind::Int { min } => format!("an integer >= {min}"),
            ParamKind::Bool => "true or false".into(),
            ParamKind::Choice(c) => format!("one of {}", c.join(", ")),
            ParamKind::Heuristics => "a heuristic or a list of heuristics".into(),
            ParamKind::LandmarkFactory => format!("a landmark factory ({})", LANDMARK_FACTORIES.join(", ")),
            ParamKind::Transform => "adapt_costs(normal|one|plusone) or no_transform()".into(),
            ParamKind::Pruning => "null(), stubborn_sets_simple(), weak_stubborn_sets() or \
                                   limited_pruning(pruning=stubborn_sets_simple(), min_required_pruning_ratio=R, \
                                   expansions_before_checking_pruning_ratio=N)"
                .into(),
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Param {
    pub name: &'static str,
    pub kind: ParamKind,
    /// The default, as configuration text; `None`: the parameter is required.
    pub default: Option<&'static str>,
    pub help: &'static str,
}

/// The cost types of Fast Downward (`normal`, `one`, `plusone`).
pub const COST_TYPES: &[&str] = &["normal", "one", "plusone"];

/// The landmark factories `lmcount` accepts.
pub const LANDMARK_FACTORIES: &[&str] = &["lm_rhw()", "lm_reasonable_orders_hps(lm_rhw())"];

/// The cost-type parameter every heuristic takes (FD's `transform=adapt_costs(...)` is its
/// other spelling).
pub const COST_TYPE: Param = Param {
    name: "cost_type",
    kind: ParamKind::Choice(COST_TYPES),
    default: Some("normal"),
    help: "the operator costs the heuristic sees: normal, one (every operator costs 1) or plusone (cost + 1, \
           or 1 in unit-cost tasks)",
};

/// What a heuristic guarantees and which constructs of the task it handles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Properties {
    /// Never above the cheapest cost to a goal (of the costs it sees).
    pub admissible: bool,
    /// h(s) <= c(o) + h(s') for every transition.
    pub consistent: bool,
    /// Infinite only in dead ends.
    pub safe: bool,
    /// Supports conditional effects.
    pub conditional_effects: bool,
    /// Supports derived predicates (FD's axioms).
    pub axioms: bool,
    /// Supports general action costs (not only unit costs).
    pub action_costs: bool,
    /// Computes preferred operators.
    pub preferred_operators: bool,
}

/// A check of a heuristic's parameter combination; `Err` holds the message.
pub type SpecCheck = fn(&HeuristicSpec) -> Result<(), String>;

pub struct HeuristicPlugin {
    pub name: &'static str,
    /// Other names it answers to (`hadd` for `add`).
    pub aliases: &'static [&'static str],
    pub summary: &'static str,
    /// Its parameters besides `cost_type`/`transform`, which every heuristic takes.
    pub params: &'static [Param],
    pub properties: Properties,
    /// Builds an instance for a task whose costs are already those of the spec's cost type.
    pub build: fn(&SearchTask, &HeuristicSpec) -> Box<dyn Heuristic>,
    /// Checks of parameter combinations beyond each parameter's kind (message without the name).
    pub check: Option<SpecCheck>,
}

/// How an engine computes the priority of a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    /// f = h.
    Greedy,
    /// f = g + h.
    AStar,
    /// f = g + w·h, with `w=`.
    Weighted,
}

pub struct EnginePlugin {
    pub name: &'static str,
    pub summary: &'static str,
    pub lazy: bool,
    pub priority: Priority,
    /// The parameters besides the first, positional list of heuristics.
    pub params: &'static [Param],
    /// Whether it takes several queue heuristics (alternation) rather than one.
    pub many_heuristics: bool,
}

/// Every heuristic, in the order help lists them.
pub static HEURISTICS: &[&HeuristicPlugin] = &[
    &heuristics::blind::PLUGIN,
    &heuristics::goalcount::PLUGIN,
    &heuristics::hmax::PLUGIN,
    &heuristics::add::PLUGIN,
    &heuristics::ff::PLUGIN,
    &heuristics::lmcut::PLUGIN,
    &heuristics::lmcount::PLUGIN,
];

const BOUND: Param = Param {
    name: "bound",
    kind: ParamKind::Int { min: 0 },
    default: None,
    help: "only plans of real cost below the bound (exclusive, as FD); exhausting the space under a bound is \
           'unsolved, incomplete' (FD's exit 12), not 'unsolvable'",
};
const ENGINE_COST_TYPE: Param = Param {
    name: "cost_type",
    kind: ParamKind::Choice(COST_TYPES),
    default: Some("normal"),
    help: "the operator costs g is computed with (the plan's real cost is reported whatever it is)",
};
const VERBOSITY: Param = Param {
    name: "verbosity",
    kind: ParamKind::Choice(&["silent", "normal", "verbose", "debug"]),
    default: Some("normal"),
    help: "silent: no progress; normal: progress lines; verbose and debug: also every new best heuristic value",
};
const PREFERRED: Param = Param {
    name: "preferred",
    kind: ParamKind::Heuristics,
    default: Some("[]"),
    help: "heuristics whose preferred operators feed extra preferred-only queues",
};
const fn reopen(default: &'static str) -> Param {
    Param {
        name: "reopen_closed",
        kind: ParamKind::Bool,
        default: Some(default),
        help: "reopen closed states reached again more cheaply",
    }
}
const fn boost(default: &'static str) -> Param {
    Param {
        name: "boost",
        kind: ParamKind::Int { min: 0 },
        default: Some(default),
        help: "priority given to the preferred-only queues each time a new best heuristic value is found",
    }
}
const DEFERRED: Param = Param {
    name: "deferred",
    kind: ParamKind::Bool,
    default: Some("false"),
    help: "evaluate a successor's heuristic only when it is popped, queued until then with max(0, h(parent) - cost), \
           a lower bound on its f for an admissible h, so A* stays optimal: pays where most successors are never \
           expanded (a heuristic close to h*, many successors per state)",
};
const PRUNING: Param = Param {
    name: "pruning",
    kind: ParamKind::Pruning,
    default: Some("null()"),
    help: "partial-order reduction: `stubborn_sets_simple()` expands only the applicable operators of a strong \
           stubborn set (optimality is kept), `weak_stubborn_sets()` those of a weak one (smaller); `limited_pruning(pruning=stubborn_sets_simple(), \
           min_required_pruning_ratio=0.2, expansions_before_checking_pruning_ratio=1000)` switches it off when it \
           prunes too little (checked after those expansions, or after 100,000 successors if sooner). Off on tasks with conditional effects or derived predicates",
};
const W: Param = Param { name: "w", kind: ParamKind::Int { min: 1 }, default: Some("1"), help: "the weight of h" };

/// Every search engine.
pub static ENGINES: &[&EnginePlugin] = &[
    &EnginePlugin {
        name: "astar",
        summary: "A* (f = g + h; ties by lower h, then most recently generated); optimal with an admissible heuristic",
        lazy: false,
        priority: Priority::AStar,
        params: &[BOUND, ENGINE_COST_TYPE, VERBOSITY, reopen("true"), DEFERRED, PRUNING],
        many_heuristics: false,
    },
    &EnginePlugin {
        name: "eager_greedy",
        summary: "eager greedy best-first search (f = h), alternating between its heuristics' queues",
        lazy: false,
        priority: Priority::Greedy,
        params: &[PREFERRED, BOUND, ENGINE_COST_TYPE, VERBOSITY, reopen("false"), boost("0"), PRUNING],
        many_heuristics: true,
    },
    &EnginePlugin {
        name: "lazy_greedy",
        summary: "lazy greedy best-first search: successors are queued with their parent's value and evaluated when \
                  popped",
        lazy: true,
        priority: Priority::Greedy,
        params: &[PREFERRED, BOUND, ENGINE_COST_TYPE, VERBOSITY, reopen("false"), boost("1000")],
        many_heuristics: true,
    },
    &EnginePlugin {
        name: "eager_wastar",
        summary: "eager weighted A* (f = g + w·h)",
        lazy: false,
        priority: Priority::Weighted,
        params: &[W, PREFERRED, BOUND, ENGINE_COST_TYPE, VERBOSITY, reopen("true"), boost("0"), PRUNING],
        many_heuristics: true,
    },
    &EnginePlugin {
        name: "lazy_wastar",
        summary: "lazy weighted A* (f = g + w·h)",
        lazy: true,
        priority: Priority::Weighted,
        params: &[W, PREFERRED, BOUND, ENGINE_COST_TYPE, VERBOSITY, reopen("true"), boost("1000")],
        many_heuristics: true,
    },
];

/// A heuristic defined outside this crate (the domain heuristics of crate `dheur`), registered
/// at start-up by whoever links it (`planner::register_heuristics`). Search cannot depend on
/// those crates; this hook is how their heuristics join the configuration language.
pub struct ExternalHeuristic {
    pub plugin: HeuristicPlugin,
    /// Runs before search on the task to plan for: `Err` refuses the task, naming the failed
    /// check (FD's exit 34 in the planner). `Ok` when the task passes or the heuristic falls back.
    pub certify: fn(&SearchTask, &HeuristicSpec) -> Result<(), String>,
    /// Its guarantee in words, as help lists it (certificate and proof status).
    pub status: fn(&str) -> String,
}

static EXTERNAL: std::sync::RwLock<Vec<&'static ExternalHeuristic>> = std::sync::RwLock::new(Vec::new());

/// Adds `h` to the registry (again under the same name: no change).
pub fn register_external(h: &'static ExternalHeuristic) {
    let builtin = HEURISTICS.iter().any(|b| b.name == h.plugin.name || b.aliases.contains(&h.plugin.name));
    let mut list = EXTERNAL.write().unwrap_or_else(|e| e.into_inner());
    if !builtin && !list.iter().any(|x| x.plugin.name == h.plugin.name) {
        list.push(h);
    }
}

/// The registered external heuristics, in registration order.
pub fn externals() -> Vec<&'static ExternalHeuristic> {
    EXTERNAL.read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The external heuristic of this name.
pub fn external(name: &str) -> Option<&'static ExternalHeuristic> {
    externals().into_iter().find(|h| h.plugin.name == name || h.plugin.aliases.contains(&name))
}

/// Runs the certificates of the configuration's external heuristics on `t`: the first refusal.
pub fn certify(config: &crate::Config, t: &SearchTask) -> Result<(), String> {
    config.heuristics.iter().chain(&config.preferred).try_for_each(|spec| certify_heuristic(spec, t))
}

/// Runs `spec`'s certificate on `t` if it is an external heuristic (built-in ones have none).
pub fn certify_heuristic(spec: &crate::HeuristicSpec, t: &SearchTask) -> Result<(), String> {
    match external(spec.name) {
        Some(h) => (h.certify)(t, spec),
        None => Ok(()),
    }
}

/// The heuristic of this name (or alias), built in or registered.
pub fn heuristic(name: &str) -> Option<&'static HeuristicPlugin> {
    HEURISTICS
        .iter()
        .copied()
        .find(|h| h.name == name || h.aliases.contains(&name))
        .or_else(|| external(name).map(|h| &h.plugin))
}

pub fn engine(name: &str) -> Option<&'static EnginePlugin> {
    ENGINES.iter().copied().find(|e| e.name == name)
}

pub fn heuristic_names() -> String {
    HEURISTICS.iter().map(|h| h.name).chain(externals().iter().map(|h| h.plugin.name)).collect::<Vec<_>>().join(", ")
}

pub fn engine_names() -> String {
    ENGINES.iter().map(|e| e.name).collect::<Vec<_>>().join(", ")
}

fn param_line(p: &Param) -> String {
    let d = p.default.map_or_else(|| "required".to_string(), |d| format!("default {d}"));
    format!("      {}: {} ({d}); {}\n", p.name, p.kind.describe(), p.help)
}

/// A listing of every engine, heuristic and alias with parameters and properties, for `--help`.
pub fn help() -> String {
    let mut s = String::from("Search engines:\n");
    for e in ENGINES {
        s.push_str(&format!(
            "  {}({}, ...): {}\n",
            e.name,
            if e.many_heuristics { "[h, ...]" } else { "h" },
            e.summary
        ));
        e.params.iter().for_each(|p| s.push_str(&param_line(p)));
    }
    s.push_str("Heuristics:\n");
    for h in HEURISTICS {
        let p = h.properties;
        let props: Vec<&str> = [
            (p.admissible, "admissible"),
            (p.consistent, "consistent"),
            (p.safe, "safe"),
            (p.preferred_operators, "preferred operators"),
            (p.conditional_effects, "conditional effects"),
            (p.axioms, "axioms"),
            (p.action_costs, "action costs"),
        ]
        .iter()
        .filter(|x| x.0)
        .map(|x| x.1)
        .collect();
        let aka = if h.aliases.is_empty() { String::new() } else { format!(" (also {})", h.aliases.join(", ")) };
        s.push_str(&format!("  {}(){aka}: {} [{}]\n", h.name, h.summary, props.join(", ")));
        h.params.iter().chain([&COST_TYPE]).for_each(|p| s.push_str(&param_line(p)));
    }
    let ext = externals();
    if !ext.is_empty() {
        s.push_str("Domain heuristics (A* only where the certificate accepts the task):\n");
        for h in ext {
            s.push_str(&format!("  {}(): {} [{}]\n", h.plugin.name, h.plugin.summary, (h.status)(h.plugin.name)));
            h.plugin.params.iter().chain([&COST_TYPE]).for_each(|p| s.push_str(&param_line(p)));
        }
    }
    s.push_str("Aliases (--alias):\n");
    for (name, text) in crate::config::ALIASES {
        s.push_str(&format!("  {name}: {text}\n"));
    }
    s
}
