//! The five law-graph tools, over the explorer's GraphQL API.
//!
//! When the explorer is down each tool answers with a clear error the model can work around (it
//! still has the person's own data and, in research, the outside services).

use std::sync::Arc;

use async_trait::async_trait;
use serde_json::{Value, json};

use crate::cards::{self, Card, CardKind};
use crate::tool::{Effect, Tool, ToolDisplay, ToolError, arg, opt_arg};

/// Text in search and similar results is cut to this many characters.
pub const RESULT_TEXT_CHARS: usize = 500;

/// Talks to the explorer's `POST /graphql`.
#[derive(Debug, Clone)]
pub struct ExplorerClient {
    http: reqwest::Client,
    url: String,
    token: Option<String>,
}

impl ExplorerClient {
    /// `base_url` like `http://127.0.0.1:3002`; `token` the explorer's bearer token, if it has one.
    pub fn new(http: reqwest::Client, base_url: &str, token: Option<String>) -> Self {
        ExplorerClient { http, url: format!("{}/graphql", base_url.trim_end_matches('/')), token: token.filter(|t| !t.is_empty()) }
    }

    /// Runs a query; GraphQL errors and transport failures become tool errors.
    pub async fn query(&self, query: &str, variables: Value) -> Result<Value, ToolError> {
        let mut request = self.http.post(&self.url).json(&json!({ "query": query, "variables": variables }));
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        let unavailable = |e: String| ToolError::Unavailable(format!("the Virginia law graph (explorer) is unavailable: {e}"));
        let response = request.send().await.map_err(|e| unavailable(e.without_url().to_string()))?;
        let status = response.status();
        let body: Value = response.json().await.map_err(|e| unavailable(format!("HTTP {status}: {e}")))?;
        if let Some(errors) = body.get("errors").and_then(Value::as_array).filter(|e| !e.is_empty()) {
            let messages: Vec<&str> = errors.iter().filter_map(|e| e["message"].as_str()).collect();
            return Err(if status.is_success() {
                ToolError::Failed(messages.join("; "))
            } else {
                unavailable(format!("HTTP {status}: {}", messages.join("; ")))
            });
        }
        if !status.is_success() {
            return Err(unavailable(format!("HTTP {status}")));
        }
        Ok(body.get("data").cloned().unwrap_or(Value::Null))
    }
}

const NODE_FIELDS: &str = "id nodeType sourceId heading sourceText textKind summary url versionNotice changeNotice summaryEs";

/// Cuts every `sourceText` in `value` to [`RESULT_TEXT_CHARS`] characters.
pub fn cut_texts(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if key == "sourceText" {
                    if let Some(text) = v.as_str()
                        && let Some((cut, _)) = text.char_indices().nth(RESULT_TEXT_CHARS)
                    {
                        *v = Value::String(format!("{}…", &text[..cut]));
                    }
                } else {
                    cut_texts(v);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(cut_texts),
        _ => {}
    }
}

/// A node's id as a model may give it: a number, or a section number such as `20-124.3`.
fn node_ref(args: &Value) -> Result<Value, ToolError> {
    match args.get("id") {
        Some(Value::Number(n)) if n.as_i64().is_some_and(|n| n > 0) => Ok(json!({ "id": n })),
        Some(Value::String(s)) if s.trim().parse::<i64>().is_ok_and(|n| n > 0) => Ok(json!({ "id": s.trim().parse::<i64>().unwrap_or(0) })),
        Some(Value::String(s)) if !s.trim().is_empty() => Ok(json!({ "sourceId": s.trim().trim_start_matches('§').trim() })),
        Some(other) => Err(ToolError::BadArguments(format!("`id` must be a node id or a section number, got {other}"))),
        None => Err(ToolError::BadArguments("`id` is required".into())),
    }
}

/// Resolves a section number to its node id, for the queries that take only ids.
async fn node_id(client: &ExplorerClient, args: &Value) -> Result<i64, ToolError> {
    let reference = node_ref(args)?;
    if let Some(id) = reference.get("id").and_then(Value::as_i64) {
        return Ok(id);
    }
    let data = client.query("query($sourceId: String) { node(sourceId: $sourceId) { id } }", reference.clone()).await?;
    data["node"]["id"].as_i64().ok_or_else(|| ToolError::Failed(format!("no node {} in the law graph", reference["sourceId"])))
}

/// `§ 20-124.3` for a node given by section number; None for a bare node id (which means nothing
/// to a person).
fn section_named(args: &Value) -> Option<String> {
    let id = args.get("id")?.as_str()?.trim().trim_start_matches('§').trim();
    (!id.is_empty() && id.parse::<i64>().is_err()).then(|| proseva_citation::label(id))
}

/// The law graph as a source group.
const GRAPH: &str = "Law graph";

struct SearchNodes(ExplorerClient);
struct GetNode(ExplorerClient);
struct GetNeighbors(ExplorerClient);
struct FindSimilar(ExplorerClient);
struct GetStats(ExplorerClient);

const ID_SCHEMA: &str = "The node's numeric id from an earlier result, or a Code section number such as \"20-124.3\".";

#[async_trait]
impl Tool for SearchNodes {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        "search_nodes"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Virginia law", "Code and Constitution of Virginia (law graph)", "Searching the law graph", CardKind::Law)
    }
    fn description(&self) -> &str {
        "Search the Virginia law graph (Code of Virginia sections, Constitution of Virginia) by words or by citation. \
         Returns matching nodes with id, section number (sourceId), heading, text (first 500 characters), textKind \
         (\"official\" text or a plain-language \"summary\"), the plain-language summary kept beside official text \
         (`summary`, never the statute's words) and official URL."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "search": { "type": "string", "description": "Words describing the topic (\"security deposit return\") or a citation (\"§ 2.2-3704\")." },
                "type": { "type": "string", "description": "Only nodes of this type: section, chapter, title, constitution_section, ..." },
                "limit": { "type": "integer", "minimum": 1, "maximum": 50, "description": "How many (default 20)." },
                "offset": { "type": "integer", "minimum": 0, "description": "Skip this many (for the next page)." }
            },
            "required": ["search"]
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let search: String = arg(&args, "search")?;
        let variables = json!({
            "search": search,
            "type": opt_arg::<String>(&args, "type")?,
            "limit": opt_arg::<i64>(&args, "limit")?.unwrap_or(20).clamp(1, 50),
            "offset": opt_arg::<i64>(&args, "offset")?.unwrap_or(0).max(0),
        });
        let query = format!(
            "query($type: String, $search: String, $limit: Int, $offset: Int) {{ nodes(type: $type, search: $search, limit: $limit, offset: $offset) {{ total clearLead beyond nodes {{ {NODE_FIELDS} relevance sameTopic onlyFor }} }} }}"
        );
        let mut data = self.0.query(&query, variables).await?;
        cut_texts(&mut data);
        Ok(data["nodes"].take())
    }
}

#[async_trait]
impl Tool for GetNode {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        "get_node"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Sections read", GRAPH, "Reading a section in full", CardKind::Law)
    }
    fn describe_call(&self, args: &Value) -> String {
        section_named(args).map_or_else(|| self.display().action, |s| format!("Reading {s}"))
    }
    fn description(&self) -> &str {
        "Get one node of the Virginia law graph in full: its whole text, textKind, the plain-language summary beside official text (`summary`), official URL and any references to sections the graph does not hold."
    }
    fn parameters(&self) -> Value {
        json!({ "type": "object", "properties": { "id": { "type": ["integer", "string"], "description": ID_SCHEMA } }, "required": ["id"] })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let variables = node_ref(&args)?;
        let query = format!(
            "query($id: Int, $sourceId: String) {{ node(id: $id, sourceId: $sourceId) {{ {NODE_FIELDS} source unresolvedCitations }} }}"
        );
        let data = self.0.query(&query, variables.clone()).await?;
        match &data["node"] {
            Value::Null => Err(ToolError::Failed(format!(
                "no node {} in the law graph",
                variables.as_object().and_then(|o| o.values().next()).unwrap_or(&Value::Null)
            ))),
            node => Ok(node.clone()),
        }
    }
}

#[async_trait]
impl Tool for GetNeighbors {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        "get_neighbors"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Related sections", GRAPH, "Finding related sections", CardKind::Law)
    }
    fn describe_call(&self, args: &Value) -> String {
        section_named(args).map_or_else(|| self.display().action, |s| format!("Finding sections related to {s}"))
    }
    fn cards(&self, result: &Value) -> Vec<Card> {
        cards::neighbor_cards_in(result, crate::language::answer_language())
    }
    fn description(&self) -> &str {
        "List what a node is connected to: the sections it cites and that cite it (relType \"cites\"), and the chapter or \
         article it belongs to and what it contains (relType \"contains\")."
    }
    fn parameters(&self) -> Value {
        json!({ "type": "object", "properties": { "id": { "type": ["integer", "string"], "description": ID_SCHEMA } }, "required": ["id"] })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let id = node_id(&self.0, &args).await?;
        let data = self
            .0
            .query(
                "query($id: Int!) { neighbors(id: $id) { relType weight fromNode { id sourceId heading nodeType } toNode { id sourceId heading nodeType } } }",
                json!({ "id": id }),
            )
            .await?;
        Ok(json!({ "id": id, "edges": data["neighbors"] }))
    }
}

#[async_trait]
impl Tool for FindSimilar {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        "find_similar"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Similar sections", GRAPH, "Finding similar sections", CardKind::Law)
    }
    fn describe_call(&self, args: &Value) -> String {
        section_named(args).map_or_else(|| self.display().action, |s| format!("Finding sections similar to {s}"))
    }
    fn description(&self) -> &str {
        "Find the nodes closest in meaning to a node (by embedding), best first, with a similarity score."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "id": { "type": ["integer", "string"], "description": ID_SCHEMA },
                "limit": { "type": "integer", "minimum": 1, "maximum": 20, "description": "How many (default 5)." }
            },
            "required": ["id"]
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let id = node_id(&self.0, &args).await?;
        let limit = opt_arg::<i64>(&args, "limit")?.unwrap_or(5).clamp(1, 20);
        let query = format!("query($id: Int!, $limit: Int) {{ similar(id: $id, limit: $limit) {{ score node {{ {NODE_FIELDS} }} }} }}");
        let mut data = self.0.query(&query, json!({ "id": id, "limit": limit })).await?;
        cut_texts(&mut data);
        Ok(data["similar"].take())
    }
}

#[async_trait]
impl Tool for GetStats {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        "get_stats"
    }
    fn display(&self) -> ToolDisplay {
        ToolDisplay::new("Law graph overview", GRAPH, "Checking what the law graph holds", CardKind::Overview)
    }
    fn description(&self) -> &str {
        "Describe the Virginia law graph: how many nodes and edges of each type, and whether search by meaning is on."
    }
    fn parameters(&self) -> Value {
        json!({ "type": "object", "properties": {} })
    }
    async fn call(&self, _args: Value) -> Result<Value, ToolError> {
        let data = self
            .0
            .query(
                "{ stats { nodeCount edgeCount embeddingCount corpus semanticSearch nodeTypes { type count } edgeTypes { type count } } }",
                json!({}),
            )
            .await?;
        Ok(data["stats"].clone())
    }
}

/// The five graph tools, in contract order.
pub fn explorer_tools(client: ExplorerClient) -> Vec<Arc<dyn Tool>> {
    vec![
        Arc::new(SearchNodes(client.clone())),
        Arc::new(GetNode(client.clone())),
        Arc::new(GetNeighbors(client.clone())),
        Arc::new(FindSimilar(client.clone())),
        Arc::new(GetStats(client)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_references_take_ids_and_section_numbers() {
        assert_eq!(node_ref(&json!({"id": 12})).unwrap(), json!({"id": 12}));
        assert_eq!(node_ref(&json!({"id": "12"})).unwrap(), json!({"id": 12}));
        assert_eq!(node_ref(&json!({"id": "§ 20-124.3"})).unwrap(), json!({"sourceId": "20-124.3"}));
        assert!(node_ref(&json!({"id": true})).is_err());
        assert!(node_ref(&json!({"id": -1})).is_err());
        assert!(node_ref(&json!({})).unwrap_err().to_string().contains("`id` is required"));
    }

    #[test]
    fn calls_are_described_with_the_section_they_read() {
        let client = ExplorerClient::new(reqwest::Client::new(), "http://127.0.0.1:9", None);
        let tools = explorer_tools(client);
        let describe = |i: usize, args: Value| tools[i].describe_call(&args);
        assert_eq!(describe(0, json!({"search": "deposit"})), "Searching the law graph: “deposit”");
        assert_eq!(describe(1, json!({"id": "2.2-3704"})), "Reading § 2.2-3704");
        assert_eq!(describe(1, json!({"id": 12})), "Reading a section in full");
        assert_eq!(describe(2, json!({"id": "§ 20-124.3"})), "Finding sections related to § 20-124.3");
        assert_eq!(tools[4].display().title, "Law graph overview");
    }

    #[test]
    fn texts_are_cut_to_500_characters_wherever_they_are() {
        let mut v = json!({"nodes": [{"sourceText": "é".repeat(600), "heading": "h".repeat(600)}]});
        cut_texts(&mut v);
        assert_eq!(v["nodes"][0]["sourceText"].as_str().unwrap().chars().count(), 501);
        assert_eq!(v["nodes"][0]["heading"].as_str().unwrap().len(), 600);
    }
}
