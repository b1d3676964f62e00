//! Block Markdown read for the exports: headings, paragraphs, list items (bullets, numbers, task
//! boxes), quotes, fenced code, pipe tables and rules. Lines that fit none of these are paragraph
//! text, so nothing written is dropped.

use super::inline::{Span, parse_inline, plain_text};

/// How a list item is marked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Marker {
    Bullet,
    /// The number as written, with its `.` or `)`.
    Number(String),
    /// `- [ ]` (false) or `- [x]` (true).
    Task(bool),
}

/// One block of a Markdown document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Block {
    /// `#` is level 1; `####` and deeper are level 3.
    Heading {
        level: u8,
        spans: Vec<Span>,
    },
    Paragraph(Vec<Span>),
    Quote(Vec<Span>),
    /// `depth` 0 is a top-level item; each two spaces of indentation is one level more.
    Item {
        depth: usize,
        marker: Marker,
        spans: Vec<Span>,
    },
    /// Monospace lines, kept as written.
    Code(Vec<String>),
    /// A header row and body rows, every row as long as the header.
    Table {
        header: Vec<String>,
        rows: Vec<Vec<String>>,
    },
    Rule,
}

/// The blocks of a Markdown text, in order.
pub(crate) fn parse_blocks(text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut blocks = Vec::new();
    // Text lines waiting to become a paragraph, a quote, or the rest of a list item.
    let mut pending: Vec<&str> = Vec::new();
    let mut pending_kind = Pending::Paragraph;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        let indent = line.len() - line.trim_start().len();
        if trimmed.is_empty() {
            flush(&mut blocks, &mut pending, &mut pending_kind);
            i += 1;
            continue;
        }
        if let Some((fence, len)) = fence_of(line) {
            flush(&mut blocks, &mut pending, &mut pending_kind);
            let mut code = Vec::new();
            i += 1;
            while i < lines.len() {
                let inner = lines[i];
                if fence_of(inner).is_some_and(|(c, n)| c == fence && n >= len) && inner.trim().chars().all(|c| c == fence) {
                    i += 1;
                    break;
                }
                code.push(strip_indent(inner, indent).to_string());
                i += 1;
            }
            blocks.push(Block::Code(code));
            continue;
        }
        if indent <= 3 {
            if let Some((level, heading)) = heading(trimmed) {
                flush(&mut blocks, &mut pending, &mut pending_kind);
                blocks.push(Block::Heading { level, spans: parse_inline(heading) });
                i += 1;
                continue;
            }
            if is_rule(trimmed) {
                flush(&mut blocks, &mut pending, &mut pending_kind);
                blocks.push(Block::Rule);
                i += 1;
                continue;
            }
        }
        if let Some((marker, rest)) = list_item(trimmed) {
            flush(&mut blocks, &mut pending, &mut pending_kind);
            pending_kind = Pending::Item { depth: (indent / 2).min(6), marker };
            pending.push(rest);
            i += 1;
            continue;
        }
        if let Some(quoted) = trimmed.strip_prefix('>') {
            if pending_kind != Pending::Quote {
                flush(&mut blocks, &mut pending, &mut pending_kind);
                pending_kind = Pending::Quote;
            }
            pending.push(quoted.strip_prefix(' ').unwrap_or(quoted));
            i += 1;
            continue;
        }
        if trimmed.contains('|') && lines.get(i + 1).is_some_and(|next| is_delimiter_row(next, cells(trimmed).len())) {
            flush(&mut blocks, &mut pending, &mut pending_kind);
            let header: Vec<String> = cells(trimmed);
            let mut rows = Vec::new();
            i += 2;
            while i < lines.len() && !lines[i].trim().is_empty() && lines[i].contains('|') {
                let mut row = cells(lines[i].trim());
                row.resize(header.len(), String::new());
                rows.push(row);
                i += 1;
            }
            blocks.push(Block::Table { header, rows });
            continue;
        }
        if pending_kind == Pending::Quote {
            flush(&mut blocks, &mut pending, &mut pending_kind);
        }
        pending.push(trimmed);
        i += 1;
    }
    flush(&mut blocks, &mut pending, &mut pending_kind);
    blocks
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Pending {
    Paragraph,
    Quote,
    Item { depth: usize, marker: Marker },
}

fn flush(blocks: &mut Vec<Block>, pending: &mut Vec<&str>, kind: &mut Pending) {
    let kind = std::mem::replace(kind, Pending::Paragraph);
    if pending.is_empty() && !matches!(kind, Pending::Item { .. }) {
        return;
    }
    let spans = parse_inline(pending.join(" ").trim());
    pending.clear();
    blocks.push(match kind {
        Pending::Paragraph => Block::Paragraph(spans),
        Pending::Quote => Block::Quote(spans),
        Pending::Item { depth, marker } => Block::Item { depth, marker, spans },
    });
}

/// A fence opening a code block (at most three spaces in): its character and length.
fn fence_of(line: &str) -> Option<(char, usize)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let rest = &line[indent..];
    let c = rest.chars().next().filter(|&c| c == '`' || c == '~')?;
    let len = rest.chars().take_while(|&x| x == c).count();
    (indent <= 3 && len >= 3 && !(c == '`' && rest[len..].contains('`'))).then_some((c, len))
}

fn strip_indent(line: &str, indent: usize) -> &str {
    let spaces = line.len() - line.trim_start_matches(' ').len();
    &line[spaces.min(indent)..]
}

/// `## Heading ##` → (2, "Heading"); levels past 3 are shown as 3.
fn heading(line: &str) -> Option<(u8, &str)> {
    let hashes = line.chars().take_while(|&c| c == '#').count();
    let rest = &line[hashes..];
    if !(1..=6).contains(&hashes) || !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return None;
    }
    let rest = rest.trim();
    let without_closing = rest.trim_end_matches('#');
    let text = if without_closing.is_empty() || without_closing.ends_with([' ', '\t']) { without_closing.trim_end() } else { rest };
    Some((hashes.min(3) as u8, text))
}

/// `---`, `***`, `___` (spaces allowed between).
fn is_rule(line: &str) -> bool {
    let marks: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
    marks.len() >= 3 && matches!(marks[0], '-' | '*' | '_') && marks.iter().all(|&c| c == marks[0])
}

/// `- item`, `* item`, `+ item`, `1. item`, `2) item`, `- [ ] task`.
fn list_item(line: &str) -> Option<(Marker, &str)> {
    let (marker, rest) = if let Some(rest) = line.strip_prefix(['-', '*', '+']) {
        (Marker::Bullet, rest)
    } else {
        let digits = line.chars().take_while(char::is_ascii_digit).count();
        let after = line[digits..].chars().next().filter(|c| matches!(c, '.' | ')'))?;
        if !(1..=9).contains(&digits) {
            return None;
        }
        (Marker::Number(line[..=digits].to_string()), &line[digits + after.len_utf8()..])
    };
    if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return None;
    }
    let rest = rest.trim_start();
    if marker == Marker::Bullet {
        for (box_text, done) in [("[ ]", false), ("[x]", true), ("[X]", true)] {
            if let Some(task) = rest.strip_prefix(box_text).filter(|t| t.is_empty() || t.starts_with(' ')) {
                return Some((Marker::Task(done), task.trim_start()));
            }
        }
    }
    Some((marker, rest))
}

/// The cells of a pipe-table row, each read as inline Markdown and kept as plain text.
fn cells(line: &str) -> Vec<String> {
    let line = line.trim();
    let line = line.strip_prefix('|').unwrap_or(line);
    let line = if line.ends_with('|') && !line.ends_with("\\|") { &line[..line.len() - 1] } else { line };
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cell.push('|');
                chars.next();
            }
            '|' => cells.push(std::mem::take(&mut cell)),
            c => cell.push(c),
        }
    }
    cells.push(cell);
    cells.iter().map(|c| plain_text(&parse_inline(c.trim()))).collect()
}

/// `| --- | :---: |` with as many cells as the header.
fn is_delimiter_row(line: &str, columns: usize) -> bool {
    let row = cells(line);
    row.len() == columns
        && row.iter().all(|c| {
            let c = c.trim().trim_start_matches(':').trim_end_matches(':');
            !c.is_empty() && c.chars().all(|x| x == '-')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(block: &Block) -> String {
        match block {
            Block::Heading { spans, .. } | Block::Paragraph(spans) | Block::Quote(spans) | Block::Item { spans, .. } => plain_text(spans),
            Block::Code(lines) => lines.join("\n"),
            Block::Table { header, .. } => header.join("|"),
            Block::Rule => "---".into(),
        }
    }

    #[test]
    fn a_letter_reads_as_headings_paragraphs_lists_and_tables() {
        let source = "# Motion\n\nThe plaintiff\nasks:\n\n- [ ] file it\n1. serve it\n   on time\n\n| Date | Event |\n|---|:---:|\n| 3/1 | Hearing \\| room 2 |\n\n```\nA --> B\n```\n---";
        let blocks = parse_blocks(source);
        let texts: Vec<String> = blocks.iter().map(text).collect();
        assert_eq!(texts, ["Motion", "The plaintiff asks:", "file it", "serve it on time", "Date|Event", "A --> B", "---"]);
        assert!(matches!(blocks[0], Block::Heading { level: 1, .. }));
        assert!(matches!(blocks[2], Block::Item { marker: Marker::Task(false), .. }));
        assert!(matches!(&blocks[3], Block::Item { marker: Marker::Number(n), .. } if n == "1."));
        let Block::Table { rows, .. } = &blocks[4] else { panic!("{blocks:?}") };
        assert_eq!(rows, &[vec!["3/1".to_string(), "Hearing | room 2".to_string()]]);
    }

    #[test]
    fn an_unclosed_fence_runs_to_the_end() {
        assert_eq!(parse_blocks("```\n<b>\nx"), [Block::Code(vec!["<b>".into(), "x".into()])]);
    }
}
