//! Turning a service's text (highlight tags, entities, runs of whitespace) into a short plain snippet.

/// Snippets are cut to about this many characters.
pub(super) const SNIPPET_CHARS: usize = 300;

/// A plain snippet of at most [`SNIPPET_CHARS`] characters, or `None` when nothing is left.
pub(super) fn snippet(text: &str) -> Option<String> {
    let plain = plain(text);
    (!plain.is_empty()).then(|| cut(&plain, SNIPPET_CHARS))
}

/// Tags removed (`<mark>`, `<em>`, ...), common entities decoded, whitespace collapsed.
pub(super) fn plain(text: &str) -> String {
    let decoded = decode_entities(&strip_tags(text));
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At most `max` characters, ending at a word boundary when one is near, with `…` when cut.
pub(super) fn cut(text: &str, max: usize) -> String {
    let Some((end, _)) = text.char_indices().nth(max) else {
        return text.to_string();
    };
    let head = &text[..end];
    // Back off to the last space if it does not cost more than a sixth of the snippet.
    let head = match head.rfind(char::is_whitespace) {
        Some(space) if head[space..].chars().count() <= max / 6 => &head[..space],
        _ => head,
    };
    format!("{}…", head.trim_end())
}

/// Drops anything that looks like a tag: `<` followed by a letter, `/` or `!`, up to the next `>`.
/// Inline tags (`<mark>`, `<em>`, ...) vanish, since they can sit inside a word; others (`<p>`,
/// `<br>`) leave a space. A lone `<` (as in "a < b") is kept.
fn strip_tags(text: &str) -> String {
    const INLINE: [&str; 12] = ["mark", "em", "strong", "b", "i", "u", "span", "a", "sup", "sub", "small", "font"];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        let after = &rest[open + 1..];
        let is_tag = after.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '/' || c == '!');
        match after.find('>') {
            Some(close) if is_tag => {
                out.push_str(&rest[..open]);
                let name: String = after.trim_start_matches('/').chars().take_while(char::is_ascii_alphanumeric).collect();
                if !INLINE.contains(&name.to_ascii_lowercase().as_str()) {
                    out.push(' ');
                }
                rest = &after[close + 1..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let decoded = after.find(';').filter(|&end| end <= 8).and_then(|end| entity(&after[..end]).map(|c| (c, end)));
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &after[end + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        "nbsp" => Some(' '),
        "sect" => Some('§'),
        "mdash" => Some('—'),
        "ndash" => Some('–'),
        _ => {
            let number = name.strip_prefix('#')?;
            let code = match number.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => number.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highlight_tags_go_and_entities_are_decoded() {
        assert_eq!(
            plain("the <mark>landlord</mark> shall return&nbsp;the <em>deposit</em> &amp; interest"),
            "the landlord shall return the deposit & interest"
        );
        assert_eq!(plain("Tom &#39;Bud&#x27; Smith &sect; 55.1-1226"), "Tom 'Bud' Smith § 55.1-1226");
    }

    #[test]
    fn a_lone_less_than_sign_and_unknown_entities_are_kept() {
        assert_eq!(plain("if a < b and AT&T; then &bogus;"), "if a < b and AT&T; then &bogus;");
        assert_eq!(plain("x <3 y"), "x <3 y");
    }

    #[test]
    fn whitespace_is_collapsed_and_block_tags_separate_words() {
        assert_eq!(plain("\n  Affirmed in part,\n\treversed\n"), "Affirmed in part, reversed");
        assert_eq!(plain("<p>One.</p><p>Two <mark>land</mark>lords.</p><br/>Three"), "One. Two landlords. Three");
    }

    #[test]
    fn long_text_is_cut_at_a_word_with_an_ellipsis() {
        let long = "word ".repeat(100);
        let cut = cut(long.trim(), 300);
        assert!(cut.ends_with("word…"), "{cut}");
        assert!(cut.chars().count() <= 301);
        assert_eq!(super::cut("short", 300), "short");
        // No space near the end: cut mid-word rather than lose a sixth of the snippet.
        let unbroken = "x".repeat(400);
        assert_eq!(super::cut(&unbroken, 300).chars().count(), 301);
    }

    #[test]
    fn cutting_respects_multibyte_characters() {
        let text = "§".repeat(400);
        assert_eq!(cut(&text, 300).chars().count(), 301);
    }

    #[test]
    fn empty_text_has_no_snippet() {
        assert_eq!(snippet(" <p> </p> "), None);
    }
}
