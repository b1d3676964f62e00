//! The Markdown export: the notice as a quote, the title, the byline, the body, the sources.

use super::layout::{NOTICE, body_text, byline, sources, title_of};
use crate::kind::DraftKind;
use crate::model::Draft;
use crate::table::parse_table;
use crate::text::escape_markdown;

/// The draft as a Markdown file. A Mermaid draft is a ```` ```mermaid ```` block; a table is a
/// pipe table (or, if it no longer reads as CSV, a ```` ```csv ```` block).
pub(super) fn draft_markdown(draft: &Draft) -> String {
    let title = title_of(draft);
    let body = body_text(draft, &title);
    let mut out = format!("> {NOTICE}\n\n# {}\n\n*{}*\n\n", escape_markdown(&title), byline(draft));
    match draft.kind {
        DraftKind::Markdown => out.push_str(body.trim_matches('\n')),
        // A paper that no longer reads as one: its text, as written.
        DraftKind::Paper => out.push_str(&fenced("json", &body)),
        DraftKind::Mermaid => out.push_str(&fenced("mermaid", &body)),
        DraftKind::Table => match parse_table(&body) {
            Ok(rows) => out.push_str(&pipe_table(&rows)),
            Err(_) => out.push_str(&fenced("csv", &body)),
        },
    }
    out.push('\n');
    let sources = sources(draft);
    if !sources.is_empty() {
        out.push_str("\n## Sources\n\n");
        for (number, (label, url)) in sources.iter().enumerate() {
            let label = escape_markdown(label);
            match url {
                Some(url) => out.push_str(&format!("{}. [{label}](<{}>)\n", number + 1, url.replace(['<', '>'], ""))),
                None => out.push_str(&format!("{}. {label}\n", number + 1)),
            }
        }
    }
    out
}

/// `text` in a fence longer than any run of backticks inside it.
fn fenced(info: &str, text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}{info}\n{}\n{fence}", text.trim_matches('\n'))
}

fn pipe_table(rows: &[Vec<String>]) -> String {
    let row = |cells: &[String]| format!("| {} |", cells.iter().map(|c| escape_markdown(c)).collect::<Vec<_>>().join(" | "));
    let mut lines = Vec::with_capacity(rows.len() + 1);
    if let Some(header) = rows.first() {
        lines.push(row(header));
        lines.push(format!("|{}", " --- |".repeat(header.len())));
    }
    lines.extend(rows.iter().skip(1).map(|r| row(r)));
    lines.join("\n")
}
