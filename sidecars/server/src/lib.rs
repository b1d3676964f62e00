//! proseva-server: the user's own case, kept on their machine and served on loopback.
//!
//! Cases, deadlines, contacts, documents, finances, a timeline, notes, links, drafts and saved
//! conversations live in one SQLite file (`proseva.db` in the data dir, see [`store`]). Documents
//! are turned into text ([`extract`]; scans by OCR in the background, [`reader`]), cut into
//! passages and embedded in the background ([`knowledge`]), as notes are, so the agent's
//! `SearchKnowledge` tool finds both by meaning as well as by words. Drafts — a letter, a diagram,
//! a table — are checked, kept with every version and as a case document, exported as Markdown,
//! Word and PDF, and built from the case data without a model ([`drafting`]). The eighteen local
//! tools ([`tools`]: eleven that read — `FindHelp`, `check_paper` and `GetProof` among them —,
//! seven that write notes, links, deadlines, drafts, papers to file and evidence for the hearing) and the REST resources are served by
//! [`http::app`]. Links from notes and documents to sections of the law are checked against the
//! explorer's graph ([`linking`]).
//!
//! ```no_run
//! use proseva_server::{AppState, Config, http, tools};
//! # async fn demo() -> Result<(), proseva_server::ApiError> {
//! let state = AppState::open(&Config::for_data_dir("/tmp/proseva".into()))?;
//! state.spawn_workers();
//! // In-process, as a test or another crate would call a tool:
//! let deadlines = tools::run_tool(&state, "GetDeadlines", serde_json::json!({})).await?;
//! // Or over HTTP, as the agent does:
//! let router = http::app(state);
//! # let _ = (deadlines, router); Ok(()) }
//! ```
//!
//! Not for: the law itself (that is the explorer's graph), or talking to a language model (the
//! agent crate's job; it reaches this data through the HTTP API).

pub mod backup;
pub mod calendar;
pub mod config;
pub mod deadline_rules;
pub mod drafting;
pub mod error;
pub mod extract;
pub mod fields;
pub mod forms;
pub mod help;
pub mod holidays;
pub mod http;
pub mod ingest;
pub mod knowledge;
pub mod lang;
pub mod linking;
pub mod ocr;
pub mod packet;
pub mod papers;
pub mod paths;
pub mod privacy;
pub mod proof;
pub mod reader;
pub mod reminders;
/// Test and benchmark fixtures (feature `samples`): not part of the shipped server.
#[cfg(any(test, feature = "samples"))]
pub mod samples;
pub mod state;
pub mod store;
pub mod tools;

pub use config::Config;
pub use error::ApiError;
pub use state::AppState;
