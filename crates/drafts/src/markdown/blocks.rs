//! A Markdown draft read for the exports, from the parser's events: headings, paragraphs, list
//! items (bullets, numbers, task boxes, nested), quotes, code, tables and rules, each with its
//! text as styled runs. Links show their text with the address after it in parentheses, images
//! their description; nothing written is dropped.

use pulldown_cmark::{Event, HeadingLevel, Tag, TagEnd};

/// A run of text in one style.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Span {
    /// May hold `\n` (a hard line break).
    pub text: String,
    pub bold: bool,
    pub italic: bool,
    pub code: bool,
}

/// How a list item is marked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Marker {
    Bullet,
    /// The number with its `.` or `)`.
    Number(String),
    /// `- [ ]` (false) or `- [x]` (true).
    Task(bool),
    /// A further paragraph of the item above: indented, no marker.
    Continued,
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
    /// `depth` 0 is a top-level item; a list inside an item is one deeper.
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

/// The text of runs without their styles.
pub(crate) fn plain_text(spans: &[Span]) -> String {
    spans.iter().map(|s| s.text.as_str()).collect()
}

/// The blocks of a Markdown text, in order.
pub(crate) fn blocks(text: &str) -> Vec<Block> {
    let mut reader = Reader::default();
    for (event, range) in super::parse(text) {
        reader.event(event, &text[range]);
    }
    reader.flush();
    reader.blocks
}

/// The plain text of the first block and where it ends, when that block is a level-1 heading.
pub(crate) fn leading_heading(text: &str) -> Option<(String, usize)> {
    let mut events = super::parse(text);
    let (Event::Start(Tag::Heading { level: HeadingLevel::H1, .. }), range) = events.next()? else { return None };
    let mut reader = Reader::default();
    for (event, _) in events.by_ref() {
        if matches!(event, Event::End(TagEnd::Heading(_))) {
            break;
        }
        reader.event(event, "");
    }
    Some((plain_text(&reader.spans), range.end))
}

/// A list being read: the next item's number (`None` for bullets).
struct List {
    next: Option<u64>,
}

/// The item being read: its marker until its first block takes it.
struct Item {
    marker: Option<Marker>,
}

/// A link or image being read: its address and where its text starts (in bytes of the runs' text).
struct Link {
    target: String,
    from: usize,
}

#[derive(Default)]
struct Reader {
    blocks: Vec<Block>,
    /// The runs of the paragraph, heading, item or cell being read.
    spans: Vec<Span>,
    bold: usize,
    italic: usize,
    quotes: usize,
    lists: Vec<List>,
    items: Vec<Item>,
    links: Vec<Link>,
    /// The heading level while a heading is read.
    heading: Option<u8>,
    /// Code block text while one is read.
    code: Option<String>,
    /// The table being read: its header, rows and the row being read.
    table: Option<(Vec<String>, Vec<Vec<String>>)>,
    row: Vec<String>,
}

impl Reader {
    fn event(&mut self, event: Event<'_>, source: &str) {
        match event {
            Event::Start(tag) => self.start(tag, source),
            Event::End(tag) => self.end(tag),
            Event::Text(text) => match &mut self.code {
                Some(code) => code.push_str(&text),
                None => self.push(&text, false),
            },
            Event::Code(text) => self.push(&text, true),
            Event::Html(text) | Event::InlineHtml(text) => self.push(text.trim_end_matches('\n'), false),
            Event::SoftBreak => self.push(" ", false),
            Event::HardBreak => self.push(if self.table.is_some() { " " } else { "\n" }, false),
            Event::Rule => {
                self.flush();
                self.blocks.push(Block::Rule);
            }
            Event::TaskListMarker(done) => {
                if let Some(item) = self.items.last_mut().filter(|item| item.marker.is_some()) {
                    item.marker = Some(Marker::Task(done));
                }
            }
            Event::InlineMath(text) | Event::DisplayMath(text) | Event::FootnoteReference(text) => self.push(&text, false),
        }
    }

    fn start(&mut self, tag: Tag<'_>, source: &str) {
        match tag {
            Tag::Heading { level, .. } => {
                self.flush();
                self.heading = Some((level as u8).min(3));
            }
            Tag::Paragraph | Tag::TableHead | Tag::TableRow | Tag::TableCell => {}
            Tag::BlockQuote(_) => {
                self.flush();
                self.quotes += 1;
            }
            Tag::CodeBlock(_) => {
                self.flush();
                self.code = Some(String::new());
            }
            Tag::List(start) => {
                self.flush();
                self.lists.push(List { next: start });
            }
            Tag::Item => {
                self.flush();
                let marker = match self.lists.last_mut().and_then(|list| list.next.as_mut()) {
                    Some(number) => {
                        let delimiter = source.trim_start().trim_start_matches(|c: char| c.is_ascii_digit()).chars().next();
                        let delimiter = delimiter.filter(|&c| c == ')').unwrap_or('.');
                        let marker = Marker::Number(format!("{number}{delimiter}"));
                        *number = number.saturating_add(1);
                        marker
                    }
                    None => Marker::Bullet,
                };
                self.items.push(Item { marker: Some(marker) });
            }
            Tag::Table(_) => {
                self.flush();
                self.table = Some((Vec::new(), Vec::new()));
            }
            Tag::Emphasis => self.italic += 1,
            Tag::Strong => self.bold += 1,
            Tag::Link { dest_url, .. } => self.links.push(Link { target: dest_url.to_string(), from: self.text_len() }),
            Tag::Image { dest_url, .. } => {
                self.push("Image: ", false);
                self.links.push(Link { target: dest_url.to_string(), from: self.text_len() });
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Heading(_) => {
                let spans = std::mem::take(&mut self.spans);
                let level = self.heading.take().unwrap_or(3);
                self.blocks.push(Block::Heading { level, spans });
            }
            TagEnd::Paragraph | TagEnd::HtmlBlock => self.flush(),
            TagEnd::BlockQuote(_) => {
                self.flush();
                self.quotes = self.quotes.saturating_sub(1);
            }
            TagEnd::CodeBlock => {
                let code = self.code.take().unwrap_or_default();
                let code = code.strip_suffix('\n').unwrap_or(&code);
                let lines = if code.is_empty() { Vec::new() } else { code.split('\n').map(str::to_string).collect() };
                self.blocks.push(Block::Code(lines));
            }
            TagEnd::List(_) => {
                self.flush();
                self.lists.pop();
            }
            TagEnd::Item => {
                self.flush();
                // An item with nothing in it still shows its marker.
                if let Some(Item { marker: Some(marker) }) = self.items.pop() {
                    self.blocks.push(Block::Item { depth: self.depth(), marker, spans: Vec::new() });
                }
            }
            TagEnd::TableCell => {
                let cell = plain_text(&std::mem::take(&mut self.spans));
                self.row.push(cell);
            }
            TagEnd::TableHead | TagEnd::TableRow => {
                let row = std::mem::take(&mut self.row);
                if let Some((header, rows)) = &mut self.table {
                    if header.is_empty() {
                        *header = row;
                    } else {
                        let mut row = row;
                        row.resize(header.len(), String::new());
                        rows.push(row);
                    }
                }
            }
            TagEnd::Table => {
                if let Some((header, rows)) = self.table.take() {
                    self.blocks.push(Block::Table { header, rows });
                }
            }
            TagEnd::Emphasis => self.italic = self.italic.saturating_sub(1),
            TagEnd::Strong => self.bold = self.bold.saturating_sub(1),
            TagEnd::Link | TagEnd::Image => {
                let Some(link) = self.links.pop() else { return };
                let text = plain_text(&self.spans);
                let shown = text.get(link.from..).unwrap_or("");
                if !link.target.is_empty() && !link.target.starts_with('#') && shown.trim() != link.target {
                    self.push(&format!(" ({})", link.target), false);
                }
            }
            _ => {}
        }
    }

    fn text_len(&self) -> usize {
        self.spans.iter().map(|s| s.text.len()).sum()
    }

    /// Adds text in the current style, joined to the last run when the style is the same.
    fn push(&mut self, text: &str, code: bool) {
        if text.is_empty() {
            return;
        }
        let (bold, italic) = (self.bold > 0, self.italic > 0);
        match self.spans.last_mut() {
            Some(last) if last.bold == bold && last.italic == italic && last.code == code => last.text.push_str(text),
            _ => self.spans.push(Span { text: text.to_string(), bold, italic, code }),
        }
    }

    /// The runs read so far become a block: an item's paragraph, a quote or a paragraph.
    fn flush(&mut self) {
        if self.spans.is_empty() || self.table.is_some() {
            return;
        }
        let mut spans = std::mem::take(&mut self.spans);
        // Line breaks at the ends of a paragraph show nothing.
        if let Some(last) = spans.last_mut() {
            last.text.truncate(last.text.trim_end_matches('\n').len());
        }
        let depth = self.depth();
        let block = match self.items.last_mut() {
            Some(item) => Block::Item { depth, marker: item.marker.take().unwrap_or(Marker::Continued), spans },
            None if self.quotes > 0 => Block::Quote(spans),
            None => Block::Paragraph(spans),
        };
        self.blocks.push(block);
    }

    /// How deep the current list item is: 0 at the top level, at most 6.
    fn depth(&self) -> usize {
        self.lists.len().saturating_sub(1).min(6)
    }
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
        let source = "# Motion\n\nThe plaintiff\nasks:\n\n- [ ] file it\n1. serve it\n   on time\n2) no\n\n| Date | Event |\n|---|:---:|\n| 3/1 | Hearing \\| room 2 |\n\n```\nA --> B\n```\n---";
        let blocks = blocks(source);
        let texts: Vec<String> = blocks.iter().map(text).collect();
        assert_eq!(texts, ["Motion", "The plaintiff asks:", "file it", "serve it on time", "no", "Date|Event", "A --> B", "---"]);
        assert!(matches!(blocks[0], Block::Heading { level: 1, .. }));
        assert!(matches!(blocks[2], Block::Item { marker: Marker::Task(false), .. }));
        assert!(matches!(&blocks[3], Block::Item { marker: Marker::Number(n), .. } if n == "1."));
        assert!(matches!(&blocks[4], Block::Item { marker: Marker::Number(n), .. } if n == "2)"));
        let Block::Table { rows, .. } = &blocks[5] else { panic!("{blocks:?}") };
        assert_eq!(rows, &[vec!["3/1".to_string(), "Hearing | room 2".to_string()]]);
    }

    #[test]
    fn nested_lists_keep_their_depth_and_items_their_later_paragraphs() {
        let source = "1. First\n   - a **bold** point\n     1. deeper\n\n   More on the first.\n2. Second\n-\n";
        let items: Vec<(usize, Marker, String)> = blocks(source)
            .into_iter()
            .map(|b| match b {
                Block::Item { depth, marker, spans } => (depth, marker, plain_text(&spans)),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            items,
            [
                (0, Marker::Number("1.".into()), "First".into()),
                (1, Marker::Bullet, "a bold point".into()),
                (2, Marker::Number("1.".into()), "deeper".into()),
                (0, Marker::Continued, "More on the first.".into()),
                (0, Marker::Number("2.".into()), "Second".into()),
                (0, Marker::Bullet, String::new()),
            ]
        );
    }

    #[test]
    fn inline_styles_links_entities_and_breaks_become_runs() {
        let [Block::Paragraph(spans)] = &blocks("a **b** *c* `d*e` [§ 1](https://x.org/1) &amp; 1 &lt; 2 ~~old~~\\\nnext  \nlast")[..]
        else {
            panic!()
        };
        let styled: Vec<(&str, bool, bool, bool)> = spans.iter().map(|s| (s.text.as_str(), s.bold, s.italic, s.code)).collect();
        assert_eq!(
            styled,
            [
                ("a ", false, false, false),
                ("b", true, false, false),
                (" ", false, false, false),
                ("c", false, true, false),
                (" ", false, false, false),
                ("d*e", false, false, true),
                (" § 1 (https://x.org/1) & 1 < 2 old\nnext\nlast", false, false, false),
            ]
        );
        assert_eq!(
            plain_text(blocks("2 * 3 = 6, file_name_here, [not a link, <https://a.b/c>")[0].spans()),
            "2 * 3 = 6, file_name_here, [not a link, https://a.b/c"
        );
    }

    #[test]
    fn the_first_heading_is_found_with_where_it_ends() {
        assert_eq!(leading_heading("# Motion *to* Continue\n\nBody"), Some(("Motion to Continue".to_string(), 23)));
        assert_eq!(leading_heading("Motion\n======\nBody"), Some(("Motion".to_string(), 14)));
        assert_eq!(leading_heading("## Motion\n"), None);
        assert_eq!(leading_heading("Body\n# Motion"), None);
    }

    impl Block {
        fn spans(&self) -> &[Span] {
            match self {
                Block::Paragraph(spans) => spans,
                _ => &[],
            }
        }
    }
}
