//! Taking in an uploaded document: read its text, keep the original under `documents/`, store
//! its pages and passages, and queue it for embedding. A file whose pages all have text is read
//! before the upload is answered, so a file that cannot be read is refused at once with the
//! reason; scanned pages are left to the OCR reader ([`crate::reader`]), in the background.

use rusqlite::Connection;
use sha2::{Digest, Sha256};

use crate::extract::{self, Extracted};
use crate::store::chunks::Owner;
use crate::store::documents::{self, Document, DocumentMeta, NewDocument};
use crate::{ApiError, AppState};

/// A file as received.
#[derive(Debug, Clone)]
pub struct Upload {
    pub file_name: String,
    pub bytes: Vec<u8>,
    pub meta: DocumentMeta,
}

/// Stores `upload` and returns it as listed: its text read (`words`), or its scanned pages
/// waiting for OCR (`ocr`), or kept without them when OCR is not installed. Blocking.
pub fn ingest(state: &AppState, upload: Upload) -> Result<Document, ApiError> {
    ingest_with(state, upload, |_, _| Ok(())).map(|(document, ())| document)
}

/// [`ingest`], and `also` run in the same transaction with the stored document (a draft records
/// the document it is kept as): if `also` fails, nothing is stored. Blocking.
pub fn ingest_with<T>(
    state: &AppState,
    upload: Upload,
    also: impl FnOnce(&Connection, &Document) -> Result<T, ApiError>,
) -> Result<(Document, T), ApiError> {
    let (document, text_status, text_error) = read(state, upload)?;
    let stored_file = document.stored_file.clone();
    let stored = state.store.write(|c| {
        let id = documents::insert(c, &document)?;
        if text_status != "ocr" {
            documents::assemble_text(c, id, text_status, text_error.as_deref())?;
        }
        let stored = documents::get(c, id)?.ok_or_else(|| ApiError::Internal(format!("document {id} vanished after insert")))?;
        let value = also(c, &stored)?;
        Ok((stored, value))
    });
    match stored {
        Ok(stored) => {
            wake_for(state, text_status);
            Ok(stored)
        }
        Err(e) => {
            // Nothing points at the file; don't leave it behind.
            let _ = state.privacy.remove_file(&stored_file);
            Err(e)
        }
    }
}

/// Gives document `id` a new original, `upload` (its title, kind and case too), read as an upload
/// is: its pages, passages and vectors are made anew, and `also` runs in the same transaction.
/// The file it replaces is removed once the change is stored. A 404 if there is no such
/// document. Blocking.
pub fn replace<T>(
    state: &AppState,
    id: i64,
    upload: Upload,
    also: impl FnOnce(&Connection, &Document) -> Result<T, ApiError>,
) -> Result<(Document, T), ApiError> {
    let (document, text_status, text_error) = read(state, upload)?;
    let changed = state.knowledge.replace_passages(Owner::Document(id), || {
        state.store.write(|c| {
            let old = documents::replace_original(c, id, &document)?.ok_or_else(|| ApiError::not_found("document", id))?;
            if text_status != "ocr" {
                documents::assemble_text(c, id, text_status, text_error.as_deref())?;
            }
            let stored = documents::get(c, id)?.ok_or_else(|| ApiError::not_found("document", id))?;
            let value = also(c, &stored)?;
            Ok((stored, value, old))
        })
    });
    match changed {
        Ok((stored, value, old)) => {
            remove_original(state, &old, &format!("document {id} has a new original"));
            wake_for(state, text_status);
            Ok((stored, value))
        }
        Err(e) => {
            let _ = state.privacy.remove_file(&document.stored_file);
            Err(e)
        }
    }
}

/// Removes a stored original nothing points at any more (`what` happened, for the log when the
/// file cannot be removed: the change stands).
pub fn remove_original(state: &AppState, stored_file: &str, what: &str) {
    if let Err(e) = state.privacy.remove_file(stored_file) {
        tracing::warn!("{what}, but its stored file stays: {e}");
    }
}

/// Reads `upload`'s text and keeps its bytes under `documents/` (durably, under a name of its
/// own): the document to store, its reading status and the problem, if any.
fn read(state: &AppState, upload: Upload) -> Result<(NewDocument, &'static str, Option<String>), ApiError> {
    let Upload { file_name, bytes, mut meta } = upload;
    let file_name = clean_file_name(&file_name);
    let extracted = extract::extract(&file_name, &bytes)?;
    let (text_status, text_error) = state.reader.status_for(&extracted);
    let Extracted { format, pages, paged } = extracted;
    if meta.title.is_empty() {
        meta.title = file_name.rsplit_once('.').map_or(file_name.as_str(), |(stem, _)| stem).trim().to_string();
    }
    if meta.title.is_empty() {
        meta.title = "Untitled document".into();
    }

    let sha256 = format!("{:x}", Sha256::digest(&bytes));
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let stored_file = format!("{}-{nanos}.{}", &sha256[..16], format.name());
    // Sealed when the case file is encrypted.
    state.privacy.write_file(&stored_file, &bytes)?;

    let document = NewDocument {
        meta,
        file_name,
        format: format.name().into(),
        media_type: format.media_type().into(),
        stored_file,
        size_bytes: bytes.len() as i64,
        sha256,
        pages,
        paged,
        text_status,
        text_error: text_error.clone(),
    };
    Ok((document, text_status, text_error))
}

/// Reads document `id` again from its stored original (after installing Tesseract, say): its
/// pages, passages and vectors are made anew. A file that cannot be read leaves the document as
/// it was. Blocking.
pub fn reread(state: &AppState, id: i64) -> Result<Document, ApiError> {
    let stored = state.store.read(|c| documents::stored_file(c, id))?.ok_or_else(|| ApiError::not_found("document", id))?;
    let bytes = state.privacy.read_file(&stored.stored_file).map_err(|e| match e {
        ApiError::Locked => ApiError::Locked,
        e => ApiError::Internal(format!("the original of document {id} cannot be read: {e}")),
    })?;
    let extracted = extract::extract(&stored.file_name, &bytes)?;
    let (text_status, text_error) = state.reader.status_for(&extracted);
    let document = state.knowledge.replace_passages(Owner::Document(id), || {
        state.store.write(|c| {
            documents::restart_reading(c, id, &extracted.pages, extracted.paged, text_status, text_error.as_deref())?;
            if text_status != "ocr" {
                documents::assemble_text(c, id, text_status, text_error.as_deref())?;
            }
            documents::get(c, id)?.ok_or_else(|| ApiError::not_found("document", id))
        })
    })?;
    wake_for(state, text_status);
    Ok(document)
}

fn wake_for(state: &AppState, text_status: &str) {
    if text_status == "ocr" {
        state.reader.wake();
    } else {
        state.knowledge.wake();
    }
}

/// The last part of a name that may carry a path (`C:\\scans\\letter.png`, `../../x.pdf`),
/// without control characters, at most 255 characters; `upload` if nothing is left.
pub fn clean_file_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = last.chars().filter(|c| !c.is_control()).take(255).collect();
    let cleaned = cleaned.trim().trim_start_matches('.').trim().to_string();
    if cleaned.is_empty() { "upload".into() } else { cleaned }
}

#[cfg(test)]
mod tests {
    use super::clean_file_name;

    #[test]
    fn file_names_lose_their_paths() {
        assert_eq!(clean_file_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_file_name("C:\\Users\\me\\Scans\\letter 1.png"), "letter 1.png");
        assert_eq!(clean_file_name("order\u{0}.pdf"), "order.pdf");
        assert_eq!(clean_file_name("/"), "upload");
        assert_eq!(clean_file_name(".."), "upload");
        assert_eq!(clean_file_name(&"x".repeat(400)).len(), 255);
    }
}
