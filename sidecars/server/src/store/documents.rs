//! `documents`: what the user uploaded — orders, filings, letters — with the text read out of
//! each and where its embedding stands (`pending` → `ready` or `failed`).
//!
//! The original file lives under `documents/` in the data dir; the row names it.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use serde_json::Value;

use super::{ListFilter, check_case, chunks, now};
use crate::ApiError;
use crate::fields::Fields;

/// A document as listed: everything but its text.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Document {
    pub id: i64,
    pub case_id: Option<i64>,
    pub title: String,
    pub kind: String,
    pub file_name: String,
    /// `txt`, `md`, `pdf` or `docx`.
    pub format: String,
    pub media_type: String,
    pub size_bytes: i64,
    pub sha256: String,
    pub page_count: Option<i64>,
    /// Length of the extracted text in characters.
    pub text_chars: i64,
    pub chunk_count: i64,
    /// `pending`, `ready` or `failed`.
    pub embedding_status: String,
    pub embedding_error: Option<String>,
    pub embedding_model: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

/// A document about to be stored, its text already extracted and chunked.
#[derive(Debug, Clone)]
pub struct NewDocument {
    pub meta: DocumentMeta,
    pub file_name: String,
    pub format: String,
    pub media_type: String,
    pub stored_file: String,
    pub size_bytes: i64,
    pub sha256: String,
    pub page_count: Option<i64>,
    pub text: String,
}

/// What a client may change about a stored document.
#[derive(Debug, Clone, Default)]
pub struct DocumentMeta {
    pub case_id: Option<i64>,
    pub title: String,
    pub kind: String,
}

/// The stored original of a document.
#[derive(Debug, Clone)]
pub struct StoredFile {
    pub file_name: String,
    pub media_type: String,
    pub stored_file: String,
}

pub const META_FIELDS: &[&str] = &["caseId", "title", "kind"];
/// Fields a document shows that only the server sets.
pub const COMPUTED: &[&str] = &[
    "fileName",
    "format",
    "mediaType",
    "sizeBytes",
    "sha256",
    "pageCount",
    "textChars",
    "chunkCount",
    "embeddingStatus",
    "embeddingError",
    "embeddingModel",
];

const COLUMNS: &str = "d.id, d.case_id, d.title, d.kind, d.file_name, d.format, d.media_type, d.size_bytes, d.sha256, d.page_count, d.text_chars,
     (SELECT count(*) FROM chunks k WHERE k.document_id = d.id), d.embedding_status, d.embedding_error, d.embedding_model, d.created_at, d.updated_at";

fn from_row(r: &Row<'_>) -> rusqlite::Result<Document> {
    Ok(Document {
        id: r.get(0)?,
        case_id: r.get(1)?,
        title: r.get(2)?,
        kind: r.get(3)?,
        file_name: r.get(4)?,
        format: r.get(5)?,
        media_type: r.get(6)?,
        size_bytes: r.get(7)?,
        sha256: r.get(8)?,
        page_count: r.get(9)?,
        text_chars: r.get(10)?,
        chunk_count: r.get(11)?,
        embedding_status: r.get(12)?,
        embedding_error: r.get(13)?,
        embedding_model: r.get(14)?,
        created_at: r.get(15)?,
        updated_at: r.get(16)?,
    })
}

/// Reads `{caseId?, title?, kind?}`; a missing title is left empty for the caller to fill.
pub fn parse_meta(body: &Value) -> Result<DocumentMeta, ApiError> {
    let mut f = Fields::record(body, META_FIELDS, COMPUTED)?;
    let meta = DocumentMeta {
        case_id: f.id("caseId"),
        title: f.text("title", 300).unwrap_or_default(),
        kind: f.text("kind", 50).unwrap_or_else(|| "other".into()),
    };
    f.finish()?;
    Ok(meta)
}

pub fn list(c: &Connection, filter: &ListFilter) -> Result<Vec<Document>, ApiError> {
    let (limit, offset) = filter.limit_offset();
    let mut stmt = c.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM documents d WHERE ?1 IS NULL OR d.case_id = ?1 ORDER BY d.id LIMIT ?2 OFFSET ?3"
    ))?;
    Ok(stmt.query_map(params![filter.case_id, limit, offset], from_row)?.collect::<Result<_, _>>()?)
}

pub fn get(c: &Connection, id: i64) -> Result<Option<Document>, ApiError> {
    Ok(c.prepare_cached(&format!("SELECT {COLUMNS} FROM documents d WHERE d.id = ?1"))?.query_row([id], from_row).optional()?)
}

/// `(title, extracted text)`.
pub fn text(c: &Connection, id: i64) -> Result<Option<(String, String)>, ApiError> {
    Ok(c.prepare_cached("SELECT title, text FROM documents WHERE id = ?1")?.query_row([id], |r| Ok((r.get(0)?, r.get(1)?))).optional()?)
}

pub fn stored_file(c: &Connection, id: i64) -> Result<Option<StoredFile>, ApiError> {
    Ok(c.prepare_cached("SELECT file_name, media_type, stored_file FROM documents WHERE id = ?1")?
        .query_row([id], |r| Ok(StoredFile { file_name: r.get(0)?, media_type: r.get(1)?, stored_file: r.get(2)? }))
        .optional()?)
}

/// Stores the document and its passages; embedding is `pending`.
pub fn insert(c: &Connection, d: &NewDocument, passages: &[proseva_embed::chunk::Chunk]) -> Result<i64, ApiError> {
    check_case(c, d.meta.case_id)?;
    c.prepare_cached(
        "INSERT INTO documents (case_id, title, kind, file_name, format, media_type, stored_file, size_bytes, sha256, page_count, text,
                                text_chars, embedding_status, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 'pending', ?13, ?13)",
    )?
    .execute(params![
        d.meta.case_id,
        d.meta.title,
        d.meta.kind,
        d.file_name,
        d.format,
        d.media_type,
        d.stored_file,
        d.size_bytes,
        d.sha256,
        d.page_count,
        d.text,
        d.text.chars().count() as i64,
        now()
    ])?;
    let id = c.last_insert_rowid();
    chunks::insert_all(c, id, &d.text, passages)?;
    Ok(id)
}

pub fn update_meta(c: &Connection, id: i64, meta: &DocumentMeta) -> Result<(), ApiError> {
    check_case(c, meta.case_id)?;
    c.prepare_cached("UPDATE documents SET case_id = ?2, title = ?3, kind = ?4, updated_at = ?5 WHERE id = ?1")?.execute(params![
        id,
        meta.case_id,
        meta.title,
        meta.kind,
        now()
    ])?;
    Ok(())
}

/// Deletes the document and its passages; returns the stored file's name to remove, if it existed.
pub fn delete(c: &Connection, id: i64) -> Result<Option<String>, ApiError> {
    let Some(file) = stored_file(c, id)? else { return Ok(None) };
    chunks::delete_for_document(c, id)?;
    c.prepare_cached("DELETE FROM documents WHERE id = ?1")?.execute([id])?;
    Ok(Some(file.stored_file))
}

/// The oldest document waiting to be embedded.
pub fn next_pending(c: &Connection) -> Result<Option<i64>, ApiError> {
    Ok(c.prepare_cached("SELECT id FROM documents WHERE embedding_status = 'pending' ORDER BY id LIMIT 1")?
        .query_row([], |r| r.get(0))
        .optional()?)
}

pub fn is_pending(c: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(c.prepare_cached("SELECT EXISTS (SELECT 1 FROM documents WHERE id = ?1 AND embedding_status = 'pending')")?
        .query_row([id], |r| r.get(0))?)
}

pub fn mark_ready(c: &Connection, id: i64, model: &str) -> Result<(), ApiError> {
    c.prepare_cached("UPDATE documents SET embedding_status = 'ready', embedding_error = NULL, embedding_model = ?2 WHERE id = ?1")?
        .execute(params![id, model])?;
    Ok(())
}

pub fn mark_failed(c: &Connection, id: i64, error: &str) -> Result<(), ApiError> {
    c.prepare_cached("UPDATE documents SET embedding_status = 'failed', embedding_error = ?2 WHERE id = ?1")?
        .execute(params![id, error])?;
    Ok(())
}

/// Sends every document embedded by a model other than `model` back to `pending` (their vectors
/// cannot be compared with the new model's). Returns how many.
pub fn requeue_other_models(c: &Connection, model: &str) -> Result<usize, ApiError> {
    let ids: Vec<i64> = c
        .prepare("SELECT id FROM documents WHERE embedding_status = 'ready' AND embedding_model IS NOT ?1")?
        .query_map([model], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for &id in &ids {
        chunks::clear_vectors(c, id)?;
        c.prepare_cached("UPDATE documents SET embedding_status = 'pending', embedding_model = NULL WHERE id = ?1")?.execute([id])?;
    }
    Ok(ids.len())
}

/// Characters of text returned at once unless `limit` says otherwise.
pub const DEFAULT_TEXT_PAGE: usize = 8_000;
pub const MAX_TEXT_PAGE: usize = 100_000;

/// A piece of a document's text, counted in characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TextPage {
    pub id: i64,
    pub title: String,
    pub offset: usize,
    pub limit: usize,
    /// Characters in the whole text.
    pub total: usize,
    /// Where the next page starts, or `None` after the last one.
    pub next_offset: Option<usize>,
    pub text: String,
}

/// Up to `limit` characters of document `id`'s text from character `offset`.
pub fn text_page(c: &Connection, id: i64, offset: usize, limit: usize) -> Result<Option<TextPage>, ApiError> {
    let Some((title, text)) = self::text(c, id)? else { return Ok(None) };
    let total = text.chars().count();
    let byte_at = |chars: usize| text.char_indices().nth(chars).map_or(text.len(), |(b, _)| b);
    let start = byte_at(offset);
    let end = start + text[start..].char_indices().nth(limit).map_or(text.len() - start, |(b, _)| b);
    let next = offset.saturating_add(limit);
    Ok(Some(TextPage { id, title, offset, limit, total, next_offset: (next < total).then_some(next), text: text[start..end].to_string() }))
}
