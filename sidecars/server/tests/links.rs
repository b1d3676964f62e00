//! `/api/links` (list by either end, create or merge, delete) behind the usual guards, and links
//! going away with the note, document or deadline at either end.

mod common;

use common::{FakeExplorer, call, error_of, state_with_explorer};
use proseva_server::AppState;
use serde_json::{Value, json};

async fn create(state: &AppState, path: &str, body: Value) -> Value {
    let (status, created) = call("POST", path).json(&body).send(state).await;
    assert_eq!(status, 201, "{path}: {created}");
    created
}

/// The links a query string lists, as (fromKind, fromId, toKind, to), and the total header.
async fn listed(state: &AppState, query: &str) -> (Vec<(String, i64, String, String)>, Option<String>) {
    let (status, body, total) = call("GET", &format!("/api/links?{query}")).send_with_header(state, "x-total-count").await;
    assert_eq!(status, 200, "{query}: {body}");
    let links = body
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["fromKind"].as_str().unwrap().to_string(),
                l["fromId"].as_i64().unwrap(),
                l["toKind"].as_str().unwrap().to_string(),
                l["to"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (links, total)
}

fn row(from_kind: &str, from_id: &Value, to_kind: &str, to: &str) -> (String, i64, String, String) {
    (from_kind.to_string(), from_id.as_i64().unwrap(), to_kind.to_string(), to.to_string())
}

#[tokio::test]
async fn links_are_made_listed_by_either_end_and_deleted() {
    let explorer = FakeExplorer::start(&["20-124.3", "20-124.2"]).await;
    let (state, _dir) = state_with_explorer(&explorer.url);
    let note = create(&state, "/api/notes", json!({"title": "Custody", "body": "x"})).await;
    let doc = create(&state, "/api/documents", json!({"title": "Order", "text": "It is ORDERED."})).await;

    let (status, made) = call("POST", "/api/links")
        .json(&json!({"fromKind": "note", "fromId": note["id"], "toKind": "section", "to": "§ 20-124.3"}))
        .send(&state)
        .await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["merged"], false);
    let link = made["link"].clone();
    assert_eq!((link["to"].as_str(), link["why"].as_str(), link["createdBy"].as_str()), (Some("20-124.3"), Some(""), Some("person")));
    let (status, again) = call("POST", "/api/links")
        .json(&json!({"fromKind": "note", "fromId": note["id"], "toKind": "section", "to": "20-124.3", "why": "Custody factors."}))
        .send(&state)
        .await;
    assert_eq!((status, &again["merged"], &again["link"]["id"]), (201, &json!(true), &link["id"]), "{again}");
    assert_eq!(again["link"]["why"], "Custody factors.");
    // An empty why leaves the one it has.
    let (_, third) = call("POST", "/api/links")
        .json(&json!({"fromKind": "note", "fromId": note["id"], "toKind": "section", "to": "20-124.3", "why": ""}))
        .send(&state)
        .await;
    assert_eq!(third["link"]["why"], "Custody factors.");
    let (status, by_agent) = call("POST", "/api/links")
        .json(&json!({"fromKind": "document", "fromId": doc["id"], "toKind": "section", "to": "20-124.3", "createdBy": "agent"}))
        .send(&state)
        .await;
    assert_eq!((status, by_agent["link"]["createdBy"].as_str()), (201, Some("agent")), "{by_agent}");
    create(&state, "/api/links", json!({"fromKind": "document", "fromId": doc["id"], "toKind": "section", "to": "20-124.2"})).await;

    let (links, total) = listed(&state, "toKind=section&to=%C2%A7%2020-124.3").await;
    assert_eq!(links, [row("note", &note["id"], "section", "20-124.3"), row("document", &doc["id"], "section", "20-124.3")]);
    assert_eq!(total.as_deref(), Some("2"));
    let (links, _) = listed(&state, &format!("fromKind=document&fromId={}", doc["id"])).await;
    assert_eq!(links, [row("document", &doc["id"], "section", "20-124.3"), row("document", &doc["id"], "section", "20-124.2")]);
    let (links, _) = listed(&state, &format!("fromKind=document&fromId={}&toKind=section&to=20-124.2", doc["id"])).await;
    assert_eq!(links, [row("document", &doc["id"], "section", "20-124.2")]);
    let (links, total) = listed(&state, "fromKind=note&fromId=999").await;
    assert_eq!((links.len(), total.as_deref()), (0, Some("0")));

    for (query, field) in [
        ("", "fromKind"),
        ("fromKind=note", "fromId"),
        ("fromId=1", "fromKind"),
        ("toKind=section", "to"),
        ("to=20-124.3", "toKind"),
        ("toKind=section&to=custody", "to"),
        ("toKind=statute&to=x", "toKind"),
        ("fromKind=note&fromId=1&limit=5", "limit"),
    ] {
        let (status, body) = call("GET", &format!("/api/links?{query}")).send(&state).await;
        assert_eq!(status, 400, "{query}: {body}");
        assert!(error_of(&body, "invalid_input")["fields"][field].is_string(), "{query}: expected `{field}` in {body}");
    }

    let (status, body) = call("DELETE", &format!("/api/links/{}", link["id"])).send(&state).await;
    assert_eq!((status, body), (204, Value::Null));
    let (status, body) = call("DELETE", &format!("/api/links/{}", link["id"])).send(&state).await;
    assert_eq!(status, 404);
    error_of(&body, "not_found");
    let (status, _) = call("DELETE", "/api/links/abc").send(&state).await;
    assert_eq!(status, 404);
    let (links, _) = listed(&state, "toKind=section&to=20-124.3").await;
    assert_eq!(links, [row("document", &doc["id"], "section", "20-124.3")]);
}

#[tokio::test]
async fn bad_links_are_400_naming_the_field_and_the_guards_apply() {
    let explorer = FakeExplorer::start(&["20-124.3"]).await;
    let (state, _dir) = state_with_explorer(&explorer.url);
    let note = create(&state, "/api/notes", json!({"title": "Custody", "body": "x"})).await;
    let cases = [
        (json!({}), "fromKind"),
        (json!({"fromKind": "note", "fromId": 999, "toKind": "section", "to": "20-124.3"}), "fromId"),
        (json!({"fromKind": "document", "fromId": note["id"], "toKind": "section", "to": "20-124.3"}), "fromId"),
        (json!({"fromKind": "note", "fromId": note["id"], "toKind": "deadline", "to": 42}), "to"),
        (json!({"fromKind": "note", "fromId": note["id"], "toKind": "deadline", "to": "tomorrow"}), "to"),
        (json!({"fromKind": "note", "fromId": note["id"], "toKind": "section", "to": "20-124.99"}), "to"),
        (json!({"fromKind": "note", "fromId": note["id"], "toKind": "section", "to": "20-124.3", "createdBy": "robot"}), "createdBy"),
        (json!({"fromKind": "note", "fromId": note["id"], "toKind": "section", "to": "20-124.3", "id": 5}), "id"),
        (json!({"fromKind": "note", "fromId": note["id"], "toKind": "opinion", "to": ""}), "to"),
    ];
    for (body, field) in cases {
        let (status, answer) = call("POST", "/api/links").json(&body).send(&state).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(error_of(&answer, "invalid_input")["fields"][field].is_string(), "{body}: expected `{field}` in {answer}");
    }
    let (status, answer) = call("POST", "/api/links").raw("application/json", "[1, 2").send(&state).await;
    assert_eq!(status, 400);
    error_of(&answer, "bad_request");
    let (status, _) = common::Call::anonymous("GET", "/api/links?fromKind=note&fromId=1").send(&state).await;
    assert_eq!(status, 401);
    let (status, _) = call("GET", "/api/links?fromKind=note&fromId=1").header("host", "evil.example").send(&state).await;
    assert_eq!(status, 403);
    let (status, _) = call("PUT", "/api/links/1").json(&json!({})).send(&state).await;
    assert_eq!(status, 405);
    let count: i64 = state.store.read(|c| Ok(c.query_row("SELECT count(*) FROM links", [], |r| r.get(0))?)).unwrap();
    assert_eq!(count, 0);
}

#[tokio::test]
async fn links_go_with_the_note_document_or_deadline_at_either_end() {
    let explorer = FakeExplorer::start(&["20-124.3"]).await;
    let (state, _dir) = state_with_explorer(&explorer.url);
    let note = create(&state, "/api/notes", json!({"title": "Custody", "body": "x"})).await;
    let other = create(&state, "/api/notes", json!({"title": "Other", "body": "y"})).await;
    let doc = create(&state, "/api/documents", json!({"title": "Order", "text": "It is ORDERED."})).await;
    let hearing = create(&state, "/api/deadlines", json!({"title": "Hearing", "date": "2025-06-02"})).await;
    let answer = create(&state, "/api/deadlines", json!({"title": "Answer", "date": "2025-06-09"})).await;
    for (kind, from) in [("note", &note), ("note", &other), ("document", &doc)] {
        for (to_kind, to) in [("deadline", hearing["id"].clone()), ("deadline", answer["id"].clone()), ("section", json!("20-124.3"))] {
            create(&state, "/api/links", json!({"fromKind": kind, "fromId": from["id"], "toKind": to_kind, "to": to})).await;
        }
    }
    create(&state, "/api/links", json!({"fromKind": "document", "fromId": doc["id"], "toKind": "opinion", "to": "cl-4176123"})).await;
    let total = || state.store.read(|c| Ok(c.query_row("SELECT count(*) FROM links", [], |r| r.get::<_, i64>(0))?)).unwrap();
    assert_eq!(total(), 10);

    let (status, _) = call("DELETE", &format!("/api/deadlines/{}", hearing["id"])).send(&state).await;
    assert_eq!(status, 204);
    assert_eq!(total(), 7, "the three links to the hearing went with it");
    let (links, _) = listed(&state, &format!("toKind=deadline&to={}", hearing["id"])).await;
    assert!(links.is_empty());

    let (status, _) = call("DELETE", &format!("/api/notes/{}", note["id"])).send(&state).await;
    assert_eq!(status, 204);
    assert_eq!(total(), 5, "the note's two remaining links went with it");
    let (status, _) = call("DELETE", &format!("/api/documents/{}", doc["id"])).send(&state).await;
    assert_eq!(status, 204);
    assert_eq!(total(), 2, "the document's three remaining links went with it");
    let (links, _) = listed(&state, &format!("fromKind=note&fromId={}", other["id"])).await;
    assert_eq!(links, [row("note", &other["id"], "deadline", &answer["id"].to_string()), row("note", &other["id"], "section", "20-124.3")]);

    // SQLite gives the next note the id of a deleted last one: it must not inherit that note's links.
    let last = create(&state, "/api/notes", json!({"title": "Last", "body": "z"})).await;
    create(&state, "/api/links", json!({"fromKind": "note", "fromId": last["id"], "toKind": "section", "to": "20-124.3"})).await;
    call("DELETE", &format!("/api/notes/{}", last["id"])).send(&state).await;
    let again = create(&state, "/api/notes", json!({"title": "New", "body": "z"})).await;
    assert_eq!(again["id"], last["id"]);
    let (links, _) = listed(&state, &format!("fromKind=note&fromId={}", again["id"])).await;
    assert!(links.is_empty());
}
