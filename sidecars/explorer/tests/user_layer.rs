//! The user layer over GraphQL: opinions recorded by `recordOpinion` appear beside the official
//! graph (`layer: "user"`), merge instead of duplicating, and survive a rebuild of the graph that
//! renumbers its nodes.

use std::path::Path;
use std::sync::Arc;

use proseva_explorer::gql::{self, ExplorerSchema, JobSlot};
use proseva_explorer::http;
use proseva_law::graph::Graph;
use proseva_law::ingest::{self, CorpusFile, IngestOptions, TextKind};
use proseva_law::live::LiveGraph;
use proseva_law::synth::sample;
use proseva_law::user_layer::{USER_ID_BASE, UserLayer};
use serde_json::{Value, json};

mod common;

const RECORD: &str = r#"mutation($o: OpinionInput!) {
    recordOpinion(opinion: $o) { id sourceId sectionsLinked new merged unresolved created }
}"#;

fn keel() -> Value {
    json!({
        "sourceId": "cl-123",
        "caseName": "Keel v. Keel",
        "court": "Va. Ct. App.",
        "dateFiled": "1990-05-01",
        "url": "https://www.courtlistener.com/opinion/123/keel/",
        "holding": "The best interests of the child govern custody.",
        "holdingKind": "summary",
        "sections": [
            {"section": "20-124.3", "relType": "interprets", "mentions": 3, "context": "the factors of § 20-124.3"},
            {"section": "§ 20-124.2", "relType": "cites", "mentions": 1}
        ]
    })
}

/// The fixture graph, served fixed, with an in-memory layer.
fn fixture() -> (tempfile::TempDir, ExplorerSchema) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    sample::build(&db).expect("fixture ingests");
    (dir, gql::schema(Arc::new(Graph::open(&db).unwrap())))
}

async fn query(schema: &ExplorerSchema, q: &str, variables: Value) -> Value {
    let res = schema.execute(async_graphql::Request::new(q).variables(async_graphql::Variables::from_json(variables))).await;
    assert!(res.errors.is_empty(), "{q}: {:?}", res.errors);
    res.data.into_json().unwrap()
}

async fn error(schema: &ExplorerSchema, q: &str, variables: Value) -> String {
    let res = schema.execute(async_graphql::Request::new(q).variables(async_graphql::Variables::from_json(variables))).await;
    assert!(!res.errors.is_empty(), "{q} should fail");
    res.errors.iter().map(|e| e.message.clone()).collect::<Vec<_>>().join("; ")
}

async fn record(schema: &ExplorerSchema, opinion: Value) -> Value {
    query(schema, RECORD, json!({ "o": opinion })).await["recordOpinion"].clone()
}

async fn id_of(schema: &ExplorerSchema, source_id: &str) -> i64 {
    query(schema, &format!(r#"{{ node(sourceId: "{source_id}") {{ id }} }}"#), json!({})).await["node"]["id"].as_i64().unwrap()
}

/// The user edges touching node `id`, as `from rel to (layer)` by source id.
async fn user_edges(schema: &ExplorerSchema, id: i64) -> Vec<String> {
    let q = format!("{{ neighbors(id: {id}) {{ relType layer weight fromNode {{ sourceId }} toNode {{ sourceId }} }} }}");
    let data = query(schema, &q, json!({})).await;
    data["neighbors"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["layer"] == "user")
        .map(|e| format!("{} {} {} ({})", e["fromNode"]["sourceId"], e["relType"], e["toNode"]["sourceId"], e["weight"]).replace('"', ""))
        .collect()
}

#[tokio::test]
async fn a_recorded_opinion_is_a_node_with_edges_to_its_sections() {
    let (_dir, schema) = fixture();
    let done = record(&schema, keel()).await;
    assert_eq!(done["created"], true);
    assert_eq!((done["new"].as_i64(), done["merged"].as_i64(), done["sectionsLinked"].as_i64()), (Some(2), Some(0), Some(2)));
    assert_eq!(done["unresolved"], json!([]));
    assert_eq!(done["sourceId"], "cl-123");
    let opinion_id = done["id"].as_i64().unwrap();
    assert!(opinion_id > USER_ID_BASE);

    // The section shows the opinion among its neighbours, beside its official edges.
    let section = id_of(&schema, "20-124.3").await;
    let q = format!(
        r#"{{ neighbors(id: {section}, relType: "interprets") {{ fromId toId relType weight layer fromNode {{ nodeType heading layer }} }} }}"#
    );
    let data = query(&schema, &q, json!({})).await;
    let edge = &data["neighbors"][0];
    assert_eq!(data["neighbors"].as_array().unwrap().len(), 1, "{data}");
    assert_eq!((edge["fromId"].as_i64(), edge["toId"].as_i64()), (Some(opinion_id), Some(section)));
    assert_eq!((edge["relType"].as_str(), edge["layer"].as_str(), edge["weight"].as_f64()), (Some("interprets"), Some("user"), Some(3.0)));
    assert_eq!(edge["fromNode"], json!({"nodeType": "opinion", "heading": "Keel v. Keel (Va. Ct. App., 1990)", "layer": "user"}));
    let all = query(&schema, &format!("{{ node(id: {section}) {{ layer edges {{ layer relType }} }} }}"), json!({})).await;
    assert_eq!(all["node"]["layer"], "official");
    let layers: Vec<&str> = all["node"]["edges"].as_array().unwrap().iter().map(|e| e["layer"].as_str().unwrap()).collect();
    assert!(layers.contains(&"official") && layers.contains(&"user"), "{layers:?}");
    let contains = query(&schema, &format!(r#"{{ neighbors(id: {section}, relType: "contains") {{ layer }} }}"#), json!({})).await;
    assert_eq!(contains["neighbors"], json!([{"layer": "official"}]));

    // The opinion by its id and by its source id, with its links resolved to the graph's nodes.
    let q = format!("{{ node(id: {opinion_id}) {{ id nodeType source sourceId layer textKind sourceText url unresolvedCitations }} }}");
    let node = query(&schema, &q, json!({})).await["node"].clone();
    assert_eq!(node["layer"], "user");
    assert_eq!(
        (node["nodeType"].as_str(), node["source"].as_str(), node["textKind"].as_str()),
        (Some("opinion"), Some("courtlistener"), Some("summary"))
    );
    assert_eq!(node["unresolvedCitations"], json!([]));
    assert_eq!(id_of(&schema, "cl-123").await, opinion_id);
    let mut edges = user_edges(&schema, opinion_id).await;
    edges.sort();
    assert_eq!(edges, vec!["cl-123 cites 20-124.2 (1.0)", "cl-123 interprets 20-124.3 (3.0)"]);

    let citing =
        query(&schema, r#"{ citingOpinions(section: "§ 20-124.3") { node { id sourceId layer } relType mentions context } }"#, json!({}))
            .await;
    assert_eq!(
        citing["citingOpinions"],
        json!([{"node": {"id": opinion_id, "sourceId": "cl-123", "layer": "user"}, "relType": "interprets", "mentions": 3, "context": "the factors of § 20-124.3"}])
    );

    for search in ["20-124.3", "§ 20-124.3", "keel"] {
        let q = format!(r#"{{ nodes(type: "opinion", search: "{search}") {{ total nodes {{ sourceId layer }} }} }}"#);
        let found = query(&schema, &q, json!({})).await;
        assert_eq!(found["nodes"], json!({"total": 1, "nodes": [{"sourceId": "cl-123", "layer": "user"}]}), "{search}");
    }
    let none = query(&schema, r#"{ nodes(type: "opinion", search: "55.1-1226") { total } }"#, json!({})).await;
    assert_eq!(none["nodes"]["total"], 0);

    let summary = query(
        &schema,
        "{ userLayer { opinionCount linkCount relTypes { type count } mostLinked(limit: 5) { sourceId opinions node { sourceId layer } } } }",
        json!({}),
    )
    .await;
    let layer = &summary["userLayer"];
    assert_eq!((layer["opinionCount"].as_i64(), layer["linkCount"].as_i64()), (Some(1), Some(2)));
    assert_eq!(layer["relTypes"], json!([{"type": "cites", "count": 1}, {"type": "interprets", "count": 1}]));
    assert_eq!(layer["mostLinked"][0]["opinions"], 1);
    assert_eq!(layer["mostLinked"][0]["node"]["layer"], "official");

    // The official statistics are the graph's alone.
    let stats = query(&schema, "{ stats { nodeCount nodeTypes { type } } }", json!({})).await;
    assert_eq!(stats["stats"]["nodeCount"], 15);
    assert!(!stats["stats"]["nodeTypes"].as_array().unwrap().iter().any(|t| t["type"] == "opinion"));
}

#[tokio::test]
async fn recording_the_same_opinion_again_merges() {
    let (_dir, schema) = fixture();
    let first = record(&schema, keel()).await;
    let second = record(&schema, keel()).await;
    assert_eq!(second["id"], first["id"]);
    assert_eq!((second["new"].as_i64(), second["merged"].as_i64(), second["created"].as_bool()), (Some(0), Some(2), Some(false)));
    let layer = query(&schema, "{ userLayer { opinionCount linkCount } }", json!({})).await;
    assert_eq!(layer["userLayer"], json!({"opinionCount": 1, "linkCount": 2}));
    let section = id_of(&schema, "20-124.3").await;
    assert_eq!(user_edges(&schema, section).await.len(), 1);

    // A second opinion citing the first links the two.
    let mut other = keel();
    other["sourceId"] = json!("cl-456");
    other["caseName"] = json!("Brown v. Brown");
    other["citesOpinions"] = json!(["cl-123"]);
    record(&schema, other).await;
    let edges = user_edges(&schema, first["id"].as_i64().unwrap()).await;
    assert!(edges.contains(&"cl-456 cites cl-123 (1.0)".to_string()), "{edges:?}");
}

#[tokio::test]
async fn unknown_sections_are_unresolved_and_invalid_input_stores_nothing() {
    let (_dir, schema) = fixture();
    let mut opinion = keel();
    opinion["sections"] = json!([
        {"section": "20-124.3", "relType": "interprets", "mentions": 1},
        {"section": "99-999", "relType": "cites", "mentions": 2}
    ]);
    let done = record(&schema, opinion).await;
    assert_eq!(done["unresolved"], json!(["99-999"]));
    assert_eq!(done["sectionsLinked"], 1);
    let citing = query(&schema, r#"{ citingOpinions(section: "99-999") { mentions } }"#, json!({})).await;
    assert_eq!(citing["citingOpinions"], json!([]));

    let mut empty_name = keel();
    empty_name["sourceId"] = json!("cl-9");
    empty_name["caseName"] = json!(" ");
    assert!(error(&schema, RECORD, json!({ "o": empty_name })).await.contains("case name is empty"));
    let mut bad_rel = keel();
    bad_rel["sourceId"] = json!("cl-9");
    bad_rel["sections"][0]["relType"] = json!("overrules");
    assert!(error(&schema, RECORD, json!({ "o": bad_rel })).await.contains("neither `interprets` nor `cites`"));
    let mut bad_id = keel();
    bad_id["sourceId"] = json!("20-124.3");
    assert!(error(&schema, RECORD, json!({ "o": bad_id })).await.contains("not an opinion id"));
    let layer = query(&schema, "{ userLayer { opinionCount } }", json!({})).await;
    assert_eq!(layer["userLayer"]["opinionCount"], 1, "nothing of the refused records was stored");
    let msg = error(&schema, "{ citingOpinions(section: \"20-124.3\", limit: 101) { mentions } }", json!({})).await;
    assert!(msg.contains("limit must be between"), "{msg}");
}

/// The fixture corpus with one more title in front, so a fresh build numbers every node anew.
fn build_renumbered(db: &Path) {
    let extra = format!(
        "{}\n1,General Provisions,,,,,1,Definitions,,,,,1-1,Definitions,<p>Words used in this Code.</p>\n",
        proseva_law::lis::HEADER
    );
    let mut files = vec![CorpusFile::new("CoVTitle_1.csv", extra)];
    files.extend(sample::files());
    let progress = |_| {};
    let options =
        IngestOptions { corpus: "rebuilt".into(), text_kind: TextKind::Official, embedder: None, vector_cache: None, progress: &progress };
    ingest::ingest(&files, db, &options).unwrap();
}

#[tokio::test]
async fn opinions_survive_a_rebuild_that_renumbers_the_graph() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    let layer_file = dir.path().join("user-layer.db");
    sample::build(&db).unwrap();
    let live = Arc::new(LiveGraph::open(&db).unwrap());
    let schema = gql::schema_with_layer(live.clone(), JobSlot::default(), Arc::new(UserLayer::open(&layer_file).unwrap()));
    let opinion_id = record(&schema, keel()).await["id"].as_i64().unwrap();
    let before = id_of(&schema, "20-124.3").await;

    // Rebuilt elsewhere (so no id is kept) and renamed over the served file, as a download does.
    let rebuilt = dir.path().join("rebuilt.db");
    build_renumbered(&rebuilt);
    std::fs::rename(&rebuilt, &db).unwrap();
    assert!(live.reload_if_replaced().unwrap(), "the rebuilt graph is swapped in");
    assert_eq!(query(&schema, "{ stats { corpus } }", json!({})).await["stats"]["corpus"], "rebuilt");
    let after = id_of(&schema, "20-124.3").await;
    assert_ne!(before, after, "the rebuild renumbered the section");

    let edges = user_edges(&schema, after).await;
    assert_eq!(edges, vec!["cl-123 interprets 20-124.3 (3.0)"]);
    let q = format!("{{ node(id: {opinion_id}) {{ edges {{ relType toId }} }} }}");
    let data = query(&schema, &q, json!({})).await;
    assert!(data["node"]["edges"].as_array().unwrap().contains(&json!({"relType": "interprets", "toId": after})), "{data}");

    // A fresh explorer reading the same file has it too.
    let reopened = UserLayer::open(&layer_file).unwrap();
    assert_eq!(reopened.opinion(opinion_id).unwrap().unwrap().case_name, "Keel v. Keel");
    assert_eq!(reopened.citing("20-124.3", 10).unwrap().len(), 1);
}

#[tokio::test]
async fn the_mutation_needs_the_bearer_token_over_http() {
    let (_dir, schema) = fixture();
    let app = http::app(schema.clone(), Some("s3cret".into()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/graphql", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    let body = json!({ "query": RECORD, "variables": { "o": keel() } });

    let refused = common::client().post(&url).json(&body).send().await.unwrap();
    assert_eq!(refused.status().as_u16(), 401);
    assert_eq!(query(&schema, "{ userLayer { opinionCount } }", json!({})).await["userLayer"]["opinionCount"], 0);

    let done: Value = common::client().post(&url).bearer_auth("s3cret").json(&body).send().await.unwrap().json().await.unwrap();
    assert_eq!(done["data"]["recordOpinion"]["created"], true, "{done}");
}

#[tokio::test]
async fn serve_keeps_the_layer_beside_the_graph_and_serves_without_it_when_it_cannot_be_opened() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    sample::build(&db).unwrap();
    let body = json!({ "query": RECORD, "variables": { "o": keel() } });
    {
        let explorer = common::serve(&db, None);
        let done: Value =
            common::client().post(format!("{}/graphql", explorer.url)).json(&body).send().await.unwrap().json().await.unwrap();
        assert_eq!(done["data"]["recordOpinion"]["created"], true, "{done}");
    }
    let layer = UserLayer::open(&dir.path().join("user-layer.db")).unwrap();
    assert!(layer.opinion_by_source_id("cl-123").unwrap().is_some(), "the default layer is user-layer.db beside --db");

    // A directory is no layer file: the explorer serves anyway, keeping opinions in memory.
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_proseva-explorer"));
    cmd.args(["serve", "--port", "0", "--user-db"]).arg(dir.path()).arg("--db").arg(&db);
    cmd.env("PROSEVA_EMBEDDINGS", "off")
        .env_remove("PROSEVA_TOKEN")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null());
    let mut child = cmd.spawn().unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line).unwrap();
    let url = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("unexpected first line: {line:?}")).to_string();
    let done: Value = common::client().post(format!("{url}/graphql")).json(&body).send().await.unwrap().json().await.unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(done["data"]["recordOpinion"]["created"], true, "{done}");
}
