//! Shared by the tests: a data dir with the starter corpus's law graph, and the real `proseva-mcp`
//! binary started as an MCP client's child process (rmcp's client over its stdio).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex};

use proseva_law::starter;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};
use tokio::io::AsyncReadExt;

/// A data dir holding `graph.db` built from the starter corpus (its plain-language summaries,
/// `textKind: summary`, with the vectors it ships), as the desktop builds it on first run.
pub struct DataDir {
    pub dir: tempfile::TempDir,
}

impl DataDir {
    pub fn starter() -> DataDir {
        let dir = tempfile::tempdir().expect("temp dir");
        starter::ingest_with_shipped_vectors(&dir.path().join("graph.db")).expect("starter ingest");
        DataDir { dir }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn graph_db(&self) -> PathBuf {
        self.dir.path().join("graph.db")
    }

    /// Writes the app's `settings.json`.
    pub fn settings(&self, settings: Value) {
        std::fs::write(self.dir.path().join("settings.json"), settings.to_string()).expect("settings.json");
    }
}

/// The `proseva-mcp` command with `data` as its data dir and a clean environment: no token, no
/// embedding model (searches by words).
pub fn command(data: &Path, args: &[&str]) -> tokio::process::Command {
    let mut cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_proseva-mcp"));
    cmd.args(args)
        .env("PROSEVA_DATA_DIR", data)
        .env("PROSEVA_EMBEDDINGS", "off")
        .env("RUST_LOG", "info")
        .env_remove("PROSEVA_TOKEN")
        .env_remove("PROSEVA_MODEL_DIR")
        .kill_on_drop(true);
    cmd
}

/// An MCP client session with a running `proseva-mcp`, and what the server wrote on stderr.
pub struct Session {
    pub client: RunningService<RoleClient, ()>,
    pub stderr: Arc<Mutex<String>>,
}

/// Starts `proseva-mcp` with `args` on `data` and opens a session (the `initialize` handshake).
pub async fn connect(data: &Path, args: &[&str]) -> Session {
    connect_with(command(data, args)).await
}

/// Opens a session with the server `cmd` starts.
pub async fn connect_with(cmd: tokio::process::Command) -> Session {
    let (transport, stderr) = TokioChildProcess::builder(cmd).stderr(Stdio::piped()).spawn().expect("proseva-mcp starts");
    let log = Arc::new(Mutex::new(String::new()));
    if let Some(mut stderr) = stderr {
        let log = log.clone();
        tokio::spawn(async move {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut buf).await {
                if n == 0 {
                    break;
                }
                log.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
    }
    let client = match ().serve(transport).await {
        Ok(client) => client,
        Err(e) => panic!("MCP handshake failed: {e}; stderr: {}", log.lock().unwrap()),
    };
    Session { client, stderr: log }
}

impl Session {
    /// Calls `name` with `args` (an object).
    pub async fn call(&self, name: &str, args: Value) -> CallToolResult {
        let Value::Object(args) = args else { panic!("arguments must be an object: {args}") };
        let params = CallToolRequestParams::new(name.to_string()).with_arguments(args);
        match self.client.call_tool(params).await {
            Ok(result) => result,
            Err(e) => panic!("{name}: {e}; stderr: {}", self.stderr.lock().unwrap()),
        }
    }

    /// Calls `name` and returns its JSON, which must not be an error.
    pub async fn ok(&self, name: &str, args: Value) -> Value {
        let result = self.call(name, args).await;
        let value = json_of(&result);
        assert_ne!(result.is_error, Some(true), "{name} failed: {value}");
        value
    }

    /// Calls `name` and returns its `{"code", "message"}`: the call must be an error result.
    pub async fn refused(&self, name: &str, args: Value) -> Value {
        let result = self.call(name, args).await;
        let value = json_of(&result);
        assert_eq!(result.is_error, Some(true), "{name} should have failed: {value}");
        value["error"].clone()
    }
}

/// A result's JSON: its text content, which must equal its structured content.
pub fn json_of(result: &CallToolResult) -> Value {
    let text = result.content.first().and_then(|c| c.as_text()).map(|t| t.text.clone()).expect("a text content block");
    let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("the text is not JSON ({e}): {text}"));
    assert_eq!(result.structured_content.as_ref(), Some(&value), "structured content is the text's JSON");
    value
}

/// `{"section": s}`.
pub fn section(s: &str) -> Value {
    json!({ "section": s })
}
