//! The law library's commands: what the law graph holds (the explorer's stats) beside the state
//! of the download of the official Code of Virginia (`proseva_sidecars::library`), the status
//! pushed as it changes, and the two runs the Library view starts: download and check for
//! updates. At start, once the sidecars are up, [`at_start`] resumes a download the last session
//! left unfinished or, when the monthly check is on and due, starts a quiet update.
//!
//! The runs themselves live in the sidecars crate: they write `law/exports/` and `law/library.json`
//! in the data dir and, when something changed, replace `graph.db` atomically; the running explorer
//! swaps the new graph in by itself, so nothing here restarts anything.

use std::sync::{Arc, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use proseva_agent::tools::explorer::ExplorerClient;
use proseva_sidecars::library::{FailedFile, ImportFile, ImportedFile, Library, LibraryStatus, RunKind};
use serde::Serialize;
use serde_json::{Value, json};
use tauri::State;
use tauri::ipc::{Channel, InvokeBody, Request};
use tokio::sync::watch;

use crate::error::CommandError;
use crate::state::AppState;

/// What the Library view shows of the law graph.
const STATS_QUERY: &str = "{ stats { corpus builtAt nodeCount embeddingCount semanticSearch \
                           sectionTextKinds { type count } nodeTypes { type count } \
                           embeddingProgress { state total done perSecond secondsLeft message } } }";

/// How long the explorer may take to answer for its stats before the view goes without them.
const STATS_TIMEOUT: Duration = Duration::from_secs(5);

/// The least time between two status pushes of a run (a download reports every chunk it reads);
/// the last status of a burst is always sent.
const PUSH_INTERVAL: Duration = Duration::from_millis(100);

/// What `library_status` answers.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LibraryView {
    pub library: LibraryStatus,
    /// The explorer's `stats` (`corpus`, `builtAt`, `nodeCount`, `embeddingCount`,
    /// `semanticSearch`, `sectionTextKinds`, `nodeTypes`), or null while it is not ready.
    pub graph: Option<Value>,
    /// How many sections the starter corpus summarises in plain language: the summaries kept
    /// beside the official text once it is downloaded.
    pub starter_summaries: usize,
}

/// What `library_download` and `library_check_updates` answer: whether a run started (false when
/// one is already going).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Started {
    pub started: bool,
}

/// Sections summarised by the starter corpus, from its manifest (read once).
pub fn starter_summaries() -> usize {
    static COUNT: OnceLock<usize> = OnceLock::new();
    *COUNT.get_or_init(|| match proseva_law::starter::manifest() {
        Ok(manifest) => manifest.files.iter().map(|f| f.sections).sum(),
        Err(e) => {
            tracing::warn!("the starter corpus's manifest: {e}");
            0
        }
    })
}

/// The law graph's stats from the explorer, or None when it is not up (or does not answer).
pub async fn graph_stats(state: &AppState) -> Option<Value> {
    let backend = state.backend()?;
    let explorer = ExplorerClient::new(state.http.clone(), &backend.explorer_url, Some(backend.token));
    match tokio::time::timeout(STATS_TIMEOUT, explorer.query(STATS_QUERY, json!({}))).await {
        Ok(Ok(data)) => data.get("stats").cloned().filter(|s| !s.is_null()),
        Ok(Err(e)) => {
            tracing::debug!("the law graph's stats: {e}");
            None
        }
        Err(_) => {
            tracing::debug!("the law graph's stats: no answer within {STATS_TIMEOUT:?}");
            None
        }
    }
}

/// Seconds since 1970, now.
pub fn now_secs() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// What [`at_start`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtStart {
    /// A run the last session left unfinished goes on.
    Resumed,
    /// The monthly check for updates started.
    Update,
    Nothing,
}

/// Once the sidecars are up: resumes an interrupted run, else starts the monthly check when
/// `law_updates` is on and it is due at `now_secs`. Call it inside the async runtime.
pub fn at_start(library: &Arc<Library>, law_updates: bool, now_secs: i64) -> AtStart {
    if library.resume_if_interrupted() {
        tracing::info!("resuming the download of the official Code left unfinished");
        return AtStart::Resumed;
    }
    if law_updates && library.update_due(now_secs) && library.start(RunKind::Update) {
        tracing::info!("checking the official Code for updates (monthly)");
        return AtStart::Update;
    }
    AtStart::Nothing
}

/// Sends the current status to `send` now, then each change (at most one every
/// [`PUSH_INTERVAL`], the latest of a burst), until `send` answers false. The first send happens
/// before this returns; the rest on a task of the async runtime.
pub fn forward(mut statuses: watch::Receiver<LibraryStatus>, send: impl Fn(LibraryStatus) -> bool + Send + 'static) {
    let now = statuses.borrow_and_update().clone();
    if !send(now) {
        return;
    }
    tauri::async_runtime::spawn(async move {
        while statuses.changed().await.is_ok() {
            let status = statuses.borrow_and_update().clone();
            if !send(status) {
                break;
            }
            tokio::time::sleep(PUSH_INTERVAL).await;
        }
    });
}

/// The state of the library and what the law graph holds now.
#[tauri::command]
pub async fn library_status(state: State<'_, AppState>) -> Result<LibraryView, CommandError> {
    Ok(LibraryView { library: state.library.status(), graph: graph_stats(&state).await, starter_summaries: starter_summaries() })
}

/// Sends the library's status now and on every change, while the window listens.
#[tauri::command]
pub fn subscribe_library(state: State<'_, AppState>, on_status: Channel<LibraryStatus>) {
    forward(state.library.subscribe(), move |status| match on_status.send(status) {
        Ok(()) => true,
        Err(e) => {
            tracing::debug!("the window stopped listening to the library: {e}");
            false
        }
    });
}

/// Downloads the official Code (what is not here yet, resuming a run left unfinished) and builds
/// it into the law graph. Async so the run starts on the async runtime.
#[tauri::command]
pub async fn library_download(state: State<'_, AppState>) -> Result<Started, CommandError> {
    Ok(Started { started: state.library.start(RunKind::Download) })
}

/// Asks the site again for every file, keeps what changed and rebuilds the graph if anything did.
#[tauri::command]
pub async fn library_check_updates(state: State<'_, AppState>) -> Result<Started, CommandError> {
    Ok(Started { started: state.library.start(RunKind::Update) })
}

/// The largest export file taken by an import: the biggest title file is about 20 MB; four times
/// that leaves room for a bigger Code without letting a wrong pick fill the memory.
const MAX_IMPORT_BYTES: usize = 80 * 1024 * 1024;

/// What `library_import_file` answers: the export name the file is kept under, or why not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportAnswer {
    pub accepted: Option<ImportedFile>,
    pub refused: Option<FailedFile>,
}

/// One file the person picked on the Law tab ("Import files I downloaded"): its bytes are the
/// body, its name in `X-File-Name` (URI-encoded), when it last changed in `X-Last-Modified` (ms
/// since 1970, as the page's `File.lastModified`). Checked as a download is checked and, if sound,
/// kept in the exports; `library_import_finish` builds the library from them.
#[tauri::command]
pub fn library_import_file(state: State<'_, AppState>, request: Request<'_>) -> Result<ImportAnswer, CommandError> {
    let header = |name: &str| request.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
    let Some(name) = header("x-file-name").filter(|n| !n.trim().is_empty()).map(|n| crate::workspace::clean_file_name(&n)) else {
        return Err(CommandError::invalid("fileName", "give the file's name in X-File-Name"));
    };
    let InvokeBody::Raw(bytes) = request.body() else {
        return Err(CommandError::invalid("file", format!("{name}: send the file's bytes as the body")));
    };
    if bytes.len() > MAX_IMPORT_BYTES {
        return Ok(ImportAnswer {
            accepted: None,
            refused: Some(FailedFile {
                name: name.clone(),
                reason: format!(
                    "{name} is {} MB, larger than any file of the Code ({} MB at most)",
                    bytes.len() >> 20,
                    MAX_IMPORT_BYTES >> 20
                ),
            }),
        });
    }
    let last_modified = header("x-last-modified")
        .and_then(|ms| ms.trim().parse::<i64>().ok())
        .filter(|ms| (0..=253_402_300_799_000).contains(ms))
        .map(|ms| proseva_law::ingest::rfc3339(ms / 1000));
    let file = ImportFile { name, bytes: bytes.clone(), last_modified };
    Ok(match state.library.import_file(file) {
        Ok(kept) => ImportAnswer { accepted: Some(kept), refused: None },
        Err(refused) => ImportAnswer { accepted: None, refused: Some(refused) },
    })
}

/// After the picked files went through `library_import_file`: builds the library from the files
/// on disk when `accepted` were kept (the status is pushed as a download's is), or says that none
/// could be imported, naming `refused`.
#[tauri::command]
pub async fn library_import_finish(state: State<'_, AppState>, accepted: usize, refused: Vec<FailedFile>) -> Result<Started, CommandError> {
    Ok(Started { started: state.library.build_imported(accepted, refused) })
}

/// Whether background embedding of the law graph is paused, as the Pause button set it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Paused {
    pub paused: bool,
}

/// Pauses (or resumes) the explorer's background embedding of the law graph: a flag file beside
/// `graph.db` that the explorer checks before each batch, so the choice outlives a restart.
#[tauri::command]
pub fn library_pause_embedding(state: State<'_, AppState>, paused: bool) -> Result<Paused, CommandError> {
    let flag = proseva_law::background::pause_flag(&state.data_dir.join("graph.db"));
    let result = if paused {
        std::fs::write(&flag, b"paused from the Law tab\n")
    } else {
        std::fs::remove_file(&flag).or_else(|e| if e.kind() == std::io::ErrorKind::NotFound { Ok(()) } else { Err(e) })
    };
    result.map_err(|e| CommandError::internal(format!("could not {} the embedding: {e}", if paused { "pause" } else { "resume" })))?;
    Ok(Paused { paused: flag.exists() })
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use proseva_law::fetch::DownloadConfig;

    use super::*;

    /// A library whose site does not answer (a closed loopback port).
    fn unreachable_library(dir: &std::path::Path) -> Arc<Library> {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        Library::open(dir, DownloadConfig::paced(&format!("http://127.0.0.1:{port}"), Duration::from_millis(1)))
    }

    #[test]
    fn the_starter_summarises_hundreds_of_sections() {
        assert!(starter_summaries() > 400, "{}", starter_summaries());
    }

    #[tokio::test]
    async fn at_start_nothing_runs_on_a_fresh_data_dir_and_an_unfinished_run_resumes() {
        let dir = tempfile::tempdir().unwrap();
        let library = unreachable_library(dir.path());
        assert_eq!(at_start(&library, true, now_secs()), AtStart::Nothing, "nothing downloaded, nothing to check");
        assert!(!library.is_running());

        std::fs::create_dir_all(dir.path().join("law")).unwrap();
        std::fs::write(
            dir.path().join("law/library.json"),
            r#"{"files": {}, "run": {"kind": "download", "startedAt": "2026-01-01T00:00:00Z", "done": [], "changed": false}}"#,
        )
        .unwrap();
        let library = unreachable_library(dir.path());
        assert!(library.status().interrupted);
        let mut statuses = library.subscribe();
        assert_eq!(at_start(&library, false, now_secs()), AtStart::Resumed, "a resume does not wait for the monthly switch");
        let ended = tokio::time::timeout(Duration::from_secs(30), statuses.wait_for(|s| s.phase == "failed")).await;
        let message = ended.expect("the run ends").expect("the library lives").message.clone().unwrap_or_default();
        assert!(message.starts_with("This computer could not reach 127.0.0.1"), "{message}");
    }

    #[tokio::test]
    async fn the_monthly_check_starts_only_when_switched_on_and_due() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("law")).unwrap();
        std::fs::write(
            dir.path().join("law/library.json"),
            r#"{"files": {"CoVTitle_20.csv": {"name": "CoVTitle_20.csv", "bytes": 1, "sha256": "x", "rows": 1, "etag": null, "lastModified": null}},
                "run": null, "lastCheck": "2026-01-01T00:00:00Z", "lastBuild": null}"#,
        )
        .unwrap();
        let library = unreachable_library(dir.path());
        assert_eq!(library.status().files_on_disk, 1);
        let checked = 1_767_225_600; // 2026-01-01T00:00:00Z
        assert_eq!(at_start(&library, true, checked + 86_400), AtStart::Nothing, "checked yesterday");
        assert_eq!(at_start(&library, false, checked + 40 * 86_400), AtStart::Nothing, "switched off");
        assert_eq!(at_start(&library, true, checked + 40 * 86_400), AtStart::Update);
        assert!(library.is_running());
    }

    #[tokio::test]
    async fn forward_sends_now_then_each_change_until_the_window_stops_listening() {
        let (tx, rx) = watch::channel(LibraryStatus { phase: "idle".into(), ..Default::default() });
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = seen.clone();
        forward(rx, move |s| {
            let mut seen = sink.lock().unwrap();
            seen.push(s.phase);
            seen.len() < 3
        });
        assert_eq!(*seen.lock().unwrap(), ["idle"], "the current status goes at once");
        for phase in ["downloading", "building", "done", "idle"] {
            tx.send_modify(|s| s.phase = phase.into());
            tokio::time::sleep(PUSH_INTERVAL * 2).await;
        }
        assert_eq!(*seen.lock().unwrap(), ["idle", "downloading", "building"], "nothing after the send that failed");
        assert!(tx.receiver_count() == 0, "the forwarder let go of the status");
    }
}
