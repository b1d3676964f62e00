//! `validate`: the one check every draft passes before it is saved.

use crate::error::{DraftError, MAX_CHARS};
use crate::kind::DraftKind;
use crate::{markdown, mermaid, table, text};

/// A draft's content as it will be stored, and what was changed or is worth a second look.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The content, cleaned: line ends made `\n`, control characters removed, raw HTML removed or
    /// escaped (Markdown), a wrapping ```` ``` ```` fence removed (Mermaid, tables).
    pub content: String,
    /// One sentence each, with the line when there is one.
    pub warnings: Vec<String>,
}

/// Checks a draft's content for its kind, and returns it cleaned with warnings.
///
/// - Every kind: empty content and content over 200,000 characters are refused; control
///   characters other than newline and tab (NUL, escape, …) are removed with a warning.
/// - Markdown: raw HTML never passes. `<script>`, `<style>`, `<iframe>`, `<object>`, `<embed>`,
///   `<svg>` and similar elements are removed with what they hold; event-handler attributes
///   (`onclick=`) and `javascript:` / `vbscript:` / `data:` link targets are removed (a link
///   keeps its text); every other tag is escaped (`<b>` becomes `&lt;b>`, shown as text). Each
///   removal gets a warning with its line. Code spans and code blocks are left as written. The
///   Markdown is read as CommonMark (with GitHub's tables, task lists and strikethrough), so what
///   counts as HTML or a link is what a CommonMark renderer would take for one; the cleaning is
///   repeated until nothing changes, and a draft that still changes after 32 passes is refused.
/// - Mermaid: the diagram must parse as `timeline`, `flowchart`/`graph` or `sequenceDiagram` in
///   the subset the app draws; `%%{init}%%` directives, `click` lines, `javascript:` and `<` `>`
///   in labels are refused. A ```` ```mermaid ```` fence around the whole diagram is removed.
/// - Table: CSV per RFC 4180 with the header's column count in every row, at most 2,000 rows
///   and 50 columns (see [`parse_table`](crate::parse_table)); empty or repeated column names
///   give warnings.
///
/// - Paper: the parts of a court paper as JSON ([`Paper`](crate::Paper)): see
///   [`check_paper`](crate::check_paper).
///
/// Errors say what is wrong and, when they can, the line (counted in the content as given).
pub fn validate(kind: DraftKind, content: &str) -> Result<Checked, DraftError> {
    let chars = content.chars().count();
    if chars > MAX_CHARS {
        return Err(DraftError::TooLong { chars });
    }
    let (mut content, mut warnings) = text::clean(content);
    if content.trim().is_empty() {
        return Err(DraftError::Empty);
    }
    match kind {
        DraftKind::Markdown => {
            let clean = markdown::sanitize(&content);
            if !clean.settled {
                return Err(DraftError::whole(
                    "the HTML and links in this draft could not be cleaned: each removal uncovered more; remove the HTML and links to script or data addresses and save again",
                ));
            }
            if clean.text.trim().is_empty() {
                return Err(DraftError::whole("nothing is left once the HTML drafts cannot hold (such as <script>) is removed"));
            }
            content = clean.text;
            warnings.extend(clean.warnings);
        }
        DraftKind::Mermaid => {
            let offset = unwrap_fence(&mut content, &["mermaid"], "```mermaid", &mut warnings);
            warnings.extend(mermaid::check(&content).map_err(|e| e.shifted(offset))?);
        }
        DraftKind::Paper => {
            let offset = unwrap_fence(&mut content, &["json"], "```json", &mut warnings);
            let paper = crate::paper::check_paper(&content).map_err(|e| e.shifted(offset))?;
            content = paper.to_content();
        }
        DraftKind::Table => {
            let offset = unwrap_fence(&mut content, &["csv", "table"], "```csv", &mut warnings);
            let rows = table::parse_table(&content).map_err(|e| e.shifted(offset))?;
            warnings.extend(table::header_warnings(&rows));
        }
    }
    Ok(Checked { content, warnings })
}

/// Removes a fence wrapping the whole content; returns how many lines came before the inside.
fn unwrap_fence(content: &mut String, names: &[&str], shown: &str, warnings: &mut Vec<String>) -> usize {
    match text::unfence(content, names) {
        Some((inner, offset)) if !inner.trim().is_empty() => {
            *content = inner;
            warnings.push(format!("removed the {shown} fence around the content; the draft holds the inside only"));
            offset
        }
        _ => 0,
    }
}
