//! Splitting Coq text into declarations, for the iterative proof loop (paper 000: "we split [the
//! sketch] into its individual declarations, i.e. definitions, lemmas and theorems").
//!
//! A sentence ends at a `.` followed by white space or the end, outside comments (nested) and
//! string literals; `Nat.eqb` and `..` do not end one. A declaration starts at a sentence whose
//! first word is a vernacular command (`Lemma`, `Definition`, `Require`, ...), with its leading
//! comments, and takes every following sentence that does not start one (`Proof.`, tactics,
//! bullets, `Qed.`): tactics never begin with a command keyword, so no proof is cut in two.

use proof::Backend;

/// One declaration: its text (leading comments and a final newline included) and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decl {
    /// The declared name (`isMax_spec`), or for a command without one (`Require Import ...`) the
    /// command's first sentence.
    pub name: String,
    pub text: String,
}

impl Decl {
    /// Whether its proof is unfinished: it uses `Admitted`, `admit` or `give_up` outside comments.
    pub fn unproven(&self) -> bool {
        let code = proof::audit::strip_comments(Backend::Coq, &self.text);
        words(&code).any(|w| matches!(w, "Admitted" | "admit" | "give_up" | "Admit"))
    }

    /// The declaring sentence (for a lemma, its statement: `Lemma name binders : type.`),
    /// comments dropped and whitespace normalised: what a proof of an unproven lemma must keep,
    /// with or without a `Proof.` line.
    pub fn statement(&self) -> String {
        let code = proof::audit::strip_comments(Backend::Coq, &self.text);
        let first = sentences(&code).into_iter().next().map_or("", |(_, s)| s);
        proof::audit::normalize(first.trim())
    }
}

fn words(code: &str) -> impl Iterator<Item = &str> {
    code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '\'')).filter(|w| !w.is_empty())
}

fn first_word(sentence: &str) -> Option<&str> {
    let t = sentence.trim_start();
    let t = t.strip_prefix("#[").map_or(t, |r| r.split_once(']').map_or("", |(_, rest)| rest).trim_start());
    words(t).next()
}

/// Commands that start a declaration. Modifiers (`Local`, `Program`, `#[...]`) are skipped first.
const COMMANDS: &[&str] = &[
    "Definition",
    "Fixpoint",
    "CoFixpoint",
    "Lemma",
    "Theorem",
    "Corollary",
    "Fact",
    "Remark",
    "Proposition",
    "Example",
    "Inductive",
    "CoInductive",
    "Record",
    "Structure",
    "Class",
    "Instance",
    "Existing",
    "Let",
    "Function",
    "Require",
    "From",
    "Import",
    "Export",
    "Open",
    "Close",
    "Hint",
    "Create",
    "Ltac",
    "Section",
    "End",
    "Module",
    "Axiom",
    "Axioms",
    "Parameter",
    "Parameters",
    "Variable",
    "Variables",
    "Hypothesis",
    "Hypotheses",
    "Conjecture",
    "Context",
    "Notation",
    "Infix",
    "Tactic",
    "Declare",
    "Set",
    "Unset",
    "Arguments",
    "Implicit",
    "Scheme",
    "Derive",
    "Check",
    "Compute",
    "Eval",
    "Print",
    "Search",
    "About",
    "Locate",
    "Opaque",
    "Transparent",
    "Global",
    "Local",
    "Program",
    "Equations",
    "Add",
    "Coercion",
    "Canonical",
    "Primitive",
    "Register",
    "Goal",
];
const MODIFIERS: &[&str] = &["Local", "Global", "Program", "Polymorphic", "Monomorphic", "Private", "Export"];

fn starts_declaration(sentence: &str) -> bool {
    first_word(sentence).is_some_and(|w| COMMANDS.contains(&w))
}

/// The name a declaration sentence declares.
fn declared_name(sentence: &str) -> String {
    let code = proof::audit::normalize(sentence.trim());
    let t = code.strip_prefix("#[").map_or(code.as_str(), |r| r.split_once(']').map_or("", |(_, rest)| rest)).trim();
    let mut ws = t.split_whitespace().map(|w| w.trim_end_matches('.'));
    let mut kw = ws.next().unwrap_or("");
    while MODIFIERS.contains(&kw) {
        match ws.next() {
            Some(next) if COMMANDS.contains(&next) || MODIFIERS.contains(&next) => kw = next,
            // `Export Foo.` is the command itself.
            _ => return t.to_string(),
        }
    }
    match kw {
        "Require" | "From" | "Import" | "Export" | "Open" | "Close" | "Hint" | "Set" | "Unset" | "Arguments" => {
            t.to_string()
        }
        _ => ws
            .next()
            .map(|n| n.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '\'')).next().unwrap_or(n))
            .filter(|n| !n.is_empty())
            .map_or_else(|| t.to_string(), str::to_string),
    }
}

/// The sentences of `code` (comments already blanked or not): (byte offset of the start, text up
/// to and including its final `.`). White space and comments between sentences start the next.
fn sentences(code: &str) -> Vec<(usize, &str)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i, mut depth, mut in_string) = (0, 0, 0usize, false);
    while i < b.len() {
        if in_string {
            if b[i] == b'"' {
                // `""` inside a string is an escaped quote.
                if b.get(i + 1) == Some(&b'"') {
                    i += 2;
                    continue;
                }
                in_string = false;
            }
            i += 1;
            continue;
        }
        if b[i] == b'(' && b.get(i + 1) == Some(&b'*') {
            depth += 1;
            i += 2;
            continue;
        }
        if depth > 0 {
            if b[i] == b'*' && b.get(i + 1) == Some(&b')') {
                depth -= 1;
                i += 2;
            } else {
                i += 1;
            }
            continue;
        }
        match b[i] {
            b'"' => in_string = true,
            b'.' => {
                let next_ws = b.get(i + 1).is_none_or(|c| c.is_ascii_whitespace());
                let prev_dot = i > 0 && b[i - 1] == b'.';
                if next_ws && !prev_dot {
                    out.push((start, &code[start..=i]));
                    start = i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    if !code[start..].trim().is_empty() {
        out.push((start, &code[start..]));
    }
    out
}

/// Splits Coq text into declarations; text after the last sentence (comments, white space) goes
/// with the last declaration.
pub fn split(text: &str) -> Vec<Decl> {
    // Find sentence boundaries on the comment-free text (same byte offsets), cut the original.
    let code = proof::audit::strip_comments(Backend::Coq, text);
    let mut starts: Vec<(usize, String)> = Vec::new();
    for (at, s) in sentences(&code) {
        if starts_declaration(s) || starts.is_empty() {
            // Leading white space and comments belong to the declaration that follows them:
            // cut at the end of the previous sentence.
            starts.push((at, declared_name(s)));
        }
    }
    let mut out = Vec::new();
    for (k, (at, name)) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(text.len(), |(n, _)| *n);
        let at = if k == 0 { 0 } else { *at };
        let mut t = text[at..end].trim_start_matches(['\n', '\r']).to_string();
        if !t.ends_with('\n') {
            t.push('\n');
        }
        if t.trim().is_empty() {
            continue;
        }
        out.push(Decl { name: name.clone(), text: t });
    }
    out
}

/// The declarations back as one text.
pub fn join(decls: &[Decl]) -> String {
    decls.iter().map(|d| d.text.as_str()).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_lemmas_with_proofs_and_comments() {
        let text = "From Coq Require Import Lia.\n(* helper *)\nLemma a : forall n, n + 0 = n.\nProof.\n  intros n. - lia.\nQed.\n\nDefinition f (x : nat) := Nat.add x 1.\nTheorem t : f 0 = 1.\nProof. reflexivity. Admitted.\n";
        let d = split(text);
        let names: Vec<&str> = d.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(names, ["From Coq Require Import Lia.", "a", "f", "t"]);
        assert!(d[1].text.starts_with("(* helper *)\nLemma a"), "{:?}", d[1].text);
        assert!(d[1].text.contains("Qed."));
        assert!(!d[1].unproven() && d[3].unproven());
        assert_eq!(d[3].statement(), "Theorem t : f 0 = 1.");
        assert_eq!(d[1].statement(), "Lemma a : forall n, n + 0 = n.");
        let no_proof_line = split("Lemma u : True. exact I. Qed.");
        assert_eq!(no_proof_line[0].statement(), "Lemma u : True.");
        assert_eq!(split(&join(&d)).len(), 4);
    }

    #[test]
    fn dots_in_names_comments_and_strings_do_not_end_sentences() {
        let text = "Lemma b : Nat.eqb 1 1 = true. (* Lemma c. *)\nProof. exact eq_refl. Qed.\nDefinition s := \"x. Lemma d.\".\n";
        let d = split(text);
        assert_eq!(d.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(), ["b", "s"]);
    }

    #[test]
    fn modifiers_are_skipped() {
        let d =
            split("Local Definition x := 1.\n#[local] Hint Resolve foo : core.\nProgram Fixpoint y (n : nat) := n.\n");
        assert_eq!(d[0].name, "x");
        assert_eq!(d[2].name, "y");
        assert_eq!(d.len(), 3);
    }
}
