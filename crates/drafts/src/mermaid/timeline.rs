//! `timeline`: `title …`, `section …`, `period : event : event`, and `: event` lines that add
//! events to the period above. As in Mermaid, an event starts at a `:` followed by a space (a
//! colon inside a word, as in `10:30`, is part of the event), and `#` in a period starts a comment.

use super::source::{Line, check_text, excerpt, keyword};
use crate::error::DraftError;

pub(crate) fn check(lines: &[Line]) -> Result<(), DraftError> {
    let mut has_period = false;
    for line in lines {
        let (n, text) = (line.number, line.text.as_str());
        if text.starts_with('#') {
            continue;
        }
        if let Some(title) = keyword(text, "title") {
            check_text(n, title, "the title")?;
            continue;
        }
        if let Some(value) = ["accTitle", "accDescr"].iter().find_map(|k| keyword(text, k).or_else(|| text.strip_prefix(k))) {
            let value = value.trim_start();
            if !value.starts_with(':') {
                return Err(DraftError::at(n, "write the accessible title or description on one line, after a `:`"));
            }
            check_text(n, value, "the accessible text")?;
            continue;
        }
        if let Some(section) = keyword(text, "section") {
            if section.is_empty() {
                return Err(DraftError::at(n, "a section needs a name: `section March 2026`"));
            }
            if section.contains(':') {
                return Err(DraftError::at(n, format!("a section name cannot contain `:`: `{}`", excerpt(section))));
            }
            check_text(n, section, "a section name")?;
            continue;
        }
        if text.starts_with(':') {
            if !has_period {
                return Err(DraftError::at(
                    n,
                    "an event line starting with `:` needs a period line (such as `2026-03-01 : Hearing`) above it",
                ));
            }
            check_events(n, text)?;
            continue;
        }
        let (period, rest) = text.split_once(':').map_or((text, ""), |(p, _)| (p, &text[p.len()..]));
        let period = period.trim();
        if period.is_empty() {
            return Err(DraftError::at(n, format!("an event needs a period before the `:`: `{}`", excerpt(text))));
        }
        if period.contains('#') {
            return Err(DraftError::at(
                n,
                format!("a period cannot contain `#` (Mermaid reads the rest of the line as a comment): `{}`", excerpt(period)),
            ));
        }
        check_text(n, period, "a period")?;
        has_period = true;
        if !rest.is_empty() {
            check_events(n, rest)?;
        }
    }
    if !has_period {
        return Err(DraftError::whole("the timeline has no events: add lines such as `2026-03-01 : Hearing at 9 AM`"));
    }
    Ok(())
}

/// `: event : event` (starting at the first `:`): every event non-empty, with a space after its `:`.
fn check_events(n: usize, text: &str) -> Result<(), DraftError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        // chars[i] is a `:` that starts an event.
        if !chars.get(i + 1).is_some_and(|c| c.is_whitespace()) {
            let what = if i + 1 >= chars.len() {
                "an event after the last `:` is empty".to_string()
            } else {
                format!("put a space after the `:` that starts an event: `{}`", excerpt(&chars[i..].iter().collect::<String>()))
            };
            return Err(DraftError::at(n, what));
        }
        let mut j = i + 1;
        // An event runs to the next `:` that is followed by a space or ends the line.
        while j < chars.len() && !(chars[j] == ':' && chars.get(j + 1).is_none_or(|c| c.is_whitespace())) {
            j += 1;
        }
        let event: String = chars[i + 1..j].iter().collect();
        if event.trim().is_empty() {
            return Err(DraftError::at(n, "an event between two `:` is empty"));
        }
        check_text(n, &event, "an event")?;
        i = j;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::mermaid::check;

    #[test]
    fn a_case_timeline_parses() {
        let diagram = "timeline\n    title Smith v. Jones\n    section March 2026\n        Mar 1 : Complaint filed : Served at 10:30\n              : Answer due\n    %% a comment\n    section April 2026\n        Apr 2 : Hearing";
        assert_eq!(check(diagram), Ok(vec![]));
    }

    #[test]
    fn broken_timelines_name_the_line() {
        let cases = [
            ("timeline\n  : orphan event", "line 2: an event line starting with `:` needs a period line"),
            ("timeline\n  2026 : Filed :", "line 2: an event after the last `:` is empty"),
            ("timeline\n  2026 :: x", "line 2: put a space after the `:`"),
            ("timeline\n  section Q1: x\n", "line 2: a section name cannot contain `:`"),
            ("timeline\n  title x\n  2026 #3 : x", "line 3: a period cannot contain `#`"),
            ("timeline\n  2026 : <b>bold</b>", "line 2: an event cannot contain `<` or `>`"),
            ("timeline\n  title only", "the timeline has no events"),
            ("timeline extra", "line 1: `timeline` takes nothing after it"),
        ];
        for (diagram, expected) in cases {
            let message = check(diagram).unwrap_err().to_string();
            assert!(message.starts_with(expected), "{diagram:?}: {message}");
        }
    }
}
