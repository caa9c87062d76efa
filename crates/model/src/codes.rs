//! Semantic diagnostic codes (E01xx errors, W01xx warnings). Never renumber: tools and LLM repair
//! prompts key on these. Syntax codes (E00xx) are in `pddl::diagnostic::codes`.

use pddl::Code;

macro_rules! codes {
    ($($konst:ident = $id:literal $name:literal;)*) => {
        $(pub const $konst: Code = Code { id: $id, name: $name };)*
        /// Every semantic code, for documentation and uniqueness tests.
        pub const ALL: &[Code] = &[$($konst),*];
    };
}

codes! {
    DUPLICATE_TYPE = "E0101" "duplicate-type";
    UNKNOWN_TYPE = "E0102" "unknown-type";
    CYCLIC_TYPE = "E0103" "cyclic-type-hierarchy";
    DUPLICATE_PREDICATE = "E0104" "duplicate-predicate";
    DUPLICATE_FUNCTION = "E0105" "duplicate-function";
    DUPLICATE_OBJECT = "E0106" "duplicate-object";
    UNKNOWN_PREDICATE = "E0107" "unknown-predicate";
    WRONG_ARITY = "E0108" "wrong-arity";
    TYPE_MISMATCH = "E0109" "type-mismatch";
    UNKNOWN_OBJECT = "E0110" "unknown-object";
    UNKNOWN_VARIABLE = "E0111" "unknown-variable";
    DUPLICATE_PARAMETER = "E0112" "duplicate-parameter";
    UNKNOWN_FUNCTION = "E0113" "unknown-function";
    DUPLICATE_ACTION = "E0114" "duplicate-action";
    DOMAIN_MISMATCH = "E0115" "problem-for-another-domain";
    OBJECT_CLASHES_WITH_CONSTANT = "E0116" "object-clashes-with-constant";
    UNKNOWN_REQUIREMENT = "E0117" "unknown-requirement";
    MISSING_REQUIREMENT = "E0118" "requirement-not-declared";
    MISPLACED = "E0119" "misplaced-construct";
    NOT_NUMERIC = "E0120" "not-a-numeric-expression";
    DERIVED_IN_EFFECT = "E0121" "effect-on-derived-predicate";
    DERIVED_IN_INIT = "E0122" "derived-predicate-in-init";
    DUPLICATE_INIT_VALUE = "E0123" "duplicate-initial-value";
    UNKNOWN_ACTION = "E0124" "unknown-action";
    RESERVED_NAME = "E0125" "reserved-name";
    MISSING_GOAL = "E0126" "missing-goal";
    UNSUPPORTED = "E0127" "unsupported-construct";
    UNDECLARED_REQUIREMENT = "W0101" "requirement-not-declared";
    UNINITIALIZED_FLUENT = "W0102" "fluent-without-initial-value";
    DUPLICATE_INIT_FACT = "W0104" "duplicate-initial-fact";
    CONSTANT_REDECLARED = "W0105" "object-repeats-constant";
    TYPE_REDECLARED = "W0106" "type-redeclared-with-another-supertype";
    DUPLICATE_DECL_PARAMETER = "W0107" "duplicate-parameter-in-declaration";
    OBJECT_REDECLARED = "W0108" "object-redeclared-with-another-type";
    ACTION_COSTS_WITHOUT_METRIC = "W0109" "action-costs-without-metric";
}
