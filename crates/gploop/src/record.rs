//! What one run of the loops did, as JSON (`certplan gp loop --record FILE`), and the summary
//! table over runs (`certplan gp table`), with paper 000's Table 1 columns: domain, generalized-plan
//! interactions, proof interactions (and mode), the most failures in a row of one declaration
//! (iterative mode), declarations of the proof, and time.

use crate::generate::GenResult;
use crate::prove::{Mode, ProofResult};
use serde::{Deserialize, Serialize};

/// One run, summarised.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub domain: String,
    pub model: String,
    /// Whether the calls were answered from a transcript.
    pub replayed: bool,
    /// Generalized-plan interactions; 0 when `solve` was given, not generated.
    pub gp_interactions: u32,
    /// Whether a `solve` solved every debugging task (or was given).
    pub gp_accepted: bool,
    pub gp_seconds: f64,
    /// `basic`, `iterative`, or absent when no proof was attempted.
    pub proof_mode: Option<String>,
    pub proof_interactions: u32,
    pub proof_accepted: bool,
    pub declarations: usize,
    pub max_declaration_failures: u32,
    pub proof_seconds: f64,
    /// Why the run did not end with an accepted proof.
    pub reason: Option<String>,
}

impl Record {
    pub fn new(domain: &str, model: &str, replayed: bool, gp: Option<&GenResult>, proofs: &[&ProofResult]) -> Record {
        let last = proofs.last();
        let accepted = proofs.iter().find(|p| p.proof.is_some());
        let shown = accepted.or(last);
        Record {
            domain: domain.to_string(),
            model: model.to_string(),
            replayed,
            gp_interactions: gp.map_or(0, |g| g.interactions),
            gp_accepted: gp.is_none_or(|g| g.solve.is_some()),
            gp_seconds: gp.map_or(0.0, |g| g.seconds),
            proof_mode: shown.map(|p| match p.mode {
                Mode::Basic => "basic".to_string(),
                Mode::Iterative => "iterative".to_string(),
            }),
            // Interactions of every proof loop run (basic, then iterative when basic failed).
            proof_interactions: proofs.iter().map(|p| p.interactions).sum(),
            proof_accepted: accepted.is_some(),
            declarations: shown.map_or(0, |p| p.declarations),
            max_declaration_failures: shown.map_or(0, |p| p.max_declaration_failures),
            proof_seconds: proofs.iter().map(|p| p.seconds).sum(),
            reason: match (gp, shown) {
                (Some(g), _) if g.solve.is_none() => {
                    Some(format!("no solve solved every debugging task after {} interactions", g.interactions))
                }
                (_, Some(p)) => p.reason.clone(),
                _ => None,
            },
        }
    }
}

/// Reads records from JSON files (one record, or an array of them).
pub fn read(path: &std::path::Path) -> Result<Vec<Record>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    // `certplan gp loop --json` output: the record is under `record`.
    let v = v.get("record").cloned().unwrap_or(v);
    let result = if v.is_array() { serde_json::from_value(v) } else { serde_json::from_value(v).map(|r| vec![r]) };
    result.map_err(|e| format!("{}: not a gp loop record: {e}", path.display()))
}

/// The table as text.
pub fn table(records: &[Record]) -> String {
    let mut rows = vec![[
        "domain".to_string(),
        "GP".into(),
        "GP ok".into(),
        "mode".into(),
        "Prf.".into(),
        "proved".into(),
        "Decl.".into(),
        "decls".into(),
        "time (s)".into(),
    ]];
    for r in records {
        rows.push([
            r.domain.clone(),
            r.gp_interactions.to_string(),
            yes(r.gp_accepted).into(),
            r.proof_mode.clone().unwrap_or_else(|| "-".into()),
            r.proof_interactions.to_string(),
            yes(r.proof_accepted).into(),
            if r.proof_mode.as_deref() == Some("iterative") {
                r.max_declaration_failures.to_string()
            } else {
                "-".into()
            },
            r.declarations.to_string(),
            format!("{:.1}", r.gp_seconds + r.proof_seconds),
        ]);
    }
    let widths: Vec<usize> = (0..9).map(|c| rows.iter().map(|r| r[c].len()).max().unwrap_or(0)).collect();
    let mut s = String::new();
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, x)| if c == 0 { format!("{x:<w$}", w = widths[c]) } else { format!("{x:>w$}", w = widths[c]) })
            .collect();
        s.push_str(cells.join("  ").trim_end());
        s.push('\n');
    }
    let proved = records.iter().filter(|r| r.proof_accepted).count();
    s.push_str(&format!("{proved} of {} runs end with an accepted completeness proof\n", records.len()));
    s
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(domain: &str, mode: Option<&str>, accepted: bool) -> Record {
        Record {
            domain: domain.into(),
            model: "m".into(),
            replayed: false,
            gp_interactions: 2,
            gp_accepted: true,
            gp_seconds: 1.5,
            proof_mode: mode.map(str::to_string),
            proof_interactions: 7,
            proof_accepted: accepted,
            declarations: 12,
            max_declaration_failures: 3,
            proof_seconds: 10.0,
            reason: None,
        }
    }

    #[test]
    fn table_has_paper_columns_and_a_tally() {
        let t = table(&[rec("heavy", Some("basic"), true), rec("transport", Some("iterative"), false)]);
        let lines: Vec<&str> = t.lines().collect();
        assert!(lines[0].starts_with("domain") && lines[0].contains("Prf.") && lines[0].contains("Decl."));
        assert!(lines[1].starts_with("heavy") && lines[1].contains("basic") && lines[1].contains("11.5"));
        // "Decl." is only meaningful for the iterative mode.
        let cells: Vec<&str> = lines[2].split_whitespace().collect();
        assert_eq!(cells, ["transport", "2", "yes", "iterative", "7", "no", "3", "12", "11.5"]);
        assert!(t.ends_with("1 of 2 runs end with an accepted completeness proof\n"));
    }

    #[test]
    fn records_round_trip_through_files() {
        let dir = std::env::temp_dir().join(format!("gploop-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("r.json");
        std::fs::write(&p, serde_json::json!({"record": rec("heavy", None, false)}).to_string()).unwrap();
        assert_eq!(read(&p).unwrap(), vec![rec("heavy", None, false)]);
        std::fs::write(&p, "{\"domain\": 3}").unwrap();
        assert!(read(&p).unwrap_err().contains("not a gp loop record"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
