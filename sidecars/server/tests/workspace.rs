//! What the window's case workspace needs of the REST API: totals and filters on lists, notes,
//! saved conversations, finance totals, and backup and restore.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{WordHashEmbedder, call, error_of, eventually, state};
use proseva_server::AppState;
use serde_json::{Value, json};

async fn create(state: &AppState, resource: &str, body: Value) -> Value {
    let (status, record) = call("POST", &format!("/api/{resource}")).json(&body).send(state).await;
    assert_eq!(status, 201, "{resource}: {record}");
    record
}

async fn list(state: &AppState, path: &str) -> (Vec<Value>, i64) {
    let (status, body, total) = call("GET", path).send_with_header(state, "x-total-count").await;
    assert_eq!(status, 200, "{path}: {body}");
    (body.as_array().cloned().unwrap_or_default(), total.expect("X-Total-Count").parse().unwrap())
}

#[tokio::test]
async fn lists_page_with_the_total_in_a_header() {
    let (state, _dir) = state();
    let case = create(&state, "cases", json!({"name": "Smith v. Smith — custody", "type": "custody"})).await;
    for day in 1..=25 {
        create(&state, "deadlines", json!({"caseId": case["id"], "title": format!("Step {day}"), "date": format!("2026-12-{day:02}")}))
            .await;
    }
    let (page, total) = list(&state, "/api/deadlines?limit=10&offset=20").await;
    assert_eq!((page.len(), total), (5, 25));
    assert_eq!(page[0]["title"], "Step 21");
    let (page, total) = list(&state, "/api/deadlines?limit=10&offset=100").await;
    assert_eq!((page.len(), total), (0, 25), "past the end the total still counts everything");
    let (page, total) = list(&state, &format!("/api/deadlines?caseId={}&from=2026-12-05&to=2026-12-07", case["id"])).await;
    assert_eq!((page.len(), total), (3, 3));
    call("PATCH", &format!("/api/deadlines/{}", page[0]["id"])).json(&json!({"done": true})).send(&state).await;
    let (_, total) = list(&state, "/api/deadlines?done=false").await;
    assert_eq!(total, 24);
    let (_, total) = list(&state, "/api/deadlines?done=true").await;
    assert_eq!(total, 1);

    let (status, body) = call("GET", "/api/deadlines?from=2026-12-09&to=2026-12-01&colour=red").send(&state).await;
    assert_eq!(status, 400);
    let error = error_of(&body, "invalid_input");
    assert!(error["fields"]["to"].as_str().unwrap().contains("before"), "{error}");
    assert!(error["fields"]["colour"].is_string(), "{error}");
    let (status, body) = call("GET", "/api/cases?done=true").send(&state).await;
    assert_eq!(status, 400, "cases take no done filter: {body}");
}

#[tokio::test]
async fn the_timeline_filters_by_words_party_criticality_and_dates() {
    let (state, _dir) = state();
    let case = create(&state, "cases", json!({"name": "Doe v. Doe"})).await;
    let events = [
        ("2026-01-05", "Mother", "Missed the Friday exchange", true),
        ("2026-02-10", "Father", "Paid child support late", false),
        ("2026-03-15", "Mother", "Exchange at the police station went fine", false),
    ];
    for (date, party, title, critical) in events {
        create(&state, "timeline", json!({"caseId": case["id"], "date": date, "party": party, "title": title, "isCritical": critical}))
            .await;
    }
    create(&state, "timeline", json!({"date": "2026-03-16", "party": "Mother", "title": "Exchange in another case"})).await;
    let id = case["id"].as_i64().unwrap();
    let (found, total) = list(&state, &format!("/api/timeline?caseId={id}&query=exchange")).await;
    assert_eq!(total, 2);
    assert!(found.iter().all(|e| e["title"].as_str().unwrap().to_lowercase().contains("exchange")));
    let (found, _) = list(&state, &format!("/api/timeline?caseId={id}&party=mother&critical=true")).await;
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["title"], "Missed the Friday exchange");
    let (found, _) = list(&state, &format!("/api/timeline?caseId={id}&from=2026-02-01&to=2026-12-31")).await;
    assert_eq!(found.iter().map(|e| e["date"].as_str().unwrap()).collect::<Vec<_>>(), ["2026-02-10", "2026-03-15"]);
}

#[tokio::test]
async fn notes_keep_their_sources_and_hold_their_case() {
    let (state, _dir) = state();
    let case = create(&state, "cases", json!({"name": "Smith v. Smith"})).await;
    let note = create(
        &state,
        "notes",
        json!({"caseId": case["id"], "title": "Where the exchange happens", "body": "Per **§ 20-124.3** ...",
               "sources": [{"label": "§ 20-124.3", "url": "https://law.lis.virginia.gov/vacode/20-124.3/", "sourceId": "20-124.3"}]}),
    )
    .await;
    assert_eq!(note["sources"][0]["sourceId"], "20-124.3");
    assert!(note["conversationId"].is_null());

    let (status, body) =
        call("POST", "/api/notes").json(&json!({"body": "no title", "sources": [{"url": "x"}], "caseId": 999})).send(&state).await;
    assert_eq!(status, 400);
    let fields = &error_of(&body, "invalid_input")["fields"];
    assert!(fields["title"].is_string() && fields["sources"].is_string(), "{body}");

    let (status, edited) = call("PATCH", &format!("/api/notes/{}", note["id"])).json(&json!({"body": "changed"})).send(&state).await;
    assert_eq!((status, edited["body"].as_str(), edited["sources"].as_array().map(Vec::len)), (200, Some("changed"), Some(1)));

    let (status, body) = call("DELETE", &format!("/api/cases/{}", case["id"])).send(&state).await;
    assert_eq!(status, 409);
    assert!(body["error"]["message"].as_str().unwrap().contains("1 note"), "{body}");
}

async fn search(state: &AppState, query: &str) -> Vec<Value> {
    let (status, found) = call("POST", "/api/tools/SearchKnowledge").json(&json!({"query": query, "topK": 10})).send(state).await;
    assert_eq!(status, 200, "{found}");
    found["passages"].as_array().cloned().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn search_knowledge_finds_notes_beside_documents_and_says_which() {
    let (state, _dir) = state();
    state.use_embedder(Arc::new(WordHashEmbedder)).unwrap();
    state.spawn_workers();
    let (status, doc) = call("POST", "/api/documents")
        .json(&json!({"title": "Custody order", "text": "The parties exchange the child at the police station on Fridays."}))
        .send(&state)
        .await;
    assert_eq!(status, 201, "{doc}");
    let note = create(
        &state,
        "notes",
        json!({"title": "Call with the clerk", "body": "The clerk said the exchange location can be changed by a motion to amend."}),
    )
    .await;

    let passages = search(&state, "exchange location motion").await;
    let first = &passages[0];
    assert_eq!((first["from"].as_str(), &first["id"], first["title"].as_str()), (Some("note"), &note["id"], Some("Call with the clerk")));
    assert!(first.get("documentId").is_none(), "a note's passage is not called a document: {first}");
    assert!(passages.iter().any(|p| p["from"] == "document" && p["id"] == doc["id"] && p["documentId"] == doc["id"]), "{passages:?}");

    // Found by meaning once the worker has embedded it.
    eventually("the note to be searchable by meaning", Duration::from_secs(30), async || {
        let passages = search(&state, "exchange location motion").await;
        passages.iter().any(|p| p["from"] == "note" && p["matchedBy"].as_array().unwrap().contains(&json!("meaning"))).then_some(())
    })
    .await;

    // An edit replaces what is found; a deleted note is found no more, by words or by meaning.
    let (status, _) =
        call("PATCH", &format!("/api/notes/{}", note["id"])).json(&json!({"body": "Hearing moved to Tuesday."})).send(&state).await;
    assert_eq!(status, 200);
    assert!(search(&state, "motion to amend").await.iter().all(|p| p["from"] != "note"), "the old text is gone");
    assert!(search(&state, "hearing moved Tuesday").await.iter().any(|p| p["from"] == "note" && p["id"] == note["id"]));
    // Appending keeps what the note held and makes the new text searchable.
    let (status, appended) =
        call("POST", &format!("/api/notes/{}/append", note["id"])).json(&json!({"text": "Bring the school calendar."})).send(&state).await;
    assert_eq!(status, 200, "{appended}");
    assert_eq!(appended["body"], "Hearing moved to Tuesday.\n\nBring the school calendar.");
    assert!(search(&state, "school calendar").await.iter().any(|p| p["from"] == "note" && p["id"] == note["id"]));
    let (status, body) =
        call("POST", &format!("/api/notes/{}/append", note["id"])).json(&json!({"text": " ", "body": "x"})).send(&state).await;
    assert_eq!(status, 400, "{body}");
    let (status, _) = call("POST", "/api/notes/9999/append").json(&json!({"text": "x"})).send(&state).await;
    assert_eq!(status, 404);
    let (status, _) = call("DELETE", &format!("/api/notes/{}", note["id"])).send(&state).await;
    assert_eq!(status, 204);
    assert!(search(&state, "hearing moved Tuesday").await.iter().all(|p| p["from"] != "note"));
    assert!(state.knowledge.vector_count() >= 1, "the document's vectors stay");
}

#[tokio::test]
async fn conversations_are_saved_message_by_message_and_outlive_their_case() {
    let (state, _dir) = state();
    let case = create(&state, "cases", json!({"name": "Smith v. Smith"})).await;
    let first = create(&state, "conversations", json!({"title": "Where do we exchange the child?", "caseId": case["id"]})).await;
    assert_eq!((first["kind"].as_str(), first["messageCount"].as_i64()), (Some("chat"), Some(0)));
    let second = create(&state, "conversations", json!({"title": "Eviction notice", "kind": "research"})).await;
    let path = format!("/api/conversations/{}/messages", first["id"]);
    let (status, _) = call("POST", &path).json(&json!({"role": "user", "content": "Where do we exchange the child?"})).send(&state).await;
    assert_eq!(status, 201);
    let events = json!([{"type": "tool_call", "id": "c1", "name": "SearchKnowledge", "args": {"query": "exchange"}},
                        {"type": "done", "reply": "At the police station.", "toolResults": [], "citations": {}}]);
    let (status, _) =
        call("POST", &path).json(&json!({"role": "assistant", "content": "At the police station.", "events": events})).send(&state).await;
    assert_eq!(status, 201);

    let (listed, total) = list(&state, "/api/conversations").await;
    assert_eq!(total, 2);
    assert_eq!(listed[0]["id"], first["id"], "the conversation used last comes first");
    assert!(listed[0].get("messages").is_none(), "lists leave the messages out");
    assert_eq!(listed[0]["messageCount"], 2);
    let (_, read) = call("GET", &format!("/api/conversations/{}", first["id"])).send(&state).await;
    assert_eq!(read["messages"][1]["events"], events);
    assert_eq!(read["messages"][0]["role"], "user");

    let (status, renamed) = call("PATCH", &format!("/api/conversations/{}", first["id"])).json(&read).send(&state).await;
    assert_eq!(status, 200, "a read conversation can be sent back as it is: {renamed}");
    let (_, renamed) =
        call("PATCH", &format!("/api/conversations/{}", first["id"])).json(&json!({"title": "Exchanges"})).send(&state).await;
    assert_eq!(renamed["title"], "Exchanges");

    for (body, field) in [
        (json!({"role": "system", "content": "x"}), "role"),
        (json!({"content": "x"}), "role"),
        (json!({"role": "user", "content": ""}), "content"),
        (json!({"role": "assistant", "content": "x", "events": "nope"}), "events"),
    ] {
        let (status, error) = call("POST", &path).json(&body).send(&state).await;
        assert_eq!(status, 400, "{body}");
        assert!(error["error"]["fields"][field].is_string(), "{body}: {error}");
    }
    let (status, _) = call("POST", "/api/conversations/999/messages").json(&json!({"role": "user", "content": "x"})).send(&state).await;
    assert_eq!(status, 404);

    let (status, _) = call("DELETE", &format!("/api/cases/{}", case["id"])).send(&state).await;
    assert_eq!(status, 204, "conversations do not hold a case");
    let (_, read) = call("GET", &format!("/api/conversations/{}", first["id"])).send(&state).await;
    assert!(read["caseId"].is_null() && read["messages"].as_array().unwrap().len() == 2, "{read}");
    let (status, _) = call("DELETE", &format!("/api/conversations/{}", second["id"])).send(&state).await;
    assert_eq!(status, 204);
}

#[tokio::test]
async fn finance_totals_sum_each_category() {
    let (state, _dir) = state();
    for (amount, category) in [(120.5, "filing fees"), (30.0, "filing fees"), (-400.0, "child support")] {
        create(&state, "finances", json!({"date": "2026-01-02", "amount": amount, "category": category})).await;
    }
    let (status, body) = call("GET", "/api/finances/totals").send(&state).await;
    assert_eq!(status, 200);
    assert_eq!(body["total"], json!(-249.5));
    assert_eq!(body["categories"][0], json!({"category": "filing fees", "total": 150.5, "count": 2}));
}

#[tokio::test]
async fn a_backup_restores_everything_and_keeps_the_data_it_replaced() {
    let (state, dir) = state();
    std::fs::write(dir.path().join("settings.json"), r#"{"offline": true}"#).unwrap();
    std::fs::write(dir.path().join("secrets.json"), r#"{"OPENAI_API_KEY": "sk-never-in-a-backup"}"#).unwrap();
    let case = create(&state, "cases", json!({"name": "Smith v. Smith"})).await;
    create(&state, "notes", json!({"caseId": case["id"], "title": "Kept", "body": "the note"})).await;
    let (status, document) = call("POST", "/api/documents")
        .json(&json!({"title": "Custody order", "text": "Exchanges take place at the Fairfax County police station on Fridays at 6 pm."}))
        .send(&state)
        .await;
    assert_eq!(status, 201, "{document}");
    let original: Vec<u8> = call("GET", &format!("/api/documents/{}/file", document["id"])).send_raw(&state).await.1;

    let out = tempfile::tempdir().unwrap();
    let archive = out.path().join("nested").join("smith.proseva-backup");
    let (status, made) = call("POST", "/api/backup").json(&json!({"path": archive})).send(&state).await;
    assert_eq!(status, 200, "{made}");
    assert_eq!(
        (made["counts"]["cases"].as_i64(), made["counts"]["documents"].as_i64(), made["counts"]["notes"].as_i64()),
        (Some(1), Some(1), Some(1))
    );
    assert!(made["bytes"].as_u64().unwrap() > 0);
    let names: Vec<String> = {
        let zip = zip::ZipArchive::new(std::fs::File::open(&archive).unwrap()).unwrap();
        zip.file_names().map(|n| n.unwrap().to_string()).collect()
    };
    assert!(names.contains(&"proseva.db".to_string()) && names.contains(&"settings.json".to_string()), "{names:?}");
    assert!(names.iter().any(|n| n.starts_with("documents/")), "{names:?}");
    assert!(!names.iter().any(|n| n.contains("secrets")), "secrets never go in a backup: {names:?}");

    // Change everything after the backup: a new case, the note deleted, the document deleted.
    create(&state, "cases", json!({"name": "Made after the backup"})).await;
    let (_, notes) = call("GET", "/api/notes").send(&state).await;
    call("DELETE", &format!("/api/notes/{}", notes[0]["id"])).send(&state).await;
    let (status, _) = call("DELETE", &format!("/api/documents/{}", document["id"])).send(&state).await;
    assert_eq!(status, 204);
    std::fs::write(dir.path().join("settings.json"), r#"{"offline": false}"#).unwrap();

    let (status, restored) = call("POST", "/api/restore").json(&json!({"path": archive})).send(&state).await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!(restored["restored"]["cases"], 1);
    let (_, cases) = call("GET", "/api/cases").send(&state).await;
    assert_eq!(cases.as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect::<Vec<_>>(), ["Smith v. Smith"]);
    let (_, notes) = call("GET", "/api/notes").send(&state).await;
    assert_eq!(notes[0]["body"], "the note");
    let (status, file) = call("GET", &format!("/api/documents/{}/file", document["id"])).send_raw(&state).await;
    assert_eq!((status, file), (200, original), "the document's original is back");
    assert_eq!(std::fs::read_to_string(dir.path().join("settings.json")).unwrap(), r#"{"offline": true}"#);
    assert!(std::fs::read_to_string(dir.path().join("secrets.json")).unwrap().contains("sk-never"), "secrets are left alone");
    let (_, found) = call("POST", "/api/tools/SearchKnowledge").json(&json!({"query": "police station"})).send(&state).await;
    assert_eq!(found["passages"][0]["documentTitle"], "Custody order", "{found}");

    // What was replaced is kept: restoring the kept archive brings the later case back.
    let kept = restored["keptAt"].as_str().unwrap();
    assert!(std::path::Path::new(kept).starts_with(archive.parent().unwrap()), "kept beside the backup: {kept}");
    let (status, _) = call("POST", "/api/restore").json(&json!({"path": kept})).send(&state).await;
    assert_eq!(status, 200);
    let (_, cases) = call("GET", "/api/cases").send(&state).await;
    assert_eq!(cases.as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn bad_backups_and_paths_change_nothing() {
    let (state, dir) = state();
    create(&state, "cases", json!({"name": "Still here"})).await;
    let not_zip = dir.path().join("not-a-backup.proseva-backup");
    std::fs::write(&not_zip, b"hello").unwrap();
    for (body, field) in [
        (json!({"path": "relative/file"}), "path"),
        (json!({}), "path"),
        (json!({"path": not_zip}), "path"),
        (json!({"path": dir.path().join("missing.proseva-backup")}), "path"),
    ] {
        let (status, error) = call("POST", "/api/restore").json(&body).send(&state).await;
        assert_eq!(status, 400, "{body}: {error}");
        assert!(error["error"]["fields"][field].is_string(), "{error}");
    }
    // A zip that is not a ProSeVA backup.
    let other = dir.path().join("other.zip");
    {
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&other).unwrap());
        zip.start_file("manifest.json", zip::write::SimpleFileOptions::default()).unwrap();
        std::io::Write::write_all(&mut zip, br#"{"format": "something-else"}"#).unwrap();
        zip.finish().unwrap();
    }
    let (status, _) = call("POST", "/api/restore").json(&json!({"path": other})).send(&state).await;
    assert_eq!(status, 400);
    let (_, cases) = call("GET", "/api/cases").send(&state).await;
    assert_eq!(cases[0]["name"], "Still here");
}
