//! Datasets as the model sees them: token ids up to and including `<answer>`, the verdict as the
//! class (1 = valid), and the plan length and object count for the per-length and per-object
//! accuracy of `eval`. Batches group sequences of similar length (attention costs O(T^2), so a
//! batch padded to its longest member wastes little).

use rand::SeedableRng;
use rand::seq::SliceRandom;
use std::collections::HashMap;
use std::path::Path;
use verifylang::tokens::{ANSWER, VALID};

/// Token id 0 pads; the dataset's vocabulary follows from 1.
pub const PAD: &str = "<pad>";

#[derive(Clone, Debug)]
pub struct Example {
    pub ids: Vec<u32>,
    pub valid: bool,
    pub length: usize,
    pub objects: usize,
}

/// `<pad>` then the tokens of a dataset's `vocab.json`.
pub fn read_vocab(path: &Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", path.display()))?;
    let tokens = v["tokens"].as_array().ok_or_else(|| format!("{}: no `tokens` list", path.display()))?;
    let mut out = vec![PAD.to_string()];
    for t in tokens {
        out.push(t.as_str().ok_or_else(|| format!("{}: a token that is not a string", path.display()))?.to_string());
    }
    Ok(out)
}

/// Reads a JSONL dataset and maps its tokens to ids of `vocab`; a token outside it is an error
/// naming the line (the model has no embedding for it).
pub fn read(path: &Path, vocab: &[String]) -> Result<Vec<Example>, String> {
    let ids: HashMap<&str, u32> = vocab.iter().enumerate().map(|(i, t)| (t.as_str(), i as u32)).collect();
    let lines = verifylang::agreement::read(path)?;
    let mut out = Vec::with_capacity(lines.len());
    for (n, l) in lines.into_iter().enumerate() {
        let end = l
            .tokens
            .iter()
            .position(|t| t == ANSWER)
            .ok_or_else(|| format!("{}:{}: no `{ANSWER}` token", path.display(), n + 1))?;
        let seq = l.tokens[..=end]
            .iter()
            .map(|t| {
                ids.get(t.as_str()).copied().ok_or_else(|| {
                    format!("{}:{}: token `{t}` is not in the model's vocabulary", path.display(), n + 1)
                })
            })
            .collect::<Result<Vec<u32>, String>>()?;
        out.push(Example {
            ids: seq,
            valid: l.label == VALID,
            length: l.length.unwrap_or(0),
            objects: l.objects.unwrap_or(0),
        });
    }
    Ok(out)
}

/// Batches of example indices, each of at most `size` examples of similar sequence length, in a
/// random order (seeded); within a length bucket the examples are shuffled too.
pub fn batches(examples: &[Example], size: usize, seed: u64) -> Vec<Vec<usize>> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut order: Vec<usize> = (0..examples.len()).collect();
    order.shuffle(&mut rng);
    // Stable sort after the shuffle: equal lengths stay in random order.
    order.sort_by_key(|&i| examples[i].ids.len());
    let mut out: Vec<Vec<usize>> = order.chunks(size.max(1)).map(|c| c.to_vec()).collect();
    out.shuffle(&mut rng);
    out
}
