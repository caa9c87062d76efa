//! "Did you mean ...?" for misspelled keywords and names.

/// Levenshtein distance over ASCII-lowercased bytes.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a = a.as_bytes();
    let b = b.as_bytes();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let same = a[i - 1].eq_ignore_ascii_case(&b[j - 1]);
            cur[j] = (prev[j - 1] + usize::from(!same)).min(prev[j] + 1).min(cur[j - 1] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The closest candidate within a distance of a third of the word's length (at least 1, at most 3).
/// A word that is a prefix of exactly one candidate (`:numeric` for `:numeric-fluents`) also gets
/// that candidate. Words of one or two characters get nothing: every short name is close to them.
pub fn did_you_mean<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    if word.len() <= 2 {
        return None;
    }
    let limit = (word.len() / 3).clamp(1, 3);
    let candidates: Vec<&str> = candidates.into_iter().collect();
    let close = candidates
        .iter()
        .map(|&c| (edit_distance(word, c), c))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c);
    close.or_else(|| {
        let lower = word.to_ascii_lowercase();
        let mut prefixed = candidates.iter().filter(|c| c.to_ascii_lowercase().starts_with(&lower));
        match (prefixed.next(), prefixed.next()) {
            (Some(&only), None) => Some(only),
            _ => None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_words_only() {
        let keys = [":precondition", ":parameters", ":effect"];
        assert_eq!(did_you_mean(":precondtion", keys), Some(":precondition"));
        assert_eq!(did_you_mean(":EFECT", keys), Some(":effect"));
        assert_eq!(did_you_mean(":duration", keys), None);
        assert_eq!(did_you_mean(":param", keys), Some(":parameters"));
        assert_eq!(did_you_mean("f", ["g"]), None);
    }
}
