//! `get_section{section}`: one section's whole text, labelled with what kind of text it is, its
//! official URL and its place in the Code — and the plain-language summary beside official text.
//! The resource `proseva://section/{sourceId}` reads the same.

use async_trait::async_trait;
use proseva_agent::tool::{Effect, Tool, ToolError};
use serde_json::{Value, json};

use super::node;
use crate::graph::LawGraph;

pub const NAME: &str = "get_section";
/// How many levels up the `contains` edges are followed (section, article, chapter, part,
/// subtitle, title: five steps at most in the Code).
const MAX_LEVELS: usize = 8;

pub struct GetSection(pub LawGraph);

#[async_trait]
impl Tool for GetSection {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        NAME
    }
    fn description(&self) -> &str {
        "Read one section of the Code of Virginia (or a Constitution provision) from ProSeVA's law graph: its whole text, \
         textKind with what it means, its official URL, and where it sits in the Code (title, chapter, …). textKind \
         \"official\" is the statute's words; \"summary\" is a plain-language summary that must never be quoted or presented \
         as the statute's words. When official text has a summary beside it, both are given, each labelled."
    }
    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": { "section": node::section_schema() },
            "required": ["section"],
            "additionalProperties": false
        })
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        let source_id = node::section_id(&args)?;
        read_section(&self.0, &source_id).await
    }
}

/// The section as `get_section` answers it.
pub async fn read_section(graph: &LawGraph, source_id: &str) -> Result<Value, ToolError> {
    let found = node::find(graph, source_id, "").await?;
    let kind = found["textKind"].as_str().unwrap_or("summary");
    let id = found["sourceId"].as_str().unwrap_or(source_id);
    let mut out = json!({
        "sourceId": id,
        "citation": proseva_citation::label(id),
        "nodeType": found["nodeType"],
        "heading": found["heading"],
        "textKind": kind,
        "textLabel": node::text_label(kind),
        "text": found["sourceText"],
        "url": found["url"],
        "partOf": place_in_code(graph, node::id_of(&found)?).await?,
    });
    if let Some(summary) = found["summary"].as_str().filter(|s| !s.trim().is_empty()) {
        out["summary"] = json!(summary);
        out["summaryLabel"] = json!(node::SUMMARY);
    }
    Ok(out)
}

/// What holds node `id`, from the top (`title 20`, `chapter 20:6.1`), following `contains` edges up.
async fn place_in_code(graph: &LawGraph, id: i64) -> Result<Vec<Value>, ToolError> {
    let query = "query($id: Int!) { neighbors(id: $id, relType: \"contains\") { fromId toId \
                 fromNode { id nodeType sourceId heading url } } }";
    let mut chain = Vec::new();
    let mut current = id;
    for _ in 0..MAX_LEVELS {
        let data = graph.query(query, json!({ "id": current })).await?;
        let parent = data["neighbors"].as_array().into_iter().flatten().find(|e| e["toId"] == current && e["fromId"] != current);
        let Some(parent) = parent.map(|e| e["fromNode"].clone()).filter(Value::is_object) else { break };
        let Some(next) = parent["id"].as_i64() else { break };
        chain.push(json!({
            "nodeType": parent["nodeType"],
            "sourceId": parent["sourceId"],
            "heading": parent["heading"],
            "url": parent["url"],
        }));
        current = next;
    }
    chain.reverse();
    Ok(chain)
}
