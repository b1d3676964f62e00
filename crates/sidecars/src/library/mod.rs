//! The law library: the official Code of Virginia downloaded into the data dir, checked, and built
//! into `graph.db` beside the starter's summaries, in the background.
//!
//! Layout: `law/exports/` holds the export files as the LIS site publishes them; `law/library.json`
//! what is known of each (size, SHA-256, rows, ETag, Last-Modified) and of a run in progress. The
//! record is written after every file, so a run stopped anyhow (the window closed, the machine
//! off, `kill -9`) resumes with the next file on the next start ([`Library::resume_if_interrupted`]).
//!
//! A run asks for every file in turn (one request a second at most): new and changed files are
//! kept, unchanged ones cost a 304, a file the site does not publish is noted, and a file that
//! still fails after its retries is named while the rest go on. Three files in a row that cannot
//! be reached end the run with a plain message (the network is down); the next run resumes. When
//! something changed the graph is rebuilt into a temporary file and renamed over `graph.db`; the
//! explorer notices and swaps it in without a restart. A build that fails leaves the old graph.

mod import;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use proseva_law::fetch::{DownloadConfig, Downloader, Fetched, FileRecord};
use proseva_law::ingest::{self, FileDates, IngestOptions, IngestReport, Progress, TextKind, now_rfc3339};
use proseva_law::starter;
use proseva_law::vector_cache::VectorCache;
use serde::{Deserialize, Serialize};
use tokio::sync::watch;

pub use self::import::{ImportFile, ImportReport, ImportedFile};

/// Files that could not be reached in a row before a run stops (the network is down).
const UNREACHABLE_IN_A_ROW: usize = 3;

/// Where the library lives in the data dir.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibraryPaths {
    /// `law/exports/`: the export files.
    pub exports: PathBuf,
    /// `law/library.json`: the record of the files and of a run in progress.
    pub record: PathBuf,
    /// `graph.db`, rebuilt from the exports.
    pub graph_db: PathBuf,
}

impl LibraryPaths {
    pub fn in_data_dir(root: &Path) -> Self {
        LibraryPaths { exports: root.join("law/exports"), record: root.join("law/library.json"), graph_db: root.join("graph.db") }
    }
}

/// What a run does: fetch what is missing (resuming), or ask again for every file already here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RunKind {
    Download,
    Update,
}

/// A run that has not finished, as recorded on disk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunRecord {
    pub kind: RunKind,
    pub started_at: String,
    /// Files this run has dealt with (kept, unchanged, not published or failed), to skip on resume.
    pub done: Vec<String>,
    /// Whether a file new or changed in this run waits to be built into the graph.
    pub changed: bool,
}

/// `law/library.json`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LibraryRecord {
    pub files: BTreeMap<String, FileRecord>,
    pub run: Option<RunRecord>,
    pub last_check: Option<String>,
    pub last_build: Option<String>,
}

impl LibraryRecord {
    fn load(path: &Path) -> Self {
        match std::fs::read(path) {
            Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_else(|e| {
                tracing::warn!("{} is unreadable ({e}); starting a new record", path.display());
                LibraryRecord::default()
            }),
            Err(_) => LibraryRecord::default(),
        }
    }

    fn save(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, serde_json::to_vec_pretty(self).unwrap_or_default())?;
        std::fs::File::open(&tmp)?.sync_all()?;
        std::fs::rename(&tmp, path)
    }
}

/// A file that failed, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FailedFile {
    pub name: String,
    pub reason: String,
}

/// What the Library view shows while nothing runs and while a run goes.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LibraryStatus {
    /// `idle`, `downloading`, `building`, `done` (the last run finished) or `failed`.
    pub phase: String,
    pub kind: Option<RunKind>,
    /// The file being fetched: its number (1-based) of how many, its name, bytes so far and size.
    pub file_number: usize,
    pub file_count: usize,
    pub file: Option<String>,
    pub bytes: u64,
    pub total_bytes: Option<u64>,
    /// Download speed over the current file, bytes per second.
    pub bytes_per_second: f64,
    /// This run: files kept new or changed, unchanged, not published, failed.
    pub new_or_changed: usize,
    pub unchanged: usize,
    pub not_published: Vec<String>,
    pub failed: Vec<FailedFile>,
    /// The build: its stage and progress.
    pub build_stage: Option<String>,
    pub build_done: u64,
    pub build_total: u64,
    /// One sentence on how the last run ended, or why it stopped.
    pub message: Option<String>,
    /// The technical text behind a failure (what the connection said), for a Details link.
    pub details: Option<String>,
    /// Every export file on disk: its size, rows, when the site says it last changed, when it was
    /// downloaded or imported, and how.
    pub files: Vec<FileRecord>,
    /// The date the official text is as of: when the newest of its files was fetched.
    pub as_of: Option<String>,
    /// A run was interrupted and resumes on the next start (or with Download).
    pub interrupted: bool,
    pub files_on_disk: usize,
    pub last_check: Option<String>,
    pub last_build: Option<String>,
}

/// The library of one data dir; one run at a time.
pub struct Library {
    paths: LibraryPaths,
    config: DownloadConfig,
    record: Mutex<LibraryRecord>,
    status: watch::Sender<LibraryStatus>,
    running: AtomicBool,
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library").field("paths", &self.paths).finish_non_exhaustive()
    }
}

impl Library {
    /// The library of the data dir at `root`, downloading as `config` says.
    pub fn open(root: &Path, config: DownloadConfig) -> Arc<Self> {
        let paths = LibraryPaths::in_data_dir(root);
        let record = LibraryRecord::load(&paths.record);
        let library = Library {
            paths,
            config,
            record: Mutex::new(record),
            status: watch::channel(LibraryStatus::default()).0,
            running: AtomicBool::new(false),
        };
        library.status.send_modify(|s| {
            s.phase = "idle".into();
            library.describe_record(s);
        });
        Arc::new(library)
    }

    pub fn paths(&self) -> &LibraryPaths {
        &self.paths
    }

    pub fn status(&self) -> LibraryStatus {
        self.status.borrow().clone()
    }

    /// Each change of the status, as it happens.
    pub fn subscribe(&self) -> watch::Receiver<LibraryStatus> {
        self.status.subscribe()
    }

    pub fn is_running(&self) -> bool {
        self.running.load(Ordering::SeqCst)
    }

    /// Whether the quiet monthly check is due: the official Code was downloaded once, and the last
    /// check is more than 30 days old (or unknown).
    pub fn update_due(&self, now_secs: i64) -> bool {
        let record = self.lock();
        if record.files.is_empty() || record.run.is_some() {
            return false;
        }
        record.last_check.as_deref().and_then(parse_rfc3339).is_none_or(|at| now_secs - at > 30 * 86_400)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LibraryRecord> {
        self.record.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn describe_record(&self, status: &mut LibraryStatus) {
        let record = self.lock();
        status.interrupted = record.run.is_some();
        status.files_on_disk = record.files.len();
        status.files = record.files.values().cloned().collect();
        status.files.sort_by(|a, b| proseva_citation::natural_cmp(&a.name, &b.name));
        status.as_of = record.files.values().filter_map(|f| f.retrieved_at.clone()).max();
        status.last_check = record.last_check.clone();
        status.last_build = record.last_build.clone();
    }

    /// Starts a run on the current tokio runtime unless one is running; returns whether it started.
    pub fn start(self: &Arc<Self>, kind: RunKind) -> bool {
        if self.running.swap(true, Ordering::SeqCst) {
            return false;
        }
        let library = self.clone();
        tokio::spawn(async move {
            library.run(kind).await;
            library.running.store(false, Ordering::SeqCst);
        });
        true
    }

    /// Resumes a run the last session left unfinished; returns whether it did.
    pub fn resume_if_interrupted(self: &Arc<Self>) -> bool {
        let kind = self.lock().run.as_ref().map(|r| r.kind);
        kind.is_some_and(|kind| self.start(kind))
    }

    /// Runs one download or update to its end (the caller makes sure only one runs).
    pub async fn run(&self, kind: RunKind) {
        {
            let mut record = self.lock();
            // A download resumes the run left unfinished, of whatever kind; an update starts over.
            let resumable = record.run.as_ref().is_some_and(|r| kind == RunKind::Download || r.kind == kind);
            if !resumable {
                record.run = Some(RunRecord { kind, started_at: now_rfc3339(), done: Vec::new(), changed: false });
            }
            let _ = record.save(&self.paths.record);
        }
        self.status.send_modify(|s| {
            *s = LibraryStatus { phase: "downloading".into(), kind: Some(kind), ..Default::default() };
            self.describe_record(s);
        });
        let downloader = match Downloader::new(self.config.clone()) {
            Ok(d) => d,
            Err(e) => return self.stop_with(format!("The download could not start: {e}"), None),
        };
        // Which files the site publishes now: its library page, else the built-in list.
        let names = match downloader.published_files(&tokio::time::sleep).await {
            Ok(names) => names,
            Err(failure) => return self.stop_for(&failure),
        };
        self.status.send_modify(|s| s.file_count = names.len());
        let mut unreachable_in_a_row = 0;
        for (i, name) in names.iter().enumerate() {
            let (already, previous) = {
                let record = self.lock();
                let run = record.run.as_ref();
                (run.is_some_and(|r| r.done.contains(name)), record.files.get(name).cloned())
            };
            if already {
                continue;
            }
            // A plain download of a file already here and checked is not asked for again.
            if kind == RunKind::Download && previous.is_some() {
                self.finish_file(name, None, false);
                continue;
            }
            self.status.send_modify(|s| {
                s.file_number = i + 1;
                s.file = Some(name.clone());
                s.bytes = 0;
                s.total_bytes = None;
                s.bytes_per_second = 0.0;
            });
            let started = Instant::now();
            let status = &self.status;
            let mut progress = move |bytes: u64, total: Option<u64>| {
                let seconds = started.elapsed().as_secs_f64().max(1e-3);
                status.send_modify(|s| {
                    s.bytes = bytes;
                    s.total_bytes = total;
                    s.bytes_per_second = bytes as f64 / seconds;
                });
            };
            match downloader.fetch(name, &self.paths.exports, previous.as_ref(), &mut progress, tokio::time::sleep).await {
                Ok(fetched) => {
                    unreachable_in_a_row = 0;
                    let changed = matches!(fetched, Fetched::New(_) | Fetched::Changed(_));
                    self.status.send_modify(|s| match &fetched {
                        Fetched::New(_) | Fetched::Changed(_) => s.new_or_changed += 1,
                        Fetched::Unchanged(_) => s.unchanged += 1,
                        Fetched::NotPublished => s.not_published.push(name.clone()),
                    });
                    self.finish_file(name, Some(fetched), changed);
                }
                Err(failure) => {
                    tracing::warn!("{}: {}", failure.message, failure.details);
                    if failure.certificate {
                        // Every file would fail the same way: stop, and say what to do instead.
                        return self.stop_for(&failure);
                    }
                    self.status.send_modify(|s| s.failed.push(FailedFile { name: name.clone(), reason: failure.details.clone() }));
                    if failure.unreachable {
                        unreachable_in_a_row += 1;
                        if unreachable_in_a_row >= UNREACHABLE_IN_A_ROW {
                            return self.stop_for(&failure);
                        }
                        // Not marked done: the next run asks for it again.
                        continue;
                    }
                    unreachable_in_a_row = 0;
                    self.finish_file(name, None, false);
                }
            }
        }
        let changed = self.lock().run.as_ref().is_some_and(|r| r.changed);
        let built_official = proseva_law::store::read_meta_of(&self.paths.graph_db, "text_kind").as_deref() == Some("official");
        let have_files = !self.lock().files.is_empty();
        if have_files
            && (changed || !built_official)
            && let Err(e) = self.build().await
        {
            return self.stop_with(
                format!("The downloaded files could not be built into the law library ({e}); the previous library is still in use."),
                None,
            );
        }
        let message = {
            let mut record = self.lock();
            record.run = None;
            record.last_check = Some(now_rfc3339());
            let _ = record.save(&self.paths.record);
            let s = self.status.borrow();
            let mut message = match (s.new_or_changed, have_files) {
                (_, false) => "Nothing could be downloaded; the starter summaries stay in use.".to_string(),
                (0, true) => "The official Code is up to date.".to_string(),
                (n, true) => format!("{n} files downloaded or updated; the library now holds the official text."),
            };
            if !s.failed.is_empty() {
                let names: Vec<&str> = s.failed.iter().map(|f| f.name.as_str()).collect();
                message.push_str(&format!(" Not downloaded: {} (their summaries stay; try again later).", names.join(", ")));
            }
            message
        };
        self.status.send_modify(|s| {
            s.phase = "done".into();
            s.file = None;
            s.message = Some(message);
            self.describe_record(s);
        });
    }

    /// Builds the graph from the files on disk (the status shows its stages); the old graph stays
    /// in use if it fails.
    async fn build(&self) -> Result<IngestReport, String> {
        self.status.send_modify(|s| {
            s.phase = "building".into();
            s.file = None;
        });
        let paths = self.paths.clone();
        let status = self.status.clone();
        let record = self.lock().clone();
        let report = tokio::task::spawn_blocking(move || {
            build_graph_from(&paths, &record, &|p: Progress| {
                status.send_modify(|s| {
                    s.build_stage = Some(p.stage.to_string());
                    s.build_done = p.done;
                    s.build_total = p.total;
                })
            })
        })
        .await
        .map_err(|e| format!("the build stopped: {e}"))
        .and_then(|r| r)?;
        self.lock().last_build = Some(now_rfc3339());
        tracing::info!(sections = report.sections, nodes = report.nodes, seconds = report.seconds, "law graph rebuilt");
        Ok(report)
    }

    /// Records a file dealt with in this run (and what is now known of it).
    fn finish_file(&self, name: &str, fetched: Option<Fetched>, changed: bool) {
        let mut record = self.lock();
        if let Some(fetched) = &fetched
            && let Some(file) = fetched.record()
        {
            record.files.insert(name.to_string(), file.clone());
        }
        if let Some(run) = record.run.as_mut() {
            run.done.push(name.to_string());
            run.changed |= changed;
        }
        if let Err(e) = record.save(&self.paths.record) {
            tracing::warn!("could not record the download's progress in {}: {e}", self.paths.record.display());
        }
        let on_disk = record.files.len();
        drop(record);
        self.status.send_modify(|s| s.files_on_disk = on_disk);
    }

    fn stop_with(&self, message: String, details: Option<String>) {
        tracing::warn!("{message}");
        self.status.send_modify(|s| {
            s.phase = "failed".into();
            s.file = None;
            s.message = Some(message);
            s.details = details;
            self.describe_record(s);
        });
    }

    /// Stops a run on a failure that every file would share (no connection, a certificate that
    /// cannot be checked): the plain message, what to do, and the technical text behind Details.
    fn stop_for(&self, failure: &proseva_law::fetch::FetchFailure) {
        let mut message = failure.message.clone();
        if failure.unreachable {
            message.push_str(" The download resumes where it stopped when you start it again or reopen ProSeVA.");
        } else if failure.certificate {
            // Nothing to resume: the same check would fail the same way at every start.
            let mut record = self.lock();
            if record.run.take().is_some()
                && let Err(e) = record.save(&self.paths.record)
            {
                tracing::warn!("could not update {}: {e}", self.paths.record.display());
            }
        }
        self.stop_with(message, Some(failure.details.clone()));
    }
}

/// Builds `graph.db` from the exports on disk (official text) layered over the starter's
/// summaries, reusing every vector the old graph and the starter hold for the same text. Without
/// exports it is the starter graph. The old graph stays until the new one is complete.
pub fn build_graph(paths: &LibraryPaths, progress: &(dyn Fn(Progress) + Sync)) -> Result<IngestReport, String> {
    build_graph_from(paths, &LibraryRecord::load(&paths.record), progress)
}

/// [`build_graph`], with what the library's record says of each file (its dates) kept in the graph.
fn build_graph_from(paths: &LibraryPaths, record: &LibraryRecord, progress: &(dyn Fn(Progress) + Sync)) -> Result<IngestReport, String> {
    let summaries = starter::files().map_err(|e| e.to_string())?;
    let mut cache: Option<VectorCache> = starter::vector_cache().map_err(|e| e.to_string())?;
    // Vectors of sections whose text did not change are kept across updates.
    if paths.graph_db.exists()
        && let Ok(old) = ingest::export_vector_cache(&paths.graph_db)
    {
        match cache.as_mut() {
            Some(c) => c.extend_from(&old),
            None => cache = Some(old),
        }
    }
    let official = if paths.exports.is_dir() {
        match ingest::read_dir(&paths.exports) {
            Ok(mut files) => {
                for file in &mut files {
                    if let Some(known) = record.files.get(&file.name) {
                        file.dates = FileDates {
                            last_modified: known.last_modified.as_deref().map(http_date_to_rfc3339),
                            retrieved_at: known.retrieved_at.clone().or(file.dates.retrieved_at.take()),
                            origin: known.origin.clone().or(Some("download".into())),
                        };
                    }
                }
                files
            }
            Err(proseva_law::Error::NoCorpus(_)) => Vec::new(),
            // A file that cannot be read must not turn an official library back into summaries.
            Err(e) => return Err(e.to_string()),
        }
    } else {
        Vec::new()
    };
    let options = |corpus: &str, text_kind| IngestOptions {
        corpus: corpus.into(),
        text_kind,
        embedder: None,
        vector_cache: cache.as_ref(),
        progress,
    };
    if official.is_empty() {
        return ingest::ingest(&summaries, &paths.graph_db, &options("starter", TextKind::Summary)).map_err(|e| e.to_string());
    }
    ingest::ingest_with_summaries(&official, &summaries, &paths.graph_db, &options("official", TextKind::Official))
        .map_err(|e| e.to_string())
}

/// An HTTP date (`Mon, 01 Jul 2024 00:00:00 GMT`) as RFC 3339; other text as it is.
fn http_date_to_rfc3339(text: &str) -> String {
    match chrono::DateTime::parse_from_rfc2822(text) {
        Ok(t) => ingest::rfc3339(t.timestamp()),
        Err(_) => text.to_string(),
    }
}

/// Seconds since 1970 of an RFC 3339 time (as [`now_rfc3339`] writes it).
fn parse_rfc3339(text: &str) -> Option<i64> {
    chrono::DateTime::parse_from_rfc3339(text).ok().map(|t| t.timestamp())
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn rfc3339_round_trips() {
        let secs = 1_795_000_000;
        assert_eq!(parse_rfc3339(&ingest::rfc3339(secs)), Some(secs));
        assert_eq!(parse_rfc3339("not a date"), None);
    }

    #[test]
    fn an_update_is_due_monthly_once_something_was_downloaded() {
        let dir = tempfile::tempdir().unwrap();
        let library = Library::open(dir.path(), DownloadConfig::paced("http://127.0.0.1:9", Duration::from_millis(1)));
        assert!(!library.update_due(1_795_000_000), "nothing downloaded yet");
        {
            let mut record = library.lock();
            record.files.insert(
                "CoVTitle_20.csv".into(),
                FileRecord {
                    name: "CoVTitle_20.csv".into(),
                    bytes: 1,
                    sha256: "x".into(),
                    rows: 1,
                    etag: None,
                    last_modified: None,
                    retrieved_at: None,
                    origin: None,
                },
            );
            record.last_check = Some(ingest::rfc3339(1_795_000_000));
        }
        assert!(!library.update_due(1_795_000_000 + 86_400));
        assert!(library.update_due(1_795_000_000 + 31 * 86_400));
    }
}
