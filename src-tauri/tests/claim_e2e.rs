//! Check a claim in the real window, with a model: a stand-in for an OpenAI-compatible server (on
//! loopback, answering in the chat-completions wire format) reviews the report without asking for
//! more and decides, citing one real section and one the law graph does not hold. The verdict card
//! shows the verdict, the confidence lowered for the section left out (and says so), the quote with
//! its section (opening in the section viewer), and a step with a date that goes into the deadlines.
//!
//! Needs what `e2e.rs` needs (Xvfb, WebKitWebDriver, tauri-driver, the sidecars beside `proseva`).

mod support;

use axum::routing::post;
use axum::{Json, Router};
use serde_json::{Value, json};
use support::{LONG, press, quit_leaving_nothing, save_screenshot, sidecar_pids, text_of};
const CLAIM: &str = "My landlord says he can keep my whole security deposit because I moved out 2 days early.";

/// The model's decision: one section the graph holds, one it does not.
fn decision() -> Value {
    json!({
        "verdict": "not_supported",
        "confidence": 0.8,
        "resolution": "Leaving two days early does not let a landlord keep the whole deposit: deductions must be itemised and the rest returned.",
        "citations": [
            {"section": "§ 55.1-1226", "quote": "the landlord shall return the security deposit with an itemized list of deductions", "textKind": "official"},
            {"section": "§ 55.1-9999", "quote": "a made-up section", "textKind": "official"}
        ],
        "action_plan": [
            {"step": "Ask the landlord in writing for the itemised list and the rest of your deposit", "by_when": "2030-01-15", "where": null},
            {"step": "If no answer, file a warrant in debt", "by_when": null, "where": "the general district court"}
        ]
    })
}

/// Serves `/v1/chat/completions` on loopback from its own thread: a structured request (the
/// decision) gets the decision; a tool turn gets a plain reply with no tool calls. Returns the
/// base URL and what it was asked.
fn start_fake_model() -> (String, std::sync::Arc<std::sync::Mutex<Vec<Value>>>) {
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = seen.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
        runtime.block_on(async move {
            let app = Router::new().route(
                "/v1/chat/completions",
                post(move |Json(body): Json<Value>| {
                    let log = log.clone();
                    async move {
                        log.lock().unwrap().push(body.clone());
                        let content = if body.get("response_format").is_some() { decision().to_string() } else { "I have what I need.".into() };
                        Json(json!({
                            "id": "chatcmpl-fake", "object": "chat.completion", "created": 1_735_689_600, "model": body["model"],
                            "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "refusal": null}, "logprobs": null, "finish_reason": "stop"}],
                            "usage": {"prompt_tokens": 100, "completion_tokens": 50, "total_tokens": 150}
                        }))
                    }
                }),
            );
            tx.send(proseva_e2e::serve(app).await).unwrap();
            std::future::pending::<()>().await;
        });
    });
    (format!("{}/v1", rx.recv().unwrap()), seen)
}

#[test]
fn a_claim_is_checked_with_a_model_and_its_verdict_card_links_its_law() {
    let data = tempfile::tempdir().unwrap();
    let (model_url, seen) = start_fake_model();
    let env = [
        ("PROSEVA_DATA_DIR", data.path().display().to_string()),
        ("OPENAI_BASE_URL", model_url),
        ("OPENAI_API_KEY", "sk-test".to_string()),
        ("PROSEVA_SECRETS", "file".to_string()),
        ("PROSEVA_NO_DIALOG", "1".to_string()),
        ("RUST_LOG", "info".to_string()),
    ];
    let (_xvfb, _driver, session) = support::launch(&env);

    // An empty box: the button says what to write.
    press(&session, "#chat-check");
    session.wait_for("#chat-form .form-error:not([hidden]), #chat-input[aria-invalid='true']", LONG).unwrap();

    let input = session.wait_for("#chat-input", LONG).unwrap();
    session.type_text(&input, CLAIM).unwrap();
    press(&session, "#chat-check");
    session.wait_for("#chat-transcript .message.user.workflow-run[data-workflow='check_claim']", LONG).unwrap();
    let card = "#chat-transcript .message.assistant[data-state='done'] .verdict-card";
    session
        .wait_for(&format!("{card}[data-verdict='not_supported']"), LONG)
        .unwrap_or_else(|e| panic!("{e}; the transcript: {}", text_of(&session, "#chat-transcript")));
    let shown = text_of(&session, card);
    assert!(shown.contains("The law does not support this claim"), "{shown}");
    assert!(shown.contains("Confidence 60 %"), "0.8, less 0.2 for the section left out: {shown}");
    assert!(shown.contains("§ 55.1-9999") && shown.contains("not in the law graph"), "the card says what was left out: {shown}");
    // The section the graph holds is quoted, labelled by what the graph holds (the starter's summary).
    session
        .wait_for(&format!("{card} .verdict-citation[data-section='55.1-1226'][data-text-kind='summary'] button.source-link"), LONG)
        .unwrap();
    assert!(session.find(&format!("{card} .verdict-citation[data-section='55.1-9999']")).unwrap().is_none());
    // The model's quote is not in the section's text the app has: the card says whose words they are.
    session.wait_for(&format!("{card} .verdict-citation[data-section='55.1-1226'] .verdict-quote[data-verbatim='false']"), LONG).unwrap();
    assert!(shown.contains("These are the model’s words"), "{shown}");
    // The steps; the one with a date goes into the deadlines.
    assert!(shown.contains("by 2030-01-15") && shown.contains("the general district court"), "{shown}");
    // The model was asked for the decision with the schema, after one look at the report.
    let asked = seen.lock().unwrap().clone();
    let structured: Vec<&Value> = asked.iter().filter(|b| b.get("response_format").is_some()).collect();
    assert_eq!(structured.len(), 1, "one decision request");
    assert_eq!(structured[0]["response_format"]["type"], "json_schema");
    assert!(asked.iter().any(|b| b.get("tools").is_some()), "the verifier's pass was offered tools");
    session
        .script("document.querySelector('#chat-transcript .message.user.workflow-run')?.scrollIntoView({block: 'start'})", json!([]))
        .unwrap();
    save_screenshot(&session, "claim-check.png");

    press(&session, &format!("{card} .verdict-step button.add-deadline[data-date='2030-01-15']"));
    session
        .wait_until(
            &format!("return document.querySelector(\"{card} .verdict-step .step-status\")?.textContent.includes('in your deadlines')"),
            LONG,
        )
        .unwrap();

    press(&session, &format!("{card} .verdict-citation[data-section='55.1-1226'] button.source-link"));
    session.wait_for("#section-viewer[open]", LONG).unwrap();
    session.wait_until("return document.querySelector('#section-viewer')?.innerText.includes('55.1-1226')", LONG).unwrap();
    let heading = text_of(&session, "#section-heading");
    assert_eq!(heading, "Security deposits");

    let pids = sidecar_pids(&session);
    quit_leaving_nothing(session, &pids);
}
