//! The Law tab in the real window, against a local stand-in for the LIS site (proseva-e2e's
//! `lis_site`): the official Code's download starts from the tab and shows its progress file by
//! file; the app is closed mid-download (the Constitution hangs); on the next start the download
//! resumes by itself where it stopped, the library holds the official text, and a section opens
//! with its official text and the plain-language summary beside it.
//!
//! Needs what `e2e.rs` needs (Xvfb, WebKitWebDriver, tauri-driver, the sidecars built beside
//! `proseva`). Screenshots go to `$PROSEVA_SCREENSHOT_DIR` when it is set.

mod support;

use std::path::Path;
use std::time::{Duration, Instant};

use proseva_e2e::lis_site::{Fault, LisSite};
use serde_json::json;
use support::{
    Driver, ENTER, LONG, Session, press, quit_leaving_nothing, save_screenshot, sidecar_pids, start_driver, start_xvfb, text_of,
};

/// The least time between two requests to the stand-in. The app's read timeout is 60 times this:
/// at 150 ms a hung request is given up after 9 s (and the file after four tries, ~36 s), long
/// after the test has closed the app; the 10 files take ~2 s.
const PACE_MS: &str = "150";

/// Every export file the stand-in's library page lists (four titles), then the Constitution and
/// five more lists.
const FILE_COUNT: usize = 10;

/// Starts the app in a new window and waits until it has started both sidecars.
fn launch(driver: &Driver) -> Session {
    support::open_ready(driver)
}

/// Pids of `proseva` processes started for the data dir `data` (their environment names it).
fn apps_for(data: &Path) -> Vec<u32> {
    let needle = format!("PROSEVA_DATA_DIR={}", data.display());
    support::pids_of(Path::new(env!("CARGO_BIN_EXE_proseva")))
        .into_iter()
        .filter(|pid| {
            let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
            environ.split(|b| *b == 0).any(|var| var == needle.as_bytes())
        })
        .collect()
}

/// Quits the app and checks that nothing it started is left: its sidecars, the app itself, any
/// process naming the data dir.
fn quit(session: Session, data: &Path) {
    let pids = sidecar_pids(&session);
    assert_eq!(pids.len(), 2, "both sidecars report a pid");
    quit_leaving_nothing(session, &pids);
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let apps = apps_for(data);
        let others = support::processes_mentioning(&data.display().to_string());
        if apps.is_empty() && others.is_empty() {
            return;
        }
        assert!(Instant::now() < deadline, "left running after quit: the app {apps:?}, processes naming the data dir {others:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `textContent` of `css` (empty when nothing matches), for waits on text that is not shown yet.
fn content_of(session: &Session, css: &str) -> String {
    let script = format!("return document.querySelector({})?.textContent ?? ''", json!(css));
    session.script(&script, json!([])).unwrap().as_str().unwrap_or_default().to_string()
}

/// Opens the Law tab and waits until it shows what the library holds.
fn open_law_tab(session: &Session) {
    press(session, "#tab-library");
    session.wait_for("#panel-library:not([hidden])", LONG).unwrap();
    session.wait_for("#library-holds:is([data-corpus='starter'], [data-corpus='official'])", LONG).unwrap();
}

#[test]
fn the_official_code_downloads_resumes_after_a_restart_and_shows_official_text_with_its_summary() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let site = runtime.block_on(LisSite::start());
    // The titles come first, then the Constitution: the run stops there, mid-request.
    site.misbehave("Constitution.csv", Fault::Hang);

    let data = tempfile::tempdir().unwrap();
    let (_xvfb, display) = start_xvfb().unwrap();
    let env = [
        ("PROSEVA_DATA_DIR", data.path().display().to_string()),
        ("PROSEVA_LLM", "offline".to_string()),
        ("PROSEVA_SECRETS", "file".to_string()),
        ("PROSEVA_NO_DIALOG", "1".to_string()),
        ("LIS_BASE_URL", site.url.clone()),
        ("PROSEVA_LIS_PACE_MS", PACE_MS.to_string()),
        ("RUST_LOG", "info".to_string()),
    ];
    let driver = start_driver(&display, &env).unwrap();
    let started = Instant::now();

    // 1. A fresh data dir holds the starter library; the download starts from the Law tab.
    let session = launch(&driver);
    open_law_tab(&session);
    session.wait_for("#library-holds[data-corpus='starter']", LONG).unwrap();
    press(&session, "#library-download");
    session
        .wait_until("return document.querySelector('#library-progress-file')?.textContent?.endsWith(': Constitution.csv')", LONG)
        .unwrap_or_else(|e| panic!("{e}; the progress line: {:?}", content_of(&session, "#library-progress-file")));
    let line = text_of(&session, "#library-progress-file");
    let number: usize = line
        .strip_prefix("File ")
        .and_then(|rest| rest.strip_suffix(&format!(" of {FILE_COUNT}: Constitution.csv")))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the progress line reads \"File N of {FILE_COUNT}: Constitution.csv\": {line:?}"));
    assert_eq!(number, FILE_COUNT - 5, "the Constitution comes after the four titles: {line:?}");
    save_screenshot(&session, "library.png");
    let downloading = Instant::now();
    while site.hits("Constitution.csv") == 0 {
        assert!(downloading.elapsed() < LONG, "the app never asked for the Constitution");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(site.hits("CoVTitle_20.csv"), 1, "title 20 was fetched once before the Constitution");
    let record: serde_json::Value = serde_json::from_slice(&std::fs::read(data.path().join("law/library.json")).unwrap()).unwrap();
    assert!(record["run"].is_object(), "library.json records the run in progress: {record}");

    // 2. The app is closed mid-download (the Constitution's request has no answer yet).
    quit(session, data.path());
    eprintln!("first launch: {:?}", started.elapsed());

    // 3. The site is well again; the next start resumes the download by itself. The background
    // embedding starts paused (as a person who pressed Pause before quitting left it), so the
    // window shows it waiting until Resume.
    site.clear_faults("Constitution.csv");
    let pause_flag = proseva_law::background::pause_flag(&data.path().join("graph.db"));
    std::fs::write(&pause_flag, b"paused by the test\n").unwrap();
    let relaunched = Instant::now();
    let session = launch(&driver);
    open_law_tab(&session);
    session
        .wait_for("#library-holds[data-corpus='official']", LONG)
        .unwrap_or_else(|e| panic!("{e}; the Law tab: {:?}", content_of(&session, "#panel-library")));
    session
        .wait_until(
            "return document.querySelector(\"#library-message[data-phase='done']\")?.textContent?.includes('files downloaded')",
            LONG,
        )
        .unwrap_or_else(|e| panic!("{e}; the message: {:?}", content_of(&session, "#library-message")));
    let holds = text_of(&session, "#library-holds");
    assert!(holds.contains("Official text of"), "{holds}");
    eprintln!("resumed and built: {:?}", relaunched.elapsed());
    assert_eq!(site.hits("CoVTitle_20.csv"), 1, "files done before the restart are not fetched again");
    assert!(site.hits("Constitution.csv") >= 2, "the Constitution was asked for again: {}", site.hits("Constitution.csv"));
    let record: serde_json::Value = serde_json::from_slice(&std::fs::read(data.path().join("law/library.json")).unwrap()).unwrap();
    assert!(record["run"].is_null(), "no run waits any more: {record}");

    // The official text is found by its words at once; by meaning once embedded. The Law tab says
    // the embedding is paused, with how far it came; Resume lets it finish.
    session
        .wait_for("#library-embedding[data-state='paused']", LONG)
        .unwrap_or_else(|e| panic!("{e}; the Law tab: {:?}", content_of(&session, "#panel-library")));
    let line = text_of(&session, "#library-embedding");
    assert!(line.contains("paused at") && line.contains("Search by words works"), "{line}");
    assert_eq!(text_of(&session, "#library-embedding-pause"), "Resume");
    let by_meaning = |session: &Session| -> u64 {
        let facts = content_of(session, "#library-holds");
        let count = facts.split("Searchable by meaning: ").nth(1).and_then(|rest| rest.split(" of ").next()).map(|n| n.replace(',', ""));
        count.and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("the Law tab says how much is searchable by meaning: {facts:?}"))
    };
    let before = by_meaning(&session);
    save_screenshot(&session, "library-embedding.png");
    press(&session, "#library-embedding-pause");
    let resumed = Instant::now();
    while pause_flag.exists() {
        assert!(resumed.elapsed() < LONG, "Resume removes the pause flag");
        std::thread::sleep(Duration::from_millis(20));
    }
    // Done: the progress line goes, and more of the library is searchable by meaning.
    session
        .wait_until("return !document.querySelector('#library-embedding')", LONG)
        .unwrap_or_else(|e| panic!("{e}; the Law tab: {:?}", content_of(&session, "#panel-library")));
    let after = by_meaning(&session);
    assert!(after > before, "searchable by meaning: {before} while paused, {after} when done");
    eprintln!("embedded after Resume: {:?}", resumed.elapsed());

    // 4. § 20-124.3 opens from an answer's citation: the official text, the summary beside it.
    press(&session, "#tab-chat");
    let input = session.wait_for("#chat-input", LONG).unwrap();
    session.type_text(&input, "What does § 20-124.3 say?").unwrap();
    session.type_text(&input, ENTER).unwrap();
    session.wait_for("#chat-transcript .message.assistant[data-state='done']", LONG).unwrap();
    press(&session, "#chat-transcript .message.assistant a.cite[data-source-id='20-124.3']");
    session.wait_for("#section-viewer[open][data-state='ready'][data-source-id='20-124.3']", LONG).unwrap();
    let kind = text_of(&session, "#section-kind");
    assert_eq!(kind, "Official text");
    session.wait_for("#section-viewer[data-has-summary='true']", LONG).unwrap();
    let summary = text_of(&session, "#section-summary-text");
    assert!(!summary.trim().is_empty(), "the plain-language summary is shown beside the official text");
    let text = text_of(&session, "#section-text");
    assert!(text.contains("propensities of each parent to actively support"), "the stand-in's official text of § 20-124.3: {text}");
    save_screenshot(&session, "section-official.png");

    quit(session, data.path());
    eprintln!("in all: {:?}", started.elapsed());
}

#[test]
fn files_saved_in_a_browser_import_from_the_law_tab_and_a_section_shows_both_its_versions() {
    let data = tempfile::tempdir().unwrap();
    let saved = tempfile::tempdir().unwrap();
    // What a person saved from law.lis.virginia.gov/law-library/ in a browser (a second copy of
    // one file, as browsers name it; one title in the 2023 format).
    let mut paths = Vec::new();
    for (name, body) in proseva_e2e::lis_files::site_files() {
        let name = if name == "CoVTitle_40.1.csv" { "CoVTitle_40.1 (1).csv".to_string() } else { name };
        std::fs::write(saved.path().join(&name), body).unwrap();
        paths.push(saved.path().join(name));
    }
    std::fs::write(saved.path().join("CoVTitle_1.csv"), proseva_e2e::lis_files::title_1_of_2023()).unwrap();
    paths.push(saved.path().join("CoVTitle_1.csv"));
    // A site nobody answers at: the download fails as it does on a computer that is offline.
    let nowhere = {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        format!("http://127.0.0.1:{port}")
    };
    let (_xvfb, display) = start_xvfb().unwrap();
    let env = [
        ("PROSEVA_DATA_DIR", data.path().display().to_string()),
        ("PROSEVA_LLM", "offline".to_string()),
        ("PROSEVA_SECRETS", "file".to_string()),
        ("PROSEVA_NO_DIALOG", "1".to_string()),
        ("LIS_BASE_URL", nowhere),
        ("PROSEVA_LIS_PACE_MS", "20".to_string()),
        // The law is read as of this day: § 55.1-1245's new version takes effect July 1, 2027.
        ("PROSEVA_LAW_DATE", "2026-11-26".to_string()),
        ("RUST_LOG", "info".to_string()),
    ];
    let driver = start_driver(&display, &env).unwrap();
    let session = launch(&driver);
    open_law_tab(&session);

    // 1. The download cannot reach the site: plain words, the technical text behind Details.
    press(&session, "#library-download");
    session
        .wait_for("#library-message[data-phase='failed']", LONG)
        .unwrap_or_else(|e| panic!("{e}; the Law tab: {:?}", content_of(&session, "#panel-library")));
    let message = text_of(&session, "#library-message");
    assert!(message.starts_with("This computer could not reach 127.0.0.1. Check the internet connection"), "{message}");
    assert!(!message.contains("error sending request"), "no technical text in the message: {message}");
    session.wait_for("#library-details:not([hidden])", LONG).unwrap();
    assert!(!content_of(&session, "#library-details-text").is_empty(), "the details are there behind the link");

    // 2. Import the saved files: each checked, then the library built from them.
    let input = session.wait_for("#library-import-input", LONG).unwrap();
    let list: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    session.type_text(&input, &list.join("\n")).unwrap();
    session
        .wait_until(
            "return document.querySelector(\"#library-message[data-phase='done']\")?.textContent?.includes('8 files imported')",
            LONG,
        )
        .unwrap_or_else(|e| panic!("{e}; the Law tab: {:?}", content_of(&session, "#panel-library")));
    session.wait_for("#library-holds[data-corpus='official']", LONG).unwrap();
    session.wait_for("#library-files:not([hidden]) tr[data-file='CoVTitle_40.1.csv'][data-origin='import']", LONG).unwrap();
    let files = content_of(&session, "#library-files-summary");
    assert!(files.starts_with("8 files on this computer — official text as of"), "{files}");

    // 3. A section with two versions: the one in effect today, the notice, the other one a click away.
    press(&session, "#tab-chat");
    let input = session.wait_for("#chat-input", LONG).unwrap();
    session.type_text(&input, "What does § 55.1-1245 say?").unwrap();
    session.type_text(&input, ENTER).unwrap();
    session.wait_for("#chat-transcript .message.assistant[data-state='done']", LONG).unwrap();
    let answer = text_of(&session, "#chat-transcript .message.assistant[data-state='done']");
    assert!(answer.contains("A new version takes effect July 1, 2027."), "the answer says another version is coming: {answer}");
    press(&session, "#chat-transcript .message.assistant a.cite[data-source-id='55.1-1245']");
    session.wait_for("#section-viewer[open][data-state='ready'][data-source-id='55.1-1245'][data-versions='2']", LONG).unwrap();
    assert_eq!(text_of(&session, "#section-kind"), "Official text");
    let text = text_of(&session, "#section-text");
    assert!(text.contains("within five days"), "the version in effect on November 26, 2026: {text}");
    let notice = text_of(&session, "#section-version-notice");
    assert!(
        notice.starts_with("In effect: the version effective until July 1, 2027.")
            && notice.contains("A new version takes effect July 1, 2027."),
        "{notice}"
    );
    let as_of = text_of(&session, "#section-as-of");
    assert!(as_of.starts_with("Official text from CoVTitle_55.1.csv") && as_of.contains("imported from a file you saved"), "{as_of}");
    save_screenshot(&session, "section-versions.png");
    press(&session, "#section-version-toggle");
    session.wait_for("#section-viewer[data-viewing-other='true']", LONG).unwrap();
    let other = text_of(&session, "#section-text");
    assert!(other.contains("within 14 days"), "the version effective July 1, 2027: {other}");
    assert!(text_of(&session, "#section-version-notice").starts_with("Not in effect: the version effective July 1, 2027."));
    press(&session, "#section-version-toggle");
    session.wait_for("#section-viewer[data-viewing-other='false']", LONG).unwrap();
    assert!(text_of(&session, "#section-text").contains("within five days"));

    quit(session, data.path());
}
