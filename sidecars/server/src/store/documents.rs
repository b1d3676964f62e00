//! `documents`: what the user uploaded — orders, filings, letters, scans — with the text read out
//! of each, page by page (`document_pages`), where its reading stands (`textStatus`: `ready`, or
//! `ocr` while scanned pages are read, `ocr_unavailable`, `failed`) and where its embedding
//! stands (`pending` → `ready` or `failed`). `stage` sums both up for the window.
//!
//! The original file lives under `documents/` in the data dir; the row names it.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;
use serde_json::Value;

use super::{ListFilter, Page, check_case, chunks, exists, now, page};
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
    /// `txt`, `md`, `pdf`, `docx`, `png`, `jpg` or `tiff`.
    pub format: String,
    pub media_type: String,
    pub size_bytes: i64,
    pub sha256: String,
    pub page_count: Option<i64>,
    /// Length of the extracted text in characters.
    pub text_chars: i64,
    pub chunk_count: i64,
    /// `ready`, `ocr` (scanned pages being read), `ocr_unavailable` or `failed`.
    pub text_status: String,
    pub text_error: Option<String>,
    /// The page OCR is reading now.
    pub ocr_page: Option<i64>,
    /// Where the document is on its way, for the window: `ocr` → `words` (searchable by words)
    /// → `meaning` (and by meaning); or `ocr_unavailable` / `failed`, with `problem` saying why.
    pub stage: &'static str,
    pub problem: Option<String>,
    /// `pending`, `ready` or `failed`.
    pub embedding_status: String,
    pub embedding_error: Option<String>,
    pub embedding_model: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

/// A document about to be stored, the text of its pages read where it has a text layer.
#[derive(Debug, Clone)]
pub struct NewDocument {
    pub meta: DocumentMeta,
    pub file_name: String,
    pub format: String,
    pub media_type: String,
    pub stored_file: String,
    pub size_bytes: i64,
    pub sha256: String,
    /// `None` for a page OCR must read.
    pub pages: Vec<Option<String>>,
    /// Whether the pages are worth numbering (PDF, images).
    pub paged: bool,
    /// `ready` when every page is read, else `ocr` or `ocr_unavailable` (with `text_error`).
    pub text_status: &'static str,
    pub text_error: Option<String>,
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
    "textStatus",
    "textError",
    "ocrPage",
    "stage",
    "problem",
];

const COLUMNS: &str = "d.id, d.case_id, d.title, d.kind, d.file_name, d.format, d.media_type, d.size_bytes, d.sha256, d.page_count, d.text_chars,
     (SELECT count(*) FROM chunks k WHERE k.document_id = d.id), d.embedding_status, d.embedding_error, d.embedding_model, d.created_at, d.updated_at,
     d.text_status, d.text_error, d.ocr_page";

fn from_row(r: &Row<'_>) -> rusqlite::Result<Document> {
    let text_status: String = r.get(17)?;
    let text_error: Option<String> = r.get(18)?;
    let embedding_status: String = r.get(12)?;
    let embedding_error: Option<String> = r.get(13)?;
    let (stage, problem) = match (text_status.as_str(), embedding_status.as_str()) {
        ("ocr", _) => ("ocr", None),
        ("ocr_unavailable", _) => ("ocr_unavailable", text_error.clone()),
        ("failed", _) => ("failed", text_error.clone()),
        (_, "ready") => ("meaning", text_error.clone()),
        (_, "failed") => {
            ("words", embedding_error.clone().map(|e| format!("searchable by words only: {e}")).or_else(|| text_error.clone()))
        }
        _ => ("words", text_error.clone()),
    };
    Ok(Document {
        text_status,
        text_error,
        ocr_page: r.get(19)?,
        stage,
        problem,
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
        embedding_status,
        embedding_error,
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

/// In upload order, with the count of all that match.
pub fn list(c: &Connection, filter: &ListFilter) -> Result<Page<Document>, ApiError> {
    let select = format!("SELECT {COLUMNS} FROM documents d WHERE :case IS NULL OR d.case_id = :case");
    page(c, &select, "id", &[(":case", &filter.case_id)], filter, from_row)
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

/// Stores the document and the pages read so far; [`assemble_text`] puts its text together
/// and cuts it into passages once every page is read (or OCR cannot go on).
pub fn insert(c: &Connection, d: &NewDocument) -> Result<i64, ApiError> {
    check_case(c, d.meta.case_id)?;
    c.prepare_cached(
        "INSERT INTO documents (case_id, title, kind, file_name, format, media_type, stored_file, size_bytes, sha256, page_count, text,
                                text_chars, embedding_status, text_status, text_error, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, '', 0, 'pending', ?11, ?12, ?13, ?13)",
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
        d.paged.then_some(d.pages.len() as i64),
        d.text_status,
        d.text_error,
        now()
    ])?;
    let id = c.last_insert_rowid();
    put_text_pages(c, id, &d.pages)?;
    Ok(id)
}

/// Starts reading document `id` again from its pages as just extracted: its old pages, passages
/// and vectors go, the embedding is `pending` again.
pub fn restart_reading(
    c: &Connection,
    id: i64,
    pages: &[Option<String>],
    paged: bool,
    status: &str,
    error: Option<&str>,
) -> Result<(), ApiError> {
    c.prepare_cached("DELETE FROM document_pages WHERE document_id = ?1")?.execute([id])?;
    chunks::delete_for(c, chunks::Owner::Document(id))?;
    c.prepare_cached(
        "UPDATE documents SET page_count = ?2, text = '', text_chars = 0, text_status = ?3, text_error = ?4, ocr_page = NULL,
                              embedding_status = 'pending', embedding_error = NULL, embedding_model = NULL, updated_at = ?5 WHERE id = ?1",
    )?
    .execute(params![id, paged.then_some(pages.len() as i64), status, error, now()])?;
    put_text_pages(c, id, pages)
}

/// Gives document `id` a new original (`d`: its metadata, file and pages as just read) and starts
/// reading it again as [`restart_reading`] does. Returns the name of the stored file it replaces,
/// or `None` if there is no such document.
pub fn replace_original(c: &Connection, id: i64, d: &NewDocument) -> Result<Option<String>, ApiError> {
    let Some(old) = stored_file(c, id)? else { return Ok(None) };
    check_case(c, d.meta.case_id)?;
    c.prepare_cached(
        "UPDATE documents SET case_id = ?2, title = ?3, kind = ?4, file_name = ?5, format = ?6, media_type = ?7, stored_file = ?8,
                              size_bytes = ?9, sha256 = ?10 WHERE id = ?1",
    )?
    .execute(params![
        id,
        d.meta.case_id,
        d.meta.title,
        d.meta.kind,
        d.file_name,
        d.format,
        d.media_type,
        d.stored_file,
        d.size_bytes,
        d.sha256
    ])?;
    restart_reading(c, id, &d.pages, d.paged, d.text_status, d.text_error.as_deref())?;
    Ok(Some(old.stored_file))
}

/// Keeps the pages that were read from the text layer (`None` pages are left to OCR).
fn put_text_pages(c: &Connection, id: i64, pages: &[Option<String>]) -> Result<(), ApiError> {
    for (i, page) in pages.iter().enumerate() {
        if let Some(text) = page {
            put_page(c, id, i + 1, "text", text)?;
        }
    }
    Ok(())
}

/// Keeps the text of page `page` (from 1), read from the text layer (`text`) or by `ocr`.
pub fn put_page(c: &Connection, id: i64, page: usize, source: &str, text: &str) -> Result<(), ApiError> {
    c.prepare_cached("INSERT OR REPLACE INTO document_pages (document_id, page, source, text) VALUES (?1, ?2, ?3, ?4)")?
        .execute(params![id, page as i64, source, text])?;
    Ok(())
}

/// What OCR still has to read of a document: its format, stored file and page count, and the
/// numbers of the pages not read yet, in order.
#[derive(Debug, Clone)]
pub struct Unread {
    pub id: i64,
    pub format: String,
    pub stored_file: String,
    pub page_count: Option<i64>,
    pub pages: Vec<usize>,
}

/// The oldest document waiting for OCR.
pub fn next_unread(c: &Connection) -> Result<Option<Unread>, ApiError> {
    let row: Option<(i64, String, String, Option<i64>)> = c
        .prepare_cached("SELECT id, format, stored_file, page_count FROM documents WHERE text_status = 'ocr' ORDER BY id LIMIT 1")?
        .query_row([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .optional()?;
    let Some((id, format, stored_file, page_count)) = row else { return Ok(None) };
    let read: std::collections::HashSet<i64> = c
        .prepare_cached("SELECT page FROM document_pages WHERE document_id = ?1")?
        .query_map([id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let pages = (1..=page_count.unwrap_or(1)).filter(|p| !read.contains(p)).map(|p| p as usize).collect();
    Ok(Some(Unread { id, format, stored_file, page_count, pages }))
}

/// Marks the page OCR reads now (`None` when it stops), and optionally a new page count (a
/// multi-page TIFF says how many pages it has only once read).
pub fn set_ocr_page(c: &Connection, id: i64, page: Option<usize>, page_count: Option<usize>) -> Result<(), ApiError> {
    c.prepare_cached("UPDATE documents SET ocr_page = ?2, page_count = coalesce(?3, page_count) WHERE id = ?1")?.execute(params![
        id,
        page.map(|p| p as i64),
        page_count.map(|p| p as i64)
    ])?;
    Ok(())
}

/// Puts document `id`'s text together from its pages (in order, a blank line between them; each
/// page's start kept), cuts it into passages, and sets its reading to `status` (`ready`, or
/// `ocr_unavailable` / `failed` with `error`, keeping what pages could be read). Its embedding
/// is `pending` again. Returns false if the document is gone.
pub fn assemble_text(c: &Connection, id: i64, status: &str, error: Option<&str>) -> Result<bool, ApiError> {
    if !exists(c, "documents", id)? {
        return Ok(false);
    }
    let pages: Vec<(i64, String)> = c
        .prepare_cached("SELECT page, text FROM document_pages WHERE document_id = ?1 ORDER BY page")?
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let mut text = String::new();
    let mut chars = 0;
    let mut set_start = c.prepare_cached("UPDATE document_pages SET start_char = ?3 WHERE document_id = ?1 AND page = ?2")?;
    for (page, page_text) in &pages {
        let page_text = crate::extract::normalise(page_text);
        if !page_text.is_empty() && !text.is_empty() {
            text.push_str("\n\n");
            chars += 2;
        }
        set_start.execute(params![id, page, chars as i64])?;
        chars += page_text.chars().count();
        text.push_str(&page_text);
    }
    // A scan with nothing legible on it is not "ready": say so.
    let (status, error) = if status == "ready" && text.is_empty() {
        ("failed", Some("no text could be read from the scanned pages (is the scan blank or very faint? scan it at 300 dpi)"))
    } else {
        (status, error)
    };
    chunks::delete_for(c, chunks::Owner::Document(id))?;
    let passages = chunks::cut(&text);
    chunks::insert_all(c, chunks::Owner::Document(id), &text, &passages)?;
    // A problem noted while reading (a page OCR could not read) stays unless a new one replaces it.
    c.prepare_cached(
        "UPDATE documents SET text = ?2, text_chars = ?3, text_status = ?4, text_error = coalesce(?5, text_error), ocr_page = NULL,
                              embedding_status = 'pending',
                              embedding_error = NULL, embedding_model = NULL, updated_at = ?6 WHERE id = ?1",
    )?
    .execute(params![id, text, chars as i64, status, error, now()])?;
    Ok(true)
}

/// Adds `problem` to what went wrong while reading document `id` (shown beside its stage).
pub fn note_problem(c: &Connection, id: i64, problem: &str) -> Result<(), ApiError> {
    c.prepare_cached(
        "UPDATE documents SET text_error = CASE WHEN text_error IS NULL THEN ?2 ELSE text_error || '; ' || ?2 END WHERE id = ?1",
    )?
    .execute(params![id, problem])?;
    Ok(())
}

/// Whether some document waits for OCR to be installed.
pub fn any_ocr_unavailable(c: &Connection) -> Result<bool, ApiError> {
    Ok(c.prepare_cached("SELECT EXISTS (SELECT 1 FROM documents WHERE text_status = 'ocr_unavailable')")?.query_row([], |r| r.get(0))?)
}

/// Sends documents that could not be read for want of OCR back to OCR; returns how many.
pub fn retry_ocr_unavailable(c: &Connection) -> Result<usize, ApiError> {
    Ok(c.prepare_cached("UPDATE documents SET text_status = 'ocr', text_error = NULL WHERE text_status = 'ocr_unavailable'")?.execute([])?)
}

/// `(page, first character)` of each page of a paged document, for the viewer's page markers.
pub fn page_starts(c: &Connection, id: i64) -> Result<Vec<PageStart>, ApiError> {
    Ok(c.prepare_cached(
        "SELECT p.page, p.start_char FROM document_pages p JOIN documents d ON d.id = p.document_id
             WHERE p.document_id = ?1 AND d.page_count IS NOT NULL AND p.start_char IS NOT NULL ORDER BY p.page",
    )?
    .query_map([id], |r| Ok(PageStart { page: r.get(0)?, start: r.get(1)? }))?
    .collect::<Result<_, _>>()?)
}

/// Where a page starts in a document's text, in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PageStart {
    pub page: i64,
    pub start: i64,
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
    chunks::delete_for(c, chunks::Owner::Document(id))?;
    c.prepare_cached("DELETE FROM documents WHERE id = ?1")?.execute([id])?;
    Ok(Some(file.stored_file))
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
    /// Where each of the document's pages starts (PDFs and scans; absent for other formats).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pages: Option<Vec<PageStart>>,
}

/// Up to `limit` characters of document `id`'s text from character `offset`.
pub fn text_page(c: &Connection, id: i64, offset: usize, limit: usize) -> Result<Option<TextPage>, ApiError> {
    let Some((title, text)) = self::text(c, id)? else { return Ok(None) };
    let total = text.chars().count();
    let byte_at = |chars: usize| text.char_indices().nth(chars).map_or(text.len(), |(b, _)| b);
    let start = byte_at(offset);
    let end = start + text[start..].char_indices().nth(limit).map_or(text.len() - start, |(b, _)| b);
    let next = offset.saturating_add(limit);
    let pages = page_starts(c, id)?;
    Ok(Some(TextPage {
        id,
        title,
        offset,
        limit,
        total,
        next_offset: (next < total).then_some(next),
        text: text[start..end].to_string(),
        pages: (!pages.is_empty()).then_some(pages),
    }))
}
