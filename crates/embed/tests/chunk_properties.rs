//! Properties of `chunk_text` that hold for any input.

use proptest::prelude::*;
use proseva_embed::chunk::{Chunk, chunk_text};

/// Offsets are valid, chunks are trimmed and in order, only whitespace is
/// left out between them, and none is longer than `max_chars` unless it is
/// one word that cannot be split.
fn assert_chunks_tile(text: &str, chunks: &[Chunk], max_chars: usize) {
    if text.trim().is_empty() {
        assert!(chunks.is_empty());
        return;
    }
    assert!(!chunks.is_empty());
    let mut covered_to = 0;
    let mut previous: Option<&Chunk> = None;
    for c in chunks {
        assert!(text.is_char_boundary(c.start) && text.is_char_boundary(c.end), "{c:?}");
        assert_eq!(&text[c.start..c.end], c.text);
        assert!(!c.text.is_empty() && c.text.trim() == c.text, "untrimmed {c:?}");
        let len = c.text.chars().count();
        assert!(len <= max_chars || !c.text.contains(char::is_whitespace), "{len} chars > {max_chars}: {c:?}");
        if let Some(p) = previous {
            assert!(c.start > p.start && c.end > p.end, "out of order: {p:?} then {c:?}");
        }
        if c.start > covered_to {
            let gap = &text[covered_to..c.start];
            assert!(gap.trim().is_empty(), "text skipped: {gap:?}");
        }
        covered_to = covered_to.max(c.end);
        previous = Some(c);
    }
    assert!(text[covered_to..].trim().is_empty(), "tail skipped");
}

/// Legal-ish prose: words, abbreviations, citations, decimals, odd spacing and non-ASCII.
fn prose() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("court".to_string()),
        Just("The".to_string()),
        Just("child.".to_string()),
        Just("Va. Code".to_string()),
        Just("§ 20-124.3.".to_string()),
        Just("e.g.".to_string()),
        Just("No. 5".to_string()),
        Just("2.5".to_string()),
        Just("“Kindeswohl.”".to_string()),
        Just("Straße".to_string()),
        Just("親権。".to_string()),
        Just("Why?".to_string()),
        Just("\n".to_string()),
        Just("\n\n".to_string()),
        Just("supercalifragilisticexpialidocious".to_string()),
        "[a-zA-Z]{1,12}",
    ];
    let gap = prop_oneof![Just(" "), Just("  "), Just("\t"), Just(" \u{a0}"), Just("")];
    prop::collection::vec((token, gap), 0..80).prop_map(|parts| parts.into_iter().map(|(t, g)| format!("{t}{g}")).collect::<String>())
}

/// Plain sentences of a known shape (3–6 words of 3+ letters, one full stop).
fn sentences() -> impl Strategy<Value = Vec<String>> {
    let word = prop::sample::select(vec![
        "court", "parties", "child", "shall", "custody", "order", "support", "motion", "hearing", "judge", "father", "mother",
    ]);
    let sentence = prop::collection::vec(word, 3..7).prop_map(|words| {
        let mut s = words.join(" ");
        s[..1].make_ascii_uppercase();
        s.push('.');
        s
    });
    prop::collection::vec(sentence, 1..30)
}

proptest! {
    #[test]
    fn any_text_is_tiled_by_valid_chunks(text in any::<String>(), max in 1usize..120, overlap in 0usize..80) {
        assert_chunks_tile(&text, &chunk_text(&text, max, overlap), max);
    }

    #[test]
    fn prose_is_tiled_by_valid_chunks(text in prose(), max in 1usize..300, overlap in 0usize..150) {
        assert_chunks_tile(&text, &chunk_text(&text, max, overlap), max);
    }

    #[test]
    fn chunks_end_on_sentences_and_repeat_the_last_one(
        sentences in sentences(),
        paragraph_breaks in any::<bool>(),
    ) {
        let gap = if paragraph_breaks { "\n\n" } else { " " };
        let text = sentences.join(gap);
        let longest = sentences.iter().map(|s| s.len()).max().unwrap();
        // Room for two sentences and the gap between them; every sentence fits the overlap.
        let (max, overlap) = (2 * longest + gap.len() + 1, longest);
        let chunks = chunk_text(&text, max, overlap);
        assert_chunks_tile(&text, &chunks, max);
        for c in &chunks {
            prop_assert!(c.text.ends_with('.'), "chunk ends mid-sentence: {:?}", c.text);
            prop_assert!(sentences.iter().any(|s| c.text.starts_with(s.as_str())), "chunk starts mid-sentence: {:?}", c.text);
        }
        for pair in chunks.windows(2) {
            let (previous, next) = (&pair[0], &pair[1]);
            prop_assert!(next.start < previous.end, "no overlap between {:?} and {:?}", previous.text, next.text);
            let shared = &text[next.start..previous.end];
            let last_sentence = sentences.iter().find(|s| previous.text.ends_with(s.as_str())).unwrap();
            prop_assert!(shared.ends_with(last_sentence.as_str()), "overlap {shared:?} lacks the last sentence");
        }
    }
}

#[test]
fn short_text_is_one_chunk() {
    let text = "Either party may petition the court to modify custody.";
    assert_eq!(chunk_text(text, 500, 100), [Chunk { text: text.to_string(), start: 0, end: text.len() }]);
}
