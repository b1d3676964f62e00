//! The read-only case tools, offered only when the person turned on `mcpCaseData` in the app's
//! settings: their cases, deadlines and documents, and a search of their documents and notes.
//!
//! Each is one of the server's own local tools (`POST /api/tools/{name}` on the running ProSeVA
//! app's case-data server), so the server decides what is read; nothing here writes. The server is
//! the one named on the command line (`--server-url`, with `PROSEVA_TOKEN`), or else the one the
//! app publishes in its data dir while the switch is on (`mcp-server.json`: its address and
//! token, readable by the person only), read on every call — the app picks a new port and token
//! each time it starts.

use std::path::PathBuf;

use async_trait::async_trait;
use proseva_agent::tool::{Effect, Tool, ToolError};
use proseva_agent::tools::local::ServerClient;
use serde_json::{Value, json};

/// The case tools' names, as MCP lists them.
pub const NAMES: [&str; 4] = ["get_cases", "get_deadlines", "get_documents", "search_case"];

/// A case tool: its MCP name and the server's local tool it runs.
pub struct CaseTool {
    name: &'static str,
    server_tool: &'static str,
    description: &'static str,
    parameters: Value,
    endpoint: Endpoint,
}

/// Where the case data server is.
#[derive(Clone)]
pub enum Endpoint {
    /// Named on the command line (`ServerClient` carries the token).
    Given { server: ServerClient, url: String },
    /// Published by the running app in this file (`{"serverUrl", "token"}`).
    Published { file: PathBuf, http: proseva_http::reqwest::Client },
}

impl Endpoint {
    /// The server to ask now, and its address.
    fn resolve(&self) -> Result<(ServerClient, String), ToolError> {
        match self {
            Endpoint::Given { server, url } => Ok((server.clone(), url.clone())),
            Endpoint::Published { file, http } => {
                let text = std::fs::read_to_string(file).map_err(|_| {
                    ToolError::Unavailable(
                        "the ProSeVA app is not running, or “Let other assistants read my case data” is off in its Settings. Open                          ProSeVA (and turn it on) and try again."
                            .into(),
                    )
                })?;
                let published: Value = serde_json::from_str(&text)
                    .map_err(|e| ToolError::Unavailable(format!("{} could not be read ({e}); restart ProSeVA", file.display())))?;
                let url = published["serverUrl"].as_str().unwrap_or_default().trim_end_matches('/').to_string();
                if url.is_empty() {
                    return Err(ToolError::Unavailable(format!("{} names no server; restart ProSeVA", file.display())));
                }
                let token = published["token"].as_str().map(str::to_string);
                Ok((ServerClient::new(http.clone(), &url, token), url))
            }
        }
    }
}

/// The case tools over the case data server at `endpoint`.
pub fn case_tools(endpoint: &Endpoint) -> Vec<CaseTool> {
    let case_id = json!({ "type": "integer", "minimum": 1, "description": "Only this case's records (its id from get_cases). Leave out for all cases." });
    let object = |properties: Value, required: &[&str]| json!({ "type": "object", "properties": properties, "required": required, "additionalProperties": false });
    let tool =
        |name, server_tool, description, parameters| CaseTool { name, server_tool, description, parameters, endpoint: endpoint.clone() };
    vec![
        tool(
            "get_cases",
            "GetCases",
            "List the person's court cases in ProSeVA: name, case number, court, type, status, parties and notes (read-only).",
            object(json!({}), &[]),
        ),
        tool(
            "get_deadlines",
            "GetDeadlines",
            "List the person's deadlines in ProSeVA: upcoming first (soonest first), then overdue, then done; each with its date, \
             days until it and the rule it comes from (read-only).",
            object(json!({ "caseId": case_id.clone() }), &[]),
        ),
        tool(
            "get_documents",
            "GetDocuments",
            "List the documents the person keeps in ProSeVA (orders, filings, letters): id, title, kind, format, pages and length \
             (read-only). Search their text with search_case.",
            object(json!({ "caseId": case_id }), &[]),
        ),
        tool(
            "search_case",
            "SearchKnowledge",
            "Search the text of the person's documents and notes in ProSeVA by meaning and by words: the passages that best \
             answer the question, each saying where it came from (document or note, its id and title) (read-only).",
            object(
                json!({
                    "query": { "type": "string", "minLength": 1, "maxLength": 2000, "description": "The question or topic, in plain words." },
                    "topK": { "type": "integer", "minimum": 1, "maximum": 20, "description": "How many passages (default 5)." }
                }),
                &["query"],
            ),
        ),
    ]
}

#[async_trait]
impl Tool for CaseTool {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        self.name
    }
    fn description(&self) -> &str {
        self.description
    }
    fn parameters(&self) -> Value {
        self.parameters.clone()
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let args = if args.is_null() { json!({}) } else { args };
        let path = format!("/api/tools/{}", self.server_tool);
        let (server, server_url) = self.endpoint.resolve()?;
        server.call(proseva_http::reqwest::Method::POST, &path, Some(&args)).await.map_err(|e| match e {
            // No answer at all (reqwest's words for a refused or failed connection), rather than an
            // answer refusing the request (the server's own message: a wrong token, a busy server).
            ToolError::Unavailable(why) if why.contains("error sending request") => ToolError::Unavailable(format!(
                "the ProSeVA app is not running, or its case data server at {} cannot be reached ({why}). Open ProSeVA and try \
                 again; if it is open, give proseva-mcp its address with --server-url.",
                server_url
            )),
            ToolError::Unavailable(why) => ToolError::Unavailable(format!(
                "the ProSeVA app's case data server at {} refused: {why}. Give proseva-mcp the app's token with PROSEVA_TOKEN.",
                server_url
            )),
            other => other,
        })
    }
}
