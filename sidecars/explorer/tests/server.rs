//! The real `proseva-explorer serve` binary on a loopback port: auth, limits, bad input, GraphiQL,
//! and the standard introspection query that GraphiQL, graphql-core and code generators send.

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

    // Cheap (a page of none) but deep: only the depth limit can refuse it.
    let (status, body) = post(&ex, Some("t"), json!({ "query": DEEP_DATA })).await;
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

/// A data query 11 levels deep (past `MAX_DEPTH`, 10) that costs almost nothing: its page holds
/// no nodes, so only the depth limit can refuse it.
const DEEP_DATA: &str =
    "{ nodes(limit: 0) { nodes { edges { toNode { edges { toNode { edges { toNode { edges { toNode { heading } } } } } } } } } } }";

/// The introspection query of graphql-js's `getIntrospectionQuery()` (graphql-js 16, the one
/// GraphiQL and graphql-core's `get_introspection_query()` send), written out from its
/// documented shape: the schema's root types, every type in full (`FullType`), the directives,
/// and type references (`TypeRef`) followed through seven `ofType` levels. `all_options`: with
/// every option turned on (`descriptions`, `specifiedByUrl`, `directiveIsRepeatable`,
/// `schemaDescription`, `inputValueDeprecation`), as code generators may ask.
fn standard_introspection_query(all_options: bool) -> String {
    let on = |text: &'static str| if all_options { text } else { "" };
    let mut type_ref = String::from("kind name");
    for _ in 0..7 {
        type_ref = format!("kind name ofType {{ {type_ref} }}");
    }
    format!(
        "query IntrospectionQuery {{
          __schema {{
            {schema_description}
            queryType {{ name }}
            mutationType {{ name }}
            subscriptionType {{ name }}
            types {{ ...FullType }}
            directives {{
              name
              description
              {is_repeatable}
              locations
              args{include_deprecated} {{ ...InputValue }}
            }}
          }}
        }}

        fragment FullType on __Type {{
          kind
          name
          description
          {specified_by}
          fields(includeDeprecated: true) {{
            name
            description
            args{include_deprecated} {{ ...InputValue }}
            type {{ ...TypeRef }}
            isDeprecated
            deprecationReason
          }}
          inputFields{include_deprecated} {{ ...InputValue }}
          interfaces {{ ...TypeRef }}
          enumValues(includeDeprecated: true) {{
            name
            description
            isDeprecated
            deprecationReason
          }}
          possibleTypes {{ ...TypeRef }}
        }}

        fragment InputValue on __InputValue {{
          name
          description
          type {{ ...TypeRef }}
          defaultValue
          {input_deprecation}
        }}

        fragment TypeRef on __Type {{ {type_ref} }}",
        schema_description = on("description"),
        is_repeatable = on("isRepeatable"),
        include_deprecated = on("(includeDeprecated: true)"),
        specified_by = on("specifiedByURL"),
        input_deprecation = on("isDeprecated deprecationReason"),
    )
}

#[tokio::test]
async fn the_standard_introspection_query_reads_the_schema_and_data_queries_keep_their_limits() {
    let ex = start(Some("t"));
    for all_options in [false, true] {
        let query = standard_introspection_query(all_options);
        assert!(query.matches("ofType").count() >= 7, "the ofType chain is seven levels deep");
        let (status, body) = post(&ex, Some("t"), json!({ "query": query, "operationName": "IntrospectionQuery" })).await;
        assert_eq!(status, 200);
        assert!(body["errors"].is_null(), "options {all_options}: {body}");
        let schema = &body["data"]["__schema"];
        assert_eq!((&schema["queryType"]["name"], &schema["mutationType"]["name"]), (&json!("Query"), &json!("Mutation")));
        let types = schema["types"].as_array().unwrap();
        let query_type = types.iter().find(|t| t["name"] == "Query").expect("the Query type is described");
        let fields: Vec<&str> = query_type["fields"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
        for field in ["stats", "nodes", "node", "neighbors", "similar"] {
            assert!(fields.contains(&field), "{field} missing from {fields:?}");
        }
        // `nodes` answers a NodeConnection!: the type reference is followed through `ofType`.
        let nodes = query_type["fields"].as_array().unwrap().iter().find(|f| f["name"] == "nodes").unwrap();
        assert_eq!((&nodes["type"]["kind"], &nodes["type"]["ofType"]["name"]), (&json!("NON_NULL"), &json!("NodeConnection")));
        assert!(types.iter().any(|t| t["name"] == "Node" && t["kind"] == "OBJECT"));
        assert!(schema["directives"].as_array().unwrap().iter().any(|d| d["name"] == "skip"));
    }
    // Without a token it is refused like any other query.
    let (status, _) = post(&ex, None, json!({ "query": standard_introspection_query(false) })).await;
    assert_eq!(status, 401);

    // A deep data query is refused as before, and so is one that puts `__schema` beside it, by
    // name, through a fragment, or behind an alias that looks like introspection.
    let deep_part = DEEP_DATA.strip_prefix("{ ").and_then(|q| q.strip_suffix(" }")).unwrap();
    for query in [
        DEEP_DATA.to_string(),
        format!("{{ __schema {{ queryType {{ name }} }} {deep_part} }}"),
        format!("{{ __typename {deep_part} }}"),
        format!("query {{ ...Both }} fragment Both on Query {{ __schema {{ queryType {{ name }} }} {deep_part} }}"),
        format!("{{ __schema: {deep_part} }}"),
    ] {
        let (status, body) = post(&ex, Some("t"), json!({ "query": query })).await;
        assert_eq!(status, 200);
        assert!(body["data"].is_null(), "{query}: {body}");
        assert!(body["errors"][0]["message"].as_str().unwrap_or_default().contains("nested too deep"), "{query}: {body}");
    }
    // Introspection keeps limits of its own: the standard query repeated under many names is too costly.
    let repeated: String = (0..30).map(|i| format!("s{i}: __schema {{ types {{ ...FullType }} }} ")).collect();
    let full = standard_introspection_query(true);
    let fragments = &full[full.find("fragment FullType").unwrap()..];
    let (_, body) = post(&ex, Some("t"), json!({ "query": format!("{{ {repeated} }} {fragments}") })).await;
    assert!(body["errors"][0]["message"].as_str().unwrap_or_default().contains("too complex"), "{body}");
    // And the data the explorer serves is still there after all of this.
    let (_, body) = post(&ex, Some("t"), json!({"query": "{ stats { nodeCount } }"})).await;
    assert_eq!(body["data"]["stats"]["nodeCount"], 15);
}
