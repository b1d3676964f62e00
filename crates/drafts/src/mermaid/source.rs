//! The lines of a diagram that say something, and the checks every diagram type shares.

use crate::error::DraftError;

/// One statement line, trimmed, with its 1-based line number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Line {
    pub number: usize,
    pub text: String,
}

/// The lines that are not blank or `%%` comments. Refuses what no diagram type may hold:
/// directives, front matter, comments after a statement, `click` lines and `javascript:`.
pub(crate) fn statements(text: &str) -> Result<Vec<Line>, DraftError> {
    let mut lines = Vec::new();
    for (index, raw) in text.split('\n').enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if line.contains("%%{") {
            return Err(DraftError::at(
                number,
                "`%%{init…}%%` directives are not allowed in drafts: they change how Mermaid runs; remove the line",
            ));
        }
        if line.starts_with("%%") {
            continue;
        }
        if line.contains("%%") {
            return Err(DraftError::at(number, "a `%%` comment must be on a line of its own"));
        }
        if lines.is_empty() && line == "---" {
            return Err(DraftError::at(
                number,
                "front matter (`---`) is not supported in drafts: start with the diagram type (timeline, flowchart, graph or sequenceDiagram)",
            ));
        }
        let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_lowercase).collect();
        if squeezed.contains("javascript:") {
            return Err(DraftError::at(number, "`javascript:` is not allowed in a diagram"));
        }
        if line.split_whitespace().next().is_some_and(|w| w.eq_ignore_ascii_case("click")) {
            return Err(DraftError::at(number, "`click` lines are not allowed in drafts: they attach links or scripts to the diagram"));
        }
        lines.push(Line { number, text: line.to_string() });
    }
    Ok(lines)
}

/// Refuses `<` and `>` in text shown in the diagram (HTML in labels).
pub(crate) fn check_text(line: usize, text: &str, what: &str) -> Result<(), DraftError> {
    if text.contains(['<', '>']) {
        return Err(DraftError::at(
            line,
            format!("{what} cannot contain `<` or `>` (HTML in diagram text is not allowed): `{}`", excerpt(text)),
        ));
    }
    Ok(())
}

/// At most 60 characters of `text`, for quoting it in a message.
pub(crate) fn excerpt(text: &str) -> String {
    let mut short: String = text.chars().take(60).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

/// `word` if `text` starts with it as a whole word (case-insensitive); what follows, trimmed.
pub(crate) fn keyword<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    let rest = &text[word.len()..];
    (head.eq_ignore_ascii_case(word) && (rest.is_empty() || rest.starts_with(char::is_whitespace))).then(|| rest.trim())
}
