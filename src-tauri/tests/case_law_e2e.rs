//! Case-law notes in the real window, offline, against a stand-in for CourtListener (on loopback,
//! in its documented v4 shapes): a section opened from an answer has no court opinions yet; "Find
//! more" runs "Build case-law notes" in Ask, whose trail shows each opinion added and what it was
//! linked to; reopened, the section lists the opinions citing it — the one that interprets it
//! first, its holding labelled as the court's own words — with the Workflows menu of a section.
//!
//! Needs what `e2e.rs` needs (Xvfb, WebKitWebDriver, tauri-driver, the sidecars beside `proseva`).

mod support;

use proseva_e2e::courtlistener::CourtListenerFake;
use serde_json::json;
use support::{ENTER, LONG, press, quit_leaving_nothing, save_screenshot, sidecar_pids, text_of};

#[test]
fn find_more_on_a_section_builds_case_law_notes_that_the_section_then_lists() {
    let data = tempfile::tempdir().unwrap();
    let courtlistener = CourtListenerFake::start_in_thread();
    let env = [
        ("PROSEVA_DATA_DIR", data.path().display().to_string()),
        ("PROSEVA_LLM", "offline".to_string()),
        ("COURTLISTENER_API_TOKEN", "cl-test-token".to_string()),
        ("COURTLISTENER_BASE_URL", courtlistener.url.clone()),
        ("PROSEVA_SECRETS", "file".to_string()),
        ("PROSEVA_NO_DIALOG", "1".to_string()),
        ("RUST_LOG", "info".to_string()),
    ];
    let (_xvfb, _driver, session) = support::launch(&env);

    // Open § 20-124.3 from an answer: no court opinions in the notes yet.
    session.click(&session.find("#tab-chat").unwrap().unwrap()).unwrap();
    let input = session.wait_for("#chat-input", LONG).unwrap();
    session.type_text(&input, "What does § 20-124.3 say about custody?").unwrap();
    session.type_text(&input, ENTER).unwrap();
    press(&session, "#chat-transcript .message.assistant a.cite[data-source-id='20-124.3']");
    session.wait_for("#section-viewer[open][data-state='ready']", LONG).unwrap();
    session.wait_for("#section-opinions:not([hidden]) #section-opinions-empty:not([hidden])", LONG).unwrap();
    assert_eq!(session.attribute(&session.wait_for("#section-viewer", LONG).unwrap(), "data-opinions").unwrap().as_deref(), Some("0"));
    // The section's Workflows menu offers the case-law workflow.
    session.wait_for("#section-workflows .workflows-menu:not([hidden]) button[data-workflow='build_case_law']", LONG).unwrap();

    // "Find more" runs the workflow in Ask, step by step.
    press(&session, "#section-find-opinions");
    session.wait_until("return !document.querySelector('#section-viewer').open", LONG).unwrap();
    session.wait_for("#chat-transcript .message.user.workflow-run[data-workflow='build_case_law']", LONG).unwrap();
    let done = "#chat-transcript .message.assistant[data-state='done']";
    session
        .wait_until(
            &format!("return [...document.querySelectorAll(\"{done}\")].some((m) => m.innerText.includes('added 4 opinions'))"),
            LONG,
        )
        .unwrap_or_else(|e| panic!("{e}; the transcript: {}", text_of(&session, "#chat-transcript")));
    let trail = text_of(&session, "#chat-transcript .message.assistant:last-child");
    assert!(trail.contains("Rose v. Rose: Linked to § 20-124.3, § 20-124.2 (2 new)"), "{trail}");
    assert!(trail.contains("Smith v. Jones"), "{trail}");
    assert!(courtlistener.seen().iter().any(|s| s.contains("cites:(9001)")), "it followed the citations: {:?}", courtlistener.seen());
    session
        .script(
            "document.querySelector('#chat-transcript .message.user.workflow-run:last-of-type')?.scrollIntoView({block: 'start'})",
            json!([]),
        )
        .unwrap();
    save_screenshot(&session, "case-law-run.png");

    // The trail opens the section, which now lists the opinions citing it.
    press(&session, "#chat-transcript .trail-item[data-tool='process_opinion'] .source-link[data-source-id='20-124.3']");
    session.wait_for("#section-viewer[open][data-state='ready'][data-opinions='4']", LONG).unwrap();
    let first = "#section-opinions-list .opinion-item:first-child";
    assert_eq!(session.attribute(&session.wait_for(first, LONG).unwrap(), "data-rel-type").unwrap().as_deref(), Some("interprets"));
    let listed = text_of(&session, "#section-opinions");
    assert!(listed.contains("Rose v. Rose (Court of Appeals of Virginia, 2019)"), "{listed}");
    assert!(listed.contains("We construe § 20-124.3"), "the holding in the court's words: {listed}");
    assert!(listed.contains("The opinion’s own words around its citations."), "{listed}");
    assert!(session.find("#section-opinions-empty:not([hidden])").unwrap().is_none());
    session.script("document.querySelector('#section-opinions')?.scrollIntoView({block: 'start'})", json!([])).unwrap();
    save_screenshot(&session, "case-law-notes.png");

    let pids = sidecar_pids(&session);
    quit_leaving_nothing(session, &pids);
}
