//! proseva-workspace's client against the real server, over HTTP on loopback: every resource's round trip,
//! paging, filters, validation errors with their fields, uploads, conversations and backups.

use proseva_server::{AppState, Config};
use proseva_workspace::{ListQuery, Resource, Workspace, WorkspaceError};
use serde_json::{Value, json};

const TOKEN: &str = "workspace-test-token";

struct Running {
    workspace: Workspace,
    dir: tempfile::TempDir,
}

async fn server() -> Running {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::for_data_dir(dir.path().to_path_buf());
    config.token = Some(TOKEN.into());
    let state = AppState::open(&config).unwrap();
    state.spawn_embedding_worker();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, proseva_server::http::app(state)).await.unwrap() });
    let http = proseva_http::loopback_client_builder("proseva-workspace-test/1").build().unwrap();
    Running { workspace: Workspace::new(http, &url, Some(TOKEN.into())), dir }
}

fn id(record: &Value) -> i64 {
    record["id"].as_i64().unwrap_or_else(|| panic!("no id in {record}"))
}

#[tokio::test]
async fn every_resource_round_trips() {
    let Running { workspace: w, .. } = server().await;
    let case = w
        .create(
            Resource::Cases,
            &json!({"name": "Smith v. Smith — custody", "type": "custody", "parties": [{"name": "Ann", "role": "me"}]}),
        )
        .await
        .unwrap();
    let case_id = id(&case);
    let made = [
        (Resource::Deadlines, json!({"caseId": case_id, "title": "Answer due", "date": "2026-12-02"}), "title", json!("Answer filed")),
        (Resource::Contacts, json!({"caseId": case_id, "name": "Clerk of Court", "role": "clerk"}), "phone", json!("703-555-0100")),
        (
            Resource::Finances,
            json!({"caseId": case_id, "date": "2026-11-02", "amount": 86.0, "category": "filing fees"}),
            "amount",
            json!(90.5),
        ),
        (Resource::Timeline, json!({"caseId": case_id, "date": "2026-10-01", "title": "Missed exchange"}), "isCritical", json!(true)),
        (
            Resource::Notes,
            json!({"caseId": case_id, "title": "Hearing prep", "body": "Bring the order."}),
            "body",
            json!("Bring two copies."),
        ),
    ];
    for (resource, body, field, changed) in made {
        let record = w.create(resource, &body).await.unwrap();
        let record_id = id(&record);
        assert_eq!(w.get(resource, record_id).await.unwrap(), record, "{resource:?}");
        let updated = w.update(resource, record_id, &json!({ field: changed })).await.unwrap();
        assert_eq!(updated[field], changed, "{resource:?}");
        let page = w.list(resource, &ListQuery::for_case(Some(case_id))).await.unwrap();
        assert_eq!((page.total, page.items.len()), (1, 1), "{resource:?}");
        w.delete(resource, record_id).await.unwrap();
        assert!(matches!(w.get(resource, record_id).await, Err(WorkspaceError::NotFound(_))), "{resource:?}");
    }
    let closed = w.update(Resource::Cases, case_id, &json!({"status": "closed"})).await.unwrap();
    assert_eq!(closed["parties"][0]["name"], "Ann", "an update keeps the fields it does not name");
    w.delete(Resource::Cases, case_id).await.unwrap();
}

#[tokio::test]
async fn lists_page_and_filter() {
    let Running { workspace: w, .. } = server().await;
    for day in 1..=30 {
        w.create(Resource::Deadlines, &json!({"title": format!("Step {day}"), "date": format!("2026-12-{day:02}"), "done": day % 3 == 0}))
            .await
            .unwrap();
    }
    let page = w.list(Resource::Deadlines, &ListQuery::default().page(10, 10)).await.unwrap();
    assert_eq!((page.items.len(), page.total, page.offset), (10, 30, 10));
    assert_eq!(page.items[0]["title"], "Step 11");
    let week = w
        .list(Resource::Deadlines, &ListQuery::default().with("from", "2026-12-01").with("to", "2026-12-07").with("done", false))
        .await
        .unwrap();
    assert_eq!(week.total, 5, "7 days less the 3rd and 6th, which are done");
}

#[tokio::test]
async fn validation_errors_keep_their_fields() {
    let Running { workspace: w, .. } = server().await;
    let err = w.create(Resource::Deadlines, &json!({"title": "", "date": "262142-01-01"})).await.unwrap_err();
    let WorkspaceError::Invalid { fields, .. } = err else { panic!("{err:?}") };
    assert!(fields["title"].starts_with("is required"), "{fields:?}");
    assert!(fields["date"].contains("YYYY-MM-DD") || fields["date"].contains("between"), "{fields:?}");
    let err = w.list(Resource::Timeline, &ListQuery::default().with("critical", "maybe")).await.unwrap_err();
    assert!(matches!(&err, WorkspaceError::Invalid { fields, .. } if fields.contains_key("critical")), "{err:?}");
    assert!(matches!(w.create(Resource::Documents, &json!({})).await, Err(WorkspaceError::Invalid { .. })));

    let case = w.create(Resource::Cases, &json!({"name": "Held"})).await.unwrap();
    w.create(Resource::Notes, &json!({"caseId": case["id"], "title": "A note"})).await.unwrap();
    let err = w.delete(Resource::Cases, id(&case)).await.unwrap_err();
    assert!(matches!(&err, WorkspaceError::Conflict(m) if m.contains("1 note")), "{err:?}");
}

#[tokio::test]
async fn rules_compute_dates_and_finances_total() {
    let Running { workspace: w, .. } = server().await;
    let rules = w.deadline_rules().await.unwrap();
    let rule = rules["rules"].as_array().unwrap().iter().find(|r| r["citation"].as_str().unwrap_or_default().contains("5A:6")).cloned();
    let rule = rule.expect("the notice-of-appeal rule (Rule 5A:6) is in the rule book");
    let computed = w.compute_deadline(rule["id"].as_str().unwrap(), "2026-11-02").await.unwrap();
    assert!(computed["date"].as_str().is_some() && computed["explanation"].as_str().is_some(), "{computed}");
    assert!(matches!(w.compute_deadline("no-such-rule", "2026-11-02").await, Err(WorkspaceError::Invalid { .. })));

    w.create(Resource::Finances, &json!({"date": "2026-01-02", "amount": 25.5, "category": "copies"})).await.unwrap();
    let totals = w.finance_totals(None).await.unwrap();
    assert_eq!(totals["total"], json!(25.5));
}

#[tokio::test]
async fn documents_upload_read_and_come_back() {
    let Running { workspace: w, .. } = server().await;
    let text = "Exchanges take place at the Fairfax County police station on Fridays at 6 pm.";
    let document = w.upload_document("custody-order.txt", text.as_bytes().to_vec(), None).await.unwrap();
    let doc_id = id(&document);
    let (bytes, name) = w.document_file(doc_id).await.unwrap();
    assert_eq!((bytes.as_slice(), name.as_str()), (text.as_bytes(), "custody-order.txt"));
    // Reading may happen in the background: wait for the text.
    let mut page = Value::Null;
    for _ in 0..200 {
        page = w.document_text(doc_id, Some(0), Some(1000)).await.unwrap();
        if page["text"].as_str().is_some_and(|t| t.contains("police station")) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    assert!(page["text"].as_str().unwrap().contains("police station"), "{page}");
    let renamed = w.update(Resource::Documents, doc_id, &json!({"title": "Final custody order"})).await.unwrap();
    assert_eq!(renamed["title"], "Final custody order");
    let err = w.upload_document("virus.pdf", b"MZ\x90\x00 not a pdf".to_vec(), None).await.unwrap_err();
    assert!(matches!(&err, WorkspaceError::Invalid { .. }), "{err:?}");
    assert!(err.to_string().contains("PDF"), "{err}");
    let listed = w.list(Resource::Documents, &ListQuery::default()).await.unwrap();
    assert_eq!(listed.total, 1, "the refused upload left nothing behind");
}

#[tokio::test]
async fn conversations_are_saved_and_backups_restore() {
    let Running { workspace: w, dir } = server().await;
    let conversation = w.start_conversation("Where do we exchange the child?\nDetails follow.", "chat", None).await.unwrap();
    assert_eq!(conversation["title"], "Where do we exchange the child?");
    let cid = id(&conversation);
    w.append_message(cid, "user", "Where do we exchange the child?", &json!([])).await.unwrap();
    w.append_message(cid, "assistant", "At the police station.", &json!([{"type": "done", "reply": "At the police station."}]))
        .await
        .unwrap();
    let read = w.get(Resource::Conversations, cid).await.unwrap();
    assert_eq!(read["messages"].as_array().unwrap().len(), 2);
    assert!(proseva_workspace::conversation_markdown(&read).contains("At the police station."));

    let archive = dir.path().join("out").join("all.proseva-backup");
    let made = w.backup(archive.to_str().unwrap()).await.unwrap();
    assert_eq!(made["counts"]["conversations"], 1);
    w.delete(Resource::Conversations, cid).await.unwrap();
    let restored = w.restore(archive.to_str().unwrap()).await.unwrap();
    assert_eq!(restored["restored"]["conversations"], 1);
    assert_eq!(w.get(Resource::Conversations, cid).await.unwrap()["messages"].as_array().unwrap().len(), 2);
    assert!(matches!(w.restore("relative.zip").await, Err(WorkspaceError::Invalid { fields, .. }) if fields.contains_key("path")));
}

#[tokio::test]
async fn a_server_that_is_gone_is_unavailable_not_a_panic() {
    let http = proseva_http::loopback_client_builder("proseva-workspace-test/1").build().unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let w = Workspace::new(http, &url, Some(TOKEN.into()));
    let err = w.list(Resource::Cases, &ListQuery::default()).await.unwrap_err();
    assert!(matches!(&err, WorkspaceError::Unavailable(m) if m.contains("unavailable")), "{err:?}");
    assert!(!err.to_string().contains(TOKEN));
}
