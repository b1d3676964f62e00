//! What every export shows, in order: the notice, the title and its byline, the body as blocks,
//! and the sources. The Word and PDF writers lay these out; the Markdown export writes the same
//! parts as Markdown.

use crate::kind::DraftKind;
use crate::markdown::{Block, Span, blocks, leading_heading, sanitize};
use crate::model::Draft;
use crate::table::parse_table;
use crate::text::{clean, one_line};

/// The notice every export starts with.
pub const NOTICE: &str =
    "Draft prepared with ProSeVA software — not legal advice. Check it against the official sources before you file or send it.";

/// The sentence above a Mermaid diagram's source in Word and PDF files.
pub(crate) const MERMAID_NOTE: &str =
    "This is the source of a Mermaid diagram. ProSeVA draws it on screen, and any Mermaid viewer can draw it from this text.";

/// A draft ready to lay out.
pub(crate) struct Layout {
    pub title: String,
    /// `Version 2 · March 1, 2026`.
    pub byline: String,
    pub blocks: Vec<Block>,
    /// Label and, when it is a web or mail address, its URL.
    pub sources: Vec<(String, Option<String>)>,
}

pub(crate) fn layout(draft: &Draft) -> Layout {
    let title = title_of(draft);
    let content = body_text(draft, &title);
    let blocks = match draft.kind {
        DraftKind::Markdown => blocks(&content),
        DraftKind::Mermaid => vec![Block::Paragraph(plain(MERMAID_NOTE)), Block::Code(lines(&content))],
        // Only a paper that no longer reads as one comes here: its text, as written.
        DraftKind::Paper => vec![Block::Code(lines(&content))],
        DraftKind::Table => match parse_table(&content) {
            Ok(mut rows) => {
                let header = rows.remove(0);
                vec![Block::Table { header, rows }]
            }
            Err(error) => vec![
                Block::Paragraph(plain(&format!("This table could not be read as CSV ({error}); here is its text."))),
                Block::Code(lines(&content)),
            ],
        },
    };
    Layout { title, byline: byline(draft), blocks, sources: sources(draft) }
}

/// The title on one line, or `Untitled draft`.
pub(crate) fn title_of(draft: &Draft) -> String {
    let title = one_line(&draft.title);
    if title.is_empty() { "Untitled draft".to_string() } else { title }
}

/// The content cleaned as `validate` would (exports never refuse a draft; a draft that no longer
/// validates is exported as its text), without a first `# heading` that repeats the title.
pub(crate) fn body_text(draft: &Draft, title: &str) -> String {
    let (content, _) = clean(&draft.content);
    if draft.kind != DraftKind::Markdown {
        return content;
    }
    let content = sanitize(&content).text;
    match leading_heading(&content) {
        Some((heading, end)) if one_line(&heading) == title => content[end..].trim_start_matches('\n').to_string(),
        _ => content,
    }
}

pub(crate) fn byline(draft: &Draft) -> String {
    match chrono::DateTime::parse_from_rfc3339(draft.created.trim()) {
        Ok(created) => format!("Version {} · {}", draft.version, created.format("%B %-d, %Y")),
        Err(_) => format!("Version {}", draft.version),
    }
}

/// Sources with a label (or at least a URL); URLs kept only when they are web or mail addresses.
pub(crate) fn sources(draft: &Draft) -> Vec<(String, Option<String>)> {
    draft
        .sources
        .iter()
        .filter_map(|source| {
            let url = source.url.as_deref().map(one_line).filter(|u| is_web_address(u));
            let label = one_line(&source.label);
            match (label.is_empty(), url) {
                (false, url) => Some((label, url)),
                (true, Some(url)) => Some((url.clone(), Some(url))),
                (true, None) => None,
            }
        })
        .collect()
}

fn is_web_address(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    ["https://", "http://", "mailto:"].iter().any(|s| lower.starts_with(s)) && !url.contains(char::is_whitespace)
}

fn plain(text: &str) -> Vec<Span> {
    vec![Span { text: text.to_string(), ..Span::default() }]
}

fn lines(text: &str) -> Vec<String> {
    text.trim_matches('\n').split('\n').map(str::to_string).collect()
}
