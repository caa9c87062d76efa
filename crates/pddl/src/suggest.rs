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
pub fn did_you_mean<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let limit = (word.len() / 3).clamp(1, 3);
    candidates
        .into_iter()
        .map(|c| (edit_distance(word, c), c))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
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
    }
}
