//! The search configuration language, a small subset of Fast Downward's:
//!
//! ```text
//! astar(lmcut())                     astar(blind())      astar(hmax())
//! eager_greedy([ff()], preferred=[ff()])
//! lazy_greedy([ff(), add()], preferred=[ff()])
//! eager_wastar([ff()], w=2)          lazy_wastar([ff()], w=3)
//! ```
//!
//! Heuristics: `blind()`, `goalcount()`, `hmax()`, `add()` (or `hadd()`), `ff()`, `lmcut()`.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HeuristicKind {
    Blind,
    GoalCount,
    Hmax,
    Hadd,
    Ff,
    LmCut,
}

impl HeuristicKind {
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Blind => "blind",
            HeuristicKind::GoalCount => "goalcount",
            HeuristicKind::Hmax => "hmax",
            HeuristicKind::Hadd => "add",
            HeuristicKind::Ff => "ff",
            HeuristicKind::LmCut => "lmcut",
        }
    }
    pub fn admissible(self) -> bool {
        matches!(self, HeuristicKind::Blind | HeuristicKind::Hmax | HeuristicKind::LmCut)
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
    pub engine: Engine,
    /// `None`: greedy (f = h); `Some(w)`: f = g + w·h.
    pub weight: Option<u64>,
    pub heuristics: Vec<HeuristicKind>,
    pub preferred: Vec<HeuristicKind>,
    /// Reopen closed states reached more cheaply (A*: yes; greedy: no, as in FD).
    pub reopen: bool,
    /// The text it was parsed from, normalized.
    pub text: String,
}

impl Config {
    /// Whether plans found are optimal: A* (weight 1) with admissible heuristics only.
    pub fn optimal(&self) -> bool {
        self.engine == Engine::Eager && self.weight == Some(1) && self.heuristics.iter().all(|h| h.admissible())
    }
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

fn heuristic(v: &Val) -> Result<HeuristicKind, ConfigError> {
    let Val::Call(name, args, kwargs, at) = v else {
        return err(v.at(), "expected a heuristic such as `lmcut()`");
    };
    if !args.is_empty() || !kwargs.is_empty() {
        return err(*at, format!("`{name}()` takes no arguments here"));
    }
    Ok(match name.as_str() {
        "blind" => HeuristicKind::Blind,
        "goalcount" => HeuristicKind::GoalCount,
        "hmax" => HeuristicKind::Hmax,
        "add" | "hadd" => HeuristicKind::Hadd,
        "ff" => HeuristicKind::Ff,
        "lmcut" => HeuristicKind::LmCut,
        _ => return err(*at, format!("unknown heuristic `{name}` (known: blind, goalcount, hmax, add, ff, lmcut)")),
    })
}

fn heuristics(v: &Val) -> Result<Vec<HeuristicKind>, ConfigError> {
    match v {
        Val::List(items, at) => {
            if items.is_empty() {
                return err(*at, "the list of heuristics is empty");
            }
            items.iter().map(heuristic).collect()
        }
        other => Ok(vec![heuristic(other)?]),
    }
}

/// Parses a configuration such as `astar(lmcut())`.
pub fn parse(text: &str) -> Result<Config, ConfigError> {
    let mut p = Parser { s: text.as_bytes(), i: 0, depth: 0 };
    let v = p.value()?;
    p.ws();
    if p.i != p.s.len() {
        return p.err("unexpected text after the configuration");
    }
    let Val::Call(name, args, kwargs, at) = &v else {
        return err(0, "expected a search engine such as `astar(lmcut())`");
    };
    let (engine, greedy_default) = match name.as_str() {
        "astar" => (Engine::Eager, Some(1)),
        "eager_greedy" => (Engine::Eager, None),
        "lazy_greedy" => (Engine::Lazy, None),
        "eager_wastar" => (Engine::Eager, Some(1)),
        "lazy_wastar" => (Engine::Lazy, Some(1)),
        _ => {
            return err(
                *at,
                format!(
                    "unknown search engine `{name}` (known: astar, eager_greedy, lazy_greedy, eager_wastar, lazy_wastar)"
                ),
            );
        }
    };
    let Some(first) = args.first() else {
        return err(*at, format!("`{name}` needs a heuristic, e.g. `{name}(lmcut())`"));
    };
    if args.len() > 1 {
        return err(args[1].at(), "unexpected extra argument");
    }
    let hs = heuristics(first)?;
    if name == "astar" && hs.len() > 1 {
        return err(first.at(), "astar takes one heuristic");
    }
    let mut cfg = Config {
        engine,
        weight: greedy_default,
        heuristics: hs,
        preferred: Vec::new(),
        reopen: name == "astar" || name.ends_with("wastar"),
        text: String::new(),
    };
    for (k, v) in kwargs {
        match k.as_str() {
            "preferred" if name != "astar" => cfg.preferred = heuristics(v)?,
            "w" if name.ends_with("wastar") => match v {
                Val::Num(x, _) if *x >= 1.0 && x.fract() == 0.0 => cfg.weight = Some(*x as u64),
                _ => return err(v.at(), "`w` must be an integer of at least 1"),
            },
            "reopen_closed" => match v {
                Val::Ident(b, _) if b == "true" => cfg.reopen = true,
                Val::Ident(b, _) if b == "false" => cfg.reopen = false,
                _ => return err(v.at(), "`reopen_closed` is `true` or `false`"),
            },
            // Accepted for compatibility with FD command lines; ignored.
            "cost_type" | "bound" | "verbosity" | "boost" => {}
            _ => return err(v.at(), format!("`{name}` has no option `{k}`")),
        }
    }
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
        assert_eq!(c.preferred, vec![HeuristicKind::Ff]);
        assert_eq!(c.weight, None);
        let c = parse("eager_wastar([ff()], w=2)").unwrap();
        assert_eq!(c.weight, Some(2));
        assert!(!c.optimal());
        let c = parse(" lazy_greedy ( [ ff ( ) , add() ] ) ").unwrap();
        assert_eq!(c.engine, Engine::Lazy);
        assert_eq!(c.heuristics.len(), 2);
        assert!(parse("astar(lmcut()").is_err());
        assert!(parse("astar(foo())").is_err());
        assert!(parse("dfs(ff())").is_err());
        assert!(parse("astar()").is_err());
        assert!(parse("eager_wastar([ff()], w=0.5)").is_err());
        assert!(parse(&"[".repeat(1000)).is_err());
        assert!(parse("").is_err());
    }
}
