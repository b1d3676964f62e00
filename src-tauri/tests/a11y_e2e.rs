//! Every screen of the real window (under Xvfb) checked by axe-core, Deque's accessibility rules
//! engine (vendored and pinned in `tests/vendor/axe-core`, checked against its sha256 before it
//! runs): the start, Ask, Research, each page of the Case tab with a case (Papers to file and Proof
//! for the hearing among them), the Law tab, a section open in the viewer, Settings. The test
//! prints every violation it finds, and fails on any that axe rates serious or critical. Each
//! dialog (the start, the section viewer, Settings) is also walked by Tab: the focus must stay
//! inside it and show a visible mark at every step.

mod support;

use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use support::{LONG, Session, launch, press};

const AXE: &str = include_str!("vendor/axe-core/axe.min.js");
const AXE_SHA256: &str = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c";

/// Runs axe on the page as it is; returns its violations (`{id, impact, help, nodes}`).
fn axe(session: &Session) -> Vec<Value> {
    let loaded = session.script("return typeof window.axe === 'object'", json!([])).unwrap();
    if loaded != json!(true) {
        session.script(&format!("{AXE}\nreturn true;"), json!([])).unwrap();
    }
    let found = session
        .script_async(
            "const done = arguments[arguments.length - 1];
             window.axe.run(document, { resultTypes: ['violations'] }).then(
               (r) => done(r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                 nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })) }))),
               (e) => done({ error: String(e) }));",
            json!([]),
        )
        .unwrap();
    assert!(found.get("error").is_none(), "axe could not run: {found}");
    found.as_array().cloned().unwrap_or_default()
}

/// Checks the screen `name`: prints each violation, keeps the serious and critical ones.
fn check(session: &Session, name: &str, serious: &mut Vec<String>) {
    session.wait_until("return document.fonts ? document.fonts.status === 'loaded' : true", LONG).unwrap();
    for v in axe(session) {
        let impact = v["impact"].as_str().unwrap_or("unknown");
        let nodes: Vec<String> =
            v["nodes"].as_array().into_iter().flatten().map(|n| n["target"].as_str().unwrap_or("").to_string()).collect();
        let line =
            format!("[{name}] {impact} {}: {} — {}", v["id"].as_str().unwrap_or(""), v["help"].as_str().unwrap_or(""), nodes.join(", "));
        println!("{line}");
        if matches!(impact, "serious" | "critical") {
            let detail: Vec<String> =
                v["nodes"].as_array().into_iter().flatten().map(|n| format!("  {}: {}", n["target"], n["summary"])).collect();
            serious.push(format!("{line}\n{}", detail.join("\n")));
        }
    }
}

/// The Tab key, as WebDriver types it.
const TAB: &str = "\u{E004}";

/// Walks the open dialog `dialog` by keyboard: `tabs` presses of Tab from where the focus is, each
/// landing on an element inside the dialog with a visible focus mark (an outline or a ring), never
/// behind it; a failure for each step that does not.
fn keyboard_walk(session: &Session, dialog: &str, tabs: usize, failures: &mut Vec<String>) {
    let mut seen = std::collections::BTreeSet::new();
    for step in 0..tabs {
        let active = session.script("return document.activeElement", json!([])).unwrap();
        let Some(id) = active.as_object().and_then(|o| o.values().next()).and_then(Value::as_str).map(str::to_string) else {
            failures.push(format!("[{dialog}] Tab {step}: no element has the focus"));
            return;
        };
        session.type_text(&id, TAB).unwrap();
        let state = session
            .script(
                "const d = document.querySelector(arguments[0]); const el = document.activeElement;
                 const style = el ? getComputedStyle(el) : null;
                 const mark = style && ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none');
                 return { inside: Boolean(d && el && d.contains(el)), mark: Boolean(mark),
                          what: el ? (el.id || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40) || el.tagName) : '' };",
                json!([dialog]),
            )
            .unwrap();
        let what = state["what"].as_str().unwrap_or_default().to_string();
        if state["inside"] != true {
            failures.push(format!("[{dialog}] Tab {step}: the focus left the dialog for {what:?}"));
        } else if state["mark"] != true {
            failures.push(format!("[{dialog}] Tab {step}: {what:?} has no visible focus mark"));
        }
        seen.insert(what);
    }
    assert!(seen.len() > 2, "[{dialog}] the keyboard reached only {seen:?}");
}

#[test]
fn every_screen_has_no_serious_or_critical_accessibility_violation() {
    assert_eq!(format!("{:x}", Sha256::digest(AXE.as_bytes())), AXE_SHA256, "the vendored axe-core is the pinned one");
    let data = tempfile::tempdir().unwrap();
    let env = support::offline_env(data.path());
    let (_xvfb, _driver, session) = launch(&env);
    let mut serious = Vec::new();

    // Ask, empty; the start over it; Research.
    check(&session, "Ask", &mut serious);
    press(&session, "#open-start");
    session.wait_until("return document.getElementById('start-dialog').open", LONG).unwrap();
    check(&session, "Start", &mut serious);
    // Every dialog is walked by keyboard: the focus stays in it and always shows.
    let mut keyboard = Vec::new();
    keyboard_walk(&session, "#start-dialog", 14, &mut keyboard);
    // Through the start: an eviction case with its court date, landing on Step by step.
    press(&session, "#start-kind-eviction-tenant");
    let input = session.wait_for("#start-date-returnDate", LONG).unwrap();
    check(&session, "Start: the dates", &mut serious);
    session
        .script(
            "const el = arguments[0]; el.value = arguments[1]; el.dispatchEvent(new Event('input', {bubbles: true}));",
            json!([{ "element-6066-11e4-a52e-4f735466cecf": input }, "2026-12-14"]),
        )
        .unwrap();
    press(&session, "#start-create");
    session.wait_for("#panel-workspace:not([hidden]) #case-path .path-step[data-status='next']", LONG).unwrap();
    check(&session, "Case: Step by step", &mut serious);
    for page in ["overview", "papers", "proof", "deadlines", "documents", "contacts", "finances", "timeline", "notes"] {
        press(&session, &format!("button[data-page='{page}']"));
        session.wait_for(&format!("#ws-page-{page}:not([hidden])"), LONG).unwrap();
        if page == "proof" {
            // What the court must find, read and shown, with "Link a record" open under the first part.
            session.wait_for("#ws-page-proof[aria-busy='false'] li.proof-element", LONG).unwrap();
            press(&session, "#ws-page-proof li.proof-element button[data-action='open-link']");
        }
        check(&session, &format!("Case: {page}"), &mut serious);
    }
    press(&session, "#tab-research");
    session.wait_for("#panel-research:not([hidden])", LONG).unwrap();
    check(&session, "Research", &mut serious);
    press(&session, "#tab-library");
    session.wait_for("#panel-library:not([hidden])", LONG).unwrap();
    check(&session, "Law", &mut serious);
    session.script("window.proseva.viewer.open('55.1-1245')", json!([])).unwrap();
    session.wait_for("#section-viewer[open][data-state='ready']", LONG).unwrap();
    check(&session, "Law: a section", &mut serious);
    keyboard_walk(&session, "#section-viewer", 10, &mut keyboard);
    session.script("window.proseva.viewer.close()", json!([])).unwrap();
    press(&session, "#open-settings");
    session.wait_for("#settings-dialog[open] #settings-form[aria-busy='false']", LONG).unwrap();
    check(&session, "Settings", &mut serious);
    keyboard_walk(&session, "#settings-dialog", 40, &mut keyboard);

    assert!(serious.is_empty(), "{} serious or critical accessibility violations:\n{}", serious.len(), serious.join("\n"));
    assert!(keyboard.is_empty(), "by keyboard:\n{}", keyboard.join("\n"));
}
