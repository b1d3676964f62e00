//! `chunks`: the text of a document or a note cut into passages, each with its byte offsets, its
//! vector once embedded, and a full-text index (`chunks_fts`).

use rusqlite::{Connection, OptionalExtension, params};

use super::{decode_vector, encode_vector};
use crate::ApiError;

/// Passage size for embedding and search: about 200 tokens, inside the model's 256-token window.
/// The same sizes as the explorer's, so the two searches behave alike.
pub const CHUNK_CHARS: usize = 1000;
pub const CHUNK_OVERLAP: usize = 150;

/// `text` cut into passages of [`CHUNK_CHARS`] overlapping by [`CHUNK_OVERLAP`].
pub fn cut(text: &str) -> Vec<proseva_embed::chunk::Chunk> {
    proseva_embed::chunk::chunk_text(text, CHUNK_CHARS, CHUNK_OVERLAP)
}

/// What a passage belongs to: an uploaded document or one of the person's notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Owner {
    Document(i64),
    Note(i64),
}

impl Owner {
    /// `document` or `note`, as search results say where a passage came from.
    pub fn kind(self) -> &'static str {
        match self {
            Owner::Document(_) => "document",
            Owner::Note(_) => "note",
        }
    }

    pub fn id(self) -> i64 {
        match self {
            Owner::Document(id) | Owner::Note(id) => id,
        }
    }

    /// The `chunks` column that names this kind of owner.
    fn column(self) -> &'static str {
        match self {
            Owner::Document(_) => "document_id",
            Owner::Note(_) => "note_id",
        }
    }

    /// The table the owner lives in.
    fn table(self) -> &'static str {
        match self {
            Owner::Document(_) => "documents",
            Owner::Note(_) => "notes",
        }
    }

    /// From the `(document_id, note_id)` columns of a row; exactly one is set (a CHECK says so).
    fn from_columns(document: Option<i64>, note: Option<i64>) -> rusqlite::Result<Owner> {
        match (document, note) {
            (Some(id), None) => Ok(Owner::Document(id)),
            (None, Some(id)) => Ok(Owner::Note(id)),
            _ => Err(rusqlite::Error::InvalidQuery),
        }
    }
}

/// A stored passage with what it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct Passage {
    pub chunk_id: i64,
    pub owner: Owner,
    /// The document's or the note's title.
    pub title: String,
    /// Position of the passage in its document, from 0.
    pub seq: i64,
    /// Byte offsets into the document's extracted text.
    pub start: i64,
    pub end: i64,
    /// `start` counted in characters, for paging through the text with `GetDocumentText`.
    pub start_char: i64,
    pub text: String,
}

/// Stores the passages `chunks` of `text` (the document's extracted text, or the note's body,
/// they were cut from).
pub fn insert_all(c: &Connection, owner: Owner, text: &str, chunks: &[proseva_embed::chunk::Chunk]) -> Result<(), ApiError> {
    let mut stmt = c.prepare_cached(&format!(
        "INSERT INTO chunks ({}, seq, start_byte, end_byte, start_char, text) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        owner.column()
    ))?;
    // Chunks come in order, so characters are counted once across the whole text.
    let (mut counted_bytes, mut counted_chars) = (0, 0);
    for (seq, chunk) in chunks.iter().enumerate() {
        if chunk.start >= counted_bytes {
            counted_chars += text[counted_bytes..chunk.start].chars().count();
        } else {
            counted_chars -= text[chunk.start..counted_bytes].chars().count();
        }
        counted_bytes = chunk.start;
        stmt.execute(params![owner.id(), seq as i64, chunk.start as i64, chunk.end as i64, counted_chars as i64, chunk.text])?;
    }
    Ok(())
}

/// `(chunk id, text)` of a document's or a note's passages, in order.
pub fn texts_of(c: &Connection, owner: Owner) -> Result<Vec<(i64, String)>, ApiError> {
    let mut stmt = c.prepare_cached(&format!("SELECT id, text FROM chunks WHERE {} = ?1 ORDER BY seq", owner.column()))?;
    Ok(stmt.query_map([owner.id()], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?)
}

pub fn set_vector(c: &Connection, chunk_id: i64, vector: &[f32]) -> Result<(), ApiError> {
    c.prepare_cached("UPDATE chunks SET vector = ?2 WHERE id = ?1")?.execute(params![chunk_id, encode_vector(vector)])?;
    Ok(())
}

pub fn clear_vectors(c: &Connection, owner: Owner) -> Result<(), ApiError> {
    c.prepare_cached(&format!("UPDATE chunks SET vector = NULL WHERE {} = ?1", owner.column()))?.execute([owner.id()])?;
    Ok(())
}

pub fn delete_for(c: &Connection, owner: Owner) -> Result<(), ApiError> {
    c.prepare_cached(&format!("DELETE FROM chunks WHERE {} = ?1", owner.column()))?.execute([owner.id()])?;
    Ok(())
}

/// Calls `each(chunk id, owner, vector)` for every embedded passage of a ready document or note.
pub fn for_each_vector(c: &Connection, mut each: impl FnMut(i64, Owner, Vec<f32>)) -> Result<(), ApiError> {
    let mut stmt = c.prepare(
        "SELECT k.id, k.document_id, k.note_id, k.vector FROM chunks k
         LEFT JOIN documents d ON d.id = k.document_id LEFT JOIN notes n ON n.id = k.note_id
         WHERE k.vector IS NOT NULL AND coalesce(d.embedding_status, n.embedding_status) = 'ready' ORDER BY k.id",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let owner = Owner::from_columns(row.get(1)?, row.get(2)?)?;
        let bytes = row.get_ref(3)?.as_blob().map_err(rusqlite::Error::from)?;
        each(row.get(0)?, owner, decode_vector(bytes));
    }
    Ok(())
}

/// Passage ids matching an FTS5 query, best (BM25) first.
pub fn text_search(c: &Connection, fts: &str, limit: usize) -> Result<Vec<i64>, ApiError> {
    let mut stmt = c.prepare_cached("SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ?1 ORDER BY bm25(chunks_fts) LIMIT ?2")?;
    Ok(stmt.query_map(params![fts, limit as i64], |r| r.get(0))?.collect::<Result<_, _>>()?)
}

/// The passages with these ids, in the order given; ids that no longer exist are skipped.
pub fn passages(c: &Connection, ids: &[i64]) -> Result<Vec<Passage>, ApiError> {
    let mut stmt = c.prepare_cached(
        "SELECT k.id, k.document_id, k.note_id, coalesce(d.title, n.title), k.seq, k.start_byte, k.end_byte, k.start_char, k.text
         FROM chunks k LEFT JOIN documents d ON d.id = k.document_id LEFT JOIN notes n ON n.id = k.note_id
         WHERE k.id = ?1",
    )?;
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let mut rows = stmt.query_map([id], |r| {
            Ok(Passage {
                chunk_id: r.get(0)?,
                owner: Owner::from_columns(r.get(1)?, r.get(2)?)?,
                title: r.get::<_, Option<String>>(3)?.unwrap_or_default(),
                seq: r.get(4)?,
                start: r.get(5)?,
                end: r.get(6)?,
                start_char: r.get(7)?,
                text: r.get(8)?,
            })
        })?;
        if let Some(p) = rows.next() {
            out.push(p?);
        }
    }
    Ok(out)
}

/// What to embed next: a note waiting (they are short, and a saved answer should be found by
/// meaning soon), else the oldest waiting document whose text is read (not still in OCR).
pub fn next_pending(c: &Connection) -> Result<Option<Owner>, ApiError> {
    let note = c
        .prepare_cached("SELECT id FROM notes WHERE embedding_status = 'pending' ORDER BY id LIMIT 1")?
        .query_row([], |r| r.get(0))
        .optional()?;
    if let Some(id) = note {
        return Ok(Some(Owner::Note(id)));
    }
    let document = c
        .prepare_cached("SELECT id FROM documents WHERE embedding_status = 'pending' AND text_status <> 'ocr' ORDER BY id LIMIT 1")?
        .query_row([], |r| r.get(0))
        .optional()?;
    Ok(document.map(Owner::Document))
}

pub fn is_pending(c: &Connection, owner: Owner) -> Result<bool, ApiError> {
    Ok(c.prepare_cached(&format!("SELECT EXISTS (SELECT 1 FROM {} WHERE id = ?1 AND embedding_status = 'pending')", owner.table()))?
        .query_row([owner.id()], |r| r.get(0))?)
}

pub fn mark_ready(c: &Connection, owner: Owner, model: &str) -> Result<(), ApiError> {
    let extra = if owner.table() == "documents" { ", embedding_error = NULL" } else { "" };
    c.prepare_cached(&format!("UPDATE {} SET embedding_status = 'ready', embedding_model = ?2{extra} WHERE id = ?1", owner.table()))?
        .execute(params![owner.id(), model])?;
    Ok(())
}

pub fn mark_failed(c: &Connection, owner: Owner, error: &str) -> Result<(), ApiError> {
    match owner {
        Owner::Document(id) => c
            .prepare_cached("UPDATE documents SET embedding_status = 'failed', embedding_error = ?2 WHERE id = ?1")?
            .execute(params![id, error])?,
        Owner::Note(id) => c.prepare_cached("UPDATE notes SET embedding_status = 'failed' WHERE id = ?1")?.execute([id])?,
    };
    Ok(())
}

/// Sends every document and note embedded by a model other than `model` back to `pending`
/// (their vectors cannot be compared with the new model's). Returns how many.
pub fn requeue_other_models(c: &Connection, model: &str) -> Result<usize, ApiError> {
    let mut count = 0;
    for table in ["documents", "notes"] {
        let ids: Vec<i64> = c
            .prepare(&format!("SELECT id FROM {table} WHERE embedding_status = 'ready' AND embedding_model IS NOT ?1"))?
            .query_map([model], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let column = if table == "documents" { "document_id" } else { "note_id" };
        for &id in &ids {
            c.prepare_cached(&format!("UPDATE chunks SET vector = NULL WHERE {column} = ?1"))?.execute([id])?;
            c.prepare_cached(&format!("UPDATE {table} SET embedding_status = 'pending', embedding_model = NULL WHERE id = ?1"))?
                .execute([id])?;
        }
        count += ids.len();
    }
    Ok(count)
}
