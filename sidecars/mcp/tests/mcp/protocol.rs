//! The MCP conversation with the real binary over stdio: the handshake, the tool list and its
//! schemas, resources, unknown tools, and case tools only when the person turned them on.

use std::sync::Arc;

use proseva_mcp::graph::LawGraph;
use proseva_mcp::tools::{LAW_TOOLS, law_tools};
use rmcp::model::{ProtocolVersion, ReadResourceRequestParams, ResourceContents};
use rmcp::{ClientLifecycleMode, ClientServiceExt};
use serde_json::{Value, json};

use crate::common;

use common::{DataDir, connect, section};

#[tokio::test]
async fn the_handshake_names_the_server_its_protocol_and_tools_and_resources() {
    let data = DataDir::starter();
    let session = connect(data.path(), &[]).await;
    let info = session.client.peer_info().expect("initialize result");
    let server = info.server_info.as_ref().expect("serverInfo");
    assert_eq!((server.name.as_str(), server.version.as_str()), ("proseva-mcp", env!("CARGO_PKG_VERSION")));
    // The newest protocol revision that still has an `initialize` handshake, which rmcp's client asks for.
    assert_eq!(info.protocol_version, ProtocolVersion::LATEST_WITH_INITIALIZE);
    assert_eq!(info.protocol_version.as_str(), "2025-11-25");
    assert!(info.capabilities.tools.is_some() && info.capabilities.resources.is_some(), "{:?}", info.capabilities);
    assert!(info.instructions.as_deref().is_some_and(|i| i.contains("never be quoted")), "{:?}", info.instructions);
    // Logs go to stderr (stdout is the protocol).
    assert!(session.stderr.lock().unwrap().contains("law graph:"), "{}", session.stderr.lock().unwrap());
}

#[tokio::test]
async fn a_client_of_the_2026_07_28_revision_discovers_the_server_without_initialize() {
    let data = DataDir::starter();
    let (transport, _) =
        rmcp::transport::TokioChildProcess::builder(common::command(data.path(), &[])).stderr(std::process::Stdio::null()).spawn().unwrap();
    let mode = ClientLifecycleMode::Discover { preferred_versions: vec![ProtocolVersion::V_2026_07_28] };
    let client = ().serve_with_lifecycle(transport, mode).await.expect("discover");
    assert_eq!(client.peer_info().unwrap().protocol_version, ProtocolVersion::V_2026_07_28);
    let tools = client.list_all_tools().await.unwrap();
    assert_eq!(tools.len(), LAW_TOOLS.len());
}

#[tokio::test]
async fn the_six_law_tools_are_listed_with_exactly_their_pipeline_schemas() {
    let data = DataDir::starter();
    let session = connect(data.path(), &[]).await;
    let listed = session.client.list_all_tools().await.unwrap();
    let names: Vec<&str> = listed.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names, ["search_law", "get_section", "get_neighbors", "find_similar", "check_citations", "graph_stats"]);
    assert_eq!(names, LAW_TOOLS);
    // The same tools in this process: the schemas the pipeline validates against.
    let graph = LawGraph::open(&data.graph_db()).unwrap();
    for (tool, pipeline) in listed.iter().zip(law_tools(&graph)) {
        let schema = Value::Object(Arc::unwrap_or_clone(tool.input_schema.clone()));
        assert_eq!(schema, pipeline.parameters(), "{}", tool.name);
        assert_eq!(schema["additionalProperties"], json!(false), "{}", tool.name);
        for (name, property) in schema["properties"].as_object().unwrap() {
            match property["type"].as_str() {
                Some("string") => assert!(property["maxLength"].as_u64().is_some(), "{}.{name} has no maxLength", tool.name),
                Some("integer") => assert!(property["minimum"].is_number() && property["maximum"].is_number(), "{}.{name}", tool.name),
                other => panic!("{}.{name}: unexpected type {other:?}", tool.name),
            }
        }
        assert!(tool.description.as_deref().is_some_and(|d| d.len() > 80), "{} needs a description", tool.name);
        assert_eq!(tool.annotations.as_ref().and_then(|a| a.read_only_hint), Some(true), "{} is read-only", tool.name);
    }
    let get_section = &listed[1];
    assert_eq!(get_section.input_schema["required"], json!(["section"]));
    assert_eq!(listed[2].input_schema["properties"]["relation"]["enum"], json!(["contains", "cites", "interprets"]));
}

#[tokio::test]
async fn a_section_is_a_resource_read_like_get_section() {
    let data = DataDir::starter();
    let session = connect(data.path(), &[]).await;
    let templates = session.client.list_all_resource_templates().await.unwrap();
    assert_eq!(templates.len(), 1);
    assert_eq!(templates[0].uri_template, "proseva://section/{sourceId}");
    assert!(session.client.list_all_resources().await.unwrap().is_empty(), "sections are reached through the template");

    let read = session.client.read_resource(ReadResourceRequestParams::new("proseva://section/20-124.3")).await.unwrap();
    let [ResourceContents::TextResourceContents { uri, mime_type, text, .. }] = read.contents.as_slice() else {
        panic!("one text content: {:?}", read.contents)
    };
    assert_eq!((uri.as_str(), mime_type.as_deref()), ("proseva://section/20-124.3", Some("application/json")));
    let resource: Value = serde_json::from_str(text).unwrap();
    assert_eq!(resource, session.ok("get_section", section("20-124.3")).await, "the same as get_section");
    assert_eq!(resource["textKind"], "summary");
    assert!(resource["textLabel"].as_str().unwrap().contains("NOT the statute's words"), "{resource}");

    // An escaped colon names the same chapter.
    let chapter = session.client.read_resource(ReadResourceRequestParams::new("proseva://section/20%3A6.1")).await.unwrap();
    let ResourceContents::TextResourceContents { text, .. } = &chapter.contents[0] else { panic!("text") };
    assert_eq!(serde_json::from_str::<Value>(text).unwrap()["heading"], "Custody and Visitation Arrangements for Minor Children");

    for missing in ["proseva://section/99-999.9", "proseva://case/1", "proseva://section/"] {
        let error = session.client.read_resource(ReadResourceRequestParams::new(missing)).await.unwrap_err().to_string();
        assert!(error.contains("not in the law graph") || error.contains("no resource"), "{missing}: {error}");
    }
}

#[tokio::test]
async fn an_unknown_tool_is_a_clear_error_naming_the_tools() {
    let data = DataDir::starter();
    let session = connect(data.path(), &[]).await;
    let params = rmcp::model::CallToolRequestParams::new("delete_everything");
    let error = session.client.call_tool(params).await.unwrap_err().to_string();
    assert!(error.contains("there is no tool `delete_everything`") && error.contains("search_law, get_section"), "{error}");
}

#[tokio::test]
async fn case_tools_appear_only_while_the_settings_turn_them_on() {
    let data = DataDir::starter();
    // A port nothing listens on: the app is not running.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let server_url = format!("http://{closed}");
    let session = connect(data.path(), &["--server-url", &server_url]).await;
    let names = |tools: Vec<rmcp::model::Tool>| tools.into_iter().map(|t| t.name.to_string()).collect::<Vec<_>>();

    assert_eq!(names(session.client.list_all_tools().await.unwrap()), LAW_TOOLS, "off without settings.json");
    let error = session.client.call_tool(rmcp::model::CallToolRequestParams::new("get_cases")).await.unwrap_err().to_string();
    assert!(error.contains("reading case data is off") && error.contains("mcpCaseData"), "{error}");
    data.settings(json!({ "mcpCaseData": false, "theme": "dark" }));
    assert_eq!(names(session.client.list_all_tools().await.unwrap()), LAW_TOOLS, "off when false");

    data.settings(json!({ "mcpCaseData": true }));
    let listed = names(session.client.list_all_tools().await.unwrap());
    assert_eq!(&listed[6..], ["get_cases", "get_deadlines", "get_documents", "search_case"]);
    let refused = session.refused("get_cases", json!({})).await;
    assert_eq!(refused["code"], "unavailable");
    let message = refused["message"].as_str().unwrap();
    assert!(message.contains("the ProSeVA app is not running") && message.contains(&server_url), "{message}");
    // Their arguments go through the pipeline's checks like any other.
    assert_eq!(session.refused("get_deadlines", json!({ "caseId": "one" })).await["code"], "invalid_arguments");

    // Turned off again: gone at once, without restarting the server.
    data.settings(json!({ "mcpCaseData": false }));
    assert_eq!(names(session.client.list_all_tools().await.unwrap()), LAW_TOOLS);
}

#[test]
fn without_a_graph_the_server_says_how_to_get_one() {
    let empty = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_proseva-mcp"))
        .env("PROSEVA_DATA_DIR", empty.path())
        .env("PROSEVA_EMBEDDINGS", "off")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "nothing but the protocol on stdout");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("no law graph at") && said.contains("graph.db") && said.contains("open the ProSeVA app once"), "{said}");
}
