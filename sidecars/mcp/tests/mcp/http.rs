//! `--http 127.0.0.1:PORT`: streamable HTTP on loopback, only with `PROSEVA_TOKEN`, only for
//! clients that send it.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use serde_json::json;

use crate::common;

use common::DataDir;

const TOKEN: &str = "http-test-token";

/// A running `proseva-mcp --http`; killed when dropped.
struct HttpServer {
    child: Child,
    url: String,
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn mcp(data: &DataDir, args: &[&str], token: Option<&str>) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_proseva-mcp"));
    cmd.args(args).env("PROSEVA_DATA_DIR", data.path()).env("PROSEVA_EMBEDDINGS", "off").env_remove("PROSEVA_TOKEN");
    if let Some(token) = token {
        cmd.env("PROSEVA_TOKEN", token);
    }
    cmd
}

fn start(data: &DataDir) -> HttpServer {
    let mut child = mcp(data, &["--http", "127.0.0.1:0"], Some(TOKEN)).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("unexpected first line: {line:?}")).to_string();
    HttpServer { child, url }
}

fn http_client() -> proseva_http::reqwest::Client {
    proseva_http::loopback_client_builder("proseva-mcp-tests").build().unwrap()
}

#[tokio::test]
async fn a_client_with_the_token_uses_the_tools_over_http() {
    let data = DataDir::starter();
    let server = start(&data);
    assert!(server.url.starts_with("http://127.0.0.1:") && server.url.ends_with("/mcp"), "{}", server.url);
    let config = StreamableHttpClientTransportConfig::with_uri(server.url.as_str()).auth_header(TOKEN);
    let transport = StreamableHttpClientTransport::with_client(http_client(), config);
    let client = ().serve(transport).await.expect("handshake over HTTP");
    assert_eq!(client.peer_info().unwrap().server_info.as_ref().unwrap().name, "proseva-mcp");
    assert_eq!(client.list_all_tools().await.unwrap().len(), 6);
    let params = CallToolRequestParams::new("get_section").with_arguments(json!({ "section": "20-124.3" }).as_object().unwrap().clone());
    let read = client.call_tool(params).await.unwrap();
    assert_eq!(read.structured_content.as_ref().unwrap()["textKind"], "summary");
}

#[tokio::test]
async fn requests_without_the_token_or_from_other_sites_are_refused() {
    let data = DataDir::starter();
    let server = start(&data);
    let http = http_client();
    let initialize = json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "t", "version": "0" } } });
    let post = |token: Option<&str>| {
        let request =
            http.post(&server.url).header("Accept", "application/json, text/event-stream").header("Content-Type", "application/json");
        let request = match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        };
        request.body(initialize.to_string())
    };
    for token in [None, Some("wrong")] {
        let response = post(token).send().await.unwrap();
        assert_eq!(response.status(), 401, "{token:?}");
        assert_eq!(response.headers()["www-authenticate"], "Bearer");
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["error"]["code"], "unauthorized");
    }
    let from_a_page = post(Some(TOKEN)).header("Origin", "https://attacker.example").send().await.unwrap();
    assert_eq!(from_a_page.status(), 403);
    let rebound = post(Some(TOKEN)).header("Host", "attacker.example").send().await.unwrap();
    assert_eq!(rebound.status(), 403);
    assert_eq!(post(Some(TOKEN)).send().await.unwrap().status(), 200, "with the token it answers");
}

#[test]
fn http_needs_a_token_and_a_loopback_address() {
    let data = DataDir::starter();
    let no_token = mcp(&data, &["--http", "127.0.0.1:0"], None).output().unwrap();
    assert!(!no_token.status.success());
    let said = String::from_utf8_lossy(&no_token.stderr);
    assert!(said.contains("--http needs PROSEVA_TOKEN"), "{said}");
    let empty_token = mcp(&data, &["--http", "127.0.0.1:0"], Some(" ")).output().unwrap();
    assert!(String::from_utf8_lossy(&empty_token.stderr).contains("--http needs PROSEVA_TOKEN"));

    for address in ["0.0.0.0:0", "192.168.1.20:8765", "[::]:0"] {
        let open = mcp(&data, &["--http", address], Some(TOKEN)).output().unwrap();
        assert!(!open.status.success(), "{address}");
        let said = String::from_utf8_lossy(&open.stderr);
        assert!(said.contains("loopback only"), "{address}: {said}");
    }
}
