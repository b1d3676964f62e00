//! Exports: Markdown, Word (`.docx`) and PDF. Each starts with the [`NOTICE`], then the title and
//! a byline (version and date), the body, and a "Sources" list when the draft has sources (web
//! and mail addresses only; other links are shown as their label). Exports never refuse a draft
//! for its content: a draft that no longer validates is exported as its text.

mod docx;
mod docx_parts;
mod fonts;
mod layout;
mod markdown;
mod paper_docx;
mod paper_markdown;
mod paper_pdf;
mod pdf;
mod pdf_font;
mod pdf_table;
mod shape;
mod typeset;
pub mod unicode_text;

pub use layout::NOTICE;
pub(crate) use pdf::write_pages;
pub(crate) use typeset::{PAGE_HEIGHT, PAGE_WIDTH};

use crate::error::DraftError;
use crate::kind::DraftKind;
use crate::model::Draft;
use crate::paper::Paper;

/// A paper draft that reads as one, laid out as a court paper; `None` for any other draft.
fn paper_of(draft: &Draft) -> Option<Paper> {
    (draft.kind == DraftKind::Paper).then(|| Paper::from_content(&draft.content).ok()).flatten()
}

/// The draft as a Word file: see [`docx`]; a court paper as [`paper_docx`] lays it out.
pub fn to_docx(draft: &Draft) -> Result<Vec<u8>, DraftError> {
    match paper_of(draft) {
        Some(paper) => paper_docx::paper_docx(&paper, &draft.created),
        None => docx::draft_docx(draft),
    }
}

/// The draft as a PDF file: see [`pdf`]; a court paper as [`paper_pdf`] lays it out.
pub fn to_pdf(draft: &Draft) -> Result<Vec<u8>, DraftError> {
    match paper_of(draft) {
        Some(paper) => paper_pdf::paper_pdf(&paper),
        None => pdf::draft_pdf(draft),
    }
}

/// The draft as a Markdown file: see [`markdown`]; a court paper's own copy as
/// [`paper_markdown`] writes it.
pub fn to_markdown(draft: &Draft) -> String {
    match paper_of(draft) {
        Some(paper) => paper_markdown::paper_markdown(&paper),
        None => markdown::draft_markdown(draft),
    }
}
