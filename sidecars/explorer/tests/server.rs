//! The real `proseva-explorer serve` binary on a loopback port: auth, limits, bad input, GraphiQL.

use std::process::Command;

use serde_json::{Value, json};

mod common;

use common::{Explorer, client, start};

async fn post(ex: &Explorer, token: Option<&str>, body: Value) -> (u16, Value) {
    let mut req = client().post(format!("{}/graphql", ex.url)).json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let res = req.send().await.unwrap();
    (res.status().as_u16(), res.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn answers_every_contract_query_over_http() {
    let ex = start(Some("s3cret"));
    let (status, body) = post(&ex, Some("s3cret"), json!({"query": "{ __typename }"})).await;
    assert_eq!((status, body), (200, json!({"data": {"__typename": "Query"}})));

    let q = r#"query($q: String!) {
        stats { nodeCount edgeCount embeddingCount nodeTypes { type count } edgeTypes { type count } }
        nodes(search: $q, limit: 5) { total nodes { id sourceId heading textKind url } }
        node(sourceId: "20-124.3") { id edges { relType toNode { sourceId } } }
    }"#;
    let (status, body) = post(&ex, Some("s3cret"), json!({"query": q, "variables": {"q": "§ 55.1-1226"}})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["nodes"]["nodes"][0]["sourceId"], "55.1-1226");
    let id = body["data"]["node"]["id"].as_i64().unwrap();
    let (_, body) = post(
        &ex,
        Some("s3cret"),
        json!({"query": format!("{{ neighbors(id: {id}) {{ relType }} similar(id: {id}, limit: 2) {{ score node {{ sourceId }} }} }}")}),
    )
    .await;
    assert!(body["errors"].is_null(), "{body}");
    assert_eq!(body["data"]["similar"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn refuses_requests_without_the_token() {
    let ex = start(Some("s3cret"));
    for token in [None, Some("wrong"), Some("s3cret ")] {
        let (status, body) = post(&ex, token.filter(|t| !t.ends_with(' ')), json!({"query": "{ stats { nodeCount } }"})).await;
        assert_eq!(status, 401, "{token:?}");
        assert!(body["errors"][0]["message"].as_str().unwrap().contains("bearer token"));
        assert!(body["data"].is_null());
    }
    // Health and the GraphiQL page hold no data and need no token.
    let health: Value = client().get(format!("{}/health", ex.url)).send().await.unwrap().json().await.unwrap();
    assert_eq!(health["status"], "ok");
    let page = client().get(format!("{}/", ex.url)).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().to_lowercase().contains("graphiql"));
}

#[tokio::test]
async fn without_a_token_configured_queries_are_open_to_loopback() {
    let ex = start(None);
    let (status, body) = post(&ex, None, json!({"query": "{ stats { nodeCount } }"})).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["stats"]["nodeCount"], 15);
}

#[tokio::test]
async fn refuses_requests_addressed_to_another_host() {
    let ex = start(None);
    let res = client()
        .post(format!("{}/graphql", ex.url))
        .header("Host", "attacker.example")
        .json(&json!({"query": "{ stats { nodeCount } }"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 403);
    let from_a_web_page = client()
        .post(format!("{}/graphql", ex.url))
        .header("Origin", "https://attacker.example")
        .json(&json!({"query": "{ stats { nodeCount } }"}))
        .send()
        .await
        .unwrap();
    assert_eq!(from_a_web_page.status().as_u16(), 403);
}

#[tokio::test]
async fn bad_input_gets_a_clear_error_and_the_server_keeps_serving() {
    let ex = start(Some("t"));
    let malformed = client()
        .post(format!("{}/graphql", ex.url))
        .bearer_auth("t")
        .header("content-type", "application/json")
        .body("{\"query\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(malformed.status().as_u16(), 400);

    let huge = format!("{{\"query\": \"{{ stats {{ nodeCount }} }} #{}\"}}", "x".repeat(200 * 1024));
    let oversize = client()
        .post(format!("{}/graphql", ex.url))
        .bearer_auth("t")
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .unwrap();
    assert_eq!(oversize.status().as_u16(), 413);

    // Cheap but deep: only the depth limit can refuse it.
    let deep =
        "{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } }";
    let (status, body) = post(&ex, Some("t"), json!({ "query": deep })).await;
    assert_eq!(status, 200);
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("nested too deep"), "{body}");

    let (_, body) = post(&ex, Some("t"), json!({ "query": "{ nodes(limit: 5000) { total } }" })).await;
    assert!(body["errors"][0]["message"].as_str().unwrap().contains("limit must be between 0 and 100"), "{body}");

    let (status, body) = post(&ex, Some("t"), json!({"query": "{ stats { nodeCount } }"})).await;
    assert_eq!((status, &body["data"]["stats"]["nodeCount"]), (200, &json!(15)));
}

#[test]
fn serve_explains_a_missing_graph() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_proseva-explorer"))
        .args(["serve", "--port", "0", "--db"])
        .arg(dir.path().join("none.db"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("ingest --starter"), "{stderr}");
}

#[test]
fn serve_refuses_a_non_loopback_host() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_proseva-explorer"))
        .args(["serve", "--host", "0.0.0.0", "--port", "0", "--db"])
        .arg(dir.path().join("g.db"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("loopback only"));
}
