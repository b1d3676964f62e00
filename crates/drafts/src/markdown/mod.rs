//! Markdown drafts: the HTML clean-up [`validate`](crate::validate) applies, and the reading of
//! Markdown into blocks and styled runs that the Word and PDF exports lay out.
//!
//! Raw HTML is never passed through. Elements that run code or pull in other documents
//! (`<script>`, `<style>`, `<iframe>`, `<object>`, `<embed>`, `<svg>`, …) are removed with what they
//! hold; event-handler attributes (`onclick=`) and `javascript:` / `vbscript:` / `data:` addresses
//! are removed (a link keeps its text). Every other tag is **escaped** rather than removed: its `<`
//! becomes `&lt;`, so `<b>` shows as the text `<b>` and nothing the person wrote disappears
//! silently. Code spans and fenced code blocks are left as written: a renderer shows them as text.

mod blocks;
mod inline;
mod report;
mod sanitize;
mod tags;

pub(crate) use blocks::{Block, Marker, parse_blocks};
pub(crate) use inline::{Span, parse_inline, plain_text};
pub(crate) use sanitize::sanitize;
