//! Taking in an uploaded document: read its text, keep the original under `documents/`, store
//! its passages, and queue it for embedding. Everything but the embedding happens before the
//! upload is answered, so a file that cannot be read is refused at once with the reason.

use std::io::Write;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::extract::{self, Extracted};
use crate::store::documents::{self, Document, DocumentMeta, NewDocument};
use crate::{ApiError, AppState};

/// Passage size for embedding and search: about 200 tokens, inside the model's 256-token window.
/// The same sizes as the explorer's, so the two searches behave alike.
pub const CHUNK_CHARS: usize = 1000;
pub const CHUNK_OVERLAP: usize = 150;

/// A file as received.
#[derive(Debug, Clone)]
pub struct Upload {
    pub file_name: String,
    pub bytes: Vec<u8>,
    pub meta: DocumentMeta,
}

/// Stores `upload` and returns it as listed, its embedding `pending`. Blocking.
pub fn ingest(state: &AppState, upload: Upload) -> Result<Document, ApiError> {
    let Upload { file_name, bytes, mut meta } = upload;
    let Extracted { format, text, page_count } = extract::extract(&file_name, &bytes)?;
    let passages = proseva_embed::chunk::chunk_text(&text, CHUNK_CHARS, CHUNK_OVERLAP);
    if meta.title.is_empty() {
        meta.title = file_name.rsplit_once('.').map_or(file_name.as_str(), |(stem, _)| stem).trim().to_string();
    }
    if meta.title.is_empty() {
        meta.title = "Untitled document".into();
    }

    let sha256 = format!("{:x}", Sha256::digest(&bytes));
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let stored_file = format!("{}-{nanos}.{}", &sha256[..16], format.name());
    let dir = state.config.documents_dir();
    write_durably(&dir, &stored_file, &bytes)?;

    let document = NewDocument {
        meta,
        file_name,
        format: format.name().into(),
        media_type: format.media_type().into(),
        stored_file: stored_file.clone(),
        size_bytes: bytes.len() as i64,
        sha256,
        page_count: page_count.map(|n| n as i64),
        text,
    };
    let stored = state.store.write(|c| {
        let id = documents::insert(c, &document, &passages)?;
        documents::get(c, id)?.ok_or_else(|| ApiError::Internal(format!("document {id} vanished after insert")))
    });
    match stored {
        Ok(doc) => {
            state.knowledge.wake();
            Ok(doc)
        }
        Err(e) => {
            // Nothing points at the file; don't leave it behind.
            let _ = std::fs::remove_file(dir.join(&stored_file));
            Err(e)
        }
    }
}

/// Writes a new file and syncs it and its directory, so it is there after a crash.
fn write_durably(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), ApiError> {
    let path = dir.join(name);
    let io = |e: std::io::Error| ApiError::Internal(format!("writing {}: {e}", path.display()));
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut file = std::fs::File::create_new(&path).map_err(io)?;
    file.write_all(bytes).map_err(io)?;
    file.sync_all().map_err(io)?;
    #[cfg(unix)]
    std::fs::File::open(dir).and_then(|d| d.sync_all()).map_err(io)?;
    Ok(())
}
