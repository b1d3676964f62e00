//! Inline Markdown read into styled runs: `**bold**`, `*italic*`, `` `code` ``, links (their text
//! with the address after it in parentheses), backslash escapes and character references.

use crate::text::decode_entities;

/// A run of text in one style.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Span {
    pub text: String,
    pub bold: bool,
    pub italic: bool,
    pub code: bool,
}

/// How far to look for a closing backtick run, bracket or parenthesis: beyond this the opener is
/// taken as text, so no input makes the reading quadratic.
const REACH: usize = 4_000;
/// Links inside link text are read this deep.
const DEEPEST: usize = 4;

/// The runs of one paragraph (or heading, list item, table cell). Line breaks become spaces.
pub(crate) fn parse_inline(text: &str) -> Vec<Span> {
    let chars: Vec<char> = text.chars().collect();
    let mut reader = Reader::default();
    reader.read(&chars, 0);
    reader.spans
}

/// The text of runs without their styles.
pub(crate) fn plain_text(spans: &[Span]) -> String {
    spans.iter().map(|s| s.text.as_str()).collect()
}

#[derive(Default)]
struct Reader {
    spans: Vec<Span>,
    bold: bool,
    italic: bool,
}

impl Reader {
    fn push(&mut self, text: &str, code: bool) {
        let (bold, italic) = (self.bold, self.italic);
        match self.spans.last_mut() {
            Some(last) if last.bold == bold && last.italic == italic && last.code == code => last.text.push_str(text),
            _ => self.spans.push(Span { text: text.to_string(), bold, italic, code }),
        }
    }

    fn push_char(&mut self, c: char) {
        self.push(c.encode_utf8(&mut [0; 4]), false);
    }

    fn read(&mut self, chars: &[char], depth: usize) {
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let next = chars.get(i + 1).copied();
            match c {
                '\\' if next.is_some_and(|n| n.is_ascii_punctuation()) => {
                    self.push_char(chars[i + 1]);
                    i += 2;
                }
                '\n' | '\r' => {
                    self.push_char(' ');
                    i += 1;
                }
                '`' => i = self.code_span(chars, i),
                '*' | '_' => i = self.emphasis(chars, i),
                '~' if next == Some('~') && (find(chars, i + 2, &['~', '~']).is_some()) => i += 2,
                '[' => i = self.link(chars, i, false, depth),
                '!' if next == Some('[') => i = self.link(chars, i + 1, true, depth),
                '<' => i = self.autolink(chars, i),
                '&' => i = self.entity(chars, i),
                _ => {
                    self.push_char(c);
                    i += 1;
                }
            }
        }
    }

    fn code_span(&mut self, chars: &[char], i: usize) -> usize {
        let run = chars[i..].iter().take_while(|&&c| c == '`').count();
        let mut j = i + run;
        while j < chars.len().min(i + REACH) {
            if chars[j] == '`' {
                let n = chars[j..].iter().take_while(|&&c| c == '`').count();
                if n == run {
                    let inner: String = chars[i + run..j].iter().map(|&c| if c == '\n' { ' ' } else { c }).collect();
                    let trimmed = match inner.strip_prefix(' ').and_then(|s| s.strip_suffix(' ')) {
                        Some(t) if !t.trim().is_empty() => t.to_string(),
                        _ => inner,
                    };
                    self.push(&trimmed, true);
                    return j + n;
                }
                j += n;
            } else {
                j += 1;
            }
        }
        self.push(&"`".repeat(run), false);
        i + run
    }

    /// `*`/`_` (italic) and `**`/`__` (bold): opened when a closer follows, closed when open.
    /// An underscore inside a word (`snake_case`) is text.
    fn emphasis(&mut self, chars: &[char], i: usize) -> usize {
        let c = chars[i];
        let before = i.checked_sub(1).map(|b| chars[b]);
        let run = chars[i..].iter().take_while(|&&x| x == c).count();
        let after = chars.get(i + run).copied();
        if c == '_' && before.is_some_and(char::is_alphanumeric) && after.is_some_and(char::is_alphanumeric) {
            self.push(&"_".repeat(run), false);
            return i + run;
        }
        // Like CommonMark's flanking rule: `2 * 3` opens nothing, `a *` closes nothing.
        let can_open = after.is_some_and(|a| !a.is_whitespace());
        let can_close = before.is_some_and(|b| !b.is_whitespace());
        let mut j = i;
        let mut left = run;
        while left > 0 {
            let toggles = |open: bool, needle: &[char], from: usize| {
                if open { can_close } else { can_open && find(chars, from, needle).is_some() }
            };
            if left >= 2 && toggles(self.bold, &[c, c], j + 2) {
                self.bold = !self.bold;
                j += 2;
                left -= 2;
            } else if toggles(self.italic, &[c], j + 1) {
                self.italic = !self.italic;
                j += 1;
                left -= 1;
            } else {
                self.push(&c.to_string().repeat(left), false);
                j += left;
                left = 0;
            }
        }
        j
    }

    /// `[text](target)` or `![alt](target)` at `i` (the `[`): the text, then ` (target)`.
    fn link(&mut self, chars: &[char], i: usize, image: bool, depth: usize) -> usize {
        let literal = |reader: &mut Reader| {
            reader.push(if image { "![" } else { "[" }, false);
            i + 1
        };
        let Some(close) = matching(chars, i, '[', ']') else { return literal(self) };
        if chars.get(close + 1) != Some(&'(') || depth >= DEEPEST {
            return literal(self);
        }
        let Some(end) = matching(chars, close + 1, '(', ')') else { return literal(self) };
        let inside: String = chars[close + 2..end].iter().collect();
        let target = inside.split_whitespace().next().unwrap_or("").trim_start_matches('<').trim_end_matches('>').to_string();
        let label = &chars[i + 1..close];
        let start = self.spans.len();
        if image {
            self.push("Image: ", false);
        }
        self.read(label, depth + 1);
        let shown: String = self.spans[start..].iter().map(|s| s.text.as_str()).collect();
        if !target.is_empty() && !target.starts_with('#') && shown.trim() != target {
            self.push(&format!(" ({target})"), false);
        }
        end + 1
    }

    /// `<https://…>`: the address as text. Anything else starting with `<` is text.
    fn autolink(&mut self, chars: &[char], i: usize) -> usize {
        let end = chars[i + 1..].iter().take(REACH).position(|&c| c == '>' || c == '<' || c.is_whitespace());
        if let Some(end) = end.filter(|&e| chars[i + 1 + e] == '>') {
            let inner: String = chars[i + 1..i + 1 + end].iter().collect();
            if inner.contains(':') || inner.contains('@') {
                self.push(&inner, false);
                return i + end + 2;
            }
        }
        self.push_char('<');
        i + 1
    }

    /// `&lt;`, `&amp;`, `&#167;` … decoded; a lone `&` is text.
    fn entity(&mut self, chars: &[char], i: usize) -> usize {
        if let Some(semi) = chars[i..].iter().take(34).position(|&c| c == ';') {
            let candidate: String = chars[i..=i + semi].iter().collect();
            let decoded = decode_entities(&candidate);
            if decoded != candidate {
                self.push(&decoded, false);
                return i + semi + 1;
            }
        }
        self.push_char('&');
        i + 1
    }
}

/// Where `needle` next occurs at or after `from`, within reach.
fn find(chars: &[char], from: usize, needle: &[char]) -> Option<usize> {
    let end = chars.len().min(from.saturating_add(REACH));
    (from..end).find(|&j| chars[j..].starts_with(needle))
}

/// The index of the `close` that balances the `open` at `at` (backslash escapes skipped).
fn matching(chars: &[char], at: usize, open: char, close: char) -> Option<usize> {
    let mut depth = 0usize;
    let mut j = at;
    while j < chars.len().min(at + REACH) {
        match chars[j] {
            '\\' => j += 1,
            c if c == open => depth += 1,
            c if c == close => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(j);
                }
            }
            _ => {}
        }
        j += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn styled(text: &str) -> Vec<(String, bool, bool, bool)> {
        parse_inline(text).into_iter().map(|s| (s.text, s.bold, s.italic, s.code)).collect()
    }

    #[test]
    fn bold_italic_and_code_become_runs() {
        assert_eq!(
            styled("a **b** *c* `d*e`"),
            [
                ("a ".into(), false, false, false),
                ("b".into(), true, false, false),
                (" ".into(), false, false, false),
                ("c".into(), false, true, false),
                (" ".into(), false, false, false),
                ("d*e".into(), false, false, true),
            ]
        );
    }

    #[test]
    fn links_show_their_address_and_entities_are_decoded() {
        let text = plain_text(&parse_inline("See [§ 20-124.3](https://law.lis.virginia.gov/vacode/20-124.3/) &amp; 1 &lt; 2"));
        assert_eq!(text, "See § 20-124.3 (https://law.lis.virginia.gov/vacode/20-124.3/) & 1 < 2");
    }

    #[test]
    fn unmatched_markers_and_snake_case_stay_text() {
        assert_eq!(plain_text(&parse_inline("2 * 3 = 6, file_name_here, [not a link")), "2 * 3 = 6, file_name_here, [not a link");
        assert_eq!(plain_text(&parse_inline(r"\*not italic\* and \<b>")), "*not italic* and <b>");
    }
}
