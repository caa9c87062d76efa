//! Structural comparison: paper 003's appendix E example, and the canonical form's rules
//! (constants keep their names, non-conjunctive goals and metrics compared as trees with
//! commutative parts unordered, `>` as `<` swapped).

use equiv::{Options, Verdict, compare_texts};

const BLOCKS: &str = include_str!("data/bw-ontable.pddl");

fn cmp(domain: &str, a: &str, b: &str) -> Verdict {
    compare_texts(domain, a, b, &Options::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn appendix_e() {
    let reference = include_str!("data/appendix-e-reference.pddl");
    let generated = include_str!("data/appendix-e-generated.pddl");
    // The paper's bijection: y -> a, z -> b, x -> c.
    let Verdict::Equal { mapping } = cmp(BLOCKS, generated, reference) else { panic!() };
    let mut mapping = mapping;
    mapping.sort();
    let want: Vec<(String, String)> =
        [("x", "c"), ("y", "a"), ("z", "b")].iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
    assert_eq!(mapping, want);
    // The goal (on x z) instead of (on z x): the closest mapping is the paper's, and only the
    // goal differs.
    let Verdict::Different { explanation } = cmp(BLOCKS, reference, include_str!("data/appendix-e-wrong-goal.pddl"))
    else {
        panic!()
    };
    assert_eq!(explanation.goal_only_a, ["(on b c)"]);
    assert_eq!(explanation.goal_only_b, ["(on x z)"]);
    assert!(explanation.init_only_a.is_empty() && explanation.init_only_b.is_empty());
    assert!(explanation.mapping.contains(&("a".into(), "y".into())));
}

#[test]
fn a_missing_object_is_a_type_count() {
    let a = "(define (problem p) (:domain blocks) (:objects a b c) (:init (clear a)) (:goal (clear a)))";
    let b = "(define (problem p) (:domain blocks) (:objects a b) (:init (clear a)) (:goal (clear a)))";
    let Verdict::Different { explanation } = cmp(BLOCKS, a, b) else { panic!() };
    assert_eq!(explanation.type_counts.len(), 1);
    assert_eq!((explanation.type_counts[0].a, explanation.type_counts[0].b), (3, 2));
}

const TYPED: &str = "(define (domain t)
  (:requirements :typing :numeric-fluents :disjunctive-preconditions :existential-preconditions)
  (:types room ball)
  (:constants hall - room)
  (:predicates (at ?b - ball ?r - room) (lit ?r - room))
  (:functions (weight ?b - ball) (total-cost))
  (:action move :parameters (?b - ball ?from ?to - room)
    :precondition (at ?b ?from)
    :effect (and (not (at ?b ?from)) (at ?b ?to) (increase (total-cost) (weight ?b)))))";

fn typed(objects: &str, init: &str, goal: &str, metric: &str) -> String {
    format!("(define (problem p) (:domain t) (:objects {objects}) (:init {init}) (:goal {goal}) {metric})")
}

#[test]
fn constants_keep_their_names() {
    // `hall` is a domain constant: r1 in hall is not r1 in kitchen, although the problems are
    // the same up to a renaming that moves the constant.
    let a = typed("k - room b - ball", "(at b hall)", "(at b k)", "");
    let b = typed("k - room b - ball", "(at b k)", "(at b hall)", "");
    assert_eq!(cmp(TYPED, &a, &b).name(), "different");
    let c = typed("kitchen - room x - ball", "(at x hall)", "(at x kitchen)", "");
    assert_eq!(cmp(TYPED, &a, &c).name(), "equal");
}

#[test]
fn trees_compare_up_to_commutativity() {
    let a = typed(
        "k l - room b c - ball",
        "(at b k) (at c l) (= (weight b) 2) (= (weight c) 3) (= (total-cost) 0)",
        "(or (at b l) (and (at c k) (> (weight c) (weight b))))",
        "(:metric minimize (+ (total-cost) (* 2 (weight b))))",
    );
    let b = typed(
        "m n - room x y - ball",
        "(= (weight x) 3) (at y n) (= (total-cost) 0) (at x m) (= (weight y) 2)",
        "(or (and (< (weight y) (weight x)) (at x n)) (at y m))",
        "(:metric minimize (+ (* (weight y) 2) (total-cost)))",
    );
    let v = cmp(TYPED, &a, &b);
    assert_eq!(v.name(), "equal", "{v:?}");
    // A comparison's sides are ordered; minimize is not maximize.
    let c = b.replace("(< (weight y) (weight x))", "(< (weight x) (weight y))");
    let Verdict::Different { explanation } = cmp(TYPED, &a, &c) else { panic!() };
    assert!(explanation.goal_structure.is_some(), "{explanation:?}");
    let d = b.replace("minimize", "maximize");
    let Verdict::Different { explanation } = cmp(TYPED, &a, &d) else { panic!() };
    let (ma, mb) = explanation.metric.expect("the metric differs");
    assert!(ma.starts_with("(minimize") && mb.starts_with("(maximize"), "{ma} {mb}");
    assert!(explanation.goal_structure.is_none() && explanation.init_only_a.is_empty());
}

/// Undirected edges as `on` facts both ways.
fn graph(n: usize, edges: &[(usize, usize)]) -> String {
    let objects: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    let init: String = edges.iter().map(|&(a, b)| format!("(on v{a} v{b}) (on v{b} v{a}) ")).collect();
    format!("(define (problem g) (:domain blocks) (:objects {}) (:init {init}) (:goal (and)))", objects.join(" "))
}

#[test]
fn colour_refinement_alone_cannot_tell_but_the_search_does() {
    // A 6-cycle and two triangles: every vertex has two neighbours, so colour refinement sees
    // the same colours; individualising one vertex tells them apart in every branch.
    let cycle = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]);
    let triangles = graph(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]);
    let Verdict::Different { explanation } = cmp(BLOCKS, &cycle, &triangles) else { panic!() };
    // The closest mapping keeps four of the six edges (a path of three on each triangle): two
    // edges, four facts, on each side.
    assert_eq!(explanation.init_only_a.len(), 4, "{explanation:?}");
    assert_eq!(explanation.init_only_b.len(), 4, "{explanation:?}");
    // Without search nodes the answer is "unknown", never a guess.
    let v = compare_texts(BLOCKS, &cycle, &triangles, &Options { node_limit: 0, ..Options::default() });
    assert_eq!(v.expect("valid").name(), "unknown");
    // A relabelled cycle is found.
    let relabelled = graph(6, &[(3, 1), (1, 5), (5, 0), (0, 4), (4, 2), (2, 3)]);
    assert_eq!(cmp(BLOCKS, &cycle, &relabelled).name(), "equal");
}

#[test]
fn a_nullary_fact_is_seen() {
    // Ten triangles: a large automorphism group without twins, so a search that only met the
    // difference at its leaves would run into the node limit. Refinement cannot see a fact
    // without arguments; the count of facts per label does, at once.
    let edges: Vec<(usize, usize)> =
        (0..10).flat_map(|t| [(3 * t, 3 * t + 1), (3 * t + 1, 3 * t + 2), (3 * t + 2, 3 * t)]).collect();
    let with = graph(30, &edges).replace("(:init ", "(:init (handempty) ");
    let Verdict::Different { explanation } = cmp(BLOCKS, &with, &graph(30, &edges)) else { panic!() };
    assert_eq!(explanation.init_only_a, ["(handempty)"]);
}
