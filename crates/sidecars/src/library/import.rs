//! Files the person saved from the LIS site in a browser, imported into the library: each checked
//! as a download is and kept under its export name, then the graph rebuilt from everything on disk.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use proseva_law::fetch::import_export;
use serde::Serialize;

use super::{FailedFile, Library, LibraryStatus};

impl Library {
    /// Takes files the person saved from the site in a browser (name, bytes, when the file was
    /// last changed if known): each is checked as a download is and, if sound, replaces the copy
    /// on disk; then the graph is rebuilt from everything on disk, on the current tokio runtime.
    /// Returns, per file, the name it is kept under or why it was refused; builds nothing (and
    /// changes nothing) when no file is sound, or while a download runs.
    pub fn import(self: &Arc<Self>, files: Vec<ImportFile>) -> ImportReport {
        if self.is_running() {
            return ImportReport { busy: true, ..ImportReport::default() };
        }
        let mut report = ImportReport::default();
        for file in files {
            match self.import_file(file) {
                Ok(kept) => report.accepted.push(kept),
                Err(refused) => report.refused.push(refused),
            }
        }
        report.started = self.build_imported(report.accepted.len(), report.refused.clone());
        report.busy = !report.started && !report.accepted.is_empty();
        report
    }

    /// Checks one file the person picked and, if sound, keeps it in the exports (the graph is
    /// rebuilt by [`Library::build_imported`]). Refused while a download or build runs.
    pub fn import_file(&self, file: ImportFile) -> Result<ImportedFile, FailedFile> {
        if self.is_running() {
            return Err(FailedFile { name: file.name, reason: "a download or build is running; import when it has finished".into() });
        }
        match import_export(&self.paths.exports, &file.name, &file.bytes, file.last_modified) {
            Ok(record) => {
                let kept = ImportedFile { file: file.name, kept_as: record.name.clone(), rows: record.rows };
                let mut library = self.lock();
                library.files.insert(record.name.clone(), record);
                if let Err(e) = library.save(&self.paths.record) {
                    tracing::warn!("could not record the import in {}: {e}", self.paths.record.display());
                }
                drop(library);
                self.status.send_modify(|s| self.describe_record(s));
                Ok(kept)
            }
            Err(reason) => Err(FailedFile { name: file.name, reason }),
        }
    }

    /// After [`Library::import_file`]s: rebuilds the graph from everything on disk when `accepted`
    /// files were kept (else says that nothing was imported), on the current tokio runtime.
    /// Returns whether a build started.
    pub fn build_imported(self: &Arc<Self>, accepted: usize, refused: Vec<FailedFile>) -> bool {
        let details = refused.iter().map(|f| f.reason.clone()).collect::<Vec<_>>().join("\n");
        if accepted == 0 {
            self.status.send_modify(|s| {
                s.phase = "failed".into();
                s.message = Some("None of the files could be imported; the library is as it was.".into());
                s.details = (!details.is_empty()).then_some(details);
                s.failed = refused;
                self.describe_record(s);
            });
            return false;
        }
        if self.running.swap(true, Ordering::SeqCst) {
            return false;
        }
        self.status.send_modify(|s| {
            *s = LibraryStatus { phase: "building".into(), ..Default::default() };
            self.describe_record(s);
        });
        let library = self.clone();
        tokio::spawn(async move {
            match library.build().await {
                Ok(built) => {
                    let mut message = format!(
                        "{accepted} file{} imported; the library now holds the official text ({} sections).",
                        if accepted == 1 { "" } else { "s" },
                        built.sections
                    );
                    if !refused.is_empty() {
                        let names: Vec<&str> = refused.iter().map(|f| f.name.as_str()).collect();
                        message.push_str(&format!(" Not imported: {}.", names.join(", ")));
                    }
                    let _ = library.lock().save(&library.paths.record);
                    library.status.send_modify(|s| {
                        s.phase = "done".into();
                        s.message = Some(message);
                        s.details = (!details.is_empty()).then_some(details);
                        s.failed = refused;
                        library.describe_record(s);
                    });
                }
                Err(e) => library.stop_with(
                    "The imported files could not be built into the law library; the previous library is still in use.".into(),
                    Some(e),
                ),
            }
            library.running.store(false, Ordering::SeqCst);
        });
        true
    }
}

/// A file the person picked to import.
#[derive(Debug, Clone)]
pub struct ImportFile {
    /// Its name as saved (`CoVTitle_20 (1).csv` reads as `CoVTitle_20.csv`).
    pub name: String,
    pub bytes: Vec<u8>,
    /// When it last changed, if known (RFC 3339).
    pub last_modified: Option<String>,
}

/// A file imported, and the export name it is kept under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportedFile {
    pub file: String,
    pub kept_as: String,
    pub rows: usize,
}

/// What an import did with each file, and whether a build started.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    pub accepted: Vec<ImportedFile>,
    pub refused: Vec<FailedFile>,
    pub started: bool,
    /// A download or build was running: nothing was imported.
    pub busy: bool,
}
