//! Readable identifiers for PDDL names, valid in both Lean 4 and Coq.
//!
//! One conversion feeds both printers, so a name is chosen once, against the keywords and the
//! generated names of *both* backends: the same PDDL name reads the same in the Lean and the Coq
//! module, and the object map serves both.

use std::collections::BTreeSet;

/// Words an identifier must not be: keywords of Lean 4 and Coq (both are case-sensitive; PDDL
/// names arrive lowercased), prelude names the generated code relies on, and every name the
/// generated modules define themselves. A PDDL name equal to one of these gets a trailing `_`.
const RESERVED: &[&str] = &[
    // Lean 4 keywords and commands
    "at",
    "by",
    "do",
    "fun",
    "if",
    "then",
    "else",
    "let",
    "in",
    "match",
    "with",
    "end",
    "for",
    "from",
    "have",
    "show",
    "where",
    "def",
    "theorem",
    "lemma",
    "instance",
    "structure",
    "inductive",
    "class",
    "namespace",
    "section",
    "open",
    "import",
    "variable",
    "universe",
    "axiom",
    "example",
    "deriving",
    "mutual",
    "return",
    "unless",
    "try",
    "catch",
    "finally",
    "this",
    "abbrev",
    "macro",
    "syntax",
    "notation",
    "infix",
    "infixl",
    "infixr",
    "prefix",
    "postfix",
    "elab",
    "attribute",
    "private",
    "protected",
    "partial",
    "unsafe",
    "noncomputable",
    "opaque",
    "extern",
    "sorry",
    "admit",
    "calc",
    "suffices",
    "obtain",
    "exact",
    "intro",
    "at",
    "using",
    "only",
    "generalizing",
    "rfl",
    "simp",
    "decide",
    "native_decide",
    "omega",
    "break",
    "continue",
    "mut",
    "nomatch",
    "nofun",
    "termination_by",
    "decreasing_by",
    "export",
    "set_option",
    // Coq keywords (gallina and common tactics that are tokens)
    "as",
    "cofix",
    "exists",
    "exists2",
    "fix",
    "forall",
    "mod",
    "return",
    "using",
    "IF",
    "Prop",
    "Set",
    "SProp",
    "Type",
    "Sort",
    "is",
    "struct",
    "measure",
    "wf",
    "on",
    "of",
    "to",
    "eval",
    "fun",
    "Proof",
    "Qed",
    "Defined",
    "Admitted",
    "Abort",
    // prelude names used by the generated code
    "nat",
    "bool",
    "list",
    "option",
    "true",
    "false",
    "Some",
    "None",
    "some",
    "none",
    "nil",
    "cons",
    "andb",
    "orb",
    "negb",
    "fst",
    "snd",
    "nth",
    "length",
    "forallb",
    "Nat",
    "Bool",
    "List",
    "Option",
    "Obj",
    "id",
    "not",
    "and",
    "or",
    "ite",
    "cond",
    "eq",
    "Eq",
    "True",
    "False",
    "pair",
    "prod",
    "unit",
    "tt",
    "I",
    "S",
    "O",
    "succ",
    "zero",
    "map",
    "filter",
    "find",
    "apply",
    "proj",
    "Decidable",
    // names the generated modules define
    "State",
    "StaticState",
    "DynamicState",
    "Goal",
    "GoalDynamic",
    "PlanAction",
    "SatisfiesGoal",
    "actionPre",
    "actionApply",
    "ValidPlan",
    "runPlan",
    "correctSolution",
    "actionPreB",
    "validPlanB",
    "keyEqb",
    "goalLookup",
    "goalListHolds",
    "goalLookup_sound",
    "goalOfLists",
    "goalHolds",
    "correctSolution_of_check",
    "validPlanB_sound",
    "actionPreB_sound",
    "runPlan_statics",
    "runPlan_append",
    "validPlan_append",
    "action_preserves_wf",
    "validPlan_preserves_wf",
    "solveComplete",
    "solveComplete_stmt",
    "problemStatics",
    "problemDynamic",
    "goalDynamic",
    "problemState",
    "problemGoal",
    "problemPlan",
    "problemPlan_correct",
    "mkState",
    "mkStaticState",
    "mkDynamicState",
    "mkGoal",
    "mkGoalDynamic",
    "statics",
    "dynamic",
    "objects",
    "goal_dynamic",
    "solve",
    "ValidInit",
    "ValidGoal",
    "WellFormed",
    "certplan_pre",
    "certplan_false_by",
    "certplan_skip",
    "certplan_skip_objects",
    "certplan_hit",
    "certplan_case",
    // binders and hypothesis names of the generated definitions and proofs: a constructor with
    // one of these names (an action `a`) would be captured by the binder (`| a :: rest =>`
    // matches every plan), so PDDL names never take them
    "as",
    "bs",
    "as_",
    "e",
    "ih",
    "hk",
    "hv",
    "hg",
    "hwf",
    "hpre",
    "hplan",
    "hinit",
    "hgoal",
    "ha",
    "has",
    "plan",
    "rest",
    "key",
    "close",
];

/// Binder shapes the generated code uses with numbers or names attached (`x0`, `h1`, `h_walk`,
/// `g_at_p`, `var_m`): an identifier of these shapes could be captured by such a binder.
fn binder_shaped(name: &str) -> bool {
    let numbered = |prefix: &str| {
        name.strip_prefix(prefix).is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
    };
    // One letter (`a`, `s`, `g`, `k`, `l`, `b`, `f`, ...): the generated code's short binders.
    name.len() == 1
        || numbered("x")
        || numbered("h")
        || numbered("var")
        || ["h_", "g_", "var_"].iter().any(|p| name.starts_with(p))
}

/// The identifier form of a PDDL name: lowercase ASCII letters, digits and `_`; `-` and any other
/// character become `_`; a leading digit or `_` gets an `n` in front (neither backend likes a
/// leading underscore in user names).
pub fn sanitize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else {
            out.push('_');
        }
    }
    if out.is_empty() || !out.as_bytes()[0].is_ascii_alphabetic() {
        out.insert(0, 'n');
    }
    out
}

/// Hands out identifiers that are distinct from each other and from [`RESERVED`]. Deterministic:
/// the same requests in the same order give the same answers.
pub struct Names {
    taken: BTreeSet<String>,
    /// Whether binder-shaped names (see [`binder_shaped`]) may be handed out: true only for the
    /// allocator of binders themselves ([`Names::binders`]).
    binders_free: bool,
}

/// The safe choice: the allocator of global identifiers.
impl Default for Names {
    fn default() -> Names {
        Names::new()
    }
}

impl Names {
    /// The allocator of global identifiers (constructors, fields, lemma bases): keywords, the
    /// generated names and the generated code's binder names are all taken.
    pub fn new() -> Names {
        Names { taken: RESERVED.iter().map(|s| s.to_string()).collect(), binders_free: false }
    }

    /// An allocator of local binders (parameter names of one action): only its own names count.
    pub fn binders() -> Names {
        Names { taken: BTreeSet::new(), binders_free: true }
    }

    /// An identifier for `base` such that `base + suffix` is free for every suffix in `suffixes`
    /// (an action needs its name, `namePre`, `namePreB`, `nameEff`, ...); marks them all taken.
    pub fn fresh(&mut self, base: &str, suffixes: &[&str]) -> String {
        // `h_walk` stays binder-shaped whatever is appended: escape it at the front. `goal_` is
        // the prefix of the goal's fields (`goal_at_p` for `at`), which a predicate `goal-at`
        // would meet.
        let base = if !self.binders_free && ["h_", "g_", "var_", "goal_"].iter().any(|p| base.starts_with(p)) {
            format!("n{base}")
        } else {
            base.to_string()
        };
        let base = base.as_str();
        let mut candidate = base.to_string();
        let mut n = 1;
        loop {
            let all_free = suffixes.iter().all(|s| !self.taken.contains(&format!("{candidate}{s}")))
                && !self.taken.contains(&candidate)
                && (self.binders_free || !binder_shaped(&candidate));
            if all_free {
                self.taken.insert(candidate.clone());
                for s in suffixes {
                    self.taken.insert(format!("{candidate}{s}"));
                }
                return candidate;
            }
            n += 1;
            // A trailing `_` first (the usual keyword escape), then numbered variants.
            candidate = if n == 2 { format!("{base}_") } else { format!("{base}_{n}") };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_and_collisions() {
        let mut n = Names::new();
        assert_eq!(n.fresh(&sanitize("at-robby"), &[]), "at_robby");
        assert_eq!(n.fresh(&sanitize("at_robby"), &[]), "at_robby_");
        assert_eq!(n.fresh(&sanitize("fun"), &[]), "fun_");
        assert_eq!(n.fresh(&sanitize("9lives"), &[]), "n9lives");
        assert_eq!(n.fresh("walk", &["Pre"]), "walk");
        assert_eq!(n.fresh("walkPre", &[]), "walkPre_");
    }

    #[test]
    fn binder_names_are_not_handed_out() {
        let mut n = Names::new();
        // An action `a` would be captured by `| a :: rest =>`; `x0` by Figure 5's `fun x0 =>`.
        assert_eq!(n.fresh(&sanitize("a"), &[]), "a_");
        assert_eq!(n.fresh(&sanitize("s"), &[]), "s_");
        assert_eq!(n.fresh(&sanitize("x0"), &[]), "x0_");
        assert_eq!(n.fresh(&sanitize("h_walk"), &[]), "nh_walk");
        assert_eq!(n.fresh(&sanitize("g-at"), &["_p"]), "ng_at");
        assert_eq!(n.fresh("goal_at_p", &[]), "ngoal_at_p");
        assert_eq!(n.fresh(&sanitize("plan"), &[]), "plan_");
        assert_eq!(n.fresh(&sanitize("ab"), &[]), "ab");
        let mut b = Names::binders();
        assert_eq!(b.fresh("var_x", &[]), "var_x");
        assert_eq!(b.fresh("var_x", &[]), "var_x_");
    }
}
