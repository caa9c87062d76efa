//! Isomorphism of two coloured structures: colour refinement (1-dimensional Weisfeiler-Leman on
//! the incidence structure: a vertex's new colour is its old colour and the multiset of (fact
//! label, its position, the colours of the fact's arguments)) run on both structures with one
//! shared colour table, then individualisation-refinement backtracking for the bijection, as in
//! the practical graph isomorphism tools (McKay & Piperno 2014), without automorphism pruning.
//!
//! Every answer is checked: a bijection is returned only after every fact of one structure was
//! found in the other under it; "not isomorphic" is answered only when refinement (an
//! isomorphism-invariant colouring) tells the structures apart or the search tried every branch.
//! Past the node limit the answer is [`Search::Limit`]. When there is no isomorphism, the
//! closest mapping found (the most facts kept) explains the difference.

use crate::structure::Structure;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::hash::{Hash, Hasher};

/// A structure with interned labels and the incidence lists refinement walks.
struct Graph {
    colour0: Vec<u32>,
    facts: Vec<(u32, Vec<u32>)>,
    /// For each vertex: (fact index, argument position).
    incidence: Vec<Vec<(u32, u32)>>,
}

impl Graph {
    fn new(s: &Structure, labels: &mut FxHashMap<String, u32>) -> Graph {
        let mut intern = |l: &str| {
            let next = labels.len() as u32;
            *labels.entry(l.to_string()).or_insert(next)
        };
        let colour0: Vec<u32> = s.labels.iter().map(|l| intern(&format!("v {l}"))).collect();
        let facts: Vec<(u32, Vec<u32>)> =
            s.facts.iter().map(|f| (intern(&format!("f {:?} {}", f.section, f.label)), f.args.clone())).collect();
        let mut incidence = vec![Vec::new(); colour0.len()];
        for (i, (_, args)) in facts.iter().enumerate() {
            for (p, &v) in args.iter().enumerate() {
                incidence[v as usize].push((i as u32, p as u32));
            }
        }
        Graph { colour0, facts, incidence }
    }
    fn n(&self) -> usize {
        self.colour0.len()
    }
}

/// The outcome of a search.
pub enum Search {
    /// An isomorphism: for each vertex of the first structure, its image.
    Found(Vec<u32>),
    /// None exists; the closest mapping found (partial where the counts differ) and how many
    /// facts of each side it does not match.
    None { closest: Vec<Option<u32>> },
    /// The node limit was reached first.
    Limit { nodes: u64 },
}

pub struct Matcher {
    a: Graph,
    b: Graph,
    /// Facts of `b` as a set, for checking a mapping.
    b_facts: FxHashSet<(u32, Vec<u32>)>,
    nodes: u64,
    limit: u64,
    /// The best complete mapping met at a leaf that failed the check: (facts matched, mapping).
    best_leaf: Option<(usize, Vec<u32>)>,
}

/// One colour refinement step's signature of a vertex, hashed: a deterministic function of
/// isomorphism-invariant data, so a hash collision can only make the colouring coarser on both
/// sides alike, never unsound.
fn signature(g: &Graph, c: &[u32], v: usize, buf: &mut Vec<u64>) {
    buf.clear();
    buf.push(c[v] as u64);
    for &(f, pos) in &g.incidence[v] {
        let (label, args) = &g.facts[f as usize];
        let mut h = FxHasher::default();
        label.hash(&mut h);
        pos.hash(&mut h);
        for &x in args {
            c[x as usize].hash(&mut h);
        }
        buf.push(h.finish());
    }
    buf[1..].sort_unstable();
}

impl Matcher {
    pub fn new(a: &Structure, b: &Structure, limit: u64) -> Matcher {
        let mut labels = FxHashMap::default();
        let a = Graph::new(a, &mut labels);
        let b = Graph::new(b, &mut labels);
        let b_facts = b.facts.iter().cloned().collect();
        Matcher { a, b, b_facts, nodes: 0, limit, best_leaf: None }
    }

    /// Refines both colourings jointly to the coarsest stable one; `false` as soon as the colour
    /// histograms differ (no isomorphism respects the current colours).
    fn refine(&self, ca: &mut Vec<u32>, cb: &mut Vec<u32>) -> bool {
        let mut buf = Vec::new();
        let mut classes = count_classes(ca, cb);
        loop {
            if !same_histogram(ca, cb) {
                return false;
            }
            let mut table: FxHashMap<Vec<u64>, u32> = FxHashMap::default();
            let mut next = |g: &Graph, c: &[u32], buf: &mut Vec<u64>| -> Vec<u32> {
                (0..g.n())
                    .map(|v| {
                        signature(g, c, v, buf);
                        let k = table.len() as u32;
                        *table.entry(buf.clone()).or_insert(k)
                    })
                    .collect()
            };
            let na = next(&self.a, ca, &mut buf);
            let nb = next(&self.b, cb, &mut buf);
            *ca = na;
            *cb = nb;
            let now = count_classes(ca, cb);
            if now == classes {
                return same_histogram(ca, cb);
            }
            classes = now;
        }
    }

    /// Looks for an isomorphism, the identity on names first when `by_name` gives one.
    pub fn run(&mut self, by_name: Option<Vec<u32>>) -> Search {
        if let Some(m) = by_name
            && self.matched(&m) == self.a.facts.len()
            && self.a.facts.len() == self.b.facts.len()
        {
            return Search::Found(m);
        }
        let mut ca = self.a.colour0.clone();
        let mut cb = self.b.colour0.clone();
        // How many facts carry each label is invariant too, and it sees what refinement cannot:
        // facts without arguments (a nullary atom in one init only).
        let mut labels: FxHashMap<u32, i64> = FxHashMap::default();
        for (l, _) in &self.a.facts {
            *labels.entry(*l).or_default() += 1;
        }
        for (l, _) in &self.b.facts {
            *labels.entry(*l).or_default() -= 1;
        }
        let root_ok = labels.values().all(|&n| n == 0) && self.refine(&mut ca, &mut cb);
        if root_ok {
            match self.search(ca, cb) {
                Ok(Some(m)) => return Search::Found(m),
                Ok(None) => {}
                Err(()) => return Search::Limit { nodes: self.nodes },
            }
        }
        let start = match self.best_leaf.take() {
            Some((_, m)) => m.into_iter().map(Some).collect(),
            None => self.greedy(),
        };
        Search::None { closest: self.improve(start) }
    }

    /// True when every permutation of `class` (vertices of `a`) is an automorphism: the
    /// vertices are twins (each has the same facts as the others, itself put for them, and no
    /// fact holds two of them; then every transposition maps facts onto facts).
    fn twins(&self, class: &[usize]) -> bool {
        let own = |v: usize| {
            let mut facts: Vec<(u32, Vec<u32>)> = self.a.incidence[v]
                .iter()
                .map(|&(f, _)| {
                    let (l, args) = &self.a.facts[f as usize];
                    (*l, args.iter().map(|&x| if x as usize == v { u32::MAX } else { x }).collect())
                })
                .collect();
            facts.sort_unstable();
            facts.dedup();
            facts
        };
        let first = own(class[0]);
        class[1..].iter().all(|&v| own(v) == first)
    }

    fn search(&mut self, ca: Vec<u32>, cb: Vec<u32>) -> Result<Option<Vec<u32>>, ()> {
        let mut size: FxHashMap<u32, u32> = FxHashMap::default();
        for &c in &ca {
            *size.entry(c).or_default() += 1;
        }
        // A class of twins (interchangeable objects: balls in one room, sandwiches not yet made)
        // is matched in one step, in any order: if an isomorphism exists, composing it with a
        // permutation of the twins (an automorphism that keeps every other colour) gives one
        // that matches them in this order. No branching.
        let mut classes: Vec<(u32, u32)> = size.iter().filter(|&(_, &n)| n > 1).map(|(&c, &n)| (n, c)).collect();
        classes.sort_unstable();
        for &(_, colour) in classes.iter().rev() {
            let class: Vec<usize> = (0..ca.len()).filter(|&v| ca[v] == colour).collect();
            if self.twins(&class) {
                self.nodes += 1;
                if self.nodes > self.limit {
                    return Err(());
                }
                let targets: Vec<usize> = (0..cb.len()).filter(|&w| cb[w] == colour).collect();
                let fresh = ca.iter().chain(cb.iter()).max().map_or(0, |&m| m + 1);
                let (mut na, mut nb) = (ca.clone(), cb.clone());
                for (k, (&v, &w)) in class.iter().zip(&targets).enumerate() {
                    na[v] = fresh + k as u32;
                    nb[w] = fresh + k as u32;
                }
                if !self.refine(&mut na, &mut nb) {
                    return Ok(None);
                }
                return self.search(na, nb);
            }
        }
        // Otherwise branch on the smallest class: fewest branches.
        let pick = classes.first().map(|&(_, c)| c);
        let Some(colour) = pick else {
            // Discrete: the colours are the bijection; check it.
            let mut of_colour: FxHashMap<u32, u32> = FxHashMap::default();
            for (w, &c) in cb.iter().enumerate() {
                of_colour.insert(c, w as u32);
            }
            let m: Vec<u32> = ca.iter().map(|c| of_colour[c]).collect();
            let kept = self.matched(&m);
            if kept == self.a.facts.len() && kept == self.b.facts.len() {
                return Ok(Some(m));
            }
            if self.best_leaf.as_ref().is_none_or(|(k, _)| kept > *k) {
                self.best_leaf = Some((kept, m));
            }
            return Ok(None);
        };
        let v = ca.iter().position(|&c| c == colour).unwrap_or(0);
        let fresh = ca.iter().chain(cb.iter()).max().map_or(0, |&m| m + 1);
        let targets: Vec<usize> = (0..cb.len()).filter(|&w| cb[w] == colour).collect();
        for w in targets {
            self.nodes += 1;
            if self.nodes > self.limit {
                return Err(());
            }
            let mut na = ca.clone();
            let mut nb = cb.clone();
            na[v] = fresh;
            nb[w] = fresh;
            if !self.refine(&mut na, &mut nb) {
                continue;
            }
            if let Some(m) = self.search(na, nb)? {
                return Ok(Some(m));
            }
        }
        Ok(None)
    }

    /// How many facts of `a` the mapping carries onto facts of `b`.
    fn matched(&self, m: &[u32]) -> usize {
        self.a
            .facts
            .iter()
            .filter(|(l, args)| self.b_facts.contains(&(*l, args.iter().map(|&x| m[x as usize]).collect::<Vec<_>>())))
            .count()
    }

    fn matched_partial(&self, m: &[Option<u32>], facts: impl Iterator<Item = u32>) -> usize {
        facts
            .filter(|&f| {
                let (l, args) = &self.a.facts[f as usize];
                let img: Option<Vec<u32>> = args.iter().map(|&x| m[x as usize]).collect();
                img.is_some_and(|img| self.b_facts.contains(&(*l, img)))
            })
            .count()
    }

    /// A first mapping when refinement already tells the structures apart: vertices paired by the
    /// colour of the deepest refinement round on which they agree (so the part of the problems
    /// away from a difference is paired as an isomorphism would pair it), base colour at least.
    fn greedy(&self) -> Vec<Option<u32>> {
        let mut rounds: Vec<(Vec<u32>, Vec<u32>)> = vec![(self.a.colour0.clone(), self.b.colour0.clone())];
        let mut buf = Vec::new();
        for _ in 0..64 {
            let (ca, cb) = rounds.last().cloned().unwrap_or_default();
            let mut table: FxHashMap<Vec<u64>, u32> = FxHashMap::default();
            let mut next = |g: &Graph, c: &[u32], buf: &mut Vec<u64>| -> Vec<u32> {
                (0..g.n())
                    .map(|v| {
                        signature(g, c, v, buf);
                        let k = table.len() as u32;
                        *table.entry(buf.clone()).or_insert(k)
                    })
                    .collect()
            };
            let na = next(&self.a, &ca, &mut buf);
            let nb = next(&self.b, &cb, &mut buf);
            let stable = count_classes(&na, &nb) == count_classes(&ca, &cb);
            rounds.push((na, nb));
            if stable {
                break;
            }
        }
        let mut m: Vec<Option<u32>> = vec![None; self.a.n()];
        let mut taken = vec![false; self.b.n()];
        for (ca, cb) in rounds.iter().rev() {
            let mut free: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
            for w in (0..self.b.n()).rev() {
                if !taken[w] {
                    free.entry(cb[w]).or_default().push(w as u32);
                }
            }
            for v in 0..self.a.n() {
                if m[v].is_none()
                    && let Some(w) = free.get_mut(&ca[v]).and_then(Vec::pop)
                {
                    m[v] = Some(w);
                    taken[w as usize] = true;
                }
            }
        }
        m
    }

    /// Hill climbing on the mapping: swap the images of two vertices of one base colour while that
    /// keeps more facts; at a local optimum, try pairs of swaps, the second touching a neighbour
    /// of the first (only such a pair can gain there: moving the two trucks of a difference also
    /// needs their loads moved). All within a fixed budget of evaluations, so the explanation is
    /// the closest mapping found, not always the closest there is.
    fn improve(&self, mut m: Vec<Option<u32>>) -> Vec<Option<u32>> {
        let mut by_colour: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
        for (v, w) in m.iter().enumerate() {
            if w.is_some() {
                by_colour.entry(self.a.colour0[v]).or_default().push(v);
            }
        }
        let mut classes: Vec<Vec<usize>> = by_colour.into_values().collect();
        classes.sort_unstable();
        let class_of: FxHashMap<usize, usize> =
            classes.iter().enumerate().flat_map(|(i, c)| c.iter().map(move |&v| (v, i))).collect();
        let mut budget: i64 = 4_000_000;
        loop {
            // Single swaps, while one gains.
            let mut improved = true;
            while improved {
                improved = false;
                for class in &classes {
                    for (i, &v1) in class.iter().enumerate() {
                        for &v2 in &class[i + 1..] {
                            if budget <= 0 {
                                return m;
                            }
                            if self.gain(&mut m, &[(v1, v2)], &mut budget) > 0 {
                                improved = true;
                            }
                        }
                    }
                }
            }
            // Pairs of swaps: the first any swap, the second moving a neighbour of the first's
            // vertices within its class.
            let mut kicked = false;
            'pairs: for class in &classes {
                for (i, &v1) in class.iter().enumerate() {
                    for &v2 in &class[i + 1..] {
                        let mut near: Vec<usize> = [v1, v2]
                            .iter()
                            .flat_map(|&v| self.a.incidence[v].iter())
                            .flat_map(|&(f, _)| self.a.facts[f as usize].1.iter().map(|&u| u as usize))
                            .filter(|&u| u != v1 && u != v2 && class_of.contains_key(&u))
                            .collect();
                        near.sort_unstable();
                        near.dedup();
                        for u in near {
                            for &x in &classes[class_of[&u]] {
                                if budget <= 0 {
                                    return m;
                                }
                                if x != u && self.gain(&mut m, &[(v1, v2), (u, x)], &mut budget) > 0 {
                                    kicked = true;
                                    break 'pairs;
                                }
                            }
                        }
                    }
                }
            }
            if !kicked {
                return m;
            }
        }
    }

    /// Applies the swaps of images in order and keeps them if the facts matched around the
    /// vertices they touch grow; returns the gain (0 when undone).
    fn gain(&self, m: &mut [Option<u32>], swaps: &[(usize, usize)], budget: &mut i64) -> usize {
        let mut local: Vec<u32> = swaps
            .iter()
            .flat_map(|&(v1, v2)| self.a.incidence[v1].iter().chain(self.a.incidence[v2].iter()))
            .map(|&(f, _)| f)
            .collect();
        local.sort_unstable();
        local.dedup();
        *budget -= local.len() as i64 * 2 + 1;
        let before = self.matched_partial(m, local.iter().copied());
        for &(v1, v2) in swaps {
            m.swap(v1, v2);
        }
        let after = self.matched_partial(m, local.iter().copied());
        if after > before {
            after - before
        } else {
            for &(v1, v2) in swaps.iter().rev() {
                m.swap(v1, v2);
            }
            0
        }
    }

    /// For a mapping: which facts of `a` have no image in `b`, and which facts of `b` are not the
    /// image of a fact of `a` (indexes into the structures' fact lists).
    pub fn unmatched(&self, m: &[Option<u32>]) -> (Vec<usize>, Vec<usize>) {
        let b_index: FxHashMap<&(u32, Vec<u32>), usize> =
            self.b.facts.iter().enumerate().map(|(i, f)| (f, i)).collect();
        let mut covered = vec![false; self.b.facts.len()];
        let mut only_a = Vec::new();
        for (i, (l, args)) in self.a.facts.iter().enumerate() {
            let img: Option<Vec<u32>> = args.iter().map(|&x| m[x as usize]).collect();
            match img.and_then(|img| b_index.get(&(*l, img)).copied()) {
                Some(j) => covered[j] = true,
                None => only_a.push(i),
            }
        }
        let only_b = (0..self.b.facts.len()).filter(|&j| !covered[j]).collect();
        (only_a, only_b)
    }
}

fn count_classes(ca: &[u32], cb: &[u32]) -> usize {
    let mut s: FxHashSet<u32> = FxHashSet::default();
    s.extend(ca.iter().copied());
    s.extend(cb.iter().copied());
    s.len()
}

fn same_histogram(ca: &[u32], cb: &[u32]) -> bool {
    if ca.len() != cb.len() {
        return false;
    }
    let mut h: FxHashMap<u32, i64> = FxHashMap::default();
    for &c in ca {
        *h.entry(c).or_default() += 1;
    }
    for &c in cb {
        *h.entry(c).or_default() -= 1;
    }
    h.values().all(|&n| n == 0)
}
