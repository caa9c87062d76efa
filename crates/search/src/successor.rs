//! Successor generation: a trie over the operators' sorted positive preconditions (Fast
//! Downward's successor generator, for binary variables). Atoms are ordered by how many operators
//! need them, most first, so the trie's upper levels are shared by many operators and a state
//! visits only the branches whose atom it contains.

use crate::state::{Layout, SearchTask, State};

struct Node {
    /// Operators whose preconditions are all matched at this node: `ops[start..end]`.
    ops: (u32, u32),
    /// Children `(atom, node)`: `children[start..end]`.
    children: (u32, u32),
}

pub struct SuccessorGenerator {
    nodes: Vec<Node>,
    ops: Vec<u32>,
    children: Vec<(u32, u32)>,
    layout: Layout,
}

impl SuccessorGenerator {
    pub fn new(task: &SearchTask) -> SuccessorGenerator {
        let g = task.ground;
        let mut uses = vec![0u32; g.atoms.len()];
        for o in &g.operators {
            for &a in &o.pre {
                uses[a as usize] += 1;
            }
        }
        // rank[a]: position of atom a in the order (most used first, ties by id).
        let mut order: Vec<u32> = (0..g.atoms.len() as u32).collect();
        order.sort_by_key(|&a| (std::cmp::Reverse(uses[a as usize]), a));
        let mut rank = vec![0u32; g.atoms.len()];
        for (i, &a) in order.iter().enumerate() {
            rank[a as usize] = i as u32;
        }
        let pres: Vec<Vec<u32>> = g
            .operators
            .iter()
            .map(|o| {
                let mut p: Vec<u32> = o.pre.iter().map(|&a| rank[a as usize]).collect();
                p.sort_unstable();
                p
            })
            .collect();
        let mut sg = SuccessorGenerator {
            nodes: Vec::new(),
            ops: Vec::new(),
            children: Vec::new(),
            layout: task.layout.clone(),
        };
        let all: Vec<u32> = (0..g.operators.len() as u32).collect();
        sg.build(&pres, &order, all, 0);
        sg
    }

    /// Builds the node for `ops`, all of whose first `depth` (ranked) preconditions are matched.
    /// Recursion depth is at most the longest precondition.
    fn build(&mut self, pres: &[Vec<u32>], order: &[u32], mut ops: Vec<u32>, depth: usize) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node { ops: (0, 0), children: (0, 0) });
        ops.sort_by_key(|&o| (pres[o as usize].get(depth).copied().unwrap_or(0), pres[o as usize].len() > depth));
        let done: Vec<u32> = ops.iter().copied().filter(|&o| pres[o as usize].len() == depth).collect();
        let start = self.ops.len() as u32;
        self.ops.extend(&done);
        self.nodes[id as usize].ops = (start, self.ops.len() as u32);
        let rest: Vec<u32> = ops.into_iter().filter(|&o| pres[o as usize].len() > depth).collect();
        let mut groups: Vec<(u32, Vec<u32>)> = Vec::new();
        for o in rest {
            let key = pres[o as usize][depth];
            match groups.last_mut() {
                Some((k, g)) if *k == key => g.push(o),
                _ => groups.push((key, vec![o])),
            }
        }
        let mut kids = Vec::with_capacity(groups.len());
        for (key, g) in groups {
            let child = self.build(pres, order, g, depth + 1);
            kids.push((order[key as usize], child));
        }
        let cstart = self.children.len() as u32;
        self.children.extend(kids);
        self.nodes[id as usize].children = (cstart, self.children.len() as u32);
        id
    }

    /// Pushes the operators applicable in `s` (positive preconditions; callers check the
    /// negative ones) onto `out`.
    pub fn applicable(&self, s: &State, out: &mut Vec<u32>) {
        if !self.nodes.is_empty() {
            self.visit(0, s, out);
        }
    }

    /// Calls `f` on each transition from `s` (its operator and successor, negative preconditions
    /// checked), in the order of [`Self::applicable`], until `f` returns false: the walks outside
    /// search (samples, audits) share it. `ops` and `next` are scratch buffers.
    pub fn for_each_successor(
        &self,
        task: &SearchTask,
        s: &State,
        ops: &mut Vec<u32>,
        next: &mut Vec<u64>,
        mut f: impl FnMut(u32, &[u64]) -> bool,
    ) {
        ops.clear();
        self.applicable(s, ops);
        for &op in ops.iter() {
            if !task.negative_ok(op as usize, s) {
                continue;
            }
            task.apply(op as usize, s, next);
            if !f(op, next) {
                return;
            }
        }
    }

    fn visit(&self, node: u32, s: &State, out: &mut Vec<u32>) {
        let n = &self.nodes[node as usize];
        out.extend_from_slice(&self.ops[n.ops.0 as usize..n.ops.1 as usize]);
        for &(atom, child) in &self.children[n.children.0 as usize..n.children.1 as usize] {
            if self.layout.holds(s, atom) {
                self.visit(child, s, out);
            }
        }
    }
}
