//! Proof for the hearing (issue 43), in the real window: an eviction — "Nguyễn Thị Lan" (the
//! tenant) against "Oak Ridge Apartments, LLC" — with two documents added through the Documents
//! page's file picker (the lease and the landlord's pay-or-quit notice, PDFs). Step by step's court
//! date leads to the case's "Proof for the hearing" page: what the landlord must prove, then the
//! tenant's answers, the caveat on screen. The lease is linked to "You rent the home from the
//! landlord" with what it shows, the notice to "A proper written notice", and the counts follow
//! (one shown, one partly); the notice is moved up to Exhibit 1 by its button, and the hearing
//! packet is exported: its PDF and Word file in the exports folder, the PDF numbering the notice
//! first (read back with poppler's `pdftotext`).
//!
//! Needs what `e2e.rs` needs (Xvfb, WebKitWebDriver, tauri-driver, the sidecars beside `proseva`)
//! and `pdftotext` (poppler-utils). The screenshot `proof.png` goes to `$PROSEVA_SCREENSHOT_DIR`
//! when it is set (`make screenshots`).

mod support;

use std::path::PathBuf;

use serde_json::{Value, json};
use support::{LONG, Session, invoke, pdf_text, press, quit_leaving_nothing, save_screenshot, sidecar_pids, text_of};

const ME: &str = "Nguyễn Thị Lan";
const LANDLORD: &str = "Oak Ridge Apartments, LLC";
const LEASE: &str = "Lease 1400 Oak Ridge Rd Apt 4B";
const NOTICE: &str = "Pay-or-quit notice from the landlord";

/// `{shown, partly, nothing}` as the page's counts say them.
fn counts(session: &Session) -> Value {
    session
        .script(
            "return Object.fromEntries([...document.querySelectorAll('#proof-counts li.proof-count')].map((li) => [li.dataset.status, Number(li.querySelector('.proof-count-n').textContent)]))",
            json!([]),
        )
        .unwrap()
}

/// Picks `record` (`document:<id>`) in the element's "Link a record", writes what it shows, links.
fn link(session: &Session, element: &str, record: &str, note: &str) {
    press(session, &format!("#proof-open-link-{element}"));
    let pick = format!("#proof-link-form-{element}:not([hidden]) #proof-pick-{element}");
    session.wait_for(&pick, LONG).unwrap();
    let chosen = session
        .script(
            "const s = document.querySelector(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change', {bubbles: true})); return s.value;",
            json!([pick, record]),
        )
        .unwrap();
    assert_eq!(chosen, json!(record), "{element} offers {record}");
    if !note.is_empty() {
        session.type_text(&session.wait_for(&format!("#proof-pick-note-{element}"), LONG).unwrap(), note).unwrap();
    }
    press(session, &format!("#proof-link-form-{element} button[type='submit']"));
}

#[test]
fn two_documents_are_linked_to_what_the_landlord_must_prove_and_the_hearing_packet_is_exported() {
    let data = tempfile::tempdir().unwrap();
    let exports = tempfile::tempdir().unwrap();
    let mut env = support::offline_env(data.path());
    env.push(("PROSEVA_EXPORT_DIR", exports.path().display().to_string()));
    let (_xvfb, _driver, session) = support::launch(&env);

    // The case, its court date three weeks ahead, and the two papers the tenant has, as PDFs on disk.
    let court_date = (chrono::Local::now().date_naive() + chrono::Duration::days(21)).format("%Y-%m-%d").to_string();
    let case = invoke(
        &session,
        "create_record",
        json!({"resource": "cases", "record": {
            "name": "Oak Ridge eviction", "caseNumber": "GV26-001234", "court": "General District Court of the City of Richmond",
            "kind": "eviction-tenant", "status": "open", "pathDates": {"returnDate": court_date},
            "parties": [{"name": ME, "role": "me"}, {"name": LANDLORD, "role": "other-party"}],
        }}),
    );
    let case_id = case["id"].as_i64().unwrap();
    session
        .script_async(
            "const done = arguments[arguments.length - 1]; window.proseva.workspace.reload().then(() => done(window.proseva.workspace.caseId));",
            json!([]),
        )
        .unwrap();
    let papers: Vec<PathBuf> = [
        (LEASE, &["RESIDENTIAL LEASE", "1400 Oak Ridge Rd., Apt. 4B, Richmond, VA 23224", "Rent: $1,350 a month, due on the 1st."][..]),
        (NOTICE, &["NOTICE TO PAY RENT OR QUIT", "Pay the rent owed within 14 days of this notice or leave the premises."][..]),
    ]
    .iter()
    .map(|(title, lines)| {
        let path = data.path().join(format!("{title}.pdf"));
        std::fs::write(&path, proseva_server::samples::pdf(&[lines])).unwrap();
        path
    })
    .collect();
    press(&session, "#tab-workspace");
    press(&session, "#workspace .ws-nav button[data-page='documents']");
    let input = session.wait_for("#document-file-input", LONG).unwrap();
    session.type_text(&input, &papers.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join("\n")).unwrap();
    session.wait_for("#upload-progress[data-state='done']", LONG).unwrap();
    let status = text_of(&session, "#upload-status");
    assert!(status.starts_with("2 of 2 uploaded"), "{status}");
    let listed = invoke(&session, "list_records", json!({"resource": "documents", "caseId": case_id}));
    let id_of = |title: &str| {
        let items = listed["items"].as_array().unwrap();
        items
            .iter()
            .find(|d| d["title"] == title)
            .and_then(|d| d["id"].as_i64())
            .unwrap_or_else(|| panic!("{title} is the case's: {listed}"))
    };
    let (lease, notice) = (id_of(LEASE), id_of(NOTICE));

    // Step by step's court date leads to the Proof page.
    press(&session, "#workspace .ws-nav button[data-page='path']");
    press(&session, "#case-path .path-step[data-step='first-hearing'] button.path-proof");
    session.wait_for("#panel-workspace[data-page='proof'] #ws-page-proof:not([hidden])", LONG).unwrap();
    session.wait_for("#ws-page-proof li.proof-element[data-element='rental-agreement']", LONG).unwrap();
    assert_eq!(text_of(&session, "#proof-claim-title").to_lowercase(), "what the landlord must prove");
    assert_eq!(text_of(&session, "#proof-defence-title").to_lowercase(), "your answers");
    assert!(text_of(&session, "#proof-caveat").contains("does not say whether the judge will find it shown"));
    let elements = session.script("return document.querySelectorAll('#ws-page-proof li.proof-element').length", json!([])).unwrap();
    let elements = elements.as_i64().unwrap();
    assert!(elements >= 4, "{elements} elements");
    assert_eq!(counts(&session), json!({"shown": 0, "partly": 0, "nothing": elements}));

    // The lease shows the rental agreement; the notice, half of what a proper notice needs.
    link(&session, "rental-agreement", &format!("document:{lease}"), "Signed lease: I rent Apt. 4B from Oak Ridge");
    session.wait_for("li.proof-element[data-element='rental-agreement'][data-status='shown'] li.proof-link", LONG).unwrap();
    let linked = text_of(&session, "li.proof-element[data-element='rental-agreement'] li.proof-link");
    assert!(linked.contains(LEASE), "{linked}");
    let note = session
        .script("return document.querySelector(\"li.proof-element[data-element='rental-agreement'] input.proof-note\").value", json!([]))
        .unwrap();
    assert_eq!(note, json!("Signed lease: I rent Apt. 4B from Oak Ridge"));
    assert_eq!(counts(&session), json!({"shown": 1, "partly": 0, "nothing": elements - 1}));
    link(&session, "pay-or-quit-notice", &format!("document:{notice}"), "");
    session.wait_for("li.proof-element[data-element='pay-or-quit-notice'][data-status='partly']", LONG).unwrap();
    assert_eq!(counts(&session), json!({"shown": 1, "partly": 1, "nothing": elements - 2}));
    let status = text_of(&session, "li.proof-element[data-element='pay-or-quit-notice'] .proof-status");
    assert!(status.contains("Partly shown"), "the status in words: {status}");
    let missing = text_of(&session, "li.proof-element[data-element='pay-or-quit-notice'] li.proof-evidence[data-covered='false']");
    assert!(missing.contains("Nothing yet"), "{missing}");
    // The counts, the caveat and the lease's card at the top (the keyboard left the note it was on).
    session
        .script("document.activeElement.blur(); document.querySelector('#proof-summary').scrollIntoView({block: 'start'})", json!([]))
        .unwrap();
    save_screenshot(&session, "proof.png");

    // The exhibits: the lease first as linked; the notice moved up to Exhibit 1 by its button.
    let order = || {
        session
            .script(
                "return [...document.querySelectorAll('#proof-exhibits li.proof-exhibit')].map((li) => Number(li.dataset.documentId))",
                json!([]),
            )
            .unwrap()
    };
    assert_eq!(order(), json!([lease, notice]));
    press(&session, &format!("#proof-exhibits button[data-action='move-up'][data-document-id='{notice}']"));
    assert_eq!(order(), json!([notice, lease]));
    let focused = session.script("return document.activeElement.dataset.documentId", json!([])).unwrap();
    assert_eq!(focused, json!(notice.to_string()), "the keyboard stays on the moved exhibit");

    // Exported: the PDF and the Word file in the exports folder, the notice as Exhibit 1.
    press(&session, "#proof-export");
    session.wait_for("#proof-packet-result[data-state='saved'] #proof-files", LONG).unwrap();
    let files = session.script("return [...document.querySelectorAll('#proof-files li')].map((li) => li.dataset.path)", json!([])).unwrap();
    let files: Vec<PathBuf> = files.as_array().unwrap().iter().map(|p| PathBuf::from(p.as_str().unwrap())).collect();
    let pdf = files.iter().find(|p| p.extension().is_some_and(|e| e == "pdf")).expect("a PDF");
    let docx = files.iter().find(|p| p.extension().is_some_and(|e| e == "docx")).expect("a Word file");
    for file in [pdf, docx] {
        assert!(file.starts_with(exports.path()) && file.is_file(), "{} is in the exports folder", file.display());
    }
    assert!(std::fs::read(pdf).unwrap().starts_with(b"%PDF") && std::fs::read(docx).unwrap().starts_with(b"PK"));
    let printed = pdf_text(pdf);
    let exhibits = &printed[printed.find("Exhibits (2)").unwrap_or_else(|| panic!("two exhibits: {printed}"))..];
    let (first, second) = (exhibits.find("Pay-or-quit"), exhibits.find("Lease"));
    assert!(first.is_some() && first < second, "the notice is numbered before the lease: {exhibits}");
    assert!(exhibits.contains("Exhibit 1") && exhibits.contains("Exhibit 2"), "{exhibits}");

    let pids = sidecar_pids(&session);
    quit_leaving_nothing(session, &pids);
}
