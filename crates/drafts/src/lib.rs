//! proseva-drafts: drafts as artifacts. A person, or the agent's `create_draft` tool, makes a
//! draft of one of three kinds — `markdown` (a letter, a motion outline, a hearing checklist),
//! `mermaid` (a case timeline or a relationship diagram) or `table` (CSV) — and this crate
//! checks it, builds the ones that need no model from the case data, and exports it.
//!
//! - [`validate`] refuses empty, oversized or unreadable drafts with the line and what is wrong,
//!   and cleans the rest (control characters, raw HTML in Markdown) with warnings.
//! - [`timeline_mermaid`] and [`hearing_checklist`] build drafts from case data alone.
//! - [`to_markdown`], [`to_docx`] and [`to_pdf`] export a [`Draft`], each with the [`NOTICE`]
//!   at the top and its sources at the end.
//!
//! ```
//! use proseva_drafts::{Draft, DraftKind, Source, to_markdown, validate};
//!
//! let checked = validate(DraftKind::Markdown, "Dear clerk,\n<script>alert(1)</script>\nI ask for a continuance.").unwrap();
//! assert_eq!(checked.content, "Dear clerk,\n\nI ask for a continuance.");
//! assert_eq!(checked.warnings, ["line 2: removed a <script> element and everything in it"]);
//!
//! let error = validate(DraftKind::Mermaid, "flowchart TD\n  A[Filed] -->\n").unwrap_err();
//! assert_eq!((error.code(), error.to_string().as_str()), ("invalid_draft", "line 2: an edge needs a node on both sides: `A[Filed] -->`"));
//!
//! let source = Source { label: "Va. Code § 20-124.3".into(), url: Some("https://law.lis.virginia.gov/vacode/20-124.3/".into()) };
//! let (draft, _) = Draft::create("Letter to the clerk", DraftKind::Markdown, &checked.content, vec![source]).unwrap();
//! assert!(to_markdown(&draft).starts_with("> Draft prepared with ProSeVA software — not legal advice."));
//! ```
//!
//! Not for: storing drafts (the server does), writing them with a model (the agent does), or
//! drawing Mermaid diagrams (the window does).

mod error;
mod export;
mod kind;
mod markdown;
mod mermaid;
mod model;
mod offline;
mod paper;
mod table;
mod text;
mod validate;

pub use error::{DraftError, MAX_CHARS};
pub use export::{NOTICE, to_docx, to_markdown, to_pdf, unicode_text};
pub use kind::DraftKind;
pub use model::{Draft, MAX_TITLE_CHARS, Source};
pub use offline::{CaseContact, CaseDeadline, CaseDocument, CaseFacts, TimelineItem, hearing_checklist, timeline_mermaid};
pub use paper::{BLANK, Caption, CaptionParty, Certificate, Letter, Paper, PaperLayout, Signature, check_paper};
pub use table::{MAX_COLUMNS, MAX_ROWS, parse_table};
pub use text::escape_markdown;
pub use validate::{Checked, validate};
