//! `search_law{query, limit?}`: sections (and titles, chapters, Constitution provisions) matching
//! words or a citation, best first.

use async_trait::async_trait;
use proseva_agent::tool::{Effect, Tool, ToolError, arg, opt_arg};
use serde_json::{Value, json};

use super::node::{self, FIELDS};
use crate::graph::LawGraph;

pub const NAME: &str = "search_law";
/// The most results one search returns.
pub const MAX_LIMIT: i64 = 20;
pub const DEFAULT_LIMIT: i64 = 5;
/// The longest query.
pub const QUERY_MAX_CHARS: usize = 500;

pub struct SearchLaw(pub LawGraph);

#[async_trait]
impl Tool for SearchLaw {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        NAME
    }
    fn description(&self) -> &str {
        "Search the Code of Virginia and the Constitution of Virginia (ProSeVA's law graph) by words (\"security deposit \
         return\") or by citation (\"§ 55.1-1226\"; an exact citation comes first). Returns matching sections, best first, each \
         with its sourceId, citation, heading, textKind, official URL and the start of its text. textKind \"official\" is the \
         statute's words; \"summary\" is a plain-language summary, never to be quoted as the law. Read a whole section with \
         get_section."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": QUERY_MAX_CHARS,
                    "description": "Words describing the topic, or a citation such as \"§ 20-124.3\"."
                },
                "limit": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_LIMIT,
                    "description": format!("How many results (default {DEFAULT_LIMIT}).")
                }
            },
            "required": ["query"],
            "additionalProperties": false
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let query: String = arg(&args, "query")?;
        let limit = opt_arg::<i64>(&args, "limit")?.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
        let gql = format!("query($q: String, $limit: Int) {{ nodes(search: $q, limit: $limit) {{ total nodes {{ {FIELDS} }} }} }}");
        let data = self.0.query(&gql, json!({ "q": query.trim(), "limit": limit })).await?;
        let nodes = data["nodes"]["nodes"].as_array().cloned().unwrap_or_default();
        let results: Vec<Value> = nodes.iter().map(node::listed).collect();
        let mut out = json!({ "query": query.trim(), "total": data["nodes"]["total"], "results": results });
        if let Some(note) = node::summary_note(&nodes) {
            out["note"] = note;
        }
        Ok(out)
    }
}
