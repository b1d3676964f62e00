//! Drafts as artifacts: a letter, a motion outline or a checklist (Markdown), a diagram
//! (Mermaid) or a table (CSV), checked by [`proseva_drafts`], stored with every version
//! ([`crate::store::drafts`]) and kept as a case document, so `GetDocuments`,
//! `GetDocumentText` and `SearchKnowledge` find it. `POST /api/drafts` and the `create_draft`
//! tool both come here.
//!
//! - Every version's content passes [`proseva_drafts::validate`] before anything is stored; a
//!   draft that does not is refused naming `content`, with the line. What is stored is the
//!   cleaned content; what was cleaned comes back as `warnings`.
//! - Each draft has one document (`<title slug>.md`, kind `draft`, in the draft's case) holding
//!   its latest version's Markdown export — the not-legal-advice notice, the title, the content
//!   and the sources — read, cut into passages and queued for embedding as an upload is
//!   ([`crate::ingest`]). A new version replaces that document's original and text.
//! - [`build`] makes a draft with no model, from the case data alone: the case timeline as a
//!   Mermaid diagram (its events, deadlines and hearings), or a Markdown hearing checklist (its
//!   deadlines, documents and contacts, around its next hearing). Prose — a letter, a motion —
//!   needs a language model; without one, these two are what can be drafted.
//! - [`export`] writes a version as Markdown, Word (`.docx`) or PDF.

mod from_case;

use std::sync::Mutex;

use proseva_drafts::{Draft, DraftKind, MAX_TITLE_CHARS, NOTICE, Source, to_docx, to_markdown, to_pdf, validate};
use rusqlite::Connection;
use serde::Serialize;

pub use self::from_case::Build;
use self::from_case::build_from_case;
use crate::fields::Fields;
use crate::ingest::{self, Upload};
use crate::store::chunks::Owner;
use crate::store::documents::{self, Document, DocumentMeta};
use crate::store::drafts::{self, NewVersion, StoredDraft};
use crate::store::now;
use crate::{ApiError, AppState};

/// The kind a draft's document is listed under.
pub const DOCUMENT_KIND: &str = "draft";
/// Sources a version may list.
pub const MAX_SOURCES: usize = 100;
const MAX_SOURCE_LABEL_CHARS: usize = 500;
const MAX_SOURCE_URL_CHARS: usize = 2_000;
/// Dated items a timeline built from the case shows at most (a diagram of thousands helps no one).
pub const MAX_TIMELINE_ITEMS: usize = 200;

/// One revision at a time, so two revisions of a draft cannot both become version N.
static REVISING: Mutex<()> = Mutex::new(());

/// A draft as the API and the tool answer it: the stored version, what the check said of its
/// content, and the notice its exports carry.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DraftView {
    #[serde(flatten)]
    pub stored: StoredDraft,
    /// On a save, what the check changed or flagged; when read, what it flags in the stored content.
    pub warnings: Vec<String>,
    pub notice: &'static str,
}

/// A new draft, its arguments read.
#[derive(Debug, Clone)]
pub struct NewDraft {
    pub case_id: Option<i64>,
    pub title: String,
    pub kind: DraftKind,
    /// As sent; checked and cleaned when saved.
    pub content: String,
    pub sources: Vec<Source>,
}

/// A new version of a draft. `kind` and `case_id`, when given, must be the draft's own (a model
/// revising the wrong draft is told so); `sources: None` keeps the previous version's.
#[derive(Debug, Clone, Default)]
pub struct Revision {
    pub content: String,
    pub sources: Option<Vec<Source>>,
    pub title: Option<String>,
    pub kind: Option<DraftKind>,
    pub case_id: Option<i64>,
}

/// A file to download.
#[derive(Debug, Clone)]
pub struct Export {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    /// `<title slug>-v<N>.<ext>`.
    pub file_name: String,
}

/// The formats [`export`] writes.
pub const FORMATS: [&str; 3] = ["md", "docx", "pdf"];

// ---------------------------------------------------------------------------------------------
// Reading arguments (REST bodies and the tool's arguments alike).

/// `kind`: `markdown`, `mermaid` or `table`; refused naming the three.
pub fn read_kind(f: &mut Fields<'_>) -> Option<DraftKind> {
    let name = f.required_text("kind", 1_000);
    if name.is_empty() {
        return None;
    }
    match DraftKind::parse(&name) {
        Ok(kind) => Some(kind),
        Err(e) => {
            f.error("kind", e.to_string());
            None
        }
    }
}

/// `title`, on one line.
pub fn read_title(f: &mut Fields<'_>) -> String {
    one_line(&f.required_text("title", MAX_TITLE_CHARS))
}

/// `content` as sent (not trimmed: the check reads it line by line); `None` when not given.
pub fn read_content(f: &mut Fields<'_>, required: bool) -> Option<String> {
    match f.raw("content") {
        Some(serde_json::Value::String(text)) => Some(text.clone()),
        Some(_) => {
            f.error("content", "must be text: the draft itself (Markdown, Mermaid or CSV, as its kind says)");
            None
        }
        None => {
            if required {
                f.error("content", "is required: the draft itself (Markdown, Mermaid or CSV, as its kind says)");
            }
            None
        }
    }
}

/// `sources`: `[{label, url?}]`, a URL only as a web or mail address; `None` when not given.
pub fn read_sources(f: &mut Fields<'_>) -> Option<Vec<Source>> {
    let raw = f.raw("sources")?;
    let Some(items) = raw.as_array() else {
        f.error("sources", "must be a list of {\"label\", \"url\"?} objects");
        return None;
    };
    if items.len() > MAX_SOURCES {
        f.error("sources", format!("at most {MAX_SOURCES} sources"));
        return None;
    }
    let mut sources = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        match source_of(item) {
            Ok(source) => sources.push(source),
            Err(why) => {
                f.error("sources", format!("entry {}: {why}", i + 1));
                return None;
            }
        }
    }
    Some(sources)
}

fn source_of(item: &serde_json::Value) -> Result<Source, String> {
    let Some(object) = item.as_object() else { return Err("must be an object with a \"label\" and an optional \"url\"".into()) };
    if let Some(other) = object.keys().find(|k| *k != "label" && *k != "url") {
        return Err(format!("unknown key \"{other}\"; a source has a \"label\" and an optional \"url\""));
    }
    let label = object.get("label").and_then(|l| l.as_str()).map(one_line).unwrap_or_default();
    if label.is_empty() || label.chars().count() > MAX_SOURCE_LABEL_CHARS {
        return Err(format!("needs a \"label\" of 1 to {MAX_SOURCE_LABEL_CHARS} characters (a section, an opinion, a document)"));
    }
    let url = match object.get("url") {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(url)) => {
            let url = url.trim();
            let lower = url.to_ascii_lowercase();
            let web = ["https://", "http://", "mailto:"].iter().any(|s| lower.starts_with(s));
            if !web || url.chars().count() > MAX_SOURCE_URL_CHARS || url.contains(char::is_whitespace) {
                return Err(format!("\"url\" must be a web address (https://…) of at most {MAX_SOURCE_URL_CHARS} characters"));
            }
            Some(url.to_string())
        }
        Some(_) => return Err("\"url\" must be text".into()),
    };
    Ok(Source { label, url })
}

/// One of `choices` under `name`, required.
pub fn read_choice(f: &mut Fields<'_>, name: &str, choices: &[&str]) -> Option<String> {
    let value = f.one_of(name, choices);
    if value.is_none() {
        // Kept only when nothing else was wrong with it (the first error per name wins).
        f.error(name, format!("is required: one of {}", choices.join(", ")));
    }
    value
}

// ---------------------------------------------------------------------------------------------
// Saving.

/// Checks and stores a new draft (version 1) with its document. Blocking.
pub fn create(state: &AppState, new: NewDraft, created_by: &str) -> Result<DraftView, ApiError> {
    let checked = check(new.kind, &new.content)?;
    save_new(state, new.case_id, Saving::new(&new.title, new.kind, &checked.content, &new.sources, created_by, checked.warnings))
}

/// Checks and stores a new version of draft `id`, and puts its export in the draft's document.
/// Blocking.
pub fn revise(state: &AppState, id: i64, revision: Revision, created_by: &str) -> Result<DraftView, ApiError> {
    let _one_at_a_time = REVISING.lock().unwrap_or_else(|e| e.into_inner());
    let current = latest(state, id)?;
    let kind = kind_of(&current)?;
    expect_same(&current, kind, revision.kind, revision.case_id, "kind")?;
    let checked = check(kind, &revision.content)?;
    let sources = revision.sources.unwrap_or_else(|| current.sources.clone());
    let title = revision.title.as_deref().unwrap_or(&current.title);
    save_version(state, &current, Saving::new(title, kind, &checked.content, &sources, created_by, checked.warnings))
}

/// Builds a draft from case `case_id`'s data with no model — a new draft, or a new version of
/// `draft_id` (whose case it uses when `case_id` is not given). Its source is the case record;
/// it is marked `offline`. Blocking.
pub fn build(
    state: &AppState,
    what: Build,
    case_id: Option<i64>,
    title: Option<String>,
    draft_id: Option<i64>,
) -> Result<DraftView, ApiError> {
    let _one_at_a_time = REVISING.lock().unwrap_or_else(|e| e.into_inner());
    let current = draft_id.map(|id| latest(state, id)).transpose()?;
    if let Some(current) = &current {
        expect_same(current, kind_of(current)?, Some(what.kind()), case_id, "build")?;
    }
    let case_id = case_id.or_else(|| current.as_ref().and_then(|d| d.case_id)).ok_or_else(|| {
        ApiError::field("caseId", format!("is required: the case to build the {} from (its id from GetCases)", what.name()))
    })?;
    // Built again, a draft keeps its title unless a new one is given.
    let title = title.or_else(|| current.as_ref().map(|d| d.title.clone()));
    let built = state.store.read(|c| build_from_case(c, what, case_id, title.as_deref()))?;
    let checked = validate(what.kind(), &built.content)
        .map_err(|e| ApiError::Internal(format!("the {} built from case {case_id} failed its own check: {e}", what.name())))?;
    let mut warnings = built.warnings;
    warnings.extend(checked.warnings);
    let saving = Saving::new(&built.title, what.kind(), &checked.content, &[built.source], "offline", warnings);
    match &current {
        Some(current) => save_version(state, current, saving),
        None => save_new(state, Some(case_id), saving),
    }
}

/// Draft `id` at `version` (the latest when `None`), with what the check flags in it. Blocking.
pub fn get(state: &AppState, id: i64, version: Option<i64>) -> Result<DraftView, ApiError> {
    let stored = state.store.read(|c| drafts::get(c, id, version))?.ok_or_else(|| ApiError::not_found("draft", id))?;
    let warnings = validate(kind_of(&stored)?, &stored.content).map(|c| c.warnings).unwrap_or_default();
    Ok(DraftView { stored, warnings, notice: NOTICE })
}

/// Deletes draft `id`, its versions and its document; false if there is no such draft. Blocking.
pub fn delete(state: &AppState, id: i64) -> Result<bool, ApiError> {
    let Some(stored) = state.store.read(|c| drafts::get(c, id, None))? else { return Ok(false) };
    let Some(document_id) = stored.document_id else { return state.store.write(|c| drafts::delete(c, id)) };
    let (deleted, file) = state.knowledge.replace_passages(Owner::Document(document_id), || {
        state.store.write(|c| {
            let file = documents::delete(c, document_id)?;
            Ok((drafts::delete(c, id)?, file))
        })
    })?;
    if let Some(file) = file {
        ingest::remove_original(state, &file, &format!("draft {id} and its document deleted"));
    }
    Ok(deleted)
}

/// Version `version` of draft `id` (the latest when `None`) as a `format` file. Blocking.
pub fn export(state: &AppState, id: i64, version: Option<i64>, format: &str) -> Result<Export, ApiError> {
    let stored = state.store.read(|c| drafts::get(c, id, version))?.ok_or_else(|| ApiError::not_found("draft", id))?;
    let draft = as_draft(&stored)?;
    let failed = |e: proseva_drafts::DraftError| ApiError::Internal(format!("exporting draft {id}: {e}"));
    let (bytes, content_type) = match format {
        "md" => (to_markdown(&draft).into_bytes(), "text/markdown; charset=utf-8"),
        "docx" => (to_docx(&draft).map_err(failed)?, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        "pdf" => (to_pdf(&draft).map_err(failed)?, "application/pdf"),
        other => return Err(ApiError::field("format", format!("must be one of: {} (not {other:?})", FORMATS.join(", ")))),
    };
    Ok(Export { bytes, content_type, file_name: format!("{}-v{}.{format}", slug(&stored.title), stored.version) })
}

/// A file name's worth of `title`: lower-case ASCII letters and digits joined by `-`, at most
/// 60 characters; `draft` when nothing is left.
pub fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if out.len() >= 60 {
            break;
        }
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() { "draft".into() } else { out.to_string() }
}

fn check(kind: DraftKind, content: &str) -> Result<proseva_drafts::Checked, ApiError> {
    validate(kind, content).map_err(|e| ApiError::field("content", e.to_string()))
}

fn latest(state: &AppState, id: i64) -> Result<StoredDraft, ApiError> {
    state.store.read(|c| drafts::get(c, id, None))?.ok_or_else(|| ApiError::not_found("draft", id))
}

fn kind_of(stored: &StoredDraft) -> Result<DraftKind, ApiError> {
    DraftKind::parse(&stored.kind).map_err(|e| ApiError::Internal(format!("draft {}: {e}", stored.id)))
}

/// A revision keeps its draft's kind and case; `kind_field` names what set the kind.
fn expect_same(
    current: &StoredDraft,
    kind: DraftKind,
    wanted: Option<DraftKind>,
    case_id: Option<i64>,
    kind_field: &str,
) -> Result<(), ApiError> {
    if let Some(wanted) = wanted.filter(|w| *w != kind) {
        return Err(ApiError::field(
            kind_field,
            format!("draft {} is a {kind} draft, and a new version keeps its kind; for a {wanted} draft, leave out draftId", current.id),
        ));
    }
    if let Some(case_id) = case_id.filter(|c| Some(*c) != current.case_id) {
        let belongs = current.case_id.map_or("to no case".to_string(), |c| format!("to case {c}"));
        return Err(ApiError::field("caseId", format!("draft {} belongs {belongs}, not to case {case_id}", current.id)));
    }
    Ok(())
}

/// A version about to be saved: the draft as its exports show it (its version and time are set
/// when it is saved), who made it, and what its check said.
struct Saving<'a> {
    draft: Draft,
    created_by: &'a str,
    warnings: Vec<String>,
}

impl<'a> Saving<'a> {
    fn new(title: &str, kind: DraftKind, content: &str, sources: &[Source], created_by: &'a str, warnings: Vec<String>) -> Self {
        let draft = Draft {
            title: title.to_string(),
            kind,
            content: content.to_string(),
            sources: sources.to_vec(),
            version: 1,
            created: String::new(),
        };
        Saving { draft, created_by, warnings }
    }

    fn version(&self) -> NewVersion<'_> {
        NewVersion {
            content: &self.draft.content,
            sources: &self.draft.sources,
            created_by: self.created_by,
            created_at: &self.draft.created,
        }
    }
}

fn save_new(state: &AppState, case_id: Option<i64>, mut saving: Saving<'_>) -> Result<DraftView, ApiError> {
    saving.draft.version = 1;
    saving.draft.created = now();
    let upload = document_of(case_id, &saving.draft);
    let (_, id) = ingest::ingest_with(state, upload, |c, document| {
        let id = drafts::insert(c, case_id, &saving.draft.title, saving.draft.kind.as_str(), &saving.version())?;
        drafts::set_document(c, id, document.id)?;
        Ok(id)
    })?;
    saved(state, id, saving.warnings)
}

fn save_version(state: &AppState, current: &StoredDraft, mut saving: Saving<'_>) -> Result<DraftView, ApiError> {
    let id = current.id;
    saving.draft.version = u32::try_from(current.version + 1).unwrap_or(u32::MAX);
    saving.draft.created = now();
    let upload = document_of(current.case_id, &saving.draft);
    let record = |c: &Connection, document: &Document| {
        if drafts::latest_version(c, id)? != Some(current.version) {
            return Err(ApiError::Conflict(format!("draft {id} changed while this version was saved; send it again")));
        }
        drafts::add_version(c, id, i64::from(saving.draft.version), &saving.draft.title, &saving.version())?;
        drafts::set_document(c, id, document.id)
    };
    // The document the person deleted is made again.
    match current.document_id {
        Some(document_id) => ingest::replace(state, document_id, upload, record)?,
        None => ingest::ingest_with(state, upload, record)?,
    };
    saved(state, id, saving.warnings)
}

fn saved(state: &AppState, id: i64, warnings: Vec<String>) -> Result<DraftView, ApiError> {
    let stored = latest(state, id)?;
    Ok(DraftView { stored, warnings, notice: NOTICE })
}

/// The document a version is kept as: its Markdown export, `<title slug>.md`, in the draft's case.
fn document_of(case_id: Option<i64>, draft: &Draft) -> Upload {
    Upload {
        file_name: format!("{}.md", slug(&draft.title)),
        bytes: to_markdown(draft).into_bytes(),
        meta: DocumentMeta { case_id, title: draft.title.clone(), kind: DOCUMENT_KIND.into() },
    }
}

fn as_draft(stored: &StoredDraft) -> Result<Draft, ApiError> {
    Ok(Draft {
        title: stored.title.clone(),
        kind: kind_of(stored)?,
        content: stored.content.clone(),
        sources: stored.sources.clone(),
        version: u32::try_from(stored.version).unwrap_or(u32::MAX),
        created: stored.version_created_at.clone(),
    })
}

pub(crate) fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn slugs_are_plain_file_names() {
        assert_eq!(slug("Letter to the Clerk — Smith v. Jones"), "letter-to-the-clerk-smith-v-jones");
        assert_eq!(slug("../../etc/passwd"), "etc-passwd");
        assert_eq!(slug("Réponse"), "r-ponse");
        assert_eq!(slug("§§ —"), "draft");
        assert!(slug(&"long title ".repeat(20)).len() <= 60);
    }

    #[test]
    fn sources_are_labels_with_web_addresses_only() {
        let body = json!({"sources": [{"label": " Va. Code  § 20-124.3 ", "url": "https://law.lis.virginia.gov/vacode/20-124.3/"}, {"label": "Clerk"}]});
        let mut f = Fields::new(&body, &["sources"], "field").unwrap();
        let sources = read_sources(&mut f).unwrap();
        f.finish().unwrap();
        assert_eq!(sources[0].label, "Va. Code § 20-124.3");
        assert_eq!(sources[1].url, None);
        for bad in
            [json!([{"label": "x", "url": "javascript:alert(1)"}]), json!([{"label": ""}]), json!([{"label": "x", "extra": 1}]), json!("x")]
        {
            let body = json!({ "sources": bad });
            let mut f = Fields::new(&body, &["sources"], "field").unwrap();
            assert_eq!(read_sources(&mut f), None, "{bad}");
            assert!(f.finish().unwrap_err().to_string().contains("sources"), "{bad}");
        }
    }
}
