//! Exports: Markdown, Word (`.docx`) and PDF. Each starts with the [`NOTICE`], then the title and
//! a byline (version and date), the body, and a "Sources" list when the draft has sources (web
//! and mail addresses only; other links are shown as their label). Exports never refuse a draft
//! for its content: a draft that no longer validates is exported as its text.

mod docx;
mod docx_parts;
mod fonts;
mod layout;
mod markdown;
mod pdf;
mod pdf_font;
mod pdf_table;
mod shape;
mod typeset;

pub use docx::to_docx;
pub use layout::NOTICE;
pub use markdown::to_markdown;
pub use pdf::to_pdf;
