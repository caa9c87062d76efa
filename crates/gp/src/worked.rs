//! The worked generalized plans shipped with certplan (`crates/gp/coq/<Domain>Solve.v`): a Coq
//! `solve` per domain, and where written, its completeness proof `solveComplete`.

/// A worked generalized plan: the library domain and the Coq file's text.
pub struct Worked {
    pub domain: &'static str,
    pub file: &'static str,
    pub text: &'static str,
    /// Whether the file proves `solveComplete` (else it only defines `solve`).
    pub proved: bool,
}

pub static WORKED: &[Worked] = &[
    Worked { domain: "heavy", file: "HeavySolve.v", text: include_str!("../coq/HeavySolve.v"), proved: true },
    Worked { domain: "miconic", file: "MiconicSolve.v", text: include_str!("../coq/MiconicSolve.v"), proved: true },
    Worked { domain: "spanner", file: "SpannerSolve.v", text: include_str!("../coq/SpannerSolve.v"), proved: true },
    Worked { domain: "ferry", file: "FerrySolve.v", text: include_str!("../coq/FerrySolve.v"), proved: true },
    Worked { domain: "grippers", file: "GrippersSolve.v", text: include_str!("../coq/GrippersSolve.v"), proved: true },
    Worked {
        domain: "satellite",
        file: "SatelliteSolve.v",
        text: include_str!("../coq/SatelliteSolve.v"),
        proved: true,
    },
    Worked { domain: "hiking", file: "HikingSolve.v", text: include_str!("../coq/HikingSolve.v"), proved: true },
    Worked {
        domain: "logistics",
        file: "LogisticsSolve.v",
        text: include_str!("../coq/LogisticsSolve.v"),
        proved: true,
    },
    Worked { domain: "delivery", file: "DeliverySolve.v", text: include_str!("../coq/DeliverySolve.v"), proved: true },
    // Generalized plans without a completeness proof yet (run on their debug sets in the tests).
    Worked {
        domain: "blocksworld",
        file: "BlocksworldSolve.v",
        text: include_str!("../coq/BlocksworldSolve.v"),
        proved: false,
    },
    Worked {
        domain: "goldminer",
        file: "GoldminerSolve.v",
        text: include_str!("../coq/GoldminerSolve.v"),
        proved: false,
    },
    Worked {
        domain: "transport",
        file: "TransportSolve.v",
        text: include_str!("../coq/TransportSolve.v"),
        proved: false,
    },
    Worked { domain: "rovers", file: "RoversSolve.v", text: include_str!("../coq/RoversSolve.v"), proved: false },
];

pub fn find(domain: &str) -> Option<&'static Worked> {
    WORKED.iter().find(|w| w.domain == domain)
}
