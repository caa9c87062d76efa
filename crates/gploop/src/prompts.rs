//! The prompts of the loops (paper 000, section "Generating the generalized plan" and "Proving
//! completeness"), and reading code out of a reply.

use crate::Domain;

pub const SYSTEM: &str = "You are an expert in automated planning and in the Coq proof assistant. \
You write generalized plans as Coq programs and prove them complete. Reply with Coq code in one \
```coq fenced block; text outside the block is ignored.";

fn context(d: &Domain) -> String {
    format!(
        "The planning domain `{}` as a Coq module (generated from its PDDL; do not change it):\n```coq\n{}\n```\n\n\
The validity constraints of the domain's tasks (`ValidState`, `ValidInit`, `ValidGoal`, with Boolean mirrors):\n\
```coq\n{}\n```\n",
        d.name, d.domain_module.1, d.constraints_module.1
    )
}

/// The header every solve file starts with.
pub fn header(d: &Domain) -> String {
    format!(
        "From Coq Require Import Bool Arith List Lia.\nImport ListNotations.\nFrom {} Require Import {} {}.\n",
        proof::COQ_LIBRARY,
        d.domain_module.0,
        d.constraints_module.0
    )
}

/// The first request of the generalized-plan loop.
pub fn generate(d: &Domain, strategy: Option<&str>) -> String {
    let strategy = match strategy {
        Some(s) => format!("Implement this strategy, which solves every valid task of the domain:\n{}\n", s.trim_end()),
        None => "First find a strategy that solves every valid task of the domain, then implement it.\n".into(),
    };
    format!(
        "{}\n{strategy}\nWrite a Coq file that defines\n  Definition solve (s : State) (g : Goal) : list PlanAction\n\
(Fixpoints with structural recursion or explicit fuel as needed) such that for every state `s` and goal `g` \
with `ValidInit s` and `ValidGoal s g`, `solve s g` is a plan applicable in `s` that reaches `g` \
(`ValidPlan (solve s g) s /\\ SatisfiesGoal (runPlan (solve s g) s) g`). Start the file with:\n```coq\n{}```\n\
It will be run with `Eval vm_compute` on debugging tasks and each plan checked by a validator. No proofs yet.",
        context(d),
        header(d)
    )
}

/// The debug request after a failed run on the debugging tasks.
pub fn debug(feedback: &str) -> String {
    format!(
        "Your `solve` does not yet solve every debugging task:\n{feedback}\nFind the cause and return the whole \
corrected Coq file."
    )
}

fn proof_context(d: &Domain, solve: &str) -> String {
    format!(
        "{}\nThe generalized plan (fixed; your proof is appended to this file as it is):\n```coq\n{}\n```\n",
        context(d),
        solve.trim_end()
    )
}

const RULES: &str = "Rules: the theorem must be stated exactly as given; no `Admitted`, `admit`, `Axiom`, \
`Parameter`, `Hypothesis`, `Variable`, `Context`, notations or options that change parsing; do not \
redefine `solve` or any name of the generated modules. The file is rebuilt from scratch and \
`Print Assumptions solveComplete` must report no axioms.";

/// The first request of the basic proof loop: a whole proof.
pub fn prove_basic(d: &Domain, solve: &str) -> String {
    format!(
        "{}\nProve that `solve` is complete: write the lemmas you need and the theorem\n```coq\n{}Proof.\n  ...\nQed.\n```\n\
Reply with the code to append after the generalized plan (do not repeat it; you may start with \
`Require Import` lines). {RULES}",
        proof_context(d, solve),
        proof::coq::solve_complete_statement()
    )
}

/// The repair request of the basic proof loop.
pub fn repair_basic(feedback: &str) -> String {
    format!(
        "The proof was rejected:\n{feedback}\nReturn the complete corrected proof (everything to append after the \
generalized plan)."
    )
}

/// The first request of the iterative proof loop: a sketch.
pub fn prove_sketch(d: &Domain, solve: &str) -> String {
    format!(
        "{}\nProve that `solve` is complete. First write a proof sketch: every lemma you need, then the theorem\n\
```coq\n{}Proof.\n  ...\nQed.\n```\nProve what you can at once; end the proof of a lemma you leave for later with \
`Admitted.` (each such lemma is then proved on its own; the proof is only accepted once no lemma is left \
unproven). The declarations are checked one at a time. Reply with the code to append after the generalized \
plan. {RULES}",
        proof_context(d, solve),
        proof::coq::solve_complete_statement()
    )
}

/// The local repair of one declaration (the iterative mode).
pub fn repair_declaration(accepted: &str, decl: &str, error: &str) -> String {
    format!(
        "The code accepted so far:\n```coq\n{}\n```\nThis declaration was rejected:\n```coq\n{}\n```\n{}\n\
Return the corrected declaration. You may add declarations it needs before it (they are inserted at \
its place); do not repeat the accepted code.",
        accepted.trim_end(),
        decl.trim_end(),
        error.trim_end()
    )
}

/// The request to prove a lemma left unproven in the sketch.
pub fn prove_lemma(accepted: &str, decl: &str) -> String {
    format!(
        "The code accepted so far:\n```coq\n{}\n```\nThis lemma is still unproven:\n```coq\n{}\n```\nProve it: \
return the lemma with the same statement and a complete proof (no `Admitted`). You may add helper lemmas \
before it (they are inserted at its place); do not repeat the accepted code.",
        accepted.trim_end(),
        decl.trim_end()
    )
}

/// The Coq code of a reply: the fenced blocks (```coq, ```v or plain ```) joined, or the whole
/// reply when it has none.
pub fn code(reply: &str) -> String {
    let mut blocks = Vec::new();
    let mut rest = reply;
    while let Some(i) = rest.find("```") {
        let after = &rest[i + 3..];
        let Some(nl) = after.find('\n') else { break };
        let lang = after[..nl].trim();
        let body = &after[nl + 1..];
        let Some(end) = body.find("```") else {
            // An unterminated block (a reply cut off): take what there is.
            blocks.push((lang.to_string(), body.to_string()));
            break;
        };
        blocks.push((lang.to_string(), body[..end].to_string()));
        rest = &body[end + 3..];
    }
    if blocks.is_empty() {
        return reply.trim().to_string() + "\n";
    }
    let coq: Vec<&String> =
        blocks.iter().filter(|(l, _)| matches!(l.as_str(), "coq" | "v" | "rocq" | "")).map(|(_, b)| b).collect();
    let chosen: Vec<&String> = if coq.is_empty() { blocks.iter().map(|(_, b)| b).collect() } else { coq };
    let mut s = chosen.iter().map(|b| b.trim_end()).collect::<Vec<_>>().join("\n\n");
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn code_blocks_are_extracted() {
        assert_eq!(
            super::code("Here:\n```coq\nDefinition x := 1.\n```\nand\n```\nDefinition y := 2.\n```\n"),
            "Definition x := 1.\n\nDefinition y := 2.\n"
        );
        assert_eq!(super::code("Definition x := 1."), "Definition x := 1.\n");
        assert_eq!(super::code("```python\nprint(1)\n```"), "print(1)\n");
    }
}
