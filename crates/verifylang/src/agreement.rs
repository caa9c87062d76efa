//! Runs a verifier over a dataset file (`train.jsonl` / `test.jsonl` as `certplan dataset` writes
//! them) and compares its verdicts with the labels: how often they agree, per label, and the first
//! line where they do not. The counting verifier agrees everywhere on delete-free and well-formed
//! domains and not in general elsewhere (paper 002), which this makes visible on real data.

use serde::{Deserialize, Serialize};
use std::io::BufRead;

/// What a dataset line must hold for verification; other fields are ignored.
#[derive(Deserialize)]
pub struct Line {
    pub tokens: Vec<String>,
    pub label: String,
    #[serde(default)]
    pub length: Option<usize>,
    #[serde(default)]
    pub objects: Option<usize>,
}

/// Reads a JSONL dataset; an error names the file and line.
pub fn read(path: &std::path::Path) -> Result<Vec<Line>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
    let mut out = Vec::new();
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let l: Line = serde_json::from_str(&line)
            .map_err(|e| format!("{}:{}: not a dataset line: {e}", path.display(), i + 1))?;
        if l.label != crate::tokens::VALID && l.label != crate::tokens::INVALID {
            return Err(format!("{}:{}: label `{}` is neither valid nor invalid", path.display(), i + 1, l.label));
        }
        out.push(l);
    }
    Ok(out)
}

/// The first line whose verdict differs from its label.
#[derive(Clone, Debug, Serialize)]
pub struct Disagreement {
    /// 1-based line of the file.
    pub line: usize,
    pub label: String,
    pub verdict: String,
    pub length: Option<usize>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Agreement {
    pub examples: usize,
    pub agree: usize,
    /// Lines labelled valid that the verifier calls invalid, and the reverse.
    pub valid_called_invalid: usize,
    pub invalid_called_valid: usize,
    pub first_disagreement: Option<Disagreement>,
}

impl Agreement {
    pub fn rate(&self) -> f64 {
        if self.examples == 0 { 1.0 } else { self.agree as f64 / self.examples as f64 }
    }
}

/// Compares `verdict(tokens)` (true = valid) with each line's label. The answer section is cut off
/// before the verifier sees the tokens.
pub fn compare(
    lines: &[Line],
    mut verdict: impl FnMut(&[String]) -> Result<bool, String>,
) -> Result<Agreement, String> {
    let mut a = Agreement::default();
    for (i, l) in lines.iter().enumerate() {
        let end = l.tokens.iter().position(|t| t == crate::tokens::ANSWER).unwrap_or(l.tokens.len());
        let v = verdict(&l.tokens[..end]).map_err(|e| format!("line {}: {e}", i + 1))?;
        let said = if v { crate::tokens::VALID } else { crate::tokens::INVALID };
        a.examples += 1;
        if said == l.label {
            a.agree += 1;
        } else {
            if v {
                a.invalid_called_valid += 1;
            } else {
                a.valid_called_invalid += 1;
            }
            if a.first_disagreement.is_none() {
                a.first_disagreement =
                    Some(Disagreement { line: i + 1, label: l.label.clone(), verdict: said.into(), length: l.length });
            }
        }
    }
    Ok(a)
}
