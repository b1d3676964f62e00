//! Markdown drafts, read with one CommonMark parser (pulldown-cmark, with GitHub's tables, task
//! lists and strikethrough, as the window's renderer reads them): the HTML clean-up
//! [`validate`](crate::validate) applies, and the reading into blocks and styled runs that the
//! Word and PDF exports lay out.
//!
//! Raw HTML is never passed through. Elements that run code or pull in other documents
//! (`<script>`, `<style>`, `<iframe>`, `<object>`, `<embed>`, `<svg>`, …) are removed with what they
//! hold; event-handler attributes (`onclick=`) and `javascript:` / `vbscript:` / `data:` addresses
//! are removed (a link keeps its text; a link definition to such an address goes whole). Every
//! other tag is **escaped** rather than removed: its `<` becomes `&lt;`, so `<b>` shows as the text
//! `<b>` and nothing the person wrote disappears silently. Code spans and code blocks are left as
//! written: a renderer shows them as text. Where the parser finds nothing to clean, the text is
//! kept byte for byte.

mod blocks;
mod html;
mod report;
mod sanitize;

pub(crate) use blocks::{Block, Marker, Span, blocks, leading_heading};
pub(crate) use sanitize::sanitize;

use pulldown_cmark::{OffsetIter, Options, Parser};

/// The Markdown drafts are written in: CommonMark with GitHub's tables, task lists and
/// strikethrough.
const OPTIONS: Options = Options::ENABLE_TABLES.union(Options::ENABLE_TASKLISTS).union(Options::ENABLE_STRIKETHROUGH);

/// The parser's events over `text`, each with the byte range of the text it came from.
fn parse(text: &str) -> OffsetIter<'_> {
    Parser::new_ext(text, OPTIONS).into_offset_iter()
}

/// Where each line starts, to name the line of a byte offset in warnings.
struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    fn new(text: &str) -> Lines {
        Lines { starts: std::iter::once(0).chain(text.match_indices('\n').map(|(at, _)| at + 1)).collect() }
    }

    /// The 1-based line holding byte `offset`.
    fn of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset)
    }
}
