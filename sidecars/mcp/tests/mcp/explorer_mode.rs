//! `--explorer-url`: the same tools, asked of a running explorer (served here in-process on
//! loopback, behind its token) instead of the graph file — with the same answers.

use std::sync::Arc;

use proseva_law::graph::Graph;
use serde_json::json;

use crate::common;

use common::{DataDir, command, connect, connect_with, section};

const TOKEN: &str = "explorer-test-token";

/// The explorer's real router over `graph`, on a free loopback port; its base URL.
async fn serve_explorer(graph: Arc<Graph>) -> String {
    let app = proseva_explorer::http::app(proseva_explorer::gql::schema(graph), Some(TOKEN.into()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}

#[tokio::test(flavor = "multi_thread")]
async fn the_tools_answer_the_same_from_a_running_explorer() {
    let data = DataDir::starter();
    let url = serve_explorer(Arc::new(Graph::open(&data.graph_db()).unwrap())).await;
    // An empty data dir: the file is not read.
    let elsewhere = tempfile::tempdir().unwrap();
    let mut cmd = command(elsewhere.path(), &["--explorer-url", &url]);
    cmd.env("PROSEVA_TOKEN", TOKEN);
    let remote = connect_with(cmd).await;
    let local = connect(data.path(), &[]).await;

    for (tool, args) in [
        ("get_section", section("§ 20-124.3")),
        ("search_law", json!({ "query": "security deposit", "limit": 3 })),
        ("get_neighbors", json!({ "section": "20-124.3", "relation": "cites" })),
        ("find_similar", json!({ "section": "20-124.3" })),
        ("check_citations", json!({ "text": "See § 20-124.3 and § 99-999.9" })),
    ] {
        assert_eq!(remote.ok(tool, args.clone()).await, local.ok(tool, args).await, "{tool}");
    }
    let read = remote.ok("get_section", section("20-124.3")).await;
    assert_eq!((read["textKind"].as_str(), read["partOf"][1]["sourceId"].as_str()), (Some("summary"), Some("20:6.1")));
    assert_eq!(remote.ok("graph_stats", json!({})).await["corpus"], "starter");
    assert_eq!(remote.refused("get_section", section("99-999.9")).await["code"], "failed");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_token_or_no_explorer_is_a_clear_error_result() {
    let data = DataDir::starter();
    let url = serve_explorer(Arc::new(Graph::open(&data.graph_db()).unwrap())).await;
    let mut cmd = command(data.path(), &["--explorer-url", &url]);
    cmd.env("PROSEVA_TOKEN", "not-the-token");
    let refused = connect_with(cmd).await.refused("get_section", section("20-124.3")).await;
    assert_eq!(refused["code"], "unavailable", "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("explorer"), "{refused}");
    assert!(!refused["message"].as_str().unwrap().contains("not-the-token"), "the token never leaves: {refused}");

    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let session = connect(data.path(), &["--explorer-url", &format!("http://{closed}")]).await;
    let down = session.refused("graph_stats", json!({})).await;
    assert_eq!(down["code"], "unavailable");
    assert!(down["message"].as_str().unwrap().contains("the Virginia law graph (explorer) is unavailable"), "{down}");
}
