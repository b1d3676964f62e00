//! Misspelled words in a question, put right from the words the law graph itself uses.
//!
//! People type "cusotdy", "evicition", "recipt", "judgmint". Such a word matches nothing by words,
//! and the embedding model splits it into pieces that mean little. A word of the question that the
//! graph never uses, and that is one edit (two for a long word) from a word it does use, is read as
//! that word: the one the fewest edits away, and of those the one the most nodes use. An edit is a
//! letter added, dropped or changed, or two neighbouring letters swapped (optimal string alignment
//! distance). Words the graph uses are never changed, nor short ones, nor numbers.

use std::collections::HashMap;

/// Words shorter than this are left as they are (too many words are one edit from a short one).
const MIN_LEN: usize = 5;
/// From this length on, a word may be two edits from the word meant.
const TWO_EDITS_FROM: usize = 8;
/// A correction must be a word at least this many nodes use.
const MIN_NODES: u32 = 2;

/// The words a graph uses, each with how many nodes use it.
#[derive(Debug, Default, Clone)]
pub struct Vocabulary {
    nodes_using: HashMap<String, u32>,
    /// The words by their length in characters, for the search of near ones.
    by_length: HashMap<usize, Vec<String>>,
}

/// The lower-case words of `text` (letters only; a word with a digit is not a word to correct).
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'').filter(|w| !w.is_empty()).map(str::to_lowercase)
}

impl Vocabulary {
    /// The vocabulary of `texts`, one text per node (heading, text and summary together).
    pub fn from_texts<'a>(texts: impl IntoIterator<Item = &'a str>) -> Self {
        let mut nodes_using: HashMap<String, u32> = HashMap::new();
        let mut seen: Vec<String> = Vec::new();
        for text in texts {
            seen.clear();
            for word in words(text).filter(|w| w.chars().all(char::is_alphabetic)) {
                if !seen.contains(&word) {
                    seen.push(word);
                }
            }
            for word in seen.drain(..) {
                *nodes_using.entry(word).or_default() += 1;
            }
        }
        let mut by_length: HashMap<usize, Vec<String>> = HashMap::new();
        for word in nodes_using.keys() {
            by_length.entry(word.chars().count()).or_default().push(word.clone());
        }
        for list in by_length.values_mut() {
            list.sort();
        }
        Self { nodes_using, by_length }
    }

    pub fn len(&self) -> usize {
        self.nodes_using.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes_using.is_empty()
    }

    /// Whether the graph uses `word` (lower case).
    pub fn knows(&self, word: &str) -> bool {
        self.nodes_using.contains_key(word)
    }

    /// The word the graph uses that `word` (lower case) is a misspelling of, if it is one.
    pub fn correct(&self, word: &str) -> Option<&str> {
        let len = word.chars().count();
        if len < MIN_LEN || self.knows(word) || !word.chars().all(char::is_alphabetic) {
            return None;
        }
        let max = if len >= TWO_EDITS_FROM { 2 } else { 1 };
        let target: Vec<char> = word.chars().collect();
        let mut best: Option<(usize, u32, &str)> = None;
        for other_len in len.saturating_sub(max)..=len + max {
            for candidate in self.by_length.get(&other_len).into_iter().flatten() {
                let nodes = self.nodes_using[candidate];
                if nodes < MIN_NODES {
                    continue;
                }
                let Some(distance) = edits_within(&target, candidate, max) else { continue };
                let better = match best {
                    None => true,
                    Some((d, n, w)) => distance < d || (distance == d && (nodes > n || (nodes == n && candidate.as_str() < w))),
                };
                if better {
                    best = Some((distance, nodes, candidate));
                }
            }
        }
        best.map(|(_, _, w)| w)
    }

    /// `question` with each misspelled word replaced by the word meant, and the replacements made.
    pub fn correct_text(&self, question: &str) -> (String, Vec<(String, String)>) {
        let mut out = String::with_capacity(question.len());
        let mut fixes = Vec::new();
        let mut word = String::new();
        let mut flush = |word: &mut String, out: &mut String| {
            if word.is_empty() {
                return;
            }
            match self.correct(&word.to_lowercase()) {
                Some(right) => {
                    fixes.push((word.clone(), right.to_string()));
                    out.push_str(right);
                }
                None => out.push_str(word),
            }
            word.clear();
        };
        for c in question.chars() {
            if c.is_alphanumeric() {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        (out, fixes)
    }
}

/// The optimal string alignment distance between `a` and `b` if it is at most `max`.
fn edits_within(a: &[char], b: &str, max: usize) -> Option<usize> {
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let width = b.len() + 1;
    // Three rows: the one before last (for swaps), the last, and this one.
    let mut before: Vec<usize> = vec![0; width];
    let mut last: Vec<usize> = (0..width).collect();
    let mut row: Vec<usize> = vec![0; width];
    for i in 1..=a.len() {
        row[0] = i;
        let mut row_min = row[0];
        for j in 1..width {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(before[j - 2] + 1);
            }
            row[j] = d;
            row_min = row_min.min(d);
        }
        if row_min > max {
            return None;
        }
        std::mem::swap(&mut before, &mut last);
        std::mem::swap(&mut last, &mut row);
    }
    Some(last[b.len()]).filter(|d| *d <= max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocabulary() -> Vocabulary {
        Vocabulary::from_texts([
            "Custody and visitation of a child; the best interests of the child.",
            "Custody of a child after divorce; a receipt for support paid.",
            "Eviction: the landlord's action for possession; a receipt for rent.",
            "Eviction after a judgment for possession; an appeal of the judgment.",
            "A judgment by default.",
            "A security deposit and its return; the deposit's interest.",
            "Deposit accounts of a tenant.",
        ])
    }

    #[test]
    fn misspellings_are_read_as_the_words_meant() {
        let v = vocabulary();
        // The corrector's own examples, none of them taken from an evaluation set.
        assert_eq!(v.correct("cusotdy"), Some("custody"), "two letters swapped are one edit");
        assert_eq!(v.correct("evicition"), Some("eviction"), "a letter added");
        assert_eq!(v.correct("recipt"), Some("receipt"), "a letter dropped");
        assert_eq!(v.correct("judgmint"), Some("judgment"), "a letter changed");
        assert_eq!(v.correct("depposit"), Some("deposit"));
    }

    #[test]
    fn known_short_and_far_words_are_left_alone() {
        let v = vocabulary();
        assert_eq!(v.correct("custody"), None, "a word the graph uses");
        assert_eq!(v.correct("kidz"), None, "too short to guess");
        assert_eq!(v.correct("boyfriend"), None, "no word near it");
        assert_eq!(v.correct("c4stody"), None, "not a word");
        assert_eq!(v.correct(""), None);
    }

    #[test]
    fn a_question_is_put_right_word_by_word() {
        let v = vocabulary();
        let (text, fixes) = v.correct_text("Cusotdy of my kid after the evicition?");
        assert_eq!(text, "custody of my kid after the eviction?");
        assert_eq!(fixes, [("Cusotdy".to_string(), "custody".to_string()), ("evicition".to_string(), "eviction".to_string())]);
        assert_eq!(v.correct_text("").0, "");
    }

    #[test]
    fn edit_distance_is_bounded() {
        let chars = |s: &str| s.chars().collect::<Vec<_>>();
        assert_eq!(edits_within(&chars("kitten"), "sitting", 3), Some(3));
        assert_eq!(edits_within(&chars("kitten"), "sitting", 2), None);
        assert_eq!(edits_within(&chars("ab"), "ba", 1), Some(1));
        assert_eq!(edits_within(&chars(""), "ab", 2), Some(2));
    }
}
