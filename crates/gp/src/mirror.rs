//! The Rust mirror of the validity constraints: each constraint evaluated on a converted PDDL task
//! (object numbers, initial facts and goal as in the export), with the same meaning as the Coq
//! Boolean functions of [`crate::coq`] (tested against them with coqc).

use crate::expr::{Expr, Nat, Var};
use crate::spec::{Constraint, Spec};
use proof::convert::{DomainIr, ProblemIr};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::{BTreeMap, BTreeSet};

/// An argument tuple as one number (32 bits per object, then the arity); tuples longer than three
/// are folded by hashing, which no predicate of the domains with constraints needs.
type Key = u128;

fn key(args: &[u32]) -> Key {
    if args.len() <= 3 {
        args.iter().fold(args.len() as u128, |k, &a| (k << 32) | a as u128)
    } else {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        args.hash(&mut h);
        (1u128 << 127) | h.finish() as u128
    }
}

/// A state and goal to evaluate on: the problem's initial state and goal.
pub struct Instance<'a> {
    /// Field name to index, resolved once (the evaluator looks fields up in its innermost loops).
    index: FxHashMap<&'a str, usize>,
    objects: Vec<u32>,
    facts: Vec<FxHashSet<Key>>,
    goal: Vec<FxHashMap<Key, bool>>,
}

impl<'a> Instance<'a> {
    pub fn new(d: &'a DomainIr, p: &ProblemIr) -> Instance<'a> {
        Instance {
            index: d.fns.iter().enumerate().map(|(i, f)| (f.ident.as_str(), i)).collect(),
            objects: p.objects.iter().map(|o| o.number).collect(),
            facts: p.init.iter().map(|ts| ts.iter().map(|t| key(t)).collect()).collect(),
            goal: p.goal.iter().map(|ts| ts.iter().map(|(t, b)| (key(t), *b)).collect()).collect(),
        }
    }

    fn holds(&self, f: &str, args: &[u32]) -> bool {
        self.index.get(f).is_some_and(|&i| self.facts[i].contains(&key(args)))
    }

    fn goal(&self, f: &str, args: &[u32]) -> Option<bool> {
        self.index.get(f).and_then(|&i| self.goal[i].get(&key(args)).copied())
    }

    fn typed(&self, ty: Option<&str>, x: u32) -> bool {
        ty.is_none_or(|t| self.holds(t, &[x]))
    }

    /// Evaluates a constraint (the Boolean mirror).
    pub fn eval(&self, e: &Expr) -> bool {
        self.ev(e, &mut [0; 8])
    }

    fn ev(&self, e: &Expr, env: &mut [u32; 8]) -> bool {
        // The arguments on the stack: this runs in the innermost loops.
        let a = |vs: &[Var], env: &[u32; 8]| -> ([u32; 8], usize) {
            let mut out = [0u32; 8];
            for (o, v) in out.iter_mut().zip(vs) {
                *o = env[*v as usize];
            }
            (out, vs.len())
        };
        match e {
            Expr::True => true,
            Expr::Holds(f, vs) => {
                let (args, n) = a(vs, env);
                self.holds(f, &args[..n])
            }
            Expr::GoalIs(f, vs, b) => {
                let (args, n) = a(vs, env);
                self.goal(f, &args[..n]) == Some(*b)
            }
            Expr::GoalNone(f, vs) => {
                let (args, n) = a(vs, env);
                self.goal(f, &args[..n]).is_none()
            }
            Expr::Same(x, y) => env[*x as usize] == env[*y as usize],
            Expr::Not(e) => !self.ev(e, env),
            Expr::And(es) => es.iter().all(|e| self.ev(e, env)),
            Expr::Or(es) => es.iter().any(|e| self.ev(e, env)),
            Expr::Implies(p, q) => !self.ev(p, env) || self.ev(q, env),
            Expr::Forall(v, ty, body) => self.objects.iter().all(|&x| {
                env[*v as usize] = x;
                !self.typed(*ty, x) || self.ev(body, env)
            }),
            Expr::Exists(v, ty, body) => self.objects.iter().any(|&x| {
                env[*v as usize] = x;
                self.typed(*ty, x) && self.ev(body, env)
            }),
            Expr::Le(p, q) => self.nat(p, env) <= self.nat(q, env),
            Expr::Eq(p, q) => self.nat(p, env) == self.nat(q, env),
            Expr::Acyclic(f, goal) => {
                let edge =
                    |x: u32, y: u32| if *goal { self.goal(f, &[x, y]) == Some(true) } else { self.holds(f, &[x, y]) };
                acyclic(&self.objects, edge)
            }
            Expr::Connected(f, ty) => {
                let nodes: Vec<u32> = self.objects.iter().copied().filter(|&x| self.holds(ty, &[x])).collect();
                strongly_connected(&nodes, |x, y| self.holds(f, &[x, y]))
            }
            Expr::Reach(f, ty, x, y) => {
                let (from, to) = (env[*x as usize], env[*y as usize]);
                let nodes: Vec<u32> = self.objects.iter().copied().filter(|&n| self.holds(ty, &[n])).collect();
                from == to || reaches(&nodes, from, to, |a, b| self.holds(f, &[a, b]))
            }
        }
    }

    fn nat(&self, n: &Nat, env: &mut [u32; 8]) -> usize {
        match n {
            Nat::Const(k) => *k as usize,
            Nat::Add(p, q) => self.nat(p, env) + self.nat(q, env),
            Nat::Ite(e) => usize::from(self.ev(e, env)),
            Nat::Count(v, ty, body) => self
                .objects
                .iter()
                .filter(|&&x| {
                    env[*v as usize] = x;
                    self.typed(*ty, x) && self.ev(body, env)
                })
                .count(),
        }
    }

    /// The generic `ObjectsNoDup`: object numbers are distinct.
    pub fn objects_nodup(&self) -> bool {
        let set: BTreeSet<u32> = self.objects.iter().copied().collect();
        set.len() == self.objects.len()
    }

    /// The generic `GoalClosed`: every goal atom is over listed objects.
    pub fn goal_closed(&self, p: &ProblemIr) -> bool {
        p.goal.iter().all(|m| m.iter().all(|(k, _)| k.iter().all(|x| self.objects.contains(x))))
    }
}

/// Whether the relation has no cycle among `nodes` (depth-first search with colours; the Coq
/// mirror uses Kahn's algorithm, so the two are independent readings).
fn acyclic(nodes: &[u32], edge: impl Fn(u32, u32) -> bool) -> bool {
    // 0 new, 1 on the stack, 2 done.
    let mut colour: BTreeMap<u32, u8> = nodes.iter().map(|&n| (n, 0)).collect();
    for &start in nodes {
        if colour[&start] != 0 {
            continue;
        }
        let mut stack: Vec<(u32, usize)> = vec![(start, 0)];
        colour.insert(start, 1);
        while let Some(&mut (n, ref mut next)) = stack.last_mut() {
            if let Some(&m) = nodes[*next..].iter().find(|&&m| edge(n, m)) {
                *next = nodes.iter().position(|&k| k == m).map_or(nodes.len(), |i| i + 1);
                match colour[&m] {
                    1 => return false,
                    0 => {
                        colour.insert(m, 1);
                        stack.push((m, 0));
                    }
                    _ => {}
                }
            } else {
                colour.insert(n, 2);
                stack.pop();
            }
        }
    }
    true
}

fn strongly_connected(nodes: &[u32], edge: impl Fn(u32, u32) -> bool) -> bool {
    let Some(&first) = nodes.first() else { return true };
    let reach = |forward: bool| {
        let mut seen: BTreeSet<u32> = BTreeSet::from([first]);
        let mut todo = vec![first];
        while let Some(n) = todo.pop() {
            for &m in nodes {
                let e = if forward { edge(n, m) } else { edge(m, n) };
                if e && seen.insert(m) {
                    todo.push(m);
                }
            }
        }
        seen.len()
    };
    let distinct: BTreeSet<u32> = nodes.iter().copied().collect();
    reach(true) == distinct.len() && reach(false) == distinct.len()
}

/// Whether `to` is reachable from `from` in one or more steps between `nodes` (`from` must be one).
fn reaches(nodes: &[u32], from: u32, to: u32, edge: impl Fn(u32, u32) -> bool) -> bool {
    if !nodes.contains(&from) {
        return false;
    }
    let mut seen: BTreeSet<u32> = BTreeSet::from([from]);
    let mut todo = vec![from];
    while let Some(n) = todo.pop() {
        for &m in nodes {
            if edge(n, m) && seen.insert(m) {
                if m == to {
                    return true;
                }
                todo.push(m);
            }
        }
    }
    false
}

/// The verdict on one constraint.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Verdict {
    pub name: &'static str,
    /// `state`, `init`, `goal` or `generic`.
    pub group: &'static str,
    pub holds: bool,
}

/// Every constraint of a spec on a problem's initial state and goal, in the order of the Coq
/// module (`ObjectsNoDup` and `GoalClosed` included).
pub fn check(d: &DomainIr, p: &ProblemIr, spec: &Spec) -> Vec<Verdict> {
    let inst = Instance::new(d, p);
    let mut out = vec![Verdict { name: "ObjectsNoDup", group: "generic", holds: inst.objects_nodup() }];
    let mut group = |g: &'static str, cs: &[Constraint]| {
        for c in cs {
            out.push(Verdict { name: c.name, group: g, holds: inst.eval(&c.expr) });
        }
    };
    group("state", &spec.state);
    group("init", &spec.init);
    group("goal", &spec.goal);
    out.push(Verdict { name: "GoalClosed", group: "generic", holds: inst.goal_closed(p) });
    out
}
