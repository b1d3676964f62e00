//! The document reader: OCR of scanned pages in the background, a page at a time, on a thread
//! of its own.
//!
//! An upload whose pages all have text is read before it is answered ([`crate::ingest`]). One
//! with scans (images, PDF pages without a text layer) is stored with `textStatus: ocr`; this
//! reader takes the oldest such document, reads its next unread page with Tesseract and keeps
//! that page's text (`document_pages`) before going on, so a restart resumes at the first page
//! not read and a crash loses at most the page being read. When the last page is read the text
//! is put together, cut into passages (searchable by words at once) and queued for embedding.
//!
//! Without Tesseract the document is kept, with whatever pages had text, as `ocr_unavailable`
//! and the install hint; once Tesseract is there (noticed within about a minute, or at the next
//! start), such documents are read again on their own.

use std::sync::{Condvar, Mutex};
use std::time::Duration;

use crate::extract::{Extracted, Format};
use crate::ocr::OcrTools;
use crate::store::chunks::Owner;
use crate::store::documents::{self, Unread};
use crate::{AppState, Config};

/// The OCR programs and the reader thread's wake-up call.
#[derive(Debug)]
pub struct Reader {
    tools: OcrTools,
    wake: (Mutex<bool>, Condvar),
}

impl Reader {
    pub fn new(config: &Config) -> Self {
        Reader { tools: OcrTools::new(config.tesseract.clone(), config.pdftoppm.clone()), wake: (Mutex::new(false), Condvar::new()) }
    }

    /// Tells the reader there may be pages to read.
    pub fn wake(&self) {
        *self.wake.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.wake.1.notify_one();
    }

    fn wait(&self, limit: Duration) {
        let woken = self.wake.0.lock().unwrap_or_else(|e| e.into_inner());
        let (mut woken, _) = self.wake.1.wait_timeout_while(woken, limit, |w| !*w).unwrap_or_else(|e| e.into_inner());
        *woken = false;
    }

    /// How a freshly extracted file starts: `ready` when every page has text, else `ocr`, or
    /// `ocr_unavailable` with the hint when the OCR programs are missing.
    pub fn status_for(&self, extracted: &Extracted) -> (&'static str, Option<String>) {
        if !extracted.needs_ocr() {
            return ("ready", None);
        }
        match self.tools.check(extracted.format == Format::Pdf) {
            Ok(()) => ("ocr", None),
            Err(hint) => ("ocr_unavailable", Some(hint)),
        }
    }
}

/// Reads scanned pages for as long as the server runs.
pub fn spawn(state: AppState) -> std::thread::JoinHandle<()> {
    std::thread::Builder::new()
        .name("proseva-ocr".into())
        .spawn(move || {
            loop {
                // Tesseract installed since a scan was stored (at start, or while the app runs: the
                // check is cached for 30 s and the reader looks again at least once a minute).
                if state.store.read(documents::any_ocr_unavailable).unwrap_or(false) && state.reader.tools.check(true).is_ok() {
                    match state.store.write(documents::retry_ocr_unavailable) {
                        Ok(0) => {}
                        Ok(n) => tracing::info!(documents = n, "OCR is available: reading scans that could not be read before"),
                        Err(e) => tracing::error!("OCR reader: {e}"),
                    }
                }
                match state.store.read(documents::next_unread) {
                    Ok(Some(unread)) => read_next_page(&state, unread),
                    Ok(None) => state.reader.wait(Duration::from_secs(60)),
                    // Locked: nothing to read until the passphrase is given (unlocking wakes it).
                    Err(crate::ApiError::Locked) => state.reader.wait(Duration::from_secs(60)),
                    Err(e) => {
                        tracing::error!("OCR reader: {e}");
                        state.reader.wait(Duration::from_secs(5));
                    }
                }
            }
        })
        .expect("starting the OCR thread")
}

/// Reads the next unread page of `unread` (all of an image), or finishes the document.
fn read_next_page(state: &AppState, unread: Unread) {
    let id = unread.id;
    let finish = |status: &str, error: Option<&str>| finish(state, id, status, error);
    let Some(&page) = unread.pages.first() else {
        finish("ready", None);
        return;
    };
    let format = Format::from_name(&unread.format).unwrap_or(Format::Pdf);
    if let Err(hint) = state.reader.tools.check(format == Format::Pdf) {
        finish("ocr_unavailable", Some(&hint));
        return;
    }
    // The original goes to the OCR programs through pipes: no copy of it (sealed or not) is
    // written to a scratch folder.
    let original = match state.privacy.read_file(&unread.stored_file) {
        Ok(bytes) => bytes,
        Err(crate::ApiError::Locked) => return,
        Err(e) => {
            finish("failed", Some(&format!("the stored original could not be read: {e}")));
            return;
        }
    };
    let _ = state.store.write(|c| documents::set_ocr_page(c, id, Some(page), None));
    let started = std::time::Instant::now();
    let read = if format.is_image() {
        read_image(state, id, &original)
    } else {
        match state.reader.tools.read_pdf_page(&original, page) {
            Ok(text) => state.store.write(|c| documents::put_page(c, id, page, "ocr", &text)).map_err(|e| e.to_string()),
            // One unreadable page does not lose the others: it is kept empty, and said.
            Err(e) => {
                tracing::warn!(document = id, page, "OCR could not read the page: {e}");
                state
                    .store
                    .write(|c| {
                        documents::put_page(c, id, page, "ocr", "")?;
                        documents::note_problem(c, id, &format!("page {page} could not be read by OCR ({e})"))
                    })
                    .map_err(|e| e.to_string())
            }
        }
    };
    match read {
        Ok(()) => {
            tracing::info!(document = id, page, of = unread.page_count, ms = started.elapsed().as_millis() as u64, "page read by OCR")
        }
        Err(e) => {
            tracing::warn!(document = id, "OCR failed: {e}");
            finish("failed", Some(&e));
        }
    }
}

/// All pages of an image at once (Tesseract reads a multi-page TIFF in one go).
fn read_image(state: &AppState, id: i64, image: &[u8]) -> Result<(), String> {
    let pages =
        state.reader.tools.read_image(image).map_err(|e| format!("the image could not be read by OCR (the file may be damaged): {e}"))?;
    state
        .store
        .write(|c| {
            for (i, text) in pages.iter().enumerate() {
                documents::put_page(c, id, i + 1, "ocr", text)?;
            }
            documents::set_ocr_page(c, id, None, Some(pages.len()))
        })
        .map_err(|e| e.to_string())
}

/// Puts the document's text together and hands it to the embedding worker.
fn finish(state: &AppState, id: i64, status: &str, error: Option<&str>) {
    let done =
        state.knowledge.replace_passages(Owner::Document(id), || state.store.write(|c| documents::assemble_text(c, id, status, error)));
    if let Err(e) = done {
        tracing::error!(document = id, "putting the read text together failed: {e}");
        // Do not try the same document forever.
        let message = e.to_string();
        let _ = state.store.write(|c| documents::assemble_text(c, id, "failed", Some(&message)));
    }
}
