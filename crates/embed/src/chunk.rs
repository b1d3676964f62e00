//! Splitting long legal text into sentence-aligned chunks small enough to embed.
//!
//! ```
//! use proseva_embed::chunk::chunk_text;
//!
//! let text = "The court may order joint custody. It shall consider Va. Code § 20-124.3. \
//!             Each parent shall have access to records.";
//! let chunks = chunk_text(text, 80, 40);
//! assert_eq!(chunks.len(), 2);
//! assert_eq!(chunks[0].text, "The court may order joint custody. It shall consider Va. Code § 20-124.3.");
//! // The second chunk repeats the first one's last sentence, which fits the 40-char overlap.
//! assert_eq!(chunks[1].text, "It shall consider Va. Code § 20-124.3. Each parent shall have access to records.");
//! for c in &chunks {
//!     assert_eq!(&text[c.start..c.end], c.text);
//! }
//! ```
//!
//! Sentence detection is a few rules tuned for statutes and court papers
//! (citations, "Va. Code", "e.g.", "No. 5", decimals, blank-line paragraphs),
//! not a general-purpose segmenter; a missed boundary only makes a chunk end
//! a little earlier or later.

/// A piece of the original text. `text == original[start..end]` (byte offsets);
/// it never begins or ends with whitespace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    pub text: String,
    pub start: usize,
    pub end: usize,
}

/// Splits long text on sentence boundaries into chunks of at most `max_chars` (a single longer sentence is split
/// at whitespace), each chunk after the first starting with up to `overlap_chars` of the previous chunk's
/// trailing whole sentences. Short text -> one chunk. Handles "§ 20-124.3.", "Va. Code", "e.g.", "No. 5",
/// decimals, newlines/paragraphs; never splits inside a UTF-8 char; offsets satisfy text[start..end] == chunk.text.
///
/// Lengths are counted in chars. A single word longer than `max_chars` becomes
/// a chunk of its own, whole. Blank or whitespace-only text gives no chunks.
pub fn chunk_text(text: &str, max_chars: usize, overlap_chars: usize) -> Vec<Chunk> {
    let max_chars = max_chars.max(1);
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let units: Vec<Span> = sentences(&chars)
        .into_iter()
        .flat_map(|s| if s.len() <= max_chars { vec![s] } else { split_at_whitespace(&chars, s, max_chars) })
        .collect();
    if units.is_empty() {
        return Vec::new();
    }

    // Greedy packing over `units[first..=last]`; spans are measured from the
    // first unit's start to the last one's end, whitespace between included.
    let mut ranges = Vec::new();
    let mut first = 0;
    for next in 1..units.len() {
        if units[next].end - units[first].start <= max_chars {
            continue;
        }
        ranges.push((first, next - 1));
        // Reach back over the closed chunk's trailing whole sentences while they
        // fit the overlap budget and leave room for `next`. Since the closed chunk
        // plus `next` did not fit, this never takes all of it: chunks advance.
        let closed_end = units[next - 1].end;
        let mut start = next;
        while start > first {
            let candidate = &units[start - 1];
            if !candidate.whole_sentence || closed_end - candidate.start > overlap_chars || units[next].end - candidate.start > max_chars {
                break;
            }
            start -= 1;
        }
        first = start;
    }
    ranges.push((first, units.len() - 1));

    let byte = |char_index: usize| chars.get(char_index).map_or(text.len(), |&(b, _)| b);
    ranges
        .into_iter()
        .map(|(a, b)| {
            let (start, end) = (byte(units[a].start), byte(units[b].end));
            Chunk { text: text[start..end].to_string(), start, end }
        })
        .collect()
}

/// A run of text in char indices `[start, end)`, trimmed of whitespace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    start: usize,
    end: usize,
    /// False for the whitespace-split pieces of an over-long sentence.
    whole_sentence: bool,
}

impl Span {
    fn len(&self) -> usize {
        self.end - self.start
    }
}

/// Sentences in order; only whitespace lies between them.
fn sentences(chars: &[(usize, char)]) -> Vec<Span> {
    let mut out = Vec::new();
    let mut push = |start: usize, end: usize| out.push(Span { start, end, whole_sentence: true });
    let mut start: Option<usize> = None;
    let mut last_visible_end = 0;
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k].1;
        if c.is_whitespace() {
            // A blank line ends a paragraph, and so a sentence, with or without a full stop.
            if c == '\n'
                && blank_line_follows(chars, k)
                && let Some(s) = start.take()
            {
                push(s, last_visible_end);
            }
            k += 1;
            continue;
        }
        let sentence_start = *start.get_or_insert(k);
        last_visible_end = k + 1;
        if matches!(c, '.' | '!' | '?' | '…') {
            let mut after = k + 1;
            while after < chars.len() && is_closer(chars[after].1) {
                after += 1;
            }
            let ends = after == chars.len() || (chars[after].1.is_whitespace() && ends_sentence(chars, sentence_start, k, after));
            if ends {
                push(sentence_start, after);
                start = None;
                last_visible_end = after;
                k = after;
                continue;
            }
        }
        k += 1;
    }
    if let Some(s) = start {
        push(s, last_visible_end);
    }
    out
}

/// Whether the whitespace run starting at the newline `chars[k]` holds another newline.
fn blank_line_follows(chars: &[(usize, char)], k: usize) -> bool {
    chars[k + 1..].iter().map(|&(_, c)| c).take_while(|c| c.is_whitespace()).any(|c| c == '\n')
}

fn is_closer(c: char) -> bool {
    matches!(c, '"' | '\'' | '”' | '’' | ')' | ']' | '»')
}

/// Does the punctuation at `chars[punct]`, followed by whitespace at `chars[after]`, end a sentence?
fn ends_sentence(chars: &[(usize, char)], sentence_start: usize, punct: usize, after: usize) -> bool {
    let gap = chars[after..].iter().map(|&(_, c)| c).take_while(|c| c.is_whitespace());
    let line_break = gap.clone().any(|c| c == '\n');
    let next = chars[after..].iter().map(|&(_, c)| c).find(|c| !c.is_whitespace());
    // "e.g. the child", "at 2 p.m. on Friday": a new sentence does not start
    // in lower case; "No. 5": nor with a number on the same line (a number on
    // the next line is a numbered list item).
    if next.is_some_and(|n| n.is_lowercase() || (n.is_ascii_digit() && !line_break)) {
        return false;
    }
    if chars[punct].1 != '.' {
        return true;
    }
    let token_start = chars[..punct].iter().rposition(|&(_, c)| c.is_whitespace()).map_or(0, |p| p + 1).max(sentence_start);
    let token: String =
        chars[token_start..punct].iter().map(|&(_, c)| c).skip_while(|c| matches!(c, '(' | '[' | '"' | '\'' | '“' | '‘')).collect();
    !is_abbreviation(&token, token_start == sentence_start)
}

/// Words that end in a full stop without ending the sentence.
const ABBREVIATIONS: &[&str] = &[
    "va", "mr", "mrs", "ms", "dr", "prof", "hon", "st", "jr", "sr", "no", "nos", "art", "sec", "secs", "ch", "cl", "para", "pp", "p", "v",
    "vs", "cf", "al", "ann", "stat", "supp", "app", "ct", "cir", "co", "corp", "dept", "gov", "rev", "jan", "feb", "mar", "apr", "jun",
    "jul", "aug", "sep", "sept", "oct", "nov", "dec",
];

fn is_abbreviation(token: &str, starts_sentence: bool) -> bool {
    let mut letters = token.chars();
    // Initials ("J. Smith") and list markers ("A. The parties ...").
    if letters.next().is_some_and(char::is_alphabetic) && letters.next().is_none() {
        return true;
    }
    // Numbered list markers: "1. The parties ..." at the start of a sentence.
    if starts_sentence && !token.is_empty() && token.chars().all(|c| c.is_ascii_digit()) {
        return true;
    }
    let lower = token.to_lowercase();
    if ABBREVIATIONS.contains(&lower.as_str()) {
        return true;
    }
    // Dotted abbreviations: "U.S", "e.g", "i.e", "U.S.C".
    lower.contains('.') && lower.split('.').all(|part| !part.is_empty() && part.len() <= 2 && part.chars().all(char::is_alphabetic))
}

/// Cuts an over-long sentence at whitespace into pieces of at most `max_chars`;
/// a word longer than that is a piece by itself.
fn split_at_whitespace(chars: &[(usize, char)], sentence: Span, max_chars: usize) -> Vec<Span> {
    let mut pieces = Vec::new();
    let mut piece: Option<Span> = None;
    let mut k = sentence.start;
    while k < sentence.end {
        if chars[k].1.is_whitespace() {
            k += 1;
            continue;
        }
        let word_start = k;
        while k < sentence.end && !chars[k].1.is_whitespace() {
            k += 1;
        }
        piece = match piece {
            Some(p) if k - p.start <= max_chars => Some(Span { end: k, ..p }),
            other => {
                pieces.extend(other);
                Some(Span { start: word_start, end: k, whole_sentence: false })
            }
        };
    }
    pieces.extend(piece);
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sentence_texts(text: &str) -> Vec<String> {
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        sentences(&chars).iter().map(|s| chars[s.start..s.end].iter().map(|&(_, c)| c).collect()).collect()
    }

    #[test]
    fn sentence_boundaries_in_legal_text() {
        let cases: &[(&str, &[&str])] = &[
            (
                "The court considers Va. Code § 20-124.3. It also hears the child.",
                &["The court considers Va. Code § 20-124.3.", "It also hears the child."],
            ),
            (
                "Factors matter, e.g. the age of the child. Next sentence.",
                &["Factors matter, e.g. the age of the child.", "Next sentence."],
            ),
            ("See Case No. 5 of the docket. Then stop.", &["See Case No. 5 of the docket.", "Then stop."]),
            ("Case No. CL-2021-17 was filed. Then stop.", &["Case No. CL-2021-17 was filed.", "Then stop."]),
            (
                "Support rose by 2.5 percent. Arrears were $1,200.50. Paid.",
                &["Support rose by 2.5 percent.", "Arrears were $1,200.50.", "Paid."],
            ),
            (
                "Under 42 U.S.C. § 1983 he sued. Smith v. Jones, 12 Va. App. 34 (1991), controls.",
                &["Under 42 U.S.C. § 1983 he sued.", "Smith v. Jones, 12 Va. App. 34 (1991), controls."],
            ),
            ("He said \"stop.\" She left! Did she return? Yes.", &["He said \"stop.\"", "She left!", "Did she return?", "Yes."]),
            (
                "A heading without a stop\n\nThe first paragraph\nwraps over lines. Done.",
                &["A heading without a stop", "The first paragraph\nwraps over lines.", "Done."],
            ),
            (
                "1. The parties shall share custody.\n2. Each shall pay half.",
                &["1. The parties shall share custody.", "2. Each shall pay half."],
            ),
            ("  \n\n  ", &[]),
            ("no stop at the end  ", &["no stop at the end"]),
        ];
        for (text, expected) in cases {
            assert_eq!(&sentence_texts(text), expected, "text: {text:?}");
        }
    }

    #[test]
    fn short_text_is_one_trimmed_chunk() {
        let text = "  The parties shall exchange the child on Fridays. At six.\n";
        let chunks = chunk_text(text, 1000, 200);
        assert_eq!(chunks.len(), 1);
        assert_eq!(chunks[0].text, "The parties shall exchange the child on Fridays. At six.");
        assert_eq!(&text[chunks[0].start..chunks[0].end], chunks[0].text);
    }

    #[test]
    fn blank_text_has_no_chunks() {
        assert!(chunk_text("", 100, 10).is_empty());
        assert!(chunk_text(" \n\t ", 100, 10).is_empty());
    }

    #[test]
    fn sentences_are_packed_and_the_last_one_overlaps() {
        let text = "First rule here. Second rule here. Third rule here. Fourth rule here.";
        // 16 chars a sentence: two fit in 40, and one fits the 20-char overlap.
        let chunks = chunk_text(text, 40, 20);
        let texts: Vec<&str> = chunks.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            texts,
            ["First rule here. Second rule here.", "Second rule here. Third rule here.", "Third rule here. Fourth rule here.",]
        );
        let without = chunk_text(text, 40, 0);
        let texts: Vec<&str> = without.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["First rule here. Second rule here.", "Third rule here. Fourth rule here."]);
    }

    #[test]
    fn overlap_never_cuts_a_sentence() {
        let text = "A fairly long opening sentence. Short. Another sentence here.";
        for chunk in chunk_text(text, 40, 10) {
            assert!(chunk.text.ends_with('.') && chunk.text.starts_with(char::is_uppercase), "{chunk:?}");
        }
    }

    #[test]
    fn a_long_sentence_is_split_at_whitespace() {
        let text = "The court may order either parent to pay a sum for support of the child until the child reaches eighteen years.";
        let chunks = chunk_text(text, 30, 10);
        assert!(chunks.len() > 3);
        for c in &chunks {
            assert!(c.text.chars().count() <= 30, "{c:?}");
            assert!(!c.text.starts_with(' ') && !c.text.ends_with(' '));
        }
        let words: Vec<&str> = chunks.iter().flat_map(|c| c.text.split_whitespace()).collect();
        assert_eq!(words, text.split_whitespace().collect::<Vec<_>>(), "no word lost or repeated");
    }

    #[test]
    fn an_unsplittable_word_stays_whole() {
        let url = "https://law.lis.virginia.gov/vacode/title20/chapter6/section20-124.3/";
        let text = format!("See {url} for the text.");
        let chunks = chunk_text(&text, 20, 5);
        assert!(chunks.iter().any(|c| c.text == url), "{chunks:?}");
    }

    #[test]
    fn multibyte_text_is_cut_on_char_boundaries() {
        let text = "Ärger über § 20‑124.3 — “Kindeswohl.” Ölförderung… Straße gesperrt. 子供の親権について。終わり。";
        for max in 1..40 {
            for c in chunk_text(text, max, 7) {
                assert_eq!(&text[c.start..c.end], c.text, "max {max}");
                assert!(c.text.chars().count() <= max || !c.text.contains(char::is_whitespace));
            }
        }
    }
}
