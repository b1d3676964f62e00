//! The case workspace's commands through Tauri's IPC on the mock runtime, against a real
//! case-data server on loopback: records with paging and field errors, uploads as raw bodies,
//! saved conversations, a chosen case scoping the agent, export and backup.

use crate::common;

use std::time::{Duration, Instant};

use common::{Events, app, question, ready};
use proseva_agent::runner::RequestKind;
use proseva_desktop::commands::{Asked, start_request};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_round_trip_and_errors_name_their_fields() {
    let app = app();
    let _sidecars = ready(&app).await;
    let case = app
        .invoke("create_record", json!({"resource": "cases", "record": {"name": "Smith v. Smith — custody", "type": "custody"}}))
        .unwrap();
    let case_id = case["id"].as_i64().unwrap();
    for day in 1..=12 {
        let record = json!({"caseId": case_id, "title": format!("Step {day}"), "date": format!("2026-12-{day:02}")});
        app.invoke("create_record", json!({"resource": "deadlines", "record": record})).unwrap();
    }
    let page = app.invoke("list_records", json!({"resource": "deadlines", "caseId": case_id, "limit": 5, "offset": 10})).unwrap();
    assert_eq!((page["items"].as_array().unwrap().len(), page["total"].as_i64(), page["offset"].as_i64()), (2, Some(12), Some(10)));
    let week = app
        .invoke(
            "list_records",
            json!({"resource": "deadlines", "filter": {"from": "2026-12-01", "to": "2026-12-07", "done": false, "unused": null}}),
        )
        .unwrap();
    assert_eq!(week["total"], 7);

    let err = app.invoke("create_record", json!({"resource": "deadlines", "record": {"title": "", "date": "soon"}})).unwrap_err();
    assert_eq!(err["code"], "invalid_input");
    assert!(err["fields"]["title"].is_string() && err["fields"]["date"].is_string(), "{err}");
    let err = app.invoke("list_records", json!({"resource": "secrets"})).unwrap_err();
    assert_eq!((err["code"].as_str(), err["field"].as_str()), (Some("invalid_input"), Some("resource")));
    let err = app.invoke("delete_record", json!({"resource": "cases", "id": case_id})).unwrap_err();
    assert_eq!(err["code"], "conflict", "{err}");
    let err = app.invoke("get_record", json!({"resource": "notes", "id": 999})).unwrap_err();
    assert_eq!(err["code"], "not_found");

    let rules = app.invoke("deadline_rules", json!({})).unwrap();
    let rule = rules["rules"][0]["id"].as_str().unwrap().to_string();
    let computed = app.invoke("compute_deadline", json!({"ruleId": rule, "triggerDate": "2026-11-02"})).unwrap();
    assert!(computed["date"].is_string() && computed["explanation"].is_string(), "{computed}");
    let totals = app.invoke("finance_totals", json!({"caseId": case_id})).unwrap();
    assert_eq!(totals["total"], 0.0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_come_as_raw_bodies_and_bad_files_are_named() {
    let app = app();
    let _sidecars = ready(&app).await;
    let text = "Exchanges take place at the Fairfax County police station on Fridays at 6 pm.";
    let document = app.invoke_raw("upload_document", text.as_bytes().to_vec(), &[("x-file-name", "..%2Fcustody%20order.txt")]).unwrap();
    assert_eq!(document["fileName"], "custody order.txt", "only the last part of the name is kept");
    let id = document["id"].as_i64().unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let page = app.invoke("document_text", json!({"id": id})).unwrap();
        if page["text"].as_str().is_some_and(|t| t.contains("police station")) {
            break;
        }
        assert!(Instant::now() < deadline, "the text was never read: {page}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let big = vec![b'a'; 60 * 1024 * 1024];
    let err = app.invoke_raw("upload_document", big, &[("x-file-name", "huge.txt")]).unwrap_err();
    assert_eq!(err["code"], "too_large");
    assert!(err["message"].as_str().unwrap().contains("huge.txt is 60.0 MB"), "{err}");
    // The most it takes, in bytes, for the window to say in its own language.
    assert_eq!(err["limit"].as_u64(), Some(proseva_desktop::workspace::MAX_UPLOAD_BYTES as u64), "{err}");
    let err = app.invoke_raw("upload_document", Vec::new(), &[("x-file-name", "empty.txt")]).unwrap_err();
    assert!(err["message"].as_str().unwrap().contains("empty.txt is empty"), "{err}");
    let err = app.invoke_raw("upload_document", b"MZ\x90\x00 a program".to_vec(), &[("x-file-name", "order.pdf")]).unwrap_err();
    assert_eq!(err["code"], "invalid_input");
    assert!(err["message"].as_str().unwrap().starts_with("order.pdf"), "{err}");
    let err = app.invoke_raw("upload_document", b"text".to_vec(), &[("x-file-name", "a.txt"), ("x-case-id", "nope")]).unwrap_err();
    assert_eq!(err["field"], "caseId");
    let listed = app.invoke("list_records", json!({"resource": "documents"})).unwrap();
    assert_eq!(listed["total"], 1, "nothing refused was stored");
}

/// Waits until the saved conversation holds `count` messages.
async fn saved(app: &common::App, id: i64, count: usize) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let conversation = app.invoke("get_record", json!({"resource": "conversations", "id": id})).unwrap();
        if conversation["messages"].as_array().is_some_and(|m| m.len() >= count) {
            return conversation;
        }
        assert!(Instant::now() < deadline, "the conversation never held {count} messages: {conversation}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conversations_are_saved_as_they_happen_and_a_chosen_case_scopes_the_answer() {
    let app = app();
    let _sidecars = ready(&app).await;
    let mine = app.invoke("create_record", json!({"resource": "cases", "record": {"name": "Smith v. Smith"}})).unwrap();
    let other = app.invoke("create_record", json!({"resource": "cases", "record": {"name": "Other matter"}})).unwrap();
    for (case, title) in [(&mine, "File the custody answer"), (&other, "Pay the traffic ticket")] {
        let record = json!({"caseId": case["id"], "title": title, "date": "2099-01-15"});
        app.invoke("create_record", json!({"resource": "deadlines", "record": record})).unwrap();
    }

    let events = Events::default();
    let asked = Asked {
        request_id: Some("q1".into()),
        messages: Some(question("What are my upcoming deadlines?")),
        case_id: mine["id"].as_i64(),
        ..Asked::default()
    };
    let ack = start_request(&app.state(), RequestKind::Chat, asked, events.emitter()).await.unwrap();
    let events = events.until_end().await;
    let reply = events.last().unwrap()["reply"].as_str().unwrap().to_string();
    assert!(reply.contains("File the custody answer"), "{reply}");
    assert!(!reply.contains("traffic ticket"), "the other case's deadline stays out: {reply}");
    let call = events.iter().find(|e| e["type"] == "tool_call" && e["name"] == "GetDeadlines").expect("GetDeadlines ran");
    assert_eq!(call["args"]["caseId"], mine["id"]);

    let id = ack.conversation_id.expect("saved");
    let conversation = saved(&app, id, 2).await;
    assert_eq!(conversation["title"], "What are my upcoming deadlines?");
    assert_eq!(conversation["caseId"], mine["id"]);
    let answer = &conversation["messages"][1];
    assert_eq!(answer["content"], reply);
    let saved_events = answer["events"].as_array().unwrap();
    assert!(saved_events.iter().any(|e| e["type"] == "tool_result" && e["name"] == "GetDeadlines"));
    assert!(!saved_events.iter().any(|e| e["type"] == "delta"), "streamed pieces are not saved");

    // The next question carries on the same conversation.
    let events = Events::default();
    let asked = Asked {
        request_id: Some("q2".into()),
        messages: Some(json!([{"role": "user", "content": "What are my upcoming deadlines?"}, {"role": "assistant", "content": reply},
                              {"role": "user", "content": "And my contacts?"}])),
        conversation_id: Some(id),
        case_id: mine["id"].as_i64(),
    };
    start_request(&app.state(), RequestKind::Chat, asked, events.emitter()).await.unwrap();
    events.until_end().await;
    let conversation = saved(&app, id, 4).await;
    assert_eq!(conversation["messages"][2]["content"], "And my contacts?");

    let err = start_request(
        &app.state(),
        RequestKind::Chat,
        Asked { request_id: Some("q3".into()), messages: Some(question("x")), case_id: Some(999), ..Asked::default() },
        |_| {},
    )
    .await
    .unwrap_err();
    assert_eq!(err.field.as_deref(), Some("caseId"));

    let written = app.invoke("export_conversation", json!({"id": id})).unwrap();
    let markdown = std::fs::read_to_string(written["path"].as_str().unwrap()).unwrap();
    assert!(markdown.starts_with("# What are my upcoming deadlines?") && markdown.contains("And my contacts?"), "{markdown}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_is_listed_and_restores() {
    let app = app();
    let _sidecars = ready(&app).await;
    app.invoke("create_record", json!({"resource": "notes", "record": {"title": "Before", "body": "kept"}})).unwrap();
    let made = app.invoke("create_backup", json!({})).unwrap();
    assert!(made["path"].as_str().unwrap().ends_with(".proseva-backup"), "{made}");
    let listed = app.invoke("list_backups", json!({})).unwrap();
    assert_eq!(listed[0]["path"], made["path"]);
    assert_eq!(listed[0]["kind"], "backup");

    let notes = app.invoke("list_records", json!({"resource": "notes"})).unwrap();
    app.invoke("delete_record", json!({"resource": "notes", "id": notes["items"][0]["id"]})).unwrap();
    let err = app.invoke("restore_backup", json!({"path": "/etc/passwd"})).unwrap_err();
    assert_eq!(err["field"], "path", "only listed backups are restored");
    let restored = app.invoke("restore_backup", json!({"path": made["path"]})).unwrap();
    assert_eq!(restored["restored"]["notes"], 1);
    let notes = app.invoke("list_records", json!({"resource": "notes"})).unwrap();
    assert_eq!(notes["items"][0]["title"], "Before");
    let listed = app.invoke("list_backups", json!({})).unwrap();
    assert!(listed.as_array().unwrap().iter().any(|b| b["kind"] == "kept"), "the replaced data is listed: {listed}");
}
