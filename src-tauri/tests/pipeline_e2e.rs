//! The tool pipeline in the real window, with a model: a stand-in for an OpenAI-compatible server
//! (on loopback, in the chat-completions wire format) that proposes a note on every question and,
//! in Research, asks a CourtListener stand-in that only fails. The note is held — the card says
//! what, where, why and what the person asked; Don't allow leaves nothing written, Allow for this
//! conversation writes it and lets the next question's note through, Take back makes it ask
//! again; the failing service is
//! paused after three failures and the status line says so; the diagnostics view shows each
//! tool's calls and failures; and turning on "Let other assistants read my case data" shows in
//! the status line and publishes the case data server for `proseva-mcp` until it is turned off.
//!
//! Needs what `e2e.rs` needs (Xvfb, WebKitWebDriver, tauri-driver, the sidecars beside `proseva`).

mod support;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use axum::routing::{any, post};
use axum::{Json, Router};
use serde_json::{Value, json};
use support::{LONG, completion, press, quit_leaving_nothing, save_screenshot, serve_in_thread, sidecar_pids, text_of};

/// The model: the first tool turn of a conversation makes a write (Ask) or asks CourtListener
/// three times (Research); later turns call nothing; an answer is a sentence.
fn start_fake_model() -> (String, Arc<Mutex<Vec<Value>>>) {
    let seen: Arc<Mutex<Vec<Value>>> = Arc::default();
    let log = seen.clone();
    let tool_turns = Arc::new(AtomicUsize::new(0));
    let app = Router::new().route(
        "/v1/chat/completions",
        post(move |Json(body): Json<Value>| {
            let (log, tool_turns) = (log.clone(), tool_turns.clone());
            async move {
                log.lock().unwrap().push(body.clone());
                let offered: Vec<String> = body["tools"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|t| t["function"]["name"].as_str().map(String::from))
                    .collect();
                let first_turn = !body["messages"].as_array().is_some_and(|m| m.iter().any(|m| m["role"] == "tool"));
                let reply = if offered.is_empty() {
                    completion(&body["model"], "Here is what I found.", &[])
                } else if first_turn && offered.iter().any(|t| t == "search_opinions") {
                    tool_turns.fetch_add(1, Ordering::SeqCst);
                    let search = |id| (id, "search_opinions", json!({"query": "custody"}));
                    completion(&body["model"], "", &[search("cl1"), search("cl2"), search("cl3")])
                } else if first_turn && offered.iter().any(|t| t == "create_note") {
                    tool_turns.fetch_add(1, Ordering::SeqCst);
                    completion(
                        &body["model"],
                        "I will keep a summary of this for you.",
                        &[("w1", "create_note", json!({"title": "Summary the model wanted", "body": "Written without being asked."}))],
                    )
                } else {
                    completion(&body["model"], "I have what I need.", &[])
                };
                Json(reply)
            }
        }),
    );
    (format!("{}/v1", serve_in_thread(app)), seen)
}

#[test]
fn a_proposed_write_waits_for_the_person_a_failing_service_is_paused_and_the_figures_are_shown() {
    let data = tempfile::tempdir().unwrap();
    let (model_url, _seen) = start_fake_model();
    let courtlistener =
        serve_in_thread(Router::new().fallback(any(|| async { (StatusCode::INTERNAL_SERVER_ERROR, "down for maintenance") })));
    let env = [
        ("PROSEVA_DATA_DIR", data.path().display().to_string()),
        ("OPENAI_BASE_URL", model_url),
        ("OPENAI_API_KEY", "sk-test".to_string()),
        ("COURTLISTENER_API_TOKEN", "cl-test-token".to_string()),
        ("COURTLISTENER_BASE_URL", courtlistener),
        ("PROSEVA_SECRETS", "file".to_string()),
        ("PROSEVA_NO_DIALOG", "1".to_string()),
        ("RUST_LOG", "info".to_string()),
    ];
    let (_xvfb, _driver, session) = support::launch(&env);

    // An everyday question whose words once counted as asking for a write: the model's note is
    // held, and the card says what, where, why and what the person asked.
    session.click(&session.find("#tab-chat").unwrap().unwrap()).unwrap();
    let notes = || {
        session
            .script_async(
                "const done = arguments[arguments.length - 1]; window.__TAURI__.core.invoke('list_records', {resource: 'notes'}).then((p) => done(p.items.map((n) => n.title))).catch((e) => done(String(e)));",
                json!([]),
            )
            .unwrap()
    };
    let count = |state: &str| {
        let script = format!(
            "return document.querySelectorAll(\"#chat-transcript .trail-item[data-tool='create_note'][data-state='{state}']\").length"
        );
        session.script(&script, json!([])).unwrap().as_u64().unwrap()
    };
    let ask = |question: &str, answers: usize| {
        let input = session.wait_for("#chat-input", LONG).unwrap();
        session.type_text(&input, question).unwrap();
        session.type_text(&input, support::ENTER).unwrap();
        let done =
            format!("return document.querySelectorAll(\"#chat-transcript .message.assistant[data-state='done']\").length === {answers}");
        session.wait_until(&done, LONG).unwrap_or_else(|e| panic!("{e}; the transcript: {}", text_of(&session, "#chat-transcript")));
    };
    ask("Can my landlord keep my security deposit?", 1);
    let held = "#chat-transcript .trail-item[data-tool='create_note'][data-state='held']";
    let card = text_of(&session, &format!("{held} .held-write"));
    for part in [
        "The assistant wants to add a note.",
        "Nothing is written to your records unless you allow it.",
        "Allow once",
        "Allow for this conversation",
        "Don’t allow",
    ] {
        assert!(card.contains(part), "{part:?} in the card: {card}");
    }
    session.wait_until("return !document.querySelector('.held-where').textContent.includes('…')", LONG).unwrap();
    let rows = session
        .script(
            "return [...document.querySelectorAll('.held-write dt')].map((dt) => dt.textContent + ': ' + dt.nextElementSibling.textContent)",
            json!([]),
        )
        .unwrap();
    assert_eq!(
        rows,
        json!([
            "Where: your records, in no case",
            "Title: Summary the model wanted",
            "Text: Written without being asked.",
            "The assistant’s reason: I will keep a summary of this for you.",
            "You asked: “Can my landlord keep my security deposit?”",
        ])
    );
    save_screenshot(&session, "write-confirmation.png");
    // Don't allow: nothing written, and the trail says so.
    press(&session, &format!("{held} button.dont-allow"));
    assert_eq!(count("declined"), 1);
    assert!(text_of(&session, "#chat-transcript .trail-item[data-state='declined']").contains("not written: you did not allow it"));
    assert_eq!(notes(), json!([]));

    // The next question proposes it again; Allow for this conversation writes it, and says so
    // under the question box.
    ask("Does the court record my hearing?", 2);
    assert_eq!(count("held"), 1);
    press(&session, &format!("{held} button.allow-conversation"));
    session
        .wait_until(
            "return document.querySelectorAll(\"#chat-transcript .trail-item[data-tool='create_note'][data-state='ok']\").length === 1",
            LONG,
        )
        .unwrap();
    assert!(text_of(&session, "#chat-transcript .trail-item[data-tool='create_note'][data-state='ok']").contains("for this conversation"));
    assert_eq!(notes(), json!(["Summary the model wanted"]));
    let line = text_of(&session, "#chat-grants:not([hidden])");
    assert!(line.contains("may write without asking: new notes") && line.contains("Take back"), "{line}");

    // Allowed: the third question's note is written without asking.
    ask("How do I schedule a hearing in general district court?", 3);
    assert_eq!((count("ok"), count("held")), (2, 0));
    assert_eq!(notes().as_array().unwrap().len(), 2);

    // Taken back: the fourth question's note waits again; a new conversation allows nothing.
    press(&session, "#chat-grants button.revoke-grants");
    session.wait_for("#chat-grants[hidden]", LONG).unwrap();
    ask("Can my ex track my phone?", 4);
    assert_eq!(count("held"), 1);
    assert_eq!(notes().as_array().unwrap().len(), 2);

    // Research: CourtListener fails three times in a row and is paused; the status line says so.
    session.click(&session.find("#tab-research").unwrap().unwrap()).unwrap();
    let input = session.wait_for("#research-input", LONG).unwrap();
    session.type_text(&input, "Custody opinions in Virginia").unwrap();
    session.type_text(&input, support::ENTER).unwrap();
    session.wait_for("#research-answer .message.assistant[data-state='done']", LONG).unwrap();
    session.wait_for("#status-services-li:not([hidden])", LONG).unwrap();
    let paused = text_of(&session, "#status-services");
    assert!(paused.starts_with("CourtListener paused for ") && paused.contains(" s after 3 failures"), "{paused}");

    // The diagnostics view: the three failed searches, and the service's state.
    press(&session, "#open-diagnostics");
    session.wait_for("#diagnostics[open] #diagnostics-tools tr[data-tool='search_opinions']", LONG).unwrap();
    let cells = session
        .script(
            "return [...document.querySelectorAll(\"#diagnostics-tools tr[data-tool='search_opinions'] > *\")].map((c) => c.textContent)",
            json!([]),
        )
        .unwrap();
    let cells: Vec<String> = serde_json::from_value(cells).unwrap();
    assert_eq!(cells[..3], ["search_opinions", "3", "3"], "calls 3, all failed: {cells:?}");
    assert!(cells[3].ends_with(" ms") && cells[4].ends_with(" ms"), "p50 and p95: {cells:?}");
    assert_eq!(cells[5], "unavailable", "{cells:?}");
    session.wait_for("#diagnostics-services li[data-service='CourtListener'][data-state='paused']", LONG).unwrap();
    save_screenshot(&session, "diagnostics.png");
    press(&session, "#diagnostics-close");
    session.wait_until("return !document.querySelector('#diagnostics').open", LONG).unwrap();

    // Case data for other assistants: off until turned on, then the status line says it is on.
    assert!(session.find("#status-mcp-li[hidden]").unwrap().is_some(), "off by default");
    press(&session, "#open-settings");
    session.wait_for("#settings-dialog[open] #settings-form[aria-busy='false']", LONG).unwrap();
    press(&session, "#set-mcpCaseData");
    press(&session, "#settings-save");
    session.wait_for("#settings-dialog:not([open])", LONG).unwrap();
    session.wait_for("#status-mcp-li:not([hidden])", LONG).unwrap();
    let settings: Value = serde_json::from_str(&std::fs::read_to_string(data.path().join("settings.json")).unwrap()).unwrap();
    assert_eq!(settings["mcpCaseData"], true, "the key proseva-mcp reads");
    // The running server's address and token are published for proseva-mcp, for this user only.
    let published_path = data.path().join("mcp-server.json");
    let published: Value = serde_json::from_str(&std::fs::read_to_string(&published_path).unwrap()).unwrap();
    assert!(published["serverUrl"].as_str().unwrap().starts_with("http://127.0.0.1:"), "{published}");
    assert!(published["token"].as_str().is_some_and(|t| t.len() >= 16), "{published}");
    let mode = std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&published_path).unwrap().permissions());
    assert_eq!(mode & 0o777, 0o600);

    // Turned off again: no longer published, and the status line no longer says it.
    press(&session, "#open-settings");
    session.wait_for("#settings-dialog[open] #settings-form[aria-busy='false']", LONG).unwrap();
    press(&session, "#set-mcpCaseData");
    press(&session, "#settings-save");
    session.wait_for("#settings-dialog:not([open])", LONG).unwrap();
    session.wait_for("#status-mcp-li[hidden]", LONG).unwrap();
    assert!(!published_path.exists(), "removed when the switch is off");

    let pids = sidecar_pids(&session);
    quit_leaving_nothing(session, &pids);
}
