//! `find_similar{section, limit?}`: the sections closest in meaning to one section (the cosine of
//! their vectors in the law graph), best first.

use async_trait::async_trait;
use proseva_agent::tool::{Effect, Tool, ToolError, opt_arg};
use serde_json::{Value, json};

use super::node;
use crate::graph::LawGraph;

pub const NAME: &str = "find_similar";
pub const MAX_LIMIT: i64 = 20;
pub const DEFAULT_LIMIT: i64 = 5;

pub struct FindSimilar(pub LawGraph);

#[async_trait]
impl Tool for FindSimilar {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        NAME
    }
    fn description(&self) -> &str {
        "Find the sections of Virginia law closest in meaning to one section (by the vectors of ProSeVA's law graph), best \
         first, each with a score, its sourceId, citation, heading, textKind, URL and the start of its text. Useful to find \
         related rules the section does not cite."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "section": node::section_schema(),
                "limit": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_LIMIT,
                    "description": format!("How many (default {DEFAULT_LIMIT}).")
                }
            },
            "required": ["section"],
            "additionalProperties": false
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let source_id = node::section_id(&args)?;
        let limit = opt_arg::<i64>(&args, "limit")?.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
        let found = node::find(&self.0, &source_id, "").await?;
        let query = format!("query($id: Int!, $limit: Int) {{ similar(id: $id, limit: $limit) {{ score node {{ {} }} }} }}", node::FIELDS);
        let data = self.0.query(&query, json!({ "id": node::id_of(&found)?, "limit": limit })).await?;
        let hits = data["similar"].as_array().cloned().unwrap_or_default();
        let nodes: Vec<Value> = hits.iter().map(|h| h["node"].clone()).collect();
        let similar: Vec<Value> = hits
            .iter()
            .map(|hit| {
                let mut shown = node::listed(&hit["node"]);
                shown["score"] = json!((hit["score"].as_f64().unwrap_or_default() * 1000.0).round() / 1000.0);
                shown
            })
            .collect();
        let source_id = found["sourceId"].as_str().unwrap_or(&source_id);
        let mut out = json!({ "sourceId": source_id, "citation": proseva_citation::label(source_id), "similar": similar });
        if let Some(note) = node::summary_note(&nodes) {
            out["note"] = note;
        }
        Ok(out)
    }
}
