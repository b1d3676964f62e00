//! Papers the person can file, through Tauri's IPC on the mock runtime against a real case-data
//! server on loopback: the papers for a kind of case, what the case proposes, a paper refused
//! field by field then built and checked, its PDF written to the exports folder, and a file that
//! is not a fillable form refused in the server's words, the file named.

use crate::common;

use common::{app, ready};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paper_is_proposed_refused_built_checked_and_exported() {
    let app = app();
    let _sidecars = ready(&app).await;
    let kinds = app.invoke("paper_kinds", json!({"caseKind": "eviction-tenant"})).unwrap();
    let ids: Vec<&str> = kinds.as_array().unwrap().iter().filter_map(|k| k["id"].as_str()).collect();
    assert!(ids.contains(&"motion-to-continue") && !ids.contains(&"notice-of-nonsuit"), "{ids:?}");
    let all = app.invoke("paper_kinds", json!({})).unwrap();
    assert!(all.as_array().unwrap().len() > ids.len(), "every paper without a kind");

    let case = app
        .invoke(
            "create_record",
            json!({"resource": "cases", "record": {
                "name": "Oak Ridge eviction", "caseNumber": "GV26-001234", "court": "General District Court of the City of Richmond",
                "kind": "eviction-tenant",
                "parties": [{"name": "Nguyễn Thị Lan", "role": "me"}, {"name": "Oak Ridge Apartments, LLC", "role": "other-party"}],
            }}),
        )
        .unwrap();
    let case_id = case["id"].as_i64().unwrap();
    let proposed = app.invoke("paper_proposed", json!({"caseId": case_id, "paper": "motion-to-continue"})).unwrap();
    assert_eq!(proposed["fields"]["name"], "Nguyễn Thị Lan", "{proposed}");
    assert!(proposed["from"]["name"].is_string(), "{proposed}");

    // Without an address or a reason: each missing field named as the form names it.
    let err = app
        .invoke("build_paper", json!({"paper": "motion-to-continue", "caseId": case_id, "fields": {"hearingDate": "2099-03-20"}}))
        .unwrap_err();
    assert_eq!(err["code"], "invalid_input", "{err}");
    assert!(err["fields"]["fields.address"].is_string() && err["fields"]["fields.reason"].is_string(), "{err}");

    let fields = json!({"hearingDate": "2099-03-20", "address": "1400 Oak Ridge Rd., Apt. 4B\nRichmond, VA 23224", "reason": "I will be in the hospital."});
    let built = app.invoke("build_paper", json!({"paper": "motion-to-continue", "caseId": case_id, "fields": fields})).unwrap();
    assert_eq!(built["paper"]["heading"], "MOTION TO CONTINUE");
    assert_eq!(built["paper"]["caption"]["number"], "GV26-001234");
    assert_eq!(built["draft"]["kind"], "paper");
    let draft_id = built["draft"]["id"].as_i64().unwrap();
    let again = app
        .invoke("build_paper", json!({"paper": "motion-to-continue", "caseId": case_id, "fields": fields, "draftId": draft_id}))
        .unwrap();
    assert_eq!((again["draft"]["id"].as_i64(), again["draft"]["version"].as_i64()), (Some(draft_id), Some(2)));

    let report = app.invoke("check_paper", json!({"draftId": draft_id})).unwrap();
    assert!(report["findings"].is_array() && !report["checked"].as_array().unwrap().is_empty(), "{report}");
    let err = app.invoke("check_paper", json!({})).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("draftId")), "{err}");

    let written = app.invoke("export_draft", json!({"id": draft_id, "version": 2, "format": "pdf"})).unwrap();
    let path = written["path"].as_str().unwrap();
    assert!(path.ends_with("-v2.pdf") && std::fs::read(path).unwrap().starts_with(b"%PDF"), "{path}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_that_is_not_a_fillable_form_is_refused_naming_it() {
    let app = app();
    let _sidecars = ready(&app).await;
    let word = b"PK\x03\x04 [Content_Types].xml word/document.xml".to_vec();
    let err = app.invoke_raw("form_fields", word, &[("x-file-name", "DC-429%20tenant.docx")]).unwrap_err();
    assert_eq!(err["code"], "invalid_input", "{err}");
    let message = err["message"].as_str().unwrap();
    assert!(message.starts_with("DC-429 tenant.docx") && message.contains("Word document"), "{message}");
    let err = app.invoke_raw("form_fields", Vec::new(), &[("x-file-name", "empty.pdf")]).unwrap_err();
    assert!(err["message"].as_str().unwrap().contains("empty.pdf is empty"), "{err}");
    let err = app.invoke_raw("form_fields", b"%PDF-1.7".to_vec(), &[("x-file-name", "a.pdf"), ("x-case-id", "nope")]).unwrap_err();
    assert_eq!(err["field"], "caseId", "{err}");
    let err = app.invoke("fill_form", json!({"formId": "../../etc", "values": {}})).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("formId")), "{err}");
}
