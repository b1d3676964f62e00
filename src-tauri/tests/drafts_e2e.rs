//! Drafts as artifacts in the real window. A model (a stand-in for an OpenAI-compatible server
//! on loopback) asked for a diagram calls `create_draft`; the person allows it once (the write
//! gate) and the draft opens in the artifact panel beside the conversation, drawn by the vendored Mermaid under the window's CSP. Then offline,
//! from the Draft dialog: a letter says it needs a model; the case timeline and the hearing
//! checklist are built from the case's records; an edit that does not parse is refused naming
//! its line, one that does is a new version beside the old; a diagram Mermaid cannot draw shows
//! the error and its source; Word and PDF copies are saved to the exports folder.
//!
//! Needs what `e2e.rs` needs (Xvfb, WebKitWebDriver, tauri-driver, the sidecars beside `proseva`).

mod support;

use axum::Json;
use axum::routing::post;
use serde_json::{Value, json};
use support::{LONG, Session, completion, press, quit_leaving_nothing, save_screenshot, serve_in_thread, sidecar_pids, text_of};

const DIAGRAM: &str =
    "timeline\n    title What happened\n    section January 2026\n        Jan 10 : Separated\n        Jan 24 : Moved out\n";

/// The model: asked with the drafting tool on offer, it makes one diagram; then it answers.
fn start_fake_model() -> String {
    let app = axum::Router::new().route(
        "/v1/chat/completions",
        post(|Json(body): Json<Value>| async move {
            let offered = body["tools"].as_array().is_some_and(|t| t.iter().any(|t| t["function"]["name"] == "create_draft"));
            let first_turn = !body["messages"].as_array().is_some_and(|m| m.iter().any(|m| m["role"] == "tool"));
            let reply = if offered && first_turn {
                let args = json!({"kind": "mermaid", "title": "What happened", "content": DIAGRAM,
                                  "sources": [{"label": "Your timeline in ProSeVA"}]});
                completion(&body["model"], "", &[("d1", "create_draft", args)])
            } else {
                completion(&body["model"], "The diagram is beside this conversation.", &[])
            };
            Json(reply)
        }),
    );
    format!("{}/v1", serve_in_thread(app))
}

/// Runs `script` (its last argument is the callback) and returns what it passed back.
fn run(session: &Session, script: &str) -> Value {
    session.script_async(&format!("const done = arguments[arguments.length - 1]; {script}"), json!([])).unwrap()
}

/// The artifact panel as it is, for a failure's message.
fn panel(session: &Session) -> Value {
    session
        .script(
            "const p = document.querySelector('#artifact-panel'); return {hidden: p.hidden, rendered: p.dataset.rendered, text: p.textContent.replace(/\\s+/g, ' ').slice(0, 1500)}",
            json!([]),
        )
        .unwrap_or_else(|e| json!(e))
}

fn invoke(session: &Session, command: &str, args: Value) -> Value {
    let script = format!(
        "window.__TAURI__.core.invoke({}, {args}).then(done).catch((e) => done({{failed: e}}));",
        serde_json::to_string(command).unwrap()
    );
    let answer = run(session, &script);
    assert!(answer.get("failed").is_none(), "{command}: {answer}");
    answer
}

#[test]
fn drafts_open_beside_the_conversation_with_versions_checks_and_exports() {
    let data = tempfile::tempdir().unwrap();
    let exports = tempfile::tempdir().unwrap();
    let env = [
        ("PROSEVA_DATA_DIR", data.path().display().to_string()),
        ("PROSEVA_EXPORT_DIR", exports.path().display().to_string()),
        ("OPENAI_BASE_URL", start_fake_model()),
        ("OPENAI_API_KEY", "sk-test".to_string()),
        ("PROSEVA_SECRETS", "file".to_string()),
        ("PROSEVA_NO_DIALOG", "1".to_string()),
    ];
    let (_xvfb, _driver, session) = support::launch(&env);

    // A case with a few records, chosen in the picker.
    let case =
        invoke(&session, "create_record", json!({"resource": "cases", "record": {"name": "Doe v. Doe", "caseNumber": "JJ-2026-14"}}));
    let case_id = case["id"].as_i64().unwrap();
    for (title, date) in [("Separated", "2026-01-10"), ("Moved out", "2026-01-24"), ("Petition filed", "2026-02-03")] {
        invoke(&session, "create_record", json!({"resource": "timeline", "record": {"caseId": case_id, "title": title, "date": date}}));
    }
    for (title, date, kind) in [("Custody hearing", "2099-03-20", "hearing"), ("File financial statement", "2099-03-06", "filing")] {
        invoke(
            &session,
            "create_record",
            json!({"resource": "deadlines", "record": {"caseId": case_id, "title": title, "date": date, "kind": kind}}),
        );
    }
    run(&session, "window.proseva.workspace.reload().then(() => done(window.proseva.workspace.caseId));");

    // Asked for a diagram, the model drafts one: it opens beside the conversation, drawn.
    let input = session.wait_for("#chat-input", LONG).unwrap();
    session.type_text(&input, "Draft a diagram of what happened in my case").unwrap();
    session.type_text(&input, support::ENTER).unwrap();
    // The model's draft waits for the person (the write gate); Allow once makes it.
    press(&session, "#chat-transcript .trail-item[data-tool='create_draft'][data-state='held'] button.allow-once");
    let drawn = "#artifact-panel:not([hidden])[data-rendered='diagram'] .artifact-diagram svg";
    session.wait_for(drawn, LONG).unwrap_or_else(|e| panic!("{e}; the panel: {}", panel(&session)));
    assert_eq!(text_of(&session, "#artifact-title"), "What happened");
    let labels = text_of(&session, drawn).split_whitespace().collect::<String>();
    assert!(labels.contains("Separated") && labels.contains("Movedout"), "the diagram's labels: {labels}");
    assert!(text_of(&session, "#chat-transcript .trail-item[data-tool='create_draft']").contains("written: you allowed it once"));
    assert!(text_of(&session, "#artifact-notice").to_lowercase().contains("not legal advice"));
    assert_eq!(text_of(&session, "#artifact-sources"), "Your timeline in ProSeVA");
    // Mermaid's stylesheet went in through the CSSOM (the CSP refuses an inline <style>).
    let styled = session.script("return document.adoptedStyleSheets.length", json!([])).unwrap();
    assert!(styled.as_u64().unwrap_or(0) >= 1, "the diagram's styles: {styled}");
    session.wait_for("#chat-transcript .message.assistant[data-state='done']", LONG).unwrap();

    // Offline from here: a letter needs a model, and the dialog says so.
    press(&session, "#open-settings");
    session.wait_for("#settings-dialog[open] #settings-form[aria-busy='false']", LONG).unwrap();
    press(&session, "#set-offline");
    press(&session, "#settings-save");
    session.wait_for("#settings-dialog:not([open])", LONG).unwrap();
    session.wait_until("return window.proseva.status.last?.model?.mode === 'offline'", LONG).unwrap();
    press(&session, "#chat-draft");
    session.wait_for("#draft-dialog[open]", LONG).unwrap();
    press(&session, "#draft-dialog input[value='write']");
    session.wait_for("#draft-no-model:not([hidden])", LONG).unwrap();
    assert!(text_of(&session, "#draft-no-model").contains("needs a language model"));
    assert_eq!(session.script("return document.querySelector('#draft-submit').disabled", json!([])).unwrap(), json!(true));

    // The case timeline, built from the records with no model.
    press(&session, "#draft-dialog input[value='timeline']");
    press(&session, "#draft-submit");
    session.wait_for("#draft-dialog:not([open])", LONG).unwrap();
    session.wait_until("return document.querySelector('#artifact-title').textContent === 'Case timeline: Doe v. Doe'", LONG).unwrap();
    session.wait_for(drawn, LONG).unwrap_or_else(|e| panic!("{e}; the panel: {}", panel(&session)));
    // Mermaid sets each word of a label in a <tspan> of its own: compared without spaces.
    let squeezed = |text: &str| text.split_whitespace().collect::<String>();
    let labels = squeezed(&text_of(&session, drawn));
    for label in ["Petition filed", "Custody hearing", "File financial statement"] {
        assert!(labels.contains(&squeezed(label)), "{label} in the timeline: {labels}");
    }
    assert!(text_of(&session, "#artifact-made").starts_with("Made by ProSeVA, from your records"));
    save_screenshot(&session, "artifact-panel.png");

    // An edit that does not parse is refused naming its line; nothing new is kept. (The panel is
    // scrolled to its buttons first, as a person would: the draft's date, written out, can push
    // them to the panel's edge, where WebDriver will not click one half hidden.)
    session.script("document.querySelector('#artifact-edit').scrollIntoView({block: 'center'})", json!([])).unwrap();
    press(&session, "#artifact-edit");
    session.wait_for("#artifact-edit-text", LONG).unwrap();
    let write = |text: &str| session.script("document.querySelector('#artifact-edit-text').value = arguments[0]", json!([text])).unwrap();
    write("flowchart TD\n  A[Petition filed] -->");
    press(&session, "#artifact-editor button[type='submit']");
    session.wait_for("#artifact-edit-error:not([hidden])", LONG).unwrap();
    let refused = text_of(&session, "#artifact-edit-error");
    assert!(refused.starts_with("Line 2:"), "the refusal names the line: {refused}");
    // Fixed, it is version 2; version 1 is still there.
    write("flowchart TD\n  A[Petition filed] --> B[Custody hearing]");
    press(&session, "#artifact-editor button[type='submit']");
    session.wait_until("return document.querySelector('#artifact-version').value === '2'", LONG).unwrap();
    session.wait_for(drawn, LONG).unwrap_or_else(|e| panic!("{e}; the panel: {}", panel(&session)));
    let versions =
        session.script("return [...document.querySelectorAll('#artifact-version option')].map((o) => o.textContent)", json!([])).unwrap();
    assert_eq!(versions, json!(["Version 1", "Version 2 (latest)"]));
    assert!(text_of(&session, "#artifact-made").starts_with("Made by you"));
    session
        .script("const s = document.querySelector('#artifact-version'); s.value = '1'; s.dispatchEvent(new Event('change'));", json!([]))
        .unwrap();
    session.wait_until("return document.querySelector('#artifact-panel').dataset.rendered === 'diagram' && document.querySelector('#artifact-made').textContent.startsWith('Made by ProSeVA')", LONG).unwrap();

    // Word and PDF copies of version 1 go to the exports folder.
    for (format, magic) in [("docx", &b"PK"[..]), ("pdf", &b"%PDF"[..])] {
        press(&session, &format!("#artifact-exports button[data-format='{format}']"));
        session.wait_for("#artifact-saved[data-state='saved']", LONG).unwrap();
        let saved = text_of(&session, "#artifact-saved");
        let path = saved.strip_prefix("Saved: ").unwrap_or_else(|| panic!("{saved}"));
        assert!(path.starts_with(&exports.path().display().to_string()) && path.ends_with(&format!("-v1.{format}")), "{path}");
        let bytes = std::fs::read(path).unwrap();
        assert!(bytes.starts_with(magic), "{format}: {:?}", &bytes[..8.min(bytes.len())]);
        session.script("document.querySelector('#artifact-saved').dataset.state = ''", json!([])).unwrap();
    }

    // A diagram Mermaid cannot draw shows its error and its source, not a blank.
    let shown = run(
        &session,
        "import('./drafts.js').then(async (m) => { const box = document.createElement('div'); document.body.append(box);
           const ok = await m.renderDiagram('sequenceDiagram\\n  Alice->>+', box); done({ok, text: box.textContent}); box.remove(); });",
    );
    assert_eq!(shown["ok"], false, "{shown}");
    let text = shown["text"].as_str().unwrap();
    assert!(text.contains("This diagram could not be drawn.") && text.contains("Alice->>+"), "{text}");

    // The hearing checklist, and both drafts in the list.
    press(&session, "#chat-draft");
    session.wait_for("#draft-dialog[open]", LONG).unwrap();
    press(&session, "#draft-dialog input[value='checklist']");
    press(&session, "#draft-submit");
    session.wait_until("return document.querySelector('#artifact-panel').dataset.rendered === 'text'", LONG).unwrap();
    let checklist = text_of(&session, "#artifact-body");
    assert!(checklist.contains("Hearing: Friday, March 20, 2099"), "{checklist}");
    assert!(checklist.contains("File financial statement"), "{checklist}");
    press(&session, "#artifact-all");
    session.wait_for("#artifact-list:not([hidden]) button[data-draft-id]", LONG).unwrap();
    let listed =
        session.script("return [...document.querySelectorAll('#artifact-list button')].map((b) => b.textContent)", json!([])).unwrap();
    assert_eq!(listed.as_array().map(Vec::len), Some(3), "{listed}");
    // The drafts are among the case's documents, where the assistant reads them back.
    let documents = invoke(&session, "list_records", json!({"resource": "documents", "caseId": case_id}));
    let kinds: Vec<&str> = documents["items"].as_array().unwrap().iter().filter_map(|d| d["kind"].as_str()).collect();
    assert_eq!(kinds, ["draft", "draft", "draft"]);

    let pids = sidecar_pids(&session);
    quit_leaving_nothing(session, &pids);
}
