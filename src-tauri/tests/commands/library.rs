//! The law library's commands through Tauri's IPC on the mock runtime, against a local stand-in
//! for the LIS site (proseva-e2e's `lis_site`): a download answers `{started}` at once and runs in
//! the background, a second one while it goes is refused, the status ends `done` with the files
//! on disk and an official graph built; a check for updates then finds nothing new. (The runs
//! themselves — retries, resume, the network gone — are tested in tests/library.rs.) Files the
//! person saved in a browser import through `library_import_file` (raw bytes, as the page sends
//! them) and `library_import_finish`.

use std::time::{Duration, Instant};

use proseva_e2e::lis_site::LisSite;
use proseva_law::fetch::DownloadConfig;
use proseva_sidecars::library::Library;
use serde_json::{Value, json};

use crate::common;

use common::App;

/// An app on the mock runtime whose law library downloads from `site` at `pace`.
fn app(site: &str, pace: Duration) -> App {
    let site = site.to_string();
    common::app_with(move |state, dir| state.with_library(Library::open(dir, DownloadConfig::paced(&site, pace))))
}

/// Waits on the library's status as the page polls it.
trait LibraryRuns {
    async fn until_started(&self, kind: &str) -> Value;
    async fn until_ended(&self) -> Value;
}

impl LibraryRuns for App {
    /// Polls `library_status` until a run of `kind` says it started; returns its `library` part.
    async fn until_started(&self, kind: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let library = self.invoke("library_status", json!({})).unwrap()["library"].clone();
            if library["kind"] == kind && library["phase"] != "idle" {
                return library;
            }
            assert!(Instant::now() < deadline, "no {kind} run started: {library}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Polls `library_status` until the run ends; returns its `library` part.
    async fn until_ended(&self) -> Value {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let library = self.invoke("library_status", json!({})).unwrap()["library"].clone();
            if library["phase"] == "done" || library["phase"] == "failed" {
                return library;
            }
            assert!(Instant::now() < deadline, "the run never ended: {library}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_download_through_the_commands_builds_the_official_library_and_an_update_finds_it_current() {
    let site = LisSite::start().await;
    let app = app(&site.url, Duration::from_millis(20));
    let subscribed = app.invoke("subscribe_library", json!({"onStatus": "__CHANNEL__:1"}));
    assert_eq!(subscribed, Ok(Value::Null));

    assert_eq!(app.invoke("library_download", json!({})).unwrap(), json!({"started": true}));
    // One run at a time: asking again while it goes starts nothing.
    assert_eq!(app.invoke("library_download", json!({})).unwrap(), json!({"started": false}));
    assert_eq!(app.invoke("library_check_updates", json!({})).unwrap(), json!({"started": false}));
    let going = app.until_started("download").await;
    assert!(["downloading", "building"].contains(&going["phase"].as_str().unwrap()), "{going}");
    assert_eq!(
        (going["kind"].as_str(), going["interrupted"].as_bool()),
        (Some("download"), Some(true)),
        "recorded as unfinished while it runs"
    );

    let done = app.until_ended().await;
    assert_eq!(done["phase"], "done", "{done}");
    assert_eq!(done["newOrChanged"], 7, "the stand-in's four titles, Constitution, popular names, authorities: {done}");
    assert_eq!((done["filesOnDisk"].as_u64(), done["interrupted"].as_bool()), (Some(7), Some(false)));
    assert_eq!(done["files"].as_array().map(Vec::len), Some(7), "every file with its dates: {done}");
    assert!(done["lastCheck"].is_string() && done["lastBuild"].is_string(), "{done}");
    assert!(done["message"].as_str().unwrap().contains("official text"), "{done}");
    let graph_db = app.data_dir().join("graph.db");
    assert_eq!(proseva_law::store::read_meta_of(&graph_db, "text_kind").as_deref(), Some("official"));
    assert!(app.data_dir().join("law/exports/CoVTitle_20.csv").is_file());
    assert!(!app.state().library.update_due(proseva_desktop::library::now_secs()), "just checked");

    assert_eq!(app.invoke("library_check_updates", json!({})).unwrap(), json!({"started": true}));
    app.until_started("update").await;
    let checked = app.until_ended().await;
    assert_eq!((checked["phase"].as_str(), checked["kind"].as_str()), (Some("done"), Some("update")), "{checked}");
    assert_eq!((checked["newOrChanged"].as_u64(), checked["unchanged"].as_u64()), (Some(0), Some(7)), "{checked}");
    assert_eq!(checked["message"], "The official Code is up to date.");

    // Pause and resume the background embedding: a flag file beside the graph the explorer reads.
    let flag = proseva_law::background::pause_flag(&graph_db);
    assert_eq!(app.invoke("library_pause_embedding", json!({"paused": true})).unwrap(), json!({"paused": true}));
    assert!(flag.is_file());
    assert_eq!(app.invoke("library_pause_embedding", json!({"paused": false})).unwrap(), json!({"paused": false}));
    assert!(!flag.exists());
    assert_eq!(
        app.invoke("library_pause_embedding", json!({"paused": false})).unwrap(),
        json!({"paused": false}),
        "resuming twice is fine"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_saved_in_a_browser_import_through_the_commands_and_build_the_official_library() {
    let nowhere = {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        format!("http://127.0.0.1:{port}")
    };
    let app = app(&nowhere, Duration::from_millis(5));
    let mut accepted = 0;
    for (name, body) in proseva_e2e::lis_files::site_files() {
        let encoded = name.replace(' ', "%20");
        let answer = app
            .invoke_raw("library_import_file", body.into_bytes(), &[("X-File-Name", &encoded), ("X-Last-Modified", "1719792000000")])
            .unwrap();
        assert_eq!(answer["accepted"]["keptAs"], name, "{answer}");
        accepted += 1;
    }
    // A page saved instead of the file, under a browser's second-copy name.
    let refused = app
        .invoke_raw("library_import_file", b"<!DOCTYPE html><html>Sign in</html>".to_vec(), &[("X-File-Name", "CoVTitle_2.2%20(1).csv")])
        .unwrap();
    assert_eq!(refused["refused"]["name"], "CoVTitle_2.2 (1).csv", "{refused}");
    assert!(refused["refused"]["reason"].as_str().unwrap().contains("web page instead of the CSV file"), "{refused}");
    // No name: refused as a bad call, naming the field.
    let error = app.invoke_raw("library_import_file", b"x".to_vec(), &[]).unwrap_err();
    assert_eq!(error["field"], "fileName", "{error}");

    let finish = app.invoke("library_import_finish", json!({"accepted": accepted, "refused": [refused["refused"].clone()]})).unwrap();
    assert_eq!(finish, json!({"started": true}));
    let done = app.until_ended().await;
    assert_eq!(done["phase"], "done", "{done}");
    assert!(done["message"].as_str().unwrap().starts_with("7 files imported"), "{done}");
    assert!(done["message"].as_str().unwrap().contains("Not imported: CoVTitle_2.2 (1).csv"), "{done}");
    let files = done["files"].as_array().unwrap();
    assert!(files.iter().all(|f| f["origin"] == "import" && f["lastModified"] == "2024-07-01T00:00:00Z"), "{done}");
    let graph_db = app.data_dir().join("graph.db");
    assert_eq!(proseva_law::store::read_meta_of(&graph_db, "text_kind").as_deref(), Some("official"));

    // Nothing sound: nothing is built, and the page is told so.
    let none = app.invoke("library_import_finish", json!({"accepted": 0, "refused": []})).unwrap();
    assert_eq!(none, json!({"started": false}));
    let status = app.invoke("library_status", json!({})).unwrap()["library"].clone();
    assert_eq!(status["message"], "None of the files could be imported; the library is as it was.");
}
