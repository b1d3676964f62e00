//! `chunks`: a document's text cut into passages, each with its byte offsets, its vector once
//! embedded, and a full-text index (`chunks_fts`).

use rusqlite::{Connection, params};

use super::{decode_vector, encode_vector};
use crate::ApiError;

/// A stored passage with the document it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct Passage {
    pub chunk_id: i64,
    pub document_id: i64,
    pub document_title: String,
    /// Position of the passage in its document, from 0.
    pub seq: i64,
    /// Byte offsets into the document's extracted text.
    pub start: i64,
    pub end: i64,
    /// `start` counted in characters, for paging through the text with `GetDocumentText`.
    pub start_char: i64,
    pub text: String,
}

/// Stores the passages `chunks` of `text` (the document's extracted text they were cut from).
pub fn insert_all(c: &Connection, document_id: i64, text: &str, chunks: &[proseva_embed::chunk::Chunk]) -> Result<(), ApiError> {
    let mut stmt =
        c.prepare_cached("INSERT INTO chunks (document_id, seq, start_byte, end_byte, start_char, text) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")?;
    // Chunks come in order, so characters are counted once across the whole text.
    let (mut counted_bytes, mut counted_chars) = (0, 0);
    for (seq, chunk) in chunks.iter().enumerate() {
        if chunk.start >= counted_bytes {
            counted_chars += text[counted_bytes..chunk.start].chars().count();
        } else {
            counted_chars -= text[chunk.start..counted_bytes].chars().count();
        }
        counted_bytes = chunk.start;
        stmt.execute(params![document_id, seq as i64, chunk.start as i64, chunk.end as i64, counted_chars as i64, chunk.text])?;
    }
    Ok(())
}

/// `(chunk id, text)` of a document's passages, in order.
pub fn texts_of(c: &Connection, document_id: i64) -> Result<Vec<(i64, String)>, ApiError> {
    let mut stmt = c.prepare_cached("SELECT id, text FROM chunks WHERE document_id = ?1 ORDER BY seq")?;
    Ok(stmt.query_map([document_id], |r| Ok((r.get(0)?, r.get(1)?)))?.collect::<Result<_, _>>()?)
}

pub fn set_vector(c: &Connection, chunk_id: i64, vector: &[f32]) -> Result<(), ApiError> {
    c.prepare_cached("UPDATE chunks SET vector = ?2 WHERE id = ?1")?.execute(params![chunk_id, encode_vector(vector)])?;
    Ok(())
}

pub fn clear_vectors(c: &Connection, document_id: i64) -> Result<(), ApiError> {
    c.prepare_cached("UPDATE chunks SET vector = NULL WHERE document_id = ?1")?.execute([document_id])?;
    Ok(())
}

pub fn delete_for_document(c: &Connection, document_id: i64) -> Result<(), ApiError> {
    c.prepare_cached("DELETE FROM chunks WHERE document_id = ?1")?.execute([document_id])?;
    Ok(())
}

/// Calls `each(chunk id, document id, vector)` for every embedded passage of a ready document.
pub fn for_each_vector(c: &Connection, mut each: impl FnMut(i64, i64, Vec<f32>)) -> Result<(), ApiError> {
    let mut stmt = c.prepare(
        "SELECT k.id, k.document_id, k.vector FROM chunks k JOIN documents d ON d.id = k.document_id
         WHERE k.vector IS NOT NULL AND d.embedding_status = 'ready' ORDER BY k.id",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(row) = rows.next()? {
        let bytes = row.get_ref(2)?.as_blob().map_err(rusqlite::Error::from)?;
        each(row.get(0)?, row.get(1)?, decode_vector(bytes));
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
        "SELECT k.id, k.document_id, d.title, k.seq, k.start_byte, k.end_byte, k.start_char, k.text FROM chunks k JOIN documents d ON d.id = k.document_id
         WHERE k.id = ?1",
    )?;
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let mut rows = stmt.query_map([id], |r| {
            Ok(Passage {
                chunk_id: r.get(0)?,
                document_id: r.get(1)?,
                document_title: r.get(2)?,
                seq: r.get(3)?,
                start: r.get(4)?,
                end: r.get(5)?,
                start_char: r.get(6)?,
                text: r.get(7)?,
            })
        })?;
        if let Some(p) = rows.next() {
            out.push(p?);
        }
    }
    Ok(out)
}
