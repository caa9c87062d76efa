//! Diagnostic codes of the proof export (E08xx). Never renumber: tools and LLM repair prompts key
//! on these. Syntax codes are E00xx (`pddl`), semantic codes E01xx (`model`).

use pddl::Code;

macro_rules! codes {
    ($($konst:ident = $id:literal $name:literal;)*) => {
        $(pub const $konst: Code = Code { id: $id, name: $name };)*
        /// Every proof-export code, for documentation and uniqueness tests.
        pub const ALL: &[Code] = &[$($konst),*];
    };
}

codes! {
    OUTSIDE_FRAGMENT = "E0801" "outside-proof-fragment";
    CONTRADICTORY_GOAL = "E0802" "contradictory-goal";
    STATIC_GOAL_FALSE = "E0803" "static-goal-false-initially";
    PLAN_NOT_CONVERTIBLE = "E0804" "plan-not-convertible";
}
