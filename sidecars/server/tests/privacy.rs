//! The case file's lock, on the real `proseva-server` binary: a planted case is in no file once
//! the lock is on (database, documents, backups, the server's own log); a server started on
//! encrypted data starts locked and answers 423; wrong secrets change nothing; the recovery key
//! and a changed passphrase work and the old passphrase does not; backups restore with the key;
//! and a conversion killed with SIGKILL at many points loses nothing, either way.

mod common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{TOKEN, client};
use serde_json::json;

const PASSPHRASE: &str = "blue heron at the river mouth";

/// Words of a planted case, each found nowhere on disk once the lock is on.
const PLANTED: &[&str] = &[
    "Marisol Quintanilla-Whitfield",
    "4417 Tangerine Hollow Lane",
    "he broke the kitchen window on the night of March 9",
    "Zephyrine exchange log",
    "Quintanilla v. Whitfield",
];

/// The real binary, its stderr both kept in `<data dir>/logs/server.log` (as the desktop keeps
/// it) and sent, line by line, to `lines`.
/// `common::Server` answers `url`, `get` and `post` (and kills it when dropped).
struct Running {
    server: common::Server,
    lines: mpsc::Receiver<String>,
}

impl std::ops::Deref for Running {
    type Target = common::Server;
    fn deref(&self) -> &common::Server {
        &self.server
    }
}

fn start(data_dir: &Path) -> Running {
    start_with(data_dir, &[("PROSEVA_EMBEDDINGS", "off")])
}

fn start_with(data_dir: &Path, env: &[(&str, &str)]) -> Running {
    let logs = data_dir.join("logs");
    std::fs::create_dir_all(&logs).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_proseva-server"))
        .env("PROSEVA_DATA_DIR", data_dir)
        .env("PORT", "0")
        .env("PROSEVA_TOKEN", TOKEN)
        .envs(env.iter().copied())
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("unexpected first line: {line:?}")).to_string();
    let (tx, lines) = mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    let log_path = logs.join("server.log");
    std::thread::spawn(move || {
        use std::io::Write;
        let mut log = std::fs::OpenOptions::new().create(true).append(true).open(log_path).unwrap();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = writeln!(log, "{line}");
            let _ = tx.send(line);
        }
    });
    Running { server: common::Server { child, url }, lines }
}

impl Running {
    async fn get_bytes(&self, path: &str) -> (u16, Vec<u8>) {
        let res = client().get(self.url(path)).bearer_auth(TOKEN).send().await.unwrap();
        (res.status().as_u16(), res.bytes().await.unwrap().to_vec())
    }
    /// Stops it now (SIGKILL, as `common::Server` does when dropped).
    fn kill(self) {}
}

/// Every file under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() { out.extend(files_under(&path)) } else { out.push(path) }
        }
    }
    out
}

/// The planted words found in any file under `dir` (as UTF-8, or in UTF-16 as some formats keep
/// text), with the file.
fn planted_in(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for file in files_under(dir) {
        let bytes = std::fs::read(&file).unwrap_or_default();
        for word in PLANTED {
            let utf16: Vec<u8> = word.encode_utf16().flat_map(u16::to_le_bytes).collect();
            let lowered = word.to_lowercase();
            let haystack = String::from_utf8_lossy(&bytes).to_lowercase();
            if haystack.contains(&lowered) || bytes.windows(utf16.len()).any(|w| w == utf16.as_slice()) {
                found.push(format!("{word:?} in {}", file.display()));
            }
        }
    }
    found
}

/// A case with a party, an address, a note, a timeline event and a document.
async fn plant(server: &Running) -> i64 {
    let (status, case) = server.post("/api/cases", &json!({"name": "Quintanilla v. Whitfield"})).await;
    assert_eq!(status, 201, "{case}");
    let case_id = case["id"].as_i64().unwrap();
    let (status, _) = server
        .post(
            "/api/contacts",
            &json!({"caseId": case_id, "name": "Marisol Quintanilla-Whitfield", "role": "other", "address": "4417 Tangerine Hollow Lane, Richmond"}),
        )
        .await;
    assert_eq!(status, 201);
    let (status, _) = server
        .post(
            "/api/notes",
            &json!({"caseId": case_id, "title": "What happened", "body": "Then he broke the kitchen window on the night of March 9 and left."}),
        )
        .await;
    assert_eq!(status, 201);
    let (status, _) = server
        .post("/api/timeline", &json!({"caseId": case_id, "date": "2026-03-09", "title": "Window broken", "details": "Marisol Quintanilla-Whitfield called the police"}))
        .await;
    assert_eq!(status, 201);
    let (status, doc) = server
        .post(
            "/api/documents",
            &json!({"caseId": case_id, "fileName": "log.txt", "title": "Exchange log", "text": "Zephyrine exchange log: Saturday 10 am, he was late again."}),
        )
        .await;
    assert_eq!(status, 201, "{doc}");
    case_id
}

async fn counts(server: &Running) -> Vec<usize> {
    let mut counts = Vec::new();
    for list in ["/api/cases", "/api/contacts", "/api/notes", "/api/timeline", "/api/documents"] {
        let (status, items) = server.get(list).await;
        assert_eq!(status, 200, "{list}: {items}");
        counts.push(items.as_array().map_or(0, Vec::len));
    }
    counts
}

#[tokio::test]
async fn once_locked_a_planted_case_is_in_no_file_and_only_the_passphrase_or_recovery_key_opens_it() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let server = start(&data);
    assert_eq!(server.get("/api/privacy").await, (200, json!({"encrypted": false, "locked": false})));
    let case_id = plant(&server).await;
    let before = counts(&server).await;
    assert!(!planted_in(&data).is_empty(), "the test must see the words while the file is plain");

    // Too short: nothing changes.
    let (status, body) = server.post("/api/privacy/encrypt", &json!({"passphrase": "short"})).await;
    assert_eq!((status, body["error"]["fields"]["passphrase"].as_str()), (400, Some("the passphrase needs at least 8 characters")));
    assert!(!data.join("privacy.json").exists());

    let (status, on) = server.post("/api/privacy/encrypt", &json!({"passphrase": PASSPHRASE})).await;
    assert_eq!(status, 200, "{on}");
    assert_eq!((on["encrypted"].as_bool(), on["locked"].as_bool(), on["documents"].as_u64()), (Some(true), Some(false), Some(1)));
    let recovery = on["recoveryKey"].as_str().unwrap().to_string();
    assert_eq!(recovery.len(), 29, "{recovery}");
    // Still unlocked: the data reads as before, and a new record is written encrypted.
    assert_eq!(counts(&server).await, before);
    let (status, _) =
        server.post("/api/notes", &json!({"caseId": case_id, "title": "Second page", "body": "Zephyrine exchange log, second page"})).await;
    assert_eq!(status, 201);
    let (status, original) = server.get_bytes("/api/documents/1/file").await;
    assert_eq!((status, String::from_utf8_lossy(&original).contains("Zephyrine")), (200, true));

    // A backup made now is as closed as the data.
    let backups = dir.path().join("backups");
    let (status, made) = server.post("/api/backup", &json!({"path": backups.join("b.proseva-backup")})).await;
    assert_eq!(status, 200, "{made}");

    server.kill();
    let leaks: Vec<String> = [planted_in(&data), planted_in(&backups)].concat();
    assert!(leaks.is_empty(), "planted words on disk with the lock on: {leaks:#?}");
    assert!(!data.join("proseva.db").exists() && !data.join("documents").exists(), "the plain copy is gone");
    // Without the key SQLite cannot read the database.
    let plain = rusqlite::Connection::open(data.join("vault/proseva.db")).unwrap();
    let err = plain.query_row("SELECT count(*) FROM cases", [], |r| r.get::<_, i64>(0)).unwrap_err();
    assert!(err.to_string().contains("not a database"), "{err}");
    if let Ok(out) = Command::new("sqlite3").arg(data.join("vault/proseva.db")).arg("SELECT name FROM cases;").output() {
        assert!(!out.status.success() || !String::from_utf8_lossy(&out.stdout).contains("Quintanilla"));
    }

    // Started again: locked. Health says so; the person's data is 423; the lock's routes answer.
    let server = start(&data);
    let (_, health) = server.get("/api/health").await;
    assert_eq!((health["locked"].as_bool(), health["encrypted"].as_bool()), (Some(true), Some(true)));
    for path in [
        "/api/cases",
        "/api/documents/1/file",
        "/api/notes",
        "/api/calendar.ics",
        "/api/reminders?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z",
    ] {
        let (status, body) = server.get(path).await;
        assert_eq!((status, body["error"]["code"].as_str()), (423, Some("locked")), "{path}");
    }
    let (status, _) = server.post("/api/tools/GetCases", &json!({})).await;
    assert_eq!(status, 423);
    assert_eq!(server.get("/api/paths").await.0, 200, "reference data answers while locked");

    // Wrong secrets: a plain message, still locked.
    let (status, body) = server.post("/api/privacy/unlock", &json!({"passphrase": "blue heron at the river"})).await;
    assert_eq!((status, body["error"]["fields"]["passphrase"].as_str()), (400, Some("that passphrase does not open this case file")));
    let (status, body) = server.post("/api/privacy/unlock", &json!({"recoveryKey": "AAAAA-BBBBB"})).await;
    assert_eq!(status, 400, "{body}");
    let (status, _) = server.post("/api/privacy/unlock", &json!({})).await;
    assert_eq!(status, 400);
    assert_eq!(server.get("/api/privacy").await.1, json!({"encrypted": true, "locked": true}));

    // The recovery key, typed as a person would.
    let typed = recovery.to_lowercase().replace('-', " ");
    let (status, body) = server.post("/api/privacy/unlock", &json!({"recoveryKey": typed})).await;
    assert_eq!((status, body), (200, json!({"encrypted": true, "locked": false})));
    let mut expected = before.clone();
    expected[2] += 1;
    assert_eq!(counts(&server).await, expected);

    // A new passphrase; the old one stops working.
    let new = "otters sleep holding hands";
    let (status, body) = server.post("/api/privacy/passphrase", &json!({"old": "not it at all", "new": new})).await;
    assert_eq!(status, 400, "{body}");
    let (status, _) = server.post("/api/privacy/passphrase", &json!({"old": PASSPHRASE, "new": new})).await;
    assert_eq!(status, 200);
    assert_eq!(server.post("/api/privacy/lock", &json!({})).await, (200, json!({"encrypted": true, "locked": true})));
    assert_eq!(server.get("/api/cases").await.0, 423);
    assert_eq!(server.post("/api/privacy/unlock", &json!({"passphrase": PASSPHRASE})).await.0, 400);
    assert_eq!(server.post("/api/privacy/unlock", &json!({"passphrase": new})).await.0, 200);

    // The backup restores with the key.
    let (status, restored) = server.post("/api/restore", &json!({"path": backups.join("b.proseva-backup")})).await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!(counts(&server).await, expected);
    let (_, original) = server.get_bytes("/api/documents/1/file").await;
    assert!(String::from_utf8_lossy(&original).contains("Zephyrine exchange log"));

    // Off again: the data is plain and whole.
    let (status, _) = server.post("/api/privacy/decrypt", &json!({"passphrase": PASSPHRASE})).await;
    assert_eq!(status, 400, "the old passphrase does not turn it off");
    let (status, off) = server.post("/api/privacy/decrypt", &json!({"passphrase": new})).await;
    assert_eq!((status, off), (200, json!({"encrypted": false, "locked": false})));
    assert_eq!(counts(&server).await, expected);
    assert!(data.join("proseva.db").is_file() && !data.join("vault").exists() && !data.join("privacy.json").exists());
    server.kill();
    let server = start(&data);
    assert_eq!(counts(&server).await, expected);
}

#[tokio::test]
async fn a_backup_locked_under_another_passphrase_restores_with_that_passphrase_only() {
    let dir = tempfile::tempdir().unwrap();
    let first = start(&dir.path().join("first"));
    plant(&first).await;
    let expected = counts(&first).await;
    assert_eq!(first.post("/api/privacy/encrypt", &json!({"passphrase": PASSPHRASE})).await.0, 200);
    let backup = dir.path().join("locked.proseva-backup");
    assert_eq!(first.post("/api/backup", &json!({"path": backup})).await.0, 200);

    // Another computer, plain: the backup needs its passphrase, and comes back plain here.
    let second = start(&dir.path().join("second"));
    let (status, body) = second.post("/api/restore", &json!({"path": backup})).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"]["fields"]["passphrase"].as_str().unwrap().contains("give that backup's passphrase"), "{body}");
    let (status, _) = second.post("/api/restore", &json!({"path": backup, "passphrase": "a wrong guess"})).await;
    assert_eq!(status, 400);
    assert_eq!(counts(&second).await, vec![0, 0, 0, 0, 0], "nothing restored by a wrong passphrase");
    let (status, body) = second.post("/api/restore", &json!({"path": backup, "passphrase": PASSPHRASE})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(counts(&second).await, expected);
    let (_, original) = second.get_bytes("/api/documents/1/file").await;
    assert!(String::from_utf8_lossy(&original).contains("Zephyrine exchange log"));
}

/// The embedding model loads while the file is locked (the server answers meanwhile); once
/// unlocked, what is added is embedded and found by meaning as before.
#[tokio::test]
async fn a_server_started_locked_embeds_again_once_unlocked() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let server = start_with(&data, &[]);
    assert_eq!(server.post("/api/privacy/encrypt", &json!({"passphrase": PASSPHRASE})).await.0, 200);
    server.kill();
    let server = start_with(&data, &[]);
    let model = common::eventually("the model to load while locked", Duration::from_secs(60), async || {
        let (_, health) = server.get("/api/health").await;
        health["embeddings"].as_str().filter(|s| *s != "loading").map(str::to_string)
    })
    .await;
    assert_eq!(model, "ready", "a locked case file does not make the model unavailable");
    assert_eq!(server.post("/api/privacy/unlock", &json!({"passphrase": PASSPHRASE})).await.0, 200);
    let (status, doc) = server
        .post("/api/documents", &json!({"fileName": "exchange.txt", "text": "The children are handed over at the library on Saturdays."}))
        .await;
    assert_eq!(status, 201, "{doc}");
    let id = doc["id"].as_i64().unwrap();
    common::eventually("the document to be embedded", Duration::from_secs(60), async || {
        let (_, doc) = server.get(&format!("/api/documents/{id}")).await;
        (doc["embeddingStatus"] == "ready").then_some(())
    })
    .await;
    let (status, found) = server.post("/api/tools/SearchKnowledge", &json!({"query": "where do we swap the kids at the weekend"})).await;
    assert_eq!(status, 200, "{found}");
    assert!(found.to_string().contains("library on Saturdays"), "{found}");
}

/// Kills the server at the `n`th step the conversion logs (then `extra` later), and says whether
/// the conversion got that far.
async fn convert_and_kill(data: &Path, on: bool, n: usize, extra: Duration) -> bool {
    let server = start(data);
    if !on {
        assert_eq!(server.post("/api/privacy/unlock", &json!({"passphrase": PASSPHRASE})).await.0, 200);
    }
    let (route, marker) =
        if on { ("/api/privacy/encrypt", "privacy: turning on: ") } else { ("/api/privacy/decrypt", "privacy: turning off: ") };
    let request = {
        let url = server.url(route);
        tokio::spawn(async move { client().post(url).bearer_auth(TOKEN).json(&json!({"passphrase": PASSPHRASE})).send().await })
    };
    let mut seen = 0;
    let reached = loop {
        match server.lines.recv_timeout(Duration::from_secs(30)) {
            Ok(line) if line.contains(marker) => {
                seen += 1;
                if seen == n {
                    break true;
                }
            }
            Ok(_) => {}
            Err(_) => break false,
        }
    };
    std::thread::sleep(extra);
    server.kill();
    let _ = request.await;
    reached
}

// Two threads: the kill waits on the server's log while the request runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conversion_killed_at_any_point_leaves_the_data_whole_plain_or_encrypted() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let server = start(&data);
    plant(&server).await;
    // Enough documents that sealing them takes a while.
    let mut originals = Vec::new();
    for i in 0..40 {
        let text = format!("Document {i}: {}", "the clerk stamped it and gave it back. ".repeat(4000));
        let (status, doc) = server.post("/api/documents", &json!({"fileName": format!("d{i}.txt"), "text": text})).await;
        assert_eq!(status, 201, "{doc}");
        originals.push((doc["id"].as_i64().unwrap(), text));
    }
    let expected = counts(&server).await;
    server.kill();

    let mut outcomes = Vec::new();
    for (n, extra_ms) in [(1, 0), (1, 30), (2, 0), (2, 40), (3, 0), (3, 10), (4, 0), (5, 0), (6, 0), (6, 5), (7, 0)] {
        for on in [true, false] {
            let was_on = data.join("privacy.json").exists();
            if was_on == on {
                // Start from the other side: finish a conversion first.
                let server = start(&data);
                let route = if on { "/api/privacy/decrypt" } else { "/api/privacy/encrypt" };
                assert_eq!(server.post(route, &json!({"passphrase": PASSPHRASE})).await.0, 200, "{route}");
                server.kill();
            }
            let reached = convert_and_kill(&data, on, n, Duration::from_millis(extra_ms)).await;

            // After the crash: either form, whole.
            let server = start(&data);
            let (_, status) = server.get("/api/privacy").await;
            let encrypted = status["encrypted"].as_bool().unwrap();
            if encrypted {
                assert_eq!(server.post("/api/privacy/unlock", &json!({"passphrase": PASSPHRASE})).await.0, 200);
            }
            assert_eq!(
                counts(&server).await,
                expected,
                "after a kill at step {n} (+{extra_ms} ms) turning {}",
                if on { "on" } else { "off" }
            );
            for (id, text) in originals.iter().step_by(13) {
                let (status, bytes) = server.get_bytes(&format!("/api/documents/{id}/file")).await;
                assert_eq!((status, bytes.as_slice()), (200, text.as_bytes()), "document {id}");
            }
            let leftovers: Vec<&str> =
                ["vault.partial", "plain.partial", "privacy.json.partial"].into_iter().filter(|p| data.join(p).exists()).collect();
            assert!(leftovers.is_empty(), "{leftovers:?}");
            if encrypted {
                assert!(!data.join("proseva.db").exists() && !data.join("documents").exists());
            } else {
                assert!(!data.join("vault").exists());
            }
            outcomes.push((on, n, reached, encrypted));
            server.kill();
        }
    }
    // The kills landed on both sides of the moment the change is made.
    assert!(outcomes.iter().any(|(on, _, _, enc)| *on && !*enc) && outcomes.iter().any(|(on, _, _, enc)| *on && *enc), "{outcomes:?}");
    assert!(outcomes.iter().any(|(on, _, _, enc)| !*on && *enc) && outcomes.iter().any(|(on, _, _, enc)| !*on && !*enc), "{outcomes:?}");
}
