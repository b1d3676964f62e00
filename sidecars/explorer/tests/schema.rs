//! The GraphQL contract, exercised through `schema.execute` on a real graph file.

use std::sync::Arc;

use proseva_explorer::gql::{self, ExplorerSchema};
use proseva_law::graph::Graph;
use proseva_law::synth::sample;
use serde_json::{Value, json};

fn schema() -> (tempfile::TempDir, ExplorerSchema) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    sample::build(&db).expect("fixture ingests");
    (dir, gql::schema(Arc::new(Graph::open(&db).unwrap())))
}

async fn query(schema: &ExplorerSchema, q: &str) -> Value {
    let res = schema.execute(q).await;
    assert!(res.errors.is_empty(), "{q}: {:?}", res.errors);
    res.data.into_json().unwrap()
}

async fn error(schema: &ExplorerSchema, q: &str) -> String {
    let res = schema.execute(q).await;
    assert!(!res.errors.is_empty(), "{q} should fail");
    res.errors.iter().map(|e| e.message.clone()).collect::<Vec<_>>().join("; ")
}

fn ids(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|n| n["sourceId"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn stats_count_nodes_edges_and_vectors_by_type() {
    let (_dir, schema) = schema();
    let data = query(&schema, "{ stats { nodeCount edgeCount embeddingCount embeddingDimension embeddingModel nodeTypes { type count } edgeTypes { type count } } }").await;
    let stats = &data["stats"];
    assert_eq!(stats["nodeCount"], 15);
    assert_eq!(stats["embeddingCount"], 8, "sections, constitution sections and the popular name have text");
    assert_eq!(stats["embeddingDimension"], 16);
    assert_eq!(stats["embeddingModel"], "synthetic-random");
    let types: Vec<(String, i64)> =
        stats["nodeTypes"].as_array().unwrap().iter().map(|t| (t["type"].as_str().unwrap().into(), t["count"].as_i64().unwrap())).collect();
    assert!(types.contains(&("section".into(), 5)), "{types:?}");
    assert!(types.contains(&("constitution_section".into(), 2)), "{types:?}");
    let edge_total: i64 = stats["edgeTypes"].as_array().unwrap().iter().map(|t| t["count"].as_i64().unwrap()).sum();
    assert_eq!(edge_total, stats["edgeCount"].as_i64().unwrap());
}

#[tokio::test]
async fn search_ranks_text_matches_and_puts_an_exact_citation_first() {
    let (_dir, schema) = schema();
    let data =
        query(&schema, r#"{ nodes(search: "landlord will not return my deposit") { total nodes { sourceId textKind url } } }"#).await;
    assert_eq!(ids(&data["nodes"]["nodes"])[0], "55.1-1226");

    for q in ["§ 20-124.4", "20-124.4", "Va. Code § 20-124.4"] {
        let data = query(&schema, &format!(r#"{{ nodes(search: "{q}") {{ nodes {{ sourceId }} }} }}"#)).await;
        assert_eq!(ids(&data["nodes"]["nodes"])[0], "20-124.4", "{q}");
    }
    // A citation plus words: the cited section first, then the text matches.
    let data = query(&schema, r#"{ nodes(search: "§ 55.1-1220 custody best interests", limit: 5) { total nodes { sourceId } } }"#).await;
    let found = ids(&data["nodes"]["nodes"]);
    assert_eq!(found[0], "55.1-1220");
    assert!(found.contains(&"20-124.3".to_string()), "{found:?}");

    // A section-number prefix lists the sections under it.
    let data = query(&schema, r#"{ nodes(search: "20-124", type: "section") { total nodes { sourceId } } }"#).await;
    assert_eq!(ids(&data["nodes"]["nodes"]), vec!["20-124.2", "20-124.3", "20-124.4"]);
}

#[tokio::test]
async fn search_filters_by_type_and_pages() {
    let (_dir, schema) = schema();
    let all = query(&schema, r#"{ nodes(search: "custody") { total nodes { sourceId nodeType } } }"#).await;
    let total = all["nodes"]["total"].as_i64().unwrap();
    assert!(total >= 4, "{all}");
    let sections = query(&schema, r#"{ nodes(search: "custody", type: "section") { total nodes { nodeType } } }"#).await;
    assert!(sections["nodes"]["nodes"].as_array().unwrap().iter().all(|n| n["nodeType"] == "section"));
    assert!(sections["nodes"]["total"].as_i64().unwrap() < total);

    let first = query(&schema, r#"{ nodes(search: "custody", limit: 2) { nodes { sourceId } } }"#).await;
    let second = query(&schema, r#"{ nodes(search: "custody", limit: 2, offset: 2) { nodes { sourceId } } }"#).await;
    let everything = ids(&all["nodes"]["nodes"]);
    assert_eq!([ids(&first["nodes"]["nodes"]), ids(&second["nodes"]["nodes"])].concat(), everything[..4].to_vec());

    let listed = query(&schema, r#"{ nodes(type: "title") { total nodes { sourceId heading } } }"#).await;
    assert_eq!(listed["nodes"]["total"], 2);
    assert_eq!(ids(&listed["nodes"]["nodes"]), vec!["20", "55.1"]);
    let nothing = query(&schema, r#"{ nodes(search: "the of and") { total nodes { id } } }"#).await;
    assert_eq!(nothing["nodes"], json!({"total": 0, "nodes": []}));
}

#[tokio::test]
async fn node_by_id_or_source_id_with_edges_both_ways() {
    let (_dir, schema) = schema();
    let data = query(&schema, r#"{ node(sourceId: "20-124.3") { id nodeType source heading textKind url unresolvedCitations edges { fromId toId relType weight fromNode { sourceId } toNode { sourceId } } } }"#).await;
    let node = &data["node"];
    assert_eq!(node["source"], "code_of_virginia");
    assert_eq!(node["unresolvedCitations"], json!(["16.1-228"]));
    let edges = node["edges"].as_array().unwrap();
    let describe: Vec<String> = edges
        .iter()
        .map(|e| {
            format!(
                "{} {} {}",
                e["fromNode"]["sourceId"].as_str().unwrap(),
                e["relType"].as_str().unwrap(),
                e["toNode"]["sourceId"].as_str().unwrap()
            )
        })
        .collect();
    for want in [
        "20-124.3 cites 20-124.2",
        "20-124.3 cites 20-124.4",
        "20:6.1 contains 20-124.3",
        "20-124.2 cites 20-124.3",
        "20-124.4 cites 20-124.3",
    ] {
        assert!(describe.contains(&want.to_string()), "{want} not in {describe:?}");
    }

    let id = node["id"].as_i64().unwrap();
    let by_id = query(&schema, &format!("{{ node(id: {id}) {{ sourceId }} }}")).await;
    assert_eq!(by_id["node"]["sourceId"], "20-124.3");
    let neighbors = query(&schema, &format!(r#"{{ neighbors(id: {id}, relType: "contains") {{ fromId toId relType }} }}"#)).await;
    assert_eq!(neighbors["neighbors"].as_array().unwrap().len(), 1);
    let missing = query(&schema, r#"{ node(sourceId: "99-999") { id } }"#).await;
    assert_eq!(missing["node"], Value::Null);
}

#[tokio::test]
async fn similar_returns_scored_nodes_excluding_itself() {
    let (_dir, schema) = schema();
    let id = query(&schema, r#"{ node(sourceId: "55.1-1226") { id } }"#).await["node"]["id"].as_i64().unwrap();
    let data = query(&schema, &format!("{{ similar(id: {id}, limit: 3) {{ score node {{ id sourceId }} }} }}")).await;
    let hits = data["similar"].as_array().unwrap();
    assert_eq!(hits.len(), 3);
    assert!(hits.iter().all(|h| h["node"]["id"].as_i64() != Some(id)));
    let scores: Vec<f64> = hits.iter().map(|h| h["score"].as_f64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");

    let title = query(&schema, r#"{ node(sourceId: "20") { id } }"#).await["node"]["id"].as_i64().unwrap();
    let msg = error(&schema, &format!("{{ similar(id: {title}) {{ score }} }}")).await;
    assert!(msg.contains("has no embedding"), "{msg}");
}

#[tokio::test]
async fn bad_arguments_are_graphql_errors() {
    let (_dir, schema) = schema();
    assert!(error(&schema, "{ nodes(limit: 1000) { total } }").await.contains("limit must be between 0 and 100"));
    assert!(error(&schema, "{ nodes(offset: -1) { total } }").await.contains("offset must not be negative"));
    assert!(error(&schema, "{ node { id } }").await.contains("give `id` or `sourceId`"));
    assert!(error(&schema, "{ node(id: -3) { id } }").await.contains("positive node id"));
    assert!(error(&schema, "{ similar(id: 1, limit: 101) { score } }").await.contains("limit must be between"));
    assert!(error(&schema, "{ nope }").await.contains("Unknown field"));
}

#[tokio::test]
async fn over_deep_and_over_costly_queries_are_refused() {
    let (_dir, schema) = schema();
    // Cheap but deep: only the depth limit can refuse it.
    let deep =
        "{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } }";
    let msg = error(&schema, deep).await;
    assert!(msg.contains("nested too deep"), "depth limit: {msg}");
    let costly = "{ nodes(limit: 100) { nodes { edges { toNode { edges { toNode { heading } } } } } } }";
    assert!(error(&schema, costly).await.contains("too complex"), "complexity limit");
    // An ordinary agent query is well within the limits.
    query(&schema, "{ nodes(search: \"custody\", limit: 20) { total nodes { id sourceId heading sourceText textKind url nodeType } } }")
        .await;
}

#[test]
fn only_a_query_that_asks_about_the_schema_alone_counts_as_introspection() {
    let asks = |query: &str, operation: Option<&str>| {
        let mut request = async_graphql::Request::new(query);
        if let Some(name) = operation {
            request = request.operation_name(name);
        }
        gql::is_introspection(&request)
    };
    assert!(asks("{ __typename }", None));
    assert!(asks("{ __type(name: \"Node\") { name } __schema { queryType { name } } }", None));
    assert!(asks("query Q { ... on Query { __schema { types { name } } } }", None));
    assert!(asks("query A { stats { nodeCount } } query B { __schema { types { name } } }", Some("B")));
    // A data field, a mutation, an alias that only looks like introspection, a fragment that
    // spreads itself, a choice of operations not made, and what does not parse: the data limits.
    assert!(!asks("query A { stats { nodeCount } } query B { __schema { types { name } } }", Some("A")));
    assert!(!asks("query A { stats { nodeCount } } query B { __schema { types { name } } }", None));
    assert!(!asks("{ __schema { types { name } } stats { nodeCount } }", None));
    assert!(!asks("{ __schema: stats { nodeCount } }", None));
    assert!(!asks("mutation { __typename }", None));
    assert!(!asks("query { ...F } fragment F on Query { __typename ...F }", None));
    assert!(!asks("{ __schema { ", None));
}

#[tokio::test]
async fn list_results_cut_text_to_500_characters() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    let long = "word ".repeat(400);
    let csv = format!("{}\n20,Domestic Relations,,,,,1,General,,,,,20-1,Long section,<p>custody {long}</p>\n", proseva_law::lis::HEADER);
    let files = vec![proseva_law::ingest::CorpusFile::new("CoVTitle_20.csv", csv)];
    let progress = |_| {};
    let options = proseva_law::ingest::IngestOptions {
        corpus: "t".into(),
        text_kind: proseva_law::ingest::TextKind::Summary,
        embedder: None,
        vector_cache: None,
        progress: &progress,
    };
    proseva_law::ingest::ingest(&files, &db, &options).unwrap();
    let schema = gql::schema(Arc::new(Graph::open(&db).unwrap()));
    let listed = query(&schema, r#"{ nodes(search: "custody") { nodes { sourceText truncated textKind } } }"#).await;
    let node = &listed["nodes"]["nodes"][0];
    assert_eq!(node["sourceText"].as_str().unwrap().chars().count(), 501);
    assert_eq!(node["truncated"], true);
    assert_eq!(node["textKind"], "summary");
    let whole = query(&schema, r#"{ node(sourceId: "20-1") { sourceText truncated } }"#).await;
    assert!(whole["node"]["sourceText"].as_str().unwrap().len() > 1900);
    assert_eq!(whole["node"]["truncated"], false);
    let msg = error(&schema, "{ similar(id: 1) { score } }").await;
    assert!(msg.contains("built without embeddings"), "{msg}");
}

#[tokio::test]
async fn a_query_model_of_another_dimension_is_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    sample::build(&db).expect("fixture ingests");
    let graph = Graph::open(&db).unwrap();
    let wrong = Arc::new(proseva_law::synth::RandomEmbedder { dimension: 32 });
    let err = graph.set_query_embedder(wrong).unwrap_err().to_string();
    assert!(err.contains("16") && err.contains("32"), "{err}");
    assert!(!graph.semantic_search());

    graph.set_query_embedder(Arc::new(proseva_law::synth::RandomEmbedder { dimension: 16 })).unwrap();
    assert!(graph.semantic_search());
    let schema = gql::schema(Arc::new(graph));
    assert_eq!(query(&schema, "{ stats { semanticSearch } }").await["stats"]["semanticSearch"], true);
    // With meaning blended in, the exact citation still leads.
    let data = query(&schema, r#"{ nodes(search: "§ 20-124.4 mediation") { nodes { sourceId } } }"#).await;
    assert_eq!(ids(&data["nodes"]["nodes"])[0], "20-124.4");
}

#[tokio::test]
async fn on_a_large_corpus_words_in_most_sections_do_not_drown_the_rare_one() {
    // 600 sections all mention "court"; one also mentions "escheat".
    let mut csv = format!("{}\n", proseva_law::lis::HEADER);
    for i in 1..=600 {
        let extra = if i == 77 { " Unclaimed property may escheat to the Commonwealth." } else { "" };
        csv += &format!("20,Domestic Relations,,,,,1,General,,,,,20-{i},Section {i},<p>The court may act on a petition.{extra}</p>\n");
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    let files = vec![proseva_law::ingest::CorpusFile::new("CoVTitle_20.csv", csv)];
    let progress = |_| {};
    let options = proseva_law::ingest::IngestOptions {
        corpus: "t".into(),
        text_kind: proseva_law::ingest::TextKind::Official,
        embedder: None,
        vector_cache: None,
        progress: &progress,
    };
    proseva_law::ingest::ingest(&files, &db, &options).unwrap();
    let schema = gql::schema(Arc::new(Graph::open(&db).unwrap()));

    let both = query(&schema, r#"{ nodes(search: "court escheat") { total nodes { sourceId } } }"#).await;
    assert_eq!(both["nodes"]["total"], 1, "the common word is dropped, not OR-ed in: {both}");
    assert_eq!(ids(&both["nodes"]["nodes"]), vec!["20-77"]);
    // Only common words: every one must match.
    let common = query(&schema, r#"{ nodes(search: "court petition") { total } }"#).await;
    assert_eq!(common["nodes"]["total"], 600);
    let none = query(&schema, r#"{ nodes(search: "court zebra") { total } }"#).await;
    assert_eq!(none["nodes"]["total"], 600, "a word no section has is ignored");
}
