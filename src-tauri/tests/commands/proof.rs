//! Proof for the hearing, through Tauri's IPC on the mock runtime against a real case-data server
//! on loopback: what the court must find in an eviction, a case without a kind told to choose one,
//! two documents linked to two elements (the counts follow, a note kept, a link taken away), bad
//! input refused naming its field, and the hearing packet written as PDF and Word with the
//! exhibits in the person's order.

use crate::common;

use common::{app, ready};
use serde_json::{Value, json};

/// The element `id` of a Proof view.
fn element<'a>(proof: &'a Value, id: &str) -> &'a Value {
    proof["elements"].as_array().unwrap().iter().find(|e| e["id"] == id).unwrap_or_else(|| panic!("no element {id}: {proof}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_are_linked_to_what_must_be_proved_and_the_hearing_packet_is_written() {
    let app = app();
    let _sidecars = ready(&app).await;

    let kind = app.invoke("proof_kind", json!({"kind": "eviction-tenant"})).unwrap();
    assert_eq!((kind["person"].as_str(), kind["otherSide"].as_str()), (Some("the tenant"), Some("the landlord")), "{kind}");
    let lease = kind["elements"].as_array().unwrap().iter().find(|e| e["id"] == "rental-agreement").expect("the rental agreement");
    assert_eq!(lease["side"], "claim");
    assert!(lease["source"]["url"].as_str().unwrap().starts_with("https://"), "{lease}");
    let err = app.invoke("proof_kind", json!({"kind": "divorce"})).unwrap_err();
    assert_eq!(err["code"], "not_found", "{err}");
    assert!(err["message"].as_str().unwrap().contains("eviction-tenant"), "the kinds are named: {err}");
    let err = app.invoke("proof_kind", json!({"kind": "../cases"})).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("kind")), "{err}");

    // A case without a kind: no elements, and what to do about it.
    let plain = app.invoke("create_record", json!({"resource": "cases", "record": {"name": "Not sorted yet"}})).unwrap();
    let none = app.invoke("case_proof", json!({"caseId": plain["id"]})).unwrap();
    assert!(none["kind"].is_null() && none["elements"].as_array().unwrap().is_empty(), "{none}");
    assert!(none["message"].as_str().unwrap().contains("Step by step"), "{none}");
    assert!(!none["caveat"].as_str().unwrap().is_empty());

    let case = app
        .invoke("create_record", json!({"resource": "cases", "record": {"name": "Oak Ridge eviction", "kind": "eviction-tenant"}}))
        .unwrap();
    let case_id = case["id"].as_i64().unwrap();
    let upload = |name: &str, text: &str| {
        let doc =
            app.invoke_raw("upload_document", text.as_bytes().to_vec(), &[("x-file-name", name), ("x-case-id", &case_id.to_string())]);
        doc.unwrap()["id"].as_i64().unwrap()
    };
    let lease_doc = upload("lease.txt", "Residential lease. Rent $1,150 due on the first of each month.");
    let notice_doc = upload("pay-or-quit.txt", "Notice: pay the rent owed within 14 days or quit the premises.");

    let before = app.invoke("case_proof", json!({"caseId": case_id})).unwrap();
    let elements = before["elements"].as_array().unwrap().len();
    assert_eq!(before["counts"], json!({"shown": 0, "partly": 0, "nothing": elements}), "{before}");
    assert_eq!(element(&before, "rental-agreement")["status"], "nothing");

    // The lease shows the rental agreement: that element is shown, with what the person said it shows.
    let link = |element_id: &str, record_id: i64, linked: bool, note: Option<&str>| {
        app.invoke(
            "link_proof",
            json!({"caseId": case_id, "elementId": element_id, "recordKind": "document", "recordId": record_id, "linked": linked, "note": note}),
        )
    };
    let after = link("rental-agreement", lease_doc, true, Some("The signed lease, page 1")).unwrap();
    assert_eq!(element(&after, "rental-agreement")["status"], "shown", "{after}");
    let linked = &element(&after, "rental-agreement")["links"][0];
    assert_eq!((linked["recordId"].as_i64(), linked["label"].as_str()), (Some(lease_doc), Some("lease")), "{linked}");
    assert_eq!((linked["note"].as_str(), linked["createdBy"].as_str()), (Some("The signed lease, page 1"), Some("person")));
    assert_eq!(after["counts"]["shown"], 1);

    // The notice covers one of the two things the notice element asks for: partly, the other missing.
    let after = link("pay-or-quit-notice", notice_doc, true, None).unwrap();
    let notice = element(&after, "pay-or-quit-notice");
    assert_eq!(notice["status"], "partly", "{notice}");
    assert!(notice["missing"].as_array().unwrap().iter().all(|m| m.as_str().unwrap().starts_with("Nothing yet")), "{notice}");
    assert_eq!(after["counts"], json!({"shown": 1, "partly": 1, "nothing": elements - 2}));

    // Refused, naming the field: an element not of this kind, a record kind not known, another case's record.
    let err = link("custody-best-interests", lease_doc, true, None).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("elementId")), "{err}");
    let err = app
        .invoke(
            "link_proof",
            json!({"caseId": case_id, "elementId": "rental-agreement", "recordKind": "photo", "recordId": lease_doc, "linked": true}),
        )
        .unwrap_err();
    assert_eq!(err["field"], "recordKind", "{err}");
    let other = app.invoke_raw("upload_document", b"another case's paper".to_vec(), &[("x-file-name", "other.txt")]).unwrap();
    let err = link("rental-agreement", other["id"].as_i64().unwrap(), true, None).unwrap_err();
    assert_eq!(err["field"], "recordId", "{err}");

    // The packet: the notice first, as the person ordered them; PDF and Word in the exports folder.
    let packet = app.invoke("hearing_packet", json!({"caseId": case_id, "exhibits": [notice_doc, lease_doc]})).unwrap();
    let files = packet["files"].as_array().unwrap();
    assert_eq!(files.len(), 2, "{packet}");
    for (file, magic) in files.iter().zip([&b"%PDF"[..], &b"PK"[..]]) {
        let path = file["path"].as_str().unwrap();
        assert!(std::fs::read(path).unwrap().starts_with(magic), "{path}");
        assert!(file["fileName"].as_str().unwrap().contains("hearing packet"), "{file}");
    }
    let pdf = files[0]["path"].as_str().unwrap();
    let out = std::process::Command::new("pdftotext").arg(pdf).arg("-").output().expect("pdftotext (apt-get install poppler-utils)");
    let text = String::from_utf8_lossy(&out.stdout);
    let exhibits = &text[text.find("Exhibits (2)").unwrap_or_else(|| panic!("two exhibits: {text}"))..];
    let (notice, lease) = (exhibits.find("pay-or-quit"), exhibits.find("lease"));
    assert!(notice.is_some() && notice < lease, "the notice is Exhibit 1: {exhibits}");
    let err = app.invoke("hearing_packet", json!({"caseId": case_id, "exhibits": [other["id"]]})).unwrap_err();
    assert_eq!(err["field"], "exhibits", "a document not linked is not an exhibit: {err}");

    // Unlinked: the lease no longer shows the agreement.
    let after = link("rental-agreement", lease_doc, false, None).unwrap();
    assert_eq!(element(&after, "rental-agreement")["status"], "nothing");
    assert_eq!(after["counts"]["shown"], 0);
}
